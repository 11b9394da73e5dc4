#include "core/knowledge/externaltool.h"

#include "core/input/boundedinput.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>

#include <csignal>
#include <unistd.h>

namespace kwb {

namespace {

QString jstr(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

// Printable head of bytes a tool wrote, for messages (control characters replaced).
QString head(const QByteArray& bytes, int n = 120) {
  QString s = QString::fromUtf8(bytes.left(n));
  for (QChar& c : s)
    if (c.isNonCharacter() || (c.unicode() < 0x20 && c != u'\n')) c = u'?';
  s.replace(u'\n', u' ');
  return s + (bytes.size() > n ? QStringLiteral("…") : QString());
}

// Kills the tool and anything it started (it runs in its own process group), then reaps it.
void killGroup(QProcess& p) {
  const qint64 pid = p.processId();
  if (pid > 1) ::kill(static_cast<pid_t>(-pid), SIGKILL);
  p.kill();
  p.waitForFinished(2000);
}

thread_local QueryStopScope* t_stopScope = nullptr;  // the innermost QueryStopScope of this thread

}  // namespace

QueryStopScope::QueryStopScope(std::function<bool()> poll) : m_poll(std::move(poll)), m_outer(t_stopScope) {
  t_stopScope = this;
}

QueryStopScope::~QueryStopScope() { t_stopScope = m_outer; }

bool QueryStopScope::stopRequested() { return t_stopScope && t_stopScope->m_poll && t_stopScope->m_poll(); }

std::optional<ExternalToolManifest> readToolManifest(const QString& path, QString* error) {
  auto fail = [&](const QString& why) {
    if (error) *error = QStringLiteral("%1: %2").arg(path, why);
    return std::optional<ExternalToolManifest>();
  };
  QString why;
  const std::optional<QByteArray> bytes = readBoundedFile(path, limits::kQuery.maxBytes, &why);
  if (!bytes) {
    if (error) *error = QStringLiteral("cannot read %1").arg(why);
    return std::nullopt;
  }
  const nlohmann::json j = parseBoundedJson(*bytes, limits::kQuery, &why).value_or(nlohmann::json());
  if (!j.is_object()) return fail(why.isEmpty() ? QStringLiteral("not a JSON object") : why);
  ExternalToolManifest m;
  m.manifestPath = QFileInfo(path).absoluteFilePath();
  m.id = jstr(j, "name");
  static const QRegularExpression idRe(QStringLiteral("^[A-Za-z0-9._-]+$"));
  if (!idRe.match(m.id).hasMatch()) return fail(QStringLiteral("\"name\" must be a string of [A-Za-z0-9._-]"));
  m.title = jstr(j, "title").isEmpty() ? m.id : jstr(j, "title");
  m.description = jstr(j, "description");
  const auto cmd = j.find("command");
  if (cmd != j.end() && cmd->is_string()) {
    m.command = QString::fromStdString(cmd->get<std::string>()).split(u' ', Qt::SkipEmptyParts);
  } else if (cmd != j.end() && cmd->is_array()) {
    for (const auto& a : *cmd) {
      if (!a.is_string()) return fail(QStringLiteral("\"command\" must be a string or an array of strings"));
      m.command.append(QString::fromStdString(a.get<std::string>()));
    }
  }
  if (m.command.isEmpty()) return fail(QStringLiteral("\"command\" is missing or empty"));
  const QDir dir = QFileInfo(path).absoluteDir();
  for (QString& part : m.command)
    if (QFileInfo(part).isRelative() && QFileInfo::exists(dir.absoluteFilePath(part)))
      part = dir.absoluteFilePath(part);
  const auto schema = j.find("input_schema");
  if (schema == j.end() || !schema->is_object())
    return fail(QStringLiteral("\"input_schema\" (a JSON Schema object) is missing"));
  m.inputSchema = *schema;
  if (j.contains("timeout_ms")) {
    if (!j["timeout_ms"].is_number_integer() || j["timeout_ms"].get<long long>() <= 0)
      return fail(QStringLiteral("\"timeout_ms\" must be a positive integer"));
    m.timeoutMs = static_cast<int>(std::min<long long>(j["timeout_ms"].get<long long>(), 600000));
  }
  if (j.contains("output_cap_bytes")) {
    if (!j["output_cap_bytes"].is_number_integer() || j["output_cap_bytes"].get<long long>() <= 0)
      return fail(QStringLiteral("\"output_cap_bytes\" must be a positive integer"));
    m.outputCapBytes = j["output_cap_bytes"].get<long long>();
  }
  return m;
}

ExternalTool::ExternalTool(ExternalToolManifest manifest) : m_m(std::move(manifest)) {}

std::unique_ptr<ExternalTool> ExternalTool::fromManifest(const QString& path, QString* error) {
  std::optional<ExternalToolManifest> m = readToolManifest(path, error);
  if (!m) return nullptr;
  return std::make_unique<ExternalTool>(std::move(*m));
}

QString ExternalTool::disabledReason() const {
  const QMutexLocker lock(&m_mutex);
  return m_disabled;
}

QStringList ExternalTool::diagnostics() const {
  const QString why = disabledReason();
  return why.isEmpty() ? QStringList() : QStringList{QStringLiteral("disabled for this session: ") + why};
}

KnowledgeResult ExternalTool::disable(const QString& why) const {
  {
    const QMutexLocker lock(&m_mutex);
    if (m_disabled.isEmpty()) m_disabled = why;
  }
  KnowledgeResult r;
  r.error = QStringLiteral("%1: %2; the tool is disabled for this session").arg(m_m.id, why);
  return r;
}

KnowledgeResult ExternalTool::query(const nlohmann::json& input) const {
  if (const QString why = disabledReason(); !why.isEmpty()) {
    KnowledgeResult r;
    r.error = QStringLiteral("%1 is disabled for this session: %2").arg(m_m.id, why);
    return r;
  }
  QProcess p;
  p.setProgram(m_m.command.constFirst());
  p.setArguments(m_m.command.mid(1));
  p.setWorkingDirectory(QFileInfo(m_m.manifestPath).absolutePath());
  // Its own process group, so a timeout kills the tool's children too.
  p.setChildProcessModifier([] { ::setpgid(0, 0); });
  p.start();
  if (!p.waitForStarted(5000))
    return disable(QStringLiteral("cannot start '%1': %2").arg(m_m.command.join(u' '), p.errorString()));
  p.write(QByteArray::fromStdString(input.dump()) + '\n');
  p.closeWriteChannel();

  QByteArray out;
  QByteArray err;
  const QDeadlineTimer deadline(m_m.timeoutMs);
  while (true) {
    p.waitForReadyRead(static_cast<int>(std::clamp<qint64>(deadline.remainingTime(), 0, 50)));
    out += p.readAllStandardOutput();
    const QByteArray e = p.readAllStandardError();
    if (err.size() < 64 * 1024) err += e;
    if (out.size() > m_m.outputCapBytes) {
      killGroup(p);
      return disable(
          QStringLiteral("printed more than %1 bytes on stdout (the output cap); cut off").arg(m_m.outputCapBytes));
    }
    if (p.state() == QProcess::NotRunning) break;
    if (QueryStopScope::stopRequested()) {  // the user's stop, not the tool's fault: it stays enabled
      killGroup(p);
      KnowledgeResult r;
      r.error = QStringLiteral("%1: stopped on request before it answered (the tool was ended)").arg(m_m.id);
      return r;
    }
    if (deadline.hasExpired()) {
      killGroup(p);
      return disable(QStringLiteral("no answer within %1 ms (timeout); killed").arg(m_m.timeoutMs));
    }
  }
  out += p.readAllStandardOutput();
  if (out.size() > m_m.outputCapBytes)
    return disable(
        QStringLiteral("printed more than %1 bytes on stdout (the output cap); cut off").arg(m_m.outputCapBytes));
  if (p.exitStatus() != QProcess::NormalExit)
    return disable(QStringLiteral("crashed (%1); stderr: %2").arg(p.errorString(), head(err)));

  // Its size is capped above; its nesting is bounded here (records are walked and dumped recursively).
  QString parseWhy;
  const nlohmann::json doc =
      parseBoundedJson(out, {m_m.outputCapBytes, limits::kDataFile.maxDepth}, &parseWhy).value_or(nlohmann::json());
  if (!doc.is_object()) {
    if (p.exitCode() != 0)
      return disable(QStringLiteral("exited with code %1; stderr: %2").arg(p.exitCode()).arg(head(err)));
    return disable(QStringLiteral("printed output that is not a JSON object (first bytes: \"%1\")").arg(head(out)));
  }
  KnowledgeResult r;
  if (doc.contains("error")) {  // a lookup the tool itself refused: a normal failure, not misbehaviour
    r.error = QStringLiteral("%1: %2").arg(
        m_m.id, doc["error"].is_string() ? jstr(doc, "error") : QString::fromStdString(doc["error"].dump()));
    return r;
  }
  const auto recs = doc.find("records");
  if (recs == doc.end() || !recs->is_array())
    return disable(QStringLiteral("the JSON it printed has neither \"records\" (an array) nor \"error\""));
  for (const auto& j : *recs) {
    QString why;
    std::optional<KnowledgeRecord> rec = recordFromJson(j, m_m.id, &why);
    if (!rec) return disable(QStringLiteral("malformed record: %1").arg(why));
    r.records.append(*rec);
  }
  if (doc.contains("notes") && doc["notes"].is_array())
    for (const auto& n : doc["notes"])
      if (n.is_string()) r.notes.append(QString::fromStdString(n.get<std::string>()));
  r.ok = true;
  return r;
}

}  // namespace kwb
