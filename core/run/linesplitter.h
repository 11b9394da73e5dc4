#pragma once
// Bytes from one process channel in, complete decoded lines out.

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringList>

namespace kwb {

/// Splits a byte stream (one channel: stdout or stderr, never both) into UTF-8 decoded lines.
///
/// Lines are cut on the byte '\n' before decoding: 0x0A never occurs inside a UTF-8 multi-byte
/// sequence, so a character split across two reads is whole when its line is decoded. (Decoding
/// first with a stateful QStringDecoder is not safe on Qt 6.4.2: after an incomplete sequence
/// held across decode() calls it swallows the next byte, e.g. "a\xE4\xB8" then "\nb" decodes to
/// "a\uFFFDb" and the newline is lost.) Invalid bytes become U+FFFD. One '\r' before '\n' (CRLF)
/// is removed; a lone '\r' (progress bars) stays in the line. The unfinished last line is carried
/// over; lines of several MB cost time linear in their size (the newline search only scans new
/// bytes). A line longer than maxLineBytes() is cut at a character boundary and emitted in pieces,
/// so a stream that never prints '\n' cannot grow memory without bound.
class LineSplitter {
 public:
  /// Default cap: 64 MiB per line.
  static constexpr qsizetype kDefaultMaxLineBytes = qsizetype(64) * 1024 * 1024;

  explicit LineSplitter(qsizetype maxLineBytes = kDefaultMaxLineBytes);

  /// Appends @p bytes and returns every line completed by them (without "\n" / "\r\n").
  QStringList feed(QByteArrayView bytes);

  /// End of stream: returns the carried-over last line if not empty (a final line with no
  /// newline; an incomplete trailing character becomes U+FFFD). Resets the splitter for reuse.
  QStringList finish();

  /// True while an unfinished line is held.
  bool hasPending() const { return !m_pending.isEmpty(); }

  qsizetype maxLineBytes() const { return m_maxLineBytes; }

 private:
  QByteArray m_pending;  ///< bytes after the last '\n'
  qsizetype m_maxLineBytes;
};

}  // namespace kwb
