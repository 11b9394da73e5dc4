// Pieces of kernel.py every backend renders the same way: ModelNew's constructor and forward
// parameters, the header comments, the kernel's name.
#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace kwb {

struct ModelNewParts {
  QString initParams;     ///< ", negative_slope=0.01" (leading comma) or ""
  QString initStore;      ///< "        self.negative_slope = negative_slope" lines, or ""
  QString forwardParams;  ///< ", x, s" (leading comma) or "" ; "*args" when the spec lists no inputs
  QString initError;      ///< set when model.init_signature could not be parsed (then "*args, **kwargs")
};

/// Constructor and forward() parameters from spec model.init_signature and inputs[].name.
ModelNewParts modelNewParts(const nlohmann::json& spec);

/// "#   " + line for each line of `text` (blank lines become "#").
QString commentLines(const QStringList& lines, const QString& prefix = QStringLiteral("#   "));

/// The spec in a few comment lines: pattern, inputs and outputs with shapes/dtypes, ops, FLOPs/bytes.
QString specSummaryComment(const nlohmann::json& spec);

/// The pointwise graph as "#   t0 = relu(x)" lines (or the op list when there is no graph).
QString graphSummaryComment(const nlohmann::json& spec);

/// baselineConfig as "#   item: value" comment lines.
QString configComment(const QList<QPair<QString, QString>>& config);

/// spec source.name, or "the problem" when absent.
QString problemName(const nlohmann::json& spec);

/// " (spec sha256 0123456789ab)" (first 12 hex digits) or "" when the spec has no sha256.
QString specShaSuffix(const nlohmann::json& spec);

/// An identifier for the kernel from the graph's ops: "kwb_relu", "kwb_sigmoid_mul" (at most 4 ops
/// joined, then "_etc"); "kwb_elementwise" without a graph.
QString kernelBaseName(const nlohmann::json& spec);

}  // namespace kwb
