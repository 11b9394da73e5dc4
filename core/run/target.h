#pragma once
// Where a run happens. A target turns "run this program in this folder" into the local process that
// HarnessRun starts (wrap), and owns what lies around it: the workspace's copy on the far side
// (prepare, collect), and stopping the far side's processes (signalFarSide). Targets are registered by
// scheme in one table (targetSchemes()); each scheme gives the CLI its help and the GUI its form.

#include <QList>
#include <QMap>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace kwb {

/// A process to start: program, arguments, working directory and full environment.
struct ProcessSpec {
  QString program;
  QStringList args;
  QString workdir;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  /// Variables of env that a target with a far side must set there even when this machine has the
  /// same value (the harness contract's PYTHONUNBUFFERED and TEST_TIMEOUT_SEC). Variables that differ
  /// from this process's environment are exported as well.
  QStringList exportNames;
};

/// The harness contract's variables a far side must get even when this machine has the same value:
/// PYTHONUNBUFFERED and TEST_TIMEOUT_SEC always, KWB_COMPILE_TIMEOUT_SEC (a case's compile window, 300 s by
/// default) when @p env sets it: the harness reads it on the host that runs it, and a user's value set in this
/// shell was not exported to ssh or Slurm targets (session 13's note).
inline QStringList harnessExportNames(const QProcessEnvironment& env) {
  QStringList names{QStringLiteral("PYTHONUNBUFFERED"), QStringLiteral("TEST_TIMEOUT_SEC")};
  if (env.contains(QStringLiteral("KWB_COMPILE_TIMEOUT_SEC"))) names << QStringLiteral("KWB_COMPILE_TIMEOUT_SEC");
  return names;
}

/// A run target. It does not start the run itself: HarnessRun starts the ProcessSpec that wrap()
/// returns (own process group, watchdog, live output), so every target gets the same output handling
/// and kill semantics for the local part of the process tree. The lifecycle, as HarnessRun drives it:
/// prepare() once, wrap() per process (the first and each resume), signalFarSide() on a stop,
/// collect() once at the end (also after a failed or stopped run). The blocking calls are short
/// (a workspace copy, one ssh round trip); they run on the caller's thread.
class Target {
 public:
  virtual ~Target() = default;
  /// Short human name, e.g. "local", "command: srun --gres=gpu:1", "ssh: gpu-host:/scratch".
  virtual QString name() const = 0;
  /// The spec string that makeTarget() accepts to rebuild this target.
  virtual QString spec() const = 0;
  /// The local process that runs @p command (its workdir is the local workspace) on this target.
  /// Valid after prepare() for targets with a far side.
  virtual ProcessSpec wrap(const ProcessSpec& command) const = 0;
  /// Makes the workspace @p localWorkdir available where the command runs (a remote copy, a
  /// connection). Blocking. Returns "" on success, else why, one sentence for the user.
  virtual QString prepare(const QString& localWorkdir);
  /// Sends @p signal (SIGTERM, then SIGKILL) to the far side's whole process tree (a remote
  /// process group, a Slurm job). Killing the local process alone would leave it running.
  /// Blocking, one round trip at most. No effect for local targets.
  virtual void signalFarSide(int signal);
  /// Brings files the run wrote on the far side back into @p localWorkdir (never overwriting a
  /// local file newer than the far side's) and closes connections. Returns "" or why not.
  virtual QString collect(const QString& localWorkdir);
  /// The Python to run on the far side ("" = the caller's local interpreter path applies).
  virtual QString python() const { return {}; }
  /// A clearer reason for a process that ended with @p exitCode and @p lastStderr than "the
  /// harness exited with code N" (e.g. ssh's 255: the connection was lost); "" = none.
  virtual QString explainExit(int exitCode, const QString& lastStderr) const;
  /// Why this target cannot start from this machine ("" when it can): a wrapper not on PATH, no
  /// ssh client, no sbatch. Checked before a run, so it is an input error, not a failed run.
  virtual QString startProblem() const { return {}; }
};

/// Runs the command directly on this machine.
class LocalTarget final : public Target {
 public:
  QString name() const override;
  QString spec() const override;
  ProcessSpec wrap(const ProcessSpec& command) const override;
};

/// Runs the command behind a user prefix, e.g. `python tools/sandbox.py --kind run --no-sync --`
/// or `srun --gres=gpu:1`: program = prefix[0], args = prefix[1..] + command.program + command.args,
/// same workdir and environment. Killing the process group reaches the prefix tool and anything it
/// starts locally; a remote side is the prefix tool's job to stop when it receives SIGTERM.
class CommandTarget final : public Target {
 public:
  /// @p prefix is split like a shell would (QProcess::splitCommand: quotes, no expansion).
  /// Precondition: not empty after splitting (makeTarget checks it).
  explicit CommandTarget(const QString& prefix);
  QString name() const override;
  QString spec() const override;
  ProcessSpec wrap(const ProcessSpec& command) const override;
  QString startProblem() const override;
  const QStringList& prefix() const { return m_prefix; }

 private:
  QString m_text;
  QStringList m_prefix;
};

/// One field of a scheme's form (the GUI's target chooser builds its inputs from these).
struct TargetField {
  QString key;          ///< compose()'s map key, e.g. "host"
  QString label;        ///< "Host (or ssh config alias)"; English, marked for translation (context
                        ///< "kwb::TargetScheme": the GUI shows it through QCoreApplication::translate)
  QString placeholder;  ///< an example value
  bool required = false;
};

/// One registered target scheme: how to parse its spec, its help, and its form.
struct TargetScheme {
  QString scheme;  ///< "local", "command", "ssh", "slurm", "slurm+ssh"
  QString syntax;  ///< e.g. "ssh://[user@]host[:port][/remote-dir]"
  QString help;    ///< a few lines for `kwb <command> --help` and the GUI's tooltip (marked like TargetField::label)
  QList<TargetField> fields;
  /// Field values → spec string (not validated; make() does that). Give the lambda an explicit `-> QString`:
  /// with QT_USE_QSTRINGBUILDER a deduced return type is a builder over temporaries that are gone.
  std::function<QString(const QMap<QString, QString>&)> compose;
  /// Spec → target, or nullptr with why in *error.
  std::function<std::unique_ptr<Target>(const QString& spec, QString* error)> make;
};

/// Every scheme, in the order the help and the GUI list them.
const QList<TargetScheme>& targetSchemes();

/// The help text of all schemes (for `kwb baseline --help` and `kwb suite --help`), indented by @p indent.
QString targetSchemesHelp(int indent);

/// Builds a target from its spec ("" and "local" → LocalTarget; otherwise the scheme named before
/// the first ':'). An unknown scheme or a malformed spec → nullptr with a message in @p error.
std::unique_ptr<Target> makeTarget(const QString& spec, QString* error);

/// Why @p target cannot start from this machine ("" when it can): Target::startProblem().
QString targetStartProblem(const Target& target);

/// Quotes @p s for a POSIX shell (single quotes; the remote shell of ssh reads it).
QString shellQuote(const QString& s);

}  // namespace kwb
