#pragma once
// What the workbench window works on, as one object panels subscribe to: the BaselineJob of the open
// logic file and the phase it runs, the workspace under review (read back, nothing re-run), and the
// headline verdict of the current or reviewed run. The window decides when (its checks, its dialogs);
// the session owns the job, runs phases 1-3 off the GUI thread and re-emits the job's progress, so a
// panel connects once, not once per job. The rules live here too (may a phase start? may the records
// be written, or must the user be asked first? may the run be committed?), answered as typed results
// whose messages are translated (tr, context kwb::WorkbenchSession); the window only asks the user.

#include <QObject>

#include <memory>
#include <optional>

#include "core/codegen/preview.h"
#include "core/pipeline/baselinejob.h"
#include "core/review/workspacereview.h"

template <typename T>
class QFutureWatcher;

namespace kwb {

/// Why a phase may not start now (WorkbenchSession::checkPhase); None: it may.
enum class PhaseBlock {
  None,
  Busy,             ///< a phase 1-3 is on the worker thread
  NoLogicFile,      ///< nothing is open
  NoGpu,            ///< phase 1 with an empty GPU box: the user has to pick one (not a failed phase)
  OutOfRange,       ///< not a phase 1..4
  PreviousNotDone,  ///< phase N-1 has not passed (or there is no job before phase 1)
  SettingsChanged,  ///< GPU, framework, workspace or dry-run mode differ from phase 1's
};

/// The answer of checkPhase(): block, and a message for the user (translated) when blocked.
struct PhaseCheck {
  PhaseBlock block = PhaseBlock::None;
  QString title;    ///< a dialog title ("Phase 3", "Settings changed")
  QString message;  ///< why, and what to do
  bool ok() const { return block == PhaseBlock::None; }
};

/// What writing the job's records needs (WorkbenchSession::recordsDecision).
enum class RecordsAction {
  Write,              ///< write them
  AlreadyWritten,     ///< this measurement's records are on disk; nothing to do
  AskReplacePassing,  ///< they would replace a passing memory/v0.json with a non-passing run: ask first
  Refused,            ///< not possible (busy, nothing measured, a stopped run); message says why
};

/// The answer of recordsDecision().
struct RecordsDecision {
  RecordsAction action = RecordsAction::Refused;
  QString message;  ///< for Refused: why (translated); empty otherwise
};

/// The answer of checkCommit(): ok, or why not (translated).
struct CommitCheck {
  bool ok = false;
  QString message;
};

class WorkbenchSession : public QObject {
  Q_OBJECT
 public:
  explicit WorkbenchSession(QObject* parent = nullptr);
  /// Waits for a phase 1-3 still on the worker thread (it uses the job; seconds at most).
  ~WorkbenchSession() override;

  /// Shows a finished workspace: emits reviewChanged() and verdictChanged() with its verdict.
  void setReview(const WorkspaceReview& review);
  /// Leaves review mode (a new logic file, or phase 1 started): emits reviewChanged() and
  /// verdictChanged(NotRun).
  void clear();
  /// The headline of the live run (Running, then the gate); emits verdictChanged() when it differs.
  void setVerdict(Verdict verdict, const QString& reason = {});

  /// The workspace under review, if any.
  const std::optional<WorkspaceReview>& review() const { return m_review; }
  Verdict verdict() const { return m_verdict; }
  QString verdictReason() const { return m_reason; }

  /// Replaces the job with a new one for @p options (phase 1 of the window), its roofline figure drawn by
  /// @p renderer, and leaves review mode. Emits jobChanged(). Refused (nullptr) while a phase 1-3 runs.
  BaselineJob* newJob(const BaselineOptions& options, FigureRenderer renderer);
  /// Measure again, as `kwb measure` does and through the same code: a new job opens @p options.workspaceDir (an
  /// existing workspace with a V0) as its next version (BaselineJob::openForNextVersion: spec, GPU, framework and
  /// Python restored, nothing regenerated), then runs phase 4 on kernel.py as it is on disk, writes
  /// reports/vN_report.md and memory/vN.json and commits "VN: ..." when the gate allows it
  /// (BaselineJob::measureAndRecord). @p options carries the workspace, the CPU-dry-run mode, the target, the case
  /// timeout and the commit flag. Progress, output and cases arrive as for phase 4, then versionRecorded().
  /// nullptr with *error (nothing changed, review mode kept) while a phase runs or when the workspace cannot be
  /// opened (not a workspace, no memory/v0.json, a damaged record).
  BaselineJob* measureNextVersion(const BaselineOptions& options, FigureRenderer renderer, QString* error = nullptr);
  /// Drops the job (a new logic file or workspace was opened); emits jobChanged(). Refused (false) while a
  /// phase 1-3 runs; a measurement (phase 4) must have been stopped by the caller.
  bool dropJob();
  /// The job of the open logic file (nullptr before phase 1, or after dropJob()).
  BaselineJob* job() const { return m_job.get(); }
  /// What code generation will make of job()'s spec with its framework, as `kwb analyze` says it (fusion groups;
  /// per framework a kernel or the reason for a skeleton): set when phase 1 passes and when the spec is replaced
  /// (specReplaced()); valid = false before phase 1, without a job, and while phase 1 runs again.
  const CodegenVerdict& codegenVerdict() const { return m_codegen; }
  /// job()'s spec was replaced (an edited spec saved through BaselineJob::setSpec): recomputes codegenVerdict(),
  /// marks phases 2-4 as not run and emits codegenVerdictChanged().
  void specReplaced();

