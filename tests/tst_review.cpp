// core/review: the verdict model, a finished workspace read back as typed data, and the export.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "core/perf/roofline.h"
#include "core/records/baselinereport.h"
#include "core/review/displaytext.h"
#include "core/review/reviewexport.h"
#include "core/review/verdict.h"
#include "core/review/workspacereview.h"
#include "core/run/harnessparser.h"
#include "core/vcs/gitrepo.h"

using namespace kwb;

namespace {

void write(const QString& path, const QByteArray& bytes) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

// A finished workspace as kwb writes it: spec, one recorded run and an older one, the records.
void makeWorkspace(const QString& ws, const QByteArray& gate, bool skeleton = false, bool dry = false) {
  write(ws + QStringLiteral("/reference.py"), "class Model: pass\n");
  write(ws + QStringLiteral("/kernel.py"), skeleton ? "import triton\nUNIMPLEMENTED = True\n" : "import triton\n");
  write(ws + QStringLiteral("/.kwb/spec.json"),
        R"({"source": {"name": "19_ReLU"}, "target": {"gpu": "H200-SXM", "framework": "triton", "outside_policy": true},
    "dtype": "float32", "sizes": {"M": 4096, "N": 393216}, "flops": {"expr": "M*N"}, "bytes": {"expr": "8*M*N"}, "inputs": []})");
  const QByteArray cases =
      R"([{"name": "problem_shape", "status": "PASS", "shape": "4096x393216", "dtype": "float32", "rel_err": 0.0, "threshold": 0.01, "latency_us": 3350.5, "ref_latency_us": 3400.0, "reason": ""},
                               {"name": "boundary_tail", "status": "PASS", "shape": "4097x17", "dtype": "float32", "rel_err": 1e-7, "threshold": 0.01, "latency_us": null, "ref_latency_us": null, "reason": ""}])";
  write(ws + QStringLiteral("/.kwb/runs/20261201-100000/result.json"),
        R"({"schema": "kwb-run-1", "ok": true, "cancelled": true, "cases": [], "result": null})");
  write(ws + QStringLiteral("/.kwb/runs/20261201-110000/result.json"),
        QByteArray(R"({"schema": "kwb-run-1", "ok": true, "cancelled": false, "cases": )") + cases +
            R"(, "result": {"status": "PASS", "mode": ")" + (dry ? "cpu-dry-run" : "gpu") +
            R"(", "max_rel_err": 1e-7, "latency_us": 3350.5, "cases": )" + cases + "}}");
  write(ws + QStringLiteral("/.kwb/runs/20261201-110000/output.log"), "[kwb] process 1\n[out] hello\n[err] warn\n");
  write(ws + QStringLiteral("/memory/v0.json"),
        QByteArray(R"({"version": "v0", "quality_gate": {"result": )") + gate + R"(, "failure_reason": null},
          "performance": {"latency_us": 3350.5, "bandwidth_gbps": 3845.2, "tflops": 0.48},
          "references": [{"source_type": "gpu-wiki", "path_or_url": "wiki/h200.md", "description": "hw-h200-l2: L2 is 50 MB", "record_id": "hw-h200-l2", "scope": {"vendor": "nvidia", "arch": "hopper"}}],
          "workbench": {"mode": ")" +
            (dry ? "cpu-dry-run" : "gpu") +
            R"(", "gpu": "H200-SXM", "framework": "triton", "run_dir": ".kwb/runs/20261201-110000"}})");
  write(ws + QStringLiteral("/baseline_report.md"),
        "# Baseline report\n\n## Correctness results\n\n| case | status |\n|---|---|\n| problem_shape | PASS "
        "|\n\n![Roofline](roofline.png)\n");
  write(ws + QStringLiteral("/roofline.png"), QByteArray::fromHex("89504e470d0a1a0a"));
}

}  // namespace

class TestReview : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void verdict_data();
  void verdict();
  void rooflineJsonRoundTrip();
  void readFinishedWorkspace();
  void readClonedWorkspace();
  void kernelModelNewLineFromTheIndex();
  void readRunFolder();
  void readInterruptedRun();
  void readSkeletonAndDryRun();
  void skeletonReviewSaysWhyItIsOne();
  void readLatestVersion();
  void notAWorkspace();
  void exportMarkdownAndHtml();
  void exportDryRunCasesNeverPass();
  void exportPdfNeedsWriter();
  void exportVersionHistory();
  void compareTwoRuns();
  void consoleCountsCasesOverAResume();
};

void TestReview::compareTwoRuns() {
  auto c = [](const char* name, const char* status, std::optional<double> us) {
    CaseResult r;
    r.name = QLatin1String(name);
    r.status = QLatin1String(status);
    r.latencyUs = us;
    return r;
  };
  const QList<CaseComparison> rows = compareRuns(
      {c("problem_shape", "PASS", 100.0), c("strided", "FAIL", std::nullopt)},
      {c("problem_shape", "PASS", 80.0), c("strided", "PASS", std::nullopt), c("mean_shift", "PASS", std::nullopt)});
  QCOMPARE(rows.size(), 3);
  QCOMPARE(rows[0].latencyRatio().value_or(0), 0.8);
  QVERIFY(!rows[0].statusChanged());
  QVERIFY(rows[1].statusChanged());
  QVERIFY(!rows[1].latencyRatio());
  QCOMPARE(rows[2].name, QStringLiteral("mean_shift"));
  QVERIFY(!rows[2].a && rows[2].b && rows[2].statusChanged());
}

