#pragma once
// Per-case results of one harness run (CASE_START / CASE_RESULT lines as they arrive).

#include <QAbstractTableModel>
#include <QList>

#include "core/review/verdict.h"
#include "core/run/harnessparser.h"

namespace kwb {

class CaseTableModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Columns {
    NameColumn,
    StatusColumn,
    ShapeColumn,
    DtypeColumn,
    RelErrColumn,
    LatencyColumn,
    RefLatencyColumn,
    ReasonColumn,
    ColumnCount
  };
  enum Roles {
    SortRole = Qt::UserRole,  ///< raw value: double for numbers (NaN when null), QString otherwise
    StatusRole,               ///< the status text ("RUNNING" for a started, unfinished case)
  };

  explicit CaseTableModel(QObject* parent = nullptr);

  /// Replaces all rows by `results` (e.g. the cases of a RESULT_JSON).
  void resetData(const QList<CaseResult>& results);
  /// Adds a RUNNING row for `name` (or marks an existing row of that name RUNNING again).
  void caseStarted(const QString& name);
  /// Replaces the row of the same name (the RUNNING one) or appends a new row.
  void caseFinished(const CaseResult& result);
  /// The run ended (finished, stopped or killed): a row still RUNNING becomes STOPPED (no verdict), so the table
  /// never shows a case as running beside a stopped run. Returns how many rows changed.
  int runEnded();
  /// Removes every row.
  void clear();
  /// A CPU dry run: PASS rows read "ran" ("ran (harness only)" in the tooltip: the reference ran; kernel.py
  /// was not run), the time columns are the reference's on the CPU (shown in their headers).
  void setDryRun(bool dryRun);
  bool dryRun() const { return m_dryRun; }
  /// The run's verdict: a PASS row of a skeleton or a dry run is not drawn in the passing green (the
  /// harness checked the reference against itself, or nothing of ours ran).
  void setVerdict(Verdict verdict);

  /// Why the gate failed when no case did (framework conformance, a harness error: not a case; new-user trial 20,
  /// #8): a last row "quality gate" whose status is FAIL and whose Reason is `note` (shown as given). An empty
  /// note removes the row. resetData() and clear() remove it too; results() and countStatus() never count it.
  void setGateNote(const QString& note);
  const QString& gateNote() const { return m_gateNote; }

  /// The cases the harness did not run for this problem, decided before any case ran (RunResult::skippedCases:
  /// a boundary case whose inputs the reference rejects, a literal bound a resize would break), as (name, reason):
  /// one row each after the cases, status "skipped" (StatusRole "SKIPPED"), its Reason the harness's. The report
  /// listed them and the table did not, so a reviewer saw no sign that the boundaries went untested (new-user
  /// trial 23, #10). A name that is already a case row is left out. resetData() and clear() remove them;
  /// results() and countStatus() never count them (skippedCount() does).
  void setSkippedCases(const QList<QPair<QString, QString>>& skipped);
  /// How many skipped rows setSkippedCases() added.
  int skippedCount() const { return static_cast<int>(m_skipped.size()); }

  /// The rows' results (a RUNNING row has status "RUNNING" and no numbers).
  const QList<CaseResult>& results() const { return m_rows; }
  /// How many rows have status `status` (e.g. "PASS").
  int countStatus(const QString& status) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  /// Text colour for a status: PASS green, FAIL red, TIMEOUT_FAIL orange, ERROR magenta, else grey.
  static QColor statusColor(const QString& status);
  /// The colour a row's status is drawn in: statusColor(), except PASS in a dry run (blue) or of a
  /// skeleton (purple), the verdict colours of core/review.
  QColor rowStatusColor(const QString& status) const;

 private:
  int rowOf(const QString& name) const;
  /// Removes the skipped row of @p name (a case row of that name came).
  void dropSkippedNamed(const QString& name);
  /// data() of the "quality gate" row (setGateNote()).
  QVariant gateRowData(int column, int role) const;
  /// The status colour, the bold status and the right-aligned numbers of a case or skipped row of @p status in
  /// @p column for @p role; an invalid QVariant for any other role or column.
  QVariant cellStyle(const QString& status, int column, int role) const;
  /// data() of the skipped row @p i (setSkippedCases()).
  QVariant skippedRowData(int i, int column, int role) const;
  QList<CaseResult> m_rows;
  QList<QPair<QString, QString>> m_skipped;  ///< setSkippedCases(), rows after m_rows
  bool m_dryRun = false;
  Verdict m_verdict = Verdict::NotRun;
  QString m_gateNote;
};

}  // namespace kwb
