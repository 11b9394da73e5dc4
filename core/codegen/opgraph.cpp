#include "core/codegen/opgraph.h"

#include <QSet>

namespace kwb {

using nlohmann::json;

namespace {

QString str(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j.at(key).is_string()
             ? QString::fromStdString(j.at(key).get<std::string>())
             : QString();
}

TensorInfo tensorOf(const json& j) {
  TensorInfo t;
  t.name = str(j, "name");
  t.dtype = str(j, "dtype");
  t.ref = str(j, "ref");
  if (j.is_object() && j.contains("shape") && j.at("shape").is_array())
    for (const auto& d : j.at("shape"))
      if (d.is_number_integer()) t.shape << d.get<qint64>();
  return t;
}

// Views by name (probe_ops.py VIEW): the probe's category is null for them, but also for ops it has no
// category for (cat, flip), which do move data.
bool isViewName(const QString& n) {
  static const QSet<QString> v = {
      QStringLiteral("view"),         QStringLiteral("reshape"),    QStringLiteral("_reshape_alias"),
      QStringLiteral("_unsafe_view"), QStringLiteral("unsqueeze"),  QStringLiteral("squeeze"),
      QStringLiteral("permute"),      QStringLiteral("expand"),     QStringLiteral("contiguous"),
      QStringLiteral("detach"),       QStringLiteral("alias"),      QStringLiteral("t"),
      QStringLiteral("transpose"),    QStringLiteral("as_strided"), QStringLiteral("flatten"),
      QStringLiteral("empty"),        QStringLiteral("empty_like"), QStringLiteral("lift_fresh"),
      QStringLiteral("slice"),        QStringLiteral("narrow"),     QStringLiteral("select"),
      QStringLiteral("clone"),        QStringLiteral("expand_as"),  QStringLiteral("view_as"),
      QStringLiteral("movedim"),      QStringLiteral("split"),      QStringLiteral("split_with_sizes"),
      QStringLiteral("chunk"),        QStringLiteral("unbind"),     QStringLiteral("unsafe_split"),
      QStringLiteral("diagonal")};
  return v.contains(n);
}

}  // namespace

QList<const GraphOp*> OpGraph::compute() const {
  QList<const GraphOp*> out;
  for (const GraphOp& o : ops)
    if (!o.view) out << &o;
  return out;
}

const GraphOp* OpGraph::op(const QString& id) const {
  for (const GraphOp& o : ops)
    if (o.id == id) return &o;
  return nullptr;
}

const TensorInfo* OpGraph::input(const QString& name) const {
  for (const TensorInfo& t : inputs)
    if (t.name == name) return &t;
  return nullptr;
}

QString OpGraph::rootOf(const QString& ref) const {
  QString r = ref;
  for (int guard = 0; guard < 256 && !r.isEmpty(); ++guard) {  // a view chain is never this long
    if (input(r) || params.contains(r) || buffers.contains(r)) return r;
    const GraphOp* o = op(r);
    if (!o || !o->view || o->refs.isEmpty()) return {};
    r = o->refs.first();
  }
  return {};
}

QString specOpsProblem(const json& spec) {
  if (!spec.is_object() || !spec.contains("ops")) return {};
  const json& ops = spec.at("ops");
  if (!ops.is_array())
    return QStringLiteral("ops is a JSON %1, not the probe's array of op objects")
        .arg(QString::fromUtf8(ops.type_name()));
  int bad = 0;
  QString first;
  for (size_t i = 0; i < ops.size(); ++i) {
    const json& o = ops.at(i);
    QString why;
    if (!o.is_object()) {
      QString text = QString::fromStdString(o.dump());
      if (text.size() > 60) text = text.left(59) + QStringLiteral("…");
      why = (o.is_string() ? QStringLiteral("ops[%1] is %2, an op name, not an op object")
                           : QStringLiteral("ops[%1] is %2, not an op object"))
                .arg(QString::number(i), text);
    } else if (!o.contains("op") || !o.at("op").is_string()) {
      why = QStringLiteral("ops[%1] has no string \"op\"").arg(i);
    }
    if (why.isEmpty()) continue;
    if (bad++ == 0) first = why;
  }
  if (bad == 0) return {};
  return QStringLiteral(
             "%1 ({op, id, input_refs, args, outputs}, as the probe writes; %2 of %3 entries are not): "
             "not the probe's spec (the golden specs' stable view lists op names only); run phase 1 "
             "(kwb analyze / kwb baseline) on the problem for a full spec")
      .arg(first, QString::number(bad), QString::number(ops.size()));
}

OpGraph decodeOpGraph(const json& spec) {
  OpGraph g;
  if (!spec.is_object()) return g;
  if (spec.contains("inputs") && spec.at("inputs").is_array())
    for (const auto& in : spec.at("inputs")) {
      if (str(in, "kind") == u"scalar")
        g.scalarInputs << str(in, "name");
      else
        g.inputs << tensorOf(in);
    }
  if (spec.contains("outputs") && spec.at("outputs").is_array())
    for (const auto& o : spec.at("outputs")) g.outputs << tensorOf(o);
  const json model = spec.value("model", json::object());
  if (model.is_object() && model.contains("parameters") && model.at("parameters").is_array())
    for (const auto& p : model.at("parameters")) {
      const TensorInfo t = tensorOf(p);
      if (!t.name.isEmpty()) g.params.insert(t.name, t);
    }
  if (model.is_object() && model.contains("buffers") && model.at("buffers").is_array())
    for (const auto& b : model.at("buffers")) {
      const TensorInfo t = tensorOf(b);
      if (!t.name.isEmpty()) g.buffers.insert(t.name, t);
    }
  if (!spec.contains("ops") || !spec.at("ops").is_array()) return g;
  QSet<QString> stateWrites;  // op ids whose in-place write targets a parameter or buffer (spec `writes`)
  if (spec.contains("writes") && spec.at("writes").is_array())
    for (const auto& w : spec.at("writes"))
      if (str(w, "target_kind") == u"parameter/buffer") stateWrites.insert(str(w, "id"));
  for (const auto& o : spec.at("ops")) {
    if (!o.is_object()) continue;
    GraphOp op;
    op.id = str(o, "id");
    op.name = str(o, "op").section(QStringLiteral("::"), -1);
    if (op.name.endsWith(u'_') && !op.name.endsWith(QLatin1String("__")) && op.name.size() > 1 &&
        !op.name.startsWith(u'_'))
      op.name.chop(1);  // in-place relu_ computes what relu does
    op.category = str(o, "category");
    op.function = str(o, "function");
    if (o.contains("line") && o.at("line").is_number_integer()) op.line = static_cast<int>(o.at("line").get<qint64>());
    op.args = o.value("args", json::object());
    if (o.contains("input_refs") && o.at("input_refs").is_array())
      for (const auto& r : o.at("input_refs"))
        op.refs << (r.is_string() ? QString::fromStdString(r.get<std::string>()) : QString());
    for (const char* key : {"inputs", "outputs"})
      if (o.contains(key) && o.at(key).is_array())
        for (const auto& t : o.at(key)) (key[0] == 'i' ? op.inputs : op.outputs) << tensorOf(t);
    op.view = isViewName(op.name);
    op.mutatesState = stateWrites.contains(op.id);
    if (o.contains("operands") && o.at("operands").is_object())
      for (auto it = o.at("operands").begin(); it != o.at("operands").end(); ++it)
        if (it.value().is_string())
          op.operands.insert(QString::fromStdString(it.key()), QString::fromStdString(it.value().get<std::string>()));
    if (o.contains("pw") && o.at("pw").is_object()) op.pw = o.at("pw");
    if (o.contains("mutates") && o.at("mutates").is_array())
      for (const auto& m : o.at("mutates"))
        if (m.is_string()) op.mutates << QString::fromStdString(m.get<std::string>());
    g.ops << op;
  }
  return g;
}

QList<FusionGroup> partitionFusionGroups(const OpGraph& g) {
  QList<FusionGroup> groups;
  QStringList pending;  // pointwise ops not yet in a group
  for (const GraphOp* o : g.compute()) {
    const bool pointwise = o->category == u"Elementwise";
    if (pointwise) {
      if (!groups.isEmpty() && !groups.last().anchorOp.isEmpty())
        groups.last().epilogue << o->id;  // after an anchor: its epilogue
      else
        pending << o->id;
      continue;
    }
    FusionGroup grp;
    grp.anchor = o->category.isEmpty() ? o->name : o->category;  // an op of no category names itself
    grp.anchorOp = o->id;
    // pointwise ops that only lead to this anchor become its prologue; the others stay alone
    grp.prologue = pending;
    pending.clear();
    groups << grp;
  }
  if (!pending.isEmpty()) {
    FusionGroup grp;
    grp.anchor = QStringLiteral("pointwise");
    grp.prologue = pending;
    groups << grp;
  }
  return groups;
}

}  // namespace kwb
