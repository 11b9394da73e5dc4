#pragma once
// The wizard: run settings (GPU, framework, workspace, CPU dry run) over a page stack of the seed's
// four phases. Pages only emit intents (phaseRequested, openFileRequested); MainWindow runs the phase
// through the session (which owns the BaselineJob) and reports back with setPhaseState()/set*().

#include <QStringList>
#include <QWidget>

#include <nlohmann/json.hpp>

#include "core/review/verdict.h"

class QCheckBox;
class QComboBox;
class QFrame;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QStackedWidget;
class QToolButton;
class QAction;

namespace kwb {

struct BaselineOptions;
struct CodegenVerdict;
class SpecForm;
class SpecView;
class TargetChooser;
class VerdictBadge;
class WorkbenchSession;

class WizardPanel : public QWidget {
  Q_OBJECT
 public:
  /// Recorded: done in the reviewed workspace (its spec, plan, kernel.py are there), not in this window: shown as
  /// done, but the next phase cannot run from it without phase 1 (there is no job).
  enum class PhaseState { NotRun, Running, Done, Failed, Recorded };

  explicit WizardPanel(QWidget* parent = nullptr);

  /// Follows `session`: its verdict is phase 4's headline (badge and phase mark); a reviewed workspace
  /// fills the spec, the workspace field and the Measure page from its records.
  void setSession(WorkbenchSession* session);
  /// The verdict phase 4 shows.
  Verdict verdict() const { return m_verdict; }
  /// The Measure page's badge.
  VerdictBadge* verdictBadge() const { return m_verdictBadge; }
  /// The text of phase `phase`'s entry in the phase list (e.g. "✗ 4. Measure: FAIL").
  QString phaseItemText(int phase) const;

  /// Fills the GPU selector (editable: any ledger id or alias may be typed) with `ids`, each shown
  /// with its display name from `displayNames` (same order; may be shorter).
  void setGpuIds(const QStringList& ids, const QStringList& displayNames = {});
  /// Copies the form into `o` (gpu, framework, workspaceDir, workspaceParent, cpuDryRun, target); other fields
  /// untouched.
  void applyTo(BaselineOptions& o) const;

  QString gpu() const;
  void setGpu(const QString& gpu);
  /// Names what the policy default resolves to for the chosen GPU (e.g. "CuteDSL for Hopper");
  /// "" restores the generic text.
  void setPolicyHint(const QString& hint);
  /// "" (policy default), "cutedsl", "flydsl" or "triton".
  QString framework() const;
  void setFramework(const QString& framework);
  QString workspaceDir() const;
  void setWorkspaceDir(const QString& dir);
  /// The folder an empty workspace box means `<parent>/kernel_opt_<name>` in (the box's placeholder says it);
  /// "" = the current directory, as `kwb` has it.
  QString workspaceParent() const { return m_workspaceParent; }
  void setWorkspaceParent(const QString& dir);
  bool cpuDryRun() const;
  void setCpuDryRun(bool on);
  /// Where phase 4 runs: a target spec ("local", "ssh://host/dir", "slurm://gpu?gres=gpu:1", ...).
  QString target() const;
  void setTarget(const QString& spec);
  TargetChooser* targetChooser() const { return m_target; }
  /// The logic file shown at the top (read-only here; File > Open changes it).
  /// The logic file shown (read-only); @p toolTip says more where the field shows another file than phase 1 runs.
  void setLogicPath(const QString& path, const QString& toolTip = {});

  /// Marks a phase (1..4) and enables the buttons that make sense (a phase needs the one before).
  void setPhaseState(int phase, PhaseState state);
  PhaseState phaseState(int phase) const;
  /// Resets all phases to NotRun (a new logic file).
  void resetPhases();
  /// Shows the page of phase 1..4. A finished phase's page keeps its results (the spec and the code-generation
  /// verdict, the knowledge summary, the files written, the measurement) until that phase or an earlier one runs
  /// again: showing it re-runs nothing (new-user trial 10, #8: phase 1's verdict was hidden once Learn came up).
  void showPhase(int phase);
  int currentPhase() const;
  /// "Show Phase N" for N = 1..4 (objectName "actionShowPhase<N>", shortcut Alt+N, window-wide): the keyboard's way
  /// to the pages besides the phase list's arrow keys; MainWindow puts them in its View menu.
  QList<QAction*> showPhaseActions() const { return m_showActions; }

