#pragma once
// Phase 4 after the run: the quality gate, utilization and roofline, baseline_report.md,
// memory/v0.json and the roofline figure, all from one RunOutcome.

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/knowledge/knowledgetool.h"
#include "core/perf/roofline.h"
#include "core/perf/utilization.h"
#include "core/pipeline/plan.h"
#include "core/records/versions.h"  // recordPaths(): where version N's records go
#include "core/run/harnessrun.h"

namespace kwb {

class Workspace;

struct RecordsInput {
  const nlohmann::json* spec = nullptr;  ///< the phase-1 spec (with "target")
  QString gpuId, framework, frameworkReason;
  bool outsidePolicy = false;
  bool cpuDryRun = false;
  const RunOutcome* outcome = nullptr;
  const QList<KnowledgeRecord>* records = nullptr;  ///< consulted in phase 2
  const QList<PlanQuery>* searchLog = nullptr;
  QList<QPair<QString, QString>> baselineConfig;  ///< from the code generator
  QString mathDtype;                              ///< GeneratedKernel::mathDtype: the ledger dtype whose
                                                  ///< compute peak rates the kernel ("" = the spec's dtype)
  bool implemented = true;                        ///< false: kernel.py is a skeleton
  bool kernelUserEdited = false;                  ///< kernel.py is the user's edit, kept (not regenerated)
  QString kernelBlob;  ///< git blob id of the kernel.py the run measured (memory's workbench.kernel_blob; "" = null)
  bool kernelKeptStale = false;  ///< kernel.py was kept from an earlier version of the problem (--stale-edits keep):
                                 ///< a warning in the report and in memory's workbench.warnings (trial 19, #3)
  QString staticCheck;           ///< CuTe DSL static check summary ("" if none)
  bool staticCheckOk = true;
  /// Why kernel.py is a skeleton (BaselineJob::skeletonReason()): the gate's reason names it ("" = none).
  QString skeletonReason;
  /// The interpreter for the stdlib-only conformance check: the run's own Python (a real binary) where known; ""
  /// = `python3` on PATH (a pyenv shim there cost 5-13 s per check on the loaded VM,
  /// docs/results/2026-12-02-v0fast.md).
  QString checkPython;
  QString command;              ///< the kwb command line, for the report
  QStringList problemWarnings;  ///< phase 1's warnings about the problem (e.g. larger than the
                                ///< GPU's memory); into the report's warnings and memory/v0.json
  int version = 0;              ///< N of the version recorded: 0 = the baseline (baseline_report.md, memory/v0.json),
                                ///< N > 0 = a measured edit (reports/vN_report.md, memory/vN.json; see recordPaths())
  const nlohmann::json* previous = nullptr;  ///< memory/v(N-1).json (or the highest below N) for
                                             ///< performance.comparison_with_previous; null for V0
  int caseTimeoutSec = 0;                    ///< the per-case limit the run had (s; 0 = not known), for the reasons
  QString stopCause;  ///< why a cancelled run stopped ("the run was stopped by SIGTERM ..."); "" = by the user
};

struct RecordsOutput {
  std::optional<UtilizationResult> utilization;  ///< empty on a CPU dry run (never a kernel measurement)
  std::optional<RooflineData> roofline;          ///< roofs always; the point only for a GPU run
  QString gateResult;                            ///< PASS | FAIL | TIMEOUT_FAIL | DRY_RUN | DRY_RUN_TIMEOUT | STOPPED
  QString gateReason;
  QStringList files;  ///< workspace-relative files written
  /// Of `files`, the records left as they were: their content, all but the date (the report's "- Date:" line,
  /// memory's "timestamp"), equals what this run would write, so rewriting them would only move the date and
  /// leave a committed version dirty (new-user trial 12, #9).
  QStringList unchanged;
  QStringList summary;  ///< lines for the progress log
};

/// The warning a version's report ("What was and was not run") and memory's workbench.warnings carry when kernel.py
/// was the user's edit made for an earlier version of the problem and kept by --stale-edits keep: the record must
/// not present it as this problem's generated baseline (new-user trial 19, #3).
inline constexpr char kKeptStaleWarning[] =
    "kernel.py was kept from an earlier version of the problem (--stale-edits keep); not regenerated; compare with "
    "kernel.py.generated";

/// How a CPU dry run's gate reason starts when it checked nothing of the problem: every case, or problem_shape,
/// ran out of the per-case time (the suite reads it to run the problem again at a larger --case-timeout).
inline constexpr char kDryRunCheckedNothing[] = "the dry run checked nothing: ";

/// The gate of a CPU dry run that checked nothing only because problem_shape, or every case, ran out of the per-case
/// time (its one reason starts with kDryRunCheckedNothing): nothing was judged, kernel.py never ran. Not committed,
/// `kwb baseline` / `kwb measure` exit 3, a suite counts it apart and runs it again at a larger --case-timeout
/// (new-user trial 18, #3). memory/vN.json's quality_gate.result holds it as written.
inline constexpr char kDryRunTimeoutGate[] = "DRY_RUN_TIMEOUT";

/// How the gate's reason starts for a PASS that timed nothing: the harness's RESULT_JSON carries "untimed" (every case
/// that checked the kernel passed, but no case was timed: problem_shape not applicable in its own dtype and no
/// fallback case could run, trial 31's p02 / p05). The gate stays PASS (the kernel is correct), its reason says
/// "untimed: <the harness's why>", and the report's Result reads "PASS (untimed)"; a suite counts such rows apart
/// (SuiteSummary::untimed) and leaves them out of no geomean they were in (they have no latency).
inline constexpr char kUntimedPass[] = "untimed: ";

/// The quality gate alone, written nowhere: every case PASS, a RESULT_JSON, a real (implemented) kernel
/// that passes its framework's conformance check (a python3 process reads `kernelPath`). Sets
/// out->gateResult (PASS | FAIL | TIMEOUT_FAIL, DRY_RUN for a passing CPU dry run, STOPPED for a run the user
/// stopped, which dominates; TIMEOUT_FAIL dominates FAIL; on a CPU dry run a TIMEOUT_FAIL case is the reference's
/// slowness on this CPU, so it leaves DRY_RUN and the reason says "reference too slow on this CPU", unless every
/// case or problem_shape ran out of time: then the dry run checked nothing, DRY_RUN_TIMEOUT (kDryRunTimeoutGate) whose
/// reason starts with kDryRunCheckedNothing and says to raise --case-timeout; FAIL when another reason joins it) and
/// out->gateReason. buildRecords calls it;
/// BaselineJob calls it as the run ends.
void evaluateGate(const RecordsInput& in, const QString& kernelPath, RecordsOutput* out);

/// The gate's name wherever the workbench shows it: "SKELETON" for a skeleton's failing gate (FAIL, or TIMEOUT_FAIL
/// from a dry run's slow reference), else @p gateResult. memory/vN.json's quality_gate.result keeps the seed's FAIL
/// (its schema's values), with the skeleton's reason in failure_reason (new-user trial 14, #7: one output said FAIL
/// and SKELETON for the same run).
QString shownGate(const QString& gateResult, bool skeleton);

/// Renders the roofline PNG; see BaselineJob::setFigureRenderer.
using FigureRenderFn = std::function<bool(const RooflineData&, const QString& pngPath, QString* error)>;

/// Evaluates the gate, computes utilization against the ledger, writes roofline.png (when a renderer
/// is given), baseline_report.md and memory/v0.json. A report or memory record whose content, apart from its
/// date, is what this run would write is not rewritten (listed in out->unchanged): writing it again would change
/// only the date. False + error only on I/O failure; a FAIL gate is a successful write of a failing record.
bool buildRecords(const RecordsInput& in, Workspace& ws, const FigureRenderFn& renderFigure, RecordsOutput* out,
                  QString* error);

/// A reviewer's summary of a spec's "ops" (the probe's aten ops in order): the compute ops by name with their counts,
/// in the order each first ran, then the layout ops (views, reshapes, expands, clones: no arithmetic) as one count
/// with theirs, e.g. "12 aten ops: `addmm` ×2, `relu` ×2; layout 8 (`view` ×6, `expand` ×2)". A model of 60 ops read
/// as a list of 60 names, every view among them (new-user trial 12, #10). "" for no ops.
QString summariseAtenOps(const nlohmann::json& ops);

/// "float32" → "fp32", "bfloat16" → "bf16", "float16" → "fp16"; others unchanged.
QString ledgerDtype(const QString& torchDtype);

/// True when @p spec computes a matrix product: its pattern's primary or one of its ops is in the GEMM, Convolution,
/// Attention or Recurrent category (the work a tensor core runs).
bool specHasMatrixProduct(const nlohmann::json& spec);

/// The ledger dtype whose dense peak is @p spec's compute roof: @p mathDtype when set (GeneratedKernel::mathDtype),
/// else the spec's dtype through ledgerDtype(), except that an fp16 / bf16 / fp8 problem without a matrix product
/// (specHasMatrixProduct) gets "fp32": the ledger's fp16 / bf16 / fp8 peaks are tensor-core figures, and such a
/// kernel converts its loads to fp32 and computes on the CUDA cores / vector units, whose peak is the fp32 row
/// (cited like every peak: "non-tensor (CUDA core) FP32", "vector FP32 (non-matrix)"). @p nonTensor (may be null)
/// is set true in that case only.
QString rooflineComputeDtype(const nlohmann::json& spec, const QString& mathDtype, bool* nonTensor = nullptr);

/// The utilization request of @p spec (the phase-1 spec: its flops.expr and bytes.expr over its numeric sizes) on
/// @p gpuId, rated in rooflineComputeDtype(@p spec, @p mathDtype), with no
/// time and no measured ceiling set: what buildRecords computes the roofline from, and analyticRoofline() too.
UtilizationRequest specUtilizationRequest(const nlohmann::json& spec, const QString& gpuId, const QString& mathDtype);

/// RooflineData::label of analyticRoofline(): the point's intensity comes from the spec, nothing was measured.
inline constexpr char kAnalyticPointLabel[] = "analytic intensity";

/// The roofline of @p spec on @p gpuId before any measurement (after phase 1): the roofs for the dtype
/// (specUtilizationRequest), the spec ledger's recorded copy ceiling when it has one, and the analytic arithmetic
/// intensity (FLOP/byte) as pointIntensity, with pointTflops 0 and label kAnalyticPointLabel. The same computation
/// buildRecords makes for the report's figure, so the chart does not change its roofs when the report is written.
/// nullopt with the reason in @p error (may be null) when the GPU or dtype has no peak in the ledger or an
/// expression does not evaluate.
std::optional<RooflineData> analyticRoofline(const nlohmann::json& spec, const QString& gpuId, const QString& mathDtype,
                                             QString* error = nullptr);

/// The cases of @p cases that ran on synthetic inputs (the harness's "inputs" note starts "synthetic inputs":
/// get_inputs() could not make the case's shapes), as (name, that note), in order; baseline_report.md lists them
/// (new-user trial 19, #11: result.json said so, the report did not).
QList<QPair<QString, QString>> syntheticInputCases(const QList<CaseResult>& cases);

/// One report warning for the cases whose result's layout differs from Model's (the harness's "output_layout"):
/// "the kernel's result is not in Model's layout in case(s) A, B: " and the first such case's own warning; "" when
/// none. A warning, not a gate: the values are compared apart (DECISIONS, session 31, "Output layout").
QString outputLayoutWarning(const QList<CaseResult>& cases);

}  // namespace kwb
