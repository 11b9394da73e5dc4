#include "core/cli/cli.h"

#include "core/cli/interrupt.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTextStream>

#include <cmath>
#include <cstdio>

#include "core/analysis/probe.h"
#include "core/analysis/problemspec.h"
#include "core/codegen/backend.h"
#include "core/codegen/conformance.h"
#include "core/codegen/cutecheck.h"
#include "core/codegen/preview.h"
#include "core/input/boundedinput.h"
#include "core/knowledge/externaltool.h"
#include "core/knowledge/registry.h"
#include "core/perf/utilization.h"
#include "core/platform/frameworkpolicy.h"
#include "core/platform/specledger.h"
#include "core/records/memoryrecord.h"
#include "core/records/versions.h"
#include "core/run/target.h"
#include "core/pipeline/recordsbuilder.h"
#include "core/pipeline/suite.h"
#include "core/review/displaytext.h"
#include "core/review/reviewexport.h"
#include "core/pipeline/suitereport.h"
#include "core/workspace/workspace.h"

#include <QFile>
#include <QTemporaryDir>

namespace kwb {

namespace {

QTextStream& out() {
  static QTextStream s(stdout);
  return s;
}
QTextStream& err() {
  static QTextStream s(stderr);
  return s;
}

constexpr int kOk = 0;
constexpr int kFail = 1;
constexpr int kUsage = 2;
/// A CPU dry run that checked nothing because its cases ran out of time (gate DRY_RUN_TIMEOUT): nothing was judged,
/// so neither 0 nor a gate failure's 1 (new-user trial 18, #3).
constexpr int kDryRunIncomplete = 3;

int usage(const QString& message) {
  err() << "kwb: " << message << Qt::endl;
  return kUsage;
}

/// Parses one command's arguments (without "kwb" and the command). A single-valued option given more
/// than once is an input error naming it: QCommandLineParser keeps the last value without a word, so
/// `--gpu H100 --gpu H200` rated the kernel against the H200 (fresh-user trial). `repeatable` lists the
/// options meant to be given many times (--var, --set), as each command's help says. Returns the
/// message for usage(), or an empty string when the command line is good.
QString parseOptions(QCommandLineParser& p, const QStringList& args, const QStringList& repeatable = {}) {
  if (!p.parse(QStringList{QStringLiteral("kwb")} + args)) {
    // A file whose name starts with '-' reads as options ("-dash.py": "Unknown options: d, a, s, h, ., p, y."): a
    // file or folder of that name is named, with the two ways to pass it (new-user trial 25, #13).
    for (const QString& a : args) {
      if (a == QLatin1String("--")) break;
      if (a.size() > 1 && a.startsWith(u'-') && QFileInfo::exists(a))
        return QStringLiteral(
                   "'%1' is read as options, but it names a file here: write ./%1, or put -- before it "
                   "(everything after -- is a file: kwb COMMAND [options] -- %1)")
            .arg(a);
    }
    return p.errorText();
  }
  QStringList checked;
  for (const QString& name : p.optionNames()) {  // in command-line order, a repeated name listed each time
    if (checked.contains(name) || repeatable.contains(name)) continue;
    checked.append(name);
    const QStringList values = p.values(name);  // empty for a flag such as --json: repeating one is harmless
    // `--out "$OUT"` with OUT unset wrote the suite into the current folder, `--workspace ""` fell back to the
    // default one (new-user trial 3): an empty value is never what was meant
    for (const QString& v : values)
      if (v.trimmed().isEmpty()) return QStringLiteral("--%1 was given an empty value").arg(name);
    if (values.size() > 1)
      return QStringLiteral("--%1 is given %2 times ('%3'); it takes one value")
          .arg(name)
          .arg(values.size())
          .arg(values.join(QStringLiteral("', '")));
  }
  return {};
}

void printHelp() {
  out() << "Kernel Workbench " << QCoreApplication::applicationVersion()
        << " — PyTorch logic to a measured, committed V0 kernel baseline\n\n"
           "Usage: kwb <command> [options]\n\n"
           "Commands:\n"
           "  baseline LOGIC.py --gpu NAME [--framework cutedsl|flydsl|triton] [--workspace DIR]\n"
           "           [--target local|command:PREFIX|ssh://HOST|slurm://PARTITION] [--cpu-dry-run] [--guess-inputs] "
           "[--force] [--no-commit]\n"
           "           [--stale-edits backup|keep] [--python PATH] [--case-timeout SEC] [--compile-ref] "
           "[--allow-oversize] [--raw]   the four "
           "phases, "
           "end to end\n"
           "  suite PROBLEM.py...|DIR --gpu NAME --out DIR [--jobs N] [--framework FW] [--target T] [--cpu-dry-run]\n"
           "           [--compile-ref] [--gpu-memory GB] [--case-timeout SEC] [--no-commit] [--python PATH] [--raw]\n"
           "           [--allow-oversize] [--stale-edits backup|keep]\n"
           "                                                    many problems, resumable, with a suite report\n"
           "  analyze LOGIC.py [--gpu NAME] [--json] [--kernel-demo DEMO.py] [--guess-inputs]\n"
           "           [--kernel-out FILE [--framework FW]]\n"
           "                                                    phase 1: the problem spec\n"
           "  utilization --gpu NAME --dtype DT --flops-expr E --bytes-expr E --time-ms T\n"
           "           [--grid-blocks N] [--var NAME=VALUE]... [--measured-bw TBS] [--json]\n"
           "  gpus [--json]                                     the spec ledger's GPUs\n"
           "  plugin list [--json] [--all] | plugin query TOOL --input JSON | plugin enable|disable TOOL\n"
           "  memory create --workspace W --version vN | memory update --workspace W --version vN --set K=V...\n"
           "  check KERNEL.py [--framework F] [--api TABLE.json] framework conformance; CuTe DSL API table check\n"
           "  export WORKSPACE|SUITE_DIR [--format html|pdf|md] [--output FILE]\n"
           "                                                    one self-contained review file (report + roofline)\n"
           "  measure WORKSPACE [--target T] [--case-timeout SEC] [--cpu-dry-run] [--compile-ref] [--no-commit] "
           "[--again]\n"
           "           [--python PATH] [--raw]                  phase 4 again on the edited kernel.py: version N+1\n"
           "  versions WORKSPACE [--json]                       every version: latency, rel_err, gate, commit, deltas\n"
           "  help\n\n"
           "An option that takes one value is given once (twice is bad input, exit 2); --var and --set repeat.\n";
  out().flush();
}

// ---------------------------------------------------------------- running a job (baseline, measure)
/// A harness line as the terminal shows it: its protocol lines (CASE_RESULT's 1-2 KB of JSON, RESULT_JSON's 6 KB)
/// as the run console's short lines, unless --raw; output.log keeps them as printed (new-user trial 3, R1).
QString shownLine(const QString& line, bool raw, int casesDone = -1) {
  if (raw) return line;
  const QString human = displayHarnessLine(line, casesDone);
  return human.isEmpty() ? line : human;
}

/// Streams @p job's phases and harness lines, stops it on Ctrl-C / SIGTERM (the run is recorded as stopped,
/// its log kept; a second Ctrl-C ends kwb at once), calls @p start and waits for finished(). Returns kOk,
/// kFail (gate failed, stopped), kDryRunIncomplete (a CPU dry run whose cases ran out of time: DRY_RUN_TIMEOUT), or
/// kUsage when it failed before any measurement (bad logic file, unknown GPU, refused workspace): an input error.
int driveJob(BaselineJob& job, const std::function<void()>& start, bool raw) {
  // A phase's error arrives twice: as its progress line ("error: " + lastError(), BaselineJob::fail) and as
  // lastError() when the job ends. It is printed once, on stderr, where it happens (new-user trial 4, #10).
  QString printedError;
  QObject::connect(&job, &BaselineJob::progress, &job, [&job, &printedError](int phase, const QString& m) {
    const QString error = job.lastError();
    if (!error.isEmpty() && m.endsWith(error) && m.size() - error.size() <= 16) {  // "error: " or its translation
      err() << "kwb: [phase " << phase << "] " << error << Qt::endl;
      printedError = error;
      return;
    }
    // A phase's warnings (a problem too big for the GPU's memory, a kept kernel of another framework) go to
    // stderr beside the errors: one stdout line among a run's many was missed (new-user trial 4, #5).
    if (m.startsWith(QLatin1String("warning: "))) {
      err() << "kwb: [phase " << phase << "] " << m << Qt::endl;
      return;
    }
    out() << "[phase " << phase << "] " << m << Qt::endl;
  });
  // Cases ended so far in this run, in every process: a resumed process numbers its own from 1 (trial 14, #15).
  int casesDone = 0;
  // The problem's name before the bar, as `kwb suite` prints it: "  | ☰ 6 case(s) planned" alone did not say whose
  // harness spoke (new-user trial 27); the spec's name once phase 1 has it, the logic file's before.
  const auto bar = [&job] {
    const QString name = job.problemName();
    return name.isEmpty() ? QStringLiteral("  | ") : QStringLiteral("  %1 | ").arg(name);
  };
  QObject::connect(&job, &BaselineJob::outputLine, &job, [raw, &casesDone, bar](const QString& line, int channel) {
    (channel == 1 ? err() : out()) << bar() << shownLine(line, raw, casesDone) << Qt::endl;
  });
  // A case the runner ended itself (the watchdog, a crash: raw "source" "kwb") has no CASE_RESULT line to print: the
  // console showed the case start, then the resumed process's plan, and no verdict (new-user trial 14, #15)
  QObject::connect(&job, &BaselineJob::caseFinished, &job, [&casesDone, bar](const CaseResult& r) {
    ++casesDone;
    if (const QString line = displayRunnerEndedCase(r); !line.isEmpty()) out() << bar() << line << Qt::endl;
  });
  // Without this the harness, in its own process group, outlived kwb (fresh-user trial). Phases 1-3 block the event
  // loop, so interrupted() only arrives after them: the job polls the caught signal itself (the probe ignored Ctrl-C
  // until its 120 s limit, and SIGTERM orphaned it: new-user trial 12, #5).
  InterruptGuard interrupt;
  bool saidInterrupted = false;
  const auto unpoll = qScopeGuard([&job] { job.setStopPoll({}); });  // the poll refers to this frame
  job.setStopPoll([&saidInterrupted] {
    const int signo = InterruptGuard::caughtSignal();
    if (signo != 0 && !saidInterrupted) {
      saidInterrupted = true;
      err() << "kwb: interrupted (signal " << signo << "): stopping" << Qt::endl;
    }
    return signo != 0;
  });
  QObject::connect(&interrupt, &InterruptGuard::interrupted, &job, [&job, &saidInterrupted](int signo) {
    job.setStopCause(InterruptGuard::stopCauseFor(signo));
    if (job.verdict() == Verdict::Running) {
      err() << "kwb: interrupted (signal " << signo << "): stopping the harness; the run is recorded as stopped ("
            << (signo == 2 ? QStringLiteral("by the user") : QStringLiteral("by signal %1").arg(signo))
            << ") and its log is kept (Ctrl-C again to quit at once)" << Qt::endl;
      saidInterrupted = true;
    } else if (!saidInterrupted) {
      err() << "kwb: interrupted (signal " << signo << "): stopping" << Qt::endl;
      saidInterrupted = true;
    }
    job.cancel();
  });
  int code = kFail;
  bool done = false;
  QObject::connect(&job, &BaselineJob::finished, &job, [&code, &done](bool ok) {
    code = ok ? kOk : kFail;
    done = true;
    QCoreApplication::exit(0);
  });
  start();
  if (!done) QCoreApplication::exec();
  if (code != kOk && !job.lastError().isEmpty() && job.lastError() != printedError)
    err() << "kwb: " << job.lastError() << Qt::endl;
  // Interrupted: the shell's status for the signal (130 Ctrl-C, 143 SIGTERM), whatever phase it stopped.
  if (const int signo = InterruptGuard::caughtSignal(); signo != 0 && code != kOk) {
    err() << "kwb: stopped by signal " << signo << "; no child process of kwb is left running" << Qt::endl;
    return InterruptGuard::exitCodeFor(signo);
  }
  if (code != kOk && !job.outcome()) return kUsage;
  if (code == kFail && job.gateResult() == QLatin1String(kDryRunTimeoutGate)) return kDryRunIncomplete;
  return code;
}

// ---------------------------------------------------------------- baseline
void printBaselineHelp() {
  out()
      << "Usage: kwb baseline LOGIC.py --gpu NAME [options]\n\n"
         "The four phases, end to end: understand LOGIC.py (a KernelBench-style `class Model`, `get_inputs()`,\n"
         "`get_init_inputs()`), consult the knowledge tools, generate kernel.py / reference.py / test_kernel.py,\n"
         "run and gate one measured V0, then write baseline_report.md and memory/v0.json and commit.\n\n"
         "Options:\n"
         "  --gpu NAME           target GPU, an exact spec-ledger name or an unambiguous alias (`kwb gpus`)\n"
         "  --framework FW       cutedsl | flydsl | triton; default: the seed's policy for the GPU (Hopper ->\n"
         "                       cutedsl, CDNA3/CDNA4 -> flydsl); triton is an extra outside that policy\n"
         "  --workspace DIR      the workspace folder (default: ./kernel_opt_<problem name>)\n"
         "  --force              regenerate an existing workspace; your edits to kernel.py and the records are kept\n"
         "  --stale-edits MODE   with --force, for a generated file you edited (kernel.py, reference.py,\n"
         "                       test_kernel.py, README.md) after which LOGIC.py changed: it was made for another\n"
         "                       problem, so the run is refused (exit 2, nothing changed) unless MODE is backup "
         "(yours\n"
         "                       is renamed to <file>.edited-<UTC time> and the file generated afresh) or keep (yours\n"
         "                       is kept as made for this problem, the generated one beside it as <file>.generated)\n"
         "  --cpu-dry-run        no GPU: run the harness on the PyTorch reference on the CPU at reduced shapes where "
         "the inputs can be resized;\n"
         "                       the kernel is checked statically, never run, and nothing is reported as measured\n"
         "  --target T           where the harness runs (its output streams back live; a stop ends it there too):\n"
      << targetSchemesHelp(23)
      << "  --python PATH        the Python with torch for the probe and the harness (default: $KWB_PYTHON, else\n"
         "                       the first of python3 on PATH and /usr/bin/python3 whose torch imports)\n"
         "  --case-timeout SEC   per-case timeout of the harness (default 30); a case over it is TIMEOUT_FAIL\n"
         "                       (in a CPU dry run: the reference's time on this CPU; a level-3 model may need 120\n"
         "                       or more on a small machine). Phase 1 has its own limit: KWB_PROBE_TIMEOUT_S (120)\n"
         "  --guess-inputs       LOGIC.py without get_inputs(): run on the probe's guessed inputs (flagged)\n"
         "  --no-commit          write everything but make no git commit\n"
         "  --raw                print the harness's protocol lines (CASE_RESULT, RESULT_JSON) as printed, not as\n"
         "                       short lines; the run's output.log keeps them as printed either way\n"
         "  --compile-ref        also time torch.compile(Model) (Inductor, default mode) in the same run, at the\n"
         "                       kernel's precision (TF32 when the kernel computes in TF32), beside eager; its\n"
         "                       first call compiles (often tens of seconds). GPU runs only\n"
         "  --allow-oversize     go on with a problem whose inputs and outputs alone exceed the GPU's memory (refused\n"
         "                       in phase 1 otherwise, a CPU dry run included: no GPU run of it can start)\n\n"
         "Exit status: 0 PASS (or a CPU dry run that passed), 1 gate FAIL / TIMEOUT_FAIL, 2 bad input (nothing\n"
         "measured), 3 a CPU dry run that could not finish (DRY_RUN_TIMEOUT: problem_shape or every case ran out of\n"
         "the per-case time on this CPU; nothing was judged: raise --case-timeout), 130 / 143 stopped by Ctrl-C /\n"
         "SIGTERM in any phase (the probe or the harness is ended, nothing of it is left running).\n";
  out().flush();
}

/// `kwb <command> --help` for the commands other than baseline: what it does, its options, its exit status.
bool printCommandHelp(const QString& cmd) {
  static const char* const kExit = "\nExit status: 0 done, 1 the check or query failed, 2 bad input.\n";
  QString text;
  if (cmd == QLatin1String("analyze"))
    text = QStringLiteral(
        "Usage: kwb analyze LOGIC.py [--gpu NAME] [--json] [--kernel-demo DEMO.py] [--guess-inputs] [--python PATH]\n"
        "                   [--kernel-out FILE [--framework FW]]\n\n"
        "Phase 1 alone: runs LOGIC.py's Model under torch (a Python probe) and prints the problem spec: the operator\n"
        "pattern, every input's shape, strides, dtype and layout, the tolerance, FLOP and byte counts.\n\n"
        "Options:\n"
        "  --gpu NAME           a spec-ledger GPU (`kwb gpus`): the seed's framework for it is listed first, and\n"
        "                       whether the problem fits its memory is said as kwb baseline says it (JSON: gpu_check)\n"
        "  --json               the whole spec (kwb-spec-1, docs/CONTRACTS.md) as JSON\n"
        "  --kernel-demo DEMO   also read a kernel demo: its framework and entry point\n"
        "  --guess-inputs       LOGIC.py without get_inputs(): accept small guessed inputs (flagged in the spec)\n"
        "  --python PATH        the Python with torch (default: $KWB_PYTHON, else python3, else /usr/bin/python3)\n"
        "  --kernel-out FILE    also write the kernel.py code generation makes of it (no workspace, nothing run)\n"
        "  --framework FW       the framework of --kernel-out: triton (default), cutedsl or flydsl\n");
  else if (cmd == QLatin1String("utilization"))
    text = QStringLiteral(
        "Usage: kwb utilization --gpu NAME --dtype DT --flops-expr E --bytes-expr E --time-ms T\n"
        "                       [--var NAME=VALUE]... [--grid-blocks N] [--measured-bw TBS] [--json]\n\n"
        "Achieved TFLOPS (TOPS for int8) and GB/s of one measured kernel time, their share of the GPU's datasheet\n"
        "peaks (the spec ledger, `kwb gpus`), arithmetic intensity, the ridge point and the roofline bound.\n\n"
        "Options:\n"
        "  --gpu NAME           a spec-ledger GPU\n"
        "  --dtype DT           the precision the kernel computes in (picks the compute peak): fp64, fp64_tensor,\n"
        "                       fp32 (float32), tf32, bf16, fp16, fp8, int8 (int8: integer ops against a TOPS peak)\n"
        "  --flops-expr E       FLOP count (for int8: integer ops), an arithmetic expression over the --var names,\n"
        "                       evaluated by muParser (no code runs): + - * /, ^ is power (2^10 = 1024, not XOR;\n"
        "                       2^3^2 = 2^9), parentheses, min(), max(), sqrt(); there is no % and no ** (write ^)\n"
        "  --bytes-expr E       bytes moved, the same way\n"
        "  --var NAME=VALUE     a number for the expressions, e.g. --var M=4096 (repeatable)\n"
        "  --time-ms T          the measured kernel time in milliseconds\n"
        "  --grid-blocks N      CTAs launched: adds waves over the GPU's SMs\n"
        "  --measured-bw TBS    a measured copy bandwidth (TB/s) to rate the kernel against as well\n"
        "  --json               JSON output\n\n"
        "A result above a datasheet peak (achieved TFLOPS or GB/s over the ledger's figure) is printed flagged\n"
        "IMPLAUSIBLE with its raw numbers and exits 1: check the counts, the time unit (ms) and the dtype, or the\n"
        "data came from cache. Above only the measured copy ceiling is a warning (exit 0).\n");
  else if (cmd == QLatin1String("measure"))
    text = QStringLiteral(
        "Usage: kwb measure WORKSPACE [--target T] [--case-timeout SEC] [--cpu-dry-run] [--compile-ref] [--no-commit]\n"
        "                 [--python PATH] [--raw] [--again]\n\n"
        "Phase 4 again on the workspace's current kernel.py (your edit; nothing is regenerated), recorded as version\n"
        "N+1 where memory/vN.json is the highest present: memory/vN+1.json with performance.comparison_with_previous\n"
        "against vN, reports/vN+1_report.md, and a commit \"VN+1: ...\" when the gate passes (as for V0, a CPU dry\n"
        "run that passed its checks commits too, marked as such). Exit status: 0 PASS (or a dry run that passed), 1\n"
        "gate FAIL, 2 bad input (no memory/v0.json, a damaged record: nothing measured), 3 a CPU dry run that could\n"
        "not finish in the case timeout (DRY_RUN_TIMEOUT), 130 / 143 stopped by Ctrl-C / SIGTERM.\n"
        "Before anything runs: a kernel.py syntax error (kernel.py:LINE:COL: SyntaxError) and a kernel.py unchanged\n"
        "since the last committed version are refused (exit 2, nothing recorded); --again measures the same kernel\n"
        "again, its commit saying \"re-measured\".\n");
  else if (cmd == QLatin1String("versions"))
    text = QStringLiteral(
        "Usage: kwb versions WORKSPACE [--json]\n\n"
        "Every version of the workspace (memory/vN.json): gate, latency, its delta and speedup against the version\n"
        "before, max rel_err, and the commit that recorded it. A damaged record is bad input (exit 2).\n");
  else if (cmd == QLatin1String("gpus"))
    text = QStringLiteral(
        "Usage: kwb gpus [--json]\n\n"
        "The spec ledger's GPU names, the values --gpu accepts (an unambiguous alias such as h200 works too).\n"
        "Each entry's datasheet figures and their sources are in the ledger; `kwb utilization` uses them.\n");
  else if (cmd == QLatin1String("plugin"))
    text = QStringLiteral(
        "Usage: kwb plugin list [--json] [--all]\n"
        "       kwb plugin query TOOL --input JSON\n"
        "       kwb plugin enable|disable TOOL\n\n"
        "The knowledge tools (phase 2). list: the enabled tools and their input schemas (--all: disabled ones and\n"
        "load failures too). query: run one tool on a JSON query; every record it returns keeps its source id and\n"
        "attribution. enable/disable: remembered in the settings, for the GUI and later runs.\n");
  else if (cmd == QLatin1String("memory"))
    text = QStringLiteral(
        "Usage: kwb memory create --workspace W --version vN\n"
        "       kwb memory update --workspace W --version vN --set dotted.path=VALUE...\n\n"
        "The workspace's memory/vN.json (the seed's iteration record), checked against its schema on every write\n"
        "and written atomically. --workspace defaults to $KWB_WORKSPACE, else the current folder, which must be a\n"
        "kwb workspace. VALUE is JSON where it parses as JSON, else a string.\n");
  else if (cmd == QLatin1String("check"))
    text = QStringLiteral(
        "Usage: kwb check KERNEL.py [--framework triton|cutedsl|flydsl] [--api TABLE.json] [--python PATH]\n\n"
        "Static checks, nothing is run. Framework conformance (any framework): KERNEL.py imports its framework,\n"
        "ModelNew.forward launches the framework's kernels, and neither that path nor any kernel body computes with\n"
        "PyTorch, NumPy or another kernel library; each violation is printed with its line. For the CuTe DSL and\n"
        "FlyDSL also: every cute/cutlass (flydsl) name and call against the API table, with renames and removals\n"
        "since older releases.\n\n"
        "Options:\n"
        "  --framework F        default: from KERNEL.py's imports\n"
        "  --api TABLE.json     default: cute_api.json / flydsl_api.json under ../shared/data ($KWB_CUTE_API,\n"
        "                       $KWB_FLYDSL_API)\n"
        "  --python PATH        the Python 3 for the checkers (default python3; no torch needed)\n");
  else if (cmd == QLatin1String("export"))
    text = QStringLiteral(
        "Usage: kwb export WORKSPACE|SUITE_DIR [--format html|pdf|md] [--output FILE]\n\n"
        "One file a reviewer can read without the workbench: the quality gate as the headline (a skeleton, a CPU dry\n"
        "run and a stopped run say so), the target and run, then baseline_report.md with the roofline figure\n"
        "embedded (a PNG data URI in HTML and Markdown; drawn into the PDF). Nothing is run. WORKSPACE may also be\n"
        "one of its .kwb/runs/<time> folders: that run's cases are shown.\n"
        "A `kwb suite` folder (or its suite.json) gives the suite report, the document of suite_report.md/.html and\n"
        "the GUI's suite view: pass counts and geomeans per level, the worst problems, every problem with links to\n"
        "its baseline_report.md, kernel.py and output.log (relative to the file), the whole \"why not PASS\" text.\n"
        "Its default output is SUITE_DIR/suite_report.<format>.\n\n"
        "Options:\n"
        "  --format F           html (default), pdf or md\n"
        "  --output FILE        default: beside the workspace folder, <workspace>-review.<format>\n"
        "                       (<workspace>-<run>-review.<format> for a run folder); not inside it: the\n"
        "                       workspace is a git repository. A read-only destination is refused; the file\n"
        "                       is written atomically (a failed export leaves no partial file)\n");
  else
    return false;
  // a command whose text states its own exit status (measure) must not get the generic one after it
  out() << text << (text.contains(QLatin1String("Exit status:")) ? "" : kExit);
  out().flush();
  return true;
}

/// --stale-edits backup|keep (baseline, suite) into *mode; the bad-input message, or "".
QString staleEditsOption(const QCommandLineParser& p, StaleEdits* mode) {
  if (!p.isSet(QStringLiteral("stale-edits"))) return {};
  const QString value = p.value(QStringLiteral("stale-edits"));
  if (value == QLatin1String("backup"))
    *mode = StaleEdits::Backup;
  else if (value == QLatin1String("keep"))
    *mode = StaleEdits::Keep;
  else
    return QStringLiteral("--stale-edits %1: not one of backup, keep").arg(value);
  return {};
}

int cmdBaseline(const QStringList& args, const FigureRenderer& renderer) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("logic"), QStringLiteral("PyTorch logic file (KernelBench form)"));
  p.addOption({QStringLiteral("gpu"), QStringLiteral("Target GPU (exact ledger name)"), QStringLiteral("NAME")});
  p.addOption({QStringLiteral("framework"), QStringLiteral("Override the seed's policy"), QStringLiteral("FW")});
  p.addOption({QStringLiteral("workspace"), QStringLiteral("Workspace folder"), QStringLiteral("DIR")});
  p.addOption({QStringLiteral("target"), QStringLiteral("Run target"), QStringLiteral("T"), QStringLiteral("local")});
  p.addOption({QStringLiteral("cpu-dry-run"),
               QStringLiteral("Reference on the CPU at reduced shapes where the inputs can be resized")});
  p.addOption(
      {QStringLiteral("guess-inputs"),
       QStringLiteral("Without get_inputs(), run on the probe's guessed inputs (flagged in the spec and report)")});
  p.addOption({QStringLiteral("force"), QStringLiteral("Regenerate an existing workspace")});
  p.addOption({QStringLiteral("stale-edits"),
               QStringLiteral("backup | keep: your edited files generated for another version of the problem"),
               QStringLiteral("MODE")});
  p.addOption({QStringLiteral("no-commit"), QStringLiteral("Skip the git commit")});
  p.addOption({QStringLiteral("raw"), QStringLiteral("Print the harness's protocol lines as printed")});
  p.addOption(
      {QStringLiteral("compile-ref"), QStringLiteral("Also time torch.compile(Model) at the kernel's precision")});
  p.addOption({QStringLiteral("python"), QStringLiteral("Python with torch"), QStringLiteral("PATH")});
  p.addOption({QStringLiteral("case-timeout"), QStringLiteral("Per-case timeout (s)"), QStringLiteral("SEC"),
               QStringLiteral("30")});
  p.addOption({QStringLiteral("allow-oversize"), QStringLiteral("Go on with a problem too big for the GPU")});
  if (const QString bad = parseOptions(p, args); !bad.isEmpty()) return usage(bad);
  if (p.positionalArguments().size() != 1) return usage(QStringLiteral("baseline needs exactly one LOGIC.py"));
  if (!p.isSet(QStringLiteral("gpu"))) return usage(QStringLiteral("baseline needs --gpu NAME (see `kwb gpus`)"));

