#pragma once
// POSIX process-group helpers for the watchdog (Linux /proc where it helps).

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

} // namespace kwb
