#include "core/codegen/pyscript.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

namespace kwb {

PyScriptRun runResourceScript(const QString& python, const QString& resourcePath, const QStringList& args,
                              int timeoutMs) {
  PyScriptRun r;
  QTemporaryDir dir;
  if (!dir.isValid()) {
    r.error = QStringLiteral("cannot create a temporary folder: ") + dir.errorString();
    return r;
  }
  const QString script = dir.filePath(QFileInfo(resourcePath).fileName());
  if (!QFile::copy(resourcePath, script)) {
    r.error = QStringLiteral("cannot extract %1 to %2").arg(resourcePath, script);
    return r;
  }
  QProcess p;
  p.setProgram(python);
  p.setArguments(QStringList{script} + args);
  p.start();
  if (!p.waitForStarted(10000)) {
    r.error = QStringLiteral("cannot start %1: %2").arg(python, p.errorString());
    return r;
  }
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished(2000);
    r.error =
        QStringLiteral("%1 did not finish within %2 s").arg(QFileInfo(resourcePath).fileName()).arg(timeoutMs / 1000);
    return r;
  }
  r.finished = true;
  r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = p.readAllStandardOutput();
  r.err = p.readAllStandardError();
  return r;
}

std::optional<nlohmann::json> scriptJson(const PyScriptRun& run, const QString& scriptName, QString* error) {
  if (!run.finished) {
    if (error) *error = run.error;
    return std::nullopt;
  }
  auto doc = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    if (error)
      *error = QStringLiteral("%1 printed no JSON (exit %2): %3")
                   .arg(scriptName)
                   .arg(run.exitCode)
                   .arg(QString::fromUtf8(run.err).right(2000));
    return std::nullopt;
  }
  return doc;
}

}  // namespace kwb