void TestReview::verdict_data() {
  QTest::addColumn<QString>("gate");
  QTest::addColumn<bool>("dry");
  QTest::addColumn<bool>("skeleton");
  QTest::addColumn<bool>("stopped");
  QTest::addColumn<bool>("harness");
  QTest::addColumn<QString>("code");
  QTest::newRow("pass") << "PASS" << false << false << false << true << "PASS";
  QTest::newRow("fail") << "FAIL" << false << false << false << true << "FAIL";
  QTest::newRow("timeout") << "TIMEOUT_FAIL" << false << false << false << true << "TIMEOUT_FAIL";
  QTest::newRow("skeleton dry run: harness PASS, gate FAIL") << "FAIL" << true << true << false << true << "SKELETON";
  QTest::newRow("dry run") << "DRY_RUN" << true << false << false << true << "DRY_RUN";
  QTest::newRow("dry run that failed conformance") << "FAIL" << true << false << false << true << "FAIL";
  // a dry run out of time judged nothing (new-user trial 18, #3): its own verdict, never committed; a skeleton's
  // missing kernel still comes first
  QTest::newRow("dry run out of time") << "DRY_RUN_TIMEOUT" << true << false << false << true << "DRY_RUN_TIMEOUT";
  QTest::newRow("skeleton dry run out of time") << "DRY_RUN_TIMEOUT" << true << true << false << true << "SKELETON";
  QTest::newRow("stopped beats everything") << "FAIL" << false << true << true << false << "STOPPED";
  QTest::newRow("no RESULT_JSON") << "FAIL" << false << false << false << false << "ERROR";
  QTest::newRow("nothing") << "" << false << false << false << true << "NOT_RUN";
}

void TestReview::verdict() {
  QFETCH(QString, gate);
  QFETCH(bool, dry);
  QFETCH(bool, skeleton);
  QFETCH(bool, stopped);
  QFETCH(bool, harness);
  QFETCH(QString, code);
  const Verdict v = verdictFor({gate, dry, skeleton, stopped, harness});
  QCOMPARE(verdictCode(v), code);
  QCOMPARE(isPassing(v), code == u"PASS");
  QCOMPARE(allowsCommit(v), code == u"PASS" || code == u"DRY_RUN");
  QCOMPARE(allowsRecords(v), code != u"STOPPED" && code != u"NOT_RUN");
  QVERIFY(!verdictTitle(v).isEmpty());
}

void TestReview::rooflineJsonRoundTrip() {
  RooflineData d;
  d.gpuId = QStringLiteral("H200-SXM");
  d.dtype = QStringLiteral("fp32");
  d.peakTflops = 67;
  d.bandwidthTBs = 4.8;
  d.measuredBandwidthTBs = 4.3;
  d.ridgePoint = 67 / 4.8;
  d.pointIntensity = 0.125;
  d.pointTflops = 0.48;
  d.label = QStringLiteral("V0");
  d.otherComputeRoofs = {{QStringLiteral("bf16"), 989.4, QStringLiteral("datasheet")}};
  const auto back = rooflineFromJson(rooflineToJson(d));
  QVERIFY(back);
  QCOMPARE(back->gpuId, d.gpuId);
  QCOMPARE(back->peakTflops, 67.0);
  QCOMPARE(back->measuredBandwidthTBs.value_or(0), 4.3);
  QCOMPARE(back->otherComputeRoofs.size(), 1);
  QCOMPARE(back->otherComputeRoofs[0].tflops, 989.4);
  QString error;
  QVERIFY(!rooflineFromJson(nlohmann::json::object(), &error));
  QVERIFY(error.contains(QStringLiteral("peak_tflops")));
}

void TestReview::readFinishedWorkspace() {
  QTemporaryDir tmp;
  const QString ws = tmp.filePath(QStringLiteral("kernel_opt_19_ReLU"));
  makeWorkspace(ws, "\"PASS\"");
  QString error;
  const auto r = readWorkspaceReview(ws, &error);
  QVERIFY2(r, qPrintable(error));
  QCOMPARE(r->problemName, QStringLiteral("19_ReLU"));
  QCOMPARE(r->gpu, QStringLiteral("H200-SXM"));
  QCOMPARE(r->framework, QStringLiteral("triton"));
  QCOMPARE(r->mode, QStringLiteral("gpu"));
  QCOMPARE(r->verdict, Verdict::Pass);
  QVERIFY(r->runRecorded);
  QCOMPARE(QDir(r->runDir).dirName(), QStringLiteral("20261201-110000"));  // the recorded run, not the newest name
  QCOMPARE(r->cases.size(), 2);
  QCOMPARE(r->cases[0].latencyUs.value_or(0), 3350.5);
  QVERIFY(r->reportMarkdown.contains(QStringLiteral("Correctness results")));
  QCOMPARE(r->records.size(), 1);
  QCOMPARE(r->records[0].id, QStringLiteral("hw-h200-l2"));
  QCOMPARE(r->records[0].content, QStringLiteral("L2 is 50 MB"));
  // the scope as the tool returned it, kept by the record (the review's Scope column was empty: trial 14, #11)
  QCOMPARE(QString::fromStdString(r->records[0].scope.dump()),
           QStringLiteral(R"({"arch":"hopper","vendor":"nvidia"})"));
  QCOMPARE(r->latencyUs.value_or(0), 3350.5);
  QCOMPARE(r->runs.size(), 2);
  QCOMPARE(r->runs[0].stamp, QStringLiteral("20261201-110000"));  // newest first
  QVERIFY(r->runs[0].recorded);
  QCOMPARE(r->runs[1].status, QStringLiteral("STOPPED"));
  // A second run in the same second gets "_2" and lists first (newest).
  write(ws + QStringLiteral("/.kwb/runs/20261201-110000_2/result.json"), R"({"cancelled": true, "cases": []})");
  const QList<RunEntry> runs = listRuns(ws);
  QCOMPARE(runs.size(), 3);
  QCOMPARE(runs[0].stamp, QStringLiteral("20261201-110000_2"));
  QCOMPARE(runs[0].when, runs[1].when);
  QVERIFY(runs[0].when.isValid());
  // Without .kwb/roofline.json the roofline is recomputed from the spec and the run: ReLU fp32, 1/8 FLOP/byte.
  QVERIFY(r->roofline);
  QVERIFY(qFuzzyCompare(r->roofline->pointIntensity, 0.125));
  QVERIFY(r->roofline->pointTflops > 0);
  // The log, its tags turned into channels.
  const QList<RunLogLine> log = readRunLog(r->logPath, 100);
  QCOMPARE(log.size(), 3);
  QCOMPARE(log[1].text, QStringLiteral("hello"));
  QCOMPARE(log[1].channel, 0);
  QCOMPARE(log[2].channel, 1);
  QCOMPARE(log[0].channel, -1);
  QCOMPARE(readRunLog(r->logPath, 1).size(), 1);
  // .kwb/roofline.json, when the records wrote it, wins.
  RooflineData d = *r->roofline;
  d.label = QStringLiteral("as recorded");
  write(ws + QStringLiteral("/.kwb/roofline.json"), QByteArray::fromStdString(rooflineToJson(d).dump()));
  QCOMPARE(readWorkspaceReview(ws)->roofline->label, QStringLiteral("as recorded"));
}

