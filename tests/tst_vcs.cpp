// core/vcs: the workspace's git repository through libgit2, on scratch repositories.
#include "core/vcs/gitrepo.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace kwb;

namespace {

void writeFile(const QString& path, const QByteArray& bytes) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile f(path);
  QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
  f.write(bytes);
}

bool isHexId(const QString& id) {
  static const QRegularExpression re(QStringLiteral("^[0-9a-f]{40}$"));
  return re.match(id).hasMatch();
}

}  // namespace

class TestVcs : public QObject {
  Q_OBJECT

  QTemporaryDir m_home;

 private Q_SLOTS:
  void initTestCase() {
    // The developer's ~/.gitconfig must not decide the author: point HOME at an empty folder.
    QVERIFY(m_home.isValid());
    qputenv("HOME", QFile::encodeName(m_home.path()));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_home.filePath(QStringLiteral("xdg"))));
  }

  void firstAndSecondCommit() {
    QTemporaryDir tmp;
    const QString ws = tmp.filePath(QStringLiteral("kernel_opt_relu"));  // created by openOrInit
    QString error;
    auto repo = GitRepo::openOrInit(ws, &error);
    QVERIFY2(repo, qPrintable(error));
    QVERIFY(QFileInfo(ws + QLatin1String("/.git")).isDir());
    QCOMPARE(repo->headId(), QString());  // unborn HEAD
    QCOMPARE(repo->workdir(), QDir(ws).absolutePath() + QLatin1Char('/'));

    writeFile(ws + QLatin1String("/kernel.py"), "import torch\n");
    writeFile(ws + QLatin1String("/memory/v0.json"), "{}\n");
    writeFile(ws + QLatin1String("/scratch.txt"), "untracked\n");
    const auto first = repo->commit({QStringLiteral("kernel.py"), QStringLiteral("./memory/v0.json")},
                                    QStringLiteral("V0: baseline kernel"), &error);
    QVERIFY2(first, qPrintable(error));
    QVERIFY(isHexId(*first));
    QCOMPARE(repo->headId(), *first);
    auto info = repo->lookupCommit(*first, &error);
    QVERIFY2(info, qPrintable(error));
    QCOMPARE(info->parents, QStringList());  // root commit
    QCOMPARE(info->message, QStringLiteral("V0: baseline kernel\n"));
    QCOMPARE(info->summary, QStringLiteral("V0: baseline kernel"));
    QCOMPARE(info->authorName, QStringLiteral("Kernel Workbench"));  // no user.name anywhere
    QCOMPARE(info->authorEmail, QStringLiteral("kwb@localhost"));
    QVERIFY(qAbs(info->time.secsTo(QDateTime::currentDateTimeUtc())) < 60);
    QVERIFY(repo->isClean());
    QCOMPARE(repo->modifiedFiles(), QStringList());  // scratch.txt is untracked: not listed

    // A user's edit shows up, limited to the paths asked about when given.
    writeFile(ws + QLatin1String("/kernel.py"), "import torch  # edited by hand\n");
    QCOMPARE(repo->modifiedFiles(), QStringList{QStringLiteral("kernel.py")});
    QVERIFY(!repo->isClean());
    QVERIFY(repo->isClean({QStringLiteral("memory/v0.json")}));
    QVERIFY(!repo->isClean({QStringLiteral("kernel.py")}));

    const auto second =
        repo->commit({QStringLiteral("kernel.py")}, QStringLiteral("V0: fix vector width\n\nBody line.  \n\n"), &error);
    QVERIFY2(second, qPrintable(error));
    QVERIFY(*second != *first);
    QCOMPARE(repo->headId(), *second);
    info = repo->lookupCommit(QStringLiteral("HEAD"), &error);
    QVERIFY2(info, qPrintable(error));
    QCOMPARE(info->id, *second);
    QCOMPARE(info->parents, QStringList{*first});
    QCOMPARE(info->message, QStringLiteral("V0: fix vector width\n\nBody line.\n"));  // cleaned as git does
    QCOMPARE(info->summary, QStringLiteral("V0: fix vector width"));
    QVERIFY(repo->isClean());

    // Reopening finds the same history.
    repo.reset();
    repo = GitRepo::openOrInit(ws, &error);
    QVERIFY2(repo, qPrintable(error));
    QCOMPARE(repo->headId(), *second);
  }

  void deletionAndFolders() {
    QTemporaryDir tmp;
    QString error;
    auto repo = GitRepo::openOrInit(tmp.path(), &error);
    QVERIFY2(repo, qPrintable(error));
    writeFile(tmp.filePath(QStringLiteral("plans/v0_plan.md")), "# plan\n");
    writeFile(tmp.filePath(QStringLiteral("plans/notes.md")), "notes\n");
    writeFile(tmp.filePath(QStringLiteral("README.md")), "readme\n");
    QVERIFY2(repo->commit({QStringLiteral("plans"), QStringLiteral("README.md")}, QStringLiteral("add plans"), &error),
             qPrintable(error));
    QVERIFY(repo->isClean());

    QVERIFY(QFile::remove(tmp.filePath(QStringLiteral("README.md"))));
    QVERIFY(QFile::remove(tmp.filePath(QStringLiteral("plans/notes.md"))));
    QCOMPARE(repo->modifiedFiles(), (QStringList{QStringLiteral("README.md"), QStringLiteral("plans/notes.md")}));
    // A deleted file and a folder with a deletion inside are both staged as removals.
    const auto id =
        repo->commit({QStringLiteral("README.md"), QStringLiteral("plans")}, QStringLiteral("drop"), &error);
    QVERIFY2(id, qPrintable(error));
    QCOMPARE(repo->modifiedFiles(), QStringList());

    // A whole tracked folder deleted from disk.
    QVERIFY(QDir(tmp.filePath(QStringLiteral("plans"))).removeRecursively());
    QVERIFY2(repo->commit({QStringLiteral("plans")}, QStringLiteral("drop plans"), &error), qPrintable(error));
    QVERIFY(repo->isClean());
  }

  void authorFromRepoConfig() {
    QTemporaryDir tmp;
    QString error;
    auto repo = GitRepo::openOrInit(tmp.path(), &error);
    QVERIFY2(repo, qPrintable(error));
    QFile config(tmp.filePath(QStringLiteral(".git/config")));
    QVERIFY(config.open(QIODevice::Append));
    config.write("[user]\n\tname = Ada Kernel\n\temail = ada@example.org\n");
    config.close();
    writeFile(tmp.filePath(QStringLiteral("kernel.py")), "pass\n");
    const auto id = repo->commit({QStringLiteral("kernel.py")}, QStringLiteral("V0"), &error);
    QVERIFY2(id, qPrintable(error));
    const auto info = repo->lookupCommit(*id);
    QVERIFY(info);
    QCOMPARE(info->authorName, QStringLiteral("Ada Kernel"));
    QCOMPARE(info->authorEmail, QStringLiteral("ada@example.org"));
  }

  void commitErrors_data() {
    QTest::addColumn<QStringList>("paths");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("expected");  // text the error must contain
    QTest::newRow("missing path") << QStringList{QStringLiteral("kernel.py"), QStringLiteral("nope.py")}
                                  << QStringLiteral("V1") << QStringLiteral("nope.py: no such file or folder");
    QTest::newRow("outside the tree") << QStringList{QStringLiteral("../escape.py")} << QStringLiteral("V1")
                                      << QStringLiteral("not a path inside the working tree");
    QTest::newRow("absolute") << QStringList{QStringLiteral("/etc/hostname")} << QStringLiteral("V1")
                              << QStringLiteral("not a path inside the working tree");
    QTest::newRow("no paths") << QStringList() << QStringLiteral("V1") << QStringLiteral("no paths given");
    QTest::newRow("unchanged") << QStringList{QStringLiteral("kernel.py")} << QStringLiteral("V1")
                               << QStringLiteral("nothing to commit: the files are unchanged since");
    QTest::newRow("empty message") << QStringList{QStringLiteral("new.py")} << QStringLiteral("  \n")
                                   << QStringLiteral("empty commit message");
  }

  void commitErrors() {
    QFETCH(QStringList, paths);
    QFETCH(QString, message);
    QFETCH(QString, expected);
    QTemporaryDir tmp;
    QString error;
    auto repo = GitRepo::openOrInit(tmp.path(), &error);
    QVERIFY2(repo, qPrintable(error));
    writeFile(tmp.filePath(QStringLiteral("kernel.py")), "pass\n");
    const auto first = repo->commit({QStringLiteral("kernel.py")}, QStringLiteral("V0"), &error);
    QVERIFY2(first, qPrintable(error));
    writeFile(tmp.filePath(QStringLiteral("new.py")), "new\n");

    error.clear();
    QVERIFY(!repo->commit(paths, message, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QCOMPARE(repo->headId(), *first);  // no commit was made
    // A rejected path list stages nothing: new.py is still untracked, kernel.py unchanged.
    QCOMPARE(repo->modifiedFiles(), QStringList());
  }

  void emptyFirstCommitRefused() {
    QTemporaryDir tmp;
    QString error;
    auto repo = GitRepo::openOrInit(tmp.path(), &error);
    QVERIFY2(repo, qPrintable(error));
    QDir(tmp.path()).mkdir(QStringLiteral("empty"));
    QVERIFY(!repo->commit({QStringLiteral("empty")}, QStringLiteral("V0"), &error));
    QVERIFY2(error.contains(QLatin1String("the index is empty")), qPrintable(error));
    QVERIFY(!repo->lookupCommit(QStringLiteral("HEAD"), &error));
    QVERIFY2(error.contains(QLatin1String("HEAD")), qPrintable(error));
  }

  void openFailsOnAFile() {
    QTemporaryDir tmp;
    const QString file = tmp.filePath(QStringLiteral("plain"));
    writeFile(file, "x");
    QString error;
    QVERIFY(!GitRepo::openOrInit(file, &error));
    QVERIFY2(error.contains(file), qPrintable(error));
  }

  void anotherUsersRepositoryIsNamed() {
    // New-user trial 16, #6: a workspace another Unix user owns read as commits "(none)" and "cannot initialise a git
    // repository". libgit2 refuses it as git does; the message names the ownership and safe.directory.
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    {
      QString error;
      QVERIFY2(GitRepo::openOrInit(tmp.path(), &error), qPrintable(error));
    }
    const QByteArray git = QDir(tmp.path()).filePath(QStringLiteral(".git")).toUtf8();
    if (::geteuid() != 0 || ::chown(git.constData(), 65534, 65534) != 0)
      QSKIP("needs root to give .git to another user (uid 65534)");
    QString error;
    QVERIFY(!GitRepo::openOrInit(tmp.path(), &error));
    QVERIFY2(error.contains(QStringLiteral("owned by another user")) &&
                 error.contains(QStringLiteral("git config --global --add safe.directory ") + tmp.path()),
             qPrintable(error));
    QVERIFY2(!error.contains(QStringLiteral("cannot initialise")), qPrintable(error));
    QVERIFY(::chown(git.constData(), ::geteuid(), ::getegid()) == 0);  // the temporary folder can go
  }

  // What changed in one file between two commits (kernel.py between versions).
  void diffFileBetweenCommits() {
    QTemporaryDir dir;
    auto repo = GitRepo::openOrInit(dir.path());
    QVERIFY(repo);
    auto write = [&](const char* name, const QByteArray& text) {
      QFile f(dir.filePath(QLatin1String(name)));
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(text);
    };
    write("kernel.py", "a = 1\nb = 2\n");
    write("other.py", "x\n");
    const auto c0 = repo->commit({QStringLiteral("kernel.py"), QStringLiteral("other.py")}, QStringLiteral("V0: base"));
    QVERIFY(c0);
    write("kernel.py", "a = 1\nb = 3\n");
    write("other.py", "y\n");
    const auto c1 = repo->commit({QStringLiteral("kernel.py"), QStringLiteral("other.py")}, QStringLiteral("V1: edit"));
    QVERIFY(c1);
    QString error;
    const auto d = repo->diffFile(*c0, *c1, QStringLiteral("kernel.py"), &error);
    QVERIFY2(d, qPrintable(error));
    QVERIFY2(d->contains(QStringLiteral("-b = 2\n+b = 3\n")), qPrintable(*d));
    QVERIFY(d->contains(QStringLiteral("kernel.py")) && !d->contains(QStringLiteral("other.py")));
    QCOMPARE(*repo->diffFile(*c1, *c1, QStringLiteral("kernel.py")), QString());
    QVERIFY(!repo->diffFile(QStringLiteral("0123456789abcdef"), *c1, QStringLiteral("kernel.py"), &error));
    QVERIFY(!error.isEmpty());
  }

  // The commit that first added a record (its own git_commit_hash stays null), and whether a file changed since a
  // commit (new-user trial 7, #8 and #6).
  void commitAddingAndBlobIds() {
    QTemporaryDir dir;
    auto repo = GitRepo::openOrInit(dir.path());
    QVERIFY(repo);
    QCOMPARE(repo->commitAdding(QStringLiteral("memory/v0.json")), QString());  // unborn HEAD
    writeFile(dir.filePath(QStringLiteral("memory/v0.json")), "{}\n");
    writeFile(dir.filePath(QStringLiteral("kernel.py")), "a = 1\n");
    const auto c0 = repo->commit({QStringLiteral("memory"), QStringLiteral("kernel.py")}, QStringLiteral("V0: base"));
    QVERIFY(c0);
    writeFile(dir.filePath(QStringLiteral("memory/v1.json")), "{}\n");
    writeFile(dir.filePath(QStringLiteral("memory/v0.json")), "{\"x\": 1}\n");  // changed later: still added by V0
    writeFile(dir.filePath(QStringLiteral("kernel.py")), "a = 2\n");
    const auto c1 = repo->commit({QStringLiteral("memory"), QStringLiteral("kernel.py")}, QStringLiteral("V1: edit"));
    QVERIFY(c1);
    QCOMPARE(repo->commitAdding(QStringLiteral("memory/v0.json")), *c0);
    QCOMPARE(repo->commitAdding(QStringLiteral("memory/v1.json")), *c1);
    QCOMPARE(repo->commitAdding(QStringLiteral("memory/v2.json")), QString());
    const QString k = dir.filePath(QStringLiteral("kernel.py"));
    QCOMPARE(GitRepo::blobIdOfFile(k), repo->blobIdAt(*c1, QStringLiteral("kernel.py")));
    QVERIFY(GitRepo::blobIdOfFile(k) != repo->blobIdAt(*c0, QStringLiteral("kernel.py")));
    QCOMPARE(repo->blobIdAt(*c0, QStringLiteral("nope.py")), QString());
    QCOMPARE(GitRepo::blobIdOfFile(dir.filePath(QStringLiteral("missing"))), QString());
  }
};

QTEST_GUILESS_MAIN(TestVcs)
#include "tst_vcs.moc"
