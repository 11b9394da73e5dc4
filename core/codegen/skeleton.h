// The unimplemented skeleton every backend returns when it has no template for a spec.
#pragma once

#include "core/codegen/backend.h"

#include <QStringList>

namespace kwb {

struct SkeletonStyle {
  QString framework;    ///< label, e.g. "FlyDSL"
  QString imports;      ///< the framework's import lines (its conformance imports)
  QStringList outline;  ///< what a baseline in this framework needs, one item per line
  QString runtime;      ///< runtimeRequirement()
};

/// kernel.py whose ModelNew has Model's constructor/forward signature and whose forward raises
/// NotImplementedError naming `reason`. ok=true, implemented=false, tile=0, error=reason. The file
/// imports torch.nn only (no torch compute anywhere) and sets UNIMPLEMENTED = True.
GeneratedKernel makeSkeleton(const nlohmann::json& spec, const SkeletonStyle& style, const QString& reason);

/// Why no backend may generate a kernel from @p spec's trace at all, or an empty string. Two cases (trial 8):
/// - the probe read a tensor value (an "item" ambiguity: .item(), bool(), int(), a while/if on a tensor):
///   the trace followed one placeholder branch, so a kernel planned from it hard-codes that control flow;
///   the reason names the first such line and the Python call (the op's "function", e.g. __bool__).
/// - forward writes one of its inputs in place (a "writes" entry with target_kind "input"): the generated
///   kernels return new tensors and never store into an input, so the harness's written-back check fails.
/// Every backend's supports() and generate() consult it first; the Triton backend consults the two parts apart
/// (its chain planner writes an input's final value back: chain.h).
QString traceSkeletonReason(const nlohmann::json& spec);

/// The first part of traceSkeletonReason alone: a tensor value read to choose control flow, or else
/// randomDrawReason(); "" when neither.
QString traceBranchReason(const nlohmann::json& spec);

/// Why a trace that draws random numbers in every mode has no kernel, or "": the first spec op the probe marked
/// `"random_in_eval": true` (probe_eval.py: its eval-mode trace draws at the same line), e.g.
/// F.dropout(x, p, training=True) (new-user trial 21, #1). Such an output has no deterministic reference, and the
/// harness's eval mode does not help, so no backend plans it. Draws that eval mode turns off (nn.Dropout,
/// F.dropout(x, p, self.training): `false`) are the identity in the harness's eval mode and stay plannable. Specs
/// from probes before the field: "". Names the user's function (F.dropout) or the aten op, and its line.
QString randomDrawReason(const nlohmann::json& spec);

/// The second part alone: forward writes one of its inputs in place (names the input, the op and its line),
/// or "". A backend that writes the final value back into the input may still plan the spec.
QString inputWriteReason(const nlohmann::json& spec);

}  // namespace kwb
