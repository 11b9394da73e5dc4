#include "core/codegen/conformance.h"

#include "core/codegen/pyscript.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>

#include <nlohmann/json.hpp>

namespace kwb {

namespace {

QString jstr(const nlohmann::json& j, const char* key) {
  return j.is_object() && j.contains(key) && j.at(key).is_string()
             ? QString::fromStdString(j.at(key).get<std::string>())
             : QString();
}

QStringList strings(const nlohmann::json& j) {
  QStringList out;
  if (j.is_array())
    for (const auto& e : j)
      if (e.is_string()) out << QString::fromStdString(e.get<std::string>());
  return out;
}

QString frameworkLabel(const QString& id) {
  if (id == u"triton") return QStringLiteral("Triton");
  if (id == u"cutedsl") return QStringLiteral("CuTe DSL");
  if (id == u"flydsl") return QStringLiteral("FlyDSL");
  return id;
}

}  // namespace

QStringList conformanceFrameworks() {
  return {QStringLiteral("triton"), QStringLiteral("cutedsl"), QStringLiteral("flydsl")};
}

ConformanceResult checkConformance(const QString& python, const QString& kernelPath, const QString& framework,
                                   int timeoutMs) {
  ConformanceResult r;
  r.framework = framework;
  r.file = QFileInfo(kernelPath).fileName();
  if (!conformanceFrameworks().contains(framework)) {
    r.error = QStringLiteral("no conformance rules for framework '%1' (known: %2)")
                  .arg(framework, conformanceFrameworks().join(QStringLiteral(", ")));
    return r;
  }
  // The verdict depends only on the file's bytes, its name, the framework and the interpreter: a run asks for it
  // twice (the gate when the run ends, again when the records are written), a process each (5-7 s through a pyenv
  // shim on the loaded VM, docs/results/2026-12-02-v0fast.md). A finished check is remembered for the process.
  static QMutex memoMutex;
  static QHash<QByteArray, ConformanceResult> memo;
  QByteArray key;
  if (QFile f(kernelPath); f.open(QIODevice::ReadOnly) && f.size() <= 16 * 1024 * 1024) {
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const QString& part : {python, framework, r.file}) {
      h.addData(part.toUtf8());
      h.addData(QByteArrayView("\0", 1));
    }
    h.addData(f.readAll());
    key = h.result();
  }
  if (!key.isEmpty()) {
    const QMutexLocker lock(&memoMutex);
    if (const auto it = memo.constFind(key); it != memo.constEnd()) return *it;
  }
  const PyScriptRun run = runResourceScript(python, QStringLiteral(":/kwb/python/conformance_check.py"),
                                            {kernelPath, QStringLiteral("--framework"), framework}, timeoutMs);
  r.exitCode = run.exitCode;
  r.rawJson = QString::fromUtf8(run.out);
  const std::optional<nlohmann::json> parsed = scriptJson(run, QStringLiteral("conformance_check.py"), &r.error);
  if (!parsed) return r;
  const nlohmann::json& doc = *parsed;
  r.ran = true;
  r.error = jstr(doc, "error");
  r.ok = doc.value("ok", false) && r.exitCode == 0;
  r.kernels = strings(doc.value("kernels", nlohmann::json::array()));
  r.followed = strings(doc.value("followed", nlohmann::json::array()));
  for (const auto& l : doc.value("launches", nlohmann::json::array()))
    r.launches
        << QStringLiteral("%1 at line %2 (%3)").arg(jstr(l, "kernel")).arg(l.value("line", 0)).arg(jstr(l, "how"));
  for (const auto& v : doc.value("violations", nlohmann::json::array())) {
    ConformanceIssue i;
    i.line = v.value("line", 0);
    i.column = v.value("col", 0);
    i.code = jstr(v, "code");
    i.message = jstr(v, "message");
    i.sourceLine = jstr(v, "source");
    r.violations.append(i);
  }
  if (!key.isEmpty()) {
    const QMutexLocker lock(&memoMutex);
    if (memo.size() >= 512) memo.clear();  // a suite of a few hundred problems; past that, start over
    memo.insert(key, r);
  }
  return r;
}

QString conformanceSummary(const ConformanceResult& r) {
  if (!r.ran) return QStringLiteral("NOT CHECKED: ") + r.error;
  if (r.ok) {
    // the kernels actually launched ("name at line N (...)"), not every @jit helper defined
    QStringList launched;
    for (const QString& l : r.launches) {
      const QString name = l.section(QStringLiteral(" at line "), 0, 0);
      if (!name.isEmpty() && !launched.contains(name)) launched << name;
    }
    const QStringList& shown = launched.isEmpty() ? r.kernels : launched;
    return QStringLiteral("PASS (%1 kernel(s) %2 launched from ModelNew.forward; no PyTorch compute on its path)")
        .arg(frameworkLabel(r.framework), shown.join(QStringLiteral(", ")));
  }
  if (r.violations.isEmpty())
    return QStringLiteral("FAIL: ") + (r.error.isEmpty() ? QStringLiteral("the checker reported no detail") : r.error);
  QStringList parts;
  for (const ConformanceIssue& i : r.violations) {
    const QString file = r.file.isEmpty() ? QStringLiteral("kernel.py") : r.file;
    QString s = i.line > 0 ? QStringLiteral("%1:%2: %3").arg(file).arg(i.line).arg(i.message) : i.message;
    if (!i.sourceLine.isEmpty()) s += QStringLiteral(" — `%1`").arg(i.sourceLine);
    parts << s;
  }
  return QStringLiteral("FAIL: ") + parts.join(QStringLiteral("; "));
}

}  // namespace kwb
