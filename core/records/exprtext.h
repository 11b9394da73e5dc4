#pragma once
// FLOP and byte expressions as a reader sees them (phase 1's line, the plan, the report, the spec view): like terms
// combined, long numbers grouped in thousands, and the evaluated count beside them. The spec keeps the expression
// as the probe wrote it (muParser reads it; a grouped "1,000" would not parse there): this is display only
// (new-user trial 5, R8: "4*out_channels" twelve times, "+ 8" three times, "4398046511104 + 4398046511104").

#include <QString>

#include <nlohmann/json_fwd.hpp>

#include <optional>

namespace kwb {

/// @p expr with like terms of a plain sum of products combined ("4*c + 8 + 4*c + 3" → "8*c + 11"; "2*a*b + 3*b*a"
/// → "5*a*b") and integers of 5 digits or more grouped ("129032" → "129,032"). An expression with anything but
/// `+`, `*`, `^` (an integer power of a name), names and numbers (parentheses, `-`, `/`, functions) is only
/// grouped, never rearranged. Not for muParser: the commas do not parse.
/// @p group false: combined only, no commas (the report's expression stays valid muParser input).
QString readableExpr(const QString& expr, bool group = true);

/// @p value with an SI prefix and @p unit, 4 significant digits: 6.6e9 "FLOP" → "6.6 GFLOP", 8796093022208 "B" →
/// "8.796 TB"; below 1000 the number as is ("12 B"). "" when @p value is missing or not finite.
QString siCount(std::optional<double> value, const QString& unit);

/// readableExpr(@p expr), then " (= 6.6 GFLOP)" when @p value is known and the expression is not just that number.
QString exprWithValue(const QString& expr, std::optional<double> value, const QString& unit, bool group = true);

/// The note a count's display carries when the probe found its formula specific to the problem's sizes (new-user
/// trial 17, #1): @p count is the spec's "flops" or "bytes" object; its `formula.status` "size_specific" (a size is
/// folded into a coefficient: the formula is wrong at other sizes) or "unchecked" (the file did not run at other
/// sizes, or names no size) gives "valid at these sizes only (...)"; "holds", no `formula` (a spec written before
/// the check, or a user's own expression) or anything not an object gives "". The spec's `expr` is then the count
/// itself, so the note says why no formula is shown. English unless @p translated (the window's words; records and
/// the console keep English).
QString formulaNote(const nlohmann::json& count, bool translated = false);

}  // namespace kwb
