#include "plugins/gpuwiki/gpuwikitools.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>

#include "plugins/gpuwiki/gpuwikistore.h"

namespace kwb {

namespace {

QString str(const nlohmann::json& j, const char* key) {
  if (!j.is_object()) return {};
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

QString valueText(const nlohmann::json& v) {
  if (v.is_string()) return QString::fromStdString(v.get<std::string>());
  if (v.is_number_float()) return QString::number(v.get<double>(), 'g', 10);
  return QString::fromStdString(v.dump());
}

QString clip(const QString& s, int n) { return s.size() > n ? s.left(n) + QStringLiteral("…") : s; }

// ------------------------------------------------------------------------------- hardware
QString hwSource(const HardwareFact& f) {
  QStringList parts;
  const nlohmann::json& prov = f.doc["provenance"];
  for (const auto& src : prov["sources"]) {
    QStringList bits;
    for (const char* k : {"kind", "ref", "url", "date"})
      if (!str(src, k).isEmpty()) bits << str(src, k);
    parts << QStringLiteral("%1 (%2)").arg(str(src, "title"), bits.join(QStringLiteral("; ")));
  }
  return QStringLiteral("gpu-wiki %1: %2; evidence class %3")
      .arg(f.relPath, parts.join(QStringLiteral("; ")), str(prov, "evidence_class"));
}

nlohmann::json hwScope(const HardwareFact& f) {
  nlohmann::json s = {{"vendor", f.vendor.toStdString()}, {"arch", f.arch.toStdString()}};
  s["product"] = f.product.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(f.product.toStdString());
  s["type"] = f.type.toStdString();
  return s;
}

QString renderSpecSheet(const nlohmann::json& facts) {
  QStringList dense, sparse, lines;
  for (const auto& p : facts.value("peak_compute", nlohmann::json::array())) {
    const QString kind = str(p, "unit_kind").isEmpty() ? QString() : QStringLiteral(", %1").arg(str(p, "unit_kind"));
    if (p.contains("dense"))
      dense << QStringLiteral("%1 %2 %3%4").arg(str(p, "dtype"), valueText(p["dense"]), str(p, "unit"), kind);
    if (p.contains("sparse_2to4"))
      sparse << QStringLiteral("%1 %2 %3").arg(str(p, "dtype"), valueText(p["sparse_2to4"]), str(p, "unit"));
  }
  if (!dense.isEmpty()) lines << QStringLiteral("Dense peaks: ") + dense.join(QStringLiteral("; "));
  if (!sparse.isEmpty()) lines << QStringLiteral("2:4 sparse peaks (NOT dense): ") + sparse.join(QStringLiteral("; "));
  for (const char* group : {"memory", "compute_units"}) {
    if (!facts.contains(group) || !facts[group].is_object()) continue;
    QStringList kv;
    for (auto it = facts[group].begin(); it != facts[group].end(); ++it)
      if (it.key() != "provenance" && it.key() != "provenance_overrides")
        kv << QString::fromStdString(it.key()) + u'=' + valueText(*it);
    lines << QStringLiteral("%1: %2").arg(QLatin1String(group), kv.join(QStringLiteral(", ")));
  }
  if (facts.contains("unavailable") && facts["unavailable"].is_object())
    for (auto it = facts["unavailable"].begin(); it != facts["unavailable"].end(); ++it)
      lines << QStringLiteral("unpublished %1: %2").arg(QString::fromStdString(it.key()), valueText(*it));
  return lines.join(u'\n');
}

QString renderFacts(const nlohmann::json& facts) {
  QStringList lines;
  for (auto it = facts.begin(); it != facts.end(); ++it) {
    QString v;
    if (it->is_string())
      v = QString::fromStdString(it->get<std::string>());
    else
      v = QString::fromStdString(it->dump());
    lines << QStringLiteral("%1: %2").arg(QString::fromStdString(it.key()), clip(v, 600));
  }
  return lines.join(u'\n');
}

KnowledgeRecord hwRecord(const QString& toolId, const HardwareFact& f) {
  KnowledgeRecord r;
  r.toolId = toolId;
  r.id = f.id;
  r.scope = hwScope(f);
  r.source = hwSource(f);
  r.detail = f.doc["facts"];
  const QString summary = str(f.doc["facts"], "summary");
  if (f.type == QLatin1String("spec-sheet")) {
    r.title = f.product.isEmpty()
                  ? QStringLiteral("%1 ARCHITECTURE-LEVEL spec sheet (not a specific product): %2").arg(f.arch, summary)
                  : QStringLiteral("%1 spec sheet: %2").arg(f.product, summary);
    r.content = renderSpecSheet(f.doc["facts"]);
    r.constraint =
        f.product.isEmpty()
            ? QStringLiteral("architecture-level figures: never use them as a specific product's peaks")
            : QStringLiteral("%1 facts (%2): provisional unless vendor-published; verify against the runtime device")
                  .arg(f.product, str(f.doc["provenance"], "evidence_class"));
  } else {
    r.title = QStringLiteral("%1 %2: %3").arg(f.arch, f.type, f.mnemonic.isEmpty() ? f.feature : f.mnemonic);
    r.content = renderFacts(f.doc["facts"]);
    const nlohmann::json avail = f.doc["identity"].value("availability", nlohmann::json::object());
    QStringList where;
    for (const auto& v : avail.value("sm_arch", nlohmann::json::array())) where << valueText(v);
    for (const auto& v : avail.value("constraints", nlohmann::json::array())) where << valueText(v);
    r.constraint = where.isEmpty() ? QStringLiteral("exists on %1 only").arg(f.arch)
                                   : QStringLiteral("available only on: %1").arg(where.join(QStringLiteral(", ")));
  }
  return r;
}

// One value of a record's facts by dotted path; arrays of {dtype,...} (peak_compute) are indexed by
// dtype and, where a dtype repeats (fp64 CUDA-core vs tensor-core), by unit_kind.
bool extractField(const HardwareFact& f, const QString& field, QString* text, QString* error) {
  const QStringList segs = field.split(u'.', Qt::SkipEmptyParts);
  const nlohmann::json* cur = &f.doc["facts"];
  const nlohmann::json* entry = nullptr;  // the peak_compute element passed through, for its unit
  for (qsizetype i = 0; i < segs.size(); ++i) {
    const std::string key = segs[i].toStdString();
    if (cur->is_object()) {
      if (!cur->contains(key)) {
        QStringList keys;
        for (auto it = cur->begin(); it != cur->end(); ++it) keys << QString::fromStdString(it.key());
        *error = QStringLiteral("%1 has no field '%2' (there: %3)")
                     .arg(f.id, segs.mid(0, i + 1).join(u'.'), keys.join(QStringLiteral(", ")));
        return false;
      }
      cur = &(*cur)[key];
    } else if (cur->is_array()) {
      std::vector<const nlohmann::json*> hits;
      for (const auto& e : *cur)
        if (str(e, "dtype") == segs[i]) hits.push_back(&e);
      if (hits.empty()) {
        *error = QStringLiteral("%1 has no %2 entry for dtype '%3'").arg(f.id, segs.mid(0, i).join(u'.'), segs[i]);
        return false;
      }
      if (hits.size() > 1) {
        const nlohmann::json* pick = nullptr;
        if (i + 1 < segs.size())
          for (const nlohmann::json* h : hits)
            if (str(*h, "unit_kind") == segs[i + 1]) pick = h;
        if (!pick) {
          QStringList kinds;
          for (const nlohmann::json* h : hits) kinds << str(*h, "unit_kind");
          *error = QStringLiteral("%1: '%2' is ambiguous: %3 entries (unit_kind %4); name one, e.g. %2.%5.dense")
                       .arg(f.id, segs.mid(0, i + 1).join(u'.'))
                       .arg(hits.size())
                       .arg(kinds.join(QStringLiteral(", ")), kinds.constFirst());
          return false;
        }
        ++i;
        hits = {pick};
      }
      cur = entry = hits.front();
    } else {
      *error = QStringLiteral("%1: '%2' is a value, not a group").arg(f.id, segs.mid(0, i).join(u'.'));
      return false;
    }
  }
  if (cur->is_null()) {
    const nlohmann::json unavailable = f.doc["facts"].value("unavailable", nlohmann::json::object());
    const QString why = unavailable.is_object() ? str(unavailable, segs.constLast().toStdString().c_str()) : QString();
    *error = QStringLiteral("%1: %2 is not published in this store%3")
                 .arg(f.id, field, why.isEmpty() ? QString() : QStringLiteral(" — ") + why);
    return false;
  }
  *text = QStringLiteral("%1 = %2").arg(field, valueText(*cur));
  if (entry && !str(*entry, "unit").isEmpty() && !cur->is_object()) *text += u' ' + str(*entry, "unit");
  if (entry && !str(*entry, "provenance").isEmpty()) *text += QStringLiteral(" (%1)").arg(str(*entry, "provenance"));
  return true;
}

QStringList problemLines(const QString& toolId, const nlohmann::json& input, bool hardware) {
  QString error;
  const auto store = storeFor(input, &error);
  if (!store) return {toolId + QStringLiteral(": ") + error};
  QStringList out;
  for (const StoreProblem& p : store->problems()) {
    const bool isHw = p.file.startsWith(QLatin1String("hardware_wiki/"));
    if (isHw == hardware) out << QStringLiteral("%1: %2 (skipped)").arg(p.file, p.reason);
  }
  return out;
}

// ------------------------------------------------------------------------------ experience
QString expSource(const ExperienceRecord& r) {
  return r.pagePath.isEmpty() ? QStringLiteral("gpu-wiki %1").arg(r.relPath)
                              : QStringLiteral("gpu-wiki %1 (page %2)").arg(r.relPath, r.pagePath);
}

QString expContent(const ExperienceRecord& r) {
  const nlohmann::json& p = r.payload;
  QStringList lines;
  auto add = [&](const char* label, const char* key) {
    if (!str(p, key).isEmpty()) lines << QStringLiteral("%1: %2").arg(QLatin1String(label), clip(str(p, key), 700));
  };
  add("Goal", "goal");
  if (r.type == QLatin1String("technique-card")) {
    add("What", "what");
    add("When", "when");
  } else if (r.type == QLatin1String("anti-strategy")) {
    add("Attempted", "attempted");
    add("Verdict", "verdict");
    add("Lesson", "lesson");
  } else if (r.type == QLatin1String("doc")) {
    add("Summary", "summary");
  } else if (p.contains("candidate_techniques")) {
    QStringList t;
    for (const auto& c : p["candidate_techniques"]) t << str(c, "technique");
    lines << QStringLiteral("Candidate techniques: ") + t.join(QStringLiteral(", "));
  }
  return lines.join(u'\n');
}

QString expConstraint(const ExperienceRecord& r) {
  if (r.type == QLatin1String("anti-strategy"))
    return QStringLiteral("avoid (documented trap): %1").arg(clip(str(r.payload, "lesson"), 300));
  if (r.type == QLatin1String("technique-card"))
    return QStringLiteral("candidate technique (documented, no measured gain): %1").arg(clip(r.title, 200));
  return QStringLiteral("reference (documented): %1").arg(clip(r.title, 200));
}

KnowledgeRecord expRecord(const QString& toolId, const ExperienceRecord& e, double score, bool fallback) {
  KnowledgeRecord r;
  r.toolId = toolId;
  r.id = e.id;
  r.title = QStringLiteral("[%1] %2").arg(e.type, e.title);
  r.content = expContent(e);
  r.scope = e.scope;
  r.source = expSource(e);
  r.constraint = fallback ? QStringLiteral("FALLBACK sample: not a match for this scope; not evidence for this problem")
                          : expConstraint(e);
  r.fallback = fallback;
  r.score = score;
  r.detail = e.payload;
  return r;
}

const QStringList kDsls = {QStringLiteral("cuda"),  QStringLiteral("cutedsl"), QStringLiteral("flydsl"),
                           QStringLiteral("gluon"), QStringLiteral("triton"),  QStringLiteral("aiter"),
                           QStringLiteral("any")};

QString inputText(const nlohmann::json& in, const char* key) { return str(in, key).trimmed(); }

}  // namespace

std::shared_ptr<const GpuWikiStore> storeFor(const nlohmann::json& input, QString* error) {
  QString root = str(input, "store");
  if (root.isEmpty()) root = GpuWikiStore::defaultRoot();
  return GpuWikiStore::cached(root, error);
}

// ================================================================================ hardware tool
QString GpuWikiHardwareTool::description() const {
  return QStringLiteral(
      "Hardware facts from a gpu-wiki store (spec sheets, ISA instructions, architecture features), looked up "
      "exactly: a product without its own spec sheet is an error (an architecture-level sheet is never passed off "
      "as a product's), an architecture code is not a product, and an unpublished value is an error that quotes "
      "how to obtain it. Ids and sources are the store's, byte for byte.");
}

nlohmann::json GpuWikiHardwareTool::inputSchema() const {
  return {
      {"type", "object"},
      {"properties",
       {{"product", {{"type", "string"}, {"description", "exact product, e.g. MI300X, B200 (store spelling rules)"}}},
        {"arch", {{"type", "string"}, {"description", "architecture: hopper, blackwell, cdna3, sm_90, gfx942, ..."}}},
        {"field",
         {{"type", "string"}, {"description", "one value, e.g. peak_compute.bf16.dense, compute_units.sm_count"}}},
        {"instruction", {{"type", "string"}, {"description", "ISA instruction family, e.g. tcgen05.mma"}}},
        {"feature", {{"type", "string"}, {"description", "architecture feature slug, e.g. tensor-memory"}}},
        {"store",
         {{"type", "string"},
          {"description", "gpu-wiki store folder (default $KWB_GPU_WIKI or $KWB_SHARED_DIR/data/gpu-wiki)"}}}}}};
}

QStringList GpuWikiHardwareTool::diagnostics() const { return problemLines(id(), nlohmann::json::object(), true); }

KnowledgeResult GpuWikiHardwareTool::query(const nlohmann::json& input) const {
  KnowledgeResult res;
  auto fail = [&](const QString& why) {
    res.error = QStringLiteral("gpu-wiki-hardware: ") + why;
    return res;
  };
  if (!input.is_object()) return fail(QStringLiteral("the query must be a JSON object"));
  QString error;
  const auto store = storeFor(input, &error);
  if (!store) return fail(error);
  const QString productIn = inputText(input, "product");
  const QString archIn = inputText(input, "arch");
  const QString field = inputText(input, "field");
  const QString instruction = inputText(input, "instruction");
  const QString feature = inputText(input, "feature");
  QString arch;
  if (!archIn.isEmpty()) {
    arch = wikiArch(archIn);
    if (arch.isEmpty()) return fail(QStringLiteral("unknown architecture '%1'").arg(archIn));
  }
  QSet<QString> storeArchs, storeProducts;
  for (const HardwareFact& f : store->hardware()) {
    storeArchs.insert(f.arch);
    if (!f.product.isEmpty()) storeProducts.insert(f.product);
  }
  auto sorted = [](const QSet<QString>& set) {
    QStringList l(set.begin(), set.end());
    l.sort();
    return l.join(QStringLiteral(", "));
  };

  if (!instruction.isEmpty() || !feature.isEmpty()) {
    const bool isInstr = !instruction.isEmpty();
    const QString want = isInstr ? instruction : feature;
    QStringList otherArchs;
    for (const HardwareFact& f : store->hardware()) {
      if ((isInstr ? f.mnemonic : f.feature).compare(want, Qt::CaseInsensitive) != 0) continue;
      if (!arch.isEmpty() && f.arch != arch) {
        otherArchs << f.arch;
        continue;
      }
      res.records.append(hwRecord(id(), f));
    }
    if (res.records.isEmpty()) {
      if (!otherArchs.isEmpty())
        return fail(QStringLiteral("%1 '%2' is recorded for %3 only, not for %4")
                        .arg(isInstr ? QStringLiteral("instruction") : QStringLiteral("feature"), want,
                             otherArchs.join(QStringLiteral(", ")), arch));
      return fail(QStringLiteral("no %1 '%2' in the store")
                      .arg(isInstr ? QStringLiteral("instruction") : QStringLiteral("feature"), want));
    }
    res.ok = true;
    return res;
  }

  std::vector<const HardwareFact*> hits;
  if (!productIn.isEmpty()) {
    const QString product = wikiProduct(productIn);
    if (!wikiArch(product).isEmpty() && wikiArchOfProduct(product).isEmpty())
      return fail(QStringLiteral("'%1' is an architecture code (%2), not a product: it may cover several products; "
                                 "give the exact product")
                      .arg(productIn, wikiArch(product)));
    const QString productArch = wikiArchOfProduct(product);
    if (!arch.isEmpty() && !productArch.isEmpty() && productArch != arch)
      return fail(QStringLiteral("identity conflict: product '%1' is %2, the query says arch %3")
                      .arg(productIn, productArch, arch));
    for (const HardwareFact& f : store->hardware())
      if (f.type == QLatin1String("spec-sheet") && f.product == product) hits.push_back(&f);
    if (hits.empty()) {
      QString why = QStringLiteral("no spec sheet for product '%1' (as '%2') in the store; products with a sheet: %3")
                        .arg(productIn, product, sorted(storeProducts));
      // For the hint only: "h200sxm" is an H200 variant; the lookup itself never strips a suffix.
      QString base = product;
      base.remove(QRegularExpression(QStringLiteral("(sxm\\d?|pcie|nvl|\\d+gb)+$")));
      const QString baseArch = productArch.isEmpty() ? wikiArchOfProduct(base) : productArch;
      if (!baseArch.isEmpty())
        why += QStringLiteral(
                   ". '%1' is a %2 product without its own sheet here: the architecture-level sheet is not "
                   "substituted; use the spec-ledger tool or the runtime device")
                   .arg(productIn, baseArch);
      return fail(why);
    }
    for (const HardwareFact* f : hits)
      if (!arch.isEmpty() && f->arch != arch)
        return fail(QStringLiteral("identity conflict: %1 is %2, the query says arch %3").arg(f->id, f->arch, arch));
  } else if (!arch.isEmpty()) {
    for (const HardwareFact& f : store->hardware())
      if (f.arch == arch) hits.push_back(&f);
    if (hits.empty())
      return fail(QStringLiteral("no hardware facts for architecture %1 in the store (architectures there: %2)")
                      .arg(arch, sorted(storeArchs)));
  } else {
    return fail(QStringLiteral("the query needs \"product\", \"arch\", \"instruction\" or \"feature\""));
  }

  for (const HardwareFact* f : hits) {
    if (field.isEmpty()) {
      res.records.append(hwRecord(id(), *f));
      continue;
    }
    if (f->type != QLatin1String("spec-sheet")) continue;
    QString text;
    if (!extractField(*f, field, &text, &error)) return fail(error);
    KnowledgeRecord r = hwRecord(id(), *f);
    r.title = r.title.section(u':', 0, 0) + QStringLiteral(": ") + field;
    r.content = text;
    res.records.append(r);
  }
  if (res.records.isEmpty()) return fail(QStringLiteral("no spec sheet for %1 holds field %2").arg(arch, field));
  res.ok = true;
  return res;
}

// ============================================================================== experience tool
QString GpuWikiExperienceTool::description() const {
  return QStringLiteral(
      "Kernel-optimization experience from a gpu-wiki store (technique cards, anti-strategies, docs, symptom "
      "cards), filtered by hard scope (vendor, arch, product, dsl, operator family) and ranked. When nothing "
      "matches, up to three fallback samples of the same vendor/architecture are returned, marked fallback: they "
      "are NOT matches. Ids, scopes and sources are the store's, byte for byte.");
}

nlohmann::json GpuWikiExperienceTool::inputSchema() const {
  return {
      {"type", "object"},
      {"properties",
       {{"product", {{"type", "string"}, {"description", "exact product (filters product-specific records)"}}},
        {"arch", {{"type", "string"}, {"description", "architecture: hopper, blackwell, cdna3, sm_90, gfx942, ..."}}},
        {"vendor", {{"type", "string"}, {"enum", {"nvidia", "amd"}}}},
        {"dsl", {{"type", "string"}, {"enum", {"cuda", "cutedsl", "flydsl", "gluon", "triton", "aiter"}}}},
        {"operator_family",
         {{"type", "string"}, {"description", "operator family, e.g. gemm, norm, softmax, elementwise"}}},
        {"terms", {{"type", "array"}, {"items", {{"type", "string"}}}, {"description", "free-text terms for ranking"}}},
        {"record_type", {{"type", "string"}, {"enum", {"technique-card", "anti-strategy", "doc", "symptom-card"}}}},
        {"limit",
         {{"type", "integer"}, {"minimum", 1}, {"maximum", 200}, {"description", "maximum records (default 8)"}}},
        {"store",
         {{"type", "string"},
          {"description", "gpu-wiki store folder (default $KWB_GPU_WIKI or $KWB_SHARED_DIR/data/gpu-wiki)"}}}}}};
}

QStringList GpuWikiExperienceTool::diagnostics() const { return problemLines(id(), nlohmann::json::object(), false); }

KnowledgeResult GpuWikiExperienceTool::query(const nlohmann::json& input) const {
  KnowledgeResult res;
  auto fail = [&](const QString& why) {
    res.error = QStringLiteral("gpu-wiki: ") + why;
    return res;
  };
  if (!input.is_object()) return fail(QStringLiteral("the query must be a JSON object"));
  QString error;
  const auto store = storeFor(input, &error);
  if (!store) return fail(error);

  QString arch;
  if (const QString a = inputText(input, "arch"); !a.isEmpty()) {
    arch = wikiArch(a);
    if (arch.isEmpty()) return fail(QStringLiteral("unknown architecture '%1'").arg(a));
  }
  const QString product = wikiProduct(inputText(input, "product"));
  if (const QString pa = wikiArchOfProduct(product); !pa.isEmpty()) {
    if (!arch.isEmpty() && arch != pa)
      return fail(QStringLiteral("identity conflict: product '%1' is %2, the query says arch %3")
                      .arg(inputText(input, "product"), pa, arch));
    if (arch.isEmpty()) arch = pa;
  }
  QString vendor = inputText(input, "vendor").toLower();
  if (const QString av = wikiVendorOfArch(arch); !av.isEmpty()) {
    if (!vendor.isEmpty() && vendor != av)
      return fail(
          QStringLiteral("identity conflict: architecture %1 is %2, the query says vendor %3").arg(arch, av, vendor));
    vendor = av;
  }
  const QString dsl = inputText(input, "dsl").toLower();
  if (!dsl.isEmpty() && !kDsls.contains(dsl))
    return fail(QStringLiteral("unknown dsl '%1' (store vocabulary: %2)").arg(dsl, kDsls.join(QStringLiteral(", "))));
  QString family = inputText(input, "operator_family").toLower();
  family.replace(u' ', u'-');
  const QString type = inputText(input, "record_type");
  QStringList terms;
  // Terms match as phrases, with '-' and '_' read as spaces on both sides ("cross entropy" finds
  // "pattern-cross-entropy-loss-fusion").
  const auto words = [](QString t) { return t.toLower().replace(u'-', u' ').replace(u'_', u' ').simplified(); };
  if (input.contains("terms") && input["terms"].is_array()) {
    for (const auto& t : input["terms"])
      if (t.is_string() && !words(QString::fromStdString(t.get<std::string>())).isEmpty())
        terms << words(QString::fromStdString(t.get<std::string>()));
  } else if (!str(input, "terms").isEmpty()) {
    terms = words(str(input, "terms")).split(u' ', Qt::SkipEmptyParts);
  }
  int limit = 8;
  if (input.contains("limit") && input["limit"].is_number()) limit = std::clamp(input["limit"].get<int>(), 1, 200);

  auto inVendorArch = [&](const ExperienceRecord& r) {
    if (!vendor.isEmpty() && r.vendor != vendor && r.vendor != QLatin1String("generic")) return false;
    if (arch.isEmpty() || r.arch == arch || r.architectures.contains(arch)) return true;
    // An architecture-general record applies unless its explicit scope names other architectures.
    if (r.arch != QLatin1String("generic")) return false;
    for (const QString& a : r.architectures)
      if (!wikiArch(a).isEmpty() && wikiArch(a) != QLatin1String("generic") && wikiArch(a) != arch) return false;
    return true;
  };

  struct Hit {
    const ExperienceRecord* r;
    double score;
  };
  std::vector<Hit> hits;
  for (const ExperienceRecord& r : store->experience()) {
    if (r.status != QLatin1String("active")) continue;
    if (!type.isEmpty() && r.type != type) continue;
    if (!inVendorArch(r)) continue;
    if (!product.isEmpty() && !r.product.isEmpty() && r.product != QLatin1String("any") && r.product != product)
      continue;
    if (!dsl.isEmpty() && r.dsl != dsl && r.dsl != QLatin1String("any")) continue;
    double score = r.worth;
    // A term names the operator itself (the pipeline sends the probe's op names): a record that names it
    // is kept even under another family (the store files its cross-entropy card under "hands-on"), and
    // it outranks records that only share the GPU and DSL.
    const QString text = words(r.searchText);
    int termHits = 0;
    for (const QString& t : terms)
      if (text.contains(t)) ++termHits;
    if (!family.isEmpty()) {
      if (r.operatorFamily == family || r.operators.contains(family))
        score += 2.0;
      else if (!r.operatorFamily.isEmpty() && termHits == 0)
        continue;
    }
    if (!arch.isEmpty() && r.arch == arch) score += 0.5;
    if (!product.isEmpty() && r.product == product) score += 0.5;
    if (!dsl.isEmpty() && r.dsl == dsl) score += 0.5;
    score += 1.0 * termHits;
    hits.push_back({&r, score});
  }
  std::sort(hits.begin(), hits.end(),
            [](const Hit& a, const Hit& b) { return a.score != b.score ? a.score > b.score : a.r->id < b.r->id; });
  for (const Hit& h : hits) {
    if (res.records.size() >= limit) break;
    res.records.append(expRecord(id(), *h.r, h.score, false));
  }
  if (res.records.isEmpty()) {
    // Fallback: the best-ranked records of the same vendor/architecture, labelled; never another arch.
    std::vector<const ExperienceRecord*> pool;
    for (const ExperienceRecord& r : store->experience())
      if (r.status == QLatin1String("active") && inVendorArch(r)) pool.push_back(&r);
    std::sort(pool.begin(), pool.end(), [](const ExperienceRecord* a, const ExperienceRecord* b) {
      return a->worth != b->worth ? a->worth > b->worth : a->id < b->id;
    });
    for (const ExperienceRecord* r : pool) {
      if (res.records.size() >= std::min(limit, 3)) break;
      res.records.append(expRecord(id(), *r, 0.0, true));
    }
    res.notes << QStringLiteral("no record matches this scope; %1 fallback sample(s) shown, NOT matches")
                     .arg(res.records.size());
  } else {
    res.notes << QStringLiteral("%1 of %2 matching records shown").arg(res.records.size()).arg(hits.size());
  }
  res.ok = true;
  return res;
}

}  // namespace kwb