  BaselineOptions o;
  o.logicPath = QFileInfo(p.positionalArguments().constFirst()).absoluteFilePath();
  o.gpu = p.value(QStringLiteral("gpu"));
  o.framework = p.value(QStringLiteral("framework"));
  o.workspaceDir = p.value(QStringLiteral("workspace"));
  o.target = p.value(QStringLiteral("target"));
  o.cpuDryRun = p.isSet(QStringLiteral("cpu-dry-run"));
  o.guessInputs = p.isSet(QStringLiteral("guess-inputs"));
  o.force = p.isSet(QStringLiteral("force"));
  if (const QString bad = staleEditsOption(p, &o.staleEdits); !bad.isEmpty()) return usage(bad);
  o.commit = !p.isSet(QStringLiteral("no-commit"));
  o.compileRef = p.isSet(QStringLiteral("compile-ref"));
  o.allowOversize = p.isSet(QStringLiteral("allow-oversize"));
  o.python = p.value(QStringLiteral("python"));
  bool okNum = false;
  o.caseTimeoutSec = p.value(QStringLiteral("case-timeout")).toInt(&okNum);
  if (!okNum || o.caseTimeoutSec <= 0)
    return usage(QStringLiteral("--case-timeout needs a positive integer (seconds)"));
  o.kwbPath = QCoreApplication::applicationFilePath();

