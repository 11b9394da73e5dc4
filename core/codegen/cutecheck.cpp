#include "core/codegen/cutecheck.h"

#include "core/codegen/pyscript.h"

#include <QDir>
#include <QFileInfo>
#include <QVersionNumber>

#include <nlohmann/json.hpp>

namespace kwb {

namespace {

QList<CuteCheckIssue> issues(const nlohmann::json& arr) {
  QList<CuteCheckIssue> out;
  if (!arr.is_array()) return out;
  for (const auto& e : arr) {
    CuteCheckIssue i;
    i.line = e.value("line", 0);
    i.name = QString::fromStdString(e.value("name", std::string()));
    i.why = QString::fromStdString(e.value("why", std::string()));
    i.newerThan = QString::fromStdString(e.value("newer_than", std::string()));
    out.append(i);
  }
  return out;
}

}  // namespace

QStringList siblingOldApiTables(const QString& apiTablePath) {
  const QFileInfo fi(apiTablePath);
  QStringList out;
  const QStringList names = fi.dir().entryList({QStringLiteral("api_v*.json"), QStringLiteral("flydsl_api_v*.json")},
                                               QDir::Files, QDir::Name);
  for (const QString& n : names)
    if (fi.dir().absoluteFilePath(n) != fi.absoluteFilePath()) out << fi.dir().absoluteFilePath(n);
  return out;
}

CuteCheckResult runCuteCheck(const QString& python, const QString& kernelPath, const QString& apiTablePath) {
  return runCuteCheck(python, kernelPath, apiTablePath, siblingOldApiTables(apiTablePath));
}

CuteCheckResult runCuteCheck(const QString& python, const QString& kernelPath, const QString& apiTablePath,
                             const QStringList& oldTablePaths, int timeoutMs) {
  CuteCheckResult r;
  QStringList args = {kernelPath, QStringLiteral("--api"), apiTablePath};
  for (const QString& old : oldTablePaths) args << QStringLiteral("--old") << old;
  const PyScriptRun run = runResourceScript(python, QStringLiteral(":/kwb/python/cute_check.py"), args, timeoutMs);
  r.exitCode = run.exitCode;
  r.rawJson = QString::fromUtf8(run.out);
  const std::optional<nlohmann::json> parsed = scriptJson(run, QStringLiteral("cute_check.py"), &r.error);
  if (!parsed) return r;
  const nlohmann::json& doc = *parsed;
  r.ran = true;
  r.ok = doc.value("ok", false) && r.exitCode == 0;
  r.checkedNames = doc.value("checked", 0);
  if (doc.contains("table") && doc.at("table").is_object()) {
    r.tableVersion = QString::fromStdString(doc.at("table").value("version", std::string()));
    r.tablePackage = QString::fromStdString(doc.at("table").value("package", std::string()));
  }
  r.errors = issues(doc.value("errors", nlohmann::json::array()));
  r.warnings = issues(doc.value("warnings", nlohmann::json::array()));
  return r;
}

QString releaseNeededLine(const CuteCheckResult& r, const QString& label) {
  QString newest;
  QStringList names;
  for (const CuteCheckIssue& w : r.warnings) {
    if (w.newerThan.isEmpty()) continue;
    if (newest.isEmpty() ||
        QVersionNumber::compare(QVersionNumber::fromString(w.newerThan), QVersionNumber::fromString(newest)) > 0)
      newest = w.newerThan;
    names << QStringLiteral("%1 (line %2)").arg(w.name).arg(w.line);
  }
  if (names.isEmpty()) return {};
  constexpr qsizetype kShown = 6;
  const qsizetype more = names.size() - kShown;
  if (more > 0) names = names.mid(0, kShown) << QStringLiteral("and %1 more").arg(more);
  return QStringLiteral("needs a %1 release newer than %2%3: not in the older tables: %4")
      .arg(label, newest,
           r.tableVersion.isEmpty() ? QString() : QStringLiteral(" (checked against %1)").arg(r.tableVersion),
           names.join(QStringLiteral(", ")));
}

}  // namespace kwb
