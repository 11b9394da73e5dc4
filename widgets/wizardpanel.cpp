#include "widgets/wizardpanel.h"
#include "core/review/displaytext.h"

#include "core/codegen/preview.h"
#include "core/pipeline/baselinejob.h"
#include "core/pipeline/session.h"
#include "core/records/versions.h"
#include "widgets/verdictbadge.h"
#include "widgets/specform.h"
#include "widgets/specview.h"
#include "widgets/targetchooser.h"
#include "widgets/textfit.h"
#include "widgets/theme.h"

#include <QAction>
#include <QKeySequence>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QStackedWidget>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace kwb {

QString phaseTitle(int phase) {
  switch (phase) {
    case 1:
      return WizardPanel::tr("Understand");
    case 2:
      return WizardPanel::tr("Learn");
    case 3:
      return WizardPanel::tr("Implement");
    case 4:
      return WizardPanel::tr("Measure");
    default:
      return {};
  }
}

WizardPanel::WizardPanel(QWidget* parent)
    : QWidget(parent),
      m_logic(new QLineEdit(this)),
      m_gpu(new QComboBox(this)),
      m_framework(new QComboBox(this)),
      m_workspace(new QLineEdit(this)),
      m_dryRun(new QCheckBox(tr("CPU dry run"), this)),
      m_target(new TargetChooser(this)),
      m_phaseList(new QListWidget(this)),
      m_stack(new QStackedWidget(this)),
      m_specView(new SpecView(this)),
      m_specForm(new SpecForm(this)),
      m_learnSummary(new QLabel(this)),
      m_files(new QListWidget(this)),
      m_measureSummary(new QLabel(this)),
      m_recordButtons(new QWidget(this)),
      m_verdictBadge(new VerdictBadge(this)),
      m_states(4, PhaseState::NotRun) {
  m_logic->setObjectName(QStringLiteral("logicEdit"));
  m_logic->setReadOnly(true);
  m_logic->setPlaceholderText(tr("File > Open a PyTorch logic file"));

  m_gpu->setObjectName(QStringLiteral("gpuCombo"));
  m_gpu->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_gpu->setMinimumContentsLength(10);
  m_gpu->setEditable(true);
  m_gpu->setInsertPolicy(QComboBox::NoInsert);
  m_gpu->setToolTip(tr("Target GPU: a spec-ledger id or alias, looked up exactly (never another GPU's numbers)"));

  m_framework->setObjectName(QStringLiteral("frameworkCombo"));
  // Its longest item ("Policy default (Hopper → CuteDSL, …)") must not set the dock's minimum width.
  m_framework->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_framework->setMinimumContentsLength(14);
  m_framework->addItem(tr("Policy default (Hopper → CuteDSL, CDNA3/CDNA4 → FlyDSL)"), QString());
  m_framework->addItem(tr("CuteDSL"), QStringLiteral("cutedsl"));
  m_framework->addItem(tr("FlyDSL"), QStringLiteral("flydsl"));
  m_framework->addItem(tr("Triton (outside the seed's policy)"), QStringLiteral("triton"));

  m_workspace->setObjectName(QStringLiteral("workspaceEdit"));
  m_workspace->setPlaceholderText(tr("./kernel_opt_<name>"));
  auto* browse = new QToolButton(this);
  browse->setText(tr("…"));
  browse->setToolTip(tr("Choose the workspace folder"));
  connect(browse, &QToolButton::clicked, this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Workspace folder"), m_workspace->text());
    if (!dir.isEmpty()) m_workspace->setText(QDir::toNativeSeparators(dir));
  });
  connect(m_workspace, &QLineEdit::textChanged, this, &WizardPanel::updateWorkspaceToolTip);
  auto* wsRow = new QHBoxLayout;
  wsRow->setContentsMargins(0, 0, 0, 0);
  wsRow->addWidget(m_workspace, 1);
  wsRow->addWidget(browse);

  m_dryRun->setObjectName(QStringLiteral("cpuDryRunCheck"));
  m_dryRun->setToolTip(
      tr("Run the PyTorch reference on the CPU at reduced shapes: checks the flow, never a kernel measurement"));

  auto* form = new QFormLayout;
  form->addRow(tr("Logic file:"), m_logic);
  form->addRow(tr("GPU:"), m_gpu);
  form->addRow(tr("Framework:"), m_framework);
  form->addRow(tr("Workspace:"), wsRow);
  form->addRow(QString(), m_dryRun);
  form->addRow(tr("Run on:"), m_target);

  m_phaseList->setObjectName(QStringLiteral("phaseList"));
  // One phase a row: in a dock of 340 px a row of four hid phase 4, the verdict, off the edge.
  m_phaseList->setFlow(QListView::TopToBottom);
  m_phaseList->setMaximumHeight((m_phaseList->fontMetrics().height() + 6) * 4 + 2 * m_phaseList->frameWidth());
  for (int p = 1; p <= 4; ++p) m_phaseList->addItem(QString());

  // Page contents.
  m_learnSummary->setWordWrap(true);
  m_learnSummary->setAlignment(Qt::AlignTop | Qt::AlignLeft);  // centred, it floated 250 px below the intro
  m_learnSummary->setText(tr("Not run yet. The records consulted appear in the Knowledge panel."));
  m_files->setObjectName(QStringLiteral("writtenFiles"));
  connect(m_files, &QListWidget::itemActivated, this,
          [this](QListWidgetItem* item) { Q_EMIT openFileRequested(QDir(m_filesRoot).filePath(item->text())); });
  m_measureSummary->setWordWrap(true);
  // A long unbreakable name (a problem, a path) is clipped rather than widening the whole wizard.
  m_measureSummary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  m_measureSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_measureSummary->setText(tr("Not run yet."));
  auto* recordRow = new QHBoxLayout(m_recordButtons);
  recordRow->setContentsMargins(0, 0, 0, 0);
  auto* measureContent = new QWidget(this);
  auto* measureLayout = new QVBoxLayout(measureContent);
  measureLayout->setContentsMargins(0, 0, 0, 0);
  m_verdictBadge->setObjectName(QStringLiteral("wizardVerdict"));
  measureLayout->addWidget(m_verdictBadge);
  m_measureAgain = new QToolButton(measureContent);
  m_measureAgain->setObjectName(QStringLiteral("measureAgainButton"));
  m_measureAgain->setToolButtonStyle(Qt::ToolButtonTextOnly);
  m_measureAgain->hide();  // until setMeasureAgainAction()
  measureLayout->addWidget(m_measureAgain);
  measureLayout->addWidget(m_measureSummary);
  measureLayout->addWidget(m_recordButtons);
  measureLayout->addStretch(1);

  // Phase 1 shows the spec read-only and as an editable form (saved through MainWindow → BaselineJob::setSpec).
  auto* specTabs = new QTabWidget(this);
  specTabs->setObjectName(QStringLiteral("specTabs"));
  specTabs->addTab(m_specView, tr("Spec"));
  specTabs->addTab(m_specForm, tr("Edit"));
  m_stack->addWidget(makePage(
      1, tr("Probe the logic file on meta tensors: compute pattern, tensors, FLOPs and bytes, accuracy."), specTabs));
  m_stack->addWidget(makePage(
      2, tr("Query the enabled knowledge tools for the exact GPU, framework and operator; write plans/v0_plan.md."),
      m_learnSummary));
  m_stack->addWidget(makePage(
      3,
      tr("Generate reference.py, kernel.py and test_kernel.py. Edit them in the editor before measuring if you like."),
      m_files));
  m_stack->addWidget(makePage(
      4, tr("One full-workload V0 measurement, then the report, memory/v0.json and the commit."), measureContent));
  connect(m_phaseList, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);
  // Every page stays reachable, finished ones with their results: by a click on the list, by its arrow keys, and by
  // Alt+1..4 from anywhere in the window (a reviewer or a demo goes back to phase 1's verdict after phase 4 ran).
  for (int p = 1; p <= 4; ++p) {
    auto* show = new QAction(tr("Show Phase %1: %2").arg(p).arg(phaseTitle(p)), this);
    show->setObjectName(QStringLiteral("actionShowPhase%1").arg(p));
    show->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_0 + p)));
    show->setShortcutContext(Qt::WindowShortcut);
    connect(show, &QAction::triggered, this, [this, p] {
      showPhase(p);
      m_phaseList->setFocus(Qt::ShortcutFocusReason);
    });
    addAction(show);
    m_showActions.append(show);
  }

  // The skeleton warning, under the settings so it shows on every page before phase 3 writes anything (new-user
  // trial 10, #7: one blue console line was the only warning).
  m_codegenWarning = new QFrame(this);
  m_codegenWarning->setObjectName(QStringLiteral("codegenWarning"));
  m_codegenWarning->setFrameShape(QFrame::StyledPanel);
  m_codegenWarning->setStyleSheet(
      QStringLiteral("QFrame#codegenWarning{background:#fff3cd;border:1px solid #e0a800;border-radius:3px}"
                     "QFrame#codegenWarning QLabel{color:#5c4400}"));
  m_codegenWarningText = new QLabel(m_codegenWarning);
  m_codegenWarningText->setWordWrap(true);
  m_codegenWarningText->setTextFormat(Qt::PlainText);
  m_codegenWarningText->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  m_useSuggested = new QPushButton(m_codegenWarning);
  m_useSuggested->setObjectName(QStringLiteral("useSuggestedFramework"));
  connect(m_useSuggested, &QPushButton::clicked, this, [this] {
    if (!m_suggested.isEmpty()) Q_EMIT frameworkSwitchRequested(m_suggested);
  });
  auto* chipRow = new QHBoxLayout(m_codegenWarning);
  chipRow->setContentsMargins(6, 4, 6, 4);
  chipRow->addWidget(m_codegenWarningText, 1);
  chipRow->addWidget(m_useSuggested, 0, Qt::AlignVCenter);
  m_codegenWarning->hide();

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(m_codegenWarning);
  layout->addWidget(m_phaseList);
  layout->addWidget(m_stack, 1);

  connect(m_gpu, &QComboBox::currentTextChanged, this, &WizardPanel::settingsChanged);
  connect(m_framework, &QComboBox::currentIndexChanged, this, &WizardPanel::settingsChanged);
  resetPhases();
  showPhase(1);
}

