// Chains in the CuTe DSL over its stage set (cutechain.h). NEVER RUN: the CuTe DSL cannot be
// installed here; every rendering is checked statically against cute_api.json (kwb check, cute_check.py).
#include "core/codegen/cutechain.h"

#include "core/codegen/anchor.h"
#include "core/codegen/cutedialect.h"
#include "core/codegen/cutedslbackend.h"
#include "core/codegen/opgraph.h"
#include "core/codegen/pointwise.h"
#include "core/codegen/template.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace kwb {

namespace {

/// The plan's launches for a reason: "1 launch (conv)", "3 launches (gemm, reduce)".
QString launchesText(const ChainPlan& plan) {
  QStringList kinds;
  for (const ChainLaunch& l : plan.launches)
    if (!kinds.contains(l.kind)) kinds << l.kind;
  const qsizetype n = plan.launches.size();
  return (n == 1 ? QStringLiteral("1 launch") : QStringLiteral("%1 launches").arg(n)) + QStringLiteral(" (") +
         kinds.join(QStringLiteral(", ")) + u')';
}

/// @p text split at its top-level commas (none inside brackets or quotes), each part trimmed.
QStringList topLevelArgs(const QString& text) {
  QStringList parts;
  int depth = 0;
  QChar quote;
  QString cur;
  for (const QChar ch : text) {
    if (!quote.isNull()) {
      if (ch == quote) quote = QChar();
    } else if (ch == u'"' || ch == u'\'') {
      quote = ch;
    } else if (ch == u'(' || ch == u'[' || ch == u'{') {
      ++depth;
    } else if (ch == u')' || ch == u']' || ch == u'}') {
      --depth;
    } else if (ch == u',' && depth == 0) {
      parts << cur.trimmed();
      cur.clear();
      continue;
    }
    cur += ch;
  }
  if (!cur.trimmed().isEmpty()) parts << cur.trimmed();
  return parts;
}

/// The forward() expressions a chain epilogue's program inputs stand for, read from the stage call that hands it
/// over in @p body: "acc" -> the call's x (its first argument), "e<j>_v" -> its epi_tensors' j-th entry, keyed by
/// program input name (a0, a1, ...). Empty where the call is not found. A reason names these, never the internal
/// operand names (new-user trial 26 #6: "input a0" where the problem's input is `lengths`).
QMap<QString, QString> epilogueInputWords(const QString& body, const ChainEpilogue& e) {
  QMap<QString, QString> words;
  const QRegularExpression call(
      QStringLiteral("\\b(?:kwb_\\w+|conv_forward)\\((.*)\\bepi=%1\\b(.*)$").arg(QRegularExpression::escape(e.fn)),
      QRegularExpression::MultilineOption);
  const auto m = call.match(body);
  if (!m.hasMatch()) return words;
  const QStringList head = topLevelArgs(m.captured(1));
  const QString x = head.isEmpty() ? QString() : head.first();
  QStringList tensors;
  static const QRegularExpression epiTensors(QStringLiteral("\\bepi_tensors=\\("));
  if (const auto t = epiTensors.match(m.captured(2)); t.hasMatch()) {
    const QString rest = m.captured(2).mid(t.capturedEnd());
    int depth = 1;
    qsizetype end = 0;
    for (; end < rest.size() && depth > 0; ++end) depth += rest.at(end) == u'(' ? 1 : rest.at(end) == u')' ? -1 : 0;
    tensors = topLevelArgs(rest.left(end - 1));
  }
  static const QRegularExpression slot(QStringLiteral("^e(\\d)_v$"));
  for (auto it = e.inputs.cbegin(); it != e.inputs.cend(); ++it) {
    if (it.value() == u"acc" && !x.isEmpty()) words.insert(it.key(), x);
    if (const auto s = slot.match(it.value()); s.hasMatch() && s.captured(1).toInt() < tensors.size())
      words.insert(it.key(), tensors.at(s.captured(1).toInt()));
  }
  return words;
}

/// @p why with each "input aN" of a chain epilogue's program replaced by the forward() expression it stands for.
QString nameEpilogueInputs(QString why, const QString& body, const ChainEpilogue& e) {
  const auto words = epilogueInputWords(body, e);
  for (auto it = words.cbegin(); it != words.cend(); ++it)
    why.replace(QRegularExpression(QStringLiteral("\\binput %1\\b").arg(it.key())),
                QStringLiteral("input %1").arg(it.value()));
  return why;
}

/// The epilogue as a @cute.jit function of the chain's calling convention, or "" with *whyNot.
QString epilogueFunction(const ChainEpilogue& e, QString* whyNot) {
  QString why;
  const auto prog = parsePointwiseProgram(e.program, &why);
  if (!prog) {
    if (whyNot) *whyNot = why;
    return {};
  }
  const CuteDialect d;
  QString result;
  const auto stmts = lowerPointwise(
      *prog, d,
      [&](const PwInput& in) {
        PwVal v;
        v.expr = e.inputs.value(in.name);
        v.kind = v.expr.startsWith(u'f') ? PwVal::Kind::Scalar : PwVal::Kind::Tensor;
        return v;
      },
      QStringLiteral("    "), &result, &why);
  if (!stmts) {
    if (whyNot) *whyNot = why;
    return {};
  }
  // an integer compared exactly (the chain passes it as an epilogue tensor of its own dtype): kwb_pointwise loads
  // the slots named in _kwb_int_slots as Int64 (session 37); one given as acc (loaded fp32) is not exact
  QStringList intSlots;
  for (const PwInput& in : prog->inputs) {
    if (!in.exactInt || !in.usedByGraph) continue;
    static const QRegularExpression slot(QStringLiteral("^e(\\d)_v$"));
    const auto m = slot.match(e.inputs.value(in.name));
    if (!m.hasMatch()) {
      if (whyNot)
        *whyNot = QStringLiteral(
                      "input %1 is an integer read exactly (compared or in arithmetic) but reaches the epilogue "
                      "as its fp32 accumulator")
                      .arg(in.label.isEmpty() ? in.name : in.label);
      return {};
    }
    intSlots << m.captured(1);
  }
  QStringList fn = {QStringLiteral("@cute.jit"),
                    QStringLiteral("def %1(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):").arg(e.fn),
                    QStringLiteral("    # %1 (line %2)").arg(e.ops).arg(e.line)};
  fn << *stmts << QStringLiteral("    return %1").arg(result);
  // an integer result (integer arithmetic, session 38): kwb_pointwise stores it from Int64 (exact above 2**24)
  const bool intResult = std::any_of(prog->nodes.cbegin(), prog->nodes.cend(), [&](const PwNode& n) {
    static const QStringList ints = {QStringLiteral("int64"), QStringLiteral("int32"), QStringLiteral("int16"),
                                     QStringLiteral("int8"), QStringLiteral("uint8")};
    return n.id == prog->output && ints.contains(n.dtype);
  });
  if (intResult)
    fn << QString() << QString()
       << QStringLiteral("_kwb_int_results.add(%1)  # an Int64 result: stored exactly").arg(e.fn);
  if (!intSlots.isEmpty())
    fn << QString() << QString()
       << QStringLiteral("_kwb_int_slots[%1] = (%2%3)  # loaded as Int64: exact integers")
              .arg(e.fn, intSlots.join(QStringLiteral(", ")), intSlots.size() == 1 ? QStringLiteral(",") : QString());
  return fn.join(u'\n');
}

/// The launchers of the CuTe DSL stage set (cutedsl_stages.py), each with the keyword arguments it takes; the
/// chain's plumbing (no launch of its own, or a kwb_pointwise copy) takes any.
const QMap<QString, QStringList>& stageKeywords() {
  static const QMap<QString, QStringList> k = {
      {QStringLiteral("kwb_gemm"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"), QStringLiteral("epi_view"),
        QStringLiteral("out_dtype"), QStringLiteral("ieee"),
        // a prologue on A (session 36, cute36): a kwb_pointwise launch before the GEMM kernel
        QStringLiteral("pro"), QStringLiteral("pro_tensors"), QStringLiteral("pro_scalars")}},
      // sibling GEMMs over one A (session 39, fuse39): the CuTe DSL runs them as two kwb_gemm launches
      {QStringLiteral("kwb_gemm_dual"),
       {QStringLiteral("gepi"), QStringLiteral("gepi_scalars"), QStringLiteral("gate_dtype"), QStringLiteral("epi"),
        QStringLiteral("epi_reg"), QStringLiteral("slot"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"),
        QStringLiteral("epi_view"), QStringLiteral("out_dtype")}},
      // torch.mv / addmv (session 36, cute36): kwb_gemm's kernel with one output column
      {QStringLiteral("kwb_gemv"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"),
        QStringLiteral("out_dtype")}},
      {QStringLiteral("kwb_pointwise"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"),
        QStringLiteral("out_dtype")}},
      {QStringLiteral("kwb_reduce"),
       {QStringLiteral("pre"), QStringLiteral("pre_tensors"), QStringLiteral("pre_scalars"),
        QStringLiteral("pre_dtype"), QStringLiteral("epi"), QStringLiteral("epi_tensors"),  // epi: a launch after it
        QStringLiteral("epi_scalars"), QStringLiteral("out_dtype"),
        // a source run also returned (session 47, mamba47): a kwb_pointwise launch storing it before the reduction
        QStringLiteral("src"), QStringLiteral("src_tensors"), QStringLiteral("src_scalars"),
        QStringLiteral("src_dtype")}},
      {QStringLiteral("kwb_softmax"),
       {QStringLiteral("log"), QStringLiteral("safe_rows"), QStringLiteral("epi"), QStringLiteral("epi_tensors"),
        QStringLiteral("epi_scalars"), QStringLiteral("pre"), QStringLiteral("pre_scalars"),
        QStringLiteral("pre_tensors"), QStringLiteral("out_dtype")}},
      {QStringLiteral("kwb_group_norm"),
       {QStringLiteral("pre"), QStringLiteral("pre_tensors"), QStringLiteral("pre_scalars"), QStringLiteral("epi"),
        QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"), QStringLiteral("out_dtype"),
        QStringLiteral("reduce"), QStringLiteral("keepdim"),  // reduce= (session 33): a kwb_reduce launch after it
        QStringLiteral("keep_layout")}},  // a layout hint, taken and ignored (session 37: the convolution strides)
      {QStringLiteral("kwb_layer_norm"),
       {QStringLiteral("pre"), QStringLiteral("pre_tensors"), QStringLiteral("pre_scalars"), QStringLiteral("epi"),
        QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"), QStringLiteral("out_dtype")}},
      // stats: conv_forward(..., stats=True) here returns None for it, so the stage computes the statistics itself;
      // keep_layout: a channels-last x's result is channels-last (session 33)
      {QStringLiteral("kwb_batch_norm"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"), QStringLiteral("stats"),
        QStringLiteral("keep_layout")}},
      // the direct convolution (session 32): every argument of the Triton template's conv_forward; reduce= is a
      // kwb_reduce launch after it, stats=True returns None statistics
      {QStringLiteral("conv_forward"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"), QStringLiteral("reduce"),
        QStringLiteral("keepdim"), QStringLiteral("over"), QStringLiteral("stats"), QStringLiteral("out"),
        QStringLiteral("epi_view"), QStringLiteral("weight_computed")}},
      {QStringLiteral("kwb_var"), {QStringLiteral("std")}},
      // sibling reductions over the same rows (session 32): one kwb_reduce / kwb_var launch each, then post; the
      // apply over the rows (session 40) a kwb_pointwise launch after them
      {QStringLiteral("kwb_rows"),
       {QStringLiteral("post"), QStringLiteral("post_src"), QStringLiteral("post_tensors"),
        QStringLiteral("post_scalars"), QStringLiteral("post_dtype"), QStringLiteral("apply"),
        QStringLiteral("apply_src"), QStringLiteral("apply_tensors"), QStringLiteral("apply_scalars"),
        QStringLiteral("apply_dtype")}},
      {QStringLiteral("kwb_var_mean"), {QStringLiteral("std")}},
      // sibling whole-tensor reductions (session 42): one kwb_reduce launch each here (no keywords)
      {QStringLiteral("kwb_reduce_multi"), {}},
      // recurrent layers (session 33): a kwb_gemm for the input projection, then one time-loop launch
      {QStringLiteral("kwb_rnn"), {QStringLiteral("dropout"), QStringLiteral("training")}},
      // keep_layout is a layout hint (the CuTe DSL pool stores contiguous NCHW), so it is taken and ignored
      {QStringLiteral("kwb_pool"),
       {QStringLiteral("count_include_pad"), QStringLiteral("divisor_override"), QStringLiteral("keep_layout"),
        QStringLiteral("output_size")}},
      {QStringLiteral("kwb_adaptive_pool"), {QStringLiteral("keep_layout")}},
      {QStringLiteral("kwb_attention"),
       {QStringLiteral("diag"), QStringLiteral("lower"), QStringLiteral("fill"), QStringLiteral("mask"),
        QStringLiteral("mask_keep"), QStringLiteral("k_rep"), QStringLiteral("v_rep"), QStringLiteral("band"),
        QStringLiteral("bias"), QStringLiteral("bias_scale"),
        QStringLiteral("pv_ieee"),     // session 33 (cute33a); pv_ieee: its SIMT products are fp32 anyway (attn37)
        QStringLiteral("mask_cmp")}},  // key j CMP a per-entry integer (operand38)
      {QStringLiteral("kwb_masked_softmax"),
       {QStringLiteral("diag"), QStringLiteral("lower"), QStringLiteral("fill"), QStringLiteral("mask"),
        QStringLiteral("mask_keep"), QStringLiteral("band"), QStringLiteral("bias"), QStringLiteral("bias_scale"),
        QStringLiteral("out_dtype"), QStringLiteral("mask_cmp")}},  // session 33 (cute33a)
      // scans (session 34, cute34): cummax / cummin's indices= has no stage (a gap, not taken)
      // pre= / shift= / out_dtype= (session 46, scan46): taken, not fused -- a kwb_pointwise launch first, a kwb_cat of
      // a kwb_full column
      {QStringLiteral("kwb_scan"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"), QStringLiteral("pre"),
        QStringLiteral("pre_tensors"), QStringLiteral("pre_scalars"), QStringLiteral("shift"),
        QStringLiteral("out_dtype")}},
      {QStringLiteral("kwb_cumsum"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"), QStringLiteral("pre"),
        QStringLiteral("pre_tensors"), QStringLiteral("pre_scalars"), QStringLiteral("shift"),
        QStringLiteral("out_dtype")}},
      // gathers (session 34, cute34): the launchers that take no option list an argument they take by name, so that
      // the table tells them from plumbing (an empty list)
      // an index prologue / an epilogue (session 46, gather46): launches of their own on the CuTe DSL side
      {QStringLiteral("kwb_embedding"),
       {QStringLiteral("wrap"), QStringLiteral("pre"), QStringLiteral("pre_tensors"), QStringLiteral("pre_scalars"),
        QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"),
        QStringLiteral("out_dtype")}},
      {QStringLiteral("kwb_index"),
       {QStringLiteral("dim"), QStringLiteral("pre"), QStringLiteral("pre_tensors"), QStringLiteral("pre_scalars"),
        QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"),
        QStringLiteral("out_dtype")}},
      {QStringLiteral("kwb_index2"),
       {QStringLiteral("dim"), QStringLiteral("pre"), QStringLiteral("pre_tensors"), QStringLiteral("pre_scalars"),
        QStringLiteral("pre_at"), QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"),
        QStringLiteral("out_dtype")}},
      {QStringLiteral("kwb_gather"), {QStringLiteral("dim"), QStringLiteral("index")}},
      // a gather loaded by its reduction (session 41, redpro41): the CuTe DSL runs kwb_gather, then kwb_reduce
      {QStringLiteral("kwb_reduce_gathered"),
       {QStringLiteral("pre"), QStringLiteral("pre_tensors"), QStringLiteral("pre_scalars"),
        QStringLiteral("pre_dtype")}},
      // p-norms (session 34, cute34): kwb_reduce's row kernel with |x|, |x|^p, x * x or x != 0 on load
      {QStringLiteral("kwb_pnorm"),
       {QStringLiteral("pre"), QStringLiteral("pre_tensors"), QStringLiteral("pre_scalars"),
        QStringLiteral("pre_dtype"), QStringLiteral("epi"), QStringLiteral("epi_tensors"),  // epi: a launch after it
        QStringLiteral("epi_scalars"), QStringLiteral("out_dtype")}},
      // fills (session 34, cute34): memo= is taken (each call launches)
      {QStringLiteral("kwb_full"), {QStringLiteral("memo")}},
      {QStringLiteral("kwb_arange"), {QStringLiteral("memo")}},
      {QStringLiteral("kwb_tri"), {QStringLiteral("memo")}},
      // index maps (session 35, cute35): pads, flips and rolls by one shift kernel, a cat by a copy per part; the
      // index-map prologues (kwb_pad_prologue, kwb_piecewise_reads) are off, so *_view / *_piece launch
      {QStringLiteral("kwb_pad"), {QStringLiteral("value"), QStringLiteral("mode")}},
      {QStringLiteral("kwb_pad_view"), {QStringLiteral("value"), QStringLiteral("mode")}},
      {QStringLiteral("kwb_flip"), {QStringLiteral("dims")}},
      {QStringLiteral("kwb_flip_view"), {QStringLiteral("dims")}},
      {QStringLiteral("kwb_roll"), {QStringLiteral("dims")}},
      {QStringLiteral("kwb_cat"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars")}},
      {QStringLiteral("kwb_cat_piece"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars")}},
      // a buffer written by slices (kwb_piecewise_reads off): each piece a kwb_pointwise launch, each write a copy
      {QStringLiteral("kwb_pointwise_piece"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"),
        QStringLiteral("out_dtype")}},
      {QStringLiteral("kwb_copy_into_piece"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"),
        QStringLiteral("out_dtype"),
        QStringLiteral("memo")}},  // keywords of the launch its lambda makes (that launch is checked itself)
      {QStringLiteral("kwb_upsample"),
       {QStringLiteral("size"), QStringLiteral("scales"), QStringLiteral("align_corners"), QStringLiteral("epi"),
        QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars")}},
      // losses by an integer target (session 35, cute35): nll_loss / cross_entropy, then kwb_reduce launches
      {QStringLiteral("kwb_nll"),
       {QStringLiteral("weight"), QStringLiteral("ignore_index"), QStringLiteral("reduction"),
        QStringLiteral("log_softmax"), QStringLiteral("row_sum"), QStringLiteral("out_dtype")}},
      // selections along a dim with their indices (session 36, cute36): a thread per row element counts its rank;
      // pre= a kwb_pointwise launch first
      {QStringLiteral("kwb_topk"),
       {QStringLiteral("largest"), QStringLiteral("sorted"), QStringLiteral("nan_first"), QStringLiteral("pre"),
        QStringLiteral("pre_tensors"), QStringLiteral("pre_scalars"), QStringLiteral("pre_dtype")}},
      {QStringLiteral("kwb_sort"), {QStringLiteral("descending")}},
      {QStringLiteral("kwb_kthvalue"), {QStringLiteral("keepdim")}},
      {QStringLiteral("kwb_max_dim"), {QStringLiteral("keepdim"), QStringLiteral("largest")}},
      // bags of embedding rows (session 36, cute36): a thread per output element walks its bag; epi= a launch after
      {QStringLiteral("kwb_embedding_bag"),
       {QStringLiteral("mode"), QStringLiteral("per_sample_weights"), QStringLiteral("include_last_offset"),
        QStringLiteral("padding_idx"), QStringLiteral("epi"), QStringLiteral("epi_tensors"),
        QStringLiteral("epi_scalars")}},
      // unfold / fold (session 37, cute37): a thread per patch element / per output element; epi= a launch after
      {QStringLiteral("kwb_im2col"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"), QStringLiteral("kmajor")}},
      {QStringLiteral("kwb_col2im"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars")}},
      // a reshape torch copies: one copy launch, epi= a launch after; torch.scatter without reduce= (session 37)
      {QStringLiteral("kwb_reshape"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars")}},
      {QStringLiteral("kwb_scatter"), {QStringLiteral("src"), QStringLiteral("value")}},
      // scatter_add / index_add (session 38): a copy of x, then one fp32 atomic add per index element
      {QStringLiteral("kwb_scatter_add"), {QStringLiteral("index_add"), QStringLiteral("alpha")}},
      // scatter_reduce (not prod: stageGap), integer cumsums, masked_scatter (session 39): atomics, a serial Int64
      // scan per row; the last two take no option, so they list an argument they take by name
      {QStringLiteral("kwb_scatter_reduce"), {QStringLiteral("include_self")}},
      {QStringLiteral("kwb_cumsum_int"), {QStringLiteral("exclusive")}},
      {QStringLiteral("kwb_masked_scatter"), {QStringLiteral("source")}},
      // spatial transformers (session 39): a thread per grid point / output element; epi= a launch after
      {QStringLiteral("kwb_affine_grid"), {QStringLiteral("align_corners")}},
      // an input written in place (session 39): its final value copied back into the caller's tensor
      {QStringLiteral("kwb_copy_into"), {QStringLiteral("src")}},
      {QStringLiteral("kwb_grid_sample"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars")}},
      // the one-pass row fusion's guard is False in the stage set: forward() takes the plan's other branch
      {QStringLiteral("kwb_row1_fits"), {}},
      {QStringLiteral("kwb_row1_stat"), {}},
      {QStringLiteral("kwb_row1"), {}},
      {QStringLiteral("kwb_to_fp32"), {}},
      {QStringLiteral("kwb_as_dtype"), {}},
      {QStringLiteral("kwb_size"), {}},
      {QStringLiteral("kwb_int_arg"), {}},  // a forward() int argument checked exact (chain_host.py)
      {QStringLiteral("kwb_pool_len"), {}},
      {QStringLiteral("kwb_at_spec"), {}},
      // a block of launches from parameters / buffers only, kept on the model per their versions (chain_host.py)
      {QStringLiteral("kwb_state_get"), {}},
      {QStringLiteral("kwb_state_put"), {}},
      {QStringLiteral("kwb_attn_rep"), {}},
      {QStringLiteral("kwb_cat_starts"), {}},
      {QStringLiteral("kwb_piece_view"), {}},
      {QStringLiteral("kwb_piece_starts"), {}},
      // sibling launches (session 49, rope49): each member its own launch on the CuTe DSL side (the plan before)
      {QStringLiteral("kwb_index_multi"), {QStringLiteral("dim")}},
      {QStringLiteral("kwb_pointwise_multi"),
       {QStringLiteral("epi"), QStringLiteral("epi_tensors"), QStringLiteral("epi_scalars"),
        QStringLiteral("out_dtype")}},
      {QStringLiteral("kwb_pw_args"), {}},  // kwb_pointwise_multi's argument tuples
      {QStringLiteral("kwb_at"), {}},       // only in the index-map branch, which is off here (kwb_pad_prologue)
      {QStringLiteral("kwb_dim_scalar"), {}}};
  return k;
}

/// "" when the stage set covers the call `stage(args` (args: the rest of its forward() line, comment removed),
/// else what has no CuTe DSL stage: "a kwb_batch_norm launch", "a kwb_reduce launch of prod", "a kwb_gemm launch
/// with pro= (a prologue on A)".
QString stageGap(const QString& stage, const QString& args) {
  const auto& kw = stageKeywords();
  if (!kw.contains(stage)) return QStringLiteral("a %1 launch").arg(stage);
  if (kw.value(stage).isEmpty()) return {};  // plumbing
  static const QRegularExpression key(QStringLiteral("\\b([a-z_]+)=(?!=)"));
  for (auto it = key.globalMatch(args); it.hasNext();) {
    const QString name = it.next().captured(1);
    if (!kw.value(stage).contains(name))
      return QStringLiteral("a %1 launch with %2=%3")
          .arg(stage, name, name == u"pro" ? QStringLiteral(" (a prologue on A)") : QString());
  }
  if (stage == u"kwb_reduce") {
    static const QRegularExpression op(QStringLiteral("\"(\\w+)\""));
    const QString o = op.match(args).captured(1);
    static const QStringList ops = {QStringLiteral("sum"),  QStringLiteral("mean"), QStringLiteral("prod"),
                                    QStringLiteral("amax"), QStringLiteral("amin"), QStringLiteral("logsumexp")};
    if (!ops.contains(o)) return QStringLiteral("a kwb_reduce launch of %1").arg(o.isEmpty() ? QStringLiteral("?") : o);
  }
  if (stage == u"kwb_rows") {  // every reduction's op: prod has no CuTe DSL form
    static const QRegularExpression op(QStringLiteral("\"(\\w+)\""));
    static const QStringList ops = {QStringLiteral("sum"),       QStringLiteral("mean"), QStringLiteral("amax"),
                                    QStringLiteral("max"),       QStringLiteral("amin"), QStringLiteral("min"),
                                    QStringLiteral("logsumexp"), QStringLiteral("var"),  QStringLiteral("std")};
    for (auto it = op.globalMatch(args); it.hasNext();)
      if (const QString o = it.next().captured(1); !ops.contains(o))
        return QStringLiteral("a kwb_rows launch of %1").arg(o);
  }
  if (stage == u"kwb_scatter_reduce" && args.contains(QLatin1String("\"prod\"")))
    return QStringLiteral("a kwb_scatter_reduce launch of prod");  // an atomic multiply: a CAS loop on the bits
  if (stage == u"kwb_softmax" && args.contains(QLatin1String("safe_rows=True")))
    return QStringLiteral("a kwb_softmax launch of torch's _safe_softmax (safe_rows)");
  return {};
}

/// The words the skeleton reason lists a stage launcher of stageKeywords() under, in the reason's order; launchers that
/// share words are listed once. Words only: which launchers exist is stageKeywords()'s, read by cuteStageLabels().
struct StageLabel {
  const char* stage;
  const char* label;
};
constexpr StageLabel kStageLabels[] = {
    {"kwb_gemm", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "GEMM")},
    {"kwb_gemv", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "GEMM")},
    {"kwb_gemm_dual", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "GEMM")},
    {"kwb_pointwise", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "pointwise with broadcast tensors")},
    {"kwb_pointwise_multi", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "pointwise with broadcast tensors")},
    {"kwb_reduce", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "sum / mean / prod / amax / amin / logsumexp reductions")},
    {"kwb_var", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "var / std")},
    {"kwb_var_mean", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "var / std")},
    {"kwb_rows", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "several reductions of the same rows")},
    {"kwb_reduce_multi", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "several reductions of the same rows")},
    {"kwb_softmax", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "softmax / log-softmax")},
    {"kwb_group_norm", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "group / layer / batch norm")},
    {"kwb_layer_norm", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "group / layer / batch norm")},
    {"kwb_batch_norm", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "group / layer / batch norm")},
    {"kwb_pool", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "max / avg pooling")},
    {"kwb_adaptive_pool", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "adaptive pooling")},
    {"conv_forward", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "convolution")},
    {"kwb_attention", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "attention")},
    {"kwb_masked_softmax", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "masked softmax")},
    {"kwb_rnn", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "recurrent layers")},
    {"kwb_pnorm", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "p-norms")},
    {"kwb_scan", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "cumulative scans")},
    {"kwb_cumsum", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "cumulative scans")},
    {"kwb_full", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "fill / arange / tril / triu")},
    {"kwb_arange", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "fill / arange / tril / triu")},
    {"kwb_tri", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "fill / arange / tril / triu")},
    {"kwb_embedding", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "embedding / index / gather")},
    {"kwb_index", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "embedding / index / gather")},
    {"kwb_index_multi", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "embedding / index / gather")},
    {"kwb_index2", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "embedding / index / gather")},
    {"kwb_gather", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "embedding / index / gather")},
    {"kwb_reduce_gathered", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "embedding / index / gather")},
    {"kwb_embedding_bag", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "embedding bags")},
    {"kwb_topk", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "topk / sort / kthvalue / max along a dim")},
    {"kwb_sort", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "topk / sort / kthvalue / max along a dim")},
    {"kwb_kthvalue", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "topk / sort / kthvalue / max along a dim")},
    {"kwb_max_dim", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "topk / sort / kthvalue / max along a dim")},
    {"kwb_pad", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "pad / flip / roll")},
    {"kwb_pad_view", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "pad / flip / roll")},
    {"kwb_flip", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "pad / flip / roll")},
    {"kwb_flip_view", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "pad / flip / roll")},
    {"kwb_roll", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "pad / flip / roll")},
    {"kwb_cat", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "concatenation")},
    {"kwb_cat_piece", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "concatenation")},
    {"kwb_pointwise_piece", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "pointwise with broadcast tensors")},
    {"kwb_copy_into_piece", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "concatenation")},
    {"kwb_upsample", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "upsampling")},
    {"kwb_nll", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "nll / cross-entropy losses")},
    {"kwb_im2col", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "unfold / fold")},
    {"kwb_col2im", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "unfold / fold")},
    {"kwb_reshape", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "copying reshapes")},
    {"kwb_scatter", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "scatter")},
    {"kwb_scatter_add", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "scatter")},
    {"kwb_scatter_reduce", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "scatter")},
    {"kwb_masked_scatter", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "scatter")},
    {"kwb_cumsum_int", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "cumulative scans")},
    {"kwb_copy_into", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "in-place input writes")},
    {"kwb_affine_grid", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "affine grid / grid sample")},
    {"kwb_grid_sample", QT_TRANSLATE_NOOP("kwb::CuteStageLabel", "affine grid / grid sample")},
};

