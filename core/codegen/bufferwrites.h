// Buffers that forward() allocates and then fills through in-place writes (out = x.new_empty(B, n + m);
// out[:, :n] = a; out[:, n:] = b): which writes they are, and whether an uninitialised (torch.empty) element is read
// before anything wrote it.
#pragma once

#include "core/codegen/opgraph.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>

namespace kwb {

/// Whether op name @p n (GraphOp::name) allocates without initialising: torch.empty, torch.empty_like,
/// Tensor.new_empty.
bool isEmptyFactory(const QString& n);

/// Whether op name @p n allocates a buffer forward() may write into: the empty factories and the constant ones
/// (zeros / ones / full, their _like forms, Tensor.new_zeros / new_ones / new_full).
bool isBufferFactory(const QString& n);

/// The trace at the probe's resized sizes (resources/python/probe_resize.py): an op's output shape there and its
/// non-tensor arguments there (nullopt / the spec's arguments when the check did not record them).
struct ResizedTrace {
  std::function<std::optional<QList<qint64>>(const QString& opId)> shape;
  std::function<nlohmann::json(const GraphOp& op)> args;
};

/// What findBufferWrites found.
struct BufferWrites {
  /// copy_ / fill_ / zero_ op id -> the id of the buffer factory it writes into, through a chain of detach, slice and
  /// select views of it (a write the chain planner renders as kwb_copy_into on the same views).
  QHash<QString, QString> buffer;
  /// Empty factory op ids that a write in `buffer` writes into.
  QStringList written;
  /// "" when every element of every empty buffer is written before it is read; else why not, in the user's words
  /// (the read, the buffer, the region, the sizes at which it is uncovered).
  QString why;
};

/// Scans @p ops (trace order, as decoded: in-place writes not renamed) for writes into buffers that forward()
/// allocates, and checks every read of an empty buffer (an op operand viewing it, a forward() result in
/// @p outRefs) against the elements written before it: boxes over the buffer's dims, from the slice and select
/// views that write (a strided slice writes, but counts as covering nothing) and the views that read (any view
/// chain, a conservative box). Checked at the spec's sizes and, when @p resized is given and records the ops, at
/// the resized ones (the harness resizes dims). Reads whose covering needs more than 2^20 compressed cells count as
/// uncovered. Never throws.
BufferWrites findBufferWrites(const QList<GraphOp>& ops, const QStringList& outRefs, const ResizedTrace* resized);

/// Why an in-place pointwise op (relu_, mul_, add_ ...) that writes through a view (a slice, select, reshape ...)
/// of another tensor cannot plan: the chain planner computes such an op out of place under its own id, so a later
/// read of the viewed tensor or of another view of it (y after y[:, :2].relu_(), @p outRefs included) would miss the
/// write. "" when no op of @p ops does that; @p skip: op ids planned otherwise (BufferWrites::buffer). Never throws.
QString lostViewWrite(const QList<GraphOp>& ops, const QStringList& outRefs, const QHash<QString, QString>& skip);

/// What functionalizeViewWrites did.
struct ViewWrites {
  /// A forward() input written through a view -> the ref of its value after its last write (its write-back).
  QHash<QString, QString> finalOf;
  /// A new op's id -> the traced ref whose shape and arguments at the resized sizes it has.
  QHash<QString, QString> origin;
  /// How many writes through a view were rewritten.
  int rewritten = 0;
};

/// Rewrites every in-place write through a chain of slice / select views of a tensor that forward() did not
/// allocate as a buffer (an input, an intermediate; `x[:, 0] = 0`, `x[..., -1] *= 2`, `h[:, :16].clamp_(min=0)`,
/// `out[..., ::2] = relu(...)`) into out-of-place form, as torch's functionalization does: the written tensor's
/// current value V is copied into a fresh buffer E (empty_like(V), copy_(E, V)); an in-place pointwise op computes
/// its value out of place from V's view (id + "_kf"), and a copy_ / fill_ into the same view chain of E (the
/// traced op's id) writes it. Every later read of the tensor, of any view of it (one taken before the write is
/// re-taken on E) and of the write's own result reads E, so each version is written only while it is made and
/// every reader sees the value eager PyTorch gives it. A buffer write (findBufferWrites) then plans each E.
/// Writes into a model parameter or buffer (mutatesState), into a tensor forward() allocated
/// (isBufferFactory), or through another kind of view (reshape, transpose, ...) are left as they are (lostViewWrite
/// names the latter). @p ops: trace order, as decoded (rewritten in place); @p outRefs: forward()'s results, mapped
/// to their final values; @p inputs: forward()'s tensor inputs (their shapes and dtypes). 16-bit float versions are
/// kept in float32 (the chain's intermediates). Never throws.
ViewWrites functionalizeViewWrites(QList<GraphOp>* ops, QStringList* outRefs, const QList<TensorInfo>& inputs);

}  // namespace kwb
