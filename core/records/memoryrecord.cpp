#include "core/records/memoryrecord.h"

#include "core/input/boundedinput.h"
#include "core/workspace/workspace.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>

#include <algorithm>
#include <array>

using Json = nlohmann::json;

namespace kwb {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }
std::string ss(const QString& s) { return s.toStdString(); }

// Turns the template into an empty record: every string and null leaf is a placeholder, arrays
// hold one example item, maps keyed "<...>" are examples, "$comment" keys are documentation.
Json stripPlaceholders(const Json& node) {
  if (node.is_object()) {
    Json out = Json::object();
    for (const auto& [key, child] : node.items()) {
      if (key.empty() || key.front() == '$' || key.front() == '<') continue;
      out[key] = stripPlaceholders(child);
    }
    return out;
  }
  if (node.is_array()) return Json::array();
  if (node.is_string()) return nullptr;
  return node;  // booleans (masked, met) and numbers keep their template default
}

const Json& templateDocument() {
  // Read once; C++ guarantees thread-safe initialisation of a function-local static.
  static const Json doc = [] {
    QFile f(MemoryRecord::templateResourcePath());
    if (!f.open(QIODevice::ReadOnly))
      qFatal("kwb: resource %s missing: link kwb_resources", qPrintable(MemoryRecord::templateResourcePath()));
    return Json::parse(f.readAll().toStdString());
  }();
  return doc;
}

enum class Kind { Number, NonNegative, String, Bool, Object, Array, Status, Gate, Version, Timestamp, Mode };

struct Field {
  const char* path;
  Kind kind;
};

// Every key of the seed's template with its type (test: each one is required); "workbench.*" is
// checked only when a record carries our extension.
constexpr std::array kFields{
    Field{"version", Kind::Version},
    Field{"masked", Kind::Bool},
    Field{"timestamp", Kind::Timestamp},
    Field{"performance", Kind::Object},
    Field{"performance.latency_us", Kind::NonNegative},
    Field{"performance.latency_us_by_shape", Kind::Object},
    Field{"performance.tflops", Kind::NonNegative},
    Field{"performance.bandwidth_gbps", Kind::NonNegative},
    Field{"performance.tflops_peak_utilization_pct", Kind::NonNegative},
    Field{"performance.bandwidth_peak_utilization_pct", Kind::NonNegative},
    Field{"performance.comparison_with_previous", Kind::Object},
    Field{"performance.comparison_with_previous.latency_delta", Kind::Number},
    Field{"performance.comparison_with_previous.tflops_delta", Kind::Number},
    Field{"performance.comparison_with_previous.bandwidth_delta", Kind::Number},
    Field{"optimization", Kind::Object},
    Field{"optimization.action_category", Kind::String},
    Field{"optimization.action_description", Kind::String},
    Field{"optimization.expected_impact", Kind::String},
    Field{"optimization.risks_and_rollback", Kind::String},
    Field{"profile_evidence", Kind::Object},
    Field{"profile_evidence.tool_used", Kind::String},
    Field{"profile_evidence.evidence_summary", Kind::String},
    Field{"profile_evidence.bottleneck_type", Kind::String},
    Field{"profile_evidence.evidence_chain", Kind::String},
    Field{"correctness", Kind::Object},
    Field{"correctness.rel_err", Kind::NonNegative},
    Field{"correctness.status", Kind::Status},
    Field{"isa_metric_progress", Kind::Array},
    Field{"search_log", Kind::Array},
    Field{"pitfalls_and_fixes", Kind::Array},
    Field{"references", Kind::Array},
    Field{"quality_gate", Kind::Object},
    Field{"quality_gate.result", Kind::Gate},
    Field{"quality_gate.failure_reason", Kind::String},
    Field{"open_directions", Kind::Array},
    Field{"git_commit_hash", Kind::String},
    Field{"workbench.mode", Kind::Mode},
    Field{"workbench.gpu", Kind::String},
    Field{"workbench.framework", Kind::String},
    Field{"workbench.baseline_config", Kind::Object},
    Field{"workbench.run_dir", Kind::String},
    Field{"workbench.timing_method", Kind::String},
};

// Keys each item of an array field must have; "met" is a boolean, the rest strings, numbers or null.
struct ItemShape {
  const char* array;
  std::array<const char*, 5> keys;
};
constexpr std::array kItems{
    ItemShape{"isa_metric_progress", {"metric", "target", "current", "met", nullptr}},
    ItemShape{"search_log", {"source", "query", "finding", "actionability", nullptr}},
    ItemShape{"pitfalls_and_fixes", {"error_type", "error_message", "root_cause", "fix_applied", "lesson"}},
    ItemShape{"references", {"source_type", "path_or_url", "description", nullptr, nullptr}},
    ItemShape{"open_directions", {"direction", "rationale", nullptr, nullptr, nullptr}},
};

