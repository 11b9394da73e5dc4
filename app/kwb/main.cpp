// kwb: the headless command line. Thin: the commands live in core/cli.
#include <QApplication>

#include "core/cli/cli.h"
#include "widgets/appenvironment.h"
#include "widgets/reportexport.h"
#include "widgets/rooflineplot.h"

int main(int argc, char** argv) {
  kwb::prepareRuntimeEnvironment();
  // The roofline figure is drawn with QCustomPlot, which needs a QGuiApplication; headless, the
  // offscreen platform plugin draws it without a display.
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
      qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
    qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("KernelWorkbench"));
  QApplication::setApplicationName(QStringLiteral("kwb"));
  QApplication::setApplicationVersion(QStringLiteral(KWB_VERSION));
  return kwb::runCli(QApplication::arguments().mid(1), &kwb::renderRooflinePng, &kwb::writeHtmlAsPdf);
}