  /// Runs phase 1..4 of job(). Phases 1-3 (the probe, the knowledge tools, generation: seconds) run on a
  /// worker thread (QtConcurrent), during which nothing else may touch the job; phase 4 starts the harness
  /// (a QProcess on this thread). Either way phaseFinished() follows (for phase 4: the job's measured()).
  /// @p wait blocks until a phase 1-3 has finished and its phaseFinished() was emitted.
  /// False (nothing started) without a job, for a phase outside 1..4, or while a phase 1-3 runs.
  bool runPhase(int phase, bool wait = false);
  /// Stops what runs now, in any phase (BaselineJob::cancel): phases 1-3 on the worker thread end within about a
  /// second (the probe's process group is ended) and finish with phaseFinished(phase, false) and job()->stopped();
  /// phase 4's harness is stopped and its run recorded as stopped. False when nothing runs. The destructor stops
  /// too before it waits (Quit during phase 1 kept the process alive for the probe's limit, new-user trial 12, #5).
  bool stop();
  /// The phase 1-3 now on the worker thread, 0 when none (a running phase 4 is not counted: the job
  /// may be read on this thread while the harness runs).
  int busyPhase() const { return m_busyPhase; }
  /// True while phase 4 (the harness) runs: from runPhase(4) until its phaseFinished().
  bool measuring() const { return m_measuring; }

  /// A phase's name as the wizard shows it ("Understand", "Learn", "Implement", "Measure"), translated.
  static QString phaseName(int phase);

  /// True once phase @p phase (1..4) of the current job finished and passed (phase 4: its gate allows a
  /// commit: PASS or a dry run). Reset by newJob() and by invalidateFrom().
  bool phaseDone(int phase) const { return phase >= 1 && phase <= 4 && m_done[phase - 1]; }
  /// Marks phases @p phase..4 as not run (the spec was edited: the later phases must run again).
  void invalidateFrom(int phase);

  /// May phase @p phase start now? @p logicPath is the open logic file ("" if none); @p form is the
  /// options the wizard's form holds now (its GPU, framework, workspace, dry-run mode), compared with
  /// phase 1's for phases 2-4. Nothing is changed.
  PhaseCheck checkPhase(int phase, const QString& logicPath, const BaselineOptions& form) const;
  /// True when @p now runs what @p was ran (same GPU, framework, dry-run mode and workspace; an empty
  /// workspace in @p now means "the default", which is @p was's).
  static bool sameRunSettings(const BaselineOptions& now, const BaselineOptions& was);

  /// What writing job()'s records for its last measurement needs: Write, AlreadyWritten (unless
  /// @p rewrite), AskReplacePassing (recordsWouldReplacePassing()), or Refused with why.
  RecordsDecision recordsDecision(bool rewrite) const;
  /// May job()'s last measurement be committed? Only a gate that allowsCommit() (PASS, or a dry run whose
  /// commit says so); checked before any record is written.
  CommitCheck checkCommit() const;
  /// Commits the workspace (BaselineJob::commitWorkspace: "V0: baseline kernel", or "Vn: …") and emits
  /// committed() and summaryChanged(4, …) with the commit appended. False with job()->lastError();
  /// refused (false) when checkCommit() is not ok or no records were written.
  bool commit();

  /// Phase 2's summary for the wizard: the records consulted, their tools, fallbacks, the plan's path.
  /// Empty before phase 2 passed.
  QString learnSummary() const;
  /// Phase 4's summary for the wizard: the gate, why, the harness's figures, the log, what comes next;
  /// "Measuring: …" while it runs; empty before.
  QString measureSummary() const { return m_measureSummary; }
  /// @p summary (a phase-4 summary) with its trailing "Next: Report, Memory, Commit." replaced by the line saying the
  /// report and memory record are written and commit @p id (shown as 12 hex digits) with @p subject was made.
  QString withCommitLine(const QString& summary, const QString& id, const QString& subject) const;

