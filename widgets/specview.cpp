#include "widgets/specview.h"
#include "widgets/textfit.h"

#include "core/analysis/problemspec.h"
#include "core/codegen/preview.h"
#include "core/records/exprtext.h"
#include "core/review/displaytext.h"

#include <QCoreApplication>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace kwb {

namespace {
QString str(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || j[key].is_null()) return {};
  const auto& v = j[key];
  return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump());
}
}  // namespace

QString jsonListText(const nlohmann::json& list) {
  if (list.is_null()) return {};
  if (!list.is_array()) return QString::fromStdString(list.dump());
  QStringList parts;
  for (const auto& v : list) parts << QString::fromStdString(v.dump());
  return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

SpecTensorModel::SpecTensorModel(QObject* parent) : QAbstractTableModel(parent) {}

QString SpecTensorModel::layoutText(const QString& layout) {
  if (layout == QLatin1String("contiguous")) return tr("contiguous");
  if (layout == QLatin1String("broadcast")) return tr("broadcast");
  if (layout == QLatin1String("transposed")) return tr("transposed");
  if (layout == QLatin1String("strided")) return tr("strided");
  return layout;
}

void SpecTensorModel::resetData(const nlohmann::json& spec) {
  beginResetModel();
  m_rows.clear();
  auto add = [this](const QString& role, const nlohmann::json& list) {
    if (!list.is_array()) return;
    for (const auto& t : list) {
      Row r;
      r.role = role;
      r.name = str(t, "name");
      r.kind = t.contains("kind") ? str(t, "kind") : QStringLiteral("tensor");
      r.shape = t.contains("shape") ? jsonListText(t["shape"]) : QString();
      r.stride = t.contains("stride") ? jsonListText(t["stride"]) : QString();
      r.dtype = str(t, "dtype");
      // A scalar input has a value instead of a layout.
      r.layout = t.contains("value") ? tr("value %1").arg(str(t, "value")) : layoutText(str(t, "layout"));
      m_rows.append(r);
    }
  };
  if (spec.is_object()) {
    add(tr("input"), spec.value("inputs", nlohmann::json()));
    add(tr("output"), spec.value("outputs", nlohmann::json()));
    if (spec.contains("model") && spec["model"].is_object())
      add(tr("parameter"), spec["model"].value("parameters", nlohmann::json()));
  }
  endResetModel();
}

int SpecTensorModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int SpecTensorModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SpecTensorModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const Row& r = m_rows[index.row()];
  // The whole row: in a narrow wizard the wrapped or scrolled-off columns are read here (new-user trial 17, #15).
  if (role == Qt::ToolTipRole)
    return tr("%1 %2 (%3): shape %4, stride %5, %6, %7")
        .arg(r.role, r.name, r.kind, r.shape.isEmpty() ? tr("none") : r.shape,
             r.stride.isEmpty() ? tr("none") : r.stride, r.dtype, r.layout);
  if (role != Qt::DisplayRole) return {};
  switch (static_cast<Columns>(index.column())) {
    case RoleColumn:
      return r.role;
    case NameColumn:
      return r.name;
    case KindColumn:
      return r.kind;
    case ShapeColumn:
      return r.shape;
    case StrideColumn:
      return r.stride;
    case DtypeColumn:
      return r.dtype;
    case LayoutColumn:
      return r.layout;
    case ColumnCount:
      break;
  }
  return {};
}

QVariant SpecTensorModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (static_cast<Columns>(section)) {
    case RoleColumn:
      return tr("Role");
    case NameColumn:
      return tr("Name");
    case KindColumn:
      return tr("Kind");
    case ShapeColumn:
      return tr("Shape");
    case StrideColumn:
      return tr("Stride");
    case DtypeColumn:
      return tr("dtype");
    case LayoutColumn:
      return tr("Layout / value");
    case ColumnCount:
      break;
  }
  return {};
}

