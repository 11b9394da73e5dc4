#include "widgets/mainwindow.h"

#include "core/pipeline/baselinejob.h"
#include "core/platform/frameworkpolicy.h"
#include "core/platform/specledger.h"
#include "core/records/markdown.h"
#include "widgets/casetablemodel.h"
#include "widgets/codeeditor.h"
#include "widgets/editortabs.h"
#include "core/knowledge/registry.h"
#include "widgets/knowledgemodel.h"
#include "widgets/pluginpanel.h"
#include "widgets/rooflineplot.h"
#include "widgets/runconsole.h"
#include "widgets/specform.h"
#include "widgets/wizardpanel.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QtConcurrent/QtConcurrentRun>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QKeySequence>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTextBrowser>
#include <QToolBar>

#include <nlohmann/json.hpp>

namespace kwb {

namespace {
constexpr int kMaxRecent = 10;
// The files of a workspace the editor offers, in tab order (DESIGN.md "The workspace").
const char* const kWorkspaceFiles[] = {"reference.py", "kernel.py", "test_kernel.py", "baseline_report.md", "memory/v0.json"};

QString fmt(const std::optional<double>& v, char f = 'g', int prec = 4) {
  return v ? QString::number(*v, f, prec) : QStringLiteral("—");
}
}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_editors(new EditorTabs(this)),
      m_wizard(new WizardPanel(this)),
      m_console(new RunConsole(this)),
      m_roofline(new RooflinePlot(this)),
      m_knowledge(new KnowledgeModel(this)) {
  setObjectName(QStringLiteral("kwbMainWindow"));
  setCentralWidget(m_editors);
  m_editors->setObjectName(QStringLiteral("editorTabs"));
  m_wizard->setObjectName(QStringLiteral("wizardPanel"));
  m_console->setObjectName(QStringLiteral("runConsole"));
  m_roofline->setObjectName(QStringLiteral("rooflinePlot"));

  const SpecLedger& ledger = SpecLedger::builtin();
  QStringList names;
  for (const QString& id : ledger.knownIds())
    names << (ledger.byId(id) ? ledger.byId(id)->displayName : QString());
  m_wizard->setGpuIds(ledger.knownIds(), names);

  createActions();
  createDocks();
  restoreSettings();

  connect(m_wizard, &WizardPanel::phaseRequested, this, [this](int p) { runPhase(p); });
  // An edited spec replaces .kwb/spec.json; phases 2-4 done on the old one must run again.
  connect(m_wizard->specForm(), &SpecForm::saveRequested, this, [this](const nlohmann::json& spec) {
    if (phaseBusy()) {
      showError(tr("Spec not saved"), tr("Phase %1 is running; save the spec when it has finished.").arg(m_phaseRunning));
      return;
    }
    if (!m_job || !m_job->setSpec(spec)) {
      showError(tr("Spec not saved"), m_job ? m_job->lastError() : tr("run phase 1 first"));
      return;
    }
    m_wizard->setSpec(m_job->spec());
    for (int p = 2; p <= 4; ++p)
      if (m_wizard->phaseState(p) != WizardPanel::PhaseState::Running)
        m_wizard->setPhaseState(p, WizardPanel::PhaseState::NotRun);
    updateActions();
    statusBar()->showMessage(tr("Spec saved to %1/.kwb/spec.json").arg(m_job->workspaceDir()), 6000);
  });
  connect(m_wizard, &WizardPanel::openFileRequested, this, [this](const QString& path) {
    QString err;
    if (!m_editors->openFile(path, &err))
      showError(tr("Cannot open file"), err);
  });
  connect(m_wizard, &WizardPanel::settingsChanged, this, [this] {
    updatePolicyHint();
    saveSettings();
  });
  connect(m_editors, &EditorTabs::modificationChanged, this, &MainWindow::updateTitle);
  connect(m_console, &RunConsole::stopRequested, this, [this] {
    if (m_job)
      m_job->cancel();
    statusBar()->showMessage(tr("Stopping the measurement…"), 5000);
  });
  updatePolicyHint();
  updateActions();
  updateTitle();
  if (!ledger.loadError().isEmpty())
    showError(tr("GPU spec ledger"), ledger.loadError());
  statusBar()->showMessage(tr("Open a PyTorch logic file (File > Open) to start."));
}

MainWindow::~MainWindow() {
  // The worker thread uses m_job: let it finish before the job goes (seconds at most).
  if (m_phaseWatcher)
    m_phaseWatcher->waitForFinished();
}

bool MainWindow::phaseBusy() const { return m_phaseRunning != 0; }

void MainWindow::createActions() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* open = file->addAction(tr("&Open…"), this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open PyTorch logic file"), QFileInfo(m_logicPath).absolutePath(),
                                                      tr("Python files (*.py);;All files (*)"));
    if (!path.isEmpty())
      openPath(path);
  });
  open->setShortcut(QKeySequence::Open);
  open->setObjectName(QStringLiteral("actionOpen"));
  QAction* openWs = file->addAction(tr("Open &Workspace…"), this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open workspace folder"));
    if (!dir.isEmpty())
      openPath(dir);
  });
  openWs->setObjectName(QStringLiteral("actionOpenWorkspace"));
  m_recentMenu = file->addMenu(tr("Open &Recent"));
  file->addSeparator();
  QAction* save = file->addAction(tr("&Save"), this, [this] {
    QString err;
    if (m_editors->saveCurrent(&err))
      statusBar()->showMessage(tr("Saved %1").arg(m_editors->currentEditor()->filePath()), 4000);
    else
      showError(tr("Save failed"), err);
  });
  save->setShortcut(QKeySequence::Save);
  save->setObjectName(QStringLiteral("actionSave"));
  QAction* saveAll = file->addAction(tr("Save &All"), this, [this] {
    QString err;
    if (!m_editors->saveAll(&err))
      showError(tr("Save failed"), err);
  });
  saveAll->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* run = menuBar()->addMenu(tr("&Run"));
  for (int p = 1; p <= 4; ++p) {
    m_phaseActions[p - 1] = run->addAction(tr("&%1. %2").arg(p).arg(phaseTitle(p)), this, [this, p] { runPhase(p); });
    m_phaseActions[p - 1]->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_0 + p)));
  }
  m_stopAction = run->addAction(tr("S&top"), m_console, &RunConsole::stopRequested);
  m_stopAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
  run->addSeparator();
  m_reportAction = run->addAction(tr("&Report"), this, [this] { showReport(); });
  m_reportAction->setObjectName(QStringLiteral("actionReport"));
  m_reportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
  m_reportAction->setToolTip(tr("Write baseline_report.md, memory/v0.json and the roofline figure, and preview the report"));
  m_memoryAction = run->addAction(tr("&Memory"), this, [this] { showMemory(); });
  m_memoryAction->setObjectName(QStringLiteral("actionMemory"));
  m_memoryAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
  m_memoryAction->setToolTip(tr("Open memory/v0.json (written with the report)"));
  m_commitAction = run->addAction(tr("&Commit"), this, [this] { commitWorkspace(); });
  m_commitAction->setObjectName(QStringLiteral("actionCommit"));
  m_commitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
  m_commitAction->setToolTip(tr("Commit \"V0: baseline kernel\" (only after the quality gate passes)"));
  m_wizard->setRecordActions({m_reportAction, m_memoryAction, m_commitAction});

  QToolBar* tb = addToolBar(tr("Main"));
  tb->setObjectName(QStringLiteral("mainToolBar"));
  tb->addAction(open);
  tb->addAction(save);
  tb->addSeparator();
  tb->addAction(m_stopAction);
  tb->addSeparator();
  tb->addAction(m_reportAction);
  tb->addAction(m_memoryAction);
  tb->addAction(m_commitAction);

  m_viewMenu = menuBar()->addMenu(tr("&View"));
  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About"), this, [this] {
    QMessageBox::about(this, tr("About Kernel Workbench"),
                       tr("Kernel Workbench %1\nPyTorch logic to a correct, measured and committed V0 GPU kernel baseline.")
                           .arg(QApplication::applicationVersion()));
  });
}

