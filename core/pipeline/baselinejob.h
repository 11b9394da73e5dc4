#pragma once
// The main job: one PyTorch problem through the seed's four phases to a committed V0 workspace.
// The GUI's wizard and `kwb baseline` drive this same object.

#include <QHash>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/analysis/probe.h"
#include "core/knowledge/knowledgetool.h"
#include "core/pipeline/messagekind.h"
#include "core/pipeline/plan.h"
#include "core/perf/roofline.h"
#include "core/perf/utilization.h"
#include "core/records/versions.h"
#include "core/review/verdict.h"
#include "core/run/harnessrun.h"

namespace kwb {

class Workspace;
class GitRepo;
struct GpuSpec;
struct RecordsInput;

/// What a --force run does with a file the user edited that was generated for another version of the problem (the
/// logic file changed since): `kwb baseline --stale-edits`.
enum class StaleEdits {
  Refuse,  ///< phase 1 fails naming the files, before anything is written (the default)
  Backup,  ///< each is renamed to <file>.edited-<UTC time> and generated afresh for this problem
  Keep,    ///< each is kept as the user's, now for this problem (the generated one beside it as <file>.generated)
};

/// What the user asked for (the flags of `kwb baseline`).
struct BaselineOptions {
  QString logicPath;     ///< the PyTorch logic file (KernelBench form)
  QString gpu;           ///< target GPU name, looked up exactly in the spec ledger
  QString framework;     ///< "" = the seed's policy; "cutedsl" | "flydsl" | "triton" overrides
  QString workspaceDir;  ///< "" = <workspaceParent>/kernel_opt_<problem name>
  /// Where the default workspace folder goes: "" = the current directory (`kwb`); the window gives an absolute folder
  /// (MainWindow::workspaceParent), so a GUI started in a clone does not write into it (new-user trial 12, #11).
  QString workspaceParent;
  QString target = QStringLiteral("local");  ///< run target: "local" or "command:<prefix>"
  bool cpuDryRun = false;  ///< run the reference on the CPU at reduced shapes where the inputs can be resized (never a
                           ///< kernel measurement)
  bool guessInputs = false;  ///< without get_inputs(): accept the probe's guessed inputs (flagged as an
                             ///< ambiguity; reference.py becomes the probe's runnable minimal reference)
  bool force = false;        ///< allow regenerating an existing workspace (user-edited files are kept)
  StaleEdits staleEdits = StaleEdits::Refuse;  ///< user-edited files generated for another version of the problem
  bool commit = true;                          ///< commit with libgit2 at the end of phase 4
  /// `kwb measure --again`: measure a kernel.py identical to the last version's (refused otherwise: it would record a
  /// version of no edit; new-user trial 7). The commit subject then says "re-measured".
  bool again = false;
  QString python;  ///< interpreter with torch; "" = findTorchPython()
  bool compileRef =
      false;  ///< also time torch.compile(Model) at the kernel's precision (harness --compile-ref; GPU runs)
  bool allowOversize = false;  ///< go on with a problem whose own tensors exceed the GPU's memory (refused otherwise)
  int caseTimeoutSec = 30;     ///< the seed's TEST_TIMEOUT_SEC, per case (s)
  int graceSec = 10;           ///< watchdog grace after the per-case timeout (s)
  QString kwbPath;             ///< path of the kwb executable, written to .kwb/kwb_path for tools/*.py
  /// Variables set in the harness's environment on top of kwb's own (the suite's GPU timing lock, shared copy
  /// ceiling and compiler caches; docs/CONTRACTS.md §7). Empty for a single baseline.
  QMap<QString, QString> harnessEnv;
};

/// Renders the roofline figure to a PNG (the GUI/CLI inject QCustomPlot; core has no widgets).
using FigureRenderer = std::function<bool(const RooflineData&, const QString& pngPath, QString* error)>;

class BaselineJob : public QObject {
  Q_OBJECT
 public:
  enum Phase { Understand = 1, Learn = 2, Implement = 3, Measure = 4 };
  Q_ENUM(Phase)

  explicit BaselineJob(BaselineOptions options, QObject* parent = nullptr);
  ~BaselineJob() override;

