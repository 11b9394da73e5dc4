#include "core/analysis/probe.h"

#include "core/run/processgroup.h"
#include "core/workspace/workspace.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QElapsedTimer>
#include <QProcess>
#include <QScopeGuard>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <limits>

#include <sys/resource.h>
#include <unistd.h>

namespace kwb {

namespace {

const QString kResourceDir = QStringLiteral(":/kwb/python");

/// Analysing a problem runs its Python: the probe's process gets an address-space limit (RLIMIT_AS; default
/// 16 GiB, $KWB_PROBE_MEMORY_MB overrides) and, when `cpuSeconds` > 0, a CPU-time limit (RLIMIT_CPU), so a
/// logic file that allocates or loops without end fails with MemoryError or SIGXCPU instead of taking the
/// machine. Set in the child between fork and exec (setrlimit is async-signal-safe).
void limitProbeProcess(QProcess& proc, int cpuSeconds) {
  bool ok = false;
  const qint64 mb = qEnvironmentVariable("KWB_PROBE_MEMORY_MB").toLongLong(&ok);
  const rlim_t bytes = static_cast<rlim_t>(ok && mb > 0 ? mb : 16 * 1024) * 1024 * 1024;
  const rlim_t cpu = cpuSeconds > 0 ? static_cast<rlim_t>(cpuSeconds) : RLIM_INFINITY;
  proc.setChildProcessModifier([bytes, cpu] {
    if (::setsid() < 0) ::setpgid(0, 0);  // its own group: what the logic file starts is ended with it
    const struct rlimit as { bytes, bytes };
    ::setrlimit(RLIMIT_AS, &as);
    if (cpu != RLIM_INFINITY) {
      const struct rlimit c { cpu, cpu + 5 };  // SIGXCPU at the soft limit, SIGKILL at the hard one
      ::setrlimit(RLIMIT_CPU, &c);
    }
  });
}

/// The probe never needs a GPU and must not create a context on one: CUDA_VISIBLE_DEVICES="" hides every
/// device. The caller's own value travels in KWB_CALLER_CUDA_VISIBLE_DEVICES (absent when it was unset), so the
/// probe can still say whether a local run could use a GPU (probe.py gpu_present; session 14 found every
/// problem on the H200 stopped in phase 1 when the probe asked torch.cuda.is_available() behind the hidden GPU).
void hideGpuFromProbe(QProcessEnvironment& env) {
  const QString visible = QStringLiteral("CUDA_VISIBLE_DEVICES");
  if (env.contains(visible)) env.insert(QStringLiteral("KWB_CALLER_CUDA_VISIBLE_DEVICES"), env.value(visible));
  env.insert(visible, QString());
}

/// Puts the tag entry (uniqueEnvEntry) into the probe's environment: every descendant inherits it, so one that
/// left the probe's process group (setsid, a double fork) is found after the probe ends.
void tagProbeProcess(QProcessEnvironment& env, const QByteArray& tag) {
  const qsizetype eq = tag.indexOf('=');
  env.insert(QString::fromLatin1(tag.left(eq)), QString::fromLatin1(tag.mid(eq + 1)));
}

/// Ends what the logic file left running after its probe (a `subprocess.Popen` at import; the new-user trial
/// found a `sleep 777` outliving `kwb analyze`): SIGKILL to the probe's process group and to every process that
/// carries its tag, then reaps those that became our children.
void endProbeLeftovers(qint64 pgid, const QByteArray& tag) {
  QList<qint64> pgids;
  if (pgid > 1) {
    signalProcessGroup(pgid, SIGKILL);
    pgids << pgid;
  }
  const QList<qint64> tagged = processesWithEnvEntry(tag);
  signalProcesses(tagged, SIGKILL);
  reapEndedChildren(pgids, tagged, {});
}

QString qs(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) return {};
  const auto& v = j.at(key);
  return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump());
}

ProbeError runnerError(const QString& kind, const QString& message, const QString& file = {}) {
  return ProbeError{kind, message, file, 0};
}

QString tail(const QString& text, int chars = 2000) {
  return text.size() > chars ? QStringLiteral("…") + text.right(chars) : text;
}

