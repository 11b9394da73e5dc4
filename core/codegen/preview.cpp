#include "core/codegen/preview.h"

#include "core/codegen/anchor.h"
#include "core/codegen/backend.h"
#include "core/codegen/chain.h"
#include "core/codegen/dtyperule.h"
#include "core/codegen/cutechain.h"
#include "core/codegen/opgraph.h"
#include "core/codegen/patternplan.h"
#include "core/codegen/pointwise.h"
#include "core/codegen/skeleton.h"

#include <QSet>

namespace kwb {

using nlohmann::json;

namespace {

json ids(const QStringList& l) {
  json a = json::array();
  for (const QString& s : l) a.push_back(s.toStdString());
  return a;
}

/// A chain plan's name in the preview: "chain of 3 launches", or with @p writeBack the inputs it writes back.
QString chainPlanName(const ChainPlan& c, bool writeBack) {
  if (writeBack)
    return QStringLiteral("chain of %1 launch(es), writing input(s) %2 back")
        .arg(c.kernelLaunches)
        .arg(c.writtenInputs.join(QStringLiteral(", ")));
  // the launches forward() makes (a cat's part copies included: session 45, cat45), as the kernel's header says
  return c.kernelLaunches == 1 ? QStringLiteral("chain of 1 launch")
                               : QStringLiteral("chain of %1 launches").arg(c.kernelLaunches);
}

}  // namespace

json codegenPreview(const json& spec) {
  const OpGraph g = decodeOpGraph(spec);
  const AnchorMatch m = matchAnchor(spec);
  QString planName, planWhy;
  // the plan as data, for a caller that words it itself (the GUI, translated): {"kind", "name", "launches",
  // "written_inputs"}
  json plan = {{"kind", ""}, {"name", ""}, {"launches", 0}, {"written_inputs", json::array()}};
  QSet<QString> covered;
  // The plan's own groups (one source of truth, issue 14): a chain's launches, an anchor's or a pattern's one
  // launch; empty when nothing plans the spec (then the graph's partition, uncovered, says what is missing).
  json planGroups = json::array();
  auto group = [&](const QString& anchor, const QStringList& ops, const QStringList& prologue = {}) {
    if (ops.isEmpty()) return;
    planGroups.push_back({{"anchor", anchor.toStdString()},
                          {"anchor_op", ops.first().toStdString()},
                          {"ops", ids(prologue + ops)},
                          {"prologue", ids(prologue)},
                          {"epilogue", ids(ops.mid(1))},
                          {"covered", true}});
  };
  auto chainGroups = [&](const ChainPlan& c) {
    const QList<CuteStageUse> cute = cuteStageUses(c);
    for (qsizetype i = 0; i < c.launches.size(); ++i) {
      const ChainLaunch& l = c.launches.at(i);
      group(l.kind, l.ops, l.prologue);
      // which CuTe DSL stage renders this launch, or which one is missing (cutechain.h)
      if (!l.ops.isEmpty() && !cute.at(i).stage.isEmpty()) {
        json cj = {{"stage", cute.at(i).stage.toStdString()}, {"covered", cute.at(i).covered}};
        if (!cute.at(i).covered) cj["missing"] = cute.at(i).why.toStdString();
        planGroups.back()["cutedsl"] = cj;
      }
      if (l.ops.isEmpty() || l.kvRepeat.isEmpty()) continue;
      // GQA / MQA: which of K / V the kernel reads in place per KV head (the repeat's copy is not made)
      json kv = json::object();
      for (auto it = l.kvRepeat.cbegin(); it != l.kvRepeat.cend(); ++it)
        kv[it.key().toStdString()] = {{"rep", it.value()}, {"access", "indexed"}};
      planGroups.back()["kv_repeat"] = kv;
      planGroups.back()["description"] = l.description.toStdString();
    }
  };
  auto computeIds = [&]() {
    QStringList all;
    for (const GraphOp* o : g.compute()) all << o->id;
    return all;
  };
  // a trace bound to a placeholder branch, or an input written in place: no plan at all (skeleton.h)
  const QString writes = inputWriteReason(spec);
  QString writesWhy;
  std::optional<ChainPlan> writesChain;
  if (!writes.isEmpty()) writesChain = planChain(g, spec, &writesWhy, true);
  if (const QString trace = traceBranchReason(spec); !trace.isEmpty()) {
    planWhy = trace;
  } else if (!writes.isEmpty() && !writesChain) {
    planWhy = writesWhy.isEmpty() ? writes : writes + QStringLiteral("; ") + writesWhy;
  } else if (writesChain) {
    // an input written in place: the chain planner's plan, which writes the final value back (Triton only)
    planName = chainPlanName(*writesChain, true);
    plan = {{"kind", "chain_write_back"},
            {"name", ""},
            {"launches", writesChain->kernelLaunches},
            {"written_inputs", ids(writesChain->writtenInputs)}};
    for (const QString& id : writesChain->ops) covered.insert(id);
    for (const QString& id : writesChain->omitted) covered.insert(id);
    chainGroups(*writesChain);
  } else if (m.plan) {
    planName = m.plan->anchor + QStringLiteral(" anchor");
    plan["kind"] = "anchor";
    plan["name"] = m.plan->anchor.toStdString();
    plan["launches"] = 1;
    for (const QString& id : m.plan->ops) covered.insert(id);
    group(m.plan->anchor, m.plan->ops);
    json kv = json::object();  // GQA / MQA: K / V read in place per KV head (the attention anchor)
    for (const char* t : {"K", "V"})
      if (m.plan->vars.value(QStringLiteral("%1_REPEAT").arg(QLatin1String(t))) == u"True")
        kv[QString::fromLatin1(t).toLower().toStdString()] = {{"access", "indexed"}};
    if (!kv.empty() && !planGroups.empty()) {
      planGroups.back()["kv_repeat"] = kv;
      planGroups.back()["description"] = m.plan->description.toStdString();
    }
  } else if (hasPointwiseGraph(spec)) {
    planName = QStringLiteral("pointwise lowering");
    plan["kind"] = "pointwise";
    plan["launches"] = 1;
    for (const GraphOp* o : g.compute()) covered.insert(o->id);
    group(QStringLiteral("pointwise"), computeIds());
  } else if (const auto p = m.anchor ? std::nullopt : planPattern(spec, &planWhy)) {
    planName = patternKindName(p->kind) + QStringLiteral(" pattern");
    plan["kind"] = "pattern";
    plan["name"] = patternKindName(p->kind).toStdString();
    plan["launches"] = 1;
    for (const GraphOp* o : g.compute()) covered.insert(o->id);
    group(patternKindName(p->kind), computeIds());
  } else {
    if (m.anchor) planWhy = m.whyNot;
    QString chainWhy;
    if (const auto c = planChain(g, spec, &chainWhy)) {
      planName = chainPlanName(*c, false);
      plan["kind"] = "chain";
      plan["launches"] = c->kernelLaunches;
      planWhy.clear();
      for (const QString& id : c->ops) covered.insert(id);
      for (const QString& id : c->omitted) covered.insert(id);  // nothing depends on them: not a gap
      chainGroups(*c);
    } else if (!chainWhy.isEmpty()) {
      planWhy = chainWhy;
    }
  }
  json groups = planGroups;
  for (const FusionGroup& grp : planGroups.empty() ? partitionFusionGroups(g) : QList<FusionGroup>()) {
    QStringList all = grp.prologue;
    if (!grp.anchorOp.isEmpty()) all << grp.anchorOp;
    all << grp.epilogue;
    bool cov = !all.isEmpty();
    for (const QString& id : all) cov = cov && covered.contains(id);
    QString anchor = grp.anchor;
    for (const Anchor* a : anchorRegistry())
      if (a->category() == grp.anchor) anchor = a->id();
    json j = {{"anchor", anchor.toStdString()}, {"anchor_op", grp.anchorOp.toStdString()}, {"ops", ids(all)},
              {"prologue", ids(grp.prologue)},  {"epilogue", ids(grp.epilogue)},           {"covered", cov}};
    if (!cov)
      j["reason"] = (planWhy.isEmpty() ? QStringLiteral("no plan covers this group yet") : planWhy).toStdString();
    groups.push_back(j);
  }
  json backends = json::array();
  const bool f64 = float64Use(spec).all;
  for (const FrameworkBackend* b : builtinBackends()) {
    QString why;
    const bool ok = b->supports(spec, &why);
    json j = {{"id", b->id().toStdString()},
              {"label", b->label().toStdString()},
              {"kernel", ok},
              {"plan", planName.toStdString()}};
    if (!ok) j["reason"] = why.toStdString();
    // the CuTe DSL renders its own chain: planned with kwb_cols off (ColumnSlotsOff) it may have more launches than
    // the Triton plan named above, and its line says its own count (session 44, ux44; slot43's fixtures)
    const std::string kind = plan.value("kind", std::string());
    if (ok && (kind == "chain" || kind == "chain_write_back")) {
      j["launches"] = plan.value("launches", 0);
      if (b->id() == u"cutedsl")
        if (const auto cute = cuteChainPlan(spec, nullptr, true)) {
          j["plan"] = chainPlanName(*cute, kind == "chain_write_back").toStdString();
          j["launches"] = cute->kernelLaunches;
        }
    }
    // the math a float64 problem's kernel does (TritonBackend::generate renders the plan in fp64)
    if (ok && f64)
      j["precision"] = "float64 throughout (fp64 loads, intermediates, accumulators and tl.dot; not fp32 math)";
    backends.push_back(j);
  }
  return {{"groups", groups}, {"backends", backends}, {"plan", plan}};
}

}  // namespace kwb

