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

}  // namespace kwb