/// What the probe last wrote to its phase file (probe.py mark_phase): one short line, or "" when there is none. The
/// logic file could write the file too, so only a bounded, printable line is taken.
QString readProbePhase(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  const QString text = QString::fromUtf8(f.read(200)).trimmed();
  if (text.contains(u'\n') || std::any_of(text.begin(), text.end(), [](QChar c) { return !c.isPrint(); })) return {};
  return text;
}

/// The timeout error's message: the limit, what was running when it hit (when the probe said), and the knob. Not the
/// file: the error carries it, and every caller prints it before the message (new-user trial 22, #10: twice a line).
QString timeoutMessage(double limitSec, const QString& running) {
  return QStringLiteral("the probe did not finish within %1 s%2 (KWB_PROBE_TIMEOUT_S sets this limit)")
      .arg(limitSec, 0, 'f', 1)
      .arg(running.isEmpty() ? QString() : QStringLiteral("; it was running %1").arg(running));
}

}  // namespace

QString extractProbeScript(QString* error) {
  // probe.py and its helpers: every probe*.py of the resource folder.
  QList<QPair<QString, QByteArray>> files;
  QCryptographicHash hash(QCryptographicHash::Sha256);
  QDirIterator it(kResourceDir, {QStringLiteral("probe*.py")}, QDir::Files);
  while (it.hasNext()) {
    const QString path = it.next();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
      if (error) *error = QStringLiteral("cannot read the resource %1").arg(path);
      return {};
    }
    files.append({QFileInfo(path).fileName(), f.readAll()});
  }
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  bool hasMain = false;
  for (const auto& [name, data] : std::as_const(files)) {
    hash.addData(name.toUtf8());
    hash.addData(data);
    hasMain = hasMain || name == u"probe.py";
  }
  if (!hasMain) {
    if (error)
      *error = QStringLiteral("the probe script is not compiled in (no %1/probe.py resource)").arg(kResourceDir);
    return {};
  }
  QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
  if (base.isEmpty()) base = QDir::tempPath();
  const QString dir =
      base + QStringLiteral("/kernel-workbench/probe-") + QString::fromLatin1(hash.result().toHex().left(16));
  if (!QDir().mkpath(dir)) {
    if (error) *error = QStringLiteral("cannot create the probe cache folder %1").arg(dir);
    return {};
  }
  for (const auto& [name, data] : std::as_const(files)) {
    const QString target = dir + u'/' + name;
    QFile existing(target);
    if (existing.open(QIODevice::ReadOnly) && existing.readAll() == data) continue;
    existing.close();
    QSaveFile out(target);
    if (!out.open(QIODevice::WriteOnly) || out.write(data) != data.size() || !commitSaveFile(out)) {
      if (error)
        *error = QStringLiteral("cannot write %1: %2").arg(target, writeFailureReason(out, target, data.size()));
      return {};
    }
  }
  return dir + QStringLiteral("/probe.py");
}

namespace {
void parseProbeOutput(ProbeResult& r, const QByteArray& out, const QString& logicPath, const QString& processError,
                      const QString& python, const QString& phase);
}  // namespace

std::optional<int> probeTimeoutOverrideMs(QString* error) {
  const QString text = qEnvironmentVariable("KWB_PROBE_TIMEOUT_S").trimmed();
  if (text.isEmpty()) return std::nullopt;
  bool ok = false;
  const double sec = text.toDouble(&ok);
  // An upper bound keeps the milliseconds in an int; a day is far past any probe.
  if (!ok || !std::isfinite(sec) || sec <= 0 || sec > 86400) {
    if (error)
      *error = QStringLiteral(
                   "KWB_PROBE_TIMEOUT_S must be a number of seconds above 0 and at most 86400 (the "
                   "probe's wall-time limit, default 120), got '%1'")
                   .arg(text);
    return std::nullopt;
  }
  if (error) error->clear();
  return std::max(1, static_cast<int>(sec * 1000.0));
}

QString describeProbeError(const ProbeError& e, const QString& logicPath) {
  const QString file = e.file.isEmpty() ? logicPath : e.file;
  const QString where = e.line > 0 ? QStringLiteral("%1:%2").arg(file).arg(e.line) : file;
  // The line names the file first: where the message names it again, its name is enough (new-user trial 22, #10: a
  // probe timeout's line held the full path twice, about 250 characters).
  QString message = e.message;
  if (!file.isEmpty() && QFileInfo(file).fileName() != file) message.replace(file, QFileInfo(file).fileName());
  return QStringLiteral("%1: %2: %3").arg(where, e.kind, message);
}

