#include "core/knowledge/registry.h"

#include "core/input/boundedinput.h"
#include "core/knowledge/inputschema.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QPluginLoader>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>

#include <algorithm>
#include <exception>

#include "core/knowledge/externaltool.h"
#include "core/knowledge/specledgertool.h"

#ifndef KWB_PLUGIN_BUILD_DIR
#define KWB_PLUGIN_BUILD_DIR ""
#endif

namespace kwb {

namespace {

const QString kDisabledKey = QStringLiteral("knowledge/disabled");

// Every registered tool behind one guard: a query is checked against the tool's input schema first
// (a mistyped or unknown field is an error, never a silently ignored filter), and an exception
// escaping tool code (a plugin's above all) becomes an error result instead of ending the application.
class GuardedTool final : public KnowledgeTool {
 public:
  explicit GuardedTool(std::unique_ptr<KnowledgeTool> t) : m_t(std::move(t)) {}
  QString id() const override { return m_t->id(); }
  QString title() const override { return m_t->title(); }
  QString description() const override { return m_t->description(); }
  nlohmann::json inputSchema() const override {
    try {
      return m_t->inputSchema();
    } catch (...) {
      return nlohmann::json::object();
    }
  }
  KnowledgeResult query(const nlohmann::json& input) const override {
    try {
      // A query nested beyond any tool's schema is refused before a tool walks it (recursion).
      if (jsonValueDepth(input, limits::kQuery.maxDepth) > limits::kQuery.maxDepth) {
        KnowledgeResult r;
        r.error = QStringLiteral("%1: invalid query: nested deeper than %2 levels")
                      .arg(m_t->id())
                      .arg(limits::kQuery.maxDepth);
        return r;
      }
      // A mistyped or unknown field is the caller's error, said so, not a silently ignored filter.
      if (const QString why = inputSchemaViolation(m_t->inputSchema(), input); !why.isEmpty()) {
        KnowledgeResult r;
        r.error = QStringLiteral("%1: invalid query: %2").arg(m_t->id(), why);
        return r;
      }
      return m_t->query(input);
    } catch (const std::exception& e) {
      KnowledgeResult r;
      r.error = QStringLiteral("%1: the plugin threw an exception: %2").arg(m_t->id(), QString::fromUtf8(e.what()));
      return r;
    } catch (...) {
      KnowledgeResult r;
      r.error = QStringLiteral("%1: the plugin threw an unknown exception").arg(m_t->id());
      return r;
    }
  }
  QStringList diagnostics() const override { return m_t->diagnostics(); }
  QString disabledReason() const override { return m_t->disabledReason(); }