  /// Phase 1 page: the spec.
  void setSpec(const nlohmann::json& spec);
  SpecView* specView() const { return m_specView; }
  /// Phase 1 page, "Edit" tab: the spec as an editable, validated form (its saveRequested signal).
  SpecForm* specForm() const { return m_specForm; }
  /// Phase 2 page: one line of summary (records consulted, fallbacks).
  void setLearnSummary(const QString& text);
  /// Phase 3 page: the files written, relative to `root` (double-click opens one).
  void setWrittenFiles(const QString& root, const QStringList& relativePaths);
  /// Phase 4 page: result summary (status, max rel_err, latency, gate, commit).
  void setMeasureSummary(const QString& text);
  QString measureSummary() const;
  /// Phase 4 page: buttons for these actions (Report, Memory, Commit), in order.
  void setRecordActions(const QList<QAction*>& actions);

  /// Phase 4 page: the "Measure again" button (objectName "measureAgainButton") for @p action, under the badge.
  void setMeasureAgainAction(QAction* action);
  /// How many versions the workspace shown holds (0: none yet). With a V0 recorded, phase 4's button no longer
  /// reads "Run V0 measurement" (it would replace V0 after phases 1-3 ran again); "Measure again" records
  /// kernel.py as V<count> (new-user trial 6, R1). Phase 4's own button is shown only once it can run (phases 1-3
  /// ran again here): beside "Measure again" a disabled "Measure V0 anew" read as a second, broken action
  /// (new-user trial 18, #11). Every phase button's tooltip says whether V0 is kept or replaced, or why it waits.
  void setVersionCount(int count);

  /// The run button of phase 1..4 (objectName "phaseButton<N>").
  QPushButton* phaseButton(int phase) const;

  /// Shows @p verdict (the session's codegenVerdict()) on the Spec page and, when the chosen framework writes a
  /// skeleton where another gives a kernel, a warning chip under the settings (objectName "codegenWarning")
  /// with a one-click switch (objectName "useSuggestedFramework", "Use Triton") when there is one to offer.
  void setCodegenVerdict(const CodegenVerdict& verdict);
  /// The warning chip's text, "" while it is hidden (for tests).
  QString codegenWarningText() const;
  /// The chip's switch button (hidden when there is nothing to switch to).
  QPushButton* suggestedFrameworkButton() const { return m_useSuggested; }

 Q_SIGNALS:
  /// The user asked to run phase 1..4.
  void phaseRequested(int phase);
  /// The user asked to open a file (absolute path) in the editor.
  void openFileRequested(const QString& path);
  /// GPU or framework changed (to remember them).
  void settingsChanged();
  /// The user clicked the warning chip's switch: use @p framework ("triton") and run phase 1 again.
  void frameworkSwitchRequested(const QString& framework);

 private:
  /// The workspace field's tooltip: the whole path of its text, or where an empty field puts the workspace.
  void updateWorkspaceToolTip();
  QWidget* makePage(int phase, const QString& intro, QWidget* content);
  void updatePhaseItem(int phase);
  /// The phase buttons' visibility and tooltips from the phase states and the version count (setVersionCount).
  void updatePhaseButtons();
  /// Phase 1's result in a few words for its list entry ("Triton kernel", "CuTe DSL skeleton"), "" without one.
  QString understandOutcome() const;

  QLineEdit* m_logic;
  QComboBox* m_gpu;
  QComboBox* m_framework;
  QLineEdit* m_workspace;
  QCheckBox* m_dryRun;
  TargetChooser* m_target;
  QListWidget* m_phaseList;
  QStackedWidget* m_stack;
  SpecView* m_specView;
  SpecForm* m_specForm;
  QLabel* m_learnSummary;
  QListWidget* m_files;
  QString m_filesRoot;
  QString m_workspaceParent;
  QLabel* m_measureSummary;
  QWidget* m_recordButtons;
  VerdictBadge* m_verdictBadge;
  Verdict m_verdict = Verdict::NotRun;
  QList<QPushButton*> m_buttons;
  QList<PhaseState> m_states;
  QToolButton* m_measureAgain = nullptr;
  QFrame* m_codegenWarning = nullptr;
  QLabel* m_codegenWarningText = nullptr;
  QPushButton* m_useSuggested = nullptr;
  QString m_suggested;
  int m_versionCount = 0;
  QList<QAction*> m_showActions;
  /// The chosen framework's code-generation outcome after phase 1 (label, kernel or not); empty label: none.
  QString m_codegenLabel;
  bool m_codegenKernel = false;
};

/// The title of phase 1..4 as the seed names it ("Understand", "Learn", "Implement", "Measure").
QString phaseTitle(int phase);

}  // namespace kwb
