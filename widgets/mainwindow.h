#pragma once
// The workbench window: editors in the centre, the four-phase wizard, the knowledge (plugin)
// panel, the run console and the roofline chart in docks; Report / Memory / Commit actions.
// It owns one BaselineJob per logic file and drives its phase methods.

#include <QFutureWatcher>
#include <QMainWindow>
#include <QStringList>

#include <memory>

class QAction;
class QMenu;

namespace kwb {

class BaselineJob;
class EditorTabs;
class KnowledgeModel;
class RooflinePlot;
class RunConsole;
class WizardPanel;

class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Opens a PyTorch logic file (KernelBench form) or a workspace folder (its reference.py is the
  /// logic file; its existing files open in tabs and it becomes the workspace). Resets the phases.
  /// Returns false, shows the reason (non-modal dialog + status bar) and keeps the current state if
  /// the path does not exist or is neither a .py file nor a folder with reference.py.
  bool openPath(const QString& logicFileOrWorkspace);

  /// Starts phase 1..4. Phases 1-3 (the probe, the knowledge tools, generation and static checks:
  /// seconds) run on a worker thread (QtConcurrent) so the window stays responsive; phase 4 runs the
  /// harness as a QProcess with live output. Completion shows in the wizard (phaseState leaves
  /// Running) and phaseFinished() is emitted. Returns false with lastError() if the phase could not
  /// start; true once it is started (or, for phases 1-3, already finished when `wait` is true).
  bool runPhase(int phase, bool wait = false);
  /// True while a phase 1-3 runs on the worker thread.
  bool phaseBusy() const;

Q_SIGNALS:
  /// A phase 1-3 finished (ok = passed); phase 4 reports through the wizard and the run console.
  void phaseFinished(int phase, bool ok);

public:
  /// Report: writes baseline_report.md, memory/v0.json and roofline.png (BaselineJob::writeRecords),
  /// draws the roofline and shows the report as HTML in a preview tab. False with lastError().
  bool showReport();
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
  /// The job of the current logic file (nullptr before phase 1 ran).
  BaselineJob* job() const { return m_job.get(); }

protected:
  void closeEvent(QCloseEvent* event) override;

private:
  void createActions();
  void createDocks();
  void restoreSettings();
  void saveSettings() const;
  void addRecentFile(const QString& path);
  void updateRecentMenu();
  void updateActions();
  void updateTitle();
  void updatePolicyHint();
  void showError(const QString& title, const QString& message);
  bool ensureRecords();
  void onMeasured(bool ok);
  void finishPhase(int phase, bool ok);
  void openWorkspaceFile(const QString& relativePath, bool focus);
  /// Sets the wizard's GPU, framework and CPU-dry-run mode to those `workspace` was made with
  /// (.kwb/spec.json's target, memory/v0.json's mode); returns them as text, or "" when unknown.
  QString restoreWorkspaceTarget(const QString& workspace);
  bool settingsMatchJob() const;
  bool confirmUnsavedBeforeRun();
  QString kwbExecutable() const;

  EditorTabs* m_editors;
  WizardPanel* m_wizard;
  RunConsole* m_console;
  RooflinePlot* m_roofline;
  KnowledgeModel* m_knowledge;
  std::unique_ptr<BaselineJob> m_job;
  QFutureWatcher<bool>* m_phaseWatcher = nullptr;  ///< the running phase 1-3 (worker thread)
  int m_phaseRunning = 0;                           ///< which phase it is (0 = none)
  QString m_logicPath;
  QString m_lastError;
  bool m_recordsWritten = false;
  QStringList m_recent;
  QMenu* m_recentMenu = nullptr;
  QMenu* m_viewMenu = nullptr;
  QAction* m_phaseActions[4] = {};
  QAction* m_stopAction = nullptr;
  QAction* m_reportAction = nullptr;
  QAction* m_memoryAction = nullptr;
  QAction* m_commitAction = nullptr;
};

}  // namespace kwb