// What a reviewer receives: a git clone of the workspace, without .kwb/runs/ (not committed). The review shows the
// record: the committed roofline.json (not one recomputed from the spec at fp32), and the report's cases (new-user
// trial 19, #8).
void TestReview::readClonedWorkspace() {
  QTemporaryDir tmp;
  const QString ws = tmp.filePath(QStringLiteral("kernel_opt_19_ReLU"));
  makeWorkspace(ws, "\"PASS\"");
  // The report as kwb writes it, its table included
  ReportInput in;
  in.problemName = QStringLiteral("19_ReLU");
  in.mode = QStringLiteral("gpu");
  in.cases = {
      {QStringLiteral("problem_shape"), QStringLiteral("PASS"), QStringLiteral("4096x393216"),
       QStringLiteral("float32"), QString(), 1.5e-7, 0.01, 3350.5, 3400.0},
      {QStringLiteral("boundary_tail"), QStringLiteral("FAIL"), QStringLiteral("4097x17"), QStringLiteral("float32"),
       QStringLiteral("rel_err 0.2 > 0.01 | at [3, 4]"), 0.2, 0.01, std::nullopt, std::nullopt}};
  in.overallStatus = QStringLiteral("PASS");
  write(ws + QStringLiteral("/baseline_report.md"), renderBaselineReport(in).toUtf8());
  // The committed figure is tf32's (the spec says float32: a recomputed one reads fp32, 67 TFLOPS)
  RooflineData d = *readWorkspaceReview(ws)->roofline;
  d.dtype = QStringLiteral("tf32");
  d.peakTflops = 494.5;
  d.label = QStringLiteral("as recorded");
  write(ws + QStringLiteral("/.kwb/roofline.json"), QByteArray::fromStdString(rooflineToJson(d).dump()));
  write(ws + QStringLiteral("/.gitignore"), ".kwb/runs/\n");
  auto git = [](const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral("git"), QStringList{QStringLiteral("-c"), QStringLiteral("user.name=t"),
                                               QStringLiteral("-c"), QStringLiteral("user.email=t@t")} +
                                       args);
    return p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
  };
  QVERIFY(git({QStringLiteral("-C"), ws, QStringLiteral("init"), QStringLiteral("-q")}));
  QVERIFY(git({QStringLiteral("-C"), ws, QStringLiteral("add"), QStringLiteral("-A")}));
  QVERIFY(git({QStringLiteral("-C"), ws, QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"),
               QStringLiteral("V0: baseline kernel")}));
  const QString clone = tmp.filePath(QStringLiteral("clone"));
  QVERIFY(git({QStringLiteral("clone"), QStringLiteral("-q"), ws, clone}));
  QVERIFY(!QFileInfo::exists(clone + QStringLiteral("/.kwb/runs")));
  QVERIFY(QFileInfo::exists(clone + QStringLiteral("/.kwb/roofline.json")));

  QString error;
  const auto r = readWorkspaceReview(clone, &error);
  QVERIFY2(r, qPrintable(error));
  QVERIFY(r->runDir.isEmpty());
  QCOMPARE(r->absentRunDir, QStringLiteral(".kwb/runs/20261201-110000"));
  QCOMPARE(r->verdict, Verdict::Pass);  // the recorded gate
  QCOMPARE(r->latencyUs.value_or(0), 3350.5);
  QVERIFY(r->roofline);
  QCOMPARE(r->roofline->dtype, QStringLiteral("tf32"));
  QCOMPARE(r->roofline->peakTflops, 494.5);
  QCOMPARE(r->roofline->label, QStringLiteral("as recorded"));
  // the cases, from the report's table, with their figures as the report rounds them
  QVERIFY(r->casesFromReport);
  QCOMPARE(r->cases.size(), 2);
  QCOMPARE(r->cases[0].name, QStringLiteral("problem_shape"));
  QCOMPARE(r->cases[0].status, QStringLiteral("PASS"));
  QCOMPARE(r->cases[0].shape, QStringLiteral("4096x393216"));
  QCOMPARE(r->cases[0].relErr.value_or(0), 1.5e-7);
  QCOMPARE(r->cases[0].latencyUs.value_or(0), 3350.5);
  QCOMPARE(r->cases[0].refLatencyUs.value_or(0), 3400.0);
  QCOMPARE(r->cases[1].status, QStringLiteral("FAIL"));                            // bold dropped
  QCOMPARE(r->cases[1].reason, QStringLiteral("rel_err 0.2 > 0.01 | at [3, 4]"));  // the escaped pipe kept
  QVERIFY(!r->cases[1].latencyUs);                                                 // "n/a"
  // The export says where the run went
  QVERIFY(reviewMarkdown(*r, {}).contains(
      QStringLiteral("`.kwb/runs/20261201-110000` (not in this copy: run folders are not committed")));
  // The original, reviewed in place, is unchanged: its run folder is there
  const auto o = readWorkspaceReview(ws);
  QVERIFY(o->absentRunDir.isEmpty());
  QVERIFY(!o->casesFromReport);
  QCOMPARE(o->cases[1].status, QStringLiteral("PASS"));  // result.json's
  QCOMPARE(o->roofline->dtype, QStringLiteral("tf32"));
  // A dry run's report: "ran (harness only)" reads PASS again
  in.mode = QStringLiteral("cpu-dry-run");
  const QString dryMd = renderBaselineReport(in);
  const QList<ReportCase> dry = casesFromReport(dryMd);
  QCOMPARE(dry.size(), 2);
  QCOMPARE(dry[0].status, QStringLiteral("PASS"));
  QVERIFY(!dry[0].relErr);  // "n/a (dry run)"
  // one CPU time column, the reference's (new-user trial 31, #14): no stand-in column repeating it
  QVERIFY(!dryMd.contains(QLatin1String("Stand-in time")));
  QVERIFY(dryMd.contains(QStringLiteral("| Threshold | Reference time, CPU (µs) | Reason |")));
  QCOMPARE(dry[0].refLatencyUs.value_or(0), 3400.0);
  QVERIFY(!dry[0].latencyUs);
  QCOMPARE(casesFromReport(QStringLiteral("# Baseline report\n\nno table\n")).size(), 0);
}

