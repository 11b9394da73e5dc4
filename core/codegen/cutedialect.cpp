#include "core/codegen/cutedialect.h"

#include <QHash>
#include <QStringList>

namespace kwb {

namespace {

QString fill(const PwVal& like, const QString& value) {
  return QStringLiteral("cute.full_like(%1, %2, cutlass.Float32)").arg(like.expr, value);
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
  auto side = [&](const PwVal& v) { return v.kind == PwVal::Kind::Tensor ? v.expr : fill(ref, v.expr); };
  return QStringLiteral("cute.where(%1, %2, %3)").arg(c.expr, side(a), side(b));
}

QString CuteDialect::fullLike(const PwVal& like, double v) const { return fill(like, literal(v)); }

QString CuteDialect::binary(const QString& op, const PwVal& a, const PwVal& b) const {
  const bool aT = a.kind == PwVal::Kind::Tensor, bT = b.kind == PwVal::Kind::Tensor;
  if (aT || !bT) return a.expr + u' ' + op + u' ' + b.expr;
  // non-tensor on the left of a tensor: reorder commutative ops, mirror comparisons, else fill
  if (op == u"+" || op == u"*" || op == u"==" || op == u"!=") return b.expr + u' ' + op + u' ' + a.expr;
  static const QHash<QString, QString> mirror = {{QStringLiteral("<"), QStringLiteral(">")},
                                                 {QStringLiteral("<="), QStringLiteral(">=")},
                                                 {QStringLiteral(">"), QStringLiteral("<")},
                                                 {QStringLiteral(">="), QStringLiteral("<=")}};
  if (mirror.contains(op)) return b.expr + u' ' + mirror.value(op) + u' ' + a.expr;
  return fill(b, a.expr) + u' ' + op + u' ' + b.expr;
}

QString CuteDialect::roundTo(const QString& dtype, const PwVal& a) const {
  if (dtype != u"float16" && dtype != u"bfloat16") return {};
  return QStringLiteral("(%1).to(cutlass.%2).to(cutlass.Float32)")
      .arg(a.expr, dtype == u"float16" ? QStringLiteral("Float16") : QStringLiteral("BFloat16"));
}

QString CuteDialect::convert(const QString& dtype, const PwVal& a) const {
  if (dtype != u"float32" || a.kind != PwVal::Kind::Tensor) return {};
  return QStringLiteral("(%1).to(cutlass.Float32)").arg(a.expr);
}

}  // namespace kwb
