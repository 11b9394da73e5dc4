// The pointwise program: CONTRACTS.md §1 `pointwise_graph` plus the spec's inputs/outputs, checked
// and normalised once so that every elementwise backend lowers the same thing.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>

namespace kwb {

/// One forward() argument of the problem, in Model.forward order.
struct PwInput {
  QString name;          ///< Python parameter name (a valid identifier)
  bool isTensor = true;  ///< false: a Python scalar ({"kind": "scalar"})
  QString dtype;        ///< torch dtype without "torch." ("float32", "bfloat16", "bool"); scalars: "float"/"int"/"bool"
  QList<qint64> shape;  ///< tensors only
  qint64 numel = 1;     ///< product of shape (1 for 0-d tensors and scalars)
  bool scalarLike = false;   ///< a tensor with numel 1 broadcast against the output (stride-0 read)
  bool broadcast = false;    ///< another shape that broadcasts to the output's (PyTorch's rules: aligned from the
                             ///< right, each dim equal or 1): read through the expanded view's strides
  bool usedByGraph = false;  ///< referenced by some node (unused inputs are still forward() parameters)
  /// A view of a forward() input that the graph reads (a node unsqueeze/squeeze/permute/transpose/t over
  /// an input): the Python expression the launcher evaluates, e.g. "A.unsqueeze(1)"; "" for a forward()
  /// argument. Its name is the node's id; it is not a forward() parameter.
  QString viewExpr;
  /// An integer tensor the caller reads in its own dtype and only compares with another ({"exact_int": true}: the
  /// chain's exact comparisons); any other integer input is refused (its arithmetic in fp32 would round above 2^24).
  bool exactInt = false;
  /// A forward() int argument the caller passes as an fp32 scalar it has checked to be exact (|v| <= 2^24, the chain's
  /// kwb_int_arg): integer nodes and exact comparisons read it as an int64 ({"int_arg": true}); elsewhere a float.
  bool intArg = false;
  /// What the user calls it, for reasons ({"label": ...}; the chain's mini programs name their inputs a0, a1, ...):
  /// "lengths" for a forward() input, else a phrase ("the result of aten::ge at line 12"); "" : the name says it.
  QString label;
};

/// One argument of a graph node.
struct PwArg {
  enum class Kind { Ref, Const, Scalar } kind = Kind::Const;
  QString ref;          ///< Ref: an input name or an earlier node id; Scalar: the scalar input's name
  double value = 0.0;   ///< Const: the literal (bools as 0/1)
  bool isBool = false;  ///< Const: a JSON true/false
  bool isNull = false;  ///< Const: JSON null (e.g. clamp's missing bound)
};

struct PwNode {
  QString id;
  QString op;  ///< aten base name, e.g. "leaky_relu"
  QList<PwArg> args;
  nlohmann::json kwargs;  ///< object (possibly empty)
  /// The node's traced result dtype where the caller gives it (node "dtype"): "int64" makes the node an integer
  /// node, computed in exact int64 (a dialect with exactIntegers() only); "" or any other dtype: the float / bool
  /// lowering, an integer operand converted to fp32 first as torch's promotion does.
  QString dtype;
};

struct PointwiseProgram {
  QList<PwInput> inputs;      ///< every forward() argument, in order
  QList<PwNode> nodes;        ///< topological order as given by the probe
  QString output;             ///< the node id (or input name) that is the result
  QString primary;            ///< a tensor input of the output's shape (defines out's shape/device/dtype), or ""
                              ///< when every input broadcasts (A[N,1] * B[1,M]): out's shape is then their
                              ///< broadcast, computed at run time, and dtypeInput gives the dtype
  QString dtypeInput;         ///< the tensor input whose run-time dtype the output has ("" : outDtypeExpr says)
  bool anyBroadcast = false;  ///< some input has broadcast = true
  QString outDtype;           ///< spec outputs[0].dtype ("float32", ...)
  bool outDtypeFollowsPrimary = true;  ///< the output has primary's run-time dtype (dtypeInput == primary)
  /// The output's run-time dtype as Python (resultDtypeRule): `x.dtype`, `torch.float16` (a cast fixes it), or
  /// torch's promotion of several inputs' dtypes.
  QString outDtypeExpr;
  QList<qint64> outShape;
  qint64 numel = 0;              ///< elements of the output (the flattened dim)
  QString initParams;            ///< Model.__init__ parameter list without annotations, e.g. "negative_slope=0.01"
  QStringList initNames;         ///< the names in initParams (stored as self.<name>)
  QString sourceName;            ///< spec source.name, for headers
  QString sourceSha;             ///< spec source.sha256 (may be empty)
  bool outAliasesInput = false;  ///< spec says the output aliases an input (in-place op): not reproduced

