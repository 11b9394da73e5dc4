#pragma once
// The run console: live harness output as human lines (case, shape, dtype, status, rel_err, µs), with
// a raw-protocol toggle and a filter; bounded and refreshed from a ~100 ms timer so a chatty process
// never floods the event loop; the per-case table; the gate's verdict as the headline; progress
// "case 3/7" with the per-case timeout counting down; Stop.

#include <QElapsedTimer>
#include <QList>
#include <QWidget>

#include "core/pipeline/messagekind.h"
#include "core/review/verdict.h"
#include "core/run/harnessparser.h"

class QCheckBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTableView;
class QTimer;

namespace kwb {

class CaseTableModel;
class VerdictBadge;
class WorkbenchSession;

class RunConsole : public QWidget {
  Q_OBJECT
 public:
  /// Output channels, as BaselineJob::outputLine reports them (QProcess::ProcessChannel values).
  enum Channel { StdOut = 0, StdErr = 1 };
  /// Lines kept in the output view; older ones are dropped (the full log is in .kwb/runs/<time>/output.log).
  static constexpr int kMaxLines = 5000;

  explicit RunConsole(QWidget* parent = nullptr);

  /// Follows `session`: its job's progress, output and cases as they come; its verdict is the headline;
  /// a reviewed workspace fills the cases and the output from its run (nothing is re-run).
  void setSession(WorkbenchSession* session);

  /// Queues one line (without newline) of `channel`; shown at the next timer tick or flush().
  /// Harness protocol lines (CASE_START, CASE_RESULT, RESULT_JSON) are shown as human lines unless
  /// raw output is on.
  void appendLine(const QString& line, int channel);
  /// Also shows a workbench message (phase progress) in the output: an Info or a Stop in italics, a warning and an
  /// error each in its own colour (readable on a light and a dark palette), so an error does not read as progress.
  void appendMessage(const QString& message, kwb::MessageKind kind = kwb::MessageKind::Info);
  /// Clears output and cases, shows a busy progress bar and enables Stop.
  void runStarted();
  void caseStarted(const QString& name);
  void caseFinished(const kwb::CaseResult& result);
  /// Stops the progress and the countdown, disables Stop and shows the case counts. The bar reads "stopped" when
  /// `stopped` (the user stopped the run, also between two cases) or a case was still running, else "finished" or
  /// "finished with failures".
  void runFinished(bool ok, bool stopped = false);
  /// The cases the harness skipped when it planned them (RunResult::skippedCases: name, reason): a "skipped" row
  /// each in the case table (CaseTableModel::setSkippedCases()) and "N skipped" in the case counts. Call after the
  /// cases are set (CaseTableModel::resetData() removes them).
  void setSkippedCases(const QList<QPair<QString, QString>>& skipped);
  /// Writes queued lines to the view now (the timer calls it; tests may too).
  void flush();
  /// The harness's per-case timeout (TEST_TIMEOUT_SEC), for the countdown; <= 0 hides it.
  void setCaseTimeout(int seconds) { m_caseTimeoutSec = seconds; }

  /// The log and the case table back at their default share of the console (View > Reset Layout): side by side,
  /// the table every column (tableWidthNeeded()) where they fit in half of the width or the log keeps kMinLogWidth
  /// beside them; else, when the console is at least kMinStackedHeight tall (the 1280x800 and 1920x1080 windows), the
  /// log above the table, both the whole width, the table 2/5..1/2 of the height by its rows; else side by side, the
  /// table its numbers' columns and the shape (tableWidthNeeded(true, true)) within 2/5..3/5 of the width where the
  /// log keeps kMinLogWidth, else the numbers' columns alone (tableWidthNeeded(true)) within 2/5..3/5, the log the
  /// rest. The split follows the console's size and the cases shown until the user drags the handle between them.
  void resetLayout();
  /// The width in pixels the case table needs to show every column whole (the shape column at its set width),
  /// or with `numbersOnly` the case, its status, rel_err, µs and the reference's µs (and with `withShape` the shape
  /// too); hidden columns (a dry run's, updateDryRunColumns()) not counted; its frame and a vertical scroll bar
  /// included. The Reason (the last column) counts at kReasonReadChars average characters at most: it wraps at words.
  int tableWidthNeeded(bool numbersOnly = false, bool withShape = false) const;
  /// The Reason column's reading width in average characters (tableWidthNeeded()).
  static constexpr int kReasonReadChars = 40;
  /// Narrower than this (px) beside the table, the log goes above it (resetLayout()).
  static constexpr int kMinLogWidth = 360;
  /// The splitter's height (px) from which the log and the table may be stacked.
  static constexpr int kMinStackedHeight = 220;

