// The CuTe DSL rendering of a chain plan (chain.h) whose plan is one GEMM launch (addmm / mm / bmm, with or
// without bias) with its pointwise run fused as the epilogue: cutedsl_chain_gemm.py.tmpl. The epilogue lowers
// through the one pointwise lowering (pointwise.h) in the CuTe DSL dialect (cutedialect.h). The output is checked
// statically (cute_check.py against cute_api.json); no CuTe DSL kernel has ever been run here.
#pragma once

#include "core/codegen/backend.h"
#include "core/codegen/chain.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace kwb {

/// The chain plan of @p spec when the CuTe DSL renders it: exactly one launch, a GEMM with at most one fused
/// epilogue, whose forward() body calls no stage besides kwb_gemm (and the chain's kwb_to_fp32 / kwb_as_dtype /
/// kwb_size plumbing), and whose epilogue lowers in the CuTe DSL dialect. nullopt with *whyNot empty when the
/// chain planner does not plan @p spec; nullopt with *whyNot (one sentence naming the plan's launches and that
/// --framework triton renders it) when it plans it in a form not rendered here.
std::optional<ChainPlan> cuteChainPlan(const nlohmann::json& spec, QString* whyNot);

/// Renders @p plan (from cuteChainPlan) as kernel.py. ok=false with `error` when the template is missing, a
/// placeholder stays, or the epilogue does not lower (cuteChainPlan already checked that).
GeneratedKernel cuteChainKernel(const ChainPlan& plan, const nlohmann::json& spec, const FrameworkBackend& backend);

}  // namespace kwb
