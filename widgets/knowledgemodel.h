#pragma once
// The knowledge records consulted in phase 2 (the plugin panel). Ids and sources are shown exactly
// as the tool returned them; a fallback sample is visibly marked as NOT a match.

#include <QAbstractTableModel>
#include <QList>

#include "core/knowledge/knowledgetool.h"

namespace kwb {

class KnowledgeModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Columns { ToolColumn, IdColumn, TitleColumn, ScopeColumn, SourceColumn, MatchColumn, ColumnCount };
  enum Roles {
    ContentRole = Qt::UserRole,  ///< QString: the record's content
    ConstraintRole,              ///< QString: the constraint it establishes ("" if none)
    FallbackRole,                ///< bool: a fallback sample
    FullIdRole,                  ///< QString: the record id whole (the table elides it in the middle)
  };

  explicit KnowledgeModel(QObject* parent = nullptr);

  /// Replaces all rows.
  void resetData(const QList<KnowledgeRecord>& records);
  const QList<KnowledgeRecord>& records() const { return m_rows; }

  /// "vendor=NVIDIA, arch=Hopper, ..." from a scope object (keys in the object's order); a
  /// non-object scope is shown as its JSON text; null → "".
  static QString scopeText(const nlohmann::json& scope);

  /// One record whole, for the panel's details pane (rich text, every value HTML-escaped): the title word-wrapped,
  /// then the record id, tool, scope and source exactly as the tool returned them, whether it is a match or a
  /// FALLBACK sample, the content and the constraint. The table cuts titles in a 1280-px window (new-user trial
  /// 10, #14); this shows each one readable.
  static QString detailsHtml(const KnowledgeRecord& record);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  QList<KnowledgeRecord> m_rows;
};

}  // namespace kwb
