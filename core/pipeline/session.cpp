#include "core/pipeline/session.h"
#include "core/review/displaytext.h"

#include "core/records/memoryrecord.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace kwb {

namespace {
QString fmt(const std::optional<double>& v, char f = 'g', int prec = 4) {
  return v ? QString::number(*v, f, prec) : QStringLiteral("—");
}
}  // namespace

WorkbenchSession::WorkbenchSession(QObject* parent) : QObject(parent) {}

WorkbenchSession::~WorkbenchSession() {
  // Quit during phase 1 waited for the probe's 120 s limit, the process alive without a window (new-user trial 12,
  // #5): the job is stopped first, so the wait is the probe's stop (about a second).
  if (m_job) m_job->cancel();
  if (m_watcher) m_watcher->waitForFinished();
}

bool WorkbenchSession::stop() {
  if (!m_job || (m_busyPhase == 0 && !m_measuring)) return false;
  m_job->cancel();
  return true;
}

void WorkbenchSession::setReview(const WorkspaceReview& review) {
  m_review = review;
  Q_EMIT reviewChanged();
  m_verdict = Verdict::NotRun;  // force the signal: the reason may be new even for the same verdict
  setVerdict(review.verdict, review.gateReason);
}

void WorkbenchSession::clear() {
  const bool had = m_review.has_value();
  m_review.reset();
  if (had) Q_EMIT reviewChanged();
  setVerdict(Verdict::NotRun);
}

void WorkbenchSession::setVerdict(Verdict verdict, const QString& reason) {
  if (verdict == m_verdict && reason == m_reason) return;
  m_verdict = verdict;
  m_reason = reason;
  Q_EMIT verdictChanged(verdict, reason);
}

BaselineJob* WorkbenchSession::newJob(const BaselineOptions& options, FigureRenderer renderer) {
  if (m_busyPhase != 0) return nullptr;
  auto job = std::make_unique<BaselineJob>(options);
  job->setFigureRenderer(std::move(renderer));
  return adoptJob(std::move(job));
}

BaselineJob* WorkbenchSession::measureNextVersion(const BaselineOptions& options, FigureRenderer renderer,
                                                  QString* error) {
  if (m_busyPhase != 0 || m_measuring) {
    if (error) *error = tr("Phase %1 is still running.").arg(m_measuring ? 4 : m_busyPhase);
    return nullptr;
  }
  // Opened before review mode is left: a workspace that cannot be measured again keeps its review.
  auto next = std::make_unique<BaselineJob>(options);
  next->setFigureRenderer(std::move(renderer));
  if (!next->openForNextVersion()) {
    if (error) *error = next->lastError();
    return nullptr;
  }
  BaselineJob* job = adoptJob(std::move(next));
  for (int p = 1; p <= 3; ++p) m_done[p - 1] = true;  // phases 1-3 are the workspace's, as recorded
  m_measuring = true;
  setVerdict(Verdict::Running);
  setMeasureSummary(tr("Measuring V%1 (kernel.py as it is on disk): the run console shows each case as it finishes.")
                        .arg(job->version()));
  connect(
      job, &BaselineJob::finished, this,
      [this, job](bool ok) {
        if (job != m_job.get()) return;
        // measureAndRecord() wrote the records unless the run was stopped or writing failed, and committed them when
        // the gate allows it, as `kwb measure` does.
        m_hasRecords = job->outcome().has_value() && job->verdict() != Verdict::Stopped;
        if (!job->commitId().isEmpty()) {
          setMeasureSummary(withCommitLine(m_measureSummary, job->commitId(), job->commitSubject()));
          Q_EMIT committed(job->commitId(), job->commitSubject());
        }
        if (m_hasRecords) Q_EMIT recordsWritten();
        Q_EMIT versionRecorded(ok, job->version(), ok ? QString() : job->lastError());
      },
      Qt::SingleShotConnection);
  job->measureAndRecord();  // the same phase 4, records and commit as `kwb measure`
  return job;
}

