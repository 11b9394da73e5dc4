#pragma once
// Indexed writes and integer scans in the chain planner (session 38; docs/CODEGEN.md "Indexed writes and integer
// scans"): torch.scatter_reduce (and scatter with reduce=), masked_scatter and a cumsum of integers or bools, each
// one line calling its stage in resources/templates/kernels/triton_indexed.py; bucketize / searchsorted refused
// with why. Kept out of chain.cpp, which calls indexedStage() for the ops isIndexedStageOp() names.
#include "core/codegen/opgraph.h"

#include <QString>

#include <functional>

namespace kwb {

/// One chain line for an indexed write or an integer scan, or why the op has none.
struct IndexedStage {
  QString head;  ///< the stage call without its closing parenthesis ("kwb_masked_scatter(x, m, t4"), as Line::head
  QString kind;  ///< the launch kind: "gather" (writes through indices) or "scan"
  QString desc;  ///< the launch's description ("scatter_reduce (amax) into [256, 128] along dim 0 ...")
  QString why;   ///< non-empty: the op has no stage; one line naming the op and why
};

/// Whether @p op is one indexedStage() plans or refuses: scatter_reduce, scatter with a reduce= argument,
/// masked_scatter, a cumsum whose result is int64 (of an integer or bool tensor), bucketize / searchsorted.
bool isIndexedStageOp(const GraphOp& op);

/// The stage line for @p op (isIndexedStageOp() true). @p in maps an operand ref to its chain expression (only
/// called for refs that are present); @p where names the op for a reason ("t7 (scatter_reduce, line 20)").
IndexedStage indexedStage(const GraphOp& op, const std::function<QString(const QString&)>& in, const QString& where);

}  // namespace kwb