  const BaselineOptions& options() const { return m_opts; }
  void setOptions(const BaselineOptions& o) { m_opts = o; }

  /// Phase 1: probe the logic file, resolve GPU and framework, write .kwb/spec.json.
  /// Returns false with lastError() (file and line for a bad logic file). Synchronous (seconds).
  bool understand();
  /// Phase 2: query the enabled knowledge tools, write .atrex_plugins/instructions.md and plans/v0_plan.md.
  bool learn();
  /// Phase 3: write reference.py, kernel.py, test_kernel.py, README.md, tools/, reference/.
  bool implement();
  /// Phase 4, asynchronous: run the harness on the target with live output; emits measured(ok).
  void startMeasure();
  /// Phase 4, after the run: utilization, roofline figure, baseline_report.md, memory/v0.json.
  bool writeRecords();
  /// Phase 4, last step: `V0: baseline kernel` commit (`VN: <one line>` for a later version; libgit2).
  /// Returns false with lastError().
  bool commitWorkspace();
  /// After a V0 whose gate did not pass (FAIL, a skeleton, TIMEOUT_FAIL, ERROR): when the workspace has no commit
  /// yet, commits the files phase 3 and 4 wrote under "Generated workspace: V0 not committed as a version (quality
  /// gate G)", so the kernel.py the user now edits has a base to diff against. Not a version's commit (`kwb
  /// versions` reads "VN: " / "VN (" subjects only); the seed's "V0: baseline kernel" still waits for a passing gate.
  /// A failure is a progress note, not a failed run (the run already failed).
  void commitGeneratedBase();
  /// The commit commitGeneratedBase() made ("" when it made none).
  QString generatedBaseCommitId() const { return m_baseCommitId; }
  /// Before a workspace's first commit, when phase 3 kept user edits (--force over a workspace without a commit, e.g.
  /// after a stopped first run): commits what Kernel Workbench generated, with this run's generated text for each
  /// edited file, so that history has the generated base and `git diff` shows the edit (new-user trial 12, #8: the
  /// edit was committed as "the files Kernel Workbench generated"). Returns the commit id, "" when none was needed;
  /// nullopt with @p error on failure.
  std::optional<QString> commitGeneratedBaseOfEdits(GitRepo& repo, const QString& subject, QString* error);
  /// After the version's commit @p versionCommit: writes its id into memory/vN.json's git_commit_hash and commits that
  /// one change under "Record VN's commit in memory/vN.json" (a record cannot hold the hash of the commit that
  /// contains it; docs/DECISIONS.md "A record names its commit"). Nothing when the record names it already. A failure
  /// is a progress note: the version is committed, and `kwb versions` still finds its commit through git.
  void recordCommitInRecord(GitRepo& repo, const QString& versionCommit);
  /// `kwb measure` (or Measure Again) about to commit VN into a workspace with no commit yet (V0 recorded with
  /// --no-commit): commits V0's files first, so VN's commit is not the only one and a checkout of it runs. With V0's
  /// kernel.py (recordedKernelBytes(); the working tree keeps the edit) and a gate of PASS or DRY_RUN the commit is
  /// V0's
  /// ("V0: baseline kernel" / "V0 (CPU dry run, not measured): ..."); otherwise it is a "Generated workspace: ..." base
  /// without kernel.py. The files of V1 and later stay for VN's commit. False with lastError() when the commit fails.
  bool commitUncommittedV0(GitRepo& repo);
  /// All phases in order, asynchronously; emits finished(ok).
  void runAll();
  /// Phase 4 to the end after phases 1-3 ran: measure, then recordMeasurement(); emits finished(ok).
  void measureAndRecord();
  /// What `kwb baseline` and `kwb measure` do once phase 4 ended (measured()), also for a run that did not pass: the
  /// records (writeRecords(); a stopped run keeps a passing record as it is), then the version's commit when the gate
  /// allows one (PASS, or a dry run) and options().commit, else, for a V0, commitGeneratedBase(). True when the gate
  /// allows a commit and everything asked for was done; false with lastError() saying why (the gate and the report,
  /// a skeleton's reason, the command that runs a stopped run again). @p recordsWritten: whether the records were
  /// written. The window's Run All Phases ends with this too, so a skeleton or a FAIL is recorded as on the CLI.
  bool recordMeasurement(bool* recordsWritten = nullptr);
  /// `kwb measure`: opens options().workspaceDir, an existing workspace with a V0, for phase 4 again on its
  /// current kernel.py (nothing is regenerated), as version N+1 where memory/vN.json is the highest
  /// present. Restores the problem spec (.kwb/spec.json), GPU, framework and baseline config (memory/v0.json)
  /// and the Python (.kwb/python). False + lastError() naming the file: not a workspace, no memory/v0.json,
  /// a damaged record or spec. Then measureAndRecord() runs phase 4 as that version.
  bool openForNextVersion();
  /// N of the version phase 4 records: 0 for the baseline, N+1 after openForNextVersion().
  int version() const { return m_version; }
  /// Runs phase 4 on this target object instead of one made from options().target (the suite hands
  /// in a Slurm target that follows its array task). nullptr = make one.
  void setTarget(std::shared_ptr<Target> target) { m_target = std::move(target); }
  /// Phase 1 takes this probe result (the suite probes all its problems with one torch import,
  /// runProbeBatch) instead of running the probe itself; used once. Only a successful probe should be
  /// handed in: a failed one is re-probed alone, so its error reads as a single baseline's.
  void setProbeResult(ProbeResult result) { m_preProbed = std::move(result); }
  /// The harness command phase 4 runs, before the target wraps it (program, args, workdir, env).
  ProcessSpec harnessCommand() const;
  /// Stops the job in any phase; safe to call from any thread. Phase 4: the running measurement is stopped (the run
  /// is recorded as cancelled; its log is kept). Phases 1-3, even while they block on a worker thread: the probe's
  /// process group is ended within about a second (runProbe's stopRequested), and a phase not yet started fails at
  /// once with stopped() true; nothing is written after the stop. Phase 1's probe ignored Stop, Quit and Ctrl-C until
  /// its 120 s limit (new-user trial 12, #5).
  void cancel();
  /// True once cancel() was called (until clearStop()) or the stop poll says so.
  bool stopped() const { return m_stopRequested.load() || (m_stopPoll && m_stopPoll()); }
  /// Forgets an earlier cancel(): the GUI runs phase 1 again on the same window after a stop.
  void clearStop() { m_stopRequested.store(false); }
  /// Why the next cancel() stops the run, as the gate's reason and the report say it ("the run was stopped by
  /// SIGTERM ..."); "" = the user's Stop or Ctrl-C ("the run was stopped by the user"). Call it before cancel().
  void setStopCause(const QString& cause) { m_stopCause = cause; }
  /// A second source of stop, asked where cancel() is (every 100 ms while the probe runs): the CLI's pending
  /// Ctrl-C / SIGTERM (InterruptGuard::caughtSignal), which its event loop cannot deliver while phase 1 blocks it.
  /// Must be thread-safe.
  void setStopPoll(std::function<bool()> poll) { m_stopPoll = std::move(poll); }
  /// "Use this" (plugin panel): appends the record to plans/v0_plan.md and, if it exists, to
  /// memory/v0.json (useRecordInWorkspace, core/knowledge/recorduse.h), and adds it to consulted()
  /// and the search log so a later writeRecords() keeps it. Needs phase 2's plan; false + lastError().
  bool useRecord(const KnowledgeRecord& record, const nlohmann::json& query);