BaselineJob* WorkbenchSession::adoptJob(std::unique_ptr<BaselineJob> next) {
  m_job = std::move(next);
  m_hasRecords = false;
  m_committed = false;
  m_measuring = false;
  invalidateFrom(1);
  BaselineJob* job = m_job.get();
  // Phases 1-3 emit from the worker thread: these arrive queued, in order.
  connect(job, &BaselineJob::progress, this, &WorkbenchSession::progress);
  connect(job, &BaselineJob::outputLine, this, &WorkbenchSession::outputLine);
  connect(job, &BaselineJob::caseStarted, this, &WorkbenchSession::caseStarted);
  connect(job, &BaselineJob::caseFinished, this, &WorkbenchSession::caseFinished);
  connect(job, &BaselineJob::measured, this, [this](bool ok) {
    onPhaseFinished(4, ok);
    Q_EMIT phaseFinished(4, ok);
  });
  clear();  // from here the window shows this job, not a reviewed workspace
  setCodegenVerdict({});
  Q_EMIT jobChanged();
  return job;
}

bool WorkbenchSession::dropJob() {
  if (m_busyPhase != 0) return false;
  if (!m_job) return true;
  m_job.reset();
  m_hasRecords = false;
  m_committed = false;
  m_measuring = false;
  invalidateFrom(1);
  setCodegenVerdict({});
  Q_EMIT jobChanged();
  return true;
}

bool WorkbenchSession::recordsWouldReplacePassing() const {
  if (!m_job || isPassing(m_job->verdict())) return false;
  const auto existing = MemoryRecord::load(memoryPath(m_job->workspaceDir(), QStringLiteral("v0")));
  return existing && existing->value(QStringLiteral("quality_gate.result")) == "PASS";
}

bool WorkbenchSession::writeRecords() {
  if (!m_job || !m_job->outcome() || m_busyPhase != 0 || m_measuring) return false;
  if (!m_job->writeRecords()) return false;
  m_hasRecords = true;
  Q_EMIT recordsWritten();
  return true;
}

bool WorkbenchSession::recordRun() {
  if (!m_job || !m_job->outcome() || m_busyPhase != 0 || m_measuring) return false;
  bool written = false;
  const bool ok = m_job->recordMeasurement(&written);
  if (written) {
    m_hasRecords = true;
    Q_EMIT recordsWritten();
  }
  if (ok && m_job->options().commit && !m_job->commitId().isEmpty()) {
    m_committed = true;
    setMeasureSummary(withCommitLine(m_measureSummary, m_job->commitId(), m_job->commitSubject()));
    Q_EMIT committed(m_job->commitId(), m_job->commitSubject());
  } else if (written && !ok) {
    // The failing run is recorded as the CLI records it; what comes next is no longer "Report and Memory".
    // A stopped Run all is recorded as `kwb baseline` records it (STOPPED): its "nothing is recorded" line goes too.
    QStringList lines = m_measureSummary.isEmpty() ? QStringList() : m_measureSummary.split(u'\n');
    if (!lines.isEmpty() &&
        (lines.constLast() == tr("Next: Report and Memory record this failing run; Commit needs a passing gate.") ||
         lines.constLast() == stoppedSummaryLine()))
      lines.removeLast();
    const QString gate = verdictCode(m_job->verdict());
    const QString base = m_job->generatedBaseCommitId();
    lines << (base.isEmpty() ? tr("Done: baseline_report.md and the memory record written; V0 is not committed "
                                  "(quality gate %1).")
                                   .arg(gate)
                             : tr("Done: baseline_report.md and the memory record written; V0 is not committed "
                                  "(quality gate %1); the generated files are committed as %2, a base for your "
                                  "edits.")
                                   .arg(gate, base.left(12)));
    setMeasureSummary(lines.join(u'\n'));
  }
  return ok;
}

bool WorkbenchSession::runPhase(int phase, bool wait) {
  if (!m_job || m_busyPhase != 0 || m_measuring || phase < 1 || phase > 4) return false;
  m_done[phase - 1] = false;
  m_job->clearStop();  // a Stop of an earlier phase is not this one's
  if (phase == 4) {
    m_hasRecords = false;
    m_committed = false;
    m_measuring = true;
    setVerdict(Verdict::Running);
    // Not "Not run yet." under a Running badge (seen in the screenshots of a live run).
    setMeasureSummary(tr("Measuring: the run console shows each case as it finishes."));
    m_job->startMeasure();  // measured() → phaseFinished(4), also on an immediate failure
    return true;
  }
  m_busyPhase = phase;
  if (phase == 1) setCodegenVerdict({});  // the old verdict is for the old spec and framework
  Q_EMIT phaseStarted(phase);
  BaselineJob* job = m_job.get();
  m_watcher = new QFutureWatcher<bool>(this);
  connect(m_watcher, &QFutureWatcher<bool>::finished, this, [this, phase] {
    const bool ok = m_watcher->result();
    m_watcher->deleteLater();
    m_watcher = nullptr;
    m_busyPhase = 0;
    onPhaseFinished(phase, ok);
    Q_EMIT phaseFinished(phase, ok);
  });
  m_watcher->setFuture(QtConcurrent::run([job, phase] {
    switch (phase) {
      case 1:
        return job->understand();
      case 2:
        return job->learn();
      case 3:
        return job->implement();
      default:
        return false;
    }
  }));
  if (wait) {
    m_watcher->waitForFinished();
    QCoreApplication::processEvents();  // delivers finished() → phaseFinished()
  }
  return true;
}

