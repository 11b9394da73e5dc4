#pragma once
// Phase 2's written outputs: the knowledge query derived from the spec, plans/v0_plan.md, and the
// workspace README.md (problem, target, framework, optimization targets with their sources).

#include <QList>
#include <QString>

#include <nlohmann/json.hpp>

#include "core/knowledge/knowledgetool.h"
#include "core/knowledge/relevance.h"

namespace kwb {

/// One knowledge query as it was made (for the plan and memory/v0.json `search_log`).
struct PlanQuery {
  QString toolId;
  nlohmann::json input;
  bool ok = false;
  QString error;  ///< the tool's error when !ok (a missing fact, recorded as such)
  int recordCount = 0;
};

/// The query for `tool` built from the spec: exact product (the ledger id), arch, framework,
/// operator (the pattern), operator_family (the stores' vocabulary: gemm, gemv, flash-attention, conv,
/// or the pattern lower-cased), shapes and dtypes, restricted to the properties the tool's input
/// schema declares.
nlohmann::json queryFor(const KnowledgeTool& tool, const nlohmann::json& spec);

/// The baseline the framework backend will generate in phase 3, as the plan states it.
struct PlanApproach {
  QString backendLabel;                           ///< e.g. "Triton"; empty: no backend for the framework
  bool implemented = false;                       ///< the backend has a template for this spec
  QString whyNot;                                 ///< !implemented: the backend's reason (one sentence)
  QList<QPair<QString, QString>> baselineConfig;  ///< implemented: (item, value) rows, as in the report
};

/// Markdown of plans/v0_plan.md: the problem, the framework decision, every query and every record
/// consulted with its id and source exactly as returned, the constraints they establish, missing facts,
/// and the baseline approach: the configuration the backend generates, or why kernel.py will be a
/// skeleton marked unimplemented. @p setAside: the records the tools returned that do not apply to this
/// problem (filterRelevantRecords), listed apart with their ids exactly as returned and the reason.
QString renderPlan(const nlohmann::json& spec, const QString& framework, const QString& frameworkReason,
                   const QList<PlanQuery>& queries, const QList<KnowledgeRecord>& records, const PlanApproach& approach,
                   const QList<SetAsideRecord>& setAside = {});

/// Markdown of the workspace README.md.
QString renderWorkspaceReadme(const nlohmann::json& spec, const QString& gpuId, const QString& framework,
                              const QString& frameworkReason, const QList<KnowledgeRecord>& records);

}  // namespace kwb
