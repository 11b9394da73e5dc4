#pragma once
// Real servers on loopback for the remote-target tests: an sshd with its own host key, client key,
// known_hosts and ssh config (alias "loop"), and a single-node Slurm (slurmctld + slurmd, no
// accounting). Each lives in its own scratch folder; nothing outside it is touched except /run/sshd
// (sshd refuses to start without its privilege-separation folder).

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QThread>

#include <csignal>
#include <pwd.h>
#include <unistd.h>

namespace kwbtest {

inline QByteArray readFile(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline bool writeFile(const QString& path, const QByteArray& data) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

inline int runQuiet(const QString& program, const QStringList& args, QByteArray* out = nullptr, int timeoutMs = 20000) {
  QProcess p;
  p.start(program, args);
  if (!p.waitForStarted(5000)) return -1;
  p.closeWriteChannel();
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished(1000);
    return -1;
  }
  if (out) *out = p.readAllStandardOutput() + p.readAllStandardError();
  return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

inline QString userName() {
  const passwd* pw = ::getpwuid(::getuid());
  return pw ? QString::fromLocal8Bit(pw->pw_name) : qEnvironmentVariable("USER");
}

/// Pids of the processes whose parent is @p ppid (Linux /proc).
inline QList<qint64> childrenOf(qint64 ppid) {
  QList<qint64> kids;
  const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
  for (const QString& pid : pids) {
    const QByteArray stat = readFile(QStringLiteral("/proc/") + pid + QStringLiteral("/stat"));
    const qsizetype close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const QList<QByteArray> f = stat.mid(close + 2).split(' ');
    if (f.size() > 1 && f.at(1).toLongLong() == ppid) kids << pid.toLongLong();
  }
  return kids;
}

inline bool pidAlive(qint64 pid) {
  if (pid <= 1) return false;
  const QByteArray stat = readFile(QStringLiteral("/proc/%1/stat").arg(pid));
  const qsizetype close = stat.lastIndexOf(')');
  return close >= 0 && stat.size() > close + 2 && stat.at(close + 2) != 'Z';
}

/// An sshd on 127.0.0.1 (own port) that the alias "loop" of config() reaches with a key.
class SshServer {
 public:
  ~SshServer() { stop(); }

  /// "" when the server runs; why not otherwise (skip: only when the binaries are absent).
  static QString missingBinaries() {
    for (const char* b : {"/usr/sbin/sshd", "ssh", "ssh-keygen", "ssh-keyscan"})
      if (QStandardPaths::findExecutable(QLatin1String(b)).isEmpty() && !QFile::exists(QLatin1String(b)))
        return QStringLiteral("%1 not installed (Debian: openssh-server openssh-client)").arg(QLatin1String(b));
    return {};
  }

  QString start() {
    if (!m_dir.isValid()) return QStringLiteral("no scratch folder");
    const QString d = m_dir.path();
    QDir().mkpath(d + QStringLiteral("/ssh"));
    QDir().mkpath(QStringLiteral("/run/sshd"));
    for (const char* k : {"host_ed25519", "client_key"})
      if (runQuiet(QStringLiteral("ssh-keygen"),
                   {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"),
                    QString(), QStringLiteral("-f"), d + QStringLiteral("/ssh/") + QLatin1String(k)}) != 0)
        return QStringLiteral("ssh-keygen failed");
    writeFile(d + QStringLiteral("/ssh/authorized_keys"), readFile(d + QStringLiteral("/ssh/client_key.pub")));
    for (int attempt = 0; attempt < 5; ++attempt) {
      m_port = 20000 + int((::getpid() * 7 + attempt * 131) % 10000);  // 20000-29999; Slurm takes 30000-49999
      writeFile(d + QStringLiteral("/sshd_config"),
                QStringLiteral(
                    "Port %1\nListenAddress 127.0.0.1\nHostKey %2/ssh/host_ed25519\nPidFile %2/ssh/sshd.pid\n"
                    "AuthorizedKeysFile %2/ssh/authorized_keys\nPubkeyAuthentication yes\nPasswordAuthentication no\n"
                    "KbdInteractiveAuthentication no\nUsePAM no\nStrictModes no\nPermitRootLogin prohibit-password\n"
                    "PrintMotd no\nLogLevel VERBOSE\nSubsystem sftp /usr/lib/openssh/sftp-server\n%3")
                    .arg(m_port)
                    .arg(d, m_setEnv)
                    .toUtf8());
      m_sshd.start(QStringLiteral("/usr/sbin/sshd"),
                   {QStringLiteral("-D"), QStringLiteral("-f"), d + QStringLiteral("/sshd_config"),
                    QStringLiteral("-E"), d + QStringLiteral("/sshd.log")});
      if (!m_sshd.waitForStarted(5000)) return QStringLiteral("sshd did not start: ") + m_sshd.errorString();
      QByteArray keys;
      for (int i = 0; i < 50 && m_sshd.state() == QProcess::Running; ++i) {
        if (runQuiet(QStringLiteral("ssh-keyscan"),
                     {QStringLiteral("-p"), QString::number(m_port), QStringLiteral("-t"), QStringLiteral("ed25519"),
                      QStringLiteral("127.0.0.1")},
                     &keys) == 0 &&
            keys.contains("ssh-ed25519"))
          break;
        keys.clear();
        QThread::msleep(100);
      }
      if (m_sshd.state() != QProcess::Running || !keys.contains("ssh-ed25519")) {
        m_sshd.kill();
        m_sshd.waitForFinished(2000);
        continue;  // port taken: another one
      }
      QByteArray hosts;
      for (const QByteArray& line : keys.split('\n'))
        if (line.contains("ssh-ed25519") && !line.startsWith('#')) hosts += line + '\n';
      writeFile(knownHosts(), hosts);
      writeFile(
          config(),
          QStringLiteral("Host loop\n  HostName 127.0.0.1\n  Port %1\n  User %2\n  IdentityFile %3/ssh/client_key\n"
                         "  IdentitiesOnly yes\n  UserKnownHostsFile %4\n  GlobalKnownHostsFile /dev/null\n"
                         "  StrictHostKeyChecking yes\n  BatchMode yes\n  ConnectTimeout 5\n"
                         // The same server again, reached through "loop" as a jump host.
                         "Host viajump\n  HostName 127.0.0.1\n  Port %1\n  User %2\n  ProxyJump loop\n"
                         "  IdentityFile %3/ssh/client_key\n  IdentitiesOnly yes\n  UserKnownHostsFile %4\n"
                         "  GlobalKnownHostsFile /dev/null\n  StrictHostKeyChecking yes\n  BatchMode yes\n")
              .arg(m_port)
              .arg(userName(), d, knownHosts())
              .toUtf8());
      return {};
    }
    return QStringLiteral("sshd would not start on any of 5 ports; log: ") +
           QString::fromLocal8Bit(readFile(d + QStringLiteral("/sshd.log")));
  }

  /// Adds `SetEnv LINE` to the server's config (before start()).
  void setEnv(const QString& line) { m_setEnv += QStringLiteral("SetEnv ") + line + u'\n'; }

  void stop() {
    if (m_sshd.state() == QProcess::NotRunning) return;
    for (qint64 kid : childrenOf(m_sshd.processId())) ::kill(pid_t(kid), SIGKILL);
    m_sshd.terminate();
    if (!m_sshd.waitForFinished(3000)) {
      m_sshd.kill();
      m_sshd.waitForFinished(2000);
    }
  }

  /// Kills every connection's sshd (the listener stays): a dropped network, as the client sees it.
  void dropConnections() {
    for (qint64 kid : childrenOf(m_sshd.processId())) ::kill(pid_t(kid), SIGKILL);
  }

  /// Replaces known_hosts with another key for the same host: a host-key mismatch.
  bool breakHostKey() {
    const QString other = m_dir.filePath(QStringLiteral("other_key"));
    if (runQuiet(QStringLiteral("ssh-keygen"), {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                                QStringLiteral("-N"), QString(), QStringLiteral("-f"), other}) != 0)
      return false;
    const QByteArray pub = readFile(other + QStringLiteral(".pub")).split(' ').mid(0, 2).join(' ');
    return writeFile(knownHosts(), QStringLiteral("[127.0.0.1]:%1 ").arg(m_port).toUtf8() + pub + '\n');
  }

  /// How many logins the server accepted so far (ControlMaster: one per run).
  int logins() const { return int(readFile(m_dir.filePath(QStringLiteral("sshd.log"))).count("Accepted publickey")); }

  QString config() const { return m_dir.filePath(QStringLiteral("ssh_config")); }
  QString knownHosts() const { return m_dir.filePath(QStringLiteral("known_hosts")); }
  QString dir() const { return m_dir.path(); }
  int port() const { return m_port; }

 private:
  QTemporaryDir m_dir{QStringLiteral("/tmp/kwb-sshd-XXXXXX")};
  QProcess m_sshd;
  int m_port = 0;
  QString m_setEnv;
};

/// A single-node Slurm on loopback: slurmctld + slurmd in a scratch folder, auth/none (a test cluster
/// of one user), no accounting (scontrol reads the jobs back). SLURM_CONF points the client commands at it.
class SlurmCluster {
 public:
  ~SlurmCluster() { stop(); }

  static QString missingBinaries() {
    for (const char* b : {"slurmctld", "slurmd", "sbatch", "scontrol", "scancel", "sinfo"})
      if (QStandardPaths::findExecutable(QLatin1String(b), {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin")})
              .isEmpty())
        return QStringLiteral("%1 not installed (Debian: slurm-wlm slurmctld slurmd slurm-client)")
            .arg(QLatin1String(b));
    return {};
  }

  /// The slurm.conf path start() will write (known before start, for sshd's SetEnv).
  QString conf() const { return m_dir.filePath(QStringLiteral("slurm.conf")); }

  QString start() {
    if (!m_dir.isValid()) return QStringLiteral("no scratch folder");
    const QString d = m_dir.path();
    for (const char* sub : {"state", "spool", "run", "log"}) QDir().mkpath(d + u'/' + QLatin1String(sub));
    const int base = 30000 + int((::getpid() * 11) % 20000);
    writeFile(
        conf(),
        QStringLiteral("ClusterName=kwbtest\nSlurmctldHost=localhost\nSlurmUser=%1\nSlurmdUser=%1\n"
                       "AuthType=auth/none\nCredType=cred/none\nSlurmctldPort=%2\nSlurmdPort=%3\n"
                       "StateSaveLocation=%4/state\nSlurmdSpoolDir=%4/spool\nSlurmctldPidFile=%4/run/slurmctld.pid\n"
                       "SlurmdPidFile=%4/run/slurmd.pid\nSlurmctldLogFile=%4/log/slurmctld.log\n"
                       "SlurmdLogFile=%4/log/slurmd.log\nProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n"
                       "JobAcctGatherType=jobacct_gather/none\nAccountingStorageType=accounting_storage/none\n"
                       "JobCompType=jobcomp/none\nSchedulerType=sched/backfill\nSelectType=select/cons_tres\n"
                       "SelectTypeParameters=CR_Core\nMpiDefault=none\nReturnToService=2\nKillWait=2\n"
                       "NodeName=localhost CPUs=%5 State=UNKNOWN\n"
                       "PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP\nMailProg=/bin/true\n"
                       "SchedulerParameters=batch_sched_delay=0,sched_min_interval=0\n")
            .arg(userName())
            .arg(base)
            .arg(base + 1)
            .arg(d)
            .arg(QThread::idealThreadCount())
            .toUtf8());
    qputenv("SLURM_CONF", conf().toLocal8Bit());
    m_ctld.start(QStringLiteral("slurmctld"),
                 {QStringLiteral("-D"), QStringLiteral("-c"), QStringLiteral("-f"), conf()});
    m_slurmd.start(QStringLiteral("slurmd"), {QStringLiteral("-D"), QStringLiteral("-f"), conf(), QStringLiteral("-N"),
                                              QStringLiteral("localhost")});
    if (!m_ctld.waitForStarted(5000) || !m_slurmd.waitForStarted(5000))
      return QStringLiteral("slurmctld/slurmd did not start");
    for (int i = 0; i < 100; ++i) {
      QByteArray out;
      if (runQuiet(QStringLiteral("sinfo"), {QStringLiteral("-h"), QStringLiteral("-o"), QStringLiteral("%t")}, &out) ==
              0 &&
          out.trimmed() == "idle")
        return {};
      if (m_ctld.state() != QProcess::Running || m_slurmd.state() != QProcess::Running) break;
      QThread::msleep(100);
    }
    return QStringLiteral("the node did not become idle; slurmctld.log: ") +
           QString::fromLocal8Bit(readFile(d + QStringLiteral("/log/slurmctld.log")).right(1500)) +
           QStringLiteral(" slurmd.log: ") +
           QString::fromLocal8Bit(readFile(d + QStringLiteral("/log/slurmd.log")).right(1500));
  }

  void stop() {
    for (QProcess* p : {&m_slurmd, &m_ctld}) {
      if (p->state() == QProcess::NotRunning) continue;
      p->terminate();
      if (!p->waitForFinished(5000)) {
        p->kill();
        p->waitForFinished(2000);
      }
    }
  }

  /// "JobState=X ExitCode=N:S" of job @p id, from scontrol.
  static QString jobInfo(const QString& id) {
    QByteArray out;
    runQuiet(QStringLiteral("scontrol"), {QStringLiteral("show"), QStringLiteral("job"), id, QStringLiteral("-o")},
             &out);
    return QString::fromLocal8Bit(out);
  }

 private:
  QTemporaryDir m_dir{QStringLiteral("/tmp/kwb-slurm-XXXXXX")};
  QProcess m_ctld, m_slurmd;
};

}  // namespace kwbtest
