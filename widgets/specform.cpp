#include "widgets/specform.h"

#include "core/analysis/problemspec.h"
#include "core/perf/utilization.h"
#include "widgets/specview.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace kwb {

using nlohmann::json;

namespace {

QString jtext(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || j.at(key).is_null()) return {};
  const json& v = j.at(key);
  return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump());
}

QString listCell(const json& list) {
  QStringList parts;
  if (list.is_array())
    for (const auto& v : list)
      parts << (v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump()));
  return parts.join(QStringLiteral(", "));
}

/// "4096, 393216" → [4096, 393216]; a token that is not an integer stays a string (validation names it).
json parseList(const QString& text) {
  json out = json::array();
  for (QString tok : text.split(u',', Qt::SkipEmptyParts)) {
    tok = tok.trimmed().remove(u'[').remove(u']');
    if (tok.isEmpty()) continue;
    bool ok = false;
    const qlonglong v = tok.toLongLong(&ok);
    if (ok)
      out.push_back(v);
    else
      out.push_back(tok.toStdString());
  }
  return out;
}

QTableWidgetItem* cell(const QString& text, bool editable) {
  auto* item = new QTableWidgetItem(text);
  if (!editable) item->setFlags(item->flags() & ~Qt::ItemIsEditable);
  return item;
}

}  // namespace

SpecForm::SpecForm(QWidget* parent)
    : QWidget(parent),
      m_pattern(new QComboBox(this)),
      m_detail(new QLineEdit(this)),
      m_epilogue(new QLineEdit(this)),
      m_tensors(new QTableWidget(0, ColumnCount, this)),
      m_sizes(new QTableWidget(0, 2, this)),
      m_threshold(new QLineEdit(this)),
      m_thresholdSource(new QLineEdit(this)),
      m_accumulation(new QComboBox(this)),
      m_flops(new QLineEdit(this)),
      m_flopsValue(new QLabel(this)),
      m_bytes(new QLineEdit(this)),
      m_bytesValue(new QLabel(this)),
      m_problems(new QLabel(this)),
      m_save(new QPushButton(tr("Save spec"), this)) {
  m_pattern->setObjectName(QStringLiteral("patternCombo"));
  m_pattern->addItems(specPatternVocabulary());
  m_detail->setObjectName(QStringLiteral("patternDetailEdit"));
  m_epilogue->setObjectName(QStringLiteral("epilogueEdit"));
  m_epilogue->setPlaceholderText(tr("fused ops after the primary one, comma separated"));
  m_tensors->setObjectName(QStringLiteral("tensorTable"));
  m_tensors->setHorizontalHeaderLabels(
      {tr("Role"), tr("Name"), tr("Kind"), tr("Shape"), tr("Stride"), tr("Dtype"), tr("Layout")});
  m_tensors->horizontalHeader()->setStretchLastSection(true);
  m_tensors->verticalHeader()->hide();
  m_sizes->setObjectName(QStringLiteral("sizesTable"));
  m_sizes->setHorizontalHeaderLabels({tr("Size"), tr("Value")});
  m_sizes->horizontalHeader()->setStretchLastSection(true);
  m_sizes->verticalHeader()->hide();
  m_threshold->setObjectName(QStringLiteral("thresholdEdit"));
  m_threshold->setToolTip(tr("rel_err = ||out.float() - ref|| / ||ref|| must stay below this (seed: 0.01 for bf16)"));
  m_thresholdSource->setObjectName(QStringLiteral("thresholdSourceEdit"));
  m_accumulation->setObjectName(QStringLiteral("accumulationCombo"));
  m_accumulation->setEditable(true);
  m_accumulation->addItems(
      {QStringLiteral("float32"), QStringLiteral("float64"), QStringLiteral("float16"), QStringLiteral("bfloat16")});
  m_flops->setObjectName(QStringLiteral("flopsExprEdit"));
  m_flopsValue->setObjectName(QStringLiteral("flopsValueLabel"));
  m_bytes->setObjectName(QStringLiteral("bytesExprEdit"));
  m_bytesValue->setObjectName(QStringLiteral("bytesValueLabel"));
  for (QLabel* l : {m_flopsValue, m_bytesValue, m_problems}) {
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setWordWrap(true);
  }
  m_problems->setObjectName(QStringLiteral("problemsLabel"));
  m_save->setObjectName(QStringLiteral("saveSpecButton"));
  m_save->setToolTip(tr("Store the edited spec in .kwb/spec.json; phases 2-4 use it"));

  auto* form = new QFormLayout;
  form->addRow(tr("Pattern:"), m_pattern);
  form->addRow(tr("Detail:"), m_detail);
  form->addRow(tr("Epilogue:"), m_epilogue);
  form->addRow(tr("rel_err <"), m_threshold);
  form->addRow(tr("Threshold source:"), m_thresholdSource);
  form->addRow(tr("Accumulate in:"), m_accumulation);
  form->addRow(tr("FLOPs:"), m_flops);
  form->addRow(QString(), m_flopsValue);
  form->addRow(tr("Bytes:"), m_bytes);
  form->addRow(QString(), m_bytesValue);
  auto* tables = new QHBoxLayout;
  tables->addWidget(m_tensors, 3);
  tables->addWidget(m_sizes, 1);
  auto* bottom = new QHBoxLayout;
  bottom->addWidget(m_problems, 1);
  bottom->addWidget(m_save);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(form);
  layout->addLayout(tables, 1);
  layout->addLayout(bottom);

  auto changed = [this] {
    if (m_loading) return;
    refresh();
    Q_EMIT edited();
  };
  connect(m_pattern, &QComboBox::currentTextChanged, this, changed);
  connect(m_accumulation, &QComboBox::currentTextChanged, this, changed);
  for (QLineEdit* e : {m_detail, m_epilogue, m_threshold, m_thresholdSource, m_flops, m_bytes})
    connect(e, &QLineEdit::textChanged, this, changed);
  connect(m_tensors, &QTableWidget::itemChanged, this, changed);
  connect(m_sizes, &QTableWidget::itemChanged, this, changed);
  connect(m_save, &QPushButton::clicked, this, [this] {
    if (problems().isEmpty()) Q_EMIT saveRequested(spec());
  });
  setSpec(json());
}

