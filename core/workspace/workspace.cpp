#include "core/workspace/workspace.h"

#include "core/input/boundedinput.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSysInfo>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStorageInfo>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <csignal>
#include <unistd.h>

namespace kwb {

namespace {
const QString kManifest = QStringLiteral(".kwb/manifest.json");
}

QString sha256Hex(const QByteArray& bytes) {
  return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

bool atomicWrite(const QString& path, const QByteArray& content, QString* error) {
  const QFileInfo fi(path);
  if (!QDir().mkpath(fi.absolutePath())) {
    if (error) *error = QStringLiteral("cannot create folder %1").arg(fi.absolutePath());
    return false;
  }
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly)) {
    if (error) *error = QStringLiteral("cannot write %1: %2").arg(path, writeFailureReason(f, path, content.size()));
    return false;
  }
  if (f.write(content) != content.size() || !commitSaveFile(f)) {
    if (error) *error = QStringLiteral("cannot write %1: %2").arg(path, writeFailureReason(f, path, content.size()));
    return false;
  }
  return true;
}

bool commitSaveFile(QSaveFile& file) {
  // flush() reports what close() inside commit() would swallow (ENOSPC on the buffered tail). The file stays open
  // with that error: QSaveFile's destructor then removes the temporary file, and nothing is renamed into place.
  if (!file.flush()) return false;
  return file.commit();
}

QString writeFailureReason(const QFileDevice& file, const QString& path, qint64 bytes) {
  const QStorageInfo volume(QFileInfo(path).absolutePath());
  const qint64 freeBytes = volume.isValid() ? volume.bytesAvailable() : -1;
  if (freeBytes >= 0 && freeBytes < bytes + 4096)  // + one block: a file never takes less
    return bytes > 0
               ? QStringLiteral("no space left on the device (%1 bytes free, %2 needed)").arg(freeBytes).arg(bytes)
               : QStringLiteral("no space left on the device (%1 bytes free)").arg(freeBytes);
  const QString qt = file.errorString();
  if (!qt.isEmpty() && qt != QLatin1String("Unknown error")) return qt;
  return QStringLiteral("I/O error (no reason given by the system; check free space, quotas and permissions)");
}

Workspace::Workspace(QString root) : m_root(std::move(root)) {}

QString Workspace::defaultDir(const QString& parent, const QString& problemName) {
  return QDir(parent).absoluteFilePath(QStringLiteral("kernel_opt_") + folderSafeName(problemName));
}

QString Workspace::folderSafeName(const QString& problemName) {
  // Letters and digits of any script are kept, so "ünïcode_模型" stays readable in `ls` and the Recent list (new-user
  // trial 6, R10: it became kernel_opt__n_code____eeadcb); anything else (spaces, punctuation, symbols) becomes "_".
  QString name;
  bool replacedNonAscii = false;
  for (const QChar c : problemName.normalized(QString::NormalizationForm_C)) {
    const bool keep = c == u'_' || c.isLetterOrNumber();
    if (!keep && c.unicode() > 0x7F) replacedNonAscii = true;
    name += keep ? c : QChar(u'_');
  }
  // Two names that differ only in replaced non-ASCII characters ("19 ReLU ★", "19 ReLU ☆") would share a folder: a
  // short hash of the name keeps them apart (new-user trial 3, R11).
  if (replacedNonAscii)
    name +=
        QLatin1Char('_') +
        QString::fromLatin1(QCryptographicHash::hash(problemName.toUtf8(), QCryptographicHash::Sha1).toHex().left(6));
  return name;
}

QString Workspace::creatableProblem(const QString& dir) {
  const QString root = QDir(dir).absolutePath();
  // The nearest folder that exists is where mkpath() would start writing (fresh-user trial: a read-only
  // --workspace or suite --out was found only after the probe, and a suite probed every problem first).
  QString at = root;
  while (!QFileInfo::exists(at) && QFileInfo(at).dir().absolutePath() != at) at = QFileInfo(at).dir().absolutePath();
  const QFileInfo ancestor(at);
  if (at == root) return {};
  if (!ancestor.isDir()) return QStringLiteral("cannot create folder %1: %2 is a file, not a folder").arg(root, at);
  // access(W_OK): false on a read-only file system even for root, and for a folder without write permission
  if (!ancestor.isWritable())
    return QStringLiteral("cannot create folder %1: %2 is not writable (read-only file system or no permission)")
        .arg(root, at);
  return {};
}

