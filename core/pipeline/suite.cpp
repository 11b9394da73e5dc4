#include "core/pipeline/suite.h"

#include "core/pipeline/recordsbuilder.h"
#include "core/perf/measureddevice.h"
#include "core/pipeline/suitereport.h"

#include "core/analysis/probe.h"
#include "core/codegen/opgraph.h"
#include "core/run/slurmtarget.h"
#include "core/workspace/workspace.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>

#include "core/platform/specledger.h"
#include "core/records/versions.h"
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QThread>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>

namespace kwb {

namespace {

std::optional<double> optNumber(const nlohmann::json& o, const char* key) {
  if (o.is_object() && o.contains(key) && o[key].is_number()) return o[key].get<double>();
  return std::nullopt;
}

nlohmann::json jsonOr(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

nlohmann::json stringOrNull(const QString& s) {
  return s.isEmpty() ? nlohmann::json() : nlohmann::json(s.toStdString());
}

QString str(const nlohmann::json& o, const char* key) {
  return o.is_object() && o.contains(key) && o[key].is_string() ? QString::fromStdString(o[key].get<std::string>())
                                                                : QString();
}

QString fileSha(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? sha256Hex(f.readAll()) : QString();
}

}  // namespace

std::optional<double> SuiteEntry::speedupVsEager() const {
  if (latencyUs && refLatencyUs && *latencyUs > 0) return *refLatencyUs / *latencyUs;
  return std::nullopt;
}

std::optional<double> SuiteEntry::speedupVsCompile() const {
  if (latencyUs && compileLatencyUs && *latencyUs > 0) return *compileLatencyUs / *latencyUs;
  return std::nullopt;
}

SuiteSummary summarize(const QList<SuiteEntry>& entries) {
  SuiteSummary s;
  double logEager = 0, logCompile = 0;
  int nEager = 0, nCompile = 0, fast = 0;
  for (const SuiteEntry& e : entries) {
    ++s.total;
    if (e.resumed) ++s.resumed;
    if (e.state == QLatin1String("pending"))
      ++s.pending;
    else if (e.state == QLatin1String("error") || e.status == QLatin1String("ERROR"))
      ++s.error;
    else if (e.status == QLatin1String("PASS")) {
      ++s.pass;
      if (e.error.startsWith(QLatin1String(kUntimedPass))) ++s.untimed;
    } else if (e.status == QLatin1String("TIMEOUT_FAIL"))
      ++s.timeout;
    else if (e.status == QLatin1String("DRY_RUN"))
      ++s.dryRun;
    else if (e.status == QLatin1String("SKELETON"))
      ++s.skeleton;
    else if (e.status == QLatin1String(kDryRunTimeoutGate))
      ++s.dryRunTimeout;
    else
      ++s.fail;
    if (!e.correct()) continue;
    if (const auto v = e.speedupVsEager(); v && *v > 0) {
      logEager += std::log(*v);
      ++nEager;
      if (*v > 1.0) ++fast;
    }
    if (const auto v = e.speedupVsCompile(); v && *v > 0) {
      logCompile += std::log(*v);
      ++nCompile;
    }
  }
  if (nEager > 0) {
    s.fast1 = double(fast) / double(s.total);
    s.geomeanVsEager = std::exp(logEager / nEager);
  }
  if (nCompile > 0) s.geomeanVsCompile = std::exp(logCompile / nCompile);
  return s;
}

QString suiteGpuId(const QString& given) {
  const SpecLedger::LookupResult r = SpecLedger::builtin().lookup(given);
  return r.gpu ? r.gpu->id : given;
}

QString suiteHeadline(const SuiteSummary& s, bool cpuDryRun) {
  if (!cpuDryRun)
    return QStringLiteral("%1 of %2 PASS").arg(s.pass).arg(s.total) +
           (s.untimed > 0 ? QStringLiteral(" (%1 untimed)").arg(s.untimed) : QString());
  QStringList parts{QStringLiteral("%1 ran").arg(s.dryRun)};
  if (s.fail > 0) parts << QStringLiteral("%1 FAIL").arg(s.fail);
  if (s.timeout > 0) parts << QStringLiteral("%1 TIMEOUT_FAIL").arg(s.timeout);
  if (s.dryRunTimeout > 0) parts << QStringLiteral("%1 out of time (DRY_RUN_TIMEOUT)").arg(s.dryRunTimeout);
  if (s.skeleton > 0)
    parts << (s.skeleton == 1 ? QStringLiteral("1 skeleton") : QStringLiteral("%1 skeletons").arg(s.skeleton));
  if (s.error > 0) parts << QStringLiteral("%1 ERROR").arg(s.error);
  if (s.pending > 0) parts << QStringLiteral("%1 not run yet").arg(s.pending);
  return QStringLiteral("CPU dry run: ") + parts.join(QStringLiteral(", "));
}

nlohmann::json suiteToJson(const SuiteOptions& o, const QList<SuiteEntry>& entries) {
  nlohmann::json problems = nlohmann::json::array();
  for (const SuiteEntry& e : entries) {
    problems.push_back({{"name", e.name.toStdString()},
                        {"source", e.source.toStdString()},
                        {"source_sha256", e.sourceSha256.toStdString()},
                        {"workspace", e.workspace.toStdString()},
                        {"state", e.state.toStdString()},
                        {"status", e.status.toStdString()},
                        {"error", e.error.toStdString()},
                        {"failed_phase", e.failedPhase > 0 ? nlohmann::json(e.failedPhase) : nlohmann::json()},
                        {"max_rel_err", jsonOr(e.maxRelErr)},
                        {"latency_us", jsonOr(e.latencyUs)},
                        {"ref_latency_us", jsonOr(e.refLatencyUs)},
                        {"compile_latency_us", jsonOr(e.compileLatencyUs)},
                        {"compile_error", stringOrNull(e.compileError)},
                        {"speedup_vs_eager", jsonOr(e.speedupVsEager())},
                        {"speedup_vs_compile", jsonOr(e.speedupVsCompile())},
                        {"bandwidth_util_pct", jsonOr(e.bandwidthUtilPct)},
                        {"bandwidth_util_vs_copy_pct", jsonOr(e.bandwidthUtilVsCopyPct)},
                        {"compute_util_pct", jsonOr(e.computeUtilPct)},
                        {"bottleneck", e.bottleneck.toStdString()},
                        {"commit", e.commit.toStdString()},
                        {"wall_s", e.wallSec},
                        {"gpu_lock_wait_s", jsonOr(e.lockWaitSec)},
                        {"gpu_peak_bytes", jsonOr(e.gpuPeakBytes)},
                        {"footprint_bytes", jsonOr(e.footprintBytes)},
                        {"device", e.device.toStdString()},
                        {"resumed", e.resumed}});
  }
  nlohmann::json skippedJson = nlohmann::json::array();
  for (const SuiteSkip& k : o.skipped)
    skippedJson.push_back(
        {{"path", k.path.toStdString()}, {"problems", k.problems}, {"reason", k.reason().toStdString()}});
  const SuiteSummary s = summarize(entries);
  nlohmann::json env = nlohmann::json::object();
  for (auto it = o.base.harnessEnv.cbegin(); it != o.base.harnessEnv.cend(); ++it)
    env[it.key().toStdString()] = it.value().toStdString();
  return {{"schema", "kwb-suite-1"},
          {"written_utc", QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString()},
          {"target", o.target.toStdString()},
          {"gpu", suiteGpuId(o.base.gpu).toStdString()},
          {"framework", o.base.framework.toStdString()},
          {"mode", o.base.cpuDryRun ? "cpu-dry-run" : "gpu"},
          {"compile_ref", o.base.compileRef},
          {"case_timeout_s", o.base.caseTimeoutSec},
          {"jobs", o.jobs},
          {"harness_env", env},
          {"gpu_memory_budget",
           {{"bytes", o.gpuMemoryBytes > 0 ? nlohmann::json(o.gpuMemoryBytes) : nlohmann::json(nullptr)},
            {"basis", o.gpuMemoryBasis.toStdString()}}},
          {"device", o.deviceName.toStdString()},
          {"skipped", skippedJson},
          {"problems", problems},
          {"counts",
           {{"total", s.total},
            {"pass", s.pass},
            {"fail", s.fail},
            {"timeout_fail", s.timeout},
            {"error", s.error},
            {"dry_run", s.dryRun},
            {"dry_run_timeout", s.dryRunTimeout},
            {"skeleton", s.skeleton},
            {"pending", s.pending},
            {"resumed", s.resumed}}},
          {"fast_1", jsonOr(s.fast1)},
          {"geomean_speedup_vs_eager", jsonOr(s.geomeanVsEager)},
          {"geomean_speedup_vs_compile", jsonOr(s.geomeanVsCompile)}};
}

QList<SuiteEntry> suiteEntriesFromJson(const nlohmann::json& doc) {
  QList<SuiteEntry> out;
  if (!doc.is_object() || !doc.contains("problems") || !doc["problems"].is_array()) return out;
  for (const auto& p : doc["problems"]) {
    SuiteEntry e;
    e.name = str(p, "name");
    e.source = str(p, "source");
    e.sourceSha256 = str(p, "source_sha256");
    e.workspace = str(p, "workspace");
    e.state = str(p, "state");
    e.status = str(p, "status");
    e.error = str(p, "error");
    if (p.contains("failed_phase") && p["failed_phase"].is_number_integer())
      e.failedPhase = p["failed_phase"].get<int>();
    else if (e.state == QLatin1String("error") && !e.workspace.isEmpty() &&
             !QFileInfo::exists(QDir(e.workspace).filePath(QStringLiteral(".kwb/spec.json"))))
      e.failedPhase = 1;  // written before "failed_phase": phase 1 writes the spec (and makes the workspace) last
    // a suite.json written before the dry-run rule may hold a DRY_RUN's self-check figure: not the problem's
    if (e.status != QLatin1String("DRY_RUN")) e.maxRelErr = optNumber(p, "max_rel_err");
    e.latencyUs = optNumber(p, "latency_us");
    e.refLatencyUs = optNumber(p, "ref_latency_us");
    e.compileLatencyUs = optNumber(p, "compile_latency_us");
    e.compileError = str(p, "compile_error");
    e.bandwidthUtilPct = optNumber(p, "bandwidth_util_pct");
    e.bandwidthUtilVsCopyPct = optNumber(p, "bandwidth_util_vs_copy_pct");
    e.computeUtilPct = optNumber(p, "compute_util_pct");
    e.bottleneck = str(p, "bottleneck");
    e.commit = str(p, "commit");
    e.wallSec = optNumber(p, "wall_s").value_or(0);
    e.lockWaitSec = optNumber(p, "gpu_lock_wait_s");
    e.gpuPeakBytes = optNumber(p, "gpu_peak_bytes");
    e.footprintBytes = optNumber(p, "footprint_bytes");
    e.device = str(p, "device");
    out.append(e);
  }
  return out;
}

std::optional<SuiteReport> readSuite(const QString& folderOrFile, QString* error) {
  auto fail = [error](const QString& why) -> std::optional<SuiteReport> {
    if (error) *error = why;
    return std::nullopt;
  };
  const QFileInfo given(folderOrFile);
  const QString path =
      given.isDir() ? QDir(given.absoluteFilePath()).filePath(QStringLiteral("suite.json")) : given.absoluteFilePath();
  QFile f(path);
  if (!f.exists())
    return fail(
        QCoreApplication::translate("kwb::Suite", "%1 has no suite.json: not a `kwb suite` folder.").arg(folderOrFile));
  if (!f.open(QIODevice::ReadOnly))
    return fail(QCoreApplication::translate("kwb::Suite", "%1 cannot be read: %2").arg(path, f.errorString()));
  const auto doc = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object())
    return fail(QCoreApplication::translate("kwb::Suite", "%1 is not valid JSON.").arg(path));
  if (str(doc, "schema") != QLatin1String("kwb-suite-1"))
    return fail(
        QCoreApplication::translate("kwb::Suite", "%1 is not a suite report (schema \"%2\", expected \"kwb-suite-1\").")
            .arg(path, str(doc, "schema")));
  SuiteReport r;
  r.dir = QFileInfo(path).absolutePath();
  r.target = str(doc, "target");
  r.gpu = suiteGpuId(str(doc, "gpu"));  // a suite.json from before wrote the name as given
  r.framework = str(doc, "framework");
  r.cpuDryRun = str(doc, "mode") == QLatin1String("cpu-dry-run");
  r.jobs = static_cast<int>(optNumber(doc, "jobs").value_or(1));
  r.writtenUtc = str(doc, "written_utc");
  r.deviceName = str(doc, "device");
  if (doc.contains("gpu_memory_budget") && doc["gpu_memory_budget"].is_object())
    r.gpuMemoryBasis = str(doc["gpu_memory_budget"], "basis");
  if (doc.contains("harness_env") && doc["harness_env"].is_object())
    for (const auto& [key, value] : doc["harness_env"].items())
      if (value.is_string())
        r.harnessEnv.insert(QString::fromStdString(key), QString::fromStdString(value.get<std::string>()));
  r.entries = suiteEntriesFromJson(doc);
  if (doc.contains("skipped") && doc["skipped"].is_array())
    for (const auto& k : doc["skipped"])
      if (k.is_object() && !str(k, "path").isEmpty())
        r.skipped.append({str(k, "path"), static_cast<int>(optNumber(k, "problems").value_or(0))});
  const QDir dir(r.dir);
  for (const SuiteEntry& e : r.entries)
    if (!e.workspace.isEmpty()) {  // where the suite ran: its paths in the reasons are made relative to either
      const QString parent = QDir::cleanPath(QFileInfo(e.workspace).absolutePath());
      if (parent != QDir::cleanPath(r.dir)) r.recordedDir = parent;
      break;
    }
  for (SuiteEntry& e : r.entries) {
    if (e.workspace.isEmpty() || QFileInfo(e.workspace).isDir()) continue;
    const QString here = dir.filePath(QFileInfo(e.workspace).fileName());
    if (QFileInfo(here).isDir()) e.workspace = here;
  }
  r.summary = summarize(r.entries);
  return r;
}

QString suiteCompileError(const RunResult& r, bool compileRefAsked) {
  // the baseline report says why torch.compile has no figure; the suite's row said nothing ("–": session 34, 56_)
  if (!compileRefAsked || r.compileRefLatencyUs) return {};
  return !r.compileRefError.isEmpty()
             ? r.compileRefError
             : QStringLiteral("the harness reported no torch.compile figure (no compile_ref in its result)");
}

Verdict suiteEntryVerdict(const SuiteEntry& e) {
  if (e.state == QLatin1String("pending")) return Verdict::NotRun;
  if (e.state == QLatin1String("error") || e.status == QLatin1String("ERROR")) return Verdict::Error;
  VerdictInput in;
  in.gateResult = e.status;
  in.skeleton = e.status == QLatin1String("SKELETON");
  return verdictFor(in);
}

QString suitePhaseName(int phase) {
  switch (phase) {
    case 1:
      return QCoreApplication::translate("kwb::Phase", "Understand");
    case 2:
      return QCoreApplication::translate("kwb::Phase", "Learn");
    case 3:
      return QCoreApplication::translate("kwb::Phase", "Implement");
    case 4:
      return QCoreApplication::translate("kwb::Phase", "Measure");
    default:
      return {};
  }
}

QString suiteEntryStatusTitle(const SuiteEntry& e) {
  const Verdict v = suiteEntryVerdict(e);
  if (v != Verdict::Error) return verdictTitle(v);
  if (e.failedPhase >= 1 && e.failedPhase <= 3)
    return QCoreApplication::translate("kwb::SuiteTableModel", "Error in phase %1 (%2)")
        .arg(e.failedPhase)
        .arg(suitePhaseName(e.failedPhase));
  if (e.failedPhase == 4) return verdictTitle(v);
  return QCoreApplication::translate("kwb::SuiteTableModel", "Error (no verdict)");
}

QString suiteMarkdown(const SuiteOptions& o, const QList<SuiteEntry>& entries) {
  return suiteReportMarkdown(suiteReportOf(o, entries), QDir(o.outDir).absolutePath());
}

QString suiteHtml(const SuiteOptions& o, const QList<SuiteEntry>& entries) {
  return suiteReportHtml(suiteReportOf(o, entries), QDir(o.outDir).absolutePath());
}

bool writeSuiteReports(const SuiteOptions& o, const QList<SuiteEntry>& entries, QString* error) {
  const QDir dir(o.outDir);
  return atomicWrite(dir.filePath(QStringLiteral("suite.json")),
                     QByteArray::fromStdString(suiteToJson(o, entries).dump(2) + "\n"), error) &&
         atomicWrite(dir.filePath(QStringLiteral("suite_report.md")), suiteMarkdown(o, entries).toUtf8(), error) &&
         atomicWrite(dir.filePath(QStringLiteral("suite_report.html")), suiteHtml(o, entries).toUtf8(), error);
}

QStringList suiteProblemNames(const QStringList& problems, const QList<SuiteEntry>& earlier) {
  // name -> the source that holds it: the earlier run's entries first (their workspaces hold that problem's files,
  // finished or not), then this list's
  QHash<QString, QString> holder;
  QHash<QString, QString> earlierName;  // source -> its name in the earlier run
  for (const SuiteEntry& old : earlier) {
    if (old.name.isEmpty()) continue;
    earlierName.insert(old.source, old.name);
    if (!holder.contains(old.name)) holder.insert(old.name, old.source);
  }
  const auto freeFor = [&holder](const QString& name, const QString& source) {
    const auto it = holder.constFind(name);
    return it == holder.cend() || *it == source;
  };
  QStringList names;
  for (const QString& path : problems) {
    const QFileInfo fi(path);
    QString name = earlierName.value(path);
    if (name.isEmpty() || !freeFor(name, path)) name = Workspace::folderSafeName(fi.completeBaseName());
    if (!freeFor(name, path)) {
      QString parent;
      for (const QChar c : fi.absoluteDir().dirName()) parent += c == u'_' || c.isLetterOrNumber() ? c : QChar(u'_');
      const QString base = parent.isEmpty() ? name : parent + u'_' + name;
      name = base;
      for (int n = 2; !freeFor(name, path); ++n) name = base + u'_' + QString::number(n);
    }
    holder.insert(name, path);
    names << name;
  }
  return names;
}

namespace {

/// Whether a file of a folder given to the suite looks like a problem: it defines `class Model` or `get_inputs()`
/// (helpers and __init__.py beside the problems were ERROR rows: new-user trial 19, #10). Reads at most the 4 MiB
/// a logic file may have.
bool looksLikeProblem(const QString& path) {
  if (QFileInfo(path).fileName() == QLatin1String("__init__.py")) return false;
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return true;  // unreadable: the run says why
  static const QRegularExpression def(QStringLiteral("^\\s*(class\\s+Model\\b|def\\s+get_inputs\\s*\\()"),
                                      QRegularExpression::MultilineOption);
  return def.match(QString::fromUtf8(f.read(4 << 20))).hasMatch();
}

}  // namespace

QString SuiteSkip::reason() const {
  if (isFolder())
    return QStringLiteral("a subfolder with %1 problem%2: not searched (give it to kwb suite to run them)")
        .arg(problems)
        .arg(problems == 1 ? QString() : QStringLiteral("s"));
  return QStringLiteral("defines neither class Model nor get_inputs(): a helper, not a problem");
}

namespace {
/// The problem files under @p dir at any depth (hidden folders and __pycache__ not looked into), at most @p cap.
int problemsUnder(const QString& dir, int cap = 10000) {
  int n = 0;
  QDirIterator it(dir, {QStringLiteral("*.py")}, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext() && n < cap) {
    const QString path = it.next();
    if (QDir(dir).relativeFilePath(path).contains(QLatin1String("__pycache__"))) continue;
    if (looksLikeProblem(path)) ++n;
  }
  return n;
}
}  // namespace

std::optional<QStringList> expandSuiteProblems(const QStringList& args, QString* error, QList<SuiteSkip>* skipped) {
  QStringList files;
  QStringList folders;  // subfolders that hold problems, for the error when there is nothing else
  for (const QString& a : args) {
    const QFileInfo fi(a);
    if (fi.isDir()) {
      const QStringList py = QDir(a).entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
      for (const QString& f : py) {
        const QString path = QDir(fi.absoluteFilePath()).filePath(f);
        if (looksLikeProblem(path))
          files << path;
        else if (skipped)
          skipped->append({path, 0});
      }
      // Subfolders are not run (a folder of KernelBench's levels would run 250 problems), but said: trial 24, #5
      // found broken/ beside five problems skipped without a word
      const QStringList subs = QDir(a).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
      for (const QString& sub : subs) {
        if (sub == QLatin1String("__pycache__")) continue;
        const QString path = QDir(fi.absoluteFilePath()).filePath(sub);
        if (const int n = problemsUnder(path); n > 0) {
          if (skipped) skipped->append({path + u'/', n});
          folders << QStringLiteral("%1/ (%2)").arg(path).arg(n);
        }
      }
    } else if (fi.isFile()) {
      files << fi.absoluteFilePath();
    } else {
      *error = QStringLiteral("%1: no such file or folder").arg(a);
      return std::nullopt;
    }
  }
  files.removeDuplicates();
  if (files.isEmpty()) {
    *error = QStringLiteral(
        "no problem to run (a folder gives its *.py files that define class Model or "
        "get_inputs())");
    if (!folders.isEmpty())
      *error += QStringLiteral("; subfolders are not searched, and these hold problems: %1: give them to kwb suite")
                    .arg(folders.join(QStringLiteral(", ")));
    return std::nullopt;
  }
  return files;
}

QString suiteSharedDir(const QString& outDir) { return QDir(outDir).filePath(QStringLiteral(".kwb-suite")); }

QMap<QString, QString> suiteHarnessEnv(const QString& outDir, const QString& target, int jobs) {
  QMap<QString, QString> env;
  if (target != QLatin1String("local")) return env;
  const QDir shared(suiteSharedDir(QDir(outDir).absolutePath()));
  env.insert(QStringLiteral("KWB_GPU_LOCK"), shared.filePath(QStringLiteral("gpu.lock")));
  env.insert(QStringLiteral("KWB_COPY_CEILING_FILE"), shared.filePath(QStringLiteral("copy_ceiling.json")));
  if (qEnvironmentVariableIsEmpty("TRITON_CACHE_DIR"))
    env.insert(QStringLiteral("TRITON_CACHE_DIR"), shared.filePath(QStringLiteral("cache/triton")));
  if (qEnvironmentVariableIsEmpty("TORCHINDUCTOR_CACHE_DIR"))
    env.insert(QStringLiteral("TORCHINDUCTOR_CACHE_DIR"), shared.filePath(QStringLiteral("cache/inductor")));
  // Problems side by side already fill the cores: Inductor's compile pool (a sidecar that imports torch again, then
  // one worker per core, in every harness that calls torch.compile) only adds imports and processes there
  // (DECISIONS "A suite's harnesses compile in-process"). The compiled code is the same either way.
  if (jobs > 1 && qEnvironmentVariableIsEmpty("TORCHINDUCTOR_COMPILE_THREADS") &&
      qgetenv("KWB_SUITE_COMPILE_POOL") != "1")
    env.insert(QStringLiteral("TORCHINDUCTOR_COMPILE_THREADS"), QStringLiteral("1"));
  return env;
}

// ------------------------------------------------------------------ SuiteRunner

SuiteRunner::SuiteRunner(SuiteOptions options, QObject* parent) : QObject(parent), m_opts(std::move(options)) {
  m_opts.jobs = qMax(1, m_opts.jobs);
  m_opts.outDir = QDir(m_opts.outDir).absolutePath();
  const QMap<QString, QString> shared = suiteHarnessEnv(m_opts.outDir, m_opts.target, m_opts.jobs);
  for (auto it = shared.cbegin(); it != shared.cend(); ++it)
    if (!m_opts.base.harnessEnv.contains(it.key())) m_opts.base.harnessEnv.insert(it.key(), it.value());
}

SuiteRunner::~SuiteRunner() = default;

void SuiteRunner::start() {
  QDir().mkpath(m_opts.outDir);
  if (!m_opts.gpuMemoryBasis.isEmpty()) Q_EMIT progress(m_opts.gpuMemoryBasis);
  // A device other than the target (an H100 lent for --gpu H200): said before the first problem, not found in a report
  if (const MeasuredDevice d = matchMeasuredDevice(m_opts.deviceName, suiteGpuId(m_opts.base.gpu)); !d.matchesTarget)
    Q_EMIT progress(QStringLiteral("device: the local GPU is %1, not the target %2: each problem is %3")
                        .arg(d.name, d.targetId,
                             d.ledgerId.isEmpty()
                                 ? QStringLiteral("measured there, with no utilization (the ledger does not know it)")
                                 : QStringLiteral("measured there and its utilization computed against %1's datasheet")
                                       .arg(d.ledgerId)));
  // Resume: a problem whose earlier entry has a verdict for the same file content is kept as it was.
  QList<SuiteEntry> earlier;
  int earlierCaseTimeout = BaselineOptions().caseTimeoutSec;
  QFile f(QDir(m_opts.outDir).filePath(QStringLiteral("suite.json")));
  if (f.open(QIODevice::ReadOnly)) {
    const auto doc = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
    // Verdicts are kept only for the same kind of run: another GPU, framework, mode or reference set is a
    // different measurement (a suite run with the seed's framework and then --framework triton kept the
    // first run's skeleton FAILs).
    QStringList changed;
    const auto same = [&](const char* key, const nlohmann::json& now) {
      if (doc.is_object() && doc.contains(key) && doc.at(key) != now) changed << QString::fromLatin1(key);
    };
    // the GPU by its ledger id: a suite.json from before wrote the name as given ("H200")
    if (doc.is_object() && doc.contains("gpu") && doc.at("gpu").is_string() &&
        suiteGpuId(QString::fromStdString(doc.at("gpu").get<std::string>())) != suiteGpuId(m_opts.base.gpu))
      changed << QStringLiteral("gpu");
    same("framework", m_opts.base.framework.toStdString());
    same("mode", m_opts.base.cpuDryRun ? "cpu-dry-run" : "gpu");
    same("compile_ref", m_opts.base.compileRef);
    if (changed.isEmpty())
      earlier = suiteEntriesFromJson(doc);
    else
      Q_EMIT progress(QStringLiteral("the earlier run in this folder differs in %1: every problem runs again")
                          .arg(changed.join(QStringLiteral(", "))));
    // A suite written before the field ran at the seed's default.
    if (doc.is_object() && doc.contains("case_timeout_s") && doc.at("case_timeout_s").is_number_integer())
      earlierCaseTimeout = doc.at("case_timeout_s").get<int>();
  }
  const QStringList names = suiteProblemNames(m_opts.problems, earlier);
  for (qsizetype i = 0; i < m_opts.problems.size(); ++i) {
    const QString& path = m_opts.problems[i];
    SuiteEntry e;
    e.source = path;
    e.name = names[i];
    e.sourceSha256 = fileSha(path);
    e.workspace = QDir(m_opts.outDir).filePath(QStringLiteral("kernel_opt_") + e.name);
    for (const SuiteEntry& old : earlier)
      if (old.source == path && old.state == QLatin1String("done") && old.sourceSha256 == e.sourceSha256 &&
          QFileInfo(old.workspace).isDir()) {
        // A TIMEOUT_FAIL runs again when the cases now get more time: the suite's own advice for it is
        // --case-timeout (new-user trial 5, R1: the rerun kept the old verdict in 0.05 s). So does a dry run whose
        // reference ran out of that time (DRY_RUN, "reference too slow on this CPU": trial 7, #4).
        // A dry run that checked nothing because its cases ran out of time (DRY_RUN_TIMEOUT since trial 18 #3; a
        // FAIL in a suite.json written before) likewise.
        const bool checkedNothing =
            old.status == QLatin1String(kDryRunTimeoutGate) ||
            (old.status == QLatin1String("FAIL") && old.error.startsWith(QLatin1String(kDryRunCheckedNothing)));
        const bool slowDryRun = checkedNothing || (old.status == QLatin1String("DRY_RUN") &&
                                                   old.error.contains(QLatin1String("reference too slow on this CPU")));
        if ((old.status == QLatin1String("TIMEOUT_FAIL") || slowDryRun) &&
            m_opts.base.caseTimeoutSec > earlierCaseTimeout) {
          Q_EMIT progress(QStringLiteral("%1: %2 at --case-timeout %3 s in an earlier run; runs again at %4 s")
                              .arg(e.name, !slowDryRun      ? old.status
                                           : checkedNothing ? old.status + QStringLiteral(" (dry run checked nothing)")
                                                            : QStringLiteral("DRY_RUN (reference too slow)"))
                              .arg(earlierCaseTimeout)
                              .arg(m_opts.base.caseTimeoutSec));
          continue;
        }
        e = old;
        e.resumed = true;
        Q_EMIT progress(QStringLiteral("%1: done in an earlier run (%2), not run again").arg(e.name, e.status));
      }
    // A problem that waited to run again alone after a shared CUDA OOM still does in the next call: the flag lived
    // only in the call that set it, so 98_KLDivLoss ran beside 13 others again and lost its verdict (session 34).
    for (const SuiteEntry& old : earlier)
      if (old.source == path && old.state == QLatin1String("pending") && old.sourceSha256 == e.sourceSha256 &&
          old.error == QLatin1String(kSuiteOomRetryNote) && e.state != QLatin1String("done")) {
        m_exclusive.insert(int(m_entries.size()));
        e.error = old.error;
        Q_EMIT progress(QStringLiteral("%1: ran out of GPU memory beside other problems in an earlier run: runs alone")
                            .arg(e.name));
      }
    m_entries.append(e);
  }
  // A finished problem of the earlier run that this list does not name stays in the suite (a rerun of a few
  // problems into the same folder rewrote suite.json with those few and dropped every other verdict: session 17's
  // H200 resume with the last 7 problems). It is not run; its workspace is where its row points.
  for (const SuiteEntry& old : earlier) {
    if (old.state != QLatin1String("done") || !QFileInfo(old.workspace).isDir()) continue;
    const bool listed =
        std::any_of(m_entries.cbegin(), m_entries.cend(), [&](const SuiteEntry& x) { return x.source == old.source; });
    if (listed) continue;
    SuiteEntry kept = old;
    kept.resumed = true;
    m_entries.append(kept);
    Q_EMIT progress(QStringLiteral("%1: done in an earlier run (%2), not in this list: kept in the suite, not run")
                        .arg(kept.name, kept.status));
  }
  QString why;
  if (!writeSuiteReports(m_opts, m_entries, &why)) m_reportError = why;
  if (!m_opts.base.harnessEnv.isEmpty()) QDir().mkpath(suiteSharedDir(m_opts.outDir));
  probeAll();
  QString error;
  const std::unique_ptr<Target> probe = makeTarget(m_opts.target, &error);
  m_array = dynamic_cast<const SlurmTarget*>(probe.get()) != nullptr;
  if (m_array)
    startArray();
  else
    startNext();
}

std::unique_ptr<BaselineJob> SuiteRunner::makeJob(int index) {
  const SuiteEntry& e = m_entries[index];
  BaselineOptions o = m_opts.base;
  o.logicPath = e.source;
  o.workspaceDir = e.workspace;
  o.target = m_opts.target;
  // The suite owns its workspaces: an unfinished one is regenerated (user edits are still kept).
  o.force = QFileInfo(e.workspace).isDir();
  auto job = std::make_unique<BaselineJob>(o);
  if (m_stopPoll) job->setStopPoll(m_stopPoll);
  if (auto it = m_probes.find(index); it != m_probes.end()) {
    job->setProbeResult(std::move(it->second));
    m_probes.erase(it);
  }
  BaselineJob* raw = job.get();
  const QString name = e.name;
  connect(raw, &BaselineJob::progress, this, [this, name](int phase, const QString& m) {
    Q_EMIT progress(QStringLiteral("%1 [phase %2] %3").arg(name).arg(phase).arg(m));
  });
  connect(raw, &BaselineJob::outputLine, this,
          [this, name](const QString& line, int ch) { Q_EMIT outputLine(name, line, ch); });
  connect(raw, &BaselineJob::caseFinished, this, [this, name](const CaseResult& r) { Q_EMIT caseFinished(name, r); });
  connect(raw, &BaselineJob::finished, this, [this, index](bool ok) {
    // Later, from the event loop: the job is deleted there, never inside its own signal.
    QMetaObject::invokeMethod(
        this, [this, index, ok] { onJobFinished(index, ok); }, Qt::QueuedConnection);
  });
  m_startedMs[index] = QDateTime::currentMSecsSinceEpoch();
  return job;
}

void SuiteRunner::startArray() {
  QList<int> ready;
  QStringList workspaces;
  for (int i = 0; i < m_entries.size() && !stopping(); ++i) {
    if (m_entries[i].state == QLatin1String("done")) continue;
    auto job = makeJob(i);
    BaselineJob* raw = job.get();
    m_running.emplace(i, std::move(job));
    Q_EMIT progress(
        QStringLiteral("%1: phases 1-3 (%2 of %3)").arg(m_entries[i].name).arg(i + 1).arg(m_entries.size()));
    if (raw->understand() && raw->learn() && raw->implement()) {
      ready << i;
      workspaces << m_entries[i].workspace;
    } else {
      // Recorded from the event loop, once every job of the array is in m_running.
      QMetaObject::invokeMethod(
          this, [this, i] { onJobFinished(i, false); }, Qt::QueuedConnection);
    }
  }
  if (ready.isEmpty() || m_cancelled) {
    for (int i : ready)
      QMetaObject::invokeMethod(
          this, [this, i] { onJobFinished(i, false); }, Qt::QueuedConnection);
    if (m_running.empty()) startNext();
    return;
  }
  QString error;
  std::unique_ptr<Target> made = makeTarget(m_opts.target, &error);
  auto* submitter = dynamic_cast<SlurmTarget*>(made.get());
  const QString scratch = QDir(m_opts.outDir).filePath(QStringLiteral(".kwb-array"));
  QDir().mkpath(scratch);
  m_arrayId = submitter ? submitter->submitArray(workspaces, m_running[ready.first()]->harnessCommand(), m_opts.jobs,
                                                 scratch, &error)
                        : QString();
  if (m_arrayId.isEmpty()) {
    Q_EMIT progress(QStringLiteral("the job array was not submitted: ") + error);
    for (int i : ready) {
      m_entries[i].error = error;
      QMetaObject::invokeMethod(
          this, [this, i] { onJobFinished(i, false); }, Qt::QueuedConnection);
    }
    return;
  }
  Q_EMIT progress(
      QStringLiteral("Slurm job array %1: %2 task(s), at most %3 at once (held until every workspace is in place)")
          .arg(m_arrayId)
          .arg(ready.size())
          .arg(m_opts.jobs));
  for (qsizetype k = 0; k < ready.size(); ++k) {
    std::shared_ptr<Target> t(makeTarget(m_opts.target, &error));
    if (auto* slurm = dynamic_cast<SlurmTarget*>(t.get()))
      slurm->followJob(QStringLiteral("%1_%2").arg(m_arrayId).arg(k));
    BaselineJob* job = m_running[ready[k]].get();
    job->setTarget(t);
    job->measureAndRecord();  // copies the workspace where needed (prepare), then follows the task
  }
  if (const QString why = submitter->releaseJob(m_arrayId); !why.isEmpty()) {
    Q_EMIT progress(why);
    cancel();
  }
}

bool probeFailureIsFinal(const ProbeError& e) {
  // Python's errors of a file's own code, and the probe's verdicts on its form: the same alone as in the batch
  static const QStringList fileKinds = {
      QStringLiteral("SyntaxError"),       QStringLiteral("IndentationError"),    QStringLiteral("TabError"),
      QStringLiteral("ImportError"),       QStringLiteral("ModuleNotFoundError"), QStringLiteral("NameError"),
      QStringLiteral("UnboundLocalError"), QStringLiteral("TypeError"),           QStringLiteral("AttributeError"),
      QStringLiteral("ValueError"),        QStringLiteral("IndexError"),          QStringLiteral("KeyError"),
      QStringLiteral("ZeroDivisionError"), QStringLiteral("AssertionError"),      QStringLiteral("NotImplementedError"),
      QStringLiteral("MissingModel"),      QStringLiteral("MissingGetInputs"),    QStringLiteral("DataDependentShape"),
      QStringLiteral("NonTensorOutput"),   QStringLiteral("RuntimeError")};
  if (!fileKinds.contains(e.kind)) return false;  // Timeout, ProcessError, MemoryError, BadOutput, an unknown kind
  // a RuntimeError is a shape's or a dtype's, unless it names the memory it could not get
  static const QRegularExpression memory(QStringLiteral(R"(out of memory|allocat|memory|resource|killed)"),
                                         QRegularExpression::CaseInsensitiveOption);
  return e.kind != QLatin1String("RuntimeError") || !memory.match(e.message).hasMatch();
}

namespace {
/// "; torch import 4.9 s, warm-up 5.1 s (212 modules), a problem 0.4 s median / 1.2 s max" from probe_batch.py's
/// summary (what the GPU A/B of the warm-up compares: docs/results/2026-12-05-v0fast34.md); "" without one.
QString probeBatchTimes(const nlohmann::json& summary) {
  if (!summary.is_object()) return {};
  QList<double> walls;
  for (const auto& r : summary.value("results", nlohmann::json::array()))
    if (r.is_object() && r.contains("wall_s") && r.at("wall_s").is_number()) walls << r.at("wall_s").get<double>();
  std::sort(walls.begin(), walls.end());
  const auto secs = [](double s) { return QStringLiteral("%1 s").arg(s, 0, 'f', 1); };
  QString text;
  if (summary.contains("torch_import_s") && summary.at("torch_import_s").is_number())
    text.append(QStringLiteral("; torch import %1").arg(secs(summary.at("torch_import_s").get<double>())));
  if (summary.contains("warm_s") && summary.at("warm_s").is_number()) {
    const nlohmann::json modules = summary.value("warm_modules", nlohmann::json(0));
    text.append(QStringLiteral(", warm-up %1 (%2 modules)")
                    .arg(secs(summary.at("warm_s").get<double>()))
                    .arg(modules.is_number_integer() ? modules.get<int>() : 0));
  } else if (summary.contains("warm_s")) {
    text.append(QStringLiteral(", no warm-up (KWB_PROBE_WARM=0)"));
  }
  if (!walls.isEmpty())
    text.append(
        QStringLiteral(", a problem %1 median / %2 max").arg(secs(walls[walls.size() / 2]), secs(walls.last())));
  return text;
}
}  // namespace

void SuiteRunner::probeAll() {
  QList<int> todo;
  for (int i = 0; i < m_entries.size(); ++i)
    if (m_entries[i].state != QLatin1String("done")) todo << i;
  if (todo.size() < 2) return;  // one problem: its own probe, as a single baseline
  QString error;
  const QString python =
      m_opts.base.python.isEmpty() ? findTorchPython(&error, [this] { return stopping(); }) : m_opts.base.python;
  if (python.isEmpty()) return;  // each job says why in phase 1
  // A resumed suite (another device call, same folder) reuses the specs of its earlier probes: the probe of
  // 127 problems took 107 s of a 560 s call on the H200 host. The key is the file's content, the interpreter
  // and the probe scripts (their folder is named after their hash), so an edit or another bundle probes again;
  // and the path, which the spec names (two files of the same text are two problems).
  const QString script = extractProbeScript(&error);
  const QDir cacheDir(QDir(suiteSharedDir(m_opts.outDir)).filePath(QStringLiteral("probes")));
  const auto cacheKey = [&](int i) {
    return sha256Hex(
        QStringList{m_entries[i].source, m_entries[i].sourceSha256, python, script}.join(QLatin1Char('\n')).toUtf8());
  };
  QList<int> unprobed;
  QStringList files;
  int cached = 0;
  for (int i : todo) {
    QFile f(cacheDir.filePath(cacheKey(i) + QStringLiteral(".json")));
    const auto spec = f.open(QIODevice::ReadOnly) ? nlohmann::json::parse(f.readAll().toStdString(), nullptr, false)
                                                  : nlohmann::json();
    if (!script.isEmpty() && spec.is_object() && specOpsProblem(spec).isEmpty()) {  // else probed again
      ProbeResult r;
      r.ok = true;
      r.exitCode = 0;
      r.spec = spec;
      acceptProbe(i, std::move(r));
      ++cached;
    } else {
      unprobed << i;
      files << m_entries[i].source;
    }
  }
  if (files.isEmpty()) {
    Q_EMIT progress(QStringLiteral("%1 problem(s) probed in an earlier run of this suite").arg(cached));
    return;
  }
  QElapsedTimer clock;
  clock.start();
  // Nothing else runs while the batch probes (every job waits for it), so it takes every core: 8 at a time left
  // half of the H200 host's 16 idle for ~100 s of a 560 s call (DECISIONS "A suite's harnesses compile in-process").
  // KWB_SUITE_PROBE_JOBS=N sets it (bench/gpu/v0fast34_ab.sh: 8 is the old figure).
  bool fixed = false;
  const int given = qEnvironmentVariableIntValue("KWB_SUITE_PROBE_JOBS", &fixed);
  const int jobs = fixed && given > 0 ? qMin(given, 64) : qBound(1, QThread::idealThreadCount(), 16);
  nlohmann::json batch;
  const QList<ProbeResult> results = runProbeBatch(
      python, files, jobs, 120000, {}, [this] { return stopping(); }, &batch);
  int ok = 0;
  int outOfTime = 0;
  int fileErrors = 0;
  QDir().mkpath(cacheDir.path());
  for (qsizetype k = 0; k < results.size() && k < unprobed.size(); ++k)
    if (results[k].ok) {
      if (!script.isEmpty())  // a cache that cannot be written costs the next call its time, nothing else
        atomicWrite(cacheDir.filePath(cacheKey(unprobed[k]) + QStringLiteral(".json")),
                    QByteArray::fromStdString(results[k].spec.dump()), nullptr);
      acceptProbe(unprobed[k], results[k]);
      ++ok;
    } else if (batch.is_object() && results[k].error && results[k].error->kind == QLatin1String("Timeout")) {
      // Its own limit ran out in a batch that finished (the batch's summary is only set then): probed again alone it
      // ran the whole limit a second time, 240 s for a file that hangs at import (new-user trial 24, #2). Its phase
      // 1 reports this timeout.
      m_probes[unprobed[k]] = results[k];
      ++outOfTime;
    } else if (batch.is_object() && results[k].error && probeFailureIsFinal(*results[k].error)) {
      // A SyntaxError or a TypeError fails alone as it failed here: 5-6 s each for nothing (new-user trial 25, #11).
      // What can depend on the batch's time or memory is probed again alone.
      m_probes[unprobed[k]] = results[k];
      ++fileErrors;
    }
  Q_EMIT progress(
      QStringLiteral("probed %1 problem(s) in one batch (one torch import, %2 at a time) in %3 s; %4 "
                     "ok%5%6%7")
          .arg(files.size())
          .arg(jobs)
          .arg(QString::number(double(clock.elapsed()) / 1000.0, 'f', 1))
          .arg(ok)
          .arg((outOfTime ? QStringLiteral(", %1 out of the probe's time limit (not probed again: phase 1 reports the "
                                           "timeout)")
                                .arg(outOfTime)
                          : QString()) +
               (fileErrors
                    ? QStringLiteral(", %1 failed in the file itself (not probed again: phase 1 reports the error)")
                          .arg(fileErrors)
                    : QString()) +
               (ok + outOfTime + fileErrors < files.size()
                    ? QStringLiteral(" (the others are probed again alone in their phase 1)")
                    : QString()))
          .arg(cached ? QStringLiteral("; %1 probed in an earlier run of this suite").arg(cached) : QString())
          .arg(probeBatchTimes(batch)));
}

void SuiteRunner::acceptProbe(int index, ProbeResult result) {
  if (const double bytes = suiteFootprintBytes(result.spec); bytes > 0)
    m_entries[index].footprintBytes = m_footprint[index] = bytes;
  m_probes[index] = std::move(result);
}

void SuiteRunner::cancel() {
  m_cancelled = true;
  for (auto& [index, job] : m_running) job->cancel();
  if (!m_arrayId.isEmpty()) {  // the tasks not started yet have no follower to cancel them
    QString error;
    std::unique_ptr<Target> t = makeTarget(m_opts.target, &error);
    if (auto* slurm = dynamic_cast<SlurmTarget*>(t.get())) slurm->cancelJob(m_arrayId);
  }
}

namespace {
/// Bytes of one element of a torch dtype name ("float32", "int64", ...); 4 for one not listed.
double dtypeBytes(const std::string& d) {
  if (d == "float64" || d == "int64" || d == "complex64" || d == "uint64") return 8.0;
  if (d == "float16" || d == "bfloat16" || d == "int16" || d == "uint16") return 2.0;
  if (d == "int8" || d == "uint8" || d == "bool" || d.rfind("float8", 0) == 0) return 1.0;
  if (d == "complex128") return 16.0;
  return 4.0;
}
}  // namespace

namespace {
/// Bytes of the tensors listed in a spec array ("inputs" or "outputs"): dtype x shape of each tensor entry.
double tensorBytes(const nlohmann::json& list) {
  double total = 0.0;
  if (!list.is_array()) return 0.0;
  for (const auto& t : list) {
    if (!t.is_object() || t.value("kind", std::string("tensor")) != "tensor" || !t.contains("shape") ||
        !t.at("shape").is_array())
      continue;
    const nlohmann::json& dt = t.contains("dtype") ? t.at("dtype") : nlohmann::json();
    double n = dtypeBytes(dt.is_string() ? dt.get<std::string>() : std::string("float32"));
    for (const auto& d : t.at("shape")) n *= d.is_number() ? qMax(0.0, d.get<double>()) : 0.0;
    total += n;
  }
  return total;
}

/// Ops whose output shares its input's storage: the model's output reached through one is the same bytes.
bool isViewOp(const std::string& op) {
  static const std::set<std::string> views = {
      "aten::view",   "aten::_unsafe_view", "aten::reshape", "aten::permute",   "aten::transpose",
      "aten::t",      "aten::expand",       "aten::squeeze", "aten::unsqueeze", "aten::slice",
      "aten::select", "aten::as_strided",   "aten::alias",   "aten::flatten",   "aten::detach"};
  return views.count(op) > 0;
}
}  // namespace

std::optional<LocalGpuDevice> parseNvidiaSmiDevices(const QString& csv, const QString& cudaVisibleDevices,
                                                    QString* error) {
  struct Row {
    QString index, uuid;
    LocalGpuDevice device;
  };
  QList<Row> rows;
  for (const QString& raw : csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
    const QString line = raw.trimmed();
    if (line.isEmpty()) continue;
    const QStringList f = line.split(QLatin1Char(','));
    bool ok = false;
    const double mib = f.size() >= 4 ? f[2].trimmed().toDouble(&ok) : 0.0;
    if (!ok || !(mib > 0)) {
      if (error)
        *error = QStringLiteral("nvidia-smi printed \"%1\", not \"index, uuid, memory.total, name\"").arg(line);
      return std::nullopt;
    }
    Row r;
    r.index = f[0].trimmed();
    r.uuid = f[1].trimmed();
    r.device.totalBytes = mib * 1024.0 * 1024.0;
    r.device.name = f.mid(3).join(QLatin1Char(',')).trimmed();  // a name with a comma stays whole
    rows << r;
  }
  if (rows.isEmpty()) {
    if (error) *error = QStringLiteral("nvidia-smi listed no GPU");
    return std::nullopt;
  }
  const QString first = cudaVisibleDevices.split(QLatin1Char(',')).value(0).trimmed();
  if (first.isEmpty()) return rows.first().device;
  for (const Row& r : rows)
    if (r.index == first || (first.startsWith(QLatin1String("GPU-")) && r.uuid.startsWith(first))) return r.device;
  if (error) *error = QStringLiteral("CUDA_VISIBLE_DEVICES=%1 names no GPU nvidia-smi listed").arg(cudaVisibleDevices);
  return std::nullopt;
}

std::optional<LocalGpuDevice> queryLocalGpuDevice(int timeoutMs, QString* error) {
  QProcess p;
  p.setProcessChannelMode(QProcess::SeparateChannels);
  p.start(QStringLiteral("nvidia-smi"), {QStringLiteral("--query-gpu=index,uuid,memory.total,name"),
                                         QStringLiteral("--format=csv,noheader,nounits")});
  if (!p.waitForStarted(timeoutMs)) {
    if (error) *error = QStringLiteral("nvidia-smi could not be started (%1)").arg(p.errorString());
    return std::nullopt;
  }
  if (!p.waitForFinished(timeoutMs)) {  // a wedged driver must not hold the suite: bounded, then killed
    p.kill();
    p.waitForFinished(1000);
    if (error) *error = QStringLiteral("nvidia-smi did not answer within %1 s").arg(timeoutMs / 1000.0);
    return std::nullopt;
  }
  if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
    if (error)
      *error = QStringLiteral("nvidia-smi failed (exit code %1): %2")
                   .arg(p.exitCode())
                   .arg(QString::fromLocal8Bit(p.readAllStandardError()).trimmed().left(200));
    return std::nullopt;
  }
  return parseNvidiaSmiDevices(QString::fromLocal8Bit(p.readAllStandardOutput()),
                               QProcessEnvironment::systemEnvironment().value(QStringLiteral("CUDA_VISIBLE_DEVICES")),
                               error);
}

