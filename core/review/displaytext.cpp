#include "core/review/displaytext.h"

#include <QCoreApplication>
#include <QMap>
#include <QRegularExpression>

#include "core/platform/specledger.h"
#include "core/review/verdict.h"
#include "core/run/harnessparser.h"

#include <algorithm>
#include <functional>
#include <optional>

namespace kwb {

namespace {

// The context lupdate files these messages under ("kwb::DisplayText").
class DisplayText {
  Q_DECLARE_TR_FUNCTIONS(kwb::DisplayText)

 public:
  static QString gateReason(const QString& reason);
  static QString suiteReason(const QString& reason);
  static QString logLine(const QString& line);
  static QString harnessNote(const QString& note);
  static QString pointLabel(const QString& label);
  static QString summaryLine(const QString& line);
  static QString harnessLine(const QString& line, int casesDone = -1);
  static QString runnerEndedCase(const CaseResult& c);
  static QString dryRunCaseCount(const QList<CaseResult>& cases, int plannedSkips);
  static QString specNote(const QString& note);
  static QString codegenReason(const QString& reason, QString* brief = nullptr);
  static QString loweringWhy(const QString& why);
  static QString toolError(const QString& error);
  static QString measuredSource(const QString& source);
  static QString toolText(const QString& text);
};

// The unit goes with the number only: a missing value reads "—", never "— µs" (new-user trial 5, R11).
QString us(const std::optional<double>& v) {
  return v ? QString::number(*v, 'f', 2) + QStringLiteral(" µs") : QStringLiteral("—");
}
QString err(const std::optional<double>& v) { return v ? QString::number(*v, 'e', 2) : QStringLiteral("—"); }

using Rewrite = std::function<QString(const QRegularExpressionMatch&)>;

// Every match of `re` in `text` replaced by what `rewrite` makes of it (one pass: a replacement is never
// matched again).
QString replaceAll(const QString& text, const QRegularExpression& re, const Rewrite& rewrite) {
  QString out;
  qsizetype at = 0;
  auto it = re.globalMatch(text);
  while (it.hasNext()) {
    const QRegularExpressionMatch m = it.next();
    out += text.mid(at, m.capturedStart() - at);
    out += rewrite(m);
    at = m.capturedEnd();
  }
  return out + text.mid(at);
}

QString DisplayText::gateReason(const QString& reason) {
  if (reason.isEmpty()) return reason;
  // Written by gateFromOutcome (core/pipeline/recordsbuilder.cpp) and the harness (test_kernel.py.in).
  static const QString dryRun = QStringLiteral(
      "not evaluated: CPU dry run (the harness ran the PyTorch reference on the CPU at reduced shapes; kernel.py was "
      "checked statically, not run)");
  QString t = reason;
  t.replace(dryRun, tr("not evaluated: CPU dry run (the harness ran the PyTorch reference on the CPU at reduced "
                       "shapes; kernel.py was checked statically, not run)"));
  static const QRegularExpression slowOnCpu(
      QStringLiteral("reference too slow on this CPU: (\\d+) of (\\d+) case\\(s\\) \\((.*?)\\) ran out of the per-case "
                     "time, so the harness did not check them \\(--case-timeout SEC raises it\\)"));
  t = replaceAll(t, slowOnCpu, [](const auto& m) -> QString {
    return tr("reference too slow on this CPU: %1 of %2 case(s) (%3) ran out of the per-case time, so the harness did "
              "not check them (--case-timeout SEC raises it)")
        .arg(m.captured(1), m.captured(2), m.captured(3));
  });
  // A dry run's case this CPU's torch cannot run: the gate's summary (recordsbuilder) and the case's own reason
  // (the harness's CpuDtypeGap); the torch version, dtype and error stay as written.
  static const QRegularExpression notOnCpu(QStringLiteral(
      "not runnable on this CPU's torch: (\\d+) of (\\d+) case\\(s\\) \\((.*?)\\): the PyTorch reference "
      "raises in that dtype on the CPU, so the harness skipped them \\(a GPU run checks them\\)"));
  t = replaceAll(t, notOnCpu, [](const auto& m) -> QString {
    return tr("not runnable on this CPU's torch: %1 of %2 case(s) (%3): the PyTorch reference raises in that dtype on "
              "the CPU, so the harness skipped them (a GPU run checks them)")
        .arg(m.captured(1), m.captured(2), m.captured(3));
  });
  static const QRegularExpression cpuGap(QStringLiteral(
      "dry run: not runnable on this CPU's torch (\\S+): the PyTorch reference \\(the kernel's stand-in\\) "
      "raises in (\\S+) here \\((.*)\\) although it runs in float32 on the same inputs; kernel\\.py was not "
      "run, and a GPU run checks this case"));
  t = replaceAll(t, cpuGap, [](const auto& m) -> QString {
    return tr("dry run: not runnable on this CPU's torch %1: the PyTorch reference (the kernel's stand-in) raises in "
              "%2 here (%3) although it runs in float32 on the same inputs; kernel.py was not run, and a GPU run "
              "checks this case")
        .arg(m.captured(1), m.captured(2), m.captured(3));
  });
  // A boundary case at problem_shape's own shapes (test_kernel.py.in's derive_cases, Case.repeats), both kinds and
  // both reasons by pattern: the case table's Reason column kept it in English under zh_CN (new-user trial 22, #7).
  static const QRegularExpression repeats(
      QStringLiteral("no (tail|size-1 dim) tested: its shapes are problem_shape's \\(([^()]*)\\)"));
  t = replaceAll(t, repeats, [](const auto& m) -> QString {
    static const QRegularExpression kept(QStringLiteral(
        "^the free sizes? (.+) (?:is|are) kept: below TILE=(\\d+) or already not a multiple of it, and the other sizes "
        "are tied to a parameter, the module or another input$"));
    QString why = m.captured(2);
    if (why == QLatin1String("no input size is free to resize: each is tied to a parameter or the module"))
      why = tr("no input size is free to resize: each is tied to a parameter or the module");
    else if (const auto k = kept.match(why); k.hasMatch())
      why = tr("the free size(s) %1 kept: below TILE=%2 or already not a multiple of it, and the other sizes are tied "
               "to a parameter, the module or another input")
                .arg(k.captured(1), k.captured(2));
    return (m.captured(1) == QLatin1String("tail") ? tr("no tail tested: its shapes are problem_shape's (%1)")
                                                   : tr("no size-1 dim tested: its shapes are problem_shape's (%1)"))
        .arg(why);
  });
  // A PASS timed nowhere (recordsbuilder's kUntimedPass, session 45): the frame translated, the harness's why as given
  static const QRegularExpression untimed(QStringLiteral("^untimed: nothing was timed \\((.*)\\)$"));
  t = replaceAll(t, untimed,
                 [](const auto& m) -> QString { return tr("untimed: nothing was timed (%1)").arg(m.captured(1)); });
  static const QRegularExpression timeout(QStringLiteral("case exceeded TEST_TIMEOUT_SEC=(\\d+) s"));
  t = replaceAll(t, timeout,
                 [](const auto& m) -> QString { return tr("case exceeded TEST_TIMEOUT_SEC=%1 s").arg(m.captured(1)); });
  static const QRegularExpression watchdog(
      QStringLiteral("watchdog: no CASE_RESULT within (\\d+) s \\(TEST_TIMEOUT_SEC=(\\d+) \\+ (\\d+) s grace\\); "
                     "process group (\\d+) killed"));
  t = replaceAll(t, watchdog, [](const auto& m) -> QString {
    return tr("watchdog: no CASE_RESULT within %1 s (TEST_TIMEOUT_SEC=%2 + %3 s grace); process group %4 killed")
        .arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4));
  });
  static const QRegularExpression relErr(QStringLiteral("(\\w+): rel_err (\\S+) >= threshold ([^\\s);]+)"));
  t = replaceAll(t, relErr, [](const auto& m) -> QString {
    return tr("%1: rel_err %2 >= threshold %3").arg(m.captured(1), m.captured(2), m.captured(3));
  });
  static const QRegularExpression dispatch(
      QStringLiteral("dispatch check: ModelNew\\.forward ran PyTorch compute op\\(s\\) (.*?); the kernel must compute "
                     "through its framework"));
  t = replaceAll(t, dispatch, [](const auto& m) -> QString {
    return tr("dispatch check: ModelNew.forward ran PyTorch compute op(s) %1; the kernel must compute through its "
              "framework")
        .arg(m.captured(1));
  });
  t.replace(QStringLiteral("the run was stopped by the user"), tr("the run was stopped by the user"));
  t.replace(QStringLiteral("the harness printed no RESULT_JSON"), tr("the harness printed no RESULT_JSON"));
  // A skeleton's, whose harness was not run (recordsbuilder): whole, so no English half stays (trial 12, #12).
  // Its own reason after ": " (the generator's, as the suite shows it; trial 20, #11) reads as the suite's does.
  static const QRegularExpression skeleton(
      QStringLiteral("kernel\\.py is a skeleton marked unimplemented( \\(the harness was not run\\))?(?:: (.*))?"));
  t = replaceAll(t, skeleton, [](const auto& m) -> QString {
    const bool notRun = !m.captured(1).isEmpty();
    if (m.capturedLength(2) > 0)
      return (notRun ? tr("kernel.py is a skeleton marked unimplemented (the harness was not run): %1")
                     : tr("kernel.py is a skeleton marked unimplemented: %1"))
          .arg(suiteReason(m.captured(2)));
    return notRun ? tr("kernel.py is a skeleton marked unimplemented (the harness was not run)")
                  : tr("kernel.py is a skeleton marked unimplemented");
  });
  static const QRegularExpression noCase(QStringLiteral("(^|; )no case ran($|; )"));
  t = replaceAll(t, noCase, [](const auto& m) -> QString { return m.captured(1) + tr("no case ran") + m.captured(2); });
  // Prefixes of a part: the rest is the harness's or the checker's own text, shown as written.
  static const QRegularExpression prefix(
      QStringLiteral("(^|; )(harness output error|harness error|run error|framework conformance): "));
  t = replaceAll(t, prefix, [](const auto& m) -> QString {
    const QString p = m.captured(2);
    const QString shown = p == QLatin1String("harness output error") ? tr("harness output error")
                          : p == QLatin1String("harness error")      ? tr("harness error")
                          : p == QLatin1String("run error")          ? tr("run error")
                                                                     : tr("framework conformance");
    return m.captured(1) + tr("%1: ").arg(shown);
  });
  return t;
}

