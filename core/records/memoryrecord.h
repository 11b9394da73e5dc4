// One iteration record, memory/v<N>.json, shaped by the seed's template
// (resources/schema/v_iteration.schema.json, compiled in at :/kwb/schema/v_iteration.schema.json).
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <optional>

namespace kwb {

/// Whether @p dottedPath names a value a V0 / VN run measures: performance.*, correctness.*, quality_gate.* (the
/// seed's template). `kwb memory update` refuses these on a CPU dry run's record and logs them in
/// workbench.hand_edits on a measured one.
bool isMeasuredMemoryPath(const QString& dottedPath);

class MemoryRecord {
 public:
  /// Resource path of the template (the seed's reference/v_iteration.schema.json plus our
  /// "workbench" extension). Workspaces get a copy at reference/v_iteration.schema.json.
  static QString templateResourcePath();

  /// A new record from the template: every "<placeholder>" string and every template null becomes
  /// null, arrays become empty, placeholder-keyed maps (latency_us_by_shape, baseline_config)
  /// become {}, "$comment" keys are dropped, masked = false, version = @p version (e.g. "v0"),
  /// timestamp = now, UTC, ISO 8601 ("2026-01-01T12:00:00Z"). The version text is not checked
  /// here; validate() reports a version that is not "v<N>".
  static MemoryRecord fromTemplate(const QString& version);

  /// Reads a record from @p path: a regular file of at most 64 MiB, JSON nested at most 128 levels
  /// (core/input). Errors go to @p error with the path: unreadable or refused (its type or size), or
  /// damaged (not JSON, top level not an object), then with how to recover (git, `kwb memory create`).
  /// The record is not validated (call validate()).
  static std::optional<MemoryRecord> load(const QString& path, QString* error = nullptr);

  /// Wraps an already parsed document (no validation).
  static MemoryRecord fromJson(nlohmann::json document);

  /// Writes atomically (QSaveFile) as JSON indented by 2 with a trailing newline; creates the
  /// parent folder. Non-ASCII text is written as UTF-8. Returns false with the reason in @p error.
  bool save(const QString& path, QString* error = nullptr) const;
  /// The document as save() writes it: 2-space indented JSON plus a newline (invalid UTF-8 replaced).
  QByteArray toBytes() const;

  /// The seed's `--set 'performance.latency_us=12.5'`: @p valueText is read as JSON when it is a
  /// number, true/false, null, an array, an object or a quoted string; otherwise it is taken as
  /// a plain string ("PASS", "baseline", ...). See setJson() for the path rules.
  bool set(const QString& dottedPath, const QString& valueText, QString* error = nullptr);

  /// Sets @p value at @p dottedPath ("correctness.rel_err"). The first segment must be a key of
  /// the template (or "workbench"); missing keys below it are created as objects. Fails, naming
  /// the path, for an unknown top-level key, an empty segment, or a path that goes through a
  /// value that is not an object (e.g. "performance.latency_us.x" or into an array).
  bool setJson(const QString& dottedPath, nlohmann::json value, QString* error = nullptr);

  /// Appends @p item to the array at @p arrayPath ("references", "pitfalls_and_fixes"); a
  /// missing or null value there becomes a new array. Fails (path rules of setJson, or the value
  /// there is not an array) with the reason in @p error.
  bool append(const QString& arrayPath, nlohmann::json item, QString* error = nullptr);

  /// The value at @p dottedPath, or null when any segment is missing.
  nlohmann::json value(const QString& dottedPath) const;

  /// Problems with the record, one readable line each, empty when valid: missing required keys
  /// (every key of the seed's template, nested ones too), wrong types (numbers may be null,
  /// strings may be null), version not "v<N>", a timestamp that is not ISO 8601, and
  /// correctness.status / quality_gate.result outside PASS, FAIL, TIMEOUT_FAIL (null is allowed
  /// while a record is being filled in). The optional "workbench" object is checked when present
  /// (mode "gpu" or "cpu-dry-run").
  QStringList validate() const;

  QString version() const;  ///< "v0", or empty when missing
  bool isMasked() const;    ///< the "masked" flag; false when missing
  const nlohmann::json& json() const { return m_doc; }

 private:
  explicit MemoryRecord(nlohmann::json doc) : m_doc(std::move(doc)) {}
  nlohmann::json m_doc;
};

/// The fields of the seed's template a run never fills, left for the engineer (dotted paths): the optimization's
/// expected_impact and risks_and_rollback, profile_evidence's tool_used, evidence_summary and evidence_chain,
/// isa_metric_progress, open_directions, and the engineer's columns of pitfalls_and_fixes (root_cause, fix_applied,
/// lesson). A run rewriting a record carries them over (carryEngineerFields).
QStringList engineerMemoryFields();

/// Copies the engineer's fields (engineerMemoryFields) of @p previous, the record a run is about to replace, into
/// @p fresh, the run's new one: a text the new record leaves null, the items of an array it does not have, and every
/// pitfall whose root_cause, fix_applied or lesson the engineer filled (onto the new record's pitfall with the same
/// error_message when the case fails again, else appended; a run's own pitfalls, those three null, are not carried:
/// the new run lists its failing cases afresh). Measured values (performance, correctness, quality_gate) are never
/// carried. Returns the dotted paths carried, in engineerMemoryFields() order; empty when @p previous is not an object
/// or held nothing of the engineer's (new-user trial 17, #7: --force kept them only in a backup file).
QStringList carryEngineerFields(const nlohmann::json& previous, MemoryRecord& fresh);

/// <workspace>/memory/<version>.json, e.g. memoryPath("kernel_opt_relu", "v0").
QString memoryPath(const QString& workspace, const QString& version);

/// Every <workspace>/memory/v<N>.json that loads and is not masked, ordered by N (v2 before v10).
/// Files that fail to load are skipped with their reason appended to @p errors.
QList<MemoryRecord> loadAll(const QString& workspace, QStringList* errors = nullptr);

/// The N of "v<N>", or std::nullopt when @p version is not of that form.
std::optional<int> versionNumber(const QString& version);

}  // namespace kwb
