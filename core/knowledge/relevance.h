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

/// How many records phase 2 asks a ranked store for (its `limit`, where its schema has one and an operator_family): a
/// store's top 8 by GPU, DSL, family and term hits held no card of a scan problem's class at all (gpu-wiki, new-user
/// trial 20 #10), so the class ranking of filterRelevantRecords chooses from every match (gpu-wiki's most).
inline constexpr int kKnowledgePool = 200;
/// How many of a ranked tool's records, after the class ranking, phase 2 judges and shows (the tool's default).
inline constexpr int kKnowledgeShown = 8;

/// A record that does not apply to the problem, and why ("about fp8; the problem's tensors are float32").
struct SetAsideRecord {
  KnowledgeRecord record;
  QString reason;
};

struct RelevanceResult {
  QList<KnowledgeRecord> kept;     ///< unchanged, ranked by class (see filterRelevantRecords)
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
/// - names op classes (recordComputeClasses: its subject, source path or candidate techniques) and none of them is
///   the problem's or one its ops use (classRank 4: an autotuning card from the Triton matmul tutorial for a norm
///   problem; new-user trial 31, #14). A record naming no class (a general card) or only memory-bound work is kept.
/// Exact lookups (the spec ledger, hardware sheets: tool ids `spec-ledger`, `gpu-wiki-hardware`) are always kept.
/// The records are ranked by compute class first, stably (recordComputeClasses, problemComputeClass): records whose
/// id's topic and pattern or title name the problem's class, then those whose content's source path or candidate
/// techniques do, then those naming another class of the problem's ops (or memory-bound work, for a pointwise,
/// reduction, scan, norm, softmax or pool problem; GEMM work, for a convolution or attention), then general
/// records, and last those naming only classes the problem lacks (set aside when judged, above). Exact lookups
/// rank first; kept keeps that order. With @p shown > 0 only the first @p shown records of that ranking are judged and
/// returned (phase 2 asks a store for kKnowledgePool and shows kKnowledgeShown).
RelevanceResult filterRelevantRecords(const QList<KnowledgeRecord>& records, const nlohmann::json& spec, int shown = 0);

/// The compute class of the problem's pattern.primary: "pointwise" (Elementwise), "reduction" (Reduction, Loss),
/// "scan", "norm", "softmax", "conv" (Convolution), "gemm", "attention", "pool" (Pooling); "" for any other.
QString problemComputeClass(const nlohmann::json& spec);

/// The compute classes a record names (those of problemComputeClass, and "memory-bound"), as whole words or
/// phrases of its id's last two segments and title, then of its content's "**Source**: `path`" and "Candidate
/// techniques:" lines; in that order, each once; empty for a general record.
QStringList recordComputeClasses(const KnowledgeRecord& record);

/// One line for the console and the GUI: "3 set aside as not applying to this problem: 2 about fp8 ..., 1 ...";
/// "" when none was.
QString setAsideSummary(const QList<SetAsideRecord>& setAside);

/// The reasons of @p setAside grouped by kind, with their counts, in English as the records are: "1 about fp8, 2 a
/// GEMM or tensor-core technique, 2 a code-conversion guide filed under conv by the words \"conversion\" or
/// \"converter\"" ("" when none). setAsideSummary() is this in a sentence. @p translated: the kinds reasonFor()
/// writes in the loaded catalogue's words (context "kwb::SetAside", for the window; the quoted words and any other
/// kind stay as written), else English (the plan, the console, the records).
QString setAsideKinds(const QList<SetAsideRecord>& setAside, bool translated = false);

/// The records set aside as a plan (plans/v0_plan.md, renderPlan) lists them under "## Records set aside": id, tool
/// and reason exactly as written there; none when the section is missing (a plan from before it, or edited away).
QList<SetAsideRecord> setAsideFromPlan(const QString& planMarkdown);

}  // namespace kwb
