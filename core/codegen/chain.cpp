#include "core/codegen/chain.h"
#include "core/codegen/indexedstages.h"

#include "core/codegen/anchor.h"
#include "core/codegen/anchors/anchors.h"
#include "core/codegen/anchors/common.h"
#include "core/codegen/bufferwrites.h"
#include "core/codegen/linrec.h"
#include "core/codegen/dtyperule.h"
#include "core/codegen/indexmap.h"
#include "core/codegen/kernelparts.h"
#include "core/codegen/patternkernels.h"
#include "core/codegen/pointwise.h"
#include "core/codegen/template.h"
#include "core/codegen/tritondialect.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <numeric>
#include <tuple>

namespace kwb {

using anchors::fail;
using anchors::shapeText;
using anchors::where;
using nlohmann::json;

namespace {

// The epilogue calling convention (docs/CODEGEN.md "The stage library"): four tensors, four scalars.
constexpr int kEpiTensors = 4;
constexpr int kEpiScalars = 4;
// More launch sites than this is a traced time loop, not a model's layers (MobileNetV2: 141; GRU unrolled: 36870).
// A recurrent stage (kwb::rnn) is one site: its host loop's layers x directions x (1 + T) launches at run time
// are not bounded here (the loop is written once, its trip count is the input's length).
constexpr int kMaxLaunches = 1000;
// The stage library's kwb_bn_one_pass_max: a batch norm with batch statistics is one launch up to this many elements a
// channel (N x positions), two or three past it (hostLaunches, which decides the CUDA graph replay).
constexpr qint64 kBnOnePassMax = 8192;
// kwb_topk (triton_epilogue.py): a row held whole in one program's registers, its k best taken by k rounds where k is
// small against the row and by tl.sort of the row otherwise (session 27), so any k up to the row: a sort too
constexpr qint64 kTopkMaxRow = 16384;  // the stage library's KWB_TOPK_MAX_N
// The stage library's kwb_gemm_small_flops (triton_stages.py): a GEMM of at most this many FLOPs (2 x batches x M x N
// x K) runs the pointer kernel on its operands as given, where a prologue on A is applied as each tile is loaded.
constexpr double kSmallGemmFlops = double(1 << 29);

/// A value of forward(): its Python expression and its shape at the spec's sizes.
struct Val {
  QString expr;
  QList<qint64> shape;
  QString dtype;
};

/// One Python line that assigns a launch's result, kept open until the next pointwise run decides whether
/// it fuses into it as an epilogue.
struct Line {
  QString target;         ///< variable assigned ("" for a plain statement)
  QString head;           ///< the call up to its closing parenthesis, e.g. "kwb_gemm(x, t0.t(), self.gemm.bias"
  bool epilogue = false;  ///< a GEMM or convolution call that takes epi=, epi_tensors=, epi_scalars=
  QString tail = QStringLiteral(")");
  QString comment;
  // What the one-pass row fusion (Planner::fuseRows) reads; set on reduction and elementwise launch lines only.
  QString kind;                  ///< "reduce", "pointwise", "broadcast" (an outer broadcast's pointwise), or ""
  int launch = -1;               ///< its index in ChainPlan::launches (-1: a view, no launch)
  QString input;                 ///< reduce: its input; pointwise: its primary operand (broadcast: expanded)
  QList<qint64> dims;            ///< reduce: the reduced dims as the op wrote them
  QString redOp, q;              ///< reduce: kwb_row1's op name and its scalar (correction, p)
  bool keep = false;             ///< reduce: keepdim
  QString epi;                   ///< pointwise: its epilogue function
  bool draw = false;             ///< a random draw (Planner::randomDraw): hoisted before a graph replay
  bool isView = false;           ///< a single view statement (no launch): may move before a GEMM / convolution line
  QStringList tensors, scalars;  ///< pointwise: its epilogue tensors and scalars (expressions)
  /// A kwb_reduce line that took the pointwise run before it as its prologue (fuseRows' reducePre): that run's epilogue
  /// function, tensors, scalars and values' dtype, for the sibling-reduction fusion (Planner::fuseSiblingRows).
  QString preFn, preDtype;
  QStringList preTensors, preScalars;
  /// A statement run before the call, at the same indentation (a cat's buffer, allocated before the first of the
  /// convolutions that write into it: Planner::fuseConvCat).
  QString before;
  /// The dtype the call stores its result in (`out_dtype=`, a stage of kOutDtypeStages): the result's dtype on the
  /// line that computes forward()'s result (Planner::storeDtypes), float32 on a line reading a 16-bit input.
  QString outDtype;
  /// A one-pass row block (Planner::fuseRows): the lines of its else branch as planned (Planner::readsConverted
  /// reads them: whether a 16-bit input needs a widening copy first).
  std::vector<Line> rowGroup;
  /// A kwb_pointwise launch reading pieces whose x is pieced or plain (kwb_piecewise_reads): its on form's x,
  /// epilogue, tensors and scalars (the head holds both forms), for fuseRows' pieceReader; empty otherwise.
  QString onInput, onEpi;
  QStringList onTensors, onScalars;
  QString text() const {
    QString call = head + tail;
    if (!outDtype.isEmpty() && call.endsWith(u')'))
      call.insert(call.size() - 1, QStringLiteral(", out_dtype=%1").arg(outDtype));
    return (before.isEmpty() ? QString() : QStringLiteral("        ") + before + u'\n') + QStringLiteral("        ") +
           (target.isEmpty() ? call : target + QStringLiteral(" = ") + call) +
           (comment.isEmpty() ? QString() : QStringLiteral("  # ") + comment);
  }
};

/// The stage calls that take `out_dtype=` (the stage library stores the fp32 values in that dtype, one rounding):
/// forward()'s last launch writes the result's dtype itself instead of a kwb_as_dtype copy after it.
bool takesOutDtype(const QString& head) {
  static const QRegularExpression re(
      QStringLiteral("^(kwb_pointwise|kwb_softmax|kwb_layer_norm|kwb_group_norm|kwb_gemm)\\("));
  // a row gather with its epilogue (session 46, gatherEpilogue): it stores the run's result as kwb_pointwise did
  static const QRegularExpression gather(QStringLiteral("^kwb_(embedding|index|index2)\\(.*, epi="));
  // an integer scan with its epilogue (session 47, iscanFuse): it stores the run's result as kwb_pointwise did
  static const QRegularExpression iscan(QStringLiteral("^kwb_cumsum_int\\(.*, epi="));
  return re.match(head).hasMatch() || gather.match(head).hasMatch() || iscan.match(head).hasMatch();
}

/// A scan's prologue (issue 14, session 46, scan46): the pointwise run before a float kwb_scan / kwb_cumsum that only
/// it reads is applied as the scan loads each row (kwb_scan's pre=), so that run's launch and its full-size value go.
/// `KWB_SCAN_PROLOGUE=0` in kwb's environment gives the plans before.
bool scanPrologue() { return qEnvironmentVariable("KWB_SCAN_PROLOGUE") != u"0"; }

/// Head-split attention operands read in place (issue 14, session 48, t5rel48): where q, Kᵀ or v is torch's copying
/// reshape [B * H, L, D] of a [B, H, L, D] head-split view (a [B, L, H * D] projection's view + transpose(1, 2),
/// traced as clone + _unsafe_view) that only the attention reads, the line names the 4-d view itself and
/// kwb_attention's flash kernel walks its two lead strides (kwb_attn_heads): one copy launch and the operand's size
/// written and read again fewer per operand. `KWB_ATTN_HEADS=0` in kwb's environment gives the plans before.
bool attnHeads() { return qEnvironmentVariable("KWB_ATTN_HEADS") != u"0"; }

/// A shifted scan (issue 14, session 46, scan46): `scan(cat([c column, y], d), d)[..., :-1]` (NeRF's exclusive
/// cumprod, an exclusive cumsum written with a cat) is kwb_scan(y, d, op, shift=c): the same elements scanned in the
/// same order, without the cat's launch and copy. `KWB_SCAN_SHIFT=0` in kwb's environment gives the plans before.
bool scanShift() { return qEnvironmentVariable("KWB_SCAN_SHIFT") != u"0"; }

/// A float scan's epilogue through its shift's slice or read beside another primary (issue 14, session 47, scan47):
/// the kwb_pointwise launch after a kwb_scan / kwb_cumsum that alone reads its values is applied in the scan's launch
/// (NeRF's `weights = alpha * trans`), its value stored instead of the scan's. `KWB_SCAN_EPILOGUE=0` in kwb's
/// environment gives the plans before.
bool scanEpilogue() { return qEnvironmentVariable("KWB_SCAN_EPILOGUE") != u"0"; }

/// The scan epilogue's precedence (issue 14, session 48, scanprec48): the run after a float scan whose value a later
/// kwb_reduce reduces, with no line between reading it, and that forward() returns or another line reads, is left to
/// that reduction's store-through source (fuseReduceSource, KWB_REDUCE_STORE_PROLOGUE): the same launch count, and
/// the faster plan on the H100 (session 48, docs/results/raw/2026-12-07-s48-scan47-ab.txt: the discounted return,
/// 3.5 us as the reduction's source, 3.9 us as the scan's epilogue). A second pass after fuseReduceSource gives the
/// scan the runs the reduction did not take. Off by default (`KWB_SCAN_EPILOGUE_YIELD=1` turns it on): its A/B on the
/// H100 (docs/results/raw/2026-12-08-s49-scanprec48-ab.txt) won 3-11 % on three rows of 3 us but lost 29 % on the
/// [4096, 1024] discounted return (27.4 against 21.2 us); a size bound for it is not written yet.
bool scanEpilogueYield() { return qEnvironmentVariable("KWB_SCAN_EPILOGUE_YIELD") == u"1"; }

/// Casts as load / store conversions (issue 14, session 38): a tuple's outputs stored in their dtypes by their
/// launches, an integer tensor's widening computed by its reader's launch. `KWB_LOAD_CASTS=0` in kwb's environment
/// gives the plans before (the A/B).
bool loadCasts() { return qEnvironmentVariable("KWB_LOAD_CASTS") != u"0"; }

/// A difference of two aranges (i - j, |i - j|, compared with a number) as a mask from constants (issue 14, session
/// 41, band41: trial 29 #5's `(i - j).abs() > W`): kwb_attention's band predicate, nothing built and the key tiles
/// outside the band not visited. `KWB_INDEX_DIFF_PREDICATE=0` in kwb's environment gives the plans before (the mask
/// computed by a pointwise launch and read per tile; the A/B).
bool indexDiffPredicate() { return qEnvironmentVariable("KWB_INDEX_DIFF_PREDICATE") != u"0"; }

/// A pointwise launch's piece read whole at the launch's own indices passes its tensor plainly, not as kwb_at(...)
/// (session 39, norm39): off until a GPU-time A/B; `KWB_PIECE_OWN_INDEX=1` in kwb's environment turns it on.
bool pieceOwnIndex() { return qEnvironmentVariable("KWB_PIECE_OWN_INDEX") == u"1"; }

/// Row statistics then an apply in one launch (issue 14, session 40, norm40): a cheap value of x and a keepdim
/// statistic of x (`x - u`) read by several pointwise ops is computed by each reader (Planner::recomputeCentred), and
/// the pointwise run over a kwb_rows group's source reading its statistics is that launch's apply=
/// (Planner::fuseRowsApply). `KWB_ROWS_APPLY_PLAN=1` in kwb's environment: every group; `0`: none; `cols`: column
/// groups only (columnRows); unset: column groups where kRowsApplyColumns (the session 41 A/B's default), else none.
/// column: whether the group's rows are columns (columnRows of its source's shape and reduced dims).
constexpr bool kRowsApplyColumns = false;
/// The one-pass column tile (issue 14, session 47, normcf47): a column group's statistics and apply one kwb_rows
/// launch (as `KWB_ROWS_APPLY_PLAN=cols`), the stage's column tiles on with its one-pass rule (kwb_rows_cols and
/// kwb_rows_cols_onepass set after the library: the kept dims adjacent in memory one run, <= 16 elements a thread),
/// and a column group is one whose trailing kept run (not only its last dim) is >= 16 long (ConvNeXt's 7 x 7).
/// `KWB_ROWS_COLS_ONEPASS=1` / `0` in kwb's environment; unset: kRowsColsOnepass (off until its GPU A/B,
/// bench/gpu/normcf47_ab.py: norm41's one launch held the same bytes and lost to two launches on the H100).
constexpr bool kRowsColsOnepass = false;
/// The one-pass column tile's shape by a rule of the shape (issue 14, session 49, normcf49): kwb_rows_cols_rule set
/// after the library too (small CTAs, 128 threads at <= 16 elements each, a column floor of 64 bytes of the contiguous
/// run, >= 8 programs a SM; triton_stages.py _kwb_rows_cols_shape). It acts on the one-pass plan, so it turns that
/// plan on as well. `KWB_ROWS_COLS_TILE=1` / `0` in kwb's environment; unset: kRowsColsTile (off until its GPU A/B,
/// bench/gpu/normcf49_ab.py: same launches and bytes as the one-pass plan, a different tile, so no proof by
/// construction).
constexpr bool kRowsColsTile = false;
bool rowsColsTile() {
  const QString v = qEnvironmentVariable("KWB_ROWS_COLS_TILE");
  return v == u"1" || (v != u"0" && kRowsColsTile);
}
/// A 16-bit input's kwb_rows entries read it as it is (issue 14, session 49, normcf49): an entry over a floating input
/// or a view of it with no prologue dtype (`(x, dims, "mean", True, None, (), (), None)`) names torch.float32, the
/// dtype its statistic had when the input was widened first -- the stage converts its sources as it loads them, so
/// where every other reader converts too the input is no longer copied to fp32 by a launch of its own (06_ in bf16:
/// the widening launch and its 29 MB gone, the same fp32 values reduced). Not var / std entries (the CuTe DSL stage
/// runs those through kwb_var at the source's width). `KWB_ROWS_SRC16=0` in kwb's environment: session 48's entries.
constexpr bool kRowsSource16 = true;
bool rowsSource16() {
  const QString v = qEnvironmentVariable("KWB_ROWS_SRC16");
  return v == u"1" || (v != u"0" && kRowsSource16);
}
bool rowsColsOnepass() {
  const QString v = qEnvironmentVariable("KWB_ROWS_COLS_ONEPASS");
  return v == u"1" || (v != u"0" && kRowsColsOnepass) || rowsColsTile();
}
bool rowsApplyPlan(bool column) {
  const QString v = qEnvironmentVariable("KWB_ROWS_APPLY_PLAN");
  if (v == u"1") return true;
  if (v == u"0") return false;
  return column && (v == u"cols" || kRowsApplyColumns || rowsColsOnepass());
}
/// A reduction op's reduced dims, non-negative, against its first input's rank (absent: every dim).
QList<qint64> reducedDims(const GraphOp& red);

/// Whether any group may take the plan (recomputeCentred's early exit).
bool rowsApplyAny() { return rowsApplyPlan(true); }

/// Rows reduced over dims that leave the innermost dim kept, at least 16 long (session 41, norm41): the stage's
/// kwb_rows_cols tiles them along that dim (a norm over the channels of NCHW, over dim -2 of [B, L, D]). dims:
/// non-negative reduced dims of shape.
bool columnRows(const QList<qint64>& shape, const QList<qint64>& dims) {
  if (shape.isEmpty() || dims.contains(shape.size() - 1)) return false;
  qint64 run = shape.last();  // the one-pass tile merges the trailing kept dims into one run (rowsColsOnepass)
  for (qsizetype d = shape.size() - 2; rowsColsOnepass() && d >= 0 && !dims.contains(d); --d) run *= shape.at(d);
  return run >= 16;
}

/// Whether a view of another value leaves a pending pointwise run open where no open launch could take the run as its
/// epilogue (issue 14, session 39: `x * rank + total.unsqueeze(-1)` was two launches). KWB_VIEW_KEEPS_RUN=0 in kwb's
/// environment: any such view ends the run, the plans before (the A/B).
bool viewKeepsRun() { return qEnvironmentVariable("KWB_VIEW_KEEPS_RUN") != u"0"; }
/// A permute of a pending pointwise run that reads only the open GEMM / convolution's output (and numbers) moves before
/// the run, as a view of that output, and the run goes on through it: the ops are elementwise, so they commute with
/// an index map (issue 14, session 41: `silu(conv(x)).transpose(1, 2) * x` was the conv and a launch for the `* x`).
/// KWB_VIEW_COMMUTE=0 in kwb's environment: the view ends the run, the plans before (the A/B).
bool viewCommute() { return qEnvironmentVariable("KWB_VIEW_COMMUTE") != u"0"; }
/// A constant zero pad of a convolution's spatial dims, read by it alone, is no launch: the convolution reads the
/// pad's source with the pad added to its padding on each side (ConvSpec pad_hi; issue 14, session 41: trial 29's
/// `F.pad(x.transpose(1, 2), (k - 1, 0))` before a causal Conv1d copied its whole input). KWB_CONV_PAD_FOLD=0 in
/// kwb's environment: the pad's launch as before.
bool convPadFold() { return qEnvironmentVariable("KWB_CONV_PAD_FOLD") != u"0"; }

/// A cheap pointwise value recomputed by its larger broadcast readers (Planner::broadcastsRecomputed, session 41,
/// bcast41): the most ops copied for one view, and the switch (KWB_BROADCAST_RECOMPUTE=0 / 1 in kwb's environment).
constexpr int kRecomputeOps = 8;
constexpr bool kBroadcastRecomputeDefault = false;
/// A cat of pointwise parts as one pointwise op joined by where() on the cat's index (Planner::stacksAsPointwise,
/// issue 14, trial 29 #4): on by the rule fuse40's stack A/B supported (one launch fewer, no intermediate);
/// `KWB_CAT_POINTWISE=0` / `1` in kwb's environment turns it off / on.
constexpr bool kCatPointwiseDefault = true;
bool catPointwise() {
  const QString v = qEnvironmentVariable("KWB_CAT_POINTWISE");
  return v.isEmpty() ? kCatPointwiseDefault : v != u"0";
}

/// A select pushed through pointwise ops / stacks / views onto their operands (Planner::selectsPushedDown, session
/// 43, bcast43): the most ops copied for one select, and the switch (KWB_SELECT_PUSHDOWN=0 / 1 in kwb's environment).
/// On since session 45 by giou44's rule (plan44's H100 A/B, docs/results/2026-12-07-s45-lead.md: on at 0.16-0.84x of
/// off's GPU time on every pushdown row, p09 0.38x, the same rel_err).
constexpr int kSelectOps = 24;
constexpr bool kSelectPushdownDefault = true;
bool selectPushdown() {
  const QString v = qEnvironmentVariable("KWB_SELECT_PUSHDOWN");
  return v.isEmpty() ? kSelectPushdownDefault : v != u"0";
}

/// Several fixed columns of one tensor read through one epilogue slot (session 43, slot43): a pointwise run whose
/// operands overflow the slots and include columns of one tensor (a box's x1, y1, x2, y2 as selects or unbind outputs)
/// passes that tensor once (kwb_cols) and loads each column at a constant offset, instead of cutting the run into more
/// launches. On by construction (fewer launches and bytes, the same loads and math); KWB_COLUMN_SLOTS=0: the plan
/// before.
constexpr bool kColumnSlotsDefault = true;
thread_local int t_columnSlotsOff = 0;  // ColumnSlotsOff guards alive on this thread

/// An integer scan's prologue and epilogue (issue 14, session 47, scan47): the pointwise run after kwb_cumsum_int that
/// alone reads its int64 sums (position ids: `(mask.cumsum(1) * mask).clamp(...) + offset`) is applied in the scan's
/// launch to the exact sums (kwb_cumsum_int's epi=, an integer program in int64), and the run before it that only the
/// scan reads (fairseq's `ids.ne(pad).int()`) as it loads x (pre=). `KWB_ISCAN_FUSE=0` in kwb's environment gives the
/// plans before.
/// The CuTe DSL's plan (made under ColumnSlotsOff, cuteChainPlan) keeps them as launches: its kwb_cumsum_int is a
/// serial Int64 scan per row that takes no pre / epi.
bool iscanFuse() { return t_columnSlotsOff == 0 && qEnvironmentVariable("KWB_ISCAN_FUSE") != u"0"; }
bool columnSlots() {
  if (t_columnSlotsOff > 0) return false;
  const QString v = qEnvironmentVariable("KWB_COLUMN_SLOTS");
  return v.isEmpty() ? kColumnSlotsDefault : v != u"0";
}

/// A cat of more than four parts in ceil(N / kCatGroup) launches, its epilogue fused in each (kwb_cat's
/// kwb_cat_groups, _kwb_cat_group_kernel; session 45, cat45): on by construction (the bytes of the one copy per
/// part, no epilogue pass). `KWB_CAT_GROUPS=0` in kwb's environment gives the plan before (a cat counted as one
/// launch by the CUDA graph rule) and reports the launches the path before makes (one copy per part, then the
/// epilogue) as the kernel, imported where it is 0 too, makes them. The CuTe DSL stage set's kwb_cat copies one part
/// a launch whatever the count: its plan (made under ColumnSlotsOff, cuteChainPlan) reports that.
constexpr qint64 kCatGroup = 8;
bool catGroups() { return qEnvironmentVariable("KWB_CAT_GROUPS") != u"0"; }

/// The kernel launches kwb_cat makes for @p parts parts (>= 1), @p epi whether an epilogue is fused into it: the
/// CuTe DSL's (under ColumnSlotsOff) one copy per part and the epilogue's own launch; Triton's one launch up to four
/// parts (_kwb_cat_kernel), more: ceil(parts / kCatGroup) with catGroups(), else the CuTe DSL's count.
/// "1 launch" / "@p n launches" (the kernel's comments, the launch-path row).
QString launchesText(qint64 n) { return n == 1 ? QStringLiteral("1 launch") : QStringLiteral("%1 launches").arg(n); }

qint64 catLaunches(qint64 parts, bool epi) {
  if (t_columnSlotsOff == 0 && parts <= 4) return 1;
  return t_columnSlotsOff == 0 && catGroups() ? (parts + kCatGroup - 1) / kCatGroup : parts + (epi ? 1 : 0);
}

/// A stack's pure part copied where a pushed-down select reads it (Planner::selectsPushedDown, session 44, giou44):
/// `torch.stack([cx - 0.5 * w, ...], -1)[:, 0]` is a copy of `cx - 0.5 * w` over cx's and w's columns instead of the
/// part's [N] value, so the select's launch reads the box tensor's columns (one kwb_cols slot) and the part is
/// recomputed per element of its broadcast readers (broadcastsRecomputed lifts the copies whatever its own switch).
/// Only cheap arithmetic (kPartCopyOps) is copied. On by construction (the parts' [N] values are no longer written and
/// read back, the same ops per element); acts only with KWB_SELECT_PUSHDOWN on; KWB_STACK_PART_COPY=0: the plan
/// before.
constexpr bool kStackPartCopyDefault = true;
bool stackPartCopy() {
  const QString v = qEnvironmentVariable("KWB_STACK_PART_COPY");
  return v.isEmpty() ? kStackPartCopyDefault : v != u"0";
}
/// The ops a stack's part copy may hold: a few flops each (no transcendental is recomputed per broadcast element).
bool partCopyOp(const QString& name) {
  static const QSet<QString> ops = {QStringLiteral("add"),   QStringLiteral("sub"),       QStringLiteral("rsub"),
                                    QStringLiteral("mul"),   QStringLiteral("div"),       QStringLiteral("neg"),
                                    QStringLiteral("abs"),   QStringLiteral("maximum"),   QStringLiteral("minimum"),
                                    QStringLiteral("clamp"), QStringLiteral("clamp_min"), QStringLiteral("clamp_max"),
                                    QStringLiteral("relu"),  QStringLiteral("square")};
  return ops.contains(name);
}

bool broadcastRecompute() {
  const QString v = qEnvironmentVariable("KWB_BROADCAST_RECOMPUTE");
  return v.isEmpty() ? kBroadcastRecomputeDefault : v != u"0";
}

/// A one_hot operand recomputed by its larger broadcast reader (Planner::broadcastsRecomputed, session 48, router48;
/// issue 14, 03_switch_router_capacity): `F.one_hot(idx, C).to(float)` read as `slot[:, None, :]` by a [T, E, C]
/// product is a float cast of `idx[:, None] == arange(C)`: its integer / bool intermediates, the full-range slices
/// (`x[:, None, :]` traces as slice, unsqueeze, slice) and the arange (a constant of the sizes, one small read) do not
/// stop the copy, so the product computes `loc == c` per element instead of a launch writing the [T, C] one_hot and
/// the product reading it back. Acts on one_hot values whatever KWB_BROADCAST_RECOMPUTE says (that switch's other
/// values keep its rule). Off until router48's GPU A/B decides (bench/gpu/router48_ab.py); `KWB_ONEHOT_RECOMPUTE=1` in
/// kwb's environment turns it on.
bool oneHotRecompute() { return qEnvironmentVariable("KWB_ONEHOT_RECOMPUTE") == u"1"; }

/// A softmax / log_softmax read only through its row statistic (issue 14, session 49, rowstat49): a softmax over dim d
/// of u whose every reader is a pointwise op, a reduction or a gather along d is `lse = logsumexp(u, d, keepdim)` and
/// `u - lse` (`exp(u - lse)`), a gather of it the same of u's gathered elements (Planner::softmaxThroughLse). The
/// full-size probabilities are then never stored and read back: the row statistic is a reduction of u (its prologue
/// u's run), the rest a prologue of the reductions that read it (KL divergence's and label smoothing's row sums,
/// kwb_rows siblings of the statistic). `KWB_SOFTMAX_LSE=1` in kwb's environment turns it on; off until
/// bench/gpu/rowstat49_ab.py decides (docs/results/2026-12-08-rowstat49.md: the rows it buys split into more
/// launches on the short rows, so "fewer launches" does not hold by construction).
bool softmaxLse() { return qEnvironmentVariable("KWB_SOFTMAX_LSE") == u"1"; }

/// A view op the planner inserts at @p site's place (its function and line): @p name with @p args, reading @p from,
/// [@p in] -> [@p out] of @p dtype, its result named by @p id.
GraphOp viewAt(const GraphOp& site, const QString& id, const QString& name, const QString& from, const json& args,
               const QList<qint64>& in, const QList<qint64>& out, const QString& dtype) {
  GraphOp u;
  u.id = id;
  u.name = name;
  u.function = site.function;
  u.line = site.line;
  u.view = true;
  u.refs = {from};
  u.args = args;
  u.inputs = {TensorInfo{QString(), in, dtype, QString()}};
  u.outputs = {TensorInfo{QString(), out, dtype, id}};
  return u;
}

/// The sum over the classes of a cross-entropy's log_softmax (label smoothing's `-logp.sum(1)`) accumulated by the
/// loss's own walk over the logits (kwb_nll row_sum=True; issue 14, session 41, ce41): one read of the logits instead
/// of the log_softmax written full size and read twice. `KWB_NLL_ROW_SUM=0` in kwb's environment gives the plan before.
bool nllRowSum() { return qEnvironmentVariable("KWB_NLL_ROW_SUM") != u"0"; }

/// A reduction whose source is the value of a pointwise run that other lines read too or forward() returns (issue 14,
/// session 47, mamba47: Mamba's decode step returns its state update h_new and reduces h_new * C along N): the
/// reduction computes the run from its operand as it loads each row, stores the value as a second result and reduces it
/// (kwb_reduce(..., src=): Planner::fuseReduceSource), so the run's launch and the re-read of its value go. On by
/// construction (one launch and one full-size read fewer, the same math: the reduction reads the value rounded to its
/// stored dtype, as it read it back before); `KWB_REDUCE_STORE_PROLOGUE=0` in kwb's environment gives the plans before.
bool reduceStoreSource() { return qEnvironmentVariable("KWB_REDUCE_STORE_PROLOGUE") != u"0"; }

/// A reduction's pointwise consumer as its epilogue (Planner::fuseReduceEpilogue, session 40): on by small40's rule
/// (H100, docs/results/2026-12-06-small40.md: mine-off / mine 1.02x, 1.04x, 1.63x GPU time on its three members);
/// `KWB_REDUCE_EPILOGUE=0` / `1` in kwb's environment turns it off / on.
constexpr bool kReduceEpilogueDefault = true;
bool reduceEpilogue() {
  const QString v = qEnvironmentVariable("KWB_REDUCE_EPILOGUE");
  return v.isEmpty() ? kReduceEpilogueDefault : v != u"0";
}

/// A p-norm's pointwise consumer as its epilogue (Planner::fuseReduceEpilogue on kwb_pnorm lines, issue 14, session
/// 43, pnorm43: F.normalize's clamp_min(eps) on the [rows, 1] norm was a launch of its own after the norm's). On by
/// construction (one launch and one write and read of the statistic fewer; the run applied to each result in fp32
/// as the norm stores it, as kwb_reduce's epilogue); `KWB_PNORM_EPILOGUE=0` in kwb's environment gives the plans
/// before. Needs KWB_REDUCE_EPILOGUE on.
bool pnormEpilogue() { return qEnvironmentVariable("KWB_PNORM_EPILOGUE") != u"0"; }

/// A stage's prologue from a pointwise run that is not the line right before it (Planner::fuseRows' preSource, issue
/// 14, session 42, sib42): launches between them that neither read the run's value nor write what it reads, the run
/// computed inside the stage (trial 29's focal loss: `targets.sum()` between the loss's run and `loss.sum()` kept the
/// loss written and read back, 38 MB each way). On by construction (one launch and one intermediate fewer, the same
/// math in the same order); `KWB_PROLOGUE_REACH=0` in kwb's environment gives the plans before.
bool prologueReach() { return qEnvironmentVariable("KWB_PROLOGUE_REACH") != u"0"; }
/// Sibling whole-tensor reductions as one kwb_reduce_multi launch (Planner::fuseSiblingReduces, issue 14, session 42,
/// sib42): on by construction (one pass over the sources and one launch pair instead of one per reduction; each
/// result's walk, tiles and order of accumulation are kwb_reduce's). `KWB_SIBLING_REDUCE=0` in kwb's environment gives
/// the plans before.
bool siblingReduce() { return qEnvironmentVariable("KWB_SIBLING_REDUCE") != u"0"; }

/// A pointwise run that makes a one-pass row group's source and whose value other lines read too (a residual add
/// before an RMS norm, the sum also returned: Planner::fuseRows, issue 14, session 43, fuse43): kwb_row1 computes it
/// from its operands as it loads the row and stores it as a second result, so the run's launch and the row pass's
/// re-read of its value go. On by construction (one launch and one read of the value fewer, the same math: the row
/// pass reads the value rounded to its stored dtype, as it read it back before); `KWB_ROW_SOURCE=0` in kwb's
/// environment gives the plans before.
bool rowSource() { return qEnvironmentVariable("KWB_ROW_SOURCE") != u"0"; }

/// A one-pass row group whose post is a piece (a pointwise run of x reading the statistic, computed by its one reader's
/// launch while kwb_piecewise_reads is on: F.normalize(img) read only by `exp(s) * img`) takes that reader's piecewise
/// form as its post, the reader moved to the group's place (Planner::fuseRows' pieceReader; issue 14, session 44,
/// norm44). On by construction (the statistic's launches and a re-read of x fewer, the same math: the reader's own
/// piecewise epilogue); `KWB_ROW_PIECE_READER=0` in kwb's environment gives the plans before.
bool rowPieceReader() { return qEnvironmentVariable("KWB_ROW_PIECE_READER") != u"0"; }

/// A one-pass row group whose pieces are not adjacent in the lines (issue 14, session 45, slow45): the pointwise run
/// before the reduction is read by the group's apply too (PointNet++'s `w = 1 / (dist + eps); w / w.sum(-1, keepdim)`),
/// so it is no prologue, and plain views of other values stand between the statistic and its apply (`idx.reshape(...)
/// .expand(...)` written between them). On, the run is the group's source (rowSource: kwb_row1 computes it as it
/// loads the row and stores it as a second result) instead of a prologue the apply cannot read, and those views, which
/// read nothing of the group, are moved before it. On by construction (the run's and the apply's launches and two
/// re-reads of the run's value fewer, the same math); `KWB_ROW_SOURCE_REACH=0` in kwb's environment gives the plans
/// before (the run, the reduction and the apply one launch each). A group the row-apply plan takes
/// (KWB_ROWS_APPLY_PLAN=1 or cols, off by default until its A/B) is left to it: its kwb_rows plans stay as they were.
bool rowSourceReach() { return qEnvironmentVariable("KWB_ROW_SOURCE_REACH") != u"0"; }

/// Gathers with neighbours (issue 14, session 46, gather46): a row gather (kwb_embedding, kwb_index at dim 0,
/// kwb_index2 at dims 0, 1) of a float tensor is an anchor, the pointwise run that alone reads its result (and
/// broadcast values) applied in its launch before the store. `KWB_GATHER_EPILOGUE=0` in kwb's environment gives the
/// plans before (the run its own kwb_pointwise launch).
bool gatherEpilogue() { return qEnvironmentVariable("KWB_GATHER_EPILOGUE") != u"0"; }

/// The pointwise launch that computes a row gather's index (`lengths - 1`, `(ids % V)`, a clamp of positions) and
/// that nothing else reads, computed in the gather's launch from the index's inputs as it loads the index (pre=,
/// fusePrologue's rule for a GEMM's A operand: the last launch, only views after it) (issue 14, session 46).
/// `KWB_GATHER_PROLOGUE=0` in kwb's environment gives the plans before (the index written by its own launch).
bool gatherPrologue() { return qEnvironmentVariable("KWB_GATHER_PROLOGUE") != u"0"; }

/// A gathered reduction over dims that are not the gathered view's trailing ones (issue 14, session 47, knn47): a
/// torch.gather of channels-last points ([B, N, C] gathered along N as [B, M, K, C]) summed over K (dim -2) is
/// kwb_reduce_gathered as the trailing case is (at most two reduced dims); its stage takes them in one [C, M] tile
/// launch where its views allow and the run is short (triton_epilogue.py kwb_reduce_gathered_tile_any_max_l), else
/// runs kwb_gather then kwb_reduce, the plan before. Off by default since its GPU A/B (session 48, H100,
/// bench/gpu/knn47_ab.py): 2.09x / 1.09x faster at 05_knn's sizes but 1.04x / 1.37x slower on the small fixtures,
/// which its rule does not allow. `KWB_GATHER_REDUCE_DIMS=1` turns it on (trailing dims only without it: the gather
/// written by its own launch).
bool gatherReduceDims() { return qEnvironmentVariable("KWB_GATHER_REDUCE_DIMS") == u"1"; }

/// The weights' row pass as the gathered reduction's own work (issue 14, session 47, knn47): a one-pass row launch
/// (kwb_row1: three_interpolate's `w / w.sum(-1)`) whose output only a kwb_reduce_gathered's prologue reads, itself or
/// through plain views, is deferred to it (`defer=True`): the stage's tile computes the rows its columns read in its
/// own launch (one launch where there were two). `KWB_GATHER_REDUCE_ROW=1` in kwb's environment turns it on (off until
/// its GPU A/B: the tile it runs in is not yet measured against the row tiles).
bool gatherReduceRow() { return qEnvironmentVariable("KWB_GATHER_REDUCE_ROW") == u"1"; }

/// A count's bool run as its prologue (issue 14, session 46, gather46): the launch that compares an integer tensor and
/// stores a bool mask (`ids > 2**24`, out_dtype=torch.bool) that only a sum reads is that sum's prologue
/// (kwb_reduce(..., pre=, pre_dtype=torch.bool): the count's fp32 accumulation of 0 / 1, as before, with the
/// comparison applied as each element is loaded). `KWB_INT_REDUCE_PROLOGUE=0` gives the plans before.
bool intReducePrologue() { return qEnvironmentVariable("KWB_INT_REDUCE_PROLOGUE") != u"0"; }

/// kwb_nll reads its logits in their dtype (session 41, ce41): a 16-bit input read only by it is not widened by a
/// copy first (it stores out_dtype=torch.float32). `KWB_NLL_WIDENS_ON_LOAD=0` in kwb's environment: the copy as before.
bool nllWidensOnLoad() { return qEnvironmentVariable("KWB_NLL_WIDENS_ON_LOAD") != u"0"; }

/// The stage calls that read their first tensor in any dtype, compute in fp32 and keep nothing in its dtype but
/// their result (whose dtype out_dtype= gives): a 16-bit forward() input they read needs no widening copy first.
bool widensOnLoad(const QString& head) {
  return head.startsWith(QLatin1String("kwb_pointwise(")) || head.startsWith(QLatin1String("kwb_softmax(")) ||
         head.startsWith(QLatin1String("kwb_pointwise_piece(")) ||  // kwb_pointwise where it runs (a piece, switch off)
         (nllWidensOnLoad() && head.startsWith(QLatin1String("kwb_nll(")));
}

/// The spans (start, length) in @p code of the first @p count top-level arguments of its first call (`f(a, b.t(),
/// c)` -> `a`, `b.t()`), each without the blanks around it; fewer where the call has fewer.
QList<std::pair<qsizetype, qsizetype>> callArgSpans(const QString& code, int count) {
  QList<std::pair<qsizetype, qsizetype>> spans;
  qsizetype start = code.indexOf(u'(') + 1;
  if (start <= 0) return spans;
  int depth = 0;
  for (qsizetype k = start; k < code.size() && spans.size() < count; ++k) {
    const QChar c = code.at(k);
    if (c == u'(' || c == u'[') ++depth;
    const bool end = depth == 0 && (c == u',' || c == u')');
    if ((c == u')' || c == u']') && depth > 0) --depth;
    if (!end) continue;
    qsizetype a = start, b = k;
    while (a < b && code.at(a).isSpace()) ++a;
    while (b > a && code.at(b - 1).isSpace()) --b;
    spans.append({a, b - a});
    if (c == u')') break;
    start = k + 1;
  }
  return spans;
}

/// Whether @p code reads the values of tensor @p name, not only its shape, dtype, device, rank or size.
bool readsValues(QString code, const QString& name) {
  const QString n = QRegularExpression::escape(name);
  code.remove(
      QRegularExpression(QStringLiteral("\\b%1\\.(shape\\b|dtype\\b|device\\b|dim\\(\\)|size\\(|numel\\(\\))").arg(n)));
  return code.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(n)));
}

/// The name an argument expression starts from (`t1` of `t1.t()`), "" when it starts otherwise.
QString leadingName(const QString& arg) {
  static const QRegularExpression re(QStringLiteral("^([A-Za-z_]\\w*)(\\.|\\[|$)"));
  const auto m = re.match(arg);
  return m.hasMatch() ? m.captured(1) : QString();
}

/// A line of one view statement and no launch (`t3 = t2.reshape(...)`, a select, a transpose), with a target.
bool isPlainView(const Line& l) {
  return l.launch < 0 && l.isView && l.before.isEmpty() && !l.target.isEmpty() && !l.head.contains(u'\n') &&
         !l.head.contains(QLatin1String("kwb_"));
}

/// A kwb_gemm launch (mm, bmm, addmm, linear, baddbmm's product): it reads its operands a and w at their own width
/// (16-bit operands on the tensor cores at the 16-bit rate, fp32 accumulation) and stores a's dtype by default.
bool isGemmCall(const QString& head) {
  return head.startsWith(QLatin1String("kwb_gemm(")) || head.startsWith(QLatin1String("kwb_gemm_dual("));
}

/// @p l marked as a reduction the one-pass row fusion may take (Planner::fuseRows): input, dims, kwb_row1 op.
Line rowFusable(Line l, const QString& x, const QList<qint64>& dims, const QString& op, const QString& q, bool keep);

bool isNormOp(const QString& n) {
  static const QSet<QString> s = {QStringLiteral("native_batch_norm"),
                                  QStringLiteral("_native_batch_norm_legit"),
                                  QStringLiteral("_native_batch_norm_legit_no_training"),
                                  QStringLiteral("_batch_norm_with_update"),
                                  QStringLiteral("_batch_norm_no_update"),
                                  QStringLiteral("batch_norm"),
                                  QStringLiteral("native_group_norm"),
                                  QStringLiteral("group_norm"),
                                  QStringLiteral("native_layer_norm"),
                                  QStringLiteral("layer_norm")};
  return s.contains(n);
}

/// Pointwise ops whose cost is special-function work (exp / log / tanh / erf inside), by aten name.
bool isTranscendental(const QString& n) {
  static const QSet<QString> s = {
      QStringLiteral("mish"),  QStringLiteral("gelu"),    QStringLiteral("softplus"),   QStringLiteral("tanh"),
      QStringLiteral("erf"),   QStringLiteral("exp"),     QStringLiteral("log"),        QStringLiteral("log1p"),
      QStringLiteral("expm1"), QStringLiteral("elu"),     QStringLiteral("selu"),       QStringLiteral("celu"),
      QStringLiteral("silu"),  QStringLiteral("sigmoid"), QStringLiteral("logsigmoid"), QStringLiteral("pow")};
  return s.contains(n);
}

/// A Python tuple of @p l: "()", "(a,)", "(a, b)".
QString pyTupleOf(const QStringList& l) {
  return u'(' + l.join(QStringLiteral(", ")) + (l.size() == 1 ? QStringLiteral(",)") : QStringLiteral(")"));
}

QString pyList(const QList<qint64>& v) {
  QStringList p;
  for (qint64 x : v) p << QString::number(x);
  return u'[' + p.join(QStringLiteral(", ")) + u']';
}

QString pyNum(const json& v) {
  if (v.is_number_integer()) return QString::number(v.get<qint64>());
  if (v.is_number()) return pyFloat(v.get<double>());
  if (v.is_boolean()) return pyBool(v.get<bool>());
  return QStringLiteral("None");
}

/// Integer dims of a reduction's `dim` argument (an int, a list, or absent = all dims).
QList<qint64> dimsOf(const json& args) {
  QList<qint64> d;
  if (!args.is_object() || !args.contains("dim")) return d;
  const json& v = args.at("dim");
  if (v.is_number_integer())
    d << v.get<qint64>();
  else if (v.is_array())
    for (const auto& e : v)
      if (e.is_number_integer()) d << e.get<qint64>();
  return d;
}

/// A plan label's "over dims [1, 2]", or "over all elements" where @p d is empty (no dim argument: every dim is
/// reduced; "dims []" read as none, new-user trial 30 #8).
QString overDimsText(const QList<qint64>& d) {
  return d.isEmpty() ? QStringLiteral("over all elements") : QStringLiteral("over dims %1").arg(pyList(d));
}

/// Renames every string ref of @p c (its refs, and its pointwise form's args and kwargs) for which @p from holds to
/// @p to. @p c is one of the planner's own ops (m_ops / m_synth, non-const storage), so the walk's iterators stay
/// valid.
void renameRefs(const GraphOp& c, const std::function<bool(const QString&)>& from, const QString& to) {
  auto& m = const_cast<GraphOp&>(c);
  for (QString& r : m.refs)
    if (!r.isEmpty() && from(r)) r = to;
  if (!m.pw.is_object()) return;
  for (auto& a : m.pw["args"])
    if (a.is_string() && from(QString::fromStdString(a.get<std::string>()))) a = to.toStdString();
  if (m.pw.contains("kwargs"))
    for (auto& [k, v] : m.pw["kwargs"].items())
      if (v.is_string() && from(QString::fromStdString(v.get<std::string>()))) v = to.toStdString();
}

QList<qint64> reducedDims(const GraphOp& red) {
  const qsizetype rank = red.inputs.isEmpty() ? 0 : red.inputs.first().shape.size();
  QList<qint64> d = dimsOf(red.args);
  if (d.isEmpty())
    for (qint64 k = 0; k < rank; ++k) d << k;
  for (qint64& k : d)
    if (k < 0) k += rank;
  return d;
}

/// torch's random factories a forward() may call for an initial state (torch.randn(...) in 35_LSTM).
bool isRandomDraw(const QString& n) { return n == u"randn" || n == u"rand"; }

/// The softmax ops of the stage library's kwb_softmax: aten::_softmax / softmax (torch.softmax, F.softmax), their
/// log forms, and _safe_softmax (softmax, except that a row whose every element is -inf gives 0, not NaN; what
/// torch >= 2.5 traces for nn.MultiheadAttention and the math SDPA).
bool isSoftmaxOp(const QString& n) {
  return n == u"_softmax" || n == u"softmax" || n == u"_log_softmax" || n == u"log_softmax" || n == u"_safe_softmax";
}

/// A constant factory's kind without its tensor-method prefix: x.new_zeros(B, H) is "zeros" (of x's dtype and device,
/// which every chain intermediate shares), x.new_full(s, v) is "full".
QString factoryKind(const QString& n) { return n.startsWith(QLatin1String("new_")) ? n.mid(4) : n; }

/// torch's constant factories (a causal mask's torch.ones(T, T)), their _like forms and the tensor-method forms
/// (x.new_zeros / new_ones / new_full: an RNN's initial state on the input's device; new-user trial 12, #4).
bool isFactory(const QString& n) {
  const QString k = factoryKind(n);
  if (k != n) return k == u"ones" || k == u"zeros" || k == u"full";
  return n == u"ones" || n == u"zeros" || n == u"full" || n == u"ones_like" || n == u"zeros_like" || n == u"full_like";
}

bool isIntegralDtype(const QString& d) {
  return d == u"int64" || d == u"int32" || d == u"int16" || d == u"int8" || d == u"uint8";
}

/// The reductions kwb_reduce computes of an integer or bool tensor: the stage library's own _kwb_int_reduce_ops line
/// (triton_stages.py), read once from the compiled-in resource, so the planner can never promise one the stage refuses
/// at run time (session 34: t20i_int_mod_count planned amax of an int64, every case failed). Empty (every integer
/// reduction refused) if the line is missing.
const QSet<QString>& stageIntegerReductions() {
  static const QSet<QString> ops = [] {
    QSet<QString> r;
    QString err;
    const QString lib = readResourceText(QStringLiteral(":/kwb/templates/kernels/triton_stages.py"), &err);
    static const QRegularExpression line(QStringLiteral(R"re(^_kwb_int_reduce_ops = \(([^)]*)\))re"),
                                         QRegularExpression::MultilineOption);
    const auto m = line.match(lib);
    if (!m.hasMatch()) return r;
    static const QRegularExpression name(QStringLiteral(R"re("(\w+)")re"));
    for (auto it = name.globalMatch(m.captured(1)); it.hasNext();) r.insert(it.next().captured(1));
    return r;
  }();
  return ops;
}

/// Whether the spec traced op @p id's first input contiguous (its recorded strides the row-major ones; true when
/// the spec has no strides for it).
bool inputContiguousAtSpec(const json& spec, const QString& id) {
  for (const json& o : spec.value("ops", json::array())) {
    if (!o.is_object() || QString::fromStdString(o.value("id", std::string())) != id) continue;
    const json in = o.value("inputs", json::array());
    if (!in.is_array() || in.empty() || !in.at(0).is_object()) return true;
    const json shape = in.at(0).value("shape", json::array()), stride = in.at(0).value("stride", json::array());
    if (!shape.is_array() || !stride.is_array() || shape.size() != stride.size()) return true;
    qint64 want = 1;
    for (std::size_t k = shape.size(); k-- > 0;) {
      if (!shape.at(k).is_number_integer() || !stride.at(k).is_number_integer()) return true;
      const qint64 sz = shape.at(k).get<qint64>();
      if (sz != 1 && stride.at(k).get<qint64>() != want) return false;
      want *= sz;
    }
    return true;
  }
  return true;
}

// The plan's configuration rows, from its own launches (defined below).
QString fusionRow(const ChainPlan& plan);
QString stagesRow(const ChainPlan& plan);

class Planner {
 public:
  /// @p fuseEvalNorm: a batch norm with running statistics becomes a per-channel affine pointwise op (eval
  /// mode's arithmetic), fused like any pointwise run; false keeps it a kwb_batch_norm launch (training mode).
  /// @p firstEpi: the number of the first epilogue function (_kwb_epi<n>), so two plans can share a module.
  Planner(const OpGraph& g, const json& spec, bool fuseEvalNorm = false, int firstEpi = 0)
      : m_g(g), m_spec(spec), m_ops(g.ops), m_epis(firstEpi), m_fuseEvalNorm(fuseEvalNorm) {}

  std::optional<ChainPlan> run(QString* whyNot);
  int epilogueCount() const { return m_epis; }
  int evalNorms() const { return m_evalNorms; }

 private:
  const OpGraph& m_g;
  const json& m_spec;
  /// A float64 problem (dtyperule.h float64Use): a run-time float reaches an epilogue as an fp32 pair hi + lo
  /// (_kwb_f64_pair), where the launch's scalar slots hold two per float: Triton passes a float argument as fp32.
  bool m_float64 = float64Use(m_spec).all;
  QList<GraphOp> m_ops;                 // the graph's ops with in-place writes renamed (renameInPlace)
  QHash<QString, QString> m_outRename;  // an in-place op's target -> its id (for the output's ref)
  ViewWrites m_viewWrites;              // writes through views rewritten out of place (functionalizeViewWrites)
  QHash<QString, QString> m_viewOut;    // a traced result ref -> its ref after that rewrite
  QHash<QString, QString> m_alias;      // op id -> the ref whose value it is (clone, detach, dropout in eval)
  QHash<QString, Val> m_vals;
  /// The probe's resize check (resources/python/probe_resize.py): forward() traced again with every size the harness
  /// resizes multiplied by its own prime. m_resize: size -> its resized value (empty: no check, sizes bound by value
  /// as before); m_shape2: a value's expression -> its shape at the resized sizes; m_args2: op id -> the non-tensor
  /// arguments that differ there.
  QHash<qint64, qint64> m_resize;
  QHash<QString, QList<qint64>> m_shape2;
  QHash<QString, json> m_args2;
  void readResizeCheck();
  /// Dim @p d of value @p expr at the resized sizes (nullopt: unknown).
  std::optional<qint64> dim2(const QString& expr, int d) const {
    const QList<qint64> s = m_shape2.value(expr);
    if (m_resize.isEmpty() || d < 0 || d >= s.size()) return std::nullopt;
    return s.at(d);
  }
  /// Non-tensor argument @p key of @p op at the resized sizes (nullopt: no resize check for it).
  std::optional<json> arg2(const GraphOp& op, const char* key) const {
    if (m_resize.isEmpty() || !m_shape2.contains(op.id)) return std::nullopt;
    const json d = m_args2.value(op.id, json::object());
    return d.contains(key) ? d.at(key) : op.args.value(key, json());
  }
  /// The integer @p v at the resized sizes, given its value there @p j (nullopt when unknown or not an integer).
  static std::optional<qint64> int2(const std::optional<json>& j) {
    if (!j || !j->is_number_integer()) return std::nullopt;
    return j->get<qint64>();
  }
  /// A size @p s of the spec that is @p s2 at the resized sizes, as a run-time expression: the literal when it did
  /// not change although s was resized (a constant of the model: a GQA repeat factor equal to the batch is no
  /// batch; a size the check did not resize, tied to the model, binds by value as before), runtimeSize when it
  /// became the resized value of @p s (it follows the input dims of that size), else the literal under
  /// specChecked (it depends on the sizes in a way the planner does not derive). No check (s2 unknown):
  /// runtimeSize, the binding by value of specs without the check.
  QString sizeExpr(qint64 s, std::optional<qint64> s2, const QString& what) const;
  /// `kwb_at_spec(what, literal, (input dim, size at the spec), ...)`: the literal while every resizable input dim
  /// has its size at the spec, else a ValueError naming @p what (never a silently wrong constant).
  QString specChecked(const QString& literal, const QString& what) const;
  /// A size @p s of the spec that is @p s2 at the resize check and is the pooled length of a spatial dim of a max /
  /// avg pool of the graph (a slice to another pool's length, a[..., : m.shape[-1]]; new-user trial 20 #1):
  /// `kwb_pool_len(L, kernel, stride, padding, dilation, ceil_mode)` with L that pool's input dim as a run-time
  /// size (sizeExpr), PyTorch's formula checked at both sizes; nullopt when no pool explains both or L itself is
  /// held at the spec.
  std::optional<QString> poolLength(qint64 s, qint64 s2) const;
  /// A size @p s of the spec that is @p s2 at the resize check as d // r of one resized input dim (an exact
  /// quotient at both points: a dim split by a constant factor) or (p d1 +- q d2) // r of two, p, q, r in {1, 2} (a
  /// centre crop's bounds): the Python expression, "" when none fits both points.
  QString sizeCombination(qint64 s, qint64 s2) const;
  mutable int m_poolDepth = 0;  ///< poolLength -> sizeExpr -> poolLength (a pool of a pool) stays bounded
  /// A number @p v of the spec that is @p v2 at the resize check as c * X.shape[k] ** p, with X.shape[k] a
  /// resized input dim and p one of +-1/4, +-1/2, +-1, +-2 (a head_dim ** -0.25 that SDPA's math decomposition
  /// puts on q and k, a 1 / n mean): the Python expression, nullopt when no single dim and power explain both.
  std::optional<QString> sizePower(double v, double v2) const;
  /// Pointwise literals that follow the input sizes as a sizePower become scalar inputs of their run (named
  /// kwb_szN in the mini program, m_sizeScalar: name -> expression, passed at run time as epi_scalars), and
  /// guardArgs no longer holds them at the spec's sizes. m_args2 keeps them: an attention scale reads it.
  void sizeScalars();
  QHash<QString, QString> m_sizeScalar;
  QHash<QString, QSet<QString>> m_sizeScalarKeys;  ///< op id -> its arguments sizeScalars passes at run time
  QSet<QString> m_live;         // resolved refs forward()'s result depends on (dead-code elimination)
  QStringList m_outRefs;        // forward()'s outputs (refs after in-place renames): one, or a tuple's in order
  QHash<QString, int> m_uses;   // resolved ref -> how many op operands (and the output) read it
  QSet<QString> m_dropoutMask;  // refs that are a dropout mask (bernoulli_ and its scaling)
  /// Writes into forward()'s own buffers (bufferwrites.h): copy_ / fill_ / zero_ op id -> the buffer's op id; and
  /// the empty factories they write (allocated, not scratch).
  BufferWrites m_buffers;
  /// kwb_copy_into of a copy_ / fill_ / zero_ into a buffer (or a slice / select of it): one copy launch.
  bool bufferWrite(const GraphOp& op);
  /// A buffer's writes in trace order: empty factory op id -> (the write's op id, its kwb_copy_into line in m_lines).
  QHash<QString, QList<QPair<QString, int>>> m_bufWriteLines;
  /// A value assembled from pieces along one dim (issue 14, session 25; core/codegen/indexmap.h): an empty buffer whose
  /// writes partition it, each element written once. A pointwise launch that alone reads it reads each piece's source
  /// where the output index falls in that piece (pieceLoad), so neither the writes nor the launches that computed
  /// their sources run (kwb_piecewise_reads; off: the plan before).
  struct Piece {
    enum class Kind { Tensor, Launch, Const } kind = Kind::Tensor;
    QString expr;           ///< Tensor: the source's expression, at the piece's shape (unsqueezed where `squeezed`)
    int line = -1;          ///< Launch: the kwb_pointwise line that computes the source (read by this write alone)
    json fill;              ///< Const: the value written (fill_ / zero_)
    QString view;           ///< the written view's expression (its start along the dim at run time: kwb_piece_starts)
    QString dtype;          ///< Tensor: the source's dtype
    bool squeezed = false;  ///< the piece lacks the dim (a select write): its sources are unsqueezed there
    int writeLine = -1;     ///< its kwb_copy_into line
    qint64 lo = 0;          ///< its start along the dim at the spec's sizes
  };
  struct Piecewise {
    int dim = 0;
    QString buffer;  ///< the buffer's expression ("" for a cat)
    QList<Piece> pieces;
    QString starts;    ///< the epilogue scalars of the cut points (a starred call), "" for one piece
    int catLine = -1;  ///< a cat's line (kwb_cat_piece while it is read piece by piece)
  };
  /// A cat's or stack's parts (resolved refs, and their expressions as its line writes them: a stack's unsqueezed),
  /// its dim in the result and its line: a cat is a value assembled from pieces too.
  struct CatParts {
    QStringList refs, exprs;
    int dim = 0;
    bool stack = false;
    int line = -1;
  };
  QHash<QString, CatParts> m_cats;
  /// Whether pointwise launch result @p ref (its line a plain kwb_pointwise that nothing but one reader reads) can be
  /// computed inside that reader instead: its line index, else -1.
  int inlinableLaunch(const QString& ref) const;
  /// The pieces of @p r (an empty buffer, or the result of a write of the whole of one) where they partition it
  /// along one dim in trace order and @p reads are all the reads of it and of its writes' results besides the
  /// writes themselves; nullopt otherwise (overlapping or partial writes, a write through any other view, another
  /// reader: the plan before stands).
  std::optional<Piecewise> piecewiseOf(const QString& r, int reads);
  QList<Line> m_lines;
  /// Dims a reshape merged (their sizes at the spec, the value and its first dim): a later split of the same
  /// sizes takes its run-time sizes from there (a merge and its inverse around a softmax or a norm).
  struct Merge {
    QList<qint64> run;
    QString from;
    int at = 0;
  };
  QList<Merge> m_merges;
  /// Whether @p expr is the expression of a value still bound in forward() (not fused away).
  bool bound(const QString& expr) const {
    for (auto it = m_vals.cbegin(); it != m_vals.cend(); ++it)
      if (it->expr == expr) return true;
    return false;
  }
  int m_openAnchor = -1;  // index into m_lines of the GEMM/convolution call a pointwise run may fuse into
  QString m_openAnchorRef;
  /// Views of the open GEMM / convolution's output in a chain (the first reads the output, each later one the view
  /// before it): a pointwise run reading the last fuses into that launch through them (epi_view=, pointwisePiece).
  /// Reshapes (view / reshape / flatten) come before any permute (Planner::view), so each is a view of the
  /// contiguous output and the launcher can map an epilogue tensor back to the output's indices (kwb_epi_unview).
  QStringList m_anchorViews, m_anchorViewHeads;
  bool m_anchorPermuted = false;
  /// Whether the open anchor is a GEMM or convolution launch (kwb_gemm / conv_forward): their epilogues take
  /// epi_view= and their line may have view statements moved before it (hoistViews); other anchors (softmax, norms,
  /// cat) keep the rule that any view closes them.
  /// Whether the open anchor is a row gather (gatherEpilogue()'s anchors).
  bool gatherAnchorOpen() const {
    if (m_openAnchor < 0) return false;
    static const QRegularExpression re(QStringLiteral("^kwb_(embedding|index|index2)\\("));
    return re.match(m_lines.at(m_openAnchor).head).hasMatch();
  }
  /// Whether the open anchor is a float scan (kwb_cumsum / kwb_scan; not kwb_cumsum_int).
  bool fscanAnchorOpen() const {
    if (m_openAnchor < 0) return false;
    const QString& h = m_lines.at(m_openAnchor).head;
    return h.startsWith(QLatin1String("kwb_cumsum(")) || h.startsWith(QLatin1String("kwb_scan("));
  }
  /// Whether value @p id is reduced and kept (scanEpilogueYield, session 48): a reduction (sum, mean, amax, amin, max,
  /// min, prod, logsumexp) reads it as its operand, and forward() returns it or another op reads it -- the value
  /// fuseReduceSource makes that reduction's stored source, so a float scan's anchor epilogue leaves its run.
  bool reducedAndKept(const QString& id) const {
    static const QSet<QString> reductions = {QStringLiteral("sum"),  QStringLiteral("mean"),     QStringLiteral("amax"),
                                             QStringLiteral("amin"), QStringLiteral("max"),      QStringLiteral("min"),
                                             QStringLiteral("prod"), QStringLiteral("logsumexp")};
    int readers = 0;
    bool reduced = false;
    for (const GraphOp& o : m_ops) {
      for (const QString& r : o.refs) readers += resolve(r) == id ? 1 : 0;
      reduced = reduced || (reductions.contains(o.name) && !o.refs.isEmpty() && resolve(o.refs.first()) == id);
    }
    bool out = false;
    for (const TensorInfo& t : m_g.outputs) out = out || resolve(t.ref) == id;
    return reduced && (readers > 1 || out);
  }
  /// Whether the open anchor is an integer scan taking its epilogue (iscanFuse(): kwb_cumsum_int's epi=).
  bool iscanAnchorOpen() const {
    return m_openAnchor >= 0 && m_lines.at(m_openAnchor).head.startsWith(QLatin1String("kwb_cumsum_int("));
  }
  bool gemmOrConvAnchor() const {
    if (m_openAnchor < 0) return false;
    const QString& h = m_lines.at(m_openAnchor).head;
    return h.startsWith(QLatin1String("kwb_gemm(")) || h.startsWith(QLatin1String("conv_forward("));
  }
  /// Where the pending pointwise run (m_run) was cut before views that did not read it were allowed inside a run
  /// (indices into m_run): flushRun cuts a piece there again when the whole piece does not fit one epilogue.
  QList<int> m_softCuts;
  /// The value a convolution launch returns (its output, or its fused epilogue's) -> (its line in m_lines, its
  /// launch in m_plan): a reduction over every spatial dim of it may fuse into that launch (fuseConvReduce).
  QHash<QString, QPair<int, int>> m_convOut;
  /// A convolution launch's line in m_lines -> its input, weight and ConvSpec expressions (fuseConvCat's buffer).
  QHash<int, QStringList> m_convCall;
  /// The ConvSpec names ("CONV3") of the convolutions whose spec shapes take the implicit-GEMM path (keepNormLayout).
  QSet<QString> m_gemmConvs;
  /// The same for a group norm's launch (its result, or its fused post epilogue's): a reduction over the channel
  /// dim alone may fuse into its apply pass (fuseNormReduce).
  QHash<QString, QPair<int, int>> m_normOut;
  QList<const GraphOp*> m_run;  // pointwise ops not yet emitted
  ChainPlan m_plan;
  int m_convs = 0, m_epis = 0;
  QString m_why;
  bool m_unjudged = false;
  bool m_fuseEvalNorm = false;
  int m_evalNorms = 0;                  // batch norms planned as eval-mode pointwise ops
  std::deque<GraphOp> m_synth;          // their pointwise ops (m_run points into it: a deque keeps addresses)
  QSet<QString> m_synthInner;           // ids of those ops other than each norm's last (not the graph's)
  QHash<QString, QString> m_labelOnce;  // a decomposed op's inner ops (prelu's mul, gt) -> its last: named once
  /// Integer values that are counts of bool masks (mask.sum(dim), their clamps, a bool cast to an integer): exact as
  /// fp32 below 2^24, so the pointwise lowering reads them like floats (other integer tensors it refuses).
  QSet<QString> m_counts;
  /// An integer forward() input read only as a value: cast to a floating dtype (an int64 attention_mask's
  /// .to(x.dtype), a uint8 keep mask's .float()) or summed (mask.sum(dim)), through views. It joins m_counts with
  /// its views: the pointwise lowering loads it and converts it to fp32 (torch's own rounding of int -> fp32; exact
  /// for |v| < 2^24), and a sum of it accumulates in fp32, exact while the partial sums stay below 2^24 in magnitude
  /// (a 0/1 mask over fewer than 2^24 elements always; larger values the harness's check on the problem's own
  /// inputs would show). New-user trial 21 #4; DECISIONS.md "Integer inputs read as values".
  void markIntegerValueInputs();
  /// Indices of a selection along a dim kwb_topk holds in registers (max(dim), argmax, topk, sort): below 2^24,
  /// exact in the fp32 computation of a pointwise run that reads them as values (i.float() / n)
  QSet<QString> m_indices;
  /// What @p ref is, for a reason a user reads: "the result of aten::sum (line 11)", "forward() input mask".
  QString describeRef(const QString& ref) const;

  QString resolve(const QString& ref) const {
    QString r = ref;
    for (int guard = 0; guard < 64 && m_alias.contains(r); ++guard) r = m_alias.value(r);
    return r;
  }
  bool bad(const QString& why) {
    if (m_why.isEmpty()) m_why = why;
    return false;
  }
  std::optional<Val> value(const QString& ref) {
    const QString r = resolve(ref);
    if (m_vals.contains(r)) return m_vals.value(r);
    bad(QStringLiteral("the chain reads '%1', which no earlier launch or view produced").arg(ref));
    m_unjudged = true;  // a graph the probe did not describe whole: the other planners' reason stands
    return std::nullopt;
  }
  QString operandOf(const GraphOp& op, const char* name) const { return op.operands.value(QString::fromLatin1(name)); }
  static QString var(const GraphOp& op) { return op.id; }
  void closeAnchor() {
    m_openAnchor = -1;
    m_openAnchorRef.clear();
    m_anchorViews.clear();
    m_anchorViewHeads.clear();
    m_anchorPermuted = false;
  }
  /// Moves the view lines after the open anchor's line that @p exprs name (and those they name in turn) before it, in
  /// their order: the epilogue tensors of a run fused into the anchor must exist when it launches. False (nothing
  /// moved) when one of them is not a view statement or reads the anchor's output.
  /// @p viewFn (the epi_view lambda) may name the anchor's views: they are its own locals there.
  bool hoistViews(const QStringList& exprs, const QString& viewFn = QString());
  /// The GEMM's A operand @p aRef as the result of the pointwise launch just before it (through views of one reader
  /// each): that launch becomes the GEMM's prologue (kwb_gemm(..., pro=...)), its line an alias of its input (whose
  /// shape later lines may read). Only where the GEMM is small at the spec's sizes (kSmallGemmFlops): kwb_gemm then
  /// applies it to each A tile it loads; above that it launches it first. @p gemmFlops: 2 x batches x M x N x K.
  /// Returns the kwb_gemm arguments to append ("" when it does not apply) and sets @p ops to the prologue's op ids.
  /// @p kw: the stage's keyword prefix ("pro" for kwb_gemm, "pre" for a row gather, whose index is loaded once per
  /// output element); @p anySize: no kSmallGemmFlops gate (a gather reads each index once per row element anyway).
  QString fusePrologue(const QString& aRef, double gemmFlops, QStringList* ops, QString* description,
                       const QString& kw = QStringLiteral("pro"), bool anySize = false);
  /// A row gather's index @p idxRef (of dtype @p idt) as the result of the pointwise launch just before it
  /// (gatherPrologue(), fusePrologue's rule): the stage's ", pre=..., pre_tensors=..., pre_scalars=..." to append, or
  /// "" where it does not apply (a float index, the switch off). @p ops, @p description: as fusePrologue's.
  QString gatherPre(const QString& idxRef, const QString& idt, QStringList* ops, QString* description) {
    if (!gatherPrologue() || !isIntegralDtype(normaliseDtype(idt))) return {};
    return fusePrologue(idxRef, 0, ops, description, QStringLiteral("pre"), true);
  }
  /// The launch description's words for a gather's fused index prologue @p desc ("" for none).
  static QString gatherProText(const QString& desc) {
    return desc.isEmpty() ? QString()
                          : QStringLiteral(" with its index's run (%1) computed as it loads it (fused)").arg(desc);
  }
  /// Whether row gather @p op is an anchor (gatherEpilogue()): its source (operand 0) a float tensor, its result of
  /// rank <= 5 (the epilogue's five index slots).
  bool gatherAnchor(const GraphOp& op) const {
    const QString dt = normaliseDtype(op.inputs.value(0).dtype);
    return gatherEpilogue() && (dt.startsWith(QLatin1String("float")) || dt.startsWith(QLatin1String("bfloat"))) &&
           !op.outputs.isEmpty() && op.outputs.first().shape.size() <= 5;
  }
  /// Whether the one reader of embedding @p op's result is a reduction that fuseGatherReduce may take.
  bool reducedGather(const GraphOp& op) const { return onlyReduced(op.id); }
  /// Whether value @p id has one reader and it is a reduction (sum, mean, amax, amin, max, min): a pointwise run's
  /// result so read is that reduction's prologue (fuseRows), no gather's epilogue (the run in fp32 without the
  /// gathered dtype's rounding between, as before).
  bool onlyReduced(const QString& id) const {
    int readers = 0;
    bool reduced = false;
    static const QSet<QString> reductions = {QStringLiteral("sum"),  QStringLiteral("mean"), QStringLiteral("amax"),
                                             QStringLiteral("amin"), QStringLiteral("max"),  QStringLiteral("min")};
    for (const GraphOp& o : m_ops)
      for (const QString& r : o.refs)
        if (resolve(r) == id) ++readers, reduced = reduced || reductions.contains(o.name);
    return readers == 1 && reduced;
  }
  void push(const Line& l, const GraphOp& op, const QString& kind, const QString& desc, bool anchor) {
    m_lines << l;
    m_plan.launches << ChainLaunch{kind, {op.id}, desc};
    m_lines.last().launch = static_cast<int>(m_plan.launches.size()) - 1;
    m_plan.ops << op.id;
    closeAnchor();  // the views of an earlier anchor's output are not this one's
    if (anchor) {
      m_openAnchor = static_cast<int>(m_lines.size()) - 1;
      m_openAnchorRef = op.id;
    }
  }
  Val outVal(const GraphOp& op) const {
    Val v;
    v.expr = var(op);
    if (!op.outputs.isEmpty()) {
      v.shape = op.outputs.first().shape;
      v.dtype = op.outputs.first().dtype;
    }
    return v;
  }

  void renameInPlace();
  /// torch.scalar_tensor(s) (what torch 2.x's decompositions trace for a Python number used as a tensor: the H200's
  /// torch 2.11 traces F.cosine_similarity's eps so, torch 1.13 does not) rewritten as the 0-d factory full((), s).
  static void scalarTensorAsFull(GraphOp* o);
  /// An index_put_ that is a masked_fill (a bool mask of the tensor's shape, a constant) rewritten as one.
  void indexPutAsMaskedFill(GraphOp* o) const;
  /// Ops that are pointwise ops of the graph's other ops, spelled out in m_ops before any planning: prelu(x, w)
  /// is where(x > 0, x, x * w) with w (one slope per channel, dim 1) unsqueezed at its trailing dims.
  void decomposeOps();
  /// A permute / transpose of a pointwise result that only it reads, where that result's pointwise ops (each read
  /// once) reach a GEMM's or convolution's output through views, and a pointwise op reads the permute (ConvNeXt's
  /// `x + (gamma * y).permute(0, 3, 1, 2)`): the permute moves onto the ops' operands, so the run after it reads the
  /// GEMM's output through one more view and is its epilogue (epi_view=) with the add, not a launch of its own (issue
  /// 14, trial 28 #9). A tensor operand of lower rank is unsqueezed at the front first, so no size is named. Off
  /// unless KWB_PERMUTE_INTO_EPILOGUE=1 (no GPU time measured yet).
  void permutesIntoEpilogues();
  /// A stack of pointwise results that only it reads (an interleaved rotary's `stack((a * c - b * s, a * s + b * c),
  /// -1)`) rewritten as one pointwise op at the stack's shape: each part's ops on their operands unsqueezed at the
  /// stack's dim, joined by where() on an arange along that dim, so the stack is one kwb_pointwise launch (one
  /// interleaved store) instead of a launch per part and a cat; a cast or another one-operand pointwise op reading a
  /// reshape of it (`.flatten(-2).to(bf16)`) moves before the reshape and joins that launch (issue 14, trial 28 #6).
  /// The cat's piecewise read (piecewiseOf) needs a load per part and operand, which an epilogue rarely holds (8 for
  /// the rotary); here each operand is loaded once. KWB_STACK_POINTWISE=0 turns it off. A cat of 2-4 parts along d
  /// likewise (KWB_CAT_POINTWISE, on; trial 29 #4): a part may be a slice along d of a value X of the cat's shape
  /// starting at its offset (read as X, a pointwise X copied per reader), a table of the part's width is padded to the
  /// cat's width, and the parts are joined by where(idx < end_k) on an arange of the cat's width.
  void stacksAsPointwise();
  /// An unsqueeze of a cheap pointwise value read only by pointwise ops of more elements (Mamba's `dt.unsqueeze(-1) *
  /// A` over [B, D, N]) rewritten onto the value's operands: the value's ops (at most kRecomputeOps of them, pure, not
  /// forward()'s results) are copied at the view's place over their operands unsqueezed alike, so the larger run
  /// computes the value again per element instead of a launch writing it (issue 14, trial 29 #2; Inductor's rule).
  /// The originals stay for their other readers, else nothing reads them. KWB_BROADCAST_RECOMPUTE=0 / 1 in kwb's
  /// environment turns it off / on (DECISIONS.md "A cheap pointwise value is recomputed by a larger broadcast reader").
  void broadcastsRecomputed();
  /// The full-range slices (`x[0:INT64_MAX:1]` along a dim: the same tensor, as `x[:, None, :]` traces) of the values
  /// @p of (ids; directly or through other such slices) that are no result of forward() (@p outs), removed: their
  /// readers read the value (refs, operands and pointwise arguments renamed). broadcastsRecomputed's one_hot rule
  /// (oneHotRecompute) calls it so that the unsqueeze reads the one_hot value.
  void fullSlicesDropped(const QSet<QString>& outs, const QSet<QString>& of);
  /// A select of one index along a small fixed-width dim (a box's coordinate `a[:, 2]`, `wh[..., 0]`) of a value made
  /// by pointwise ops, stacks, cats and views (unsqueeze, slices) rewritten onto the value's operands: select commutes
  /// with every elementwise op, a select of a stack / cat at index k is its k-th part, of a slice [s:e) the source at
  /// s + k, so `torch.stack([..4 coords..], -1)[:, 2]` is the third coordinate's expression and `(rb -
  /// lt).clamp(0)[..., 0]` a [N, M] expression instead of a [N, M, 2] intermediate (issue 14, new-user trial 31 #6:
  /// DETR's GIoU). The copies (at most kSelectOps per select, pure pointwise ops) are placed at the select's place; the
  /// originals stay for their other readers, else nothing reads them. KWB_SELECT_PUSHDOWN=0 in kwb's environment: the
  /// plan before.
  void selectsPushedDown();
  /// One pass of selectsPushedDown; @p copyParts: a stack's pure part is copied (stackPartCopy()). False where the
  /// slot guard undid it (m_ops as before).
  bool selectsPushedDownPass(bool copyParts);
  /// The stack parts' copies selectsPushedDown made (ids): broadcastsRecomputed lifts their unsqueezes into the
  /// broadcast readers whatever KWB_BROADCAST_RECOMPUTE says, and a view that reads the pending run writes only
  /// the run's ops it depends on (as with that switch on), so the lifted copies stay pending for the broadcast run.
  QSet<QString> m_partCopies;
  QSet<QString> m_literalSizes;  ///< synthetic ops whose sizes are the model's constants (a stack's arange)
  /// Whether any output of @p o (tN, tN_1, ...) is read by a later op or is forward()'s result.
  bool usedLater(const GraphOp& o, const QString& outRef) const {
    if (!o.mutates.isEmpty() || o.name == u"bernoulli") return true;
    for (int k = 0; k < qMax(1, int(o.outputs.size())); ++k) {
      const QString id = k == 0 ? o.id : QStringLiteral("%1_%2").arg(o.id).arg(k);
      if (m_live.contains(id) || resolve(outRef) == id || outRef == id) return true;
      for (const QString& r : m_outRefs)  // a later output of a tuple
        if (resolve(r) == id || r == id) return true;
    }
    return false;
  }
  /// Attention traced as ops (issue 14, docs/CODEGEN.md "Attention traced as ops"): a bmm / mm of Q and Kᵀ, views
  /// that keep each score in its row (rowsView), scalar scales, at most one mask (masked_fill / where / an additive
  /// mask) whose mask is built from constants (an index predicate) or is a tensor with leading dims of 1, a softmax
  /// over the last dim, views, then the bmm / mm of P and V: one kwb_attention launch at the P V GEMM's place. A
  /// softmax whose input is a mask from constants alone (no GEMMs around it) becomes one kwb_masked_softmax launch.
  struct Attn {
    QString qk, pv;           ///< the GEMMs (qk empty: a masked softmax alone)
    QString src;              ///< masked softmax alone: the scores' ref
    QStringList ops;          ///< every op id the launch computes (absorbed into it)
    double scale = 1.0;       ///< scores = scale * Q Kᵀ where kept
    double scale2 = 1.0;      ///< the same at the probe's resize check (the 1 / sqrt(head_dim) idiom follows it)
    double fill = -INFINITY;  ///< the softmax input where not kept
    bool tri = false, lower = true;
    qint64 diag = 0;     ///< tri: key j of query i kept where j - i <= diag (lower) or j - i > diag
    qint64 band = 0;     ///< tri and lower, > 0: also where j - i > diag - band (a band of that many diagonals)
    QString maskRef;     ///< a mask tensor's ref ("" none): kept where (mask != 0) == maskKeep
    QString qRef, kRef;  ///< Q [.., Lq, D] and Kᵀ [.., D, Lk]: the Q Kᵀ GEMM's operands, before a scale on either
    bool maskKeep = false;
    /// The mask an index predicate on a per-entry tensor computes (arange(S)[None, :] >= lengths[:, None]; trial 26
    /// #5): "" none, else lt / le / gt / ge / eq / ne: the mask is key j CMP maskRef (the tensor, lengths[:, None]),
    /// which kwb_attention reads viewed as maskFrame (its mask_cmp; indexCompareMask)
    QString maskCmp;
    QList<qint64> maskFrame;  ///< maskCmp: the value's shape where the mask broadcasts over the scores ([B, 1, 1, 1])
    QString maskReshape;      ///< maskCmp: the reshape that views the value so ("(-1, 1, 1, 1)")
    /// K or V as a head repeat of a tensor with fewer heads (grouped-query / multi-query attention): the kernel
    /// reads src's entry b // rep for Q's entry b (kv_head = h // rep), so the repeat's copy is not made.
    struct KvRepeat {
      QString src;                 ///< the expand's input: the un-repeated tensor (the repeated dim of size 1)
      qint64 rep = 0;              ///< the repeat factor; 0: the operand is no such repeat
      std::optional<qint64> rep2;  ///< the factor at the resize check (unknown: bound by value)
      bool transpose = false;      ///< src's last two dims are the operand's swapped
      QStringList ops;             ///< the expand and the views after it, up to the operand (absorbed)
    };
    KvRepeat kRep, vRep;
    /// An additive bias tensor on the scores (ALiBi, a relative position table): softmax(scale Q Kᵀ + biasScale *
    /// bias, then the predicate / mask); "" none. Its dims before the last two broadcast over Q's entries as
    /// kwb_attention's rule reads them (biasBroadcastsAsKernel).
    QString biasRef;
    double biasScale = 1.0, biasScale2 = 1.0;  ///< the scales after the bias's add (and at the resize check)
    bool maskBeforeBias = false;               ///< the mask or predicate applied before the add (fill + bias)
  };
  /// A tensor built from constants, as a function of the row i and column j of its last two dims.
  struct CVal {
    /// Lin: an integer difference of the indices and what follows it (i - j, |i - j|, j - i + 3): piecewise linear in
    /// t = j - i, slopes[k] * t + vals[k] on Tri's pieces; a comparison of it with a number is a Tri (a band's
    /// predicate). Never returned by constVal itself: only its comparisons are masks from constants.
    enum Kind { Uniform, Tri, Index, Lin } kind = Uniform;
    double c = 0;  ///< Uniform: the value
    /// Tri: piecewise constant in t = j - i: vals[k] where cuts[k - 1] < t <= cuts[k] (cuts ascending, one more
    /// value than cuts; the first piece unbounded below, the last above)
    QList<qint64> cuts;
    QList<double> vals;
    QList<double> slopes;  ///< Lin: each piece's slope in t (vals its value at t = 0)
    int axis = 0;          ///< Index: 0 the column j (last dim), 1 the row i; value index + off
    qint64 off = 0;
    QList<qint64> shape;
  };
  QHash<QString, Attn> m_attnAt;          // the op id whose place takes the launch (P V GEMM / softmax) -> its match
  QSet<QString> m_absorbed;               // op ids computed inside such a launch (skipped by the walk)
  QHash<QString, QStringList> m_readers;  // resolved ref -> ids of the ops reading it ("" = forward()'s result)
  const GraphOp* opById(const QString& id) const;
  /// The spec's shape of a ref: an op's output (its id the first, "<id>_<k>" the k-th: unbind's columns), a forward()
  /// input, a parameter or a buffer ([] unknown).
  QList<qint64> shapeOfRef(const QString& ref) const;
  /// The output a ref names: "<id>" an op's first, "<id>_<k>" its k-th (k >= 1, as the walk names them); nullptr for
  /// an input, a parameter, a buffer or an unknown ref.
  const TensorInfo* opOutput(const QString& ref) const;
  /// The tensor a ref names as the spec has it (not resolved through aliases): an op's first output, a forward()
  /// input, a parameter, a buffer, else an op's k-th output (opOutput); an empty TensorInfo (shape [], no dtype) for
  /// anything else.
  TensorInfo tensorOfRef(const QString& ref) const;
  std::optional<CVal> constVal(const QString& ref, QStringList* ops, int depth = 0) const;
  /// f(x, y) of two Uniform / Tri values piece by piece (the pieces of both); nullopt where f gives NaN.
  static std::optional<CVal> combine(const CVal& x, const CVal& y, const std::function<double(double, double)>& f);
  /// Op @p n (abs, neg, add / sub @p other, a comparison with @p other, not, a cast to @p dt) of a Lin value: a Lin
  /// (abs splits each piece where it crosses 0) or, for a comparison, not and a cast to bool, a Tri / Uniform mask;
  /// nullopt for any other op.
  static std::optional<CVal> linApply(const CVal& v, const QString& n, double other, const QString& dt);
  /// The kept t = j - i of a Tri mask as one interval: lo / hi (nullopt: unbounded that side); false when the kept
  /// pieces are none, all, or more than one run, or @p valid rejects a piece's value.
  static bool keptInterval(const CVal& m, const std::function<bool(double)>& kept,
                           const std::function<bool(double)>& valid, std::optional<qint64>* lo,
                           std::optional<qint64>* hi);
  /// Attn's predicate (tri, lower, diag, band) of the kept interval [lo, hi].
  static void setPredicate(Attn* a, std::optional<qint64> lo, std::optional<qint64> hi);
  /// Whether every reader of every op in @p ops is in @p ops or is @p consumer (the set is computed nowhere else).
  bool closedOver(const QStringList& ops, const QString& consumer) const;
  /// The mask of a masked op on the scores @p s: fills Attn's predicate or mask tensor and fill, adds its ops.
  bool maskOf(const GraphOp& op, QString* s, Attn* a);
  /// The tensor mask @p r (resolved) as an index predicate on a per-entry integer tensor: views that keep the last
  /// dim over a comparison of arange(Lk) along the last dim with a tensor of size 1 there; fills @p a's maskRef (the
  /// tensor), maskCmp (j CMP value), maskFrame / maskReshape and absorbs the views, the compare and the arange.
  bool indexCompareMask(const QString& r, Attn* a);
  /// scores + bias (@p op an add of the scores and a floating tensor, not a mask built from constants, that
  /// broadcasts as kwb_attention reads it): sets Attn's biasRef and @p s to the scores' ref.
  bool biasOf(const GraphOp& op, QString* s, Attn* a) const;
  /// The Q Kᵀ GEMM of attention written as baddbmm / addmm (@p op: M + alpha * Q Kᵀ, beta 1, alpha > 0): M is a mask
  /// from constants (the predicate, as maskOf's additive form; not when @p masked) or a floating tensor that
  /// broadcasts as kwb_attention's bias reads it (added after @p since / @p since2, the walk's scales after it);
  /// alpha scales the product alone. Fills @p a and adds M's constant ops; false leaves @p a as it was.
  bool scaledAddGemm(const GraphOp& op, bool masked, double since, double since2, Attn* a);
  void findAttention(const QString& outRef);
  /// nll_loss of a log_softmax over the classes that only it reads (F.cross_entropy): the log_softmax is absorbed
  /// into the loss's launch (m_nllLogits). Needs m_readers (findAttention).
  void findLosses();
  QHash<QString, QPair<QString, QString>> m_nllLogits;  // nll op id -> (the absorbed log_softmax's id, its input)
  QHash<QString, QString> m_nllRowSum;  // nll op id -> the absorbed sum over the classes of its log_softmax
  /// aten::nll_loss_forward / nll_loss2d_forward: kwb_nll (the target's entry of each row, weighted, ignore_index
  /// masked, reduced), the log_softmax before it computed in the same pass where findLosses absorbed it.
  bool nllLoss(const GraphOp& op);
  /// The K or V operand @p operand of an attention as a head repeat (Attn::KvRepeat; rep 0 when it is none), by
  /// class: views back from the operand that keep its last two dims (or swap them) and only merge, split, add or
  /// drop leading dims, down to an expand that grows one leading dim j from 1 to rep, with only size-1 dims between
  /// j and the last two (so entry f of the result is entry f // rep of the expand's input in row-major order). That
  /// is repeat_interleave(rep, dim) as the probe traces it, x[:, :, None].expand(..).reshape(..), and the expand of
  /// a size-1 head dim (multi-query attention). Every op on the way has one reader (its copy is otherwise needed).
  Attn::KvRepeat kvRepeat(const QString& operand) const;
  bool emitAttention(const GraphOp& op);
  /// Whether the attention output @p pv (the P V GEMM's id, through views) is an operand of a subtraction whose other
  /// operand is V itself (@p vRef, through views) or, V being a forward() input, another input of its shape and dtype
  /// (it may be V passed twice: probe23 c02's softmax(a bᵀ) a - b with b the same tensor). The output is a convex
  /// combination of V's rows, so such a difference can cancel to a few percent of |V| and TF32's 2^-11 operand
  /// rounding in P V becomes that much of the result (DECISIONS.md, session 37): kwb_attention(..., pv_ieee=True).
  bool cancelsAgainstV(const QString& pv, const QString& vRef) const;
  /// A scalar scale's factor (mul: other, div: 1 / other) at the resize check; @p k (its value at the spec) when
  /// unknown.
  double factor2(const GraphOp& o, double k) const;
  QList<Line> m_guards;  ///< guardArgs' statements, at the start of forward()
  /// The attention scale @p a as Python: the literal when the resize check saw it unchanged (or there is none);
  /// c / sqrt(head_dim) or c * sqrt(head_dim) of @p q's last dim when it followed that at both sizes (written
  /// `q.shape[-1] ** -0.5`); else the literal under specChecked (@p q null: the masked softmax alone).
  QString scaleExpr(const Attn& a, const Val* q) const;
  /// Non-tensor arguments of @p op that the resize check saw change and no size expression of the planner
  /// handles (a pointwise scalar `x / math.sqrt(d)`): a statement `kwb_at_spec(...)` before its launch, so the
  /// literal it keeps fails loudly at other sizes.
  void guardArgs(const GraphOp& op);
  /// True when @p op is a layer norm without weight or bias whose normalized_shape changes with the sizes and is its
  /// input's trailing dims at the spec's and at the resized sizes (F.layer_norm(y, y.shape[1:]), probe25 b03): the
  /// stage reads only its length, so the spec's list holds at any size (no kwb_at_spec guard).
  bool layerNormShapeFollowsInput(const GraphOp& op) const;
  bool view(const GraphOp& op);
  /// @p op, a permute / transpose of the pending run's last value, made a view of the open GEMM / convolution's output
  /// (or its last view) that the run's ops read instead, the run's values then at the view's shape, and the ops that
  /// read @p op reading the run's last value (viewCommute). Where the run reads another tensor, changes the dtype, or
  /// a value of it is read outside it (or returned): false, nothing changed.
  bool commuteViewBeforeRun(const GraphOp& op);
  /// Where no GEMM / convolution is open: @p op, a permute / transpose of the pending run's last value, applied to
  /// each tensor the run reads instead (one view line each, all of the run's shape), the run's values then at the
  /// view's shape and the ops that read @p op reading the run's last value: the run goes on, one launch. False,
  /// nothing changed, where the run reads a tensor of another shape (a broadcast), a value of it is read outside it
  /// (or returned), or viewCommute is off.
  bool commuteViewIntoRun(const GraphOp& op);
  bool stage(const GraphOp& op);
  /// A reshape torch cannot view (a permuted or transposed value's, pixel_shuffle / pixel_unshuffle): one
  /// kwb_reshape launch of @p src (the strided view, read through its strides: an index map) to @p sizes (a Python
  /// tuple of run-time sizes) that writes the result contiguous. It is an anchor: the pointwise run that alone reads
  /// its result fuses into it (kwb_reshape(..., epi=...)), so the relayout costs no launch of its own.
  bool relayout(const GraphOp& op, const QString& src, const QString& sizes, const QString& desc);
  /// Whether every reader of @p id (a relayout's result; through views of it) is a pointwise op or forward()'s
  /// result: then the relayout is a kwb_reshape launch that the pointwise run fuses into (or the plan's one copy).
  /// Read by a GEMM, convolution, attention, norm, ... it stays torch's reshape copy in forward() (launch plumbing, as
  /// a stage's .contiguous()).
  bool relayoutFuses(const QString& id, int depth = 0) const;
  /// pixel_shuffle / pixel_unshuffle: the views that split the channel (or the spatial) dims and permute them, then
  /// the relayout (the same as the view / permute / reshape the user may write by hand).
  bool pixelShuffle(const GraphOp& op);
  /// F.interpolate / nn.Upsample (upsample_nearest{1,2,3}d, _upsample_nearest_exact{1,2,3}d, upsample_linear1d,
  /// upsample_bilinear2d, upsample_trilinear3d; size or scale factors, align_corners) of @p x: one kwb_upsample
  /// launch, torch's source index rules; upsample_bicubic2d the same launcher's bicubic mode (torch's 4 x 4 taps, A =
  /// -0.75, clamped at the borders). Antialiased modes are refused with the op's name.
  bool upsample(const GraphOp& op, const QString& x);
  /// F.unfold (aten::im2col: kernel_size, dilation, padding, stride) of @p x, [N, C, H, W] or [C, H, W]: one kwb_im2col
  /// launch writing [N, C kh kw, L]; an anchor (the pointwise run reading only its result is applied in its launch).
  /// kmajor=True where its only reader is a transpose of the last two dims read by GEMMs alone as their A
  /// (im2colKMajor): the patches are stored [N, L, C kh kw] and the GEMM reads them K-major.
  bool im2col(const GraphOp& op, const QString& x);
  /// F.fold (aten::col2im: output_size, kernel_size, dilation, padding, stride) of @p x, [N, C kh kw, L] or
  /// [C kh kw, L]: one kwb_col2im launch, each output element gathering the patches that cover it (fp32 sums in a
  /// fixed order: no atomics); an anchor for the pointwise run after it (issue 14, probe20's r03).
  bool col2im(const GraphOp& op, const QString& x);
  /// F.affine_grid (aten::affine_grid_generator of theta @p x, 2-D sizes: kwb_affine_grid, its size's dims bound to
  /// the run-time sizes where the resize check shows them follow an input's) and F.grid_sample
  /// (aten::grid_sampler_2d of @p x at grid @p grid: kwb_grid_sample, bilinear / nearest, zeros / border /
  /// reflection, an anchor for the pointwise run after it); one launch each (issue 14, probe20's r14).
  bool gridSampling(const GraphOp& op, const QString& x, const QString& grid);
  /// The integer list arg @p key of @p op (affine_grid's size, col2im's output_size) as a Python list of run-time
  /// sizes: a forward() input's trailing dims where the list is that input's shape (at the resized sizes too, where
  /// traced), else each entry by sizeExpr. *derived: every entry follows the sizes as traced (no kwb_at_spec /
  /// kwb_size guess). "" when the arg is not a list of integers.
  QString runtimeSizes(const GraphOp& op, const char* key, bool* derived) const;
  /// Whether every reader of @p id, through views, is a GEMM reading it as its A (mm / bmm self, addmm mat1).
  bool gemmAOnly(const QString& id, int depth = 0) const;
  /// F.glu(x, dim) as a chunk of x into halves a, b (views) and the pointwise a * sigmoid(b), which joins the run
  /// after it (one elementwise launch reading two views of one tensor, swiglu and a * sigmoid(b) written by hand
  /// alike).
  bool glu(const GraphOp& op);
  /// An elementwise loss (mse_loss, l1_loss, huber_loss, smooth_l1_loss, soft_margin_loss) as the pointwise ops of
  /// its term, joining the pending run, then for reduction mean / sum a reduction over every dim, which takes the
  /// term as its prologue: its operands are read as the run reads any tensor, through their strides (a step slice,
  /// a transpose: trial 14's y08). False (m_why unset) where the op is none of these or its arguments are not numbers.
  bool elementwiseLoss(const GraphOp& op);
  /// The GEMMs whose fp32 result a selection orders (topk, sort, kthvalue, argmax / argmin, max / min with indices)
  /// through views, pointwise ops and softmaxes only: kwb_gemm(..., ieee=True) multiplies fp32 operands in full fp32,
  /// since TF32's 10-bit mantissa reorders values near a tie and a selection turns that into another index (y03: a
  /// router's top-2 of 64 experts, rel_err ~0.02 at TF32 on the CPU's simulation of its rounding). The same for a
  /// GEMM read by a pointwise op with a jump (remainder, fmod, floor_divide, div with rounding_mode, floor / ceil /
  /// round / trunc / frac, sign, heaviside, atan2's branch cut, a comparison): TF32 moves values across the step
  /// (H200, session 31: rel_err 0.016-0.074 on four such chains that PASS at fp32).
  void findSelectedGemms();
  QSet<QString> m_exactGemm;
  /// topk / sort / kthvalue and max / min / argmax / argmin along a dim with their indices: kwb_topk's one launch
  /// (values and int64 indices, the lowest index first among equal values, NaN largest)
  bool topk(const GraphOp& op, const QString& x);
  /// An adaptive pool's output sizes as a Python list: the spec's (a constant of the model), `None` for a dim whose
  /// output is its input's size at the spec and at the resize check (AdaptiveAvgPool2d((None, 7)) traces the size),
  /// @p derived set when every size that changed at the resize check is such a dim (guardArgs then leaves it).
  QString adaptiveSizes(const GraphOp& op, bool* derived = nullptr) const;
  /// An upsampling's output size given as a size (not scales), as a Python list: each spatial dim the same dim of a
  /// forward() input of the same rank where that dim has the size at the spec's and at the resized sizes
  /// (F.interpolate(x, size=skip.shape[-2:]): a UNet decoder), else sizeExpr's binding; @p derived: every dim
  /// follows the run-time sizes (no kwb_at_spec, no literal of a resized size).
  QString upsampleSizes(const GraphOp& op, bool* derived) const;
  /// Whether the spec traced @p op's first input contiguous (its recorded strides are the row-major ones).
  bool contiguousAtSpec(const GraphOp& op) const;
  /// A split size or slice bound @p v of dim @p d of @p src that is @p v2 at the probe's resize check, where that
  /// dim changed and @p v stayed the same fraction p / q of it (x.chunk(2, d) traced as a split of half the dim,
  /// x.narrow(d, h, h) with h = x.shape[d] // 2): `src.shape[d] // q` or `src.shape[d] * p // q`, which follows the
  /// run-time size (floor, as the user's // does). nullopt when it is no such fraction (or the check is missing).
  std::optional<QString> dimFraction(const Val& src, int d, qint64 v, std::optional<qint64> v2) const;
  /// The call of a split / chunk / unbind view of @p src, e.g. "chunk(2, 1)" or "split(344, -1)": its sizes the
  /// spec's, or fractions of the dim where they follow it (dimFraction: a chunk into q halves is chunk(q, d)).
  /// @p derived: set when every size that changed at the resize check is such a fraction (guardArgs leaves it).
  QString splitCall(const GraphOp& op, const Val& src, bool* derived = nullptr) const;
  bool recurrent(const GraphOp& op);
  bool randomDraw(const GraphOp& op);
  bool repeat(const GraphOp& op);
  /// Whether every read of @p op's result is the weight or bias operand of a batch norm on batch statistics
  /// (instance norm's lowering; kwb_batch_norm takes a 2-D [N, C] view for a [N*C] channel dim) and not the result.
  bool onlyNormAffine(const GraphOp& op) const;
  /// torch.ones / zeros / full (and their _like forms) of a size the spec gives: one kwb_full launch, each dim a
  /// run-time size (runtimeSize; the _like forms take their operand's shape), on the first input's device.
  bool factory(const GraphOp& op);
  /// torch.arange of a numeric start and step: kwb_arange with the length a run-time size (n8's count 1..n).
  bool arange(const GraphOp& op);
  /// torch.tril / triu (the causal mask built in forward(), tril(ones(T, T))): one kwb_tri launch; the probe
  /// files them as pointwise, but the value depends on the element's position, which an epilogue does not see.
  bool triangle(const GraphOp& op);
  /// torch.var / torch.std (a correction, or unbiased=) and torch.norm / linalg.vector_norm (a finite p > 0)
  /// over dims: one kwb_var / kwb_pnorm launch (the reduction kernel's shifted sums / sum of |x|^p).
  bool varOrNorm(const GraphOp& op, const QString& x, Line* l);
  bool varMean(const GraphOp& op, const QString& x);
  /// A size of the spec as a run-time expression. The harness resizes forward()'s tensor inputs, so a size
  /// (> 1) found among their dims follows them: `x.shape[k]` when every dim of that size carries one name
  /// (the module global it came from, e.g. batch_size in x and y); `kwb_size(...)` over one dim per name when
  /// several names share the size (batch_size == channels: which one the model used is not in the graph),
  /// which fails loudly at run time if those dims stop agreeing; the literal when no input dim has it.
  /// @p what names the use in that error.
  QString runtimeSize(qint64 s, const QString& what = QString()) const;
  /// runtimeSize narrowed by position: the input dims of size @p s at the spec whose size at the resized trace is
  /// @p s2 (the resize check resizes each dim that is free apart by a prime of its own: resize_check.slots), one
  /// per dim name; "" when none, or when they are no fewer than runtimeSize's (nothing to narrow).
  QString positionSize(qint64 s, qint64 s2, const QString& what) const;
  /// Dim @p d of an expand's result @p out as a run-time size: that dim of a value the result is combined with
  /// (an operand of an op reading it, already computed, aligned from the right: F.normalize's expand_as(x)),
  /// else runtimeSize; size 1 stays literal.
  QString broadcastSize(const GraphOp& op, int d, const QList<qint64>& out) const;
  /// The module global the spec's probe named for dim @p k of forward() input @p input ("" if none).
  QString dimName(const QString& input, int k) const;
  /// An eval-mode batch norm (running statistics present, channel dim 1) as pointwise ops appended to the
  /// current run: (x - running_mean) * rsqrt(running_var + eps) [* weight] [+ bias], the statistics read as
  /// [C, 1, ...] views so they broadcast per channel. False (nothing appended) when @p op is not one.
  bool evalNorm(const GraphOp& op);
  /// A GEMM with scalars or a bias the GEMM stage does not add per column (new-user trial 12, #4): torch.addmm with
  /// alpha / beta other than 1 or a bias of another shape, torch.baddbmm, torch.addmv. The product alone is the GEMM
  /// launch (an mm / bmm / mv under the id "<op>_mm"); alpha * product + beta * bias are pointwise ops appended to the
  /// run, so they fuse into that GEMM's epilogue like any run (the bias an epilogue tensor read at its broadcast
  /// strides). False with m_why set on a bad operand.
  bool scaledGemm(const GraphOp& op);
  /// One pointwise op of a decomposition (evalNorm, scaledGemm): an aten op name and its args, where "@k" names the
  /// result of node k of the same list.
  struct PwNode {
    const char* op;
    json args;
  };
  /// Appends @p nodes to the current run as ops standing for @p op: the last takes op.id (what later ops read), the
  /// others "<op.id><suffix><k>" and are inner to the run; each named @p name, of @p dtype, and of shape
  /// @p shapeOf(k).
  void appendPointwiseNodes(const GraphOp& op, const QList<PwNode>& nodes, const QString& suffix, const QString& name,
                            const QString& dtype, const std::function<QList<qint64>(qsizetype)>& shapeOf);
  bool flushRun();
  /// flushRun for the pending run's ops that @p ref (a value of the run) depends on; the others stay pending.
  bool flushCone(const QString& ref);
  /// A sum / mean / amax / amin (@p kind) over every spatial dim of a convolution's result that nothing else reads,
  /// fused into that convolution's launch (conv_forward(..., reduce=kind): the tiles reduce into an [N, C] buffer,
  /// the template's CONV_REDUCE); or one of those or a logsumexp over its channel dim alone (over="channel": in the
  /// tile where one N tile holds every channel, decided per call). False (nothing changed) when @p op is not that.
  bool fuseConvReduce(const GraphOp& op, const QString& kind, const QList<qint64>& dims, bool keepdim);
  /// A sum / mean / amax / amin / logsumexp over the channel dim alone of a group norm's result (after its post
  /// epilogue) that nothing else reads, fused into the norm's launch (kwb_group_norm(..., reduce=kind): in the apply
  /// tiles where one holds every channel, decided per call). False (nothing changed) when @p op is not that.
  bool fuseNormReduce(const GraphOp& op, const QString& kind, const QList<qint64>& dims, bool keepdim);
  /// A torch.cat along the channel dim whose every part is a convolution's result (after its fused epilogue) that
  /// nothing else reads: the cat's buffer is allocated before the first of those convolutions (conv_cat_buffer) and
  /// each writes its channel slice (conv_forward(..., out=...)), so the cat is no launch and moves no data. False
  /// (nothing changed) when @p op is not that.
  bool fuseConvCat(const GraphOp& op);
  /// One-pass row fusion: [pointwise P on x] -> reduction R over one dim, keepdim -> [pointwise M on R's result]
  /// -> views of it -> pointwise Q on x reading it, where nothing else reads P, R, M or the views, becomes one
  /// kwb_row1 launch behind `if kwb_row1_fits(...)` (the reduced row fits one tile), the lines as planned in its
  /// else branch. P and M must read no tensor besides their primary. And a pointwise run whose result only a
  /// group / layer norm or a softmax reads becomes its prologue (kwb_layer_norm(..., pre=...): one launch when the
  /// row fits a tile; kwb_softmax(..., pre=...): applied as it loads). @p result: forward()'s result expression.
  void fuseRows(const QString& result);
  /// scan(cat([a constant column, y], d), d) sliced back to y's length along d: kwb_scan(y, d, op, shift=c) (scanShift,
  /// session 46); the cat's launch (and the fill's, where nothing else reads it) dropped, its ops the scan's.
  void fuseScanShift(const QString& result);
  /// The kwb_pointwise launch right after a float scan that alone reads the scan's values, at the scan's shape and
  /// dtype, is the scan's epilogue (scanEpilogue, session 47: NeRF's `weights = alpha * trans`, whose primary is alpha,
  /// not the scan, and which follows the shift's slice, so the run was planned as a launch of its own): its function
  /// is rewritten with acc and the scan's slot swapped where the primary is another tensor.
  /// Under scanEpilogueYield() (session 48) the first pass (@p yielded false) leaves a run that fuseReduceSource will
  /// make a reduction's stored source to it and records its scan in m_scanEpilogueYielded; the second pass (@p
  /// yielded true, after fuseReduceSource) considers only those scans, taking the runs no reduction took (where the
  /// scan took no prologue in between: its head as the first pass reads it).
  void fuseScanEpilogue(const QString& result, bool yielded = false);
  /// The scans whose epilogue run fuseScanEpilogue's first pass left to a reduction (scanEpilogueYield): each one's
  /// target -> an op id of its launch (the line's target may be a fused slice's, no launch's op).
  QHash<QString, QString> m_scanEpilogueYielded;
  /// Sibling reductions over the same rows: kwb_reduce lines (their prologues fused) over tensors of one shape and the
  /// same dims, where a later one reads an earlier one's result only as a prologue tensor (keepdim: per row), become
  /// one kwb_rows launch at the last one's place; at most three, over at most two distinct tensors, no line between
  /// them reading a result of the group. The pointwise run right after them on one result (its shape) is that
  /// launch's post= (per row, one more result).
  /// Under rowsApplyPlan() (session 40): the kwb_pointwise line over a source of the group (or of one such reduction
  /// alone) after them, whose tensors are keepdim results of the group and tensors that broadcast to the source (a
  /// norm's apply: (x - u) / sqrt(s + eps) * w + b), is the same launch's apply= (its value returned last); plain views
  /// between them that read no result move before the launch.
  void fuseSiblingRows();
  /// rowsSource16: the kwb_rows entries over @p floats (the floating inputs) or their views (viewAliases against
  /// @p result) without a prologue dtype name torch.float32 (not var / std), so readsConverted counts them as
  /// converting the input as they load it.
  void rowsEntriesFp32(const QStringList& floats, const QString& result);
  /// Sibling whole-tensor reductions (issue 14, session 42, sib42; siblingReduce()): kwb_reduce lines of floats
  /// (their prologues fused) over tensors of one shape, every dim reduced (or a rank kwb_rows does not take), op sum /
  /// mean / amax / amin / prod, none reading another's result nor a value assigned after the first of them: one
  /// kwb_reduce_multi launch at the first one's place (kwb_reduce's split walk, one accumulator each); at most three.
  void fuseSiblingReduces();
  /// A reduction and the pointwise run after it that alone reads its result, at the result's shape (a09's mean times
  /// (1 + beta), a masked mean's sum over a clamped count): the run is the kwb_reduce launch's epilogue (epi=, applied
  /// as it stores each result), one launch fewer. After the row fusions (theirs first); the run's tensors must exist
  /// at the reduction's line and the reduction's result must have no other reader, nor be @p result.
  /// Off by default (kReduceEpilogueDefault); `KWB_REDUCE_EPILOGUE=1` in kwb's environment turns it on.
  void fuseReduceEpilogue(const QString& result);
  /// A kwb_reduce line whose input x is the value of a kwb_pointwise run (its first operand of x's shape, a floating
  /// dtype, its tensors broadcast to it) that a later line reads too or @p result is (a tuple's output): the run
  /// becomes the reduction's src= (kwb_reduce(run operand, ..., src=run, src_tensors=..., src_scalars=...,
  /// src_dtype=...) assigning `result, x`), its launch dropped. Lines between the run and the reduction must not read
  /// x, write in place or assign a name the run reads. After fuseReduceEpilogue (a reduction may keep its epilogue).
  /// Under reduceStoreSource() (KWB_REDUCE_STORE_PROLOGUE, session 47).
  void fuseReduceSource(const QString& result);
  /// `x - u` where u is a keepdim reduction of x (a cheap add / sub / mul / div of a value and its own row statistic)
  /// read by several pointwise ops: each reader after the first computes it again (a clone of the op just before it),
  /// so no full-size value is stored and the reductions see x itself (fuseRows then makes the centred squares a
  /// prologue of x, the apply a run over x). Written twice in forward(), the CSE keeps both. Under rowsApplyPlan().
  void recomputeCentred();
  /// A `_softmax` / `_log_softmax` that forward() does not return, each of whose readers is a pointwise op, a
  /// reduction or a gather along its dim whose index has the softmax's shape elsewhere, becomes `logsumexp(u, [d],
  /// keepdim=True)` and `u - lse` (then `exp` for a softmax) under the softmax's id; each gather of it becomes the
  /// gather of u and the same two ops under the gather's id. Under softmaxLse() (KWB_SOFTMAX_LSE, session 49).
  void softmaxThroughLse();
  /// Ids of the ops recomputeCentred made or kept apart from the CSE.
  QSet<QString> m_recomputed;
  /// Sibling GEMMs over one A (issue 14, session 39): a kwb_gemm G of A (its epilogue reading no tensor) whose result
  /// only the next launch reads -- a kwb_gemm of the same A (the same value, or the same view of one) against a weight
  /// of G's weight's shape, as one epilogue tensor, itself or through the one view its epi_view undoes -- becomes one
  /// kwb_gemm_dual launch at that GEMM's place: two accumulators over each A tile, G's epilogue on its tile handed to
  /// the other's epilogue in registers (a `_reg` copy of that epilogue reads the slot as a value). SwiGLU / GEGLU /
  /// GLU's gate and up projections. @p result: forward()'s result expression (never fused away). Off unless
  /// `KWB_SIBLING_GEMMS=1` in kwb's environment (session 39's H100 A/B, docs/results/2026-12-06-fuse39.md).
  void fuseSiblingGemms(const QString& result);
  /// Two independent launches of one stage that share an operand become one launch (issue 14, session 49, rope49):
  /// two plain kwb_index gathers by the same index and dim (HF Llama's cos / sin caches by position_ids) become
  /// kwb_index_multi at the first's place (each index loaded once); two kwb_pointwise launches of one output shape
  /// that read a common epilogue tensor (rotary q and k reading one cos / sin) become kwb_pointwise_multi at the
  /// second's place (one grid, the same loads and stores). Neither member reads the other's result, no line between
  /// them reads the moved one's result or writes in place, neither is kept on the model (a state block) nor a random
  /// draw. Runs on the final lines, after the widening decisions (the members read their operands as before).
  /// Strictly fewer launches and no more bytes: on unless `KWB_SIBLING_LAUNCHES=0` in kwb's environment.
  void fuseSiblingLaunches();
  /// A kwb_gather whose result only one kwb_reduce (sum / mean, its prologue fused, no epilogue) reads, itself or
  /// through one reshape / view read by nothing else (three_interpolate's feats.gather(2, idx).view(B, C, M, K) *
  /// w summed over K): the reduce line becomes kwb_reduce_gathered at its place, which loads x through the index as it
  /// reduces; the gathered tensor of the index's shape is never written (issue 14, session 41). @p result:
  /// forward()'s result expression (never fused away). `KWB_GATHER_PROLOGUE=0` in kwb's environment: the two launches.
  void fuseGatherPrologue(const QString& result);
  /// A kwb_row1 row group whose post output only one kwb_reduce_gathered's prologue reads (its one pre tensor, the
  /// output or plain views of it; its statistic and source result read by nothing else): the kwb_row1 call gets
  /// `defer=True` and its launch merges into the reduction's (gatherReduceRow()). @p result: forward()'s result
  /// expression (never deferred).
  void deferRowToGatheredReduce(const QString& result);
  /// Concatenations along the channels that grow one another (a DenseNet block: features = cat(features + [conv(..)])
  /// each layer, every cat's parts a prefix of the last one's) and have at least one convolution part: the last cat's
  /// buffer is allocated before the first convolution part runs (conv_cat_buffer), each convolution part writes its
  /// channel slice (conv_forward(..., out=)) even where other ops read it (they read the slice), every other part (a
  /// forward() input, a value made before that convolution) is copied into its slice once there, and each cat is a
  /// view of the buffer's leading channels (conv_cat_join): one copy launch per non-convolution part where each cat
  /// was a launch that re-read every earlier feature. Cats with a fused epilogue, along another dim, or whose
  /// non-convolution parts appear after the first convolution part keep kwb_cat. Runs after the walk, first.
  void shareCatBuffers();
  /// An embedding's result (op id) -> its line in m_lines, weight and indices expressions (fuseGatherReduce).
  struct GatherCall {
    int line = -1;
    QString weight, indices;
  };
  QHash<QString, GatherCall> m_gatherCall;
  /// A sum / mean / amax / amin over trailing index dims of an embedding's result that nothing else reads (an
  /// EmbeddingBag written as embedding(ids).mean(1)): the gather's line becomes kwb_embedding_reduce, one launch
  /// that accumulates the gathered rows in registers; the [*, L, D] gather is never written. False (nothing changed)
  /// when @p op is not that.
  bool fuseGatherReduce(const GraphOp& op, const QString& kind, const QList<qint64>& dims, bool keepdim);
  /// Ids of ops that compute what an earlier op computed already (common subexpressions, run()): aliases of it.
  QSet<QString> m_cse;
  /// Constant factories read only as scalars (findScalarConstants): op id -> the value. torch.zeros_like(x) in
  /// where(mask, x, zeros_like(x)) is the number 0.0 in the pointwise lowering, never a tensor written and read.
  QHash<QString, double> m_constScalar;
  void findScalarConstants(const QString& outRef);
  /// A pad's result (op id) -> its index map, its source's expression and its line. A pointwise launch that
  /// alone reads it at its own shape loads the source through the map (pointwisePiece); the pad's line then becomes
  /// kwb_pad_view (no data moves while kwb_pad_prologue is on) and its launch is dropped from the plan at the end.
  struct PadRead {
    PadMap map;
    QString src, srcRef;  ///< its source's expression and resolved ref (a pad of a pad composes: pointwisePiece)
    int line = -1;
  };
  QHash<QString, PadRead> m_pads;
  void notePad(const GraphOp& op, const QString& x, const QList<qint64>& pad, const QString& mode,
               const QString& fill) {
    const PadMap m = padMapOf(pad, static_cast<int>(op.inputs.value(0).shape.size()), mode, fill);
    if (!m.before.isEmpty() && m_why.isEmpty())
      m_pads.insert(op.id, {m, x, resolve(op.refs.value(0)), static_cast<int>(m_lines.size()) - 1});
  }
  /// A recurrent cell stepped in a Python loop (nn.LSTMCell / GRUCell on x[:, t]): GEMMs of one weight and bias on
  /// the slices of one input along one dim, every index once. One GEMM over the whole input computes them all before
  /// the loop (kwb_loop_input_gemm off: each step its own GEMM again); each step reads its slice
  /// (findInputProjections).
  struct InputProjection {
    QString var, src, w, bias;  ///< the hoisted result's name; the input, W ([N, K]) and the bias as Python expressions
    int dim = 0;                ///< the input's dim the steps select
  };
  QList<InputProjection> m_projs;
  QHash<QString, QPair<int, qint64>> m_projStep;  ///< a member GEMM's id -> (its projection, the index it selects)
  QSet<QString> m_projViews;                      ///< the members' operand views nothing else reads: not planned
  void findInputProjections();
  bool projectionStep(const GraphOp& op);
  /// A linear recurrence written as a Python loop (linrec.h): its stack is one kwb_linrec launch, its steps nothing.
  /// KWB_LINREC in kwb's environment: 1 on, 0 the unrolled plan (the A/B), unset kLinRecDefault.
  QHash<QString, LinearRecurrence> m_linrec;
  /// a kwb_cat's op id -> its part count: its launches counted once the epilogue fusions have run (catLaunches)
  QHash<QString, qint64> m_catParts;
  QSet<QString> m_linrecOps;
  int m_linrecFns = 0;  // the kwb_linrec launches emitted so far: their step functions' names
  void findRecurrences();
  bool linearRecurrence(const GraphOp& op);
  /// Whether @p o is a constant of the sizes: a factory (ones / zeros / full, their _like forms: a shape only),
  /// an arange, or a tril / triu of such a constant (through views).
  bool constantOfSizes(const GraphOp& o) const {
    if (isFactory(o.name) || o.name == u"arange") return true;
    if (o.name != u"tril" && o.name != u"triu") return false;
    QString r = resolve(o.refs.value(0));
    for (int guard = 0; guard < 64; ++guard) {
      const GraphOp* src = opById(r);
      if (!src) return false;
      if (!src->view) return constantOfSizes(*src);
      r = resolve(src->refs.value(0));
    }
    return false;
  }
  /// m_plan.launches without the launches @p drop, every line's launch index renumbered.
  void dropLaunches(const QSet<int>& drop);
  /// Where the stores' dtypes are explicit (Line::outDtype): the launch line that computes forward()'s @p result
  /// (nothing after it reads it) stores the result's dtype @p resultDtype itself when its stage takes out_dtype=
  /// (kwb_as_dtype after it then copies nothing); a launch of a stage that converts on load (widensOnLoad) whose
  /// first tensor is one of the floating inputs @p floats stores float32, so that input needs no widening copy.
  void storeDtypes(const QString& result, const QString& resultDtype, const QStringList& floats);
  /// A tuple's outputs (@p outs, each stored in @p dtypes' dtype at the return; "" keeps it): the launch that computes
  /// one that nothing after it reads stores that dtype itself, as storeDtypes does for one output; one that later
  /// launches read too is returned as a candidate (its widensOnLoad readers store float32, so they may read it
  /// narrow; narrowTupleOutput decides once the plan is final). Torch holds a returned value in its dtype, so its
  /// readers read it rounded there as torch's do.
  QStringList storeTupleDtypes(const QStringList& outs, const QStringList& dtypes);
  /// Stores candidate @p name (storeTupleDtypes) in @p dtype where its launch is a plain one taking out_dtype= and
  /// every other line reading it, itself or through its views, converts it as it loads it (readsConverted); @p result:
  /// forward()'s first output. Returns whether it did.
  bool narrowTupleOutput(const QString& name, const QString& dtype, const QString& result);
  /// narrowTupleOutput for a value that a kwb_reduce line's source run assigns (fuseReduceSource, session 47): its
  /// src_dtype becomes @p dtype where every later reader converts the value as it loads it; false where none or not.
  bool narrowReduceSource(const QString& name, const QString& dtype, const QString& result);
  /// narrowTupleOutput for a value that a one-pass row block's source run assigns (fuseRows' rowSource, session 43):
  /// its src_dtype= and its else branch's store become @p dtype where every reader converts it as it loads it.
  /// False (nothing changed) otherwise.
  bool narrowRowSource(const QString& name, const QString& dtype, const QString& result);
  /// Whether every line after line @p at that reads @p name, itself or through its views (viewAliases; @p result:
  /// forward()'s first output), converts it to fp32 as it loads it (readsConverted), and no GEMM or attention reads
  /// its values (they would keep a 16-bit operand's width): the check narrowTupleOutput and narrowRowSource share
  /// before storing @p name in a narrower dtype.
  bool laterReadsConvert(const QString& name, int at, const QString& result) const;
  /// Whether every line after line @p from that reads @p name is a GEMM launch (an operand, an epilogue tensor) or a
  /// view whose targets are forward()'s @p result or are read the same way: a 16-bit GEMM result torch holds in its
  /// width and only GEMMs read (docs/CODEGEN.md "GEMM operands keep their width").
  bool gemmOnlyReaders(const QString& name, int from, const QString& result) const;
  /// `W.dtype` where every line after line @p from that reads @p name is a GEMM launch reading it as its a, alone,
  /// against a w whose root (through view lines) is the same parameter or forward() input W (@p params: the
  /// parameters' expressions, @p floats: the floating inputs), or a view of it read that way; "" otherwise (a value
  /// nothing reads, or read by anything else: forward()'s result is no GEMM).
  QString gemmOperandDtype(const QString& name, int from, const QStringList& params, const QStringList& floats) const;
  /// Whether @p l reads forward() input @p x only in ways that convert it to fp32 as they load it: as the first
  /// tensor of a widensOnLoad stage that stores an explicit dtype, as an epilogue's / prologue's tensor (epi_tensors,
  /// pre_tensors, post_tensors), or for its shape or device. A line of several statements (a fused group's branches)
  /// does not qualify.
  static bool readsConverted(const Line& l, const QString& x);
  /// Forward() input @p x and the names that view it: targets of the view lines (no launch: a chunk, split, slice,
  /// permute, unsqueeze, expand of one of these names, glu's halves) that read nothing else, transitively. A view
  /// keeps its tensor's dtype, so a 16-bit input whose views only launches converting them on load read needs no
  /// widening copy either (t10's glu: x.chunk(2, -1), then one kwb_pointwise over both halves). Forward()'s
  /// result @p result is never one (its dtype is the result's). @p viewLines: the indices of those view lines.
  QStringList viewAliases(const QString& x, const QString& result, QSet<int>* viewLines = nullptr) const;
  /// A constant built in forward() from sizes alone (kwb_arange, kwb_full) that only launches read: computed once
  /// per (size, value, dtype, device) and kept (`memo=True`), so a later forward launches nothing for it (u66's count
  /// 1..n, where torch.compile folds the arange into its kernel). Not when the result is it or a view of it: the
  /// caller could write into a tensor that the next forward would return again. @p result: forward()'s result.
  void memoConstants(const QString& result);
  /// Launches whose every operand is a parameter, a buffer, a kept constant (memoConstants) or another such launch's
  /// value -- a weight widened (`self.wq.float()`), concatenated, transposed or normalised, a grid from kept aranges
  /// -- depend on no forward() input: each contiguous run of them becomes one block that kwb_state_get /
  /// kwb_state_put (chain_host.py) compute on the first call and keep on the model, recomputed whenever a source's
  /// data pointer, version counter (`_version`), shape, strides, dtype or device changes (an optimizer step,
  /// load_state_dict, an in-place edit under no_grad). Not forward()'s results (the caller may write into them), not a
  /// line that reads `self` other than as a parameter / buffer, a random draw, a write or a block of several
  /// statements. @p result, @p outputs: forward()'s result and every output expression. Off under
  /// KWB_STATE_CACHE=0 in kwb's environment (the plan before).
  void cacheStateLines(const QStringList& outputs, const QStringList& extraReads);
  /// A block of m_lines [first, last] that cacheStateLines keeps on the model: its slot number, the source
  /// expressions its key reads and the targets read after it.
  struct StateBlock {
    int first = 0, last = 0, slot = 0;
    QStringList sources, outputs;
  };
  QList<StateBlock> m_stateBlocks;
  /// A pointwise run whose primary operand is a group / batch norm's result, where nothing else reads that result,
  /// becomes the norm's post epilogue (kwb_group_norm(..., post=...): applied in the norm's apply pass, one launch
  /// less and one full read and write less). @p result: forward()'s result expression.
  /// A batch norm on batch statistics of a convolution's result: the convolution computes the per-channel
  /// statistics in its tiles (conv_forward(..., stats=True) returns (out, st); the template's CONV_STATS) and the
  /// norm takes them (kwb_batch_norm(..., stats=st)) instead of its moments pass. Runs last (line text only).
  void fuseConvStats();
  /// A batch / group norm or a pool whose result every reader takes as the input of a convolution of the GEMM class
  /// (and is not forward()'s @p result) gets keep_layout=True: a channels-last input's result is written
  /// channels-last, which that convolution reads in place instead of copying it (the stage library's
  /// kwb_keep_layout). Runs last (line text only).
  void keepNormLayout(const QString& result);
  bool pointwisePiece(const QList<const GraphOp*>& piece);
  /// Whether @p piece's operands fit one epilogue (kEpiTensors tensors besides the primary, kEpiScalars); with
  /// columnSlots(), columns of one tensor (columnOf) count as one tensor.
  bool fitsEpilogue(const QList<const GraphOp*>& piece) const;
  /// A fixed column of a value (session 43, slot43): @p ref is a select at a non-negative integer index, or an
  /// unbind's k-th output, of src along dim, seen through the unsqueezes after it (their dims in order). Columns of one
  /// key are views of src at offsets index * src.stride(dim): one epilogue slot reads them all (kwb_cols).
  struct ColumnRead {
    QString key;  ///< src | dim | unsqueezes: the columns one slot may hold
    QString src;
    int dim = 0;
    qint64 index = 0;
    QList<qint64> unsqueezes;
  };
  /// @p ref's column read (resolved refs), std::nullopt for anything else (a negative index, another view between).
  std::optional<ColumnRead> columnOf(const QString& ref) const;
  /// @p refs grouped by columnOf's key where two or more share one (each group's refs in @p refs order); the others
  /// are not listed. Empty when columnSlots() is off.
  QList<QStringList> columnGroups(const QStringList& refs) const;
  /// @p out2: the view's shape at the resize check (empty: unknown); a size that does not follow its input there
  /// is not bound to it (sizeExpr).
  std::optional<QString> reshapeExpr(const Val& in, const QList<qint64>& out, const QList<qint64>& out2 = {});
  /// Every size of the model (its parameters' and buffers' dims, its integer init args): the harness keeps them.
  QSet<qint64> modelSizes() const;
  /// The size expressions of a split of dims [@p i, @p i2) of @p in into @p run (reshapeExpr); @p inferred says
  /// whether the reshape's one -1 is taken (set when this split takes it).
  QStringList splitSizes(const Val& in, int i, int i2, const QList<qint64>& run, bool* inferred,
                         const QList<qint64>& run2 = {}) const;
};

void Planner::decomposeOps() {
  QList<GraphOp> out;
  out.reserve(m_ops.size());
  for (const GraphOp& o : std::as_const(m_ops)) {
    // nn.PReLU: torch reads the weight along dim 1 (its channels), not from the right as a broadcast would; one
    // weight of one element (PReLU()'s default) broadcasts as it is. The rest is pointwise, so a convolution before
    // it takes it as its epilogue.
    // torch 2.x traces prelu as a view of the weight to [C, 1, ...] (or [1]) and aten::_prelu_kernel(x, w): the same
    // where(x > 0, x, x * w) with w broadcast as it is (probe20's r15 PReLU skeletons on the GPU machine's torch 2.x)
    const qsizetype rank = o.inputs.value(0).shape.size();
    const bool kernel = o.name == u"_prelu_kernel";
    if ((o.name != u"prelu" && !kernel) || o.refs.size() != 2 || o.inputs.size() != 2 || o.outputs.size() != 1) {
      out << o;
      continue;
    }
    const QString x = o.refs.at(0);
    QString w = o.refs.at(1);
    QList<qint64> wShape = o.inputs.at(1).shape;
    const qint64 wNumel = std::accumulate(wShape.cbegin(), wShape.cend(), qint64(1), std::multiplies<>());
    auto elementwise = [&](const QString& id, const char* name, const json& args) {
      GraphOp e;
      e.id = id;
      e.name = QStringLiteral("prelu");  // what a plan's description names; pw holds the op
      e.category = QStringLiteral("Elementwise");
      e.function = o.function;
      e.line = o.line;
      e.args = json::object();
      for (const json& a : args)
        if (a.is_string()) e.refs << QString::fromStdString(a.get<std::string>());
      e.inputs = {o.inputs.at(0)};
      e.outputs = o.outputs;
      e.pw = {{"op", name}, {"args", args}, {"kwargs", json::object()}};
      return e;
    };
    if (wNumel > 1 && rank > 2 && !kernel) {
      for (qsizetype k = 2; k < rank; ++k) {
        const QList<qint64> in = wShape;
        wShape << 1;
        const GraphOp u = viewAt(o, QStringLiteral("%1_w%2").arg(o.id).arg(k), QStringLiteral("unsqueeze"), w,
                                 {{"dim", -1}}, in, wShape, o.inputs.at(1).dtype);
        out << u;
        w = u.id;
      }
    }
    const QString neg = o.id + QStringLiteral("_neg"), pos = o.id + QStringLiteral("_pos");
    out << elementwise(neg, "mul", json::array({x.toStdString(), w.toStdString()}));
    GraphOp gt = elementwise(pos, "gt", json::array({x.toStdString(), json{{"const", 0.0}}}));
    gt.outputs.first().dtype = QStringLiteral("bool");
    out << gt;
    out << elementwise(o.id, "where", json::array({pos.toStdString(), x.toStdString(), neg.toStdString()}));
    m_labelOnce.insert(neg, o.id);
    m_labelOnce.insert(pos, o.id);
  }
  m_ops = out;
}

void Planner::softmaxThroughLse() {
  if (!softmaxLse()) return;
  QHash<QString, qsizetype> at;  // op id -> its index in m_ops
  for (qsizetype k = 0; k < m_ops.size(); ++k) at.insert(m_ops.at(k).id, k);
  auto rankDim = [](const json& d, qsizetype rank) -> int {
    if (!d.is_number_integer()) return -1;
    const qint64 v = d.get<qint64>();
    return v < -rank || v >= rank ? -1 : int(v < 0 ? v + rank : v);
  };
  auto isFloat = [](const QString& dt) { return dt.startsWith(QLatin1String("float")) || dt == u"bfloat16"; };
  auto strRef = [](const QString& r) { return json(r.toStdString()); };
  // every operand reference of @p o named @p from read as @p to
  auto rename = [&](GraphOp& o, const QString& from, const QString& to) {
    for (QString& r : o.refs)
      if (r == from) r = to;
    for (auto it = o.operands.begin(); it != o.operands.end(); ++it)
      if (it.value() == from) it.value() = to;
    if (!o.pw.is_object()) return;
    for (auto& a : o.pw["args"])
      if (a.is_string() && QString::fromStdString(a.get<std::string>()) == from) a = strRef(to);
    for (auto& [key, v] : o.pw["kwargs"].items())
      if (v.is_string() && QString::fromStdString(v.get<std::string>()) == from) v = strRef(to);
  };
  auto pointwiseOp = [&](const GraphOp* p) {
    return p && p->category == u"Elementwise" && p->pw.is_object() && p->mutates.isEmpty() && !p->mutatesState &&
           p->outputs.size() == 1;
  };
  auto opAt = [&](const QString& ref, qsizetype limit) -> const GraphOp* {
    const auto a = at.constFind(ref);
    return a == at.cend() || *a >= limit ? nullptr : &m_ops.at(*a);
  };
  // u's pointwise run (the pointwise ops before @p limit that u reaches, up to 8 deep) computed again under ids with
  // @p tag appended, appended to @p run; returns the clone's id of u (u itself where it is no pointwise op)
  auto cloneRun = [&](const QString& u, qsizetype limit, const QString& tag, QList<GraphOp>* run) {
    QHash<QString, QString> cloned;
    std::function<QString(const QString&, int)> walk = [&](const QString& ref, int depth) -> QString {
      const GraphOp* p = opAt(ref, limit);
      if (!pointwiseOp(p) || depth > 8) return ref;
      if (cloned.contains(ref)) return cloned.value(ref);
      GraphOp c = *p;
      c.id = p->id + tag;
      c.outputs.first().ref = c.id;
      for (const QString& was : p->refs) {
        const QString now = walk(was, depth + 1);
        if (now != was) rename(c, was, now);
      }
      if (m_shape2.contains(p->id)) m_shape2.insert(c.id, m_shape2.value(p->id));
      if (m_args2.contains(p->id)) m_args2.insert(c.id, m_args2.value(p->id));
      m_recomputed.insert(c.id);  // the CSE keeps it apart from the original
      cloned.insert(ref, c.id);
      *run << c;
      return c.id;
    };
    return walk(u, 0);
  };
  QHash<QString, QList<GraphOp>> replace;        // op id -> the ops standing at its place
  QHash<QString, QList<GraphOp>> insertBefore;   // op id -> ops standing before it
  QHash<QString, QHash<QString, QString>> swap;  // reader id -> (ref -> the ref it reads instead)
  for (qsizetype k = 0; k < m_ops.size(); ++k) {
    const GraphOp& o = m_ops.at(k);
    if (!isSoftmaxOp(o.name) || o.name == u"_safe_softmax" || o.refs.size() != 1 || o.inputs.size() != 1 ||
        o.outputs.size() != 1 || !o.mutates.isEmpty() || m_outRefs.contains(o.id) || replace.contains(o.id))
      continue;
    const QList<qint64> shape = o.inputs.first().shape;
    const int d = rankDim(o.args.value("dim", json()), shape.size());
    if (d < 0 || !isFloat(o.inputs.first().dtype) || o.outputs.first().shape != shape) continue;
    const bool log = o.name.contains(QLatin1String("log"));
    // a reduction that kwb_reduce / kwb_rows take with a prologue, over the softmax's dim among others (a reduction
    // over other dims alone reads the probabilities whole: they would be stored anyway)
    auto overRow = [&](const GraphOp& r) {
      static const QSet<QString> ops = {QStringLiteral("sum"),  QStringLiteral("mean"),      QStringLiteral("amax"),
                                        QStringLiteral("amin"), QStringLiteral("logsumexp"), QStringLiteral("prod")};
      if (r.category != u"Reduction" || !ops.contains(r.name) || !r.mutates.isEmpty() || r.refs.size() != 1 ||
          r.outputs.size() != 1)
        return false;
      const json dims = r.args.value("dim", json());
      if (dims.is_null() || (dims.is_array() && dims.empty())) return true;  // every dim
      const json list = dims.is_array() ? dims : json::array({dims});
      return std::any_of(list.begin(), list.end(), [&](const json& e) { return rankDim(e, shape.size()) == d; });
    };
    QList<qsizetype> gathers, others;
    bool ok = true;
    for (qsizetype j = k + 1; j < m_ops.size() && ok; ++j) {
      const GraphOp& r = m_ops.at(j);
      if (!r.refs.contains(o.id)) continue;
      if ((r.category == u"Elementwise" && r.pw.is_object() && r.mutates.isEmpty()) || overRow(r)) {
        others << j;
        continue;
      }
      // a gather along d whose index has the softmax's sizes elsewhere: the statistic broadcasts against it
      bool gather = r.name == u"gather" && r.refs.size() == 2 && r.refs.first() == o.id && r.refs.at(1) != o.id &&
                    r.inputs.size() == 2 && rankDim(r.args.value("dim", json()), shape.size()) == d &&
                    r.inputs.at(1).shape.size() == shape.size() && r.outputs.size() == 1 && r.mutates.isEmpty();
      for (qsizetype e = 0; gather && e < shape.size(); ++e)
        gather = e == d || r.inputs.at(1).shape.at(e) == shape.at(e);
      if (gather)
        gathers << j;
      else
        ok = false;
    }
    for (const TensorInfo& t : m_g.outputs) ok = ok && t.ref != o.id;
    for (const qsizetype j : std::as_const(gathers)) ok = ok && !replace.contains(m_ops.at(j).id);
    // the values of the softmax's shape its pointwise readers make end in reductions: none is returned, viewed,
    // broadcast or read by another kind of op (a P V product, a cast before a GEMM), where the probabilities would be
    // stored anyway and the stage that reads them whole (attention) would be lost
    QSet<QString> full{o.id};
    for (qsizetype j = k + 1; j < m_ops.size() && ok; ++j) {
      const GraphOp& r = m_ops.at(j);
      const bool readsFull =
          std::any_of(r.refs.begin(), r.refs.end(), [&](const QString& x) { return full.contains(x); });
      if (!readsFull || gathers.contains(j)) continue;
      if (overRow(r)) continue;
      if (!(r.category == u"Elementwise" && r.pw.is_object() && r.mutates.isEmpty() && r.outputs.size() == 1 &&
            r.outputs.first().shape == shape)) {
        ok = false;  // a broadcast to a larger shape reads the probabilities whole
        break;
      }
      full.insert(r.id);
    }
    for (const QString& f : std::as_const(full)) ok = ok && !m_outRefs.contains(f) && !m_outRename.contains(f);
    for (const TensorInfo& t : m_g.outputs) ok = ok && !full.contains(t.ref);
    if (!ok || (gathers.isEmpty() && others.isEmpty())) continue;
    const QString u = o.refs.first(), dt = o.outputs.first().dtype;
    QList<qint64> keep = shape;
    keep[d] = 1;
    auto info = [&](const QList<qint64>& s, const QString& ref) { return TensorInfo{QString(), s, dt, ref}; };
    auto pointwise = [&](const QString& id, const char* op, const QStringList& refs, const QList<TensorInfo>& ins,
                         const QList<qint64>& out) {
      GraphOp e;
      e.id = id;
      e.name = QString::fromLatin1(op);
      e.category = QStringLiteral("Elementwise");
      e.function = o.function;
      e.line = o.line;
      e.args = json::object();
      e.refs = refs;
      e.inputs = ins;
      e.outputs = {info(out, id)};
      json args = json::array();
      for (const QString& r : refs) args.push_back(strRef(r));
      e.pw = {{"op", op}, {"args", args}, {"kwargs", json::object()}};
      m_labelOnce.insert(id, o.id);
      return e;
    };
    GraphOp lse;
    lse.id = o.id + QStringLiteral("_lse");
    lse.name = QStringLiteral("logsumexp");
    lse.category = QStringLiteral("Reduction");
    lse.function = o.function;
    lse.line = o.line;
    lse.args = {{"dim", json::array({d})}, {"keepdim", true}};
    lse.inputs = o.inputs;
    lse.outputs = {info(keep, lse.id)};
    if (m_shape2.contains(o.id)) {
      QList<qint64> keep2 = m_shape2.value(o.id);
      if (d < keep2.size()) keep2[d] = 1;
      m_shape2.insert(lse.id, keep2);
    }
    // the value at @p id (of shape @p out; @p like: the op whose resized shape it has) from the elements @p src (u,
    // u's clone or u's gathered elements): src - lse, then its exp for a softmax
    auto normalised = [&](const QString& id, const QString& src, const TensorInfo& srcInfo, const QList<qint64>& out,
                          const QString& like, const TensorInfo* stat = nullptr) {
      QList<GraphOp> ops;
      const QString diff = log ? id : id + QStringLiteral("_ls");
      const TensorInfo& st = stat ? *stat : lse.outputs.first();
      ops << pointwise(diff, "sub", {src, st.ref}, {srcInfo, st}, out);
      if (!log) ops << pointwise(id, "exp", {diff}, {ops.last().outputs.first()}, out);
      if (m_shape2.contains(like))
        for (const GraphOp& n : std::as_const(ops)) m_shape2.insert(n.id, m_shape2.value(like));
      return ops;
    };
    // u's run computed again for the statistic: the reduction takes it as its prologue and the readers' runs theirs,
    // so no launch stores u (read by two lines, it would be a launch or a stored source)
    QList<GraphOp> run;
    const QString uStat = cloneRun(u, k, QStringLiteral("_lu"), &run);
    lse.refs = {uStat};
    lse.operands = {{QStringLiteral("self"), uStat}};
    // the statistic before u's own run where the clones' operands allow (that run then stays one run with its readers,
    // not cut by the reduction between), else at the softmax's place
    qsizetype pos = k;
    for (const GraphOp& c : std::as_const(run)) pos = std::min(pos, at.value(c.id.chopped(3), k));
    QSet<QString> runIds;
    for (const GraphOp& c : std::as_const(run)) runIds.insert(c.id);
    for (const GraphOp& c : std::as_const(run))
      for (const QString& r : c.refs)
        if (!runIds.contains(r) && at.value(r, -1) >= pos) pos = k;
    QList<GraphOp> here;  // at the softmax's place
    if (pos < k)
      insertBefore[m_ops.at(pos).id] += run + QList<GraphOp>{lse};
    else
      here << run << lse;
    // the first pointwise / reduction reader reads the value under the softmax's id; each later one its own copy
    // (u's run and the normalisation again, so that nothing of the softmax's shape is stored for two readers)
    for (qsizetype m = 0; m < others.size(); ++m) {
      if (m == 0) {
        here << normalised(o.id, u, o.inputs.first(), shape, o.id);
        continue;
      }
      const GraphOp& r = m_ops.at(others.at(m));
      const QString tag = QStringLiteral("_r%1").arg(m);
      QList<GraphOp> copy;
      const QString uCopy = cloneRun(u, k, tag, &copy);
      TensorInfo uInfo = o.inputs.first();
      uInfo.ref = uCopy;
      copy << normalised(o.id + tag, uCopy, uInfo, shape, o.id);
      for (const GraphOp& c : std::as_const(copy)) m_recomputed.insert(c.id);
      insertBefore[r.id] += copy;
      swap[r.id].insert(o.id, o.id + tag);
    }
    replace.insert(o.id, here);
    // each gather of it: the gather of u's operand where u is a run of one tensor and numbers (x / T), that run on the
    // gathered elements, then the normalisation; else the gather of u
    for (const qsizetype j : std::as_const(gathers)) {
      const GraphOp& g = m_ops.at(j);
      const QList<qint64> gShape = g.outputs.first().shape;
      QList<const GraphOp*> chain;  // u's run back to its one tensor operand, last op first
      for (const GraphOp* p = opAt(u, k); pointwiseOp(p) && chain.size() < 8; p = opAt(p->refs.value(0), k)) {
        if (p->refs.size() != 1 || p->refs.first().isEmpty() || p->outputs.first().shape != shape) break;
        chain << p;
      }
      const GraphOp* top = chain.isEmpty() ? nullptr : chain.last();
      const QString root = top ? top->refs.first() : u;
      GraphOp gu = g;
      gu.id = g.id + QStringLiteral("_u");
      rename(gu, o.id, root);
      gu.inputs[0] = top ? top->inputs.first() : o.inputs.first();
      gu.outputs.first().ref = gu.id;
      gu.outputs.first().dtype = gu.inputs.first().dtype;
      if (m_shape2.contains(g.id)) m_shape2.insert(gu.id, m_shape2.value(g.id));
      if (m_args2.contains(g.id)) m_args2.insert(gu.id, m_args2.value(g.id));
      QList<GraphOp> ops{gu};
      QString last = gu.id;
      // the views that alone read the gather (`.squeeze(1)`), where the gather has the statistic's shape: taken by
      // the gathered elements and the statistic alike, the normalisation after them under the last view's id, so
      // that it is a piece of the pointwise run reading it (not a launch of its own before a view)
      QList<const GraphOp*> views;
      static const QSet<QString> viewOps = {QStringLiteral("squeeze"),       QStringLiteral("unsqueeze"),
                                            QStringLiteral("view"),          QStringLiteral("reshape"),
                                            QStringLiteral("_unsafe_view"),  QStringLiteral("flatten"),
                                            QStringLiteral("_reshape_alias")};
      for (const GraphOp* cur = &g; gShape == keep && views.size() < 4;) {
        const GraphOp* next = nullptr;
        int readers = 0;
        for (qsizetype r = at.value(cur->id) + 1; r < m_ops.size(); ++r)
          if (m_ops.at(r).refs.contains(cur->id)) {
            ++readers;
            next = &m_ops.at(r);
          }
        if (readers != 1 || !next->view || !viewOps.contains(next->name) || next->refs.size() != 1 ||
            next->outputs.size() != 1 || m_outRefs.contains(cur->id) || replace.contains(next->id))
          break;
        bool returned = false;
        for (const TensorInfo& t : m_g.outputs) returned = returned || t.ref == cur->id;
        if (returned) break;
        views << next;
        cur = next;
      }
      TensorInfo lastInfo = ops.last().outputs.first();
      lastInfo.dtype = dt;
      TensorInfo statInfo = lse.outputs.first();
      QString id = g.id;
      QList<qint64> outShape = gShape;
      for (const GraphOp* v : std::as_const(views)) {
        GraphOp a = *v, b = *v;
        a.id = v->id + QStringLiteral("_gu");
        rename(a, v->refs.first(), last);
        a.inputs.first() = lastInfo;
        a.outputs.first().ref = a.id;
        b.id = v->id + QStringLiteral("_gl");
        rename(b, v->refs.first(), statInfo.ref);
        b.inputs.first() = statInfo;
        b.outputs.first().ref = b.id;
        for (const GraphOp* c : {&a, &b}) {
          if (m_shape2.contains(v->id)) m_shape2.insert(c->id, m_shape2.value(v->id));
          if (m_args2.contains(v->id)) m_args2.insert(c->id, m_args2.value(v->id));
        }
        ops << a << b;
        last = a.id;
        lastInfo = a.outputs.first();
        lastInfo.dtype = dt;
        statInfo = b.outputs.first();
        id = v->id;
        outShape = v->outputs.first().shape;
        replace.insert(v->id, {});
      }
      // u's run on the gathered elements (after the views: numbers only, so it commutes with them)
      for (qsizetype c = chain.size() - 1; c >= 0; --c) {
        GraphOp e = *chain.at(c);
        e.id = chain.at(c)->id + QStringLiteral("_") + id;
        const QString from = e.refs.first();  // a copy: rename rewrites refs
        rename(e, from, last);
        e.inputs.first() = TensorInfo{QString(), outShape, lastInfo.dtype, last};
        e.outputs.first().shape = outShape;
        e.outputs.first().ref = e.id;
        if (m_shape2.contains(id)) m_shape2.insert(e.id, m_shape2.value(id));
        m_recomputed.insert(e.id);
        ops << e;
        last = e.id;
        lastInfo = e.outputs.first();
        lastInfo.dtype = dt;
      }
      ops << normalised(id, last, lastInfo, outShape, id, &statInfo);
      replace.insert(g.id, ops);
    }
  }
  if (replace.isEmpty()) return;
  QList<GraphOp> out;
  out.reserve(m_ops.size() + 8 * replace.size());
  for (const GraphOp& o : std::as_const(m_ops)) {
    out << insertBefore.value(o.id);
    if (replace.contains(o.id)) {
      out << replace.value(o.id);
      continue;
    }
    GraphOp r = o;
    for (auto it = swap.value(o.id).cbegin(); it != swap.value(o.id).cend(); ++it) rename(r, it.key(), it.value());
    out << r;
  }
  m_ops = out;
}

void Planner::recomputeCentred() {
  if (!rowsApplyAny()) return;
  static const QSet<QString> cheap = {QStringLiteral("sub"), QStringLiteral("add"), QStringLiteral("mul"),
                                      QStringLiteral("div"), QStringLiteral("rsub")};
  QHash<QString, qsizetype> at;  // op id -> its index in m_ops
  for (qsizetype k = 0; k < m_ops.size(); ++k) at.insert(m_ops.at(k).id, k);
  // x (op) u, u a keepdim reduction whose first operand is x, the result of x's shape
  auto centred = [&](const GraphOp& o) {
    if (o.category != u"Elementwise" || !cheap.contains(o.name) || o.refs.size() != 2 || o.inputs.size() != 2 ||
        o.outputs.size() != 1 || !o.mutates.isEmpty() || !o.pw.is_object())
      return false;
    for (int k = 0; k < 2; ++k) {
      const auto r = at.constFind(o.refs.at(k));
      if (r == at.cend()) continue;
      const GraphOp& red = m_ops.at(*r);
      if (red.category == u"Reduction" && red.args.value("keepdim", false) == true && !red.refs.isEmpty() &&
          red.refs.first() == o.refs.at(1 - k) && o.outputs.first().shape == o.inputs.at(1 - k).shape &&
          rowsApplyPlan(columnRows(o.inputs.at(1 - k).shape, reducedDims(red))))
        return true;
    }
    return false;
  };
  QList<GraphOp> out;
  out.reserve(m_ops.size());
  QHash<QString, QString> cloneOf;  // reader id -> (centred id, its clone's id) applied as the reader is copied
  QHash<QString, int> clones;
  for (qsizetype k = 0; k < m_ops.size(); ++k) {
    const GraphOp& o = m_ops.at(k);
    if (!centred(o) || m_outRefs.contains(o.id)) continue;
    m_recomputed.insert(o.id);  // written twice in forward(): the CSE keeps both
    QStringList readers;
    bool pointwise = true;
    for (qsizetype j = k + 1; j < m_ops.size(); ++j)
      if (m_ops.at(j).refs.contains(o.id)) {
        readers << m_ops.at(j).id;
        pointwise = pointwise && m_ops.at(j).category == u"Elementwise" && m_ops.at(j).pw.is_object() &&
                    m_ops.at(j).mutates.isEmpty();
      }
    if (pointwise)
      for (qsizetype r = 1; r < readers.size(); ++r) cloneOf.insert(readers.at(r), o.id);
  }
  if (cloneOf.isEmpty()) return;
  for (const GraphOp& o : std::as_const(m_ops)) {
    if (!cloneOf.contains(o.id)) {
      out << o;
      continue;
    }
    const QString src = cloneOf.value(o.id);
    GraphOp c = m_ops.at(at.value(src));
    c.id = QStringLiteral("%1_rc%2").arg(src).arg(++clones[src]);
    c.outputs.first().ref = c.id;
    if (m_shape2.contains(src)) m_shape2.insert(c.id, m_shape2.value(src));
    if (m_args2.contains(src)) m_args2.insert(c.id, m_args2.value(src));
    m_recomputed.insert(c.id);
    GraphOp reader = o;
    for (QString& r : reader.refs)
      if (r == src) r = c.id;
    for (auto it = reader.operands.begin(); it != reader.operands.end(); ++it)
      if (it.value() == src) it.value() = c.id;
    for (auto& a : reader.pw["args"])
      if (a.is_string() && QString::fromStdString(a.get<std::string>()) == src) a = c.id.toStdString();
    for (auto& [key, v] : reader.pw["kwargs"].items())
      if (v.is_string() && QString::fromStdString(v.get<std::string>()) == src) v = c.id.toStdString();
    out << c << reader;
  }
  m_ops = out;
}

void Planner::permutesIntoEpilogues() {
  if (qEnvironmentVariable("KWB_PERMUTE_INTO_EPILOGUE") != u"1") return;
  static const QSet<QString> reshapes = {QStringLiteral("view"), QStringLiteral("reshape"),
                                         QStringLiteral("_unsafe_view"), QStringLiteral("_reshape_alias"),
                                         QStringLiteral("flatten")};
  static const QSet<QString> anchors = {
      QStringLiteral("mm"),     QStringLiteral("addmm"),   QStringLiteral("bmm"),        QStringLiteral("matmul"),
      QStringLiteral("linear"), QStringLiteral("baddbmm"), QStringLiteral("convolution")};
  for (int guard = 0; guard < 16; ++guard) {
    QHash<QString, int> uses;
    for (const GraphOp& o : std::as_const(m_ops))
      for (const QString& r : o.refs) uses[r] += 1;
    for (const TensorInfo& t : m_g.outputs) uses[t.ref] += 1;
    auto byId = [&](const QString& id) -> const GraphOp* { return id.isEmpty() ? nullptr : opById(id); };
    auto pointwiseOnce = [&](const GraphOp* o, const QList<qint64>& shape) {
      return o && o->category == u"Elementwise" && o->pw.is_object() && o->mutates.isEmpty() && !o->mutatesState &&
             o->outputs.size() == 1 && o->outputs.first().shape == shape && uses.value(o->id) == 1 &&
             !m_outRename.contains(o->id);
    };
    int at = -1;
    QList<int> perm;
    for (int k = 0; k < m_ops.size() && at < 0; ++k) {
      const GraphOp& p = m_ops.at(k);
      if ((p.name != u"permute" && p.name != u"transpose" && p.name != u"t") || p.refs.size() != 1 ||
          p.outputs.size() != 1)
        continue;
      const GraphOp* v = byId(p.refs.first());
      const QList<qint64> shape = p.inputs.value(0).shape;
      if (!pointwiseOnce(v, shape)) continue;
      bool pointwiseReader = false;  // the run after the permute: else moving it buys nothing
      for (const GraphOp& o : std::as_const(m_ops))
        pointwiseReader = pointwiseReader || (o.category == u"Elementwise" && o.refs.contains(p.id));
      // the pointwise ops before it reach a GEMM / convolution output through views (reshapes before any permute)
      bool reaches = false;
      QList<const GraphOp*> todo{v};
      for (int n = 0; !todo.isEmpty() && n < 64 && !reaches; ++n) {
        const GraphOp* o = todo.takeFirst();
        for (const QString& r : o->refs) {
          const GraphOp* x = byId(r);
          if (pointwiseOnce(x, shape)) {
            todo << x;
            continue;
          }
          for (int d = 0;
               d < 8 && x && x->view &&
               (reshapes.contains(x->name) || x->name == u"permute" || x->name == u"transpose" || x->name == u"t");
               ++d)
            x = byId(x->refs.value(0));
          reaches = reaches || (x && anchors.contains(x->name));
        }
      }
      if (!pointwiseReader || !reaches) continue;
      const int rank = static_cast<int>(shape.size());
      for (int d = 0; d < rank; ++d) perm << d;
      auto norm = [&](const json& j) {
        const qint64 d = j.is_number_integer() ? j.get<qint64>() : -99;
        return d < -rank || d >= rank ? -1 : static_cast<int>((d + rank) % rank);
      };
      bool ok = true;
      if (p.name == u"permute") {
        const json dims = p.args.value("dims", json());
        ok = dims.is_array() && static_cast<int>(dims.size()) == rank;
        for (int d = 0; ok && d < rank; ++d) ok = (perm[d] = norm(dims.at(static_cast<std::size_t>(d)))) >= 0;
      } else {
        const int a = p.name == u"t" ? 0 : norm(p.args.value("dim0", json()));
        const int b = p.name == u"t" ? 1 : norm(p.args.value("dim1", json()));
        ok = rank >= 2 && a >= 0 && b >= 0;
        if (ok) std::swap(perm[a], perm[b]);
      }
      if (ok)
        at = k;
      else
        perm.clear();
    }
    if (at < 0) return;
    const GraphOp p = m_ops.at(at);
    auto permuted = [&](const QList<qint64>& s) {
      QList<qint64> o;
      for (int d : perm) o << s.value(d);
      return o;
    };
    const QList<qint64> shape = p.inputs.first().shape;
    QList<GraphOp> made;    // the new ops, in order, at the permute's place
    QSet<QString> removed;  // the pointwise ops rewritten (their new twins are in made)
    int serial = 0;
    // @p ref at the permuted order: a pointwise op read once, rewritten; a tensor, viewed (unsqueezed to the rank, then
    // permuted); "" (a literal) as it is
    std::function<QString(const QString&, const QString&)> move = [&](const QString& ref, const QString& id) {
      const GraphOp* o = byId(ref);
      if (pointwiseOnce(o, shape)) {
        GraphOp n = *o;
        n.id = id.isEmpty() ? QStringLiteral("%1_pm").arg(o->id) : id;
        removed.insert(o->id);
        QHash<QString, QString> to;
        for (QString& r : n.refs)
          if (!r.isEmpty()) r = to.contains(r) ? to.value(r) : (to[r] = move(r, QString()));
        for (auto it = n.operands.begin(); it != n.operands.end(); ++it) it.value() = to.value(it.value(), it.value());
        for (const char* key : {"args", "kwargs"}) {
          if (!n.pw.contains(key)) continue;
          json& j = n.pw[key];
          for (auto& a : j)
            if (a.is_string() && to.contains(QString::fromStdString(a.get<std::string>())))
              a = to.value(QString::fromStdString(a.get<std::string>())).toStdString();
        }
        for (int k = 0; k < n.inputs.size() && k < n.refs.size(); ++k)  // each operand's shape as read now
          for (const GraphOp& m : std::as_const(made))
            if (m.id == n.refs.at(k)) n.inputs[k].shape = m.outputs.first().shape;
        n.outputs.first().shape = permuted(o->outputs.first().shape);
        n.outputs.first().ref = n.id;
        if (m_shape2.contains(o->id) && m_shape2.value(o->id).size() == perm.size())
          m_shape2.insert(n.id, permuted(m_shape2.value(o->id)));
        if (m_args2.contains(o->id)) m_args2.insert(n.id, m_args2.value(o->id));
        made << n;
        return n.id;
      }
      // the k-th output of a multi-output op (unbind's columns, "t0_2") too: read as [] it was unsqueezed from the
      // front to [1, 1, N] and broadcast against [N, 1] (new-user trial 31 #1)
      const TensorInfo leaf = tensorOfRef(ref);
      QList<qint64> s = leaf.shape;
      QString dt = leaf.dtype;
      QList<qint64> s2 = m_shape2.value(ref, s);
      QString cur = ref;
      auto viewOp = [&](const QString& name, const json& args, const QList<qint64>& in, const QList<qint64>& out,
                        const QList<qint64>& out2) {
        const GraphOp u = viewAt(p, QStringLiteral("%1_pm%2").arg(p.id).arg(serial++), name, cur, args, in, out, dt);
        if (out2.size() == out.size()) m_shape2.insert(u.id, out2);
        made << u;
        cur = u.id;
      };
      while (s.size() < perm.size()) {
        const QList<qint64> in = s;
        s.prepend(1);
        s2.prepend(1);
        viewOp(QStringLiteral("unsqueeze"), json{{"dim", 0}}, in, s, s2);
      }
      json dims = json::array();
      for (int d : perm) dims.push_back(d);
      viewOp(QStringLiteral("permute"), json{{"dims", dims}}, s, permuted(s), permuted(s2));
      return cur;
    };
    move(p.refs.first(), p.id);
    made.last().function = p.function;
    QList<GraphOp> out;
    for (int k = 0; k < m_ops.size(); ++k) {
      if (k == at)
        out << made;
      else if (!removed.contains(m_ops.at(k).id))
        out << m_ops.at(k);
    }
    m_ops = out;
  }
}

void Planner::selectsPushedDown() {
  if (!selectPushdown()) return;
  // with the parts copied first; where that overflows a launch's slots (the parts read more tensors than their
  // values), the pass as before
  if (!selectsPushedDownPass(stackPartCopy()) && stackPartCopy()) selectsPushedDownPass(false);
}

bool Planner::selectsPushedDownPass(bool copyParts) {
  m_partCopies.clear();
  QSet<QString> outs;
  for (const TensorInfo& t : m_g.outputs) outs << t.ref;
  auto normDim = [](qint64 d, qint64 rank) { return d < 0 ? d + rank : d; };
  // a pointwise op whose copy over selected operands is the same math: pure, one output, no random draw
  auto pure = [&](const GraphOp* o) {
    return o && o->category == u"Elementwise" && o->pw.is_object() && o->mutates.isEmpty() && !o->mutatesState &&
           o->outputs.size() == 1 && !o->name.contains(QLatin1String("rand")) &&
           !o->name.contains(QLatin1String("bernoulli")) && !o->name.contains(QLatin1String("dropout"));
  };
  auto dropDim = [](QList<qint64> s, int d) {
    if (d >= 0 && d < s.size()) s.removeAt(d);
    return s;
  };
  // whether some op reads an output of @p o (its id, or its k-th output "<id>_<k>")
  auto readIn = [](const QList<GraphOp>& ops, const GraphOp& o) {
    for (const GraphOp& r : ops)
      for (const QString& ref : r.refs)
        if (ref == o.id || (ref.startsWith(o.id + u'_') && ref.mid(o.id.size() + 1).toInt() > 0)) return true;
    return false;
  };
  QSet<QString> readBefore;  // ops read before the pass: those it leaves unread are dropped at the end
  for (const GraphOp& o : std::as_const(m_ops))
    if (readIn(m_ops, o)) readBefore << o.id;
  // the ops the rewrites left unread (the stack, the [N, M, 2] values): pure, so nothing else needs them; dropped
  // from the last, so a chain of them goes too
  auto dropUnread = [&]() {
    for (int j = static_cast<int>(m_ops.size()) - 1; j >= 0; --j) {
      const GraphOp& o = m_ops.at(j);
      const bool droppable = o.view || pure(&o) || o.name == u"stack" || o.name == u"cat" || o.name == u"unbind";
      if (droppable && readBefore.contains(o.id) && o.mutates.isEmpty() && !outs.contains(o.id) &&
          !m_outRename.contains(o.id) && !readIn(m_ops, o))
        m_ops.removeAt(j);
    }
  };
  // The tensors the rewritten selects read, by the selects' shape: a launch over that shape reads each of them (a load
  // per element and one of its kEpiTensors + 1 slots). Where one shape's would overflow the slots (a box pair's 8
  // coordinate columns as 8 values), the run would be cut into more launches than the intermediates cost: the pass is
  // undone. Columns of one tensor count once where kwb_cols reads them through one slot (columnSlots()).
  // a copy of its own: renameRefs writes into m_ops' elements, which an implicitly shared copy would see too
  QList<GraphOp> opsBefore = m_ops;
  opsBefore.detach();
  QHash<QString, QSet<QString>> readsAt;
  QSet<QString> copies;  // the pointwise copies made (computed in the launch, no tensor of their own)
  QHash<QString, QSet<QString>> copyReads;  // a copy -> the slots its launch reads for it (its operands' tensors)
  QHash<QString, QString> unsqueezeOf;      // the unsqueezes made -> what they view
  QHash<QString, QString> memo;  // "ref|dim|index" -> the ref that is that select (one copy for every select)
  QSet<QString> skipped;         // selects of a value this pass cannot see through
  int serial = 0;
  for (int guard = 0; guard < 256; ++guard) {
    // the first select whose source (through views) is a pointwise op, a stack or a cat
    int at = -1;
    for (int k = 0; k < m_ops.size() && at < 0; ++k) {
      const GraphOp& u = m_ops.at(k);
      if (u.name != u"select" || u.refs.size() != 1 || u.outputs.size() != 1 || outs.contains(u.id) ||
          m_outRename.contains(u.id) || skipped.contains(u.id) || !u.args.value("dim", json()).is_number_integer() ||
          !u.args.value("index", json()).is_number_integer())
        continue;
      const GraphOp* v = opById(u.refs.first());
      for (int hop = 0; hop < 16 && v && v->view && v->refs.size() == 1; ++hop) v = opById(v->refs.first());
      if (v && (pure(v) || v->name == u"stack" || v->name == u"cat")) at = k;
    }
    if (at < 0) break;
    const GraphOp u = m_ops.at(at);
    QList<GraphOp> made;
    int budget = kSelectOps;
    bool ok = true, useful = false;
    auto infoOf = [&](const QString& ref) {  // the ops made for this select are not in m_ops yet
      for (const GraphOp& m : std::as_const(made))
        if (m.id == ref) return m.outputs.first();
      return tensorOfRef(ref);
    };
    // a copy's operands read through @p to (its refs, operand names and the refs among its pointwise arguments)
    auto remap = [](GraphOp& c, const QHash<QString, QString>& to) {
      for (QString& r : c.refs)
        if (to.contains(r)) r = to.value(r);
      for (auto it = c.operands.begin(); it != c.operands.end(); ++it) it.value() = to.value(it.value(), it.value());
      for (const char* part : {"args", "kwargs"}) {
        if (!c.pw.contains(part)) continue;
        for (auto& a : c.pw[part])
          if (a.is_string() && to.contains(QString::fromStdString(a.get<std::string>())))
            a = to.value(QString::fromStdString(a.get<std::string>())).toStdString();
      }
    };
    // a stack's part @p ref as a copy of its cheap pure ops over their operands (the box's columns), so the select
    // reads those instead of the part's value; anything else (an input, a column, a costlier op) is read as it is
    std::function<QString(const QString&)> copyPart = [&](const QString& ref) -> QString {
      const GraphOp* p = ref.isEmpty() ? nullptr : opById(ref);
      if (!pure(p) || !partCopyOp(p->name) || budget <= 0 ||
          !p->outputs.first().dtype.startsWith(QLatin1String("float")))
        return ref;
      const QString key = ref + QStringLiteral("|part");
      if (const auto it = memo.constFind(key); it != memo.cend()) return *it;
      --budget;
      GraphOp c = *p;
      c.id = QStringLiteral("%1_sp%2").arg(p->id).arg(serial++);
      QHash<QString, QString> to;
      for (const QString& r : std::as_const(p->refs))
        if (!r.isEmpty() && !m_constScalar.contains(r) && !to.contains(r)) to[r] = copyPart(r);
      remap(c, to);
      for (int j = 0; j < c.inputs.size() && j < c.refs.size(); ++j)
        if (!c.refs.at(j).isEmpty()) c.inputs[j].shape = infoOf(c.refs.at(j)).shape;
      c.outputs.first().ref = c.id;
      if (m_shape2.contains(p->id)) m_shape2.insert(c.id, m_shape2.value(p->id));
      if (m_args2.contains(p->id)) m_args2.insert(c.id, m_args2.value(p->id));
      made << c;
      m_partCopies << c.id;
      memo.insert(key, c.id);
      return c.id;
    };
    // whether copyPart copies all of @p ref down to leaves that cost no op: inputs, views, columns (a part over
    // `torch.cos(t)` stays a value: no transcendental is recomputed per broadcast element)
    std::function<bool(const QString&, int)> copyable = [&](const QString& ref, int depth) {
      const GraphOp* p = ref.isEmpty() ? nullptr : opById(ref);
      if (pure(p) && partCopyOp(p->name) && p->outputs.first().dtype.startsWith(QLatin1String("float"))) {
        if (depth >= kSelectOps) return false;
        for (const QString& r : p->refs)
          if (!r.isEmpty() && !m_constScalar.contains(r) && !copyable(r, depth + 1)) return false;
        return true;
      }
      return !p || p->view || columnOf(ref).has_value();
    };
    // the ref that is select(ref, d, k) (d, k normalised to ref's rank): the value itself where the select reads the
    // source of a stack's part, a slice, an unsqueeze; copies of pointwise ops over selects of their operands; a
    // select view of anything else
    std::function<QString(const QString&, int, qint64)> pick = [&](const QString& ref, int d, qint64 k) -> QString {
      const QString key = QStringLiteral("%1|%2|%3").arg(ref).arg(d).arg(k);
      if (const auto it = memo.constFind(key); it != memo.cend()) {
        useful = true;  // a rewrite made it: the same select again (`d[..., 0] * d[..., 0]`) reads that copy
        return *it;
      }
      const TensorInfo t = infoOf(ref);
      if (!ok || d < 0 || d >= t.shape.size() || k < 0 || k >= t.shape.at(d)) {
        ok = false;
        return ref;
      }
      const GraphOp* o = ref.isEmpty() ? nullptr : opById(ref);
      auto argInt = [&](const char* name, qint64 dflt) {
        const json a = o->args.value(name, json());
        return a.is_number_integer() ? a.get<qint64>() : dflt;
      };
      auto leaf = [&]() {  // a select view of ref (an input's column is a strided read, no launch)
        GraphOp v = viewAt(u, QStringLiteral("%1_sp%2").arg(u.id).arg(serial++), QStringLiteral("select"), ref,
                           json{{"dim", d}, {"index", k}}, t.shape, dropDim(t.shape, d), t.dtype);
        if (m_shape2.contains(ref) && m_shape2.value(ref).size() == t.shape.size())
          m_shape2.insert(v.id, dropDim(m_shape2.value(ref), d));
        made << v;
        return v.id;
      };
      QString res;
      if (o && o->view && o->refs.size() == 1 && o->name == u"unsqueeze" &&
          o->args.value("dim", json()).is_number_integer()) {
        const int w = static_cast<int>(normDim(argInt("dim", 0), t.shape.size()));
        if (w == d) {
          res = o->refs.first();  // the unsqueezed dim itself: its one index is the source
          useful = true;
        } else {
          const QString in = pick(o->refs.first(), w < d ? d - 1 : d, k);
          if (!ok) return ref;
          GraphOp w2 = viewAt(u, QStringLiteral("%1_sp%2").arg(u.id).arg(serial++), QStringLiteral("unsqueeze"), in,
                              json{{"dim", w < d ? w : w - 1}}, infoOf(in).shape, dropDim(t.shape, d), t.dtype);
          if (m_shape2.contains(ref) && m_shape2.value(ref).size() == t.shape.size())
            m_shape2.insert(w2.id, dropDim(m_shape2.value(ref), d));
          made << w2;
          res = w2.id;
        }
      } else if (o && o->view && o->refs.size() == 1 && o->name == u"slice" &&
                 o->args.value("dim", json()).is_number_integer() && argInt("step", 1) == 1) {
        const TensorInfo src = infoOf(o->refs.first());
        const int sd = static_cast<int>(normDim(argInt("dim", 0), src.shape.size()));
        qint64 st = argInt("start", 0);
        if (st < 0) st += src.shape.value(sd);
        st = qBound<qint64>(0, st, src.shape.value(sd));
        if (sd == d)
          res = pick(o->refs.first(), d, st + k);
        else if (src.shape == t.shape)
          res = pick(o->refs.first(), d, k);  // a slice of the whole dim is its source
        else
          res = leaf();  // a narrowing slice along another dim: a view of it
      } else if (o && !o->view && (o->name == u"stack" || o->name == u"cat") && o->outputs.size() == 1 &&
                 normDim(argInt("dim", 0), t.shape.size()) == d) {
        qint64 off = 0;
        for (const QString& r : o->refs) {
          const qint64 w = o->name == u"stack" ? 1 : infoOf(r).shape.value(d);
          if (k < off + w) {
            res = o->name == u"stack" ? (copyParts && copyable(r, 0) ? copyPart(r) : r) : pick(r, d, k - off);
            break;
          }
          off += w;
        }
        if (res.isEmpty()) ok = false;
        useful = true;
      } else if (pure(o) && budget > 0) {
        --budget;
        useful = true;
        GraphOp c = *o;
        c.id = QStringLiteral("%1_sp%2").arg(o->id).arg(serial++);
        const int rank = static_cast<int>(t.shape.size());
        QHash<QString, QString> to;
        for (const QString& r : std::as_const(o->refs)) {
          if (r.isEmpty() || m_constScalar.contains(r) || to.contains(r)) continue;
          const QList<qint64> s = infoOf(r).shape;
          const int od = d - (rank - static_cast<int>(s.size()));  // the operand's own dim (broadcast from the right)
          // no such dim: it broadcasts the same without it; size 1 there: every index reads its one element
          to[r] = od < 0 ? r : pick(r, od, s.at(od) == 1 ? 0 : k);
        }
        if (!ok) return ref;
        remap(c, to);
        for (int j = 0; j < c.inputs.size() && j < c.refs.size(); ++j)
          if (!c.refs.at(j).isEmpty()) c.inputs[j].shape = infoOf(c.refs.at(j)).shape;
        c.outputs.first().shape = dropDim(t.shape, d);
        c.outputs.first().ref = c.id;
        if (m_shape2.contains(o->id) && m_shape2.value(o->id).size() == t.shape.size())
          m_shape2.insert(c.id, dropDim(m_shape2.value(o->id), d));
        if (m_args2.contains(o->id)) m_args2.insert(c.id, m_args2.value(o->id));
        made << c;
        res = c.id;
      } else {
        res = leaf();
      }
      if (ok) memo.insert(key, res);
      return res;
    };
    const qint64 rank = u.inputs.value(0).shape.size();
    const int d = static_cast<int>(normDim(u.args.at("dim").get<qint64>(), rank));
    qint64 k = u.args.at("index").get<qint64>();
    if (k < 0) k += u.inputs.value(0).shape.value(d);
    const QHash<QString, QString> memoBefore = memo;
    const QSet<QString> partsBefore = m_partCopies;
    const QString res = pick(u.refs.first(), d, k);
    if (!ok || !useful || res.isEmpty() || infoOf(res).shape != u.outputs.first().shape) {
      memo = memoBefore;
      m_partCopies = partsBefore;
      skipped << u.id;
      continue;
    }
    for (const GraphOp& m : std::as_const(made))
      if (m.view && m.name == u"unsqueeze")
        unsqueezeOf.insert(m.id, m.refs.first());
      else if (!m.view)
        copies << m.id;
    {
      auto root = [&](QString r) {  // through the unsqueezes made here to what they view (a column is a tensor)
        for (int hop = 0; hop < 16 && unsqueezeOf.contains(r); ++hop) r = unsqueezeOf.value(r);
        return r;
      };
      // a column of a tensor (a select / unbind output, columnOf) counts as that tensor where one slot reads all its
      // columns (kwb_cols, columnSlots()); then the launch's x may be a column too, taking one more slot
      bool cols = false;
      auto slotOf = [&](const QString& r) {
        if (!columnSlots()) return r;
        for (const GraphOp& m : std::as_const(made))  // a select view made here (not in m_ops yet): its source's column
          if (m.id == r && m.name == u"select" && m.refs.size() == 1) {
            cols = true;
            return QStringLiteral("cols:%1|%2").arg(resolve(m.refs.first())).arg(pyNum(m.args.value("dim", json(0))));
          }
        const auto c = columnOf(r);
        cols = cols || c.has_value();
        return c ? QStringLiteral("cols:%1|%2").arg(c->src).arg(c->dim) : r;
      };
      // what a ref costs the launch: a copy's own reads (one made by an earlier select, reused through the memo,
      // reads its operands here too: trial 31's corners, made for the [N] areas, read again over [N, M]), else a slot
      auto slotsOf = [&](const QString& r) {
        const QString o = root(r);
        if (!copies.contains(o)) return QSet<QString>{slotOf(o)};
        const QSet<QString> s = copyReads.value(o);
        for (const QString& key : s) cols = cols || key.startsWith(QLatin1String("cols:"));
        return s;
      };
      for (const GraphOp& m : std::as_const(made))  // operands before their readers: each copy's reads, in order
        if (!m.view) {
          QSet<QString>& mine = copyReads[m.id];
          for (const QString& r : m.refs)
            if (!r.isEmpty() && !m_constScalar.contains(r)) mine += slotsOf(r);
        }
      QSet<QString>& reads = readsAt[pyList(u.outputs.first().shape)];
      reads += slotsOf(res);
      if (reads.size() > kEpiTensors + (cols ? 0 : 1)) {
        // Over the slots: the whole pass is undone. Undoing this select alone (tried in session 43, slot43) left
        // trial 31's p09 at 23 launches: the selects kept read the stack's parts, which then became launches of
        // their own beside the stack that the undone selects still read.
        m_ops = opsBefore;
        m_partCopies.clear();
        return false;
      }
    }
    // the select's readers read the result: renamed, or the last copy takes the select's id
    if (!made.isEmpty() && made.last().id == res) {
      for (GraphOp& m : made)
        if (m.id != res)
          renameRefs(
              m, [&](const QString& r) { return r == res; }, u.id);
      made.last().id = u.id;
      made.last().outputs.first().ref = u.id;
      if (m_shape2.contains(res)) m_shape2.insert(u.id, m_shape2.value(res));
      for (auto it = memo.begin(); it != memo.end(); ++it)
        if (it.value() == res) it.value() = u.id;
      if (copies.contains(res)) copies << u.id;
      if (copyReads.contains(res)) copyReads.insert(u.id, copyReads.value(res));
      if (m_partCopies.remove(res)) m_partCopies << u.id;
      if (unsqueezeOf.contains(res)) unsqueezeOf.insert(u.id, unsqueezeOf.value(res));
    } else {
      for (const GraphOp& o : std::as_const(m_ops))
        if (o.refs.contains(u.id))
          renameRefs(
              o, [&](const QString& r) { return r == u.id; }, res);
    }
    QList<GraphOp> out;
    for (int j = 0; j < m_ops.size(); ++j)
      if (j == at)
        out << made;
      else
        out << m_ops.at(j);
    m_ops = out;
  }
  dropUnread();
  return true;
}

void Planner::broadcastsRecomputed() {
  // the stack parts' copies (selectsPushedDown) are lifted whatever the switch: that is what they were made for
  const bool all = broadcastRecompute();
  const bool oneHot = oneHotRecompute();
  if (!all && !oneHot && m_partCopies.isEmpty()) return;
  QSet<QString> outs;
  for (const TensorInfo& t : m_g.outputs) outs << t.ref;
  auto numel = [](const QList<qint64>& s) {
    return std::accumulate(s.cbegin(), s.cend(), qint64(1), std::multiplies<>());
  };
  // a pointwise value that a reader may compute again instead of reading it: pure, of one float output, no result of
  // forward() (that one is written anyway), no input written in place
  auto pure = [&](const GraphOp* o) {
    return o && o->category == u"Elementwise" && o->pw.is_object() && o->mutates.isEmpty() && !o->mutatesState &&
           o->outputs.size() == 1 && !outs.contains(o->id) && !m_outRename.contains(o->id) &&
           !o->name.contains(QLatin1String("rand")) && !o->name.contains(QLatin1String("bernoulli")) &&
           !o->name.contains(QLatin1String("dropout"));
  };
  auto cheap = [&](const GraphOp* o) { return pure(o) && o->outputs.first().dtype.startsWith(QLatin1String("float")); };
  // the one_hot values (oneHotRecompute) and the ops of their cones: the casts and the comparison, whatever dtype
  QSet<QString> oneHotCone;
  auto oneHotOf = [&](const GraphOp* v) {
    QStringList cone;
    const GraphOp* o = v;
    while (pure(o) && (o->name == u"_to_copy" || o->name == u"to") && o->refs.size() == 1) {
      cone << o->id;
      o = opById(o->refs.first());
    }
    if (!pure(o) || o->name != u"eq" || o->refs.size() != 2 || cone.isEmpty()) return false;
    int aranges = 0;
    for (const QString& r : o->refs) {
      const GraphOp* a = r.isEmpty() ? nullptr : opById(r);
      while (a && (a->name == u"detach" || a->name == u"alias" || a->view) && a->refs.size() == 1)
        a = opById(a->refs.first());
      aranges += a && a->name == u"arange" ? 1 : 0;
    }
    if (aranges != 1) return false;
    cone << o->id;
    for (const QString& id : std::as_const(cone)) oneHotCone << id;
    return true;
  };
  // the one_hot values' full-range slices dropped first (`slot[:, None, :]`: slice, unsqueeze, slice), so that the
  // unsqueeze reads the value itself
  if (oneHot) {
    QSet<QString> hot;
    for (const GraphOp& o : std::as_const(m_ops))
      if (cheap(&o) && oneHotOf(&o)) hot << o.id;
    if (!hot.isEmpty()) fullSlicesDropped(outs, hot);
  }
  // an arange's tensor (through detach / views): a constant of the sizes that the copy reads in place of a value
  auto isArange = [&](const QString& ref) {
    const GraphOp* a = ref.isEmpty() ? nullptr : opById(ref);
    while (a && (a->name == u"detach" || a->name == u"alias" || a->view) && a->refs.size() == 1)
      a = opById(a->refs.first());
    return a && a->name == u"arange";
  };
  QHash<QString, QString> viewOf;  // "tensor|rank|dim" -> the leaf view a rewrite made of it
  int serial = 0;
  for (int guard = 0; guard < 32; ++guard) {
    int at = -1;
    for (int k = 0; k < m_ops.size() && at < 0; ++k) {
      const GraphOp& u = m_ops.at(k);
      if (u.name != u"unsqueeze" || u.refs.size() != 1 || u.outputs.size() != 1 ||
          !u.args.value("dim", json()).is_number_integer())
        continue;
      const GraphOp* v = opById(u.refs.first());
      const bool hotValue = oneHot && cheap(v) && oneHotOf(v);  // evaluated first: it marks the value's cone
      if (!cheap(v) || (!all && !m_partCopies.contains(v->id) && !hotValue)) continue;
      // only views and pointwise ops read the value: one that a reduction or a GEMM reads is written anyway (the
      // masked mean's mask, read by its count too), and a copy would only add work
      bool pointwiseOnly = true;
      for (const GraphOp& o : std::as_const(m_ops))
        if (o.refs.contains(v->id))
          pointwiseOnly = pointwiseOnly && (o.view || (o.category == u"Elementwise" && o.pw.is_object()));
      if (!pointwiseOnly) continue;
      // every reader of the view is a pointwise op of more elements: the value would be read again and again anyway
      const qint64 small = numel(v->outputs.first().shape);
      int readers = 0;
      bool larger = true;
      for (const GraphOp& o : std::as_const(m_ops))
        if (o.refs.contains(u.id)) {
          ++readers;
          larger = larger && o.category == u"Elementwise" && o.pw.is_object() && o.mutates.isEmpty() &&
                   o.outputs.size() == 1 && numel(o.outputs.first().shape) > small;
        }
      if (readers > 0 && larger && !outs.contains(u.id)) at = k;
    }
    if (at < 0) return;
    const GraphOp u = m_ops.at(at);
    const int rank = static_cast<int>(u.inputs.value(0).shape.size());
    const qint64 d0 = u.args.at("dim").get<qint64>();
    if (d0 < -(rank + 1) || d0 > rank) return;
    const int d = static_cast<int>((d0 + rank + 1) % (rank + 1));
    auto lifted = [&](QList<qint64> s) {  // a shape of rank <= rank as the view's reader sees it
      while (s.size() < rank) s.prepend(1);
      s.insert(d, 1);
      return s;
    };
    QList<GraphOp> made;
    int budget = kRecomputeOps;
    QSet<QString> leaves;  // the tensors the copies read so far
    // An op below the view's value is copied only where that reads no more distinct tensors than reading its value:
    // each tensor is a load per element and a slot of the launch's epilogue (kEpiTensors + 1), so a copy that would
    // add one (`dt + bias` under Mamba's softplus) stays a value of its own, written once at the smaller shape.
    auto tensorsOf = [&](const GraphOp* o) {
      QSet<QString> t;
      for (const QString& r : o->refs)
        if (!r.isEmpty() && !m_constScalar.contains(r)) t << r;
      return t;
    };
    std::function<QString(const QString&, const QString&)> move = [&](const QString& ref, const QString& id) {
      const GraphOp* o = ref.isEmpty() ? nullptr : opById(ref);
      // a part copy is copied whole (its ops were bounded by selectsPushedDown's budget, its leaves are what the
      // select's launch reads anyway)
      const bool part = o && m_partCopies.contains(o->id);
      // a one_hot's cone: its casts and comparison whatever their dtype; its arange is no new tensor of the rule
      const bool hot = o && oneHotCone.contains(o->id);
      QSet<QString> adds = o ? tensorsOf(o) - leaves : QSet<QString>();
      if (hot)
        for (auto it = adds.begin(); it != adds.end();) it = isArange(*it) ? adds.erase(it) : std::next(it);
      const bool copy = (cheap(o) || (hot && pure(o))) && (budget > 0 || part) &&
                        o->outputs.first().shape.size() <= rank && (id == u.id || part || adds.size() <= 1);
      if (copy) {
        if (!part) --budget;
        GraphOp n = *o;
        n.id = id.isEmpty() ? QStringLiteral("%1_bc%2").arg(o->id).arg(serial++) : id;
        QHash<QString, QString> to;
        for (QString& r : n.refs)
          if (!r.isEmpty()) r = to.contains(r) ? to.value(r) : (to[r] = move(r, QString()));
        for (auto it = n.operands.begin(); it != n.operands.end(); ++it) it.value() = to.value(it.value(), it.value());
        for (const char* key : {"args", "kwargs"}) {
          if (!n.pw.contains(key)) continue;
          for (auto& a : n.pw[key])
            if (a.is_string() && to.contains(QString::fromStdString(a.get<std::string>())))
              a = to.value(QString::fromStdString(a.get<std::string>())).toStdString();
        }
        for (int k = 0; k < n.inputs.size() && k < n.refs.size(); ++k)  // each operand's shape as read now
          for (const GraphOp& m : std::as_const(made))
            if (m.id == n.refs.at(k)) n.inputs[k].shape = m.outputs.first().shape;
        n.outputs.first().shape = lifted(o->outputs.first().shape);
        n.outputs.first().ref = n.id;
        if (m_shape2.contains(o->id) && m_shape2.value(o->id).size() <= rank)
          m_shape2.insert(n.id, lifted(m_shape2.value(o->id)));
        if (m_args2.contains(o->id)) m_args2.insert(n.id, m_args2.value(o->id));
        made << n;
        return n.id;
      }
      // the k-th output of a multi-output op (unbind's columns, "t0_2") too: read as [] it was unsqueezed from the
      // front to [1, 1, N] and broadcast against [N, 1] (new-user trial 31 #1)
      const TensorInfo leaf = tensorOfRef(ref);
      QList<qint64> s = leaf.shape;
      QString dt = leaf.dtype;
      if (s.isEmpty()) return ref;  // a literal or a 0-d tensor broadcasts as it is
      leaves << ref;
      // the same view of the same tensor made by an earlier rewrite (Mamba's dt read by two unsqueezed values): one
      // view, so the run reads it as one tensor
      const QString key = QStringLiteral("%1|%2|%3").arg(ref).arg(rank).arg(d);
      if (const auto it = viewOf.constFind(key); it != viewOf.cend()) return *it;
      QList<qint64> s2 = m_shape2.value(ref, s);
      QString cur = ref;
      auto viewOp = [&](const json& args, const QList<qint64>& in, const QList<qint64>& out,
                        const QList<qint64>& out2) {
        const GraphOp w = viewAt(u, QStringLiteral("%1_bc%2").arg(u.id).arg(serial++), QStringLiteral("unsqueeze"), cur,
                                 args, in, out, dt);
        if (out2.size() == out.size()) m_shape2.insert(w.id, out2);
        made << w;
        cur = w.id;
      };
      while (s.size() < rank) {
        const QList<qint64> in = s;
        s.prepend(1);
        s2.prepend(1);
        viewOp(json{{"dim", 0}}, in, s, s2);
      }
      const QList<qint64> in = s;
      s.insert(d, 1);
      if (s2.size() + 1 == s.size()) s2.insert(d, 1);
      viewOp(json{{"dim", d}}, in, s, s2);
      viewOf.insert(key, cur);
      return cur;
    };
    move(u.refs.first(), u.id);
    made.last().function = u.function;
    QList<GraphOp> out;
    for (int k = 0; k < m_ops.size(); ++k) {
      if (k == at)
        out << made;
      else
        out << m_ops.at(k);
    }
    m_ops = out;
  }
}

void Planner::fullSlicesDropped(const QSet<QString>& outs, const QSet<QString>& of) {
  // whether @p ref is one of @p of or a view of one through slices and unsqueezes (`slot[:, None, :]`'s last slice
  // reads the unsqueeze: dropped too, so that no view of the recomputed value cuts the product's run)
  auto reaches = [&](QString ref) {
    for (int guard = 0; guard < 16 && !ref.isEmpty(); ++guard) {
      if (of.contains(ref)) return true;
      const GraphOp* v = opById(ref);
      if (!v || (v->name != u"slice" && v->name != u"unsqueeze") || v->refs.size() != 1) return false;
      ref = v->refs.first();
    }
    return false;
  };
  QHash<QString, QString> to;  // a dropped slice's id -> its source (a chain of slices: the first source)
  QList<GraphOp> kept;
  for (const GraphOp& o : std::as_const(m_ops)) {
    const json& a = o.args;
    const bool full = o.name == u"slice" && o.refs.size() == 1 && o.outputs.size() == 1 && o.inputs.size() == 1 &&
                      o.outputs.first().shape == o.inputs.first().shape && !outs.contains(o.id) &&
                      !m_outRename.contains(o.id) && o.mutates.isEmpty() && a.value("step", json(1)) == json(1) &&
                      a.value("start", json(0)) == json(0) && reaches(o.refs.first());
    if (full) {
      to.insert(o.id, to.value(o.refs.first(), o.refs.first()));
      continue;
    }
    GraphOp n = o;
    for (QString& r : n.refs)
      if (to.contains(r)) r = to.value(r);
    for (auto it = n.operands.begin(); it != n.operands.end(); ++it) it.value() = to.value(it.value(), it.value());
    for (const char* key : {"args", "kwargs"}) {
      if (!n.pw.is_object() || !n.pw.contains(key)) continue;
      for (auto& v : n.pw[key])
        if (v.is_string() && to.contains(QString::fromStdString(v.get<std::string>())))
          v = to.value(QString::fromStdString(v.get<std::string>())).toStdString();
    }
    kept << n;
  }
  if (!to.isEmpty()) m_ops = kept;
}

void Planner::stacksAsPointwise() {
  // on by fuse40's rule (H100: 02 1.30x, the interleaved rope 2.05x GPU time); KWB_STACK_POINTWISE=0: the plan before
  const bool stacks = qEnvironmentVariable("KWB_STACK_POINTWISE") != u"0";
  if (!stacks && !catPointwise()) return;
  static const QSet<QString> reshapes = {QStringLiteral("view"), QStringLiteral("reshape"),
                                         QStringLiteral("_unsafe_view"), QStringLiteral("_reshape_alias"),
                                         QStringLiteral("flatten")};
  QSet<QString> made;     // the where() ops this pass wrote (a reshape of one may let its reader move before it)
  QSet<QString> skipped;  // cats whose operands the rewrite cannot place
  QString st0Id;          // the cat being looked at (catSlice compares X's resized width with its)
  for (int guard = 0; guard < 32; ++guard) {
    QHash<QString, int> uses;
    for (const GraphOp& o : std::as_const(m_ops))
      for (const QString& r : o.refs) uses[r] += 1;
    for (const TensorInfo& t : m_g.outputs) uses[t.ref] += 1;
    auto pointwiseOnce = [&](const GraphOp* o, const QList<qint64>& shape) {
      return o && o->category == u"Elementwise" && o->pw.is_object() && o->mutates.isEmpty() && !o->mutatesState &&
             o->outputs.size() == 1 && o->outputs.first().shape == shape && uses.value(o->id) == 1 &&
             !m_outRename.contains(o->id) && o->outputs.first().dtype.startsWith(QLatin1String("float"));
    };
    // a reshape of a where() made here, read by one pointwise op whose other operands are numbers: that op first
    bool moved = false;
    for (int k = 0; k < m_ops.size() && !moved; ++k) {
      const GraphOp& r = m_ops.at(k);
      if (!r.view || !reshapes.contains(r.name) || r.refs.size() != 1 || !made.contains(r.refs.first()) ||
          uses.value(r.refs.first()) != 1 || uses.value(r.id) != 1 || r.outputs.size() != 1)
        continue;
      int c = -1;
      for (int j = k + 1; j < m_ops.size() && c < 0; ++j)
        if (m_ops.at(j).refs.contains(r.id)) c = j;
      const GraphOp* op = c < 0 ? nullptr : &m_ops.at(c);
      if (!op || op->category != u"Elementwise" || !op->pw.is_object() || op->refs.size() != 1 ||
          op->outputs.size() != 1 || !op->mutates.isEmpty() || m_outRename.contains(op->id))
        continue;
      GraphOp pre = *op, view = r;
      pre.id = op->id + QStringLiteral("_st");
      pre.refs = {r.refs.first()};
      for (auto it = pre.operands.begin(); it != pre.operands.end(); ++it)
        if (it.value() == r.id) it.value() = r.refs.first();
      for (const char* key : {"args", "kwargs"})
        if (pre.pw.contains(key))
          for (auto& a : pre.pw[key])
            if (a.is_string() && QString::fromStdString(a.get<std::string>()) == r.id) a = r.refs.first().toStdString();
      pre.inputs = r.inputs;
      pre.outputs = {TensorInfo{QString(), r.inputs.value(0).shape, op->outputs.first().dtype, pre.id}};
      if (m_shape2.contains(r.refs.first())) m_shape2.insert(pre.id, m_shape2.value(r.refs.first()));
      view.id = op->id;
      view.refs = {pre.id};
      view.inputs = {TensorInfo{QString(), r.inputs.value(0).shape, op->outputs.first().dtype, QString()}};
      view.outputs = {TensorInfo{QString(), r.outputs.first().shape, op->outputs.first().dtype, op->id}};
      if (m_shape2.contains(r.id)) m_shape2.insert(op->id, m_shape2.value(r.id));
      if (m_args2.contains(r.id)) m_args2.insert(op->id, m_args2.value(r.id));
      QList<GraphOp> out;
      for (int j = 0; j < m_ops.size(); ++j) {
        if (j == k) continue;
        if (j == c)
          out << pre << view;
        else
          out << m_ops.at(j);
      }
      m_ops = out;
      made.insert(pre.id);
      moved = true;
    }
    if (moved) continue;
    // a cat's part k (issue 14, trial 29 #4) is a pointwise result of the part's shape read only by the cat, or a
    // slice along the cat's dim of a value X of the cat's shape starting at the part's offset (read as X itself)
    auto catSlice = [&](const QString& r, int dim, qint64 off, const QList<qint64>& shape) -> QString {
      const GraphOp* o = r.isEmpty() ? nullptr : opById(r);
      if (!o || !o->view || o->name != u"slice" || o->refs.size() != 1 || o->inputs.isEmpty() ||
          o->inputs.first().shape != shape || !o->outputs.first().dtype.startsWith(QLatin1String("float")))
        return QString();
      const qint64 rk = shape.size();
      const json sd = o->args.value("dim", json()), s0 = o->args.value("start", json(0)),
                 sp = o->args.value("step", json(1));
      if (!sd.is_number_integer() || !s0.is_number_integer() || !sp.is_number_integer() || sp.get<qint64>() != 1 ||
          s0.get<qint64>() != off || (sd.get<qint64>() + rk) % rk != dim)
        return QString();
      QString x = o->refs.first();
      // through slices that keep their input whole (x[:, :k] traces x[0:max] first)
      for (const GraphOp* v = opById(x);
           v && v->view && v->name == u"slice" && v->refs.size() == 1 && !v->inputs.isEmpty() &&
           v->inputs.first().shape == v->outputs.first().shape && v->args.value("start", json(0)) == json(0) &&
           v->args.value("step", json(1)) == json(1);
           v = opById(x))
        x = v->refs.first();
      const QList<qint64> x2 = m_shape2.value(x), c2 = m_shape2.value(st0Id);
      if (!x2.isEmpty() && !c2.isEmpty() && x2.value(dim) != c2.value(dim)) return QString();
      return x;
    };
    int at = -1;
    bool isCat = false;
    for (int k = 0; k < m_ops.size() && at < 0; ++k) {
      const GraphOp& st = m_ops.at(k);
      if (!((st.name == u"stack" && stacks) || (st.name == u"cat" && catPointwise())) || skipped.contains(st.id) ||
          st.refs.size() < 2 || st.refs.size() > 4 || st.outputs.size() != 1 || st.inputs.size() != st.refs.size() ||
          !st.args.value("dim", json()).is_number_integer())
        continue;
      bool ok = true;
      if (st.name == u"stack") {
        for (const QString& r : st.refs)
          ok = ok && pointwiseOnce(r.isEmpty() ? nullptr : opById(r), st.inputs.first().shape);
      } else {
        const QList<qint64> cs = st.outputs.first().shape;
        const qint64 rk = cs.size();
        const qint64 cd = st.args.at("dim").get<qint64>();
        if (rk == 0 || cd < -rk || cd >= rk || !st.outputs.first().dtype.startsWith(QLatin1String("float"))) continue;
        st0Id = st.id;
        const QList<qint64> c2 = m_shape2.value(st.id);
        qint64 off = 0;
        int pointwiseParts = 0;
        for (int j = 0; j < st.refs.size() && ok; ++j) {
          const QString& r = st.refs.at(j);
          const QList<qint64> ps = st.inputs.at(j).shape;
          const bool pw = pointwiseOnce(r.isEmpty() ? nullptr : opById(r), ps);
          pointwiseParts += pw ? 1 : 0;
          ok = pw || !catSlice(r, static_cast<int>((cd + rk) % rk), off, cs).isEmpty();
          // the boundaries before the last part are the model's constants (a resized trace keeps them)
          const QList<qint64> p2 = m_shape2.value(r);
          if (j + 1 < st.refs.size() && !c2.isEmpty() && !p2.isEmpty())
            ok = ok && p2.value(static_cast<int>((cd + rk) % rk)) == ps.value(static_cast<int>((cd + rk) % rk));
          off += ps.value(static_cast<int>((cd + rk) % rk));
        }
        ok = ok && pointwiseParts > 0;
      }
      if (ok) at = k, isCat = st.name == u"cat";
    }
    if (at < 0) return;
    const GraphOp st = m_ops.at(at);
    st0Id = st.id;
    const QList<qint64> outShape = st.outputs.first().shape;
    const QList<qint64> part = isCat ? outShape : st.inputs.first().shape;
    const int rank = static_cast<int>(part.size()) + (isCat ? 0 : 1);
    const qint64 d0 = st.args.at("dim").get<qint64>();
    if (d0 < -rank || d0 >= rank) return;
    const int d = static_cast<int>((d0 + rank) % rank);
    const int n = static_cast<int>(st.refs.size());
    QList<qint64> offs, widths;  // a cat's parts along d
    for (int j = 0; j < n; ++j) {
      offs << (j == 0 ? 0 : offs.last() + widths.last());
      widths << (isCat ? st.inputs.at(j).shape.value(d) : 1);
    }
    const qint64 catW = outShape.value(d), catW2 = m_shape2.value(st.id, outShape).value(d);
    QSet<QString> copiedX;  // pointwise values each reader computes again (removed when nothing else reads them)
    int pk = 0;             // the part being moved
    bool fail = false;      // a cat operand neither of the part's width nor 1 along d, or a pad under a resized width
    auto widened = [&](QList<qint64> s) {  // a part's shape with the stack's dim of size 1 (a cat's: the cat's width)
      if (isCat)
        s[d] = s.value(d) == 1 ? 1 : catW;
      else
        s.insert(d, 1);
      return s;
    };
    QList<GraphOp> ops;  // the new ops, in order, at the stack's place
    QSet<QString> removed;
    QHash<QString, QString> leaves;  // a tensor operand -> its view at the stack's rank
    int serial = 0;
    auto newView = [&](const QString& from, const QString& name, const json& args, const QList<qint64>& in,
                       const QList<qint64>& out, const QList<qint64>& out2, const QString& dt) {
      const GraphOp u = viewAt(st, QStringLiteral("%1_st%2").arg(st.id).arg(serial++), name, from, args, in, out, dt);
      if (out2.size() == out.size()) m_shape2.insert(u.id, out2);
      ops << u;
      return u.id;
    };
    std::function<QString(const QString&)> move = [&](const QString& ref) -> QString {
      const GraphOp* o = ref.isEmpty() ? nullptr : opById(ref);
      if (isCat) {
        const QString x = catSlice(ref, d, offs.at(pk), outShape);
        if (!x.isEmpty()) {
          if (uses.value(ref) == 1) removed.insert(ref);
          // a pointwise X (the sigmoid every part reads) computed again by each reader: a value read twice ends a
          // run, so one copy a reader keeps the cat one launch
          const GraphOp* xo = opById(x);
          if (!xo || xo->category != u"Elementwise" || !xo->pw.is_object() || !xo->mutates.isEmpty() ||
              xo->mutatesState || xo->outputs.size() != 1 || xo->outputs.first().shape != outShape ||
              m_outRename.contains(x))
            return x;
          GraphOp c = *xo;
          c.id = QStringLiteral("%1_st%2").arg(x).arg(serial++);
          c.outputs.first().ref = c.id;
          if (m_shape2.contains(x)) m_shape2.insert(c.id, m_shape2.value(x));
          if (m_args2.contains(x)) m_args2.insert(c.id, m_args2.value(x));
          m_recomputed.insert(c.id);
          copiedX.insert(x);
          ops << c;
          return c.id;
        }
      }
      QList<qint64> partK = part;
      if (isCat) partK[d] = widths.at(pk);
      if (pointwiseOnce(o, partK)) {
        GraphOp c = *o;
        c.id = o->id + QStringLiteral("_st");
        removed.insert(o->id);
        QHash<QString, QString> to;
        for (QString& r : c.refs)
          if (!r.isEmpty()) r = to.contains(r) ? to.value(r) : (to[r] = move(r));
        for (auto it = c.operands.begin(); it != c.operands.end(); ++it) it.value() = to.value(it.value(), it.value());
        for (const char* key : {"args", "kwargs"})
          if (c.pw.contains(key))
            for (auto& a : c.pw[key])
              if (a.is_string() && to.contains(QString::fromStdString(a.get<std::string>())))
                a = to.value(QString::fromStdString(a.get<std::string>())).toStdString();
        for (int k = 0; k < c.inputs.size() && k < c.refs.size(); ++k)
          for (const GraphOp& m : std::as_const(ops))
            if (m.id == c.refs.at(k)) c.inputs[k].shape = m.outputs.first().shape;
        c.outputs.first().shape = widened(o->outputs.first().shape);
        c.outputs.first().ref = c.id;
        if (m_shape2.contains(o->id) && m_shape2.value(o->id).size() == part.size()) {
          QList<qint64> s2 = m_shape2.value(o->id);
          if (isCat)
            s2[d] = catW2;
          else
            s2.insert(d, 1);
          m_shape2.insert(c.id, s2);
        }
        if (m_args2.contains(o->id)) m_args2.insert(c.id, m_args2.value(o->id));
        if (isCat) m_recomputed.insert(c.id);  // two parts' equal ops (s * 2 of xy and of wh) stay one per reader
        ops << c;
        return c.id;
      }
      const QString leafKey = isCat ? QStringLiteral("%1@%2").arg(ref).arg(pk) : ref;
      if (leaves.contains(leafKey)) return leaves.value(leafKey);
      // the k-th output of a multi-output op (unbind's columns, "t0_2") too: read as [] it was unsqueezed from the
      // front to [1, 1, N] and broadcast against [N, 1] (new-user trial 31 #1)
      const TensorInfo leaf = tensorOfRef(ref);
      QList<qint64> s = leaf.shape;
      QString dt = leaf.dtype;
      QList<qint64> s2 = m_shape2.value(ref, s);
      QString cur = ref;
      while (s.size() < part.size()) {  // to the part's rank, from the front (as a broadcast reads it)
        const QList<qint64> in = s;
        s.prepend(1);
        s2.prepend(1);
        cur = newView(cur, QStringLiteral("unsqueeze"), json{{"dim", 0}}, in, s, s2, dt);
      }
      if (isCat) {
        // a tensor of the part's width along d (a grid, anchors) padded to the cat's width at the part's offset: a pad
        // that one pointwise launch reads is its index map; one of size 1 broadcasts as it is
        // a per-element operand of the part's shape (a convolution's output: SqueezeNet's Fire) stays its producer's
        // to write into the cat: padded it would be a launch of its own; a table that broadcasts (a grid, anchors) is
        // padded once (a kept constant, or read through the pad's index map)
        bool table = false;
        for (int k = 0; k < s.size() && k < outShape.size(); ++k) table = table || (s.at(k) == 1 && outShape.at(k) > 1);
        if (s.size() != part.size() || (s.value(d) != 1 && s.value(d) != widths.at(pk)) ||
            (s.value(d) != 1 && (catW2 != catW || !table))) {
          fail = true;
          return cur;
        }
        if (s.value(d) != 1) {
          json pad = json::array();
          for (int k = rank - 1; k >= d; --k) {
            pad.push_back(k == d ? offs.at(pk) : 0);
            pad.push_back(k == d ? catW - offs.at(pk) - widths.at(pk) : 0);
          }
          GraphOp p;
          p.id = QStringLiteral("%1_st%2").arg(st.id).arg(serial++);
          p.name = QStringLiteral("constant_pad_nd");
          p.function = st.function;
          p.line = st.line;
          p.refs = {cur};
          p.args = {{"pad", pad}, {"value", 0.0}};
          const QList<qint64> in = s;
          s[d] = catW;
          if (s2.size() == s.size()) s2[d] = catW;
          p.inputs = {TensorInfo{QString(), in, dt, QString()}};
          p.outputs = {TensorInfo{QString(), s, dt, p.id}};
          if (s2.size() == s.size()) m_shape2.insert(p.id, s2);
          ops << p;
          cur = p.id;
        }
        leaves.insert(leafKey, cur);
        return cur;
      }
      const QList<qint64> in = s;
      s.insert(d, 1);
      if (s2.size() == in.size()) s2.insert(d, 1);
      cur = newView(cur, QStringLiteral("unsqueeze"), json{{"dim", d}}, in, s, s2, dt);
      leaves.insert(ref, cur);
      return cur;
    };
    QStringList parts;
    for (pk = 0; pk < n; ++pk) parts << move(st.refs.at(pk));
    if (fail) {  // the graph is as it was (only m_shape2 holds entries of ids no op has)
      skipped.insert(st.id);
      continue;
    }
    for (const QString& x : std::as_const(copiedX)) {
      bool alone = true;
      for (const GraphOp& o : std::as_const(m_ops)) alone = alone && (!o.refs.contains(x) || removed.contains(o.id));
      for (const TensorInfo& t : m_g.outputs) alone = alone && t.ref != x;
      if (alone) removed.insert(x);
    }
    // the index along the stack's dim: an arange of n (the model's constant), then 1s after it; a cat's: of its
    // width (following the input dim it is when the trace resizes it)
    const qint64 len = isCat ? catW : n;
    GraphOp ar;
    ar.id = st.id + QStringLiteral("_stidx");
    ar.name = QStringLiteral("arange");
    ar.function = st.function;
    ar.line = st.line;
    ar.args = {{"start", 0}, {"end", len}, {"step", 1}};
    ar.outputs = {TensorInfo{QString(), {len}, QStringLiteral("float32"), ar.id}};
    m_shape2.insert(ar.id, {isCat ? catW2 : n});
    if (!isCat || catW2 == catW) m_literalSizes.insert(ar.id);
    ops << ar;
    QString idx = ar.id;
    QList<qint64> is = {len};
    for (int k = d + 1; k < rank; ++k) {
      const QList<qint64> in = is;
      is << 1;
      idx = newView(idx, QStringLiteral("unsqueeze"), json{{"dim", -1}}, in, is, is, QStringLiteral("float32"));
    }
    QString acc = parts.last();
    for (int k = n - 2; k >= 0; --k) {
      GraphOp eq;  // a stack's part k where idx == k; a cat's where idx < its end (the parts after it already out)
      eq.id = QStringLiteral("%1_steq%2").arg(st.id).arg(k);
      eq.name = isCat ? QStringLiteral("lt") : QStringLiteral("eq");
      eq.category = QStringLiteral("Elementwise");
      eq.function = st.function;
      eq.line = st.line;
      eq.refs = {idx};
      const qint64 other = isCat ? offs.at(k) + widths.at(k) : k;
      eq.args = {{"other", other}};
      eq.inputs = {TensorInfo{QString(), is, QStringLiteral("float32"), QString()}};
      eq.outputs = {TensorInfo{QString(), is, QStringLiteral("bool"), eq.id}};
      eq.pw = {{"args", json::array({idx.toStdString(), json{{"const", other}}})}, {"kwargs", json::object()}};
      m_shape2.insert(eq.id, is);
      ops << eq;
      GraphOp w;
      w.id = k == 0 ? st.id : QStringLiteral("%1_stw%2").arg(st.id).arg(k);
      w.name = QStringLiteral("where");
      w.category = QStringLiteral("Elementwise");
      w.function = st.function;
      w.line = st.line;
      w.refs = {eq.id, parts.at(k), acc};
      const QList<qint64> partShape = isCat ? outShape : widened(part);
      w.inputs = {eq.outputs.first(), TensorInfo{QString(), partShape, st.outputs.first().dtype, QString()},
                  TensorInfo{QString(), k == n - 2 ? partShape : outShape, st.outputs.first().dtype, QString()}};
      w.outputs = {TensorInfo{QString(), outShape, st.outputs.first().dtype, w.id}};
      w.pw = {{"args", json::array({eq.id.toStdString(), parts.at(k).toStdString(), acc.toStdString()})},
              {"kwargs", json::object()}};
      if (m_shape2.contains(st.id)) m_shape2.insert(w.id, m_shape2.value(st.id));
      ops << w;
      acc = w.id;
    }
    made.insert(st.id);
    if (isCat)  // the pads, the arange and views first (they read none of the new pointwise ops): a copy or fill
                // between two of those would end the run
      std::stable_partition(ops.begin(), ops.end(), [](const GraphOp& o) { return o.category != u"Elementwise"; });
    QList<GraphOp> out;
    for (int k = 0; k < m_ops.size(); ++k) {
      if (k == at)
        out << ops;
      else if (!removed.contains(m_ops.at(k).id))
        out << m_ops.at(k);
    }
    m_ops = out;
  }
}

void Planner::renameInPlace() {
  // An in-place op (relu_, add_ on an intermediate) computes a new value where the trace keeps the old name:
  // it becomes an out-of-place op under its own id, and the ops after it read that id.
  QHash<QString, QString> now;  // ref -> the op id holding its current value
  auto rename = [&](const QString& r) { return now.value(r, r); };
  for (GraphOp& o : m_ops) {
    scalarTensorAsFull(&o);
    indexPutAsMaskedFill(&o);
    for (QString& r : o.refs) r = rename(r);
    for (auto it = o.operands.begin(); it != o.operands.end(); ++it) it.value() = rename(it.value());
    if (o.pw.is_object() && o.pw.contains("args") && o.pw.at("args").is_array())
      for (auto& a : o.pw["args"])
        if (a.is_string()) a = rename(QString::fromStdString(a.get<std::string>())).toStdString();
    // scatter_add_ / index_add_ / scatter_ into a fresh factory result (torch.zeros_like(x).scatter_add_(...), a GNN's
    // aggregation; probe19 q15): nothing else holds that memory, so the op is its out-of-place form on that value
    static const QSet<QString> fresh = {
        QStringLiteral("zeros"), QStringLiteral("zeros_like"), QStringLiteral("full"),      QStringLiteral("full_like"),
        QStringLiteral("ones"),  QStringLiteral("ones_like"),  QStringLiteral("new_zeros"), QStringLiteral("new_full")};
    static const QSet<QString> outOfPlace = {QStringLiteral("scatter_add"), QStringLiteral("index_add"),
                                             QStringLiteral("scatter"), QStringLiteral("scatter_reduce")};
    const QString base = o.name.endsWith(u'_') ? o.name.chopped(1) : o.name;
    // the ops reading @p id (the factory behind a detach: its only reader, so no one sees the memory's old name)
    auto readers = [&](const QString& id) {
      return std::count_if(m_ops.cbegin(), m_ops.cend(), [&](const GraphOp& x) { return x.refs.contains(id); });
    };
    if (o.category != u"Elementwise" && outOfPlace.contains(base) && o.mutates.size() == 1 && !o.mutatesState &&
        !m_buffers.buffer.contains(o.id)) {
      const GraphOp* f = opById(o.mutates.first());
      // through the detach / alias a factory's result is traced with (no other view: a slice shares memory)
      for (int guard = 0; guard < 4 && f && f->view && (f->name == u"detach" || f->name == u"alias") &&
                          f->refs.size() == 1 && readers(f->refs.first()) == 1;
           ++guard)
        f = opById(f->refs.first());
      if (f && !f->view && fresh.contains(f->name) && !now.contains(o.mutates.first())) {
        o.name = base;
        now.insert(o.mutates.first(), o.id);
        o.mutates.clear();
        continue;
      }
    }
    if (o.name == u"bernoulli" || o.mutatesState || o.category != u"Elementwise" || m_buffers.buffer.contains(o.id))
      continue;  // a buffer write (fill_ into a slice) writes the buffer's memory: its readers read that
    for (const QString& t : std::as_const(o.mutates)) now.insert(t, o.id);
    if (!o.mutates.isEmpty()) o.mutates.clear();
  }
  m_outRename = now;
}

std::optional<QString> Planner::reshapeExpr(const Val& in, const QList<qint64>& out, const QList<qint64>& out2) {
  // Re-expresses a view's target shape from the run-time sizes of its input (the harness resizes dims):
  // groups of input dims whose product equals a group of output dims; a merge is the product of the input's
  // run-time sizes, a split keeps the spec's sizes but the first (-1), size-1 dims are literal.
  QStringList parts;
  bool inferred = false;
  int i = 0, o = 0;
  const int ni = static_cast<int>(in.shape.size()), no = static_cast<int>(out.size());
  while (o < no || i < ni) {
    if (o < no && out.at(o) == 1 && (i >= ni || in.shape.at(i) != 1)) {
      parts << QStringLiteral("1");
      ++o;
      continue;
    }
    if (i < ni && in.shape.at(i) == 1 && (o >= no || out.at(o) != 1)) {
      ++i;
      continue;
    }
    if (i >= ni || o >= no) return std::nullopt;
    int i2 = i + 1, o2 = o + 1;
    qint64 pi = in.shape.at(i), po = out.at(o);
    while (pi != po) {
      if (pi < po && i2 < ni)
        pi *= in.shape.at(i2++);
      else if (po < pi && o2 < no)
        po *= out.at(o2++);
      else
        return std::nullopt;
    }
    const bool known2 = !m_resize.isEmpty() && out2.size() == no && m_shape2.value(in.expr).size() == ni;
    if (o2 - o == 1) {
      QStringList f;
      qint64 p2 = 1;
      for (int k = i; k < i2; ++k) {
        f << QStringLiteral("%1.shape[%2]").arg(in.expr).arg(k);
        if (known2) p2 *= m_shape2.value(in.expr).at(k);
      }
      parts << (known2 && p2 != out2.at(o) ? specChecked(QString::number(out.at(o)), QStringLiteral("a reshape's size"))
                                           : f.join(QStringLiteral(" * ")));
      if (i2 - i > 1) m_merges.prepend(Merge{in.shape.mid(i, i2 - i), in.expr, i});  // a later split may undo it
    } else {
      // a split: the sizes of an earlier value with this run of dims (the merge it undoes), else the spec's
      // sizes with the first one inferred (-1)
      const QList<qint64> run = out.mid(o, o2 - o);
      const QList<qint64> run2 = known2 ? out2.mid(o, o2 - o) : QList<qint64>();
      // a candidate's sizes at the resize check must be the split's there too (same sizes by value is no evidence)
      auto same2 = [&](const QString& expr, int at) {
        const QList<qint64> s2 = m_shape2.value(expr);
        return run2.isEmpty() || s2.isEmpty() || (at + run2.size() <= s2.size() && s2.mid(at, run2.size()) == run2);
      };
      QString from;
      int at = -1;
      for (const Merge& m : std::as_const(m_merges))  // the most recent merge of exactly these sizes
        if (from.isEmpty() && m.run == run && bound(m.from) && same2(m.from, m.at)) {
          from = m.from;
          at = m.at;
        }
      QStringList order;
      for (const TensorInfo& t : m_g.inputs) order << t.name;
      for (const GraphOp& op : m_ops) order << op.id;
      for (auto it = order.crbegin(); it != order.crend(); ++it) {  // the most recent value first
        const QString& ref = *it;
        if (!m_vals.contains(ref) || !from.isEmpty()) continue;
        const QList<qint64>& sh = m_vals.value(ref).shape;
        for (int j = 0; j + run.size() <= sh.size() && from.isEmpty(); ++j)
          if (sh.mid(j, run.size()) == run && same2(m_vals.value(ref).expr, j)) {
            from = m_vals.value(ref).expr;
            at = j;
          }
      }
      if (!from.isEmpty()) {
        for (int k = o; k < o2; ++k) parts << QStringLiteral("%1.shape[%2]").arg(from).arg(at + k - o);
      } else {
        parts << splitSizes(in, i, i2, run, &inferred, run2);
      }
    }
    i = i2;
    o = o2;
  }
  return parts.join(QStringLiteral(", "));
}

QSet<qint64> Planner::modelSizes() const {
  QSet<qint64> fixed;
  const json& m = m_spec.value("model", json::object());
  for (const char* key : {"parameters", "buffers"})
    if (m.contains(key) && m.at(key).is_array())
      for (const json& p : m.at(key))
        if (p.is_object() && p.value("shape", json()).is_array())
          for (const json& d : p.at("shape"))
            if (d.is_number_integer()) fixed.insert(d.get<qint64>());
  std::function<void(const json&)> walk = [&](const json& v) {
    if (v.is_array())
      for (const json& x : v) walk(x);
    else if (v.is_number_integer())
      fixed.insert(v.get<qint64>());
  };
  walk(m.value("init_args", json()));
  return fixed;
}

QStringList Planner::splitSizes(const Val& in, int i, int i2, const QList<qint64>& run, bool* inferred,
                                const QList<qint64>& run2) const {
  // The parts of a split of input dims [i, i2) into @p run. The model's sizes (DimPlan keeps them) stay literal.
  // One other part: it is what the model's parts leave of the group (the spatial H*W of a (C, H*W) split). Several
  // (B*T into (B, T)): each follows the forward() input dim of its size (runtimeSize) when every one of them has
  // one; if one has none (attention's (B*heads, head_dim): B*heads), a size match alone is weak evidence (a
  // head_dim equal to the sequence length), so the spec's sizes with the first inferred, as before. The rest is
  // -1 when this reshape has not used its one -1 yet, else the group's run-time product divided by the others.
  const QSet<qint64> fixed = modelSizes();
  QStringList parts;
  QList<int> open;  // parts that are not sizes of the model
  for (int k = 0; k < run.size(); ++k) {
    parts << QString::number(run.at(k));
    if (run.at(k) > 1 && !fixed.contains(run.at(k))) open << k;
  }
  int rest = open.size() == 1 ? open.first() : -1;
  if (open.size() > 1) {
    QList<int> left;
    for (int k : std::as_const(open)) {
      parts[k] = runtimeSize(run.at(k), QStringLiteral("a reshape's size"));
      if (parts.at(k) == QString::number(run.at(k))) left << k;
    }
    rest = open.first();
    if (!left.isEmpty()) {  // a part with no input dim of its size: which follows the input is not known
      for (int k : std::as_const(open)) parts[k] = QString::number(run.at(k));
      rest = 0;  // as before: the first inferred, the others the spec's
    }
  }
  // the resize check (when known) decides each part but the inferred one: a literal that follows an input there
  // is bound to it, one that changes otherwise is checked, a bound one that did not change is the literal again
  if (run2.size() == run.size())
    for (int k = 0; k < run.size(); ++k)
      if (k != rest && run.at(k) > 1) parts[k] = sizeExpr(run.at(k), run2.at(k), QStringLiteral("a reshape's size"));
  if (rest < 0) {  // every part is the model's: the first inferred while the reshape's -1 is free (as before)
    if (*inferred || run.isEmpty()) return parts;
    rest = 0;
  }
  if (!*inferred) {
    parts[rest] = QStringLiteral("-1");
    *inferred = true;
    return parts;
  }
  QStringList num, den;
  for (int k = i; k < i2; ++k) num << QStringLiteral("%1.shape[%2]").arg(in.expr).arg(k);
  for (int k = 0; k < run.size(); ++k)
    if (k != rest && run.at(k) != 1) den << parts.at(k);
  parts[rest] =
      den.isEmpty()
          ? num.join(QStringLiteral(" * "))
          : QStringLiteral("(%1) // (%2)").arg(num.join(QStringLiteral(" * ")), den.join(QStringLiteral(" * ")));
  return parts;
}

bool Planner::commuteViewBeforeRun(const GraphOp& op) {
  static const QSet<QString> permutes = {QStringLiteral("permute"), QStringLiteral("transpose"), QStringLiteral("t")};
  if (!viewCommute() || !permutes.contains(op.name) || m_run.isEmpty() || !gemmOrConvAnchor() ||
      !m_lines.at(m_openAnchor).epilogue || op.refs.size() != 1 || op.outputs.size() != 1)
    return false;
  const QString face = m_anchorViews.isEmpty() ? m_openAnchorRef : m_anchorViews.last();
  const QString last = m_run.last()->id;
  if (resolve(op.refs.first()) != last || !m_vals.contains(face) || m_outRefs.contains(op.id) ||
      m_outRefs.contains(last))
    return false;
  for (auto it = m_alias.cbegin(); it != m_alias.cend(); ++it)  // a name of the view's own would keep the old space
    if (it.value() == op.id) return false;
  const Val fv = m_vals.value(face);
  QSet<QString> ids;
  QHash<QString, int> reads;  // resolved ref -> reads by the run's ops
  for (const GraphOp* o : std::as_const(m_run)) {
    if (o->outputs.size() != 1 || o->outputs.first().shape != fv.shape || o->outputs.first().dtype != fv.dtype)
      return false;
    for (const QString& r : o->refs) {
      if (r.isEmpty()) continue;
      const QString x = resolve(r);
      if (x != face && !ids.contains(x)) return false;  // another tensor: its own index space
      ++reads[x];
    }
    ids.insert(o->id);
  }
  if (reads.value(face) == 0 || m_uses.value(face) != reads.value(face) || m_uses.value(last) != 1) return false;
  for (const GraphOp* o : std::as_const(m_run))
    if (o->id != last && m_uses.value(o->id) != reads.value(o->id)) return false;
  const QList<qint64> vshape = op.outputs.first().shape;
  // the view's readers first: the run's ops read the view's name after this
  for (const GraphOp& g : std::as_const(m_ops))
    if (&g != &op && g.refs.contains(op.id))
      renameRefs(
          g, [&](const QString& r) { return r == op.id; }, last);
  for (const GraphOp* o : std::as_const(m_run)) {
    renameRefs(
        *o, [&](const QString& r) { return resolve(r) == face; }, op.id);
    auto& m = const_cast<GraphOp&>(*o);
    for (TensorInfo& t : m.inputs)
      if (t.shape == fv.shape) t.shape = vshape;
    m.outputs.first().shape = vshape;
  }
  const int viewReads = m_uses.value(op.id);
  auto& v = const_cast<GraphOp&>(op);
  v.refs.first() = face;
  if (!v.inputs.isEmpty()) v.inputs.first().shape = fv.shape;
  m_uses[op.id] = reads.value(face);
  m_uses[last] = viewReads;
  m_uses[face] = 1;
  return true;
}

bool Planner::commuteViewIntoRun(const GraphOp& op) {
  static const QSet<QString> permutes = {QStringLiteral("permute"), QStringLiteral("transpose"), QStringLiteral("t")};
  if (!viewCommute() || !permutes.contains(op.name) || m_run.isEmpty() || m_openAnchor >= 0 || op.refs.size() != 1 ||
      op.outputs.size() != 1 || op.inputs.size() != 1)
    return false;
  const QString last = m_run.last()->id;
  if (resolve(op.refs.first()) != last || m_outRefs.contains(op.id) || m_outRefs.contains(last)) return false;
  for (auto it = m_alias.cbegin(); it != m_alias.cend(); ++it)
    if (it.value() == op.id) return false;
  const QList<qint64> shape = op.inputs.first().shape, vshape = op.outputs.first().shape;
  QSet<QString> ids;
  QStringList ext;
  QHash<QString, int> reads;
  for (const GraphOp* o : std::as_const(m_run)) {
    if (o->outputs.size() != 1 || o->outputs.first().shape != shape) return false;
    for (const QString& r : o->refs) {
      if (r.isEmpty()) continue;
      const QString x = resolve(r);
      ++reads[x];
      if (ids.contains(x)) continue;
      if (!m_vals.contains(x) || m_vals.value(x).shape != shape || m_constScalar.contains(x)) return false;
      if (!ext.contains(x)) ext << x;
    }
    ids.insert(o->id);
  }
  if (ext.isEmpty() || m_uses.value(last) != 1) return false;
  for (const GraphOp* o : std::as_const(m_run))
    if (o->id != last && !m_synthInner.contains(o->id) && m_uses.value(o->id) != reads.value(o->id)) return false;
  // only where the run goes on after the view (a launch fewer): each reader of the view is a pointwise op
  bool read = false;
  for (const GraphOp& g : std::as_const(m_ops))
    if (&g != &op && g.refs.contains(op.id)) {
      if (g.category != u"Elementwise" || g.view) return false;
      read = true;
    }
  if (!read) return false;
  QString call;  // the view's call on "%1"
  const json& a = op.args;
  if (op.name == u"t")
    call = QStringLiteral("%1.t()");
  else if (op.name == u"permute")
    call = QStringLiteral("%1.permute(") + pyList(dimsOf(json{{"dims", a.value("dims", json())}})) + u')';
  else
    call = QStringLiteral("%1.transpose(%2, %3)")
               .arg(QStringLiteral("%1"), pyNum(a.value("dim0", json())), pyNum(a.value("dim1", json())));
  for (const GraphOp& g : std::as_const(m_ops))
    if (&g != &op && g.refs.contains(op.id))
      renameRefs(
          g, [&](const QString& r) { return r == op.id; }, last);
  for (int k = 0; k < ext.size(); ++k) {
    const QString id = QStringLiteral("%1_v%2").arg(op.id).arg(k);
    const Val src = m_vals.value(ext.at(k));
    Line l;
    l.target = id;
    l.head = call.arg(src.expr);
    l.tail.clear();
    l.comment = QStringLiteral("a view: no data moves (the view after the pointwise run, moved before it)");
    l.isView = true;
    m_lines << l;
    m_vals.insert(id, Val{id, vshape, src.dtype});
    m_uses[id] = reads.value(ext.at(k));
    m_uses[ext.at(k)] += 1 - reads.value(ext.at(k));
    for (const GraphOp* o : std::as_const(m_run))
      renameRefs(
          *o, [&](const QString& r) { return resolve(r) == ext.at(k); }, id);
  }
  for (const GraphOp* o : std::as_const(m_run)) {
    auto& m = const_cast<GraphOp&>(*o);
    for (TensorInfo& t : m.inputs)
      if (t.shape == shape) t.shape = vshape;
    m.outputs.first().shape = vshape;
  }
  m_uses[last] = m_uses.value(op.id);
  m_plan.omitted << op.id;
  return true;
}

bool Planner::view(const GraphOp& op) {
  const QString n = op.name;
  static const QSet<QString> identity = {QStringLiteral("clone"), QStringLiteral("detach"), QStringLiteral("alias"),
                                         QStringLiteral("contiguous"), QStringLiteral("lift_fresh")};
  if (identity.contains(n)) {
    if (op.refs.isEmpty()) return bad(QStringLiteral("%1 without an operand").arg(where(op)));
    m_alias.insert(op.id, op.refs.first());
    if (m_dropoutMask.contains(resolve(op.refs.first()))) m_dropoutMask.insert(op.id);
    return true;
  }
  if (m_buffers.written.contains(op.id)) return factory(op);  // written, then read (m_buffers.why is "")
  if (n == u"empty" || n == u"empty_like") return true;       // scratch (batch-norm reserve, a dropout mask)
  if (op.refs.isEmpty()) return bad(QStringLiteral("%1 without an operand").arg(where(op)));
  // While a GEMM or convolution is open, a view that reads no value of the pending pointwise run and not that
  // launch's output leaves the run pending: the run may still fuse into the launch whole (`y = lin(x) * 2 +
  // self.b.view(1, -1)` traces addmm, mul, view, add). Elsewhere a view ends the run, as before.
  if (commuteViewIntoRun(op)) return true;
  const bool commuted = commuteViewBeforeRun(op);
  bool readsRun = false;
  for (const QString& r : op.refs)
    for (const GraphOp* o : std::as_const(m_run)) readsRun = readsRun || resolve(r) == o->id;
  const QString srcRef = resolve(op.refs.first());
  const bool multi =
      n == u"split" || n == u"split_with_sizes" || n == u"unsafe_split" || n == u"chunk" || n == u"unbind";
  // A view of an integer scan's sums while a run that does not read them is pending (`x * rank + total.unsqueeze(-1)`
  // with total the scan): the run cannot be that scan's epilogue, so the scan closes and the run stays pending, as it
  // did where the integer scan was no anchor (iscanFuse, session 47: the run was cut in two launches there)
  if (iscanAnchorOpen() && !multi && !readsRun && !m_run.isEmpty() &&
      (srcRef == m_openAnchorRef || m_anchorViews.contains(srcRef))) {
    bool runReadsScan = false;
    for (const GraphOp* o : std::as_const(m_run))
      for (const QString& r : o->refs)
        runReadsScan = runReadsScan || resolve(r) == m_openAnchorRef || m_anchorViews.contains(resolve(r));
    if (!runReadsScan) closeAnchor();
  }
  const bool ofAnchor = m_openAnchor >= 0 && (srcRef == m_openAnchorRef || m_anchorViews.contains(srcRef));
  // A run of casts alone (an int8 weight's .to(fp16) before `- zero[:, None]`) stays pending too: the cast is the
  // next ops' load conversion, not a launch writing a converted copy (issue 14, trial 26 #7).
  const bool castsOnly = std::all_of(m_run.cbegin(), m_run.cend(),
                                     [](const GraphOp* o) { return o->name == u"_to_copy" || o->name == u"to"; });
  // Where no open launch can take the run as its epilogue (none is open, one without an epilogue, or the run does not
  // read its output), ending the run here buys nothing: the run stays pending and the view's line goes before its
  // launch, as it reads no value of the run.
  bool readsAnchor = false;  // the only way the run can still become the open launch's epilogue
  for (const GraphOp* o : std::as_const(m_run))
    for (const QString& r : o->refs)
      readsAnchor = readsAnchor || resolve(r) == m_openAnchorRef || m_anchorViews.contains(resolve(r));
  const bool noTaker = m_openAnchor < 0 || !m_lines.at(m_openAnchor).epilogue || !readsAnchor;
  const bool keep = !m_run.isEmpty() && ((castsOnly && loadCasts()) || (noTaker && viewKeepsRun()));
  if (readsRun && !ofAnchor && !multi && m_openAnchor < 0 && (broadcastRecompute() || !m_partCopies.isEmpty())) {
    // only the run's ops the view's value depends on are written now; the others stay pending for the ops after the
    // view (Mamba's -exp(A_log) beside `dt + bias`, which an unsqueeze reads: session 41, bcast41)
    if (!flushCone(srcRef)) return false;
  } else if (commuted) {
    // the run reads this view now: it stays pending
  } else if (readsRun || ofAnchor || multi ||
             (!gemmOrConvAnchor() && !(gatherEpilogue() && gatherAnchorOpen()) && !keep)) {
    // a gather's run stays pending across a view of another value, as a GEMM's (gatherEpilogue: c05's
    // mask.unsqueeze(-1) between the add and the multiply)
    if (!flushRun()) return false;
  } else if (!m_run.isEmpty()) {
    m_softCuts << static_cast<int>(m_run.size());
  }
  const auto src = value(op.refs.first());
  if (!src) return false;
  const QList<qint64> outShape = op.outputs.isEmpty() ? QList<qint64>() : op.outputs.first().shape;
  const json& a = op.args;
  QString call;
  if (n == u"t") {
    call = QStringLiteral("%1.t()").arg(src->expr);
  } else if (n == u"permute") {
    call = QStringLiteral("%1.permute(%2)").arg(src->expr, pyList(dimsOf(json{{"dim", a.value("dims", json())}})));
  } else if (n == u"transpose") {
    call = QStringLiteral("%1.transpose(%2, %3)")
               .arg(src->expr, pyNum(a.value("dim0", json())), pyNum(a.value("dim1", json())));
  } else if (n == u"unsqueeze") {
    call = QStringLiteral("%1.unsqueeze(%2)").arg(src->expr, pyNum(a.value("dim", json())));
  } else if (n == u"diagonal") {
    // torch.diagonal, einsum's repeated index ('bii->bi'): a view (strides s1 + s2 along the diagonal), read by the
    // launches after it through its strides; no copy, no launch
    call = QStringLiteral("%1.diagonal(%2, %3, %4)")
               .arg(src->expr, pyNum(a.value("offset", json(0))), pyNum(a.value("dim1", json(0))),
                    pyNum(a.value("dim2", json(1))));
  } else if (n == u"squeeze") {
    // the dims that were 1 at the spec's sizes, named: squeeze() would also drop a batch resized to 1
    call = src->expr;
    for (int d = static_cast<int>(src->shape.size()) - 1; d >= 0; --d) {
      const QList<qint64> named = dimsOf(a);
      const bool listed = named.isEmpty() || named.contains(d) || named.contains(d - src->shape.size());
      if (listed && src->shape.at(d) == 1) call += QStringLiteral(".squeeze(%1)").arg(d);
    }
  } else if (n == u"view" || n == u"reshape" || n == u"_unsafe_view" || n == u"_reshape_alias" || n == u"flatten") {
    const auto e = reshapeExpr(*src, outShape, m_shape2.value(op.id));
    if (!e)
      return bad(QStringLiteral("%1: the view %2 -> %3 cannot be re-expressed from run-time sizes")
                     .arg(where(op), shapeText(src->shape), shapeText(outShape)));
    // torch's reshape of a tensor it cannot view (a permute's or transpose's strides: a pixel shuffle, a channel
    // shuffle, einops' rearrange) copies, which the trace shows as a clone before the view: where pointwise ops alone
    // read the result (or it is forward()'s), that copy is a Triton launch (kwb_reshape, an index map) into which the
    // pointwise run fuses; read by a GEMM, a convolution or an attention it stays torch's copy (launch plumbing)
    if (const GraphOp* from = opById(op.refs.first());
        from && from->name == u"clone" && !contiguousAtSpec(*from) && relayoutFuses(op.id))
      return relayout(op, src->expr, QString::fromLatin1(e->contains(u',') ? "(%1)" : "(%1,)").arg(*e),
                      QStringLiteral("reshape of %1 to %2").arg(shapeText(src->shape), shapeText(outShape)));
    // a 0-d result (x[:, 0] = 1.0 traces the number as scalar_tensor, view(size=[]), expand): reshape(())
    call = QStringLiteral("%1.reshape(%2)").arg(src->expr, e->isEmpty() ? QStringLiteral("()") : *e);
  } else if (n == u"split" || n == u"split_with_sizes" || n == u"unsafe_split" || n == u"chunk" || n == u"unbind") {
    // several outputs: tN, tN_1, tN_2, ... (the probe's names), unpacked from the one call
    QStringList targets;
    for (int k = 0; k < op.outputs.size(); ++k) targets << (k == 0 ? op.id : QStringLiteral("%1_%2").arg(op.id).arg(k));
    if (targets.isEmpty()) return bad(QStringLiteral("%1 without outputs").arg(where(op)));
    Line l;
    l.target = targets.join(QStringLiteral(", ")) + (targets.size() == 1 ? QStringLiteral(",") : QString());
    l.head = src->expr + u'.' + splitCall(op, *src);
    l.tail.clear();
    l.comment = QStringLiteral("views: no data moves");
    m_lines << l;
    for (int k = 0; k < targets.size(); ++k)
      m_vals.insert(targets.at(k), Val{targets.at(k), op.outputs.at(k).shape, op.outputs.at(k).dtype});
    closeAnchor();
    return true;
  } else if (n == u"slice") {
    const qint64 dim = a.value("dim", json(0)).is_number_integer() ? a.at("dim").get<qint64>() : 0;
    const json step = a.value("step", json(1));
    QStringList idx;
    for (qint64 d = 0; d < (dim < 0 ? dim + qint64(src->shape.size()) : dim); ++d) idx << QStringLiteral(":");
    // an end that cuts the dim at a forward() input's size (a causal mask sliced to the sequence length, mask[:T])
    // follows that input's run-time size; other ends are the model's own constants
    // (runtimeSize: one input dim per name, kwb_size when several names share the size); an end past the dim
    // (x[:, 2:]'s INT64_MAX) stays
    QString end = pyNum(a.value("end", json()));
    const qint64 d0 = dim < 0 ? dim + qint64(src->shape.size()) : dim;
    if (a.value("end", json()).is_number_integer() && d0 >= 0 && d0 < src->shape.size() &&
        a.at("end").get<qint64>() <= src->shape.at(d0)) {
      end = sizeExpr(a.at("end").get<qint64>(), int2(arg2(op, "end")), QStringLiteral("%1's end").arg(where(op)));
      // an end at a fixed fraction of the dim (x.narrow(-1, 0, x.shape[-1] // 2), glu's halves written by hand)
      if (end.startsWith(QLatin1String("kwb_at_spec(")))
        end = dimFraction(*src, static_cast<int>(d0), a.at("end").get<qint64>(), int2(arg2(op, "end"))).value_or(end);
    }
    QString start = pyNum(a.value("start", json(0)));
    const auto start2 = arg2(op, "start");
    if (start2 && a.value("start", json(0)).is_number_integer() && start2->is_number_integer() &&
        *start2 != a.value("start", json(0)))  // a start that moves with the sizes (x[:, T // 2:]): a fraction of
                                               // the dim, a combination of input dims (a centre crop's
                                               // (skip.H - 2 x.H) // 2), else checked
    {
      const qint64 s0 = a.value("start", json(0)).get<qint64>();
      const QString comb = s0 > 1 ? sizeCombination(s0, start2->get<qint64>()) : QString();
      start = dimFraction(*src, static_cast<int>(d0), s0, int2(start2))
                  .value_or(comb.isEmpty() ? specChecked(start, QStringLiteral("%1's start").arg(where(op))) : comb);
    }
    idx << QStringLiteral("%1:%2:%3").arg(start, end, pyNum(step));
    call = QStringLiteral("%1[%2]").arg(src->expr, idx.join(QStringLiteral(", ")));
    call.replace(QStringLiteral(":None:"), QStringLiteral("::"));
  } else if (n == u"select") {
    call = QStringLiteral("%1.select(%2, %3)")
               .arg(src->expr, pyNum(a.value("dim", json(0))), pyNum(a.value("index", json(0))));
  } else if (n == u"unfold") {
    // Tensor.unfold(dim, size, step): overlapping windows (a 1-D convolution written by hand, probe25 a07), a view
    // by the source's own strides (the window dim's stride is the source dim's, the count's step times it); the
    // launches after it read it through its strides, as a diagonal
    call = QStringLiteral("%1.unfold(%2, %3, %4)")
               .arg(src->expr, pyNum(a.value("dimension", json())), pyNum(a.value("size", json())),
                    pyNum(a.value("step", json(1))));
  } else if (n == u"as_strided") {
    // sizes and strides are the trace's numbers: at another batch or length they would read other elements
    return bad(QStringLiteral("%1: as_strided's sizes and strides are numbers fixed at trace time (they do not follow "
                              "the input's sizes); write overlapping windows with Tensor.unfold(dim, size, step), a "
                              "view the chain reads by its strides")
                   .arg(where(op)));
  } else if (n == u"expand" || n == u"expand_as") {
    if (n == u"expand_as" && op.refs.size() > 1) {
      const auto other = value(op.refs.at(1));
      if (!other) return false;
      call = QStringLiteral("%1.expand_as(%2)").arg(src->expr, other->expr);
    } else {
      // the dims it keeps are -1; a broadcast dim follows a run-time size (broadcastSize), never the literal
      // (the harness resizes the batch and the other free dims)
      QStringList dims;
      const int lead = static_cast<int>(outShape.size() - src->shape.size());
      for (int d = 0; d < outShape.size(); ++d)
        dims << (d >= lead && src->shape.at(d - lead) == outShape.at(d) ? QStringLiteral("-1")
                                                                        : broadcastSize(op, d, outShape));
      call = QStringLiteral("%1.expand(%2)").arg(src->expr, dims.join(QStringLiteral(", ")));
    }
  } else {
    return bad(QStringLiteral("%1: this view (%2) has no chain stage yet").arg(where(op), n));
  }
  Line l;
  l.target = var(op);
  l.head = call;
  l.tail.clear();
  l.comment = QStringLiteral("a view: no data moves");
  // torch's reshape of a tensor it cannot view (an expand's stride 0, a transpose) copies: the trace shows it as a
  // clone before the view (the GQA K / V broadcast: expand + reshape materialises every repeated head)
  if (const GraphOp* from = opById(op.refs.first()); from && from->name == u"clone")
    l.comment = QStringLiteral("a copy: torch's reshape cannot view %1 (strides), so it copies")
                    .arg(shapeText(from->inputs.value(0).shape));
  l.isView = true;
  m_lines << l;
  m_vals.insert(op.id, outVal(op));
  // A view of the open GEMM / convolution's output (or of the last view of it) extends the chain a pointwise run may
  // fuse through: reshapes while no permute came before (each then views a contiguous tensor), permutes, transposes,
  // squeezes and unsqueezes. Any other view of that output ends the chance to fuse; a view of another value keeps it.
  static const QSet<QString> reshapes = {QStringLiteral("view"), QStringLiteral("reshape"),
                                         QStringLiteral("_unsafe_view"), QStringLiteral("_reshape_alias"),
                                         QStringLiteral("flatten")};
  static const QSet<QString> permutes = {QStringLiteral("permute"), QStringLiteral("transpose"), QStringLiteral("t")};
  const QString face = m_anchorViews.isEmpty() ? m_openAnchorRef : m_anchorViews.last();
  const bool chainable =
      (reshapes.contains(n) && !m_anchorPermuted) || permutes.contains(n) || n == u"squeeze" || n == u"unsqueeze";
  if (!gemmOrConvAnchor()) {
    // a view of another value (c05's mask.unsqueeze(-1)) leaves a gather's anchor open (gatherEpilogue): the run
    // after it reads the view as an epilogue tensor (hoistViews moves it before the launch)
    if (!(gatherEpilogue() && gatherAnchorOpen() && srcRef != face)) closeAnchor();
  } else if (srcRef == face && chainable && (m_run.isEmpty() || commuted)) {
    m_anchorViews << op.id;
    m_anchorViewHeads << call;
    m_anchorPermuted = m_anchorPermuted || permutes.contains(n);
  } else if (srcRef == m_openAnchorRef || m_anchorViews.contains(srcRef)) {
    closeAnchor();
  }
  return true;
}

bool Planner::stage(const GraphOp& op) {
  const QString n = op.name;
  // first: its input may be a log_softmax computed inside its launch (findLosses), never a value of its own
  if (n == u"nll_loss_forward" || n == u"nll_loss2d_forward") return nllLoss(op);
  if (m_linrec.contains(op.id)) return linearRecurrence(op);  // its operands are the steps: never values of their own
  const json& a = op.args;
  Line l;
  l.target = var(op);
  auto in = [&](const QString& ref) -> QString {
    const auto v = value(ref);
    return v ? v->expr : QString();
  };
  auto opt = [&](const char* name) -> QString {
    const QString r = operandOf(op, name);
    if (r.isEmpty()) return QStringLiteral("None");
    return in(r);
  };
  // a factory reads no value of its operand (a _like form: its shape, the operand's or the resize check's)
  const QString x = op.refs.isEmpty() || isFactory(n) ? QString() : in(op.refs.first());
  if (!m_why.isEmpty()) return false;
  {
    // integer operands (probe25 a06: int8 values cast to int32 and multiplied): PyTorch has no CUDA kernel for an
    // integer matmul or convolution (the harness's reference fails on the GPU) and tl.dot takes floating operands
    // (int8 with an int32 accumulator only); planned, the stage would accumulate in fp32
    static const QSet<QString> products = {QStringLiteral("mm"),      QStringLiteral("bmm"),    QStringLiteral("addmm"),
                                           QStringLiteral("baddbmm"), QStringLiteral("addbmm"), QStringLiteral("mv"),
                                           QStringLiteral("addmv"),   QStringLiteral("dot"),    QStringLiteral("vdot"),
                                           QStringLiteral("matmul"),  QStringLiteral("linear")};
    static const QSet<QString> integral = {QStringLiteral("int64"), QStringLiteral("int32"), QStringLiteral("int16"),
                                           QStringLiteral("int8"),  QStringLiteral("uint8"), QStringLiteral("bool")};
    const QString dt = op.outputs.value(0).dtype;
    if ((products.contains(n) || op.category == u"Convolution") && integral.contains(dt))
      return bad(QStringLiteral("%1: a product of %2 tensors: PyTorch has no CUDA kernel for an integer matmul or "
                                "convolution and the stages multiply floating values; cast the operands to float "
                                "first (exact while the sums stay below 2**24), or use torch._int_mm on int8 "
                                "operands (torch 2.x)")
                     .arg(where(op), dt));
  }
  if (op.category == u"Convolution") {
    // a weight (or bias) computed in forward() -- weight norm, standardisation, a merged LoRA update -- is the value
    // of the launches before it (issue 14, session 39): the convolution reads it, its layout copy made each call
    ConvOperands computed;
    for (int k : {1, 2}) {
      const QString r = op.refs.value(k);
      if (r.isEmpty() || !anchors::operandExpr(m_g, r).isEmpty()) continue;
      const QString e = in(r);
      if (!m_why.isEmpty()) return false;
      (k == 1 ? computed.weight : computed.bias) = e;
    }
    // a constant zero pad of the spatial dims that only this standard convolution reads: the convolution reads the
    // pad's source with the pad added to its padding (convPadFold); the pad's line only makes its shape
    QString cx = x;
    const QString xr = resolve(op.refs.value(0));
    int foldedPad = -1;
    if (convPadFold() && m_pads.contains(xr) && m_uses.value(xr) == 1 &&
        !(op.args.is_object() && op.args.value("transposed", false) == true)) {
      const PadRead& p = m_pads[xr];
      const qsizetype rank = op.inputs.value(0).shape.size();
      static const QStringList zeros = {QStringLiteral("0"), QStringLiteral("0.0"), QStringLiteral("-0.0")};
      bool ok = p.map.mode == u"constant" && zeros.contains(p.map.fill) && rank >= 3 && p.map.before.size() == rank &&
                p.map.after.size() == rank && p.map.before.at(0) == 0 && p.map.after.at(0) == 0 &&
                p.map.before.at(1) == 0 && p.map.after.at(1) == 0 && p.line >= 0 && p.line < m_lines.size();
      for (qsizetype i = 2; ok && i < rank; ++i) ok = p.map.before.at(i) >= 0 && p.map.after.at(i) >= 0;
      if (ok) {
        computed.padBefore = p.map.before.mid(2);
        computed.padAfter = p.map.after.mid(2);
        cx = p.src;
        foldedPad = p.line;
      }
    }
    const auto c = convStage(m_g, op, m_convs, &m_why, computed);
    if (!c) return false;
    if (foldedPad >= 0) {
      Line& pad = m_lines[foldedPad];
      pad.head = pad.head.left(pad.head.indexOf(u'(')) + QStringLiteral("_view") + pad.head.mid(pad.head.indexOf(u'('));
      pad.comment = QStringLiteral("folded into %1's padding (no launch)").arg(op.id);
    }
    if (m_convs == 0) {
      m_plan.hasConv = true;
      m_plan.convVars = c->vars;
      if (!c->padHiLine.isEmpty()) m_plan.moreConvs.prepend(c->padHiLine);
    } else {
      m_plan.moreConvs << c->specText;
    }
    if (c->gemm && op.inputs.value(0).dtype == u"float32") m_plan.mathDtype = QStringLiteral("tf32");
    // (a computed weight writes no cat's channel slice: conv_cat_buffer, before the first part, would read it early)
    if (!c->weightComputed)
      m_convCall.insert(static_cast<int>(m_lines.size()), {cx, c->weight, QStringLiteral("CONV%1").arg(m_convs)});
    if (c->gemm) m_gemmConvs.insert(QStringLiteral("CONV%1").arg(m_convs));
    l.head = QStringLiteral("conv_forward(self, %1, %2, %3, CONV%4").arg(cx, c->weight, c->bias).arg(m_convs++);
    if (c->weightComputed) l.head += QStringLiteral(", weight_computed=True");
    l.epilogue = true;
    push(l, op, QStringLiteral("conv"), c->description, true);
    if (foldedPad >= 0) m_plan.launches.last().prologue << xr;
    m_convOut.insert(op.id, {static_cast<int>(m_lines.size()) - 1, static_cast<int>(m_plan.launches.size()) - 1});
  } else if (n == u"mv") {
    // a matrix-vector product: a row reduction of A * v, one launch (kwb_gemv); the pointwise run after it (addmv's
    // alpha / beta and bias) fuses into its epilogue
    const auto va = value(operandOf(op, "self").isEmpty() ? op.refs.value(0) : operandOf(op, "self"));
    const auto vv = value(operandOf(op, "vec").isEmpty() ? op.refs.value(1) : operandOf(op, "vec"));
    if (!va || !vv) return false;
    if (va->shape.size() != 2 || vv->shape.size() != 1)
      return bad(QStringLiteral("%1 of %2 and %3 (not [M, K] and [K])")
                     .arg(where(op), shapeText(va->shape), shapeText(vv->shape)));
    l.head = QStringLiteral("kwb_gemv(%1, %2").arg(va->expr, vv->expr);
    l.epilogue = true;
    push(l, op, QStringLiteral("gemv"),
         QStringLiteral("mv %1 x %2 (a row reduction, fp32)").arg(shapeText(va->shape), shapeText(vv->shape)), true);
  } else if (n == u"dot" || n == u"vdot") {
    // a dot product of two vectors (real: vdot is dot): kwb_gemv of a [1, K] view, one launch; its [1] result viewed
    // as the 0-d value, the pointwise run after it fused as mv's (probe23 a07: spectral norm's sigma = u . W v)
    const auto va = value(operandOf(op, "self").isEmpty() ? op.refs.value(0) : operandOf(op, "self"));
    const auto vv = value(operandOf(op, "tensor").isEmpty() ? op.refs.value(1) : operandOf(op, "tensor"));
    if (!va || !vv) return false;
    if (va->shape.size() != 1 || vv->shape.size() != 1 || op.inputs.value(0).dtype.startsWith(u"complex"))
      return bad(QStringLiteral("%1 of %2 and %3 (not two real vectors)")
                     .arg(where(op), shapeText(va->shape), shapeText(vv->shape)));
    l.head = QStringLiteral("kwb_gemv(%1.unsqueeze(0), %2").arg(va->expr, vv->expr);
    l.tail = QStringLiteral(").view(())");
    l.epilogue = true;
    push(l, op, QStringLiteral("gemv"),
         QStringLiteral("%1 %2 . %3 (a row reduction, fp32)").arg(n, shapeText(va->shape), shapeText(vv->shape)), true);
  } else if (n == u"baddbmm" || n == u"addmv" ||
             (n == u"addmm" && (a.value("alpha", json(1.0)) != json(1.0) || a.value("beta", json(1.0)) != json(1.0) ||
                                op.inputs.value(0).shape.size() != 1))) {
    return scaledGemm(op);
  } else if (n == u"addmm" || n == u"mm" || n == u"bmm") {
    const QString aRef = operandOf(op, n == u"addmm" ? "mat1" : "self");
    const QString bRef = operandOf(op, "mat2");
    const QString ra = aRef.isEmpty() ? op.refs.value(n == u"addmm" ? 1 : 0) : aRef;
    const QString rb = bRef.isEmpty() ? op.refs.value(n == u"addmm" ? 2 : 1) : bRef;
    const auto va = value(ra), vb = value(rb);
    if (!va || !vb) return false;
    QString bias = QStringLiteral("None");
    if (n == u"addmm") {
      const QString rbias = operandOf(op, "self").isEmpty() ? op.refs.value(0) : operandOf(op, "self");
      const auto vbias = value(rbias);
      if (!vbias) return false;
      if (vbias->shape.size() != 1)
        return bad(QStringLiteral("%1: a bias of shape %2 (not one per output column) has no chain stage yet")
                       .arg(where(op), shapeText(vbias->shape)));
      bias = vbias->expr;
    }
    const QString w = n == u"bmm" ? vb->expr + QStringLiteral(".transpose(1, 2)") : vb->expr + QStringLiteral(".t()");
    double flops = va->shape.isEmpty() || vb->shape.isEmpty() ? 0 : 2.0 * double(vb->shape.last());
    for (qint64 d : va->shape) flops *= double(d);
    QStringList proOps;
    QString proDesc;
    const QString pro = va->shape.isEmpty() ? QString() : fusePrologue(ra, flops, &proOps, &proDesc);
    l.head = QStringLiteral("kwb_gemm(%1, %2, %3").arg(va->expr, w, bias) + pro;
    if (!pro.isEmpty()) l.comment = QStringLiteral("prologue %1 applied to A as it is loaded").arg(proDesc);
    l.epilogue = true;
    // a product a selection orders: fp32 operands in full fp32 (findSelectedGemms)
    const bool exact =
        m_exactGemm.contains(op.id) || (op.id.endsWith(QLatin1String("_mm")) && m_exactGemm.contains(op.id.chopped(3)));
    if (exact) {
      l.tail = QStringLiteral(", ieee=True)");
      l.comment =
          (l.comment.isEmpty() ? QString() : l.comment + QStringLiteral("; ")) +
          QStringLiteral("full fp32 (no TF32): a selection or a step (floor, remainder, a comparison) reads it");
    } else if (op.inputs.value(1).dtype == u"float32" || va->dtype == u"float32") {
      m_plan.mathDtype = QStringLiteral("tf32");
    }
    push(
        l, op, QStringLiteral("gemm"),
        QStringLiteral("%1 %2 x %3%4%5")
            .arg(n, shapeText(va->shape), shapeText(vb->shape), bias == u"None" ? QString() : QStringLiteral(" + bias"),
                 pro.isEmpty() ? QString()
                               : QStringLiteral(" with the prologue %1 applied to each A tile as it is loaded (fused)")
                                     .arg(proDesc)),
        true);
    m_plan.launches.last().prologue = proOps;
  } else if (n == u"cat" || n == u"concat" || n == u"stack") {
    if (fuseConvCat(op)) return true;
    QStringList parts;
    for (const QString& r : op.refs)
      parts << (n == u"stack" ? in(r) + QStringLiteral(".unsqueeze(%1)").arg(pyNum(a.value("dim", json(0)))) : in(r));
    if (!m_why.isEmpty()) return false;
    l.head = QStringLiteral("kwb_cat([%1], %2").arg(parts.join(QStringLiteral(", ")), pyNum(a.value("dim", json(0))));
    // an anchor: the pointwise run reading only the cat's result fuses into its one launch (a ViT's cls-token cat
    // + position embedding: one launch, not three)
    l.epilogue = true;
    push(l, op, QStringLiteral("copy"),
         QStringLiteral("cat of %1 tensors along dim %2").arg(parts.size()).arg(pyNum(a.value("dim", json(0)))), true);
    m_catParts.insert(op.id, parts.size());
    // its parts, for a pointwise launch that reads it piece by piece (piecewiseOf)
    if (!op.outputs.isEmpty() && a.value("dim", json(0)).is_number_integer()) {
      const qint64 rank = op.outputs.first().shape.size();
      const qint64 d = a.value("dim", json(0)).get<qint64>();
      QStringList refs;
      for (const QString& r : op.refs) refs << resolve(r);
      if (d >= -rank && d < rank)
        m_cats.insert(op.id, {refs, parts, static_cast<int>((d + rank) % rank), n == u"stack",
                              static_cast<int>(m_lines.size()) - 1});
    }
  } else if (isIndexedStageOp(op)) {
    // scatter_reduce, masked_scatter, an integer cumsum (indexedstages.h; probe25 a10, b02, c05)
    const IndexedStage s = indexedStage(op, in, where(op));
    if (!s.why.isEmpty()) return bad(s.why);
    l.head = s.head;
    if (!m_why.isEmpty()) return false;
    // an integer cumsum is an anchor (iscanFuse): the run that alone reads its sums is its epilogue, fed them exactly
    const bool iscan = iscanFuse() && l.head.startsWith(QLatin1String("kwb_cumsum_int("));
    l.epilogue = iscan;
    if (iscan) {  // and the run before it that only it reads may be its prologue (fuseRows, kind "iscan")
      l.kind = QStringLiteral("iscan");
      l.input = x;  // the head's first argument (fuseRows checks it is)
    }
    push(l, op, s.kind, s.desc, iscan);
  } else if (op.category == u"Reduction") {
    QString kind = n;
    if (n == u"max" || n == u"min") {
      kind = n == u"max" ? QStringLiteral("amax") : QStringLiteral("amin");
      for (const GraphOp& o : m_ops)
        for (const QString& r : o.refs)
          if (r == op.id + QStringLiteral("_1")) return topk(op, x);             // its indices: kwb_topk's k = 1
      if (m_outRefs.contains(op.id + QStringLiteral("_1"))) return topk(op, x);  // returned (a tuple's output)
    }
    if (n == u"argmax" || n == u"argmin") return topk(op, x);
    if (n == u"var_mean" || n == u"std_mean") return varMean(op, x);
    if (n == u"var" || n == u"std" || n == u"norm" || n == u"linalg_vector_norm") {
      if (!varOrNorm(op, x, &l)) return false;
      m_vals.insert(op.id, outVal(op));
      return true;
    }
    static const QSet<QString> kinds = {QStringLiteral("sum"),       QStringLiteral("mean"), QStringLiteral("amax"),
                                        QStringLiteral("amin"),      QStringLiteral("prod"), QStringLiteral("any"),
                                        QStringLiteral("logsumexp"), QStringLiteral("all")};
    if (!kinds.contains(kind)) return bad(QStringLiteral("%1 has no chain stage yet").arg(where(op)));
    if (a.contains("dtype") && !a.at("dtype").is_null())
      return bad(QStringLiteral("%1 with a dtype= argument has no chain stage yet").arg(where(op)));
    const bool keep = a.value("keepdim", false) == true;
    const QString xDt = op.inputs.value(0).dtype;
    if ((xDt == u"bool" || isIntegralDtype(xDt)) && !stageIntegerReductions().contains(kind)) {
      QStringList have = stageIntegerReductions().values();
      have.sort();
      return bad(QStringLiteral("%1 of a %2 tensor has no chain stage yet (kwb_reduce of integers or bools: %3)")
                     .arg(where(op), xDt, have.join(QStringLiteral(", "))));
    }
    // any / all (a bool result, x != 0 reduced by max / min): kwb_reduce's own ops, no conv / norm / gather fusion
    const bool logical = kind == u"any" || kind == u"all";
    if (!logical && (fuseConvReduce(op, kind, dimsOf(a), keep) || fuseNormReduce(op, kind, dimsOf(a), keep) ||
                     fuseGatherReduce(op, kind, dimsOf(a), keep)))
      return true;
    l.head = QStringLiteral("kwb_reduce(%1, %2, \"%3\", %4").arg(x, pyList(dimsOf(a)), kind, pyBool(keep));
    // a sum of a bool mask (or of a count) is a count: int64, exact (kwb_reduce accumulates it in fp32 and refuses
    // more than 2^24 elements a sum); a reduction of anything but floats is no one-pass row fusion's
    const QString inDt = op.inputs.value(0).dtype;
    if (kind == u"sum" && (inDt == u"bool" || m_counts.contains(resolve(op.refs.first())))) m_counts.insert(op.id);
    if (!logical && (inDt.startsWith(QLatin1String("float")) || inDt.startsWith(QLatin1String("bfloat"))))
      l.kind = QStringLiteral("reduce");
    l.input = x;
    l.dims = dimsOf(a);
    l.redOp = kind;
    l.q = QStringLiteral("0.0");
    l.keep = keep;
    push(l, op, QStringLiteral("reduce"),
         QStringLiteral("%1 %2 of %3").arg(kind, overDimsText(dimsOf(a)), shapeText(op.inputs.value(0).shape)), false);
  } else if (op.category == u"Scan" &&
             (n == u"cumsum" || n == u"cumprod" || n == u"cummax" || n == u"cummin" || n == u"logcumsumexp")) {
    // an anchor like softmax: the pointwise run reading only its result is its epilogue (a running mean's
    // division by the count; trial 8). Float only: an integer cumsum returns int64. cummax / cummin: the values
    // (trial 13's x03), and their indices where those are read (below).
    const QString dt = op.outputs.value(0).dtype;
    if (dt != op.inputs.value(0).dtype ||
        !(dt == u"float32" || dt == u"float16" || dt == u"bfloat16" || dt == u"float64"))
      return bad(QStringLiteral("%1 of %2 to %3 has no chain stage yet (a float %4 has)")
                     .arg(where(op), op.inputs.value(0).dtype, dt, n));
    const QString dim = pyNum(a.value("dim", json()));
    if (m_live.contains(op.id + QStringLiteral("_1"))) {
      if (n != u"cummax" && n != u"cummin")
        return bad(QStringLiteral("%1: its indices are used; only the values have a chain stage").arg(where(op)));
      // cummax / cummin with their indices (probe17's v15): values and int64 indices from one kwb_scan launch (the
      // index: the last position where the element became the running value); no epilogue, the pointwise run after
      // reads both (an index below 2^24 is exact as the fp32 value it is read as, as kwb_topk's are)
      Line il;
      il.target = QStringLiteral("%1, %2_1").arg(var(op), op.id);
      il.head = QStringLiteral("kwb_scan(%1, %2, \"%3\", indices=True").arg(x, dim, n.mid(3));
      push(il, op, QStringLiteral("scan"),
           QStringLiteral("%1 over dim %2 of %3 (values and int64 indices, one launch)")
               .arg(n, dim, shapeText(op.inputs.value(0).shape)),
           false);
      if (!m_why.isEmpty()) return false;
      m_indices.insert(op.id + QStringLiteral("_1"));
      for (int j = 0; j < 2 && j < op.outputs.size(); ++j) {
        const QString id = j == 0 ? op.id : op.id + QStringLiteral("_1");
        m_vals.insert(id, Val{j == 0 ? var(op) : id, op.outputs.at(j).shape, op.outputs.at(j).dtype});
      }
      return true;
    }
    l.head = n == u"cumsum" ? QStringLiteral("kwb_cumsum(%1, %2").arg(x, dim)
                            : QStringLiteral("kwb_scan(%1, %2, \"%3\"")
                                  .arg(x, dim,
                                       n == u"cumprod"        ? QStringLiteral("prod")
                                       : n == u"logcumsumexp" ? QStringLiteral("logsumexp")
                                                              : n.mid(3));
    l.epilogue = true;
    if (scanPrologue()) {  // a pointwise run only it reads may fuse as its prologue (fuseRows' fusePre, session 46)
      l.kind = QStringLiteral("scan");
      l.input = x;
      l.dims = {a.value("dim", json()).is_number_integer() ? a.value("dim", json()).get<qint64>() : 0};
    }
    push(l, op, QStringLiteral("scan"),
         QStringLiteral("%1 over dim %2 of %3").arg(n, dim, shapeText(op.inputs.value(0).shape)), true);
  } else if (n == u"arange") {
    return arange(op);
  } else if (isSoftmaxOp(n)) {
    // softmax.int / _safe_softmax take an output dtype; one other than the input's is a cast we do not fuse
    const json dt = a.value("dtype", json());
    if (!dt.is_null() && !(dt.is_string() && QString::fromStdString(dt.get<std::string>()) == op.inputs.value(0).dtype))
      return bad(QStringLiteral("%1 with a dtype= argument has no chain stage yet").arg(where(op)));
    l.head = QStringLiteral("kwb_softmax(%1, %2, log=%3")
                 .arg(x, pyNum(a.value("dim", json())), pyBool(n.contains(QLatin1String("log"))));
    // torch >= 2.5 (nn.MultiheadAttention, the math SDPA): a row all -inf gives 0 instead of NaN
    if (n == u"_safe_softmax") l.head += QStringLiteral(", safe_rows=True");
    l.kind = QStringLiteral("softmax");  // a pointwise run only it reads may fuse as its prologue (fuseRows)
    l.input = x;
    l.epilogue = true;  // an anchor: the pointwise run reading only its result fuses into its writing pass
    push(l, op, QStringLiteral("softmax"),
         QStringLiteral("%1 over dim %2 of %3")
             .arg(n, pyNum(a.value("dim", json())), shapeText(op.inputs.value(0).shape)),
         true);
  } else if (isNormOp(n)) {
    const QString eps = pyNum(a.value("eps", json(1e-5)));
    if (n.contains(QLatin1String("group"))) {
      l.head = QStringLiteral("kwb_group_norm(%1, %2, %3, %4, %5")
                   .arg(x, pyNum(a.value("group", a.value("num_groups", json()))), opt("weight"), opt("bias"), eps);
    } else if (n.contains(QLatin1String("layer"))) {
      l.head = QStringLiteral("kwb_layer_norm(%1, %2, %3, %4, %5")
                   .arg(x, pyList(dimsOf(json{{"dim", a.value("normalized_shape", json())}})), opt("weight"),
                        opt("bias"), eps);
      // the stage reads only its length: the spec's sizes stand for the input's trailing dims at any size
      if (layerNormShapeFollowsInput(op))
        l.comment = QStringLiteral("normalized_shape: the input's trailing dims (the stage reads its length)");
    } else {
      // Model's own mode decides when it keeps running statistics (the harness runs it as built); a
      // batch_norm without them (instance norm's lowering) always normalises by the batch.
      const bool running = !operandOf(op, "running_mean").isEmpty();
      const QString training =
          running ? QStringLiteral("self.training")
                  : pyBool(n != u"_native_batch_norm_legit_no_training" && n != u"_batch_norm_no_update");
      l.head = QStringLiteral("kwb_batch_norm(%1, %2, %3, %4, %5, %6, %7, %8")
                   .arg(x, opt("weight"), opt("bias"), opt("running_mean"), opt("running_var"), training,
                        pyNum(a.value("momentum", json(0.1))), eps);
    }
    if (!m_why.isEmpty()) return false;
    if (!n.contains(QLatin1String("batch"))) {  // group / layer norm: a pointwise run before it may fuse (fuseRows)
      l.kind = QStringLiteral("norm");
      l.input = x;
    }
    // a norm is an anchor: the pointwise run reading only its result fuses into its apply pass (epi=)
    l.epilogue = true;
    // InstanceNorm arrives as batch norm over a [1, N*C, ...] view: named as the user wrote it (trial 28 #10)
    push(l, op, QStringLiteral("norm"),
         op.function == u"instance_norm" && n.contains(QLatin1String("batch_norm"))
             ? QStringLiteral("instance norm (%1 of the view %2: each instance's own statistics)")
                   .arg(n, shapeText(op.inputs.value(0).shape))
             : QStringLiteral("%1 of %2").arg(n, shapeText(op.inputs.value(0).shape)),
         l.epilogue);
    // batch statistics: one launch where a channel's N x positions fit one program at the spec's sizes (the stage
    // library's kwb_bn_one_pass), else the moments and the apply (which updates the running statistics:
    // kwb_bn_update_in_apply), and for an [N, C] input the update's own launch between them
    if (n.contains(QLatin1String("batch"))) {
      const QList<qint64> xs = op.inputs.value(0).shape;
      qint64 perChannel = 1;
      for (int d = 0; d < xs.size(); ++d)
        if (d != 1) perChannel *= xs.at(d);
      m_plan.launches.last().hostLaunches = xs.size() >= 2 && perChannel <= kBnOnePassMax ? 1 : xs.size() == 2 ? 3 : 2;
    }
    if (n.contains(QLatin1String("group")))
      m_normOut.insert(op.id, {static_cast<int>(m_lines.size()) - 1, static_cast<int>(m_plan.launches.size()) - 1});
  } else if (op.category == u"Pooling") {
    const int sp = static_cast<int>(op.inputs.value(0).shape.size()) - 2;
    const bool adaptive = n.startsWith(QLatin1String("_adaptive_")) || n.startsWith(QLatin1String("adaptive_"));
    if (adaptive) {
      const bool isMax = n.contains(QLatin1String("max_pool"));
      if (isMax && m_live.contains(op.id + QStringLiteral("_1")))
        return bad(QStringLiteral("%1: its indices are used; only the values have a chain stage").arg(where(op)));
      const QList<qint64> outSp = op.outputs.value(0).shape.mid(2);
      if (sp < 1 || sp > 3 || outSp.size() != sp)
        return bad(QStringLiteral("%1: adaptive pooling over %2 dims has no chain stage (1 to 3 have)")
                       .arg(where(op))
                       .arg(sp));
      if (std::all_of(outSp.begin(), outSp.end(), [](qint64 s) { return s == 1; })) {
        // a global pool: the reduction kernel over the spatial dims (or fused into the convolution before it)
        QList<qint64> dims;
        for (int d = 0; d < sp; ++d) dims << 2 + d;
        const QString kind = isMax ? QStringLiteral("amax") : QStringLiteral("mean");
        if (fuseConvReduce(op, kind, dims, true)) return true;
        l.head = QStringLiteral("kwb_reduce(%1, %2, \"%3\", True").arg(x, pyList(dims), kind);
        push(l, op, QStringLiteral("reduce"),
             QStringLiteral("global %1 pool of %2")
                 .arg(isMax ? QStringLiteral("max") : QStringLiteral("average"), shapeText(op.inputs.value(0).shape)),
             false);
      } else {
        // windows floor(o I / O) .. ceil((o + 1) I / O) per output: kwb_pool's kernels with the window per output
        l.head = QStringLiteral("kwb_adaptive_pool(%1, \"%2\", %3")
                     .arg(x, isMax ? QStringLiteral("max") : QStringLiteral("avg"), adaptiveSizes(op));
        push(l, op, QStringLiteral("pool"),
             QStringLiteral("%1 of %2 to %3 (adaptive windows)")
                 .arg(n, shapeText(op.inputs.value(0).shape), shapeText(outSp)),
             false);
      }
    } else {
      const bool isMax = n.startsWith(QLatin1String("max_pool"));
      if (!isMax && !n.startsWith(QLatin1String("avg_pool")))
        return bad(QStringLiteral("%1 has no chain stage yet").arg(where(op)));
      QList<qint64> ks, st, pad, dil;
      const bool strideEmpty =
          !a.contains("stride") || a.at("stride").is_null() || (a.at("stride").is_array() && a.at("stride").empty());
      if (sp < 1 || sp > 3 || !anchors::intList(a, "kernel_size", sp, 1, &ks) ||
          !anchors::intList(a, "padding", sp, 0, &pad) || !anchors::intList(a, "dilation", sp, 1, &dil) ||
          (!strideEmpty && !anchors::intList(a, "stride", sp, 1, &st)))
        return bad(QStringLiteral("%1: its window arguments are not %2 integers each").arg(where(op)).arg(sp));
      if (strideEmpty) st = ks;
      l.head = QStringLiteral("kwb_pool(%1, \"%2\", %3, %4, %5, %6, %7")
                   .arg(x, isMax ? QStringLiteral("max") : QStringLiteral("avg"), pyTuple(ks), pyTuple(st),
                        pyTuple(pad), pyTuple(dil), pyBool(a.value("ceil_mode", false) == true));
      if (!isMax)
        l.head +=
            QStringLiteral(", count_include_pad=%1, divisor_override=%2")
                .arg(pyBool(a.value("count_include_pad", true) != false), pyNum(a.value("divisor_override", json())));
      push(l, op, QStringLiteral("pool"),
           QStringLiteral("%1 of %2, window %3, stride %4%5")
               .arg(n, shapeText(op.inputs.value(0).shape), shapeText(ks), shapeText(st),
                    anchors::poolArgsText(a, pad, dil)),
           false);
    }
  } else if (n == u"roll") {
    // torch.roll along given dims: one gather launch reading (i - shift) mod size (a Swin block's cyclic shift)
    const json dims = a.value("dims", json::array()), shifts = a.value("shifts", json::array());
    QList<qint64> d, s;
    for (const auto& v : dims)
      if (v.is_number_integer()) d << v.get<qint64>();
    for (const auto& v : shifts)
      if (v.is_number_integer()) s << v.get<qint64>();
    if (d.isEmpty() || d.size() != s.size() || d.size() != static_cast<qsizetype>(dims.size()) ||
        op.inputs.value(0).shape.size() > 5)
      return bad(QStringLiteral("%1: a roll without dims (over the flattened tensor) or of rank > 5 has no chain stage "
                                "yet")
                     .arg(where(op)));
    l.head = QStringLiteral("kwb_roll(%1, %2, %3").arg(x, pyList(s), pyList(d));
    push(
        l, op, QStringLiteral("copy"),
        QStringLiteral("roll of %1 by %2 along dims %3").arg(shapeText(op.inputs.value(0).shape), pyList(s), pyList(d)),
        false);
  } else if (n == u"_euclidean_dist" || n == u"_cdist_forward" || n == u"cdist") {
    // torch.cdist: p = 2 (_euclidean_dist, or _cdist_forward with p 2) is a GEMM whose epilogue combines the two
    // squared-norm reductions; any other p > 0 one reduction of the differences over broadcast views (kwb_cdist)
    const QString r1 = operandOf(op, "x1").isEmpty() ? op.refs.value(0) : operandOf(op, "x1");
    const QString r2 = operandOf(op, "x2").isEmpty() ? op.refs.value(1) : operandOf(op, "x2");
    const json p = n == u"_euclidean_dist" ? json(2.0) : a.value("p", json(2.0));
    const QString ps = p.is_string() ? QString::fromStdString(p.get<std::string>()).toLower() : QString();
    const QString pv = ps == u"inf" ? QStringLiteral("float(\"inf\")") : p.is_number() ? pyNum(p) : QString();
    const QString dt = op.outputs.value(0).dtype;
    if (r1.isEmpty() || r2.isEmpty() || pv.isEmpty() || (p.is_number() && !(p.get<double>() > 0)) ||
        !(dt == u"float32" || dt == u"float16" || dt == u"bfloat16" || dt == u"float64"))
      return bad(QStringLiteral("%1: a %2 distance of %3 has no chain stage yet (p > 0 or inf of float tensors has)")
                     .arg(where(op), QString::fromStdString(p.dump()), dt));
    const bool two = p.is_number() && p.get<double>() == 2.0;
    l.head = QStringLiteral("kwb_cdist(%1, %2, %3").arg(in(r1), in(r2), two ? QStringLiteral("2.0") : pv);
    if (!m_why.isEmpty()) return false;
    push(l, op, two ? QStringLiteral("gemm") : QStringLiteral("reduce"),
         QStringLiteral("cdist p=%1 of %2 and %3 (%4)")
             .arg(two ? QStringLiteral("2") : pv, shapeText(op.inputs.value(0).shape),
                  shapeText(op.inputs.value(1).shape),
                  two ? QStringLiteral("two squared-norm reductions, then a full-fp32 GEMM with their combination as "
                                       "its epilogue")
                      : QStringLiteral("one reduction of the differences over broadcast views")),
         false);
  } else if (n == u"flip") {
    // torch.flip: one launch (kwb_flip), each flipped dim read at size - 1 - i; an index map like a pad's, so the
    // pointwise launch that alone reads it loads its source reversed and the flip launches nothing (kwb_flip_view)
    QList<qint64> dims;
    for (const auto& v : a.value("dims", json::array()))
      if (v.is_number_integer()) dims << v.get<qint64>();
    const qsizetype rank = op.inputs.value(0).shape.size();
    const PadMap m = flipMapOf(dims, static_cast<int>(rank));
    if (dims.size() != static_cast<qsizetype>(a.value("dims", json::array()).size()) || m.before.isEmpty())
      return bad(QStringLiteral("%1: a flip of dims %2 on a rank-%3 tensor has no chain stage yet (rank 1 to 5)")
                     .arg(where(op), QString::fromStdString(a.value("dims", json()).dump()))
                     .arg(rank));
    l.head = QStringLiteral("kwb_flip(%1, %2").arg(x, pyList(dims));
    push(l, op, QStringLiteral("copy"),
         QStringLiteral("flip of %1 along dims %2").arg(shapeText(op.inputs.value(0).shape), pyList(dims)), false);
    if (m_why.isEmpty()) m_pads.insert(op.id, {m, x, resolve(op.refs.value(0)), static_cast<int>(m_lines.size()) - 1});
  } else if (n == u"constant_pad_nd") {
    // F.pad in constant mode (negative entries crop): one launch, the fill where the source index is outside
    QList<qint64> pad;
    for (const auto& v : a.value("pad", json::array()))
      if (v.is_number_integer()) pad << v.get<qint64>();
    if (pad.size() != static_cast<qsizetype>(a.value("pad", json::array()).size()) || pad.size() % 2 != 0 ||
        op.inputs.value(0).shape.size() > 5 || pad.size() / 2 > op.inputs.value(0).shape.size())
      return bad(QStringLiteral("%1: a pad of %2 entries on a rank-%3 tensor has no chain stage yet")
                     .arg(where(op))
                     .arg(a.value("pad", json::array()).size())
                     .arg(op.inputs.value(0).shape.size()));
    const json fill = a.value("value", json(0.0));  // the probe writes inf / nan as strings
    const QString fillText = fill.is_string()
                                 ? QStringLiteral("float('%1')").arg(QString::fromStdString(fill.get<std::string>()))
                             : fill.is_null() ? QStringLiteral("0.0")
                                              : pyNum(fill);
    l.head = QStringLiteral("kwb_pad(%1, %2, %3").arg(x, pyList(pad), fillText);
    push(l, op, QStringLiteral("copy"),
         QStringLiteral("constant pad %1 of %2").arg(pyList(pad), shapeText(op.inputs.value(0).shape)), false);
    notePad(op, x, pad, QStringLiteral("constant"), fillText);
  } else if (n.startsWith(QLatin1String("reflection_pad")) || n.startsWith(QLatin1String("replication_pad")) ||
             n == u"circular_pad") {
    // F.pad in reflect / replicate / circular mode (Conv2d(padding_mode=...) traces it too), 1-D to 3-D: the same
    // index map as the constant pad, each source index reflected at / clamped to / wrapped around the edges
    // (new-user trial 12, #4). The probe records a circular pad as one kwb::circular_pad (its lowering is slice
    // copies into new_empty).
    const QString mode = n.startsWith(QLatin1String("reflection"))    ? QStringLiteral("reflect")
                         : n.startsWith(QLatin1String("replication")) ? QStringLiteral("replicate")
                                                                      : QStringLiteral("circular");
    const json padArg = a.value(mode == u"circular" ? "pad" : "padding", json::array());
    QList<qint64> pad;
    for (const auto& v : padArg)
      if (v.is_number_integer()) pad << v.get<qint64>();
    const QList<qint64> shape = op.inputs.value(0).shape;
    bool fits = pad.size() == static_cast<qsizetype>(padArg.size()) && pad.size() % 2 == 0 && !pad.isEmpty() &&
                shape.size() <= 5 && pad.size() / 2 <= shape.size();
    // torch's bounds: reflect below the dim's size, circular at most it (one wrap); negative (cropping) entries
    // have no stage
    for (int k = 0; fits && k < pad.size(); ++k) {
      const qint64 size = shape.at(shape.size() - 1 - k / 2);
      fits = pad.at(k) >= 0 && (mode != u"reflect" || pad.at(k) < size) && (mode != u"circular" || pad.at(k) <= size);
    }
    if (!fits)
      return bad(QStringLiteral("%1: a %2 pad of %3 on a tensor of shape %4 has no chain stage yet")
                     .arg(where(op), mode, pyList(pad), shapeText(shape)));
    l.head = QStringLiteral("kwb_pad(%1, %2, mode=\"%3\"").arg(x, pyList(pad), mode);
    push(l, op, QStringLiteral("copy"), QStringLiteral("%1 pad %2 of %3").arg(mode, pyList(pad), shapeText(shape)),
         false);
    notePad(op, x, pad, mode, QStringLiteral("0.0"));
  } else if (n == u"embedding") {
    // a gather of whole rows (nn.Embedding; padding_idx, scale_grad_by_freq and sparse only matter for the
    // gradient): one launch, the result in the weight's dtype
    const QString w = operandOf(op, "weight").isEmpty() ? op.refs.value(0) : operandOf(op, "weight");
    const QString idx = operandOf(op, "indices").isEmpty() ? op.refs.value(1) : operandOf(op, "indices");
    if (w.isEmpty() || idx.isEmpty() || op.inputs.value(0).shape.size() != 2)
      return bad(QStringLiteral("%1: an embedding whose weight is not 2-D has no chain stage").arg(where(op)));
    l.head = QStringLiteral("kwb_embedding(%1, %2").arg(in(w), in(idx));
    if (!m_why.isEmpty()) return false;
    // a reduction over the gathered rows that alone reads them becomes kwb_embedding_reduce (fuseGatherReduce), which
    // takes no prologue: the index's run stays its launch there
    QStringList proOps;
    QString proDesc;
    const QString pre = reducedGather(op) ? QString() : gatherPre(idx, op.inputs.value(1).dtype, &proOps, &proDesc);
    l.head += pre;
    if (pre.isEmpty()) m_gatherCall.insert(op.id, {static_cast<int>(m_lines.size()), in(w), in(idx)});
    l.epilogue = gatherAnchor(op);
    push(l, op, QStringLiteral("gather"),
         QStringLiteral("embedding rows of %1 at indices %2%3")
             .arg(shapeText(op.inputs.value(0).shape), shapeText(op.inputs.value(1).shape), gatherProText(proDesc)),
         l.epilogue);
    m_plan.launches.last().prologue = proOps;
  } else if (n == u"_embedding_bag" || n == u"embedding_bag" || n == u"_embedding_bag_forward_only") {
    // F.embedding_bag with offsets (variable-length bags; a 2-D input arrives flat with an arange of offsets): one
    // launch, a program per bag walking offsets[b] .. offsets[b + 1] (kwb_embedding_bag); an anchor: the pointwise
    // run that alone reads its result is applied in its launch
    const QString w = operandOf(op, "weight"), idx = operandOf(op, "indices"), offs = operandOf(op, "offsets");
    const QString psw = operandOf(op, "per_sample_weights");
    const json mode = a.value("mode", json(0)), last = a.value("include_last_offset", json(false));
    const json pad = a.value("padding_idx", json(-1));
    const QString idt = op.inputs.value(1).dtype, odt = op.inputs.value(2).dtype;
    auto integer = [](const QString& d) { return d == u"int64" || d == u"int32"; };
    if (w.isEmpty() || idx.isEmpty() || offs.isEmpty() || op.inputs.value(0).shape.size() != 2 ||
        op.inputs.value(1).shape.size() != 1 || op.inputs.value(2).shape.size() != 1 || !integer(idt) ||
        !integer(odt) || !mode.is_number_integer() || mode.get<int>() < 0 || mode.get<int>() > 2 ||
        !last.is_boolean() || !(pad.is_null() || pad.is_number_integer()) || (!psw.isEmpty() && mode.get<int>() != 0))
      return bad(QStringLiteral("%1: an embedding_bag of %2 by %3 indices and %4 offsets has no chain stage yet (a 2-D "
                                "weight, 1-D integer indices and offsets, mode sum / mean / max, per-sample weights "
                                "for sum have)")
                     .arg(where(op), shapeText(op.inputs.value(0).shape), shapeText(op.inputs.value(1).shape),
                          shapeText(op.inputs.value(2).shape)));
    for (int k = 1; k < 4; ++k)
      if (m_live.contains(QStringLiteral("%1_%2").arg(op.id).arg(k)))
        return bad(QStringLiteral("%1: its offset2bag, bag sizes or max indices are used; only the pooled rows have a "
                                  "chain stage")
                       .arg(where(op)));
    static const char* modes[] = {"sum", "mean", "max"};
    const qint64 padIdx = pad.is_number_integer() ? pad.get<qint64>() : -1;
    l.head = QStringLiteral("kwb_embedding_bag(%1, %2, %3, \"%4\", %5, %6, %7")
                 .arg(in(w), in(idx), in(offs), QLatin1String(modes[mode.get<int>()]),
                      psw.isEmpty() ? QStringLiteral("None") : in(psw), pyBool(last.get<bool>()),
                      padIdx >= 0 ? QString::number(padIdx) : QStringLiteral("None"));
    if (!m_why.isEmpty()) return false;
    l.epilogue = true;  // an anchor: the pointwise run reading only its result is applied in its launch
    push(l, op, QStringLiteral("gather"),
         QStringLiteral("embedding_bag (%1%2) of %3 rows, %4 indices in %5 bags")
             .arg(QLatin1String(modes[mode.get<int>()]),
                  psw.isEmpty() ? QString() : QStringLiteral(", per-sample weights"),
                  shapeText(op.inputs.value(0).shape), shapeText(op.inputs.value(1).shape),
                  shapeText(op.outputs.value(0).shape.mid(0, 1))),
         true);
  } else if (n == u"index" && op.refs.size() == op.inputs.size() && op.refs.contains(QString())) {
    // a tensor literal written in the source (nanoGPT's v[:, [-1]]): the probe records its shape, never its values
    return bad(QStringLiteral("%1: an index by a tensor literal written in the source (x[:, [-1]]) has no chain stage "
                              "(the trace records no values of it); a slice keeps the dim: x[:, -1:]")
                   .arg(where(op)));
  } else if (n == u"index") {
    // x[:, idx] with one integer index tensor (a Swin relative-position table read through a buffer of pair
    // indices): a row gather (kwb_index). The probe names the tensors, not the indexed dim: it is the one dim d
    // with out = x.shape[:d] + idx.shape + x.shape[d+1:], and a shape that two dims explain is refused.
    const QList<qint64> xs = op.inputs.value(0).shape, is = op.inputs.value(1).shape, os = op.outputs.value(0).shape;
    const QString idt = op.inputs.value(1).dtype;
    // a pair of index tensors of one shape at two consecutive dims (DLRM's Z[:, li, lj]): kwb_index2 (probe21 s08)
    const bool pair = op.refs.size() == 3 && op.inputs.value(2).shape == is && op.inputs.value(2).dtype == idt;
    const int k = pair ? 2 : 1;
    QList<int> fits;
    for (int d = 0; (op.refs.size() == 2 || pair) && d + k <= xs.size(); ++d)
      if (xs.mid(0, d) + is + xs.mid(d + k) == os) fits << d;
    // the probe names the index tensors, not their dims: a pair at two dims apart (x[i, :, j]) puts the index dims
    // first, and where that shape is also the output's the reading is ambiguous (refused, never guessed)
    for (int p = 0; pair && p < xs.size(); ++p)
      for (int q = p + 2; q < xs.size(); ++q) {
        QList<qint64> rest = xs;
        rest.removeAt(q);
        rest.removeAt(p);
        if (is + rest == os) fits << -1;
      }
    if (pair && (idt == u"int64" || idt == u"int32") && fits.size() == 1 && fits.first() >= 0) {
      l.head =
          QStringLiteral("kwb_index2(%1, %2, %3, %4").arg(x, in(op.refs.at(1)), in(op.refs.at(2))).arg(fits.first());
      if (!m_why.isEmpty()) return false;
      // the index that the last launch computes (at most one can be): the second, else the first
      QStringList proOps;
      QString proDesc;
      QString pre = gatherPre(op.refs.at(2), idt, &proOps, &proDesc);
      if (pre.isEmpty()) {
        pre = gatherPre(op.refs.at(1), idt, &proOps, &proDesc);
        if (!pre.isEmpty()) pre += QStringLiteral(", pre_at=0");
      }
      l.head += pre;
      l.epilogue = fits.first() == 0 && gatherAnchor(op);
      push(l, op, QStringLiteral("gather"),
           QStringLiteral("index of %1 at dims %2, %3 by a pair of %4%5")
               .arg(shapeText(xs))
               .arg(fits.first())
               .arg(fits.first() + 1)
               .arg(shapeText(is), gatherProText(proDesc)),
           l.epilogue);
      m_plan.launches.last().prologue = proOps;
    } else if (op.refs.size() != 2 || !(idt == u"int64" || idt == u"int32") || fits.size() != 1 || fits.first() < 0) {
      return bad(QStringLiteral("%1: indexing with %2 index tensor(s) of %3 has no chain stage yet (one integer "
                                "index tensor at one dim, or two of one shape at two dims, that the shapes name has)")
                     .arg(where(op))
                     .arg(op.refs.size() - 1)
                     .arg(idt.isEmpty() ? QStringLiteral("unknown dtype") : idt));
    } else {
      l.head = QStringLiteral("kwb_index(%1, %2, %3").arg(x, in(op.refs.at(1))).arg(fits.first());
      if (!m_why.isEmpty()) return false;
      QStringList proOps;
      QString proDesc;
      const QString pre = gatherPre(op.refs.at(1), idt, &proOps, &proDesc);
      l.head += pre;
      l.epilogue = fits.first() == 0 && gatherAnchor(op);
      push(l, op, QStringLiteral("gather"),
           QStringLiteral("index of %1 along dim %2 by %3%4")
               .arg(shapeText(xs))
               .arg(fits.first())
               .arg(shapeText(is), gatherProText(proDesc)),
           l.epilogue);
      m_plan.launches.last().prologue = proOps;
    }
  } else if (n == u"gather") {
    // torch.gather(x, dim, index) (logp.gather(1, target[:, None])): one launch over the index (kwb_gather)
    const QString idx = operandOf(op, "index").isEmpty() ? op.refs.value(1) : operandOf(op, "index");
    const QString idt = op.inputs.value(1).dtype;
    const json jd = a.value("dim", json());
    const QList<qint64> xs = op.inputs.value(0).shape;
    if (idx.isEmpty() || !jd.is_number_integer() || !(idt == u"int64" || idt == u"int32") || xs.isEmpty() ||
        xs.size() > 5 || op.inputs.value(1).shape.size() != xs.size())
      return bad(QStringLiteral("%1: a gather of %2 by %3 indices has no chain stage yet (rank 1 to 5, integer "
                                "indices of the same rank have)")
                     .arg(where(op), shapeText(xs), idt.isEmpty() ? QStringLiteral("unknown") : idt));
    l.head = QStringLiteral("kwb_gather(%1, %2, %3").arg(x, pyNum(jd), in(idx));
    if (!m_why.isEmpty()) return false;
    push(l, op, QStringLiteral("gather"),
         QStringLiteral("gather of %1 along dim %2 by %3")
             .arg(shapeText(xs), pyNum(jd), shapeText(op.inputs.value(1).shape)),
         false);
  } else if (n == u"index_select") {
    // torch.index_select(x, dim, idx) with a 1-D integer idx is x[..., idx, ...] at dim: kwb_index's row gather
    // (trial 13's x08: a segment mean fetched back per row)
    const QList<qint64> xs = op.inputs.value(0).shape;
    const QString idx = operandOf(op, "index").isEmpty() ? op.refs.value(1) : operandOf(op, "index");
    const QString idt = op.inputs.value(1).dtype;
    const json jd = a.value("dim", json());
    if (idx.isEmpty() || !jd.is_number_integer() || !(idt == u"int64" || idt == u"int32") || xs.isEmpty())
      return bad(QStringLiteral("%1: an index of %2 along dim %3 has no chain stage yet (an integer index has)")
                     .arg(where(op), idt.isEmpty() ? QStringLiteral("unknown dtype") : idt, pyNum(jd)));
    const qint64 d = jd.get<qint64>() < 0 ? jd.get<qint64>() + xs.size() : jd.get<qint64>();
    l.head = QStringLiteral("kwb_index(%1, %2, %3").arg(x, in(idx)).arg(d);
    if (!m_why.isEmpty()) return false;
    push(l, op, QStringLiteral("gather"),
         QStringLiteral("index_select of %1 along dim %2 by %3")
             .arg(shapeText(xs))
             .arg(d)
             .arg(shapeText(op.inputs.value(1).shape)),
         false);
  } else if (n == u"topk" || n == u"sort" || n == u"kthvalue") {
    return topk(op, x);
  } else if (n == u"scatter" && !a.contains("reduce")) {
    // torch.scatter(x, dim, index, src | value) (an MoE router's dense gates from its top-k): a new tensor, x copied
    // in and src written at the index's positions along dim (kwb_scatter, one launch after the copy)
    const QString idx = operandOf(op, "index").isEmpty() ? op.refs.value(1) : operandOf(op, "index");
    const QString src = operandOf(op, "src");
    const QString dt = op.outputs.value(0).dtype, idt = op.inputs.value(1).dtype;
    const json jd = a.value("dim", json());
    const QList<qint64> xs = op.inputs.value(0).shape;
    const json val = a.value("value", json());
    if (idx.isEmpty() || !jd.is_number_integer() || xs.isEmpty() || xs.size() > 5 ||
        !(dt == u"float32" || dt == u"float16" || dt == u"bfloat16" || dt == u"float64") ||
        !(idt == u"int64" || idt == u"int32") || op.inputs.value(1).shape.size() != xs.size() ||
        (src.isEmpty() && !val.is_number()))
      return bad(QStringLiteral("%1: a scatter of %2 by %3 indices has no chain stage yet (a float tensor of rank 1 to "
                                "5, integer indices of its rank and a tensor or number source have)")
                     .arg(where(op), dt, idt.isEmpty() ? QStringLiteral("unknown") : idt));
    l.head = src.isEmpty() ? QStringLiteral("kwb_scatter(%1, %2, %3, value=%4").arg(x, pyNum(jd), in(idx), pyNum(val))
                           : QStringLiteral("kwb_scatter(%1, %2, %3, %4").arg(x, pyNum(jd), in(idx), in(src));
    if (!m_why.isEmpty()) return false;
    push(l, op, QStringLiteral("gather"),
         QStringLiteral("scatter into %1 along dim %2 at %3 indices")
             .arg(shapeText(xs), pyNum(jd), shapeText(op.inputs.value(1).shape)),
         false);
  } else if (n == u"scatter_add" || n == u"index_add") {
    // a segment sum (trial 13's x08): a new float32 tensor of self's values plus src added at the index's positions
    // along dim, by atomics (kwb_scatter_add); self (a memoised zeros) is never written
    const bool indexAdd = n == u"index_add";
    const QString idx = operandOf(op, "index"), src = operandOf(op, indexAdd ? "source" : "src");
    const QString dt = op.outputs.value(0).dtype, idt = op.inputs.value(1).dtype;
    const json jd = a.value("dim", json());
    const QList<qint64> xs = op.inputs.value(0).shape;
    // index_add's alpha scales the source (a number; scatter_add has none)
    const json alpha = a.value("alpha", json(1));
    if (idx.isEmpty() || src.isEmpty() || !jd.is_number_integer() || xs.isEmpty() || xs.size() > 5 ||
        !(dt == u"float32" || dt == u"float16" || dt == u"bfloat16" || dt == u"float64") ||
        !(idt == u"int64" || idt == u"int32") || !alpha.is_number())
      return bad(QStringLiteral("%1: a %2 of %3 by %4 indices has no chain stage yet (a float tensor of rank 1 to 5, "
                                "integer indices and a number alpha have)")
                     .arg(where(op), n, dt, idt.isEmpty() ? QStringLiteral("unknown") : idt));
    l.head = QStringLiteral("kwb_scatter_add(%1, %2, %3, %4%5")
                 .arg(x, pyNum(jd), in(idx), in(src),
                      indexAdd ? QStringLiteral(", index_add=True") +
                                     (alpha == json(1) ? QString() : QStringLiteral(", alpha=") + pyNum(alpha))
                               : QString());
    if (!m_why.isEmpty()) return false;
    push(l, op, QStringLiteral("gather"),
         QStringLiteral("%1 into %2 along dim %3 at %4 indices")
             .arg(n, shapeText(xs), pyNum(jd), shapeText(op.inputs.value(1).shape)),
         false);
  } else if (n.startsWith(QLatin1String("upsample_")) || n.startsWith(QLatin1String("_upsample_nearest_exact"))) {
    return upsample(op, x);
  } else if (n == u"im2col") {
    return im2col(op, x);
  } else if (n == u"col2im") {
    return col2im(op, x);
  } else if (n == u"affine_grid_generator" || n == u"grid_sampler_2d" || n == u"grid_sampler") {
    return gridSampling(op, x, op.refs.size() > 1 ? in(op.refs.at(1)) : QString());
  } else if (n == u"pixel_shuffle" || n == u"pixel_unshuffle") {
    return pixelShuffle(op);
  } else if (n == u"glu") {
    return glu(op);
  } else if (n == u"rnn" && op.category == u"Recurrent") {
    return recurrent(op);
  } else if (isRandomDraw(n)) {
    return randomDraw(op);
  } else if (n == u"repeat") {
    return repeat(op);
  } else if (isFactory(n) || m_buffers.written.contains(op.id)) {
    return factory(op);
  } else if (n == u"tril" || n == u"triu") {
    return triangle(op);
  } else if (n == u"view_as_complex" || n == u"view_as_real" || n == u"polar" || n == u"complex") {
    // probe24 a02 (the original LLaMA rotary): the stages compute in real dtypes; say how to write it in them
    return bad(QStringLiteral("%1: complex tensors have no chain stage yet (the kernels compute in real dtypes); "
                              "write the complex product on real pairs instead (x1 * cos - x2 * sin, x1 * sin + x2 * "
                              "cos over the last dim's even and odd elements), as rotary embeddings usually are")
                   .arg(where(op)));
  } else {
    return bad(
        QStringLiteral("%1 (%2) has no chain stage yet").arg(where(op), op.category.isEmpty() ? n : op.category));
  }
  if (!m_why.isEmpty()) return false;
  m_vals.insert(op.id, outVal(op));
  return true;
}

bool Planner::contiguousAtSpec(const GraphOp& op) const { return inputContiguousAtSpec(m_spec, op.id); }

void Planner::markIntegerValueInputs() {
  QHash<QString, QList<const GraphOp*>> readers;
  for (const GraphOp& o : m_ops)
    for (const QString& r : o.refs)
      if (!r.isEmpty()) readers[r].append(&o);
  auto floating = [](const QString& d) {
    return d.startsWith(QLatin1String("float")) || d.startsWith(QLatin1String("bfloat"));
  };
  // whether every reader of @p r is a value read, through views (collected into @p views)
  std::function<bool(const QString&, int, QStringList*)> valueOnly = [&](const QString& r, int depth,
                                                                         QStringList* views) {
    const QList<const GraphOp*> rs = readers.value(r);
    if (rs.isEmpty() || depth > 16) return false;
    for (const GraphOp* o : rs) {
      if (!o->mutates.isEmpty() || o->refs.size() != 1) return false;
      if (o->view) {
        views->append(o->id);
        if (!valueOnly(o->id, depth + 1, views)) return false;
        continue;
      }
      const json dt = o->args.value("dtype", json());
      const QString to = dt.is_string() ? normaliseDtype(QString::fromStdString(dt.get<std::string>())) : QString();
      if ((o->name == u"_to_copy" || o->name == u"to") && floating(to)) continue;
      if (o->name == u"sum" && dt.is_null()) continue;
      return false;
    }
    return true;
  };
  for (const TensorInfo& in : m_g.inputs) {
    if (in.name.isEmpty() || !isIntegralDtype(in.dtype)) continue;
    QStringList views;
    if (!valueOnly(in.name, 0, &views)) continue;
    m_counts.insert(in.name);
    for (const QString& v : views) m_counts.insert(v);
  }
}

QString Planner::describeRef(const QString& ref) const {
  const QString r = resolve(ref);
  static const QRegularExpression opId(QStringLiteral("^(t\\d+)(_.*)?$"));  // tN, tN_1, a glu's tN_glu_a
  QString at = r;
  const GraphOp* o = opById(at);
  if (const auto m = opId.match(at); !o && m.hasMatch()) o = opById(m.captured(1));
  for (int guard = 0; guard < 64 && o && (o->view || m_alias.contains(o->id)) && !o->refs.isEmpty(); ++guard) {
    at = resolve(o->refs.first());  // a view (unsqueeze, reshape) names no value of its own: its source does
    o = opById(at);
  }
  if (o) return QStringLiteral("the result of %1").arg(where(*o));
  if (m_g.input(at)) return QStringLiteral("forward() input %1").arg(at);
  if (m_g.params.contains(at)) return QStringLiteral("the parameter %1").arg(at);
  if (m_g.buffers.contains(at)) return QStringLiteral("the buffer %1").arg(at);
  return at;
}

std::optional<QString> Planner::dimFraction(const Val& src, int d, qint64 v, std::optional<qint64> v2) const {
  if (!v2 || d < 0 || d >= src.shape.size()) return std::nullopt;
  const qint64 size = src.shape.at(d);
  const auto size2 = dim2(src.expr, d);
  if (!size2 || *size2 == size || v <= 0 || v >= size || *v2 == v || v * *size2 != *v2 * size) return std::nullopt;
  const qint64 g = std::gcd(v, size), p = v / g, q = size / g;
  if (size * p / q != v || *size2 * p / q != *v2) return std::nullopt;  // floor(size * p / q) at both
  return p == 1 ? QStringLiteral("%1.shape[%2] // %3").arg(src.expr).arg(d).arg(q)
                : QStringLiteral("%1.shape[%2] * %3 // %4").arg(src.expr).arg(d).arg(p).arg(q);
}

QString Planner::splitCall(const GraphOp& op, const Val& src, bool* derived) const {
  const QString n = op.name;
  const json& a = op.args;
  if (derived) *derived = false;
  if (n == u"unbind") return QStringLiteral("unbind(%1)").arg(pyNum(a.value("dim", json(0))));
  const QString dim = pyNum(a.value("dim", json(0)));
  if (n == u"chunk") return QStringLiteral("chunk(%1, %2)").arg(pyNum(a.value("chunks", json())), dim);
  const qint64 rank = src.shape.size();
  const json jd = a.value("dim", json(0));
  const qint64 d0 = jd.is_number_integer() ? jd.get<qint64>() : 0;
  const int d = static_cast<int>(d0 < 0 ? d0 + rank : d0);
  const std::optional<json> changed =
      m_args2.contains(op.id) ? std::optional<json>(m_args2.value(op.id)) : std::nullopt;
  if (n != u"split_with_sizes") {
    const json size = a.value("split_size", json());
    const auto size2 = changed && changed->contains("split_size") ? int2(changed->at("split_size")) : std::nullopt;
    if (size.is_number_integer() && size2)
      if (const auto f = dimFraction(src, d, size.get<qint64>(), size2)) {
        if (derived) *derived = true;
        // x.chunk(q, d) traces as a split of size / q: the chunk again (its sizes round up, as the user's did)
        const qint64 q = d >= 0 && d < rank ? src.shape.at(d) / size.get<qint64>() : 0;
        if (op.function == u"chunk" && q * size.get<qint64>() == src.shape.value(d) && op.outputs.size() == q)
          return QStringLiteral("chunk(%1, %2)").arg(q).arg(dim);
        return QStringLiteral("split(%1, %2)").arg(*f, dim);
      }
    return QStringLiteral("split(%1, %2)").arg(pyNum(size), dim);
  }
  const json sizes = a.value("split_sizes", json::array());
  const json sizes2 = changed && changed->contains("split_sizes") ? changed->at("split_sizes") : json();
  QStringList parts;
  bool all = sizes2.is_array() && sizes.is_array() && sizes2.size() == sizes.size();
  for (std::size_t k = 0; sizes.is_array() && k < sizes.size(); ++k) {
    const json& v = sizes.at(k);
    const auto v2 = all ? int2(sizes2.at(k)) : std::nullopt;
    std::optional<QString> f;
    if (v.is_number_integer() && v2 && *v2 != v.get<qint64>()) {
      f = dimFraction(src, d, v.get<qint64>(), v2);
      all = all && f.has_value();
    }
    parts << f.value_or(pyNum(v));
  }
  if (derived) *derived = all;
  return QStringLiteral("split([%1], %2)").arg(parts.join(QStringLiteral(", ")), dim);
}

QString Planner::adaptiveSizes(const GraphOp& op, bool* derived) const {
  const QList<qint64> in = op.inputs.value(0).shape, out = op.outputs.value(0).shape;
  const int sp = static_cast<int>(in.size()) - 2;
  const QList<qint64> in2 = m_shape2.value(op.refs.value(0)), out2 = m_shape2.value(op.id);
  const bool known2 = !m_resize.isEmpty() && in2.size() == in.size() && out2.size() == out.size();
  QStringList parts;
  bool all = true;
  for (int d = 0; d < sp; ++d) {
    const qint64 o = out.value(2 + d);
    if (known2 && out2.at(2 + d) != o) {  // follows the sizes: the input's own size, or unknown (guardArgs checks)
      const bool same = o == in.at(2 + d) && out2.at(2 + d) == in2.at(2 + d);
      all = all && same;
      parts << (same ? QStringLiteral("None") : QString::number(o));
    } else {
      parts << QString::number(o);
    }
  }
  if (derived) *derived = all;
  return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

bool Planner::relayout(const GraphOp& op, const QString& src, const QString& sizes, const QString& desc) {
  Line l;
  l.target = var(op);
  l.head = QStringLiteral("kwb_reshape(%1, %2").arg(src, sizes);
  l.epilogue = true;  // an anchor: the pointwise run reading only its result is applied in its launch
  l.comment = QStringLiteral("%1: one launch reads it through its strides (torch's reshape would copy)").arg(desc);
  push(l, op, QStringLiteral("copy"), desc + QStringLiteral(" (an index map, written contiguous)"), true);
  m_vals.insert(op.id, outVal(op));
  return true;
}

bool Planner::pixelShuffle(const GraphOp& op) {
  const bool up = op.name == u"pixel_shuffle";
  const json f = op.args.value(up ? "upscale_factor" : "downscale_factor", json());
  const QList<qint64> in = op.inputs.value(0).shape;
  if (!f.is_number_integer() || f.get<qint64>() < 1 || in.size() < 3 || op.refs.isEmpty())
    return bad(QStringLiteral("%1: a factor that is not a positive integer, or an input of rank < 3, has no chain "
                              "stage")
                   .arg(where(op)));
  const auto x = value(op.refs.first());
  if (!x) return false;
  const qint64 r = f.get<qint64>();
  const int lead = static_cast<int>(in.size()) - 3;  // batch dims before (C, H, W)
  const QString v = var(op) + QStringLiteral("_v"), p = var(op) + QStringLiteral("_p");
  QStringList perm, sizes;
  for (int k = 0; k < lead; ++k) perm << QString::number(k);
  for (int k = 0; k < lead; ++k) sizes << QStringLiteral("%1.shape[%2]").arg(p).arg(k);
  auto dimOf = [&](int k) { return QStringLiteral("%1.shape[%2]").arg(p).arg(lead + k); };
  QString split;
  if (up) {  // [.., C r r, H, W] -> [.., C, r, r, H, W] -> [.., C, H, r, W, r] -> [.., C, H r, W r]
    split = QStringLiteral("%1.unflatten(-3, (-1, %2, %2))").arg(x->expr).arg(r);
    for (int k : {0, 3, 1, 4, 2}) perm << QString::number(lead + k);
    sizes << dimOf(0) << dimOf(1) + QStringLiteral(" * ") + dimOf(2) << dimOf(3) + QStringLiteral(" * ") + dimOf(4);
  } else {  // [.., C, H r, W r] -> [.., C, H, r, W, r] -> [.., C, r, r, H, W] -> [.., C r r, H, W]
    split = QStringLiteral("%1.unflatten(-1, (-1, %2)).unflatten(-3, (-1, %2))").arg(x->expr).arg(r);
    for (int k : {0, 2, 4, 1, 3}) perm << QString::number(lead + k);
    sizes << dimOf(0) + QStringLiteral(" * ") + dimOf(1) + QStringLiteral(" * ") + dimOf(2) << dimOf(3) << dimOf(4);
  }
  for (const auto& [target, call] :
       {std::pair{v, split}, std::pair{p, QStringLiteral("%1.permute(%2)").arg(v, perm.join(u", "))}}) {
    Line l;
    l.target = target;
    l.head = call;
    l.tail.clear();
    l.comment = QStringLiteral("a view: no data moves");
    m_lines << l;
  }
  const QString desc = QStringLiteral("%1 by %2 of %3").arg(op.name).arg(r).arg(shapeText(in));
  if (!relayoutFuses(op.id)) {  // read by a GEMM, a convolution, ...: torch's reshape copy, as a written-out shuffle's
    Line l;
    l.target = var(op);
    l.head = QStringLiteral("%1.reshape(%2)").arg(p, sizes.join(QStringLiteral(", ")));
    l.tail.clear();
    l.comment = QStringLiteral("%1: a copy (torch's reshape cannot view the permuted strides)").arg(desc);
    m_lines << l;
    m_plan.ops << op.id;
    m_vals.insert(op.id, outVal(op));
    closeAnchor();
    return true;
  }
  return relayout(op, p, QStringLiteral("(%1)").arg(sizes.join(QStringLiteral(", "))), desc);
}

/// The scale factors of upsampling op @p op, one per spatial dim as Python text ("None" where the op has none):
/// torch >= 2 traces the .default overload (output_size and scales_d / scales_h / scales_w, or scales for 1-D),
/// 1.13 the .vec one (output_size or scale_factors). A scale present sets the source index rule (1 / scale).
QStringList upsampleScales(const GraphOp& op) {
  const int sp = static_cast<int>(op.inputs.value(0).shape.size()) - 2;
  QStringList scales;
  const json sf = op.args.value("scale_factors", json());
  if (sf.is_array()) {
    for (const auto& v : sf) scales << pyNum(v);
  } else {
    const char* names3[] = {"scales_d", "scales_h", "scales_w"};
    for (int k = 0; k < sp && k < 3; ++k)
      scales << pyNum(op.args.value(sp == 1 ? "scales" : names3[3 - sp + k], json()));
  }
  return scales;
}

/// Whether upsampling op @p op has a scale factor for every spatial dim: kwb_upsample then computes the output
/// size at run time, floor(in * scale) as torch does, so its traced output_size follows the input sizes.
bool upsampleSizeFromScales(const GraphOp& op) {
  const QStringList scales = upsampleScales(op);
  return !scales.isEmpty() && static_cast<int>(scales.size()) == op.inputs.value(0).shape.size() - 2 &&
         std::none_of(scales.begin(), scales.end(), [](const QString& v) { return v == u"None"; });
}

bool Planner::upsample(const GraphOp& op, const QString& x) {
  const QString n = op.name;
  const json& a = op.args;
  const QList<qint64> in = op.inputs.value(0).shape, out = op.outputs.value(0).shape;
  const int sp = static_cast<int>(in.size()) - 2;
  const QString mode = n.contains(QLatin1String("nearest_exact")) ? QStringLiteral("nearest-exact")
                       : n.contains(QLatin1String("nearest"))     ? QStringLiteral("nearest")
                       : n.contains(QLatin1String("linear"))      ? QStringLiteral("linear")
                       : n == u"upsample_bicubic2d"               ? QStringLiteral("bicubic")
                                                                  : QString();
  if (mode.isEmpty() || sp < 1 || sp > 3 || out.size() != in.size() || !n.endsWith(QStringLiteral("%1d").arg(sp)))
    return bad(QStringLiteral("%1 has no chain stage yet (nearest, nearest-exact and (bi/tri)linear upsampling of 1 "
                              "to 3 spatial dims and bicubic of 2 have)")
                   .arg(where(op)));
  const QStringList scales = upsampleScales(op);
  if (scales.size() != sp)
    return bad(QStringLiteral("%1: %2 scale factors for %3 spatial dims").arg(where(op)).arg(scales.size()).arg(sp));
  const bool anyScale = std::any_of(scales.begin(), scales.end(), [](const QString& s) { return s != u"None"; });
  // the output size: from the scales at run time (floor(in * s), the harness resizes dims) where every dim has one,
  // else the traced size (a size the user gave)
  const bool allScales = upsampleSizeFromScales(op);
  bool sizeDerived = false;
  const QString sized = allScales ? QString() : upsampleSizes(op, &sizeDerived);
  const QString size = allScales ? QStringLiteral("None") : sizeDerived ? sized : pyList(out.mid(2));
  const QString align = mode == u"linear" || mode == u"bicubic" ? pyBool(a.value("align_corners", false) == true)
                                                                : QStringLiteral("None");
  Line l;
  l.target = var(op);
  l.head = QStringLiteral("kwb_upsample(%1, \"%2\", %3, %4, %5")
               .arg(x, mode, size,
                    anyScale ? QStringLiteral("[%1]").arg(scales.join(QStringLiteral(", "))) : QStringLiteral("None"),
                    align);
  l.epilogue = true;  // an anchor: the pointwise run reading only its result is applied in its launch (z07's clamp)
  push(l, op, QStringLiteral("copy"),
       QStringLiteral("%1 upsample of %2 to %3").arg(mode, shapeText(in), shapeText(out)), true);
  m_vals.insert(op.id, outVal(op));
  return true;
}

QString Planner::upsampleSizes(const GraphOp& op, bool* derived) const {
  const QList<qint64> out = op.outputs.value(0).shape, out2 = m_shape2.value(op.id);
  const bool resized = !m_resize.isEmpty() && out2.size() == out.size();
  // without a resized trace a size equal to an input's dim may be the model's constant (size=(64, 64)): the literal
  if (!resized) {
    if (derived) *derived = false;
    return pyList(out.mid(2));
  }
  QStringList dims;
  bool all = out.size() > 2;
  for (int d = 2; d < out.size(); ++d) {
    const qint64 s = out.at(d);
    QString e;
    for (const TensorInfo& t : m_g.inputs) {
      if (!e.isEmpty() || t.shape.size() != out.size() || t.shape.at(d) != s) continue;
      const QList<qint64> t2 = m_shape2.value(t.name);
      if (t2.size() != t.shape.size() || t2.at(d) != out2.at(d)) continue;
      e = QStringLiteral("%1.shape[%2]").arg(t.name).arg(d);
    }
    if (e.isEmpty()) e = sizeExpr(s, out2.at(d), QStringLiteral("%1's output size").arg(where(op)));
    // a literal is right only where the resized trace shows the size fixed
    const bool fixed = out2.at(d) == s && e == QString::number(s);
    all = all && !e.startsWith(QLatin1String("kwb_at_spec(")) && (e != QString::number(s) || fixed || s <= 1);
    dims << e;
  }
  if (derived) *derived = all;
  return QStringLiteral("[%1]").arg(dims.join(QStringLiteral(", ")));
}

/// im2col's / col2im's size arguments (kernel_size, dilation, padding, stride, output_size): one integer or a pair,
/// each >= least, as a two-element Python list; empty when absent, not integers or below least.
static QString intPairArg(const json& a, const char* name, qint64 least) {
  const json v = a.value(name, json());
  QList<qint64> p;
  if (v.is_number_integer()) p = {v.get<qint64>(), v.get<qint64>()};
  for (std::size_t k = 0; v.is_array() && k < v.size(); ++k)
    p << (v.at(k).is_number_integer() ? v.at(k).get<qint64>() : least - 1);
  if (p.size() == 1) p << p.first();
  if (p.size() != 2 || p.at(0) < least || p.at(1) < least) return QString();
  return pyList(p);
}

bool Planner::im2col(const GraphOp& op, const QString& x) {
  const json& a = op.args;
  const QList<qint64> in = op.inputs.value(0).shape, out = op.outputs.value(0).shape;
  const auto pair = [&](const char* name, qint64 least) { return intPairArg(a, name, least); };
  const QString ks = pair("kernel_size", 1), dil = pair("dilation", 1), pad = pair("padding", 0),
                st = pair("stride", 1);
  if (ks.isEmpty() || dil.isEmpty() || pad.isEmpty() || st.isEmpty() || in.size() < 3 || in.size() > 4 ||
      out.size() != in.size() - 1)
    return bad(
        QStringLiteral("%1: an unfold of %2 with kernel_size %3, dilation %4, padding %5, stride %6 has no chain "
                       "stage (a 3-D or 4-D input, one or two integers each, padding >= 0, the others >= 1 have)")
            .arg(where(op), shapeText(in), pyNum(a.value("kernel_size", json())), pyNum(a.value("dilation", json())),
                 pyNum(a.value("padding", json())), pyNum(a.value("stride", json()))));
  // the patches stored K-major where a GEMM reads them transposed as its A (a convolution by hand: unfold, then a
  // Linear over x.unfold(...).transpose(1, 2)): its A tiles are then contiguous along K
  bool kmajor = false;
  const QStringList readers = m_readers.value(resolve(op.id));
  if (readers.size() == 1 && !readers.first().isEmpty())
    if (const GraphOp* t = opById(readers.first()); t && t->view && t->name == u"transpose") {
      const qint64 r = out.size();
      auto norm = [r](const json& d) { return d.is_number_integer() ? (d.get<qint64>() % r + r) % r : qint64(-1); };
      const qint64 d0 = norm(t->args.value("dim0", json())), d1 = norm(t->args.value("dim1", json()));
      kmajor = std::min(d0, d1) == r - 2 && std::max(d0, d1) == r - 1 && gemmAOnly(t->id);
    }
  Line l;
  l.target = var(op);
  l.head = QStringLiteral("kwb_im2col(%1, %2, %3, %4, %5").arg(x, ks, dil, pad, st);
  if (kmajor) l.tail = QStringLiteral(", kmajor=True)");
  l.epilogue = true;  // an anchor: the pointwise run reading only its result is applied in its launch
  push(l, op, QStringLiteral("copy"),
       QStringLiteral("unfold of %1 (kernel %2, dilation %3, padding %4, stride %5) to %6%7")
           .arg(shapeText(in), ks, dil, pad, st, shapeText(out),
                kmajor ? QStringLiteral(", stored K-major for the GEMM") : QString()),
       true);
  m_vals.insert(op.id, outVal(op));
  return true;
}

bool Planner::col2im(const GraphOp& op, const QString& x) {
  const json& a = op.args;
  const QList<qint64> in = op.inputs.value(0).shape, out = op.outputs.value(0).shape;
  const auto pair = [&](const char* name, qint64 least) { return intPairArg(a, name, least); };
  const QString os = pair("output_size", 1), ks = pair("kernel_size", 1), dil = pair("dilation", 1),
                pad = pair("padding", 0), st = pair("stride", 1);
  if (os.isEmpty() || ks.isEmpty() || dil.isEmpty() || pad.isEmpty() || st.isEmpty() || in.size() < 2 ||
      in.size() > 3 || out.size() != in.size() + 1)
    return bad(QStringLiteral("%1: a fold (col2im) of %2 to output_size %3 with kernel_size %4, dilation %5, padding "
                              "%6, stride %7 has no chain stage (a 2-D or 3-D input, one or two integers each, "
                              "padding >= 0, the others >= 1 have)")
                   .arg(where(op), shapeText(in), pyNum(a.value("output_size", json())),
                        pyNum(a.value("kernel_size", json())), pyNum(a.value("dilation", json())),
                        pyNum(a.value("padding", json())), pyNum(a.value("stride", json()))));
  Line l;
  l.target = var(op);
  const QString osRun = runtimeSizes(op, "output_size", nullptr);
  l.head = QStringLiteral("kwb_col2im(%1, %2, %3, %4, %5, %6").arg(x, osRun.isEmpty() ? os : osRun, ks, dil, pad, st);
  l.epilogue = true;  // an anchor: the pointwise run reading only its result is applied in its launch
  push(l, op, QStringLiteral("copy"),
       QStringLiteral("fold (col2im) of %1 (kernel %2, dilation %3, padding %4, stride %5) to %6, each output a sum "
                      "of the patches covering it")
           .arg(shapeText(in), ks, dil, pad, st, shapeText(out)),
       true);
  m_vals.insert(op.id, outVal(op));
  return true;
}

QString Planner::runtimeSizes(const GraphOp& op, const char* key, bool* derived) const {
  const json size = op.args.value(key, json());
  const json size2 = m_args2.value(op.id, json::object()).value(key, json());
  if (derived) *derived = false;
  if (!size.is_array() || size.empty()) return {};
  const auto n = static_cast<int>(size.size());
  QStringList dims;
  bool all = true;
  for (int k = 0; k < n; ++k) {
    const auto at = static_cast<std::size_t>(k);
    if (!size.at(at).is_number_integer()) return {};
    const qint64 s = size.at(at).get<qint64>();
    std::optional<qint64> s2;
    if (size2.is_array() && at < size2.size() && size2.at(at).is_number_integer()) s2 = size2.at(at).get<qint64>();
    const QString e = sizeExpr(s, s2, QStringLiteral("%1's %2").arg(where(op), QString::fromLatin1(key)));
    all = all && !e.startsWith(QLatin1String("kwb_at_spec(")) && !e.startsWith(QLatin1String("kwb_size(")) &&
          (e != QString::number(s) || !s2 || *s2 == s);
    dims << e;
  }
  // F.affine_grid(theta, x.size()), F.fold(cols, x.shape[-2:]): the sizes of a forward() input's trailing dims
  // (at the resized sizes too, where traced) follow that input's run-time shape, dim by dim
  for (const TensorInfo& t : m_g.inputs) {
    if (t.shape.size() < n) continue;
    const int off = static_cast<int>(t.shape.size()) - n;
    const QList<qint64> t2 = m_shape2.value(t.name);
    bool same = true;
    for (int k = 0; k < n; ++k) {
      const auto at = static_cast<std::size_t>(k);
      same = same && size.at(at) == json(t.shape.at(off + k));
      if (size2.is_array() && size2.size() == size.size() && t2.size() == t.shape.size())
        same = same && size2.at(at) == json(t2.at(off + k));
    }
    if (!same || (off > 0 && !(size2.is_array() && t2.size() == t.shape.size()))) continue;
    for (int k = 0; k < n; ++k) dims[k] = QStringLiteral("%1.shape[%2]").arg(t.name).arg(off + k);
    all = true;
    break;
  }
  if (derived) *derived = all;
  return u'[' + dims.join(QStringLiteral(", ")) + u']';
}

bool Planner::gridSampling(const GraphOp& op, const QString& x, const QString& grid) {
  const json& a = op.args;
  const QList<qint64> in = op.inputs.value(0).shape, out = op.outputs.value(0).shape;
  const bool align = a.value("align_corners", json(false)) == json(true);
  const QString ac = align ? QStringLiteral("True") : QStringLiteral("False");
  Line l;
  l.target = var(op);
  if (op.name == u"affine_grid_generator") {
    const json size = a.value("size", json());
    if (!size.is_array() || size.size() != 4 || in.size() != 3)
      return bad(QStringLiteral("%1: an affine_grid of theta %2 to size %3 has no chain stage (2-D grids, a size of "
                                "four dims, have; a 5-D size, F.affine_grid of a volume, has none yet)")
                     .arg(where(op), shapeText(in), pyNum(size)));
    bool derived = false;
    const QString sizes = runtimeSizes(op, "size", &derived);
    if (sizes.isEmpty())
      return bad(QStringLiteral("%1: an affine_grid to size %2 (not integers) has no chain stage")
                     .arg(where(op), pyNum(size)));
    l.head = QStringLiteral("kwb_affine_grid(%1, %2, %3").arg(x, sizes, ac);
    push(l, op, QStringLiteral("gather"),
         QStringLiteral("affine_grid of theta %1 to a %2 grid (align_corners=%3)")
             .arg(shapeText(in), shapeText(out), ac),
         false);
    m_vals.insert(op.id, outVal(op));
    return true;
  }
  // grid_sampler_2d(input, grid, interpolation_mode, padding_mode, align_corners): aten's integer codes
  const qint64 mode = a.value("interpolation_mode", json(0)).is_number_integer()
                          ? a.value("interpolation_mode", json(0)).get<qint64>()
                          : -1;
  const qint64 pad =
      a.value("padding_mode", json(0)).is_number_integer() ? a.value("padding_mode", json(0)).get<qint64>() : -1;
  static const QStringList modes = {QStringLiteral("bilinear"), QStringLiteral("nearest"), QStringLiteral("bicubic")};
  static const QStringList pads = {QStringLiteral("zeros"), QStringLiteral("border"), QStringLiteral("reflection")};
  if (mode < 0 || mode > 1 || pad < 0 || pad > 2 || in.size() != 4 || grid.isEmpty())
    return bad(
        QStringLiteral("%1: a grid_sample of %2 with mode %3 and padding_mode %4 has no chain stage (4-D "
                       "inputs, bilinear or nearest, zeros / border / reflection padding have; bicubic and 5-D "
                       "volumes have none yet)")
            .arg(where(op), shapeText(in),
                 mode >= 0 && mode < modes.size() ? modes.at(mode) : pyNum(a.value("interpolation_mode", json())),
                 pad >= 0 && pad < pads.size() ? pads.at(pad) : pyNum(a.value("padding_mode", json()))));
  l.head = QStringLiteral("kwb_grid_sample(%1, %2, \"%3\", \"%4\", %5").arg(x, grid, modes.at(mode), pads.at(pad), ac);
  l.epilogue = true;  // an anchor: the pointwise run reading only its result is applied in its launch
  push(l, op, QStringLiteral("gather"),
       QStringLiteral("grid_sample of %1 at a %2 grid (%3, %4 padding, align_corners=%5)")
           .arg(shapeText(in), shapeText(op.inputs.value(1).shape), modes.at(mode), pads.at(pad), ac),
       true);
  m_vals.insert(op.id, outVal(op));
  return true;
}

bool Planner::gemmAOnly(const QString& id, int depth) const {
  const QStringList readers = m_readers.value(resolve(id));
  if (readers.isEmpty() || depth > 16) return false;
  for (const QString& r : readers) {
    const GraphOp* o = r.isEmpty() ? nullptr : opById(r);
    if (!o || m_absorbed.contains(o->id)) return false;
    if (o->view && o->name != u"transpose" && o->name != u"permute" && o->name != u"t") {
      if (!gemmAOnly(o->id, depth + 1)) return false;
      continue;
    }
    const char* aName = o->name == u"addmm" ? "mat1" : (o->name == u"mm" || o->name == u"bmm") ? "self" : nullptr;
    if (!aName || resolve(operandOf(*o, aName)) != resolve(id) || resolve(operandOf(*o, "mat2")) == resolve(id) ||
        (o->name == u"addmm" && resolve(operandOf(*o, "self")) == resolve(id)))
      return false;
  }
  return true;
}

bool Planner::relayoutFuses(const QString& id, int depth) const {
  const QStringList readers = m_readers.value(resolve(id));
  if (readers.isEmpty() || depth > 16) return false;
  for (const QString& r : readers) {
    if (r.isEmpty()) continue;  // forward()'s result: the copy is the plan's own launch
    const GraphOp* o = opById(r);
    if (!o || m_absorbed.contains(o->id)) return false;  // inside an attention launch (its Q scale): no pointwise run
    if (o->view && !o->outputs.isEmpty()) {              // a view of it (a flatten): what reads that view decides
      if (!relayoutFuses(o->id, depth + 1)) return false;
      continue;
    }
    if (o->category != u"Elementwise" || o->name == u"tril" || o->name == u"triu") return false;
  }
  return true;
}

void Planner::findSelectedGemms() {
  static const QSet<QString> gemms = {QStringLiteral("mm"), QStringLiteral("addmm"), QStringLiteral("bmm"),
                                      QStringLiteral("baddbmm")};
  // Pointwise ops with a jump: a value TF32 moves across a step, a branch cut or a comparison's threshold comes out
  // a whole step apart (H200, session 31: remainder / fmod of a Linear at rel_err 0.074, floor_divide 0.016, a
  // where over `y > 0` 0.018, atan2's cut 0.054; all four PASS under the emulation, whose tl.dot is fp32).
  static const QSet<QString> jumps = {
      QStringLiteral("remainder"), QStringLiteral("fmod"),  QStringLiteral("floor_divide"), QStringLiteral("floor"),
      QStringLiteral("ceil"),      QStringLiteral("round"), QStringLiteral("trunc"),        QStringLiteral("frac"),
      QStringLiteral("sign"),      QStringLiteral("sgn"),   QStringLiteral("heaviside"),    QStringLiteral("atan2"),
      QStringLiteral("gt"),        QStringLiteral("lt"),    QStringLiteral("ge"),           QStringLiteral("le"),
      QStringLiteral("eq"),        QStringLiteral("ne")};
  // A selection's values are continuous in its input (TF32 moves them by TF32's error); its indices are not: a
  // topk / sort / kthvalue / max / min along a dim counts only where its indices (output 1) are read or returned
  // (80_Gemm_Max_Subtract_GELU reads max's values alone: its GEMM keeps TF32).
  const auto indicesRead = [this](const GraphOp& o) {
    const QString idx = o.id + QStringLiteral("_1");
    if (m_outRefs.contains(idx)) return true;
    return std::any_of(m_ops.cbegin(), m_ops.cend(), [&](const GraphOp& p) { return p.refs.contains(idx); });
  };
  for (const GraphOp& o : m_ops) {
    const bool indexed = o.name == u"topk" || o.name == u"sort" || o.name == u"kthvalue" ||
                         ((o.name == u"max" || o.name == u"min") && o.outputs.size() == 2);
    const bool select = (indexed && indicesRead(o)) || o.name == u"argmax" || o.name == u"argmin" ||
                        jumps.contains(o.name) ||
                        (o.name == u"div" && o.args.contains("rounding_mode") && o.args["rounding_mode"].is_string());
    if (!select || o.refs.isEmpty()) continue;
    // a step's operands are all read at the step (atan2(a, b), a comparison); a selection's first input is its values
    QStringList todo = jumps.contains(o.name) || o.name == u"div" ? o.refs : QStringList{o.refs.first()};
    QSet<QString> seen;
    while (!todo.isEmpty() && seen.size() < 64) {
      const QString r = resolve(todo.takeLast());
      if (seen.contains(r)) continue;
      seen.insert(r);
      const GraphOp* p = opById(r);
      if (!p) continue;
      if (gemms.contains(p->name)) {
        m_exactGemm.insert(p->id);
      } else if (p->view || p->category == u"Elementwise" || p->category == u"Softmax" || m_alias.contains(p->id)) {
        todo << p->refs;
      }
    }
  }
}

bool Planner::elementwiseLoss(const GraphOp& op) {
  // The term per element of d = input - target, torch's formulas (aten/src/ATen/native/Loss.cpp): mse d^2, l1 |d|,
  // huber (delta) 0.5 d^2 below delta else delta (|d| - 0.5 delta), smooth_l1 (beta) 0.5 d^2 / beta below beta else
  // |d| - 0.5 beta (beta 0: |d|), soft_margin log1p(exp(-input * target)), binary_cross_entropy_with_logits
  // (1 - y) x + (1 + (pos_weight - 1) y) (log1p(exp(-|x|)) + max(-x, 0)), times weight (torch's stable form, new-user
  // trial 19 #6); reduction 0 none, 1 mean, 2 sum
  const QString n = op.name;
  const bool bce = n == u"binary_cross_entropy_with_logits";
  if (n != u"mse_loss" && n != u"l1_loss" && n != u"huber_loss" && n != u"smooth_l1_loss" && n != u"soft_margin_loss" &&
      !bce)
    return false;
  const QString a = operandOf(op, "self").isEmpty() ? op.refs.value(0) : operandOf(op, "self");
  const QString b = operandOf(op, "target").isEmpty() ? op.refs.value(1) : operandOf(op, "target");
  const json red = op.args.value("reduction", json(1));
  const char* param = n == u"huber_loss" ? "delta" : "beta";
  const json pj = op.args.value(param, json(1.0));
  if (a.isEmpty() || b.isEmpty() || op.inputs.size() < 2 || !red.is_number_integer() || red.get<int>() < 0 ||
      red.get<int>() > 2 || !pj.is_number() || op.outputs.isEmpty())
    return false;
  for (const TensorInfo& t : op.inputs.mid(0, 2))
    if (!(t.dtype == u"float32" || t.dtype == u"float16" || t.dtype == u"bfloat16" || t.dtype == u"float64"))
      return false;
  const double p = pj.get<double>();
  const std::string sa = a.toStdString(), sb = b.toStdString();
  auto c = [](double v) { return json{{"const", v}}; };
  QList<PwNode> nodes;
  if (bce) {
    // the optional tensors: forward() inputs, parameters or earlier values, read through their strides as any
    // operand of the run (pos_weight [C] broadcast along the rows)
    const QString weight = operandOf(op, "weight"), posWeight = operandOf(op, "pos_weight");
    // appended, not "@" + to_string(k): GCC 12's -O3 warns (-Wrestrict, a false positive) on operator+(const char*,
    // string&&), which the quick start's release build printed
    auto at = [&](qsizetype k) { return std::string(1, '@').append(std::to_string(k)); };
    nodes = {{"neg", json::array({sa})},           // 0: -x
             {"relu", json::array({"@0"})},        // 1: max(-x, 0)
             {"abs", json::array({sa})},           // 2: |x|
             {"neg", json::array({"@2"})},         // 3
             {"exp", json::array({"@3"})},         // 4: exp(-|x|), never above 1
             {"log1p", json::array({"@4"})},       // 5
             {"add", json::array({"@5", "@1"})}};  // 6: -log sigmoid(x)
    qsizetype term = 6;
    if (!posWeight.isEmpty()) {
      nodes.append({"sub", json::array({posWeight.toStdString(), c(1.0)})});  // pos_weight - 1
      nodes.append({"mul", json::array({at(nodes.size() - 1), sb})});
      nodes.append({"add", json::array({at(nodes.size() - 1), c(1.0)})});  // the log weight
      nodes.append({"mul", json::array({at(nodes.size() - 1), at(term)})});
      term = nodes.size() - 1;
    }
    nodes.append({"neg", json::array({sb})});
    nodes.append({"add", json::array({at(nodes.size() - 1), c(1.0)})});  // 1 - y
    nodes.append({"mul", json::array({at(nodes.size() - 1), sa})});
    nodes.append({"add", json::array({at(nodes.size() - 1), at(term)})});
    if (!weight.isEmpty()) nodes.append({"mul", json::array({at(nodes.size() - 1), weight.toStdString()})});
  } else if (n == u"soft_margin_loss") {
    nodes = {{"mul", json::array({sa, sb})},
             {"neg", json::array({"@0"})},
             {"exp", json::array({"@1"})},
             {"log1p", json::array({"@2"})}};
  } else {
    nodes = {{"sub", json::array({sa, sb})}};
    if (n == u"mse_loss") {
      nodes.append({"mul", json::array({"@0", "@0"})});
    } else if (n == u"l1_loss" || (n == u"smooth_l1_loss" && p == 0)) {
      nodes.append({"abs", json::array({"@0"})});
    } else {
      const bool huber = n == u"huber_loss";
      nodes.append({"abs", json::array({"@0"})});                            // 1: z = |d|
      nodes.append({"mul", json::array({"@1", "@1"})});                      // 2: z^2
      nodes.append({"mul", json::array({"@2", c(huber ? 0.5 : 0.5 / p)})});  // 3: the quadratic part
      nodes.append({"sub", json::array({"@1", c(0.5 * p)})});                // 4: z - 0.5 p
      if (huber) nodes.append({"mul", json::array({"@4", c(p)})});           // 5: delta (z - 0.5 delta)
      nodes.append({"lt", json::array({"@1", c(p)})});                       // z < p
      nodes.append(
          {"where", json::array({"@" + std::to_string(nodes.size() - 1), "@3", "@" + std::to_string(huber ? 5 : 4)})});
    }
  }
  // the term's shape: the operands broadcast (torch warns and broadcasts mse / l1 / huber operands alike)
  QList<qint64> shape;
  {
    const QList<qint64> x = op.inputs.at(0).shape, y = op.inputs.at(1).shape;
    const qsizetype r = std::max(x.size(), y.size());
    for (qsizetype k = 0; k < r; ++k) {
      const qint64 dx = k < r - x.size() ? 1 : x.at(k - (r - x.size()));
      const qint64 dy = k < r - y.size() ? 1 : y.at(k - (r - y.size()));
      shape << (dx == 1 ? dy : dx);
    }
  }
  const QString dtype = op.outputs.first().dtype;
  const int reduction = red.get<int>();
  if (reduction == 0) {
    appendPointwiseNodes(op, nodes, QStringLiteral("_loss"), n, dtype, [&](qsizetype) { return shape; });
    return true;
  }
  // mean / sum: the term is a value of its own (every node inner: op.id stands for the whole), then the reduction
  GraphOp term = op;
  term.id = op.id + QStringLiteral("_term");
  appendPointwiseNodes(term, nodes, QStringLiteral("_loss"), n, dtype, [&](qsizetype) { return shape; });
  m_synthInner.insert(term.id);
  m_uses[term.id] = 1;
  m_live.insert(term.id);
  GraphOp r = op;
  r.name = reduction == 1 ? QStringLiteral("mean") : QStringLiteral("sum");
  r.category = QStringLiteral("Reduction");
  r.refs = {term.id};
  r.operands = {{QStringLiteral("self"), term.id}};
  r.args = json{{"dim", json::array()}, {"keepdim", false}};
  r.inputs = {TensorInfo{}};
  r.inputs.first().shape = shape;
  r.inputs.first().dtype = dtype;
  r.pw = json();
  m_synth.push_back(r);
  if (!flushRun() || !stage(m_synth.back())) return true;  // m_why says why
  m_plan.launches.last().description += QStringLiteral(" (%1)").arg(n);
  return true;
}

bool Planner::topk(const GraphOp& op, const QString& x) {
  // Selections along one dim with their indices, all one kernel (kwb_topk: each row held whole, its k best taken one
  // round at a time): topk, sort (k = the dim), kthvalue (the k-th smallest), max / min along a dim with indices and
  // argmax / argmin (k = 1). Ties: the lowest index first (the stable order; torch's CUDA topk and max / min in
  // practice, its CPU topk leaves it open); NaN counts as the largest value, as torch orders it.
  const QString n = op.name;
  const json& a = op.args;
  const QList<qint64> xs = op.inputs.value(0).shape;
  const QString dt = op.inputs.value(0).dtype;
  const json jd = a.value("dim", n == u"topk" || n == u"sort" || n == u"kthvalue" ? json(-1) : json());
  if (x.isEmpty()) return false;
  // float64 is refused too: kwb_topk compares in fp32, which would round the values it returns
  if (!jd.is_number_integer() || xs.size() > 8 || !(dt == u"float32" || dt == u"float16" || dt == u"bfloat16"))
    return bad(QStringLiteral("%1 of a %2 tensor%3 has no chain stage yet (along a given dim of an fp32 / fp16 / bf16 "
                              "tensor has)")
                   .arg(where(op), dt.isEmpty() ? QStringLiteral("unknown") : dt,
                        jd.is_number_integer() ? QString() : QStringLiteral(" over all elements")));
  const qint64 d0 = jd.get<qint64>();
  const qint64 rank = xs.size();
  const qint64 d = rank == 0 ? 0 : (d0 % rank + rank) % rank;
  const qint64 row = rank == 0 ? 1 : xs.at(d);
  const QString dim = pyNum(jd);
  const bool keep = a.value("keepdim", false) == true;
  qint64 k = 1;
  QString head, what;
  if (n == u"topk") {
    k = a.value("k", json(0)).is_number_integer() ? a.at("k").get<qint64>() : -1;
    const bool largest = a.value("largest", true) != false;
    head = QStringLiteral("kwb_topk(%1, %2, %3, largest=%4").arg(x).arg(k).arg(dim, pyBool(largest));
    what = QStringLiteral("top %1 (%2) along dim %3")
               .arg(k)
               .arg(largest ? QStringLiteral("largest") : QStringLiteral("smallest"))
               .arg(dim);
  } else if (n == u"sort") {
    k = row;
    head = QStringLiteral("kwb_sort(%1, %2, descending=%3").arg(x, dim, pyBool(a.value("descending", false) == true));
    what = QStringLiteral("sort along dim %1").arg(dim);
  } else if (n == u"kthvalue") {
    k = a.value("k", json(0)).is_number_integer() ? a.at("k").get<qint64>() : -1;
    head = QStringLiteral("kwb_kthvalue(%1, %2, %3, keepdim=%4").arg(x).arg(k).arg(dim, pyBool(keep));
    what = QStringLiteral("k-th smallest (k = %1) along dim %2").arg(k).arg(dim);
  } else {
    const bool largest = n == u"max" || n == u"argmax";
    head = QStringLiteral("kwb_max_dim(%1, %2, keepdim=%3, largest=%4").arg(x, dim, pyBool(keep), pyBool(largest));
    what = QStringLiteral("%1 along dim %2 with its index")
               .arg(largest ? QStringLiteral("max") : QStringLiteral("min"), dim);
  }
  if (k < 1 || k > row || row > kTopkMaxRow)
    return bad(QStringLiteral("%1: %2 of a dim of %3 has no chain stage yet (kwb_topk takes 1 <= k <= the dim, a dim "
                              "of at most %4: a row held in registers)")
                   .arg(where(op), n == u"sort" ? QStringLiteral("a sort") : QStringLiteral("k = %1").arg(k))
                   .arg(row)
                   .arg(kTopkMaxRow));
  Line l;
  const bool indicesOnly = n == u"argmax" || n == u"argmin";
  l.target = indicesOnly ? QStringLiteral("_, %1").arg(var(op)) : QStringLiteral("%1, %2_1").arg(var(op), op.id);
  l.head = head;
  if (n == u"topk") {  // the pointwise run before it may be its prologue (fuseRows: kwb_topk's pre=)
    l.kind = QStringLiteral("topk");
    l.input = x;
  }
  push(l, op, QStringLiteral("topk"),
       QStringLiteral("%1 of %2 (values and int64 indices, one launch)").arg(what, shapeText(xs)), false);
  m_indices.insert(indicesOnly ? op.id : op.id + QStringLiteral("_1"));
  if (indicesOnly) {
    m_vals.insert(op.id, outVal(op));
  } else {
    for (int j = 0; j < 2 && j < op.outputs.size(); ++j) {
      const QString id = j == 0 ? op.id : op.id + QStringLiteral("_1");
      m_vals.insert(
          id, Val{j == 0 ? var(op) : op.id + QStringLiteral("_1"), op.outputs.at(j).shape, op.outputs.at(j).dtype});
    }
  }
  return true;
}

bool Planner::glu(const GraphOp& op) {
  const json dim = op.args.value("dim", json(-1));
  if (op.refs.isEmpty() || !dim.is_number_integer() || op.outputs.isEmpty())
    return bad(QStringLiteral("%1: a glu without an integer dim has no chain stage").arg(where(op)));
  const auto x = value(op.refs.first());
  if (!x) return false;
  const QString a = op.id + QStringLiteral("_glu_a"), b = op.id + QStringLiteral("_glu_b"),
                sig = op.id + QStringLiteral("_glu_s");
  Line l;
  l.target = a + QStringLiteral(", ") + b;
  l.head = QStringLiteral("%1.chunk(2, %2)").arg(x->expr, pyNum(dim));
  l.tail.clear();
  l.comment = QStringLiteral("glu's halves: views, no data moves");
  m_lines << l;
  closeAnchor();
  const TensorInfo& out = op.outputs.first();
  for (const QString& h : {a, b}) {
    m_vals.insert(h, Val{h, out.shape, out.dtype});
    m_uses[h] = 1;
    if (m_shape2.contains(op.id)) m_shape2.insert(h, m_shape2.value(op.id));
  }
  // a * sigmoid(b), as pointwise ops of the run (the eval batch norm's way: m_synth)
  for (int k = 0; k < 2; ++k) {
    GraphOp s;
    s.id = k == 0 ? sig : op.id;
    s.name = QStringLiteral("glu");  // what a plan's description names
    s.category = QStringLiteral("Elementwise");
    s.line = op.line;
    const json args = k == 0 ? json::array({b.toStdString()}) : json::array({a.toStdString(), sig.toStdString()});
    for (const json& r : args) s.refs << QString::fromStdString(r.get<std::string>());
    s.pw = {{"op", k == 0 ? "sigmoid" : "mul"}, {"args", args}, {"kwargs", json::object()}};
    s.outputs = {out};
    if (k == 0) m_synthInner.insert(s.id);
    m_synth.push_back(s);
    m_run << &m_synth.back();
  }
  return true;
}

bool Planner::recurrent(const GraphOp& op) {
  // One kwb::rnn op (the probe's collapse of an nn.RNN/GRU/LSTM call): the stage library's kwb_rnn runs the
  // time loop on the host, per layer and direction one GEMM over all timesteps and one step kernel per t.
  const json& a = op.args;
  const QString mode = QString::fromStdString(a.value("mode", std::string()));
  if (mode != u"GRU" && mode != u"LSTM" && mode != u"RNN_TANH" && mode != u"RNN_RELU")
    return bad(QStringLiteral("%1: recurrent mode '%2' has no chain stage").arg(where(op), mode));
  auto operand = [&](const char* name) -> std::optional<QString> {
    const QString r = operandOf(op, name);
    if (r.isEmpty()) return QStringLiteral("None");
    const auto v = value(r);
    if (!v) return std::nullopt;
    return v->expr;
  };
  const auto x = operand("input"), hx = operand("hx"), cx = operand("cx");
  if (!x || !hx || !cx) return false;
  QStringList weights;
  for (const QString& r : op.refs)
    if (m_g.params.contains(r)) weights << stateExpr(r, false);
  const int layers = a.value("num_layers", 1);
  const bool bias = a.value("bias", true), bidir = a.value("bidirectional", false);
  const int dirs = bidir ? 2 : 1;
  if (weights.size() != layers * dirs * (bias ? 4 : 2))
    return bad(QStringLiteral("%1: %2 weights for %3 layer(s) x %4 direction(s) (bias %5); the module's parameters "
                              "are not all in the spec")
                   .arg(where(op))
                   .arg(weights.size())
                   .arg(layers)
                   .arg(dirs)
                   .arg(pyBool(bias)));
  QStringList targets;
  for (int k = 0; k < 3; ++k)
    targets << (k < op.outputs.size() ? (k == 0 ? op.id : QStringLiteral("%1_%2").arg(op.id).arg(k))
                                      : QStringLiteral("_"));
  Line l;
  l.target = targets.join(QStringLiteral(", "));
  l.head = QStringLiteral("kwb_rnn(%1, %2, %3, [%4], \"%5\", %6, %7, %8, %9")
               .arg(*x, *hx, *cx, weights.join(QStringLiteral(", ")), mode)
               .arg(layers)
               .arg(pyBool(bias), pyBool(a.value("batch_first", false)), pyBool(bidir));
  const double dropout = a.value("dropout", 0.0);
  if (dropout > 0 && layers > 1) l.head += QStringLiteral(", dropout=%1, training=self.training").arg(pyFloat(dropout));
  const qint64 steps = op.inputs.value(0).shape.value(a.value("batch_first", false) ? 1 : 0);
  // triton_stages.py's default step path (_kwb_rnn_choose): a padded hidden size <= 64 keeps W_hh in one
  // program's registers and runs the time loop in-kernel; larger ones launch a step kernel per t
  const int hidden = a.value("hidden_size", 0);
  const bool inKernel = hidden > 0 && hidden <= 64;
  l.comment =
      inKernel
          ? QStringLiteral("%1 x (1 kernel running the %2 steps; 1 GEMM first where W_ih does not fit beside W_hh)")
                .arg(layers * dirs)
                .arg(steps)
          : QStringLiteral("host time loop: %1 x (1 GEMM + %2 step kernels)").arg(layers * dirs).arg(steps);
  push(l, op, QStringLiteral("recurrent"),
       QStringLiteral("%1 %2 layer(s)%3 over %4: per layer%5 one GEMM x @ W_ih^T over all %6 timesteps + %7 = %8 "
                      "launches")
           .arg(mode)
           .arg(layers)
           .arg(bidir ? QStringLiteral(" x 2 directions") : QString())
           .arg(shapeText(op.inputs.value(0).shape))
           .arg(bidir ? QStringLiteral(" and direction") : QString())
           .arg(steps)
           .arg(inKernel
                    ? QStringLiteral("one kernel running the %1 steps (h @ W_hh^T + gate pointwise, W_hh in "
                                     "registers; x @ W_ih^T in it too where W_ih fits: no GEMM then)")
                          .arg(steps)
                    : QStringLiteral("a host loop of %1 fused step kernels (h @ W_hh^T + gate pointwise)").arg(steps))
           .arg(qint64(layers) * dirs * (inKernel ? 2 : 1 + steps)),
       false);
  // The host loop's count even where the steps run in-kernel: the graph-replay choice (planChain) stays as it
  // was measured for these plans (a Python Triton launch costs more host time than a small replay's copies).
  m_plan.launches.last().hostLaunches = qint64(layers) * dirs * (1 + steps);
  m_plan.launches.last().kernels = qint64(layers) * dirs * (inKernel ? 2 : 1 + steps);  // the description's count
  for (int k = 0; k < op.outputs.size() && k < 3; ++k)
    m_vals.insert(targets.at(k), Val{targets.at(k), op.outputs.at(k).shape, op.outputs.at(k).dtype});
  return true;
}

bool Planner::randomDraw(const GraphOp& op) {
  // A random draw in forward() (35_LSTM's torch.randn initial state): the harness seeds the global generator
  // identically before Model's and ModelNew's forward (docs/CONTRACTS.md), so ModelNew makes the same draw --
  // same function, shape, dtype and device, in the same order -- and gets the same numbers. A dim that equals
  // exactly one dim of forward()'s tensor inputs follows that input's run-time size (x.size(0) for a batch).
  const QList<qint64> shape = op.outputs.value(0).shape;
  QString device;
  QStringList dims;
  for (int k = 0; k < shape.size(); ++k)
    dims << sizeExpr(shape.at(k), dim2(op.id, k), QStringLiteral("%1's size").arg(where(op)));
  for (const TensorInfo& t : m_g.inputs)
    if (device.isEmpty()) device = t.name + QStringLiteral(".device");
  Line l;
  l.target = var(op);
  l.head = QStringLiteral("torch.%1((%2%3), dtype=torch.%4, device=%5")
               .arg(op.name, dims.join(QStringLiteral(", ")), dims.size() == 1 ? QStringLiteral(",") : QString(),
                    op.outputs.value(0).dtype.isEmpty() ? QStringLiteral("float32") : op.outputs.value(0).dtype,
                    device.isEmpty() ? QStringLiteral("None") : device);
  push(l, op, QStringLiteral("random"),
       QStringLiteral("torch.%1 %2: the reference's own random draw, made again after the same seed")
           .arg(op.name, shapeText(shape)),
       false);
  m_lines.last().draw = true;
  m_plan.randomDraws = true;
  m_vals.insert(op.id, outVal(op));
  return true;
}

QString Planner::broadcastSize(const GraphOp& op, int d, const QList<qint64>& out) const {
  const qint64 s = out.at(d);
  if (s <= 1) return QString::number(s);
  for (const GraphOp& c : m_ops) {
    if (!c.refs.contains(op.id)) continue;
    const bool joins = c.name == u"cat" || c.name == u"concat" || c.name == u"stack";
    if (joins) {  // cat's own dim is a sum of sizes, not a shared one
      const qint64 cd = c.args.value("dim", json(0)).is_number_integer() ? c.args.at("dim").get<qint64>() : 0;
      if ((cd + out.size()) % out.size() == d) continue;
    }
    for (const QString& r : c.refs) {
      const QString rr = resolve(r);
      if (rr == op.id || !m_vals.contains(rr)) continue;
      const Val& v = m_vals.value(rr);
      const int pd = d - static_cast<int>(out.size() - v.shape.size());
      // the same size at the resized sizes too, where the resize check knows both
      const auto a2 = dim2(op.id, d), b2 = dim2(v.expr, pd);
      if (pd >= 0 && pd < v.shape.size() && v.shape.at(pd) == s && (!a2 || !b2 || *a2 == *b2))
        return QStringLiteral("%1.shape[%2]").arg(v.expr).arg(pd);
    }
  }
  return sizeExpr(s, dim2(op.id, d), QStringLiteral("%1's expand").arg(where(op)));
}

QString Planner::dimName(const QString& input, int k) const {
  if (!m_spec.contains("inputs") || !m_spec.at("inputs").is_array()) return {};
  for (const json& t : m_spec.at("inputs")) {
    if (!t.is_object() || t.value("name", std::string()) != input.toStdString()) continue;
    const json& names = t.value("dim_names", json());
    const auto at = static_cast<std::size_t>(k);
    if (names.is_array() && k >= 0 && at < names.size() && names.at(at).is_string())
      return QString::fromStdString(names.at(at).get<std::string>());
  }
  return {};
}

QString Planner::runtimeSize(qint64 s, const QString& what) const {
  if (s <= 1) return QString::number(s);
  QStringList names, exprs;  // one input dim per distinct dim name (an unnamed dim counts as its own name)
  for (const TensorInfo& t : m_g.inputs)
    for (int k = 0; k < t.shape.size(); ++k) {
      if (t.shape.at(k) != s) continue;
      const QString name = dimName(t.name, k);
      const QString key = name.isEmpty() ? QStringLiteral("%1#%2").arg(t.name).arg(k) : name;
      if (names.contains(key)) continue;
      names << key;
      exprs << QStringLiteral("%1.shape[%2]").arg(t.name).arg(k);
    }
  if (exprs.isEmpty()) return QString::number(s);
  if (exprs.size() == 1) return exprs.first();
  return QStringLiteral("kwb_size(\"%1 (%2 at the spec: %3)\", %4)")
      .arg(what.isEmpty() ? QStringLiteral("a size") : what)
      .arg(s)
      .arg(names.join(QStringLiteral(" / ")), exprs.join(QStringLiteral(", ")));
}

QString Planner::positionSize(qint64 s, qint64 s2, const QString& what) const {
  QStringList names, exprs;
  int all = 0;  // runtimeSize's candidates (every dim of size s, one per name)
  QSet<QString> allNames;
  for (const TensorInfo& t : m_g.inputs) {
    const QList<qint64> t2 = m_shape2.value(t.name);
    for (int k = 0; k < t.shape.size(); ++k) {
      if (t.shape.at(k) != s) continue;
      const QString name = dimName(t.name, k);
      const QString key = name.isEmpty() ? QStringLiteral("%1#%2").arg(t.name).arg(k) : name;
      if (!allNames.contains(key)) {
        allNames.insert(key);
        ++all;
      }
      if (t2.size() != t.shape.size() || t2.at(k) != s2 || names.contains(key)) continue;
      names << key;
      exprs << QStringLiteral("%1.shape[%2]").arg(t.name).arg(k);
    }
  }
  if (exprs.isEmpty() || exprs.size() >= all) return {};
  if (exprs.size() == 1) return exprs.first();
  return QStringLiteral("kwb_size(\"%1 (%2 at the spec: %3)\", %4)")
      .arg(what.isEmpty() ? QStringLiteral("a size") : what)
      .arg(s)
      .arg(names.join(QStringLiteral(" / ")), exprs.join(QStringLiteral(", ")));
}

void Planner::readResizeCheck() {
  const json rc = m_spec.value("resize_check", json::object());
  if (!rc.is_object() || rc.value("ok", false) != true || !rc.value("map", json()).is_object()) return;
  for (auto it = rc.at("map").begin(); it != rc.at("map").end(); ++it) {
    bool ok = false;
    const qint64 k = QString::fromStdString(it.key()).toLongLong(&ok);
    if (ok && it.value().is_number_integer()) m_resize.insert(k, it.value().get<qint64>());
  }
  auto shapeOf = [](const json& a) {
    QList<qint64> s;
    if (a.is_array())
      for (const json& d : a)
        if (d.is_number_integer()) s << d.get<qint64>();
    return s;
  };
  for (const json& t : m_spec.value("inputs", json::array()))
    if (t.is_object() && t.contains("resized_shape"))
      m_shape2.insert(QString::fromStdString(t.value("name", std::string())), shapeOf(t.at("resized_shape")));
  for (const json& o : m_spec.value("ops", json::array())) {
    if (!o.is_object()) continue;
    const QString id = QString::fromStdString(o.value("id", std::string()));
    const json outs = o.value("resized_outputs", json());
    if (outs.is_array())
      for (std::size_t k = 0; k < outs.size(); ++k)
        m_shape2.insert(k == 0 ? id : QStringLiteral("%1_%2").arg(id).arg(k), shapeOf(outs.at(k)));
    if (o.contains("args_resized") && o.at("args_resized").is_object()) m_args2.insert(id, o.at("args_resized"));
  }
  if (m_shape2.isEmpty()) m_resize.clear();
}

QString Planner::sizeExpr(qint64 s, std::optional<qint64> s2, const QString& what) const {
  if (s <= 1 || m_resize.isEmpty() || !s2) return runtimeSize(s, what);
  // unchanged: a constant of the model when s was resized; a size the harness never resizes (tied to the model, a
  // batch equal to a Linear's out_features) tells nothing, so it binds by value as before
  if (*s2 == s && m_resize.contains(s)) return QString::number(s);
  // a value at several input dims that the resize check took apart (C = H = W of 31_VisionAttention, C bound by the
  // weights): the dim that followed it (session 34)
  if (const QString p = positionSize(s, *s2, what); !p.isEmpty()) return p;
  if (*s2 == s) return runtimeSize(s, what);
  if (m_resize.value(s, -1) == *s2) return runtimeSize(s, what);
  // an input dim plus a constant: d + c at the spec and d2 + c resized (a slice to n - trim, torch.diff's n - 1)
  for (const TensorInfo& t : m_g.inputs)
    for (int k = 0; k < t.shape.size(); ++k) {
      const qint64 d = t.shape.at(k);
      if (d <= 1 || !m_resize.contains(d) || m_resize.value(d) == d || m_resize.value(d) + (s - d) != *s2) continue;
      return QStringLiteral("(%1.shape[%2] %3 %4)")
          .arg(t.name)
          .arg(k)
          .arg(s < d ? QStringLiteral("-") : QStringLiteral("+"))
          .arg(std::abs(s - d));
    }
  // a pooled length (ceil mode, padding, dilation): the pool's formula on its input's run-time size
  if (const auto p = poolLength(s, *s2)) return *p;
  // (p d1 +- q d2) // r of two resized input dims, p, q, r in {1, 2}: a centre crop's start (skip.H - 2 x.H) // 2 and
  // end (skip.H + 2 x.H) // 2 beside a stride-2 transposed conv (probe22 a04, inplace35 n01). Both points (the spec
  // and the resize check) must fit; the coefficients stay small so that two points rarely fit by chance
  if (const QString c = sizeCombination(s, *s2); !c.isEmpty()) return c;
  return specChecked(QString::number(s), what);
}

QString Planner::sizeCombination(qint64 s, qint64 s2) const {
  struct Dim {
    QString expr;
    qint64 d, d2;
  };
  QList<Dim> dims;
  QSet<QPair<qint64, qint64>> seen;
  for (const TensorInfo& t : m_g.inputs) {
    const QList<qint64> t2 = m_shape2.value(t.name);
    if (t2.size() != t.shape.size()) continue;
    for (int k = 0; k < t.shape.size(); ++k) {
      const qint64 d = t.shape.at(k), d2 = t2.at(k);
      if (d <= 1 || d2 == d || seen.contains({d, d2})) continue;  // a dim the check resized, one per size pair
      seen.insert({d, d2});
      dims.append({QStringLiteral("%1.shape[%2]").arg(t.name).arg(k), d, d2});
    }
  }
  // one dim split by a constant factor (unflatten(0, (4, -1)) of a moved dim; probe25 b01's d // 4 was held at the
  // spec and refused every resized case): an exact quotient at both points
  for (const Dim& a : std::as_const(dims))
    if (s > 0 && s2 > 0 && a.d % s == 0 && a.d / s > 1 && a.d2 == a.d / s * s2)
      return QStringLiteral("(%1 // %2)").arg(a.expr).arg(a.d / s);
  auto floorDiv = [](qint64 a, qint64 b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
  for (const Dim& a : std::as_const(dims))
    for (const Dim& b : std::as_const(dims)) {
      if (a.expr == b.expr) continue;
      for (const qint64 p : {1, 2})
        for (const qint64 q : {1, 2})
          for (const int sign : {-1, 1}) {
            if (sign > 0 && a.expr > b.expr) continue;  // a sum once
            for (const qint64 r : {1, 2}) {
              if (floorDiv(p * a.d + sign * q * b.d, r) != s || floorDiv(p * a.d2 + sign * q * b.d2, r) != s2) continue;
              auto term = [](qint64 c, const QString& e) {
                return c == 1 ? e : QStringLiteral("%1 * %2").arg(c).arg(e);
              };
              const QString sum =
                  QStringLiteral("%1 %2 %3")
                      .arg(term(p, a.expr), sign > 0 ? QStringLiteral("+") : QStringLiteral("-"), term(q, b.expr));
              return r == 1 ? QStringLiteral("(%1)").arg(sum) : QStringLiteral("((%1) // %2)").arg(sum).arg(r);
            }
          }
    }
  return {};
}

namespace {
/// PyTorch's pooled length (pooling_output_shape): floor or ceil((L + 2p - d(k - 1) - 1) / s) + 1, one less in
/// ceil mode when the last window would start past the input and its left padding. Mirrors kwb_pool_len.
qint64 pooledLength(qint64 len, qint64 k, qint64 s, qint64 p, qint64 d, bool ceil) {
  if (s <= 0) return -1;
  const qint64 num = len + 2 * p - d * (k - 1) - 1 + (ceil ? s - 1 : 0);
  qint64 out = (num >= 0 ? num / s : -((-num + s - 1) / s)) + 1;
  if (ceil && (out - 1) * s >= len + p) --out;
  return out;
}
}  // namespace

std::optional<QString> Planner::poolLength(qint64 s, qint64 s2) const {
  if (m_resize.isEmpty() || m_poolDepth > 3) return std::nullopt;
  for (const GraphOp& op : m_ops) {
    const QString n = op.name;
    if (op.category != u"Pooling" ||
        !(n.startsWith(QLatin1String("max_pool")) || n.startsWith(QLatin1String("avg_pool"))))
      continue;
    const QList<qint64> in = op.inputs.value(0).shape, out = op.outputs.value(0).shape;
    const QList<qint64> in2 = m_shape2.value(op.refs.value(0)), out2 = m_shape2.value(op.id);
    const int sp = static_cast<int>(in.size()) - 2;
    if (sp < 1 || sp > 3 || out.size() != in.size() || in2.size() != in.size() || out2.size() != in.size()) continue;
    const json& a = op.args;
    QList<qint64> ks, st, pad, dil;
    const bool strideEmpty =
        !a.contains("stride") || a.at("stride").is_null() || (a.at("stride").is_array() && a.at("stride").empty());
    if (!anchors::intList(a, "kernel_size", sp, 1, &ks) || !anchors::intList(a, "padding", sp, 0, &pad) ||
        !anchors::intList(a, "dilation", sp, 1, &dil) || (!strideEmpty && !anchors::intList(a, "stride", sp, 1, &st)))
      continue;
    if (strideEmpty) st = ks;
    const bool ceil = a.value("ceil_mode", false) == true;
    for (int j = 0; j < sp; ++j) {
      const int d = 2 + j;
      if (out.at(d) != s || out2.at(d) != s2 ||
          pooledLength(in.at(d), ks.at(j), st.at(j), pad.at(j), dil.at(j), ceil) != s ||
          pooledLength(in2.at(d), ks.at(j), st.at(j), pad.at(j), dil.at(j), ceil) != s2)
        continue;
      ++m_poolDepth;
      const QString len = sizeExpr(in.at(d), in2.at(d), QString());
      --m_poolDepth;
      if (len.contains(QLatin1String("kwb_at_spec("))) continue;
      return QStringLiteral("kwb_pool_len(%1, %2, %3, %4, %5, %6)")
          .arg(len)
          .arg(ks.at(j))
          .arg(st.at(j))
          .arg(pad.at(j))
          .arg(dil.at(j))
          .arg(pyBool(ceil));
    }
  }
  return std::nullopt;
}

QString Planner::specChecked(const QString& literal, const QString& what) const {
  QStringList pairs;
  QSet<qint64> seen;
  for (const TensorInfo& t : m_g.inputs)
    for (int k = 0; k < t.shape.size(); ++k)
      if (m_resize.contains(t.shape.at(k)) && !seen.contains(t.shape.at(k))) {
        seen.insert(t.shape.at(k));
        pairs << QStringLiteral("(%1.shape[%2], %3)").arg(t.name).arg(k).arg(t.shape.at(k));
      }
  if (pairs.isEmpty()) return literal;
  QString w = what.isEmpty() ? QStringLiteral("a constant") : what;
  w.replace(u'"', u'\'');
  return QStringLiteral(
             "kwb_at_spec(\"%1 (%2 at the spec; it follows the input sizes in a way the generator does "
             "not derive)\", %2, %3)")
      .arg(w, literal, pairs.join(QStringLiteral(", ")));
}

std::optional<QString> Planner::sizePower(double v, double v2) const {
  auto close = [](double x, double y) { return std::abs(x - y) <= 1e-9 * std::max(std::abs(x), std::abs(y)); };
  if (m_resize.isEmpty() || !std::isfinite(v) || !std::isfinite(v2) || v == 0 || close(v, v2)) return std::nullopt;
  for (const TensorInfo& t : m_g.inputs)
    for (int k = 0; k < t.shape.size(); ++k) {
      const qint64 d = t.shape.at(k);
      if (d <= 1 || !m_resize.contains(d)) continue;
      const double a = static_cast<double>(d), a2 = static_cast<double>(m_resize.value(d));
      for (double p : {-0.5, 0.5, -1.0, 1.0, -0.25, 0.25, -2.0, 2.0}) {
        const double c = v / std::pow(a, p);
        if (!close(c * std::pow(a2, p), v2)) continue;
        const QString e = QStringLiteral("%1.shape[%2] ** %3").arg(t.name).arg(k).arg(pyFloat(p));
        return close(c, 1.0) ? e : QStringLiteral("%1 * %2").arg(pyFloat(c), e);
      }
    }
  return std::nullopt;
}

void Planner::sizeScalars() {
  if (m_resize.isEmpty()) return;
  for (GraphOp& o : m_ops) {
    if (o.category != u"Elementwise" || !m_args2.contains(o.id) || !o.pw.is_object() ||
        !o.pw.value("args", json()).is_array())
      continue;
    const json changed = m_args2.value(o.id);
    for (auto it = changed.begin(); it != changed.end(); ++it) {
      const json v = o.args.value(it.key(), json());
      if (!v.is_number() || !it.value().is_number()) continue;
      const auto e = sizePower(v.get<double>(), it.value().get<double>());
      if (!e) continue;
      bool used = false;
      const QString name = QStringLiteral("kwb_sz%1").arg(m_sizeScalar.size());
      for (json& a : o.pw["args"]) {  // the probe writes a literal operand as {"const": value}
        const json& c = a.is_object() && a.contains("const") ? a.at("const") : a;
        if (c.is_number() && c.get<double>() == v.get<double>()) {
          a = json{{"scalar_input", name.toStdString()}};
          used = true;
        }
      }
      if (!used) continue;  // the lowering does not read it as written: guardArgs keeps it at the spec
      m_sizeScalar.insert(name, *e);
      m_sizeScalarKeys[o.id] << QString::fromStdString(it.key());
    }
  }
}

bool Planner::varMean(const GraphOp& op, const QString& x) {
  // torch.var_mean / std_mean -> (var or std, mean) over the same dims: kwb_var_mean, both outputs of one call
  const json& a = op.args;
  if (x.isEmpty()) return false;
  if (a.contains("dtype") && !a.at("dtype").is_null())
    return bad(QStringLiteral("%1 with a dtype= argument has no chain stage yet").arg(where(op)));
  double corr = 1;  // aten::var_mean.correction (None = 1) or .dim (unbiased: bool, default true)
  if (a.contains("correction") && a.at("correction").is_number())
    corr = a.at("correction").get<double>();
  else if (a.contains("unbiased") && a.at("unbiased").is_boolean())
    corr = a.at("unbiased").get<bool>() ? 1 : 0;
  const bool keep = a.value("keepdim", false) == true;
  const bool isStd = op.name == u"std_mean";
  const QString dims = pyList(dimsOf(a));
  Line l;
  l.target = QStringLiteral("%1, %2_1").arg(var(op), op.id);
  l.head =
      QStringLiteral("kwb_var_mean(%1, %2, %3, %4, std=%5").arg(x, dims, pyFloat(corr), pyBool(keep), pyBool(isStd));
  push(l, op, QStringLiteral("reduce"),
       QStringLiteral("%1 (correction %2) and mean %3 of %4")
           .arg(isStd ? QStringLiteral("std") : QStringLiteral("var"), pyFloat(corr), overDimsText(dimsOf(a)),
                shapeText(op.inputs.value(0).shape)),
       false);
  for (int j = 0; j < 2 && j < op.outputs.size(); ++j) {
    const QString id = j == 0 ? op.id : op.id + QStringLiteral("_1");
    m_vals.insert(id,
                  Val{j == 0 ? var(op) : op.id + QStringLiteral("_1"), op.outputs.at(j).shape, op.outputs.at(j).dtype});
  }
  return true;
}

bool Planner::varOrNorm(const GraphOp& op, const QString& x, Line* l) {
  const QString n = op.name;
  const json& a = op.args;
  if (a.contains("dtype") && !a.at("dtype").is_null())
    return bad(QStringLiteral("%1 with a dtype= argument has no chain stage yet").arg(where(op)));
  const bool keep = a.value("keepdim", false) == true;
  const QString dims = pyList(dimsOf(a));
  const QString over = overDimsText(dimsOf(a));
  const QString shape = shapeText(op.inputs.value(0).shape);
  if (n == u"var" || n == u"std") {
    // aten::var.correction (correction: None = 1) or aten::var.dim (unbiased: bool, default true)
    double corr = 1;
    if (a.contains("correction") && a.at("correction").is_number())
      corr = a.at("correction").get<double>();
    else if (a.contains("unbiased") && a.at("unbiased").is_boolean())
      corr = a.at("unbiased").get<bool>() ? 1 : 0;
    l->head =
        QStringLiteral("kwb_var(%1, %2, %3, %4, std=%5").arg(x, dims, pyFloat(corr), pyBool(keep), pyBool(n == u"std"));
    *l = rowFusable(*l, x, dimsOf(a), n == u"std" ? QStringLiteral("std") : QStringLiteral("var"), pyFloat(corr), keep);
    push(*l, op, QStringLiteral("reduce"),
         QStringLiteral("%1 (correction %2) %3 of %4").arg(n, pyFloat(corr), over, shape), false);
    return true;
  }
  const json p = a.value(n == u"norm" ? "p" : "ord", json(2.0));
  const QString ps = p.is_string() ? QString::fromStdString(p.get<std::string>()).toLower() : QString();
  if (ps == u"inf" || ps == u"-inf") {  // the max / min norm: max |x| / min |x| (kwb_pnorm: a kwb_reduce of |x|)
    l->head = QStringLiteral("kwb_pnorm(%1, %2, float(\"%3\"), %4").arg(x, dims, ps, pyBool(keep));
    push(*l, op, QStringLiteral("reduce"), QStringLiteral("%1 p=%2 %3 of %4").arg(n, ps, over, shape), false);
    return true;
  }
  const double pv = p.is_null() ? 2.0 : p.is_number() ? p.get<double>() : -1.0;
  if (pv == 0) {  // the count of nonzeros in x's dtype (kwb_pnorm: a kwb_reduce sum of x != 0)
    l->head = QStringLiteral("kwb_pnorm(%1, %2, 0, %3").arg(x, dims, pyBool(keep));
    push(*l, op, QStringLiteral("reduce"), QStringLiteral("%1 p=0 (nonzeros) %2 of %3").arg(n, over, shape), false);
    return true;
  }
  if (!(pv > 0) || std::isinf(pv))
    return bad(QStringLiteral("%1: a norm with p = %2 has no chain stage yet (p >= 0 or +-inf only)")
                   .arg(where(op), QString::fromStdString(p.dump())));
  l->head = QStringLiteral("kwb_pnorm(%1, %2, %3, %4").arg(x, dims, pyFloat(pv), pyBool(keep));
  *l = rowFusable(*l, x, dimsOf(a), QStringLiteral("pnorm"), pyFloat(pv), keep);
  push(*l, op, QStringLiteral("reduce"), QStringLiteral("%1 p=%2 %3 of %4").arg(n, pyFloat(pv), over, shape), false);
  return true;
}

Line rowFusable(Line l, const QString& x, const QList<qint64>& dims, const QString& op, const QString& q, bool keep) {
  l.kind = QStringLiteral("reduce");
  l.input = x;
  l.dims = dims;
  l.redOp = op;
  l.q = q;
  l.keep = keep;
  return l;
}

bool Planner::factory(const GraphOp& op) {
  const QString n = factoryKind(op.name);
  const QList<qint64> shape = op.outputs.value(0).shape;
  QString size;
  // a _like of a value the open pointwise run has not written yet (zeros_like(cos) inside cosine_embedding_loss):
  // its sizes as any factory's, from its own shape
  if (n.endsWith(QLatin1String("_like")) && m_vals.contains(resolve(op.refs.value(0)))) {
    const auto src = value(op.refs.value(0));
    if (!src) return false;
    size = src->expr + QStringLiteral(".shape");
  } else {
    QStringList dims;
    for (int k = 0; k < shape.size(); ++k)
      dims << sizeExpr(shape.at(k), dim2(op.id, k), QStringLiteral("%1's size").arg(where(op)));
    size = QStringLiteral("(%1%2)").arg(dims.join(QStringLiteral(", ")),
                                        dims.size() == 1 ? QStringLiteral(",") : QString());
  }
  const json fill = op.args.value("fill_value", json());
  // the probe writes the non-finite numbers as strings ("-inf", "inf", "nan": JSON has no literal for them);
  // torch.full_like(s, float("-inf")) is the usual causal-mask spelling (trial 8)
  const QString special = fill.is_string() ? QString::fromStdString(fill.get<std::string>()).toLower() : QString();
  const bool nonFinite = special == u"inf" || special == u"-inf" || special == u"nan";
  if (n.startsWith(QLatin1String("full")) && !fill.is_number() && !fill.is_boolean() && !nonFinite)
    return bad(QStringLiteral("%1: a fill value that is not a number has no chain stage yet").arg(where(op)));
  const QString value = n.startsWith(QLatin1String("ones"))    ? QStringLiteral("1.0")
                        : n.startsWith(QLatin1String("zeros")) ? QStringLiteral("0.0")
                        : nonFinite                            ? QStringLiteral("float(\"%1\")").arg(special)
                                                               : QStringLiteral("float(%1)").arg(pyNum(fill));
  QString device = QStringLiteral("None");
  for (const TensorInfo& t : m_g.inputs)
    if (device == u"None") device = t.name + QStringLiteral(".device");
  const QString dtype = op.outputs.value(0).dtype.isEmpty() ? QStringLiteral("float32") : op.outputs.value(0).dtype;
  Line l;
  l.target = var(op);
  if (isEmptyFactory(op.name)) {  // allocated only: every element is written before it is read (m_buffers)
    l.head = QStringLiteral("torch.empty(%1, dtype=torch.%2, device=%3").arg(size, dtype, device);
    l.comment = QStringLiteral("uninitialised: each element is written before it is read");
    m_lines << l;
    m_vals.insert(op.id, outVal(op));
    return true;
  }
  l.head = QStringLiteral("kwb_full(%1, %2, torch.%3, %4").arg(size, value, dtype, device);
  push(l, op, QStringLiteral("fill"),
       QStringLiteral("%1 %2").arg(n == op.name ? QStringLiteral("torch.") + n : QStringLiteral("Tensor.") + op.name,
                                   shapeText(shape)),
       false);
  m_vals.insert(op.id, outVal(op));
  return true;
}

bool Planner::bufferWrite(const GraphOp& op) {
  const auto dst = value(op.mutates.first());
  if (!dst) return false;
  QString src;
  if (op.name == u"copy" || (op.name == u"fill" && op.refs.size() > 1)) {  // copy_(src), fill_(0-d tensor)
    const auto v = value(op.refs.value(1));
    if (!v) return false;
    src = v->shape == dst->shape ? v->expr : QStringLiteral("%1.expand_as(%2)").arg(v->expr, dst->expr);
  } else {
    const json fill = op.args.value("value", json(0));
    const QString special = fill.is_string() ? QString::fromStdString(fill.get<std::string>()).toLower() : QString();
    if (op.name == u"fill" && !fill.is_number() && !fill.is_boolean() && special != u"inf" && special != u"-inf" &&
        special != u"nan")
      return bad(QStringLiteral("%1: a fill value that is not a number has no chain stage yet").arg(where(op)));
    const QString fillText = op.name == u"zero"  ? QStringLiteral("0.0")
                             : special.isEmpty() ? QStringLiteral("float(%1)").arg(pyNum(fill))
                                                 : QStringLiteral("float(\"%1\")").arg(special);
    // one element kept per (value, dtype, device), broadcast by stride 0: the copy launch is the fill
    src = QStringLiteral("kwb_full((1,), %1, %2.dtype, %2.device, memo=True).reshape(()).expand_as(%2)")
              .arg(fillText, dst->expr);
  }
  Line l;
  l.target = var(op);
  l.head = QStringLiteral("kwb_copy_into(%1, %2").arg(dst->expr, src);
  push(l, op, QStringLiteral("copy"),
       QStringLiteral("%1 into %2 of the buffer %3 (in place)")
           .arg(QStringLiteral("Tensor.") + op.name + u'_', shapeText(dst->shape), m_buffers.buffer.value(op.id)),
       false);
  m_vals.insert(op.id, Val{var(op), dst->shape, dst->dtype});
  m_bufWriteLines[m_buffers.buffer.value(op.id)] << qMakePair(op.id, static_cast<int>(m_lines.size()) - 1);
  return true;
}

int Planner::inlinableLaunch(const QString& ref) const {
  const Val v = m_vals.value(ref);
  if (v.expr.isEmpty() || m_uses.value(ref) != 1) return -1;
  for (int k = 0; k < m_lines.size(); ++k) {
    const Line& l = m_lines.at(k);
    if (l.target == v.expr && (l.kind == u"pointwise" || l.kind == u"widen") && l.launch >= 0 && !l.epi.isEmpty() &&
        l.outDtype.isEmpty() && l.head.startsWith(QLatin1String("kwb_pointwise(")))
      return k;
  }
  return -1;
}

std::optional<Planner::Piecewise> Planner::piecewiseOf(const QString& r, int reads) {
  if (m_cats.contains(r)) {  // a cat / stack: its parts in order along its dim
    const CatParts& c = m_cats[r];
    if (m_uses.value(r) != reads || c.line < 0 || c.line >= m_lines.size() ||
        !m_lines.at(c.line).head.startsWith(QLatin1String("kwb_cat(")) || m_lines.at(c.line).tail != u")")
      return std::nullopt;
    Piecewise pw;
    pw.dim = c.dim;
    pw.catLine = c.line;
    bool computed = false;  // some part a pointwise launch computes: else kwb_cat with the reader as its epilogue
    for (int k = 0; k < c.refs.size(); ++k) {
      const Val v = m_vals.value(c.refs.at(k));
      if (v.expr.isEmpty() || isIntegralDtype(v.dtype) || v.dtype == u"bool") return std::nullopt;
      Piece p;
      p.expr = v.expr;
      p.dtype = v.dtype;
      p.view = c.exprs.value(k);
      p.squeezed = c.stack;
      p.line = inlinableLaunch(c.refs.at(k));
      if (p.line >= 0) p.kind = Piece::Kind::Launch;
      computed = computed || p.line >= 0;
      pw.pieces << p;
    }
    if (!computed || pw.pieces.size() < 2) return std::nullopt;
    pw.starts = QStringLiteral("*kwb_cat_starts(%1, %2)").arg(pw.dim).arg(c.exprs.join(QStringLiteral(", ")));
    return pw;
  }
  // a pointwise launch's result that only this reader reads (a run cut by a view of another value): one piece, its
  // program computed in the reader
  if (const int line = inlinableLaunch(r); line >= 0 && reads == 1) {
    Piece p;
    p.kind = Piece::Kind::Launch;
    p.line = line;
    p.expr = m_vals.value(r).expr;
    Piecewise pw;
    pw.pieces << p;
    return pw;
  }
  QString buf = m_bufWriteLines.contains(r) ? r : m_buffers.buffer.value(r);
  if (buf.isEmpty() || !m_bufWriteLines.contains(buf) || !m_buffers.written.contains(buf) || !m_vals.contains(buf))
    return std::nullopt;
  if (r != buf) {  // a write's result is the buffer only where it wrote the whole of it
    const GraphOp* w = opById(r);
    if (!w || w->mutates.isEmpty() || resolve(w->mutates.first()) != buf) return std::nullopt;
  }
  const auto& writes = m_bufWriteLines[buf];
  // every read of the buffer and of its writes' results: one by each write (its view of the buffer), the rest here
  int others = m_uses.value(buf) - static_cast<int>(writes.size());
  for (const auto& w : writes) others += m_uses.value(w.first);
  const GraphOp* b = opById(buf);
  if (others != reads || !b || b->outputs.isEmpty()) return std::nullopt;
  const QList<qint64> shape = b->outputs.first().shape;
  const QString dtype = normaliseDtype(b->outputs.first().dtype);
  if (dtype != u"float32" && dtype != u"float16" && dtype != u"bfloat16" && dtype != u"float64") return std::nullopt;
  Piecewise pw;
  pw.dim = -1;
  pw.buffer = m_vals.value(buf).expr;
  QList<qint64> his;
  for (const auto& [id, line] : writes) {
    const GraphOp* op = opById(id);
    if (!op || op->mutates.isEmpty() || line < 0 || line >= m_lines.size()) return std::nullopt;
    Piece p;
    p.writeLine = line;
    p.view = m_vals.value(resolve(op->mutates.first())).expr;
    // the written box: slices (step 1) and selects of the buffer, each view read by the next (or the write) alone
    QList<const GraphOp*> chain;
    QString cur = resolve(op->mutates.first());
    for (int guard = 0; cur != buf; ++guard) {
      const GraphOp* v = guard < 16 ? opById(cur) : nullptr;
      if (!v || (v->name != u"slice" && v->name != u"select") || v->refs.isEmpty() || v->inputs.isEmpty() ||
          m_uses.value(cur) != 1)
        return std::nullopt;
      chain.prepend(v);
      cur = resolve(v->refs.first());
    }
    QList<qint64> lo(shape.size(), 0), hi = shape;
    QList<int> dims;  // a view dim -> the buffer's
    for (int d = 0; d < shape.size(); ++d) dims << d;
    QSet<int> selected;
    for (const GraphOp* v : std::as_const(chain)) {
      const QList<qint64> in = v->inputs.first().shape;
      qint64 d = v->args.value("dim", json(0)).is_number_integer() ? v->args.value("dim", json(0)).get<qint64>() : -99;
      if (d < 0) d += in.size();
      if (d < 0 || d >= in.size() || d >= dims.size()) return std::nullopt;
      const int bd = dims.at(static_cast<int>(d));
      const qint64 size = in.at(static_cast<int>(d));
      if (v->name == u"select") {
        const json ix = v->args.value("index", json());
        if (!ix.is_number_integer()) return std::nullopt;
        const qint64 k = ix.get<qint64>() < 0 ? ix.get<qint64>() + size : ix.get<qint64>();
        if (k < 0 || k >= size) return std::nullopt;
        lo[bd] += k;
        hi[bd] = lo[bd] + 1;
        dims.removeAt(static_cast<int>(d));
        selected.insert(bd);
        continue;
      }
      const json st = v->args.value("step", json(1)), a0 = v->args.value("start", json()),
                 a1 = v->args.value("end", json());
      if (!(st.is_number_integer() && st.get<qint64>() == 1) || !(a0.is_null() || a0.is_number_integer()) ||
          !(a1.is_null() || a1.is_number_integer()))
        return std::nullopt;
      auto norm = [&](const json& j, qint64 dflt) {
        qint64 k = j.is_null() ? dflt : j.get<qint64>();
        if (k < 0) k += size;
        return std::clamp<qint64>(k, 0, size);
      };
      const qint64 s0 = norm(a0, 0), s1 = std::max(norm(a1, size), s0);
      hi[bd] = lo[bd] + s1;
      lo[bd] += s0;
    }
    int cut = -1;  // the one dim the write does not cover whole
    for (int d = 0; d < shape.size(); ++d)
      if (lo.at(d) != 0 || hi.at(d) != shape.at(d) || selected.contains(d)) {
        if (cut >= 0) return std::nullopt;
        cut = d;
      }
    for (int d : std::as_const(selected))
      if (d != cut) return std::nullopt;
    if (cut >= 0) {
      if (pw.dim >= 0 && pw.dim != cut) return std::nullopt;
      pw.dim = cut;
    }
    p.squeezed = !selected.isEmpty();
    p.lo = cut >= 0 ? lo.at(cut) : 0;
    his << (cut >= 0 ? hi.at(cut) : -1);
    // what it writes: a value (a pointwise launch's that nothing else reads: computed by the reader instead), a tensor,
    // or a number
    if (op->name == u"copy" || (op->name == u"fill" && op->refs.size() > 1)) {
      const QString src = resolve(op->refs.value(1));
      const Val v = m_vals.value(src);
      const Val dst = m_vals.value(resolve(op->mutates.first()));
      if (v.expr.isEmpty() || isIntegralDtype(v.dtype) || v.dtype == u"bool") return std::nullopt;
      p.expr = v.shape == dst.shape ? v.expr : QStringLiteral("%1.expand(%2.shape)").arg(v.expr, dst.expr);
      p.dtype = v.dtype;
      p.line = v.shape == dst.shape ? inlinableLaunch(src) : -1;
      if (p.line >= 0) p.kind = Piece::Kind::Launch;
    } else if (op->name == u"fill" || op->name == u"zero") {
      p.kind = Piece::Kind::Const;
      p.fill = op->name == u"zero" ? json(0.0) : op->args.value("value", json(0.0));
      if (p.fill.is_boolean()) p.fill = p.fill.get<bool>() ? 1.0 : 0.0;
      if (!p.fill.is_number() && !p.fill.is_string()) return std::nullopt;
    } else {
      return std::nullopt;
    }
    pw.pieces << p;
  }
  if (pw.pieces.isEmpty()) return std::nullopt;
  if (pw.dim < 0) {  // one write of the whole buffer (two would overlap)
    if (pw.pieces.size() != 1) return std::nullopt;
    pw.dim = 0;
    return pw;
  }
  // each element written once: the pieces in order along the dim (kwb_piece_starts checks the same at run time)
  QList<int> order;
  for (int k = 0; k < pw.pieces.size(); ++k) order << k;
  std::stable_sort(order.begin(), order.end(), [&](int a, int c) { return pw.pieces.at(a).lo < pw.pieces.at(c).lo; });
  QList<Piece> sorted;
  qint64 at = 0;
  for (int k : std::as_const(order)) {
    if (pw.pieces.at(k).lo != at || his.at(k) <= at) return std::nullopt;
    at = his.at(k);
    sorted << pw.pieces.at(k);
  }
  pw.pieces = sorted;
  if (at != shape.value(pw.dim)) return std::nullopt;
  QStringList views;
  for (const Piece& p : std::as_const(pw.pieces)) views << p.view;
  pw.starts =
      QStringLiteral("*kwb_piece_starts(%1, %2, %3)").arg(pw.buffer).arg(pw.dim).arg(views.join(QStringLiteral(", ")));
  return pw;
}

bool Planner::arange(const GraphOp& op) {
  const json start = op.args.value("start", json(0)), step = op.args.value("step", json(1));
  const QList<qint64> shape = op.outputs.value(0).shape;
  if (!start.is_number() || !step.is_number() || shape.size() != 1)
    return bad(
        QStringLiteral("%1: an arange whose start or step is not a number has no chain stage yet").arg(where(op)));
  QString device = QStringLiteral("None");
  for (const TensorInfo& t : m_g.inputs)
    if (device == u"None") device = t.name + QStringLiteral(".device");
  const QString dtype = op.outputs.value(0).dtype.isEmpty() ? QStringLiteral("int64") : op.outputs.value(0).dtype;
  Line l;
  l.target = var(op);
  // the length follows the input dim of that size (n8: arange(1, n + 1) with n = x.shape[1]), not end's literal; an
  // integer step that the resized trace shows following an input dim does too (F.embedding_bag's 2-D input: offsets
  // arange(0, numel, ids.shape[1]))
  QString stepText = pyNum(step);
  if (const auto step2 = int2(arg2(op, "step")); step.is_number_integer() && step2 && *step2 != step.get<qint64>()) {
    const QString e = sizeExpr(step.get<qint64>(), step2, QStringLiteral("%1's step").arg(where(op)));
    if (!e.startsWith(QLatin1String("kwb_at_spec("))) stepText = e;  // guardArgs then leaves it out
  }
  l.head = QStringLiteral("kwb_arange(%1, %2, %3, torch.%4, %5")
               .arg(pyNum(start),
                    m_literalSizes.contains(op.id)
                        ? QString::number(shape.value(0))
                        : sizeExpr(shape.value(0), dim2(op.id, 0), QStringLiteral("%1's length").arg(where(op))),
                    stepText, dtype, device);
  push(l, op, QStringLiteral("fill"), QStringLiteral("torch.arange %1").arg(shapeText(shape)), false);
  m_vals.insert(op.id, outVal(op));
  return true;
}

bool Planner::triangle(const GraphOp& op) {
  const auto src = value(op.refs.value(0));
  if (!src) return false;
  if (src->shape.size() < 2) return bad(QStringLiteral("%1 of a tensor of rank < 2").arg(where(op)));
  const json d = op.args.value("diagonal", json(0));
  if (!d.is_number_integer()) return bad(QStringLiteral("%1 without an integer diagonal").arg(where(op)));
  Line l;
  l.target = var(op);
  l.head = QStringLiteral("kwb_tri(%1, %2, %3").arg(src->expr, pyNum(d), pyBool(op.name == u"triu"));
  push(l, op, QStringLiteral("tri"),
       QStringLiteral("%1 of %2, diagonal %3").arg(op.name, shapeText(src->shape), pyNum(d)), false);
  m_vals.insert(op.id, outVal(op));
  return true;
}

bool Planner::onlyNormAffine(const GraphOp& op) const {
  int reads = 0;  // the result read by anything else, or returned, counts in m_uses but not here
  for (const GraphOp& o : m_ops) {
    bool affine = false;
    for (auto it = o.operands.cbegin(); it != o.operands.cend(); ++it)
      if (resolve(it.value()) == op.id) {
        if (!(it.key() == u"weight" || it.key() == u"bias")) return false;
        affine = true;
      }
    const bool readsOp =
        std::any_of(o.refs.begin(), o.refs.end(), [&](const QString& r) { return resolve(r) == op.id; });
    if (!readsOp) continue;
    // a batch norm on batch statistics only (kwb_batch_norm; evalNorm's [C, 1, ...] views need a [C] weight)
    if (!affine || !isNormOp(o.name) || o.name.contains(QLatin1String("group")) ||
        o.name.contains(QLatin1String("layer")) || !operandOf(o, "running_mean").isEmpty())
      return false;
    ++reads;
  }
  return reads > 0 && reads == m_uses.value(op.id);
}

bool Planner::repeat(const GraphOp& op) {
  // Tensor.repeat (affine instance norm tiles its per-channel weight and bias once per sample, repeats = [N]):
  // an expand view where only the norm reads it, else a small host-side copy (which the harness's dispatch check
  // calls PyTorch compute); a count that is a forward() input's size follows it.
  const auto src = value(op.refs.value(0));
  if (!src) return false;
  const json& r = op.args.value("repeats", json());
  if (!r.is_array() || r.empty()) return bad(QStringLiteral("%1 without integer repeats").arg(where(op)));
  QStringList counts;
  const auto r2 = arg2(op, "repeats");
  for (std::size_t k = 0; k < r.size(); ++k) {
    const json& c = r.at(k);
    if (!c.is_number_integer()) return bad(QStringLiteral("%1 without integer repeats").arg(where(op)));
    // the count at the resize check, when the second trace has one; -1 = none. A plain integer, not an optional
    // built by a conditional: GCC 12 -O2 read that optional as maybe uninitialized in sizeExpr (new-user trial 12,
    // #13, a release-only warning the Debug -Werror build never saw).
    qint64 count2 = -1;
    if (r2 && r2->is_array() && k < r2->size() && r2->at(k).is_number_integer()) count2 = r2->at(k).get<qint64>();
    counts << sizeExpr(c.get<qint64>(), count2 >= 0 ? std::optional<qint64>(count2) : std::nullopt,
                       QStringLiteral("%1's repeat count").arg(where(op)));
  }
  Line l;
  l.target = var(op);
  l.tail.clear();
  if (src->shape.size() == 1 && counts.size() == 1 && onlyNormAffine(op)) {
    // instance norm's weight / bias tiled per sample ([C] -> [N*C]) as an expand view [N, C] with a zero stride:
    // kwb_batch_norm reads channel n*C + c's weight at [n, c] by index, so no copy runs in forward()
    l.head = QStringLiteral("%1.expand(%2, -1)").arg(src->expr, counts.first());
    l.comment = QStringLiteral("repeat as a view: the norm reads %1 per channel by index").arg(shapeText(src->shape));
    m_lines << l;
    Val v = outVal(op);
    v.shape = {r.at(0).get<qint64>(), src->shape.first()};
    m_vals.insert(op.id, v);
    closeAnchor();
    return true;
  }
  l.head = QStringLiteral("%1.repeat(%2%3)")
               .arg(src->expr, counts.join(QStringLiteral(", ")), counts.size() == 1 ? QStringLiteral(",") : QString());
  l.comment = QStringLiteral("repeat: a host-side copy of %1").arg(shapeText(src->shape));
  m_lines << l;
  m_vals.insert(op.id, outVal(op));
  closeAnchor();
  return true;
}

bool Planner::evalNorm(const GraphOp& op) {
  const QString n = op.name;
  if (!isNormOp(n) || n.contains(QLatin1String("group")) || n.contains(QLatin1String("layer"))) return false;
  const QString xRef = operandOf(op, "input").isEmpty() ? op.refs.value(0) : operandOf(op, "input");
  const QString mean = operandOf(op, "running_mean"), var = operandOf(op, "running_var");
  if (mean.isEmpty() || var.isEmpty() || xRef.isEmpty()) return false;  // batch statistics always (instance norm)
  const QList<qint64> shape = op.inputs.value(0).shape;
  if (shape.size() < 2 || shape.size() > 5 || op.outputs.isEmpty()) return false;
  const QString dtype = op.outputs.first().dtype;
  // a parameter of [C] as a [C, 1, ...] view: it broadcasts over the dims after the channel (a view, no compute)
  auto perChannel = [&](const QString& ref) -> QString {
    if (ref.isEmpty()) return {};
    const auto v = value(ref);
    if (!v) return {};
    if (shape.size() == 2) return resolve(ref);
    const QString id = QStringLiteral("%1_%2").arg(op.id, QString(ref).replace(u'.', u'_'));
    QStringList dims = {QStringLiteral("-1")};
    for (int d = 2; d < shape.size(); ++d) dims << QStringLiteral("1");
    QList<qint64> sh = {shape.at(1)};
    for (int d = 2; d < shape.size(); ++d) sh << 1;
    m_vals.insert(id, Val{QStringLiteral("%1.view(%2)").arg(v->expr, dims.join(QStringLiteral(", "))), sh, v->dtype});
    return id;
  };
  const QString m = perChannel(mean), vr = perChannel(var), w = perChannel(operandOf(op, "weight")),
                b = perChannel(operandOf(op, "bias"));
  if (m.isEmpty() || vr.isEmpty()) return false;
  const json eps = op.args.value("eps", json(1e-5));
  // (x - mean) * rsqrt(var + eps) * weight + bias, the order PyTorch's CPU kernel uses for eval mode
  QList<PwNode> nodes = {{"sub", json::array({xRef.toStdString(), m.toStdString()})},
                         {"add", json::array({vr.toStdString(), json{{"const", eps}}})},
                         {"rsqrt", json::array({"@1"})},
                         {"mul", json::array({"@0", "@2"})}};
  if (!w.isEmpty()) nodes.append({"mul", json::array({"@" + std::to_string(nodes.size() - 1), w.toStdString()})});
  if (!b.isEmpty()) nodes.append({"add", json::array({"@" + std::to_string(nodes.size() - 1), b.toStdString()})});
  const QList<qint64> valShape = m_vals.value(vr).shape;
  appendPointwiseNodes(op, nodes, QStringLiteral("_bn"), QStringLiteral("batch_norm"), dtype,
                       [&](qsizetype k) { return k == 1 || k == 2 ? valShape : shape; });
  ++m_evalNorms;
  return true;
}

void Planner::appendPointwiseNodes(const GraphOp& op, const QList<PwNode>& nodes, const QString& suffix,
                                   const QString& name, const QString& dtype,
                                   const std::function<QList<qint64>(qsizetype)>& shapeOf) {
  QStringList ids;
  for (qsizetype k = 0; k < nodes.size(); ++k)
    ids << (k + 1 == nodes.size() ? op.id : QStringLiteral("%1%2%3").arg(op.id, suffix).arg(k));
  for (qsizetype k = 0; k < nodes.size(); ++k) {
    GraphOp s;
    s.id = ids.at(k);
    s.name = name;  // what a plan's description names
    s.category = QStringLiteral("Elementwise");
    s.line = op.line;
    s.function = op.function;
    json args = json::array();
    for (const json& a : nodes.at(k).args) {
      if (a.is_string() && a.get<std::string>().rfind('@', 0) == 0)
        args.push_back(ids.at(std::stoi(a.get<std::string>().substr(1))).toStdString());
      else
        args.push_back(a);
    }
    for (const json& a : args)
      if (a.is_string()) s.refs << QString::fromStdString(a.get<std::string>());
    s.pw = {{"op", nodes.at(k).op}, {"args", args}, {"kwargs", json::object()}};
    s.outputs = {TensorInfo{}};
    s.outputs.first().shape = shapeOf(k);
    s.outputs.first().dtype = dtype;
    if (k + 1 < nodes.size()) m_synthInner.insert(s.id);
    m_synth.push_back(s);
    m_run << &m_synth.back();
  }
}

bool Planner::scaledGemm(const GraphOp& op) {
  const bool batched = op.name == u"baddbmm", vector = op.name == u"addmv";
  const char* aName = batched ? "batch1" : vector ? "mat" : "mat1";
  const char* bName = batched ? "batch2" : vector ? "vec" : "mat2";
  const QString biasRef = operandOf(op, "self").isEmpty() ? op.refs.value(0) : operandOf(op, "self");
  const QString aRef = operandOf(op, aName).isEmpty() ? op.refs.value(1) : operandOf(op, aName);
  const QString bRef = operandOf(op, bName).isEmpty() ? op.refs.value(2) : operandOf(op, bName);
  double alpha = 1.0, beta = 1.0;
  const json ja = op.args.value("alpha", json(1.0)), jb = op.args.value("beta", json(1.0));
  if (!ja.is_number() || !jb.is_number())
    return bad(QStringLiteral("%1: alpha or beta that is not a number has no chain stage yet").arg(where(op)));
  alpha = ja.get<double>();
  beta = jb.get<double>();
  if (biasRef.isEmpty() || aRef.isEmpty() || bRef.isEmpty() || !value(biasRef))
    return bad(QStringLiteral("%1 without its three operands").arg(where(op)));
  GraphOp mm = op;
  mm.id = op.id + QStringLiteral("_mm");
  mm.name = batched ? QStringLiteral("bmm") : vector ? QStringLiteral("mv") : QStringLiteral("mm");
  mm.refs = {aRef, bRef};
  mm.operands = {{QStringLiteral("self"), aRef}, {vector ? QStringLiteral("vec") : QStringLiteral("mat2"), bRef}};
  mm.args = json::object();
  mm.inputs = op.inputs.mid(1);
  mm.pw = json();
  m_synth.push_back(mm);
  if (!stage(m_synth.back())) return false;
  m_plan.ops.removeAll(mm.id);  // not an op of the graph: op.id stands for the whole
  m_plan.launches.last().ops.removeAll(mm.id);
  m_uses[mm.id] = 1;
  const QString dtype = op.outputs.value(0).dtype;
  // alpha * (A B) + beta * bias, in torch's order (beta == 0 ignores the bias, NaN included, as torch does)
  QList<PwNode> nodes;
  QString acc = mm.id;
  if (alpha != 1.0) nodes.append({"mul", json::array({acc.toStdString(), json{{"const", alpha}}})});
  if (beta != 0.0) {
    if (beta != 1.0) nodes.append({"mul", json::array({biasRef.toStdString(), json{{"const", beta}}})});
    nodes.append({"add", json::array({alpha != 1.0 ? "@0" : acc.toStdString(),
                                      beta != 1.0 ? QStringLiteral("@%1").arg(nodes.size() - 1).toStdString()
                                                  : biasRef.toStdString()})});
  }
  if (nodes.isEmpty()) nodes.append({"mul", json::array({acc.toStdString(), json{{"const", 1.0}}})});
  appendPointwiseNodes(op, nodes, QStringLiteral("_ab"), op.name + QStringLiteral(" alpha/beta"), dtype,
                       [&](qsizetype) { return op.outputs.value(0).shape; });
  return true;
}

bool Planner::fuseConvReduce(const GraphOp& op, const QString& kind, const QList<qint64>& dims, bool keepdim) {
  static const QSet<QString> kinds = {QStringLiteral("sum"), QStringLiteral("mean"), QStringLiteral("amax"),
                                      QStringLiteral("amin"), QStringLiteral("logsumexp")};
  if (!kinds.contains(kind) || op.refs.isEmpty()) return false;
  const QString r = resolve(op.refs.first());
  const auto at = m_convOut.constFind(r);
  // read by this reduction alone (m_uses counts forward()'s result too): the full output is then never needed
  if (at == m_convOut.cend() || m_uses.value(r) != 1) return false;
  const qint64 rank = op.inputs.value(0).shape.size();
  if (rank < 3 || rank > 5) return false;
  QSet<qint64> spatial, got;
  for (qint64 d = 2; d < rank; ++d) spatial.insert(d);
  for (qint64 d : dims) got.insert(d < 0 ? d + rank : d);
  const bool channel = got == QSet<qint64>{1};
  if (got != spatial && !channel) return false;
  if (!channel && kind == u"logsumexp") return false;  // over the spatial dims: no atomic combines it
  const auto [lineAt, launchAt] = *at;
  Line& l = m_lines[lineAt];
  l.head += QStringLiteral(", reduce=\"%1\", keepdim=%2%3")
                .arg(kind, pyBool(keepdim), channel ? QStringLiteral(", over=\"channel\"") : QString());
  l.target = op.id;
  const QString note = QStringLiteral("%1 over the %2 in the tiles")
                           .arg(kind, channel ? QStringLiteral("channels") : QStringLiteral("spatial dims"));
  l.comment = l.comment.isEmpty() ? note : l.comment + QStringLiteral("; ") + note;
  ChainLaunch& launch = m_plan.launches[launchAt];
  launch.ops << op.id;
  launch.description +=
      channel ? QStringLiteral(" + %1 over the channels (fused where one N tile holds them all)").arg(kind)
              : QStringLiteral(" + %1 over the spatial dims (fused: per-tile partials into [N, C])").arg(kind);
  m_plan.ops << op.id;
  if (m_openAnchor == lineAt) closeAnchor();  // a pointwise run after the reduction is not the conv's epilogue
  m_vals.remove(r);
  m_convOut.remove(r);
  m_vals.insert(op.id, outVal(op));
  return true;
}

bool Planner::fuseNormReduce(const GraphOp& op, const QString& kind, const QList<qint64>& dims, bool keepdim) {
  static const QSet<QString> kinds = {QStringLiteral("sum"), QStringLiteral("mean"), QStringLiteral("amax"),
                                      QStringLiteral("amin"), QStringLiteral("logsumexp")};
  if (!kinds.contains(kind) || op.refs.isEmpty()) return false;
  const QString r = resolve(op.refs.first());
  const auto at = m_normOut.constFind(r);
  if (at == m_normOut.cend() || m_uses.value(r) != 1) return false;  // the normalized tensor read elsewhere too
  const qint64 rank = op.inputs.value(0).shape.size();
  if (rank < 3 || rank > 5 || dims.size() != 1 || (dims.first() + rank) % rank != 1) return false;
  const auto [lineAt, launchAt] = *at;
  Line& l = m_lines[lineAt];
  l.head += QStringLiteral(", reduce=\"%1\", keepdim=%2").arg(kind, pyBool(keepdim));
  l.target = op.id;
  const QString note = QStringLiteral("%1 over the channels in the apply's tiles").arg(kind);
  l.comment = l.comment.isEmpty() ? note : l.comment + QStringLiteral("; ") + note;
  ChainLaunch& launch = m_plan.launches[launchAt];
  launch.ops << op.id;
  launch.description += QStringLiteral(" + %1 over the channels (fused where one apply tile holds them all)").arg(kind);
  m_plan.ops << op.id;
  if (m_openAnchor == lineAt) closeAnchor();  // a pointwise run after the reduction is not the norm's epilogue
  m_vals.remove(r);
  m_normOut.remove(r);
  m_vals.insert(op.id, outVal(op));
  return true;
}

bool Planner::fuseConvCat(const GraphOp& op) {
  if ((op.name != u"cat" && op.name != u"concat") || op.refs.size() < 2 || op.outputs.isEmpty()) return false;
  const qint64 rank = op.outputs.first().shape.size();
  const json dimArg = op.args.value("dim", json(0));
  if (rank < 3 || rank > 5 || !dimArg.is_number_integer() || (dimArg.get<qint64>() + rank) % rank != 1) return false;
  QList<QPair<int, int>> parts;
  QSet<QString> seen;
  for (const QString& ref : op.refs) {
    const QString r = resolve(ref);
    const auto at = m_convOut.constFind(r);
    // read by this cat alone (once: a part listed twice is two slices of one value) and planned as a plain output
    if (at == m_convOut.cend() || m_uses.value(r) != 1 || seen.contains(r) || !m_convCall.contains(at->first))
      return false;
    const Line& l = m_lines.at(at->first);
    if (l.head.contains(QStringLiteral("out=")) || l.tail != u")" || l.target != r) return false;
    seen.insert(r);
    parts << *at;
  }
  int first = parts.first().first;
  for (const auto& p : std::as_const(parts)) first = qMin(first, p.first);
  const QString buf = var(op) + QStringLiteral("_buf");
  QStringList specs, vals;
  for (const auto& p : std::as_const(parts)) {
    const QStringList call = m_convCall.value(p.first);
    specs << QStringLiteral("(%1, %2)").arg(call.at(1), call.at(2));
  }
  const QStringList firstCall = m_convCall.value(first);
  m_lines[first].before =
      QStringLiteral(
          "%1, %2_parts = conv_cat_buffer(%3, %4, %5, [%6])  # the cat's buffer: each "
          "convolution writes its channel slice")
          .arg(buf, var(op), firstCall.at(0), firstCall.at(1), firstCall.at(2), specs.join(QStringLiteral(", ")));
  for (int k = 0; k < parts.size(); ++k) {
    Line& l = m_lines[parts.at(k).first];
    l.head += QStringLiteral(", out=%1_parts[%2]").arg(var(op)).arg(k);
    const QString note = QStringLiteral("into its slice of %1").arg(buf);
    l.comment = l.comment.isEmpty() ? note : l.comment + QStringLiteral("; ") + note;
    m_plan.launches[parts.at(k).second].description +=
        QStringLiteral(" (written into its channel slice of the cat's buffer)");
    m_convOut.remove(resolve(op.refs.at(k)));
    vals << l.target;
  }
  // the cat itself: the buffer (CONV_CAT_SLICES off: each convolution allocated its own output, and this is kwb_cat)
  Line cat;
  cat.target = var(op);
  cat.head = QStringLiteral("conv_cat_join(%1, [%2]").arg(buf, vals.join(QStringLiteral(", ")));
  cat.comment = QStringLiteral("cat along dim 1: no launch, its parts wrote their slices");
  m_lines << cat;
  closeAnchor();  // a pointwise run after the cat has no launch to fuse into (each convolution wrote a slice)
  m_plan.launches[parts.last().second].ops << op.id;
  m_plan.ops << op.id;
  m_vals.insert(op.id, outVal(op));
  return true;
}

bool Planner::fuseGatherReduce(const GraphOp& op, const QString& kind, const QList<qint64>& dims, bool keepdim) {
  if (kind != u"sum" && kind != u"mean" && kind != u"amax" && kind != u"amin") return false;
  const QString src = resolve(op.refs.value(0));
  const auto at = m_gatherCall.constFind(src);
  if (at == m_gatherCall.cend() || m_uses.value(src) != 1 || at->line < 0 || at->line >= m_lines.size()) return false;
  Line& g = m_lines[at->line];
  if (g.target != src || g.tail != u")" || g.launch < 0 || !g.head.startsWith(QLatin1String("kwb_embedding(")))
    return false;
  const qint64 rank = op.inputs.value(0).shape.size();  // the indices' rank + 1 (the embedding dim, last)
  if (rank < 2 || dims.isEmpty()) return false;
  QList<qint64> d;
  for (qint64 v : dims) d << (v < 0 ? v + rank : v);
  std::sort(d.begin(), d.end());
  // the reduced dims: the indices' trailing dims, one consecutive range ending before the embedding dim
  if (d.last() != rank - 2 || d.first() < 0) return false;
  for (int k = 1; k < d.size(); ++k)
    if (d.at(k) != d.at(k - 1) + 1) return false;
  g.head = QStringLiteral("kwb_embedding_reduce(%1, %2, %3, \"%4\", %5")
               .arg(at->weight, at->indices, pyList(d), kind, pyBool(keepdim));
  g.target = var(op);
  g.comment = QStringLiteral("the gathered rows reduced in registers: the gather is never written");
  ChainLaunch& cl = m_plan.launches[g.launch];
  cl.ops << op.id;
  cl.description +=
      QStringLiteral(", %1 over dims %2 in the same launch (the gathered rows never written)").arg(kind, pyList(d));
  m_plan.ops << op.id;
  m_vals.remove(src);
  m_vals.insert(op.id, outVal(op));
  m_gatherCall.remove(src);
  closeAnchor();
  return true;
}

bool Planner::fitsEpilogue(const QList<const GraphOp*>& piece) const {
  QSet<QString> internal, ext;
  int scalars = 0;
  for (const GraphOp* o : piece) internal.insert(o->id);
  for (const GraphOp* o : piece) {
    if (!o->pw.is_object()) return true;  // no pointwise form: pointwisePiece gives the reason
    for (const auto& arg : o->pw.value("args", json::array())) {
      if (arg.is_string()) {
        const QString r = resolve(QString::fromStdString(arg.get<std::string>()));
        if (!internal.contains(r)) ext.insert(r);
      } else if (arg.is_object() && arg.contains("scalar_input")) {
        ++scalars;
      }
    }
    const json kwargs = o->pw.value("kwargs", json::object());
    for (const auto& [key, v] : kwargs.items()) {  // tensors by keyword
      const QString r = v.is_string() ? resolve(QString::fromStdString(v.get<std::string>())) : QString();
      if (!r.isEmpty() && !internal.contains(r) && m_vals.contains(r)) ext.insert(r);
    }
  }
  if (ext.size() <= kEpiTensors + 1 || scalars > kEpiScalars)
    return ext.size() <= kEpiTensors + 1 && scalars <= kEpiScalars;
  // columns of one tensor count once (kwb_cols); a column may be the launch's x (the primary), which then takes a
  // slot of its own beside its group's
  // only where pointwisePiece can group them: a launch of its own (not an open GEMM / convolution's epilogue) of rank
  // <= 4; elsewhere the soft cuts stay (the per-op cut of an over-slot run is the worse fallback)
  const QString face = m_anchorViews.isEmpty() ? m_openAnchorRef : m_anchorViews.last();
  if ((!face.isEmpty() && ext.contains(face)) || piece.last()->outputs.value(0).shape.size() > 4) return false;
  QStringList refs(ext.cbegin(), ext.cend());
  qsizetype need = ext.size();
  for (const QStringList& g : columnGroups(refs)) need -= g.size() - 1;
  return need + 1 <= kEpiTensors + 1;
}

bool Planner::flushCone(const QString& ref) {
  QSet<QString> cone{ref};
  for (int k = static_cast<int>(m_run.size()) - 1; k >= 0; --k)
    if (cone.contains(m_run.at(k)->id))
      for (const QString& r : m_run.at(k)->refs) cone.insert(resolve(r));
  QList<const GraphOp*> first, rest;
  QList<int> cutsFirst, cutsRest;
  for (int k = 0; k <= m_run.size(); ++k) {
    if (m_softCuts.contains(k)) {
      if (!first.isEmpty()) cutsFirst << static_cast<int>(first.size());
      if (!rest.isEmpty()) cutsRest << static_cast<int>(rest.size());
    }
    if (k < m_run.size()) (cone.contains(m_run.at(k)->id) ? first : rest) << m_run.at(k);
  }
  m_run = first;
  m_softCuts = cutsFirst;
  if (!flushRun()) return false;
  m_run = rest;
  m_softCuts = cutsRest;
  return true;
}

bool Planner::flushRun() {
  // A run is cut into pieces of one result each: a result is an op whose value is read outside the run (or is the
  // output, or ends the run), or one read by the pieces of two results (it cannot be computed inside both). Every other
  // op joins the piece of the one result its readers feed (walking back from the end). A piece is the run's ops of
  // one owner in run order; pieces go in the order of their results, so each reads only results made before it.
  // A piece need not be contiguous: an LSTM cell's output gate (sigmoid_ of a split) is read only by h = o * tanh(c),
  // after c, which the next step reads too, is cut (new-user trial 12, #3: a cut at c left the gate's value in c's
  // piece, where nothing wrote it).
  // A contiguous piece that does not fit one epilogue is also cut where a view inside the run used to end it
  // (m_softCuts): the pieces it had before views could stay inside a run.
  const QList<const GraphOp*> run = m_run;
  const QList<int> softCuts = m_softCuts;
  m_run.clear();
  m_softCuts.clear();
  const int n = static_cast<int>(run.size());
  QList<int> owner(n, -1);
  for (int k = n - 1; k >= 0; --k) {
    const GraphOp* o = run.at(k);
    int inside = 0;
    QSet<int> owners;
    for (int j = k + 1; j < n; ++j)
      for (const QString& r : run.at(j)->refs)
        if (resolve(r) == o->id) {
          ++inside;
          owners.insert(owner.at(j));
        }
    const bool result = k + 1 == n || m_uses.value(o->id) > inside || owners.size() != 1;
    owner[k] = result ? k : *owners.cbegin();
  }
  for (int k = 0; k < n; ++k) {
    if (owner.at(k) != k) continue;
    QList<int> members;
    for (int j = 0; j <= k; ++j)
      if (owner.at(j) == k) members << j;
    QList<const GraphOp*> piece;
    for (int j : std::as_const(members)) piece << run.at(j);
    const int start = members.first();
    if (members.size() != k + 1 - start) {  // not contiguous: no view of the run's falls inside it
      if (!pointwisePiece(piece)) return false;
      continue;
    }
    QList<int> cuts = {start}, within;
    for (int c : softCuts)  // views in a row leave one cut each at the same place
      if (c > start && c <= k && !within.contains(c)) within << c;
    if (!within.isEmpty() && !fitsEpilogue(piece)) cuts << within;
    cuts << k + 1;
    // Cut at soft cuts, each part is a run of its own: a value inside one part that a later part reads is then a
    // result there (written), not an op computed inside its part alone (trial 31's GIoU, union = area - inter read
    // by iou and by the enclosure term across the cut: "reads 't66', which nothing produced", session 44, giou44).
    const bool cut = cuts.size() > 2;
    for (int c = 0; c + 1 < cuts.size(); ++c) {
      const QList<const GraphOp*> part = run.mid(cuts.at(c), cuts.at(c + 1) - cuts.at(c));
      if (cut) {
        m_run = part;  // no soft cuts in it: flushRun does not come back here
        if (!flushRun()) return false;
      } else if (!pointwisePiece(part)) {
        return false;
      }
    }
  }
  return true;
}

bool Planner::pointwisePiece(const QList<const GraphOp*>& piece) {
  const GraphOp& lastOp = *piece.last();
  const QList<qint64> outShape = lastOp.outputs.value(0).shape;
  QSet<QString> internal;
  for (const GraphOp* o : piece) internal.insert(o->id);
  // the external tensors in order of first use, and the scalar inputs
  QStringList ext, scalars;
  QHash<QString, QString> extName;  // resolved ref -> name in the mini program
  json nodes = json::array();
  for (const GraphOp* o : piece) {
    if (!o->pw.is_object()) {
      m_unjudged = true;  // a spec from a probe before `pw`: the other planners' reason stands
      return bad(QStringLiteral("%1: the probe gave no pointwise form (re-run analyze)").arg(where(*o)));
    }
    json node = {{"id", o->id.toStdString()},
                 {"op", o->pw.value("op", o->name.toStdString())},  // an eval batch norm's ops name their own
                 {"args", json::array()},
                 {"kwargs", o->pw.value("kwargs", json::object())}};
    for (const auto& arg : o->pw.value("args", json::array())) {
      if (arg.is_string()) {
        const QString r = resolve(QString::fromStdString(arg.get<std::string>()));
        if (m_constScalar.contains(r)) {  // a constant factory: its number
          node["args"].push_back(m_constScalar.value(r));
          continue;
        }
        if (internal.contains(r)) {
          node["args"].push_back(r.toStdString());
          continue;
        }
        if (!extName.contains(r)) {
          extName.insert(r, QStringLiteral("a%1").arg(ext.size()));
          ext << r;
        }
        node["args"].push_back(extName.value(r).toStdString());
      } else {
        if (arg.is_object() && arg.contains("scalar_input")) {
          const QString s = QString::fromStdString(arg.at("scalar_input").get<std::string>());
          if (!scalars.contains(s)) scalars << s;
        }
        node["args"].push_back(arg);
      }
    }
    // a tensor by keyword (clamp(x, min=lo, max=hi) with tensor bounds) is an operand too: named as the args' are
    for (auto& [key, v] : node["kwargs"].items()) {
      const QString r = v.is_string() ? resolve(QString::fromStdString(v.get<std::string>())) : QString();
      if (r.isEmpty() || !(internal.contains(r) || m_vals.contains(r) || m_constScalar.contains(r))) continue;
      if (m_constScalar.contains(r)) {
        v = m_constScalar.value(r);
      } else if (internal.contains(r)) {
        v = r.toStdString();
      } else {
        if (!extName.contains(r)) {
          extName.insert(r, QStringLiteral("a%1").arg(ext.size()));
          ext << r;
        }
        v = extName.value(r).toStdString();
      }
    }
    nodes.push_back(node);
  }
  // the primary operand: the open anchor's output (or the last of its views: m_anchorViews) when the run reads it at
  // the output's shape, whichever operand of the op it is (x - gemm, x / gemm), else the first operand of the
  // output's shape
  QString primary;
  const QString face = m_anchorViews.isEmpty() ? m_openAnchorRef : m_anchorViews.last();
  if (!face.isEmpty() && ext.contains(face) && m_vals.value(face).shape == outShape) primary = face;
  for (const QString& r : ext)
    if (primary.isEmpty() && m_vals.contains(r) && m_vals.value(r).shape == outShape) primary = r;
  // An outer broadcast (x[..., :, None] - x[..., None, :], a [B, 1, K] sum times a [1, D, K] parameter): no operand
  // has the result's shape. The first tensor operand, expanded (stride 0) to the run-time broadcast of every
  // operand's shape, is the primary: kwb_pointwise walks the result's shape and writes it contiguous.
  QString broadcastExpr;
  if (primary.isEmpty()) {
    QStringList shapes;
    for (const QString& r : ext)
      if (m_vals.contains(r)) {
        if (primary.isEmpty()) primary = r;
        shapes << QStringLiteral("(%1).shape").arg(m_vals.value(r).expr);
      }
    if (primary.isEmpty() || outShape.size() > 5)
      return bad(QStringLiteral("%1: a pointwise result of shape %2 is larger than each of its operands (an outer "
                                "broadcast of rank > 5 or of no tensor has no chain stage yet)")
                     .arg(where(lastOp), shapeText(outShape)));
    broadcastExpr = QStringLiteral("(%1).expand(torch.broadcast_shapes(%2))")
                        .arg(m_vals.value(primary).expr, shapes.join(QStringLiteral(", ")));
  }
  // Integer tensors: a count of a bool mask (mask.sum(dim), its clamp, a bool cast to an integer: m_counts) is exact
  // in the fp32 computation below 2^24 and is read like any value; any other integer tensor is refused, naming the
  // op that made it, the op that reads it and their lines (new-user trial 11, #5: the reason named neither)
  // An integer tensor only compared with an integer constant below 2^24 (a class target against ignore_index): the
  // comparison in fp32 is exact for values in (-2^24, 2^24)
  // An arange of fewer than 2^24 values (through views) is exact in fp32, and so is its comparison with any integer
  // tensor: fl(L) >= 2^24 > i where L is not exact (probe19 q14: the padding mask arange(T)[None] < lengths[:, None])
  auto smallArange = [&](QString r) {
    for (int guard = 0; guard < 16; ++guard) {
      const GraphOp* o = opById(resolve(r));
      if (!o) return false;
      if (o->name == u"arange") {
        const QList<qint64> sh = o->outputs.value(0).shape;
        return sh.size() == 1 && sh.first() < (qint64{1} << 24) && o->outputs.value(0).dtype != u"float32";
      }
      if (!o->view || o->refs.isEmpty()) return false;
      r = o->refs.first();
    }
    return false;
  };
  auto comparedOnly = [&](const QString& r) {
    static const QSet<QString> cmp = {QStringLiteral("eq"), QStringLiteral("ne"), QStringLiteral("lt"),
                                      QStringLiteral("le"), QStringLiteral("gt"), QStringLiteral("ge")};
    bool read = false;
    for (const GraphOp* o : piece) {
      if (std::none_of(o->refs.cbegin(), o->refs.cend(), [&](const QString& x) { return resolve(x) == r; })) continue;
      const json c = o->args.value("other", json());
      const bool twoInts = cmp.contains(o->name) && o->refs.size() == 2 && isIntegralDtype(o->inputs.value(0).dtype) &&
                           isIntegralDtype(o->inputs.value(1).dtype) &&
                           (smallArange(o->refs.at(0)) || smallArange(o->refs.at(1)));
      if (twoInts) {
        read = true;
        continue;
      }
      if (!cmp.contains(o->name) || o->refs.size() != 1 || !c.is_number_integer() ||
          std::abs(c.get<qint64>()) >= (qint64{1} << 24))
        return false;
      read = true;
    }
    return read;
  };
  // An integer tensor compared only with another integer tensor (arange(T)[None, :] < lengths[:, None], new-user
  // trial 19 #6; an int input read through its strides): read in its own dtype and compared exactly in the kernel's
  // integers, whatever its values (no fp32 round trip above 2^24); the comparison's bool is the only value the run
  // makes of it (DECISIONS.md "Integer tensors compared exactly")
  auto plainInt = [&](const QString& r) {
    return m_vals.contains(r) && isIntegralDtype(m_vals.value(r).dtype) && !m_counts.contains(r) &&
           !m_indices.contains(r);
  };
  QSet<QString> exactInts;
  for (const QString& r : ext) {
    static const QSet<QString> cmp = {QStringLiteral("eq"), QStringLiteral("ne"), QStringLiteral("lt"),
                                      QStringLiteral("le"), QStringLiteral("gt"), QStringLiteral("ge")};
    if (!plainInt(r)) continue;
    bool read = false, exact = true;
    for (const GraphOp* o : piece) {
      if (std::none_of(o->refs.cbegin(), o->refs.cend(), [&](const QString& x) { return resolve(x) == r; })) continue;
      read = true;
      exact = exact && cmp.contains(o->name) && o->refs.size() == 2 &&
              std::all_of(o->refs.cbegin(), o->refs.cend(), [&](const QString& x) { return plainInt(resolve(x)); });
    }
    if (read && exact) exactInts.insert(r);
  }
  // Integer arithmetic (T5's relative-position buckets, an index computed before a gather; issue 14): a run none of
  // the uses above covers is an integer program -- every integer operand loaded in its own dtype, every node whose
  // traced result is int64 computed exactly in int64 by the lowering (node "dtype"), the float nodes reading them
  // after torch's promotion (pointwise.cpp integerNode). Where the lowering has no integer form of an op it says so
  // below (the op in its reason); a run that it lowers needs no refusal.
  const bool intProgram = std::any_of(ext.cbegin(), ext.cend(), [&](const QString& r) {
    return isIntegralDtype(m_vals.value(r).dtype) && !m_counts.contains(r) && !m_indices.contains(r) &&
           !exactInts.contains(r) && !comparedOnly(r);
  });
  if (intProgram) {
    for (const QString& r : ext)
      if (isIntegralDtype(m_vals.value(r).dtype)) exactInts.insert(r);
    for (auto& node : nodes) {
      const QString id = QString::fromStdString(node.value("id", std::string()));
      for (const GraphOp* o : piece)
        if (o->id == id && isIntegralDtype(normaliseDtype(o->outputs.value(0).dtype)))
          node["dtype"] = normaliseDtype(o->outputs.value(0).dtype).toStdString();
    }
  }
  for (const QString& r : ext) {
    const QString dt = m_vals.value(r).dtype;
    if (!isIntegralDtype(dt) || m_counts.contains(r) || m_indices.contains(r) || exactInts.contains(r) ||
        comparedOnly(r))
      continue;
    // the reason names the first reader that is none of the supported uses (new-user trial 20 #4: (j <= i) &
    // (i - j < w) blamed the exact comparison j <= i, not the subtraction i - j), else the first reader
    static const QSet<QString> cmp = {QStringLiteral("eq"), QStringLiteral("ne"), QStringLiteral("lt"),
                                      QStringLiteral("le"), QStringLiteral("gt"), QStringLiteral("ge")};
    const GraphOp* reader = nullptr;
    const GraphOp* blocker = nullptr;
    for (const GraphOp* o : piece) {
      if (std::none_of(o->refs.cbegin(), o->refs.cend(), [&](const QString& x) { return resolve(x) == r; })) continue;
      if (!reader) reader = o;
      const bool exactCompare =
          cmp.contains(o->name) && o->refs.size() == 2 &&
          std::all_of(o->refs.cbegin(), o->refs.cend(), [&](const QString& x) { return plainInt(resolve(x)); });
      if (!blocker && !exactCompare) blocker = o;
    }
    if (blocker) reader = blocker;
    if (!reader) reader = &lastOp;
    const bool arith = reader->name == u"sub" || reader->name == u"add" || reader->name == u"rsub";
    return bad(
        QStringLiteral("%1 reads %2, an %3 tensor: an integer tensor has an elementwise lowering only as a count "
                       "of a bool mask (mask.sum(dim), exact in fp32) or compared with another integer tensor "
                       "(arange(T)[None, :] < lengths[:, None], exact)%4")
            .arg(where(*reader), describeRef(r), dt,
                 arith ? QStringLiteral("; a band of positions (i - j < w) written as j > i - w (an arange "
                                        "compared with an offset arange) or with torch.tril of ones "
                                        "(ones(T, T).tril() & ~ones(T, T).tril(-w)) has one")
                       : QString()));
  }
  const QString primDt =
      m_vals.value(primary).dtype.isEmpty() ? QStringLiteral("float32") : m_vals.value(primary).dtype;
  auto miniDtype = [](const QString& d) { return isIntegralDtype(d) ? QStringLiteral("float32") : d; };
  const QString dtype = miniDtype(primDt);  // the mini program's: integers (counts) are fp32 values there
  // The result's dtype where the run changes its kind (a count clamped to int64 out of a float, a bool mask or a
  // count cast to a float: mask.float()): kwb_pointwise writes x's dtype unless told, and a bool result of a float
  // cast is no float (trial 11's masked mean read a 0 / 1 sum)
  const QString traced = normaliseDtype(lastOp.outputs.value(0).dtype);
  QString outDtypeArg;
  if (isIntegralDtype(traced) && traced != primDt)
    outDtypeArg = QStringLiteral("torch.") + traced;
  else if (traced == u"bool" && isIntegralDtype(primDt))  // y == 1 of an integer label, read by a later launch
    outDtypeArg = QStringLiteral("torch.bool");
  else if (traced.startsWith(QLatin1String("float")) || traced.startsWith(QLatin1String("bfloat")))
    if (isIntegralDtype(primDt) || primDt == u"bool") outDtypeArg = QStringLiteral("torch.float32");
  bool count = isIntegralDtype(traced);  // a count: an integer made from bool masks and counts only
  json inputs = json::array(), names = json::array();
  for (const QString& r : ext) {
    if (!m_vals.contains(r)) return bad(QStringLiteral("%1 reads '%2', which nothing produced").arg(where(lastOp), r));
    const Val& v = m_vals.value(r);
    // an exactly compared integer is read only into a comparison's bool: the run's integer is still a mask's
    count = count && !intProgram &&
            (v.dtype == u"bool" || m_counts.contains(r) || m_indices.contains(r) || exactInts.contains(r));
    json shape = json::array();
    for (qint64 d : v.shape) shape.push_back(d);
    inputs.push_back({{"name", extName.value(r).toStdString()},
                      {"kind", "tensor"},
                      {"dtype", (v.dtype.isEmpty()       ? dtype
                                 : exactInts.contains(r) ? v.dtype
                                                         : miniDtype(v.dtype))
                                    .toStdString()},
                      {"shape", shape}});
    if (exactInts.contains(r)) inputs.back()["exact_int"] = true;
    // the user's name for it in any dialect's reason (a CuTe DSL one too, trial 26 #6): "lengths", not "a0"
    static const QRegularExpression input(QStringLiteral("^forward\\(\\) input "));
    inputs.back()["label"] = describeRef(r).remove(input).toStdString();
    names.push_back(extName.value(r).toStdString());
  }
  // the forward() int arguments among the scalars (kwb_szN sizes are not) that an op of integers reads: exact there
  QSet<QString> intArgs;
  if (m_spec.contains("inputs") && m_spec.at("inputs").is_array())
    for (const json& in : m_spec.at("inputs")) {
      const QString s = QString::fromStdString(in.value("name", std::string()));
      if (in.value("kind", std::string()) != "scalar" || in.value("dtype", std::string()) != "int" ||
          !scalars.contains(s))
        continue;
      const std::string key = json{{"scalar_input", s.toStdString()}}.dump();
      for (const GraphOp* o : piece)
        if (o->pw.dump().find(key) != std::string::npos &&
            (isIntegralDtype(normaliseDtype(o->outputs.value(0).dtype)) ||
             std::any_of(o->inputs.cbegin(), o->inputs.cend(),
                         [](const auto& t) { return isIntegralDtype(normaliseDtype(t.dtype)); })))
          intArgs.insert(s);
    }
  for (const QString& s : scalars) {
    inputs.push_back({{"name", s.toStdString()}, {"kind", "scalar"}, {"dtype", "float"}});
    // a forward() int argument: passed checked exact (kwb_int_arg), read as an integer by integer nodes and exact
    // comparisons (limit = 2^24 + 1 compared in fp32 matched 2^24; session 40)
    if (intArgs.contains(s)) inputs.back()["int_arg"] = true;
    names.push_back(s.toStdString());
  }
  json oshape = json::array();
  for (qint64 d : outShape) oshape.push_back(d);
  const json mini = {
      {"inputs", inputs},
      {"outputs", json::array({{{"kind", "tensor"}, {"dtype", dtype.toStdString()}, {"shape", oshape}}})},
      {"pointwise_graph", {{"inputs", names}, {"nodes", nodes}, {"output", lastOp.id.toStdString()}}}};
  QString why;
  // the mini program's input names (a0, a1, ...) are no names of the user's: a reason says what they are
  auto readable = [&](QString w) {
    static const QRegularExpression name(QStringLiteral("\\ba(\\d+)\\b"));
    QList<QRegularExpressionMatch> hits;
    for (auto it = name.globalMatch(w); it.hasNext();) hits << it.next();
    for (auto h = hits.crbegin(); h != hits.crend(); ++h)
      if (const int k = h->captured(1).toInt(); k < ext.size())
        w.replace(h->capturedStart(), h->capturedLength(), describeRef(ext.at(k)));
    return w;
  };
  // the op a lowering's reason names by its node id ("op 'softshrink' (node t3)"), else the run's last op
  auto failedAt = [&](const QString& w) -> QString {
    static const QRegularExpression node(QStringLiteral("\\(node ([A-Za-z0-9_]+)\\)"));
    const QString id = node.match(w).captured(1);
    for (const GraphOp* o : piece)
      if (o->id == id) return where(*o);
    return where(lastOp);
  };
  const auto prog = parsePointwiseProgram(mini, &why);
  if (!prog) return bad(QStringLiteral("%1: %2").arg(failedAt(why), readable(why)));
  QStringList others;  // the epilogue's tensor operands besides the primary, in ext order
  for (const QString& r : ext)
    if (r != primary) others << r;
  // Over the slots with columns of one tensor among the operands (a box pair's x1, y1, x2, y2 of each, session 43
  // slot43): each group is one slot, its tensor passed once (kwb_cols) and each column loaded at index * the column
  // stride, which kwb_pointwise passes in slot 0 (its output of rank <= 4 leaves i0 at 0). A launch of its own (no
  // GEMM / convolution epilogue, no pad or piece reads, no exact integers): the group's first column stands for it.
  QList<QStringList> colGroups;
  QHash<QString, QPair<int, qint64>> colAt;  // a grouped column -> (its group, its index)
  if (others.size() > kEpiTensors && outShape.size() <= 4 && (face.isEmpty() || primary != face) &&
      exactInts.isEmpty() && outDtypeArg.isEmpty()) {
    colGroups = columnGroups(others);
    for (int g = 0; g < colGroups.size(); ++g)
      for (const QString& r : colGroups.at(g)) colAt.insert(r, qMakePair(g, columnOf(r)->index));
    QStringList slotted;
    for (const QString& r : std::as_const(others))
      if (!colAt.contains(r) || colGroups.at(colAt.value(r).first).first() == r) slotted << r;
    others = slotted;
  }
  if ((others.size() > kEpiTensors || scalars.size() > kEpiScalars) && piece.size() > 1) {
    // a run holding an eval batch norm (its four per-channel tensors) and more: the longest prefix that fits
    // one epilogue and hands one value on (the norm into the anchor, a residual add after it alone)
    bool synth = false;
    for (const GraphOp* o : piece) synth = synth || o->pw.contains("op");
    for (int k = static_cast<int>(piece.size()) - 1; synth && k > 0; --k) {
      const QList<const GraphOp*> head = piece.mid(0, k), rest = piece.mid(k);
      bool oneValue = true;
      for (const GraphOp* o : rest)
        for (const QString& r : o->refs)
          for (int j = 0; j + 1 < k; ++j) oneValue = oneValue && resolve(r) != head.at(j)->id;
      if (oneValue && fitsEpilogue(head)) return pointwisePiece(head) && pointwisePiece(rest);
    }
    // more operands than one epilogue takes (a GRU cell's gates): one launch per op instead
    for (const GraphOp* o : piece)
      if (!pointwisePiece({o})) return false;
    return true;
  }
  if (others.size() > kEpiTensors || scalars.size() > kEpiScalars)
    return bad(QStringLiteral("%1: a pointwise run reading %2 tensors and %3 scalars (the epilogue takes %4 and %5)")
                   .arg(where(lastOp))
                   .arg(others.size() + 1)
                   .arg(scalars.size())
                   .arg(kEpiTensors + 1)
                   .arg(kEpiScalars));
  // a float64 problem's run-time floats as fp32 pairs hi + lo (m_float64) where two slots a float fit; else each in
  // one fp32 slot, rounded (~6e-8 relative), as Triton passes a float argument
  const bool pairs = m_float64 && !scalars.isEmpty() && 2 * scalars.size() <= kEpiScalars;
  const qsizetype scalarSlots = pairs ? 2 * scalars.size() : scalars.size();
  // fuse into the open GEMM/convolution when its output feeds only this run
  int usesInside = 0;
  for (const GraphOp* o : piece)
    for (const QString& r : o->refs)
      if (resolve(r) == primary) ++usesInside;
  // A run with transcendental ops out of a GEMM, read only by a group / layer norm, stays a pointwise line here:
  // fuseRows then makes it the norm's prologue. In the persistent GEMM's epilogue such ops were costly (H200 suite,
  // session 17: 94_'s GEMM + bias + hardtanh + mish 393 us at 255 registers, 76_'s GEMM + bias + relu 335 us at
  // 210), while the norm is memory-bound and applies them on the read it makes anyway.
  bool toNorm = false;
  if (m_openAnchor >= 0 && m_lines.at(m_openAnchor).head.startsWith(QLatin1String("kwb_gemm(")) &&
      m_uses.value(lastOp.id) == 1) {
    bool heavy = false;
    for (const GraphOp* o : piece) heavy = heavy || isTranscendental(o->name);
    for (const GraphOp& o : m_ops)
      if (heavy && !o.refs.isEmpty() && resolve(o.refs.first()) == lastOp.id)
        toNorm = o.name.endsWith(QLatin1String("group_norm")) || o.name.endsWith(QLatin1String("layer_norm"));
  }
  // through views of the output: each read by the next alone, the output by the first
  bool chainOnce = true;
  for (int v = 0; v < m_anchorViews.size(); ++v)
    chainOnce = chainOnce && m_uses.value(v == 0 ? m_openAnchorRef : m_anchorViews.at(v - 1)) == 1;
  // a cat whose parts pointwise launches compute: read piece by piece by a kwb_pointwise launch below (those launches
  // then run inside it) rather than fused into kwb_cat's epilogue
  bool catPieces = false;
  if (!face.isEmpty() && primary == face && m_cats.contains(face)) {
    int reads = 0;
    for (const GraphOp* o : piece)
      for (const QString& x : o->refs) reads += resolve(x) == face ? 1 : 0;
    if (const auto pw = piecewiseOf(face, reads)) {
      qsizetype loads = ext.size() - 1;  // the reader's other operands, then each piece's
      for (const Piece& p : pw->pieces)
        if (p.kind == Piece::Kind::Tensor)
          ++loads;
        else if (p.kind == Piece::Kind::Launch)
          loads += 1 + m_lines.at(p.line).tensors.size();
      catPieces = loads <= kEpiTensors;
    }
  }
  // a gather's epilogue function loads its integer tensors itself, in their own dtype, as kwb_pointwise's does (c05's
  // int64 mask): exactly compared or integer-program operands other than the gathered rows are no blocker there
  // an integer scan's epilogue function is fed the int64 sums themselves as acc (kwb_cumsum_int's POST): its primary
  // is exact there, and so are the integer tensors it loads itself
  // (a run that only a reduction reads stays that reduction's prologue, as a gather's: summed in fp32 unrounded)
  const bool iscanEpi = iscanAnchorOpen() && !face.isEmpty() && primary == face && !onlyReduced(lastOp.id);
  const bool intsFit = exactInts.isEmpty() || (gatherAnchorOpen() && !exactInts.contains(primary)) || iscanEpi;
  const bool gatherOk = !gatherAnchorOpen() || !onlyReduced(lastOp.id);
  // a float scan's run whose value is reduced and kept stays a line: the reduction's stored source takes it
  // (fuseReduceSource), or else fuseScanEpilogue's second pass gives it to the scan (scanEpilogueYield, session 48)
  const bool scanYield =
      fscanAnchorOpen() && scanEpilogue() && scanEpilogueYield() && reduceStoreSource() && reducedAndKept(lastOp.id);
  bool fuse = !scanYield && !catPieces && !toNorm && broadcastExpr.isEmpty() && (outDtypeArg.isEmpty() || iscanEpi) &&
              intsFit && gatherOk && m_openAnchor >= 0 && !face.isEmpty() && primary == face &&
              m_uses.value(primary) == usesInside && m_lines.at(m_openAnchor).epilogue && chainOnce &&
              // a gather stores its source's dtype: the run's result must be of it (no mixed-width promotion)
              (!gatherAnchorOpen() || normaliseDtype(traced) == primDt);
  // The views between the anchor and the run, as a function of the anchor's output for the launcher (epi_view=):
  // the epilogue tensors are given at the last view's indices, kwb_epi_unview reads them at the output's own.
  QString epiView;
  if (fuse && !m_anchorViews.isEmpty()) {
    const QString param = m_vals.value(m_openAnchorRef).expr;
    QStringList steps;
    for (int v = 0; v + 1 < m_anchorViews.size(); ++v)
      steps << QStringLiteral("%1 := %2").arg(m_anchorViews.at(v), m_anchorViewHeads.at(v));
    steps << m_anchorViewHeads.last();
    epiView = steps.size() == 1 ? QStringLiteral("lambda %1: %2").arg(param, steps.first())
                                : QStringLiteral("lambda %1: (%2)[-1]").arg(param, steps.join(QStringLiteral(", ")));
  }
  fuse = fuse && colGroups.isEmpty();  // kwb_cols is kwb_pointwise's operand alone
  if (fuse) {  // the epilogue tensors (and the views' sizes) must exist before the anchor launches
    QStringList needed;
    for (const QString& r : ext)
      if (r != primary) needed << m_vals.value(r).expr;
    fuse = hoistViews(needed, needed.isEmpty() ? QString() : epiView);
  }

  // Pads that only this launch reads, at the result's shape (issue 14): their sources are loaded through the pads'
  // index maps (out[i] = x[f(i)]) instead of the pads' results, so the pads launch nothing (kwb_pad_prologue; off:
  // the pads' launches and the plain epilogue). A pad that is the primary operand moves to an epilogue slot: the
  // launch's first tensor is then only the shape (kwb_pad_view).
  QStringList mapped, sizeExprs;
  // a mapped pad -> its maps, itself first and then each pad it reads that nothing else reads (pads in a row compose),
  // and the epilogue scalar of the innermost source's size along each dim they pad
  QHash<QString, QList<PadMap>> maps;
  QHash<QString, QHash<int, int>> sizeAt;
  QHash<QString, QStringList> chains;  // a mapped pad -> the pads of its maps, in the same order
  if (!fuse && broadcastExpr.isEmpty() && outDtypeArg.isEmpty() && exactInts.isEmpty() && colGroups.isEmpty()) {
    for (const QString& r : ext) {
      if (!m_pads.contains(r) || m_vals.value(r).shape != outShape) continue;
      int reads = 0;
      for (const GraphOp* o : piece)
        for (const QString& x : o->refs) reads += resolve(x) == r ? 1 : 0;
      if (reads == m_uses.value(r)) mapped << r;
    }
    for (const QString& r : std::as_const(mapped)) {
      QStringList chain = {r};
      while (m_pads.contains(m_pads.value(chain.last()).srcRef) && m_uses.value(m_pads.value(chain.last()).srcRef) == 1)
        chain << m_pads.value(chain.last()).srcRef;
      chains.insert(r, chain);
      for (const QString& c : std::as_const(chain)) {
        maps[r] << m_pads.value(c).map;
        for (int d : m_pads.value(c).map.mappedDims()) {
          const QString e = QStringLiteral("kwb_dim_scalar(%1, %2)").arg(m_pads.value(chain.last()).src).arg(d);
          if (!sizeExprs.contains(e)) sizeExprs << e;
          sizeAt[r].insert(d, static_cast<int>(scalarSlots + sizeExprs.indexOf(e)));
        }
      }
    }
    const bool fits = others.size() + (mapped.contains(primary) ? 1 : 0) <= kEpiTensors &&
                      scalarSlots + sizeExprs.size() <= kEpiScalars;
    if (!fits) mapped.clear(), sizeExprs.clear(), maps.clear(), sizeAt.clear(), chains.clear();
  }
  const TritonDialect dialect(QStringLiteral("(tl.zeros_like(acc) + %1)"));
  QStringList opsText;
  QSet<QString> pieceIds;
  for (const GraphOp* o : piece) pieceIds.insert(o->id);
  for (const GraphOp* o : piece)  // an eval batch norm's ops, a prelu's: named once
    if (!m_synthInner.contains(o->id) && !pieceIds.contains(m_labelOnce.value(o->id))) opsText << o->name;
  if (opsText.isEmpty() && !piece.isEmpty()) opsText << piece.last()->name;  // a loss's term: its ops all inner
  // one epilogue function: @p order the refs in epilogue tensor order, @p acc the one bound to acc ("" for none),
  // pads of @p maps loaded through their index maps; "" (and bad()) when the lowering fails
  // the variable an epilogue loads operand @p r into: e<slot>_v, a grouped column e<slot>_c<index>
  auto loadName = [&](const QStringList& order, const QString& r) {
    if (colAt.contains(r))
      return QStringLiteral("e%1_c%2")
          .arg(order.indexOf(colGroups.at(colAt.value(r).first).first()))
          .arg(colAt.value(r).second);
    return QStringLiteral("e%1_v").arg(order.indexOf(r));
  };
  auto emitEpi = [&](const QStringList& order, const QString& acc,
                     const QHash<QString, QList<PadMap>>& loads) -> QString {
    const QString fn = QStringLiteral("_kwb_epi%1").arg(m_epis++);
    QString result, whyNot;
    const auto stmts = lowerPointwise(
        *prog, dialect,
        [&](const PwInput& in) {
          PwVal v;
          if (!in.isTensor) {
            v.kind = PwVal::Kind::Scalar;
            const qsizetype at = scalars.indexOf(in.name);
            v.expr = pairs ? QStringLiteral("(f%1.to(tl.float64) + f%2.to(tl.float64))").arg(2 * at).arg(2 * at + 1)
                           : QStringLiteral("f%1").arg(at);
            return v;
          }
          const QString r = ext.value(in.name.mid(1).toInt());
          v.kind = PwVal::Kind::Tensor;
          v.expr = r == acc ? QStringLiteral("acc") : loadName(order, r);
          return v;
        },
        QStringLiteral("    "), &result, &whyNot);
    if (!stmts) {
      bad(QStringLiteral("%1: %2").arg(failedAt(whyNot), readable(whyNot)));
      return QString();
    }
    QStringList params = {QStringLiteral("acc"), QStringLiteral("i0"), QStringLiteral("i1"),  QStringLiteral("i2"),
                          QStringLiteral("i3"),  QStringLiteral("i4"), QStringLiteral("mask")};
    for (int e = 0; e < kEpiTensors; ++e) params << QStringLiteral("e%1").arg(e);
    for (int e = 0; e < kEpiTensors; ++e)
      for (int d = 0; d < 5; ++d) params << QStringLiteral("s%1%2").arg(e).arg(d);
    for (int f = 0; f < kEpiScalars; ++f) params << QStringLiteral("f%1").arg(f);
    QStringList fnText = {
        QStringLiteral("@triton.jit"), QStringLiteral("def %1(%2):").arg(fn, params.join(QStringLiteral(", "))),
        QStringLiteral("    # %1 (lines %2)").arg(opsText.join(QStringLiteral(", "))).arg(piece.first()->line)};
    // an integer scan's epilogue is fed the int64 sums: a run that is no integer program of them takes them in fp32,
    // as kwb_pointwise feeds its x (the values of the unfused plan)
    if (fuse && iscanEpi && !acc.isEmpty() && acc == primary && !exactInts.contains(primary))
      fnText << QStringLiteral("    acc = acc.to(tl.float32)  # kwb_pointwise's x: the int64 sums in fp32");
    for (int e = 0; e < order.size(); ++e) {
      if (loads.contains(order.at(e))) {
        fnText << QStringLiteral("    # pad %2: its source read at the mapped indices (epilogue tensor %1)")
                      .arg(QString::number(e), chains.value(order.at(e)).join(QStringLiteral(" of ")))
               << padMapLoad(loads.value(order.at(e)), sizeAt.value(order.at(e)), e);
        continue;
      }
      QStringList terms;
      for (int d = 0; d < 5; ++d)
        terms << QStringLiteral("i") + QString::number(d) + QStringLiteral(" * s") + QString::number(e) +
                     QString::number(d);
      if (colAt.contains(order.at(e))) {  // a column group: each column at its index times the column stride (s<e>0)
        QList<qint64> done;
        for (const QString& c : colGroups.at(colAt.value(order.at(e)).first)) {
          const qint64 k = colAt.value(c).second;
          if (done.contains(k)) continue;
          done << k;
          fnText << QStringLiteral("    e%1_c%2 = tl.load(e%1 + (%3) + %2 * s%4, mask=mask, other=0.0).to(tl.float32)")
                        .arg(QString::number(e), QString::number(k), terms.join(QStringLiteral(" + ")),
                             QString(QString::number(e) + u'0'));
        }
        continue;
      }
      if (exactInts.contains(order.at(e)))  // an integer compared exactly: loaded in its own dtype
        fnText << QStringLiteral("    e%1_v = tl.load(e%1 + (%2), mask=mask, other=0)")
                      .arg(QString::number(e), terms.join(QStringLiteral(" + ")));
      else
        fnText << QStringLiteral("    e%1_v = tl.load(e%1 + (%2), mask=mask, other=0.0).to(tl.float32)")
                      .arg(QString::number(e), terms.join(QStringLiteral(" + ")));
    }
    fnText << *stmts << QStringLiteral("    return %1").arg(result);
    m_plan.epilogues += fnText.join(u'\n') + QStringLiteral("\n\n\n");
    ChainEpilogue epiSpec{fn, mini, {}, opsText.join(QStringLiteral(", ")), piece.first()->line};
    for (int e = 0; e < ext.size(); ++e)
      epiSpec.inputs.insert(QStringLiteral("a%1").arg(e),
                            ext.at(e) == acc ? QStringLiteral("acc") : loadName(order, ext.at(e)));
    for (int f = 0; f < scalars.size(); ++f) epiSpec.inputs.insert(scalars.at(f), QStringLiteral("f%1").arg(f));
    m_plan.epilogueSpecs << epiSpec;
    return fn;
  };
  // an exactly compared integer primary: kwb_pointwise's x is loaded as fp32 (acc), so its exact values are read
  // again as the last epilogue tensor, through x's strides (the broadcast expand included), and acc is unused
  const bool intPrimary = exactInts.contains(primary);
  if (intPrimary && others.size() + 1 > kEpiTensors)
    return bad(QStringLiteral("%1: a pointwise run comparing integer tensors reads %2 tensors (the epilogue takes %3)")
                   .arg(where(lastOp))
                   .arg(others.size() + 1)
                   .arg(kEpiTensors));
  // an integer scan's epilogue (fuse, iscanEpi): acc is the exact int64 sums, bound to the primary as it is
  const QString fn = intPrimary && !(fuse && iscanEpi) ? emitEpi(others + QStringList{primary}, QString(), {})
                                                       : emitEpi(others, primary, {});
  if (fn.isEmpty()) return false;

  QStringList tensorsExpr, scalarsExpr;
  for (const QString& r : others) {
    if (!colAt.contains(r)) {
      tensorsExpr << m_vals.value(r).expr;
      continue;
    }
    const auto c = columnOf(r);
    QStringList us;
    for (qint64 d : std::as_const(c->unsqueezes)) us << QString::number(d);
    tensorsExpr << QStringLiteral("kwb_cols(%1, %2, (%3))")
                       .arg(m_vals.value(c->src).expr)
                       .arg(c->dim)
                       .arg(us.join(QStringLiteral(", ")) + (us.size() == 1 ? QStringLiteral(",") : QString()));
  }
  if (intPrimary && !(fuse && iscanEpi))
    tensorsExpr << (broadcastExpr.isEmpty() ? m_vals.value(primary).expr : broadcastExpr);
  for (const QString& s : scalars)
    scalarsExpr << (pairs                 ? QStringLiteral("*_kwb_f64_pair(%1)")
                    : intArgs.contains(s) ? QStringLiteral("kwb_int_arg(\"%1\", %1)")
                                          : QStringLiteral("float(%1)"))
                       .arg(m_sizeScalar.value(s, s));
  if (pairs && !m_plan.epilogues.contains(QLatin1String("def _kwb_f64_pair(")))
    m_plan.epilogues.prepend(QStringLiteral(
        "def _kwb_f64_pair(v):\n"
        "    \"\"\"A run-time Python float for a float64 kernel as two fp32 kernel arguments hi, lo (Triton passes a "
        "float\n"
        "    argument as fp32); the epilogue adds them in fp64: hi + lo holds v to 2**-48 relative, where one fp32 "
        "holds\n"
        "    it to 2**-24. Beyond fp32's range v stays one argument (inf, as before).\"\"\"\n"
        "    v = float(v)\n"
        "    if not abs(v) < 3.4e38:\n"
        "        return v, 0.0\n"
        "    import struct  # the rounding to fp32 on the host without a PyTorch op (the dispatch check's rule)\n"
        "    hi = struct.unpack(\"f\", struct.pack(\"f\", v))[0]\n"
        "    return hi, struct.unpack(\"f\", struct.pack(\"f\", v - hi))[0]\n"
        "\n"
        "\n"));
  auto tuple = [](const QStringList& l) -> QString {
    return u'(' + l.join(QStringLiteral(", ")) + (l.size() == 1 ? QStringLiteral(",)") : QStringLiteral(")"));
  };
  QString epiArgs =
      QStringLiteral(", epi=%1, epi_tensors=%2, epi_scalars=%3").arg(fn, tuple(tensorsExpr), tuple(scalarsExpr));
  if (!mapped.isEmpty()) {
    QStringList order = others;
    if (mapped.contains(primary)) order << primary;
    const QString fnMapped = emitEpi(order, mapped.contains(primary) ? QString() : primary, maps);
    if (fnMapped.isEmpty()) return false;
    QStringList tensorsMapped;
    for (const QString& r : std::as_const(order))
      tensorsMapped << (mapped.contains(r) ? QStringLiteral("kwb_at(%1)").arg(m_pads.value(chains.value(r).last()).src)
                                           : m_vals.value(r).expr);
    auto pick = [](const QString& on, const QString& off) {
      return on == off ? on : QStringLiteral("%1 if kwb_pad_prologue else %2").arg(on, off);
    };
    epiArgs = QStringLiteral(", epi=%1, epi_tensors=%2, epi_scalars=%3")
                  .arg(pick(fnMapped, fn), pick(tuple(tensorsMapped), tuple(tensorsExpr)),
                       pick(tuple(scalarsExpr + sizeExprs), tuple(scalarsExpr)));
  }
  // Values assembled from pieces along one dim (buffers written by slices, piecewiseOf) that only this launch reads, at
  // its shape: each piece's source is read where the output index falls in that piece -- a tensor through the index
  // map i -> i - start, a pointwise launch's program computed here from its own operands read the same way, a number
  // as it is -- and the pieces are joined by where() on the index, so neither the writes nor their sources' launches
  // run (kwb_piecewise_reads; off: the plan before, the launch reading the buffer). Nothing applies where the
  // operands or the scalars would not fit one epilogue.
  QStringList pieced, piecedLines, piecedCats, piecedFills;  // those of pieced that are cats / filled buffers (label)
  QString onFn, onX;                                         // the on form's epilogue and x (Line::onEpi, onInput)
  QStringList onTensors, onScalars;
  bool widenRead = false;  // a piece's launch widens an integer tensor (kind "widen"): this launch's x may be it
  QString primaryExpr = broadcastExpr.isEmpty() ? m_vals.value(primary).expr : broadcastExpr;
  if (!fuse && broadcastExpr.isEmpty() && outDtypeArg.isEmpty() && exactInts.isEmpty() && outShape.size() <= 5 &&
      colGroups.isEmpty()) {
    QHash<QString, Piecewise> pws;
    for (const QString& r : ext) {
      int reads = 0;
      for (const GraphOp* o : piece)
        for (const QString& x : o->refs) reads += resolve(x) == r ? 1 : 0;
      const auto pw = piecewiseOf(r, reads);
      if (!pw) continue;
      const bool oneConst = pw->pieces.size() == 1 && pw->pieces.first().kind == Piece::Kind::Const;
      if (m_vals.value(r).shape != outShape && !oneConst) continue;
      pieced << r;
      pws.insert(r, *pw);
    }
    // the cat that kwb_cat's epilogue would have read (catPieces) first: the others give way, last first, where the
    // loads or the scalars would not fit one epilogue
    if (catPieces && pieced.removeOne(face)) pieced.prepend(face);
    while (!pieced.isEmpty()) {
      bool fitsAll = true;
      QString accLeaf;  // a piece's operand read as the launch's x (pieced primary)
      json inputsOn = json::array(), namesOn = json::array(), nodesOn = json::array();
      QStringList tensorsOn, loads, scalarNames = scalars, scalarExprs = scalarsExpr, starts;
      QHash<QString, PwVal> bind;
      auto tensorVal = [](const QString& expr, bool isBool = false) {
        PwVal v;
        v.kind = PwVal::Kind::Tensor;
        v.expr = expr;
        v.isBool = isBool;
        return v;
      };
      auto outShapeJson = [&]() {
        json j = json::array();
        for (qint64 d : outShape) j.push_back(d);
        return j;
      };
      const int rank = static_cast<int>(outShape.size());
      // a tensor read at the output's indices, those of @p slot shifted by @p shift and masked by @p inside ("": none)
      auto load = [&](const QString& expr, int slot, const QString& shift, const QString& inside, const QString& dt) {
        const int e = static_cast<int>(tensorsOn.size());
        tensorsOn << expr;
        QStringList terms;
        for (int d = 0; d < 5; ++d)
          terms << QStringLiteral("%1 * s%2%3")
                       .arg(d == slot && !shift.isEmpty() ? QStringLiteral("(i%1 - %2)").arg(d).arg(shift)
                                                          : QStringLiteral("i%1").arg(d))
                       .arg(e)
                       .arg(d);
        loads << QStringLiteral("    e%1_v = tl.load(e%1 + (%2), mask=%3, other=0.0).to(tl.float32)")
                     .arg(e)
                     .arg(terms.join(QStringLiteral(" + ")),
                          inside.isEmpty() ? QStringLiteral("mask") : QStringLiteral("mask & ") + inside);
        const QString name = QStringLiteral("p%1").arg(e);
        inputsOn.push_back(
            {{"name", name.toStdString()},
             {"kind", "tensor"},
             {"dtype", (dt == u"float16" || dt == u"bfloat16" ? dt : QStringLiteral("float32")).toStdString()},
             {"shape", outShapeJson()}});
        namesOn.push_back(name.toStdString());
        bind.insert(name, tensorVal(QStringLiteral("e%1_v").arg(e)));
        return name;
      };
      bool ok = !pieced.isEmpty();
      for (int k = 0; ok && k < ext.size(); ++k) {
        const QString& r = ext.at(k);
        if (pieced.contains(r)) continue;
        inputsOn.push_back(inputs.at(static_cast<std::size_t>(k)));
        namesOn.push_back(extName.value(r).toStdString());
        if (r == primary) {
          bind.insert(extName.value(r), tensorVal(QStringLiteral("acc")));
          continue;
        }
        const QString p = load(m_vals.value(r).expr, -1, QString(), QString(), QString());
        inputsOn.erase(inputsOn.end() - 1);  // load() declared it as p<e>: the consumer's own name stands
        namesOn.erase(namesOn.end() - 1);
        bind.insert(extName.value(r), bind.take(p));
      }
      // the pieces' programs first (their scalars join the launch's), then where() joins them
      for (int w = 0; ok && w < pieced.size(); ++w) {
        const QString r = pieced.at(w);
        const Piecewise& pw = pws[r];
        const int slot = 5 - rank + pw.dim, n = static_cast<int>(pw.pieces.size());
        if (n > 1) starts << pw.starts;
        QStringList vals;  // each piece's value in the mini program (a name, or a constant as JSON text)
        QList<json> valJson;
        for (int k = 0; ok && k < n; ++k) {
          const Piece& p = pw.pieces.at(k);
          const QString cut = QStringLiteral("w%1_c%2").arg(w).arg(k),
                        inside = n > 1 ? QStringLiteral("w%1_q%2").arg(w).arg(k) : QString();
          const QString shift = k == 0 ? QString() : cut;
          const QString unsq = p.squeezed ? QStringLiteral(".unsqueeze(%1)").arg(pw.dim) : QString();
          if (p.kind == Piece::Kind::Const) {
            valJson << json{{"const", p.fill}};
          } else if (p.kind == Piece::Kind::Tensor) {
            valJson << json(
                load(QStringLiteral("kwb_at(%1%2)").arg(p.expr, unsq), slot, shift, inside, p.dtype).toStdString());
          } else {
            const Line& l = m_lines.at(p.line);
            const auto spec = std::find_if(m_plan.epilogueSpecs.cbegin(), m_plan.epilogueSpecs.cend(),
                                           [&](const ChainEpilogue& c) { return c.fn == l.epi; });
            if (spec == m_plan.epilogueSpecs.cend()) {
              ok = false;
              break;
            }
            const json& sprog = spec->program;
            const json outS = sprog.at("outputs").at(0).value("shape", json::array());
            QHash<QString, QString> rename;
            for (const json& in : sprog.value("inputs", json::array())) {
              const QString name = QString::fromStdString(in.value("name", std::string()));
              if (in.value("kind", std::string()) == "scalar") {
                if (!scalarNames.contains(name)) {
                  scalarNames << name;
                  scalarExprs << QStringLiteral("float(%1)").arg(m_sizeScalar.value(name, name));
                  inputsOn.push_back(in);
                  namesOn.push_back(name.toStdString());
                }
                continue;
              }
              const QString at = spec->inputs.value(name);
              QString expr = at == u"acc" ? l.input : l.tensors.value(at.mid(1, at.indexOf(u'_') - 1).toInt());
              if (expr.isEmpty() || (at != u"acc" && !at.startsWith(u'e'))) {
                ok = false;
                break;
              }
              if (in.value("shape", json::array()) != outS)
                expr = QStringLiteral("%1.expand(%2.shape)").arg(expr, l.input);
              else if (accLeaf.isEmpty() && pieced.contains(primary) && shift.isEmpty() && inside.isEmpty() &&
                       unsq.isEmpty() && outS == outShapeJson()) {
                // read at the output's own indices, where the reader's first tensor (a shape alone) would be: the
                // launch's x instead, one epilogue slot less
                accLeaf = expr;
                inputsOn.push_back({{"name", "p_acc"},
                                    {"kind", "tensor"},
                                    {"dtype", in.value("dtype", json("float32"))},
                                    {"shape", outShapeJson()}});
                namesOn.push_back("p_acc");
                bind.insert(QStringLiteral("p_acc"), tensorVal(QStringLiteral("acc")));
                rename.insert(name, QStringLiteral("p_acc"));
                continue;
              }
              // a whole piece read at the reader's own indices: the tensor itself where pieceOwnIndex() (kwb_pointwise
              // may then merge dims, which a kwb_at read stops: uint8_image_normalize 0.64x on the H100, norm39)
              const bool own =
                  pieceOwnIndex() && shift.isEmpty() && inside.isEmpty() && unsq.isEmpty() && outS == outShapeJson();
              rename.insert(name, load(own ? expr : QStringLiteral("kwb_at(%1%2)").arg(expr, unsq), slot, shift, inside,
                                       QString::fromStdString(in.value("dtype", std::string()))));
            }
            for (json node : sprog.at("pointwise_graph").value("nodes", json::array())) {
              for (json& a : node["args"])
                if (a.is_string() && rename.contains(QString::fromStdString(a.get<std::string>())))
                  a = rename.value(QString::fromStdString(a.get<std::string>())).toStdString();
              nodesOn.push_back(node);
            }
            const QString out = QString::fromStdString(sprog.at("pointwise_graph").value("output", std::string()));
            valJson << json(rename.value(out, out).toStdString());
          }
        }
        if (!ok) break;
        for (int k = 0; k < n && n > 1; ++k) {
          const QString q = QStringLiteral("w%1_q%2").arg(w).arg(k);
          inputsOn.push_back(
              {{"name", q.toStdString()}, {"kind", "tensor"}, {"dtype", "bool"}, {"shape", outShapeJson()}});
          namesOn.push_back(q.toStdString());
          bind.insert(q, tensorVal(q, true));
        }
        // where(q0, v0, where(q1, v1, ... v<n-1>)), the outermost under the consumer's name for the value
        json cur = valJson.last();
        const QString name = extName.value(r);
        if (n == 1)
          nodesOn.push_back(
              {{"id", name.toStdString()}, {"op", "clone"}, {"args", json::array({cur})}, {"kwargs", json::object()}});
        for (int k = n - 2; k >= 0; --k) {
          const QString id = k == 0 ? name : QStringLiteral("%1_w%2").arg(name).arg(k);
          nodesOn.push_back(
              {{"id", id.toStdString()},
               {"op", "where"},
               {"args", json::array({QStringLiteral("w%1_q%2").arg(w).arg(k).toStdString(), valJson.at(k), cur})},
               {"kwargs", json::object()}});
          cur = json(id.toStdString());
        }
      }
      // the cut points: f slots after every other scalar, one per piece but the first
      int fAt = static_cast<int>(scalarNames.size());
      QStringList cuts;
      for (int w = 0; ok && w < pieced.size(); ++w) {
        const Piecewise& pw = pws[pieced.at(w)];
        const int slot = 5 - rank + pw.dim, n = static_cast<int>(pw.pieces.size());
        for (int k = 1; k < n; ++k) cuts << QStringLiteral("    w%1_c%2 = f%3.to(tl.int32)").arg(w).arg(k).arg(fAt++);
        for (int k = 0; k < n && n > 1; ++k) {
          QStringList c;
          if (k > 0) c << QStringLiteral("(i%1 >= w%2_c%3)").arg(slot).arg(w).arg(k);
          if (k + 1 < n) c << QStringLiteral("(i%1 < w%2_c%3)").arg(slot).arg(w).arg(k + 1);
          cuts << QStringLiteral("    w%1_q%2 = %3").arg(w).arg(k).arg(c.join(QStringLiteral(" & ")));
        }
      }
      // a float64 run's fp32 pairs (two slots a float) are not counted here: that run reads its pieces whole
      fitsAll = tensorsOn.size() <= kEpiTensors && fAt <= kEpiScalars && !pairs;
      ok = ok && fitsAll;
      std::optional<PointwiseProgram> progOn;
      if (ok) {
        for (std::size_t k = static_cast<std::size_t>(ext.size()); k < inputs.size(); ++k) {  // the consumer's scalars
          inputsOn.push_back(inputs.at(k));
          namesOn.push_back(names.at(k));
        }
        for (const json& node : nodes) nodesOn.push_back(node);
        json miniOn = mini;
        miniOn["inputs"] = inputsOn;
        miniOn["pointwise_graph"] = {{"inputs", namesOn}, {"nodes", nodesOn}, {"output", lastOp.id.toStdString()}};
        QString whyOn;
        progOn = parsePointwiseProgram(miniOn, &whyOn);
        ok = progOn.has_value();
        QString result;
        const auto stmts = ok ? lowerPointwise(
                                    *progOn, dialect,
                                    [&](const PwInput& in) {
                                      if (!in.isTensor) {
                                        PwVal v;
                                        v.kind = PwVal::Kind::Scalar;
                                        v.expr = QStringLiteral("f%1").arg(scalarNames.indexOf(in.name));
                                        return v;
                                      }
                                      return bind.value(in.name);
                                    },
                                    QStringLiteral("    "), &result, &whyOn)
                              : std::nullopt;
        ok = stmts.has_value();
        if (ok) {
          const QString fnOn = QStringLiteral("_kwb_epi%1").arg(m_epis++);
          QStringList params = {QStringLiteral("acc"), QStringLiteral("i0"), QStringLiteral("i1"),
                                QStringLiteral("i2"),  QStringLiteral("i3"), QStringLiteral("i4"),
                                QStringLiteral("mask")};
          for (int e = 0; e < kEpiTensors; ++e) params << QStringLiteral("e%1").arg(e);
          for (int e = 0; e < kEpiTensors; ++e)
            for (int d = 0; d < 5; ++d) params << QStringLiteral("s%1%2").arg(e).arg(d);
          for (int f = 0; f < kEpiScalars; ++f) params << QStringLiteral("f%1").arg(f);
          QStringList fnText = {QStringLiteral("@triton.jit"),
                                QStringLiteral("def %1(%2):").arg(fnOn, params.join(QStringLiteral(", "))),
                                QStringLiteral("    # %1 (lines %2), reading %3 piece by piece")
                                    .arg(opsText.join(QStringLiteral(", ")))
                                    .arg(piece.first()->line)
                                    .arg(pieced.join(QStringLiteral(", ")))};
          fnText << cuts << loads << *stmts << QStringLiteral("    return %1").arg(result);
          m_plan.epilogues += fnText.join(u'\n') + QStringLiteral("\n\n\n");
          ChainEpilogue epiSpec{fnOn, miniOn, {}, opsText.join(QStringLiteral(", ")), piece.first()->line};
          for (auto it = bind.cbegin(); it != bind.cend(); ++it) epiSpec.inputs.insert(it.key(), it->expr);
          for (int f = 0; f < scalarNames.size(); ++f)
            epiSpec.inputs.insert(scalarNames.at(f), QStringLiteral("f%1").arg(f));
          m_plan.epilogueSpecs << epiSpec;
          auto pick = [](const QString& on, const QString& off) {
            return on == off ? on : QStringLiteral("%1 if kwb_piecewise_reads else %2").arg(on, off);
          };
          epiArgs = QStringLiteral(", epi=%1, epi_tensors=%2, epi_scalars=%3")
                        .arg(pick(fnOn, fn), pick(tuple(tensorsOn), tuple(tensorsExpr)),
                             pick(tuple(scalarExprs + starts), tuple(scalarsExpr)));
          onFn = fnOn;
          onTensors = tensorsOn;
          onScalars = scalarExprs + starts;
          onX = !pieced.contains(primary) ? primaryExpr : accLeaf;  // empty: a piece view, no operand as x
          if (pieced.contains(primary))
            primaryExpr = accLeaf.isEmpty()
                              ? QStringLiteral("kwb_piece_view(%1)").arg(primaryExpr)
                              : QStringLiteral("%1 if kwb_piecewise_reads else %2").arg(accLeaf, primaryExpr);
          for (const QString& r : std::as_const(pieced)) {
            if (!pws[r].buffer.isEmpty()) piecedFills << r;
            if (const int cl = pws[r].catLine; cl >= 0) {
              piecedCats << r;
              Line& cat = m_lines[cl];
              cat.head = QStringLiteral("kwb_cat_piece(") + cat.head.mid(cat.head.indexOf(u'(') + 1);
              cat.comment = QStringLiteral("read piece by piece by %1's launch").arg(lastOp.id);
              piecedLines << m_plan.launches.value(cat.launch).ops;
            }
            for (const Piece& p : pws[r].pieces) {
              if (p.kind == Piece::Kind::Launch) {
                Line& pl = m_lines[p.line];
                widenRead = widenRead || pl.kind == u"widen";
                pl.head = QStringLiteral("kwb_pointwise_piece(") + pl.head.mid(pl.head.indexOf(u'(') + 1);
                pl.kind.clear();
                pl.comment += QStringLiteral("; computed by %1's launch").arg(lastOp.id);
                piecedLines << m_plan.launches.value(pl.launch).ops;
              }
              if (p.writeLine < 0) continue;
              Line& wl = m_lines[p.writeLine];
              // the source as a lambda: off it is copied as before; on nothing evaluates it (a fill's kept constant)
              const qsizetype open = wl.head.indexOf(u'(') + 1, comma = wl.head.indexOf(QStringLiteral(", "), open);
              wl.head = QStringLiteral("kwb_copy_into_piece(") + wl.head.mid(open, comma - open) +
                        QStringLiteral(", lambda: ") + wl.head.mid(comma + 2);
              wl.comment = QStringLiteral("read piece by piece by %1's launch").arg(lastOp.id);
              piecedLines << m_plan.launches.value(wl.launch).ops;
            }
          }
        }
      }
      if (ok) break;
      if (!fitsAll && pieced.size() > 1) {
        pieced.removeLast();
        continue;
      }
      pieced.clear();
    }
    if (!pieced.isEmpty()) mapped.clear();  // one switch a launch: its pads keep their launches
  }
  QStringList ids;
  for (const GraphOp* o : piece) {
    if (m_synthInner.contains(o->id)) continue;  // not the graph's ops
    ids << o->id;
    m_plan.ops << o->id;
  }
  QString resultExpr = lastOp.id;
  if (fuse) {
    Line& l = m_lines[m_openAnchor];
    l.head += epiArgs;
    // an integer scan's epilogue of another dtype (a float of the position ids): kwb_cumsum_int stores it
    if (iscanEpi && !outDtypeArg.isEmpty()) l.outDtype = outDtypeArg;
    m_plan.launches.last().ops << ids;
    m_vals.remove(m_openAnchorRef);  // no longer materialised
    if (m_anchorViews.isEmpty()) {
      l.target = lastOp.id;
      l.comment = (l.comment.isEmpty() ? QString() : l.comment + QStringLiteral("; ")) +
                  QStringLiteral("%1 fused into the epilogue").arg(opsText.join(QStringLiteral(", ")));
      m_plan.launches.last().description +=
          QStringLiteral(" + epilogue %1 (fused)").arg(opsText.join(QStringLiteral(", ")));
      if (m_convOut.contains(m_openAnchorRef)) m_convOut.insert(lastOp.id, m_convOut.take(m_openAnchorRef));
      if (m_normOut.contains(m_openAnchorRef)) m_normOut.insert(lastOp.id, m_normOut.take(m_openAnchorRef));
    } else {
      // the launch writes the run's result at the output's indices; the view lines after it, unchanged, make the
      // run's shape of it (the last view is the result)
      if (!others.isEmpty()) l.head += QStringLiteral(", epi_view=") + epiView;
      l.comment =
          (l.comment.isEmpty() ? QString() : l.comment + QStringLiteral("; ")) +
          QStringLiteral("%1 fused into the epilogue%2")
              .arg(opsText.join(QStringLiteral(", ")),
                   others.isEmpty() ? QString() : QStringLiteral(" (its tensors read through the views below)"));
      m_plan.launches.last().description += QStringLiteral(" + epilogue %1 (fused, through %2 view(s) of the output)")
                                                .arg(opsText.join(QStringLiteral(", ")))
                                                .arg(m_anchorViews.size());
      resultExpr = m_vals.value(m_anchorViews.last()).expr;
      for (const QString& v : std::as_const(m_anchorViews)) m_vals.remove(v);
      m_convOut.remove(m_openAnchorRef);  // a reduction of the view is not over the convolution's dims
      m_normOut.remove(m_openAnchorRef);
    }
    closeAnchor();
  } else {
    Line l;
    l.target = lastOp.id;
    l.head = QStringLiteral("kwb_pointwise(%1").arg(primaryExpr) + epiArgs +
             (!outDtypeArg.isEmpty() ? QStringLiteral(", out_dtype=") + outDtypeArg
              : widenRead            ? QStringLiteral(", out_dtype=torch.float32")  // not the integer x's dtype
                                     : QString());
    l.comment = opsText.join(QStringLiteral(", "));
    // a launch that changes the dtype's kind or reads pads through their index maps is no stage's prologue; an outer
    // broadcast's is a kwb_reduce's alone (fuseRows' reducePre: the reduction reads the expanded primary, stride 0
    // along the broadcast dims), never a norm's or kwb_row1's, which read their input's rows as they are
    l.input = m_vals.value(primary).expr;
    if (!colGroups.isEmpty()) {
      // kwb_cols' operand is read through slot 0 by kwb_pointwise alone: no stage takes this launch as its prologue
    } else if (outDtypeArg.isEmpty() && mapped.isEmpty() && pieced.isEmpty()) {
      l.kind = broadcastExpr.isEmpty() ? QStringLiteral("pointwise") : QStringLiteral("broadcast");
      if (!broadcastExpr.isEmpty()) l.input = broadcastExpr;
    } else if (loadCasts() && outDtypeArg == u"torch.float32" && isIntegralDtype(primDt) && !intProgram &&
               exactInts.isEmpty() && mapped.isEmpty() && pieced.isEmpty() && broadcastExpr.isEmpty()) {
      // an integer tensor cast to a float (int8 weights .to(fp16)): its reader's launch may compute it as it loads
      // (piecewiseOf), never a stage's prologue (kwb_reduce would sum the integers as int64)
      l.kind = QStringLiteral("widen");
    } else if (intReducePrologue() && outDtypeArg == u"torch.bool" && isIntegralDtype(primDt) && mapped.isEmpty() &&
               pieced.isEmpty() && broadcastExpr.isEmpty()) {
      // a comparison of integers stored as a bool mask: a count's prologue alone (fuseRows' reducePre, a sum)
      l.kind = QStringLiteral("boolrun");
    } else if (iscanFuse() && isIntegralDtype(traced) && isIntegralDtype(primDt) && mapped.isEmpty() &&
               pieced.isEmpty() && broadcastExpr.isEmpty()) {
      // integers of integers stored in another integer dtype (fairseq's `ids.ne(pad).int()`): an integer scan's
      // prologue alone (fuseRows, kind "iscan": the value truncated to an integer as this launch stores it)
      l.kind = QStringLiteral("intrun");
    }
    l.epi = fn;
    l.tensors = tensorsExpr;
    l.scalars = scalarsExpr;
    if (!pieced.isEmpty()) {
      l.onInput = onX;
      l.onEpi = onFn;
      l.onTensors = onTensors;
      l.onScalars = onScalars;
    }
    m_plan.launches << ChainLaunch{
        QStringLiteral("pointwise"), ids,
        QStringLiteral("pointwise %1 over %2").arg(opsText.join(QStringLiteral(", ")), shapeText(outShape))};
    for (const QString& r : std::as_const(mapped))  // each pad's line only makes its shape now
      for (const QString& c : chains.value(r)) {
        Line& pad = m_lines[m_pads.value(c).line];
        pad.head =
            pad.head.left(pad.head.indexOf(u'(')) + QStringLiteral("_view") + pad.head.mid(pad.head.indexOf(u'('));
        pad.comment = QStringLiteral("read through its index map by %1's launch").arg(lastOp.id);
        m_plan.launches.last().prologue << c;
      }
    if (!mapped.isEmpty())
      m_plan.launches.last().description +=
          QStringLiteral(", reading pad(s) %1 through their index maps").arg(mapped.join(QStringLiteral(", ")));
    if (!pieced.isEmpty()) {
      m_plan.launches.last().prologue << piecedLines;
      // plain words by kind (new-user trial 30 #8): a cat's parts, what a buffer's slice writes put there, or a
      // pointwise launch's result computed here
      QStringList cats, fills, computed, how;
      for (const QString& r : std::as_const(pieced))
        (piecedCats.contains(r) ? cats : piecedFills.contains(r) ? fills : computed) << r;
      const auto andList = [](const QStringList& v) {
        return v.size() < 2 ? v.value(0) : v.mid(0, v.size() - 1).join(QStringLiteral(", ")) + u" and " + v.last();
      };
      if (!cats.isEmpty())
        how << QStringLiteral("reading %1 straight from the parts of %2 (no copy written)")
                   .arg(andList(cats), cats.size() == 1 ? QStringLiteral("its cat") : QStringLiteral("their cats"));
      if (!fills.isEmpty())
        how << QStringLiteral("reading %1 straight from the values %2 slice writes put there (no buffer written)")
                   .arg(andList(fills), fills.size() == 1 ? QStringLiteral("its") : QStringLiteral("their"));
      if (!computed.isEmpty())
        how << QStringLiteral("%1 computed here from %2 operands (no launch writes %3)")
                   .arg(andList(computed), computed.size() == 1 ? QStringLiteral("its") : QStringLiteral("their"),
                        computed.size() == 1 ? QStringLiteral("it") : QStringLiteral("them"));
      m_plan.launches.last().description += QStringLiteral(", ") + how.join(QStringLiteral(", and "));
    }
    l.launch = static_cast<int>(m_plan.launches.size()) - 1;
    m_lines << l;
    closeAnchor();
  }
  Val out;
  out.expr = resultExpr;
  out.shape = outShape;
  out.dtype = outDtypeArg.isEmpty() ? primDt : outDtypeArg.mid(6);
  m_vals.insert(lastOp.id, out);
  if (count) m_counts.insert(lastOp.id);
  return true;
}

QString Planner::fusePrologue(const QString& aRef, double gemmFlops, QStringList* ops, QString* description,
                              const QString& kw, bool anySize) {
  if (m_plan.launches.isEmpty() || (!anySize && (gemmFlops <= 0 || gemmFlops > kSmallGemmFlops))) return {};
  // back from A through views with one reader each (a Linear's flatten of [B, S, K] to [B*S, K])
  QString cur = resolve(aRef);
  int views = 0;
  for (int guard = 0; guard < 64; ++guard) {
    const GraphOp* o = opById(cur);
    if (!o || !o->view || o->refs.isEmpty()) break;
    if (m_uses.value(cur) != 1) return {};
    cur = resolve(o->refs.first());
    ++views;
  }
  if (m_uses.value(cur) != 1 || !m_vals.contains(cur)) return {};
  const QString var = m_vals.value(cur).expr;
  int at = -1;
  for (int i = static_cast<int>(m_lines.size()) - 1; i >= 0 && at < 0; --i)
    if (m_lines.at(i).target == var) at = i;
  if (at < 0) return {};
  Line& p = m_lines[at];
  // the last launch, a pointwise launch over its primary's shape, with only views after it
  if (p.kind != u"pointwise" || p.launch != m_plan.launches.size() - 1 || p.epi.isEmpty() || p.input.isEmpty())
    return {};
  for (int i = at + 1; i < m_lines.size(); ++i)
    if (!m_lines.at(i).isView) return {};
  // its tensors are read at A's indices (batch, row, k): only where no view lies between (a view would re-index them)
  if (views > 0 && !p.tensors.isEmpty()) return {};
  const QString args = QStringLiteral(", %4=%1, %4_tensors=%2, %4_scalars=%3")
                           .arg(p.epi, pyTupleOf(p.tensors), pyTupleOf(p.scalars), kw);
  *ops = m_plan.launches.last().ops;
  *description = p.comment;
  m_plan.launches.removeLast();
  // later lines may read its sizes (a reshape's run-time sizes): the name stays, bound to the input of its shape
  p.comment = QStringLiteral("only its shape is read: %1 is the prologue of the %2 below")
                  .arg(p.comment, kw == u"pro" ? QStringLiteral("GEMM") : QStringLiteral("gather"));
  p.head = p.input;
  p.tail.clear();
  p.kind.clear();
  p.launch = -1;
  p.epi.clear();
  p.input.clear();
  p.tensors.clear();
  p.scalars.clear();
  return args;
}

bool Planner::hoistViews(const QStringList& exprs, const QString& viewFn) {
  if (m_openAnchor < 0) return false;
  QSet<int> move;
  QList<QPair<QString, bool>> todo;  // (expression, whether the anchor's views are its locals)
  for (const QString& e : exprs) todo.append({e, false});
  if (!viewFn.isEmpty()) todo.append({viewFn, true});
  static const QRegularExpression word(QStringLiteral("[A-Za-z_][A-Za-z_0-9]*"));
  while (!todo.isEmpty()) {
    const auto [e, local] = todo.takeLast();
    QSet<QString> names;
    for (auto it = word.globalMatch(e); it.hasNext();) names.insert(it.next().captured(0));
    if (!local && names.contains(m_lines.at(m_openAnchor).target)) return false;  // the anchor's own value or size
    for (int i = m_openAnchor + 1; i < m_lines.size(); ++i) {
      const Line& l = m_lines.at(i);
      if (move.contains(i) || l.target.isEmpty()) continue;
      bool named = false;
      for (const QString& t : l.target.split(u',', Qt::SkipEmptyParts)) named = named || names.contains(t.trimmed());
      if (!named) continue;
      if (m_anchorViews.contains(l.target)) {
        if (local) continue;
        return false;  // it reads the anchor's output, which the launch no longer writes as such
      }
      if (!l.isView) return false;
      move.insert(i);
      todo.append({l.head, false});
    }
  }
  if (move.isEmpty()) return true;
  QList<int> order = move.values();
  std::sort(order.begin(), order.end());
  QList<Line> moved;
  for (int i : std::as_const(order)) moved << m_lines.at(i);
  for (auto it = order.crbegin(); it != order.crend(); ++it) m_lines.removeAt(*it);
  const int at = m_openAnchor, shift = static_cast<int>(moved.size());
  for (int k = 0; k < shift; ++k) m_lines.insert(at + k, moved.at(k));
  // line indices at or after the anchor's move with it (the moved lines came after it: nothing else pointed there)
  m_openAnchor += shift;
  QHash<int, QStringList> calls;
  for (auto it = m_convCall.cbegin(); it != m_convCall.cend(); ++it)
    calls.insert(it.key() >= at ? it.key() + shift : it.key(), it.value());
  m_convCall = calls;
  for (auto* outs : {&m_convOut, &m_normOut})
    for (auto it = outs->begin(); it != outs->end(); ++it)
      if (it->first >= at) it->first += shift;
  for (PadRead& p : m_pads)
    if (p.line >= at) p.line += shift;
  for (auto& writes : m_bufWriteLines)
    for (auto& w : writes)
      if (w.second >= at) w.second += shift;
  for (CatParts& c : m_cats)
    if (c.line >= at) c.line += shift;
  for (GatherCall& g : m_gatherCall)
    if (g.line >= at) g.line += shift;
  return true;
}

void Planner::storeDtypes(const QString& result, const QString& resultDtype, const QStringList& floats) {
  auto reads = [](const Line& l, const QString& name) {
    return l.text().contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name))));
  };
  for (int i = static_cast<int>(m_lines.size()) - 1; i >= 0 && !resultDtype.isEmpty(); --i) {
    Line& l = m_lines[i];
    if (l.target != result) continue;
    bool last = l.launch >= 0 && l.before.isEmpty() && takesOutDtype(l.head);
    for (int k = i + 1; last && k < m_lines.size(); ++k) last = !reads(m_lines.at(k), result);
    if (last) {
      // a run over int64 indices or counts names its float result's dtype already (out_dtype=torch.float32 at the
      // head's end): the result's dtype replaces it (cummax's indices read as values were a repeated keyword)
      static const QRegularExpression named(QStringLiteral(", out_dtype=[A-Za-z0-9_.]+$"));
      l.head.remove(named);
      l.outDtype = resultDtype;
    }
    break;
  }
  QStringList aliases;  // the floating inputs and their views (viewAliases)
  for (const QString& x : floats) aliases << viewAliases(x, result);
  // and the floating parameters (self.codebook.weight) with theirs: the harness runs a 16-bit case with the
  // parameters in that dtype too, and a launch over a parameter alone stored in it rounded an intermediate the fp32
  // reference keeps exact (probe25 a09's |E|^2 in bf16: argmin picked other codes)
  QStringList paramAliases;
  for (auto it = m_g.params.cbegin(); it != m_g.params.cend(); ++it)
    if (it->dtype.startsWith(QLatin1String("float")) || it->dtype == u"bfloat16")
      paramAliases << viewAliases(stateExpr(it.key(), false), result);
  aliases << paramAliases;
  for (Line& l : m_lines) {
    // (a piece's launch, dropped from the plan while its reader computes it, runs where kwb_piecewise_reads is off)
    // (a run that names its dtype already, an int64 result of a floating input's values (probe23 a09: floor(x * n)
    // .long() read as bins), keeps it: a second out_dtype= was a repeated keyword, kernel.py a SyntaxError)
    if (!l.outDtype.isEmpty() || (l.launch < 0 && !l.head.startsWith(QLatin1String("kwb_pointwise_piece("))) ||
        !widensOnLoad(l.head) || l.head.contains(QLatin1String(", out_dtype=")))
      continue;
    const qsizetype open = l.head.indexOf(u'(') + 1;
    const qsizetype comma = l.head.indexOf(u',', open);
    if (comma > open && aliases.contains(l.head.mid(open, comma - open))) l.outDtype = QStringLiteral("torch.float32");
  }
  // a reduction of a parameter alone (a prototype's norm, |E|^2 without its pow fused) stores fp32 the same way:
  // kwb_reduce / kwb_pnorm store pre_dtype's values where it is given (a reduction with a prologue names it already)
  for (Line& l : m_lines) {
    if (l.launch < 0 || l.target == result || l.head.contains(QLatin1String(", pre")) ||
        !(l.head.startsWith(QLatin1String("kwb_reduce(")) || l.head.startsWith(QLatin1String("kwb_pnorm("))))
      continue;
    const auto args = callArgSpans(l.head, 1);
    if (!args.isEmpty() && paramAliases.contains(l.head.mid(args[0].first, args[0].second)))
      l.head += QStringLiteral(", pre_dtype=torch.float32");
  }
  // 16-bit GEMM operands (docs/CODEGEN.md "GEMM operands keep their width"): a GEMM whose a may be a 16-bit value at
  // run time (a floating input, a view of one, or a GEMM result kept in its width) stores a's dtype -- what torch
  // holds it in -- where only GEMMs and the result read its result (through views); any other reader gets float32,
  // the fp32 intermediates rule
  if (!gemm16Operands()) return;
  // in line order, so that a GEMM knows whether its a was stored 16-bit: (3) below marks what it stores narrow too.
  // (3): a launch whose result only GEMMs read, as their a (a layer norm before a Linear), stores the dtype of those
  // GEMMs' w: torch's GEMM takes operands of one dtype, so that is the dtype torch holds the value in
  QStringList params;
  for (auto it = m_g.params.cbegin(); it != m_g.params.cend(); ++it) params << stateExpr(it.key(), false);
  QSet<QString> narrow(aliases.cbegin(), aliases.cend());
  for (int i = 0; i < m_lines.size(); ++i) {
    Line& l = m_lines[i];
    if (isPlainView(l)) {
      if (narrow.contains(leadingName(l.head)))
        for (const QString& t : l.target.split(u',', Qt::SkipEmptyParts)) narrow.insert(t.trimmed());
      continue;
    }
    if (l.launch < 0 || !l.before.isEmpty()) continue;
    const QString code = l.head + l.tail;
    const auto args = callArgSpans(code, 1);
    if (isGemmCall(code) && !args.isEmpty() && narrow.contains(leadingName(code.mid(args[0].first, args[0].second)))) {
      if (!l.outDtype.isEmpty()) continue;  // forward()'s result
      if (gemmOnlyReaders(l.target, i, result))
        narrow.insert(l.target);
      else
        l.outDtype = QStringLiteral("torch.float32");
      continue;
    }
    if (!takesOutDtype(l.head) || (!l.outDtype.isEmpty() && l.outDtype != u"torch.float32")) continue;
    const QString w = gemmOperandDtype(l.target, i, params, floats);
    if (w.isEmpty()) continue;
    l.outDtype = w;
    narrow.insert(l.target);
  }
}

QStringList Planner::storeTupleDtypes(const QStringList& outs, const QStringList& dtypes) {
  static const QRegularExpression named(QStringLiteral(", out_dtype=[A-Za-z0-9_.]+$"));
  QStringList candidates;
  for (qsizetype o = 0; o < outs.size(); ++o) {
    const QString& name = outs.at(o);
    if (dtypes.at(o).isEmpty() || outs.count(name) > 1) continue;
    for (int i = static_cast<int>(m_lines.size()) - 1; i >= 0; --i) {
      Line& l = m_lines[i];
      if (l.target != name) continue;
      if (l.launch < 0 || !l.before.isEmpty() || !takesOutDtype(l.head) ||
          (!l.outDtype.isEmpty() && l.outDtype != u"torch.float32"))
        break;
      bool readLater = false;  // by a line other than the tuple's reader (kwb_returned)
      for (int k = i + 1; k < m_lines.size(); ++k)
        readLater = readLater || (!m_lines.at(k).head.startsWith(QLatin1String("kwb_returned(")) &&
                                  readsValues(m_lines.at(k).text(), name));
      if (!readLater) {  // a GEMM too: torch's GEMM returns the dtype it computes in
        l.head.remove(named);
        l.outDtype = dtypes.at(o);
      } else if (!isGemmCall(l.head)) {  // a GEMM's store read later is gemm16Operands' (storeDtypes)
        candidates << name;
      }
      break;
    }
  }
  for (Line& l : m_lines) {  // the candidates' readers that convert on load store fp32 (as an input's: storeDtypes)
    if (!l.outDtype.isEmpty() || l.launch < 0 || !widensOnLoad(l.head) ||
        l.head.contains(QLatin1String(", out_dtype=")))
      continue;
    const qsizetype open = l.head.indexOf(u'(') + 1;
    const qsizetype comma = l.head.indexOf(u',', open);
    for (const QString& c : std::as_const(candidates))
      if (comma > open && viewAliases(c, QString()).contains(l.head.mid(open, comma - open)))
        l.outDtype = QStringLiteral("torch.float32");
  }
  return candidates;
}

bool Planner::laterReadsConvert(const QString& name, int at, const QString& result) const {
  QSet<int> viewLines;
  for (const QString& a : viewAliases(name, result, &viewLines))
    for (int i = at + 1; i < m_lines.size(); ++i) {
      const Line& r = m_lines.at(i);
      if (viewLines.contains(i) || r.head.startsWith(QLatin1String("kwb_returned("))) continue;
      // a GEMM or attention would keep a 16-bit operand's width (and store it): fp32 intermediates there
      const bool wide = isGemmCall(r.head) || r.head.startsWith(QLatin1String("kwb_attention("));
      if (!readsConverted(r, a) || (wide && readsValues(r.text(), a))) return false;
    }
  return true;
}

bool Planner::narrowTupleOutput(const QString& name, const QString& dtype, const QString& result) {
  int at = -1;
  for (int i = 0; i < m_lines.size(); ++i)
    if (m_lines.at(i).target == name) at = i;
  if (at < 0) return narrowRowSource(name, dtype, result) || narrowReduceSource(name, dtype, result);
  Line& l = m_lines[at];
  if (l.launch < 0 || !l.before.isEmpty() || !l.rowGroup.empty() || !takesOutDtype(l.head) || isGemmCall(l.head) ||
      l.head.contains(QLatin1String(", out_dtype=")) || (!l.outDtype.isEmpty() && l.outDtype != u"torch.float32"))
    return false;
  if (!laterReadsConvert(name, at, result)) return false;
  m_lines[at].outDtype = dtype;
  return true;
}

bool Planner::narrowRowSource(const QString& name, const QString& dtype, const QString& result) {
  // the one-pass row block whose source run (its first part, fuseRows' rowSource) assigns name
  int at = -1;
  for (int i = 0; i < m_lines.size(); ++i) {
    const Line& l = m_lines.at(i);
    if (!l.rowGroup.empty() && l.rowGroup.front().target == name && l.head.contains(QLatin1String(", src="))) at = i;
  }
  if (at < 0) return false;
  Line& l = m_lines[at];
  const Line& part = l.rowGroup.front();
  const QString srcDtype = QStringLiteral(", src_dtype=torch.float32");
  if (part.outDtype != u"torch.float32" || part.head.contains(QLatin1String(", out_dtype=")) ||
      l.head.count(srcDtype) != 1)
    return false;
  // the block's other parts (its else branch) and every later line convert the value as they load it; the if
  // branch's kwb_row1 reads it rounded to its stored dtype
  for (size_t k = 1; k < l.rowGroup.size(); ++k)
    if (!readsConverted(l.rowGroup.at(k), name)) return false;
  if (!laterReadsConvert(name, at, result)) return false;
  Line narrowed = part;
  narrowed.outDtype = dtype;
  const QString before = QStringLiteral("    ") + part.text(), after = QStringLiteral("    ") + narrowed.text();
  if (l.head.count(before) != 1) return false;
  l.head.replace(before, after);
  l.head.replace(srcDtype, QStringLiteral(", src_dtype=") + dtype);
  l.rowGroup.front() = narrowed;
  return true;
}

bool Planner::narrowReduceSource(const QString& name, const QString& dtype, const QString& result) {
  // the kwb_reduce line whose source run (src=, fuseReduceSource) assigns name, its second result
  int at = -1;
  for (int i = 0; i < m_lines.size(); ++i) {
    const Line& l = m_lines.at(i);
    if (l.head.startsWith(QLatin1String("kwb_reduce(")) && l.head.contains(QLatin1String(", src=")) &&
        l.target.endsWith(QStringLiteral(", ") + name))
      at = i;
  }
  if (at < 0 || !laterReadsConvert(name, at, result)) return false;
  // the run stored fp32 (or its input's dtype): it stores the output's dtype now, which the reduction reads, as torch
  // reduces the value it holds in that dtype
  Line& l = m_lines[at];
  static const QRegularExpression srcDtype(QStringLiteral(", src_dtype=[A-Za-z0-9_.]+"));
  const auto m = srcDtype.match(l.head);
  if (m.hasMatch() && m.captured() != u", src_dtype=torch.float32") return false;
  const QString set = QStringLiteral(", src_dtype=") + dtype;
  if (m.hasMatch())
    l.head.replace(m.capturedStart(), m.capturedLength(), set);
  else
    l.head += set;
  return true;
}

QString Planner::gemmOperandDtype(const QString& name, int from, const QStringList& params,
                                  const QStringList& floats) const {
  if (name.isEmpty() || name.contains(u',')) return {};
  // the root tensor of an expression, through the view lines before @p at: a parameter's or a forward() input's
  auto root = [&](QString e, int at) -> QString {
    for (int k = at - 1; k >= 0; --k) {
      const Line& v = m_lines.at(k);
      if (v.launch < 0 && v.isView && v.target == leadingName(e) && !v.head.contains(u'\n')) e = v.head;
    }
    for (const QString& p : params)
      if (e == p || e.startsWith(p + u'.') || e.startsWith(p + u'[')) return p;
    const QString n = leadingName(e);
    return floats.contains(n) ? n : QString();
  };
  QString dtype;
  for (int k = from + 1; k < m_lines.size(); ++k) {
    const Line& r = m_lines.at(k);
    const QString code = r.head + r.tail;
    if (!readsValues(code, name)) continue;
    if (isPlainView(r) && !r.target.contains(u',') && leadingName(r.head) == name) {
      const QString d = gemmOperandDtype(r.target, k, params, floats);
      if (d.isEmpty() || (!dtype.isEmpty() && d != dtype)) return {};
      dtype = d;
      continue;
    }
    if (r.launch < 0 || !isGemmCall(r.head) || !r.before.isEmpty()) return {};
    const auto args = callArgSpans(code, 2);
    if (args.size() < 2 || leadingName(code.mid(args.at(0).first, args.at(0).second)) != name) return {};
    QString rest = code;  // it is read as a alone: not also as w or an epilogue tensor
    rest.remove(args.at(0).first, args.at(0).second);
    if (readsValues(rest, name)) return {};
    const QString w = root(code.mid(args.at(1).first, args.at(1).second), k);
    if (w.isEmpty() || (!dtype.isEmpty() && w + QStringLiteral(".dtype") != dtype)) return {};
    dtype = w + QStringLiteral(".dtype");
  }
  return dtype;
}

bool Planner::gemmOnlyReaders(const QString& name, int from, const QString& result) const {
  if (name.isEmpty() || name.contains(u',')) return false;
  for (int k = from + 1; k < m_lines.size(); ++k) {
    const Line& r = m_lines.at(k);
    if (!readsValues(r.text(), name)) continue;
    if (r.launch >= 0 && isGemmCall(r.head) && r.before.isEmpty()) continue;
    if (!isPlainView(r) || leadingName(r.head) != name) return false;
    for (const QString& t : r.target.split(u',', Qt::SkipEmptyParts))
      if (t.trimmed() != result && !gemmOnlyReaders(t.trimmed(), k, result)) return false;
  }
  return true;
}

QStringList Planner::viewAliases(const QString& x, const QString& result, QSet<int>* viewLines) const {
  // a dtype-keeping view method of a tensor (a reshape torch cannot view copies in the same dtype); .view( only with
  // sizes (a .view(torch.int16) reinterprets the bits)
  static const QRegularExpression viewCall(QStringLiteral(
      "^([A-Za-z_][\\w.]*?)(\\.(chunk|split|unbind|permute|transpose|unsqueeze|squeeze|view|reshape|expand|"
      "unflatten|flatten|narrow|select|movedim|t)\\(|\\[)"));
  QStringList names{x};
  for (int i = 0; i < m_lines.size(); ++i) {
    const Line& l = m_lines.at(i);
    if (l.launch >= 0 || !l.tail.isEmpty() || !l.before.isEmpty() || l.target.isEmpty() || l.head.contains(u'\n'))
      continue;
    const auto m = viewCall.match(l.head);
    if (!m.hasMatch() || !names.contains(m.captured(1)) || l.head.contains(QLatin1String("torch.")) ||
        (m.captured(3) == u"reshape" && !gemm16Operands()))
      continue;
    const QString rest = l.head.mid(m.capturedEnd());
    bool other = false;  // the view's arguments read no tensor of these names (sizes, dims and constants only)
    for (const QString& n : std::as_const(names))
      other = other || rest.contains(QRegularExpression(
                           QStringLiteral("\\b%1\\b(?!\\.(shape|dim\\(|size\\())").arg(QRegularExpression::escape(n))));
    if (other) continue;
    QStringList targets;
    for (const QString& t : l.target.split(u',', Qt::SkipEmptyParts)) targets << t.trimmed();
    if (targets.contains(result)) continue;
    names << targets;
    if (viewLines) viewLines->insert(i);
  }
  return names;
}

bool Planner::readsConverted(const Line& l, const QString& x) {
  const QRegularExpression word(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(x)));
  QString code = l.head + l.tail;
  if (!l.rowGroup.empty()) {
    // a one-pass row block: its else branch as planned, and its if branch, where kwb_row1_fits / kwb_row1_stat read
    // x's shape and kwb_row1 converts x to fp32 as it loads it (its statistic is fp32 for a 16-bit x)
    for (const Line& part : l.rowGroup)
      if (!readsConverted(part, x)) return false;
    QString ifBranch = code.left(code.indexOf(QLatin1String("\n        else:")));
    static const QRegularExpression rowCall(QStringLiteral("\\bkwb_row1(?:_fits|_stat)?\\(([A-Za-z_]\\w*),"));
    for (auto it = rowCall.globalMatch(ifBranch); it.hasNext();) {
      const auto m = it.next();
      if (m.captured(1) == x)
        ifBranch.replace(m.capturedStart(1), m.capturedLength(1), QString(m.capturedLength(1), u' '));
    }
    // kwb_row1's source run's tensors (src_tensors=, fuse43) are loaded and converted by that epilogue
    for (qsizetype at = ifBranch.indexOf(QLatin1String("src_tensors=(")); at >= 0;
         at = ifBranch.indexOf(QLatin1String("src_tensors=("), at + 1)) {
      qsizetype k = at + 13, depth = 1;
      for (; k < ifBranch.size() && depth > 0; ++k)
        depth += ifBranch.at(k) == u'(' ? 1 : ifBranch.at(k) == u')' ? -1 : 0;
      ifBranch.replace(at, k - at, QString(k - at, u' '));
    }
    // kwb_row1's post tensors (its 11th argument) are loaded and converted by the post epilogue
    const qsizetype call = ifBranch.indexOf(QLatin1String("kwb_row1("));
    if (call >= 0) {
      const auto args = callArgSpans(ifBranch.mid(call), 11);
      if (args.size() == 11)
        ifBranch.replace(call + args.at(10).first, args.at(10).second, QString(args.at(10).second, u' '));
    }
    return !ifBranch.contains(word);
  }
  if (!l.before.isEmpty() || code.contains(u'\n')) return !code.contains(word) && !l.before.contains(word);
  // the first tensor of a stage that converts on load and stores an explicit dtype
  const qsizetype open = code.indexOf(u'(') + 1;
  if (widensOnLoad(code) && !l.outDtype.isEmpty() && code.mid(open).startsWith(x + QStringLiteral(",")))
    code.remove(open, x.size());
  // a reduction or selection whose prologue makes fp32 values of it (Planner::fuseRows): x is read in its dtype,
  // nothing kept in it
  else if ((code.startsWith(QLatin1String("kwb_reduce(")) || code.startsWith(QLatin1String("kwb_topk("))) &&
           code.contains(QLatin1String(", pre_dtype=torch.float32")) &&
           code.mid(open).startsWith(x + QStringLiteral(",")))
    code.remove(open, x.size());
  // a reduction whose source run (src=, fuseReduceSource) stores an explicit dtype: x is that run's operand, converted
  // as it loads
  else if (code.startsWith(QLatin1String("kwb_reduce(")) && code.contains(QLatin1String(", src_dtype=")) &&
           code.mid(open).startsWith(x + QStringLiteral(",")))
    code.remove(open, x.size());
  // a scan whose prologue makes fp32 values of x as it loads it (kwb_scan's pre= storing fp32, session 46;
  // kwb_cumsum_int's pre=, whose values are integers, session 47): x is read in its dtype, nothing kept in it
  else if (code.mid(open).startsWith(x + QStringLiteral(",")) && code.contains(QLatin1String(", pre=")) &&
           (code.startsWith(QLatin1String("kwb_cumsum_int(")) ||
            ((code.startsWith(QLatin1String("kwb_scan(")) || code.startsWith(QLatin1String("kwb_cumsum("))) &&
             (code.contains(QLatin1String("out_dtype=torch.float32")) || l.outDtype == u"torch.float32"))))
    code.remove(open, x.size());
  // kwb_rows (Planner::fuseSiblingRows), kwb_reduce_multi (fuseSiblingReduces): a reduction whose prologue makes fp32
  // values of its source reads it in its dtype (as kwb_reduce's above); its prologue tensors are loaded and converted
  // by the prologue
  if (code.startsWith(QLatin1String("kwb_rows([")) || code.startsWith(QLatin1String("kwb_reduce_multi(["))) {
    static const QRegularExpression entry(
        QStringLiteral("\\(([A-Za-z_]\\w*), \\[[^\\]]*\\], \"\\w+\", (?:True|False), \\w+, \\(([^()]*)\\), "
                       "\\([^()]*\\), (torch\\.float32|None)"));
    for (auto it = entry.globalMatch(l.head); it.hasNext();) {
      const auto m = it.next();
      if (m.captured(1) == x && m.captured(3) == u"torch.float32")  // blanked in place: the offsets stay
        code.replace(m.capturedStart(1), m.capturedLength(1), QString(m.capturedLength(1), u' '));
      code.replace(m.capturedStart(2), m.capturedLength(2), QString(m.capturedLength(2), u' '));
    }
  }
  // a GEMM's operands: read at their own width (16-bit ones on the tensor cores at that rate; kwb_gemm widens a
  // 16-bit a against a wider w first), its store's dtype decided by storeDtypes
  if (isGemmCall(code) && gemm16Operands()) {
    const auto args = callArgSpans(code, 2);
    for (qsizetype k = args.size() - 1; k >= 0; --k)
      if (leadingName(code.mid(args.at(k).first, args.at(k).second)) == x)
        code.remove(args.at(k).first, args.at(k).second);
  }
  // kwb_attention: q, Kᵀ and v read at their own width (fp16 / bf16 tiles, fp32 accumulation; widened inside the
  // call when kwb_attn_16bit is off or their dtypes differ), the bias converted as it loads; the head repeat reads
  // shapes only
  if (code.startsWith(QLatin1String("kwb_attention("))) {
    static const QRegularExpression rep(QStringLiteral("kwb_attn_rep\\((?:[^()]|\\([^()]*\\))*\\)"));
    code.remove(rep);
    static const QRegularExpression biasArg(QStringLiteral(", bias=[^,)]*"));
    code.remove(biasArg);
    const auto args = callArgSpans(code, 3);
    for (qsizetype k = args.size() - 1; k >= 0; --k)
      if (leadingName(code.mid(args.at(k).first, args.at(k).second)) == x)
        code.remove(args.at(k).first, args.at(k).second);
  }
  // epilogue / prologue tensors: loaded and converted by the epilogue function
  static const QRegularExpression tensors(QStringLiteral("\\b(epi|pre|post|src)_tensors=\\("));
  for (auto m = tensors.match(code); m.hasMatch(); m = tensors.match(code, m.capturedStart())) {
    qsizetype k = m.capturedEnd(), depth = 1;
    while (k < code.size() && depth > 0) {
      if (code.at(k) == u'(') ++depth;
      if (code.at(k) == u')') --depth;
      ++k;
      // `(a, b) if kwb_piecewise_reads else (a,)` (a module switch's two plans): the other tuple is tensors too
      static const QRegularExpression other(QStringLiteral("^ if kwb_\\w+ else \\("));
      if (depth == 0 && loadCasts() && other.match(code.mid(k)).hasMatch()) {
        k = code.indexOf(u'(', k) + 1;
        depth = 1;
      }
    }
    code.remove(m.capturedStart(), k - m.capturedStart());
  }
  // its shape, device, rank or size
  code.remove(QRegularExpression(
      QStringLiteral("\\b%1\\.(shape\\b|device\\b|dim\\(\\)|numel\\(\\))").arg(QRegularExpression::escape(x))));
  return !code.contains(word);
}

void Planner::fuseRows(const QString& result) {
  // a line's text one level deeper (every physical line of it: Line::before is one of its own)
  auto indented = [](const QString& t) -> QString {  // a QString: a builder would keep the temporary
    return QStringLiteral("    ") + QString(t).replace(u'\n', QStringLiteral("\n    "));
  };
  auto reads = [](const Line& l, const QString& name) {
    return l.text().contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name))));
  };
  auto tuple = [](const QStringList& l) -> QString {
    return u'(' + l.join(QStringLiteral(", ")) + (l.size() == 1 ? QStringLiteral(",)") : QStringLiteral(")"));
  };
  QList<Line> lines;
  QSet<int> dropLaunch;
  const int n = static_cast<int>(m_lines.size());
  int lastFused = -1;  // the last line a fused group took
  // a group whose post is a piece's reader further on (pieceReader), by that reader's line: it stands there
  QHash<int, Line> pendingAt;
  // a line a prologue may move past to its stage (prologueReach): one assignment (a launch or a view), nothing written
  // in place, no statement before it
  auto passable = [](const Line& l) {
    return !l.target.isEmpty() && l.before.isEmpty() && l.rowGroup.empty() &&
           !l.head.contains(QLatin1String("kwb_copy_into")) && !l.head.contains(QLatin1String("out="));
  };
  // The line of the pointwise run that defines line i's input: the line right before, or (prologueReach, session 42)
  // an earlier one with passable lines between that do not read its value (focal loss: `targets.sum()` between the
  // loss's run and `loss.sum()`), it then computed at the stage's place, inside it; -1 where there is none. The lines
  // from it to i - 1 are `lines`' last ones (each pushed as it was: none fused after lastFused).
  auto preSource = [&](int i) {
    const Line& r = m_lines.at(i);
    int j = i - 1;
    if (prologueReach())
      while (j - 1 > lastFused && m_lines.at(j).target != r.input && passable(m_lines.at(j)) &&
             !reads(m_lines.at(j), r.input))
        --j;
    if (j <= lastFused || m_lines.at(j).target != r.input) return -1;
    if (j < i - 1 && m_lines.at(j).draw) return -1;  // a random draw keeps its place among the draws
    return j;
  };
  // The pointwise launch before line i (preSource) (a softmax, a group / layer norm, a reduction), read by it alone and
  // not the result, as its prologue: the stage applies it to every element as it loads it (x * scale, x / T; scores + a
  // relative position bias, session 21; where(mask, x, 0) before a sum, session 23), its tensors read there too.
  // preOf(p): the prologue's arguments appended to the stage's call, whose first argument is the run's result,
  // from the run's line p.
  // broadcast: an outer broadcast's launch may be the prologue too (a kwb_reduce's: it reads the expanded operand)
  // boolRun: a count's bool run (kind "boolrun", intReducePrologue) may be the prologue too (a kwb_reduce sum's)
  // a kwb_pointwise launch reading whole pieces (kwb_piecewise_reads) at its own indices: its x the same in both forms,
  // no cut points, no column slots, no pad read through an index map (the launch's prologue ops), one output
  auto pieceReaderRun = [&](const Line& l) {
    return l.kind.isEmpty() && !l.onEpi.isEmpty() && l.onInput == l.input && !l.input.isEmpty() &&
           l.head.startsWith(QLatin1String("kwb_pointwise(")) && l.tail == u")" && l.before.isEmpty() && !l.draw &&
           !l.head.contains(QLatin1String("epi_view=")) && !l.target.contains(u',') && l.launch >= 0 &&
           l.launch < m_plan.launches.size() &&
           std::none_of(m_lines.begin(), m_lines.end(),
                        [&](const Line& v) {
                          return v.head.startsWith(QLatin1String("kwb_pad_view(")) &&
                                 m_plan.launches.at(l.launch).prologue.contains(v.target);
                        }) &&
           std::none_of(l.onTensors.begin(), l.onTensors.end(),
                        [](const QString& t) { return t.startsWith(QLatin1String("kwb_cols(")); }) &&
           std::none_of(l.onScalars.begin(), l.onScalars.end(),
                        [](const QString& f) { return f.contains(QLatin1String("_starts(")); });
  };
  auto fusePre = [&](int i, const auto& preOf, bool broadcast = false, bool boolRun = false,
                     bool pieceRun = false) -> bool {
    const Line& r = m_lines.at(i);
    const int j = i > 0 ? preSource(i) : -1;
    if (j < 0) return false;
    const QString& pk = m_lines.at(j).kind;
    if ((pk != u"pointwise" && !(broadcast && pk == u"broadcast") &&
         !(boolRun && (pk == u"boolrun" || (pk == u"intrun" && r.kind == u"iscan"))) &&
         !(pieceRun && pieceReaderRun(m_lines.at(j)))) ||
        r.input == result)
      return false;
    const Line& p = m_lines.at(j);
    const QString pre = preOf(p);
    const qsizetype open = r.head.indexOf(u'(') + 1;
    bool ok = open > 0 && r.head.mid(open, r.input.size() + 1) == r.input + u',';
    for (int k = i + 1; ok && k < n; ++k) ok = !reads(m_lines.at(k), p.target);
    for (int k = j + 1; ok && k < i; ++k)  // nothing between assigns a name the run reads (SSA names: a guard)
      for (const QString& t : m_lines.at(k).target.split(QStringLiteral(", "))) ok = ok && !reads(p, t.trimmed());
    Line fused = r;
    fused.kind.clear();
    fused.head = r.head.left(open) + p.input + r.head.mid(open + r.input.size()) + pre;
    if (fused.outDtype.isEmpty() && r.head.startsWith(QLatin1String("kwb_softmax(")))
      fused.outDtype = p.outDtype;  // float32 where it reads a 16-bit input
    if (!ok || reads(fused, p.target)) return false;
    lines.removeAt(lines.size() - (i - j));
    lines << fused;
    ChainLaunch& nl = m_plan.launches[r.launch];
    nl.ops << m_plan.launches.at(p.launch).ops;
    nl.description +=
        QStringLiteral(" with the %1 before it as its prologue (fused)").arg(m_plan.launches.at(p.launch).description);
    dropLaunch.insert(p.launch);
    lastFused = i;
    return true;
  };
  // a reduction's prologue (kwb_reduce; kwb_pnorm: a pairwise distance's x - y + eps): its values' dtype where the run
  // stores another than its input's (fp32 out of a 16-bit x)
  auto reducePre = [&](int i) {
    if (i == 0) return false;
    const int j = preSource(i);
    if (j < 0) return false;
    const Line& pl = m_lines.at(j);
    // a run reading pieces (softmaxLse(), session 49: the KL divergence's run over the teacher reading the student's
    // log-probabilities computed in it): the prologue in both forms, the on form's kwb_at(t) plain (the reduction reads
    // its tensors at x's indices, which are the run's own)
    const bool pieceRun =
        softmaxLse() && m_lines.at(i).head.startsWith(QLatin1String("kwb_reduce(")) && pieceReaderRun(pl);
    const bool fused = (m_lines.at(i).head.startsWith(QLatin1String("kwb_reduce(")) ||
                        m_lines.at(i).head.startsWith(QLatin1String("kwb_pnorm("))) &&
                       fusePre(
                           i,
                           [&](const Line& p) -> QString {
                             const QString dt =
                                 p.kind == u"boolrun" ? QStringLiteral("torch.bool") : p.outDtype;  // a count's mask
                             const QString dtArg = dt.isEmpty() ? QString() : QStringLiteral(", pre_dtype=") + dt;
                             if (!pieceRun)
                               return QStringLiteral(", pre=%1, pre_tensors=%2, pre_scalars=%3%4")
                                   .arg(p.epi, tuple(p.tensors), tuple(p.scalars), dtArg);
                             QStringList plain;
                             for (const QString& t : p.onTensors)
                               plain << (t.startsWith(QLatin1String("kwb_at(")) ? t.mid(7).chopped(1) : t);
                             auto pick = [](const QString& on, const QString& off) {
                               return on == off ? on : QStringLiteral("%1 if kwb_piecewise_reads else %2").arg(on, off);
                             };
                             return QStringLiteral(", pre=%1, pre_tensors=%2, pre_scalars=%3%4")
                                 .arg(pick(p.onEpi, p.epi), pick(tuple(plain), tuple(p.tensors)),
                                      pick(tuple(p.onScalars), tuple(p.scalars)), dtArg);
                           },
                           true,
                           intReducePrologue() && m_lines.at(i).redOp == u"sum" &&
                               m_lines.at(i).head.startsWith(QLatin1String("kwb_reduce(")),
                           pieceRun);
    if (pieceRun && fused) return true;              // its prologue in two forms: no sibling of a row group
    if (fused && m_lines.at(i).kind == u"reduce") {  // what fuseSiblingRows reads of it
      Line& l = lines.last();
      l.kind = QStringLiteral("reduce");
      l.input = pl.input;
      l.preFn = pl.epi;
      l.preTensors = pl.tensors;
      l.preScalars = pl.scalars;
      l.preDtype = pl.outDtype;
    }
    return fused;
  };
  for (int i = 0; i < n; ++i) {
    if (pendingAt.contains(i)) {
      lines << pendingAt.take(i);
      lastFused = i;
      continue;
    }
    const Line& r = m_lines.at(i);
    if (r.kind == u"softmax" && fusePre(i, [&](const Line& p) -> QString {
          return QStringLiteral(", pre=%1, pre_scalars=%2").arg(p.epi, tuple(p.scalars)) +
                 (p.tensors.isEmpty() ? QString() : QStringLiteral(", pre_tensors=%1").arg(tuple(p.tensors)));
        }))
      continue;
    // a scan's prologue (kwb_scan's pre=, session 46): its values' dtype where the run stores another than its
    // input's (fp32 out of a 16-bit x), so the scan stores what it stored
    // the stage hands PRE and POST one set of tensors: a run reading tensors fuses where the scan's epilogue reads
    // none or the same ones (else the stage would launch the run first: no launch saved)
    const int sj = (r.kind == u"scan" || r.kind == u"iscan") && i > 0 ? preSource(i) : -1;
    const bool scanTensors = sj < 0 || m_lines.at(sj).tensors.isEmpty() ||
                             !r.head.contains(QLatin1String("epi_tensors=")) ||
                             r.head.contains(QLatin1String("epi_tensors=()")) ||
                             r.head.contains(QStringLiteral("epi_tensors=%1, ").arg(tuple(m_lines.at(sj).tensors)));
    // an integer scan's prologue (kwb_cumsum_int's pre=, session 47): the run's stored value as the scan reads it --
    // a bool's != 0 (pre_dtype=torch.bool), else the integer it holds; the same one-set-of-tensors rule as above
    if (r.kind == u"iscan" && scanTensors &&
        fusePre(
            i,
            [&](const Line& p) -> QString {
              const bool b = p.kind == u"boolrun" || normaliseDtype(m_vals.value(p.target).dtype) == u"bool";
              return QStringLiteral(", pre=%1, pre_tensors=%2, pre_scalars=%3%4")
                  .arg(p.epi, tuple(p.tensors), tuple(p.scalars),
                       b ? QStringLiteral(", pre_dtype=torch.bool") : QString());
            },
            false, true))
      continue;
    if (r.kind == u"scan" && scanTensors && fusePre(i, [&](const Line& p) -> QString {
          return QStringLiteral(", pre=%1, pre_tensors=%2, pre_scalars=%3%4")
              .arg(p.epi, tuple(p.tensors), tuple(p.scalars),
                   p.outDtype.isEmpty() || !r.outDtype.isEmpty() ? QString()
                                                                 : QStringLiteral(", out_dtype=") + p.outDtype);
        }))
      continue;
    if (r.kind == u"norm" && fusePre(i, [&](const Line& p) -> QString {
          return QStringLiteral(", pre=%1, pre_tensors=%2, pre_scalars=%3")
              .arg(p.epi, tuple(p.tensors), tuple(p.scalars));
        }))
      continue;
    // a selection's prologue (kwb_topk's pre=: the distance before a k-nearest, session 26)
    if (r.kind == u"topk" && fusePre(i, [&](const Line& p) -> QString {
          return QStringLiteral(", pre=%1, pre_tensors=%2, pre_scalars=%3%4")
              .arg(p.epi, tuple(p.tensors), tuple(p.scalars),
                   p.outDtype.isEmpty() ? QString() : QStringLiteral(", pre_dtype=") + p.outDtype);
        }))
      continue;
    bool pre = i - 1 > lastFused && m_lines.at(i - 1).kind == u"pointwise" && m_lines.at(i - 1).target == r.input &&
               m_lines.at(i - 1).tensors.isEmpty();
    // rowSourceReach, where the row-apply plan does not take the group (its kwb_rows plans stay its own)
    bool reach = rowSourceReach();
    if (reach) {
      const QList<qint64> shape = m_vals.value(r.input).shape;
      const auto rank = static_cast<qint64>(shape.size());
      QList<qint64> nd;
      for (qint64 d : r.dims) nd << (rank > 0 ? (d % rank + rank) % rank : d);
      reach = m_vals.contains(r.input) ? !rowsApplyPlan(columnRows(shape, nd)) : !rowsApplyAny();
    }
    // a run that a later line reads too is no prologue of the group (the checks below would refuse it): with
    // rowSourceReach it is the group's source instead, the reduction's input its x
    if (pre && reach && rowSource())
      for (int k = i + 1; pre && k < n; ++k) pre = !reads(m_lines.at(k), m_lines.at(i - 1).target);
    // one reduced dim, or several that are one consecutive range as written ((2, 3), (-2, -1)): kwb_row1 takes the
    // elements of the range as its row (kwb_row1_fits checks the range again on the run-time rank)
    QList<qint64> rdims = r.dims;
    std::sort(rdims.begin(), rdims.end());
    bool range = !rdims.isEmpty() && (rdims.first() >= 0 || rdims.last() < 0);
    for (int k = 1; range && k < rdims.size(); ++k) range = rdims.at(k) == rdims.at(k - 1) + 1;
    if (r.kind != u"reduce" || !r.keep || !range) {
      if (!reducePre(i)) lines << r;  // not one pass over rows: the run before it may still be its prologue
      continue;
    }
    const int first = pre ? i - 1 : i;
    const QString x = pre ? m_lines.at(i - 1).input : r.input;
    QStringList internal = {r.target};
    if (pre) internal << m_lines.at(i - 1).target;
    int j = i + 1, mid = -1;
    QString stat = r.target;
    if (j < n && m_lines.at(j).kind == u"pointwise" && m_lines.at(j).input == stat && m_lines.at(j).tensors.isEmpty()) {
      mid = j++;
      stat = m_lines.at(mid).target;
      internal << stat;
    }
    QList<int> views, hoisted;  // hoisted: plain views of other values between, moved before the group (reach)
    QStringList statNames = {stat};
    while (j < n && m_lines.at(j).kind.isEmpty() && m_lines.at(j).launch < 0 && !m_lines.at(j).target.isEmpty()) {
      const Line& v = m_lines.at(j);
      if (std::any_of(statNames.begin(), statNames.end(), [&](const QString& s) { return reads(v, s); })) {
        statNames << v.target;
        internal << v.target;
        views << j++;
        continue;
      }
      // a view of values made before the group (an index reshaped for a later gather): it may stand before it
      bool other = reach && isPlainView(v) && v.before.isEmpty() && !v.draw && !reads(v, x);
      for (const QString& name : std::as_const(internal)) other = other && !reads(v, name);
      if (!other) break;
      hoisted << j++;
    }
    bool ok = j < n && m_lines.at(j).kind == u"pointwise" && m_lines.at(j).input == x &&
              std::any_of(statNames.begin(), statNames.end(),
                          [&](const QString& s) { return m_lines.at(j).tensors.contains(s); });
    const int q = j;
    // pieceReader (session 44): the run after the statistic is a piece (kwb_pointwise_piece: computed by its one
    // reader's launch while kwb_piecewise_reads is on, F.normalize's quotient read only by `exp(s) * img`), so no
    // launch of it stands here. The reader's on form -- x and the statistic's views in, its own epilogue -- is then the
    // post, and the group stands at the reader's place: nothing between reads its values (internal, below), writes in
    // place or assigns a name the group reads.
    int reader = -1;
    Line readerPost;
    if (!ok && rowPieceReader() && j < n) {
      const Line& pl = m_lines.at(j);
      const auto statTensor = [&](const QString& t) {  // t2, kwb_at(t2), kwb_at(t1.expand(x.shape)) ...
        return std::any_of(statNames.begin(), statNames.end(), [&](const QString& sn) {
          return t.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(sn))));
        });
      };
      bool pok = pl.head.startsWith(QLatin1String("kwb_pointwise_piece(")) && pl.launch >= 0 && pl.input == x &&
                 pl.before.isEmpty() && pl.target != result &&
                 std::any_of(pl.tensors.begin(), pl.tensors.end(), statTensor);
      for (int k = j + 1; pok && k < n; ++k)
        if (reads(m_lines.at(k), pl.target)) {
          pok = reader < 0;  // one reader
          reader = k;
        }
      pok = pok && reader >= 0 && !pendingAt.contains(reader);  // one group a reader
      if (pok) {
        const Line& rl = m_lines.at(reader);
        const QString on = QStringLiteral(" if kwb_piecewise_reads else ");
        pok = !rl.onEpi.isEmpty() && rl.onInput == x && rl.launch >= 0 && !rl.draw && rl.before.isEmpty() &&
              rl.rowGroup.empty() && rl.tail == u")" && !rl.head.contains(QLatin1String("out_dtype=")) &&
              rl.head.startsWith(QStringLiteral("kwb_pointwise(")) &&
              rl.head.contains(QStringLiteral("epi=") + rl.onEpi + on) &&
              std::any_of(rl.onTensors.begin(), rl.onTensors.end(), statTensor) &&
              std::none_of(rl.onTensors.begin(), rl.onTensors.end(),
                           [](const QString& t) { return t.startsWith(QLatin1String("kwb_cols(")); }) &&
              std::none_of(rl.onScalars.begin(), rl.onScalars.end(),
                           [](const QString& f) { return f.contains(QLatin1String("_starts(")); });
      }
      if (pok) {
        const Line& rl = m_lines.at(reader);
        readerPost = rl;
        readerPost.head = QStringLiteral("kwb_pointwise(%1, epi=%2, epi_tensors=%3, epi_scalars=%4")
                              .arg(x, rl.onEpi, tuple(rl.onTensors), tuple(rl.onScalars));
        readerPost.input = x;
        readerPost.epi = rl.onEpi;
        readerPost.tensors = rl.onTensors;
        readerPost.scalars = rl.onScalars;
        for (int k = j + 1; pok && k < reader; ++k) {
          const Line& b = m_lines.at(k);
          pok = !b.head.contains(QLatin1String("kwb_copy_into")) && !b.head.contains(QLatin1String("out="));
          for (const QString& t : b.target.split(QStringLiteral(", "), Qt::SkipEmptyParts))
            for (int g = first; pok && g <= j; ++g) pok = !reads(m_lines.at(g), t.trimmed());
        }
      }
      if (pok) {
        internal << pl.target;
        ok = true;
      } else {
        reader = -1;
      }
    }
    const Line& postL = reader >= 0 || q >= n ? readerPost : m_lines.at(q);  // q == n: no group (ok is false)
    // a pointwise run that only a reduction over the same dims reads (the centred squares of a variance written
    // out): that reduction's prologue, beside this one in one kwb_rows launch (fuseSiblingRows), not kwb_row1's post
    if (ok && reader < 0 && !pre && mid < 0 && views.isEmpty() && q + 1 < n && m_lines.at(q + 1).kind == u"reduce" &&
        m_lines.at(q + 1).input == m_lines.at(q).target && m_lines.at(q + 1).dims == r.dims &&
        m_lines.at(q + 1).head.startsWith(QLatin1String("kwb_reduce(")) &&
        r.head.startsWith(QLatin1String("kwb_reduce("))) {
      bool alone = m_lines.at(q).target != result;
      for (int k = q + 2; alone && k < n; ++k) alone = !reads(m_lines.at(k), m_lines.at(q).target);
      if (alone) {
        lines << r;
        continue;
      }
    }
    // nothing but the group reads its intermediates, and the result is not one of them
    for (int k = q + 1; ok && k < n; ++k)
      for (const QString& name : internal) ok = ok && (k == reader || !reads(m_lines.at(k), name));
    for (const QString& name : internal) ok = ok && name != result;
    if (ok && pre) ok = !reads(postL, m_lines.at(i - 1).target);
    if (ok && mid >= 0) ok = !reads(postL, r.target);
    for (int v : views)
      ok = ok && !(mid >= 0 && reads(m_lines.at(v), r.target)) &&
           !(pre && reads(m_lines.at(v), m_lines.at(i - 1).target));
    if (!ok) {
      if (!reducePre(i)) lines << r;
      continue;
    }
    // the row's source x made by the pointwise launch right before the group whose value is read outside it too
    // (rowSource): kwb_row1 takes that run's operand as its x, the run as its src (applied as it loads, its value
    // stored as a second result), so the run's launch and the re-read of its value go. The run's first operand has
    // x's shape (its other tensors broadcast to it) and a floating dtype (the statistic's dtype follows x's kind).
    int src = -1;
    if (rowSource() && first - 1 > lastFused && !lines.isEmpty()) {
      const int s = first - 1;
      const Line& sl = m_lines.at(s);
      // a name's value (an input by its name, a launch's by its target): shape and dtype at the spec
      auto valOfExpr = [this](const QString& e) {
        if (m_vals.contains(e)) return m_vals.value(e);
        for (auto it = m_vals.cbegin(); it != m_vals.cend(); ++it)
          if (it->expr == e) return it.value();
        return Val();
      };
      const Val in = valOfExpr(sl.input), xv = valOfExpr(x);
      bool sok =
          sl.kind == u"pointwise" && sl.target == x && sl.launch >= 0 && !sl.draw && sl.before.isEmpty() &&
          sl.rowGroup.empty() && !sl.epi.isEmpty() && sl.tail == u")" && sl.tensors.size() <= 4 &&
          sl.head.startsWith(QStringLiteral("kwb_pointwise(%1, epi=").arg(sl.input)) &&
          !sl.head.contains(QLatin1String("kwb_at(")) && !sl.head.contains(QLatin1String(" if ")) &&
          lines.at(lines.size() - (pre ? 2 : 1)).target == x && !in.shape.isEmpty() && in.shape == xv.shape &&
          (in.dtype == u"float32" || in.dtype == u"float16" || in.dtype == u"bfloat16" || in.dtype == u"float64");
      // x is kwb_row1's second result: nothing of the call reads it (the post's tensors, the views of the statistic)
      sok = sok && !postL.tensors.contains(x);
      for (int v : views) sok = sok && !reads(m_lines.at(v), x);
      if (sok) src = s;
    }
    if (pre) lines.removeLast();
    if (src >= 0) lines.removeLast();
    for (int h : std::as_const(hoisted)) lines << m_lines.at(h);  // before the group: they read nothing of it
    const Line& post = postL;
    QStringList dimList;
    for (qint64 d : rdims) dimList << QString::number(d);
    const QString dim = rdims.size() == 1 ? dimList.first() : u'(' + dimList.join(QStringLiteral(", ")) + u')';
    // with a source run: the row is read from the run's operand, the run's value stored beside the post's
    const Line* sl = src >= 0 ? &m_lines.at(src) : nullptr;
    const QString xr = sl ? sl->input : x;
    const QString srcArgs =
        sl ? QStringLiteral(", src=%1, src_tensors=%2, src_scalars=%3%4")
                 .arg(sl->epi, tuple(sl->tensors), tuple(sl->scalars),
                      sl->outDtype.isEmpty() ? QString() : QStringLiteral(", src_dtype=") + sl->outDtype)
           : QString();
    // with a piece's reader as the post: its on form, so the row pass runs where kwb_piecewise_reads is on (off: the
    // plan before, the else branch)
    QStringList text = {QStringLiteral("if %1kwb_row1_fits(%2, %3):  # one pass: each reduced row fits one tile")
                            .arg(reader >= 0 ? QStringLiteral("kwb_piecewise_reads and ") : QString(), xr, dim),
                        QStringLiteral("            %1 = kwb_row1_stat(%2, %3)  # the statistic, written by kwb_row1")
                            .arg(stat, xr, dim)};
    for (int v : views) text << indented(m_lines.at(v).text());
    text << QStringLiteral("            %1 = kwb_row1(%2, %3, \"%4\", %5, %6, %7, %8, %9, %10, %11, %12, %13%14)")
                .arg(sl ? post.target + QStringLiteral(", ") + x : post.target, xr, dim, r.redOp, r.q, stat,
                     pre ? m_lines.at(i - 1).epi : QStringLiteral("None"),
                     tuple(pre ? m_lines.at(i - 1).scalars : QStringList()),
                     mid >= 0 ? m_lines.at(mid).epi : QStringLiteral("None"))
                .arg(tuple(mid >= 0 ? m_lines.at(mid).scalars : QStringList()), post.epi, tuple(post.tensors),
                     tuple(post.scalars),
                     post.outDtype.isEmpty() ? QString() : QStringLiteral(", out_dtype=%1").arg(post.outDtype));
    text.last().insert(text.last().size() - 1, srcArgs);  // inside the call's closing parenthesis
    text << QStringLiteral(
        "        else:  # rows longer than kwb_row1_max: the reduction, then the elementwise launches");
    const int from = sl ? src : first;
    QList<int> parts;  // the else branch's lines: the group's, then the piece's reader moved here
    for (int k = from; k <= q; ++k)
      if (!hoisted.contains(k)) parts << k;
    if (reader >= 0) parts << reader;
    for (int k : parts) text << indented(m_lines.at(k).text());
    Line fused;
    fused.head = text.join(u'\n');
    fused.tail.clear();
    for (int k : parts) fused.rowGroup.push_back(m_lines.at(k));
    if (reader >= 0)
      pendingAt.insert(reader, fused);
    else
      lines << fused;
    // the plan's launches: the group's become one (a piece's is no launch while its reader computes it: the reader's
    // launch lists its ops as its prologue)
    QList<int> group;
    for (int k : parts)
      if (m_lines.at(k).launch >= 0 && !(reader >= 0 && k == q)) group << m_lines.at(k).launch;
    if (reader >= 0) dropLaunch.insert(m_lines.at(q).launch);
    ChainLaunch& keepL = m_plan.launches[r.launch];
    QStringList others;
    for (int g : group) {
      if (g == r.launch) continue;
      keepL.ops << m_plan.launches.at(g).ops;
      keepL.prologue << m_plan.launches.at(g).prologue;
      others << m_plan.launches.at(g).description;
      dropLaunch.insert(g);
    }
    keepL.kind = QStringLiteral("rowfused");
    keepL.description = QStringLiteral("one pass: %1 with %2 (%3 launches when a row exceeds kwb_row1_max elements)")
                            .arg(keepL.description, others.join(QStringLiteral("; ")))
                            .arg(group.size());
    if (sl) keepL.description += QStringLiteral(", the first run its row's source, stored by it too");
    if (reader >= 0) {  // the launch stands where its line does: the reader's place in the plan's list
      const int at = m_lines.at(reader).launch;
      keepL.description +=
          QStringLiteral(", the last the reader of its piece %1, run at that reader's place").arg(m_lines.at(q).target);
      m_plan.launches[at] = keepL;
      dropLaunch.remove(at);
      dropLaunch.insert(r.launch);
    }
    i = lastFused = q;
  }
  if (dropLaunch.isEmpty()) return;
  m_lines = lines;
  QList<ChainLaunch> kept;
  for (int k = 0; k < m_plan.launches.size(); ++k)
    if (!dropLaunch.contains(k)) kept << m_plan.launches.at(k);
  m_plan.launches = kept;
}

void Planner::fuseScanShift(const QString& result) {
  if (!scanShift()) return;
  auto reads = [](const Line& l, const QString& name) {
    return l.text().contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name))));
  };
  static const QRegularExpression catHead(
      QStringLiteral("^kwb_cat\\(\\[([A-Za-z_]\\w*), ([A-Za-z_]\\w*)\\], (-?\\d+)$"));
  // a fill's value as factory() writes it: 1.0, 0.0, float(...) (a number, or "inf" / "-inf" / "nan")
  static const QRegularExpression fullHead(QStringLiteral(
      "^kwb_full\\([A-Za-z_]\\w*\\.shape, (1\\.0|0\\.0|float\\([^()]*\\)), torch\\.(float32|float64|float16|bfloat16), "
      "[A-Za-z_][\\w.]*$"));
  static const QRegularExpression scanHead(QStringLiteral(
      "^(kwb_cumsum\\(([A-Za-z_]\\w*), (-?\\d+)|kwb_scan\\(([A-Za-z_]\\w*), (-?\\d+), \"(sum|prod|max|min|logsumexp)\")"
      "(, epi=.*)?$"));
  static const QRegularExpression sizeRef(QStringLiteral("^([A-Za-z_]\\w*)\\.shape\\[(\\d+)\\]$"));
  static const QRegularExpression sliceHead(QStringLiteral("^([A-Za-z_]\\w*)\\[(.*)\\]$"));
  auto valOf = [this](const QString& e) {
    if (m_vals.contains(e)) return m_vals.value(e);
    for (auto it = m_vals.cbegin(); it != m_vals.cend(); ++it)
      if (it->expr == e) return it.value();
    return Val();
  };
  auto readBy = [&](const QString& name, int except) {  // whether a line other than `except` reads name
    for (int k = 0; k < m_lines.size(); ++k)
      if (k != except && m_lines.at(k).target != name && reads(m_lines.at(k), name)) return true;
    return false;
  };
  QSet<int> dropLine, dropLaunch;
  for (int i = 0; i < m_lines.size(); ++i) {
    const Line& sl = m_lines.at(i);
    const auto sm = scanHead.match(sl.head);
    if (!sm.hasMatch() || sl.tail != u")" || sl.launch < 0 || !sl.before.isEmpty() || !sl.outDtype.isEmpty()) continue;
    const bool cumsum = !sm.captured(2).isEmpty();
    const QString in = cumsum ? sm.captured(2) : sm.captured(4);
    const qint64 sdim = (cumsum ? sm.captured(3) : sm.captured(5)).toLongLong();
    const bool epi = !sm.captured(7).isEmpty();
    // the slices between the cat and the scan (the prefix taken before scanning), latest first
    int c = -1, f = -1;
    QString from = in;
    QList<int> preViews;
    for (int k = i - 1; k >= 0 && c < 0; --k) {
      if (m_lines.at(k).target != from) continue;
      const auto vm = sliceHead.match(m_lines.at(k).head);
      if (m_lines.at(k).launch < 0 && m_lines.at(k).kind.isEmpty() && m_lines.at(k).tail.isEmpty() && vm.hasMatch() &&
          m_lines.at(k).before.isEmpty()) {
        preViews << k;
        from = vm.captured(1);
        continue;
      }
      c = k;
    }
    if (c < 0 || (epi && preViews.isEmpty())) continue;  // an epilogue on the cat's length: no shift
    const Line& cl = m_lines.at(c);
    const auto cm = catHead.match(cl.head);
    if (!cm.hasMatch() || cl.tail != u")" || cl.launch < 0 || !cl.before.isEmpty() || dropLine.contains(c)) continue;
    const Val cv = valOf(from), y = valOf(cm.captured(2));
    const auto rank = static_cast<qint64>(cv.shape.size());
    if (rank == 0 || y.shape.size() != cv.shape.size() || y.dtype != cv.dtype) continue;
    const qint64 d = ((sdim % rank) + rank) % rank;
    if (((cm.captured(3).toLongLong() % rank) + rank) % rank != d || cv.shape.at(d) < 2) continue;
    for (int k = c - 1; k >= 0 && f < 0; --k)
      if (m_lines.at(k).target == cm.captured(1)) f = k;
    if (f < 0) continue;
    const Line& fl = m_lines.at(f);
    const auto fm = fullHead.match(fl.head);
    const Val fv = valOf(fl.target);
    if (!fm.hasMatch() || fl.tail != u")" || fm.captured(2) != cv.dtype || fv.shape.size() != cv.shape.size() ||
        fv.shape.at(d) != 1)
      continue;
    // the slices before the scan and after it: every dim whole but d, cut once to its first L - 1 (a prefix of an
    // inclusive scan is the scan of the prefix)
    const qint64 len = cv.shape.at(d) - 1;
    bool cut = false, ok = true;
    // one slice's items: whole, or (once) the cut at d: an end of -1, L - 1, or a size of a value whose dim is L - 1
    auto slices = [&](const QString& list) {
      const QStringList items = list.split(QStringLiteral(", "));
      if (items.size() > rank) return false;
      for (int j = 0; j < items.size(); ++j) {
        const QString& it = items.at(j);
        const bool whole = it == u":" || it == u"0:9223372036854775807:1" || it == u"0:9223372036854775807";
        bool cutHere = false;
        if (j == d && !cut && (it.startsWith(QLatin1String("0:")) || it.startsWith(u':'))) {
          QString end = it.mid(it.indexOf(u':') + 1);
          if (end.endsWith(QLatin1String(":1"))) end.chop(2);
          const auto rm = sizeRef.match(end);
          const Val rv = rm.hasMatch() ? valOf(rm.captured(1)) : Val();
          const qint64 rk = rm.hasMatch() ? rm.captured(2).toLongLong() : -1;
          cutHere = end == u"-1" || end == QString::number(len) ||
                    (rk >= 0 && rk < rv.shape.size() && rv.shape.at(rk) == len);
        }
        if (cutHere)
          cut = true;
        else if (!whole)
          return false;
      }
      return true;
    };
    for (int k = static_cast<int>(preViews.size()) - 1; ok && k >= 0; --k)
      ok = slices(sliceHead.match(m_lines.at(preViews.at(k)).head).captured(2));
    QString cur = sl.target;
    QList<int> views;
    for (int k = i + 1; ok && k < m_lines.size() && !cut && !epi; ++k) {
      const Line& v = m_lines.at(k);
      const auto vm = sliceHead.match(v.head);
      if (v.launch >= 0 || !v.kind.isEmpty() || v.target.isEmpty() || !vm.hasMatch() || vm.captured(1) != cur ||
          v.tail != u"" || !v.before.isEmpty()) {
        if (reads(v, cur)) ok = false;  // another reader of the scan's values: no shift
        continue;
      }
      ok = slices(vm.captured(2));
      views << k;
      cur = v.target;
    }
    if (!ok || !cut) continue;
    // the pre-views read by nothing but the next (the scan the last)
    for (int k = 0; ok && k < preViews.size(); ++k)
      ok = m_lines.at(preViews.at(k)).target != result &&
           !readBy(m_lines.at(preViews.at(k)).target, k == 0 ? i : preViews.at(k - 1));
    // nothing else reads the cat, the scan's full value or the views but the last
    ok = ok && !readBy(cl.target, preViews.isEmpty() ? i : preViews.last()) && cl.target != result &&
         (views.isEmpty() || sl.target != result);
    for (int k = 0; ok && k < views.size(); ++k) {
      const QString name = k == 0 ? sl.target : m_lines.at(views.at(k - 1)).target;
      ok = !readBy(name, views.at(k));
    }
    if (!ok) continue;
    Line& w = m_lines[i];
    w.head = (cumsum ? QStringLiteral("kwb_cumsum(%1, %2").arg(cm.captured(2), sm.captured(3))
                     : QStringLiteral("kwb_scan(%1, %2, \"%3\"").arg(cm.captured(2), sm.captured(5), sm.captured(6))) +
             QStringLiteral(", shift=%1").arg(fm.captured(1)) + sm.captured(7);
    if (w.kind == u"scan") w.input = cm.captured(2);
    w.target = cur;
    w.comment = QStringLiteral("the scan of (%1, y[:-1]) along dim %2: the cat and the slice fused (shift=)")
                    .arg(fm.captured(1))
                    .arg(d);
    ChainLaunch& wl = m_plan.launches[w.launch];
    wl.ops = m_plan.launches.at(cl.launch).ops + wl.ops;
    wl.description += QStringLiteral(" of the cat of a constant column before it, sliced back (shift=, fused)");
    dropLine.insert(c);
    dropLaunch.insert(cl.launch);
    for (int v : std::as_const(views)) dropLine.insert(v);
    for (int v : std::as_const(preViews)) dropLine.insert(v);
    if (!readBy(fl.target, c)) {  // the fill read by the cat alone
      dropLine.insert(f);
      if (fl.launch >= 0) {
        dropLaunch.insert(fl.launch);
        wl.ops = m_plan.launches.at(fl.launch).ops + wl.ops;
      }
    }
  }
  if (dropLine.isEmpty()) return;
  // the views that gave a dropped fill its shape (`t1 = t0[...]; t2 = t1[:, 0:1:1]`), read by nothing left now: gone
  // too, so the value they view may be a prologue (fuseRows reads every later line for its readers)
  for (bool more = true; more;) {
    more = false;
    for (int k = static_cast<int>(m_lines.size()) - 1; k >= 0; --k) {
      const Line& v = m_lines.at(k);
      if (dropLine.contains(k) || !v.isView || v.launch >= 0 || v.target.isEmpty() || v.target == result) continue;
      bool used = false;
      for (int q = k + 1; !used && q < m_lines.size(); ++q)
        used = !dropLine.contains(q) && reads(m_lines.at(q), v.target);
      if (!used && sliceHead.match(v.head).hasMatch()) {
        dropLine.insert(k);
        more = true;
      }
    }
  }
  QList<Line> kept;
  for (int k = 0; k < m_lines.size(); ++k)
    if (!dropLine.contains(k)) kept << m_lines.at(k);
  m_lines = kept;
  dropLaunches(dropLaunch);
}

void Planner::fuseScanEpilogue(const QString& result, bool yielded) {
  if (!scanEpilogue() || (yielded && m_scanEpilogueYielded.isEmpty())) return;
  // a kwb_reduce line's x (its first argument): the value the reduction reads, or computes as a prologue / source
  static const QRegularExpression reduceX(QStringLiteral("^kwb_reduce\\(([A-Za-z_]\\w*),"));
  if (!yielded) m_scanEpilogueYielded.clear();
  // a line's launch: its index as planned in the first pass; by op id in the second (fuseRows renumbers the launches,
  // not the lines' indices)
  auto launchOf = [this, yielded](const Line& l) {
    if (!yielded || l.launch < 0) return l.launch;
    const QString op = m_scanEpilogueYielded.value(l.target, l.target);
    for (int k = 0; k < m_plan.launches.size(); ++k)
      if (m_plan.launches.at(k).ops.contains(op)) return k;
    return -1;
  };
  auto reads = [](const Line& l, const QString& name) {
    return l.text().contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name))));
  };
  auto valOf = [this](const QString& e) {
    if (m_vals.contains(e)) return m_vals.value(e);
    for (auto it = m_vals.cbegin(); it != m_vals.cend(); ++it)
      if (it->expr == e) return it.value();
    return Val();
  };
  // a float scan without an epilogue (values only), and a plain kwb_pointwise: tensors named, no other keyword
  static const QRegularExpression scanHead(QStringLiteral(
      "^(kwb_cumsum\\([A-Za-z_]\\w*, -?\\d+|kwb_scan\\([A-Za-z_]\\w*, -?\\d+, \"(sum|prod|max|min|logsumexp)\")"
      "(, shift=(1\\.0|0\\.0|float\\([^()]*\\)))?$"));
  static const QRegularExpression pwHead(
      QStringLiteral("^kwb_pointwise\\(([A-Za-z_]\\w*), epi=(_kwb_epi\\d+), epi_tensors=\\(((?:[A-Za-z_]\\w*(?:, "
                     "[A-Za-z_]\\w*)*)?),?\\), "
                     "epi_scalars=(\\([^()]*\\))(, out_dtype=(torch\\.\\w+))?$"));
  QSet<int> dropLine, dropLaunch;
  for (int i = 0; i + 1 < m_lines.size(); ++i) {
    const Line& sl = m_lines.at(i);
    if (!scanHead.match(sl.head).hasMatch() || sl.tail != u")" || sl.launch < 0 || !sl.before.isEmpty() ||
        !sl.outDtype.isEmpty() || sl.target.isEmpty() || sl.target == result || dropLine.contains(i) ||
        (yielded && !m_scanEpilogueYielded.contains(sl.target)))
      continue;
    // the next launch, only views that do not read the scan's values between
    int j = i + 1;
    while (j < m_lines.size() && m_lines.at(j).launch < 0 && !reads(m_lines.at(j), sl.target)) ++j;
    if (j >= m_lines.size()) continue;
    const Line& pl = m_lines.at(j);
    const auto pm = pwHead.match(pl.head);
    if (!pm.hasMatch() || pl.tail != u")" || !pl.before.isEmpty() || pl.target.isEmpty()) continue;
    const int sLaunch = launchOf(sl), pLaunch = launchOf(pl);
    if (sLaunch < 0 || pLaunch < 0 || sLaunch == pLaunch) continue;
    const QString prim = pm.captured(1), fn = pm.captured(2);
    QStringList tensors = pm.captured(3).isEmpty() ? QStringList() : pm.captured(3).split(QStringLiteral(", "));
    const int slot = static_cast<int>(tensors.indexOf(sl.target));
    if (prim != sl.target && (slot < 0 || tensors.count(sl.target) != 1)) continue;
    if (prim == sl.target && tensors.contains(sl.target)) continue;
    // nothing else reads the scan's values; the run's result is of the scan's shape and dtype (kwb_pointwise stores
    // its primary's dtype, the scan its input's)
    bool ok = true;
    for (int k = 0; ok && k < m_lines.size(); ++k) ok = k == i || k == j || !reads(m_lines.at(k), sl.target);
    const Val sv = valOf(sl.target), pv = valOf(prim);
    // (where the run names its dtype, the scan stores that: out_dtype=, Line::outDtype so a prologue adds none)
    const QString storeDt = pl.outDtype.isEmpty() ? pm.captured(6) : pl.outDtype;  // storeDtypes' (a result's)
    if (!ok || sv.shape.isEmpty() || sv.shape != pv.shape || (storeDt.isEmpty() && sv.dtype != pv.dtype)) continue;
    // the run's value is also returned or read elsewhere and a later kwb_reduce reduces it with no line between
    // reading it: fuseReduceSource will make it that reduction's stored source (same launch count, and the GPU's
    // faster plan, scanEpilogueYield); this pass leaves it, the second one takes it where no reduction did
    if (!yielded && scanEpilogueYield() && reduceStoreSource()) {
      int r = -1;
      bool between = false;
      for (int k = j + 1; r < 0 && !between && k < m_lines.size(); ++k) {
        if (reduceX.match(m_lines.at(k).head).captured(1) == pl.target)
          r = k;
        else
          between = reads(m_lines.at(k), pl.target);
      }
      bool other = r >= 0 && pl.target == result;
      for (int k = r + 1; r >= 0 && !other && k < m_lines.size(); ++k) other = reads(m_lines.at(k), pl.target);
      // (the float reductions fuseReduceSource takes; its other conditions it checks itself: the second pass)
      static const QRegularExpression opRe(
          QStringLiteral("^kwb_reduce\\(\\w+, [^\"]*\"(sum|mean|amax|max|amin|min|prod|logsumexp)\""));
      if (r >= 0 && other && opRe.match(m_lines.at(r).head).hasMatch() &&
          !m_lines.at(r).head.contains(QLatin1String(", src="))) {
        const QStringList& ops = m_plan.launches.at(sLaunch).ops;
        if (!ops.isEmpty()) m_scanEpilogueYielded.insert(sl.target, ops.constLast());
        continue;
      }
    }
    QString epi = fn;
    if (prim != sl.target) {
      // the run's function with acc (its primary) and the scan's slot swapped: the scan hands it its values as acc,
      // the primary is loaded at that slot instead
      const qsizetype at = m_plan.epilogues.indexOf(QStringLiteral("@triton.jit\ndef %1(").arg(fn));
      const qsizetype end = at < 0 ? -1 : m_plan.epilogues.indexOf(QStringLiteral("\n\n\n"), at);
      if (end < 0) continue;
      QString body = m_plan.epilogues.mid(at, end - at + 3);
      epi = fn + QStringLiteral("_scan");
      body.replace(QStringLiteral("def %1(").arg(fn), QStringLiteral("def %1(").arg(epi));
      const QRegularExpression load(QStringLiteral("^    e%1_v = (tl\\.load\\(e%1 \\+ .*)$").arg(slot),
                                    QRegularExpression::MultilineOption);
      const auto lm = load.match(body);
      if (!lm.hasMatch()) continue;
      body.replace(lm.capturedStart(), lm.capturedLength(),
                   QStringLiteral("    kwb_prim = %1  # the run's primary, at the scan's slot %2\n"
                                  "    e%2_v = acc  # the scan's values (the run's epilogue tensor %2)\n"
                                  "    acc = kwb_prim")
                       .arg(lm.captured(1))
                       .arg(slot));
      m_plan.epilogues += body;
      for (qsizetype e = 0, n = m_plan.epilogueSpecs.size(); e < n; ++e)
        if (m_plan.epilogueSpecs.at(e).fn == fn) {
          ChainEpilogue copy = m_plan.epilogueSpecs.at(e);
          copy.fn = epi;
          const QString slotName = QStringLiteral("e%1_v").arg(slot);
          for (auto it = copy.inputs.begin(); it != copy.inputs.end(); ++it)
            if (it.value() == u"acc")
              it.value() = slotName;
            else if (it.value() == slotName)
              it.value() = QStringLiteral("acc");
          m_plan.epilogueSpecs << copy;
          break;
        }
      tensors[slot] = prim;
    }
    Line& w = m_lines[i];
    w.head += QStringLiteral(", epi=%1, epi_tensors=(%2%3), epi_scalars=%4")
                  .arg(epi, tensors.join(QStringLiteral(", ")), tensors.size() == 1 ? QStringLiteral(",") : QString(),
                       pm.captured(4));
    w.outDtype = storeDt;
    w.target = pl.target;
    w.comment = (w.comment.isEmpty() ? QString() : w.comment + QStringLiteral("; ")) +
                QStringLiteral("%1 fused into the epilogue").arg(pl.comment);
    ChainLaunch& wl = m_plan.launches[sLaunch];
    wl.ops << m_plan.launches.at(pLaunch).ops;
    wl.description += QStringLiteral(" + epilogue %1 (fused)").arg(pl.comment);
    dropLine.insert(j);
    // (the second pass drops the launch now and leaves the lines' launch indices as fuseRows left them: later passes
    // find launches by op id, and dropLaunches' renumbering of stale indices could mark a launch's line a view)
    if (yielded)
      m_plan.launches.removeAt(pLaunch);
    else
      dropLaunch.insert(pLaunch);
  }
  if (dropLine.isEmpty()) return;
  QList<Line> kept;
  for (int k = 0; k < m_lines.size(); ++k)
    if (!dropLine.contains(k)) kept << m_lines.at(k);
  m_lines = kept;
  dropLaunches(dropLaunch);
}

void Planner::rowsEntriesFp32(const QStringList& floats, const QString& result) {
  QStringList aliases;
  for (const QString& x : floats) aliases << viewAliases(x, result);
  // readsConverted's entry pattern: (x, dims, "op", keepdim, pre, (pre tensors), (pre scalars), pre_dtype
  static const QRegularExpression entry(
      QStringLiteral("\\(([A-Za-z_]\\w*), \\[[^\\]]*\\], \"(\\w+)\", (?:True|False), \\w+, \\([^()]*\\), "
                     "\\([^()]*\\), (None)"));
  for (Line& l : m_lines) {
    if (l.launch < 0 || !l.head.startsWith(QLatin1String("kwb_rows(["))) continue;
    QList<std::pair<qsizetype, qsizetype>> spans;  // the None of each entry to name, replaced from the last
    for (auto it = entry.globalMatch(l.head); it.hasNext();) {
      const auto m = it.next();
      if (aliases.contains(m.captured(1)) && m.captured(2) != u"var" && m.captured(2) != u"std")
        spans.append({m.capturedStart(3), m.capturedLength(3)});
    }
    for (qsizetype k = spans.size() - 1; k >= 0; --k)
      l.head.replace(spans.at(k).first, spans.at(k).second, QStringLiteral("torch.float32"));
  }
}

void Planner::fuseSiblingRows() {
  auto reads = [](const Line& l, const QString& name) {
    return l.text().contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name))));
  };
  static const QSet<QString> ops = {QStringLiteral("sum"),  QStringLiteral("mean"),      QStringLiteral("amax"),
                                    QStringLiteral("amin"), QStringLiteral("logsumexp"), QStringLiteral("prod"),
                                    QStringLiteral("var"),  QStringLiteral("std")};
  auto isVar = [](const Line& l) { return l.redOp == u"var" || l.redOp == u"std"; };
  // the launch of a line by its op id (fuseRows renumbers the launches, not the lines' indices)
  auto launchOf = [this](const Line& l) {
    for (int k = 0; k < m_plan.launches.size(); ++k)
      if (m_plan.launches.at(k).ops.contains(l.target)) return k;
    return -1;
  };
  // a member: a kwb_reduce line of floats (kind "reduce", set on float inputs only) of a known shape
  auto member = [&](const Line& l) {
    return l.kind == u"reduce" &&
           l.head.startsWith(isVar(l) ? QLatin1String("kwb_var(") : QLatin1String("kwb_reduce(")) && l.tail == u")" &&
           l.before.isEmpty() && l.launch >= 0 && launchOf(l) >= 0 && !l.target.isEmpty() && !l.target.contains(u',') &&
           l.outDtype.isEmpty() && ops.contains(l.redOp) && m_vals.contains(l.input) &&
           !m_vals.value(l.input).shape.isEmpty();
  };
  auto normDims = [](QList<qint64> d, qsizetype rank) {
    if (d.isEmpty())
      for (qint64 k = 0; k < rank; ++k) d << k;
    for (qint64& k : d) k = (k % rank + rank) % rank;
    std::sort(d.begin(), d.end());
    d.erase(std::unique(d.begin(), d.end()), d.end());
    return d;
  };
  QSet<int> dropLine, dropLaunch;
  QHash<int, QList<int>> moveBefore;  // a fused line -> the view lines moved before it (apply=)
  QHash<int, QList<int>> moveAfter;   // a fused line -> the lines reading its results moved after it
  const int n = static_cast<int>(m_lines.size());
  for (int i = 0; i < n; ++i) {
    if (dropLine.contains(i) || !member(m_lines.at(i))) continue;
    const Line& first = m_lines.at(i);
    const QList<qint64> shape = m_vals.value(first.input).shape;
    const QList<qint64> dims = normDims(first.dims, shape.size());
    if (shape.size() > 5 || dims.size() == shape.size()) continue;  // a whole-tensor reduction: kwb_reduce splits it
    QList<int> group = {i};
    QStringList targets = {first.target}, sources = {first.input};
    QList<bool> keeps = {first.keep};
    // lines between the members that read a result (or a deferred line's value), which no member reads: after the
    // fused launch (softmaxLse(), session 49: the gathered log-probability `x[t] - lse` between the statistic and
    // the row sum that reads it)
    QList<int> deferred;
    QStringList deferredTargets;
    auto readsAny = [&](const Line& l, const QStringList& names) {
      return std::any_of(names.begin(), names.end(), [&](const QString& t) { return reads(l, t); });
    };
    for (int j = i + 1; j < n && group.size() < 3; ++j) {
      const Line& l = m_lines.at(j);
      const bool same = member(l) && !dropLine.contains(j) && m_vals.value(l.input).shape == shape &&
                        normDims(l.dims, shape.size()) == dims;
      bool ok = same && (sources.contains(l.input) || sources.size() < 2) && !readsAny(l, deferredTargets);
      // its prologue may read earlier results of the group only kept (per row), and they are written before it runs
      for (int k = 0; ok && k < targets.size(); ++k)
        if (l.preTensors.contains(targets.at(k))) ok = keeps.at(k);
      for (int k = 0; ok && k < targets.size(); ++k)  // read elsewhere than in its prologue tensors: not a member
        if (!l.preTensors.contains(targets.at(k)) && reads(l, targets.at(k))) ok = false;
      if (ok) {
        group << j;
        targets << l.target;
        keeps << l.keep;
        if (!sources.contains(l.input)) sources << l.input;
        continue;
      }
      // any other line: the group's results stay unread before the fused launch (it runs at the last member's place),
      // and nothing is written in place meanwhile (a buffer's copy, a convolution into a slice)
      if (l.target.isEmpty() || !l.before.isEmpty() || l.head.contains(QLatin1String("kwb_copy_into")) ||
          l.head.contains(QLatin1String("out=")))
        break;
      if (readsAny(l, targets) || readsAny(l, deferredTargets)) {
        if (!softmaxLse() || dropLine.contains(j)) break;
        deferred << j;
        deferredTargets << l.target.split(QStringLiteral(", "));
      }
    }
    while (!deferred.isEmpty() && deferred.last() > group.last()) deferred.removeLast();  // after the launch already
    const bool applyPlan = rowsApplyPlan(columnRows(shape, dims));
    if (group.size() < 2 && !applyPlan) continue;  // a group of one: kwb_reduce as before
    QStringList entries, descr;
    QStringList allOps;
    for (int k = 0; k < group.size(); ++k) {
      const Line& l = m_lines.at(group.at(k));
      QStringList tens;
      for (const QString& t : l.preTensors) {
        const qsizetype at = targets.indexOf(t);
        tens << (at >= 0 && at < k ? QString::number(at) : t);
      }
      entries << QStringLiteral("(%1, %2, \"%3\", %4, %5, %6, %7, %8%9)")
                     .arg(l.input, pyList(l.dims), l.redOp, pyBool(l.keep),
                          l.preFn.isEmpty() ? QStringLiteral("None") : l.preFn, pyTupleOf(tens),
                          pyTupleOf(l.preScalars), l.preDtype.isEmpty() ? QStringLiteral("None") : l.preDtype,
                          isVar(l) ? QStringLiteral(", ") + l.q : QString());
      descr << m_plan.launches.at(launchOf(l)).description;
    }
    const int last = group.last();
    // the pointwise run right after them on one result (its shape), reading results of the group (kept alike) or
    // tensors at that shape: per row in the same launch (post=), its value one more result
    QString postArgs;
    int postLine = -1;
    if (last + 1 < n && !dropLine.contains(last + 1)) {
      const Line& p = m_lines.at(last + 1);
      const qsizetype src = targets.indexOf(p.input);
      bool ok = p.kind == u"pointwise" && p.head.startsWith(QLatin1String("kwb_pointwise(")) && p.tail == u")" &&
                p.before.isEmpty() && !p.target.isEmpty() && !p.target.contains(u',') && src >= 0 &&
                m_vals.contains(p.target) && m_vals.value(p.target).shape == m_vals.value(p.input).shape &&
                launchOf(p) >= 0;
      QStringList tens;
      for (const QString& e : p.tensors) {
        const qsizetype at = targets.indexOf(e);
        if (at >= 0 && (src < 0 || keeps.at(at) != keeps.at(src))) ok = false;
        tens << (at >= 0 ? QString::number(at) : e);
      }
      if (ok) {
        postLine = last + 1;
        postArgs = QStringLiteral(", post=%1, post_src=%2, post_tensors=%3, post_scalars=%4%5")
                       .arg(p.epi)
                       .arg(src)
                       .arg(pyTupleOf(tens), pyTupleOf(p.scalars),
                            p.outDtype.isEmpty() ? QString() : QStringLiteral(", post_dtype=") + p.outDtype);
        targets << p.target;
      }
    }
    // the pointwise run over a source's elements reading the group's results (a norm's apply): apply= (session 40)
    QString applyArgs;
    int applyLine = -1;
    QList<int> hoist;  // plain views between them, reading no result: before the launch
    if (applyPlan) {
      int k = (postLine >= 0 ? postLine : last) + 1;
      QStringList tainted = targets;  // results and the views of them: they stay after the launch, unread by the apply
      for (; k < n && !dropLine.contains(k) && isPlainView(m_lines.at(k)); ++k) {
        const Line& v = m_lines.at(k);
        if (std::any_of(tainted.begin(), tainted.end(), [&](const QString& t) { return reads(v, t); }))
          tainted << v.target;
        else
          hoist << k;
      }
      const Line* a = k < n && !dropLine.contains(k) ? &m_lines.at(k) : nullptr;
      const qsizetype src = a ? sources.indexOf(a->input) : -1;
      bool ok = a && a->kind == u"pointwise" && a->tail == u")" && a->before.isEmpty() && !a->target.isEmpty() &&
                !a->target.contains(u',') && src >= 0 &&
                a->head.startsWith(QStringLiteral("kwb_pointwise(%1, epi=").arg(a->input)) &&
                !a->head.contains(QLatin1String(" if ")) && !a->head.contains(QLatin1String("kwb_at(")) &&
                m_vals.contains(a->target) && m_vals.value(a->target).shape == shape && launchOf(*a) >= 0;
      for (qsizetype t = targets.size(); ok && t < tainted.size(); ++t) ok = !reads(*a, tainted.at(t));
      QStringList tens;
      bool readsResult = false;
      for (int e = 0; ok && e < a->tensors.size(); ++e) {
        const qsizetype r = targets.indexOf(a->tensors.at(e));
        if (r >= 0 && (r >= group.size() || !keeps.at(r))) ok = false;  // a per-row result read at x's indices
        readsResult = readsResult || r >= 0;
        tens << (r >= 0 ? QString::number(r) : a->tensors.at(e));
      }
      if (ok && readsResult) {
        applyLine = k;
        applyArgs = QStringLiteral(", apply=%1, apply_src=%2, apply_tensors=%3, apply_scalars=%4%5")
                        .arg(a->epi)
                        .arg(src)
                        .arg(pyTupleOf(tens), pyTupleOf(a->scalars),
                             a->outDtype.isEmpty() ? QString() : QStringLiteral(", apply_dtype=") + a->outDtype);
      } else {
        hoist.clear();
      }
    }
    if (group.size() < 2 && applyLine < 0) continue;      // a group of one without an apply: kwb_reduce as before
    if (applyLine >= 0 && !deferred.isEmpty()) continue;  // the apply's hoisted views and deferred lines: not both
    for (int v : std::as_const(deferred)) dropLine.insert(v);
    moveAfter.insert(last, deferred);
    if (applyLine >= 0) targets << m_lines.at(applyLine).target;
    Line fused = m_lines.at(last);
    fused.kind.clear();
    fused.target = targets.join(QStringLiteral(", "));
    fused.head = QStringLiteral("kwb_rows([%1]%2%3").arg(entries.join(QStringLiteral(", ")), postArgs, applyArgs);
    fused.tail = QStringLiteral(")");
    fused.comment = QStringLiteral("%1 reductions over the same rows: one launch").arg(group.size());
    ChainLaunch& keepL = m_plan.launches[launchOf(m_lines.at(last))];
    QStringList groupOps;  // the members' ops in their order
    for (int k = 0; k + 1 < group.size(); ++k) groupOps << m_plan.launches.at(launchOf(m_lines.at(group.at(k)))).ops;
    keepL.ops = groupOps + keepL.ops;
    for (int k = 0; k + 1 < group.size(); ++k) {
      const int g = launchOf(m_lines.at(group.at(k)));
      dropLaunch.insert(g);
      dropLine.insert(group.at(k));
    }
    if (postLine >= 0) {
      const int g = launchOf(m_lines.at(postLine));
      keepL.ops << m_plan.launches.at(g).ops;
      descr << m_plan.launches.at(g).description + QStringLiteral(" (per row, after them)");
      dropLaunch.insert(g);
      dropLine.insert(postLine);
      fused.comment += QStringLiteral(", the pointwise run after them included");
    }
    if (applyLine >= 0) {
      const int g = launchOf(m_lines.at(applyLine));
      keepL.ops << m_plan.launches.at(g).ops;
      descr << m_plan.launches.at(g).description + QStringLiteral(" (the apply over the rows, after them)");
      dropLaunch.insert(g);
      dropLine.insert(applyLine);
      for (int v : std::as_const(hoist)) dropLine.insert(v);
      moveBefore.insert(last, hoist);
      fused.comment += QStringLiteral(", the apply over the rows included");
      if (group.size() < 2) fused.comment = QStringLiteral("the reduction and the apply over its rows: one launch");
    }
    keepL.kind = QStringLiteral("rows");
    keepL.description = QStringLiteral("one launch of %1 reductions over the same rows (kwb_rows): %2")
                            .arg(group.size())
                            .arg(descr.join(QStringLiteral("; ")));
    m_lines[last] = fused;
  }
  if (dropLine.isEmpty()) return;
  QList<Line> kept;
  for (int k = 0; k < n; ++k) {
    for (int v : moveBefore.value(k)) kept << m_lines.at(v);  // views the apply reads, before its launch
    if (!dropLine.contains(k)) kept << m_lines.at(k);
    for (int v : moveAfter.value(k)) kept << m_lines.at(v);  // lines reading the results, after the launch
  }
  m_lines = kept;
  QList<ChainLaunch> keptL;  // the lines' launch indices are stale here (fuseRows): not renumbered, as there
  for (int k = 0; k < m_plan.launches.size(); ++k)
    if (!dropLaunch.contains(k)) keptL << m_plan.launches.at(k);
  m_plan.launches = keptL;
}

void Planner::fuseSiblingReduces() {
  if (!siblingReduce()) return;
  auto reads = [](const Line& l, const QString& name) {
    return l.text().contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name))));
  };
  static const QSet<QString> ops = {QStringLiteral("sum"), QStringLiteral("mean"), QStringLiteral("amax"),
                                    QStringLiteral("amin"), QStringLiteral("prod")};
  auto launchOf = [this](const Line& l) {  // by op id: the row fusions renumber the launches, not the lines' indices
    for (int k = 0; k < m_plan.launches.size(); ++k)
      if (m_plan.launches.at(k).ops.contains(l.target)) return k;
    return -1;
  };
  auto normDims = [](QList<qint64> d, qsizetype rank) {
    if (d.isEmpty())
      for (qint64 k = 0; k < rank; ++k) d << k;
    for (qint64& k : d) k = (k % rank + rank) % rank;
    std::sort(d.begin(), d.end());
    d.erase(std::unique(d.begin(), d.end()), d.end());
    return d;
  };
  // a member: a kwb_reduce line of floats (kind "reduce", set on float inputs only), one result, of a known shape,
  // every dim reduced or a rank above kwb_rows' five (the reductions fuseSiblingRows leaves)
  auto member = [&](const Line& l) {
    if (!(l.kind == u"reduce" && l.head.startsWith(QLatin1String("kwb_reduce(")) && l.tail == u")" &&
          l.before.isEmpty() && l.launch >= 0 && launchOf(l) >= 0 && !l.target.isEmpty() && !l.target.contains(u',') &&
          l.outDtype.isEmpty() && ops.contains(l.redOp) && m_vals.contains(l.input) &&
          !m_vals.value(l.input).shape.isEmpty() && l.preTensors.size() <= 4 && l.preScalars.size() <= 4))
      return false;
    const qsizetype rank = m_vals.value(l.input).shape.size();
    return normDims(l.dims, rank).size() == rank || rank > 5;
  };
  QSet<int> dropLine, dropLaunch;
  const int n = static_cast<int>(m_lines.size());
  for (int i = 0; i < n; ++i) {
    if (dropLine.contains(i) || !member(m_lines.at(i))) continue;
    const QList<qint64> shape = m_vals.value(m_lines.at(i).input).shape;
    const QList<qint64> dims = normDims(m_lines.at(i).dims, shape.size());
    // The fused launch runs at the first member's place (a piece of an earlier result, `num_pos.clamp(1)`, may sit
    // between the members): a later member joins where it reads nothing assigned between (only the group's sources,
    // prologue tensors and numbers, all written before the first), and every line between is one assignment that
    // writes nothing in place (a buffer's copy, a convolution into a slice).
    QList<int> group = {i};
    QStringList targets = {m_lines.at(i).target}, between;
    auto readsAny = [&](const Line& l, const QStringList& names) {
      return std::any_of(names.begin(), names.end(), [&](const QString& t) { return reads(l, t); });
    };
    for (int j = i + 1; j < n && group.size() < 3; ++j) {
      const Line& l = m_lines.at(j);
      // independent: whole-tensor results exist only after the split's finish, so no prologue reads one
      const bool ok = member(l) && !dropLine.contains(j) && m_vals.value(l.input).shape == shape &&
                      normDims(l.dims, shape.size()) == dims && !readsAny(l, targets) && !readsAny(l, between);
      if (ok) {
        group << j;
        targets << l.target;
        continue;
      }
      if (l.target.isEmpty() || !l.before.isEmpty() || !l.rowGroup.empty() ||
          l.head.contains(QLatin1String("kwb_copy_into")) || l.head.contains(QLatin1String("out=")))
        break;
      for (const QString& t : l.target.split(QStringLiteral(", "))) between << t.trimmed();
    }
    if (group.size() < 2) continue;
    QStringList entries, descr, groupOps;
    for (int k : std::as_const(group)) {
      const Line& l = m_lines.at(k);
      entries << QStringLiteral("(%1, %2, \"%3\", %4, %5, %6, %7, %8)")
                     .arg(l.input, pyList(l.dims), l.redOp, pyBool(l.keep),
                          l.preFn.isEmpty() ? QStringLiteral("None") : l.preFn, pyTupleOf(l.preTensors),
                          pyTupleOf(l.preScalars), l.preDtype.isEmpty() ? QStringLiteral("None") : l.preDtype);
      descr << m_plan.launches.at(launchOf(l)).description;
      if (k != i) groupOps << m_plan.launches.at(launchOf(l)).ops;
    }
    Line fused = m_lines.at(i);
    fused.kind.clear();
    fused.target = targets.join(QStringLiteral(", "));
    fused.head = QStringLiteral("kwb_reduce_multi([%1]").arg(entries.join(QStringLiteral(", ")));
    fused.tail = QStringLiteral(")");
    fused.comment = QStringLiteral("%1 sibling reductions: one launch").arg(group.size());
    ChainLaunch& keepL = m_plan.launches[launchOf(m_lines.at(i))];
    keepL.ops << groupOps;
    keepL.description = QStringLiteral("one launch of %1 sibling reductions (kwb_reduce_multi): %2")
                            .arg(group.size())
                            .arg(descr.join(QStringLiteral("; ")));
    for (int k = 1; k < group.size(); ++k) {
      dropLaunch.insert(launchOf(m_lines.at(group.at(k))));
      dropLine.insert(group.at(k));
    }
    m_lines[i] = fused;
  }
  if (dropLine.isEmpty()) return;
  QList<Line> kept;
  for (int k = 0; k < n; ++k)
    if (!dropLine.contains(k)) kept << m_lines.at(k);
  m_lines = kept;
  QList<ChainLaunch> keptL;
  for (int k = 0; k < m_plan.launches.size(); ++k)
    if (!dropLaunch.contains(k)) keptL << m_plan.launches.at(k);
  m_plan.launches = keptL;
}

void Planner::fuseReduceEpilogue(const QString& result) {
  if (!reduceEpilogue()) return;
  auto reads = [](const Line& l, const QString& name) {
    return l.text().contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name))));
  };
  auto launchOf = [this](const Line& l) {  // by op id: fuseRows renumbers the launches, not the lines' indices
    for (int k = 0; k < m_plan.launches.size(); ++k)
      if (m_plan.launches.at(k).ops.contains(l.target)) return k;
    return -1;
  };
  static const QRegularExpression keyword(QStringLiteral(", (\\w+)="));
  static const QSet<QString> epiKeys = {QStringLiteral("epi"), QStringLiteral("epi_tensors"),
                                        QStringLiteral("epi_scalars")};
  for (int i = 0; i < m_lines.size(); ++i) {
    const Line& r = m_lines.at(i);
    const bool norm = r.head.startsWith(QLatin1String("kwb_pnorm("));  // session 43: a p-norm's result too
    if (!(r.head.startsWith(QLatin1String("kwb_reduce(")) || (norm && pnormEpilogue())) || r.tail != u")" ||
        !r.before.isEmpty() || r.target.isEmpty() || r.target.contains(u',') || r.target == result ||
        r.head.contains(QLatin1String(", epi=")) || launchOf(r) < 0)
      continue;
    // the next launch line; view lines between stay where they are (none may read the result: checked below)
    int j = i + 1;
    while (j < m_lines.size() && isPlainView(m_lines.at(j))) ++j;
    if (j >= m_lines.size()) continue;
    const Line& p = m_lines.at(j);
    const QString prefix = QStringLiteral("kwb_pointwise(%1, epi=").arg(r.target);
    if (!p.head.startsWith(prefix) || p.tail != u")" || !p.before.isEmpty() || p.target.isEmpty() ||
        p.target.contains(u',') || launchOf(p) < 0 || p.head.contains(QLatin1String("kwb_cols(")))
      continue;
    const QString epiArgs = p.head.mid(prefix.size() - 6);  // ", epi=..., epi_tensors=(...), epi_scalars=(...)"
    bool ok = m_vals.contains(r.target) && m_vals.contains(p.target) &&
              m_vals.value(r.target).shape == m_vals.value(p.target).shape;
    for (auto it = keyword.globalMatch(epiArgs); ok && it.hasNext();) ok = epiKeys.contains(it.next().captured(1));
    // a run reading launches inside it (kwb_at pieces, chosen at run time by kwb_piecewise_reads) stays kwb_pointwise's
    ok = ok && !epiArgs.contains(QLatin1String("kwb_at(")) && !epiArgs.contains(QLatin1String(" if "));
    // the run's tensors exist where the reduction launches: no line between defines one
    for (int k = i + 1; ok && k < j; ++k)
      for (const QString& t : m_lines.at(k).target.split(u',', Qt::SkipEmptyParts))
        ok = ok && !epiArgs.contains(
                       QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(t.trimmed()))));
    // the run alone reads the reduction's result
    for (int k = i + 1; ok && k < m_lines.size(); ++k)
      if (k != j && reads(m_lines.at(k), r.target)) ok = false;
    if (!ok) continue;
    Line fused = r;
    fused.head += epiArgs;
    fused.target = p.target;
    fused.kind.clear();  // no row fusion's member any more
    if (!p.outDtype.isEmpty()) fused.outDtype = p.outDtype;
    fused.comment = (r.comment.isEmpty() ? QString() : r.comment + QStringLiteral("; ")) +
                    QStringLiteral("%1 applied as it stores (epilogue)").arg(p.comment);
    const int keepL = launchOf(r), dropL = launchOf(p);
    m_plan.launches[keepL].ops << m_plan.launches.at(dropL).ops;
    m_plan.launches[keepL].description +=
        QStringLiteral(" + epilogue %1 (fused)").arg(m_plan.launches.at(dropL).description);
    m_plan.launches.removeAt(dropL);
    m_lines[i] = fused;
    m_lines.removeAt(j);
  }
}

void Planner::fuseReduceSource(const QString& result) {
  if (!reduceStoreSource()) return;
  auto reads = [](const Line& l, const QString& name) {
    return l.text().contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name))));
  };
  auto launchOf = [this](const Line& l) {  // by op id: the fusions before drop launches, not the lines' indices
    for (int k = 0; k < m_plan.launches.size(); ++k)
      if (m_plan.launches.at(k).ops.contains(l.target)) return k;
    return -1;
  };
  auto tuple = [](const QStringList& l) -> QString {
    return u'(' + l.join(QStringLiteral(", ")) + (l.size() == 1 ? QStringLiteral(",)") : QStringLiteral(")"));
  };
  // a name's value (an input by its name, a launch's by its target): shape and dtype at the spec
  auto valOf = [this](const QString& e) {
    if (m_vals.contains(e)) return m_vals.value(e);
    for (auto it = m_vals.cbegin(); it != m_vals.cend(); ++it)
      if (it->expr == e) return it.value();
    return Val();
  };
  static const QRegularExpression ident(QStringLiteral("^[A-Za-z_]\\w*$"));
  static const QString kHead = QStringLiteral("kwb_reduce(");
  for (int i = 0; i < m_lines.size(); ++i) {
    const Line& r = m_lines.at(i);
    if (!r.head.startsWith(kHead) || r.tail != u")" || !r.before.isEmpty() || r.target.isEmpty() ||
        r.target.contains(u',') || !r.rowGroup.empty() || r.head.contains(QLatin1String(", src=")) ||
        r.head.contains(u'\n') || launchOf(r) < 0)
      continue;
    const qsizetype comma = r.head.indexOf(u',', kHead.size());
    const QString x = comma > 0 ? r.head.mid(kHead.size(), comma - kHead.size()) : QString();
    if (!ident.match(x).hasMatch()) continue;
    // the reductions of floats the stage's one launch computes (_kwb_reduce_src_ops); any / all, integer and bool
    // values would run the run's launch first anyway
    static const QRegularExpression opRe(QStringLiteral("^kwb_reduce\\(\\w+, [^\"]*\"(\\w+)\""));
    static const QSet<QString> ops = {QStringLiteral("sum"),  QStringLiteral("mean"),     QStringLiteral("amax"),
                                      QStringLiteral("max"),  QStringLiteral("amin"),     QStringLiteral("min"),
                                      QStringLiteral("prod"), QStringLiteral("logsumexp")};
    static const QRegularExpression preDtype(QStringLiteral(", pre_dtype=(?!torch\\.float|torch\\.bfloat16)"));
    if (!ops.contains(opRe.match(r.head).captured(1)) || preDtype.match(r.head).hasMatch()) continue;
    int s = -1;  // the line that assigns x
    for (int k = i - 1; k >= 0 && s < 0; --k)
      if (m_lines.at(k).target == x) s = k;
    if (s < 0) continue;
    const Line& sl = m_lines.at(s);
    // the run as one plain kwb_pointwise call: its epilogue, tensors and scalars are the whole of its arguments
    const QString plain = QStringLiteral("kwb_pointwise(%1, epi=%2, epi_tensors=%3, epi_scalars=%4")
                              .arg(sl.input, sl.epi, tuple(sl.tensors), tuple(sl.scalars));
    const Val in = valOf(sl.input), xv = valOf(x);
    bool ok = launchOf(sl) >= 0 && !sl.draw && sl.before.isEmpty() && sl.rowGroup.empty() && !sl.epi.isEmpty() &&
              sl.tail == u")" && sl.head == plain && sl.tensors.size() <= kEpiTensors &&
              sl.scalars.size() <= kEpiScalars && ident.match(sl.input).hasMatch() && !sl.head.contains(u'\n') &&
              !sl.head.contains(QLatin1String("kwb_at(")) && !sl.head.contains(QLatin1String("kwb_cols(")) &&
              !sl.head.contains(QLatin1String("_starts(")) && !in.shape.isEmpty() && in.shape == xv.shape &&
              (in.dtype == u"float32" || in.dtype == u"float16" || in.dtype == u"bfloat16" || in.dtype == u"float64");
    // the value is an output or read elsewhere (else it is the reduction's prologue: fuseRows' reducePre)
    bool other = x == result;
    for (int k = s + 1; ok && !other && k < m_lines.size(); ++k) other = k != i && reads(m_lines.at(k), x);
    ok = ok && other;
    // the run moves to the reduction's place: the lines between neither read its value nor write in place nor assign
    // a name it reads
    for (int k = s + 1; ok && k < i; ++k) {
      const Line& b = m_lines.at(k);
      ok = !reads(b, x) && !b.draw && !b.head.contains(QLatin1String("kwb_copy_into")) &&
           !b.head.contains(QLatin1String("out=")) && !b.before.contains(QLatin1String("out="));
      for (const QString& t : b.target.split(u',', Qt::SkipEmptyParts)) ok = ok && !reads(sl, t.trimmed());
    }
    if (!ok) continue;
    Line fused = r;
    fused.head = kHead + sl.input + r.head.mid(comma) +
                 QStringLiteral(", src=%1, src_tensors=%2, src_scalars=%3%4")
                     .arg(sl.epi, tuple(sl.tensors), tuple(sl.scalars),
                          sl.outDtype.isEmpty() ? QString() : QStringLiteral(", src_dtype=") + sl.outDtype);
    if (reads(fused, x)) continue;  // the reduction's own arguments read x (a prologue tensor)
    fused.target = r.target + QStringLiteral(", ") + x;
    fused.kind.clear();
    fused.comment = (r.comment.isEmpty() ? QString() : r.comment + QStringLiteral("; ")) +
                    QStringLiteral("its source %1 computed as it loads and stored too").arg(x);
    const int keepL = launchOf(r), dropL = launchOf(sl);
    if (keepL == dropL) continue;
    m_plan.launches[keepL].ops << m_plan.launches.at(dropL).ops;
    m_plan.launches[keepL].description +=
        QStringLiteral(
            ", its source %1 computed in the same launch and stored by it too (2 launches when a row "
            "exceeds kwb_row1_max elements)")
            .arg(m_plan.launches.at(dropL).description);
    m_plan.launches.removeAt(dropL);
    m_lines[i] = fused;
    m_lines.removeAt(s);
    --i;
  }
}

void Planner::fuseSiblingGemms(const QString& result) {
  // off unless KWB_SIBLING_GEMMS=1: session 39's H100 A/B kept it off (docs/results/2026-12-06-fuse39.md)
  if (qEnvironmentVariable("KWB_SIBLING_GEMMS") != u"1") return;
  // a call's top-level arguments: positional ones in order, then key=value ones (the epilogue's arguments are
  // appended to the head: "kwb_gemm(a, w, b, epi=f, epi_tensors=(t3,), ...)"); false where a positional one follows
  // a keyword
  static const QRegularExpression keyRe(QStringLiteral("^([a-z_]+)=(?!=)"));
  auto callArgs = [](const Line& l, QStringList* pos, QMap<QString, QString>* kw) {
    const QString code = l.head + l.tail;
    for (const auto& s : callArgSpans(code, 32)) {
      const QString arg = code.mid(s.first, s.second);
      if (const auto m = keyRe.match(arg); m.hasMatch()) {
        kw->insert(m.captured(1), arg.mid(m.capturedLength()));
      } else {
        if (!kw->isEmpty()) return false;
        *pos << arg;
      }
    }
    return true;
  };
  auto tupleItems = [](const QString& t) {
    QStringList items;
    if (!t.startsWith(u'(')) return QStringList{QStringLiteral("?")};
    const QString code = QStringLiteral("f") + t;
    for (const auto& s : callArgSpans(code, 8))
      if (s.second > 0) items << code.mid(s.first, s.second);
    return items;
  };
  auto countIn = [](const QString& text, const QString& name) {
    return text.count(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name))));
  };
  auto lineOf = [this](const QString& target, int before) {
    for (int k = before - 1; k >= 0; --k)
      if (m_lines.at(k).target == target) return k;
    return -1;
  };
  auto launchOf = [this](const Line& l) {
    for (int k = 0; k < m_plan.launches.size(); ++k)
      if (m_plan.launches.at(k).ops.contains(l.target)) return k;
    return -1;
  };
  for (int i = 0; i < m_lines.size(); ++i) {
    const Line& g = m_lines.at(i);
    if (!isGemmCall(g.head) || !g.before.isEmpty() || g.target.isEmpty() || g.target.contains(u',') ||
        g.target == result)
      continue;
    QStringList gArgs;
    QMap<QString, QString> gKw;
    if (g.tail != u")" || !callArgs(g, &gArgs, &gKw) || gArgs.size() != 3) continue;
    const QStringList gTensors = tupleItems(gKw.value(QStringLiteral("epi_tensors"), QStringLiteral("()")));
    const QSet<QString> gKeys(gKw.keyBegin(), gKw.keyEnd());
    if (!gTensors.isEmpty() ||
        !(gKeys - QSet<QString>{QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars")})
             .isEmpty())
      continue;
    // the lines up to the next launch: views (one of them may view g's result), no launch, nothing written in place
    int view = -1, j = i + 1;
    bool ok = true;
    for (; ok && j < m_lines.size() && isPlainView(m_lines.at(j)); ++j) {  // GEMM lines carry no launch index
      const bool readsG = countIn(m_lines.at(j).text(), g.target) > 0;
      ok = !readsG || view < 0;
      if (ok && readsG) view = j;
    }
    if (!ok || j >= m_lines.size()) continue;
    const Line& u = m_lines.at(j);
    QStringList uArgs;
    QMap<QString, QString> uKw;
    if (!isGemmCall(u.head) || !u.before.isEmpty() || u.target.isEmpty() || u.target.contains(u',') || u.tail != u")" ||
        !callArgs(u, &uArgs, &uKw) || uArgs.size() != 3)
      continue;
    const QSet<QString> uKeys(uKw.keyBegin(), uKw.keyEnd());
    if (!(uKeys - QSet<QString>{QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"),
                                QStringLiteral("epi_view")})
             .isEmpty() ||
        !uKw.contains(QStringLiteral("epi")))
      continue;
    // the same A: one value, or two views written alike (x.reshape(...) once per Linear)
    const QString ga = gArgs.at(0), ua = uArgs.at(0);
    if (ga != ua) {
      const int gl = lineOf(ga, i), ul = lineOf(ua, j);
      if (gl < 0 || ul < 0 || !isPlainView(m_lines.at(gl)) || !isPlainView(m_lines.at(ul)) ||
          m_lines.at(gl).head + m_lines.at(gl).tail != m_lines.at(ul).head + m_lines.at(ul).tail)
        continue;
    }
    // the weights: one [N, K] shape (their views' values), and the two results of one shape
    const QString gw = gArgs.at(1), uw = uArgs.at(1);
    auto shapeOf = [this](const QString& ref) {  // a value's traced shape (a fused GEMM's own value is not kept)
      if (const GraphOp* o = opById(ref)) return o->outputs.value(0).shape;
      return m_vals.value(ref).shape;
    };
    const QList<qint64> gws = shapeOf(leadingName(gw));
    if (gws.size() != 2 || gws != shapeOf(leadingName(uw)) ||
        gw.mid(leadingName(gw).size()) != uw.mid(leadingName(uw).size()) || shapeOf(g.target).isEmpty() ||
        shapeOf(g.target) != shapeOf(u.target))
      continue;
    // g's result (or its view) is u's epilogue tensor `slot`, read nowhere else; a view is the one epi_view undoes
    const QString x = view >= 0 ? m_lines.at(view).target : g.target;
    QStringList uTensors = tupleItems(uKw.value(QStringLiteral("epi_tensors"), QStringLiteral("()")));
    const qsizetype slot = uTensors.indexOf(x);
    if (slot < 0 || uTensors.count(x) != 1 || x == result) continue;
    const QString uView = uKw.value(QStringLiteral("epi_view"));
    if (view >= 0) {
      static const QRegularExpression lam(QStringLiteral("^lambda (\\w+): (.*)$"));
      const auto m = lam.match(uView);
      const Line& v = m_lines.at(view);
      QString body = m.captured(2);
      body.replace(QRegularExpression(QStringLiteral("\\b%1\\b").arg(m.captured(1))), g.target);
      if (!m.hasMatch() || v.head + v.tail != body) continue;
    } else if (!uView.isEmpty()) {
      continue;
    }
    for (int k = 0; ok && k < m_lines.size(); ++k) {
      const QString t = m_lines.at(k).text();
      if (k == i) continue;
      const auto n = countIn(t, g.target);  // its view may name it twice (t2.reshape(.., t2.shape[1]))
      ok = (k == view ? n >= 1 : n == (view < 0 && k == j ? 1 : 0)) &&
           (view < 0 || k == view || countIn(t, x) == (k == j ? 1 : 0));
    }
    for (const Line& l : std::as_const(m_guards))
      ok = ok && countIn(l.text(), g.target) == 0 && countIn(l.text(), x) == 0;
    const int gLaunch = launchOf(g), uLaunch = launchOf(u);
    if (!ok || gLaunch < 0 || uLaunch < 0) continue;
    // u's epilogue with the slot's load replaced by the value the dual kernel hands it
    const QString epi = uKw.value(QStringLiteral("epi"));
    const qsizetype at = m_plan.epilogues.indexOf(QStringLiteral("@triton.jit\ndef %1(").arg(epi));
    const qsizetype end = at < 0 ? -1 : m_plan.epilogues.indexOf(QStringLiteral("\n\n\n"), at);
    if (end < 0) continue;
    QString reg = m_plan.epilogues.mid(at, end - at + 3);
    reg.replace(QStringLiteral("def %1(").arg(epi), QStringLiteral("def %1_reg(").arg(epi));
    const QRegularExpression load(QStringLiteral("^    e%1_v = tl\\.load\\(e%1 \\+ .*$").arg(slot),
                                  QRegularExpression::MultilineOption);
    if (!load.match(reg).hasMatch()) continue;
    reg.replace(
        load,
        QStringLiteral("    e%1_v = e%1  # the sibling GEMM's epilogued tile, in registers (kwb_gemm_dual)").arg(slot));
    m_plan.epilogues += reg;
    for (qsizetype e = 0, n = m_plan.epilogueSpecs.size(); e < n; ++e)
      if (m_plan.epilogueSpecs.at(e).fn == epi) {
        ChainEpilogue copy = m_plan.epilogueSpecs.at(e);
        copy.fn = epi + QStringLiteral("_reg");
        m_plan.epilogueSpecs << copy;
        break;
      }
    uTensors[slot] = QStringLiteral("None");
    const QString gEpi = gKw.value(QStringLiteral("epi"), QStringLiteral("None"));
    Line fused = u;
    fused.head =
        QStringLiteral("kwb_gemm_dual(%1, %2, %3, %4, %5, gepi=%6, gepi_scalars=%7%8, epi=%9, epi_reg=%9_reg, ")
            .arg(ua, uw, uArgs.at(2), gw, gArgs.at(2), gEpi,
                 gKw.value(QStringLiteral("epi_scalars"), QStringLiteral("()")),
                 g.outDtype.isEmpty() ? QString() : QStringLiteral(", gate_dtype=") + g.outDtype, epi) +
        QStringLiteral("slot=%1, epi_tensors=(%2%3), epi_scalars=%4%5")
            .arg(slot)
            .arg(uTensors.join(QStringLiteral(", ")), uTensors.size() == 1 ? QStringLiteral(",") : QString(),
                 uKw.value(QStringLiteral("epi_scalars"), QStringLiteral("()")),
                 uView.isEmpty() ? QString() : QStringLiteral(", epi_view=") + uView);
    fused.tail = QStringLiteral(")");
    fused.comment = QStringLiteral("two GEMMs of one A in one launch (two accumulators), %1").arg(u.comment);
    ChainLaunch& ul = m_plan.launches[uLaunch];
    const ChainLaunch& gl = m_plan.launches.at(gLaunch);
    ul.ops = gl.ops + ul.ops;
    ul.description = QStringLiteral("%1 and %2 over one A in one launch (two accumulators; kwb_gemm_dual)")
                         .arg(gl.description, ul.description);
    m_lines[j] = fused;
    if (view >= 0) m_lines.removeAt(view);
    m_lines.removeAt(i);
    dropLaunches({gLaunch});
    --i;
  }
}

void Planner::fuseSiblingLaunches() {
  if (qEnvironmentVariable("KWB_SIBLING_LAUNCHES") == u"0") return;
  auto word = [](const QString& name) {
    return QRegularExpression(QStringLiteral("(?<![\\w.])%1(?!\\w)").arg(QRegularExpression::escape(name)));
  };
  // whether @p l reads any of the names @p names assigns ("t10, t17": either)
  auto reads = [&](const Line& l, const QString& names) {
    const QString code = QString(l.before + u'\n' + l.head + l.tail);
    for (const QString& n : names.split(QStringLiteral(", "), Qt::SkipEmptyParts))
      if (code.contains(word(n.trimmed()))) return true;
    return false;
  };
  auto inBlock = [this](int i) {
    return std::any_of(m_stateBlocks.cbegin(), m_stateBlocks.cend(),
                       [i](const StateBlock& b) { return i >= b.first && i <= b.last; });
  };
  // the launch of a line by its op id (the lines' launch indices may be stale after the row fusions)
  auto launchOf = [this](const Line& l) {
    for (int k = 0; k < m_plan.launches.size(); ++k)
      if (m_plan.launches.at(k).ops.contains(l.target)) return k;
    return -1;
  };
  auto shapeOf = [this](const QString& expr) {
    for (auto it = m_vals.cbegin(); it != m_vals.cend(); ++it)
      if (it->expr == expr) return it->shape;
    return QList<qint64>{};
  };
  // the call as Line::text() writes it (its out_dtype= included), without the target
  auto callOf = [](const Line& l) {
    QString c = l.head + l.tail;
    if (!l.outDtype.isEmpty() && c.endsWith(u')'))
      c.insert(c.size() - 1, QStringLiteral(", out_dtype=%1").arg(l.outDtype));
    return c;
  };
  auto member = [&](int i, const QLatin1String& stage) {
    const Line& l = m_lines.at(i);
    return l.head.startsWith(stage) && l.tail == u")" && l.before.isEmpty() && !l.target.isEmpty() &&
           !l.target.contains(u',') && !l.draw && l.rowGroup.empty() && !inBlock(i) && launchOf(l) >= 0;
  };
  // a line that may stand between two members: no in-place write, no statement without a target
  auto plainLine = [](const Line& l) {
    return !l.target.isEmpty() && l.before.isEmpty() && !l.head.contains(QLatin1String("copy_into")) &&
           !l.head.contains(QLatin1String("written_")) && !l.head.startsWith(QLatin1String("kwb_scatter"));
  };
  // the names an epilogue tensor expression reads (t3, kwb_at(t1.expand(q.shape)) -> t3, t1, q)
  auto operandNames = [](const Line& l) {
    static const QRegularExpression ident(QStringLiteral("(?<![\\w.])([A-Za-z_]\\w*)"));
    static const QSet<QString> skip = {QStringLiteral("if"),   QStringLiteral("else"),  QStringLiteral("None"),
                                       QStringLiteral("True"), QStringLiteral("False"), QStringLiteral("self"),
                                       QStringLiteral("torch")};
    QSet<QString> names;
    for (const QString& t : l.tensors + l.onTensors)
      for (auto it = ident.globalMatch(t); it.hasNext();) {
        const QString n = it.next().captured(1);
        if (!skip.contains(n) && !n.startsWith(QLatin1String("kwb_"))) names.insert(n);
      }
    return names;
  };
  auto mergeLaunches = [this](int keep, int drop, const QString& what) {
    ChainLaunch& k = m_plan.launches[keep];
    const ChainLaunch d = m_plan.launches.at(drop);
    const QString first = keep < drop ? k.description : d.description,
                  second = keep < drop ? d.description : k.description;
    k.ops = keep < drop ? k.ops + d.ops : d.ops + k.ops;
    k.description = QStringLiteral("%1: %2; %3").arg(what, first, second);
    m_plan.launches.removeAt(drop);
  };
  auto dropLine = [this](int i) {
    m_lines.removeAt(i);
    for (StateBlock& b : m_stateBlocks) {
      if (b.first > i) --b.first;
      if (b.last >= i) --b.last;
    }
  };
  static const QLatin1String gather("kwb_index("), pointwise("kwb_pointwise(");
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; !changed && i < m_lines.size(); ++i) {
      if (member(i, gather)) {
        // two plain gathers by one index: the second moves up to the first (its table and index exist there)
        const Line& a = m_lines.at(i);
        const QString ca = callOf(a);
        const auto sa = callArgSpans(ca, 4);
        if (sa.size() != 3 || ca.contains(u'=')) continue;
        const QString index = ca.mid(sa.at(1).first, sa.at(1).second), dim = ca.mid(sa.at(2).first, sa.at(2).second);
        for (int j = i + 1; j < m_lines.size(); ++j) {
          const Line& b = m_lines.at(j);
          const QString cb = callOf(b);
          const auto sb = callArgSpans(cb, 4);
          bool ok = member(j, gather) && sb.size() == 3 && !cb.contains(u'=') &&
                    cb.mid(sb.at(1).first, sb.at(1).second) == index &&
                    cb.mid(sb.at(2).first, sb.at(2).second) == dim && !reads(b, a.target);
          for (int k = i + 1; ok && k < j; ++k) ok = !reads(b, m_lines.at(k).target);
          if (!ok) continue;
          const int la = launchOf(a), lb = launchOf(b);
          Line fused = a;
          fused.target = a.target + QStringLiteral(", ") + b.target;
          fused.head =
              QStringLiteral("kwb_index_multi((%1, %2), %3, %4")
                  .arg(ca.mid(sa.at(0).first, sa.at(0).second), cb.mid(sb.at(0).first, sb.at(0).second), index, dim);
          fused.kind.clear();
          fused.comment = QStringLiteral("two gathers by %1: one launch").arg(index);
          mergeLaunches(la, lb, QStringLiteral("two gathers by one index in one launch (kwb_index_multi)"));
          m_lines[i] = fused;
          dropLine(j);
          changed = true;
          break;
        }
      } else if (member(i, pointwise)) {
        // two pointwise launches of one shape reading a common tensor: the first moves down to the second
        const Line& a = m_lines.at(i);
        const QList<qint64> shape = shapeOf(a.target);
        const QSet<QString> na = operandNames(a);
        // kwb_pointwise's row launch, which kwb_pointwise_multi pairs: rank 2 to 5, a last dim of 16 or more
        // (_kwb_pointwise_rows_min); the flat launch of a shorter row or a vector stays its own
        if (shape.size() < 2 || shape.size() > 5 || shape.last() < 16 || na.isEmpty()) continue;
        for (int j = i + 1; j < m_lines.size(); ++j) {
          const Line& b = m_lines.at(j);
          if (reads(b, a.target)) break;  // a reader of the first's result: none after it may take it
          const bool candidate = member(j, pointwise) && shapeOf(b.target) == shape && operandNames(b).intersects(na);
          if (!candidate) {
            if (!plainLine(b)) break;
            continue;
          }
          QStringList shared = QStringList(QList<QString>(na.cbegin(), na.cend()));
          shared.erase(std::remove_if(shared.begin(), shared.end(),
                                      [&](const QString& n) { return !operandNames(b).contains(n); }),
                       shared.end());
          std::sort(shared.begin(), shared.end());
          const int la = launchOf(a), lb = launchOf(b);
          Line fused = b;
          fused.target = a.target + QStringLiteral(", ") + b.target;
          fused.head = QStringLiteral("kwb_pointwise_multi(kwb_pw_args(%1), kwb_pw_args(%2)")
                           .arg(callOf(a).mid(pointwise.size()).chopped(1), callOf(b).mid(pointwise.size()).chopped(1));
          fused.outDtype.clear();
          fused.kind.clear();
          fused.comment =
              QStringLiteral("two pointwise launches reading %1: one launch").arg(shared.join(QStringLiteral(", ")));
          mergeLaunches(lb, la, QStringLiteral("two pointwise launches in one grid (kwb_pointwise_multi)"));
          m_lines[j] = fused;
          dropLine(i);
          changed = true;
          break;
        }
      }
    }
  }
}

void Planner::fuseGatherPrologue(const QString& result) {
  if (qEnvironmentVariable("KWB_GATHER_PROLOGUE") == u"0") return;
  static const QRegularExpression gatherHead(
      QStringLiteral("^kwb_gather\\(([A-Za-z_][\\w.]*), (-?\\d+), ([A-Za-z_][\\w.]*)$"));
  auto countIn = [](const QString& text, const QString& name) {
    return text.count(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name))));
  };
  auto launchOf = [this](const QString& target) {  // by op id: the row fusions leave stale line indices
    for (int k = 0; k < m_plan.launches.size(); ++k)
      if (m_plan.launches.at(k).ops.contains(target)) return k;
    return -1;
  };
  for (int i = 0; i < m_lines.size(); ++i) {
    const Line& g = m_lines.at(i);
    const auto gm = gatherHead.match(g.head);
    if (!gm.hasMatch() || g.tail != u")" || !g.before.isEmpty() || g.target.isEmpty() || g.target == result) continue;
    const QString x = gm.captured(1), dim = gm.captured(2), index = gm.captured(3);
    // its one reader: the reduce, or one plain view (t8 = t7.reshape(...)) that only the reduce reads
    int view = -1, red = -1;
    bool ok = true;
    auto readerOf = [&](const QString& name, int from, bool viewOk) {  // the one line reading name, else -1 (!ok)
      int at = -1;
      for (int k = from; ok && k < m_lines.size(); ++k) {
        const Line& l = m_lines.at(k);
        if (l.target == x || l.target == index) ok = false;  // x or index rebound after the gather: keep the plan
        const qsizetype n = countIn(l.text(), name);
        if (n == 0) continue;
        const bool isView = viewOk && isPlainView(l) && !l.target.contains(u',') &&
                            (l.head.startsWith(name + QStringLiteral(".reshape(")) ||
                             l.head.startsWith(name + QStringLiteral(".view("))) &&
                            QString(l.head + l.tail).endsWith(u')');
        if (at >= 0 || (n != 1 && !isView)) ok = false;
        at = k;
      }
      for (const Line& l : std::as_const(m_guards)) ok = ok && countIn(l.text(), name) == 0;
      return ok ? at : -1;
    };
    const int first = readerOf(g.target, i + 1, true);
    if (first < 0) continue;
    if (isPlainView(m_lines.at(first))) {
      view = first;
      if (m_lines.at(view).target == result) continue;
      red = readerOf(m_lines.at(view).target, view + 1, false);
    } else {
      red = first;
    }
    if (red < 0) continue;
    const QString src = view >= 0 ? m_lines.at(view).target : g.target;
    Line& r = m_lines[red];
    const QString head = QStringLiteral("kwb_reduce(%1, ").arg(src);
    static const QRegularExpression opRe(QStringLiteral("^\\[([-\\d, ]*)\\], \"(sum|mean)\", (True|False)(, pre=|$)"));
    const auto om = opRe.match(r.head.mid(head.size()));
    if (!r.head.startsWith(head) || r.tail != u")" || !r.before.isEmpty() || r.target.contains(u',') ||
        r.head.contains(QLatin1String("epi=")) || r.head.contains(QLatin1String("out_dtype=")) || !om.hasMatch())
      continue;
    // the reduced dims: the value's trailing dims (the stage's one-launch case), its rank known and <= 5
    const GraphOp* so = opById(src);
    const qsizetype rank = so ? so->outputs.value(0).shape.size() : 0;
    QList<qint64> dims;
    for (const QString& d : om.captured(1).split(u',', Qt::SkipEmptyParts)) {
      const qint64 v = d.trimmed().toLongLong();
      dims << (v < 0 ? v + rank : v);
    }
    std::sort(dims.begin(), dims.end());
    bool trailing = rank >= 1 && rank <= 5 && !dims.isEmpty();
    for (qsizetype k = 0; trailing && k < dims.size(); ++k) trailing = dims.at(k) == rank - dims.size() + k;
    // other reduced dims (at most two, the stage's tile's; gatherReduceDims): one launch where the stage's views
    // allow, its two launches otherwise, as before
    const bool otherDims = gatherReduceDims() && rank >= 1 && rank <= 5 && !dims.isEmpty() && dims.size() <= 2;
    if (!trailing && !otherDims) continue;
    const int gl = launchOf(g.target), rl = launchOf(r.target);
    if (gl < 0 || rl < 0 || gl == rl) continue;
    // the gathered value's shape: the view's arguments (the gather's shape is the index's), else the index's
    QString shape = index + QStringLiteral(".shape");
    if (view >= 0) {
      const Line& v = m_lines.at(view);
      const QString code = v.head + v.tail;
      const qsizetype open = code.indexOf(u'(');
      shape = code.mid(open + 1, code.size() - open - 2);
      shape.replace(QRegularExpression(QStringLiteral("\\b%1\\.shape\\b").arg(QRegularExpression::escape(g.target))),
                    index + QStringLiteral(".shape"));
      if (countIn(shape, g.target) != 0) continue;
      shape = QStringLiteral("(%1,)").arg(shape);
    }
    r.head = QStringLiteral("kwb_reduce_gathered(%1, %2, %3, %4, ").arg(x, dim, index, shape) + r.head.mid(head.size());
    r.comment = QStringLiteral("the gather read through its index as the reduction loads: never written");
    ChainLaunch& rc = m_plan.launches[rl];
    const ChainLaunch& gc = m_plan.launches.at(gl);
    rc.ops = gc.ops + rc.ops;
    rc.description = QStringLiteral("%1 loaded through the index by %2 (kwb_reduce_gathered; the gather never written)")
                         .arg(gc.description, rc.description);
    if (view >= 0) m_lines.removeAt(view);
    m_lines.removeAt(i);
    dropLaunches({gl});
    --i;
  }
}

void Planner::deferRowToGatheredReduce(const QString& result) {
  if (!gatherReduceRow()) return;
  static const QRegularExpression preTensors(QStringLiteral("pre_tensors=\\(([A-Za-z_][\\w.]*),?\\)"));
  static const QRegularExpression viewOf(QStringLiteral("^([A-Za-z_]\\w*)\\."));
  auto countIn = [](const QString& text, const QString& name) {
    return text.count(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name))));
  };
  auto launchOf = [this](const QString& target) {  // by op id, as fuseGatherPrologue finds them
    for (int k = 0; k < m_plan.launches.size(); ++k)
      if (m_plan.launches.at(k).ops.contains(target)) return k;
    return -1;
  };
  for (int i = 0; i < m_lines.size(); ++i) {
    const Line& r = m_lines.at(i);
    const auto pm = preTensors.match(r.head);
    if (!r.head.startsWith(QLatin1String("kwb_reduce_gathered(")) || !pm.hasMatch() || r.target.isEmpty()) continue;
    // the pre tensor back through plain views (t9 = t4.unsqueeze(1)) to the value a row group assigns
    QString name = pm.captured(1);
    QList<int> chain;  // the view lines, last first
    int g = -1;
    for (int k = i - 1; k >= 0 && g < 0; --k) {
      const Line& l = m_lines.at(k);
      if (l.target == name && isPlainView(l)) {
        const auto vm = viewOf.match(l.head);
        if (!vm.hasMatch()) break;
        chain << k;
        name = vm.captured(1);
      } else if (!l.rowGroup.empty() && l.target.isEmpty()) {
        static const QRegularExpression assigns(
            QStringLiteral("\\n\\s*([A-Za-z_]\\w*)(?:, [A-Za-z_]\\w*)? = kwb_row1\\("));
        const auto am = assigns.match(l.head);
        if (am.hasMatch() && am.captured(1) == name) g = k;
      } else if (l.target == name) {
        break;
      }
    }
    if (g < 0 || name == result) continue;
    const Line& gl = m_lines.at(g);
    static const QRegularExpression stat(QStringLiteral("\\n\\s*([A-Za-z_]\\w*) = kwb_row1_stat\\("));
    static const QRegularExpression call(
        QStringLiteral("\\n(\\s*)([A-Za-z_]\\w*)(?:, ([A-Za-z_]\\w*))? = kwb_row1\\(([^\\n]*)\\)(?=\\n)"));
    const auto sm = stat.match(gl.head);
    const auto cm = call.match(gl.head);
    if (!sm.hasMatch() || !cm.hasMatch() || cm.captured(4).contains(QLatin1String("defer="))) continue;
    // nothing but the group, the views and the reduction reads the output, the statistic or the source result
    QStringList names = {name, sm.captured(1)};
    if (!cm.captured(3).isEmpty()) names << cm.captured(3);
    bool ok = !names.contains(result);
    for (int k = 0; ok && k < m_lines.size(); ++k) {
      if (k == g) continue;
      const QString text = m_lines.at(k).text();
      for (const QString& n : std::as_const(names)) {
        // the output: once, by the last view of the chain (or the reduction itself); the others: never
        const bool reader = n == name && k == (chain.isEmpty() ? i : chain.last());
        if (countIn(text, n) != (reader ? 1 : 0)) ok = false;
      }
    }
    for (int c = 0; ok && c < chain.size(); ++c) {  // each view read once, by the next view or the reduction
      const QString v = m_lines.at(chain.at(c)).target;
      for (int k = 0; ok && k < m_lines.size(); ++k) {
        const int reader = c == 0 ? i : chain.at(c - 1);
        if (k != chain.at(c) && countIn(m_lines.at(k).text(), v) != (k == reader ? 1 : 0)) ok = false;
      }
    }
    for (const Line& l : std::as_const(m_guards))
      for (const QString& n : std::as_const(names)) ok = ok && countIn(l.text(), n) == 0;
    const int rowL = launchOf(name), redL = launchOf(r.target);
    if (!ok || rowL < 0 || redL < 0 || rowL == redL) continue;
    Line& gm = m_lines[g];
    gm.head.insert(cm.capturedEnd(4), QStringLiteral(", defer=True"));
    ChainLaunch& rc = m_plan.launches[redL];
    const ChainLaunch& rowc = m_plan.launches.at(rowL);
    rc.ops = rowc.ops + rc.ops;
    rc.description = QStringLiteral("%1, its prologue's rows (%2) computed in the same launch (kwb_row1 defer=True)")
                         .arg(rc.description, rowc.description);
    dropLaunches({rowL});
  }
}

void Planner::dropLaunches(const QSet<int>& drop) {
  if (drop.isEmpty()) return;
  QList<ChainLaunch> kept;
  QHash<int, int> to;
  for (int k = 0; k < m_plan.launches.size(); ++k)
    if (!drop.contains(k)) {
      to.insert(k, static_cast<int>(kept.size()));
      kept << m_plan.launches.at(k);
    }
  m_plan.launches = kept;
  for (Line& l : m_lines) l.launch = to.value(l.launch, -1);
}

void Planner::shareCatBuffers() {
  static const QRegularExpression catHead(
      QStringLiteral("^kwb_cat\\(\\[([A-Za-z_][A-Za-z_0-9]*(?:, [A-Za-z_][A-Za-z_0-9]*)*)\\], (-?\\d+)$"));
  struct Cat {
    int line;
    QStringList parts;
  };
  QList<Cat> cats;
  for (int i = 0; i < m_lines.size(); ++i) {
    const Line& l = m_lines.at(i);
    const auto m = catHead.match(l.head);
    if (!m.hasMatch() || l.tail != u")" || l.launch < 0 || l.target.isEmpty() || !l.before.isEmpty()) continue;
    const auto v = m_vals.constFind(l.target);
    const qint64 rank = v == m_vals.cend() ? 0 : v->shape.size();
    if (rank < 3 || rank > 5 || (m.captured(2).toLongLong() + rank) % rank != 1) continue;
    // a part that is an earlier cat's result stands for that cat's parts (x = torch.cat([x, conv(x)], 1) per layer)
    QStringList parts;
    for (const QString& p : m.captured(1).split(QStringLiteral(", "))) {
      const auto earlier =
          std::find_if(cats.cbegin(), cats.cend(), [&](const Cat& c) { return m_lines.at(c.line).target == p; });
      if (earlier != cats.cend())
        parts << earlier->parts;
      else
        parts << p;
    }
    if (QSet<QString>(parts.begin(), parts.end()).size() != parts.size()) continue;  // a part twice: two slices
    cats << Cat{i, parts};
  }
  QSet<QString> inputs;
  for (const TensorInfo& t : m_g.inputs) inputs.insert(t.name);
  auto lineOf = [this](const QString& target) {
    for (int i = 0; i < m_lines.size(); ++i)
      if (m_lines.at(i).target == target) return i;
    return -1;
  };
  QSet<int> taken;  // cat indices already in a group
  QSet<int> drop;
  for (int last = static_cast<int>(cats.size()) - 1; last >= 0; --last) {
    if (taken.contains(last)) continue;
    const QStringList all = cats.at(last).parts;
    QList<int> group;  // the cats whose parts are a prefix of the last one's, in line order
    for (int k = 0; k <= last; ++k)
      if (!taken.contains(k) && cats.at(k).parts.size() <= all.size() &&
          all.mid(0, cats.at(k).parts.size()) == cats.at(k).parts)
        group << k;
    // each part: a plain convolution line (written into its slice) or a value that exists before the first of them
    QList<int> convLine;  // per part: its conv_forward line, or -1 (copied)
    int firstConv = -1;
    bool ok = true;
    for (const QString& p : all) {
      const int i = lineOf(p);
      const Line* l = i >= 0 ? &m_lines.at(i) : nullptr;
      const bool conv = l && m_convCall.contains(i) && l->head.startsWith(QLatin1String("conv_forward(")) &&
                        !l->head.contains(QStringLiteral("out=")) && !l->head.contains(QStringLiteral("reduce=")) &&
                        l->tail == u")" && l->before.isEmpty();
      convLine << (conv ? i : -1);
      if (conv && (firstConv < 0 || i < firstConv)) firstConv = i;
      if (!conv && i < 0 && !inputs.contains(p)) ok = false;  // neither an input nor a line's value
    }
    if (!ok || firstConv < 0) continue;
    for (int k = 0; k < all.size(); ++k) {
      const int i = lineOf(all.at(k));
      if (convLine.at(k) < 0 && i >= firstConv) ok = false;  // made after the buffer's allocation
    }
    // the first cat holds a convolution part (so the buffer is allocated before every cat) and the buffer saves
    // launches or data: no more copies than cats
    const QStringList firstParts = cats.at(group.first()).parts;
    bool firstHasConv = false;
    int copies = 0;
    for (int k = 0; k < all.size(); ++k) {
      if (convLine.at(k) >= 0 && k < firstParts.size()) firstHasConv = true;
      if (convLine.at(k) < 0) ++copies;
    }
    if (!ok || !firstHasConv || copies > group.size()) continue;
    for (int k : std::as_const(group)) taken.insert(k);
    const Line& lastCat = m_lines.at(cats.at(last).line);
    const QString buf = lastCat.target + QStringLiteral("_buf"), slices = lastCat.target + QStringLiteral("_parts");
    QStringList entries, copied;
    for (int k = 0; k < all.size(); ++k) {
      if (convLine.at(k) < 0) {
        entries << all.at(k);
        copied << all.at(k);
        continue;
      }
      const QStringList call = m_convCall.value(convLine.at(k));
      entries << QStringLiteral("(%1, %2)").arg(call.at(1), call.at(2));
    }
    const QStringList firstCall = m_convCall.value(firstConv);
    m_lines[firstConv].before =
        QStringLiteral(
            "%1, %2 = conv_cat_buffer(%3, %4, %5, [%6])  # the buffer of %7 cat(s) along dim 1: each "
            "convolution writes its channel slice%8")
            .arg(buf, slices, firstCall.at(0), firstCall.at(1), firstCall.at(2), entries.join(QStringLiteral(", ")))
            .arg(group.size())
            .arg(copied.isEmpty()
                     ? QString()
                     : QStringLiteral(", %1 copied into %2")
                           .arg(copied.join(QStringLiteral(", ")),
                                copied.size() == 1 ? QStringLiteral("its own") : QStringLiteral("theirs")));
    for (int k = 0; k < all.size(); ++k) {
      if (convLine.at(k) < 0) continue;
      Line& l = m_lines[convLine.at(k)];
      l.head += QStringLiteral(", out=%1[%2]").arg(slices).arg(k);
      const QString note = QStringLiteral("into its slice of %1").arg(buf);
      l.comment = l.comment.isEmpty() ? note : l.comment + QStringLiteral("; ") + note;
      if (l.launch >= 0)
        m_plan.launches[l.launch].description +=
            QStringLiteral(" (written into its channel slice of the cats' buffer)");
    }
    QStringList catOps;
    for (int k : std::as_const(group)) {
      Line& l = m_lines[cats.at(k).line];
      for (const QString& id : m_plan.launches.at(l.launch).ops) catOps << id;
      drop.insert(l.launch);
      l.head = QStringLiteral("conv_cat_join(%1, [%2]").arg(buf, cats.at(k).parts.join(QStringLiteral(", ")));
      l.comment = cats.at(k).parts.size() == all.size()
                      ? QStringLiteral("cat along dim 1: no launch, the buffer its parts were written into")
                      : QStringLiteral("cat along dim 1: no launch, a view of the buffer's first channels");
      l.launch = -1;
      l.kind.clear();
      l.epilogue = false;
    }
    // the copies: one launch per copied part, before the first convolution part's (the cats' ops are its ops)
    if (!copied.isEmpty()) {
      ChainLaunch c{QStringLiteral("copy"), catOps,
                    QStringLiteral("%1 copied into the channel slices of one buffer that %2 cat(s) along dim 1 view "
                                   "(no cat launch)")
                        .arg(copied.join(QStringLiteral(", ")))
                        .arg(group.size()),
                    qint64(copied.size())};
      const int at = m_lines.at(firstConv).launch;
      m_plan.launches.insert(at, c);
      for (Line& l : m_lines)
        if (l.launch >= at) ++l.launch;
      QSet<int> shifted;
      for (int d : std::as_const(drop)) shifted.insert(d >= at ? d + 1 : d);
      drop = shifted;
    } else {
      int lastConv = -1;
      for (int i : std::as_const(convLine)) lastConv = qMax(lastConv, i);
      m_plan.launches[m_lines.at(lastConv).launch].ops << catOps;
    }
  }
  dropLaunches(drop);
}

void Planner::memoConstants(const QString& result) {
  auto reads = [](const Line& l, const QString& name) {
    return l.text().contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name))));
  };
  QSet<QString> consts;  // kept constants and the views of them: a tril / triu of one is kept too (a causal mask)
  static const QRegularExpression triOf(QStringLiteral("^kwb_tri\\(([A-Za-z_][A-Za-z_0-9]*), "));
  for (int i = 0; i < m_lines.size(); ++i) {
    Line& c = m_lines[i];
    const auto tri = triOf.match(c.head);
    if (c.launch < 0 || c.target.isEmpty() || c.tail != u")" ||
        !(c.head.startsWith(QLatin1String("kwb_arange(")) || c.head.startsWith(QLatin1String("kwb_full(")) ||
          (tri.hasMatch() && consts.contains(tri.captured(1)))))
      continue;
    QStringList aliases = {c.target};  // the constant and the views of it (lines that launch nothing)
    for (int k = i + 1; k < m_lines.size(); ++k) {
      const Line& v = m_lines.at(k);
      if (v.launch < 0 && v.kind.isEmpty() && !v.target.isEmpty() &&
          std::any_of(aliases.begin(), aliases.end(), [&](const QString& a) { return reads(v, a); }))
        aliases << v.target;
    }
    if (aliases.contains(result)) continue;
    const bool written = std::any_of(m_lines.begin(), m_lines.end(), [&](const Line& w) {  // a buffer (kwb_copy_into)
      return std::any_of(aliases.begin(), aliases.end(), [&](const QString& a) {
        return w.head.startsWith(QStringLiteral("kwb_copy_into(%1, ").arg(a));
      });
    });
    if (written) continue;
    for (const QString& a : std::as_const(aliases)) consts.insert(a);
    c.head += QStringLiteral(", memo=True");
    c.comment = QStringLiteral("computed on the first call, then kept: a constant of the sizes");
    for (ChainLaunch& l : m_plan.launches)  // by op id: fuseRows renumbers the launches, not the lines' indices
      if (l.ops.contains(c.target)) l.description += QStringLiteral(" (kept after the first call: no launch later)");
  }
}

void Planner::cacheStateLines(const QStringList& outputs, const QStringList& extraReads) {
  m_stateBlocks.clear();
  if (qEnvironmentVariable("KWB_STATE_CACHE") == u"0") return;
  static const QRegularExpression ident(QStringLiteral("(?<![\\w.\"'])([A-Za-z_]\\w*)"));
  // the names forward() binds: its arguments, every target, the dtype names; `self` stands for any other attribute
  QSet<QString> vars = {QStringLiteral("self"), QStringLiteral("out_dtype")};
  for (const TensorInfo& t : m_g.inputs) vars << t.name;
  for (const QString& p : modelNewParts(m_spec).forwardParams.split(u',', Qt::SkipEmptyParts))
    vars << p.trimmed().section(u'=', 0, 0).remove(u'*').trimmed();
  for (const Line& l : std::as_const(m_guards)) vars << l.target;
  for (const Line& l : std::as_const(m_lines)) vars << l.target;
  vars.remove(QString());
  // parameters and buffers as forward() reads them; the longest first (self.conv.weight before self.conv)
  QStringList state;
  for (auto it = m_g.params.cbegin(); it != m_g.params.cend(); ++it) state << stateExpr(it.key(), false);
  for (auto it = m_g.buffers.cbegin(); it != m_g.buffers.cend(); ++it) state << stateExpr(it.key(), true);
  std::sort(state.begin(), state.end(), [](const QString& a, const QString& b) { return a.size() > b.size(); });
  // a line's text with its parameter / buffer reads taken out, and those reads
  auto strip = [&](QString code, QStringList* read) {
    QList<QPair<qsizetype, QString>> at;  // each read by its first place in the line: the key's order is the code's
    const QString original = code;
    for (const QString& e : std::as_const(state)) {
      const QRegularExpression re(QRegularExpression::escape(e) + QStringLiteral("(?!\\w)"));
      if (code.contains(re)) {
        at.append({original.indexOf(re), e});
        code.replace(re, QStringLiteral("_"));
      }
    }
    std::sort(at.begin(), at.end());
    for (const auto& r : std::as_const(at))
      if (read && !read->contains(r.second)) *read << r.second;
    return code;
  };
  auto names = [&](const QString& code) {
    QSet<QString> out;
    for (auto it = ident.globalMatch(code); it.hasNext();) {
      const auto m = it.next();
      const qsizetype end = m.capturedEnd(1);
      if (end < code.size() && code.at(end) == u'=' && (end + 1 >= code.size() || code.at(end + 1) != u'='))
        continue;  // a keyword argument's name
      if (vars.contains(m.captured(1))) out << m.captured(1);
    }
    return out;
  };
  // In forward()'s order: the kept constants of the sizes (one tensor per sizes, never written) are sources; a
  // launch (or a view with no size read) reading only sources, parameters, buffers and cached values is cached; a view
  // of those that reads an input's sizes (`.view(1, 1, h, w, 2)`) is a source of the blocks after it: its own data
  // pointer, shape and strides are in their key.
  QSet<QString> returned;
  for (const QString& o : outputs) returned << leadingName(o);
  QSet<QString> kept, cachedTargets;
  QVector<bool> cached(m_lines.size(), false);
  QVector<QStringList> srcOf(m_lines.size());
  int launches = 0;
  for (int i = 0; i < m_lines.size(); ++i) {
    const Line& l = m_lines.at(i);
    const QString code =  // the call as rendered: a stored dtype may be forward()'s `out_dtype`
        l.head + l.tail + (l.outDtype.isEmpty() ? QString() : QStringLiteral(" out_dtype=(%1)").arg(l.outDtype));
    if (l.target.isEmpty() || returned.contains(l.target) || l.draw || !l.rowGroup.empty() || !l.before.isEmpty() ||
        code.contains(u'\n') || code.startsWith(QLatin1String("kwb_copy_into")) ||
        code.startsWith(QLatin1String("kwb_returned(")))
      continue;
    const bool written = std::any_of(m_lines.cbegin(), m_lines.cend(), [&](const Line& w) {  // a buffer it fills
      return w.head.startsWith(QStringLiteral("kwb_copy_into(%1, ").arg(l.target));
    });
    if (written) continue;
    if (l.launch >= 0 && l.head.contains(QLatin1String(", memo=True"))) {
      kept << l.target;
      continue;
    }
    const bool view = l.launch < 0 && l.kind.isEmpty() && (l.isView || !l.head.contains(QLatin1String("kwb_")));
    if (l.launch < 0 && !view) continue;
    QStringList read;
    const QString stripped = strip(code, &read);
    const QSet<QString> all = names(stripped);
    QSet<QString> values = all;
    for (auto it = values.begin(); it != values.end();)  // a size read (x.shape[2]) is no value read
      it = readsValues(stripped, *it) ? std::next(it) : values.erase(it);
    const bool fromState = std::all_of(values.cbegin(), values.cend(),
                                       [&](const QString& n) { return kept.contains(n) || cachedTargets.contains(n); });
    if (!fromState) continue;
    const bool readsCached =
        std::any_of(values.cbegin(), values.cend(), [&](const QString& n) { return cachedTargets.contains(n); });
    if (view && (all != values || !(readsCached || (values.isEmpty() && !read.isEmpty())))) {
      // a view of parameters / kept / cached values at the inputs' sizes: a source
      if (!values.isEmpty() || !read.isEmpty()) kept << l.target;
      continue;
    }
    // a launch at the inputs' sizes or reading nothing (a literal's fill)
    if (all != values || (values.isEmpty() && read.isEmpty())) continue;
    for (const QString& n : std::as_const(values))
      if (kept.contains(n) && !read.contains(n)) read << n;
    cached[i] = true;
    srcOf[i] = read;
    cachedTargets << l.target;
    if (l.launch >= 0) ++launches;
  }
  if (launches == 0) return;
  // blocks: contiguous runs of cached lines holding at least one launch
  int slot = 0;
  for (int i = 0; i < m_lines.size();) {
    if (!cached.at(i)) {
      ++i;
      continue;
    }
    int j = i;
    while (j + 1 < m_lines.size() && cached.at(j + 1)) ++j;
    StateBlock b;
    b.first = i;
    b.last = j;
    bool launch = false;
    QSet<QString> inside;
    for (int k = i; k <= j; ++k) {
      inside << m_lines.at(k).target;
      launch = launch || m_lines.at(k).launch >= 0;
    }
    for (int k = i; k <= j; ++k)
      for (const QString& s : std::as_const(srcOf.at(k)))
        if (!inside.contains(s) && !b.sources.contains(s)) b.sources << s;
    // the targets read after the block (later lines, guards never: they come first, the outputs, the write-backs)
    QString after;
    for (int k = j + 1; k < m_lines.size(); ++k) after += m_lines.at(k).text() + u'\n';
    after += outputs.join(u'\n') + u'\n' + extraReads.join(u'\n');
    for (int k = i; k <= j; ++k) {
      const QString& t = m_lines.at(k).target;
      if (after.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(t)))))
        b.outputs << t;
    }
    // every cached block ends in a value read later; a block read by nothing (a dead value) stays as planned
    if (launch && !b.outputs.isEmpty()) {
      b.slot = slot++;
      for (int k = i; k <= j; ++k) {
        const Line& l = m_lines.at(k);
        if (l.launch < 0) continue;
        for (ChainLaunch& cl : m_plan.launches)
          if (cl.ops.contains(l.target))
            cl.description += QStringLiteral(
                " (kept on the model: launched again only when a parameter or buffer it "
                "reads changes)");
      }
      m_stateBlocks << b;
    }
    i = j + 1;
  }
}

void Planner::fuseConvStats() {
  const QString bn = QStringLiteral("kwb_batch_norm(");
  const QString conv = QStringLiteral("conv_forward(");
  auto launchOf = [this](const QString& target) -> ChainLaunch* {
    for (ChainLaunch& l : m_plan.launches)
      if (l.ops.contains(target)) return &l;
    return nullptr;
  };
  for (int i = 0; i < m_lines.size(); ++i) {
    Line& r = m_lines[i];
    if (!r.head.startsWith(bn)) continue;
    const QStringList args = r.head.mid(bn.size()).split(QStringLiteral(", "));
    // (x, weight, bias, running_mean, running_var, training, ...): eval-only norms read the running statistics
    if (args.size() < 8 || args.at(5) == u"False") continue;
    const QString x = args.at(0);
    for (int k = i - 1; k >= 0; --k) {
      Line& c = m_lines[k];
      if (c.target != x) continue;
      if (c.head.startsWith(conv) && !c.head.contains(QStringLiteral("reduce=")) && c.tail == u")") {
        const QString st = x + QStringLiteral("_st");
        c.head += QStringLiteral(", stats=True");
        c.target = x + QStringLiteral(", ") + st;
        r.head += QStringLiteral(", stats=%1").arg(st);
        if (ChainLaunch* cl = launchOf(x))
          cl->description += QStringLiteral(" + per-channel statistics for the batch norm (in its tiles)");
        if (ChainLaunch* nl = launchOf(r.target))
          nl->description += QStringLiteral(" (statistics from the convolution's tiles)");
      }
      break;
    }
  }
}

void Planner::keepNormLayout(const QString& result) {
  static const QRegularExpression convHead(
      QStringLiteral("^conv_forward\\(self, ([A-Za-z_0-9]+), .*?\\b(CONV\\d+)\\b"));
  for (int i = 0; i < m_lines.size(); ++i) {
    Line& l = m_lines[i];
    if (!(l.head.startsWith(QStringLiteral("kwb_batch_norm(")) ||
          l.head.startsWith(QStringLiteral("kwb_group_norm(")) || l.head.startsWith(QStringLiteral("kwb_pool("))) ||
        l.target.isEmpty() || l.target.contains(u',') || l.target == result ||
        l.head.contains(QStringLiteral("reduce=")))
      continue;
    const QRegularExpression word(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(l.target)));
    int readers = 0;
    bool onlyGemmConvs = true;
    for (int k = i + 1; k < m_lines.size() && onlyGemmConvs; ++k) {
      const Line& r = m_lines.at(k);
      if (!r.text().contains(word)) continue;
      ++readers;
      const auto m = convHead.match(r.head);
      // the convolution's x, read once (not also an epilogue tensor) and nowhere in its statement before the call
      onlyGemmConvs = m.hasMatch() && m.captured(1) == l.target && m_gemmConvs.contains(m.captured(2)) &&
                      r.head.count(word) == 1 && !r.before.contains(word) && r.target != l.target;
    }
    if (readers == 0 || !onlyGemmConvs ||
        QRegularExpression(QStringLiteral("\\b%1\\b").arg(l.target)).match(result).hasMatch())
      continue;
    l.head += QStringLiteral(", keep_layout=True");
    const QString note = QStringLiteral("a channels-last input's layout kept for the convolution");
    l.comment = l.comment.isEmpty() ? note : l.comment + QStringLiteral("; ") + note;
    for (ChainLaunch& cl : m_plan.launches)
      if (cl.ops.contains(l.target)) cl.description += QStringLiteral(" (a channels-last input's layout kept)");
  }
}

// ---- attention traced as ops, masks from constants (issue 14) ----

namespace {

/// A number of the probe's args: JSON numbers, booleans, and the strings it writes for non-finite values.
bool jsonNumber(const json& v, double* out) {
  if (v.is_boolean()) {
    *out = v.get<bool>() ? 1.0 : 0.0;
    return true;
  }
  if (v.is_number()) {
    *out = v.get<double>();
    return true;
  }
  if (!v.is_string()) return false;
  const QString s = QString::fromStdString(v.get<std::string>()).toLower();
  if (s == u"-inf" || s == u"inf" || s == u"nan") {
    *out = s == u"nan" ? NAN : (s.startsWith(u'-') ? -INFINITY : INFINITY);
    return true;
  }
  return false;
}

bool isReshapeView(const QString& n) {
  return n == u"view" || n == u"reshape" || n == u"_reshape_alias" || n == u"_unsafe_view" || n == u"unsqueeze" ||
         n == u"squeeze" || n == u"flatten" || n == u"view_as";
}

QList<qint64> lastTwo(const QList<qint64>& s) { return s.size() >= 2 ? s.mid(s.size() - 2) : QList<qint64>(); }

/// Whether an additive bias of shape @p bias over scores of shape @p scores reads, under kwb_attention's rule
/// (_kwb_attn_bias: the bias's lead dims right-aligned, its size-1 and missing dims before the first larger one over
/// the front of the entries, one run of size-1 dims after it over the rest), the entries torch's broadcast reads:
/// each non-1 lead dim of the bias steps the same number of score entries under both.
bool biasBroadcastsAsKernel(QList<qint64> bias, const QList<qint64>& scores) {
  if (scores.size() < 2) return false;
  while (bias.size() < 2) bias.prepend(1);
  const QList<qint64> sl = scores.mid(0, scores.size() - 2), st = lastTwo(scores), bt = lastTwo(bias);
  for (int k = 0; k < 2; ++k)
    if (bt.at(k) != 1 && bt.at(k) != st.at(k)) return false;
  QList<qint64> bl = bias.mid(0, bias.size() - 2);
  while (bl.size() > sl.size() && !bl.isEmpty() && bl.first() == 1) bl.removeFirst();
  if (bl.size() > sl.size()) return false;
  qint64 nb = 1, known = 1;
  for (qint64 d : sl) nb *= d;
  for (qint64 d : bl) known *= d;
  const int off = static_cast<int>(sl.size() - bl.size());
  int first = 0;
  while (first < bl.size() && bl.at(first) == 1) ++first;
  QList<int> runs;  // the first dim of each run of size-1 dims after the first larger one
  for (int k = first; k < bl.size(); ++k)
    if (bl.at(k) == 1 && (k == first || bl.at(k - 1) != 1)) runs << k;
  if (known <= 0 || nb % known != 0 || (runs.size() > 1 && nb != known)) return false;
  QList<qint64> full = bl;
  int shift = 0;
  if (!runs.isEmpty() && nb != known) {
    full[runs.first()] = nb / known;
  } else {
    full.prepend(nb / known);
    shift = 1;
  }
  for (int k = 0; k < bl.size(); ++k) {
    if (bl.at(k) == 1) continue;
    if (sl.at(off + k) != bl.at(k)) return false;
    qint64 want = 1, got = 1;
    for (int j = off + k + 1; j < sl.size(); ++j) want *= sl.at(j);
    for (int j = k + shift + 1; j < full.size(); ++j) got *= full.at(j);
    if (want != got) return false;
  }
  return true;
}

/// A view that keeps the elements' row-major order (so a chain of them from [.., Lq, Lk] back to [.., Lq, Lk] keeps
/// every score in its row): a reshape (the [B*H, L, L] <-> [B, H, L, L] of a 4-D matmul), a permute that moves only
/// size-1 dims (einsum's), an expand to the same shape (matmul's broadcast).
bool rowsView(const GraphOp& o) {
  const QList<qint64> out = o.outputs.value(0).shape;
  const QList<qint64> in = o.inputs.isEmpty() ? QList<qint64>() : o.inputs.first().shape;
  if (o.name == u"expand") return in == out;
  if (o.name == u"permute" && o.args.contains("dims") && o.args.at("dims").is_array()) {
    int prev = -1;
    for (const auto& d : o.args.at("dims")) {
      if (!d.is_number_integer() || in.isEmpty()) return false;
      const int k = static_cast<int>((d.get<qint64>() + in.size()) % in.size());
      if (in.value(k) == 1) continue;
      if (k < prev) return false;
      prev = k;
    }
    return true;
  }
  return isReshapeView(o.name);
}

qint64 leadProduct(const QList<qint64>& s) {
  qint64 p = 1;
  for (int k = 0; k + 2 < s.size(); ++k) p *= s.at(k);
  return p;
}

/// (j + oj) OP (i + oi) as a half plane of t = j - i: the cut d and the values {where t <= d, elsewhere}.
bool halfPlane(const QString& op, qint64 k, qint64* d, QList<double>* vals) {
  // t OP k with k = oi - oj
  if (op == u"le")
    *d = k, *vals = {1, 0};
  else if (op == u"lt")
    *d = k - 1, *vals = {1, 0};
  else if (op == u"gt")
    *d = k, *vals = {0, 1};
  else if (op == u"ge")
    *d = k - 1, *vals = {0, 1};
  else
    return false;
  return true;
}

double compare(const QString& op, double a, double b) {
  if (op == u"eq") return a == b;
  if (op == u"ne") return a != b;
  if (op == u"lt") return a < b;
  if (op == u"le") return a <= b;
  if (op == u"gt") return a > b;
  return a >= b;  // ge
}

/// The value of an elementwise op @p n (output dtype @p dt) of two masks, as a function of their values; nullopt
/// for an op that is no such combination. Bitwise ops only on bool (0 / 1) values.
std::optional<std::function<double(double, double)>> maskLogic(const QString& n, const QString& dt) {
  const bool b = dt == u"bool";
  if ((n == u"bitwise_and" && b) || n == u"logical_and") return [](double x, double y) { return double(x && y); };
  if ((n == u"bitwise_or" && b) || n == u"logical_or") return [](double x, double y) { return double(x || y); };
  if ((n == u"bitwise_xor" && b) || n == u"logical_xor")
    return [](double x, double y) { return double((x != 0) != (y != 0)); };
  if (n == u"mul") return [](double x, double y) { return x * y; };
  if (n == u"add") return [](double x, double y) { return x + y; };
  if (n == u"sub") return [](double x, double y) { return x - y; };
  if (n == u"maximum") return [](double x, double y) { return std::isnan(x) || std::isnan(y) ? NAN : std::max(x, y); };
  if (n == u"minimum") return [](double x, double y) { return std::isnan(x) || std::isnan(y) ? NAN : std::min(x, y); };
  for (const char* c : {"eq", "ne", "lt", "le", "gt", "ge"})
    if (n == QLatin1String(c)) return [op = n](double x, double y) { return compare(op, x, y); };
  return std::nullopt;
}

}  // namespace

std::optional<Planner::ColumnRead> Planner::columnOf(const QString& ref) const {
  QString r = resolve(ref);
  ColumnRead c;
  for (int hop = 0; hop < 16; ++hop) {
    const GraphOp* o = opById(r);
    if (o && o->name == u"unsqueeze" && o->refs.size() == 1 && o->args.value("dim", json()).is_number_integer()) {
      c.unsqueezes.prepend(o->args.at("dim").get<qint64>());
      r = resolve(o->refs.first());
      continue;
    }
    if (o && o->name == u"slice" && o->refs.size() == 1 && o->args.value("step", json(1)) == json(1) &&
        o->args.value("start", json(0)) == json(0) && shapeOfRef(resolve(o->refs.first())) == shapeOfRef(r)) {
      r = resolve(o->refs.first());  // a whole-dim slice (`v[:, None]` traces v[0:INT64_MAX] first): v itself
      continue;
    }
    const GraphOp* from = nullptr;
    if (o && o->name == u"select" && o->refs.size() == 1 && o->args.value("dim", json()).is_number_integer() &&
        o->args.value("index", json()).is_number_integer()) {
      from = o;
      c.index = o->args.at("index").get<qint64>();
    } else {
      // an unbind's outputs: "<id>" the first, "<id>_<k>" the k-th
      const qsizetype u = r.lastIndexOf(u'_');
      const GraphOp* ub = o && o->name == u"unbind" ? o : nullptr;
      bool num = false;
      const qint64 k = u > 0 ? r.mid(u + 1).toLongLong(&num) : 0;
      if (!ub && u > 0 && num && k > 0)
        if (const GraphOp* p = opById(r.left(u)); p && p->name == u"unbind") ub = p, c.index = k;
      from = ub;
    }
    if (!from || from->refs.size() != 1 || c.index < 0) return std::nullopt;
    c.src = resolve(from->refs.first());
    // through whole-dim slices (`x[:, 0]` traces x[0:INT64_MAX] first): the same tensor, so columns of one source share
    for (int h = 0; h < 8; ++h) {
      const GraphOp* sl = opById(c.src);
      if (!sl || sl->name != u"slice" || sl->refs.size() != 1 || sl->args.value("step", json(1)) != json(1) ||
          sl->args.value("start", json(0)) != json(0) || shapeOfRef(resolve(sl->refs.first())) != shapeOfRef(c.src) ||
          !m_vals.contains(resolve(sl->refs.first())))
        break;
      c.src = resolve(sl->refs.first());
    }
    const qint64 rank = shapeOfRef(c.src).size();
    qint64 d =
        from->args.value("dim", json(0)).is_number_integer() ? from->args.value("dim", json(0)).get<qint64>() : 0;
    if (d < 0) d += rank;
    if (rank == 0 || d < 0 || d >= rank) return std::nullopt;
    c.dim = static_cast<int>(d);
    QStringList us;
    for (qint64 x : std::as_const(c.unsqueezes)) us << QString::number(x);
    c.key = QStringLiteral("%1|%2|%3").arg(c.src).arg(c.dim).arg(us.join(u','));
    return c;
  }
  return std::nullopt;
}

QList<QStringList> Planner::columnGroups(const QStringList& refs) const {
  QList<QStringList> groups;
  if (!columnSlots()) return groups;
  QStringList keys;
  for (const QString& r : refs) {
    const auto c = columnOf(r);
    if (!c || !m_vals.contains(c->src)) continue;  // kwb_cols reads the tensor itself
    const qsizetype at = keys.indexOf(c->key);
    if (at < 0) {
      keys << c->key;
      groups << QStringList{r};
    } else if (!groups[at].contains(r)) {
      groups[at] << r;
    }
  }
  QList<QStringList> out;
  for (const QStringList& g : std::as_const(groups))
    if (g.size() > 1) out << g;
  return out;
}

const GraphOp* Planner::opById(const QString& id) const {
  for (const GraphOp& o : m_ops)
    if (o.id == id) return &o;
  return nullptr;
}

const TensorInfo* Planner::opOutput(const QString& ref) const {
  if (const GraphOp* o = opById(ref)) return o->outputs.isEmpty() ? nullptr : &o->outputs.first();
  const qsizetype u = ref.lastIndexOf(u'_');
  bool ok = false;
  const int k = u > 0 ? ref.mid(u + 1).toInt(&ok) : 0;
  const GraphOp* o = ok && k >= 1 ? opById(ref.left(u)) : nullptr;
  return o && k < o->outputs.size() ? &o->outputs.at(k) : nullptr;
}

TensorInfo Planner::tensorOfRef(const QString& ref) const {
  if (const GraphOp* o = opById(ref)) return o->outputs.value(0);
  if (const TensorInfo* in = m_g.input(ref)) return *in;
  if (m_g.params.contains(ref)) return m_g.params.value(ref);
  if (m_g.buffers.contains(ref)) return m_g.buffers.value(ref);
  const TensorInfo* t = opOutput(ref);  // "<id>_<k>" last: a forward() argument may be named so
  return t ? *t : TensorInfo();
}

QList<qint64> Planner::shapeOfRef(const QString& ref) const { return tensorOfRef(resolve(ref)).shape; }

void Planner::findScalarConstants(const QString& outRef) {
  // A float factory of a finite number (zeros / ones / full, their _like and new_ forms) whose every reader is a
  // pointwise op of the walk (not inside an attention launch, not writing it in place) that broadcasts to its own
  // shape without it: the readers take the number, so nothing writes the constant or reads it back.
  for (const GraphOp& f : m_ops) {
    if (!isFactory(f.name) || f.outputs.size() != 1 || resolve(outRef) == f.id ||
        std::any_of(m_outRefs.cbegin(), m_outRefs.cend(), [&](const QString& r) { return resolve(r) == f.id; }) ||
        m_alias.contains(f.id) || !normaliseDtype(f.outputs.first().dtype).contains(QLatin1String("float")))
      continue;
    double c = factoryKind(f.name).startsWith(QLatin1String("ones")) ? 1.0 : 0.0;
    if (factoryKind(f.name).startsWith(QLatin1String("full")) && !jsonNumber(f.args.value("fill_value", json()), &c))
      continue;
    if (!std::isfinite(c)) continue;  // the pointwise program's numbers are JSON's
    bool ok = true, read = false;
    for (const GraphOp& o : m_ops) {
      if (m_alias.contains(o.id) || m_dropoutMask.contains(o.id)) continue;
      QList<QList<qint64>> others;
      bool reads = false;
      for (const QString& r : o.refs) {
        if (resolve(r) == f.id)
          reads = true;
        else
          others << shapeOfRef(r);
      }
      if (!reads) continue;
      read = true;
      // the reader's shape from its other operands alone (torch's broadcast: right-aligned, 1 stretches)
      QList<qint64> b;
      for (const QList<qint64>& sh : std::as_const(others)) {
        while (b.size() < sh.size()) b.prepend(1);
        for (int k = 1; k <= sh.size(); ++k) {
          qint64& d = b[b.size() - k];
          if (d == 1) d = sh.at(sh.size() - k);
        }
      }
      ok = ok && o.category == u"Elementwise" && o.pw.is_object() && o.mutates.isEmpty() &&
           !m_absorbed.contains(o.id) && !m_attnAt.contains(o.id) && !others.isEmpty() && b == o.outputs.value(0).shape;
    }
    for (const GraphOp& o : m_ops) ok = ok && !o.mutates.contains(f.id);
    if (!ok || !read) continue;
    m_constScalar.insert(f.id, c);
    for (const QString& r : f.refs) m_uses[resolve(r)] -= 1;  // a _like's shape source: no read of its data
  }
}

void Planner::findRecurrences() {
  const QString on = qEnvironmentVariable("KWB_LINREC");
  if (on == u"0" || (on.isEmpty() && !kLinRecDefault)) return;
  QHash<QString, TensorInfo> roots;
  for (const TensorInfo& t : m_g.inputs) roots.insert(t.name, t);
  for (auto it = m_g.params.cbegin(); it != m_g.params.cend(); ++it) roots.insert(it.key(), it.value());
  for (auto it = m_g.buffers.cbegin(); it != m_g.buffers.cend(); ++it) roots.insert(it.key(), it.value());
  QSet<QString> external;
  for (const QString& r : std::as_const(m_outRefs)) external << r << resolve(r);
  for (const LinearRecurrence& r : findLinearRecurrences(m_ops, roots, external)) {
    if (m_linrecOps.contains(r.stackOp) || m_absorbed.contains(r.stackOp)) continue;
    m_linrec.insert(r.stackOp, r);
    m_linrecOps.unite(r.absorbed);
  }
}

bool Planner::linearRecurrence(const GraphOp& op) {
  const LinearRecurrence& r = m_linrec[op.id];
  const QString fn = QStringLiteral("_kwb_lr%1").arg(m_linrecFns++);
  QStringList leaves, lens;
  for (const LinRecLeaf& f : r.leaves) {
    const auto v = value(f.root);
    if (!v) return false;
    leaves << QStringLiteral("(%1, %2, %3, %4)")
                  .arg(v->expr, f.dim < 0 ? QStringLiteral("None") : QString::number(f.dim))
                  .arg(f.base)
                  .arg(f.sign);
    if (f.dim >= 0 && f.sign != 0) lens << QStringLiteral("(%1, %2, %3)").arg(v->expr).arg(f.dim).arg(f.specLen);
  }
  Line l;
  l.target = var(op);
  l.head = QStringLiteral("kwb_linrec([%1], %2, %3_init, %3, %4, [%5], %6, %7, %8, %9, %10, %11")
               .arg(leaves.join(QStringLiteral(", ")))
               .arg(r.stepLeaves)
               .arg(fn)
               .arg(r.steps)
               .arg(lens.join(QStringLiteral(", ")))
               .arg(r.dim)
               .arg(linRecLaneSpec(r))
               .arg(r.outShape.at(r.dim))
               .arg(r.q0)
               .arg(r.qs)
               .arg(r.qi < 0 ? QStringLiteral("None") : QString::number(r.qi));
  l.epilogue = true;  // an anchor: the pointwise run that alone reads the stack is applied as each state is stored
  m_plan.epilogues += linRecFunctions(r, fn);
  push(l, op, QStringLiteral("scan"),
       QStringLiteral("linear recurrence h = a * h + b (%1, line %2) over %3 steps along dim %4 of %5, one "
                      "sequential loop a lane (%6 ops of the unrolled loop)")
           .arg(r.ops)
           .arg(r.line)
           .arg(r.steps)
           .arg(r.dim)
           .arg(shapeText(r.outShape))
           .arg(r.absorbed.size()),
       true);
  if (!m_why.isEmpty()) return false;
  // One kwb_linrec call costs the host what a plan of many launches does (its launcher's ~95 arguments and its Python
  // preparation): on the H100 (session 39, bench/gpu/recur38/ab.py --graph) a01's one launch ran 0.25 ms eagerly and
  // 0.011 ms replayed from a CUDA graph. Counted as kGraphMinLaunches, a plan with one replays from a graph.
  m_plan.launches.last().hostLaunches = std::max(m_plan.launches.last().hostLaunches, kGraphMinLaunches);
  m_plan.launches.last().kernels = 1;  // the kernels it makes: one
  m_vals.insert(op.id, outVal(op));
  return true;
}

void Planner::findInputProjections() {
  struct Member {
    const GraphOp* op;
    qint64 index;
    QStringList views;  // its A's select / full slices and its W's t(), each read by the next alone
  };
  QHash<QString, QList<Member>> groups;
  QStringList keys;  // in trace order
  for (const GraphOp& o : m_ops) {
    const bool addmm = o.name == u"addmm";
    if (m_alias.contains(o.id) || !(addmm || o.name == u"mm") || o.outputs.size() != 1 ||
        (addmm && (o.args.value("alpha", json(1.0)) != json(1.0) || o.args.value("beta", json(1.0)) != json(1.0) ||
                   o.inputs.value(0).shape.size() != 1)))
      continue;
    const QString ra = operandOf(o, addmm ? "mat1" : "self").isEmpty() ? o.refs.value(addmm ? 1 : 0)
                                                                       : operandOf(o, addmm ? "mat1" : "self");
    const QString rb = operandOf(o, "mat2").isEmpty() ? o.refs.value(addmm ? 2 : 1) : operandOf(o, "mat2");
    const QString bias =
        !addmm ? QString() : resolve(operandOf(o, "self").isEmpty() ? o.refs.value(0) : operandOf(o, "self"));
    // A: full slices around one select of a forward() input or a parameter (x[:, t, :] traces slice, select, slice)
    Member m{&o, -1, {}};
    QString a = resolve(ra);
    int dim = -1;
    bool ok = true;
    for (int guard = 0; ok && guard < 16; ++guard) {
      const GraphOp* v = opById(a);
      if (!v || !v->view || v->refs.isEmpty() || m_uses.value(a) != 1) break;
      const qsizetype rank = v->inputs.value(0).shape.size();
      const qint64 d0 =
          v->args.value("dim", json(0)).is_number_integer() ? v->args.value("dim", json(0)).get<qint64>() : -1000;
      const qint64 d = d0 < 0 ? d0 + rank : d0;
      if (d < 0 || d >= rank) {
        ok = false;
      } else if (v->name == u"slice") {
        const json st = v->args.value("start", json(0)), en = v->args.value("end", json()),
                   sp = v->args.value("step", json(1));
        ok = (st.is_null() || st == json(0)) && sp == json(1) &&
             (en.is_null() || (en.is_number_integer() && en.get<qint64>() >= v->inputs.value(0).shape.at(d)));
      } else if (v->name == u"select" && m.index < 0 && v->args.value("index", json()).is_number_integer()) {
        const qint64 i = v->args.at("index").get<qint64>(), size = v->inputs.value(0).shape.at(d);
        m.index = i < 0 ? i + size : i;
        dim = static_cast<int>(d);
      } else {
        ok = false;
      }
      if (ok) {
        m.views << v->id;
        a = resolve(v->refs.first());
      }
    }
    const QList<qint64> xs = shapeOfRef(a);
    const bool stateOrInput = m_g.input(a) || m_g.params.contains(a) || m_g.buffers.contains(a);
    // W^T: t() of a parameter, that t() read by this GEMM alone
    const GraphOp* wt = opById(resolve(rb));
    if (!ok || m.index < 0 || !stateOrInput || xs.size() != 3 || dim > 1 || !wt || wt->name != u"t" ||
        wt->refs.isEmpty() || !m_g.params.contains(resolve(wt->refs.first())) || m_uses.value(wt->id) != 1)
      continue;
    m.views << wt->id;
    const QString key =
        QStringList{o.name, a, QString::number(dim), resolve(wt->refs.first()), bias}.join(QLatin1Char('|'));
    if (!groups.contains(key)) keys << key;
    groups[key] << m;
  }
  for (const QString& key : std::as_const(keys)) {
    const QList<Member>& ms = groups.value(key);
    const QStringList k = key.split(QLatin1Char('|'));
    const qint64 steps = shapeOfRef(k.at(1)).at(k.at(2).toInt());
    QSet<qint64> seen;
    for (const Member& m : ms) seen.insert(m.index);
    // every index of the dim once (a loop over all steps): the one GEMM computes no row a step does not read
    if (ms.size() < 2 || seen.size() != ms.size() || qint64(ms.size()) != steps) continue;
    InputProjection p;
    p.var = var(*ms.first().op) + QStringLiteral("_all");
    p.src = m_vals.value(k.at(1)).expr;
    p.w = m_vals.value(k.at(3)).expr;  // kwb_gemm(a, W) is a @ W^T: the parameter itself
    p.bias = k.at(4).isEmpty() ? QStringLiteral("None") : m_vals.value(k.at(4)).expr;
    p.dim = k.at(2).toInt();
    QStringList ids;
    for (const Member& m : ms) {
      m_projStep.insert(m.op->id, {static_cast<int>(m_projs.size()), m.index});
      for (const QString& v : m.views) m_projViews.insert(v);
      ids << m.op->id;
    }
    // planned before the walk: its operands are a forward() input and parameters
    Line l;
    l.target = p.var;
    l.head = QStringLiteral(
                 "kwb_gemm(%1.reshape(-1, %1.shape[2]), %2, %3).view(%1.shape[0], %1.shape[1], -1) if "
                 "kwb_loop_input_gemm else None")
                 .arg(p.src, p.w, p.bias);
    l.tail.clear();
    l.comment = QStringLiteral("every step's input projection, one GEMM before the loop");
    const QList<qint64> xs = shapeOfRef(k.at(1));
    const qint64 n = ms.first().op->outputs.value(0).shape.value(1);
    push(l, *ms.first().op, QStringLiteral("gemm"),
         QStringLiteral("%1 %2 x [%3, %4]%5 for the %6 steps' slices of %7 along dim %8 (one GEMM before the loop)")
             .arg(k.at(0), shapeText({xs.at(0) * xs.at(1), xs.at(2)}))
             .arg(xs.at(2))
             .arg(n)
             .arg(p.bias == u"None" ? QString() : QStringLiteral(" + bias"))
             .arg(steps)
             .arg(p.src)
             .arg(p.dim),
         false);
    m_plan.launches.last().ops = ids;
    for (int i = 1; i < ids.size(); ++i) m_plan.ops << ids.at(i);
    m_projs << p;
  }
}

bool Planner::projectionStep(const GraphOp& op) {
  // a slice of the hoisted projection: a view, which leaves a pending pointwise run and an open GEMM as a view of
  // another value does (the step's gate add fuses into the recurrent GEMM's epilogue, reading the slice)
  const auto [k, index] = m_projStep.value(op.id);
  const InputProjection& p = m_projs.at(k);
  if (!gemmOrConvAnchor()) {
    if (!flushRun()) return false;
  } else if (!m_run.isEmpty()) {
    m_softCuts << static_cast<int>(m_run.size());
  }
  Line l;
  l.target = var(op);
  l.head = QStringLiteral("%1.select(%2, %3) if %1 is not None else kwb_gemm(%4.select(%2, %3), %5, %6)")
               .arg(p.var)
               .arg(p.dim)
               .arg(index)
               .arg(p.src, p.w, p.bias);
  l.tail.clear();
  l.comment = QStringLiteral("step %1's slice of %2").arg(index).arg(p.var);
  l.isView = true;
  m_lines << l;
  m_vals.insert(op.id, outVal(op));
  if (!gemmOrConvAnchor()) closeAnchor();
  return true;
}

std::optional<Planner::CVal> Planner::constVal(const QString& ref, QStringList* ops, int depth) const {
  if (depth == 0) {  // a difference of indices is no mask itself (an ALiBi bias from aranges stays a bias)
    auto v = constVal(ref, ops, 1);
    ops->removeDuplicates();  // one arange read on both sides of a difference
    return v && v->kind == CVal::Lin ? std::nullopt : v;
  }
  if (depth > 32 || ref.isEmpty()) return std::nullopt;
  const QString r = resolve(ref);
  const GraphOp* o = opById(r);
  if (!o) return std::nullopt;  // a forward() input, parameter or buffer: state, not a constant
  ops->append(o->id);
  for (const QString& a : o->refs)  // alias ops (detach of a fresh tensor) between: computed by nobody either
    if (a != resolve(a) && opById(a)) ops->append(a);
  const QString n = o->name;
  const QList<qint64> shape = o->outputs.value(0).shape;
  const json& args = o->args;
  auto src = [&](int k) { return constVal(o->refs.value(k), ops, depth + 1); };
  CVal v;
  v.shape = shape;
  if (isFactory(n)) {
    double c = factoryKind(n).startsWith(QLatin1String("ones")) ? 1.0 : 0.0;
    if (factoryKind(n).startsWith(QLatin1String("full")) && !jsonNumber(args.value("fill_value", json()), &c))
      return std::nullopt;
    v.c = c;
    return v;
  }
  if (n == u"arange") {
    double start = 0, step = 1;
    if (!jsonNumber(args.value("start", json(0)), &start) || !jsonNumber(args.value("step", json(1)), &step) ||
        step != 1.0 || start != std::floor(start) || shape.size() != 1)
      return std::nullopt;
    v.kind = CVal::Index;
    v.off = static_cast<qint64>(start);
    return v;
  }
  if (o->view) {
    auto s = src(0);
    if (!s) return std::nullopt;
    if (n == u"detach" || n == u"alias" || n == u"clone" || n == u"contiguous" || n == u"lift_fresh") return s;
    if (n == u"slice") {  // a slice from 0 by 1: the same (i, j) values
      double start = 0, step = 1;
      const json st = args.value("start", json(0));
      if (!(st.is_null() || jsonNumber(st, &start)) || !jsonNumber(args.value("step", json(1)), &step) || start != 0 ||
          step != 1)
        return std::nullopt;
      s->shape = shape;
      return s;
    }
    if (s->kind == CVal::Index) {
      if (n == u"expand" || n == u"expand_as") {
        if (shape.size() < s->shape.size()) return std::nullopt;
        s->shape = shape;
        return s;
      }
      if (!isReshapeView(n)) return std::nullopt;
      int nonOne = -1, count = 0;
      for (int k = 0; k < shape.size(); ++k)
        if (shape.at(k) != 1) nonOne = k, ++count;
      if (count != 1 || shape.size() - 1 - nonOne > 1) return std::nullopt;
      s->axis = static_cast<int>(shape.size() - 1 - nonOne);
      s->shape = shape;
      return s;
    }
    // uniform or triangular: any view that keeps the last two dims (leading dims added, expanded or dropped)
    if ((s->kind == CVal::Tri || s->kind == CVal::Lin) &&
        (lastTwo(shape) != lastTwo(s->shape) || !(isReshapeView(n) || n == u"expand" || n == u"expand_as")))
      return std::nullopt;
    s->shape = shape;
    return s;
  }
  if (n == u"tril" || n == u"triu") {  // x where j - i <= d (tril), where j - i >= d (triu), 0 elsewhere
    auto s = src(0);
    double dd = 0;
    if (!s || s->kind == CVal::Index || s->kind == CVal::Lin || !jsonNumber(args.value("diagonal", json(0)), &dd))
      return std::nullopt;
    const qint64 d = static_cast<qint64>(dd);
    CVal step;
    step.kind = CVal::Tri;
    step.cuts = {n == u"tril" ? d : d - 1};
    step.vals = n == u"tril" ? QList<double>{1, 0} : QList<double>{0, 1};
    auto kept = combine(*s, step, [](double x, double k) { return k != 0 ? x : 0.0; });
    if (kept) kept->shape = shape;
    return kept;
  }
  static const QSet<QString> cmp = {QStringLiteral("eq"), QStringLiteral("ne"), QStringLiteral("lt"),
                                    QStringLiteral("le"), QStringLiteral("gt"), QStringLiteral("ge")};
  const int tensors =
      static_cast<int>(std::count_if(o->refs.begin(), o->refs.end(), [](const QString& x) { return !x.isEmpty(); }));
  if (tensors == 2) {
    const auto f = maskLogic(n, o->outputs.value(0).dtype);
    double alpha = 1;
    if (!f || ((n == u"add" || n == u"sub") && jsonNumber(args.value("alpha", json(1)), &alpha) && alpha != 1))
      return std::nullopt;
    auto a = src(0), b = src(1);
    if (!a || !b || a->kind == CVal::Lin || b->kind == CVal::Lin) return std::nullopt;
    if (n == u"sub" && indexDiffPredicate() && a->kind == CVal::Index && b->kind == CVal::Index && a->axis != b->axis) {
      // i - j or j - i (offsets kept): linear in t = j - i; its comparisons (after abs) are the band (trial 29 #5)
      v.kind = CVal::Lin;
      v.slopes = {a->axis == 0 ? 1.0 : -1.0};
      v.vals = {double(a->off - b->off)};
      return v;
    }
    if (a->kind != CVal::Index && b->kind != CVal::Index) {
      // two masks from constants combined (& / | / * / + of half planes and bands): piece by piece
      auto both = combine(*a, *b, *f);
      if (both) both->shape = shape;
      return both;
    }
    // two indices compared: a half plane of j - i
    if (!cmp.contains(n) || a->kind != CVal::Index || b->kind != CVal::Index || a->axis == b->axis) return std::nullopt;
    QString op = n;
    if (a->axis == 1) {  // i OP j: j OP' i
      std::swap(a, b);
      op = n == u"lt"   ? QStringLiteral("gt")
           : n == u"gt" ? QStringLiteral("lt")
           : n == u"le" ? QStringLiteral("ge")
           : n == u"ge" ? QStringLiteral("le")
                        : n;
    }
    v.kind = CVal::Tri;
    v.cuts = {0};
    if (!halfPlane(op, b->off - a->off, &v.cuts[0], &v.vals)) return std::nullopt;
    return v;
  }
  if (cmp.contains(n) || n == u"logical_not" || n == u"bitwise_not" || n == u"_to_copy" || n == u"to" || n == u"add" ||
      n == u"sub" || n == u"abs" || n == u"neg") {
    if (tensors != 1) return std::nullopt;
    auto s = src(0);
    if (!s) return std::nullopt;
    double other = 0;
    const bool hasOther = jsonNumber(args.value("other", json()), &other);
    if ((cmp.contains(n) || n == u"add" || n == u"sub") && !hasOther) return std::nullopt;
    if (s->kind == CVal::Lin) {
      double alpha = 1;
      if ((n == u"add" || n == u"sub") && jsonNumber(args.value("alpha", json(1)), &alpha) && alpha != 1)
        return std::nullopt;
      auto lin = linApply(*s, n, other, o->outputs.value(0).dtype);
      if (lin) lin->shape = shape;
      return lin;
    }
    if (s->kind == CVal::Index && (n == u"_to_copy" || n == u"to")) {  // arange(T).float(): the same integers
      s->shape = shape;
      return s;
    }
    if (s->kind == CVal::Index) {  // an index shifted by an integer
      double alpha = 1;
      if ((n != u"add" && n != u"sub") || !hasOther || other != std::floor(other) ||
          (jsonNumber(args.value("alpha", json(1)), &alpha) && alpha != 1))
        return std::nullopt;
      s->off += static_cast<qint64>(n == u"add" ? other : -other);
      s->shape = shape;
      return s;
    }
    const QString dt = o->outputs.value(0).dtype;
    auto apply = [&](double x) -> double {
      if (cmp.contains(n)) return compare(n, x, other);
      if (n == u"abs") return std::fabs(x);
      if (n == u"neg") return -x;
      if (n == u"logical_not") return x == 0;
      if (n == u"bitwise_not") return dt == u"bool" ? double(x == 0) : NAN;
      if (n == u"add") return x + other;
      if (n == u"sub") return x - other;
      return dt == u"bool" ? double(x != 0) : x;  // a cast
    };
    if (s->kind == CVal::Uniform) {
      s->c = apply(s->c);
      if (std::isnan(s->c)) return std::nullopt;
    } else {
      for (double& x : s->vals) {
        x = apply(x);
        if (std::isnan(x)) return std::nullopt;
      }
    }
    s->shape = shape;
    return s;
  }
  return std::nullopt;
}

std::optional<Planner::CVal> Planner::combine(const CVal& x, const CVal& y,
                                              const std::function<double(double, double)>& f) {
  auto pieces = [](const CVal& v) { return v.kind == CVal::Tri ? v.cuts : QList<qint64>(); };
  // the value of v on piece (.., t]: the values hold on (cuts[k - 1], cuts[k]]
  auto at = [](const CVal& v, qint64 t) {
    if (v.kind != CVal::Tri) return v.c;
    const auto k = std::count_if(v.cuts.begin(), v.cuts.end(), [t](qint64 c) { return c < t; });
    return v.vals.at(static_cast<int>(k));
  };
  QList<qint64> cuts = pieces(x) + pieces(y);
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  CVal r;
  r.shape = x.shape.size() >= y.shape.size() ? x.shape : y.shape;
  if (cuts.isEmpty()) {
    r.c = f(x.c, y.c);
    return std::isnan(r.c) ? std::nullopt : std::optional<CVal>(r);
  }
  r.kind = CVal::Tri;
  for (int k = 0; k <= cuts.size(); ++k) {
    const double val =
        f(at(x, k < cuts.size() ? cuts.at(k) : cuts.last() + 1), at(y, k < cuts.size() ? cuts.at(k) : cuts.last() + 1));
    if (std::isnan(val)) return std::nullopt;
    if (k > 0 && r.vals.last() == val) continue;  // the same value both sides of the cut: one piece
    if (k > 0) r.cuts << cuts.at(k - 1);
    r.vals << val;
  }
  if (r.cuts.isEmpty()) {
    r.kind = CVal::Uniform;
    r.c = r.vals.first();
    r.vals.clear();
  }
  return r;
}

std::optional<Planner::CVal> Planner::linApply(const CVal& v, const QString& n, double other, const QString& dt) {
  static const QSet<QString> cmp = {QStringLiteral("eq"), QStringLiteral("ne"), QStringLiteral("lt"),
                                    QStringLiteral("le"), QStringLiteral("gt"), QStringLiteral("ge")};
  CVal r = v;
  if (n == u"add" || n == u"sub" || n == u"neg" || ((n == u"_to_copy" || n == u"to") && dt != u"bool")) {
    for (int k = 0; k < r.vals.size(); ++k) {
      if (n == u"neg") r.slopes[k] = -r.slopes[k];
      r.vals[k] = n == u"neg"   ? -r.vals[k]
                  : n == u"add" ? r.vals[k] + other
                  : n == u"sub" ? r.vals[k] - other
                                : r.vals[k];
    }
    return r;
  }
  // the piece of t and its line (pieces as Tri's: vals[k] on (cuts[k - 1], cuts[k]])
  auto piece = [&](qint64 t) {
    return static_cast<int>(std::count_if(v.cuts.begin(), v.cuts.end(), [t](qint64 c) { return c < t; }));
  };
  auto line = [&](int k, qint64 t) { return v.slopes.at(k) * double(t) + v.vals.at(k); };
  // the cuts of the result: v's own, and where each line crosses the threshold (abs: 0) -- the test flips only
  // between floor(t*) - 1, floor(t*) and floor(t*) + 1 within a piece
  const double thr = n == u"abs" || n == u"logical_not" || n == u"_to_copy" || n == u"to" ? 0.0 : other;
  if (!(n == u"abs" || n == u"logical_not" || n == u"_to_copy" || n == u"to" || cmp.contains(n)) || std::isnan(thr) ||
      std::isinf(thr))
    return std::nullopt;
  QList<qint64> cuts = v.cuts;
  for (int k = 0; k < v.vals.size(); ++k) {
    if (v.slopes.at(k) == 0) continue;
    const double t = (thr - v.vals.at(k)) / v.slopes.at(k);
    if (std::fabs(t) > 1e15) return std::nullopt;
    const auto f = static_cast<qint64>(std::floor(t));
    cuts << f - 1 << f;
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  if (cuts.isEmpty()) return std::nullopt;
  // each new piece's representative: its right end (the last piece: one past the last cut)
  auto rep = [&](int k) { return k < cuts.size() ? cuts.at(k) : cuts.last() + 1; };
  r.cuts = cuts;
  r.vals.clear();
  r.slopes.clear();
  for (int k = 0; k <= cuts.size(); ++k) {
    const qint64 t = rep(k);
    const int p = piece(t);
    if (n == u"abs") {  // the line's sign on the piece: at its right end, or just left of it where that is 0
      const double x = line(p, t) != 0 ? line(p, t) : line(p, t - 1);
      r.slopes << (x < 0 ? -v.slopes.at(p) : v.slopes.at(p));
      r.vals << (x < 0 ? -v.vals.at(p) : v.vals.at(p));
    } else {
      const double x = line(p, t);
      r.vals << (cmp.contains(n) ? compare(n, x, other) : n == u"logical_not" ? double(x == 0) : double(x != 0));
    }
  }
  if (n == u"abs") return r;
  // a mask: merge equal neighbours (Tri's form), uniform where one value is left
  CVal m;
  m.kind = CVal::Tri;
  m.shape = v.shape;
  for (int k = 0; k < r.vals.size(); ++k) {
    if (k > 0 && m.vals.last() == r.vals.at(k)) continue;
    if (k > 0) m.cuts << r.cuts.at(k - 1);
    m.vals << r.vals.at(k);
  }
  if (m.cuts.isEmpty()) {
    m.kind = CVal::Uniform;
    m.c = m.vals.first();
    m.vals.clear();
  }
  return m;
}

bool Planner::keptInterval(const CVal& m, const std::function<bool(double)>& kept,
                           const std::function<bool(double)>& valid, std::optional<qint64>* lo,
                           std::optional<qint64>* hi) {
  if (m.kind != CVal::Tri) return false;
  int first = -1, last = -1;
  for (int k = 0; k < m.vals.size(); ++k) {
    if (!valid(m.vals.at(k))) return false;
    if (!kept(m.vals.at(k))) continue;
    if (first >= 0 && last != k - 1) return false;  // a second run
    if (first < 0) first = k;
    last = k;
  }
  if (first < 0 || (first == 0 && last == m.vals.size() - 1)) return false;
  *lo = first == 0 ? std::nullopt : std::optional<qint64>(m.cuts.at(first - 1) + 1);
  *hi = last == m.vals.size() - 1 ? std::nullopt : std::optional<qint64>(m.cuts.at(last));
  return true;
}

void Planner::setPredicate(Attn* a, std::optional<qint64> lo, std::optional<qint64> hi) {
  a->tri = true;
  a->lower = hi.has_value();
  a->diag = hi ? *hi : *lo - 1;
  a->band = lo && hi ? *hi - *lo + 1 : 0;
}

bool Planner::closedOver(const QStringList& ops, const QString& consumer) const {
  const QSet<QString> in(ops.begin(), ops.end());
  for (const QString& id : ops)
    for (const QString& reader : m_readers.value(id))
      if (reader != consumer && !in.contains(reader)) return false;
  return true;
}

bool Planner::maskOf(const GraphOp& op, QString* s, Attn* a) {
  // masked_fill(S, M, v): filled where M; where(C, F, S) filled where C, where(C, S, F) where not C; S + M with M
  // 0 where kept and -inf (or <= -1e4) elsewhere
  const QString n = op.name;
  QString maskRef;
  bool fillWhereTrue = true;
  if (n == u"masked_fill") {
    if (!jsonNumber(op.args.value("value", json()), &a->fill) || std::isnan(a->fill)) return false;
    *s = operandOf(op, "self").isEmpty() ? op.refs.value(0) : operandOf(op, "self");
    maskRef = operandOf(op, "mask").isEmpty() ? op.refs.value(1) : operandOf(op, "mask");
  } else if (n == u"where") {
    const QString c = operandOf(op, "condition"), x = operandOf(op, "self"), y = operandOf(op, "other");
    if (c.isEmpty() || x.isEmpty() || y.isEmpty()) return false;
    QStringList xops, yops;
    auto fx = constVal(x, &xops);
    auto fy = fx ? std::optional<CVal>() : constVal(y, &yops);
    const std::optional<CVal>& f = fx ? fx : fy;
    const QStringList fops = fx ? xops : yops;
    if (!f || f->kind != CVal::Uniform || std::isnan(f->c) || !closedOver(fops, op.id)) return false;
    a->fill = f->c;
    a->ops << fops;
    *s = fx ? y : x;
    fillWhereTrue = fx.has_value();
    maskRef = c;
  } else if (n == u"add") {
    double alpha = 1;
    if (jsonNumber(op.args.value("alpha", json(1)), &alpha) && alpha != 1) return false;
    QStringList xops, yops;
    const QString x = op.refs.value(0), y = op.refs.value(1);
    auto mx = constVal(x, &xops);
    auto m = mx ? mx : constVal(y, &yops);
    const QStringList mops = mx ? xops : yops;
    if (!m || m->kind != CVal::Tri || !closedOver(mops, op.id)) return false;
    // 0 where kept, -inf (or <= -1e4) elsewhere
    std::optional<qint64> lo, hi;
    if (!keptInterval(
            *m, [](double c) { return c == 0; }, [](double c) { return c == 0 || c <= -1e4; }, &lo, &hi))
      return false;
    if (lastTwo(m->shape) != lastTwo(op.outputs.value(0).shape)) return false;
    setPredicate(a, lo, hi);
    a->fill = -INFINITY;  // exp(s - 1e4 - max) and exp(-inf) are both 0 in fp32 next to a kept key
    a->ops << mops;
    *s = mx ? y : x;
    return true;
  } else {
    return false;
  }
  QStringList mops;
  const auto m = constVal(maskRef, &mops);
  if (m && m->kind == CVal::Tri) {
    if (!closedOver(mops, op.id) || lastTwo(m->shape) != lastTwo(op.outputs.value(0).shape)) return false;
    // one run of kept diagonals (all or nothing filled: not a mask worth a predicate; two runs: no interval)
    std::optional<qint64> lo, hi;
    if (!keptInterval(
            *m, [&](double x) { return (x != 0) != fillWhereTrue; }, [](double) { return true; }, &lo, &hi))
      return false;
    setPredicate(a, lo, hi);
    a->ops << mops;
    return true;
  }
  if (m) return false;  // a uniform mask: nothing to predicate
  // a causal mask OR a padding mask (fill where either; where(keep_a & keep_b, s, fill): keep where both): the
  // constant part is the predicate, the tensor part the mask (trial 26 #5)
  if (const GraphOp* lo = opById(resolve(maskRef));
      lo && lo->refs.size() == 2 && m_readers.value(lo->id).size() == 1 && lo->outputs.value(0).dtype == u"bool" &&
      (fillWhereTrue ? lo->name == u"bitwise_or" || lo->name == u"logical_or"
                     : lo->name == u"bitwise_and" || lo->name == u"logical_and")) {
    for (int k = 0; k < 2; ++k) {
      QStringList cops;
      const auto c = constVal(lo->refs.at(k), &cops);
      std::optional<qint64> lo2, hi2;
      if (!c || c->kind != CVal::Tri || !closedOver(cops, lo->id) ||
          lastTwo(c->shape) != lastTwo(op.outputs.value(0).shape) ||
          !keptInterval(
              *c, [&](double x) { return (x != 0) != fillWhereTrue; }, [](double) { return true; }, &lo2, &hi2))
        continue;
      QStringList tops;
      if (constVal(lo->refs.at(1 - k), &tops)) break;  // two constants: constVal's combine has seen them
      setPredicate(a, lo2, hi2);
      a->ops << cops << lo->id;
      maskRef = lo->refs.at(1 - k);
      break;
    }
  }
  // a mask tensor (a buffer, a computed mask): eq / ne 0 and not are folded into the sense of the test
  QString r = resolve(maskRef);
  bool keep = !fillWhereTrue;  // kept where (mask != 0) == keep
  for (int guard = 0; guard < 8; ++guard) {
    const GraphOp* mo = opById(r);
    if (!mo || m_readers.value(r).size() != 1) break;
    double other = 1;
    const bool zero = jsonNumber(mo->args.value("other", json()), &other) && other == 0 && mo->refs.size() == 1;
    if ((mo->name == u"eq" && zero) || mo->name == u"logical_not" ||
        (mo->name == u"bitwise_not" && mo->outputs.value(0).dtype == u"bool"))
      keep = !keep;
    else if (!(mo->name == u"ne" && zero))
      break;
    a->ops << mo->id;
    r = resolve(mo->refs.value(0));
  }
  a->maskRef = r;
  a->maskKeep = keep;
  indexCompareMask(r, a);
  return true;
}

bool Planner::indexCompareMask(const QString& r, Attn* a) {
  QStringList ops;
  QString cur = resolve(r);
  const QList<qint64> frame = shapeOfRef(cur);
  const GraphOp* o = opById(cur);
  for (int guard = 0; guard < 16 && o && o->view; ++guard) {  // views that keep the last dim: [:, None, None, :]
    const QList<qint64> in = shapeOfRef(o->refs.value(0));
    if (m_readers.value(o->id).size() != 1 || in.isEmpty() || in.last() != frame.value(frame.size() - 1) ||
        !(isReshapeView(o->name) || (o->name == u"slice" && in == o->outputs.value(0).shape)))
      return false;
    ops << o->id;
    cur = resolve(o->refs.value(0));
    o = opById(cur);
  }
  // j CMP v spelled v CMP' j: the mirror of the comparison
  auto swapped = [](const QString& n) {
    return n == u"lt"   ? QStringLiteral("gt")
           : n == u"gt" ? QStringLiteral("lt")
           : n == u"le" ? QStringLiteral("ge")
           : n == u"ge" ? QStringLiteral("le")
                        : n;
  };
  static const QStringList cmps = {QStringLiteral("lt"), QStringLiteral("le"), QStringLiteral("gt"),
                                   QStringLiteral("ge"), QStringLiteral("eq"), QStringLiteral("ne")};
  if (!o || !cmps.contains(o->name) || o->refs.size() != 2 || m_readers.value(o->id).size() != 1 || frame.isEmpty())
    return false;
  const QList<qint64> cshape = o->outputs.value(0).shape;
  for (int k = 0; k < 2; ++k) {
    QStringList iops, vops;
    const auto idx = constVal(o->refs.at(k), &iops);
    // the key index itself (arange(Lk) from 0 along the last dim) against a tensor of size 1 there
    if (!idx || idx->kind != CVal::Index || idx->axis != 0 || idx->off != 0 || !closedOver(iops, o->id) ||
        constVal(o->refs.at(1 - k), &vops))
      continue;
    const QString v = resolve(o->refs.at(1 - k));
    QList<qint64> vs = shapeOfRef(v);
    const QString dt = o->inputs.value(1 - k).dtype;
    if (!(dt == u"int64" || dt == u"int32" || dt == u"int16" || dt == u"int8" || dt == u"uint8") || vs.isEmpty() ||
        vs.last() != 1 || vs.size() > cshape.size() || cshape.isEmpty() || cshape.last() != frame.last())
      return false;
    while (vs.size() < cshape.size()) vs.prepend(1);
    // the value fills the compare's lead dims (no broadcast but the last), and the views only regroup them
    qint64 lead = 1, flead = 1;
    for (int d = 0; d + 1 < cshape.size(); ++d) {
      if (vs.at(d) != cshape.at(d)) return false;
      lead *= cshape.at(d);
    }
    QStringList dims;
    int nonOne = 0;
    for (int d = 0; d + 1 < frame.size(); ++d) {
      flead *= frame.at(d);
      nonOne += frame.at(d) != 1;
      dims << (frame.at(d) == 1 ? QStringLiteral("1") : QStringLiteral("-1"));
    }
    if (flead != lead || nonOne > 1) return false;  // two sizes to spell: not at the spec's sizes alone
    dims << QStringLiteral("1");
    a->maskRef = v;
    a->maskCmp = k == 0 ? o->name : swapped(o->name);
    a->maskFrame = frame;
    a->maskFrame.last() = 1;
    a->maskReshape =
        u'(' + dims.join(QStringLiteral(", ")) + (dims.size() == 1 ? QStringLiteral(",)") : QStringLiteral(")"));
    a->ops << ops << o->id << iops;
    return true;
  }
  return false;
}

void Planner::scalarTensorAsFull(GraphOp* o) {
  const json sv = o->args.value("s", json());
  if (o->name != u"scalar_tensor" || !(sv.is_number() || sv.is_boolean() || sv.is_string()) || o->outputs.size() != 1 ||
      !o->outputs.first().shape.isEmpty())
    return;
  o->name = QStringLiteral("full");
  o->args["fill_value"] = sv;
}

bool Planner::biasOf(const GraphOp& op, QString* s, Attn* a) const {
  double alpha = 1;
  if (op.name != u"add" || op.refs.size() != 2 || (jsonNumber(op.args.value("alpha", json(1)), &alpha) && alpha != 1))
    return false;
  // the scores: the operand that reaches the Q Kᵀ GEMM back through views and scalar scales, read here alone
  auto scores = [&](QString r) {
    for (int guard = 0; guard < 32; ++guard) {
      r = resolve(r);
      const GraphOp* o = opById(r);
      const QStringList rd = m_readers.value(r);
      if (!o || rd.size() != 1 || rd.first().isEmpty()) return false;
      if ((o->name == u"bmm" || o->name == u"mm") && o->refs.size() == 2) return true;
      double f = 1;
      if (!(o->view || ((o->name == u"mul" || o->name == u"div") && o->refs.size() == 1 &&
                        jsonNumber(o->args.value("other", json()), &f))))
        return false;
      r = o->refs.value(0);
    }
    return false;
  };
  const QList<qint64> out = op.outputs.value(0).shape;
  for (int k = 0; k < 2; ++k) {
    const QString sc = op.refs.at(k), b = resolve(op.refs.at(1 - k));
    if (!scores(sc) || shapeOfRef(resolve(sc)) != out) continue;
    QStringList ops;
    if (constVal(b, &ops)) return false;  // a mask built from constants: maskOf's predicate
    const QString dt = op.inputs.value(1 - k).dtype;
    if (!(dt == u"float32" || dt == u"float16" || dt == u"bfloat16" || dt == u"float64")) return false;
    if (!biasBroadcastsAsKernel(shapeOfRef(b), out)) return false;
    *s = resolve(sc);
    a->biasRef = b;
    return true;
  }
  return false;
}

void Planner::indexPutAsMaskedFill(GraphOp* o) const {
  // x[mask] = v (aten::index_put_ with one bool index of x's shape and a 0-d constant value, accumulate off; the
  // ignore mask of cross_entropy's label smoothing): masked_fill(x, mask, v), a pointwise op
  if ((o->name != u"index_put_" && o->name != u"index_put") || o->refs.size() != 3 || o->inputs.size() != 3 ||
      o->inputs.at(1).dtype != u"bool" || o->inputs.at(1).shape != o->inputs.at(0).shape ||
      !o->inputs.at(2).shape.isEmpty() || o->args.value("accumulate", json(false)) != json(false))
    return;
  const GraphOp* v = opById(o->refs.at(2));
  double c = 0;
  // the value: a 0-d full (scalarTensorAsFull has rewritten torch.scalar_tensor, which comes first in the trace)
  if (!v || v->name != u"full" || !v->outputs.value(0).shape.isEmpty() ||
      !jsonNumber(v->args.value("fill_value", json()), &c))
    return;
  o->name = QStringLiteral("masked_fill");
  o->category = QStringLiteral("Elementwise");
  o->pw = {{"op", "masked_fill"},
           {"args", json::array({o->refs.at(0).toStdString(), o->refs.at(1).toStdString(), json{{"const", c}}})},
           {"kwargs", json::object()}};
  o->refs.removeLast();
}

void Planner::findLosses() {
  for (const GraphOp& o : m_ops) {
    if (o.name != u"nll_loss_forward" && o.name != u"nll_loss2d_forward") continue;
    const QString self = resolve(operandOf(o, "self").isEmpty() ? o.refs.value(0) : operandOf(o, "self"));
    const GraphOp* ls = opById(self);
    const QStringList rd = m_readers.value(self);
    const qint64 rank = ls ? ls->outputs.value(0).shape.size() : 0;
    // label smoothing (torch's decomposition of cross_entropy(label_smoothing=)): the log_softmax's other reader a
    // plain sum over the class dim after the loss, in the op order (its readers come after the loss's line)
    QString rowSum;
    if (ls && nllRowSum() && rd.size() == 2 && rd.contains(o.id) && rd.at(0) != rd.at(1)) {
      const GraphOp* sum = opById(rd.at(rd.at(0) == o.id ? 1 : 0));
      const auto at = [&](const QString& id) {
        return std::find_if(m_ops.cbegin(), m_ops.cend(), [&](const GraphOp& g) { return g.id == id; }) -
               m_ops.cbegin();
      };
      if (sum && sum->name == u"sum" && sum->refs.size() == 1 && resolve(sum->refs.first()) == ls->id &&
          reducedDims(*sum) == QList<qint64>{rank == 1 ? 0 : 1} &&
          sum->args.value("keepdim", json(false)) == json(false) && sum->args.value("dtype", json()).is_null() &&
          sum->outputs.size() == 1 && sum->outputs.first().dtype == ls->outputs.value(0).dtype &&
          at(sum->id) > at(o.id))
        rowSum = sum->id;
    }
    if (!ls || !isSoftmaxOp(ls->name) || !ls->name.contains(QLatin1String("log")) || m_absorbed.contains(ls->id) ||
        (rd != QStringList{o.id} && rowSum.isEmpty()) || ls->refs.isEmpty())
      continue;
    // over the class dim (1; 0 for one row), in the input's dtype
    const json dim = ls->args.value("dim", json());
    const json dt = ls->args.value("dtype", json());
    if (!dim.is_number_integer() || (dim.get<qint64>() + rank) % std::max<qint64>(rank, 1) != (rank == 1 ? 0 : 1) ||
        ls->args.value("half_to_float", json(false)) != json(false) ||
        !(dt.is_null() ||
          (dt.is_string() && QString::fromStdString(dt.get<std::string>()) == ls->inputs.value(0).dtype)))
      continue;
    m_absorbed.insert(ls->id);
    m_nllLogits.insert(o.id, {ls->id, resolve(ls->refs.first())});
    if (!rowSum.isEmpty()) {
      m_absorbed.insert(rowSum);
      m_nllRowSum.insert(o.id, rowSum);
    }
  }
}

bool Planner::nllLoss(const GraphOp& op) {
  const auto fused = m_nllLogits.find(op.id);
  const QString self = operandOf(op, "self").isEmpty() ? op.refs.value(0) : operandOf(op, "self");
  const QString target = operandOf(op, "target").isEmpty() ? op.refs.value(1) : operandOf(op, "target");
  const QString weight = operandOf(op, "weight");
  const auto x = value(fused != m_nllLogits.end() ? fused->second : self);
  const auto t = value(target);
  const auto w = weight.isEmpty() ? std::optional<Val>() : value(weight);
  if (!x || !t || (!weight.isEmpty() && !w)) return false;
  const json red = op.args.value("reduction", json(1));
  const json ignore = op.args.value("ignore_index", json(-100));
  const QString tdt = op.inputs.value(1).dtype;
  if (!red.is_number_integer() || red.get<qint64>() < 0 || red.get<qint64>() > 2 || !ignore.is_number_integer() ||
      !(tdt == u"int64" || tdt == u"int32"))
    return bad(QStringLiteral("%1: an nll_loss with reduction %2 and %3 targets has no chain stage yet (none / mean "
                              "/ sum of integer targets has)")
                   .arg(where(op), pyNum(red), tdt.isEmpty() ? QStringLiteral("unknown") : tdt));
  static const char* names[] = {"none", "mean", "sum"};
  const char* r = names[red.get<qint64>()];
  const GraphOp* rowSum = fused != m_nllLogits.end() ? opById(m_nllRowSum.value(op.id)) : nullptr;
  Line l;
  l.target = rowSum ? var(op) + QStringLiteral(", ") + var(*rowSum) : var(op);
  l.head = QStringLiteral("kwb_nll(%1, %2, %3, %4, \"%5\"")
               .arg(x->expr, t->expr, w ? w->expr : QStringLiteral("None"), pyNum(ignore), QLatin1String(r));
  if (fused != m_nllLogits.end()) l.head += QStringLiteral(", log_softmax=True");
  if (rowSum) l.head += QStringLiteral(", row_sum=True");
  push(l, op, QStringLiteral("loss"),
       QStringLiteral("nll_loss (reduction %1%2%3) of %4 at the target of each row%5%6")
           .arg(QLatin1String(r), w ? QStringLiteral(", class weights") : QString(),
                ignore.get<qint64>() != -100 ? QStringLiteral(", ignore_index %1").arg(pyNum(ignore)) : QString(),
                shapeText(op.inputs.value(0).shape),
                fused != m_nllLogits.end() ? QStringLiteral(", its log_softmax in the same pass") : QString(),
                rowSum ? QStringLiteral(", and each row's sum of it") : QString()),
       false);
  if (fused != m_nllLogits.end()) {
    m_plan.launches.last().ops << fused->first;
    m_plan.ops << fused->first;
  }
  if (rowSum) {
    m_plan.launches.last().ops << rowSum->id;
    m_plan.ops << rowSum->id;
    m_vals.insert(rowSum->id, outVal(*rowSum));
  }
  m_vals.insert(op.id, outVal(op));
  return true;
}

bool Planner::scaledAddGemm(const GraphOp& op, bool masked, double since, double since2, Attn* a) {
  double beta = 1, alpha = 1, alpha2 = 1;
  if (!jsonNumber(op.args.value("beta", json(1)), &beta) || beta != 1) return false;
  if (!jsonNumber(op.args.value("alpha", json(1)), &alpha) || !(alpha > 0) || !std::isfinite(alpha)) return false;
  alpha2 = alpha;
  if (const auto j = arg2(op, "alpha"); j && !(jsonNumber(*j, &alpha2) && alpha2 > 0)) alpha2 = alpha;
  const QString m = operandOf(op, "self").isEmpty() ? op.refs.value(0) : operandOf(op, "self");
  if (m.isEmpty() || op.inputs.size() != 3) return false;
  Attn b = *a;
  // the add as maskOf reads it: M + the product (the product's own id stands for the scores)
  GraphOp add = op;
  add.name = QStringLiteral("add");
  add.refs = QStringList{m, op.id};
  add.args = json::object();
  QString s;
  QStringList cops;
  if (!masked && constVal(resolve(m), &cops)) {
    if (!maskOf(add, &s, &b)) return false;  // a constant M that is no 0 / -inf mask: not attention's
  } else {
    if (!b.biasRef.isEmpty() || constVal(resolve(m), &cops)) return false;
    const QString dt = op.inputs.value(0).dtype;
    if (!(dt == u"float32" || dt == u"float16" || dt == u"bfloat16" || dt == u"float64")) return false;
    if (!biasBroadcastsAsKernel(shapeOfRef(resolve(m)), op.outputs.value(0).shape)) return false;
    b.biasRef = resolve(m);
    b.biasScale = since;
    b.biasScale2 = since2;
    b.maskBeforeBias = !masked;
  }
  b.scale *= alpha;
  b.scale2 *= alpha2;
  *a = b;
  return true;
}

void Planner::findAttention(const QString& outRef) {
  for (const GraphOp& o : m_ops) {
    if (m_alias.contains(o.id) || m_dropoutMask.contains(o.id) || !usedLater(o, outRef)) continue;  // dead: no reader
    for (const QString& r : o.refs)
      if (!r.isEmpty()) m_readers[resolve(r)] << o.id;
  }
  m_readers[resolve(outRef)] << QString();
  for (qsizetype i = 1; i < m_outRefs.size(); ++i) m_readers[resolve(m_outRefs.at(i))] << QString();
  auto single = [&](const QString& id) {
    const QStringList rd = m_readers.value(id);
    return rd.size() == 1 && !rd.first().isEmpty();
  };
  for (const GraphOp& sm : m_ops) {
    if (!isSoftmaxOp(sm.name) || sm.name.contains(QLatin1String("log")) || m_absorbed.contains(sm.id)) continue;
    const QList<qint64> sshape = sm.outputs.value(0).shape;
    const json dim = sm.args.value("dim", json());
    if (sshape.size() < 2 || !dim.is_number_integer() ||
        (dim.get<qint64>() != -1 && dim.get<qint64>() != sshape.size() - 1))
      continue;
    if (!sm.args.value("dtype", json()).is_null()) continue;
    // backwards from the softmax: views, scales, one mask, down to the Q Kᵀ GEMM (or any value: the softmax alone)
    Attn a;
    a.ops << sm.id;
    double post = 1.0;                 // scales after the mask (they scale its fill too)
    double since = 1.0, since2 = 1.0;  // scales after the walk's point (a bias's scale)
    bool masked = false;
    Attn alone;
    QString cur = resolve(sm.refs.value(0)), last = sm.id;
    const GraphOp* qk = nullptr;
    for (int guard = 0; guard < 64; ++guard) {
      const GraphOp* o = opById(cur);
      if (!o || !single(cur) || (!m_live.contains(cur))) break;
      double f = 1.0;
      if ((o->name == u"bmm" || o->name == u"mm") && o->refs.size() == 2) {
        if (lastTwo(o->outputs.value(0).shape) == lastTwo(sshape)) qk = o;
        break;
      }
      // baddbmm / addmm (M + alpha Q Kᵀ, beta 1; torch 1.13's nn.MultiheadAttention, probe18's p14): the add of M is
      // the mask (from constants: the predicate) or the bias, the GEMM the Q Kᵀ one, alpha a scale on it alone
      if ((o->name == u"baddbmm" || o->name == u"addmm") && o->refs.size() == 3 &&
          lastTwo(o->outputs.value(0).shape) == lastTwo(sshape)) {
        if (scaledAddGemm(*o, masked, since, since2, &a)) {
          masked = masked || a.tri;
          qk = o;
        }
        break;
      }
      if (o->view && rowsView(*o)) {
        if (!a.biasRef.isEmpty() && !isReshapeView(o->name)) break;  // the bias's entries are the GEMM's in order
        a.ops << o->id;
      } else if ((o->name == u"mul" || o->name == u"div") && o->refs.size() == 1 &&
                 jsonNumber(o->args.value("other", json()), &f) && f > 0 && std::isfinite(f)) {
        const double k = o->name == u"mul" ? f : 1.0 / f;
        a.scale *= k;
        a.scale2 *= factor2(*o, k);
        since *= k;
        since2 *= factor2(*o, k);
        if (!masked) post *= k;
        a.ops << o->id;
      } else if (o->name == u"add" && a.biasRef.isEmpty() && lastTwo(o->outputs.value(0).shape) == lastTwo(sshape) &&
                 biasOf(*o, &cur, &a)) {
        // scores + bias (a tensor, not a mask built from constants): read per tile by kwb_attention
        a.biasScale = since;
        a.biasScale2 = since2;
        a.maskBeforeBias = !masked;
        a.ops << o->id;
        last = o->id;
        continue;
      } else if ((o->name == u"masked_fill" || o->name == u"where" || o->name == u"add") &&
                 lastTwo(o->outputs.value(0).shape) == lastTwo(sshape)) {
        // at most one predicate and one mask tensor (a causal mask and a key-padding mask, trial 25 #8); two masks
        // both fill -inf, so that the kernel's one fill is the conjunction of their keeps
        Attn c;
        QString s;
        if (!maskOf(*o, &s, &c)) break;
        if (masked && (a.fill != -INFINITY || c.fill != -INFINITY || (c.tri && a.tri) ||
                       (!c.maskRef.isEmpty() && !a.maskRef.isEmpty())))
          break;
        if (c.tri) {
          a.tri = true;
          a.lower = c.lower;
          a.diag = c.diag;
          a.band = c.band;
        }
        if (!c.maskRef.isEmpty()) {
          a.maskRef = c.maskRef;
          a.maskKeep = c.maskKeep;
          a.maskCmp = c.maskCmp;
          a.maskFrame = c.maskFrame;
          a.maskReshape = c.maskReshape;
        }
        a.fill = c.fill;
        a.ops << c.ops << o->id;
        masked = true;
        cur = resolve(s);
        alone = a;  // the masked softmax alone: the scales after the mask only
        alone.src = cur;
        alone.fill *= a.scale;
        last = o->id;
        continue;
      } else {
        break;
      }
      last = o->id;
      cur = resolve(o->refs.value(0));
    }
    if (!masked && !qk) continue;
    // a finite fill before the bias's add is fill + bias in torch; the kernel fills after it
    if (!a.biasRef.isEmpty() && a.maskBeforeBias && (masked && std::isfinite(a.fill))) continue;
    a.fill *= post;
    // a masked softmax alone (no P V GEMM after it): only a predicate is worth a launch of its own (a mask tensor
    // stays a pointwise op, fused into the GEMM before it); the scores keep the softmax's shape
    auto takeAlone = [&]() {
      if (!a.biasRef.isEmpty()) return;  // a bias is kwb_attention's alone (a softmax's prologue otherwise)
      if ((!alone.tri && alone.maskRef.isEmpty()) || shapeOfRef(alone.src) != sshape) return;
      // a mask tensor with batch dims (session 37's per-entry read) is not worth it here: computed, it would be a
      // launch of its own, where kwb_softmax reads it in a prologue (lengths_mask_masked_fill_softmax: 2 launches)
      // (a mask an index predicate computes from a per-entry tensor is never built: one launch, mask_cmp)
      if (!alone.maskRef.isEmpty() && alone.maskCmp.isEmpty() && leadProduct(shapeOfRef(alone.maskRef)) != 1) return;
      if (!(alone.lower && alone.diag >= 0) && sm.name == u"_safe_softmax") return;
      alone.pv = sm.id;
      m_attnAt.insert(sm.id, alone);
      for (const QString& id : alone.ops)
        if (id != sm.id) m_absorbed.insert(id);
    };
    if (!a.maskRef.isEmpty()) {
      const QList<qint64> mshape = a.maskCmp.isEmpty() ? shapeOfRef(a.maskRef) : a.maskFrame;
      // broadcast over the score entries as kwb_attention reads it (its bias's rule): a key-padding mask [B, 1, 1,
      // S] over [B, H, S, S], an [S, S] or [B, 1, S, S] one
      if (mshape.size() < 1 || !biasBroadcastsAsKernel(mshape, sshape)) continue;
      if (sm.name == u"_safe_softmax") continue;  // a row the tensor masks whole: 0 there, NaN here
    }
    if (a.tri && !(a.lower && a.diag >= 0) && sm.name == u"_safe_softmax") continue;
    if (!qk) {
      // no GEMM before it: the walk's scales and views before the mask are the launch's too (scores * 0.125 then
      // masked_fill: where(keep, 0.125 * x, fill)), not a pointwise launch of their own
      if (masked && shapeOfRef(cur) == sshape) {  // a view of another shape between: the mask's point as before
        alone.src = cur;
        alone.scale = a.scale;
        alone.scale2 = a.scale2;
        alone.ops = a.ops;
      }
      takeAlone();
      continue;
    }
    // the flash path skips the key tiles past the diagonal: a finite fill there must weigh 0
    if (a.tri && a.lower && std::isfinite(a.fill) && a.fill > -1e4) {
      takeAlone();
      continue;
    }
    // forwards from the softmax: views, then P as the first operand of the P V GEMM
    QString p = sm.id;
    const GraphOp* pv = nullptr;
    QStringList pviews;
    for (int guard = 0; guard < 16; ++guard) {
      if (!single(p)) break;
      const GraphOp* rd = opById(m_readers.value(p).first());
      if (!rd) break;
      // views, and P cast down to 16 bits (softmax(s.float()).to(q.dtype)): the kernel rounds P so for its GEMM
      const bool down = (rd->name == u"_to_copy" || rd->name == u"to") && rd->refs.size() == 1 &&
                        rd->inputs.value(0).dtype == u"float32" &&
                        (rd->outputs.value(0).dtype == u"float16" || rd->outputs.value(0).dtype == u"bfloat16");
      if ((rd->view && rowsView(*rd)) || down) {
        pviews << rd->id;
        p = rd->id;
        continue;
      }
      if ((rd->name == u"bmm" || rd->name == u"mm") && rd->refs.size() == 2 && resolve(rd->refs.at(0)) == p &&
          resolve(rd->refs.at(1)) != p && lastTwo(rd->inputs.value(0).shape) == lastTwo(sshape))
        pv = rd;
      break;
    }
    const QList<qint64> qs = qk->outputs.value(0).shape;
    const QList<qint64> ps = pv ? pv->outputs.value(0).shape : QList<qint64>();
    const bool added = qk->name == u"baddbmm" || qk->name == u"addmm";  // M + alpha Q Kᵀ: Q is operand 1
    const QString qkGemm = qk->name == u"baddbmm" ? QStringLiteral("bmm")
                           : qk->name == u"addmm" ? QStringLiteral("mm")
                                                  : qk->name;
    // kwb_attention's result is in Q's dtype
    if (!pv || pv->name != qkGemm || qs.size() != ps.size() || qs.size() < 2 || leadProduct(qs) != leadProduct(ps) ||
        ps.at(ps.size() - 2) != qs.at(qs.size() - 2) ||
        pv->outputs.value(0).dtype != qk->inputs.value(added ? 1 : 0).dtype) {
      takeAlone();
      continue;
    }
    // the bias derives from nothing the launch computes (it is read at the P V GEMM's place, computed before)
    if (!a.biasRef.isEmpty()) {
      QStringList todo{a.biasRef};
      QSet<QString> seen;
      bool inside = false;
      while (!todo.isEmpty() && !inside && seen.size() < 4096) {
        const QString r = resolve(todo.takeLast());
        if (seen.contains(r)) continue;
        seen.insert(r);
        inside = r == qk->id || a.ops.contains(r);
        if (const GraphOp* o = opById(r)) todo << o->refs;
      }
      if (inside) continue;
    }
    a.qk = qk->id;
    a.pv = pv->id;
    a.ops << qk->id << pviews;
    // a scale on Q or K alone (nn.MultiheadAttention divides Q by sqrt(head_dim) before the GEMM): folded in
    for (int k = 0; k < 2; ++k) {
      const char* qName = qk->name == u"baddbmm" ? "batch1" : qk->name == u"addmm" ? "mat1" : "self";
      const char* kName = qk->name == u"baddbmm" ? "batch2" : "mat2";
      const QString qOp = operandOf(*qk, qName), kOp = operandOf(*qk, kName);
      QString r = resolve(k == 0 ? (qOp.isEmpty() ? qk->refs.value(added ? 1 : 0) : qOp)
                                 : (kOp.isEmpty() ? qk->refs.value(added ? 2 : 1) : kOp));
      const GraphOp* so = opById(r);
      double f = 1.0;
      auto scaleOp = [&](const GraphOp* o, const QString& id) {
        return o && single(id) && (o->name == u"mul" || o->name == u"div") && o->refs.size() == 1 &&
               jsonNumber(o->args.value("other", json()), &f) && f > 0 && std::isfinite(f);
      };
      if (scaleOp(so, r)) {
        a.scale *= so->name == u"mul" ? f : 1.0 / f;
        a.scale2 *= factor2(*so, so->name == u"mul" ? f : 1.0 / f);
        a.ops << so->id;
        r = resolve(so->refs.value(0));
      } else {
        // the scale before the operand's views (torch.matmul(q * s, k.transpose(-2, -1)) on 4-D heads traces mul,
        // expand, _reshape_alias; a K scaled before its transpose): a scalar commutes with views, so the views read
        // the scale's input (an alias) and the scale is the kernel's (issue 14, session 39; operand38's "left")
        QString v = r;
        for (int guard = 0; guard < 8; ++guard) {
          const GraphOp* vo = opById(v);
          if (!vo || !vo->view || !single(v) || vo->refs.isEmpty()) break;
          const QString src = resolve(vo->refs.first());
          const GraphOp* s = opById(src);
          if (scaleOp(s, src)) {
            a.scale *= s->name == u"mul" ? f : 1.0 / f;
            a.scale2 *= factor2(*s, s->name == u"mul" ? f : 1.0 / f);
            a.ops << s->id;
            m_alias.insert(s->id, s->refs.value(0));
            break;
          }
          v = src;
        }
      }
      (k == 0 ? a.qRef : a.kRef) = r;
    }
    // K and V with fewer heads than Q, repeated to Q's (GQA / MQA): read per KV head in the kernel, not copied
    a.kRep = kvRepeat(a.kRef);
    a.vRep = kvRepeat(operandOf(*pv, "mat2").isEmpty() ? pv->refs.value(1) : operandOf(*pv, "mat2"));
    if (a.kRep.rep > 0 && !a.kRep.transpose) a.kRep = {};  // Kᵀ is the operand: the repeat's layout is K's, swapped
    if (a.vRep.rep > 0 && a.vRep.transpose) a.vRep = {};
    for (const Attn::KvRepeat* r : {&a.kRep, &a.vRep}) a.ops << r->ops;
    m_attnAt.insert(pv->id, a);
    for (const QString& id : a.ops) m_absorbed.insert(id);
  }
}

Planner::Attn::KvRepeat Planner::kvRepeat(const QString& operand) const {
  Attn::KvRepeat r;
  QString cur = resolve(operand);
  for (int guard = 0; guard < 32; ++guard) {
    const GraphOp* o = opById(cur);
    const QStringList rd = m_readers.value(cur);
    if (!o || !o->view || o->refs.isEmpty() || rd.size() != 1 || rd.first().isEmpty()) return {};
    const QList<qint64> in = o->inputs.value(0).shape, out = o->outputs.value(0).shape;
    const int n = static_cast<int>(out.size());
    if (n < 3 || in.size() < 2) return {};
    QList<qint64> swapped = lastTwo(in);
    std::swap(swapped[0], swapped[1]);
    bool swap = false;
    if (o->name == u"transpose") {
      auto norm = [&](const char* key) {
        const json d = o->args.value(key, json());
        return d.is_number_integer() ? static_cast<int>((d.get<qint64>() + n) % n) : -1;
      };
      const int d0 = std::min(norm("dim0"), norm("dim1")), d1 = std::max(norm("dim0"), norm("dim1"));
      if (d0 == d1 && d0 >= 0) {  // transpose(d, d): the same tensor
      } else if (d0 == n - 2 && d1 == n - 1) {
        swap = true;
      } else {
        return {};
      }
    } else if (o->name == u"permute" && o->args.value("dims", json()).is_array() &&
               static_cast<int>(o->args.at("dims").size()) == n) {
      const json& dims = o->args.at("dims");
      for (int k = 0; k < n; ++k) {
        const json& d = dims.at(static_cast<std::size_t>(k));
        const int want = k < n - 2 ? k : (k == n - 2 ? n - 1 : n - 2);
        if (!d.is_number_integer() || static_cast<int>((d.get<qint64>() + n) % n) != want) return {};
      }
      swap = true;
    } else if (o->name == u"expand" && in.size() == out.size() && in != out) {
      // the repeat: one leading dim j grown from 1, only size-1 dims between it and the last two
      int j = -1;
      for (int k = 0; k < n; ++k) {
        if (in.at(k) == out.at(k)) continue;
        if (j >= 0 || in.at(k) != 1 || k >= n - 2) return {};
        j = k;
      }
      for (int k = j + 1; k < n - 2; ++k)
        if (out.at(k) != 1) return {};
      r.rep = out.at(j);
      r.rep2 = dim2(o->id, j);
      r.src = resolve(o->refs.first());
      r.ops << o->id;
      return r;
    } else if (!((isReshapeView(o->name) || rowsView(*o)) && lastTwo(in) == lastTwo(out))) {
      return {};
    }
    if (swap && lastTwo(out) != swapped) return {};
    if (swap) r.transpose = !r.transpose;
    r.ops << o->id;
    cur = resolve(o->refs.first());
  }
  return {};
}

double Planner::factor2(const GraphOp& o, double k) const {
  double f2 = 0;
  const auto j = arg2(o, "other");
  if (!j || !jsonNumber(*j, &f2) || !(f2 > 0)) return k;
  return o.name == u"mul" ? f2 : 1.0 / f2;
}

QString Planner::scaleExpr(const Attn& a, const Val* q) const {
  const QString lit = pyFloat(a.scale);
  auto close = [](double x, double y) { return std::abs(x - y) <= 1e-9 * std::max(std::abs(x), std::abs(y)); };
  if (m_resize.isEmpty() || close(a.scale, a.scale2)) return lit;
  if (q && !q->shape.isEmpty()) {
    const auto d = static_cast<double>(q->shape.last());
    const auto d2 = dim2(q->expr, static_cast<int>(q->shape.size()) - 1);
    if (d > 0 && d2 && *d2 > 0) {
      const double r2 = std::sqrt(static_cast<double>(*d2)), r = std::sqrt(d);
      for (int sign : {-1, 1}) {  // scale = c * d^(-1/2) (q @ kᵀ / math.sqrt(d)) or c * d^(1/2)
        const double c = sign < 0 ? a.scale * r : a.scale / r, c2 = sign < 0 ? a.scale2 * r2 : a.scale2 / r2;
        if (!close(c, c2)) continue;
        const QString p = QStringLiteral("%1.shape[-1] ** %2")
                              .arg(q->expr, sign < 0 ? QStringLiteral("-0.5") : QStringLiteral("0.5"));
        return close(c, 1.0) ? p : QStringLiteral("%1 * %2").arg(pyFloat(c), p);
      }
    }
  }
  return specChecked(lit, QStringLiteral("the attention scale"));
}

/// The keys of a resize check's changed arguments @p d of op @p op (its name without "aten::") that are no size
/// the chain planner re-expresses itself (views, factories, arange, slices, repeat: Planner::sizeExpr) and no
/// shape the op's lowering takes from its input tensor at run time: native_group_norm's N, C and HxW are the
/// input's dims (kwb_group_norm and the norm template read x.shape), so they follow the sizes by construction.
QStringList unsizedKeys(const json& d, const QString& op) {
  static const QSet<QString> sized = {QStringLiteral("size"), QStringLiteral("shape"), QStringLiteral("stride"),
                                      QStringLiteral("end"),  QStringLiteral("start"), QStringLiteral("repeats")};
  static const QHash<QString, QSet<QString>> fromInput = {
      {QStringLiteral("native_group_norm"), {QStringLiteral("N"), QStringLiteral("C"), QStringLiteral("HxW")}}};
  const QString name = op.section(QStringLiteral("::"), -1);
  QStringList keys;
  if (!d.is_object()) return keys;
  for (auto it = d.begin(); it != d.end(); ++it) {
    const QString k = QString::fromStdString(it.key());
    if (!sized.contains(k) && !fromInput.value(name).contains(k)) keys << k;
  }
  return keys;
}

}  // namespace

QString sizeDependentArgs(const json& spec, const QSet<QString>& derived) {
  if (!spec.is_object() || spec.value("resize_check", json::object()).value("ok", false) != true) return {};
  for (const json& o : spec.value("ops", json::array())) {
    if (!o.is_object() || derived.contains(QString::fromStdString(o.value("id", std::string())))) continue;
    const QStringList keys =
        unsizedKeys(o.value("args_resized", json()), QString::fromStdString(o.value("op", std::string())));
    if (keys.isEmpty()) continue;
    return QStringLiteral("%1 (%2, line %3): %4")
        .arg(QString::fromStdString(o.value("id", std::string())),
             QString::fromStdString(o.value("op", std::string())).section(QStringLiteral("::"), -1))
        .arg(o.value("line", json(0)).is_number_integer() ? o.at("line").get<qint64>() : 0)
        .arg(keys.join(QStringLiteral(", ")));
  }
  return {};
}

namespace {

bool Planner::layerNormShapeFollowsInput(const GraphOp& op) const {
  if (!isNormOp(op.name) || !op.name.contains(QLatin1String("layer")) || m_resize.isEmpty()) return false;
  if (!operandOf(op, "weight").isEmpty() || !operandOf(op, "bias").isEmpty()) return false;
  const json ns = op.args.value("normalized_shape", json());
  const auto ns2 = arg2(op, "normalized_shape");
  const QList<qint64> in = op.inputs.value(0).shape, in2 = m_shape2.value(op.id);
  if (!ns.is_array() || !ns2 || !ns2->is_array() || *ns2 == ns || ns.size() != ns2->size() || ns.empty() ||
      ns.size() > static_cast<size_t>(in.size()) || in2.size() != in.size())
    return false;
  const qsizetype k = static_cast<qsizetype>(ns.size());
  for (qsizetype i = 0; i < k; ++i) {
    const json& a = ns.at(static_cast<size_t>(i));
    const json& b = ns2->at(static_cast<size_t>(i));
    if (!a.is_number_integer() || !b.is_number_integer() || a.get<qint64>() != in.at(in.size() - k + i) ||
        b.get<qint64>() != in2.at(in2.size() - k + i))
      return false;
  }
  return true;
}

void Planner::guardArgs(const GraphOp& op) {
  if (m_resize.isEmpty() || !m_args2.contains(op.id)) return;
  QStringList keys = unsizedKeys(m_args2.value(op.id), op.name);
  keys.removeIf([&](const QString& k) { return m_sizeScalarKeys.value(op.id).contains(k); });
  // a split's sizes at a fixed fraction of the dim follow it at run time (splitCall)
  if ((op.name == u"split" || op.name == u"unsafe_split" || op.name == u"split_with_sizes") && !op.refs.isEmpty() &&
      m_vals.contains(resolve(op.refs.first()))) {
    bool derived = false;
    (void)splitCall(op, m_vals.value(resolve(op.refs.first())), &derived);
    if (derived) keys.removeIf([](const QString& k) { return k == u"split_size" || k == u"split_sizes"; });
  }
  if (op.category == u"Pooling" && op.name.contains(QLatin1String("adaptive"))) {
    bool derived = false;
    (void)adaptiveSizes(op, &derived);
    if (derived) keys.removeIf([](const QString& k) { return k == u"output_size"; });
  }
  // an upsampling's output size computed from its scales at run time (Planner::upsample)
  if ((op.name.startsWith(QLatin1String("upsample_")) || op.name.startsWith(QLatin1String("_upsample_"))) &&
      upsampleSizeFromScales(op))
    keys.removeIf([](const QString& k) { return k == u"output_size"; });
  if (op.name.startsWith(QLatin1String("upsample_")) || op.name.startsWith(QLatin1String("_upsample_"))) {
    bool derived = false;
    (void)upsampleSizes(op, &derived);
    if (derived) keys.removeIf([](const QString& k) { return k == u"output_size"; });
  }
  // affine_grid's size and col2im's output_size bound to the run-time sizes (Planner::runtimeSizes)
  for (const char* key : {"size", "output_size"})
    if (op.name == u"affine_grid_generator" || op.name == u"col2im") {
      bool derived = false;
      if (!runtimeSizes(op, key, &derived).isEmpty() && derived)
        keys.removeIf([key](const QString& k) { return k == QLatin1String(key); });
    }
  if (layerNormShapeFollowsInput(op)) keys.removeIf([](const QString& k) { return k == u"normalized_shape"; });
  if (op.name == u"arange") {  // an integer step bound to an input dim (Planner::arange)
    const json step = op.args.value("step", json(1));
    const auto step2 = int2(arg2(op, "step"));
    if (step.is_number_integer() && step2 &&
        !sizeExpr(step.get<qint64>(), step2, QString()).startsWith(QLatin1String("kwb_at_spec(")))
      keys.removeIf([](const QString& k) { return k == u"step"; });
  }
  if (keys.isEmpty()) return;
  Line l;
  l.head = specChecked(QStringLiteral("None"),
                       QStringLiteral("%1's %2 %3")
                           .arg(where(op), keys.join(QStringLiteral(", ")), QString::fromStdString(op.args.dump())));
  l.tail.clear();
  l.comment = QStringLiteral("a constant that follows the input sizes, kept at the spec's value");
  m_guards << l;
}

bool Planner::cancelsAgainstV(const QString& pv, const QString& vRef) const {
  auto root = [&](QString r) {  // back through views
    for (int guard = 0; guard < 32; ++guard) {
      r = resolve(r);
      const GraphOp* o = opById(r);
      if (!o || !o->view || o->refs.isEmpty()) break;
      r = o->refs.first();
    }
    return r;
  };
  const QString vRoot = root(vRef), out = resolve(pv);
  const TensorInfo* vIn = m_g.input(vRoot);
  QStringList todo{out};
  for (int guard = 0; guard < 32 && !todo.isEmpty(); ++guard) {
    for (const QString& id : m_readers.value(todo.takeFirst())) {
      const GraphOp* o = opById(id);
      if (!o) continue;
      if (o->view) {
        todo << id;
        continue;
      }
      double alpha = 1;
      if (!(o->name == u"sub" || o->name == u"rsub" ||
            (o->name == u"add" && jsonNumber(o->args.value("alpha", json(1)), &alpha) && alpha < 0)) ||
          o->refs.size() != 2)
        continue;
      for (const QString& r : o->refs) {
        const QString other = root(r);
        if (other == out) continue;
        if (other == vRoot) return true;
        const TensorInfo* t = m_g.input(other);
        if (t && vIn && t->shape == vIn->shape && t->dtype == vIn->dtype) return true;
      }
    }
  }
  return false;
}

bool Planner::emitAttention(const GraphOp& op) {
  const Attn a = m_attnAt.value(op.id);
  Line l;
  l.target = var(op);
  QString pred, cmpText;
  if (a.tri) pred += QStringLiteral(", diag=%1, lower=%2").arg(a.diag).arg(pyBool(a.lower));
  if (a.tri && a.band > 0) pred += QStringLiteral(", band=%1").arg(a.band);
  if (a.tri || !a.maskRef.isEmpty()) pred += QStringLiteral(", fill=%1").arg(pyFloat(a.fill));
  if (!a.maskRef.isEmpty()) {
    const auto m = value(a.maskRef);
    if (!m) return false;
    if (a.maskCmp.isEmpty()) {
      pred += QStringLiteral(", mask=%1, mask_keep=%2").arg(m->expr, pyBool(a.maskKeep));
    } else {  // key j CMP the per-entry value, read per key tile (the [B, S] mask never built)
      const QString& c = a.maskCmp;
      const QString sym = c == u"lt"   ? QStringLiteral("<")
                          : c == u"le" ? QStringLiteral("<=")
                          : c == u"gt" ? QStringLiteral(">")
                          : c == u"ge" ? QStringLiteral(">=")
                          : c == u"eq" ? QStringLiteral("==")
                                       : QStringLiteral("!=");
      const QString ve = m->expr.contains(u' ') ? u'(' + m->expr + u')' : m->expr;
      pred += QStringLiteral(", mask=%1.reshape%2, mask_keep=%3, mask_cmp=\"%4\"")
                  .arg(ve, a.maskReshape, pyBool(a.maskKeep), a.maskCmp);
      cmpText = QStringLiteral("key j %1 where j %2 %3 %4 (read per key tile)")
                    .arg(a.maskKeep ? QStringLiteral("kept") : QStringLiteral("filled"), sym, describeRef(a.maskRef),
                         shapeText(shapeOfRef(a.maskRef)));
    }
  }
  std::optional<Val> bias;
  if (!a.biasRef.isEmpty()) {
    bias = value(a.biasRef);
    if (!bias) return false;
    pred += QStringLiteral(", bias=%1").arg(bias->expr);
    auto close = [](double x, double y) { return std::abs(x - y) <= 1e-9 * std::max(std::abs(x), std::abs(y)); };
    if (a.biasScale != 1.0 || a.biasScale2 != 1.0)
      pred += QStringLiteral(", bias_scale=%1")
                  .arg(m_resize.isEmpty() || close(a.biasScale, a.biasScale2)
                           ? pyFloat(a.biasScale)
                           : specChecked(pyFloat(a.biasScale), QStringLiteral("the scale after the bias")));
  }
  QString desc;
  const QString maskText =
      !a.tri ? QString()
      : a.band > 0
          ? QStringLiteral("key j of query i kept where %1 <= j - i <= %2").arg(a.diag - a.band + 1).arg(a.diag)
          : QStringLiteral("key j of query i kept where j - i %1 %2")
                .arg(a.lower ? QStringLiteral("<=") : QStringLiteral(">"))
                .arg(a.diag);
  if (a.qk.isEmpty()) {
    const auto s = value(a.src);
    if (!s) return false;
    l.head = QStringLiteral("kwb_masked_softmax(%1, %2%3").arg(s->expr, scaleExpr(a, nullptr), pred);
    desc = QStringLiteral("%1 over the last dim of %2 %3")
               .arg(op.name, shapeText(op.inputs.value(0).shape),
                    (a.tri ? QStringLiteral("under a mask from constants (%1), as an index predicate").arg(maskText)
                     : cmpText.isEmpty() ? QStringLiteral("under a mask tensor read in its pass")
                                         : QStringLiteral("under a mask from an index predicate")) +
                        (cmpText.isEmpty() ? QString() : QStringLiteral(", %1").arg(cmpText)));
    push(l, op, QStringLiteral("softmax"), desc, false);
  } else {
    const auto q = value(a.qRef);
    auto kt = value(a.kRep.rep > 0 ? a.kRep.src : a.kRef);
    auto v = value(a.vRep.rep > 0 ? a.vRep.src
                                  : (operandOf(op, "mat2").isEmpty() ? op.refs.value(1) : operandOf(op, "mat2")));
    if (!q || !kt || !v) return false;
    // KWB_ATTN_HEADS (attnHeads): an operand copied by torch's reshape of a head-split [B, H, L, D] view, read by
    // the attention alone, becomes the view (its line rewritten: no copy); q's so: the [B, H, Lq, E] result flattened
    // back to [B * H, Lq, E] (a view of the contiguous output), the shape the lines after it read
    auto headSplit = [&](const QString& ref, const std::optional<Val>& val) {
      static const QSet<QString> reshapes = {QStringLiteral("_unsafe_view"), QStringLiteral("view"),
                                             QStringLiteral("reshape"), QStringLiteral("_reshape_alias")};
      const GraphOp* r = attnHeads() ? opById(ref) : nullptr;
      if (!r || !reshapes.contains(r->name) || r->refs.isEmpty() || r->outputs.isEmpty()) return false;
      const GraphOp* from = opById(r->refs.first());
      if (!from || from->name != u"clone" || from->refs.isEmpty() || from->inputs.isEmpty()) return false;
      const QList<qint64> in = from->inputs.first().shape, out = r->outputs.first().shape;
      if (in.size() != 4 || out.size() != 3 || out.at(0) != in.at(0) * in.at(1) || out.at(1) != in.at(2) ||
          out.at(2) != in.at(3) || in.at(0) <= 1 || in.at(1) <= 1)
        return false;
      const QStringList readers = m_readers.value(resolve(ref));
      const auto src = value(from->refs.first());
      if (readers.size() != 1 || !src || src->shape.size() != 4) return false;
      for (Line& w : m_lines)
        if (w.target == val->expr && w.isView && w.launch < 0 && w.before.isEmpty() &&
            w.head.startsWith(src->expr + u'.')) {
          w.head = src->expr;
          w.comment = QStringLiteral(
              "a view: the [B, H, L, D] head split itself, read in place by kwb_attention "
              "(its two lead strides; KWB_ATTN_HEADS)");
          return true;
        }
      return false;
    };
    bool qSplit = false;
    if (a.kRep.rep <= 0 && a.vRep.rep <= 0) {
      const QString vRef = operandOf(op, "mat2").isEmpty() ? op.refs.value(1) : operandOf(op, "mat2");
      qSplit = headSplit(a.qRef, q);
      headSplit(a.kRef, kt);
      headSplit(vRef, v);
    }
    // a head repeat (GQA / MQA): the un-repeated tensor, its last two dims as the operand's, and the factor
    QString reps, repText;
    for (const auto& [r, val, name] :
         {std::tuple{&a.kRep, &kt, QStringLiteral("k_rep")}, std::tuple{&a.vRep, &v, QStringLiteral("v_rep")}}) {
      if (r->rep <= 0) continue;
      const QString src = (*val)->expr;
      if (r->transpose) {
        (*val)->expr += QStringLiteral(".transpose(-2, -1)");
        std::swap((*val)->shape[(*val)->shape.size() - 2], (*val)->shape[(*val)->shape.size() - 1]);
      }
      // Hq / Hkv: Q's entries over the un-repeated tensor's, at run time (a factor equal to another dim's size at
      // the spec is bound to no dim by value: trial 13's x05, batch 4 = n_kv_heads 4 = rep 4)
      reps += QStringLiteral(", %1=kwb_attn_rep(%2, %3)").arg(name, q->expr, src);
    }
    if (a.kRep.rep > 0 || a.vRep.rep > 0) {
      const QString kv = a.kRep.rep > 0 && a.vRep.rep > 0 ? QStringLiteral("K and V")
                         : a.kRep.rep > 0                 ? QStringLiteral("K")
                                                          : QStringLiteral("V");
      const qint64 rep = a.kRep.rep > 0 ? a.kRep.rep : a.vRep.rep;
      repText = QStringLiteral("; %1 read in place per KV head (kv_head = h // %2), not copied").arg(kv).arg(rep);
    }
    // P V in full fp32 where the output cancels against V (cancelsAgainstV); a 16-bit V ignores it
    const bool pvIeee =
        v->dtype == u"float32" &&
        cancelsAgainstV(op.id, operandOf(op, "mat2").isEmpty() ? op.refs.value(1) : operandOf(op, "mat2"));
    if (pvIeee) reps += QStringLiteral(", pv_ieee=True");
    l.head = QStringLiteral("kwb_attention(%1, %2, %3, %4%5%6")
                 .arg(q->expr, kt->expr, v->expr, scaleExpr(a, &*q), pred, reps);
    if (qSplit) l.tail = QStringLiteral(").flatten(0, 1)");
    if (pvIeee)
      l.comment = QStringLiteral(
          "P V in full fp32 (no TF32): the output is subtracted from a tensor of V's size, and "
          "TF32's rounding would not cancel with it");
    desc =
        QStringLiteral("attention softmax(scale %1 x Q %2 x Kᵀ %3%4%5) x V %6 (flash when head_dim <= 256)%7")
            .arg(pyFloat(a.scale), shapeText(q->shape), shapeText(kt->shape),
                 bias ? QStringLiteral(" + an additive bias %1 read per tile").arg(shapeText(bias->shape)) : QString(),
                 (a.tri ? QStringLiteral(", %1").arg(maskText)
                        : (a.maskRef.isEmpty() || !cmpText.isEmpty() ? QString() : QStringLiteral(", a mask tensor"))) +
                     (cmpText.isEmpty() ? QString() : QStringLiteral(", %1").arg(cmpText)),
                 shapeText(v->shape), repText);
    if (pvIeee) desc += QStringLiteral("; P V in full fp32 (the output cancels against a tensor of V's size)");
    // the roofline rates the plan in one dtype: P V at fp32's FMA rate bounds the launch, so no TF32 claim for it
    if (q->dtype == u"float32" && !pvIeee) m_plan.mathDtype = QStringLiteral("tf32");
    push(l, op, QStringLiteral("attention"), desc, false);
    if (a.kRep.rep > 0) m_plan.launches.last().kvRepeat.insert(QStringLiteral("k"), a.kRep.rep);
    if (a.vRep.rep > 0) m_plan.launches.last().kvRepeat.insert(QStringLiteral("v"), a.vRep.rep);
  }
  for (const QString& id : a.ops)
    if (id != op.id) {
      m_plan.launches.last().ops << id;
      m_plan.ops << id;
    }
  m_vals.insert(op.id, outVal(op));
  return true;
}

std::optional<ChainPlan> Planner::run(QString* whyNot) {
  readResizeCheck();
  for (const TensorInfo& t : m_g.inputs) m_vals.insert(t.name, Val{t.name, t.shape, t.dtype});
  for (auto it = m_g.params.begin(); it != m_g.params.end(); ++it)
    m_vals.insert(it.key(), Val{stateExpr(it.key(), false), it->shape, it->dtype});
  for (auto it = m_g.buffers.begin(); it != m_g.buffers.end(); ++it)
    m_vals.insert(it.key(), Val{stateExpr(it.key(), true), it->shape, it->dtype});
  // A tuple from forward() (issue 14, session 31): each output is kept live and counted as a read (a pointwise run
  // is cut at a returned value, no launch computing one is dead), and the body returns the tuple. Only tensors: a
  // None, a number or a nested list has no ref to plan.
  if (m_g.outputs.isEmpty())
    return fail(whyNot, QStringLiteral("forward() returns no tensor; a chain writes at least one"));
  if (m_g.outputs.size() > 1) {
    const json outs = m_spec.value("outputs", json::array());
    QStringList other;  // the spec's outputs that are no tensor (a number, None, a nested tuple): name (kind)
    for (size_t i = 0; outs.is_array() && i < outs.size(); ++i) {
      const json& o = outs.at(i);
      const QString kind = o.is_object() ? QString::fromStdString(o.value("kind", std::string("?"))) : QString();
      if (kind != u"tensor")
        other << QStringLiteral("%1 (%2)").arg(
            o.is_object() ? QString::fromStdString(o.value("name", std::string("out"))) : QStringLiteral("out"),
            kind.isEmpty() ? QStringLiteral("?") : kind);
    }
    for (const TensorInfo& t : m_g.outputs)
      if (t.ref.isEmpty() && other.isEmpty()) other << t.name;
    if (!other.isEmpty())
      return fail(whyNot, QStringLiteral("forward() returns %1 outputs and %2 no tensor the trace made: %3; a chain "
                                         "returns tensors only")
                              .arg(m_g.outputs.size())
                              .arg(other.size() == 1 ? QStringLiteral("one is") : QStringLiteral("some are"),
                                   other.join(QStringLiteral(", "))));
  }
  {
    const ResizedTrace resized{[&](const QString& id) -> std::optional<QList<qint64>> {
                                 if (m_resize.isEmpty() || !m_shape2.contains(id)) return std::nullopt;
                                 return m_shape2.value(id);
                               },
                               [&](const GraphOp& o) {
                                 json a = o.args;
                                 const json changed = m_args2.value(o.id, json::object());
                                 for (const auto& [k, v] : changed.items()) a[k] = v;
                                 return a;
                               }};
    QStringList outRefs;
    for (const TensorInfo& t : m_g.outputs)
      outRefs << (t.ref.isEmpty() && !m_g.ops.isEmpty() ? m_g.ops.last().id : t.ref);
    // writes through slice / select views of an input or an intermediate: out of place, each version a buffer that
    // the buffer writes below plan (issue 14, inplace35); the new ops take their traced twins' resized sizes
    const QStringList traced = outRefs;
    m_viewWrites = functionalizeViewWrites(&m_ops, &outRefs, m_g.inputs);
    for (qsizetype i = 0; i < traced.size(); ++i) m_viewOut.insert(traced.at(i), outRefs.at(i));
    for (auto it = m_viewWrites.origin.cbegin(); it != m_viewWrites.origin.cend(); ++it) {
      QString o = it.value();
      for (int guard = 0; guard < 1024 && m_viewWrites.origin.contains(o); ++guard) o = m_viewWrites.origin.value(o);
      if (m_shape2.contains(o)) m_shape2.insert(it.key(), m_shape2.value(o));
      if (m_args2.contains(o)) m_args2.insert(it.key(), m_args2.value(o));
    }
    m_buffers = findBufferWrites(m_ops, outRefs, &resized);
    if (!m_buffers.why.isEmpty()) return fail(whyNot, m_buffers.why);
    if (const QString lost = lostViewWrite(m_ops, outRefs, m_buffers.buffer); !lost.isEmpty())
      return fail(whyNot, lost);
  }
  decomposeOps();
  renameInPlace();
  permutesIntoEpilogues();
  selectsPushedDown();
  broadcastsRecomputed();
  stacksAsPointwise();
  // an input written through a view: its write-back reads its last version (renamed on if a whole in-place op
  // wrote that version afterwards)
  for (auto it = m_viewWrites.finalOf.cbegin(); it != m_viewWrites.finalOf.cend(); ++it)
    m_outRename.insert(it.key(), m_outRename.value(it.value(), it.value()));
  sizeScalars();
  auto outOf = [&](const QString& traced) {
    const QString r = m_viewOut.value(traced, traced);
    return m_outRename.value(r, r);
  };
  QString outRef = m_g.outputs.first().ref.isEmpty() && !m_ops.isEmpty()
                       ? m_outRename.value(m_ops.last().id, m_ops.last().id)
                       : outOf(m_g.outputs.first().ref);
  m_outRefs = QStringList{outRef};
  for (qsizetype i = 1; i < m_g.outputs.size(); ++i) m_outRefs << outOf(m_g.outputs.at(i).ref);
  softmaxThroughLse();
  recomputeCentred();
  // aliases first (uses are counted on resolved refs); dropout masks: bernoulli_ and what scales it
  for (const GraphOp& o : m_ops) {
    if (o.name == u"bernoulli") {
      m_dropoutMask.insert(o.id);
      for (const QString& t : o.mutates) m_dropoutMask.insert(t);  // bernoulli_ fills an empty_like in place
    }
    if ((o.name == u"clone" || o.name == u"detach" || o.name == u"alias" || o.name == u"contiguous" ||
         o.name == u"lift_fresh") &&
        !o.refs.isEmpty())
      m_alias.insert(o.id, o.refs.first());
    // a cast of a float value up to fp32 / fp64 (x.float() of an fp16 value, .to(x.dtype) back from fp32), or a
    // .to() without a dtype: every chain intermediate is fp32 already, so it is the same value (a cast down rounds:
    // the pointwise lowering's _to_copy)
    if ((o.name == u"_to_copy" || o.name == u"to") && o.refs.size() == 1 && !o.inputs.isEmpty() &&
        (o.inputs.first().dtype.startsWith(QLatin1String("float")) ||
         o.inputs.first().dtype.startsWith(QLatin1String("bfloat")))) {
      const QString dt = normaliseDtype(QString::fromStdString(o.args.value("dtype", json("")).is_string()
                                                                   ? o.args.value("dtype", json("")).get<std::string>()
                                                                   : std::string()));
      if (dt.isEmpty() || dt == u"float32" || dt == u"float64") m_alias.insert(o.id, o.refs.first());
    }
  }
  markIntegerValueInputs();
  for (const GraphOp& o : m_ops) {
    if (o.category != u"Elementwise") continue;
    bool mask = false;
    QString other;
    for (const QString& r : o.refs) {
      if (m_dropoutMask.contains(resolve(r)))
        mask = true;
      else
        other = r;
    }
    if (!mask) continue;
    if (o.name == u"mul" && !other.isEmpty())
      // x * mask / p: the identity outside training. The harness runs eval() for every draw that eval mode turns off
      // (nn.Dropout, F.dropout(x, p, self.training)); one that eval keeps (training=True) never reaches here: the
      // trace reason makes it a skeleton (skeleton.h randomDrawReason, new-user trial 21 #1)
      m_alias.insert(o.id, other);
    else
      m_dropoutMask.insert(o.id);  // the mask scaled in place (div_)
  }
  // The same op on the same values computed twice (Mamba-2's A_cumsum and segsum(A)'s cumsum of one A): the later one
  // is the earlier's value, no launch. Pure ops of one output only: no random draw, no in-place write, no empty_*
  // (uninitialised), nothing a dropout mask reads; operands compared after aliasing, arguments as the probe wrote them.
  {
    QHash<QString, QString> seen;
    for (const GraphOp& o : m_ops) {
      if (o.view || m_alias.contains(o.id) || m_dropoutMask.contains(o.id) || !o.mutates.isEmpty() || o.mutatesState ||
          m_recomputed.contains(o.id) ||  // a centred value computed by each reader (recomputeCentred)
          o.outputs.size() > 1 || o.name.startsWith(QLatin1String("empty")) || o.name.contains(QLatin1String("rand")) ||
          o.name.contains(QLatin1String("bernoulli")) || o.name.contains(QLatin1String("dropout")) ||
          o.name == u"normal" || o.name == u"uniform" || o.name == u"multinomial" || o.category.isEmpty() ||
          o.name == u"rnn")
        continue;
      QStringList key = {o.name, QString::fromStdString(o.args.dump()), QString::fromStdString(o.pw.dump())};
      bool maskRead = false;
      for (const QString& r : o.refs) {
        key << resolve(r);
        maskRead = maskRead || m_dropoutMask.contains(resolve(r));
      }
      QStringList named;
      for (auto it = o.operands.cbegin(); it != o.operands.cend(); ++it) named << it.key() + u'=' + resolve(it.value());
      named.sort();
      key << named;
      for (const TensorInfo& t : o.outputs) key << t.dtype + shapeText(t.shape);
      if (maskRead) continue;
      const QString k = key.join(u'|');
      const auto it = seen.constFind(k);
      if (it == seen.cend()) {
        seen.insert(k, o.id);
      } else {
        m_alias.insert(o.id, *it);
        m_cse.insert(o.id);
      }
    }
  }
  for (const GraphOp& o : m_ops)
    if (!m_alias.contains(o.id) && !m_dropoutMask.contains(o.id) && !(o.mutatesState && o.category == u"Elementwise"))
      for (const QString& r : o.refs) m_uses[resolve(r)] += 1;
  for (const QString& r : std::as_const(m_outRefs)) m_uses[resolve(r)] += 1;
  // an input written in place: its final value is read by the write-back, so a pointwise run that computes it on the
  // way (x.mul_(s).add_(b); relu_(x); y += x; x * y) ends a piece there instead of fusing it out of sight (probe21 h02)
  for (const TensorInfo& t : m_g.inputs)
    if (m_outRename.contains(t.name)) m_uses[resolve(m_outRename.value(t.name))] += 1;
  // liveness, backwards from the results: a value nothing reads is not computed
  for (const QString& r : std::as_const(m_outRefs)) m_live.insert(resolve(r));
  for (const TensorInfo& t : m_g.inputs)
    if (m_outRename.contains(t.name)) m_live.insert(resolve(m_outRename.value(t.name)));
  for (auto it = m_ops.crbegin(); it != m_ops.crend(); ++it) {
    bool live = !it->mutates.isEmpty() && !it->mutatesState;
    for (int k = 0; k < qMax(1, int(it->outputs.size())) && !live; ++k) {
      const QString id = k == 0 ? it->id : QStringLiteral("%1_%2").arg(it->id).arg(k);
      live = m_live.contains(id) || m_live.contains(resolve(id));
    }
    if (live)
      for (const QString& r : it->refs) m_live.insert(resolve(r));
  }

  findAttention(outRef);
  findLosses();
  findSelectedGemms();
  findScalarConstants(outRef);
  findInputProjections();
  findRecurrences();

  bool dropout = false;
  for (const GraphOp& o : m_ops) {
    if (!m_why.isEmpty()) break;
    if (m_dropoutMask.contains(o.id)) {
      dropout = true;
      continue;
    }
    if (m_absorbed.contains(o.id)) continue;  // computed inside an attention / masked softmax launch
    if (m_linrecOps.contains(o.id)) {         // a step of a linear recurrence: inside its kwb_linrec launch
      m_plan.omitted << o.id;
      continue;
    }
    if (m_constScalar.contains(o.id) || m_projViews.contains(o.id)) {  // a number in each reader; an unread view
      m_plan.omitted << o.id;
      continue;
    }
    if (m_projStep.contains(o.id)) {
      if (!projectionStep(o)) break;
      continue;
    }
    if (m_attnAt.contains(o.id)) {
      if (!flushRun() || !emitAttention(o)) break;
      continue;
    }
    if (m_alias.contains(o.id) && (o.category == u"Elementwise" || o.view || m_cse.contains(o.id))) {
      if (m_cse.contains(o.id)) m_plan.omitted << o.id;  // computed once already (its twin's launch)
      continue;
    }
    if (!usedLater(o, outRef)) {  // dead: its value feeds nothing (MultiheadAttention's unused weights)
      m_plan.omitted << o.id;
      continue;
    }
    if (o.mutatesState && o.category == u"Elementwise") {
      m_plan.omitted << o.id;  // a buffer's counter (num_batches_tracked += 1): no output depends on it
      continue;
    }
    if (m_buffers.buffer.contains(o.id)) {
      if (!flushRun() || !bufferWrite(o)) break;
      continue;
    }
    if (!o.mutates.isEmpty())
      return fail(whyNot, QStringLiteral("%1 writes into an intermediate in place; the chain planner takes "
                                         "out-of-place ops only")
                              .arg(where(o)));
    guardArgs(o);
    if (o.view || o.name == u"unfold") {
      if (!view(o)) break;
      continue;
    }
    if (o.category == u"Elementwise" && o.name != u"tril" && o.name != u"triu") {
      m_run << &o;
      continue;
    }
    if (o.category == u"Loss" && elementwiseLoss(o)) continue;
    if (!m_why.isEmpty()) break;
    if (m_fuseEvalNorm && evalNorm(o)) continue;  // joins the pointwise run (m_why set on a bad operand)
    // A constant of the sizes (torch.ones / full / arange, a tril / triu of one: a mask built between two pointwise
    // ops that read it) reads no value of the pending pointwise run: it is planned before the run, which stays open
    // (Mamba-2's segment sum: sub, then tril(ones), then masked_fill and exp on the sub -- one launch, not two) and
    // keeps the anchor it may fuse into.
    if (!m_run.isEmpty() && constantOfSizes(o)) {
      const int anchor = m_openAnchor;
      const QString anchorRef = m_openAnchorRef;
      if (!stage(o)) break;
      m_openAnchor = anchor;
      m_openAnchorRef = anchorRef;
      continue;
    }
    if (!flushRun()) break;
    if (!stage(o)) break;
  }
  if (m_why.isEmpty()) flushRun();
  if (!m_why.isEmpty()) return fail(whyNot, m_unjudged ? QString() : m_why);
  if (m_plan.launches.size() > kMaxLaunches)
    return fail(whyNot, QStringLiteral("the traced graph unrolls to %1 launches (a time loop traced step by step: "
                                       "nn.RNN/GRU/LSTM modules get a host loop, a hand-written loop does not)")
                            .arg(m_plan.launches.size()));
  const auto out = value(outRef);
  if (!out) return fail(whyNot, m_why);
  // inputs written in place: their final values, copied back before the return
  QList<QPair<QString, QString>> writeBack;  // input name -> expression of its final value
  for (const TensorInfo& t : m_g.inputs) {
    if (!m_outRename.contains(t.name)) continue;
    const auto fin = value(m_outRename.value(t.name));
    if (!fin)
      return fail(whyNot, QStringLiteral("forward writes its input %1 in place and the plan does not keep its final "
                                         "value to write back (%2)")
                              .arg(t.name, m_why));
    writeBack.append({t.name, fin->expr});
    m_plan.writtenInputs << t.name;
  }
  shareCatBuffers();
  // the result's dtype (dtyperule.h): fixed by a cast (.half(), .to(torch.bfloat16)) whatever the inputs' dtype,
  // else following forward()'s floating inputs / parameters as torch's promotion does; kwb_to_fp32's out_dtype is
  // the first floating input's run-time dtype
  QStringList floats;
  for (const TensorInfo& t : m_g.inputs)
    if (t.dtype.startsWith(QLatin1String("float")) || t.dtype.startsWith(QLatin1String("bfloat"))) floats << t.name;
  // per output i: its dtype expression ("" keeps the value as computed) and the line that names it, if any
  auto dtypeOf = [&](qsizetype i, QString* line) -> QString {
    const DtypeRule resRule = resultDtypeRule(m_spec, static_cast<int>(i));
    const QString resDt = m_g.outputs.at(i).dtype;
    const bool resFloat = resDt.startsWith(QLatin1String("float")) || resDt == u"bfloat16";
    if (resRule.isFixed())
      return resRule.fixed.isEmpty() || !resFloat ? QString() : QStringLiteral("torch.") + resRule.fixed;
    if (!floats.isEmpty() && resRule.followsOnly() == floats.first()) return QStringLiteral("out_dtype");
    const QString name = i == 0 ? QStringLiteral("kwb_out_dtype") : QStringLiteral("kwb_out_dtype%1").arg(i);
    *line =
        QStringLiteral("        %1 = %2  # the result's dtype, from the inputs' before widening%3")
            .arg(name, resRule.python([this](const QString& l) {
              return m_g.params.contains(l) ? stateExpr(l, false) : m_g.buffers.contains(l) ? stateExpr(l, true) : l;
            }),
                 resRule.why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(resRule.why));
    return name;
  };
  QString outDtypeLine;
  const QString outDtype = dtypeOf(0, &outDtypeLine);
  // A tuple's later outputs: each its value and dtype. The passes below protect one result (they take its
  // expression); a line reading every output, kept last while they run (kReturnedHead), protects the others as a
  // reader after every launch: none is fused into a later launch, memoised, stored narrow or kept in another layout.
  QStringList outExprs{out->expr}, outDtypes{outDtype};
  for (qsizetype i = 1; i < m_outRefs.size(); ++i) {
    const auto v = value(m_outRefs.at(i));
    if (!v) return fail(whyNot, m_why);
    QString line;
    outExprs << v->expr;
    outDtypes << dtypeOf(i, &line);
    if (!line.isEmpty()) outDtypeLine += (outDtypeLine.isEmpty() ? QString() : QStringLiteral("\n")) + line;
  }
  static const QString kReturnedHead = QStringLiteral("kwb_returned(");
  if (outExprs.size() > 1) {
    Line returned;
    returned.head = kReturnedHead + outExprs.join(QStringLiteral(", "));
    m_lines << returned;
  }
  m_plan.resultDtype = outDtype;
  // one output: its last launch may store the result's dtype itself; a tuple's too (storeTupleDtypes), and one that
  // later launches read where they convert it as they load it (narrowTupleOutput, below)
  storeDtypes(out->expr, outExprs.size() > 1 ? QString() : outDtype, floats);
  QStringList tupleReadLater;
  if (outExprs.size() > 1 && loadCasts()) {
    QStringList dts = outDtypes;  // floating outputs; `out_dtype` names no dtype where no floating input gives it
    for (qsizetype i = 0; i < dts.size(); ++i) {
      const QString t = m_g.outputs.at(i).dtype;
      if ((floats.isEmpty() && dts.at(i) == u"out_dtype") ||
          !(t.startsWith(QLatin1String("float")) || t == u"bfloat16"))
        dts[i].clear();
    }
    tupleReadLater = storeTupleDtypes(outExprs, dts);
  }
  fuseScanShift(out->expr);
  fuseScanEpilogue(out->expr);
  fuseRows(out->expr);
  fuseSiblingRows();
  if (rowsSource16()) rowsEntriesFp32(floats, out->expr);
  fuseSiblingReduces();
  fuseReduceEpilogue(out->expr);
  fuseReduceSource(out->expr);
  fuseScanEpilogue(out->expr, /*yielded=*/true);  // the runs no reduction took (scanEpilogueYield)
  fuseGatherPrologue(out->expr);
  deferRowToGatheredReduce(out->expr);
  fuseSiblingGemms(out->expr);
  memoConstants(out->expr);
  fuseConvStats();
  keepNormLayout(out->expr);
  {
    QStringList extra;  // read after the lines: the write-backs' final values
    for (const auto& wb : std::as_const(writeBack)) extra << wb.second;
    cacheStateLines(outExprs, extra);
  }
  QSet<int> padsRead;  // pads read through their index maps: no launch of their own
  for (const Line& l : std::as_const(m_lines))
    if ((l.head.startsWith(QLatin1String("kwb_pad_view(")) || l.head.startsWith(QLatin1String("kwb_flip_view(")) ||
         l.head.startsWith(QLatin1String("kwb_copy_into_piece(")) ||
         l.head.startsWith(QLatin1String("kwb_cat_piece(")) ||
         l.head.startsWith(QLatin1String("kwb_pointwise_piece("))) &&
        l.launch >= 0) {
      // the launch by its op id: the row fusions (fuseRows, fuseSiblingRows) and fuseReduceEpilogue drop launches
      // without renumbering the lines' indices, and a stale index dropped another launch from the plan's list
      // (session 40: cosine_embedding_two_margins_int_label listed a piece's copy and lost its last launch)
      int at = l.launch;
      for (int k = 0; k < m_plan.launches.size(); ++k)
        if (m_plan.launches.at(k).ops.contains(l.target)) {
          at = k;
          break;
        }
      padsRead << at;
    }
  dropLaunches(padsRead);

  QStringList body;
  if (dropout)
    body << QStringLiteral("        if self.training:")
         << QStringLiteral(
                "            raise NotImplementedError(\"kernel.py: dropout in training mode has no "
                "deterministic reference; this kernel is the eval-mode model (dropout is the identity)\")");
  // fp32 intermediates whatever the input's width: a chain of bf16 roundings (conv out, then a reduction, then a
  // pointwise tail) drifts past the gate's 1e-2 where one rounding does not (58_ on the H200). A 16-bit input that
  // only launches converting it as they load read (widensOnLoad), itself or through its views (viewAliases), is not
  // copied first.
  QStringList widened, direct;
  bool gemmRead = false;  // a GEMM reads a direct input (the comment on the body's dtype line says so)
  for (const QString& x : std::as_const(floats)) {
    bool copy = !writeBack.isEmpty();
    QSet<int> viewLines;
    const QStringList aliases = viewAliases(x, out->expr, &viewLines);
    bool gemm = false;
    for (const Line& l : std::as_const(m_lines)) {
      const QString code = l.head + l.tail;
      const bool attention = code.startsWith(QLatin1String("kwb_attention("));  // q, Kᵀ, v at their width too
      if (l.launch >= 0 && (isGemmCall(code) || attention))
        for (const auto& a : callArgSpans(code, attention ? 3 : 2))
          gemm = gemm || aliases.contains(leadingName(code.mid(a.first, a.second)));
    }
    for (const QString& a : aliases) {
      for (const Line& l : std::as_const(m_guards)) copy = copy || !readsConverted(l, a);
      for (int i = 0; i < m_lines.size(); ++i)
        copy = copy || (!viewLines.contains(i) && !readsConverted(m_lines.at(i), a));
      copy = copy || a == out->expr;
    }
    (copy ? widened : direct) << x;
    gemmRead = gemmRead || (gemm && !copy);
  }
  for (const QString& c : std::as_const(tupleReadLater))
    narrowTupleOutput(c, outDtypes.at(outExprs.indexOf(c)), out->expr);
  for (const auto& wb : std::as_const(writeBack))
    body
        << QStringLiteral("        written_%1 = %1  # the caller's tensor: forward() writes it in place").arg(wb.first);
  if (!outDtypeLine.isEmpty()) body << outDtypeLine;
  const bool anyOutDtype = outDtypes.contains(QStringLiteral("out_dtype"));
  if (direct.isEmpty() && !floats.isEmpty())
    body << QStringLiteral("        (%1,), out_dtype = kwb_to_fp32(%1)  # fp32 intermediates%2")
                .arg(floats.join(QStringLiteral(", ")),
                     anyOutDtype ? QStringLiteral("; the result in the input's dtype") : QString());
  if (!direct.isEmpty()) {
    if (anyOutDtype)
      body << QStringLiteral("        out_dtype = %1.dtype  # the result in the input's dtype").arg(floats.first());
    if (!widened.isEmpty())
      body << QStringLiteral("        (%1,), _ = kwb_to_fp32(%1)  # fp32 intermediates")
                  .arg(widened.join(QStringLiteral(", ")));
    body << QStringLiteral("        # %1 read in %2 own dtype by the launches that read %3, %4")
                .arg(direct.join(QStringLiteral(", ")),
                     direct.size() == 1 ? QStringLiteral("its") : QStringLiteral("their"),
                     direct.size() == 1 ? QStringLiteral("it") : QStringLiteral("them"),
                     gemmRead ? QStringLiteral("a GEMM's operands at their width, the others converted to fp32 as they "
                                               "load")
                              : QStringLiteral("converted to fp32 as they load"));
  }
  fuseSiblingLaunches();
  for (const Line& l : std::as_const(m_guards)) body << l.text();
  for (int li = 0; li < m_lines.size(); ++li) {
    const Line& l = m_lines.at(li);
    if (l.launch < 0 && l.head.startsWith(kReturnedHead)) continue;  // the tuple's reader: the return below
    const StateBlock* sb = nullptr;
    for (const StateBlock& b : std::as_const(m_stateBlocks))
      if (li >= b.first && li <= b.last) sb = &b;
    if (sb) {  // a block computed from parameters, buffers and kept constants only: kept on the model
      if (li == sb->first) {
        const QString srcs = sb->sources.isEmpty()
                                 ? QStringLiteral("()")
                                 : QStringLiteral("(%1,)").arg(sb->sources.join(QStringLiteral(", ")));
        body << QStringLiteral(
                    "        _kwb_kept = kwb_state_get(self, %1, %2)  # from parameters / buffers / kept "
                    "constants only: computed again when one of them changes")
                    .arg(sb->slot)
                    .arg(srcs)
             << QStringLiteral("        if _kwb_kept is None:");
      }
      body << QStringLiteral("    ") + l.text().replace(QStringLiteral("\n"), QStringLiteral("\n    "));
      if (li == sb->last) {
        const QString outs = sb->outputs.join(QStringLiteral(", ")) + u',';
        body << QStringLiteral("            _kwb_kept = kwb_state_put(self, %1, %2, (%3))")
                    .arg(sb->slot)
                    .arg(sb->sources.isEmpty() ? QStringLiteral("()")
                                               : QStringLiteral("(%1,)").arg(sb->sources.join(QStringLiteral(", "))),
                         outs)
             << QStringLiteral("        %1 = _kwb_kept").arg(outs);
      }
      continue;
    }
    body << l.text();
    if (l.draw) {
      m_plan.drawLines << l.text();
      m_plan.drawTargets << l.target;
    }
  }
  for (const auto& wb : std::as_const(writeBack))
    body << QStringLiteral("        kwb_copy_into(written_%1, %2)  # its final value, as the reference leaves it")
                .arg(wb.first, wb.second);
  QStringList returned;
  for (qsizetype i = 0; i < outExprs.size(); ++i) {
    const QString& d = outDtypes.at(i);
    returned << (d.isEmpty() || (floats.isEmpty() && d == u"out_dtype")
                     ? outExprs.at(i)
                     : QStringLiteral("kwb_as_dtype(%1, %2)").arg(outExprs.at(i), d));
  }
  body << QStringLiteral("        return %1").arg(returned.join(QStringLiteral(", ")));
  m_plan.forwardBody = body.join(u'\n');
  // a kwb_cat still in the plan (a cat read piece by piece was dropped above): its launches now that its epilogue
  // is known (a11_PPO_GAE's stack of 16 was counted as one launch and made 16 copies: host44)
  // (the graph rule's count follows only with the grouped path: KWB_CAT_GROUPS=0 and the CuTe DSL keep the plan before)
  // (conv_cat_buffer's copies, a cat read piece by piece and cats as pointwise ops are other heads: counted as they
  // are)
  QSet<QString> catTargets;  // what kwb_cat lines assign: the cat's id, or its fused epilogue's last op's
  for (const Line& line : std::as_const(m_lines))
    if (line.head.startsWith(QLatin1String("kwb_cat(")) && line.launch >= 0) catTargets << line.target;
  for (ChainLaunch& l : m_plan.launches) {
    if (l.ops.isEmpty() || !m_catParts.contains(l.ops.first())) continue;
    if (!std::any_of(l.ops.cbegin(), l.ops.cend(), [&](const QString& id) { return catTargets.contains(id); }))
      continue;
    l.kernels = catLaunches(m_catParts.value(l.ops.first()), l.ops.size() > 1);
    if (t_columnSlotsOff == 0 && catGroups()) l.hostLaunches = l.kernels;
  }
  for (const ChainLaunch& l : std::as_const(m_plan.launches)) {
    m_plan.hostLaunches += l.hostLaunches;
    m_plan.kernelLaunches += l.kernels >= 0 ? l.kernels : l.hostLaunches;
  }
  QStringList kinds;
  for (const ChainLaunch& l : std::as_const(m_plan.launches)) kinds << l.description;
  m_plan.description =
      (m_plan.kernelLaunches == 1 ? QStringLiteral("%1 launch: %2") : QStringLiteral("%1 launches: %2"))
          .arg(m_plan.kernelLaunches)
          .arg(kinds.join(QStringLiteral("; ")));
  QStringList launchList;
  for (int i = 0; i < m_plan.launches.size(); ++i)
    launchList << QStringLiteral("%1. %2").arg(i + 1).arg(m_plan.launches.at(i).description);
  m_plan.config = {
      {QStringLiteral("plan"), launchList.join(QStringLiteral("; "))},
      {QStringLiteral("fusion"), fusionRow(m_plan)},
      {QStringLiteral("stages"), stagesRow(m_plan)},
      {QStringLiteral("dtype handling"),
       QStringLiteral("fp32 accumulation and math; fp32 intermediates between launches (a 16-bit input widened by one "
                      "copy unless every launch reading it converts it as it loads); the result in its own dtype (a "
                      "cast fixes it, else it follows the inputs': dtyperule.h), stored by the last launch where "
                      "its stage takes out_dtype=, else one copy")},
  };
  if (std::any_of(m_plan.launches.cbegin(), m_plan.launches.cend(),
                  [](const ChainLaunch& l) { return l.kind == u"attention"; }))
    m_plan.config.append(
        {QStringLiteral("attention"),
         QStringLiteral("Q Kᵀ, scale, mask, softmax and P V in one kwb_attention launch: the flash kernel (a block of "
                        "query rows per CTA, K and V streamed in tiles, online softmax with fp32 running max and sum; "
                        "a mask built from constants is an index predicate, key tiles past the diagonal skipped) for "
                        "padded head dims <= 256, else scores GEMM + masked softmax + P V GEMM; path per call in "
                        "kwb_attn_last")});
  if (dropout)
    m_plan.config.append({QStringLiteral("dropout"),
                          QStringLiteral("the identity in eval mode, which is how the harness runs Model and ModelNew "
                                         "when a dropout has p > 0 (dropout in training mode is random, with no "
                                         "deterministic reference to test against: ModelNew raises there)")});
  return m_plan;
}

}  // namespace

namespace {

/// The "fusion" row of a plan's configuration: this problem's launches and what each fuses, counted from the plan
/// (the rows were the same paragraph for every problem, GEMM and convolution sentences for a reduction; new-user
/// trial 9, #14).
QString fusionRow(const ChainPlan& plan) {
  const auto n = static_cast<int>(plan.launches.size());
  int fusedOps = 0, proOps = 0;
  QStringList fusedIn, pointwise, fusedPro;
  for (int i = 0; i < n; ++i) {
    const ChainLaunch& l = plan.launches.at(i);
    const auto extra = static_cast<int>(l.ops.size()) - 1;
    if (l.kind == u"pointwise") {
      pointwise << QString::number(i + 1);
    } else if (extra > 0) {
      fusedOps += extra;
      fusedIn << QStringLiteral("%1 (%2 + %3)").arg(i + 1).arg(l.kind).arg(extra);
    }
    if (!l.prologue.isEmpty()) {
      proOps += static_cast<int>(l.prologue.size());
      fusedPro << QStringLiteral("%1 (%2 + %3)").arg(i + 1).arg(l.kind).arg(l.prologue.size());
    }
  }
  QString text = QStringLiteral("%1 compute op(s) in %2 launch(es)").arg(plan.ops.size()).arg(n);
  if (fusedIn.isEmpty() && pointwise.isEmpty() && fusedPro.isEmpty())
    return text + QStringLiteral(": nothing to fuse, one op per launch");
  if (!fusedIn.isEmpty())
    text += QStringLiteral("; %1 op(s) fused into the launch before them: launch %2")
                .arg(fusedOps)
                .arg(fusedIn.join(QStringLiteral(", ")));
  if (!fusedPro.isEmpty())
    text += QStringLiteral(
                "; %1 op(s) fused into the launch after them (a GEMM's prologue on A; a pad's index map; the pieces "
                "of a value read piece by piece): launch %2")
                .arg(proOps)
                .arg(fusedPro.join(QStringLiteral(", ")));
  if (!pointwise.isEmpty())
    text += QStringLiteral(
                "; launch %1: a run of pointwise ops as one elementwise launch (it follows no launch "
                "that can take it as an epilogue)")
                .arg(pointwise.join(QStringLiteral(", ")));
  return text;
}

/// The "stages" row: the kinds of launch this plan has, each once with its count and how it is rendered.
QString stagesRow(const ChainPlan& plan) {
  QMap<QString, int> kinds;
  for (const ChainLaunch& l : plan.launches) ++kinds[l.kind];
  const auto count = [&kinds](std::initializer_list<const char*> names) {
    int c = 0;
    QStringList which;
    for (const char* k : names)
      if (const int v = kinds.value(QString::fromLatin1(k)); v > 0) {
        c += v;
        which << QStringLiteral("%1 %2").arg(v).arg(QString::fromLatin1(k));
      }
    return std::make_pair(c, which.join(QStringLiteral(", ")));
  };
  QStringList parts;
  if (const auto [c, which] = count({"reduce", "rowfused", "rows", "softmax", "norm", "pool", "scan"}); c > 0)
    parts << QStringLiteral("%1 through the stage library (sizes read at run time, fp32 statistics)").arg(which);
  if (const int g = kinds.value(QStringLiteral("gemm")); g > 0)
    parts << QStringLiteral("%1 GEMM(s) through the GEMM template on %2")
                 .arg(g)
                 .arg(plan.mathDtype == u"tf32" ? QStringLiteral("TF32 tensor cores (fp32 inputs)")
                                                : QStringLiteral("tensor cores in the inputs' dtype"));
  if (const int c = kinds.value(QStringLiteral("conv")); c > 0)
    parts << QStringLiteral(
                 "%1 convolution(s) through the convolution template (its path per call in "
                 "ModelNew.last_path)")
                 .arg(c);
  if (const int p = kinds.value(QStringLiteral("pointwise")); p > 0)
    parts << QStringLiteral("%1 elementwise launch(es) of the pointwise lowering").arg(p);
  QStringList rest;
  for (auto it = kinds.cbegin(); it != kinds.cend(); ++it)
    if (!QStringList({QStringLiteral("reduce"), QStringLiteral("rowfused"), QStringLiteral("rows"),
                      QStringLiteral("softmax"), QStringLiteral("norm"), QStringLiteral("pool"), QStringLiteral("scan"),
                      QStringLiteral("gemm"), QStringLiteral("conv"), QStringLiteral("pointwise")})
             .contains(it.key()))
      rest << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
  if (!rest.isEmpty()) parts << rest.join(QStringLiteral(", ")) + QStringLiteral(" through the stage library");
  return parts.join(QStringLiteral("; "));
}

std::optional<ChainPlan> planModes(const OpGraph& g, const json& spec, QString* whyNot, bool allPointwise) {
  const QList<const GraphOp*> compute = g.compute();
  const bool anyAnchor =
      std::any_of(compute.begin(), compute.end(), [](const GraphOp* o) { return o->category != u"Elementwise"; });
  // An all-pointwise graph with views the elementwise template cannot re-apply (the probe then writes no
  // pointwise_graph): a slice, select, expand or permute of a parameter or buffer (pos[:, :T], scale[:C]) is a
  // view line here like any other, read by one pointwise launch; a slice end at an input's size follows it.
  const bool viewedPointwise = !hasPointwiseGraph(spec) && g.ops.size() > compute.size();
  // Views alone whose reshape torch cannot view (a permute then a reshape: einops' rearrange, a patchify): the copy
  // torch makes is the plan's one launch (kwb_reshape)
  const bool relayout = std::any_of(g.ops.begin(), g.ops.end(), [&](const GraphOp& o) {
    return o.name == u"clone" && !inputContiguousAtSpec(spec, o.id);
  });
  if (!anyAnchor && !((allPointwise || viewedPointwise) && !compute.isEmpty()) && !relayout) return std::nullopt;
  // In eval mode a batch norm is a per-channel affine and fuses as pointwise work. The training-mode forward
  // (batch statistics, running-stat updates; how the harness runs a Model built in training mode, as KernelBench
  // builds it) stays the unfused plan, behind self.training.
  Planner p(g, spec, true);
  auto plan = p.run(whyNot);
  if (!plan || p.evalNorms() == 0) return plan;
  Planner t(g, spec, false, p.epilogueCount());
  QString whyTrain;
  const auto train = t.run(&whyTrain);
  QStringList indented;
  if (train) {
    for (const QString& l : train->forwardBody.split(u'\n')) indented << QStringLiteral("    ") + l;
    plan->epilogues += train->epilogues;
    plan->hostLaunches = std::max(plan->hostLaunches, train->hostLaunches);
    plan->kernelLaunches = std::max(plan->kernelLaunches, train->kernelLaunches);
    plan->epilogueSpecs << train->epilogueSpecs;
  } else {
    indented << QStringLiteral(
                    "            raise NotImplementedError(\"kernel.py: batch norm in training mode has no "
                    "plan here (%1)\")")
                    .arg(QString(whyTrain).replace(u'"', u'\''));
  }
  if (train && train->randomDraws) plan->randomDraws = true;
  plan->drawLines.clear();  // forward() branches on self.training: its draws stay in the eager plan
  plan->drawTargets.clear();
  plan->forwardBody =
      QStringLiteral("        if self.training:  # batch statistics: the batch norms unfused (kwb_batch_norm)\n") +
      indented.join(u'\n') + u'\n' + plan->forwardBody;
  plan->config.append(
      {QStringLiteral("batch norm"),
       QStringLiteral(
           "%1 batch norm(s) with running statistics computed as the eval-mode per-channel affine "
           "(x - running_mean) * rsqrt(running_var + eps) * weight + bias inside the epilogue of the launch "
           "before them in eval mode; in training mode (how the harness runs a Model as built) ModelNew runs the "
           "unfused plan with batch statistics (%2 launches)")
           .arg(p.evalNorms())
           .arg(train ? QString::number(train->launches.size()) : QStringLiteral("no"))});
  // Batch-statistics norms in series compound rounding: each divides by its batch's spread. On the H200 (session
  // 14, docs/results/2026-12-02-h200-s14.md) 20_MobileNetV2 (52 norms) in training mode read rel_err 0.060 against
  // float64 with TF32 conv dots and 7.7e-4 with tf32x3, at the same latency; 8_ResNetBasicBlock (2 norms) read
  // 0.0017 with TF32. From kCompoundingNorms on (a bound between the two, not a measured threshold) the conv dots
  // run at tf32x3, and the plan computes in fp32's accuracy: torch.compile is timed without TF32 beside it.
  constexpr int kCompoundingNorms = 8;
  if (plan->hasConv && p.evalNorms() >= kCompoundingNorms) {
    plan->moreConvs << QStringLiteral(
                           "DOT_PRECISION = tl.constexpr(\"tf32x3\")  # %1 batch norms in series: "
                           "TF32 rounding compounds (DECISIONS.md, session 14)")
                           .arg(p.evalNorms());
    plan->mathDtype.clear();
    plan->config.append({QStringLiteral("dot precision"),
                         QStringLiteral("tf32x3 (three TF32 products, about fp32's accuracy) in every convolution: "
                                        "%1 batch norms in series compound TF32's rounding (MobileNetV2 on the "
                                        "H200: rel_err 0.060 at TF32, 7.7e-4 at tf32x3)")
                             .arg(p.evalNorms())});
  }
  return plan;
}

}  // namespace

ColumnSlotsOff::ColumnSlotsOff() { ++t_columnSlotsOff; }
ColumnSlotsOff::~ColumnSlotsOff() { --t_columnSlotsOff; }

std::optional<ChainPlan> planChain(const OpGraph& g, const json& spec, QString* whyNot, bool allPointwise) {
  auto plan = planModes(g, spec, whyNot, allPointwise);
  if (!plan) return plan;
  // A random draw cannot be replayed (the capture's numbers would repeat): a plan whose draws hoist (drawLines:
  // 35_LSTM's torch.randn initial state) makes them eagerly in forward(), as the reference does after the same
  // seed, and replays the rest with the drawn tensors as inputs; any other plan with draws stays eager.
  // A replay copies the inputs into the graph's buffers and the result out of them: what a small plan must save
  qint64 copiedBytes = 0;
  for (const QList<TensorInfo>* ts : {&g.inputs, &g.outputs})
    for (const TensorInfo& t : *ts) {
      qint64 n = 1;
      for (qint64 d : t.shape) n *= d;
      const bool wide = t.dtype.endsWith(QLatin1String("64"));
      const bool narrow = t.dtype.endsWith(QLatin1String("16")) || t.dtype == u"bool" || t.dtype.endsWith(u'8');
      copiedBytes += n * (wide ? 8 : narrow ? 2 : 4);
    }
  plan->graphReplay = plan->writtenInputs.isEmpty() && (!plan->randomDraws || !plan->drawLines.isEmpty()) &&
                      (plan->hostLaunches >= kGraphMinLaunches ||
                       (plan->hostLaunches >= kGraphSmallLaunches && copiedBytes <= kGraphSmallCopyBytes));
  plan->graphOptional = !plan->graphReplay && plan->writtenInputs.isEmpty() &&
                        (!plan->randomDraws || !plan->drawLines.isEmpty()) &&
                        plan->hostLaunches >= kGraphOptionalLaunches && copiedBytes <= kGraphSmallCopyBytes;
  if (plan->graphReplay)
    plan->config.append({QStringLiteral("launch path"),
                         QStringLiteral("%1 per forward replay from one CUDA graph after the first call of "
                                        "each input shape (kwb_graph_call; ModelNew.last_graph says which ran; "
                                        "KWB_CUDA_GRAPH=0 runs them one by one)")
                             .arg(launchesText(plan->kernelLaunches))});
  return plan;
}

QString chainSkeletonReason(const json& spec, const QString& frameworkLabel) {
  const auto plan = planChain(decodeOpGraph(spec), spec, nullptr);
  if (!plan) return {};
  QStringList kinds;
  for (const ChainLaunch& l : plan->launches)
    if (!kinds.contains(l.kind)) kinds << l.kind;
  return QStringLiteral(
             "Kernel Workbench plans this problem as a chain of %1 (%2); the %3 rendering of "
             "chains is not written yet: --framework triton renders it")
      .arg(launchesText(plan->kernelLaunches))  // what forward() launches, as the kernel's header says
      .arg(kinds.join(QStringLiteral(", ")), frameworkLabel);
}

GeneratedKernel renderChainKernel(const ChainPlan& plan, const json& spec, const FrameworkBackend& backend) {
  GeneratedKernel k;
  QString err;
  const QString stages = readResourceText(QStringLiteral(":/kwb/templates/kernels/triton_stages.py"), &err);
  const QString epilogue = stages.isEmpty()
                               ? QString()
                               : readResourceText(QStringLiteral(":/kwb/templates/kernels/triton_epilogue.py"), &err);
  // the host helpers forward() calls (kwb_size, kwb_at_spec), shared with the CuTe DSL chain (cutechain.cpp)
  const QString host =
      epilogue.isEmpty() ? QString() : readResourceText(QStringLiteral(":/kwb/templates/kernels/chain_host.py"), &err);
  // indexed writes and integer scans (kwb_scatter_reduce, kwb_cumsum_int, kwb_masked_scatter): their own file
  const QString indexed =
      host.isEmpty() ? QString() : readResourceText(QStringLiteral(":/kwb/templates/kernels/triton_indexed.py"), &err);
  if (stages.isEmpty() || epilogue.isEmpty() || host.isEmpty() || indexed.isEmpty()) {
    k.error = err;
    return k;
  }
  // A graph-replayed plan: forward() hands its arguments to kwb_graph_call, the plan's body becomes _kwb_forward.
  // Only for plain parameter lists ("*args" has no names to hand on).
  const QString params = modelNewParts(spec).forwardParams;
  const bool graph = (plan.graphReplay || plan.graphOptional) && !params.contains(u'*') && !params.contains(u'=');
  // The per-shape launch plan (kwb_plan_call, chain_host.py; host46): where a replay of recorded launches can be the
  // forward -- no input written in place and no random draw (what the graph replay also excludes: the plan's own
  // write-back and a draw are host-side torch work a replay would skip or repeat). Whether the plan reads a value
  // (.item(), a data-dependent size) is proven per key at run time by the recorder, which refuses any such op;
  // kwb_plan_cache (on by default; KWB_PLAN_CACHE=0 in the kernel's environment turns it off). KWB_PLAN_CACHE_EMIT=0:
  // forward() is the eager body, as before.
  const bool planCache = !params.contains(u'*') && !params.contains(u'=') && plan.writtenInputs.isEmpty() &&
                         !plan.randomDraws && qEnvironmentVariable("KWB_PLAN_CACHE_EMIT", QStringLiteral("1")) != u"0";
  QString graphCode;
  if (graph) {
    graphCode = readResourceText(QStringLiteral(":/kwb/templates/kernels/triton_graph.py"), &err);
    if (graphCode.isEmpty()) {
      k.error = err;
      return k;
    }
    // the conv template's module constants are part of a graph's key (an A/B flips CONV_STATS between calls)
    if (plan.hasConv)
      graphCode += QStringLiteral(
          "\n\ndef _kwb_graph_knobs():  # noqa: F811 -- the conv template's constants\n"
          "    return _host_knobs()\n");
    else if (std::any_of(plan.launches.cbegin(), plan.launches.cend(),
                         [](const ChainLaunch& l) { return l.kind == u"recurrent"; }))
      graphCode += QStringLiteral(
          "\n\ndef _kwb_graph_knobs():  # noqa: F811 -- the recurrent stage's step path (an A/B flips it)\n"
          "    return kwb_rnn_step, kwb_rnn_split_bh, kwb_rnn_fuse_x\n");
  }
  // the target GPU's SM count from the spec ledger (spec target.sm_count, set for the run's --gpu): one wave off it
  const json target = spec.value("target", json::object());
  const json smCount = target.is_object() ? target.value("sm_count", json()) : json();
  const QString targetSms =
      smCount.is_number_integer() && smCount.get<qint64>() >= 1
          ? QStringLiteral("\nkwb_target_sms = %1  # %2's sm_count in the spec ledger: one wave off the GPU\n")
                .arg(smCount.get<qint64>())
                .arg(target.contains("gpu") && target.at("gpu").is_string()
                         ? QString::fromStdString(target.at("gpu").get<std::string>())
                         : QStringLiteral("the target"))
          : QString();
  // KWB_ROWS_COLS_ONEPASS: the stage's switches for a plan with a kwb_rows launch (the planner took its plan above)
  const bool onepass = rowsColsOnepass() && std::any_of(plan.launches.cbegin(), plan.launches.cend(),
                                                        [](const ChainLaunch& l) { return l.kind == u"rows"; });
  const QString stageCode =
      QStringLiteral("# ---- the stage library (resources/templates/kernels/triton_stages.py) ----\n") + stages +
      QStringLiteral("\n\n") + host.trimmed() + u'\n' + targetSms +
      (onepass ? QStringLiteral("\nkwb_rows_cols = True  # KWB_ROWS_COLS_ONEPASS=1: the one-pass column tile\n"
                                "kwb_rows_cols_onepass = True\n")
               : QString()) +
      (onepass && rowsColsTile()
           ? QStringLiteral("kwb_rows_cols_rule = True  # KWB_ROWS_COLS_TILE=1: the tile's shape by the shape's rule\n")
           : QString()) +
      QStringLiteral("\n\n# ---- epilogues and the elementwise launch (triton_epilogue.py) ----\n") + epilogue +
      QStringLiteral("\n\n# ---- indexed writes and integer scans (triton_indexed.py) ----\n") + indexed +
      (graph ? QStringLiteral("\n\n") + graphCode : QString()) +
      QStringLiteral("\n\n# ---- this problem's epilogues: its pointwise runs ----\n\n") + plan.epilogues;
  AnchorPlan a;
  a.anchor = plan.hasConv ? QStringLiteral("conv") : QStringLiteral("chain");
  a.description = plan.description;
  a.vars = plan.convVars;
  a.vars.insert(QStringLiteral("STAGES"), stageCode);
  if (graph) {
    QStringList names = params.split(u',', Qt::SkipEmptyParts);
    for (QString& n : names) n = n.trimmed();
    // the plan's random draws, made eagerly before the replay (in the reference's order) and handed to it
    QString draws, body = plan.forwardBody, moreParams;
    for (int i = 0; i < plan.drawLines.size(); ++i) {
      draws += plan.drawLines.at(i) + u'\n';
      body.remove(plan.drawLines.at(i) + u'\n');
      names << plan.drawTargets.value(i);
      moreParams += QStringLiteral(", ") + plan.drawTargets.value(i);
    }
    const QString tuple = names.size() == 1 ? names.first() + u',' : names.join(QStringLiteral(", "));
    // the graph's eager calls (its first of a key, no CUDA, autograd on) go through the launch-plan cache
    const QString impl = planCache ? QStringLiteral("self._kwb_planned") : QStringLiteral("self._kwb_forward");
    const QString planned = planCache
                                ? QStringLiteral(
                                      "    def _kwb_planned(self, *args):  # the launch-plan cache (kwb_plan_call)\n"
                                      "        return kwb_plan_call(self, self._kwb_forward, args)\n\n")
                                : QString();
    if (plan.graphReplay)
      a.vars.insert(QStringLiteral("FORWARD_BODY"),
                    QStringLiteral("        # %1 per forward: replayed from a CUDA graph (kwb_graph_call)\n"
                                   "%2        return kwb_graph_call(self, %6, (%3))\n\n%7"
                                   "    def _kwb_forward(self%4):\n%5")
                        .arg(launchesText(plan.kernelLaunches))
                        .arg(draws, tuple, params + moreParams, body, impl, planned));
    else  // graphOptional: eager unless kwb_graph_small (a host-time switch; the harness times GPU time)
      a.vars.insert(QStringLiteral("FORWARD_BODY"),
                    QStringLiteral("        # %1 per forward: replayed from a CUDA graph when kwb_graph_small "
                                   "is on (host time), else eagerly\n"
                                   "%2        if kwb_graph_small:\n"
                                   "            return kwb_graph_call(self, %6, (%3))\n"
                                   "        return %8\n\n%7"
                                   "    def _kwb_forward(self%4):\n%5")
                        .arg(launchesText(plan.kernelLaunches))
                        .arg(draws, tuple, params + moreParams, body, impl, planned,
                             planCache ? QStringLiteral("kwb_plan_call(self, self._kwb_forward, (%1))").arg(tuple)
                                       : QStringLiteral("self._kwb_forward(%1)").arg(tuple)));
  } else if (planCache) {
    // the body is _kwb_body, not _kwb_forward: a size-dispatched kernel renames a plan's forward to _kwb_forward_pN
    // and its own methods M to M_pN, so a body named _kwb_forward would take the forward's name
    QStringList names = params.split(u',', Qt::SkipEmptyParts);
    for (QString& n : names) n = n.trimmed();
    const QString tuple = names.size() == 1 ? names.first() + u',' : names.join(QStringLiteral(", "));
    a.vars.insert(QStringLiteral("FORWARD_BODY"),
                  QStringLiteral("        # replayed from this input shape's launch plan when kwb_plan_cache is on "
                                 "(on by default, KWB_PLAN_CACHE=0 turns it off; kwb_plan_call)\n"
                                 "        return kwb_plan_call(self, self._kwb_body, (%1))\n\n"
                                 "    def _kwb_body(self%2):\n%3")
                      .arg(tuple, params, plan.forwardBody));
  } else {
    a.vars.insert(QStringLiteral("FORWARD_BODY"), plan.forwardBody);
  }
  if (plan.hasConv) a.vars.insert(QStringLiteral("MORE_CONVS"), plan.moreConvs.join(u'\n'));
  a.config = plan.config;
  if (planCache)
    a.config.append({QStringLiteral("launch plan"),
                     QStringLiteral("each input shape's launches replay from a recorded plan after its first two "
                                    "calls while kwb_plan_cache is on (on by default, KWB_PLAN_CACHE=0 turns it off; "
                                    "kwb_plan_call; ModelNew.last_plan says which ran)")});
  a.mathDtype = plan.mathDtype;
  a.tile = 128;
  const QString tmpl = plan.hasConv ? QStringLiteral(":/kwb/templates/kernels/triton_conv.py.tmpl")
                                    : QStringLiteral(":/kwb/templates/kernels/triton_chain.py.tmpl");
  return renderAnchorKernel(a, tmpl, spec, backend);
}

}  // namespace kwb
