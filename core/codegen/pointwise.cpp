#include "core/codegen/pointwise.h"

#include "core/codegen/dtyperule.h"
#include "core/codegen/initsignature.h"

#include <QFloat16>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <cstring>
#include <limits>

namespace kwb {

using nlohmann::json;

namespace {

QString str(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j.at(key).is_string()) return {};
  return QString::fromStdString(j.at(key).get<std::string>());
}

QList<qint64> shapeOf(const json& j) {
  QList<qint64> shape;
  if (j.is_object() && j.contains("shape") && j.at("shape").is_array())
    for (const auto& d : j.at("shape"))
      if (d.is_number_integer()) shape.append(d.get<qint64>());
  return shape;
}

qint64 numelOf(const QList<qint64>& shape) {
  qint64 n = 1;
  for (qint64 d : shape) n *= d;
  return n;
}

QString shapeText(const QList<qint64>& shape) {
  QStringList parts;
  for (qint64 d : shape) parts << QString::number(d);
  return u'[' + parts.join(u", ") + u']';
}

// float64: the Triton generators render a float64 problem's fp32 math in fp64 (dtyperule.h float64Kernel)
bool isFloatDtype(const QString& d) {
  return d == u"float32" || d == u"float16" || d == u"bfloat16" || d == u"float64";
}

bool isIntDtype(const QString& d) {
  return d == u"int64" || d == u"int32" || d == u"int16" || d == u"int8" || d == u"uint8";
}

}  // namespace

QString outDtypeNote(const PointwiseProgram& prog) {
  if (!prog.dtypeInput.isEmpty()) return QStringLiteral(", follows the input's dtype at run time");
  if (prog.outDtypeExpr == QStringLiteral("torch.") + prog.outDtype)
    return QStringLiteral(", fixed by a cast whatever the inputs' dtypes");
  return QStringLiteral(", at run time %1").arg(prog.outDtypeExpr);
}

QString normaliseDtype(const QString& dtype) {
  QString d = dtype.trimmed();
  if (d.startsWith(u"torch.")) d = d.mid(6);
  if (d == u"float") return QStringLiteral("float32");
  if (d == u"half") return QStringLiteral("float16");
  if (d == u"double") return QStringLiteral("float64");
  if (d == u"long") return QStringLiteral("int64");
  if (d == u"int") return QStringLiteral("int32");
  return d;
}

QString pyFloat(double v) {
  if (std::isnan(v)) return QStringLiteral("float('nan')");
  if (std::isinf(v)) return v > 0 ? QStringLiteral("float('inf')") : QStringLiteral("float('-inf')");
  char buf[64];
  // Shortest representation that round-trips (what Python's repr() prints).
  const auto res = std::to_chars(buf, buf + sizeof buf, v);
  QString s = QString::fromLatin1(buf, static_cast<qsizetype>(res.ptr - buf));
  if (!s.contains(u'.') && !s.contains(u'e')) s += QStringLiteral(".0");
  return s;
}

const PwInput* PointwiseProgram::input(const QString& name) const {
  for (const auto& in : inputs)
    if (in.name == name) return &in;
  return nullptr;
}

QList<const PwInput*> PointwiseProgram::tensorInputs() const {
  QList<const PwInput*> out;
  for (const auto& in : inputs)
    if (in.isTensor && in.usedByGraph) out.append(&in);
  return out;
}

QList<const PwInput*> PointwiseProgram::scalarInputs() const {
  QList<const PwInput*> out;
  for (const auto& in : inputs)
    if (!in.isTensor && in.usedByGraph) out.append(&in);
  return out;
}

bool hasPointwiseGraph(const json& spec) {
  return spec.is_object() && spec.contains("pointwise_graph") && spec.at("pointwise_graph").is_object();
}

QString pwInputWords(const PwInput& in, const json& spec) {
  if (!in.label.isEmpty()) return in.label;
  if (in.viewExpr.isEmpty()) return in.name;
  int line = 0;
  QString op;
  if (spec.is_object() && spec.contains("ops") && spec.at("ops").is_array())
    for (const auto& o : spec.at("ops"))
      if (o.is_object() && o.value("id", std::string()) == in.name.toStdString()) {
        line = o.value("line", 0);
        op = QString::fromStdString(o.value("op", std::string())).remove(QStringLiteral("aten::"));
      }
  if (op.isEmpty()) op = QStringLiteral("view");
  const bool vowel = QStringLiteral("aeiou").contains(op.at(0));
  return QStringLiteral("%1 (%2 %3 of a forward() input%4)")
      .arg(in.viewExpr, vowel ? QStringLiteral("an") : QStringLiteral("a"), op,
           line > 0 ? QStringLiteral(", line %1").arg(line) : QString());
}

