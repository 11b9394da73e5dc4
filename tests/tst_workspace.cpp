// core/workspace: refusals before anything is written, one run per workspace (the lock), unique run
// folders, and damaged workspace files named with the way to recover (issue 18).
#include "core/workspace/workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QSet>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/mount.h>
#include <sys/resource.h>

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

  /// A workspace as a run stopped in phase 2 leaves it (new-user trial 19, #18): .kwb/ (manifest, spec) and
  /// .atrex_plugins/instructions.md, lock released.
  QString stoppedInPhase2() {
    const QString dir = fresh();
    QString error;
    auto ws = Workspace::open(dir, false, &error);
    if (!ws || !ws->writeOwned(QStringLiteral(".kwb/spec.json"), "{\"source\": {\"name\": \"x\"}}\n", &error) ||
        ws->writeGenerated(QStringLiteral(".atrex_plugins/instructions.md"), "# tools\n", &error) !=
            WriteOutcome::Written)
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

  // The problem each generated file was made from survives a reopen; a kept edit keeps the record of its problem
  // until adopted; moveAside() frees the name for a fresh write (new-user trial 11, #3).
  void problemRecordOfGeneratedFiles() {
    const QString dir = fresh();
    QString error;
    {
      auto ws = Workspace::open(dir, false, &error);
      QVERIFY2(ws, qPrintable(error));
      QVERIFY(ws->lacksProblemRecords());
      QCOMPARE(ws->writeGenerated(QStringLiteral("kernel.py"), "v1\n", &error, QStringLiteral("aaa")),
               WriteOutcome::Written);
      QCOMPARE(ws->writeGenerated(QStringLiteral("tools/x.py"), "t\n", &error), WriteOutcome::Written);
    }
    QVERIFY(writeFile(dir + QStringLiteral("/kernel.py"), "mine\n"));
    auto ws = Workspace::open(dir, true, &error);
    QVERIFY2(ws, qPrintable(error));
    QCOMPARE(ws->generatedFor(QStringLiteral("kernel.py")), QStringLiteral("aaa"));
    QCOMPARE(ws->generatedFor(QStringLiteral("tools/x.py")), QString());
    QCOMPARE(ws->writeGenerated(QStringLiteral("kernel.py"), "v2\n", &error, QStringLiteral("bbb")),
             WriteOutcome::KeptUserEdit);
    QCOMPARE(ws->generatedFor(QStringLiteral("kernel.py")), QStringLiteral("aaa"));
    QVERIFY2(ws->adoptFor(QStringLiteral("kernel.py"), QStringLiteral("bbb"), &error), qPrintable(error));
    QCOMPARE(ws->generatedFor(QStringLiteral("kernel.py")), QStringLiteral("bbb"));
    QString savedAs;
    QVERIFY2(ws->moveAside(QStringLiteral("kernel.py"), &savedAs, &error), qPrintable(error));
    QVERIFY2(savedAs.startsWith(QStringLiteral("kernel.py.edited-")), qPrintable(savedAs));
    QFile kept(dir + u'/' + savedAs);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), QByteArray("mine\n"));
    QCOMPARE(ws->writeGenerated(QStringLiteral("kernel.py"), "v2\n", &error, QStringLiteral("bbb")),
             WriteOutcome::Written);
    QVERIFY(!ws->isUserEdited(QStringLiteral("kernel.py")));
  }

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
    // A run stopped in phase 2 left only the workbench's own files, unedited: run there again without --force; an
    // edit of them, or a file beside them, is the user's
    QTest::newRow("stopped in phase 2") << stoppedInPhase2() << false << QString();
    const QString editedPlugins = stoppedInPhase2();
    QVERIFY(writeFile(editedPlugins + QStringLiteral("/.atrex_plugins/instructions.md"), "# my notes\n"));
    QTest::newRow("stopped in phase 2, instructions edited")
        << editedPlugins << false << QStringLiteral("already exists; pass --force");
    const QString besidePlugins = stoppedInPhase2();
    QVERIFY(writeFile(besidePlugins + QStringLiteral("/.atrex_plugins/mine.md"), "# my notes\n"));
    QTest::newRow("stopped in phase 2, a file of the user's in .atrex_plugins")
        << besidePlugins << false << QStringLiteral("already exists; pass --force");
    const QString withKernel = stoppedInPhase2();
    QVERIFY(writeFile(withKernel + QStringLiteral("/kernel.py"), "# mine\n"));
    QTest::newRow("stopped in phase 2, kernel.py beside it")
        << withKernel << false << QStringLiteral("already exists; pass --force");
    const QString lostManifest = made();
    QVERIFY(QFile::remove(lostManifest + QStringLiteral("/.kwb/manifest.json")));
    QTest::newRow("manifest deleted, no --force")
        << lostManifest << false << QStringLiteral("has no .kwb/manifest.json");
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

  // New-user trial 10, #3: the damaged-manifest error says "delete it and rerun with --force (every existing file is
  // then kept as yours)"; doing that was refused as "not a Kernel Workbench workspace".
  void deletingADamagedManifestAndForcingAdoptsTheWorkspace() {
    const QString dir = made();
    QVERIFY(writeFile(dir + QStringLiteral("/kernel.py"), "# my kernel\n"));
    QVERIFY(writeFile(dir + QStringLiteral("/.kwb/manifest.json"), ""));  // what a full disk left
    const QString why = Workspace::openProblem(dir, true);
    QVERIFY2(why.contains(QStringLiteral("delete it and rerun with --force")), qPrintable(why));
    QVERIFY(QFile::remove(dir + QStringLiteral("/.kwb/manifest.json")));
    QString error;
    auto ws = Workspace::open(dir, true, &error);
    QVERIFY2(ws, qPrintable(error));
    // Every existing file is the user's now: not replaced, and reported so (the caller writes <file>.generated).
    QVERIFY(ws->isUserEdited(QStringLiteral("kernel.py")));
    QCOMPARE(ws->writeGenerated(QStringLiteral("kernel.py"), "generated\n", &error), WriteOutcome::KeptUserEdit);
    QCOMPARE(ws->read(QStringLiteral("kernel.py"), &error), QByteArray("# my kernel\n"));
    // A new file is generated and recorded in a fresh manifest.
    QCOMPARE(ws->writeGenerated(QStringLiteral("reference.py"), "ref\n", &error), WriteOutcome::Written);
    QVERIFY(QFileInfo::exists(dir + QStringLiteral("/.kwb/manifest.json")));
    QVERIFY(!ws->isUserEdited(QStringLiteral("reference.py")));
  }

  // New-user trial 10, #3: on a full disk every small write "succeeded" and left a 0-byte file, because Qt 6.4's
  // QSaveFile::commit() renames the file even when the flush inside it failed. A write the file system refuses
  // (here: RLIMIT_FSIZE, EFBIG) must fail, name the file, and leave the old content in place.
  void aRefusedWriteLeavesTheOldFileAndFails() {
    const QString dir = fresh();
    const QString path = dir + QStringLiteral("/baseline_report.md");
    QVERIFY(writeFile(path, "old report\n"));
    const QString fresh2 = dir + QStringLiteral("/memory/v0.json");
    rlimit old{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
    const auto previous = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small = old;
    small.rlim_cur = 8;  // bytes
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
    QString error1, error2;
    const bool replaced = atomicWrite(path, QByteArray(200, 'r'), &error1);
    const bool created = atomicWrite(fresh2, QByteArray(200, 'm'), &error2);
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &old), 0);
    std::signal(SIGXFSZ, previous);
    QVERIFY(!replaced);
    QVERIFY2(error1.startsWith(QStringLiteral("cannot write ") + path + QStringLiteral(": ")), qPrintable(error1));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("old report\n"));
    QVERIFY(!created);
    QVERIFY2(error2.contains(fresh2), qPrintable(error2));
    QVERIFY(!QFileInfo::exists(fresh2));  // none, not an empty one
    // nor a temporary file left beside them
    QCOMPARE(QDir(dir).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("baseline_report.md")});
    QCOMPARE(QDir(dir + QStringLiteral("/memory")).entryList(QDir::Files | QDir::Hidden), QStringList{});
  }

  // The same on a real full file system (a 64 KiB tmpfs; needs CAP_SYS_ADMIN, else skipped): the error gives the
  // free space, and the manifest is not left empty either.
  void aFullDiskIsNamedWithItsFreeSpace() {
    const QString mnt = fresh();
    QVERIFY(QDir().mkpath(mnt));
    if (::mount("tmpfs", QFile::encodeName(mnt).constData(), "tmpfs", 0, "size=64k") != 0)
      QSKIP("cannot mount a tmpfs here (not root, or no CAP_SYS_ADMIN)");
    const auto unmount = qScopeGuard([&] { ::umount2(QFile::encodeName(mnt).constData(), MNT_DETACH); });
    const QString dir = mnt + QStringLiteral("/ws");
    QString error;
    {
      auto ws = Workspace::open(dir, false, &error);
      QVERIFY2(ws, qPrintable(error));
      QCOMPARE(ws->writeGenerated(QStringLiteral("kernel.py"), "pass\n", &error), WriteOutcome::Written);
      // fill the disk
      QFile fill(mnt + QStringLiteral("/fill"));
      QVERIFY(fill.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
      const QByteArray block(4096, 'f');
      while (fill.write(block) == block.size()) {
      }
      fill.close();
      QCOMPARE(ws->writeGenerated(QStringLiteral("reference.py"), "ref\n", &error), WriteOutcome::Failed);
      QVERIFY2(error.contains(QStringLiteral("reference.py: no space left on the device (")), qPrintable(error));
      QVERIFY2(error.contains(QStringLiteral(" bytes free, 4 needed)")), qPrintable(error));
      QVERIFY(!QFileInfo::exists(dir + QStringLiteral("/reference.py")));
      QString savedAs;
      QVERIFY(!ws->writeRecord(QStringLiteral("memory/v0.json"), "{}\n", &savedAs, &error));
      QVERIFY(!QFileInfo::exists(dir + QStringLiteral("/memory/v0.json")));
    }
    QVERIFY(QFileInfo(dir + QStringLiteral("/kernel.py")).size() == 5);
    QVERIFY(QFileInfo(dir + QStringLiteral("/.kwb/manifest.json")).size() > 0);
    QVERIFY(Workspace::manifestProblem(dir).isEmpty());
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

  // New-user trial 10, #12: after `kill -9` of kwb its lock is stale, but the harness it started may still run in the
  // workspace; a --force rerun started beside it. Such a process (the workspace as its working directory and another
  // kwb's run tag) refuses the run, named with its pid and how to stop it.
  void aHarnessOutlivingItsKwbRefusesTheRun() {
    const QString dir = made();
    QVERIFY(writeFile(dir + QStringLiteral("/.kwb/lock"),
                      "999999999\nkwb\n" + QSysInfo::machineHostName().toUtf8() + "\n"));
    QProcess orphan;
    orphan.setProgram(QStringLiteral("/bin/sleep"));
    orphan.setArguments({QStringLiteral("60")});
    orphan.setWorkingDirectory(dir);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("KWB_RUN_TAG"), QStringLiteral("999999999-1-1700000000000"));
    orphan.setProcessEnvironment(env);
    orphan.start();
    QVERIFY(orphan.waitForStarted());
    const qint64 pid = orphan.processId();
    // a shell of the user's in the folder (no run tag) is no harness
    QProcess shell;
    shell.setWorkingDirectory(dir);
    shell.start(QStringLiteral("/bin/sleep"), {QStringLiteral("60")});
    QVERIFY(shell.waitForStarted());
    const auto stop = qScopeGuard([&] {
      orphan.kill();
      orphan.waitForFinished();
      shell.kill();
      shell.waitForFinished();
    });

    const QString why = Workspace::openProblem(dir, true);
    QVERIFY2(
        why.contains(QStringLiteral("still has a harness running in it from an earlier run: pid %1 (/bin/sleep 60; "
                                    "started by kwb pid 999999999, gone)")
                         .arg(pid)),
        qPrintable(why));
    QVERIFY2(why.contains(QStringLiteral("stop it first (kill %1)").arg(pid)), qPrintable(why));
    QVERIFY2(!why.contains(QStringLiteral("pid %1 ").arg(shell.processId())), qPrintable(why));
    QString error;
    QVERIFY(!Workspace::open(dir, true, &error));
    QCOMPARE(error, why);
    orphan.kill();
    QVERIFY(orphan.waitForFinished());
    auto ws = Workspace::open(dir, true, &error);  // gone: the stale lock is taken over as before
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
