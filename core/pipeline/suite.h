#pragma once
// `kwb suite`: the main job over many problems. One workspace per problem under the suite's folder,
// up to N at once on one target, resumable (a problem with a verdict is not run again), and a suite
// report (suite.json, suite_report.md, suite_report.html) with per-problem status, error, latency
// against eager (and torch.compile where the harness reports it), utilization, the counts, fast_1
// and the geometric-mean speedups. ssh and Slurm do the distribution; there is no scheduler here.

#include <QList>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <set>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/pipeline/baselinejob.h"
#include "core/review/verdict.h"

namespace kwb {

/// The estimate of a problem's GPU footprint as a multiple of its minimum bytes when its spec lists no input or
/// output shapes (SuiteOptions::gpuMemoryBytes): the harness's 2 I + O + max(I, O) is at most 3 B.
inline constexpr double kSuiteFootprintFactor = 3.0;

/// How many copies of the model's weights a harness holds at its peak: Model and ModelNew, and for each
/// low-precision case (dtype_bf16, dtype_fp16, kept for the run) a copy of each in that dtype and the float32
/// reference on the rounded weights: 2 + 2 x (0.5 + 0.5 + 1) = 6, and a deepcopy's float32 moment on top. Fit to
/// session 36's H100 peaks: 1_MLP 6.27 W, 56_Matmul_Sigmoid_Sum 6.53 W, 66_Matmul_Dropout_Softmax 6.7 W.
inline constexpr double kSuiteModelCopies = 6.5;

/// A problem's estimated GPU memory in a suite (bytes), from its probe's spec (B = bytes.value, the minimum bytes;
/// I, O = the bytes of its input and output tensors; L = the largest op output that is not one of the model's
/// outputs nor a view of one; S = the sum of every op's outputs, views included; T = the outputs of the ops that are
/// neither the model's outputs nor views: the eager reference's intermediates; C = the largest aten::convolution's
/// input + output, of the order of cuDNN's workspace; W = suiteWeightBytes):
///   1.05 x max(H + min(T, 3 L) + C + 6.5 W, 2 L + 2 B, 0.6 S) + 1.5 GB,   H = 2 I + O + max(I, O)
///   (3 B in place of H without I and O). Session 37 added T, C and W to H: session 36's H100 run measured up to
/// 1.79x the estimate without them (1_MLP: weights; 98_KLDivLoss, 94_MSELoss: intermediates beside the harness's
/// tensors; 64_conv_transposed_1D: the convolution's workspace); each of that run's 124 peaks is now below its
/// estimate, at most 0.93 of it, and the estimates sum to 1.36x the peaks (1.19x before; tst_suite
/// footprintCoversSession36Peaks).
/// The first term is the harness's own peak since session 11 (bench/harness/harness_memory.py, exact on the CPU:
/// 4.0 I for relu, softmax and l1norm at I = O, where main's harness held 10.0 I and 11.75 I, the H200's 10.0 I of
/// 19_ReLU and 11.8 I of 38_L1Norm_ to the digit). NOT YET MEASURED ON THE GPU with that harness: the caching
/// allocator's rounding, a kernel's workspace and Inductor's buffers are outside the CPU count. Session 10's
/// fits of the other terms stand: 2 L + 2 B for 31_VisionAttention (17.7 GB measured; 8.6 GB of attention scores,
/// 34 MB of inputs and outputs), 0.6 S for 44_MiniGPTBlock (10.3 GB measured; S = 24.7 GB). 5 %: 38_'s process
/// held 105.8 GB over its 101.1 GB peak (the allocator's reserve); 1.5 GB: the small problems' processes held
/// 0.6-1.8 GB each in the same run's out-of-memory reports (CUDA context, cuBLAS workspace, Triton).
/// 0 when the spec has no byte count.
double suiteFootprintBytes(const nlohmann::json& spec);

/// Whether a probe that failed with @p e in the suite's batch would fail the same way probed again alone: an error of
/// the file itself, which no time limit or memory changes (SyntaxError, ImportError, TypeError, ValueError, a shape
/// RuntimeError, the probe's MissingModel / MissingGetInputs / ...), so the suite reports it from the batch. False for
/// what can depend on the batch's time or memory (Timeout, a killed child's ProcessError, MemoryError, a RuntimeError
/// that names memory or an allocation) and for any kind it does not know: those are probed again alone.
bool probeFailureIsFinal(const ProbeError& e);

/// Bytes of the model's own tensors in @p spec: model.parameters and model.buffers (each dtype x shape; a
/// tied parameter is listed once by the probe). Part of spec.bytes.value, which counts each input, parameter,
/// buffer and output once; the refusal of a problem that cannot fit names them apart, so that a model whose
/// weights do not fit (a 2^18 x 2^18 Linear, probe22 c04) is not told its inputs are too large. 0 when none.
double suiteWeightBytes(const nlohmann::json& spec);

/// SuiteEntry::error of a problem stopped before its verdict (state "pending": the next run takes it up).
inline constexpr char kSuiteStoppedNote[] = "stopped before a verdict: run the same command again to resume it";

/// SuiteEntry::error of a problem that ran out of GPU memory beside other problems and waits to run again alone.
inline constexpr char kSuiteOomRetryNote[] =
    "CUDA out of memory beside other problems (no verdict on the kernel): runs again alone";

/// True when @p text names a CUDA out-of-memory error in any of its forms: torch.OutOfMemoryError ("CUDA out of
/// memory. Tried to allocate ..."), torch.AcceleratorError ("CUDA error: out of memory"), Triton's launcher
/// ("Triton Error [CUDA]: out of memory"), cudaErrorMemoryAllocation.
bool suiteOomText(const QString& text);

/// True when the run @p o failed only by CUDA out of memory: no verdict on the kernel when other problems shared the
/// GPU (session 11: 92_cumsum_exclusive lost its mean_shift case that way while neighbours held 90 GB). Every case
/// that is not PASS (of all the run's processes: o.result's merged cases, else o.cases; a vacuous SKIPPED aside) failed
/// by out of memory (suiteOomText of its reason, a sticky one whose later cases ran in a fresh process included), and
/// at least one sign of it exists: such a case, the harness document's "error" (no case ran: "harness error:
/// AcceleratorError: CUDA error: out of memory") or the run's error. False for a cancelled or timed-out run, a run
/// with any other failing case, or one with no sign of an OOM.
bool suiteFailedOnlyByOom(const RunOutcome& o);

/// A local GPU as nvidia-smi reports it.
struct LocalGpuDevice {
  QString name;           ///< e.g. "NVIDIA H100 80GB HBM3"
  double totalBytes = 0;  ///< memory.total (MiB from nvidia-smi, here in bytes)
};

/// Parses `nvidia-smi --query-gpu=index,uuid,memory.total,name --format=csv,noheader,nounits` (one line per GPU, e.g.
/// "0, GPU-a537..., 81559, NVIDIA H100 80GB HBM3") and picks the device CUDA's device 0 is: the first entry of
/// @p cudaVisibleDevices (an index or a UUID, or its prefix), else index 0. nullopt with why in @p error for an empty
/// or malformed output or a CUDA_VISIBLE_DEVICES entry that names no listed GPU.
std::optional<LocalGpuDevice> parseNvidiaSmiDevices(const QString& csv, const QString& cudaVisibleDevices,
                                                    QString* error);

/// Runs nvidia-smi once (the query above; at most @p timeoutMs, then killed) and parses it with this process's
/// CUDA_VISIBLE_DEVICES. nullopt with why in @p error: no nvidia-smi, it failed, timed out, or printed nothing usable.
std::optional<LocalGpuDevice> queryLocalGpuDevice(int timeoutMs, QString* error);

/// The suite's admission budget: 80 % of the smaller of the target's datasheet memory (@p datasheetGB, GB; <= 0 =
/// unknown) and the device's real total (@p device; nullopt = unknown), the rest being CUDA contexts, allocator
/// slack and the estimate's error. bytes 0 when neither is known. basis says which was used and why, e.g. "GPU memory
/// admission: 63.7 GB (80 % of the device NVIDIA H100 80GB HBM3's 85.5 GB; the target H200-SXM's datasheet says
/// 141 GB)"; @p deviceError (why the device is unknown) is named when the device is not known.
struct SuiteMemoryBudget {
  double bytes = 0;
  QString basis;
};
SuiteMemoryBudget suiteMemoryBudget(const QString& targetId, double datasheetGB,
                                    const std::optional<LocalGpuDevice>& device, const QString& deviceError);

/// What the user asked for (the flags of `kwb suite`).
/// A file or folder inside a folder given to `kwb suite` that the suite does not run (expandSuiteProblems()).
struct SuiteSkip {
  QString path;      ///< absolute; a folder's ends in '/'
  int problems = 0;  ///< a subfolder: the problem files under it, at any depth (> 0); 0 for a file
  bool isFolder() const { return path.endsWith(u'/'); }
  /// Why it was not run, in English (the CLI's line, suite.json, the suite report): "a subfolder with 4 problems: not
  /// searched (give it to kwb suite to run them)", or "defines neither class Model nor get_inputs(): a helper, not a
  /// problem".
  QString reason() const;
};

struct SuiteOptions {
  QStringList problems;      ///< logic files (absolute), in the order given
  QList<SuiteSkip> skipped;  ///< what the folders given held and the suite does not run (suite.json "skipped")
  QString outDir;            ///< the suite folder: workspaces, suite.json and the reports
  QString target = QStringLiteral("local");
  int jobs = 1;  ///< problems in flight at once (>= 1)
  /// GPU memory the problems in flight may claim together (bytes); 0: no limit. Each problem is estimated by
  /// suiteFootprintBytes(): the harness holds the reference's and the kernel's outputs, a strided copy,
  /// low-precision copies of the model and torch.compile's buffers besides the inputs. Of the problems not started, the
  /// largest that fits starts first; one that does not fit waits while smaller ones run; one larger than the whole
  /// budget runs alone. (Level-1 problems of 6-14 GB each ran out of the H200's memory six at a time:
  /// docs/results/2026-12-01-h200-chains.md.)
  double gpuMemoryBytes = 0;
  /// How gpuMemoryBytes was chosen, one sentence for the suite's progress and report (suiteMemoryBudget()); "" = none
  QString gpuMemoryBasis;
  /// The local device as nvidia-smi named it before the run (queryLocalGpuDevice()); "" when not asked or not known.
  /// Each problem's own device is SuiteEntry::device (the harness's).
  QString deviceName;
  BaselineOptions base;  ///< gpu, framework, cpuDryRun, python, caseTimeoutSec, commit, kwbPath
};

/// One problem's line of the suite report.
struct SuiteEntry {
  QString name;          ///< problem name (file name without .py)
  QString source;        ///< the logic file, absolute
  QString sourceSha256;  ///< the logic file's hash when it ran (a changed file runs again)
  QString workspace;     ///< its workspace, absolute
  /// "done" (a gate verdict: PASS, FAIL, TIMEOUT_FAIL, DRY_RUN), "error" (no verdict: bad input, the
  /// run did not finish; run again on resume), "pending" (not run yet).
  QString state = QStringLiteral("pending");
  QString status;  ///< the gate, or ERROR
  QString error;   ///< why, when the state is "error" or the gate is not PASS
  /// The device the harness measured on (its "gpu": torch's name, e.g. "NVIDIA H100 80GB HBM3"); "" for a CPU dry run
  /// or no result. Held against the target by matchMeasuredDevice() in the report.
  QString device;
  std::optional<double> maxRelErr;     ///< over all cases (unitless)
  std::optional<double> latencyUs;     ///< the kernel, primary case (µs)
  std::optional<double> refLatencyUs;  ///< eager PyTorch, primary case (µs)
  std::optional<double>
      compileLatencyUs;  ///< torch.compile(Model), with --compile-ref (harness "compile_ref.latency_us", µs)
  /// Why compileLatencyUs is missing where the suite asked for it (--compile-ref on a GPU run that reached the
  /// harness's result): the harness's "compile_ref.error" as the problem's baseline report gives it, else that the
  /// harness reported no figure. "" when there is a figure or none was asked for. The suite row showed "–" with no
  /// reason while the baseline report had one (session 34, level-2 56_).
  QString compileError;
  std::optional<double> bandwidthUtilPct;  ///< of the datasheet bandwidth (%)
  /// Of the device-to-device copy the harness measured in the same run (%; issue 14's memory-bound target is 85);
  /// nullopt where the run measured no copy.
  std::optional<double> bandwidthUtilVsCopyPct;
  std::optional<double> computeUtilPct;  ///< of the datasheet compute peak (%)
  QString bottleneck;
  QString commit;      ///< the V0 commit, "" if none
  double wallSec = 0;  ///< how long it took (s)
  /// How long its harness waited for the suite's GPU timing lock (s; the harness's gpu_lock.waited_s); nullopt
  /// when the harness did not report it (no lock, or it did not get that far).
  std::optional<double> lockWaitSec;
  /// The harness's torch.cuda.max_memory_allocated() after its cases and the compile reference (bytes;
  /// harness "gpu_peak_bytes"), and the suite's admission estimate for it (bytes; suiteFootprintBytes): the pair
  /// calibrates the factor. nullopt where not measured / not probed.
  std::optional<double> gpuPeakBytes;
  std::optional<double> footprintBytes;
  bool resumed = false;  ///< taken from an earlier run of the suite, not run now
  /// State "error": the phase (1 Understand, 2 Learn, 3 Implement, 4 Measure) that failed, as `kwb baseline` says
  /// "[phase N] error: ..."; 0 when not known. suite.json "failed_phase" (null when 0); a suite.json written before
  /// it reads 1 for a problem whose workspace has no .kwb/spec.json (phase 1 writes it last).
  int failedPhase = 0;

