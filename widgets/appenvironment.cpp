#include "widgets/appenvironment.h"

#include "core/pipeline/baselinejob.h"

#include <QDir>
#include <QFile>
#include <QString>
#include <QtGlobal>

#include <unistd.h>

namespace kwb {

namespace {
// Qt's standard dialog buttons (QMessageBox's OK, Yes, Cancel...) come from QPlatformTheme's strings, which only
// qtbase_<lang>.qm translates; Debian ships that in qt6-translations-l10n, often absent, and a zh_CN message box read
// "OK" (new-user trial 16, #13). Marked here, they are in the workbench's own catalogue too (the system's, when
// installed, is asked first).
[[maybe_unused]] const char* const kQtButtonTexts[] = {
    QT_TRANSLATE_NOOP("QPlatformTheme", "OK"),       QT_TRANSLATE_NOOP("QPlatformTheme", "Save"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Save All"), QT_TRANSLATE_NOOP("QPlatformTheme", "Open"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&Yes"),     QT_TRANSLATE_NOOP("QPlatformTheme", "Yes to &All"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&No"),      QT_TRANSLATE_NOOP("QPlatformTheme", "N&o to All"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Abort"),    QT_TRANSLATE_NOOP("QPlatformTheme", "Retry"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Ignore"),   QT_TRANSLATE_NOOP("QPlatformTheme", "Close"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Cancel"),   QT_TRANSLATE_NOOP("QPlatformTheme", "Discard"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Help"),     QT_TRANSLATE_NOOP("QPlatformTheme", "Apply"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Reset"),    QT_TRANSLATE_NOOP("QPlatformTheme", "Restore Defaults"),
};
}  // namespace

void prepareRuntimeEnvironment() {
  if (qEnvironmentVariableIsEmpty("KWB_SHARED_DIR")) {
    const QString shared = buildSharedDir();
    if (!shared.isEmpty()) qputenv("KWB_SHARED_DIR", QFile::encodeName(shared));
  }
  if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) return;
  const QString dir = QDir::tempPath() + QStringLiteral("/kwb-runtime-") + QString::number(::getuid());
  if (QDir().mkpath(dir) &&
      QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner))
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir));
}

}  // namespace kwb