QWidget* WizardPanel::makePage(int phase, const QString& intro, QWidget* content) {
  auto* page = new QWidget(this);
  auto* title = new QLabel(QStringLiteral("<b>%1. %2</b>").arg(phase).arg(phaseTitle(phase).toHtmlEscaped()), page);
  auto* text = new QLabel(intro, page);
  text->setWordWrap(true);
  auto* button = new QPushButton(phase == 4 ? tr("Run V0 measurement") : tr("Run %1").arg(phaseTitle(phase)), page);
  button->setObjectName(QStringLiteral("phaseButton%1").arg(phase));
  connect(button, &QPushButton::clicked, this, [this, phase] { Q_EMIT phaseRequested(phase); });
  m_buttons.append(button);
  // The Run button sits beside the title, above the content: at the bottom it scrolled out of view
  // whenever the content (the spec form, the file list) was taller than the dock.
  auto* titleRow = new QHBoxLayout;
  titleRow->addWidget(title);
  titleRow->addStretch(1);
  titleRow->addWidget(button);
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(titleRow);
  layout->addWidget(text);
  layout->addWidget(content, 1);
  return page;
}

void WizardPanel::setGpuIds(const QStringList& ids, const QStringList& displayNames) {
  const QString keep = m_gpu->currentText();
  m_gpu->clear();
  for (int i = 0; i < ids.size(); ++i) {
    m_gpu->addItem(ids[i]);
    if (i < displayNames.size()) m_gpu->setItemData(i, displayNames[i], Qt::ToolTipRole);
  }
  setGpu(keep);
}

