#include "core/codegen/cutedialect.h"

#include <QHash>
#include <QStringList>

namespace kwb {

namespace {

QString fill(const PwVal& like, const QString& value, bool integer = false) {
  return QStringLiteral("cute.full_like(%1, %2, cutlass.%3)")
      .arg(like.expr, value, integer ? QStringLiteral("Int64") : QStringLiteral("Float32"));
}

/// An operand as the DSL reads it: an integer literal outside Int32 as an explicit cutlass.Int64 (a bare Python int
/// becomes a Numeric of the DSL's own choosing; the hash multipliers of probe24 b03 exceed 2**31).
QString operand(const PwVal& v) {
  if (v.kind != PwVal::Kind::Literal || !v.isInt) return v.expr;
  const double x = v.literal;
  return x >= 2147483648.0 || x < -2147483648.0 ? QStringLiteral("cutlass.Int64(%1)").arg(v.expr) : v.expr;
}

/// 2**k as the multiplier / divisor of a shift by @p k: TensorSSA has no << or >> of its own (ArithValue's drop the
/// tensor's shape), so a shift is a product or a floor quotient (floordivsi: an arithmetic shift right, as torch's).
/// A literal count 0..62 folds to a number; a tensor count is `2 ** k` (ipowi of Int64).
QString shiftFactor(const PwVal& k) {
  if (k.kind == PwVal::Kind::Literal) {
    const auto n = static_cast<qint64>(k.literal);
    if (n < 0 || n > 62) return QStringLiteral("(2 ** cutlass.Int64(%1))").arg(n);  // torch: undefined counts
    PwVal f;
    f.kind = PwVal::Kind::Literal;
    f.isInt = true;
    f.literal = static_cast<double>(qint64{1} << n);
    f.expr = QString::number(qint64{1} << n);
    return operand(f);
  }
  return QStringLiteral("(2 ** %1)").arg(k.expr);
}

}  // namespace

QString CuteDialect::unary(const QString& name, const PwVal& a) const {
  static const QStringList direct = {QStringLiteral("exp"),   QStringLiteral("log"),   QStringLiteral("erf"),
                                     QStringLiteral("sqrt"),  QStringLiteral("rsqrt"), QStringLiteral("abs"),
                                     QStringLiteral("floor"), QStringLiteral("sin"),   QStringLiteral("cos"),
                                     QStringLiteral("tanh")};
  if (direct.contains(name)) return QStringLiteral("cute.math.%1(%2)").arg(name, a.expr);
  if (name == u"sigmoid") {  // 1 / (1 + exp(-a))
    const QString den = QStringLiteral("(cute.math.exp(%1 * -1.0) + 1.0)").arg(a.expr);
    if (a.kind == PwVal::Kind::Tensor) return QStringLiteral("(%1 / %2)").arg(fullLike(a, 1.0), den);
    return QStringLiteral("(1.0 / %1)").arg(den);
  }
  return {};
}

QString CuteDialect::where(const PwVal& c, const PwVal& a, const PwVal& b) const {
  const PwVal& ref = a.kind == PwVal::Kind::Tensor ? a : (b.kind == PwVal::Kind::Tensor ? b : c);
  auto side = [&](const PwVal& v) {
    return v.kind == PwVal::Kind::Tensor ? v.expr : fill(ref, v.expr, v.isInt || ref.isInt);
  };
  return QStringLiteral("cute.where(%1, %2, %3)").arg(c.expr, side(a), side(b));
}

QString CuteDialect::fullLike(const PwVal& like, double v) const { return fill(like, literal(v)); }

QString CuteDialect::binary(const QString& op, const PwVal& a, const PwVal& b) const {
  const bool aT = a.kind == PwVal::Kind::Tensor, bT = b.kind == PwVal::Kind::Tensor;
  const bool integer = a.isInt || b.isInt;
  if (op == u"<<" || op == u">>") {  // integers only (the lowering's bit operations)
    const QString x = aT || !bT ? operand(a) : fill(b, a.expr, true);
    if (op == u"<<") return x + QStringLiteral(" * ") + shiftFactor(b);  // 2**63 wraps to -2**63: the same product
    if (b.kind == PwVal::Kind::Literal && b.literal >= 0 && b.literal <= 62)
      return x + QStringLiteral(" // ") + shiftFactor(b);
    // a count up to 63 as two floor quotients (2**63 is no Int64): floor(floor(x / 2**h) / 2**(k - h)) = x >> k
    const QString k = b.kind == PwVal::Kind::Literal ? QString::number(static_cast<qint64>(b.literal)) : b.expr;
    return QStringLiteral("(%1 // (2 ** (%2 // 2))) // (2 ** (%2 - %2 // 2))").arg(x, k);
  }
  if (aT || !bT) return operand(a) + u' ' + op + u' ' + operand(b);
  // non-tensor on the left of a tensor: reorder commutative ops, mirror comparisons, else fill
  if (op == u"+" || op == u"*" || op == u"==" || op == u"!=" || op == u"&" || op == u"|" || op == u"^")
    return b.expr + u' ' + op + u' ' + operand(a);
  static const QHash<QString, QString> mirror = {{QStringLiteral("<"), QStringLiteral(">")},
                                                 {QStringLiteral("<="), QStringLiteral(">=")},
                                                 {QStringLiteral(">"), QStringLiteral("<")},
                                                 {QStringLiteral(">="), QStringLiteral("<=")}};
  if (mirror.contains(op)) return b.expr + u' ' + mirror.value(op) + u' ' + operand(a);
  return fill(b, a.expr, integer) + u' ' + op + u' ' + b.expr;
}

QString CuteDialect::roundTo(const QString& dtype, const PwVal& a) const {
  if (dtype != u"float16" && dtype != u"bfloat16") return {};
  return QStringLiteral("(%1).to(cutlass.%2).to(cutlass.Float32)")
      .arg(a.expr, dtype == u"float16" ? QStringLiteral("Float16") : QStringLiteral("BFloat16"));
}

QString CuteDialect::convert(const QString& dtype, const PwVal& a) const {
  // "int64" with no value: the lowering asks whether integer arithmetic lowers at all (it does, session 38)
  // a run-time scalar (a forward() int argument, kwb_int_arg) is a Numeric: converted by its constructor
  if (dtype == u"int64" && a.kind == PwVal::Kind::Scalar) return QStringLiteral("cutlass.Int64(%1)").arg(a.expr);
  if (dtype == u"int64" && a.kind != PwVal::Kind::Literal) return QStringLiteral("(%1).to(cutlass.Int64)").arg(a.expr);
  if (dtype != u"float32" || a.kind != PwVal::Kind::Tensor) return {};
  return QStringLiteral("(%1).to(cutlass.Float32)").arg(a.expr);
}

}  // namespace kwb