void TestReview::kernelModelNewLineFromTheIndex() {
  QTemporaryDir tmp;
  const QString k = tmp.filePath(QStringLiteral("kernel.py"));
  QByteArray text = "# Generated\n# Index: ModelNew at line 5; launches: k (line 3).\n";
  text += "import triton\n\nclass ModelNew:\n    pass\n";
  write(k, text);
  QCOMPARE(kernelModelNewLine(k), 5);
  write(k, "# Index: ModelNew at line 99;\nclass ModelNew: pass\n");  // past the end: no line
  QCOMPARE(kernelModelNewLine(k), 0);
  write(k, "import triton\n");  // a kernel without an index (a user's)
  QCOMPARE(kernelModelNewLine(k), 0);
  QCOMPARE(kernelModelNewLine(tmp.filePath(QStringLiteral("none.py"))), 0);
  // the golden chain kernel's own index
  const int golden = kernelModelNewLine(QStringLiteral(KWB_TEST_DATA_DIR "/codegen/gelu.triton.golden.py"));
  QCOMPARE(golden, 49);
}

void TestReview::readRunFolder() {
  QTemporaryDir tmp;
  const QString ws = tmp.filePath(QStringLiteral("kernel_opt_19_ReLU"));
  makeWorkspace(ws, "\"PASS\"");
  const QString stopped = ws + QStringLiteral("/.kwb/runs/20261201-100000");
  QString root, run;
  QVERIFY(resolveReviewPath(stopped, &root, &run));
  QCOMPARE(root, QDir(ws).absolutePath());
  QCOMPARE(run, QDir(stopped).absolutePath());
  QVERIFY(resolveReviewPath(stopped + QStringLiteral("/result.json"), &root, &run));  // a file inside one
  const auto r = readWorkspaceReview(stopped);
  QVERIFY(r);
  QVERIFY(!r->runRecorded);
  QCOMPARE(r->verdict, Verdict::Stopped);
  QVERIFY(r->cases.isEmpty());
  QVERIFY(r->gateReason.contains(QStringLiteral("not the recorded run")));
}

// New-user trial 17, #5: a run kwb did not finish (kill -9: no result.json, no record) read "ERROR, not the recorded
// run", mode unknown. It is INCOMPLETE with the command its run.json names; a stopped run (result.json "cancelled")
// stays STOPPED, and a recorded workspace opens on its recorded run as before.
void TestReview::readInterruptedRun() {
  QTemporaryDir tmp;
  // a first baseline killed in phase 4: a spec, a run folder with run.json and a budgeted log, nothing recorded
  const QString ws = tmp.filePath(QStringLiteral("ws"));
  write(ws + QStringLiteral("/reference.py"), "class Model: pass\n");
  write(ws + QStringLiteral("/.kwb/spec.json"),
        R"({"source": {"name": "w13", "path": "/p/w13.py"}, "target": {"gpu": "H200-SXM", "framework": "triton"}})");
  write(
      ws + QStringLiteral("/.kwb/runs/20261204-193000-000/run.json"),
      R"({"mode": "cpu-dry-run", "version": 0, "rerun": "kwb baseline /p/w13.py --gpu H200 --framework triton --workspace /w --cpu-dry-run --force"})");
  write(ws + QStringLiteral("/.kwb/runs/20261204-193000-000/output.log"), "");
  auto r = readWorkspaceReview(ws);
  QVERIFY(r);
  QCOMPARE(r->verdict, Verdict::Incomplete);
  QCOMPARE(verdictCode(r->verdict), QStringLiteral("INCOMPLETE"));
  QCOMPARE(r->mode, QStringLiteral("cpu-dry-run"));
  QCOMPARE(
      r->gateReason,
      QStringLiteral("the run was interrupted before it finished: .kwb/runs/20261204-193000-000 has no result.json "
                     "(kwb was killed, or the machine stopped) and nothing of it was recorded; to run it again: "
                     "kwb baseline /p/w13.py --gpu H200 --framework triton --workspace /w --cpu-dry-run --force"));
  QVERIFY2(r->warnings.filter(QStringLiteral("result.json")).isEmpty(), qPrintable(r->warnings.join(u'\n')));
  const QString md = reviewMarkdown(*r, {});
  QVERIFY2(md.contains(QStringLiteral("- **Quality gate:** INCOMPLETE — the run was interrupted")) &&
               md.contains(QStringLiteral("(interrupted: no result.json)")) &&
               md.contains(QStringLiteral("CPU dry run")),
           qPrintable(md));
  // A run from before run.json: the command is made from the spec
  QVERIFY(QFile::remove(ws + QStringLiteral("/.kwb/runs/20261204-193000-000/run.json")));
  r = readWorkspaceReview(ws);
  QCOMPARE(r->verdict, Verdict::Incomplete);
  QVERIFY2(r->gateReason.endsWith(QStringLiteral("to run it again: kwb baseline /p/w13.py --gpu H200-SXM --framework "
                                                 "triton --workspace ") +
                                  QDir(ws).absolutePath() + QStringLiteral(" --force")),
           qPrintable(r->gateReason));
  // A second member: a later --force of a recorded workspace killed the same way, opened on its run folder
  const QString ws2 = tmp.filePath(QStringLiteral("ws2"));
  makeWorkspace(ws2, "\"PASS\"");
  const QString killed = ws2 + QStringLiteral("/.kwb/runs/20261201-120000");
  write(killed + QStringLiteral("/run.json"), R"({"mode": "gpu", "version": 0, "rerun": "kwb baseline x --force"})");
  QCOMPARE(readWorkspaceReview(ws2)->verdict, Verdict::Pass);  // the workspace opens on its recorded run
  r = readWorkspaceReview(killed);
  QCOMPARE(r->verdict, Verdict::Incomplete);
  QVERIFY2(r->gateReason.contains(QStringLiteral("the records describe an earlier run (20261201-110000)")),
           qPrintable(r->gateReason));
  // a stopped run is not an interrupted one
  QCOMPARE(readWorkspaceReview(ws2 + QStringLiteral("/.kwb/runs/20261201-100000"))->verdict, Verdict::Stopped);
}