void WizardPanel::applyTo(BaselineOptions& o) const {
  o.gpu = gpu();
  o.framework = framework();
  o.workspaceDir = workspaceDir();
  o.workspaceParent = m_workspaceParent;
  o.cpuDryRun = cpuDryRun();
  o.target = target();
}

QString WizardPanel::gpu() const { return m_gpu->currentText().trimmed(); }
void WizardPanel::setGpu(const QString& gpu) {
  const int i = m_gpu->findText(gpu);
  if (i >= 0)
    m_gpu->setCurrentIndex(i);
  else
    m_gpu->setEditText(gpu);  // an alias ("H200") the ledger resolves
}
void WizardPanel::setPolicyHint(const QString& hint) {
  m_framework->setItemText(0, hint.isEmpty() ? tr("Policy default (Hopper → CuteDSL, CDNA3/CDNA4 → FlyDSL)")
                                             : tr("Policy default: %1").arg(hint));
}

QString WizardPanel::framework() const { return m_framework->currentData().toString(); }
void WizardPanel::setFramework(const QString& framework) {
  const int i = m_framework->findData(framework.toLower());
  m_framework->setCurrentIndex(i >= 0 ? i : 0);
}
QString WizardPanel::workspaceDir() const { return QDir::fromNativeSeparators(m_workspace->text().trimmed()); }
void WizardPanel::setWorkspaceDir(const QString& dir) { m_workspace->setText(QDir::toNativeSeparators(dir)); }
void WizardPanel::setWorkspaceParent(const QString& dir) {
  m_workspaceParent = dir;
  m_workspace->setPlaceholderText(dir.isEmpty()
                                      ? tr("./kernel_opt_<name>")
                                      : QDir::toNativeSeparators(QDir(dir).filePath(tr("kernel_opt_<name>"))));
  updateWorkspaceToolTip();
}
void WizardPanel::updateWorkspaceToolTip() {
  // A long path shows only its tail (the folder's own name) in the ~220 px field: the tooltip has it whole (new-user
  // trial 17, #15); an empty field says where the default goes.
  const QString text = m_workspace->text().trimmed();
  m_workspace->setToolTip(
      !text.isEmpty() ? QDir::toNativeSeparators(QDir::cleanPath(QDir(text).absolutePath()))
      : m_workspaceParent.isEmpty()
          ? QString()
          : tr("Empty: a new folder kernel_opt_<name> in %1").arg(QDir::toNativeSeparators(m_workspaceParent)));
}
bool WizardPanel::cpuDryRun() const { return m_dryRun->isChecked(); }
void WizardPanel::setCpuDryRun(bool on) { m_dryRun->setChecked(on); }
QString WizardPanel::target() const { return m_target->spec(); }
void WizardPanel::setTarget(const QString& spec) { m_target->setSpec(spec); }
void WizardPanel::setLogicPath(const QString& path, const QString& toolTip) {
  m_logic->setText(QDir::toNativeSeparators(path));
  m_logic->setToolTip(toolTip.isEmpty() ? QDir::toNativeSeparators(path) : toolTip);
}

