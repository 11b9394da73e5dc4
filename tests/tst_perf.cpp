// Utilization and roofline against hand-computed values (the arithmetic is in the comments).
#include "core/perf/roofline.h"
#include "core/perf/utilization.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <algorithm>

using namespace kwb;

namespace {

// Relative comparison: the hand values below are written to 7+ significant digits.
bool near(double a, double b, double rel = 1e-6) { return qAbs(a - b) <= rel * qMax(qAbs(a), qAbs(b)); }
#define QNEAR(a, b) \
  QVERIFY2(near((a), (b)), qPrintable(QStringLiteral("%1 != %2").arg((a), 0, 'g', 12).arg((b), 0, 'g', 12)))

UtilizationRequest gemm4096(const QString& gpu, double timeMs) {
  UtilizationRequest r;
  r.gpu = gpu;
  r.dtype = QStringLiteral("bf16");
  r.flopsExpr = QStringLiteral("2*M*N*K");
  r.bytesExpr = QStringLiteral("2*(M*K + K*N + M*N)");  // A and B read, C written, 2 bytes each
  r.vars = {{QStringLiteral("M"), 4096}, {QStringLiteral("N"), 4096}, {QStringLiteral("K"), 4096}};
  r.timeMs = timeMs;
  r.gridBlocks = 1024;  // 128x128 tiles: (4096/128)^2
  return r;
}

// KernelBench 19_ReLU at its own shape: one fp32 read + one fp32 write per element.
UtilizationRequest relu(const QString& gpu) {
  UtilizationRequest r;
  r.gpu = gpu;
  r.dtype = QStringLiteral("float32");
  r.flopsExpr = QStringLiteral("M*N");
  r.bytesExpr = QStringLiteral("2*4*M*N");
  r.vars = {{QStringLiteral("M"), 4096}, {QStringLiteral("N"), 393216}};
  r.timeMs = 3.07;
  return r;
}

}  // namespace

