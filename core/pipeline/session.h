#pragma once
// What the workbench window works on, as one object panels subscribe to: the BaselineJob of the open
// logic file and the phase it runs, the workspace under review (read back, nothing re-run), and the
// headline verdict of the current or reviewed run. The window decides when (its checks, its dialogs);
// the session owns the job, runs phases 1-3 off the GUI thread and re-emits the job's progress, so a
// panel connects once, not once per job.

#include <QObject>

#include <memory>
#include <optional>

#include "core/pipeline/baselinejob.h"
#include "core/review/workspacereview.h"

template <typename T>
class QFutureWatcher;

namespace kwb {

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
  /// Drops the job (a new logic file or workspace was opened); emits jobChanged(). Refused (false) while a
  /// phase 1-3 runs; a measurement (phase 4) must have been stopped by the caller.
  bool dropJob();
  /// The job of the open logic file (nullptr before phase 1, or after dropJob()).
  BaselineJob* job() const { return m_job.get(); }

  /// Runs phase 1..4 of job(). Phases 1-3 (the probe, the knowledge tools, generation: seconds) run on a
  /// worker thread (QtConcurrent), during which nothing else may touch the job; phase 4 starts the harness
  /// (a QProcess on this thread). Either way phaseFinished() follows (for phase 4: the job's measured()).
  /// @p wait blocks until a phase 1-3 has finished and its phaseFinished() was emitted.
  /// False (nothing started) without a job, for a phase outside 1..4, or while a phase 1-3 runs.
  bool runPhase(int phase, bool wait = false);
  /// The phase 1-3 now on the worker thread, 0 when none (a running phase 4 is not counted: the job
  /// may be read on this thread while the harness runs).
  int busyPhase() const { return m_busyPhase; }

  /// True when writing job()'s records would replace a passing memory/v0.json with one that is not a pass
  /// (the window asks first; the CLI keeps its own rule).
  bool recordsWouldReplacePassing() const;
  /// Writes job()'s records for its last measurement (BaselineJob::writeRecords: the report, memory, the
  /// roofline) and emits recordsWritten(). False with job()->lastError(); refused (false, nothing written)
  /// without a measured job or while a phase 1-3 runs.
  bool writeRecords();
  /// True once writeRecords() succeeded for the job's last measurement (cleared by a new job and by phase 4).
  bool hasRecords() const { return m_hasRecords; }

 Q_SIGNALS:
  /// review() changed (set or cleared).
  void reviewChanged();
  /// The headline changed.
  void verdictChanged(kwb::Verdict verdict, const QString& reason);
  /// job() was replaced or dropped.
  void jobChanged();
  /// Phase 1..4 of job() ended; ok as the job's phase method returned (phase 4: the harness run ended
  /// with results; the verdict is job()->verdict()).
  void phaseFinished(int phase, bool ok);
  /// The job's progress message during phase @p phase (BaselineJob::progress).
  void progress(int phase, const QString& message);
  /// A line of the harness's live output (BaselineJob::outputLine; channel as QProcess's).
  void outputLine(const QString& line, int channel);
  /// The harness started the case @p name.
  void caseStarted(const QString& name);
  /// The harness finished a case.
  void caseFinished(const kwb::CaseResult& result);
  /// writeRecords() wrote job()'s records (the roofline and the recorded run changed).
  void recordsWritten();

 private:
  std::optional<WorkspaceReview> m_review;
  Verdict m_verdict = Verdict::NotRun;
  QString m_reason;
  std::unique_ptr<BaselineJob> m_job;
  QFutureWatcher<bool>* m_watcher = nullptr;  ///< the running phase 1-3
  int m_busyPhase = 0;
  bool m_hasRecords = false;
};

}  // namespace kwb
