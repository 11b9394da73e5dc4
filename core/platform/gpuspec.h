// One GPU SKU's datasheet facts, each with the source it came from.
// Loaded from resources/ledger/gpus.json by SpecLedger; never filled in by hand in code.
#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace kwb {

/// Where a number comes from: a document title, its URL (or file: path) and a date
/// ("published 2022", "accessed 2026-11-29"). `note` says how the figure was read or cross-checked.
struct Citation {
  QString title;
  QString url;
  QString date;
  QString note;

  /// True when title, url and date are all non-empty (what an auditable citation needs).
  bool isComplete() const { return !title.isEmpty() && !url.isEmpty() && !date.isEmpty(); }
  /// "title (date) <url>" for reports.
  QString toText() const;
};

/// One source's figure for a quantity that another source states differently.
struct SourcedValue {
  double value = 0.0;
  QString unit;
  Citation source;
  QString note;
};

/// A published figure: the value used, its unit, its source, and any disagreeing figures
/// from other sources (`conflicts`, never silently dropped).
struct SpecValue {
  double value = 0.0;
  QString unit;  ///< "TFLOPS", "TOPS" (int8), "TB/s", "bytes", "GB", "MHz", "SM", "CU"
  Citation source;
  QString note;  ///< how the figure was derived, e.g. "dense = published 1,979 'with sparsity' / 2"
  QList<SourcedValue> conflicts;

  bool hasConflict() const { return !conflicts.isEmpty(); }
  /// "989.4 TFLOPS — <citation>[; note]" for reports.
  QString describe() const;
};

/// A text fact (architecture name, ISA code) with its source.
struct SpecText {
  QString value;
  Citation source;
};

/// The dtype keys the ledger uses for peaks: fp64, fp64_tensor, fp32 (non-tensor), tf32, bf16,
/// fp16, fp8, int8. normalizeDtype() maps common spellings ("bfloat16", "float32", "half",
/// "float8_e4m3fn", "torch.bfloat16", ...) to these; an unknown spelling returns an empty string.
QString normalizeDtype(const QString& dtype);
/// All ledger dtype keys, in display order.
QStringList ledgerDtypes();

/// One GPU SKU. Optional fields are empty where no consulted source publishes the value;
/// `missingNotes` (keyed "sm_count", "dense.bf16", ...) then says why.
struct GpuSpec {
  QString id;                        ///< stable id, e.g. "H200-SXM"
  QString displayName;               ///< e.g. "NVIDIA H200 SXM 141GB"
  QString vendor;                    ///< "NVIDIA" | "AMD"
  QStringList aliases;               ///< exact names accepted by SpecLedger::lookup (besides the id)
  SpecText arch;                     ///< "Hopper" | "CDNA3" | "CDNA4"
  std::optional<SpecText> archCode;  ///< "sm_90" | "gfx942" | "gfx950"

  std::optional<SpecValue> sms;         ///< SM (NVIDIA) or CU (AMD) count
  std::optional<SpecValue> l2;          ///< L2 bytes
  std::optional<SpecValue> hbm;         ///< HBM capacity, GB (decimal, as published)
  std::optional<SpecValue> bandwidth;   ///< peak memory bandwidth, TB/s (10^12 bytes/s)
  std::optional<SpecValue> boostClock;  ///< MHz, the clock the published peaks assume
  QMap<QString, SpecValue> dense;       ///< dtype key -> DENSE peak (TFLOPS, or TOPS for int8)
  QMap<QString, SpecValue> sparse;      ///< dtype key -> 2:4 structured-sparsity peak
  QMap<QString, QString> missingNotes;  ///< field -> why it is unpublished

  /// Dense peak for `dtype` (any spelling normalizeDtype accepts) in TFLOPS (TOPS for int8).
  /// bf16/fp16/fp8/tf32/int8 are the tensor-core (matrix) figures; fp32 and fp64 are the plain
  /// (CUDA core / vector) figures; fp64_tensor is the FP64 matrix figure. nullopt if unpublished.
  std::optional<SpecValue> densePeakTflops(const QString& dtype) const;
  /// Sparse (2:4 structured sparsity) peak for `dtype`, nullopt where none is published.
  std::optional<SpecValue> sparsePeakTflops(const QString& dtype) const;
  /// Datasheet memory bandwidth in TB/s, nullopt if unpublished.
  std::optional<SpecValue> memoryBandwidthTBs() const { return bandwidth; }
  /// SM (NVIDIA) / CU (AMD) count, nullopt if unpublished.
  std::optional<SpecValue> smCount() const { return sms; }
  /// L2 cache in bytes, nullopt if unpublished.
  std::optional<SpecValue> l2Bytes() const { return l2; }
  /// Why `field` ("sm_count", "memory_bandwidth_tbs", "dense.bf16", ...) has no value; empty if
  /// it has one or nothing was noted.
  QString missingNote(const QString& field) const { return missingNotes.value(field); }
  /// "SM" for NVIDIA, "CU" for AMD: the name of the unit smCount() counts.
  QString smUnitName() const;
};

}  // namespace kwb
