// core/pipeline/session: the session the GUI's panels follow owns the job and runs its phases 1-3 off
// the calling thread, refuses a second phase meanwhile, and re-emits the job's progress.
#include "core/pipeline/session.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestSession : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void reviewAndVerdictSignals() {
    WorkbenchSession s;
    QSignalSpy review(&s, &WorkbenchSession::reviewChanged);
    QSignalSpy verdict(&s, &WorkbenchSession::verdictChanged);
    s.setVerdict(Verdict::Running);
    QCOMPARE(verdict.size(), 1);
    s.setVerdict(Verdict::Running);  // unchanged: no signal
    QCOMPARE(verdict.size(), 1);
    WorkspaceReview r;
    r.verdict = Verdict::Fail;
    r.gateReason = QStringLiteral("boundary_tail: FAIL");
    s.setReview(r);
    QCOMPARE(review.size(), 1);
    QCOMPARE(s.verdict(), Verdict::Fail);
    QCOMPARE(verdict.last().at(1).toString(), QStringLiteral("boundary_tail: FAIL"));
    s.clear();
    QCOMPARE(review.size(), 2);
    QVERIFY(!s.review());
    QCOMPARE(s.verdict(), Verdict::NotRun);
  }

  void ownsTheJob() {
    WorkbenchSession s;
    QSignalSpy changed(&s, &WorkbenchSession::jobChanged);
    QVERIFY(!s.runPhase(1));  // no job yet
    WorkspaceReview r;
    r.verdict = Verdict::Pass;
    s.setReview(r);
    BaselineOptions o;
    o.logicPath = QStringLiteral("/nonexistent/problem.py");
    BaselineJob* job = s.newJob(o, {});
    QVERIFY(job);
    QCOMPARE(s.job(), job);
    QCOMPARE(changed.size(), 1);
    QVERIFY(!s.review());  // a new job leaves review mode
    QCOMPARE(s.verdict(), Verdict::NotRun);
    QVERIFY(!s.runPhase(0));
    QVERIFY(!s.runPhase(5));
    QVERIFY(s.dropJob());
    QVERIFY(!s.job());
    QCOMPARE(changed.size(), 2);
  }

  void runsPhaseOneOffThread() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    WorkbenchSession s;
    BaselineOptions o;
    o.logicPath = QStringLiteral(KWB_SOURCE_DIR "/examples/19_ReLU.py");
    o.gpu = QStringLiteral("H200");
    o.framework = QStringLiteral("triton");
    o.cpuDryRun = true;
    o.commit = false;
    o.force = true;
    o.workspaceDir = tmp.filePath(QStringLiteral("ws"));
    QVERIFY(s.newJob(o, {}));
    QSignalSpy finished(&s, &WorkbenchSession::phaseFinished);
    QSignalSpy progress(&s, &WorkbenchSession::progress);
    QVERIFY(s.runPhase(1));
    QCOMPARE(s.busyPhase(), 1);
    QVERIFY(!s.runPhase(2));  // one phase at a time
    QVERIFY(!s.dropJob());    // the worker uses the job
    QVERIFY(!s.newJob(o, {}));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 180000);
    QCOMPARE(s.busyPhase(), 0);
    QCOMPARE(finished.first().at(0).toInt(), 1);
    QVERIFY2(finished.first().at(1).toBool(), qPrintable(s.job()->lastError()));
    QVERIFY(!progress.isEmpty());  // the job's progress, re-emitted on this thread
    QCOMPARE(s.job()->framework(), QStringLiteral("triton"));
    // wait = true: finished (and announced) when runPhase returns.
    QVERIFY(s.runPhase(2, true));
    QCOMPARE(finished.size(), 2);
    QCOMPARE(finished.last().at(0).toInt(), 2);
    QVERIFY(!s.writeRecords());  // nothing measured yet
    QVERIFY(s.runPhase(3, true));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(s.job()->lastError()));

    // Phase 4 (a CPU dry run, seconds), then the records: recordsWritten() once they are on disk.
    QSignalSpy cases(&s, &WorkbenchSession::caseFinished);
    QSignalSpy records(&s, &WorkbenchSession::recordsWritten);
    QVERIFY(s.runPhase(4));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 4, 180000);
    QCOMPARE(finished.last().at(0).toInt(), 4);
    QVERIFY(!cases.isEmpty());  // the harness's cases, re-emitted
    QVERIFY(!s.hasRecords());
    QVERIFY(!s.recordsWouldReplacePassing());  // a dry run, and no passing record before it
    QVERIFY2(s.writeRecords(), qPrintable(s.job()->lastError()));
    QCOMPARE(records.size(), 1);
    QVERIFY(s.hasRecords());
    QVERIFY(QFile::exists(o.workspaceDir + QStringLiteral("/memory/v0.json")));
    QVERIFY(s.runPhase(4));  // measuring again: the records are the last run's no more
    QVERIFY(!s.hasRecords());
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 5, 180000);
  }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
