// Kernel sources for the non-elementwise patterns (patternplan.h): one template per pattern and
// framework under resources/templates/kernels/, filled from a PatternPlan.
#pragma once

#include "core/codegen/backend.h"
#include "core/codegen/patternplan.h"

#include <QMap>

namespace kwb {

/// What a backend fills in for one pattern before the shared rendering.
struct PatternRender {
  QString templatePath;                   ///< e.g. ":/kwb/templates/kernels/triton_reduce.py.tmpl"
  QMap<QString, QString> vars;            ///< pattern-specific placeholders
  QList<QPair<QString, QString>> config;  ///< baseline configuration, in report order
  int tile = 0;                           ///< GeneratedKernel::tile (elements along the innermost tiled dim)
  QString mathDtype;                      ///< GeneratedKernel::mathDtype ("" = the data's dtype)
};

/// Adds the shared placeholders (PROBLEM, SPEC_SHA, DESCRIPTION, POLICY_NOTE, CONFIG_SUMMARY,
/// INIT_PARAMS, INIT_STORE with the model's parameters declared, FORWARD_PARAMS, KERNEL, X, Y,
/// OUT_DTYPE; a var already in r.vars wins) and renders the template. ok=false with `error` when the
/// template is missing or a placeholder stays unreplaced.
GeneratedKernel renderPatternKernel(const PatternRender& r, const PatternPlan& plan, const nlohmann::json& spec,
                                    const FrameworkBackend& backend);

/// The Python expression of a spec parameter inside ModelNew: "gn.weight" -> "self.gn.weight".
QString paramExpr(const QString& specName);

/// The generated kernels' name prefix for @p plan, the template's {{KERNEL}}: "kwb_" + the op, lower
/// case, anything but [a-z0-9_] as '_' (e.g. "kwb_softmax"). For template values that must name a
/// kernel themselves (placeholders are replaced once, not recursively).
QString patternKernelName(const PatternPlan& plan);

/// ModelNew.__init__ lines declaring every spec model parameter under its state_dict name (so the
/// harness can copy Model's weights): nn.Module containers for dotted prefixes, weights = ones,
/// everything else = zeros (PyTorch's norm defaults); a float16 / bfloat16 parameter in its dtype where
/// gemm16Operands() is on. "" when the model has none.
QString parameterDecls(const nlohmann::json& spec);

/// Whether 16-bit GEMM operands keep their width (docs/CODEGEN.md "GEMM operands keep their width"): on unless the
/// environment sets KWB_GEMM16=0, the A/B switch of bench/gpu/gemm16_ab.py (its off kernels: every GEMM reads
/// fp32 activations, as before the rule).
bool gemm16Operands();

/// The Python expression of the submodule at a state_dict path ("conv1" -> "self.conv1"; a path with an
/// index, as nn.Sequential names them, "network.0" -> 'self.get_submodule("network.0")').
QString modulePath(const QStringList& parts);

/// The Python expression of a parameter or buffer of ModelNew by its state_dict name: "self.conv1.weight", or
/// 'self.network._modules["0"].weight' where a part is an index (a dict read, not get_parameter's walk: it is
/// evaluated on every forward); an index leaf (a ParameterList entry) reads _parameters, or _buffers if `buffer`.
QString stateExpr(const QString& name, bool buffer);

/// Triton kernel.py for a plan (triton*.py.tmpl). Never a skeleton: every plan kind has a template.
GeneratedKernel tritonPatternKernel(const PatternPlan& plan, const nlohmann::json& spec,
                                    const FrameworkBackend& backend);

/// Whether a CuTe DSL template exists for the plan's kind; else *whyNot names the missing one.
bool cuteHasPatternTemplate(const PatternPlan& plan, QString* whyNot);

/// CuTe DSL kernel.py for a plan (cutedsl*.py.tmpl), checked statically only.
GeneratedKernel cutePatternKernel(const PatternPlan& plan, const nlohmann::json& spec, const FrameworkBackend& backend);

/// Whether a FlyDSL template exists for the plan: Reduction and Softmax/Norm (flydsl_reduce / flydsl_rownorm);
/// else false with *whyNot naming the plan's kind and the classes FlyDSL renders.
bool flyHasPatternTemplate(const PatternPlan& plan, QString* whyNot);

/// FlyDSL kernel.py for a plan flyHasPatternTemplate accepts, checked statically only (never run here).
GeneratedKernel flyPatternKernel(const PatternPlan& plan, const nlohmann::json& spec, const FrameworkBackend& backend);

}  // namespace kwb
