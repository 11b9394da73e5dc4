// The GPU spec ledger: datasheet facts per SKU (resources/ledger/gpus.json, compiled in as
// :/kwb/ledger/gpus.json) plus measured ceilings kept apart (:/kwb/ledger/measured.json and any
// added at run time). Lookups fail loudly: never another GPU's numbers.
#pragma once

#include "core/platform/gpuspec.h"

#include <nlohmann/json_fwd.hpp>

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace kwb {

/// A ceiling someone measured (not a datasheet figure). quantity is e.g. "copy_bandwidth_tbs"
/// (unit TB/s, read+write bytes / time) or "bf16_gemm_tflops".
struct MeasuredCeiling {
  QString gpuId;     ///< ledger id, e.g. "H200-SXM"
  QString quantity;  ///< "copy_bandwidth_tbs", "bf16_gemm_tflops", ...
  double value = 0.0;
  std::optional<double> valueMax;  ///< upper end where a range was reported
  QString unit;                    ///< "TB/s", "TFLOPS"
  QString date;                    ///< when it was measured
  QString run;                     ///< the run/command that measured it
  QString note;                    ///< provenance, e.g. "measured on one such machine, per GPU.md"
  QString label = QStringLiteral("measured");
  bool addedAtRuntime = false;  ///< true for addMeasured() entries (a run's own measurement)

  /// "4.24 TB/s measured (2026-11; <run>) — <note>".
  QString describe() const;
};

/// Two or more sources disagreeing on one quantity of one GPU.
struct Conflict {
  QString gpuId;
  QString field;               ///< "memory_bandwidth_tbs", "dense.fp64", "sparse.bf16", ...
  QList<SourcedValue> values;  ///< values[0] is the one the ledger uses
  /// "H100-SXM dense.fp64: 34 TFLOPS (title) vs 33.5 TFLOPS (title); using 34".
  QString describe() const;
};

class SpecLedger {
 public:
  struct LookupResult {
    const GpuSpec* gpu = nullptr;  ///< points into the ledger that answered; valid while it lives
    QString error;                 ///< set when gpu is null: unknown or ambiguous name
    QStringList candidates;        ///< an ambiguous name: the ids it could be (ledger order), else empty
    bool ok() const { return gpu != nullptr; }
  };

  /// The compiled-in ledger (gpus.json + measured.json), loaded once. If the resources fail to
  /// load, the ledger is empty and loadError() says why; every lookup then reports that error.
  static const SpecLedger& builtin();

  /// Builds a ledger from a gpus.json document (schema kwb-gpu-ledger-1). On a malformed
  /// document returns an empty ledger and sets *error (if given) to what is wrong and where.
  static SpecLedger fromJson(const nlohmann::json& gpus, QString* error);

  /// Adds the ceilings of a measured.json document (schema kwb-measured-1). Entries for GPU ids
  /// not in this ledger are an error. Returns false and sets *error on a malformed document.
  bool loadMeasured(const nlohmann::json& measured, QString* error);

  /// Resolves a user/driver-supplied name: exact match on id or alias after normalising case,
  /// whitespace, '-' and '_' ("nvidia-h200" == "NVIDIA H200"). An ambiguous name ("H100") gives
  /// an error listing the candidate ids; an unknown one an error listing known ids and aliases.
  LookupResult lookup(const QString& name) const;

  /// The GPU with exactly this id, or nullptr.
  const GpuSpec* byId(const QString& id) const;
  /// All GPU ids in ledger order.
  QStringList knownIds() const;
  /// Every accepted name (ids and aliases), for error messages and completion.
  QStringList knownNames() const;
  /// All GPUs, in ledger order.
  const std::vector<GpuSpec>& gpus() const { return m_gpus; }

  /// Measured ceilings for a GPU id (builtin ones first, then run-time additions).
  QList<MeasuredCeiling> measured(const QString& gpuId) const;
  /// The ceiling to compare against for (gpuId, quantity): the latest run-time addition if
  /// any, else the highest built-in value (the best anyone achieved). nullopt if none.
  std::optional<MeasuredCeiling> bestMeasured(const QString& gpuId, const QString& quantity) const;
  /// Adds a ceiling measured at run time (e.g. a run's own copy-bandwidth probe). It is kept
  /// apart from the datasheet values and marked addedAtRuntime.
  void addMeasured(MeasuredCeiling ceiling);

  /// Every quantity on which the ledger's sources disagree.
  QList<Conflict> conflicts() const;

  /// Non-empty when the builtin resources could not be read or parsed.
  QString loadError() const { return m_loadError; }

 private:
  std::vector<GpuSpec> m_gpus;
  QList<QPair<QString, QStringList>> m_ambiguous;  ///< normalised alias -> candidate ids
  QList<MeasuredCeiling> m_measured;
  QString m_loadError;
};

/// Lower-cases, maps '-' and '_' to spaces and collapses whitespace: the form lookups compare.
QString normalizeGpuName(const QString& name);

}  // namespace kwb