const Json* find(const Json& doc, const QStringList& segments) {
  const Json* node = &doc;
  for (const QString& seg : segments) {
    if (!node->is_object()) return nullptr;
    const auto it = node->find(ss(seg));
    if (it == node->end()) return nullptr;
    node = &*it;
  }
  return node;
}

QString typeName(const Json& v) { return qs(v.type_name()); }

// Checks one value against its kind; returns an empty string when it fits.
QString checkKind(const QString& path, const Json& v, Kind kind) {
  const auto wrong = [&](const char* expected) {
    return QStringLiteral("%1: expected %2, found %3").arg(path, QLatin1String(expected), typeName(v));
  };
  switch (kind) {
    case Kind::Number:
      return v.is_null() || v.is_number() ? QString() : wrong("a number or null");
    case Kind::NonNegative:  // a latency, a rate, a utilization, an error: never below zero
      return v.is_null() || (v.is_number() && v.get<double>() >= 0.0) ? QString() : wrong("a number >= 0 or null");
    case Kind::String:
      return v.is_null() || v.is_string() ? QString() : wrong("a string or null");
    case Kind::Bool:
      return v.is_boolean() ? QString() : wrong("true or false");
    case Kind::Object:
      return v.is_object() ? QString() : wrong("an object");
    case Kind::Array:
      return v.is_array() ? QString() : wrong("an array");
    case Kind::Status:
      if (v.is_null()) return {};
      if (!v.is_string()) return wrong("PASS, FAIL or TIMEOUT_FAIL");
      if (const QString s = qs(v.get<std::string>());
          s != QLatin1String("PASS") && s != QLatin1String("FAIL") && s != QLatin1String("TIMEOUT_FAIL"))
        return QStringLiteral("%1: \"%2\" is not PASS, FAIL or TIMEOUT_FAIL").arg(path, s);
      return {};
    case Kind::Gate:  // the seed's three, STOPPED (a run the user stopped before its verdict: no result) and
                      // DRY_RUN_TIMEOUT (a CPU dry run whose cases ran out of time: nothing judged; trial 18, #3)
      if (v.is_null()) return {};
      if (!v.is_string()) return wrong("PASS, FAIL, TIMEOUT_FAIL, DRY_RUN_TIMEOUT or STOPPED");
      if (const QString s = qs(v.get<std::string>());
          s != QLatin1String("PASS") && s != QLatin1String("FAIL") && s != QLatin1String("TIMEOUT_FAIL") &&
          s != QLatin1String("STOPPED") && s != QLatin1String("DRY_RUN_TIMEOUT"))
        return QStringLiteral("%1: \"%2\" is not PASS, FAIL, TIMEOUT_FAIL, DRY_RUN_TIMEOUT or STOPPED").arg(path, s);
      return {};
    case Kind::Version:
      if (!v.is_string() || !versionNumber(qs(v.get<std::string>())))
        return QStringLiteral("%1: expected \"v<N>\" (e.g. \"v0\"), found %2").arg(path, qs(v.dump()));
      return {};
    case Kind::Timestamp:
      if (!v.is_string() || !QDateTime::fromString(qs(v.get<std::string>()), Qt::ISODateWithMs).isValid())
        return QStringLiteral("%1: expected an ISO 8601 time, found %2").arg(path, qs(v.dump()));
      return {};
    case Kind::Mode:
      if (v.is_null()) return {};
      if (v != "gpu" && v != "cpu-dry-run")
        return QStringLiteral("%1: expected \"gpu\" or \"cpu-dry-run\", found %2").arg(path, qs(v.dump()));
      return {};
  }
  return {};
}

