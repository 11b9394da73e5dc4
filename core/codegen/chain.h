// Chain plans (issue 15, docs/CODEGEN.md "Chains"): a problem whose graph holds several non-pointwise ops
// (a GEMM or convolution followed by pointwise work, reductions, softmax, norms, pooling; whole models) as
// a list of kernel launches. Each non-pointwise op is one launch through the stage library
// (resources/templates/kernels/triton_stages.py) or the convolution template; each run of pointwise ops
// lowers through the one pointwise lowering (pointwise.h) into a Triton epilogue function, fused into the
// GEMM or convolution before it when that one's output feeds nothing else, else launched on its own.
#pragma once

#include "core/codegen/backend.h"
#include "core/codegen/opgraph.h"

#include <QList>
#include <QMap>
#include <QSet>
#include <QPair>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <optional>

namespace kwb {

/// One launch of a chain, for the report and the baseline configuration.
struct ChainLaunch {
  QString kind;             ///< "conv", "gemm", "reduce", "softmax", "norm", "pool", "pointwise"
  QStringList ops;          ///< the op ids it computes (anchor first, then fused epilogue ops)
  QString description;      ///< one line, e.g. "addmm t1 [1024, 8192] + epilogue mul, add, clamp (fused)"
  qint64 hostLaunches = 1;  ///< kernel launches it makes per forward (a recurrent stage's host loop: many)
  /// The kernels it launches per forward where that differs from hostLaunches, which is the host cost the CUDA
  /// graph rule compares (a kwb_linrec launch: 1, counted as kGraphMinLaunches there); -1: hostLaunches.
  qint64 kernels = -1;
  /// An attention launch whose K ("k") and / or V ("v") is a head repeat of a tensor with fewer heads (GQA / MQA):
  /// the repeat factor; the kernel reads the un-repeated tensor per KV head (kv_head = h // rep), no copy.
  QMap<QString, qint64> kvRepeat = {};
  /// Pointwise ops fused before the anchor (a GEMM's prologue on its A operand, applied as each A tile is loaded);
  /// not in ops, which starts with the anchor.
  QStringList prologue = {};
};

/// One epilogue function of a plan in a form other DSLs can lower (the CuTe DSL renders a one-GEMM chain from it):
/// the pointwise run as a spec that parsePointwiseProgram reads, and what each of its inputs is bound to in the
/// epilogue calling convention ("acc": the anchor's fp32 value; "e<j>_v": epilogue tensor j's value, j in
/// epi_tensors order; "f<i>": scalar i, in epi_scalars order).
struct ChainEpilogue {
  QString fn;                     ///< its name in forwardBody's epi= argument, e.g. "_kwb_epi0"
  nlohmann::json program;         ///< {inputs, outputs, pointwise_graph}: the run alone
  QMap<QString, QString> inputs;  ///< program input name -> "acc" | "e<j>_v" | "f<i>"
  QString ops;                    ///< its op names, e.g. "mul, add"
  int line = 0;                   ///< the user's line of its first op
};

/// What the chain planner produced for one spec.
struct ChainPlan {
  QString description;          ///< one line for headers
  QList<ChainLaunch> launches;  ///< in forward() order
  QStringList ops;              ///< every compute op id the plan covers
  QStringList omitted;          ///< ops left out on purpose, no output depends on them: dead values, a buffer's counter
                                ///< (BatchNorm's num_batches_tracked += 1); `kwb analyze` counts them as covered
  QString forwardBody;          ///< ModelNew.forward's body (8-space indent), ending in a return
  QString epilogues;            ///< generated @triton.jit epilogue functions (module level)
  QList<ChainEpilogue> epilogueSpecs;  ///< the same epilogues as pointwise programs, in the same order
  bool hasConv = false;                ///< rendered through the convolution template (its CONV0 placeholders below)
  QMap<QString, QString> convVars;     ///< CONV0's placeholders (hasConv only)
  QStringList moreConvs;               ///< "CONV<i> = ConvSpec(...)" for convolutions 1..n-1
  QString mathDtype;                   ///< "tf32" when a GEMM or convolution computes fp32 on tensor cores
  /// The result's run-time dtype as forwardBody names it (resultDtypeRule, dtyperule.h): "torch.float16" for a
  /// cast, "out_dtype" (the first floating input's), "kwb_out_dtype" (a line before the widening computes it), or
  /// "" (returned as computed: no floating input and no cast).
  QString resultDtype;
  QList<QPair<QString, QString>> config;  ///< baseline configuration, report order
  qint64 hostLaunches = 0;                ///< kernel launches per forward, the larger of eval and training plans
  /// The kernels forward() launches at the spec's shapes (each launch's kernels, a cat's part copies included), the
  /// larger of eval and training plans: what description, the kernel's header and `kwb analyze --json` report.
  /// Not counted: a reduction split over the SMs at run time (its finishing launch), a kept constant's first call.
  qint64 kernelLaunches = 0;
  bool randomDraws = false;  ///< forward() draws random numbers (a graph replay would repeat them)
  /// The draws' lines (forwardBody's text, in order) and the variables they assign, when every draw may run
  /// before the rest of the plan (they read only the inputs' sizes and device): a graph-replayed forward() makes
  /// them eagerly, in the reference's order, and hands them to the replay as inputs. Empty: no draws, or a plan
  /// that cannot hoist them (then it stays eager).
  QStringList drawLines, drawTargets;
  bool graphReplay = false;  ///< ModelNew replays the plan from a CUDA graph (triton_graph.py)
  /// A plan below the graph thresholds (kGraphOptionalLaunches launches on, inputs and outputs within
  /// kGraphSmallCopyBytes) that renders the graph path behind the module switch kwb_graph_small (KWB_GRAPH_SMALL,
  /// off by default): its host time (Python and Triton's launcher) exceeds its GPU time in real use.
  bool graphOptional = false;
  /// forward() arguments the reference writes in place (x.mul_(2)): the plan computes their final value like any
  /// other and copies it back into the caller's tensor before returning (a replayed graph would write its own
  /// static copy, so such a plan is never replayed).
  QStringList writtenInputs;
};

/// Plans of at least this many launches per forward replay from a CUDA graph (kwb_graph_call): their host time
/// exceeds their kernel time (on the H200, session 15: 20_MobileNetV2's 299 kernels took 27 ms of host time per
/// forward for 2.8 ms of kernel time). 16 is a bound between the measured cases (14 launches: no gain; 299: 7x), not
/// a measured threshold.
inline constexpr qint64 kGraphMinLaunches = 16;
/// Smaller plans (from kGraphSmallLaunches on) replay from a graph when their tensor inputs and outputs hold at most
/// this many bytes: a replay copies the inputs into the graph's static buffers and the result out of its pool,
/// ~2 x bytes / 4 TB/s on the H200 (16 MiB: ~8 us, from the bandwidth, not measured), which must stay below what the
/// launches cost. On the H200 (session 15, bench/gpu/graph_replay.py) 8_ResNetBasicBlock in training mode (6 MB in, 128
/// MB out, 14 launches) ran 1341 us launched one by one and 1389 us replayed: it stays eager now.
inline constexpr qint64 kGraphSmallLaunches = 8;
inline constexpr qint64 kGraphSmallCopyBytes = 16ll << 20;
/// Plans from this many launches up to kGraphSmallLaunches, on inputs and outputs within kGraphSmallCopyBytes, render
/// the graph path behind kwb_graph_small (off): session 39 measured 03_gqa_rope's 7 launches at 943 us a forward
/// host included for 25 us of GPU time (torch.compile: 137 us); one launch has nothing to save.
inline constexpr qint64 kGraphOptionalLaunches = 2;

/// Plans @p g as a list of launches. Takes any graph with at least one non-pointwise op that is not a
/// single anchor op alone. nullopt with *whyNot (one sentence naming the op and the user's line) when an
/// op has no stage yet, a view cannot be re-expressed from run-time sizes, or forward() returns more than
/// one tensor; nullopt with *whyNot empty when the graph is not a chain (all pointwise, or no compute op).
/// @p allPointwise also plans a graph of pointwise ops only (one `kwb_pointwise` launch per run): the
/// fallback for the graphs the elementwise template declines (one that reads a model parameter). An all-pointwise
/// graph with views and no `pointwise_graph` in @p spec (a view the elementwise launcher cannot re-apply: a slice
/// of a parameter, pos[:, :T]) is planned that way without @p allPointwise.
std::optional<ChainPlan> planChain(const OpGraph& g, const nlohmann::json& spec, QString* whyNot,
                                   bool allPointwise = false);

/// While one is alive (on this thread), planChain plans without kwb_cols (session 43, slot43: several columns of one
/// tensor read through one pointwise slot), as KWB_COLUMN_SLOTS=0 does: the CuTe DSL stage set has no column reads, so
/// cuteChainPlan takes the launches before them (the run cut where its tensors overflow the slots) over a skeleton.
/// Its cats are counted as the CuTe DSL stage set's kwb_cat makes them (one copy per part, then the epilogue).
class ColumnSlotsOff {
 public:
  ColumnSlotsOff();
  ~ColumnSlotsOff();
  ColumnSlotsOff(const ColumnSlotsOff&) = delete;
  ColumnSlotsOff& operator=(const ColumnSlotsOff&) = delete;
};

/// The first op of @p spec whose non-tensor arguments other than sizes changed at the probe's resize check (a
/// pointwise `x / x.shape[1]`, a split size), as "t3 (div, line 11): other": a constant that follows the input
/// sizes. The anchors, patterns and the elementwise template bake such constants in; only the chain planner keeps
/// them under a run-time check (kwb_at_spec), so the Triton backend takes the chain for such a spec. "" when none
/// (or the spec has no resize check).
/// @p derived: op ids left out (a pattern plan's sizeDerivedOps: its kernel computes them at run time).
QString sizeDependentArgs(const nlohmann::json& spec, const QSet<QString>& derived = {});

/// Why a framework without a chain renderer (@p frameworkLabel, e.g. "CuTe DSL") writes a skeleton for a spec
/// the chain planner plans: the plan's launches and that --framework triton renders it. "" when the chain
/// planner does not plan @p spec (the caller's own reason stands).
QString chainSkeletonReason(const nlohmann::json& spec, const QString& frameworkLabel);

/// Renders a chain plan as kernel.py for the Triton backend: the convolution template when the chain holds
/// a convolution, else triton_chain.py.tmpl; both get the stage library, the pointwise launcher and the
/// plan's epilogues. ok=false with `error` when a template is missing or a placeholder stays.
GeneratedKernel renderChainKernel(const ChainPlan& plan, const nlohmann::json& spec, const FrameworkBackend& backend);

}  // namespace kwb
