#pragma once
// Text that fits a narrow dock: long unbroken runs (a problem name, a path) may wrap.

#include <QString>

namespace kwb {

/// @p text with a zero-width space after each '_', '/', '\\' and '.' inside a run of more than @p longRun characters
/// without a space, so a word-wrapped QLabel can break "92_Conv2d_GroupNorm_Tanh_HardSwish_…" or a path instead of
/// taking its whole width as its minimum (new-user trial 15, #4: the wizard dock was clipped). Shown the same.
QString softBreaks(const QString& text, int longRun = 24);

/// @p text without the zero-width spaces softBreaks() put in (what a label of it says, for tests and copies).
QString withoutSoftBreaks(QString text);

}  // namespace kwb

class QFontMetrics;

namespace kwb {

/// @p text as it fits @p width pixels in @p metrics: whole when it fits, else cut at the last line-break opportunity
/// (a space, after a CJK character or a '/', by QTextBoundaryFinder's line rules) whose start, without trailing spaces
/// and separators (";,:" and their full-width forms), fits with "…" after it. Never a word cut mid-way: where no
/// break fits (a single long word), "…" alone. A width <= 0 gives "".
QString elideAtWord(const QString& text, const QFontMetrics& metrics, int width);

}  // namespace kwb

namespace kwb {

/// @p text in at most @p maxLines lines of at most @p width pixels in @p metrics, each broken at a line-break
/// opportunity (as elideAtWord() finds them; a single word longer than a line is broken where it fills the line), the
/// last one cut by elideAtWord() when the rest does not fit (at a character where its first word alone is wider than
/// the line). The lines' text without trailing spaces. Empty for an
/// empty @p text, a @p width <= 0 or a @p maxLines < 1.
QStringList wrapAtWords(const QString& text, const QFontMetrics& metrics, int width, int maxLines);

}  // namespace kwb

#include <QStyledItemDelegate>

namespace kwb {

/// A table cell whose long text (the case table's Reason) wraps at words into as many lines as the cell's height holds
/// and ends with "…" at a word; the view's own eliding cut it mid-word ("(the free …", "problem_sh…"). The whole text
/// stays the cell's tooltip (the model's).
class WordFitDelegate : public QStyledItemDelegate {
  Q_OBJECT
 public:
  using QStyledItemDelegate::QStyledItemDelegate;
  /// The text drawn for @p index in @p option's rect: wrapAtWords() to the rect's width less the style's text
  /// margins and to its height in whole lines, joined by "\n"; the model's text as is when the rect is empty.
  QString shownText(const QStyleOptionViewItem& option, const QModelIndex& index) const;

 protected:
  void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
};

}  // namespace kwb