  QString workspaceDir() const;
  /// The workspace folder a job with options @p o would open in phase 1, known before the probe: o.workspaceDir,
  /// else ./kernel_opt_<problem name> (the logic file's base name; a workspace's reference.py keeps its problem's
  /// name). The GUI asks before phase 1 writes into an existing one (new-user trial 4).
  static QString plannedWorkspaceDir(const BaselineOptions& o);
  QString problemName() const;
  QString lastError() const { return m_error; }
  /// The phase (1-4) whose fail() set lastError(), 0 when none failed: a suite names it for a problem with no
  /// verdict ("error in phase 1: Understand", not "Harness error": new-user trial 9, #9).
  int failedPhase() const { return m_failedPhase; }
  const nlohmann::json& spec() const { return m_spec; }
  /// Replaces the spec (GUI edits); returns false with the validation messages in lastError().
  bool setSpec(const nlohmann::json& spec);
  QString framework() const { return m_framework; }
  QString gpuId() const { return m_gpuId; }
  /// The ledger dtype whose compute peak rates the generated kernel (GeneratedKernel::mathDtype, "tf32" for an fp32
  /// matmul): set by phase 3 (or read back from kernel.py by measure), "" before: the spec's dtype applies.
  QString mathDtype() const { return m_mathDtype; }
  const QList<KnowledgeRecord>& consulted() const { return m_records; }
  /// Phase 2's records that do not apply to this problem, each with its reason (core/knowledge/relevance.h).
  const QList<SetAsideRecord>& setAside() const { return m_setAside; }
  const std::optional<RunOutcome>& outcome() const { return m_outcome; }
  const std::optional<UtilizationResult>& utilization() const { return m_util; }
  const std::optional<RooflineData>& roofline() const { return m_roofline; }
  QString commitId() const { return m_commitId; }
  /// The subject of the V0 commit made ("V0: baseline kernel", or "V0 (CPU dry run, not measured): baseline kernel").
  QString commitSubject() const { return m_commitSubject; }
  /// The quality gate's result once the run ended (evaluated again by writeRecords()): "PASS", "FAIL",
  /// "TIMEOUT_FAIL", "DRY_RUN" or "DRY_RUN_TIMEOUT" ("" before the run ended).
  QString gateResult() const { return m_gate; }
  /// Why the gate is not PASS ("" when it is, or before the run ended).
  QString gateReason() const { return m_gateReason; }
  /// The run's headline (core/review/verdict.h): Running while it runs, then the gate with the
  /// skeleton, dry-run and stopped cases told apart. NotRun before phase 4.
  Verdict verdict() const;
  /// True when phase 3 wrote a skeleton marked unimplemented (no template for this problem).
  bool isSkeleton() const { return !m_implemented; }
  /// Why kernel.py is a skeleton, from phase 3's plan (the backend's reason, and the built-in frameworks that do
  /// have a template for the problem: "--framework triton has one"); "" when it is not a skeleton.
  QString skeletonReason() const { return m_implemented ? QString() : m_skeletonReason; }
  /// Files of the workspace that the job wrote or kept (relative paths).
  QStringList writtenFiles() const { return m_written; }
  /// The records the last writeRecords() left as they were (RecordsOutput::unchanged): their content apart from
  /// the date is this run's, so they were not rewritten.
  QStringList unchangedRecords() const { return m_unchanged; }

