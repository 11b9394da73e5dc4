#include "core/perf/roofline.h"

#include <algorithm>
#include <cmath>

namespace kwb {

RooflineData makeRoofline(const UtilizationResult &r, const QString &label)
{
    RooflineData d;
    if (!r.ok)
        return d;
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
    return d;
}

double rooflineTflopsAt(const RooflineData &d, double intensity, bool useMeasured)
{
    const double bw = useMeasured && d.measuredBandwidthTBs ? *d.measuredBandwidthTBs : d.bandwidthTBs;
    // TB/s x FLOP/byte = TFLOPS.
    return std::min(d.peakTflops, bw * intensity);
}

QList<std::pair<double, double>> sampleRoofline(const RooflineData &d, double minIntensity, double maxIntensity,
                                                int points, bool useMeasured)
{
    QList<std::pair<double, double>> out;
    if (points < 2 || !(minIntensity > 0.0) || !(maxIntensity > minIntensity))
        return out;
    const double lo = std::log10(minIntensity);
    const double step = (std::log10(maxIntensity) - lo) / (points - 1);
    for (int i = 0; i < points; ++i) {
        const double x = std::pow(10.0, lo + step * i);
        out.append({x, rooflineTflopsAt(d, x, useMeasured)});
    }
    return out;
}

} // namespace kwb