  BaselineJob job(o);
  job.setFigureRenderer(renderer);
  const int rc = driveJob(
      job, [&job] { job.runAll(); }, p.isSet(QStringLiteral("raw")));
  if (rc != kUsage && QFileInfo(job.workspaceDir()).isDir()) out() << "workspace: " << job.workspaceDir() << Qt::endl;
  return rc;
}

// ---------------------------------------------------------------- suite
void printSuiteHelp() {
  out()
      << "Usage: kwb suite PROBLEM.py...|DIR --gpu NAME --out DIR [options]\n\n"
         "The main job over many problems: one workspace each under --out (kernel_opt_<name>), up to --jobs at once "
         "on\n"
         "one target, then suite.json (every problem), suite_report.md and suite_report.html: per problem the gate,\n"
         "max rel_err, latency against eager (and torch.compile when the harness reports it) and utilization; the\n"
         "counts, fast_1 (correct and faster than eager) and the geometric-mean speedups. Run it again with the same\n"
         "--out to resume: a problem that reached a verdict is not run again (unless its file changed), but a\n"
         "TIMEOUT_FAIL is when --case-timeout is now larger than the one it failed at.\n\n"
         "Options:\n"
         "  --gpu NAME           target GPU (`kwb gpus`)\n"
         "  --out DIR            the suite folder (created)\n"
         "  --jobs N             problems in flight at once, 1 to 64 (default 1)\n"
         "  --framework FW       cutedsl | flydsl | triton (default: the seed's policy)\n"
         "  --cpu-dry-run        the reference on the CPU at reduced shapes: nothing is measured\n"
         "  --python PATH        the local Python with torch (the probe)\n"
         "  --case-timeout SEC   per-case timeout (default 30)\n"
         "  --no-commit          no V0 commit in the workspaces\n"
         "  --raw                print the harness's protocol lines as printed (output.log keeps them either way)\n"
         "  --compile-ref        also time torch.compile(Model) per problem (GPU runs): the speedup over it\n"
         "  --allow-oversize     go on with problems whose own tensors exceed the GPU's memory (else each is an "
         "ERROR)\n"
         "  --stale-edits MODE   backup | keep: a problem file changed since a generated file of its workspace that\n"
         "                       you edited was made (else that problem is an ERROR); see `kwb baseline --help`\n"
         "  --gpu-memory GB      GPU memory the problems in flight may claim together, each estimated from its probe "
         "(the\n"
         "                       harness's 2 I + O + max(I, O) for inputs I and outputs O, or the model's\n"
         "                       intermediates if larger, plus 1.5 GB of context); the largest that fits starts first\n"
         "                       (default with --jobs > 1 on the local GPU: 80% of the target's HBM; 0: no limit)\n"
         "  --target T           where the harnesses run:\n"
      << targetSchemesHelp(23)
      << "\nExit status: 0 every problem PASS (or DRY_RUN), 1 some did not, 2 bad input, 130 / 143 the suite was "
         "stopped\n"
         "by Ctrl-C / SIGTERM (run the same command again to resume).\n";
  out().flush();
}