namespace {
// A run stopped in phases 1-2 (Ctrl-C, SIGTERM) leaves .kwb/ and .atrex_plugins/ only, every file the workbench's as
// it wrote it (the manifest's hash): nothing of the user's, so no --force is needed to run there again (new-user trial
// 19, #18: the re-run was refused "already exists"). False when any other entry, or an edited or unknown file, is
// there.
bool onlyAnUnfinishedRun(const QDir& root, const QStringList& entriesBesideKwb) {
  for (const QString& e : entriesBesideKwb)
    if (e != QLatin1String(".atrex_plugins")) return false;
  QString why;
  const std::optional<QByteArray> bytes = readBoundedFile(root.filePath(kManifest), limits::kDataFile.maxBytes, &why);
  const std::optional<nlohmann::json> doc = bytes ? parseBoundedJson(*bytes, limits::kDataFile, &why) : std::nullopt;
  if (!doc || !doc->is_object()) return false;
  const nlohmann::json files = doc->value("generated", nlohmann::json::object());
  if (!files.is_object()) return false;
  QDirIterator it(root.filePath(QStringLiteral(".atrex_plugins")), QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot,
                  QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString rel = root.relativeFilePath(it.next());
    const auto sha = files.find(rel.toStdString());
    if (sha == files.end() || !sha->is_string()) return false;
    QFile f(root.filePath(rel));
    if (!f.open(QIODevice::ReadOnly) || sha256Hex(f.readAll()) != QString::fromStdString(sha->get<std::string>()))
      return false;
  }
  // ... and the files it wrote in .kwb/ as it wrote them (a spec edited in phase 1's form is the user's)
  for (const auto& [rel, sha] : files.items()) {
    QFile f(root.filePath(QString::fromStdString(rel)));
    if (!f.exists()) continue;
    if (!sha.is_string() || !f.open(QIODevice::ReadOnly) ||
        sha256Hex(f.readAll()) != QString::fromStdString(sha.get<std::string>()))
      return false;
  }
  return true;
}
}  // namespace

QString Workspace::openProblem(const QString& dir, bool force) {
  const QString root = QDir(dir).absolutePath();
  const QFileInfo fi(root);
  if (fi.exists() && !fi.isDir())
    return QStringLiteral("%1 is a file, not a folder; choose another --workspace").arg(root);
  if (!fi.exists()) return creatableProblem(root);
  if (!fi.isWritable())
    return QStringLiteral(
               "%1 is not writable (read-only file system or no permission): records cannot be written there")
        .arg(root);
  const QDir d(root);
  const bool hasManifest = QFileInfo::exists(d.filePath(kManifest));
  // .kwb/ is the workbench's own (a run that stopped in phase 1 leaves only it): not a stranger's file.
  QStringList entries = d.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
  const bool hasKwbDir =
      entries.removeAll(QStringLiteral(".kwb")) > 0 && QFileInfo(d.filePath(QStringLiteral(".kwb"))).isDir();
  if (hasManifest && !force && !onlyAnUnfinishedRun(d, entries))
    return QStringLiteral("workspace %1 already exists; pass --force to regenerate it (files you edited are kept)")
        .arg(root);
  if (!hasManifest && !entries.isEmpty()) {
    if (!hasKwbDir)
      return QStringLiteral("%1 is not empty and is not a Kernel Workbench workspace; choose another --workspace")
          .arg(root);
    // A workspace whose manifest is gone (the recovery manifestProblem() advises, or a run killed before its first
    // write): nobody else makes a .kwb/ folder, so --force adopts it, every file in it counting as the user's
    // (new-user trial 10, #3: the advised recovery was refused as "not a Kernel Workbench workspace").
    if (!force)
      return QStringLiteral(
                 "workspace %1 has no %2 (kwb cannot tell its files from yours); pass --force to regenerate it "
                 "(every existing file is then kept as yours, and the generated one is written beside it as "
                 "<file>.generated)")
          .arg(root, kManifest);
  }
  if (const QString holder = WorkspaceLock::heldBy(root); !holder.isEmpty()) return holder;
  if (const QString why = manifestProblem(root); !why.isEmpty()) return why;
  return specProblem(root);
}