ProbeResult runProbe(const QString& python, const QString& logicPath, int timeoutMs, const QStringList& extraArgs,
                     const std::function<void(const ProbeProgress&)>& stillRunning, int everyMs,
                     const std::function<bool()>& stopRequested) {
  ProbeResult r;
  QString why;
  // $KWB_PROBE_TIMEOUT_S replaces the caller's limit: a forward that never returns cost the full 120 s with no way
  // to shorten it (new-user trial 6, R11). A bad value is refused before anything runs.
  if (const auto overrideMs = probeTimeoutOverrideMs(&why))
    timeoutMs = *overrideMs;
  else if (!why.isEmpty()) {
    r.error = runnerError(QStringLiteral("ConfigError"), why);
    return r;
  }
  const QString script = extractProbeScript(&why);
  if (script.isEmpty()) {
    r.error = runnerError(QStringLiteral("ExtractError"), why);
    return r;
  }
  if (!QFileInfo::exists(logicPath)) {
    r.error =
        runnerError(QStringLiteral("FileNotFoundError"), QStringLiteral("%1: no such file").arg(logicPath), logicPath);
    return r;
  }

  QTemporaryDir phaseDir;  // the probe names what runs in here (probe.py mark_phase)
  const QString phaseFile = phaseDir.isValid() ? phaseDir.filePath(QStringLiteral("phase")) : QString();
  QProcess proc;
  proc.setProcessChannelMode(QProcess::SeparateChannels);
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  if (!phaseFile.isEmpty()) env.insert(QStringLiteral("KWB_PROBE_PHASE_FILE"), phaseFile);
  env.insert(QStringLiteral("PYTHONUNBUFFERED"), QStringLiteral("1"));
  env.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
  hideGpuFromProbe(env);
  proc.setProcessEnvironment(env);
  const QByteArray tag = uniqueEnvEntry(QByteArrayLiteral("KWB_PROBE_TAG"));
  tagProbeProcess(env, tag);
  proc.setProcessEnvironment(env);
  proc.setWorkingDirectory(QFileInfo(logicPath).absolutePath());
  limitProbeProcess(proc, timeoutMs / 1000 + 1);
  proc.start(python, QStringList{script, QFileInfo(logicPath).absoluteFilePath()} + extraArgs);
  const qint64 pgid = proc.processId();  // the child's own group (setsid in limitProbeProcess)
  const auto cleanup = qScopeGuard([pgid, &tag] { endProbeLeftovers(pgid, tag); });
  if (!proc.waitForStarted(30000)) {
    r.error = runnerError(QStringLiteral("ProcessError"),
                          QStringLiteral("cannot start %1: %2").arg(python, proc.errorString()));
    return r;
  }
  // QProcess buffers both pipes while it waits, so a chatty stderr cannot block the child. The wait is cut into
  // slices: every kStopPollMs the caller's stop is asked (Ctrl-C and Stop were ignored until the 120 s limit,
  // new-user trial 12, #5), and every everyMs the caller hears that the probe is still running.
  constexpr int kStopPollMs = 100;
  QElapsedTimer clock;
  clock.start();
  bool finished = false;
  qint64 nextReport = everyMs;
  while (!finished && clock.elapsed() < timeoutMs) {
    if (stopRequested && stopRequested()) {
      // SIGTERM to the probe's group (setsid in limitProbeProcess), a short grace, then the cleanup's SIGKILL to the
      // group and to every tagged process that left it: nothing of the probe outlives this call.
      const QString running = readProbePhase(phaseFile);
      signalProcessGroup(pgid, SIGTERM);
      proc.waitForFinished(kProbeStopGraceMs);
      r.stderrText = QString::fromUtf8(proc.readAllStandardError());
      r.error =
          runnerError(QStringLiteral("Stopped"),
                      QStringLiteral("the probe was stopped on request before it finished%1")
                          .arg(running.isEmpty() ? QString() : QStringLiteral(" (it was running %1)").arg(running)),
                      logicPath);
      return r;
    }
    const qint64 left = timeoutMs - clock.elapsed();
    qint64 slice = left;
    if (stillRunning && everyMs > 0) slice = std::min(slice, std::max<qint64>(1, nextReport - clock.elapsed()));
    if (stopRequested) slice = std::min<qint64>(slice, kStopPollMs);
    finished = proc.waitForFinished(int(slice)) || proc.state() == QProcess::NotRunning;
    if (!finished && stillRunning && everyMs > 0 && clock.elapsed() >= nextReport && clock.elapsed() < timeoutMs) {
      stillRunning(ProbeProgress{int(clock.elapsed() / 1000), (timeoutMs + 999) / 1000, readProbePhase(phaseFile)});
      nextReport += everyMs;
    }
  }
  if (!finished) {
    proc.kill();
    proc.waitForFinished(5000);
    r.stderrText = QString::fromUtf8(proc.readAllStandardError());
    r.error = runnerError(QStringLiteral("Timeout"), timeoutMessage(timeoutMs / 1000.0, readProbePhase(phaseFile)),
                          logicPath);
    return r;
  }
  const QByteArray out = proc.readAllStandardOutput();
  r.stderrText = QString::fromUtf8(proc.readAllStandardError());
  r.exitCode = proc.exitStatus() == QProcess::NormalExit ? proc.exitCode() : -1;
  parseProbeOutput(r, out, logicPath, proc.errorString(), python, readProbePhase(phaseFile));
  return r;
}

