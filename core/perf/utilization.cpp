#include "core/perf/utilization.h"

#include <muParser.h>
#include <QRegularExpression>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

namespace kwb {

namespace {

// What the expressions accept, for error messages (the same list as `kwb utilization --help`).
const QLatin1String kOperators(
    "operators: + - * / and ^ for power, parentheses, comparisons, ?:, "
    "functions such as min, max, sqrt");

struct Evaluated {
  bool ok = false;
  double value = 0.0;
  QString error;
};

// What muParser's exception means, for a user who typed the expression. muParser reports a character
// that is neither an operator nor a name, such as '%', as an "unexpected token" (the same code as an
// undefined variable), and Python's ** and // as an unexpected second operator; both are said plainly.
QString parseErrorText(const QString& expr, const mu::Parser::exception_type& e, const QMap<QString, double>& vars) {
  const std::string text = expr.toStdString();  // muParser's positions are offsets into this string
  const int pos = e.GetPos();
  const auto at = [&text](int i) {
    return i >= 0 && static_cast<std::size_t>(i) < text.size() ? text[static_cast<std::size_t>(i)] : '\0';
  };
  const char c = at(pos);
  if (e.GetCode() == mu::ecUNASSIGNABLE_TOKEN && c != '\0' && !std::isalnum(static_cast<unsigned char>(c)) &&
      c != '_') {
    const QString which = QStringLiteral("'") + QChar::fromLatin1(c) + QStringLiteral("' at position %1").arg(pos);
    if (c == '%')
      return which + QStringLiteral(" is not an operator here: these expressions have no modulo (") + kOperators +
             QLatin1Char(')');
    return which + QStringLiteral(" is neither an operator nor a name here (") + kOperators + QLatin1Char(')');
  }
  QString message = QString::fromStdString(e.GetMsg());
  // muParser's message usually names the token and its 0-based position; add it where it does not.
  if (pos >= 0 && !message.contains(QLatin1String("position"))) message += QStringLiteral(" (at position %1)").arg(pos);
  if (e.GetCode() == mu::ecUNASSIGNABLE_TOKEN) {
    const QStringList names = vars.keys();
    message += QStringLiteral(" (undefined variable; defined: ") +
               (names.isEmpty() ? QStringLiteral("none") : names.join(QStringLiteral(", "))) + QLatin1Char(')');
  } else if (e.GetCode() == mu::ecUNEXPECTED_OPERATOR && at(pos - 1) == c && (c == '*' || c == '/')) {
    message += c == '*' ? QStringLiteral(" (** is not a power here: write ^, as in 2^10)")
                        : QStringLiteral(" (// is not floor division here: there is none; / divides)");
  }
  return message;
}

// muParser only: arithmetic, its built-in functions and the given variables. An undefined name is
// an error (no variable factory), so a typo never silently evaluates to 0.
Evaluated evaluate(const QString& what, const QString& expr, const QMap<QString, double>& vars) {
  Evaluated r;
  if (expr.trimmed().isEmpty()) {
    r.error = what + QStringLiteral(" expression is empty");
    return r;
  }
  // A count is a formula, not a program: past this length it is refused before muParser sees it, and the
  // message quotes only its start.
  constexpr qsizetype kMaxExprChars = 4096;
  if (expr.size() > kMaxExprChars) {
    r.error = what + QStringLiteral(" expression is %1 characters long; the limit is %2 (\"%3\")")
                         .arg(expr.size())
                         .arg(kMaxExprChars)
                         .arg(expr.left(60) + QStringLiteral("…"));
    return r;
  }
  // muParser's names are ASCII; Python's are not (a size global named größe or 批量, which the probe writes into the
  // FLOP expression): such a name is given to muParser as an ASCII alias, replaced as a whole word (new-user trial 27:
  // no roofline and no utilization for such a problem)
  static const QRegularExpression asciiName(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
  QString muExpr = expr;
  QMap<QString, double> muVars;
  QStringList aliased;
  for (auto it = vars.cbegin(); it != vars.cend(); ++it)
    if (asciiName.match(it.key()).hasMatch())
      muVars.insert(it.key(), it.value());
    else
      aliased << it.key();
  std::sort(aliased.begin(), aliased.end(), [](const QString& a, const QString& b) { return a.size() > b.size(); });
  for (qsizetype k = 0; k < aliased.size(); ++k) {
    const QString alias = QStringLiteral("_kwb_name%1").arg(k);
    muExpr.replace(QRegularExpression(
                       QStringLiteral("(?<!\\w)") + QRegularExpression::escape(aliased[k]) + QStringLiteral("(?!\\w)"),
                       QRegularExpression::UseUnicodePropertiesOption),
                   alias);
    muVars.insert(alias, vars.value(aliased[k]));
  }
  std::vector<double> storage(static_cast<std::size_t>(muVars.size()));  // stable addresses for DefineVar
  try {
    mu::Parser parser;
    std::size_t i = 0;
    for (auto it = muVars.cbegin(); it != muVars.cend(); ++it, ++i) {
      storage[i] = it.value();
      parser.DefineVar(it.key().toStdString(), &storage[i]);
    }
    parser.SetExpr(muExpr.toStdString());
    r.value = parser.Eval();
    // muParser reads a top-level comma as a list of expressions and returns the last: "1,000,000"
    // evaluated to 0 without a word. A count is one expression (commas inside min(a,b) are fine).
    if (const int n = parser.GetNumResults(); n > 1) {
      r.error = what + QStringLiteral(" expression \"") + expr +
                QStringLiteral(
                    "\": a comma outside a function's parentheses separates expressions; this is %1 "
                    "of them. Write numbers without thousands separators (1000000 or 1e6)")
                    .arg(n);
      return r;
    }
  } catch (const mu::Parser::exception_type& e) {
    r.error = what + QStringLiteral(" expression \"") + expr + QStringLiteral("\": ") + parseErrorText(expr, e, vars);
    return r;
  }
  if (!std::isfinite(r.value) || r.value < 0.0) {
    r.error = what + QStringLiteral(" expression \"") + expr + QStringLiteral("\" evaluated to ") +
              QString::number(r.value) + QStringLiteral(", not a finite non-negative count");
    return r;
  }
  r.ok = true;
  return r;
}

QString num(double v, int precision = 4) { return QString::number(v, 'g', precision); }
QString fixed(double v, int decimals = 2) { return QString::number(v, 'f', decimals); }

// A computed value for the text output: `decimals` fixed decimals where that shows at least two
// significant digits and the number stays short, else 4 significant digits (%.4g) -- 1e25 FLOP in
// 0.2 ms printed as a 23-digit TFLOPS figure and 5e-09 TFLOPS as 0.000 (fresh-user trial).
// JSON keeps the full values.
QString readable(double v, int decimals = 2) {
  const double a = std::abs(v);
  if (a == 0.0 || (a >= std::pow(10.0, 1 - decimals) && a < 1e6)) return fixed(v, decimals);
  return QString::number(v, 'g', 4);
}

// int8's work is integer ops and its peak TOPS (computeRateUnit); every other ledger dtype's is FLOP.
bool integerWork(const QString& dtype) { return computeRateUnit(dtype) == QLatin1String("TOPS"); }

QString peakKind(const QString& dtype) {
  if (dtype == QLatin1String("fp32")) return QStringLiteral("plain (non-tensor) fp32");
  if (dtype == QLatin1String("fp64")) return QStringLiteral("plain (non-tensor) fp64");
  if (dtype == QLatin1String("fp64_tensor")) return QStringLiteral("fp64 tensor-core/matrix");
  return QStringLiteral("dense ") + dtype + QStringLiteral(" tensor-core/matrix");
}

void warnConflict(UtilizationResult* r, const QString& what, const SpecValue& v) {
  for (const SourcedValue& other : v.conflicts)
    r->warnings.append(QStringLiteral("sources disagree on ") + what + QStringLiteral(": ") + num(v.value, 10) +
                       QLatin1Char(' ') + v.unit + QStringLiteral(" (") + v.source.title + QStringLiteral(") vs ") +
                       num(other.value, 10) + QLatin1Char(' ') + other.unit + QStringLiteral(" (") +
                       other.source.title + QStringLiteral("); using ") + num(v.value, 10));
}

}  // namespace

UtilizationResult computeUtilization(const UtilizationRequest& req, const SpecLedger& ledger) {
  UtilizationResult r;
  auto fail = [&r](const QString& message) {
    r.ok = false;
    r.error = message;
    return r;
  };

  const SpecLedger::LookupResult found = ledger.lookup(req.gpu);
  if (!found.ok()) return fail(found.error);
  const GpuSpec& gpu = *found.gpu;
  r.gpuId = gpu.id;

  r.dtype = normalizeDtype(req.dtype);
  r.noPeak = r.dtype.isEmpty();
  if (r.dtype.isEmpty()) {
    // an integer problem (int32 masks, int64 indices) is memory-bound: rated against the bandwidth alone
    r.dtype = bandwidthOnlyDtype(req.dtype);
    r.bandwidthOnly = !r.dtype.isEmpty();
    if (!r.bandwidthOnly)
      return fail(QStringLiteral("unknown dtype \"") + req.dtype + QStringLiteral("\"; known: ") +
                  ledgerDtypes().join(QStringLiteral(", ")));
  }
  const std::optional<SpecValue> peak =
      r.bandwidthOnly ? std::optional<SpecValue>(SpecValue{}) : gpu.densePeakTflops(r.dtype);
  if (!r.bandwidthOnly && (!peak || peak->value <= 0.0)) {
    r.noPeak = true;
    const QString why = gpu.missingNote(QStringLiteral("dense.") + r.dtype);
    return fail(gpu.id + QStringLiteral(" has no published dense ") + r.dtype + QStringLiteral(" peak") +
                (why.isEmpty() ? QString() : QStringLiteral(" (") + why + QLatin1Char(')')) + QStringLiteral("; ") +
                computeRateUnit(r.dtype) + QStringLiteral(" utilization cannot be computed"));
  }
  const std::optional<SpecValue> bw = gpu.memoryBandwidthTBs();
  if (!bw || bw->value <= 0.0) {
    const QString why = gpu.missingNote(QStringLiteral("memory_bandwidth_tbs"));
    return fail(gpu.id + QStringLiteral(" has no published memory bandwidth") +
                (why.isEmpty() ? QString() : QStringLiteral(" (") + why + QLatin1Char(')')));
  }
  if (!(req.timeMs > 0.0) || !std::isfinite(req.timeMs))
    return fail(QStringLiteral("time must be a positive number of milliseconds, got ") + QString::number(req.timeMs));
  if (req.gridBlocks && *req.gridBlocks <= 0)
    return fail(QStringLiteral("grid blocks must be positive, got ") + QString::number(*req.gridBlocks));

  const Evaluated flops = evaluate(QStringLiteral("FLOP"), req.flopsExpr, req.vars);
  if (!flops.ok) return fail(flops.error);
  const Evaluated bytes = evaluate(QStringLiteral("bytes"), req.bytesExpr, req.vars);
  if (!bytes.ok) return fail(bytes.error);
  if (bytes.value <= 0.0)
    return fail(QStringLiteral("bytes expression \"") + req.bytesExpr +
                QStringLiteral("\" evaluated to 0: arithmetic intensity is undefined"));

  r.flops = flops.value;
  r.bytes = bytes.value;
  r.peakTflops = r.bandwidthOnly ? 0.0 : peak->value;
  r.peakBandwidthTBs = bw->value;
  const double seconds = req.timeMs / 1e3;
  r.arithmeticIntensity = r.flops / r.bytes;
  r.achievedTflops = r.flops / seconds / 1e12;
  r.achievedGBs = r.bytes / seconds / 1e9;
  r.bandwidthUtilPct = r.achievedGBs / (r.peakBandwidthTBs * 1000.0) * 100.0;
  if (!r.bandwidthOnly) {
    // TFLOPS / (TB/s) = FLOP/byte: both are per 10^12.
    r.ridgePoint = r.peakTflops / r.peakBandwidthTBs;
    r.tflopsUtilPct = r.achievedTflops / r.peakTflops * 100.0;
    r.bottleneck =
        r.arithmeticIntensity < r.ridgePoint ? QStringLiteral("memory-bound") : QStringLiteral("compute-bound");
    r.peakComputeSource = gpu.id + QLatin1Char(' ') + peakKind(r.dtype) + QStringLiteral(" peak ") + peak->describe();
    warnConflict(&r, gpu.id + QStringLiteral(" dense ") + r.dtype + QStringLiteral(" peak"), *peak);
  } else {
    r.peakComputeSource = QStringLiteral("n/a: no GPU publishes an ") + r.dtype +
                          QStringLiteral(" peak (the ledger has none); bandwidth utilization only");
    r.warnings.append(QStringLiteral("no compute roof for ") + r.dtype +
                      QStringLiteral(": compute utilization is n/a; the bandwidth utilization is the figure"));
  }
  r.peakBandwidthSource = gpu.id + QStringLiteral(" datasheet memory bandwidth ") + bw->describe();
  warnConflict(&r, gpu.id + QStringLiteral(" memory bandwidth"), *bw);
  if (r.dtype == QLatin1String("int8"))
    r.warnings.append(QStringLiteral("int8 peak is in TOPS: the FLOP expression should count integer ops"));

  // A measured ceiling is a separate, labelled reference: the run's own probe first, then the ledger's.
  if (req.measuredBandwidthTBs && *req.measuredBandwidthTBs > 0.0) {
    r.measuredBandwidthTBs = *req.measuredBandwidthTBs;
    // the caller's figure (kwb utilization --measured-bw, or the harness's copy in a baseline run,
    // whose report names it so): this function cannot know how it was measured
    r.measuredBandwidthSource = QLatin1String(kRequestCeilingSourcePrefix) + QStringLiteral(": ") +
                                num(*req.measuredBandwidthTBs) + QStringLiteral(" TB/s");
  } else if (const auto m = ledger.bestMeasured(gpu.id, QStringLiteral("copy_bandwidth_tbs"))) {
    r.measuredBandwidthTBs = m->value;
    r.measuredBandwidthSource = m->describe();
  }
  if (r.measuredBandwidthTBs) r.bandwidthUtilVsMeasuredPct = r.achievedGBs / (*r.measuredBandwidthTBs * 1000.0) * 100.0;
  // A device-to-device copy cannot outrun the memory: a "measured" ceiling above the datasheet figure
  // is a wrong input (TB/s given as GB/s/1000 twice, a cached copy, ...), said so rather than used quietly.
  if (r.measuredBandwidthTBs && *r.measuredBandwidthTBs > r.peakBandwidthTBs * 1.02)
    r.warnings.append(QStringLiteral("the measured copy ceiling ") + num(*r.measuredBandwidthTBs) +
                      QStringLiteral(" TB/s is above the datasheet bandwidth ") + num(r.peakBandwidthTBs, 10) +
                      QStringLiteral(" TB/s: a copy cannot beat the memory; check the value and its unit (TB/s)"));

  if (!r.bandwidthOnly && r.achievedTflops > r.peakTflops) {
    const QString unit = computeRateUnit(r.dtype);
    r.implausible = true;
    r.warnings.append(QStringLiteral("implausible: above the datasheet peak (") + readable(r.achievedTflops) +
                      QLatin1Char(' ') + unit + QStringLiteral(" > ") + num(r.peakTflops, 10) + QLatin1Char(' ') +
                      unit + QLatin1Char(' ') + peakKind(r.dtype) + QStringLiteral("); check the ") +
                      (integerWork(r.dtype) ? QStringLiteral("op count") : QStringLiteral("FLOP expression")) +
                      QStringLiteral(", the time unit (ms) and the dtype"));
  }
  if (r.achievedGBs > r.peakBandwidthTBs * 1000.0) {
    r.implausible = true;
    r.warnings.append(QStringLiteral("implausible: above the datasheet peak (") + readable(r.achievedGBs) +
                      QStringLiteral(" GB/s > ") + num(r.peakBandwidthTBs * 1000.0, 10) +
                      QStringLiteral(" GB/s); check the bytes expression and the time unit (ms), or the data "
                                     "was served from cache rather than HBM"));
  } else if (r.bandwidthUtilVsMeasuredPct && *r.bandwidthUtilVsMeasuredPct > 100.0) {
    r.warnings.append(QStringLiteral("above the measured copy ceiling (") + readable(*r.bandwidthUtilVsMeasuredPct) +
                      QStringLiteral(" %): possible with L2 reuse, otherwise re-check the timing"));
  }

  if (req.gridBlocks) {
    const std::optional<SpecValue> sms = gpu.smCount();
    if (sms && sms->value > 0.0) {
      r.waves = static_cast<double>(*req.gridBlocks) / sms->value;
    } else {
      const QString why = gpu.missingNote(QStringLiteral("sm_count"));
      r.warnings.append(gpu.id + QStringLiteral(" has no published ") + gpu.smUnitName() + QStringLiteral(" count") +
                        (why.isEmpty() ? QString() : QStringLiteral(" (") + why + QLatin1Char(')')) +
                        QStringLiteral("; waves not computed"));
    }
  }
  r.ok = true;
  return r;
}

QString formatUtilization(const UtilizationResult& r) {
  if (!r.ok) return QStringLiteral("error: ") + r.error + QLatin1Char('\n');
  QStringList lines;
  auto row = [&lines](const QString& key, const QString& value) {
    lines.append(key.leftJustified(24, QLatin1Char(' ')) + value);
  };
  auto pct = [&r](double v) {
    if (r.implausible && v > 100.0)
      return QString(QStringLiteral("IMPLAUSIBLE (raw ") + readable(v) + QStringLiteral(" %)"));
    return QString(readable(v) + QStringLiteral(" %"));
  };
  row(QStringLiteral("GPU / dtype"), r.gpuId + QStringLiteral(" / ") + r.dtype);
  // int8 work is integer ops and its peak TOPS: the text says so (it said FLOP and TFLOPS throughout)
  const QString rate = computeRateUnit(r.dtype);
  const bool integer = integerWork(r.dtype);
  const QString work = integer ? QStringLiteral("op") : QStringLiteral("FLOP");
  row(integer ? QStringLiteral("Ops / bytes") : QStringLiteral("FLOP / bytes"),
      num(r.flops, 6) + (integer ? QStringLiteral(" ops / ") : QStringLiteral(" FLOP / ")) + num(r.bytes, 6) +
          QStringLiteral(" bytes"));
  row(QStringLiteral("Arithmetic intensity"),
      num(r.arithmeticIntensity, 6) + QLatin1Char(' ') + work + QStringLiteral("/byte"));
  const QString noRoof = QStringLiteral("n/a (no ") + r.dtype + QStringLiteral(" compute peak)");
  if (r.bandwidthOnly)
    row(QStringLiteral("Ridge point"), noRoof);
  else
    row(QStringLiteral("Ridge point"), num(r.ridgePoint, 6) + QLatin1Char(' ') + work + QStringLiteral("/byte (") +
                                           num(r.peakTflops, 10) + QLatin1Char(' ') + rate + QStringLiteral(" / ") +
                                           num(r.peakBandwidthTBs, 10) + QStringLiteral(" TB/s)"));
  row(QStringLiteral("Bottleneck"), r.bandwidthOnly ? noRoof : r.bottleneck);
  row(QStringLiteral("Achieved"), readable(r.achievedTflops, 3) + QLatin1Char(' ') + rate + QStringLiteral(", ") +
                                      readable(r.achievedGBs, 1) + QStringLiteral(" GB/s"));
  if (r.bandwidthOnly)
    row(rate + QStringLiteral(" utilization"), noRoof);
  else
    row(rate + QStringLiteral(" utilization"), pct(r.tflopsUtilPct) + QStringLiteral(" of ") + num(r.peakTflops, 10) +
                                                   QLatin1Char(' ') + rate + QStringLiteral(" (") + peakKind(r.dtype) +
                                                   QLatin1Char(')'));
  QString bwText = pct(r.bandwidthUtilPct) + QStringLiteral(" of ") + num(r.peakBandwidthTBs, 10) +
                   QStringLiteral(" TB/s (datasheet)");
  if (r.bandwidthUtilVsMeasuredPct)
    bwText += QStringLiteral("; ") + pct(*r.bandwidthUtilVsMeasuredPct) + QStringLiteral(" of ") +
              num(*r.measuredBandwidthTBs) + QStringLiteral(" TB/s (measured)");
  row(QStringLiteral("Bandwidth utilization"), bwText);
  row(QStringLiteral("Waves"), r.waves
                                   ? readable(*r.waves) + QStringLiteral(" (grid / SM count, 1 CTA per SM at a time)")
                                   : QStringLiteral("n/a"));
  row(QStringLiteral("Peak compute source"), r.peakComputeSource);
  row(QStringLiteral("Peak bandwidth source"), r.peakBandwidthSource);
  if (!r.measuredBandwidthSource.isEmpty()) row(QStringLiteral("Measured ceiling source"), r.measuredBandwidthSource);
  for (const QString& w : r.warnings) lines.append(QStringLiteral("warning: ") + w);
  return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

nlohmann::json toJson(const UtilizationResult& r) {
  using nlohmann::json;
  auto opt = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
  json warnings = json::array();
  for (const QString& w : r.warnings) warnings.push_back(w.toStdString());
  // no compute roof (bandwidthOnly): its figures are null, never a 0 that reads as measured
  const auto roof = [&r](double v) { return r.bandwidthOnly ? json(nullptr) : json(v); };
  json j = {
      {"ok", r.ok},
      {"bandwidth_only", r.bandwidthOnly},
      {"error", r.error.isEmpty() ? json(nullptr) : json(r.error.toStdString())},
      {"gpu", r.gpuId.toStdString()},
      {"dtype", r.dtype.toStdString()},
      {"flops", r.flops},
      {"bytes", r.bytes},
      {"arithmetic_intensity_flop_per_byte", r.arithmeticIntensity},
      {"ridge_point_flop_per_byte", roof(r.ridgePoint)},
      {"bottleneck", r.bandwidthOnly ? json(nullptr) : json(r.bottleneck.toStdString())},
      {"achieved_tflops", r.achievedTflops},
      {"achieved_gbs", r.achievedGBs},
      {"tflops_peak_utilization_pct", roof(r.tflopsUtilPct)},
      {"bandwidth_peak_utilization_pct", r.bandwidthUtilPct},
      {"bandwidth_utilization_vs_measured_pct", opt(r.bandwidthUtilVsMeasuredPct)},
      {"implausible", r.implausible},
      {"waves", opt(r.waves)},
      {"peak_tflops", roof(r.peakTflops)},
      {"peak_bandwidth_tbs", r.peakBandwidthTBs},
      {"measured_bandwidth_tbs", opt(r.measuredBandwidthTBs)},
      {"peak_compute_source", r.peakComputeSource.toStdString()},
      {"peak_bandwidth_source", r.peakBandwidthSource.toStdString()},
      {"measured_bandwidth_source",
       r.measuredBandwidthSource.isEmpty() ? json(nullptr) : json(r.measuredBandwidthSource.toStdString())},
      {"warnings", warnings},
  };
  return j;
}

QString bandwidthOnlyDtype(const QString& dtype) {
  QString d = dtype.trimmed().toLower();
  if (d.startsWith(QLatin1String("torch."))) d = d.mid(6);
  // torch's aliases (torch.long, torch.int, torch.short) and numpy's / Triton's short names
  static const QMap<QString, QString> names = {
      {QStringLiteral("int16"), QStringLiteral("int16")},   {QStringLiteral("short"), QStringLiteral("int16")},
      {QStringLiteral("i16"), QStringLiteral("int16")},     {QStringLiteral("int32"), QStringLiteral("int32")},
      {QStringLiteral("int"), QStringLiteral("int32")},     {QStringLiteral("i32"), QStringLiteral("int32")},
      {QStringLiteral("int64"), QStringLiteral("int64")},   {QStringLiteral("long"), QStringLiteral("int64")},
      {QStringLiteral("i64"), QStringLiteral("int64")},     {QStringLiteral("uint8"), QStringLiteral("uint8")},
      {QStringLiteral("u8"), QStringLiteral("uint8")},      {QStringLiteral("uint16"), QStringLiteral("uint16")},
      {QStringLiteral("uint32"), QStringLiteral("uint32")}, {QStringLiteral("uint64"), QStringLiteral("uint64")},
      {QStringLiteral("bool"), QStringLiteral("bool")},     {QStringLiteral("int1"), QStringLiteral("bool")},
  };
  return names.value(d);
}

QString computeRateUnit(const QString& dtype) {
  const QString n = normalizeDtype(dtype);
  const QString d = n.isEmpty() ? bandwidthOnlyDtype(dtype) : n;
  return d.startsWith(QLatin1String("int")) || d.startsWith(QLatin1String("uint")) || d == QLatin1String("bool")
             ? QStringLiteral("TOPS")
             : QStringLiteral("TFLOPS");
}

std::optional<double> evaluateExpression(const QString& expr, const QMap<QString, double>& vars, QString* error) {
  const Evaluated r = evaluate(QStringLiteral("the"), expr, vars);
  if (error) *error = r.error;
  return r.ok ? std::optional<double>(r.value) : std::nullopt;
}

}  // namespace kwb