void MainWindow::createDocks() {
  auto addDock = [this](const QString& title, const QString& name, QWidget* w, Qt::DockWidgetArea area) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(name);
    dock->setWidget(w);
    addDockWidget(area, dock);
    m_viewMenu->addAction(dock->toggleViewAction());
    return dock;
  };
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(m_wizard);
  scroll->setWidgetResizable(true);
  addDock(tr("Wizard"), QStringLiteral("wizardDock"), scroll, Qt::LeftDockWidgetArea);

  auto* table = new QTableView(this);
  table->setObjectName(QStringLiteral("knowledgeTable"));
  auto* proxy = new QSortFilterProxyModel(this);
  proxy->setSourceModel(m_knowledge);
  table->setModel(proxy);
  table->setSortingEnabled(true);
  table->sortByColumn(-1, Qt::AscendingOrder);
  table->verticalHeader()->hide();
  table->horizontalHeader()->setStretchLastSection(true);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->setWordWrap(false);
  QDockWidget* knowledge = addDock(tr("Knowledge"), QStringLiteral("knowledgeDock"), table, Qt::RightDockWidgetArea);
  QDockWidget* roofline = addDock(tr("Roofline"), QStringLiteral("rooflineDock"), m_roofline, Qt::RightDockWidgetArea);
  tabifyDockWidget(knowledge, roofline);
  // The plugin panel: query any tool, "Use this" writes the record through the job (issue 5).
  auto* plugins = new PluginPanel(ToolRegistry::instance(), this);
  plugins->setJobGetter([this] { return phaseBusy() ? nullptr : m_job.get(); });  // not while a phase uses it
  connect(plugins, &PluginPanel::recordUsed, this, [this] { m_knowledge->resetData(m_job ? m_job->consulted() : QList<KnowledgeRecord>{}); });
  tabifyDockWidget(knowledge, addDock(tr("Plugins"), QStringLiteral("pluginDock"), plugins, Qt::RightDockWidgetArea));
  knowledge->raise();
  addDock(tr("Run console"), QStringLiteral("runConsoleDock"), m_console, Qt::BottomDockWidgetArea);
}

