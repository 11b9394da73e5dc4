#pragma once
// A finished workspace read back for review: what the last (or a chosen) run found, typed, so that
// the GUI and `kwb export` show it without re-running anything and without parsing JSON themselves.

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <optional>

#include "core/knowledge/knowledgetool.h"
#include "core/perf/roofline.h"
#include "core/knowledge/relevance.h"
#include "core/records/memoryrecord.h"
#include "core/review/verdict.h"
#include "core/run/harnessparser.h"

namespace kwb {

/// One run folder, .kwb/runs/<stamp>/.
struct RunEntry {
  QString stamp;          ///< folder name, "yyyyMMdd-HHmmss" (UTC), "_2", "_3" … for later runs in the same second
  QString dir;            ///< absolute path
  QDateTime when;         ///< the stamp as UTC time (invalid when the name is not a stamp)
  QString status;         ///< RESULT_JSON's status, "STOPPED" for a cancelled run, "" when result.json is missing
  bool dryRun = false;    ///< RESULT_JSON's mode is "cpu-dry-run": a PASS there checks the harness, not kernel.py
  int caseCount = 0;      ///< cases in result.json
  bool recorded = false;  ///< the latest version's report and memory/vN.json describe this run
  QString recordedBy;     ///< "vN" of the memory/vN.json whose run_dir names this run (any version), "" when none
};

struct WorkspaceReview {
  QString root;                        ///< the workspace, absolute
  QString runDir;                      ///< the run shown, absolute ("" when the workspace has none)
  QString problemName;                 ///< the spec's source name, else the folder name without "kernel_opt_"
  QString sourcePath;                  ///< the problem file the workspace was made from (the spec's source.path;
                                       ///< reference.py is its copy), "" when not recorded
  QString gpu;                         ///< ledger id the workspace was made for
  QString framework;                   ///< "triton" | "cutedsl" | "flydsl"
  QString mode;                        ///< "gpu" | "cpu-dry-run" ("" unknown)
  nlohmann::json spec;                 ///< .kwb/spec.json (null when missing)
  QString reportPath;                  ///< the latest version's report (baseline_report.md for V0,
                                       ///< reports/vN_report.md), absolute ("" when missing)
  QString reportMarkdown;              ///< its text
  std::optional<MemoryRecord> memory;  ///< memory/vN.json of the latest version N
  int version = 0;                     ///< N of the version shown: the latest memory/vN.json (0 without records)
  int versionCount = 0;                ///< versions recorded (memory/v*.json): "V1 of 2"; 0 without records
  Verdict verdict = Verdict::NotRun;   ///< the headline (the recorded gate for the recorded run)
  QString gateReason;                  ///< why it is not a pass ("" when it is)
  bool skeleton = false;               ///< kernel.py sets UNIMPLEMENTED = True
  bool runRecorded = false;            ///< the run shown is the one the report and memory describe
  QList<CaseResult> cases;             ///< the run's cases (result.json), in order; read from the report's table
                                       ///< when the recorded run's folder is not in this copy (casesFromReport)
  /// The recorded run's folder (workspace-relative, as memory/vN.json names it) when it is not on disk: a clone of the
  /// workspace's repository, whose .kwb/runs/ is not committed (new-user trial 19, #8). "" when it is there or none is
  /// named. The review then shows the record: the verdict and figures of memory/vN.json, the cases of the report, the
  /// roofline of the committed .kwb/roofline.json.
  QString absentRunDir;
  bool casesFromReport = false;          ///< cases came from the report's "Correctness results" table (absentRunDir)
  std::optional<RunResult> result;       ///< the run's merged RESULT_JSON
  QString logPath;                       ///< the run's output.log ("" if missing)
  std::optional<RooflineData> roofline;  ///< .kwb/roofline.json, else recomputed from the spec and the run
  /// The spec's dtype ("int32") when no roofline could be drawn because the spec ledger has no peak for it on this
  /// GPU (UtilizationResult::noPeak); "" otherwise. Not one of the warnings: the GUI's roofline dock and console say it
  /// in the UI's language (new-user trial 21 #7: an English line in the zh_CN console, a dock promising a plot).
  QString rooflineNoPeakDtype;
  /// Knowledge records consulted (memory/vN.json "references"; for a later version that names none, V0's: phase 2
  /// ran for V0 only).
  QList<KnowledgeRecord> records;
  /// The records phase 2 set aside as not applying to the problem (plans/v0_plan.md's "Records set aside": id,
  /// tool and reason; setAsideFromPlan), so the Knowledge panel can say how many and why as it does live.
  QList<SetAsideRecord> setAside;
  QList<RunEntry> runs;                ///< every run folder, newest first
  QStringList warnings;                ///< what could not be read, one sentence each
  std::optional<double> latencyUs;     ///< recorded kernel latency, µs (null for a dry run)
  std::optional<double> bandwidthGBs;  ///< recorded achieved bandwidth, GB/s
  std::optional<double> tflops;        ///< recorded achieved TFLOPS
  std::optional<double> maxRelErr;     ///< the version's max rel_err; null for a CPU dry run (the reference
                                       ///< against itself: not kernel.py's error), as in memory/vN.json
};

/// Where `path` points: a workspace folder (holds reference.py or .kwb/), or one of its run folders
/// (.kwb/runs/<stamp>, or a file inside one). Sets *workspace (absolute) and *runDir ("" for the
/// workspace itself); false when `path` is neither.
bool resolveReviewPath(const QString& path, QString* workspace, QString* runDir);

/// The run folders of `workspace`, newest first (RunEntry::recorded is not set here).
QList<RunEntry> listRuns(const QString& workspace);

/// Reads `path` (see resolveReviewPath) for review, on its latest version (the highest memory/vN.json and its
/// report); a run folder opens on the version whose memory/vN.json names it as workbench.run_dir (else the latest). The
/// run shown is `path`'s run folder, else the one that record names, else the newest. Missing or unreadable parts leave
/// their fields empty and add a sentence to warnings; nullopt with *error only when `path` is not a workspace at all.
std::optional<WorkspaceReview> readWorkspaceReview(const QString& path, QString* error = nullptr);

/// A knowledge record's title as a review shows it, from what memory/vN.json keeps of it (its description, whose
/// first line is the record's goal, and its path or URL): the part of that line that tells records apart. gpu-wiki's
/// "Goal: Optimization technique for NVIDIA Hopper (…): Pattern: X" gives "Pattern: X" (every card of a review read
/// "Goal: Optimization tech…", new-user trial 10, #14), prefixed with the card's kind from the path
/// ("[technique-card] Pattern: X") as the live panel shows it; other first lines are kept, "Goal: " dropped.
QString reviewRecordTitle(const QString& description, const QString& pathOrUrl);

/// One line of a run's output.log: the text and where it came from (0 stdout, 1 stderr, -1 the
/// workbench's own notes, as RunConsole::appendLine takes them).
struct RunLogLine {
  QString text;
  int channel = 0;
};

/// The last `maxLines` lines of an output.log (its "[out] " / "[err] " / "[kwb] " tags removed and
/// turned into channels); empty when it cannot be read.
QList<RunLogLine> readRunLog(const QString& logPath, int maxLines);

/// One case of two runs side by side (compareRuns).
struct CaseComparison {
  QString name;
  std::optional<CaseResult> a;  ///< in the first run (absent: not run there)
  std::optional<CaseResult> b;  ///< in the second run
  /// b's latency over a's (b / a; < 1 faster), when both were timed.
  std::optional<double> latencyRatio() const {
    if (a && b && a->latencyUs && b->latencyUs && *a->latencyUs > 0) return *b->latencyUs / *a->latencyUs;
    return std::nullopt;
  }
  /// The status changed between the runs (one side missing counts as a change).
  bool statusChanged() const { return !a || !b || a->status != b->status; }
};

/// The cases of two runs side by side, in a's order, then b's cases a did not have.
QList<CaseComparison> compareRuns(const QList<CaseResult>& a, const QList<CaseResult>& b);

/// True when `kernelPy` is a skeleton (a line "UNIMPLEMENTED = True", as core/codegen writes it).
bool isSkeletonKernel(const QString& kernelPy);

/// The line (1-based) a generated kernel.py's header index names for ModelNew ("# Index: ModelNew at line N;" within
/// its first 80 lines), so a review opens a long chain kernel (thousands of lines of stage library) where its model
/// is (new-user trial 19, #18); 0 when the file has no such index, cannot be read, or N is past its end.
int kernelModelNewLine(const QString& kernelPy);

}  // namespace kwb
