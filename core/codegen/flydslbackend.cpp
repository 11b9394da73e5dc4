#include "core/codegen/flydslbackend.h"

#include "core/codegen/anchor.h"
#include "core/codegen/chain.h"
#include "core/codegen/dtyperule.h"
#include "core/codegen/flydsldialect.h"
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

/// What FlyDSL renders, appended to every skeleton reason so that it says what would have been a kernel.
QString rendered() {
  return QStringLiteral(
      "FlyDSL renders elementwise chains (the pointwise lowering, broadcasts included), row reductions "
      "(sum/mean/max/min/argmax/argmin along dims) and row norms (softmax/log_softmax, layer/group/instance/RMS/L1/L2 "
      "norm); everything else is a skeleton to write by hand (`kwb check kernel.py` checks its flydsl names and "
      "calls against flydsl_api.json, statically), or --framework triton");
}

QString withClasses(const QString& why) {
  return (why.isEmpty() ? QStringLiteral("no FlyDSL template for this problem") : why) + QStringLiteral("; ") +
         rendered();
}

SkeletonStyle flySkeleton(const FrameworkBackend& b) {
  // Structure from the FlyDSL sources at commit 11c4174d (../shared/docs/FLYDSL.md).
  return {b.label(),
          QStringLiteral("import flydsl.compiler as flyc\nimport flydsl.expr as fx"),
          {QStringLiteral("@flyc.kernel device function with typed parameters (fx.Tensor, fx.Pointer, fx.Int32, "
                          "fx.Constexpr[...])"),
           QStringLiteral("@flyc.jit host function calling kernel(...).launch(grid=..., block=..., stream=...)"),
           QStringLiteral("ids from fx.thread_idx.x / fx.block_idx.x; guard every scalar access (if idx < n:) or use "
                          "tiled copies with fx.elem_less predicates"),
           QStringLiteral("elementwise: tests/unit/test_pointer_argument_vec_add.py (256 threads, guarded) or "
                          "examples/01-vectorAdd.py (128-bit copies, full predication)"),
           QStringLiteral("wave size 64 (fx.gpu.shuffle_xor(x, offset, 64) for reductions); fp32 accumulation"),
           QStringLiteral("ModelNew.forward: pass torch tensors (dynamic layouts) or flyc.from_c_void_p pointers, set "
                          "self.last_grid_blocks")},
          b.runtimeRequirement()};
}

/// The pointwise program when the FlyDSL elementwise template takes it, else nullopt with *whyNot.
std::optional<PointwiseProgram> flyProgram(const nlohmann::json& spec, QString* whyNot) {
  auto prog = parsePointwiseProgram(spec, whyNot);
  if (!prog) return std::nullopt;
  for (const PwInput* in : prog->tensorInputs())
    if (in->dtype == u"bool") {
      if (whyNot)
        *whyNot = QStringLiteral("input %1 is a bool tensor; the FlyDSL elementwise template reads float tensors only")
                      .arg(in->name);
      return std::nullopt;
    }
  if (prog->outDtype == u"bool") {
    if (whyNot)
      *whyNot =
          QStringLiteral("the output is a bool tensor; the FlyDSL elementwise template stores float tensors only");
    return std::nullopt;
  }
  return prog;
}

PwVal inputValue(const PwInput& in) {
  PwVal v;
  v.kind = in.isTensor && !in.scalarLike ? PwVal::Kind::Tensor : PwVal::Kind::Scalar;
  v.expr = (in.isTensor ? QStringLiteral("in_") : QStringLiteral("s_")) + in.name;
  return v;
}

}  // namespace

QStringList FlyDslBackend::conformanceMarkers() const {
  return {QStringLiteral("import flydsl.compiler as flyc"), QStringLiteral("import flydsl.expr as fx"),
          QStringLiteral("@flyc.kernel"), QStringLiteral("@flyc.jit")};
}

QString FlyDslBackend::runtimeRequirement() const {
  return QStringLiteral(
      "flydsl 0.3+ (import flydsl) with a ROCm 6.x/7.x build of PyTorch on an AMD CDNA3 (gfx942) "
      "or CDNA4 (gfx950) GPU");
}

bool FlyDslBackend::supports(const nlohmann::json& spec, QString* whyNot) const {
  if (const QString bad = specOpsProblem(spec); !bad.isEmpty()) {  // not a spec to generate from
    if (whyNot) *whyNot = bad;
    return false;
  }
  if (const QString f64 = float64RefusalFor(spec, label()); !f64.isEmpty()) {
    if (whyNot) *whyNot = withClasses(f64);
    return false;
  }
  if (const QString trace = traceSkeletonReason(spec); !trace.isEmpty()) {
    if (whyNot) *whyNot = withClasses(trace);
    return false;
  }
  QString why;
  if (!hasPointwiseGraph(spec)) {
    const AnchorMatch m = matchAnchor(spec);
    if (m.anchor) {
      why = anchorSkeletonReason(m, id());
    } else if (const auto plan = planPattern(spec, &why)) {
      if (flyHasPatternTemplate(*plan, &why)) return true;
    } else if (const QString chain = chainSkeletonReason(spec, label()); !chain.isEmpty()) {
      // the pattern planner's refusal ("GEMM followed by silu,mm,mul,mm: only a triu epilogue has a template") is
      // about its one-GEMM pattern, not FlyDSL; the spec is a chain, which FlyDSL does not render (trial 27 #7)
      why = chain;
    }
    if (whyNot) *whyNot = withClasses(why);
    return false;
  }
  const auto prog = flyProgram(spec, &why);
  if (prog) {
    QString result;
    if (lowerPointwise(*prog, FlyDslDialect(), inputValue, QString(), &result, &why)) return true;
  }
  if (whyNot) *whyNot = withClasses(why);
  return false;
}

