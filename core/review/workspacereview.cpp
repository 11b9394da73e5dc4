#include "core/review/workspacereview.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QTimeZone>

#include <algorithm>

#include "core/perf/utilization.h"
#include "core/records/baselinereport.h"
#include "core/records/versions.h"
#include "core/run/target.h"  // shellQuote

namespace kwb {

namespace {

nlohmann::json readJson(const QString& path, QString* why) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    *why = f.errorString();
    return nlohmann::json();
  }
  nlohmann::json j = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
  if (j.is_discarded()) {
    *why = QStringLiteral("not valid JSON");
    return nlohmann::json();
  }
  return j;
}

QString str(const nlohmann::json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? QString::fromStdString(j[key].get<std::string>())
                                                                : QString();
}

std::optional<double> num(const nlohmann::json& v) {
  return v.is_number() ? std::optional<double>(v.get<double>()) : std::nullopt;
}

bool isWorkspace(const QDir& d) { return d.exists(QStringLiteral("reference.py")) || d.exists(QStringLiteral(".kwb")); }

// Same mapping as the pipeline's ledgerDtype (torch name → ledger key); kept here so reading a
// workspace does not pull in the pipeline.
QString ledgerKey(const QString& t) {
  if (t == QLatin1String("float32")) return QStringLiteral("fp32");
  if (t == QLatin1String("bfloat16")) return QStringLiteral("bf16");
  if (t == QLatin1String("float16")) return QStringLiteral("fp16");
  if (t == QLatin1String("float64")) return QStringLiteral("fp64");
  return t;
}

struct RunFile {
  QList<CaseResult> cases;
  std::optional<RunResult> result;
  bool cancelled = false;
  bool ok = false;
};

std::optional<RunFile> readRunFile(const QString& runDir, QString* why) {
  const nlohmann::json j = readJson(QDir(runDir).filePath(QStringLiteral("result.json")), why);
  if (!j.is_object()) return std::nullopt;
  RunFile r;
  r.cancelled = j.value("cancelled", false);
  r.ok = j.value("ok", false);
  if (j.contains("cases") && j["cases"].is_array())
    for (const auto& c : j["cases"]) {
      QString e;
      if (auto cr = caseResultFromJson(c, &e)) r.cases.append(*cr);
    }
  if (j.contains("result") && j["result"].is_object()) {
    QString e;
    r.result = runResultFromJson(j["result"], &e);
  }
  return r;
}

/// @p reason with the skeleton's own reason after "kernel.py is a skeleton marked unimplemented[ (the harness was
/// not run)]" when it ends there and @p status (the record's baseline configuration status) is "unimplemented
/// skeleton: <why>"; @p reason as given otherwise (a newer record names it already).
QString withSkeletonReason(const QString& reason, const QString& status) {
  static const QString prefix = QStringLiteral("unimplemented skeleton: ");
  static const QRegularExpression bare(
      QStringLiteral("kernel\\.py is a skeleton marked unimplemented( \\(the harness was not run\\))?$"));
  if (!status.startsWith(prefix) || status.size() == prefix.size() || !bare.match(reason).hasMatch()) return reason;
  return reason + QStringLiteral(": ") + status.mid(prefix.size());
}

}  // namespace

QList<RunLogLine> readRunLog(const QString& logPath, int maxLines) {
  QList<RunLogLine> lines;
  if (logPath.isEmpty() || maxLines <= 0) return lines;
  QFile f(logPath);
  if (!f.open(QIODevice::ReadOnly)) return lines;
  while (!f.atEnd()) {
    QString line = QString::fromUtf8(f.readLine());
    if (line.endsWith(u'\n')) line.chop(1);
    RunLogLine l;
    if (line.startsWith(QLatin1String("[out] ")))
      l = {line.mid(6), 0};
    else if (line.startsWith(QLatin1String("[err] ")))
      l = {line.mid(6), 1};
    else if (line.startsWith(QLatin1String("[kwb] ")))
      l = {line.mid(6), -1};
    else
      l = {line, -1};
    lines.append(l);
    if (lines.size() > maxLines) lines.removeFirst();
  }
  return lines;
}

