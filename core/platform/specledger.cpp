#include "core/platform/specledger.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include <QFile>
#include <QRegularExpression>

namespace kwb {

using nlohmann::json;

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

// Parsing state shared by the helpers: the document's named sources and the first error met.
struct Parser {
  QMap<QString, Citation> sources;
  QString error;

  bool fail(const QString& message) {
    if (error.isEmpty()) error = message;
    return false;
  }

  QString str(const json& obj, const char* key) const {
    if (!obj.is_object() || !obj.contains(key) || !obj.at(key).is_string()) return {};
    return qs(obj.at(key).get<std::string>());
  }

  bool citation(const json& src, const QString& where, Citation* out) {
    if (src.is_string()) {
      const QString key = qs(src.get<std::string>());
      if (!sources.contains(key))
        return fail(where + QStringLiteral(": unknown source key \"") + key + QLatin1Char('"'));
      *out = sources.value(key);
      return true;
    }
    if (src.is_object()) {
      out->title = str(src, "title");
      out->url = str(src, "url");
      out->date = str(src, "date");
      out->note = str(src, "note");
      if (!out->isComplete()) return fail(where + QStringLiteral(": inline source needs title, url and date"));
      return true;
    }
    return fail(where + QStringLiteral(": value without a source"));
  }

  // One {value, unit, source, note} entry with a non-null value.
  bool sourced(const json& entry, const QString& where, SourcedValue* out) {
    if (!entry.is_object() || !entry.contains("value") || !entry.at("value").is_number())
      return fail(where + QStringLiteral(": expected {\"value\": number, \"source\": ...}"));
    out->value = entry.at("value").get<double>();
    out->unit = str(entry, "unit");
    out->note = str(entry, "note");
    if (!entry.contains("source")) return fail(where + QStringLiteral(": value without a source"));
    return citation(entry.at("source"), where, &out->source);
  }

  // A value field: an object (one source), an array (disagreeing sources, first is used), or
  // {"value": null, "note": why}. Returns false only on a malformed document.
  bool value(const json& field, const QString& where, std::optional<SpecValue>* out, QString* missing) {
    out->reset();
    if (field.is_object() && field.contains("value") && field.at("value").is_null()) {
      *missing = str(field, "note");
      if (missing->isEmpty()) return fail(where + QStringLiteral(": a null value needs a note saying why"));
      return true;
    }
    QList<SourcedValue> entries;
    if (field.is_array()) {
      if (field.size() < 2) return fail(where + QStringLiteral(": a list of sources needs at least two entries"));
      int i = 0;
      for (const json& entry : field) {
        SourcedValue v;
        if (!sourced(entry, where + QStringLiteral("[%1]").arg(i++), &v)) return false;
        entries.append(v);
      }
    } else {
      SourcedValue v;
      if (!sourced(field, where, &v)) return false;
      entries.append(v);
    }
    SpecValue spec;
    spec.value = entries.first().value;
    spec.unit = entries.first().unit;
    spec.source = entries.first().source;
    spec.note = entries.first().note;
    // Keep only figures that really differ; an identical repeat is corroboration, not conflict.
    for (qsizetype i = 1; i < entries.size(); ++i) {
      if (entries.at(i).value != spec.value) spec.conflicts.append(entries.at(i));
    }
    *out = spec;
    return true;
  }

  bool text(const json& field, const QString& where, std::optional<SpecText>* out, QString* missing) {
    out->reset();
    if (!field.is_object() || !field.contains("value"))
      return fail(where + QStringLiteral(": expected {\"value\": ..., \"source\": ...}"));
    if (field.at("value").is_null()) {
      *missing = str(field, "note");
      if (missing->isEmpty()) return fail(where + QStringLiteral(": a null value needs a note saying why"));
      return true;
    }
    SpecText t;
    t.value = str(field, "value");
    if (t.value.isEmpty()) return fail(where + QStringLiteral(": value must be a non-empty string"));
    if (!field.contains("source")) return fail(where + QStringLiteral(": value without a source"));
    if (!citation(field.at("source"), where, &t.source)) return false;
    *out = t;
    return true;
  }