void WizardPanel::updatePhaseItem(int phase) {
  static const QString marks[] = {QStringLiteral("○"), QStringLiteral("…"), QStringLiteral("✓"), QStringLiteral("✗"),
                                  QStringLiteral("✓")};
  const auto state = m_states[phase - 1];
  QListWidgetItem* item = m_phaseList->item(phase - 1);
  // Measure's mark is the gate's verdict: a ✓ there means the quality gate passed, nothing less.
  // In the gate's words ("Dry run: not measured"), not its code: "4. Measure: DRY_RUN" read as a raw enum (new-user
  // trial 15, #14).
  if (phase == 4 && state != PhaseState::Running && m_verdict != Verdict::NotRun && m_verdict != Verdict::Running) {
    item->setText(
        tr("%1 %2. %3 (%4)").arg(verdictGlyph(m_verdict)).arg(phase).arg(phaseTitle(phase), verdictTitle(m_verdict)));
    item->setForeground(readableOn(verdictColor(m_verdict), palette()));
    return;
  }
  QString text =
      state == PhaseState::Recorded
          ? tr("%1 %2. %3 (recorded)").arg(marks[static_cast<int>(state)]).arg(phase).arg(phaseTitle(phase))
          : QStringLiteral("%1 %2. %3").arg(marks[static_cast<int>(state)]).arg(phase).arg(phaseTitle(phase));
  // Phase 1's verdict in its entry, as phase 4's gate is in its own: what phase 3 will write stays in view on every
  // page (new-user trial 10, #7/#8)
  if (phase == 1 && (state == PhaseState::Done || state == PhaseState::Recorded))
    if (const QString outcome = understandOutcome(); !outcome.isEmpty()) text = tr("%1: %2").arg(text, outcome);
  item->setText(text);
  item->setData(Qt::ForegroundRole, QVariant());
}

