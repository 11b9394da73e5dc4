#pragma once
// A `kwb suite` folder as a sortable, filterable table with the suite's summary above it (counts,
// fast_1, the geomean speedups), and a Report tab with the suite report (the document of suite_report.md/.html and
// `kwb export SUITE_DIR`: per-level figures, the worst problems, links to each problem's files). Double-click or Enter
// on a problem, or its report link, asks for its workspace to be opened in review mode; the window decides how
// (MainWindow::openPath). Export Report… writes that document as HTML, PDF or Markdown.

#include <QWidget>

#include <optional>

#include "core/pipeline/suite.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QUrl;

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
  /// The width the Gate column takes: its header's, or its longest label in that label's font with an em to spare,
  /// whichever is wider (pixels). showSuite() sets it; the column may be widened by hand.
  int gateColumnWidth() const;

  SuiteTableModel* model() const { return m_model; }
  SuiteSortProxy* proxy() const { return m_proxy; }
  QTableView* view() const { return m_view; }
  QLineEdit* filterEdit() const { return m_filter; }
  /// The Problems / Report tabs, the Report tab's view and the Export Report… button.
  QTabWidget* tabs() const { return m_tabs; }
  QTextBrowser* reportView() const { return m_report; }
  QPushButton* exportButton() const { return m_export; }

  /// Writes the suite shown to @p path (format from its suffix: .html, .pdf or .md) through exportSuiteReport(),
  /// in English as `kwb export` writes it, links relative to the file's folder. False with why in @p error.
  bool exportReport(const QString& path, QString* error) const;

  /// The summary of a suite in one line of HTML: its problems, the gate counts that are not zero,
  /// fast_1, the geomean speedups over eager and torch.compile, the GPU, framework and target.
  static QString summaryHtml(const SuiteReport& report);

 Q_SIGNALS:
  /// The user asked to review @p problem's workspace (double-click, or Enter on its row). The folder may
  /// not exist on this machine (a suite run elsewhere): the receiver says so.
  void openWorkspaceRequested(const QString& workspace, const QString& problem);

 private:
  void activate(const QModelIndex& proxyIndex);
  /// A link of the Report tab: "#anchor" scrolls; a problem's baseline_report.md opens its workspace for review;
  /// another file (kernel.py, output.log) opens in the desktop's viewer.
  void followLink(const QUrl& url);
  void askExport();

  SuiteTableModel* m_model;
  SuiteSortProxy* m_proxy;
  QLabel* m_summary;
  QLineEdit* m_filter;
  QLabel* m_shown;  ///< "12 of 56 shown" while filtering
  QTableView* m_view;
  QTabWidget* m_tabs;
  QTextBrowser* m_report;
  QPushButton* m_export;
  std::optional<SuiteReport> m_suite;
};

}  // namespace kwb
