// Linear recurrences written as Python loops (issue 14, session 38; docs/CODEGEN.md "A linear recurrence written as a
// Python loop"). The probe's trace unrolls `for t in range(T): h = a_t * h + b_t; outs.append(h)` into T copies of
// the step's pointwise ops and a stack of the states; the chain planner would launch each step. This finds such a
// recurrence in the op list and describes one scan stage (kwb_linrec, triton_epilogue.py) that computes the stack.
#pragma once

#include "core/codegen/opgraph.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace kwb {

/// Whether the chain planner renders a recognised recurrence as kwb_linrec when KWB_LINREC is unset in kwb's
/// environment (KWB_LINREC=1: on, 0: off, the unrolled plan). On since session 47: in one suite call on an H100 the
/// one launch took 9.8-12.9 us of GPU time where the unrolled chain took 29.2-37.3 us (a01, linrec_gated_iir_h0_cat,
/// the discounted return; a11 27.8 us against session 46's 80.7 us), the same rel_err
/// (docs/results/2026-12-07-s47-lead.md).
inline constexpr bool kLinRecDefault = true;

/// One tensor the stage reads: the forward() input or parameter @c root, read at step k (k = 0..steps-1) as
/// root.select(dim, base + sign * k) broadcast to the state's shape; dim -1: root itself, broadcast (a parameter).
struct LinRecLeaf {
  QString root;
  int dim = -1;
  qint64 base = 0;
  qint64 sign = 0;
  qint64 specLen = 0;       ///< root's size along dim at the spec (the loop's trip count follows it)
  QList<qint64> viewShape;  ///< the slice's (or root's) shape at the spec, before broadcasting to the state's
};

/// A recurrence h_k = A_k * h_(k-1) + B_k over the slices of one dim whose states a stack / cat gathers.
struct LinearRecurrence {
  QString stackOp;                 ///< the stack (or cat of unsqueezed states) whose value the stage computes
  QSet<QString> absorbed;          ///< the ops computed inside the stage: the steps, their slices, the initial state
  QList<LinRecLeaf> leaves;        ///< the step's leaves first (stepLeaves of them), then the initial state's
  int stepLeaves = 0;              ///< how many leading leaves the loop reads at each step
  QString stepExpr[2];             ///< A_k and B_k as Triton expressions of v0..v5 (the leaves' fp32 values)
  QString initExpr;                ///< the initial state, an expression of the leaves' values (at k = 0)
  qint64 steps = 0;                ///< the loop's trip count at the spec
  int dim = 0;                     ///< the stacked dim of the output (non-negative)
  QList<qint64> outShape;          ///< the output's shape at the spec
  qint64 q0 = 0, qs = 1, qi = -1;  ///< state k is stored at q0 + qs * k along dim; qi: the initial state's (-1: not)
  QString ops;                     ///< the step's op names, e.g. "mul, rsub, add" (for the description)
  int line = 0;                    ///< the user's line of the first step op
};

/// Finds every linear recurrence in @p ops (trace order) whose states one stack / cat gathers: each state a
/// pointwise function of the previous one that is affine in it (add, sub, rsub, mul / div by a value free of it,
/// neg), the step's other operands pointwise functions (sigmoid, exp, log, tanh, sqrt, rsqrt, abs, reciprocal,
/// arithmetic) of constants and of forward() inputs or parameters (@p roots), read whole (broadcast) or as one
/// select along a dim whose index moves by a constant each step; every step the same function; at least three
/// states. @p roots: forward() inputs and parameters by name (a leaf must be floating). @p external: refs
/// read from outside the op list (forward()'s outputs). A recurrence whose states or step values something else
/// reads, or any other form, is not returned (the chain plans it as before).
QList<LinearRecurrence> findLinearRecurrences(const QList<GraphOp>& ops, const QHash<QString, TensorInfo>& roots,
                                              const QSet<QString>& external);

/// The state's shape at run time for kwb_linrec's lane_spec, as a Python list: None for a dim some leaf spans at the
/// spec (its size then comes from the leaves at run time), the traced size for one no leaf spans (a constant
/// initial state's own size).
QString linRecLaneSpec(const LinearRecurrence& r);

/// The two @triton.jit functions of @p r for kwb_linrec: `<fn>(v0..v5) -> (A, B)` and `<fn>_init(v0..v5) -> h0`.
QString linRecFunctions(const LinearRecurrence& r, const QString& fn);

}  // namespace kwb
