#include "core/codegen/tritonbackend.h"

#include "core/codegen/anchor.h"
#include "core/codegen/chain.h"
#include "core/codegen/dtyperule.h"
#include "core/codegen/kernelparts.h"
#include "core/codegen/opgraph.h"
#include "core/codegen/patternkernels.h"
#include "core/codegen/patternplan.h"
#include "core/codegen/pointwise.h"
#include "core/codegen/pymodule.h"
#include "core/codegen/sizedispatch.h"
#include "core/codegen/skeleton.h"
#include "core/codegen/template.h"
#include "core/codegen/tritondialect.h"

#include <algorithm>

namespace kwb {

namespace {

SkeletonStyle tritonSkeleton(const FrameworkBackend& b) {
  return {b.label(),
          QStringLiteral("import triton\nimport triton.language as tl"),
          {QStringLiteral("@triton.jit kernel(s) with tl.constexpr tile sizes and masked tl.load/tl.store"),
           QStringLiteral("fp32 accumulation; int64 offsets when an index can pass 2**31"),
           QStringLiteral("ModelNew.forward: allocate outputs, launch over a grid, set self.last_grid_blocks")},
          b.runtimeRequirement()};
}

/// The pattern plan of a spec whose size-following constants (sizeDependentArgs) its kernel computes at run time
/// (kl_div's batchmean divisor): that kernel, not the chain, is right at other sizes. nullopt otherwise.
std::optional<PatternPlan> sizeDerivingPattern(const nlohmann::json& spec) {
  if (hasPointwiseGraph(spec) || matchAnchor(spec).anchor || !inputWriteReason(spec).isEmpty()) return std::nullopt;
  QString why;
  auto plan = planPattern(spec, &why);
  if (!plan || !sizeDependentArgs(spec, plan->sizeDerivedOps).isEmpty()) return std::nullopt;
  return plan;
}

/// Whether the elementwise kernel binds kwb_row / kwb_col for this program (a tril / triu in it): only when no input
/// broadcasts and the output has two dims at least; the kernel then indexes a contiguous output in row-major order.
bool coordinatesFor(const PointwiseProgram& prog) {
  const bool tri = std::any_of(prog.nodes.begin(), prog.nodes.end(),
                               [](const PwNode& n) { return n.op == u"tril" || n.op == u"triu"; });
  return tri && !prog.anyBroadcast && prog.outShape.size() >= 2;
}

/// The refusal of a problem that mixes float64 with another floating dtype ("" otherwise): a kernel computes in fp32
/// or, for a float64 problem, in fp64 throughout; neither reproduces a mix.
QString float64MixReason(const nlohmann::json& spec) {
  const Float64Use u = float64Use(spec);
  if (u.mixed.isEmpty()) return {};
  return QStringLiteral(
             "the problem mixes float64 with another floating dtype (%1): the Triton kernels compute a float64 "
             "problem in fp64 throughout and any other in fp32, and neither reproduces a mix (fp32 math would round "
             "the float64 values, fp64 math would skip the fp32 roundings); make every floating tensor float64, or "
             "none")
      .arg(u.mixed);
}

}  // namespace

const QStringList& TritonBackend::moduleApi() {
  static const QStringList names = {
      QStringLiteral("ModelNew"),      // the harness (resources/templates/test_kernel.py.in) and every bench script
      QStringLiteral("grid_blocks"),   // test_kernel.py.in grid_blocks_of: a module helper, where a kernel has one
      QStringLiteral("conv_forward"),  // bench/gpu/conv_*.py: the convolution with their own epilogues, reductions
      QStringLiteral("_epi_cost"),     // bench/gpu/convepi.py rates its epilogues with the conv template's rule
      QStringLiteral("kmajor"),        // bench/gpu/gemm*.py time the GEMM template's K-major staging
      QStringLiteral("stage_into"),
      QStringLiteral("_pool_plan"),  // bench/gpu/pools.py, pools3d.py, gemmsmall_probe.py read the pool plan
  };
  return names;
}

QStringList TritonBackend::conformanceMarkers() const {
  return {QStringLiteral("import triton"), QStringLiteral("import triton.language as tl"),
          QStringLiteral("@triton.jit")};
}

QString TritonBackend::runtimeRequirement() const {
  return QStringLiteral("triton 3.x (import triton) with PyTorch on a CUDA (SM80+) or ROCm GPU");
}

bool TritonBackend::supports(const nlohmann::json& spec, QString* whyNot) const {
  if (const QString bad = specOpsProblem(spec); !bad.isEmpty()) {  // not a spec to generate from
    if (whyNot) *whyNot = bad;
    return false;
  }
  if (const QString mixed = float64MixReason(spec); !mixed.isEmpty()) {
    if (whyNot) *whyNot = mixed;
    return false;
  }
  if (const QString trace = traceBranchReason(spec); !trace.isEmpty()) {
    if (whyNot) *whyNot = trace;
    return false;
  }
  // a constant that follows the input sizes (sizeDependentArgs): only the chain planner checks it at run time,
  // unless a pattern's kernel computes it from its inputs
  const QString sized = sizeDependentArgs(spec);
  if (const QString writes =
          !sized.isEmpty() ? QStringLiteral("%1 follows the input sizes").arg(sized) : inputWriteReason(spec);
      !writes.isEmpty() && !(!sized.isEmpty() && sizeDerivingPattern(spec))) {
    // only the chain planner writes an input's final value back (ChainPlan::writtenInputs)
    QString chainWhy;
    if (planChain(decodeOpGraph(spec), spec, &chainWhy, true)) return true;
    // the chain's reason decides (trial 13's x07 read "t7 (mul, line 17): other follows the input sizes; ..." before
    // the op that has no stage); a planner that gives none leaves the patterns' reason
    if (whyNot) *whyNot = chainWhy.isEmpty() ? writes : chainWhy;
    return false;
  }
  if (!hasPointwiseGraph(spec)) {
    const AnchorMatch m = matchAnchor(spec);
    if (m.anchor && m.plan && !anchorTemplate(*m.anchor, id()).isEmpty()) return true;
    QString why = m.anchor ? anchorSkeletonReason(m, id()) : QString();
    if (!m.anchor && planPattern(spec, &why)) return true;
    // a graph no single anchor or pattern covers: a chain of launches (chain.h); an all-pointwise graph the probe
    // wrote no pointwise_graph for (a tuple from forward(), probe23 a10) as pointwise launches
    QString chainWhy;
    if (planChain(decodeOpGraph(spec), spec, &chainWhy, true)) return true;
    if (whyNot) *whyNot = chainWhy.isEmpty() ? why : chainWhy;
    return false;
  }
  const auto prog = parsePointwiseProgram(spec, whyNot);
  // an all-pointwise graph the elementwise template does not take (it reads a model parameter): a chain of
  // one pointwise launch, whose epilogue reads parameters like any other tensor
  if (!prog) return planChain(decodeOpGraph(spec), spec, nullptr, true).has_value();
  const TritonDialect d(QStringLiteral("tl.full([BLOCK_SIZE], %1, tl.float32)"), coordinatesFor(*prog));
  QString result;
  if (lowerPointwise(
          *prog, d,
          [](const PwInput& in) {
            return PwVal{PwVal::Kind::Tensor, in.name, false, 0.0};
          },
          QString(), &result, whyNot))
    return true;
  // an op the elementwise lowering lacks may be a chain stage (tril / triu of a broadcast operand: kwb_tri)
  return planChain(decodeOpGraph(spec), spec, nullptr, true).has_value();
}

GeneratedKernel TritonBackend::generate(const nlohmann::json& spec) const {
  if (const QString bad = specOpsProblem(spec); !bad.isEmpty()) {  // malformed: no kernel, not even a skeleton
    GeneratedKernel refused;
    refused.error = bad;
    return refused;
  }
  // a forward() that branches on sizes: a plan per outcome and ModelNew.forward's dispatch (sizedispatch.h), slimmed
  // and indexed below as one module
  GeneratedKernel k =
      hasSizeDispatch(spec)
          ? generateSizeDispatched(spec, [this](const nlohmann::json& s) { return generateForHopper(s); })
          : generateForHopper(spec);
  // a float64 problem: the same plan, its fp32 math and intermediates rendered in fp64 (dtyperule.h float64Kernel)
  if (k.ok && k.implemented && float64Use(spec).all) {
    const QString fp32Header = configComment(k.baselineConfig);
    k.source = float64Kernel(k.source);
    for (auto& [item, value] : k.baselineConfig) value = float64ConfigText(value);
    const QString precision = QStringLiteral(
        "float64 throughout: every load, intermediate, accumulator and tl.dot in fp64 (the plan's "
        "fp32 math rendered in fp64; tl.dot on fp64 operands with ieee precision, sm80+); a run-time "
        "Python float of forward() reaches an epilogue as an fp32 pair hi + lo (2^-48 relative)");
    k.baselineConfig.prepend({QStringLiteral("precision"), precision});
    // the header says what the kernel computes: its "Baseline configuration" block is the one just rendered from
    // the fp32 items (replaced whole, an exact match), and a NOTE says how to read the templates' prose below
    if (const qsizetype at = fp32Header.isEmpty() ? -1 : k.source.indexOf(fp32Header); at >= 0)
      k.source.replace(at, fp32Header.size(), configComment(k.baselineConfig));
    const qsizetype firstBreak = k.source.indexOf(u'\n');
    k.source.insert(firstBreak + 1,
                    QStringLiteral("# NOTE (precision): %1; where a comment below says fp32 or TF32 of this kernel's "
                                   "math, read fp64.\n")
                        .arg(precision));
    if (k.mathDtype == u"tf32" || k.mathDtype == u"tf32x3") k.mathDtype.clear();
  }
  // The templates and their configuration were written and measured for NVIDIA Hopper (the H200). For
  // another architecture (Ampere, or CDNA3/CDNA4 through Triton's AMD backend, where warps are 64-lane
  // wavefronts) say so where the configuration is read, instead of presenting Hopper's warps and shared-memory staging
  // as fitted to it (fresh-user trial).
  const nlohmann::json target = spec.value("target", nlohmann::json::object());
  const QString arch = QString::fromStdString(target.value("arch", std::string()));
  if (k.ok && k.implemented && !arch.isEmpty() && !arch.startsWith(QLatin1String("Hopper"), Qt::CaseInsensitive)) {
    const QString gpu = QString::fromStdString(target.value("gpu", std::string()));
    QString note =
        QStringLiteral("written and measured for NVIDIA Hopper (H200), not fitted to %1 (%2) and never run on it")
            .arg(arch, gpu);
    const bool staged = k.source.contains(QLatin1String("num_stages=NUM_STAGES"));  // the GEMM's software pipeline
    if (arch.startsWith(QLatin1String("CDNA"), Qt::CaseInsensitive))
      note += QStringLiteral(": a wavefront there has 64 lanes, so num_warps = N means N x 64 threads%1")
                  .arg(staged ? QStringLiteral(
                                    ", and the multi-stage staging must fit a CU's LDS, far smaller than the 228 KB of "
                                    "shared memory an H200 SM has (gpu-wiki "
                                    "nvidia.generic.any.kernel-opt.nvidia-compute-capabilities.memory-specifications)")
                              : QString());
    note += QStringLiteral("; retune before relying on it");
    k.baselineConfig.prepend({QStringLiteral("target fit"), note});
    const qsizetype firstBreak = k.source.indexOf(u'\n');
    k.source.insert(firstBreak + 1, QStringLiteral("# NOTE (target fit): %1.\n").arg(note));
  }
  if (k.ok && k.implemented && layout_ == Layout::Slim) {
    // kernel.py is what the user reads and edits: only what its plan reaches (new-user trial 11, #13), and where
    // ModelNew is (DECISIONS.md "A generated kernel.py holds what its plan reaches")
    const SlimModule slim = slimPyModule(k.source, moduleApi());
    k.source = slim.source;
    // the index goes below the title line and the NOTE lines right after it
    qsizetype at = k.source.indexOf(u'\n') + 1;
    int after = 0;
    while (at > 0 && QStringView(k.source).mid(at).startsWith(QLatin1String("# NOTE"))) {
      at = k.source.indexOf(u'\n', at) + 1;
      ++after;
    }
    if (at > 0) k.source.insert(at, kernelIndexComment(k.source, after, slim.removed));
  }
  return k;
}

GeneratedKernel TritonBackend::generateForHopper(const nlohmann::json& spec) const {
  QString why = traceBranchReason(spec);
  if (why.isEmpty()) why = float64MixReason(spec);
  if (!why.isEmpty()) return makeSkeleton(spec, tritonSkeleton(*this), why);
  // a constant that follows the input sizes (sizeDependentArgs): only the chain planner checks it at run time,
  // unless a pattern's kernel computes it from its inputs
  const QString sized = sizeDependentArgs(spec);
  if (!sized.isEmpty())
    if (const auto plan = sizeDerivingPattern(spec)) return tritonPatternKernel(*plan, spec, *this);
  if (const QString writes =
          !sized.isEmpty() ? QStringLiteral("%1 follows the input sizes").arg(sized) : inputWriteReason(spec);
      !writes.isEmpty()) {
    // only the chain planner writes an input's final value back (ChainPlan::writtenInputs)
    QString chainWhy;
    if (const auto chain = planChain(decodeOpGraph(spec), spec, &chainWhy, true))
      return renderChainKernel(*chain, spec, *this);
    // the chain's reason alone, as in supports(): the first op the planner could not place, not a size-following
    // constant it would have checked at run time (trial 20 #4 listed the attention scale's div before the real one)
    return makeSkeleton(spec, tritonSkeleton(*this), chainWhy.isEmpty() ? writes : chainWhy);
  }
  if (!hasPointwiseGraph(spec)) {
    const AnchorMatch m = matchAnchor(spec);
    if (m.plan && !anchorTemplate(*m.anchor, id()).isEmpty())
      return renderAnchorKernel(*m.plan, anchorTemplate(*m.anchor, id()), spec, *this);
    if (m.anchor)
      why = anchorSkeletonReason(m, id());
    else if (const auto plan = planPattern(spec, &why))
      return tritonPatternKernel(*plan, spec, *this);
    QString chainWhy;  // allPointwise: as in supports()
    if (const auto chain = planChain(decodeOpGraph(spec), spec, &chainWhy, true))
      return renderChainKernel(*chain, spec, *this);
    return makeSkeleton(spec, tritonSkeleton(*this), chainWhy.isEmpty() ? why : chainWhy);
  }
  const auto prog = parsePointwiseProgram(spec, &why);
  if (!prog) {
    // the chain's reason where it gives one: the elementwise template's ("forward() returns 3 outputs; the
    // templates write one output tensor") hid the op the chain could not place (probe23 a10)
    QString chainWhy;
    if (const auto chain = planChain(decodeOpGraph(spec), spec, &chainWhy, true))
      return renderChainKernel(*chain, spec, *this);
    return makeSkeleton(spec, tritonSkeleton(*this), chainWhy.isEmpty() ? why : chainWhy);
  }

  // kernel inputs: loaded tensors and scalar arguments, in forward() order
  const QString ind = QStringLiteral("    ");
  QStringList params, loads, launch, prep;
  const int rank = static_cast<int>(prog->outShape.size());
  if (prog->anyBroadcast) {
    // the output index of each element, dim by dim, for the inputs read through broadcast strides
    loads << ind + QStringLiteral("rem = offs");
    for (int d = rank - 1; d > 0; --d)
      loads << ind + QStringLiteral("i%1 = rem % bd_%1").arg(d) << ind + QStringLiteral("rem = rem // bd_%1").arg(d);
    loads << ind + QStringLiteral("i0 = rem");
  }
  for (const PwInput& in : prog->inputs) {
    if (!in.usedByGraph) continue;
    if (!in.isTensor) {
      params << ind + QStringLiteral("s_%1,").arg(in.name);
      launch << QStringLiteral("            float(%1),").arg(in.name);
      continue;
    }
    params << ind + QStringLiteral("in_%1_ptr,").arg(in.name);
    launch << QStringLiteral("            %1,").arg(in.broadcast ? in.name + QStringLiteral("_b") : in.name);
    const QString upcast = in.dtype == u"bool" ? QString() : QStringLiteral(".to(tl.float32)");
    if (in.broadcast) {
      QStringList terms;
      for (int d = 0; d < rank; ++d) {
        params << ind + QStringLiteral("%1_s%2,").arg(in.name).arg(d);
        launch << QStringLiteral("            %1_b.stride(%2),").arg(in.name).arg(d);
        terms << QStringLiteral("i%1 * %2_s%1").arg(d).arg(in.name);
      }
      loads << ind + QStringLiteral("in_%1 = tl.load(in_%1_ptr + %2, mask=mask)%3  # broadcast: expanded strides")
                         .arg(in.name, terms.join(QStringLiteral(" + ")), upcast);
    } else if (in.scalarLike) {
      loads << ind + QStringLiteral("in_%1 = tl.load(in_%1_ptr)%2  # one element, broadcast").arg(in.name, upcast);
    } else {
      loads << ind + QStringLiteral("in_%1 = tl.load(in_%1_ptr + offs, mask=mask)%2").arg(in.name, upcast);
    }
  }
  if (prog->anyBroadcast)
    for (int d = 1; d < rank; ++d) {
      params << ind + QStringLiteral("bd_%1,").arg(d);
      launch << QStringLiteral("            out.shape[%1],").arg(d);
    }
  // tril / triu: the element's row and column in the output's last two dims, from the row-major offset (the output
  // and the inputs are then contiguous: the layout-following path walks storage order, not the dims)
  const bool coords = coordinatesFor(*prog);
  if (coords) {
    params << ind + QStringLiteral("tri_w,") << ind + QStringLiteral("tri_h,");
    launch << QStringLiteral("            out.shape[-1],") << QStringLiteral("            out.shape[-2],");
    loads << ind + QStringLiteral("kwb_col = offs % tri_w")
          << ind + QStringLiteral("kwb_row = (offs // tri_w) % tri_h");
  }
  const PwForwardPrep fwd = pointwiseForwardPrep(*prog, rank, /*followLayout=*/!coords);
  prep << fwd.lines;
  const QString& shapeSource = fwd.shapeSource;
  const QString& deviceSource = fwd.deviceSource;

  const TritonDialect d(QStringLiteral("tl.full([BLOCK_SIZE], %1, tl.float32)"), coords);
  QString result;
  const auto body = lowerPointwise(
      *prog, d,
      [](const PwInput& in) {
        PwVal v;
        v.kind = in.isTensor && !in.scalarLike ? PwVal::Kind::Tensor : PwVal::Kind::Scalar;
        v.expr = (in.isTensor ? QStringLiteral("in_") : QStringLiteral("s_")) + in.name;
        v.isBool = in.dtype == u"bool";
        return v;
      },
      ind, &result, &why);
  if (!body) {
    // an op the elementwise lowering lacks may be a chain stage (tril / triu of a broadcast operand: kwb_tri)
    if (const auto chain = planChain(decodeOpGraph(spec), spec, nullptr, true))
      return renderChainKernel(*chain, spec, *this);
    return makeSkeleton(spec, tritonSkeleton(*this), why);
  }

  GeneratedKernel k;
  k.tile = kBlockSize;
  const int threads = kNumWarps * 32;
  // The configuration names only what this kernel has (a trial found "tanh as 2*sigmoid(2x)-1" and
  // "scalars passed as kernel arguments" in a LeakyReLU that has neither).
  const QString bodyText = body->join(u'\n');
  const bool usesTanh = bodyText.contains(QStringLiteral("2.0 * tl.sigmoid(2.0 * "));
  const bool scalarArgs = std::any_of(prog->inputs.begin(), prog->inputs.end(),
                                      [](const PwInput& in) { return in.usedByGraph && !in.isTensor; });
  const bool oneElement = std::any_of(prog->inputs.begin(), prog->inputs.end(),
                                      [](const PwInput& in) { return in.usedByGraph && in.isTensor && in.scalarLike; });
  k.baselineConfig = {
      {QStringLiteral("tile"),
       QStringLiteral("BLOCK_SIZE = %1 elements of the flattened output per CTA").arg(kBlockSize)},
      {QStringLiteral("threads per CTA"), QStringLiteral("num_warps = %1 (%2 threads), %3 elements per thread")
                                              .arg(kNumWarps)
                                              .arg(threads)
                                              .arg(kBlockSize / threads)},
      {QStringLiteral("tile choice"),
       QStringLiteral("BLOCK_SIZE/num_warps from a sweep on an NVIDIA H200 (relu 4096x393216, "
                      "Triton 3.6): 4.25 TB/s fp32, 4.26 TB/s bf16, on par with PyTorch's own relu kernel")},
      {QStringLiteral("grid"), QStringLiteral("(cdiv(numel, %1),) one-dimensional; %2 CTAs for the spec's %3 elements")
                                   .arg(kBlockSize)
                                   .arg((prog->numel + kBlockSize - 1) / kBlockSize)
                                   .arg(prog->numel)},
      {QStringLiteral("data movement"),
       QStringLiteral("each input read once and the output written once, coalesced "
                      "contiguous loads/stores masked at the boundary (offs < numel)%1%2")
           .arg(oneElement ? QStringLiteral("; one-element inputs loaded once per CTA") : QString(),
                prog->anyBroadcast ? QStringLiteral("; broadcast inputs read through their expanded view's "
                                                    "strides (stride 0 along broadcast dims: re-reads hit in cache), "
                                                    "the output index decomposed per dim")
                                   : QString())},
      {QStringLiteral("index width"),
       QStringLiteral("int32 offsets; int64 (program_id widened) when numel + BLOCK_SIZE >= 2**31")},
      {QStringLiteral("dtype handling"),
       QStringLiteral("loads upcast to fp32, math in fp32, stored in the output dtype (%1%2)")
           .arg(prog->outDtype, outDtypeNote(*prog))},
      {QStringLiteral("math"),
       QStringLiteral("tl.* functions%1")
           .arg(usesTanh ? QStringLiteral("; tanh as 2*sigmoid(2x)-1 (no tanh in triton.language)") : QString())},
      {QStringLiteral("launch plumbing"),
       QStringLiteral("%1; %2").arg(
           fwd.alloc.isEmpty()
               ? QStringLiteral("non-contiguous inputs are made contiguous first (one extra copy); output from "
                                "torch.empty")
               : QStringLiteral("the output in %1's layout (torch's rule for elementwise ops: the first "
                                "operand's order of dims; torch.empty_like): operands in that layout (a permuted "
                                "view, channels_last) are read in storage order with no copy; an input in another "
                                "layout is copied once into it, that input only")
                     .arg(fwd.lead),
           scalarArgs ? QStringLiteral("scalar inputs passed as kernel arguments")
                      : QStringLiteral("constants of the model baked into the kernel "
                                       "(ModelNew refuses other constructor values)"))},
  };
  if (prog->outAliasesInput)
    k.baselineConfig.append(
        {QStringLiteral("aliasing"), QStringLiteral("the reference writes in place; ModelNew returns a new tensor")});

  const ModelNewParts parts = modelNewParts(spec);
  const QString name = kernelBaseName(spec) + QStringLiteral("_kernel");
  QString err;
  const QString text = readResourceText(QStringLiteral(":/kwb/templates/kernels/triton_elementwise.py.tmpl"), &err);
  if (text.isEmpty()) {
    k.error = err;
    return k;
  }
  const QMap<QString, QString> vars = {
      {QStringLiteral("PROBLEM"), problemName(spec)},
      {QStringLiteral("SPEC_SHA"), specShaSuffix(spec)},
      {QStringLiteral("GRAPH_SUMMARY"), graphSummaryComment(spec)},
      {QStringLiteral("POLICY_NOTE"), policyNote()},
      {QStringLiteral("CONFIG_SUMMARY"), configComment(k.baselineConfig)},
      {QStringLiteral("BLOCK_SIZE"), QString::number(kBlockSize)},
      {QStringLiteral("NUM_WARPS"), QString::number(kNumWarps)},
      {QStringLiteral("KERNEL_NAME"), name},
      {QStringLiteral("KERNEL_PARAMS"), params.join(u'\n')},
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
      {QStringLiteral("OUT_ALLOC"), fwd.alloc.isEmpty()
                                        ? QStringLiteral("        out = torch.empty(%1, dtype=%2, device=%3)")
                                              .arg(shapeSource, prog->outDtypeExpr, deviceSource)
                                        : fwd.alloc.join(u'\n')},
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