class TestPerf : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void h200Bf16Gemm() {
    const UtilizationResult r = computeUtilization(gemm4096(QStringLiteral("H200"), 0.2));
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.gpuId, QStringLiteral("H200-SXM"));
    QCOMPARE(r.dtype, QStringLiteral("bf16"));
    // FLOP = 2*4096^3 = 137,438,953,472; bytes = 2*3*4096^2 = 100,663,296
    QCOMPARE(r.flops, 137438953472.0);
    QCOMPARE(r.bytes, 100663296.0);
    // intensity = 137438953472 / 100663296 = 8192/6 = 1365.3333 FLOP/byte
    QNEAR(r.arithmeticIntensity, 1365.333333333);
    // ridge = 989.5 TFLOPS (dense = 1,979 sparse / 2) / 4.8 TB/s = 206.1458333 FLOP/byte
    QCOMPARE(r.peakTflops, 989.5);
    QNEAR(r.ridgePoint, 206.1458333333);
    QCOMPARE(r.bottleneck, QStringLiteral("compute-bound"));
    // 137438953472 FLOP / 0.2e-3 s = 687.19476736 TFLOPS; / 989.5 = 69.44868796 %
    QNEAR(r.achievedTflops, 687.19476736);
    QNEAR(r.tflopsUtilPct, 69.44868796);
    // 100663296 B / 0.2e-3 s = 503.31648 GB/s; / 4800 GB/s = 10.48576 %
    QNEAR(r.achievedGBs, 503.31648);
    QNEAR(r.bandwidthUtilPct, 10.48576);
    // vs the measured 4.24 TB/s copy ceiling (GPU.md): 503.31648 / 4240 = 11.87067170 %
    QVERIFY(r.bandwidthUtilVsMeasuredPct);
    QNEAR(*r.bandwidthUtilVsMeasuredPct, 11.8706717);
    // waves = 1024 CTAs / 132 SMs = 7.7575758
    QVERIFY(r.waves);
    QNEAR(*r.waves, 7.757575758);
    QVERIFY(!r.implausible);
    QVERIFY(r.warnings.isEmpty());
    QVERIFY(r.peakComputeSource.contains(QLatin1String("dense bf16 tensor-core")));
    QVERIFY(r.peakComputeSource.contains(QLatin1String("https://www.nvidia.com/en-us/data-center/h200/")));
    QVERIFY(r.peakBandwidthSource.contains(QLatin1String("4.8 TB/s")));
    QVERIFY(r.measuredBandwidthSource.contains(QLatin1String("GPU.md")));
  }

  void h100SxmBf16Gemm() {
    const UtilizationResult r = computeUtilization(gemm4096(QStringLiteral("H100-SXM"), 0.2));
    QVERIFY2(r.ok, qPrintable(r.error));
    // dense bf16 = 989.4 TFLOPS (whitepaper); 687.19476736 / 989.4 = 69.45570723 %
    QCOMPARE(r.peakTflops, 989.4);
    QNEAR(r.tflopsUtilPct, 69.45570723);
    // 503.31648 GB/s / 3350 GB/s = 15.02437254 %; ridge = 989.4 / 3.35 = 295.3432836
    QNEAR(r.bandwidthUtilPct, 15.02437254);
    QNEAR(r.ridgePoint, 295.3432836);
    QVERIFY(!r.bandwidthUtilVsMeasuredPct);  // nobody measured an H100 here
    QNEAR(*r.waves, 7.757575758);            // also 132 SMs
  }

  // An integer problem is memory-bound and no GPU publishes an int32 / int64 / uint8 / bool peak: it is rated against
  // the HBM roof alone, the compute roof n/a (new-user trial 25 #9: "utilization not computed: unknown dtype int32").
  void integerDtypeIsBandwidthOnly_data() {
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("shown");
    QTest::addColumn<double>("elementBytes");
    QTest::newRow("int32") << QStringLiteral("int32") << QStringLiteral("int32") << 4.0;
    QTest::newRow("torch.uint8") << QStringLiteral("torch.uint8") << QStringLiteral("uint8") << 1.0;
    QTest::newRow("long") << QStringLiteral("long") << QStringLiteral("int64") << 8.0;
    QTest::newRow("bool") << QStringLiteral("bool") << QStringLiteral("bool") << 1.0;
  }

  void integerDtypeIsBandwidthOnly() {
    QFETCH(QString, dtype);
    QFETCH(QString, shown);
    QFETCH(double, elementBytes);
    UtilizationRequest req;
    req.gpu = QStringLiteral("H200");
    req.dtype = dtype;
    req.flopsExpr = QStringLiteral("2*N");                         // a compare and an and per element
    req.bytesExpr = QStringLiteral("%1*N + N").arg(elementBytes);  // the input read, a bool mask written
    req.vars = {{QStringLiteral("N"), 1 << 26}};
    req.timeMs = 0.2;  // int64: 604 MB in 0.2 ms = 3.0 TB/s, below the H200's 4.8
    const UtilizationResult r = computeUtilization(req);
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(r.bandwidthOnly && r.noPeak);
    QCOMPARE(r.dtype, shown);
    const double bytes = (elementBytes + 1.0) * (1 << 26);
    QNEAR(r.achievedGBs, bytes / 0.2e-3 / 1e9);
    QNEAR(r.bandwidthUtilPct, bytes / 0.2e-3 / 4.8e12 * 100.0);  // H200-SXM's 4.8 TB/s
    QCOMPARE(r.peakTflops, 0.0);
    QCOMPARE(r.tflopsUtilPct, 0.0);
    QVERIFY(r.bottleneck.isEmpty());
    QVERIFY(!r.implausible);
    QVERIFY(r.peakComputeSource.startsWith(QLatin1String("n/a")));
    QCOMPARE(computeRateUnit(dtype), QStringLiteral("TOPS"));
    const QString text = formatUtilization(r);
    QVERIFY2(text.contains(QStringLiteral("TOPS utilization        n/a (no %1 compute peak)").arg(shown)),
             qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("of 4.8 TB/s (datasheet)")), qPrintable(text));
    const nlohmann::json j = toJson(r);
    QVERIFY(j.at("bandwidth_only").get<bool>());
    QVERIFY(j.at("tflops_peak_utilization_pct").is_null() && j.at("peak_tflops").is_null());
    QVERIFY(j.at("bottleneck").is_null() && j.at("ridge_point_flop_per_byte").is_null());
    QVERIFY(j.at("bandwidth_peak_utilization_pct").get<double>() > 0.0);
  }

  // The neighbours keep their behaviour: int8 has a TOPS peak (a roofline), float128 is no dtype at all.
  void bandwidthOnlyIsIntegerWithoutAPeak() {
    QVERIFY(bandwidthOnlyDtype(QStringLiteral("int8")).isEmpty());
    QVERIFY(bandwidthOnlyDtype(QStringLiteral("float128")).isEmpty());
    QVERIFY(bandwidthOnlyDtype(QStringLiteral("fp32")).isEmpty());
    QCOMPARE(bandwidthOnlyDtype(QStringLiteral("torch.int")), QStringLiteral("int32"));
    QCOMPARE(computeRateUnit(QStringLiteral("fp16")), QStringLiteral("TFLOPS"));
    UtilizationRequest req = gemm4096(QStringLiteral("H200"), 0.2);
    req.dtype = QStringLiteral("int8");
    const UtilizationResult r = computeUtilization(req);
    QVERIFY(r.ok && !r.bandwidthOnly && r.peakTflops > 0.0);
  }

  void h200Fp32Relu() {
    const UtilizationResult r = computeUtilization(relu(QStringLiteral("NVIDIA H200")));
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.dtype, QStringLiteral("fp32"));
    // FLOP = 4096*393216 = 1,610,612,736; bytes = 8 * that = 12,884,901,888
    QCOMPARE(r.flops, 1610612736.0);
    QCOMPARE(r.bytes, 12884901888.0);
    QNEAR(r.arithmeticIntensity, 0.125);
    // fp32 uses the plain (non-tensor) 67 TFLOPS: ridge = 67 / 4.8 = 13.95833 -> memory-bound
    QCOMPARE(r.peakTflops, 67.0);
    QNEAR(r.ridgePoint, 13.95833333);
    QCOMPARE(r.bottleneck, QStringLiteral("memory-bound"));
    QVERIFY(r.peakComputeSource.contains(QLatin1String("plain (non-tensor) fp32")));
    // 1610612736 / 3.07e-3 s = 0.5246295557 TFLOPS; / 67 = 0.7830291876 %
    QNEAR(r.achievedTflops, 0.5246295557);
    QNEAR(r.tflopsUtilPct, 0.7830291876);
    // 12884901888 / 3.07e-3 s = 4197.036445 GB/s; / 4800 = 87.43825927 %; / 4240 = 98.98670861 %
    // (GPU.md: torch eager 3.07 ms = 4.19 TB/s, 99% of the copy ceiling)
    QNEAR(r.achievedGBs, 4197.036445);
    QNEAR(r.bandwidthUtilPct, 87.43825927);
    QNEAR(*r.bandwidthUtilVsMeasuredPct, 98.98670861);
    QVERIFY(!r.waves);  // no grid given
    QVERIFY(!r.implausible);
  }

  // The same ReLU time on an H100 SXM (3.35 TB/s) would move 4.197 TB/s: above the datasheet.
  void implausibleBandwidthIsFlagged() {
    const UtilizationResult r = computeUtilization(relu(QStringLiteral("H100-SXM")));
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(r.implausible);
    // raw value kept: 4197.036445 / 3350 = 125.2846700 %
    QNEAR(r.bandwidthUtilPct, 125.28467);
    QVERIFY(std::any_of(r.warnings.cbegin(), r.warnings.cend(), [](const QString& w) {
      return w.startsWith(QLatin1String("implausible: above the datasheet peak"));
    }));
    // H100 SXM fp32: datasheet 67 vs whitepaper 66.9 -> reported, 67 used
    QCOMPARE(r.peakTflops, 67.0);
    QVERIFY(std::any_of(r.warnings.cbegin(), r.warnings.cend(), [](const QString& w) {
      return w.contains(QLatin1String("sources disagree")) && w.contains(QLatin1String("66.9"));
    }));
    const QString text = formatUtilization(r);
    QVERIFY2(text.contains(QLatin1String("IMPLAUSIBLE (raw 125.28 %)")), qPrintable(text));
    QVERIFY(!text.contains(QLatin1String("Bandwidth utilization   125.28 %")));
  }

  void implausibleComputeIsFlagged() {
    // 4096^3 bf16 in 0.1 ms on H200: 1374.389 TFLOPS > 989.5 dense -> raw 138.897 %
    const UtilizationResult r = computeUtilization(gemm4096(QStringLiteral("H200-SXM"), 0.1));
    QVERIFY(r.ok);
    QVERIFY(r.implausible);
    QNEAR(r.tflopsUtilPct, 138.8973759);
    QVERIFY(r.warnings.first().contains(QLatin1String("implausible: above the datasheet peak")));
    QVERIFY(formatUtilization(r).contains(QLatin1String("IMPLAUSIBLE")));
    QCOMPARE(toJson(r).at("implausible").get<bool>(), true);
    QVERIFY(makeRoofline(r).aboveRoof);
  }

  void expressionErrors_data() {
    QTest::addColumn<QString>("flops");
    QTest::addColumn<QString>("expect");
    QTest::newRow("undefined variable") << QStringLiteral("2*M*N*Q") << QStringLiteral("\"Q\"");
    QTest::newRow("dangling operator") << QStringLiteral("2*M*") << QStringLiteral("position");
    QTest::newRow("unbalanced") << QStringLiteral("(M*N") << QStringLiteral("position");
    QTest::newRow("python eval attempt") << QStringLiteral("__import__('os')") << QStringLiteral("FLOP expression");
    QTest::newRow("empty") << QString() << QStringLiteral("empty");
    QTest::newRow("negative") << QStringLiteral("-M") << QStringLiteral("not a finite non-negative");
  }
  void expressionErrors() {
    QFETCH(QString, flops);
    QFETCH(QString, expect);
    UtilizationRequest req = gemm4096(QStringLiteral("H200"), 0.2);
    req.flopsExpr = flops;
    const UtilizationResult r = computeUtilization(req);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains(expect), qPrintable(r.error));
    QVERIFY(formatUtilization(r).startsWith(QLatin1String("error: ")));
  }

  // A "measured" copy ceiling above the datasheet bandwidth is a wrong input: warned, and a utilization
  // above 100 % of it is shown flagged when the run is implausible anyway.
  void measuredCeilingAboveDatasheetWarned() {
    UtilizationRequest req = gemm4096(QStringLiteral("H200"), 0.2);
    req.measuredBandwidthTBs = 100.0;
    const UtilizationResult r = computeUtilization(req);
    QVERIFY(r.ok);
    bool warned = false;
    for (const QString& w : r.warnings)
      warned =
          warned || w.startsWith(QLatin1String("the measured copy ceiling 100 TB/s is above the datasheet bandwidth"));
    QVERIFY2(warned, qPrintable(r.warnings.join(u'\n')));
    req.measuredBandwidthTBs = 4.2;  // a plausible ceiling: no such warning
    for (const QString& w : computeUtilization(req).warnings)
      QVERIFY2(!w.contains(QLatin1String("measured copy ceiling")), qPrintable(w));
  }

  void undefinedVariableNamesPosition() {
    UtilizationRequest req = gemm4096(QStringLiteral("H200"), 0.2);
    req.bytesExpr = QStringLiteral("2*M*N*X");
    const UtilizationResult r = computeUtilization(req);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.startsWith(QLatin1String("bytes expression \"2*M*N*X\"")), qPrintable(r.error));
    QVERIFY2(r.error.contains(QLatin1String("position 6")), qPrintable(r.error));  // 0-based index of X
  }

  // `%` is no operator in muParser, which called it an "unexpected token" and the message then said
  // "undefined variable" (fresh-user trial): it is said to be no operator, and no variable is blamed.
  // Python's ** and // get the same plain word.
  void operatorsThatAreNot_data() {
    QTest::addColumn<QString>("flops");
    QTest::addColumn<QString>("expect");
    QTest::newRow("modulo") << QStringLiteral("M%2")
                            << QStringLiteral(
                                   "'%' at position 1 is not an operator here: these expressions have no modulo");
    QTest::newRow("modulo, spaced") << QStringLiteral("2*M % 3")
                                    << QStringLiteral("'%' at position 4 is not an operator here");
    QTest::newRow("ampersand") << QStringLiteral("M&2")
                               << QStringLiteral("'&' at position 1 is neither an operator nor a name here");
    QTest::newRow("python power") << QStringLiteral("2**M") << QStringLiteral("** is not a power here: write ^");
    QTest::newRow("floor division") << QStringLiteral("M//2") << QStringLiteral("// is not floor division here");
  }
  void operatorsThatAreNot() {
    QFETCH(QString, flops);
    QFETCH(QString, expect);
    UtilizationRequest req = gemm4096(QStringLiteral("H200"), 0.2);
    req.flopsExpr = flops;
    const UtilizationResult r = computeUtilization(req);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.startsWith(QStringLiteral("FLOP expression \"") + flops + QStringLiteral("\": ")),
             qPrintable(r.error));
    QVERIFY2(r.error.contains(expect), qPrintable(r.error));
    QVERIFY2(!r.error.contains(QLatin1String("undefined variable")), qPrintable(r.error));
    // the GUI's spec form gets the same words
    QString why;
    QVERIFY(!evaluateExpression(flops, req.vars, &why));
    QVERIFY2(why.contains(expect), qPrintable(why));
  }

  // A thousands separator made a list of expressions, and muParser returned the last: "1,000,000" was 0.
  void commaIsNoThousandsSeparator() {
    QString why;
    QVERIFY(!evaluateExpression(QStringLiteral("1,000,000"), {}, &why));
    QVERIFY2(why.contains(QLatin1String("this is 3 of them")) && why.contains(QLatin1String("thousands separators")),
             qPrintable(why));
    UtilizationRequest req = gemm4096(QStringLiteral("H200"), 0.2);
    req.bytesExpr = QStringLiteral("2*M, 4*N");
    const UtilizationResult r = computeUtilization(req);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.startsWith(QLatin1String("bytes expression \"2*M, 4*N\": a comma")), qPrintable(r.error));
    // a function's arguments are not a list of results
    QCOMPARE(evaluateExpression(QStringLiteral("max(M, 2)*3"), {{QStringLiteral("M"), 5.0}}).value_or(-1.0), 15.0);
  }

  // New-user trial 27: size globals with non-ASCII names (größe, 批量) reach the spec's FLOP and byte expressions;
  // muParser refused them ("Invalid function-, variable- or constant name"), so such a problem had no roofline and no
  // utilization. The class: Latin letters outside ASCII, CJK; in an expression and through computeUtilization.
  void nonAsciiSizeNames() {
    const QMap<QString, double> vars = {
        {QStringLiteral("größe"), 1024.0}, {QStringLiteral("批量"), 64.0}, {QStringLiteral("größe2"), 3.0}};
    QString why;
    QCOMPARE(evaluateExpression(QStringLiteral("3*größe*批量"), vars, &why).value_or(-1.0), 196608.0);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    // a whole name only: größe2 is not größe followed by 2
    QCOMPARE(evaluateExpression(QStringLiteral("größe2*größe"), vars).value_or(-1.0), 3072.0);
    UtilizationRequest req = gemm4096(QStringLiteral("H200"), 0.01);
    req.dtype = QStringLiteral("fp32");
    req.flopsExpr = QStringLiteral("3*größe*批量");
    req.bytesExpr = QStringLiteral("4*批量*größe + 4*größe + 4*批量*größe");
    req.vars = vars;
    const UtilizationResult r = computeUtilization(req);
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.flops, 196608.0);
    QCOMPARE(r.bytes, 528384.0);
    // an undefined non-ASCII name is still an error, never 0
    QVERIFY(!evaluateExpression(QStringLiteral("2*宽度"), vars));
  }

  // ^ is power, not C's XOR (kwb utilization --help says so).
  void caretIsPower() {
    QCOMPARE(evaluateExpression(QStringLiteral("2^10"), {}).value_or(-1.0), 1024.0);
    QCOMPARE(evaluateExpression(QStringLiteral("2^3^2"), {}).value_or(-1.0), 512.0);  // 2^(3^2)
    QCOMPARE(evaluateExpression(QStringLiteral("M^2"), {{QStringLiteral("M"), 3.0}}).value_or(-1.0), 9.0);
  }

  void requestErrors() {
    UtilizationRequest req = gemm4096(QStringLiteral("H100"), 0.2);
    UtilizationResult r = computeUtilization(req);
    QVERIFY(!r.ok);
    QVERIFY(r.error.contains(QLatin1String("H100-SXM")) && r.error.contains(QLatin1String("H100-PCIe")));

    req.gpu = QStringLiteral("H20");  // no published BF16 figure: fail, never borrow FP16's
    r = computeUtilization(req);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains(QLatin1String("no published dense bf16 peak")), qPrintable(r.error));
    QVERIFY(r.noPeak);

    req.gpu = QStringLiteral("MI308X");
    req.dtype = QStringLiteral("fp16");
    QVERIFY(!computeUtilization(req).ok);

    req = gemm4096(QStringLiteral("H200"), 0.0);
    QVERIFY(computeUtilization(req).error.contains(QLatin1String("milliseconds")));
    req = gemm4096(QStringLiteral("H200"), 0.2);
    req.dtype = QStringLiteral("float128");
    QVERIFY(computeUtilization(req).error.contains(QLatin1String("unknown dtype")));
    // a dtype the ledger has no peak for is the dtype's failure (new-user trial 21 #7: the review says "no roofline
    // for int32" in the UI's language), not the request's
    QVERIFY(computeUtilization(req).noPeak);
    req.dtype = QStringLiteral("int32");
    QVERIFY(computeUtilization(req).noPeak);
    req.dtype = QStringLiteral("fp32");
    QVERIFY(computeUtilization(req).ok && !computeUtilization(req).noPeak);
    req.gpu = QStringLiteral("no-such-gpu");
    QVERIFY(!computeUtilization(req).ok && !computeUtilization(req).noPeak);
    req = gemm4096(QStringLiteral("H200"), 0.2);
    req.gridBlocks = 0;
    QVERIFY(computeUtilization(req).error.contains(QLatin1String("grid blocks")));
    req = gemm4096(QStringLiteral("H200"), 0.2);
    req.bytesExpr = QStringLiteral("0*M");
    QVERIFY(computeUtilization(req).error.contains(QLatin1String("intensity is undefined")));
  }

  void waves_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<qint64>("grid");
    QTest::addColumn<double>("waves");  // -1 = not computable
    QTest::newRow("H200 one full wave") << QStringLiteral("H200") << qint64(132) << 1.0;
    QTest::newRow("H200 one CTA over") << QStringLiteral("H200") << qint64(133) << 133.0 / 132.0;
    QTest::newRow("H100 PCIe 4096 rows") << QStringLiteral("H100 PCIe") << qint64(4096) << 4096.0 / 114.0;
    QTest::newRow("MI300X 608") << QStringLiteral("MI300X") << qint64(608) << 2.0;  // 304 CUs
    QTest::newRow("H200 NVL unpublished") << QStringLiteral("H200 NVL") << qint64(1024) << -1.0;
  }
  void waves() {
    QFETCH(QString, gpu);
    QFETCH(qint64, grid);
    QFETCH(double, waves);
    UtilizationRequest req = gemm4096(gpu, 0.5);
    req.gridBlocks = grid;
    const UtilizationResult r = computeUtilization(req);
    QVERIFY2(r.ok, qPrintable(r.error));
    if (waves < 0) {
      QVERIFY(!r.waves);
      QVERIFY(r.warnings.join(QLatin1Char('\n')).contains(QLatin1String("waves not computed")));
    } else {
      QVERIFY(r.waves);
      QNEAR(*r.waves, waves);
    }
  }

  void runtimeMeasuredBandwidthTakesPrecedence() {
    UtilizationRequest req = relu(QStringLiteral("H200"));
    req.measuredBandwidthTBs = 4.0;
    const UtilizationResult r = computeUtilization(req);
    // 4197.036445 / 4000 = 104.9259111 %: above this run's copy probe, below the datasheet
    QNEAR(*r.bandwidthUtilVsMeasuredPct, 104.9259111);
    QVERIFY(!r.implausible);
    QVERIFY(r.measuredBandwidthSource.contains(QLatin1String("given with the request")));
    QVERIFY(r.warnings.join(QLatin1Char('\n')).contains(QLatin1String("above the measured copy ceiling")));

    // A ceiling added to a ledger copy at run time is used too.
    SpecLedger ledger = SpecLedger::builtin();
    MeasuredCeiling m;
    m.gpuId = QStringLiteral("H200-SXM");
    m.quantity = QStringLiteral("copy_bandwidth_tbs");
    m.value = 4.2;
    m.unit = QStringLiteral("TB/s");
    m.date = QStringLiteral("2026-11-29");
    m.run = QStringLiteral("copy probe");
    m.note = QStringLiteral("this machine");
    ledger.addMeasured(m);
    const UtilizationResult r2 = computeUtilization(relu(QStringLiteral("H200")), ledger);
    QCOMPARE(*r2.measuredBandwidthTBs, 4.2);
    QNEAR(*r2.bandwidthUtilVsMeasuredPct, 99.92943917);  // 4197.036445 / 4200
  }

  void formattedText() {
    UtilizationRequest req = gemm4096(QStringLiteral("H200"), 0.2);
    const QString text = formatUtilization(computeUtilization(req));
    for (const char* needle :
         {"Arithmetic intensity", "1365.33 FLOP/byte", "Ridge point", "206.146 FLOP/byte", "compute-bound",
          "687.195 TFLOPS", "503.3 GB/s", "69.45 %", "10.49 %", "11.87 % of 4.24 TB/s (measured)", "7.76",
          "Peak compute source", "Peak bandwidth source", "Measured ceiling source"})
      QVERIFY2(text.contains(QLatin1String(needle)),
               qPrintable(QString::fromLatin1(needle) + QLatin1Char('\n') + text));
  }

  // 1e25 FLOP in 0.2 ms printed 50000000000000008.000 TFLOPS, and 1 FLOP printed 0.000 TFLOPS
  // (fresh-user trial): the text shows such values with 4 significant digits; JSON keeps them whole.
  void hugeAndTinyValuesReadable() {
    UtilizationRequest req = gemm4096(QStringLiteral("H200"), 0.2);
    req.flopsExpr = QStringLiteral("1e25");
    req.bytesExpr = QStringLiteral("N");
    req.vars = {{QStringLiteral("N"), 1e30}};
    req.gridBlocks = std::nullopt;
    const UtilizationResult r = computeUtilization(req);
    QVERIFY2(r.ok, qPrintable(r.error));
    const QString text = formatUtilization(r);
    // 1e25 / 2e-4 s / 1e12 = 5e16 TFLOPS, / 989.5 = 5.053e15 %; 1e30 / 2e-4 / 1e9 = 5e24 GB/s, / 4800 = 1.042e23 %
    for (const char* needle :
         {"Achieved                5e+16 TFLOPS, 5e+24 GB/s", "IMPLAUSIBLE (raw 5.053e+15 %)",
          "IMPLAUSIBLE (raw 1.042e+23 %) of 4.8 TB/s", "(5e+16 TFLOPS > 989.5 TFLOPS", "(5e+24 GB/s > 4800 GB/s)"})
      QVERIFY2(text.contains(QLatin1String(needle)),
               qPrintable(QString::fromLatin1(needle) + QLatin1Char('\n') + text));
    QVERIFY2(!text.contains(QLatin1String("00000000")), qPrintable(text));
    const nlohmann::json j = toJson(r);
    QCOMPARE(j.at("flops").get<double>(), 1e25);
    QCOMPARE(j.at("bytes").get<double>(), 1e30);
    QNEAR(j.at("achieved_tflops").get<double>(), 5e16);

    req = gemm4096(QStringLiteral("H200"), 0.2);
    req.flopsExpr = QStringLiteral("1");
    req.bytesExpr = QStringLiteral("1");
    const QString tiny = formatUtilization(computeUtilization(req));
    // 1 / 2e-4 s / 1e12 = 5e-09 TFLOPS; 1 / 2e-4 / 1e9 = 5e-06 GB/s; / 989.5 TFLOPS = 5.053e-10 %
    for (const char* needle :
         {"5e-09 TFLOPS, 5e-06 GB/s", "5.053e-10 % of 989.5 TFLOPS", "Waves                   7.76"})
      QVERIFY2(tiny.contains(QLatin1String(needle)),
               qPrintable(QString::fromLatin1(needle) + QLatin1Char('\n') + tiny));
  }

  // int8 counts integer ops against a TOPS peak: the text said FLOP and TFLOPS throughout (fresh-user trial).
  void int8SaysTops() {
    QCOMPARE(computeRateUnit(QStringLiteral("int8")), QStringLiteral("TOPS"));
    QCOMPARE(computeRateUnit(QStringLiteral("torch.int8")), QStringLiteral("TOPS"));
    for (const QString& dt : ledgerDtypes())
      if (dt != QLatin1String("int8")) QCOMPARE(computeRateUnit(dt), QStringLiteral("TFLOPS"));
    UtilizationRequest req = gemm4096(QStringLiteral("H200"), 0.2);
    req.dtype = QStringLiteral("int8");
    UtilizationResult r = computeUtilization(req);
    QVERIFY2(r.ok, qPrintable(r.error));
    // 2*4096^3 ops / 0.2 ms = 687.195 TOPS of the dense 1979 TOPS = 34.72 %; ridge 1979 / 4.8 = 412.292 op/byte
    QString text = formatUtilization(r);
    for (const char* needle :
         {"Ops / bytes             1.37439e+11 ops / 1.00663e+08 bytes", "1365.33 op/byte",
          "412.292 op/byte (1979 TOPS / 4.8 TB/s)", "Achieved                687.195 TOPS, 503.3 GB/s",
          "TOPS utilization        34.72 % of 1979 TOPS (dense int8"})
      QVERIFY2(text.contains(QLatin1String(needle)),
               qPrintable(QString::fromLatin1(needle) + QLatin1Char('\n') + text));
    QVERIFY2(!text.contains(QLatin1String("TFLOPS")), qPrintable(text));
    // FLOP only in the warning that the FLOP expression (--flops-expr) should count integer ops
    const QStringList lines = text.split(QLatin1Char('\n'));
    QVERIFY2(std::none_of(lines.cbegin(), lines.cend(),
                          [](const QString& l) {
                            return l.contains(QLatin1String("FLOP")) &&
                                   !l.startsWith(QLatin1String("warning: int8 peak is in TOPS"));
                          }),
             qPrintable(text));
    req.timeMs = 0.05;  // 2748.8 TOPS > 1979: the implausible warning names TOPS too
    r = computeUtilization(req);
    QVERIFY(r.implausible);
    text = formatUtilization(r);
    QVERIFY2(text.contains(QLatin1String("(2748.78 TOPS > 1979 TOPS dense int8")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("TFLOPS")), qPrintable(text));
  }

  void jsonOutput() {
    const nlohmann::json j = toJson(computeUtilization(relu(QStringLiteral("H200"))));
    QCOMPARE(j.at("ok").get<bool>(), true);
    QCOMPARE(QString::fromStdString(j.at("gpu").get<std::string>()), QStringLiteral("H200-SXM"));
    QVERIFY(near(j.at("bandwidth_peak_utilization_pct").get<double>(), 87.43825927));
    QVERIFY(near(j.at("tflops_peak_utilization_pct").get<double>(), 0.7830291876));
    QVERIFY(j.at("waves").is_null());
    QVERIFY(j.at("error").is_null());
    QCOMPARE(QString::fromStdString(j.at("bottleneck").get<std::string>()), QStringLiteral("memory-bound"));
  }

  void roofline() {
    const UtilizationResult r = computeUtilization(relu(QStringLiteral("H200")));
    const RooflineData d = makeRoofline(r, QStringLiteral("V0 19_ReLU"));
    QCOMPARE(d.gpuId, QStringLiteral("H200-SXM"));
    QCOMPARE(d.label, QStringLiteral("V0 19_ReLU"));
    // attainable at I = 0.125: min(67, 4.8 * 0.125) = 0.6 TFLOPS; the point (0.5246) is below it
    QNEAR(rooflineTflopsAt(d, 0.125), 0.6);
    QNEAR(rooflineTflopsAt(d, 0.125, true), 0.53);  // 4.24 * 0.125 on the measured roof
    QVERIFY(!d.aboveRoof);
    QCOMPARE(rooflineTflopsAt(d, 1000.0), 67.0);  // flat compute roof past the ridge
    QNEAR(rooflineTflopsAt(d, d.ridgePoint), 67.0);
    const auto curve = sampleRoofline(d, 0.01, 1000.0, 6);
    QCOMPARE(curve.size(), 6);
    QNEAR(curve.first().first, 0.01);
    QNEAR(curve.at(1).first, 0.1);  // log-spaced: one decade per step
    QNEAR(curve.last().first, 1000.0);
    for (qsizetype i = 1; i < curve.size(); ++i) QVERIFY(curve.at(i).second >= curve.at(i - 1).second);
    QVERIFY(sampleRoofline(d, 0.0, 10.0, 5).isEmpty());
    QVERIFY(makeRoofline(UtilizationResult{}).gpuId.isEmpty());
  }
};

QTEST_GUILESS_MAIN(TestPerf)
#include "tst_perf.moc"