QString DisplayText::suiteReason(const QString& reason) {
  // core/pipeline/suite.cpp's frames, then core/codegen/chain.cpp's "has no chain stage yet" forms.
  static const QRegularExpression skeleton(
      QStringLiteral("^no kernel: kernel\\.py is a skeleton marked unimplemented \\((.*)\\)$"),
      QRegularExpression::DotMatchesEverythingOption);
  static const QRegularExpression gate(QStringLiteral("^quality gate (\\S+): (.*) \\(see (.*)\\)$"),
                                       QRegularExpression::DotMatchesEverythingOption);
  if (const auto m = skeleton.match(reason); m.hasMatch())
    return tr("no kernel: kernel.py is a skeleton marked unimplemented (%1)").arg(suiteReason(m.captured(1)));
  if (const auto m = gate.match(reason); m.hasMatch())
    return tr("quality gate %1: %2 (see %3)").arg(m.captured(1), gateReason(m.captured(2)), m.captured(3));
  static const QRegularExpression noTemplate(QStringLiteral("^(\\S+) has no template for this problem: (.*)$"),
                                             QRegularExpression::DotMatchesEverythingOption);
  if (const auto m = noTemplate.match(reason); m.hasMatch())
    return tr("%1 has no template for this problem: %2").arg(m.captured(1), suiteReason(m.captured(2)));
  static const QRegularExpression alphaBeta(
      QStringLiteral("^(.+) with alpha or beta other than 1 has no chain stage yet$"));
  static const QRegularExpression dtypeArg(QStringLiteral("^(.+) with a dtype= argument has no chain stage yet$"));
  static const QRegularExpression view(QStringLiteral("^(.+): this view \\((.+)\\) has no chain stage yet$"));
  static const QRegularExpression stage(QStringLiteral("^(.+) has no chain stage yet$"));
  if (const auto m = alphaBeta.match(reason); m.hasMatch())
    return tr("%1 with alpha or beta other than 1 has no chain stage yet").arg(m.captured(1));
  if (const auto m = dtypeArg.match(reason); m.hasMatch())
    return tr("%1 with a dtype= argument has no chain stage yet").arg(m.captured(1));
  if (const auto m = view.match(reason); m.hasMatch())
    return tr("%1: this view (%2) has no chain stage yet").arg(m.captured(1), m.captured(2));
  if (const auto m = stage.match(reason); m.hasMatch()) return tr("%1 has no chain stage yet").arg(m.captured(1));
  return gateReason(reason);
}