namespace {

/// Fills @p r (exitCode and stderrText already set) from the probe's stdout. @p phase: what the probe last said it
/// ran (readProbePhase; "" when it never said, i.e. it never got that far).
void parseProbeOutput(ProbeResult& r, const QByteArray& out, const QString& logicPath, const QString& processError,
                      const QString& python, const QString& phase) {
  const nlohmann::json doc = nlohmann::json::parse(out.constData(), out.constData() + out.size(), nullptr, false);
  if (r.exitCode == 0 && doc.is_object() && !doc.contains("error")) {
    r.ok = true;
    r.spec = doc;
    return;
  }
  if (r.exitCode == 3 && doc.is_object() && doc.contains("error") && doc.at("error").is_object()) {
    const auto& e = doc.at("error");
    ProbeError pe;
    pe.kind = qs(e, "kind");
    pe.message = qs(e, "message");
    pe.file = qs(e, "file");
    pe.line = e.contains("line") && e.at("line").is_number_integer() ? e.at("line").get<int>() : 0;
    r.error = pe;
    r.partial = doc.value("partial", nlohmann::json::object());
    return;
  }
  if (r.exitCode >= 0 && !phase.isEmpty() && out.trimmed().isEmpty() && r.stderrText.trimmed().isEmpty()) {
    // The probe ran (it named a phase), then the process ended without a result or a traceback: something skipped
    // Python's exception handling, e.g. os._exit() in the logic file. It read "the probe exited with 0 and no JSON on
    // stdout; stderr: " (new-user trial 30, h8), or with a status > 0 "does not look like a Python that runs the
    // probe", though that Python had run it.
    r.error = runnerError(QStringLiteral("BadOutput"),
                          QStringLiteral("the probe's process ended (status %1) while it ran %2, with no result and "
                                         "nothing on stderr: the logic file ended the interpreter itself (os._exit() "
                                         "skips Python's error handling); remove that call")
                              .arg(r.exitCode)
                              .arg(phase),
                          logicPath);
    return;
  }
  if (r.exitCode > 0 && out.trimmed().isEmpty() && r.stderrText.trimmed().isEmpty()) {
    // `--python /bin/false` read "BadOutput: the probe exited with 1 and no JSON on stdout; stderr: " (trial 3, R6)
    r.error = runnerError(QStringLiteral("BadOutput"),
                          QStringLiteral("%1 exited with %2 and printed nothing: it does not look like a Python that "
                                         "runs the probe (give --python a Python with torch, e.g. /usr/bin/python3; "
                                         "check it with: %1 -c 'import torch')")
                              .arg(python)
                              .arg(r.exitCode),
                          logicPath);
    return;
  }
  const QString what = r.exitCode < 0 ? QStringLiteral("the probe crashed (%1)").arg(processError)
                                      : QStringLiteral("the probe exited with %1 and %2")
                                            .arg(r.exitCode)
                                            .arg(doc.is_discarded() ? QStringLiteral("no JSON on stdout")
                                                                    : QStringLiteral("unexpected JSON"));
  r.error = runnerError(r.exitCode < 0 ? QStringLiteral("ProcessError") : QStringLiteral("BadOutput"),
                        what + QStringLiteral("; stderr: ") + tail(r.stderrText.trimmed()), logicPath);
}

}  // namespace

