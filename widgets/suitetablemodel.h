#pragma once
// A `kwb suite` report as a table: one row per problem (readSuite() in core reads suite.json), and the
// proxy that sorts it numerically with the missing figures ("–") last in either order.

#include <QAbstractTableModel>
#include <QList>
#include <QSortFilterProxyModel>

#include "core/pipeline/suite.h"

namespace kwb {

class SuiteTableModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Columns {
    ProblemColumn,
    StatusColumn,
    RelErrColumn,
    LatencyColumn,
    EagerColumn,
    SpeedupEagerColumn,
    CompileColumn,
    SpeedupCompileColumn,
    BandwidthColumn,
    ComputeColumn,
    ReasonColumn,  ///< "why not PASS", paths relative to the suite folder; cut by the view, whole in the tooltip
    ColumnCount
  };
  enum Roles {
    SortRole = Qt::UserRole,  ///< double for the figures (NaN when missing), the text otherwise
    WorkspaceRole,            ///< QString: the problem's workspace folder, absolute
    VerdictRole,              ///< int: the problem's kwb::Verdict (suiteEntryVerdict)
    FilterRole,               ///< QString: what the filter box matches (name, status, bottleneck, error)
  };

  explicit SuiteTableModel(QObject* parent = nullptr);
  /// Replaces all rows by @p entries (the order of suite.json). @p suiteDir / @p recordedDir: the suite folder and
  /// where it ran (SuiteReport::dir, ::recordedDir), the reasons' paths are shown relative to them.
  void resetData(const QList<SuiteEntry>& entries, const QString& suiteDir = {}, const QString& recordedDir = {});
  const QList<SuiteEntry>& entries() const { return m_rows; }
  /// The Gate column's sort key (its SortRole, a double): the worst first, as the suite report's "Worst problems"
  /// order them: ERROR 0, FAIL 1, TIMEOUT_FAIL 2, SKELETON 3, DRY_RUN_TIMEOUT 4, then incomplete / stopped / not run
  /// / running 5-8, DRY_RUN 9 and PASS 10 last.
  static int verdictRank(Verdict v);
  /// The Why-not-PASS cell of @p reason: a skeleton's cause alone ("aten::embedding has no chain stage yet"), since
  /// the Gate column names the skeleton and the view cuts long text from the right; any other reason as it is.
  static QString reasonCell(const QString& reason);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  QList<SuiteEntry> m_rows;
  QStringList m_reasons;  ///< per row: suiteRelativeText() of its error
};

/// Sorts on SuiteTableModel::SortRole (numbers as numbers, a missing figure after every present one in
/// both orders, names in natural order: 2_… before 10_…; rows of equal keys by name, ascending in both orders) and
/// keeps the rows whose FilterRole contains the filter text
/// (case-insensitive).
class SuiteSortProxy : public QSortFilterProxyModel {
  Q_OBJECT
 public:
  explicit SuiteSortProxy(QObject* parent = nullptr);

 protected:
  bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
};

}  // namespace kwb
