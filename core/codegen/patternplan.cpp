#include "core/codegen/patternplan.h"

#include "core/codegen/dtyperule.h"
#include "core/codegen/opgraph.h"
#include "core/codegen/patternkernels.h"
#include "core/codegen/pointwise.h"

#include <QSet>
#include <QStringList>

#include <cmath>
#include <limits>

namespace kwb {

using nlohmann::json;

namespace {

// Ops that only re-describe memory (no arithmetic): the probe records them between the real ops.
const QSet<QString>& viewOps() {
  static const QSet<QString> v = {
      QStringLiteral("view"),         QStringLiteral("reshape"),    QStringLiteral("_reshape_alias"),
      QStringLiteral("_unsafe_view"), QStringLiteral("unsqueeze"),  QStringLiteral("squeeze"),
      QStringLiteral("permute"),      QStringLiteral("expand"),     QStringLiteral("contiguous"),
      QStringLiteral("detach"),       QStringLiteral("alias"),      QStringLiteral("t"),
      QStringLiteral("transpose"),    QStringLiteral("as_strided"), QStringLiteral("flatten"),
      QStringLiteral("empty"),        QStringLiteral("lift_fresh"), QStringLiteral("slice"),
      QStringLiteral("narrow"),       QStringLiteral("select"),     QStringLiteral("clone")};
  return v;
}

struct Op {
  QString id, name;
  json args;
  QStringList refs;
  QList<QList<qint64>> outShapes;
};

QString jstr(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j.at(key).is_string()
             ? QString::fromStdString(j.at(key).get<std::string>())
             : QString();
}

QList<qint64> shapeOf(const json& j) {
  QList<qint64> s;
  if (j.is_object() && j.contains("shape") && j.at("shape").is_array())
    for (const auto& d : j.at("shape"))
      if (d.is_number_integer()) s << d.get<qint64>();
  return s;
}

qint64 prod(const QList<qint64>& s, int from = 0, int to = -1) {
  if (to < 0) to = static_cast<int>(s.size());
  qint64 p = 1;
  for (int i = from; i < to; ++i) p *= s.at(i);
  return p;
}

QString shapeText(const QList<qint64>& s) {
  QStringList d;
  for (qint64 v : s) d << QString::number(v);
  return u'[' + d.join(QStringLiteral(", ")) + u']';
}

double num(const json& args, const char* key, double fallback) {
  if (args.is_object() && args.contains(key) && args.at(key).is_number()) return args.at(key).get<double>();
  return fallback;
}

/// A number argument that may be non-finite: the probe writes inf / -inf / nan as strings (strict JSON has none); any
/// other non-number is NaN (no template matches it), absent or null the fallback.
double numOrNonFinite(const json& args, const char* key, double fallback) {
  if (!args.is_object() || !args.contains(key) || args.at(key).is_null()) return fallback;
  const json& v = args.at(key);
  if (v.is_number()) return v.get<double>();
  const QString t = v.is_string() ? QString::fromStdString(v.get<std::string>()).toLower() : QString();
  if (t == u"inf" || t == u"+inf" || t == u"infinity") return std::numeric_limits<double>::infinity();
  if (t == u"-inf" || t == u"-infinity") return -std::numeric_limits<double>::infinity();
  return std::numeric_limits<double>::quiet_NaN();
}

/// dims from an op's "dim" argument: int, list, or absent/empty (= all dims). Normalised, sorted.
QList<int> dimsOf(const json& args, int rank, const char* key = "dim") {
  QList<int> out;
  if (args.is_object() && args.contains(key)) {
    const json& d = args.at(key);
    if (d.is_number_integer())
      out << static_cast<int>(d.get<qint64>());
    else if (d.is_array())
      for (const auto& e : d)
        if (e.is_number_integer()) out << static_cast<int>(e.get<qint64>());
  }
  if (out.isEmpty())
    for (int i = 0; i < rank; ++i) out << i;
  for (int& v : out)
    if (v < 0) v += rank;
  std::sort(out.begin(), out.end());
  return out;
}

bool contiguousRange(const QList<int>& dims, int rank) {
  if (dims.isEmpty() || dims.first() < 0 || dims.last() >= std::max(rank, 1)) return false;
  for (int i = 1; i < dims.size(); ++i)
    if (dims.at(i) != dims.at(i - 1) + 1) return false;
  return true;
}

struct Parsed {
  QList<Op> ops;                // every op, probe order
  QList<Op> compute;            // ops that are not views
  QHash<QString, json> inputs;  // tensor inputs by name
  QStringList inputOrder;
  QHash<QString, QList<qint64>> params;  // model parameter name -> shape
};

Parsed parse(const json& spec) {
  Parsed p;
  if (spec.contains("inputs") && spec.at("inputs").is_array())
    for (const auto& in : spec.at("inputs"))
      if (jstr(in, "kind") != u"scalar") {
        p.inputs.insert(jstr(in, "name"), in);
        p.inputOrder << jstr(in, "name");
      }
  if (spec.contains("model") && spec.at("model").is_object() && spec.at("model").contains("parameters") &&
      spec.at("model").at("parameters").is_array())
    for (const auto& prm : spec.at("model").at("parameters")) p.params.insert(jstr(prm, "name"), shapeOf(prm));
  if (spec.contains("ops") && spec.at("ops").is_array())
    for (const auto& o : spec.at("ops")) {
      if (!o.is_object()) continue;  // specOpsProblem() names it
      Op op;
      op.id = jstr(o, "id");
      op.name = jstr(o, "op").section(QStringLiteral("::"), -1);
      op.args = o.value("args", json::object());
      if (o.contains("input_refs") && o.at("input_refs").is_array())
        for (const auto& r : o.at("input_refs"))
          op.refs << (r.is_string() ? QString::fromStdString(r.get<std::string>()) : QString());
      if (o.contains("outputs") && o.at("outputs").is_array())
        for (const auto& t : o.at("outputs")) op.outShapes << shapeOf(t);
      p.ops << op;
      if (!viewOps().contains(op.name)) p.compute << op;
    }
  return p;
}

/// Which views rootOf follows. The pattern templates read their operand as the root tensor itself (its shape, its
/// row-major order): a view that moves elements (a transpose, a slice, a select, an expand) read through as its root
/// computed the op on the wrong elements (probe19: cumsum(x.t()), cumsum(x[:, :-1]), group_norm(x.transpose(2, 3)),
/// x[:, 1:] @ y[1:] were planned over x and returned wrong values or shapes). Such problems go to the chain planner,
/// which writes the views.
enum class Follow {
  SameOrder,    ///< views that keep every element at its row-major place (reshape family, detach, contiguous, ...)
  GemmOperand,  ///< SameOrder, and t / transpose / permute: the probe's pattern.gemm trans_a / trans_b describe them
};

bool followsView(const QString& name, Follow how) {
  static const QSet<QString> sameOrder = {
      QStringLiteral("view"),         QStringLiteral("reshape"),    QStringLiteral("_reshape_alias"),
      QStringLiteral("_unsafe_view"), QStringLiteral("unsqueeze"),  QStringLiteral("squeeze"),
      QStringLiteral("contiguous"),   QStringLiteral("detach"),     QStringLiteral("alias"),
      QStringLiteral("flatten"),      QStringLiteral("lift_fresh"), QStringLiteral("clone")};
  if (sameOrder.contains(name)) return true;
  return how == Follow::GemmOperand && (name == u"t" || name == u"transpose" || name == u"permute");
}

/// Follows view ops back from `ref` to a forward() input (or parameter); "" if a compute op, or a view @p how does
/// not follow, is in between.
QString rootOf(const Parsed& p, QString ref, Follow how = Follow::SameOrder) {
  for (int guard = 0; guard < 64; ++guard) {
    if (p.inputs.contains(ref) || p.params.contains(ref)) return ref;
    const Op* found = nullptr;
    for (const Op& o : p.ops)
      if (o.id == ref) found = &o;
    if (!found || !viewOps().contains(found->name) || !followsView(found->name, how) || found->refs.isEmpty())
      return {};
    ref = found->refs.first();
  }
  return {};
}

const Op* opOf(const Parsed& p, const QString& id) {
  for (const Op& o : p.ops)
    if (o.id == id) return &o;
  return nullptr;
}

QStringList computeNames(const Parsed& p) {
  QStringList n;
  for (const Op& o : p.compute) n << o.name;
  return n;
}

bool fail(QString* whyNot, const QString& why) {
  if (whyNot) *whyNot = why;
  return false;
}

bool isFloat(const QString& d) { return d == u"float32" || d == u"float16" || d == u"bfloat16"; }

/// Fills input/dtype/shape/rank from a forward() tensor input.
bool setMain(PatternPlan& plan, const Parsed& p, const QString& name, QString* whyNot) {
  if (!p.inputs.contains(name))
    return fail(whyNot,
                QStringLiteral("the pattern's operand is not a forward() tensor input (it is computed or a view "
                               "the templates do not follow)"));
  plan.input = name;
  plan.dtype = normaliseDtype(jstr(p.inputs.value(name), "dtype"));
  plan.shape = shapeOf(p.inputs.value(name));
  plan.rank = static_cast<int>(plan.shape.size());
  if (!isFloat(plan.dtype))
    return fail(whyNot,
                QStringLiteral("input %1 is %2; the templates handle float32/float16/bfloat16").arg(name, plan.dtype));
  return true;
}

void setView(PatternPlan& plan) {
  if (plan.groupRows) {
    plan.outer = plan.shape.isEmpty() ? 1 : plan.shape.first() * plan.groups;
    plan.reduce = plan.outer > 0 ? prod(plan.shape) / plan.outer : 0;
    plan.inner = 1;
    return;
  }
  plan.outer = prod(plan.shape, 0, plan.dimFirst);
  plan.reduce = prod(plan.shape, plan.dimFirst, plan.dimLast + 1);
  plan.inner = prod(plan.shape, plan.dimLast + 1);
}

bool setDims(PatternPlan& plan, const QList<int>& dims, QString* whyNot) {
  if (plan.rank == 0) {
    plan.dimFirst = plan.dimLast = 0;
    return true;
  }
  if (!contiguousRange(dims, plan.rank))
    return fail(
        whyNot,
        QStringLiteral("%1 over dims that are not one contiguous range of %2").arg(plan.op, shapeText(plan.shape)));
  plan.dimFirst = dims.first();
  plan.dimLast = dims.last();
  return true;
}

QString dimText(const PatternPlan& plan) {
  if (plan.dimFirst == 0 && plan.dimLast == plan.rank - 1) return QStringLiteral("all dims");
  if (plan.dimFirst == plan.dimLast) return QStringLiteral("dim %1").arg(plan.dimFirst);
  return QStringLiteral("dims %1..%2").arg(plan.dimFirst).arg(plan.dimLast);
}

// ---------------------------------------------------------------- recognisers (true: plan filled)

bool reduction(const Parsed& p, PatternPlan& plan, QString* whyNot) {
  static const QHash<QString, QString> ops = {
      {QStringLiteral("sum"), QStringLiteral("sum")},
      {QStringLiteral("mean"), QStringLiteral("mean")},
      {QStringLiteral("amax"), QStringLiteral("max")},
      {QStringLiteral("amin"), QStringLiteral("min")},
      {QStringLiteral("max"), QStringLiteral("max")},
      {QStringLiteral("min"), QStringLiteral("min")},
      {QStringLiteral("argmax"), QStringLiteral("argmax")},
      {QStringLiteral("argmin"), QStringLiteral("argmin")}};  // prod: no template yet (a skeleton says so)
  if (p.compute.size() != 1 || !ops.contains(p.compute.first().name)) return false;
  const Op& o = p.compute.first();
  plan.kind = PatternPlan::Kind::Reduction;
  plan.op = ops.value(o.name);
  if (o.refs.isEmpty() || !setMain(plan, p, o.refs.first(), whyNot)) return false;
  if (!setDims(plan, dimsOf(o.args, plan.rank), whyNot)) return false;
  plan.keepdim = o.args.is_object() && o.args.value("keepdim", false);
  setView(plan);
  plan.description = QStringLiteral("%1 over %2%3 of %4 %5")
                         .arg(plan.op, dimText(plan), plan.keepdim ? QStringLiteral(" (keepdim)") : QString(),
                              plan.input, shapeText(plan.shape));
  return true;
}

bool rowNorm(const Parsed& p, PatternPlan& plan, QString* whyNot) {
  const QStringList names = computeNames(p);
  plan.kind = PatternPlan::Kind::RowNorm;
  if (names.size() == 1 && names.first() == u"_safe_softmax")  // torch >= 2.5's softmax in attention
    return fail(whyNot, QStringLiteral("_safe_softmax (a row all -inf gives 0, not NaN): the row-norm templates have "
                                       "no masked-row rule; the chain planner's kwb_softmax(safe_rows=True) does"));
  if (names.size() == 1 && (names.first() == u"_softmax" || names.first() == u"softmax" ||
                            names.first() == u"_log_softmax" || names.first() == u"log_softmax")) {
    const Op& o = p.compute.first();
    plan.op = names.first().contains(QStringLiteral("log")) ? QStringLiteral("log_softmax") : QStringLiteral("softmax");
    if (o.refs.isEmpty() || !setMain(plan, p, o.refs.first(), whyNot)) return false;
    const QList<int> d = dimsOf(o.args, plan.rank);
    if (d.size() != 1 && plan.rank > 0) return fail(whyNot, QStringLiteral("softmax without one dim"));
    if (!setDims(plan, d, whyNot)) return false;
  } else if (names.size() == 1 && names.first() == u"native_layer_norm") {
    const Op& o = p.compute.first();
    plan.op = QStringLiteral("layer_norm");
    if (o.refs.isEmpty() || !setMain(plan, p, o.refs.first(), whyNot)) return false;
    const int k = o.args.contains("normalized_shape") && o.args.at("normalized_shape").is_array()
                      ? static_cast<int>(o.args.at("normalized_shape").size())
                      : 1;
    QList<int> d;
    for (int i = plan.rank - k; i < plan.rank; ++i) d << i;
    if (!setDims(plan, d, whyNot)) return false;
    plan.eps = num(o.args, "eps", 1e-5);
    if (o.refs.size() >= 2 && p.params.contains(o.refs.at(1))) {
      plan.weight = o.refs.at(1);
      plan.weightShape = p.params.value(plan.weight);
      plan.affine = PatternPlan::Affine::PerPosition;
    }
    if (o.refs.size() >= 3 && p.params.contains(o.refs.at(2))) plan.bias = o.refs.at(2);
  } else if (names.size() == 1 && (names.first() == u"native_group_norm" || names.first() == u"native_batch_norm")) {
    const Op& o = p.compute.first();
    const bool group = names.first() == u"native_group_norm";
    plan.op = group ? QStringLiteral("group_norm") : QStringLiteral("instance_norm");
    const QString root = o.refs.isEmpty() ? QString() : rootOf(p, o.refs.first());
    if (root.isEmpty() || !setMain(plan, p, root, whyNot)) return false;
    if (plan.rank < 2) return fail(whyNot, QStringLiteral("%1 of a tensor of rank %2").arg(plan.op).arg(plan.rank));
    if (group && (o.outShapes.isEmpty() || o.outShapes.first() != plan.shape))
      return fail(whyNot,
                  QStringLiteral("group_norm of a reshaped input: the template reads the input's own channels"));
    if (!group) {
      // InstanceNorm is traced as batch_norm(training) on x viewed as (1, N*C, ...)
      const bool training = o.args.is_object() && o.args.value("training", false);
      if (!training || o.refs.first() == root || o.outShapes.isEmpty() || o.outShapes.first().size() < 2 ||
          o.outShapes.first().at(0) != 1 || o.outShapes.first().at(1) != plan.shape.at(0) * plan.shape.at(1))
        return fail(whyNot, QStringLiteral("batch_norm other than the instance-norm form (training on x viewed as "
                                           "(1, N*C, ...)) has no template"));
    }
    plan.groups = group ? static_cast<int>(num(o.args, "group", 1)) : static_cast<int>(plan.shape.at(1));
    if (plan.groups <= 0 || plan.shape.at(1) % plan.groups != 0)
      return fail(whyNot, QStringLiteral("%1 groups do not divide %2 channels").arg(plan.groups).arg(plan.shape.at(1)));
    plan.groupRows = true;
    plan.dimFirst = 1;
    plan.dimLast = plan.rank - 1;
    plan.eps = num(o.args, "eps", 1e-5);
    if (o.refs.size() >= 2 && p.params.contains(o.refs.at(1))) {
      plan.weight = o.refs.at(1);
      plan.weightShape = p.params.value(plan.weight);
      plan.affine = PatternPlan::Affine::PerChannel;
    }
    if (o.refs.size() >= 3 && p.params.contains(o.refs.at(2))) plan.bias = o.refs.at(2);
  } else if (names.size() == 2 && (names.at(0) == u"norm" || names.at(0) == u"linalg_vector_norm") &&
             names.at(1) == u"div") {
    // torch 1.13 traces torch.norm(x) as aten::norm(p, dim=[]); torch 2.x as
    // aten::linalg_vector_norm(ord, dim=None): the same 2-norm over all dims (or over `dim`).
    const Op& n = p.compute.at(0);
    const Op& dv = p.compute.at(1);
    // "inf" (a string in the spec) is the max norm, not the default 2 (probe16: x / norm(x, p=inf) became an L2 norm)
    const double ord = n.args.is_object() && n.args.contains("ord") ? numOrNonFinite(n.args, "ord", 2.0)
                                                                    : numOrNonFinite(n.args, "p", 2.0);
    if (ord != 2.0) return fail(whyNot, QStringLiteral("a p=%1 norm has no template (p=2 only)").arg(ord));
    if (n.refs.isEmpty() || dv.refs.size() != 2 || dv.refs.at(1) != n.id || dv.refs.at(0) != n.refs.first())
      return fail(whyNot, QStringLiteral("norm followed by a division that is not x / norm(x)"));
    if (!setMain(plan, p, n.refs.first(), whyNot)) return false;
    const QList<int> d = dimsOf(n.args, plan.rank);
    plan.op = d.size() == plan.rank ? QStringLiteral("frobenius_norm") : QStringLiteral("l2_norm");
    if (!setDims(plan, d, whyNot)) return false;
  } else if (names.size() == 3 && names.at(0) == u"abs" && (names.at(1) == u"mean" || names.at(1) == u"sum") &&
             names.at(2) == u"div") {
    const Op& a = p.compute.at(0);
    const Op& dv = p.compute.at(2);
    if (a.refs.isEmpty() || dv.refs.size() != 2 || dv.refs.at(0) != a.refs.first() ||
        dv.refs.at(1) != p.compute.at(1).id)
      return fail(whyNot, QStringLiteral("abs/mean/div that is not x / mean(|x|)"));
    plan.op = names.at(1) == u"mean" ? QStringLiteral("l1_norm") : QStringLiteral("l1_norm_sum");
    if (!setMain(plan, p, a.refs.first(), whyNot) || !setDims(plan, dimsOf(p.compute.at(1).args, plan.rank), whyNot))
      return false;
  } else if (names == QStringList{QStringLiteral("pow"), QStringLiteral("mean"), QStringLiteral("add"),
                                  QStringLiteral("sqrt"), QStringLiteral("div")}) {
    const Op& pw = p.compute.at(0);
    if (num(pw.args, "exponent", 0) != 2.0 || pw.refs.isEmpty())
      return fail(whyNot, QStringLiteral("pow/mean/add/sqrt/div that is not an RMS norm (x**2)"));
    plan.op = QStringLiteral("rms_norm");
    if (!setMain(plan, p, pw.refs.first(), whyNot) || !setDims(plan, dimsOf(p.compute.at(1).args, plan.rank), whyNot))
      return false;
    plan.eps = num(p.compute.at(2).args, "other", 0.0);
  } else {
    return false;
  }
  setView(plan);
  plan.description =
      plan.groupRows
          ? QStringLiteral("%1 over (N*%2) rows of %3 %4")
                .arg(plan.op)
                .arg(plan.groups)
                .arg(plan.input, shapeText(plan.shape))
          : QStringLiteral("%1 over %2 of %3 %4").arg(plan.op, dimText(plan), plan.input, shapeText(plan.shape));
  if (!plan.weight.isEmpty())
    plan.description +=
        QStringLiteral(", affine %1%2").arg(plan.weight, plan.bias.isEmpty() ? QString() : u'/' + plan.bias);
  return true;
}

bool gemm(const json& spec, const Parsed& p, PatternPlan& plan, QString* whyNot) {
  static const QStringList gemmOps = {QStringLiteral("mm"), QStringLiteral("bmm"), QStringLiteral("matmul")};
  const QStringList names = computeNames(p);
  if (names.isEmpty() || !gemmOps.contains(names.first())) return false;
  plan.kind = PatternPlan::Kind::Gemm;
  if (names.size() == 2 && names.at(1) == u"triu") {
    plan.triu = true;
    plan.triuDiagonal = static_cast<qint64>(num(p.compute.at(1).args, "diagonal", 0));
  } else if (names.size() != 1) {
    return fail(
        whyNot,
        QStringLiteral("GEMM followed by %1: only a triu epilogue has a template").arg(names.mid(1).join(u',')));
  }
  const Op& o = p.compute.first();
  if (o.refs.size() != 2) return fail(whyNot, QStringLiteral("%1 without two operands").arg(o.name));
  const QString a = rootOf(p, o.refs.at(0), Follow::GemmOperand), b = rootOf(p, o.refs.at(1), Follow::GemmOperand);
  if (a.isEmpty() || b.isEmpty() || !p.inputs.contains(a) || !p.inputs.contains(b))
    return fail(whyNot, QStringLiteral("a GEMM operand is computed or a model parameter (no template)"));
  if (!setMain(plan, p, a, whyNot)) return false;
  plan.input2 = b;
  plan.shape2 = shapeOf(p.inputs.value(b));
  if (normaliseDtype(jstr(p.inputs.value(b), "dtype")) != plan.dtype)
    return fail(whyNot, QStringLiteral("GEMM operands of different dtypes"));
  const json g = spec.value("pattern", json::object()).value("gemm", json::object());
  plan.transA = g.is_object() && g.value("trans_a", false);
  plan.transB = g.is_object() && g.value("trans_b", false);
  const int ra = plan.rank, rb = static_cast<int>(plan.shape2.size());
  qint64 kb = 0;
  QList<qint64> expect;
  if (ra == 2 && rb == 2) {
    plan.op = QStringLiteral("mm");
    plan.M = plan.transA ? plan.shape.at(1) : plan.shape.at(0);
    plan.K = plan.transA ? plan.shape.at(0) : plan.shape.at(1);
    plan.N = plan.transB ? plan.shape2.at(0) : plan.shape2.at(1);
    kb = plan.transB ? plan.shape2.at(1) : plan.shape2.at(0);
    expect = {plan.M, plan.N};
  } else if (ra >= 3 && rb == 2 && !plan.transA) {
    plan.op = QStringLiteral("fold");
    plan.M = prod(plan.shape, 0, ra - 1);
    plan.K = plan.shape.last();
    plan.N = plan.transB ? plan.shape2.at(0) : plan.shape2.at(1);
    kb = plan.transB ? plan.shape2.at(1) : plan.shape2.at(0);
    expect = plan.shape.mid(0, ra - 1);
    expect << plan.N;
  } else if (ra == 3 && rb == 3 && plan.shape.at(0) == plan.shape2.at(0)) {
    plan.op = QStringLiteral("bmm");
    plan.batch = plan.shape.at(0);
    plan.M = plan.transA ? plan.shape.at(2) : plan.shape.at(1);
    plan.K = plan.transA ? plan.shape.at(1) : plan.shape.at(2);
    plan.N = plan.transB ? plan.shape2.at(1) : plan.shape2.at(2);
    kb = plan.transB ? plan.shape2.at(2) : plan.shape2.at(1);
    expect = {plan.batch, plan.M, plan.N};
  } else {
    return fail(whyNot,
                QStringLiteral("GEMM of ranks %1 x %2 has no template (2x2, Nx2 folded, 3x3 batched)").arg(ra).arg(rb));
  }
  if (kb != plan.K) return fail(whyNot, QStringLiteral("GEMM operands disagree on K (%1 vs %2)").arg(plan.K).arg(kb));
  plan.outShape =
      shapeOf(spec.value("outputs", json::array()).is_array() && !spec.at("outputs").empty() ? spec.at("outputs").at(0)
                                                                                             : json());
  if (plan.outShape != expect)
    return fail(
        whyNot,
        QStringLiteral("GEMM output %1 is not the expected %2").arg(shapeText(plan.outShape), shapeText(expect)));
  plan.description =
      QStringLiteral("%1: %2%3 %4 x %5%6 %7 (M=%8, N=%9, K=%10%11)%12")
          .arg(plan.op, a, plan.transA ? QStringLiteral("ᵀ") : QString(), shapeText(plan.shape), b,
               plan.transB ? QStringLiteral("ᵀ") : QString(), shapeText(plan.shape2))
          .arg(plan.M)
          .arg(plan.N)
          .arg(plan.K)
          .arg(plan.batch > 1 ? QStringLiteral(", batch=%1").arg(plan.batch) : QString())
          .arg(plan.triu ? QStringLiteral(", triu(diagonal=%1) epilogue").arg(plan.triuDiagonal) : QString());
  return true;
}

bool setTargets(PatternPlan& plan, const Parsed& p, const QString& t, QString* whyNot) {
  if (!p.inputs.contains(t)) return fail(whyNot, QStringLiteral("the loss's second operand is not a forward() input"));
  plan.input2 = t;
  plan.shape2 = shapeOf(p.inputs.value(t));
  const int r2 = static_cast<int>(plan.shape2.size());
  if (plan.shape2 == plan.shape)
    plan.targetBroadcast = QStringLiteral("same");
  else if (r2 <= plan.rank && plan.shape.mid(plan.rank - r2) == plan.shape2)
    plan.targetBroadcast = QStringLiteral("suffix");
  else if (r2 == plan.rank && [&] {
             int i = 0;
             while (i < r2 && plan.shape2.at(i) == plan.shape.at(i)) ++i;
             for (int j = i; j < r2; ++j)
               if (plan.shape2.at(j) != 1) return false;
             return true;
           }())
    plan.targetBroadcast = QStringLiteral("prefix");
  else
    return fail(whyNot, QStringLiteral("%1 %2 broadcasts against %3 %4 in a way the loss template does not handle")
                            .arg(t, shapeText(plan.shape2), plan.input, shapeText(plan.shape)));
  return true;
}

bool loss(const Parsed& p, PatternPlan& plan, QString* whyNot) {
  const QStringList names = computeNames(p);
  plan.kind = PatternPlan::Kind::Loss;
  plan.lossScale = QStringLiteral("numel");
  auto two = [&](const Op& o) { return o.refs.size() >= 2 ? o.refs.mid(0, 2) : QStringList(); };
  if (names == QStringList{QStringLiteral("sub"), QStringLiteral("pow"), QStringLiteral("mean")} ||
      names == QStringList{QStringLiteral("mse_loss")}) {
    const QStringList r = two(p.compute.first());
    if (r.size() != 2 || (names.size() == 3 && num(p.compute.at(1).args, "exponent", 0) != 2.0))
      return fail(whyNot, QStringLiteral("sub/pow/mean that is not mean((p - t)**2)"));
    if (names.size() == 1 && num(p.compute.first().args, "reduction", 1) != 1)
      return fail(whyNot, QStringLiteral("mse_loss without reduction='mean'"));
    plan.op = QStringLiteral("mse");
    if (!setMain(plan, p, r.at(0), whyNot) || !setTargets(plan, p, r.at(1), whyNot)) return false;
  } else if (names == QStringList{QStringLiteral("mul"), QStringLiteral("rsub"), QStringLiteral("clamp"),
                                  QStringLiteral("mean")}) {
    const QStringList r = two(p.compute.first());
    if (r.size() != 2 || num(p.compute.at(1).args, "other", 0) != 1.0 || num(p.compute.at(2).args, "min", -1) != 0.0)
      return fail(whyNot, QStringLiteral("mul/rsub/clamp/mean that is not mean(clamp(1 - p*t, min=0))"));
    plan.op = QStringLiteral("hinge");
    if (!setMain(plan, p, r.at(0), whyNot) || !setTargets(plan, p, r.at(1), whyNot)) return false;
  } else if (names == QStringList{QStringLiteral("log"), QStringLiteral("mul"), QStringLiteral("xlogy"),
                                  QStringLiteral("sub"), QStringLiteral("sum"), QStringLiteral("div")}) {
    const Op& lg = p.compute.at(0);
    const Op& xl = p.compute.at(2);
    if (lg.refs.isEmpty() || xl.refs.isEmpty())
      return fail(whyNot, QStringLiteral("log/mul/xlogy/sub/sum/div without operands"));
    plan.op = QStringLiteral("kl_div");
    plan.lossScale = QStringLiteral("batch");
    plan.sizeDerivedOps.insert(p.compute.at(5).id);  // the divisor: 1 / p.shape[0] in the kernel
    if (!setMain(plan, p, lg.refs.first(), whyNot) || !setTargets(plan, p, xl.refs.first(), whyNot)) return false;
    if (plan.targetBroadcast != u"same") return fail(whyNot, QStringLiteral("kl_div with broadcast targets"));
    if (!plan.shape.isEmpty() && num(p.compute.at(5).args, "other", 0) != static_cast<double>(plan.shape.first()))
      return fail(whyNot, QStringLiteral("kl_div whose divisor is not the batch size (only reduction='batchmean')"));
  } else if (names.size() == 1 && (names.first() == u"smooth_l1_loss" || names.first() == u"huber_loss")) {
    const Op& o = p.compute.first();
    if (num(o.args, "reduction", 1) != 1)
      return fail(whyNot, QStringLiteral("%1 without reduction='mean'").arg(names.first()));
    plan.op = QStringLiteral("huber");
    plan.huberBeta = num(o.args, names.first() == u"huber_loss" ? "delta" : "beta", 1.0);
    const QStringList r = two(o);
    if (r.size() != 2 || !setMain(plan, p, r.at(0), whyNot) || !setTargets(plan, p, r.at(1), whyNot)) return false;
    if (names.first() == u"huber_loss") plan.op = QStringLiteral("huber_delta");
  } else if (names == QStringList{QStringLiteral("_log_softmax"), QStringLiteral("nll_loss_forward")}) {
    const Op& ls = p.compute.at(0);
    const Op& nll = p.compute.at(1);
    if (num(nll.args, "reduction", 1) != 1 || nll.refs.size() < 2 || ls.refs.isEmpty())
      return fail(whyNot, QStringLiteral("cross_entropy without reduction='mean'"));
    plan.op = QStringLiteral("cross_entropy");
    if (!setMain(plan, p, ls.refs.first(), whyNot)) return false;
    if (plan.rank != 2 || dimsOf(ls.args, 2) != QList<int>{1})
      return fail(
          whyNot,
          QStringLiteral("cross_entropy over logits of rank %1 (the template takes (batch, classes))").arg(plan.rank));
    plan.input2 = nll.refs.at(1);
    if (!p.inputs.contains(plan.input2))
      return fail(whyNot, QStringLiteral("cross_entropy targets are not a forward() input"));
    plan.shape2 = shapeOf(p.inputs.value(plan.input2));
    plan.ignoreIndex = static_cast<qint64>(num(nll.args, "ignore_index", -100));
    plan.lossScale = QStringLiteral("valid");
    if (nll.refs.size() >= 3 && !nll.refs.at(2).isEmpty())
      return fail(whyNot, QStringLiteral("cross_entropy with class weights has no template"));
  } else {
    return false;
  }
  plan.dimFirst = 0;
  plan.dimLast = std::max(plan.rank - 1, 0);
  setView(plan);
  plan.description = QStringLiteral("%1 loss of %2 %3 and %4 %5 -> scalar")
                         .arg(plan.op, plan.input, shapeText(plan.shape), plan.input2, shapeText(plan.shape2));
  return true;
}

/// The scan dim of @p c (its "dim" normalised to @p rank), -1 when it has none.
int scanDim(const Op& c, int rank) {
  const QList<int> d = dimsOf(c.args, rank);
  return d.size() == 1 ? d.first() : -1;
}

/// Whether @p ref is, through views that keep the order, a slice of @p keep elements from @p start along @p dim of
/// a tensor whose view root it returns in @p root (anything else between: false).
bool sliceOf(const Parsed& p, const QString& ref, int dim, qint64 start, qint64 keep, QString* root) {
  const Op* o = opOf(p, ref);
  if (!o || (o->name != u"slice" && o->name != u"narrow") || o->refs.isEmpty() || o->outShapes.isEmpty()) return false;
  const QList<qint64> out = o->outShapes.first();
  const int rank = static_cast<int>(out.size());
  const qint64 d = static_cast<qint64>(num(o->args, "dim", -1000));
  const qint64 st = static_cast<qint64>(num(o->args, "start", -1)), step = static_cast<qint64>(num(o->args, "step", 1));
  if ((d + rank) % std::max(rank, 1) != dim || d < -rank || d >= rank || st != start || step != 1 || dim >= rank ||
      out.at(dim) != keep)
    return false;
  *root = o->refs.first();
  return true;
}

/// An exclusive scan written as KernelBench 92_ writes it, or as a shift (probe18's x18): along the scan dim d of x
/// with n elements, cat((identity, scan(x.narrow(d, 0, n - 1))), d) or scan(cat((identity, x), d).narrow(d, 0, n)),
/// where identity is zeros_like (cumsum) or ones_like (cumprod) of a slice of size 1 along d. Sets @p src to x;
/// false (no plan) for any other cat, fill, dim or slice.
bool exclusiveScan(const Parsed& p, const Op& c, QString* src) {
  const QString fillName = c.name == u"cumsum" ? QStringLiteral("zeros_like") : QStringLiteral("ones_like");
  const Op *fill = nullptr, *cat = nullptr;
  for (const Op& o : p.compute) {
    if (o.name == fillName) fill = &o;
    if (o.name == u"cat") cat = &o;
  }
  if (!fill || !cat || cat->refs.size() != 2 || cat->outShapes.isEmpty() || fill->outShapes.isEmpty()) return false;
  const QList<qint64> catShape = cat->outShapes.first();
  const int rank = static_cast<int>(catShape.size());
  const int d = scanDim(c, rank);
  const QList<int> cd = dimsOf(cat->args, rank);
  if (d < 0 || cd != QList<int>{d} || fill->outShapes.first().size() != rank || fill->outShapes.first().at(d) != 1)
    return false;
  // the cat's first part is the fill (through views that keep its single slice), its second the rest
  QString first = cat->refs.at(0);
  for (int guard = 0; guard < 8 && first != fill->id; ++guard) {
    const Op* v = opOf(p, first);
    if (!v || !viewOps().contains(v->name) || !followsView(v->name, Follow::SameOrder) || v->refs.isEmpty()) break;
    first = v->refs.first();
  }
  if (first != fill->id) return false;
  QString x;
  if (p.compute.last().id == cat->id && cat->refs.at(1) == c.id) {
    // cat((identity, scan(x[:n - 1])), d): n = the cat's size along d
    if (!sliceOf(p, c.refs.value(0), d, 0, catShape.at(d) - 1, &x)) return false;
  } else if (p.compute.last().id == c.id) {
    // scan(cat((identity, x), d)[:n]): n = the scan's size along d, one less than the cat's
    QString catRef;
    if (c.outShapes.isEmpty() || !sliceOf(p, c.refs.value(0), d, 0, catShape.at(d) - 1, &catRef) || catRef != cat->id)
      return false;
    x = cat->refs.at(1);
  } else {
    return false;
  }
  *src = rootOf(p, x);
  const Op* xo = opOf(p, *src);
  return !src->isEmpty() && !xo && p.inputs.contains(*src) && shapeOf(p.inputs.value(*src)).size() == rank &&
         shapeOf(p.inputs.value(*src)).at(d) == catShape.at(d) - 1 + (p.compute.last().id == c.id ? 0 : 1);
}

bool scan(const Parsed& p, PatternPlan& plan, QString* whyNot) {
  const QStringList names = computeNames(p);
  const qsizetype at = names.indexOf(QStringLiteral("cumsum")) >= 0 ? names.indexOf(QStringLiteral("cumsum"))
                                                                    : names.indexOf(QStringLiteral("cumprod"));
  if (at < 0) return false;
  plan.kind = PatternPlan::Kind::Scan;
  const Op& c = p.compute.at(at);
  plan.op = c.name;
  QStringList rest = names;
  rest.removeAt(at);
  QString src = c.refs.isEmpty() ? QString() : c.refs.first();
  const QString fillName = plan.op == u"cumsum" ? QStringLiteral("zeros_like") : QStringLiteral("ones_like");
  if (rest.isEmpty()) {
    src = rootOf(p, src);
  } else if (rest == QStringList{QStringLiteral("flip"), QStringLiteral("flip")} && at == 1) {
    plan.reverse = true;
    const Op& f0 = p.compute.at(0);
    const Op& f1 = p.compute.at(2);
    if (f0.refs.isEmpty() || src != f0.id || f1.refs.value(0) != c.id ||
        dimsOf(f0.args, 64, "dims") != dimsOf(f1.args, 64, "dims"))
      return fail(whyNot, QStringLiteral("flip/cumsum/flip that is not a reverse scan"));
    src = rootOf(p, f0.refs.first());
  } else if (rest.size() == 2 && rest.contains(fillName) && rest.contains(QStringLiteral("cat"))) {
    // an exclusive scan (the template loads x shifted by one in the scan's order: right for a sum and a product)
    if (!exclusiveScan(p, c, &src))
      return fail(
          whyNot,
          QStringLiteral("%1 with %2 and cat that is not an exclusive scan along the scan dim").arg(plan.op, fillName));
    plan.exclusive = true;
  } else if (rest == QStringList{QStringLiteral("mul")} && at == 1) {
    const Op& m = p.compute.at(0);
    if (m.refs.size() != 2 || src != m.id)
      return fail(whyNot, QStringLiteral("mul before the scan that is not x * mask"));
    src = m.refs.at(0);
    plan.input2 = m.refs.at(1);
    if (p.inputs.contains(plan.input2) && normaliseDtype(jstr(p.inputs.value(plan.input2), "dtype")) != u"bool" &&
        p.inputs.contains(src) && normaliseDtype(jstr(p.inputs.value(src), "dtype")) == u"bool")
      std::swap(src, plan.input2);
    if (!p.inputs.contains(plan.input2) || normaliseDtype(jstr(p.inputs.value(plan.input2), "dtype")) != u"bool")
      return fail(whyNot, QStringLiteral("a scan of x * y where neither is a bool mask"));
    plan.masked = true;
    plan.shape2 = shapeOf(p.inputs.value(plan.input2));
  } else {
    return fail(whyNot, QStringLiteral("%1 combined with %2 has no scan template").arg(plan.op, rest.join(u',')));
  }
  // the template scans the input itself: a view between them that changes its shape (a reshape, a slice) is the
  // chain planner's (rootOf already refuses the views that move elements)
  if (!plan.exclusive && !src.isEmpty() && p.inputs.contains(src) && !c.outShapes.isEmpty() &&
      shapeOf(p.inputs.value(src)) != c.outShapes.first())
    return fail(whyNot, QStringLiteral("%1 of a view of %2 in another shape").arg(plan.op, src));
  if (!setMain(plan, p, src, whyNot)) return false;
  if (plan.masked && plan.shape2 != plan.shape) return fail(whyNot, QStringLiteral("the scan's mask is not x's shape"));
  const QList<int> d = dimsOf(c.args, plan.rank);
  if (d.size() != 1 && plan.rank > 0) return fail(whyNot, QStringLiteral("%1 without one dim").arg(plan.op));
  if (!setDims(plan, d, whyNot)) return false;
  setView(plan);
  plan.description = QStringLiteral("%1%2%3%4 over dim %5 of %6 %7")
                         .arg(plan.reverse ? QStringLiteral("reverse ") : QString(),
                              plan.exclusive ? QStringLiteral("exclusive ") : QString(),
                              plan.masked ? QStringLiteral("masked ") : QString(), plan.op)
                         .arg(plan.dimFirst)
                         .arg(plan.input, shapeText(plan.shape));
  return true;
}

}  // namespace

QString patternKindName(PatternPlan::Kind kind) {
  switch (kind) {
    case PatternPlan::Kind::Reduction:
      return QStringLiteral("Reduction");
    case PatternPlan::Kind::RowNorm:
      return QStringLiteral("Softmax/Norm");
    case PatternPlan::Kind::Gemm:
      return QStringLiteral("GEMM");
    case PatternPlan::Kind::Loss:
      return QStringLiteral("Loss");
    case PatternPlan::Kind::Scan:
      return QStringLiteral("Scan");
  }
  return {};
}

QString multiOutputReason(const json& spec, const QString& writer) {
  const json outs = spec.is_object() ? spec.value("outputs", json::array()) : json::array();
  if (!outs.is_array() || outs.size() < 2) return {};
  QStringList each;
  for (size_t i = 0; i < outs.size() && i < 4; ++i) {
    const json& o = outs.at(i);
    const QString name = o.is_object() && o.contains("name") ? jstr(o, "name") : QStringLiteral("out%1").arg(i);
    if (o.is_object() && jstr(o, "kind") == u"tensor")
      each << QStringLiteral("%1 %2 %3").arg(name, shapeText(shapeOf(o)), jstr(o, "dtype"));
    else
      each << QStringLiteral("%1 (%2)").arg(name, o.is_object() ? jstr(o, "kind") : QStringLiteral("?"));
  }
  if (outs.size() > 4) each << QStringLiteral("...");
  return QStringLiteral(
             "forward() returns %1 outputs (%2); %3 writes only the first, and a kernel must return every "
             "output")
      .arg(outs.size())
      .arg(each.join(QStringLiteral(", ")), writer);
}

std::optional<PatternPlan> planPattern(const json& spec, QString* whyNot) {
  if (!spec.is_object()) return fail(whyNot, QStringLiteral("the spec is not a JSON object")), std::nullopt;
  // op names without their ids, operands and arguments (the golden specs' stable view): nothing to plan from
  if (const QString bad = specOpsProblem(spec); !bad.isEmpty()) return fail(whyNot, bad), std::nullopt;
  const Parsed p = parse(spec);
  const QString primary = jstr(spec.value("pattern", json::object()), "primary");
  if (p.compute.isEmpty()) return fail(whyNot, QStringLiteral("the spec lists no compute op")), std::nullopt;
  PatternPlan plan;
  QString why;
  const bool hit = gemm(spec, p, plan, &why) || (why.isEmpty() && reduction(p, plan, &why)) ||
                   (why.isEmpty() && rowNorm(p, plan, &why)) || (why.isEmpty() && loss(p, plan, &why)) ||
                   (why.isEmpty() && scan(p, plan, &why));
  if (!hit) {
    const json outs = spec.value("outputs", json::array());
    if (why.isEmpty() && outs.is_array() && outs.size() > 1)  // a tuple from forward(): the templates write one tensor
      why = QStringLiteral("forward() returns %1 outputs; the templates write one output tensor (ops: %2)")
                .arg(outs.size())
                .arg(computeNames(p).join(QStringLiteral(", ")));
    if (why.isEmpty())
      why = QStringLiteral("no template for pattern %1 (ops: %2)")
                .arg(primary.isEmpty() ? QStringLiteral("?") : primary, computeNames(p).join(QStringLiteral(", ")));
    fail(whyNot, why);
    return std::nullopt;
  }
  // a template writes one tensor: a tuple from forward() is not covered by the match on its first output
  if (const QString several =
          multiOutputReason(spec, QStringLiteral("the %1 template").arg(patternKindName(plan.kind)));
      !several.isEmpty())
    return fail(whyNot, several), std::nullopt;
  if (spec.contains("outputs") && spec.at("outputs").is_array() && !spec.at("outputs").empty()) {
    plan.outShape = shapeOf(spec.at("outputs").at(0));
    plan.outDtype = normaliseDtype(jstr(spec.at("outputs").at(0), "dtype"));
  }
  const DtypeRule outRule = resultDtypeRule(spec);
  plan.outDtypeFollowsInput = outRule.followsOnly() == plan.input;
  const OpGraph g = decodeOpGraph(spec);
  plan.outDtypeExpr =
      plan.outDtypeFollowsInput ? plan.input + QStringLiteral(".dtype") : outRule.python([&g](const QString& leaf) {
        return g.params.contains(leaf)    ? stateExpr(leaf, false)
               : g.buffers.contains(leaf) ? stateExpr(leaf, true)
                                          : leaf;
      });
  if (plan.kind != PatternPlan::Kind::Gemm && plan.reduce == 0)
    return fail(whyNot, QStringLiteral("the reduced extent is 0")), std::nullopt;
  return plan;
}

}  // namespace kwb