/// forward()'s stage calls in order: (assigned names, stage, the rest of the line without its comment).
struct StageCall {
  QStringList targets;
  QString stage, args;
};
QList<StageCall> stageCalls(const QString& body) {
  static const QRegularExpression call(QStringLiteral("\\b(kwb_\\w+|conv_forward)\\("));
  static const QRegularExpression assign(QStringLiteral("^\\s*([\\w, ()]+?)\\s*=\\s*[^=]"));
  QList<StageCall> calls;
  for (QString line : body.split(u'\n')) {
    if (const qsizetype c = line.indexOf(QLatin1String("  # ")); c >= 0) line.truncate(c);
    const auto a = assign.match(line);
    QStringList targets;
    if (a.hasMatch())
      for (QString t : a.captured(1).split(u',', Qt::SkipEmptyParts)) targets << t.remove(u'(').remove(u')').trimmed();
    for (auto it = call.globalMatch(line); it.hasNext();) {
      const auto m = it.next();
      calls.append({targets, m.captured(1), line.mid(m.capturedEnd())});
    }
  }
  return calls;
}

/// The first gap of @p plan in the stage set (stageGap), or "".
QString planGap(const ChainPlan& plan) {
  for (const StageCall& c : stageCalls(plan.forwardBody))
    if (const QString gap = stageGap(c.stage, c.args); !gap.isEmpty()) return gap;
  return {};
}

