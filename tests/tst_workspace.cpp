// core/workspace: refusals before anything is written, one run per workspace (the lock), unique run
// folders, and damaged workspace files named with the way to recover (issue 18).
#include "core/workspace/workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSet>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

namespace {
bool writeFile(const QString& path, const QByteArray& bytes) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}
}  // namespace

class TestWorkspace : public QObject {
  Q_OBJECT

  QTemporaryDir m_tmp;
  int m_n = 0;

  QString fresh() { return m_tmp.filePath(QStringLiteral("ws%1").arg(++m_n)); }

  /// A workspace as a finished run leaves it (manifest, spec), lock released.
  QString made() {
    const QString dir = fresh();
    QString error;
    auto ws = Workspace::open(dir, false, &error);
    if (!ws || ws->writeGenerated(QStringLiteral("kernel.py"), "pass\n", &error) != WriteOutcome::Written ||
        !ws->writeOwned(QStringLiteral(".kwb/spec.json"), "{\"source\": {\"name\": \"x\"}}\n", &error))
      qWarning("%s", qPrintable(error));
    return dir;
  }

 private Q_SLOTS:
  // "19 ReLU é.py" and "19 ReLU ü.py" both became kernel_opt_19_ReLU__ (new-user trial 3, R11).
  void defaultDirKeepsNonAsciiNamesApart() {
    QCOMPARE(Workspace::defaultDir(QStringLiteral("/p"), QStringLiteral("19_ReLU")),
             QStringLiteral("/p/kernel_opt_19_ReLU"));
    QCOMPARE(Workspace::defaultDir(QStringLiteral("/p"), QStringLiteral("19 ReLU")),
             QStringLiteral("/p/kernel_opt_19_ReLU"));
    const QString e = Workspace::defaultDir(QStringLiteral("/p"), QString::fromUtf8("19 ReLU \u00e9"));
    const QString u = Workspace::defaultDir(QStringLiteral("/p"), QString::fromUtf8("19 ReLU \u00fc"));
    QVERIFY2(e != u, qPrintable(e));
    QCOMPARE(e, QString::fromUtf8("/p/kernel_opt_19_ReLU_\u00e9"));
    // A symbol has no letter to keep: a hash keeps ★ and ☆ apart.
    const QString star = Workspace::defaultDir(QStringLiteral("/p"), QString::fromUtf8("19 ReLU \u2605"));
    const QString white = Workspace::defaultDir(QStringLiteral("/p"), QString::fromUtf8("19 ReLU \u2606"));
    QVERIFY2(star != white, qPrintable(star));
    QVERIFY2(star.startsWith(QStringLiteral("/p/kernel_opt_19_ReLU___")) && star.size() == 30, qPrintable(star));
  }
  // New-user trial 6, R10: "ünïcode_模型" became kernel_opt__n_code____eeadcb, unreadable in `ls` and the Recent list.
  void defaultDirKeepsUnicodeLetters() {
    QCOMPARE(Workspace::defaultDir(QStringLiteral("/p"), QString::fromUtf8("\u00fcn\u00efcode_\u6a21\u578b")),
             QString::fromUtf8("/p/kernel_opt_\u00fcn\u00efcode_\u6a21\u578b"));
    // A decomposed "ü" (u + combining diaeresis, as some file systems store it) names the same folder.
    QCOMPARE(Workspace::defaultDir(QStringLiteral("/p"), QString::fromUtf8("u\u0308n")),
             QString::fromUtf8("/p/kernel_opt_\u00fcn"));
  }
  void initTestCase() { QVERIFY(m_tmp.isValid()); }

