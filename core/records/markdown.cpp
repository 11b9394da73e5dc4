#include "core/records/markdown.h"

#include <md4c-html.h>

namespace kwb {

QString markdownToHtml(const QString& md) {
  const QByteArray in = md.toUtf8();
  QByteArray out;
  out.reserve(in.size() * 2);
  const auto sink = [](const MD_CHAR* text, MD_SIZE size, void* userdata) {
    static_cast<QByteArray*>(userdata)->append(text, static_cast<qsizetype>(size));
  };
  const int rc =
      md_html(in.constData(), static_cast<MD_SIZE>(in.size()), sink, &out, MD_DIALECT_GITHUB | MD_FLAG_NOHTML, 0);
  return rc == 0 ? QString::fromUtf8(out) : QString();
}

}  // namespace kwb
