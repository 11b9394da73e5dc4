// The pointwise lowering's Triton dialect (pointwise.h PwDialect), shared by the elementwise kernel and
// the chain planner's epilogues.
#pragma once

#include "core/codegen/pointwise.h"

namespace kwb {

/// Triton spellings of the pointwise lowering's primitives. Names were checked against the Triton 3.x
/// triton.language API listing (abs, erf, exp, floor, log, rsqrt, sigmoid, sin, cos, sqrt, where, full);
/// tanh is not in triton.language (only in the libdevice extras, whose module path moved between
/// releases), so it is the fp32 identity tanh(x) = 2*sigmoid(2x) - 1 (|error| ~1e-7 near 0).
class TritonDialect final : public PwDialect {
 public:
  /// @p fullExpr: a Python expression of a block of the kernel's shape filled with the literal "%1",
  /// e.g. "tl.full([BLOCK_SIZE], %1, tl.float32)" (1-D elementwise) or "(tl.zeros_like(acc) + %1)" (a tile).
  /// @p coordinates: the kernel binds kwb_col / kwb_row, the element's index along the output's last two dims
  /// (coordinate()); false: it does not, and tril / triu have no lowering.
  explicit TritonDialect(QString fullExpr = QStringLiteral("tl.full([BLOCK_SIZE], %1, tl.float32)"),
                         bool coordinates = false)
      : m_full(std::move(fullExpr)), m_coordinates(coordinates) {}
  QString unary(const QString& name, const PwVal& a) const override;
  QString where(const PwVal& c, const PwVal& a, const PwVal& b) const override;
  QString fullLike(const PwVal& like, double v) const override;
  QString binary(const QString& op, const PwVal& a, const PwVal& b) const override;
  /// The chain's epilogues load an exact_int input without converting it (Planner::pointwisePiece).
  bool exactIntegers() const override { return true; }
  /// `a.to(tl.float16).to(tl.float32)`: Triton's fp32 -> fp16/bf16 conversion rounds to nearest even (the
  /// default fp_downcast_rounding), as torch's .to() does.
  QString roundTo(const QString& dtype, const PwVal& a) const override;
  QString coordinate(int fromEnd) const override;
  /// `(a).to(tl.int64)` / `(a).to(tl.float32)`: Triton's fptosi truncates toward zero and sitofp rounds to nearest,
  /// as torch's .to() does.
  QString convert(const QString& dtype, const PwVal& a) const override;

 private:
  QString m_full;
  bool m_coordinates = false;
};

}  // namespace kwb
