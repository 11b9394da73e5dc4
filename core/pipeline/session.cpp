#include "core/pipeline/session.h"

#include "core/records/memoryrecord.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace kwb {

WorkbenchSession::WorkbenchSession(QObject* parent) : QObject(parent) {}

WorkbenchSession::~WorkbenchSession() {
  if (m_watcher) m_watcher->waitForFinished();
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
  m_job = std::make_unique<BaselineJob>(options);
  m_hasRecords = false;
  m_job->setFigureRenderer(std::move(renderer));
  BaselineJob* job = m_job.get();
  // Phases 1-3 emit from the worker thread: these arrive queued, in order.
  connect(job, &BaselineJob::progress, this, &WorkbenchSession::progress);
  connect(job, &BaselineJob::outputLine, this, &WorkbenchSession::outputLine);
  connect(job, &BaselineJob::caseStarted, this, &WorkbenchSession::caseStarted);
  connect(job, &BaselineJob::caseFinished, this, &WorkbenchSession::caseFinished);
  connect(job, &BaselineJob::measured, this, [this](bool ok) { Q_EMIT phaseFinished(4, ok); });
  clear();  // from here the window shows this job, not a reviewed workspace
  Q_EMIT jobChanged();
  return job;
}

bool WorkbenchSession::dropJob() {
  if (m_busyPhase != 0) return false;
  if (!m_job) return true;
  m_job.reset();
  m_hasRecords = false;
  Q_EMIT jobChanged();
  return true;
}

bool WorkbenchSession::recordsWouldReplacePassing() const {
  if (!m_job || isPassing(m_job->verdict())) return false;
  const auto existing = MemoryRecord::load(memoryPath(m_job->workspaceDir(), QStringLiteral("v0")));
  return existing && existing->value(QStringLiteral("quality_gate.result")) == "PASS";
}

bool WorkbenchSession::writeRecords() {
  if (!m_job || !m_job->outcome() || m_busyPhase != 0) return false;
  if (!m_job->writeRecords()) return false;
  m_hasRecords = true;
  Q_EMIT recordsWritten();
  return true;
}

bool WorkbenchSession::runPhase(int phase, bool wait) {
  if (!m_job || m_busyPhase != 0 || phase < 1 || phase > 4) return false;
  if (phase == 4) {
    m_hasRecords = false;
    m_job->startMeasure();  // measured() → phaseFinished(4), also on an immediate failure
    return true;
  }
  m_busyPhase = phase;
  BaselineJob* job = m_job.get();
  m_watcher = new QFutureWatcher<bool>(this);
  connect(m_watcher, &QFutureWatcher<bool>::finished, this, [this, phase] {
    const bool ok = m_watcher->result();
    m_watcher->deleteLater();
    m_watcher = nullptr;
    m_busyPhase = 0;
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

}  // namespace kwb