int cmdSuite(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("problems"), QStringLiteral("Logic files or folders of them"));
  p.addOption({QStringLiteral("gpu"), QStringLiteral("Target GPU"), QStringLiteral("NAME")});
  p.addOption({QStringLiteral("out"), QStringLiteral("Suite folder"), QStringLiteral("DIR")});
  p.addOption({QStringLiteral("jobs"), QStringLiteral("Problems at once"), QStringLiteral("N"), QStringLiteral("1")});
  p.addOption({QStringLiteral("framework"), QStringLiteral("Override the seed's policy"), QStringLiteral("FW")});
  p.addOption({QStringLiteral("target"), QStringLiteral("Run target"), QStringLiteral("T"), QStringLiteral("local")});
  p.addOption({QStringLiteral("cpu-dry-run"), QStringLiteral("Reference on the CPU at reduced shapes")});
  p.addOption({QStringLiteral("python"), QStringLiteral("Python with torch"), QStringLiteral("PATH")});
  p.addOption({QStringLiteral("case-timeout"), QStringLiteral("Per-case timeout (s)"), QStringLiteral("SEC"),
               QStringLiteral("30")});
  p.addOption({QStringLiteral("no-commit"), QStringLiteral("Skip the git commits")});
  p.addOption({QStringLiteral("raw"), QStringLiteral("Print the harness's protocol lines as printed")});
  p.addOption({QStringLiteral("compile-ref"), QStringLiteral("Also time torch.compile(Model) per problem")});
  p.addOption({QStringLiteral("allow-oversize"), QStringLiteral("Go on with problems too big for the GPU")});
  p.addOption({QStringLiteral("stale-edits"),
               QStringLiteral("backup | keep: your edited files generated for another version of a problem"),
               QStringLiteral("MODE")});
  p.addOption({QStringLiteral("gpu-memory"), QStringLiteral("GPU memory for the problems in flight (GB)"),
               QStringLiteral("GB")});
  if (const QString bad = parseOptions(p, args); !bad.isEmpty()) return usage(bad);
  if (p.positionalArguments().isEmpty()) return usage(QStringLiteral("suite needs at least one PROBLEM.py or folder"));
  if (!p.isSet(QStringLiteral("gpu"))) return usage(QStringLiteral("suite needs --gpu NAME (see `kwb gpus`)"));
  if (!p.isSet(QStringLiteral("out"))) return usage(QStringLiteral("suite needs --out DIR"));
  {
    // before any probe: an unwritable --out was found only after every problem had been probed
    const QFileInfo outInfo(p.value(QStringLiteral("out")));
    if (outInfo.exists() && (!outInfo.isDir() || !outInfo.isWritable()))
      return usage(QStringLiteral("--out %1 is not a writable folder").arg(outInfo.absoluteFilePath()));
    if (const QString why = Workspace::creatableProblem(outInfo.absoluteFilePath()); !why.isEmpty())
      return usage(QStringLiteral("--out: ") + why);
  }
  QString error;
  QList<SuiteSkip> skipped;
  const auto problems = expandSuiteProblems(p.positionalArguments(), &error, &skipped);
  if (!problems) return usage(error);
  for (const SuiteSkip& k : skipped) out() << "suite: skipped " << k.path << " (" << k.reason() << ")" << Qt::endl;
  bool okNum = false;
  SuiteOptions o;
  o.problems = *problems;
  o.skipped = skipped;
  o.outDir = p.value(QStringLiteral("out"));
  o.target = p.value(QStringLiteral("target"));
  o.jobs = p.value(QStringLiteral("jobs")).toInt(&okNum);
  // Each problem in flight holds a Python with torch (about 0.5 GB of host memory) and its harness: more than
  // kMaxSuiteJobs at once is a typo (`--jobs 100000` was accepted, new-user trial 3, R14).
  constexpr int kMaxSuiteJobs = 64;
  if (!okNum || o.jobs <= 0) return usage(QStringLiteral("--jobs needs a positive integer"));
  if (o.jobs > kMaxSuiteJobs)
    return usage(QStringLiteral("--jobs %1 is more problems at once than kwb runs (at most %2; each holds a Python "
                                "with torch and its harness)")
                     .arg(o.jobs)
                     .arg(kMaxSuiteJobs));
  {
    const auto target = makeTarget(o.target, &error);
    if (!target) return usage(error);
    if (const QString why = targetStartProblem(*target); !why.isEmpty()) return usage(why);
  }
  const GpuSpec* suiteGpu = SpecLedger::builtin().lookup(p.value(QStringLiteral("gpu"))).gpu;
  if (!suiteGpu) return usage(SpecLedger::builtin().lookup(p.value(QStringLiteral("gpu"))).error);
  o.base.gpu = p.value(QStringLiteral("gpu"));
  o.base.framework = p.value(QStringLiteral("framework"));
  // before any probe: `--framework nope` probed every problem and reported each as ERROR, exit 1 (trial 3)
  if (resolveFramework(*suiteGpu, o.base.framework, &error).framework.isEmpty()) return usage(error);
  o.base.cpuDryRun = p.isSet(QStringLiteral("cpu-dry-run"));
  // Several problems share this machine's GPU: admit them by memory, 80 % of the smaller of the target's datasheet
  // and the device's real total (the rest is CUDA contexts, allocator slack and the estimate's error). The device is
  // asked once (nvidia-smi, bounded): an H100 80GB lent for an --gpu H200 target was admitted 113 GB and four problems
  // ran out of memory (session 34). A remote target keeps the datasheet: this machine's GPU is not the one it runs on.
  if (!o.base.cpuDryRun && (o.target.isEmpty() || o.target == u"local")) {
    QString deviceError;
    const std::optional<LocalGpuDevice> device = queryLocalGpuDevice(10000, &deviceError);
    if (device) o.deviceName = device->name;
    if (o.jobs > 1) {
      const SuiteMemoryBudget b =
          suiteMemoryBudget(suiteGpu->id, suiteGpu->hbm ? suiteGpu->hbm->value : 0.0, device, deviceError);
      o.gpuMemoryBytes = b.bytes;
      o.gpuMemoryBasis = b.basis;
    }
  }
  if (p.isSet(QStringLiteral("gpu-memory"))) {
    const double gb = p.value(QStringLiteral("gpu-memory")).toDouble(&okNum);
    if (!okNum || !(gb >= 0) || gb > 1e6)
      return usage(QStringLiteral("--gpu-memory needs a number of GB (0: no limit)"));
    o.gpuMemoryBytes = gb * 1e9;
    o.gpuMemoryBasis = gb > 0 ? QStringLiteral("GPU memory admission: %1 GB in flight (--gpu-memory)").arg(gb)
                              : QStringLiteral("GPU memory admission: none (--gpu-memory 0)");
  }
  o.base.python = p.value(QStringLiteral("python"));
  o.base.commit = !p.isSet(QStringLiteral("no-commit"));
  o.base.compileRef = p.isSet(QStringLiteral("compile-ref"));
  o.base.allowOversize = p.isSet(QStringLiteral("allow-oversize"));
  if (const QString bad = staleEditsOption(p, &o.base.staleEdits); !bad.isEmpty()) return usage(bad);
  o.base.caseTimeoutSec = p.value(QStringLiteral("case-timeout")).toInt(&okNum);
  if (!okNum || o.base.caseTimeoutSec <= 0)
    return usage(QStringLiteral("--case-timeout needs a positive integer (seconds)"));
  o.base.kwbPath = QCoreApplication::applicationFilePath();

  SuiteRunner suite(o);
  QObject::connect(&suite, &SuiteRunner::progress, &suite,
                   [](const QString& m) { out() << "[suite] " << m << Qt::endl; });
  // Per problem, as `kwb baseline` prints them: the case count over the whole run (a watchdog's resume starts its
  // process's count again), and a line for a case the runner ended itself (new-user trial 14, #15).
  QHash<QString, int> casesDone;
  QObject::connect(
      &suite, &SuiteRunner::outputLine, &suite,
      [raw = p.isSet(QStringLiteral("raw")), &casesDone](const QString& problem, const QString& line, int channel) {
        (channel == 1 ? err() : out()) << "  " << problem << " | " << shownLine(line, raw, casesDone.value(problem))
                                       << Qt::endl;
      });
  QObject::connect(&suite, &SuiteRunner::caseFinished, &suite,
                   [&casesDone](const QString& problem, const CaseResult& r) {
                     ++casesDone[problem];
                     if (const QString line = displayRunnerEndedCase(r); !line.isEmpty())
                       out() << "  " << problem << " | " << line << Qt::endl;
                   });
  InterruptGuard interrupt;
  QObject::connect(&interrupt, &InterruptGuard::interrupted, &suite, [&suite](int signo) {
    err() << "kwb: interrupted (signal " << signo
          << "): stopping the problems in flight; run the same command again to resume" << Qt::endl;
    suite.cancel();
  });
  // The batch probe and each problem's phases 1-3 block the event loop: they poll the caught signal themselves.
  suite.setStopPoll([] { return InterruptGuard::caughtSignal() != 0; });
  bool done = false, all = false;
  QObject::connect(&suite, &SuiteRunner::finished, &suite, [&done, &all](bool allPassed) {
    all = allPassed;
    done = true;
    QCoreApplication::exit(0);
  });
  suite.start();
  if (!done) QCoreApplication::exec();
  if (!suite.reportError().isEmpty())
    err() << "kwb: the suite report could not be written: " << suite.reportError() << Qt::endl;
  const SuiteSummary s = summarize(suite.entries());
  out() << "suite: " << s.pass << " PASS, " << s.fail << " FAIL, " << s.timeout << " TIMEOUT_FAIL, " << s.skeleton
        << " SKELETON (no kernel), " << s.error << " ERROR, " << s.dryRun << " DRY_RUN, "
        << (s.dryRunTimeout > 0 ? QStringLiteral("%1 DRY_RUN_TIMEOUT (out of time on the CPU), ").arg(s.dryRunTimeout)
                                : QString())
        << s.pending
        << " not run; report: " << QDir(QDir(o.outDir).absolutePath()).filePath(QStringLiteral("suite_report.md"))
        << Qt::endl;
  if (const int signo = InterruptGuard::caughtSignal(); signo != 0 && !all) return InterruptGuard::exitCodeFor(signo);
  return all ? kOk : kFail;
}

// ---------------------------------------------------------------- analyze
/// `kwb analyze --gpu`: what `kwb baseline --gpu` would say of the problem on that GPU before generating anything:
/// the seed's framework for it, and whether the problem's memory fits (the same figures and thresholds as
/// BaselineJob's phase 1: its own tensors over the memory are refused there, the harness's estimate over it is
/// warned). JSON {"gpu", "arch", "policy_framework", "fits", "refused_by_baseline", "notes": [...], "text"}.
nlohmann::json analyzeOnGpu(const nlohmann::json& spec, const GpuSpec& gpu, const FrameworkChoice& policy) {
  const nlohmann::json counted = spec.value("bytes", nlohmann::json::object());
  const double bytes = counted.is_object() ? counted.value("value", 0.0) : 0.0;
  const double footprint = suiteFootprintBytes(spec);
  const double memory = gpu.hbm ? gpu.hbm->value * 1e9 : 0.0;
  const bool refused = memory > 0 && bytes > memory;
  const bool fits = memory <= 0 || (bytes <= memory && footprint <= memory);
  QStringList notes;
  QString text = QStringLiteral("On %1 (%2):\n").arg(gpu.id, policy.arch.isEmpty() ? gpu.displayName : policy.arch);
  const FrameworkBackend* chosen = policy.framework.isEmpty() ? nullptr : backendById(policy.framework);
  text +=
      policy.framework.isEmpty()
          ? QStringLiteral("  framework: the seed's policy has none for this GPU; pass --framework to kwb baseline\n")
          : QStringLiteral("  framework: %1, the seed's policy (kwb baseline's default; listed first above)\n")
                .arg(chosen ? chosen->label() : policy.framework);
  const double weights = suiteWeightBytes(spec);
  if (refused && weights * 2 > bytes)  // the weights dominate (probe22 c04): say so, not "its inputs"
    notes << QStringLiteral(
                 "does not fit: the model's parameters and buffers alone are %1 GB and, with its inputs and "
                 "outputs, %2 GB, %3x the %4 GB of memory; kwb baseline refuses it in phase 1 (a CPU dry run "
                 "included) unless --allow-oversize, so no framework's kernel can run it on this GPU")
                 .arg(weights / 1e9, 0, 'f', 1)
                 .arg(bytes / 1e9, 0, 'f', 1)
                 .arg(bytes / memory, 0, 'f', 1)
                 .arg(gpu.hbm->value);
  else if (refused && bytes >= 1152921504606846976.0)  // 2^60 bytes, an EiB (new-user trial 31 #8: 2^40 x 2^20)
    notes << QStringLiteral(
                 "does not fit: the inputs overflow: its inputs and outputs alone are about %1 EiB, beyond any "
                 "GPU's memory (%2 GB here) and near torch's int64 byte counts; make the sizes smaller (kwb "
                 "baseline refuses it in phase 1 unless --allow-oversize)")
                 .arg(bytes / 1152921504606846976.0, 0, 'f', 1)
                 .arg(gpu.hbm->value);
  else if (refused)
    notes << QStringLiteral(
                 "does not fit: its inputs and outputs alone are %1 GB, %2x the %3 GB of memory; kwb "
                 "baseline refuses it in phase 1 (a CPU dry run included) unless --allow-oversize, so no "
                 "framework's kernel can run it on this GPU")
                 .arg(bytes / 1e9, 0, 'f', 1)
                 .arg(bytes / memory, 0, 'f', 1)
                 .arg(gpu.hbm->value);
  else if (!fits)
    notes << QStringLiteral(
                 "does not fit: it needs about %1 GB by kwb's estimate (inputs, outputs and the harness's "
                 "copies of them, intermediates, CUDA context) of the %2 GB of memory; a GPU run is likely "
                 "to fail with CUDA out of memory")
                 .arg(footprint / 1e9, 0, 'f', 1)
                 .arg(gpu.hbm->value);
  else if (memory > 0)
    notes << QStringLiteral("fits: about %1 GB by kwb's estimate of the %2 GB of memory")
                 .arg(footprint / 1e9, 0, 'f', 1)
                 .arg(gpu.hbm->value);
  std::vector<std::string> noteList;
  for (const QString& n : notes) {
    text += QStringLiteral("  memory: ") + n + u'\n';
    noteList.push_back(n.toStdString());
  }
  return {{"gpu", gpu.id.toStdString()},
          {"arch", policy.arch.toStdString()},
          {"policy_framework", policy.framework.toStdString()},
          {"fits", fits},
          {"refused_by_baseline", refused},
          {"notes", noteList},
          {"text", text.toStdString()}};
}