  /// Show protocol lines as the harness printed them (true) or as human lines (false, default).
  void setRawOutput(bool raw);
  bool rawOutput() const { return m_raw; }
  /// Shows only lines containing `text` (case-insensitive); "" shows all.
  void setFilterText(const QString& text);

  /// The human form of one harness line ("" when it is not a protocol line).
  static QString humanLine(const QString& line);

  CaseTableModel* caseModel() const { return m_cases; }
  QPlainTextEdit* outputView() const { return m_output; }
  QProgressBar* progressBar() const { return m_progress; }
  QPushButton* stopButton() const { return m_stop; }
  /// Shows and enables the Stop button (@p on) while something can be stopped: a measurement (runStarted() shows it
  /// too) or a phase 1-3 on the session's worker thread; hides it otherwise, unless a measurement runs.
  void setStoppable(bool on);
  VerdictBadge* verdictBadge() const { return m_verdict; }
  /// The case counts next to the progress ("5 PASS, 1 FAIL").
  QString summaryText() const;
  bool isRunning() const { return m_running; }
  /// What phase 1..3 is doing now ("Phase 1: probing with …"), shown beside the busy bar; "" when none runs.
  QString activityText() const { return m_activity; }

 Q_SIGNALS:
  /// The user pressed Stop.
  void stopRequested();

 protected:
  /// The log's resizes: a wrapped log that follows its end scrolls there again once laid out.
  bool eventFilter(QObject* watched, QEvent* event) override;
  /// A theme switch: the log's lines were coloured from the old palette (messages in its Link colour, dark blue on
  /// a dark base after a live switch: new-user trial 15, #3); they are laid out again in the new one.
  void changeEvent(QEvent* event) override;

 private:
  /// Shows @p text in the progress bar, elided in the middle to the bar's width (fitProgressText()).
  void setProgressText(const QString& text);
  void fitProgressText();
  QString m_progressText;  ///< the progress bar's whole text (setProgressText())
  void followEndLater();
  void splitBySpace();
  /// In a CPU dry run, hides the rel_err and kernel µs columns while no case has a value there (every row "—", as
  /// the versions table hides its empty columns): at 1920x1080 they pushed the shape out of view (new-user trial 17,
  /// #15). A GPU run shows them always.
  void updateDryRunColumns();
  void splitBySpaceLater();

  struct Entry {
    QString raw;
    QString human;                         ///< "" for lines that are not protocol lines
    int channel;                           ///< StdOut, StdErr, -1 workbench message
    MessageKind kind = MessageKind::Info;  ///< a workbench message's kind
    int repeats = 1;                       ///< the same process line this many times in a row, shown once
  };
  /// A line of the process's the same as the one before it (raw text and channel) is counted on that one, not shown
  /// again: a forward that prints printed 274 lines for every warm-up and timed call (new-user trial 26, #13).
  /// output.log keeps every line.
  static bool sameLine(const Entry& a, const Entry& b) {
    return a.channel >= 0 && a.channel == b.channel && a.human.isEmpty() && b.human.isEmpty() && a.raw == b.raw;
  }
  void updateSummary();
  /// When the gate failed (`v`, `reason`) and no case did: a last console line and a "quality gate" row in the
  /// case table with the reason; otherwise that row is removed.
  void noteGateNotACase(kwb::Verdict v, const QString& reason);
  void updateProgress();
  void rebuildView();
  bool visible(const Entry& e) const;
  void insert(const QList<Entry>& entries);

  QPlainTextEdit* m_output;
  CaseTableModel* m_cases;
  QTableView* m_table;
  QProgressBar* m_progress;
  QPushButton* m_stop;
  QLabel* m_summary;
  QHBoxLayout* m_progressRow = nullptr;  ///< the progress bar, then the case counts (or a phase's activity)
  VerdictBadge* m_verdict;
  QCheckBox* m_rawCheck;
  QLineEdit* m_filter;
  QTimer* m_flushTimer;
  QTimer* m_tick;          ///< 1 s: the countdown
  QList<Entry> m_entries;  ///< everything shown or filtered out, bounded by kMaxLines
  QList<Entry> m_pending;
  bool m_running = false;
  bool m_raw = false;
  bool m_followEnd = true;   ///< the log keeps its end in view until the user scrolls up
  bool m_userSplit = false;  ///< the user dragged the log/table handle: their split stays until Reset Layout
  QSplitter* m_split = nullptr;
  QString m_filterText;
  int m_caseTimeoutSec = 0;
  int m_caseIndex = 0;  ///< cases started so far (this run, all processes)
  int m_caseTotal = 0;  ///< cases expected (0 = unknown)
  QString m_currentCase;
  int m_busyPhase = 0;  ///< phase 1..3 running on the session's worker thread (0: none)
  QString m_activity;   ///< its latest progress message, "Phase N: …"
  QElapsedTimer m_caseClock;
};

}  // namespace kwb
