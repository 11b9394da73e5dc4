#include "widgets/textfit.h"

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