// A skeleton's review answers "why" with the generator's reason, not "because it is a skeleton" (new-user trial 20,
// #11): a record written before the gate named it has the reason in workbench.baseline_config.status only; a newer
// record names it in the gate's reason already, and it is not said twice.
void TestReview::skeletonReviewSaysWhyItIsOne() {
  QTemporaryDir tmp;
  const QString why = QStringLiteral(
      "aten::le (line 23) reads the result of aten::arange (line 22), an int64 tensor: an integer tensor has an "
      "elementwise lowering only as a count of a bool mask");
  const auto skeletonWs = [&](const QString& name, const QString& reason) {
    const QString ws = tmp.filePath(name);
    makeWorkspace(ws, "\"FAIL\"", /*skeleton=*/true, /*dry=*/true);
    QDir(ws + QStringLiteral("/.kwb/runs")).removeRecursively();  // a skeleton's harness is not run: no run folder
    QFile f(ws + QStringLiteral("/memory/v0.json"));
    if (!f.open(QIODevice::ReadOnly)) return std::optional<WorkspaceReview>();
    nlohmann::json m = nlohmann::json::parse(f.readAll().toStdString());
    f.close();
    m["quality_gate"]["failure_reason"] = reason.toStdString();
    m["workbench"]["run_dir"] = "";
    m["workbench"]["baseline_config"] = {
        {"status", QString(QStringLiteral("unimplemented skeleton: ") + why).toStdString()}};
    write(ws + QStringLiteral("/memory/v0.json"), QByteArray::fromStdString(m.dump(2)));
    return readWorkspaceReview(ws);
  };
  const QString bare = QStringLiteral("kernel.py is a skeleton marked unimplemented (the harness was not run)");
  const auto old = skeletonWs(QStringLiteral("old"), bare);
  QVERIFY(old);
  QCOMPARE(old->verdict, Verdict::Skeleton);
  QCOMPARE(old->gateReason, bare + QStringLiteral(": ") + why);
  const auto fresh = skeletonWs(QStringLiteral("new"), bare + QStringLiteral(": ") + why);
  QVERIFY(fresh);
  QCOMPARE(fresh->gateReason, bare + QStringLiteral(": ") + why);
  // the second member: a skeleton whose harness ran (an older record), its reason named the same way
  const auto ran = skeletonWs(QStringLiteral("ran"), QStringLiteral("kernel.py is a skeleton marked unimplemented"));
  QVERIFY(ran);
  QCOMPARE(ran->gateReason, QStringLiteral("kernel.py is a skeleton marked unimplemented: ") + why);
}

void TestReview::readSkeletonAndDryRun() {
  QTemporaryDir tmp;
  const QString ws = tmp.filePath(QStringLiteral("ws"));
  makeWorkspace(ws, "\"FAIL\"", /*skeleton=*/true, /*dry=*/true);
  auto r = readWorkspaceReview(ws);
  QVERIFY(r);
  QCOMPARE(r->verdict, Verdict::Skeleton);  // the harness's PASS cases are not the headline
  QVERIFY(r->skeleton);
  QCOMPARE(r->problemName, QStringLiteral("19_ReLU"));
  QVERIFY(r->roofline && r->roofline->pointTflops == 0);  // a dry run draws no point
  // ... and its caption says why: no kernel exists, so none ran (it said "CPU dry run" where none took place)
  QCOMPARE(r->roofline->label, QStringLiteral("skeleton: no kernel ran"));
  const QString ws2 = tmp.filePath(QStringLiteral("ws2"));
  makeWorkspace(ws2, "null", false, true);  // a passing dry run records the gate as null
  const auto r2 = readWorkspaceReview(ws2);
  QCOMPARE(r2->verdict, Verdict::DryRun);
  QVERIFY(r2->roofline);
  QCOMPARE(r2->roofline->label, QStringLiteral("CPU dry run: no kernel measured"));
  // a dry run out of time records its own gate, and the review reads it so (new-user trial 18, #3), not DRY_RUN
  const QString ws4 = tmp.filePath(QStringLiteral("ws4"));
  makeWorkspace(ws4, "\"DRY_RUN_TIMEOUT\"", false, true);
  const auto r4 = readWorkspaceReview(ws4);
  QVERIFY(r4);
  QCOMPARE(r4->verdict, Verdict::DryRunTimeout);
  QCOMPARE(verdictLabel(r4->verdict), QStringLiteral("DRY_RUN_TIMEOUT"));
  // ... and so does a run folder no record names, from its cases: problem_shape out of time in a dry run
  const QString slowRun = ws4 + QStringLiteral("/.kwb/runs/20261201-120000");
  const QByteArray slowCases =
      R"([{"name": "problem_shape", "status": "TIMEOUT_FAIL", "shape": "4096x393216", "dtype": "float32", "reason": "dry run: reference too slow"},
          {"name": "boundary_tail", "status": "PASS", "shape": "7x17", "dtype": "float32", "rel_err": 0.0, "threshold": 0.01, "reason": ""}])";
  write(slowRun + QStringLiteral("/result.json"),
        QByteArray(R"({"schema": "kwb-run-1", "ok": true, "cancelled": false, "cases": )") + slowCases +
            R"(, "result": {"status": "FAIL", "mode": "cpu-dry-run", "cases": )" + slowCases + "}}");
  const auto r5 = readWorkspaceReview(slowRun);
  QVERIFY(r5 && !r5->runRecorded);
  QCOMPARE(r5->verdict, Verdict::DryRunTimeout);
  // A skeleton's harness is not run (new-user trial 6, R2): its record names no run folder, and the review shows
  // none (the workspace itself was taken for one: "./result.json: No such file or directory").
  const QString ws3 = tmp.filePath(QStringLiteral("ws3"));
  makeWorkspace(ws3, "\"FAIL\"", /*skeleton=*/true, /*dry=*/true);
  QFile rec(ws3 + QStringLiteral("/memory/v0.json"));
  QVERIFY(rec.open(QIODevice::ReadOnly));
  const QByteArray text = rec.readAll().replace("\"run_dir\": \".kwb/runs/20261201-110000\"", "\"run_dir\": \"\"");
  rec.close();
  QVERIFY(QDir(ws3 + QStringLiteral("/.kwb/runs")).removeRecursively());
  write(ws3 + QStringLiteral("/memory/v0.json"), text);
  const auto r3 = readWorkspaceReview(ws3);
  QVERIFY(r3);
  QVERIFY2(r3->runDir.isEmpty(), qPrintable(r3->runDir));
  QVERIFY2(r3->warnings.isEmpty(), qPrintable(r3->warnings.join(u'\n')));
  QCOMPARE(r3->verdict, Verdict::Skeleton);
}

