#pragma once
// Every version of a workspace: memory/v<N>.json read as one typed list (V0 the baseline, V1.. each
// `kwb measure` of an edited kernel.py), with the git commit that recorded each one. Used by
// `kwb versions`, `kwb measure` (which version comes next) and the GUI's Runs tab.

#include <QList>
#include <QString>

#include <optional>

#include <nlohmann/json.hpp>

namespace kwb {

/// Where version N's records go (workspace-relative). V0 keeps the seed's names.
struct RecordPaths {
  QString memory;        ///< memory/vN.json
  QString report;        ///< baseline_report.md (V0) | reports/vN_report.md
  QString figure;        ///< roofline.png (V0) | reports/vN_roofline.png
  QString rooflineData;  ///< .kwb/roofline.json (V0) | .kwb/roofline_vN.json
};
RecordPaths recordPaths(int version);

struct VersionInfo {
  int number = 0;                   ///< N of memory/vN.json
  QString version;                  ///< "vN"
  QString file;                     ///< "memory/vN.json" (workspace-relative)
  QString timestamp;                ///< the record's timestamp
  QString mode;                     ///< workbench.mode: "gpu" | "cpu-dry-run" ("" when absent)
  std::optional<double> latencyUs;  ///< performance.latency_us (null on a dry run)
  std::optional<double> relErr;     ///< correctness.rel_err
  QString gate;                     ///< quality_gate.result; "DRY_RUN" for a dry run with a null gate, "SKELETON" for
                                    ///< a FAIL whose reason is the skeleton kernel.py (no kernel)
  QString recordedCommit;           ///< the record's git_commit_hash ("" when null: not committed, or written
                                    ///< before records named their commit)
  QString commit;                   ///< the version's commit: the one the record names when the repository holds it
                                    ///< with the record, else the commit "VN: ..." / "VN (...)" on HEAD's
                                    ///< first-parent line ("" if none)
  QString commitSubject;            ///< its subject
  QStringList handEdited;           ///< measured paths `kwb memory update` changed by hand (workbench.hand_edits)
  QString kernelBlob;               ///< workbench.kernel_blob: the git blob id (40 hex) of the kernel.py the run
                                    ///< measured, "" in a record written before session 33 (or without kernel.py)
  QString runDir;                   ///< workbench.run_dir as recorded (".kwb/runs/<time>", "" when none)
  bool dryRun() const { return mode == QLatin1String("cpu-dry-run"); }
};

/// The versions present in @p workspace, ascending by N (masked records are skipped). A workspace
/// without memory/ yields an empty list. std::nullopt with *error naming the file when a
/// memory/vN.json cannot be read or is damaged (not JSON, not an object).
/// N of the highest version recorded in @p workspace (memory/vN.json that is not masked), and how many versions
/// there are; {-1, 0} without memory/. Reads only the records' "masked" flag (no git walk: the GUI asks on open).
struct LatestVersion {
  int number = -1;  ///< N of the latest memory/vN.json, -1 when there is none
  int count = 0;    ///< versions present (V0 and V1 = 2)
};
LatestVersion latestVersion(const QString& workspace);

std::optional<QList<VersionInfo>> readVersions(const QString& workspace, QString* error = nullptr);

/// Why no later version can be measured against @p workspace's V0 now, "" when one can: V0 is the only version and has
/// no verdict, "STOPPED" (stopped before its verdict) or "NONE" (no run recorded; a dry run's null gate is DRY_RUN, a
/// verdict). A V1 measured against such a V0 left the workspace without a baseline for good (new-user trial 19, #4):
/// `kwb measure` refuses it and the GUI's Measure Again is disabled, both by this rule. "" too without memory/v0.json
/// (missingBaselineText() says that) or with later versions (they compare with the latest one that finished). Reads
/// memory/ only, no git walk: the GUI asks on every update of its actions.
QString baselineVerdictGap(const QString& workspace);

/// What keeps @p workspace's versions from reading as recorded, one sentence each (`kwb versions`, `kwb export`, the
/// window's review and Measure Again say it): memory/v0.json missing while later versions are recorded (V0 is what
/// every later version is measured against: restore it from git), and a git repository libgit2 refuses (another user
/// owns it), whose versions then read as not committed. Empty when neither applies; never fails.
QStringList versionWarnings(const QString& workspace);

/// The sentence for a workspace whose memory/v0.json is missing: where it was (and, when the workspace has a git
/// repository, the command that restores it; else that `kwb baseline --force` records a new V0).
QString missingBaselineText(const QString& workspace);

/// kernel.py now against the newest version that would be committed: its commit's kernel.py, or, for one recorded with
/// --no-commit (gate PASS or DRY_RUN, no commit), the kernel.py blob id its record holds (workbench.kernel_blob).
struct KernelChange {
  bool known = false;      ///< such a version holds a kernel.py to compare with (false: none, or only old records)
  bool unchanged = false;  ///< known, and kernel.py's bytes equal that version's
  int since = -1;          ///< N of that version
};
/// Whether @p workspace's kernel.py changed since its newest committed (or committable, recorded with --no-commit)
/// version, by git blob ids (libgit2, no filters; no repository needed for a recorded id). `kwb measure` refuses an
/// unchanged kernel unless --again; the GUI's Measure Again asks first. A --no-commit V0 was not compared before
/// session 33 (new-user trial 22, #1: an untouched kernel.py became "V1: kernel.py as edited").
KernelChange kernelChangeSinceLastVersion(const QString& workspace);

/// The bytes of version @p v's kernel.py when they can be found without its commit: the copy its run folder holds
/// (<run_dir>/kernel.py, written by phase 4 since session 33) or the workspace's kernel.py, whichever has the blob id
/// the record names. std::nullopt when the record names none or neither matches (the kernel was edited since, and the
/// run folder is gone or older). `kwb measure` commits a --no-commit V0 with it before V1 (new-user trial 22, #1).
std::optional<QByteArray> recordedKernelBytes(const QString& workspace, const VersionInfo& v);

/// latency previous / current (> 1: the current version is faster); nullopt when either is missing.
std::optional<double> speedupOver(const VersionInfo& previous, const VersionInfo& current);

/// performance.comparison_with_previous of a new record against the previous one: the seed's
/// latency_delta / tflops_delta / bandwidth_delta (current - previous) plus previous_version,
/// previous_latency_us, current_latency_us, speedup (previous / current), previous_rel_err and
/// current_rel_err; each null where either side has no value (a CPU dry run measures nothing).
nlohmann::json comparisonWithPrevious(const nlohmann::json& previous, const nlohmann::json& current);

}  // namespace kwb