QString DisplayText::logLine(const QString& line) {
  // HarnessRun::logLine's "[kwb]" templates (core/run/harnessrun.cpp).
  // "harness process N (test_kernel.py) ...", and a log from before trial 18 (#8): "process N ..."
  static const QRegularExpression exited(
      QStringLiteral("^(?:harness )?process (\\d+)(?: \\(test_kernel\\.py\\))? exited with code (-?\\d+)$"));
  static const QRegularExpression signal(
      QStringLiteral("^(?:harness )?process (\\d+)(?: \\(test_kernel\\.py\\))? ended by a signal$"));
  static const QRegularExpression started(QStringLiteral("^(?:harness )?process (\\d+) on (\\S+) in (.+?): (.*)$"));
  static const QRegularExpression timeout(QStringLiteral("^TIMEOUT_FAIL (\\S+): (.*)$"));
  static const QRegularExpression preparing(QStringLiteral("^preparing target (.*)$"));
  static const QRegularExpression resuming(QStringLiteral("^resuming with --skip (.*)$"));
  static const QRegularExpression failed(QStringLiteral("^finished: status (\\S+) \\(exit code (-?\\d+)\\)$"));
  if (line == QLatin1String("finished: ok")) return tr("finished: ok");
  if (const auto m = failed.match(line); m.hasMatch())
    return tr("finished: status %1 (exit code %2)").arg(m.captured(1), m.captured(2));
  if (line.startsWith(QLatin1String("finished: "))) return tr("finished: %1").arg(line.mid(10));
  if (const auto m = exited.match(line); m.hasMatch())
    return tr("harness process %1 (test_kernel.py) exited with code %2").arg(m.captured(1), m.captured(2));
  if (const auto m = signal.match(line); m.hasMatch())
    return tr("harness process %1 (test_kernel.py) ended by a signal").arg(m.captured(1));
  if (const auto m = started.match(line); m.hasMatch())
    return tr("harness process %1 on %2 in %3: %4").arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4));
  if (const auto m = timeout.match(line); m.hasMatch())
    return QStringLiteral("TIMEOUT_FAIL %1: %2").arg(m.captured(1), gateReason(m.captured(2)));
  if (const auto m = preparing.match(line); m.hasMatch()) return tr("preparing target %1").arg(m.captured(1));
  if (const auto m = resuming.match(line); m.hasMatch()) return tr("resuming with --skip %1").arg(m.captured(1));
  return line;
}

QString DisplayText::runnerEndedCase(const CaseResult& c) {
  if (!c.raw.is_object() || c.raw.value("source", std::string()) != "kwb") return {};
  QString text = QStringLiteral("✗ %1  %2").arg(caseStatusLabel(c.status), c.name);
  if (!c.reason.isEmpty()) text += QStringLiteral("  — ") + displayGateReason(c.reason);
  return text;
}

QString DisplayText::harnessLine(const QString& line, int casesDone) {
  const HarnessEvent ev = parseHarnessLine(line);
  switch (ev.kind) {
    case HarnessEvent::Kind::CaseStart: {
      QString shape, dtype;
      if (ev.payload.contains("shape")) shape = harnessShapeText(ev.payload["shape"]);
      if (ev.payload.contains("dtype") && ev.payload["dtype"].is_string())
        dtype = QString::fromStdString(ev.payload["dtype"].get<std::string>());
      // Counted over the run when the caller knows how many cases ended before: a process resumed after a watchdog
      // kill (--skip) numbers its own cases from 1 (new-user trial 14, #15: "case 1/5", then "case 1/4").
      const int index = casesDone >= 0 && ev.caseIndex > 0 ? casesDone + 1 : ev.caseIndex;
      const int total = casesDone >= 0 && ev.caseIndex > 0 ? casesDone + ev.caseTotal - ev.caseIndex + 1 : ev.caseTotal;
      const QString pos = ev.caseTotal > 0 ? tr("case %1/%2 ").arg(index).arg(total) : QString();
      return tr("▶ %1%2  shape %3  %4").arg(pos, ev.caseName, shape, dtype);
    }
    case HarnessEvent::Kind::CaseResult: {
      const CaseResult& c = *ev.caseResult;
      // A CPU dry run's case compares the PyTorch reference with itself: its "rel_err 0.00e+00" and CPU times read
      // like a kernel's measurement (new-user trial 8). Say what ran instead, and keep a failure's reason.
      if (const auto n = c.raw.find("dry_run_note");
          n != c.raw.end() && n->is_string() && n->get<std::string>().rfind("cpu-dry-run", 0) == 0) {
        // a case that ran out of time did not run to its end (new-user trial 17, #6)
        QString text = (c.status == QLatin1String("TIMEOUT_FAIL")
                            ? tr("%1 %2  %3  shape %4  %5  (CPU dry run: the PyTorch reference, in kernel.py's place, "
                                 "did not return; nothing measured)")
                            : tr("%1 %2  %3  shape %4  %5  (CPU dry run: the PyTorch reference ran in kernel.py's "
                                 "place; nothing measured)"))
                           .arg(c.passed()                             ? QStringLiteral("✓")
                                : c.status == QLatin1String("SKIPPED") ? QStringLiteral("○")  // not a failure
                                                                       : QStringLiteral("✗"),
                                c.passed() ? tr("ran") : caseStatusLabel(c.status), c.name, c.shape, c.dtype);
        if (!c.reason.isEmpty()) text += QStringLiteral("  — ") + displayGateReason(c.reason);
        return text;
      }
      QString text = tr("%1 %2  %3  shape %4  %5  rel_err %6")
                         .arg(c.passed() ? QStringLiteral("✓") : QStringLiteral("✗"), caseStatusLabel(c.status), c.name,
                              c.shape, c.dtype, err(c.relErr));
      if (c.latencyUs || c.refLatencyUs)  // only the timed case has times: no dashes on the others
        text += tr("  %1 (ref %2)").arg(us(c.latencyUs), us(c.refLatencyUs));
      // The first call's wall time (its JIT compile, outside the case's timeout), where it is worth a look.
      if (const auto cs = c.raw.find("compile_s"); cs != c.raw.end() && cs->is_number() && cs->get<double>() >= 1.0)
        text += tr("  first call %1 s").arg(QString::number(cs->get<double>(), 'f', 1));
      if (!c.reason.isEmpty()) text += QStringLiteral("  — ") + displayGateReason(c.reason);  // the harness's
      return text;
    }
    case HarnessEvent::Kind::ResultJson: {
      const RunResult& r = *ev.runResult;
      if (r.mode == QLatin1String("cpu-dry-run")) {
        const qsizetype skipped = std::count_if(r.cases.cbegin(), r.cases.cend(),
                                                [](const CaseResult& c) { return skippedForThisCpu(c, true); });
        // A case that ran out of the case time did not run to its end: "6 case(s) ran" for six that timed out read as
        // a completed dry run (new-user trial 17, #6).
        const qsizetype timedOut = std::count_if(r.cases.cbegin(), r.cases.cend(), [](const CaseResult& c) {
          return c.status == QLatin1String("TIMEOUT_FAIL");
        });
        if (timedOut > 0 && timedOut + skipped == r.cases.size())
          return tr("■ harness result (CPU dry run): no case completed: %1 of %2 case(s) did not return within the "
                    "case timeout; no kernel ran, nothing was measured")
              .arg(timedOut)
              .arg(r.cases.size());
        if (timedOut > 0)
          return tr("■ harness result (CPU dry run): %1 of %2 case(s) ran the PyTorch reference on the CPU, %3 did not "
                    "return within the case timeout; no kernel ran, nothing was measured")
              .arg(r.cases.size() - skipped - timedOut)
              .arg(r.cases.size())
              .arg(timedOut);
        if (skipped > 0)  // "7 case(s) ran" counted the ones its CPU torch could not run
          return tr("■ harness result (CPU dry run): %1 of %2 case(s) ran the PyTorch reference on the CPU, %3 "
                    "skipped (not runnable on this CPU's torch); no kernel ran, nothing was measured")
              .arg(r.cases.size() - skipped)
              .arg(r.cases.size())
              .arg(skipped);
        return tr("■ harness result (CPU dry run): %1 case(s) ran the PyTorch reference on the CPU; no kernel ran, "
                  "nothing was measured")
            .arg(r.cases.size());
      }
      return tr("■ harness result %1 (%2): %3 case(s), max rel_err %4, latency %5")
          .arg(caseStatusLabel(r.status), r.mode)
          .arg(r.cases.size())
          .arg(err(r.maxRelErr), us(r.latencyUs));
    }
    case HarnessEvent::Kind::CasePlan: {
      const auto cases = ev.payload.value("cases", nlohmann::json::array());
      return tr("☰ %n case(s) planned", nullptr, cases.is_array() ? static_cast<int>(cases.size()) : 0);
    }
    case HarnessEvent::Kind::GpuLock: {
      const auto w = ev.payload.find("what");
      const QString what =
          w != ev.payload.end() && w->is_string() ? QString::fromStdString(w->get<std::string>()) : QString();
      if (ev.lockState == QLatin1String("wait"))
        return tr("‖ waiting for the GPU timing lock: %1").arg(what);  // ‖ and »: in DejaVu; ⏸ ⏵ drew as boxes
      const auto s = ev.payload.find("waited_s");
      const double waited = s != ev.payload.end() && s->is_number() ? s->get<double>() : 0.0;
      if (ev.lockState == QLatin1String("held"))
        return tr("» GPU timing lock held after %1 s: %2").arg(QString::number(waited, 'f', 1), what);
      return tr("GPU timing lock released: %1").arg(what);
    }
    case HarnessEvent::Kind::Compile:
      if (ev.compileState == QLatin1String("start"))
        return tr("‖ %1: first kernel call (JIT compile), up to %2 s")
            .arg(ev.caseName, QString::number(ev.compileLimitSec));
      return tr("» %1: first kernel call took %2 s")
          .arg(ev.caseName, ev.compileSeconds ? QString::number(*ev.compileSeconds, 'f', 1) : QStringLiteral("?"));
    case HarnessEvent::Kind::ParseError:
      return tr("⚠ unreadable %1 line: %2").arg(ev.marker, ev.error);
    case HarnessEvent::Kind::Other:
      break;
  }
  // HarnessRun's output budget (core/run/outputbudget.cpp) stands for what it left out with this line.
  static const QRegularExpression dropped(QStringLiteral(
      "^\\[kwb\\] output dropped: (\\d+) bytes in (\\d+) lines \\(kept: the first (\\d+) and the last (\\d+) bytes"));
  if (const QRegularExpressionMatch m = dropped.match(line); m.hasMatch())
    return tr("… %1 bytes of output (%2 lines) dropped here: the log and this view keep the first %3 and the last %4 "
              "bytes, and every protocol line")
        .arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4));
  return {};
}

}  // namespace

