// The pointwise lowering's FlyDSL dialect (pointwise.h PwDialect) for the elementwise kernel
// (flydsl_elementwise.py.tmpl). Names checked against flydsl_api.json (cute_check.py); never run here.
#pragma once

#include "core/codegen/pointwise.h"

namespace kwb {

/// FlyDSL spellings of the lowering's primitives on per-thread fp32 scalars (fx.Float32 values, one element per
/// thread, as in FlyDSL's pointer-argument vector add). Arithmetic and comparisons are Python operators (Numeric
/// defines the reflected ones, so a literal may stand on the left); math is fx.math.* (stable names of
/// flydsl_api.json: exp log erf sqrt rsqrt absf floor sin cos tanh); a select is the condition's
/// Boolean.select(a, b) with literals wrapped as fx.Float32(v), so both sides have one type.
class FlyDslDialect final : public PwDialect {
 public:
  QString unary(const QString& name, const PwVal& a) const override;
  QString where(const PwVal& c, const PwVal& a, const PwVal& b) const override;
  QString fullLike(const PwVal& like, double v) const override;
  QString binary(const QString& op, const PwVal& a, const PwVal& b) const override;
};

}  // namespace kwb
