// The merged outcome, result.json, --skip handling and the blocking runner of HarnessRun.
#include "core/run/harnessrun.h"

#include <QEventLoop>

#include <algorithm>

namespace kwb {

using json = nlohmann::json;

std::optional<RunResult> mergeRunResult(const std::optional<RunResult>& last, const QList<CaseResult>& cases,
                                        const QStringList& timedOut);

std::optional<RunResult> mergeRunResult(const std::optional<RunResult>& last, const QList<CaseResult>& cases,
                                        const QStringList& timedOut) {
  if (!last) return std::nullopt;
  RunResult merged = *last;
  // Every case in reporting order; the last document's own entry replaces its CASE_RESULT line,
  // except for cases the watchdog timed out (a harness that ignored --skip must not undo them).
  QList<CaseResult> all = cases;
  for (const CaseResult& c : last->cases) {
    const auto it = std::find_if(all.begin(), all.end(), [&](const CaseResult& x) { return x.name == c.name; });
    if (it == all.end())
      all << c;
    else if (!timedOut.contains(c.name))
      *it = c;
  }
  merged.cases = all;
  // The harness's own rule: a dry run's case this CPU's torch cannot run does not fail the run, but at least one
  // case must have run (a result.json that said FAIL beside a DRY_RUN gate contradicted both).
  const bool dry = merged.mode == QLatin1String("cpu-dry-run");
  bool allPass = true;
  qsizetype counted = 0;
  for (const CaseResult& c : all) {
    if (c.relErr && (!merged.maxRelErr || *c.relErr > *merged.maxRelErr)) merged.maxRelErr = c.relErr;
    if (skippedForThisCpu(c, dry) || skippedAsVacuous(c)) continue;
    ++counted;
    allPass = allPass && c.passed();
  }
  if (merged.status == QLatin1String("PASS") && (!allPass || (counted == 0 && !all.isEmpty())))
    merged.status = QStringLiteral("FAIL");
  // A resumed run (--skip after a lost context): the timed case ran in an earlier process, so the last document has no
  // latency and says "untimed" (session 45); the headline numbers are that case's, and the run was timed.
  if (!merged.latencyUs && merged.raw.is_object() && merged.raw.contains("untimed")) {
    const auto timed = std::find_if(all.cbegin(), all.cend(), [](const CaseResult& c) {
      return c.passed() && c.latencyUs && c.name.startsWith(QLatin1String("problem_shape"));
    });
    if (timed != all.cend()) {
      merged.latencyUs = timed->latencyUs;
      merged.refLatencyUs = timed->refLatencyUs;
      merged.hostUs = timed->hostUs;
      merged.refHostUs = timed->refHostUs;
      merged.primaryCase = timed->name;
      if (timed->raw.is_object() && timed->raw.value("timing_method", json()).is_string())
        merged.timingMethod = QString::fromStdString(timed->raw["timing_method"].get<std::string>());
      merged.raw.erase("untimed");
    }
  }
  return merged;
}

QStringList argsWithSkip(const QStringList& args, const QStringList& names) {
  QStringList out;
  QStringList skip;
  const auto addNames = [&](const QString& list) {
    for (const QString& n : list.split(QLatin1Char(','), Qt::SkipEmptyParts))
      if (!skip.contains(n.trimmed())) skip << n.trimmed();
  };
  for (qsizetype i = 0; i < args.size(); ++i) {
    if (args.at(i) == QLatin1String("--skip") && i + 1 < args.size()) {
      addNames(args.at(++i));
    } else if (args.at(i).startsWith(QLatin1String("--skip="))) {
      addNames(args.at(i).mid(7));
    } else {
      out << args.at(i);
    }
  }
  for (const QString& n : names)
    if (!skip.contains(n)) skip << n;
  if (!skip.isEmpty()) out << QStringLiteral("--skip") << skip.join(QLatin1Char(','));
  return out;
}

json toJson(const RunOutcome& o) {
  const auto strings = [](const QStringList& l) {
    json a = json::array();
    for (const QString& s : l) a.push_back(s.toStdString());
    return a;
  };
  json j;
  j["schema"] = "kwb-run-1";
  j["ok"] = o.ok;
  j["exit_code"] = o.exitCode;
  j["cancelled"] = o.cancelled;
  j["timed_out"] = o.timedOut;
  j["error"] = o.error.isEmpty() ? json(nullptr) : json(o.error.toStdString());
  j["target_error"] = o.targetError.isEmpty() ? json(nullptr) : json(o.targetError.toStdString());
  j["wall_ms"] = o.wallMs;
  json cases = json::array();
  for (const CaseResult& c : o.cases) cases.push_back(toJson(c));
  j["cases"] = std::move(cases);
  j["timed_out_cases"] = strings(o.timedOutCases);
  j["result"] = o.result ? toJson(*o.result) : json(nullptr);
  j["result_raw"] = o.result ? o.result->raw : json(nullptr);
  j["harness_errors"] = strings(o.harnessErrors);
  json segs = json::array();
  for (const RunSegment& s : o.segments) {
    segs.push_back({{"command", strings(s.command)},
                    {"pgid", s.pgid},
                    {"exit_code", s.exitCode},
                    {"crashed", s.crashed},
                    {"stopped_by", s.stoppedBy.isEmpty() ? json(nullptr) : json(s.stoppedBy.toStdString())},
                    {"printed_result", s.printedResult},
                    {"cases_started", s.casesStarted}});
  }
  j["processes"] = std::move(segs);
  j["log"] = o.logPath.isEmpty() ? json(nullptr) : json("output.log");
  return j;
}

RunOutcome runHarnessBlocking(const HarnessRunConfig& config, std::function<void(const QString&, int)> onLine) {
  HarnessRun run(config);
  RunOutcome outcome;
  QEventLoop loop;
  if (onLine)
    QObject::connect(&run, &HarnessRun::outputLine, &loop,
                     [&onLine](const QString& line, int ch) { onLine(line, ch); });
  QObject::connect(&run, &HarnessRun::finished, &loop, [&](const RunOutcome& o) {
    outcome = o;
    loop.quit();
  });
  run.start();
  if (!run.isFinished()) loop.exec();
  return outcome;
}

}  // namespace kwb