namespace {

/// What asking one interpreter for torch learned: why it cannot serve ("" when it imports torch), and, when it
/// can, its own path (sys.executable: differs from the one asked for a wrapper such as a pyenv shim), torch's
/// __init__.py and torch's version.
struct TorchCheck {
  QString why;
  QString executable;
  QString torchFile;
  QString version;
};

/// How often a torch check asks its caller's stop (ms): as the probe does (runProbe's kStopPollMs).
constexpr int kTorchCheckStopPollMs = 100;

TorchCheck torchCheck(const QString& python, const std::function<bool()>& stopRequested, bool* stopped) {
  // os._exit after the answer: the interpreter's teardown with torch loaded took ~2 s of wall on the loaded
  // 2-core VM (docs/results/2026-12-02-v0fast.md).
  static const char* kCheck =
      "import os, sys, torch\n"
      "sys.stdout.write('\\n'.join([sys.executable, torch.__file__, torch.__version__]) + '\\n')\n"
      "sys.stdout.flush()\n"
      "os._exit(0)\n";
  TorchCheck c;
  QProcess p;
  p.setProcessChannelMode(QProcess::SeparateChannels);
  // Its own process group: a stop or the limit ends what a wrapper (a pyenv shim, a shell script) started too.
  p.setChildProcessModifier([] { ::setpgid(0, 0); });
  p.start(python, {QStringLiteral("-c"), QString::fromLatin1(kCheck)});
  if (!p.waitForStarted(10000)) {
    c.why = QStringLiteral("cannot start (%1)").arg(p.errorString());
    return c;
  }
  const qint64 pgid = p.processId();
  const auto endGroup = [&p, pgid] {
    signalProcessGroup(pgid, SIGKILL);
    p.kill();
    p.waitForFinished(2000);
  };
  // `import torch` takes seconds (10 s for /usr/bin/python3 on the loaded VM): the wait is cut into slices so that
  // Stop, Quit and Ctrl-C end it within kTorchCheckStopPollMs instead of its 60 s limit.
  constexpr int kLimitMs = 60000;
  QElapsedTimer clock;
  clock.start();
  bool finished = false;
  while (!finished && clock.elapsed() < kLimitMs) {
    if (stopRequested && stopRequested()) {
      endGroup();
      if (stopped) *stopped = true;
      c.why = QStringLiteral("stopped on request while `import torch` was checked");
      return c;
    }
    const qint64 slice = std::min<qint64>(kLimitMs - clock.elapsed(), stopRequested ? kTorchCheckStopPollMs : kLimitMs);
    finished = p.waitForFinished(int(std::max<qint64>(slice, 1))) || p.state() == QProcess::NotRunning;
  }
  if (!finished) {
    endGroup();
    c.why = QStringLiteral("`import torch` took longer than 60 s");
    return c;
  }
  if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
    const QStringList lines = QString::fromUtf8(p.readAllStandardError()).trimmed().split(u'\n');
    c.why = QStringLiteral("`import torch` failed: %1").arg(lines.isEmpty() ? QString() : lines.constLast());
    return c;
  }
  const QStringList lines = QString::fromUtf8(p.readAllStandardOutput()).trimmed().split(u'\n');
  if (lines.size() >= 3) {
    c.executable = lines.at(lines.size() - 3).trimmed();
    c.torchFile = lines.at(lines.size() - 2).trimmed();
    c.version = lines.constLast().trimmed();
  }
  return c;
}