// New-user trial 6, R1: a workspace with V0 and V1 opened on V0's report, cases and console; R8: the review showed a
// dry run's rel_err (the reference against itself) where memory/vN.json and `kwb versions` show none.
void TestReview::readLatestVersion() {
  QTemporaryDir tmp;
  const QString ws = tmp.filePath(QStringLiteral("ws"));
  makeWorkspace(ws, "null", false, /*dry=*/true);
  {
    const auto r = readWorkspaceReview(ws);
    QVERIFY(r);
    QCOMPARE(r->version, 0);
    QCOMPARE(r->versionCount, 1);
    QVERIFY2(!r->maxRelErr, "a dry run's rel_err is no figure of the version");
  }
  const QByteArray cases =
      R"([{"name": "problem_shape", "status": "PASS", "shape": "4096x393216", "dtype": "float32", "rel_err": 2e-7, "threshold": 0.01, "latency_us": 13255.75, "ref_latency_us": 5000.0, "reason": ""}])";
  write(
      ws + QStringLiteral("/.kwb/runs/20261202-085439/result.json"),
      QByteArray(R"({"schema": "kwb-run-1", "ok": true, "cancelled": false, "cases": )") + cases +
          R"(, "result": {"status": "PASS", "mode": "cpu-dry-run", "max_rel_err": 2e-7, "latency_us": 13255.75, "cases": )" +
          cases + "}}");
  write(ws + QStringLiteral("/memory/v1.json"),
        R"({"version": "v1", "quality_gate": {"result": null, "failure_reason": null},
          "correctness": {"rel_err": null}, "performance": {"latency_us": null},
          "workbench": {"mode": "cpu-dry-run", "gpu": "H200-SXM", "framework": "triton", "run_dir": ".kwb/runs/20261202-085439"}})");
  write(ws + QStringLiteral("/reports/v1_report.md"), "# V1 measurement report\n");
  const auto r = readWorkspaceReview(ws);
  QVERIFY(r);
  QCOMPARE(r->version, 1);
  QCOMPARE(r->versionCount, 2);
  QVERIFY(r->reportPath.endsWith(QStringLiteral("reports/v1_report.md")));
  QCOMPARE(r->reportMarkdown, QStringLiteral("# V1 measurement report\n"));
  QVERIFY(r->runDir.endsWith(QStringLiteral("20261202-085439")));
  QVERIFY(r->runRecorded);
  QCOMPARE(r->cases.size(), 1);
  QCOMPARE(r->cases.first().latencyUs.value_or(0), 13255.75);
  QCOMPARE(r->verdict, Verdict::DryRun);
  QVERIFY(!r->maxRelErr);
  QCOMPARE(r->memory->value(QStringLiteral("version")).get<std::string>(), std::string("v1"));
  // V1 consulted no knowledge tool (its record names none): the review shows the records that planned V0, not an
  // empty Knowledge panel (1280x800 review walk)
  QCOMPARE(r->records.size(), 1);
  QCOMPARE(r->records[0].id, QStringLiteral("hw-h200-l2"));
  // V0's run folder opens V0, its recorded run (new-user trial 7, #3: it opened as V1, "not the recorded run").
  const auto r0 = readWorkspaceReview(ws + QStringLiteral("/.kwb/runs/20261201-110000"));
  QVERIFY(r0);
  QCOMPARE(r0->version, 0);
  QCOMPARE(r0->versionCount, 2);
  QVERIFY(r0->reportPath.endsWith(QStringLiteral("baseline_report.md")));
  QVERIFY(r0->runRecorded);
  // A run folder no record names opens the latest version.
  const auto other = readWorkspaceReview(ws + QStringLiteral("/.kwb/runs/20261201-100000"));
  QVERIFY(other);
  QCOMPARE(other->version, 1);
  QVERIFY(!other->runRecorded);
}

