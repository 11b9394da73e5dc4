// core/records: memory/v<N>.json (template, --set, validation, masked reads), baseline_report.md,
// Markdown preview.
#include "core/records/baselinereport.h"
#include "core/records/exprtext.h"
#include "core/records/markdown.h"
#include "core/records/memoryrecord.h"
#include "core/records/versions.h"
#include "core/vcs/gitrepo.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using json = nlohmann::json;
using namespace kwb;

// Compares two JSON values through their text, so a failure prints both.
#define COMPARE_JSON(actual, expected) \
  QCOMPARE(QString::fromStdString(json(actual).dump()), QString::fromStdString(json(expected).dump()))

namespace {

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

// Every key path of a document: objects recursively, arrays and scalars as leaves.
void keyPaths(const json& node, const QString& prefix, QStringList& out) {
  for (const auto& [key, child] : node.items()) {
    const QString path =
        prefix.isEmpty() ? QString::fromStdString(key) : prefix + QLatin1Char('.') + QString::fromStdString(key);
    out << path;
    if (child.is_object()) keyPaths(child, path, out);
  }
}

bool containsComment(const json& node) {
  if (node.is_object()) {
    for (const auto& [key, child] : node.items())
      if (key.front() == '$' || containsComment(child)) return true;
  }
  return false;
}

ReportInput sampleReport(const QString& mode) {
  ReportInput in;
  in.problemName = QStringLiteral("19_ReLU");
  in.kernelPath = QStringLiteral("kernel.py");
  in.testPath = QStringLiteral("test_kernel.py");
  in.referencePath = QStringLiteral("reference.py");
  in.referenceDescription = QStringLiteral("`torch.relu(x)` on one fp32 tensor x of shape [M, N].");
  in.gpu = QStringLiteral("NVIDIA H200");
  in.framework = QStringLiteral("CuteDSL");
  in.mode = mode;
  in.timingMethod = QStringLiteral("CUDA events, 10 warm-up + 100 timed iterations, median");
  in.sourceRecordIds = {QStringLiteral("nvidia.generic.any.ref-docs.hierarchical-reduction-memory-bound"),
                        QStringLiteral("ledger:nvidia.h200-sxm")};
  in.baselineConfig = {{QStringLiteral("tile"), QStringLiteral("1024 elements per CTA")},
                       {QStringLiteral("grid/block"), QStringLiteral("(1572864,1,1) / (128,1,1)")},
                       {QStringLiteral("data movement"), QStringLiteral("128-bit vector loads | stores")}};
  ReportCase ok;
  ok.name = QStringLiteral("full");
  ok.status = QStringLiteral("PASS");
  ok.shape = QStringLiteral("[4096, 393216]");
  ok.dtype = QStringLiteral("float32");
  ok.relErr = 0.0;
  ok.threshold = 0.01;
  ok.latencyUs = 4980.5123;
  ok.refLatencyUs = 5102.0;
  ReportCase slow;
  slow.name = QStringLiteral("odd_tail");
  slow.status = QStringLiteral("TIMEOUT_FAIL");
  slow.shape = QStringLiteral("[7, 1000003]");
  slow.dtype = QStringLiteral("float32");
  slow.reason = QStringLiteral("exceeded TEST_TIMEOUT_SEC=30\nkilled by the watchdog");
  slow.threshold = 0.01;
  in.cases = {ok, slow};
  in.maxRelErr = 0.0;
  in.overallStatus = QStringLiteral("FAIL");
  in.latencyUs = 4980.5123;
  in.refLatencyUs = 5102.0;
  in.hostUs = 38.26;
  in.refHostUs = 12.04;
  in.tflops = 0.32339;
  in.bandwidthGBs = 2587.09;
  in.tflopsUtilPct = 0.48;
  in.bandwidthUtilPct = 53.94;
  in.bandwidthUtilVsMeasuredPct = 61.26;
  in.flopsExpr = QStringLiteral("M*N");
  in.bytesExpr = QStringLiteral("4*M*N + 4*M*N");
  in.bottleneck = QStringLiteral("memory-bound");
  in.peakComputeSource = QStringLiteral("ledger nvidia.h200-sxm: FP32 67 TFLOPS dense (NVIDIA H200 datasheet)");
  in.peakBandwidthSource = QStringLiteral("ledger nvidia.h200-sxm: 4.8 TB/s HBM3e (NVIDIA H200 datasheet)");
  in.measuredCeilingSource = QStringLiteral("device-to-device copy, 4.22 TB/s");
  in.arithmeticIntensity = 0.125;
  in.ridgePoint = 13.958;
  in.rooflineFigure = QStringLiteral("roofline.png");
  in.notRun = {QStringLiteral("robustness run with --multi-seed (the seed forbids it for V0)")};
  in.warnings = {QStringLiteral("odd_tail timed out")};
  in.command = QStringLiteral("python test_kernel.py --version v0 --no-memory");
  in.date = QStringLiteral("2026-01-15T09:30:12Z");
  in.runDir = QStringLiteral(".kwb/runs/20260115T093012");
  return in;
}

const QStringList kSections = {
    QStringLiteral("## Baseline kernel path"),
    QStringLiteral("## Correctness test path"),
    QStringLiteral("## PyTorch reference logic description"),
    QStringLiteral("## Stable source record ids consulted"),
    QStringLiteral("## Baseline configuration summary"),
    QStringLiteral("## Correctness results"),
    QStringLiteral("## Baseline performance"),
    QStringLiteral("## Roofline"),
    QStringLiteral("## What was and was not run"),
};

}  // namespace

