#include "core/pipeline/plan.h"

#include "core/records/exprtext.h"

#include <cmath>

#include <algorithm>
#include <cctype>
#include <QStringList>

namespace kwb {

namespace {

QString str(const nlohmann::json& j, const char* key) {
  if (j.is_object() && j.contains(key) && j[key].is_string()) return QString::fromStdString(j[key].get<std::string>());
  return {};
}

QString shapeText(const nlohmann::json& t) {
  if (!t.contains("shape")) return str(t, "kind") == QLatin1String("scalar") ? QStringLiteral("scalar") : QString();
  QStringList dims;
  for (const auto& d : t["shape"]) dims.append(QString::fromStdString(d.dump()));
  return QStringLiteral("[") + dims.join(QStringLiteral(", ")) + QStringLiteral("]");
}

}  // namespace

namespace {

/// The knowledge stores' operator-family vocabulary (gpu-wiki: gemm, gemv, flash-attention, norm,
/// softmax, conv, ...) for the probe's pattern; a pattern with no family of its own there keeps its
/// lower-cased name (elementwise, reduction, loss, scan, pooling), which matches family-specific
/// records only where a store has that family, and general records always.
std::string familyFor(const nlohmann::json& pattern) {
  const std::string primary = pattern.value("primary", std::string());
  if (primary == "GEMM") {
    const nlohmann::json g = pattern.value("gemm", nlohmann::json::object());
    return g.value("kind", std::string()) == "matvec" || g.value("N", std::string()) == "1" ? "gemv" : "gemm";
  }
  if (primary == "Attention") return "flash-attention";
  if (primary == "Convolution") return "conv";
  std::string lower = primary;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower;
}

/// Free-text terms naming the operator, for stores that rank by text: the pattern's detail ("cross_entropy
/// (aten nll_loss_forward)" -> "cross entropy") and every op the probe saw, without aten:: and the leading
/// underscores and the _forward suffix ("aten::_log_softmax" -> "log softmax"), each once.
nlohmann::json termsFor(const nlohmann::json& spec) {
  QStringList terms;
  const auto add = [&terms](QString t) {
    t = t.trimmed();
    if (t.startsWith(QLatin1String("aten::"))) t = t.mid(6);
    while (t.startsWith(u'_')) t = t.mid(1);
    if (t.endsWith(QLatin1String("_forward"))) t.chop(8);
    t = t.replace(u'_', u' ').simplified().toLower();
    if (t.size() >= 3 && !terms.contains(t)) terms << t;
  };
  const nlohmann::json pattern = spec.value("pattern", nlohmann::json::object());
  const QString detail = QString::fromStdString(pattern.value("detail", std::string()));
  add(detail.section(u'(', 0, 0));
  for (const auto& op : spec.value("ops", nlohmann::json::array()))
    if (op.is_object() && op.value("op", nlohmann::json()).is_string())
      add(QString::fromStdString(op.value("op", std::string())));
  nlohmann::json out = nlohmann::json::array();
  for (const QString& t : terms.mid(0, 8)) out.push_back(t.toStdString());
  return out;
}

}  // namespace

nlohmann::json queryFor(const KnowledgeTool& tool, const nlohmann::json& spec) {
  const nlohmann::json target = spec.value("target", nlohmann::json::object());
  nlohmann::json shapes = nlohmann::json::array();
  nlohmann::json dtypes = nlohmann::json::array();
  for (const auto& t : spec.value("inputs", nlohmann::json::array())) {
    if (t.contains("shape")) shapes.push_back(t["shape"]);
    if (t.contains("dtype") && std::find(dtypes.begin(), dtypes.end(), t["dtype"]) == dtypes.end())
      dtypes.push_back(t["dtype"]);
  }
  const nlohmann::json all = {
      {"product", target.value("gpu", std::string())},
      {"arch", target.value("arch", std::string())},
      {"framework", target.value("framework", std::string())},
      {"dsl", target.value("framework", std::string())},
      {"operator", spec.value("pattern", nlohmann::json::object()).value("primary", std::string())},
      {"operator_family", familyFor(spec.value("pattern", nlohmann::json::object()))},
      {"shapes", shapes},
      {"dtype", spec.value("dtype", std::string())},
      {"dtypes", dtypes},
      {"terms", termsFor(spec)},
  };
  nlohmann::json q = nlohmann::json::object();
  const nlohmann::json props = tool.inputSchema().value("properties", nlohmann::json::object());
  for (auto it = props.begin(); it != props.end(); ++it)
    if (all.contains(it.key())) q[it.key()] = all[it.key()];
  return q;
}

QString renderPlan(const nlohmann::json& spec, const QString& framework, const QString& frameworkReason,
                   const QList<PlanQuery>& queries, const QList<KnowledgeRecord>& records, const PlanApproach& approach,
                   const QList<SetAsideRecord>& setAside) {
  const nlohmann::json src = spec.value("source", nlohmann::json::object());
  const nlohmann::json pattern = spec.value("pattern", nlohmann::json::object());
  QString md;
  md += QStringLiteral("# V0 plan: %1\n\n").arg(str(src, "name"));
  md += QStringLiteral("- Pattern: %1 (%2)\n").arg(str(pattern, "primary"), str(pattern, "detail"));
  // like terms combined, the counts beside (new-user trial 5, R8); no digit grouping inside the code span
  const auto counted = [&spec](const char* key, const char* unit) -> QString {
    const nlohmann::json c = spec.value(key, nlohmann::json::object());
    const nlohmann::json v = c.is_object() ? c.value("value", nlohmann::json()) : nlohmann::json();
    const QString n = v.is_number() && std::abs(v.get<double>()) >= 1000.0
                          ? QStringLiteral(" (= ") + siCount(v.get<double>(), QLatin1String(unit)) + u')'
                          : QString();
    const QString note = formulaNote(c);  // the count alone where no formula holds (new-user trial 17, #1)
    return u'`' + readableExpr(str(c, "expr"), false) + u'`' + n +
           (note.isEmpty() ? QString() : QStringLiteral(", ") + note);
  };
  md += QStringLiteral("- FLOPs: %1; minimum bytes: %2\n").arg(counted("flops", "FLOP"), counted("bytes", "B"));
  md += QStringLiteral("- Target: %1; framework **%2** — %3\n\n")
            .arg(str(spec.value("target", nlohmann::json::object()), "gpu"), framework, frameworkReason);
  md += QStringLiteral("## Queries made\n\n| tool | input | result |\n|---|---|---|\n");
  for (const PlanQuery& q : queries) {
    md += QStringLiteral("| `%1` | `%2` | %3 |\n")
              .arg(q.toolId, QString::fromStdString(q.input.dump()),
                   q.ok ? QStringLiteral("%1 records").arg(q.recordCount) : QStringLiteral("**missing:** ") + q.error);
  }
  md += QStringLiteral("\n## Records consulted (ids and sources exactly as returned)\n\n");
  if (records.isEmpty()) md += QStringLiteral("None. Missing facts are listed above.\n");
  md += QStringLiteral("| record id | what | source | constraint it establishes |\n|---|---|---|---|\n");
  for (const KnowledgeRecord& r : records) {
    md += QStringLiteral("| `%1`%2 | %3 | %4 | %5 |\n")
              .arg(r.id, r.fallback ? QStringLiteral(" (FALLBACK sample, not a match)") : QString(),
                   QString(r.content).replace(u'|', QStringLiteral("\\|")).replace(u'\n', u' '),
                   QString(r.source).replace(u'|', QStringLiteral("\\|")), r.constraint);
  }
  if (!setAside.isEmpty()) {
    md += QStringLiteral(
        "\n## Records set aside (returned, but they do not apply to this problem)\n\n| record id | tool | why |\n"
        "|---|---|---|\n");
    for (const SetAsideRecord& a : setAside)
      md += QStringLiteral("| `%1` | %2 | %3 |\n")
                .arg(a.record.id, a.record.toolId, QString(a.reason).replace(u'|', QStringLiteral("\\|")));
  }
  md += QStringLiteral("\n## Baseline approach\n\n");
  if (approach.backendLabel.isEmpty()) {
    md += QStringLiteral("No code generator for framework %1: kernel.py cannot be generated.\n").arg(framework);
  } else if (!approach.implemented) {
    md += QStringLiteral(
              "The %1 backend has no template for this problem yet (%2): kernel.py will be a skeleton marked "
              "unimplemented, with the spec's shapes filled in.\n")
              .arg(approach.backendLabel,
                   approach.whyNot.isEmpty() ? QStringLiteral("no reason given") : approach.whyNot);
  } else {
    md += QStringLiteral(
              "The %1 backend generates kernel.py for pattern %2. Its baseline configuration (the same rows go "
              "into baseline_report.md and memory/v0.json):\n\n| item | value |\n|---|---|\n")
              .arg(approach.backendLabel, str(pattern, "primary"));
    for (const auto& row : approach.baselineConfig)
      md += QStringLiteral("| %1 | %2 |\n").arg(row.first, QString(row.second).replace(u'|', QStringLiteral("\\|")));
  }
  return md;
}

QString renderWorkspaceReadme(const nlohmann::json& spec, const QString& gpuId, const QString& framework,
                              const QString& frameworkReason, const QList<KnowledgeRecord>& records) {
  const nlohmann::json src = spec.value("source", nlohmann::json::object());
  QString md;
  md += QStringLiteral("# kernel_opt_%1\n\n").arg(str(src, "name"));
  md += QStringLiteral("Problem `%1` (pattern %2) on **%3**, framework **%4** (%5).\n\n")
            .arg(str(src, "name"), str(spec.value("pattern", nlohmann::json::object()), "primary"), gpuId, framework,
                 frameworkReason);
  md += QStringLiteral("## Tensors\n\n| name | kind | shape | dtype |\n|---|---|---|---|\n");
  for (const auto& t : spec.value("inputs", nlohmann::json::array()))
    md += QStringLiteral("| %1 (in) | %2 | %3 | %4 |\n")
              .arg(str(t, "name"), str(t, "kind"), shapeText(t), str(t, "dtype"));
  for (const auto& t : spec.value("outputs", nlohmann::json::array()))
    md += QStringLiteral("| %1 (out) | %2 | %3 | %4 |\n")
              .arg(str(t, "name"), str(t, "kind"), shapeText(t), str(t, "dtype"));
  md += QStringLiteral(
      "\n## Optimization targets and their sources\n\n"
      "Targets come from the roofline of the target GPU: a memory-bound kernel is measured against the "
      "memory bandwidth (datasheet, and the copy bandwidth measured in the run), a compute-bound one "
      "against the dense peak of its dtype. The peaks used, with their citations:\n\n");
  for (const KnowledgeRecord& r : records)
    if (r.toolId == QLatin1String("spec-ledger"))
      md += QStringLiteral("- `%1`: %2 — %3\n").arg(r.id, r.content, r.source);
  md += QStringLiteral(
      "\n## Files\n\n"
      "- `reference.py` the PyTorch reference; `kernel.py` the baseline kernel (`ModelNew`); "
      "`test_kernel.py` the harness: `\"$(cat .kwb/python)\" test_kernel.py --version v0 --no-memory` runs it "
      "under the Python with torch that this workspace was made with (`.kwb/python`), or "
      "`python3 tools/sandbox.py --kind run --no-sync -- python test_kernel.py --version v0 --no-memory` "
      "(on the GPU); on a machine without one, `\"$(cat .kwb/python)\" test_kernel.py --version v0 "
      "--cpu-dry-run` checks the harness and the reference at reduced shapes where the inputs can be resized (the "
      "kernel is not run)\n"
      "- `plans/v0_plan.md` knowledge consulted; `baseline_report.md`; `memory/v0.json`\n"
      "- `tools/*.py` the seed's commands (`compute_utilization.py`, `memory_manager.py`, `plugin.py`, "
      "`sandbox.py`), thin shims over `kwb`\n"
      "- `.atrex_plugins/instructions.md` the enabled knowledge tools, their input schemas and the rules for "
      "citing them: the seed's orchestrator installs it there and its phase 2 reads it (`python3 tools/plugin.py "
      "list` shows the same); regenerated by `kwb`, not yours to edit\n"
      "- ISA optimization thresholds: none set for V0 (no profile yet); they must be derived from "
      "documented best practice, hardware specs and the roofline, never invented.\n");
  return md;
}

}  // namespace kwb