std::optional<PointwiseProgram> parsePointwiseProgram(const json& spec, QString* whyNot) {
  auto fail = [whyNot](const QString& why) -> std::optional<PointwiseProgram> {
    if (whyNot) *whyNot = why;
    return std::nullopt;
  };
  if (!spec.is_object()) return fail(QStringLiteral("the spec is not a JSON object"));
  const QString pattern = spec.contains("pattern") ? str(spec.at("pattern"), "primary") : QString();
  if (!spec.contains("pointwise_graph") || !spec.at("pointwise_graph").is_object())
    return fail(QStringLiteral("the spec has no pointwise_graph (pattern %1): only all-pointwise "
                               "problems have an elementwise template")
                    .arg(pattern.isEmpty() ? QStringLiteral("unknown") : pattern));
  const json& g = spec.at("pointwise_graph");

  PointwiseProgram p;
  if (spec.contains("source")) {
    p.sourceName = str(spec.at("source"), "name");
    p.sourceSha = str(spec.at("source"), "sha256");
  }

  // forward() arguments
  if (!spec.contains("inputs") || !spec.at("inputs").is_array())
    return fail(QStringLiteral("the spec has no inputs array"));
  for (const auto& ji : spec.at("inputs")) {
    PwInput in;
    in.name = str(ji, "name");
    if (in.name.isEmpty()) return fail(QStringLiteral("a spec input has no name"));
    in.isTensor = str(ji, "kind") != u"scalar";
    in.dtype = normaliseDtype(str(ji, "dtype"));
    in.exactInt = ji.value("exact_int", false) == true;
    in.intArg = !in.isTensor && ji.value("int_arg", false) == true;
    in.label = str(ji, "label");
    if (in.isTensor) {
      in.shape = shapeOf(ji);
      in.numel = numelOf(in.shape);
    }
    p.inputs.append(in);
  }

  // output
  if (!spec.contains("outputs") || !spec.at("outputs").is_array() || spec.at("outputs").size() != 1)
    return fail(QStringLiteral("the elementwise template writes exactly one output tensor; the spec has %1")
                    .arg(spec.contains("outputs") && spec.at("outputs").is_array()
                             ? QString::number(spec.at("outputs").size())
                             : QStringLiteral("none")));
  const json& jo = spec.at("outputs").at(0);
  if (str(jo, "kind") == u"scalar") return fail(QStringLiteral("the output is a Python scalar, not a tensor"));
  p.outShape = shapeOf(jo);
  p.numel = numelOf(p.outShape);
  p.outDtype = normaliseDtype(str(jo, "dtype"));
  p.outAliasesInput = jo.contains("aliases_input") && !jo.at("aliases_input").is_null();
  if (!isFloatDtype(p.outDtype) && p.outDtype != u"bool")
    return fail(QStringLiteral("output dtype %1 is not handled (float16, bfloat16, float32, float64, bool)")
                    .arg(p.outDtype.isEmpty() ? QStringLiteral("(missing)") : p.outDtype));

  // model parameters are not forward() arguments: a graph reading them needs weights in ModelNew
  QSet<QString> params;
  if (spec.contains("model") && spec.at("model").is_object() && spec.at("model").contains("parameters") &&
      spec.at("model").at("parameters").is_array())
    for (const auto& jp : spec.at("model").at("parameters")) params.insert(str(jp, "name"));

  // nodes
  QSet<QString> known;
  for (const auto& in : std::as_const(p.inputs)) known.insert(in.name);
  if (!g.contains("nodes") || !g.at("nodes").is_array())
    return fail(QStringLiteral("pointwise_graph has no nodes array"));
  auto useRef = [&](const QString& ref) -> QString {
    if (!known.contains(ref)) {
      if (params.contains(ref))
        return QStringLiteral(
                   "the graph reads the model parameter '%1'; parameters are not "
                   "handled by the elementwise template")
            .arg(ref);
      return QStringLiteral("the graph refers to '%1', which is neither an input nor an earlier node").arg(ref);
    }
    for (auto& in : p.inputs)
      if (in.name == ref) in.usedByGraph = true;
    return {};
  };
  // the spec's op outputs by id: the shapes of view nodes
  QHash<QString, QList<qint64>> opShapes;
  if (spec.contains("ops") && spec.at("ops").is_array())
    for (const auto& o : spec.at("ops"))
      if (o.is_object() && o.contains("outputs") && o.at("outputs").is_array() && !o.at("outputs").empty())
        opShapes.insert(str(o, "id"), shapeOf(o.at("outputs").at(0)));
  static const QRegularExpression ident(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
  for (const auto& jn : g.at("nodes")) {
    PwNode n;
    n.id = str(jn, "id");
    n.op = str(jn, "op");
    if (n.id.isEmpty() || n.op.isEmpty()) return fail(QStringLiteral("a pointwise_graph node lacks an id or op"));
    if (known.contains(n.id)) return fail(QStringLiteral("node id '%1' is used twice").arg(n.id));
    static const QStringList viewNodes = {QStringLiteral("unsqueeze"), QStringLiteral("squeeze"),
                                          QStringLiteral("permute"),   QStringLiteral("transpose"),
                                          QStringLiteral("t"),         QStringLiteral("diagonal")};
    if (viewNodes.contains(n.op)) {
      // a view of an input: a derived input the launcher makes with the same view call
      const json args = jn.value("args", json::array());
      const QString src = args.is_array() && args.size() == 1 && args.at(0).is_string()
                              ? QString::fromStdString(args.at(0).get<std::string>())
                              : QString();
      const PwInput* from = p.input(src);
      if (!from || !from->isTensor || !ident.match(n.id).hasMatch() || !opShapes.contains(n.id))
        return fail(QStringLiteral("node %1 (%2) is not a view of a tensor input").arg(n.id, n.op));
      const json kw = jn.value("kwargs", json::object());
      auto ints = [&](const char* key) {
        QStringList out;
        if (kw.is_object() && kw.contains(key)) {
          const json& v = kw.at(key);
          if (v.is_number_integer())
            out << QString::number(v.get<qint64>());
          else if (v.is_array())
            for (const auto& e : v)
              if (e.is_number_integer()) out << QString::number(e.get<qint64>());
        }
        return out;
      };
      QString call;
      if (n.op == u"unsqueeze" || n.op == u"squeeze")
        call = ints("dim").size() == 1 ? QStringLiteral("%1(%2)").arg(n.op, ints("dim").first()) : QString();
      else if (n.op == u"permute")
        call = ints("dims").isEmpty() ? QString()
                                      : QStringLiteral("permute(%1)").arg(ints("dims").join(QStringLiteral(", ")));
      else if (n.op == u"diagonal")  // a view of the diagonal (offset, dim1, dim2; torch's defaults 0, 0, 1)
        call = QStringLiteral("diagonal(%1, %2, %3)")
                   .arg(ints("offset").value(0, QStringLiteral("0")), ints("dim1").value(0, QStringLiteral("0")),
                        ints("dim2").value(0, QStringLiteral("1")));
      else if (n.op == u"transpose")
        call = ints("dim0").size() == 1 && ints("dim1").size() == 1
                   ? QStringLiteral("transpose(%1, %2)").arg(ints("dim0").first(), ints("dim1").first())
                   : QString();
      else
        call = QStringLiteral("t()");
      if (call.isEmpty()) return fail(QStringLiteral("node %1 (%2) lacks the dims its view needs").arg(n.id, n.op));
      PwInput in;
      in.name = n.id;
      in.isTensor = true;
      in.dtype = from->dtype;
      in.shape = opShapes.value(n.id);
      in.numel = numelOf(in.shape);
      in.viewExpr = (from->viewExpr.isEmpty() ? from->name : from->viewExpr) + u'.' + call;
      p.inputs.append(in);
      known.insert(n.id);
      continue;
    }
    n.kwargs = jn.contains("kwargs") && jn.at("kwargs").is_object() ? jn.at("kwargs") : json::object();
    n.dtype = normaliseDtype(str(jn, "dtype"));
    // a tensor passed by keyword (clamp's min= / max= as tensors) is a ref: its input is read like an operand's
    for (auto it = n.kwargs.begin(); it != n.kwargs.end(); ++it)
      if (it.value().is_string() && known.contains(QString::fromStdString(it.value().get<std::string>())))
        (void)useRef(QString::fromStdString(it.value().get<std::string>()));
    if (jn.contains("args") && jn.at("args").is_array()) {
      for (const auto& ja : jn.at("args")) {
        PwArg a;
        if (ja.is_string()) {
          a.kind = PwArg::Kind::Ref;
          a.ref = QString::fromStdString(ja.get<std::string>());
          if (const QString e = useRef(a.ref); !e.isEmpty()) return fail(e);
        } else if (ja.is_object() && ja.contains("scalar_input")) {
          a.kind = PwArg::Kind::Scalar;
          a.ref = str(ja, "scalar_input");
          const PwInput* in = p.input(a.ref);
          if (!in || in->isTensor)
            return fail(QStringLiteral("node %1 names scalar input '%2', which the spec does not "
                                       "list as a scalar")
                            .arg(n.id, a.ref));
          (void)useRef(a.ref);
        } else {
          const json& c = ja.is_object() && ja.contains("const") ? ja.at("const") : ja;
          a.kind = PwArg::Kind::Const;
          if (c.is_boolean()) {
            a.isBool = true;
            a.value = c.get<bool>() ? 1.0 : 0.0;
          } else if (c.is_number()) {
            a.value = c.get<double>();
          } else if (c.is_null()) {
            a.isNull = true;
          } else if (c.is_string()) {
            // The probe writes non-finite numbers as strings (strict JSON has none).
            const QString s = QString::fromStdString(c.get<std::string>()).toLower();
            if (s == u"inf" || s == u"+inf" || s == u"infinity")
              a.value = std::numeric_limits<double>::infinity();
            else if (s == u"-inf" || s == u"-infinity")
              a.value = -std::numeric_limits<double>::infinity();
            else if (s == u"nan")
              a.value = std::numeric_limits<double>::quiet_NaN();
            else
              return fail(QStringLiteral("node %1 has a constant argument that is not a number: %2").arg(n.id, s));
          } else {
            return fail(QStringLiteral("node %1 has an argument of an unknown form: %2")
                            .arg(n.id, QString::fromStdString(ja.dump())));
          }
        }
        n.args.append(a);
      }
    }
    known.insert(n.id);
    p.nodes.append(n);
  }
  p.output = str(g, "output");
  if (p.output.isEmpty()) return fail(QStringLiteral("pointwise_graph has no output"));
  if (const QString e = useRef(p.output); !e.isEmpty()) return fail(e);

  // dtypes and broadcasting of the tensors the graph reads
  for (auto& in : p.inputs) {
    if (!in.usedByGraph || !in.isTensor) continue;
    // an integer tensor (int64 lengths, an arange) only where the caller marks it exact_int: the chain's exact
    // comparisons read it in its own dtype (no fp32 round trip above 2^24); elsewhere integer arithmetic is refused
    if (!isFloatDtype(in.dtype) && in.dtype != u"bool" && !(in.exactInt && isIntDtype(in.dtype)))
      return fail(QStringLiteral("input %1 has dtype %2; the template handles float16, bfloat16, "
                                 "float32, float64 and bool")
                      .arg(pwInputWords(in, spec), in.dtype.isEmpty() ? QStringLiteral("(missing)") : in.dtype));
    if (p.primary.isEmpty() && in.shape == p.outShape) p.primary = in.name;
  }
  for (auto& in : p.inputs) {
    if (!in.usedByGraph || !in.isTensor || in.shape == p.outShape) continue;
    if (in.numel == 1 && !p.primary.isEmpty()) {
      in.scalarLike = true;
      continue;
    }
    // PyTorch's broadcasting: aligned from the right, each dim equal to the output's or 1
    bool fits = in.shape.size() <= p.outShape.size();
    for (qsizetype k = 1; fits && k <= in.shape.size(); ++k) {
      const qint64 d = in.shape.at(in.shape.size() - k), o = p.outShape.at(p.outShape.size() - k);
      fits = d == o || d == 1;
    }
    if (!fits)
      return fail(QStringLiteral("input %1 %2 does not broadcast to the output %3")
                      .arg(pwInputWords(in, spec), shapeText(in.shape), shapeText(p.outShape)));
    in.broadcast = true;
    p.anyBroadcast = true;
  }
  if (p.primary.isEmpty() && !p.anyBroadcast)
    return fail(QStringLiteral("no tensor input has the output's shape %1 and none broadcasts to it")
                    .arg(shapeText(p.outShape)));
  // the output's dtype (dtyperule.h): fixed by a cast (.half() of an fp16 input stays float16 in the harness's bf16
  // case), or following the inputs' run-time dtypes as torch's promotion does
  const DtypeRule outRule = resultDtypeRule(spec);
  QString follows = outRule.followsOnly();
  // tensors of one spec dtype have one dtype in every case the harness runs: the primary stands for them
  if (!follows.isEmpty() && !p.primary.isEmpty() && p.input(follows) &&
      p.input(follows)->dtype == p.input(p.primary)->dtype)
    follows = p.primary;
  const PwInput* followed = follows.isEmpty() ? nullptr : p.input(follows);
  if (followed && followed->isTensor && followed->viewExpr.isEmpty()) p.dtypeInput = follows;
  p.outDtypeFollowsPrimary = !p.dtypeInput.isEmpty() && p.dtypeInput == p.primary;
  p.outDtypeExpr = !p.dtypeInput.isEmpty() ? p.dtypeInput + QStringLiteral(".dtype")
                                           : outRule.python([](const QString& leaf) { return leaf; });

  // constructor
  QString sig;
  if (spec.contains("model") && spec.at("model").is_object()) sig = str(spec.at("model"), "init_signature");
  QString sigError;
  const auto init = parseInitSignature(sig, &sigError);
  if (!init) return fail(sigError);
  p.initParams = init->paramsText;
  p.initNames = init->names;
  return p;
}

QString PwDialect::literal(double v) const { return pyFloat(v); }

QString PwDialect::roundTo(const QString&, const PwVal&) const { return {}; }

QString PwDialect::coordinate(int) const { return {}; }

QString PwDialect::convert(const QString&, const PwVal&) const { return {}; }

namespace {

/// @p v rounded to the nearest float16 / bfloat16 (ties to even), as a double: a cast of a literal.
double roundLiteral(const QString& dtype, double v) {
  const float f = static_cast<float>(v);
  if (std::isnan(f) || std::isinf(f)) return f;
  if (dtype == u"float16") return static_cast<double>(static_cast<float>(qfloat16(f)));
  std::uint32_t bits = 0;  // bfloat16: the top 16 bits of the fp32 pattern, rounded to nearest even
  std::memcpy(&bits, &f, sizeof bits);
  bits += 0x7FFFu + ((bits >> 16) & 1u);
  bits &= 0xFFFF0000u;
  float r = 0.0f;
  std::memcpy(&r, &bits, sizeof r);
  return r;
}

}  // namespace

namespace {

class Lowering {
 public:
  Lowering(const PointwiseProgram& prog, const PwDialect& d, const QString& indent)
      : m_prog(prog), m_d(d), m_indent(indent) {}

  QStringList stmts;
  QHash<QString, PwVal> vals;
  QString why;

  PwVal lit(double v) const {
    PwVal r;
    r.kind = PwVal::Kind::Literal;
    r.literal = v;
    r.expr = m_d.literal(v);
    return r;
  }

  static PwVal::Kind join(PwVal::Kind a, PwVal::Kind b) {
    if (a == PwVal::Kind::Tensor || b == PwVal::Kind::Tensor) return PwVal::Kind::Tensor;
    if (a == PwVal::Kind::Scalar || b == PwVal::Kind::Scalar) return PwVal::Kind::Scalar;
    return PwVal::Kind::Literal;
  }
  static PwVal::Kind join(const PwVal& a, const PwVal& b) { return join(a.kind, b.kind); }

  PwVal bin(const QString& op, const PwVal& a, const PwVal& b) const {
    const bool cmp = op == u"<" || op == u"<=" || op == u">" || op == u">=" || op == u"==" || op == u"!=";
    if (a.kind == PwVal::Kind::Literal && b.kind == PwVal::Kind::Literal) {
      const double x = a.literal, y = b.literal;
      double r = 0;
      if (op == u"+")
        r = x + y;
      else if (op == u"-")
        r = x - y;
      else if (op == u"*")
        r = x * y;
      else if (op == u"/")
        r = x / y;
      else if (op == u"<")
        r = x < y;
      else if (op == u"<=")
        r = x <= y;
      else if (op == u">")
        r = x > y;
      else if (op == u">=")
        r = x >= y;
      else if (op == u"==")
        r = x == y;
      else if (op == u"!=")
        r = x != y;
      PwVal v = lit(r);
      v.isBool = cmp;
      return v;
    }
    // x * 1 and x / 1 are exact in IEEE arithmetic (NaN, inf and -0 included): drop them
    if ((op == u"*" || op == u"/") && b.kind == PwVal::Kind::Literal && b.literal == 1.0) return a;
    if (op == u"*" && a.kind == PwVal::Kind::Literal && a.literal == 1.0) return b;
    PwVal r;
    r.kind = join(a, b);
    r.isBool = cmp;
    r.expr = u'(' + m_d.binary(op, a, b) + u')';
    return r;
  }

  PwVal un(const QString& name, const PwVal& a) {
    if (a.kind == PwVal::Kind::Literal) {
      const double x = a.literal;
      if (name == u"exp") return lit(std::exp(x));
      if (name == u"log") return lit(std::log(x));
      if (name == u"erf") return lit(std::erf(x));
      if (name == u"sqrt") return lit(std::sqrt(x));
      if (name == u"rsqrt") return lit(1.0 / std::sqrt(x));
      if (name == u"abs") return lit(std::fabs(x));
      if (name == u"sigmoid") return lit(1.0 / (1.0 + std::exp(-x)));
      if (name == u"tanh") return lit(std::tanh(x));
      if (name == u"floor") return lit(std::floor(x));
      if (name == u"sin") return lit(std::sin(x));
      if (name == u"cos") return lit(std::cos(x));
    }
    PwVal r;
    r.kind = a.kind;
    r.expr = m_d.unary(name, a);
    if (r.expr.isEmpty()) why = QStringLiteral("the dialect has no %1").arg(name);
    return r;
  }

  PwVal where(const PwVal& c, const PwVal& a, const PwVal& b) const {
    if (c.kind == PwVal::Kind::Literal) return c.literal != 0.0 ? a : b;
    PwVal r;
    r.kind = join(c.kind, join(a, b));
    r.isBool = a.isBool && b.isBool;
    r.expr = m_d.where(c, a, b);
    return r;
  }

  /// A condition as a bool: a chain epilogue loads a bool tensor (a mask buffer, a triu of ones) as float 0/1,
  /// which tl.where does not take as its condition (x10's where(mask, full_like(s, -inf), s), trial 8).
  PwVal cond(const PwVal& c) const {
    return c.isBool || c.kind == PwVal::Kind::Literal ? c : bin(QStringLiteral("!="), c, lit(0.0));
  }

  PwVal full(const PwVal& like, double v) const {
    PwVal r;
    r.kind = PwVal::Kind::Tensor;
    r.expr = m_d.fullLike(like, v);
    return r;
  }

  /// Binds expr to a fresh local so that it can be used several times without recomputation.
  PwVal tmp(const QString& name, const PwVal& v) {
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (v.kind == PwVal::Kind::Literal || identifier.match(v.expr).hasMatch()) return v;
    stmts << m_indent + name + QStringLiteral(" = ") + v.expr;
    PwVal r = v;
    r.expr = name;
    return r;
  }

  // x where x < lo -> lo, x > hi -> hi; NaN passes through like torch.clamp.
  PwVal clamp(const QString& base, const PwVal& x, const std::optional<PwVal>& lo, const std::optional<PwVal>& hi) {
    PwVal v = tmp(base, x);
    const bool literals = (!lo || lo->kind == PwVal::Kind::Literal) && (!hi || hi->kind == PwVal::Kind::Literal);
    if (lo && hi && !(literals && lo->literal <= hi->literal)) {
      // torch's order, min(max(x, lo), hi): where a bound is a tensor, lo > hi may happen and gives hi
      v = where(bin(QStringLiteral("<"), v, *lo), *lo, v);
      v = tmp(base + QStringLiteral("_lo"), v);
      return where(bin(QStringLiteral(">"), v, *hi), *hi, v);
    }
    if (hi) v = where(bin(QStringLiteral(">"), v, *hi), *hi, v);
    if (lo) {
      if (hi) v = tmp(base + QStringLiteral("_hi"), v);
      v = where(bin(QStringLiteral("<"), v, *lo), *lo, v);
    }
    return v;
  }

  bool lower(const std::function<PwVal(const PwInput&)>& inputExpr) {
    for (const auto& in : m_prog.inputs)
      if (in.usedByGraph) {
        PwVal v = inputExpr(in);
        // an exact integer input is an int64 value where integer nodes read it (the kernel loads its own dtype;
        // a narrower integer is widened, as torch's promotion with the int64 values it meets does)
        if (in.isTensor && in.exactInt && isIntDtype(in.dtype)) {
          v.isInt = true;
          if (in.dtype != u"int64" && hasIntNodes()) v.expr = m_d.convert(QStringLiteral("int64"), v);
        }
        vals.insert(in.name, v);
      }
    for (const auto& n : m_prog.nodes) {
      const bool intNode = isIntDtype(n.dtype);
      std::optional<PwVal> r;
      if (intNode) {
        r = integerNode(n, inputExpr);
      } else {
        // a float / bool node reading int64 values: each converted to fp32 first (torch's promotion), except
        // for a comparison of integers with integers or integral constants, which stays exact
        QHash<QString, PwVal> saved;
        if (exactCompare(n)) {  // both sides integers (an integral constant as an int literal: no fp32 compare)
          static const QHash<QString, QString> sym = {
              {QStringLiteral("gt"), QStringLiteral(">")},  {QStringLiteral("lt"), QStringLiteral("<")},
              {QStringLiteral("ge"), QStringLiteral(">=")}, {QStringLiteral("le"), QStringLiteral("<=")},
              {QStringLiteral("eq"), QStringLiteral("==")}, {QStringLiteral("ne"), QStringLiteral("!=")}};
          const auto a = arg(n, 0, inputExpr), b = arg(n, 1, inputExpr);
          const auto ai = a ? asInt(n, *a) : std::nullopt, bi = b ? asInt(n, *b) : std::nullopt;
          if (ai && bi) r = bin(sym.value(n.op), *ai, *bi);
        }
        if (!r && !exactCompare(n))
          for (const PwArg& a : n.args)
            if (a.kind == PwArg::Kind::Ref && vals.value(a.ref).isInt && !saved.contains(a.ref)) {
              saved.insert(a.ref, vals.value(a.ref));
              vals[a.ref] = asFloat(a.ref, vals.value(a.ref));
            }
        if (!r) r = node(n, inputExpr);
        for (auto it = saved.cbegin(); it != saved.cend(); ++it) vals[it.key()] = it.value();
      }
      if (!r) {
        if (why.isEmpty()) why = QStringLiteral("op '%1' (node %2) has no elementwise lowering").arg(n.op, n.id);
        return false;
      }
      if (!why.isEmpty()) return false;
      PwVal v = *r;
      v.isInt = intNode;
      if (intNode) v.isBool = false;
      if (intNode && v.kind == PwVal::Kind::Literal) v = intLit(v.literal);
      if (intNode && n.dtype != u"int64") v = wrapTo(n.dtype, v);
      if (v.kind != PwVal::Kind::Literal) {
        const QString var = QStringLiteral("v_") + n.id;
        stmts << m_indent + var + QStringLiteral(" = ") + v.expr;
        v.expr = var;
      }
      vals.insert(n.id, v);
    }
    return true;
  }

 private:
  bool hasIntNodes() const {
    return std::any_of(m_prog.nodes.cbegin(), m_prog.nodes.cend(), [](const PwNode& n) { return isIntDtype(n.dtype); });
  }

  /// An int64 value @p v wrapped to the narrower integer @p dtype (int32 / int16 / int8 / uint8) and held as int64
  /// again: torch computes such a node in its own width, so a + b, a * b, a << k wrap modulo 2^bits; every node is
  /// computed in int64 (exact for two operands of 32 bits or fewer) and wrapped once here, which gives the same
  /// two's complement value -- and the next node's floor division / remainder / comparison reads what torch reads.
  /// Signed: ((v + 2^(b-1)) & (2^b - 1)) - 2^(b-1); uint8: v & 255.
  PwVal wrapTo(const QString& dtype, const PwVal& v) const {
    const int bits = dtype == u"int32" ? 32 : dtype == u"int16" ? 16 : 8;
    const double span = std::ldexp(1.0, bits), half = std::ldexp(1.0, bits - 1);
    if (v.kind == PwVal::Kind::Literal) {
      const auto x = static_cast<qint64>(v.literal);
      const auto m = static_cast<qint64>(span) - 1;
      const qint64 r = dtype == u"uint8" ? (x & m) : ((x + static_cast<qint64>(half)) & m) - static_cast<qint64>(half);
      return intLit(static_cast<double>(r));
    }
    if (dtype == u"uint8") return bitOp("&", v, intLit(span - 1));
    return ibin("-", bitOp("&", ibin("+", v, intLit(half)), intLit(span - 1)), intLit(half));
  }

  /// An integer literal (Python int syntax: Triton keeps an int64 operand int64 beside it, where 2.0 would make it
  /// fp32).
  PwVal intLit(double v) const {
    PwVal r;
    r.kind = PwVal::Kind::Literal;
    r.literal = v;
    r.isInt = true;
    r.expr = QString::number(static_cast<qint64>(v));
    return r;
  }

  static bool integral(double v) { return std::isfinite(v) && v == std::trunc(v) && std::fabs(v) < 9.0e18; }

  /// int64 value @p ref converted to fp32 once (a local of its own), for float nodes reading it.
  PwVal asFloat(const QString& ref, const PwVal& v) {
    if (v.kind == PwVal::Kind::Literal) return lit(v.literal);
    if (const auto it = m_floatOf.find(ref); it != m_floatOf.end()) return *it;
    PwVal f = v;
    f.isInt = false;
    f.expr = m_d.convert(QStringLiteral("float32"), v);
    f = tmp(QStringLiteral("v_") + ref + QStringLiteral("_f"), f);
    m_floatOf.insert(ref, f);
    return f;
  }

  /// Whether @p n compares an int64 value with another or with an integral constant: exact in the integers.
  bool exactCompare(const PwNode& n) const {
    static const QSet<QString> cmp = {QStringLiteral("eq"), QStringLiteral("ne"), QStringLiteral("lt"),
                                      QStringLiteral("le"), QStringLiteral("gt"), QStringLiteral("ge")};
    if (!cmp.contains(n.op) || n.args.size() != 2) return false;
    bool anyInt = false;
    for (const PwArg& a : n.args) {
      if (a.kind == PwArg::Kind::Ref && vals.value(a.ref).isInt)
        anyInt = true;
      else if (!(a.kind == PwArg::Kind::Const && !a.isNull && integral(a.value)) && !intArg(a))
        return false;
    }
    return anyInt;
  }

  /// Whether @p a is a forward() int argument passed exact (PwInput::intArg): an integer operand, not an fp32 one.
  bool intArg(const PwArg& a) const {
    const PwInput* in = a.kind == PwArg::Kind::Scalar ? m_prog.input(a.ref) : nullptr;
    return in && in->intArg;
  }

  /// Operand @p v of an integer node as an int64 value: itself, a bool tensor as 0 / 1, an integral constant as an
  /// int literal; nullopt (and why) for a float value or a scalar input (an fp32 argument: not exact).
  std::optional<PwVal> asInt(const PwNode& n, const PwVal& v) {
    if (v.isInt) return v;
    if (v.kind == PwVal::Kind::Literal && integral(v.literal)) return intLit(v.literal);
    // a bool tensor as 0 / 1; a forward() int argument checked exact on the host (kwb_int_arg) as its int64
    if ((v.kind == PwVal::Kind::Tensor && v.isBool) || (v.kind == PwVal::Kind::Scalar && v.intArg)) {
      PwVal r = v;
      r.isBool = false;
      r.isInt = true;
      r.expr = m_d.convert(QStringLiteral("int64"), v);
      return r;
    }
    why = QStringLiteral("%1 (node %2) computes an integer from a %3 operand, which has no exact integer lowering")
              .arg(n.op, n.id,
                   v.kind == PwVal::Kind::Scalar    ? QStringLiteral("scalar")
                   : v.kind == PwVal::Kind::Literal ? QStringLiteral("non-integral constant")
                                                    : QStringLiteral("floating"));
    return std::nullopt;
  }

  /// An int64 tensor of the program's block shape holding @p v (tl.where of two int literals would be int32).
  /// @p like: a tensor operand in scope whose shape the fill takes (the CuTe DSL's full_like needs one; the program's
  /// primary is not a tensor of vals where the program reads no input by that name: trial 29 #1's clamp).
  PwVal intTensor(const PwVal& v, const PwVal& like = {}) {
    if (v.kind == PwVal::Kind::Tensor) return v;
    const PwVal ref =
        like.kind == PwVal::Kind::Tensor ? like : vals.value(m_prog.primary.isEmpty() ? m_prog.output : m_prog.primary);
    PwVal z = full(ref, 0.0);
    z.expr = m_d.convert(QStringLiteral("int64"), z);
    z.isInt = true;
    return ibin("+", z, v);
  }

  /// a // b and the remainder a - (a // b) b fixed up to torch's floor division and sign rules whatever the
  /// kernel's integer `//` rounds to (Triton: toward zero, as C; the CPU emulation: floor, as Python): where the
  /// remainder is nonzero and its sign is not @p signOf's, the quotient moves by @p qStep and the remainder by
  /// @p rStep times b. A zero divisor tensor divides by 1 (torch raises or gives an unspecified value there).
  /// Returns (quotient, remainder) as temporaries.
  QPair<PwVal, PwVal> intDivision(const QString& t, const PwVal& a0, const PwVal& b0, bool signOfDivisor, int qStep,
                                  int rStep) {
    const PwVal a = tmp(t + QStringLiteral("_a"), a0);
    PwVal b = tmp(t + QStringLiteral("_b"), b0);
    if (b.kind != PwVal::Kind::Literal)
      b = tmp(t + QStringLiteral("_d"), where(ibin("==", b, intLit(0)), intTensor(intLit(1), b), b));
    const PwVal q = tmp(t + QStringLiteral("_q"), ibin("//", a, b));
    const PwVal r = tmp(t + QStringLiteral("_r"), ibin("-", a, ibin("*", q, b)));
    // (r < 0) != (s < 0) for the sign operand s: against a constant, one comparison of r
    const PwVal& s = signOfDivisor ? b : a;
    const PwVal off = s.kind == PwVal::Kind::Literal
                          ? ibin(s.literal < 0 ? ">=" : "<", r, intLit(0))
                          : tmp(t + QStringLiteral("_o"), ibin("!=", ibin("<", r, intLit(0)), ibin("<", s, intLit(0))));
    const PwVal nz = tmp(t + QStringLiteral("_z"), ibin("!=", r, intLit(0)));
    const PwVal move = tmp(t + QStringLiteral("_m"), where(nz, off, nz));  // nonzero and of the other sign
    const PwVal qq = where(move, ibin("+", q, intLit(qStep)), q);
    const PwVal rr = where(move, ibin("+", r, ibin("*", b, intLit(rStep))), r);
    return {qq, rr};
  }

  /// a OP b of int64 values: a folded constant stays an int literal (2.0 would make the value fp32 in Triton).
  PwVal ibin(const char* op, const PwVal& a, const PwVal& b) const {
    if (QLatin1String(op) == QLatin1String("//") && a.kind == PwVal::Kind::Literal && b.kind == PwVal::Kind::Literal &&
        b.literal != 0.0)
      return intLit(std::floor(a.literal / b.literal));
    PwVal r = bin(QLatin1String(op), a, b);
    if (r.kind == PwVal::Kind::Literal && !r.isBool) r = intLit(r.literal);
    r.isInt = !r.isBool;
    return r;
  }

  /// a OP b of int64 values for a bit operation (& | ^ << >>): two int literals folded in 64-bit two's complement
  /// (bin's fold is of doubles), else the dialect's operator on int64 operands.
  PwVal bitOp(const char* op, const PwVal& a, const PwVal& b) const {
    if (a.kind == PwVal::Kind::Literal && b.kind == PwVal::Kind::Literal) {
      const auto x = static_cast<qint64>(a.literal), y = static_cast<qint64>(b.literal);
      const QLatin1String o(op);
      const auto ux = static_cast<quint64>(x);
      qint64 r = 0;
      if (o == QLatin1String("&")) r = x & y;
      if (o == QLatin1String("|")) r = x | y;
      if (o == QLatin1String("^")) r = x ^ y;
      if (o == QLatin1String("<<")) r = y >= 0 && y < 64 ? static_cast<qint64>(ux << y) : 0;
      if (o == QLatin1String(">>")) r = y >= 0 && y < 64 ? (x >> y) : (x < 0 ? -1 : 0);
      return intLit(static_cast<double>(r));  // exact while |r| < 2^53, as every literal of this lowering
    }
    PwVal r;
    r.kind = join(a, b);
    r.isInt = true;
    r.expr = u'(' + m_d.binary(QLatin1String(op), a, b) + u')';
    return r;
  }

  /// A node whose traced result is int64, computed exactly in int64: arithmetic (+ - * neg abs sign), min / max /
  /// clamp against integers, where / masked_fill, torch's floor division and remainder (floor_divide, div with a
  /// rounding_mode, remainder, fmod), relu, and casts to int64 (a float truncated toward zero, a bool 0 / 1).
  /// Overflow wraps as torch's int64 does. Anything else says why.
  std::optional<PwVal> integerNode(const PwNode& n, const std::function<PwVal(const PwInput&)>& ie) {
    const QString& op = n.op;
    const QString t = QStringLiteral("v_") + n.id;
    if (!m_d.exactIntegers() || m_d.convert(QStringLiteral("int64"), PwVal{}).isEmpty()) {
      why = QStringLiteral(
                "%1 (node %2) computes %3, which this DSL's lowering computes in fp32 only (the "
                "Triton chain computes it exactly)")
                .arg(op, n.id, n.dtype);
      return std::nullopt;
    }
    const auto x0 = arg(n, 0, ie);
    if (!x0) {
      why = QStringLiteral("node %1 (%2) has no first argument").arg(n.id, op);
      return std::nullopt;
    }
    auto B = [this](const char* o, const PwVal& a, const PwVal& b) { return ibin(o, a, b); };
    auto second = [&](const char* kw) -> std::optional<PwVal> {
      const auto y = opt(n, 1, kw, ie);
      if (!y) {
        why = QStringLiteral("node %1 (%2) needs a second operand").arg(n.id, op);
        return std::nullopt;
      }
      return asInt(n, *y);
    };
    if (op == u"_to_copy" || op == u"to" || op == u"_to_dtype") {
      const PwVal& v = *x0;
      if (v.isInt) return v;
      if (v.kind == PwVal::Kind::Literal) return intLit(std::trunc(v.literal));
      PwVal r = v;
      r.isBool = false;
      r.expr = m_d.convert(QStringLiteral("int64"), v);  // fptosi: toward zero, as torch's cast
      return r;
    }
    const auto xi = asInt(n, *x0);
    if (!xi) return std::nullopt;
    const PwVal x = *xi;
    if (op == u"clone" || op == u"alias" || op == u"detach" || op == u"contiguous" || op == u"positive") return x;
    if (op == u"neg" || op == u"negative") return B("-", intLit(0), x);
    if (op == u"abs") {
      const PwVal xv = tmp(t + QStringLiteral("_x"), x);
      return where(B("<", xv, intLit(0)), B("-", intLit(0), xv), xv);
    }
    if (op == u"sign" || op == u"sgn") {
      const PwVal xv = tmp(t + QStringLiteral("_x"), x);
      return where(B(">", xv, intLit(0)), intTensor(intLit(1), xv),
                   where(B("<", xv, intLit(0)), intTensor(intLit(-1), xv), intTensor(intLit(0), xv)));
    }
    if (op == u"relu") return where(B("<", x, intLit(0)), intTensor(intLit(0), x), x);
    if (op == u"add" || op == u"sub" || op == u"rsub") {
      const auto y = second("other");
      if (!y) return std::nullopt;
      const auto alpha = asInt(n, param(n, 2, "alpha", 1.0, ie));
      if (!alpha) return std::nullopt;
      const bool one = alpha->kind == PwVal::Kind::Literal && alpha->literal == 1.0;
      if (op == u"rsub") return B("-", *y, one ? x : B("*", x, *alpha));
      return B(op == u"add" ? "+" : "-", x, one ? *y : B("*", *y, *alpha));
    }
    if (op == u"mul" || op == u"multiply") {
      const auto y = second("other");
      return y ? std::optional<PwVal>(B("*", x, *y)) : std::nullopt;
    }
    if (op == u"minimum" || op == u"maximum" || op == u"min" || op == u"max") {
      const auto y = second("other");
      if (!y) return std::nullopt;
      return where(B(op.startsWith(QLatin1String("min")) ? "<" : ">", x, *y), intTensor(x, *y), intTensor(*y, x));
    }
    if (op == u"clamp" || op == u"clamp_min" || op == u"clamp_max") {
      std::optional<PwVal> lo, hi;
      if (op != u"clamp_max")
        if (auto v = opt(n, 1, "min", ie)) {
          lo = asInt(n, *v);
          if (!lo) return std::nullopt;
        }
      if (op != u"clamp_min")
        if (auto v = opt(n, op == u"clamp" ? 2 : 1, "max", ie)) {
          hi = asInt(n, *v);
          if (!hi) return std::nullopt;
        }
      PwVal v = tmp(t + QStringLiteral("_x"), x);
      if (lo) v = tmp(t + QStringLiteral("_lo"), where(B("<", v, *lo), intTensor(*lo, v), v));
      if (hi) v = where(B(">", v, *hi), intTensor(*hi, v), v);
      return v;
    }
    if (op == u"where" || op == u"masked_fill") {
      const bool w = op == u"where";
      const auto c = w ? std::optional<PwVal>(x0) : arg(n, 1, ie);
      const auto a = w ? arg(n, 1, ie) : opt(n, 2, "value", ie);
      const auto b = w ? arg(n, 2, ie) : std::optional<PwVal>(x);
      if (!c || !a || !b) {
        why = QStringLiteral("%1 (node %2) needs a condition and two values").arg(op, n.id);
        return std::nullopt;
      }
      const auto ai = asInt(n, *a), bi = asInt(n, *b);
      if (!ai || !bi) return std::nullopt;
      PwVal cc = *c;
      if (cc.isInt) cc = B("!=", cc, intLit(0));
      const PwVal like = ai->kind == PwVal::Kind::Tensor ? *ai : bi->kind == PwVal::Kind::Tensor ? *bi : cc;
      return where(cond(cc), intTensor(*ai, like), intTensor(*bi, like));
    }
    const bool floorDiv =
        op == u"floor_divide" || ((op == u"div" || op == u"divide") && kwString(n, "rounding_mode") == u"floor");
    const bool truncDiv = (op == u"div" || op == u"divide") && kwString(n, "rounding_mode") == u"trunc";
    if (floorDiv || truncDiv || op == u"remainder" || op == u"fmod") {
      const auto y = second("other");
      if (!y) return std::nullopt;
      // floor: the remainder takes the divisor's sign (the quotient one lower where it does not); trunc / fmod:
      // the dividend's (one higher / the remainder one divisor back)
      const bool divisorSign = floorDiv || op == u"remainder";
      const auto qr = intDivision(t, x, *y, divisorSign, divisorSign ? -1 : 1, divisorSign ? 1 : -1);
      return floorDiv || truncDiv ? qr.first : qr.second;
    }
    // bit operations of int64 (a hash's xor and shifts, t20_int_hash): two's complement as torch's; a right shift of a
    // signed value is arithmetic in both Triton and torch; shift counts 0..63 (beyond, each is undefined / differs)
    static const QHash<QString, const char*> bits = {
        {QStringLiteral("bitwise_and"), "&"},          {QStringLiteral("__and__"), "&"},
        {QStringLiteral("bitwise_or"), "|"},           {QStringLiteral("__or__"), "|"},
        {QStringLiteral("bitwise_xor"), "^"},          {QStringLiteral("__xor__"), "^"},
        {QStringLiteral("bitwise_left_shift"), "<<"},  {QStringLiteral("__lshift__"), "<<"},
        {QStringLiteral("bitwise_right_shift"), ">>"}, {QStringLiteral("__rshift__"), ">>"}};
    if (const auto it = bits.find(op); it != bits.end()) {
      const auto y = second("other");
      if (!y) return std::nullopt;
      return bitOp(it.value(), x, *y);
    }
    if (op == u"bitwise_not") return bitOp("^", x, intLit(-1));  // ~x = x ^ -1 (all ones)
    why = QStringLiteral("op '%1' (node %2) computing %3 has no exact integer lowering").arg(op, n.id, n.dtype);
    return std::nullopt;
  }

  QHash<QString, PwVal> m_floatOf;  ///< int64 values already converted to fp32 for float nodes

  std::optional<PwVal> arg(const PwNode& n, int i, const std::function<PwVal(const PwInput&)>& inputExpr) const {
    if (i >= n.args.size()) return std::nullopt;
    const PwArg& a = n.args.at(i);
    switch (a.kind) {
      case PwArg::Kind::Ref:
        return vals.value(a.ref);
      case PwArg::Kind::Scalar: {
        PwVal v = inputExpr(*m_prog.input(a.ref));
        v.intArg = m_prog.input(a.ref)->intArg;
        return v;
      }
      case PwArg::Kind::Const:
        if (a.isNull) return std::nullopt;
        {
          PwVal v = lit(a.value);
          v.isBool = a.isBool;
          return v;
        }
    }
    return std::nullopt;
  }

  /// Positional argument i, else kwargs[kw]; nullopt when absent or null.
  std::optional<PwVal> opt(const PwNode& n, int i, const char* kw,
                           const std::function<PwVal(const PwInput&)>& inputExpr) const {
    if (i < n.args.size()) return arg(n, i, inputExpr);
    if (n.kwargs.contains(kw)) {
      const json& k = n.kwargs.at(kw);
      if (k.is_number()) return lit(k.get<double>());
      if (k.is_boolean()) return lit(k.get<bool>() ? 1.0 : 0.0);
      if (k.is_object() && k.contains("const") && k.at("const").is_number()) return lit(k.at("const").get<double>());
      if (k.is_object() && k.contains("scalar_input"))
        if (const PwInput* in = m_prog.input(QString::fromStdString(k.at("scalar_input").get<std::string>()))) {
          PwVal v = inputExpr(*in);
          v.intArg = in->intArg;
          return v;
        }
      if (k.is_string()) {
        const QString t = QString::fromStdString(k.get<std::string>());
        if (const auto it = vals.find(t); it != vals.end()) return *it;
        // the probe writes non-finite numbers as strings (strict JSON has none)
        if (t == u"inf" || t == u"-inf" || t == u"nan")
          return lit(t == u"nan" ? std::numeric_limits<double>::quiet_NaN()
                                 : (t.startsWith(u'-') ? -1.0 : 1.0) * std::numeric_limits<double>::infinity());
      }
    }
    return std::nullopt;
  }

  PwVal param(const PwNode& n, int i, const char* kw, double def,
              const std::function<PwVal(const PwInput&)>& inputExpr) const {
    return opt(n, i, kw, inputExpr).value_or(lit(def));
  }

  QString kwString(const PwNode& n, const char* kw) const {
    if (n.kwargs.contains(kw) && n.kwargs.at(kw).is_string())
      return QString::fromStdString(n.kwargs.at(kw).get<std::string>());
    return {};
  }

  // The node whose result is argument i of n, or nullptr (an input, a scalar, a constant).
  const PwNode* producer(const PwNode& n, int i) const {
    if (i >= n.args.size() || n.args.at(i).kind != PwArg::Kind::Ref) return nullptr;
    for (const PwNode& m : m_prog.nodes)
      if (m.id == n.args.at(i).ref) return &m;
    return nullptr;
  }

  // tanh(softplus(x)) with torch's default softplus (beta 1, threshold 20): tanh(log(1 + e)) = n / (n + 2), n =
  // e (e + 2), e = exp(x), exactly; one exp and one division, where exp, log and tanh (an exp and a division in
  // Triton: 2 sigmoid(2z) - 1) took three and one -- a mish epilogue's cost halves (4_Conv2d_Mish_Mish). No
  // cancellation: for x -> -inf n -> 2e (the old log(1 + e) rounded to 0 below -17). Above the threshold softplus
  // is x and tanh(x > 20) is 1 in fp32 (n itself would overflow past 44). x: a temporary or a literal.
  PwVal tanhSoftplus(const QString& t, const PwVal& x) {
    const PwVal e = tmp(t + QStringLiteral("_e"), un(QStringLiteral("exp"), x));
    const PwVal nn = tmp(t + QStringLiteral("_n"), bin(QStringLiteral("*"), e, bin(QStringLiteral("+"), e, lit(2.0))));
    return where(bin(QStringLiteral(">"), x, lit(20.0)), lit(1.0),
                 bin(QStringLiteral("/"), nn, bin(QStringLiteral("+"), nn, lit(2.0))));
  }

  // torch.round: half to even (rint), with decimals d as torch scales (x * 10^d rounded, / 10^d; d < 0: x / 10^-d
  // rounded, * 10^-d). Fake quantisation (round then clamp) traces it. x - floor(x) is exact in binary floating
  // point; NaN and inf fail every comparison on it and keep floor(x), which is x for them.
  std::optional<PwVal> roundHalfEven(const PwNode& n, const QString& t, const PwVal& x,
                                     const std::function<PwVal(const PwInput&)>& ie) {
    const PwVal dec = param(n, 1, "decimals", 0.0, ie);
    if (dec.kind != PwVal::Kind::Literal || dec.literal != std::trunc(dec.literal) || std::fabs(dec.literal) > 30) {
      why = QStringLiteral("round with decimals that are not a constant integer has no elementwise lowering");
      return std::nullopt;
    }
    const PwVal ten = lit(std::pow(10.0, std::fabs(dec.literal)));
    const QLatin1String mul("*"), div("/");
    PwVal xv = x;
    if (dec.literal != 0.0) xv = bin(dec.literal > 0 ? mul : div, x, ten);
    xv = tmp(t + QStringLiteral("_x"), xv);
    const PwVal f = tmp(t + QStringLiteral("_f"), un(QStringLiteral("floor"), xv));
    const PwVal d = tmp(t + QStringLiteral("_d"), bin(QStringLiteral("-"), xv, f));
    const PwVal up = bin(QStringLiteral("+"), f, lit(1.0));
    const PwVal odd = bin(QStringLiteral("-"), f,
                          bin(mul, un(QStringLiteral("floor"), bin(mul, f, lit(0.5))), lit(2.0)));  // 1: f is odd
    const PwVal r =
        where(bin(QStringLiteral(">"), d, lit(0.5)), up,
              where(bin(QStringLiteral("<"), d, lit(0.5)), f, where(bin(QStringLiteral("=="), odd, lit(1.0)), up, f)));
    if (dec.literal == 0.0) return r;
    return bin(dec.literal > 0 ? div : mul, tmp(t + QStringLiteral("_r"), r), ten);
  }

  std::optional<PwVal> pow(const QString& b, const PwVal& a, const PwVal& e) {
    const QString ts = QStringLiteral("v_") + b;
    if (e.kind == PwVal::Kind::Literal) {
      const double c = e.literal;
      if (a.kind == PwVal::Kind::Literal) return lit(std::pow(a.literal, c));
      if (c == 0.0) return full(a, 1.0);
      if (c == 1.0) return a;
      if (c == 2.0) return bin(QStringLiteral("*"), a, a);
      if (c == 3.0) return bin(QStringLiteral("*"), bin(QStringLiteral("*"), a, a), a);
      if (c == 0.5) return un(QStringLiteral("sqrt"), a);
      if (c == -0.5) return un(QStringLiteral("rsqrt"), a);
      if (c == -1.0) return bin(QStringLiteral("/"), lit(1.0), a);
      if (std::floor(c) == c && std::fabs(c) < 9.0e15) {
        // |a|^c with the sign of a for odd c (torch.pow of a negative base, integral exponent)
        const PwVal r = tmp(ts + QStringLiteral("_mag"),
                            un(QStringLiteral("exp"),
                               bin(QStringLiteral("*"), un(QStringLiteral("log"), un(QStringLiteral("abs"), a)), e)));
        const bool odd = std::fmod(std::fabs(c), 2.0) == 1.0;
        if (!odd) return r;
        return where(bin(QStringLiteral("<"), a, lit(0.0)), bin(QStringLiteral("*"), r, lit(-1.0)), r);
      }
      // non-integral exponent: NaN for a negative base, like torch
      return un(QStringLiteral("exp"), bin(QStringLiteral("*"), un(QStringLiteral("log"), a), e));
    }
    if (a.kind == PwVal::Kind::Literal) {
      if (a.literal == 1.0) return full(e, 1.0);
      if (!(a.literal > 0.0)) {
        why = QStringLiteral(
                  "pow with constant base %1 and a tensor exponent is only lowered for a "
                  "positive base")
                  .arg(pyFloat(a.literal));
        return std::nullopt;
      }
      return un(QStringLiteral("exp"), bin(QStringLiteral("*"), e, lit(std::log(a.literal))));
    }
    // runtime exponent: |a|^e, negative base defined only for integral e (odd e keeps the sign)
    PwVal et = e;
    if (e.kind != PwVal::Kind::Tensor) et = tmp(ts + QStringLiteral("_e"), bin(QStringLiteral("+"), full(a, 0.0), e));
    const PwVal r = tmp(ts + QStringLiteral("_mag"),
                        un(QStringLiteral("exp"),
                           bin(QStringLiteral("*"), un(QStringLiteral("log"), un(QStringLiteral("abs"), a)), et)));
    const PwVal half =
        tmp(ts + QStringLiteral("_half"), un(QStringLiteral("floor"), bin(QStringLiteral("*"), et, lit(0.5))));
    const PwVal odd =
        bin(QStringLiteral("=="), bin(QStringLiteral("-"), et, bin(QStringLiteral("*"), half, lit(2.0))), lit(1.0));
    const PwVal integral = bin(QStringLiteral("=="), un(QStringLiteral("floor"), et), et);
    const PwVal neg =
        tmp(ts + QStringLiteral("_neg"), where(integral, where(odd, bin(QStringLiteral("*"), r, lit(-1.0)), r),
                                               lit(std::numeric_limits<double>::quiet_NaN())));
    return where(bin(QStringLiteral("=="), et, lit(0.0)), lit(1.0),
                 where(bin(QStringLiteral("<"), a, lit(0.0)), neg, r));
  }

  /// x.to(dtype) inside the fp32 computation: a cast to a 16-bit float rounds (and widens back), one to fp32 /
  /// fp64 is the value itself (every value here is already fp32), one to an integer truncates toward zero, one to
  /// bool is x != 0; a bool cast to a number is 1 / 0. No dtype (a device move): the value itself.
  std::optional<PwVal> cast(const PwNode& n, const PwVal& x) {
    const QString dt = normaliseDtype(kwString(n, "dtype"));
    if (dt.isEmpty()) return x;
    if (dt == u"bool") {
      if (x.isBool) return x;
      return bin(QStringLiteral("!="), x, lit(0.0));
    }
    const PwVal v = x.isBool && x.kind != PwVal::Kind::Literal ? where(x, lit(1.0), lit(0.0)) : x;
    if (dt == u"float32" || dt == u"float64") return v;
    if (dt == u"float16" || dt == u"bfloat16") {
      if (v.kind == PwVal::Kind::Literal) return lit(roundLiteral(dt, v.literal));
      if (v.kind != PwVal::Kind::Tensor) {
        why = QStringLiteral("a cast of a scalar argument to %1 (node %2) has no elementwise lowering").arg(dt, n.id);
        return std::nullopt;
      }
      PwVal r = v;
      r.isBool = false;
      r.expr = m_d.roundTo(dt, v);
      if (r.expr.isEmpty()) {
        why = QStringLiteral("the dialect has no cast to %1 (node %2)").arg(dt, n.id);
        return std::nullopt;
      }
      return r;
    }
    static const QSet<QString> ints = {QStringLiteral("int8"), QStringLiteral("uint8"), QStringLiteral("int16"),
                                       QStringLiteral("int32"), QStringLiteral("int64")};
    if (ints.contains(dt)) {  // trunc(x) = x < 0 ? -floor(-x) : floor(x)
      const PwVal xv = tmp(QStringLiteral("v_") + n.id + QStringLiteral("_x"), v);
      return where(
          bin(QStringLiteral("<"), xv, lit(0.0)),
          bin(QStringLiteral("*"), un(QStringLiteral("floor"), bin(QStringLiteral("*"), xv, lit(-1.0))), lit(-1.0)),
          un(QStringLiteral("floor"), xv));
    }
    why = QStringLiteral("a cast to %1 (node %2) has no elementwise lowering").arg(dt, n.id);
    return std::nullopt;
  }

  // Ops written as one table entry each (rules() below): the binary ops of torch's integer-division family,
  // logaddexp, atan2, and the unary logit, erfinv, nan_to_num, hardshrink. Each takes the node, its first operand
  // and the input binding, and says why in `why` when an argument form is not lowered.
  using InputExpr = std::function<PwVal(const PwInput&)>;
  using Rule = std::optional<PwVal> (Lowering::*)(const PwNode&, const PwVal&, const InputExpr&);

  static const QHash<QString, Rule>& rules() {
    static const QHash<QString, Rule> table = {
        {QStringLiteral("fmod"), &Lowering::fmodOp},
        {QStringLiteral("remainder"), &Lowering::remainderOp},
        {QStringLiteral("floor_divide"), &Lowering::floorDivideOp},
        {QStringLiteral("logaddexp"), &Lowering::logaddexpOp},
        {QStringLiteral("atan2"), &Lowering::atan2Op},
        {QStringLiteral("arctan2"), &Lowering::atan2Op},
        {QStringLiteral("logit"), &Lowering::logitOp},
        {QStringLiteral("erfinv"), &Lowering::erfinvOp},
        {QStringLiteral("nan_to_num"), &Lowering::nanToNumOp},
        {QStringLiteral("hardshrink"), &Lowering::hardshrinkOp},
        {QStringLiteral("tril"), &Lowering::triangleOp},
        {QStringLiteral("triu"), &Lowering::triangleOp},
        {QStringLiteral("log_sigmoid_forward"), &Lowering::logsigmoidOp},
        {QStringLiteral("log_sigmoid"), &Lowering::logsigmoidOp},
        {QStringLiteral("logsigmoid"), &Lowering::logsigmoidOp},
        {QStringLiteral("erfc"), &Lowering::erfcOp},
        {QStringLiteral("special_erfc"), &Lowering::erfcOp},
        {QStringLiteral("isnan"), &Lowering::classifyOp},
        {QStringLiteral("isinf"), &Lowering::classifyOp},
        {QStringLiteral("isfinite"), &Lowering::classifyOp},
        {QStringLiteral("isposinf"), &Lowering::classifyOp},
        {QStringLiteral("isneginf"), &Lowering::classifyOp},
        {QStringLiteral("xlogy"), &Lowering::xlogyOp},
        {QStringLiteral("special_xlogy"), &Lowering::xlogyOp},
        {QStringLiteral("special_xlog1py"), &Lowering::xlogyOp},
        {QStringLiteral("xlog1py"), &Lowering::xlogyOp},
    };
    return table;
  }

  std::optional<PwVal> operand(const PwNode& n, const char* kw, const InputExpr& ie) {
    auto y = opt(n, 1, kw, ie);
    if (!y) why = QStringLiteral("node %1 (%2) needs a second operand").arg(n.id, n.op);
    return y;
  }

  // trunc(v) = v < 0 ? -floor(-v) : floor(v); v: a temporary or a literal
  PwVal truncOf(const PwVal& v) {
    return where(
        bin(QStringLiteral("<"), v, lit(0.0)),
        bin(QStringLiteral("*"), un(QStringLiteral("floor"), bin(QStringLiteral("*"), v, lit(-1.0))), lit(-1.0)),
        un(QStringLiteral("floor"), v));
  }

  // fmod(a, b) = a - trunc(a / b) b: the dividend's sign, NaN for b = 0 (inf * 0), like torch.fmod
  PwVal fmodOf(const QString& t, const PwVal& a, const PwVal& b) {
    const PwVal q = tmp(t + QStringLiteral("_q"), bin(QStringLiteral("/"), a, b));
    return bin(QStringLiteral("-"), a, bin(QStringLiteral("*"), truncOf(q), b));
  }

  std::optional<PwVal> fmodOp(const PwNode& n, const PwVal& x, const InputExpr& ie) {
    const auto y = operand(n, "other", ie);
    if (!y) return std::nullopt;
    const QString t = QStringLiteral("v_") + n.id;
    return fmodOf(t, tmp(t + QStringLiteral("_a"), x), tmp(t + QStringLiteral("_b"), *y));
  }

  // remainder: fmod moved by one divisor where its sign differs from the divisor's (r b < 0), as torch's kernel
  std::optional<PwVal> remainderOp(const PwNode& n, const PwVal& x, const InputExpr& ie) {
    const auto y = operand(n, "other", ie);
    if (!y) return std::nullopt;
    const QString t = QStringLiteral("v_") + n.id;
    const PwVal b = tmp(t + QStringLiteral("_b"), *y);
    const PwVal r = tmp(t + QStringLiteral("_r"), fmodOf(t, tmp(t + QStringLiteral("_a"), x), b));
    return where(bin(QStringLiteral("<"), bin(QStringLiteral("*"), r, b), lit(0.0)), bin(QStringLiteral("+"), r, b), r);
  }

  // torch's div_floor for floats: (a - fmod(a, b)) / b, minus one where the remainder's sign differs from b's, then
  // rounded to the nearest integer (the quotient is integral up to rounding); a / b for b = 0 (+-inf, NaN)
  PwVal floorDivOf(const QString& t, const PwVal& a0, const PwVal& b0) {
    const PwVal a = tmp(t + QStringLiteral("_a"), a0), b = tmp(t + QStringLiteral("_b"), b0);
    const PwVal m = tmp(t + QStringLiteral("_m"), fmodOf(t, a, b));
    PwVal d = bin(QStringLiteral("/"), bin(QStringLiteral("-"), a, m), b);
    d = tmp(t + QStringLiteral("_d"), where(bin(QStringLiteral("<"), bin(QStringLiteral("*"), m, b), lit(0.0)),
                                            bin(QStringLiteral("-"), d, lit(1.0)), d));
    const PwVal f = tmp(t + QStringLiteral("_f"), un(QStringLiteral("floor"), d));
    const PwVal r = where(bin(QStringLiteral(">"), bin(QStringLiteral("-"), d, f), lit(0.5)),
                          bin(QStringLiteral("+"), f, lit(1.0)), f);
    return where(bin(QStringLiteral("=="), b, lit(0.0)), bin(QStringLiteral("/"), a, b), r);
  }

  std::optional<PwVal> floorDivideOp(const PwNode& n, const PwVal& x, const InputExpr& ie) {
    const auto y = operand(n, "other", ie);
    if (!y) return std::nullopt;
    return floorDivOf(QStringLiteral("v_") + n.id, x, *y);
  }

  // log(e^a + e^b) = max + log(1 + e^-|a - b|); a == b (both -inf or both inf included): a + log 2
  std::optional<PwVal> logaddexpOp(const PwNode& n, const PwVal& x, const InputExpr& ie) {
    const auto y = operand(n, "other", ie);
    if (!y) return std::nullopt;
    const QString t = QStringLiteral("v_") + n.id;
    const PwVal a = tmp(t + QStringLiteral("_a"), x), b = tmp(t + QStringLiteral("_b"), *y);
    const PwVal m = where(bin(QStringLiteral(">"), a, b), a, b);  // NaN in a: b, and the log term is NaN
    const PwVal e = un(QStringLiteral("exp"),
                       bin(QStringLiteral("*"), un(QStringLiteral("abs"), bin(QStringLiteral("-"), a, b)), lit(-1.0)));
    return where(bin(QStringLiteral("=="), a, b), bin(QStringLiteral("+"), a, lit(0.6931471805599453)),
                 bin(QStringLiteral("+"), m, un(QStringLiteral("log"), bin(QStringLiteral("+"), e, lit(1.0)))));
  }

  // v < 0, -0 included (1 / -0 is -inf): the side of the axis a signed zero is on
  PwVal negativeSide(const PwVal& v) {
    return bin(QStringLiteral("<"),
               where(bin(QStringLiteral("=="), v, lit(0.0)), bin(QStringLiteral("/"), lit(1.0), v), v), lit(0.0));
  }

  // atan2(y, x) from a minimax odd polynomial of atan on [0, 1] (N. Juffa's fp32 coefficients, about 2 ulp) at
  // min(|x|, |y|) / max(|x|, |y|), moved to the octant and quadrant; signed zeros and infinities as torch
  // (atan2(-0, -1) = -pi, atan2(inf, -inf) = 3 pi / 4). Checked against torch within 2.4e-7 (emulation).
  std::optional<PwVal> atan2Op(const PwNode& n, const PwVal& x, const InputExpr& ie) {
    const auto o = operand(n, "other", ie);
    if (!o) return std::nullopt;
    const QString t = QStringLiteral("v_") + n.id;
    const PwVal yv = tmp(t + QStringLiteral("_y"), x), xv = tmp(t + QStringLiteral("_x"), *o);
    const PwVal ay = tmp(t + QStringLiteral("_ay"), un(QStringLiteral("abs"), yv));
    const PwVal ax = tmp(t + QStringLiteral("_ax"), un(QStringLiteral("abs"), xv));
    const PwVal hi = tmp(t + QStringLiteral("_hi"), where(bin(QStringLiteral(">"), ay, ax), ay, ax));
    const PwVal lo = tmp(t + QStringLiteral("_lo"), where(bin(QStringLiteral(">"), ay, ax), ax, ay));
    // both 0: 0; both infinite: 1 (atan2(inf, inf) = pi/4); a NaN in either makes the sum and the ratio NaN
    const PwVal a = tmp(t + QStringLiteral("_r"),
                        where(bin(QStringLiteral("=="), bin(QStringLiteral("+"), ax, ay), lit(0.0)), lit(0.0),
                              where(bin(QStringLiteral("=="), hi, lo), lit(1.0), bin(QStringLiteral("/"), lo, hi))));
    const PwVal s = tmp(t + QStringLiteral("_s"), bin(QStringLiteral("*"), a, a));
    static const double c[] = {0.00282363896258175373077393, -0.0159569028764963150024414, 0.0425049886107444763183594,
                               -0.0748900920152664184570312, 0.106347933411598205566406,   -0.142027363181114196777344,
                               0.199926957488059997558594,   -0.333331018686294555664062};
    PwVal p = lit(c[0]);
    for (std::size_t i = 1; i < std::size(c); ++i)
      p = bin(QStringLiteral("+"), bin(QStringLiteral("*"), p, s), lit(c[i]));
    PwVal r = tmp(t + QStringLiteral("_p"),
                  bin(QStringLiteral("+"), bin(QStringLiteral("*"), bin(QStringLiteral("*"), p, s), a), a));
    r = tmp(t + QStringLiteral("_o"),
            where(bin(QStringLiteral(">"), ay, ax), bin(QStringLiteral("-"), lit(1.5707963267948966), r), r));
    r = tmp(t + QStringLiteral("_h"), where(negativeSide(xv), bin(QStringLiteral("-"), lit(3.141592653589793), r), r));
    return where(negativeSide(yv), bin(QStringLiteral("*"), r, lit(-1.0)), r);
  }

  // logit(x) = log(x / (1 - x)), x clamped to [eps, 1 - eps] first when eps is given (NaN passes, as torch)
  std::optional<PwVal> logitOp(const PwNode& n, const PwVal& x, const InputExpr& ie) {
    const QString t = QStringLiteral("v_") + n.id;
    PwVal z = x;
    if (const auto eps = opt(n, 1, "eps", ie))
      z = clamp(t + QStringLiteral("_c"), x, *eps, bin(QStringLiteral("-"), lit(1.0), *eps));
    z = tmp(t + QStringLiteral("_z"), z);
    return un(QStringLiteral("log"), bin(QStringLiteral("/"), z, bin(QStringLiteral("-"), lit(1.0), z)));
  }

  // erfinv: M. Giles' single-precision approximation ("Approximating the erfinv function", GPU Computing Gems, 2010),
  // two polynomials in w = -log(1 - x^2), then one Newton step on erf(r) = x; +-inf at +-1, NaN beyond (log of a
  // negative), as torch. Emulated against torch over 200k values uniform in (-1, 1): relative error at most 8e-6,
  // reached next to +-1 where erfinv's slope magnifies the input's own rounding.
  std::optional<PwVal> erfinvOp(const PwNode& n, const PwVal& x, const InputExpr&) {
    const QString t = QStringLiteral("v_") + n.id;
    const PwVal xv = tmp(t + QStringLiteral("_x"), x);
    const PwVal w = tmp(t + QStringLiteral("_w"),
                        bin(QStringLiteral("*"),
                            un(QStringLiteral("log"), bin(QStringLiteral("*"), bin(QStringLiteral("-"), lit(1.0), xv),
                                                          bin(QStringLiteral("+"), lit(1.0), xv))),
                            lit(-1.0)));
    static const double central[] = {2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
                                     -0.00125372503, -0.00417768164, 0.246640727,    1.50140941};
    static const double tail[] = {-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
                                  -0.0076224613,   0.00943887047,  1.00167406,    2.83297682};
    const auto horner = [this](const double* c, std::size_t k, const PwVal& v) {
      PwVal p = lit(c[0]);
      for (std::size_t i = 1; i < k; ++i) p = bin(QStringLiteral("+"), bin(QStringLiteral("*"), p, v), lit(c[i]));
      return p;
    };
    const PwVal wc = tmp(t + QStringLiteral("_wc"), bin(QStringLiteral("-"), w, lit(2.5)));
    const PwVal wt = tmp(t + QStringLiteral("_wt"), bin(QStringLiteral("-"), un(QStringLiteral("sqrt"), w), lit(3.0)));
    const PwVal pc = tmp(t + QStringLiteral("_pc"), horner(central, std::size(central), wc));
    const PwVal pt = tmp(t + QStringLiteral("_pt"), horner(tail, std::size(tail), wt));
    const PwVal r = tmp(t + QStringLiteral("_r0"),
                        bin(QStringLiteral("*"), where(bin(QStringLiteral("<"), w, lit(5.0)), pc, pt), xv));
    // Newton: r - (erf(r) - x) / (2 / sqrt(pi) exp(-r^2))
    const PwVal step =
        bin(QStringLiteral("/"), bin(QStringLiteral("-"), un(QStringLiteral("erf"), r), xv),
            bin(QStringLiteral("*"),
                un(QStringLiteral("exp"), bin(QStringLiteral("*"), bin(QStringLiteral("*"), r, r), lit(-1.0))),
                lit(1.1283791670955126)));
    const PwVal r1 = tmp(t + QStringLiteral("_r1"), bin(QStringLiteral("-"), r, step));
    return where(bin(QStringLiteral("=="), un(QStringLiteral("abs"), xv), lit(1.0)),
                 bin(QStringLiteral("*"), xv, lit(std::numeric_limits<double>::infinity())), r1);
  }

  // nan_to_num(x, nan=0, posinf=None, neginf=None): the missing bounds are the largest finite values of the
  // output's spec dtype (torch uses the tensor's dtype; a kernel run at another dtype than the spec's keeps
  // these bounds, so an fp32 spec run in fp16 stores inf there)
  std::optional<PwVal> nanToNumOp(const PwNode& n, const PwVal& x, const InputExpr& ie) {
    const QString dt = normaliseDtype(m_prog.outDtype);
    const double big = dt == u"float16"    ? 65504.0
                       : dt == u"bfloat16" ? 3.3895313892515355e38
                                           : static_cast<double>(std::numeric_limits<float>::max());
    const PwVal xv = tmp(QStringLiteral("v_") + n.id + QStringLiteral("_x"), x);
    const double inf = std::numeric_limits<double>::infinity();
    return where(bin(QStringLiteral("!="), xv, xv), param(n, 1, "nan", 0.0, ie),
                 where(bin(QStringLiteral("=="), xv, lit(inf)), param(n, 2, "posinf", big, ie),
                       where(bin(QStringLiteral("=="), xv, lit(-inf)), param(n, 3, "neginf", -big, ie), xv)));
  }

  // hardshrink: 0 where |x| <= lambd, x elsewhere (NaN passes)
  std::optional<PwVal> hardshrinkOp(const PwNode& n, const PwVal& x, const InputExpr& ie) {
    const PwVal xv = tmp(QStringLiteral("v_") + n.id + QStringLiteral("_x"), x);
    return where(bin(QStringLiteral("<="), un(QStringLiteral("abs"), xv), param(n, 1, "lambd", 0.5, ie)), lit(0.0), xv);
  }

  // tril / triu: x where col - row <= diagonal (tril) or >= diagonal (triu), 0 elsewhere (NaN too), the coordinates
  // those of the output's last two dims. That is the operand's own only when no input broadcasts (then every tensor
  // value of the program has the output's shape).
  std::optional<PwVal> triangleOp(const PwNode& n, const PwVal& x, const InputExpr& ie) {
    const QString col = m_d.coordinate(1), row = m_d.coordinate(2);
    const bool sameShape = !m_prog.anyBroadcast && std::none_of(m_prog.inputs.begin(), m_prog.inputs.end(),
                                                                [](const PwInput& in) { return in.scalarLike; });
    if (col.isEmpty() || row.isEmpty() || !sameShape || m_prog.outShape.size() < 2) {
      why = QStringLiteral("%1 (node %2) needs the element's row and column, which this kernel does not compute%3")
                .arg(n.op, n.id, sameShape ? QString() : QStringLiteral(" (an input broadcasts)"));
      return std::nullopt;
    }
    const PwVal d = param(n, 1, "diagonal", 0.0, ie);
    if (d.kind != PwVal::Kind::Literal || d.literal != std::trunc(d.literal)) {
      why = QStringLiteral("%1 (node %2) without a constant integer diagonal").arg(n.op, n.id);
      return std::nullopt;
    }
    PwVal c{PwVal::Kind::Tensor, col, false, 0.0}, r{PwVal::Kind::Tensor, row, false, 0.0};
    const PwVal off = bin(QStringLiteral("-"), c, r);
    return where(bin(n.op == u"tril" ? QStringLiteral("<=") : QStringLiteral(">="), off, d), x, lit(0.0));
  }

  // log1p(x): below |x| = 0.5 Kahan's form, log(u) x / (u - 1) with u = 1 + x (accurate where u rounds near 1; x
  // itself where u is 1), above it log(u) (no cancellation there; inf, -inf, -1 and NaN as torch gives them)
  PwVal log1pOf(const QString& t, const PwVal& x) {
    const PwVal xv = tmp(t + QStringLiteral("_x"), x);
    const PwVal u1 = tmp(t + QStringLiteral("_u"), bin(QStringLiteral("+"), xv, lit(1.0)));
    const PwVal lu = un(QStringLiteral("log"), u1);
    return where(
        bin(QStringLiteral("<"), un(QStringLiteral("abs"), xv), lit(0.5)),
        where(bin(QStringLiteral("=="), u1, lit(1.0)), xv,
              bin(QStringLiteral("*"), lu, bin(QStringLiteral("/"), xv, bin(QStringLiteral("-"), u1, lit(1.0))))),
        lu);
  }

  // logsigmoid(x) = min(x, 0) - log1p(exp(-|x|)), torch's stable form: no overflow of exp for x -> -inf (x itself
  // there), -exp(-x) to full precision for large x (log1p of a tiny value, not log(1 + tiny) = 0); -inf at -inf,
  // 0 at inf, NaN passes (the log1p term is NaN)
  std::optional<PwVal> logsigmoidOp(const PwNode& n, const PwVal& x, const InputExpr&) {
    const QString t = QStringLiteral("v_") + n.id;
    const PwVal xv = tmp(t + QStringLiteral("_xs"), x);
    const PwVal e = un(QStringLiteral("exp"), bin(QStringLiteral("*"), un(QStringLiteral("abs"), xv), lit(-1.0)));
    const PwVal l = tmp(t + QStringLiteral("_l"), log1pOf(t, e));
    return bin(QStringLiteral("-"), where(bin(QStringLiteral("<"), xv, lit(0.0)), xv, lit(0.0)), l);
  }

  // erfc(x) = t exp(-a^2 + P(t)), t = 1 / (1 + a / 2), a = |x| (Numerical Recipes' erfcc, Chebyshev fit, relative
  // error below 1.2e-7 everywhere), 2 - that for x < 0: no cancellation for large x, where 1 - erf(x) is 0 from
  // x = 4 on. exp(-a^2) is exp(-h^2) exp(-(a - h)(a + h)) with h = a to 1/16 (h^2 exact in fp32), so a^2's own
  // rounding (1e-5 of the result near a = 9) does not reach it: 5e-7 relative over [-12, 12] (emulated). a is
  // clamped to 11 (erfc(11) = 1e-54: 0 in fp32), which keeps inf out of the split (inf - inf); NaN passes.
  std::optional<PwVal> erfcOp(const PwNode& n, const PwVal& x, const InputExpr&) {
    const QString t = QStringLiteral("v_") + n.id;
    const PwVal xv = tmp(t + QStringLiteral("_x"), x);
    const PwVal a0 = tmp(t + QStringLiteral("_a0"), un(QStringLiteral("abs"), xv));
    const PwVal a = tmp(t + QStringLiteral("_a"), where(bin(QStringLiteral(">"), a0, lit(11.0)), lit(11.0), a0));
    const PwVal tt = tmp(
        t + QStringLiteral("_t"),
        bin(QStringLiteral("/"), lit(1.0), bin(QStringLiteral("+"), bin(QStringLiteral("*"), a, lit(0.5)), lit(1.0))));
    static const double c[] = {0.17087277,  -0.82215223, 1.48851587, -1.13520398, 0.27886807,
                               -0.18628806, 0.09678418,  0.37409196, 1.00002368,  -1.26551223};
    PwVal p = lit(c[0]);
    for (std::size_t i = 1; i < std::size(c); ++i)
      p = bin(QStringLiteral("+"), bin(QStringLiteral("*"), p, tt), lit(c[i]));
    const PwVal pv = tmp(t + QStringLiteral("_p"), p);
    const PwVal h =
        tmp(t + QStringLiteral("_h"),
            bin(QStringLiteral("*"), un(QStringLiteral("floor"), bin(QStringLiteral("*"), a, lit(16.0))), lit(0.0625)));
    const PwVal lo = bin(QStringLiteral("*"), bin(QStringLiteral("-"), a, h), bin(QStringLiteral("+"), a, h));
    const PwVal r =
        tmp(t + QStringLiteral("_r"),
            bin(QStringLiteral("*"),
                bin(QStringLiteral("*"), tt,
                    un(QStringLiteral("exp"), bin(QStringLiteral("*"), bin(QStringLiteral("*"), h, h), lit(-1.0)))),
                un(QStringLiteral("exp"), bin(QStringLiteral("-"), pv, lo))));
    return where(bin(QStringLiteral("<"), xv, lit(0.0)), bin(QStringLiteral("-"), lit(2.0), r), r);
  }

  // isnan / isinf / isfinite / isposinf / isneginf: bool predicates by comparison (x != x is NaN's own test; |x| <
  // inf is false for NaN and both infinities). An operand of integer or bool values (an index read as a float, a
  // mask) is finite and never NaN: the same comparisons give torch's answers for them.
  std::optional<PwVal> classifyOp(const PwNode& n, const PwVal& x, const InputExpr&) {
    const PwVal inf = lit(std::numeric_limits<double>::infinity());
    if (n.op == u"isnan") return bin(QStringLiteral("!="), x, x);
    if (n.op == u"isposinf") return bin(QStringLiteral("=="), x, inf);
    if (n.op == u"isneginf") return bin(QStringLiteral("=="), x, lit(-std::numeric_limits<double>::infinity()));
    const PwVal a = un(QStringLiteral("abs"), x);
    return bin(n.op == u"isinf" ? QStringLiteral("==") : QStringLiteral("<"), a, inf);
  }

  // xlogy(x, y) = x log(y), xlog1py(x, y) = x log1p(y): 0 where x == 0 whatever y is but NaN (y = 0, inf
  // included), NaN where y is NaN, as torch
  std::optional<PwVal> xlogyOp(const PwNode& n, const PwVal& x, const InputExpr& ie) {
    const auto y = operand(n, "other", ie);
    if (!y) return std::nullopt;
    const QString t = QStringLiteral("v_") + n.id;
    const PwVal yv = tmp(t + QStringLiteral("_y"), *y);
    const PwVal l = n.op.contains(QLatin1String("1p")) ? tmp(t + QStringLiteral("_l"), log1pOf(t, yv))
                                                       : un(QStringLiteral("log"), yv);
    return where(bin(QStringLiteral("!="), yv, yv), yv,
                 where(bin(QStringLiteral("=="), x, lit(0.0)), lit(0.0), bin(QStringLiteral("*"), x, l)));
  }

  std::optional<PwVal> node(const PwNode& n, const std::function<PwVal(const PwInput&)>& ie) {
    const QString& op = n.op;
    const QString t = QStringLiteral("v_") + n.id;
    const auto x0 = arg(n, 0, ie);
    if (!x0) {
      why = QStringLiteral("node %1 (%2) has no first argument").arg(n.id, op);
      return std::nullopt;
    }
    const PwVal x = *x0;
    auto B = [this](const char* o, const PwVal& a, const PwVal& b) { return bin(QLatin1String(o), a, b); };
    auto U = [this](const char* f, const PwVal& a) { return un(QLatin1String(f), a); };
    auto second = [&](const char* kw) -> std::optional<PwVal> {
      auto y = opt(n, 1, kw, ie);
      if (!y) why = QStringLiteral("node %1 (%2) needs a second operand").arg(n.id, op);
      return y;
    };

    if (const auto rule = rules().find(op); rule != rules().end()) return (this->*rule.value())(n, x, ie);
    if (op == u"clone" || op == u"alias" || op == u"detach" || op == u"contiguous" || op == u"positive") return x;
    if (op == u"_to_copy" || op == u"to" || op == u"_to_dtype") return cast(n, x);
    if (op == u"relu") return where(B("<", x, lit(0.0)), lit(0.0), x);
    if (op == u"leaky_relu") return where(B(">", x, lit(0.0)), x, B("*", x, param(n, 1, "negative_slope", 0.01, ie)));
    if (op == u"sigmoid") return U("sigmoid", x);
    if (op == u"tanh") {
      // tanh of torch's default softplus (beta 1, threshold 20) -- mish spelled out, 52_'s activation: the
      // softplus's own statements are left unused (the compiler drops them)
      if (const PwNode* sp = producer(n, 0); sp && sp->op == u"softplus") {
        const PwVal beta = param(*sp, 1, "beta", 1.0, ie), th = param(*sp, 2, "threshold", 20.0, ie);
        const auto sx = arg(*sp, 0, ie);
        if (sx && beta.kind == PwVal::Kind::Literal && beta.literal == 1.0 && th.kind == PwVal::Kind::Literal &&
            th.literal == 20.0)
          return tanhSoftplus(t, tmp(t + QStringLiteral("_x"), *sx));
      }
      return U("tanh", x);
    }
    if (op == u"silu") return B("*", x, U("sigmoid", x));
    if (op == u"exp" || op == u"log" || op == u"sqrt" || op == u"rsqrt" || op == u"abs" || op == u"erf" ||
        op == u"sin" || op == u"cos" || op == u"floor")
      return un(op, x);
    // unary ops written with the ones above (trial 13's x12: LPPool2d traces sign(x) * relu(abs(x))); torch's
    // values at 0, -0, NaN and inf: sign(NaN) = 0, trunc / ceil keep them
    if (op == u"sign" || op == u"sgn")
      return where(B(">", x, lit(0.0)), lit(1.0), where(B("<", x, lit(0.0)), lit(-1.0), lit(0.0)));
    if (op == u"ceil" || op == u"trunc" || op == u"frac") {
      const PwVal xv = tmp(t + QStringLiteral("_x"), x);
      const PwVal up = B("*", U("floor", B("*", xv, lit(-1.0))), lit(-1.0));
      if (op == u"ceil") return up;
      const PwVal tr = where(B("<", xv, lit(0.0)), up, U("floor", xv));
      return op == u"trunc" ? tr : B("-", xv, tmp(t + QStringLiteral("_t"), tr));
    }
    if (op == u"round") return roundHalfEven(n, t, x, ie);
    if (op == u"log1p" || op == u"expm1") {
      // below |x| = 0.5 Kahan's forms (accurate where 1 + x or exp(x) rounds near 1), above it the plain ones (no
      // cancellation there; inf, -inf, -1 and NaN as torch gives them)
      if (op == u"log1p") return log1pOf(t, x);
      const PwVal xv = tmp(t + QStringLiteral("_x"), x);
      const PwVal small = B("<", U("abs", xv), lit(0.5));
      const PwVal u1 = tmp(t + QStringLiteral("_u"), U("exp", xv));
      const PwVal m1 = tmp(t + QStringLiteral("_m"), B("-", u1, lit(1.0)));
      return where(small, where(B("==", u1, lit(1.0)), xv, B("/", B("*", m1, xv), U("log", u1))), m1);
    }
    if (op == u"log2") return B("*", U("log", x), lit(1.4426950408889634));
    if (op == u"log10") return B("*", U("log", x), lit(0.4342944819032518));
    if (op == u"exp2") return U("exp", B("*", x, lit(0.6931471805599453)));
    if (op == u"tan") {
      const PwVal xv = tmp(t + QStringLiteral("_x"), x);
      return B("/", U("sin", xv), U("cos", xv));
    }
    if (op == u"neg") return B("*", x, lit(-1.0));
    if (op == u"reciprocal") return B("/", lit(1.0), x);
    if (op == u"square") return B("*", x, x);
    if (op == u"hardsigmoid")  // relu6(x + 3) / 6
      return B("/", clamp(t + QStringLiteral("_c"), B("+", x, lit(3.0)), lit(0.0), lit(6.0)), lit(6.0));
    if (op == u"hardswish")
      return B("*", x, B("/", clamp(t + QStringLiteral("_c"), B("+", x, lit(3.0)), lit(0.0), lit(6.0)), lit(6.0)));
    if (op == u"hardtanh")
      return clamp(t + QStringLiteral("_c"), x, param(n, 1, "min_val", -1.0, ie), param(n, 2, "max_val", 1.0, ie));
    if (op == u"relu6") return clamp(t + QStringLiteral("_c"), x, lit(0.0), lit(6.0));
    if (op == u"clamp" || op == u"clip")
      return clamp(t + QStringLiteral("_c"), x, opt(n, 1, "min", ie), opt(n, 2, "max", ie));
    if (op == u"clamp_min") return clamp(t + QStringLiteral("_c"), x, opt(n, 1, "min", ie), std::nullopt);
    if (op == u"clamp_max") return clamp(t + QStringLiteral("_c"), x, std::nullopt, opt(n, 1, "max", ie));
    if (op == u"threshold")
      return where(B(">", x, param(n, 1, "threshold", 0.0, ie)), x, param(n, 2, "value", 0.0, ie));
    if (op == u"gelu") {
      const QString approx = kwString(n, "approximate");
      if (approx.isEmpty() || approx == u"none")  // 0.5 x (1 + erf(x / sqrt 2))
        return B("*", B("*", x, lit(0.5)), B("+", U("erf", B("*", x, lit(0.7071067811865476))), lit(1.0)));
      if (approx == u"tanh") {  // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
        const PwVal inner = B("*", B("+", x, B("*", B("*", B("*", x, x), x), lit(0.044715))), lit(0.7978845608028654));
        return B("*", B("*", x, lit(0.5)), B("+", U("tanh", inner), lit(1.0)));
      }
      why = QStringLiteral("gelu approximate='%1' is unknown").arg(approx);
      return std::nullopt;
    }
    if (op == u"softplus") {  // log(1 + exp(beta x)) / beta, linear above the threshold
      const PwVal beta = param(n, 1, "beta", 1.0, ie);
      const PwVal bx = tmp(t + QStringLiteral("_bx"), B("*", x, beta));
      return where(B(">", bx, param(n, 2, "threshold", 20.0, ie)), x,
                   B("/", U("log", B("+", U("exp", bx), lit(1.0))), beta));
    }
    if (op == u"mish") {  // x tanh(softplus(x)), softplus's threshold 20 as torch's (see tanhSoftplus)
      const PwVal xv = tmp(t + QStringLiteral("_x"), x);
      return B("*", xv, tanhSoftplus(t, xv));
    }
    if (op == u"elu" || op == u"selu" || op == u"celu") {
      PwVal alpha = lit(1.0), scale = lit(1.0), inScale = lit(1.0);
      if (op == u"elu") {
        alpha = param(n, 1, "alpha", 1.0, ie);
        scale = param(n, 2, "scale", 1.0, ie);
        inScale = param(n, 3, "input_scale", 1.0, ie);
      } else if (op == u"selu") {  // constants of torch.nn.SELU (Klambauer et al. 2017)
        alpha = lit(1.6732632423543772848170429916717);
        scale = lit(1.0507009873554804934193349852946);
      } else {
        alpha = param(n, 1, "alpha", 1.0, ie);
        inScale = B("/", lit(1.0), alpha);
      }
      const PwVal negPart = B("*", B("-", U("exp", B("*", x, inScale)), lit(1.0)), B("*", alpha, scale));
      return where(B(">", x, lit(0.0)), B("*", x, scale), negPart);
    }
    if (op == u"softsign") return B("/", x, B("+", U("abs", x), lit(1.0)));
    if (op == u"softshrink" || op == u"hardshrink") {
      // x -+ lambd outside [-lambd, lambd] (hardshrink: x), else x * 0 as torch's kernel: NaN stays NaN
      const PwVal xv = tmp(t + QStringLiteral("_x"), x);
      const PwVal l = tmp(t + QStringLiteral("_l"), param(n, 1, "lambd", 0.5, ie));
      const bool soft = op == u"softshrink";
      return where(B(">", xv, l), soft ? B("-", xv, l) : xv,
                   where(B("<", xv, B("*", l, lit(-1.0))), soft ? B("+", xv, l) : xv, B("*", xv, lit(0.0))));
    }
    if (op == u"hypot") {
      // sqrt(x^2 + y^2) scaled by the larger magnitude m (no overflow of the squares past 1e19 in fp32): m sqrt(1 +
      // (n / m)^2); an infinite operand gives inf even beside a NaN, as torch.hypot; NaN otherwise propagates (a NaN
      // fails both comparisons, so it lands in m or n and in the quotient)
      const auto y = second("other");
      if (!y) return std::nullopt;
      const PwVal ax = tmp(t + QStringLiteral("_ax"), U("abs", x)), ay = tmp(t + QStringLiteral("_ay"), U("abs", *y));
      const PwVal big = tmp(t + QStringLiteral("_m"), where(B(">=", ax, ay), ax, ay));
      const PwVal small = tmp(t + QStringLiteral("_n"), where(B(">=", ax, ay), ay, ax));
      const PwVal r = tmp(t + QStringLiteral("_r"), B("/", small, where(B("==", big, lit(0.0)), lit(1.0), big)));
      const PwVal h = B("*", big, U("sqrt", B("+", B("*", r, r), lit(1.0))));
      const PwVal inf = lit(std::numeric_limits<double>::infinity());
      return where(B("==", big, inf), inf, where(B("==", small, inf), inf, h));
    }
    // probe23: copysign, lerp, addcmul, addcdiv (an optimizer step, a sign taken from a parameter)
    if (op == u"copysign") {
      // |x| with other's sign bit: negative, or a -0.0 (1 / -0.0 = -inf)
      const auto y = second("other");
      if (!y) return std::nullopt;
      const PwVal yv = tmp(t + QStringLiteral("_y"), *y), ax = tmp(t + QStringLiteral("_a"), U("abs", x));
      const PwVal neg = B("<", yv, lit(0.0));
      const PwVal negZero = B("<", B("/", lit(1.0), yv), lit(0.0));
      return where(neg, B("*", ax, lit(-1.0)),
                   where(B("==", yv, lit(0.0)), where(negZero, B("*", ax, lit(-1.0)), ax), ax));
    }
    if (op == u"lerp") {
      // torch's two-sided form: |w| < 0.5 ? x + w (end - x) : end - (end - x) (1 - w) (exact at w = 1)
      const auto e = arg(n, 1, ie);
      if (!e) {
        why = QStringLiteral("lerp (node %1) needs an end").arg(n.id);
        return std::nullopt;
      }
      const PwVal xv = tmp(t + QStringLiteral("_x"), x), ev = tmp(t + QStringLiteral("_e"), *e);
      const PwVal w = tmp(t + QStringLiteral("_w"), param(n, 2, "weight", 0.5, ie));
      const PwVal d = tmp(t + QStringLiteral("_d"), B("-", ev, xv));
      return where(B("<", U("abs", w), lit(0.5)), B("+", xv, B("*", w, d)), B("-", ev, B("*", d, B("-", lit(1.0), w))));
    }
    if (op == u"addcmul" || op == u"addcdiv") {
      // x + value * t1 * t2 (t1 / t2), in torch's order: (value * t1) then * / t2
      const auto a = arg(n, 1, ie), b = arg(n, 2, ie);
      if (!a || !b) {
        why = QStringLiteral("%1 (node %2) needs two tensors").arg(op, n.id);
        return std::nullopt;
      }
      const PwVal v = param(n, 3, "value", 1.0, ie);
      const bool one = v.kind == PwVal::Kind::Literal && v.literal == 1.0;
      const PwVal va = one ? *a : B("*", v, *a);
      return B("+", x, B(op == u"addcmul" ? "*" : "/", va, *b));
    }
    if (op == u"add" || op == u"sub" || op == u"rsub") {
      const auto y = second("other");
      if (!y) return std::nullopt;
      const PwVal alpha = param(n, 2, "alpha", 1.0, ie);
      const bool one = alpha.kind == PwVal::Kind::Literal && alpha.literal == 1.0;
      if (op == u"rsub") return B("-", *y, one ? x : B("*", x, alpha));
      const PwVal yy = one ? *y : B("*", *y, alpha);
      return B(op == u"add" ? "+" : "-", x, yy);
    }
    if (op == u"mul" || op == u"multiply") {
      const auto y = second("other");
      if (!y) return std::nullopt;
      // bool * bool is a bool (and): isfinite's decomposition, (x == x) * (|x| != inf), stays a predicate
      if (x.isBool && y->isBool) return where(x, *y, x);
      return B("*", x, *y);
    }
    if (op == u"div" || op == u"true_divide" || op == u"divide") {
      const QString mode = kwString(n, "rounding_mode");
      if (!mode.isEmpty() && mode != u"floor" && mode != u"trunc") {
        why = QStringLiteral("div with rounding_mode='%1' is not lowered").arg(mode);
        return std::nullopt;
      }
      const auto y = second("other");
      if (!y) return std::nullopt;
      if (mode == u"floor") return floorDivOf(t, x, *y);
      if (mode == u"trunc") return truncOf(tmp(t + QStringLiteral("_q"), B("/", x, *y)));
      return B("/", x, *y);
    }
    if (op == u"pow") {
      const auto e = second("exponent");
      if (!e) return std::nullopt;
      return pow(n.id, x, *e);
    }
    if (op == u"minimum" || op == u"maximum" || op == u"fmin" || op == u"fmax") {
      const auto y = second("other");
      if (!y) return std::nullopt;
      const bool mn = op == u"minimum" || op == u"fmin";
      const PwVal pick = where(B(mn ? "<" : ">", x, *y), x, *y);
      if (op.startsWith(u'f'))  // fmin/fmax ignore NaN: pick the other operand
        return where(B("!=", x, x), *y, pick);
      return where(B("!=", x, x), x, pick);  // NaN propagates like torch.minimum/maximum
    }
    if (op == u"masked_fill") {  // masked_fill(self, mask, value): where(mask, value, self)
      const auto m = arg(n, 1, ie);
      const auto v = opt(n, 2, "value", ie);
      if (!m || !v) {
        why = QStringLiteral("masked_fill (node %1) needs a mask and a value").arg(n.id);
        return std::nullopt;
      }
      return where(cond(*m), *v, x);
    }
    if (op == u"where") {
      const auto a = arg(n, 1, ie), b = arg(n, 2, ie);
      if (!a || !b) {
        why = QStringLiteral("where (node %1) needs three operands").arg(n.id);
        return std::nullopt;
      }
      return where(cond(x), *a, *b);
    }
    // ~mask and logical_not(mask): a bool is 0 or 1, so the negation is x == 0 (n3's masked_fill(~mask, -inf),
    // trial 8); bitwise_not of an integer (-x - 1) is not this
    if (op == u"logical_not") return B("==", x, lit(0.0));
    if (op == u"bitwise_not") {
      const PwArg a0 = n.args.value(0);
      const PwInput* in = a0.kind == PwArg::Kind::Ref ? m_prog.input(a0.ref) : nullptr;
      if (x.isBool || (a0.kind == PwArg::Kind::Const && a0.isBool) || (in && in->dtype == u"bool"))
        return B("==", x, lit(0.0));
      why = QStringLiteral("bitwise_not (node %1) of a tensor that is not bool has no elementwise lowering").arg(n.id);
      return std::nullopt;
    }
    // and / or / xor: logical_* of any operands (nonzero is true), bitwise_* / & | ^ of bools (of integers they are
    // bit operations: no lowering); the result a bool
    static const QHash<QString, QString> logic = {
        {QStringLiteral("logical_and"), QStringLiteral("and")}, {QStringLiteral("logical_or"), QStringLiteral("or")},
        {QStringLiteral("logical_xor"), QStringLiteral("xor")}, {QStringLiteral("bitwise_and"), QStringLiteral("and")},
        {QStringLiteral("bitwise_or"), QStringLiteral("or")},   {QStringLiteral("bitwise_xor"), QStringLiteral("xor")},
        {QStringLiteral("__and__"), QStringLiteral("and")},     {QStringLiteral("__or__"), QStringLiteral("or")},
        {QStringLiteral("__xor__"), QStringLiteral("xor")}};
    if (const auto it = logic.find(op); it != logic.end()) {
      const auto y = second("other");
      if (!y) return std::nullopt;
      auto isBool = [&](int k, const PwVal& v) {
        const PwArg a = n.args.value(k);
        const PwInput* in = a.kind == PwArg::Kind::Ref ? m_prog.input(a.ref) : nullptr;
        return v.isBool || (a.kind == PwArg::Kind::Const && a.isBool) || (in && in->dtype == u"bool");
      };
      if (!op.startsWith(QLatin1String("logical_")) && !(isBool(0, x) && isBool(1, *y))) {
        why = QStringLiteral("%1 (node %2) of tensors that are not bool has no elementwise lowering").arg(op, n.id);
        return std::nullopt;
      }
      const PwVal a = cond(x), b = cond(*y);
      if (it.value() == u"xor") return B("!=", a, b);
      return it.value() == u"and" ? where(a, b, a) : where(a, a, b);
    }
    static const QHash<QString, const char*> cmp = {{QStringLiteral("gt"), ">"},  {QStringLiteral("lt"), "<"},
                                                    {QStringLiteral("ge"), ">="}, {QStringLiteral("le"), "<="},
                                                    {QStringLiteral("eq"), "=="}, {QStringLiteral("ne"), "!="}};
    if (const auto it = cmp.find(op); it != cmp.end()) {
      const auto y = second("other");
      return y ? std::optional<PwVal>(B(it.value(), x, *y)) : std::nullopt;
    }
    return std::nullopt;
  }

  const PointwiseProgram& m_prog;
  const PwDialect& m_d;
  QString m_indent;
};

}  // namespace

QStringList supportedPointwiseOps() {
  return {QStringLiteral("abs"),
          QStringLiteral("add"),
          QStringLiteral("bitwise_not"),
          QStringLiteral("celu"),
          QStringLiteral("logical_not"),
          QStringLiteral("clamp"),
          QStringLiteral("clamp_max"),
          QStringLiteral("clamp_min"),
          QStringLiteral("clone"),
          QStringLiteral("cos"),
          QStringLiteral("div"),
          QStringLiteral("elu"),
          QStringLiteral("eq"),
          QStringLiteral("erf"),
          QStringLiteral("exp"),
          QStringLiteral("floor"),
          QStringLiteral("fmax"),
          QStringLiteral("fmin"),
          QStringLiteral("ge"),
          QStringLiteral("gelu"),
          QStringLiteral("gt"),
          QStringLiteral("hardsigmoid"),
          QStringLiteral("hardswish"),
          QStringLiteral("hardtanh"),
          QStringLiteral("le"),
          QStringLiteral("leaky_relu"),
          QStringLiteral("log"),
          QStringLiteral("lt"),
          QStringLiteral("maximum"),
          QStringLiteral("minimum"),
          QStringLiteral("mish"),
          QStringLiteral("mul"),
          QStringLiteral("ne"),
          QStringLiteral("neg"),
          QStringLiteral("pow"),
          QStringLiteral("reciprocal"),
          QStringLiteral("relu"),
          QStringLiteral("relu6"),
          QStringLiteral("rsqrt"),
          QStringLiteral("rsub"),
          QStringLiteral("selu"),
          QStringLiteral("sigmoid"),
          QStringLiteral("silu"),
          QStringLiteral("sin"),
          QStringLiteral("softplus"),
          QStringLiteral("softsign"),
          QStringLiteral("sqrt"),
          QStringLiteral("square"),
          QStringLiteral("sub"),
          QStringLiteral("tanh"),
          QStringLiteral("threshold"),
          QStringLiteral("where"),
          QStringLiteral("masked_fill"),
          QStringLiteral("xlogy"),
          QStringLiteral("_to_copy"),
          QStringLiteral("sign"),
          QStringLiteral("sgn"),
          QStringLiteral("ceil"),
          QStringLiteral("trunc"),
          QStringLiteral("frac"),
          QStringLiteral("log1p"),
          QStringLiteral("expm1"),
          QStringLiteral("log2"),
          QStringLiteral("log10"),
          QStringLiteral("exp2"),
          QStringLiteral("tan"),
          QStringLiteral("round"),
          QStringLiteral("softshrink"),
          QStringLiteral("hardshrink"),
          QStringLiteral("hypot"),
          QStringLiteral("copysign"),
          QStringLiteral("lerp"),
          QStringLiteral("addcmul"),
          QStringLiteral("addcdiv"),
          QStringLiteral("logical_and"),
          QStringLiteral("logical_or"),
          QStringLiteral("logical_xor"),
          QStringLiteral("bitwise_and"),
          QStringLiteral("bitwise_or"),
          QStringLiteral("bitwise_xor"),
          QStringLiteral("__and__"),
          QStringLiteral("__or__"),
          QStringLiteral("__xor__"),
          QStringLiteral("__lshift__"),
          QStringLiteral("__rshift__"),
          QStringLiteral("bitwise_left_shift"),
          QStringLiteral("bitwise_right_shift"),
          QStringLiteral("fmod"),
          QStringLiteral("remainder"),
          QStringLiteral("floor_divide"),
          QStringLiteral("logaddexp"),
          QStringLiteral("atan2"),
          QStringLiteral("logit"),
          QStringLiteral("erfinv"),
          QStringLiteral("nan_to_num"),
          QStringLiteral("tril"),
          QStringLiteral("triu"),
          QStringLiteral("log_sigmoid_forward"),
          QStringLiteral("erfc"),
          QStringLiteral("isnan"),
          QStringLiteral("isinf"),
          QStringLiteral("isfinite"),
          QStringLiteral("isposinf"),
          QStringLiteral("isneginf"),
          QStringLiteral("special_xlog1py")};
}

std::optional<QStringList> lowerPointwise(const PointwiseProgram& prog, const PwDialect& dialect,
                                          const std::function<PwVal(const PwInput&)>& inputExpr, const QString& indent,
                                          QString* result, QString* whyNot) {
  // an integer compared exactly needs a kernel that loads it as an integer (the Triton chain's epilogues); another
  // dialect's kernel would convert it to fp32 and round it above 2^24
  // (a dialect whose kernels load integers but that has no int64 conversion, the CuTe DSL's: exact compares only)
  const auto intNode =
      std::find_if(prog.nodes.cbegin(), prog.nodes.cend(), [](const PwNode& n) { return isIntDtype(n.dtype); });
  const bool noIntArith = intNode != prog.nodes.cend() && dialect.convert(QStringLiteral("int64"), PwVal{}).isEmpty();
  for (const PwInput& in : prog.inputs)
    if (in.exactInt && in.usedByGraph && (!dialect.exactIntegers() || noIntArith)) {
      // integer arithmetic (node dtype an integer) or only an exact comparison: the reason says which
      if (whyNot)
        *whyNot =
            intNode != prog.nodes.cend()
                ? QStringLiteral(
                      "input %1 is an %2 tensor in integer arithmetic (%3, node %4, computes %5), which "
                      "this DSL's lowering computes in fp32 only (the Triton chain computes it "
                      "exactly, wrapping as torch's %5 does)")
                      .arg(in.label.isEmpty() ? in.name : in.label, in.dtype, intNode->op, intNode->id, intNode->dtype)
                : QStringLiteral(
                      "input %1 is an %2 tensor compared exactly, which this DSL's lowering reads as "
                      "fp32 (the Triton chain compares it in integers)")
                      .arg(in.label.isEmpty() ? in.name : in.label, in.dtype);
      return std::nullopt;
    }
  Lowering l(prog, dialect, indent);
  if (!l.lower(inputExpr)) {
    if (whyNot) *whyNot = l.why;
    return std::nullopt;
  }
  PwVal out = l.vals.value(prog.output);
  if (out.kind != PwVal::Kind::Tensor) {
    // A result that does not depend on any tensor still has the output's shape.
    const PwVal primary = l.vals.value(prog.primary);
    out = l.bin(QStringLiteral("+"), l.full(primary, 0.0), out);
  }
  if (result) *result = out.expr;
  return l.stmts;
}

QString layoutLead(const PointwiseProgram& prog) {
  // torch's TensorIterator orders the output's dims by its operands' strides, the first operand first (a later one
  // only breaks a tie): each node's result has its first tensor operand's layout, so the output has the layout of
  // the first full-size input reached through first tensor operands. A broadcast or one-element operand orders
  // nothing on its own (stride 0 where it broadcasts): the walk goes on to the next operand.
  QHash<QString, const PwNode*> nodes;
  for (const PwNode& n : prog.nodes) nodes.insert(n.id, &n);
  QSet<QString> seen;
  const std::function<QString(const QString&)> walk = [&](const QString& ref) -> QString {
    if (seen.contains(ref)) return {};
    seen.insert(ref);
    if (const PwInput* in = prog.input(ref))
      return in->isTensor && !in->broadcast && !in->scalarLike ? in->name : QString();
    const PwNode* n = nodes.value(ref);
    if (!n) return {};
    for (const PwArg& a : n->args)
      if (a.kind == PwArg::Kind::Ref)
        if (const QString got = walk(a.ref); !got.isEmpty()) return got;
    return {};
  };
  return walk(prog.output);
}

PwForwardPrep pointwiseForwardPrep(const PointwiseProgram& prog, int rank, bool followLayout) {
  PwForwardPrep r;
  QStringList& prep = r.lines;
  const QString& primary = prog.primary;
  QStringList tensorNames;
  for (const PwInput* in : prog.tensorInputs()) tensorNames << in->name;
  const QString shapeSource = r.shapeSource =
      primary.isEmpty() ? QStringLiteral("out_shape") : primary + QStringLiteral(".shape");
  r.deviceSource = (primary.isEmpty() ? tensorNames.value(0) : primary) + QStringLiteral(".device");
  for (const PwInput& in : prog.inputs)
    if (in.usedByGraph && !in.viewExpr.isEmpty())
      prep << QStringLiteral("        %1 = %2  # a view (no copy): the kernel reads it through its strides")
                  .arg(in.name, in.viewExpr);
  if (primary.isEmpty()) {
    // the output's shape is the inputs' broadcast, at run time (shapes of derived cases differ)
    const QString all =
        tensorNames.join(QStringLiteral(", ")) + (tensorNames.size() == 1 ? QStringLiteral(",") : QString());
    prep << QStringLiteral("        rank = max(t.dim() for t in (%1))").arg(all)
         << QStringLiteral("        out_shape = []") << QStringLiteral("        for k in range(rank):")
         << QStringLiteral(
                "            big = [t.shape[k - rank + t.dim()] for t in (%1) if k - rank + t.dim() >= 0 and t.shape[k "
                "- rank + t.dim()] != 1]")
                .arg(all)
         << QStringLiteral("            out_shape.append(big[0] if big else 1)");
  }
  if (prog.anyBroadcast)
    prep << QStringLiteral("        if len(%1) != %2:").arg(shapeSource).arg(rank)
         << QStringLiteral(
                "            raise ValueError(f\"kernel.py was generated for a rank-%1 output, got {tuple(%2)}\")")
                .arg(rank)
                .arg(shapeSource);
  const auto contiguous = [](const QString& name, const QString& indent) {
    return QStringLiteral("%1%2 = %2 if %2.is_contiguous() else %2.contiguous()  # one extra copy if strided")
        .arg(indent, name);
  };
  // the output follows the layout lead's layout (torch's rule) when the lead is a full-size input and nothing
  // broadcasts
  const QString lead = layoutLead(prog);
  const bool follow = followLayout && !prog.anyBroadcast && !primary.isEmpty() && !lead.isEmpty();
  QStringList full;  // the full-size tensor inputs (no broadcast, not one element), each read at the flat offset
  for (const PwInput& in : prog.inputs) {
    if (!in.usedByGraph || !in.isTensor) continue;
    if (in.broadcast) {
      prep << QStringLiteral("        %1_b = %1.expand(%2)  # a view: stride 0 along the broadcast dims")
                  .arg(in.name, shapeSource);
      continue;
    }
    if (in.scalarLike) {
      prep << QStringLiteral("        if %1.numel() != 1:").arg(in.name)
           << QStringLiteral("            raise ValueError(f\"%1 must have one element, got shape {tuple(%1.shape)}\")")
                  .arg(in.name);
      continue;
    }
    if (in.name != primary)
      prep << QStringLiteral("        if %1.shape != %2.shape:").arg(in.name, primary)
           << QStringLiteral(
                  "            raise ValueError(f\"%1 has shape {tuple(%1.shape)}, expected {tuple(%2.shape)}\")")
                  .arg(in.name, primary);
    full << in.name;
    if (!follow) prep << contiguous(in.name, QStringLiteral("        "));
  }
  if (!follow) return r;
  r.lead = lead;
  const QString outDtype = prog.outDtypeExpr.isEmpty() ? primary + QStringLiteral(".dtype") : prog.outDtypeExpr;
  r.alloc
      << QStringLiteral(
             "        # the output in %1's layout, torch's rule for elementwise ops: the first operand's order of dims")
             .arg(lead)
      << QStringLiteral(
             "        # (a dense %1 in any order, a permuted view or channels_last, keeps it; else empty_like's "
             "choice)")
             .arg(lead)
      << QStringLiteral("        out = torch.empty_like(%1, dtype=%2)").arg(lead, outDtype);
  QStringList differs;
  for (const QString& n : std::as_const(full)) differs << QStringLiteral("%1.stride() != out.stride()").arg(n);
  r.alloc << QStringLiteral(
                 "        # an operand in another layout (strided, or its dims in another order): copied into out's")
          << QStringLiteral("        if %1:").arg(differs.join(QStringLiteral(" or ")))
          << QStringLiteral(
                 "            order = sorted(range(out.dim()), key=lambda d: -out.stride(d))  # outermost first")
          << QStringLiteral("            back = [order.index(d) for d in range(out.dim())]");
  // only the operand that needs it is copied, and into out's layout (its dims permuted to out's storage order, made
  // contiguous, permuted back): one flat offset then walks every operand and out alike
  for (const QString& n : std::as_const(full)) {
    const QString copy =
        QStringLiteral("%1 = %1.permute(order).contiguous().permute(back)  # one copy, in out's layout").arg(n);
    if (full.size() == 1) {
      r.alloc << QStringLiteral("            ") + copy;
      continue;
    }
    r.alloc << QStringLiteral("            if %1.stride() != out.stride():").arg(n)
            << QStringLiteral("                ") + copy;
  }
  return r;
}

}  // namespace kwb