SuiteMemoryBudget suiteMemoryBudget(const QString& targetId, double datasheetGB,
                                    const std::optional<LocalGpuDevice>& device, const QString& deviceError) {
  SuiteMemoryBudget b;
  const double sheet = datasheetGB > 0 ? datasheetGB * 1e9 : 0.0;
  const double real = device && device->totalBytes > 0 ? device->totalBytes : 0.0;
  const auto gb = [](double bytes) { return QString::number(bytes / 1e9, 'f', 1); };
  if (real > 0 && (sheet <= 0 || real < sheet)) {
    b.bytes = 0.8 * real;
    b.basis = QStringLiteral("GPU memory admission: %1 GB in flight (80 % of the device %2's %3 GB%4)")
                  .arg(gb(b.bytes), device->name, gb(real),
                       sheet > 0 ? QStringLiteral("; the target %1's datasheet says %2 GB").arg(targetId, gb(sheet))
                                 : QString());
  } else if (sheet > 0) {
    b.bytes = 0.8 * sheet;
    b.basis =
        QStringLiteral("GPU memory admission: %1 GB in flight (80 % of the target %2's datasheet %3 GB%4)")
            .arg(gb(b.bytes), targetId, gb(sheet),
                 real > 0                ? QStringLiteral("; the device %1 has %2 GB").arg(device->name, gb(real))
                 : deviceError.isEmpty() ? QString()
                                         : QStringLiteral("; the device's own memory is not known: ") + deviceError);
  }
  return b;
}

