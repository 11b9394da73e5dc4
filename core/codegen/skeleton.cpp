#include "core/codegen/skeleton.h"

#include "core/codegen/kernelparts.h"
#include "core/codegen/template.h"

namespace kwb {

GeneratedKernel makeSkeleton(const nlohmann::json& spec, const SkeletonStyle& style, const QString& reason) {
  GeneratedKernel k;
  QString err;
  const QString text = readResourceText(QStringLiteral(":/kwb/templates/kernels/skeleton.py.tmpl"), &err);
  if (text.isEmpty()) {
    k.error = err;
    return k;
  }
  const ModelNewParts parts = modelNewParts(spec);
  const QString problem = problemName(spec);
  const QMap<QString, QString> vars = {
      {QStringLiteral("FRAMEWORK"), style.framework},
      {QStringLiteral("PROBLEM"), problem},
      {QStringLiteral("REASON"), commentLines({reason})},
      {QStringLiteral("SPEC_SUMMARY"), specSummaryComment(spec)},
      {QStringLiteral("OUTLINE"), commentLines(style.outline, QStringLiteral("#   - "))},
      {QStringLiteral("RUNTIME"), style.runtime},
      {QStringLiteral("IMPORTS"), style.imports},
      {QStringLiteral("INIT_PARAMS"), parts.initParams},
      {QStringLiteral("INIT_STORE"), parts.initStore},
      {QStringLiteral("FORWARD_PARAMS"), parts.forwardParams},
      {QStringLiteral("MESSAGE"),
       pyStringLiteral(
           QStringLiteral("UNIMPLEMENTED: no %1 kernel for %2 yet: %3").arg(style.framework, problem, reason))},
  };
  k.source = renderTemplate(text, vars, &err);
  if (k.source.isEmpty()) {
    k.error = err;
    return k;
  }
  k.ok = true;
  k.implemented = false;
  k.error = reason;
  k.baselineConfig = {{QStringLiteral("status"), QStringLiteral("unimplemented skeleton: ") + reason}};
  return k;
}

namespace {

QString jsonStr(const nlohmann::json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? QString::fromStdString(j[key].get<std::string>())
                                                                : QString();
}

int jsonLine(const nlohmann::json& j) {
  return j.is_object() && j.contains("line") && j["line"].is_number_integer() ? j["line"].get<int>() : 0;
}

}  // namespace

QString traceSkeletonReason(const nlohmann::json& spec) {
  const QString branch = traceBranchReason(spec);
  return branch.isEmpty() ? inputWriteReason(spec) : branch;
}

QString inputWriteReason(const nlohmann::json& spec) {
  if (!spec.is_object()) return {};
  for (const auto& w : spec.value("writes", nlohmann::json::array()))
    if (jsonStr(w, "target_kind") == u"input")
      return QStringLiteral(
                 "forward writes its input %1 in place (%2, line %3); the generated kernels return new tensors and "
                 "do not write the final value back into the input yet")
          .arg(jsonStr(w, "target"), jsonStr(w, "op"))
          .arg(jsonLine(w));
  return {};
}

QString traceBranchReason(const nlohmann::json& spec) {
  if (!spec.is_object()) return {};  // a malformed spec (the preview decodes it as empty): nothing to say
  const auto str = jsonStr;
  const auto line = jsonLine;
  for (const auto& a : spec.value("ambiguities", nlohmann::json::array())) {
    if (str(a, "kind") != u"item") continue;
    // the Python call that read the value (bool() of a while/if condition, .item(), int()), from the op
    QString call;
    for (const auto& o : spec.value("ops", nlohmann::json::array()))
      if (str(o, "op") == u"aten::_local_scalar_dense" && line(o) == line(a)) {
        call = str(o, "function");
        break;
      }
    const QString what = call == u"__bool__"    ? QStringLiteral("bool() of a tensor, e.g. a while/if on a tensor")
                         : call == u"item"      ? QStringLiteral(".item()")
                         : call == u"__float__" ? QStringLiteral("float() of a tensor")
                         : call == u"__int__"   ? QStringLiteral("int() of a tensor")
                         : call.isEmpty()       ? QStringLiteral(".item()/bool()/int() on a tensor")
                                                : call + QStringLiteral("() on a tensor");
    // The read is the trace's last op and forward() returns a number: the value is the result, not a decision
    // (probe24 c01: `return ((p - t) ** 2).mean().item()`), so say what to return instead.
    const auto& ops = spec.value("ops", nlohmann::json::array());
    bool returnsNumber = false;
    for (const auto& o : spec.value("outputs", nlohmann::json::array()))
      returnsNumber = returnsNumber || str(o, "kind") == u"scalar";
    if (returnsNumber && ops.is_array() && !ops.empty() && str(ops.back(), "op") == u"aten::_local_scalar_dense" &&
        line(ops.back()) == line(a))
      return QStringLiteral(
                 "forward returns a Python number read from a tensor (line %1: %2), not a tensor: the generated "
                 "kernels return tensors; return the tensor itself (drop that read) and the harness compares its value")
          .arg(line(a))
          .arg(what);
    return QStringLiteral(
               "forward reads a tensor value to decide what it computes (line %1: %2); the probe traced one "
               "placeholder path, so a kernel planned from that trace would hard-code it: write the "
               "data-dependent control flow by hand")
        .arg(line(a))
        .arg(what);
  }
  return randomDrawReason(spec);
}

QString randomDrawReason(const nlohmann::json& spec) {
  if (!spec.is_object()) return {};
  for (const auto& o : spec.value("ops", nlohmann::json::array())) {
    // the probe marks dropout-mask draws only (probe_eval.MASK_OPS: a torch.randn of an initial state is drawn
    // again from the harness's seed, 35_LSTM)
    if (!o.is_object() || !o.contains("random_in_eval") || !o["random_in_eval"].is_boolean() ||
        !o["random_in_eval"].get<bool>())
      continue;
    const QString fn = jsonStr(o, "function");
    const QString op = jsonStr(o, "op").section(QStringLiteral("::"), -1);
    // F.dropout / F.dropout2d / F.alpha_dropout / F.feature_alpha_dropout: the user's call, and what turns it off
    if (fn.contains(QLatin1String("dropout")))
      return QStringLiteral(
                 "forward draws random numbers in every mode (F.%1, line %2: training=True, which eval() does not "
                 "turn off): the output is random, with no deterministic reference to check a kernel against; write "
                 "F.%1(x, p, self.training) so that eval mode makes it the identity (the harness runs both models "
                 "in eval mode then), or drop it")
          .arg(fn)
          .arg(jsonLine(o));
    return QStringLiteral(
               "forward draws random numbers in every mode (%1, line %2, which eval() does not turn off): the output "
               "is random, with no deterministic reference to check a kernel against; pass the random tensor in as "
               "an input, or draw it only in training mode")
        .arg(fn.isEmpty() ? op : fn)
        .arg(jsonLine(o));
  }
  return {};
}

}  // namespace kwb
