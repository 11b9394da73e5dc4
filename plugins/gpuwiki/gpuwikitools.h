#pragma once
// The two gpu-wiki knowledge tools over a GpuWikiStore:
//  - "gpu-wiki-hardware": hardware facts, an exact lookup that fails loudly (never another identity's
//    numbers, never an architecture-level sheet passed off as a product's);
//  - "gpu-wiki": kernel-experience records filtered by scope (vendor, arch, product, dsl, operator
//    family) and ranked; when nothing matches, a few fallback samples labelled as such.
// Record ids are the store's ids byte for byte; sources name the record file (and its page).

#include "core/knowledge/knowledgetool.h"

namespace kwb {

class GpuWikiStore;

/// Resolves the store for a query: input "store" (a path), else GpuWikiStore::defaultRoot().
/// nullptr with *error when there is none or it cannot be read.
std::shared_ptr<const GpuWikiStore> storeFor(const nlohmann::json& input, QString* error);

class GpuWikiHardwareTool final : public KnowledgeTool {
 public:
  QString id() const override { return QStringLiteral("gpu-wiki-hardware"); }
  QString title() const override { return QStringLiteral("gpu-wiki hardware facts (exact lookup)"); }
  QString description() const override;
  /// {product, arch, field, instruction, feature, store}: one of product/arch/instruction/feature.
  nlohmann::json inputSchema() const override;
  /// product: the spec sheet whose identity.product equals wikiProduct(product) — an unknown or
  /// unrecorded product, an architecture code given as a product ("gfx942"), or a product whose
  /// architecture contradicts "arch" is an error. arch alone: the records whose identity.arch equals
  /// it (architecture-level sheets titled as such). field ("peak_compute.bf16.dense",
  /// "compute_units.sm_count", "peak_compute.fp64.tensor-core.dense"): one value; null/unpublished
  /// or ambiguous is an error quoting the store's "unavailable" note.
  KnowledgeResult query(const nlohmann::json& input) const override;
  QStringList diagnostics() const override;
};

class GpuWikiExperienceTool final : public KnowledgeTool {
 public:
  QString id() const override { return QStringLiteral("gpu-wiki"); }
  QString title() const override { return QStringLiteral("gpu-wiki kernel experience (scoped, ranked)"); }
  QString description() const override;
  /// {product, arch, vendor, dsl, operator_family, terms, record_type, limit, store}.
  nlohmann::json inputSchema() const override;
  /// Hard scope: vendor (the arch's vendor when not given), arch, product, dsl each match the
  /// record's value or its wildcard (generic/any/null); operator_family matches exactly (or the
  /// record is operator-independent, ranked lower). Rank: exact operator 2, exact arch/product/dsl
  /// 0.5 each, worth.rank.score, 0.25 per matched term; ties by id. No match: up to 3 fallback samples
  /// of the same vendor/arch (fallback = true, noted). Unknown arch/dsl spellings are errors.
  KnowledgeResult query(const nlohmann::json& input) const override;
  QStringList diagnostics() const override;
};

}  // namespace kwb