bool suiteOomText(const QString& text) {
  // torch.OutOfMemoryError ("CUDA out of memory. Tried to allocate ..."), torch.AcceleratorError ("CUDA error: out of
  // memory", a context or cuBLAS handle that could not be made) and Triton's launcher ("Triton Error [CUDA]: out of
  // memory") all say it in these words; cudaErrorMemoryAllocation is the runtime's name for it.
  return text.contains(QLatin1String("out of memory"), Qt::CaseInsensitive) ||
         text.contains(QLatin1String("cudaErrorMemoryAllocation"));
}

bool suiteFailedOnlyByOom(const RunOutcome& o) {
  if (o.cancelled || o.timedOut) return false;
  int oom = 0;
  // The merged cases (every process of the run): the last process's document alone lists only the cases it ran, so a
  // sticky OOM in the first process, resumed in a fresh one, read as all PASS there (55_conv_standard_2D, session 34).
  const QList<CaseResult>& cases = o.result ? o.result->cases : o.cases;
  for (const CaseResult& c : cases) {
    if (c.passed() || skippedAsVacuous(c)) continue;
    if (!suiteOomText(c.reason)) return false;  // any other failure is a verdict on the kernel
    ++oom;
  }
  // The harness's own error, where no case ran (98_KLDivLoss: "AcceleratorError: CUDA error: out of memory" at its
  // start), and the run's error (a harness that died with the OOM as its last words): signs, never vetoes; a case's
  // failure above is what vetoes.
  if (o.result && o.result->raw.is_object() && o.result->raw.contains("error") &&
      o.result->raw.at("error").is_string() &&
      suiteOomText(QString::fromStdString(o.result->raw.at("error").get<std::string>())))
    ++oom;
  if (suiteOomText(o.error)) ++oom;
  return oom > 0;
}

