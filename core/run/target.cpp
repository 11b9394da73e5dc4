#include "core/run/target.h"

#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

namespace kwb {

QString LocalTarget::name() const
{
    return QStringLiteral("local");
}

QString LocalTarget::spec() const
{
    return QStringLiteral("local");
}

ProcessSpec LocalTarget::wrap(const ProcessSpec& command) const
{
    return command;
}

CommandTarget::CommandTarget(const QString& prefix)
    : m_text(prefix.trimmed())
    , m_prefix(QProcess::splitCommand(prefix))
{
}

QString CommandTarget::name() const
{
    return QStringLiteral("command: ") + m_text;
}

QString CommandTarget::spec() const
{
    return QStringLiteral("command:") + m_text;
}

ProcessSpec CommandTarget::wrap(const ProcessSpec& command) const
{
    if (m_prefix.isEmpty())
        return command;
    ProcessSpec out = command;
    out.program = m_prefix.first();
    out.args = m_prefix.mid(1);
    out.args << command.program << command.args;
    return out;
}

std::unique_ptr<Target> makeTarget(const QString& spec, QString* error)
{
    const QString s = spec.trimmed();
    const auto fail = [&](const QString& why) -> std::unique_ptr<Target> {
        if (error)
            *error = why;
        return nullptr;
    };
    if (s.isEmpty() || s == QLatin1String("local"))
        return std::make_unique<LocalTarget>();
    if (s.startsWith(QLatin1String("command:"))) {
        const QString prefix = s.mid(8);
        if (QProcess::splitCommand(prefix).isEmpty())
            return fail(QStringLiteral("target \"%1\": the command prefix is empty "
                                       "(e.g. \"command:srun --gres=gpu:1\")").arg(spec));
        return std::make_unique<CommandTarget>(prefix);
    }
    if (s.startsWith(QLatin1String("ssh:")) || s == QLatin1String("ssh"))
        return fail(QStringLiteral("target \"%1\": SSH targets are not supported yet; use "
                                   "\"command:ssh HOST --\" with a synced workspace, or run kwb on the host")
                        .arg(spec));
    return fail(QStringLiteral("unknown target \"%1\": expected \"local\" or \"command:<prefix>\"").arg(spec));
}

QString targetStartProblem(const Target& target)
{
    const auto* cmd = dynamic_cast<const CommandTarget*>(&target);
    if (!cmd || cmd->prefix().isEmpty())
        return {};
    const QString program = cmd->prefix().constFirst();
    const QFileInfo fi(program);
    if (program.contains(u'/')) {
        if (!fi.exists())
            return QStringLiteral("target \"%1\": %2 does not exist").arg(target.spec(), program);
        if (!fi.isFile() || !fi.isExecutable())
            return QStringLiteral("target \"%1\": %2 is not an executable file").arg(target.spec(), program);
        return {};
    }
    if (QStandardPaths::findExecutable(program).isEmpty())
        return QStringLiteral("target \"%1\": %2 is not on PATH").arg(target.spec(), program);
    return {};
}

} // namespace kwb