void MainWindow::restoreSettings() {
  QSettings s;
  if (!restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray()))
    resize(1400, 900);
  restoreState(s.value(QStringLiteral("window/state")).toByteArray());
  const QString gpu = s.value(QStringLiteral("run/gpu")).toString();
  if (!gpu.isEmpty())
    m_wizard->setGpu(gpu);
  m_wizard->setFramework(s.value(QStringLiteral("run/framework")).toString());
  m_recent = s.value(QStringLiteral("files/recent")).toStringList();
  updateRecentMenu();
}

void MainWindow::saveSettings() const {
  QSettings s;
  s.setValue(QStringLiteral("run/gpu"), m_wizard->gpu());
  s.setValue(QStringLiteral("run/framework"), m_wizard->framework());
  s.setValue(QStringLiteral("files/recent"), m_recent);
}

void MainWindow::addRecentFile(const QString& path) {
  m_recent.removeAll(path);
  m_recent.prepend(path);
  while (m_recent.size() > kMaxRecent)
    m_recent.removeLast();
  updateRecentMenu();
  saveSettings();
}

void MainWindow::updateRecentMenu() {
  m_recentMenu->clear();
  for (const QString& path : std::as_const(m_recent))
    m_recentMenu->addAction(QDir::toNativeSeparators(path), this, [this, path] { openPath(path); });
  m_recentMenu->setEnabled(!m_recent.isEmpty());
}