/// Whether a stage call's @p args pass the epilogue @p fn as `epi=` (not `pre=` / `pro=`: kwb_pointwise launches).
bool passedAsEpi(const QString& args, const QString& fn) {
  return args.contains(QRegularExpression(QStringLiteral("(^|[^\\w])epi=%1\\b").arg(fn)));
}

/// Why the CuTe DSL cannot hand @p e to the stage @p stage (its call in forward() passes it as `epi=` when
/// @p asEpi), or "": the epilogue does not lower in the dialect (the reason names its inputs in forward()'s words),
/// or it computes in integers and the stage runs it inside its own kernel, whose epilogue slots load fp32 (only
/// kwb_pointwise loads them as Int64).
QString epilogueGap(const ChainPlan& plan, const QString& stage, bool asEpi, const ChainEpilogue& e) {
  QString why;
  const QString fn = epilogueFunction(e, &why);
  if (fn.isEmpty())
    return QStringLiteral("its epilogue (%1) does not lower in the CuTe DSL dialect: %2")
        .arg(e.ops, nameEpilogueInputs(why, plan.forwardBody, e));
  const bool integers =
      fn.contains(QLatin1String("_kwb_int_slots[")) || fn.contains(QLatin1String("_kwb_int_results.add("));
  if (asEpi && integers && (stage == u"kwb_gemm" || stage == u"kwb_gemv" || stage == u"conv_forward")) {
    QStringList ints;  // the integer operands in forward()'s words (never the program's a0, a1)
    const auto words = epilogueInputWords(plan.forwardBody, e);
    QString parseWhy;
    if (const auto prog = parsePointwiseProgram(e.program, &parseWhy))
      for (const PwInput& in : prog->inputs)
        if (in.exactInt && in.usedByGraph) ints << words.value(in.name, in.name);
    return QStringLiteral(
               "its epilogue (%1) computes in integers%2 inside the %3 kernel, whose epilogue operands load as "
               "fp32 (the CuTe DSL loads integers exactly only in a kwb_pointwise launch)")
        .arg(e.ops, ints.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(ints.join(QStringLiteral(", "))), stage);
  }
  return {};
}

