#include "widgets/knowledgemodel.h"

#include <QColor>
#include <QFont>

namespace kwb {

KnowledgeModel::KnowledgeModel(QObject* parent) : QAbstractTableModel(parent) {}

void KnowledgeModel::resetData(const QList<KnowledgeRecord>& records) {
  beginResetModel();
  m_rows = records;
  endResetModel();
}

QString KnowledgeModel::scopeText(const nlohmann::json& scope) {
  if (scope.is_null()) return {};
  if (!scope.is_object()) return QString::fromStdString(scope.dump());
  QStringList parts;
  for (auto it = scope.begin(); it != scope.end(); ++it) {
    if (it.value().is_null()) continue;
    const QString value = it.value().is_string() ? QString::fromStdString(it.value().get<std::string>())
                                                 : QString::fromStdString(it.value().dump());
    parts << QString::fromStdString(it.key()) + u'=' + value;
  }
  return parts.join(QStringLiteral(", "));
}

QString KnowledgeModel::detailsHtml(const KnowledgeRecord& r) {
  auto esc = [](const QString& t) { return t.toHtmlEscaped(); };
  auto row = [&](const QString& label, const QString& value) {
    return value.isEmpty() ? QString()
                           : QStringLiteral("<tr><td style='padding-right:6px'><i>%1</i></td><td>%2</td></tr>")
                                 .arg(esc(label), esc(value));
  };
  QString html =
      QStringLiteral("<p style='margin:0 0 4px 0'><b>%1</b></p>").arg(esc(r.title.isEmpty() ? r.id : r.title));
  if (r.fallback)
    html += QStringLiteral("<p style='margin:0 0 4px 0;color:#e06c00'><b>%1</b></p>")
                .arg(esc(tr("FALLBACK SAMPLE: not a match for this problem or hardware.")));
  html += QStringLiteral("<table cellspacing='0' cellpadding='0'>") + row(tr("Record id"), r.id) +
          row(tr("Tool"), r.toolId) + row(tr("Scope"), scopeText(r.scope)) + row(tr("Source"), r.source) +
          QStringLiteral("</table>");
  if (!r.constraint.isEmpty())
    html +=
        QStringLiteral("<p style='margin:4px 0 0 0'><i>%1</i> %2</p>").arg(esc(tr("Constraint:")), esc(r.constraint));
  if (!r.content.isEmpty())
    html += QStringLiteral("<p style='margin:4px 0 0 0;white-space:pre-wrap'>%1</p>").arg(esc(r.content));
  return html;
}

int KnowledgeModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int KnowledgeModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant KnowledgeModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const KnowledgeRecord& r = m_rows[index.row()];
  switch (role) {
    case ContentRole:
      return r.content;
    case ConstraintRole:
      return r.constraint;
    case FallbackRole:
      return r.fallback;
    case FullIdRole:
      return r.id;
    case Qt::ToolTipRole: {
      // the id whole first: the table cuts it in the middle (MainWindow's knowledge table)
      QString tip = tr("Record id: %1").arg(r.id) + u"\n" + r.title + u"\n\n" + r.content;
      if (!r.constraint.isEmpty()) tip += u"\n\n" + tr("Constraint: %1").arg(r.constraint);
      if (r.fallback) tip += u"\n\n" + tr("FALLBACK SAMPLE: not a match for this problem or hardware.");
      return tip;
    }
    case Qt::ForegroundRole:
      return r.fallback ? QVariant(QColor(0xe0, 0x6c, 0x00)) : QVariant();
    case Qt::FontRole:
      if (r.fallback && index.column() == MatchColumn) {
        QFont f;
        f.setBold(true);
        return f;
      }
      return {};
    case Qt::DisplayRole:
      break;
    default:
      return {};
  }
  switch (static_cast<Columns>(index.column())) {
    case ToolColumn:
      return r.toolId;
    case IdColumn:
      return r.id;
    case TitleColumn:
      return r.title;
    case ScopeColumn:
      return scopeText(r.scope);
    case SourceColumn:
      return r.source;
    case MatchColumn:
      return r.fallback ? tr("FALLBACK (not a match)") : tr("match");
    case ColumnCount:
      break;
  }
  return {};
}

QVariant KnowledgeModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (static_cast<Columns>(section)) {
    case ToolColumn:
      return tr("Tool");
    case IdColumn:
      return tr("Record id");
    case TitleColumn:
      return tr("Title");
    case ScopeColumn:
      return tr("Scope");
    case SourceColumn:
      return tr("Source");
    case MatchColumn:
      return tr("Match");
    case ColumnCount:
      break;
  }
  return {};
}

}  // namespace kwb