QString WizardPanel::understandOutcome() const {
  if (m_codegenLabel.isEmpty()) return {};
  return m_codegenKernel ? tr("%1 kernel").arg(m_codegenLabel) : tr("%1 SKELETON").arg(m_codegenLabel);
}

QString WizardPanel::phaseItemText(int phase) const {
  return phase >= 1 && phase <= 4 ? m_phaseList->item(phase - 1)->text() : QString();
}

void WizardPanel::setSession(WorkbenchSession* session) {
  // The session writes the phase summaries (core decides what a run's summary says); the wizard shows them.
  connect(session, &WorkbenchSession::summaryChanged, this, [this](int phase, const QString& text) {
    if (phase == 2)
      setLearnSummary(text);
    else if (phase == 4)
      setMeasureSummary(text.isEmpty() ? tr("Not run yet.") : text);
  });
  connect(session, &WorkbenchSession::codegenVerdictChanged, this,
          [this, session] { setCodegenVerdict(session->codegenVerdict()); });
  connect(session, &WorkbenchSession::verdictChanged, this, [this](Verdict v, const QString& reason) {
    m_verdict = v;
    m_verdictBadge->setVerdict(v, reason);
    updatePhaseItem(4);
  });
  connect(session, &WorkbenchSession::reviewChanged, this, [this, session] {
    if (!session->review()) return;
    const WorkspaceReview& r = *session->review();
    setWorkspaceDir(r.root);
    if (r.spec.is_object() && r.spec.contains("inputs")) setSpec(r.spec);
    auto num = [](const std::optional<double>& v, char f, int p) { return v ? QString::number(*v, f, p) : QString(); };
    QStringList lines{
        tr("Review of %1, %2 (nothing re-run)%3:")
            .arg(r.problemName, versionOfText(r.version, r.versionCount),
                 // a skeleton's harness never ran: no CPU dry run took place either (new-user trial 9, #11)
                 r.skeleton && r.runDir.isEmpty()         ? tr(", no run: kernel.py is a skeleton")
                 : r.mode == QLatin1String("cpu-dry-run") ? tr(", CPU dry run: not a measurement")
                                                          : QString())};
    if (!r.gateReason.isEmpty()) lines << tr("  why: %1").arg(displayGateReason(r.gateReason));
    if (const QString e = num(r.maxRelErr, 'e', 3); !e.isEmpty()) lines << tr("  max rel_err: %1").arg(e);
    if (const QString l = num(r.latencyUs, 'f', 1); !l.isEmpty()) lines << tr("  latency: %1 µs").arg(l);
    if (const QString b = num(r.bandwidthGBs, 'f', 1); !b.isEmpty()) lines << tr("  bandwidth: %1 GB/s").arg(b);
    if (const QString t = num(r.tflops, 'f', 3); !t.isEmpty()) lines << tr("  compute: %1 TFLOPS").arg(t);
    if (!r.runDir.isEmpty())
      lines << tr("  run: %1%2")
                   .arg(QDir(r.root).relativeFilePath(r.runDir), r.runRecorded ? QString()
                                                                 : r.verdict == Verdict::Incomplete
                                                                     ? tr(" (interrupted: no result.json)")
                                                                     : tr(" (not the recorded run)"));
    else if (!r.absentRunDir.isEmpty())
      lines << tr("  run: %1 (not in this copy: run folders are not committed; the report is the record)")
                   .arg(r.absentRunDir);
    if (!r.maxRelErr && r.mode == QLatin1String("cpu-dry-run") && !(r.skeleton && r.runDir.isEmpty()))
      lines << tr("  rel_err: %1").arg(dryRunRelErrNote());
    const QString gap = r.versionCount > 0 ? baselineVerdictGap(r.root) : QString();
    lines << (!gap.isEmpty() ? baselineVerdictGapText(gap)
              : r.versionCount > 0
                  ? tr("Measure Again records kernel.py as V%1 (V0 is kept); running phases 1-4 again replaces V0.")
                        .arg(r.versionCount)
                  : tr("Run the phases to measure it."));
    setVersionCount(r.versionCount);
    setMeasureSummary(lines.join(u'\n'));
    // Phases 1-3 as the workspace recorded them: a reviewer sees the spec, plan and kernel were made (new-user
    // trial 5, R6: hollow circles read as never run).
    const QDir root(r.root);
    const bool recorded[] = {r.spec.is_object() && r.spec.contains("inputs"),
                             QFileInfo::exists(root.filePath(QStringLiteral("plans/v0_plan.md"))),
                             QFileInfo::exists(root.filePath(QStringLiteral("kernel.py")))};
    // ... and their pages show what the workspace recorded, not "Not run yet." under a ✓ (a reviewer going back to
    // phase 1 reads the code-generation verdict, phase 2 the records, phase 3 the files)
    const CodegenVerdict codegen = r.spec.is_object() && r.spec.contains("inputs") && !r.framework.isEmpty()
                                       ? kwb::codegenVerdict(r.spec, r.framework)
                                       : CodegenVerdict{};
    m_specView->setCodegen(codegen);  // not the chip: phase 3 already wrote what it wrote
    const CodegenVerdict::Backend* chosen = codegen.valid ? codegen.chosen() : nullptr;
    m_codegenLabel = chosen ? chosen->label : QString();
    m_codegenKernel = chosen && chosen->kernel;
    if (recorded[1]) {
      QString learn = tr("Recorded in this workspace (nothing re-run): %n knowledge record(s) kept", nullptr,
                         static_cast<int>(r.records.size()));
      if (!r.setAside.isEmpty())
        learn += tr("; %n set aside as not applying", nullptr, static_cast<int>(r.setAside.size()));
      learn += u'\n' + tr("Plan: %1").arg(root.filePath(QStringLiteral("plans/v0_plan.md")));
      setLearnSummary(learn);
    }
    QStringList files;
    for (const char* rel : {"reference.py", "kernel.py", "test_kernel.py", "plans/v0_plan.md", "baseline_report.md"})
      if (QFileInfo::exists(root.filePath(QLatin1String(rel)))) files << QLatin1String(rel);
    setWrittenFiles(r.root, files);
    for (int p = 1; p <= 3; ++p)
      if (recorded[p - 1]) setPhaseState(p, PhaseState::Recorded);
    showPhase(4);
  });
}

