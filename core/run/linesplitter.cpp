#include "core/run/linesplitter.h"

#include <QStringDecoder>

namespace kwb {

namespace {

// One whole line, decoded in one call (see the header for why not across calls).
QString decodeLine(QByteArrayView bytes) {
  if (bytes.endsWith('\r')) bytes.chop(1);
  // Stateless: an incomplete character at the end of the line becomes U+FFFD, not hidden state.
  QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
  return decoder.decode(bytes);
}

bool isContinuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

LineSplitter::LineSplitter(qsizetype maxLineBytes)
    : m_maxLineBytes(maxLineBytes > 4 ? maxLineBytes : kDefaultMaxLineBytes) {}

QStringList LineSplitter::feed(QByteArrayView bytes) {
  QStringList lines;
  if (bytes.isEmpty()) return lines;
  const qsizetype scanFrom = m_pending.size();  // older bytes hold no '\n'
  m_pending.append(bytes.data(), bytes.size());

  qsizetype start = 0;
  for (qsizetype nl = m_pending.indexOf('\n', scanFrom); nl >= 0; nl = m_pending.indexOf('\n', start)) {
    lines << decodeLine(QByteArrayView(m_pending).sliced(start, nl - start));
    start = nl + 1;
  }
  if (start > 0) m_pending.remove(0, start);
  // Cut an over-long unfinished line, never inside a character.
  while (m_pending.size() > m_maxLineBytes) {
    qsizetype cut = m_maxLineBytes;
    while (cut > m_maxLineBytes - 4 && isContinuation(m_pending.at(cut))) --cut;
    lines << decodeLine(QByteArrayView(m_pending).first(cut));
    m_pending.remove(0, cut);
  }
  return lines;
}

QStringList LineSplitter::finish() {
  QStringList lines;
  if (!m_pending.isEmpty()) lines << decodeLine(m_pending);
  m_pending.clear();
  return lines;
}

}  // namespace kwb
