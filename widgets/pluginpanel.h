#pragma once
// The plugin panel: every knowledge tool (built-in, plugin, external; failed ones with their
// error) with its enabled switch and input schema; a query form generated from the schema and
// prefilled from the Phase 1 spec (core/pipeline/plan.h queryFor); results with record id, scope and
// source exactly as returned, fallbacks marked; "Use this" writes the chosen record into the plan
// and memory record through BaselineJob::useRecord.

#include <QPointer>
#include <QWidget>

#include <functional>

#include <nlohmann/json.hpp>

#include "core/knowledge/knowledgetool.h"

class QComboBox;
class QFormLayout;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace kwb {

class BaselineJob;
class KnowledgeModel;
class ToolRegistry;

class PluginPanel : public QWidget {
  Q_OBJECT
 public:
  /// The job whose spec prefills the form and which "Use this" writes to (may return nullptr).
  using JobGetter = std::function<BaselineJob*()>;

  explicit PluginPanel(ToolRegistry& registry, QWidget* parent = nullptr);
  ~PluginPanel() override;

  void setJobGetter(JobGetter getter) { m_job = std::move(getter); }
  /// Rebuilds the tool list from the registry (keeps the selected tool when it is still there).
  void refreshTools();
  /// Selects a loaded tool by id, shows its schema and regenerates the form. False if unknown.
  bool selectTool(const QString& id);
  QString currentToolId() const { return m_toolId; }

  /// Fills the form with queryFor(tool, job spec). False (status says why) without a spec.
  bool prefillFromSpec();
  /// The query the form describes: empty fields left out; numbers as numbers; arrays from a JSON
  /// array text or comma-separated items. False with *error on a value that does not parse.
  bool formInput(nlohmann::json* input, QString* error) const;
  /// Sets one form field's text (enum: the item's text); for tests and scripting. False if no field.
  bool setFieldText(const QString& key, const QString& text);
  /// The names of the generated form fields, in schema order.
  QStringList fieldNames() const;

  /// Runs the current tool on formInput() in a worker thread; emits queryFinished().
  void runQuery();
  bool isQueryRunning() const { return m_running; }
  /// The last result's records (ids, scopes, sources exactly as returned).
  KnowledgeModel* resultsModel() const { return m_results; }
  /// "Use this" on result row `row` (the selected row when -1). False with lastError().
  bool useRecord(int row = -1);
  QString lastError() const { return m_lastError; }
  /// The status line (errors, notes such as "3 fallback samples, NOT matches").
  QString statusText() const;

 Q_SIGNALS:
  void queryFinished(bool ok);
  void recordUsed(const kwb::KnowledgeRecord& record);

 private:
  void showTool();
  void rebuildForm(const nlohmann::json& schema);
  void setStatus(const QString& text, bool error);
  void showDetail();

  ToolRegistry& m_registry;
  JobGetter m_job;
  QString m_toolId;
  QListWidget* m_tools;
  QPlainTextEdit* m_schema;
  QWidget* m_formHost;
  QFormLayout* m_form = nullptr;
  QList<QPair<QString, QWidget*>> m_fields;  // schema key → editor
  nlohmann::json m_fieldSchemas = nlohmann::json::object();
  QPushButton* m_prefill;
  QPushButton* m_query;
  QPushButton* m_use;
  QLabel* m_status;
  QTableView* m_table;
  QTextBrowser* m_detail;
  KnowledgeModel* m_results;
  nlohmann::json m_lastInput = nlohmann::json::object();
  QString m_lastToolId;
  bool m_running = false;
  quint64 m_ticket = 0;  // a newer query makes an older answer stale
  QString m_lastError;
};

}  // namespace kwb
