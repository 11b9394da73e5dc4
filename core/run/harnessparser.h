#pragma once
// Parser for the lines test_kernel.py prints (docs/CONTRACTS.md §2, DESIGN.md "The harness contract").

#include <QList>
#include <QStringList>
#include <QString>

#include <nlohmann/json.hpp>

#include <optional>

namespace kwb {

/// How the harness's reason for a CPU dry run's SKIPPED case starts (test_kernel.py's CpuDtypeGap): the PyTorch
/// reference raised in the case's low-precision dtype on this CPU's torch while it runs in float32 on the same
/// inputs (new-user trial 12, #2). The gate (evaluateGate) and the review list such cases in a DRY_RUN's reason
/// instead of failing them; outside a dry run a SKIPPED case fails the gate.
inline constexpr char kDryRunNotOnThisCpu[] = "dry run: not runnable on this CPU's torch";
/// In a SKIPPED case's reason: the reference has no finite value, so the case checks nothing (skippedAsVacuous).
inline constexpr char kVacuousCheck[] = "no finite value to compare";
/// How a SKIPPED case's reason starts when Model itself raises on the case's low-precision inputs (test_kernel.py's
/// ModelNotInDtype: an fp32 constant built in forward() meets a bf16 operand): the problem defines no output in that
/// dtype, so the case is not applicable; skippedAsVacuous counts it like a vacuous case (no failure, no pass).
inline constexpr char kModelNotInDtype[] = "not applicable in";

/// One case as the harness reported it in `CASE_RESULT {...}` (or in RESULT_JSON's "cases"), or
/// as the watchdog recorded it (status TIMEOUT_FAIL, raw built by the watchdog).
struct CaseResult {
  QString name;
  QString status;                   ///< PASS | FAIL | TIMEOUT_FAIL | ERROR | SKIPPED (CPU dry run: kDryRunNotOnThisCpu)
  std::optional<double> relErr;     ///< "rel_err": relative error vs the reference (unitless); null = not measured or
                                    ///< non-finite (see reason)
  std::optional<double> threshold;  ///< "threshold": the rel_err bound the case was held to (unitless)
  std::optional<double> latencyUs;  ///< "latency_us": kernel latency, µs, as timed by the harness
  std::optional<double> refLatencyUs;  ///< "ref_latency_us": PyTorch reference latency, µs
  std::optional<double> hostUs;     ///< "host_us": median host time of one kernel forward call, µs (GPU, timed case;
                                    ///< absent before it existed)
  std::optional<double> refHostUs;  ///< "ref_host_us": the same for the PyTorch reference, µs
  QString shape;       ///< "shape": text as given, or a JSON array joined as "4096x393216" (inputs separated by ", ")
  QString dtype;       ///< "dtype", e.g. "float32", "bfloat16"
  QString reason;      ///< why it failed / why a number is null; empty on a clean PASS
  nlohmann::json raw;  ///< the object exactly as received (or as the watchdog built it)