void TestReview::notAWorkspace() {
  QTemporaryDir tmp;
  QString error;
  QVERIFY(!readWorkspaceReview(tmp.path(), &error));
  QVERIFY(error.contains(QStringLiteral("not a workspace")));
  QVERIFY(!readWorkspaceReview(QStringLiteral("/no/such/dir"), &error));
  // A bare workspace (reference.py only) reads, with nothing recorded.
  write(tmp.filePath(QStringLiteral("reference.py")), "x = 1\n");
  const auto r = readWorkspaceReview(tmp.path());
  QVERIFY(r);
  QCOMPARE(r->verdict, Verdict::NotRun);
  QVERIFY(r->cases.isEmpty() && r->reportMarkdown.isEmpty() && !r->roofline);
}

void TestReview::exportMarkdownAndHtml() {
  QTemporaryDir tmp;
  const QString ws = tmp.filePath(QStringLiteral("kernel_opt_19_ReLU"));
  makeWorkspace(ws, "\"FAIL\"");
  const auto r = readWorkspaceReview(ws);
  QVERIFY(r);
  const QByteArray png = QByteArray::fromHex("89504e470d0a1a0a0000");
  const QString md = reviewMarkdown(*r, png);
  QVERIFY(md.startsWith(QStringLiteral("# Review: 19_ReLU")));
  QVERIFY(md.contains(QStringLiteral("**Quality gate:** FAIL")));
  QVERIFY2(
      md.contains(QStringLiteral("![Roofline](data:image/png;base64,") + QString::fromLatin1(png.toBase64()) + u')'),
      qPrintable(md));
  QVERIFY(!md.contains(QStringLiteral("](roofline.png)")));  // self-contained
  const QString html = reviewHtml(*r, pngDataUri(png));
  QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
  QVERIFY(html.contains(QStringLiteral("Quality gate: FAIL")));
  QVERIFY(html.contains(verdictColorName(Verdict::Fail)));
  QVERIFY(html.contains(QStringLiteral("<img src=\"data:image/png;base64,")));
  QVERIFY(html.contains(QStringLiteral("<table>")));  // the report's table, rendered
  QVERIFY(html.contains(QStringLiteral("problem_shape")));
  // Written through exportReview.
  const QString out = tmp.filePath(QStringLiteral("out.html"));
  QString error;
  QVERIFY2(exportReview(*r, ExportFormat::Html, png, out, {}, &error), qPrintable(error));
  QFile f(out);
  QVERIFY(f.open(QIODevice::ReadOnly));
  QCOMPARE(QString::fromUtf8(f.readAll()), html);
  QCOMPARE(exportFormatFromText(QStringLiteral("PDF")), ExportFormat::Pdf);
  QVERIFY(!exportFormatFromText(QStringLiteral("docx")));
}

// New-user trial 19, #7: a dry run's export showed "PASS (harness only)" in every case row of a kernel that never ran;
// the GUI said "ran". An older report's rows are shown in today's words, and the case table kwb writes when there is
// no report says so too.
void TestReview::exportDryRunCasesNeverPass() {
  QTemporaryDir tmp;
  const QString ws = tmp.filePath(QStringLiteral("kernel_opt_dry"));
  makeWorkspace(ws, "null", false, /*dry=*/true);
  write(ws + QStringLiteral("/baseline_report.md"),
        "# Baseline report: dry\n\n## Correctness results\n\n| Case | Status |\n|---|---|\n"
        "| problem_shape | PASS (harness only) |\n| boundary_tail | PASS (harness only) |\n\n"
        "- Ran 2 correctness case(s): 2 PASS (harness only), 0 FAIL, 0 TIMEOUT_FAIL, 0 other, on the CPU "
        "(cpu-dry-run)\n");
  auto r = readWorkspaceReview(ws);
  QVERIFY(r);
  QCOMPARE(r->mode, QStringLiteral("cpu-dry-run"));
  const QString md = reviewMarkdown(*r, {});
  QVERIFY2(!md.contains(QStringLiteral("PASS (harness only)")), qPrintable(md));
  QCOMPARE(md.count(QStringLiteral("| ran (harness only) |")), 2);
  QVERIFY(md.contains(QStringLiteral("2 ran (harness only), 0 FAIL")));
  const QString html = reviewHtml(*r, {});
  QVERIFY(!html.contains(QStringLiteral("PASS (harness only)")));
  QCOMPARE(html.count(QStringLiteral("<td>ran (harness only)</td>")), 2);
  // no report: the export's own case table, from the run's cases
  r->reportMarkdown.clear();
  const QString bare = reviewMarkdown(*r, {});
  QVERIFY2(
      bare.contains(QStringLiteral("| problem_shape | 4096x393216 | float32 | ran (harness only) | n/a (dry run) |")),
      qPrintable(bare));
  QVERIFY(bare.contains(QStringLiteral("| boundary_tail | 4097x17 | float32 | ran (harness only) | n/a (dry run) |")));
  QVERIFY(!bare.contains(QStringLiteral("| PASS |")));
  // a GPU run's PASS stays PASS
  r->mode = QStringLiteral("gpu");
  QVERIFY(
      reviewMarkdown(*r, {}).contains(QStringLiteral("| problem_shape | 4096x393216 | float32 | PASS | 0.000e+00 |")));
}

