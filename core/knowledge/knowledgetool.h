#pragma once
// Knowledge tools (the seed's Phase 2): a tool takes a JSON query and returns records whose ids,
// scope and source attribution are kept exactly as the tool returned them.
//
// Tools come from three places (see registry.h): built in (the GPU spec ledger), Qt plugins that
// implement KnowledgePlugin (plugins/<name>/, loaded with QPluginLoader), and external commands
// declared by a manifest (externaltool.h).

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

namespace kwb {

/// One record returned by a knowledge tool. `id` and `source` are never rewritten.
struct KnowledgeRecord {
  QString toolId;  ///< the tool that returned it (e.g. "spec-ledger")
  QString id;      ///< stable record id, exactly as returned
  QString title;
  QString content;        ///< the fact or experience, as text
  nlohmann::json scope;   ///< {vendor, arch, product, dsl, operator_family} where known, as the store states it
  QString source;         ///< attribution (document title, URL, date, or store path), exact
  QString constraint;     ///< the constraint it establishes for the plan ("" if none)
  bool fallback = false;  ///< a fallback sample, NOT a match: must be labelled as such wherever shown
  double score = 0.0;     ///< ranking score of a ranked (experience) tool; 0 for exact lookups
  nlohmann::json detail;  ///< the record's own payload/facts for a detail view (may be null)
};

/// Result of one query: records, or an error (a hardware-fact lookup fails loudly).
struct KnowledgeResult {
  bool ok = false;
  QString error;
  QList<KnowledgeRecord> records;
  QStringList notes;  ///< e.g. "no record matches; 3 fallback samples shown (NOT matches)"
};

/// A knowledge tool. Implementations must be reentrant for const calls (the GUI queries from a
/// worker thread).
class KnowledgeTool {
 public:
  virtual ~KnowledgeTool() = default;
  /// Stable id used on the command line (`kwb plugin query ID`).
  virtual QString id() const = 0;
  virtual QString title() const = 0;
  /// What the tool is for, one paragraph (goes into .atrex_plugins/instructions.md).
  virtual QString description() const = 0;
  /// JSON Schema (draft 2020-12 subset: type, properties, required, enum, items, description) of
  /// the query input. The plugin panel generates its form from it.
  virtual nlohmann::json inputSchema() const = 0;
  /// Answers a query. Never throws; errors come back in KnowledgeResult::error.
  virtual KnowledgeResult query(const nlohmann::json& input) const = 0;
  /// Problems found while loading the tool's data (malformed records: "file: reason"), or why the
  /// tool is disabled for this session. Empty when there are none (or nothing was loaded yet).
  virtual QStringList diagnostics() const { return {}; }
  /// Non-empty when the tool misbehaved (an external tool that hung, printed garbage or too much)
  /// and is switched off for the rest of this session: the reason, for lists and error messages.
  virtual QString disabledReason() const { return {}; }
};

/// The interface a knowledge-tool Qt plugin's root object implements (plus QObject): a factory of
/// the tools it provides. The registry owns the tools it creates; the plugin object stays loaded.
class KnowledgePlugin {
 public:
  virtual ~KnowledgePlugin() = default;
  /// Creates the plugin's tools (one or more), each with a distinct id.
  virtual std::vector<std::unique_ptr<KnowledgeTool>> createTools() const = 0;
};

/// The record as JSON: {tool, id, title, content, scope, source, constraint, fallback[, score]}.
nlohmann::json toJson(const KnowledgeRecord& r);
/// Reads a record written by toJson() or returned by an external tool. `id` and `source` must be
/// non-empty strings; returns std::nullopt and sets *error otherwise. Strings are kept byte for byte.
std::optional<KnowledgeRecord> recordFromJson(const nlohmann::json& j, const QString& toolId, QString* error);

}  // namespace kwb

#define KwbKnowledgePlugin_iid "org.kernelworkbench.KnowledgePlugin/1.0"
Q_DECLARE_INTERFACE(kwb::KnowledgePlugin, KwbKnowledgePlugin_iid)
