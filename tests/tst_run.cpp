// core/run: line splitting, the harness parser, targets, and real runs of a fake harness
// (tests/data/run/fake_harness.py) with the watchdog, resume, cancel and the run files.
#include "core/run/harnessparser.h"
#include "core/run/harnessrun.h"
#include "core/run/linesplitter.h"
#include "core/run/outputbudget.h"
#include "core/run/processgroup.h"
#include "core/run/target.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QTest>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace kwb;

namespace {

const QString kPython = QStringLiteral("/usr/bin/python3");

QString harnessScript() { return QStringLiteral(KWB_TEST_DATA_DIR "/run/fake_harness.py"); }

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// True once ::kill(-pgid, 0) reports ESRCH: every member is gone and reaped (zombies count for
// kill(), so this can lag a kill until the orphans' new parent reaps them).
bool groupGoneForKill(qint64 pgid) {
  errno = 0;
  return ::kill(-static_cast<pid_t>(pgid), 0) == -1 && errno == ESRCH;
}

struct Recorder {
  QList<QPair<QString, int>> lines;
  QStringList started;
  QList<CaseResult> finished;
  QList<QStringList> resumes;
  QStringList errors;
  std::optional<RunOutcome> outcome;
  QElapsedTimer clock;
  QHash<QString, qint64> startMs, endMs;

  void attach(HarnessRun& run) {
    clock.start();
    QObject::connect(&run, &HarnessRun::outputLine, &run, [this](const QString& l, int ch) { lines.append({l, ch}); });
    QObject::connect(&run, &HarnessRun::caseStarted, &run, [this](const QString& n) {
      started << n;
      startMs[n] = clock.elapsed();
    });
    QObject::connect(&run, &HarnessRun::caseFinished, &run, [this](const CaseResult& r) {
      finished << r;
      endMs[r.name] = clock.elapsed();
    });
    QObject::connect(&run, &HarnessRun::resumed, &run, [this](const QStringList& s) { resumes << s; });
    QObject::connect(&run, &HarnessRun::harnessError, &run,
                     [this](const QString&, const QString& why) { errors << why; });
    QObject::connect(&run, &HarnessRun::finished, &run, [this](const RunOutcome& o) { outcome = o; });
  }
};

}  // namespace

class TestRun : public QObject {
  Q_OBJECT

  QTemporaryDir m_tmp;
  int m_runNo = 0;

  HarnessRunConfig config(const QStringList& extraArgs) {
    HarnessRunConfig c;
    c.workdir = m_tmp.path();
    c.program = kPython;
    c.args = QStringList{harnessScript()} + extraArgs;
    c.caseTimeoutSec = 1;
    c.graceSec = 1;
    c.runDir = m_tmp.filePath(QStringLiteral("runs/%1").arg(++m_runNo));
    return c;
  }