  void openProblem_data() {
    QTest::addColumn<QString>("dir");
    QTest::addColumn<bool>("force");
    QTest::addColumn<QString>("errorPart");  // "" = would open
    QTest::newRow("new folder") << fresh() << false << QString();
    const QString file = m_tmp.filePath(QStringLiteral("a-file"));
    QVERIFY(writeFile(file, "x"));
    QTest::newRow("a file") << file << true << QStringLiteral("is a file, not a folder");
    QTest::newRow("existing, no --force") << made() << false << QStringLiteral("pass --force");
    QTest::newRow("existing, --force") << made() << true << QString();
    const QString stranger = fresh();
    QVERIFY(writeFile(stranger + QStringLiteral("/notes.txt"), "mine"));
    QTest::newRow("someone else's folder") << stranger << true << QStringLiteral("is not a Kernel Workbench workspace");
    const QString onlyKwb = fresh();
    QVERIFY(writeFile(onlyKwb + QStringLiteral("/.kwb/spec.json"), "{}"));
    QTest::newRow("only .kwb (stopped in phase 1)") << onlyKwb << false << QString();
    const QString badManifest = made();
    QVERIFY(writeFile(badManifest + QStringLiteral("/.kwb/manifest.json"), "{\"generated\": {"));
    QTest::newRow("damaged manifest") << badManifest << true
                                      << QStringLiteral("manifest.json is damaged (not valid JSON");
    const QString badSpec = made();
    QVERIFY(writeFile(badSpec + QStringLiteral("/.kwb/spec.json"), "[1, 2"));
    QTest::newRow("damaged spec") << badSpec << true << QStringLiteral("spec.json is damaged (not valid JSON");
    const QString deepSpec = made();
    QVERIFY(writeFile(deepSpec + QStringLiteral("/.kwb/spec.json"), QByteArray(100000, '[')));
    QTest::newRow("spec nested 100000 deep") << deepSpec << true << QStringLiteral("nested deeper than 128 levels");
  }
  void openProblem() {
    QFETCH(QString, dir);
    QFETCH(bool, force);
    QFETCH(QString, errorPart);
    const QString why = Workspace::openProblem(dir, force);
    QString error;
    auto ws = Workspace::open(dir, force, &error);
    if (errorPart.isEmpty()) {
      QVERIFY2(why.isEmpty(), qPrintable(why));
      QVERIFY2(ws, qPrintable(error));
      return;
    }
    QVERIFY2(why.contains(errorPart), qPrintable(why));
    QVERIFY(!ws);
    QCOMPARE(error, why);  // open() refuses for the reason the early check gave
    if (errorPart.contains(QLatin1String("damaged")) || errorPart.contains(QLatin1String("nested")))
      QVERIFY2(why.contains(QLatin1String("To recover")), qPrintable(why));
    QVERIFY(why.size() < 600);
  }

  void secondRunIsRefusedWhileTheFirstHoldsTheLock() {
    const QString dir = made();
    QString error;
    auto first = Workspace::open(dir, true, &error);
    QVERIFY2(first, qPrintable(error));
    auto second = Workspace::open(dir, true, &error);
    QVERIFY(!second);
    QVERIFY2(error.contains(QStringLiteral("is in use by another run")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("pid %1").arg(QCoreApplication::applicationPid())), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("on host %1").arg(QSysInfo::machineHostName())), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral(" UTC)")), qPrintable(error));
    first.reset();  // the run ends: the lock goes with it
    auto third = Workspace::open(dir, true, &error);
    QVERIFY2(third, qPrintable(error));
  }

  void lockOfADeadProcessIsTakenOver() {
    const QString dir = made();
    // What a killed kwb leaves: a lock file naming a pid that no longer runs, on this host.
    QVERIFY(writeFile(dir + QStringLiteral("/.kwb/lock"),
                      "999999999\nkwb\n" + QSysInfo::machineHostName().toUtf8() + "\n"));
    QVERIFY(WorkspaceLock::heldBy(dir).isEmpty());
    QString error;
    auto ws = Workspace::open(dir, true, &error);
    QVERIFY2(ws, qPrintable(error));
  }

  void lockFromAnotherHostIsNamed() {
    const QString dir = made();
    QVERIFY(writeFile(dir + QStringLiteral("/.kwb/lock"), "4242\nkwb\nbuild-node-7\n"));
    const QString why = Workspace::openProblem(dir, true);
    QVERIFY2(why.contains(QStringLiteral("kwb pid 4242 on host build-node-7, since ")), qPrintable(why));
    QVERIFY2(why.contains(QStringLiteral(".kwb/lock")), qPrintable(why));  // how to clear it by hand
  }

  void runFoldersAreUnique() {
    QString error;
    auto ws = Workspace::open(fresh(), false, &error);
    QVERIFY2(ws, qPrintable(error));
    QSet<QString> seen;
    for (int i = 0; i < 20; ++i) {  // many in the same millisecond
      const QString dir = ws->newRunDir(&error);
      QVERIFY2(!dir.isEmpty(), qPrintable(error));
      QVERIFY(QFileInfo(dir).isDir());
      QVERIFY(!seen.contains(dir));
      seen.insert(dir);
    }
  }
};

QTEST_GUILESS_MAIN(TestWorkspace)
#include "tst_workspace.moc"
