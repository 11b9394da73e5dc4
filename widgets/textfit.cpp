#include "widgets/textfit.h"

#include <algorithm>

#include <QApplication>
#include <QFontMetrics>
#include <QStyle>
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

namespace kwb {

QStringList wrapAtWords(const QString& text, const QFontMetrics& metrics, int width, int maxLines) {
  QStringList lines;
  if (text.isEmpty() || width <= 0 || maxLines < 1) return lines;
  QString rest = text.trimmed();
  while (!rest.isEmpty()) {
    if (lines.size() == maxLines - 1) {  // the last line: the rest, or its head at a word and "…"
      // a word longer than the whole line has no word to end at: cut where it fills the line, not "…" alone
      const QString last = elideAtWord(rest, metrics, width);
      lines << (last.size() <= 1 && rest.size() > 1 ? metrics.elidedText(rest, Qt::ElideRight, width) : last);
      break;
    }
    if (metrics.horizontalAdvance(rest) <= width) {
      lines << rest;
      break;
    }
    // the longest head up to a line-break opportunity that fits; a first word too long for the line: what fits of it
    qsizetype cut = 0;
    QTextBoundaryFinder breaks(QTextBoundaryFinder::Line, rest);
    for (qsizetype at = breaks.toNextBoundary(); at > 0 && at < rest.size(); at = breaks.toNextBoundary()) {
      if (metrics.horizontalAdvance(rest.left(at).trimmed()) > width) break;
      cut = at;
    }
    if (cut == 0)
      while (cut + 1 < rest.size() && metrics.horizontalAdvance(rest.left(cut + 1)) <= width) ++cut;
    cut = std::max<qsizetype>(cut, 1);
    lines << rest.left(cut).trimmed();
    rest = rest.mid(cut).trimmed();
  }
  return lines;
}

QString WordFitDelegate::shownText(const QStyleOptionViewItem& option, const QModelIndex& index) const {
  const QString text = index.data(Qt::DisplayRole).toString();
  if (option.rect.isEmpty() || text.isEmpty()) return text;
  const QStyle* style = option.widget ? option.widget->style() : QApplication::style();
  // QCommonStyle draws an item's text inside its rect less the focus frame's margin (+1) on each side
  const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, option.widget) + 1;
  const QFontMetrics metrics(option.font);
  // as many lines as QCommonStyle lays out in the rect: a line is the font's height (no leading), 2 in a default row
  const int lines = std::max(1, option.rect.height() / std::max(1, metrics.height()));
  return wrapAtWords(text, metrics, option.rect.width() - 2 * margin, lines).join(u'\n');
}

void WordFitDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const {
  QStyledItemDelegate::initStyleOption(option, index);
  if (option->rect.isEmpty() || option->text.isEmpty()) return;  // sizeHint(): the whole text
  option->text = shownText(*option, index);
  option->textElideMode = Qt::ElideNone;  // every line fits already: the view's eliding would cut the last word
}

}  // namespace kwb
