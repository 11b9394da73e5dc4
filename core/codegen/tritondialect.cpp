#include "core/codegen/tritondialect.h"

#include <QStringList>

namespace kwb {

QString TritonDialect::unary(const QString& name, const PwVal& a) const {
  static const QStringList direct = {QStringLiteral("exp"),    QStringLiteral("log"),   QStringLiteral("erf"),
                                     QStringLiteral("sqrt"),   QStringLiteral("rsqrt"), QStringLiteral("abs"),
                                     QStringLiteral("floor"),  QStringLiteral("sin"),   QStringLiteral("cos"),
                                     QStringLiteral("sigmoid")};
  if (direct.contains(name)) return QStringLiteral("tl.%1(%2)").arg(name, a.expr);
  if (name == u"tanh") return QStringLiteral("(2.0 * tl.sigmoid(2.0 * %1) - 1.0)").arg(a.expr);
  return {};
}

QString TritonDialect::where(const PwVal& c, const PwVal& a, const PwVal& b) const {
  return QStringLiteral("tl.where(%1, %2, %3)").arg(c.expr, a.expr, b.expr);
}

QString TritonDialect::fullLike(const PwVal&, double v) const { return m_full.arg(literal(v)); }

QString TritonDialect::binary(const QString& op, const PwVal& a, const PwVal& b) const {
  return a.expr + u' ' + op + u' ' + b.expr;
}

QString TritonDialect::roundTo(const QString& dtype, const PwVal& a) const {
  if (dtype != u"float16" && dtype != u"bfloat16") return {};
  return QStringLiteral("%1.to(tl.%2).to(tl.float32)").arg(a.expr, dtype);
}

QString TritonDialect::convert(const QString& dtype, const PwVal& a) const {
  if (dtype != u"int64" && dtype != u"float32") return {};
  return QStringLiteral("(%1).to(tl.%2)").arg(a.expr, dtype);
}

QString TritonDialect::coordinate(int fromEnd) const {
  if (!m_coordinates || (fromEnd != 1 && fromEnd != 2)) return {};
  return fromEnd == 1 ? QStringLiteral("kwb_col") : QStringLiteral("kwb_row");
}

}  // namespace kwb
