#include "core/run/harnessparser.h"

#include "core/input/boundedinput.h"

#include <algorithm>
#include <QStringList>

#include <cmath>

namespace kwb {

namespace {

using json = nlohmann::json;

QString qs(const std::string& s) { return QString::fromStdString(s); }

// Reads an optional text field: absent/null → "", string → itself, number → decimal text.
bool readText(const json& o, const char* key, QString* out, QString* error) {
  const auto it = o.find(key);
  if (it == o.end() || it->is_null()) return true;
  if (it->is_string()) {
    *out = qs(it->get<std::string>());
    return true;
  }
  if (it->is_number()) {
    *out = qs(it->dump());
    return true;
  }
  *error = QStringLiteral("field \"%1\" must be a string or null, got %2").arg(QLatin1String(key), qs(it->type_name()));
  return false;
}

// Reads an optional finite number: absent/null → nullopt.
bool readNumber(const json& o, const char* key, std::optional<double>* out, QString* error) {
  const auto it = o.find(key);
  if (it == o.end() || it->is_null()) return true;
  if (!it->is_number()) {
    *error =
        QStringLiteral("field \"%1\" must be a number or null, got %2").arg(QLatin1String(key), qs(it->type_name()));
    return false;
  }
  const double v = it->get<double>();
  if (!std::isfinite(v)) {
    *error = QStringLiteral("field \"%1\" is not finite (use null plus a reason)").arg(QLatin1String(key));
    return false;
  }
  *out = v;
  return true;
}

// A field that older harnesses did not print: written when set, or null when raw had it; else left out.
void setOptional(json& o, const char* key, const std::optional<double>& v) {
  if (v)
    o[key] = *v;
  else if (o.contains(key))
    o[key] = nullptr;
}

const QString kPrefix = QStringLiteral("[test_kernel] ");

// Keyword after the prefix, and whether it is followed by a JSON payload.
enum class Marker { None, CasePlan, CaseStart, CaseResult, ResultJson, GpuLock, Compile };

Marker markerAt(const QString& line, qsizetype bodyStart, qsizetype* payloadStart) {
  const auto startsWordAt = [&](QLatin1String word) {
    if (line.size() - bodyStart < word.size()) return false;
    if (QStringView(line).mid(bodyStart, word.size()) != word) return false;
    const qsizetype after = bodyStart + word.size();
    return after == line.size() || line.at(after).isSpace() || line.at(after) == QLatin1Char('=') ||
           line.at(after) == QLatin1Char('{');
  };
  if (startsWordAt(QLatin1String("CASE_PLAN"))) {
    *payloadStart = bodyStart + 9;
    return Marker::CasePlan;
  }
  if (startsWordAt(QLatin1String("CASE_START"))) {
    *payloadStart = bodyStart + 10;
    return Marker::CaseStart;
  }
  if (startsWordAt(QLatin1String("CASE_RESULT"))) {
    *payloadStart = bodyStart + 11;
    return Marker::CaseResult;
  }
  if (startsWordAt(QLatin1String("RESULT_JSON"))) {
    *payloadStart = bodyStart + 11;
    return Marker::ResultJson;
  }
  if (startsWordAt(QLatin1String("GPU_LOCK"))) {
    *payloadStart = bodyStart + 8;
    return Marker::GpuLock;
  }
  if (startsWordAt(QLatin1String("COMPILE"))) {
    *payloadStart = bodyStart + 7;
    return Marker::Compile;
  }
  return Marker::None;
}

}  // namespace

QString harnessShapeText(const json& v) {
  if (v.is_string()) return qs(v.get<std::string>());
  if (!v.is_array()) return v.is_null() ? QString() : qs(v.dump());
  const auto dims = [](const json& a) {
    QStringList parts;
    for (const auto& d : a) parts << (d.is_string() ? qs(d.get<std::string>()) : qs(d.dump()));
    return parts.isEmpty() ? QStringLiteral("()") : parts.join(QLatin1Char('x'));  // a 0-d tensor (trial 18, #7)
  };
  bool nested = !v.empty();
  for (const auto& e : v) nested = nested && e.is_array();
  if (!nested) return dims(v);
  QStringList inputs;
  for (const auto& e : v) inputs << dims(e);
  return inputs.join(QStringLiteral(", "));
}

QString harnessLinePrefix() { return kPrefix; }

bool skippedForThisCpu(const CaseResult& c, bool cpuDryRun) {
  return cpuDryRun && c.status == QLatin1String("SKIPPED") && c.reason.startsWith(QLatin1String(kDryRunNotOnThisCpu));
}

bool skippedAsVacuous(const CaseResult& c) {
  return c.status == QLatin1String("SKIPPED") &&
         (c.reason.contains(QLatin1String(kVacuousCheck)) || c.reason.startsWith(QLatin1String(kModelNotInDtype)));
}

bool isCaseStatus(const QString& s) {
  // SKIPPED: a CPU dry run's case whose reference raises in its dtype on this CPU's torch (kDryRunNotOnThisCpu), or
  // a case with no finite reference value to compare (kVacuousCheck, any mode); the gate fails any other
  return s == QLatin1String("PASS") || s == QLatin1String("FAIL") || s == QLatin1String("TIMEOUT_FAIL") ||
         s == QLatin1String("ERROR") || s == QLatin1String("SKIPPED");
}

std::optional<CaseResult> caseResultFromJson(const json& o, QString* error) {
  QString dummy;
  QString& err = error ? *error : dummy;
  if (!o.is_object()) {
    err = QStringLiteral("a case must be a JSON object, got %1").arg(qs(o.type_name()));
    return std::nullopt;
  }
  CaseResult r;
  r.raw = o;
  if (!readText(o, "name", &r.name, &err) || !readText(o, "status", &r.status, &err) ||
      !readText(o, "dtype", &r.dtype, &err) || !readText(o, "reason", &r.reason, &err) ||
      !readNumber(o, "rel_err", &r.relErr, &err) || !readNumber(o, "threshold", &r.threshold, &err) ||
      !readNumber(o, "latency_us", &r.latencyUs, &err) || !readNumber(o, "ref_latency_us", &r.refLatencyUs, &err) ||
      !readNumber(o, "host_us", &r.hostUs, &err) || !readNumber(o, "ref_host_us", &r.refHostUs, &err))
    return std::nullopt;
  if (r.name.isEmpty()) {
    err = QStringLiteral("a case needs a non-empty \"name\"");
    return std::nullopt;
  }
  if (!isCaseStatus(r.status)) {
    err = QStringLiteral("case \"%1\": status \"%2\" is not PASS, FAIL, TIMEOUT_FAIL, ERROR or SKIPPED")
              .arg(r.name, r.status);
    return std::nullopt;
  }
  if (const auto it = o.find("shape"); it != o.end()) r.shape = harnessShapeText(*it);
  return r;
}

std::optional<RunResult> runResultFromJson(const json& o, QString* error) {
  QString dummy;
  QString& err = error ? *error : dummy;
  if (!o.is_object()) {
    err = QStringLiteral("RESULT_JSON must be a JSON object, got %1").arg(qs(o.type_name()));
    return std::nullopt;
  }
  RunResult r;
  r.raw = o;
  if (!readText(o, "version", &r.version, &err) || !readText(o, "mode", &r.mode, &err) ||
      !readText(o, "status", &r.status, &err) || !readText(o, "framework", &r.framework, &err) ||
      !readText(o, "torch", &r.torch, &err) || !readText(o, "triton", &r.triton, &err) ||
      !readText(o, "timing_method", &r.timingMethod, &err) || !readText(o, "primary_case", &r.primaryCase, &err) ||
      !readText(o, "dry_run_note", &r.dryRunNote, &err) || !readNumber(o, "max_rel_err", &r.maxRelErr, &err) ||
      !readNumber(o, "latency_us", &r.latencyUs, &err) || !readNumber(o, "ref_latency_us", &r.refLatencyUs, &err) ||
      !readNumber(o, "host_us", &r.hostUs, &err) || !readNumber(o, "ref_host_us", &r.refHostUs, &err))
    return std::nullopt;
  if (r.status != QLatin1String("PASS") && r.status != QLatin1String("FAIL") && r.status != QLatin1String("ERROR")) {
    err = QStringLiteral("RESULT_JSON: status \"%1\" is not PASS, FAIL or ERROR").arg(r.status);
    return std::nullopt;
  }
  // "gpu" is a name; an object (e.g. {"name": ..., "sm_count": ...}) contributes its name.
  if (const auto it = o.find("gpu"); it != o.end() && !it->is_null()) {
    if (it->is_object()) {
      if (!readText(*it, "name", &r.gpu, &err)) return std::nullopt;
    } else if (!readText(o, "gpu", &r.gpu, &err)) {
      return std::nullopt;
    }
  }
  // Optional lists, read leniently (they explain a run, they do not decide it).
  if (const auto it = o.find("skipped_cases"); it != o.end() && it->is_array())
    for (const auto& s : *it)
      if (s.is_object() && s.contains("name") && s.at("name").is_string())
        r.skippedCases.append({qs(s.at("name").get<std::string>()), s.contains("reason") && s.at("reason").is_string()
                                                                        ? qs(s.at("reason").get<std::string>())
                                                                        : QString()});
  if (const auto it = o.find("model_mode");
      it != o.end() && it->is_object() && it->contains("note") && it->at("note").is_string())
    r.modelModeNote = qs(it->at("note").get<std::string>()).left(500);
  if (const auto it = o.find("compile_ref"); it != o.end() && it->is_object()) {
    const json& c = *it;
    if (c.contains("latency_us") && c.at("latency_us").is_number() && c.at("latency_us").get<double>() > 0.0)
      r.compileRefLatencyUs = c.at("latency_us").get<double>();
    if (c.contains("compile_s") && c.at("compile_s").is_number())
      r.compileRefCompileS = c.at("compile_s").get<double>();
    if (c.contains("precision") && c.at("precision").is_string())
      r.compileRefPrecision = qs(c.at("precision").get<std::string>());
    if (c.contains("error") && c.at("error").is_string())
      r.compileRefError = qs(c.at("error").get<std::string>()).left(500);
  }
  if (const auto it = o.find("dispatch_check"); it != o.end() && it->is_object()) {
    const json& d = *it;
    if (d.contains("ok") && d.at("ok").is_boolean()) r.dispatchCheckOk = d.at("ok").get<bool>();
    if (d.contains("compute_ops") && d.at("compute_ops").is_array())
      for (const auto& op : d.at("compute_ops"))
        if (op.is_object() && op.contains("op") && op.at("op").is_string() && r.dispatchComputeOps.size() < 32)
          r.dispatchComputeOps.append(QStringLiteral("aten::%1 x%2")
                                          .arg(qs(op.at("op").get<std::string>()).left(80))
                                          .arg(op.value("count", 1)));
  }
  if (const auto it = o.find("kernel_profile"); it != o.end() && it->is_object()) {
    const json& k = *it;
    const auto num = [](const json& j, const char* key) -> std::optional<double> {
      if (j.contains(key) && j.at(key).is_number()) return j.at(key).get<double>();
      return std::nullopt;
    };
    const auto text = [](const json& j, const char* key) -> QString {
      if (!j.contains(key) || j.at(key).is_null()) return {};
      return j.at(key).is_string() ? qs(j.at(key).get<std::string>()).left(120) : qs(j.at(key).dump()).left(120);
    };
    r.kernelTotalUs = num(k, "total_us");
    if (k.contains("launches") && k.at("launches").is_number_integer())
      r.kernelLaunches = int(std::clamp<qint64>(k.at("launches").get<qint64>(), 0, qint64(1) << 30));
    r.kernelProfileError = text(k, "error");
    const char* listKey = (k.contains("kernels") && k.at("kernels").is_array() &&
                           qsizetype(k.at("kernels").size()) == qsizetype(r.kernelLaunches))
                              ? "kernels"
                              : "by_name";
    if (k.contains(listKey) && k.at(listKey).is_array())
      for (const auto& e : k.at(listKey)) {
        if (!e.is_object() || r.kernelProfile.size() >= 256) continue;
        RunResult::ProfiledKernel pk;
        pk.name = text(e, "name");
        if (e.contains("count") && e.at("count").is_number_integer())
          pk.count = int(std::clamp<qint64>(e.at("count").get<qint64>(), 1, qint64(1) << 30));
        pk.us = num(e, "us");
        pk.sharePct = num(e, "share_pct");
        pk.grid = text(e, "grid");
        pk.block = text(e, "block");
        pk.regs = text(e, "regs");
        pk.smem = text(e, "smem");
        r.kernelProfile.append(pk);
      }
  }
  if (const auto it = o.find("torch_shims"); it != o.end() && it->is_array())
    for (const auto& s : *it)
      if (s.is_string()) r.torchShims.append(qs(s.get<std::string>()));
  if (const auto it = o.find("grid_blocks"); it != o.end() && !it->is_null()) {
    if (!it->is_number_integer() || it->get<qint64>() < 0) {
      err = QStringLiteral("field \"grid_blocks\" must be a non-negative integer or null, got %1").arg(qs(it->dump()));
      return std::nullopt;
    }
    r.gridBlocks = it->get<qint64>();
  }
  if (const auto it = o.find("cases"); it != o.end() && !it->is_null()) {
    if (!it->is_array()) {
      err = QStringLiteral("field \"cases\" must be an array, got %1").arg(qs(it->type_name()));
      return std::nullopt;
    }
    for (const auto& c : *it) {
      QString caseError;
      auto cr = caseResultFromJson(c, &caseError);
      if (!cr) {
        err = QStringLiteral("RESULT_JSON cases[%1]: %2").arg(r.cases.size()).arg(caseError);
        return std::nullopt;
      }
      r.cases << *cr;
    }
  }
  return r;
}

HarnessEvent parseHarnessLine(const QString& line) {
  HarnessEvent ev;
  ev.raw = line;

  qsizetype lead = 0;
  while (lead < line.size() && (line.at(lead).isSpace() || line.at(lead) == QChar(0xFEFF))) ++lead;
  const qsizetype prefixAt = QStringView(line).mid(lead).startsWith(kPrefix) ? lead : -1;
  qsizetype payloadStart = 0;
  Marker marker = Marker::None;
  if (prefixAt >= 0) {
    marker = markerAt(line, prefixAt + kPrefix.size(), &payloadStart);
  } else {
    // Text without a newline may have been glued in front of a marker: look further in.
    for (qsizetype at = line.indexOf(kPrefix); at > 0 && marker == Marker::None; at = line.indexOf(kPrefix, at + 1))
      marker = markerAt(line, at + kPrefix.size(), &payloadStart);
  }
  if (marker == Marker::None) return ev;

  const char* what = marker == Marker::CasePlan     ? "CASE_PLAN"
                     : marker == Marker::CaseStart  ? "CASE_START"
                     : marker == Marker::CaseResult ? "CASE_RESULT"
                     : marker == Marker::GpuLock    ? "GPU_LOCK"
                     : marker == Marker::Compile    ? "COMPILE"
                                                    : "RESULT_JSON";
  ev.marker = QLatin1String(what);
  const auto fail = [&](const QString& why) {
    ev.kind = HarnessEvent::Kind::ParseError;
    ev.error = QLatin1String(what) + QStringLiteral(": ") + why;
    ev.payload = nullptr;
    return ev;
  };

  QStringView payload = QStringView(line).mid(payloadStart).trimmed();
  if (marker == Marker::ResultJson) {
    if (!payload.startsWith(QLatin1Char('='))) return fail(QStringLiteral("expected '=' after RESULT_JSON"));
    payload = payload.mid(1).trimmed();
  }
  if (payload.isEmpty()) return fail(QStringLiteral("no JSON after the marker"));
  // The line's size is bounded by the line splitter; its nesting is bounded here, before the parse, because
  // the payload is later dumped and walked recursively (result.json, the report).
  const QByteArray utf8 = payload.toUtf8();
  qsizetype deepAt = 0;
  if (jsonNestingDepth(utf8, limits::kHarnessJsonDepth, &deepAt) > limits::kHarnessJsonDepth)
    return fail(
        QStringLiteral("JSON nested deeper than %1 levels (at byte %2)").arg(limits::kHarnessJsonDepth).arg(deepAt));
  try {
    ev.payload = json::parse(utf8.constBegin(), utf8.constEnd());
  } catch (const json::exception& e) {
    // nlohmann is strict JSON: NaN, Infinity, single quotes, trailing commas, and numbers
    // that overflow a double (out_of_range) all land here. The message quotes the input: elided.
    return fail(QStringLiteral("not strict JSON (%1)").arg(elide(QString::fromUtf8(e.what()), 300)));
  }

  QString why;
  switch (marker) {
    case Marker::CaseStart: {
      const auto it = ev.payload.find("name");
      if (!ev.payload.is_object() || it == ev.payload.end() || !it->is_string() || it->get<std::string>().empty())
        return fail(QStringLiteral("expected an object with a non-empty string \"name\""));
      ev.kind = HarnessEvent::Kind::CaseStart;
      ev.caseName = qs(it->get<std::string>());
      // Position and count are optional (harnesses before them lack them): wrong types read as absent.
      if (ev.payload.contains("index") && ev.payload["index"].is_number_integer())
        ev.caseIndex = ev.payload["index"].get<int>();
      if (ev.payload.contains("total") && ev.payload["total"].is_number_integer())
        ev.caseTotal = ev.payload["total"].get<int>();
      break;
    }
    case Marker::CasePlan: {
      const auto it = ev.payload.find("cases");
      if (!ev.payload.is_object() || it == ev.payload.end() || !it->is_array())
        return fail(QStringLiteral("expected an object with an array \"cases\""));
      for (const auto& n : *it) {
        if (!n.is_string() || n.get<std::string>().empty())
          return fail(QStringLiteral("\"cases\" must hold non-empty strings, got %1").arg(elide(qs(n.dump()))));
        ev.plannedCases << qs(n.get<std::string>());
      }
      ev.kind = HarnessEvent::Kind::CasePlan;
      break;
    }
    case Marker::CaseResult:
      ev.caseResult = caseResultFromJson(ev.payload, &why);
      if (!ev.caseResult) return fail(why);
      ev.kind = HarnessEvent::Kind::CaseResult;
      ev.caseName = ev.caseResult->name;
      break;
    case Marker::ResultJson:
      ev.runResult = runResultFromJson(ev.payload, &why);
      if (!ev.runResult) return fail(why);
      ev.kind = HarnessEvent::Kind::ResultJson;
      break;
    case Marker::GpuLock: {
      const auto it = ev.payload.find("state");
      const std::string state =
          ev.payload.is_object() && it != ev.payload.end() && it->is_string() ? it->get<std::string>() : std::string();
      if (state != "wait" && state != "held" && state != "released")
        return fail(QStringLiteral("expected an object with \"state\" \"wait\", \"held\" or \"released\""));
      ev.kind = HarnessEvent::Kind::GpuLock;
      ev.lockState = qs(state);
      break;
    }
    case Marker::Compile: {
      const auto it = ev.payload.find("state");
      const std::string state =
          ev.payload.is_object() && it != ev.payload.end() && it->is_string() ? it->get<std::string>() : std::string();
      if (state != "start" && state != "end")
        return fail(QStringLiteral("expected an object with \"state\" \"start\" or \"end\""));
      if (state == "start") {
        const auto lim = ev.payload.find("limit_s");
        if (lim == ev.payload.end() || !lim->is_number() || !std::isfinite(lim->get<double>()) ||
            lim->get<double>() <= 0)
          return fail(QStringLiteral("a \"start\" needs a positive number \"limit_s\""));
        ev.compileLimitSec = lim->get<double>();
      } else if (const auto sec = ev.payload.find("seconds");
                 sec != ev.payload.end() && sec->is_number() && std::isfinite(sec->get<double>())) {
        ev.compileSeconds = sec->get<double>();
      }
      if (const auto c = ev.payload.find("case"); c != ev.payload.end() && c->is_string())
        ev.caseName = qs(c->get<std::string>());
      ev.kind = HarnessEvent::Kind::Compile;
      ev.compileState = qs(state);
      break;
    }
    case Marker::None:
      break;
  }
  return ev;
}

json toJson(const CaseResult& r) {
  const auto num = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
  json o = r.raw.is_object() ? r.raw : json::object();
  o["name"] = r.name.toStdString();
  o["status"] = r.status.toStdString();
  o["rel_err"] = num(r.relErr);
  o["threshold"] = num(r.threshold);
  o["latency_us"] = num(r.latencyUs);
  o["ref_latency_us"] = num(r.refLatencyUs);
  setOptional(o, "host_us", r.hostUs);
  setOptional(o, "ref_host_us", r.refHostUs);
  if (!o.contains("shape")) o["shape"] = r.shape.isEmpty() ? json(nullptr) : json(r.shape.toStdString());
  o["dtype"] = r.dtype.isEmpty() ? json(nullptr) : json(r.dtype.toStdString());
  o["reason"] = r.reason.isEmpty() ? json(nullptr) : json(r.reason.toStdString());
  return o;
}

json toJson(const RunResult& r) {
  const auto num = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
  const auto text = [](const QString& s) { return s.isEmpty() ? json(nullptr) : json(s.toStdString()); };
  json o = r.raw.is_object() ? r.raw : json::object();
  if (!o.contains("version") || !o["version"].is_number()) o["version"] = text(r.version);
  o["mode"] = text(r.mode);
  o["status"] = r.status.toStdString();
  o["framework"] = text(r.framework);
  if (!o.contains("gpu") || !o["gpu"].is_object()) o["gpu"] = text(r.gpu);
  o["torch"] = text(r.torch);
  o["triton"] = text(r.triton);
  o["timing_method"] = text(r.timingMethod);
  json cases = json::array();
  for (const auto& c : r.cases) cases.push_back(toJson(c));
  o["cases"] = std::move(cases);
  o["max_rel_err"] = num(r.maxRelErr);
  o["primary_case"] = text(r.primaryCase);
  o["latency_us"] = num(r.latencyUs);
  o["ref_latency_us"] = num(r.refLatencyUs);
  setOptional(o, "host_us", r.hostUs);
  setOptional(o, "ref_host_us", r.refHostUs);
  o["grid_blocks"] = r.gridBlocks ? json(*r.gridBlocks) : json(nullptr);
  o["dry_run_note"] = text(r.dryRunNote);
  return o;
}

}  // namespace kwb