int cmdAnalyze(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("logic"), QStringLiteral("PyTorch logic file"));
  p.addOption({QStringLiteral("json"), QStringLiteral("Print the spec as JSON")});
  p.addOption({QStringLiteral("python"), QStringLiteral("Python with torch"), QStringLiteral("PATH")});
  p.addOption({QStringLiteral("kernel-demo"), QStringLiteral("A kernel demo to read (framework, entry point)"),
               QStringLiteral("DEMO.py")});
  p.addOption(
      {QStringLiteral("guess-inputs"), QStringLiteral("Without get_inputs(), accept small guessed inputs (flagged)")});
  p.addOption({QStringLiteral("kernel-out"), QStringLiteral("Write the generated kernel.py"), QStringLiteral("FILE")});
  p.addOption({QStringLiteral("framework"), QStringLiteral("Framework of --kernel-out"), QStringLiteral("FW")});
  p.addOption(
      {QStringLiteral("gpu"), QStringLiteral("Target GPU: its framework policy and memory"), QStringLiteral("NAME")});
  if (const QString bad = parseOptions(p, args); !bad.isEmpty()) return usage(bad);
  if (p.positionalArguments().size() != 1) return usage(QStringLiteral("analyze needs exactly one LOGIC.py"));
  // --gpu as every other command takes it (new-user trial 11, #6): checked before the probe
  const GpuSpec* gpu = nullptr;
  FrameworkChoice policy;
  if (p.isSet(QStringLiteral("gpu"))) {
    const auto found = SpecLedger::builtin().lookup(p.value(QStringLiteral("gpu")));
    if (!found.gpu) return usage(found.error);
    gpu = found.gpu;
    QString ignored;  // an architecture outside the seed's policy has no default: the verdicts keep their order
    policy = resolveFramework(*gpu, QString(), &ignored);
  }
  const QString framework =
      p.isSet(QStringLiteral("framework")) ? p.value(QStringLiteral("framework")) : QStringLiteral("triton");
  if (!backendById(framework))
    return usage(QStringLiteral("--framework %1: not one of cutedsl, flydsl, triton").arg(framework));
  if (p.isSet(QStringLiteral("framework")) && !p.isSet(QStringLiteral("kernel-out")))
    return usage(QStringLiteral("--framework needs --kernel-out FILE"));
  if (const QFileInfo logic(p.positionalArguments().constFirst()); !logic.isFile())
    return usage(QStringLiteral("%1: %2 (analyze needs one LOGIC.py)")
                     .arg(p.positionalArguments().constFirst(), !logic.exists() ? QStringLiteral("no such file")
                                                                : logic.isDir()
                                                                    ? QStringLiteral("a folder, not a file")
                                                                    : QStringLiteral("not a regular file")));
  if (const QString why = regularFileProblem(p.positionalArguments().constFirst(), limits::kSourceFileBytes);
      !why.isEmpty())
    return usage(why);
  // Ctrl-C / SIGTERM end the torch check and the probe's process group at once (new-user trial 12, #5: Ctrl-C
  // waited for the limit, SIGTERM orphaned the probe).
  InterruptGuard interrupt;
  const auto interrupted = [] { return InterruptGuard::caughtSignal() != 0; };
  QString python = p.value(QStringLiteral("python"));
  QString error;
  if (python.isEmpty()) python = findTorchPython(&error, interrupted);
  if (const int signo = InterruptGuard::caughtSignal(); signo != 0 && python.isEmpty()) {
    err() << "kwb: interrupted (signal " << signo << "): " << error << "; no child process of kwb is left running"
          << Qt::endl;
    return InterruptGuard::exitCodeFor(signo);
  }
  if (python.isEmpty()) return usage(error);
  QStringList extra;
  if (p.isSet(QStringLiteral("guess-inputs"))) extra << QStringLiteral("--guess-inputs");
  if (p.isSet(QStringLiteral("kernel-demo")))
    if (const QString why = regularFileProblem(p.value(QStringLiteral("kernel-demo")), limits::kSourceFileBytes);
        !why.isEmpty())
      return usage(QStringLiteral("--kernel-demo ") + why);
  if (p.isSet(QStringLiteral("kernel-demo")))
    extra << QStringLiteral("--kernel-demo") << QFileInfo(p.value(QStringLiteral("kernel-demo"))).absoluteFilePath();
  const QString logicPath = QFileInfo(p.positionalArguments().constFirst()).absoluteFilePath();
  // A forward that never ends was silent for the whole 120 s (new-user trial 3, R2); an endless __init__ was then
  // called a forward (new-user trial 9, #7): the probe names what runs.
  const ProbeResult r = runProbe(
      python, logicPath, 120000, extra,
      [](const ProbeProgress& at) {
        err() << "kwb: probe: still running after " << at.elapsedSec << " s (limit " << at.limitSec << " s)"
              << (at.running.isEmpty() ? QString() : QStringLiteral(", in ") + at.running)
              << "; it is stopped at the limit (KWB_PROBE_TIMEOUT_S sets it; --case-timeout bounds the harness's "
                 "cases, not the probe)"
              << Qt::endl;
      },
      30000, interrupted);
  if (const int signo = InterruptGuard::caughtSignal(); signo != 0 && !r.ok) {
    err() << "kwb: interrupted (signal " << signo
          << "): " << (r.error ? r.error->message : QStringLiteral("the probe was stopped"))
          << "; no child process of kwb is left running" << Qt::endl;
    return InterruptGuard::exitCodeFor(signo);
  }
  if (!r.ok) {
    if (r.error) {
      err() << "kwb: " << describeProbeError(*r.error, logicPath) << Qt::endl;
    } else {
      err() << "kwb: the probe failed: " << r.stderrText << Qt::endl;
    }
    // The part of the spec that could be known: JSON on stdout with --json, else as text on stderr.
    // (only where the probe learned something about the problem: a file it could not even read has
    // just its name and hash, and printed as a spec that was a page of empty fields)
    const bool hasPartial = r.partial.is_object() && (r.partial.contains("inputs") || r.partial.contains("ops") ||
                                                      r.partial.contains("model") || r.partial.contains("kernel_demo"));
    if (p.isSet(QStringLiteral("json"))) {
      nlohmann::json doc{{"partial", hasPartial ? r.partial : nlohmann::json::object()}};
      if (r.error)
        doc["error"] = {{"kind", r.error->kind.toStdString()},
                        {"message", r.error->message.toStdString()},
                        {"file", r.error->file.toStdString()},
                        {"line", r.error->line}};
      out() << QString::fromStdString(doc.dump(2)) << Qt::endl;
    } else if (hasPartial) {
      // at most 40 op rows: a forward that recursed until RecursionError printed ~1,000 (new-user trial 30, h5)
      err() << "\nWhat could be known:\n" << formatSpec(r.partial, 40) << Qt::endl;
    }
    return kUsage;
  }
  // What code generation will make of it, before anything is generated (not part of spec.json).
  nlohmann::json preview = codegenPreview(r.spec);
  nlohmann::json onGpu;
  if (gpu) {
    onGpu = analyzeOnGpu(r.spec, *gpu, policy);
    // the seed's policy framework for the GPU first, as `kwb baseline --gpu` would pick it
    if (!policy.framework.isEmpty() && preview.contains("backends") && preview["backends"].is_array()) {
      auto& backends = preview["backends"];
      std::stable_partition(backends.begin(), backends.end(), [&policy](const nlohmann::json& b) {
        return b.is_object() && b.value("id", std::string()) == policy.framework.toStdString();
      });
    }
  }
  if (p.isSet(QStringLiteral("kernel-out"))) {
    const GeneratedKernel k = backendById(framework)->generate(r.spec);
    QString why;
    if (!k.ok) {
      err() << "kwb: code generation failed: " << k.error << Qt::endl;
      return kFail;
    }
    if (!atomicWrite(p.value(QStringLiteral("kernel-out")), k.source.toUtf8(), &why)) {
      err() << "kwb: " << why << Qt::endl;
      return kFail;
    }
    // the framework named on the line: the default (Triton) differs from the seed's policy that the listing above
    // puts first for an H100 (CuTe DSL), and ten Triton files were read as CuTe DSL (new-user trial 31 #3)
    err() << "kwb: wrote " << p.value(QStringLiteral("kernel-out")) << " ("
          << (k.implemented ? QStringLiteral("a kernel") : QStringLiteral("a skeleton")) << ") in "
          << backendById(framework)->label();
    if (!p.isSet(QStringLiteral("framework")) && gpu && backendById(policy.framework) && policy.framework != framework)
      err() << "; the seed's framework for " << gpu->id << " is " << backendById(policy.framework)->label()
            << " (--framework " << policy.framework << ")";
    err() << Qt::endl;
  }
  if (p.isSet(QStringLiteral("json"))) {
    nlohmann::json doc = r.spec;
    doc["codegen"] = preview;
    if (gpu) doc["gpu_check"] = onGpu;
    out() << QString::fromStdString(doc.dump(2)) << Qt::endl;
  } else {
    out() << formatSpec(r.spec) << Qt::endl;
    out() << formatCodegenPreview(preview) << Qt::flush;
    if (gpu) out() << QString::fromStdString(onGpu.value("text", std::string())) << Qt::flush;
  }
  return kOk;
}

