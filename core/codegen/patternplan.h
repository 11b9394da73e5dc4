// Recognises the non-elementwise patterns of a spec (CONTRACTS.md §1 `ops`, `pattern`) and reduces
// each to a plan that every backend renders the same way: reductions, softmax/norms (row statistics
// then an elementwise apply), GEMM, losses, scans. Shapes stay symbolic in the generated code (the
// harness resizes dims); the spec's shapes only fill the baseline configuration's numbers.
#pragma once

#include <QList>
#include <QSet>
#include <QString>

#include <nlohmann/json.hpp>

#include <optional>

namespace kwb {

struct PatternPlan {
  enum class Kind { Reduction, RowNorm, Gemm, Loss, Scan };
  Kind kind = Kind::Reduction;
  /// Reduction: sum mean max min argmax argmin; RowNorm: softmax log_softmax layer_norm
  /// group_norm instance_norm rms_norm l1_norm l2_norm frobenius_norm; Gemm: mm bmm fold
  /// (A's leading dims folded into M); Loss: mse huber kl_div hinge cross_entropy; Scan: cumsum cumprod.
  QString op;
  QString input;     ///< the main tensor input (x, predictions, A)
  QString input2;    ///< targets, B, or the scan's mask; "" if none
  QString dtype;     ///< the main input's dtype (float32 | float16 | bfloat16)
  QString outDtype;  ///< spec outputs[0].dtype
  /// The output's run-time dtype as Python (resultDtypeRule, dtyperule.h): `x.dtype` when it follows the main
  /// input, `torch.float16` when a cast fixes it (sum(..., dtype=torch.float16)), else torch's promotion.
  QString outDtypeExpr;
  bool outDtypeFollowsInput = true;  ///< the output has the main input's run-time dtype
  QList<qint64> shape;               ///< the main input's spec shape
  QList<qint64> shape2;              ///< input2's spec shape
  QList<qint64> outShape;            ///< spec outputs[0].shape
  int rank = 0;                      ///< rank of the main input
  int dimFirst = 0;                  ///< reduced / normalised / scanned dims: [dimFirst, dimLast], non-negative
  int dimLast = 0;
  bool keepdim = false;       ///< Reduction: output keeps the reduced dims as size 1
  bool groupRows = false;     ///< RowNorm group/instance: rows are (N * groups) slices of numel/rows
  int groups = 1;             ///< group_norm: G; instance_norm: C
  double eps = 1e-5;          ///< norms (layer/group/instance/rms); cross_entropy: unused
  QString weight, bias;       ///< parameter names from the spec ("gn.weight"), "" if none
  QList<qint64> weightShape;  ///< shape of `weight` (bias has the same)
  enum class Affine { None, PerPosition, PerChannel } affine = Affine::None;
  bool reverse = false;                 ///< Scan: right to left
  bool exclusive = false;               ///< Scan: out[k] excludes x[k]
  bool masked = false;                  ///< Scan: x * mask (input2 is a bool mask of x's shape)
  bool transA = false, transB = false;  ///< Gemm: A given as (K, M) / B given as (N, K)
  bool triu = false;                    ///< Gemm: upper-triangular epilogue (torch.triu on the product)
  qint64 triuDiagonal = 0;
  QString targetBroadcast;    ///< Loss: "same" | "suffix" (input2 == trailing dims) | "prefix" (leading, then 1s)
  double huberBeta = 1.0;     ///< Loss huber/smooth_l1: beta (delta)
  qint64 ignoreIndex = -100;  ///< Loss cross_entropy
  QString lossScale;          ///< Loss: "numel" (mean) | "batch" (batchmean) | "one" (sum)
  /// Ids of ops whose size-following arguments (the probe's resize check, sizeDependentArgs) the rendered kernel
  /// computes from its inputs at run time: kl_div's batchmean divisor t5 (1 / p.shape[0]).
  QSet<QString> sizeDerivedOps;
  QString description;  ///< one line for headers, e.g. "sum over dim 1 (keepdim) of x [128, 4096, 4095]"

  /// Spec-shape numbers of the canonical view (outer, reduce, inner) of the main input; for Gemm
  /// (batch, M, N, K).
  qint64 outer = 1, reduce = 1, inner = 1;
  qint64 batch = 1, M = 0, N = 0, K = 0;
};

/// Recognises the spec. nullopt with *whyNot (one sentence naming the op, dim, broadcast or dtype
/// that no template covers) when the spec is none of the patterns above. Elementwise specs (with a
/// pointwise_graph) are not plans: they go to the pointwise lowering.
std::optional<PatternPlan> planPattern(const nlohmann::json& spec, QString* whyNot);

/// "" when forward() returns at most one output (spec "outputs"); else why a kernel that writes one tensor cannot
/// stand in for it: "forward() returns 2 outputs (out0 [128] float32, out1 [128] int64); <writer> writes only
/// the first, and a kernel must return every output". The pattern templates and the anchors write one tensor, so a
/// tuple from forward() (x.max(dim=1): values and indices) is a skeleton with this reason, never a kernel that
/// returns the values alone (new-user trial 10, #5).
QString multiOutputReason(const nlohmann::json& spec, const QString& writer);

/// "Reduction", "Softmax/Norm", "GEMM", "Loss", "Scan".
QString patternKindName(PatternPlan::Kind kind);

}  // namespace kwb
