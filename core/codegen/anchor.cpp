#include "core/codegen/anchor.h"

#include "core/codegen/anchors/anchors.h"
#include "core/codegen/kernelparts.h"
#include "core/codegen/patternkernels.h"
#include "core/codegen/template.h"

#include <QFile>
#include <QStringList>

namespace kwb {

using nlohmann::json;

const QList<const Anchor*>& anchorRegistry() {
  // The table: one line per anchor unit (core/codegen/anchors/).
  static const QList<const Anchor*> table = {&convolutionAnchor(), &poolingAnchor(), &attentionAnchor()};
  return table;
}

AnchorMatch matchAnchor(const json& spec) {
  AnchorMatch m;
  const OpGraph g = decodeOpGraph(spec);
  for (const Anchor* a : anchorRegistry()) {
    QString why;
    m.plan = a->plan(g, spec, &why);
    if (m.plan) {
      // an anchor's template writes one tensor: forward()'s other outputs would be dropped (trial 10, #5)
      if (const QString several = multiOutputReason(spec, QStringLiteral("the %1 anchor").arg(a->id()));
          !several.isEmpty()) {
        m.plan.reset();
        why = several;
      }
    }
    if (m.plan || !why.isEmpty()) {
      m.anchor = a;
      m.whyNot = why;
      return m;
    }
  }
  return m;
}

QString anchorTemplate(const Anchor& anchor, const QString& framework) {
  const QString path = anchor.templatePath(framework);
  return !path.isEmpty() && QFile::exists(path) ? path : QString();
}

QString anchorSkeletonReason(const AnchorMatch& m, const QString& framework) {
  if (!m.anchor) return {};
  if (!m.plan) return m.whyNot;
  QStringList have;
  for (const QString& f : {QStringLiteral("triton"), QStringLiteral("cutedsl"), QStringLiteral("flydsl")})
    if (f != framework && !anchorTemplate(*m.anchor, f).isEmpty()) have << f;
  return QStringLiteral("the %1 anchor (%2) has no %3 template yet%4")
      .arg(m.anchor->id(), m.plan->description, framework,
           have.isEmpty() ? QString()
                          : QStringLiteral("; --framework %1 has one").arg(have.join(QStringLiteral(" or "))));
}

GeneratedKernel renderAnchorKernel(const AnchorPlan& plan, const QString& templatePath, const json& spec,
                                   const FrameworkBackend& backend) {
  GeneratedKernel k;
  QString err;
  const QString text = readResourceText(templatePath, &err);
  if (text.isEmpty()) {
    k.error = err;
    return k;
  }
  const ModelNewParts parts = modelNewParts(spec);
  QString store = parts.initStore;
  const QString params = parameterDecls(spec);
  if (!params.isEmpty()) store += (store.isEmpty() ? QString() : QStringLiteral("\n")) + params;
  QMap<QString, QString> vars = {
      {QStringLiteral("PROBLEM"), problemName(spec)},
      {QStringLiteral("SPEC_SHA"), specShaSuffix(spec)},
      {QStringLiteral("DESCRIPTION"), plan.description},
      {QStringLiteral("POLICY_NOTE"), backend.policyNote()},
      {QStringLiteral("CONFIG_SUMMARY"), configComment(plan.config)},
      {QStringLiteral("INIT_PARAMS"), parts.initParams},
      {QStringLiteral("INIT_STORE"), store.isEmpty() ? QStringLiteral("        pass") : store},
      {QStringLiteral("FORWARD_PARAMS"), parts.forwardParams},
      {QStringLiteral("KERNEL"), QStringLiteral("kwb_") + plan.anchor},
      {QStringLiteral("X"), plan.input},
  };
  for (auto it = plan.vars.begin(); it != plan.vars.end(); ++it) vars.insert(it.key(), it.value());
  k.source = renderTemplate(text, vars, &err);
  if (k.source.isEmpty()) {
    k.error = err;
    return k;
  }
  k.ok = true;
  k.implemented = true;
  k.tile = plan.tile;
  k.baselineConfig = plan.config;
  k.mathDtype = plan.mathDtype;
  return k;
}

QString pyTuple(const QList<qint64>& v) {
  QStringList parts;
  for (qint64 x : v) parts << QString::number(x);
  return u'(' + parts.join(QStringLiteral(", ")) + (v.size() == 1 ? QStringLiteral(",)") : QStringLiteral(")"));
}

QString pyBool(bool b) { return b ? QStringLiteral("True") : QStringLiteral("False"); }

}  // namespace kwb
