#include "widgets/textfit.h"

#include <QFontMetrics>
#include <QTextBoundaryFinder>

namespace kwb {

QString softBreaks(const QString& text, int longRun) {
  static const QChar kZeroWidthSpace(0x200B);
  QString out;
  out.reserve(text.size() + text.size() / 8);
  qsizetype runStart = 0;
  for (qsizetype i = 0; i < text.size(); ++i) {
    const QChar c = text.at(i);
    if (c.isSpace()) runStart = i + 1;
    out.append(c);
    if (c != u'_' && c != u'/' && c != u'\\' && c != u'.') continue;
    // the end of the run this character is in
    qsizetype end = i + 1;
    while (end < text.size() && !text.at(end).isSpace()) ++end;
    if (end - runStart > longRun && i + 1 < end) out.append(kZeroWidthSpace);
  }
  return out;
}

QString withoutSoftBreaks(QString text) { return text.remove(QChar(0x200B)); }

}  // namespace kwb

namespace kwb {

QString elideAtWord(const QString& text, const QFontMetrics& metrics, int width) {
  if (width <= 0) return {};
  if (metrics.horizontalAdvance(text) <= width) return text;
  static const QString kEllipsis(QChar(0x2026));
  static const QString kSeparators = QStringLiteral(";,:\u2014\uff1b\uff0c\uff1a\u3001");
  QTextBoundaryFinder breaks(QTextBoundaryFinder::Line, text);
  QString best;
  for (qsizetype at = breaks.toNextBoundary(); at > 0 && at < text.size(); at = breaks.toNextBoundary()) {
    if (text.at(at - 1) == u'-') continue;  // "re-…" reads as a word cut
    QString head = text.left(at);
    while (!head.isEmpty() && (head.back().isSpace() || kSeparators.contains(head.back()))) head.chop(1);
    if (head.isEmpty()) continue;
    if (metrics.horizontalAdvance(head + kEllipsis) > width) break;  // the heads only grow
    best = head;
  }
  return best.isEmpty() ? (metrics.horizontalAdvance(kEllipsis) <= width ? kEllipsis : QString()) : best + kEllipsis;
}

}  // namespace kwb