double suiteWeightBytes(const nlohmann::json& spec) {
  if (!spec.is_object() || !spec.contains("model") || !spec.at("model").is_object()) return 0.0;
  const nlohmann::json& model = spec.at("model");
  double total = 0.0;
  for (const char* key : {"parameters", "buffers"})
    if (model.contains(key)) total += tensorBytes(model.at(key));
  return total;
}

double suiteFootprintBytes(const nlohmann::json& spec) {
  if (!spec.is_object() || !spec.contains("bytes") || !spec.at("bytes").is_object() ||
      !spec.at("bytes").value("value", nlohmann::json()).is_number())
    return 0.0;
  const double minimum = spec.at("bytes").at("value").get<double>();
  if (!(minimum > 0.0) || !std::isfinite(minimum)) return 0.0;
  // The op ids that hold the model's outputs (an output's "ref", and what a view of it was taken from): their
  // bytes are the outputs themselves, counted in the harness term, not an intermediate of the reference.
  std::set<std::string> outputOps;
  std::map<std::string, std::string> viewOf;  // a view op's id -> its input's
  if (spec.contains("ops") && spec.at("ops").is_array())
    for (const auto& op : spec.at("ops"))
      if (op.is_object() && op.value("id", nlohmann::json()).is_string() && isViewOp(op.value("op", std::string())) &&
          op.contains("input_refs") && op.at("input_refs").is_array() && !op.at("input_refs").empty() &&
          op.at("input_refs")[0].is_string())
        viewOf[op.at("id").get<std::string>()] = op.at("input_refs")[0].get<std::string>();
  if (spec.contains("outputs") && spec.at("outputs").is_array())
    for (const auto& out : spec.at("outputs"))
      if (out.is_object() && out.value("ref", nlohmann::json()).is_string())
        for (std::string id = out.at("ref").get<std::string>(); !id.empty() && outputOps.insert(id).second;) {
          const auto it = viewOf.find(id);
          id = it == viewOf.end() ? std::string() : it->second;
        }
  double largest = 0.0;        // the largest tensor any op of the probe's graph produced, the model's outputs aside
  double sum = 0.0;            // all of them
  double intermediates = 0.0;  // the eager reference's own allocations: neither the model's outputs nor views
  double convolution = 0.0;    // the largest convolution's input + output: cuDNN's workspace is of that order
  if (spec.contains("ops") && spec.at("ops").is_array())
    for (const auto& op : spec.at("ops")) {
      if (!op.is_object() || !op.contains("outputs") || !op.at("outputs").is_array()) continue;
      const bool isOutput =
          op.value("id", nlohmann::json()).is_string() && outputOps.count(op.at("id").get<std::string>());
      const bool view = isViewOp(op.value("op", std::string()));
      const double produced = tensorBytes(op.at("outputs"));
      for (const auto& t : op.at("outputs")) {
        if (!t.is_object() || !t.contains("shape") || !t.at("shape").is_array()) continue;
        const nlohmann::json& dt = t.contains("dtype") ? t.at("dtype") : nlohmann::json();
        double n = dtypeBytes(dt.is_string() ? dt.get<std::string>() : std::string("float32"));
        for (const auto& d : t.at("shape")) n *= d.is_number() ? qMax(0.0, d.get<double>()) : 0.0;
        if (!isOutput) largest = qMax(largest, n);
        if (!isOutput && !view) intermediates += n;
        sum += n;
      }
      if (op.value("op", std::string()) == "aten::convolution" && op.contains("inputs") && op.at("inputs").is_array() &&
          !op.at("inputs").empty())
        convolution = qMax(convolution, tensorBytes(nlohmann::json::array({op.at("inputs")[0]})) + produced);
    }
  // The harness's own tensors (session 11, bench/harness/harness_memory.py): at most 2 I + O + max(I, O) live at
  // once (the check: base, kernel output, reference inputs and output; the timing: both value sets, the copy
  // timed and one output), I and O the inputs' and outputs' bytes; without them in the spec, 3 B bounds it.
  const double in = tensorBytes(spec.value("inputs", nlohmann::json()));
  const double out = tensorBytes(spec.value("outputs", nlohmann::json()));
  const double harness = in > 0.0 && out > 0.0 ? 2.0 * in + out + qMax(in, out) : kSuiteFootprintFactor * minimum;
  // The eager reference runs beside the harness's tensors, so its intermediates add to them (94_MSELoss: 3 I + the
  // sub's and the pow's outputs, 4.0 I measured), at most 3 L of them counted (a chain frees them as it goes;
  // 98_KLDivLoss holds four of L, the margin below covers it); the model's weights are held kSuiteModelCopies times
  // (Model, ModelNew and each low-precision case's copies).
  const double reference =
      harness + qMin(intermediates, 3.0 * largest) + convolution + kSuiteModelCopies * suiteWeightBytes(spec);
  return 1.05 * qMax(qMax(reference, 2.0 * largest + 2.0 * minimum), 0.6 * sum) + 1.5e9;
}