void MainWindow::showError(const QString& title, const QString& message) {
  m_lastError = message;
  statusBar()->showMessage(title + QStringLiteral(": ") + message, 10000);
  m_console->appendMessage(title + QStringLiteral(": ") + message);
  // Non-modal: the window (and a running measurement) keeps going while the message is shown.
  auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

void MainWindow::updateTitle() {
  const QString name = m_logicPath.isEmpty() ? QString() : QFileInfo(m_logicPath).completeBaseName();
  setWindowTitle(name.isEmpty() ? tr("Kernel Workbench[*]") : tr("%1[*] — Kernel Workbench").arg(name));
  setWindowModified(!m_editors->modifiedFiles().isEmpty());
}

void MainWindow::updatePolicyHint() {
  const auto found = SpecLedger::builtin().lookup(m_wizard->gpu());
  if (!found.ok()) {
    m_wizard->setPolicyHint(QString());
    return;
  }
  const QString fw = policyFramework(found.gpu->arch.value);
  m_wizard->setPolicyHint(fw.isEmpty() ? tr("none for %1").arg(found.gpu->arch.value)
                                       : tr("%1 for %2").arg(fw, found.gpu->arch.value));
}

void MainWindow::updateActions() {
  using S = WizardPanel::PhaseState;
  const bool running = m_console->isRunning();
  bool busy = running;
  for (int p = 1; p <= 4; ++p)
    busy = busy || m_wizard->phaseState(p) == S::Running;
  for (int p = 1; p <= 4; ++p)
    m_phaseActions[p - 1]->setEnabled(!busy && !m_logicPath.isEmpty() && (p == 1 || m_wizard->phaseState(p - 1) == S::Done));
  m_stopAction->setEnabled(running);
  const bool measured = !busy && m_job && m_job->outcome().has_value();
  m_reportAction->setEnabled(measured);
  m_memoryAction->setEnabled(measured);
  m_commitAction->setEnabled(measured);
}

bool MainWindow::openPath(const QString& logicFileOrWorkspace) {
  if (phaseBusy()) {
    showError(tr("Cannot open"), tr("Phase %1 is running; open %2 when it has finished.").arg(m_phaseRunning).arg(logicFileOrWorkspace));
    return false;
  }
  const QFileInfo fi(logicFileOrWorkspace);
  QString logic;
  QString workspace;
  if (fi.isDir()) {
    workspace = fi.absoluteFilePath();
    logic = QDir(workspace).filePath(QStringLiteral("reference.py"));
    if (!QFileInfo::exists(logic)) {
      showError(tr("Cannot open workspace"), tr("%1 has no reference.py: not a kernel_opt_<name> workspace.").arg(workspace));
      return false;
    }
  } else if (fi.isFile()) {
    if (fi.suffix() != u"py") {
      showError(tr("Cannot open file"), tr("%1 is not a Python (.py) logic file.").arg(fi.absoluteFilePath()));
      return false;
    }
    logic = fi.absoluteFilePath();
  } else {
    showError(tr("Cannot open"), tr("%1 does not exist.").arg(logicFileOrWorkspace));
    return false;
  }
  if (m_console->isRunning()) {
    showError(tr("Cannot open"), tr("A measurement is running: stop it first."));
    return false;
  }
  QString err;
  if (!m_editors->openFile(logic, &err)) {
    showError(tr("Cannot open file"), err);
    return false;
  }
  m_logicPath = logic;
  m_job.reset();
  m_recordsWritten = false;
  m_wizard->resetPhases();
  m_wizard->setLogicPath(logic);
  if (!workspace.isEmpty()) {
    m_wizard->setWorkspaceDir(workspace);
    for (const char* rel : kWorkspaceFiles)
      if (QFileInfo::exists(QDir(workspace).filePath(QLatin1String(rel))))
        m_editors->openFile(QDir(workspace).filePath(QLatin1String(rel)), nullptr);
    m_editors->openFile(logic, nullptr);
  }
  m_knowledge->resetData({});
  m_roofline->clear();
  m_wizard->showPhase(1);
  addRecentFile(workspace.isEmpty() ? logic : workspace);
  m_lastError.clear();
  updateActions();
  updateTitle();
  const QString target = workspace.isEmpty() ? QString() : restoreWorkspaceTarget(workspace);
  statusBar()->showMessage(target.isEmpty() ? tr("Opened %1: run phase 1 (Understand)").arg(QDir::toNativeSeparators(logic))
                                            : tr("Opened workspace %1 (%2): run phase 1 to run it again")
                                                  .arg(QDir::toNativeSeparators(workspace), target),
                           8000);
  return true;
}

QString MainWindow::restoreWorkspaceTarget(const QString& workspace) {
  // The target the workspace was made for: GPU and framework from .kwb/spec.json, the mode from
  // memory/v0.json. Unreadable or absent files leave the form as it is (a fresh workspace).
  auto readJson = [](const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return nlohmann::json();
    return nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
  };
  const nlohmann::json spec = readJson(QDir(workspace).filePath(QStringLiteral(".kwb/spec.json")));
  if (!spec.is_object() || !spec.contains("target") || !spec["target"].is_object()) return {};
  const nlohmann::json& t = spec["target"];
  const QString gpu = QString::fromStdString(t.value("gpu", std::string()));
  const QString framework = QString::fromStdString(t.value("framework", std::string()));
  if (gpu.isEmpty()) return {};
  m_wizard->setGpu(gpu);
  // a framework outside the policy was requested explicitly; otherwise the policy default gave it
  m_wizard->setFramework(t.value("outside_policy", false) ? framework : QString());
  const nlohmann::json mem = readJson(QDir(workspace).filePath(QStringLiteral("memory/v0.json")));
  const bool dry = mem.is_object() && mem.contains("workbench") && mem["workbench"].is_object() &&
                   mem["workbench"].value("mode", std::string()) == "cpu-dry-run";
  m_wizard->setCpuDryRun(dry);
  // What the workspace's last run found, shown until the phases run again (a reviewer opening a finished
  // workspace saw "No spec yet" and an empty result: second fresh-user trial). Display only: the job starts
  // from phase 1 as before.
  if (spec.contains("inputs") && spec["inputs"].is_array()) m_wizard->setSpec(spec);
  if (mem.is_object()) {
    auto text = [](const nlohmann::json& o, const char* a, const char* b) -> QString {
      if (!o.contains(a) || !o[a].is_object() || !o[a].contains(b)) return {};
      const nlohmann::json& v = o[a][b];
      return v.is_null() ? QString() : v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump());
    };
    QStringList lines{tr("Last run, as recorded in memory/v0.json%1:").arg(dry ? tr(" (CPU dry run: not a measurement)") : QString())};
    const QString gate = text(mem, "quality_gate", "result"), why = text(mem, "quality_gate", "failure_reason");
    lines << tr("  quality gate: %1").arg(gate.isEmpty() ? (why.isEmpty() ? tr("not recorded") : why) : gate);
    if (const QString e = text(mem, "correctness", "rel_err"); !e.isEmpty()) lines << tr("  max rel_err: %1").arg(e);
    if (const QString l = text(mem, "performance", "latency_us"); !l.isEmpty()) lines << tr("  latency: %1 µs").arg(l);
    if (const QString b = text(mem, "performance", "bandwidth_gbps"); !b.isEmpty()) lines << tr("  bandwidth: %1 GB/s").arg(b);
    if (const QString tf = text(mem, "performance", "tflops"); !tf.isEmpty()) lines << tr("  compute: %1 TFLOPS").arg(tf);
    lines << tr("The report and memory are open in the editor; run the phases to measure again.");
    m_wizard->setMeasureSummary(lines.join(u'\n'));
  }
  return dry ? tr("%1, %2, CPU dry run").arg(gpu, framework) : tr("%1, %2").arg(gpu, framework);
}

