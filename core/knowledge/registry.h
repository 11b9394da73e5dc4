#pragma once
// The flat, deterministic list of knowledge tools, with the enabled state remembered in QSettings
// (group "knowledge", key "disabled": the ids the user switched off).
//
// Sources, in this order: the built-in spec ledger; Qt plugins (KnowledgePlugin) found on the
// plugin search path; external tools declared by manifests. A plugin or manifest that fails to load
// becomes an entry with its error (listed by `kwb plugin list` and the plugin panel), never a crash.

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

#include "core/knowledge/knowledgetool.h"

class QPluginLoader;

namespace kwb {

/// One line of the registry: a loaded tool, or a plugin/manifest that failed to load.
struct ToolEntry {
  enum class Kind { Builtin, Plugin, External };
  QString id;  ///< the tool id; for a failed plugin its metadata id or file name
  Kind kind = Kind::Builtin;
  QString origin;                       ///< "built-in", the plugin file or the manifest file (absolute path)
  QString error;                        ///< why it did not load ("" when it did)
  const KnowledgeTool* tool = nullptr;  ///< null when it failed to load
};

/// "built-in" | "plugin" | "external".
QString toolKindName(ToolEntry::Kind kind);

class ToolRegistry {
 public:
  ToolRegistry();
  ~ToolRegistry();
  ToolRegistry(const ToolRegistry&) = delete;
  ToolRegistry& operator=(const ToolRegistry&) = delete;

  /// The process-wide registry: the built-in spec ledger, the plugins on defaultPluginSearchPath()
  /// and the manifests in defaultManifestDirs(), loaded on first use.
  static ToolRegistry& instance();

  /// Where plugins are looked for, in order: each folder of $KWB_PLUGIN_PATH (':'-separated),
  /// `<application dir>/../plugins` (the bundle and the build tree), `<application dir>/../lib/
  /// kernel-workbench/plugins` (an installed tree), the build's plugins folder (compiled in). Folders that do not exist
  /// are kept (the list says where it looked).
  static QStringList defaultPluginSearchPath();
  /// Where external-tool manifests are looked for: each folder of $KWB_TOOLS_DIR (':'-separated),
  /// then `<generic config dir>/KernelWorkbench/tools` (~/.config/KernelWorkbench/tools).
  static QStringList defaultManifestDirs();

  /// Adds a built-in tool; a duplicate id is refused (false) and listed as an error entry.
  bool add(std::unique_ptr<KnowledgeTool> tool);
  /// Loads every `*.so` in each folder (folders in the given order, files by name; a folder seen
  /// twice, e.g. through a symlink, is scanned once). Files whose plugin IID is not a Kernel
  /// Workbench one (e.g. Qt's own plugins) are skipped silently; every other failure (not a plugin,
  /// unresolved symbols, wrong interface version, duplicate tool id, exception in createTools) is an
  /// error entry. Returns the number of tools added.
  int loadPlugins(const QStringList& dirs);
  /// Loads every `*.json` manifest in each folder (by name) as an ExternalTool; a malformed manifest
  /// or a duplicate id is an error entry. Returns the number of tools added.
  int loadManifests(const QStringList& dirs);

  /// Every entry (loaded or failed), sorted by id, then origin.
  QList<ToolEntry> entries() const;
  /// The entries that failed to load.
  QList<ToolEntry> failures() const;
  /// All loaded tools, sorted by id.
  QList<const KnowledgeTool*> tools() const;
  /// Loaded tools that the user has not disabled and that are not disabled for this session.
  QList<const KnowledgeTool*> enabledTools() const;
  /// An enabled tool by id, or nullptr.
  const KnowledgeTool* tool(const QString& id) const;
  /// A loaded tool by id whether enabled or not, or nullptr.
  const KnowledgeTool* anyTool(const QString& id) const;
  /// False when the user disabled it (QSettings) or it is disabled for this session.
  bool isEnabled(const QString& id) const;
  /// Persists the user's choice (QSettings "knowledge/disabled").
  void setEnabled(const QString& id, bool enabled);

 private:
  void addEntry(ToolEntry e);
  bool addTool(std::unique_ptr<KnowledgeTool> tool, ToolEntry::Kind kind, const QString& origin);
  int loadPluginFile(const QString& path);

  std::vector<std::unique_ptr<KnowledgeTool>> m_tools;
  std::vector<std::unique_ptr<QPluginLoader>> m_loaders;  // kept loaded: the tools' code lives there
  QList<ToolEntry> m_entries;
};

/// Markdown for .atrex_plugins/instructions.md: the enabled tools, their input schemas, and the
/// seed's rules for using them (exact ids, hardware scope, fallbacks are not matches).
QString renderInstructions(const QList<const KnowledgeTool*>& tools);

}  // namespace kwb