std::unique_ptr<Workspace> Workspace::open(const QString& dir, bool force, QString* error) {
  const QString root = QDir(dir).absolutePath();
  if (const QString why = openProblem(root, force); !why.isEmpty()) {
    if (error) *error = why;
    return nullptr;
  }
  errno = 0;
  if (!QDir(root).mkpath(QStringLiteral(".kwb"))) {
    // the system's reason (read-only file system, permission denied, ...): mkpath's mkdir leaves errno set
    const int why = errno;
    if (error)
      *error = QStringLiteral("cannot create workspace folder %1%2")
                   .arg(root, why != 0 ? QStringLiteral(": ") + QString::fromLocal8Bit(std::strerror(why)) : QString());
    return nullptr;
  }
  std::unique_ptr<WorkspaceLock> lock = WorkspaceLock::acquire(root, error);
  if (!lock) return nullptr;
  // Again under the lock: another run may have made the workspace between the first check and the lock.
  if (const QString why = openProblem(root, force); !why.isEmpty()) {
    if (error) *error = why;
    return nullptr;
  }
  std::unique_ptr<Workspace> ws(new Workspace(root));
  ws->m_lock = std::move(lock);
  if (!ws->loadManifest(error)) return nullptr;
  return ws;
}

// ------------------------------------------------------------------ lock
namespace {
QString lockPath(const QString& root) { return QDir(root).filePath(QStringLiteral(".kwb/lock")); }

QString holderText(const QString& root, qint64 pid, const QString& host, const QString& app) {
  const QDateTime since = QFileInfo(lockPath(root)).lastModified().toUTC();
  return QStringLiteral(
             "workspace %1 is in use by another run (%2 pid %3 on host %4, since %5 UTC); wait for it to "
             "finish or stop it. If that process is gone, delete %6")
      .arg(root, app.isEmpty() ? QStringLiteral("process") : app)
      .arg(pid)
      .arg(host, since.isValid() ? since.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : QStringLiteral("?"),
           lockPath(root));
}

// Harnesses of the workspace `root` that another kwb started (or one that is gone): live processes, not zombies and
// not this process, whose working directory is `root` and whose environment holds a KWB_RUN_TAG of another kwb's
// pid (HarnessRun tags every harness "KWB_RUN_TAG=<kwb pid>-<n>-<ms>"; a user's shell in the folder has none).
// Linux /proc; readable only for this user's processes. Empty where there is no /proc.
QString orphanedHarnessText(const QString& root) {
  const QByteArray canon = QFile::encodeName(QFileInfo(root).canonicalFilePath());
  if (canon.isEmpty()) return {};
  const QByteArray tagKey = QByteArrayLiteral("KWB_RUN_TAG=");
  const QByteArray self = QByteArray::number(qint64(::getpid()));
  auto readProc = [](const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(1 << 20) : QByteArray();
  };
  QStringList found;
  const QDir proc(QStringLiteral("/proc"));
  for (const QString& name : proc.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
    bool isPid = false;
    const qint64 pid = name.toLongLong(&isPid);
    if (!isPid || pid == qint64(::getpid())) continue;
    char cwd[4096];
    const QByteArray link = QFile::encodeName(proc.filePath(name + QStringLiteral("/cwd")));
    const ssize_t n = ::readlink(link.constData(), cwd, sizeof cwd);
    if (n <= 0 || QByteArray(cwd, int(n)) != canon) continue;
    const QByteArray stat = readProc(proc.filePath(name + QStringLiteral("/stat")));
    const qsizetype close = stat.lastIndexOf(')');
    if (close < 0 || stat.mid(close + 2, 1) == "Z") continue;  // a zombie runs nothing
    QByteArray kwbPid;
    for (const QByteArray& entry : readProc(proc.filePath(name + QStringLiteral("/environ"))).split('\0'))
      if (entry.startsWith(tagKey)) kwbPid = entry.mid(tagKey.size()).split('-').value(0);
    if (kwbPid.isEmpty() || kwbPid == self) continue;  // not a harness, or this kwb's own
    QByteArray cmd = readProc(proc.filePath(name + QStringLiteral("/cmdline")));
    cmd.replace('\0', ' ');
    const bool kwbAlive = ::kill(pid_t(kwbPid.toLongLong()), 0) == 0 || errno == EPERM;
    found << QStringLiteral("pid %1 (%2; started by kwb pid %3, %4)")
                 .arg(pid)
                 .arg(QString::fromLocal8Bit(cmd.trimmed().left(160)), QString::fromLatin1(kwbPid),
                      kwbAlive ? QStringLiteral("still running") : QStringLiteral("gone"));
  }
  if (found.isEmpty()) return {};
  // Refused, not killed: the process may still be writing the workspace, and whether its work is wanted is the
  // user's call; a kwb killed before PR_SET_PDEATHSIG (or a harness's own children) leaves these.
  return QStringLiteral(
             "workspace %1 still has a harness running in it from an earlier run: %2. A run beside it would share its "
             "files; stop it first (kill %3) and run again")
      .arg(root, found.join(QStringLiteral("; ")),
           found.size() == 1 ? found.first().section(u' ', 1, 1) : QStringLiteral("those pids"));
}

}  // namespace

