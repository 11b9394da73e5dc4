// The CuTe DSL rendering of a chain plan (chain.h): cutedsl_chain.py.tmpl, the chain planner's forward() body unchanged
// over the CuTe DSL stage set (cutedsl_stages.py: kwb_gemm, kwb_pointwise, kwb_reduce, kwb_var / kwb_var_mean,
// kwb_softmax, kwb_group_norm, kwb_layer_norm, kwb_batch_norm, kwb_pool / kwb_adaptive_pool with the Triton stages'
// signatures) and the host helpers shared with the Triton chain (chain_host.py). One GEMM + its fused epilogue is the
// same stage set's kwb_gemm (session 31 folded the one-GEMM template into it). A plan renders iff every launch's stage
// is in that set; otherwise the reason names the first one missing. Epilogues lower through the one pointwise
// lowering (pointwise.h) in the CuTe DSL dialect (cutedialect.h). The output is checked statically (cute_check.py
// against cute_api.json); no CuTe DSL kernel has ever been run here.
#pragma once

#include "core/codegen/backend.h"
#include "core/codegen/chain.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace kwb {

/// The chain plan of @p spec when the CuTe DSL renders it: every stage its forward() body calls is in the CuTe DSL
/// stage set in the form it calls it (kwb_gemm without a prologue, kwb_pointwise, kwb_group_norm, kwb_layer_norm,
/// kwb_batch_norm, kwb_reduce of sum / mean / amax / amin / logsumexp, kwb_var / kwb_var_mean, kwb_softmax without
/// safe rows, kwb_pool / kwb_adaptive_pool, and the chain's plumbing), and
/// every epilogue lowers in the CuTe DSL dialect. nullopt with *whyNot empty when the chain planner does not plan @p
/// spec; nullopt with *whyNot (one sentence naming the plan's launches, the first launch without a CuTe DSL stage, and
/// that --framework triton renders it) when it plans it in a form not rendered here.
/// @p allPointwise: plan a graph of pointwise ops only too (planChain's flag: one kwb_pointwise launch per run), for
/// the pointwise graphs the elementwise template refuses (broadcast or viewed inputs).
std::optional<ChainPlan> cuteChainPlan(const nlohmann::json& spec, QString* whyNot, bool allPointwise = false);

/// One launch of a chain plan as the CuTe DSL stage set sees it (for `kwb analyze --json`'s groups).
struct CuteStageUse {
  QString
      stage;  ///< the launcher forward() calls for it: "kwb_gemm", "conv_forward", "kwb_batch_norm"; "" if none found
  bool covered = false;  ///< the CuTe DSL stage set has that launcher in the form the call uses
  QString missing;       ///< when its launcher or form has no stage: what, e.g. "a kwb_batch_norm launch"
  /// when not covered: why, one sentence ("a kwb_batch_norm launch has no CuTe DSL stage yet", or an epilogue the
  /// call hands the stage that does not lower in the CuTe DSL dialect: cuteChainPlan's words for it)
  QString why;
};

/// Per launch of @p plan (same order as plan.launches), the stage its forward() line calls and whether the CuTe
/// DSL stage set covers it: the launcher in the form the call uses, and every epilogue the call hands it lowers in
/// the CuTe DSL dialect (the test cuteChainPlan makes). A launch whose line is not found (fused into another line) is
/// reported uncovered with an empty stage only when its kind has no stage.
QList<CuteStageUse> cuteStageUses(const ChainPlan& plan);

/// The translation context of cuteStageLabels()'s words (QCoreApplication::translate; the GUI shows a recorded reason's
/// stage list translated word by word, displaytext.cpp).
inline constexpr const char* kCuteStageLabelContext = "kwb::CuteStageLabel";

/// What the CuTe DSL stage set renders, in the words its skeleton reason lists them ("GEMM", "convolution", "max / avg
/// pooling", ...), built from the same table of stage launchers cuteChainPlan() decides with: every launcher that is
/// not plumbing, once (a launcher without words of its own is listed by its name, so a new stage is never left out;
/// new-user trial 22, K3: the hand-written list had no convolution). No word holds a parenthesis or a comma.
QStringList cuteStageLabels();

/// Renders @p plan (from cuteChainPlan) as kernel.py. ok=false with `error` when the template is missing, a
/// placeholder stays, or the epilogue does not lower (cuteChainPlan already checked that).
GeneratedKernel cuteChainKernel(const ChainPlan& plan, const nlohmann::json& spec, const FrameworkBackend& backend);

}  // namespace kwb