  std::optional<double> speedupVsEager() const;    ///< refLatencyUs / latencyUs
  std::optional<double> speedupVsCompile() const;  ///< compileLatencyUs / latencyUs
  bool correct() const { return status == QLatin1String("PASS"); }
};

/// The suite's totals.
struct SuiteSummary {
  int total = 0, pass = 0, fail = 0, timeout = 0, error = 0, dryRun = 0, pending = 0, resumed = 0;
  int skeleton = 0;  ///< status SKELETON: phase 3 had no template, so no kernel of ours ran (never counted as FAIL)
  /// status DRY_RUN_TIMEOUT: a CPU dry run whose cases ran out of time, nothing judged (neither FAIL nor ran;
  /// new-user trial 18, #3)
  int dryRunTimeout = 0;
  /// Of `pass`: PASS rows timed nowhere (the gate's reason starts with kUntimedPass, session 45): correct, no latency,
  /// so in no geomean; the headline and the report's counts name them.
  int untimed = 0;
  /// Share of all problems that are correct and faster than eager (KernelBench's fast_1); nullopt
  /// when no problem has both latencies (a CPU dry run).
  std::optional<double> fast1;
  std::optional<double> geomeanVsEager;    ///< over the correct problems with both latencies
  std::optional<double> geomeanVsCompile;  ///< over the correct problems with a torch.compile latency
};

SuiteSummary summarize(const QList<SuiteEntry>& entries);

/// The ledger id of the GPU a suite names (`--gpu H200` → "H200-SXM"), as kwb baseline, the report and the roofline
/// name it (new-user trial 18, #11: the suite said "GPU H200"); @p given itself when the ledger does not resolve it.
QString suiteGpuId(const QString& given);

/// A suite's one-line result, untranslated (the CLI's): "8 of 12 PASS" ("8 of 12 PASS (1 untimed)" when PASS rows
/// have no latency); for a CPU dry run, where nothing can PASS,
/// what it checked: "CPU dry run: 7 ran, 2 FAIL, 3 skeletons" (DRY_RUN counts as ran; TIMEOUT_FAIL, ERROR and pending
/// are named when there are any). A dry-run suite read "0 of 12 PASS", a failure to a demo's audience (new-user
/// trial 12, #10).
QString suiteHeadline(const SuiteSummary& s, bool cpuDryRun);

/// The name of phase 1-4 as the wizard and `kwb` call it ("Understand", "Learn", "Implement", "Measure"), translated;
/// "" for another number.
QString suitePhaseName(int phase);

/// The status of @p e as a table shows it, translated: verdictTitle(suiteEntryVerdict(e)), except for a problem with
/// no verdict, where it names the phase that failed: "Error in phase 1 (Understand)" for a probe or analysis failure
/// (the harness never ran: "Harness error" said otherwise, new-user trial 9, #9), "Harness error" for phase 4,
/// "Error (no verdict)" when the phase is not known.
QString suiteEntryStatusTitle(const SuiteEntry& e);

/// suite.json (schema "kwb-suite-1"): the options, every entry, the summary.
nlohmann::json suiteToJson(const SuiteOptions& options, const QList<SuiteEntry>& entries);
/// Reads the entries of a suite.json written by suiteToJson (unknown keys ignored).
QList<SuiteEntry> suiteEntriesFromJson(const nlohmann::json& doc);
/// suite_report.md and suite_report.html: suiteReportMarkdown() / suiteReportHtml() (core/pipeline/suitereport.h) of
/// suiteReportOf(options, entries), links relative to options.outDir, in English.
QString suiteMarkdown(const SuiteOptions& options, const QList<SuiteEntry>& entries);
QString suiteHtml(const SuiteOptions& options, const QList<SuiteEntry>& entries);

/// Writes suite.json, suite_report.md and suite_report.html into options.outDir (atomically each).
/// Returns false with why in @p error.
bool writeSuiteReports(const SuiteOptions& options, const QList<SuiteEntry>& entries, QString* error);

/// A suite read back from its folder (readSuite): what `kwb suite` recorded in suite.json.
struct SuiteReport {
  QString dir;             ///< the suite folder, absolute
  QString target;          ///< e.g. "local", "slurm://gpu"
  QString gpu;             ///< as given to `kwb suite --gpu`
  QString framework;       ///< "" when the seed's policy chose
  bool cpuDryRun = false;  ///< mode "cpu-dry-run": no latencies, speedups or utilization
  int jobs = 1;
  QString writtenUtc;  ///< when suite.json was written (ISO 8601), "" if not recorded
  /// The variables the suite added to its harnesses' environment (suite.json "harness_env": KWB_GPU_LOCK, ...).
  QMap<QString, QString> harnessEnv;
  /// The folder the suite ran in when that is not `dir` (the folder was moved or copied, its workspaces recorded
  /// elsewhere), "" otherwise: the report makes paths under either relative.
  QString recordedDir;
  QString gpuMemoryBasis;  ///< SuiteOptions::gpuMemoryBasis as recorded ("" if none)
  QString deviceName;      ///< SuiteOptions::deviceName as recorded ("" if none)
  QList<SuiteEntry> entries;
  QList<SuiteSkip> skipped;  ///< suite.json "skipped" (SuiteOptions::skipped); empty in a suite.json from before
  SuiteSummary summary;      ///< summarize(entries), recomputed rather than trusted from the file
};

/// Reads a suite folder's suite.json (or the file itself when @p folderOrFile is one). An entry's workspace
/// recorded elsewhere (the suite folder was moved or copied) is taken from the suite folder when a folder of
/// that name is there. nullopt with why in @p error when the file is missing, is not JSON, or is not a
/// "kwb-suite-1" document.
std::optional<SuiteReport> readSuite(const QString& folderOrFile, QString* error = nullptr);

/// The status model's verdict of one problem: its gate (PASS, FAIL, TIMEOUT_FAIL, DRY_RUN), Error for
/// ERROR or the state "error", NotRun while pending.
/// SuiteEntry::compileError of a run whose harness gave @p r: "" when @p compileRefAsked is false (no --compile-ref)
/// or r has a torch.compile latency; else r's compile_ref.error, or, where the harness gave none, a sentence that it
/// reported no figure. Errors: none.
QString suiteCompileError(const RunResult& r, bool compileRefAsked);

Verdict suiteEntryVerdict(const SuiteEntry& entry);

/// Expands PROBLEM… | DIR arguments into logic files: a folder gives its *.py files (sorted, not
/// recursive) that define `class Model` or `get_inputs()`; the others (helpers, __init__.py) go to @p skipped
/// when given, and so do its subfolders that hold problem files at any depth (with their count; a folder of
/// KernelBench's three levels is not run whole by accident: each level is named to run it). Hidden folders and
/// __pycache__ are not looked into. A file named as an argument is always taken. nullopt with why for a path that
/// does not exist, or no problem at all (the why then names the subfolders that hold problems).
std::optional<QStringList> expandSuiteProblems(const QStringList& args, QString* error,
                                               QList<SuiteSkip>* skipped = nullptr);

/// The suite's name for each of @p problems (absolute logic files, in order), unique within the suite, so that each
/// gets a workspace of its own (`kernel_opt_<name>`): two files named model.py in attn/ and mlp/ once shared one,
/// and the resume ran the second with --force over the first's finished record (new-user trial 19, #2). A problem
/// keeps the name an @p earlier entry of the same source had (a resume finds its workspace); otherwise its file's
/// base name made folder-safe as `kwb baseline` makes it (Workspace::folderSafeName(): "焦点 loss" → "焦点_loss"),
/// unless another problem of this list or an earlier entry of another source holds that name, then `<parent
/// folder>_<base name>` (the parent's letters, digits and '_' only), then `_2`, `_3`, ... appended. Of two problems of
/// this list with one base name, the first keeps it.
QStringList suiteProblemNames(const QStringList& problems, const QList<SuiteEntry>& earlier);

/// The folder under the suite folder that holds what the suite's harnesses share: `gpu.lock` (the GPU timing
/// lock), `copy_ceiling.json` (the copy ceiling, measured once per GPU) and `cache/` (Triton and Inductor
/// caches, unless TRITON_CACHE_DIR / TORCHINDUCTOR_CACHE_DIR are set already).
QString suiteSharedDir(const QString& outDir);

/// The variables the suite adds to every harness's environment on @p target (CONTRACTS.md §7): on `local`,
/// KWB_GPU_LOCK, KWB_COPY_CEILING_FILE and, when this process does not set them, TRITON_CACHE_DIR and
/// TORCHINDUCTOR_CACHE_DIR under suiteSharedDir(); with @p jobs > 1 problems at once also
/// TORCHINDUCTOR_COMPILE_THREADS=1 (torch.compile's reference compiles in the harness's own process, no worker pool
/// per harness), unless this process sets it or KWB_SUITE_COMPILE_POOL=1 keeps Inductor's pool. On other targets
/// none (the paths are this machine's).
QMap<QString, QString> suiteHarnessEnv(const QString& outDir, const QString& target, int jobs = 1);

/// Runs the suite. Asynchronous: start(), then finished(); needs an event loop. On a Slurm target the
/// problems' harnesses run as one job array (at most `jobs` tasks at once); elsewhere `jobs` problems
/// run at once, each through its own target object (one ssh connection each). Every problem still to run
/// is probed first, in one batch (one torch import; runProbeBatch), and on `local` the harnesses share
/// the GPU timing lock, so `jobs` problems can run on one GPU without their timed regions overlapping.
class SuiteRunner : public QObject {
  Q_OBJECT
 public:
  explicit SuiteRunner(SuiteOptions options, QObject* parent = nullptr);
  ~SuiteRunner() override;

