#include "widgets/pluginpanel.h"

#include <QComboBox>
#include <QDoubleValidator>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIntValidator>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "core/knowledge/registry.h"
#include "core/pipeline/baselinejob.h"
#include "core/pipeline/plan.h"
#include "widgets/knowledgemodel.h"

namespace kwb {

namespace {

constexpr int kIdRole = Qt::UserRole;

QString toText(const nlohmann::json& v) {
  if (v.is_null()) return {};
  if (v.is_string()) return QString::fromStdString(v.get<std::string>());
  if (v.is_array()) {
    // A flat list of scalars reads best comma-separated; nested lists (shapes) stay JSON.
    QStringList parts;
    for (const auto& e : v) {
      if (e.is_structured()) return QString::fromStdString(v.dump());
      parts << (e.is_string() ? QString::fromStdString(e.get<std::string>()) : QString::fromStdString(e.dump()));
    }
    return parts.join(QStringLiteral(", "));
  }
  return QString::fromStdString(v.dump());
}

}  // namespace

PluginPanel::PluginPanel(ToolRegistry& registry, QWidget* parent)
    : QWidget(parent),
      m_registry(registry),
      m_tools(new QListWidget(this)),
      m_schema(new QPlainTextEdit(this)),
      m_formHost(new QWidget(this)),
      m_prefill(new QPushButton(tr("Prefill from spec"), this)),
      m_query(new QPushButton(tr("Query"), this)),
      m_use(new QPushButton(tr("Use this"), this)),
      m_status(new QLabel(this)),
      m_table(new QTableView(this)),
      m_detail(new QTextBrowser(this)),
      m_results(new KnowledgeModel(this)) {
  setObjectName(QStringLiteral("pluginPanel"));
  m_tools->setObjectName(QStringLiteral("toolList"));
  m_schema->setObjectName(QStringLiteral("schemaView"));
  m_formHost->setObjectName(QStringLiteral("queryForm"));
  m_prefill->setObjectName(QStringLiteral("prefillButton"));
  m_query->setObjectName(QStringLiteral("queryButton"));
  m_use->setObjectName(QStringLiteral("useButton"));
  m_status->setObjectName(QStringLiteral("statusLabel"));
  m_table->setObjectName(QStringLiteral("resultsTable"));
  m_detail->setObjectName(QStringLiteral("recordDetail"));

  m_schema->setReadOnly(true);
  m_schema->setMaximumHeight(140);
  m_status->setWordWrap(true);
  m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_table->setModel(m_results);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::SingleSelection);
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_use->setEnabled(false);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_prefill);
  buttons->addWidget(m_query);
  buttons->addStretch();
  buttons->addWidget(m_use);
  auto* top = new QWidget(this);
  auto* topLayout = new QVBoxLayout(top);
  topLayout->setContentsMargins(0, 0, 0, 0);
  topLayout->addWidget(new QLabel(tr("Knowledge tools (checked = enabled)"), top));
  topLayout->addWidget(m_tools);
  topLayout->addWidget(m_schema);
  topLayout->addWidget(m_formHost);
  topLayout->addLayout(buttons);
  topLayout->addWidget(m_status);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(top);
  split->addWidget(m_table);
  split->addWidget(m_detail);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(split);

  connect(m_tools, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
    if (item && !item->data(kIdRole).toString().isEmpty()) selectTool(item->data(kIdRole).toString());
  });
  connect(m_tools, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
    const QString id = item->data(kIdRole).toString();
    if (!id.isEmpty() && (item->flags() & Qt::ItemIsUserCheckable))
      m_registry.setEnabled(id, item->checkState() == Qt::Checked);
  });
  connect(m_prefill, &QPushButton::clicked, this, [this] { prefillFromSpec(); });
  connect(m_query, &QPushButton::clicked, this, &PluginPanel::runQuery);
  connect(m_use, &QPushButton::clicked, this, [this] { useRecord(); });
  connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] { showDetail(); });
  refreshTools();
}

PluginPanel::~PluginPanel() = default;

