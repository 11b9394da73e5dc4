#pragma once
// Where a run happens: turns "run this program in this folder" into the process to start locally.

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <memory>

namespace kwb {

/// A process to start: program, arguments, working directory and full environment.
struct ProcessSpec {
    QString program;
    QStringList args;
    QString workdir;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
};

/// A run target. It does not start anything itself: HarnessRun starts the ProcessSpec that
/// wrap() returns (own process group, watchdog, live output), so every target gets the same
/// output handling and kill semantics for the local part of the process tree.
class Target
{
public:
    virtual ~Target() = default;
    /// Short human name, e.g. "local" or "command: srun --gres=gpu:1".
    virtual QString name() const = 0;
    /// The spec string that makeTarget() accepts to rebuild this target.
    virtual QString spec() const = 0;
    /// The local process that runs @p command on this target.
    virtual ProcessSpec wrap(const ProcessSpec& command) const = 0;
};

/// Runs the command directly on this machine.
class LocalTarget final : public Target
{
public:
    QString name() const override;
    QString spec() const override;
    ProcessSpec wrap(const ProcessSpec& command) const override;
};

/// Runs the command behind a user prefix, e.g. `python tools/sandbox.py --kind run --no-sync --`
/// or `srun --gres=gpu:1`: program = prefix[0], args = prefix[1..] + command.program + command.args,
/// same workdir and environment. Killing the process group reaches the prefix tool and anything it
/// starts locally; a remote side is the prefix tool's job to stop when it receives SIGTERM.
class CommandTarget final : public Target
{
public:
    /// @p prefix is split like a shell would (QProcess::splitCommand: quotes, no expansion).
    /// Precondition: not empty after splitting (makeTarget checks it).
    explicit CommandTarget(const QString& prefix);
    QString name() const override;
    QString spec() const override;
    ProcessSpec wrap(const ProcessSpec& command) const override;
    const QStringList& prefix() const { return m_prefix; }

private:
    QString m_text;
    QStringList m_prefix;
};

/// Builds a target from its spec: "local" (or "") → LocalTarget; "command:<prefix>" →
/// CommandTarget. "ssh:..." and anything else → nullptr with a message in @p error (SSH targets
/// are not supported yet).
std::unique_ptr<Target> makeTarget(const QString& spec, QString* error);

/// Why @p target's wrapper program cannot start on this machine ("" when it can, and always for a
/// LocalTarget): the first word of a command prefix must be an executable file (a path) or be on
/// PATH. Checked before a run, so a missing wrapper is an input error, not a run without a result.
QString targetStartProblem(const Target& target);

} // namespace kwb