GeneratedKernel FlyDslBackend::generate(const nlohmann::json& spec) const {
  if (const QString bad = specOpsProblem(spec); !bad.isEmpty()) {  // malformed: no kernel, not even a skeleton
    GeneratedKernel refused;
    refused.error = bad;
    return refused;
  }
  // a forward() that branches on sizes: a plan per outcome, dispatched in ModelNew.forward (sizedispatch.h)
  if (hasSizeDispatch(spec))
    return generateSizeDispatched(spec, [this](const nlohmann::json& s) { return generate(s); });
  QString why;
  if (!supports(spec, &why)) return makeSkeleton(spec, flySkeleton(*this), why);
  if (!hasPointwiseGraph(spec)) {
    const auto plan = planPattern(spec, &why);
    return flyPatternKernel(*plan, spec, *this);  // supports() checked the plan and its template
  }
  const auto prog = flyProgram(spec, &why);

  // kernel parameters (also the host's), launch arguments and forward() plumbing, in forward() order
  const QString ind(12, u' ');
  QStringList params, callArgs, loads, launch, prep;
  const int rank = static_cast<int>(prog->outShape.size());
  if (prog->anyBroadcast) {
    // the output index of each element, dim by dim, for the inputs read through broadcast strides
    loads << ind + QStringLiteral("rem = idx");
    for (int d = rank - 1; d > 0; --d)
      loads << ind + QStringLiteral("i%1 = rem % bd_%1").arg(d) << ind + QStringLiteral("rem = rem // bd_%1").arg(d);
    loads << ind + QStringLiteral("i0 = rem");
  }
  for (const PwInput& in : prog->inputs) {
    if (!in.usedByGraph) continue;
    if (!in.isTensor) {
      params << QStringLiteral("    s_%1: fx.Float32,").arg(in.name);
      callArgs << QStringLiteral("s_") + in.name;
      launch << QStringLiteral("            float(%1),").arg(in.name);
      continue;
    }
    const QString& n = in.name;
    params << QStringLiteral("    %1: fx.Pointer,").arg(n);
    callArgs << n;
    launch << QStringLiteral("            _ptr(%1),").arg(in.broadcast ? n + QStringLiteral("_b") : n);
    if (in.broadcast) {
      QStringList terms;
      for (int d = 0; d < rank; ++d) {
        params << QStringLiteral("    %1_s%2: fx.Int32,").arg(n).arg(d);
        callArgs << QStringLiteral("%1_s%2").arg(n).arg(d);
        launch << QStringLiteral("            %1_b.stride(%2),").arg(n).arg(d);
        terms << QStringLiteral("i%1 * %2_s%1").arg(d).arg(n);
      }
      loads << ind + QStringLiteral("in_%1 = %1[%2].to(fx.Float32)  # broadcast: expanded strides")
                         .arg(n, terms.join(QStringLiteral(" + ")));
    } else if (in.scalarLike) {
      loads << ind + QStringLiteral("in_%1 = %1[0].to(fx.Float32)  # one element, broadcast").arg(n);
    } else {
      loads << ind + QStringLiteral("in_%1 = %1[idx].to(fx.Float32)").arg(n);
    }
  }
  if (prog->anyBroadcast)
    for (int d = 1; d < rank; ++d) {
      params << QStringLiteral("    bd_%1: fx.Int32,").arg(d);
      callArgs << QStringLiteral("bd_%1").arg(d);
      launch << QStringLiteral("            out.shape[%1],").arg(d);
    }

  const PwForwardPrep fwd = pointwiseForwardPrep(*prog, rank);
  prep << fwd.lines;
  const QString& shapeSource = fwd.shapeSource;
  const QString& deviceSource = fwd.deviceSource;

  QString result;
  const auto body = lowerPointwise(*prog, FlyDslDialect(), inputValue, ind, &result, &why);
  if (!body) return makeSkeleton(spec, flySkeleton(*this), withClasses(why));  // supports() lowered it already

  GeneratedKernel k;
  const int blockElems = kThreadsPerBlock * kElemsPerThread;
  k.tile = blockElems;
  const bool scalarArgs = !prog->scalarInputs().isEmpty();
  const bool oneElement = std::any_of(prog->inputs.begin(), prog->inputs.end(),
                                      [](const PwInput& in) { return in.usedByGraph && in.isTensor && in.scalarLike; });
  k.baselineConfig = {
      {QStringLiteral("tile"),
       QStringLiteral("%1 elements of the flattened output per block: %2 threads x %3 guarded passes of %2 "
                      "contiguous elements")
           .arg(blockElems)
           .arg(kThreadsPerBlock)
           .arg(kElemsPerThread)},
      {QStringLiteral("threads per CTA"),
       QStringLiteral("%1 per block (4 wavefronts of 64 lanes), one element per thread per pass")
           .arg(kThreadsPerBlock)},
      {QStringLiteral("grid"), QStringLiteral("(cdiv(numel, %1), 1, 1); %2 blocks for the spec's %3 elements")
                                   .arg(blockElems)
                                   .arg((prog->numel + blockElems - 1) / blockElems)
                                   .arg(prog->numel)},
      {QStringLiteral("data movement"),
       QStringLiteral("scalar loads and stores through raw global pointers (fx.Pointer), each guarded by idx < n; "
                      "consecutive lanes touch consecutive elements (coalesced), no vector copies%1%2")
           .arg(oneElement ? QStringLiteral("; one-element inputs read at index 0") : QString(),
                prog->anyBroadcast ? QStringLiteral("; broadcast inputs read through their expanded view's strides "
                                                    "(stride 0 along broadcast dims), the output index decomposed "
                                                    "per dim")
                                   : QString())},
      {QStringLiteral("index width"),
       QStringLiteral("int32 indices; ModelNew refuses outputs of 2**31 - %1 elements or more").arg(blockElems)},
      {QStringLiteral("dtype handling"),
       QStringLiteral("loads converted to fx.Float32, math in fp32 (fx.math.*), converted to the output pointer's "
                      "element type on store (%1%2)")
           .arg(prog->outDtype, outDtypeNote(*prog))},
      {QStringLiteral("compilation"),
       QStringLiteral("@flyc.jit compiles on the first call per pointer element types and caches; sizes, strides "
                      "and scalars are fx.Int32/fx.Float32 run-time arguments, so one compile serves every shape")},
      {QStringLiteral("launch plumbing"),
       QStringLiteral("non-contiguous inputs are made contiguous first (one extra copy); output from torch.empty; "
                      "pointers from flyc.from_c_void_p(dtype, data_ptr()); launched on the current stream; %1")
           .arg(scalarArgs ? QStringLiteral("scalar inputs passed as fx.Float32 arguments")
                           : QStringLiteral("constants of the model baked into the kernel"))},
      {QStringLiteral("verification"),
       QStringLiteral("static only: names and call signatures checked against flydsl_api.json (%1) and the "
                      "conformance gate; never run (no AMD GPU or FlyDSL install here)")
           .arg(QLatin1String(kApiVersion))},
  };
  if (prog->outAliasesInput)
    k.baselineConfig.append(
        {QStringLiteral("aliasing"), QStringLiteral("the reference writes in place; ModelNew returns a new tensor")});

  const ModelNewParts parts = modelNewParts(spec);
  const QString base = kernelBaseName(spec);
  QString err;
  const QString text = readResourceText(QStringLiteral(":/kwb/templates/kernels/flydsl_elementwise.py.tmpl"), &err);
  if (text.isEmpty()) {
    k.error = err;
    return k;
  }
  const QMap<QString, QString> vars = {
      {QStringLiteral("PROBLEM"), problemName(spec)},
      {QStringLiteral("SPEC_SHA"), specShaSuffix(spec)},
      {QStringLiteral("GRAPH_SUMMARY"), graphSummaryComment(spec)},
      {QStringLiteral("POLICY_NOTE"), policyNote()},
      {QStringLiteral("FLY_API_VERSION"), QLatin1String(kApiVersion)},
      {QStringLiteral("CONFIG_SUMMARY"), configComment(k.baselineConfig)},
      {QStringLiteral("ELEMS_PER_THREAD"), QString::number(kElemsPerThread)},
      {QStringLiteral("KERNEL_NAME"), base + QStringLiteral("_kernel")},
      {QStringLiteral("HOST_NAME"), base + QStringLiteral("_launch")},
      {QStringLiteral("KERNEL_PARAMS"), params.join(u'\n')},
      {QStringLiteral("KERNEL_CALL_ARGS"),
       callArgs.isEmpty() ? QString() : callArgs.join(QStringLiteral(", ")) + QStringLiteral(", ")},
      {QStringLiteral("KERNEL_LOADS"), loads.join(u'\n')},
      {QStringLiteral("KERNEL_BODY"), body->join(u'\n')},
      {QStringLiteral("RESULT"), result},
      {QStringLiteral("INIT_PARAMS"), parts.initParams},
      {QStringLiteral("INIT_STORE"), parts.initStore},
      {QStringLiteral("FORWARD_PARAMS"), parts.forwardParams},
      {QStringLiteral("FORWARD_PREP"), prep.join(u'\n')},
      {QStringLiteral("OUT_SHAPE"), shapeSource},
      {QStringLiteral("DEVICE"), deviceSource},
      {QStringLiteral("OUT_DTYPE"), prog->outDtypeExpr},
      {QStringLiteral("LAUNCH_ARGS"), launch.join(u'\n')},
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