void WizardPanel::setPhaseState(int phase, PhaseState state) {
  if (phase < 1 || phase > 4) return;
  m_states[phase - 1] = state;
  if (phase == 1) {
    m_specView->setPhase1Failed(state == PhaseState::Failed);
    m_specForm->setPhase1Failed(state == PhaseState::Failed);
  }
  // A phase that is redone invalidates the later ones' results.
  if (state == PhaseState::Running)
    for (int p = phase + 1; p <= 4; ++p) m_states[p - 1] = PhaseState::NotRun;
  const bool busy = m_states.contains(PhaseState::Running);
  for (int p = 1; p <= 4; ++p) {
    updatePhaseItem(p);
    const PhaseState s = m_states[p - 1];
    m_phaseList->item(p - 1)->setToolTip(
        s == PhaseState::Done || s == PhaseState::Recorded
            ? tr("Show phase %1's results (nothing runs again). Alt+%1; Ctrl+%1 runs it again.").arg(p)
            : tr("Show phase %1's page and its Run button. Alt+%1; Ctrl+%1 runs it.").arg(p));
  }
  // The pages of phases that must run again show no results of an earlier run (they would read as this run's).
  if (state == PhaseState::Running && phase < 2)
    m_learnSummary->setText(tr("Not run yet. The records consulted appear in the Knowledge panel."));
  if (state == PhaseState::Running && phase < 3) m_files->clear();
  updatePhaseButtons();
  // The actions themselves say when Report, Memory and Commit apply (MainWindow::updateActions).
  m_recordButtons->setEnabled(!busy);
}

