// CuTe DSL kernels for the non-elementwise patterns: SIMT baselines (warp per row with butterfly
// shuffles, thread per output, thread per GEMM element) written with the names of cute_api.json
// (cute.arch.thread_idx/block_idx/shuffle_sync_bfly/shuffle_sync_up/fmax/fmin, cute.math.exp/log/
// rsqrt/abs, cutlass.range_constexpr/const_expr/min, cute.compile, from_dlpack). Checked statically
// (cute_check.py), never run here.
#include "core/codegen/cutedslbackend.h"
#include "core/codegen/patternkernels.h"

#include "core/codegen/pointwise.h"

namespace kwb {

namespace {

QString tmpl(const char* name) { return QStringLiteral(":/kwb/templates/kernels/") + QLatin1String(name); }

qint64 cdiv(qint64 a, qint64 b) { return b > 0 ? (a + b - 1) / b : 0; }

QString pyBool(bool b) { return b ? QStringLiteral("True") : QStringLiteral("False"); }

QPair<QString, QString> verification() {
  return {QStringLiteral("verification"),
          QStringLiteral("static only: names and call signatures checked against cute_api.json (%1); not run")
              .arg(QLatin1String(CuteDslBackend::kApiVersion))};
}

QPair<QString, QString> dtypeItem(const PatternPlan& plan) {
  return {QStringLiteral("dtype handling"),
          QStringLiteral(
              "elements converted to cutlass.Float32 on load, fp32 accumulation, converted to the output element type "
              "on store (%1)")
              .arg(plan.outDtype.isEmpty() ? plan.dtype : plan.outDtype)};
}

QPair<QString, QString> compileItem() {
  return {QStringLiteral("launch plumbing"),
          QStringLiteral(
              "strided inputs made contiguous first (one extra copy); from_dlpack views; cute.compile once per (shape, "
              "dtype), cached in ModelNew; sizes passed as cutlass.Int32")};
}

PatternRender reduction(const PatternPlan& plan) {
  PatternRender r;
  r.templatePath = tmpl("cutedsl_reduce.py.tmpl");
  const bool arg = plan.op.startsWith(QStringLiteral("arg"));
  const bool isMax = plan.op == u"max" || plan.op == u"argmax";
  QString init = QStringLiteral("0.0"), combine, lane, result = QStringLiteral("acc");
  if (arg) {
    init = isMax ? QStringLiteral("float('-inf')") : QStringLiteral("float('inf')");
    const QString cmp = isMax ? QStringLiteral(">") : QStringLiteral("<");
    combine = QStringLiteral(
                  "            if v %1 acc:  # strict: the lane keeps its first extreme\n"
                  "                acc = v\n                best = k")
                  .arg(cmp);
    lane =
        QStringLiteral(
            "            if (o_acc %1 acc) | ((o_acc == acc) & (o_best < best)):  # first index among equal extremes\n"
            "                acc = o_acc\n                best = o_best")
            .arg(cmp);
    result = QStringLiteral("best");
  } else if (plan.op == u"max" || plan.op == u"min") {
    init = isMax ? QStringLiteral("float('-inf')") : QStringLiteral("float('inf')");
    const QString f = isMax ? QStringLiteral("fmax") : QStringLiteral("fmin");
    combine = QStringLiteral("            acc = cute.arch.%1(acc, v)").arg(f);
    lane = QStringLiteral("            acc = cute.arch.%1(acc, o_acc)").arg(f);
  } else {
    combine = QStringLiteral("            acc = acc + v");
    lane = QStringLiteral("            acc = acc + o_acc");
    if (plan.op == u"mean") result = QStringLiteral("acc / cutlass.Float32(r)");
  }
  r.vars = {{QStringLiteral("INIT"), init},
            {QStringLiteral("COMBINE"), combine},
            {QStringLiteral("LANE_COMBINE"), lane},
            {QStringLiteral("RESULT"), result},
            {QStringLiteral("DIM_FIRST"), QString::number(plan.dimFirst)},
            {QStringLiteral("DIM_LAST"), QString::number(plan.dimLast)},
            {QStringLiteral("KEEPDIM"), pyBool(plan.keepdim)}};
  const bool rows = plan.inner == 1;
  r.tile = rows ? 32 : 256;
  r.config = {
      {QStringLiteral("tile"),
       rows ? QStringLiteral("one warp per output row of R = %1 contiguous elements, lanes stride by 32")
                  .arg(plan.reduce)
            : QStringLiteral("one thread per output (%1 outputs), a serial loop over R = %2 (stride inner = %3)")
                  .arg(plan.outer * plan.inner)
                  .arg(plan.reduce)
                  .arg(plan.inner)},
      {QStringLiteral("threads per CTA"),
       rows ? QStringLiteral("256 (8 warps = 8 rows)") : QStringLiteral("256 (256 outputs)")},
      {QStringLiteral("grid"),
       QStringLiteral("%1 CTAs for the spec").arg(rows ? cdiv(plan.outer, 8) : cdiv(plan.outer * plan.inner, 256))},
      {QStringLiteral("data movement"),
       rows ? QStringLiteral("rows read once, coalesced across the lanes; butterfly shuffles, no shared memory")
            : QStringLiteral("each input read once; consecutive threads read consecutive inner elements (coalesced)")},
      dtypeItem(plan),
      compileItem(),
      verification(),
  };
  return r;
}

PatternRender rowNorm(const PatternPlan& plan) {
  PatternRender r;
  r.templatePath = tmpl("cutedsl_rownorm.py.tmpl");
  const bool softmax = plan.op == u"softmax" || plan.op == u"log_softmax";
  if (softmax) {
    r.vars.insert(QStringLiteral("A_INIT"), QStringLiteral("NEG_BIG"));
    r.vars.insert(
        QStringLiteral("STATS_COMBINE"),
        QStringLiteral("            m_new = cute.arch.fmax(a, v)  # online softmax: running max, rescaled sum\n"
                       "            b = b * cute.math.exp(a - m_new) + cute.math.exp(v - m_new)\n"
                       "            a = m_new"));
    r.vars.insert(QStringLiteral("LANE_COMBINE"),
                  QStringLiteral("            m_new = cute.arch.fmax(a, o_a)\n"
                                 "            b = b * cute.math.exp(a - m_new) + o_b * cute.math.exp(o_a - m_new)\n"
                                 "            a = m_new"));
    r.vars.insert(QStringLiteral("ROW_STATS"),
                  plan.op == u"softmax"
                      ? QStringLiteral("        shift = a\n        scale = cutlass.Float32(1.0) / b")
                      : QStringLiteral("        shift = a + cute.math.log(b)\n        scale = cutlass.Float32(1.0)"));
    r.vars.insert(QStringLiteral("APPLY"), plan.op == u"softmax" ? QStringLiteral("cute.math.exp(v - shift) * scale")
                                                                 : QStringLiteral("(v - shift) * scale"));
  } else {
    const bool l1 = plan.op.startsWith(QStringLiteral("l1"));
    r.vars.insert(QStringLiteral("A_INIT"), QStringLiteral("0.0"));
    // L1 needs only the sum of |x| (a sum of squares it never reads can overflow to inf for |x| >= 1e19;
    // the Triton template does the same)
    r.vars.insert(QStringLiteral("STATS_COMBINE"),
                  l1 ? QStringLiteral("            a = a + cute.math.abs(v)")
                     : QStringLiteral("            a = a + v\n            b = b + v * v"));
    r.vars.insert(QStringLiteral("LANE_COMBINE"), QStringLiteral("            a = a + o_a\n            b = b + o_b"));
    QString stats;
    if (plan.op == u"layer_norm" || plan.op == u"group_norm" || plan.op == u"instance_norm")
      stats = QStringLiteral(
          "        mean = a / cutlass.Float32(r)\n"
          "        var = cute.arch.fmax(b / cutlass.Float32(r) - mean * mean, cutlass.Float32(0.0))  # biased\n"
          "        shift = mean\n        scale = cute.math.rsqrt(var + eps)");
    else if (plan.op == u"rms_norm")
      stats = QStringLiteral(
          "        shift = cutlass.Float32(0.0)\n        scale = cute.math.rsqrt(b / cutlass.Float32(r) + eps)");
    else if (plan.op == u"l2_norm" || plan.op == u"frobenius_norm")
      stats = QStringLiteral("        shift = cutlass.Float32(0.0)\n        scale = cute.math.rsqrt(b)");
    else if (plan.op == u"l1_norm")
      stats = QStringLiteral(
          "        shift = cutlass.Float32(0.0)\n        scale = cutlass.Float32(r) / a  # x / mean(|x|)");
    else
      stats = QStringLiteral(
          "        shift = cutlass.Float32(0.0)\n        scale = cutlass.Float32(1.0) / a  # x / sum(|x|)");
    r.vars.insert(QStringLiteral("ROW_STATS"), stats);
    r.vars.insert(QStringLiteral("APPLY"), QStringLiteral("(v - shift) * scale"));
  }
  const int affine =
      plan.affine == PatternPlan::Affine::PerPosition ? 1 : (plan.affine == PatternPlan::Affine::PerChannel ? 2 : 0);
  r.vars.insert(QStringLiteral("DIM_FIRST"), QString::number(plan.dimFirst));
  r.vars.insert(QStringLiteral("DIM_LAST"), QString::number(plan.dimLast));
  r.vars.insert(QStringLiteral("GROUP_ROWS"), pyBool(plan.groupRows));
  r.vars.insert(QStringLiteral("GROUPS"), QString::number(plan.op == u"instance_norm" ? 0 : plan.groups));
  r.vars.insert(QStringLiteral("EPS"), pyFloat(plan.eps));
  r.vars.insert(QStringLiteral("AFFINE"), QString::number(affine));
  r.vars.insert(QStringLiteral("HAS_BIAS"), pyBool(!plan.bias.isEmpty()));
  r.vars.insert(QStringLiteral("WEIGHT_ARG"),
                plan.weight.isEmpty() ? QStringLiteral("x  # unused (AFFINE == 0)") : paramExpr(plan.weight));
  r.vars.insert(QStringLiteral("BIAS_ARG"),
                plan.bias.isEmpty() ? QStringLiteral("x  # unused (no bias)") : paramExpr(plan.bias));
  const qint64 rows = plan.outer * plan.inner;
  r.tile = 32;
  r.config = {
      {QStringLiteral("tile"),
       QStringLiteral("one warp per row of R = %1 elements (%2 rows in the spec), lanes stride by 32")
           .arg(plan.reduce)
           .arg(rows)},
      {QStringLiteral("threads per CTA"), QStringLiteral("128 (4 warps = 4 rows)")},
      {QStringLiteral("grid"),
       QStringLiteral("cdiv(rows, 4) = %1 CTAs for the spec%2")
           .arg(cdiv(rows, 4))
           .arg(rows < 528 ? QStringLiteral(" (fewer warps than 4 per SM on 132 SMs: long rows are not split; the "
                                            "Triton baseline splits them)")
                           : QString())},
      {QStringLiteral("data movement"),
       QStringLiteral("x read twice (statistics, apply), out written once; %1; butterfly shuffles, no "
                      "shared memory")
           .arg(plan.inner == 1 ? QStringLiteral("coalesced rows")
                                : QStringLiteral("rows strided by inner (uncoalesced)"))},
      {QStringLiteral("statistics"),
       softmax ? QStringLiteral("online max and rescaled sum of exp per lane (fp32), merged by shuffles")
       : plan.op.startsWith(QStringLiteral("l1"))
           ? QStringLiteral("fp32 sum of |x| per lane, merged by shuffles")
           : QStringLiteral("fp32 sum and sum of squares per lane, merged by shuffles%1")
                 .arg(plan.op == u"l2_norm" || plan.op == u"frobenius_norm"
                          ? QString()
                          : QStringLiteral("; eps = ") + pyFloat(plan.eps))},
      dtypeItem(plan),
      compileItem(),
      verification(),
  };
  return r;
}

PatternRender gemm(const PatternPlan& plan) {
  PatternRender r;
  r.templatePath = tmpl("cutedsl_gemm.py.tmpl");
  const QString& A = plan.input;
  const QString& B = plan.input2;
  const QString bView = plan.transB ? QStringLiteral("%1.t()").arg(B) : B;
  QStringList ops;
  if (plan.op == u"mm") {
    ops << QStringLiteral("        a = %1.unsqueeze(0)").arg(plan.transA ? A + QStringLiteral(".t()") : A)
        << QStringLiteral("        b = %1.unsqueeze(0)").arg(bView)
        << QStringLiteral("        out = torch.empty((a.shape[1], b.shape[2]), dtype=%1.dtype, device=%1.device)")
               .arg(A)
        << QStringLiteral("        c = out.unsqueeze(0)");
  } else if (plan.op == u"fold") {
    ops << QStringLiteral("        a = %1.reshape(1, -1, %1.shape[-1])  # leading dims folded into M").arg(A)
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
  r.vars = {{QStringLiteral("OPERANDS"), ops.join(u'\n')},
            {QStringLiteral("TRIU"), pyBool(plan.triu)},
            {QStringLiteral("TRIU_DIAGONAL"), QString::number(plan.triuDiagonal)}};
  const bool gemv = plan.N == 1;
  r.tile = gemv ? 32 : 16;
  r.config = {
      {QStringLiteral("tile"),
       gemv ? QStringLiteral("GEMV (N == 1): one warp per row of A, lanes stride K")
            : QStringLiteral("16 x 16 C elements per CTA, one per thread, serial loop over K = %1").arg(plan.K)},
      {QStringLiteral("threads per CTA"),
       gemv ? QStringLiteral("256 (8 warps = 8 rows)") : QStringLiteral("256 (16 x 16)")},
      {QStringLiteral("grid"),
       gemv ? QStringLiteral("(cdiv(M, 8), 1, batch) = %1 CTAs for the spec").arg(cdiv(plan.M, 8) * plan.batch)
            : QStringLiteral("(cdiv(M, 16), cdiv(N, 16), batch) = %1 CTAs for the spec (M=%2, N=%3, K=%4)")
                  .arg(cdiv(plan.M, 16) * cdiv(plan.N, 16) * plan.batch)
                  .arg(plan.M)
                  .arg(plan.N)
                  .arg(plan.K)},
      {QStringLiteral("data movement"),
       QStringLiteral("operands read from global memory through their strides (L1/L2 reuse only, no shared "
                      "memory tiles, no tensor cores); C written once")},
      {QStringLiteral("math"),
       QStringLiteral("SIMT fp32 FMA; the Hopper tensor-core path (dense_gemm: TMA + WGMMA) is the next step")},
      dtypeItem(plan),
      {QStringLiteral("launch plumbing"),
       QStringLiteral("transposes and folds are views passed with their strides; cute.compile once per "
                      "(shapes, strides, dtype)%1")
           .arg(plan.triu ? QStringLiteral("; triu epilogue in registers") : QString())},
      verification(),
  };
  return r;
}

PatternRender loss(const PatternPlan& plan) {
  PatternRender r;
  if (plan.op == u"cross_entropy") {
    r.templatePath = tmpl("cutedsl_cross_entropy.py.tmpl");
    r.vars = {{QStringLiteral("IGNORE_INDEX"), QString::number(plan.ignoreIndex)}};
    r.tile = 32;
    r.config = {
        {QStringLiteral("tile"), QStringLiteral("one warp per row of C = %1 classes").arg(plan.shape.value(1))},
        {QStringLiteral("threads per CTA"),
         QStringLiteral("128 (4 rows); the fold step 128 (4 warps, 1024 rows each); then one warp for the mean")},
        {QStringLiteral("grid"),
         QStringLiteral("cdiv(batch, 4) = %1 CTAs, then cdiv(cdiv(batch, 1024), 4) = %2 (fold), then 1")
             .arg(cdiv(plan.shape.value(0), 4))
             .arg(cdiv(cdiv(std::max<qint64>(plan.shape.value(0), 1), 1024), 4))},
        {QStringLiteral("data movement"),
         QStringLiteral("logits read once (coalesced), one target logit per row; fp32 per-row losses in a workspace")},
        {QStringLiteral("reduction"),
         QStringLiteral("online log-sum-exp (fp32); mean over rows whose target != %1, summed in a fixed order "
                        "(1024 rows per fold warp, then one warp over the fold sums): deterministic")
             .arg(plan.ignoreIndex)},
        dtypeItem(plan),
        compileItem(),
        verification(),
    };
    return r;
  }
  r.templatePath = tmpl("cutedsl_loss.py.tmpl");
  QString term;
  if (plan.op == u"mse")
    term = QStringLiteral("        d = p - t\n        term = d * d");
  else if (plan.op == u"hinge")
    term = QStringLiteral("        term = cute.arch.fmax(cutlass.Float32(1.0) - p * t, cutlass.Float32(0.0))");
  else if (plan.op == u"kl_div")
    term = QStringLiteral(
        "        term = cutlass.Float32(0.0) - t * cute.math.log(p)\n"
        "        if t > cutlass.Float32(0.0):  # xlogy(t, t): 0 where t == 0\n"
        "            term = term + t * cute.math.log(t)");
  else if (plan.op == u"huber")
    term = QStringLiteral(
        "        d = cute.math.abs(p - t)\n        term = d - cutlass.Float32(0.5) * beta\n"
        "        if d < beta:\n            term = cutlass.Float32(0.5) * d * d / beta");
  else
    term = QStringLiteral(
        "        d = cute.math.abs(p - t)\n        term = beta * (d - cutlass.Float32(0.5) * beta)\n"
        "        if d < beta:\n            term = cutlass.Float32(0.5) * d * d");
  const QString tIndex =
      plan.targetBroadcast == u"suffix"
          ? QStringLiteral("idx % t_mod")
          : (plan.targetBroadcast == u"prefix" ? QStringLiteral("idx // t_div") : QStringLiteral("idx"));
  r.vars = {{QStringLiteral("TERM"), term},
            {QStringLiteral("T_INDEX"), tIndex},
            {QStringLiteral("BETA"), pyFloat(plan.huberBeta)},
            {QStringLiteral("SCALE"), plan.lossScale == u"batch" ? QStringLiteral("1.0 / max(p.shape[0], 1)")
                                                                 : QStringLiteral("1.0 / max(n, 1)")}};
  const qint64 n = plan.outer * plan.reduce * plan.inner;
  r.tile = 256;
  r.config = {
      {QStringLiteral("tile"), QStringLiteral("CHUNK = 16384 elements per CTA, threads stride the chunk")},
      {QStringLiteral("threads per CTA"),
       QStringLiteral(
           "256 (8 warps); the fold step 256 (8 warps, 1024 partials each); then one warp for the final sum")},
      {QStringLiteral("grid"),
       QStringLiteral(
           "cdiv(n, 16384) = %1 CTAs for the spec's %2 elements, then cdiv(cdiv(8 x %1, 1024), 8) = %3 (fold), then 1")
           .arg(cdiv(n, 16384))
           .arg(n)
           .arg(cdiv(cdiv(8 * std::max<qint64>(cdiv(n, 16384), 1), 1024), 8))},
      {QStringLiteral("data movement"),
       QStringLiteral("both inputs read once, coalesced (targets by index: %1); one fp32 partial per warp")
           .arg(tIndex)},
      {QStringLiteral("reduction"),
       QStringLiteral("fp32 per-thread sums, butterfly per warp, then 1024 warp partials per fold warp, then one warp: "
                      "a fixed order (deterministic), times %1")
           .arg(plan.lossScale == u"batch" ? QStringLiteral("1/batch") : QStringLiteral("1/numel"))},
      dtypeItem(plan),
      compileItem(),
      verification(),
  };
  return r;
}

PatternRender scan(const PatternPlan& plan) {
  PatternRender r;
  r.templatePath = tmpl("cutedsl_scan.py.tmpl");
  const bool prod = plan.op == u"cumprod";
  r.vars = {{QStringLiteral("IDENTITY"), prod ? QStringLiteral("1.0") : QStringLiteral("0.0")},
            {QStringLiteral("LANE_STEP"), prod ? QStringLiteral("incl * y") : QStringLiteral("incl + y")},
            {QStringLiteral("APPLY_CARRY"), prod ? QStringLiteral("carry * incl") : QStringLiteral("carry + incl")},
            {QStringLiteral("NEXT_CARRY"), prod ? QStringLiteral("carry * cute.arch.shuffle_sync(incl, offset=31)")
                                                : QStringLiteral("carry + cute.arch.shuffle_sync(incl, offset=31)")},
            {QStringLiteral("DIM"), QString::number(plan.dimFirst)},
            {QStringLiteral("REVERSE"), pyBool(plan.reverse)},
            {QStringLiteral("EXCLUSIVE"), pyBool(plan.exclusive)},
            {QStringLiteral("MASKED"), pyBool(plan.masked)},
            {QStringLiteral("MASK_ARG"),
             plan.masked ? QStringLiteral("%1 if %1.is_contiguous() else %1.contiguous()").arg(plan.input2)
                         : QStringLiteral("x  # unused (MASKED is False)")}};
  const qint64 rows = plan.outer * plan.inner;
  r.tile = 32;
  r.config = {
      {QStringLiteral("tile"), QStringLiteral("one warp per row of R = %1, 32-element chunks").arg(plan.reduce)},
      {QStringLiteral("threads per CTA"), QStringLiteral("128 (4 warps = 4 rows)")},
      {QStringLiteral("grid"), QStringLiteral("cdiv(rows, 4) = %1 CTAs for the spec").arg(cdiv(rows, 4))},
      {QStringLiteral("data movement"),
       QStringLiteral("x read once and out written once%1")
           .arg(plan.inner == 1 ? QStringLiteral(", coalesced") : QStringLiteral(", strided rows"))},
      {QStringLiteral("scan"),
       QStringLiteral("Hillis-Steele across the lanes with shuffle_sync_up, carry from lane 31 (fp32)%1%2")
           .arg(plan.reverse ? QStringLiteral("; reverse: indices mirrored") : QString(),
                plan.exclusive ? QStringLiteral("; exclusive: inclusive minus x[k]") : QString())},
      dtypeItem(plan),
      compileItem(),
      verification(),
  };
  return r;
}

}  // namespace

bool cuteHasPatternTemplate(const PatternPlan& plan, QString* whyNot) {
  // every plan kind has a CuTe DSL template (cutedsl_*.py.tmpl); its exclusive scan subtracts x[k] from the inclusive
  // result, right for a sum only (the Triton template loads x shifted by one instead)
  if (plan.kind == PatternPlan::Kind::Scan && plan.exclusive && plan.op != u"cumsum") {
    if (whyNot)
      *whyNot = QStringLiteral(
                    "an exclusive %1 has no CuTe DSL scan (its exclusive mode subtracts x[k], right for "
                    "cumsum only): --framework triton renders it")
                    .arg(plan.op);
    return false;
  }
  return true;
}

GeneratedKernel cutePatternKernel(const PatternPlan& plan, const nlohmann::json& spec,
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
  r.vars.insert(QStringLiteral("CUTE_API_VERSION"), QLatin1String(CuteDslBackend::kApiVersion));
  return renderPatternKernel(r, plan, spec, backend);
}

}  // namespace kwb