  bool passed() const { return status == QLatin1String("PASS"); }
};

/// The final document, `RESULT_JSON={...}`.
struct RunResult {
  QString version;                     ///< "version" (text; a number is kept as its decimal text)
  QString mode;                        ///< "gpu" | "cpu-dry-run"
  QString status;                      ///< PASS | FAIL | ERROR
  QString framework;                   ///< e.g. "cutedsl", "flydsl", "triton"
  QString gpu;                         ///< GPU name as torch reports it ("" on a CPU dry run); an object's "name"
  QString torch;                       ///< torch version
  QString triton;                      ///< triton version, "" if absent
  QString timingMethod;                ///< "timing_method", e.g. "cuda_event" / "triton.testing.do_bench"
  QList<CaseResult> cases;             ///< every case, in order
  std::optional<double> maxRelErr;     ///< "max_rel_err" over the cases (unitless)
  QString primaryCase;                 ///< "primary_case": the case whose latency is the headline
  std::optional<double> latencyUs;     ///< "latency_us" of the primary case, µs
  std::optional<double> refLatencyUs;  ///< "ref_latency_us" of the primary case, µs
  std::optional<double>
      hostUs;  ///< "host_us" of the primary case: median host time of one forward call, µs (GPU; optional)
  std::optional<double> refHostUs;   ///< "ref_host_us" of the primary case, µs (GPU; optional)
  std::optional<qint64> gridBlocks;  ///< "grid_blocks": CTAs launched by the primary case's kernel
  QString dryRunNote;                ///< "dry_run_note": why the numbers are not a GPU measurement
  /// "model_mode": the mode Model and ModelNew ran in (training as built, or eval where dropout is random) and
  /// why, as the harness says it ("" from a harness that does not report it).
  QString modelModeNote;
  /// "skipped_cases": cases not derivable or not run for this problem, as (name, reason); entries
  /// without a string name are ignored.
  QList<QPair<QString, QString>> skippedCases;
  QStringList torchShims;  ///< "torch_shims": stand-ins a CPU dry run gave an older torch (notes)
  /// "compile_ref" (with --compile-ref): torch.compile(Model), default mode, timed like the kernel on
  /// problem_shape at the kernel's precision. Read leniently: a run without it, or with a malformed
  /// one, leaves these empty.
  std::optional<double> compileRefLatencyUs;  ///< "compile_ref.latency_us", µs
  std::optional<double> compileRefCompileS;   ///< "compile_ref.compile_s": wall time of the first (compiling) call, s
  QString compileRefPrecision;                ///< "compile_ref.precision", e.g. "tf32"
  QString compileRefError;                    ///< "compile_ref.error": why there is no figure
  /// "dispatch_check" (GPU and test runs): whether ModelNew.forward, run once under a dispatch recorder,
  /// reached a PyTorch compute op (the dynamic half of the conformance gate). nullopt: not reported or
  /// not established; the ops as "aten::name xN".
  std::optional<bool> dispatchCheckOk;
  QStringList dispatchComputeOps;
  /// "kernel_profile" (GPU runs): one forward call under torch.profiler. Rows in launch order when
  /// "kernels" holds every launch, else "by_name"; each row's text fields as the profiler wrote them.
  struct ProfiledKernel {
    QString name;
    int count = 1;
    std::optional<double> us, sharePct;
    QString grid, block, regs, smem;
  };
  QList<ProfiledKernel> kernelProfile;
  int kernelLaunches = 0;
  std::optional<double> kernelTotalUs;  ///< "kernel_profile.total_us"
  QString kernelProfileError;           ///< "kernel_profile.error"
  nlohmann::json raw;                   ///< the document exactly as received
};

/// What one output line is.
struct HarnessEvent {
  enum class Kind { Other, CasePlan, CaseStart, CaseResult, ResultJson, GpuLock, Compile, ParseError };
  Kind kind = Kind::Other;
  QString raw;             ///< the whole line as received
  nlohmann::json payload;  ///< the parsed JSON (CaseStart, CaseResult, ResultJson)
  QString error;           ///< ParseError only: why, e.g. "CASE_RESULT: syntax error ... at byte 12"
  QString marker;  ///< "CASE_PLAN" | "CASE_START" | "CASE_RESULT" | "RESULT_JSON" | "GPU_LOCK" | "COMPILE" (also on
                   ///< ParseError); "" for Other
  QStringList plannedCases;  ///< CasePlan: every case this process would run before --skip/--cases, in order
  QString caseName;          ///< CaseStart / CaseResult: the case's "name"; Compile: its "case" ("" if not given)
  int caseIndex = 0;         ///< CaseStart: "index", 1-based position in this process's cases (0 = not given)
  int caseTotal = 0;         ///< CaseStart: "total", cases this process runs (0 = not given; older harnesses)
  /// GpuLock: "wait" (the harness waits for the suite's GPU timing lock; its case's time is paused),
  /// "held" (it got the lock; the case's time runs again) or "released" (the timed region ended).
  QString lockState;
  /// Compile: "start" (the case's first kernel call, its JIT compile, begins under its own limit) or "end" (it
  /// returned or failed; the case's own time starts again in full).
  QString compileState;
  double compileLimitSec = 0;            ///< Compile "start": "limit_s", the harness's KWB_COMPILE_TIMEOUT_SEC (s, > 0)
  std::optional<double> compileSeconds;  ///< Compile "end": "seconds", the first call's wall time (s), if given
  std::optional<kwb::CaseResult> caseResult;  ///< CaseResult: the typed result
  std::optional<kwb::RunResult> runResult;    ///< ResultJson: the typed document
};

/// The prefix every harness line starts with: "[test_kernel] ".
QString harnessLinePrefix();

/// Classifies one line (without its newline).
/// - `[test_kernel] CASE_PLAN {"cases": [names]}` / `CASE_START {json}` / `CASE_RESULT {json}` /
///   `RESULT_JSON={json}` → the matching kind with payload and typed fields;
/// - JSON nested deeper than 64 levels is a ParseError before it is parsed (limits::kHarnessJsonDepth);
/// - such a line whose JSON is not strict JSON (NaN, Infinity, truncated, ...) or lacks required
///   fields (name; status among the known ones) → ParseError with the reason and the raw line: never
///   dropped;
/// - `[test_kernel] GPU_LOCK {"state": "wait"|"held"|"released", ...}` → GpuLock with lockState (the suite's GPU
///   timing lock, docs/CONTRACTS.md §2); another state is a ParseError;
/// - `[test_kernel] COMPILE {"state": "start", "case", "limit_s": S}` / `COMPILE {"state": "end", "case", "seconds"}`
///   → Compile (a case's first kernel call in its compile window, docs/CONTRACTS.md §2); another state, or a start
///   without a positive number "limit_s", is a ParseError;
/// - any other line, including other `[test_kernel] ...` text → Other.
/// Leading whitespace is ignored. A marker glued after text that had no newline
/// ("progress 99%[test_kernel] RESULT_JSON={...}") is still recognised.
HarnessEvent parseHarnessLine(const QString& line);

/// Whether @p c is a CPU dry run's case its CPU torch cannot run (status SKIPPED, reason starting with
/// kDryRunNotOnThisCpu) in a run that is a CPU dry run (@p cpuDryRun). Such a case fails neither the harness's
/// status (test_kernel.py.in summarize()), nor the run's (result.json), nor the gate; it is listed in the DRY_RUN's
/// reason. Outside a dry run a SKIPPED case fails.
bool skippedForThisCpu(const CaseResult& c, bool cpuDryRun);

/// Whether @p c is a case with nothing to compare (status SKIPPED, reason containing kVacuousCheck: every reference
/// value is non-finite, test_kernel.py.in compare()), in any mode. Like skippedForThisCpu's cases it fails neither
/// the harness's status nor the run's nor the gate, but it is no pass: at least one case must pass (new-user trial
/// 21, #3: such a case read "PASS, reference is all zero" before). Also a case whose reason starts with
/// kModelNotInDtype (Model itself raises in the case's dtype): not applicable, by the same rule.
bool skippedAsVacuous(const CaseResult& c);

/// A harness "shape" field as people read it: [4096, 393216] → "4096x393216", one shape per input
/// joined by ", " ([[2, 3], [3]] → "2x3, 3"), a 0-d tensor's [] → "()", a string as is, null → "".
QString harnessShapeText(const nlohmann::json& shape);

/// True for PASS, FAIL, TIMEOUT_FAIL and ERROR.
bool isCaseStatus(const QString& status);

/// A CaseResult from a CASE_RESULT object. Required: "name" (non-empty string), "status"
/// (isCaseStatus). Optional numbers may be null or absent; a present value of the wrong type or a
/// non-finite number is an error. On error returns nullopt and sets @p error.
std::optional<CaseResult> caseResultFromJson(const nlohmann::json& object, QString* error);

/// A RunResult from a RESULT_JSON object. Required: "status" (PASS | FAIL | ERROR); "cases", when
/// present, an array of valid case objects. Same type rules as caseResultFromJson.
std::optional<RunResult> runResultFromJson(const nlohmann::json& object, QString* error);

/// The contract's field names and values, from the typed fields (null for absent numbers; the
/// optional "host_us" / "ref_host_us" are written only when set or already present in raw).
nlohmann::json toJson(const CaseResult& result);
/// The document from the typed fields; keys of raw not modelled here are kept.
nlohmann::json toJson(const RunResult& result);

}  // namespace kwb
