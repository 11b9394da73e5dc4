#pragma once
// The workbench window: editors in the centre, the four-phase wizard, the knowledge (plugin)
// panel, the run console and the roofline chart in docks; Report / Memory / Commit actions.
// It assembles the panels over one WorkbenchSession (core), which owns the job and runs its phases;
// the window checks and asks before a phase starts, and writes the records when the user says so.

#include <QMainWindow>
#include <QStringList>

#include <functional>

#include "core/knowledge/relevance.h"
#include "core/review/reviewexport.h"

class QAction;
class QLabel;
class QListWidget;
class QMenu;
class QStackedWidget;
class QTabWidget;

namespace kwb {

class BaselineJob;
class EditorTabs;
class KnowledgeModel;
class RooflinePlot;
class RunConsole;
class SuitePanel;
class VerdictBadge;
class WizardPanel;
class WorkbenchSession;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Opens a PyTorch logic file (KernelBench form) or a workspace folder (its reference.py is the
  /// logic file; its existing files open in tabs and it becomes the workspace). Resets the phases.
  /// A finished workspace, or one of its .kwb/runs/<time> folders, opens in review mode: its report
  /// rendered, its cases, roofline and knowledge records shown at once, nothing re-run, the window
  /// titled by the problem. The saved default GPU and framework are not changed by opening.
  /// Returns false, shows the reason (non-modal dialog + status bar) and keeps the current state if
  /// the path does not exist or is neither a .py file nor a folder with reference.py.
  bool openPath(const QString& logicFileOrWorkspace);
  /// Opens a `kwb suite` folder (the one with suite.json; a folder of that kind given to openPath() comes
  /// here too) as a tab of the centre beside the workbench (the table gets the editor's area), shown, remembers it as
  /// the last suite folder (QSettings "suite/lastDir") and in the recent list. False, shown to the user, when
  /// readSuite() cannot read it.
  bool openSuite(const QString& folder);

  /// Writes the current review (the reviewed workspace, or the job's once its records are written)
  /// to `path` as one self-contained file. False with lastError().
  bool exportReview(ExportFormat format, const QString& path);

  /// Replaces the question asked before an action overwrites a passing record with a failing, skeleton
  /// or dry-run one (tests answer it; default: a modal QMessageBox). Returns true to go ahead.
  void setConfirmHandler(std::function<bool(const QString& title, const QString& text)> handler) {
    m_confirm = std::move(handler);
  }

  /// What the user chose when phase 1 would write into an existing workspace this window has not made or
  /// already agreed to overwrite (the CLI asks for --force there; new-user trial 4).
  enum class ExistingWorkspaceChoice {
    Cancel,         ///< nothing runs, nothing is written
    OpenReview,     ///< open that workspace in review mode instead (nothing re-run)
    Overwrite,      ///< run phase 1 there as a new run (files the user edited are kept)
    ChooseAnother,  ///< run into *otherDir instead (asked again if that is a workspace too)
  };
  /// Replaces the question asked then (tests answer it; default: a modal dialog with the three choices and a
  /// folder chooser for ChooseAnother). @p dir is the workspace's absolute path.
  void setExistingWorkspaceHandler(std::function<ExistingWorkspaceChoice(const QString& dir, QString* otherDir)> h) {
    m_existingWorkspace = std::move(h);
  }

  /// View > Reset Layout: the docks back to the default arrangement (the editor widest).
  void resetLayout();

  /// Starts phase 1..4. Phases 1-3 (the probe, the knowledge tools, generation and static checks:
  /// seconds) run on a worker thread (QtConcurrent) so the window stays responsive; phase 4 runs the
  /// harness as a QProcess with live output. Completion shows in the wizard (phaseState leaves
  /// Running) and phaseFinished() is emitted. Returns false with lastError() if the phase could not
  /// start; true once it is started (or, for phases 1-3, already finished when `wait` is true).
  bool runPhase(int phase, bool wait = false);
  /// True while a phase 1-3 runs on the worker thread.
  bool phaseBusy() const;
  /// Run > Run All Phases (Ctrl+R): what `kwb baseline` does, in the window: phases 1-4, then the records (report,
  /// memory, roofline) and, when the quality gate allows it, the commit, with no click between them. Each step
  /// shows in the wizard, the status bar and the console; Stop ends it (a measurement is stopped, phases 1-3 end
  /// after the running one). The report's command line says what was done (no --no-commit: the run commits when
  /// the gate allows, as `kwb baseline` does). False when it could not start (phase 1's checks, a run in progress);
  /// runAllFinished() follows every start.
  bool runAllPhases();
  /// True from runAllPhases() until runAllFinished().
  bool runningAll() const { return m_runAll; }

 Q_SIGNALS:
  /// A phase 1-3 finished (ok = passed); phase 4 reports through the wizard and the run console.
  void phaseFinished(int phase, bool ok);
  /// runAllPhases() ended: ok when every phase passed, the records were written and the run was committed (a gate
  /// that does not allow a commit, a failed phase or Stop: false, and @p message says where it stopped).
  void runAllFinished(bool ok, const QString& message);

 public:
  /// Report: writes baseline_report.md, memory/v0.json and roofline.png (BaselineJob::writeRecords),
  /// draws the roofline and shows the report as HTML in a preview tab. False with lastError().
  bool showReport();
  /// Brings docks a restored layout made too big for this window back to their default size: a side dock wider than
  /// 35% of the window, a bottom dock taller than 60% of it. A layout saved at 1920 kept its 480 px wizard at
  /// 1280x800 (new-user trial 12, #11). Also gives the chart beside the console back the width it needs (its minimum,
  /// at least 300 px, or what the console can give) from a console wider than its minimum: a phase's wider console kept
  /// its width after it and squeezed the chart (trial 26, #9). Runs once after the first show when a saved layout was
  /// restored, and after each phase; returns the number of docks resized.
  int fitDocksToWindow();
  /// Where a workspace goes when the form leaves its folder empty: the last parent folder the user ran a workspace in
  /// (QSettings "run/workspaceParent"), else defaultWorkspaceParent(). Never the current directory: the window started
  /// in a clone wrote kernel_opt_<name> into it (new-user trial 12, #11).
  QString workspaceParent() const;
  /// "<Documents>/Kernel Workbench" (the home folder's where there is no Documents folder); absolute.
  static QString defaultWorkspaceParent();
  /// Run > Measure Again (F5, and the wizard's Measure page): `kwb measure` in the window. kernel.py of the
  /// reviewed workspace (or this window's, once it has a V0) is measured as the next version through
  /// WorkbenchSession::measureNextVersion (BaselineJob::openForNextVersion + measureAndRecord, the CLI's code),
  /// committed when its gate allows, and the workspace then opens on that version. Uses the wizard's CPU dry run and
  /// target. False (shown to the user) when there is no workspace with a V0, a phase runs, or it cannot start.
  bool measureAgain();
  /// Asks, off the GUI thread, whether this machine has a CUDA device (localCudaAvailable(): the probe's
  /// gpu_present()), then applyCudaDetection(). The application calls it once at start.
  void detectCudaInBackground();
  /// Without a CUDA device the window starts with "CPU dry run" checked and says so in the status bar (a first run
  /// would fail with "no CUDA device"); with one, nothing changes.
  void applyCudaDetection(bool cudaAvailable);
  /// Memory: writes the records if this run has none yet, then opens memory/v0.json in a tab.
  bool showMemory();
  /// Commit: the "V0: baseline kernel" commit (libgit2). False with lastError() (e.g. gate not PASS).
  bool commitWorkspace();

  /// The last error shown to the user ("" if none since the last success).
  QString lastError() const { return m_lastError; }
  /// The logic file currently opened ("" if none).
  QString logicPath() const { return m_logicPath; }

  // The parts, for the GUI main and tests.
  WizardPanel* wizard() const { return m_wizard; }
  EditorTabs* editors() const { return m_editors; }
  RunConsole* runConsole() const { return m_console; }
  RooflinePlot* rooflinePlot() const { return m_roofline; }
  KnowledgeModel* knowledgeModel() const { return m_knowledge; }
  /// Shows @p kept in the knowledge table and, above it, the count of @p setAside with their reasons grouped (each
  /// id and reason in the tooltip; the label is objectName "knowledgeSummary", hidden when both are empty).
  void showKnowledge(const QList<KnowledgeRecord>& kept, const QList<SetAsideRecord>& setAside = {});
  /// The suite table's panel (File > Open Suite…), a tab of the centre once a suite is open.
  SuitePanel* suitePanel() const { return m_suitePanel; }
  /// What the window shows (the reviewed workspace, the verdict); panels follow it.
  WorkbenchSession* session() const { return m_session; }
  /// The welcome page shown while nothing is open.
  QWidget* welcomePage() const { return m_welcome; }
  /// The job of the current logic file (nullptr before phase 1 ran): the session's.
  BaselineJob* job() const;

 protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;
  /// A dropped logic file, workspace or suite folder opens as openPath() would open it.
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void createActions();
  void createDocks();
  /// The default dock sizes (the editor widest); effective only once the window has its geometry.
  void applyDefaultDockSizes();
  void restoreSettings();
  /// The GPU and framework the user chose, remembered as the defaults (never a workspace's own).
  void saveRunDefaults() const;
  void saveRecent() const;
  void createEditMenu();
  void createWelcomePage();
  void updateWelcomePage();
  void showReviewReport();
  /// Another program changed @p workspace (RunsPanel::workspaceChangedOnDisk): a review of its latest version reads
  /// it again when a version was added or removed, so the wizard's summary, the title and the actions follow.
  void followReviewedWorkspace(const QString& workspace);
  bool confirm(const QString& title, const QString& text);
  QString exampleLogicFile() const;
  void addRecentFile(const QString& path);
  void updateRecentMenu();
  void updateActions();
  void updateTitle();
  void updatePolicyHint();
  /// Shows an error: lastError(), the status bar, a non-modal box, the editor's error line marked, and (unless
  /// @p toConsole is false: the console has it already) a line in the run console.
  void showError(const QString& title, const QString& message, bool toConsole = true);
  /// Writes the job's records through the session unless written already (always with @p rewrite), asking
  /// before a passing record is replaced. False (shown to the user) when nothing was written.
  bool ensureRecords(bool rewrite = false);
  /// Asks before a non-passing run's records replace a passing memory/v0.json; false (m_lastError says so) on No.
  bool confirmReplacePassing();
  /// Reloads the tabs of baseline_report.md and memory/v0.json that are open (they were just rewritten).
  void reloadOpenRecords();
  void onMeasured(bool ok);
  void finishPhase(int phase, bool ok);
  void openWorkspaceFile(const QString& relativePath, bool focus);
  /// A suite row's workspace in review mode, or a clear message when it is not on this machine.
  void openSuiteWorkspace(const QString& workspace, const QString& problem);
  /// Sets the wizard's GPU, framework and CPU-dry-run mode to those `workspace` was made with
  /// (.kwb/spec.json's target, memory/v0.json's mode); returns them as text, or "" when unknown.
  QString restoreWorkspaceTarget(const WorkspaceReview& review);
  bool confirmUnsavedBeforeRun();
  /// Before phase 1: when the wizard's workspace is an existing one this window has not made or been allowed to
  /// overwrite, asks (see ExistingWorkspaceChoice). True to go ahead (the form may now name another folder).
  bool resolveExistingWorkspace();
  ExistingWorkspaceChoice askExistingWorkspace(const QString& dir, QString* otherDir);
  QString kwbExecutable() const;

  EditorTabs* m_editors;
  WizardPanel* m_wizard;
  RunConsole* m_console;
  RooflinePlot* m_roofline;
  KnowledgeModel* m_knowledge;
  /// Above the knowledge table: how many records are kept and how many were set aside, and why (new-user trial 9,
  /// #14); see showKnowledge().
  QLabel* m_knowledgeSummary = nullptr;
  SuitePanel* m_suitePanel = nullptr;
  QString m_logicPath;
  QString m_lastError;
  QStringList m_recent;
  QMenu* m_recentMenu = nullptr;
  QMenu* m_viewMenu = nullptr;
  QAction* m_phaseActions[4] = {};
  QAction* m_stopAction = nullptr;
  QAction* m_runAllAction = nullptr;
  bool m_runAll = false;         ///< runAllPhases() in progress
  bool m_runAllStopped = false;  ///< Stop was asked during runAllPhases()
  /// runAllPhases()'s next step after phase @p phase ended (@p ok: it passed).
  void continueRunAll(int phase, bool ok);
  void endRunAll(bool ok, const QString& message);
  QAction* m_reportAction = nullptr;
  QAction* m_memoryAction = nullptr;
  QAction* m_commitAction = nullptr;
  QAction* m_exportAction = nullptr;
  QAction* m_measureAgainAction = nullptr;
  QString m_measureAgainTip;           ///< Measure Again's tooltip when it is not blocked
  bool m_reviewFollowsLatest = false;  ///< the review shows the workspace's latest version (not a chosen run folder)
  WorkbenchSession* m_session;
  VerdictBadge* m_statusVerdict = nullptr;
  QStackedWidget* m_centre = nullptr;   ///< the welcome page or the editors
  QTabWidget* m_centralTabs = nullptr;  ///< m_centre, and the suite's table while one is open
  QWidget* m_welcome = nullptr;
  QListWidget* m_welcomeRecent = nullptr;
  QByteArray m_defaultLayout;
  QByteArray m_layoutBeforeSuite;  ///< the docks as they were before the suite's tab came to the front
  QString m_problemName;           ///< the problem the window shows (title), "" before one is known
  bool m_restoringTarget = false;  ///< the form follows a workspace: not the user's new defaults
  bool m_hadSavedLayout = false;   ///< restoreSettings() restored the user's own dock layout
  bool m_shown = false;
  std::function<bool(const QString&, const QString&)> m_confirm;
  std::function<ExistingWorkspaceChoice(const QString&, QString*)> m_existingWorkspace;
  QStringList m_ownWorkspaces;  ///< made by this window's phase 1, or the user chose to overwrite them (absolute)
};

}  // namespace kwb