// ---------------------------------------------------------------- utilization
int cmdUtilization(const QStringList& args) {
  QCommandLineParser p;
  p.addOption({QStringLiteral("gpu"), QStringLiteral("GPU"), QStringLiteral("NAME")});
  p.addOption({QStringLiteral("dtype"), QStringLiteral("dtype"), QStringLiteral("DT")});
  p.addOption({QStringLiteral("flops-expr"), QStringLiteral("FLOPs expression"), QStringLiteral("E")});
  p.addOption({QStringLiteral("bytes-expr"), QStringLiteral("bytes expression"), QStringLiteral("E")});
  p.addOption({QStringLiteral("time-ms"), QStringLiteral("measured time (ms)"), QStringLiteral("T")});
  p.addOption({QStringLiteral("grid-blocks"), QStringLiteral("CTAs launched"), QStringLiteral("N")});
  p.addOption({QStringLiteral("var"), QStringLiteral("NAME=VALUE for the expressions"), QStringLiteral("NV")});
  p.addOption({QStringLiteral("measured-bw"), QStringLiteral("measured copy bandwidth (TB/s)"), QStringLiteral("TBS")});
  p.addOption({QStringLiteral("json"), QStringLiteral("JSON output")});
  if (const QString bad = parseOptions(p, args, {QStringLiteral("var")}); !bad.isEmpty()) return usage(bad);
  for (const char* req : {"gpu", "dtype", "flops-expr", "bytes-expr", "time-ms"})
    if (!p.isSet(QLatin1String(req))) return usage(QStringLiteral("utilization needs --%1").arg(QLatin1String(req)));
  UtilizationRequest rq;
  rq.gpu = p.value(QStringLiteral("gpu"));
  rq.dtype = p.value(QStringLiteral("dtype"));
  rq.flopsExpr = p.value(QStringLiteral("flops-expr"));
  rq.bytesExpr = p.value(QStringLiteral("bytes-expr"));
  bool ok = false;
  rq.timeMs = p.value(QStringLiteral("time-ms")).toDouble(&ok);
  if (!ok || rq.timeMs <= 0) return usage(QStringLiteral("--time-ms needs a positive number of milliseconds"));
  if (p.isSet(QStringLiteral("grid-blocks"))) {
    rq.gridBlocks = p.value(QStringLiteral("grid-blocks")).toLongLong(&ok);
    if (!ok) return usage(QStringLiteral("--grid-blocks needs an integer"));
  }
  if (p.isSet(QStringLiteral("measured-bw"))) {
    rq.measuredBandwidthTBs = p.value(QStringLiteral("measured-bw")).toDouble(&ok);
    if (!ok || !std::isfinite(*rq.measuredBandwidthTBs) || *rq.measuredBandwidthTBs <= 0.0)
      return usage(QStringLiteral("--measured-bw needs a positive number of TB/s, got '%1'")
                       .arg(p.value(QStringLiteral("measured-bw"))));
  }
  for (const QString& v : p.values(QStringLiteral("var"))) {
    const qsizetype eq = v.indexOf(u'=');
    if (eq <= 0) return usage(QStringLiteral("--var needs NAME=VALUE, got '%1'").arg(v));
    const double value = v.mid(eq + 1).toDouble(&ok);
    if (!ok) return usage(QStringLiteral("--var %1: '%2' is not a number").arg(v.left(eq), v.mid(eq + 1)));
    if (rq.vars.contains(v.left(eq))) return usage(QStringLiteral("--var %1 is given twice").arg(v.left(eq)));
    rq.vars.insert(v.left(eq), value);
  }
  const UtilizationResult r = computeUtilization(rq);
  if (!r.ok) return usage(r.error);
  if (p.isSet(QStringLiteral("json")))
    out() << QString::fromStdString(toJson(r).dump(2)) << Qt::endl;
  else
    out() << formatUtilization(r) << Qt::endl;
  // Above a datasheet peak is no measurement of that GPU: the plausibility check failed (exit 1), with
  // everything printed so the cause can be found (a wrong count or time unit, or data served from cache).
  // Not 2: the input parsed and was computed, and kwb cannot tell a wrong count from a cache effect.
  if (r.implausible) {
    err() << "kwb: IMPLAUSIBLE: the achieved throughput is above the datasheet peak (see the warnings); "
             "not a measurement of "
          << r.gpuId << Qt::endl;
    return kFail;
  }
  return kOk;
}

// ---------------------------------------------------------------- gpus
int cmdGpus(const QStringList& args) {
  const SpecLedger& ledger = SpecLedger::builtin();
  const bool json = args.contains(QStringLiteral("--json"));
  nlohmann::json arr = nlohmann::json::array();
  for (const QString& id : ledger.knownIds()) {
    if (json)
      arr.push_back(id.toStdString());
    else
      out() << id << Qt::endl;
  }
  if (json) out() << QString::fromStdString(arr.dump(2)) << Qt::endl;
  return kOk;
}

// ---------------------------------------------------------------- plugin
nlohmann::json entryJson(const ToolRegistry& reg, const ToolEntry& e) {
  nlohmann::json o = {{"name", e.id.toStdString()},
                      {"kind", toolKindName(e.kind).toStdString()},
                      {"origin", e.origin.toStdString()},
                      {"enabled", e.tool && reg.isEnabled(e.id)}};
  if (!e.tool) {
    o["error"] = e.error.toStdString();
    return o;
  }
  o["title"] = e.tool->title().toStdString();
  o["description"] = e.tool->description().toStdString();
  o["input_schema"] = e.tool->inputSchema();
  if (const QString why = e.tool->disabledReason(); !why.isEmpty()) o["disabled_for_session"] = why.toStdString();
  return o;
}

int cmdPlugin(const QStringList& args) {
  if (args.isEmpty()) return usage(QStringLiteral("plugin needs 'list', 'query', 'enable' or 'disable'"));
  ToolRegistry& reg = ToolRegistry::instance();
  if (args.constFirst() == QLatin1String("list")) {
    const bool json = args.contains(QStringLiteral("--json"));
    const bool all = args.contains(QStringLiteral("--all"));
    nlohmann::json arr = nlohmann::json::array();
    for (const ToolEntry& e : reg.entries()) {
      const bool enabled = e.tool && reg.isEnabled(e.id);
      if (json) {
        if (enabled || all) arr.push_back(entryJson(reg, e));
        continue;
      }
      if (!e.tool) continue;  // failures are listed after the tools
      if (!enabled && !all) continue;
      out() << e.id << "\t" << e.tool->title() << (enabled ? QString() : QStringLiteral(" [disabled]")) << " ("
            << toolKindName(e.kind) << ")\n    input: " << QString::fromStdString(e.tool->inputSchema().dump())
            << Qt::endl;
      for (const QString& d : e.tool->diagnostics()) out() << "    ! " << d << Qt::endl;
    }
    if (json) {
      out() << QString::fromStdString(arr.dump(2)) << Qt::endl;
    } else {
      for (const ToolEntry& e : reg.failures())
        out() << e.id << "\tFAILED to load (" << toolKindName(e.kind) << ", " << e.origin << "): " << e.error
              << Qt::endl;
    }
    return kOk;
  }
  if (args.constFirst() == QLatin1String("enable") || args.constFirst() == QLatin1String("disable")) {
    if (args.size() != 2) return usage(QStringLiteral("plugin %1 needs exactly one TOOL id").arg(args.constFirst()));
    if (!reg.anyTool(args.at(1)))
      return usage(QStringLiteral("no knowledge tool '%1' (see `kwb plugin list --all`)").arg(args.at(1)));
    reg.setEnabled(args.at(1), args.constFirst() == QLatin1String("enable"));
    out() << args.at(1) << (args.constFirst() == QLatin1String("enable") ? " enabled" : " disabled") << Qt::endl;
    return kOk;
  }
  if (args.constFirst() == QLatin1String("query")) {
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("tool"), QStringLiteral("tool id"));
    p.addOption({QStringLiteral("input"), QStringLiteral("JSON query"), QStringLiteral("JSON")});
    if (const QString bad = parseOptions(p, args.mid(1)); !bad.isEmpty()) return usage(bad);
    if (p.positionalArguments().size() != 1) return usage(QStringLiteral("plugin query needs a TOOL id"));
    const QString id = p.positionalArguments().constFirst();
    const KnowledgeTool* tool = reg.tool(id);
    if (!tool) {
      if (const KnowledgeTool* off = reg.anyTool(id))
        return usage(off->disabledReason().isEmpty()
                         ? QStringLiteral("knowledge tool '%1' is disabled (`kwb plugin enable %1`)").arg(id)
                         : QStringLiteral("knowledge tool '%1' is disabled for this session: %2")
                               .arg(id, off->disabledReason()));
      return usage(QStringLiteral("no enabled knowledge tool '%1' (see `kwb plugin list`)").arg(id));
    }
    nlohmann::json input = nlohmann::json::object();
    if (p.isSet(QStringLiteral("input"))) {
      // Bounded before parsing: the query is echoed in the answer (pretty-printed, so its size grows with
      // size times depth), and a 120 KB nest of arrays once grew kwb to 24 GB.
      QString why;
      const std::optional<nlohmann::json> parsed =
          parseBoundedJson(p.value(QStringLiteral("input")).toUtf8(), limits::kQuery, &why);
      if (!parsed) return usage(QStringLiteral("--input: ") + why);
      input = *parsed;
    }
    // The tool runs in its own process group, out of reach of the terminal's Ctrl-C: kwb ends it on a signal
    // instead of leaving it running for its timeout_ms.
    InterruptGuard interrupt;
    const QueryStopScope stopScope([] { return InterruptGuard::caughtSignal() != 0; });
    const KnowledgeResult r = tool->query(input);
    if (const int signo = InterruptGuard::caughtSignal(); signo != 0 && !r.ok) {
      err() << "kwb: interrupted (signal " << signo << "): " << r.error << Qt::endl;
      return InterruptGuard::exitCodeFor(signo);
    }
    nlohmann::json o = {{"tool", tool->id().toStdString()}, {"ok", r.ok}, {"query", input}};
    if (!r.ok) o["error"] = r.error.toStdString();
    nlohmann::json recs = nlohmann::json::array();
    for (const KnowledgeRecord& rec : r.records) recs.push_back(toJson(rec));
    o["records"] = recs;
    nlohmann::json notes = nlohmann::json::array();
    for (const QString& n : r.notes) notes.push_back(n.toStdString());
    o["notes"] = notes;
    out() << QString::fromStdString(o.dump(2)) << Qt::endl;
    return r.ok ? kOk : kFail;
  }
  return usage(QStringLiteral("plugin: unknown subcommand '%1'").arg(args.constFirst()));
}

// ---------------------------------------------------------------- memory
int cmdMemory(const QStringList& args) {
  if (args.isEmpty()) return usage(QStringLiteral("memory needs 'create' or 'update'"));
  QCommandLineParser p;
  p.addOption({QStringLiteral("workspace"), QStringLiteral("workspace"), QStringLiteral("W")});
  p.addOption({QStringLiteral("version"), QStringLiteral("vN"), QStringLiteral("V")});
  p.addOption({QStringLiteral("set"), QStringLiteral("dotted.path=value"), QStringLiteral("KV")});
  if (const QString bad = parseOptions(p, args.mid(1), {QStringLiteral("set")}); !bad.isEmpty()) return usage(bad);
  // --workspace, else $KWB_WORKSPACE (set by the workspace's tools/*.py shims), else the current folder.
  const QString ws = !p.value(QStringLiteral("workspace")).isEmpty() ? p.value(QStringLiteral("workspace"))
                     : !qEnvironmentVariableIsEmpty("KWB_WORKSPACE") ? qEnvironmentVariable("KWB_WORKSPACE")
                                                                     : QDir::currentPath();
  const QString version = p.value(QStringLiteral("version"));
  if (!versionNumber(version))
    return usage(QStringLiteral("memory needs --version vN (v0, v1, ... without leading zeros, N < 10^9), got '%1'")
                     .arg(version));
  // memory/ belongs to a workspace (kwb baseline made it): never scatter records into another folder.
  if (!QFileInfo::exists(QDir(ws).filePath(QStringLiteral(".kwb"))) &&
      !QFileInfo::exists(QDir(ws).filePath(QStringLiteral("memory"))))
    return usage(QStringLiteral(
                     "%1 is not a workspace (no .kwb/ or memory/ folder): pass --workspace, or run kwb baseline first")
                     .arg(ws));
  const QString path = memoryPath(ws, version);
  QString error;
  if (args.constFirst() == QLatin1String("create")) {
    if (QFileInfo::exists(path)) return usage(QStringLiteral("%1 exists already; use `memory update`").arg(path));
    const MemoryRecord rec = MemoryRecord::fromTemplate(version);
    if (!rec.save(path, &error)) return usage(error);
    out() << path << Qt::endl;
    return kOk;
  }
  if (args.constFirst() == QLatin1String("update")) {
    std::optional<MemoryRecord> rec = MemoryRecord::load(path, &error);
    if (!rec) return usage(error);
    const QStringList before = rec->validate();
    // A record a kwb run wrote (it has "workbench") holds measured values: a dry run's stay null (it measured
    // nothing), and a hand-set one on a measured record is logged in workbench.hand_edits, which `kwb versions`
    // marks (new-user trial 15, #15: a typed latency read as a measured one).
    const bool byRun = rec->value(QStringLiteral("workbench")).is_object();
    const bool dryRun = rec->value(QStringLiteral("workbench.mode")) == nlohmann::json("cpu-dry-run");
    for (const QString& kv : p.values(QStringLiteral("set"))) {
      const qsizetype eq = kv.indexOf(u'=');
      if (eq <= 0) return usage(QStringLiteral("--set needs path=value, got '%1'").arg(kv));
      const QString key = kv.left(eq);
      const bool measured = isMeasuredMemoryPath(key);
      if (byRun && key.startsWith(QLatin1String("workbench")))
        return usage(QStringLiteral("not written: %1 is what the kwb run recorded; it is not set by hand").arg(key));
      if (dryRun && measured)
        return usage(QStringLiteral("not written: %1 is a CPU dry run, which measured nothing: %2 stays as the run "
                                    "left it (run `kwb measure` on a GPU for a measured version)")
                         .arg(path, key));
      const nlohmann::json was = rec->value(key);
      if (!rec->set(key, kv.mid(eq + 1), &error)) return usage(error);
      if (byRun && measured && rec->value(key) != was)
        rec->append(QStringLiteral("workbench.hand_edits"),
                    {{"path", key.toStdString()},
                     {"was", was},
                     {"now", rec->value(key)},
                     {"utc", QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString()}},
                    &error);
    }
    // The record's version is its file's: memory/v1.json saying "v5" would mislead every reader.
    if (rec->value(QStringLiteral("version")) != nlohmann::json(version.toStdString()))
      return usage(QStringLiteral("not written: %1 is the record of %2; its \"version\" cannot be set to %3")
                       .arg(path, version, QString::fromStdString(rec->value(QStringLiteral("version")).dump())));
    // Refuse an update that breaks the record against the template (types, statuses): nothing is written.
    QStringList introduced;
    for (const QString& problem : rec->validate())
      if (!before.contains(problem)) introduced.append(problem);
    if (!introduced.isEmpty())
      return usage(QStringLiteral("not written: %1 against reference/v_iteration.schema.json: %2")
                       .arg(path, introduced.join(QStringLiteral("; "))));
    if (!rec->save(path, &error)) return usage(error);
    out() << path << Qt::endl;
    return kOk;
  }
  return usage(QStringLiteral("memory: unknown subcommand '%1'").arg(args.constFirst()));
}

