#pragma once
// The flat, deterministic list of knowledge tools, with the enabled state remembered in QSettings
// (group "knowledge", key "disabled": the ids the user switched off).

#include <QList>
#include <QString>

#include <memory>
#include <vector>

#include "core/knowledge/knowledgetool.h"

namespace kwb {

class ToolRegistry {
public:
  /// The process-wide registry holding the built-in tools (spec ledger, ...), sorted by id.
  static ToolRegistry& instance();

  /// Adds a tool; a duplicate id replaces nothing and returns false.
  bool add(std::unique_ptr<KnowledgeTool> tool);
  /// All tools, sorted by id.
  QList<const KnowledgeTool*> tools() const;
  /// Tools not disabled by the user, sorted by id.
  QList<const KnowledgeTool*> enabledTools() const;
  /// An enabled tool by id, or nullptr.
  const KnowledgeTool* tool(const QString& id) const;
  bool isEnabled(const QString& id) const;
  /// Persists the choice (QSettings).
  void setEnabled(const QString& id, bool enabled);

private:
  std::vector<std::unique_ptr<KnowledgeTool>> m_tools;
};

/// Markdown for .atrex_plugins/instructions.md: the enabled tools, their input schemas, and the
/// seed's rules for using them (exact ids, hardware scope, fallbacks are not matches).
QString renderInstructions(const QList<const KnowledgeTool*>& tools);

}  // namespace kwb