QString WorkbenchSession::phaseName(int phase) {
  switch (phase) {
    case 1:
      return tr("Understand");
    case 2:
      return tr("Learn");
    case 3:
      return tr("Implement");
    case 4:
      return tr("Measure");
    default:
      return QString();
  }
}

void WorkbenchSession::invalidateFrom(int phase) {
  for (int p = std::max(phase, 1); p <= 4; ++p) m_done[p - 1] = false;
  if (phase <= 4 && !m_measureSummary.isEmpty()) setMeasureSummary(QString());
}

bool WorkbenchSession::sameRunSettings(const BaselineOptions& now, const BaselineOptions& was) {
  return now.gpu == was.gpu && now.framework == was.framework && now.cpuDryRun == was.cpuDryRun &&
         (now.workspaceDir.isEmpty() ||
          QFileInfo(now.workspaceDir).absoluteFilePath() == QFileInfo(was.workspaceDir).absoluteFilePath());
}

PhaseCheck WorkbenchSession::checkPhase(int phase, const QString& logicPath, const BaselineOptions& form) const {
  const QString title = tr("Phase %1").arg(phase);
  if (m_busyPhase != 0 || m_measuring) {
    const int busy = m_measuring ? 4 : m_busyPhase;
    return {PhaseBlock::Busy, title, tr("Phase %1 (%2) is still running.").arg(busy).arg(phaseName(busy))};
  }
  if (logicPath.isEmpty())
    return {PhaseBlock::NoLogicFile, tr("No logic file"), tr("Open a PyTorch logic file first (File > Open).")};
  if (phase < 1 || phase > 4)
    return {PhaseBlock::OutOfRange, title, tr("There is no phase %1: the phases are 1 to 4.").arg(phase)};
  if (phase == 1 && form.gpu.trimmed().isEmpty())
    return {PhaseBlock::NoGpu, tr("No GPU chosen"),
            tr("Pick the target GPU in the GPU box first (a spec-ledger id such as H200-SXM or MI300X); "
               "phase 1 looks its specs up in the ledger, also for a CPU dry run.")};
  if (phase == 1) return {};
  if (!m_job || !phaseDone(phase - 1))
    return {PhaseBlock::PreviousNotDone, title,
            tr("Run phase %1 (%2) first.").arg(phase - 1).arg(phaseName(phase - 1))};
  BaselineOptions was = m_job->options();
  was.workspaceDir = m_job->workspaceDir();  // the one phase 1 chose when the form left it empty
  if (!sameRunSettings(form, was))
    return {PhaseBlock::SettingsChanged, tr("Settings changed"),
            tr("GPU, framework, workspace or CPU dry run changed since phase 1: run phase 1 (Understand) again.")};
  return {};
}

RecordsDecision WorkbenchSession::recordsDecision(bool rewrite) const {
  if (m_busyPhase != 0 || m_measuring)
    return {RecordsAction::Refused,
            tr("Phase %1 is running; wait for it to finish.").arg(m_measuring ? 4 : m_busyPhase)};
  if (!m_job || !m_job->outcome()) return {RecordsAction::Refused, tr("Run phase 4 (Measure) first.")};
  if (!rewrite && m_hasRecords) return {RecordsAction::AlreadyWritten, {}};
  if (m_job->verdict() == Verdict::Stopped)
    return {RecordsAction::Refused, tr("The run was stopped: it is not recorded, and the workspace's report and "
                                       "memory stay as they were. Run phase 4 again.")};
  if (!allowsRecords(m_job->verdict())) return {RecordsAction::Refused, tr("Run phase 4 (Measure) first.")};
  // The records describe one run; replacing a passing one with this run's is the user's call.
  if (recordsWouldReplacePassing()) return {RecordsAction::AskReplacePassing, {}};
  return {RecordsAction::Write, {}};
}

