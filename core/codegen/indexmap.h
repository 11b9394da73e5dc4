// Index maps read in the consumer's loads (issue 14, docs/CODEGEN.md "Chains"): a value whose element i is its
// source's element f(i), per dim (F.pad in any mode, torch.flip), need not be written out. The pointwise launch that
// reads it loads the source at f(i) instead (out[i] = x[f(i)]), so a pad and the run after it are one launch.
#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace kwb {

/// One pad or flip of a tensor of rank <= 5, as an index map from the result's indices to its source's.
struct PadMap {
  QList<qint64> before, after;  ///< per dim of the source (rank entries): the padding before and after (negative: crop)
  QString mode;                 ///< "constant", "reflect", "replicate", "circular" or "flip"
  QList<bool> flipped;  ///< mode "flip": per dim (rank entries), whether index i reads the source at size - 1 - i
  QString fill = QStringLiteral("0.0");  ///< constant mode: the value outside the source (a Python float expression)
  /// The dims whose source index differs from the result's one (a nonzero pad, a flipped dim), in dim order.
  QList<int> mappedDims() const;
};

/// The pad of @p pad (F.pad's list: (before, after) pairs from the last dim backwards) of a rank-@p rank tensor.
/// Empty before / after when the list does not fit the rank (odd length, more pairs than dims).
PadMap padMapOf(const QList<qint64>& pad, int rank, const QString& mode, const QString& fill = QStringLiteral("0.0"));

/// The flip of @p dims (torch.flip's, negative allowed) of a rank-@p rank tensor: no padding, those dims reversed.
/// Empty before / after when a dim is out of range or the rank is above 5.
PadMap flipMapOf(const QList<qint64>& dims, int rank);

/// The epilogue statements (Triton, 4-space indent) that load epilogue tensor @p e -- the innermost pad's source, its
/// strides in slots s<e>0..s<e>4 -- at the source indices of the outermost padded tensor's element (i0..i4; the dims
/// in the last `rank` slots, as kwb_pointwise puts them) into `e<e>_v` (fp32). @p maps: pads in a row, the outermost
/// (the value read) first, each a pad of the next's result. @p sizeScalar: for every dim some map pads, the epilogue
/// scalar (f<k>) holding the innermost source's size there at run time; each map's own source size is that plus the
/// inner maps' pads. Reflect mirrors without repeating the edge, replicate clamps, circular wraps once, constant reads
/// its fill outside (the outermost constant map's that the index leaves), a flip reads size - 1 - i:
/// _kwb_shift_kernel's rules, composed.
QStringList padMapLoad(const QList<PadMap>& maps, const QHash<int, int>& sizeScalar, int e);

}  // namespace kwb
