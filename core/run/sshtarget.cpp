#include "core/run/sshtarget.h"

#include "core/run/targetschemes_p.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QUrl>
#include <QUrlQuery>

#include <csignal>

namespace kwb {

namespace {

constexpr int kConnectMs = 30000;  // the master's login (ssh's ConnectTimeout may be longer: this bounds it)
constexpr int kCommandMs = 30000;  // one short command over the master
constexpr int kCopyMs = 600000;    // a workspace copy

QString firstLine(const QByteArray& text) {
  const QStringList lines = QString::fromLocal8Bit(text).split(u'\n', Qt::SkipEmptyParts);
  // ssh prints its verdict last ("Host key verification failed.", "Connection refused").
  return lines.isEmpty() ? QString() : lines.constLast().trimmed();
}

const QString kPidFile = QStringLiteral(".kwb/remote.pid");
const QString kSyncedMark = QStringLiteral(".kwb/remote.synced");

}  // namespace

CommandResult runCommand(const QString& program, const QStringList& args, int timeoutMs, const QByteArray& input) {
  CommandResult r;
  QProcess p;
  p.start(program, args);
  if (!p.waitForStarted(10000)) {
    r.error = QStringLiteral("could not start %1: %2").arg(program, p.errorString());
    return r;
  }
  r.started = true;
  if (!input.isEmpty()) p.write(input);
  p.closeWriteChannel();
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished(2000);
    r.timedOut = true;
    r.error = QStringLiteral("%1 did not finish within %2 s").arg(program).arg(timeoutMs / 1000);
  }
  r.out = p.readAllStandardOutput();
  r.err = p.readAllStandardError();
  if (!r.timedOut && p.exitStatus() == QProcess::NormalExit) r.exitCode = p.exitCode();
  return r;
}

QString SshAddress::destination() const { return user.isEmpty() ? host : user + u'@' + host; }

std::optional<SshAddress> parseSshAddress(const QString& spec, QString* error, QMap<QString, QString>* query) {
  const QUrl url(spec, QUrl::StrictMode);
  if (!url.isValid() || url.host().isEmpty()) {
    *error = QStringLiteral("target \"%1\": expected [user@]host[:port][/remote-dir] after \"%2://\"")
                 .arg(spec, spec.section(u':', 0, 0));
    return std::nullopt;
  }
  SshAddress a;
  a.user = url.userName();
  a.host = url.host();
  a.port = url.port(0);
  if (url.port() == 0 || url.port() > 65535) {
    *error = QStringLiteral("target \"%1\": bad port").arg(spec);
    return std::nullopt;
  }
  QString path = url.path();
  if (path == QLatin1String("/~") || path.startsWith(QLatin1String("/~/")))
    path = path.mid(3);  // home-relative: the remote shell starts in the home folder
  else if (path == QLatin1String("/"))
    path.clear();
  while (path.size() > 1 && path.endsWith(u'/')) path.chop(1);
  a.remoteBase = path;
  if (query) {
    const QUrlQuery q(url);
    for (const auto& [key, value] : q.queryItems(QUrl::FullyDecoded)) query->insert(key, value);
  }
  return a;
}

QString remoteWorkspacePath(const QString& base, const QString& localWorkdir) {
  const QString name = QFileInfo(QDir::cleanPath(localWorkdir)).fileName();
  return (base.isEmpty() ? QStringLiteral("kwb-workspaces") : base) + u'/' + name;
}

QString remoteRunCommand(const QString& remoteDir, const ProcessSpec& command) {
  QStringList env;
  const QProcessEnvironment here = QProcessEnvironment::systemEnvironment();
  const QStringList keys = command.env.keys();
  for (const QString& key : keys)
    if (command.exportNames.contains(key) || !here.contains(key) || here.value(key) != command.env.value(key))
      env << shellQuote(key + u'=' + command.env.value(key));
  QStringList argv{shellQuote(command.program)};
  for (const QString& a : command.args) argv << shellQuote(a);
  // Its own session, so cancel can kill the whole tree by group id; without a pty a dead ssh would
  // not stop it. The pid file goes when the command ends by itself.
  const QString inner = QStringLiteral("echo $$ > %1; \"$0\" \"$@\"; rc=$?; rm -f %1; exit $rc").arg(kPidFile);
  return QStringLiteral("cd %1 && mkdir -p .kwb && exec env %2 setsid -w sh -c %3 %4")
      .arg(shellQuote(remoteDir), env.join(u' '), shellQuote(inner), argv.join(u' '));
}

// ------------------------------------------------------------------ SshConnection