// (Json, not json: MemoryRecord::json() would hide the alias inside member functions.)
// Walks to the parent object of the last segment, creating objects below the top-level key.
Json* parentFor(Json& doc, const QString& dottedPath, QString* leaf, QString* error) {
  const auto fail = [&](const QString& why) {
    if (error) *error = QStringLiteral("cannot set \"%1\": %2").arg(elide(dottedPath), why);
    return nullptr;
  };
  // The path comes from the command line: bounded, so a record cannot be nested past what readers walk.
  constexpr qsizetype kMaxPathChars = 256;
  constexpr qsizetype kMaxSegments = 16;
  if (dottedPath.size() > kMaxPathChars)
    return fail(
        QStringLiteral("the path is %1 characters long; the limit is %2").arg(dottedPath.size()).arg(kMaxPathChars));
  const QStringList segments = dottedPath.split(QLatin1Char('.'));
  if (segments.size() > kMaxSegments)
    return fail(QStringLiteral("the path has %1 segments; the limit is %2").arg(segments.size()).arg(kMaxSegments));
  if (std::any_of(segments.cbegin(), segments.cend(), [](const QString& s) { return s.isEmpty(); }))
    return fail(QStringLiteral("empty path segment"));
  const Json& tmpl = templateDocument();
  const std::string top = ss(segments.first());
  if (top.front() == '$' || !tmpl.contains(top))
    return fail(QStringLiteral("\"%1\" is not a key of the iteration template").arg(segments.first()));
  Json* node = &doc;
  for (qsizetype i = 0; i + 1 < segments.size(); ++i) {
    const std::string key = ss(segments[i]);
    // Missing keys are created as objects on the way down; an existing null is a leaf value.
    if (!node->contains(key)) (*node)[key] = Json::object();
    Json& child = (*node)[key];
    if (!child.is_object()) {
      return fail(QStringLiteral("\"%1\" holds %2, not an object")
                      .arg(segments.mid(0, i + 1).join(QLatin1Char('.')), typeName(child)));
    }
    node = &child;
  }
  *leaf = segments.last();
  return node;
}

}  // namespace

QString MemoryRecord::templateResourcePath() { return QStringLiteral(":/kwb/schema/v_iteration.schema.json"); }

MemoryRecord MemoryRecord::fromTemplate(const QString& version) {
  Json doc = stripPlaceholders(templateDocument());
  doc["version"] = ss(version);
  doc["masked"] = false;
  doc["timestamp"] = ss(QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
  return MemoryRecord(std::move(doc));
}

MemoryRecord MemoryRecord::fromJson(Json document) { return MemoryRecord(std::move(document)); }

std::optional<MemoryRecord> MemoryRecord::load(const QString& path, QString* error) {
  QString why;
  const std::optional<QByteArray> bytes = readBoundedFile(path, limits::kDataFile.maxBytes, &why);
  if (!bytes) {
    if (error) *error = why;
    return std::nullopt;
  }
  // A damaged record names its file and the way back, not the parser's exception text alone.
  const auto damaged = [&](const QString& what) {
    if (error)
      *error = QStringLiteral(
                   "%1 is damaged (%2). To recover: restore it from git (`git checkout -- memory/%3` in the "
                   "workspace), or move it aside and write a fresh one (`kwb memory create`, or "
                   "`kwb baseline --force`)")
                   .arg(path, what, QFileInfo(path).fileName());
    return std::nullopt;
  };
  std::optional<Json> doc = parseBoundedJson(*bytes, limits::kDataFile, &why);
  if (!doc) return damaged(why);
  if (!doc->is_object()) return damaged(QStringLiteral("its top level is %1, not an object").arg(typeName(*doc)));
  return MemoryRecord(std::move(*doc));
}

QByteArray MemoryRecord::toBytes() const {
  return QByteArray::fromStdString(m_doc.dump(2, ' ', false, Json::error_handler_t::replace) + '\n');
}

bool MemoryRecord::save(const QString& path, QString* error) const {
  const auto fail = [&](const QString& why) {
    if (error) *error = QStringLiteral("%1: %2").arg(path, why);
    return false;
  };
  if (!QDir().mkpath(QFileInfo(path).absolutePath()))
    return fail(QStringLiteral("cannot create folder %1").arg(QFileInfo(path).absolutePath()));
  // replace: a stray invalid UTF-8 byte from a tool's output must not make the record unsavable.
  const std::string text = m_doc.dump(2, ' ', false, Json::error_handler_t::replace) + '\n';
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return fail(f.errorString());
  if (f.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()))
    return fail(writeFailureReason(f, path, qint64(text.size())));
  if (!commitSaveFile(f)) return fail(writeFailureReason(f, path, qint64(text.size())));
  return true;
}

bool MemoryRecord::set(const QString& dottedPath, const QString& valueText, QString* error) {
  // Bounded like a knowledge query: the value lands in a record that every reader walks and dumps.
  const QByteArray utf8 = valueText.toUtf8();
  if (utf8.size() > limits::kQuery.maxBytes ||
      jsonNestingDepth(utf8, limits::kQuery.maxDepth) > limits::kQuery.maxDepth) {
    if (error)
      *error =
          QStringLiteral(
              "cannot set \"%1\": the value is %2 bytes nested %3 levels deep; the limits are %4 bytes and %5 levels")
              .arg(elide(dottedPath))
              .arg(utf8.size())
              .arg(jsonNestingDepth(utf8, limits::kQuery.maxDepth))
              .arg(limits::kQuery.maxBytes)
              .arg(limits::kQuery.maxDepth);
    return false;
  }
  Json parsed = Json::parse(utf8.constBegin(), utf8.constEnd(), nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded()) parsed = ss(valueText);  // PASS, baseline, free text: not JSON, so a plain string
  return setJson(dottedPath, std::move(parsed), error);
}