SpecView::SpecView(QWidget* parent)
    : QWidget(parent),
      m_model(new SpecTensorModel(this)),
      m_table(new QTableView(this)),
      m_summary(new QLabel(this)),
      m_codegen(new QLabel(this)) {
  m_summary->setWordWrap(true);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_summary->setTextFormat(Qt::PlainText);
  m_table->setModel(m_model);
  m_table->setObjectName(QStringLiteral("specTensorTable"));
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_table->verticalHeader()->hide();
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  // dtype and layout right after the name: in the ~330 px wizard of a 1280x800 window they were a scroll away
  // (new-user trial 17, #15); shape and stride wrap at their commas (fitTable()), the kind goes last.
  {
    QHeaderView* h = m_table->horizontalHeader();
    int at = 2;
    for (int column : {SpecTensorModel::DtypeColumn, SpecTensorModel::LayoutColumn, SpecTensorModel::ShapeColumn,
                       SpecTensorModel::StrideColumn})
      h->moveSection(h->visualIndex(column), at++);
  }
  m_table->setWordWrap(true);
  m_table->setTextElideMode(Qt::ElideMiddle);
  m_table->viewport()->installEventFilter(this);  // fitTable() when the wizard's width changes
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_summary);
  // What phase 3 will write, as `kwb analyze` says it (new-user trial 10, #7: the Spec panel lacked it).
  m_codegen->setObjectName(QStringLiteral("specCodegen"));
  m_codegen->setWordWrap(true);
  m_codegen->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_codegen->setTextFormat(Qt::PlainText);
  m_codegen->hide();
  layout->addWidget(m_codegen);
  layout->addWidget(m_table, 1);
  setSpec(nlohmann::json());
}

void SpecView::fitTable() {
  // Each column as wide as its text: at the default 100 px a 1280x800 wizard cut the Shape column to "[409 / 393"
  // (new-user trial 9, #12). Where the whole does not fit the viewport, the shape, stride and layout columns give
  // width back down to their widest word (the text wraps at its spaces, whole in the row's tooltip), so dtype and
  // layout stay in view (new-user trial 17, #15); what still does not fit scrolls.
  m_table->resizeColumnsToContents();
  QHeaderView* h = m_table->horizontalHeader();
  const int avail = m_table->viewport()->width();
  int total = 0;
  for (int c = 0; c < SpecTensorModel::ColumnCount; ++c) total += h->sectionSize(c);
  const QFontMetrics fm = m_table->fontMetrics();
  for (int column : {SpecTensorModel::StrideColumn, SpecTensorModel::ShapeColumn, SpecTensorModel::LayoutColumn}) {
    if (total <= avail) break;
    int floor = fm.horizontalAdvance(m_model->headerData(column, Qt::Horizontal).toString());
    for (int row = 0; row < m_model->rowCount(); ++row)
      for (const QString& word : m_model->index(row, column).data().toString().split(u' ', Qt::SkipEmptyParts))
        floor = std::max(floor, fm.horizontalAdvance(word));
    floor += 2 * m_table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 8;
    const int now = h->sectionSize(column);
    const int next = std::max(floor, now - (total - avail));
    if (next < now) {
      h->resizeSection(column, next);
      total -= now - next;
    }
  }
  m_table->resizeRowsToContents();
}

bool SpecView::eventFilter(QObject* watched, QEvent* event) {
  if (watched == m_table->viewport() && event->type() == QEvent::Resize) {
    const int width = m_table->viewport()->width();
    if (width != m_fittedWidth) {
      m_fittedWidth = width;
      QTimer::singleShot(0, this, &SpecView::fitTable);  // not inside the resize: fitTable() resizes sections
    }
  }
  return QWidget::eventFilter(watched, event);
}

QString SpecView::summaryText() const { return withoutSoftBreaks(m_summary->text()); }

QString SpecView::codegenText() const {
  return m_codegen->isHidden() ? QString() : withoutSoftBreaks(m_codegen->text());
}

QString codegenPlanText(const CodegenVerdict& verdict, int backendLaunches) {
  const CodegenVerdict::Plan& p = verdict.plan;
  const int launches = backendLaunches >= 0 ? backendLaunches : p.launches;
  switch (p.kind) {
    case CodegenVerdict::PlanKind::Anchor:
      return SpecView::tr("%1 anchor").arg(p.name);
    case CodegenVerdict::PlanKind::Pattern:
      return SpecView::tr("%1 pattern").arg(p.name);
    case CodegenVerdict::PlanKind::Pointwise:
      return SpecView::tr("pointwise lowering");
    case CodegenVerdict::PlanKind::Chain:
      return SpecView::tr("chain of %n launch(es)", nullptr, launches);
    case CodegenVerdict::PlanKind::ChainWriteBack:
      return SpecView::tr("chain of %n launch(es), writing input(s) %1 back", nullptr, launches)
          .arg(p.writtenInputs.join(QStringLiteral(", ")));
    case CodegenVerdict::PlanKind::None:
      break;
  }
  return {};
}