/// One GEMM launch without a prologue whose body calls only kwb_gemm and plumbing, at most one epilogue: the
/// one-GEMM chain (its kernel records the GEMM's 16 x 16 tile).
bool oneGemmForm(const ChainPlan& plan) {
  if (plan.launches.size() != 1 || plan.launches.first().kind != u"gemm" || plan.hasConv ||
      !plan.launches.first().prologue.isEmpty() || plan.epilogueSpecs.size() > 1)
    return false;
  for (const StageCall& c : stageCalls(plan.forwardBody))
    if (c.stage != u"kwb_gemm" && !stageKeywords().value(c.stage, {QStringLiteral("x")}).isEmpty()) return false;
  return true;
}

}  // namespace

QStringList cuteStageLabels() {
  const auto& kw = stageKeywords();
  const auto stage = [&](const QString& name) { return kw.contains(name) && !kw.value(name).isEmpty(); };
  QStringList labels;
  QSet<QString> named;
  for (const StageLabel& l : kStageLabels) {
    named.insert(QLatin1String(l.stage));
    if (stage(QLatin1String(l.stage)) && !labels.contains(QLatin1String(l.label))) labels << QLatin1String(l.label);
  }
  for (auto it = kw.cbegin(); it != kw.cend(); ++it)  // a stage without words: its launcher's name
    if (!it.value().isEmpty() && !named.contains(it.key())) labels << it.key();
  return labels;
}

