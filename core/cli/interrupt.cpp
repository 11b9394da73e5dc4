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
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void onSignal(int signo) {
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
