#include "plugins/gpuwiki/gpuwikistore.h"

#include "core/input/boundedinput.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMap>
#include <QMutex>

#include <algorithm>

namespace kwb {

namespace {

const char* const kHwSchema = "hw-1.0";
const char* const kExpSchema = "clean-1.3";

QString s(const nlohmann::json& j, const char* key) {
  if (!j.is_object()) return {};
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

QStringList strings(const nlohmann::json& j) {
  QStringList out;
  if (j.is_array())
    for (const auto& v : j)
      if (v.is_string()) out << QString::fromStdString(v.get<std::string>());
  return out;
}

// Sorted record files below `dir` (recursive), excluding the store's own index.json.
QStringList recordFiles(const QString& dir) {
  QStringList files;
  QDirIterator it(dir, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString f = it.next();
    if (QFileInfo(f).fileName() == QLatin1String("index.json") &&
        QFileInfo(f).absolutePath() == QDir(dir).absolutePath())
      continue;
    files << f;
  }
  files.sort();
  return files;
}

// Reads one JSON file; a problem is recorded and null returned on failure.
nlohmann::json readJson(const QString& path, const QString& rel, QList<StoreProblem>* problems) {
  QString why;
  const std::optional<QByteArray> bytes = readBoundedFile(path, limits::kDataFile.maxBytes, &why);
  if (!bytes) {
    problems->append({rel, QStringLiteral("cannot read: %1").arg(why)});
    return nullptr;
  }
  std::optional<nlohmann::json> parsed = parseBoundedJson(*bytes, limits::kDataFile, &why);
  if (!parsed) {
    problems->append({rel, why});
    return nullptr;
  }
  nlohmann::json j = std::move(*parsed);
  if (!j.is_object()) {
    problems->append({rel, QStringLiteral("the top level is not a JSON object")});
    return nullptr;
  }
  return j;
}

// The record's schema field for messages: the string itself, other JSON as written, "none" if absent.
QString schemaText(const nlohmann::json& j) {
  if (!j.contains("schema")) return QStringLiteral("none");
  return j["schema"].is_string() ? QString::fromStdString(j["schema"].get<std::string>())
                                 : QString::fromStdString(j["schema"].dump());
}

// The first missing or mistyped required string among dotted paths, or "".
QString missingString(const nlohmann::json& j, std::initializer_list<const char*> paths) {
  for (const char* p : paths) {
    const nlohmann::json* cur = &j;
    bool ok = true;
    for (const QString& seg : QString::fromLatin1(p).split(u'.')) {
      if (!cur->is_object() || !cur->contains(seg.toStdString())) {
        ok = false;
        break;
      }
      cur = &(*cur)[seg.toStdString()];
    }
    if (!ok) return QStringLiteral("missing field %1").arg(QLatin1String(p));
    if (!cur->is_string() || cur->get<std::string>().empty())
      return QStringLiteral("field %1 is not a non-empty string").arg(QLatin1String(p));
  }
  return {};
}

struct ArchAlias {
  const char* key;  // normalised spelling (lower case, no ' ', '-', '_')
  const char* arch;
};
// Architecture names and ISA codes as the store's vocabulary (schema/kernel/schema.json enums).
constexpr ArchAlias kArchAliases[] = {
    {"ampere", "ampere"},
    {"sm80", "ampere"},
    {"sm86", "ampere"},
    {"sm87", "ampere"},
    {"hopper", "hopper"},
    {"sm90", "hopper"},
    {"sm90a", "hopper"},
    {"blackwell", "blackwell"},
    {"sm100", "blackwell"},
    {"sm100a", "blackwell"},
    {"blackwellultra", "blackwell-ultra"},
    {"sm103", "blackwell-ultra"},
    {"sm103a", "blackwell-ultra"},
    {"blackwellgeforce", "blackwell-geforce"},
    {"sm120", "blackwell-geforce"},
    {"sm120a", "blackwell-geforce"},
    {"cdna3", "cdna3"},
    {"gfx942", "cdna3"},
    {"cdna4", "cdna4"},
    {"gfx950", "cdna4"},
    {"rdna4", "rdna4"},
    {"gfx1200", "rdna4"},
    {"gfx1201", "rdna4"},
    {"generic", "generic"},
};

// Products of the gpu-wiki identity table (schema/hardware/README.md) and their architectures.
struct ProductArch {
  const char* product;
  const char* arch;
};
constexpr ProductArch kProductArch[] = {
    {"a100", "ampere"},
    {"a800", "ampere"},
    {"a30", "ampere"},
    {"a10", "ampere"},
    {"h100", "hopper"},
    {"h200", "hopper"},
    {"h800", "hopper"},
    {"h20", "hopper"},
    {"gh200", "hopper"},
    {"b100", "blackwell"},
    {"b200", "blackwell"},
    {"gb200", "blackwell"},
    {"b300", "blackwell-ultra"},
    {"gb300", "blackwell-ultra"},
    {"sm120", "blackwell-geforce"},
    {"rtx5090", "blackwell-geforce"},
    {"rtx5080", "blackwell-geforce"},
    {"mi300x", "cdna3"},
    {"mi308x", "cdna3"},
    {"mi300a", "cdna3"},
    {"mi355x", "cdna4"},
    {"mi350x", "cdna4"},
};

QString squash(QString v) {
  v = v.trimmed().toLower();
  v.remove(u' ');
  v.remove(u'-');
  v.remove(u'_');
  return v;
}

}  // namespace

QString wikiArch(const QString& spelling) {
  const QString key = squash(spelling);
  for (const ArchAlias& a : kArchAliases)
    if (key == QLatin1String(a.key)) return QString::fromLatin1(a.arch);
  return {};
}

QString wikiVendorOfArch(const QString& arch) {
  if (arch == QLatin1String("ampere") || arch == QLatin1String("hopper") || arch.startsWith(QLatin1String("blackwell")))
    return QStringLiteral("nvidia");
  if (arch.startsWith(QLatin1String("cdna")) || arch.startsWith(QLatin1String("rdna"))) return QStringLiteral("amd");
  return {};
}

QString wikiProduct(const QString& spelling) {
  QString v = spelling.trimmed().toLower();
  v.replace(u'-', u' ');
  v.replace(u'_', u' ');
  QStringList words = v.split(u' ', Qt::SkipEmptyParts);
  words.removeIf([](const QString& w) {
    return w == QLatin1String("nvidia") || w == QLatin1String("amd") || w == QLatin1String("instinct") ||
           w == QLatin1String("gpu") || w == QLatin1String("accelerator");
  });
  return words.join(QString());
}

QString wikiArchOfProduct(const QString& product) {
  for (const ProductArch& p : kProductArch)
    if (product == QLatin1String(p.product)) return QString::fromLatin1(p.arch);
  return {};
}

QString GpuWikiStore::defaultRoot() {
  const QString explicitRoot = qEnvironmentVariable("KWB_GPU_WIKI");
  if (!explicitRoot.isEmpty()) return explicitRoot;
  const QString shared = qEnvironmentVariable("KWB_SHARED_DIR");
  return shared.isEmpty() ? QString() : shared + QStringLiteral("/data/gpu-wiki");
}

std::shared_ptr<const GpuWikiStore> GpuWikiStore::load(const QString& root, QString* error) {
  const QDir dir(root);
  const bool hw = dir.exists(QStringLiteral("hardware_wiki/records"));
  const bool exp = dir.exists(QStringLiteral("kernel_wiki/records"));
  if (root.isEmpty() || (!hw && !exp)) {
    if (error)
      *error = root.isEmpty()
                   ? QStringLiteral("no gpu-wiki store: pass \"store\" or set KWB_GPU_WIKI (or KWB_SHARED_DIR)")
                   : QStringLiteral("%1 is not a gpu-wiki store (no hardware_wiki/records or kernel_wiki/records)")
                         .arg(root);
    return nullptr;
  }
  auto store = std::make_shared<GpuWikiStore>();
  store->m_root = dir.absolutePath();
  if (hw) store->loadHardware();
  if (exp) store->loadExperience();
  return store;
}

std::shared_ptr<const GpuWikiStore> GpuWikiStore::cached(const QString& root, QString* error) {
  static QMutex mutex;
  static QHash<QString, std::shared_ptr<const GpuWikiStore>> stores;
  const QString key = QFileInfo(root).canonicalFilePath().isEmpty() ? root : QFileInfo(root).canonicalFilePath();
  const QMutexLocker lock(&mutex);
  if (auto it = stores.constFind(key); it != stores.constEnd()) return *it;
  std::shared_ptr<const GpuWikiStore> s = load(root, error);
  if (s) stores.insert(key, s);
  return s;
}

void GpuWikiStore::loadHardware() {
  const QDir rootDir(m_root);
  QHash<QString, QString> seen;
  for (const QString& path : recordFiles(m_root + QStringLiteral("/hardware_wiki/records"))) {
    const QString rel = rootDir.relativeFilePath(path);
    nlohmann::json j = readJson(path, rel, &m_problems);
    if (j.is_null()) continue;
    if (s(j, "schema") != QLatin1String(kHwSchema)) {
      m_problems.append(
          {rel,
           QStringLiteral("unknown schema version '%1' (expected %2)").arg(schemaText(j), QLatin1String(kHwSchema))});
      continue;
    }
    if (const QString why = missingString(j, {"id", "type", "identity.vendor", "identity.arch"}); !why.isEmpty()) {
      m_problems.append({rel, why});
      continue;
    }
    if (!j.contains("facts") || !j["facts"].is_object()) {
      m_problems.append({rel, QStringLiteral("missing field facts (an object)")});
      continue;
    }
    const auto prov = j.find("provenance");
    if (prov == j.end() || !prov->is_object() || !prov->contains("sources") || !(*prov)["sources"].is_array() ||
        (*prov)["sources"].empty()) {
      m_problems.append(
          {rel, QStringLiteral("missing field provenance.sources (a non-empty array): a fact needs its source")});
      continue;
    }
    HardwareFact f;
    f.id = s(j, "id");
    if (seen.contains(f.id)) {
      m_problems.append({rel, QStringLiteral("duplicate id %1 (first in %2)").arg(f.id, seen.value(f.id))});
      continue;
    }
    seen.insert(f.id, rel);
    const nlohmann::json& idn = j["identity"];
    f.type = s(j, "type");
    f.status = s(j, "status");
    f.vendor = s(idn, "vendor");
    f.arch = s(idn, "arch");
    f.product = s(idn, "product");
    f.mnemonic = s(idn, "mnemonic");
    f.feature = s(idn, "feature");
    f.relPath = rel;
    f.doc = std::move(j);
    m_hw.push_back(std::move(f));
  }
}

void GpuWikiStore::loadExperience() {
  const QDir rootDir(m_root);
  QHash<QString, QString> seen;
  m_exp.reserve(900);
  for (const QString& path : recordFiles(m_root + QStringLiteral("/kernel_wiki/records"))) {
    const QString rel = rootDir.relativeFilePath(path);
    nlohmann::json j = readJson(path, rel, &m_problems);
    if (j.is_null()) continue;
    if (s(j, "schema") != QLatin1String(kExpSchema)) {
      m_problems.append(
          {rel,
           QStringLiteral("unknown schema version '%1' (expected %2)").arg(schemaText(j), QLatin1String(kExpSchema))});
      continue;
    }
    if (const QString why =
            missingString(j, {"id", "type", "retrieval.scope.vendor", "retrieval.scope.arch", "retrieval.scope.dsl"});
        !why.isEmpty()) {
      m_problems.append({rel, why});
      continue;
    }
    if (!j.contains("payload") || !j["payload"].is_object()) {
      m_problems.append({rel, QStringLiteral("missing field payload (an object)")});
      continue;
    }
    ExperienceRecord r;
    r.id = s(j, "id");
    if (seen.contains(r.id)) {
      m_problems.append({rel, QStringLiteral("duplicate id %1 (first in %2)").arg(r.id, seen.value(r.id))});
      continue;
    }
    seen.insert(r.id, rel);
    const nlohmann::json& ret = j["retrieval"];
    r.scope = ret["scope"];
    r.type = s(j, "type");
    r.level = s(j, "level");
    r.status = s(j, "status");
    r.vendor = s(r.scope, "vendor");
    r.arch = s(r.scope, "arch");
    r.product = s(r.scope, "product");
    r.dsl = s(r.scope, "dsl");
    r.operatorFamily = s(r.scope, "operator_family");
    r.architectures = strings(r.scope.value("architectures", nlohmann::json()));
    r.operators = strings(r.scope.value("operators", nlohmann::json()));
    r.payload = std::move(j["payload"]);
    r.title = s(r.payload, "title");
    if (r.title.isEmpty()) r.title = s(r.payload, "technique");
    if (r.title.isEmpty()) r.title = s(r.payload, "goal");
    if (j.contains("worth") && j["worth"].is_object()) {
      const nlohmann::json& w = j["worth"];
      if (w.contains("rank") && w["rank"].is_object() && w["rank"].contains("score") && w["rank"]["score"].is_number())
        r.worth = w["rank"]["score"].get<double>();
    }
    if (j.contains("evidence") && j["evidence"].is_object() && j["evidence"].contains("raw"))
      r.pagePath = s(j["evidence"]["raw"], "page_path");
    QStringList text{r.id, r.title, s(r.payload, "goal")};
    text += strings(ret.value("technique_tags", nlohmann::json()));
    text += strings(ret.value("triggers", nlohmann::json()));
    text += r.operators;
    r.searchText = text.join(u' ').toLower();
    r.relPath = rel;
    m_exp.push_back(std::move(r));
  }
}

}  // namespace kwb
