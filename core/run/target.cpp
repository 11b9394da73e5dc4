#include "core/run/target.h"

#include "core/run/targetschemes_p.h"

#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

namespace kwb {

QString Target::prepare(const QString&) { return {}; }

void Target::signalFarSide(int) {}

QString Target::collect(const QString&) { return {}; }

QString Target::explainExit(int, const QString&) const { return {}; }

QString LocalTarget::name() const { return QStringLiteral("local"); }

QString LocalTarget::spec() const { return QStringLiteral("local"); }

ProcessSpec LocalTarget::wrap(const ProcessSpec& command) const { return command; }

CommandTarget::CommandTarget(const QString& prefix)
    : m_text(prefix.trimmed()), m_prefix(QProcess::splitCommand(prefix)) {}

QString CommandTarget::name() const { return QStringLiteral("command: ") + m_text; }

QString CommandTarget::spec() const { return QStringLiteral("command:") + m_text; }

ProcessSpec CommandTarget::wrap(const ProcessSpec& command) const {
  if (m_prefix.isEmpty()) return command;
  ProcessSpec out = command;
  out.program = m_prefix.first();
  out.args = m_prefix.mid(1);
  out.args << command.program << command.args;
  return out;
}

QString CommandTarget::startProblem() const {
  if (m_prefix.isEmpty()) return {};
  const QString program = m_prefix.constFirst();
  const QFileInfo fi(program);
  if (program.contains(u'/')) {
    if (!fi.exists()) return QStringLiteral("target \"%1\": %2 does not exist").arg(spec(), program);
    if (!fi.isFile() || !fi.isExecutable())
      return QStringLiteral("target \"%1\": %2 is not an executable file").arg(spec(), program);
    return {};
  }
  if (QStandardPaths::findExecutable(program).isEmpty())
    return QStringLiteral("target \"%1\": %2 is not on PATH").arg(spec(), program);
  return {};
}

TargetScheme localTargetScheme() {
  TargetScheme s;
  s.scheme = QStringLiteral("local");
  s.syntax = QStringLiteral("local");
  s.help = QStringLiteral(QT_TRANSLATE_NOOP("kwb::TargetScheme", "this machine (the default)"));
  s.compose = [](const QMap<QString, QString>&) -> QString { return QStringLiteral("local"); };
  s.make = [](const QString&, QString*) -> std::unique_ptr<Target> { return std::make_unique<LocalTarget>(); };
  return s;
}

TargetScheme commandTargetScheme() {
  TargetScheme s;
  s.scheme = QStringLiteral("command");
  s.syntax = QStringLiteral("command:PREFIX");
  s.help = QStringLiteral(QT_TRANSLATE_NOOP(
      "kwb::TargetScheme",
      "through a command on this machine, e.g. command:srun --gres=gpu:1 (the workspace is not copied)"));
  s.fields = {{QStringLiteral("prefix"), QStringLiteral(QT_TRANSLATE_NOOP("kwb::TargetScheme", "Command prefix")),
               QStringLiteral("srun --gres=gpu:1"), true}};
  s.compose = [](const QMap<QString, QString>& f) -> QString {
    return QStringLiteral("command:") + f.value(QStringLiteral("prefix")).trimmed();
  };
  s.make = [](const QString& spec, QString* error) -> std::unique_ptr<Target> {
    const QString prefix = spec.trimmed().mid(8);
    if (QProcess::splitCommand(prefix).isEmpty()) {
      *error =
          QStringLiteral("target \"%1\": the command prefix is empty (e.g. \"command:srun --gres=gpu:1\")").arg(spec);
      return nullptr;
    }
    return std::make_unique<CommandTarget>(prefix);
  };
  return s;
}

const QList<TargetScheme>& targetSchemes() {
  // One line per scheme: a new target is one unit plus one line here.
  static const QList<TargetScheme> table{localTargetScheme(), commandTargetScheme(), sshTargetScheme(),
                                         slurmTargetScheme(), slurmSshTargetScheme()};
  return table;
}

QString targetSchemesHelp(int indent) {
  const QString pad(indent, u' ');
  QString text;
  for (const TargetScheme& s : targetSchemes()) {
    text += pad + s.syntax + u'\n';
    for (const QString& line : s.help.split(u'\n')) text += pad + QStringLiteral("    ") + line + u'\n';
  }
  return text;
}

std::unique_ptr<Target> makeTarget(const QString& spec, QString* error) {
  QString ignored;
  QString* err = error ? error : &ignored;
  const QString s = spec.trimmed();
  const QString scheme = s.isEmpty() ? QStringLiteral("local") : s.section(u':', 0, 0);
  for (const TargetScheme& entry : targetSchemes())
    if (entry.scheme == scheme) return entry.make(s, err);
  QStringList known;
  for (const TargetScheme& entry : targetSchemes()) known << entry.syntax;
  *err = QStringLiteral("unknown target \"%1\": expected one of %2").arg(spec, known.join(QStringLiteral(", ")));
  return nullptr;
}

QString targetStartProblem(const Target& target) { return target.startProblem(); }

QString shellQuote(const QString& s) {
  if (!s.isEmpty() && s.contains(QRegularExpression(QStringLiteral("^[A-Za-z0-9_./=:,+@%-]+$")))) return s;
  QString q = s;
  q.replace(QLatin1String("'"), QLatin1String("'\\''"));
  return u'\'' + q + u'\'';
}

}  // namespace kwb
