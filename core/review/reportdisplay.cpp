// displayReportMarkdown: baseline_report.md's fixed text (core/records/baselinereport.cpp, the V1+ head in
// core/pipeline/recordsbuilder.cpp) translated for the report pane. The file stays English (a record other
// tools and reviewers read); only its rendering in the GUI follows the language.
#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include "core/records/baselinereport.h"
#include "core/review/displaytext.h"

namespace kwb {

namespace {

// The messages' context is "kwb::ReportText", written out (lupdate does not expand macros).
QString translated(const char* source) { return QCoreApplication::translate("kwb::ReportText", source); }

// Section headings ("## X").
const char* const kSections[] = {
    QT_TRANSLATE_NOOP("kwb::ReportText", "Baseline kernel path"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Correctness test path"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "PyTorch reference logic description"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Stable source record ids consulted"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Baseline configuration summary"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Correctness results"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Baseline performance"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Plan kernels"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Roofline"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "What was and was not run"),
};

// List labels ("- X: rest" and "X: rest"); the rest is the record's and stays as written (phrases aside).
const char* const kLabels[] = {
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Date: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Mode: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- GPU: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Framework: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Run folder: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Command: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Reference: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Max rel_err: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Result: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- PyTorch reference latency: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- FLOPs: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Compute peak source: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Bandwidth peak source: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Bandwidth utilization vs. measured ceiling: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Timing method: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Arithmetic intensity: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Ridge point: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Bottleneck: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Not run: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Warning: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Host launch path per call: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- TIMEOUT_FAIL: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- torch.compile reference: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- torch.compile reference (Inductor, default mode, "),
};

// Whole lines the renderer writes as they are.
const char* const kLines[] = {
    QT_TRANSLATE_NOOP("kwb::ReportText",
                      "> **CPU dry run: not a kernel measurement.** No GPU was used. The figures below come from the "
                      "PyTorch reference running on the CPU at reduced shapes where the inputs can be resized; the "
                      "kernel was not timed, and no utilization is reported as the kernel's."),
    QT_TRANSLATE_NOOP("kwb::ReportText", "_No correctness case was run._"),
    QT_TRANSLATE_NOOP("kwb::ReportText",
                      "_CPU dry run: each case ran the PyTorch reference in kernel.py's place on the CPU at reduced "
                      "shapes where the inputs can be resized (each case's shape is below) and checked it against the "
                      "reference's own float32 run. \"ran (harness only)\" means the harness and the case ran; "
                      "kernel.py was not run, so no rel_err is shown. Both time columns are the reference on the "
                      "CPU._"),
    // since session 43: one CPU time column (the text above stays for reports written before)
    QT_TRANSLATE_NOOP("kwb::ReportText",
                      "_CPU dry run: each case ran the PyTorch reference in kernel.py's place on the CPU at reduced "
                      "shapes where the inputs can be resized (each case's shape is below) and checked it against the "
                      "reference's own float32 run. \"ran (harness only)\" means the harness and the case ran; "
                      "kernel.py was not run, so no rel_err and no time of it is shown. The time column is the "
                      "reference on the CPU._"),
    QT_TRANSLATE_NOOP("kwb::ReportText",
                      "> **No run: the harness was not run.** Nothing below was measured, on a GPU or on the CPU; the "
                      "FLOP and byte counts and the peaks are analytic, and the quality gate says why nothing ran."),
    QT_TRANSLATE_NOOP("kwb::ReportText",
                      "- Intensity and ridge point are analytic (FLOP and byte expressions, datasheet peaks); nothing "
                      "was run."),
    QT_TRANSLATE_NOOP("kwb::ReportText", "- Ran no correctness case: the harness was not run"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Cases not run for this problem:"),
    QT_TRANSLATE_NOOP("kwb::ReportText",
                      "- Source of these figures: the PyTorch reference on the CPU, at reduced shapes where the inputs "
                      "can be resized"),
    QT_TRANSLATE_NOOP("kwb::ReportText",
                      "- Intensity and ridge point are analytic (FLOP and byte expressions, datasheet peaks); the dry "
                      "run measured no kernel."),
    QT_TRANSLATE_NOOP("kwb::ReportText",
                      "- Not run: the kernel on a GPU; no kernel latency or utilization was measured"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "_None: no knowledge record was consulted._"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "_No roofline figure was drawn._"),
    QT_TRANSLATE_NOOP("kwb::ReportText",
                      "**kernel.py was edited by you and kept (not regenerated). This dry run did not run it; the "
                      "configuration rows after Framework describe the kernel the workbench generated, which yours "
                      "may no longer match.**"),
    QT_TRANSLATE_NOOP("kwb::ReportText",
                      "**kernel.py was edited by you and kept (not regenerated): the measurement below is of your "
                      "kernel, while the configuration rows after Framework describe the kernel the workbench "
                      "generated, which yours may no longer match.**"),
};

// Table cells (headers, the configuration table's fixed keys, the dry run's fixed cells).
const char* const kCells[] = {
    QT_TRANSLATE_NOOP("kwb::ReportText", "Case"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Shape"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Status"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Threshold"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Stand-in time, CPU (µs)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Reference time, CPU (µs)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Latency (µs)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Reference latency (µs)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Reason"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "latency(us)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "bandwidth(GB/s)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "TFLOPS peak utilization(%)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "bandwidth peak utilization(%)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "n/a (dry run)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "ran (harness only)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "kernel"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "grid"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "block"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "registers"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "shared memory (B)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "share (%)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "launches"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Parameter"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Value"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "Framework"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "latency (µs)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "max rel_err"),
};

// Fixed phrases inside a line the renderer built around record text.
const char* const kPhrases[] = {
    QT_TRANSLATE_NOOP("kwb::ReportText", " (full log and result.json; local to this machine, not committed)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", " (the process was killed and the case recorded as failed)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "no reason given"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "; bytes moved: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "% (ceiling: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", ", the median host time of one forward call, reported beside the latency"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "; more than the latency: launch-bound"),
    QT_TRANSLATE_NOOP("kwb::ReportText", " (PyTorch reference: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "; kernel speedup over it: "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "not measured ("),
    QT_TRANSLATE_NOOP("kwb::ReportText", "ran (harness only)"),
    QT_TRANSLATE_NOOP("kwb::ReportText", "IMPLAUSIBLE (raw "),
    QT_TRANSLATE_NOOP("kwb::ReportText", "n/a (dry run)"),
    // the result of a dry run, on the report's first line (new-user trial 18, #8)
    QT_TRANSLATE_NOOP("kwb::ReportText", "DRY RUN (kernel not run)"),
    // a dry run whose cases ran out of time: nothing judged (new-user trial 18, #3)
    QT_TRANSLATE_NOOP("kwb::ReportText", "DRY RUN INCOMPLETE (out of time on this CPU; nothing judged)"),
};

template <std::size_t N>
const char* find(const char* const (&table)[N], const QString& text) {
  for (const char* s : table)
    if (text == QString::fromUtf8(s)) return s;
  return nullptr;
}

QString translateCells(const QString& row) {
  // every " cell " between two pipes; an escaped pipe splits a record's cell, whose parts match nothing here
  static const QRegularExpression cellRe(QStringLiteral("(?<=\\|) ([^|]+?) (?=\\|)"));
  QString out;
  qsizetype at = 0;
  for (auto it = cellRe.globalMatch(row); it.hasNext();) {
    const auto m = it.next();
    const char* key = find(kCells, m.captured(1));
    out += row.mid(at, m.capturedStart() - at);
    // a record's cell (a case's reason) may be a gate reason: its known templates too
    out += QLatin1Char(' ') + (key ? translated(key) : displayGateReason(m.captured(1))) + QLatin1Char(' ');
    at = m.capturedEnd();
  }
  out += row.mid(at);
  return out.replace(QStringLiteral("IMPLAUSIBLE (raw "), translated("IMPLAUSIBLE (raw "));
}

QString translatePhrases(QString text) {
  for (const char* p : kPhrases) text.replace(QString::fromUtf8(p), translated(p));
  return text;
}

/// The framework policy's reasons, translated where they are one of its fixed forms; otherwise as written.
QString frameworkReasonText(const QString& reason) {
  static const QRegularExpression triton(
      QStringLiteral("^Triton was requested: an extra backend outside the seed's policy \\(the seed's policy maps "
                     "(\\S+) to (\\S+)\\); the seed requires a CuteDSL or FlyDSL kernel$"));
  static const QRegularExpression policy(QStringLiteral(
      "^(\\S+) is (\\S+); the seed's policy maps \\S+ to (\\S+) \\((gpu-kernel-baseline\\.txt, Phase 1 step "
      "3|chosen explicitly)\\)$"));
  if (const auto m = triton.match(reason); m.hasMatch())
    return QCoreApplication::translate("kwb::ReportText",
                                       "Triton was requested: an extra backend outside the seed's policy (the seed's "
                                       "policy maps %1 to %2); the seed requires a CuteDSL or FlyDSL kernel")
        .arg(m.captured(1), m.captured(2));
  if (const auto m = policy.match(reason); m.hasMatch())
    return (m.captured(4) == QLatin1String("chosen explicitly")
                ? QCoreApplication::translate("kwb::ReportText",
                                              "%1 is %2; the seed's policy maps it to %3 (chosen explicitly)")
                : QCoreApplication::translate("kwb::ReportText",
                                              "%1 is %2; the seed's policy maps it to %3 (gpu-kernel-baseline.txt, "
                                              "Phase 1 step 3)"))
        .arg(m.captured(1), m.captured(2), m.captured(3));
  return reason;
}

QString translateLine(const QString& line) {
  if (line.isEmpty()) return line;
  if (const char* s = find(kLines, line)) return translated(s);
  if (line.startsWith(QLatin1String("## "))) {
    const char* s = find(kSections, line.mid(3));
    return s ? QStringLiteral("## ") + translated(s) : line;
  }
  if (line.startsWith(QLatin1Char('|'))) return translateCells(line);

  static const QRegularExpression title(QStringLiteral("^# Baseline report: (.*)$"));
  static const QRegularExpression versionTitle(
      QStringLiteral("^# V(\\d+) measurement report \\(the baseline is V0's baseline_report\\.md\\): (.*)$"));
  static const QRegularExpression versionHead(QStringLiteral("^# V(\\d+): kernel\\.py as edited, measured again$"));
  static const QRegularExpression ran(
      QStringLiteral("^- Ran (\\d+) correctness case\\(s\\): (\\d+) (ran \\(harness only\\)|PASS), (\\d+) FAIL, (\\d+) "
                     "TIMEOUT_FAIL, (\\d+) other, on (the CPU \\(cpu-dry-run\\)|.*)$"));
  static const QRegularExpression speedup(
      QStringLiteral("^Speedup over (\\S+): (.*?)( \\(a CPU dry run on either side measures no kernel\\))?\\.$"));
  static const QRegularExpression profiled(QStringLiteral(
      "^One forward call on the problem-shape inputs under torch\\.profiler \\(CUPTI kernel times, not the timed "
      "latency\\): (\\d+) launch\\(es\\), (\\S+) µs of kernel time(, by kernel name \\(too many launches to list "
      "one by one\\))?\\.$"));
  static const QRegularExpression notProfiled(QStringLiteral("^_Not profiled: (.*)_$"));
  static const QRegularExpression carried(
      QStringLiteral("^_(V\\d+)'s records apply \\(not queried again; listed in (`[^`]+`)\\):_$"));
  static const QRegularExpression noRunGpu(QStringLiteral("^- GPU: none, the harness was not run \\(ledger: (.*)\\)$"));
  if (const auto m = title.match(line); m.hasMatch())
    return QStringLiteral("# ") +
           QCoreApplication::translate("kwb::ReportText", "Baseline report: %1").arg(m.captured(1));
  if (const auto m = versionTitle.match(line); m.hasMatch())
    return QStringLiteral("# ") + QCoreApplication::translate("kwb::ReportText",
                                                              "V%1 measurement report (the baseline is V0's "
                                                              "baseline_report.md): %2")
                                      .arg(m.captured(1), m.captured(2));
  if (const auto m = versionHead.match(line); m.hasMatch())
    return QStringLiteral("# ") +
           QCoreApplication::translate("kwb::ReportText", "V%1: kernel.py as edited, measured again")
               .arg(m.captured(1));
  if (const auto m = ran.match(line); m.hasMatch()) {
    const bool dry = m.captured(3) != QLatin1String("PASS");
    const QString where = m.captured(7) == QLatin1String("the CPU (cpu-dry-run)")
                              ? QCoreApplication::translate("kwb::ReportText", "on the CPU (cpu-dry-run)")
                              : QCoreApplication::translate("kwb::ReportText", "on %1").arg(m.captured(7));
    return QCoreApplication::translate("kwb::ReportText",
                                       "- Ran %1 correctness case(s): %2 %3, %4 FAIL, %5 TIMEOUT_FAIL, %6 other, %7")
        .arg(m.captured(1), m.captured(2), dry ? translated("ran (harness only)") : QStringLiteral("PASS"),
             m.captured(4), m.captured(5), m.captured(6), where);
  }
  if (const auto m = speedup.match(line); m.hasMatch()) {
    const QString value = m.captured(2) == QLatin1String("not known")
                              ? QCoreApplication::translate("kwb::ReportText", "not known")
                              : m.captured(2);
    return QCoreApplication::translate("kwb::ReportText", "Speedup over %1: %2%3.")
        .arg(m.captured(1), value,
             m.captured(3).isEmpty() ? QString()
                                     : QCoreApplication::translate(
                                           "kwb::ReportText", " (a CPU dry run on either side measures no kernel)"));
  }
  if (const auto m = profiled.match(line); m.hasMatch())
    return QCoreApplication::translate("kwb::ReportText",
                                       "One forward call on the problem-shape inputs under torch.profiler (CUPTI "
                                       "kernel times, not the timed latency): %1 launch(es), %2 µs of kernel time%3.")
        .arg(m.captured(1), m.captured(2),
             m.captured(3).isEmpty()
                 ? QString()
                 : QCoreApplication::translate("kwb::ReportText",
                                               ", by kernel name (too many launches to list one by one)"));
  if (const auto m = carried.match(line); m.hasMatch())
    return QCoreApplication::translate("kwb::ReportText", "_%1's records apply (not queried again; listed in %2):_")
        .arg(m.captured(1), m.captured(2));
  // A skeleton's: no device ran (new-user trial 12, #12: it stayed English in zh_CN).
  if (const auto m = noRunGpu.match(line); m.hasMatch())
    return QCoreApplication::translate("kwb::ReportText", "- GPU: none, the harness was not run (ledger: %1)")
        .arg(m.captured(1));
  // The device the harness ran on beside the ledger's GPU: "cpu" for a dry run (new-user trial 16, #13: English in
  // zh_CN)
  static const QRegularExpression gpuLedger(QStringLiteral("^- GPU: (.*) \\(ledger: (.*)\\)$"));
  if (const auto m = gpuLedger.match(line); m.hasMatch())
    return QCoreApplication::translate("kwb::ReportText", "- GPU: %1 (ledger: %2)")
        .arg(m.captured(1) == QLatin1String("cpu") ? QCoreApplication::translate("kwb::ReportText", "the CPU")
                                                   : m.captured(1),
             m.captured(2));
  if (line == QLatin1String("- Run folder: none (the harness was not run)"))
    return QCoreApplication::translate("kwb::ReportText", "- Run folder: none (the harness was not run)");
  if (const auto m = notProfiled.match(line); m.hasMatch())
    return QCoreApplication::translate("kwb::ReportText", "_Not profiled: %1_").arg(m.captured(1));

  // The framework line's reason (core/platform/frameworkpolicy.cpp) and the mode (new-user trial 5, R7: both stayed
  // English in zh_CN).
  static const QRegularExpression frameworkLine(QStringLiteral("^- Framework: (\\S+) \\((.*)\\)$"));
  if (const auto m = frameworkLine.match(line); m.hasMatch())
    return translated("- Framework: ") + m.captured(1) + QStringLiteral(" (") + frameworkReasonText(m.captured(2)) +
           QLatin1Char(')');
  if (line == QLatin1String("- Mode: cpu-dry-run"))
    return translated("- Mode: ") + QCoreApplication::translate("kwb::ReportText", "cpu-dry-run");
  if (line == QLatin1String("- Mode: gpu"))
    return translated("- Mode: ") + QCoreApplication::translate("kwb::ReportText", "gpu");
  for (const char* label : kLabels) {
    const QString l = QString::fromUtf8(label);
    if (line.startsWith(l)) return translated(label) + displayGateReason(translatePhrases(line.mid(l.size())));
  }
  // a skipped case ("- `name`: why") or a record id: the fixed "no reason given" only
  if (line.startsWith(QLatin1String("- `"))) return translatePhrases(line);
  return line;
}

}  // namespace

QString displayFrameworkReason(const QString& reason) { return frameworkReasonText(reason); }

QString displayReportMarkdown(const QString& markdown) {
  // a report from before session 30 says "PASS (harness only)" for a case whose kernel never ran: today's words
  QStringList lines = withCurrentDryRunWording(markdown).split(QLatin1Char('\n'));
  bool fenced = false;  // a code block (a reference description may hold one) is shown as written
  for (QString& line : lines) {
    if (line.startsWith(QLatin1String("```"))) fenced = !fenced;
    if (!fenced) line = translateLine(line);
  }
  return lines.join(QLatin1Char('\n'));
}

}  // namespace kwb
