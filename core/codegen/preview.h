// What code generation will make of a spec, before anything is generated (`kwb analyze`): the
// fusion groups of its operator graph, the anchor that claims each, and per framework backend a
// kernel or the reason for a skeleton.
#pragma once

#include <nlohmann/json.hpp>

namespace kwb {

/// {"groups": [{"anchor", "anchor_op", "ops": [ids], "prologue": [ids], "epilogue": [ids],
///              "covered": bool, "reason"}],
///  "backends": [{"id", "label", "kernel": bool, "plan": "conv anchor" | "GEMM pattern" | ..., "reason"}]}
/// The groups are the plan's own (one source of truth): one per launch of a chain plan (`anchor` the launch's
/// kind: "gemm", "attention", "softmax", ...; `ops` its anchor op first, then every op fused into it), one for an
/// anchor's or a pattern's plan (its ops), one for the pointwise lowering. Only when no plan covers the spec are
/// they the graph's partition around non-pointwise ops (partitionFusionGroups), `covered` false.
/// `covered` says whether the plan the backends use computes that group; `reason` (when not) names
/// what is missing. Never throws; a malformed spec gives groups [] and every backend's reason.
nlohmann::json codegenPreview(const nlohmann::json& spec);

}  // namespace kwb
