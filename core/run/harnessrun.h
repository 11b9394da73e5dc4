#pragma once
// One harness run: the process (own process group), live lines, parsed cases, the watchdog that
// kills a hung case's whole process group and resumes the rest with --skip, and the run's files.

#include <QElapsedTimer>
#include <QFile>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <array>
#include <functional>
#include <memory>
#include <optional>

#include "core/run/harnessparser.h"
#include "core/run/linesplitter.h"
#include "core/run/outputbudget.h"
#include "core/run/target.h"

namespace kwb {

/// Harness exit code (docs/CONTRACTS.md §2): a case left the device context unusable (a sticky CUDA
/// error such as an illegal address); that case was reported as ERROR, the cases after it were not
/// started. HarnessRun then resumes the remaining cases in a fresh process with --skip.
inline constexpr int kHarnessExitContextLost = 3;

/// Output channel numbers used by outputLine() and the log.
enum RunChannel : int { StdoutChannel = 0, StderrChannel = 1 };

/// What to run and how long to wait.
struct HarnessRunConfig {
  std::shared_ptr<Target> target;  ///< null = LocalTarget; its lifecycle (prepare, collect) is driven by the run
  QString workdir;                 ///< the workspace (kernel_opt_<name>/); must exist
  QString program;                 ///< e.g. "/usr/bin/python3"
  QStringList args;                ///< e.g. {"test_kernel.py", "--version", "v0", "--no-memory"}
  /// Base environment; PYTHONUNBUFFERED=1 and TEST_TIMEOUT_SEC=caseTimeoutSec are set on top.
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  int caseTimeoutSec = 30;  ///< the seed's TEST_TIMEOUT_SEC (s); <= 0 disables the case watchdog
  int graceSec = 10;        ///< extra time (s) for the harness's own SIGALRM guard to report first
  /// The most a case's compile window may last (s), whatever its `COMPILE {"state": "start"}` line's limit_s says
  /// (a kernel could print one itself); 0 = KWB_COMPILE_TIMEOUT_SEC of env when it is a positive integer, else 300
  /// (the harness's default). Grace is added on top, as for the case's own deadline.
  int compileTimeoutSec = 0;
  int overallTimeoutSec = 0;  ///< whole run incl. resumes (s); 0 = no limit
  int killGraceMs = 2000;     ///< SIGTERM → SIGKILL delay for the process group (ms)
  int maxResumes = 32;        ///< processes started after watchdog kills, crashes and exit 3, at most
  qint64 maxLogBytes = qint64(256) * 1024 * 1024;  ///< output.log hard cap (bytes); later lines are not written
  /// What output.log and outputLine() keep of the harness's output (OutputBudget): the first outputHeadBytes, the
  /// last outputTailBytes, every protocol line and runner line, with an "[kwb] output dropped: N bytes in M lines
  /// (…)" line where output was left out; a longer line than outputLineChars characters (not a protocol line) is
  /// cut. A problem that prints 1 MB per forward made a 70 MB log and flooded the terminal (new-user trial 3).
  qint64 outputHeadBytes = qint64(256) * 1024;
  qint64 outputTailBytes = qint64(128) * 1024;
  qsizetype outputLineChars = 8192;
  QString runDir;  ///< where output.log and result.json go (created); "" = write no files
};

/// One process of a run (the first, and one per resume).
struct RunSegment {
  QStringList command;         ///< program + arguments as started (after the target's prefix)
  qint64 pgid = 0;             ///< its process group id (= its pid; setsid() in the child)
  int exitCode = -1;           ///< -1 when it did not exit normally (killed, crashed, never started)
  bool crashed = false;        ///< ended by a signal
  QString stoppedBy;           ///< "" | "watchdog" | "overall-timeout" | "user"
  bool printedResult = false;  ///< it printed a RESULT_JSON line that parsed
  int casesStarted = 0;        ///< CASE_START lines it printed
};

/// The result of a whole run (all segments merged).
struct RunOutcome {
  /// True when the run finished on its own with a usable RESULT_JSON: not cancelled, not over the
  /// overall timeout, the harness exit code not 2 and its status not ERROR. Cases may still have
  /// failed: see result->status. When false, error says why.
  bool ok = false;
  /// The last process's exit code (0 all pass, 1 some case failed, 2 harness failure), raised
  /// from 0 to 1 when an earlier process's case did not pass (watchdog TIMEOUT_FAIL, crash, lost
  /// device context), and 3 (kHarnessExitContextLost, no resume allowed any more) reported as 1;
  /// -1 when it did not exit normally.
  /// A resumed process that starts no case and exits 2 (a harness that treats "every case
  /// skipped" as an error) counts as 1: the run is ok, its status FAIL, and harnessErrors says
  /// that any cases after the killed one were not run.
  int exitCode = -1;
  bool cancelled = false;  ///< stopped by cancel()
  bool timedOut = false;   ///< stopped by overallTimeoutSec
  QString error;           ///< why ok is false, one or two sentences naming the log; "" when ok
  /// The target never ran the harness: it could not start there (startProblem()), its prepare() failed (ssh did not
  /// connect, the copy failed), or its wrapper ended with a far-side reason (Target::explainExit: ssh's 255, Slurm
  /// refused the job) before any case or RESULT_JSON was reported. Nothing was measured, so this is no verdict on
  /// the kernel (new-user trial 10, #11). Then the same text is in error; "" otherwise.
  QString targetError;
  QList<CaseResult> cases;  ///< every case in the order reported, watchdog TIMEOUT_FAILs included
  /// The last RESULT_JSON, merged: cases = all cases above (harness entries win over CASE_RESULT
  /// lines, watchdog TIMEOUT_FAILs are kept), status PASS lowered to FAIL when a case did not pass,
  /// max_rel_err over all cases. raw stays the harness's document as printed.
  std::optional<RunResult> result;
  QStringList harnessErrors;  ///< "why: raw line" for every line that broke the contract
  QStringList timedOutCases;  ///< names the watchdog recorded as TIMEOUT_FAIL
  QList<RunSegment> segments;
  QString runDir;
  QString logPath;     ///< <runDir>/output.log ("" if no runDir)
  QString resultPath;  ///< <runDir>/result.json ("" if no runDir or not written)
  qint64 wallMs = 0;   ///< start() to finished (ms)
};

/// The outcome as written to result.json (schema "kwb-run-1").
nlohmann::json toJson(const RunOutcome& outcome);

/// Returns @p args with one "--skip a,b,c" naming @p names plus any names already given by
/// "--skip X" / "--skip=X" (which are removed). Names must not contain ','.
QStringList argsWithSkip(const QStringList& args, const QStringList& names);

/// Runs the harness once, with live output and a watchdog. Time a harness spends waiting for the suite's GPU
/// timing lock (between its `GPU_LOCK {"state": "wait"}` and the next `"held"`/`"released"` line) does not
/// count toward the case's deadline: the watchdog is paused there and resumes with what was left. A case's first kernel
/// call (its JIT compile, between `COMPILE {"state": "start", "limit_s"}` and `COMPILE {"state": "end"}`) has a
/// deadline of its own, limit_s (at most HarnessRunConfig::compileTimeoutSec) + grace; after its end the case's
/// deadline starts again in full; one compile window per case. Containment: every
/// process of a run carries KWB_RUN_TAG=<unique> in its environment and kwb is a child subreaper, so descendants that
/// left the process group (setsid, double fork) are found and end with the run, at each process's end and on a stop. A
/// process stopped after every case of its CASE_PLAN has a result is not resumed. QProcess lives on the calling thread
/// (no worker thread); the caller's event loop must run. Usage: construct, connect, start().
class HarnessRun : public QObject {
  Q_OBJECT
 public:
  explicit HarnessRun(HarnessRunConfig config, QObject* parent = nullptr);
  /// Kills the process group (SIGKILL) if the run is still going; finished() is not emitted.
  ~HarnessRun() override;

