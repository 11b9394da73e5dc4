#pragma once
// A `kwb suite` folder as a sortable, filterable table with the suite's summary above it (counts,
// fast_1, the geomean speedups). Double-click or Enter on a problem asks for its workspace to be opened
// in review mode; the window decides how (MainWindow::openPath).

#include <QWidget>

#include <optional>

#include "core/pipeline/suite.h"

class QLabel;
class QLineEdit;
class QTableView;

namespace kwb {

class SuiteSortProxy;
class SuiteTableModel;

class SuitePanel : public QWidget {
  Q_OBJECT
 public:
  explicit SuitePanel(QWidget* parent = nullptr);

  /// Reads the suite in @p folderOrFile (a suite folder, or its suite.json) through readSuite() and shows
  /// it; the filter is cleared. False with why in @p error (the panel keeps what it showed).
  bool openSuite(const QString& folderOrFile, QString* error = nullptr);
  /// Shows @p report (already read); used by openSuite().
  void showSuite(const SuiteReport& report);
  /// The suite shown, nullopt before one is opened.
  const std::optional<SuiteReport>& suite() const { return m_suite; }
  /// The summary line's text (HTML), as shown above the table.
  QString summaryText() const;

  SuiteTableModel* model() const { return m_model; }
  SuiteSortProxy* proxy() const { return m_proxy; }
  QTableView* view() const { return m_view; }
  QLineEdit* filterEdit() const { return m_filter; }

  /// The summary of a suite in one line of HTML: its problems, the gate counts that are not zero,
  /// fast_1, the geomean speedups over eager and torch.compile, the GPU, framework and target.
  static QString summaryHtml(const SuiteReport& report);

 Q_SIGNALS:
  /// The user asked to review @p problem's workspace (double-click, or Enter on its row). The folder may
  /// not exist on this machine (a suite run elsewhere): the receiver says so.
  void openWorkspaceRequested(const QString& workspace, const QString& problem);

 private:
  void activate(const QModelIndex& proxyIndex);

  SuiteTableModel* m_model;
  SuiteSortProxy* m_proxy;
  QLabel* m_summary;
  QLineEdit* m_filter;
  QLabel* m_shown;  ///< "12 of 56 shown" while filtering
  QTableView* m_view;
  std::optional<SuiteReport> m_suite;
};

}  // namespace kwb
