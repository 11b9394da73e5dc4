// kwb_gui_screenshots: walks the GUI as a reviewer would and saves a PNG of the window at each step, for
// looking at (docs/results/2026-12-01-gui-review.md). Run under a real X server (xvfb-run), not offscreen:
//   kwb_gui_screenshots --out DIR --lang en|zh_CN [--dark] [--size 1280x800] --problem LOGIC.py
//                       --workspace NEW_DIR --review FINISHED_WORKSPACE [--suite SUITE_DIR]
//                       [--bad-problem SMALL_LOGIC.py --bad-workspace NEW_DIR]
// Steps: the welcome page; phases 1-3 and a live and a finished CPU dry run of --problem (in --workspace);
// the report; --review opened for review, its phases 1-3 pages; its versions compared; the roofline dock alone;
// --suite's table, sorted by the speedup over eager, and its first problem with a workspace here opened for review from
// it; with --bad-problem, a FAIL and a TIMEOUT_FAIL run (see badRun()).
#include <QAbstractItemView>
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QElapsedTimer>
#include <QFile>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLibraryInfo>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QPixmap>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableView>
#include <QTabWidget>
#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTimer>
#include <QSettings>
#include <QTemporaryDir>
#include <QTranslator>

#include <cstdio>

#include "core/pipeline/baselinejob.h"
#include "widgets/appenvironment.h"
#include "widgets/casetablemodel.h"
#include "widgets/codeeditor.h"
#include "widgets/editortabs.h"
#include "widgets/mainwindow.h"
#include "widgets/rooflineplot.h"
#include "widgets/runconsole.h"
#include "widgets/runspanel.h"
#include "widgets/specview.h"
#include "widgets/suitepanel.h"
#include "widgets/suitetablemodel.h"
#include "widgets/theme.h"
#include "widgets/wizardpanel.h"

using namespace kwb;

namespace {

void settle(int ms = 400) {
  QElapsedTimer t;
  t.start();
  while (t.elapsed() < ms) QApplication::processEvents(QEventLoop::AllEvents, 50);
}

bool save(QWidget* w, const QString& dir, const QString& name, int settleMs = 400) {
  settle(settleMs);
  const QString path = QDir(dir).filePath(name + QStringLiteral(".png"));
  const bool ok = w->grab().save(path);
  std::fprintf(stderr, "%s %s\n", ok ? "saved" : "FAILED", qUtf8Printable(path));
  // The window's size with the minimums that set it: a window that grew past the size asked for names the part that
  // made it (new-user trial 26, #9: 1024x640 grew to 659 after phase 4, 703 with the suite's page)
  if (auto* mw = qobject_cast<QMainWindow*>(w)) {
    QString mins;
    for (QDockWidget* d : mw->findChildren<QDockWidget*>())
      if (d->isVisible())
        mins += QStringLiteral(" %1 %2x%3 min %4x%5")
                    .arg(d->objectName())
                    .arg(d->width())
                    .arg(d->height())
                    .arg(d->minimumSizeHint().width())
                    .arg(d->minimumSizeHint().height());
    if (QWidget* c = mw->centralWidget())
      mins += QStringLiteral(" central %1x%2 min %3x%4")
                  .arg(c->width())
                  .arg(c->height())
                  .arg(c->minimumSizeHint().width())
                  .arg(c->minimumSizeHint().height());
    std::fprintf(stderr, "  window %dx%d, minimum %dx%d (set %dx%d);%s\n", mw->width(), mw->height(),
                 mw->minimumSizeHint().width(), mw->minimumSizeHint().height(), mw->minimumWidth(), mw->minimumHeight(),
                 qUtf8Printable(mins));
  }
  return ok;
}

void raiseDock(MainWindow& w, const char* name) {
  if (auto* d = w.findChild<QDockWidget*>(QLatin1String(name))) d->raise();
}

// A run whose generated kernel.py was edited after phase 3: @p patch is appended (it wraps ModelNew.forward
// to return wrong values, or to sleep past the per-case timeout). It runs in the harness's test-only CPU
// mode (KWB_HARNESS_DEVICE=cpu, set by the caller with the Triton emulation on PYTHONPATH), where kernel.py
// itself runs: a CPU dry run would not import kernel.py at all, so it cannot show a FAIL.
bool badRun(MainWindow& w, const QString& problem, const QString& workspace, const char* patch, int caseTimeoutSec,
            const QString& out, const QString& name) {
  if (!w.openPath(problem)) {
    std::fprintf(stderr, "%s: cannot open %s\n", qUtf8Printable(name), qUtf8Printable(problem));
    return false;
  }
  WizardPanel* wiz = w.wizard();
  wiz->setGpu(QStringLiteral("H200"));
  wiz->setFramework(QStringLiteral("triton"));
  wiz->setCpuDryRun(false);
  wiz->setWorkspaceDir(workspace);
  for (int phase = 1; phase <= 3; ++phase)
    if (!w.runPhase(phase, true)) {
      std::fprintf(stderr, "%s: phase %d failed: %s\n", qUtf8Printable(name), phase, qUtf8Printable(w.lastError()));
      return false;
    }
  QFile kernel(QDir(workspace).filePath(QStringLiteral("kernel.py")));
  if (!kernel.open(QIODevice::Append)) return false;
  kernel.write(patch);
  kernel.close();
  BaselineOptions o = w.job()->options();
  o.caseTimeoutSec = caseTimeoutSec;
  w.job()->setOptions(o);
  wiz->showPhase(4);
  if (!w.runPhase(4)) return false;
  QElapsedTimer t;
  t.start();
  while (w.runConsole()->isRunning() && t.elapsed() < 400000) settle(200);
  wiz->showPhase(4);
  raiseDock(w, "runConsoleDock");
  save(&w, out, name);
  return true;
}

const char kWrongValues[] = R"(

# Screenshot walk: wrong on purpose (every element 1.5x), so the harness shows a FAIL.
_kwb_forward = ModelNew.forward
ModelNew.forward = lambda self, *args: _kwb_forward(self, *args) * 1.5
)";