/// A file as the cache remembers it: canonical path, size and modification time; null when it does not exist.
nlohmann::json fileStamp(const QString& path) {
  if (path.isEmpty()) return nullptr;
  const QFileInfo fi(path);
  const QString canonical = fi.canonicalFilePath();
  if (canonical.isEmpty() || !fi.isFile()) return nullptr;
  const QFileInfo target(canonical);
  return {{"path", canonical.toStdString()},
          {"size", target.size()},
          {"mtime_ms", target.lastModified().toMSecsSinceEpoch()}};
}

/// How long an answer of torchPythonCacheFile() is used without asking again (seconds): a candidate that had no
/// torch is not asked again within it, so a torch installed there later is found within a day (KWB_PYTHON at once).
constexpr qint64 kTorchPythonCacheMaxAgeS = 24 * 3600;
/// The cache file is tiny (a few entries); anything bigger is not ours to parse.
constexpr qint64 kTorchPythonCacheMaxBytes = 256 * 1024;

nlohmann::json readTorchPythonCache() {
  QFile f(torchPythonCacheFile());
  if (!f.open(QIODevice::ReadOnly) || f.size() > kTorchPythonCacheMaxBytes) return nullptr;
  nlohmann::json doc = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
  if (!doc.is_object() || !doc.contains("entries") || !doc.at("entries").is_object()) return nullptr;
  return doc;
}

/// The cached interpreter for @p key, or "" when there is none still valid: younger than
/// kTorchPythonCacheMaxAgeS, and the interpreter's binary and torch's __init__.py unchanged (same path, size and
/// modification time). A damaged file is no cache.
QString cachedTorchPython(const QString& key) {
  if (qEnvironmentVariable("KWB_PYTHON_CACHE") == u"0") return {};
  const nlohmann::json doc = readTorchPythonCache();
  if (doc.is_null()) return {};
  const auto& entries = doc.at("entries");
  const auto it = entries.find(key.toStdString());
  if (it == entries.end() || !it->is_object()) return {};
  const nlohmann::json& e = *it;
  const qint64 now = QDateTime::currentSecsSinceEpoch();
  const nlohmann::json at = e.value("checked_unix", nlohmann::json());
  if (!at.is_number_integer() || now < at.get<qint64>() || now - at.get<qint64>() > kTorchPythonCacheMaxAgeS) return {};
  const nlohmann::json py = e.value("python", nlohmann::json());
  const nlohmann::json torchFile = e.value("torch_file", nlohmann::json());
  if (!py.is_string() || !torchFile.is_object() || !torchFile.value("path", nlohmann::json()).is_string()) return {};
  const QString python = QString::fromStdString(py.get<std::string>());
  if (python.isEmpty() || fileStamp(python) != e.value("python_file", nlohmann::json()) ||
      fileStamp(QString::fromStdString(torchFile.at("path").get<std::string>())) != torchFile)
    return {};
  return python;
}

/// Remembers @p python for @p key (best effort: an unwritable cache folder only costs the next run a check).
/// Only an interpreter that is its own sys.executable is remembered: a wrapper (a pyenv shim) may pick another
/// Python tomorrow without any file here changing.
void storeTorchPython(const QString& key, const QString& python, const TorchCheck& check) {
  if (qEnvironmentVariable("KWB_PYTHON_CACHE") == u"0") return;
  const nlohmann::json self = fileStamp(python);
  if (self.is_null() || self != fileStamp(check.executable)) return;
  const nlohmann::json torchFile = fileStamp(check.torchFile);
  if (torchFile.is_null()) return;
  nlohmann::json doc = readTorchPythonCache();
  if (doc.is_null() || doc.at("entries").size() > 32)  // 32 lists of candidates: PATH churn, start over
    doc = {{"schema", "kwb-torch-python-1"}, {"entries", nlohmann::json::object()}};
  doc["entries"][key.toStdString()] = {{"python", python.toStdString()},
                                       {"python_file", self},
                                       {"torch_file", torchFile},
                                       {"torch_version", check.version.toStdString()},
                                       {"checked_unix", QDateTime::currentSecsSinceEpoch()}};
  const QString path = torchPythonCacheFile();
  if (!QDir().mkpath(QFileInfo(path).absolutePath())) return;
  QSaveFile out(path);
  const QByteArray bytes = QByteArray::fromStdString(doc.dump(1) + "\n");
  if (out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size()) commitSaveFile(out);
}

}  // namespace