void WizardPanel::updatePhaseButtons() {
  const bool busy = m_states.contains(PhaseState::Running);
  for (int p = 1; p <= 4; ++p) {
    QPushButton* b = m_buttons[p - 1];
    const bool waits = p > 1 && m_states[p - 2] != PhaseState::Done;
    QString tip;
    if (waits)
      // a reviewed workspace's phases are shown as recorded, not run: phase 2 waits for phase 1 to run here
      tip = tr("Runs once phase %1 has run in this window (the phases run in order; a reviewed workspace's recorded "
               "phases are shown, not run again)")
                .arg(p - 1);
    else if (p == 1 && m_versionCount > 0)
      tip = tr("Runs phase 1 again. Phases 1-4 run again end in a new V0: V0 is replaced (its commit stays in git). "
               "Measure Again keeps V0 and records kernel.py as V%1.")
                .arg(m_versionCount);
    else if (p == 4 && m_versionCount > 0)
      tip = tr("Measure the regenerated kernel as a new V0: V0 is replaced (its commit stays in git). Measure Again "
               "keeps V0 and records kernel.py as V%1.")
                .arg(m_versionCount);
    b->setToolTip(tip);
    b->setEnabled(!busy && !waits);
  }
  // With a V0 recorded, phase 4's button is only shown when it can run: in review mode "Measure Again" (V0 is kept)
  // is phase 4's one action (new-user trial 18, #11)
  m_buttons[3]->setVisible(m_versionCount == 0 || m_states[2] == PhaseState::Done);
}

WizardPanel::PhaseState WizardPanel::phaseState(int phase) const {
  return phase >= 1 && phase <= 4 ? m_states[phase - 1] : PhaseState::NotRun;
}

void WizardPanel::resetPhases() {
  for (int p = 4; p >= 1; --p) setPhaseState(p, PhaseState::NotRun);
  m_specView->setSpec(nlohmann::json());
  m_specForm->setSpec(nlohmann::json());
  m_files->clear();
  m_learnSummary->setText(tr("Not run yet. The records consulted appear in the Knowledge panel."));
  m_measureSummary->setText(tr("Not run yet."));
  m_specView->setCodegen(CodegenVerdict{});
  m_codegenLabel.clear();
  updatePhaseItem(1);
}

void WizardPanel::showPhase(int phase) {
  if (phase >= 1 && phase <= 4) m_phaseList->setCurrentRow(phase - 1);
}

int WizardPanel::currentPhase() const { return m_stack->currentIndex() + 1; }