QString DisplayText::harnessNote(const QString& note) {
  // test_kernel.py.in's DRY_RUN_NOTE_FULL, DRY_RUN_NOTE and CPU_TEST_NOTE, longest first (FULL extends NOTE's start)
  static const QString full = QStringLiteral(
      "cpu-dry-run: the 'kernel' is the PyTorch reference Model itself, run on the CPU at the problem's own shapes: "
      "no input dim can be scaled down (every size is tied to the model: a parameter shape or a constructor "
      "argument); these numbers check the harness and the problem files, they are not a kernel measurement");
  static const QString scaled = QStringLiteral(
      "cpu-dry-run: the 'kernel' is the PyTorch reference Model itself, run on the CPU at scaled-down shapes; these "
      "numbers check the harness and the problem files, they are not a kernel measurement");
  static const QString cpuTest = QStringLiteral(
      "cpu-test (KWB_HARNESS_DEVICE=cpu, test-only): kernel.py ran on the CPU; timings are CPU wall clock, not a "
      "GPU measurement");
  if (note.startsWith(full))
    return tr("cpu-dry-run: the 'kernel' is the PyTorch reference Model itself, run on the CPU at the problem's own "
              "shapes: no input dim can be scaled down (every size is tied to the model: a parameter shape or a "
              "constructor argument); these numbers check the harness and the problem files, they are not a kernel "
              "measurement") +
           note.mid(full.size());
  if (note.startsWith(scaled))
    return tr("cpu-dry-run: the 'kernel' is the PyTorch reference Model itself, run on the CPU at scaled-down "
              "shapes; these numbers check the harness and the problem files, they are not a kernel measurement") +
           note.mid(scaled.size());
  if (note.startsWith(cpuTest))
    return tr("cpu-test (KWB_HARNESS_DEVICE=cpu, test-only): kernel.py ran on the CPU; timings are CPU wall clock, "
              "not a GPU measurement") +
           note.mid(cpuTest.size());
  return note;
}

QString DisplayText::pointLabel(const QString& label) {
  if (label == QLatin1String("CPU dry run: no kernel measured")) return tr("CPU dry run: no kernel measured");
  if (label == QLatin1String("no measurement")) return tr("no measurement");
  if (label == QLatin1String("skeleton: no kernel ran")) return tr("skeleton: no kernel ran");
  return label;
}

QString DisplayText::summaryLine(const QString& line) {
  static const QRegularExpression gate(QStringLiteral("^quality gate: (\\S+)(?: — (.*))?$"));
  static const QRegularExpression wrote(QStringLiteral("^wrote (\\S+) and (\\S+)$"));
  static const QRegularExpression perf(
      QStringLiteral("^(\\S+) µs, (\\S+) GB/s \\((\\S+)% of datasheet bandwidth\\), (\\S+) TFLOPS$"));
  static const QRegularExpression changed(QStringLiteral(
      "^(\\S+) had been changed since kwb wrote it \\(an edit or `kwb memory update`\\): that version is kept as "
      "(\\S+)$"));
  static const QRegularExpression edited(
      QStringLiteral("^(\\S+) had been edited since kwb wrote it: your version is kept as (\\S+)$"));
  static const QRegularExpression why(
      QStringLiteral("^(roofline data not kept|roofline figure not drawn|utilization not computed): (.*)$"));
  if (const auto m = gate.match(line); m.hasMatch())
    return m.captured(2).isEmpty() ? tr("quality gate: %1").arg(m.captured(1))
                                   : tr("quality gate: %1 — %2").arg(m.captured(1), gateReason(m.captured(2)));
  if (const auto m = wrote.match(line); m.hasMatch()) return tr("wrote %1 and %2").arg(m.captured(1), m.captured(2));
  // buildRecords' records left as they were (only the date would have changed: new-user trial 12, #9)
  static const QRegularExpression bothUnchanged(
      QStringLiteral("^(\\S+) and (\\S+) are unchanged \\(this run's records, apart from the date\\): not rewritten$"));
  static const QRegularExpression oneUnchanged(QStringLiteral("^wrote (\\S+); (\\S+) is unchanged: not rewritten$"));
  if (const auto m = bothUnchanged.match(line); m.hasMatch())
    return tr("%1 and %2 are unchanged (this run's records, apart from the date): not rewritten")
        .arg(m.captured(1), m.captured(2));
  if (const auto m = oneUnchanged.match(line); m.hasMatch())
    return tr("wrote %1; %2 is unchanged: not rewritten").arg(m.captured(1), m.captured(2));
  if (const auto m = perf.match(line); m.hasMatch())
    return tr("%1 µs, %2 GB/s (%3% of datasheet bandwidth), %4 TFLOPS")
        .arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4));
  if (const auto m = changed.match(line); m.hasMatch())
    return tr("%1 had been changed since kwb wrote it (an edit or `kwb memory update`): that version is kept as %2")
        .arg(m.captured(1), m.captured(2));
  if (const auto m = edited.match(line); m.hasMatch())
    return tr("%1 had been edited since kwb wrote it: your version is kept as %2").arg(m.captured(1), m.captured(2));
  if (const auto m = why.match(line); m.hasMatch()) {
    const QString what = m.captured(1);
    const QString shown = what == QLatin1String("roofline data not kept")      ? tr("roofline data not kept: %1")
                          : what == QLatin1String("roofline figure not drawn") ? tr("roofline figure not drawn: %1")
                                                                               : tr("utilization not computed: %1");
    return shown.arg(m.captured(2));
  }
  return line;
}

