#include "core/knowledge/recorduse.h"

#include <QFileInfo>

#include "core/records/memoryrecord.h"
#include "core/workspace/workspace.h"

namespace kwb {

namespace {

const QString kPlan = QStringLiteral("plans/v0_plan.md");

QString scopeLine(const nlohmann::json& scope) {
  if (!scope.is_object() || scope.empty()) return QStringLiteral("(none stated)");
  QStringList parts;
  for (auto it = scope.begin(); it != scope.end(); ++it)
    parts << QString::fromStdString(it.key()) + u'=' +
                 (it->is_string() ? QString::fromStdString(it->get<std::string>())
                                  : QString::fromStdString(it->dump()));
  return parts.join(QStringLiteral(", "));
}

QString heading(const KnowledgeRecord& r) { return QStringLiteral("## Knowledge used: `%1`").arg(r.id); }

}  // namespace

QString planSectionFor(const KnowledgeRecord& r, const nlohmann::json& query) {
  QString md = u'\n' + heading(r) + QStringLiteral("\n\n");
  if (r.fallback)
    md += QStringLiteral(
        "> **FALLBACK sample, NOT a match** for this problem's scope: kept only as a labelled example.\n\n");
  md += QStringLiteral("- Tool: `%1`; query as sent: `%2`\n").arg(r.toolId, QString::fromStdString(query.dump()));
  md += QStringLiteral("- Record id: `%1`\n").arg(r.id);
  md += QStringLiteral("- Scope: %1\n").arg(scopeLine(r.scope));
  md += QStringLiteral("- Source: %1\n").arg(r.source);
  if (!r.title.isEmpty()) md += QStringLiteral("- Title: %1\n").arg(r.title);
  md += QStringLiteral("- Constraint it establishes: %1\n")
            .arg(r.constraint.isEmpty() ? QStringLiteral("(none stated by the tool; write it here)") : r.constraint);
  if (!r.content.isEmpty()) {
    QString quoted = r.content;
    quoted.replace(u'\n', QStringLiteral("\n> "));
    md += QStringLiteral("\n> %1\n").arg(quoted);
  }
  return md;
}

nlohmann::json referenceEntry(const KnowledgeRecord& r) {
  return {{"source_type", r.toolId.toStdString()},
          {"path_or_url", r.source.toStdString()},
          {"description", QString(r.id + QStringLiteral(": ") + r.content).toStdString()},
          {"record_id", r.id.toStdString()}};
}

nlohmann::json searchLogEntry(const KnowledgeRecord& r, const nlohmann::json& query) {
  QString finding = r.title.isEmpty() ? r.id : QStringLiteral("%1 (%2)").arg(r.id, r.title);
  if (r.fallback) finding.prepend(QStringLiteral("FALLBACK sample, not a match: "));
  return {{"source", r.toolId.toStdString()},
          {"query", query.dump()},
          {"finding", finding.toStdString()},
          {"actionability", r.constraint.toStdString()}};
}

bool useRecordInWorkspace(Workspace& ws, const KnowledgeRecord& record, const nlohmann::json& query, QString* error,
                          const QString& version) {
  if (!QFileInfo::exists(ws.path(kPlan))) {
    if (error) *error = QStringLiteral("%1 does not exist yet: run phase 2 (Learn) first").arg(ws.path(kPlan));
    return false;
  }
  QString err;
  const QByteArray plan = ws.read(kPlan, &err);
  if (!err.isEmpty()) {
    if (error) *error = err;
    return false;
  }
  // Appending keeps whatever the user wrote; writing it as owned marks the plan as no longer the
  // generated one, so a later phase 2 keeps it instead of regenerating over the chosen records.
  if (!QString::fromUtf8(plan).contains(heading(record))) {
    QByteArray next = plan;
    if (!next.endsWith('\n')) next += '\n';
    next += planSectionFor(record, query).toUtf8();
    if (!ws.writeOwned(kPlan, next, error)) return false;
  }
  const QString mem = memoryPath(ws.root(), version);
  if (!QFileInfo::exists(mem)) return true;  // phase 4 writes it later from the job's records
  std::optional<MemoryRecord> rec = MemoryRecord::load(mem, error);
  if (!rec) return false;
  const nlohmann::json refs = rec->value(QStringLiteral("references"));
  if (refs.is_array())
    for (const auto& r : refs)
      if (r.is_object() && r.value("record_id", std::string()) == record.id.toStdString()) return true;
  if (!rec->append(QStringLiteral("references"), referenceEntry(record), error)) return false;
  if (!rec->append(QStringLiteral("search_log"), searchLogEntry(record, query), error)) return false;
  return rec->save(mem, error);
}

}  // namespace kwb