QString codegenVerdictText(const CodegenVerdict& verdict) {
  if (!verdict.valid) return {};
  QString head;
  if (const CodegenVerdict::Backend* b = verdict.chosen())
    head = b->kernel ? SpecView::tr("Phase 3 will write a kernel with %1 (%2).")
                           .arg(b->label, codegenPlanText(verdict, b->launches))
                     : SpecView::tr("Phase 3 will write a SKELETON with %1 (the quality gate fails it): %2")
                           .arg(b->label, displayCodegenReason(b->reason));
  else
    head = SpecView::tr("Framework %1: not a built-in backend; the built-in ones would give:").arg(verdict.framework);
  QStringList lines{head, SpecView::tr("Code generation:")};
  for (const CodegenVerdict::Group& g : verdict.groups) {
    const QString ops = g.ops.join(QStringLiteral(", "));
    lines
        << (g.covered
                ? SpecView::tr("  group %1 [%2]: covered").arg(g.anchor, ops)
                : SpecView::tr("  group %1 [%2]: not covered: %3").arg(g.anchor, ops, displayCodegenReason(g.reason)));
  }
  // ✓ / ✗ before each framework: the verdict reads at a glance on a demo screen. The chosen one first and whole;
  // the others' kernels (short), and their skeletons named on one line, the reasons in the tooltip.
  const CodegenVerdict::Backend* chosen = verdict.chosen();
  auto whole = [&verdict](const CodegenVerdict::Backend& b) {
    return b.kernel ? SpecView::tr("  ✓ %1: kernel (%2)").arg(b.label, codegenPlanText(verdict, b.launches))
                    : SpecView::tr("  ✗ %1: skeleton: %2").arg(b.label, displayCodegenReason(b.reason));
  };
  if (chosen) lines << whole(*chosen);
  QStringList skeletons;
  for (const CodegenVerdict::Backend& b : verdict.backends) {
    if (&b == chosen) continue;
    if (b.kernel || !chosen)
      lines << whole(b);
    else
      skeletons << b.label;
  }
  if (!skeletons.isEmpty())
    lines << SpecView::tr("  ✗ %1: skeleton (hover for why)").arg(skeletons.join(QStringLiteral(", ")));
  return lines.join(u'\n');
}

QString codegenOtherReasons(const CodegenVerdict& verdict) {
  if (!verdict.valid || !verdict.chosen()) return {};
  QStringList lines;
  for (const CodegenVerdict::Backend& b : verdict.backends)
    if (&b != verdict.chosen() && !b.kernel)
      lines << SpecView::tr("%1: skeleton: %2").arg(b.label, displayCodegenReason(b.reason));
  return lines.join(QStringLiteral("\n\n"));
}

void SpecView::setCodegen(const CodegenVerdict& verdict) {
  if (!verdict.valid) {
    m_codegen->clear();
    m_codegen->hide();
    return;
  }
  // Worded here from the verdict's data (translated), not core's English text (`kwb analyze`'s own words).
  m_codegen->setText(softBreaks(codegenVerdictText(verdict)));
  m_codegen->setToolTip(codegenOtherReasons(verdict));
  m_codegen->show();
}

QString noSpecText(bool phase1Failed) {
  return phase1Failed ? QCoreApplication::translate(
                            "kwb::SpecView",
                            "No spec: phase 1 (Understand) failed. The console and the status bar give the error, and "
                            "the editor marks its line; fix the problem file, then run phase 1 again.")
                      : QCoreApplication::translate("kwb::SpecView", "No spec yet: run phase 1 (Understand).");
}

void SpecView::setPhase1Failed(bool failed) {
  m_phase1Failed = failed;
  if (!m_hasSpec) m_summary->setText(noSpecText(failed));
}