QList<ProbeResult> runProbeBatch(const QString& python, const QStringList& logicPaths, int jobs, int perFileTimeoutMs,
                                 const QStringList& extraArgs, const std::function<bool()>& stopRequested,
                                 nlohmann::json* batchSummary) {
  QList<ProbeResult> results(logicPaths.size());
  auto failAll = [&results, &logicPaths](const QString& kind, const QString& message) {
    for (qsizetype i = 0; i < results.size(); ++i)
      if (!results[i].ok && !results[i].error) results[i].error = runnerError(kind, message, logicPaths[i]);
    return results;
  };
  if (logicPaths.isEmpty()) return results;
  QString why;
  if (const auto overrideMs = probeTimeoutOverrideMs(&why))
    perFileTimeoutMs = *overrideMs;
  else if (!why.isEmpty())
    return failAll(QStringLiteral("ConfigError"), why);
  const QString script = extractProbeScript(&why);
  if (script.isEmpty()) return failAll(QStringLiteral("ExtractError"), why);
  QTemporaryDir out;
  if (!out.isValid())
    return failAll(QStringLiteral("ProcessError"), QStringLiteral("no temporary folder: %1").arg(out.errorString()));

  QStringList args{QFileInfo(script).absolutePath() + QStringLiteral("/probe_batch.py"),
                   QStringLiteral("--jobs"),
                   QString::number(std::max(1, jobs)),
                   QStringLiteral("--timeout"),
                   QString::number(perFileTimeoutMs / 1000.0),
                   QStringLiteral("--out"),
                   out.path()};
  args += extraArgs;
  for (const QString& p : logicPaths) args << QFileInfo(p).absoluteFilePath();
  QProcess proc;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
  hideGpuFromProbe(env);
  const QByteArray tag = uniqueEnvEntry(QByteArrayLiteral("KWB_PROBE_TAG"));
  tagProbeProcess(env, tag);
  proc.setProcessEnvironment(env);
  limitProbeProcess(proc, 0);  // memory only: the batch's children have their own per-file timeout
  proc.start(python, args);
  const qint64 pgid = proc.processId();
  const auto cleanup = qScopeGuard([pgid, &tag] { endProbeLeftovers(pgid, tag); });
  if (!proc.waitForStarted(30000))
    return failAll(QStringLiteral("ProcessError"),
                   QStringLiteral("cannot start %1: %2").arg(python, proc.errorString()));
  // Each child has its own limit inside the batch; this only guards the batch process itself.
  const qint64 perFile = std::max(perFileTimeoutMs, 1000);
  const qint64 total = 60000 + perFile * ((logicPaths.size() + std::max(1, jobs) - 1) / std::max(1, jobs));
  QElapsedTimer clock;
  clock.start();
  bool finished = false;
  while (!finished && clock.elapsed() < total) {
    if (stopRequested && stopRequested()) {
      signalProcessGroup(pgid, SIGTERM);  // the batch and its forked children (one group); the cleanup SIGKILLs
      proc.waitForFinished(kProbeStopGraceMs);
      return failAll(QStringLiteral("Stopped"), QStringLiteral("the probe was stopped on request before it finished"));
    }
    const qint64 slice = std::min<qint64>(total - clock.elapsed(), stopRequested ? 100 : total);
    finished = proc.waitForFinished(int(std::min<qint64>(slice, std::numeric_limits<int>::max()))) ||
               proc.state() == QProcess::NotRunning;
  }
  if (!finished) {
    proc.kill();
    proc.waitForFinished(5000);
    return failAll(QStringLiteral("Timeout"),
                   QStringLiteral("the probe batch did not finish within %1 s").arg(total / 1000));
  }
  const QByteArray summaryText = proc.readAllStandardOutput();
  const nlohmann::json summary =
      nlohmann::json::parse(summaryText.constData(), summaryText.constData() + summaryText.size(), nullptr, false);
  if (proc.exitStatus() != QProcess::NormalExit || proc.exitCode() != 0 || !summary.is_object())
    return failAll(QStringLiteral("ProcessError"),
                   QStringLiteral("the probe batch failed (exit %1): %2")
                       .arg(proc.exitCode())
                       .arg(tail(QString::fromUtf8(proc.readAllStandardError()).trimmed())));
  if (batchSummary) *batchSummary = summary;
  for (const auto& item : summary.value("results", nlohmann::json::array())) {
    const qsizetype i = item.value("index", -1);
    if (i < 0 || i >= results.size()) continue;
    ProbeResult& r = results[i];
    const QString base = out.path() + u'/' + QString::number(i);
    QFile err(base + QStringLiteral(".stderr"));
    if (err.open(QIODevice::ReadOnly)) r.stderrText = QString::fromUtf8(err.readAll());
    const int rc = item.value("rc", -1);
    if (item.value("timed_out", false)) {
      r.error = runnerError(QStringLiteral("Timeout"),
                            timeoutMessage(perFileTimeoutMs / 1000.0, readProbePhase(base + QStringLiteral(".phase"))),
                            logicPaths[i]);
      continue;
    }
    r.exitCode = rc >= 0 ? rc : -1;
    QFile f(base + QStringLiteral(".json"));
    const QByteArray text = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    parseProbeOutput(r, text, logicPaths[i], QStringLiteral("killed by signal %1").arg(-rc), python,
                     readProbePhase(base + QStringLiteral(".phase")));
  }
  return failAll(QStringLiteral("ProcessError"), QStringLiteral("the probe batch reported no result for this file"));
}

