#include "core/cli/interrupt.h"

#include <QSocketNotifier>

#ifdef Q_OS_UNIX
#include <csignal>
#include <fcntl.h>
#include <unistd.h>
#endif

namespace kwb {

#ifdef Q_OS_UNIX
namespace {

int g_pipe[2] = {-1, -1};
volatile std::sig_atomic_t g_caught = 0;  // the first signal caught, 0 = none (read by caughtSignal())
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void onSignal(int signo) {
  if (g_caught == 0) g_caught = signo;
  const unsigned char b = static_cast<unsigned char>(signo);
  // async-signal-safe: write(2) only; a full pipe just drops the byte (one is enough)
  [[maybe_unused]] const ssize_t n = ::write(g_pipe[1], &b, 1);
}

void setHandler(void (*handler)(int)) {
  struct sigaction sa {};
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  for (int s : kSignals) ::sigaction(s, &sa, nullptr);
}

}  // namespace
#endif

InterruptGuard::InterruptGuard(QObject* parent) : QObject(parent) {
#ifdef Q_OS_UNIX
  if (g_pipe[0] >= 0 || ::pipe(g_pipe) != 0) return;
  g_caught = 0;
  for (int fd : g_pipe) ::fcntl(fd, F_SETFD, FD_CLOEXEC);  // children (the harness) must not inherit it
  ::fcntl(g_pipe[1], F_SETFL, O_NONBLOCK);
  m_notifier = new QSocketNotifier(g_pipe[0], QSocketNotifier::Read, this);
  connect(m_notifier, &QSocketNotifier::activated, this, [this] {
    unsigned char b = 0;
    if (::read(g_pipe[0], &b, 1) != 1) return;
    setHandler(SIG_DFL);  // a second signal ends the process the usual way
    Q_EMIT interrupted(static_cast<int>(b));
  });
  setHandler(&onSignal);
#endif
}

int InterruptGuard::caughtSignal() {
#ifdef Q_OS_UNIX
  return static_cast<int>(g_caught);
#else
  return 0;
#endif
}

int InterruptGuard::exitCodeFor(int signo) { return signo > 0 ? 128 + signo : 0; }

QString InterruptGuard::stopCauseFor(int signo) {
  // A SIGTERM read "stopped by the user" (new-user trial 17, #4): it comes from kill, a scheduler or a shutdown.
  switch (signo) {
    case 2:  // SIGINT
      return {};
    case 15:  // SIGTERM
      return QStringLiteral(
          "the run was stopped by SIGTERM, a signal from outside kwb (kill, a job scheduler, a shutdown), not by "
          "Ctrl-C");
    case 1:  // SIGHUP
      return QStringLiteral("the run was stopped by SIGHUP (its terminal closed)");
    default:
      return QStringLiteral("the run was stopped by signal %1").arg(signo);
  }
}

InterruptGuard::~InterruptGuard() {
#ifdef Q_OS_UNIX
  if (!m_notifier) return;
  setHandler(SIG_DFL);
  delete m_notifier;
  m_notifier = nullptr;
  for (int& fd : g_pipe) {
    ::close(fd);
    fd = -1;
  }
#endif
}

}  // namespace kwb
