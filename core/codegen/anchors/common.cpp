#include "core/codegen/anchors/common.h"

#include <algorithm>

#include "core/codegen/patternkernels.h"

#include <QStringList>

namespace kwb::anchors {

using nlohmann::json;

std::nullopt_t fail(QString* whyNot, const QString& reason) {
  if (whyNot) *whyNot = reason;
  return std::nullopt;
}

QString where(const GraphOp& op) {
  const QString name = QStringLiteral("aten::") + op.name;
  return op.line > 0 ? QStringLiteral("%1 (line %2)").arg(name).arg(op.line) : name;
}

QString shapeText(const QList<qint64>& s) {
  QStringList d;
  for (qint64 v : s) d << QString::number(v);
  return u'[' + d.join(QStringLiteral(", ")) + u']';
}

QString poolArgsText(const nlohmann::json& args, const QList<qint64>& padding, const QList<qint64>& dilation) {
  QString t;
  if (std::any_of(padding.cbegin(), padding.cend(), [](qint64 v) { return v != 0; }))
    t += QStringLiteral(", padding ") + shapeText(padding);
  if (std::any_of(dilation.cbegin(), dilation.cend(), [](qint64 v) { return v != 1; }))
    t += QStringLiteral(", dilation ") + shapeText(dilation);
  if (!args.is_object()) return t;
  if (args.value("ceil_mode", false) == true) t += QStringLiteral(", ceil_mode");
  if (args.contains("count_include_pad") && args.at("count_include_pad") == false)
    t += QStringLiteral(", count_include_pad=False");
  if (args.contains("divisor_override") && args.at("divisor_override").is_number_integer())
    t += QStringLiteral(", divisor_override %1").arg(args.at("divisor_override").get<qint64>());
  return t;
}

const GraphOp* soleAnchorOp(const OpGraph& g, const QString& category, QString* whyNot) {
  const QList<const GraphOp*> compute = g.compute();
  const GraphOp* found = nullptr;
  QStringList others;
  for (const GraphOp* o : compute) {
    if (o->category == category && !found)
      found = o;
    else
      others << where(*o);
  }
  if (!found) return nullptr;
  if (!others.isEmpty()) {
    fail(whyNot, QStringLiteral("%1 with %2: fusing other ops into a %3 anchor is not written yet")
                     .arg(where(*found), others.join(QStringLiteral(", ")), category.toLower()));
    return nullptr;
  }
  return found;
}

bool singleOutput(const OpGraph& g, const GraphOp& anchorOp, QString* whyNot) {
  if (g.outputs.size() == 1) return true;
  fail(whyNot, QStringLiteral("%1: forward() returns %2 outputs; the anchor templates write one output tensor "
                              "(return_indices=True and tuples are not handled)")
                   .arg(where(anchorOp))
                   .arg(g.outputs.size()));
  return false;
}

bool intList(const json& args, const char* key, int n, qint64 fallback, QList<qint64>* out) {
  out->clear();
  if (!args.is_object() || !args.contains(key) || args.at(key).is_null()) {
    for (int i = 0; i < n; ++i) *out << fallback;
    return true;
  }
  const json& v = args.at(key);
  if (v.is_number_integer()) {
    for (int i = 0; i < n; ++i) *out << v.get<qint64>();
    return true;
  }
  if (!v.is_array() || v.empty()) return false;
  QList<qint64> all;
  for (const auto& e : v) {
    if (!e.is_number_integer()) return false;
    all << e.get<qint64>();
  }
  if (all.size() == 1) {
    for (int i = 0; i < n; ++i) *out << all.first();
    return true;
  }
  if (all.size() < n) return false;
  *out = all.mid(all.size() - n);
  return true;
}

QString producerOf(const OpGraph& g, const QString& ref) {
  QString r = ref;
  for (int guard = 0; guard < 256 && !r.isEmpty(); ++guard) {
    if (g.input(r) || g.params.contains(r)) return r;
    const GraphOp* o = g.op(r);
    if (!o) return {};
    if (!o->view) return o->id;
    if (o->refs.isEmpty()) return {};
    r = o->refs.first();
  }
  return {};
}

QString operandExpr(const OpGraph& g, const QString& ref) {
  const QString root = g.rootOf(ref);
  if (g.params.contains(root)) return stateExpr(root, false);
  if (g.buffers.contains(root)) return stateExpr(root, true);
  if (g.input(root)) return root;
  return {};
}

}  // namespace kwb::anchors