  void setFigureRenderer(FigureRenderer r) { m_renderFigure = std::move(r); }

 Q_SIGNALS:
  /// A line about phase @p phase; @p kind says whether it is an error, a warning or a Stop (the text starts with
  /// "error: ", "warning: " or "stopped: ", translated).
  void progress(int phase, const QString& message, kwb::MessageKind kind = kwb::MessageKind::Info);
  void outputLine(const QString& line, int channel);
  void caseStarted(const QString& name);
  void caseFinished(const kwb::CaseResult& result);
  void phaseDone(int phase, bool ok);
  void measured(bool ok);
  void finished(bool ok);

 private:
  bool fail(int phase, const QString& message);
  RecordsInput recordsInput() const;
  bool ensureWorkspace();
  /// Phase 1, with the workspace open: the files the user edited that were generated from another version of the
  /// problem (m_staleEdits), and the error that refuses them under StaleEdits::Refuse ("" when none or allowed).
  QString checkStaleEdits();
  /// For a refused existing workspace: the command that runs it again (--force), and whether its last run was
  /// stopped (memory/v0.json's gate STOPPED). "" with --force or when the folder is not a workspace.
  QString existingWorkspaceHint() const;
  /// The workspace folder this job opens: --workspace, else ./kernel_opt_<problem name> (known before the probe).
  QString plannedWorkspaceDir() const;
  static QString plannedDir(const BaselineOptions& o, const nlohmann::json& spec);
  void onRunFinished(const RunOutcome& outcome);
  QString cuteApiTablePath() const;
  static void keepProblemName(const QString& logicPath, nlohmann::json* spec);
  void warnAboutSize(const GpuSpec& gpu);
  /// The CuTe DSL static check of kernel.py (phase 3, and again before a later version's measurement), run by
  /// localPython().
  void runStaticCheck();
  /// The Python this run uses on this machine: the one phase 1 resolved (or the workspace recorded in
  /// .kwb/python), else --python, else findTorchPython() (KWB_PYTHON, then PATH); "python3" when none is found.
  QString localPython() const;
  QString versionTag() const { return QStringLiteral("v%1").arg(m_version); }