QList<CuteStageUse> cuteStageUses(const ChainPlan& plan) {
  QList<CuteStageUse> uses(plan.launches.size());
  const QList<StageCall> calls = stageCalls(plan.forwardBody);
  for (qsizetype i = 0; i < plan.launches.size(); ++i) {
    const QStringList& ops = plan.launches.at(i).ops;
    for (const StageCall& c : calls) {
      if (stageKeywords().contains(c.stage) && stageKeywords().value(c.stage).isEmpty()) continue;  // plumbing
      if (std::none_of(c.targets.cbegin(), c.targets.cend(), [&](const QString& t) { return ops.contains(t); }))
        continue;
      uses[i].stage = c.stage;
      uses[i].missing = stageGap(c.stage, c.args);
      if (!uses[i].missing.isEmpty()) uses[i].why = uses[i].missing + QStringLiteral(" has no CuTe DSL stage yet");
      // the epilogues the call hands the stage lower as cuteChainPlan asks (an int64 node does not): one that
      // does not leaves the launch uncovered, with cuteChainPlan's words
      static const QRegularExpression epiRef(QStringLiteral("\\b(_kwb_epi\\w+)\\b"));
      for (auto it = epiRef.globalMatch(c.args); uses[i].why.isEmpty() && it.hasNext();) {
        const QString fn = it.next().captured(1);
        const bool asEpi = passedAsEpi(c.args, fn);
        for (const ChainEpilogue& e : plan.epilogueSpecs)
          if (e.fn == fn) {
            uses[i].why = epilogueGap(plan, c.stage, asEpi, e);
            break;
          }
      }
      uses[i].covered = uses[i].why.isEmpty();
      break;
    }
  }
  return uses;
}