void PluginPanel::refreshTools() {
  const QSignalBlocker block(m_tools);
  const QString keep = m_toolId;
  m_tools->clear();
  for (const ToolEntry& e : m_registry.entries()) {
    auto* item = new QListWidgetItem(m_tools);
    if (!e.tool) {
      item->setText(tr("%1 — FAILED to load: %2").arg(e.id, e.error));
      item->setToolTip(e.origin);
      item->setFlags(Qt::ItemIsEnabled);
      continue;
    }
    item->setData(kIdRole, e.id);
    QString text = QStringLiteral("%1 — %2 (%3)").arg(e.id, e.tool->title(), toolKindName(e.kind));
    if (const QString why = e.tool->disabledReason(); !why.isEmpty())
      text += tr(" — disabled for this session: %1").arg(why);
    item->setText(text);
    item->setToolTip(e.origin);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
    item->setCheckState(m_registry.isEnabled(e.id) ? Qt::Checked : Qt::Unchecked);
  }
  // Keep the selection (and the form the user filled in) when the tool is still there.
  for (int i = 0; i < m_tools->count(); ++i)
    if (!keep.isEmpty() && m_tools->item(i)->data(kIdRole).toString() == keep) m_tools->setCurrentRow(i);
}

bool PluginPanel::selectTool(const QString& id) {
  const KnowledgeTool* tool = m_registry.anyTool(id);
  if (!tool) return false;
  if (id != m_toolId) setStatus(QString(), false);
  m_toolId = id;
  for (int i = 0; i < m_tools->count(); ++i)
    if (m_tools->item(i)->data(kIdRole).toString() == id && m_tools->currentRow() != i) {
      const QSignalBlocker block(m_tools);
      m_tools->setCurrentRow(i);
    }
  showTool();
  return true;
}

void PluginPanel::showTool() {
  const KnowledgeTool* tool = m_registry.anyTool(m_toolId);
  if (!tool) return;
  const nlohmann::json schema = tool->inputSchema();
  QString text = tool->description() + QStringLiteral("\n\nInput schema:\n") + QString::fromStdString(schema.dump(2));
  const QStringList diag = tool->diagnostics();
  if (!diag.isEmpty()) text += QStringLiteral("\n\nProblems (%1):\n").arg(diag.size()) + diag.join(u'\n');
  m_schema->setPlainText(text);
  rebuildForm(schema);
}

void PluginPanel::rebuildForm(const nlohmann::json& schema) {
  delete m_form;
  qDeleteAll(m_formHost->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly));
  m_fields.clear();
  m_form = new QFormLayout(m_formHost);
  m_form->setContentsMargins(0, 0, 0, 0);
  m_fieldSchemas = schema.value("properties", nlohmann::json::object());
  if (!m_fieldSchemas.is_object()) m_fieldSchemas = nlohmann::json::object();
  const nlohmann::json required = schema.value("required", nlohmann::json::array());
  for (auto it = m_fieldSchemas.begin(); it != m_fieldSchemas.end(); ++it) {
    const QString key = QString::fromStdString(it.key());
    const nlohmann::json& p = *it;
    const std::string type =
        p.is_object() && p.contains("type") && p["type"].is_string() ? p["type"].get<std::string>() : "";
    QWidget* editor = nullptr;
    if (p.is_object() && p.contains("enum") && p["enum"].is_array()) {
      auto* box = new QComboBox(m_formHost);
      box->addItem(QString());
      for (const auto& v : p["enum"]) box->addItem(toText(v));
      editor = box;
    } else {
      auto* line = new QLineEdit(m_formHost);
      if (type == "integer")
        line->setValidator(new QIntValidator(line));
      else if (type == "number")
        line->setValidator(new QDoubleValidator(line));
      else if (type == "array")
        line->setPlaceholderText(tr("comma-separated, or a JSON array"));
      else if (type == "object")
        line->setPlaceholderText(tr("JSON object"));
      editor = line;
    }
    editor->setObjectName(QStringLiteral("field_") + key);
    if (p.is_object() && p.contains("description") && p["description"].is_string())
      editor->setToolTip(QString::fromStdString(p["description"].get<std::string>()));
    bool req = false;
    for (const auto& r : required) req = req || (r.is_string() && r.get<std::string>() == it.key());
    m_form->addRow(req ? key + QStringLiteral(" *") : key, editor);
    m_fields.append({key, editor});
  }
}

