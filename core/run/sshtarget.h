#pragma once
// ssh://[user@]host[:port][/remote-dir][?python=PATH]: runs through the system's OpenSSH client, so the
// user's ssh config applies (aliases, keys, ProxyJump, known_hosts). One ControlMaster connection per
// run carries every command; the workspace is copied there (rsync when both sides have it, else tar
// over ssh) and the run's new files come back.

#include "core/run/target.h"

#include <QByteArray>
#include <QTemporaryDir>

#include <memory>
#include <optional>

namespace kwb {

/// Where to connect: the parts of an ssh:// (or slurm+ssh://) address.
struct SshAddress {
  QString user;  ///< "" = the ssh config's (or the local user)
  QString host;  ///< a host name, an address or an ssh config alias
  int port = 0;  ///< 0 = the ssh config's (22)
  /// The remote folder that holds workspaces: "" = `kwb-workspaces` in the remote home; an address
  /// path "/abs" is absolute, "/~/rel" is relative to the remote home.
  QString remoteBase;
  QString destination() const;  ///< "[user@]host"
};

/// The result of one command run to its end.
struct CommandResult {
  bool started = false;   ///< false: the program could not start (error says why)
  bool timedOut = false;  ///< killed after its timeout
  int exitCode = -1;      ///< -1 when not exited normally
  QByteArray out, err;
  QString error;  ///< why it did not run to its end
};

/// Runs @p program with @p args to its end (blocking, own event loop not needed), feeding @p input on
/// stdin. Killed after @p timeoutMs (ms).
CommandResult runCommand(const QString& program, const QStringList& args, int timeoutMs, const QByteArray& input = {});

/// One ssh ControlMaster connection and the commands that go through it. The ssh program is $KWB_SSH
/// or `ssh`; $KWB_SSH_CONFIG, when set, is passed as `-F FILE` (tests; OpenSSH reads ~/.ssh/config from
/// the passwd entry's home, not $HOME). BatchMode is on: a password prompt would hang a headless run.
class SshConnection {
 public:
  explicit SshConnection(SshAddress address);
  ~SshConnection();  ///< close()
  SshConnection(const SshConnection&) = delete;
  SshConnection& operator=(const SshConnection&) = delete;

  /// Starts the master connection (authenticates once). "" or why, with ssh's own message and,
  /// for a host key that does not match known_hosts, what to do. Blocking (ConnectTimeout applies).
  QString open();
  /// Ends the master connection (ssh -O exit). Safe to call twice.
  void close();
  bool isOpen() const { return m_open; }
  const SshAddress& address() const { return m_addr; }
  QString program() const;
  /// Options before the destination for every command over the master (-F, -p, ControlPath, ...).
  QStringList options() const;
  /// Runs @p remoteCommand (a POSIX shell command line) over the master, blocking.
  CommandResult run(const QString& remoteCommand, int timeoutMs, const QByteArray& input = {}) const;
  /// The local ssh process that runs @p remoteCommand (for HarnessRun: live output, no pty).
  QStringList commandArgs(const QString& remoteCommand) const;
  /// Copies the local folder @p localDir into @p remoteDir (created), except .git/, .kwb/runs/ and
  /// __pycache__/. rsync when both sides have it ($KWB_SSH_NO_RSYNC=1 forces tar). "" or why.
  QString push(const QString& localDir, const QString& remoteDir);
  /// Copies back what changed in @p remoteDir since push() into @p localDir, never overwriting a
  /// local file newer than the remote one. "" or why.
  QString pull(const QString& remoteDir, const QString& localDir);
  /// "rsync" or "tar": how the last push() copied.
  QString copyMethod() const { return m_method; }
  /// A sentence for an ssh that exited @p exitCode with @p stderrText ("" when exit != 255).
  QString explain(int exitCode, const QString& stderrText) const;

 private:
  SshAddress m_addr;
  std::unique_ptr<QTemporaryDir> m_ctl;  ///< holds the control socket (short path: sockets have ~100 bytes)
  bool m_open = false;
  QString m_method;
};

/// Parses "[user@]host[:port][/path]" from a URL with scheme @p scheme (the part after "scheme://").
/// nullopt with why in @p error for an empty host or a bad port.
std::optional<SshAddress> parseSshAddress(const QString& spec, QString* error, QMap<QString, QString>* query = nullptr);

/// The ssh:// target (see the file comment).
class SshTarget final : public Target {
 public:
  SshTarget(SshAddress address, QString python, QString spec);
  QString name() const override;
  QString spec() const override { return m_spec; }
  ProcessSpec wrap(const ProcessSpec& command) const override;
  QString prepare(const QString& localWorkdir) override;
  void signalFarSide(int signal) override;
  /// Ends a remote process group the run left behind (its pid file is still there: the connection
  /// dropped under it), then copies back and closes the connection.
  QString collect(const QString& localWorkdir) override;
  QString python() const override { return m_python; }
  QString explainExit(int exitCode, const QString& lastStderr) const override;
  QString startProblem() const override;
  /// The workspace's folder on the host (after prepare()).
  QString remoteWorkdir() const { return m_remoteDir; }
  SshConnection& connection() { return m_conn; }

 private:
  SshConnection m_conn;
  QString m_python;
  QString m_spec;
  QString m_remoteDir;
};

/// The remote command that runs @p command in @p remoteDir in its own session, its process group id in
/// .kwb/remote.pid (what signalFarSide() kills), exporting the variables of @p command.env named in
/// exportNames or differing from this process's environment.
QString remoteRunCommand(const QString& remoteDir, const ProcessSpec& command);

/// The remote folder for the workspace @p localWorkdir under @p base (SshAddress::remoteBase).
QString remoteWorkspacePath(const QString& base, const QString& localWorkdir);

}  // namespace kwb