WorkspaceLock::WorkspaceLock(const QString& root) : m_file(std::make_unique<QLockFile>(lockPath(root))) {}
WorkspaceLock::~WorkspaceLock() = default;

std::unique_ptr<WorkspaceLock> WorkspaceLock::acquire(const QString& root, QString* error) {
  if (!QDir(root).mkpath(QStringLiteral(".kwb"))) {
    if (error) *error = QStringLiteral("cannot create %1").arg(QDir(root).filePath(QStringLiteral(".kwb")));
    return nullptr;
  }
  // A lock whose kwb is gone is stale, but the harness that kwb started may still run there (new-user trial 10, #12).
  if (const QString orphan = orphanedHarnessText(root); !orphan.isEmpty()) {
    if (error) *error = orphan;
    return nullptr;
  }
  std::unique_ptr<WorkspaceLock> lock(new WorkspaceLock(root));
  // A run lasts minutes to hours: never stale by age. A lock whose process is gone (same host) is stale and
  // taken over by QLockFile itself.
  lock->m_file->setStaleLockTime(0);
  if (lock->m_file->tryLock(0)) return lock;
  qint64 pid = 0;
  QString host, app;
  if (lock->m_file->error() == QLockFile::LockFailedError && lock->m_file->getLockInfo(&pid, &host, &app)) {
    if (error) *error = holderText(root, pid, host, app);
  } else if (error) {
    *error = QStringLiteral("cannot lock workspace %1: %2 is not writable").arg(root, lockPath(root));
  }
  return nullptr;
}

QString WorkspaceLock::heldBy(const QString& root) {
  if (!QFileInfo::exists(lockPath(root))) return orphanedHarnessText(root);
  QLockFile probe(lockPath(root));
  qint64 pid = 0;
  QString host, app;
  if (!probe.getLockInfo(&pid, &host, &app)) return orphanedHarnessText(root);
  // Ours (this process already holds it) or a dead process's on this host: not a holder; but a harness that dead
  // process started may still run there.
  if (host == QSysInfo::machineHostName() && pid == QCoreApplication::applicationPid()) return {};
  if (host == QSysInfo::machineHostName() && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH)
    return orphanedHarnessText(root);
  return holderText(root, pid, host, app);
}

QString Workspace::path(const QString& rel) const { return QDir(m_root).filePath(rel); }