QStringList PluginPanel::fieldNames() const {
  QStringList out;
  for (const auto& [key, w] : m_fields) out << key;
  return out;
}

bool PluginPanel::setFieldText(const QString& key, const QString& text) {
  for (const auto& [k, w] : m_fields) {
    if (k != key) continue;
    if (auto* box = qobject_cast<QComboBox*>(w)) {
      const int i = box->findText(text);
      if (i < 0) return false;
      box->setCurrentIndex(i);
    } else if (auto* line = qobject_cast<QLineEdit*>(w)) {
      line->setText(text);
    }
    return true;
  }
  return false;
}

bool PluginPanel::prefillFromSpec() {
  BaselineJob* job = m_job ? m_job() : nullptr;
  const KnowledgeTool* tool = m_registry.anyTool(m_toolId);
  if (!tool) return false;
  if (!job || job->spec().is_null()) {
    setStatus(tr("No Phase 1 spec yet: run phase 1 (Understand) to prefill the query."), true);
    return false;
  }
  const nlohmann::json q = queryFor(*tool, job->spec());
  for (const auto& [key, w] : m_fields) {
    const std::string k = key.toStdString();
    setFieldText(key, q.contains(k) ? toText(q[k]) : QString());
  }
  setStatus(tr("Prefilled from the spec (product, arch, framework, operator, shapes, dtypes)."), false);
  return true;
}

bool PluginPanel::formInput(nlohmann::json* input, QString* error) const {
  nlohmann::json q = nlohmann::json::object();
  for (const auto& [key, w] : m_fields) {
    QString text;
    if (auto* box = qobject_cast<QComboBox*>(w))
      text = box->currentText();
    else if (auto* line = qobject_cast<QLineEdit*>(w))
      text = line->text();
    text = text.trimmed();
    if (text.isEmpty()) continue;
    const std::string k = key.toStdString();
    const nlohmann::json& p = m_fieldSchemas[k];
    const std::string type =
        p.is_object() && p.contains("type") && p["type"].is_string() ? p["type"].get<std::string>() : "string";
    if (type == "integer" || type == "number") {
      bool ok = false;
      const double v = text.toDouble(&ok);
      if (!ok) {
        if (error) *error = tr("%1: '%2' is not a number").arg(key, text);
        return false;
      }
      q[k] = type == "integer" ? nlohmann::json(static_cast<long long>(v)) : nlohmann::json(v);
    } else if (type == "array" || type == "object") {
      if (text.startsWith(u'[') || text.startsWith(u'{')) {
        const nlohmann::json v = nlohmann::json::parse(text.toStdString(), nullptr, false);
        if (v.is_discarded()) {
          if (error) *error = tr("%1: not valid JSON").arg(key);
          return false;
        }
        q[k] = v;
      } else if (type == "array") {
        const std::string itemType =
            p.contains("items") && p["items"].is_object() ? p["items"].value("type", std::string()) : "";
        nlohmann::json arr = nlohmann::json::array();
        for (const QString& part : text.split(u',', Qt::SkipEmptyParts)) {
          bool ok = false;
          const double d = part.trimmed().toDouble(&ok);
          if ((itemType == "number" || itemType == "integer") && ok)
            arr.push_back(d);
          else
            arr.push_back(part.trimmed().toStdString());
        }
        q[k] = arr;
      } else {
        if (error) *error = tr("%1: expected a JSON object").arg(key);
        return false;
      }
    } else if (type == "boolean") {
      q[k] = text == QLatin1String("true") || text == QLatin1String("1");
    } else {
      q[k] = text.toStdString();
    }
  }
  *input = q;
  return true;
}