QString DisplayText::specNote(const QString& note) {
  // resources/python/probe.py's THRESHOLDS sources (accuracy.threshold_source), whole sentences
  static const QString bf16 = QStringLiteral(
      "seed default: gpu-kernel-baseline Phase 3 'The default BF16 threshold is rel_err < 0.01', rel_err = "
      "||out.float() - ref|| / ||ref||");
  static const QString fp16 = QStringLiteral(
      "seed's bf16 value kept for fp16: fp16 has 3 more mantissa bits (u = 2^-11 vs bf16's 2^-8), so a correct fp16 "
      "kernel lands well below it");
  static const QString fp32 = QStringLiteral(
      "seed default kept for fp32: a baseline kernel may compute on TF32 or bf16 tensor cores (u = 2^-11 / 2^-8), "
      "which a tight fp32 bound (1e-5) would reject; tighten it per task when the kernel computes in full fp32");
  static const QString fp64 = QStringLiteral(
      "fp64 reference and kernel (u = 2^-53): 1e-6 leaves room for reordered sums over millions of terms while still "
      "catching a dropped term");
  static const QString e4m3 = QStringLiteral(
      "seed: 'lower precision formats may use task-specific relaxed thresholds'; e4m3 has 3 mantissa bits (u = 2^-4 "
      "= 0.0625)");
  static const QString e5m2 =
      QStringLiteral("seed: relaxed for low precision; e5m2 has 2 mantissa bits (u = 2^-3 = 0.125)");
  if (note == bf16)
    return tr(
        "seed default: gpu-kernel-baseline Phase 3 'The default BF16 threshold is rel_err < 0.01', rel_err = "
        "||out.float() - ref|| / ||ref||");
  if (note == fp16)
    return tr(
        "seed's bf16 value kept for fp16: fp16 has 3 more mantissa bits (u = 2^-11 vs bf16's 2^-8), so a "
        "correct fp16 kernel lands well below it");
  if (note == fp32)
    return tr(
        "seed default kept for fp32: a baseline kernel may compute on TF32 or bf16 tensor cores (u = 2^-11 / "
        "2^-8), which a tight fp32 bound (1e-5) would reject; tighten it per task when the kernel computes in "
        "full fp32");
  if (note == fp64)
    return tr(
        "fp64 reference and kernel (u = 2^-53): 1e-6 leaves room for reordered sums over millions of terms "
        "while still catching a dropped term");
  if (note == e4m3)
    return tr(
        "seed: 'lower precision formats may use task-specific relaxed thresholds'; e4m3 has 3 mantissa bits "
        "(u = 2^-4 = 0.0625)");
  if (note == e5m2) return tr("seed: relaxed for low precision; e5m2 has 2 mantissa bits (u = 2^-3 = 0.125)");
  // probe.py's and probe_analysis.py's notes: the sentence is the key, the captures its arguments
  static const QRegularExpression shared(QStringLiteral(
      "^sizes (.+) share the value (-?\\d+): dims are named by where they came from, else left as literals$"));
  static const QRegularExpression inPlace(
      QStringLiteral("^forward writes (\\S+) (\\S+) in place \\((.*), line (\\d+)\\): the reference mutates state; a "
                     "kernel must reproduce or the harness must reset it$"));
  static const QRegularExpression resize(
      QStringLiteral("^resize check: (.*); sizes in forward\\(\\) are bound to input dims by value$"));
  static const QRegularExpression broadcast(QStringLiteral("^broadcast in (\\S+): operands (.*) -> (.*)$"));
  static const QRegularExpression mask(QStringLiteral("^mask in (\\S+) \\(line (\\d+)\\)$"));
  if (const auto m = shared.match(note); m.hasMatch())
    return tr("sizes %1 share the value %2: dims are named by where they came from, else left as literals")
        .arg(m.captured(1), m.captured(2));
  if (const auto m = inPlace.match(note); m.hasMatch())
    return tr("forward writes %1 %2 in place (%3, line %4): the reference mutates state; a kernel must reproduce or "
              "the harness must reset it")
        .arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4));
  if (note == QLatin1String("the model is in training mode (the reference never calls eval()): BatchNorm normalises "
                            "with batch statistics and updates its running stats"))
    return tr(
        "the model is in training mode (the reference never calls eval()): BatchNorm normalises with batch "
        "statistics and updates its running stats");
  if (const auto m = resize.match(note); m.hasMatch()) {
    // probe_resize.py's summary: the Python error inside stays as raised (new-user trial 31, #11)
    static const QRegularExpression failed(QStringLiteral("^forward\\(\\) failed at the resized sizes \\((.*)\\)$"),
                                           QRegularExpression::DotMatchesEverythingOption);
    const auto f = failed.match(m.captured(1));
    return tr("resize check: %1; sizes in forward() are bound to input dims by value")
        .arg(f.hasMatch() ? tr("forward() failed at the resized sizes (%1)").arg(f.captured(1))
                          : toolText(m.captured(1)));
  }
  if (const auto m = broadcast.match(note); m.hasMatch())
    return tr("broadcast in %1: operands %2 -> %3").arg(m.captured(1), m.captured(2), m.captured(3));
  if (const auto m = mask.match(note); m.hasMatch())
    return tr("mask in %1 (line %2)").arg(m.captured(1), m.captured(2));
  // probe.py's fixed-width note and the size globals forward() reads (sessions 42 / 43)
  static const QRegularExpression fixedWidth(
      QStringLiteral(
          "^resize check: size (\\d+) kept: forward\\(\\) unpacks a dim of that size into (\\d+) names (.*), so "
          "it is a fixed width, not a size; the checks keep it$"),
      QRegularExpression::DotMatchesEverythingOption);
  static const QRegularExpression globals(
      QStringLiteral(
          "^resize check: (.*); sizes in forward\\(\\) are bound to input dims by value; forward\\(\\) reads "
          "the size globals (.*) \\(read them from the inputs' shapes to let the checks resize them\\)$"),
      QRegularExpression::DotMatchesEverythingOption);
  if (const auto m = fixedWidth.match(note); m.hasMatch())
    return tr("resize check: size %1 kept: forward() unpacks a dim of that size into %2 names %3, so it is a fixed "
              "width, not a size; the checks keep it")
        .arg(m.captured(1), m.captured(2), m.captured(3));
  if (const auto m = globals.match(note); m.hasMatch())
    return specNote(QStringLiteral("resize check: %1; sizes in forward() are bound to input dims by value")
                        .arg(m.captured(1))) +
           tr("; forward() reads the size globals %1 (read them from the inputs' shapes to let the checks resize them)")
               .arg(m.captured(2));
  // probe_trace.py's ambiguities' why (new-user trial 31, #11: h02's item read in English in zh_CN)
  static const QRegularExpression item(QStringLiteral(
      "^forward reads a tensor value \\(\\.item\\(\\)/bool\\(\\)/int\\(\\) on a tensor\\): the result is "
      "data-dependent; the probe continued with the placeholder (\\S+)$"));
  static const QRegularExpression random(QStringLiteral(
      "^forward uses (\\S+): the output is random; the reference comparison must fix the seed or run the model in "
      "eval\\(\\)$"));
  if (const auto m = item.match(note); m.hasMatch())
    return tr("forward reads a tensor value (.item()/bool()/int() on a tensor): the result is data-dependent; the "
              "probe continued with the placeholder %1")
        .arg(m.captured(1));
  if (const auto m = random.match(note); m.hasMatch())
    return tr("forward uses %1: the output is random; the reference comparison must fix the seed or run the model in "
              "eval()")
        .arg(m.captured(1));
  return toolText(note);
}