std::optional<ChainPlan> cuteChainPlan(const nlohmann::json& spec, QString* whyNot, bool allPointwise) {
  if (whyNot) whyNot->clear();
  std::optional<ChainPlan> plan;
  {
    const ColumnSlotsOff noColumns;  // no CuTe DSL stage reads kwb_cols' columns: the launches before them
    plan = planChain(decodeOpGraph(spec), spec, nullptr, allPointwise);
  }
  if (!plan) return std::nullopt;
  auto decline = [&](const QString& what) -> std::optional<ChainPlan> {
    if (whyNot)
      *whyNot = QStringLiteral(
                    "Kernel Workbench plans this problem as a chain of %1; the CuTe DSL renders a chain in which every "
                    "launch has a CuTe DSL stage (%2), and %3: --framework triton renders it")
                    .arg(launchesText(*plan), cuteStageLabels().join(QStringLiteral(", ")), what);
    return std::nullopt;
  };
  const QString gap = planGap(*plan);
  if (!gap.isEmpty()) return decline(gap + QStringLiteral(" has no CuTe DSL stage yet"));
  QSet<QString> lowered;
  for (const ChainEpilogue& e : plan->epilogueSpecs) {
    if (const QString why = epilogueGap(*plan, QString(), false, e); !why.isEmpty()) return decline(why);
    lowered.insert(e.fn);
  }
  for (const StageCall& c : stageCalls(plan->forwardBody))  // an integer epilogue inside a GEMM / conv kernel
    for (const ChainEpilogue& e : plan->epilogueSpecs)
      if (passedAsEpi(c.args, e.fn))
        if (const QString why = epilogueGap(*plan, c.stage, true, e); !why.isEmpty()) return decline(why);
  // every epilogue forward() hands a stage is one of those (a planner-made one such as a nonzero test is not)
  static const QRegularExpression epiRef(QStringLiteral("\\b(_kwb_epi\\w+)\\b"));
  for (auto it = epiRef.globalMatch(plan->forwardBody); it.hasNext();) {
    const QString fn = it.next().captured(1);
    if (!lowered.contains(fn) && fn != u"_kwb_epi_identity")
      return decline(QStringLiteral("its epilogue %1 has no CuTe DSL form").arg(fn));
  }
  return plan;
}

