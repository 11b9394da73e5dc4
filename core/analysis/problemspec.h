// Typed, read-only accessors over the probe's spec (docs/CONTRACTS.md §1) plus its text rendering
// and the rules an edited spec must satisfy. The spec itself stays JSON (.kwb/spec.json).
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <optional>

namespace kwb {

/// One forward() input or output of the spec.
struct TensorDesc {
  QString name;          ///< forward() parameter name ("x", "A", "s") or "out0", "out1"...
  QString kind;          ///< "tensor" | "scalar" | "other"
  QString dtype;         ///< torch dtype name ("float32", "bfloat16"); scalars: "float" | "int" | "bool"
  QString layout;        ///< "contiguous" | "channels_last" | "transposed" | "broadcast" | "strided"; "" for scalars
  QList<qint64> shape;   ///< elements per dim (tensors only)
  QList<qint64> stride;  ///< elements, not bytes (tensors only)
  std::optional<double> scalarValue;  ///< the value get_inputs() gave a scalar input
};

/// The spec's "inputs" in forward() order; missing or malformed fields stay empty.
QList<TensorDesc> specInputs(const nlohmann::json& spec);

/// The spec's "outputs" ("out0", ...), in the order forward() returns them.
QList<TensorDesc> specOutputs(const nlohmann::json& spec);

/// The primary compute pattern, one word of specPatternVocabulary() ("Elementwise", "GEMM", ...);
/// "" when the spec has none.
QString specPattern(const nlohmann::json& spec);

/// Primary pattern with detail and fused epilogue, for people: "GEMM (plain) + mul, leaky_relu"; the compute ops the
/// probe lists before the anchor (pattern.prologue) lead it: "native_layer_norm → GEMM (plain) + gelu, addmm, add". The
/// ops of spec.ops with no compute category that gather, scatter, upsample or grid-sample follow by family:
/// "Elementwise (mul+neg+add), with gather (index)".
QString specPatternText(const nlohmann::json& spec);

/// The pattern words the probe uses: Elementwise, GEMM, Reduction, Softmax, Norm, Loss,
/// Convolution, Pooling, Scan, Attention.
QStringList specPatternVocabulary();

/// True when the spec carries a pointwise_graph with at least one node (every op is pointwise).
bool isPointwise(const nlohmann::json& spec);

/// The text `kwb analyze` prints: source, pattern (with the reference function, reductions,
/// pooling windows, convolution and attention parameters, in-place writes, the kernel demo when the
/// spec has them), inputs/outputs table (shape, stride, dtype, layout), ops, sizes, FLOPs and bytes
/// as expr = value, accuracy, ambiguities and notes. Also renders a partial spec (missing parts
/// are left out or shown empty). @p maxOpRows >= 0 lists at most that many ops, then one line with how many more
/// (a failed probe's partial trace: an endless recursion recorded ~1,000 identical rows); < 0 lists every op.
QString formatSpec(const nlohmann::json& spec, int maxOpRows = -1);

/// One ambiguity of the probe's spec (`ambiguities[i]`: {"kind", "line", "why"}) as one readable line,
/// "line 11: randomness: forward uses ...", without "line N: " where the line is absent or 0 (a file-level one).
/// "line N: " is translated where a catalogue is loaded (the GUI's zh_CN: "第 11 行："); the kind and the probe's
/// reason stay as the probe wrote them. Never fails: missing members read as empty.
QString formatAmbiguity(const nlohmann::json& ambiguity);

/// What an (edited) spec must satisfy before later phases use it, one readable line per problem
/// naming the JSON path; empty when valid: pattern.primary in the vocabulary, at least one input and
/// one output, every tensor shape present with positive dims (stride, when present, of the same
/// rank), every dtype known, accuracy.rel_err_threshold a number > 0, flops.expr and bytes.expr
/// non-empty strings, and `ops` the probe's op objects (specOpsProblem(), core/codegen/opgraph.h: op names
/// alone, as in the golden specs' stable view, are refused with the JSON path of the first).
QStringList validateSpec(const nlohmann::json& spec);

}  // namespace kwb
