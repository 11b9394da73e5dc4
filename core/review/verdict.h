#pragma once
// One status model for a V0 run: the quality gate is the headline, and a skeleton, a CPU dry run and
// a stopped run each read as what they are, never as the harness's per-case PASS.

#include <QString>

namespace kwb {

/// What a run (or a recorded workspace) amounts to, in the order a reader needs it.
enum class Verdict {
  NotRun,         ///< no run yet
  Running,        ///< the measurement is going
  Pass,           ///< the quality gate passed on the target
  Fail,           ///< the gate failed (a case, conformance, a harness error, ...)
  TimeoutFail,    ///< a case hung and the watchdog killed it (dominates Fail)
  Skeleton,       ///< kernel.py is an unimplemented skeleton: nothing of ours was measured
  DryRun,         ///< CPU dry run: the harness checked the reference against itself; no kernel ran
  DryRunTimeout,  ///< CPU dry run that checked nothing: problem_shape, or every case, ran out of the per-case time
                  ///< on this CPU (or the model code hangs). kernel.py never ran, so nothing is judged: neither
                  ///< a FAIL nor a pass; --case-timeout SEC is the fix (new-user trial 18, #3)
  Stopped,        ///< the user stopped the run: nothing may be recorded from it as a result
  Error,          ///< the harness itself failed (no RESULT_JSON, exit 2)
  Incomplete,     ///< the run was interrupted (killed, the machine stopped): its folder has no result.json, and no
                  ///< record describes it; `kwb baseline --force` runs it again (new-user trial 17, #5)
};

/// What decides the verdict; each flag is known at the end of a run and readable from a workspace.
struct VerdictInput {
  QString gateResult;         ///< the gate: "PASS" | "FAIL" | "TIMEOUT_FAIL" | "DRY_RUN" | "DRY_RUN_TIMEOUT" |
                              ///< "STOPPED" | "" (not evaluated)
  bool dryRun = false;        ///< mode "cpu-dry-run"
  bool skeleton = false;      ///< kernel.py is a skeleton marked unimplemented
  bool stopped = false;       ///< cancelled by the user
  bool harnessResult = true;  ///< the harness printed a RESULT_JSON
  bool interrupted = false;   ///< the run ended without a result.json and without a stop (kill -9, a crash)
};

/// The verdict: Stopped (the flag or a recorded "STOPPED" gate), then Incomplete (interrupted), then Skeleton, then
/// Error (no RESULT_JSON), then TimeoutFail / Fail / DryRunTimeout from the gate, then DryRun, then Pass. An empty gate
/// with none of the flags is NotRun.
Verdict verdictFor(const VerdictInput& in);

/// A stable code for files and tests: "PASS", "FAIL", "TIMEOUT_FAIL", "SKELETON", "DRY_RUN",
/// "DRY_RUN_TIMEOUT", "STOPPED", "ERROR", "INCOMPLETE", "RUNNING", "NOT_RUN".
QString verdictCode(Verdict v);

/// The translated headline shown to people ("PASS", "FAIL", "Skeleton: kernel not implemented", ...).
QString verdictTitle(Verdict v);

/// The verdict's code as people read it: the code in English ("DRY_RUN"), the word with the code in
/// parentheses under a catalogue (zh_CN "试运行（DRY_RUN）"; new-user trial 6, R7). Files keep verdictCode().
QString verdictLabel(Verdict v);

/// verdictLabel() of a gate or verdict code read from a record ("PASS", "DRY_RUN", ...); an unknown code as given.
QString gateCodeLabel(const QString& code);

/// A harness case status ("PASS", "FAIL", "TIMEOUT_FAIL", "ERROR", "STOPPED", "RUNNING", "SKIPPED") as a short
/// word for tables: the code in English, translated under a catalogue; any other text as given.
QString caseStatusLabel(const QString& status);

/// Why a CPU dry run shows no rel_err, in one wording for every view (wizard, case table, Runs, review, console):
/// no kernel ran; the reference stood in for kernel.py and was checked against its own float32 run, whose
/// low-precision cases differ by rounding alone (new-user trial 9, #10: one view showed 2.16e-03, two denied it).
/// Translated.
QString dryRunRelErrNote();

/// True only for a gate that passed on the target (Pass). A dry run is not a passing measurement.
inline bool isPassing(Verdict v) { return v == Verdict::Pass; }

/// True when the seed allows the V0 commit: a passing gate, or a dry run (whose commit says it is one).
inline bool allowsCommit(Verdict v) { return v == Verdict::Pass || v == Verdict::DryRun; }

/// True when the run produced records worth writing (everything but NotRun, Running and Stopped).
inline bool allowsRecords(Verdict v) { return v != Verdict::NotRun && v != Verdict::Running && v != Verdict::Stopped; }

}  // namespace kwb
