// The pooling anchor: max or average pooling, 1-D to 3-D, any window, stride, padding, dilation,
// ceil_mode, count_include_pad and divisor_override, through one bandwidth-bound template.
#include "core/codegen/anchors/anchors.h"
#include "core/codegen/anchors/common.h"

#include <QRegularExpression>

namespace kwb {

namespace {

class PoolingAnchor final : public Anchor {
 public:
  QString id() const override { return QStringLiteral("pool"); }
  QString category() const override { return QStringLiteral("Pooling"); }
  QString templatePath(const QString& framework) const override {
    return framework == u"triton" ? QStringLiteral(":/kwb/templates/kernels/triton_pool.py.tmpl") : QString();
  }

  std::optional<AnchorPlan> plan(const OpGraph& g, const nlohmann::json&, QString* whyNot) const override {
    const GraphOp* pool = anchors::soleAnchorOp(g, category(), whyNot);
    if (!pool) return std::nullopt;
    if (!anchors::singleOutput(g, *pool, whyNot)) return std::nullopt;
    // adaptive pooling (windows floor(o I / O) .. ceil((o + 1) I / O) per output) is the stage library's
    // kwb_adaptive_pool, the chain's (the Triton backend plans it as a chain of one launch); no anchor template
    if (pool->name.startsWith(QLatin1String("adaptive")) || pool->name.startsWith(QLatin1String("_adaptive")))
      return anchors::fail(whyNot, QStringLiteral("%1: adaptive pooling has no anchor template (the Triton chain's "
                                                  "kwb_adaptive_pool stage plans it: --framework triton)")
                                       .arg(anchors::where(*pool)));
    const bool isMax = pool->name.startsWith(QLatin1String("max_pool"));
    if (!isMax && !pool->name.startsWith(QLatin1String("avg_pool")))
      return anchors::fail(whyNot, QStringLiteral("%1: not a max or average pooling").arg(anchors::where(*pool)));
    // The user's function names the rank (torch 1.13 traces max_pool1d as max_pool2d on an unsqueezed x).
    static const QRegularExpression rankRe(QStringLiteral("pool(\\d)d"));
    const auto m = rankRe.match(pool->function.isEmpty() ? pool->name : pool->function);
    const int spatial = m.hasMatch() ? m.captured(1).toInt() : 0;
    if (spatial < 1 || spatial > 3 || pool->refs.isEmpty())
      return anchors::fail(whyNot, QStringLiteral("%1: a pooling of unknown rank").arg(anchors::where(*pool)));
    const QString x = g.rootOf(pool->refs.first());
    const TensorInfo* xin = g.input(x);
    if (!xin)
      return anchors::fail(whyNot,
                           QStringLiteral("%1: its input is not a forward() argument").arg(anchors::where(*pool)));
    if (xin->shape.size() < spatial + 1)
      return anchors::fail(whyNot,
                           QStringLiteral("%1 on a rank-%2 input").arg(anchors::where(*pool)).arg(xin->shape.size()));
    const nlohmann::json& a = pool->args;
    QList<qint64> kernel, stride, padding, dilation;
    if (!anchors::intList(a, "kernel_size", spatial, 1, &kernel) ||
        !anchors::intList(a, "padding", spatial, 0, &padding) ||
        !anchors::intList(a, "dilation", spatial, 1, &dilation))
      return anchors::fail(
          whyNot, QStringLiteral("%1: kernel_size/padding/dilation are not integers").arg(anchors::where(*pool)));
    const bool noStride = !a.is_object() || !a.contains("stride") || a.at("stride").is_null() ||
                          (a.at("stride").is_array() && a.at("stride").empty());
    if (noStride)
      stride = kernel;  // PyTorch: stride defaults to the window
    else if (!anchors::intList(a, "stride", spatial, 1, &stride))
      return anchors::fail(whyNot, QStringLiteral("%1: stride is not integers").arg(anchors::where(*pool)));
    const bool ceil = a.is_object() && a.value("ceil_mode", false) == true;
    const bool includePad = !a.is_object() || a.value("count_include_pad", true) == true;
    QString divisor = QStringLiteral("None");
    if (a.is_object() && a.contains("divisor_override") && a.at("divisor_override").is_number_integer())
      divisor = QString::number(a.at("divisor_override").get<qint64>());
    const QList<qint64> out = pool->outputs.isEmpty() ? QList<qint64>() : pool->outputs.first().shape;

    AnchorPlan p;
    p.anchor = id();
    p.input = x;
    p.ops = {pool->id};
    p.description = QStringLiteral("%1_pool%2d of %3 %4, window %5, stride %6%7")
                        .arg(isMax ? QStringLiteral("max") : QStringLiteral("avg"))
                        .arg(spatial)
                        .arg(x, anchors::shapeText(xin->shape), anchors::shapeText(kernel), anchors::shapeText(stride),
                             anchors::poolArgsText(a, padding, dilation));
    p.vars = {
        {QStringLiteral("POOL_KIND"), isMax ? QStringLiteral("max") : QStringLiteral("avg")},  // quoted by the template
        {QStringLiteral("SPATIAL"), QString::number(spatial)},
        {QStringLiteral("KERNEL_SIZE"), pyTuple(kernel)},
        {QStringLiteral("STRIDE"), pyTuple(stride)},
        {QStringLiteral("PADDING"), pyTuple(padding)},
        {QStringLiteral("DILATION"), pyTuple(dilation)},
        {QStringLiteral("CEIL_MODE"), pyBool(ceil)},
        {QStringLiteral("COUNT_INCLUDE_PAD"), pyBool(includePad)},
        {QStringLiteral("DIVISOR_OVERRIDE"), divisor}};
    qint64 taps = 1;
    for (qint64 k : kernel) taps *= k;
    p.tile = 128;
    p.config = {
        {QStringLiteral("tile"),
         QStringLiteral("a [BLOCK_H, BLOCK_W] tile of one output plane per CTA, the innermost output dim the fast "
                        "axis (at most TILE outputs, TILE_MANY_TAPS for windows of MANY_TAPS taps or more), each "
                        "output reducing its %1-tap window in fp32")
             .arg(taps)},
        {QStringLiteral("grid"),
         QStringLiteral("one dim: N x C x output planes x row tiles x column tiles (the sliding walk: several output "
                        "planes or rows per CTA); output %1")
             .arg(anchors::shapeText(out))},
        {QStringLiteral("data movement"),
         QStringLiteral("x read once through L1/L2 (overlapping windows re-read from cache), output "
                        "written once; loads coalesced along the innermost dim")},
        {QStringLiteral("semantics"),
         isMax
             ? QStringLiteral("max over the window, padding never wins (-inf), NaN propagates as in PyTorch")
             : QStringLiteral("mean over the window: divisor %1")
                   .arg(divisor != u"None"
                            ? divisor
                            : (includePad ? QStringLiteral("the window clipped to the padded input (count_include_pad)")
                                          : QStringLiteral("the valid (unpadded) taps")))},
        {QStringLiteral("dtype handling"),
         QStringLiteral("loads converted to fp32, results stored in x's dtype (%1; follows the input at run time)")
             .arg(xin->dtype)},
        {QStringLiteral("launch plumbing"),
         QStringLiteral("x is read in place through its own strides (a strided or channels-last input is not "
                        "copied; only an input with more than N, C in front whose strides allow no view of one "
                        "leading dim is copied, by its reshape); ModelNew().last_input says which at run time "
                        "(contiguous | strided | copied); output from torch.empty")},
    };
    return p;
  }
};

}  // namespace

const Anchor& poolingAnchor() {
  static const PoolingAnchor a;
  return a;
}

}  // namespace kwb