QList<CaseComparison> compareRuns(const QList<CaseResult>& a, const QList<CaseResult>& b) {
  QList<CaseComparison> rows;
  for (const CaseResult& c : a) rows.append({c.name, c, std::nullopt});
  for (const CaseResult& c : b) {
    auto it = std::find_if(rows.begin(), rows.end(), [&c](const CaseComparison& r) { return r.name == c.name; });
    if (it != rows.end())
      it->b = c;
    else
      rows.append({c.name, std::nullopt, c});
  }
  return rows;
}

bool isSkeletonKernel(const QString& kernelPy) {
  QFile f(kernelPy);
  if (!f.open(QIODevice::ReadOnly)) return false;
  static const QRegularExpression marker(QStringLiteral("^UNIMPLEMENTED\\s*=\\s*True\\b"),
                                         QRegularExpression::MultilineOption);
  return marker.match(QString::fromUtf8(f.readAll())).hasMatch();
}

int kernelModelNewLine(const QString& kernelPy) {
  QFile f(kernelPy);
  if (!f.open(QIODevice::ReadOnly)) return 0;
  static const QRegularExpression index(QStringLiteral("^# Index: ModelNew at line (\\d+)\\b"));
  int line = 0, lines = 0;
  while (!f.atEnd()) {
    const QString text = QString::fromUtf8(f.readLine());
    ++lines;
    if (lines <= 80 && line == 0)
      if (const QRegularExpressionMatch m = index.match(text); m.hasMatch()) line = m.captured(1).toInt();
  }
  return line > 0 && line <= lines ? line : 0;
}

bool resolveReviewPath(const QString& path, QString* workspace, QString* runDir) {
  QFileInfo fi(path);
  if (!fi.exists()) return false;
  QDir d(fi.isDir() ? fi.absoluteFilePath() : fi.absolutePath());
  // .kwb/runs/<stamp>: three levels below the workspace.
  QDir up = d;
  if (up.cdUp() && up.dirName() == QLatin1String("runs") && up.cdUp() && up.dirName() == QLatin1String(".kwb") &&
      up.cdUp() && isWorkspace(up)) {
    *workspace = up.absolutePath();
    *runDir = d.absolutePath();
    return true;
  }
  if (fi.isDir() && isWorkspace(d)) {
    *workspace = d.absolutePath();
    runDir->clear();
    return true;
  }
  return false;
}

QList<RunEntry> listRuns(const QString& workspace) {
  QList<RunEntry> runs;
  const QDir dir(QDir(workspace).filePath(QStringLiteral(".kwb/runs")));
  QStringList names = dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
  // Newest first; "<stamp>_2" came after "<stamp>" (a plain name sort puts it first).
  std::sort(names.begin(), names.end(), [](const QString& x, const QString& y) {
    const QString kx = x.left(15), ky = y.left(15);
    if (kx != ky) return kx > ky;
    return x.mid(16).toInt() > y.mid(16).toInt();
  });
  for (const QString& name : names) {
    RunEntry e;
    e.stamp = name;
    e.dir = dir.absoluteFilePath(name);
    e.when =
        QDateTime::fromString(name.left(15), QStringLiteral("yyyyMMdd-HHmmss"));  // "_2": a second run in that second
    e.when.setTimeZone(QTimeZone::utc());
    QString why;
    if (const auto rf = readRunFile(e.dir, &why)) {
      e.caseCount = static_cast<int>(rf->cases.size());
      e.status = rf->cancelled ? QStringLiteral("STOPPED") : rf->result ? rf->result->status : QStringLiteral("ERROR");
      e.dryRun = rf->result && rf->result->mode == QLatin1String("cpu-dry-run");
    }
    runs.append(e);
  }
  return runs;
}