// ---------------------------------------------------------------- check
QString detectFramework(const QString& kernelPath) {
  QFile f(kernelPath);
  if (!f.open(QIODevice::ReadOnly)) return {};
  const QString text = QString::fromUtf8(f.readAll());
  if (text.contains(QStringLiteral("import cutlass")) || text.contains(QStringLiteral("from cutlass")))
    return QStringLiteral("cutedsl");
  if (text.contains(QStringLiteral("import flydsl")) || text.contains(QStringLiteral("from flydsl")))
    return QStringLiteral("flydsl");
  if (text.contains(QStringLiteral("import triton")) || text.contains(QStringLiteral("from triton")))
    return QStringLiteral("triton");
  return {};
}

int cmdCheck(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("kernel"), QStringLiteral("kernel.py"));
  p.addOption({QStringLiteral("api"), QStringLiteral("CuTe DSL API table (cute_api.json)"), QStringLiteral("JSON")});
  p.addOption({QStringLiteral("framework"),
               QStringLiteral("triton | cutedsl | flydsl (default: from kernel.py's imports)"), QStringLiteral("F")});
  p.addOption(
      {QStringLiteral("python"), QStringLiteral("Python 3"), QStringLiteral("PATH"), QStringLiteral("python3")});
  if (const QString bad = parseOptions(p, args); !bad.isEmpty()) return usage(bad);
  if (p.positionalArguments().size() != 1) return usage(QStringLiteral("check needs exactly one KERNEL.py"));
  const QString kernel = p.positionalArguments().constFirst();
  if (QFileInfo(kernel).isDir()) return usage(QStringLiteral("%1 is a folder: pass its kernel.py").arg(kernel));
  if (const QString why = regularFileProblem(kernel, limits::kSourceFileBytes); !why.isEmpty()) return usage(why);
  QString framework = p.value(QStringLiteral("framework"));
  if (framework.isEmpty()) framework = detectFramework(kernel);
  if (framework.isEmpty())
    return usage(QStringLiteral("%1 imports none of triton, cutlass (CuTe DSL), flydsl; pass --framework").arg(kernel));
  // Framework conformance (any framework): kernel.py computes through its framework's kernels.
  const ConformanceResult conf = checkConformance(p.value(QStringLiteral("python")), kernel, framework);
  if (!conf.ran) return usage(QStringLiteral("the conformance check did not run: ") + conf.error);
  for (const ConformanceIssue& v : conf.violations)
    out() << kernel << ':' << v.line << ": error: " << v.code << ": " << v.message
          << (v.sourceLine.isEmpty() ? QString() : QStringLiteral(" — `") + v.sourceLine + u'`') << Qt::endl;
  out() << (conf.ok ? "PASS" : "FAIL") << ": framework conformance (" << framework << "): " << conformanceSummary(conf)
        << Qt::endl;
  // API names: CuTe DSL against cute_api.json, FlyDSL against flydsl_api.json (the same checker).
  if (framework == QLatin1String("triton")) {
    if (p.isSet(QStringLiteral("api")))
      out() << "NOT CHECKED: triton names against " << p.value(QStringLiteral("api"))
            << " (API tables exist for the CuTe DSL and FlyDSL only; the conformance result above stands alone)"
            << Qt::endl;
    return conf.ok ? kOk : kFail;
  }
  const bool fly = framework == QLatin1String("flydsl");
  const QString tableName = fly ? QStringLiteral("flydsl_api.json") : QStringLiteral("cute_api.json");
  const QString label = fly ? QStringLiteral("FlyDSL") : QStringLiteral("CuTe DSL");
  QString api = p.value(QStringLiteral("api"));
  if (api.isEmpty()) api = fly ? findFlyApiTable() : findCuteApiTable();
  if (api.isEmpty())
    return usage(QStringLiteral("check needs --api %1 (or %2)")
                     .arg(tableName, fly ? QStringLiteral("KWB_FLYDSL_API") : QStringLiteral("KWB_CUTE_API")));
  if (!QFileInfo(api).isFile()) return usage(QStringLiteral("%1: no such API table").arg(api));
  const CuteCheckResult r = runCuteCheck(p.value(QStringLiteral("python")), kernel, api);
  if (!r.ran) return usage(QStringLiteral("the %1 check did not run: ").arg(label) + r.error);
  if (r.exitCode == 2)  // unreadable input: the table or the kernel, named in the checker's reason
    return usage(r.errors.isEmpty() ? QStringLiteral("the %1 check could not read its input").arg(label)
                                    : r.errors.constFirst().why);
  if (r.tablePackage != (fly ? QLatin1String("flydsl") : QLatin1String("cutlass")))
    return usage(
        QStringLiteral("%1 describes %2, not the %3 (%4): pass --api %5")
            .arg(api, r.tablePackage, label, fly ? QStringLiteral("flydsl") : QStringLiteral("cutlass"), tableName));
  for (const CuteCheckIssue& e : r.errors)  // an issue of the file as a whole (a syntax error) names no API
    out() << kernel << ':' << e.line << ": error: " << (e.name.isEmpty() ? QString() : e.name + QStringLiteral(": "))
          << e.why << Qt::endl;
  int sinceLine = 0;  // the names older releases lack: one line for the release, not one warning each (trial 28 #12)
  for (const CuteCheckIssue& w : r.warnings) {
    if (!w.newerThan.isEmpty()) {
      if (sinceLine == 0) sinceLine = w.line;
      continue;
    }
    out() << kernel << ':' << w.line << ": warning: " << w.name << ": " << w.why << Qt::endl;
  }
  if (const QString since = releaseNeededLine(r, label); !since.isEmpty())
    out() << kernel << ':' << sinceLine << ": warning: " << since << Qt::endl;
  out() << (r.ok ? "PASS" : "FAIL") << ": " << r.checkedNames << (fly ? " flydsl" : " cute/cutlass")
        << " names and calls checked against " << QFileInfo(api).fileName() << ' ' << r.tableVersion
        << " (static check; the kernel was not run)" << Qt::endl;
  return r.ok && conf.ok ? kOk : kFail;
}

// ---------------------------------------------------------------- export
int cmdExport(const QStringList& args, const FigureRenderer& renderer, const HtmlToPdf& toPdf) {
  QCommandLineParser p;
  p.addOption(
      {QStringLiteral("format"), QStringLiteral("html, pdf or md"), QStringLiteral("F"), QStringLiteral("html")});
  p.addOption({QStringLiteral("output"), QStringLiteral("output file"), QStringLiteral("FILE")});
  if (const QString bad = parseOptions(p, args); !bad.isEmpty()) return usage(bad);
  if (p.positionalArguments().size() != 1) return usage(QStringLiteral("export needs exactly one WORKSPACE"));
  const auto format = exportFormatFromText(p.value(QStringLiteral("format")));
  if (!format)
    return usage(QStringLiteral("--format must be html, pdf or md, got '%1'").arg(p.value(QStringLiteral("format"))));
  QString error;
  // A workspace a run still holds has no result yet: its review read "gate ERROR, not the recorded run" and exited
  // 0 (new-user trial 3, R10). Say that it is in use instead; export it when the run has ended.
  const QString opened = QFileInfo(p.positionalArguments().constFirst()).absoluteFilePath();
  if (const QString holder = WorkspaceLock::heldBy(opened); !holder.isEmpty())
    return usage(holder + QStringLiteral("; export it when that run has finished"));
  // A `kwb suite` folder (or its suite.json): the suite report, the same document as suite_report.md / .html and the
  // GUI's suite view, links relative to where the file goes.
  const QFileInfo openedInfo(opened);
  if ((openedInfo.isDir() && QFileInfo::exists(QDir(opened).filePath(QStringLiteral("suite.json"))) &&
       !QFileInfo::exists(QDir(opened).filePath(QStringLiteral("reference.py")))) ||
      (openedInfo.isFile() && openedInfo.suffix() == u"json")) {
    const auto suite = readSuite(opened, &error);
    if (!suite) return usage(error);
    const QString output = p.value(QStringLiteral("output")).isEmpty() ? defaultSuiteExportPath(*suite, *format)
                                                                       : p.value(QStringLiteral("output"));
    if (!exportSuiteReport(*suite, *format, output, toPdf, &error)) return usage(error);
    out() << "wrote " << QFileInfo(output).absoluteFilePath()
          << " (suite report: " << suiteHeadline(suite->summary, suite->cpuDryRun)
          << (*format == ExportFormat::Pdf ? "; links to the workspaces' absolute paths)"
                                           : "; links relative to its folder)")
          << Qt::endl;
    return kOk;
  }
  const auto review = readWorkspaceReview(p.positionalArguments().constFirst(), &error);
  if (!review) return usage(error);
  if (const QString holder = WorkspaceLock::heldBy(review->root); !holder.isEmpty())
    return usage(holder + QStringLiteral("; export it when that run has finished"));
  // The figure is drawn afresh from the review's data (the run shown may not be the recorded one);
  // without a renderer the workspace's own roofline.png stands in.
  QByteArray png;
  if (review->roofline && renderer) {
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("roofline.png"));
    QString figErr;
    if (tmp.isValid() && renderer(*review->roofline, path, &figErr)) {
      QFile f(path);
      if (f.open(QIODevice::ReadOnly)) png = f.readAll();
    } else {
      err() << "kwb: warning: roofline not drawn: " << figErr << Qt::endl;
    }
  }
  if (png.isEmpty()) {
    QFile f(QDir(review->root).filePath(QStringLiteral("roofline.png")));
    if (f.open(QIODevice::ReadOnly)) png = f.readAll();
  }
  QString output = p.value(QStringLiteral("output"));
  const bool chosen = !output.isEmpty();
  if (!chosen) {  // beside the workspace folder; a run folder's run in the name
    const bool runFolder = QDir::cleanPath(opened) != QDir::cleanPath(QFileInfo(review->root).absoluteFilePath());
    output = defaultExportPath(review->root, *format, runFolder ? opened : QString());
  }
  const QString outDir = QFileInfo(output).absolutePath();
  const bool madeDir = !QFileInfo::exists(outDir);
  if (!exportReview(*review, *format, png, output, toPdf, &error))
    return usage(chosen ? error : error + QStringLiteral("; choose another place with --output FILE"));
  if (madeDir && QFileInfo(outDir).isDir()) out() << "created folder " << outDir << Qt::endl;  // said, not silent
  for (const QString& w : review->warnings) err() << "kwb: warning: " << w << Qt::endl;
  if (!review->rooflineNoPeakDtype.isEmpty())
    err() << "kwb: note: no roofline for " << review->rooflineNoPeakDtype << ": the spec ledger has no "
          << review->rooflineNoPeakDtype << " peak for " << review->gpu << Qt::endl;
  out() << "wrote " << QFileInfo(output).absoluteFilePath() << " (quality gate " << verdictCode(review->verdict) << ")"
        << Qt::endl;
  // An interrupted run is said with the command that recovers it, not only inside the file (new-user trial 17, #5).
  if (review->verdict == Verdict::Incomplete) err() << "kwb: INCOMPLETE: " << review->gateReason << Qt::endl;
  return kOk;
}

}  // namespace