  static void runToEnd(HarnessRun& run, Recorder& rec, int timeoutMs = 20000) {
    rec.attach(run);
    run.start();
    QTRY_VERIFY_WITH_TIMEOUT(rec.outcome.has_value(), timeoutMs);
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_tmp.isValid());
    QVERIFY2(QFile::exists(kPython), "the run tests need /usr/bin/python3");
    QVERIFY(QFile::exists(harnessScript()));
  }

  // New-user trial 10, #12: `kill -9` of kwb left the harness running as an orphan (ppid 1), and a --force rerun
  // started beside it. The harness has PR_SET_PDEATHSIG: it dies with the process that started it. A forked copy of
  // this test plays kwb: it starts a harness that sleeps a minute in its first case and is then killed with SIGKILL.
  void harnessDiesWithTheProcessThatStartedIt() {
    const pid_t kwb = ::fork();
    QVERIFY(kwb >= 0);
    if (kwb == 0) {
      HarnessRunConfig c = config({QStringLiteral("--sleep-ms"), QStringLiteral("60000")});
      c.caseTimeoutSec = 120;
      HarnessRun run(c);
      run.start();
      QEventLoop loop;
      QTimer::singleShot(90000, &loop, &QEventLoop::quit);
      loop.exec();
      ::_exit(0);
    }
    // The harness: the process whose environment holds the forked process's run tag (KWB_RUN_TAG=<its pid>-...).
    const QByteArray tag = "KWB_RUN_TAG=" + QByteArray::number(qint64(kwb)) + '-';
    auto harnessPid = [&tag]() -> qint64 {
      for (const QString& name : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool ok = false;
        const qint64 pid = name.toLongLong(&ok);
        if (ok && readAll(QStringLiteral("/proc/%1/environ").arg(name)).contains(tag) &&
            readAll(QStringLiteral("/proc/%1/cmdline").arg(name)).contains("fake_harness.py"))
          return pid;
      }
      return 0;
    };
    auto alive = [](qint64 pid) {
      const QByteArray stat = readAll(QStringLiteral("/proc/%1/stat").arg(pid));
      const qsizetype close = stat.lastIndexOf(')');
      return close >= 0 && stat.size() > close + 2 && stat.at(close + 2) != 'Z';
    };
    qint64 harness = 0;
    QTRY_VERIFY_WITH_TIMEOUT((harness = harnessPid()) > 0, 20000);
    QVERIFY(alive(harness));
    QCOMPARE(::kill(kwb, SIGKILL), 0);
    QCOMPARE(::waitpid(kwb, nullptr, 0), kwb);
    QTRY_VERIFY_WITH_TIMEOUT(!alive(harness), 5000);  // it slept on for the rest of its minute before
    ::waitpid(pid_t(harness), nullptr, WNOHANG);      // re-parented to this subreaper: reap it
  }

  // ---- LineSplitter --------------------------------------------------------------------

  void splitterMultiByteAcrossFeeds_data() {
    QTest::addColumn<QString>("text");
    QTest::newRow("micro sign (2 bytes)") << QStringLiteral("latency 12.5 \u00B5s");
    QTest::newRow("CJK (3 bytes)") << QStringLiteral("\u4E2D\u6587\u6D4B\u8BD5");
    QTest::newRow("emoji (4 bytes)") << QStringLiteral("ok \U0001F680 done");
  }
  void splitterMultiByteAcrossFeeds() {
    QFETCH(QString, text);
    const QByteArray bytes = text.toUtf8() + "\nnext\n";
    // Every cut point, including the middle of each multi-byte character.
    for (qsizetype cut = 1; cut < bytes.size(); ++cut) {
      LineSplitter s;
      QStringList lines = s.feed(QByteArrayView(bytes).first(cut));
      lines += s.feed(QByteArrayView(bytes).sliced(cut));
      QCOMPARE(lines, (QStringList{text, QStringLiteral("next")}));
      QVERIFY(s.finish().isEmpty());
    }
  }

  void splitterHugeLine() {
    const qsizetype n = 5 * 1024 * 1024;
    QByteArray big(n, 'x');
    big[n / 2] = '\xE4';  // a 3-byte character in the middle, cut across chunks below
    big.insert(n / 2 + 1, "\xB8\xAD");
    const QByteArray stream = "head\n" + big + "\ntail\n";
    LineSplitter s;
    QStringList lines;
    for (qsizetype off = 0; off < stream.size(); off += 65521)  // odd chunk size: cuts land anywhere
      lines += s.feed(QByteArrayView(stream).sliced(off, qMin<qsizetype>(65521, stream.size() - off)));
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines.at(0), QStringLiteral("head"));
    QCOMPARE(lines.at(1).size(), n);  // n-1 ASCII + one BMP character
    QCOMPARE(lines.at(1).at(n / 2), QChar(0x4E2D));
    QCOMPARE(lines.at(2), QStringLiteral("tail"));
  }

  void splitterFinalLineWithoutNewline() {
    LineSplitter s;
    QCOMPARE(s.feed("first\nsecond"), QStringList{QStringLiteral("first")});
    QVERIFY(s.hasPending());
    QCOMPARE(s.finish(), QStringList{QStringLiteral("second")});
    QVERIFY(!s.hasPending());
    QVERIFY(s.finish().isEmpty());
    // A character cut off by the end of the stream becomes U+FFFD, not silence.
    QVERIFY(s.feed("end \xE4\xB8").isEmpty());
    const QStringList tail = s.finish();
    QCOMPARE(tail.size(), 1);
    QVERIFY(tail.at(0).startsWith(QStringLiteral("end \uFFFD")));  // Qt writes one U+FFFD per stray byte
    // An invalid sequence before a newline keeps the newline (Qt 6.4's stateful decoder drops it).
    QCOMPARE(s.feed("a\xE4\xB8"), QStringList{});
    const QStringList two = s.feed("\nb\n");
    QCOMPARE(two.size(), 2);
    QVERIFY(two.at(0).startsWith(QStringLiteral("a\uFFFD")));
    QCOMPARE(two.at(1), QStringLiteral("b"));
  }

  void splitterCrLf() {
    LineSplitter s;
    QCOMPARE(s.feed("a\r\nb\r"), QStringList{QStringLiteral("a")});
    QCOMPARE(s.feed("\nc\rd\n"), (QStringList{QStringLiteral("b"), QStringLiteral("c\rd")}));
    QCOMPARE(s.feed("\r\n"), QStringList{QString()});
  }

  void splitterCapsRunawayLine() {
    LineSplitter s(10);
    QCOMPARE(s.feed("0123456789abcdefghijXY"),
             (QStringList{QStringLiteral("0123456789"), QStringLiteral("abcdefghij")}));
    QCOMPARE(s.feed("\n"), QStringList{QStringLiteral("XY")});
    // Never cut inside a character: "\u4E2D" is 3 bytes at byte 9.
    QCOMPARE(s.feed("012345678\xE4\xB8\xAD"
                    "ab"),
             QStringList{QStringLiteral("012345678")});
    QCOMPARE(s.finish(), QStringList{QStringLiteral("\u4E2Dab")});
  }

  // ---- parser ----------------------------------------------------------------------------

  // CASE_START's optional position and count (the console's "case 3/7"); absent or mistyped read as 0.
  void parserCaseStartPosition() {
    HarnessEvent ev =
        parseHarnessLine(QStringLiteral("[test_kernel] CASE_START {\"name\": \"a\", \"index\": 3, \"total\": 7}"));
    QCOMPARE(ev.caseIndex, 3);
    QCOMPARE(ev.caseTotal, 7);
    ev = parseHarnessLine(QStringLiteral("[test_kernel] CASE_START {\"name\": \"a\"}"));
    QCOMPARE(ev.caseIndex, 0);
    QCOMPARE(ev.caseTotal, 0);
    ev = parseHarnessLine(
        QStringLiteral("[test_kernel] CASE_START {\"name\": \"a\", \"index\": \"3\", \"total\": 7.5}"));
    QCOMPARE(ev.kind, HarnessEvent::Kind::CaseStart);
    QCOMPARE(ev.caseIndex, 0);
    QCOMPARE(ev.caseTotal, 0);
  }

  void parserKinds_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("errorPart");
    using K = HarnessEvent::Kind;
    QTest::newRow("case start") << QStringLiteral("[test_kernel] CASE_START {\"name\": \"small\"}") << int(K::CaseStart)
                                << QStringLiteral("small") << QString();
    QTest::newRow("case result")
        << QStringLiteral("[test_kernel] CASE_RESULT {\"name\": \"s\", \"status\": \"FAIL\", \"rel_err\": 0.5}")
        << int(K::CaseResult) << QStringLiteral("s") << QString();
    // a CPU dry run's case the CPU torch cannot run in its dtype (new-user trial 12, #2): a result, not a parse error
    QTest::newRow("case result SKIPPED")
        << QStringLiteral(
               "[test_kernel] CASE_RESULT {\"name\": \"dtype_bf16\", \"status\": \"SKIPPED\", \"reason\": "
               "\"dry run: not runnable on this CPU's torch 1.13\"}")
        << int(K::CaseResult) << QStringLiteral("dtype_bf16") << QString();
    QTest::newRow("result json") << QStringLiteral("[test_kernel] RESULT_JSON={\"status\": \"PASS\", \"cases\": []}")
                                 << int(K::ResultJson) << QString() << QString();
    QTest::newRow("leading space, CRLF stripped earlier")
        << QStringLiteral("  [test_kernel] CASE_START {\"name\":\"x\"}") << int(K::CaseStart) << QStringLiteral("x")
        << QString();
    QTest::newRow("glued after unterminated text")
        << QStringLiteral("compiling... 99%[test_kernel] RESULT_JSON={\"status\": \"FAIL\"}") << int(K::ResultJson)
        << QString() << QString();
    QTest::newRow("plain line") << QStringLiteral("Traceback (most recent call last):") << int(K::Other) << QString()
                                << QString();
    QTest::newRow("our prefix, other text")
        << QStringLiteral("[test_kernel] device: NVIDIA H100 80GB HBM3") << int(K::Other) << QString() << QString();
    QTest::newRow("similar word") << QStringLiteral("[test_kernel] CASE_STARTED {\"name\": \"x\"}") << int(K::Other)
                                  << QString() << QString();
    QTest::newRow("NaN") << QStringLiteral(
                                "[test_kernel] CASE_RESULT {\"name\": \"s\", \"status\": \"FAIL\", \"rel_err\": NaN}")
                         << int(K::ParseError) << QString() << QStringLiteral("not strict JSON");
    QTest::newRow("Infinity") << QStringLiteral(
                                     "[test_kernel] RESULT_JSON={\"status\": \"PASS\", \"latency_us\": Infinity}")
                              << int(K::ParseError) << QString() << QStringLiteral("not strict JSON");
    QTest::newRow("truncated") << QStringLiteral("[test_kernel] RESULT_JSON={\"status\": \"PA") << int(K::ParseError)
                               << QString() << QStringLiteral("RESULT_JSON");
    QTest::newRow("no '='") << QStringLiteral("[test_kernel] RESULT_JSON {\"status\": \"PASS\"}") << int(K::ParseError)
                            << QString() << QStringLiteral("expected '='");
    QTest::newRow("no payload") << QStringLiteral("[test_kernel] CASE_START") << int(K::ParseError) << QString()
                                << QStringLiteral("no JSON");
    QTest::newRow("start without name") << QStringLiteral("[test_kernel] CASE_START {\"id\": 3}") << int(K::ParseError)
                                        << QString() << QStringLiteral("\"name\"");
    QTest::newRow("unknown status") << QStringLiteral("[test_kernel] CASE_RESULT {\"name\": \"s\", \"status\": \"OK\"}")
                                    << int(K::ParseError) << QString() << QStringLiteral("status \"OK\"");
    QTest::newRow("number as text")
        << QStringLiteral("[test_kernel] CASE_RESULT {\"name\": \"s\", \"status\": \"PASS\", \"latency_us\": \"12\"}")
        << int(K::ParseError) << QString() << QStringLiteral("\"latency_us\" must be a number");
    QTest::newRow("overflowing number")
        << QStringLiteral("[test_kernel] CASE_RESULT {\"name\": \"s\", \"status\": \"PASS\", \"rel_err\": 1e999}")
        << int(K::ParseError) << QString() << QStringLiteral("number overflow");
    QTest::newRow("case plan") << QStringLiteral("[test_kernel] CASE_PLAN {\"cases\": [\"a\", \"b\"]}")
                               << int(K::CasePlan) << QString() << QString();
    QTest::newRow("case plan without names") << QStringLiteral("[test_kernel] CASE_PLAN {\"cases\": [3]}")
                                             << int(K::ParseError) << QString() << QStringLiteral("non-empty strings");
    // Nested past the bound: refused before the parse (later dumps and walks recurse).
    QTest::newRow("nested 100000 deep")
        << QStringLiteral("[test_kernel] CASE_RESULT {\"name\": \"s\", \"status\": \"PASS\", \"x\": ") +
               QString(100000, u'[') + QString(100000, u']') + u'}'
        << int(K::ParseError) << QString() << QStringLiteral("nested deeper than 64 levels");
    QTest::newRow("long bad token is elided")
        << QStringLiteral("[test_kernel] CASE_RESULT {\"name\": \"") + QString(200000, u'a') << int(K::ParseError)
        << QString() << QStringLiteral("characters)");
    QTest::newRow("bad case inside result")
        << QStringLiteral("[test_kernel] RESULT_JSON={\"status\": \"PASS\", \"cases\": [{\"name\": \"a\"}]}")
        << int(K::ParseError) << QString() << QStringLiteral("cases[0]");
  }
  void parserKinds() {
    QFETCH(QString, line);
    QFETCH(int, kind);
    QFETCH(QString, name);
    QFETCH(QString, errorPart);
    const HarnessEvent ev = parseHarnessLine(line);
    QCOMPARE(int(ev.kind), kind);
    QCOMPARE(ev.raw, line);  // never lost, whatever the kind
    QCOMPARE(ev.caseName, name);
    if (errorPart.isEmpty())
      QVERIFY2(ev.error.isEmpty(), qPrintable(ev.error));
    else
      QVERIFY2(ev.error.contains(errorPart), qPrintable(ev.error.left(500)));
    QVERIFY2(ev.error.size() < 1000, "a parse error never echoes the whole line");
    if (ev.kind == HarnessEvent::Kind::CasePlan)
      QCOMPARE(ev.plannedCases, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
  }

  void parserTypedFields() {
    const HarnessEvent c = parseHarnessLine(QStringLiteral(
        "[test_kernel] CASE_RESULT {\"name\": \"large\", \"status\": \"FAIL\", \"shape\": [4096, 393216], \"dtype\": "
        "\"float32\","
        " \"rel_err\": null, \"threshold\": 0.01, \"latency_us\": 812.5, \"ref_latency_us\": 1650, \"host_us\": 41.5,"
        " \"ref_host_us\": 18, \"reason\": \"rel_err is NaN\"}"));
    QCOMPARE(c.kind, HarnessEvent::Kind::CaseResult);
    QVERIFY(c.caseResult);
    const CaseResult& r = *c.caseResult;
    QCOMPARE(r.status, QStringLiteral("FAIL"));
    QVERIFY(!r.relErr);
    QCOMPARE(*r.threshold, 0.01);
    QCOMPARE(*r.latencyUs, 812.5);
    QCOMPARE(*r.refLatencyUs, 1650.0);
    QCOMPARE(r.shape, QStringLiteral("4096x393216"));
    QCOMPARE(r.dtype, QStringLiteral("float32"));
    QCOMPARE(r.reason, QStringLiteral("rel_err is NaN"));
    // a 0-d tensor among the inputs, and a 0-d output, read "()" (new-user trial 18, #7: "512x389, 513," before)
    QCOMPARE(harnessShapeText(nlohmann::json::parse("[[512, 389], [513], []]")), QStringLiteral("512x389, 513, ()"));
    QCOMPARE(harnessShapeText(nlohmann::json::array()), QStringLiteral("()"));
    QCOMPARE(harnessShapeText(nlohmann::json()), QString());
    QCOMPARE(r.raw.at("ref_latency_us").get<int>(), 1650);
    QCOMPARE(*r.hostUs, 41.5);
    QCOMPARE(*r.refHostUs, 18.0);
    QCOMPARE(toJson(r).at("host_us").get<double>(), 41.5);

    const HarnessEvent d = parseHarnessLine(
        QStringLiteral("[test_kernel] RESULT_JSON={\"version\": \"v0\", \"mode\": \"gpu\", "
                       "\"status\": \"PASS\", \"framework\": \"cutedsl\","
                       " \"gpu\": \"NVIDIA H100 80GB HBM3\", \"torch\": \"2.11.0\", \"triton\": null, "
                       "\"timing_method\": \"cuda_event\","
                       " \"cases\": [{\"name\": \"a\", \"status\": \"PASS\", \"shape\": [[2, 3], "
                       "[3]], \"rel_err\": 0.001}], \"max_rel_err\": 0.001,"
                       " \"primary_case\": \"a\", \"latency_us\": 3.25, \"ref_latency_us\": 7.5, "
                       "\"host_us\": 60.25, \"ref_host_us\": null,"
                       " \"grid_blocks\": 1056, \"dry_run_note\": null, \"extra\": 1, "
                       "\"skipped_cases\": [{\"name\": \"boundary_tail\","
                       " \"reason\": \"no input dim can be resized\"}, {\"reason\": \"no name: "
                       "ignored\"}], \"torch_shims\": [\"sdpa stand-in\", 3],"
                       " \"compile_ref\": {\"mode\": \"default\", \"precision\": \"tf32\", "
                       "\"latency_us\": 4.5, \"compile_s\": 21.25}, \"model_mode\": {\"training\": true, "
                       "\"note\": \"training mode, as Model is built\"}, \"dispatch_check\": {\"ok\": false, "
                       "\"compute_ops\": [{\"op\": \"relu\", \"count\": 2}, {\"count\": 1}], \"ops\": 5}, "
                       "\"kernel_profile\": {\"total_us\": 30.0, \"launches\": 2, \"kernels\": [{\"name\": "
                       "\"kwb_gemm\", \"us\": 24.0, \"share_pct\": 80.0, \"grid\": [132, 1, 1], \"block\": [256, 1, "
                       "1], \"regs\": 168, \"smem\": 147456}, {\"name\": \"kwb_reduce\", \"us\": 6.0, "
                       "\"share_pct\": 20.0}], \"by_name\": []}}"));
    QCOMPARE(d.kind, HarnessEvent::Kind::ResultJson);
    QVERIFY(d.runResult);
    const RunResult& rr = *d.runResult;
    QCOMPARE(rr.mode, QStringLiteral("gpu"));
    QCOMPARE(rr.gpu, QStringLiteral("NVIDIA H100 80GB HBM3"));
    QCOMPARE(rr.timingMethod, QStringLiteral("cuda_event"));
    QCOMPARE(rr.cases.size(), 1);
    QCOMPARE(rr.cases.at(0).shape, QStringLiteral("2x3, 3"));
    QCOMPARE(*rr.maxRelErr, 0.001);
    QCOMPARE(*rr.latencyUs, 3.25);
    QCOMPARE(*rr.gridBlocks, qint64(1056));
    QVERIFY(rr.triton.isEmpty());
    QCOMPARE(rr.raw.at("extra").get<int>(), 1);
    QCOMPARE(toJson(rr).at("extra").get<int>(), 1);  // unknown keys survive a round trip
    // the optional explanation lists: read leniently, malformed entries dropped
    QCOMPARE(rr.skippedCases.size(), 1);
    QCOMPARE(rr.skippedCases.at(0).first, QStringLiteral("boundary_tail"));
    QCOMPARE(rr.skippedCases.at(0).second, QStringLiteral("no input dim can be resized"));
    QCOMPARE(rr.torchShims, QStringList{QStringLiteral("sdpa stand-in")});
    QCOMPARE(*rr.compileRefLatencyUs, 4.5);
    QCOMPARE(*rr.compileRefCompileS, 21.25);
    QCOMPARE(rr.compileRefPrecision, QStringLiteral("tf32"));
    QVERIFY(rr.compileRefError.isEmpty());
    QCOMPARE(rr.modelModeNote, QStringLiteral("training mode, as Model is built"));
    QCOMPARE(rr.dispatchCheckOk, std::optional<bool>(false));
    QCOMPARE(rr.dispatchComputeOps, QStringList{QStringLiteral("aten::relu x2")});  // the entry without "op" dropped
    QCOMPARE(rr.kernelLaunches, 2);
    QCOMPARE(*rr.kernelTotalUs, 30.0);
    QCOMPARE(rr.kernelProfile.size(), 2);  // every launch listed: "kernels", in launch order
    QCOMPARE(rr.kernelProfile.at(0).name, QStringLiteral("kwb_gemm"));
    QCOMPARE(rr.kernelProfile.at(0).grid, QStringLiteral("[132,1,1]"));
    QCOMPARE(rr.kernelProfile.at(0).smem, QStringLiteral("147456"));
    QCOMPARE(*rr.kernelProfile.at(1).sharePct, 20.0);
    QVERIFY(rr.kernelProfile.at(1).grid.isEmpty());
    QCOMPARE(toJson(rr).at("grid_blocks").get<qint64>(), qint64(1056));
    QCOMPARE(*rr.hostUs, 60.25);
    QVERIFY(!rr.refHostUs);  // null: not measured
    QCOMPARE(toJson(rr).at("host_us").get<double>(), 60.25);
    QVERIFY(toJson(rr).at("ref_host_us").is_null());
    // A harness from before host_us: the fields are absent, and stay absent after a round trip.
    QVERIFY(!rr.cases.at(0).hostUs && !rr.cases.at(0).refHostUs);
    QVERIFY(!toJson(rr.cases.at(0)).contains("host_us"));
    const HarnessEvent old =
        parseHarnessLine(QStringLiteral("[test_kernel] RESULT_JSON={\"status\": \"PASS\", \"mode\": \"gpu\", "
                                        "\"latency_us\": 3.25, \"ref_latency_us\": 7.5}"));
    QCOMPARE(old.kind, HarnessEvent::Kind::ResultJson);
    QVERIFY(!old.runResult->hostUs && !old.runResult->refHostUs);
    QVERIFY(!toJson(*old.runResult).contains("host_us") && !toJson(*old.runResult).contains("ref_host_us"));
    // Same type rules as the latencies.
    const HarnessEvent bad =
        parseHarnessLine(QStringLiteral("[test_kernel] RESULT_JSON={\"status\": \"PASS\", \"host_us\": \"41\"}"));
    QCOMPARE(bad.kind, HarnessEvent::Kind::ParseError);
    QVERIFY2(bad.error.contains(QLatin1String("\"host_us\" must be a number")), qPrintable(bad.error));
  }

  // ---- targets ---------------------------------------------------------------------------

  void targets() {
    QString err;
    auto local = makeTarget(QStringLiteral("local"), &err);
    QVERIFY(local);
    QCOMPARE(local->name(), QStringLiteral("local"));
    ProcessSpec cmd;
    cmd.program = kPython;
    cmd.args = {QStringLiteral("test_kernel.py"), QStringLiteral("--version"), QStringLiteral("v0")};
    cmd.workdir = QStringLiteral("/w");
    QCOMPARE(local->wrap(cmd).args, cmd.args);

    auto srun = makeTarget(QStringLiteral("command:srun --gres=gpu:1 --comment \"kwb run\""), &err);
    QVERIFY2(srun, qPrintable(err));
    const ProcessSpec w = srun->wrap(cmd);
    QCOMPARE(w.program, QStringLiteral("srun"));
    QCOMPARE(w.args, (QStringList{QStringLiteral("--gres=gpu:1"), QStringLiteral("--comment"),
                                  QStringLiteral("kwb run"), kPython, QStringLiteral("test_kernel.py"),
                                  QStringLiteral("--version"), QStringLiteral("v0")}));
    QCOMPARE(w.workdir, QStringLiteral("/w"));
    QCOMPARE(srun->spec(), QStringLiteral("command:srun --gres=gpu:1 --comment \"kwb run\""));

    QVERIFY(!makeTarget(QStringLiteral("ssh:gpu-host"), &err));
    QVERIFY2(err.contains(QStringLiteral("expected ssh://")), qPrintable(err));
    QVERIFY(!makeTarget(QStringLiteral("command:  "), &err));
    QVERIFY2(err.contains(QStringLiteral("empty")), qPrintable(err));
    QVERIFY(!makeTarget(QStringLiteral("pbs://queue"), &err));
    QVERIFY2(err.contains(QStringLiteral("unknown target")), qPrintable(err));
    // A wrapper that cannot start is named before a run (it was a run with no RESULT_JSON and the
    // reason only in the log): a missing path, a file that is not executable, a name not on PATH.
    QVERIFY(targetStartProblem(*local).isEmpty());
    QVERIFY(targetStartProblem(*makeTarget(QStringLiteral("command:/usr/bin/env FOO=bar"), &err)).isEmpty());
    QVERIFY(targetStartProblem(*makeTarget(QStringLiteral("command:/nonexistent/wrapper -x"), &err))
                .endsWith(QStringLiteral("/nonexistent/wrapper does not exist")));
    QTemporaryFile plain;
    QVERIFY(plain.open());
    plain.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QVERIFY(targetStartProblem(*makeTarget(QStringLiteral("command:") + plain.fileName(), &err))
                .endsWith(QStringLiteral("is not an executable file")));
    QVERIFY(targetStartProblem(*makeTarget(QStringLiteral("command:kwb-no-such-wrapper --gres=gpu:1"), &err))
                .endsWith(QStringLiteral("kwb-no-such-wrapper is not on PATH")));
  }

  void skipArgs() {
    const QStringList base{QStringLiteral("t.py"),   QStringLiteral("--skip"), QStringLiteral("a,b"),
                           QStringLiteral("--seed"), QStringLiteral("1"),      QStringLiteral("--skip=c")};
    QCOMPARE(argsWithSkip(base, {QStringLiteral("b"), QStringLiteral("d")}),
             (QStringList{QStringLiteral("t.py"), QStringLiteral("--seed"), QStringLiteral("1"),
                          QStringLiteral("--skip"), QStringLiteral("a,b,c,d")}));
    QCOMPARE(argsWithSkip({QStringLiteral("t.py")}, {}), QStringList{QStringLiteral("t.py")});
  }

  // ---- runs ------------------------------------------------------------------------------

  void runPassesThreeCases() {
    HarnessRun run(config({QStringLiteral("--print-env")}));
    Recorder rec;
    QSignalSpy startedSpy(&run, &HarnessRun::started);
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QVERIFY2(o.ok, qPrintable(o.error));
    QCOMPARE(o.exitCode, 0);
    QCOMPARE(startedSpy.size(), 1);
    QCOMPARE(rec.started, (QStringList{QStringLiteral("small"), QStringLiteral("medium"), QStringLiteral("large")}));
    QCOMPARE(o.cases.size(), 3);
    for (const CaseResult& c : o.cases) QCOMPARE(c.status, QStringLiteral("PASS"));
    QCOMPARE(*o.cases.at(2).latencyUs, 30.0);
    QVERIFY(o.result);
    QCOMPARE(o.result->status, QStringLiteral("PASS"));
    QCOMPARE(*o.result->maxRelErr, 3e-6);
    QCOMPARE(o.result->primaryCase, QStringLiteral("large"));
    QCOMPARE(o.segments.size(), 1);
    QVERIFY(o.segments.at(0).pgid > 1);
    QVERIFY(!processGroupAlive(o.segments.at(0).pgid));
    // The environment the seed's harness reads.
    QVERIFY(rec.lines.contains(
        {QStringLiteral("[test_kernel] env PYTHONUNBUFFERED=1 TEST_TIMEOUT_SEC=1 FOO=None"), int(StdoutChannel)}));
    // Files.
    const QByteArray log = readAll(o.logPath);
    QVERIFY(log.contains("[out] [test_kernel] CASE_START {\"name\": \"small\", "));
    QVERIFY(log.contains("[out] [test_kernel] RESULT_JSON="));
    QVERIFY(log.contains("[kwb] finished: ok\n"));
    const auto j = nlohmann::json::parse(readAll(o.resultPath).toStdString());
    QCOMPARE(j.at("schema").get<std::string>(), std::string("kwb-run-1"));
    QCOMPARE(j.at("ok").get<bool>(), true);
    QCOMPARE(j.at("cases").size(), size_t(3));
    QCOMPARE(j.at("result").at("grid_blocks").get<int>(), 128);
  }

  // A CPU dry run whose CPU torch cannot run a case in its dtype SKIPs it (the harness's CpuDtypeGap) and passes; the
  // run layer counted the SKIPPED case as failed and wrote result.json with exit_code 1 and status FAIL (and the log
  // "finished: status FAIL") while the harness exited 0 and the gate said DRY_RUN. The class: a SKIPPED case in a
  // run's status. Members: a dry run with one or two such cases (PASS, exit 0), a dry run with nothing else (FAIL,
  // exit 1: nothing ran), and a GPU run (a SKIPPED case fails it).
  void dryRunSkippedCaseKeepsTheRunHonest_data() {
    QTest::addColumn<QString>("gap");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("status");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("dry run, one case skipped")
        << QStringLiteral("medium") << QStringLiteral("cpu-dry-run") << QStringLiteral("PASS") << 0;
    QTest::newRow("dry run, two cases skipped")
        << QStringLiteral("small,large") << QStringLiteral("cpu-dry-run") << QStringLiteral("PASS") << 0;
    QTest::newRow("dry run, every case skipped")
        << QStringLiteral("small,medium,large") << QStringLiteral("cpu-dry-run") << QStringLiteral("FAIL") << 1;
    QTest::newRow("gpu run, one case skipped")
        << QStringLiteral("medium") << QStringLiteral("gpu") << QStringLiteral("FAIL") << 1;
  }
  void dryRunSkippedCaseKeepsTheRunHonest() {
    QFETCH(QString, gap);
    QFETCH(QString, mode);
    QFETCH(QString, status);
    QFETCH(int, exitCode);
    HarnessRun run(config({QStringLiteral("--cpu-gap"), gap, QStringLiteral("--mode"), mode}));
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QVERIFY2(o.ok, qPrintable(o.error));  // a complete run either way: every case has a result
    QCOMPARE(o.exitCode, exitCode);       // the harness's own exit code, not a second opinion
    QVERIFY(o.result);
    QCOMPARE(o.result->status, status);
    QCOMPARE(o.result->status, QString::fromStdString(o.result->raw.value("status", std::string())));  // the harness's
    const auto j = nlohmann::json::parse(readAll(o.resultPath).toStdString());
    QCOMPARE(j.at("exit_code").get<int>(), exitCode);
    QCOMPARE(QString::fromStdString(j.at("result").at("status").get<std::string>()), status);
    QVERIFY(j.at("result").at("status") == j.at("result_raw").at("status"));  // result.json agrees with the harness
    const QByteArray log = readAll(o.logPath);
    QVERIFY2(log.contains(exitCode == 0 ? QByteArray("[kwb] finished: ok\n")
                                        : QByteArray("[kwb] finished: status FAIL (exit code 1)\n")),
             log.right(300).constData());
  }

  void runCommandTargetAndBlocking() {
    HarnessRunConfig c = config({QStringLiteral("--print-env")});
    QString err;
    c.target = makeTarget(QStringLiteral("command:/usr/bin/env FOO=bar"), &err);
    QVERIFY2(c.target, qPrintable(err));
    QList<QPair<QString, int>> lines;
    const RunOutcome o = runHarnessBlocking(c, [&](const QString& l, int ch) { lines.append({l, ch}); });
    QVERIFY2(o.ok, qPrintable(o.error));
    QCOMPARE(o.segments.at(0).command.mid(0, 3),
             (QStringList{QStringLiteral("/usr/bin/env"), QStringLiteral("FOO=bar"), kPython}));
    QVERIFY(lines.contains(
        {QStringLiteral("[test_kernel] env PYTHONUNBUFFERED=1 TEST_TIMEOUT_SEC=1 FOO=bar"), int(StdoutChannel)}));
    QCOMPARE(o.cases.size(), 3);
  }

  void runHangInGrandchild_data() {
    QTest::addColumn<bool>("bashWrapper");
    QTest::addColumn<bool>("ignoreTerm");
    QTest::newRow("python → bash grandchild") << false << false;
    QTest::newRow("bash -c → python → bash") << true << false;
    QTest::newRow("grandchild ignores SIGTERM") << false << true;
  }
  // Session 45: a run resumed with --skip whose last process reports no latency and "untimed" (the timed case ran in
  // the first process) keeps that case's latency in the merged result and is not untimed.
  void resumedRunKeepsTheTimedCasesLatency() {
    HarnessRunConfig c =
        config({QStringLiteral("--fake-cases"), QStringLiteral("problem_shape,medium,large"), QStringLiteral("--hang"),
                QStringLiteral("medium"), QStringLiteral("--untimed-when-skipping")});
    c.killGraceMs = 500;
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec);
    QVERIFY(rec.outcome && rec.outcome->result);
    const RunResult& r = *rec.outcome->result;
    QCOMPARE(r.cases.size(), 3);
    QCOMPARE(r.primaryCase, QStringLiteral("problem_shape"));
    QVERIFY(r.latencyUs);
    QCOMPARE(*r.latencyUs, 10.0);  // the fake's problem_shape (its first case) latency
    QCOMPARE(*r.refLatencyUs, 20.0);
    QVERIFY(!r.raw.contains("untimed"));
  }

  void runHangInGrandchild() {
    QFETCH(bool, bashWrapper);
    QFETCH(bool, ignoreTerm);
    const QString pidFile = m_tmp.filePath(QStringLiteral("hang%1.pid").arg(m_runNo + 1));
    QStringList knobs{QStringLiteral("--fake-cases"), QStringLiteral("small,medium,large,huge"),
                      QStringLiteral("--hang"),       QStringLiteral("medium"),
                      QStringLiteral("--pidfile"),    pidFile};
    if (ignoreTerm) knobs << QStringLiteral("--hang-ignore-term");
    HarnessRunConfig c = config(knobs);
    c.killGraceMs = 500;
    if (bashWrapper) {
      // `; exit $?` keeps bash alive between us and python (no exec optimisation).
      c.args = QStringList{QStringLiteral("-c"), kPython + QStringLiteral(" \"$0\" \"$@\"; exit $?")} + c.args;
      c.program = QStringLiteral("/bin/bash");
    }
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;

    QVERIFY2(o.ok, qPrintable(o.error));
    QStringList names, statuses;
    for (const CaseResult& r : o.cases) {
      names << r.name;
      statuses << r.status;
    }
    QCOMPARE(names, (QStringList{QStringLiteral("small"), QStringLiteral("medium"), QStringLiteral("large"),
                                 QStringLiteral("huge")}));
    QCOMPARE(statuses, (QStringList{QStringLiteral("PASS"), QStringLiteral("TIMEOUT_FAIL"), QStringLiteral("PASS"),
                                    QStringLiteral("PASS")}));
    QCOMPARE(o.timedOutCases, QStringList{QStringLiteral("medium")});
    QVERIFY(o.cases.at(1).reason.contains(QStringLiteral("watchdog")));
    QCOMPARE(o.cases.at(1).shape, QStringLiteral("4x32"));  // taken from its CASE_START line
    QCOMPARE(o.cases.at(1).dtype, QStringLiteral("float32"));
    QCOMPARE(o.cases.at(1).raw.at("source").get<std::string>(), std::string("kwb"));
    // The deadline is caseTimeoutSec + graceSec = 2 s after CASE_START.
    const qint64 took = rec.endMs.value(QStringLiteral("medium")) - rec.startMs.value(QStringLiteral("medium"));
    QVERIFY2(took >= 1900 && took < 3500, qPrintable(QString::number(took)));
    // Resumed once, skipping what was done.
    QCOMPARE(rec.resumes, (QList<QStringList>{{QStringLiteral("small"), QStringLiteral("medium")}}));
    QCOMPARE(o.segments.size(), 2);
    QCOMPARE(o.segments.at(0).stoppedBy, QStringLiteral("watchdog"));
    QVERIFY(o.segments.at(1).command.contains(QStringLiteral("small,medium")));
    QCOMPARE(o.segments.at(1).exitCode, 0);
    // Merged result: the last RESULT_JSON only knew large and huge.
    QVERIFY(o.result);
    QCOMPARE(o.result->raw.at("cases").size(), size_t(2));
    QCOMPARE(o.result->cases.size(), 4);
    QCOMPARE(o.result->status, QStringLiteral("FAIL"));
    QCOMPARE(o.exitCode, 1);
    // The console's last line names the status, not "ok" (new-user trial 8, #9).
    QVERIFY2(readAll(o.logPath).contains("[kwb] finished: status FAIL (exit code 1)\n"),
             readAll(o.logPath).constData());
    // Nothing of the killed process group lives on, the bash grandchild included.
    const qint64 pgid = o.segments.at(0).pgid;
    QVERIFY(pgid > 1);
    QVERIFY(!processGroupAlive(pgid));
    const qint64 grandchild = readAll(pidFile).trimmed().toLongLong();
    QVERIFY(grandchild > 1);
    QTRY_VERIFY_WITH_TIMEOUT(groupGoneForKill(pgid), 5000);
    QVERIFY(::kill(static_cast<pid_t>(grandchild), 0) == -1 && errno == ESRCH);
    QTRY_VERIFY_WITH_TIMEOUT(groupGoneForKill(o.segments.at(1).pgid), 5000);
    // The killed process's lines made it to the log.
    const QByteArray log = readAll(o.logPath);
    QVERIFY(log.contains("[out] [test_kernel] CASE_START {\"name\": \"medium\", "));
    QVERIFY(log.contains("[kwb] TIMEOUT_FAIL medium"));
    QVERIFY(log.contains("[out] [test_kernel] CASE_START {\"name\": \"huge\", "));
    const auto j = nlohmann::json::parse(readAll(o.resultPath).toStdString());
    QCOMPARE(j.at("timed_out_cases").at(0).get<std::string>(), std::string("medium"));
    QCOMPARE(j.at("result").at("status").get<std::string>(), std::string("FAIL"));
  }

  // The suite's GPU timing lock (CONTRACTS.md §2): between GPU_LOCK "wait" and "held" the case watchdog is paused.
  void parseGpuLockLines() {
    const HarnessEvent w =
        parseHarnessLine(QStringLiteral("[test_kernel] GPU_LOCK {\"state\": \"wait\", \"what\": \"x\"}"));
    QCOMPARE(w.kind, HarnessEvent::Kind::GpuLock);
    QCOMPARE(w.lockState, QStringLiteral("wait"));
    QCOMPARE(w.marker, QStringLiteral("GPU_LOCK"));
    const HarnessEvent h =
        parseHarnessLine(QStringLiteral("[test_kernel] GPU_LOCK {\"state\": \"held\", \"waited_s\": 2.5}"));
    QCOMPARE(h.kind, HarnessEvent::Kind::GpuLock);
    QCOMPARE(h.lockState, QStringLiteral("held"));
    const HarnessEvent bad = parseHarnessLine(QStringLiteral("[test_kernel] GPU_LOCK {\"state\": \"maybe\"}"));
    QCOMPARE(bad.kind, HarnessEvent::Kind::ParseError);
    QCOMPARE(bad.marker, QStringLiteral("GPU_LOCK"));
  }

  void runLockWaitDoesNotCountTowardTheCaseTimeout() {
    // Deadline 2 s (caseTimeoutSec 1 + grace 1); "medium" waits 3.5 s for the lock, then works 0.6 s.
    HarnessRunConfig c =
        config({QStringLiteral("--lock-wait"), QStringLiteral("medium"), QStringLiteral("--lock-wait-ms"),
                QStringLiteral("3500"), QStringLiteral("--sleep-ms"), QStringLiteral("600")});
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QVERIFY2(o.ok, qPrintable(o.error));
    QVERIFY(o.timedOutCases.isEmpty());
    QCOMPARE(o.segments.size(), 1);
    for (const CaseResult& r : o.cases) QCOMPARE(r.status, QStringLiteral("PASS"));
    const qint64 took = rec.endMs.value(QStringLiteral("medium")) - rec.startMs.value(QStringLiteral("medium"));
    QVERIFY2(took >= 4000, qPrintable(QString::number(took)));  // longer than the deadline, yet no TIMEOUT_FAIL
    QVERIFY(readAll(o.logPath).contains("waits for the GPU timing lock; its watchdog is paused"));
  }

  void runLockHeldThenHangStillTimesOut() {
    // After "held" the watchdog runs again with what was left: a hang there is still a TIMEOUT_FAIL.
    HarnessRunConfig c =
        config({QStringLiteral("--lock-wait"), QStringLiteral("medium"), QStringLiteral("--lock-wait-ms"),
                QStringLiteral("2500"), QStringLiteral("--hang"), QStringLiteral("large")});
    c.killGraceMs = 300;
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QCOMPARE(o.timedOutCases, QStringList{QStringLiteral("large")});
    QCOMPARE(o.cases.at(1).status, QStringLiteral("PASS"));  // medium: 2.5 s of waiting, not timed out
  }

  // A case's compile window (CONTRACTS.md §2): its first kernel call's JIT compile runs under limit_s + grace,
  // and after COMPILE "end" the case's own deadline starts again in full.
  void parseCompileLines() {
    const HarnessEvent st = parseHarnessLine(
        QStringLiteral("[test_kernel] COMPILE {\"state\": \"start\", \"case\": \"c\", \"limit_s\": 300}"));
    QCOMPARE(st.kind, HarnessEvent::Kind::Compile);
    QCOMPARE(st.marker, QStringLiteral("COMPILE"));
    QCOMPARE(st.compileState, QStringLiteral("start"));
    QCOMPARE(st.compileLimitSec, 300.0);
    QCOMPARE(st.caseName, QStringLiteral("c"));
    const HarnessEvent end = parseHarnessLine(
        QStringLiteral("[test_kernel] COMPILE {\"state\": \"end\", \"case\": \"c\", \"seconds\": 41.5}"));
    QCOMPARE(end.kind, HarnessEvent::Kind::Compile);
    QCOMPARE(end.compileState, QStringLiteral("end"));
    QCOMPARE(end.compileSeconds.value_or(-1), 41.5);
    for (const char* bad : {"{\"state\": \"maybe\"}", "{\"state\": \"start\"}",
                            "{\"state\": \"start\", \"limit_s\": 0}", "{\"state\": \"start\", \"limit_s\": \"9\"}"}) {
      const HarnessEvent ev = parseHarnessLine(QStringLiteral("[test_kernel] COMPILE ") + QLatin1String(bad));
      QCOMPARE(ev.kind, HarnessEvent::Kind::ParseError);
      QCOMPARE(ev.marker, QStringLiteral("COMPILE"));
    }
  }

  void runCompileStartExtendsTheDeadline() {
    // Deadline 2 s (caseTimeoutSec 1 + grace 1); "medium" compiles for 3 s under a limit of 5 s.
    HarnessRun run(config({QStringLiteral("--compile"), QStringLiteral("medium"), QStringLiteral("--compile-ms"),
                           QStringLiteral("3000"), QStringLiteral("--compile-limit"), QStringLiteral("5")}));
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QVERIFY2(o.ok, qPrintable(o.error));
    QVERIFY(o.timedOutCases.isEmpty());
    for (const CaseResult& r : o.cases) QCOMPARE(r.status, QStringLiteral("PASS"));
    const qint64 took = rec.endMs.value(QStringLiteral("medium")) - rec.startMs.value(QStringLiteral("medium"));
    QVERIFY2(took >= 2500,
             qPrintable(QString::number(took)));  // past the case's 2 s deadline (the line's arrival jitters)
    const QByteArray log = readAll(o.logPath);
    QVERIFY(log.contains("case \"medium\" compiles (its first kernel call): its watchdog allows 6000 ms"));
    QVERIFY(log.contains("case \"medium\" compiled in 3.0 s; its watchdog restarts with 2000 ms"));
  }

  void runCompileEndRestoresTheCaseDeadline() {
    // A 30 s window, a 0.3 s compile, then a hang: the verdict comes ~2 s after the end, not after the window.
    HarnessRunConfig c = config({QStringLiteral("--compile"), QStringLiteral("medium"), QStringLiteral("--compile-ms"),
                                 QStringLiteral("300"), QStringLiteral("--compile-limit"), QStringLiteral("30"),
                                 QStringLiteral("--hang"), QStringLiteral("medium")});
    c.killGraceMs = 300;
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QCOMPARE(o.timedOutCases, QStringList{QStringLiteral("medium")});
    const qint64 took = rec.endMs.value(QStringLiteral("medium")) - rec.startMs.value(QStringLiteral("medium"));
    QVERIFY2(took >= 2000 && took < 10000, qPrintable(QString::number(took)));
    QVERIFY2(o.cases.at(1).reason.contains(QStringLiteral("no CASE_RESULT within 2 s")),
             qPrintable(o.cases.at(1).reason));
  }

  void runCompileOverItsWindowTimesOut_data() {
    QTest::addColumn<QString>("limit");
    QTest::addColumn<int>("cap");
    QTest::newRow("limit_s 1") << QStringLiteral("1") << 0;
    // A start line may claim any limit (a kernel could print one): kwb holds it to compileTimeoutSec.
    QTest::newRow("limit_s 1000, capped at 1") << QStringLiteral("1000") << 1;
  }
  void runCompileOverItsWindowTimesOut() {
    QFETCH(QString, limit);
    QFETCH(int, cap);
    HarnessRunConfig c = config({QStringLiteral("--compile"), QStringLiteral("medium"), QStringLiteral("--compile-ms"),
                                 QStringLiteral("60000"), QStringLiteral("--compile-limit"), limit});
    c.compileTimeoutSec = cap;
    c.killGraceMs = 300;
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QCOMPARE(o.timedOutCases, QStringList{QStringLiteral("medium")});
    const qint64 took = rec.endMs.value(QStringLiteral("medium")) - rec.startMs.value(QStringLiteral("medium"));
    QVERIFY2(took >= 2000 && took < 8000, qPrintable(QString::number(took)));  // 1 s + 1 s grace
    QVERIFY2(o.cases.at(1).reason.contains(QStringLiteral("the first call (JIT compile) did not end within")),
             qPrintable(o.cases.at(1).reason));
    for (const CaseResult& r : o.cases)
      if (r.name != QLatin1String("medium")) QCOMPARE(r.status, QStringLiteral("PASS"));  // resumed after the kill
  }

  void runSecondCompileStartDoesNotStretchTheWindow() {
    // Window 4 s (limit 3 + grace 1); a second start after 2.5 s would stretch it past the 5 s compile.
    HarnessRunConfig c = config({QStringLiteral("--compile"), QStringLiteral("medium"), QStringLiteral("--compile-ms"),
                                 QStringLiteral("5000"), QStringLiteral("--compile-limit"), QStringLiteral("3"),
                                 QStringLiteral("--compile-restart")});
    c.killGraceMs = 300;
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec);
    QCOMPARE(rec.outcome->timedOutCases, QStringList{QStringLiteral("medium")});
    QVERIFY(readAll(rec.outcome->logPath).contains("a second COMPILE start is ignored"));
  }

  void runCompileInsideALockWait() {
    // COMPILE start and end while the watchdog is paused (GPU_LOCK wait): nothing runs until "held", which
    // starts the case's full deadline; a hang after it is a plain TIMEOUT_FAIL.
    HarnessRunConfig c =
        config({QStringLiteral("--compile"), QStringLiteral("medium"), QStringLiteral("--compile-ms"),
                QStringLiteral("3000"), QStringLiteral("--compile-limit"), QStringLiteral("1"),
                QStringLiteral("--compile-in-lock"), QStringLiteral("--hang"), QStringLiteral("medium")});
    c.killGraceMs = 300;
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QCOMPARE(o.timedOutCases, QStringList{QStringLiteral("medium")});
    const qint64 took = rec.endMs.value(QStringLiteral("medium")) - rec.startMs.value(QStringLiteral("medium"));
    QVERIFY2(took >= 4500, qPrintable(QString::number(took)));  // 3 s paused, then the full 2 s (not the 2 s window)
    QVERIFY2(o.cases.at(1).reason.contains(QStringLiteral("no CASE_RESULT within 2 s")),
             qPrintable(o.cases.at(1).reason));
  }

  void runHangInLastCase_data() {
    QTest::addColumn<bool>("strictSkip");
    QTest::addColumn<bool>("plan");
    QTest::newRow("harness accepts an empty selection") << false << false;
    QTest::newRow("harness exits 2 on an empty selection") << true << false;
    // With a CASE_PLAN the watchdog knows every case has a result: no second process at all.
    QTest::newRow("harness prints its plan") << true << true;
  }
  void runHangInLastCase() {
    QFETCH(bool, strictSkip);
    QFETCH(bool, plan);
    QStringList knobs{QStringLiteral("--hang"), QStringLiteral("large")};
    if (strictSkip) knobs << QStringLiteral("--strict-skip");
    if (plan) knobs << QStringLiteral("--plan");
    HarnessRun run(config(knobs));
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QVERIFY2(o.ok, qPrintable(o.error));
    QCOMPARE(o.segments.size(), plan ? 1 : 2);
    QCOMPARE(o.segments.constLast().casesStarted, plan ? 3 : 0);
    if (plan) {
      QVERIFY(rec.resumes.isEmpty());
      QVERIFY(readAll(o.logPath).contains("every case of the plan has a result: not resumed"));
      QCOMPARE(o.result->mode, QStringLiteral("cpu-dry-run"));
      QVERIFY(o.harnessErrors.isEmpty());
    }
    QCOMPARE(o.cases.size(), 3);
    QCOMPARE(o.cases.at(2).status, QStringLiteral("TIMEOUT_FAIL"));
    QCOMPARE(o.exitCode, 1);
    QVERIFY(o.result);
    QCOMPARE(o.result->status, QStringLiteral("FAIL"));
    QCOMPARE(o.result->cases.size(), 3);
    QCOMPARE(o.harnessErrors.join(QLatin1Char('\n')).contains(QStringLiteral("no case selected")), strictSkip && !plan);
  }

  void runNoisyStderrIsNotATimeout() {
    HarnessRun run(config({QStringLiteral("--stderr-kb"), QStringLiteral("200")}));
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QVERIFY2(o.ok, qPrintable(o.error));
    QVERIFY(o.timedOutCases.isEmpty());
    QCOMPARE(o.cases.size(), 3);
    qsizetype errLines = 0;
    for (const auto& [line, ch] : std::as_const(rec.lines)) {
      if (ch == StderrChannel) {
        ++errLines;
        QCOMPARE(line.size(), 1023);
      }
      if (line.startsWith(QLatin1String("[test_kernel]"))) QCOMPARE(ch, int(StdoutChannel));  // channels never merged
    }
    QCOMPARE(errLines, 200);
    QVERIFY(QFileInfo(o.logPath).size() > 200 * 1024);
  }

  void runWithoutResultJson_data() {
    QTest::addColumn<QStringList>("knobs");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("errorPart");
    QTest::newRow("exit 0, no RESULT_JSON") << QStringList{QStringLiteral("--no-result")} << 0
                                            << QStringLiteral("without printing [test_kernel] RESULT_JSON=");
    QTest::newRow("exit 2, harness failed")
        << QStringList{QStringLiteral("--no-result"), QStringLiteral("--exit"), QStringLiteral("2")} << 2
        << QStringLiteral("exit code 2: the harness itself failed");
    QTest::newRow("exit 2 with a RESULT_JSON") << QStringList{QStringLiteral("--exit"), QStringLiteral("2")} << 2
                                               << QStringLiteral("the harness itself failed (exit code 2)");
  }
  void runWithoutResultJson() {
    QFETCH(QStringList, knobs);
    QFETCH(int, exitCode);
    QFETCH(QString, errorPart);
    HarnessRun run(config(knobs));
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QVERIFY(!o.ok);
    QCOMPARE(o.exitCode, exitCode);
    QVERIFY2(o.error.contains(errorPart), qPrintable(o.error));
    QVERIFY2(o.error.contains(o.logPath), qPrintable(o.error));
    QCOMPARE(o.cases.size(), 3);
    QVERIFY(QFile::exists(o.resultPath));
  }

  void runLeftoverChildIsKilled() {
    // The harness exits normally but leaves `sleep 1000` behind: the run still ends, and with it
    // everything in its process group.
    HarnessRun run(config({QStringLiteral("--leave-child")}));
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QVERIFY2(o.ok, qPrintable(o.error));
    QVERIFY(o.wallMs < 5000);
    QVERIFY(!processGroupAlive(o.segments.at(0).pgid));
    QTRY_VERIFY_WITH_TIMEOUT(groupGoneForKill(o.segments.at(0).pgid), 5000);
    QVERIFY(readAll(o.logPath).contains("outlived the harness: SIGTERM"));
  }

  void runEscapedChildIsKilled_data() {
    QTest::addColumn<QStringList>("knobs");
    QTest::newRow("harness exits, child left in a new session") << QStringList{};
    QTest::newRow("watchdog kills the harness, child in a new session")
        << QStringList{QStringLiteral("--hang"), QStringLiteral("medium")};
  }
  void runEscapedChildIsKilled() {
    // A child that left the process group with setsid() is out of reach of kill(-pgid): the run's tag finds
    // it, and it ends with the run (it kept running after kwb exited).
    QFETCH(QStringList, knobs);
    const QString pidFile = m_tmp.filePath(QStringLiteral("escaped-%1.pid").arg(m_runNo));
    HarnessRun run(config(knobs + QStringList{QStringLiteral("--escape-child"), pidFile}));
    Recorder rec;
    runToEnd(run, rec);
    bool ok = false;
    const qint64 pid = readAll(pidFile).trimmed().toLongLong(&ok);
    QVERIFY2(ok && pid > 1, "the fake harness wrote the escaped child's pid");
    QVERIFY(processesWithEnvEntry(QByteArrayLiteral("KWB_RUN_TAG=no-such-run")).isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(::kill(static_cast<pid_t>(pid), 0) == -1 && errno == ESRCH, 5000);
    QVERIFY(rec.outcome->wallMs < 15000);
  }

  void runCancelKeepsLog() {
    HarnessRunConfig c = config({QStringLiteral("--hang"), QStringLiteral("medium")});
    c.caseTimeoutSec = 30;
    HarnessRun run(c);
    Recorder rec;
    QObject::connect(&run, &HarnessRun::caseStarted, &run, [&run](const QString& n) {
      if (n == QLatin1String("medium")) QTimer::singleShot(200, &run, &HarnessRun::cancel);
    });
    runToEnd(run, rec, 10000);
    const RunOutcome& o = *rec.outcome;
    QVERIFY(o.cancelled);
    QVERIFY(!o.ok);
    QVERIFY2(o.error.contains(QStringLiteral("stopped by the user")), qPrintable(o.error));
    QCOMPARE(o.segments.size(), 1);
    QCOMPARE(o.segments.at(0).stoppedBy, QStringLiteral("user"));
    QCOMPARE(o.cases.size(), 1);  // small; medium never finished and is not invented
    QVERIFY(!processGroupAlive(o.segments.at(0).pgid));
    const QByteArray log = readAll(o.logPath);
    QVERIFY(log.contains("[out] [test_kernel] CASE_START {\"name\": \"medium\", "));
    QVERIFY(log.contains("[kwb] stopping (user)"));
    QVERIFY(nlohmann::json::parse(readAll(o.resultPath).toStdString()).at("cancelled").get<bool>());
  }

  void runOverallTimeout() {
    HarnessRunConfig c = config({QStringLiteral("--hang"), QStringLiteral("medium")});
    c.caseTimeoutSec = 0;  // per-case watchdog off: only the overall limit applies
    c.overallTimeoutSec = 1;
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec, 10000);
    const RunOutcome& o = *rec.outcome;
    QVERIFY(o.timedOut);
    QVERIFY(!o.ok);
    QVERIFY2(o.error.contains(QStringLiteral("overall timeout of 1 s")), qPrintable(o.error));
    QCOMPARE(o.timedOutCases, QStringList{QStringLiteral("medium")});
    QCOMPARE(o.segments.size(), 1);  // no resume after the overall limit
    QVERIFY2(o.wallMs >= 1000 && o.wallMs < 5000, qPrintable(QString::number(o.wallMs)));
    QVERIFY(!processGroupAlive(o.segments.at(0).pgid));
  }

  void runCrashInCaseResumes() {
    HarnessRun run(config({QStringLiteral("--crash"), QStringLiteral("medium")}));
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QVERIFY2(o.ok, qPrintable(o.error));
    QCOMPARE(o.cases.size(), 3);
    QCOMPARE(o.cases.at(1).status, QStringLiteral("ERROR"));
    QVERIFY(o.segments.at(0).crashed);
    QCOMPARE(o.segments.size(), 2);
    QCOMPARE(o.result->status, QStringLiteral("FAIL"));
    QCOMPARE(o.exitCode, 1);  // the resumed process exited 0, but case medium did not pass
  }

  void runHarnessIgnoringSkipStops() {
    HarnessRun run(config({QStringLiteral("--hang"), QStringLiteral("medium"), QStringLiteral("--ignore-skip")}));
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QCOMPARE(o.segments.size(), 2);  // one resume, then it is clear --skip is ignored
    QVERIFY(!o.ok);
    QVERIFY(o.harnessErrors.join(QLatin1Char('\n')).contains(QStringLiteral("does not honour --skip")));
    QCOMPARE(o.timedOutCases, QStringList{QStringLiteral("medium")});
    QCOMPARE(o.cases.at(0).name, QStringLiteral("small"));
    QCOMPARE(o.cases.at(1).status, QStringLiteral("TIMEOUT_FAIL"));
  }

  void runParseErrorIsReported() {
    // A harness printing NaN in a CASE_RESULT: the line is reported, the case is an ERROR, no hang.
    const QString script = m_tmp.filePath(QStringLiteral("nan_harness.py"));
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "print('[test_kernel] CASE_START {\"name\": \"a\"}')\n"
        "print('[test_kernel] CASE_RESULT {\"name\": \"a\", \"status\": \"FAIL\", \"rel_err\": NaN}')\n"
        "print('[test_kernel] RESULT_JSON={\"status\": \"FAIL\", \"cases\": []}')\n");
    f.close();
    HarnessRunConfig c = config({});
    c.args = {script};
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QVERIFY2(o.ok, qPrintable(o.error));
    QCOMPARE(rec.errors.size(), 1);
    QVERIFY(o.harnessErrors.at(0).contains(QStringLiteral("\"rel_err\": NaN")));
    QCOMPARE(o.cases.size(), 1);
    QCOMPARE(o.cases.at(0).status, QStringLiteral("ERROR"));
    QVERIFY(o.timedOutCases.isEmpty());
    QVERIFY(o.wallMs < 1900);  // not left to the watchdog
  }

  // A stand-in for test_kernel.py written into the temp dir: CASE_START/CASE_RESULT per case not
  // in --skip; the case named by LOSE reports ERROR and ends the process with exit code 3 (the
  // device context is lost), as the template does after a sticky CUDA error.
  QString writeScript(const QString& name, const QByteArray& body) {
    const QString path = m_tmp.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(body) != body.size()) return QString();
    return path;
  }

  void runContextLostResumesInFreshProcess() {
    const QString script = writeScript(QStringLiteral("lose_context.py"), R"PY(
import json, sys
P = "[test_kernel] "
skip = []
if "--skip" in sys.argv:
    skip = sys.argv[sys.argv.index("--skip") + 1].split(",")
names = [n for n in ["a", "b", "c", "d"] if n not in skip]
cases = []
for i, n in enumerate(names):
    print(P + "CASE_START " + json.dumps({"name": n, "shape": [[4, 8]], "dtype": "float32"}), flush=True)
    if n == "b":
        c = {"name": n, "status": "ERROR", "reason": "RuntimeError: CUDA error: an illegal memory access was encountered"}
        cases.append(c)
        print(P + "CASE_RESULT " + json.dumps(c), flush=True)
        print(P + "RESULT_JSON=" + json.dumps({"status": "FAIL", "cases": cases, "not_run": names[i + 1:],
                                               "context_lost": {"case": n}}), flush=True)
        sys.exit(3)
    c = {"name": n, "status": "PASS", "rel_err": 0.0, "latency_us": 1.0}
    cases.append(c)
    print(P + "CASE_RESULT " + json.dumps(c), flush=True)
print(P + "RESULT_JSON=" + json.dumps({"status": "PASS", "cases": cases}), flush=True)
)PY");
    QVERIFY(!script.isEmpty());
    HarnessRunConfig c = config({});
    c.args = {script};
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QVERIFY2(o.ok, qPrintable(o.error));
    QStringList statuses;
    for (const CaseResult& r : o.cases) statuses << r.name + QLatin1Char('=') + r.status;
    QCOMPARE(statuses, (QStringList{QStringLiteral("a=PASS"), QStringLiteral("b=ERROR"), QStringLiteral("c=PASS"),
                                    QStringLiteral("d=PASS")}));
    QCOMPARE(o.segments.size(), 2);
    QCOMPARE(o.segments.at(0).exitCode, kHarnessExitContextLost);
    QCOMPARE(rec.resumes, (QList<QStringList>{{QStringLiteral("a"), QStringLiteral("b")}}));
    QVERIFY(o.segments.at(1).command.contains(QStringLiteral("a,b")));
    QCOMPARE(o.segments.at(1).exitCode, 0);
    QCOMPARE(o.exitCode, 1);  // the last process passed, but b did not
    QVERIFY(o.result);
    QCOMPARE(o.result->status, QStringLiteral("FAIL"));
    QCOMPARE(o.result->cases.size(), 4);
    QVERIFY(o.timedOutCases.isEmpty());
    QVERIFY(readAll(o.logPath).contains("lost its device context (exit code 3)"));
    QVERIFY(!processGroupAlive(o.segments.at(0).pgid));
  }

  void runContextLostWithoutResumeIsExit1() {
    // Every process loses its context at once: resumes stop at maxResumes, the outcome says so.
    const QString script = writeScript(QStringLiteral("always_lost.py"), R"PY(
import json, sys
P = "[test_kernel] "
print(P + "CASE_START " + json.dumps({"name": "x%d" % len(sys.argv)}), flush=True)
print(P + "CASE_RESULT " + json.dumps({"name": "x%d" % len(sys.argv), "status": "ERROR", "reason": "illegal address"}), flush=True)
print(P + "RESULT_JSON=" + json.dumps({"status": "FAIL", "cases": [], "not_run": ["y"]}), flush=True)
sys.exit(3)
)PY");
    QVERIFY(!script.isEmpty());
    HarnessRunConfig c = config({});
    c.args = {script};
    c.maxResumes = 1;
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QCOMPARE(o.segments.size(), 2);
    QCOMPARE(o.segments.at(1).exitCode, kHarnessExitContextLost);
    QCOMPARE(o.exitCode, 1);
    QVERIFY(o.harnessErrors.join(QLatin1Char('\n')).contains(QStringLiteral("not resumed: 1 resumes already")));
  }

  void runMultiMegabyteLinesAndNoFinalNewline() {
    // A 6 MB CASE_RESULT line and a RESULT_JSON that ends the stream without a newline.
    const QString script = writeScript(QStringLiteral("big_lines.py"), R"PY(
import json, sys
P = "[test_kernel] "
print(P + "CASE_START " + json.dumps({"name": "big"}), flush=True)
print(P + "CASE_RESULT " + json.dumps({"name": "big", "status": "FAIL", "reason": "\u00b5" + "r" * (6 << 20)}), flush=True)
sys.stdout.write(P + "RESULT_JSON=" + json.dumps({"status": "FAIL", "cases": [], "blob": "b" * (3 << 20)}))
sys.stdout.flush()
)PY");
    QVERIFY(!script.isEmpty());
    HarnessRunConfig c = config({});
    c.args = {script};
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QVERIFY2(o.ok, qPrintable(o.error));
    QVERIFY(rec.errors.isEmpty());
    QCOMPARE(o.cases.size(), 1);
    QCOMPARE(o.cases.at(0).reason.size(), qsizetype(6 << 20) + 1);
    QCOMPARE(o.cases.at(0).reason.at(0), QChar(0x00B5));
    QVERIFY(o.result);
    QCOMPARE(o.result->raw.at("blob").get<std::string>().size(), size_t(3) << 20);
    QVERIFY(o.segments.at(0).printedResult);
  }

  // A chatty problem (new-user trial 3, W1): 1 MB lines and thousands of short ones between the protocol lines.
  // output.log and the echo keep the head, the tail and every protocol line, and say how much was dropped; a run
  // that fails keeps its (bounded) log too.
  void runChattyOutputIsBounded_data() {
    QTest::addColumn<bool>("fails");
    QTest::newRow("passes") << false;
    QTest::newRow("fails without RESULT_JSON") << true;
  }
  void runChattyOutputIsBounded() {
    QFETCH(bool, fails);
    const QString script = writeScript(QStringLiteral("chatty.py"), R"PY(
import json, sys
P = "[test_kernel] "
print("head-first-line", flush=True)
print("x" * (1 << 20), flush=True)
print(P + "CASE_PLAN " + json.dumps({"cases": ["a", "b"]}), flush=True)
for n in ["a", "b"]:
    print(P + "CASE_START " + json.dumps({"name": n, "shape": [4], "dtype": "float32"}), flush=True)
    for i in range(3000):
        print("chatter %d of case %s " % (i, n) + "y" * 300)
    sys.stdout.flush()
    print(P + "CASE_RESULT " + json.dumps({"name": n, "status": "PASS", "rel_err": 0.0}), flush=True)
print("tail-last-line", flush=True)
if len(sys.argv) > 1:
    print("Traceback: the last words", file=sys.stderr, flush=True)
    sys.exit(2)
print(P + "RESULT_JSON=" + json.dumps({"status": "PASS", "cases": []}), flush=True)
)PY");
    QVERIFY(!script.isEmpty());
    HarnessRunConfig c = config({});
    c.args = fails ? QStringList{script, QStringLiteral("--fail")} : QStringList{script};
    HarnessRun run(c);
    Recorder rec;
    runToEnd(run, rec);
    const RunOutcome& o = *rec.outcome;
    QCOMPARE(o.ok, !fails);
    QCOMPARE(o.cases.size(), 2);
    QFile log(o.logPath);
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QByteArray text = log.readAll();
    // printed: about 3 MB; kept: 256 KiB head + 128 KiB tail + the protocol and runner lines
    QVERIFY2(text.size() < 450 * 1024, qPrintable(QString::number(text.size())));
    QVERIFY(text.contains("[out] head-first-line\n"));
    QVERIFY(text.contains("[out] tail-last-line\n"));
    QVERIFY(text.contains("[kwb] output dropped: "));
    QVERIFY(text.contains("characters of this line dropped]"));  // the 1 MB line, cut
    QCOMPARE(text.count("CASE_START "), 2);
    QCOMPARE(text.count("CASE_RESULT "), 2);
    QCOMPARE(text.contains("[out] [test_kernel] RESULT_JSON="), !fails);
    if (fails) QVERIFY(text.contains("[err] Traceback: the last words\n"));
    QVERIFY(text.indexOf("CASE_RESULT {\"name\": \"b\"") < text.indexOf("[out] tail-last-line"));  // in order
    // the echo: the same lines, the marker on stdout
    qint64 echoed = 0;
    bool marker = false;
    for (const auto& [line, ch] : std::as_const(rec.lines)) {
      echoed += line.size() + 1;
      marker = marker || line.startsWith(QLatin1String("[kwb] output dropped: "));
    }
    QVERIFY2(echoed < 450 * 1024, qPrintable(QString::number(echoed)));
    QVERIFY(marker);
    QCOMPARE(rec.lines.last().first, fails ? QStringLiteral("Traceback: the last words") : rec.lines.last().first);
  }

  void outputBudgetKeepsHeadTailAndPinned() {
    OutputBudget b(10, 10, 100);
    QList<BudgetLine> out;
    auto push = [&](const QString& t, bool pinned = false) { out += b.push({t, 0, pinned}); };
    push(QStringLiteral("head"));   // 5 bytes (4 + newline): in the head
    push(QStringLiteral("head2"));  // 6: over the head, so it waits in the tail window
    push(QStringLiteral("PIN"), true);
    for (int i = 0; i < 10; ++i) push(QStringLiteral("mid%1").arg(i));
    out += b.finish();
    QStringList texts;
    for (const BudgetLine& l : std::as_const(out)) texts << (l.marker ? QStringLiteral("MARKER") : l.text);
    QCOMPARE(texts, (QStringList{QStringLiteral("head"), QStringLiteral("MARKER"), QStringLiteral("PIN"),
                                 QStringLiteral("MARKER"), QStringLiteral("mid8"), QStringLiteral("mid9")}));
    QCOMPARE(b.droppedLines(), 9);  // head2, mid0..mid7
    QCOMPARE(b.droppedBytes(), 6 + 8 * 5);
    QVERIFY(out.at(1).text.startsWith(QLatin1String("output dropped: 6 bytes in 1 lines")));
    // a long line is cut, a pinned one never
    OutputBudget c(1000, 1000, 4);
    QCOMPARE(c.push({QStringLiteral("abcdefgh"), 0, false}).at(0).text,
             QStringLiteral("abcd… [kwb: 4 characters of this line dropped]"));
    QCOMPARE(c.push({QStringLiteral("abcdefgh"), 0, true}).at(0).text, QStringLiteral("abcdefgh"));
  }

  void runPreconditions_data() {
    QTest::addColumn<QString>("program");
    QTest::addColumn<QString>("workdir");
    QTest::addColumn<QString>("errorPart");
    QTest::newRow("missing program") << QStringLiteral("/nonexistent/python9") << QString()
                                     << QStringLiteral("could not start");
    QTest::newRow("missing workdir") << kPython << QStringLiteral("/nonexistent/ws")
                                     << QStringLiteral("does not exist");
    QTest::newRow("empty program") << QString() << QString() << QStringLiteral("no program");
  }
  void runPreconditions() {
    QFETCH(QString, program);
    QFETCH(QString, workdir);
    QFETCH(QString, errorPart);
    HarnessRunConfig c = config({});
    c.program = program;
    if (!workdir.isEmpty()) c.workdir = workdir;
    const RunOutcome o = runHarnessBlocking(c, {});
    QVERIFY(!o.ok);
    QVERIFY2(o.error.contains(errorPart), qPrintable(o.error));
  }
};

QTEST_GUILESS_MAIN(TestRun)
#include "tst_run.moc"
