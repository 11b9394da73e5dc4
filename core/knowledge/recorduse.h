#pragma once
// "Use this": a knowledge record the engineer chose is written into the workspace — a section
// appended to plans/v0_plan.md (id, scope, source exactly as returned, the constraint it
// establishes, fallbacks labelled) and, when memory/v0.json exists, an entry in its `references`
// and `search_log`. The same JSON entries are what the pipeline writes for the records it consulted.

#include <QString>

#include <nlohmann/json.hpp>

#include "core/knowledge/knowledgetool.h"

namespace kwb {

class Workspace;

/// Markdown section for plans/v0_plan.md: "## Knowledge used: <id>" with tool, id, scope, source,
/// content, the constraint and the query as sent. A fallback is titled as a FALLBACK sample.
QString planSectionFor(const KnowledgeRecord& record, const nlohmann::json& query);

/// memory/v<N>.json `references` item: {source_type: tool id, path_or_url: source, description:
/// "<id>: <content>", record_id: id} (the strings exactly as returned).
nlohmann::json referenceEntry(const KnowledgeRecord& record);

/// memory/v<N>.json `search_log` item: {source: tool id, query: query.dump(), finding: "<id> (<title>)"
/// (prefixed "FALLBACK sample, not a match: " for a fallback), actionability: the constraint}.
nlohmann::json searchLogEntry(const KnowledgeRecord& record, const nlohmann::json& query);

/// Appends planSectionFor() to plans/v0_plan.md of `ws` (the user's edits are kept: the file is
/// read, appended to and written atomically; it then counts as edited by the user, so a later
/// phase-2 regeneration keeps it), and appends referenceEntry()/searchLogEntry() to
/// memory/<version>.json when that file exists. A record already in the plan (same id under
/// "## Knowledge used") is not appended twice. Errors: no plans/v0_plan.md yet (run phase 2 first),
/// I/O errors, an unreadable memory record. Returns false with *error.
bool useRecordInWorkspace(Workspace& ws, const KnowledgeRecord& record, const nlohmann::json& query, QString* error,
                          const QString& version = QStringLiteral("v0"));

}  // namespace kwb
