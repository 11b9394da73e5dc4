#include "core/perf/roofline.h"

#include "core/platform/specledger.h"

#include <algorithm>
#include <cmath>

namespace kwb {

CeilingOrigin measuredCeilingOrigin(const RooflineData& data) {
  if (data.measuredSource.isEmpty()) return CeilingOrigin::Unknown;
  return data.measuredSource.startsWith(QLatin1String(kRequestCeilingSourcePrefix)) ? CeilingOrigin::ThisRun
                                                                                    : CeilingOrigin::Ledger;
}

QString unmeasuredPointLabel(bool skeleton, bool cpuDryRun) {
  if (skeleton) return QStringLiteral("skeleton: no kernel ran");
  return cpuDryRun ? QStringLiteral("CPU dry run: no kernel measured") : QStringLiteral("no measurement");
}

RooflineData makeRoofline(const UtilizationResult& r, const QString& label) {
  RooflineData d;
  if (!r.ok) return d;
  d.gpuId = r.gpuId;
  d.dtype = r.dtype;
  d.peakTflops = r.peakTflops;
  d.bandwidthTBs = r.peakBandwidthTBs;
  d.measuredBandwidthTBs = r.measuredBandwidthTBs;
  d.ridgePoint = r.ridgePoint;
  d.pointIntensity = r.arithmeticIntensity;
  d.pointTflops = r.achievedTflops;
  d.aboveRoof = d.pointTflops > rooflineTflopsAt(d, d.pointIntensity);
  d.label = label.isEmpty() ? r.gpuId + QLatin1Char(' ') + r.dtype : label;
  d.peakSource = r.peakComputeSource;
  d.bandwidthSource = r.peakBandwidthSource;
  d.measuredSource = r.measuredBandwidthSource;
  if (const GpuSpec* gpu = SpecLedger::builtin().byId(r.gpuId)) {
    // Floating-point roofs only: int8 is counted in TOPS, another unit on the same axis.
    for (const char* key : {"fp32", "tf32", "bf16", "fp16", "fp8"}) {
      const QString dt = QLatin1String(key);
      if (dt == d.dtype || !gpu->dense.contains(dt) || gpu->dense[dt].value <= 0) continue;
      d.otherComputeRoofs.append({dt, gpu->dense[dt].value, gpu->dense[dt].source.toText()});
    }
  }
  return d;
}

nlohmann::json rooflineToJson(const RooflineData& d) {
  auto s = [](const QString& t) { return t.toStdString(); };
  nlohmann::json others = nlohmann::json::array();
  for (const ComputeRoof& c : d.otherComputeRoofs)
    others.push_back({{"dtype", s(c.dtype)}, {"tflops", c.tflops}, {"source", s(c.source)}});
  return {{"schema", "kwb-roofline-1"},
          {"gpu", s(d.gpuId)},
          {"dtype", s(d.dtype)},
          {"peak_tflops", d.peakTflops},
          {"bandwidth_tbs", d.bandwidthTBs},
          {"measured_bandwidth_tbs",
           d.measuredBandwidthTBs ? nlohmann::json(*d.measuredBandwidthTBs) : nlohmann::json(nullptr)},
          {"ridge_point", d.ridgePoint},
          {"point_intensity", d.pointIntensity},
          {"point_tflops", d.pointTflops},
          {"above_roof", d.aboveRoof},
          {"label", s(d.label)},
          {"peak_source", s(d.peakSource)},
          {"bandwidth_source", s(d.bandwidthSource)},
          {"measured_source", s(d.measuredSource)},
          {"non_tensor_roof_of", s(d.nonTensorRoofOf)},
          {"other_compute_roofs", others}};
}

std::optional<RooflineData> rooflineFromJson(const nlohmann::json& j, QString* error) {
  auto fail = [error](const QString& why) -> std::optional<RooflineData> {
    if (error) *error = why;
    return std::nullopt;
  };
  if (!j.is_object()) return fail(QStringLiteral("roofline: not a JSON object"));
  auto num = [&j](const char* k) { return j.contains(k) && j[k].is_number() ? j[k].get<double>() : 0.0; };
  auto str = [&j](const char* k) {
    return j.contains(k) && j[k].is_string() ? QString::fromStdString(j[k].get<std::string>()) : QString();
  };
  RooflineData d;
  d.gpuId = str("gpu");
  d.dtype = str("dtype");
  d.peakTflops = num("peak_tflops");
  d.bandwidthTBs = num("bandwidth_tbs");
  if (!(d.peakTflops > 0) || !(d.bandwidthTBs > 0))
    return fail(QStringLiteral("roofline: peak_tflops and bandwidth_tbs must be positive numbers"));
  if (j.contains("measured_bandwidth_tbs") && j["measured_bandwidth_tbs"].is_number())
    d.measuredBandwidthTBs = j["measured_bandwidth_tbs"].get<double>();
  d.ridgePoint = num("ridge_point");
  d.pointIntensity = num("point_intensity");
  d.pointTflops = num("point_tflops");
  d.aboveRoof = j.value("above_roof", false);
  d.label = str("label");
  d.peakSource = str("peak_source");
  d.bandwidthSource = str("bandwidth_source");
  d.measuredSource = str("measured_source");
  d.nonTensorRoofOf = str("non_tensor_roof_of");
  if (j.contains("other_compute_roofs") && j["other_compute_roofs"].is_array())
    for (const auto& c : j["other_compute_roofs"])
      if (c.is_object() && c.contains("tflops") && c["tflops"].is_number())
        d.otherComputeRoofs.append({QString::fromStdString(c.value("dtype", std::string())), c["tflops"].get<double>(),
                                    QString::fromStdString(c.value("source", std::string()))});
  return d;
}

double rooflineTflopsAt(const RooflineData& d, double intensity, bool useMeasured) {
  const double bw = useMeasured && d.measuredBandwidthTBs ? *d.measuredBandwidthTBs : d.bandwidthTBs;
  // TB/s x FLOP/byte = TFLOPS.
  return std::min(d.peakTflops, bw * intensity);
}

QList<std::pair<double, double>> sampleRoofline(const RooflineData& d, double minIntensity, double maxIntensity,
                                                int points, bool useMeasured) {
  QList<std::pair<double, double>> out;
  if (points < 2 || !(minIntensity > 0.0) || !(maxIntensity > minIntensity)) return out;
  const double lo = std::log10(minIntensity);
  const double step = (std::log10(maxIntensity) - lo) / (points - 1);
  for (int i = 0; i < points; ++i) {
    const double x = std::pow(10.0, lo + step * i);
    out.append({x, rooflineTflopsAt(d, x, useMeasured)});
  }
  return out;
}

}  // namespace kwb