void SpecForm::setSpec(const json& spec) {
  m_loading = true;
  m_base = spec.is_object() ? spec : json();
  const json& pat = m_base.is_object() ? m_base.value("pattern", json::object()) : json::object();
  const QString primary = jtext(pat, "primary");
  if (!primary.isEmpty() && m_pattern->findText(primary) < 0) m_pattern->addItem(primary);  // validation will say why
  m_pattern->setCurrentText(primary.isEmpty() ? specPatternVocabulary().constFirst() : primary);
  m_detail->setText(jtext(pat, "detail"));
  m_epilogue->setText(listCell(pat.value("epilogue", json::array())));
  const json& acc = m_base.is_object() ? m_base.value("accuracy", json::object()) : json::object();
  m_threshold->setText(jtext(acc, "rel_err_threshold"));
  m_thresholdSource->setText(jtext(acc, "threshold_source"));
  m_accumulation->setCurrentText(jtext(acc, "accumulation_dtype"));
  m_flops->setText(jtext(m_base.is_object() ? m_base.value("flops", json::object()) : json::object(), "expr"));
  m_bytes->setText(jtext(m_base.is_object() ? m_base.value("bytes", json::object()) : json::object(), "expr"));
  fillTensors();
  fillSizes();
  setEnabled(m_base.is_object());
  m_loading = false;
  refresh();
}

