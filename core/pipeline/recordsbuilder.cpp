#include "core/pipeline/recordsbuilder.h"
#include "core/perf/measureddevice.h"
#include "core/platform/gpuspec.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

#include "core/codegen/conformance.h"
#include "core/records/baselinereport.h"
#include "core/records/exprtext.h"
#include "core/records/memoryrecord.h"
#include "core/records/versions.h"
#include "core/workspace/workspace.h"

namespace kwb {

namespace {

QString str(const nlohmann::json& j, const char* key) {
  if (j.is_object() && j.contains(key) && j[key].is_string()) return QString::fromStdString(j[key].get<std::string>());
  return {};
}

nlohmann::json opt(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

// The "- Date: " line of a report kwb wrote (renderBaselineReport), "" when there is none.
QString reportDate(const QByteArray& report) {
  static const QRegularExpression re(QStringLiteral("^- Date: (.+)$"), QRegularExpression::MultilineOption);
  const QRegularExpressionMatch m = re.match(QString::fromUtf8(report));
  return m.hasMatch() ? m.captured(1).trimmed() : QString();
}

// Ops that move or alias data with no arithmetic (as probe_ops.py's VIEW list and opgraph's, plus copies).
bool isLayoutOp(const QString& n) {
  static const QSet<QString> v = {
      QStringLiteral("view"),         QStringLiteral("reshape"),    QStringLiteral("_reshape_alias"),
      QStringLiteral("_unsafe_view"), QStringLiteral("unsqueeze"),  QStringLiteral("squeeze"),
      QStringLiteral("permute"),      QStringLiteral("expand"),     QStringLiteral("contiguous"),
      QStringLiteral("detach"),       QStringLiteral("alias"),      QStringLiteral("t"),
      QStringLiteral("transpose"),    QStringLiteral("as_strided"), QStringLiteral("flatten"),
      QStringLiteral("empty"),        QStringLiteral("empty_like"), QStringLiteral("lift_fresh"),
      QStringLiteral("slice"),        QStringLiteral("narrow"),     QStringLiteral("select"),
      QStringLiteral("clone"),        QStringLiteral("expand_as"),  QStringLiteral("view_as"),
      QStringLiteral("movedim"),      QStringLiteral("split"),      QStringLiteral("split_with_sizes"),
      QStringLiteral("chunk"),        QStringLiteral("unbind"),     QStringLiteral("unsafe_split"),
      QStringLiteral("copy_"),        QStringLiteral("_to_copy"),   QStringLiteral("to")};
  return v.contains(n);
}

// "`name` ×n, ..." in first-seen order.
QString countedNames(const QStringList& order, const QHash<QString, int>& count) {
  QStringList parts;
  for (const QString& n : order) parts.append(QStringLiteral("`%1` ×%2").arg(n).arg(count.value(n)));
  return parts.join(QStringLiteral(", "));
}

}  // namespace

QString summariseAtenOps(const nlohmann::json& ops) {
  if (!ops.is_array() || ops.empty()) return {};
  QStringList compute, layout;
  QHash<QString, int> count;
  int total = 0, layoutTotal = 0;
  for (const auto& op : ops) {
    QString n = str(op, "op");
    if (n.isEmpty()) continue;
    if (n.startsWith(QLatin1String("aten::"))) n = n.mid(6);
    ++total;
    const bool isLayout = isLayoutOp(n);
    layoutTotal += isLayout ? 1 : 0;
    QStringList& group = isLayout ? layout : compute;
    if (!count.contains(n)) group.append(n);
    ++count[n];
  }
  if (total == 0) return {};
  QString text = QStringLiteral("%1 aten op%2: ").arg(total).arg(total == 1 ? QString() : QStringLiteral("s"));
  text += compute.isEmpty() ? QStringLiteral("no compute op") : countedNames(compute, count);
  if (!layout.isEmpty()) text += QStringLiteral("; layout %1 (%2)").arg(layoutTotal).arg(countedNames(layout, count));
  return text;
}

// Conformance (core/codegen/conformance.h) is static, so it is judged on a CPU dry run too: kernel.py
// must import its framework and ModelNew.forward must launch its kernels with no PyTorch compute.
void evaluateGate(const RecordsInput& in, const QString& kernelPath, RecordsOutput* out) {
  const RunOutcome& o = *in.outcome;
  QStringList reasons;
  bool timeout = false;
  // A CPU dry run's stand-in is the reference itself: its TIMEOUT_FAIL is this CPU's slowness, never a kernel's
  // (new-user trial 7, #4: a 32x8192x8192 GEMM read TIMEOUT_FAIL, rc 1, for a kernel that never ran).
  QStringList slowOnCpu;
  // Likewise a dry run's SKIPPED case: the reference raised in that case's low-precision dtype on this CPU's torch
  // while it runs in float32 on the same inputs (the harness's CpuDtypeGap; new-user trial 12, #2: every ConvTranspose
  // with in != out channels FAILed its bf16 case on torch 1.13). Listed, not failed; outside a dry run it fails.
  QStringList notOnCpu;
  QStringList vacuous;  // SKIPPED: the reference has no finite value (skippedAsVacuous)
  bool passed = false;
  for (const CaseResult& c : o.cases) {
    if (in.cpuDryRun && c.status == QLatin1String("TIMEOUT_FAIL")) {
      slowOnCpu.append(c.name);
      continue;
    }
    if (skippedForThisCpu(c, in.cpuDryRun)) {
      notOnCpu.append(c.name);
      continue;
    }
    if (skippedAsVacuous(c)) {  // nothing finite to compare: no failure, no pass (new-user trial 21, #3)
      vacuous.append(c.name);
      continue;
    }
    if (c.status == QLatin1String("PASS")) passed = true;
    if (c.status == QLatin1String("TIMEOUT_FAIL")) timeout = true;
    if (c.status != QLatin1String("PASS"))
      reasons.append(
          QStringLiteral("%1: %2%3")
              .arg(c.name, c.status, c.reason.isEmpty() ? QString() : QStringLiteral(" (") + c.reason + u')'));
  }
  if (!vacuous.isEmpty() && !passed && reasons.isEmpty() && !in.cpuDryRun)
    reasons.append(QStringLiteral("no case checked the kernel: %1 had no finite reference value to compare (the check "
                                  "is vacuous)")
                       .arg(vacuous.join(QStringLiteral(", "))));
  // first: why nothing else ran; a signal from outside kwb is no user's Stop (new-user trial 17, #4)
  if (o.cancelled)
    reasons.append(in.stopCause.isEmpty() ? QStringLiteral("the run was stopped by the user") : in.stopCause);
  // The harness's own error (status ERROR, e.g. "CUDA is not available ...; use --cpu-dry-run") is the
  // reason no case ran: the gate, the report and memory say it, not only the console (fresh-user trial).
  if (o.result && o.result->raw.contains("error") && o.result->raw["error"].is_string()) {
    // the harness's exception path already starts with "harness error: " (it read "harness error: harness error:")
    const QString text = QString::fromStdString(o.result->raw["error"].get<std::string>());
    reasons.append(text.startsWith(QLatin1String("harness error: ")) ? text : QStringLiteral("harness error: ") + text);
  }
  // A skeleton's harness is not run (BaselineJob::startMeasure): its one reason is the missing kernel.
  const bool notRun = !in.implemented && o.runDir.isEmpty() && !o.result && o.cases.isEmpty();
  if (!o.ok && !o.error.isEmpty() && !o.cancelled && !notRun) reasons.append(QStringLiteral("run error: ") + o.error);
  if (o.cases.isEmpty() && !notRun) reasons.append(QStringLiteral("no case ran"));
  if (!o.result && !notRun) reasons.append(QStringLiteral("the harness printed no RESULT_JSON"));
  for (const QString& e : o.harnessErrors) reasons.append(QStringLiteral("harness output error: ") + e);
  if (!in.implemented)
    reasons.append((notRun ? QStringLiteral("kernel.py is a skeleton marked unimplemented (the harness was not run)")
                           : QStringLiteral("kernel.py is a skeleton marked unimplemented")) +
                   (in.skeletonReason.isEmpty() ? QString() : QStringLiteral(": ") + in.skeletonReason));
  if (!in.staticCheckOk) reasons.append(in.staticCheck);
  // The dynamic half: the harness ran ModelNew.forward under a dispatch recorder (a static check cannot see
  // every route to a PyTorch op: a callable stored in __init__, a lambda, importlib, the tensor's type).
  if (in.implemented && !in.cpuDryRun && o.result && o.result->dispatchCheckOk == false)
    reasons.append(QStringLiteral("dispatch check: ModelNew.forward ran PyTorch compute op(s) %1; the kernel must "
                                  "compute through its framework")
                       .arg(o.result->dispatchComputeOps.join(QStringLiteral(", "))));
  if (in.implemented && conformanceFrameworks().contains(in.framework)) {
    // stdlib-only checker: any python3 will do (the same interpreter as the CuTe DSL static check)
    const ConformanceResult c = checkConformance(in.checkPython.isEmpty() ? QStringLiteral("python3") : in.checkPython,
                                                 kernelPath, in.framework);
    if (!c.ok) reasons.append(QStringLiteral("framework conformance: ") + conformanceSummary(c));
  }
  // A dry run exists to check the harness and the problem file on the reference. When no case completed, or
  // problem_shape (get_inputs() as written, the timed case) did not, it checked nothing of the problem: a FAIL
  // that says so, not a DRY_RUN committed as "V0 baseline kernel" (new-user trial 10, #4). When problem_shape
  // completed, other cases that ran out of time are listed in the DRY_RUN's reason, not failed.
  if (in.cpuDryRun && !notOnCpu.isEmpty() && slowOnCpu.size() + notOnCpu.size() == o.cases.size() && !o.cancelled)
    reasons.prepend(QStringLiteral("%1no case completed: %2 ran out of time, %3 cannot run on this CPU's torch")
                        .arg(QLatin1String(kDryRunCheckedNothing))
                        .arg(slowOnCpu.size())
                        .arg(notOnCpu.size()));
  else if (in.cpuDryRun && !slowOnCpu.isEmpty() && !o.cancelled) {
    if (slowOnCpu.size() == o.cases.size())
      // Not one case returned, the reduced shapes included: a reference that never returns (a loop in forward) reads
      // the same as a slow one, and raising the limit never helps it (new-user trial 17, #6: blamed on the CPU).
      reasons.prepend(QStringLiteral("%1the PyTorch reference did not return within the case timeout%2 in any of "
                                     "the %3 cases, the reduced shapes included: a hang in the model code (a loop "
                                     "that never ends, a wait) is likely; check forward() on a small input. Only if "
                                     "the reference is merely slow on this CPU does --case-timeout SEC help: raise "
                                     "--case-timeout")
                          .arg(QLatin1String(kDryRunCheckedNothing),
                               in.caseTimeoutSec > 0 ? QStringLiteral(" (%1 s)").arg(in.caseTimeoutSec) : QString())
                          .arg(o.cases.size()));
    else if (slowOnCpu.contains(QLatin1String("problem_shape")))
      reasons.prepend(QStringLiteral("%1problem_shape, the problem's own shapes, ran out of time (%2 of %3 cases in "
                                     "all: %4; the PyTorch reference is too slow on this CPU); raise --case-timeout "
                                     "(a dry run counts only when problem_shape completes; other cases that run out "
                                     "of time are listed, not failed)")
                          .arg(QLatin1String(kDryRunCheckedNothing))
                          .arg(slowOnCpu.size())
                          .arg(o.cases.size())
                          .arg(slowOnCpu.join(QStringLiteral(", "))));
  }
  out->gateReason = reasons.join(QStringLiteral("; "));
  // A stopped run has no verdict: its cases did not all run (new-user trial 5, R3: it read FAIL in `kwb versions`).
  out->gateResult = o.cancelled ? QStringLiteral("STOPPED")
                    : timeout   ? QStringLiteral("TIMEOUT_FAIL")
                                : (reasons.isEmpty() ? QStringLiteral("PASS") : QStringLiteral("FAIL"));
  // A dry run that checked nothing only because its cases ran out of time judged nothing: kernel.py never runs in a
  // dry run, and the reference's time is this CPU's. It is its own outcome, not the FAIL of a wrong kernel (new-user
  // trial 18, #3: a level-3 MLP on 2 cores read FAIL). Any other reason (conformance, a harness error) keeps FAIL.
  if (in.cpuDryRun && out->gateResult == QLatin1String("FAIL") && reasons.size() == 1 && !slowOnCpu.isEmpty() &&
      reasons.first().startsWith(QLatin1String(kDryRunCheckedNothing)))
    out->gateResult = QString::fromLatin1(kDryRunTimeoutGate);
  // A correct kernel that was timed nowhere (the harness's "untimed", session 45) is no plain PASS: the reason says so
  // wherever the gate is shown (the report's Result, memory's failure_reason, the suite's row, `kwb` output).
  if (!in.cpuDryRun && out->gateResult == QLatin1String("PASS") && o.result && o.result->raw.contains("untimed") &&
      o.result->raw["untimed"].is_string())
    out->gateReason =
        QLatin1String(kUntimedPass) + QStringLiteral("nothing was timed (%1)")
                                          .arg(QString::fromStdString(o.result->raw["untimed"].get<std::string>()));
  // A CPU dry run never runs the kernel: what passed is the harness on the reference plus the static
  // checks. That is not the seed's quality gate, so it is never recorded as PASS.
  if (in.cpuDryRun && out->gateResult == QLatin1String("PASS")) {
    out->gateResult = QStringLiteral("DRY_RUN");
    out->gateReason = QStringLiteral(
        "not evaluated: CPU dry run (the harness ran the PyTorch reference on the CPU at reduced "
        "shapes; kernel.py was checked statically, not run)");
    if (!slowOnCpu.isEmpty())
      out->gateReason += QStringLiteral(
                             "; reference too slow on this CPU: %1 of %2 case(s) (%3) ran out of the per-case time, "
                             "so the harness did not check them (--case-timeout SEC raises it)")
                             .arg(slowOnCpu.size())
                             .arg(o.cases.size())
                             .arg(slowOnCpu.join(QStringLiteral(", ")));
    if (!notOnCpu.isEmpty())
      out->gateReason += QStringLiteral(
                             "; not runnable on this CPU's torch: %1 of %2 case(s) (%3): the PyTorch reference raises "
                             "in that dtype on the CPU, so the harness skipped them (a GPU run checks them)")
                             .arg(notOnCpu.size())
                             .arg(o.cases.size())
                             .arg(notOnCpu.join(QStringLiteral(", ")));
  }
}

QString shownGate(const QString& gateResult, bool skeleton) {
  return skeleton && (gateResult == QLatin1String("FAIL") || gateResult == QLatin1String("TIMEOUT_FAIL"))
             ? QStringLiteral("SKELETON")
             : gateResult;
}

QString ledgerDtype(const QString& t) {
  if (t == QLatin1String("float32")) return QStringLiteral("fp32");
  if (t == QLatin1String("bfloat16")) return QStringLiteral("bf16");
  if (t == QLatin1String("float16")) return QStringLiteral("fp16");
  if (t == QLatin1String("float64")) return QStringLiteral("fp64");
  return t;
}

bool specHasMatrixProduct(const nlohmann::json& spec) {
  static const QSet<QString> mma = {QStringLiteral("GEMM"), QStringLiteral("Convolution"), QStringLiteral("Attention"),
                                    QStringLiteral("Recurrent")};
  const auto isMma = [](const nlohmann::json& category) {
    return category.is_string() && mma.contains(QString::fromStdString(category.get<std::string>()));
  };
  const nlohmann::json pattern = spec.value("pattern", nlohmann::json::object());
  if (pattern.is_object() && pattern.contains("primary") && isMma(pattern["primary"])) return true;
  if (spec.contains("ops") && spec["ops"].is_array())
    for (const auto& op : spec["ops"])
      if (op.is_object() && op.contains("category") && isMma(op["category"])) return true;
  return false;
}

QString rooflineComputeDtype(const nlohmann::json& spec, const QString& mathDtype, bool* nonTensor) {
  if (nonTensor) *nonTensor = false;
  if (!mathDtype.isEmpty()) return mathDtype;
  const QString data = ledgerDtype(str(spec, "dtype"));
  // new-user trial 26, #8: an int8 dequant (fp16 out) was drawn against the fp16 tensor-core roof (989.5 TFLOPS on
  // an H200), which no elementwise chain can reach. Without a matrix product the generated kernels convert their
  // loads to fp32 and compute there, on the CUDA cores / vector units: the ledger's fp32 row is that peak.
  static const QSet<QString> tensorOnly = {QStringLiteral("fp16"), QStringLiteral("bf16"), QStringLiteral("fp8")};
  if (!tensorOnly.contains(normalizeDtype(data)) || specHasMatrixProduct(spec)) return data;
  if (nonTensor) *nonTensor = true;
  return QStringLiteral("fp32");
}

UtilizationRequest specUtilizationRequest(const nlohmann::json& spec, const QString& gpuId, const QString& mathDtype) {
  UtilizationRequest rq;
  rq.gpu = gpuId;
  rq.dtype = rooflineComputeDtype(spec, mathDtype);
  rq.flopsExpr = str(spec.value("flops", nlohmann::json::object()), "expr");
  rq.bytesExpr = str(spec.value("bytes", nlohmann::json::object()), "expr");
  const nlohmann::json sizes = spec.value("sizes", nlohmann::json::object());
  for (const auto& [k, v] : sizes.items())
    if (v.is_number()) rq.vars.insert(QString::fromStdString(k), v.get<double>());
  return rq;
}

namespace {
/// A roof rated in the non-tensor peak (rooflineComputeDtype()) says so, with the data's dtype, and draws no
/// tensor-core roof beside it: no kernel without a matrix product reaches one.
void markNonTensorRoof(const nlohmann::json& spec, const QString& mathDtype, RooflineData* rl) {
  bool nonTensor = false;
  rooflineComputeDtype(spec, mathDtype, &nonTensor);
  if (!nonTensor) return;
  rl->nonTensorRoofOf = ledgerDtype(str(spec, "dtype"));
  rl->otherComputeRoofs.clear();
}
}  // namespace

std::optional<RooflineData> analyticRoofline(const nlohmann::json& spec, const QString& gpuId, const QString& mathDtype,
                                             QString* error) {
  if (!spec.is_object() || gpuId.isEmpty()) {
    if (error) *error = QStringLiteral("no spec or GPU yet");
    return std::nullopt;
  }
  UtilizationRequest rq = specUtilizationRequest(spec, gpuId, mathDtype);
  rq.timeMs = 1.0;  // a time is required; the point's TFLOPS is dropped below (nothing was measured)
  const UtilizationResult util = computeUtilization(rq);
  if (!util.ok || util.bandwidthOnly) {
    if (error) *error = util.ok ? util.warnings.value(0) : util.error;
    return std::nullopt;
  }
  RooflineData rl = makeRoofline(util);
  rl.pointTflops = 0;
  rl.aboveRoof = false;
  rl.label = QString::fromLatin1(kAnalyticPointLabel);
  markNonTensorRoof(spec, mathDtype, &rl);
  return rl;
}

bool buildRecords(const RecordsInput& in, Workspace& ws, const FigureRenderFn& renderFigure, RecordsOutput* out,
                  QString* error) {
  const nlohmann::json& spec = *in.spec;
  const RunOutcome& o = *in.outcome;
  const QString date = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
  const RecordPaths paths = recordPaths(in.version);
  const QString vtag = QStringLiteral("v%1").arg(in.version);
  evaluateGate(in, ws.path(QStringLiteral("kernel.py")), out);

  // ---- utilization and roofline (from the ledger; a GPU run only for the measured point)
  // The device the harness measured on, against the target: a run on another GPU (an H100 lent for an --gpu H200
  // target, session 34) is rated against that device's roofs, or none when the ledger does not know it.
  const MeasuredDevice device = matchMeasuredDevice(o.result && !in.cpuDryRun ? o.result->gpu : QString(), in.gpuId);
  UtilizationRequest rq =
      specUtilizationRequest(spec, device.rooflineId.isEmpty() ? in.gpuId : device.rooflineId, in.mathDtype);
  const std::optional<double> latencyUs = o.result ? o.result->latencyUs : std::nullopt;
  if (o.result && o.result->raw.contains("measured_copy_bandwidth_tbs") &&
      o.result->raw["measured_copy_bandwidth_tbs"].is_number())
    rq.measuredBandwidthTBs = o.result->raw["measured_copy_bandwidth_tbs"].get<double>();
  if (o.result && o.result->gridBlocks) rq.gridBlocks = o.result->gridBlocks;
  const bool measuredOnGpu = !in.cpuDryRun && latencyUs && *latencyUs > 0;
  rq.timeMs = measuredOnGpu ? *latencyUs / 1000.0 : 1.0;  // dry run: roofs only, the point is dropped below
  UtilizationResult util;
  if (device.rooflineId.isEmpty())
    util.error = device.mismatchNote;
  else
    util = computeUtilization(rq);
  if (util.ok && rq.measuredBandwidthTBs)  // the figure came from this run's harness: say so on the roofline too
    util.measuredBandwidthSource =
        QStringLiteral("device-to-device copy measured by test_kernel.py in this run: %1 TB/s")
            .arg(*rq.measuredBandwidthTBs, 0, 'f', 3);
  if (util.ok && util.bandwidthOnly) {  // an integer problem: GB/s and % of the HBM roof, no roofline to draw
    if (measuredOnGpu) out->utilization = util;
    out->summary.append(QStringLiteral("roofline figure not drawn: ") + util.warnings.value(0));
  } else if (util.ok) {
    RooflineData rl = makeRoofline(util);
    markNonTensorRoof(spec, in.mathDtype, &rl);
    if (!measuredOnGpu) {
      rl.pointTflops = 0;
      // a skeleton's harness never ran: no dry run took place to name (new-user trial 9, #11)
      rl.label = unmeasuredPointLabel(!in.implemented, in.cpuDryRun);
    } else {
      out->utilization = util;
    }
    out->roofline = rl;
  } else {
    out->summary.append(QStringLiteral("utilization not computed: ") + util.error);
  }

  QString figure;
  if (out->roofline && renderFigure) {
    QString figErr;
    QDir().mkpath(QFileInfo(ws.path(paths.figure)).absolutePath());
    if (renderFigure(*out->roofline, ws.path(paths.figure), &figErr)) {
      figure = QFileInfo(paths.figure).fileName();  // beside the report it belongs to
      out->files.append(paths.figure);
    } else {
      out->summary.append(QStringLiteral("roofline figure not drawn: ") + figErr);
    }
  }

  // ---- baseline_report.md
  ReportInput r;
  r.problemName = str(spec.value("source", nlohmann::json::object()), "name");
  if (in.version > 0)
    r.title = QStringLiteral("V%1 measurement report (the baseline is V0's baseline_report.md)").arg(in.version);
  r.kernelPath = QStringLiteral("kernel.py");
  r.testPath = QStringLiteral("test_kernel.py");
  r.referencePath = QStringLiteral("reference.py");
  {
    const nlohmann::json pattern = spec.value("pattern", nlohmann::json::object());
    QString desc =
        QStringLiteral("`Model.forward`: pattern %1 (%2).").arg(str(pattern, "primary"), str(pattern, "detail"));
    // Grouped and counted: every view of a 60-op model listed one by one hid the model (new-user trial 12, #10).
    if (const QString ops = summariseAtenOps(spec.value("ops", nlohmann::json::array())); !ops.isEmpty())
      desc += QLatin1Char(' ') + ops + QLatin1Char('.');
    // Like terms combined, as the report's performance line writes them: the raw probe expression here gave the
    // minimum bytes twice in one report, once unsimplified (new-user trial 10, #15).
    desc += QStringLiteral(" FLOPs `%1`, minimum bytes `%2`; accumulation in %3; rel_err threshold %4 (%5).")
                .arg(readableExpr(rq.flopsExpr, false), readableExpr(rq.bytesExpr, false),
                     str(spec.value("accuracy", nlohmann::json::object()), "accumulation_dtype"),
                     QString::number(spec.value("accuracy", nlohmann::json::object()).value("rel_err_threshold", 0.01)),
                     str(spec.value("accuracy", nlohmann::json::object()), "threshold_source"));
    // Guessed inputs (--guess-inputs) and other ambiguities, as the probe flagged them: a reviewer must
    // see that the shapes above may not be the problem's.
    for (const auto& a : spec.value("ambiguities", nlohmann::json::array()))
      if (a.is_object())
        desc += QStringLiteral("\n\n**Ambiguous (%1):** %2")
                    .arg(QString::fromStdString(a.value("kind", std::string("unspecified"))),
                         QString::fromStdString(a.value("why", std::string())));
    r.referenceDescription = desc;
  }
  // The device the harness ran on, the ledger's GPU beside it; a skeleton's harness ran nowhere, which the report says
  // in the same form (new-user trial 7, #12: it read "GPU: H200-SXM" where a dry run reads "cpu (ledger: H200-SXM)").
  r.gpu = !device.matchesTarget
              ? QStringLiteral("%1 (ledger: %2), NOT the target %3")
                    .arg(device.name, device.ledgerId.isEmpty() ? QStringLiteral("unknown") : device.ledgerId, in.gpuId)
          : (o.result && !o.result->gpu.isEmpty()) ? QStringLiteral("%1 (ledger: %2)").arg(o.result->gpu, in.gpuId)
          : o.runDir.isEmpty() && !o.result ? QStringLiteral("none, the harness was not run (ledger: %1)").arg(in.gpuId)
          // a dry run stopped before its result ran on the CPU all the same (new-user trial 17, #4)
          : in.cpuDryRun ? QStringLiteral("cpu (ledger: %1)").arg(in.gpuId)
                         : in.gpuId;
  r.framework = in.framework;
  r.frameworkNote = in.outsidePolicy ? in.frameworkReason : QString();
  r.mode = in.cpuDryRun ? QStringLiteral("cpu-dry-run") : QStringLiteral("gpu");
  r.timingMethod = o.result ? o.result->timingMethod : QString();
  for (const KnowledgeRecord& k : *in.records) r.sourceRecordIds.append(k.id);
  // A later version (`kwb measure`, Measure Again) does not run phase 2: the previous version's records apply, and the
  // report and memory carry them forward, saying so (new-user trial 12, #10).
  nlohmann::json carriedRefs = nlohmann::json::array();
  if (in.version > 0 && in.records->isEmpty() && in.previous && in.previous->is_object() &&
      in.previous->value("references", nlohmann::json()).is_array()) {
    const QString prev = QString::fromStdString(in.previous->value("version", std::string()));
    for (const auto& ref : (*in.previous)["references"])
      if (ref.is_object() && ref.value("record_id", nlohmann::json()).is_string()) {
        r.sourceRecordIds.append(QString::fromStdString(ref["record_id"].get<std::string>()));
        carriedRefs.push_back(ref);
      }
    if (!carriedRefs.empty() && !prev.isEmpty()) {
      r.sourceRecordsFrom = prev.toUpper();
      r.sourceRecordsFromPath = QStringLiteral("memory/%1.json").arg(prev);
    }
  }
  r.baselineConfig = in.baselineConfig;
  r.kernelUserEdited = in.kernelUserEdited;
  for (const CaseResult& c : o.cases)
    r.cases.append({c.name, c.status, c.shape, c.dtype, c.reason, c.relErr, c.threshold, c.latencyUs, c.refLatencyUs});
  if (o.result) r.skippedCases = o.result->skippedCases;
  r.syntheticInputCases = syntheticInputCases(o.cases);
  r.maxRelErr = o.result ? o.result->maxRelErr : std::nullopt;
  if (o.result) r.modelModeNote = o.result->modelModeNote;
  r.overallStatus = out->gateResult == QLatin1String("DRY_RUN") ? QStringLiteral("DRY RUN (kernel not run)")
                    : out->gateResult == QLatin1String(kDryRunTimeoutGate) && in.implemented
                        // not a FAIL: nothing was judged (new-user trial 18, #3)
                        ? QStringLiteral("DRY RUN INCOMPLETE (out of time on this CPU; nothing judged)")
                        : shownGate(out->gateResult, !in.implemented);
  if (out->gateResult != QLatin1String("PASS") && out->gateResult != QLatin1String("DRY_RUN"))
    r.overallReason = out->gateReason;
  if (out->gateResult == QLatin1String("PASS") && out->gateReason.startsWith(QLatin1String(kUntimedPass))) {
    r.overallStatus = QStringLiteral("PASS (untimed)");  // correct, but no latency: not a measured V0
    r.overallReason = out->gateReason;
  }
  r.latencyUs = in.cpuDryRun ? std::nullopt : latencyUs;  // the CPU reference's time is not a kernel latency
  r.refLatencyUs = o.result ? o.result->refLatencyUs : std::nullopt;
  if (o.result && !in.cpuDryRun) {
    r.compileRefLatencyUs = o.result->compileRefLatencyUs;
    r.compileRefPrecision = o.result->compileRefPrecision;
    r.compileRefError = o.result->compileRefError;
    for (const auto& k : o.result->kernelProfile)
      r.kernelProfile.append({k.name, k.count, k.us, k.sharePct, k.grid, k.block, k.regs, k.smem});
    r.kernelLaunches = o.result->kernelLaunches;
    r.kernelTotalUs = o.result->kernelTotalUs;
    r.kernelProfileError = o.result->kernelProfileError;
  }
  // Host time per forward call (optional: older harnesses and the CPU do not report it).
  const std::optional<double> hostUs = (o.result && !in.cpuDryRun) ? o.result->hostUs : std::nullopt;
  const std::optional<double> refHostUs = (o.result && !in.cpuDryRun) ? o.result->refHostUs : std::nullopt;
  r.hostUs = hostUs;
  r.refHostUs = refHostUs;
  if (out->utilization) {
    if (!util.bandwidthOnly) r.tflops = util.achievedTflops;
    r.bandwidthGBs = util.achievedGBs;
    if (!util.bandwidthOnly) r.tflopsUtilPct = util.tflopsUtilPct;
    r.bandwidthUtilPct = util.bandwidthUtilPct;
    r.bandwidthUtilVsMeasuredPct = util.bandwidthUtilVsMeasuredPct;
    r.warnings = util.warnings;
    r.implausible = util.implausible;
  }
  r.flopsExpr = rq.flopsExpr;
  r.bytesExpr = rq.bytesExpr;
  r.flopsNote = formulaNote(spec.value("flops", nlohmann::json::object()));
  r.bytesNote = formulaNote(spec.value("bytes", nlohmann::json::object()));
  for (auto [key, target] : {std::pair{"flops", &r.flopsValue}, std::pair{"bytes", &r.bytesValue}})
    if (const nlohmann::json c = spec.value(key, nlohmann::json::object());
        c.is_object() && c.value("value", nlohmann::json()).is_number())
      *target = c["value"].get<double>();
  r.bottleneck = util.ok ? util.bottleneck : QString();
  r.peakComputeSource = util.peakComputeSource;
  r.peakBandwidthSource = util.peakBandwidthSource;
  if (rq.measuredBandwidthTBs)
    r.measuredCeilingSource = QStringLiteral("device-to-device copy measured by test_kernel.py in this run: %1 TB/s")
                                  .arg(*rq.measuredBandwidthTBs, 0, 'f', 3);
  r.arithmeticIntensity = util.ok ? util.arithmeticIntensity : 0;
  r.ridgePoint = util.ok ? util.ridgePoint : 0;
  r.rooflineFigure = figure;
  if (!device.matchesTarget) r.warnings.prepend(QStringLiteral("device: ") + device.mismatchNote);
  for (const QString& w : in.problemWarnings) r.warnings.append(QStringLiteral("problem: ") + w);
  if (in.kernelKeptStale) r.warnings.append(QString::fromLatin1(kKeptStaleWarning));
  if (const QString w = outputLayoutWarning(o.cases); !w.isEmpty()) r.warnings.append(w);
  // A CPU dry run under an older torch may run the reference on a stand-in (torch < 2.0 has no
  // scaled_dot_product_attention): the report says so, next to the numbers it affects.
  if (o.result)
    for (const QString& s : o.result->torchShims) r.warnings.append(QStringLiteral("dry run: ") + s);
  // A kernel that passed on a slower path than planned (a variant that did not compile) must not read as
  // the planned kernel's speed: the harness names the fallback, the report says it.
  if (o.result && o.result->raw.contains("kernel_fallback") && o.result->raw["kernel_fallback"].is_string())
    r.warnings.append(QStringLiteral("kernel fallback: ") +
                      QString::fromStdString(o.result->raw["kernel_fallback"].get<std::string>()));
  if (!out->gateReason.isEmpty()) r.warnings.append(QStringLiteral("quality gate: ") + out->gateReason);
  if (in.framework == QLatin1String("cutedsl"))
    r.notRun.append(
        QStringLiteral(
            "The CuTe DSL kernel was checked statically (syntax, names and signatures against cute_api.json); "
            "it runs only where nvidia-cutlass-dsl is installed. %1")
            .arg(in.staticCheck));
  if (in.framework == QLatin1String("flydsl"))
    r.notRun.append(
        QStringLiteral(
            "The FlyDSL kernel was checked statically (syntax, names and signatures against flydsl_api.json, "
            "framework conformance); FlyDSL cannot be installed or run here, so it was never run. %1")
            .arg(in.staticCheck));
  // Not where no harness ran (a skeleton): no reference ran either (new-user trial 9, #11).
  // What ran says what happened: a stopped run before its first case, or cases that all ran out of time, ran no case
  // to its end (new-user trial 17, #4 #6: "the PyTorch reference ran in place of the kernel" for 0 cases).
  if (in.cpuDryRun && !(o.runDir.isEmpty() && r.cases.isEmpty())) {
    const qsizetype completed = std::count_if(o.cases.cbegin(), o.cases.cend(), [](const CaseResult& c) {
      return c.status != QLatin1String("TIMEOUT_FAIL") && c.status != QLatin1String("SKIPPED") &&
             c.status != QLatin1String("STOPPED");
    });
    if (completed == 0)
      r.notRun.append(
          (o.cancelled ? QStringLiteral("CPU dry run: the run was stopped before any case completed")
           : o.cases.isEmpty()
               ? QStringLiteral("CPU dry run: no case ran")
               : QStringLiteral("CPU dry run: no case completed (%1 of %1 did not return within the case timeout)")
                     .arg(o.cases.size())) +
          QStringLiteral("; the PyTorch reference checked nothing, and no kernel was run or measured."));
    else
      r.notRun.append(
          QStringLiteral("CPU dry run: the PyTorch reference ran in place of the kernel on the CPU at reduced shapes "
                         "where the inputs can be resized%1; no kernel was run or measured.")
              .arg(completed < o.cases.size()
                       ? QStringLiteral(" (%1 of %2 cases completed)").arg(completed).arg(o.cases.size())
                       : QString()));
  }
  r.command = in.command;
  // A run recorded already is not rewritten for a new date alone: the report is rendered with the date on disk and,
  // when that is byte for byte what is there, left alone (new-user trial 12, #9: Report after Run All Phases left the
  // committed V0 dirty, "Date:" the only change). Any other difference writes the report with today's date.
  QString werr0;
  const QByteArray onDisk = QFileInfo::exists(ws.path(paths.report)) ? ws.read(paths.report, &werr0) : QByteArray();
  const QString diskDate = reportDate(onDisk);
  r.date = diskDate.isEmpty() ? date : diskDate;
  r.runDir = QFileInfo(o.runDir).fileName().isEmpty() ? QString()
                                                      : QStringLiteral(".kwb/runs/") + QFileInfo(o.runDir).fileName();
  QString werr, kept;
  const auto render = [&] {
    QString report = renderBaselineReport(r);
    if (in.version > 0) {
      // A measured edit: the same report, headed by what it is and how it compares with the version before.
      QString head = QStringLiteral("# V%1: kernel.py as edited, measured again\n\n").arg(in.version);
      if (in.previous) {
        const nlohmann::json cur = {
            {"version", vtag.toStdString()},
            {"performance", {{"latency_us", r.latencyUs ? nlohmann::json(*r.latencyUs) : nullptr}}},
            {"correctness", {{"rel_err", (o.result && !in.cpuDryRun) ? opt(o.result->maxRelErr) : nullptr}}}};
        const nlohmann::json c = comparisonWithPrevious(*in.previous, cur);
        auto f = [](const nlohmann::json& v, char fmt, int prec) {
          return v.is_number() ? QString::number(v.get<double>(), fmt, prec) : QStringLiteral("n/a");
        };
        head +=
            QStringLiteral(
                "| | %1 | V%2 |\n|---|---|---|\n| latency (µs) | %3 | %4 |\n| max rel_err | %5 | %6 |\n\n"
                "Speedup over %1: %7%8.\n\n")
                .arg(QString::fromStdString(c["previous_version"].is_string() ? c["previous_version"].get<std::string>()
                                                                              : std::string("previous"))
                         .toUpper())
                .arg(in.version)
                .arg(f(c["previous_latency_us"], 'f', 3), f(c["current_latency_us"], 'f', 3),
                     f(c["previous_rel_err"], 'g', 3), f(c["current_rel_err"], 'g', 3),
                     c["speedup"].is_number() ? f(c["speedup"], 'f', 3) + u'x' : QStringLiteral("not known"),
                     c["speedup"].is_number() ? QString()
                                              : QStringLiteral(" (a CPU dry run on either side measures no kernel)"));
      }
      report = head + report;
    }
    return report;
  };
  QString report = render();
  const bool reportUnchanged = !diskDate.isEmpty() && report.toUtf8() == onDisk;
  if (!reportUnchanged && r.date != date) {
    r.date = date;
    report = render();
  }
  QDir().mkpath(QFileInfo(ws.path(paths.report)).absolutePath());
  if (reportUnchanged)
    out->unchanged.append(paths.report);
  else if (!ws.writeRecord(paths.report, report.toUtf8(), &kept, &werr)) {
    if (error) *error = werr;
    return false;
  }
  out->files.append(paths.report);
  // The chart's data beside the report, so review mode and `kwb export` redraw exactly this roofline.
  if (out->roofline) {
    QString rerr;
    if (ws.writeOwned(paths.rooflineData, QByteArray::fromStdString(rooflineToJson(*out->roofline).dump(2) + "\n"),
                      &rerr))
      out->files.append(paths.rooflineData);  // committed with the report it belongs to
    else
      out->summary.append(QStringLiteral("roofline data not kept: ") + rerr);
  }
  if (!kept.isEmpty())
    out->summary.append(
        QStringLiteral("%1 had been edited since kwb wrote it: your version is kept as %2").arg(paths.report, kept));

  // ---- memory/v0.json (the seed's template)
  MemoryRecord m = MemoryRecord::fromTemplate(vtag);
  bool ok = true;
  auto set = [&](const char* path, nlohmann::json v) {
    QString e;
    if (!m.setJson(QLatin1String(path), std::move(v), &e)) {
      ok = false;
      werr = e;
    }
  };
  const bool gpu = out->utilization.has_value();
  const bool roof = gpu && !util.bandwidthOnly;  // an integer problem has no compute roof: its figures are null
  set("performance.latency_us", in.cpuDryRun ? nlohmann::json(nullptr) : opt(latencyUs));
  set("performance.tflops", roof ? nlohmann::json(util.achievedTflops) : nlohmann::json(nullptr));
  set("performance.bandwidth_gbps", gpu ? nlohmann::json(util.achievedGBs) : nlohmann::json(nullptr));
  set("performance.tflops_peak_utilization_pct", roof ? nlohmann::json(util.tflopsUtilPct) : nlohmann::json(nullptr));
  set("performance.bandwidth_peak_utilization_pct",
      gpu ? nlohmann::json(util.bandwidthUtilPct) : nlohmann::json(nullptr));
  set("optimization.action_category", in.version == 0 ? "baseline" : "manual_edit");
  set("optimization.action_description",
      (in.version == 0 ? QStringLiteral("V0 baseline generated by Kernel Workbench (%1)").arg(in.framework)
                       : QStringLiteral("V%1: kernel.py as edited by the user, measured again (%2)")
                             .arg(in.version)
                             .arg(in.framework))
          .toStdString());
  set("correctness.rel_err", (o.result && !in.cpuDryRun) ? opt(o.result->maxRelErr) : nlohmann::json(nullptr));
  const bool casesPass =
      !o.cases.isEmpty() && std::all_of(o.cases.begin(), o.cases.end(), [](const CaseResult& c) { return c.passed(); });
  const bool anyTimeout = std::any_of(o.cases.begin(), o.cases.end(),
                                      [](const CaseResult& c) { return c.status == QLatin1String("TIMEOUT_FAIL"); });
  const bool dry = out->gateResult == QLatin1String("DRY_RUN");
  // null = not established: a CPU dry run never runs the kernel (the harness checks the reference against itself,
  // whatever the gate says: a skeleton's FAIL made this "PASS" before), and a run without RESULT_JSON (stopped,
  // crashed) did not finish its cases (fresh-user trial, session 7).
  const bool established = !dry && !in.cpuDryRun && o.result.has_value() && !o.cases.isEmpty();
  set("correctness.status", !established ? nlohmann::json(nullptr)
                                         : nlohmann::json(anyTimeout ? "TIMEOUT_FAIL" : (casesPass ? "PASS" : "FAIL")));
  set("quality_gate.result", dry ? nlohmann::json(nullptr) : nlohmann::json(out->gateResult.toStdString()));
  set("quality_gate.failure_reason",
      out->gateReason.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(out->gateReason.toStdString()));
  if (util.ok && !util.bandwidthOnly)
    set("profile_evidence.bottleneck_type",
        util.bottleneck == QLatin1String("compute-bound") ? "compute_bound" : "memory_bound");
  nlohmann::json refs = nlohmann::json::array();
  for (const KnowledgeRecord& k : *in.records) {
    refs.push_back({{"source_type", k.toolId.toStdString()},
                    {"path_or_url", k.source.toStdString()},
                    {"description", QString(k.id + QStringLiteral(": ") + k.content).toStdString()},
                    {"record_id", k.id.toStdString()}});
    // The scope as the tool returned it: a review read back empty Scope cells where phase 2 showed them (new-user
    // trial 14, #11).
    if (!k.scope.is_null()) refs.back()["scope"] = k.scope;
  }
  if (refs.empty()) refs = carriedRefs;  // a later version's: the previous version's, as its report says
  set("references", refs);
  nlohmann::json log = nlohmann::json::array();
  // What each tool's answer was used for (the seed's search-log "actionability").
  auto actionability = [](const PlanQuery& q) -> std::string {
    if (!q.ok) return "none: the fact is missing; the report and plan list it as such";
    if (q.recordCount == 0) return "none: no record matched";
    if (q.toolId == QLatin1String("spec-ledger"))
      return "datasheet peaks and measured ceilings for the roofline and utilization";
    if (q.toolId == QLatin1String("cutedsl-api")) return "the CuTe DSL names kernel.py may use (kwb check)";
    if (q.toolId == QLatin1String("gpu-wiki-hardware")) return "hardware facts for the plan (SMs, caches, limits)";
    if (q.toolId == QLatin1String("gpu-wiki"))
      return "techniques and pitfalls for the baseline plan (plans/v0_plan.md)";
    return "records listed in plans/v0_plan.md";
  };
  for (const PlanQuery& q : *in.searchLog)
    log.push_back({{"source", q.toolId.toStdString()},
                   {"query", q.input.dump()},
                   {"finding", q.ok ? QStringLiteral("%1 records").arg(q.recordCount).toStdString()
                                    : ("missing: " + q.error.toStdString())},
                   {"actionability", actionability(q)}});
  set("search_log", log);
  nlohmann::json pitfalls = nlohmann::json::array();
  for (const CaseResult& c : o.cases)
    if (!c.passed() && !(in.cpuDryRun && c.status == QLatin1String("TIMEOUT_FAIL")))  // the CPU's, not the kernel's
      pitfalls.push_back({{"error_type", c.status == QLatin1String("TIMEOUT_FAIL") ? "timeout" : "accuracy"},
                          {"error_message", QString(c.name + QStringLiteral(": ") + c.reason).toStdString()},
                          {"root_cause", nullptr},
                          {"fix_applied", nullptr},
                          {"lesson", nullptr}});
  set("pitfalls_and_fixes", pitfalls);
  nlohmann::json cfg = nlohmann::json::object();
  for (const auto& [k, v] : in.baselineConfig) cfg[k.toStdString()] = v.toStdString();
  set("workbench",
      {{"mode", in.cpuDryRun ? "cpu-dry-run" : "gpu"},
       {"gpu", in.gpuId.toStdString()},
       // the device the harness ran on, held against the target above (kept as what the user asked)
       {"measured_device",
        device.known ? nlohmann::json{{"name", device.name.toStdString()},
                                      {"ledger_id", device.ledgerId.isEmpty() ? nlohmann::json(nullptr)
                                                                              : nlohmann::json(device.ledgerId.toStdString())},
                                      {"matches_target", device.matchesTarget},
                                      {"roofline_gpu", device.rooflineId.isEmpty()
                                                           ? nlohmann::json(nullptr)
                                                           : nlohmann::json(device.rooflineId.toStdString())},
                                      {"note", device.mismatchNote.toStdString()}}
                     : nlohmann::json(nullptr)},
       {"framework", in.framework.toStdString()},
       {"framework_outside_policy", in.outsidePolicy},
       {"baseline_config", cfg},
       {"kernel_user_edited", in.kernelUserEdited},
       // which kernel.py this version measured, without git: a --no-commit version is compared with it (new-user
       // trial 22, #1), and the run folder's copy of it lets `kwb measure` commit that V0 later
       {"kernel_blob", in.kernelBlob.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(in.kernelBlob.toStdString())},
       {"run_dir", r.runDir.toStdString()},
       {"timing_method", r.timingMethod.toStdString()},
       {"host_us", opt(hostUs)},
       {"ref_host_us", opt(refHostUs)},
       {"compile_ref",
        [&] {
          // torch.compile(Model) at the kernel's precision (--compile-ref); null when not asked
          if (!o.result || in.cpuDryRun || (!o.result->compileRefLatencyUs && o.result->compileRefError.isEmpty()))
            return nlohmann::json(nullptr);
          const auto& rr = *o.result;
          return nlohmann::json{
              {"latency_us", opt(rr.compileRefLatencyUs)},
              {"precision", rr.compileRefPrecision.toStdString()},
              {"compile_s", opt(rr.compileRefCompileS)},
              {"speedup", (rr.compileRefLatencyUs && latencyUs && *latencyUs > 0.0)
                              ? nlohmann::json(*rr.compileRefLatencyUs / *latencyUs)
                              : nlohmann::json(nullptr)},
              {"error", rr.compileRefError.isEmpty() ? nlohmann::json(nullptr)
                                                     : nlohmann::json(rr.compileRefError.toStdString())}};
        }()},
       {"kernel_profile",  // the plan's kernels and their shares of one profiled call (GPU runs)
        (o.result && !in.cpuDryRun && o.result->raw.is_object() && o.result->raw.contains("kernel_profile"))
            ? o.result->raw.at("kernel_profile")
            : nlohmann::json(nullptr)},
       {"implausible", gpu && util.implausible},
       {"warnings",
        [&] {
          nlohmann::json w = nlohmann::json::array();
          for (const QString& x : in.problemWarnings) w.push_back("problem: " + x.toStdString());
          if (in.kernelKeptStale) w.push_back(kKeptStaleWarning);
          if (gpu)
            for (const QString& x : util.warnings) w.push_back(x.toStdString());
          return w;
        }()},
       {"note", in.cpuDryRun ? "CPU dry run: the PyTorch reference on the CPU at reduced shapes where the inputs can "
                               "be resized; not a kernel measurement"
                             : "measured by test_kernel.py on the target"}});
  if (in.previous) set("performance.comparison_with_previous", comparisonWithPrevious(*in.previous, m.json()));
  if (!ok) {
    if (error) *error = paths.memory + QStringLiteral(": ") + werr;
    return false;
  }
  // What the engineer wrote into the record this run replaces (open directions, pitfalls' causes and lessons, ...)
  // goes on in the new one; a changed record is still kept whole beside it (new-user trial 17, #7: --force kept them
  // only in memory/v0.json.edited-<time>).
  QStringList carried;
  if (QFileInfo::exists(ws.path(paths.memory)))
    if (const auto was = MemoryRecord::load(ws.path(paths.memory)); was && !was->isMasked())
      carried = carryEngineerFields(was->json(), m);
  // The same for memory: equal to the record on disk in all but "timestamp" leaves that record as it is.
  bool memoryUnchanged = false;
  if (QFileInfo::exists(ws.path(paths.memory)) && !ws.isUserEdited(paths.memory))
    if (const auto was = MemoryRecord::load(ws.path(paths.memory)); was && was->json().is_object()) {
      nlohmann::json now = m.json();
      now["timestamp"] = was->json().value("timestamp", nlohmann::json());
      // The commit the record names (written one commit after it) is that record's: the same record, the same commit.
      now["git_commit_hash"] = was->json().value("git_commit_hash", nlohmann::json());
      memoryUnchanged = now == was->json();
    }
  if (memoryUnchanged)
    out->unchanged.append(paths.memory);
  else if (!ws.writeRecord(paths.memory, m.toBytes(), &kept, &werr)) {
    if (error) *error = paths.memory + QStringLiteral(": ") + werr;
    return false;
  }
  out->files.append(paths.memory);
  if (!kept.isEmpty())
    out->summary.append(
        carried.isEmpty()
            ? QStringLiteral("%1 had been changed since kwb wrote it (an edit or `kwb memory update`): that version "
                             "is kept as %2")
                  .arg(paths.memory, kept)
            : QStringLiteral("%1 had been changed since kwb wrote it (an edit or `kwb memory update`): your %2 %3 "
                             "carried into the new record, and that version is kept whole as %4")
                  .arg(paths.memory, carried.join(QStringLiteral(", ")),
                       carried.size() == 1 ? QStringLiteral("is") : QStringLiteral("are"), kept));
  out->summary.append(QStringLiteral("quality gate: %1%2")
                          .arg(shownGate(out->gateResult, !in.implemented),
                               out->gateReason.isEmpty() ? QString() : QStringLiteral(" — ") + out->gateReason));
  if (out->utilization)
    out->summary.append(
        QStringLiteral("%1 µs, %2 GB/s (%3% of datasheet bandwidth), %4 TFLOPS")
            .arg(*latencyUs, 0, 'f', 2)
            .arg(util.achievedGBs, 0, 'f', 0)
            .arg(util.bandwidthUtilPct, 0, 'f', 1)
            .arg(util.bandwidthOnly ? QStringLiteral("n/a") : QString::number(util.achievedTflops, 'f', 3)));
  if (out->unchanged.size() == 2)
    out->summary.append(
        QStringLiteral("%1 and %2 are unchanged (this run's records, apart from the date): not rewritten")
            .arg(paths.report, paths.memory));
  else if (!out->unchanged.isEmpty())
    out->summary.append(
        QStringLiteral("wrote %1; %2 is unchanged: not rewritten")
            .arg(out->unchanged.contains(paths.report) ? paths.memory : paths.report, out->unchanged.constFirst()));
  else
    out->summary.append(QStringLiteral("wrote %1 and %2").arg(paths.report, paths.memory));
  return true;
}

QList<QPair<QString, QString>> syntheticInputCases(const QList<CaseResult>& cases) {
  QList<QPair<QString, QString>> out;
  for (const CaseResult& c : cases)
    if (c.raw.is_object() && c.raw.value("inputs", nlohmann::json()).is_string()) {
      const QString note = QString::fromStdString(c.raw["inputs"].get<std::string>());
      if (note.startsWith(QLatin1String("synthetic inputs"))) out.append({c.name, note});
    }
  return out;
}

QString outputLayoutWarning(const QList<CaseResult>& cases) {
  QStringList names;
  QString first;
  for (const CaseResult& c : cases) {
    if (!c.raw.is_object() || !c.raw.value("output_layout", nlohmann::json()).is_array() ||
        c.raw["output_layout"].empty())
      continue;
    names << c.name;
    if (first.isEmpty() && c.raw.value("warnings", nlohmann::json()).is_array())
      for (const auto& w : c.raw["warnings"])
        if (w.is_string() && QString::fromStdString(w.get<std::string>()).startsWith(QLatin1String("output layout")))
          first = QString::fromStdString(w.get<std::string>());
  }
  if (names.isEmpty()) return {};
  return QStringList{QStringLiteral("the kernel's result is not in Model's layout in case(s) %1")
                         .arg(names.join(QStringLiteral(", "))),
                     first}
      .join(QStringLiteral(": "));
}

}  // namespace kwb