class TestRecords : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // FLOP and byte expressions for people (new-user trial 5, R8): like terms combined, numbers grouped, the count.
  void readableExpressions_data() {
    QTest::addColumn<QString>("expr");
    QTest::addColumn<QString>("shown");
    QTest::newRow("like terms") << "4*M*N + 4*M*N"
                                << "8*M*N";
    QTest::newRow("constants last, once") << "4*out_channels + 8 + 4*out_channels + 8 + 3"
                                          << "8*out_channels + 19";
    QTest::newRow("factor order") << "2*a*b + 3*b*a"
                                  << "5*a*b";
    QTest::newRow("powers and grouping") << "129032*batch_size*kernel_size^2 + 193548*batch_size"
                                         << "129,032*batch_size*kernel_size^2 + 193,548*batch_size";
    QTest::newRow("huge constant") << "4398046511104 + 4398046511104"
                                   << "8,796,093,022,208";
    QTest::newRow("not a plain sum: grouped only") << "(M - 1)*40000/2"
                                                   << "(M - 1)*40,000/2";
    QTest::newRow("names keep their digits") << "x12345*2"
                                             << "2*x12345";
    QTest::newRow("decimals stay") << "0.5*M + 12345.5"
                                   << "0.5*M + 12345.5";
  }
  void readableExpressions() {
    QFETCH(QString, expr);
    QFETCH(QString, shown);
    QCOMPARE(readableExpr(expr), shown);
    QCOMPARE(readableExpr(expr, false), QString(shown).remove(u','));
  }
  void countsWithUnits() {
    QCOMPARE(siCount(12884901888.0, QStringLiteral("B")), QStringLiteral("12.88 GB"));
    QCOMPARE(siCount(12.0, QStringLiteral("B")), QStringLiteral("12 B"));
    QVERIFY(siCount(std::nullopt, QStringLiteral("B")).isEmpty());
    QCOMPARE(exprWithValue(QStringLiteral("M*N"), 1610612736.0, QStringLiteral("FLOP")),
             QStringLiteral("M*N (= 1.611 GFLOP)"));
    QCOMPARE(exprWithValue(QStringLiteral("2 + 3"), 5.0, QStringLiteral("FLOP")), QStringLiteral("5"));
  }

  void templateDefaults() {
    const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-1);
    const MemoryRecord r = MemoryRecord::fromTemplate(QStringLiteral("v3"));
    const json& j = r.json();
    COMPARE_JSON(j["version"], "v3");
    COMPARE_JSON(j["masked"], false);
    QVERIFY(!r.isMasked());
    const QDateTime ts = QDateTime::fromString(QString::fromStdString(j["timestamp"].get<std::string>()), Qt::ISODate);
    QVERIFY(ts.isValid());
    QCOMPARE(ts.timeSpec(), Qt::UTC);
    QVERIFY(ts >= before && ts <= QDateTime::currentDateTimeUtc().addSecs(1));
    QVERIFY(j["performance"]["latency_us"].is_null());
    COMPARE_JSON(j["performance"]["latency_us_by_shape"], json::object());
    QVERIFY(j["performance"]["comparison_with_previous"]["tflops_delta"].is_null());
    QVERIFY(j["optimization"]["action_category"].is_null());  // placeholder text is not kept
    QVERIFY(j["correctness"]["status"].is_null());
    QVERIFY(j["quality_gate"]["failure_reason"].is_null());
    QVERIFY(j["git_commit_hash"].is_null());
    for (const char* arr : {"isa_metric_progress", "search_log", "pitfalls_and_fixes", "references", "open_directions"})
      COMPARE_JSON(j[arr], json::array());
    QVERIFY(j["workbench"]["mode"].is_null());
    COMPARE_JSON(j["workbench"]["baseline_config"], json::object());
    QVERIFY(!containsComment(j));
    QCOMPARE(r.validate(), QStringList());
  }

  void templateKeysAreRequired_data() {
    QTest::addColumn<QString>("path");
    QStringList paths;
    keyPaths(MemoryRecord::fromTemplate(QStringLiteral("v0")).json(), QString(), paths);
    QVERIFY(paths.size() > 40);
    for (const QString& p : std::as_const(paths)) {
      if (p != QLatin1String("workbench"))  // our extension is optional as a whole
        QTest::newRow(qPrintable(p)) << p;
    }
  }

  void templateKeysAreRequired() {
    QFETCH(QString, path);
    json doc = MemoryRecord::fromTemplate(QStringLiteral("v0")).json();
    const QStringList segs = path.split(QLatin1Char('.'));
    json* parent = &doc;
    for (qsizetype i = 0; i + 1 < segs.size(); ++i) parent = &(*parent)[segs[i].toStdString()];
    parent->erase(segs.last().toStdString());
    const QStringList problems = MemoryRecord::fromJson(doc).validate();
    QVERIFY2(problems.contains(path + QLatin1String(": required key missing")), qPrintable(problems.join(u'\n')));
  }

  void setTyping_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");  // JSON of the stored value
    QTest::newRow("float") << "performance.latency_us"
                           << "12.5"
                           << "12.5";
    QTest::newRow("int") << "performance.bandwidth_gbps"
                         << "2587"
                         << "2587";
    QTest::newRow("exponent") << "correctness.rel_err"
                              << "1e-6"
                              << "1e-06";
    QTest::newRow("status") << "correctness.status"
                            << "PASS"
                            << "\"PASS\"";
    QTest::newRow("bool") << "masked"
                          << "true"
                          << "true";
    QTest::newRow("null") << "quality_gate.failure_reason"
                          << "null"
                          << "null";
    QTest::newRow("text with spaces") << "optimization.action_description"
                                      << "one CTA per 1024 elements, 128-bit loads"
                                      << "\"one CTA per 1024 elements, 128-bit loads\"";
    QTest::newRow("quoted number stays text") << "git_commit_hash"
                                              << "\"0123\""
                                              << "\"0123\"";
    QTest::newRow("array") << "references"
                           << R"([{"source_type":"ledger","path_or_url":"h200","description":"peaks"}])"
                           << R"([{"description":"peaks","path_or_url":"h200","source_type":"ledger"}])";
    QTest::newRow("object") << "workbench.baseline_config"
                            << R"({"BLOCK": 1024})"
                            << R"({"BLOCK":1024})";
    QTest::newRow("new nested key") << "performance.latency_us_by_shape.0"
                                    << "3.25"
                                    << "3.25";
    QTest::newRow("not JSON") << "optimization.action_category"
                              << "{broken"
                              << "\"{broken\"";
    QTest::newRow("nan is text") << "profile_evidence.evidence_summary"
                                 << "nan"
                                 << "\"nan\"";
  }

  void setTyping() {
    QFETCH(QString, path);
    QFETCH(QString, text);
    QFETCH(QString, expected);
    MemoryRecord r = MemoryRecord::fromTemplate(QStringLiteral("v0"));
    QString error;
    QVERIFY2(r.set(path, text, &error), qPrintable(error));
    QCOMPARE(QString::fromStdString(r.value(path).dump()), expected);
  }

  void setErrors_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("named");  // the part of the path the error must name
    QTest::newRow("unknown top-level") << "perf.latency_us"
                                       << "\"perf\"";
    QTest::newRow("comment key") << "$comment"
                                 << "\"$comment\"";
    QTest::newRow("into a number") << "performance.latency_us.x"
                                   << "performance.latency_us";
    QTest::newRow("into a null") << "git_commit_hash.short"
                                 << "git_commit_hash";
    QTest::newRow("into an array") << "references.0"
                                   << "references";
    QTest::newRow("empty segment") << "performance..tflops"
                                   << "performance..tflops";
    QTest::newRow("empty path") << ""
                                << "empty path segment";
  }

  void setErrors() {
    QFETCH(QString, path);
    QFETCH(QString, named);
    MemoryRecord r = MemoryRecord::fromTemplate(QStringLiteral("v0"));
    r.set(QStringLiteral("performance.latency_us"), QStringLiteral("1.5"));
    const json before = r.json();
    QString error;
    QVERIFY(!r.set(path, QStringLiteral("1"), &error));
    QVERIFY2(error.contains(named), qPrintable(error));
    COMPARE_JSON(r.json(), before);  // a failed set changes nothing
  }

  void appendItems() {
    MemoryRecord r = MemoryRecord::fromTemplate(QStringLiteral("v0"));
    QString error;
    QVERIFY(r.append(QStringLiteral("pitfalls_and_fixes"),
                     {{"error_type", "timeout"},
                      {"error_message", "case odd_tail > 30 s"},
                      {"root_cause", nullptr},
                      {"fix_applied", nullptr},
                      {"lesson", nullptr}},
                     &error));
    QCOMPARE(r.json()["pitfalls_and_fixes"].size(), std::size_t(1));
    QCOMPARE(r.validate(), QStringList());
    QVERIFY(r.set(QStringLiteral("correctness.status"), QStringLiteral("PASS")));
    QVERIFY(!r.append(QStringLiteral("correctness.status"), 1, &error));
    QVERIFY2(error.contains(QLatin1String("correctness.status")), qPrintable(error));
    QVERIFY(r.append(QStringLiteral("references"), json{{"source_type", "gpu-wiki"}}));
    QVERIFY(r.validate().contains(QStringLiteral("references[0].path_or_url: required key missing")));
  }

  void saveLoadRoundtrip() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    MemoryRecord r = MemoryRecord::fromTemplate(QStringLiteral("v0"));
    QVERIFY(r.set(QStringLiteral("performance.latency_us"), QStringLiteral("4980.512")));
    QVERIFY(r.set(QStringLiteral("correctness.status"), QStringLiteral("TIMEOUT_FAIL")));
    QVERIFY(r.set(QStringLiteral("workbench.gpu"), QStringLiteral("NVIDIA H200")));
    QVERIFY(r.set(QStringLiteral("optimization.action_description"), QStringLiteral("逐元素 relu, µs")));
    const QString path = memoryPath(tmp.path(), QStringLiteral("v0"));
    QCOMPARE(path, tmp.path() + QLatin1String("/memory/v0.json"));
    QString error;
    QVERIFY2(r.save(path, &error), qPrintable(error));  // creates memory/
    const QByteArray bytes = readAll(path);
    QVERIFY(bytes.endsWith("}\n"));
    QVERIFY(bytes.contains("\n  \"version\": \"v0\""));  // indented by 2
    QVERIFY(bytes.contains("逐元素"));                   // UTF-8, not \u escapes
    const auto loaded = MemoryRecord::load(path, &error);
    QVERIFY2(loaded, qPrintable(error));
    COMPARE_JSON(loaded->json(), r.json());
    QCOMPARE(loaded->version(), QStringLiteral("v0"));
  }

  void loadErrors() {
    QTemporaryDir tmp;
    const QString broken = tmp.filePath(QStringLiteral("broken.json"));
    writeFile(broken, "{\"version\": \"v0\",");
    QString error;
    QVERIFY(!MemoryRecord::load(broken, &error));
    // Named, with the parser's position, and the way back (not the parser's exception text alone).
    QVERIFY2(error.startsWith(broken + QStringLiteral(" is damaged (not valid JSON: line 1, column 18")),
             qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("To recover: restore it from git (`git checkout -- memory/broken.json`")),
             qPrintable(error));
    QVERIFY(!error.contains(QLatin1String("[json.exception")));
    const QString deep = tmp.filePath(QStringLiteral("deep.json"));
    writeFile(deep, QByteArray(200000, '['));
    QVERIFY(!MemoryRecord::load(deep, &error));
    QVERIFY2(error.contains(QLatin1String("nested deeper than 128 levels")), qPrintable(error));
    QVERIFY(!MemoryRecord::load(QStringLiteral("/dev/zero"), &error));
    QVERIFY2(error.contains(QLatin1String("a character device")), qPrintable(error));
    const QString list = tmp.filePath(QStringLiteral("list.json"));
    writeFile(list, "[1, 2]");
    QVERIFY(!MemoryRecord::load(list, &error));
    QVERIFY2(error.contains(QLatin1String("not an object")), qPrintable(error));
    QVERIFY(!MemoryRecord::load(tmp.filePath(QStringLiteral("missing.json")), &error));
    QVERIFY(error.contains(QLatin1String("missing.json")));
  }

  void setIsBounded_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("errorPart");
    QTest::newRow("1000 segments") << (QStringLiteral("workbench") + QStringLiteral(".a").repeated(1000))
                                   << QStringLiteral("1") << QStringLiteral("characters long; the limit is 256");
    QTest::newRow("20 short segments") << (QStringLiteral("workbench") + QStringLiteral(".a").repeated(19))
                                       << QStringLiteral("1") << QStringLiteral("20 segments; the limit is 16");
    QTest::newRow("value nested 10000 deep") << QStringLiteral("workbench.x") << QString(10000, u'[')
                                             << QStringLiteral("the limits are 65536 bytes and 16 levels");
    QTest::newRow("value of 100 KB") << QStringLiteral("workbench.x") << QString(100000, u'a')
                                     << QStringLiteral("the limits are 65536 bytes");
  }
  void setIsBounded() {
    QFETCH(QString, path);
    QFETCH(QString, value);
    QFETCH(QString, errorPart);
    MemoryRecord r = MemoryRecord::fromTemplate(QStringLiteral("v0"));
    QString error;
    QVERIFY(!r.set(path, value, &error));
    QVERIFY2(error.contains(errorPart), qPrintable(error));
    QVERIFY2(error.size() < 400, "the message quotes a bounded part of the path");
  }

  void validateCatches_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("problem");  // empty: valid
    QTest::newRow("status PASS") << "correctness.status"
                                 << "PASS"
                                 << "";
    QTest::newRow("status TIMEOUT_FAIL") << "correctness.status"
                                         << "TIMEOUT_FAIL"
                                         << "";
    QTest::newRow("status lower case") << "correctness.status"
                                       << "pass"
                                       << "correctness.status: \"pass\" is not PASS, FAIL or TIMEOUT_FAIL";
    QTest::newRow("status DONE")
        << "quality_gate.result"
        << "DONE"
        << "quality_gate.result: \"DONE\" is not PASS, FAIL, TIMEOUT_FAIL, DRY_RUN_TIMEOUT or STOPPED";
    // a CPU dry run whose cases ran out of time is its own gate (new-user trial 18, #3)
    QTest::newRow("gate DRY_RUN_TIMEOUT") << "quality_gate.result"
                                          << "DRY_RUN_TIMEOUT"
                                          << "";
    QTest::newRow("gate DRY_RUN_TIMEOUT as a case status") << "correctness.status"
                                                           << "DRY_RUN_TIMEOUT"
                                                           << "correctness.status: \"DRY_RUN_TIMEOUT\" is not PASS, "
                                                              "FAIL or TIMEOUT_FAIL";
    QTest::newRow("status number") << "correctness.status"
                                   << "1"
                                   << "correctness.status: expected PASS, FAIL or TIMEOUT_FAIL, found number";
    QTest::newRow("text latency") << "performance.latency_us"
                                  << "fast"
                                  << "performance.latency_us: expected a number >= 0 or null, found string";
    QTest::newRow("negative latency") << "performance.latency_us"
                                      << "-5"
                                      << "performance.latency_us: expected a number >= 0 or null, found number";
    QTest::newRow("shape latency text") << "performance.latency_us_by_shape.1"
                                        << "slow"
                                        << "performance.latency_us_by_shape.1: expected a number or null, found string";
    QTest::newRow("masked text") << "masked"
                                 << "maybe"
                                 << "masked: expected true or false, found string";
    QTest::newRow("version") << "version"
                             << "0"
                             << "version: expected \"v<N>\" (e.g. \"v0\"), found 0";
    QTest::newRow("timestamp") << "timestamp"
                               << "yesterday"
                               << "timestamp: expected an ISO 8601 time, found \"yesterday\"";
    QTest::newRow("mode") << "workbench.mode"
                          << "gpu2"
                          << "workbench.mode: expected \"gpu\" or \"cpu-dry-run\", found \"gpu2\"";
    QTest::newRow("mode dry run") << "workbench.mode"
                                  << "cpu-dry-run"
                                  << "";
    QTest::newRow("array as object") << "search_log"
                                     << "{}"
                                     << "search_log: expected an array, found object";
  }

  void validateCatches() {
    QFETCH(QString, path);
    QFETCH(QString, value);
    QFETCH(QString, problem);
    MemoryRecord r = MemoryRecord::fromTemplate(QStringLiteral("v0"));
    QVERIFY(r.set(path, value));
    const QStringList problems = r.validate();
    if (problem.isEmpty())
      QCOMPARE(problems, QStringList());
    else
      QCOMPARE(problems, QStringList{problem});
  }

  void seedRecordValidates() {
    // A record written by a seed agent (no "workbench" object) is valid as it is.
    QString error;
    const auto r = MemoryRecord::load(QFINDTESTDATA("data/records/seed_v0.json"), &error);
    QVERIFY2(r, qPrintable(error));
    QCOMPARE(r->validate(), QStringList());
    QCOMPARE(r->value(QStringLiteral("performance.bandwidth_peak_utilization_pct")).get<double>(), 53.9);
    QVERIFY(r->value(QStringLiteral("no.such.key")).is_null());
  }

  void loadAllSkipsMasked() {
    QTemporaryDir tmp;
    const QString ws = tmp.path();
    for (const char* v : {"v0", "v1", "v2", "v10"}) {
      MemoryRecord r = MemoryRecord::fromTemplate(QString::fromLatin1(v));
      if (std::string_view(v) == "v1") QVERIFY(r.set(QStringLiteral("masked"), QStringLiteral("true")));
      QVERIFY(r.save(memoryPath(ws, QString::fromLatin1(v))));
    }
    writeFile(memoryPath(ws, QStringLiteral("v3")), "not json");
    writeFile(ws + QLatin1String("/memory/notes.json"), "{}");
    writeFile(ws + QLatin1String("/memory/v4.json.bak"), "{}");
    QStringList errors;
    const QList<MemoryRecord> all = loadAll(ws, &errors);
    QStringList versions;
    for (const MemoryRecord& r : all) versions << r.version();
    QCOMPARE(versions, (QStringList{QStringLiteral("v0"), QStringLiteral("v2"), QStringLiteral("v10")}));
    QCOMPARE(errors.size(), 1);
    QVERIFY(errors.first().contains(QLatin1String("v3.json")));
    QCOMPARE(loadAll(tmp.filePath(QStringLiteral("nowhere"))).size(), 0);
  }

  void versionNumbers() {
    QCOMPARE(versionNumber(QStringLiteral("v0")), std::optional<int>(0));
    QCOMPARE(versionNumber(QStringLiteral("v12")), std::optional<int>(12));
    QVERIFY(!versionNumber(QStringLiteral("v")));
    QVERIFY(!versionNumber(QStringLiteral("V1")));
    QVERIFY(!versionNumber(QStringLiteral("v1a")));
  }

  void reportSectionsInOrder_data() {
    QTest::addColumn<QString>("mode");
    QTest::newRow("gpu") << "gpu";
    QTest::newRow("cpu-dry-run") << "cpu-dry-run";
  }

  void reportSectionsInOrder() {
    QFETCH(QString, mode);
    const QString md = renderBaselineReport(sampleReport(mode));
    qsizetype last = -1;
    for (const QString& s : kSections) {
      const qsizetype at = md.indexOf(s + QLatin1Char('\n'));
      QVERIFY2(at > last, qPrintable(s));
      QCOMPARE(md.count(s + QLatin1Char('\n')), 1);
      last = at;
    }
  }

  void reportContents() {
    const QString md = renderBaselineReport(sampleReport(QStringLiteral("gpu")));
    QVERIFY(!md.contains(QLatin1String("CPU dry run")));
    // Correctness table: the TIMEOUT_FAIL row, its reason on one line, n/a for a missing rel_err.
    QVERIFY(
        md.contains(QLatin1String("| odd_tail | [7, 1000003] | float32 | **TIMEOUT_FAIL** | n/a | 0.01 | n/a | n/a | "
                                  "exceeded TEST_TIMEOUT_SEC=30 killed by the watchdog |")));
    QVERIFY(md.contains(
        QLatin1String("| full | [4096, 393216] | float32 | PASS | 0.00e+00 | 0.01 | 4980.512 | 5102.000 |  |")));
    QVERIFY(md.contains(QLatin1String("- Result: **FAIL**")));
    QVERIFY(md.contains(QLatin1String("- TIMEOUT_FAIL: `odd_tail`")));
    // the gate's reason on the report's first line, cut at 300 characters (new-user trial 18, #2)
    ReportInput why = sampleReport(QStringLiteral("gpu"));
    why.overallReason = QStringLiteral("framework conformance: FAIL: kernel.py:12: `torch.relu` is PyTorch compute");
    const QString mdWhy = renderBaselineReport(why);
    QVERIFY(mdWhy.contains(QLatin1String(
        "- Result: **FAIL**: framework conformance: FAIL: kernel.py:12: `torch.relu` is PyTorch compute\n")));
    QVERIFY(mdWhy.indexOf(QLatin1String("- Result: **FAIL**:")) < mdWhy.indexOf(QLatin1String("- Date: ")));
    why.overallReason = QString(400, u'x');
    QVERIFY(renderBaselineReport(why).contains(QString(297, u'x') +
                                               QStringLiteral("... (the whole reason under the warnings)\n")));
    // The seed's performance row: latency 3 decimals, TFLOPS 3, GB/s integer, % one decimal.
    QVERIFY(md.contains(QLatin1String(
        "| latency(us) | TFLOPS | bandwidth(GB/s) | TFLOPS peak utilization(%) | bandwidth peak utilization(%) |")));
    QVERIFY(md.contains(QLatin1String("| 4980.512 | 0.323 | 2587 | 0.5 | 53.9 |")));
    QVERIFY(
        md.contains(QStringLiteral("- Host launch path per call: 38.3 µs (PyTorch reference: 12.0 µs), the median host "
                                   "time of one forward call, reported beside the latency\n")));
    QVERIFY(md.indexOf(QLatin1String("- Host launch path")) >
            md.indexOf(QLatin1String("- PyTorch reference latency:")));
    QVERIFY(md.indexOf(QLatin1String("- Host launch path")) < md.indexOf(QLatin1String("## Roofline")));
    QVERIFY(md.contains(QLatin1String("- Compute peak source: ledger nvidia.h200-sxm")));
    QVERIFY(md.contains(
        QLatin1String("- Bandwidth utilization vs. measured ceiling: 61.3% (ceiling: device-to-device copy")));
    QVERIFY(md.contains(QLatin1String("| data movement | 128-bit vector loads \\| stores |")));
    QVERIFY(md.contains(QLatin1String("- `nvidia.generic.any.ref-docs.hierarchical-reduction-memory-bound`")));
    QVERIFY(md.contains(QLatin1String("![Roofline](roofline.png)")));
    QVERIFY(md.contains(QLatin1String("- Arithmetic intensity: 0.125 FLOP/byte")));  // 3 decimals below 1
    QVERIFY(md.contains(QLatin1String("- Ridge point: 13.96 FLOP/byte")));
    QVERIFY(md.contains(
        QLatin1String("- Ran 2 correctness case(s): 1 PASS, 0 FAIL, 1 TIMEOUT_FAIL, 0 other, on NVIDIA H200")));
    QVERIFY(md.contains(QLatin1String("- Not run: robustness run")));
    QVERIFY(md.contains(QLatin1String("- Warning: odd_tail timed out")));
  }

  void reportCompileReference() {
    ReportInput in = sampleReport(QStringLiteral("gpu"));
    in.latencyUs = 100.0;
    in.compileRefLatencyUs = 150.0;
    in.compileRefPrecision = QStringLiteral("tf32");
    QString md = renderBaselineReport(in);
    QVERIFY2(
        md.contains(QStringLiteral(
            "- torch.compile reference (Inductor, default mode, tf32): 150.000 µs; kernel speedup over it: 1.50x\n")),
        qPrintable(md));
    in.compileRefLatencyUs.reset();
    in.compileRefError = QStringLiteral("torch 1.13.0 has no torch.compile");
    md = renderBaselineReport(in);
    QVERIFY(
        md.contains(QStringLiteral("- torch.compile reference: not measured (torch 1.13.0 has no torch.compile)\n")));
    in.compileRefError.clear();  // not asked for: no line
    QVERIFY(!renderBaselineReport(in).contains(QLatin1String("torch.compile")));
  }

  // The harness's model_mode note: how a problem with random dropout was checked (issue 15).
  void reportModelMode() {
    ReportInput in = sampleReport(QStringLiteral("gpu"));
    QVERIFY(!renderBaselineReport(in).contains(QLatin1String("- Model mode:")));
    in.modelModeNote = QStringLiteral("eval mode: dropout (Dropout p=0.2) draws random numbers in training mode");
    QVERIFY(renderBaselineReport(in).contains(
        QLatin1String("- Model mode: eval mode: dropout (Dropout p=0.2) draws random numbers in training mode\n")));
  }

  void reportPlanKernels() {
    ReportInput in = sampleReport(QStringLiteral("gpu"));
    QVERIFY(!renderBaselineReport(in).contains(QLatin1String("## Plan kernels")));  // no profile: no section
    in.kernelLaunches = 2;
    in.kernelTotalUs = 30.0;
    in.kernelProfile = {{QStringLiteral("kwb_gemm"), 1, 24.0, 80.0, QStringLiteral("[132,1,1]"),
                         QStringLiteral("[256,1,1]"), QStringLiteral("168"), QStringLiteral("147456")},
                        {QStringLiteral("kwb_reduce"), 1, 6.0, 20.0, {}, {}, {}, {}}};
    QString md = renderBaselineReport(in);
    QVERIFY2(md.contains(QStringLiteral("2 launch(es), 30.0 µs of kernel time.")), qPrintable(md));
    QVERIFY2(md.contains(QStringLiteral("| 1 | `kwb_gemm` | [132,1,1] | [256,1,1] | 168 | 147456 | 24.0 | 80.0 |")),
             qPrintable(md));
    QVERIFY(md.contains(QStringLiteral("| 2 | `kwb_reduce` | n/a | n/a | n/a | n/a | 6.0 | 20.0 |")));
    QVERIFY2(md.contains(QStringLiteral("| shared memory (B) | µs | share (%) |")), qPrintable(md));  // UTF-8 µ
    QVERIFY(md.indexOf(QLatin1String("## Plan kernels")) > md.indexOf(QLatin1String("## Baseline performance")));
    QVERIFY(md.indexOf(QLatin1String("## Plan kernels")) < md.indexOf(QLatin1String("## Roofline")));
    in.kernelLaunches = 3072;  // more launches than rows: the rows are per kernel name
    in.kernelProfile = {{QStringLiteral("kwb_gru_step"), 3072, 30.0, 100.0, {}, {}, {}, {}}};
    md = renderBaselineReport(in);
    QVERIFY2(
        md.contains(QStringLiteral("by kernel name")) && md.contains(QStringLiteral("| `kwb_gru_step` | 3072 | 30.0 | "
                                                                                    "100.0 |")),
        qPrintable(md));
    QVERIFY2(md.contains(QStringLiteral("| kernel | launches | µs | share (%) |")), qPrintable(md));
    in.kernelProfile.clear();
    in.kernelProfileError = QStringLiteral("RuntimeError: CUPTI unavailable");
    QVERIFY(renderBaselineReport(in).contains(QStringLiteral("_Not profiled: RuntimeError: CUPTI unavailable_")));
    QVERIFY(!renderBaselineReport(sampleReport(QStringLiteral("cpu-dry-run"))).contains(QLatin1String("Plan kernels")));
  }

  void reportHostLaunchPath() {
    ReportInput in = sampleReport(QStringLiteral("gpu"));
    in.latencyUs = 12.5;  // a small kernel behind a 38 µs launch path
    in.refHostUs.reset();
    QString md = renderBaselineReport(in);
    QVERIFY(
        md.contains(QStringLiteral("- Host launch path per call: 38.3 µs, the median host time of one forward call, "
                                   "reported beside the latency; more than the latency: launch-bound\n")));
    in.hostUs.reset();  // a result from a harness that did not report it: no line, no "n/a"
    md = renderBaselineReport(in);
    QVERIFY(!md.contains(QLatin1String("Host launch path")));
  }

  void reportImplausibleIsFlagged() {
    ReportInput in = sampleReport(QStringLiteral("gpu"));
    in.bandwidthUtilPct = 125.3;  // e.g. bytes over-counted, or a kernel that skipped work
    in.implausible = true;
    const QString md = renderBaselineReport(in);
    QVERIFY(md.contains(QLatin1String("| 0.5 | IMPLAUSIBLE (raw 125.3) |")));
    in.implausible = false;  // unflagged values print as they are
    QVERIFY(renderBaselineReport(in).contains(QLatin1String("| 0.5 | 125.3 |")));
  }

  // new-user trial 17, #1: a count whose formula holds at the problem's sizes only says so, in every status
  void formulaNotes() {
    const QString folded =
        QStringLiteral("valid at these sizes only (no formula: a size is folded into a coefficient)");
    QCOMPARE(formulaNote(json{{"expr", "12"}, {"value", 12}, {"formula", {{"status", "size_specific"}}}}), folded);
    QCOMPARE(formulaNote(json{{"formula", {{"status", "unchecked"}}}}),
             QStringLiteral("valid at these sizes only (no formula: not checked at other sizes)"));
    QVERIFY(formulaNote(json{{"expr", "2*N^3"}, {"formula", {{"status", "holds"}}}}).isEmpty());
    QVERIFY(formulaNote(json{{"expr", "2*N^3"}}).isEmpty());  // a spec from before the check, or the user's own
    QVERIFY(formulaNote(json::array()).isEmpty());
    QVERIFY(formulaNote(json{{"formula", "holds"}}).isEmpty());
    ReportInput in = sampleReport(QStringLiteral("gpu"));
    in.flopsExpr = QStringLiteral("614856130560");
    in.flopsValue = 614856130560.0;
    in.flopsNote = folded;
    const QString md = renderBaselineReport(in);
    QVERIFY2(md.contains(QLatin1String("- FLOPs: `614856130560` (= 614.9 GFLOP), ") + folded +
                         QLatin1String("; bytes moved: `8*M*N`")),
             qPrintable(md));
  }

  void reportDryRun() {
    const QString md = renderBaselineReport(sampleReport(QStringLiteral("cpu-dry-run")));
    const QString banner = QStringLiteral("> **CPU dry run: not a kernel measurement.**");
    QVERIFY(md.indexOf(banner) < md.indexOf(kSections.first()));  // at the top
    const qsizetype perf = md.indexOf(QLatin1String("## Baseline performance"));
    QVERIFY(md.indexOf(banner, perf) > perf);  // and in the performance section
    QVERIFY(md.indexOf(banner, perf) < md.indexOf(QLatin1String("## Roofline")));
    QVERIFY(md.contains(QLatin1String("PyTorch reference running on the CPU at reduced shapes")));
    // No utilization is shown as the kernel's, even if the input carried some.
    QVERIFY(md.contains(QLatin1String("| 4980.512 | 0.323 | 2587 | n/a (dry run) | n/a (dry run) |")));
    QVERIFY(!md.contains(QLatin1String("53.9")));
    QVERIFY(!md.contains(QLatin1String("measured ceiling")));
    QVERIFY(md.contains(QLatin1String("- Not run: the kernel on a GPU")));
    QVERIFY(!md.contains(QLatin1String("Host launch path")));  // the CPU's host time is not a launch path
    QVERIFY(!md.contains(QLatin1String("Cases not run")));
    // A case of a kernel that never ran is never a PASS: the GUI's "ran" (new-user trial 19, #7). The failed case
    // keeps its status.
    QVERIFY2(md.contains(QLatin1String("| full | [4096, 393216] | float32 | ran (harness only) | n/a (dry run) |")),
             qPrintable(md));
    QVERIFY(md.contains(QLatin1String("| odd_tail | [7, 1000003] | float32 | **TIMEOUT_FAIL** |")));
    QVERIFY(
        md.contains(QLatin1String("- Ran 2 correctness case(s): 1 ran (harness only), 0 FAIL, 1 TIMEOUT_FAIL, 0 other, "
                                  "on the CPU (cpu-dry-run)")));
    QVERIFY2(!md.contains(QLatin1String("PASS")), qPrintable(md));
    QCOMPARE(dryRunCaseRanText(), QStringLiteral("ran (harness only)"));
    // an older report's words are today's once read back (the GUI and the export); other text is as written
    QCOMPARE(withCurrentDryRunWording(QStringLiteral("| a | PASS (harness only) |\n| b | PASS |")),
             QStringLiteral("| a | ran (harness only) |\n| b | PASS |"));
    // Cases the harness could not derive are listed with the reason (a level-2 conv whose every input
    // size is a constructor argument ran at full size, and the report did not say what was missing).
    ReportInput in = sampleReport(QStringLiteral("cpu-dry-run"));
    in.skippedCases = {{QStringLiteral("boundary_tail"), QStringLiteral("no input dim can be resized")}};
    QVERIFY(renderBaselineReport(in).contains(
        QLatin1String("Cases not run for this problem:\n- `boundary_tail`: no input dim can be resized\n")));
    // Cases that ran on synthetic inputs are named with the harness's reason (trial 19, #11: only result.json said so)
    QVERIFY(!renderBaselineReport(in).contains(QLatin1String("synthetic inputs")));
    in.syntheticInputCases = {
        {QStringLiteral("strided"), QStringLiteral("synthetic inputs (randn+0.5) because get_inputs() "
                                                   "gave shapes [[16, 64]], the case needs [[16, 16]]")}};
    const QString synth = renderBaselineReport(in);
    QVERIFY2(synth.contains(QLatin1String("Cases run on synthetic inputs, not get_inputs()'s (")), qPrintable(synth));
    QVERIFY(
        synth.contains(QLatin1String("- `strided`: synthetic inputs (randn+0.5) because get_inputs() gave shapes "
                                     "[[16, 64]], the case needs [[16, 16]]\n")));
  }

  void reportMissingValues() {
    ReportInput in;
    in.mode = QStringLiteral("gpu");
    const QString md = renderBaselineReport(in);
    QVERIFY(md.contains(QLatin1String("| n/a | n/a | n/a | n/a | n/a |")));
    QVERIFY(md.contains(QLatin1String("_No correctness case was run._")));
    QVERIFY(md.contains(QLatin1String("_None: no knowledge record was consulted._")));
    QVERIFY(md.contains(QLatin1String("_No roofline figure was drawn._")));
    QVERIFY(md.contains(QLatin1String("- Arithmetic intensity: n/a")));
    QVERIFY(!md.contains(QLatin1String("Host launch path")));
  }

  void reportGolden() {
    // Whole-report check; on a mismatch the actual text is written next to the golden file.
    const QString golden = QFINDTESTDATA("data/records/baseline_report_gpu.md");
    QVERIFY(!golden.isEmpty());
    const QString md = renderBaselineReport(sampleReport(QStringLiteral("gpu")));
    if (QString::fromUtf8(readAll(golden)) != md) {
      QFile actual(golden + QLatin1String(".actual"));
      QVERIFY(actual.open(QIODevice::WriteOnly));
      actual.write(md.toUtf8());
      QFAIL(qPrintable(QLatin1String("report differs from the golden file; see ") + actual.fileName()));
    }
  }

  void markdownTable() {
    const QString html = markdownToHtml(renderBaselineReport(sampleReport(QStringLiteral("gpu"))));
    QVERIFY(html.contains(QLatin1String("<h2>Baseline performance</h2>")));
    QVERIFY(html.contains(QLatin1String("<table>")));
    QVERIFY(html.contains(QLatin1String("<th align=\"right\">latency(us)</th>")));
    QVERIFY(html.contains(QLatin1String("<td align=\"right\">4980.512</td>")));
    QVERIFY(html.contains(QLatin1String("<img src=\"roofline.png\" alt=\"Roofline\">")));
    QVERIFY(html.contains(QStringLiteral("Latency (µs)")));  // UTF-8 survives the round trip
    const QString escaped = markdownToHtml(QStringLiteral("reason: <script>alert(1)</script>"));
    QVERIFY(!escaped.contains(QLatin1String("<script>")));
    QVERIFY(escaped.contains(QLatin1String("&lt;script&gt;")));
    QCOMPARE(markdownToHtml(QString()), QString());
  }

  // Versions: the comparison a later version records, and the typed list of a workspace's versions.
  void comparisonWithPrevious_realValues() {
    MemoryRecord v0 = MemoryRecord::fromTemplate(QStringLiteral("v0"));
    QVERIFY(v0.setJson(QStringLiteral("performance.latency_us"), 12.5));
    QVERIFY(v0.setJson(QStringLiteral("performance.tflops"), 0.5));
    QVERIFY(v0.setJson(QStringLiteral("performance.bandwidth_gbps"), 2000.0));
    QVERIFY(v0.setJson(QStringLiteral("correctness.rel_err"), 1e-6));
    MemoryRecord v1 = MemoryRecord::fromTemplate(QStringLiteral("v1"));
    QVERIFY(v1.setJson(QStringLiteral("performance.latency_us"), 10.0));
    QVERIFY(v1.setJson(QStringLiteral("performance.tflops"), 0.625));
    QVERIFY(v1.setJson(QStringLiteral("performance.bandwidth_gbps"), 2500.0));
    QVERIFY(v1.setJson(QStringLiteral("correctness.rel_err"), 2e-6));
    const json c = comparisonWithPrevious(v0.json(), v1.json());
    QCOMPARE(c["previous_version"].get<std::string>(), std::string("v0"));
    QCOMPARE(c["previous_latency_us"].get<double>(), 12.5);
    QCOMPARE(c["current_latency_us"].get<double>(), 10.0);
    QCOMPARE(c["speedup"].get<double>(), 1.25);
    QCOMPARE(c["latency_delta"].get<double>(), -2.5);
    QCOMPARE(c["tflops_delta"].get<double>(), 0.125);
    QCOMPARE(c["bandwidth_delta"].get<double>(), 500.0);
    QCOMPARE(c["previous_rel_err"].get<double>(), 1e-6);
    QCOMPARE(c["current_rel_err"].get<double>(), 2e-6);
    // Set into the record it stays valid (the seed's three keys kept, ours added).
    QVERIFY(v1.setJson(QStringLiteral("performance.comparison_with_previous"), c));
    QVERIFY2(v1.validate().isEmpty(), qPrintable(v1.validate().join(u'\n')));
    // A dry run on one side: nothing to compare, null, never 0.
    MemoryRecord dry = MemoryRecord::fromTemplate(QStringLiteral("v2"));
    const json d = comparisonWithPrevious(v1.json(), dry.json());
    QVERIFY(d["speedup"].is_null() && d["latency_delta"].is_null() && d["current_latency_us"].is_null());
    QCOMPARE(d["previous_latency_us"].get<double>(), 10.0);
  }

  void readVersions_listAndCommits() {
    QTemporaryDir dir;
    const QString ws = dir.path();
    MemoryRecord v0 = MemoryRecord::fromTemplate(QStringLiteral("v0"));
    QVERIFY(v0.setJson(QStringLiteral("performance.latency_us"), 12.5));
    QVERIFY(v0.setJson(QStringLiteral("quality_gate.result"), "PASS"));
    QVERIFY(v0.setJson(QStringLiteral("workbench.mode"), "gpu"));
    QVERIFY(v0.save(memoryPath(ws, QStringLiteral("v0"))));
    auto repo = GitRepo::openOrInit(ws);
    QVERIFY(repo);
    const auto c0 = repo->commit({QStringLiteral("memory/v0.json")}, QStringLiteral("V0: baseline kernel"));
    QVERIFY(c0);
    MemoryRecord v1 = MemoryRecord::fromTemplate(QStringLiteral("v1"));
    QVERIFY(v1.setJson(QStringLiteral("performance.latency_us"), 10.0));
    QVERIFY(v1.setJson(QStringLiteral("correctness.rel_err"), 3e-7));
    QVERIFY(v1.setJson(QStringLiteral("quality_gate.result"), "PASS"));
    QVERIFY(v1.save(memoryPath(ws, QStringLiteral("v1"))));
    const auto c1 = repo->commit({QStringLiteral("memory/v1.json")},
                                 QStringLiteral("V1: edited kernel.py, 10.00 us, 1.250x over V0"));
    QVERIFY(c1);
    MemoryRecord v10 = MemoryRecord::fromTemplate(QStringLiteral("v10"));  // numeric order, not text order
    QVERIFY(v10.setJson(QStringLiteral("workbench.mode"), "cpu-dry-run"));
    QVERIFY(v10.save(memoryPath(ws, QStringLiteral("v10"))));
    MemoryRecord masked = MemoryRecord::fromTemplate(QStringLiteral("v2"));
    QVERIFY(masked.setJson(QStringLiteral("masked"), true));
    QVERIFY(masked.save(memoryPath(ws, QStringLiteral("v2"))));
    // A skeleton's FAIL reads SKELETON, as in the suite and the review (new-user trial 7, #12)
    MemoryRecord skeleton = MemoryRecord::fromTemplate(QStringLiteral("v11"));
    QVERIFY(skeleton.setJson(QStringLiteral("quality_gate.result"), "FAIL"));
    QVERIFY(skeleton.setJson(QStringLiteral("quality_gate.failure_reason"),
                             "kernel.py is a skeleton marked unimplemented (the harness was not run)"));
    QVERIFY(skeleton.save(memoryPath(ws, QStringLiteral("v11"))));

    QString error;
    const auto list = readVersions(ws, &error);
    QVERIFY2(list, qPrintable(error));
    QCOMPARE(list->size(), 4);
    QCOMPARE(list->at(3).gate, QStringLiteral("SKELETON"));
    QCOMPARE(list->at(0).version, QStringLiteral("v0"));
    QCOMPARE(list->at(0).commit, *c0);
    QCOMPARE(list->at(1).number, 1);
    QCOMPARE(list->at(1).commit, *c1);
    QCOMPARE(*list->at(1).relErr, 3e-7);
    QCOMPARE(*speedupOver(list->at(0), list->at(1)), 1.25);
    QCOMPARE(list->at(2).number, 10);
    QCOMPARE(list->at(2).gate, QStringLiteral("DRY_RUN"));
    QVERIFY(list->at(2).commit.isEmpty());
    QVERIFY(!speedupOver(list->at(1), list->at(2)));

    writeFile(memoryPath(ws, QStringLiteral("v3")), "[1, 2");
    QVERIFY(!readVersions(ws, &error));
    QVERIFY2(error.contains(QStringLiteral("v3.json")), qPrintable(error));
  }

  // New-user trial 10, #9: after an edited --force rerun the workspace has two "V0" commits and `kwb versions` named
  // the older one; a failed V0's commit of its generated files (a base to diff against) is no version's commit.
  void readVersions_namesTheNewestCommitOfAVersion() {
    QTemporaryDir dir;
    const QString ws = dir.path();
    MemoryRecord v0 = MemoryRecord::fromTemplate(QStringLiteral("v0"));
    QVERIFY(v0.setJson(QStringLiteral("quality_gate.result"), "FAIL"));
    QVERIFY(v0.save(memoryPath(ws, QStringLiteral("v0"))));
    auto repo = GitRepo::openOrInit(ws);
    QVERIFY(repo);
    const auto generated =
        repo->commit({QStringLiteral("memory/v0.json")},
                     QStringLiteral("Generated workspace: V0 not committed as a version (quality gate FAIL)"));
    QVERIFY(generated);
    QString error;
    auto list = readVersions(ws, &error);
    QVERIFY2(list, qPrintable(error));
    QVERIFY2(list->at(0).commit.isEmpty(), qPrintable(list->at(0).commit));
    QVERIFY(v0.setJson(QStringLiteral("quality_gate.result"), "PASS"));
    QVERIFY(v0.save(memoryPath(ws, QStringLiteral("v0"))));
    const auto first = repo->commit({QStringLiteral("memory/v0.json")}, QStringLiteral("V0: baseline kernel"));
    QVERIFY(first);
    writeFile(ws + QStringLiteral("/kernel.py"), "# edited\n");  // the --force rerun measures the edited kernel
    QVERIFY(v0.setJson(QStringLiteral("performance.latency_us"), 9.0));
    QVERIFY(v0.save(memoryPath(ws, QStringLiteral("v0"))));
    const auto second = repo->commit({QStringLiteral("memory/v0.json"), QStringLiteral("kernel.py")},
                                     QStringLiteral("V0 (CPU dry run, not measured): baseline kernel"));
    QVERIFY(second);
    // a later commit of the user's whose subject merely starts with "V0" is not the version's
    writeFile(ws + QStringLiteral("/notes.md"), "n\n");
    QVERIFY(repo->commit({QStringLiteral("notes.md")}, QStringLiteral("V0 notes, V1 ideas")));
    list = readVersions(ws, &error);
    QVERIFY2(list, qPrintable(error));
    QCOMPARE(list->at(0).commit, *second);
    QCOMPARE(list->at(0).commitSubject, QStringLiteral("V0 (CPU dry run, not measured): baseline kernel"));
    QVERIFY(*first != *second);
  }

  // New-user trial 17, #12: a record names its commit in git_commit_hash, written one commit after it. readVersions
  // takes that name (the version's commit, not the later one that wrote the name); a name the repository does not
  // hold (a rewritten history) or one of a commit without the record falls back to the walk.
  void readVersions_takesTheCommitTheRecordNames() {
    QTemporaryDir dir;
    const QString ws = dir.path();
    MemoryRecord v0 = MemoryRecord::fromTemplate(QStringLiteral("v0"));
    QVERIFY(v0.setJson(QStringLiteral("quality_gate.result"), "PASS"));
    QVERIFY(v0.save(memoryPath(ws, QStringLiteral("v0"))));
    auto repo = GitRepo::openOrInit(ws);
    QVERIFY(repo);
    const auto c0 = repo->commit({QStringLiteral("memory/v0.json")}, QStringLiteral("V0: baseline kernel"));
    QVERIFY(c0);
    QVERIFY(v0.setJson(QStringLiteral("git_commit_hash"), c0->toStdString()));
    QVERIFY(v0.save(memoryPath(ws, QStringLiteral("v0"))));
    const auto named =
        repo->commit({QStringLiteral("memory/v0.json")}, QStringLiteral("Record V0's commit in memory/v0.json"));
    QVERIFY(named);
    QString error;
    auto list = readVersions(ws, &error);
    QVERIFY2(list, qPrintable(error));
    QCOMPARE(list->at(0).recordedCommit, *c0);
    QCOMPARE(list->at(0).commit, *c0);
    QCOMPARE(list->at(0).commitSubject, QStringLiteral("V0: baseline kernel"));
    QVERIFY(repo->isClean());
    // A name git does not know: the walk finds the version's commit all the same
    QVERIFY(v0.setJson(QStringLiteral("git_commit_hash"), std::string(40, 'a')));
    QVERIFY(v0.save(memoryPath(ws, QStringLiteral("v0"))));
    list = readVersions(ws, &error);
    QVERIFY2(list, qPrintable(error));
    QCOMPARE(list->at(0).commit, *c0);
    // A second member of the class: a later version names its own commit the same way
    MemoryRecord v1 = MemoryRecord::fromTemplate(QStringLiteral("v1"));
    QVERIFY(v1.save(memoryPath(ws, QStringLiteral("v1"))));
    const auto c1 = repo->commit({QStringLiteral("memory/v1.json"), QStringLiteral("memory/v0.json")},
                                 QStringLiteral("V1: edited kernel.py, measured again"));
    QVERIFY(c1);
    QVERIFY(v1.setJson(QStringLiteral("git_commit_hash"), c1->toStdString()));
    QVERIFY(v1.save(memoryPath(ws, QStringLiteral("v1"))));
    QVERIFY(repo->commit({QStringLiteral("memory/v1.json")}, QStringLiteral("Record V1's commit in memory/v1.json")));
    list = readVersions(ws, &error);
    QVERIFY2(list, qPrintable(error));
    QCOMPARE(list->at(1).commit, *c1);
  }

  // New-user trial 17, #7: a run that rewrites memory/v0.json (--force) carries what the engineer wrote into it: the
  // free-text fields a run never fills, open directions, and the pitfalls the engineer diagnosed. The run's own
  // values and its own pitfalls are this run's.
  void carryEngineerFields_keepsTheEngineersWriting() {
    MemoryRecord old = MemoryRecord::fromTemplate(QStringLiteral("v0"));
    QVERIFY(old.setJson(QStringLiteral("optimization.expected_impact"), "halves the bytes"));
    QVERIFY(old.setJson(QStringLiteral("profile_evidence.evidence_chain"), "ncu: dram 92% -> memory-bound"));
    QVERIFY(old.setJson(QStringLiteral("quality_gate.result"), "FAIL"));  // measured: never carried
    QVERIFY(old.append(QStringLiteral("open_directions"),
                       {{"direction", "fuse the bias"}, {"rationale", "one pass fewer"}}));
    QVERIFY(old.append(QStringLiteral("isa_metric_progress"),
                       {{"metric", "dram_bw"}, {"target", "4.0 TB/s"}, {"current", "3.1"}, {"met", false}}));
    // the run's pitfall, the engineer's lesson added to it; the run's own pitfall for another case; the engineer's own
    QVERIFY(old.append(QStringLiteral("pitfalls_and_fixes"), {{"error_type", "accuracy"},
                                                              {"error_message", "dtype_bf16: FAIL (rel_err 3e-2)"},
                                                              {"root_cause", "fp32 accumulate missing"},
                                                              {"fix_applied", nullptr},
                                                              {"lesson", "accumulate in fp32"}}));
    QVERIFY(old.append(QStringLiteral("pitfalls_and_fixes"), {{"error_type", "accuracy"},
                                                              {"error_message", "strided: FAIL"},
                                                              {"root_cause", nullptr},
                                                              {"fix_applied", nullptr},
                                                              {"lesson", nullptr}}));
    QVERIFY(old.append(QStringLiteral("pitfalls_and_fixes"), {{"error_type", "compilation"},
                                                              {"error_message", "BLOCK 2048: out of registers"},
                                                              {"root_cause", nullptr},
                                                              {"fix_applied", "BLOCK 1024"},
                                                              {"lesson", nullptr}}));
    MemoryRecord fresh = MemoryRecord::fromTemplate(QStringLiteral("v0"));
    QVERIFY(fresh.setJson(QStringLiteral("quality_gate.result"), "PASS"));
    QVERIFY(fresh.append(QStringLiteral("pitfalls_and_fixes"), {{"error_type", "accuracy"},
                                                                {"error_message", "dtype_bf16: FAIL (rel_err 3e-2)"},
                                                                {"root_cause", nullptr},
                                                                {"fix_applied", nullptr},
                                                                {"lesson", nullptr}}));
    const QStringList carried = carryEngineerFields(old.json(), fresh);
    QCOMPARE(carried,
             QStringList({QStringLiteral("optimization.expected_impact"),
                          QStringLiteral("profile_evidence.evidence_chain"), QStringLiteral("isa_metric_progress"),
                          QStringLiteral("open_directions"), QStringLiteral("pitfalls_and_fixes")}));
    QVERIFY(fresh.value(QStringLiteral("optimization.expected_impact")) == nlohmann::json("halves the bytes"));
    QVERIFY(fresh.value(QStringLiteral("quality_gate.result")) == nlohmann::json("PASS"));
    QVERIFY(fresh.value(QStringLiteral("open_directions")) == old.value(QStringLiteral("open_directions")));
    QVERIFY(fresh.value(QStringLiteral("isa_metric_progress")) == old.value(QStringLiteral("isa_metric_progress")));
    const nlohmann::json pitfalls = fresh.value(QStringLiteral("pitfalls_and_fixes"));
    QCOMPARE(pitfalls.size(), size_t(2));  // the run's bf16 entry with the engineer's diagnosis, the engineer's own
    QVERIFY(pitfalls[0]["lesson"] == nlohmann::json("accumulate in fp32"));
    QVERIFY(pitfalls[0]["root_cause"] == nlohmann::json("fp32 accumulate missing"));
    QVERIFY(pitfalls[1]["error_message"] == nlohmann::json("BLOCK 2048: out of registers"));
    QVERIFY(fresh.validate().isEmpty());
    // Carrying again over the record it made changes nothing (no duplicates run after run)
    const nlohmann::json once = fresh.json();
    carryEngineerFields(once, fresh);
    QVERIFY(fresh.json() == once);
    // Nothing of the engineer's: nothing carried
    MemoryRecord blank = MemoryRecord::fromTemplate(QStringLiteral("v0"));
    QVERIFY(carryEngineerFields(MemoryRecord::fromTemplate(QStringLiteral("v0")).json(), blank).isEmpty());
    QVERIFY(carryEngineerFields(nlohmann::json::array(), blank).isEmpty());
  }
};

QTEST_GUILESS_MAIN(TestRecords)
#include "tst_records.moc"
