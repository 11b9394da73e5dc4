#pragma once
// The run history of the workspace shown: every .kwb/runs/<time> folder with its status and case
// count, the recorded one marked. Double-click reviews a run; "Compare" puts two runs' cases side by
// side (status, rel_err, µs and the latency ratio).

#include <QAbstractTableModel>
#include <QWidget>

#include "core/records/versions.h"
#include "core/review/workspacereview.h"

class QFileSystemWatcher;
class QLabel;
class QPushButton;
class QTableView;
class QTimer;

namespace kwb {

class WorkbenchSession;

class RunsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Columns { TimeColumn, StatusColumn, CasesColumn, RecordedColumn, ColumnCount };
  enum Roles { DirRole = Qt::UserRole };  ///< QString: the run folder, absolute

  explicit RunsModel(QObject* parent = nullptr);
  /// Replaces all rows (newest first, as listRuns gives them).
  void resetData(const QList<RunEntry>& runs);
  const QList<RunEntry>& runs() const { return m_rows; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  QList<RunEntry> m_rows;
};

/// The workspace's versions (memory/vN.json, readVersions()): V0 the baseline, then each `kwb measure`,
/// with the latency's speedup over the version before and the commit that recorded it.
class VersionsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Columns { VersionColumn, GateColumn, LatencyColumn, SpeedupColumn, RelErrColumn, CommitColumn, ColumnCount };

  explicit VersionsModel(QObject* parent = nullptr);
  /// Replaces all rows (ascending by N, as readVersions gives them).
  void resetData(const QList<VersionInfo>& versions);
  const QList<VersionInfo>& versions() const { return m_rows; }
  /// The Gate column's text for a version's gate code ("DRY_RUN" → "dry run", translated; PASS / FAIL /
  /// TIMEOUT_FAIL as the records write them).
  static QString gateColumnText(const QString& gate);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  QList<VersionInfo> m_rows;
};

class RunsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit RunsPanel(QWidget* parent = nullptr);
  /// Follows `session`: a reviewed workspace lists its runs; so does the job's workspace after phases 3 and 4
  /// and when its records are written.
  void setSession(WorkbenchSession* session);
  /// Lists the runs of `workspace` (after a live run); "" empties the list. The lists follow the workspace from then
  /// on: another program's `kwb measure` (a new memory/vN.json, a new run folder) shows here within a second.
  void showWorkspace(const QString& workspace);
  /// The workspace whose versions and runs are listed ("" when none).
  QString workspace() const { return m_workspace; }
  RunsModel* model() const { return m_model; }
  VersionsModel* versionsModel() const { return m_versions; }
  QTableView* view() const { return m_view; }

  /// Every file two committed versions of `workspace` differ in (git, libgit2) as HTML, read-only: a title with the
  /// count, a warning when code other than kernel.py changed (the harness, the reference: the verdicts were reached by
  /// different tests), a table of the files (kernel.py first, then other .py files, then the records) with their
  /// change, then each file's diff (at most kMaxDiffLines lines; the rest counted, with the git command). The first
  /// version is the older. "" with *error set when either is not committed or git fails.
  static QString versionDiffHtml(const QString& workspace, const VersionInfo& a, const VersionInfo& b,
                                 QString* error = nullptr);
  /// Lines of one file's diff versionDiffHtml() shows (a report or memory record can be long).
  static constexpr int kMaxDiffLines = 400;
  /// The versions table (select two versions to diff their files).
  QTableView* versionsView() const { return m_versionsView; }
  /// The versions table's title; it says why the figure columns are hidden when no version has a figure (CPU dry runs).
  QString versionsTitle() const;
  /// Diffs the two selected versions' files (versionDiffHtml()): emits comparisonReady(), or nothing unless two are
  /// selected.
  void diffSelectedVersions();

  /// The two runs' cases side by side as an HTML table (the first is the older), headed by `labelA` and `labelB`
  /// (runLabel(); the folder names when empty) and naming both run folders. "" when a run has no result.json.
  static QString comparisonHtml(const QString& runDirA, const QString& runDirB, const QString& labelA = {},
                                const QString& labelB = {});
  /// A run as a reviewer names it: "V1 · 2026-12-03 21:38:03 UTC" for a run a version's records describe, the time
  /// alone for another run, the folder name when its name is not a time stamp. `shortForm`: "V1" or "21:38:03" (a
  /// tab's title). The folder stamps ("20261203-213803-729") were all a comparison said.
  static QString runLabel(const RunEntry& run, bool shortForm = false);

 Q_SIGNALS:
  /// The user asked to review a run (its folder).
  void openRunRequested(const QString& runDir);
  /// The user asked to compare two runs: `html` is comparisonHtml(), `title` names them.
  void comparisonReady(const QString& title, const QString& html);
  /// The lists were read again because another program changed @p workspace on disk (a `kwb measure` in a shell: a
  /// new memory/vN.json, run folder or commit); the window's review of it can follow.
  void workspaceChangedOnDisk(const QString& workspace);

 private:
  void compareSelected();
  void listVersions(const QString& workspace);
  /// Watches @p workspace's memory/ and .kwb/runs/ (and the folder itself until they exist).
  void watchWorkspace(const QString& workspace);
  QFileSystemWatcher* m_watcher = nullptr;
  QTimer* m_reload = nullptr;  ///< coalesces a burst of changes (a run folder, then its records, then a commit)
  VersionsModel* m_versions;
  QLabel* m_versionsLabel = nullptr;
  QTableView* m_versionsView = nullptr;
  QPushButton* m_diff = nullptr;
  QString m_workspace;
  RunsModel* m_model;
  QTableView* m_view;
  QPushButton* m_compare;
};

}  // namespace kwb