// The reason of an interrupted run (Verdict::Incomplete): its folder, what the records hold, and the command that runs
// it again: @p rerun as the job wrote it in run.json, else one made from the spec (a run from before run.json).
static QString interruptedRunText(const WorkspaceReview& r, const QString& recordedRun, const QString& rerun) {
  QStringList cmd{QStringLiteral("kwb"), QStringLiteral("baseline"),
                  r.sourcePath.isEmpty() ? QStringLiteral("PROBLEM.py") : r.sourcePath};
  if (!r.gpu.isEmpty()) cmd << QStringLiteral("--gpu") << r.gpu;
  if (!r.framework.isEmpty()) cmd << QStringLiteral("--framework") << r.framework;
  if (r.mode == QLatin1String("cpu-dry-run")) cmd << QStringLiteral("--cpu-dry-run");
  cmd << QStringLiteral("--workspace") << r.root << QStringLiteral("--force");
  QStringList quoted;
  for (const QString& w : std::as_const(cmd)) quoted << shellQuote(w);
  const QString run = QDir(r.root).relativeFilePath(r.runDir);
  // A later version's run (kwb measure) is run again by kwb measure; a V0's by baseline --force.
  const QString again = !rerun.isEmpty()            ? rerun
                        : r.version > 0 && r.memory ? QStringLiteral("kwb measure %1").arg(shellQuote(r.root))
                                                    : quoted.join(u' ');
  return QStringLiteral(
             "the run was interrupted before it finished: %1 has no result.json (kwb was killed, or the "
             "machine stopped) and %2; to run it again: %3")
      .arg(run,
           recordedRun.isEmpty()
               ? QStringLiteral("nothing of it was recorded")
               : QStringLiteral("the records describe an earlier run (%1)").arg(QFileInfo(recordedRun).fileName()),
           again);
}