void SpecView::setSpec(const nlohmann::json& spec) {
  m_model->resetData(spec);
  fitTable();
  m_hasSpec = spec.is_object();
  if (!spec.is_object()) {
    m_summary->setText(noSpecText(m_phase1Failed));
    return;
  }
  const QLocale c = QLocale::c();
  // The expression with like terms combined and long numbers grouped (new-user trial 5, R8), = the exact count
  // (grouped) and a readable magnitude.
  auto exprLine = [&](const QString& what, const char* key, const QString& unit, const char* si) {
    const auto& e = spec.value(key, nlohmann::json());
    if (!e.is_object()) return tr("%1: unknown").arg(what);
    if (!e.contains("value") || !e["value"].is_number())
      return tr("%1: %2 = %3 %4").arg(what, readableExpr(str(e, "expr")), str(e, "value"), unit);
    const double v = e["value"].get<double>();
    const QString exact = e["value"].is_number_integer() ? readableExpr(QString::fromStdString(e["value"].dump()))
                                                         : c.toString(v, 'g', 10);
    // a formula right at these sizes only: the count alone, and why (new-user trial 17, #1)
    if (const QString note = formulaNote(e, true); !note.isEmpty())
      return tr("%1: %2 %3 (%4); %5").arg(what, exact, unit, siCount(v, QLatin1String(si)), note);
    return tr("%1: %2 = %3 %4 (%5)")
        .arg(what, readableExpr(str(e, "expr")), exact, unit, siCount(v, QLatin1String(si)));
  };
  QStringList lines;
  const auto& pattern = spec.value("pattern", nlohmann::json());
  lines << tr("Pattern: %1 (%2)").arg(str(pattern, "primary"), str(pattern, "detail"));
  lines << tr("Problem: %1, dtype %2").arg(str(spec.value("source", nlohmann::json()), "name"), str(spec, "dtype"));
  QStringList sizes;
  if (spec.contains("sizes") && spec["sizes"].is_object())
    for (auto it = spec["sizes"].begin(); it != spec["sizes"].end(); ++it)
      sizes << QString::fromStdString(it.key()) + u'=' + QString::fromStdString(it.value().dump());
  if (!sizes.isEmpty()) lines << tr("Sizes: %1").arg(sizes.join(QStringLiteral(", ")));
  lines << exprLine(tr("FLOPs"), "flops", tr("FLOP"), "FLOP") << exprLine(tr("Bytes"), "bytes", tr("bytes"), "B");
  // the dtype the parameters were counted at, where it is not the input's (the probe's words; new-user trial 31, #7)
  if (const auto& b = spec.value("bytes", nlohmann::json()); b.is_object() && b.contains("weights_dtype"))
    if (const QString w = str(b["weights_dtype"], "note"); !w.isEmpty()) lines.last() += QStringLiteral("; ") + w;
  const auto& acc = spec.value("accuracy", nlohmann::json());
  lines << tr("Threshold: rel_err < %1 (%2); accumulation %3")
               .arg(str(acc, "rel_err_threshold"), displaySpecNote(str(acc, "threshold_source")),
                    str(acc, "accumulation_dtype"));
  for (const char* key : {"ambiguities", "notes"}) {
    if (!spec.contains(key) || !spec[key].is_array()) continue;
    for (const auto& n : spec[key]) {
      // an ambiguity's why is the probe's sentence: shown as a note is (translated or marked; trial 31, #11)
      nlohmann::json shownAmb = n;
      if (n.is_object() && n.contains("why") && n["why"].is_string())
        shownAmb["why"] = displaySpecNote(QString::fromStdString(n["why"].get<std::string>())).toStdString();
      lines << (qstrcmp(key, "ambiguities") == 0 ? tr("Ambiguity: ") : tr("Note: ")) +
                   (n.is_string()   ? displaySpecNote(QString::fromStdString(n.get<std::string>()))
                    : n.is_object() ? formatAmbiguity(shownAmb)  // not its JSON (new-user trial 28), as the console
                                    : QString::fromStdString(n.dump()));
    }
  }
  // a long problem name set the whole wizard's minimum width (new-user trial 15, #4)
  m_summary->setText(softBreaks(lines.join(u'\n')));
}

}  // namespace kwb
