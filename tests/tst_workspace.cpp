// The workspace: atomic writes, refusal to clobber, and user edits that survive regeneration.
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "core/workspace/workspace.h"

using namespace kwb;

class TstWorkspace : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void createsAndRegenerates() {
    QTemporaryDir tmp;
    QString err;
    const QString dir = tmp.filePath(QStringLiteral("kernel_opt_x"));
    auto ws = Workspace::open(dir, false, &err);
    QVERIFY2(ws, qPrintable(err));
    QCOMPARE(ws->writeGenerated(QStringLiteral("kernel.py"), "v1\n", &err), WriteOutcome::Written);
    QCOMPARE(ws->writeGenerated(QStringLiteral("kernel.py"), "v1\n", &err), WriteOutcome::Unchanged);
    QCOMPARE(ws->writeGenerated(QStringLiteral("kernel.py"), "v2\n", &err), WriteOutcome::Written);
    QCOMPARE(ws->read(QStringLiteral("kernel.py"), &err), QByteArray("v2\n"));
    QVERIFY(!ws->isUserEdited(QStringLiteral("kernel.py")));
  }

  void refusesExistingWithoutForce() {
    QTemporaryDir tmp;
    QString err;
    const QString dir = tmp.filePath(QStringLiteral("ws"));
    {
      auto ws = Workspace::open(dir, false, &err);
      QVERIFY(ws);
      QCOMPARE(ws->writeGenerated(QStringLiteral("a.py"), "x", &err), WriteOutcome::Written);
    }
    auto again = Workspace::open(dir, false, &err);
    QVERIFY(!again);
    QVERIFY2(err.contains(QStringLiteral("--force")), qPrintable(err));
    auto forced = Workspace::open(dir, true, &err);
    QVERIFY2(forced, qPrintable(err));
  }

  void refusesForeignNonEmptyFolder() {
    QTemporaryDir tmp;
    QFile f(tmp.filePath(QStringLiteral("thesis.tex")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("keep me");
    f.close();
    QString err;
    QVERIFY(!Workspace::open(tmp.path(), true, &err));
    QVERIFY2(err.contains(QStringLiteral("not empty")), qPrintable(err));
  }

  void keepsUserEdits() {
    QTemporaryDir tmp;
    QString err;
    const QString dir = tmp.filePath(QStringLiteral("ws"));
    {
      auto ws = Workspace::open(dir, false, &err);
      QVERIFY(ws);
      QCOMPARE(ws->writeGenerated(QStringLiteral("kernel.py"), "generated\n", &err), WriteOutcome::Written);
    }
    QFile f(dir + QStringLiteral("/kernel.py"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("my tuned kernel\n");
    f.close();
    auto ws = Workspace::open(dir, true, &err);
    QVERIFY(ws);
    QVERIFY(ws->isUserEdited(QStringLiteral("kernel.py")));
    QCOMPARE(ws->writeGenerated(QStringLiteral("kernel.py"), "generated v2\n", &err), WriteOutcome::KeptUserEdit);
    QCOMPARE(ws->read(QStringLiteral("kernel.py"), &err), QByteArray("my tuned kernel\n"));
  }

  // Records (report, memory) are regenerated every run, but a version the user changed in between
  // is kept beside the new one, never lost.
  void recordsKeepTheUsersVersion() {
    QTemporaryDir tmp;
    QString err, kept;
    const QString dir = tmp.filePath(QStringLiteral("ws"));
    {
      auto ws = Workspace::open(dir, false, &err);
      QVERIFY(ws);
      QVERIFY2(ws->writeRecord(QStringLiteral("memory/v0.json"), "{\"v\": 1}\n", &kept, &err), qPrintable(err));
      QVERIFY(kept.isEmpty());
      QVERIFY(ws->writeRecord(QStringLiteral("memory/v0.json"), "{\"v\": 2}\n", &kept, &err));
      QVERIFY2(kept.isEmpty(), qPrintable(kept));  // unedited: replaced, nothing kept
    }
    QFile f(dir + QStringLiteral("/memory/v0.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"v\": 2, \"latency_us\": 12.5}\n");
    f.close();
    auto ws = Workspace::open(dir, true, &err);
    QVERIFY(ws);
    QVERIFY(ws->writeRecord(QStringLiteral("memory/v0.json"), "{\"v\": 3}\n", &kept, &err));
    QVERIFY(kept.startsWith(QStringLiteral("memory/v0.json.edited-")));
    QCOMPARE(ws->read(kept, &err), QByteArray("{\"v\": 2, \"latency_us\": 12.5}\n"));
    QCOMPARE(ws->read(QStringLiteral("memory/v0.json"), &err), QByteArray("{\"v\": 3}\n"));
    QVERIFY(ws->writeRecord(QStringLiteral("memory/v0.json"), "{\"v\": 4}\n", &kept, &err));
    QVERIFY(kept.isEmpty());
    // A record that exists without a manifest entry (written by hand, or by an older kwb) is kept too.
    QFile r(dir + QStringLiteral("/baseline_report.md"));
    QVERIFY(r.open(QIODevice::WriteOnly));
    r.write("my notes\n");
    r.close();
    QVERIFY(ws->writeRecord(QStringLiteral("baseline_report.md"), "# report\n", &kept, &err));
    QCOMPARE(ws->read(kept, &err), QByteArray("my notes\n"));
  }

  void defaultDirSanitises() {
    QCOMPARE(Workspace::defaultDir(QStringLiteral("/tmp"), QStringLiteral("26_GELU_")), QStringLiteral("/tmp/kernel_opt_26_GELU_"));
    QCOMPARE(Workspace::defaultDir(QStringLiteral("/tmp"), QStringLiteral("a b/c")), QStringLiteral("/tmp/kernel_opt_a_b_c"));
  }
};

QTEST_GUILESS_MAIN(TstWorkspace)
#include "tst_workspace.moc"
