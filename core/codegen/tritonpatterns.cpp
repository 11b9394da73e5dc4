// Triton kernels for the non-elementwise patterns. Every tl.* name used by the templates was checked
// against the Triton 3.x triton.language reference (program_id, arange, load, store, where, full,
// zeros, sum, max, min, maximum, minimum, exp, log, sqrt, rsqrt, abs, cumsum, cumprod, dot (acc,
// input_precision default "tf32"), cdiv; max/min keep_dims) and triton.cdiv / triton.next_power_of_2.
#include "core/codegen/patternkernels.h"

#include "core/codegen/pointwise.h"
#include "core/codegen/template.h"

namespace kwb {

namespace {

using Cfg = QList<QPair<QString, QString>>;

QString tmpl(const char* name) { return QStringLiteral(":/kwb/templates/kernels/") + QLatin1String(name); }

qint64 cdiv(qint64 a, qint64 b) { return b > 0 ? (a + b - 1) / b : 0; }

qint64 pow2AtLeast(qint64 v) {
  qint64 p = 1;
  while (p < v) p *= 2;
  return p;
}

QString pyBool(bool b) { return b ? QStringLiteral("True") : QStringLiteral("False"); }

// The GEMM template's tile rule (triton_gemm.py.tmpl tma_plan, TMA_FILL = "waves"): from 128 x 256, BLOCK_N and
// then BLOCK_M halved down to 64 while batch x M x N has fewer tiles than 90% of `sms`, kept only if it shortens
// ceil(tiles / sms) x tile area. The kernel applies it at run time with its GPU's SM count; here it names the tile
// the spec's shape gets on `sms` SMs.
QPair<qint64, qint64> gemmFillTile(qint64 batch, qint64 M, qint64 N, qint64 sms) {
  qint64 bm = 128, bn = 256;
  auto tiles = [&] { return batch * cdiv(M, bm) * cdiv(N, bn); };
  const qint64 full = tiles();
  while (10 * tiles() < 9 * sms && bn > 64) bn /= 2;
  while (10 * tiles() < 9 * sms && bm > 64) bm /= 2;
  if (cdiv(tiles(), sms) * bm * bn >= cdiv(full, sms) * 128 * 256) return {128, 256};
  return {bm, bn};
}

// The template's small-GEMM tile (small_tile: 128 x 256 halved, BLOCK_N first, down to 32 while fewer tiles than
// `sms`) for a GEMM of at most SMALL_GEMM_FLOPS, which runs the pointer kernel on the operands as given.
QPair<qint64, qint64> gemmSmallTile(qint64 batch, qint64 M, qint64 N, qint64 sms) {
  qint64 bm = 128, bn = 256;
  auto tiles = [&] { return batch * cdiv(M, bm) * cdiv(N, bn); };
  while (tiles() < sms && bn > 32) bn /= 2;
  while (tiles() < sms && bm > 32) bm /= 2;
  return {bm, bn};
}

QString dtypeText(const PatternPlan& plan) {
  return QStringLiteral("loads converted to fp32, fp32 accumulation, results stored in the output dtype (%1; %2%3)")
      .arg(plan.outDtype.isEmpty() ? plan.dtype : plan.outDtype,
           plan.outDtypeFollowsInput                        ? QStringLiteral("follows the input's dtype at run time")
           : plan.outDtypeExpr == u"torch." + plan.outDtype ? QStringLiteral("fixed whatever the input's dtype")
                                                            : QStringLiteral("at run time %1").arg(plan.outDtypeExpr),
           plan.op.startsWith(QStringLiteral("arg")) ? QStringLiteral(", int64 indices") : QString());
}

PatternRender reduction(const PatternPlan& plan) {
  PatternRender r;
  r.templatePath = tmpl("triton_reduce.py.tmpl");
  const bool arg = plan.op == u"argmax" || plan.op == u"argmin";
  const bool isMax = plan.op == u"max" || plan.op == u"argmax";
  const QString inf = isMax ? QStringLiteral("float('-inf')") : QStringLiteral("float('inf')");
  auto init = [&](const QString& shape) {
    if (arg)
      return QStringLiteral("    best = tl.full(%1, %2, tl.float32)\n    best_i = tl.zeros(%1, dtype=tl.int64)")
          .arg(shape, inf);
    if (plan.op == u"max" || plan.op == u"min")
      return QStringLiteral("    acc = tl.full(%1, %2, tl.float32)").arg(shape, inf);
    return QStringLiteral("    acc = tl.zeros(%1, dtype=tl.float32)").arg(shape);
  };
  r.vars.insert(QStringLiteral("ROWS_INIT"), init(QStringLiteral("[BLOCK_R]")));
  r.vars.insert(QStringLiteral("COLS_INIT"), init(QStringLiteral("[BLOCK_R, BLOCK_I]")));
  QString other = QStringLiteral("0.0"), combine, final;
  if (arg) {
    other = inf;
    combine = QStringLiteral(
                  "        take = v %1 best  # strict: each lane keeps its first extreme\n"
                  "        best = tl.where(take, v, best)\n"
                  "        best_i = tl.where(take, idx, best_i)")
                  .arg(isMax ? QStringLiteral(">") : QStringLiteral("<"));
    final = QStringLiteral(
                "    top = tl.%1(best, axis=0, keep_dims=True)\n"
                "    res = tl.min(tl.where(best == top, best_i, R), axis=0)  # first index among the extremes")
                .arg(isMax ? QStringLiteral("max") : QStringLiteral("min"));
  } else if (plan.op == u"max" || plan.op == u"min") {
    other = inf;
    combine = QStringLiteral("        acc = tl.%1(acc, v)")
                  .arg(isMax ? QStringLiteral("maximum") : QStringLiteral("minimum"));
    final = QStringLiteral("    res = tl.%1(acc, axis=0)").arg(plan.op);
  } else {
    combine = QStringLiteral("        acc += v");
    final = plan.op == u"mean" ? QStringLiteral("    res = tl.sum(acc, axis=0) / R")
                               : QStringLiteral("    res = tl.sum(acc, axis=0)");
  }
  r.vars.insert(QStringLiteral("OTHER"), other);
  r.vars.insert(QStringLiteral("COMBINE"), combine);
  r.vars.insert(QStringLiteral("FINAL"), final);
  r.vars.insert(QStringLiteral("DIM_FIRST"), QString::number(plan.dimFirst));
  r.vars.insert(QStringLiteral("DIM_LAST"), QString::number(plan.dimLast));
  r.vars.insert(QStringLiteral("KEEPDIM"), pyBool(plan.keepdim));
  const bool rows = plan.inner == 1;
  const qint64 blockI = std::min<qint64>(64, pow2AtLeast(plan.inner));
  const qint64 ctas = rows ? plan.outer : plan.outer * cdiv(plan.inner, blockI);
  // The strided tile: 8192 elements read 10% faster than 2048 on the H200 (47_Sum sweep, 2026-11-29);
  // the arg reductions carry an int64 index per element and spilled at 8192 (52_Argmin: 17x slower).
  const qint64 colsTile = arg ? 2048 : 8192;
  r.vars.insert(QStringLiteral("COLS_TILE"), QString::number(colsTile));
  r.tile = rows ? 4096 : 64;
  r.config = {
      {QStringLiteral("tile"),
       rows ? QStringLiteral(
                  "reduced dims innermost (inner == 1): BLOCK_R = min(4096, next_pow2(R)) contiguous elements "
                  "per loop step; spec R = %1")
                  .arg(plan.reduce)
            : QStringLiteral(
                  "reduced dim strided (inner = %1): BLOCK_R x BLOCK_I = %2 x %3 tile per loop step "
                  "(BLOCK_I = min(64, next_pow2(inner)), halved down to 4 at run time while the grid has under 2 CTAs "
                  "a SM; %4 elements%5)")
                  .arg(plan.inner)
                  .arg(colsTile / blockI)
                  .arg(blockI)
                  .arg(colsTile)
                  .arg(arg ? QStringLiteral(": the arg reductions keep an index per element, larger tiles spilled")
                           : QStringLiteral(
                                 ": within 1% of the fastest of 24 tiles measured on the H200 at 47_Sum's shape"))},
      {QStringLiteral("threads per CTA"), QStringLiteral("num_warps = 4 (128 threads)")},
      {QStringLiteral("grid"),
       rows ? QStringLiteral("(outer,) one CTA per output: %1 CTAs for the spec").arg(ctas)
            : QStringLiteral("(outer * cdiv(inner, BLOCK_I),) one CTA per 64 consecutive outputs: %1 CTAs for the spec")
                  .arg(ctas)},
      {QStringLiteral("data movement"),
       QStringLiteral("the input read once (%1), the output written once; masked loads at the R and inner boundaries")
           .arg(rows ? QStringLiteral("contiguous rows")
                     : QStringLiteral("coalesced 64-element rows of the inner dims"))},
      {QStringLiteral("reduction"),
       arg ? QStringLiteral(
                 "per-lane running extreme and its first index, then the first index among the lanes' extremes "
                 "(torch's first-occurrence rule)")
           : QStringLiteral("per-lane fp32 accumulators (%1), one tl.%2 at the end")
                 .arg(plan.op, plan.op == u"mean" ? QStringLiteral("sum / R")
                                                  : (plan.op == u"sum" ? QStringLiteral("sum") : plan.op))},
      {QStringLiteral("dtype handling"), dtypeText(plan)},
      {QStringLiteral("launch plumbing"),
       QStringLiteral("a strided input is made contiguous first (one extra copy); viewed as (outer, R, inner) "
                      "from the run-time shape; output from torch.empty")},
  };
  return r;
}

PatternRender rowNorm(const PatternPlan& plan) {
  PatternRender r;
  r.templatePath = tmpl("triton_rownorm.py.tmpl");
  const bool softmax = plan.op == u"softmax" || plan.op == u"log_softmax";
  const bool l1 = plan.op.startsWith(QStringLiteral("l1_norm"));
  // Mean/variance norms sum d = x - K, K the row's first element: E[d^2] - E[d]^2 keeps its digits on
  // offset data (x = 1000 + 0.01 * noise), where E[x^2] - E[x]^2 in fp32 does not.
  const bool meanVar = plan.op == u"layer_norm" || plan.op == u"group_norm" || plan.op == u"instance_norm";
  r.vars.insert(QStringLiteral("ONEPASS_SHIFT"), QString());  // mean/variance norms: v holds x - K on the one-pass path
  // One pass over contiguous rows: chunks start at 16-byte boundaries, and the row's first CTA takes the
  // elements at either end (EDGE_STATS adds their statistics, EDGE_PREP readies them for the apply).
  // Softmax keeps index-aligned chunks (its online max/sum would need a merge of the edges).
  r.vars.insert(QStringLiteral("ALIGN_ROWS"), pyBool(!softmax));
  r.vars.insert(QStringLiteral("EDGE_STATS"), QStringLiteral("            pass  # ALIGN_ROWS is False for softmax"));
  r.vars.insert(QStringLiteral("EDGE_PREP"), QString());
  r.vars.insert(
      QStringLiteral("ONEPASS_APPLY"),
      patternKernelName(plan) +
          QStringLiteral("_finish(v, k, m, row, shift, scale, w_ptr, b_ptr, GROUPS, CPG, HW, AFFINE, HAS_BIAS)"));
  if (softmax) {
    r.vars.insert(QStringLiteral("OTHER"), QStringLiteral("float('-inf')"));
    r.vars.insert(QStringLiteral("STATS_INIT"), QStringLiteral("    m_l = tl.full([BLOCK], float('-inf'), tl.float32)\n"
                                                               "    s_l = tl.zeros([BLOCK], dtype=tl.float32)"));
    r.vars.insert(QStringLiteral("STATS_COMBINE"),
                  QStringLiteral("        m_new = tl.maximum(m_l, v)  # online softmax: running max and rescaled sum\n"
                                 "        m_safe = tl.where(m_new == float('-inf'), 0.0, m_new)\n"
                                 "        s_l = s_l * tl.exp(m_l - m_safe) + tl.exp(v - m_safe)\n"
                                 "        m_l = m_new"));
    r.vars.insert(QStringLiteral("STATS_FINAL"), QStringLiteral("    a = tl.max(m_l, axis=0)\n"
                                                                "    a_safe = tl.where(a == float('-inf'), 0.0, a)\n"
                                                                "    b = tl.sum(s_l * tl.exp(m_l - a_safe), axis=0)"));
    // Softmax keeps e = exp(x - chunk max) in registers in place of x and scales it by
    // exp(chunk max - row max) / sum at the end: one exp per element, not two. Log-softmax needs x
    // itself (x - max - log sum), so it keeps v.
    if (plan.op == u"softmax") {
      r.vars.insert(QStringLiteral("FUSED_STATS"),
                    QStringLiteral("    a = tl.max(v, axis=0)  # the chunk's max and its sum of exp\n"
                                   "    a_safe = tl.where(a == float('-inf'), 0.0, a)\n"
                                   "    v = tl.exp(v - a_safe)  # from here on v holds e = exp(x - chunk max)\n"
                                   "    b = tl.sum(v, axis=0)"));
      r.vars.insert(QStringLiteral("ONEPASS_APPLY"),
                    QStringLiteral("v * (tl.exp(a_safe - shift) * scale)  # e * exp(chunk max - row max) / sum"));
    } else {
      r.vars.insert(QStringLiteral("FUSED_STATS"),
                    QStringLiteral("    a = tl.max(v, axis=0)  # the chunk's max and its sum of exp\n"
                                   "    a_safe = tl.where(a == float('-inf'), 0.0, a)\n"
                                   "    b = tl.sum(tl.exp(v - a_safe), axis=0)"));
    }
    r.vars.insert(QStringLiteral("MERGE_OTHER"), QStringLiteral("float('-inf')"));
    r.vars.insert(QStringLiteral("MERGE_INIT"),
                  QStringLiteral("    m_l = tl.full([BLOCK_S], float('-inf'), tl.float32)\n"
                                 "    s_l = tl.zeros([BLOCK_S], dtype=tl.float32)"));
    r.vars.insert(QStringLiteral("MERGE_COMBINE"),
                  QStringLiteral("        m_new = tl.maximum(m_l, pa)\n"
                                 "        m_safe = tl.where(m_new == float('-inf'), 0.0, m_new)\n"
                                 "        s_l = s_l * tl.exp(m_l - m_safe) + pb * tl.exp(pa - m_safe)\n"
                                 "        m_l = m_new"));
    const QString tail = plan.op == u"softmax"
                             ? QStringLiteral("    shift = mx_safe\n    scale = 1.0 / total")
                             : QStringLiteral("    shift = mx_safe + tl.log(total)\n    scale = total * 0.0 + 1.0");
    r.vars.insert(QStringLiteral("MERGE_FINAL"),
                  QStringLiteral("    mx = tl.max(m_l, axis=0)\n"
                                 "    mx_safe = tl.where(mx == float('-inf'), 0.0, mx)\n"
                                 "    total = tl.sum(s_l * tl.exp(m_l - mx_safe), axis=0)\n") +
                      tail);
    r.vars.insert(QStringLiteral("APPLY"),
                  plan.op == u"softmax" ? QStringLiteral("tl.exp(v - shift) * scale") : QStringLiteral("v - shift"));
  } else {
    const QString rowFirst = QStringLiteral("tl.load(x_ptr + (row // INNER) * R * INNER + row % INNER).to(tl.float32)");
    r.vars.insert(QStringLiteral("OTHER"), QStringLiteral("0.0"));
    if (meanVar) {
      r.vars.insert(QStringLiteral("STATS_INIT"),
                    QStringLiteral("    acc_a = tl.zeros([BLOCK], dtype=tl.float32)\n"
                                   "    acc_b = tl.zeros([BLOCK], dtype=tl.float32)\n"
                                   "    kk = tl.load(base).to(tl.float32)  # the row's first element: the shift"));
      r.vars.insert(QStringLiteral("STATS_COMBINE"),
                    QStringLiteral("        d = tl.where(m, v - kk, 0.0)\n        acc_a += d\n        acc_b += d * d"));
      // One pass: v itself becomes d, so the CTA holds one chunk in registers, not two (keeping x and
      // d both live took 34_InstanceNorm from 4.1 to 5.7 ms on the H200, 2026-11-29 session 5).
      r.vars.insert(QStringLiteral("FUSED_STATS"),
                    QStringLiteral("    kk = %1  # the row's first element: the shift\n"
                                   "    v = tl.where(m, v - kk, 0.0)  # from here on v holds d = x - kk\n"
                                   "    a = tl.sum(v, axis=0)\n    b = tl.sum(v * v, axis=0)")
                        .arg(rowFirst));
      r.vars.insert(QStringLiteral("ONEPASS_SHIFT"),
                    QStringLiteral("\n    shift = shift - kk  # v holds x - kk; rounds no worse than x - shift would"));
      r.vars.insert(QStringLiteral("EDGE_STATS"),
                    QStringLiteral("            de = tl.where(me, ve - kk, 0.0)\n"
                                   "            a += tl.sum(de, axis=0)\n            b += tl.sum(de * de, axis=0)"));
      r.vars.insert(QStringLiteral("EDGE_PREP"),
                    QStringLiteral("            ve = tl.where(me, ve - kk, 0.0)  # as v: d = x - kk"));
    } else {
      r.vars.insert(QStringLiteral("STATS_INIT"), QStringLiteral("    acc_a = tl.zeros([BLOCK], dtype=tl.float32)\n"
                                                                 "    acc_b = tl.zeros([BLOCK], dtype=tl.float32)"));
      // L1 needs only the sum of |x|: a sum of squares it never reads could overflow to inf for
      // |x| >= 1e19 and turn the output into NaN (fresh-user trial).
      r.vars.insert(QStringLiteral("STATS_COMBINE"), l1 ? QStringLiteral("        acc_a += tl.abs(v)")
                                                        : QStringLiteral("        acc_a += v\n        acc_b += v * v"));
      r.vars.insert(QStringLiteral("FUSED_STATS"),
                    l1 ? QStringLiteral("    a = tl.sum(tl.abs(v), axis=0)\n    b = a * 0.0")
                       : QStringLiteral("    a = tl.sum(v, axis=0)\n    b = tl.sum(v * v, axis=0)"));
      r.vars.insert(
          QStringLiteral("EDGE_STATS"),
          l1 ? QStringLiteral("            a += tl.sum(tl.abs(ve), axis=0)")
             : QStringLiteral("            a += tl.sum(ve, axis=0)\n            b += tl.sum(ve * ve, axis=0)"));
    }
    r.vars.insert(QStringLiteral("STATS_FINAL"),
                  QStringLiteral("    a = tl.sum(acc_a, axis=0)\n    b = tl.sum(acc_b, axis=0)"));
    r.vars.insert(QStringLiteral("MERGE_OTHER"), QStringLiteral("0.0"));
    r.vars.insert(QStringLiteral("MERGE_INIT"), QStringLiteral("    sa = tl.zeros([BLOCK_S], dtype=tl.float32)\n"
                                                               "    sb = tl.zeros([BLOCK_S], dtype=tl.float32)"));
    r.vars.insert(QStringLiteral("MERGE_COMBINE"), QStringLiteral("        sa += pa\n        sb += pb"));
    QString fin = QStringLiteral("    total_a = tl.sum(sa, axis=0)\n    total_b = tl.sum(sb, axis=0)\n");
    if (meanVar)
      fin += QStringLiteral(
                 "    mean_d = total_a / R  # mean of x - K\n"
                 "    var = tl.maximum(total_b / R - mean_d * mean_d, 0.0)  # biased variance, as PyTorch's norms\n"
                 "    shift = %1 + mean_d\n    scale = tl.rsqrt(var + eps)")
                 .arg(rowFirst);
    else if (plan.op == u"rms_norm")
      fin += QStringLiteral("    shift = total_a * 0.0\n    scale = 1.0 / tl.sqrt(total_b / R + eps)");
    else if (plan.op == u"l2_norm" || plan.op == u"frobenius_norm")
      fin += QStringLiteral("    shift = total_a * 0.0\n    scale = 1.0 / tl.sqrt(total_b)");
    else if (plan.op == u"l1_norm")
      fin += QStringLiteral("    scale = R / total_a  # x / mean(|x|)\n    shift = scale * 0.0");
    else
      fin += QStringLiteral("    scale = 1.0 / total_a  # x / sum(|x|)\n    shift = scale * 0.0");
    r.vars.insert(QStringLiteral("MERGE_FINAL"), fin);
    r.vars.insert(QStringLiteral("APPLY"), QStringLiteral("(v - shift) * scale"));
  }
  r.vars.insert(QStringLiteral("DIM_FIRST"), QString::number(plan.dimFirst));
  r.vars.insert(QStringLiteral("DIM_LAST"), QString::number(plan.dimLast));
  r.vars.insert(QStringLiteral("GROUP_ROWS"), pyBool(plan.groupRows));
  // instance norm: 0 = one group per channel, read from the run-time shape
  r.vars.insert(QStringLiteral("GROUPS"), QString::number(plan.op == u"instance_norm" ? 0 : plan.groups));
  r.vars.insert(QStringLiteral("EPS"), pyFloat(plan.eps));
  const int affine =
      plan.affine == PatternPlan::Affine::PerPosition ? 1 : (plan.affine == PatternPlan::Affine::PerChannel ? 2 : 0);
  r.vars.insert(QStringLiteral("AFFINE"), QString::number(affine));
  r.vars.insert(QStringLiteral("HAS_BIAS"), pyBool(!plan.bias.isEmpty()));
  r.vars.insert(QStringLiteral("WEIGHT_ARG"), plan.weight.isEmpty() ? QStringLiteral("x") : paramExpr(plan.weight));
  r.vars.insert(QStringLiteral("BIAS_ARG"), plan.bias.isEmpty() ? QStringLiteral("x") : paramExpr(plan.bias));
  const qint64 rows = plan.outer * plan.inner;
  const qint64 split = cdiv(plan.reduce, 16384);
  // The one-pass constants, written into the template (one source: the configuration text below predicts
  // the choice the generated forward makes from the run-time row length R). Chosen from the H200 sweeps of
  // 2026-11-29 (docs/results, session 4). The forward also caps a row's CTAs at the GPU's SM count.
  // Softmax: 48 CTAs per row in 4096-16384-element chunks, 64 elements a thread in e = exp(x - chunk max):
  // 23_Softmax read 3702 us at 8192 (4 warps; 48 CTAs a row), 3725 at 16384 (8 warps), 3956 at 32768 against a
  // 3013 us copy (H200, session 6); the two-exp form of session 5 read 3821 at 16384.
  // The other norms: 32 CTAs per row in 4096-8192 chunks: at 16384 (16 warps) their CTAs took 80 registers a
  // thread, one CTA per SM, and 34_InstanceNorm ran at 63% of copy against 85% at 4096 (session 5). Its 1 MiB rows
  // at 8192 (8 warps, 32 a row) read 3944 us against 4188 at 4096 (64 a row), 88.4% of the copy against 83.3%
  // (H200, session 21, bench/gpu/rownorm_big.py); the target 32 moves only rows of 128-256 Ki elements.
  // Whole-GPU rows (128 CTAs of 16-32 Ki elements) ran 0.54-0.68x the lagged / two-pass paths on 35_ and 40_.
  // Softmax holds e in place of x (one exp per element) at 64 elements a thread: 4 warps at 8192, 8 at 16384.
  // Log-softmax keeps x, at 32 a thread, in softmax's chunks (no given problem: not measured on a GPU).
  constexpr qint64 kMaxSplit = 64, kChunkMin = 4096;
  const qint64 kEpt = plan.op == u"softmax" ? 64 : 32;
  const qint64 kTargetSplit = softmax ? 48 : 32, kChunkMax = softmax ? 16384 : 8192;
  r.vars.insert(QStringLiteral("ONEPASS_MAX_SPLIT"), QString::number(kMaxSplit));
  r.vars.insert(QStringLiteral("ONEPASS_TARGET_SPLIT"), QString::number(kTargetSplit));
  r.vars.insert(QStringLiteral("ONEPASS_CHUNK_MIN"), QString::number(kChunkMin));
  r.vars.insert(QStringLiteral("ONEPASS_CHUNK_MAX"), QString::number(kChunkMax));
  r.vars.insert(QStringLiteral("ONEPASS_EPT"), QString::number(kEpt));
  r.vars.insert(
      QStringLiteral("ONEPASS_NOTE"),
      plan.op == u"softmax"
          ? QStringLiteral(
                "(H200, 2026-11-29 session 6: softmax rows of 1.5 MB, one exp per element, 8192-element chunks\n"
                "                            # at 64 a thread on 4 warps: 81.4% of copy; two exps at 32 a thread: "
                "78.9%)")
      : plan.op == u"log_softmax"
          ? QStringLiteral("(log-softmax: softmax's chunks, keeping x at 32 a thread; not measured on a GPU:\n"
                           "                            # no given problem is a log-softmax)")
          : QStringLiteral("(H200 sweeps of 2026-11-29: mean/variance and L1 norms at 4096-8192 (4-8 warps),\n"
                           "                            # 84-93% of copy: at 16384 their CTAs need 80 registers a "
                           "thread, one CTA\n"
                           "                            # fits an SM, and 34 fell to 63%; rows that needed 128+ CTAs "
                           "ran slower than\n"
                           "                            # two passes)"));
  const qint64 chunk1 = std::min<qint64>(
      std::min<qint64>(std::max<qint64>(kChunkMin, pow2AtLeast(cdiv(plan.reduce, kTargetSplit))), kChunkMax),
      pow2AtLeast(std::max<qint64>(plan.reduce, 1)));
  const qint64 n1 = cdiv(plan.reduce, chunk1);
  const bool onePass = n1 <= kMaxSplit;  // the forward also caps at the SM count: this text assumes >= 64 SMs
  const qint64 warps1 = std::min<qint64>(std::max<qint64>(chunk1 / (32 * kEpt), 4), 16);
  r.vars.insert(QStringLiteral("ROWS_FASTEST"), pyBool(affine == 1));
  // The lagged path, as the forward chooses it (LAGGED_* in the template): contiguous rows of at most 8 MiB
  // without per-position weights, LAG = max(2, 16 MiB / row bytes) rows, at most the row count (H200, 2026-11-30
  // session 7: 35_GroupNorm_ at LAG 2, 4890-4928 us against 5155-5160 us for two passes, do_bench).
  // One source for the constants: written into the template here, and the configuration text below uses them.
  constexpr qint64 kLaggedMaxRowMiB = 8, kLaggedDistanceMiB = 16, kLaggedChunk = 4096, kLaggedWarps = 8;
  r.vars.insert(QStringLiteral("LAGGED_MAX_ROW_BYTES"), QStringLiteral("%1 << 20").arg(kLaggedMaxRowMiB));
  r.vars.insert(QStringLiteral("LAGGED_DISTANCE"), QStringLiteral("%1 << 20").arg(kLaggedDistanceMiB));
  r.vars.insert(QStringLiteral("LAGGED_CHUNK"), QString::number(kLaggedChunk));
  r.vars.insert(QStringLiteral("LAGGED_WARPS"), QString::number(kLaggedWarps));
  const qint64 elemBytes = plan.dtype == u"float64"                                  ? 8
                           : (plan.dtype == u"float16" || plan.dtype == u"bfloat16") ? 2
                                                                                     : 4;
  const qint64 rowBytes = plan.reduce * elemBytes;
  const bool lagged = !onePass && plan.inner == 1 && affine != 1 && rowBytes <= (kLaggedMaxRowMiB << 20);
  const qint64 lag = std::min<qint64>(std::max<qint64>(2, (kLaggedDistanceMiB << 20) / std::max<qint64>(rowBytes, 1)),
                                      std::max<qint64>(rows, 1));
  r.tile = onePass ? static_cast<int>(chunk1) : (lagged ? static_cast<int>(kLaggedChunk) : 1024);
  const QString strided =
      plan.inner == 1
          ? (onePass && !softmax ? QStringLiteral("rows contiguous, coalesced; chunks start at 16-byte boundaries, so "
                                                  "every load and store is a 16-byte vector, and the row's first CTA "
                                                  "also takes the under-16-byte ends of its row")
                                 : QStringLiteral("rows contiguous, coalesced"))
          : QStringLiteral(
                "normalised dim strided by inner = %1 (uncoalesced; a transposed-tile variant is the next step)")
                .arg(plan.inner);
  if (onePass) {
    r.config = {
        {QStringLiteral("tile"),
         QStringLiteral("one pass: rows of R = %1 elements (%2 rows in the spec) split into %3 chunks of CHUNK = %4 "
                        "elements, one chunk per CTA held in registers")
             .arg(plan.reduce)
             .arg(rows)
             .arg(n1)
             .arg(chunk1)},
        {QStringLiteral("threads per CTA"), QStringLiteral("num_warps = %1 (%2 threads), %3 elements per thread")
                                                .arg(warps1)
                                                .arg(warps1 * 32)
                                                .arg(chunk1 / (warps1 * 32))},
        {QStringLiteral("grid"),
         QStringLiteral("(rows * %1,) = %2 CTAs for the spec; a CTA takes its (row, chunk) from a start-order ticket, "
                        "and a row's %1 CTAs meet on the row's arrival counter (at most min(64, SMs) per row, so they "
                        "are resident together)")
             .arg(n1)
             .arg(rows * n1)},
        {QStringLiteral("data movement"),
         QStringLiteral("x read once into registers and the output written once; %1; per-chunk fp32 "
                        "partials (2 x rows x %2 floats) and one int32 counter per row through global memory")
             .arg(strided)
             .arg(n1)},
    };
  } else if (lagged) {
    const qint64 nl = cdiv(plan.reduce, kLaggedChunk);
    r.config = {
        {QStringLiteral("tile"),
         QStringLiteral(
             "lagged (a row needs more than 64 one-pass CTAs and holds at most %3 MiB): rows of R = %1 elements "
             "(%2 rows in the spec) in chunks of CHUNK = %4 elements, one per CTA, for the statistics "
             "and again for the apply")
             .arg(plan.reduce)
             .arg(rows)
             .arg(kLaggedMaxRowMiB)
             .arg(kLaggedChunk)},
        {QStringLiteral("threads per CTA"), QStringLiteral("num_warps = %1 (%2 threads), %3 elements per thread")
                                                .arg(kLaggedWarps)
                                                .arg(kLaggedWarps * 32)
                                                .arg(kLaggedChunk / (kLaggedWarps * 32))},
        {QStringLiteral("grid"),
         QStringLiteral(
             "one launch of ((rows + LAG) * 2 * cdiv(R, CHUNK),) = %1 CTAs for the spec (LAG = %2 rows); a CTA "
             "takes a start-order ticket: even tickets gather a chunk's statistics, odd ones apply the "
             "same chunk of the row LAG rows back, once that row's last statistics CTA has merged its "
             "partials (a wait only on earlier tickets, so no co-residency is needed)")
             .arg((rows + lag) * 2 * nl)
             .arg(lag)},
        {QStringLiteral("data movement"),
         QStringLiteral("x read twice, the second time about %1 MiB later, mostly from L2 (statistics loads "
                        "evict_last, the re-read and the output's stores evict_first) and the output written "
                        "once; %2; per-chunk fp32 partials (2 x rows x %3 floats), one (shift, scale) pair and "
                        "one int32 counter per row through global memory")
             .arg(lag * rowBytes >> 20)
             .arg(strided)
             .arg(nl)},
    };
  } else {
    r.config = {
        {QStringLiteral("tile"),
         QStringLiteral("two passes (a row needs more than 64 one-pass CTAs): rows of R = %1 elements (%2 rows in the "
                        "spec); statistics over CHUNK = 16384 elements per CTA in BLOCK = 1024 steps, apply over "
                        "BLOCK = 1024 elements per CTA")
             .arg(plan.reduce)
             .arg(rows)},
        {QStringLiteral("threads per CTA"),
         QStringLiteral("num_warps = 4 (128 threads), 8 elements per thread per step")},
        {QStringLiteral("grid"),
         QStringLiteral(
             "stats (rows * cdiv(R, 16384),) = %1 CTAs; merge (rows,) = %2; apply (rows * cdiv(R, 1024),) = %3 "
             "for the spec%4")
             .arg(rows * split)
             .arg(rows)
             .arg(rows * cdiv(plan.reduce, 1024))
             .arg(plan.affine == PatternPlan::Affine::PerPosition
                      ? QStringLiteral(", rows fastest so each weight block is read once")
                      : QString())},
        {QStringLiteral("data movement"),
         QStringLiteral("x read twice (statistics, apply; the apply runs in reverse order so its first blocks "
                        "come from L2) and the output written once; %1; per-row fp32 statistics through two "
                        "small workspaces (2 x rows x splits floats)")
             .arg(strided)},
    };
  }
  r.config += {
      {QStringLiteral("statistics"),
       softmax ? QStringLiteral("online max and rescaled sum of exp per lane, merged across chunks the same way")
       : l1    ? QStringLiteral("fp32 sum of |x| per chunk, merged per row")
       : meanVar
           ? QStringLiteral("fp32 sums of d and d^2, d = x - (the row's first element), per chunk, merged per row: "
                            "variance = E[d^2] - E[d]^2, so offset data keep their digits; eps = %1")
                 .arg(pyFloat(plan.eps))
           : QStringLiteral("fp32 sum of squares per chunk, merged per row%1")
                 .arg(plan.op == u"rms_norm" ? QStringLiteral("; eps = ") + pyFloat(plan.eps) : QString())},
      {QStringLiteral("dtype handling"), dtypeText(plan)},
      {QStringLiteral("launch plumbing"),
       QStringLiteral("a strided input is made contiguous first (one extra copy); %1%2; output from "
                      "torch.empty_like")
           .arg(plan.groupRows ? QStringLiteral("rows = N x groups slices of the contiguous input")
                               : QStringLiteral("viewed as (outer, R, inner) from the run-time shape"),
                plan.weight.isEmpty() ? QString()
                                      : QStringLiteral("; weight/bias are ModelNew parameters with Model's names"))},
  };
  return r;
}

// The B_MN = "gluon" section (session 45, gemm45; triton_gemm_gluon.py.inc: a Gluon TF32 GEMM reading an MN-major B
// without the staging copy). On by default since session 45 for the shapes where the H100 measured it faster than the
// staged copy (docs/results/2026-12-07-s45-lead.md: 2_ / 1_ / 13_ / 16_ 1.16-1.29x of stage); session 47's edge
// shapes widened the envelope (docs/results/2026-12-07-s47-lead.md: K 2048 / 3072, N 1024, 192 and 128 tiles
// 1.09-1.19x of stage; still slower at 136 tiles with tails, 64 tiles, N 100 / 768 and K 1000): an fp32 GEMM of batch
// 1 whose own M, N, K reach it (the same numbers as its _gl_fits: >= 192 tiles of 256 x 128, K >= 2048, N >= 1024)
// carries it; the kernel still decides per call and stages B wherever it does not apply. KWB_GEMM_GLUON=1: every fp32
// GEMM carries it (the check's A/B); 0: none does (the text before session 45).
constexpr qint64 kGluonMinTiles = 192, kGluonMinK = 2048, kGluonMinN = 1024, kGluonBm = 256, kGluonBn = 128;
QString gemmGluonSection(const PatternPlan& plan) {
  const QString env = qEnvironmentVariable("KWB_GEMM_GLUON");
  if (env == u"0" || plan.dtype != u"float32") return {};
  const bool fits = plan.batch == 1 && plan.K >= kGluonMinK && plan.N >= kGluonMinN &&
                    cdiv(plan.M, kGluonBm) * cdiv(plan.N, kGluonBn) >= kGluonMinTiles;
  if (env != u"1" && !fits) return {};
  QString err;
  QString text = readResourceText(tmpl("triton_gemm_gluon.py.inc"), &err);
  while (text.endsWith(u'\n')) text.chop(1);
  return text;  // a resource compiled in: never missing in a built binary
}

PatternRender gemm(const PatternPlan& plan) {
  PatternRender r;
  r.templatePath = tmpl("triton_gemm.py.tmpl");
  const QString& A = plan.input;
  const QString& B = plan.input2;
  QStringList ops;
  const QString bView = plan.transB ? QStringLiteral("%1.t()").arg(B) : B;
  if (plan.op == u"mm") {
    ops << QStringLiteral("        a = %1.unsqueeze(0)%2")
               .arg(plan.transA ? A + QStringLiteral(".t()") : A,
                    plan.transA ? QStringLiteral("  # A given as (K, M): a strided view") : QString())
        << QStringLiteral("        b = %1.unsqueeze(0)%2")
               .arg(bView, plan.transB ? QStringLiteral("  # B given as (N, K): a strided view") : QString())
        << QStringLiteral("        out = torch.empty((a.shape[1], b.shape[2]), dtype=%1.dtype, device=%1.device)")
               .arg(A)
        << QStringLiteral("        c = out.unsqueeze(0)");
  } else if (plan.op == u"fold") {
    ops << QStringLiteral(
               "        a = %1.reshape(1, -1, %1.shape[-1])  # leading dims folded into M (a view when contiguous)")
               .arg(A)
        << QStringLiteral("        b = %1.unsqueeze(0)").arg(bView)
        << QStringLiteral("        out = torch.empty((*%1.shape[:-1], b.shape[2]), dtype=%1.dtype, device=%1.device)")
               .arg(A)
        << QStringLiteral("        c = out.view(1, -1, b.shape[2])");
  } else {
    ops << QStringLiteral("        a = %1").arg(plan.transA ? A + QStringLiteral(".transpose(1, 2)") : A)
        << QStringLiteral("        b = %1").arg(plan.transB ? B + QStringLiteral(".transpose(1, 2)") : B)
        << QStringLiteral(
               "        out = torch.empty((a.shape[0], a.shape[1], b.shape[2]), dtype=%1.dtype, device=%1.device)")
               .arg(A)
        << QStringLiteral("        c = out");
  }
  r.vars.insert(QStringLiteral("OPERANDS"), ops.join(u'\n'));
  r.vars.insert(QStringLiteral("TRIU"), pyBool(plan.triu));
  r.vars.insert(QStringLiteral("TRIU_DIAGONAL"), QString::number(plan.triuDiagonal));
  r.vars.insert(QStringLiteral("GEMM_GLUON"), gemmGluonSection(plan));
  const bool gemv = plan.N == 1;
  const qint64 ctas = cdiv(plan.M, 4) * plan.batch;  // GEMV
  constexpr qint64 kH200Sms = 132;  // the SM count the text below names the tile for (the kernel reads its GPU's)
  const double flops = 2.0 * double(plan.batch) * double(plan.M) * double(plan.N) * double(plan.K);
  const bool small = flops <= double(1 << 29);  // the template's SMALL_GEMM_FLOPS
  const auto [fillM, fillN] =
      small ? gemmSmallTile(plan.batch, plan.M, plan.N, kH200Sms) : gemmFillTile(plan.batch, plan.M, plan.N, kH200Sms);
  const bool narrowed = fillM != 128 || fillN != 256;
  const qint64 tilesWide = cdiv(plan.M, fillM) * cdiv(plan.N, fillN) * plan.batch;
  const bool fp32 = plan.dtype == u"float32";
  // Which fp32 operands the kernel stages K-major at the spec's (contiguous) layout: A when it is
  // given transposed or its rows (K) are not 16-byte aligned; B when it is row-major (N contiguous),
  // or transposed with misaligned rows. 16-bit operands are never staged.
  QStringList staged;
  if (fp32 && !gemv && !small) {
    const bool kAligned = plan.K % 4 == 0;
    if (plan.transA || !kAligned) staged << QStringLiteral("A");
    if (!plan.transB || !kAligned) staged << QStringLiteral("B");
  }
  r.tile = gemv ? 1024 : 128;
  if (fp32 && !gemv) r.mathDtype = QStringLiteral("tf32");  // tl.dot's default input_precision on fp32 operands
  r.config = {
      {QStringLiteral("tile"),
       gemv    ? QStringLiteral("GEMV (N == 1): 4 rows x 1024 K-elements per loop step")
       : small ? QStringLiteral("small GEMM (%1 FLOPs <= SMALL_GEMM_FLOPS = 2^29: launch-bound): BLOCK_M x BLOCK_N x "
                                "BLOCK_K = %2 x %3 x %4 for the spec on 132 SMs (the H200): 128 x 256 halved, BLOCK_N "
                                "first, down to 32 while fewer tiles than the GPU's SMs")
                     .arg(qint64(flops))
                     .arg(fillM)
                     .arg(fillN)
                     .arg(fp32 ? 32 : 64)
               : QStringLiteral(
                     "BLOCK_M x BLOCK_N x BLOCK_K = %2 x %3 x %1 for the spec on 132 SMs (the H200), GROUP_M = 8 "
                     "(grouped tile order for L2 reuse); not autotuned: 128 x 256, the fastest of 7 fp32 tile configs "
                     "at four large GEMM shapes on the H200 (docs/results/2026-11-29-h200-session3.md), with BLOCK_N "
                     "then BLOCK_M halved (down to 64) at run time while the output tiles would keep under 90% of the "
                     "GPU's SMs busy, where that shortens ceil(tiles / SMs) x tile area (TMA_FILL)")
                     .arg(fp32 ? 32 : 64)
                     .arg(fillM)
                     .arg(fillN)},
      {QStringLiteral("threads per CTA"),
       gemv || small ? QStringLiteral("num_warps = 4 (128 threads)")
                     : (fillM * fillN >= 128 * 128 ? QStringLiteral("num_warps = 8 (256 threads, two warpgroups)")
                                                   : QStringLiteral("num_warps = 4 (128 threads, one warpgroup)"))},
      {QStringLiteral("grid"),
       gemv ? QStringLiteral("(cdiv(M, 4), batch): %1 CTAs for the spec (M=%2, K=%3, batch=%4)")
                  .arg(ctas)
                  .arg(plan.M)
                  .arg(plan.K)
                  .arg(plan.batch)
            : QStringLiteral("%6: batch x cdiv(M, BLOCK_M) x cdiv(N, BLOCK_N) = %1 tiles for the spec (M=%2, N=%3, "
                             "K=%4, batch=%5)")
                  .arg(tilesWide)
                  .arg(plan.M)
                  .arg(plan.N)
                  .arg(plan.K)
                  .arg(plan.batch)
                  .arg(small ? QStringLiteral("(tiles, batch): one CTA per tile (the pointer kernel)")
                             : QStringLiteral("persistent (Hopper TMA path): min(SMs, tiles) CTAs walking the tiles"))},
      {QStringLiteral("data movement"),
       gemv    ? QStringLiteral("A streamed once (memory-bound), the vector re-read per CTA from L2")
       : small ? QStringLiteral("A and B tiles by masked pointer loads in a 3-stage software pipeline, operands as "
                                "given (an MN-major fp32 operand read through tl.dot's slower path, no staging copy "
                                "launch); C written once")
               : QStringLiteral("A and B tiles through shared memory by TMA in a %2-stage software pipeline (Triton's "
                                "num_stages; 4 for a narrowed tile), zero-filled "
                                "at the M/N/K boundaries; C written once%1")
                     .arg(staged.isEmpty()
                              ? (fp32 ? QStringLiteral("; fp32 operands already K-major and aligned: no staging copy")
                                      : QString())
                              : QStringLiteral(
                                    "; %1 first copied K-major (K padded to 32 elements) by a Triton staging kernel, "
                                    "because Hopper's TF32 wgmma reads only K-major tiles (else tl.dot falls back to "
                                    "mma.sync)")
                                    .arg(staged.join(QStringLiteral(" and "))))
                     .arg(narrowed ? 4 : 3)},
      {QStringLiteral("math"),
       fp32 ? QStringLiteral("tl.dot on fp32 inputs uses TF32 tensor cores (Triton's default input_precision); "
                             "rel_err ~1e-3, inside the 0.01 threshold; fp32 accumulation")
            : QStringLiteral("tl.dot on %1 tensor cores, fp32 accumulation").arg(plan.dtype)},
      {QStringLiteral("layout"),
       QStringLiteral("%1%2%3").arg(
           plan.op == u"fold"
               ? QStringLiteral("A's leading dims folded into M; ")
               : (plan.op == u"bmm" ? QStringLiteral("batched: grid axis 1 over the batch; ") : QString()),
           plan.transA || plan.transB ? QStringLiteral("transposed operands passed as strided views (no copy)")
                                      : QStringLiteral("row-major operands"),
           plan.triu ? QStringLiteral("; triu epilogue zeroes col - row < %1 in registers").arg(plan.triuDiagonal)
                     : QString())},
      {QStringLiteral("dtype handling"), dtypeText(plan)},
      {QStringLiteral("launch plumbing"),
       QStringLiteral("operands passed with their strides (any layout), output from torch.empty")},
  };
  return r;
}

PatternRender loss(const PatternPlan& plan) {
  PatternRender r;
  if (plan.op == u"cross_entropy") {
    r.templatePath = tmpl("triton_cross_entropy.py.tmpl");
    r.vars.insert(QStringLiteral("IGNORE_INDEX"), QString::number(plan.ignoreIndex));
    // Written into the template, so the text below and the generated forward agree. 16 classes per
    // thread: 80.7-81.0% of copy on the H200 at 95's shape, 66.7% at 4 or 8 (session 4 sweep).
    constexpr qint64 kRowBlock = 16384, kRowEpt = 16;
    r.vars.insert(QStringLiteral("ROW_BLOCK"), QString::number(kRowBlock));
    r.vars.insert(QStringLiteral("ROW_EPT"), QString::number(kRowEpt));
    const qint64 classes = plan.shape.value(1);
    const qint64 block = std::min<qint64>(kRowBlock, pow2AtLeast(std::max<qint64>(classes, 1)));
    const qint64 warps = std::min<qint64>(std::max<qint64>(block / (32 * kRowEpt), 4), 16);
    r.tile = static_cast<int>(block);
    r.config = {
        {QStringLiteral("tile"),
         classes <= block
             ? QStringLiteral(
                   "one row of C = %1 classes per CTA, held in registers (BLOCK = %2): max, then one exp per element")
                   .arg(classes)
                   .arg(block)
             : QStringLiteral("one row of C = %1 classes per CTA, online log-sum-exp in BLOCK = %2 steps")
                   .arg(classes)
                   .arg(block)},
        {QStringLiteral("threads per CTA"), QStringLiteral("num_warps = %1 (%2 threads), %3 classes per thread")
                                                .arg(warps)
                                                .arg(warps * 32)
                                                .arg(block / (warps * 32))},
        {QStringLiteral("grid"),
         QStringLiteral("(batch,) = %1 CTAs, then (1,) for the mean: one CTA of 16 warps, 8192 rows a step")
             .arg(plan.shape.value(0))},
        {QStringLiteral("data movement"),
         QStringLiteral("logits read once (coalesced rows) plus one gathered target logit per row; "
                        "per-row fp32 losses through a workspace")},
        {QStringLiteral("reduction"),
         QStringLiteral("log-sum-exp per row (fp32); mean over rows whose target != ignore_index (%1)")
             .arg(plan.ignoreIndex)},
        {QStringLiteral("dtype handling"), dtypeText(plan)},
        {QStringLiteral("launch plumbing"),
         QStringLiteral("strided inputs made contiguous first; scalar output from torch.empty(())")},
    };
    return r;
  }
  r.templatePath = tmpl("triton_loss.py.tmpl");
  QString term;
  if (plan.op == u"mse")
    term = QStringLiteral("        d = p - t\n        term = d * d");
  else if (plan.op == u"hinge")
    term = QStringLiteral("        term = tl.maximum(1.0 - p * t, 0.0)");
  else if (plan.op == u"kl_div")
    term = QStringLiteral(
        "        # xlogy(t, t) - t * log(p) as t * log(t / p): one log per element, not two (two made the\n"
        "        # kernel ALU-bound on the H200). t == 0 gives 0 for a finite p > 0 and NaN otherwise, as torch.\n"
        "        term = tl.where(t > 0.0, t * tl.log(t / (p + 0.0)),  # + 0.0: p = -0.0 gives +inf, as torch\n"
        "                        tl.where((t == 0.0) & (p > 0.0) & (p < float('inf')), 0.0, float('nan')))");
  else if (plan.op == u"huber")
    term = QStringLiteral(
        "        d = tl.abs(p - t)\n        term = tl.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta)");
  else
    term = QStringLiteral(
        "        d = tl.abs(p - t)\n        term = tl.where(d < beta, 0.5 * d * d, beta * (d - 0.5 * beta))");
  r.vars.insert(QStringLiteral("TERM"), term);
  r.vars.insert(QStringLiteral("BETA"), pyFloat(plan.huberBeta));
  const QString tIndex =
      plan.targetBroadcast == u"suffix"
          ? QStringLiteral("idx % t_mod")
          : (plan.targetBroadcast == u"prefix" ? QStringLiteral("idx // t_div") : QStringLiteral("idx"));
  r.vars.insert(QStringLiteral("T_INDEX"), tIndex);
  r.vars.insert(QStringLiteral("SCALE"), plan.lossScale == u"batch" ? QStringLiteral("1.0 / max(p.shape[0], 1)")
                                                                    : QStringLiteral("1.0 / max(n, 1)"));
  const qint64 n = plan.outer * plan.reduce * plan.inner;
  r.tile = 1024;
  r.config = {
      {QStringLiteral("tile"), QStringLiteral("CHUNK = 16384 elements per partial-sum CTA in BLOCK = 1024 steps")},
      {QStringLiteral("threads per CTA"), QStringLiteral("num_warps = 4 (128 threads)")},
      {QStringLiteral("grid"), QStringLiteral("(cdiv(n, 16384),) = %1 CTAs for the spec's %2 elements, then (1,) for "
                                              "the final sum: one CTA of 16 warps, 8192 partials a step")
                                   .arg(cdiv(n, 16384))
                                   .arg(n)},
      {QStringLiteral("data movement"),
       QStringLiteral("both inputs read once, coalesced; %1; one fp32 partial per CTA")
           .arg(plan.targetBroadcast == u"same"
                    ? QStringLiteral("same-shape targets")
                    : QStringLiteral("targets broadcast by index arithmetic (%1), re-read from L2").arg(tIndex))},
      {QStringLiteral("reduction"),
       QStringLiteral("fp32 per-lane partial sums, then a fixed-order sum of the partials (deterministic) times %1")
           .arg(plan.lossScale == u"batch" ? QStringLiteral("1/batch (batchmean)") : QStringLiteral("1/numel (mean)"))},
      {QStringLiteral("dtype handling"), dtypeText(plan)},
      {QStringLiteral("launch plumbing"),
       QStringLiteral("strided inputs made contiguous first; scalar output from torch.empty(())")},
  };
  return r;
}

PatternRender scan(const PatternPlan& plan) {
  PatternRender r;
  r.templatePath = tmpl("triton_scan.py.tmpl");
  const bool prod = plan.op == u"cumprod";
  r.vars.insert(QStringLiteral("SCAN_OP"), plan.op);
  r.vars.insert(QStringLiteral("IDENTITY"), prod ? QStringLiteral("1.0") : QStringLiteral("0.0"));
  r.vars.insert(QStringLiteral("APPLY_CARRY"), prod ? QStringLiteral("carry * c") : QStringLiteral("carry + c"));
  r.vars.insert(QStringLiteral("NEXT_CARRY"), prod ? QStringLiteral("carry * last") : QStringLiteral("carry + last"));
  r.vars.insert(QStringLiteral("DIM"), QString::number(plan.dimFirst));
  r.vars.insert(QStringLiteral("REVERSE"), pyBool(plan.reverse));
  r.vars.insert(QStringLiteral("EXCLUSIVE"), pyBool(plan.exclusive));
  r.vars.insert(QStringLiteral("MASKED"), pyBool(plan.masked));
  r.vars.insert(QStringLiteral("MASK_ARG"),
                plan.masked ? QStringLiteral("%1 if %1.is_contiguous() else %1.contiguous()").arg(plan.input2)
                            : QStringLiteral("x  # unused (MASKED is False)"));
  const qint64 rows = plan.outer * plan.inner;
  r.tile = 1024;
  r.config = {
      {QStringLiteral("tile"),
       QStringLiteral("one row of R = %1 per CTA, scanned in BLOCK = min(1024, next_pow2(R)) chunks").arg(plan.reduce)},
      {QStringLiteral("threads per CTA"), QStringLiteral("num_warps = 4 (128 threads)")},
      {QStringLiteral("grid"), QStringLiteral("(outer * inner,) = %1 CTAs for the spec").arg(rows)},
      {QStringLiteral("data movement"),
       QStringLiteral("x read once and out written once%1%2")
           .arg(plan.inner == 1 ? QStringLiteral(", contiguous rows")
                                : QStringLiteral(", rows strided by inner = %1 (uncoalesced)").arg(plan.inner),
                plan.masked ? QStringLiteral("; the bool mask read once") : QString())},
      {QStringLiteral("scan"),
       QStringLiteral("tl.%1 per chunk plus the fp32 carry of the previous chunks%2%3")
           .arg(plan.op, plan.reverse ? QStringLiteral("; reverse: chunks walk the row from its end") : QString(),
                plan.exclusive ? QStringLiteral("; exclusive: x read shifted by one in the scan order") : QString())},
      {QStringLiteral("dtype handling"), dtypeText(plan)},
      {QStringLiteral("launch plumbing"),
       QStringLiteral("a strided input is made contiguous first (one extra copy); output from torch.empty_like")},
  };
  return r;
}

}  // namespace

GeneratedKernel tritonPatternKernel(const PatternPlan& plan, const nlohmann::json& spec,
                                    const FrameworkBackend& backend) {
  PatternRender r;
  switch (plan.kind) {
    case PatternPlan::Kind::Reduction:
      r = reduction(plan);
      break;
    case PatternPlan::Kind::RowNorm:
      r = rowNorm(plan);
      break;
    case PatternPlan::Kind::Gemm:
      r = gemm(plan);
      break;
    case PatternPlan::Kind::Loss:
      r = loss(plan);
      break;
    case PatternPlan::Kind::Scan:
      r = scan(plan);
      break;
  }
  return renderPatternKernel(r, plan, spec, backend);
}

}  // namespace kwb
