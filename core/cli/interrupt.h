// Ctrl-C and SIGTERM for the headless CLI: a POSIX signal handler may only write to a pipe, so the
// signals are turned into a Qt signal on the event loop (the self-pipe pattern, as in Qt's own docs on
// calling Qt functions from Unix signal handlers).
#pragma once

#include <QObject>

class QSocketNotifier;

namespace kwb {

/// Catches SIGINT, SIGTERM and SIGHUP while it exists and emits interrupted() on the event loop. The
/// first signal is delivered as interrupted(); the handlers are then reset to the default, so a second
/// Ctrl-C ends the process at once. One instance at a time (the handlers are process-wide).
class InterruptGuard : public QObject {
  Q_OBJECT
 public:
  /// Installs the handlers. On a platform without POSIX signals, or when the pipe cannot be made, it
  /// installs nothing and interrupted() never fires (installed() is false).
  explicit InterruptGuard(QObject* parent = nullptr);
  /// Restores the default handlers and closes the pipe.
  ~InterruptGuard() override;
  /// Whether the handlers are in place.
  bool installed() const { return m_notifier != nullptr; }
  /// The first signal caught since the guard was made (0 = none). Set by the handler itself, so it is true at once,
  /// also while a blocking phase (phase 1's probe) keeps the event loop from delivering interrupted(): poll it there
  /// (BaselineJob::setStopPoll). Thread-safe (a sig_atomic_t).
  static int caughtSignal();
  /// The shell's exit status for a process ended by @p signo: 128 + signo (130 for SIGINT, 143 for SIGTERM, 129 for
  /// SIGHUP); 0 for 0.
  static int exitCodeFor(int signo);
  /// Why a run ended by @p signo stopped, as its records say it (BaselineJob::setStopCause): "" for SIGINT (Ctrl-C:
  /// "the run was stopped by the user"), "the run was stopped by SIGTERM, a signal from outside kwb (…)" for SIGTERM,
  /// "the run was stopped by SIGHUP (its terminal closed)" for SIGHUP, "the run was stopped by signal N" otherwise.
  static QString stopCauseFor(int signo);

 Q_SIGNALS:
  /// A signal arrived; `signo` is its number (SIGINT = 2, SIGTERM = 15, SIGHUP = 1).
  void interrupted(int signo);

 private:
  QSocketNotifier* m_notifier = nullptr;
};

}  // namespace kwb
