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
  /// Before a verdict: shows what the phases are doing instead of the headline, in @p look's colour and glyph
  /// ("… Phase 1: Understand" while it runs, Running's look; "! Phase 1 failed" with Error's). verdict() stays
  /// what it was (NotRun); the next setVerdict() replaces the text. A console chip read "Not run" beside "phase 3
  /// done" (new-user trial 9, #13).
  void setActivity(Verdict look, const QString& text, const QString& tip = {});
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
