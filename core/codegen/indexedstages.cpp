#include "core/codegen/indexedstages.h"

#include <QSet>
#include <QStringList>

namespace kwb {
namespace {

QString shapeOf(const QList<qint64>& s) {
  QStringList d;
  for (qint64 v : s) d << QString::number(v);
  return u'[' + d.join(QStringLiteral(", ")) + u']';
}

bool floatDtype(const QString& d) { return d == u"float32" || d == u"float16" || d == u"bfloat16"; }

bool indexDtype(const QString& d) { return d == u"int64" || d == u"int32"; }

bool integerOrBool(const QString& d) {
  static const QSet<QString> s = {QStringLiteral("int64"), QStringLiteral("int32"), QStringLiteral("int16"),
                                  QStringLiteral("int8"),  QStringLiteral("uint8"), QStringLiteral("bool")};
  return s.contains(d);
}

QString operand(const GraphOp& op, const char* name, int pos) {
  const QString r = op.operands.value(QString::fromLatin1(name));
  return r.isEmpty() ? op.refs.value(pos) : r;
}

IndexedStage refuse(const QString& why) { return IndexedStage{QString(), QString(), QString(), why}; }

IndexedStage scatterReduce(const GraphOp& op, const std::function<QString(const QString&)>& in, const QString& where) {
  const nlohmann::json& a = op.args;
  const bool legacy = op.name == u"scatter" || op.name == u"scatter_";
  const nlohmann::json r = a.value("reduce", nlohmann::json());
  QString red = r.is_string() ? QString::fromStdString(r.get<std::string>()) : QString();
  // Tensor.scatter(dim, index, src, reduce="add" | "multiply") (deprecated): into x's own values
  if (legacy) red = red == u"add" ? QStringLiteral("sum") : red == u"multiply" ? QStringLiteral("prod") : red;
  const bool self = legacy || a.value("include_self", nlohmann::json(true)) == nlohmann::json(true);
  const QString x = operand(op, "self", 0), idx = operand(op, "index", 1),
                src = op.operands.value(QStringLiteral("src"));
  const QString dt = op.outputs.value(0).dtype, idt = op.inputs.value(1).dtype;
  const QList<qint64> xs = op.inputs.value(0).shape;
  const nlohmann::json jd = a.value("dim", nlohmann::json());
  static const QSet<QString> modes = {QStringLiteral("sum"), QStringLiteral("prod"), QStringLiteral("mean"),
                                      QStringLiteral("amax"), QStringLiteral("amin")};
  if (x.isEmpty() || idx.isEmpty() || src.isEmpty() || !modes.contains(red) || !jd.is_number_integer() ||
      xs.isEmpty() || xs.size() > 5 || !floatDtype(dt) || !indexDtype(idt) ||
      op.inputs.value(1).shape.size() != xs.size())
    return refuse(
        QStringLiteral("%1: a %2 (reduce %3) of %4 by %5 indices%6 has no chain stage yet (kwb_scatter_reduce "
                       "takes a float32 / float16 / bfloat16 tensor of rank 1 to 5, integer indices of its "
                       "rank, a tensor source and sum / prod / mean / amax / amin)")
            .arg(where, op.name, red.isEmpty() ? QStringLiteral("none") : red, dt,
                 idt.isEmpty() ? QStringLiteral("unknown") : idt,
                 src.isEmpty() ? QStringLiteral(" and a number source") : QString()));
  const qint64 d = jd.get<qint64>();
  IndexedStage s;
  s.head = QStringLiteral("kwb_scatter_reduce(%1, %2, %3, %4, \"%5\", include_self=%6")
               .arg(in(x))
               .arg(d)
               .arg(in(idx), in(src), red, self ? QStringLiteral("True") : QStringLiteral("False"));
  s.kind = QStringLiteral("gather");
  s.desc = QStringLiteral("scatter_reduce (%1%2) into %3 along dim %4 at %5 indices")
               .arg(red, self ? QString() : QStringLiteral(", include_self=False"), shapeOf(xs))
               .arg(d)
               .arg(shapeOf(op.inputs.value(1).shape));
  return s;
}

}  // namespace

bool isIndexedStageOp(const GraphOp& op) {
  const QString& n = op.name;
  if (n == u"scatter_reduce" || n == u"masked_scatter" || n == u"bucketize" || n == u"searchsorted") return true;
  if ((n == u"scatter" || n == u"scatter_") && op.args.contains("reduce")) return true;
  // a cumsum with an int64 result: of integers or bools (torch promotes them to int64), exact in kwb_cumsum_int
  return n == u"cumsum" && op.outputs.value(0).dtype == u"int64" && integerOrBool(op.inputs.value(0).dtype);
}

IndexedStage indexedStage(const GraphOp& op, const std::function<QString(const QString&)>& in, const QString& where) {
  const QString& n = op.name;
  if (n == u"bucketize" || n == u"searchsorted")
    // only a torch 2.x trace reaches here (torch 1.13 has no meta kernel for either, and its probe stops there)
    return refuse(QStringLiteral("%1: %2 has no chain stage yet (a binary search per element; torch 1.13's probe "
                                 "cannot trace it, so no plan of it was ever checked here)")
                      .arg(where, n));
  if (n == u"cumsum") {
    const QList<qint64> xs = op.inputs.value(0).shape;
    const QString x = operand(op, "self", 0);
    const nlohmann::json jd = op.args.value("dim", nlohmann::json());
    if (x.isEmpty() || xs.size() > 5 || !jd.is_number_integer())
      return refuse(QStringLiteral("%1: a cumsum of %2 %3 has no chain stage yet (kwb_cumsum_int: rank 0 to 5)")
                        .arg(where, op.inputs.value(0).dtype, shapeOf(xs)));
    IndexedStage s;
    s.head = QStringLiteral("kwb_cumsum_int(%1, %2").arg(in(x)).arg(jd.get<qint64>());
    s.kind = QStringLiteral("scan");
    s.desc = QStringLiteral("cumsum over dim %1 of %2 %3 (int64, exact)")
                 .arg(jd.get<qint64>())
                 .arg(op.inputs.value(0).dtype, shapeOf(xs));
    return s;
  }
  if (n == u"masked_scatter") {
    const QString x = operand(op, "self", 0), m = operand(op, "mask", 1), src = operand(op, "source", 2);
    const QList<qint64> xs = op.inputs.value(0).shape;
    if (x.isEmpty() || m.isEmpty() || src.isEmpty() || xs.size() > 5)
      return refuse(QStringLiteral("%1: a masked_scatter into %2 %3 has no chain stage yet (kwb_masked_scatter: rank 0 "
                                   "to 5, tensor mask and source)")
                        .arg(where, op.outputs.value(0).dtype, shapeOf(xs)));
    IndexedStage s;
    s.head = QStringLiteral("kwb_masked_scatter(%1, %2, %3").arg(in(x), in(m), in(src));
    s.kind = QStringLiteral("gather");
    s.desc = QStringLiteral("masked_scatter into %1 under a %2 mask (the mask's running count, then the select)")
                 .arg(shapeOf(xs), shapeOf(op.inputs.value(1).shape));
    return s;
  }
  return scatterReduce(op, in, where);
}

}  // namespace kwb
