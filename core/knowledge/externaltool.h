#pragma once
// An external knowledge tool: a command declared by a JSON manifest that reads one JSON query on
// stdin and writes one JSON document on stdout:
//   {"records": [{"id", "source", "title", "content", "scope", "constraint", "fallback"}, ...]}
// or {"error": "why"} (a normal failed lookup). It runs with a timeout and an output cap; a tool that
// hangs, prints something that is not that JSON, or prints more than the cap is killed (its whole
// process group), the query fails with a clear message, and the tool is disabled for the session.
//
// Manifest (e.g. ~/.config/KernelWorkbench/tools/my-tool.json):
//   {"name": "my-tool", "title": "...", "description": "...",
//    "command": ["python3", "my_tool.py"],        // or one string, split on spaces
//    "input_schema": {"type": "object", "properties": {...}},
//    "timeout_ms": 10000, "output_cap_bytes": 1048576}
// A relative program or argument that names an existing file next to the manifest is resolved
// against the manifest's folder, which is also the working directory.

#include <QMutex>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

#include "core/knowledge/knowledgetool.h"

namespace kwb {

/// While one lives on a thread, every external tool queried on that thread asks @p poll every 50 ms and, once it
/// returns true, ends the tool's process group and answers the error "ID: stopped on request ..." at once (within
/// ~0.1 s, not the tool's timeout_ms); the tool stays enabled (it did not misbehave). Stop, Quit and Ctrl-C reach
/// a phase-2 query this way. A scope on the thread, not a query() argument, so that KnowledgeTool (the plugin
/// interface) keeps its signature. Scopes nest: the innermost poll is asked. @p poll must be callable from this
/// thread (an atomic flag when another thread decides).
class QueryStopScope {
 public:
  explicit QueryStopScope(std::function<bool()> poll);
  ~QueryStopScope();
  QueryStopScope(const QueryStopScope&) = delete;
  QueryStopScope& operator=(const QueryStopScope&) = delete;
  /// Whether the innermost scope on this thread asks to stop (false without one).
  static bool stopRequested();

 private:
  std::function<bool()> m_poll;
  QueryStopScope* m_outer;
};

struct ExternalToolManifest {
  QString id;  ///< "name" in the manifest: [A-Za-z0-9._-]+
  QString title;
  QString description;
  QStringList command;  ///< program and arguments (resolved)
  nlohmann::json inputSchema = nlohmann::json::object();
  int timeoutMs = 10000;                ///< wall-clock limit of one query (ms)
  qint64 outputCapBytes = 1024 * 1024;  ///< stdout limit of one query (bytes)
  QString manifestPath;                 ///< absolute path of the manifest
};

/// Parses a manifest file. Returns nullopt and sets *error ("file: reason") when it is unreadable,
/// not JSON, or lacks name/command/input_schema (or has them in the wrong type).
std::optional<ExternalToolManifest> readToolManifest(const QString& path, QString* error);

class ExternalTool final : public KnowledgeTool {
 public:
  explicit ExternalTool(ExternalToolManifest manifest);
  /// readToolManifest() + construction; nullptr and *error on a bad manifest.
  static std::unique_ptr<ExternalTool> fromManifest(const QString& path, QString* error);

  QString id() const override { return m_m.id; }
  QString title() const override { return m_m.title; }
  QString description() const override { return m_m.description; }
  nlohmann::json inputSchema() const override { return m_m.inputSchema; }
  /// Runs the command once (blocking, at most timeoutMs + ~2 s to reap it). Errors: could not start,
  /// timeout, output over the cap, non-zero exit without JSON, output that is not the JSON above,
  /// a record without id/source. All but a tool-reported {"error"} and a stop (QueryStopScope) disable the tool
  /// for the session.
  KnowledgeResult query(const nlohmann::json& input) const override;
  QStringList diagnostics() const override;
  QString disabledReason() const override;
  const ExternalToolManifest& manifest() const { return m_m; }

 private:
  KnowledgeResult disable(const QString& why) const;

  ExternalToolManifest m_m;
  mutable QMutex m_mutex;
  mutable QString m_disabled;
};

}  // namespace kwb