 private:
  std::unique_ptr<KnowledgeTool> m_t;
};

QStringList splitPathList(const QString& value) {
  QStringList out;
  for (const QString& p : value.split(u':', Qt::SkipEmptyParts)) out.append(p);
  return out;
}

}  // namespace

nlohmann::json toJson(const KnowledgeRecord& r) {
  nlohmann::json j = {{"tool", r.toolId.toStdString()},
                      {"id", r.id.toStdString()},
                      {"title", r.title.toStdString()},
                      {"content", r.content.toStdString()},
                      {"scope", r.scope.is_null() ? nlohmann::json::object() : r.scope},
                      {"source", r.source.toStdString()},
                      {"constraint", r.constraint.toStdString()},
                      {"fallback", r.fallback}};
  if (r.score != 0.0) j["score"] = r.score;
  return j;
}

std::optional<KnowledgeRecord> recordFromJson(const nlohmann::json& j, const QString& toolId, QString* error) {
  auto fail = [&](const QString& why) {
    if (error) *error = why;
    return std::optional<KnowledgeRecord>();
  };
  if (!j.is_object()) return fail(QStringLiteral("a record is not a JSON object"));
  auto text = [&](const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
  };
  KnowledgeRecord r;
  r.toolId = toolId;
  r.id = text("id");
  r.source = text("source");
  if (r.id.isEmpty()) return fail(QStringLiteral("a record has no \"id\" string"));
  if (r.source.isEmpty()) return fail(QStringLiteral("record %1 has no \"source\" string").arg(r.id));
  r.title = text("title");
  r.content = text("content");
  r.constraint = text("constraint");
  if (j.contains("scope") && (j["scope"].is_object() || j["scope"].is_null())) r.scope = j["scope"];
  if (j.contains("fallback") && j["fallback"].is_boolean()) r.fallback = j["fallback"].get<bool>();
  if (j.contains("score") && j["score"].is_number()) r.score = j["score"].get<double>();
  if (j.contains("detail")) r.detail = j["detail"];
  return r;
}

QString toolKindName(ToolEntry::Kind kind) {
  switch (kind) {
    case ToolEntry::Kind::Builtin:
      return QStringLiteral("built-in");
    case ToolEntry::Kind::Plugin:
      return QStringLiteral("plugin");
    case ToolEntry::Kind::External:
      return QStringLiteral("external");
  }
  return {};
}

ToolRegistry::ToolRegistry() = default;
ToolRegistry::~ToolRegistry() {
  // Tools first: their code lives in the plugin libraries, which stay loaded (never unloaded).
  m_tools.clear();  // QPluginLoader's destructor never unloads, so the order of the rest is free
}

ToolRegistry& ToolRegistry::instance() {
  static ToolRegistry* reg = [] {
    auto* r = new ToolRegistry;
    r->add(std::make_unique<SpecLedgerTool>());
    r->loadPlugins(defaultPluginSearchPath());
    r->loadManifests(defaultManifestDirs());
    return r;
  }();
  return *reg;
}

QStringList ToolRegistry::defaultPluginSearchPath() {
  QStringList dirs = splitPathList(qEnvironmentVariable("KWB_PLUGIN_PATH"));
  if (QCoreApplication::instance()) {
    const QString app = QCoreApplication::applicationDirPath();
    dirs.append(QDir::cleanPath(app + QStringLiteral("/../plugins")));                       // bundle, build tree
    dirs.append(QDir::cleanPath(app + QStringLiteral("/../lib/kernel-workbench/plugins")));  // `cmake --install`
  }
  const QString built = QStringLiteral(KWB_PLUGIN_BUILD_DIR);
  if (!built.isEmpty()) dirs.append(QDir::cleanPath(built));
  return dirs;
}

QStringList ToolRegistry::defaultManifestDirs() {
  QStringList dirs = splitPathList(qEnvironmentVariable("KWB_TOOLS_DIR"));
  const QString config = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation);
  if (!config.isEmpty()) dirs.append(config + QStringLiteral("/KernelWorkbench/tools"));
  return dirs;
}

void ToolRegistry::addEntry(ToolEntry e) {
  m_entries.append(std::move(e));
  std::stable_sort(m_entries.begin(), m_entries.end(), [](const ToolEntry& a, const ToolEntry& b) {
    return a.id != b.id ? a.id < b.id : a.origin < b.origin;
  });
}

bool ToolRegistry::addTool(std::unique_ptr<KnowledgeTool> tool, ToolEntry::Kind kind, const QString& origin) {
  if (!tool) return false;
  const QString id = tool->id();
  for (const ToolEntry& e : std::as_const(m_entries)) {
    if (e.tool && e.id == id) {
      addEntry({id, kind, origin, QStringLiteral("duplicate tool id '%1': already provided by %2").arg(id, e.origin),
                nullptr});
      return false;
    }
  }
  if (id.isEmpty()) {
    addEntry({QStringLiteral("(no id)"), kind, origin, QStringLiteral("the tool has an empty id"), nullptr});
    return false;
  }
  m_tools.push_back(std::make_unique<GuardedTool>(std::move(tool)));
  addEntry({id, kind, origin, QString(), m_tools.back().get()});
  return true;
}

bool ToolRegistry::add(std::unique_ptr<KnowledgeTool> tool) {
  return addTool(std::move(tool), ToolEntry::Kind::Builtin, QStringLiteral("built-in"));
}

int ToolRegistry::loadPlugins(const QStringList& dirs) {
  QSet<QString> seen;
  int added = 0;
  for (const QString& dir : dirs) {
    const QString canonical = QFileInfo(dir).canonicalFilePath();
    if (canonical.isEmpty() || seen.contains(canonical)) continue;
    seen.insert(canonical);
    const QDir d(canonical);
    for (const QString& name : d.entryList({QStringLiteral("*.so")}, QDir::Files, QDir::Name))
      added += loadPluginFile(d.absoluteFilePath(name));
  }
  return added;
}