CommitCheck WorkbenchSession::checkCommit() const {
  if (!m_job || !m_job->outcome()) return {false, tr("Run phase 4 (Measure) first.")};
  if (m_busyPhase != 0 || m_measuring)
    return {false, tr("Phase %1 is running; wait for it to finish.").arg(m_measuring ? 4 : m_busyPhase)};
  const Verdict v = m_job->verdict();
  if (v == Verdict::Stopped) return {false, tr("The run was stopped: it has no verdict to commit. Run phase 4 again.")};
  if (m_committed)
    return {false, tr("This run is committed already (%1): run phase 4 again, or Measure Again after an edit.")
                       .arg(m_job->commitId().left(12))};
  if (!allowsCommit(v))
    return {false, tr("The quality gate is %1: the seed commits V0 only after the gate passes.").arg(verdictCode(v))};
  return {true, {}};
}

QString WorkbenchSession::stoppedSummaryLine() {
  return tr("Stopped: nothing is recorded; the workspace's records are unchanged.");
}

QString WorkbenchSession::withCommitLine(const QString& summary, const QString& id, const QString& subject) const {
  // The phase-4 summary ends with what comes next; once committed, nothing does (new-user trial 11: "Next: Report,
  // Memory, Commit." stood above "Committed ..." after Run All Phases).
  QStringList lines = summary.isEmpty() ? QStringList() : summary.split(u'\n');
  if (!lines.isEmpty() && lines.constLast() == tr("Next: Report, Memory, Commit.")) lines.removeLast();
  lines << tr("Done: baseline_report.md and the memory record written; committed %1: %2").arg(id.left(12), subject);
  return lines.join(u'\n');
}

bool WorkbenchSession::commit() {
  if (!checkCommit().ok || !m_hasRecords) return false;
  if (!m_job->commitWorkspace()) return false;
  m_committed = true;
  setMeasureSummary(withCommitLine(m_measureSummary, m_job->commitId(), m_job->commitSubject()));
  Q_EMIT committed(m_job->commitId(), m_job->commitSubject());
  return true;
}

QString WorkbenchSession::learnSummary() const {
  if (!m_job || !phaseDone(2)) return {};
  const QList<KnowledgeRecord>& records = m_job->consulted();
  int fallbacks = 0;
  QStringList tools;
  for (const KnowledgeRecord& r : records) {
    fallbacks += r.fallback ? 1 : 0;
    if (!tools.contains(r.toolId)) tools << r.toolId;
  }
  QString summary = tr("%n record(s) consulted", nullptr, static_cast<int>(records.size()));
  if (!tools.isEmpty()) summary += tr(" from %1").arg(tools.join(QStringLiteral(", ")));
  if (fallbacks > 0)
    summary +=
        u'\n' + tr("%n fallback sample(s): NOT matches for this problem; see the Knowledge panel.", nullptr, fallbacks);
  if (const auto aside = static_cast<int>(m_job->setAside().size()); aside > 0)
    summary += u'\n' + tr("%n record(s) set aside: they do not apply to this problem (dtype or operator); the plan "
                          "says why.",
                          nullptr, aside);
  summary += u'\n' + tr("Plan: %1").arg(QDir(m_job->workspaceDir()).filePath(QStringLiteral("plans/v0_plan.md")));
  return summary;
}

void WorkbenchSession::setCodegenVerdict(CodegenVerdict verdict) {
  if (!m_codegen.valid && !verdict.valid) return;
  m_codegen = std::move(verdict);
  Q_EMIT codegenVerdictChanged();
}

void WorkbenchSession::specReplaced() {
  if (!m_job) return;
  invalidateFrom(2);
  setCodegenVerdict(kwb::codegenVerdict(m_job->spec(), m_job->framework()));
}

void WorkbenchSession::setMeasureSummary(const QString& text) {
  m_measureSummary = text;
  Q_EMIT summaryChanged(4, text);
}