QString MainWindow::kwbExecutable() const {
  // tools/*.py call `kwb`; it sits next to the GUI in a build or a bundle.
  for (const QString& dir : {QCoreApplication::applicationDirPath(), qEnvironmentVariable("KWB_BIN_DIR")}) {
    const QString candidate = QDir(dir).filePath(QStringLiteral("kwb"));
    if (!dir.isEmpty() && QFileInfo(candidate).isExecutable())
      return candidate;
  }
  return {};
}

bool MainWindow::settingsMatchJob() const {
  BaselineOptions now = m_job->options();
  m_wizard->applyTo(now);
  const BaselineOptions& was = m_job->options();
  return now.gpu == was.gpu && now.framework == was.framework && now.cpuDryRun == was.cpuDryRun &&
         (now.workspaceDir.isEmpty() || QFileInfo(now.workspaceDir).absoluteFilePath() == QFileInfo(m_job->workspaceDir()).absoluteFilePath());
}

bool MainWindow::confirmUnsavedBeforeRun() {
  const QStringList modified = m_editors->modifiedFiles();
  if (modified.isEmpty())
    return true;
  // The run reads the files from disk: say so rather than measure stale code silently.
  const auto answer = QMessageBox::question(
      this, tr("Unsaved changes"),
      tr("These files have unsaved changes; the run reads what is on disk:\n%1\n\nSave them first?").arg(modified.join(u'\n')),
      QMessageBox::Save | QMessageBox::Ignore | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Cancel)
    return false;
  if (answer == QMessageBox::Save) {
    QString err;
    if (!m_editors->saveAll(&err)) {
      showError(tr("Save failed"), err);
      return false;
    }
  }
  return true;
}