// ---------------------------------------------------------------- measure / versions
int cmdMeasure(const QStringList& args, const FigureRenderer& renderer) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("workspace"), QStringLiteral("A workspace with a V0"));
  p.addOption({QStringLiteral("target"), QStringLiteral("Run target"), QStringLiteral("T"), QStringLiteral("local")});
  p.addOption({QStringLiteral("cpu-dry-run"),
               QStringLiteral("Reference on the CPU at reduced shapes where the inputs can be resized")});
  p.addOption({QStringLiteral("no-commit"), QStringLiteral("Skip the git commit")});
  p.addOption({QStringLiteral("raw"), QStringLiteral("Print the harness's protocol lines as printed")});
  p.addOption(
      {QStringLiteral("compile-ref"), QStringLiteral("Also time torch.compile(Model) at the kernel's precision")});
  p.addOption({QStringLiteral("python"), QStringLiteral("Python with torch"), QStringLiteral("PATH")});
  p.addOption({QStringLiteral("case-timeout"), QStringLiteral("Per-case timeout (s)"), QStringLiteral("SEC"),
               QStringLiteral("30")});
  p.addOption({QStringLiteral("again"), QStringLiteral("Measure a kernel.py unchanged since the last version again")});
  if (const QString bad = parseOptions(p, args); !bad.isEmpty()) return usage(bad);
  if (p.positionalArguments().size() != 1) return usage(QStringLiteral("measure needs exactly one WORKSPACE"));
  BaselineOptions o;
  o.workspaceDir = QFileInfo(p.positionalArguments().constFirst()).absoluteFilePath();
  o.target = p.value(QStringLiteral("target"));
  o.cpuDryRun = p.isSet(QStringLiteral("cpu-dry-run"));
  o.commit = !p.isSet(QStringLiteral("no-commit"));
  o.compileRef = p.isSet(QStringLiteral("compile-ref"));
  o.python = p.value(QStringLiteral("python"));
  o.again = p.isSet(QStringLiteral("again"));
  bool okNum = false;
  o.caseTimeoutSec = p.value(QStringLiteral("case-timeout")).toInt(&okNum);
  if (!okNum || o.caseTimeoutSec <= 0)
    return usage(QStringLiteral("--case-timeout needs a positive integer (seconds)"));
  o.kwbPath = QCoreApplication::applicationFilePath();
  {
    QString error;
    const std::unique_ptr<Target> target = makeTarget(o.target, &error);
    if (!target) return usage(error);
  }

  // Before the records are read: a baseline still running there has not written memory/v0.json yet, and "v0.json
  // is missing, run kwb baseline first" misled (new-user trial 3, R9).
  if (const QString holder = WorkspaceLock::heldBy(o.workspaceDir); !holder.isEmpty()) return usage(holder);
  BaselineJob job(o);
  job.setFigureRenderer(renderer);
  // Opening says which version is measured against which, and warns of a stopped version passed over (new-user trial
  // 16, #5): before driveJob's printer exists. Its error is printed once, by usage().
  const QMetaObject::Connection opening =
      QObject::connect(&job, &BaselineJob::progress, &job, [](int phase, const QString& m, MessageKind kind) {
        if (kind == MessageKind::Warning)
          err() << "kwb: [phase " << phase << "] " << m << Qt::endl;
        else if (kind == MessageKind::Info)
          out() << "[phase " << phase << "] " << m << Qt::endl;
      });
  const bool opened = job.openForNextVersion();
  QObject::disconnect(opening);
  if (!opened) return usage(job.lastError());
  const int rc = driveJob(
      job, [&job] { job.measureAndRecord(); }, p.isSet(QStringLiteral("raw")));
  out() << "version: V" << job.version() << " (memory/v" << job.version() << ".json)" << Qt::endl;
  return rc;
}

int cmdVersions(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("workspace"), QStringLiteral("A workspace"));
  p.addOption({QStringLiteral("json"), QStringLiteral("JSON output")});
  if (const QString bad = parseOptions(p, args); !bad.isEmpty()) return usage(bad);
  if (p.positionalArguments().size() != 1) return usage(QStringLiteral("versions needs exactly one WORKSPACE"));
  const QString dir = QFileInfo(p.positionalArguments().constFirst()).absoluteFilePath();
  if (!QFileInfo(dir).isDir()) return usage(QStringLiteral("%1 is not a folder").arg(dir));
  QString error;
  const auto list = readVersions(dir, &error);
  if (!list) return usage(error);
  for (const QString& w : versionWarnings(dir)) err() << "kwb: warning: " << w << Qt::endl;
  if (list->isEmpty()) return usage(QStringLiteral("%1 has no memory/vN.json: run `kwb baseline` first").arg(dir));
  auto num = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  if (p.isSet(QStringLiteral("json"))) {
    nlohmann::json a = nlohmann::json::array();
    for (qsizetype i = 0; i < list->size(); ++i) {
      const VersionInfo& v = list->at(i);
      const std::optional<double> sp = i > 0 ? speedupOver(list->at(i - 1), v) : std::nullopt;
      a.push_back({{"version", v.version.toStdString()},
                   {"file", v.file.toStdString()},
                   {"mode", v.mode.toStdString()},
                   {"latency_us", num(v.latencyUs)},
                   {"rel_err", num(v.relErr)},
                   {"gate", v.gate.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(v.gate.toStdString())},
                   {"speedup_over_previous", num(sp)},
                   {"commit", v.commit.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(v.commit.toStdString())},
                   {"commit_subject", v.commitSubject.toStdString()},
                   {"hand_edited", [&v] {
                      nlohmann::json h = nlohmann::json::array();
                      for (const QString& path : v.handEdited) h.push_back(path.toStdString());
                      return h;
                    }()}});
    }
    out() << QString::fromStdString(a.dump(2)) << Qt::endl;
    return kOk;
  }
  auto f = [](const std::optional<double>& v, int prec, char fmt = 'f') {
    return v ? QString::number(*v, fmt, prec) : QStringLiteral("-");
  };
  // the gate column as wide as its longest word ("DRY_RUN_TIMEOUT" ran into the latency column)
  int gateWidth = 12;
  for (const VersionInfo& v : *list) gateWidth = std::max(gateWidth, int(v.gate.size()));
  out() << QStringLiteral("%1  %2  %3  %4  %5  %6  %7  %8\n")
               .arg(QStringLiteral("version"), -7)
               .arg(QStringLiteral("gate"), -gateWidth)
               .arg(QStringLiteral("latency_us"), 10)
               .arg(QStringLiteral("delta_us"), 9)
               .arg(QStringLiteral("speedup"), 8)
               .arg(QStringLiteral("rel_err"), 9)
               .arg(QStringLiteral("commit"), -12)
               .arg(QStringLiteral("subject"));
  for (qsizetype i = 0; i < list->size(); ++i) {
    const VersionInfo& v = list->at(i);
    const VersionInfo* prev = i > 0 ? &list->at(i - 1) : nullptr;
    // a string, not an optional<double>: GCC 12's -O2 -Wmaybe-uninitialized misreads the optional's payload here
    const QString delta = (prev && prev->latencyUs && v.latencyUs)
                              ? QString::asprintf("%+.3f", *v.latencyUs - *prev->latencyUs)
                              : QStringLiteral("-");
    const std::optional<double> sp = prev ? speedupOver(*prev, v) : std::nullopt;
    out() << QStringLiteral("%1  %2  %3  %4  %5  %6  %7  %8\n")
                 .arg(v.version.toUpper(), -7)
                 .arg(v.gate.isEmpty() ? QStringLiteral("-") : v.gate, -gateWidth)
                 .arg(f(v.latencyUs, 3) + (v.handEdited.isEmpty() ? QString() : QStringLiteral("*")), 10)
                 .arg(delta, 9)
                 .arg(sp ? QString::asprintf("%.3fx", *sp) : QStringLiteral("-"), 8)
                 .arg(f(v.relErr, 2, 'e'), 9)
                 .arg(v.commit.isEmpty() ? QStringLiteral("(none)") : v.commit.left(12), -12)
                 .arg(v.commitSubject);
  }
  for (const VersionInfo& v : *list)
    if (!v.handEdited.isEmpty())
      out() << QStringLiteral("* %1: changed after its kwb run by `kwb memory update`, not by kwb's measurement: %2\n")
                   .arg(v.version.toUpper(), v.handEdited.join(QStringLiteral(", ")));
  out().flush();
  return kOk;
}

int runCli(const QStringList& args, const FigureRenderer& renderer, const HtmlToPdf& htmlToPdf) {
  if (args.isEmpty() || args.constFirst() == QLatin1String("help") || args.constFirst() == QLatin1String("--help") ||
      args.constFirst() == QLatin1String("-h")) {
    printHelp();
    return args.isEmpty() ? kUsage : kOk;
  }
  if (args.constFirst() == QLatin1String("--version")) {
    out() << "kwb " << QCoreApplication::applicationVersion() << Qt::endl;
    return kOk;
  }
  const QString cmd = args.constFirst();
  const QStringList rest = args.mid(1);
  // `kwb baseline --help` and the like: the one help text lists every command's options
  if (rest.contains(QStringLiteral("--help")) || rest.contains(QStringLiteral("-h"))) {
    if (cmd == QLatin1String("baseline")) {
      printBaselineHelp();
      return kOk;
    }
    if (cmd == QLatin1String("suite")) {
      printSuiteHelp();
      return kOk;
    }
    if (printCommandHelp(cmd)) return kOk;
    return usage(QStringLiteral("unknown command '%1' (try `kwb help`)").arg(cmd));
  }
  if (cmd == QLatin1String("baseline")) return cmdBaseline(rest, renderer);
  if (cmd == QLatin1String("suite")) return cmdSuite(rest);
  if (cmd == QLatin1String("analyze")) return cmdAnalyze(rest);
  if (cmd == QLatin1String("utilization")) return cmdUtilization(rest);
  if (cmd == QLatin1String("gpus")) return cmdGpus(rest);
  if (cmd == QLatin1String("plugin")) return cmdPlugin(rest);
  if (cmd == QLatin1String("memory")) return cmdMemory(rest);
  if (cmd == QLatin1String("check")) return cmdCheck(rest);
  if (cmd == QLatin1String("export")) return cmdExport(rest, renderer, htmlToPdf);
  if (cmd == QLatin1String("measure")) return cmdMeasure(rest, renderer);
  if (cmd == QLatin1String("versions")) return cmdVersions(rest);
  return usage(QStringLiteral("unknown command '%1' (try `kwb help`)").arg(cmd));
}

}  // namespace kwb
