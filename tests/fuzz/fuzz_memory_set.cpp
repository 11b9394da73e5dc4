// libFuzzer: `kwb memory update --set PATH=VALUE` on the seed's template record, then the record's own
// checks and its bytes on disk (dumped recursively: the path and value bounds keep that shallow).
#include "core/records/memoryrecord.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const kwb::MemoryRecord base = kwb::MemoryRecord::fromTemplate(QStringLiteral("v0"));
  const QString text = QString::fromUtf8(reinterpret_cast<const char*>(data), qsizetype(size));
  kwb::MemoryRecord rec = base;
  QString error;
  for (const QString& kv : text.split(u'\n')) {
    const qsizetype eq = kv.indexOf(u'=');
    if (eq <= 0) continue;
    if (!rec.set(kv.left(eq), kv.mid(eq + 1), &error) && error.size() > 4096)
      __builtin_trap();  // messages quote a bounded part of the path
  }
  (void)rec.validate();
  (void)rec.toBytes();
  return 0;
}