bool Workspace::loadManifest(QString* error) {
  if (!QFileInfo::exists(path(kManifest))) return true;
  if (const QString why = manifestProblem(m_root); !why.isEmpty()) {
    if (error) *error = why;
    return false;
  }
  QString why;
  const std::optional<QByteArray> bytes = readBoundedFile(path(kManifest), limits::kDataFile.maxBytes, &why);
  const std::optional<nlohmann::json> doc = bytes ? parseBoundedJson(*bytes, limits::kDataFile, &why) : std::nullopt;
  if (!doc || !doc->is_object()) return false;  // manifestProblem() said why already
  const nlohmann::json files = doc->value("generated", nlohmann::json::object());
  if (files.is_object())
    for (const auto& [rel, sha] : files.items())
      if (sha.is_string())
        m_generatedSha.insert(QString::fromStdString(rel), QString::fromStdString(sha.get<std::string>()));
  const nlohmann::json problems = doc->value("generated_for", nlohmann::json::object());
  if (problems.is_object())
    for (const auto& [rel, sha] : problems.items())
      if (sha.is_string())
        m_generatedFor.insert(QString::fromStdString(rel), QString::fromStdString(sha.get<std::string>()));
  return true;
}

QString Workspace::manifestProblem(const QString& root) {
  const QString file = QDir(root).filePath(kManifest);
  if (!QFileInfo::exists(file)) return {};
  QString why;
  const std::optional<QByteArray> bytes = readBoundedFile(file, limits::kDataFile.maxBytes, &why);
  if (!bytes) return why;
  std::optional<nlohmann::json> doc = parseBoundedJson(*bytes, limits::kDataFile, &why);
  if (doc && !doc->is_object()) {
    doc.reset();
    why = QStringLiteral("its top level is not an object");
  }
  if (doc) return {};
  // Without the manifest kwb cannot tell its files from your edits; removing it makes the next --force run treat
  // every file as yours (kept, with the generated one beside it), so nothing is lost.
  return QStringLiteral(
             "%1 is damaged (%2). To recover: restore it from a backup, or delete it and rerun with --force "
             "(every existing file is then kept as yours, and the generated one is written beside it as "
             "<file>.generated)")
      .arg(file, why);
}

QString Workspace::specProblem(const QString& root) {
  const QString file = QDir(root).filePath(QStringLiteral(".kwb/spec.json"));
  if (!QFileInfo::exists(file)) return {};
  QString why;
  const std::optional<QByteArray> bytes = readBoundedFile(file, limits::kDataFile.maxBytes, &why);
  if (!bytes) return why;
  const std::optional<nlohmann::json> doc = parseBoundedJson(*bytes, limits::kDataFile, &why);
  if (doc && doc->is_object()) return {};
  if (doc) why = QStringLiteral("its top level is not an object");
  return QStringLiteral(
             "%1 is damaged (%2). To recover: delete it (the next run writes it again from the probe), or "
             "restore it from git (`git checkout -- .kwb/spec.json` in the workspace)")
      .arg(file, why);
}

bool Workspace::saveManifest(QString* error) {
  nlohmann::json files = nlohmann::json::object();
  for (auto it = m_generatedSha.cbegin(); it != m_generatedSha.cend(); ++it)
    files[it.key().toStdString()] = it.value().toStdString();
  nlohmann::json problems = nlohmann::json::object();
  for (auto it = m_generatedFor.cbegin(); it != m_generatedFor.cend(); ++it)
    problems[it.key().toStdString()] = it.value().toStdString();
  // "generated_for" (the problem each file was generated from) is optional: older manifests lack it
  const nlohmann::json root = {{"schema", "kwb-manifest-1"}, {"generated", files}, {"generated_for", problems}};
  return atomicWrite(path(kManifest), QByteArray::fromStdString(root.dump(4) + "\n"), error);
}