void MainWindow::openWorkspaceFile(const QString& relativePath, bool focus) {
  if (!m_job)
    return;
  const QString path = QDir(m_job->workspaceDir()).filePath(relativePath);
  if (!QFileInfo::exists(path))
    return;
  QWidget* before = m_editors->currentWidget();
  if (m_editors->editorFor(path)) {
    if (!m_editors->reloadIfUnmodified(path))
      statusBar()->showMessage(tr("%1 changed on disk; your unsaved edits in its tab are kept.").arg(relativePath), 8000);
  } else {
    QString err;
    if (!m_editors->openFile(path, &err))
      showError(tr("Cannot open file"), err);
  }
  if (focus)
    m_editors->setCurrentWidget(m_editors->editorFor(path));
  else if (before)
    m_editors->setCurrentWidget(before);
}

bool MainWindow::runPhase(int phase, bool wait) {
  using S = WizardPanel::PhaseState;
  if (phaseBusy()) {
    showError(tr("Phase %1").arg(phase), tr("Phase %1 (%2) is still running.").arg(m_phaseRunning).arg(phaseTitle(m_phaseRunning)));
    return false;
  }
  if (m_logicPath.isEmpty()) {
    showError(tr("No logic file"), tr("Open a PyTorch logic file first (File > Open)."));
    return false;
  }
  if (phase < 1 || phase > 4)
    return false;
  if (phase > 1 && (!m_job || m_wizard->phaseState(phase - 1) != S::Done)) {
    showError(tr("Phase %1").arg(phase), tr("Run phase %1 (%2) first.").arg(phase - 1).arg(phaseTitle(phase - 1)));
    return false;
  }
  if (phase > 1 && !settingsMatchJob()) {
    showError(tr("Settings changed"),
              tr("GPU, framework, workspace or CPU dry run changed since phase 1: run phase 1 (Understand) again."));
    return false;
  }
  if (phase == 1) {
    BaselineOptions o;
    o.logicPath = m_logicPath;
    m_wizard->applyTo(o);
    o.commit = false;  // the Commit action commits, after the user has looked at the report
    o.force = true;    // regenerate; the workspace keeps files the user edited
    o.kwbPath = kwbExecutable();
    m_job = std::make_unique<BaselineJob>(o);
    m_job->setFigureRenderer(&renderRooflinePng);
    m_recordsWritten = false;
    m_knowledge->resetData({});
    m_roofline->clear();
    connect(m_job.get(), &BaselineJob::progress, this, [this](int p, const QString& message) {
      m_console->appendMessage(QStringLiteral("[%1] %2").arg(phaseTitle(p), message));
      statusBar()->showMessage(message, 5000);
    });
    connect(m_job.get(), &BaselineJob::outputLine, m_console, &RunConsole::appendLine);
    connect(m_job.get(), &BaselineJob::caseStarted, m_console, &RunConsole::caseStarted);
    connect(m_job.get(), &BaselineJob::caseFinished, m_console, &RunConsole::caseFinished);
    connect(m_job.get(), &BaselineJob::measured, this, &MainWindow::onMeasured);
  }
  if (phase == 4 && !confirmUnsavedBeforeRun())
    return false;

  m_wizard->setPhaseState(phase, S::Running);
  updateActions();
  if (phase == 4) {
    m_recordsWritten = false;
    m_roofline->clear();
    m_console->runStarted();
    m_console->caseModel()->setDryRun(m_job->options().cpuDryRun);
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("runConsoleDock")))
      dock->raise();
    updateActions();
    BaselineOptions o = m_job->options();  // the target may change after phase 1: it matters only here
    o.target = m_wizard->target();
    m_job->setOptions(o);
    m_job->startMeasure();  // onMeasured() finishes the phase (also on an immediate failure)
    return m_wizard->phaseState(4) != S::Failed;
  }

  // Phases 1-3 on a worker thread: the job is not touched from here until finishPhase(); its
  // progress signals arrive queued. Nothing else may start meanwhile (runPhase refuses, the phase
  // actions are disabled by updateActions()).
  m_phaseRunning = phase;
  statusBar()->showMessage(tr("Phase %1 (%2) running…").arg(phase).arg(phaseTitle(phase)));
  BaselineJob* job = m_job.get();
  m_phaseWatcher = new QFutureWatcher<bool>(this);
  connect(m_phaseWatcher, &QFutureWatcher<bool>::finished, this, [this, phase] {
    const bool ok = m_phaseWatcher->result();
    m_phaseWatcher->deleteLater();
    m_phaseWatcher = nullptr;
    m_phaseRunning = 0;
    finishPhase(phase, ok);
  });
  m_phaseWatcher->setFuture(QtConcurrent::run([job, phase] {
    switch (phase) {
      case 1: return job->understand();
      case 2: return job->learn();
      case 3: return job->implement();
      default: return false;
    }
  }));
  updateActions();
  if (wait) {
    QFutureWatcher<bool>* w = m_phaseWatcher;
    w->waitForFinished();
    QCoreApplication::processEvents();  // delivers finished() → finishPhase()
    return m_wizard->phaseState(phase) == S::Done;
  }
  return true;
}