SshConnection::SshConnection(SshAddress address) : m_addr(std::move(address)) {}

SshConnection::~SshConnection() { close(); }

QString SshConnection::program() const {
  const QString env = qEnvironmentVariable("KWB_SSH");
  return env.isEmpty() ? QStringLiteral("ssh") : env;
}

QStringList SshConnection::options() const {
  QStringList o;
  const QString config = qEnvironmentVariable("KWB_SSH_CONFIG");
  if (!config.isEmpty()) o << QStringLiteral("-F") << config;
  if (m_addr.port > 0) o << QStringLiteral("-p") << QString::number(m_addr.port);
  // BatchMode: a password prompt would hang a headless run. ConnectTimeout: an unreachable host fails
  // in 30 s, not after the system's TCP timeout.
  o << QStringLiteral("-o") << QStringLiteral("BatchMode=yes") << QStringLiteral("-o")
    << QStringLiteral("ConnectTimeout=30");
  if (m_ctl)
    o << QStringLiteral("-o") << QStringLiteral("ControlPath=") + m_ctl->filePath(QStringLiteral("cm"))
      << QStringLiteral("-o") << QStringLiteral("ControlMaster=no");
  return o;
}

QString SshConnection::explain(int exitCode, const QString& stderrText) const {
  if (exitCode != 255) return {};
  const QString host = m_addr.destination() + (m_addr.port > 0 ? QStringLiteral(":%1").arg(m_addr.port) : QString());
  if (stderrText.contains(QLatin1String("Host key verification failed")) ||
      stderrText.contains(QLatin1String("REMOTE HOST IDENTIFICATION HAS CHANGED")) ||
      stderrText.contains(QLatin1String("No ED25519 host key is known")) ||
      stderrText.contains(QLatin1String("host key is known")))
    return QStringLiteral(
               "ssh refused %1: its host key does not match known_hosts (or the host is not in it). "
               "Check the key with the host's administrator, then update known_hosts "
               "(ssh-keygen -R HOST; ssh HOST once). ssh said: %2")
        .arg(host, stderrText.trimmed());
  if (stderrText.contains(QLatin1String("Permission denied")))
    return QStringLiteral(
               "ssh could not log in to %1 without a prompt (BatchMode): load the key into ssh-agent or "
               "name it with IdentityFile in your ssh config. ssh said: %2")
        .arg(host, stderrText.trimmed());
  return QStringLiteral("the ssh connection to %1 failed or was lost (ssh exit 255): %2")
      .arg(host, stderrText.trimmed().isEmpty() ? QStringLiteral("no message") : stderrText.trimmed());
}

QString SshConnection::open() {
  if (m_open) return {};
  // A short folder: unix socket paths are limited to ~100 bytes.
  m_ctl = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/kwb-ssh-XXXXXX"));
  if (!m_ctl->isValid()) {
    m_ctl.reset();
    return QStringLiteral("cannot create a folder for the ssh control socket under /tmp");
  }
  QStringList args = options();
  args.removeLast();  // ControlMaster=no → this one is the master
  args << QStringLiteral("ControlMaster=yes") << QStringLiteral("-o")
       << QStringLiteral("ControlPersist=300")
       // A dead host is noticed within 30 s even while the harness prints nothing.
       << QStringLiteral("-o") << QStringLiteral("ServerAliveInterval=10") << QStringLiteral("-o")
       << QStringLiteral("ServerAliveCountMax=3") << QStringLiteral("-T") << m_addr.destination()
       << QStringLiteral("true");
  QProcess p;
  // The backgrounded master keeps its stdio: give it a file, never our pipes.
  const QString log = m_ctl->filePath(QStringLiteral("master.log"));
  p.setStandardInputFile(QProcess::nullDevice());
  p.setStandardOutputFile(QProcess::nullDevice());
  p.setStandardErrorFile(log);
  p.start(program(), args);
  if (!p.waitForStarted(10000)) {
    m_ctl.reset();
    return QStringLiteral("could not start %1: %2").arg(program(), p.errorString());
  }
  if (!p.waitForFinished(kConnectMs)) {
    p.kill();
    p.waitForFinished(2000);
    m_ctl.reset();
    return QStringLiteral("ssh to %1 did not connect within %2 s").arg(m_addr.destination()).arg(kConnectMs / 1000);
  }
  QFile f(log);
  const QString said = f.open(QIODevice::ReadOnly) ? QString::fromLocal8Bit(f.readAll()).trimmed() : QString();
  if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
    m_ctl.reset();
    const QString why = explain(p.exitCode(), said);
    return why.isEmpty()
               ? QStringLiteral("ssh to %1 failed (exit %2): %3").arg(m_addr.destination()).arg(p.exitCode()).arg(said)
               : why;
  }
  m_open = true;
  return {};
}

