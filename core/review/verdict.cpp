#include "core/review/verdict.h"

#include <QCoreApplication>

namespace kwb {

Verdict verdictFor(const VerdictInput& in) {
  if (in.stopped || in.gateResult == QLatin1String("STOPPED")) return Verdict::Stopped;
  if (in.interrupted) return Verdict::Incomplete;
  if (in.skeleton) return Verdict::Skeleton;
  if (!in.harnessResult && !in.gateResult.isEmpty()) return Verdict::Error;
  if (in.gateResult == QLatin1String("TIMEOUT_FAIL")) return Verdict::TimeoutFail;
  if (in.gateResult == QLatin1String("FAIL")) return Verdict::Fail;
  if (in.gateResult == QLatin1String("DRY_RUN_TIMEOUT")) return Verdict::DryRunTimeout;
  if (in.dryRun || in.gateResult == QLatin1String("DRY_RUN")) return Verdict::DryRun;
  if (in.gateResult == QLatin1String("PASS")) return Verdict::Pass;
  return Verdict::NotRun;
}

QString verdictCode(Verdict v) {
  switch (v) {
    case Verdict::NotRun:
      return QStringLiteral("NOT_RUN");
    case Verdict::Running:
      return QStringLiteral("RUNNING");
    case Verdict::Pass:
      return QStringLiteral("PASS");
    case Verdict::Fail:
      return QStringLiteral("FAIL");
    case Verdict::TimeoutFail:
      return QStringLiteral("TIMEOUT_FAIL");
    case Verdict::Skeleton:
      return QStringLiteral("SKELETON");
    case Verdict::DryRun:
      return QStringLiteral("DRY_RUN");
    case Verdict::DryRunTimeout:
      return QStringLiteral("DRY_RUN_TIMEOUT");
    case Verdict::Stopped:
      return QStringLiteral("STOPPED");
    case Verdict::Error:
      return QStringLiteral("ERROR");
    case Verdict::Incomplete:
      return QStringLiteral("INCOMPLETE");
  }
  return {};
}

QString verdictTitle(Verdict v) {
  switch (v) {
    case Verdict::NotRun:
      return QCoreApplication::translate("kwb::Verdict", "Not run");
    case Verdict::Running:
      return QCoreApplication::translate("kwb::Verdict", "Running…");
    case Verdict::Pass:
      return QCoreApplication::translate("kwb::Verdict", "PASS");
    case Verdict::Fail:
      return QCoreApplication::translate("kwb::Verdict", "FAIL");
    case Verdict::TimeoutFail:
      return QCoreApplication::translate("kwb::Verdict", "TIMEOUT_FAIL");
    case Verdict::Skeleton:
      return QCoreApplication::translate("kwb::Verdict", "Skeleton: kernel not implemented");
    case Verdict::DryRun:
      return QCoreApplication::translate("kwb::Verdict", "Dry run: not measured");
    case Verdict::DryRunTimeout:
      return QCoreApplication::translate("kwb::Verdict", "Dry run incomplete: out of time on this CPU");
    case Verdict::Stopped:
      return QCoreApplication::translate("kwb::Verdict", "Stopped");
    case Verdict::Error:
      return QCoreApplication::translate("kwb::Verdict", "Harness error");
    case Verdict::Incomplete:
      return QCoreApplication::translate("kwb::Verdict", "Incomplete: the run was interrupted");
  }
  return {};
}

QString dryRunRelErrNote() {
  return QCoreApplication::translate("kwb::Verdict",
                                     "not measured: no kernel ran (a CPU dry run runs the PyTorch reference in "
                                     "kernel.py's place, checked against its own float32 run)");
}

QString verdictLabel(Verdict v) {
  // The source text is the code itself, so English shows the code; a catalogue adds the word (zh_CN:
  // "试运行（DRY_RUN）").
  switch (v) {
    case Verdict::NotRun:
      return QCoreApplication::translate("kwb::VerdictCode", "NOT_RUN");
    case Verdict::Running:
      return QCoreApplication::translate("kwb::VerdictCode", "RUNNING");
    case Verdict::Pass:
      return QCoreApplication::translate("kwb::VerdictCode", "PASS");
    case Verdict::Fail:
      return QCoreApplication::translate("kwb::VerdictCode", "FAIL");
    case Verdict::TimeoutFail:
      return QCoreApplication::translate("kwb::VerdictCode", "TIMEOUT_FAIL");
    case Verdict::Skeleton:
      return QCoreApplication::translate("kwb::VerdictCode", "SKELETON");
    case Verdict::DryRun:
      return QCoreApplication::translate("kwb::VerdictCode", "DRY_RUN");
    case Verdict::DryRunTimeout:
      return QCoreApplication::translate("kwb::VerdictCode", "DRY_RUN_TIMEOUT");
    case Verdict::Stopped:
      return QCoreApplication::translate("kwb::VerdictCode", "STOPPED");
    case Verdict::Error:
      return QCoreApplication::translate("kwb::VerdictCode", "ERROR");
    case Verdict::Incomplete:
      return QCoreApplication::translate("kwb::VerdictCode", "INCOMPLETE");
  }
  return {};
}

QString gateCodeLabel(const QString& code) {
  for (Verdict v :
       {Verdict::NotRun, Verdict::Running, Verdict::Pass, Verdict::Fail, Verdict::TimeoutFail, Verdict::Skeleton,
        Verdict::DryRun, Verdict::DryRunTimeout, Verdict::Stopped, Verdict::Error, Verdict::Incomplete})
    if (verdictCode(v) == code) return verdictLabel(v);
  return code;
}

QString caseStatusLabel(const QString& status) {
  // Short: the case table sits beside the log at 1280x800 (zh_CN: "通过", the code in the header's tooltip).
  if (status == QLatin1String("PASS")) return QCoreApplication::translate("kwb::CaseStatus", "PASS");
  if (status == QLatin1String("FAIL")) return QCoreApplication::translate("kwb::CaseStatus", "FAIL");
  if (status == QLatin1String("TIMEOUT_FAIL")) return QCoreApplication::translate("kwb::CaseStatus", "TIMEOUT_FAIL");
  if (status == QLatin1String("ERROR")) return QCoreApplication::translate("kwb::CaseStatus", "ERROR");
  if (status == QLatin1String("STOPPED")) return QCoreApplication::translate("kwb::CaseStatus", "STOPPED");
  if (status == QLatin1String("RUNNING")) return QCoreApplication::translate("kwb::CaseStatus", "RUNNING");
  if (status == QLatin1String("SKIPPED")) return QCoreApplication::translate("kwb::CaseStatus", "SKIPPED");
  return status;
}

}  // namespace kwb
