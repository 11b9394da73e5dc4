// Remote targets against real servers on loopback (tests/remotefixtures.h): ssh:// through a real sshd
// (sync both ways, live output, cancel, a dropped connection, a host-key mismatch, one ControlMaster per
// run, a CPU dry-run baseline through kwb), the target registry, and slurm:// against a real
// slurmctld + slurmd. A server test skips only when its binaries are not installed.
#include "core/run/harnessrun.h"
#include "core/run/slurmtarget.h"
#include "core/run/sshtarget.h"
#include "core/run/target.h"

#include "remotefixtures.h"

#include <QCryptographicHash>
#include <nlohmann/json.hpp>
#include <QDirIterator>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>

using namespace kwb;
using namespace kwbtest;

namespace {

const QString kPython = QStringLiteral("/usr/bin/python3");

QString fakeHarness() { return QStringLiteral(KWB_TEST_DATA_DIR "/run/fake_harness.py"); }

QStringList sl(std::initializer_list<const char*> items) {
  QStringList out;
  for (const char* i : items) out << QString::fromUtf8(i);
  return out;
}

QString kwbPath() { return QStringLiteral(KWB_BINARY_DIR "/app/kwb"); }

// path → sha256 of every file under @p dir except the run folders (what "intact" means here).
QMap<QString, QByteArray> snapshot(const QString& dir) {
  QMap<QString, QByteArray> m;
  QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString path = it.next();
    const QString rel = QDir(dir).relativeFilePath(path);
    if (rel.startsWith(QLatin1String(".kwb/runs/")) || rel.startsWith(QLatin1String(".kwb/remote."))) continue;
    m.insert(rel, QCryptographicHash::hash(readFile(path), QCryptographicHash::Sha256));
  }
  return m;
}

struct RunWatch {
  QStringList started;
  std::optional<RunOutcome> outcome;
  void attach(HarnessRun& run) {
    QObject::connect(&run, &HarnessRun::caseStarted, &run, [this](const QString& n) { started << n; });
    QObject::connect(&run, &HarnessRun::finished, &run, [this](const RunOutcome& o) { outcome = o; });
  }
};

}  // namespace

class TestRemote : public QObject {
  Q_OBJECT

  SshServer m_ssh;
  QString m_sshSkip;  // why the ssh tests skip ("" = they run)
  SlurmCluster m_slurm;
  QString m_slurmSkip;
  QTemporaryDir m_tmp{QStringLiteral("/tmp/kwb-remote-XXXXXX")};
  int m_no = 0;

  // A local workspace holding the fake harness (it runs by relative name, as test_kernel.py does).
  QString makeWorkspace() {
    const QString ws = m_tmp.filePath(QStringLiteral("local/kernel_opt_fake%1").arg(++m_no));
    QDir().mkpath(ws + QStringLiteral("/.kwb"));
    QFile::copy(fakeHarness(), ws + QStringLiteral("/fake_harness.py"));
    writeFile(ws + QStringLiteral("/kernel.py"), "# the user's kernel\n");
    return ws;
  }

  HarnessRunConfig sshConfig(const QString& ws, const QStringList& knobs, const QString& spec = {}) {
    HarnessRunConfig c;
    QString err;
    std::unique_ptr<Target> t =
        makeTarget(spec.isEmpty() ? QStringLiteral("ssh://loop%1/remote").arg(m_tmp.path()) : spec, &err);
    c.target = std::shared_ptr<Target>(std::move(t));
    c.workdir = ws;
    c.program = c.target ? c.target->python() : QString();
    c.args = QStringList{QStringLiteral("fake_harness.py")} + knobs;
    c.caseTimeoutSec = 20;
    c.graceSec = 2;
    c.killGraceMs = 1000;
    c.runDir = ws + QStringLiteral("/.kwb/runs/r");
    return c;
  }