void SshConnection::close() {
  if (!m_ctl) return;
  if (m_open) {
    QStringList args = options();
    args << QStringLiteral("-O") << QStringLiteral("exit") << m_addr.destination();
    runCommand(program(), args, 10000);
  }
  m_open = false;
  m_ctl.reset();
}

QStringList SshConnection::commandArgs(const QString& remoteCommand) const {
  return options() + QStringList{QStringLiteral("-T"), m_addr.destination(), remoteCommand};
}

CommandResult SshConnection::run(const QString& remoteCommand, int timeoutMs, const QByteArray& input) const {
  return runCommand(program(), commandArgs(remoteCommand), timeoutMs, input);
}

QString SshConnection::push(const QString& localDir, const QString& remoteDir) {
  const CommandResult probe =
      run(QStringLiteral("mkdir -p %1/.kwb && touch %1/%2 && (command -v rsync >/dev/null && echo rsync || echo tar)")
              .arg(shellQuote(remoteDir), kSyncedMark),
          kCommandMs);
  if (probe.exitCode != 0) {
    const QString why = explain(probe.exitCode, QString::fromLocal8Bit(probe.err));
    return why.isEmpty() ? QStringLiteral("cannot create %1 on %2: %3")
                               .arg(remoteDir, m_addr.destination(), firstLine(probe.err) + probe.error)
                         : why;
  }
  const bool remoteRsync = probe.out.trimmed() == "rsync";
  const bool localRsync = !QStandardPaths::findExecutable(QStringLiteral("rsync")).isEmpty();
  if (remoteRsync && localRsync && qEnvironmentVariable("KWB_SSH_NO_RSYNC") != QLatin1String("1")) {
    m_method = QStringLiteral("rsync");
    QStringList e{program()};
    for (const QString& o : options()) e << shellQuote(o);
    const CommandResult r =
        runCommand(QStringLiteral("rsync"),
                   {QStringLiteral("-a"), QStringLiteral("--exclude=/.git/"), QStringLiteral("--exclude=/.kwb/runs/"),
                    QStringLiteral("--exclude=__pycache__/"), QStringLiteral("--exclude=/.kwb/remote.*"),
                    QStringLiteral("--exclude=/.kwb/slurm/"), QStringLiteral("-e"), e.join(u' '),
                    QDir(localDir).absolutePath() + u'/', m_addr.destination() + u':' + remoteDir + u'/'},
                   kCopyMs);
    if (r.exitCode != 0)
      return QStringLiteral("rsync to %1:%2 failed (exit %3): %4")
          .arg(m_addr.destination(), remoteDir)
          .arg(r.exitCode)
          .arg(QString::fromLocal8Bit(r.err).trimmed() + r.error);
    return {};
  }
  m_method = QStringLiteral("tar");
  QProcess tar, ssh;
  tar.setWorkingDirectory(localDir);
  tar.setStandardOutputProcess(&ssh);
  ssh.start(program(), commandArgs(QStringLiteral("cd %1 && tar -xf -").arg(shellQuote(remoteDir))));
  tar.start(QStringLiteral("tar"),
            {QStringLiteral("-cf"), QStringLiteral("-"), QStringLiteral("--exclude=./.git"),
             QStringLiteral("--exclude=./.kwb/runs"), QStringLiteral("--exclude=./.kwb/remote.*"),
             QStringLiteral("--exclude=./.kwb/slurm"), QStringLiteral("--exclude=__pycache__"), QStringLiteral(".")});
  const bool tarOk = tar.waitForFinished(kCopyMs) && tar.exitStatus() == QProcess::NormalExit && tar.exitCode() == 0;
  const bool sshOk = ssh.waitForFinished(kCopyMs) && ssh.exitStatus() == QProcess::NormalExit && ssh.exitCode() == 0;
  if (!tarOk || !sshOk)
    return QStringLiteral("copying the workspace to %1:%2 with tar over ssh failed: %3 %4")
        .arg(m_addr.destination(), remoteDir, QString::fromLocal8Bit(tar.readAllStandardError()).trimmed(),
             QString::fromLocal8Bit(ssh.readAllStandardError()).trimmed());
  return {};
}