  const PwInput* input(const QString& name) const;
  QList<const PwInput*> tensorInputs() const;  ///< tensors used by the graph, forward order
  QList<const PwInput*> scalarInputs() const;  ///< scalars used by the graph, forward order
};

/// The configuration's note on the output's dtype, after its spec dtype: ", follows the input's dtype at run time",
/// ", fixed by a cast whatever the inputs' dtypes", or ", at run time <outDtypeExpr>".
QString outDtypeNote(const PointwiseProgram& prog);

/// Whether the spec carries a pointwise_graph (every op pointwise: the elementwise templates apply).
bool hasPointwiseGraph(const nlohmann::json& spec);

/// The user's words for graph input @p in of @p spec (a refusal names it so): a forward() input's name; a view's
/// own expression, op and line from the spec's ops ("x.permute(0, 2, 1) (a permute of a forward() input, line 16)";
/// op "view" and no line when the spec's ops do not name the node). Never the program's node id (t0), which the
/// user did not write (new-user trial 12, #14).
QString pwInputWords(const PwInput& in, const nlohmann::json& spec);

/// Parses and checks `spec` (CONTRACTS.md §1). Returns nullopt with *whyNot set (one sentence, for a
/// person, naming inputs in pwInputWords' words) when the spec has no pointwise_graph, references unknown names,
/// has several outputs, has an input whose shape does not broadcast to the output's, reads model parameters, or
/// uses a dtype other than float16/bfloat16/float32 (bool allowed for conditions).
std::optional<PointwiseProgram> parsePointwiseProgram(const nlohmann::json& spec, QString* whyNot);

/// ModelNew.forward's host-side preparation of a pointwise program, the same in every DSL: views bound, the
/// output's broadcast shape computed at run time when no input has it (primary empty), the rank checked when an
/// input broadcasts, broadcast inputs expanded (name_b), scalar-like inputs checked for one element, the others
/// checked against primary's shape and made contiguous. `rank`: the output's rank the kernel was generated for.
/// `followLayout` (a kernel that indexes every operand and the output by one flat offset): when no input broadcasts,
/// the output takes the layout lead's layout (layoutLead: torch's rule for elementwise ops; torch.empty_like of it, so
/// a dense lead in any order of its dims, a permuted view or channels_last, keeps it), and each full-size input whose
/// strides differ from the output's -- that one only -- is copied once into the output's layout (permuted to its
/// storage order, made contiguous, permuted back); the others are used as they are, with no transposing copy (w01's
/// softplus of x.permute(0, 2, 1); new-user trial 19, #11: a channels_last `a` beside a strided slice `b`). Its
/// statements are in `alloc` (they assign `out`).
struct PwForwardPrep {
  QStringList lines;     ///< Python statements at 8 spaces
  QString shapeSource;   ///< the expression of out's shape ("x.shape" or "out_shape")
  QString deviceSource;  ///< the expression of out's device
  QStringList alloc;     ///< followLayout: the statements that allocate out (and copy an input into its layout)
  QString lead;          ///< followLayout: the input whose layout out takes ("" when the layout is not followed)
};
/// The input whose layout an elementwise result has by torch's rule (TensorIterator orders the output's dims by the
/// operands' strides, the first operand deciding): the first full-size tensor input reached from the output through
/// each node's first tensor operand, a broadcast or one-element operand passed over; "" when none.
QString layoutLead(const PointwiseProgram& prog);
PwForwardPrep pointwiseForwardPrep(const PointwiseProgram& prog, int rank, bool followLayout = false);

/// A value while lowering: a Python expression in the target DSL plus what it is.
struct PwVal {
  enum class Kind { Tensor, Scalar, Literal } kind = Kind::Tensor;
  QString expr;
  bool isBool = false;
  double literal = 0.0;  ///< Kind::Literal only
  bool isInt = false;    ///< an exact int64 value (an integer node's result, an exact_int input): never fp32
  bool intArg = false;   ///< Kind::Scalar: a forward() int argument passed exact (PwInput::intArg)
};

/// What differs between DSLs; operators (+ - * / < ...) are Python's in every DSL we target.
class PwDialect {
 public:
  virtual ~PwDialect() = default;
  /// name: one of exp log erf sqrt rsqrt abs sigmoid tanh floor sin cos. Returns "" if unsupported.
  virtual QString unary(const QString& name, const PwVal& a) const = 0;
  /// cond ? a : b, elementwise; must accept literals on either side.
  virtual QString where(const PwVal& cond, const PwVal& a, const PwVal& b) const = 0;
  /// A tensor like `like` filled with the literal v.
  virtual QString fullLike(const PwVal& like, double v) const = 0;
  /// a OP b for OP in + - * / < <= > >= == != ; the dialect may reorder or wrap literals.
  virtual QString binary(const QString& op, const PwVal& a, const PwVal& b) const = 0;
  /// Renders a literal (Python float syntax by default).
  virtual QString literal(double v) const;
  /// The element's index along the output's last dim (@p fromEnd 1) or the one before it (2), an integer expression
  /// of the kernel (tril / triu compare them); "" when the kernel does not compute it (the default).
  virtual QString coordinate(int fromEnd) const;
  /// The fp32 value @p a rounded to the 16-bit float @p dtype ("float16" / "bfloat16", round to nearest even) and
  /// widened back: a cast down inside an fp32 computation. "" when the dialect has no such conversion.
  virtual QString roundTo(const QString& dtype, const PwVal& a) const;
  /// Whether the kernels of this dialect load an `exact_int` input in its own integer dtype (the chain's Triton
  /// epilogues do); false (the default): lowerPointwise refuses such a program rather than compare in fp32.
  virtual bool exactIntegers() const { return false; }
  /// @p a converted to @p dtype ("int64": a float truncated toward zero, a bool 0 / 1, an int widened; "float32":
  /// an integer rounded to nearest): the integer nodes' conversions. "" when the dialect has none (the default).
  virtual QString convert(const QString& dtype, const PwVal& a) const;
};

/// Lowers the program's nodes to `<indent>name = expr` statements (one or more per node) in the
/// dialect. `inputExpr(name)` gives the DSL value already bound for each used input. Returns the
/// statements, with *result set to the expression of the output; nullopt and *whyNot for an op or
/// argument form the lowering does not know.
std::optional<QStringList> lowerPointwise(const PointwiseProgram& prog, const PwDialect& dialect,
                                          const std::function<PwVal(const PwInput&)>& inputExpr, const QString& indent,
                                          QString* result, QString* whyNot);

/// The op names lowerPointwise understands (for documentation and tests).
QStringList supportedPointwiseOps();

/// Python float literal that round-trips exactly (shortest repr, like Python's repr()):
/// 0.01 -> "0.01", 2 -> "2.0", inf -> "float('inf')", nan -> "float('nan')".
QString pyFloat(double v);

/// A dtype string normalised: "torch.float32" -> "float32", "float" (torch.float) -> "float32".
QString normaliseDtype(const QString& dtype);

}  // namespace kwb
