#include "core/run/processgroup.h"

#include <QDateTime>
#include <QDir>
#include <QFile>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef Q_OS_LINUX
#include <sys/prctl.h>
#endif

namespace kwb {

QByteArray uniqueEnvEntry(const QByteArray& key) {
  static std::atomic<int> counter{0};
  return key + '=' + QByteArray::number(qint64(::getpid())) + '-' + QByteArray::number(++counter) + '-' +
         QByteArray::number(QDateTime::currentMSecsSinceEpoch());
}

bool signalProcessGroup(qint64 pgid, int signal) {
  if (pgid <= 1) return false;
  return ::kill(-static_cast<pid_t>(pgid), signal) == 0;
}

bool processGroupAlive(qint64 pgid) {
  if (pgid <= 1) return false;
  if (::kill(-static_cast<pid_t>(pgid), 0) != 0 && errno == ESRCH) return false;
  QDir proc(QStringLiteral("/proc"));
  if (!QFile::exists(QStringLiteral("/proc/self/stat")))
    return true;  // no /proc: the kill() probe above is all we know
  const QStringList pids = proc.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
  for (const QString& pid : pids) {
    if (pid.isEmpty() || !pid.at(0).isDigit()) continue;
    QFile f(QStringLiteral("/proc/") + pid + QStringLiteral("/stat"));
    if (!f.open(QIODevice::ReadOnly)) continue;  // exited meanwhile
    const QByteArray stat = f.readAll();
    // "pid (comm) S ppid pgrp ...": comm may hold spaces and ')', so parse after the last ')'.
    const qsizetype close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
    if (fields.size() < 3) continue;
    const char state = fields.at(0).isEmpty() ? '?' : fields.at(0).at(0);
    bool ok = false;
    const qint64 pgrp = fields.at(2).toLongLong(&ok);
    if (ok && pgrp == pgid && state != 'Z' && state != 'X') return true;
  }
  return false;
}

bool becomeChildSubreaper() {
#ifdef Q_OS_LINUX
  return ::prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0UL, 0UL, 0UL) == 0;
#else
  return false;
#endif
}

QList<qint64> processesWithEnvEntry(const QByteArray& entry) {
  QList<qint64> found;
  if (entry.isEmpty() || !QFile::exists(QStringLiteral("/proc/self/environ"))) return found;
  const qint64 self = ::getpid();
  const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
  for (const QString& name : pids) {
    bool ok = false;
    const qint64 pid = name.toLongLong(&ok);
    if (!ok || pid == self) continue;
    QFile f(QStringLiteral("/proc/") + name + QStringLiteral("/environ"));
    if (!f.open(QIODevice::ReadOnly)) continue;  // another user's, or exited meanwhile
    // Entries are NUL-separated; the tag is matched as a whole entry.
    const QByteArray env = f.read(qint64(1) << 20);
    const QByteArray needle = entry + '\0';
    const QByteArray inner = '\0' + needle;
    if (!env.startsWith(needle) && !env.contains(inner)) continue;
    QFile stat(QStringLiteral("/proc/") + name + QStringLiteral("/stat"));
    if (stat.open(QIODevice::ReadOnly)) {
      const QByteArray text = stat.readAll();
      const qsizetype close = text.lastIndexOf(')');
      if (close > 0 && close + 2 < text.size() && (text.at(close + 2) == 'Z' || text.at(close + 2) == 'X')) continue;
    }
    found << pid;
  }
  return found;
}

int signalProcesses(const QList<qint64>& pids, int signal) {
  int n = 0;
  for (const qint64 pid : pids)
    if (pid > 1 && ::kill(static_cast<pid_t>(pid), signal) == 0) ++n;
  return n;
}

void reapEndedChildren(const QList<qint64>& pgids, const QList<qint64>& pids, const QList<qint64>& keep) {
  if (!QFile::exists(QStringLiteral("/proc/self/stat"))) return;
  const qint64 self = ::getpid();
  const QStringList names = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
  for (const QString& name : names) {
    bool ok = false;
    const qint64 pid = name.toLongLong(&ok);
    if (!ok || keep.contains(pid)) continue;
    QFile f(QStringLiteral("/proc/") + name + QStringLiteral("/stat"));
    if (!f.open(QIODevice::ReadOnly)) continue;
    const QByteArray stat = f.readAll();
    const qsizetype close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const QList<QByteArray> fields = stat.mid(close + 2).split(' ');  // state ppid pgrp ...
    if (fields.size() < 3 || fields.at(0) != "Z" || fields.at(1).toLongLong() != self) continue;
    if (!pgids.contains(fields.at(2).toLongLong()) && !pids.contains(pid)) continue;
    int status = 0;
    ::waitpid(static_cast<pid_t>(pid), &status, WNOHANG);
  }
}

}  // namespace kwb