  /// Reads an earlier suite.json in outDir (resume), then runs what is not done.
  void start();
  /// Stops the problems in flight (their runs are recorded as stopped) and starts no more.
  void cancel();
  /// A stop the event loop cannot deliver while the batch probe or a problem's phases 1-3 block it (the CLI's
  /// caught Ctrl-C, InterruptGuard::caughtSignal): asked by the probes every 100 ms and before each problem starts;
  /// once true the suite stops as cancel() does. Must be thread-safe.
  void setStopPoll(std::function<bool()> poll) { m_stopPoll = std::move(poll); }
  const QList<SuiteEntry>& entries() const { return m_entries; }
  /// The last report write error, "" when none.
  QString reportError() const { return m_reportError; }

 Q_SIGNALS:
  void progress(const QString& message);
  void outputLine(const QString& problem, const QString& line, int channel);
  /// A case of @p problem ended: the harness's CASE_RESULT, or one the runner ended itself (BaselineJob::caseFinished)
  void caseFinished(const QString& problem, const kwb::CaseResult& result);
  void problemFinished(const kwb::SuiteEntry& entry);
  void finished(bool allPassed);

 private:
  void startNext();
  /// Slurm targets: phases 1-3 of every problem here, then one held job array; each problem's phase 4
  /// follows its task, and the array is released once every workspace is in place.
  void startArray();
  std::unique_ptr<BaselineJob> makeJob(int index);
  void onJobFinished(int index, bool ok);
  /// Phase 1's probe of every problem still to run, in one batch process (torch imported once).
  void probeAll();
  /// Hands a successful probe of entry @p index to its job and sets its GPU-memory footprint.
  void acceptProbe(int index, ProbeResult result);
  /// cancel() was called, or the stop poll says so (then it sets m_cancelled).
  bool stopping();

  SuiteOptions m_opts;
  QList<SuiteEntry> m_entries;
  std::map<int, std::unique_ptr<BaselineJob>> m_running;
  std::map<int, qint64> m_startedMs;
  std::map<int, ProbeResult> m_probes;  ///< probeAll()'s successful results, handed to the jobs
  std::map<int, double> m_footprint;    ///< estimated GPU bytes per problem (from its probe), for admission
  double m_inFlightBytes = 0;           ///< the estimates of the problems running now
  std::set<int> m_sharedGpu;            ///< problems that had another problem in flight at some time of their run
  std::set<int> m_exclusive;            ///< problems to run with nothing beside them (a retry after a shared CUDA OOM)
  std::set<int> m_waitNoted;            ///< problems whose wait for GPU memory was reported (once each)
  bool m_cancelled = false;
  std::function<bool()> m_stopPoll;  ///< setStopPoll()'s
  bool m_array = false;              ///< the target is Slurm: one job array
  QString m_arrayId;                 ///< its job id, once submitted
  bool m_finished = false;
  QString m_reportError;
};

}  // namespace kwb