void PluginPanel::runQuery() {
  const KnowledgeTool* tool = m_registry.tool(m_toolId);
  if (!tool) {
    setStatus(m_registry.anyTool(m_toolId) ? tr("%1 is disabled: enable it in the list first.").arg(m_toolId)
                                           : tr("Choose a knowledge tool first."),
              true);
    Q_EMIT queryFinished(false);
    return;
  }
  nlohmann::json input;
  QString error;
  if (!formInput(&input, &error)) {
    setStatus(error, true);
    Q_EMIT queryFinished(false);
    return;
  }
  m_running = true;
  m_query->setEnabled(false);
  setStatus(tr("Querying %1…").arg(m_toolId), false);
  const quint64 ticket = ++m_ticket;
  const QString toolId = m_toolId;
  auto* watcher = new QFutureWatcher<KnowledgeResult>(this);
  connect(watcher, &QFutureWatcher<KnowledgeResult>::finished, this, [this, watcher, ticket, input, toolId] {
    watcher->deleteLater();
    if (ticket != m_ticket) return;  // a newer query is running
    m_running = false;
    m_query->setEnabled(true);
    const KnowledgeResult r = watcher->result();
    m_lastInput = input;
    m_lastToolId = toolId;
    m_results->resetData(r.records);
    m_use->setEnabled(!r.records.isEmpty());
    if (!r.records.isEmpty())
      m_table->selectRow(0);
    else
      m_detail->clear();
    QStringList lines;
    if (!r.ok)
      lines << tr("Error: %1").arg(r.error);
    else
      lines << tr("%n record(s)", nullptr, static_cast<int>(r.records.size()));
    lines += r.notes;
    setStatus(lines.join(u'\n'), !r.ok);
    if (!m_registry.tool(toolId)) refreshTools();  // e.g. an external tool just got disabled for the session
    Q_EMIT queryFinished(r.ok);
  });
  watcher->setFuture(QtConcurrent::run([tool, input] { return tool->query(input); }));
}

bool PluginPanel::useRecord(int row) {
  if (row < 0) row = m_table->currentIndex().isValid() ? m_table->currentIndex().row() : -1;
  if (row < 0 || row >= m_results->records().size()) {
    m_lastError = tr("Select a result first.");
    setStatus(m_lastError, true);
    return false;
  }
  BaselineJob* job = m_job ? m_job() : nullptr;
  if (!job) {
    m_lastError = tr("Open a problem and run phases 1 and 2 first: the record goes into plans/v0_plan.md.");
    setStatus(m_lastError, true);
    return false;
  }
  const KnowledgeRecord rec = m_results->records().at(row);
  if (!job->useRecord(rec, m_lastInput)) {
    m_lastError = job->lastError();
    setStatus(m_lastError, true);
    return false;
  }
  m_lastError.clear();
  setStatus(rec.fallback ? tr("Added %1 to plans/v0_plan.md, labelled as a FALLBACK sample (not a match).").arg(rec.id)
                         : tr("Added %1 to plans/v0_plan.md and the memory record's references.").arg(rec.id),
            false);
  Q_EMIT recordUsed(rec);
  return true;
}

QString PluginPanel::statusText() const { return m_status->text(); }

void PluginPanel::setStatus(const QString& text, bool error) {
  m_status->setText(text);
  m_status->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

void PluginPanel::showDetail() {
  const QModelIndex idx = m_table->currentIndex();
  if (!idx.isValid() || idx.row() >= m_results->records().size()) {
    m_detail->clear();
    return;
  }
  const KnowledgeRecord& r = m_results->records().at(idx.row());
  // Plain text: the id and source must read exactly as returned (no Markdown/HTML interpretation).
  QString text;
  if (r.fallback) text += tr("FALLBACK sample — NOT a match for this query's scope\n\n");
  text += tr("Record id: %1\nTool: %2\nScope: %3\nSource: %4\n")
              .arg(r.id, r.toolId, KnowledgeModel::scopeText(r.scope), r.source);
  if (!r.constraint.isEmpty()) text += tr("Constraint: %1\n").arg(r.constraint);
  text += u'\n' + r.content;
  m_detail->setPlainText(text);
}

}  // namespace kwb