void MainWindow::finishPhase(int phase, bool ok) {
  using S = WizardPanel::PhaseState;
  m_wizard->setPhaseState(phase, ok ? S::Done : S::Failed);
  updateActions();
  Q_EMIT phaseFinished(phase, ok);
  if (!ok) {
    showError(tr("Phase %1 (%2) failed").arg(phase).arg(phaseTitle(phase)), m_job->lastError());
    return;
  }
  m_lastError.clear();
  if (phase == 1) {
    m_wizard->setSpec(m_job->spec());
    m_wizard->setWorkspaceDir(m_job->workspaceDir());
    statusBar()->showMessage(tr("Understood %1: framework %2 on %3").arg(m_job->problemName(), m_job->framework(), m_job->gpuId()), 8000);
  } else if (phase == 2) {
    const QList<KnowledgeRecord>& records = m_job->consulted();
    m_knowledge->resetData(records);
    int fallbacks = 0;
    QStringList tools;
    for (const KnowledgeRecord& r : records) {
      fallbacks += r.fallback ? 1 : 0;
      if (!tools.contains(r.toolId))
        tools << r.toolId;
    }
    QString summary = tr("%n record(s) consulted", nullptr, static_cast<int>(records.size()));
    if (!tools.isEmpty())
      summary += tr(" from %1").arg(tools.join(QStringLiteral(", ")));
    if (fallbacks > 0)
      summary += u'\n' + tr("%n fallback sample(s): NOT matches for this problem; see the Knowledge panel.", nullptr, fallbacks);
    summary += u'\n' + tr("Plan: %1").arg(QDir(m_job->workspaceDir()).filePath(QStringLiteral("plans/v0_plan.md")));
    m_wizard->setLearnSummary(summary);
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("knowledgeDock")))
      dock->raise();
  } else if (phase == 3) {
    m_wizard->setWrittenFiles(m_job->workspaceDir(), m_job->writtenFiles());
    for (const char* rel : {"reference.py", "test_kernel.py", "kernel.py"})
      openWorkspaceFile(QLatin1String(rel), true);
  }
  m_wizard->showPhase(phase + 1);
}

void MainWindow::onMeasured(bool ok) {
  using S = WizardPanel::PhaseState;
  m_console->runFinished(ok);
  const auto& outcome = m_job->outcome();
  // The outcome's cases are authoritative (harness entries merged, watchdog TIMEOUT_FAILs kept).
  if (outcome && !outcome->cases.isEmpty())
    m_console->caseModel()->resetData(outcome->cases);
  // A stopped run, or one whose cases did not all pass, is kept (its log and cases can still be
  // recorded) but the phase is marked failed: a ✓ means the V0 run passed.
  const bool passed = outcome && !outcome->cancelled && outcome->result && outcome->result->status == QLatin1String("PASS");
  m_wizard->setPhaseState(4, passed ? S::Done : S::Failed);
  QStringList lines;
  if (outcome) {
    if (outcome->result) {
      const RunResult& r = *outcome->result;
      lines << tr("Status %1 (%2), %3 case(s); max rel_err %4").arg(r.status, r.mode).arg(outcome->cases.size()).arg(fmt(r.maxRelErr, 'e', 3));
      lines << tr("latency_us %1 (reference %2), primary case %3").arg(fmt(r.latencyUs, 'f', 2), fmt(r.refLatencyUs, 'f', 2), r.primaryCase);
      if (!r.dryRunNote.isEmpty())
        lines << tr("CPU dry run: %1").arg(r.dryRunNote);
    }
    if (!outcome->error.isEmpty())
      lines << outcome->error;
    lines << tr("Log: %1").arg(outcome->logPath);
    lines << tr("Next: Report, Memory, Commit.");
  } else {
    lines << m_job->lastError();
  }
  m_wizard->setMeasureSummary(lines.join(u'\n'));
  updateActions();
  if (!ok)
    showError(tr("Measurement"), outcome && !outcome->error.isEmpty() ? outcome->error : m_job->lastError());
  else
    statusBar()->showMessage(tr("V0 measurement finished"), 8000);
}

