// Data for a log-log roofline chart (the baseline report's figure and the GUI's plot page).
#pragma once

#include "core/perf/utilization.h"

#include <QList>
#include <QString>

#include <nlohmann/json.hpp>

#include <optional>
#include <utility>

namespace kwb {

/// One dense compute roof of the GPU for a dtype other than the one the kernel computes in.
struct ComputeRoof {
  QString dtype;        ///< ledger dtype key, e.g. "bf16"
  double tflops = 0.0;  ///< dense datasheet peak, TFLOPS
  QString source;       ///< its citation
};

struct RooflineData {
  QString gpuId;
  QString dtype;
  double peakTflops = 0.0;    ///< dense datasheet compute roof, TFLOPS (TOPS for int8: computeRateUnit(dtype))
  double bandwidthTBs = 0.0;  ///< datasheet memory roof, TB/s
  std::optional<double> measuredBandwidthTBs;  ///< measured copy ceiling, drawn as a second, dashed roof
  double ridgePoint = 0.0;                     ///< FLOP/byte: peakTflops / bandwidthTBs
  double pointIntensity = 0.0;                 ///< the kernel's arithmetic intensity, FLOP/byte
  double pointTflops = 0.0;                    ///< the kernel's achieved TFLOPS (TOPS for int8)
  bool aboveRoof = false;  ///< the point lies above the datasheet roof at its intensity (implausible)
  QString label;           ///< legend text for the point, e.g. "V0 19_ReLU (3.07 ms)"
  QString peakSource, bandwidthSource, measuredSource;
  /// The GPU's dense roofs for the other floating-point dtypes (fp32, tf32, bf16, fp16, fp8), drawn
  /// fainter so a reviewer sees what switching precision would buy; empty when the ledger has none.
  QList<ComputeRoof> otherComputeRoofs;
  /// Set (to the data's ledger dtype, "fp16") when the compute roof is the non-tensor peak of `dtype` ("fp32")
  /// because the problem has no matrix product (rooflineComputeDtype(), core/pipeline/recordsbuilder.h); then
  /// otherComputeRoofs is empty (tensor-core roofs do not apply). Empty otherwise.
  QString nonTensorRoofOf;
};

/// Where the measured ceiling (RooflineData::measuredBandwidthTBs) comes from, read from measuredSource.
enum class CeilingOrigin {
  ThisRun,  ///< given with the request: the run's own copy probe (or --measured-bw)
  Ledger,   ///< the spec ledger's recorded measurement (measured.json), not measured by this run
  Unknown,  ///< no source recorded (an older roofline.json)
};
CeilingOrigin measuredCeilingOrigin(const RooflineData& data);

/// Builds the chart data from a successful utilization result; `label` names the point.
/// A result with ok == false gives an empty RooflineData (gpuId empty).
RooflineData makeRoofline(const UtilizationResult& result, const QString& label = QString());

/// The label of a roofline with no measured point, saying why there is none: "skeleton: no kernel ran" when
/// kernel.py is a skeleton (no kernel exists, so none ran, in a CPU dry run or on a GPU), else "CPU dry run: no
/// kernel measured" for a dry run, else "no measurement".
QString unmeasuredPointLabel(bool skeleton, bool cpuDryRun);

/// The chart data as JSON (written to .kwb/roofline.json beside the report, read back in review mode).
nlohmann::json rooflineToJson(const RooflineData& data);
/// Reads what rooflineToJson wrote. Unknown keys are ignored; a missing or non-numeric peak or
/// bandwidth gives nullopt with the reason in *error.
std::optional<RooflineData> rooflineFromJson(const nlohmann::json& json, QString* error = nullptr);

/// Attainable TFLOPS at `intensity` (FLOP/byte): min(peakTflops, bandwidthTBs * intensity).
/// With useMeasured and a measured ceiling, the measured bandwidth replaces the datasheet one.
double rooflineTflopsAt(const RooflineData& data, double intensity, bool useMeasured = false);

/// `points` (>= 2) samples of the roof, log-spaced in intensity over [minIntensity, maxIntensity]
/// (both > 0), as (FLOP/byte, TFLOPS) pairs ready to plot on log-log axes.
QList<std::pair<double, double>> sampleRoofline(const RooflineData& data, double minIntensity, double maxIntensity,
                                                int points, bool useMeasured = false);

}  // namespace kwb
