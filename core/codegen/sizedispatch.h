// A forward() that branches on sizes (`if x.shape[-1] % 64 == 0:`): one plan per outcome of its size tests, and a
// run-time dispatch on those tests in ModelNew.forward, like a dynamo guard (DECISIONS.md "A size branch gets a plan
// per outcome"). The probe (resources/python/probe_branch.py) writes spec["size_dispatch"]: the tests (expressions
// over forward()'s arguments), the outcome traced at get_inputs()'s sizes, and a whole spec per other outcome that
// the harness's derived case sizes reach.
#pragma once

#include <functional>

#include <nlohmann/json.hpp>

#include "core/codegen/backend.h"

namespace kwb {

/// Whether @p spec carries the probe's size_dispatch (a size test in forward() that is a guard).
bool hasSizeDispatch(const nlohmann::json& spec);

/// kernel.py for a spec with size_dispatch: @p generate (a backend's own generation, called with specs that carry
/// no size_dispatch) renders the traced spec and each plan's spec; the result is the traced kernel whose ModelNew
/// holds every plan's forward (as _kwb_forward_pN) and a forward that evaluates the tests on its arguments and
/// calls the plan of that outcome, raising a RuntimeError that names the outcome and the shapes where no plan was
/// traced (never a silent wrong answer). Module-level definitions a plan shares with the traced kernel are written
/// once; one that differs is renamed with the plan's suffix (_pN) in that plan's code. A plan that renders no
/// kernel, or whose ModelNew.__init__ differs from the traced one's, is left out: its outcome raises, and the
/// baseline configuration's "size dispatch" item says why. Where the traced spec renders no kernel (a skeleton),
/// that result is returned unchanged.
GeneratedKernel generateSizeDispatched(const nlohmann::json& spec,
                                       const std::function<GeneratedKernel(const nlohmann::json&)>& generate);

}  // namespace kwb
