#include "core/codegen/cutedslbackend.h"

#include "core/codegen/anchor.h"
#include "core/codegen/chain.h"
#include "core/codegen/cutechain.h"
#include "core/codegen/cutedialect.h"
#include "core/codegen/dtyperule.h"
#include "core/codegen/kernelparts.h"
#include "core/codegen/opgraph.h"
#include "core/codegen/patternkernels.h"
#include "core/codegen/patternplan.h"
#include "core/codegen/pointwise.h"
#include "core/codegen/sizedispatch.h"
#include "core/codegen/skeleton.h"
#include "core/codegen/template.h"

#include <algorithm>

namespace kwb {

namespace {

SkeletonStyle cuteSkeleton(const FrameworkBackend& b) {
  return {b.label(),
          QStringLiteral("import cutlass\nimport cutlass.cute as cute\nfrom cutlass.cute.runtime import from_dlpack"),
          {QStringLiteral("@cute.kernel device function; @cute.jit host function that tiles the tensors and "
                          "launches kernel(...).launch(grid=..., block=...)"),
           QStringLiteral("reductions/softmax/norms: one CTA per row, fp32 accumulation, warp then CTA reduce "
                          "(official cute/hopper/kernel/cta_norm)"),
           QStringLiteral("GEMM on Hopper: official cute/hopper/kernel/dense_gemm (TMA + WGMMA pipeline)"),
           QStringLiteral("ModelNew.forward: from_dlpack the torch tensors, cute.compile once per (shape, dtype), "
                          "set self.last_grid_blocks"),
           QStringLiteral("check every cute.* name with resources/python/cute_check.py against cute_api.json")},
          b.runtimeRequirement()};
}

int dtypeBits(const QString& d) { return d == u"float32" ? 32 : d == u"bool" ? 8 : 16; }

/// Whether cutedsl_elementwise.py.tmpl renders the pointwise graph @p spec (same-shape forward() inputs and
/// one-element tensors, float tensors, an op set the dialect lowers); else false with *whyNot, and *layout true when
/// the one refusal is an input's layout (a broadcast or a view), which the stage set's kwb_pointwise reads by stride.
bool elementwiseFits(const nlohmann::json& spec, QString* whyNot, bool* layout) {
  *layout = false;
  const auto prog = parsePointwiseProgram(spec, whyNot);
  if (!prog) return false;
  // the user's words for an input: a view's own expression and line (x.permute(0, 2, 1), line 16), a forward()
  // input's name and shape; never the program's node ids (t0: new-user trial 12, #14)
  auto shapeOf = [](const QList<qint64>& s) -> QString {
    QStringList d;
    for (qint64 v : s) d << QString::number(v);
    return QStringLiteral("[%1]").arg(d.join(QStringLiteral(", ")));
  };
  for (const PwInput* in : prog->tensorInputs())
    if (in->broadcast || !in->viewExpr.isEmpty()) {
      if (whyNot) {
        QString what;
        if (!in->viewExpr.isEmpty()) {
          what = pwInputWords(*in, spec);
          what += in->broadcast ? QStringLiteral(" broadcasts to the output and is a view")
                                : QStringLiteral(" is a view, not a forward() input as given");
        } else {
          what = QStringLiteral("forward() input %1 of shape %2 broadcasts to the output's %3")
                     .arg(in->name, shapeOf(in->shape), shapeOf(prog->outShape));
        }
        *whyNot = what + QStringLiteral(
                             "; the CuTe DSL template reads same-shape forward() inputs and one-element "
                             "tensors (--framework triton handles broadcasts and views)");
      }
      *layout = true;
      return false;
    }
  for (const PwInput* in : prog->tensorInputs())
    if (in->dtype == u"bool") {
      if (whyNot)
        *whyNot = QStringLiteral("input %1 is a bool tensor; the CuTe DSL template copies float tensors only")
                      .arg(pwInputWords(*in, spec));
      return false;
    }
  if (prog->outDtype == u"bool") {
    if (whyNot)
      *whyNot = QStringLiteral("the output is a bool tensor; the CuTe DSL template stores float tensors only");
    return false;
  }
  const CuteDialect d;
  QString result;
  return lowerPointwise(
             *prog, d,
             [](const PwInput& in) {
               return PwVal{PwVal::Kind::Tensor, in.name, false, 0.0};
             },
             QString(), &result, whyNot)
      .has_value();
}

/// Whether the pointwise graph @p spec goes to the stage set's kwb_pointwise for its dtypes: a forward() tensor input
/// that is an integer (loaded as Int64, session 38: integer arithmetic), or a bool where the output is not a bool
/// (loaded as 0 / 1; session 39: `x.masked_fill(mask, 0)` with a bool mask was a skeleton). The elementwise template
/// reads float tensors only. A bool output of bool and float inputs stays refused: the chain planner stores that
/// result as fp32 (its Triton graphs take the elementwise template, which stores bool).
bool integerInput(const nlohmann::json& spec) {
  static const QStringList ints = {QStringLiteral("int64"), QStringLiteral("int32"), QStringLiteral("int16"),
                                   QStringLiteral("int8"), QStringLiteral("uint8")};
  const auto dtypeOf = [](const nlohmann::json& t) {
    return normaliseDtype(QString::fromStdString(t.value("dtype", std::string())));
  };
  bool boolIn = false, boolOut = false;
  for (const auto& in : spec.value("inputs", nlohmann::json::array())) {
    if (!in.is_object() || in.value("kind", std::string()) == "scalar") continue;
    if (ints.contains(dtypeOf(in))) return true;
    boolIn = boolIn || dtypeOf(in) == u"bool";
  }
  for (const auto& out : spec.value("outputs", nlohmann::json::array()))
    boolOut = boolOut || (out.is_object() && dtypeOf(out) == u"bool");
  return boolIn && !boolOut;
}

}  // namespace

QStringList CuteDslBackend::conformanceMarkers() const {
  return {QStringLiteral("import cutlass"), QStringLiteral("import cutlass.cute as cute"),
          QStringLiteral("@cute.kernel"), QStringLiteral("@cute.jit")};
}

QString CuteDslBackend::runtimeRequirement() const {
  return QStringLiteral(
      "nvidia-cutlass-dsl 4.7 (import cutlass) with PyTorch on an NVIDIA GPU, SM80 or newer "
      "(Hopper: set CUTE_DSL_ARCH=sm_90a when compiling off the GPU)");
}

bool CuteDslBackend::supports(const nlohmann::json& spec, QString* whyNot) const {
  if (const QString bad = specOpsProblem(spec); !bad.isEmpty()) {  // not a spec to generate from
    if (whyNot) *whyNot = bad;
    return false;
  }
  if (const QString f64 = float64RefusalFor(spec, label()); !f64.isEmpty()) {
    if (whyNot) *whyNot = f64;
    return false;
  }
  if (const QString branch = traceBranchReason(spec); !branch.isEmpty()) {
    if (whyNot) *whyNot = branch;
    return false;
  }
  // an input written in place: only the chain planner writes its final value back (kwb_copy_into), as Triton's
  // (session 39; the elementwise template and the patterns return new tensors)
  if (const QString writes = inputWriteReason(spec); !writes.isEmpty()) {
    QString chainWhy;
    if (cuteChainPlan(spec, &chainWhy, true)) return true;
    if (whyNot) *whyNot = chainWhy.isEmpty() ? writes : chainWhy;
    return false;
  }
  if (!hasPointwiseGraph(spec)) {
    QString why;
    const AnchorMatch m = matchAnchor(spec);
    std::optional<PatternPlan> plan;
    if (m.anchor) {
      why = anchorSkeletonReason(m, id());
    } else {
      plan = planPattern(spec, &why);
      if (plan && cuteHasPatternTemplate(*plan, &why)) return true;
    }
    // a graph no anchor or pattern plans, or an anchor with no CuTe DSL template (pooling): the chain planner's
    // launches over the stage set; a planned anchor keeps its own reason when the chain declines too
    if (!plan) {  // allPointwise: a tuple from forward() has no pointwise_graph (probe23 a10), as Triton's
      QString chainWhy;
      if (cuteChainPlan(spec, &chainWhy, true)) return true;
      if (!chainWhy.isEmpty() && !m.plan) why = chainWhy;
    }
    if (whyNot) *whyNot = why;
    return false;
  }
  // a pointwise graph: the elementwise template, or the stage set's kwb_pointwise for broadcasts and views (the
  // chain planner's plan of it, read by stride: session 31) and integer inputs (loaded as Int64: session 38)
  bool layout = false;
  if (elementwiseFits(spec, whyNot, &layout)) return true;
  // a graph the template does not parse because it reads a model parameter (x * self.weight): the chain's
  // pointwise launch reads parameters like any other tensor, as Triton's does (new-user trial 27)
  if (!layout && !parsePointwiseProgram(spec, nullptr)) layout = true;
  return (layout || integerInput(spec)) && cuteChainPlan(spec, nullptr, true);
}

GeneratedKernel CuteDslBackend::generate(const nlohmann::json& spec) const {
  if (const QString bad = specOpsProblem(spec); !bad.isEmpty()) {  // malformed: no kernel, not even a skeleton
    GeneratedKernel refused;
    refused.error = bad;
    return refused;
  }
  // a forward() that branches on sizes: a plan per outcome, dispatched in ModelNew.forward (sizedispatch.h)
  if (hasSizeDispatch(spec))
    return generateSizeDispatched(spec, [this](const nlohmann::json& s) { return generate(s); });
  QString why;
  if (!inputWriteReason(spec).isEmpty()) {  // an input written in place: only the chain writes it back
    if (!supports(spec, &why)) return makeSkeleton(spec, cuteSkeleton(*this), why);
    if (const auto chain = cuteChainPlan(spec, &why, true)) return cuteChainKernel(*chain, spec, *this);
    return makeSkeleton(spec, cuteSkeleton(*this), why);
  }
  if (!hasPointwiseGraph(spec)) {
    if (!supports(spec, &why)) return makeSkeleton(spec, cuteSkeleton(*this), why);
    const auto plan = matchAnchor(spec).anchor ? std::nullopt : planPattern(spec, &why);
    if (plan && cuteHasPatternTemplate(*plan, &why)) return cutePatternKernel(*plan, spec, *this);
    if (const auto chain = cuteChainPlan(spec, &why, true)) return cuteChainKernel(*chain, spec, *this);
    return makeSkeleton(spec, cuteSkeleton(*this), why);
  }
  if (!supports(spec, &why)) return makeSkeleton(spec, cuteSkeleton(*this), why);
  // broadcasts, views or integer inputs: supports() planned it
  if (bool layout = false; !elementwiseFits(spec, &why, &layout)) {
    if (const auto chain = cuteChainPlan(spec, nullptr, true)) return cuteChainKernel(*chain, spec, *this);
    return makeSkeleton(spec, cuteSkeleton(*this), why);
  }
  const auto prog = parsePointwiseProgram(spec, &why);

  const QString ind = QStringLiteral("    ");
  QStringList kTensorParams, kScalarParams, kPartition, kLoads, hTensorParams, hScalarParams, hTiling, callArgs, views,
      sizes, scalarArgs, prep;
  int widest = dtypeBits(prog->outDtype);
  for (const PwInput& in : prog->inputs) {
    if (!in.usedByGraph) continue;
    if (!in.isTensor) {
      kScalarParams << ind + QStringLiteral("s_%1: cutlass.Float32,").arg(in.name);
      hScalarParams << ind + QStringLiteral("s_%1: cutlass.Float32,").arg(in.name);
      scalarArgs << QStringLiteral("float(%1)").arg(in.name);
      continue;
    }
    widest = std::max(widest, dtypeBits(in.dtype));
    const QString& n = in.name;
    kTensorParams << ind + QStringLiteral("g_%1: cute.Tensor,").arg(n);
    hTensorParams << ind + QStringLiteral("m_%1: cute.Tensor,").arg(n);
    callArgs << QStringLiteral("g_%1").arg(n);
    sizes << n + QStringLiteral(".element_size()");
    kPartition
        << ind + QStringLiteral("blk_%1 = g_%1[blk_coord]").arg(n)
        << ind + QStringLiteral("atom_%1 = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), g_%1.element_type)").arg(n)
        << ind + QStringLiteral(
                     "thr_%1 = cute.make_tiled_copy_tv(atom_%1, thr_layout, "
                     "val_layout).get_slice(tidx).partition_S(blk_%1)")
                     .arg(n)
        << ind + QStringLiteral("frg_%1 = cute.make_rmem_tensor_like(thr_%1)").arg(n);
    kLoads << ind + QStringLiteral("cute.copy(atom_%1, thr_%1, frg_%1, pred=frg_pred)").arg(n)
           << ind + QStringLiteral("in_%1 = frg_%1.load().to(cutlass.Float32)").arg(n);
    if (in.scalarLike) {
      // one element broadcast with a stride-0 layout over the output's shape
      hTiling << ind + QStringLiteral(
                           "b_%1 = cute.make_tensor(m_%1.iterator, cute.make_layout(m_out.shape, stride=(0, 0)))")
                           .arg(n)
              << ind + QStringLiteral("g_%1 = cute.zipped_divide(b_%1, tiler_mn)").arg(n);
      views << QStringLiteral("            %1.reshape(1, 1),").arg(n);
      prep << QStringLiteral("        if %1.numel() != 1:").arg(n)
           << QStringLiteral("            raise ValueError(f\"%1 must have one element, got shape {tuple(%1.shape)}\")")
                  .arg(n);
    } else {
      hTiling << ind + QStringLiteral("g_%1 = cute.zipped_divide(m_%1, tiler_mn)").arg(n);
      views << QStringLiteral("            %1.view(1, -1),").arg(n);
      if (n != prog->primary)
        prep << QStringLiteral("        if %1.shape != %2.shape:").arg(n, prog->primary)
             << QStringLiteral(
                    "            raise ValueError(f\"%1 has shape {tuple(%1.shape)}, expected {tuple(%2.shape)}\")")
                    .arg(n, prog->primary);
      prep << QStringLiteral("        %1 = %1 if %1.is_contiguous() else %1.contiguous()  # one extra copy if strided")
                  .arg(n);
    }
  }
  views << QStringLiteral("            out.view(1, -1),");
  sizes << QStringLiteral("out.element_size()");
  callArgs << QStringLiteral("g_out") << QStringLiteral("c_out") << QStringLiteral("m_out.shape")
           << QStringLiteral("thr_layout") << QStringLiteral("val_layout");
  for (const PwInput* in : prog->scalarInputs()) callArgs << QStringLiteral("s_") + in->name;

  const CuteDialect d;
  QString result;
  const auto body = lowerPointwise(
      *prog, d,
      [](const PwInput& in) {
        PwVal v;
        v.kind = in.isTensor ? PwVal::Kind::Tensor : PwVal::Kind::Scalar;
        v.expr = (in.isTensor ? QStringLiteral("in_") : QStringLiteral("s_")) + in.name;
        return v;
      },
      ind, &result, &why);
  if (!body) return makeSkeleton(spec, cuteSkeleton(*this), why);

  GeneratedKernel k;
  const int vec = kCopyBits / widest;
  k.tile = kThreadsPerCta * vec;
  k.baselineConfig = {
      {QStringLiteral("tile"),
       QStringLiteral("%1 elements per CTA = %2 threads x %3 values (vector_size = 128 bits / %4-bit "
                      "widest dtype); the flattened tensors viewed as (1, numel)")
           .arg(k.tile)
           .arg(kThreadsPerCta)
           .arg(vec)
           .arg(widest)},
      {QStringLiteral("threads per CTA"),
       QStringLiteral("%1 (thr_layout (1, %1), val_layout (1, vector_size), make_layout_tv)").arg(kThreadsPerCta)},
      {QStringLiteral("grid"),
       QStringLiteral(
           "cute.size(zipped_divide(out, tiler), mode=[1]) = cdiv(numel, %1); %2 CTAs for the spec's %3 elements")
           .arg(k.tile)
           .arg((prog->numel + k.tile - 1) / k.tile)
           .arg(prog->numel)},
      {QStringLiteral("data movement"),
       QStringLiteral("tiled copies gmem -> rmem -> gmem with CopyUniversalOp (128-bit when 16-byte "
                      "aligned), predicated by elem_less(identity coordinate, shape); "
                      "one-element inputs read through a stride-0 layout")},
      {QStringLiteral("dtype handling"),
       QStringLiteral("fragments loaded and converted to cutlass.Float32, math in fp32 (cute.math.*), "
                      "converted to the output element type before the store (%1%2)")
           .arg(prog->outDtype, outDtypeNote(*prog))},
      {QStringLiteral("compilation"),
       QStringLiteral(
           "cute.compile once per (numel, dtypes, alignment), cached in ModelNew; static layouts via from_dlpack")},
      {QStringLiteral("launch plumbing"),
       QStringLiteral("non-contiguous inputs are made contiguous first (one extra copy); output from "
                      "torch.empty; tensors viewed as (1, numel); scalars passed as Float32 arguments")},
      {QStringLiteral("verification"),
       QStringLiteral("static only: names and call signatures checked against cute_api.json (%1); not run")
           .arg(QLatin1String(kApiVersion))},
  };
  if (prog->outAliasesInput)
    k.baselineConfig.append(
        {QStringLiteral("aliasing"), QStringLiteral("the reference writes in place; ModelNew returns a new tensor")});

  const ModelNewParts parts = modelNewParts(spec);
  const QString base = kernelBaseName(spec);
  QString err;
  const QString text = readResourceText(QStringLiteral(":/kwb/templates/kernels/cutedsl_elementwise.py.tmpl"), &err);
  if (text.isEmpty()) {
    k.error = err;
    return k;
  }
  const QString outDtype = prog->outDtypeExpr;
  const QMap<QString, QString> vars = {
      {QStringLiteral("PROBLEM"), problemName(spec)},
      {QStringLiteral("SPEC_SHA"), specShaSuffix(spec)},
      {QStringLiteral("GRAPH_SUMMARY"), graphSummaryComment(spec)},
      {QStringLiteral("POLICY_NOTE"), policyNote()},
      {QStringLiteral("CUTE_API_VERSION"), QLatin1String(kApiVersion)},
      {QStringLiteral("CONFIG_SUMMARY"), configComment(k.baselineConfig)},
      {QStringLiteral("THREADS_PER_CTA"), QString::number(kThreadsPerCta)},
      {QStringLiteral("KERNEL_NAME"), base + QStringLiteral("_kernel")},
      {QStringLiteral("HOST_NAME"), base + QStringLiteral("_host")},
      {QStringLiteral("KERNEL_TENSOR_PARAMS"), kTensorParams.join(u'\n')},
      {QStringLiteral("KERNEL_SCALAR_PARAMS"), kScalarParams.join(u'\n')},
      {QStringLiteral("KERNEL_PARTITION"), kPartition.join(u'\n')},
      {QStringLiteral("KERNEL_LOADS"), kLoads.join(u'\n')},
      {QStringLiteral("KERNEL_BODY"), body->join(u'\n')},
      {QStringLiteral("RESULT"), result},
      {QStringLiteral("HOST_TENSOR_PARAMS"), hTensorParams.join(u'\n')},
      {QStringLiteral("HOST_SCALAR_PARAMS"), hScalarParams.join(u'\n')},
      {QStringLiteral("HOST_TILING"), hTiling.join(u'\n')},
      {QStringLiteral("KERNEL_CALL_ARGS"), callArgs.join(QStringLiteral(", "))},
      {QStringLiteral("INIT_PARAMS"), parts.initParams},
      {QStringLiteral("INIT_STORE"), parts.initStore},
      {QStringLiteral("FORWARD_PARAMS"), parts.forwardParams},
      {QStringLiteral("FORWARD_PREP"), prep.join(u'\n')},
      {QStringLiteral("PRIMARY"), prog->primary},
      {QStringLiteral("OUT_DTYPE"), outDtype},
      {QStringLiteral("ELEMENT_SIZES"), sizes.join(QStringLiteral(", "))},
      {QStringLiteral("VIEWS"), views.join(u'\n')},
      {QStringLiteral("SCALAR_ARGS"), scalarArgs.isEmpty() ? QString() : scalarArgs.join(QStringLiteral(", ")) + u','},
  };
  k.source = renderTemplate(text, vars, &err);
  if (k.source.isEmpty()) {
    k.error = err;
    return k;
  }
  k.ok = true;
  k.implemented = true;
  return k;
}

}  // namespace kwb
