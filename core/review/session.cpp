#include "core/review/session.h"

namespace kwb {

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

}  // namespace kwb
