// The pointwise lowering's CuTe DSL dialect (pointwise.h PwDialect), shared by the elementwise kernel and the
// one-GEMM chain's epilogue (cutechain.cpp). Names checked against cute_api.json (cute_check.py); never run here.
#pragma once

#include "core/codegen/pointwise.h"

namespace kwb {

/// CuTe DSL spellings of the lowering's primitives on TensorSSA values. Arithmetic and comparisons are Python
/// operators with the TensorSSA on the left (the right side may be a Numeric); math is cute.math.*. Literals
/// never stand on the left of a TensorSSA or inside cute.where: they become cute.full_like(ref, v,
/// cutlass.Float32) (cutlass.Int64 for an integer), so no reflected operator is needed.
class CuteDialect final : public PwDialect {
 public:
  QString unary(const QString& name, const PwVal& a) const override;
  QString where(const PwVal& c, const PwVal& a, const PwVal& b) const override;
  QString fullLike(const PwVal& like, double v) const override;
  QString binary(const QString& op, const PwVal& a, const PwVal& b) const override;
  /// x.to(float16 / bfloat16) inside the fp32 computation: TensorSSA.to rounds (to nearest even, as torch) and widens
  /// back, `(a).to(cutlass.BFloat16).to(cutlass.Float32)`; "" for any other dtype.
  QString roundTo(const QString& dtype, const PwVal& a) const override;
  /// kwb_pointwise loads the slots an epilogue names in `_kwb_int_slots` as Int64 (session 37): exact compares of
  /// integers lower, and integer arithmetic in Int64 TensorSSA (session 38): + - * as the DSL's wrapping int64
  /// operators, `//` (floordivsi), & | ^ (TensorSSA's), a shift as a product or floor quotient by 2**k (TensorSSA has
  /// no shift of its own); integer literals outside Int32 as cutlass.Int64(v), integer fills as Int64.
  bool exactIntegers() const override { return true; }
  /// "float32": `(a).to(cutlass.Float32)` (an Int64 TensorSSA read as fp32, torch's promotion); "int64":
  /// `(a).to(cutlass.Int64)` (fptosi toward zero, a Boolean 0 / 1); "" otherwise (a literal, another dtype).
  QString convert(const QString& dtype, const PwVal& a) const override;
};

}  // namespace kwb