  bool peaks(const json& obj, const QString& where, const QString& prefix, GpuSpec* gpu,
             QMap<QString, SpecValue>* out) {
    if (!obj.is_object()) return fail(where + QStringLiteral(": expected an object of dtype -> value"));
    const QStringList known = ledgerDtypes();
    for (auto it = obj.begin(); it != obj.end(); ++it) {
      const QString key = qs(it.key());
      const QString path = where + QLatin1Char('.') + key;
      if (!known.contains(key))
        return fail(path + QStringLiteral(": unknown dtype key (known: ") + known.join(QStringLiteral(", ")) +
                    QLatin1Char(')'));
      std::optional<SpecValue> v;
      QString missing;
      if (!value(it.value(), path, &v, &missing)) return false;
      if (v)
        out->insert(key, *v);
      else
        gpu->missingNotes.insert(prefix + key, missing);
    }
    return true;
  }

  bool gpu(const json& g, int index, GpuSpec* out) {
    const QString where = QStringLiteral("gpus[%1]").arg(index);
    out->id = str(g, "id");
    if (out->id.isEmpty()) return fail(where + QStringLiteral(": missing \"id\""));
    const QString at = QStringLiteral("gpu ") + out->id;
    out->displayName = str(g, "name");
    out->vendor = str(g, "vendor");
    if (out->vendor != QLatin1String("NVIDIA") && out->vendor != QLatin1String("AMD"))
      return fail(at + QStringLiteral(": vendor must be \"NVIDIA\" or \"AMD\""));
    if (g.contains("aliases") && g.at("aliases").is_array()) {
      for (const json& a : g.at("aliases")) {
        if (a.is_string()) out->aliases.append(qs(a.get<std::string>()));
      }
    }
    std::optional<SpecText> arch;
    QString missing;
    if (!g.contains("arch") || !text(g.at("arch"), at + QStringLiteral(" arch"), &arch, &missing))
      return fail(at + QStringLiteral(": missing \"arch\""));
    if (!arch) return fail(at + QStringLiteral(": arch cannot be null (the framework policy needs it)"));
    out->arch = *arch;
    if (g.contains("arch_code")) {
      missing.clear();
      if (!text(g.at("arch_code"), at + QStringLiteral(" arch_code"), &out->archCode, &missing)) return false;
      if (!out->archCode) out->missingNotes.insert(QStringLiteral("arch_code"), missing);
    }

    struct Field {
      const char* key;
      std::optional<SpecValue>* dst;
    };
    const Field fields[] = {{"sm_count", &out->sms},
                            {"l2_bytes", &out->l2},
                            {"hbm_gb", &out->hbm},
                            {"memory_bandwidth_tbs", &out->bandwidth},
                            {"boost_clock_mhz", &out->boostClock}};
    for (const Field& f : fields) {
      const QString name = QString::fromLatin1(f.key);
      if (!g.contains(f.key))
        return fail(at + QStringLiteral(": missing \"") + name +
                    QStringLiteral("\" (write {\"value\": null, \"note\": ...} if unpublished)"));
      missing.clear();
      if (!value(g.at(f.key), at + QLatin1Char(' ') + name, f.dst, &missing)) return false;
      if (!*f.dst) out->missingNotes.insert(name, missing);
    }
    if (g.contains("dense_peak_tflops") &&
        !peaks(g.at("dense_peak_tflops"), at + QStringLiteral(" dense"), QStringLiteral("dense."), out, &out->dense))
      return false;
    if (g.contains("sparse_peak_tflops") && !peaks(g.at("sparse_peak_tflops"), at + QStringLiteral(" sparse"),
                                                   QStringLiteral("sparse."), out, &out->sparse))
      return false;
    return true;
  }
};

void collect(QList<Conflict>* out, const QString& gpuId, const QString& field, const std::optional<SpecValue>& v) {
  if (!v || !v->hasConflict()) return;
  Conflict c;
  c.gpuId = gpuId;
  c.field = field;
  c.values.append(SourcedValue{v->value, v->unit, v->source, v->note});
  c.values.append(v->conflicts);
  out->append(c);
}

QString formatNumber(double v) { return QString::number(v, 'g', 10); }

// Levenshtein distance of two normalized names (a few dozen characters: the plain O(n*m) table is enough).
int editDistance(const QString& a, const QString& b) {
  QList<int> prev(b.size() + 1), cur(b.size() + 1);
  for (int j = 0; j <= b.size(); ++j) prev[j] = j;
  for (int i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (int j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a.at(i - 1) == b.at(j - 1) ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

QString normalizeGpuName(const QString& name) {
  QString n = name.toLower();
  n.replace(QLatin1Char('-'), QLatin1Char(' '));
  n.replace(QLatin1Char('_'), QLatin1Char(' '));
  return n.simplified();
}

QString MeasuredCeiling::describe() const {
  QString text = formatNumber(value);
  if (valueMax) text += QStringLiteral("\u2013") + formatNumber(*valueMax);
  text += QLatin1Char(' ') + unit + QLatin1Char(' ') + label + QStringLiteral(" (") + date;
  if (!run.isEmpty()) text += QStringLiteral("; ") + run;
  text += QLatin1Char(')');
  if (!note.isEmpty()) text += QStringLiteral(" \u2014 ") + note;
  return text;
}

QString Conflict::describe() const {
  QStringList parts;
  for (const SourcedValue& v : values)
    parts.append(formatNumber(v.value) + QLatin1Char(' ') + v.unit + QStringLiteral(" (") + v.source.title +
                 QLatin1Char(')'));
  return gpuId + QLatin1Char(' ') + field + QStringLiteral(": sources disagree: ") +
         parts.join(QStringLiteral(" vs ")) + QStringLiteral("; using ") + formatNumber(values.value(0).value);
}

SpecLedger SpecLedger::fromJson(const json& doc, QString* error) {
  SpecLedger ledger;
  Parser p;
  auto bail = [&]() {
    if (error) *error = p.error;
    return SpecLedger{};
  };
  if (!doc.is_object() || p.str(doc, "schema") != QLatin1String("kwb-gpu-ledger-1")) {
    p.fail(QStringLiteral("not a GPU ledger (expected \"schema\": \"kwb-gpu-ledger-1\")"));
    return bail();
  }
  if (doc.contains("sources") && doc.at("sources").is_object()) {
    for (auto it = doc.at("sources").begin(); it != doc.at("sources").end(); ++it) {
      Citation c;
      if (!p.citation(it.value(), QStringLiteral("sources.") + qs(it.key()), &c)) return bail();
      p.sources.insert(qs(it.key()), c);
    }
  }
  if (!doc.contains("gpus") || !doc.at("gpus").is_array()) {
    p.fail(QStringLiteral("missing \"gpus\" array"));
    return bail();
  }
  int index = 0;
  QMap<QString, QString> owner;  // normalised name -> gpu id, to catch duplicates
  for (const json& g : doc.at("gpus")) {
    GpuSpec spec;
    if (!p.gpu(g, index++, &spec)) return bail();
    QStringList names = spec.aliases;
    names.prepend(spec.id);
    for (const QString& name : std::as_const(names)) {
      const QString n = normalizeGpuName(name);
      if (owner.contains(n) && owner.value(n) != spec.id) {
        p.fail(QStringLiteral("name \"") + name + QStringLiteral("\" is claimed by both ") + owner.value(n) +
               QStringLiteral(" and ") + spec.id);
        return bail();
      }
      owner.insert(n, spec.id);
    }
    ledger.m_gpus.push_back(spec);
  }
  if (doc.contains("ambiguous_aliases") && doc.at("ambiguous_aliases").is_object()) {
    for (auto it = doc.at("ambiguous_aliases").begin(); it != doc.at("ambiguous_aliases").end(); ++it) {
      const QString alias = qs(it.key());
      QStringList ids;
      for (const json& id : it.value()) {
        const QString gid = id.is_string() ? qs(id.get<std::string>()) : QString();
        if (!ledger.byId(gid)) {
          p.fail(QStringLiteral("ambiguous alias \"") + alias + QStringLiteral("\" names unknown id \"") + gid +
                 QLatin1Char('"'));
          return bail();
        }
        ids.append(gid);
      }
      if (owner.contains(normalizeGpuName(alias))) {
        p.fail(QStringLiteral("\"") + alias + QStringLiteral("\" is both an alias of ") +
               owner.value(normalizeGpuName(alias)) + QStringLiteral(" and ambiguous"));
        return bail();
      }
      ledger.m_ambiguous.append({normalizeGpuName(alias), ids});
    }
  }
  if (error) error->clear();
  return ledger;
}

bool SpecLedger::loadMeasured(const json& doc, QString* error) {
  auto fail = [&](const QString& m) {
    if (error) *error = m;
    return false;
  };
  if (!doc.is_object() || !doc.contains("measured") || !doc.at("measured").is_array())
    return fail(QStringLiteral("not a measured-ceilings document (expected a \"measured\" array)"));
  QList<MeasuredCeiling> added;
  int index = 0;
  Parser p;  // only for str()
  for (const json& m : doc.at("measured")) {
    const QString where = QStringLiteral("measured[%1]").arg(index++);
    MeasuredCeiling c;
    c.gpuId = p.str(m, "gpu");
    c.quantity = p.str(m, "quantity");
    c.unit = p.str(m, "unit");
    c.date = p.str(m, "date");
    c.run = p.str(m, "run");
    if (c.run.isEmpty()) c.run = p.str(m, "command");
    c.note = p.str(m, "note");
    const QString label = p.str(m, "label");
    if (!label.isEmpty() && label != QLatin1String("measured"))
      return fail(where + QStringLiteral(": label must be \"measured\""));
    if (!m.contains("value") || !m.at("value").is_number())
      return fail(where + QStringLiteral(": value must be a number"));
    c.value = m.at("value").get<double>();
    if (m.contains("value_max") && m.at("value_max").is_number()) c.valueMax = m.at("value_max").get<double>();
    if (c.quantity.isEmpty() || c.unit.isEmpty() || c.date.isEmpty() || c.run.isEmpty() || c.note.isEmpty())
      return fail(where + QStringLiteral(": needs gpu, quantity, unit, date, run (or command) and note"));
    if (!byId(c.gpuId)) return fail(where + QStringLiteral(": unknown gpu id \"") + c.gpuId + QLatin1Char('"'));
    added.append(c);
  }
  m_measured.append(added);
  return true;
}

const SpecLedger& SpecLedger::builtin() {
  static const SpecLedger ledger = [] {
    auto readJson = [](const QString& path, json* out, QString* err) {
      QFile f(path);
      if (!f.open(QIODevice::ReadOnly)) {
        *err = QStringLiteral("cannot open ") + path + QStringLiteral(": ") + f.errorString();
        return false;
      }
      const QByteArray bytes = f.readAll();
      try {
        *out = json::parse(bytes.constBegin(), bytes.constEnd());
      } catch (const json::exception& e) {
        *err = path + QStringLiteral(": ") + QString::fromUtf8(e.what());
        return false;
      }
      return true;
    };
    SpecLedger l;
    json gpus, measured;
    QString err;
    if (!readJson(QStringLiteral(":/kwb/ledger/gpus.json"), &gpus, &err)) {
      l.m_loadError = err;
      return l;
    }
    l = fromJson(gpus, &err);
    if (!err.isEmpty()) {
      l.m_loadError = QStringLiteral(":/kwb/ledger/gpus.json: ") + err;
      return l;
    }
    if (!readJson(QStringLiteral(":/kwb/ledger/measured.json"), &measured, &err) || !l.loadMeasured(measured, &err))
      l.m_loadError = QStringLiteral(":/kwb/ledger/measured.json: ") + err;
    return l;
  }();
  return ledger;
}

namespace {
// The letters before the number of a GPU name's model word, lower case: "b" for "NVIDIA B200", "mi" for "MI300X",
// "h" for "H200-SXM"; a null string when no word holds a digit ("Quadro").
QString modelLetters(const QString& name) {
  static const QRegularExpression words(QStringLiteral("[A-Za-z]*[0-9][A-Za-z0-9]*"));
  const QRegularExpressionMatch m = words.match(name);
  if (!m.hasMatch()) return QString();
  QString letters;
  for (const QChar c : m.captured(0)) {
    if (!c.isLetter()) break;
    letters += c.toLower();
  }
  return letters;
}
}  // namespace

SpecLedger::LookupResult SpecLedger::lookup(const QString& name) const {
  LookupResult r;
  if (!m_loadError.isEmpty()) {
    r.error = QStringLiteral("GPU spec ledger failed to load: ") + m_loadError;
    return r;
  }
  const QString n = normalizeGpuName(name);
  if (n.isEmpty()) {
    r.error = QStringLiteral("no GPU name given; known ids: ") + knownIds().join(QStringLiteral(", "));
    return r;
  }
  for (const auto& amb : m_ambiguous) {
    if (amb.first != n) continue;
    QStringList candidates;
    for (const QString& id : amb.second) {
      const GpuSpec* g = byId(id);
      candidates.append(id + QStringLiteral(" (") + (g ? g->displayName : QString()) + QLatin1Char(')'));
      r.candidates.append(id);
    }
    r.error = QStringLiteral("ambiguous GPU name \"") + name + QStringLiteral("\": it could be ") +
              candidates.join(QStringLiteral(" or ")) + QStringLiteral(", whose specs differ; pass one of these ids");
    return r;
  }
  for (const GpuSpec& g : m_gpus) {
    if (normalizeGpuName(g.id) == n) {
      r.gpu = &g;
      return r;
    }
    for (const QString& a : g.aliases) {
      if (normalizeGpuName(a) == n) {
        r.gpu = &g;
        return r;
      }
    }
  }
  // the nearest names first (new-user trial 18, #12: "h200-pcie" met a 1,400-character list and no suggestion):
  // the GPUs of the same model (the name's first word: "h200"), then those within a few edits of any accepted name
  const QString family =
      name.section(QRegularExpression(QStringLiteral("[^A-Za-z0-9]+")), 0, 0, QString::SectionSkipEmpty).toLower();
  // A near miss keeps the model's letters: "B200" or "A100" is another generation, not a typo of H200 (new-user
  // trial 25, #4: "B200" was offered H200-SXM, whose peaks are not a B200's).
  const QString series = modelLetters(name);
  QList<QPair<int, const GpuSpec*>> near;
  for (const GpuSpec& g : m_gpus) {
    int best = editDistance(n, normalizeGpuName(g.id));
    for (const QString& a : g.aliases) best = std::min(best, editDistance(n, normalizeGpuName(a)));
    const bool sameModel = !family.isEmpty() && g.id.section(u'-', 0, 0).toLower() == family;
    const bool sameSeries = series.isNull() || series == modelLetters(g.id);
    if (sameModel || (sameSeries && best <= std::max<int>(2, static_cast<int>(n.size()) / 3)))
      near.append({sameModel ? -1 : best, &g});
  }
  std::stable_sort(near.begin(), near.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  QStringList suggestions;
  for (int i = 0; i < near.size() && i < 4; ++i)
    suggestions << near.at(i).second->id + QStringLiteral(" (") + near.at(i).second->displayName + QLatin1Char(')');
  r.error = QStringLiteral("unknown GPU \"") + name + QStringLiteral("\"") +
            (suggestions.isEmpty()
                 ? QStringLiteral(": the spec ledger (resources/ledger/gpus.json) has no cited peaks for it")
                 : QStringLiteral("; did you mean ") + suggestions.join(QStringLiteral(" or ")) + QLatin1Char('?')) +
            QStringLiteral("; known ids: ") + knownIds().join(QStringLiteral(", ")) +
            QStringLiteral("; accepted names: ") + knownNames().join(QStringLiteral(", "));
  return r;
}

const GpuSpec* SpecLedger::byId(const QString& id) const {
  for (const GpuSpec& g : m_gpus) {
    if (g.id == id) return &g;
  }
  return nullptr;
}

QStringList SpecLedger::knownIds() const {
  QStringList ids;
  for (const GpuSpec& g : m_gpus) ids.append(g.id);
  return ids;
}

QStringList SpecLedger::knownNames() const {
  QStringList names;
  for (const GpuSpec& g : m_gpus) {
    names.append(g.id);
    names.append(g.aliases);
  }
  return names;
}

QList<MeasuredCeiling> SpecLedger::measured(const QString& gpuId) const {
  QList<MeasuredCeiling> out;
  for (const MeasuredCeiling& m : m_measured) {
    if (m.gpuId == gpuId) out.append(m);
  }
  return out;
}

std::optional<MeasuredCeiling> SpecLedger::bestMeasured(const QString& gpuId, const QString& quantity) const {
  std::optional<MeasuredCeiling> runtime, builtinBest;
  for (const MeasuredCeiling& m : m_measured) {
    if (m.gpuId != gpuId || m.quantity != quantity) continue;
    if (m.addedAtRuntime)
      runtime = m;  // the latest addition wins: it was measured on this run's machine
    else if (!builtinBest || m.value > builtinBest->value)
      builtinBest = m;
  }
  return runtime ? runtime : builtinBest;
}

void SpecLedger::addMeasured(MeasuredCeiling ceiling) {
  ceiling.addedAtRuntime = true;
  ceiling.label = QStringLiteral("measured");
  m_measured.append(ceiling);
}

QList<Conflict> SpecLedger::conflicts() const {
  QList<Conflict> out;
  for (const GpuSpec& g : m_gpus) {
    collect(&out, g.id, QStringLiteral("sm_count"), g.sms);
    collect(&out, g.id, QStringLiteral("l2_bytes"), g.l2);
    collect(&out, g.id, QStringLiteral("hbm_gb"), g.hbm);
    collect(&out, g.id, QStringLiteral("memory_bandwidth_tbs"), g.bandwidth);
    collect(&out, g.id, QStringLiteral("boost_clock_mhz"), g.boostClock);
    for (auto it = g.dense.cbegin(); it != g.dense.cend(); ++it)
      collect(&out, g.id, QStringLiteral("dense.") + it.key(), *it);
    for (auto it = g.sparse.cbegin(); it != g.sparse.cend(); ++it)
      collect(&out, g.id, QStringLiteral("sparse.") + it.key(), *it);
  }
  return out;
}

}  // namespace kwb