  /// True when writing job()'s records would replace a passing memory/v0.json with one that is not a pass
  /// (the window asks first; the CLI keeps its own rule).
  bool recordsWouldReplacePassing() const;
  /// Writes job()'s records for its last measurement (BaselineJob::writeRecords: the report, memory, the
  /// roofline) and emits recordsWritten(). False with job()->lastError(); refused (false, nothing written)
  /// without a measured job or while a phase 1-3 runs.
  bool writeRecords();
  /// Run All Phases' end, the same step as `kwb baseline`'s (BaselineJob::recordMeasurement): writes job()'s records
  /// for its last measurement, whatever its gate (a FAIL, a skeleton, a dry run), then commits the version when the
  /// gate allows it and job()->options().commit, else commits the generated files as a base for the user's edits. Emits
  /// recordsWritten(), committed() and summaryChanged(4, …) as they happen. True when the gate allows a commit and it
  /// was made; false with job()->lastError(). Refused (false, nothing written) without a measured job or while a
  /// phase runs. The window asks recordsWouldReplacePassing() first, as for writeRecords().
  bool recordRun();
  /// True once writeRecords() succeeded for the job's last measurement (cleared by a new job and by phase 4).
  bool hasRecords() const { return m_hasRecords; }
  /// True once the job's last measurement was committed as a version (commit() or recordRun()); cleared by a new job
  /// and by phase 4. The window's Commit is then done, not offered again.
  bool committedRun() const { return m_committed; }

 Q_SIGNALS:
  /// review() changed (set or cleared).
  void reviewChanged();
  /// The headline changed.
  void verdictChanged(kwb::Verdict verdict, const QString& reason);
  /// job() was replaced or dropped.
  void jobChanged();
  /// Phase 1..3 of job() started on the worker thread (phase 4 shows itself through the cases).
  void phaseStarted(int phase);
  /// Phase 1..4 of job() ended; ok as the job's phase method returned (phase 4: the harness run ended
  /// with results; the verdict is job()->verdict()).
  void phaseFinished(int phase, bool ok);
  /// The job's progress message during phase @p phase, of @p kind (BaselineJob::progress).
  void progress(int phase, const QString& message, kwb::MessageKind kind = kwb::MessageKind::Info);
  /// A line of the harness's live output (BaselineJob::outputLine; channel as QProcess's).
  void outputLine(const QString& line, int channel);
  /// The harness started the case @p name.
  void caseStarted(const QString& name);
  /// The harness finished a case.
  void caseFinished(const kwb::CaseResult& result);
  /// writeRecords() wrote job()'s records (the roofline and the recorded run changed).
  void recordsWritten();
  /// A phase's summary changed (phase 2: learnSummary(); phase 4: measureSummary()); the wizard shows it.
  void summaryChanged(int phase, const QString& summary);
  /// commit() made commit @p id (full hash) with @p subject.
  void committed(const QString& id, const QString& subject);
  /// codegenVerdict() changed (phase 1 passed, the spec was replaced, or the job was replaced or dropped).
  void codegenVerdictChanged();
  /// measureNextVersion()'s job finished version @p version: ok when its gate allows a commit (PASS or a dry
  /// run) and it was committed (when asked); otherwise @p error says why (the job's lastError()).
  void versionRecorded(bool ok, int version, const QString& error);

 private:
  std::optional<WorkspaceReview> m_review;
  Verdict m_verdict = Verdict::NotRun;
  QString m_reason;
  std::unique_ptr<BaselineJob> m_job;
  QFutureWatcher<bool>* m_watcher = nullptr;  ///< the running phase 1-3
  int m_busyPhase = 0;
  bool m_hasRecords = false;
  bool m_committed = false;  ///< see committedRun()
  bool m_measuring = false;
  bool m_done[4] = {false, false, false, false};
  QString m_measureSummary;
  CodegenVerdict m_codegen;

  void onPhaseFinished(int phase, bool ok);
  /// Makes @p job the session's job and connects its signals (newJob, measureNextVersion); leaves review mode.
  BaselineJob* adoptJob(std::unique_ptr<BaselineJob> job);
  void setMeasureSummary(const QString& text);
  /// The phase-4 summary's last line for a stopped run (until Run all records it).
  static QString stoppedSummaryLine();
  void setCodegenVerdict(CodegenVerdict verdict);
};

}  // namespace kwb
