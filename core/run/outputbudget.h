#pragma once
// What a run keeps of a harness's output, for output.log and the live echo (console, terminal): a chatty
// problem (one that prints 1 MB per forward call) made a 70 MB log and flooded the terminal (new-user trial 3, W1).

#include <QList>
#include <QString>

#include <deque>

namespace kwb {

/// One line offered to or released by an OutputBudget.
struct BudgetLine {
  QString text;         ///< without the newline
  int channel = 0;      ///< 0 stdout, 1 stderr (RunChannel), -1 the runner's own line ("[kwb] …" in the log)
  bool pinned = false;  ///< never dropped: a harness protocol line or a runner's line (they are the record)
  bool marker = false;  ///< the budget's own "output dropped: …" line (channel -1)
};

/// Keeps the first headBytes of a stream of lines in full, then only its last tailBytes, with one marker line
/// (channel -1, droppedText()) where lines were left out; pinned lines are never dropped and the order is kept.
/// Lines after the head reach the caller late: as older ones leave the tail window, or at finish(). A line that is
/// not pinned and longer than lineChars characters is cut there, its end replaced by "… [kwb: N characters of this
/// line dropped]". Sizes are UTF-8 bytes of the lines plus one per newline; the memory held is about tailBytes.
class OutputBudget {
 public:
  /// @p headBytes, @p tailBytes >= 0 (bytes); @p lineChars >= 1 (UTF-16 code units).
  OutputBudget(qint64 headBytes, qint64 tailBytes, qsizetype lineChars);

  /// Offers one line; returns the lines to pass on now, in order (none while it waits in the tail window).
  QList<BudgetLine> push(BudgetLine line);
  /// End of the stream: the marker for what was dropped, if anything, then the tail window. Resets nothing.
  QList<BudgetLine> finish();

  qint64 droppedBytes() const { return m_droppedBytes; }  ///< bytes left out so far (all markers together)
  qint64 droppedLines() const { return m_droppedLines; }  ///< lines left out so far

  /// The marker's text: "output dropped: N bytes in M lines (…)", as output.log has it after "[kwb] ".
  static QString droppedText(qint64 bytes, qint64 lines, qint64 headBytes, qint64 tailBytes);

 private:
  void releaseMarker(QList<BudgetLine>* out);

  qint64 m_head, m_tail;
  qsizetype m_lineChars;
  qint64 m_headUsed = 0, m_tailUsed = 0;
  bool m_headFull = false;
  std::deque<std::pair<BudgetLine, qint64>> m_window;  ///< the tail window: line and its size in bytes
  qint64 m_pendingBytes = 0, m_pendingLines = 0;       ///< dropped since the last marker
  qint64 m_droppedBytes = 0, m_droppedLines = 0;
};

}  // namespace kwb
