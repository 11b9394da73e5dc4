#pragma once
// A gpu-wiki store read from disk (the record format of alibaba/atrex-kernel-agent's gpu-wiki/;
// ../shared/data/gpu-wiki is a real one): hardware facts (hardware_wiki/records, schema hw-1.0)
// and kernel-experience records (kernel_wiki/records, schema clean-1.3). Every record file is read
// (the store's own index.json is not trusted for content); a malformed one (bad JSON, missing
// field, unknown schema version, duplicate id) is listed with its file and reason and skipped.

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

namespace kwb {

struct StoreProblem {
  QString file;  ///< path relative to the store root
  QString reason;
};

/// One hw-1.0 record (spec-sheet, instruction, arch-feature).
struct HardwareFact {
  QString id;    ///< exactly as in the file
  QString type;  ///< "spec-sheet" | "instruction" | "arch-feature"
  QString status;
  QString vendor, arch;
  QString product;   ///< "" when null (an architecture-level record)
  QString mnemonic;  ///< instruction records
  QString feature;   ///< arch-feature records
  QString relPath;   ///< relative to the store root
  nlohmann::json doc;
};

/// One clean-1.3 record (technique-card, anti-strategy, doc, symptom-card, ...).
struct ExperienceRecord {
  QString id;  ///< exactly as in the file
  QString type, level, status;
  nlohmann::json scope;                                ///< retrieval.scope exactly as in the file
  QString vendor, arch, product, dsl, operatorFamily;  ///< from scope; product/operatorFamily "" when null
  QStringList architectures, operators;
  QString title;
  double worth = 0.0;  ///< worth.rank.score (0..1)
  QString pagePath;    ///< evidence.raw.page_path
  QString relPath;     ///< relative to the store root
  QString searchText;  ///< lower-case text for term matching (id, title, tags, triggers, goal)
  nlohmann::json payload;
};

class GpuWikiStore {
 public:
  /// Loads the store at `root` (a folder holding hardware_wiki/ and/or kernel_wiki/). Returns
  /// nullptr with *error when the folder has neither. Per-record problems go to problems().
  static std::shared_ptr<const GpuWikiStore> load(const QString& root, QString* error);
  /// The store for `root`, loaded once per process and shared (thread-safe).
  static std::shared_ptr<const GpuWikiStore> cached(const QString& root, QString* error);
  /// The default store: $KWB_GPU_WIKI, else $KWB_SHARED_DIR/data/gpu-wiki. "" when neither is set.
  static QString defaultRoot();

  QString root() const { return m_root; }
  const std::vector<HardwareFact>& hardware() const { return m_hw; }
  const std::vector<ExperienceRecord>& experience() const { return m_exp; }
  const QList<StoreProblem>& problems() const { return m_problems; }

 private:
  void loadHardware();
  void loadExperience();

  QString m_root;
  std::vector<HardwareFact> m_hw;
  std::vector<ExperienceRecord> m_exp;
  QList<StoreProblem> m_problems;
};

/// The store's architecture vocabulary for a user spelling: "Hopper", "sm_90", "sm90a" → "hopper";
/// "gfx942" → "cdna3"; "gfx950" → "cdna4"; "sm_100" → "blackwell"; ... "" when unknown.
QString wikiArch(const QString& spelling);
/// The vendor of a store architecture ("nvidia" | "amd"), "" for "generic"/unknown.
QString wikiVendorOfArch(const QString& arch);
/// A product spelling in the store's form: lower case, vendor words ("nvidia", "amd", "instinct")
/// and "gpu"/"accelerator" dropped, spaces/'-'/'_' removed ("AMD Instinct MI-300X" → "mi300x",
/// "H200-SXM" → "h200sxm"). Never maps one identity to another.
QString wikiProduct(const QString& spelling);
/// The architecture of a product the gpu-wiki identity table knows ("h200" → "hopper"), "" if unknown.
QString wikiArchOfProduct(const QString& product);

}  // namespace kwb
