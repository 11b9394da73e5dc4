#include "widgets/verdictbadge.h"
#include "core/review/displaytext.h"

#include "core/review/reviewexport.h"

namespace kwb {

QColor verdictColor(Verdict v) { return QColor(verdictColorName(v)); }

QString verdictGlyph(Verdict v) {
  switch (v) {
    case Verdict::Pass:
      return QStringLiteral("✓");
    case Verdict::Fail:
      return QStringLiteral("✗");
    case Verdict::TimeoutFail:
      return QStringLiteral("◷");
    case Verdict::Skeleton:
      return QStringLiteral("▢");
    case Verdict::DryRun:
      // A dash, as tables show a value that was not measured: the dotted circle "◌" read as a busy spinner in a
      // demo (new-user trial 6, R5).
      return QStringLiteral("—");
    case Verdict::DryRunTimeout:
      return QStringLiteral("◴");  // a clock face: the time ran out, no verdict on anything
    case Verdict::Stopped:
      return QStringLiteral("■");
    case Verdict::Error:
      return QStringLiteral("!");
    case Verdict::Incomplete:
      return QStringLiteral("◐");  // half done
    case Verdict::Running:
      return QStringLiteral("…");
    case Verdict::NotRun:
      return QStringLiteral("○");
  }
  return {};
}

VerdictBadge::VerdictBadge(QWidget* parent) : QLabel(parent) {
  setObjectName(QStringLiteral("verdictBadge"));
  setTextFormat(Qt::PlainText);
  setWordWrap(true);  // a long headline wraps in a narrow dock instead of widening it
  setVerdict(Verdict::NotRun);
}

void VerdictBadge::setVerdict(Verdict v, const QString& reason) {
  m_verdict = v;
  const QString head = verdictGlyph(v) + u' ' + verdictTitle(v);
  setText(m_prefix ? tr("Quality gate: %1").arg(head) : head);
  setToolTip(displayGateReason(reason));  // the records keep English
  setAccessibleName(text());
  // White on the verdict colour: readable on light and dark palettes alike.
  setStyleSheet(QStringLiteral("QLabel{background:%1;color:white;font-weight:bold;padding:2px 8px;border-radius:3px}")
                    .arg(verdictColor(v).name()));
}

void VerdictBadge::setActivity(Verdict look, const QString& text, const QString& tip) {
  const QString head = verdictGlyph(look) + u' ' + text;
  setText(m_prefix ? tr("Quality gate: %1").arg(head) : head);
  setToolTip(tip);
  setAccessibleName(QLabel::text());
  setStyleSheet(QStringLiteral("QLabel{background:%1;color:white;font-weight:bold;padding:2px 8px;border-radius:3px}")
                    .arg(verdictColor(look).name()));
}

}  // namespace kwb