std::optional<WorkspaceReview> readWorkspaceReview(const QString& path, QString* error) {
  WorkspaceReview r;
  QString chosenRun;
  if (!resolveReviewPath(path, &r.root, &chosenRun)) {
    if (error)
      *error =
          QStringLiteral("%1 is not a workspace (no reference.py or .kwb/) nor one of its .kwb/runs folders").arg(path);
    return std::nullopt;
  }
  const QDir ws(r.root);
  QString why;

  // The spec: problem name and target.
  if (QFileInfo::exists(ws.filePath(QStringLiteral(".kwb/spec.json")))) {
    r.spec = readJson(ws.filePath(QStringLiteral(".kwb/spec.json")), &why);
    if (!r.spec.is_object()) r.warnings << QStringLiteral(".kwb/spec.json: %1").arg(why);
  }
  if (!r.spec.is_object()) r.spec = nlohmann::json();  // null, never another type: readers test is_object()
  r.problemName = r.spec.is_object() ? str(r.spec.value("source", nlohmann::json::object()), "name") : QString();
  r.sourcePath = r.spec.is_object() ? str(r.spec.value("source", nlohmann::json::object()), "path") : QString();
  if (r.problemName.isEmpty()) {
    r.problemName = ws.dirName();
    if (r.problemName.startsWith(QLatin1String("kernel_opt_"))) r.problemName = r.problemName.mid(11);
  }
  const nlohmann::json target =
      r.spec.is_object() ? r.spec.value("target", nlohmann::json::object()) : nlohmann::json::object();
  r.gpu = str(target, "gpu");
  r.framework = str(target, "framework");
  r.skeleton = isSkeletonKernel(ws.filePath(QStringLiteral("kernel.py")));

  // The records: the latest version's report and memory/vN.json describe one run (new-user trial 6, R1: a
  // workspace with V0 and V1 opened on V0's report, cases and console).
  const LatestVersion latest = latestVersion(r.root);
  r.version = std::max(latest.number, 0);
  r.versionCount = latest.count;
  // A run folder opens the version whose record names it (new-user trial 7, #3: V0's run folder opened as V2).
  if (!chosenRun.isEmpty()) {
    static const QRegularExpression name(QStringLiteral("^v(\\d+)\\.json$"));
    const QString chosen = QFileInfo(chosenRun).absoluteFilePath();
    const QDir memoryDir(ws.filePath(QStringLiteral("memory")));
    for (const QString& f : memoryDir.entryList({QStringLiteral("v*.json")}, QDir::Files)) {
      const auto match = name.match(f);
      if (!match.hasMatch()) continue;
      const auto rec = MemoryRecord::load(memoryDir.filePath(f));
      if (!rec || rec->isMasked()) continue;
      const nlohmann::json dir = rec->value(QStringLiteral("workbench.run_dir"));
      if (dir.is_string() && !dir.get<std::string>().empty() &&
          QFileInfo(ws.absoluteFilePath(QString::fromStdString(dir.get<std::string>()))).absoluteFilePath() == chosen) {
        r.version = match.captured(1).toInt();
        break;
      }
    }
  }
  const RecordPaths paths = recordPaths(r.version);
  if (QFile f(ws.filePath(paths.report)); f.open(QIODevice::ReadOnly)) {
    r.reportPath = QFileInfo(f).absoluteFilePath();
    r.reportMarkdown = QString::fromUtf8(f.readAll());
  }
  QString recordedRun;
  QString gate;
  if (QFileInfo::exists(ws.filePath(paths.memory))) {
    QString e;
    r.memory = MemoryRecord::load(ws.filePath(paths.memory), &e);
    if (!r.memory) r.warnings << e;
  }
  if (r.memory) {
    const MemoryRecord& m = *r.memory;
    r.mode = QString::fromStdString(m.value(QStringLiteral("workbench.mode")).is_string()
                                        ? m.value(QStringLiteral("workbench.mode")).get<std::string>()
                                        : std::string());
    if (r.gpu.isEmpty() && m.value(QStringLiteral("workbench.gpu")).is_string())
      r.gpu = QString::fromStdString(m.value(QStringLiteral("workbench.gpu")).get<std::string>());
    if (r.framework.isEmpty() && m.value(QStringLiteral("workbench.framework")).is_string())
      r.framework = QString::fromStdString(m.value(QStringLiteral("workbench.framework")).get<std::string>());
    // "" for a skeleton, whose harness is not run: no run folder (the workspace itself is none)
    if (m.value(QStringLiteral("workbench.run_dir")).is_string() &&
        !m.value(QStringLiteral("workbench.run_dir")).get<std::string>().empty())
      recordedRun =
          ws.absoluteFilePath(QString::fromStdString(m.value(QStringLiteral("workbench.run_dir")).get<std::string>()));
    if (m.value(QStringLiteral("quality_gate.result")).is_string())
      gate = QString::fromStdString(m.value(QStringLiteral("quality_gate.result")).get<std::string>());
    if (m.value(QStringLiteral("quality_gate.failure_reason")).is_string())
      r.gateReason = QString::fromStdString(m.value(QStringLiteral("quality_gate.failure_reason")).get<std::string>());
    // A record written before the gate named the skeleton's reason (trial 20, #11: "why: ... a skeleton"): the
    // generator's reason is in its baseline configuration ("unimplemented skeleton: <why>").
    if (const nlohmann::json status = m.value(QStringLiteral("workbench.baseline_config.status")); status.is_string())
      r.gateReason = withSkeletonReason(r.gateReason, QString::fromStdString(status.get<std::string>()));
    r.latencyUs = num(m.value(QStringLiteral("performance.latency_us")));
    r.bandwidthGBs = num(m.value(QStringLiteral("performance.bandwidth_gbps")));
    r.tflops = num(m.value(QStringLiteral("performance.tflops")));
    r.maxRelErr = num(m.value(QStringLiteral("correctness.rel_err")));  // the run's own figure replaces it below
    nlohmann::json refs = m.value(QStringLiteral("references"));
    // A later version (`kwb measure`, Measure Again) consults no knowledge tool: its record names none, and a review
    // of it showed an empty Knowledge panel. The records that planned the kernel are V0's (phase 2).
    if (r.version > 0 && (!refs.is_array() || refs.empty()))
      if (const auto v0 = MemoryRecord::load(memoryPath(r.root, QStringLiteral("v0"))); v0 && !v0->isMasked())
        refs = v0->value(QStringLiteral("references"));
    if (refs.is_array())
      for (const auto& ref : refs) {
        KnowledgeRecord k;
        k.toolId = str(ref, "source_type");
        k.id = str(ref, "record_id");
        k.source = str(ref, "path_or_url");
        k.content = str(ref, "description");
        if (ref.is_object() && ref.contains("scope")) k.scope = ref["scope"];  // records before trial 14 have none
        if (!k.id.isEmpty() && k.content.startsWith(k.id + QStringLiteral(": ")))
          k.content = k.content.mid(k.id.size() + 2);
        k.title = reviewRecordTitle(k.content, k.source);
        r.records.append(k);
      }
  }

  {
    QFile plan(QDir(r.root).filePath(QStringLiteral("plans/v0_plan.md")));
    if (plan.open(QIODevice::ReadOnly)) r.setAside = setAsideFromPlan(QString::fromUtf8(plan.readAll()));
  }

  // The run: the one asked for, else the recorded one, else the newest.
  r.runs = listRuns(r.root);
  // Every version's run, not only the latest's: V0's run read as recorded nowhere once V1 existed (trial 12, #11).
  QHash<QString, QString> runVersion;  // absolute run folder → "vN"
  for (int n = 0, last = std::max(r.version, latestVersion(r.root).number); n <= last; ++n) {
    const QString v = QStringLiteral("v%1").arg(n);
    if (!QFileInfo::exists(memoryPath(r.root, v))) continue;
    const auto m = MemoryRecord::load(memoryPath(r.root, v));
    if (!m || m->isMasked() || !m->value(QStringLiteral("workbench.run_dir")).is_string()) continue;
    const QString dir = QString::fromStdString(m->value(QStringLiteral("workbench.run_dir")).get<std::string>());
    if (!dir.isEmpty()) runVersion.insert(QFileInfo(ws.absoluteFilePath(dir)).absoluteFilePath(), v);
  }
  for (RunEntry& e : r.runs) {
    e.recorded =
        !recordedRun.isEmpty() && QFileInfo(e.dir).absoluteFilePath() == QFileInfo(recordedRun).absoluteFilePath();
    e.recordedBy = runVersion.value(QFileInfo(e.dir).absoluteFilePath());
  }
  if (!chosenRun.isEmpty())
    r.runDir = chosenRun;
  else if (!recordedRun.isEmpty() && QFileInfo(recordedRun).isDir())
    r.runDir = QFileInfo(recordedRun).absoluteFilePath();
  else if (!r.runs.isEmpty())
    r.runDir = r.runs.constFirst().dir;
  r.runRecorded = !r.runDir.isEmpty() && !recordedRun.isEmpty() &&
                  QFileInfo(r.runDir).absoluteFilePath() == QFileInfo(recordedRun).absoluteFilePath();
  // A clone has the records but not the run folder (.kwb/runs/ is not committed): the report's table is the record of
  // the cases, which the review shows rather than an empty table under "no run recorded" (new-user trial 19, #8).
  if (!recordedRun.isEmpty() && !QFileInfo(recordedRun).isDir()) {
    r.absentRunDir = ws.relativeFilePath(recordedRun);
    if (r.runDir.isEmpty())
      for (const ReportCase& c : casesFromReport(r.reportMarkdown)) {
        CaseResult cr;
        cr.name = c.name;
        cr.status = c.status;
        cr.shape = c.shape;
        cr.dtype = c.dtype;
        cr.reason = c.reason;
        cr.relErr = c.relErr;
        cr.threshold = c.threshold;
        cr.latencyUs = c.latencyUs;
        cr.refLatencyUs = c.refLatencyUs;
        r.cases.append(cr);
        r.casesFromReport = true;
      }
  }
  bool cancelled = false;
  // A run folder without result.json that no record names: kwb was killed (kill -9, a crash, the machine stopped)
  // before the run ended. A stop (Ctrl-C, SIGTERM) writes one, "cancelled" (new-user trial 17, #5: such a workspace
  // exported as "ERROR -- not the recorded run", mode unknown).
  bool interrupted = false;
  QString rerun;  // run.json's command for an interrupted run
  if (!r.runDir.isEmpty()) {
    interrupted = !r.runRecorded && !QFileInfo::exists(QDir(r.runDir).filePath(QStringLiteral("result.json")));
    if (interrupted) {
      // Its mode and the command that runs it again, as the job wrote them before the run (run.json)
      QString e;
      const nlohmann::json run = readJson(QDir(r.runDir).filePath(QStringLiteral("run.json")), &e);
      if (r.mode.isEmpty()) r.mode = str(run, "mode");
      rerun = str(run, "rerun");
    } else if (const auto rf = readRunFile(r.runDir, &why)) {
      r.cases = rf->cases;
      r.result = rf->result;
      cancelled = rf->cancelled;
      if (r.result) {
        if (r.mode.isEmpty() || !r.runRecorded) r.mode = r.result->mode;
        // One rule with memory/vN.json and `kwb versions` (new-user trial 6, R8): a CPU dry run's rel_err is the
        // reference against itself, not kernel.py's error, so it is no figure of the version.
        if (r.result->maxRelErr && r.mode != QLatin1String("cpu-dry-run")) r.maxRelErr = r.result->maxRelErr;
      }
    } else {
      r.warnings << QStringLiteral("%1/result.json: %2").arg(QDir(r.root).relativeFilePath(r.runDir), why);
    }
    if (QFileInfo::exists(QDir(r.runDir).filePath(QStringLiteral("output.log"))))
      r.logPath = QDir(r.runDir).filePath(QStringLiteral("output.log"));
  }
  const bool dry = r.mode == QLatin1String("cpu-dry-run");

  // The verdict: the recorded gate for the recorded run; for another run, what its cases say (the
  // gate's static checks were not recorded for it, and the reason says so).
  VerdictInput vin;
  vin.dryRun = dry;
  vin.skeleton = r.skeleton;
  vin.stopped = cancelled;
  if (r.runRecorded || r.runDir.isEmpty()) {
    vin.gateResult = gate.isEmpty() && dry && r.memory ? QStringLiteral("DRY_RUN") : gate;
    vin.harnessResult = r.runDir.isEmpty() || r.result.has_value();
  } else {
    bool timeout = false, allPass = !r.cases.isEmpty(), slowOnCpu = false, notOnCpu = false;
    bool slowPrimary = false, allSlow = !r.cases.isEmpty(), anyPass = false;
    for (const CaseResult& c : r.cases) {
      allSlow = allSlow && dry && c.status == QLatin1String("TIMEOUT_FAIL");
      // A dry run's TIMEOUT_FAIL is the reference's on this CPU, not a kernel's (evaluateGate's rule)
      if (dry && c.status == QLatin1String("TIMEOUT_FAIL")) {
        slowOnCpu = true;
        slowPrimary = slowPrimary || c.name == QLatin1String("problem_shape");
        continue;
      }
      if (skippedForThisCpu(c, dry)) {
        notOnCpu = true;  // the reference raises in that dtype on this CPU's torch (evaluateGate's rule)
        continue;
      }
      if (skippedAsVacuous(c)) continue;  // nothing finite to compare: no failure, no pass (evaluateGate's rule)
      timeout = timeout || c.status == QLatin1String("TIMEOUT_FAIL");
      allPass = allPass && c.passed();
      anyPass = anyPass || c.passed();
    }
    allPass = allPass && (anyPass || dry);  // every case vacuous: nothing was checked
    vin.harnessResult = r.result.has_value();
    vin.interrupted = interrupted;
    const bool harnessPass = r.result && (r.result->status == QLatin1String("PASS") || slowOnCpu || notOnCpu);
    vin.gateResult = timeout ? QStringLiteral("TIMEOUT_FAIL")
                             : (allPass && harnessPass ? QStringLiteral("PASS") : QStringLiteral("FAIL"));
    // ... and a dry run that checked nothing of the problem (problem_shape, or every case, out of time) judged
    // nothing: DRY_RUN_TIMEOUT, as evaluateGate says it (new-user trial 18, #3)
    if (dry && (slowPrimary || allSlow) && vin.gateResult == QLatin1String("PASS"))
      vin.gateResult = QStringLiteral("DRY_RUN_TIMEOUT");
    r.gateReason =
        QStringLiteral("not the recorded run: the verdict comes from its cases only (the report and %1 describe %2)")
            .arg(paths.memory, recordedRun.isEmpty() ? QStringLiteral("no run") : QFileInfo(recordedRun).fileName());
    if (interrupted) r.gateReason = interruptedRunText(r, recordedRun, rerun);
    if (!r.runRecorded) {
      r.latencyUs = dry || !r.result ? std::nullopt : r.result->latencyUs;
      r.bandwidthGBs.reset();
      r.tflops.reset();
    }
  }
  r.verdict = verdictFor(vin);

  // The roofline: as the records wrote it, else recomputed from the spec (roofs) and the run (point).
  // A clone shows no run but keeps the records: its committed roofline.json is the record's figure, as `kwb export`
  // draws it (recomputed from the spec, a tf32 problem read fp32: new-user trial 19, #8).
  const bool recordShown = r.runRecorded || (r.runDir.isEmpty() && r.memory.has_value());
  if (recordShown && QFileInfo::exists(ws.filePath(paths.rooflineData))) {
    QString e;
    r.roofline = rooflineFromJson(readJson(ws.filePath(paths.rooflineData), &why), &e);
  }
  if (!r.roofline && r.spec.is_object() && !r.gpu.isEmpty()) {
    UtilizationRequest rq;
    rq.gpu = r.gpu;
    rq.dtype = ledgerKey(str(r.spec, "dtype"));
    rq.flopsExpr = str(r.spec.value("flops", nlohmann::json::object()), "expr");
    rq.bytesExpr = str(r.spec.value("bytes", nlohmann::json::object()), "expr");
    const nlohmann::json sizes = r.spec.value("sizes", nlohmann::json::object());  // items() must not outlive it
    for (const auto& [k, v] : sizes.items())
      if (v.is_number()) rq.vars.insert(QString::fromStdString(k), v.get<double>());
    // a plain double: GCC -O2 misreads an optional built by a conditional as maybe-uninitialized
    const double latUs = !dry && r.result && r.result->latencyUs ? *r.result->latencyUs : 0.0;
    rq.timeMs = latUs > 0 ? latUs / 1000.0 : 1.0;
    if (r.result && r.result->raw.contains("measured_copy_bandwidth_tbs") &&
        r.result->raw["measured_copy_bandwidth_tbs"].is_number())
      rq.measuredBandwidthTBs = r.result->raw["measured_copy_bandwidth_tbs"].get<double>();
    const UtilizationResult u = computeUtilization(rq);
    if (u.ok && !u.bandwidthOnly) {  // an integer problem: bandwidth only, no roofline (noPeak below)
      RooflineData d = makeRoofline(u, QStringLiteral("V%1 %2").arg(r.version).arg(r.problemName));
      if (!(latUs > 0)) {
        d.pointTflops = 0;
        d.label = unmeasuredPointLabel(r.skeleton, dry);  // a skeleton: no kernel ran, dry run or not
      }
      r.roofline = d;
    } else if (u.noPeak) {
      r.rooflineNoPeakDtype = str(r.spec, "dtype");
    } else {
      r.warnings << QStringLiteral("roofline not drawn: %1").arg(u.error);
    }
  }
  r.warnings << versionWarnings(r.root);  // a deleted memory/v0.json, a repository git refuses
  return r;
}

}  // namespace kwb

namespace kwb {

QString reviewRecordTitle(const QString& description, const QString& pathOrUrl) {
  QString line = description.section(u'\n', 0, 0).trimmed();
  if (line.startsWith(QLatin1String("Goal: "))) line = line.mid(6);
  // "<generic head> for <hardware>: <what the record is>": the head is every card's of that kind
  static const QRegularExpression generic(
      QStringLiteral(R"(^(?:Optimization technique|Reference) for [^:]*:\s+(.+)$)"));
  if (const QRegularExpressionMatch m = generic.match(line); m.hasMatch()) line = m.captured(1);
  static const QRegularExpression kind(QStringLiteral(R"((?:^|/)records/([a-z][a-z0-9-]*-card)/)"));
  if (const QRegularExpressionMatch m = kind.match(pathOrUrl); m.hasMatch())
    line = QStringLiteral("[%1] %2").arg(m.captured(1), line);
  return line.left(160);
}

}  // namespace kwb