int ToolRegistry::loadPluginFile(const QString& path) {
  auto loader = std::make_unique<QPluginLoader>(path);
  const QString fileId = QFileInfo(path).fileName();
  auto fail = [&](const QString& id, const QString& why) {
    addEntry({id, ToolEntry::Kind::Plugin, path, why, nullptr});
    return 0;
  };
  const QJsonObject meta = loader->metaData();
  if (meta.isEmpty()) return fail(fileId, QStringLiteral("not a Qt plugin: %1").arg(loader->errorString()));
  const QString iid = meta.value(QStringLiteral("IID")).toString();
  const QJsonObject own = meta.value(QStringLiteral("MetaData")).toObject();
  const QString metaId = own.value(QStringLiteral("id")).toString(fileId);
  if (iid != QLatin1String(KwbKnowledgePlugin_iid)) {
    if (!iid.startsWith(QLatin1String("org.kernelworkbench."))) return 0;  // someone else's plugin
    return fail(metaId, QStringLiteral("plugin interface %1, this build expects %2: rebuild the plugin")
                            .arg(iid, QLatin1String(KwbKnowledgePlugin_iid)));
  }
  QObject* root = loader->instance();
  if (!root) return fail(metaId, QStringLiteral("cannot load: %1").arg(loader->errorString()));
  auto* plugin = qobject_cast<KnowledgePlugin*>(root);
  if (!plugin) return fail(metaId, QStringLiteral("the plugin's root object does not implement KnowledgePlugin"));
  std::vector<std::unique_ptr<KnowledgeTool>> tools;
  try {
    tools = plugin->createTools();
  } catch (const std::exception& e) {
    return fail(metaId, QStringLiteral("createTools() threw: %1").arg(QString::fromUtf8(e.what())));
  } catch (...) {
    return fail(metaId, QStringLiteral("createTools() threw an unknown exception"));
  }
  if (tools.empty()) return fail(metaId, QStringLiteral("the plugin provides no tools"));
  int added = 0;
  for (auto& t : tools)
    if (t && addTool(std::move(t), ToolEntry::Kind::Plugin, path)) ++added;
  m_loaders.push_back(std::move(loader));
  return added;
}

int ToolRegistry::loadManifests(const QStringList& dirs) {
  QSet<QString> seen;
  int added = 0;
  for (const QString& dir : dirs) {
    const QString canonical = QFileInfo(dir).canonicalFilePath();
    if (canonical.isEmpty() || seen.contains(canonical)) continue;
    seen.insert(canonical);
    const QDir d(canonical);
    for (const QString& name : d.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
      const QString path = d.absoluteFilePath(name);
      QString error;
      std::unique_ptr<ExternalTool> tool = ExternalTool::fromManifest(path, &error);
      if (!tool) {
        addEntry({QFileInfo(name).completeBaseName(), ToolEntry::Kind::External, path, error, nullptr});
        continue;
      }
      if (addTool(std::move(tool), ToolEntry::Kind::External, path)) ++added;
    }
  }
  return added;
}

QList<ToolEntry> ToolRegistry::entries() const { return m_entries; }

QList<ToolEntry> ToolRegistry::failures() const {
  QList<ToolEntry> out;
  for (const ToolEntry& e : m_entries)
    if (!e.tool) out.append(e);
  return out;
}

QList<const KnowledgeTool*> ToolRegistry::tools() const {
  QList<const KnowledgeTool*> list;
  for (const ToolEntry& e : m_entries)
    if (e.tool) list.append(e.tool);
  return list;
}

QList<const KnowledgeTool*> ToolRegistry::enabledTools() const {
  QList<const KnowledgeTool*> list;
  for (const KnowledgeTool* t : tools())
    if (isEnabled(t->id())) list.append(t);
  return list;
}

const KnowledgeTool* ToolRegistry::anyTool(const QString& id) const {
  for (const ToolEntry& e : m_entries)
    if (e.tool && e.id == id) return e.tool;
  return nullptr;
}

const KnowledgeTool* ToolRegistry::tool(const QString& id) const {
  const KnowledgeTool* t = anyTool(id);
  return t && isEnabled(id) ? t : nullptr;
}

bool ToolRegistry::isEnabled(const QString& id) const {
  if (const KnowledgeTool* t = anyTool(id); t && !t->disabledReason().isEmpty()) return false;
  const QSettings s;
  return !s.value(kDisabledKey).toStringList().contains(id);
}

void ToolRegistry::setEnabled(const QString& id, bool enabled) {
  QSettings s;
  QStringList disabled = s.value(kDisabledKey).toStringList();
  disabled.removeAll(id);
  if (!enabled) disabled.append(id);
  disabled.sort();
  s.setValue(kDisabledKey, disabled);
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
  if (tools.isEmpty())
    md += QStringLiteral("No knowledge tool is enabled: record missing facts explicitly in plans/v0_plan.md.\n");
  for (const KnowledgeTool* t : tools) {
    md += QStringLiteral("## `%1` — %2\n\n%3\n\nInput schema:\n\n```json\n%4\n```\n\n")
              .arg(t->id(), t->title(), t->description(), QString::fromStdString(t->inputSchema().dump(2)));
  }
  return md;
}

}  // namespace kwb
