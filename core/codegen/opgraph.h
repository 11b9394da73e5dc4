// The probe's operator graph (CONTRACTS.md §1 `ops`, `inputs`, `model.parameters`) decoded once into
// typed data, and partitioned into fusion groups around anchors (docs/CODEGEN.md). Views (reshape,
// unsqueeze, expand, ...) carry no arithmetic and belong to no group.
#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace kwb {

/// One tensor as the probe recorded it.
struct TensorInfo {
  QString name;         ///< forward() argument name, parameter name ("conv1.weight") or "" for an op output
  QList<qint64> shape;  ///< sizes at the problem's own shapes
  QString dtype;        ///< "float32", "bfloat16", "int64", ... ("" if the probe gave none)
  QString ref;          ///< outputs only: the op id, input or parameter that produced it ("" if unknown)
};

/// One aten op of the trace.
struct GraphOp {
  QString id;           ///< "t3": what later ops' refs name
  QString name;         ///< aten base name without namespace/overload ("convolution", "mul")
  QString category;     ///< the probe's category ("Convolution", "Elementwise", ...; "" for views)
  QString function;     ///< the user-level function the probe saw ("conv_transpose3d"), may be ""
  int line = 0;         ///< the user's source line, 0 if unknown
  nlohmann::json args;  ///< the probe's named non-tensor arguments (stride, dim, other, ...)
  QStringList refs;     ///< tensor operands: input names, parameter names or earlier op ids ("" for a literal)
  QList<TensorInfo> inputs;
  QList<TensorInfo> outputs;
  bool view = false;  ///< a memory re-description only
  /// Tensor operands by schema name ("input", "weight", "running_mean"...): an optional operand given None
  /// is absent. Empty for specs from probes before this field.
  QHash<QString, QString> operands;
  /// Pointwise ops: the node's positional form {"args": [...], "kwargs": {...}} (CONTRACTS.md section 1),
  /// null otherwise.
  nlohmann::json pw;
  /// In-place writes (the probe's `mutates`): refs the op writes into.
  QStringList mutates;
  /// It writes into a model parameter or buffer only (a running counter): no forward() output depends on it.
  bool mutatesState = false;
};

/// The decoded graph of one spec.
struct OpGraph {
  QList<GraphOp> ops;                  ///< every op, trace order
  QList<TensorInfo> inputs;            ///< forward() tensor inputs, in order
  QStringList scalarInputs;            ///< forward() scalar inputs, in order
  QHash<QString, TensorInfo> params;   ///< model parameters by state_dict name
  QHash<QString, TensorInfo> buffers;  ///< model buffers (running_mean, ...) by state_dict name
  QList<TensorInfo> outputs;           ///< forward()'s outputs

  /// Ops that are not views, trace order.
  QList<const GraphOp*> compute() const;
  /// The op with this id, or nullptr.
  const GraphOp* op(const QString& id) const;
  /// Follows views back from @p ref to a forward() input or parameter name; "" when a compute op
  /// stands in between (or the ref is unknown).
  QString rootOf(const QString& ref) const;
  /// The forward() input with this name, or nullptr.
  const TensorInfo* input(const QString& name) const;
};

/// Why the spec's `ops` are not the probe's op list (CONTRACTS.md §1: an array of objects, each with a string
/// `op`); "" when they are, or when the spec has no `ops`. One bounded sentence naming the JSON path
/// of the first bad entry, its value (cut to 60 characters) and how many entries are bad, e.g. for the golden
/// specs' stable view (tests/data/specs: op names only) "ops[0] is \"aten::t\", an op name, not an op object
/// ...". The code generators refuse such a spec with it: their ids, operands and arguments are not there to
/// decode, and a guess would generate the wrong kernel. Never throws.
QString specOpsProblem(const nlohmann::json& spec);

/// Decodes the spec's ops, inputs, parameters and outputs. Missing or malformed fields decode as
/// empty; the function never throws.
OpGraph decodeOpGraph(const nlohmann::json& spec);

/// One fusion group: an anchor op with the pointwise ops fused before (prologue) and after it
/// (epilogue), or a group of pointwise ops alone (anchor "pointwise").
struct FusionGroup {
  QString anchor;    ///< anchor id of the registry ("conv", "pool", ...) or the op category when no anchor claims it
  QString anchorOp;  ///< the anchor op's id ("" for a pointwise-only group)
  QStringList prologue;  ///< pointwise op ids before the anchor
  QStringList epilogue;  ///< pointwise op ids after the anchor
};

/// Partitions the compute ops into fusion groups: each non-pointwise op opens a group, pointwise ops
/// that only feed it join it as prologue, and pointwise ops after it join as epilogue until the next
/// non-pointwise op. The group's `anchor` is the anchor op's category here; anchorRegistry() (anchor.h)
/// names the anchor that claims it.
QList<FusionGroup> partitionFusionGroups(const OpGraph& g);

}  // namespace kwb