  QString remoteOf(const QString& ws) const {
    return m_tmp.path() + QStringLiteral("/remote/") + QFileInfo(ws).fileName();
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_tmp.isValid());
    m_sshSkip = SshServer::missingBinaries();
    m_slurmSkip = SlurmCluster::missingBinaries();
    if (m_slurmSkip.isEmpty()) {
      const QString why = m_slurm.start();
      QVERIFY2(why.isEmpty(), qPrintable(why));
      m_ssh.setEnv(QStringLiteral("SLURM_CONF=") + m_slurm.conf());  // ssh commands do not inherit it
    }
    if (m_sshSkip.isEmpty()) {
      const QString why = m_ssh.start();
      QVERIFY2(why.isEmpty(), qPrintable(why));  // installed but not starting is a failure, not a skip
      qputenv("KWB_SSH_CONFIG", m_ssh.config().toLocal8Bit());
    }
  }

  // ---- the registry and ssh:// addresses (no server) -----------------------------------------

  void registryListsEverySchemeOnce() {
    QStringList schemes;
    for (const TargetScheme& s : targetSchemes()) {
      QVERIFY2(!schemes.contains(s.scheme), qPrintable(s.scheme));
      schemes << s.scheme;
      QVERIFY(!s.syntax.isEmpty() && !s.help.isEmpty() && s.make && s.compose);
      QVERIFY(targetSchemesHelp(2).contains(s.syntax));
    }
    QCOMPARE(schemes, (QStringList{QStringLiteral("local"), QStringLiteral("command"), QStringLiteral("ssh"),
                                   QStringLiteral("slurm"), QStringLiteral("slurm+ssh")}));
    QString err;
    QVERIFY(!makeTarget(QStringLiteral("ftp://host"), &err));
    QVERIFY2(err.contains(QLatin1String("unknown target")) && err.contains(QLatin1String("ssh://")), qPrintable(err));
  }

  void sshAddresses_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("destination");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("python");
    QTest::addColumn<QString>("error");
    QTest::newRow("alias") << "ssh://gpu"
                           << "gpu" << 0 << ""
                           << "python3"
                           << "";
    QTest::newRow("user, port, absolute dir") << "ssh://me@h100.lab:2200/scratch/me/"
                                              << "me@h100.lab" << 2200 << "/scratch/me"
                                              << "python3"
                                              << "";
    QTest::newRow("home-relative dir, python") << "ssh://gpu/~/runs?python=/opt/py/bin/python"
                                               << "gpu" << 0 << "runs"
                                               << "/opt/py/bin/python"
                                               << "";
    QTest::newRow("no host") << "ssh://"
                             << "" << 0 << ""
                             << ""
                             << "expected [user@]host";
    QTest::newRow("bad port") << "ssh://gpu:0"
                              << "" << 0 << ""
                              << ""
                              << "bad port";
    QTest::newRow("unknown option") << "ssh://gpu?gres=gpu:1"
                                    << "" << 0 << ""
                                    << ""
                                    << "unknown option \"gres\"";
    QTest::newRow("not a URL") << "ssh:gpu"
                               << "" << 0 << ""
                               << ""
                               << "expected ssh://";
  }
  void sshAddresses() {
    QFETCH(QString, spec);
    QFETCH(QString, destination);
    QFETCH(int, port);
    QFETCH(QString, base);
    QFETCH(QString, python);
    QFETCH(QString, error);
    QString err;
    std::unique_ptr<Target> t = makeTarget(spec, &err);
    if (!error.isEmpty()) {
      QVERIFY(!t);
      QVERIFY2(err.contains(error), qPrintable(err));
      return;
    }
    QVERIFY2(t, qPrintable(err));
    auto* ssh = dynamic_cast<SshTarget*>(t.get());
    QVERIFY(ssh);
    QCOMPARE(ssh->connection().address().destination(), destination);
    QCOMPARE(ssh->connection().address().port, port);
    QCOMPARE(ssh->connection().address().remoteBase, base);
    QCOMPARE(ssh->python(), python);
    QCOMPARE(ssh->spec(), spec);
    QCOMPARE(remoteWorkspacePath(base, QStringLiteral("/w/kernel_opt_x/")),
             (base.isEmpty() ? QStringLiteral("kwb-workspaces") : base) + QStringLiteral("/kernel_opt_x"));
  }

  void sshComposeRoundTrips() {
    const TargetScheme* ssh = nullptr;
    for (const TargetScheme& s : targetSchemes())
      if (s.scheme == QLatin1String("ssh")) ssh = &s;
    QVERIFY(ssh);
    const QString spec = ssh->compose({{QStringLiteral("user"), QStringLiteral("me")},
                                       {QStringLiteral("host"), QStringLiteral("gpu")},
                                       {QStringLiteral("port"), QStringLiteral("2200")},
                                       {QStringLiteral("dir"), QStringLiteral("runs")},
                                       {QStringLiteral("python"), QStringLiteral("/opt/py")}});
    QCOMPARE(spec, QStringLiteral("ssh://me@gpu:2200/~/runs?python=/opt/py"));
    QString err;
    QVERIFY2(makeTarget(spec, &err), qPrintable(err));
  }

  void remoteCommandQuotesAndExportsOnlyChanges() {
    ProcessSpec cmd;
    cmd.program = QStringLiteral("python3");
    cmd.args = {QStringLiteral("test_kernel.py"), QStringLiteral("--cases"), QStringLiteral("it's")};
    cmd.env.insert(QStringLiteral("TEST_TIMEOUT_SEC"), QStringLiteral("30"));
    const QString c = remoteRunCommand(QStringLiteral("dir with space/ws"), cmd);
    QVERIFY2(c.startsWith(QLatin1String("cd 'dir with space/ws' && ")), qPrintable(c));
    QVERIFY2(c.contains(QLatin1String("env TEST_TIMEOUT_SEC=30 setsid -w sh -c")), qPrintable(c));
    QVERIFY2(c.endsWith(QLatin1String("python3 test_kernel.py --cases 'it'\\''s'")), qPrintable(c));
    QVERIFY2(!c.contains(QLatin1String("PATH=")), qPrintable(c));  // the host's own environment stays
  }

  // ---- ssh:// against a real sshd ------------------------------------------------------------

  void sshRunSyncsBothWays_data() {
    QTest::addColumn<bool>("tar");
    QTest::addColumn<QString>("host");
    QTest::newRow("rsync") << false << "loop";
    QTest::newRow("tar over ssh") << true << "loop";
    QTest::newRow("through a ProxyJump alias") << false << "viajump";
  }
  void sshRunSyncsBothWays() {
    if (!m_sshSkip.isEmpty()) QSKIP(qPrintable(m_sshSkip));
    QFETCH(bool, tar);
    QFETCH(QString, host);
    qputenv("KWB_SSH_NO_RSYNC", tar ? "1" : "0");
    const QString ws = makeWorkspace();
    const auto before = snapshot(ws);
    HarnessRunConfig c =
        sshConfig(ws, {QStringLiteral("--print-env")}, QStringLiteral("ssh://%1%2/remote").arg(host, m_tmp.path()));
    QVERIFY(c.target);
    // The harness writes a file on the host: it must come back.
    c.program = QStringLiteral("sh");
    c.args = QStringList{QStringLiteral("-c"), QStringLiteral("echo made-remotely > made.txt; exec python3 \"$@\""),
                         QStringLiteral("sh")} +
             c.args;
    const int loginsBefore = m_ssh.logins();
    QList<QPair<QString, int>> lines;
    const RunOutcome o = runHarnessBlocking(c, [&](const QString& l, int ch) { lines.append({l, ch}); });
    qunsetenv("KWB_SSH_NO_RSYNC");
    QVERIFY2(o.ok, qPrintable(o.error + QStringLiteral(" | ") + o.harnessErrors.join(u'|')));
    QCOMPARE(o.cases.size(), 3);
    QCOMPARE(o.result->status, QStringLiteral("PASS"));
    // Live output came through, with the variables HarnessRun sets exported on the host.
    QVERIFY2(lines.contains({QStringLiteral("[test_kernel] env PYTHONUNBUFFERED=1 TEST_TIMEOUT_SEC=20 FOO=None"),
                             int(StdoutChannel)}),
             readFile(o.logPath).constData());
    // One login for the whole run (ControlMaster; two through the jump host), and the master is gone afterwards.
    QTRY_COMPARE_WITH_TIMEOUT(m_ssh.logins(), loginsBefore + (host == QLatin1String("viajump") ? 2 : 1), 5000);
    QCOMPARE(dynamic_cast<SshTarget*>(c.target.get())->connection().isOpen(), false);
    // Both sides: the remote copy has the workspace; the local one gained made.txt and kept the rest.
    const QString remote = remoteOf(ws);
    QCOMPARE(readFile(remote + QStringLiteral("/kernel.py")), QByteArray("# the user's kernel\n"));
    QVERIFY(!QFileInfo::exists(remote + QStringLiteral("/.kwb/runs")));
    QCOMPARE(readFile(ws + QStringLiteral("/made.txt")), QByteArray("made-remotely\n"));
    auto after = snapshot(ws);
    after.remove(QStringLiteral("made.txt"));
    QCOMPARE(after, before);
    QVERIFY(!QFileInfo::exists(remote + QStringLiteral("/.kwb/remote.pid")));
    QVERIFY(QString::fromUtf8(readFile(o.logPath)).contains(QStringLiteral("preparing target ssh: ") + host));
  }

  void sshCancelLeavesNoRemoteProcess() {
    if (!m_sshSkip.isEmpty()) QSKIP(qPrintable(m_sshSkip));
    const QString ws = makeWorkspace();
    const QString pidFile = m_tmp.filePath(QStringLiteral("hang.pid"));
    HarnessRunConfig c =
        sshConfig(ws, {QStringLiteral("--hang"), QStringLiteral("medium"), QStringLiteral("--pidfile"), pidFile});
    HarnessRun run(c);
    RunWatch w;
    w.attach(run);
    run.start();
    QTRY_VERIFY_WITH_TIMEOUT(w.started.contains(QStringLiteral("medium")) && !readFile(pidFile).trimmed().isEmpty(),
                             15000);
    const qint64 hung = readFile(pidFile).trimmed().toLongLong();
    const qint64 remoteGroup = readFile(remoteOf(ws) + QStringLiteral("/.kwb/remote.pid")).trimmed().toLongLong();
    QVERIFY(pidAlive(hung) && remoteGroup > 1);
    run.cancel();
    QTRY_VERIFY_WITH_TIMEOUT(w.outcome.has_value(), 15000);
    QVERIFY(w.outcome->cancelled);
    QVERIFY2(w.outcome->error.startsWith(QLatin1String("stopped by the user")), qPrintable(w.outcome->error));
    // The sshd side is this machine: the whole remote tree is gone, the grandchild included.
    QTRY_VERIFY_WITH_TIMEOUT(!pidAlive(hung) && !pidAlive(remoteGroup), 5000);
    QVERIFY(!dynamic_cast<SshTarget*>(c.target.get())->connection().isOpen());
  }

  void sshDroppedConnectionIsNamed() {
    if (!m_sshSkip.isEmpty()) QSKIP(qPrintable(m_sshSkip));
    const QString ws = makeWorkspace();
    const auto before = snapshot(ws);
    const QString pidFile = m_tmp.filePath(QStringLiteral("drop.pid"));
    HarnessRunConfig c =
        sshConfig(ws, {QStringLiteral("--hang"), QStringLiteral("medium"), QStringLiteral("--pidfile"), pidFile});
    HarnessRun run(c);
    RunWatch w;
    w.attach(run);
    run.start();
    QTRY_VERIFY_WITH_TIMEOUT(w.started.contains(QStringLiteral("medium")) && !readFile(pidFile).trimmed().isEmpty(),
                             15000);
    m_ssh.dropConnections();
    QTRY_VERIFY_WITH_TIMEOUT(w.outcome.has_value(), 15000);
    const RunOutcome& o = *w.outcome;
    QVERIFY(!o.ok && !o.cancelled);
    QVERIFY2(o.error.contains(QLatin1String("ssh connection to loop")) && o.error.contains(QLatin1String("lost")),
             qPrintable(o.error));
    // The master is gone; the copy back may reconnect (the host is up) or say why not: either way
    // nothing local was overwritten.
    QCOMPARE(snapshot(ws), before);
    QCOMPARE(readFile(remoteOf(ws) + QStringLiteral("/kernel.py")), QByteArray("# the user's kernel\n"));
    // The harness the dropped connection orphaned on the host was ended when the run collected.
    const qint64 hung = readFile(pidFile).trimmed().toLongLong();
    QTRY_VERIFY_WITH_TIMEOUT(!pidAlive(hung), 5000);
    QVERIFY(!QFileInfo::exists(remoteOf(ws) + QStringLiteral("/.kwb/remote.pid")));
  }

  void sshHostKeyMismatchIsNamed() {
    if (!m_sshSkip.isEmpty()) QSKIP(qPrintable(m_sshSkip));
    const QByteArray good = readFile(m_ssh.knownHosts());
    QVERIFY(m_ssh.breakHostKey());
    const QString ws = makeWorkspace();
    const auto before = snapshot(ws);
    const RunOutcome o = runHarnessBlocking(sshConfig(ws, {}), {});
    writeFile(m_ssh.knownHosts(), good);
    QVERIFY(!o.ok);
    QVERIFY2(o.error.contains(QLatin1String("host key does not match known_hosts")), qPrintable(o.error));
    QVERIFY2(o.error.contains(QLatin1String("Host key verification failed")), qPrintable(o.error));
    QVERIFY(o.segments.isEmpty());  // nothing ran
    QVERIFY(!QFileInfo::exists(remoteOf(ws)));
    QCOMPARE(snapshot(ws), before);
  }

  void sshBaselineDryRun() {
    if (!m_sshSkip.isEmpty()) QSKIP(qPrintable(m_sshSkip));
    QVERIFY(QFile::exists(kwbPath()));
    const QString ws = m_tmp.filePath(QStringLiteral("local/kernel_opt_19_ReLU"));
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(kwbPath(), {QStringLiteral("baseline"), QStringLiteral(KWB_SOURCE_DIR "/examples/19_ReLU.py"),
                        QStringLiteral("--gpu"), QStringLiteral("H200"), QStringLiteral("--framework"),
                        QStringLiteral("triton"), QStringLiteral("--cpu-dry-run"), QStringLiteral("--workspace"), ws,
                        QStringLiteral("--python"), kPython, QStringLiteral("--target"),
                        QStringLiteral("ssh://loop%1/remote?python=/usr/bin/python3").arg(m_tmp.path())});
    QVERIFY(p.waitForFinished(240000));
    const QString text = QString::fromUtf8(p.readAll());
    QVERIFY2(p.exitCode() == 0, qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("on target ssh: loop")), qPrintable(text));
    // the far side's cases, live, as kwb's short lines (the raw protocol stays in the run's output.log)
    // (a dry run's case says what ran, not a PASS with the reference's rel_err against itself: report8)
    QVERIFY2(text.contains(QStringLiteral("✓ ran  problem_shape")), qPrintable(text));
    const QString remote = remoteOf(ws);
    QCOMPARE(readFile(remote + QStringLiteral("/test_kernel.py")), readFile(ws + QStringLiteral("/test_kernel.py")));
    QVERIFY(!QFileInfo::exists(remote + QStringLiteral("/.git")));
    QVERIFY(QFileInfo::exists(ws + QStringLiteral("/baseline_report.md")));
    QVERIFY(QFileInfo::exists(ws + QStringLiteral("/memory/v0.json")));
    QVERIFY(QFileInfo::exists(ws + QStringLiteral("/.git")));
  }

  // Two problems at once over one host, then again: the second run resumes and runs nothing.
  void sshSuiteResumes() {
    if (!m_sshSkip.isEmpty()) QSKIP(qPrintable(m_sshSkip));
    const QString problems = m_tmp.filePath(QStringLiteral("ssh-problems"));
    QDir().mkpath(problems);
    for (const char* n : {"/relu_a.py", "/relu_b.py"})
      QVERIFY(QFile::copy(QStringLiteral(KWB_SOURCE_DIR "/examples/19_ReLU.py"), problems + QLatin1String(n)));
    const QString out = m_tmp.filePath(QStringLiteral("ssh-suite"));
    const QStringList args{QStringLiteral("suite"),
                           problems,
                           QStringLiteral("--gpu"),
                           QStringLiteral("H200"),
                           QStringLiteral("--framework"),
                           QStringLiteral("triton"),
                           QStringLiteral("--cpu-dry-run"),
                           QStringLiteral("--python"),
                           kPython,
                           QStringLiteral("--jobs"),
                           QStringLiteral("2"),
                           QStringLiteral("--out"),
                           out,
                           QStringLiteral("--target"),
                           QStringLiteral("ssh://loop%1/ssh-suite-remote?python=/usr/bin/python3").arg(m_tmp.path())};
    for (int round = 0; round < 2; ++round) {
      QProcess p;
      p.setProcessChannelMode(QProcess::MergedChannels);
      p.start(kwbPath(), args);
      QVERIFY(p.waitForFinished(240000));
      const QString text = QString::fromUtf8(p.readAll());
      QVERIFY2(p.exitCode() == 0, qPrintable(text));
      const auto doc = nlohmann::json::parse(readFile(out + QStringLiteral("/suite.json")).toStdString());
      QCOMPARE(doc.at("counts").at("dry_run").get<int>(), 2);
      QCOMPARE(doc.at("counts").at("resumed").get<int>(), round == 0 ? 0 : 2);
      QCOMPARE(doc.at("target").get<std::string>(), args.constLast().toStdString());
      if (round == 1) QVERIFY2(!text.contains(QLatin1String("[phase")), qPrintable(text));
    }
    for (const char* n : {"/kernel_opt_relu_a/test_kernel.py", "/kernel_opt_relu_b/test_kernel.py"})
      QVERIFY(QFile::exists(m_tmp.path() + QStringLiteral("/ssh-suite-remote") + QLatin1String(n)));
  }

  // New-user trial 10, #11: an unreachable ssh target was recorded as a quality-gate FAIL of the kernel (a report, a
  // memory record, exit 1). Nothing was measured: exit 2 as for a bad `command:` target, no record, and the reason.
  void sshUnreachableMeasuresNothing() {
    const QString ws = makeWorkspace();
    HarnessRunConfig c = sshConfig(ws, {}, QStringLiteral("ssh://nobody@127.0.0.1:1/tmp"));
    QVERIFY(c.target);
    c.program = kPython;
    const RunOutcome o = runHarnessBlocking(c, {});
    QVERIFY(!o.ok);
    QVERIFY(o.segments.isEmpty());
    QVERIFY2(!o.targetError.isEmpty() && o.targetError == o.error, qPrintable(o.error));
    QVERIFY2(o.targetError.contains(QLatin1String("127.0.0.1")), qPrintable(o.targetError));

    QVERIFY(QFile::exists(kwbPath()));
    const QString kws = m_tmp.filePath(QStringLiteral("local/kernel_opt_unreachable"));
    QProcess p;
    p.start(kwbPath(), {QStringLiteral("baseline"), QStringLiteral(KWB_SOURCE_DIR "/examples/19_ReLU.py"),
                        QStringLiteral("--gpu"), QStringLiteral("H200"), QStringLiteral("--framework"),
                        QStringLiteral("triton"), QStringLiteral("--workspace"), kws, QStringLiteral("--python"),
                        kPython, QStringLiteral("--target"), QStringLiteral("ssh://nobody@127.0.0.1:1/tmp")});
    QVERIFY(p.waitForFinished(240000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(p.exitCode() == 2, qPrintable(out + err));
    QVERIFY2(err.contains(QLatin1String("kwb: [phase 4] nothing was measured: ")) &&
                 err.contains(QLatin1String("No record was written")),
             qPrintable(err));
    QVERIFY2(!out.contains(QLatin1String("quality gate")) && !err.contains(QLatin1String("quality gate")),
             qPrintable(out + err));
    for (const char* f : {"/baseline_report.md", "/memory/v0.json", "/.git"})
      QVERIFY2(!QFileInfo::exists(kws + QLatin1String(f)), f);
    QVERIFY(QFileInfo::exists(kws + QStringLiteral("/kernel.py")));  // phases 1-3 are kept; a rerun needs --force
  }

  // The same for a Slurm target whose sbatch refuses the job (trial 10: `slurm://gpu` without a cluster).
  void slurmRefusedJobMeasuresNothing() {
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    writeFile(bin.filePath(QStringLiteral("sbatch")),
              "#!/bin/sh\necho 'sbatch: error: resolve_ctls_from_dns_srv: res_nsearch error' >&2\nexit 1\n");
    for (const char* tool : {"scontrol", "scancel"})
      writeFile(bin.filePath(QLatin1String(tool)), "#!/bin/sh\nexit 1\n");
    for (const char* tool : {"sbatch", "scontrol", "scancel"})
      QVERIFY(QFile::setPermissions(bin.filePath(QLatin1String(tool)), QFile::ReadOwner | QFile::ExeOwner));
    const QByteArray path = qgetenv("PATH");
    qputenv("PATH", bin.path().toLocal8Bit() + ':' + path);
    const auto restore = qScopeGuard([&] { qputenv("PATH", path); });
    const QString ws = makeWorkspace();
    HarnessRunConfig c = sshConfig(ws, {}, QStringLiteral("slurm://gpu"));
    QVERIFY(c.target);
    c.program = kPython;
    const RunOutcome o = runHarnessBlocking(c, {});
    QVERIFY(!o.ok);
    QVERIFY2(o.targetError.startsWith(QLatin1String("Slurm did not accept the job: kwb: sbatch refused the job: "
                                                    "sbatch: error: resolve_ctls_from_dns_srv")),
             qPrintable(o.error));
    QVERIFY(o.cases.isEmpty());

    const QString kws = m_tmp.filePath(QStringLiteral("local/kernel_opt_slurm_refused"));
    QProcess p;
    p.start(kwbPath(), {QStringLiteral("baseline"), QStringLiteral(KWB_SOURCE_DIR "/examples/19_ReLU.py"),
                        QStringLiteral("--gpu"), QStringLiteral("H200"), QStringLiteral("--framework"),
                        QStringLiteral("triton"), QStringLiteral("--workspace"), kws, QStringLiteral("--python"),
                        kPython, QStringLiteral("--target"), QStringLiteral("slurm://gpu")});
    QVERIFY(p.waitForFinished(240000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(p.exitCode() == 2, qPrintable(err + QString::fromUtf8(p.readAllStandardOutput())));
    QVERIFY2(err.contains(QLatin1String("nothing was measured: Slurm did not accept the job")), qPrintable(err));
    QVERIFY(!QFileInfo::exists(kws + QStringLiteral("/memory/v0.json")));
  }

  // ---- slurm:// and slurm+ssh:// ---------------------------------------------------------------

  // sbatch's own reason reaches the last stderr line (the one the gate shows), not only output.log.
  void slurmRefusalNamesSbatchReason() {
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    writeFile(bin.filePath(QStringLiteral("sbatch")),
              "#!/bin/sh\necho 'sbatch: error: resolve_ctls_from_dns_srv: res_nsearch error' >&2\n"
              "echo 'sbatch: fatal: Could not establish a configuration source' >&2\nexit 1\n");
    QVERIFY(QFile::setPermissions(bin.filePath(QStringLiteral("sbatch")), QFile::ReadOwner | QFile::ExeOwner));
    QTemporaryDir ws;
    QVERIFY(ws.isValid());
    QProcess p;
    p.setWorkingDirectory(ws.path());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"), bin.path() + u':' + env.value(QStringLiteral("PATH")));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), slurmMonitorScript(), QStringLiteral("kwb-slurm"),
                                        QString(), QStringLiteral("true"), QStringLiteral("--time=00:05:00")});
    QVERIFY(p.waitForFinished(20000));
    QCOMPARE(p.exitCode(), 2);
    const QStringList err = QString::fromLocal8Bit(p.readAllStandardError()).trimmed().split(u'\n');
    QCOMPARE(err.last(),
             QStringLiteral("kwb: sbatch refused the job: sbatch: error: resolve_ctls_from_dns_srv: res_nsearch error "
                            "sbatch: fatal: Could not establish a configuration source (options: --time=00:05:00)"));
  }

  void slurmAddresses_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QStringList>("sbatch");
    QTest::addColumn<QString>("login");
    QTest::addColumn<QString>("error");
    QTest::newRow("default partition") << "slurm://" << QStringList{} << ""
                                       << "";
    QTest::newRow("partition and options")
        << "slurm://gpu?gres=gpu:1&time=00:10:00&account=proj"
        << sl({"--partition=gpu", "--gres=gpu:1", "--time=00:10:00", "--account=proj"}) << ""
        << "";
    QTest::newRow("flag option") << "slurm://?exclusive" << sl({"--exclusive"}) << ""
                                 << "";
    QTest::newRow("through a login node") << "slurm+ssh://me@login:2200/gpu?gres=gpu:1&dir=/scratch/me&python=/opt/py"
                                          << sl({"--partition=gpu", "--gres=gpu:1"}) << "me@login"
                                          << "";
    QTest::newRow("login node, default partition") << "slurm+ssh://login" << QStringList{} << "login"
                                                   << "";
    QTest::newRow("kwb's own option") << "slurm://gpu?output=x.log" << QStringList{} << ""
                                      << "kwb sets --output itself";
    QTest::newRow("bad option name") << "slurm://gpu?Gres=1" << QStringList{} << ""
                                     << "not an sbatch option name";
    QTest::newRow("bad partition") << "slurm://a b" << QStringList{} << ""
                                   << "not a partition name";
    QTest::newRow("dir without ssh") << "slurm://gpu?dir=/x" << QStringList{} << ""
                                     << "dir= is for slurm+ssh";
    QTest::newRow("no login host") << "slurm+ssh:///gpu" << QStringList{} << ""
                                   << "expected [user@]host";
  }
  void slurmAddresses() {
    QFETCH(QString, spec);
    QFETCH(QStringList, sbatch);
    QFETCH(QString, login);
    QFETCH(QString, error);
    QString err;
    std::unique_ptr<Target> t = makeTarget(spec, &err);
    if (!error.isEmpty()) {
      QVERIFY(!t);
      QVERIFY2(err.contains(error), qPrintable(err));
      return;
    }
    QVERIFY2(t, qPrintable(err));
    auto* slurm = dynamic_cast<SlurmTarget*>(t.get());
    QVERIFY(slurm);
    QCOMPARE(slurm->sbatchArgs(), sbatch);
    QVERIFY2(login.isEmpty() ? !slurm->name().contains(QLatin1String(" via "))
                             : slurm->name().endsWith(QStringLiteral(" via ") + login),
             qPrintable(slurm->name()));
  }

  void slurmRunReadsBackExitCode_data() {
    QTest::addColumn<QStringList>("knobs");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<bool>("ok");
    QTest::newRow("all pass") << sl({"--print-env"}) << 0 << true;
    QTest::newRow("harness exits 2 without a result") << sl({"--no-result", "--exit", "2"}) << 2 << false;
  }
  void slurmRunReadsBackExitCode() {
    if (!m_slurmSkip.isEmpty()) QSKIP(qPrintable(m_slurmSkip));
    QFETCH(QStringList, knobs);
    QFETCH(int, exitCode);
    QFETCH(bool, ok);
    const QString ws = makeWorkspace();
    HarnessRunConfig c = sshConfig(ws, knobs, QStringLiteral("slurm://debug?time=00:05:00"));
    QVERIFY(c.target);
    c.program = kPython;
    QList<QPair<QString, int>> lines;
    const RunOutcome o = runHarnessBlocking(c, [&](const QString& l, int ch) { lines.append({l, ch}); });
    QCOMPARE(o.ok, ok);
    QCOMPARE(o.exitCode, exitCode);
    const QByteArray log = readFile(o.logPath);
    QVERIFY2(
        log.contains("[kwb] Slurm job ") && log.contains(ok ? ": COMPLETED, exit code 0:0" : ": FAILED, exit code 2:0"),
        log.constData());
    if (ok) {
      QCOMPARE(o.cases.size(), 3);
      // sbatch exported the variables HarnessRun set to the job.
      QVERIFY(lines.contains(
          {QStringLiteral("[test_kernel] env PYTHONUNBUFFERED=1 TEST_TIMEOUT_SEC=20 FOO=None"), int(StdoutChannel)}));
    }
    const QString job = QString::fromLatin1(readFile(ws + QStringLiteral("/.kwb/slurm/jobid")).trimmed());
    QVERIFY2(SlurmCluster::jobInfo(job).contains(ok ? QLatin1String("JobState=COMPLETED")
                                                    : QLatin1String("JobState=FAILED")),
             qPrintable(SlurmCluster::jobInfo(job)));
  }

  void slurmCancelIsScancel_data() {
    QTest::addColumn<bool>("viaSsh");
    QTest::newRow("slurm://") << false;
    QTest::newRow("slurm+ssh://") << true;
  }
  void slurmCancelIsScancel() {
    if (!m_slurmSkip.isEmpty()) QSKIP(qPrintable(m_slurmSkip));
    QFETCH(bool, viaSsh);
    if (viaSsh && !m_sshSkip.isEmpty()) QSKIP(qPrintable(m_sshSkip));
    const QString ws = makeWorkspace();
    const QString pidFile = m_tmp.filePath(QStringLiteral("slurm-hang%1.pid").arg(m_no));
    HarnessRunConfig c = sshConfig(
        ws, {QStringLiteral("--hang"), QStringLiteral("medium"), QStringLiteral("--pidfile"), pidFile},
        viaSsh ? QStringLiteral("slurm+ssh://loop/debug?dir=%1/slurm-remote&python=/usr/bin/python3").arg(m_tmp.path())
               : QStringLiteral("slurm://debug"));
    QVERIFY(c.target);
    if (!viaSsh) c.program = kPython;
    HarnessRun run(c);
    RunWatch w;
    w.attach(run);
    run.start();
    QTRY_VERIFY_WITH_TIMEOUT(w.started.contains(QStringLiteral("medium")) && !readFile(pidFile).trimmed().isEmpty(),
                             20000);
    const qint64 hung = readFile(pidFile).trimmed().toLongLong();
    const QString jobDir = viaSsh ? m_tmp.filePath(QStringLiteral("slurm-remote/")) + QFileInfo(ws).fileName() : ws;
    const QString job = QString::fromLatin1(readFile(jobDir + QStringLiteral("/.kwb/slurm/jobid")).trimmed());
    QVERIFY(!job.isEmpty());
    QVERIFY(SlurmCluster::jobInfo(job).contains(QLatin1String("JobState=RUNNING")));
    run.cancel();
    QTRY_VERIFY_WITH_TIMEOUT(w.outcome.has_value(), 20000);
    QVERIFY(w.outcome->cancelled);
    QTRY_VERIFY_WITH_TIMEOUT(SlurmCluster::jobInfo(job).contains(QLatin1String("JobState=CANCELLED")), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!pidAlive(hung), 10000);  // slurmd ended the job's whole tree
    if (viaSsh) {
      const qint64 monitor = readFile(jobDir + QStringLiteral("/.kwb/remote.pid")).trimmed().toLongLong();
      QVERIFY(monitor <= 1 || !pidAlive(monitor));
    }
  }

  // A hung case on the far side: the watchdog kills it there, records TIMEOUT_FAIL, and the rest of
  // the cases run in a new process (over the same ssh master; in a new Slurm job).
  void watchdogResumesOnTheFarSide_data() {
    QTest::addColumn<QString>("scheme");
    QTest::newRow("ssh") << "ssh";
    QTest::newRow("slurm") << "slurm";
  }
  void watchdogResumesOnTheFarSide() {
    QFETCH(QString, scheme);
    const QString skip = scheme == QLatin1String("ssh") ? m_sshSkip : m_slurmSkip;
    if (!skip.isEmpty()) QSKIP(qPrintable(skip));
    const QString ws = makeWorkspace();
    const QString pidFile = m_tmp.filePath(QStringLiteral("wd-%1.pid").arg(scheme));
    HarnessRunConfig c =
        sshConfig(ws, {QStringLiteral("--hang"), QStringLiteral("medium"), QStringLiteral("--pidfile"), pidFile},
                  scheme == QLatin1String("ssh") ? QString() : QStringLiteral("slurm://debug"));
    if (scheme == QLatin1String("slurm")) c.program = kPython;
    c.caseTimeoutSec = 1;
    c.graceSec = 1;
    const int loginsBefore = m_ssh.logins();
    const RunOutcome o = runHarnessBlocking(c, {});
    QVERIFY2(o.ok, qPrintable(o.error));
    QStringList statuses;
    for (const CaseResult& r : o.cases) statuses << r.name + u'=' + r.status;
    QCOMPARE(statuses, sl({"small=PASS", "medium=TIMEOUT_FAIL", "large=PASS"}));
    QCOMPARE(o.segments.size(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(!pidAlive(readFile(pidFile).trimmed().toLongLong()), 10000);
    const QByteArray log = readFile(o.logPath);
    if (scheme == QLatin1String("ssh"))
      QCOMPARE(m_ssh.logins(), loginsBefore + 1);  // the resume reused the master
    else
      verifyTwoSlurmJobs(log);
  }

  // Two jobs: the first cancelled by the watchdog, the second (the resumed cases) completed. How the
  // first one's end is logged depends on timing and is not checked: scancel is synchronous in
  // signalFarSide, so the monitor may see CANCELLED before its SIGTERM ("…: CANCELLED, exit code"), log
  // its trap ("…: scancel"), both, or neither when SIGKILL follows the grace period on a loaded machine.
  static void verifyTwoSlurmJobs(const QByteArray& log) {
    QStringList kwbLines;
    for (const QByteArray& line : log.split('\n'))
      if (line.contains("[kwb] Slurm job ")) kwbLines << QString::fromUtf8(line);
    const QString shown = kwbLines.join(u'\n');
    static const QRegularExpression submitted(QStringLiteral("\\[kwb\\] Slurm job (\\d+) submitted"));
    QStringList ids;
    for (auto it = submitted.globalMatch(shown); it.hasNext();) ids << it.next().captured(1);
    QVERIFY2(ids.size() == 2 && ids[0] != ids[1], qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("[kwb] Slurm job %1: COMPLETED, exit code 0:0").arg(ids[1])),
             qPrintable(shown));
  }

  // The array a suite submits: held until released, each task in its own workspace with the exported
  // variables, and one scancel of the array ends every task.
  void slurmArrayHoldReleaseCancel() {
    if (!m_slurmSkip.isEmpty()) QSKIP(qPrintable(m_slurmSkip));
    const QStringList workspaces{makeWorkspace(), makeWorkspace()};
    ProcessSpec cmd;
    cmd.program = QStringLiteral("sh");
    cmd.args = {QStringLiteral("-c"), QStringLiteral("echo $$ > task.pid; echo \"task FOO=$FOO\"; exec sleep 100")};
    cmd.env.insert(QStringLiteral("FOO"), QStringLiteral("it's"));
    cmd.exportNames = {QStringLiteral("FOO")};
    QString err;
    std::unique_ptr<Target> t = makeTarget(QStringLiteral("slurm://debug"), &err);
    auto* slurm = dynamic_cast<SlurmTarget*>(t.get());
    QVERIFY(slurm);
    const QString id = slurm->submitArray(workspaces, cmd, 2, m_tmp.filePath(QStringLiteral("array-scratch")), &err);
    QVERIFY2(!id.isEmpty(), qPrintable(err));
    QVERIFY2(SlurmCluster::jobInfo(id + QStringLiteral("_0")).contains(QLatin1String("JobState=PENDING")),
             qPrintable(SlurmCluster::jobInfo(id + QStringLiteral("_0"))));
    QThread::msleep(500);
    QVERIFY(!QFileInfo::exists(workspaces.at(0) + QStringLiteral("/task.pid")));  // held
    QVERIFY2(slurm->releaseJob(id).isEmpty(), "scontrol release failed");
    for (const QString& ws : workspaces)
      QTRY_VERIFY_WITH_TIMEOUT(readFile(ws + QStringLiteral("/.kwb/slurm/job.out")).contains("task FOO=it's"), 15000);
    QList<qint64> pids;
    for (const QString& ws : workspaces) {
      pids << readFile(ws + QStringLiteral("/task.pid")).trimmed().toLongLong();
      QVERIFY(pidAlive(pids.last()));
    }
    slurm->cancelJob(id);
    for (int k = 0; k < 2; ++k)
      QTRY_VERIFY_WITH_TIMEOUT(
          SlurmCluster::jobInfo(QStringLiteral("%1_%2").arg(id).arg(k)).contains(QLatin1String("JobState=CANCELLED")),
          10000);
    for (qint64 pid : pids) QTRY_VERIFY_WITH_TIMEOUT(!pidAlive(pid), 10000);
  }

  // A suite on Slurm is one job array: phases 1-3 here, the harnesses as array tasks.
  void slurmSuiteIsOneJobArray_data() {
    QTest::addColumn<bool>("viaSsh");
    QTest::newRow("slurm://") << false;
    QTest::newRow("slurm+ssh://") << true;
  }
  void slurmSuiteIsOneJobArray() {
    if (!m_slurmSkip.isEmpty()) QSKIP(qPrintable(m_slurmSkip));
    QFETCH(bool, viaSsh);
    if (viaSsh && !m_sshSkip.isEmpty()) QSKIP(qPrintable(m_sshSkip));
    const QString tag = viaSsh ? QStringLiteral("slurmssh") : QStringLiteral("slurm");
    const QString problems = m_tmp.filePath(tag + QStringLiteral("-problems"));
    QDir().mkpath(problems);
    for (const char* n : {"/relu_a.py", "/relu_b.py", "/relu_c.py"})
      QVERIFY(QFile::copy(QStringLiteral(KWB_SOURCE_DIR "/examples/19_ReLU.py"), problems + QLatin1String(n)));
    const QString out = m_tmp.filePath(tag + QStringLiteral("-suite"));
    const QString target =
        viaSsh
            ? QStringLiteral("slurm+ssh://loop/debug?dir=%1/%2-remote&python=/usr/bin/python3").arg(m_tmp.path(), tag)
            : QStringLiteral("slurm://debug?time=00:05:00");
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(kwbPath(), {QStringLiteral("suite"), problems, QStringLiteral("--gpu"), QStringLiteral("H200"),
                        QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--cpu-dry-run"),
                        QStringLiteral("--python"), kPython, QStringLiteral("--jobs"), QStringLiteral("2"),
                        QStringLiteral("--out"), out, QStringLiteral("--target"), target});
    QVERIFY(p.waitForFinished(240000));
    const QString text = QString::fromUtf8(p.readAll());
    QVERIFY2(p.exitCode() == 0, qPrintable(text));
    const QRegularExpression array(QStringLiteral("Slurm job array (\\d+): 3 task\\(s\\), at most 2 at once"));
    const QRegularExpressionMatch m = array.match(text);
    QVERIFY2(m.hasMatch(), qPrintable(text));
    for (int k = 0; k < 3; ++k)
      QVERIFY2(text.contains(QStringLiteral("following Slurm job %1_%2").arg(m.captured(1)).arg(k)), qPrintable(text));
    QVERIFY2(SlurmCluster::jobInfo(m.captured(1) + QStringLiteral("_2")).contains(QLatin1String("JobState=COMPLETED")),
             qPrintable(SlurmCluster::jobInfo(m.captured(1) + QStringLiteral("_2"))));
    const auto doc = nlohmann::json::parse(readFile(out + QStringLiteral("/suite.json")).toStdString());
    QCOMPARE(doc.at("counts").at("dry_run").get<int>(), 3);
    QVERIFY(QFile::exists(out + QStringLiteral("/kernel_opt_relu_c/memory/v0.json")));
  }
};

QTEST_GUILESS_MAIN(TestRemote)
#include "tst_remote.moc"
