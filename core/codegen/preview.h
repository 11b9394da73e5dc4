// What code generation will make of a spec, before anything is generated (`kwb analyze`): the
// fusion groups of its operator graph, the anchor that claims each, and per framework backend a
// kernel or the reason for a skeleton.
#pragma once

#include <nlohmann/json.hpp>

namespace kwb {

/// {"groups": [{"anchor", "anchor_op", "ops": [ids], "prologue": [ids], "epilogue": [ids],
///              "covered": bool, "reason"}],
///  "backends": [{"id", "label", "kernel": bool, "plan": "conv anchor" | "GEMM pattern" | ..., "reason"}]}
/// `covered` says whether the plan the backends use computes that group; `reason` (when not) names
/// what is missing. Never throws; a malformed spec gives groups [] and every backend's reason.
nlohmann::json codegenPreview(const nlohmann::json& spec);

}  // namespace kwb