void SuiteRunner::startNext() {
  while (!m_array && !stopping() && int(m_running.size()) < m_opts.jobs) {
    // Admission: of the problems not started yet, the largest estimated GPU footprint that fits beside the
    // ones in flight (in the given order among equals; with no estimates, the given order). A problem that
    // does not fit waits while smaller ones run, instead of holding up the queue behind it, and the large ones
    // start early, where they overlap with the many small ones rather than running one by one at the end.
    // A problem larger than the whole budget runs when nothing else does.
    int pick = -1;
    int firstWaiting = -1;
    double pickBytes = -1.0;
    const bool exclusiveRunning = std::any_of(m_running.cbegin(), m_running.cend(),
                                              [this](const auto& r) { return m_exclusive.count(r.first) > 0; });
    for (int i = 0; i < m_entries.size(); ++i) {
      if (m_entries[i].state == QLatin1String("done") || m_startedMs.count(i) || m_running.count(i)) continue;
      const double bytes = m_footprint.count(i) ? m_footprint.at(i) : 0.0;
      // A retry after a shared CUDA OOM runs alone, and nothing starts beside it.
      const bool fits = m_exclusive.count(i) ? m_running.empty()
                        : exclusiveRunning   ? false
                                             : m_opts.gpuMemoryBytes <= 0 || m_running.empty() ||
                                                 m_inFlightBytes + bytes <= m_opts.gpuMemoryBytes;
      if (!fits) {
        if (firstWaiting < 0) firstWaiting = i;
        continue;
      }
      if (bytes > pickBytes) {
        pick = i;
        pickBytes = bytes;
      }
    }
    if (pick < 0) {
      if (firstWaiting >= 0 && m_waitNoted.insert(firstWaiting).second) {
        const double bytes = m_footprint.count(firstWaiting) ? m_footprint.at(firstWaiting) : 0.0;
        Q_EMIT progress(QStringLiteral("%1: waits for GPU memory (needs ~%2 GB, %3 GB of %4 GB in use)")
                            .arg(m_entries[firstWaiting].name, QString::number(bytes / 1e9, 'f', 1),
                                 QString::number(m_inFlightBytes / 1e9, 'f', 1),
                                 QString::number(m_opts.gpuMemoryBytes / 1e9, 'f', 0)));
      }
      break;
    }
    const int index = pick;
    if (m_entries[index].error == QLatin1String(kSuiteOomRetryNote)) m_entries[index].error.clear();
    m_inFlightBytes += pickBytes > 0 ? pickBytes : 0.0;
    auto job = makeJob(index);
    BaselineJob* raw = job.get();
    m_running.emplace(index, std::move(job));
    if (m_running.size() > 1)
      for (const auto& r : m_running) m_sharedGpu.insert(r.first);
    // k of N counts problems begun (finished, including in an earlier run, or running now), not the list's order:
    // admission starts the largest that fits first, so an index read "3 of 6, 1 of 6, 6 of 6" (new-user trial 4).
    const auto finished = std::count_if(m_entries.cbegin(), m_entries.cend(),
                                        [](const SuiteEntry& x) { return x.state != QLatin1String("pending"); });
    Q_EMIT progress(QStringLiteral("%1: started (%2 of %3)")
                        .arg(m_entries[index].name)
                        .arg(static_cast<qsizetype>(finished) + static_cast<qsizetype>(m_running.size()))
                        .arg(m_entries.size()));
    raw->runAll();  // phases 1-3 block here; phase 4 runs on the event loop
  }
  if (m_running.empty() && !m_finished) {
    m_finished = true;
    QString why;
    if (!writeSuiteReports(m_opts, m_entries, &why)) m_reportError = why;
    bool all = true;
    for (const SuiteEntry& e : m_entries)
      all = all && (e.status == QLatin1String("PASS") || e.status == QLatin1String("DRY_RUN"));
    Q_EMIT finished(all);
  }
}

