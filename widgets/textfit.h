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