const char kSleeps[] = R"(

# Screenshot walk: sleeps past the per-case timeout, so the watchdog shows a TIMEOUT_FAIL.
import time as _kwb_time
_kwb_forward = ModelNew.forward
def _kwb_slow(self, *args):
    _kwb_time.sleep(30)
    return _kwb_forward(self, *args)
ModelNew.forward = _kwb_slow
)";

/// Phase 1's Spec tab scrolled to the end of its summary (the probe's notes and ambiguities, which 02 cuts off at
/// 1280x800) as 02c, then scrolled back: new-user trial 31 #11's zh_CN notes are at that end.
void saveSpecEnd(MainWindow* w, WizardPanel* wiz, const QString& out) {
  SpecView* spec = wiz->specView();
  QLabel* summary = nullptr;  // the longest label of the Spec tab: the summary
  for (QLabel* l : spec ? spec->findChildren<QLabel*>() : QList<QLabel*>())
    if (!summary || l->text().size() > summary->text().size()) summary = l;
  for (QWidget* p = wiz; summary && p; p = p->parentWidget())
    if (auto* area = qobject_cast<QScrollArea*>(p)) {
      const QPoint end = summary->mapTo(area->widget(), QPoint(0, summary->height()));
      area->ensureVisible(0, end.y(), 0, 8);
      settle(200);
      save(w, out, QStringLiteral("02c-phase1-spec-notes"));
      area->verticalScrollBar()->setValue(0);
      return;
    }
  std::fprintf(stderr, "gui_screenshots: no scrolled Spec summary found: 02c not taken\n");
}

}  // namespace

