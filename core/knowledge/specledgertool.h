#pragma once
// The GPU spec ledger as a knowledge tool: hardware facts for one exact product, each value a
// record whose source is the datasheet citation. Exact and fail-loud: an unknown or ambiguous
// product is an error, never another GPU's numbers.

#include "core/knowledge/knowledgetool.h"

namespace kwb {

class SpecLedgerTool final : public KnowledgeTool {
 public:
  QString id() const override { return QStringLiteral("spec-ledger"); }
  QString title() const override { return QStringLiteral("GPU spec ledger (datasheet peaks with citations)"); }
  QString description() const override;
  /// {"product": string (required, exact ledger name or alias), "dtype": string (optional)}
  nlohmann::json inputSchema() const override;
  /// Records with ids "spec-ledger:<GPU id>:<field>" (e.g. "spec-ledger:H200-SXM:dense.bf16"); measured
  /// ceilings are separate records labelled measured ("spec-ledger:<GPU id>:measured.<quantity>").
  KnowledgeResult query(const nlohmann::json& input) const override;
};

}  // namespace kwb
