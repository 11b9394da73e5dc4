// The attention anchor: softmax(Q·Kᵀ·scale [+ causal mask])·V, recognised from a fused SDPA op or from
// the GEMM→softmax→GEMM chain that older torch (and torch's math path) traces. The template picks a
// FlashAttention-style kernel or, for head dims too large for a register accumulator, a materialised
// path, and reports it as ModelNew.last_path.
#include "core/codegen/anchors/anchors.h"
#include "core/codegen/anchors/common.h"
#include "core/codegen/pointwise.h"

#include <QSet>

#include <algorithm>
#include <cmath>

namespace kwb {

namespace {

bool isScalarScale(const GraphOp& o, double* factor) {
  if ((o.name != u"mul" && o.name != u"div") || o.refs.size() != 1 || !o.args.is_object() ||
      !o.args.contains("other") || !o.args.at("other").is_number())
    return false;
  const double v = o.args.at("other").get<double>();
  if (v == 0.0 || !std::isfinite(v)) return false;
  *factor *= o.name == u"mul" ? v : 1.0 / v;
  return true;
}

/// Follows views and multiplications by a constant back to a forward() input, multiplying *scale.
QString rootThroughScale(const OpGraph& g, QString ref, double* scale) {
  for (int guard = 0; guard < 256 && !ref.isEmpty(); ++guard) {
    if (g.input(ref)) return ref;
    const GraphOp* o = g.op(ref);
    if (!o || o->refs.isEmpty()) return {};
    if (!o->view && !isScalarScale(*o, scale)) return {};
    ref = o->refs.first();
  }
  return {};
}

/// The head repeat (grouped-query / multi-query attention) on the views from K or V's operand @p ref back to
/// its root: 0 when they cross none; the factor when they cross one expand that grows one leading dim from 1 with
/// only size-1 dims between it and the last two (repeat_interleave(rep, dim=-3) as the probe traces it, or
/// x[:, :, None].expand(..).reshape(..), or the expand of a size-1 head dim), and otherwise only reshapes, clones,
/// expands to the same shape and transposes of the last two dims (entry b of Q then reads entry b // rep of the
/// root, in place); -1 when an expand grows a leading dim in another order (the chain planner copies it).
qint64 headRepeat(const OpGraph& g, QString ref) {
  qint64 rep = 0;
  bool other = false;  // a view the repeat's order is not checked through
  for (int guard = 0; guard < 256 && !ref.isEmpty() && !g.input(ref); ++guard) {
    const GraphOp* o = g.op(ref);
    if (!o || o->refs.isEmpty()) break;
    const QList<qint64> in = o->inputs.isEmpty() ? QList<qint64>() : o->inputs.first().shape;
    const QList<qint64> out = o->outputs.value(0).shape;
    const int n = static_cast<int>(out.size());
    if (o->name == u"expand" && in.size() == out.size() && in != out && n >= 3) {
      int j = -1;
      bool ok = true;
      for (int k = 0; k < n; ++k)
        if (in.at(k) != out.at(k)) {
          ok = ok && j < 0 && in.at(k) == 1 && k < n - 2;
          j = k;
        }
      for (int k = j + 1; ok && k < n - 2; ++k) ok = out.at(k) == 1;
      if (!ok || rep != 0) return -1;
      rep = out.at(j);
    } else if (o->view && (o->name == u"expand" || o->name == u"transpose" || o->name == u"clone" ||
                           o->name == u"contiguous" || o->name == u"alias" || o->name == u"detach" ||
                           o->name == u"view" || o->name == u"reshape" || o->name == u"_reshape_alias" ||
                           o->name == u"_unsafe_view" || o->name == u"unsqueeze" || o->name == u"squeeze")) {
      const bool keepsLastTwo = in.size() >= 2 && out.size() >= 2 && in.mid(in.size() - 2) == out.mid(n - 2);
      if (o->name == u"transpose") {
        auto dim = [&](const char* key) {
          const nlohmann::json d = o->args.value(key, nlohmann::json());
          return d.is_number_integer() ? (d.get<qint64>() + n) % n : -1;
        };
        if (std::min(dim("dim0"), dim("dim1")) != n - 2 || std::max(dim("dim0"), dim("dim1")) != n - 1) other = true;
      } else if (o->name != u"clone" && o->name != u"contiguous" && !keepsLastTwo) {
        other = true;
      }
      if (o->name == u"expand" && in != out) other = true;  // a broadcast adding leading dims
    } else if (o->view) {
      other = true;
    }
    ref = o->refs.first();
  }
  return rep > 0 && other ? -1 : rep;
}

class AttentionAnchor final : public Anchor {
 public:
  QString id() const override { return QStringLiteral("attention"); }
  QString category() const override { return QStringLiteral("Attention"); }
  QString templatePath(const QString& framework) const override {
    return framework == u"triton" ? QStringLiteral(":/kwb/templates/kernels/triton_attention.py.tmpl") : QString();
  }

