// Utilization of one measured kernel against its GPU's roofline: what `kwb utilization` prints
// and what the baseline report and memory/v0.json record. Mirrors the seed's
// compute_utilization.py flags (--gpu --dtype --flops-expr --bytes-expr --time-ms --grid-blocks).
#pragma once

#include "core/platform/specledger.h"

#include <nlohmann/json_fwd.hpp>

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace kwb {

struct UtilizationRequest {
  QString gpu;                       ///< any name SpecLedger::lookup accepts ("H200", "H100-SXM", "MI300X")
  QString dtype;                     ///< the dtype whose peak applies ("bf16", "float32", ...; see normalizeDtype)
  QString flopsExpr;                 ///< muParser expression for total FLOP (e.g. "2*M*N*K"); int8 counts ops
  QString bytesExpr;                 ///< muParser expression for total bytes moved to/from HBM (e.g. "2*4*M*N")
  QMap<QString, double> vars;        ///< variables the expressions use (e.g. M, N, K)
  double timeMs = 0.0;               ///< kernel time in milliseconds (> 0)
  std::optional<qint64> gridBlocks;  ///< CTAs (thread blocks / workgroups) launched
  std::optional<double> measuredBandwidthTBs;  ///< this run's own copy ceiling in TB/s, if measured
};

struct UtilizationResult {
  bool ok = false;
  QString error;  ///< why ok is false: lookup, expression (muParser message + position), missing peak
  /// ok is false because the ledger has no peak for the request's dtype: one it does not know (int32, int64) or
  /// one this GPU publishes no dense peak for. The dtype's failure, not the request's: no roofline can be drawn.
  bool noPeak = false;
  /// ok with no compute roof: an integer dtype no GPU publishes a peak for (int32, int64, uint8, bool; see
  /// bandwidthOnlyDtype). A memory-bound op needs none: bytes, GB/s and both bandwidth utilizations are computed;
  /// peakTflops, ridgePoint and tflopsUtilPct stay 0, bottleneck "", and the text / JSON say "n/a". noPeak is also
  /// true (no roofline can be drawn).
  bool bandwidthOnly = false;
  QString gpuId;                     ///< resolved ledger id
  QString dtype;                     ///< normalised dtype key used for the peak
  double flops = 0.0;                ///< FLOP (ops for int8)
  double bytes = 0.0;                ///< bytes
  double arithmeticIntensity = 0.0;  ///< FLOP/byte
  double ridgePoint = 0.0;           ///< FLOP/byte where the datasheet roofs meet: peakTflops / peakBandwidthTBs
  double achievedTflops = 0.0;       ///< flops / time / 1e12: TFLOPS (TOPS for int8, see computeRateUnit)
  double achievedGBs = 0.0;          ///< bytes / time / 1e9
  double tflopsUtilPct = 0.0;        ///< achievedTflops / peakTflops * 100 (raw; see implausible)
  double bandwidthUtilPct = 0.0;     ///< achievedGBs / (peakBandwidthTBs * 1000) * 100 (raw)
  std::optional<double> bandwidthUtilVsMeasuredPct;  ///< vs the measured copy ceiling, when one is known
  QString bottleneck;                                ///< "memory-bound" (intensity < ridge) | "compute-bound"
  std::optional<double> waves;                       ///< gridBlocks / SM (or CU) count, assuming 1 CTA per SM at a time
  double peakTflops = 0.0;                           ///< dense datasheet peak used (TFLOPS; TOPS for int8)
  double peakBandwidthTBs = 0.0;                     ///< datasheet memory bandwidth used
  std::optional<double> measuredBandwidthTBs;        ///< the measured ceiling compared against
  QString peakComputeSource;                         ///< which figure (dense tensor / plain fp32 ...) and its citation
  QString peakBandwidthSource;                       ///< datasheet bandwidth and its citation
  QString measuredBandwidthSource;  ///< "given with the request" (the caller's figure) or the ledger's measured entry
  bool implausible = false;         ///< achieved throughput above a datasheet peak: never shown as >100% silently
  QStringList warnings;             ///< implausible values, source conflicts, missing SM count, ...
};

/// How UtilizationResult::measuredBandwidthSource begins when the ceiling came with the request (this run's
/// own copy probe, or kwb utilization --measured-bw) rather than from the ledger's recorded entries.
inline constexpr char kRequestCeilingSourcePrefix[] = "copy bandwidth given with the request";

/// Evaluates both expressions with muParser (never a language eval) over `vars`, resolves the GPU
/// in `ledger`, and computes the roofline quantities above. Errors (ok = false): unknown or
/// ambiguous GPU; unknown dtype (an integer one without a peak is no error: bandwidthOnly); no published dense peak for
/// that dtype or no bandwidth; a parse error or undefined variable (muParser's message, naming the token and its
/// 0-based position; a character that is no operator, such as %, and Python's ** and //, said so plainly); a non-finite
/// or negative FLOP/byte count; bytes == 0; timeMs <= 0; gridBlocks <= 0. Peak choice: bf16/fp16/fp8/tf32/int8 use the
/// DENSE tensor-core figure (never the sparse one); fp32/fp64 use the plain (non-tensor) figure; fp64_tensor the FP64
/// matrix figure. Waves assume one CTA resident per SM at a time; with k CTAs per SM the true wave count is waves / k.
UtilizationResult computeUtilization(const UtilizationRequest& request,
                                     const SpecLedger& ledger = SpecLedger::builtin());

/// One FLOP or byte expression over named sizes, evaluated exactly as computeUtilization does
/// (muParser: arithmetic, ^ as power (2^10 = 1024, right-associative), its built-in functions and
/// @p vars; an undefined name is an error, never 0), e.g. "2*M*N*K" with {M: 4096, N: 4096, K: 4096} → 1.37e11. Returns
/// the value, or nullopt with the reason in @p error (muParser's message with the 0-based position, or "evaluated to
/// ..., not a finite non-negative count"). Used by the GUI's spec form for its live values.
std::optional<double> evaluateExpression(const QString& expr, const QMap<QString, double>& vars,
                                         QString* error = nullptr);

/// The canonical name ("int32", "uint8", "bool", ...) of an integer or bool dtype that the ledger has no compute peak
/// for (any of torch's spellings: "torch.int64", "long", "uint8", "bool"), else "": computeUtilization rates such a
/// problem against the memory bandwidth only. int8 is not one (the ledger has its TOPS).
QString bandwidthOnlyDtype(const QString& dtype);

/// "TOPS" for an integer dtype (int8, the ledger's only one with a peak; int32, uint8, bool, ...), else "TFLOPS": the
/// unit of peakTflops, achievedTflops and the roofline's compute axis for `dtype` (any spelling normalizeDtype
/// accepts).
QString computeRateUnit(const QString& dtype);

/// The text `kwb utilization` prints: intensity, ridge point, bottleneck, achieved TFLOPS and GB/s,
/// both utilizations (flagged when implausible), waves, the source of every peak, warnings; for
/// int8 in ops and TOPS (computeRateUnit), never FLOP and TFLOPS.
/// Values print with fixed decimals (687.195 TFLOPS, 69.45 %) where that shows two or more
/// significant digits below 10^6, else with 4 significant digits (5e+16 TFLOPS, 5e-09 TFLOPS);
/// toJson keeps the full values.
QString formatUtilization(const UtilizationResult& result);

/// The same as JSON (snake_case keys; absent optionals are null), for memory/v0.json and --json.
nlohmann::json toJson(const UtilizationResult& result);

}  // namespace kwb
