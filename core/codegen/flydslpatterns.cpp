// FlyDSL kernels for the row patterns: reductions (flydsl_reduce.py.tmpl) and softmax / norms
// (flydsl_rownorm.py.tmpl), one 256-thread block per row with a wave-64 butterfly (fx.gpu.shuffle_xor), per-wave
// partials in LDS (fx.struct / fx.SharedAllocator), fp32 accumulation, written with the stable names of
// flydsl_api.json. Checked statically (cute_check.py with the flydsl table), never run here.
#include "core/codegen/flydslbackend.h"
#include "core/codegen/patternkernels.h"

#include "core/codegen/pointwise.h"

namespace kwb {

namespace {

QString tmpl(const char* name) { return QStringLiteral(":/kwb/templates/kernels/") + QLatin1String(name); }

qint64 cdiv(qint64 a, qint64 b) { return b > 0 ? (a + b - 1) / b : 0; }

QString pyBool(bool b) { return b ? QStringLiteral("True") : QStringLiteral("False"); }

/// Each line of @p code indented by @p n spaces.
QString indented(const QStringList& code, int n) {
  QStringList out;
  for (const QString& line : code) out << QString(n, u' ') + line;
  return out.join(u'\n');
}

QPair<QString, QString> verification() {
  return {QStringLiteral("verification"),
          QStringLiteral("static only: names and call signatures checked against flydsl_api.json (%1) and the "
                         "conformance gate; never run (no AMD GPU or FlyDSL install here)")
              .arg(QLatin1String(FlyDslBackend::kApiVersion))};
}

QPair<QString, QString> dtypeItem(const PatternPlan& plan) {
  return {QStringLiteral("dtype handling"),
          QStringLiteral("elements converted to fx.Float32 on load, fp32 accumulation, converted to the output "
                         "pointer's element type on store (%1)")
              .arg(plan.outDtype.isEmpty() ? plan.dtype : plan.outDtype)};
}

QPair<QString, QString> plumbingItem() {
  return {QStringLiteral("launch plumbing"),
          QStringLiteral("strided inputs made contiguous first (one extra copy); raw pointers from "
                         "flyc.from_c_void_p(dtype, data_ptr()); sizes as fx.Int32 run-time arguments (one @flyc.jit "
                         "compile per dtype serves every shape); int32 indices, inputs of 2**31 elements or more "
                         "refused; launched on the current stream")};
}

QPair<QString, QString> blockItem() {
  return {QStringLiteral("threads per CTA"),
          QStringLiteral("256 per block (4 wavefronts of 64 lanes); per-wave partials in LDS (4 fp32 slots per "
                         "statistic)")};
}

PatternRender reduction(const PatternPlan& plan) {
  PatternRender r;
  r.templatePath = tmpl("flydsl_reduce.py.tmpl");
  const bool arg = plan.op.startsWith(QStringLiteral("arg"));
  const bool isMax = plan.op == u"max" || plan.op == u"argmax";
  QString init = QStringLiteral("0.0"), result = QStringLiteral("acc");
  QStringList combine, merge;  // one element into (acc, best); a partial (o_acc, o_best) into it
  if (arg) {
    init = isMax ? QStringLiteral("float('-inf')") : QStringLiteral("float('inf')");
    const QString cmp = isMax ? QStringLiteral(">") : QStringLiteral("<");
    combine << QStringLiteral("take = v %1 acc  # strict: a thread keeps its first extreme").arg(cmp)
            << QStringLiteral("acc = take.select(v, acc)") << QStringLiteral("best = take.select(kk, best)");
    merge << QStringLiteral("take = o_acc %1 acc or (o_acc == acc and o_best < best)  # first index among equals")
                 .arg(cmp)
          << QStringLiteral("acc = take.select(o_acc, acc)") << QStringLiteral("best = take.select(o_best, best)");
    result = QStringLiteral("best");
  } else if (plan.op == u"max" || plan.op == u"min") {
    init = isMax ? QStringLiteral("float('-inf')") : QStringLiteral("float('inf')");
    const QString f = isMax ? QStringLiteral("fx.max") : QStringLiteral("fx.min");  // NaN-propagating, as torch
    combine << QStringLiteral("acc = %1(acc, v)").arg(f);
    merge << QStringLiteral("acc = %1(acc, o_acc)").arg(f);
  } else {
    combine << QStringLiteral("acc = acc + v");
    merge << QStringLiteral("acc = acc + o_acc");
    if (plan.op == u"mean") result = QStringLiteral("acc / fx.Float32(r)");
  }
  r.vars = {{QStringLiteral("INIT"), init},
            {QStringLiteral("COMBINE"), indented(combine, 8)},
            {QStringLiteral("COLS_COMBINE"), indented(combine, 12)},
            {QStringLiteral("LANE_COMBINE"), indented(merge, 8)},
            {QStringLiteral("BLOCK_COMBINE"), indented(merge, 12)},
            {QStringLiteral("RESULT"), result},
            {QStringLiteral("ARG"), pyBool(arg)},
            {QStringLiteral("DIM_FIRST"), QString::number(plan.dimFirst)},
            {QStringLiteral("DIM_LAST"), QString::number(plan.dimLast)},
            {QStringLiteral("KEEPDIM"), pyBool(plan.keepdim)}};
  const bool rows = plan.inner == 1;
  r.tile = 256;
  r.config = {
      {QStringLiteral("tile"),
       rows ? QStringLiteral("one 256-thread block per output row of R = %1 contiguous elements, threads stride the "
                             "row (guarded tail)")
                  .arg(plan.reduce)
            : QStringLiteral("one thread per output (%1 outputs), a serial loop over R = %2 (stride inner = %3)")
                  .arg(plan.outer * plan.inner)
                  .arg(plan.reduce)
                  .arg(plan.inner)},
      rows ? blockItem() : qMakePair(QStringLiteral("threads per CTA"), QStringLiteral("256 (256 outputs)")),
      {QStringLiteral("grid"),
       QStringLiteral("%1 blocks for the spec").arg(rows ? plan.outer : cdiv(plan.outer * plan.inner, 256))},
      {QStringLiteral("data movement"),
       rows ? QStringLiteral("rows read once, coalesced across the threads; wave butterfly (fx.gpu.shuffle_xor, "
                             "offsets 32..1), 4 per-wave partials through LDS, one barrier, thread 0 merges them in "
                             "wave order (deterministic) and stores")
            : QStringLiteral("each input read once; consecutive threads read consecutive inner elements (coalesced)")},
      dtypeItem(plan),
      plumbingItem(),
      verification(),
  };
  return r;
}

PatternRender rowNorm(const PatternPlan& plan) {
  PatternRender r;
  r.templatePath = tmpl("flydsl_rownorm.py.tmpl");
  const bool softmax = plan.op == u"softmax" || plan.op == u"log_softmax";
  QStringList stats, merge, rowStats;
  QString apply = QStringLiteral("(v - shift) * scale");
  if (softmax) {
    r.vars.insert(QStringLiteral("A_INIT"), QStringLiteral("NEG_BIG"));
    stats << QStringLiteral("m_new = fx.max(a, v)  # online softmax: running max, rescaled sum")
          << QStringLiteral("b = b * fx.math.exp(a - m_new) + fx.math.exp(v - m_new)") << QStringLiteral("a = m_new");
    merge << QStringLiteral("m_new = fx.max(a, o_a)")
          << QStringLiteral("b = b * fx.math.exp(a - m_new) + o_b * fx.math.exp(o_a - m_new)")
          << QStringLiteral("a = m_new");
    if (plan.op == u"softmax") {
      rowStats << QStringLiteral("shift = a") << QStringLiteral("scale = 1.0 / b");
      apply = QStringLiteral("fx.math.exp(v - shift) * scale");
    } else {
      rowStats << QStringLiteral("shift = a + fx.math.log(b)") << QStringLiteral("scale = fx.Float32(1.0)");
    }
  } else {
    const bool l1 = plan.op.startsWith(QStringLiteral("l1"));
    r.vars.insert(QStringLiteral("A_INIT"), QStringLiteral("0.0"));
    // L1 needs only the sum of |x| (a sum of squares it never reads can overflow to inf for |x| >= 1e19)
    if (l1)
      stats << QStringLiteral("a = a + fx.math.absf(v)");
    else
      stats << QStringLiteral("a = a + v") << QStringLiteral("b = b + v * v");
    merge << QStringLiteral("a = a + o_a") << QStringLiteral("b = b + o_b");
    if (plan.op == u"layer_norm" || plan.op == u"group_norm" || plan.op == u"instance_norm")
      rowStats << QStringLiteral("mean = a / fx.Float32(r)")
               << QStringLiteral("var = fx.max(b / fx.Float32(r) - mean * mean, fx.Float32(0.0))  # biased")
               << QStringLiteral("shift = mean") << QStringLiteral("scale = fx.math.rsqrt(var + eps)");
    else if (plan.op == u"rms_norm")
      rowStats << QStringLiteral("shift = fx.Float32(0.0)")
               << QStringLiteral("scale = fx.math.rsqrt(b / fx.Float32(r) + eps)");
    else if (plan.op == u"l2_norm" || plan.op == u"frobenius_norm")
      rowStats << QStringLiteral("shift = fx.Float32(0.0)") << QStringLiteral("scale = fx.math.rsqrt(b)");
    else if (plan.op == u"l1_norm")
      rowStats << QStringLiteral("shift = fx.Float32(0.0)")
               << QStringLiteral("scale = fx.Float32(r) / a  # x / mean(|x|)");
    else
      rowStats << QStringLiteral("shift = fx.Float32(0.0)") << QStringLiteral("scale = 1.0 / a  # x / sum(|x|)");
  }
  r.vars.insert(QStringLiteral("STATS_COMBINE"), indented(stats, 8));
  r.vars.insert(QStringLiteral("LANE_COMBINE"), indented(merge, 8));
  r.vars.insert(QStringLiteral("ROW_STATS"), indented(rowStats, 4));
  r.vars.insert(QStringLiteral("APPLY"), apply);
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
  r.tile = 256;
  r.config = {
      {QStringLiteral("tile"),
       QStringLiteral("one 256-thread block per row of R = %1 elements (%2 rows in the spec), threads stride the row "
                      "(guarded tail)")
           .arg(plan.reduce)
           .arg(rows)},
      blockItem(),
      {QStringLiteral("grid"), QStringLiteral("rows = %1 blocks for the spec").arg(rows)},
      {QStringLiteral("data movement"),
       QStringLiteral("x read twice (statistics, apply), out written once; %1; wave butterfly (fx.gpu.shuffle_xor), "
                      "per-wave partials through LDS, one barrier, every thread merges them in wave order")
           .arg(plan.inner == 1 ? QStringLiteral("coalesced rows")
                                : QStringLiteral("rows strided by inner (uncoalesced)"))},
      {QStringLiteral("statistics"),
       softmax ? QStringLiteral("online max and rescaled sum of exp per thread (fp32), merged by shuffles and LDS")
       : plan.op.startsWith(QStringLiteral("l1"))
           ? QStringLiteral("fp32 sum of |x| per thread, merged by shuffles and LDS")
           : QStringLiteral("fp32 sum and sum of squares per thread, merged by shuffles and LDS%1")
                 .arg(plan.op == u"l2_norm" || plan.op == u"frobenius_norm"
                          ? QString()
                          : QStringLiteral("; eps = ") + pyFloat(plan.eps))},
      dtypeItem(plan),
      plumbingItem(),
      verification(),
  };
  return r;
}

}  // namespace

bool flyHasPatternTemplate(const PatternPlan& plan, QString* whyNot) {
  if (plan.kind == PatternPlan::Kind::Reduction || plan.kind == PatternPlan::Kind::RowNorm) return true;
  if (whyNot)
    *whyNot = QStringLiteral("no FlyDSL template for pattern %1 (%2)").arg(patternKindName(plan.kind), plan.op);
  return false;
}

GeneratedKernel flyPatternKernel(const PatternPlan& plan, const nlohmann::json& spec, const FrameworkBackend& backend) {
  PatternRender r = plan.kind == PatternPlan::Kind::Reduction ? reduction(plan) : rowNorm(plan);
  r.vars.insert(QStringLiteral("FLY_API_VERSION"), QLatin1String(FlyDslBackend::kApiVersion));
  return renderPatternKernel(r, plan, spec, backend);
}

}  // namespace kwb
