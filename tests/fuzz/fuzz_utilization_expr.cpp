// libFuzzer: `kwb utilization --flops-expr E --bytes-expr E` (the first line is the FLOP expression, the
// rest the byte expression), evaluated by muParser against the H200's ledger entry and printed.
#include "core/perf/utilization.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const QString text = QString::fromUtf8(reinterpret_cast<const char*>(data), qsizetype(size));
  const qsizetype nl = text.indexOf(u'\n');
  kwb::UtilizationRequest rq;
  rq.gpu = QStringLiteral("H200");
  rq.dtype = QStringLiteral("bf16");
  rq.flopsExpr = nl < 0 ? text : text.left(nl);
  rq.bytesExpr = nl < 0 ? QStringLiteral("1") : text.mid(nl + 1);
  rq.timeMs = 0.5;
  rq.vars = {{QStringLiteral("M"), 4096.0}, {QStringLiteral("N"), 4096.0}, {QStringLiteral("K"), 512.0}};
  const kwb::UtilizationResult r = kwb::computeUtilization(rq);
  if (r.ok)
    (void)kwb::formatUtilization(r);
  else if (r.error.size() > 10000)
    __builtin_trap();  // the message quotes at most the 4096-character expression
  return 0;
}
