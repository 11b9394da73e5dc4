// The convolution anchor: one aten::convolution of any kind (1-D/2-D/3-D, standard or transposed,
// stride, padding, dilation, output_padding, groups, bias) rendered through one template that picks
// its path (implicit GEMM on tensor cores, or direct for few channels per group) from the run-time
// shapes and reports it as ModelNew.last_path.
#include "core/codegen/anchors/anchors.h"
#include "core/codegen/anchors/common.h"

namespace kwb {

namespace {

class ConvolutionAnchor final : public Anchor {
public:
    QString id() const override { return QStringLiteral("conv"); }
    QString category() const override { return QStringLiteral("Convolution"); }
    QString templatePath(const QString& framework) const override
    {
        return framework == u"triton" ? QStringLiteral(":/kwb/templates/kernels/triton_conv.py.tmpl") : QString();
    }

    std::optional<AnchorPlan> plan(const OpGraph& g, const nlohmann::json&, QString* whyNot) const override
    {
        const GraphOp* conv = anchors::soleAnchorOp(g, category(), whyNot);
        if (!conv)
            return std::nullopt;
        if (conv->refs.size() < 2)
            return anchors::fail(whyNot, QStringLiteral("%1 without a weight operand").arg(anchors::where(*conv)));
        const QString x = g.rootOf(conv->refs.at(0));
        if (!g.input(x))
            return anchors::fail(whyNot, QStringLiteral("%1: its input is not a forward() argument (a computed input is a "
                                                        "prologue, not fused yet)")
                                             .arg(anchors::where(*conv)));
        const QString weight = anchors::operandExpr(g, conv->refs.at(1));
        if (weight.isEmpty())
            return anchors::fail(whyNot, QStringLiteral("%1: its weight is neither a parameter nor a forward() argument")
                                             .arg(anchors::where(*conv)));
        QString bias = QStringLiteral("None");
        if (conv->refs.size() > 2 && !conv->refs.at(2).isEmpty()) {
            bias = anchors::operandExpr(g, conv->refs.at(2));
            if (bias.isEmpty())
                return anchors::fail(whyNot, QStringLiteral("%1: its bias is neither a parameter nor a forward() argument")
                                                 .arg(anchors::where(*conv)));
        }
        const QList<qint64> xs = g.input(x)->shape;
        const int spatial = static_cast<int>(xs.size()) - 2;
        if (spatial < 1 || spatial > 3)
            return anchors::fail(whyNot, QStringLiteral("%1 on a rank-%2 input: 1-D to 3-D convolutions (batched) only")
                                             .arg(anchors::where(*conv))
                                             .arg(xs.size()));
        const nlohmann::json& a = conv->args;
        QList<qint64> stride, padding, dilation, outPad;
        QString bad;
        if (!anchors::intList(a, "stride", spatial, 1, &stride) || !anchors::intList(a, "padding", spatial, 0, &padding)
            || !anchors::intList(a, "dilation", spatial, 1, &dilation)
            || !anchors::intList(a, "output_padding", spatial, 0, &outPad))
            return anchors::fail(whyNot, QStringLiteral("%1: stride/padding/dilation/output_padding are not %2 integers each "
                                                        "(padding='same' is resolved by the probe only on torch 2.x)")
                                             .arg(anchors::where(*conv))
                                             .arg(spatial));
        const bool transposed = a.is_object() && a.value("transposed", false) == true;
        const qint64 groups = a.is_object() && a.contains("groups") && a.at("groups").is_number_integer() ? a.at("groups").get<qint64>() : 1;
        const QList<qint64> ws = conv->inputs.size() > 1 ? conv->inputs.at(1).shape : QList<qint64>();
        if (ws.size() != spatial + 2 || groups < 1)
            return anchors::fail(whyNot, QStringLiteral("%1: weight shape or groups do not match a %2-D convolution")
                                             .arg(anchors::where(*conv))
                                             .arg(spatial));
        const qint64 cin = xs.at(1);
        const qint64 cout = transposed ? ws.at(1) * groups : ws.at(0);
        QList<qint64> kernel = ws.mid(2);
        const QList<qint64> out = conv->outputs.isEmpty() ? QList<qint64>() : conv->outputs.first().shape;
        const QString fn = conv->function.isEmpty() ? QStringLiteral("%1conv%2d").arg(transposed ? QStringLiteral("transposed ") : QString()).arg(spatial)
                                                    : conv->function;

        AnchorPlan p;
        p.anchor = id();
        p.input = x;
        p.ops = {conv->id};
        p.description = QStringLiteral("%1 of %2 %3 -> %4, kernel %5, stride %6, padding %7, dilation %8%9, groups %10%11")
                            .arg(fn, x, anchors::shapeText(xs), anchors::shapeText(out), anchors::shapeText(kernel),
                                 anchors::shapeText(stride), anchors::shapeText(padding), anchors::shapeText(dilation),
                                 transposed ? QStringLiteral(", output_padding ") + anchors::shapeText(outPad) : QString())
                            .arg(groups)
                            .arg(bias == u"None" ? QString() : QStringLiteral(", bias"));
        p.vars = {{QStringLiteral("WEIGHT"), weight},
                  {QStringLiteral("BIAS"), bias},
                  {QStringLiteral("SPATIAL"), QString::number(spatial)},
                  {QStringLiteral("STRIDE"), pyTuple(stride)},
                  {QStringLiteral("PADDING"), pyTuple(padding)},
                  {QStringLiteral("DILATION"), pyTuple(dilation)},
                  {QStringLiteral("OUTPUT_PADDING"), pyTuple(outPad)},
                  {QStringLiteral("GROUPS"), QString::number(groups)},
                  {QStringLiteral("TRANSPOSED"), pyBool(transposed)}};
        const qint64 cinG = cin / groups, coutG = cout / groups;
        qint64 taps = 1;
        for (qint64 k : kernel)
            taps *= k;
        const QString dtype = g.input(x)->dtype;
        // The template's own rule (triton_conv.py.tmpl: DIRECT_MAX_COG, DIRECT_MAX_K): a few output channels
        // per group or a short K leave tl.dot's 16-wide minimum mostly idle, so those go direct.
        const bool gemmPath = coutG > 4 && cinG * taps > 15;
        p.mathDtype = gemmPath && dtype == u"float32" ? QStringLiteral("tf32") : QString();
        p.tile = 128;  // BLOCK_M: output positions per CTA on the GEMM path
        p.config = {
            {QStringLiteral("tile"),
             gemmPath ? QStringLiteral("implicit GEMM per group: M = N x output positions, N = C_out/groups = %1, K = C_in/groups x taps = %2 x %3 "
                                       "(tile sizes: the template's BLOCK_* constants)")
                            .arg(coutG)
                            .arg(cinG)
                            .arg(taps)
                      : QStringLiteral("direct: a block of output positions of one (n, c_out) per CTA, the %1 taps of C_in/groups = %2 "
                                       "channels in fp32 FMA (too few channels per group for tensor cores)")
                            .arg(taps)
                            .arg(cinG)},
            {QStringLiteral("path"), QStringLiteral("chosen per call from the run-time shapes and reported as ModelNew.last_path "
                                                    "(expected at the spec's shapes: %1)")
                                         .arg(gemmPath ? QStringLiteral("implicit_gemm") : QStringLiteral("direct"))},
            {QStringLiteral("threads per CTA"),
             gemmPath ? QStringLiteral("num_warps 8 for a 128 x 128 accumulator or larger, else 4 (128-256 threads); %1 software-pipeline stages")
                            .arg(3)
                      : QStringLiteral("4 warps (128 threads), up to 1024 output positions per CTA")},
            {QStringLiteral("grid"), QStringLiteral("output tiles x groups (CTAs of the last launch in ModelNew.last_grid_blocks)")},
            {QStringLiteral("data movement"),
             transposed ? QStringLiteral("one launch per stride phase (sub-pixel split): within a phase the taps that reach an output form an "
                                         "arithmetic progression, so no K work goes to taps that never contribute; x gathered per tap, "
                                         "weight regrouped channel-contiguous once per call")
                        : QStringLiteral("x gathered per tap (im2col never materialised); fp32 x copied to channels-last where 2 x MACs per "
                                         "byte reaches 128 (TF32 wants K contiguous), else read in place; weight regrouped once per call")},
            {QStringLiteral("dtype handling"),
             QStringLiteral("%1, fp32 accumulation, output in x's dtype (%2; follows the input at run time)")
                 .arg(p.mathDtype == u"tf32" ? QStringLiteral("fp32 operands on TF32 tensor cores (tl.dot's default precision)")
                                             : QStringLiteral("operands in their own dtype"),
                      dtype)},
            {QStringLiteral("launch plumbing"), QStringLiteral("a strided input is made contiguous first (one extra copy); weight and bias "
                                                               "are ModelNew parameters with Model's names")},
        };
        return p;
    }
};

} // namespace

const Anchor& convolutionAnchor()
{
    static const ConvolutionAnchor a;
    return a;
}

} // namespace kwb
