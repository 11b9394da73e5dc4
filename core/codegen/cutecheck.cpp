#include "core/codegen/cutecheck.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

namespace kwb {

namespace {

QList<CuteCheckIssue> issues(const nlohmann::json& arr)
{
    QList<CuteCheckIssue> out;
    if (!arr.is_array())
        return out;
    for (const auto& e : arr) {
        CuteCheckIssue i;
        i.line = e.value("line", 0);
        i.name = QString::fromStdString(e.value("name", std::string()));
        i.why = QString::fromStdString(e.value("why", std::string()));
        out.append(i);
    }
    return out;
}

} // namespace

QStringList siblingOldApiTables(const QString& apiTablePath)
{
    const QFileInfo fi(apiTablePath);
    QStringList out;
    const QStringList names = fi.dir().entryList({QStringLiteral("api_v*.json")}, QDir::Files, QDir::Name);
    for (const QString& n : names)
        if (fi.dir().absoluteFilePath(n) != fi.absoluteFilePath())
            out << fi.dir().absoluteFilePath(n);
    return out;
}

CuteCheckResult runCuteCheck(const QString& python, const QString& kernelPath, const QString& apiTablePath)
{
    return runCuteCheck(python, kernelPath, apiTablePath, siblingOldApiTables(apiTablePath));
}

CuteCheckResult runCuteCheck(const QString& python, const QString& kernelPath, const QString& apiTablePath,
                             const QStringList& oldTablePaths, int timeoutMs)
{
    CuteCheckResult r;
    QTemporaryDir dir;
    if (!dir.isValid()) {
        r.error = QStringLiteral("cannot create a temporary folder: ") + dir.errorString();
        return r;
    }
    const QString script = dir.filePath(QStringLiteral("cute_check.py"));
    if (!QFile::copy(QStringLiteral(":/kwb/python/cute_check.py"), script)) {
        r.error = QStringLiteral("cannot extract :/kwb/python/cute_check.py to ") + script;
        return r;
    }
    QStringList args = {script, kernelPath, QStringLiteral("--api"), apiTablePath};
    for (const QString& old : oldTablePaths)
        args << QStringLiteral("--old") << old;
    QProcess p;
    p.setProgram(python);
    p.setArguments(args);
    p.start();
    if (!p.waitForStarted(10000)) {
        r.error = QStringLiteral("cannot start %1: %2").arg(python, p.errorString());
        return r;
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(2000);
        r.error = QStringLiteral("cute_check.py did not finish within %1 s").arg(timeoutMs / 1000);
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.rawJson = QString::fromUtf8(p.readAllStandardOutput());
    const auto doc = nlohmann::json::parse(r.rawJson.toStdString(), nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
        r.error = QStringLiteral("cute_check.py printed no JSON (exit %1): %2")
                      .arg(r.exitCode)
                      .arg(QString::fromUtf8(p.readAllStandardError()).right(2000));
        return r;
    }
    r.ran = true;
    r.ok = doc.value("ok", false) && r.exitCode == 0;
    r.checkedNames = doc.value("checked", 0);
    if (doc.contains("table") && doc.at("table").is_object())
        r.tableVersion = QString::fromStdString(doc.at("table").value("version", std::string()));
    r.errors = issues(doc.value("errors", nlohmann::json::array()));
    r.warnings = issues(doc.value("warnings", nlohmann::json::array()));
    return r;
}

} // namespace kwb
