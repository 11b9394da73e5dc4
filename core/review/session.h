#pragma once
// What the workbench window shows right now, as one object panels subscribe to: the workspace
// under review (read back, nothing re-run) and the headline verdict of the current or reviewed run.
// MainWindow feeds it; the wizard, the run console, the roofline and the knowledge panel listen.

#include <QObject>

#include <optional>

#include "core/review/workspacereview.h"

namespace kwb {

class WorkbenchSession : public QObject {
  Q_OBJECT
 public:
  explicit WorkbenchSession(QObject* parent = nullptr) : QObject(parent) {}

  /// Shows a finished workspace: emits reviewChanged() and verdictChanged() with its verdict.
  void setReview(const WorkspaceReview& review);
  /// Leaves review mode (a new logic file, or phase 1 started): emits reviewChanged() and
  /// verdictChanged(NotRun).
  void clear();
  /// The headline of the live run (Running, then the gate); emits verdictChanged() when it differs.
  void setVerdict(Verdict verdict, const QString& reason = {});

  /// The workspace under review, if any.
  const std::optional<WorkspaceReview>& review() const { return m_review; }
  Verdict verdict() const { return m_verdict; }
  QString verdictReason() const { return m_reason; }

 Q_SIGNALS:
  /// review() changed (set or cleared).
  void reviewChanged();
  /// The headline changed.
  void verdictChanged(kwb::Verdict verdict, const QString& reason);

 private:
  std::optional<WorkspaceReview> m_review;
  Verdict m_verdict = Verdict::NotRun;
  QString m_reason;
};

}  // namespace kwb