  BaselineOptions m_opts;
  QString m_error;
  QString m_python;
  QString m_gpuId;
  QString m_framework;
  QString m_frameworkReason;
  bool m_outsidePolicy = false;
  nlohmann::json m_spec;
  QList<KnowledgeRecord> m_records;
  std::unique_ptr<Workspace> m_ws;
  std::unique_ptr<HarnessRun> m_run;
  std::shared_ptr<Target> m_target;
  std::optional<ProbeResult> m_preProbed;    ///< setProbeResult()'s, until phase 1 uses it
  std::atomic<bool> m_stopRequested{false};  ///< cancel() was called (read by the phase on its worker thread)
  std::function<bool()> m_stopPoll;          ///< setStopPoll()'s
  QString m_stopCause;                       ///< setStopCause()'s
  std::optional<RunOutcome> m_outcome;
  std::optional<UtilizationResult> m_util;
  std::optional<RooflineData> m_roofline;
  QString m_commitId;
  QString m_baseCommitId;  ///< see generatedBaseCommitId()
  QStringList m_written;
  QStringList m_unchanged;
  /// This run's generated text of each file whose user edit phase 3 kept (the text written to <file>.generated):
  /// a workspace's first commit holds these as the generated base, the edits staying in the working tree.
  QHash<QString, QByteArray> m_generatedForKept;
  QList<QPair<QString, QString>> m_baselineConfig;
  QString m_mathDtype;              ///< GeneratedKernel::mathDtype of the generated kernel
  bool m_kernelUserEdited = false;  ///< kernel.py was the user's edit and was kept
  bool m_kernelKeptStale = false;   ///< ... and made for an earlier version of the problem (--stale-edits keep)
  QString m_problemSha;             ///< SHA-256 of the logic file phase 1 read (the manifest's problem record)
  QStringList m_staleEdits;         ///< phase 1: the user-edited files generated for another version of the problem
  KernelChange m_kernelChange;      ///< `kwb measure`: kernel.py against the last committed version's
  QString m_kernelBlob;             ///< git blob id of the kernel.py phase 4 ran (workbench.kernel_blob), "" = unread
  QString m_commitSubject;
  QStringList m_problemWarnings;  ///< phase 1's warnings about the problem itself (too big for the GPU, grid limit)
  int m_tile = 1024;
  bool m_implemented = true;
  QString m_skeletonReason;          ///< see skeletonReason()
  QList<SetAsideRecord> m_setAside;  ///< see setAside()
  int m_failedPhase = 0;             ///< see failedPhase()
  QString m_sizeRefusal;             ///< warnAboutSize(): why phase 1 refuses a problem too big for the GPU ("" = none)
  QString m_staticCheck;
  bool m_staticCheckOk = true;
  QString m_gate;
  QString m_gateReason;
  QList<PlanQuery> m_searchLog;
  FigureRenderer m_renderFigure;
  int m_version = 0;
  nlohmann::json m_previous;  ///< the previous version's memory record (m_version > 0)
};

/// The CuTe DSL API table (cute_api.json): $KWB_CUTE_API, else the bundle's share/kernel-workbench/cutedsl,
/// else $KWB_SHARED_DIR/data/cutedsl, else the shared/ folder the build was configured with. "" if none.
QString findCuteApiTable();

/// The FlyDSL API table (flydsl_api.json): $KWB_FLYDSL_API, else the bundle's
/// share/kernel-workbench/flydsl, else $KWB_SHARED_DIR/data/flydsl, else the build's shared/. "" if none.
QString findFlyApiTable();

/// The shared/ folder this build was configured with (CMake's KWB_SHARED_DIR, absolute), when it
/// exists on this machine; "" otherwise (e.g. a relocated bundle on another host).
QString buildSharedDir();

}  // namespace kwb
