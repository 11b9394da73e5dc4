#include "core/codegen/flydsldialect.h"

#include <QStringList>

namespace kwb {

namespace {

QString fx32(const QString& value) { return QStringLiteral("fx.Float32(%1)").arg(value); }

}  // namespace

QString FlyDslDialect::unary(const QString& name, const PwVal& a) const {
  static const QStringList direct = {QStringLiteral("exp"),  QStringLiteral("log"),   QStringLiteral("erf"),
                                     QStringLiteral("sqrt"), QStringLiteral("rsqrt"), QStringLiteral("floor"),
                                     QStringLiteral("sin"),  QStringLiteral("cos"),   QStringLiteral("tanh")};
  if (direct.contains(name)) return QStringLiteral("fx.math.%1(%2)").arg(name, a.expr);
  if (name == u"abs") return QStringLiteral("fx.math.absf(%1)").arg(a.expr);  // fx.math.abs does not exist
  if (name == u"sigmoid")                                                     // 1 / (1 + exp(-a))
    return QStringLiteral("(1.0 / (fx.math.exp(%1 * -1.0) + 1.0))").arg(a.expr);
  return {};
}

QString FlyDslDialect::where(const PwVal& c, const PwVal& a, const PwVal& b) const {
  auto side = [](const PwVal& v) { return v.kind == PwVal::Kind::Literal ? fx32(v.expr) : v.expr; };
  return QStringLiteral("%1.select(%2, %3)").arg(c.expr, side(a), side(b));
}

QString FlyDslDialect::fullLike(const PwVal&, double v) const { return fx32(literal(v)); }

QString FlyDslDialect::binary(const QString& op, const PwVal& a, const PwVal& b) const {
  // a literal on the left of a Numeric resolves through the reflected operator (__radd__, __rtruediv__, ...)
  // or, for comparisons, Python's mirrored one; two literals are folded by the lowering before this
  return a.expr + u' ' + op + u' ' + b.expr;
}

}  // namespace kwb