QString DisplayText::toolText(const QString& text) {
  // A text of the probe or the planner with no translation known: shown as written, marked as the tool's own words
  // where a catalogue is loaded (zh_CN read English inside Chinese sentences; new-user trial 31, #11). English
  // has no catalogue: "%1" is the text itself.
  if (text.isEmpty()) return text;
  return tr("%1", "a probe or planner text kept in English (tool output)").arg(text);
}

QString DisplayText::loweringWhy(const QString& why) {
  // core/codegen/pointwise.cpp lowerPointwise's fixed reasons for an integer input (new-user trial 26, #17: the
  // wizard's zh_CN warning ended in this English); any other lowering error's text stays as written
  static const QRegularExpression compared(
      QStringLiteral("^input (\\S+) is an (\\S+) tensor compared exactly, which this DSL's lowering reads as fp32 "
                     "\\(the Triton chain compares it in integers\\)$"));
  static const QRegularExpression arithmetic(QStringLiteral(
      "^input (\\S+) is an (\\S+) tensor in integer arithmetic \\((\\S+), node (\\S+), computes (\\S+)\\), "
      "which this DSL's lowering computes in fp32 only \\(the Triton chain computes it exactly, "
      "wrapping as torch's \\S+ does\\)$"));
  if (const auto m = compared.match(why); m.hasMatch())
    return tr("input %1 is an %2 tensor compared exactly, which this DSL's lowering reads as fp32 (the Triton chain "
              "compares it in integers)")
        .arg(m.captured(1), m.captured(2));
  if (const auto m = arithmetic.match(why); m.hasMatch())
    return tr("input %1 is an %2 tensor in integer arithmetic (%3, node %4, computes %5), which this DSL's lowering "
              "computes in fp32 only (the Triton chain computes it exactly, wrapping as torch's %5 does)")
        .arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4), m.captured(5));
  return why;
}