  const HarnessRunConfig& config() const { return m_cfg; }

  /// Starts the first process. Precondition failures (no program, workdir missing, runDir not
  /// creatable), a target that cannot be prepared (no connection, the copy failed) and a program
  /// that cannot start end the run with finished(ok=false, error) — always delivered from the
  /// event loop, never from inside start(). Target::prepare() blocks here. Call once.
  void start();
  /// Stops the run (SIGTERM to the process group and to the target's far side, SIGKILL after
  /// killGraceMs); finished() follows with cancelled=true. The log is kept. No effect when not running.
  void cancel();

  bool isRunning() const { return m_running; }
  bool isFinished() const { return m_done; }
  /// Process group of the current process; 0 before it started.
  qint64 processGroup() const { return m_pgid; }
  /// The case between CASE_START and its CASE_RESULT; "" otherwise.
  QString currentCase() const { return m_currentCase; }

 Q_SIGNALS:
  void started();  ///< the first process is running
  /// Every line the output budget keeps (HarnessRunConfig::outputHeadBytes), as it arrives; after the head, lines
  /// come as they leave the tail window or at the end, and "[kwb] output dropped: …" (stdout) stands for the rest.
  void outputLine(const QString& line, int channel);
  void caseStarted(const QString& name);
  void caseFinished(const kwb::CaseResult& result);  ///< harness results and watchdog TIMEOUT_FAILs
  void harnessError(const QString& rawLine, const QString& why);
  void resumed(const QStringList& skip);          ///< a new process started with --skip skip
  void finished(const kwb::RunOutcome& outcome);  ///< once, at the end

 private:
  enum class Stop { None, Watchdog, Overall, User };