// New-user trial 7, #9: the exported review had no version history (only "V1|V2" and "the baseline is V0's
// baseline_report.md", a file its reader cannot open) and a second "Roofline" section for a version after V0.
void TestReview::exportVersionHistory() {
  QTemporaryDir tmp;
  const QString ws = tmp.filePath(QStringLiteral("kernel_opt_19_ReLU"));
  makeWorkspace(ws, "\"PASS\"");
  QString error;
  auto repo = GitRepo::openOrInit(ws, &error);
  QVERIFY2(repo, qPrintable(error));
  QVERIFY2(repo->commit({QStringLiteral("kernel.py"), QStringLiteral("memory/v0.json")},
                        QStringLiteral("V0: baseline kernel"), &error),
           qPrintable(error));
  write(ws + QStringLiteral("/kernel.py"), "import triton\n# V1: a wider block\n");
  write(ws + QStringLiteral("/memory/v1.json"),
        R"({"version": "v1", "quality_gate": {"result": "PASS", "failure_reason": null},
          "correctness": {"rel_err": 2.5e-7}, "performance": {"latency_us": 2680.4},
          "workbench": {"mode": "gpu", "gpu": "H200-SXM", "framework": "triton", "run_dir": ".kwb/runs/20261201-110000"}})");
  write(ws + QStringLiteral("/reports/v1_report.md"),
        "# V1 measurement report\n\n## Roofline\n\n![Roofline](v1_roofline.png)\n");
  QVERIFY2(repo->commit({QStringLiteral("kernel.py"), QStringLiteral("memory/v1.json")},
                        QStringLiteral("V1: edited kernel.py"), &error),
           qPrintable(error));
  const auto r = readWorkspaceReview(ws);
  QVERIFY(r);
  QCOMPARE(r->version, 1);
  const QString md = reviewMarkdown(*r, QByteArray::fromHex("89504e470d0a1a0a"));
  QVERIFY2(md.contains(QStringLiteral("## Versions")), qPrintable(md));
  QVERIFY2(md.contains(QStringLiteral("| version | gate | rel_err | latency µs | speedup vs previous | commit |")),
           qPrintable(md));
  QVERIFY2(md.contains(QStringLiteral("| V0 | PASS | – | 3350.500 | – | `")), qPrintable(md));
  QVERIFY2(md.contains(QStringLiteral("| **V1** (shown) | PASS | 2.500e-07 | 2680.400 | 1.250x | `")), qPrintable(md));
  QVERIFY2(md.contains(QStringLiteral("V1: edited kernel.py |")), qPrintable(md));
  QVERIFY2(md.contains(QStringLiteral("### kernel.py: V0 → V1")) && md.contains(QStringLiteral("+# V1: a wider block")),
           qPrintable(md));
  QCOMPARE(md.count(QStringLiteral("Roofline](")), 1);  // the report's own figure, not a second section
  QVERIFY(!md.contains(QStringLiteral("v1_roofline.png")));
  const QString html = reviewHtml(*r, QStringLiteral("data:image/png;base64,AAAA"));
  QCOMPARE(html.count(QStringLiteral(">Roofline</h2>")), 1);
  QVERIFY2(html.contains(QStringLiteral("<h2>Versions</h2>")), qPrintable(html));
}

void TestReview::exportPdfNeedsWriter() {
  QTemporaryDir tmp;
  makeWorkspace(tmp.path(), "\"PASS\"");
  const auto r = readWorkspaceReview(tmp.path());
  QString error;
  QVERIFY(!exportReview(*r, ExportFormat::Pdf, {}, tmp.filePath(QStringLiteral("x.pdf")), {}, &error));
  QVERIFY(error.contains(QStringLiteral("PDF")));
  QString gotHtml;
  const HtmlToPdf fake = [&gotHtml](const QString& html, const QByteArray&, const QString&, QString*) {
    gotHtml = html;
    return true;
  };
  QVERIFY(exportReview(*r, ExportFormat::Pdf, QByteArray("png"), tmp.filePath(QStringLiteral("x.pdf")), fake, &error));
  QVERIFY(gotHtml.contains(QStringLiteral("src=\"") + QLatin1String(kReviewFigureName)));
}

// New-user trial 14, #15: after a watchdog kill the resumed process (--skip) numbers its cases from 1 ("case 1/5",
// then "case 1/4"), and a case the runner ended itself has no CASE_RESULT line: kwb baseline, measure and suite print
// the count over the run and the runner's verdict line.
void TestReview::consoleCountsCasesOverAResume() {
  const QString resumed = QStringLiteral(
      "[test_kernel] CASE_START {\"name\": \"dtype_bf16\", \"shape\": [8, 16], \"dtype\": \"bfloat16\", "
      "\"index\": 1, \"total\": 4}");
  QVERIFY2(displayHarnessLine(resumed).contains(QStringLiteral("case 1/4 dtype_bf16")),
           qPrintable(displayHarnessLine(resumed)));  // the process's own count when the caller knows no more
  QVERIFY2(displayHarnessLine(resumed, 1).contains(QStringLiteral("case 2/5 dtype_bf16")),
           qPrintable(displayHarnessLine(resumed, 1)));
  const QString third = QStringLiteral(
      "[test_kernel] CASE_START {\"name\": \"boundary_tail\", \"shape\": [7], \"index\": 2, \"total\": 4}");
  QVERIFY2(displayHarnessLine(third, 2).contains(QStringLiteral("case 3/5 boundary_tail")),
           qPrintable(displayHarnessLine(third, 2)));
  const QString first = QStringLiteral(
      "[test_kernel] CASE_START {\"name\": \"problem_shape\", \"index\": 1, "
      "\"total\": 5}");
  QVERIFY(displayHarnessLine(first, 0).contains(QStringLiteral("case 1/5 problem_shape")));

  CaseResult killed;
  killed.name = QStringLiteral("problem_shape");
  killed.status = QStringLiteral("TIMEOUT_FAIL");
  killed.reason = QStringLiteral("watchdog: no CASE_RESULT within 40 s");
  killed.raw = {{"name", "problem_shape"}, {"status", "TIMEOUT_FAIL"}, {"source", "kwb"}};
  const QString line = displayRunnerEndedCase(killed);
  QVERIFY2(line.startsWith(QStringLiteral("✗ TIMEOUT_FAIL  problem_shape  — watchdog: no CASE_RESULT within 40 s")),
           qPrintable(line));
  CaseResult own = killed;  // the harness's own TIMEOUT_FAIL has its CASE_RESULT line: not printed twice
  own.raw = {{"name", "problem_shape"}, {"status", "TIMEOUT_FAIL"}};
  QVERIFY(displayRunnerEndedCase(own).isEmpty());
}

QTEST_GUILESS_MAIN(TestReview)
#include "tst_review.moc"
