#pragma once
// The verdict's look, the same wherever it is shown (wizard, run console, status bar): a coloured
// badge with a glyph and the headline, the reason in its tooltip. Colours come from
// core/review/reviewexport.h's verdictColorName so an exported review looks the same.

#include <QColor>
#include <QLabel>

#include "core/review/verdict.h"

namespace kwb {

/// The badge colour of `v` (PASS green, FAIL red, TIMEOUT_FAIL orange, skeleton purple, dry run blue,
/// error magenta, stopped / not run grey).
QColor verdictColor(Verdict v);
/// A glyph that tells the verdicts apart without colour: ✓ ✗ ◷ ▢ — ■ ! … ○ (static: none looks like a spinner) (each in
/// a font Debian installs: ⏱ was in none and drew as a box).
QString verdictGlyph(Verdict v);

class VerdictBadge : public QLabel {
  Q_OBJECT
 public:
  explicit VerdictBadge(QWidget* parent = nullptr);
  /// Shows `v` with its glyph and title ("Quality gate: " before it when `prefix`); `reason` becomes the
  /// tooltip (and is appended after a dash when `withReason`).
  void setVerdict(Verdict v, const QString& reason = {});
  Verdict verdict() const { return m_verdict; }
  /// Put "Quality gate:" before the headline (default true); redraws.
  void setPrefix(bool on) {
    m_prefix = on;
    setVerdict(m_verdict, toolTip());
  }

 private:
  Verdict m_verdict = Verdict::NotRun;
  bool m_prefix = true;
};

}  // namespace kwb
