#include "core/run/processgroup.h"

#include <QDir>
#include <QFile>

#include <cerrno>
#include <csignal>
#include <sys/types.h>

namespace kwb {

bool signalProcessGroup(qint64 pgid, int signal)
{
    if (pgid <= 1)
        return false;
    return ::kill(-static_cast<pid_t>(pgid), signal) == 0;
}

bool processGroupAlive(qint64 pgid)
{
    if (pgid <= 1)
        return false;
    if (::kill(-static_cast<pid_t>(pgid), 0) != 0 && errno == ESRCH)
        return false;
    QDir proc(QStringLiteral("/proc"));
    if (!QFile::exists(QStringLiteral("/proc/self/stat")))
        return true; // no /proc: the kill() probe above is all we know
    const QStringList pids = proc.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& pid : pids) {
        if (pid.isEmpty() || !pid.at(0).isDigit())
            continue;
        QFile f(QStringLiteral("/proc/") + pid + QStringLiteral("/stat"));
        if (!f.open(QIODevice::ReadOnly))
            continue; // exited meanwhile
        const QByteArray stat = f.readAll();
        // "pid (comm) S ppid pgrp ...": comm may hold spaces and ')', so parse after the last ')'.
        const qsizetype close = stat.lastIndexOf(')');
        if (close < 0)
            continue;
        const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
        if (fields.size() < 3)
            continue;
        const char state = fields.at(0).isEmpty() ? '?' : fields.at(0).at(0);
        bool ok = false;
        const qint64 pgrp = fields.at(2).toLongLong(&ok);
        if (ok && pgrp == pgid && state != 'Z' && state != 'X')
            return true;
    }
    return false;
}

} // namespace kwb
