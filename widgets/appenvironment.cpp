#include "widgets/appenvironment.h"

#include "core/pipeline/baselinejob.h"

#include <QDir>
#include <QFile>
#include <QString>

#include <unistd.h>

namespace kwb {

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