namespace kwb {

namespace {
QString jsonText(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j.at(key).is_string()) return {};
  return QString::fromStdString(j.at(key).get<std::string>());
}
}  // namespace

QString formatCodegenPreview(const nlohmann::json& preview) {
  QString out = QStringLiteral("Code generation:\n");
  if (!preview.is_object()) return out;
  QSet<QString> listed;  // ops of earlier groups: a launch that recomputes them says so (new-user trial 27 #8)
  for (const auto& grp : preview.value("groups", nlohmann::json::array())) {
    QStringList ops, again;
    for (const auto& id : grp.value("ops", nlohmann::json::array()))
      if (id.is_string()) ops << QString::fromStdString(id.get<std::string>());
    for (const QString& id : std::as_const(ops))
      if (listed.contains(id)) again << id;
    for (const QString& id : std::as_const(ops)) listed.insert(id);
    out +=
        QStringLiteral("  group %1 [%2]: %3%4\n")
            .arg(jsonText(grp, "anchor"), ops.join(QStringLiteral(", ")),
                 grp.value("covered", false) ? QStringLiteral("covered")
                                             : QStringLiteral("not covered: ") + jsonText(grp, "reason"),
                 again.isEmpty() ? QString()
                                 : QStringLiteral(" (%1 recomputed in this launch: an earlier group computes them too)")
                                       .arg(again.join(QStringLiteral(", "))));
  }
  for (const auto& b : preview.value("backends", nlohmann::json::array()))
    out += QStringLiteral("  %1: %2\n")
               .arg(jsonText(b, "label"),
                    b.value("kernel", false)
                        ? QStringLiteral("kernel (%1)").arg(jsonText(b, "plan")) +
                              (b.contains("precision") ? QStringLiteral(", ") + jsonText(b, "precision") : QString())
                        : QStringLiteral("skeleton: ") + jsonText(b, "reason"));
  return out;
}

