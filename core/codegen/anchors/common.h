// Helpers the anchor units share: finding the anchor op, reading its integer arguments, naming
// operands as Python expressions, and the one-sentence reasons they give.
#pragma once

#include "core/codegen/opgraph.h"

#include <QList>
#include <QString>

#include <nlohmann/json.hpp>

#include <optional>

namespace kwb::anchors {

/// Sets *whyNot (when non-null) and returns nullopt: `return fail(whyNot, "...")`.
std::nullopt_t fail(QString* whyNot, const QString& reason);

/// "aten::convolution (line 32)": the op and the user's line when the probe knew it.
QString where(const GraphOp& op);

/// "[4, 32, 64]".
QString shapeText(const QList<qint64>& s);

/// A max / average pooling's arguments that are not PyTorch's defaults, for a plan row: ", padding [2, 2], dilation
/// [2, 2], ceil_mode, count_include_pad=False, divisor_override 3" (each part only when it is not the default:
/// padding 0, dilation 1, ceil_mode False, count_include_pad True, divisor_override None; dilation and the last two as
/// the op has them). "" when all are defaults. A reviewer checks them in the plan, not in kernel.py (new-user trial
/// 22, #5: padding, ceil_mode and count_include_pad=False were nowhere in the report).
QString poolArgsText(const nlohmann::json& args, const QList<qint64>& padding, const QList<qint64>& dilation);

/// The one compute op of @p category when it is the graph's only compute op. nullptr with *whyNot
/// empty when no compute op has that category; nullptr with *whyNot naming the other ops when the
/// category's op shares the graph with ops this anchor does not fuse yet.
const GraphOp* soleAnchorOp(const OpGraph& g, const QString& category, QString* whyNot);

/// false with *whyNot naming the count when forward() returns other than one tensor (the anchor
/// templates write one output).
bool singleOutput(const OpGraph& g, const GraphOp& anchorOp, QString* whyNot);

/// Reads args[key] as exactly @p n integers: an int (repeated n times), or a list of n ints, or the
/// last n entries of a longer list (1-D pooling is traced as 2-D with a leading size-1 window). Absent:
/// @p fallback n times. false when the value is anything else (a string such as padding='same').
bool intList(const nlohmann::json& args, const char* key, int n, qint64 fallback, QList<qint64>* out);

/// Follows views back from @p ref to the op that computed it (its id) or to a forward() input or
/// parameter name; "" when the ref is unknown.
QString producerOf(const OpGraph& g, const QString& ref);

/// The Python expression ModelNew uses for an operand: "self.conv1.weight" for a model parameter
/// (reached through views), the argument's name for a forward() input, "" otherwise.
QString operandExpr(const OpGraph& g, const QString& ref);

}  // namespace kwb::anchors
