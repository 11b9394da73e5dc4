// kernel-workbench: the desktop GUI. Thin: everything lives in widgets/ and core/.
#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstdio>

#include "widgets/appenvironment.h"
#include "widgets/mainwindow.h"

int main(int argc, char** argv) {
  kwb::prepareRuntimeEnvironment();
  // Without a display Qt aborts in QApplication's constructor. --help/--version need none (they are
  // answered offscreen); anything else gets a clear message instead of the abort.
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
      qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
    bool infoOnly = false;
    for (int i = 1; i < argc; ++i) {
      const QByteArray a(argv[i]);
      infoOnly = infoOnly || a == "-h" || a == "--help" || a == "--help-all" || a == "-v" || a == "--version";
    }
    if (!infoOnly) {
      fprintf(stderr,
              "kernel-workbench: no display (DISPLAY and WAYLAND_DISPLAY are unset). Use `kwb` for headless "
              "work, or set QT_QPA_PLATFORM=offscreen to run the GUI without showing it.\n");
      return 2;
    }
    qputenv("QT_QPA_PLATFORM", "offscreen");
  }
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("KernelWorkbench"));
  QApplication::setApplicationName(QStringLiteral("Kernel Workbench"));
  QApplication::setApplicationVersion(QStringLiteral(KWB_VERSION));
  // The UI language follows the system locale (zh_CN, en); Qt's own strings come from Qt's catalogue.
  QTranslator appTranslator;
  if (appTranslator.load(QLocale(), QStringLiteral("kernel-workbench"), QStringLiteral("_"), QStringLiteral(":/i18n")))
    QApplication::installTranslator(&appTranslator);
  QTranslator qtTranslator;
  if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                        QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
    QApplication::installTranslator(&qtTranslator);
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("PyTorch logic to a measured, committed V0 kernel baseline"));
  parser.addHelpOption();
  parser.addVersionOption();
  // Every form the README lists (new-user trial 12, #14: the help named only the first two).
  parser.addPositionalArgument(
      QStringLiteral("path"),
      QStringLiteral("What to open: a PyTorch logic file (LOGIC.py) to run the four phases on; a workspace folder "
                     "(WORKSPACE) to review its latest run; one of its runs (WORKSPACE/.kwb/runs/TIME) to review that "
                     "run; or a `kwb suite` output folder (SUITE_DIR, or its suite.json) for the suite view"),
      QStringLiteral("[LOGIC.py | WORKSPACE | WORKSPACE/.kwb/runs/TIME | SUITE_DIR]"));
  parser.process(app);
  kwb::MainWindow window;
  window.show();
  window.detectCudaInBackground();  // no GPU here: CPU dry run checked once torch answers
  if (!parser.positionalArguments().isEmpty()) window.openPath(parser.positionalArguments().constFirst());
  return QApplication::exec();
}