void SpecForm::fillTensors() {
  const QSignalBlocker block(m_tensors);
  m_tensors->setRowCount(0);
  if (!m_base.is_object()) return;
  for (const char* key : {"inputs", "outputs"}) {
    for (const auto& t : m_base.value(key, json::array())) {
      const int row = m_tensors->rowCount();
      m_tensors->insertRow(row);
      const bool tensor = jtext(t, "kind") == u"tensor";
      m_tensors->setItem(row, RoleColumn, cell(QString::fromLatin1(key).chopped(1), false));
      m_tensors->setItem(row, NameColumn, cell(jtext(t, "name"), false));
      m_tensors->setItem(row, KindColumn, cell(jtext(t, "kind"), false));
      m_tensors->setItem(
          row, ShapeColumn,
          cell(tensor ? listCell(t.value("shape", json::array())) : QStringLiteral("= ") + jtext(t, "value"), tensor));
      m_tensors->setItem(row, StrideColumn,
                         cell(tensor ? listCell(t.value("stride", json::array())) : QString(), tensor));
      m_tensors->setItem(row, DtypeColumn, cell(jtext(t, "dtype"), true));
      m_tensors->setItem(row, LayoutColumn, cell(jtext(t, "layout"), tensor));
    }
  }
  m_tensors->resizeColumnsToContents();
}

void SpecForm::fillSizes() {
  const QSignalBlocker block(m_sizes);
  m_sizes->setRowCount(0);
  const json& sizes = m_base.is_object() ? m_base.value("sizes", json::object()) : json::object();
  for (auto it = sizes.begin(); it != sizes.end(); ++it) {
    const int row = m_sizes->rowCount();
    m_sizes->insertRow(row);
    m_sizes->setItem(row, 0, cell(QString::fromStdString(it.key()), false));
    m_sizes->setItem(row, 1, cell(QString::fromStdString(it.value().dump()), true));
  }
}

json SpecForm::spec() const {
  if (!m_base.is_object()) return json();
  json s = m_base;
  json& pat = s["pattern"];
  if (!pat.is_object()) pat = json::object();
  pat["primary"] = m_pattern->currentText().toStdString();
  pat["detail"] = m_detail->text().trimmed().toStdString();
  json epi = json::array();
  for (const QString& e : m_epilogue->text().split(u',', Qt::SkipEmptyParts))
    if (!e.trimmed().isEmpty()) epi.push_back(e.trimmed().toStdString());
  pat["epilogue"] = epi;

  int row = 0;
  for (const char* key : {"inputs", "outputs"}) {
    if (!s.contains(key) || !s[key].is_array()) continue;
    for (auto& t : s[key]) {
      if (row >= m_tensors->rowCount()) break;
      auto text = [this, row](int col) {
        return m_tensors->item(row, col) ? m_tensors->item(row, col)->text().trimmed() : QString();
      };
      if (t.value("kind", std::string()) == "tensor") {
        t["shape"] = parseList(text(ShapeColumn));
        t["stride"] = parseList(text(StrideColumn));
        t["layout"] = text(LayoutColumn).toStdString();
      }
      t["dtype"] = text(DtypeColumn).toStdString();
      ++row;
    }
  }

  json sizes = json::object();
  for (int r = 0; r < m_sizes->rowCount(); ++r) {
    const QString name = m_sizes->item(r, 0)->text();
    const QString value = m_sizes->item(r, 1) ? m_sizes->item(r, 1)->text().trimmed() : QString();
    bool ok = false;
    const qlonglong v = value.toLongLong(&ok);
    sizes[name.toStdString()] = ok ? json(v) : json(value.toStdString());
  }
  s["sizes"] = sizes;

  json& acc = s["accuracy"];
  if (!acc.is_object()) acc = json::object();
  bool ok = false;
  const double thr = QLocale::c().toDouble(m_threshold->text().trimmed(), &ok);
  acc["rel_err_threshold"] = ok ? json(thr) : json();
  acc["threshold_source"] = m_thresholdSource->text().trimmed().toStdString();
  acc["accumulation_dtype"] = m_accumulation->currentText().trimmed().toStdString();

  QMap<QString, double> vars;
  for (auto it = sizes.begin(); it != sizes.end(); ++it)
    if (it.value().is_number()) vars.insert(QString::fromStdString(it.key()), it.value().get<double>());
  for (const auto& [key, edit] : {std::pair<const char*, QLineEdit*>{"flops", m_flops}, {"bytes", m_bytes}}) {
    json& e = s[key];
    if (!e.is_object()) e = json::object();
    e["expr"] = edit->text().trimmed().toStdString();
    // the probe's check of its own formula (probe_formula.py) says nothing about an expression the user wrote
    if (e.contains("formula") && m_base.is_object() &&
        e["expr"] != m_base.value(key, json::object()).value("expr", json()))
      e.erase("formula");
    const std::optional<double> v = evaluateExpression(edit->text(), vars);
    // Integral counts stay exact integers (the probe's values are), others stay doubles.
    if (!v)
      e["value"] = nullptr;
    else if (*v < 9.0e15 && std::floor(*v) == *v)
      e["value"] = static_cast<qint64>(*v);
    else
      e["value"] = *v;
  }
  return s;
}