QString torchPythonCacheFile() {
  QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
  if (base.isEmpty()) base = QDir::tempPath();
  return base + QStringLiteral("/kernel-workbench/torch-python.json");
}

QString lookupTorchPython(QString* error, const std::function<bool()>& stopRequested, bool* stopped) {
  const QString forced = qEnvironmentVariable("KWB_PYTHON");
  QStringList candidates;
  if (!forced.isEmpty()) {
    candidates << forced;
  } else {
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (!onPath.isEmpty()) candidates << onPath;
    if (QFileInfo(QStringLiteral("/usr/bin/python3")).canonicalFilePath() != QFileInfo(onPath).canonicalFilePath())
      candidates << QStringLiteral("/usr/bin/python3");
  }
  // The answer depends on which interpreters are asked, in which order: that list is the cache's key.
  const QString key =
      (forced.isEmpty() ? QStringLiteral("path:") : QStringLiteral("KWB_PYTHON:")) + candidates.join(QLatin1Char('|'));
  if (const QString cached = cachedTorchPython(key); !cached.isEmpty()) {
    if (error) error->clear();
    return cached;
  }
  QStringList tried;
  QString found;
  if (stopped) *stopped = false;
  for (const QString& c : std::as_const(candidates)) {
    bool stop = false;
    const TorchCheck check = torchCheck(c, stopRequested, &stop);
    if (stop) {
      if (stopped) *stopped = true;
      if (error) *error = QStringLiteral("stopped on request while looking for a Python with torch (%1)").arg(c);
      return {};
    }
    if (check.why.isEmpty()) {
      found = c;
      storeTorchPython(key, c, check);
      break;
    }
    tried << QStringLiteral("%1: %2").arg(c, check.why);
  }
  QString message;
  if (found.isEmpty())
    message = QStringLiteral("no Python with torch found (set KWB_PYTHON); tried: %1")
                  .arg(tried.isEmpty() ? QStringLiteral("no python3 on PATH or at /usr/bin/python3")
                                       : tried.join(QStringLiteral("; ")));
  if (error) *error = message;
  return found;
}

QString findTorchPython(QString* error, const std::function<bool()>& stopRequested) {
  static QMutex mutex;
  static QHash<QString, QPair<QString, QString>> cache;  // KWB_PYTHON value → (python, error)
  const QString forced = qEnvironmentVariable("KWB_PYTHON");
  QMutexLocker lock(&mutex);
  if (const auto it = cache.constFind(forced); it != cache.constEnd()) {
    if (error) *error = it->second;
    return it->first;
  }
  QString message;
  bool stopped = false;
  const QString found = lookupTorchPython(&message, stopRequested, &stopped);
  if (!stopped) cache.insert(forced, {found, message});  // a stopped search found nothing: not an answer to keep
  if (error) *error = message;
  return found;
}

}  // namespace kwb
