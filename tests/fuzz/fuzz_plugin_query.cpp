// libFuzzer: `kwb plugin query spec-ledger --input JSON`: the bounded parse, the registry's guard (schema
// check, depth), the tool, and the pretty-printed answer that echoes the query.
#include "core/input/boundedinput.h"
#include "core/knowledge/registry.h"
#include "core/knowledge/specledgertool.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static kwb::ToolRegistry* reg = [] {
    auto* r = new kwb::ToolRegistry;
    r->add(std::make_unique<kwb::SpecLedgerTool>());
    return r;
  }();
  QString why;
  const auto input = kwb::parseBoundedJson(QByteArrayView(reinterpret_cast<const char*>(data), qsizetype(size)),
                                           kwb::limits::kQuery, &why);
  if (!input) {
    if (why.size() > 1024) __builtin_trap();  // the error quotes a bounded part of the input
    return 0;
  }
  const kwb::KnowledgeResult r = reg->tool(QStringLiteral("spec-ledger"))->query(*input);
  nlohmann::json o = {{"ok", r.ok}, {"query", *input}, {"error", r.error.toStdString()}};
  for (const kwb::KnowledgeRecord& rec : r.records) o["records"].push_back(kwb::toJson(rec));
  (void)o.dump(2);
  return 0;
}
