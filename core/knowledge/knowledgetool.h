#pragma once
// Knowledge tools (the seed's Phase 2): a tool takes a JSON query and returns records whose ids,
// scope and source attribution are kept exactly as the tool returned them.

#include <QList>
#include <QString>

#include <nlohmann/json.hpp>

namespace kwb {

/// One record returned by a knowledge tool. `id` and `source` are never rewritten.
struct KnowledgeRecord {
  QString toolId;          ///< the tool that returned it (e.g. "spec-ledger")
  QString id;              ///< stable record id, exactly as returned
  QString title;
  QString content;         ///< the fact or experience, as text
  nlohmann::json scope;    ///< {vendor, arch, product, dsl, operator_family} where known
  QString source;          ///< attribution (document title, URL, date, or store path), exact
  QString constraint;      ///< the constraint it establishes for the plan ("" if none)
  bool fallback = false;   ///< a fallback sample, NOT a match: must be labelled as such wherever shown
};

/// Result of one query: records, or an error (a hardware-fact lookup fails loudly).
struct KnowledgeResult {
  bool ok = false;
  QString error;
  QList<KnowledgeRecord> records;
};

/// A knowledge tool. Implementations must be reentrant for const calls.
class KnowledgeTool {
public:
  virtual ~KnowledgeTool() = default;
  /// Stable id used on the command line (`kwb plugin query ID`).
  virtual QString id() const = 0;
  virtual QString title() const = 0;
  /// What the tool is for, one paragraph (goes into .atrex_plugins/instructions.md).
  virtual QString description() const = 0;
  /// JSON Schema (draft 2020-12 subset: type, properties, required, enum) of the query input.
  virtual nlohmann::json inputSchema() const = 0;
  /// Answers a query. Never throws; errors come back in KnowledgeResult::error.
  virtual KnowledgeResult query(const nlohmann::json& input) const = 0;
};

nlohmann::json toJson(const KnowledgeRecord& r);

}  // namespace kwb
