#include "core/knowledge/registry.h"

#include <QSettings>

#include <algorithm>

#include "core/knowledge/specledgertool.h"

namespace kwb {

nlohmann::json toJson(const KnowledgeRecord& r) {
  return {{"tool", r.toolId.toStdString()},   {"id", r.id.toStdString()},
          {"title", r.title.toStdString()},   {"content", r.content.toStdString()},
          {"scope", r.scope.is_null() ? nlohmann::json::object() : r.scope},
          {"source", r.source.toStdString()}, {"constraint", r.constraint.toStdString()},
          {"fallback", r.fallback}};
}

ToolRegistry& ToolRegistry::instance() {
  static ToolRegistry* reg = [] {
    auto* r = new ToolRegistry;
    r->add(std::make_unique<SpecLedgerTool>());
    return r;
  }();
  return *reg;
}

bool ToolRegistry::add(std::unique_ptr<KnowledgeTool> tool) {
  if (!tool || this->tool(tool->id()) != nullptr) return false;
  for (const auto& t : m_tools)
    if (t->id() == tool->id()) return false;
  m_tools.push_back(std::move(tool));
  std::sort(m_tools.begin(), m_tools.end(), [](const auto& a, const auto& b) { return a->id() < b->id(); });
  return true;
}

QList<const KnowledgeTool*> ToolRegistry::tools() const {
  QList<const KnowledgeTool*> list;
  for (const auto& t : m_tools) list.append(t.get());
  return list;
}

QList<const KnowledgeTool*> ToolRegistry::enabledTools() const {
  QList<const KnowledgeTool*> list;
  for (const auto& t : m_tools)
    if (isEnabled(t->id())) list.append(t.get());
  return list;
}

const KnowledgeTool* ToolRegistry::tool(const QString& id) const {
  for (const auto& t : m_tools)
    if (t->id() == id && isEnabled(id)) return t.get();
  return nullptr;
}

bool ToolRegistry::isEnabled(const QString& id) const {
  const QSettings s;
  return !s.value(QStringLiteral("knowledge/disabled")).toStringList().contains(id);
}

void ToolRegistry::setEnabled(const QString& id, bool enabled) {
  QSettings s;
  QStringList disabled = s.value(QStringLiteral("knowledge/disabled")).toStringList();
  disabled.removeAll(id);
  if (!enabled) disabled.append(id);
  s.setValue(QStringLiteral("knowledge/disabled"), disabled);
}

QString renderInstructions(const QList<const KnowledgeTool*>& tools) {
  QString md = QStringLiteral(
      "# Enabled knowledge tools\n\n"
      "Written by Kernel Workbench. List them with `python3 tools/plugin.py list` and query one with\n"
      "`python3 tools/plugin.py query TOOL --input '{...}'` (both call `kwb plugin`).\n\n"
      "Rules (the seed's Phase 2):\n"
      "- Query with the exact product, runtime architecture, framework, operator, shapes and dtypes.\n"
      "- Keep every returned record id and source exactly as returned, in plans/v0_plan.md and in\n"
      "  memory/v0.json `references`.\n"
      "- Respect hardware scope: never substitute another GPU's facts; a hardware lookup that fails is a\n"
      "  missing fact to record, not a reason to use a similar part.\n"
      "- A record marked `fallback: true` is a sample, never a match.\n\n");
  if (tools.isEmpty()) md += QStringLiteral("No knowledge tool is enabled: record missing facts explicitly in plans/v0_plan.md.\n");
  for (const KnowledgeTool* t : tools) {
    md += QStringLiteral("## `%1` — %2\n\n%3\n\nInput schema:\n\n```json\n%4\n```\n\n")
              .arg(t->id(), t->title(), t->description(), QString::fromStdString(t->inputSchema().dump(2)));
  }
  return md;
}

}  // namespace kwb