int main(int argc, char** argv) {
  // as kernel-workbench's main: the workplace's shared data (gpu-wiki store, CuTe DSL API tables) found beside the
  // build, so phase 2's shots show the knowledge records a user gets (the published ones showed "no gpu-wiki store")
  kwb::prepareRuntimeEnvironment();
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("KernelWorkbenchScreenshots"));
  QApplication::setApplicationName(QStringLiteral("kwb_gui_screenshots"));
  // Settings of this run only, thrown away at exit: a shared scope kept every earlier walk's workspaces in the welcome
  // page's Recent list (strangers' /tmp paths in a demo; new-user trial 6, R13). The list shows what this walk opens.
  QTemporaryDir settingsDir;
  QSettings::setDefaultFormat(QSettings::IniFormat);
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
  QCommandLineParser p;
  p.setApplicationDescription(
      QStringLiteral("Walks the GUI as a reviewer would and saves a PNG of the window at each step into --out.\n"
                     "Run under a real X server (xvfb-run), not offscreen."));
  p.addHelpOption();
  p.addOptions(
      {{QStringLiteral("out"), QStringLiteral("folder for the PNGs"), QStringLiteral("dir")},
       {QStringLiteral("lang"), QStringLiteral("en or zh_CN"), QStringLiteral("lang"), QStringLiteral("en")},
       {QStringLiteral("dark"), QStringLiteral("dark theme")},
       {QStringLiteral("size"), QStringLiteral("window size"), QStringLiteral("WxH"), QStringLiteral("1280x800")},
       {QStringLiteral("problem"), QStringLiteral("logic file to run"), QStringLiteral("py")},
       {QStringLiteral("workspace"), QStringLiteral("new workspace for the run"), QStringLiteral("dir")},
       {QStringLiteral("review"), QStringLiteral("finished workspace to review"), QStringLiteral("dir")},
       {QStringLiteral("suite"), QStringLiteral("kwb suite folder (or suite.json) to show"), QStringLiteral("dir")},
       {QStringLiteral("bad-problem"), QStringLiteral("small logic file for a FAIL and a TIMEOUT_FAIL run"),
        QStringLiteral("py")},
       {QStringLiteral("bad-workspace"), QStringLiteral("folder for those two runs' workspaces"),
        QStringLiteral("dir")},
       {QStringLiteral("policy-problem"),
        QStringLiteral("logic file whose policy-default framework writes a skeleton (the warning chip, Use Triton)"),
        QStringLiteral("py")},
       {QStringLiteral("runall-workspace"),
        QStringLiteral("new workspace for Run All Phases on --problem (and --policy-problem's phase 1; without it, "
                       "that phase 1 runs in a temporary folder)"),
        QStringLiteral("dir")}});
  p.process(app);  // --help prints the usage and exits 0
  const QString out = p.value(QStringLiteral("out"));
  if (out.isEmpty()) {  // no PNGs into the current folder by accident (new-user trial 8, #10)
    std::fprintf(stderr, "kwb_gui_screenshots: --out DIR is required\n\n%s", qUtf8Printable(p.helpText()));
    return 2;
  }
  QDir().mkpath(out);

  const QString lang = p.value(QStringLiteral("lang"));
  QLocale::setDefault(QLocale(lang));
  QTranslator appTr, qtTr;
  if (lang != QLatin1String("en")) {
    if (!appTr.load(QStringLiteral(KWB_BINARY_DIR "/translations/kernel-workbench_") + lang + QStringLiteral(".qm")))
      std::fprintf(stderr, "no catalogue for %s\n", qUtf8Printable(lang));
    QApplication::installTranslator(&appTr);
    if (qtTr.load(QStringLiteral("qtbase_") + lang, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
      QApplication::installTranslator(&qtTr);
  }
  // --policy-problem's phase 1 workspace when --runall-workspace is not given; made before the window, so removed
  // after it (the window's workspace lock is released first)
  QTemporaryDir policyTmp(QDir::temp().filePath(QStringLiteral("kwb_shots_policy_XXXXXX")));
  MainWindow w;
  w.setConfirmHandler([](const QString&, const QString&) { return true; });
  // --workspace is meant to be new; an existing one is run again (the dialog would wait for a click)
  w.setExistingWorkspaceHandler(
      [](const QString&, QString*) { return MainWindow::ExistingWorkspaceChoice::Overwrite; });
  const QStringList size = p.value(QStringLiteral("size")).split(u'x');
  w.resize(size.value(0).toInt(), size.value(1).toInt());
  w.move(0, 0);
  applyDarkTheme(p.isSet(QStringLiteral("dark")));
  w.show();
  settle(800);
  // whether the window fits the screen asked for (new-user trial 23, #8: 725 px high at --size 1024x700)
  std::fprintf(stderr, "window %dx%d, minimum %dx%d\n", w.frameGeometry().width(), w.frameGeometry().height(),
               w.minimumSizeHint().width(), w.minimumSizeHint().height());
  save(&w, out, QStringLiteral("01-welcome"));

  // A run, as the wizard drives it: H200, Triton, CPU dry run (no GPU here), a fresh workspace.
  if (p.isSet(QStringLiteral("problem")) && w.openPath(p.value(QStringLiteral("problem")))) {
    WizardPanel* wiz = w.wizard();
    wiz->setGpu(QStringLiteral("H200"));
    wiz->setFramework(QStringLiteral("triton"));
    wiz->setCpuDryRun(true);
    wiz->setWorkspaceDir(p.value(QStringLiteral("workspace")));
    const char* names[] = {"02-phase1-understand", "03-phase2-learn", "04-phase3-implement"};
    // Phase 1 caught while it probes: the console's busy bar and the phase's activity.
    if (w.runPhase(1)) {
      QElapsedTimer t;
      t.start();
      // BaselineJob's "probing with %1 (meta tensors: …)" in the catalogue's language, up to the %1
      const QString probing =
          QCoreApplication::translate("kwb::BaselineJob", "probing with %1 (meta tensors: no real inputs allocated)")
              .section(QStringLiteral("%1"), 0, 0);
      while (wiz->phaseState(1) == WizardPanel::PhaseState::Running && t.elapsed() < 120000 &&
             !w.runConsole()->activityText().contains(probing))
        QApplication::processEvents(QEventLoop::AllEvents, 5);
      save(&w, out, QStringLiteral("02a-phase1-running"), 20);
      while (wiz->phaseState(1) == WizardPanel::PhaseState::Running && t.elapsed() < 300000) settle(100);
    }
    for (int phase = 1; phase <= 3; ++phase) {
      if (!(phase == 1 && wiz->phaseState(1) == WizardPanel::PhaseState::Done) && !w.runPhase(phase, true)) {
        std::fprintf(stderr, "phase %d failed: %s\n", phase, qUtf8Printable(w.lastError()));
        // how the GUI shows a failed phase (new-user trial 9, #9: the walk ended with no picture of it)
        wiz->showPhase(phase);
        save(&w, out, QLatin1String(names[phase - 1]) + QStringLiteral("-failed"));
        break;
      }
      wiz->showPhase(phase);
      save(&w, out, QLatin1String(names[phase - 1]));
      if (phase == 1) saveSpecEnd(&w, wiz, out);
    }
    wiz->showPhase(4);  // where MainWindow leaves the wizard after phase 3
    if (wiz->phaseState(3) == WizardPanel::PhaseState::Done && w.runPhase(4)) {
      // The live run, caught after its second case (a CPU dry run of ReLU takes about two seconds).
      QElapsedTimer t;
      t.start();
      while (w.runConsole()->isRunning() && w.runConsole()->caseModel()->rowCount() < 2 && t.elapsed() < 60000)
        QApplication::processEvents(QEventLoop::AllEvents, 5);
      save(&w, out, QStringLiteral("05-phase4-live"), 20);
      while (w.runConsole()->isRunning() && t.elapsed() < 300000) settle(200);
      wiz->showPhase(4);
      save(&w, out, QStringLiteral("06-phase4-finished"));
      // the case table of the dry run alone, as a reviewer reads it (the console dock, floated to a readable size)
      if (auto* d = w.findChild<QDockWidget*>(QStringLiteral("runConsoleDock"))) {
        raiseDock(w, "runConsoleDock");
        d->setFloating(true);
        d->resize(1000, 360);
        settle(600);
        save(d, out, QStringLiteral("06b-case-table"));
        d->setFloating(false);
        settle(300);
      }
      if (w.showReport()) save(&w, out, QStringLiteral("07-report"));
    }
  }

  // Review mode: a finished workspace, read back, nothing re-run.
  if (p.isSet(QStringLiteral("review")) && w.openPath(p.value(QStringLiteral("review")))) {
    save(&w, out, QStringLiteral("08-review"));
    // kernel.py's tab, opened where its header's index puts ModelNew (new-user trial 19, #18), then the report again
    if (QWidget* kernel =
            w.editors()->editorFor(QDir(p.value(QStringLiteral("review"))).filePath(QStringLiteral("kernel.py")))) {
      QWidget* before = w.editors()->currentWidget();
      w.editors()->setCurrentWidget(kernel);
      save(&w, out, QStringLiteral("08e-review-kernel"));
      w.editors()->setCurrentWidget(before);
    }
    // the finished phases' pages as the workspace recorded them (new-user trial 10, #8): phase 1's verdict, the
    // records, the files
    for (int phase = 1; phase <= 3; ++phase) {
      w.wizard()->showPhase(phase);
      save(&w, out, QStringLiteral("08%1-review-phase%2").arg(QChar(u'a' + phase - 1)).arg(phase));
    }
    w.wizard()->showPhase(4);
    // the records it kept, and how many it set aside and why (new-user trial 9, #14)
    raiseDock(w, "knowledgeDock");
    save(&w, out, QStringLiteral("08k-review-knowledge"));
    raiseDock(w, "runsDock");
    if (auto* runs = w.findChild<RunsPanel*>(QStringLiteral("runsPanel"))) {
      QTableView* v = runs->versionsView();
      if (v->model()->rowCount() >= 2) {
        v->selectionModel()->select(v->model()->index(0, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        v->selectionModel()->select(v->model()->index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        runs->diffSelectedVersions();
      }
    }
    save(&w, out, QStringLiteral("09-versions-compared"));
    // the two runs (V0's and V1's, both dry runs) compared side by side
    if (auto* runs = w.findChild<RunsPanel*>(QStringLiteral("runsPanel")); runs && runs->model()->rowCount() >= 2) {
      QTableView* v = runs->view();
      v->selectionModel()->select(v->model()->index(0, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
      v->selectionModel()->select(v->model()->index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
      if (auto* compare = runs->findChild<QPushButton*>(QStringLiteral("compareRunsButton"))) compare->click();
      save(&w, out, QStringLiteral("09b-runs-compared"));
    }
    raiseDock(w, "rooflineDock");
    if (auto* d = w.findChild<QDockWidget*>(QStringLiteral("rooflineDock"))) {
      d->setFloating(true);
      d->resize(900, 560);
      settle(600);
      save(d, out, QStringLiteral("10-roofline"));
      // docked again where it was: the suite's shots after this one showed no Roofline tab (new-user trial 17, #19)
      d->setFloating(false);
      raiseDock(w, "rooflineDock");
      settle(300);
    }
  }

  // A suite: the table in its default order (failures first), then by the speedup over eager, then a problem
  // reviewed from it.
  if (p.isSet(QStringLiteral("suite")) && w.openSuite(p.value(QStringLiteral("suite")))) {
    SuitePanel* panel = w.suitePanel();
    save(&w, out, QStringLiteral("11-suite"));  // a tab of the centre: the table has the editor's area
    panel->view()->sortByColumn(SuiteTableModel::SpeedupEagerColumn, Qt::DescendingOrder);
    save(&w, out, QStringLiteral("11a-suite-by-speedup"));
    panel->tabs()->setCurrentIndex(1);  // the suite report, as kwb export writes it
    save(&w, out, QStringLiteral("11b-suite-report"));
    // The first level's section: the heading of the level its summary table links first ("#level-…"). A third of
    // the scroll range was ~30 px on a short report, so 11c repeated 11b in both languages (new-user trial 18, #13).
    QTextDocument* doc = panel->reportView()->document();
    QString level;
    for (QTextBlock b = doc->begin(); b.isValid() && level.isEmpty(); b = b.next())
      for (auto it = b.begin(); !it.atEnd() && level.isEmpty(); ++it)
        if (it.fragment().charFormat().anchorHref().startsWith(QLatin1String("#level-"))) level = it.fragment().text();
    QTextBlock heading;
    for (QTextBlock b = doc->begin(); b.isValid() && !level.isEmpty(); b = b.next())
      if (b.blockFormat().headingLevel() > 0 && b.text().startsWith(level) && b.text().size() > level.size()) {
        heading = b;
        break;
      }
    if (heading.isValid()) {
      panel->reportView()->verticalScrollBar()->setValue(int(doc->documentLayout()->blockBoundingRect(heading).top()));
      save(&w, out, QStringLiteral("11c-suite-report-level"));
    } else {
      std::fprintf(stderr, "gui_screenshots: no level section found in the suite report: 11c not taken\n");
    }
    panel->tabs()->setCurrentIndex(0);
    for (int row = 0; row < panel->proxy()->rowCount(); ++row) {
      const QModelIndex index = panel->proxy()->index(row, 0);
      if (!QFileInfo(index.data(SuiteTableModel::WorkspaceRole).toString()).isDir()) continue;
      panel->view()->setCurrentIndex(index);
      Q_EMIT panel->view()->activated(index);
      save(&w, out, QStringLiteral("12-suite-review"));
      break;
    }
  }
  // New-user trial 10, #7: the policy default's skeleton, warned about after phase 1, and the one-click switch.
  // Phase 1 needs a new workspace: under --runall-workspace, else a temporary folder (new-user trial 31, #13: the
  // step was skipped without a word when --runall-workspace was not given).
  const QString policyRoot =
      p.isSet(QStringLiteral("runall-workspace")) ? p.value(QStringLiteral("runall-workspace")) : policyTmp.path();
  if (p.isSet(QStringLiteral("policy-problem")) && !p.isSet(QStringLiteral("runall-workspace")))
    std::fprintf(stderr,
                 "gui_screenshots: --policy-problem without --runall-workspace: phase 1's workspace goes to %s "
                 "(removed at exit)\n",
                 qUtf8Printable(policyRoot));
  if (p.isSet(QStringLiteral("policy-problem")) && !w.openPath(p.value(QStringLiteral("policy-problem"))))
    std::fprintf(stderr, "gui_screenshots: cannot open --policy-problem %s: 15 not taken\n",
                 qUtf8Printable(p.value(QStringLiteral("policy-problem"))));
  else if (p.isSet(QStringLiteral("policy-problem"))) {
    WizardPanel* wiz = w.wizard();
    wiz->setGpu(QStringLiteral("H200"));
    wiz->setFramework(QString());  // the policy default: CuTe DSL on Hopper
    wiz->setCpuDryRun(true);
    wiz->setWorkspaceDir(QDir(policyRoot).filePath(QStringLiteral("policy")));
    if (!w.runPhase(1, true))
      std::fprintf(stderr, "gui_screenshots: phase 1 of --policy-problem did not start (%s): 15 not taken\n",
                   qUtf8Printable(w.lastError()));
    else {
      wiz->showPhase(1);
      save(&w, out, QStringLiteral("15-policy-skeleton-warning"));
      if (QPushButton* use = wiz->suggestedFrameworkButton(); use && use->isVisible()) {
        use->click();
        QElapsedTimer t;
        t.start();
        while (wiz->phaseState(1) != WizardPanel::PhaseState::Done && t.elapsed() < 120000) settle(100);
        wiz->showPhase(1);
        save(&w, out, QStringLiteral("15b-after-use-triton"));
      }
    }
  }
  // New-user trial 10, #8: Run > Run All Phases, from the problem to the commit.
  if (p.isSet(QStringLiteral("problem")) && p.isSet(QStringLiteral("runall-workspace")) &&
      w.openPath(p.value(QStringLiteral("problem")))) {
    WizardPanel* wiz = w.wizard();
    wiz->setGpu(QStringLiteral("H200"));
    wiz->setFramework(QStringLiteral("triton"));
    wiz->setCpuDryRun(true);
    wiz->setWorkspaceDir(QDir(p.value(QStringLiteral("runall-workspace"))).filePath(QStringLiteral("runall")));
    for (QAction* a : w.menuBar()->actions())  // the Run menu, open
      if (a->menu() && a->menu()->actions().contains(w.findChild<QAction*>(QStringLiteral("actionRunAll")))) {
        a->menu()->popup(w.mapToGlobal(QPoint(60, 20)));
        save(a->menu(), out, QStringLiteral("16-run-menu"));
        a->menu()->hide();
      }
    if (w.runAllPhases()) {
      QElapsedTimer t;
      t.start();
      while (w.runningAll() && wiz->phaseState(3) != WizardPanel::PhaseState::Done && t.elapsed() < 300000)
        QApplication::processEvents(QEventLoop::AllEvents, 5);
      save(&w, out, QStringLiteral("16b-runall-running"), 20);
      while (w.runningAll() && t.elapsed() < 600000) settle(100);
      save(&w, out, QStringLiteral("16c-runall-done"));
      // back to phase 1 after the whole run, by its shortcut (Alt+1): its results, nothing re-run
      if (auto* show = w.findChild<QAction*>(QStringLiteral("actionShowPhase1"))) show->trigger();
      raiseDock(w, "knowledgeDock");
      save(&w, out, QStringLiteral("16d-runall-phase1-again"));
    }
  }
  if (p.isSet(QStringLiteral("bad-problem"))) {
    const QString problem = p.value(QStringLiteral("bad-problem"));
    const QDir bad(p.value(QStringLiteral("bad-workspace")));
    // a shot that could not be taken fails the walk (it exited 0 with no shot: new-user trial 19, #17)
    const bool failShot =
        badRun(w, problem, bad.filePath(QStringLiteral("fail")), kWrongValues, 30, out, QStringLiteral("13-fail"));
    const bool timeoutShot =
        badRun(w, problem, bad.filePath(QStringLiteral("timeout")), kSleeps, 3, out, QStringLiteral("14-timeout"));
    if (!failShot || !timeoutShot) return 1;
  }
  return 0;
}