bool MemoryRecord::setJson(const QString& dottedPath, Json value, QString* error) {
  QString leaf;
  Json* parent = parentFor(m_doc, dottedPath, &leaf, error);
  if (!parent) return false;
  (*parent)[ss(leaf)] = std::move(value);
  return true;
}

bool MemoryRecord::append(const QString& arrayPath, Json item, QString* error) {
  QString leaf;
  Json* parent = parentFor(m_doc, arrayPath, &leaf, error);
  if (!parent) return false;
  Json& target = (*parent)[ss(leaf)];
  if (target.is_null()) target = Json::array();
  if (!target.is_array()) {
    if (error)
      *error = QStringLiteral("cannot append to \"%1\": it holds %2, not an array").arg(arrayPath, typeName(target));
    return false;
  }
  target.push_back(std::move(item));
  return true;
}

Json MemoryRecord::value(const QString& dottedPath) const {
  const Json* v = find(m_doc, dottedPath.split(QLatin1Char('.')));
  return v ? *v : Json();
}

QStringList MemoryRecord::validate() const {
  QStringList problems;
  if (!m_doc.is_object()) return {QStringLiteral("the record is not a JSON object")};
  const bool hasWorkbench = m_doc.contains("workbench");
  if (hasWorkbench && !m_doc["workbench"].is_object())
    problems << QStringLiteral("workbench: expected an object, found %1").arg(typeName(m_doc["workbench"]));
  for (const Field& f : kFields) {
    const QString path = QLatin1String(f.path);
    if (path.startsWith(QLatin1String("workbench.")) && !(hasWorkbench && m_doc["workbench"].is_object())) continue;
    const QStringList segs = path.split(QLatin1Char('.'));
    // A missing parent is reported once, for the parent.
    if (segs.size() > 1 && !find(m_doc, segs.mid(0, segs.size() - 1))) continue;
    const Json* v = find(m_doc, segs);
    if (!v) {
      problems << QStringLiteral("%1: required key missing").arg(path);
      continue;
    }
    if (QString p = checkKind(path, *v, f.kind); !p.isEmpty()) problems << p;
  }
  if (const Json* shapes = find(m_doc, {QStringLiteral("performance"), QStringLiteral("latency_us_by_shape")});
      shapes && shapes->is_object()) {
    for (const auto& [sid, lat] : shapes->items()) {
      if (QString p = checkKind(QStringLiteral("performance.latency_us_by_shape.") + qs(sid), lat, Kind::Number);
          !p.isEmpty())
        problems << p;
    }
  }
  for (const ItemShape& shape : kItems) {
    const Json* arr = find(m_doc, {QLatin1String(shape.array)});
    if (!arr || !arr->is_array()) continue;
    for (std::size_t i = 0; i < arr->size(); ++i) {
      const QString where = QStringLiteral("%1[%2]").arg(QLatin1String(shape.array)).arg(i);
      const Json& item = (*arr)[i];
      if (!item.is_object()) {
        problems << QStringLiteral("%1: expected an object, found %2").arg(where, typeName(item));
        continue;
      }
      for (const char* key : shape.keys) {
        if (!key) break;
        const auto it = item.find(key);
        const QString at = where + QLatin1Char('.') + QLatin1String(key);
        if (it == item.end())
          problems << QStringLiteral("%1: required key missing").arg(at);
        else if (std::string_view(key) == "met")
          problems << checkKind(at, *it, Kind::Bool);
        else if (it->is_structured() || it->is_boolean())
          problems << QStringLiteral("%1: expected a string, number or null, found %2").arg(at, typeName(*it));
      }
    }
  }
  problems.removeAll(QString());
  return problems;
}

QString MemoryRecord::version() const {
  const Json v = value(QStringLiteral("version"));
  return v.is_string() ? qs(v.get<std::string>()) : QString();
}

bool MemoryRecord::isMasked() const {
  const Json v = value(QStringLiteral("masked"));
  return v.is_boolean() && v.get<bool>();
}

QString memoryPath(const QString& workspace, const QString& version) {
  return QDir(workspace).filePath(QStringLiteral("memory/%1.json").arg(version));
}

