#pragma once
// POSIX process-group helpers for the watchdog (Linux /proc where it helps).

#include <QByteArray>
#include <QList>
#include <QtGlobal>

namespace kwb {

/// True while the process group @p pgid has a member that is not a zombie. On Linux this scans
/// /proc/<pid>/stat (field 5, pgrp; field 3, state) because a killed, orphaned member stays a
/// zombie until its new parent reaps it, and ::kill(-pgid, 0) still succeeds for zombies. Where
/// /proc is missing it falls back to ::kill(-pgid, 0) == 0. pgid <= 1 → false (never a real group).
bool processGroupAlive(qint64 pgid);

/// Sends @p signal to every process of group @p pgid (::kill(-pgid, signal)). Returns false when
/// the group is already gone (ESRCH) or pgid <= 1 (refused: -1 and -0 would hit far more).
bool signalProcessGroup(qint64 pgid, int signal);

/// Makes this process a child subreaper (Linux prctl PR_SET_CHILD_SUBREAPER): a descendant whose parent
/// exits is re-parented to this process, not to init, so it stays in the workbench's process tree (and its
/// exit status is ours to collect). Process-wide and idempotent. False where the system has no such call.
bool becomeChildSubreaper();

/// Process ids of the live processes (not zombies), other than this one, whose initial environment
/// (/proc/<pid>/environ) holds the exact entry @p entry ("KEY=VALUE"). Every descendant of a process
/// started with that entry inherits it, including one that left the process group with setsid() or was
/// re-parented after a double fork; only processes of the same user are readable. Empty without /proc.
QList<qint64> processesWithEnvEntry(const QByteArray& entry);

/// An environment entry "KEY=<pid>-<counter>-<ms since epoch>" unique to one process tree on this host, for
/// processesWithEnvEntry(): the harness runs tag theirs with KWB_RUN_TAG, the probes with KWB_PROBE_TAG.
QByteArray uniqueEnvEntry(const QByteArray& key);

/// Sends @p signal to each of @p pids (pid > 1 only). Returns how many were signalled.
int signalProcesses(const QList<qint64>& pids, int signal);

/// Collects the exit status of this process's ended children (zombies) that are in one of the process
/// groups @p pgids or among @p pids, except @p keep (children a QProcess reaps itself): descendants
/// re-parented to a subreaper would otherwise stay zombies until it exits. Linux (/proc) only.
void reapEndedChildren(const QList<qint64>& pgids, const QList<qint64>& pids, const QList<qint64>& keep);

}  // namespace kwb
