// Phase 1 runner: the probe script (resources/python/probe.py) run on a PyTorch logic file.
// The probe's output is the spec of docs/CONTRACTS.md §1; problemspec.h reads it.
#pragma once

#include <QString>
#include <QList>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>

namespace kwb {

/// Why the probe could not produce a spec. For failures inside the logic file, @c file is the logic
/// file and @c line the innermost line of it in the Python traceback (0 when unknown).
struct ProbeError {
  QString kind;     ///< Python exception name ("SyntaxError", "ValueError"), a probe kind
                    ///< ("MissingModel", "MissingGetInputs", "DataDependentShape", "NonTensorOutput"), or a runner kind
                    ///< ("Timeout", "ProcessError", "BadOutput", "ExtractError")
  QString message;  ///< human-readable, one line or a short traceback
  QString file;     ///< absolute path of the file the line refers to
  int line = 0;     ///< 1-based line in @c file; 0 = unknown
};

/// One line for @p e: "FILE:LINE: KIND: MESSAGE", the line left out when unknown (a file-level error such as
/// MissingGetInputs printed "noinputs.py:0:", new-user trial 3, R5), FILE = @p logicPath when @p e names no file.
/// FILE appears once: where MESSAGE names the same path again, it shows the file's name there.
QString describeProbeError(const ProbeError& e, const QString& logicPath);

/// Outcome of one probe run.
struct ProbeResult {
  bool ok = false;                  ///< true: @c spec holds the spec (probe exit 0)
  nlohmann::json spec;              ///< the spec (CONTRACTS.md §1) when ok
  std::optional<ProbeError> error;  ///< set whenever !ok
  nlohmann::json partial;           ///< what the probe knew before it failed (exit 3), else null
  QString stderrText;               ///< everything the probe and the logic wrote to stderr
  int exitCode = -1;                ///< the probe's exit status; -1 = did not exit normally
};

/// Writes the probe scripts (:/kwb/python/probe.py and its probe_*.py helpers) to a cache folder
/// named after their content hash (GenericCacheLocation/kernel-workbench/probe-<hash>, or the temp
/// folder when there is no cache location) and returns the path of probe.py there; files already
/// present with the same content are reused. Returns "" with the reason in @p error on failure.
QString extractProbeScript(QString* error = nullptr);

/// The probe's wall-time limit set by $KWB_PROBE_TIMEOUT_S (seconds, a decimal number above 0 and at most 86400), in
/// milliseconds; nullopt when it is unset or empty (*error cleared), or when it is not such a number (*error says so,
/// naming the variable and the value).
std::optional<int> probeTimeoutOverrideMs(QString* error = nullptr);

/// What runProbe() tells its stillRunning callback.
struct ProbeProgress {
  int elapsedSec = 0;  ///< seconds since the probe started
  int limitSec = 0;    ///< its wall-time limit in seconds (timeoutMs, or $KWB_PROBE_TIMEOUT_S when set)
  QString running;     ///< the part of the logic file that runs now, as the probe last named it in its phase file
                       ///< ("the logic file's module-level code (its import)", "Model.__init__()", "get_inputs()",
                       ///< "forward()", ...); empty when not known yet
};

/// Runs `python probe.py logicPath [extraArgs]` and waits up to @p timeoutMs milliseconds
/// (default 2 minutes: the probe takes ~1-2 s on torch 1.13, most of it importing torch);
/// $KWB_PROBE_TIMEOUT_S, when set, replaces @p timeoutMs (a bad value: error kind "ConfigError", nothing run).
/// Reads stdout and stderr separately; stdout must be one JSON document. Exit 0 → ok with the spec;
/// exit 3 → error and partial from the probe's {"error":..., "partial":...}; a timeout kills the
/// process (error kind "Timeout", its message naming the part of the logic file that was running when the probe
/// said so: an endless __init__ was reported as a forward, new-user trial 9, #7); a process that cannot start, crashes,
/// or prints something that is not the expected JSON gives kinds "ProcessError" / "BadOutput" with stderr in the
/// message.
/// @p extraArgs e.g. {"--scale-for-dry-run"}. Blocking: call it off the GUI thread.
/// @p stopRequested, when set, is asked every 100 ms (from the calling thread; it must be thread-safe when another
/// thread decides, e.g. an atomic flag): once it returns true the probe's process group gets SIGTERM, then, after
/// kProbeStopGraceMs, SIGKILL with every process that carries the probe's tag, and the result is error kind
/// "Stopped" (naming what the probe was running). Ctrl-C, SIGTERM, the GUI's Stop and Quit end phase 1 this way
/// instead of waiting for the limit (new-user trial 12, #5).
/// @p stillRunning, when set, is called on the calling thread every @p everyMs milliseconds the probe is still
/// running, with the seconds since it started, the limit and what runs: a forward that never ends was silent for
/// the whole 120 s (new-user trial 3, R2). The probe names what runs in the file $KWB_PROBE_PHASE_FILE, which this
/// sets to a temporary file.
ProbeResult runProbe(const QString& python, const QString& logicPath, int timeoutMs = 120000,
                     const QStringList& extraArgs = {},
                     const std::function<void(const ProbeProgress&)>& stillRunning = {}, int everyMs = 30000,
                     const std::function<bool()>& stopRequested = {});

/// How long a stopped probe has between SIGTERM and SIGKILL (ms).
inline constexpr int kProbeStopGraceMs = 1000;

/// Probes many files with one torch import (resources/python/probe_batch.py: torch is imported
/// once, then one forked child per file, @p jobs at a time; ~0.1-0.5 s per file instead of ~2 s).
/// Returns one result per entry of @p logicPaths, in that order, with the same meaning as
/// runProbe()'s; a child running past @p perFileTimeoutMs ($KWB_PROBE_TIMEOUT_S replaces it) is killed (kind
/// "Timeout", naming what it was running as runProbe() does). If the batch
/// process itself cannot start or fails, every result carries that error ("ProcessError"). POSIX
/// only (fork). Blocking: call it off the GUI thread. @p stopRequested as for runProbe(): the batch process's group
/// (and its forked children, which stay in it) is ended, and every result is error kind "Stopped".
/// @p batchSummary, when given and the batch ran, gets probe_batch.py's summary document (its seconds:
/// `torch_import_s`, `warm_s`, `warm_modules`, `total_wall_s`, and `results[].wall_s` per file).
QList<ProbeResult> runProbeBatch(const QString& python, const QStringList& logicPaths, int jobs = 2,
                                 int perFileTimeoutMs = 120000, const QStringList& extraArgs = {},
                                 const std::function<bool()>& stopRequested = {},
                                 nlohmann::json* batchSummary = nullptr);

/// A Python interpreter that can `import torch`: $KWB_PYTHON if set (checked too), else the first of
/// `python3` on PATH and /usr/bin/python3 that imports torch (each check has a 60 s limit). The
/// answer is cached for the process (per $KWB_PYTHON value) and on disk (lookupTorchPython()). Returns "" and, in
/// @p error, every interpreter tried with why it was refused. @p stopRequested as for runProbe(): asked every
/// 100 ms while an interpreter imports torch (seconds on a loaded machine); once true the check's process group is
/// killed and "" comes back with an error that says it was stopped (not cached: the next call asks again).
QString findTorchPython(QString* error = nullptr, const std::function<bool()>& stopRequested = {});

/// findTorchPython() without its per-process cache. The interpreters are asked (`import torch`, one process each:
/// on the loaded 2-core VM 6 s for a pyenv shim without torch and 10 s for /usr/bin/python3, two thirds of a
/// `kwb analyze`, docs/results/2026-12-02-v0fast.md) only when torchPythonCacheFile() has no valid answer for the
/// same list of candidates. An answer is valid for 24 h while the interpreter's binary and torch's __init__.py keep
/// their path, size and modification time; only an interpreter that is its own sys.executable is remembered (a
/// pyenv shim is asked every time). $KWB_PYTHON_CACHE=0 neither reads nor writes the file. Returns "" and, in
/// @p error, every interpreter tried with why it was refused. @p stopRequested as for findTorchPython(); @p stopped
/// (may be null) says whether it ended the search.
QString lookupTorchPython(QString* error = nullptr, const std::function<bool()>& stopRequested = {},
                          bool* stopped = nullptr);

/// Where lookupTorchPython() keeps its answers: <user cache>/kernel-workbench/torch-python.json
/// (QStandardPaths::GenericCacheLocation, else the temporary folder); JSON {"schema": "kwb-torch-python-1",
/// "entries": {key: {python, python_file, torch_file, torch_version, checked_unix}}}.
QString torchPythonCacheFile();

}  // namespace kwb