namespace {

/// The stage set's sections that @p body reaches: common, then the host helpers shared with the Triton chain
/// (chain_host.py: its top part, and each "# ==== host:" section naming a stage called), kwb_pointwise (kwb_as_dtype
/// and the others' pre / epi launches use it) and each section holding a stage forward() calls, in the file's order. A
/// section's header names every launcher it defines ("# ==== stage: kwb_pool kwb_adaptive_pool"): launchers sharing a
/// kernel share a section. "" with *error when a resource is missing.
QString stageCode(const QString& body, QString* error) {
  const QString all = readResourceText(QStringLiteral(":/kwb/templates/kernels/cutedsl_stages.py"), error);
  if (all.isEmpty()) return {};
  const QString host = readResourceText(QStringLiteral(":/kwb/templates/kernels/chain_host.py"), error);
  if (host.isEmpty()) return {};
  QSet<QString> used = {QStringLiteral("common"), QStringLiteral("kwb_pointwise")};
  for (const StageCall& c : stageCalls(body)) {
    used.insert(c.stage);
    if (c.stage == u"kwb_group_norm" && c.args.contains(QLatin1String("reduce=")))
      used << QStringLiteral("kwb_reduce");  // the group norm's reduce= is a kwb_reduce launch after it
  }
  // stages that launch others: kwb_rows a kwb_reduce / kwb_var per reduction, conv_forward's reduce= a kwb_reduce,
  // kwb_rnn a kwb_gemm per layer and direction
  if (used.contains(QStringLiteral("kwb_rows"))) used << QStringLiteral("kwb_reduce") << QStringLiteral("kwb_var");
  if (used.contains(QStringLiteral("kwb_reduce_multi"))) used << QStringLiteral("kwb_reduce");     // one launch each
  if (used.contains(QStringLiteral("kwb_reduce_gathered"))) used << QStringLiteral("kwb_reduce");  // its second launch
  if (used.contains(QStringLiteral("conv_forward"))) used << QStringLiteral("kwb_reduce");
  if (used.contains(QStringLiteral("kwb_rnn"))) used << QStringLiteral("kwb_gemm");  // the input projection
  for (const char* piece : {"kwb_pointwise_piece", "kwb_piece_view", "kwb_piece_starts", "kwb_at", "kwb_dim_scalar"})
    if (used.contains(QLatin1String(piece))) used << QStringLiteral("kwb_cat");  // defined in the index-map section
  if (used.contains(QStringLiteral("kwb_reshape")) || used.contains(QStringLiteral("kwb_scatter")) ||
      used.contains(QStringLiteral("kwb_scatter_add")))
    used << QStringLiteral("kwb_cat");  // their copy launches: _kwb_copy, defined in the index-map section
  if (used.contains(QStringLiteral("kwb_scatter_reduce")) || used.contains(QStringLiteral("kwb_masked_scatter")))
    used << QStringLiteral("kwb_cat") << QStringLiteral("kwb_scatter");  // _kwb_copy, _kwb_scatter_kernel, kwb_reshape
  // a scan's shift= (session 46): a kwb_cat of a kwb_full column here (cat and fill in the index-map / fill sections)
  if ((used.contains(QStringLiteral("kwb_scan")) || used.contains(QStringLiteral("kwb_cumsum"))) &&
      body.contains(QLatin1String(", shift=")))
    used << QStringLiteral("kwb_cat") << QStringLiteral("kwb_full");
  if (used.contains(QStringLiteral("kwb_nll")))  // its sum / mean: kwb_reduce launches (an empty batch: a fill)
    used << QStringLiteral("kwb_reduce") << QStringLiteral("kwb_full");
  // an integer sum: the Int64 row totals of kwb_cumsum_int's scan (_kwb_iscan), exact where fp32 rounds
  if (used.contains(QStringLiteral("kwb_reduce"))) used << QStringLiteral("kwb_cumsum_int");
  static const QRegularExpression head(QStringLiteral("^# ==== stage: ([\\w ]+)\\n"),
                                       QRegularExpression::MultilineOption);
  // chain_host.py: its helpers for every plan, then "# ==== host: kwb_attention ..." sections, each pasted (after
  // the rest) when forward() calls a stage its header names: the operand helpers a stage shares with the Triton one
  static const QRegularExpression hostHead(QStringLiteral("^# ==== host: ([\\w ]+)\\n"),
                                           QRegularExpression::MultilineOption);
  QList<QRegularExpressionMatch> hostHeads;
  for (auto it = hostHead.globalMatch(host); it.hasNext();) hostHeads << it.next();
  QStringList hostParts = {hostHeads.isEmpty() ? host.trimmed()
                                               : host.left(hostHeads.first().capturedStart()).trimmed()};
  for (qsizetype i = 0; i < hostHeads.size(); ++i) {
    const qsizetype end = i + 1 < hostHeads.size() ? hostHeads.at(i + 1).capturedStart() : host.size();
    const QStringList names = hostHeads.at(i).captured(1).split(u' ', Qt::SkipEmptyParts);
    if (std::any_of(names.cbegin(), names.cend(), [&](const QString& n) { return used.contains(n); }))
      hostParts << host.mid(hostHeads.at(i).capturedStart(), end - hostHeads.at(i).capturedStart()).trimmed();
  }
  QStringList parts;
  QList<QRegularExpressionMatch> heads;
  for (auto it = head.globalMatch(all); it.hasNext();) heads << it.next();
  for (qsizetype i = 0; i < heads.size(); ++i) {
    const qsizetype end = i + 1 < heads.size() ? heads.at(i + 1).capturedStart() : all.size();
    const QStringList names = heads.at(i).captured(1).split(u' ', Qt::SkipEmptyParts);
    if (std::any_of(names.cbegin(), names.cend(), [&](const QString& n) { return used.contains(n); }))
      parts << all.mid(heads.at(i).capturedStart(), end - heads.at(i).capturedStart()).trimmed();
    if (names == QStringList{QStringLiteral("common")}) parts << hostParts.join(QStringLiteral("\n\n\n"));
  }
  return QStringLiteral(
             "# ---- the CuTe DSL stage set (resources/templates/kernels/cutedsl_stages.py), the stages "
             "this plan calls ----\n") +
         parts.join(QStringLiteral("\n\n\n"));
}

/// The plan's convolutions as conv_forward's ConvSpec constants ("CONV0 = ConvSpec(2, (1, 1), ...)"), "" for none.
QString convSpecs(const ChainPlan& plan) {
  if (!plan.hasConv) return {};
  const auto v = [&](const char* k) { return plan.convVars.value(QLatin1String(k)); };
  QStringList lines = {QStringLiteral("# ---- this plan's convolutions (conv_forward's conv argument) ----"),
                       QStringLiteral("CONV0 = ConvSpec(%1, %2, %3, %4, %5, %6, %7)")
                           .arg(v("SPATIAL"), v("STRIDE"), v("PADDING"), v("DILATION"), v("OUTPUT_PADDING"),
                                v("GROUPS"), v("TRANSPOSED"))};
  // the Triton template's settings among them (DOT_PRECISION = tl.constexpr(...) for 8+ batch norms in series: a
  // NameError in this file) stay out: this stage set's convolution computes in fp32 already
  for (const QString& l : plan.moreConvs)
    if (l.startsWith(QLatin1String("CONV"))) lines << l;
  return lines.join(u'\n');
}

/// Every plan over the stage set: cutedsl_chain.py.tmpl with the stage sections forward() calls. The baseline
/// configuration names only the stages the plan uses; a one-GEMM plan records the GEMM's 16 x 16 tile.
GeneratedKernel cuteStagesKernel(const ChainPlan& plan, const QStringList& epis, const nlohmann::json& spec,
                                 const FrameworkBackend& backend) {
  GeneratedKernel k;
  QString stages = stageCode(plan.forwardBody, &k.error);
  if (stages.isEmpty()) return k;
  if (const QString specs = convSpecs(plan); !specs.isEmpty()) stages += QStringLiteral("\n\n\n") + specs;
  // every return records the largest launch's CTA count first; the widening line copies nothing here
  QStringList body =
      QString(plan.forwardBody)
          .replace(QRegularExpression(QStringLiteral("  # fp32 intermediates.*$"), QRegularExpression::MultilineOption),
                   QStringLiteral("  # no copy: every stage converts to fp32 as it loads"))
          .replace(QStringLiteral(", a GEMM's operands at their width, the others converted"),
                   QStringLiteral(", converted"))  // every CuTe DSL stage converts to fp32
          .split(u'\n');
  static const QRegularExpression ret(QStringLiteral("^(\\s+)return "));
  for (qsizetype i = body.size() - 1; i >= 0; --i)
    if (const auto m = ret.match(body.at(i)); m.hasMatch())
      body.insert(i, m.captured(1) + QStringLiteral("self.last_grid_blocks = kwb_last_grid_blocks[0]"));
  QStringList steps;
  for (qsizetype i = 0; i < plan.launches.size(); ++i)
    steps << QStringLiteral("%1. %2").arg(i + 1).arg(plan.launches.at(i).description);
  QSet<QString> called;
  for (const StageCall& c : stageCalls(plan.forwardBody)) called.insert(c.stage);
  const auto calls = [&](std::initializer_list<const char*> names) {
    return std::any_of(names.begin(), names.end(), [&](const char* n) { return called.contains(QLatin1String(n)); });
  };
  AnchorPlan a;
  a.anchor = QStringLiteral("chain");
  a.description = plan.description;
  a.vars = {
      {QStringLiteral("STAGES"), stages},
      {QStringLiteral("EPILOGUES"), epis.isEmpty() ? QStringLiteral("# (none)") : epis.join(QStringLiteral("\n\n\n"))},
      {QStringLiteral("FORWARD_BODY"), body.join(u'\n')},
      {QStringLiteral("LAUNCHES"), launchesText(plan)},
      {QStringLiteral("CUTE_API_VERSION"), QLatin1String(CuteDslBackend::kApiVersion)}};
  a.tile = oneGemmForm(plan) ? 16 : 128;
  a.config = {{QStringLiteral("plan"), steps.join(QStringLiteral("; "))}};
  if (calls({"kwb_gemm", "kwb_gemv", "kwb_rnn"}))
    a.config.append({QStringLiteral("GEMM"),
                     QStringLiteral("SIMT, 16 x 16 C elements per CTA, one per thread, a serial fp32 loop over K read "
                                    "through the operands' strides (no shared memory, no tensor cores: the Hopper "
                                    "dense_gemm path, TMA + WGMMA, is the next step); the epilogue on the fp32 value "
                                    "before the one store")});
  a.config.append({QStringLiteral("pointwise"),
                   QStringLiteral("256 threads per CTA, one element each; x and epilogue tensors read through their "
                                  "strides (0 on a broadcast dim), up to 5 dims")});
  if (calls({"kwb_reduce", "kwb_pnorm", "kwb_rows", "kwb_reduce_multi", "kwb_softmax", "kwb_var", "kwb_var_mean",
             "kwb_group_norm", "kwb_layer_norm"}))
    a.config.append({QStringLiteral("rows (reduce, var, softmax, group / layer norm)"),
                     QStringLiteral("one 32-lane warp per row, 4 rows per CTA; fp32 lane partials merged by butterfly "
                                    "shuffles; softmax: online max + rescaled sum, a second pass writes; var and "
                                    "norms: the mean, then the squares about it")});
  if (calls({"kwb_batch_norm"}))
    a.config.append({QStringLiteral("batch norm"),
                     QStringLiteral("statistics one warp per channel (training), the apply a pointwise launch")});
  if (calls({"kwb_rnn"}))
    a.config.append({QStringLiteral("recurrence"),
                     QStringLiteral("per layer and direction a kwb_gemm for every timestep's input projection, then "
                                    "one launch of the time loop: one CTA per batch row, its threads striding the "
                                    "hidden units, gates in fp32, h through global memory between CTA barriers (no "
                                    "shared memory, no tensor cores)")});
  if (calls({"kwb_pool", "kwb_adaptive_pool"}))
    a.config.append({QStringLiteral("pool"),
                     QStringLiteral("256 threads per CTA, one output each, its window's taps read through x's "
                                    "strides (1-D and 2-D as 3-D with size-1 leading dims)")});
  if (calls({"kwb_attention"}))
    a.config.append({QStringLiteral("attention"),
                     QStringLiteral("SIMT online softmax: one CTA per (batch entry, 64 query rows, 32 output columns), "
                                    "one thread per query row, keys in tiles of 16 (scores, running max and sum, "
                                    "accumulators in fp32 registers); q, Kᵀ, v, mask and bias read through their "
                                    "strides, K / V per KV head in place (no tensor cores yet)")});
  if (calls({"kwb_masked_softmax"}))
    a.config.append({QStringLiteral("masked softmax"),
                     QStringLiteral("the softmax row kernel (one warp per row, online max + rescaled sum, a second "
                                    "pass writes) on attention's scores: scale, bias, index predicate and mask")});
  if (calls({"kwb_scan", "kwb_cumsum"}))
    a.config.append({QStringLiteral("scan"),
                     QStringLiteral("one 32-lane warp per row, the row in chunks of 32: a Kogge-Stone scan by "
                                    "shuffle_sync_up, the running value carried from lane 31 (fp32); an epilogue is a "
                                    "kwb_pointwise launch after, a prologue one before, a shift a cat of its column")});
  if (calls({"kwb_embedding", "kwb_index", "kwb_index2", "kwb_gather", "kwb_reduce_gathered"}))
    a.config.append({QStringLiteral("gather"),
                     QStringLiteral("256 threads per CTA, one output element each: its index (or index pair) read "
                                    "at the output's coordinates, x read through its strides")});
  if (calls({"kwb_topk", "kwb_sort", "kwb_kthvalue", "kwb_max_dim"}))
    a.config.append({QStringLiteral("selection"),
                     QStringLiteral("256 threads per CTA, one element of a row each: its rank (the row's elements "
                                    "before it: better, or equal at a lower index; NaN by torch's order) by a serial "
                                    "fp32 loop over the row, written at that rank where below k (N^2 per row)")});
  if (calls({"kwb_embedding_bag"}))
    a.config.append({QStringLiteral("embedding bag"),
                     QStringLiteral("256 threads per CTA, one output element (bag, column) each: a serial walk of "
                                    "its bag's indices, sum / mean / max in fp32; an epilogue is a kwb_pointwise "
                                    "launch after")});
  if (calls({"kwb_full", "kwb_arange", "kwb_tri"}))
    a.config.append({QStringLiteral("fill"),
                     QStringLiteral("256 threads per CTA, one output element each: start + i * step in fp32, or "
                                    "tril / triu zeroing by column minus row; computed on every call (no memo)")});
  if (calls({"kwb_pad", "kwb_pad_view", "kwb_flip", "kwb_flip_view", "kwb_roll", "kwb_cat", "kwb_cat_piece",
             "kwb_copy_into_piece"}))
    a.config.append({QStringLiteral("index maps"),
                     QStringLiteral("256 threads per CTA, one output element each: pad / flip / roll read x at the "
                                    "mapped coordinates (fill outside); a cat copies each part into its slice, one "
                                    "launch a part, its epilogue a kwb_pointwise launch after")});
  if (calls({"kwb_upsample"}))
    a.config.append({QStringLiteral("upsample"),
                     QStringLiteral("256 threads per CTA, one output element each: nearest 1 tap, linear 2 / 4 / 8, "
                                    "bicubic 16 (fp32, torch's source index rules); an epilogue is a kwb_pointwise "
                                    "launch after")});
  if (calls({"kwb_im2col", "kwb_col2im"}))
    a.config.append({QStringLiteral("unfold / fold"),
                     QStringLiteral("256 threads per CTA: unfold one patch element each (x read through its strides, "
                                    "0 outside; K-major where a GEMM reads it), fold one output element each summing "
                                    "the patch values covering it in fp32 (no atomics); an epilogue is a "
                                    "kwb_pointwise launch after")});
  if (calls({"kwb_reshape", "kwb_scatter", "kwb_scatter_add"}))
    a.config.append({QStringLiteral("relayout / scatter"),
                     QStringLiteral("256 threads per CTA, one element each: a reshape torch would copy is a copy "
                                    "launch in row-major order (a view otherwise), its epilogue a kwb_pointwise launch "
                                    "after; a scatter copies x, then each index element writes its target (a "
                                    "scatter_add / index_add: an fp32 atomic add there)")});
  if (calls({"kwb_scatter_reduce", "kwb_cumsum_int", "kwb_masked_scatter"}))
    a.config.append({QStringLiteral("indexed writes / integer scans"),
                     QStringLiteral("256 threads per CTA: scatter_reduce copies x to fp32, resets reached positions "
                                    "(include_self=False), then one index element a thread combines by an fp32 atomic "
                                    "add / fmax / fmin; an integer cumsum is one row a thread with an Int64 carry; "
                                    "masked_scatter counts the mask so, then selects one element a thread")});
  if (calls({"kwb_affine_grid", "kwb_grid_sample"}))
    a.config.append({QStringLiteral("affine grid / grid sample"),
                     QStringLiteral("256 threads per CTA: affine_grid one grid point each (theta @ (x, y, 1)); "
                                    "grid_sample one output element each, its grid point unnormalised by torch's rule "
                                    "(zeros / border / reflection), 4 bilinear taps or 1 nearest (fp32); an epilogue "
                                    "is a kwb_pointwise launch after")});
  if (calls({"kwb_nll"}))
    a.config.append({QStringLiteral("loss"),
                     QStringLiteral("one thread per row: the target's logit and (cross entropy) the row's "
                                    "logsumexp by a serial online loop over the classes; sum / mean by kwb_reduce")});
  if (std::any_of(plan.launches.cbegin(), plan.launches.cend(),
                  [](const ChainLaunch& l) { return l.kind == u"gemm" && !l.prologue.isEmpty(); }))
    a.config.append({QStringLiteral("GEMM prologue"),
                     QStringLiteral("the pointwise run on A (pro=) is a kwb_pointwise launch before the GEMM, "
                                    "stored in A's dtype (the Triton stage applies it as a small GEMM loads A)")});
  a.config.append({QStringLiteral("fusion"),
                   QStringLiteral("as the chain plans it for a GEMM's epilogue; a row stage's or pool's prologue / "
                                  "epilogue is its own kwb_pointwise launch here (not fused yet)")});
  a.config.append({QStringLiteral("dtype handling"),
                   QStringLiteral("every stage converts to fp32 on load and stores its output's dtype (the plan's "
                                  "out_dtype)")});
  a.config.append({QStringLiteral("launch plumbing"),
                   QStringLiteral("the chain planner's forward() body, unchanged; cute.compile once per (stage, "
                                  "shapes, strides, dtypes, epilogue), cached at module level")});
  a.config.append({QStringLiteral("verification"),
                   QStringLiteral("static only: names and call signatures checked against cute_api.json (%1); never "
                                  "run")
                       .arg(QLatin1String(CuteDslBackend::kApiVersion))});
  return renderAnchorKernel(a, QStringLiteral(":/kwb/templates/kernels/cutedsl_chain.py.tmpl"), spec, backend);
}

}  // namespace

GeneratedKernel cuteChainKernel(const ChainPlan& plan, const nlohmann::json& spec, const FrameworkBackend& backend) {
  QStringList epis;
  for (const ChainEpilogue& e : plan.epilogueSpecs) {
    QString why;
    const QString fn = epilogueFunction(e, &why);
    if (fn.isEmpty()) {
      GeneratedKernel k;
      k.error = QStringLiteral("epilogue %1 does not lower: %2").arg(e.fn, why);
      return k;
    }
    epis << fn;
  }
  return cuteStagesKernel(plan, epis, spec, backend);
}

}  // namespace kwb
