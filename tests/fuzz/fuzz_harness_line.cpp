// libFuzzer: harness output (bytes as a process prints them) through the line splitter and the parser,
// then back to JSON as result.json and the report do. Must never crash, hang or grow without bound.
#include "core/run/harnessparser.h"
#include "core/run/linesplitter.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  kwb::LineSplitter split(qsizetype(1) << 20);
  QStringList lines = split.feed(QByteArrayView(reinterpret_cast<const char*>(data), qsizetype(size)));
  lines += split.finish();
  for (const QString& line : std::as_const(lines)) {
    const kwb::HarnessEvent ev = kwb::parseHarnessLine(line);
    if (ev.caseResult) (void)kwb::toJson(*ev.caseResult).dump(2);
    if (ev.runResult) (void)kwb::toJson(*ev.runResult).dump(2);
    if (ev.kind == kwb::HarnessEvent::Kind::ParseError && ev.error.size() > 4096)
      __builtin_trap();  // a parse error quotes a bounded part of the line
  }
  return 0;
}