QString Workspace::newRunDir(QString* error) const {
  const QString runsDir = path(QStringLiteral(".kwb/runs"));
  if (!QDir().mkpath(runsDir)) {
    if (error) *error = QStringLiteral("cannot create %1").arg(runsDir);
    return {};
  }
  // Two runs once shared a folder named to the second; mkdir is the arbiter now.
  const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
  const QDir runs(runsDir);
  for (int i = 1; i <= 1000; ++i) {
    const QString name = i == 1 ? stamp : QStringLiteral("%1-%2").arg(stamp).arg(i);
    if (runs.mkdir(name)) return runs.filePath(name);
  }
  if (error) *error = QStringLiteral("cannot create a run folder in %1").arg(runsDir);
  return {};
}

QByteArray Workspace::read(const QString& rel, QString* error) const {
  QFile f(path(rel));
  if (!f.open(QIODevice::ReadOnly)) {
    if (error) *error = QStringLiteral("cannot read %1: %2").arg(f.fileName(), f.errorString());
    return {};
  }
  return f.readAll();
}

bool Workspace::isUserEdited(const QString& rel) const {
  QFile f(path(rel));
  if (!f.exists()) return false;
  if (!m_generatedSha.contains(rel)) return true;  // not ours: treat as the user's
  if (!f.open(QIODevice::ReadOnly)) return true;
  return sha256Hex(f.readAll()) != m_generatedSha.value(rel);
}

WriteOutcome Workspace::writeGenerated(const QString& rel, const QByteArray& content, QString* error,
                                       const QString& problem) {
  QFile existing(path(rel));
  if (existing.exists()) {
    if (existing.open(QIODevice::ReadOnly) && existing.readAll() == content) {
      m_generatedSha.insert(rel, sha256Hex(content));
      if (!problem.isEmpty()) m_generatedFor.insert(rel, problem);
      return saveManifest(error) ? WriteOutcome::Unchanged : WriteOutcome::Failed;
    }
    if (isUserEdited(rel)) return WriteOutcome::KeptUserEdit;
  }
  if (!atomicWrite(path(rel), content, error)) return WriteOutcome::Failed;
  m_generatedSha.insert(rel, sha256Hex(content));
  if (!problem.isEmpty()) m_generatedFor.insert(rel, problem);
  return saveManifest(error) ? WriteOutcome::Written : WriteOutcome::Failed;
}

bool Workspace::adoptFor(const QString& rel, const QString& problem, QString* error) {
  m_generatedFor.insert(rel, problem);
  return saveManifest(error);
}

bool Workspace::moveAside(const QString& rel, QString* savedAs, QString* error) {
  const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
  QString keep = rel + QStringLiteral(".edited-") + stamp;
  for (int i = 2; QFileInfo::exists(path(keep)); ++i) keep = rel + QStringLiteral(".edited-%1-%2").arg(stamp).arg(i);
  QFile file(path(rel));
  if (!file.rename(path(keep))) {
    if (error) *error = QStringLiteral("cannot rename %1 to %2: %3").arg(path(rel), keep, file.errorString());
    return false;
  }
  if (savedAs) *savedAs = keep;
  return true;
}

bool Workspace::writeOwned(const QString& rel, const QByteArray& content, QString* error) {
  return atomicWrite(path(rel), content, error);
}

bool Workspace::writeRecord(const QString& rel, const QByteArray& content, QString* savedAs, QString* error) {
  if (savedAs) savedAs->clear();
  QFile existing(path(rel));
  if (existing.exists() && isUserEdited(rel)) {
    if (!existing.open(QIODevice::ReadOnly)) {
      if (error)
        *error = QStringLiteral("%1: cannot read the edited file to keep it: %2").arg(rel, existing.errorString());
      return false;
    }
    const QByteArray old = existing.readAll();
    existing.close();
    if (old != content) {
      const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
      QString keep = rel + QStringLiteral(".edited-") + stamp;
      for (int i = 2; QFileInfo::exists(path(keep)); ++i)
        keep = rel + QStringLiteral(".edited-%1-%2").arg(stamp).arg(i);
      if (!atomicWrite(path(keep), old, error)) return false;
      if (savedAs) *savedAs = keep;
    }
  }
  if (!atomicWrite(path(rel), content, error)) return false;
  m_generatedSha.insert(rel, sha256Hex(content));
  return saveManifest(error);
}

}  // namespace kwb