void WorkbenchSession::onPhaseFinished(int phase, bool ok) {
  if (!m_job) return;
  if (phase == 2) {
    m_done[1] = ok;
    if (ok) Q_EMIT summaryChanged(2, learnSummary());
    return;
  }
  if (phase != 4) {
    m_done[phase - 1] = ok;
    // Phase 1 knows the spec and the framework: what generation will make of them is known before phase 3
    // writes anything (new-user trial 10, #7: the policy default wrote a skeleton with no visible warning).
    if (phase == 1 && ok) setCodegenVerdict(kwb::codegenVerdict(m_job->spec(), m_job->framework()));
    return;
  }
  m_measuring = false;
  // The quality gate is the headline, not the harness's status: a skeleton or a dry run whose cases
  // "passed" (the reference against itself) is not a pass, and a stopped run records nothing.
  const Verdict verdict = m_job->verdict();
  m_done[3] = allowsCommit(verdict);
  setVerdict(verdict, m_job->gateReason());
  const auto& outcome = m_job->outcome();
  QStringList lines;
  lines << tr("Quality gate: %1").arg(verdictTitle(verdict));
  if (!m_job->gateReason().isEmpty()) lines << tr("  why: %1").arg(displayGateReason(m_job->gateReason()));
  if (outcome) {
    if (outcome->result) {
      const RunResult& r = *outcome->result;
      // A dry run's rel_err is the reference against itself: not kernel.py's error, shown nowhere as the
      // version's (memory/vN.json, `kwb versions`, the review; new-user trial 6, R8).
      // A dry run whose cases ran shows no PASS (README; new-user trial 17, #9): it says what happened instead.
      const bool dryRun = r.mode == QLatin1String("cpu-dry-run");
      if (dryRun && r.status == QLatin1String("PASS"))
        lines << tr("Harness: %1 on the CPU (%2), not measured; rel_err %3")  // the console's count (trial 25 #10)
                     .arg(displayDryRunCaseCount(outcome->cases, static_cast<int>(r.skippedCases.size())), r.mode,
                          dryRunRelErrNote());
      else
        lines << (dryRun ? tr("Harness: %1 (%2), %3 case(s); rel_err %4")
                               .arg(r.status, r.mode)
                               .arg(outcome->cases.size())
                               .arg(dryRunRelErrNote())
                         : tr("Harness: %1 (%2), %3 case(s); max rel_err %4")
                               .arg(r.status, r.mode)
                               .arg(outcome->cases.size())
                               .arg(fmt(r.maxRelErr, 'e', 3)));
      // A dry run times the reference on the CPU in the kernel's place: no kernel latency to show.
      if (r.mode == QLatin1String("cpu-dry-run"))
        lines << tr("kernel latency: not measured (dry run); primary case %1").arg(r.primaryCase);
      else
        lines << tr("latency_us %1 (reference %2), primary case %3")
                     .arg(fmt(r.latencyUs, 'f', 2), fmt(r.refLatencyUs, 'f', 2), r.primaryCase);
      // What was timed where it was not problem_shape, or that nothing was (the harness's timed_at / untimed; trial
      // 31's p02 / p05, whose Model raises on its own fp16 inputs, read PASS with nothing timed)
      const nlohmann::json timedAt = r.raw.is_object() ? r.raw.value("timed_at", nlohmann::json()) : nlohmann::json();
      const bool gpuRun = r.mode != QLatin1String("cpu-dry-run");  // a dry run times no kernel: said above
      if (gpuRun && timedAt.is_object() && timedAt.value("why", nlohmann::json()).is_string())
        lines
            << tr("timed case: %1 (%2)").arg(r.primaryCase, QString::fromStdString(timedAt["why"].get<std::string>()));
      else if (gpuRun && r.raw.is_object() && r.raw.contains("untimed") && r.raw["untimed"].is_string())
        lines << tr("untimed: nothing was timed (%1), so this PASS has no latency")
                     .arg(QString::fromStdString(r.raw["untimed"].get<std::string>()));
      // The note also comes with the harness's test-only CPU mode (cpu-test), which is no dry run.
      if (!r.dryRunNote.isEmpty())
        lines << (r.mode == QLatin1String("cpu-dry-run") ? tr("CPU dry run: %1") : tr("Note: %1"))
                     .arg(displayHarnessNote(r.dryRunNote));
    }
    if (!outcome->error.isEmpty()) lines << outcome->error;
    if (!outcome->logPath.isEmpty()) lines << tr("Log: %1").arg(outcome->logPath);
    lines << (verdict == Verdict::Stopped ? stoppedSummaryLine()
              : allowsCommit(verdict)
                  ? tr("Next: Report, Memory, Commit.")
                  : tr("Next: Report and Memory record this failing run; Commit needs a passing gate."));
  } else {
    lines << m_job->lastError();
  }
  setMeasureSummary(lines.join(u'\n'));
}

}  // namespace kwb