bool MainWindow::ensureRecords() {
  if (phaseBusy()) {
    showError(tr("Report"), tr("Phase %1 is running; wait for it to finish.").arg(m_phaseRunning));
    return false;
  }
  if (!m_job || !m_job->outcome()) {
    showError(tr("No measurement"), tr("Run phase 4 (Measure) first."));
    return false;
  }
  if (m_recordsWritten)
    return true;
  QApplication::setOverrideCursor(Qt::WaitCursor);
  const bool ok = m_job->writeRecords();
  QApplication::restoreOverrideCursor();
  if (!ok) {
    showError(tr("Report"), m_job->lastError());
    return false;
  }
  m_recordsWritten = true;
  if (m_job->roofline())
    m_roofline->setData(*m_job->roofline());
  for (const char* rel : {"baseline_report.md", "memory/v0.json"})
    if (m_editors->editorFor(QDir(m_job->workspaceDir()).filePath(QLatin1String(rel))))
      openWorkspaceFile(QLatin1String(rel), false);
  return true;
}

bool MainWindow::showReport() {
  // Report always rewrites: the user may have fixed something since.
  m_recordsWritten = false;
  if (!ensureRecords())
    return false;
  const QString path = QDir(m_job->workspaceDir()).filePath(QStringLiteral("baseline_report.md"));
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    showError(tr("Report"), tr("Cannot read %1: %2").arg(path, f.errorString()));
    return false;
  }
  QTextBrowser* b = m_editors->showHtml(tr("Report preview"), QString());
  b->setSearchPaths({m_job->workspaceDir()});  // so roofline.png resolves
  b->setHtml(markdownToHtml(QString::fromUtf8(f.readAll())));
  if (auto* dock = findChild<QDockWidget*>(QStringLiteral("rooflineDock")))
    dock->raise();
  m_lastError.clear();
  statusBar()->showMessage(tr("Wrote %1").arg(path), 8000);
  return true;
}

bool MainWindow::showMemory() {
  if (!ensureRecords())
    return false;
  openWorkspaceFile(QStringLiteral("memory/v0.json"), true);
  m_lastError.clear();
  return true;
}

bool MainWindow::commitWorkspace() {
  if (!ensureRecords())
    return false;
  if (!m_editors->modifiedFiles().isEmpty() && !confirmUnsavedBeforeRun())
    return false;
  if (!m_job->commitWorkspace()) {
    showError(tr("Commit"), m_job->lastError());
    return false;
  }
  m_lastError.clear();
  const QString msg = tr("Committed %1: %2").arg(m_job->commitId().left(12), m_job->commitSubject());
  m_wizard->setMeasureSummary(m_wizard->measureSummary() + u'\n' + msg);
  statusBar()->showMessage(msg, 10000);
  return true;
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (m_console->isRunning()) {
    if (QMessageBox::question(this, tr("Measurement running"), tr("A measurement is running. Stop it and quit?")) != QMessageBox::Yes) {
      event->ignore();
      return;
    }
    if (m_job)
      m_job->cancel();
  }
  const QStringList modified = m_editors->modifiedFiles();
  if (!modified.isEmpty()) {
    const auto answer = QMessageBox::question(this, tr("Unsaved changes"),
                                              tr("Save your changes before quitting?\n%1").arg(modified.join(u'\n')),
                                              QMessageBox::SaveAll | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::SaveAll);
    if (answer == QMessageBox::Cancel) {
      event->ignore();
      return;
    }
    if (answer == QMessageBox::SaveAll) {
      QString err;
      if (!m_editors->saveAll(&err)) {
        QMessageBox::warning(this, tr("Save failed"), err);
        event->ignore();
        return;
      }
    }
  }
  QSettings s;
  s.setValue(QStringLiteral("window/geometry"), saveGeometry());
  s.setValue(QStringLiteral("window/state"), saveState());
  saveSettings();
  event->accept();
}

}  // namespace kwb
