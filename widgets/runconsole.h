#pragma once
// The run console: live harness output (bounded, refreshed from a ~100 ms timer so a chatty process
// never floods the event loop; stderr in another colour), the per-case table, a progress bar and Stop.

#include <QList>
#include <QPair>
#include <QWidget>

#include "core/run/harnessparser.h"

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableView;
class QTimer;

namespace kwb {

class CaseTableModel;

class RunConsole : public QWidget {
  Q_OBJECT
public:
  /// Output channels, as BaselineJob::outputLine reports them (QProcess::ProcessChannel values).
  enum Channel { StdOut = 0, StdErr = 1 };
  /// Lines kept in the output view; older ones are dropped (the full log is in .kwb/runs/<time>/output.log).
  static constexpr int kMaxLines = 5000;

  explicit RunConsole(QWidget* parent = nullptr);

  /// Queues one line (without newline) of `channel`; shown at the next timer tick or flush().
  void appendLine(const QString& line, int channel);
  /// Also shows a workbench message (phase progress) in the output, in italics.
  void appendMessage(const QString& message);
  /// Clears output and cases, shows a busy progress bar and enables Stop.
  void runStarted();
  void caseStarted(const QString& name);
  void caseFinished(const kwb::CaseResult& result);
  /// Stops the busy bar, disables Stop and shows the summary ("3 PASS, 1 FAIL").
  void runFinished(bool ok);
  /// Writes queued lines to the view now (the timer calls it; tests may too).
  void flush();

  CaseTableModel* caseModel() const { return m_cases; }
  QPlainTextEdit* outputView() const { return m_output; }
  QProgressBar* progressBar() const { return m_progress; }
  QPushButton* stopButton() const { return m_stop; }
  bool isRunning() const { return m_running; }

Q_SIGNALS:
  /// The user pressed Stop.
  void stopRequested();

private:
  void updateSummary();

  QPlainTextEdit* m_output;
  CaseTableModel* m_cases;
  QTableView* m_table;
  QProgressBar* m_progress;
  QPushButton* m_stop;
  QLabel* m_summary;
  QTimer* m_flushTimer;
  QList<QPair<QString, int>> m_pending;  ///< (line, channel); channel -1 = workbench message
  bool m_running = false;
};

}  // namespace kwb