std::optional<int> versionNumber(const QString& version) {
  static const QRegularExpression re(QStringLiteral("^v(0|[1-9]\\d{0,8})$"));  // v0, v1, ...: no leading zeros
  const QRegularExpressionMatch m = re.match(version);
  if (!m.hasMatch()) return std::nullopt;
  return m.captured(1).toInt();
}

QList<MemoryRecord> loadAll(const QString& workspace, QStringList* errors) {
  const QDir dir(QDir(workspace).filePath(QStringLiteral("memory")));
  QList<QPair<int, QString>> files;
  const QStringList names = dir.entryList({QStringLiteral("v*.json")}, QDir::Files);
  for (const QString& name : names) {
    if (const auto n = versionNumber(QFileInfo(name).completeBaseName())) files.append({*n, dir.filePath(name)});
  }
  std::sort(files.begin(), files.end());
  QList<MemoryRecord> out;
  for (const auto& [n, path] : std::as_const(files)) {
    QString err;
    auto rec = MemoryRecord::load(path, &err);
    if (!rec) {
      if (errors) errors->append(err);
      continue;
    }
    if (!rec->isMasked())  // the seed: a masked record is skipped on read
      out.append(std::move(*rec));
  }
  return out;
}

bool isMeasuredMemoryPath(const QString& dottedPath) {
  for (const char* top : {"performance", "correctness", "quality_gate"})
    if (dottedPath == QLatin1String(top) || dottedPath.startsWith(QLatin1String(top) + u'.')) return true;
  return false;
}

QStringList engineerMemoryFields() {
  return {QStringLiteral("optimization.expected_impact"),
          QStringLiteral("optimization.risks_and_rollback"),
          QStringLiteral("profile_evidence.tool_used"),
          QStringLiteral("profile_evidence.evidence_summary"),
          QStringLiteral("profile_evidence.evidence_chain"),
          QStringLiteral("isa_metric_progress"),
          QStringLiteral("open_directions"),
          QStringLiteral("pitfalls_and_fixes")};
}

namespace {

// A pitfall as a run writes it: the failing case's type and message, the engineer's three columns null.
bool isRunsPitfall(const Json& item) {
  if (!item.is_object() ||
      !(item.value("error_type", Json()) == "accuracy" || item.value("error_type", Json()) == "timeout"))
    return false;
  for (const char* k : {"root_cause", "fix_applied", "lesson"})
    if (item.contains(k) && !item[k].is_null() && !(item[k].is_string() && item[k].get<std::string>().empty()))
      return false;
  return true;
}

bool hasText(const Json& v) { return !v.is_null() && !(v.is_string() && v.get<std::string>().empty()); }

}  // namespace

QStringList carryEngineerFields(const Json& previous, MemoryRecord& fresh) {
  QStringList carried;
  if (!previous.is_object()) return carried;
  const MemoryRecord before = MemoryRecord::fromJson(previous);
  for (const QString& path : engineerMemoryFields()) {
    const Json was = before.value(path);
    Json now = fresh.value(path);
    bool changed = false;
    if (path == QLatin1String("pitfalls_and_fixes")) {
      if (!was.is_array()) continue;
      if (!now.is_array()) now = Json::array();
      for (const Json& item : was) {
        if (isRunsPitfall(item)) continue;  // this run writes its own failing cases afresh
        if (!item.is_object()) {            // not the template's shape: kept as written (validate() says so)
          if (std::find(now.begin(), now.end(), item) == now.end()) now.push_back(item);
          changed = true;
          continue;
        }
        // The engineer's diagnosis of a case that fails again goes onto this run's entry for it.
        auto same = std::find_if(now.begin(), now.end(), [&](const Json& n) {
          return n.is_object() && n.value("error_message", Json()) == item.value("error_message", Json());
        });
        if (same != now.end() && isRunsPitfall(*same)) {
          for (const auto& [k, v] : item.items())
            if (hasText(v) && !hasText((*same)[k])) (*same)[k] = v;
        } else if (std::find(now.begin(), now.end(), item) == now.end()) {
          now.push_back(item);
        }
        changed = true;
      }
    } else if (was.is_array()) {
      if (was.empty()) continue;
      if (!now.is_array()) now = Json::array();
      for (const Json& item : was)
        if (std::find(now.begin(), now.end(), item) == now.end()) {
          now.push_back(item);
          changed = true;
        }
    } else if (hasText(was) && !hasText(now)) {
      now = was;
      changed = true;
    }
    if (changed && fresh.setJson(path, now)) carried << path;
  }
  return carried;
}

}  // namespace kwb
