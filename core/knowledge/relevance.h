#pragma once
// Which knowledge records apply to a problem. A store ranks by GPU, DSL and operator family, and the family can be
// filed loosely (gpu-wiki files its Triton-to-Gluon "converter" guides and an fp8-conversion card under "conv"),
// so phase 2 cited fp8 PTX for an fp32 convolution and a causal-mask card for a plain softmax (new-user trial 5, R4).
// The records kept are returned unchanged (ids, sources and attributions exactly as the tool gave them); each
// record set aside carries the reason, for the plan, the console and the GUI.

#include <QList>
#include <QString>

#include <nlohmann/json.hpp>

#include "core/knowledge/knowledgetool.h"

namespace kwb {

/// A record that does not apply to the problem, and why ("about fp8; the problem's tensors are float32").
struct SetAsideRecord {
  KnowledgeRecord record;
  QString reason;
};

struct RelevanceResult {
  QList<KnowledgeRecord> kept;     ///< in the tool's order, unchanged
  QList<SetAsideRecord> setAside;  ///< in the tool's order
};

/// Splits @p records by what the problem's spec (kwb-spec-1: `dtype`, the inputs', outputs' and parameters'
/// dtypes, `pattern.primary`, the ops) says. A record is set aside when its id or title
/// - names a narrow number format (fp8/e4m3/e5m2, fp4/fp6, int8/int4, quantization) that no tensor of the problem has;
/// - names, in its own part (the id's last segment) or its title, an attention-only technique (causal mask, KV cache,
///   RoPE, GQA/MQA, paged) when the problem has no attention;
/// - is filed under the conv family while its text says only "converter"/"conversion" (a code-conversion guide),
///   for a problem that is a convolution;
/// - names in its subject (the id's last two segments, topic and pattern, or its title) a technique of an op class
///   the problem lacks (the ops' probe `category` and `pattern.primary`): decode / sequence-model state (gdn,
///   decode, mamba, ssm, moe, ...) without attention or recurrence; GEMM / tensor-core work (gemm, mma, wgmma,
///   ...) without a GEMM, convolution or attention; a convolution technique without a convolution; a grouped GEMM
///   for a problem with one GEMM and no batched one (bmm, baddbmm, einsum);
/// - names in its subject a GPU product of another architecture than `target.arch` and none of the target's
///   (an RTX 5090 note for an H200; new-user trial 9, #14).
/// Exact lookups (the spec ledger, hardware sheets: tool ids `spec-ledger`, `gpu-wiki-hardware`) are always kept.
RelevanceResult filterRelevantRecords(const QList<KnowledgeRecord>& records, const nlohmann::json& spec);

/// One line for the console and the GUI: "3 set aside as not applying to this problem: 2 about fp8 ..., 1 ...";
/// "" when none was.
QString setAsideSummary(const QList<SetAsideRecord>& setAside);

/// The reasons of @p setAside grouped by kind, with their counts, in English as the records are: "1 about fp8, 2 a
/// GEMM or tensor-core technique" ("" when none). setAsideSummary() is this in a sentence.
QString setAsideKinds(const QList<SetAsideRecord>& setAside);

/// The records set aside as a plan (plans/v0_plan.md, renderPlan) lists them under "## Records set aside": id, tool
/// and reason exactly as written there; none when the section is missing (a plan from before it, or edited away).
QList<SetAsideRecord> setAsideFromPlan(const QString& planMarkdown);

}  // namespace kwb