QString DisplayText::codegenReason(const QString& reason, QString* brief) {
  // core/codegen/chain.cpp's chainSkeletonReason and core/codegen/cutechain.cpp's cuteChainPlan declines: "a chain
  // of N launch(es) (kinds)" is their common head, the clause after it says what the framework lacks.
  static const QRegularExpression head(QStringLiteral("^Kernel Workbench plans this problem as a chain of (\\d+) "
                                                      "launch(?:es)? \\((.*?)\\); (.*): --framework triton "
                                                      "renders it$"),
                                       QRegularExpression::DotMatchesEverythingOption);
  const auto m = head.match(reason);
  // core/codegen/skeleton.cpp's traceBranchReason: the line and its code as arguments (new-user trial 31, #11)
  static const QRegularExpression branch(QStringLiteral(
      "^forward reads a tensor value to decide what it computes \\(line (\\d+): (.*)\\); the probe traced one "
      "placeholder path, so a kernel planned from that trace would hard-code it: write the data-dependent control "
      "flow by hand$"));
  static const QRegularExpression number(QStringLiteral(
      "^forward returns a Python number read from a tensor \\(line (\\d+): (.*)\\), not a tensor: the generated "
      "kernels return tensors; return the tensor itself \\(drop that read\\) and the harness compares its value$"));
  // the read's Python call, as traceBranchReason words it
  const auto call = [](const QString& what) -> QString {
    static const QRegularExpression onTensor(QStringLiteral("^(\\S+)\\(\\) on a tensor$"));
    if (what == QLatin1String("bool() of a tensor, e.g. a while/if on a tensor"))
      return tr("bool() of a tensor, e.g. a while/if on a tensor");
    if (what == QLatin1String("float() of a tensor")) return tr("float() of a tensor");
    if (what == QLatin1String("int() of a tensor")) return tr("int() of a tensor");
    if (what == QLatin1String(".item()/bool()/int() on a tensor")) return tr(".item()/bool()/int() on a tensor");
    if (const auto t = onTensor.match(what); t.hasMatch()) return tr("%1() on a tensor").arg(t.captured(1));
    return what;  // .item(): code
  };
  if (const auto b = branch.match(reason); b.hasMatch()) {
    const QString shown = tr("forward reads a tensor value to decide what it computes (line %1: %2); the probe traced "
                             "one placeholder path, so a kernel planned from that trace would hard-code it: write "
                             "the data-dependent control flow by hand")
                              .arg(b.captured(1), call(b.captured(2)));
    if (brief) *brief = shown;
    return shown;
  }
  if (const auto b = number.match(reason); b.hasMatch()) {
    const QString shown = tr("forward returns a Python number read from a tensor (line %1: %2), not a tensor: the "
                             "generated kernels return tensors; return the tensor itself (drop that read) and the "
                             "harness compares its value")
                              .arg(b.captured(1), call(b.captured(2)));
    if (brief) *brief = shown;
    return shown;
  }
  if (!m.hasMatch()) {
    QString shown = suiteReason(reason);
    if (shown == reason) shown = toolText(reason);  // no pattern knew it
    if (brief) *brief = shown;
    return shown;
  }
  const int n = m.captured(1).toInt();
  const QString kinds = m.captured(2);
  const QString rest = m.captured(3);
  static const QRegularExpression notWritten(QStringLiteral("^the (.+) rendering of chains is not written yet$"));
  static const QRegularExpression cute(
      QStringLiteral("^the CuTe DSL renders a chain of one GEMM with a fused pointwise epilogue, and (.*)$"),
      QRegularExpression::DotMatchesEverythingOption);
  // session 30: the CuTe DSL's stage set (cutechain.cpp): the first launch without a stage, or an epilogue; the
  // stage list in parentheses is any (session 31 lengthened it; records keep the older one)
  static const QRegularExpression stages(
      QStringLiteral("^the CuTe DSL renders a chain in which every launch has a CuTe DSL stage \\((GEMM, [^()]*)\\), "
                     "and (.*)$"),
      QRegularExpression::DotMatchesEverythingOption);
  QString what;
  if (const auto w = notWritten.match(rest); w.hasMatch()) {
    what = tr("the %1 rendering of chains is not written yet").arg(w.captured(1));
    if (brief) *brief = what;
  } else if (const auto st = stages.match(rest); st.hasMatch()) {
    const QString lack = st.captured(2);
    static const QRegularExpression noStage(QStringLiteral("^(.+) has no CuTe DSL stage yet$"));
    static const QRegularExpression ofOp(QStringLiteral("^a (\\S+) launch of (\\S+)$"));
    static const QRegularExpression withKw(QStringLiteral("^a (\\S+) launch with (\\w+)=( \\(a prologue on A\\))?$"));
    static const QRegularExpression plain(QStringLiteral("^a (\\S+) launch$"));
    static const QRegularExpression lowering(
        QStringLiteral("^its epilogue \\((.*?)\\) does not lower in the CuTe DSL dialect: (.*)$"),
        QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression noForm(QStringLiteral("^its epilogue (\\S+) has no CuTe DSL form$"));
    QString shown = lack;
    if (const auto ns = noStage.match(lack); ns.hasMatch()) {
      const QString launch = ns.captured(1);
      QString l = launch;
      if (launch == QLatin1String("a convolution launch (conv_forward)"))
        l = tr("a convolution launch (conv_forward)");
      else if (launch == QLatin1String("a kwb_softmax launch of torch's _safe_softmax (safe_rows)"))
        l = tr("a kwb_softmax launch of torch's _safe_softmax (safe_rows)");
      else if (const auto k = withKw.match(launch); k.hasMatch())
        l = k.captured(3).isEmpty() ? tr("a %1 launch with %2=").arg(k.captured(1), k.captured(2))
                                    : tr("a %1 launch with a prologue on A (%2=)").arg(k.captured(1), k.captured(2));
      else if (const auto o = ofOp.match(launch); o.hasMatch())
        l = tr("a %1 launch of %2").arg(o.captured(1), o.captured(2));
      else if (const auto p = plain.match(launch); p.hasMatch())
        l = tr("a %1 launch").arg(p.captured(1));
      shown = tr("%1 has no CuTe DSL stage yet").arg(l);
    } else if (const auto l = lowering.match(lack); l.hasMatch()) {
      shown = tr("its epilogue (%1) does not lower in the CuTe DSL dialect: %2")
                  .arg(l.captured(1), loweringWhy(l.captured(2)));
    } else if (const auto f = noForm.match(lack); f.hasMatch()) {
      shown = tr("its epilogue %1 has no CuTe DSL form").arg(f.captured(1));
    }
    // the list as the reason recorded it (cutechain.cpp builds it from its stage table: cuteStageLabels()), each
    // item in the stage table's translated words; an item of an older list without them stays as recorded
    QStringList list = st.captured(1).split(QStringLiteral(", "));
    for (QString& item : list)
      item = QCoreApplication::translate("kwb::CuteStageLabel", item.toUtf8().constData());  // cutechain.h
    what = tr("the CuTe DSL renders a chain in which every launch has a CuTe DSL stage (%1), and %2")
               .arg(list.join(tr(", ", "between the CuTe DSL stages a skeleton reason lists")), shown);
    if (brief) *brief = shown;
  } else if (const auto c = cute.match(rest); c.hasMatch()) {
    const QString lack = c.captured(1);
    static const QRegularExpression oneKind(
        QStringLiteral("^its rendering of a chain of one (\\S+) launch is not written yet$"));
    static const QRegularExpression calls(QStringLiteral(
        "^its forward\\(\\) also calls (\\S+) \\(a training-mode branch\\), which has no CuTe DSL stage yet$"));
    static const QRegularExpression epilogues(
        QStringLiteral("^this plan has (\\d+) epilogues \\(a training-mode branch\\)$"));
    static const QRegularExpression lowering(
        QStringLiteral("^its epilogue \\((.*?)\\) does not lower in the CuTe DSL dialect: (.*)$"),
        QRegularExpression::DotMatchesEverythingOption);
    QString shown = lack;
    if (lack == QLatin1String("its rendering of chains of several launches is not written yet"))
      shown = tr("its rendering of chains of several launches is not written yet");
    else if (lack == QLatin1String("its GEMM takes no prologue (the pointwise run on A before it) yet"))
      shown = tr("its GEMM takes no prologue (the pointwise run on A before it) yet");
    else if (const auto o = oneKind.match(lack); o.hasMatch())
      shown = tr("its rendering of a chain of one %1 launch is not written yet").arg(o.captured(1));
    else if (const auto f = calls.match(lack); f.hasMatch())
      shown = tr("its forward() also calls %1 (a training-mode branch), which has no CuTe DSL stage yet")
                  .arg(f.captured(1));
    else if (const auto e = epilogues.match(lack); e.hasMatch())
      shown = tr("this plan has %1 epilogues (a training-mode branch)").arg(e.captured(1));
    else if (const auto l = lowering.match(lack); l.hasMatch())
      shown = tr("its epilogue (%1) does not lower in the CuTe DSL dialect: %2")
                  .arg(l.captured(1), loweringWhy(l.captured(2)));
    what = tr("the CuTe DSL renders a chain of one GEMM with a fused pointwise epilogue, and %1").arg(shown);
    if (brief) *brief = shown;
  } else {
    what = toolText(rest);
    if (brief) *brief = what;
  }
  // two sentences, not %n: English keeps core's "1 launch" / "2 launches" without a catalogue's plural forms
  return n == 1 ? tr("Kernel Workbench plans this problem as a chain of 1 launch (%1); %2: --framework triton renders "
                     "it")
                      .arg(kinds, what)
                : tr("Kernel Workbench plans this problem as a chain of %1 launches (%2); %3: --framework triton "
                     "renders it")
                      .arg(QString::number(n), kinds, what);
}

QString DisplayText::toolError(const QString& error) {
  // gpu-wiki-hardware's (plugins/gpuwiki/gpuwikitools.cpp) first clause, as phase 2's console line keeps it; the
  // product names stay exact (new-user trial 18, #8: half English, half Chinese)
  static const QRegularExpression noSheet(
      QStringLiteral("^no spec sheet for product '([^']*)' \\(as '([^']*)'\\) in the "
                     "store$"));
  if (const auto m = noSheet.match(error); m.hasMatch())
    return tr("no spec sheet for product '%1' (as '%2') in the store").arg(m.captured(1), m.captured(2));
  return error;
}

namespace {
// The free text of resources/ledger/measured.json (its run and note fields), for the roofline's footer in the GUI's
// language. tst_targetchooser checks that every entry of the file is here: a new entry without its line fails it.
const char* const kLedgerTexts[] = {
    QT_TRANSLATE_NOOP("kwb::LedgerText",
                      "device-to-device copy of 1 GiB: ~0.505 ms, counting read + write bytes; CV <= 0.1%"),
    QT_TRANSLATE_NOOP("kwb::LedgerText",
                      "measured on one such machine, per GPU.md (shared/docs/GPU.md); 88% of the 4.8 TB/s datasheet "
                      "figure"),
    QT_TRANSLATE_NOOP("kwb::LedgerText",
                      "copy ceiling measured in the same run as KernelBench 19_ReLU (events with a 256 MB L2 flush, "
                      "median of 20)"),
    QT_TRANSLATE_NOOP("kwb::LedgerText", "measured on one such machine, per GPU.md (shared/docs/GPU.md)"),
    QT_TRANSLATE_NOOP("kwb::LedgerText", "bf16 GEMM through torch, 8192x8192x8192"),
    QT_TRANSLATE_NOOP("kwb::LedgerText",
                      "measured on one such machine, per GPU.md (shared/docs/GPU.md): ~770-800 TFLOP/s (value is the "
                      "low end); dense datasheet 989"),
    QT_TRANSLATE_NOOP("kwb::LedgerText", "bf16 GEMM through torch, 4096x4096x4096"),
    QT_TRANSLATE_NOOP("kwb::LedgerText",
                      "measured on one such machine, per GPU.md (shared/docs/GPU.md): ~714-750 TFLOP/s (value is the "
                      "low end)"),
};

QString ledgerText(const QString& text) {
  for (const char* t : kLedgerTexts)
    if (text == QString::fromUtf8(t)) return QCoreApplication::translate("kwb::LedgerText", t);
  return text;
}
}  // namespace

QString displayToolError(const QString& error) { return DisplayText::toolError(error); }

bool ledgerTextKnown(const QString& text) {
  return std::any_of(std::begin(kLedgerTexts), std::end(kLedgerTexts),
                     [&text](const char* t) { return text == QString::fromUtf8(t); });
}

QString DisplayText::measuredSource(const QString& source) {
  // This run's own copy (recordsbuilder.cpp) ...
  static const QRegularExpression thisRun(
      QStringLiteral("^device-to-device copy measured by test_kernel.py in this run: (\\S+) TB/s$"));
  if (const auto m = thisRun.match(source); m.hasMatch())
    return tr("device-to-device copy measured by test_kernel.py in this run: %1 TB/s").arg(m.captured(1));
  // ... or a ledger entry, found by its exact text (MeasuredCeiling::describe), never parsed
  const SpecLedger& ledger = SpecLedger::builtin();
  for (const QString& id : ledger.knownIds())
    for (const MeasuredCeiling& c : ledger.measured(id)) {
      if (c.describe() != source) continue;
      const QString value = source.left(source.indexOf(QLatin1Char(' ') + c.label + QStringLiteral(" (")));
      QString text = c.run.isEmpty() ? tr("%1 measured (%2)").arg(value, c.date)
                                     : tr("%1 measured (%2; %3)").arg(value, c.date, ledgerText(c.run));
      if (!c.note.isEmpty()) text += tr(" — %1").arg(ledgerText(c.note));
      return text;
    }
  return source;
}

QString displayMeasuredSource(const QString& source) { return DisplayText::measuredSource(source); }
QString displayRecordsSummaryLine(const QString& line) { return DisplayText::summaryLine(line); }
QString displaySpecNote(const QString& note) { return DisplayText::specNote(note); }
QString displayToolText(const QString& text) { return DisplayText::toolText(text); }
QString displayCodegenReason(const QString& reason) { return DisplayText::codegenReason(reason); }
QString displayCodegenReasonBrief(const QString& reason) {
  QString brief;
  const QString whole = DisplayText::codegenReason(reason, &brief);
  return brief.isEmpty() ? whole : brief;
}
QString displayGateReason(const QString& reason) { return DisplayText::gateReason(reason); }
QString displaySuiteReason(const QString& reason) { return DisplayText::suiteReason(reason); }
QString displayHarnessNote(const QString& note) { return DisplayText::harnessNote(note); }
QString displayPointLabel(const QString& label) { return DisplayText::pointLabel(label); }
QString displayRunLogLine(const QString& line) { return DisplayText::logLine(line); }
QString displayHarnessLine(const QString& line, int casesDone) { return DisplayText::harnessLine(line, casesDone); }
QString displayRunnerEndedCase(const CaseResult& c) { return DisplayText::runnerEndedCase(c); }

QString DisplayText::dryRunCaseCount(const QList<CaseResult>& cases, int plannedSkips) {
  int ran = 0, vacuous = 0, skipped = plannedSkips;
  QMap<QString, int> others;  // FAIL, TIMEOUT_FAIL, ERROR: the field's codes, counted as they are
  for (const CaseResult& c : cases) {
    if (c.passed())
      ++ran;
    else if (skippedAsVacuous(c))
      ++vacuous;
    else if (c.status == QLatin1String("SKIPPED"))
      ++skipped;
    else
      ++others[c.status];
  }
  QStringList parts;
  if (ran > 0) parts << tr("%1 ran (harness only)").arg(ran);
  if (vacuous > 0) parts << tr("%1 vacuous (nothing to compare)").arg(vacuous);
  for (const char* s : {"FAIL", "TIMEOUT_FAIL", "ERROR"})
    if (const int n = others.value(QLatin1String(s)); n > 0)
      parts << QStringLiteral("%1 %2").arg(n).arg(caseStatusLabel(QLatin1String(s)));
  if (skipped > 0) parts << tr("%1 skipped").arg(skipped);
  return parts.isEmpty() ? tr("no case ran") : parts.join(QStringLiteral(", "));
}

QString displayDryRunCaseCount(const QList<CaseResult>& cases, int plannedSkips) {
  return DisplayText::dryRunCaseCount(cases, plannedSkips);
}

QString versionOfText(int version, int count) {
  if (count <= 0) return DisplayText::tr("no version recorded");
  if (count == 1) return QStringLiteral("V%1").arg(version);
  return DisplayText::tr("V%1 of %2").arg(version).arg(count);
}

QString baselineVerdictGapText(const QString& gap) {
  if (gap == QLatin1String("STOPPED"))
    return DisplayText::tr(
        "V0 was stopped before a verdict: Measure Again records a later version against a V0 with "
        "a verdict, so it is off until V0 is measured again (run phases 1-4 again, or `kwb "
        "baseline … --force`).");
  if (gap.isEmpty()) return {};
  return DisplayText::tr(
      "V0 has no verdict (no run was recorded): Measure Again records a later version against a "
      "V0 with a verdict, so it is off until V0 is measured (run phases 1-4 again, or `kwb "
      "baseline … --force`).");
}

}  // namespace kwb