const CodegenVerdict::Backend* CodegenVerdict::chosen() const {
  for (const Backend& b : backends)
    if (b.id == framework) return &b;
  return nullptr;
}

bool CodegenVerdict::chosenIsSkeleton() const {
  const Backend* b = chosen();
  return b && !b->kernel;
}

QStringList CodegenVerdict::kernelAlternatives() const {
  QStringList ids;
  for (const Backend& b : backends)
    if (b.kernel && b.id != framework) ids << b.id;
  return ids;
}

QString CodegenVerdict::suggestedSwitch() const {
  if (!chosenIsSkeleton()) return {};
  return kernelAlternatives().contains(QStringLiteral("triton")) ? QStringLiteral("triton") : QString();
}

CodegenVerdict codegenVerdict(const nlohmann::json& spec, const QString& framework) {
  CodegenVerdict v;
  if (!spec.is_object()) return v;
  const nlohmann::json preview = codegenPreview(spec);
  v.valid = true;
  v.framework = framework;
  v.text = formatCodegenPreview(preview);
  for (const auto& b : preview.value("backends", nlohmann::json::array())) {
    v.backends.append({jsonText(b, "id"), jsonText(b, "label"), b.value("kernel", false), jsonText(b, "plan"),
                       jsonText(b, "reason")});
    v.backends.last().launches = b.value("launches", -1);
  }
  auto strings = [](const nlohmann::json& a) {
    QStringList l;
    if (a.is_array())
      for (const auto& s : a)
        if (s.is_string()) l << QString::fromStdString(s.get<std::string>());
    return l;
  };
  for (const auto& g : preview.value("groups", nlohmann::json::array()))
    v.groups.append({jsonText(g, "anchor"), strings(g.value("ops", nlohmann::json::array())), g.value("covered", false),
                     jsonText(g, "reason")});
  const nlohmann::json plan = preview.value("plan", nlohmann::json::object());
  const QString kind = jsonText(plan, "kind");
  v.plan.kind = kind == QLatin1String("anchor")             ? CodegenVerdict::PlanKind::Anchor
                : kind == QLatin1String("pattern")          ? CodegenVerdict::PlanKind::Pattern
                : kind == QLatin1String("pointwise")        ? CodegenVerdict::PlanKind::Pointwise
                : kind == QLatin1String("chain")            ? CodegenVerdict::PlanKind::Chain
                : kind == QLatin1String("chain_write_back") ? CodegenVerdict::PlanKind::ChainWriteBack
                                                            : CodegenVerdict::PlanKind::None;
  v.plan.name = jsonText(plan, "name");
  v.plan.launches = plan.value("launches", 0);
  v.plan.writtenInputs = strings(plan.value("written_inputs", nlohmann::json::array()));
  // generate() only renders the plan (no files, no process): phase 2's plan does the same to name its approach
  if (const CodegenVerdict::Backend* chosen = v.chosen(); chosen && chosen->kernel)
    if (const FrameworkBackend* b = backendById(framework)) {
      const GeneratedKernel k = b->generate(spec);
      if (k.ok && k.implemented) v.mathDtype = k.mathDtype;
    }
  return v;
}

}  // namespace kwb