void WizardPanel::setSpec(const nlohmann::json& spec) {
  m_specView->setSpec(spec);
  m_specForm->setSpec(spec);
}
void WizardPanel::setLearnSummary(const QString& text) { m_learnSummary->setText(softBreaks(text)); }

void WizardPanel::setWrittenFiles(const QString& root, const QStringList& relativePaths) {
  m_filesRoot = root;
  m_files->clear();
  m_files->addItems(relativePaths);
}

void WizardPanel::setMeasureSummary(const QString& text) { m_measureSummary->setText(softBreaks(text)); }
QString WizardPanel::measureSummary() const { return withoutSoftBreaks(m_measureSummary->text()); }

void WizardPanel::setRecordActions(const QList<QAction*>& actions) {
  for (QAction* a : actions) {
    auto* b = new QToolButton(m_recordButtons);
    b->setDefaultAction(a);
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_recordButtons->layout()->addWidget(b);
  }
  static_cast<QHBoxLayout*>(m_recordButtons->layout())->addStretch(1);
}

void WizardPanel::setMeasureAgainAction(QAction* action) {
  m_measureAgain->setDefaultAction(action);
  m_measureAgain->show();
}

void WizardPanel::setVersionCount(int count) {
  m_versionCount = count;
  // With V0 recorded, phase 4 after phases 1-3 again regenerates and replaces V0: its button says so.
  m_buttons[3]->setText(count > 0 ? tr("Measure V0 anew") : tr("Run V0 measurement"));
  updatePhaseButtons();
}

QPushButton* WizardPanel::phaseButton(int phase) const {
  return phase >= 1 && phase <= 4 ? m_buttons[phase - 1] : nullptr;
}

}  // namespace kwb

namespace kwb {

void WizardPanel::setCodegenVerdict(const CodegenVerdict& verdict) {
  m_specView->setCodegen(verdict);
  const CodegenVerdict::Backend* picked = verdict.valid ? verdict.chosen() : nullptr;
  m_codegenLabel = picked ? picked->label : QString();
  m_codegenKernel = picked && picked->kernel;
  updatePhaseItem(1);
  const CodegenVerdict::Backend* chosen = verdict.valid ? verdict.chosen() : nullptr;
  const QStringList others = verdict.valid ? verdict.kernelAlternatives() : QStringList();
  if (!chosen || chosen->kernel || others.isEmpty()) {
    m_suggested.clear();
    m_codegenWarning->hide();
    return;
  }
  QStringList labels;
  for (const CodegenVerdict::Backend& b : verdict.backends)
    if (others.contains(b.id)) labels << b.label;
  m_codegenWarningText->setText(
      softBreaks(tr("⚠ %1 will write a SKELETON for this problem, which the quality gate "
                    "fails (%2). %3 gives a kernel.")
                     .arg(chosen->label, displayCodegenReasonBrief(chosen->reason), labels.join(tr(" or ")))));
  // one sentence: what the framework lacks; the plan and the framework's stage list (22 lines in zh_CN at 1280
  // wide: new-user trial 26, #17) are in the tooltip, as on the Spec page
  m_codegenWarningText->setToolTip(codegenVerdictText(verdict));
  m_suggested = verdict.suggestedSwitch();
  QString suggestedLabel;
  for (const CodegenVerdict::Backend& b : verdict.backends)
    if (b.id == m_suggested) suggestedLabel = b.label;
  m_useSuggested->setText(tr("Use %1").arg(suggestedLabel));
  m_useSuggested->setToolTip(tr("Set Framework to %1 and run phase 1 again (seconds)").arg(suggestedLabel));
  m_useSuggested->setVisible(!m_suggested.isEmpty());
  m_codegenWarning->show();
}

QString WizardPanel::codegenWarningText() const {
  return m_codegenWarning->isHidden() ? QString() : withoutSoftBreaks(m_codegenWarningText->text());
}

}  // namespace kwb