QString SshConnection::pull(const QString& remoteDir, const QString& localDir) {
  if (m_method == QLatin1String("rsync")) {
    QStringList e{program()};
    for (const QString& o : options()) e << shellQuote(o);
    const CommandResult r = runCommand(
        QStringLiteral("rsync"),
        {QStringLiteral("-a"), QStringLiteral("--update"), QStringLiteral("--exclude=/.git/"),
         QStringLiteral("--exclude=/.kwb/runs/"), QStringLiteral("--exclude=/.kwb/remote.*"),
         QStringLiteral("--exclude=/.kwb/slurm/"), QStringLiteral("--exclude=__pycache__/"), QStringLiteral("-e"),
         e.join(u' '), m_addr.destination() + u':' + remoteDir + u'/', QDir(localDir).absolutePath() + u'/'},
        kCopyMs);
    if (r.exitCode != 0)
      return QStringLiteral("rsync from %1:%2 failed (exit %3): %4")
          .arg(m_addr.destination(), remoteDir)
          .arg(r.exitCode)
          .arg(QString::fromLocal8Bit(r.err).trimmed() + r.error);
    return {};
  }
  QProcess ssh, tar;
  ssh.setStandardOutputProcess(&tar);
  tar.setWorkingDirectory(localDir);
  tar.start(QStringLiteral("tar"), {QStringLiteral("--keep-newer-files"), QStringLiteral("-xf"), QStringLiteral("-")});
  ssh.start(program(),
            commandArgs(QStringLiteral("cd %1 && find . -type f -newer %2 ! -path './.git/*' ! -path './.kwb/runs/*' "
                                       "! -path './.kwb/remote.*' ! -path './.kwb/slurm/*' ! -path '*/__pycache__/*' "
                                       "-print0 | tar --null -T - -cf -")
                            .arg(shellQuote(remoteDir), kSyncedMark)));
  const bool sshOk = ssh.waitForFinished(kCopyMs) && ssh.exitStatus() == QProcess::NormalExit && ssh.exitCode() == 0;
  const bool tarOk = tar.waitForFinished(kCopyMs) && tar.exitStatus() == QProcess::NormalExit && tar.exitCode() == 0;
  if (!tarOk || !sshOk)
    return QStringLiteral("copying results back from %1:%2 with tar over ssh failed: %3 %4")
        .arg(m_addr.destination(), remoteDir, QString::fromLocal8Bit(ssh.readAllStandardError()).trimmed(),
             QString::fromLocal8Bit(tar.readAllStandardError()).trimmed());
  return {};
}

// ------------------------------------------------------------------ SshTarget

SshTarget::SshTarget(SshAddress address, QString python, QString spec)
    : m_conn(std::move(address)),
      m_python(python.isEmpty() ? QStringLiteral("python3") : std::move(python)),
      m_spec(std::move(spec)) {}

QString SshTarget::name() const {
  const SshAddress& a = m_conn.address();
  return QStringLiteral("ssh: %1%2:%3")
      .arg(a.destination(), a.port > 0 ? QStringLiteral(":%1").arg(a.port) : QString(),
           a.remoteBase.isEmpty() ? QStringLiteral("kwb-workspaces") : a.remoteBase);
}

QString SshTarget::startProblem() const {
  const QString p = m_conn.program();
  if (p.contains(u'/') ? !QFileInfo(p).isExecutable() : QStandardPaths::findExecutable(p).isEmpty())
    return QStringLiteral("target \"%1\": no OpenSSH client (%2) on this machine").arg(m_spec, p);
  return {};
}

QString SshTarget::prepare(const QString& localWorkdir) {
  m_remoteDir = remoteWorkspacePath(m_conn.address().remoteBase, localWorkdir);
  if (QString why = m_conn.open(); !why.isEmpty()) return why;
  if (QString why = m_conn.push(localWorkdir, m_remoteDir); !why.isEmpty()) {
    m_conn.close();
    return why;
  }
  return {};
}

ProcessSpec SshTarget::wrap(const ProcessSpec& command) const {
  ProcessSpec out = command;
  out.program = m_conn.program();
  out.args = m_conn.commandArgs(remoteRunCommand(m_remoteDir, command));
  out.env = QProcessEnvironment::systemEnvironment();  // the remote side gets its variables in the command
  return out;
}

void SshTarget::signalFarSide(int signal) {
  if (!m_conn.isOpen()) return;
  const char* name = signal == SIGKILL ? "KILL" : signal == SIGINT ? "INT" : "TERM";
  m_conn.run(
      QStringLiteral(
          "cd %1 2>/dev/null && p=$(cat %2 2>/dev/null) && [ -n \"$p\" ] && kill -%3 -- -\"$p\" 2>/dev/null; true")
          .arg(shellQuote(m_remoteDir), kPidFile, QLatin1String(name)),
      kCommandMs);
}