QStringList SpecForm::problems() const {
  const json s = spec();
  if (!s.is_object()) return {tr("no spec loaded")};
  QStringList out = validateSpec(s);
  QMap<QString, double> vars;
  for (auto it = s["sizes"].begin(); it != s["sizes"].end(); ++it) {
    if (!it.value().is_number_integer() || it.value().get<qint64>() <= 0)
      out << tr("sizes.%1: must be a positive integer, found %2")
                 .arg(QString::fromStdString(it.key()), QString::fromStdString(it.value().dump()));
    else
      vars.insert(QString::fromStdString(it.key()), it.value().get<double>());
  }
  for (const auto& [key, edit] : {std::pair<const char*, QLineEdit*>{"flops", m_flops}, {"bytes", m_bytes}}) {
    QString why;
    if (!edit->text().trimmed().isEmpty() && !evaluateExpression(edit->text(), vars, &why))
      out << QStringLiteral("%1.expr: %2").arg(QLatin1String(key), why);
  }
  return out;
}

QString SpecForm::flopsValueText() const { return m_flopsValue->text(); }
QString SpecForm::bytesValueText() const { return m_bytesValue->text(); }

void SpecForm::setPhase1Failed(bool failed) {
  m_phase1Failed = failed;
  refresh();
}

void SpecForm::refresh() {
  const json s = spec();
  const QStringList list = s.is_object() ? problems() : QStringList();
  auto show = [&s, &list](QLabel* label, const char* key, const QString& unit) {
    const json& v = s.is_object() ? s[key]["value"] : json();
    if (!s.is_object()) {
      label->clear();
    } else if (v.is_number()) {
      label->setText(QStringLiteral("= %1 %2 (%3)")
                         .arg(QString::fromStdString(v.dump()), unit, QString::number(v.get<double>(), 'g', 3)));
      label->setStyleSheet(QString());
    } else {
      const QString prefix = QLatin1String(key) + QStringLiteral(".expr: ");
      QString why = tr("the expression does not evaluate");
      for (const QString& p : list)
        if (p.startsWith(prefix)) why = p.mid(prefix.size());
      label->setText(tr("error: %1").arg(why));
      label->setStyleSheet(QStringLiteral("color: #b00020"));
    }
  };
  show(m_flopsValue, "flops", QStringLiteral("FLOP"));
  show(m_bytesValue, "bytes", QStringLiteral("B"));
  m_problems->setText(!s.is_object() ? noSpecText(m_phase1Failed) : list.isEmpty() ? tr("Valid.") : list.join(u'\n'));
  m_problems->setStyleSheet(list.isEmpty() ? QString() : QStringLiteral("color: #b00020"));
  m_save->setEnabled(s.is_object() && list.isEmpty());
}

}  // namespace kwb