  std::optional<AnchorPlan> plan(const OpGraph& g, const nlohmann::json& spec, QString* whyNot) const override {
    const nlohmann::json pat =
        spec.is_object() ? spec.value("pattern", nlohmann::json::object()) : nlohmann::json::object();
    if (!pat.is_object() || pat.value("primary", std::string()) != "Attention") return std::nullopt;
    QString q, k, v;
    qint64 kRep = 0, vRep = 0;  // headRepeat of K and V
    double scale = 1.0;
    bool causal = false, scaleGiven = false;
    const QList<const GraphOp*> compute = g.compute();
    const GraphOp* fused = nullptr;
    for (const GraphOp* o : compute)
      if (o->category == u"Attention") fused = o;
    QSet<QString> covered;
    if (fused) {
      if (fused->refs.size() < 3)
        return anchors::fail(whyNot, QStringLiteral("%1 without Q, K and V").arg(anchors::where(*fused)));
      q = rootThroughScale(g, fused->refs.at(0), &scale);
      k = rootThroughScale(g, fused->refs.at(1), &scale);
      v = g.rootOf(fused->refs.at(2));
      kRep = headRepeat(g, fused->refs.at(1));
      vRep = headRepeat(g, fused->refs.at(2));
      const nlohmann::json& a = fused->args;
      if (a.is_object()) {
        if (a.contains("attn_mask") && !a.at("attn_mask").is_null())
          return anchors::fail(
              whyNot,
              QStringLiteral("%1 with an attn_mask: only causal masking is written").arg(anchors::where(*fused)));
        if (a.contains("dropout_p") && a.at("dropout_p").is_number() && a.at("dropout_p").get<double>() != 0.0)
          return anchors::fail(whyNot, QStringLiteral("%1 with dropout: no deterministic reference to check against")
                                           .arg(anchors::where(*fused)));
        causal = a.value("is_causal", false) == true;
        if (a.contains("scale") && a.at("scale").is_number()) {
          scale *= a.at("scale").get<double>();
          scaleGiven = true;
        }
      }
      covered.insert(fused->id);
    } else {
      // GEMM -> softmax -> GEMM: Q·Kᵀ, scaled, softmax over the last dim, then ·V.
      QList<const GraphOp*> gemms;
      const GraphOp* softmax = nullptr;
      for (const GraphOp* o : compute) {
        if (o->category == u"GEMM" &&
            (o->refs.size() != 2 || o->name.startsWith(QLatin1String("add")) || o->name == u"baddbmm"))
          // baddbmm / addmm: M + alpha * A B, whose first operand is M (probe19: baddbmm(m, q, kᵀ) was planned with m
          // as Q and the add dropped); the chain planner's attention reads M as the mask or bias
          return anchors::fail(whyNot, QStringLiteral("attention with %1: a GEMM with an added input is the chain "
                                                      "planner's (the anchor takes plain Q·Kᵀ and ·V GEMMs)")
                                           .arg(anchors::where(*o)));
        if (o->category == u"GEMM")
          gemms << o;
        else if (o->category == u"Softmax")
          softmax = o;
        else if (o->name == u"tril" || o->name == u"triu" || o->name == u"masked_fill" || o->name == u"where")
          return anchors::fail(
              whyNot, QStringLiteral("%1: a masked attention traced as ops; the template's causal mask is used "
                                     "only when the fused op says is_causal")
                          .arg(anchors::where(*o)));
        else if (!(o->name == u"mul" || o->name == u"div"))
          return anchors::fail(
              whyNot,
              QStringLiteral("attention with %1: only a scale between the GEMMs is fused").arg(anchors::where(*o)));
      }
      if (gemms.size() != 2 || !softmax || gemms.at(0)->refs.size() < 2 || gemms.at(1)->refs.size() < 2)
        return anchors::fail(whyNot,
                             QStringLiteral("attention traced as %1 GEMMs%2: the anchor takes Q·Kᵀ, softmax, ·V")
                                 .arg(gemms.size())
                                 .arg(softmax ? QString() : QStringLiteral(" and no softmax")));
      q = rootThroughScale(g, gemms.at(0)->refs.at(0), &scale);
      k = rootThroughScale(g, gemms.at(0)->refs.at(1), &scale);
      v = g.rootOf(gemms.at(1)->refs.at(1));
      kRep = headRepeat(g, gemms.at(0)->refs.at(1));
      vRep = headRepeat(g, gemms.at(1)->refs.at(1));
      // the scale between the GEMMs (S * c or S / c)
      for (const GraphOp* o : compute) {
        double f = 1.0;
        if (!isScalarScale(*o, &f)) continue;
        const GraphOp* from = g.op(o->refs.first());
        while (from && from->view && !from->refs.isEmpty()) from = g.op(from->refs.first());
        if (from && from->category == u"GEMM") scale *= f;
      }
      scaleGiven = true;
      for (const GraphOp* o : compute) covered.insert(o->id);
    }
    if (kRep < 0 || vRep < 0)
      return anchors::fail(whyNot, QStringLiteral("attention whose %1 repeats its heads in an order other than "
                                                  "repeat_interleave's (kv_head = h // rep): the template reads K "
                                                  "and V per KV head in that order only")
                                       .arg(kRep < 0 ? QStringLiteral("K") : QStringLiteral("V")));
    if (g.outputs.size() != 1)
      return anchors::fail(whyNot,
                           QStringLiteral("attention whose forward() returns %1 outputs; the template writes one")
                               .arg(g.outputs.size()));
    const TensorInfo* qi = g.input(q);
    if (!qi || !g.input(k) || !g.input(v))
      return anchors::fail(
          whyNot, QStringLiteral("attention whose Q, K and V are not forward() arguments (a projection before it "
                                 "is a prologue, not fused yet)"));
    if (qi->shape.size() < 2)
      return anchors::fail(whyNot, QStringLiteral("attention on a rank-%1 Q").arg(qi->shape.size()));
    const qint64 d = qi->shape.last();
    const qint64 lq = qi->shape.at(qi->shape.size() - 2);
    const qint64 lk = g.input(k)->shape.size() >= 2 ? g.input(k)->shape.at(g.input(k)->shape.size() - 2) : 0;
    const double defaultScale = d > 0 ? 1.0 / std::sqrt(static_cast<double>(d)) : 1.0;
    const bool isDefault = !scaleGiven || std::abs(scale - defaultScale) <= 1e-12 * defaultScale;

    AnchorPlan p;
    p.anchor = id();
    p.input = q;
    p.ops = QStringList(covered.begin(), covered.end());
    p.ops.sort();
    p.description =
        QStringLiteral("%1scaled dot-product attention of %2 %3, %4, %5 (Lq %6, Lk %7, head_dim %8, scale %9)")
            .arg(causal ? QStringLiteral("causal ") : QString(), q, anchors::shapeText(qi->shape), k, v)
            .arg(lq)
            .arg(lk)
            .arg(d)
            .arg(isDefault ? QStringLiteral("1/sqrt(head_dim)") : QString::number(scale, 'g', 8));
    const QString kv = kRep > 0 && vRep > 0 ? QStringLiteral("K and V")
                       : kRep > 0           ? QStringLiteral("K")
                                            : QStringLiteral("V");
    if (kRep > 0 || vRep > 0)
      p.description += QStringLiteral("; %1 read in place per KV head (kv_head = h // %2), not copied")
                           .arg(kv)
                           .arg(kRep > 0 ? kRep : vRep);
    p.vars = {{QStringLiteral("Q"), q},
              {QStringLiteral("K"), k},
              {QStringLiteral("V"), v},
              {QStringLiteral("SCALE"), isDefault ? QStringLiteral("None") : pyFloat(scale)},
              {QStringLiteral("CAUSAL"), pyBool(causal)},
              {QStringLiteral("K_REPEAT"), pyBool(kRep > 0)},
              {QStringLiteral("V_REPEAT"), pyBool(vRep > 0)}};
    const bool flash = d <= 256;
    p.mathDtype = qi->dtype == u"float32" ? QStringLiteral("tf32") : QString();
    p.tile = 64;
    p.config = {
        {QStringLiteral("path"),
         QStringLiteral("chosen per call from head_dim and reported as ModelNew.last_path (expected at the spec's "
                        "shapes: %1)")
             .arg(flash ? QStringLiteral("flash") : QStringLiteral("materialised"))},
        {QStringLiteral("tile"), flash ? QStringLiteral("flash: a block of query rows per CTA, K/V streamed in blocks, "
                                                        "online softmax with fp32 running max and sum")
                                       : QStringLiteral("materialised (head_dim %1 > 256: a [rows, head_dim] "
                                                        "accumulator does not fit in registers): S = scale·Q·Kᵀ "
                                                        "by a GEMM kernel into fp32, a row softmax in place, O = P·V "
                                                        "by a GEMM kernel; batch x heads in chunks "
                                                        "that keep S under the template's byte budget")
                                             .arg(d)},
        {QStringLiteral("grid"),
         QStringLiteral("query blocks x (batch x heads); CTAs of the last launch in ModelNew.last_grid_blocks")},
        {QStringLiteral("dtype handling"),
         QStringLiteral("%1, fp32 softmax and accumulation, output in Q's dtype (%2)")
             .arg(p.mathDtype == u"tf32" ? QStringLiteral("fp32 operands on TF32 tensor cores")
                                         : QStringLiteral("operands in their own dtype"),
                  qi->dtype)},
        {QStringLiteral("launch plumbing"),
         QStringLiteral("strided inputs are made contiguous first; output from torch.empty")},
    };
    if (kRep > 0 || vRep > 0)
      p.config.append({QStringLiteral("kv heads"),
                       QStringLiteral("%1 given with fewer heads than Q (a head repeat of %2 at the spec): the flash "
                                      "kernel reads entry b // rep of the un-repeated tensor for Q's entry b, no "
                                      "repeated copy (KV_INDEX = False, or the materialised path: copied first)")
                           .arg(kv)
                           .arg(kRep > 0 ? kRep : vRep)});
    return p;
  }
};

}  // namespace

const Anchor& attentionAnchor() {
  static const AttentionAnchor a;
  return a;
}

}  // namespace kwb