QString SshTarget::collect(const QString& localWorkdir) {
  if (!m_conn.isOpen()) return {};
  // A pid file still there means the command did not end by itself: the connection dropped under it
  // (a stop already killed it). End that group now; ssh reconnects without the master if it must.
  const CommandResult leftover = m_conn.run(
      QStringLiteral(
          "cd %1 2>/dev/null && p=$(cat %2 2>/dev/null) && [ -n \"$p\" ] && "
          "{ kill -TERM -- -\"$p\" 2>/dev/null; sleep 1; kill -KILL -- -\"$p\" 2>/dev/null; rm -f %2; }; true")
          .arg(shellQuote(m_remoteDir), kPidFile),
      kCommandMs);
  if (leftover.exitCode == 255 || leftover.timedOut) {  // the host is out of reach: no copy to wait for
    const QString why = m_conn.explain(255, QString::fromLocal8Bit(leftover.err) + leftover.error);
    m_conn.close();
    return why;
  }
  QString why = m_conn.pull(m_remoteDir, localWorkdir);
  m_conn.close();
  return why;
}

QString SshTarget::explainExit(int exitCode, const QString& lastStderr) const {
  return m_conn.explain(exitCode, lastStderr);
}

TargetScheme sshTargetScheme() {
  TargetScheme s;
  s.scheme = QStringLiteral("ssh");
  s.syntax = QStringLiteral("ssh://[user@]host[:port][/remote-dir][?python=PATH]");
  s.help = QStringLiteral(
      QT_TRANSLATE_NOOP("kwb::TargetScheme",
                        "on a host through OpenSSH and your ssh config (aliases, keys, ProxyJump); the workspace\n"
                        "is copied to remote-dir/<workspace> (default ~/kwb-workspaces; /~/dir is home-relative)\n"
                        "and new files come back; python defaults to python3 on the host"));
  s.fields = {
      {QStringLiteral("user"), QStringLiteral(QT_TRANSLATE_NOOP("kwb::TargetScheme", "User")), QString(), false},
      {QStringLiteral("host"), QStringLiteral(QT_TRANSLATE_NOOP("kwb::TargetScheme", "Host (or ssh config alias)")),
       QStringLiteral("gpu-host"), true},
      {QStringLiteral("port"), QStringLiteral(QT_TRANSLATE_NOOP("kwb::TargetScheme", "Port")), QStringLiteral("22"),
       false},
      {QStringLiteral("dir"), QStringLiteral(QT_TRANSLATE_NOOP("kwb::TargetScheme", "Remote folder")),
       QStringLiteral("/scratch/me"), false},
      {QStringLiteral("python"), QStringLiteral(QT_TRANSLATE_NOOP("kwb::TargetScheme", "Remote Python")),
       QStringLiteral("python3"), false}};
  s.compose = [](const QMap<QString, QString>& f) -> QString {
    QString spec = QStringLiteral("ssh://");
    if (!f.value(QStringLiteral("user")).isEmpty()) spec += f.value(QStringLiteral("user")) + u'@';
    spec += f.value(QStringLiteral("host")).trimmed();
    if (!f.value(QStringLiteral("port")).isEmpty()) spec += u':' + f.value(QStringLiteral("port")).trimmed();
    const QString dir = f.value(QStringLiteral("dir")).trimmed();
    if (!dir.isEmpty()) spec += dir.startsWith(u'/') ? dir : QStringLiteral("/~/") + dir;
    if (!f.value(QStringLiteral("python")).isEmpty())
      spec += QStringLiteral("?python=") + f.value(QStringLiteral("python")).trimmed();
    return spec;
  };
  s.make = [](const QString& spec, QString* error) -> std::unique_ptr<Target> {
    QMap<QString, QString> query;
    if (!spec.startsWith(QLatin1String("ssh://"))) {
      *error = QStringLiteral("target \"%1\": expected ssh://[user@]host[:port][/remote-dir]").arg(spec);
      return nullptr;
    }
    auto a = parseSshAddress(spec, error, &query);
    if (!a) return nullptr;
    for (auto it = query.cbegin(); it != query.cend(); ++it)
      if (it.key() != QLatin1String("python")) {
        *error = QStringLiteral("target \"%1\": unknown option \"%2\" (ssh:// takes ?python=PATH)").arg(spec, it.key());
        return nullptr;
      }
    return std::make_unique<SshTarget>(*a, query.value(QStringLiteral("python")), spec);
  };
  return s;
}

}  // namespace kwb
