// Which dtype a value of forward() has at run time: fixed by a cast, or following the dtypes of forward()'s
// floating inputs, parameters and buffers. Every code generator decides its output's dtype here (the chain's
// result, the elementwise template's output, a pattern kernel's output), so that `.half()` stays float16 in the
// harness's dtype_bf16 case and an op without a cast follows the input (docs/DECISIONS.md "A cast fixes its dtype").
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <functional>

namespace kwb {

/// The run-time dtype of one value, in terms of the run-time dtypes of forward()'s floating leaves (inputs,
/// parameters, buffers; named as in the spec: "x", "fc.weight").
struct DtypeRule {
  enum class Kind {
    Fixed,    ///< `fixed`, whatever the leaves' dtypes (a cast: .half(), .to(torch.bfloat16), sum(dtype=...))
    Follows,  ///< torch.promote_types over the run-time dtypes of `leaves` (and `fixed` when not empty)
    Table     ///< `table[dtype of leaves.first()]`, `fixed` for a key not in it (see resultDtypeRule)
  };
  Kind kind = Kind::Fixed;
  QString fixed;                 ///< Fixed: the dtype ("float16", "int64"); Follows: a dtype promoted in ("" none);
                                 ///< Table: the dtype of a key the table lacks (the spec's own case)
  QStringList leaves;            ///< Follows / Table: leaf names; at most one per distinct spec dtype
  QMap<QString, QString> table;  ///< Table: the key leaf's dtype -> the value's dtype
  QString why;                   ///< how it was decided, one clause for a plan note ("" when plain)

  /// The dtype with each leaf's dtype given by @p leafDtype ("" when a leaf's is unknown).
  QString at(const std::function<QString(const QString&)>& leafDtype) const;
  /// Python for the dtype at run time: `torch.float16`, `x.dtype`, `torch.promote_types(x.dtype,
  /// self.w.dtype)`, or a dict lookup for a Table. @p leafExpr maps a leaf's name to its tensor expression in the
  /// generated code (an input's parameter name, "self.fc.weight").
  QString python(const std::function<QString(const QString&)>& leafExpr) const;
  /// The one leaf whose run-time dtype the value has (Follows of one leaf, nothing promoted in); "" otherwise.
  QString followsOnly() const;
  bool isFixed() const { return kind == Kind::Fixed; }
};

/// torch's promotion of two dtype names (float16 + bfloat16 -> float32, an integer or bool with a float -> the
/// float, bool < integers < floats, the wider of one kind); "" when either is "".
QString promoteDtypes(const QString& a, const QString& b);

/// The rule of forward()'s output @p index. Built over the spec's ops from forward()'s leaves: an op with a
/// `dtype` argument is Fixed to it unless the probe's dtype check saw that argument change with the inputs'
/// dtype (op "dtype_arg": "follows": `.to(x.dtype)`); without the check, `.half()` / `.float()` / `.double()` /
/// `.bfloat16()` fix their dtype and any other cast to a dtype some floating leaf has follows that leaf (the
/// reading before the check existed). Any other op promotes its tensor operands (torch's rule, a 0-dim operand
/// of a higher category wins), or follows one operand, or is Fixed to its spec dtype: the first of these that
/// gives the spec's own dtype with every leaf at its spec dtype. Last, the probe's dtype check (spec
/// "dtype_check".outputs: the output's dtype when every floating leaf is float16 / bfloat16 / float32) overrides a
/// rule that disagrees with it: Fixed when it is one dtype, Follows when it is the leaves' dtype, else a Table
/// keyed on the first floating input (a `.half()` of an fp16 input, which the spec's trace does not record).
DtypeRule resultDtypeRule(const nlohmann::json& spec, int index = 0);

/// The rule of one value of the spec's forward(): an op id ("t3", "t4_1" for its second output), an input, a
/// parameter or a buffer name; the static rule only (no dtype-check override: that check sees outputs only).
DtypeRule valueDtypeRule(const nlohmann::json& spec, const QString& ref);

}  // namespace kwb

namespace kwb {

/// Where the problem's floating tensors (forward()'s inputs and outputs, parameters, buffers, every op's operands and
/// results) use float64. The Triton generators compute a float64 problem in float64 throughout (float64Kernel); one
/// that mixes float64 with another floating dtype has no such path (fp32 math would round its float64 values, fp64
/// math would not reproduce its fp32 roundings).
struct Float64Use {
  bool any = false;  ///< some floating tensor is float64
  bool all = false;  ///< every floating tensor is float64 (and there is one)
  QString mixed;     ///< any && !all: one clause naming a float64 tensor and one of another floating dtype
};
Float64Use float64Use(const nlohmann::json& spec);

/// A generated Triton kernel.py rendered for a float64 problem: the stage library's and the plan's fp32 math and
/// intermediates become fp64 (`tl.float32` -> `tl.float64`, `torch.float32` -> `torch.float64`), and every tl.dot
/// multiplies fp64 operands into an fp64 result (`input_precision="ieee", out_dtype=tl.float64`: Triton's DMMA
/// path on sm80+; TF32 does not apply to fp64). Python literals stay as written (Triton may materialise a float
/// literal as fp32 before widening it: ~6e-8 relative in a constant such as 0.1, well inside float64's 1e-6
/// threshold). Comments and names are left alone.
QString float64Kernel(const QString& source);

/// The refusal of a float64 problem by a DSL whose kernels compute in fp32 (@p label: "CuTe DSL", "FlyDSL"); "" when
/// no floating tensor of the problem is float64.
QString float64RefusalFor(const nlohmann::json& spec, const QString& label);

/// The baseline-configuration text of a float64 kernel: "fp32" / "float32" / "TF32" claims said of fp64 math.
QString float64ConfigText(const QString& text);

}  // namespace kwb