bool SuiteRunner::stopping() {
  if (!m_cancelled && m_stopPoll && m_stopPoll()) m_cancelled = true;
  return m_cancelled;
}

void SuiteRunner::onJobFinished(int index, bool ok) {
  auto it = m_running.find(index);
  if (it == m_running.end()) return;
  stopping();  // a stop polled during the job's phases 1-3 reads as stopped, not as an error
  std::unique_ptr<BaselineJob> job = std::move(it->second);
  m_running.erase(it);
  if (m_footprint.count(index)) m_inFlightBytes = qMax(0.0, m_inFlightBytes - m_footprint.at(index));
  SuiteEntry& e = m_entries[index];
  e.wallSec = double(QDateTime::currentMSecsSinceEpoch() - m_startedMs[index]) / 1000.0;
  e.status = job->gateResult();
  // A skeleton has no kernel: whatever its cases did (a dry run's slow CPU reference timed out), the problem's line
  // says SKELETON and why, from phase 3's plan (new-user trial 5, R2: it read TIMEOUT_FAIL with --case-timeout advice).
  const bool skeleton = job->isSkeleton() && !e.status.isEmpty();
  if (skeleton) e.status = QStringLiteral("SKELETON");
  e.commit = job->commitId();
  const auto& outcome = job->outcome();
  if (!e.status.isEmpty() && outcome && !outcome->cancelled) {
    e.state = QStringLiteral("done");
  } else if ((outcome && outcome->cancelled) || m_cancelled) {
    // Stopped (Ctrl-C, the GUI's Stop): no verdict, nothing wrong with the problem; the next run takes it up.
    e.state = QStringLiteral("pending");
    e.status.clear();
    e.error = QString::fromUtf8(kSuiteStoppedNote);
  } else {
    e.state = QStringLiteral("error");
    e.status = QStringLiteral("ERROR");
    // the phase kwb names ("[phase 1] error: ..."); a run that reached the harness without a verdict is phase 4's
    e.failedPhase = job->failedPhase() > 0 ? job->failedPhase() : (outcome ? 4 : 0);
  }
  if (skeleton && e.state == QLatin1String("done"))
    e.error =
        QStringLiteral("no kernel: kernel.py is a skeleton marked unimplemented (%1)")
            .arg(job->skeletonReason().isEmpty() ? QStringLiteral("see plans/v0_plan.md") : job->skeletonReason());
  // A FAIL's "why not PASS" is the gate's reason, as an ERROR's and a SKELETON's are: it read only "quality gate FAIL:
  // see …/baseline_report.md", the cause one click away (new-user trial 10, #10).
  if (e.state == QLatin1String("done") && !skeleton && e.status != QLatin1String("PASS") &&
      e.status != QLatin1String("DRY_RUN") && e.error.isEmpty() && !job->gateReason().isEmpty())
    e.error =
        QStringLiteral("quality gate %1: %2 (see %3)")
            .arg(e.status, job->gateReason(), QDir(job->workspaceDir()).filePath(recordPaths(job->version()).report));
  // A PASS timed nowhere says so in its row, not only in its report (trial 31's p02 / p05, session 45)
  if (e.state == QLatin1String("done") && e.status == QLatin1String("PASS") && e.error.isEmpty() &&
      job->gateReason().startsWith(QLatin1String(kUntimedPass)))
    e.error = job->gateReason();
  if (!ok && e.error.isEmpty()) e.error = job->lastError().isEmpty() && outcome ? outcome->error : job->lastError();
  // A phase-1 error starts with the logic file's absolute path, as `kwb analyze` prints it: in the suite table's "why
  // not PASS" cell and the report's excerpt that path pushed the cause out of sight (new-user trial 24, #10: "…
  // MissingGetInputs: the logic file defines… "). The row names the problem; the file name keeps its ":line".
  if (e.error.startsWith(e.source + u':')) e.error = QFileInfo(e.source).fileName() + e.error.mid(e.source.size());
  // A dry run whose reference ran out of the case time says so in the suite (its "why not PASS"), and the resume
  // reads it: a larger --case-timeout runs it again (trial 7, #4).
  if (e.state == QLatin1String("done") && e.status == QLatin1String("DRY_RUN") && e.error.isEmpty() &&
      job->gateReason().contains(QLatin1String("reference too slow on this CPU")))
    e.error = job->gateReason().mid(job->gateReason().indexOf(QLatin1String("reference too slow on this CPU")));
  // A dry run that checked nothing says why in its row, not "see baseline_report.md" (trial 10, #4)
  if (e.state == QLatin1String("done") &&
      (e.status == QLatin1String("FAIL") || e.status == QLatin1String(kDryRunTimeoutGate)) &&
      job->gateReason().startsWith(QLatin1String(kDryRunCheckedNothing)))
    e.error = job->gateReason();
  // Out of GPU memory beside other problems: the suite's admission erred, the kernel has no verdict yet. It runs
  // again once, alone (a second OOM alone is the problem's own verdict).
  if (e.state == QLatin1String("done") && e.status != QLatin1String("PASS") && !m_cancelled && outcome &&
      m_sharedGpu.count(index) && !m_exclusive.count(index) && suiteFailedOnlyByOom(*outcome)) {
    m_exclusive.insert(index);
    m_sharedGpu.erase(index);
    m_startedMs.erase(index);
    e.state = QStringLiteral("pending");
    e.status.clear();
    e.error = QString::fromUtf8(kSuiteOomRetryNote);
    Q_EMIT progress(QStringLiteral("%1: %2 (%3 s)").arg(e.name, e.error, QString::number(e.wallSec, 'f', 1)));
    QString why;
    if (!writeSuiteReports(m_opts, m_entries, &why)) m_reportError = why;
    job.reset();  // releases the workspace's lock before the retry takes it
    startNext();
    return;
  }
  if (outcome && outcome->result) {
    const RunResult& r = *outcome->result;
    // A skeleton's harness compared no kernel of ours, and a CPU dry run checks the reference against itself:
    // neither rel_err is the problem's (DECISIONS, session 15), so the suite shows none.
    if (!skeleton && !m_opts.base.cpuDryRun) e.maxRelErr = r.maxRelErr;
    if (r.raw.is_object() && r.raw.contains("gpu_lock")) e.lockWaitSec = optNumber(r.raw["gpu_lock"], "waited_s");
    if (r.raw.is_object()) e.gpuPeakBytes = optNumber(r.raw, "gpu_peak_bytes");
    if (!m_opts.base.cpuDryRun) e.device = r.gpu;  // a dry run's harness ran on the CPU
    if (!m_opts.base.cpuDryRun) {                  // a dry run's numbers are the CPU reference's, not a measurement
      e.latencyUs = r.latencyUs;
      e.refLatencyUs = r.refLatencyUs;
      e.compileLatencyUs = r.compileRefLatencyUs;
      e.compileError = suiteCompileError(r, m_opts.base.compileRef);
    }
  }
  if (const auto& u = job->utilization(); u && u->ok && !m_opts.base.cpuDryRun) {
    e.bandwidthUtilPct = u->bandwidthUtilPct;
    e.bandwidthUtilVsCopyPct = u->bandwidthUtilVsMeasuredPct;
    if (!u->bandwidthOnly) e.computeUtilPct = u->tflopsUtilPct;  // no compute roof for an integer problem
    e.bottleneck = u->bottleneck;
  }
  Q_EMIT progress(QStringLiteral("%1: %2 (%3 s)%4")
                      .arg(e.name, e.status.isEmpty() ? QStringLiteral("STOPPED") : e.status,
                           QString::number(e.wallSec, 'f', 1),
                           e.error.isEmpty() ? QString() : QStringLiteral(": ") + e.error));
  QString why;
  if (!writeSuiteReports(m_opts, m_entries, &why)) m_reportError = why;
  Q_EMIT problemFinished(e);
  startNext();
}

}  // namespace kwb