  void startSegment(const QStringList& skip);
  void onReadyRead(int channel);
  void handleLine(const QString& line, int channel);
  /// The case timer fired: the verdict follows kDeadlineSettleMs later unless the case ended or paused meanwhile.
  void onCaseDeadline();
  /// Records the current case as TIMEOUT_FAIL and stops the process group (the watchdog's verdict).
  void onCaseDeadlineSettled();
  /// A COMPILE line of the current case: the case timer switches to the compile window's deadline and back.
  void onCompileLine(const HarnessEvent& ev);
  /// The case's own deadline (ms): caseTimeoutSec + grace.
  qint64 caseDeadlineMs() const;
  /// HarnessRunConfig::compileTimeoutSec resolved (s, > 0).
  int compileCapSec() const;
  void stopGroup(Stop why);
  void onProcessFinished(int exitCode, QProcess::ExitStatus status);
  void onProcessError(QProcess::ProcessError error);
  void waitForGroupThenContinue();
  /// SIGTERM to the process group and the run's tagged processes, SIGKILL after killGraceMs (once per escalation).
  void terminateLeftovers();
  /// True while the process group or any process carrying this run's tag lives (refreshes m_tagged).
  bool treeAlive();
  /// Signals the process group and every tagged process.
  void signalTree(int signal);
  void segmentDone();
  void recordCase(const CaseResult& result);
  /// A runner's line: through the output budget into output.log (not emitted as outputLine).
  void logLine(QLatin1String tag, const QString& line);
  /// Writes the lines the budget passed on to output.log and emits the harness's ones (and markers) as outputLine.
  void release(const QList<BudgetLine>& lines);
  void writeLog(const QByteArray& bytes);
  void finish(const QString& startError = QString());
  bool mayResume(QString* why) const;

  HarnessRunConfig m_cfg;
  QPointer<QProcess> m_proc;
  std::array<LineSplitter, 2> m_split;
  QTimer m_caseTimer, m_overallTimer, m_killTimer, m_reapTimer;
  QElapsedTimer m_wall, m_reapWait;
  int m_quietPolls = 0;  ///< consecutive reap polls that found no process of the run left
  QFile m_log;
  OutputBudget m_budget;
  qint64 m_logBytes = 0;
  bool m_logTruncated = false;

  bool m_running = false, m_done = false, m_startedEmitted = false;
  Stop m_stop = Stop::None;
  qint64 m_pgid = 0;
  QString m_currentCase;
  /// The harness waits for the suite's GPU timing lock (GPU_LOCK "wait"): the case watchdog is stopped and
  /// m_pausedCaseMs of it were left; "held"/"released" starts it again with that much.
  bool m_casePaused = false;
  qint64 m_pausedCaseMs = 0;
  /// The current case is in its compile window (COMPILE "start" seen, "end" not yet): the case timer runs the
  /// window's deadline, m_compileLimitSec (the limit_s honoured) + grace. m_compileUsed: the case had its window.
  bool m_inCompile = false, m_compileUsed = false;
  double m_compileLimitSec = 0;
  nlohmann::json m_currentStart;  ///< CASE_START payload of m_currentCase (shape, dtype)
  QStringList m_skip;             ///< --skip of the current process
  QStringList m_doneNames;        ///< finished or timed out, all processes
  QList<CaseResult> m_cases;
  QStringList m_timedOut;
  std::optional<RunResult> m_lastResult;
  QStringList m_harnessErrors;
  QStringList m_stderrTail;  ///< last lines of stderr, for the error message
  QList<RunSegment> m_segments;
  bool m_harnessIgnoresSkip = false;
  bool m_prepared = false;      ///< target->prepare() succeeded: collect() is owed
  bool m_targetFailed = false;  ///< startProblem() or prepare() refused: finish()'s startError is the target's
  QString m_startError;
  QByteArray m_tagEntry;         ///< "KWB_RUN_TAG=<unique>": in every process of this run's tree
  QList<qint64> m_tagged;        ///< tagged processes seen alive at the last look
  QList<qint64> m_seenTagged;    ///< every tagged process seen alive in this run (to reap once ended)
  QStringList m_plan;            ///< CASE_PLAN of the first process: every case of the run
  nlohmann::json m_planPayload;  ///< that CASE_PLAN line's object (mode, framework, versions)
  bool m_planComplete = false;   ///< a process was stopped after the plan's last case: not resumed
};

/// Runs @p config to the end in a local QEventLoop (for the CLI), passing every line to @p onLine
/// (may be empty) as it arrives. Needs a QCoreApplication. Ctrl-C handling is the caller's.
RunOutcome runHarnessBlocking(const HarnessRunConfig& config, std::function<void(const QString&, int)> onLine);

}  // namespace kwb

Q_DECLARE_METATYPE(kwb::CaseResult)
Q_DECLARE_METATYPE(kwb::RunOutcome)
