#include "core/input/boundedinput.h"

#include <QStringList>

#include <algorithm>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kwb {

namespace {

QString typeName(mode_t mode) {
  if (S_ISDIR(mode)) return QStringLiteral("a folder");
  if (S_ISCHR(mode)) return QStringLiteral("a character device");
  if (S_ISBLK(mode)) return QStringLiteral("a block device");
  if (S_ISFIFO(mode)) return QStringLiteral("a FIFO (named pipe)");
  if (S_ISSOCK(mode)) return QStringLiteral("a socket");
  return QStringLiteral("not a regular file");
}

QString sizeText(qint64 bytes) {
  if (bytes >= qint64(1) << 20) return QStringLiteral("%1 MiB").arg(double(bytes) / double(1 << 20), 0, 'f', 1);
  if (bytes >= qint64(1) << 10) return QStringLiteral("%1 KiB").arg(double(bytes) / double(1 << 10), 0, 'f', 1);
  return QStringLiteral("%1 bytes").arg(bytes);
}

}  // namespace

QString regularFileProblem(const QString& path, qint64 maxBytes) {
  struct stat st {};
  if (::stat(path.toLocal8Bit().constData(), &st) != 0)
    return QStringLiteral("%1: %2").arg(
        path, errno == ENOENT ? QStringLiteral("no such file") : QString::fromLocal8Bit(std::strerror(errno)));
  if (!S_ISREG(st.st_mode))
    return QStringLiteral("%1: %2, not a regular file; refused").arg(path, typeName(st.st_mode));
  if (st.st_size > maxBytes)
    return QStringLiteral("%1: %2, above the limit of %3; refused").arg(path, sizeText(st.st_size), sizeText(maxBytes));
  return {};
}

std::optional<QByteArray> readBoundedFile(const QString& path, qint64 maxBytes, QString* error) {
  auto fail = [&](const QString& why) {
    if (error) *error = QStringLiteral("%1: %2").arg(path, why);
    return std::optional<QByteArray>();
  };
  const QByteArray native = path.toLocal8Bit();
  // O_NONBLOCK: opening a FIFO must not wait for a writer; the type is checked on the open descriptor
  // (fstat), so a path swapped after a stat() cannot slip a device in.
  const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return fail(QString::fromLocal8Bit(std::strerror(errno)));
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) return fail(QString::fromLocal8Bit(std::strerror(errno)));
  if (!S_ISREG(st.st_mode)) return fail(QStringLiteral("%1, not a regular file; refused").arg(typeName(st.st_mode)));
  if (st.st_size > maxBytes)
    return fail(QStringLiteral("%1, above the limit of %2; refused").arg(sizeText(st.st_size), sizeText(maxBytes)));
  QByteArray bytes;
  bytes.resize(qsizetype(st.st_size) + 1);
  qsizetype have = 0;
  for (;;) {
    if (have == bytes.size()) {
      if (have > maxBytes)
        return fail(QStringLiteral("grew above the limit of %1 while read; refused").arg(sizeText(maxBytes)));
      bytes.resize(qsizetype(qMin<qint64>(maxBytes + 1, qint64(have) * 2 + 4096)));
    }
    const ssize_t n = ::read(fd, bytes.data() + have, size_t(bytes.size() - have));
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail(QString::fromLocal8Bit(std::strerror(errno)));
    }
    if (n == 0) break;
    have += n;
  }
  if (have > maxBytes)
    return fail(QStringLiteral("grew above the limit of %1 while read; refused").arg(sizeText(maxBytes)));
  bytes.truncate(have);
  return bytes;
}

int jsonNestingDepth(QByteArrayView text, int stopAbove, qsizetype* offset) {
  int depth = 0, deepest = 0;
  bool inString = false, escaped = false;
  for (qsizetype i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (inString) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest) {
        deepest = depth;
        if (offset) *offset = i;
        if (deepest > stopAbove) return deepest;
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

int jsonValueDepth(const nlohmann::json& value, int stopAbove) {
  if (!value.is_structured()) return 0;
  if (stopAbove <= 0) return 1;  // already deeper than allowed: do not descend
  int deepest = 0;
  for (const auto& child : value) {
    deepest = std::max(deepest, jsonValueDepth(child, stopAbove - 1));
    if (deepest >= stopAbove) break;
  }
  return deepest + 1;
}

std::optional<nlohmann::json> parseBoundedJson(QByteArrayView text, const InputLimits& lim, QString* error) {
  auto fail = [&](const QString& why) {
    if (error) *error = why;
    return std::optional<nlohmann::json>();
  };
  if (text.size() > lim.maxBytes)
    return fail(QStringLiteral("%1 bytes, above the limit of %2").arg(text.size()).arg(lim.maxBytes));
  qsizetype at = 0;
  if (const int depth = jsonNestingDepth(text, lim.maxDepth, &at); depth > lim.maxDepth)
    return fail(QStringLiteral("nested deeper than %1 levels (at byte %2)").arg(lim.maxDepth).arg(at));
  try {
    return nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::exception& e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 9: syntax error ...; last read: '...'":
    // the prefix is noise, and the quoted token may be the whole (unbounded) input.
    QString what = QString::fromUtf8(e.what());
    if (const qsizetype close = what.indexOf(QLatin1String("] ")); what.startsWith(u'[') && close > 0)
      what = what.mid(close + 2);
    what.replace(QLatin1String("parse error at "), QString());
    return fail(QStringLiteral("not valid JSON: ") + elide(what, 240));
  }
}

QString elide(const QString& text, qsizetype maxChars) {
  QString s = text.size() > maxChars ? text.left(maxChars) : text;
  // A surrogate pair cut in half would print as garbage.
  if (s.size() < text.size() && !s.isEmpty() && s.back().isHighSurrogate()) s.chop(1);
  for (QChar& c : s)
    if (c.category() == QChar::Other_Control) c = u' ';
  if (s.size() < text.size()) s += QStringLiteral("… (%1 characters)").arg(text.size());
  return s;
}

}  // namespace kwb
