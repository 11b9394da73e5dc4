#include "core/run/harnessrun.h"

#include "core/run/processgroup.h"
#include "core/workspace/workspace.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace kwb {

namespace {

constexpr int kReapPollMs = 50;
constexpr int kReapExtraMs = 3000;  // after SIGKILL: how long to wait for the group to vanish
constexpr int kStderrTailLines = 20;
constexpr int kDeadlineSettleMs = 100;  // the case deadline's verdict waits this long for lines already written
constexpr qsizetype kErrorRawCap = 4096;

QString stopName(int stop) {
  switch (stop) {
    case 1:
      return QStringLiteral("watchdog");
    case 2:
      return QStringLiteral("overall-timeout");
    case 3:
      return QStringLiteral("user");
    default:
      return QString();
  }
}

}  // namespace

// A case result the workbench records itself (watchdog, crash): shape and dtype come from the
// case's CASE_START line when the harness gave them there.
static CaseResult madeCase(const QString& name, const nlohmann::json& start, const QString& status,
                           const QString& reason) {
  nlohmann::json o = {{"name", name.toStdString()}, {"status", status.toStdString()}, {"reason", reason.toStdString()}};
  if (start.is_object()) {
    for (const char* key : {"shape", "dtype"})
      if (start.contains(key)) o[key] = start[key];
  }
  QString ignored;
  CaseResult r = caseResultFromJson(o, &ignored).value_or(CaseResult{});
  r.name = name;
  r.status = status;
  r.reason = reason;
  r.raw = o;
  r.raw["source"] = "kwb";  // made by the workbench, not printed by the harness
  return r;
}

// Defined in harnessrun_result.cpp: the merged outcome.
std::optional<RunResult> mergeRunResult(const std::optional<RunResult>& last, const QList<CaseResult>& cases,
                                        const QStringList& timedOut);

HarnessRun::HarnessRun(HarnessRunConfig config, QObject* parent)
    : QObject(parent),
      m_cfg(std::move(config)),
      m_budget(m_cfg.outputHeadBytes, m_cfg.outputTailBytes, m_cfg.outputLineChars) {
  qRegisterMetaType<kwb::CaseResult>();
  qRegisterMetaType<kwb::RunOutcome>();
  if (!m_cfg.target) m_cfg.target = std::make_shared<LocalTarget>();
  m_tagEntry = uniqueEnvEntry(QByteArrayLiteral("KWB_RUN_TAG"));  // unique per run on this host
  m_caseTimer.setSingleShot(true);
  m_overallTimer.setSingleShot(true);
  // Deadlines are promises to the user: never fire early (CoarseTimer may, by up to 5 %).
  m_caseTimer.setTimerType(Qt::PreciseTimer);
  m_overallTimer.setTimerType(Qt::PreciseTimer);
  m_killTimer.setSingleShot(true);
  m_reapTimer.setInterval(kReapPollMs);
  connect(&m_caseTimer, &QTimer::timeout, this, &HarnessRun::onCaseDeadline);
  connect(&m_overallTimer, &QTimer::timeout, this, [this] { stopGroup(Stop::Overall); });
  connect(&m_killTimer, &QTimer::timeout, this, [this] {
    m_cfg.target->signalFarSide(SIGKILL);
    if (treeAlive()) {
      logLine(QLatin1String("kwb"),
              QStringLiteral("process group %1 (or a process that left it) still alive after SIGTERM: SIGKILL")
                  .arg(m_pgid));
      signalTree(SIGKILL);
    }
    if (m_proc && m_proc->state() != QProcess::NotRunning) m_proc->kill();
  });
  connect(&m_reapTimer, &QTimer::timeout, this, &HarnessRun::waitForGroupThenContinue);
}

bool HarnessRun::treeAlive() {
  m_tagged = processesWithEnvEntry(m_tagEntry);
  for (const qint64 pid : std::as_const(m_tagged))
    if (!m_seenTagged.contains(pid)) m_seenTagged << pid;
  // kwb is their subreaper: ended descendants are its zombies until reaped. The harness processes themselves
  // (the group leaders) are QProcess's to reap.
  QList<qint64> pgids;
  for (const RunSegment& s : std::as_const(m_segments))
    if (s.pgid > 1) pgids << s.pgid;
  if (m_pgid > 1 && !pgids.contains(m_pgid)) pgids << m_pgid;
  reapEndedChildren(pgids, m_seenTagged, pgids);
  // A tagged process that is exiting has no environment left to match, and is no zombie yet: it counts
  // until it is gone (reaped), so the run never ends with one left behind.
  m_seenTagged.removeIf([](qint64 pid) { return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH; });
  return processGroupAlive(m_pgid) || !m_tagged.isEmpty() || !m_seenTagged.isEmpty();
}

void HarnessRun::signalTree(int signal) {
  signalProcessGroup(m_pgid, signal);
  m_tagged = processesWithEnvEntry(m_tagEntry);
  signalProcesses(m_tagged, signal);
  for (const qint64 pid : std::as_const(m_tagged))
    if (!m_seenTagged.contains(pid)) m_seenTagged << pid;
}

HarnessRun::~HarnessRun() {
  if (m_log.isOpen() && !m_done) {  // the tail window still held: a destroyed run keeps its log too
    const QList<BudgetLine> tail = m_budget.finish();
    for (const BudgetLine& l : tail)
      writeLog('[' +
               QByteArray(l.channel < 0    ? "kwb"
                          : l.channel == 0 ? "out"
                                           : "err") +
               "] " + l.text.toUtf8() + '\n');
  }
  if (m_running) {
    if (m_prepared) {
      m_cfg.target->signalFarSide(SIGKILL);
      m_cfg.target->collect(m_cfg.workdir);  // closes its connection
    }
    signalTree(SIGKILL);
    if (m_proc) {
      m_proc->disconnect(this);
      m_proc->kill();
      m_proc->waitForFinished(1000);
    }
  }
}

void HarnessRun::start() {
  if (m_running || m_done) return;
  m_wall.start();
  m_running = true;

  QString why;
  if (m_cfg.program.isEmpty())
    why = QStringLiteral("no program to run (expected e.g. /usr/bin/python3)");
  else if (m_cfg.workdir.isEmpty() || !QFileInfo(m_cfg.workdir).isDir())
    why = QStringLiteral("working directory \"%1\" does not exist").arg(m_cfg.workdir);
  if (why.isEmpty() && !m_cfg.runDir.isEmpty()) {
    if (!QDir().mkpath(m_cfg.runDir)) {
      why = QStringLiteral("cannot create the run folder \"%1\"").arg(m_cfg.runDir);
    } else {
      m_log.setFileName(QDir(m_cfg.runDir).filePath(QStringLiteral("output.log")));
      if (!m_log.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
        why = QStringLiteral("cannot write \"%1\": %2")
                  .arg(m_log.fileName(), writeFailureReason(m_log, m_log.fileName(), 0));
    }
  }
  if (!why.isEmpty()) {
    // Delivered from the event loop so a caller that connects after start() still hears it.
    QMetaObject::invokeMethod(
        this, [this, why] { finish(why); }, Qt::QueuedConnection);
    return;
  }
  why = m_cfg.target->startProblem();
  if (why.isEmpty()) {
    if (!dynamic_cast<const LocalTarget*>(m_cfg.target.get()))
      logLine(QLatin1String("kwb"), QStringLiteral("preparing target %1").arg(m_cfg.target->name()));
    why = m_cfg.target->prepare(m_cfg.workdir);
    m_prepared = why.isEmpty();
  }
  if (!why.isEmpty()) {
    m_targetFailed = true;
    logLine(QLatin1String("kwb"), why);
    QMetaObject::invokeMethod(
        this, [this, why] { finish(why); }, Qt::QueuedConnection);
    return;
  }
  // Descendants that leave the process group are re-parented to kwb, not to init: they stay in its tree
  // and are reaped here (found by the run's tag, see treeAlive()).
  becomeChildSubreaper();
  if (m_cfg.overallTimeoutSec > 0) m_overallTimer.start(std::chrono::seconds(m_cfg.overallTimeoutSec));
  startSegment({});
}

void HarnessRun::startSegment(const QStringList& skip) {
  m_skip = skip;
  m_stop = Stop::None;
  m_pgid = 0;
  m_currentCase.clear();
  m_casePaused = false;
  m_inCompile = m_compileUsed = false;
  for (auto& s : m_split) s = LineSplitter();

  ProcessSpec cmd;
  cmd.program = m_cfg.program;
  cmd.args = skip.isEmpty() ? m_cfg.args : argsWithSkip(m_cfg.args, skip);
  cmd.workdir = m_cfg.workdir;
  cmd.env = m_cfg.env;
  cmd.env.insert(QStringLiteral("PYTHONUNBUFFERED"), QStringLiteral("1"));
  cmd.env.insert(QString::fromLatin1(m_tagEntry.left(m_tagEntry.indexOf('='))),
                 QString::fromLatin1(m_tagEntry.mid(m_tagEntry.indexOf('=') + 1)));
  cmd.env.insert(QStringLiteral("TEST_TIMEOUT_SEC"),
                 QString::number(m_cfg.caseTimeoutSec > 0 ? m_cfg.caseTimeoutSec : 30));
  cmd.exportNames = harnessExportNames(cmd.env);
  const ProcessSpec spec = m_cfg.target->wrap(cmd);

  RunSegment seg;
  seg.command = QStringList{spec.program} + spec.args;
  m_segments << seg;
  // "harness process N": the Nth test_kernel.py process of this run (a resume after exit 3 starts the next); "process
  // 1 exited with code 0" said nothing to a reader (new-user trial 18, #8)
  logLine(QLatin1String("kwb"), QStringLiteral("harness process %1 on %2 in %3: %4")
                                    .arg(m_segments.size())
                                    .arg(m_cfg.target->name(), spec.workdir, seg.command.join(QLatin1Char(' '))));

  auto* proc = new QProcess(this);
  m_proc = proc;
  proc->setProgram(spec.program);
  proc->setArguments(spec.args);
  proc->setWorkingDirectory(spec.workdir);
  proc->setProcessEnvironment(spec.env);
  proc->setProcessChannelMode(QProcess::SeparateChannels);
  // Own session and process group, so the watchdog can kill the whole tree (a `bash -c` in
  // between included) with one ::kill(-pgid, ...). setsid() is async-signal-safe.
  // PR_SET_PDEATHSIG: when kwb dies without a chance to stop it (kill -9, a crash), the kernel kills the harness
  // too; it ran on as an orphan beside a --force rerun (new-user trial 10, #12). The signal follows the thread that
  // started the process: HarnessRun runs on the main thread in kwb and the GUI (phase 4, session.h), so no ending
  // worker thread kills a running harness. A kwb that died between the fork and prctl() is caught by the parent
  // check. Both calls are async-signal-safe.
  const pid_t parent = ::getpid();
  proc->setChildProcessModifier([parent] {
    if (::setsid() < 0) ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
  });
  connect(proc, &QProcess::readyReadStandardOutput, this, [this] { onReadyRead(StdoutChannel); });
  connect(proc, &QProcess::readyReadStandardError, this, [this] { onReadyRead(StderrChannel); });
  connect(proc, &QProcess::finished, this, &HarnessRun::onProcessFinished);
  connect(proc, &QProcess::errorOccurred, this, &HarnessRun::onProcessError);
  connect(proc, &QProcess::started, this, [this, proc] {
    // Only ever signal a group that is the child's own: if setsid()/setpgid() had failed, the
    // child would share our group and ::kill(-pgid) would hit the workbench itself.
    const qint64 pid = proc->processId();
    const pid_t pg = ::getpgid(static_cast<pid_t>(pid));
    m_pgid = (pg == static_cast<pid_t>(pid) && pg != ::getpgrp()) ? pid : 0;
    if (m_pgid == 0)
      logLine(QLatin1String("kwb"), QStringLiteral("process %1 has no process group of its own; "
                                                   "only it, not its children, can be stopped")
                                        .arg(pid));
    m_segments.last().pgid = m_pgid;
    proc->closeWriteChannel();   // a harness that reads stdin gets EOF instead of hanging
    if (m_stop != Stop::None) {  // cancelled while starting
      signalTree(SIGTERM);
      m_killTimer.start(m_cfg.killGraceMs);
    }
    if (!m_startedEmitted) {
      m_startedEmitted = true;
      Q_EMIT started();
    }
  });
  proc->start();
}

void HarnessRun::onReadyRead(int channel) {
  if (!m_proc) return;
  const QByteArray bytes = channel == StdoutChannel ? m_proc->readAllStandardOutput() : m_proc->readAllStandardError();
  const QStringList lines = m_split[static_cast<size_t>(channel)].feed(bytes);
  for (const QString& line : lines) handleLine(line, channel);
  if (m_log.isOpen()) m_log.flush();  // written as it arrives: a killed run keeps its log
}

void HarnessRun::logLine(QLatin1String tag, const QString& line) {
  const int channel = tag == QLatin1String("out") ? StdoutChannel : tag == QLatin1String("err") ? StderrChannel : -1;
  release(m_budget.push({line, channel, true}));
}

void HarnessRun::release(const QList<BudgetLine>& lines) {
  for (const BudgetLine& l : lines) {
    writeLog('[' + QByteArray(l.channel < 0 ? "kwb" : l.channel == 0 ? "out" : "err") + "] " + l.text.toUtf8() + '\n');
    if (l.channel >= 0)
      Q_EMIT outputLine(l.text, l.channel);
    else if (l.marker)
      Q_EMIT outputLine(QStringLiteral("[kwb] ") + l.text, StdoutChannel);
  }
}

void HarnessRun::writeLog(const QByteArray& bytes) {
  if (!m_log.isOpen() || m_logTruncated) return;
  if (m_logBytes + bytes.size() > m_cfg.maxLogBytes) {
    m_log.write("[kwb] output.log reached its size cap; later lines are not written\n");
    m_logTruncated = true;
    return;
  }
  m_logBytes += m_log.write(bytes);
}

void HarnessRun::handleLine(const QString& line, int channel) {
  // Markers are recognised on both channels: a prefix tool may relay the harness's stdout on stderr.
  const HarnessEvent ev = parseHarnessLine(line);
  if (channel == StderrChannel) {
    m_stderrTail << line.left(kErrorRawCap);
    if (m_stderrTail.size() > kStderrTailLines) m_stderrTail.removeFirst();
  }
  // Protocol lines are the record: never dropped from the log or the echo; the rest within the output budget.
  release(m_budget.push({line, channel, ev.kind != HarnessEvent::Kind::Other}));
  switch (ev.kind) {
    case HarnessEvent::Kind::Other:
      return;
    case HarnessEvent::Kind::CasePlan:
      // The first process's plan is the run's: a resumed one prints the same list.
      if (m_plan.isEmpty()) {
        m_plan = ev.plannedCases;
        m_planPayload = ev.payload;
      }
      return;
    case HarnessEvent::Kind::CaseStart:
      if (m_skip.contains(ev.caseName) && !m_harnessIgnoresSkip) {
        m_harnessIgnoresSkip = true;
        const QString why = QStringLiteral(
                                "the harness started case \"%1\" although it was given --skip; "
                                "no further resumes")
                                .arg(ev.caseName);
        m_harnessErrors << why;
        Q_EMIT harnessError(line, why);
      }
      if (!m_currentCase.isEmpty()) {
        const QString why = QStringLiteral("case \"%1\" started before case \"%2\" reported a CASE_RESULT")
                                .arg(ev.caseName, m_currentCase);
        m_harnessErrors << why;
        Q_EMIT harnessError(line, why);
      }
      m_currentCase = ev.caseName;
      m_casePaused = false;
      m_inCompile = m_compileUsed = false;
      m_currentStart = ev.payload;
      ++m_segments.last().casesStarted;
      if (m_cfg.caseTimeoutSec > 0 && m_stop == Stop::None)
        m_caseTimer.start(std::chrono::milliseconds(caseDeadlineMs()));
      Q_EMIT caseStarted(ev.caseName);
      return;
    case HarnessEvent::Kind::CaseResult:
      if (ev.caseName == m_currentCase) {
        m_caseTimer.stop();
        m_currentCase.clear();
        m_casePaused = false;
        m_inCompile = false;
      }
      recordCase(*ev.caseResult);
      return;
    case HarnessEvent::Kind::ResultJson:
      m_caseTimer.stop();
      m_currentCase.clear();
      m_casePaused = false;
      m_inCompile = false;
      m_lastResult = ev.runResult;
      m_segments.last().printedResult = true;
      return;
    case HarnessEvent::Kind::GpuLock:
      // Waiting for another problem's timed region is not this case's time (CONTRACTS.md §2).
      if (ev.lockState == QLatin1String("wait")) {
        if (m_caseTimer.isActive()) {
          m_pausedCaseMs = qMax(0, m_caseTimer.remainingTime());
          m_caseTimer.stop();
          m_casePaused = true;
          logLine(QLatin1String("kwb"), QStringLiteral("case \"%1\" waits for the GPU timing lock; its watchdog is "
                                                       "paused with %2 ms left")
                                            .arg(m_currentCase)
                                            .arg(m_pausedCaseMs));
        }
      } else if (m_casePaused) {
        m_casePaused = false;
        if (!m_currentCase.isEmpty() && m_stop == Stop::None && m_cfg.caseTimeoutSec > 0)
          m_caseTimer.start(std::chrono::milliseconds(m_pausedCaseMs));
      }
      return;
    case HarnessEvent::Kind::Compile:
      onCompileLine(ev);
      return;
    case HarnessEvent::Kind::ParseError: {
      m_harnessErrors << ev.error + QStringLiteral(": ") + line.left(kErrorRawCap);
      Q_EMIT harnessError(line, ev.error);
      // The case did end, but its result is unreadable: record it as ERROR, not as a hang.
      if (ev.marker == QLatin1String("CASE_RESULT") && !m_currentCase.isEmpty() && m_stop == Stop::None) {
        m_caseTimer.stop();
        const CaseResult r = madeCase(m_currentCase, m_currentStart, QStringLiteral("ERROR"),
                                      QStringLiteral("unreadable CASE_RESULT line: ") + ev.error);
        m_currentCase.clear();
        recordCase(r);
      }
      return;
    }
  }
}

void HarnessRun::recordCase(const CaseResult& result) {
  if (m_doneNames.contains(result.name)) {
    // Keep the first record (e.g. the watchdog's TIMEOUT_FAIL); a repeat breaks --skip.
    const QString why = QStringLiteral("case \"%1\" reported again; the first result is kept").arg(result.name);
    m_harnessErrors << why;
    Q_EMIT harnessError(QString::fromStdString(result.raw.dump()), why);
    return;
  }
  m_doneNames << result.name;
  m_cases << result;
  Q_EMIT caseFinished(result);
}

qint64 HarnessRun::caseDeadlineMs() const { return (qint64(m_cfg.caseTimeoutSec) + qMax(0, m_cfg.graceSec)) * 1000; }

int HarnessRun::compileCapSec() const {
  if (m_cfg.compileTimeoutSec > 0) return m_cfg.compileTimeoutSec;
  bool ok = false;
  const int fromEnv = m_cfg.env.value(QStringLiteral("KWB_COMPILE_TIMEOUT_SEC")).trimmed().toInt(&ok);
  return ok && fromEnv > 0 ? fromEnv : 300;  // the harness's default (test_kernel.py.in, COMPILE_TIMEOUT_SEC)
}

void HarnessRun::onCompileLine(const HarnessEvent& ev) {
  // The framework's JIT compile in a case's first call is not the case's time (CONTRACTS.md §2), but it is bounded:
  // the window's deadline replaces the case's, and after "end" the case's deadline starts again in full. Like the
  // GPU-lock pause, a paused watchdog (a lock wait) is not started here: the deadline it resumes with is set instead.
  if (m_currentCase.isEmpty() || m_stop != Stop::None || m_cfg.caseTimeoutSec <= 0) return;
  if (!ev.caseName.isEmpty() && ev.caseName != m_currentCase) return;  // another case's line: not this window
  const qint64 graceMs = qint64(qMax(0, m_cfg.graceSec)) * 1000;
  if (ev.compileState == QLatin1String("start")) {
    if (m_compileUsed) {  // one window per case: repeated starts (a kernel printing them) cannot stretch it
      logLine(QLatin1String("kwb"),
              QStringLiteral("case \"%1\": a second COMPILE start is ignored (one compile window per case)")
                  .arg(m_currentCase));
      return;
    }
    m_compileUsed = m_inCompile = true;
    m_compileLimitSec = qMin(ev.compileLimitSec, double(compileCapSec()));
    const qint64 windowMs = qint64(std::ceil(m_compileLimitSec * 1000.0)) + graceMs;
    if (m_casePaused) {
      m_pausedCaseMs = windowMs;
    } else {
      m_caseTimer.stop();
      m_caseTimer.start(std::chrono::milliseconds(windowMs));
    }
    logLine(QLatin1String("kwb"), QStringLiteral("case \"%1\" compiles (its first kernel call): its watchdog allows "
                                                 "%2 ms (limit %3 s + %4 s grace) until COMPILE end")
                                      .arg(m_currentCase)
                                      .arg(windowMs)
                                      .arg(m_compileLimitSec)
                                      .arg(qMax(0, m_cfg.graceSec)));
    return;
  }
  if (!m_inCompile) return;  // an end without a start: nothing to restore
  m_inCompile = false;
  if (m_casePaused) {
    m_pausedCaseMs = caseDeadlineMs();
  } else {
    m_caseTimer.stop();
    m_caseTimer.start(std::chrono::milliseconds(caseDeadlineMs()));
  }
  logLine(QLatin1String("kwb"),
          QStringLiteral("case \"%1\" compiled in %2 s; its watchdog restarts with %3 ms")
              .arg(m_currentCase, ev.compileSeconds ? QString::number(*ev.compileSeconds, 'f', 1) : QStringLiteral("?"))
              .arg(caseDeadlineMs()));
}

void HarnessRun::onCaseDeadline() {
  // The timer may fire late, after a busy event loop (a suite runs other problems' phases 1-3 on it), in the
  // same pass as the output that arrived meanwhile: the verdict waits one short beat, so lines already written
  // (a CASE_RESULT, a GPU_LOCK wait) are read first and are not overtaken by the deadline.
  if (m_currentCase.isEmpty() || m_casePaused || m_stop != Stop::None) return;
  const QString pending = m_currentCase;
  QTimer::singleShot(kDeadlineSettleMs, this, [this, pending] {
    if (m_currentCase == pending && !m_casePaused && !m_caseTimer.isActive()) onCaseDeadlineSettled();
  });
}

void HarnessRun::onCaseDeadlineSettled() {
  if (m_currentCase.isEmpty() || m_stop != Stop::None) return;
  const int deadline = m_cfg.caseTimeoutSec + qMax(0, m_cfg.graceSec);
  const QString reason = m_inCompile
                             ? QStringLiteral(
                                   "watchdog: the first call (JIT compile) did not end within its compile window "
                                   "(KWB_COMPILE_TIMEOUT_SEC limit %1 s + %2 s grace); process group %3 killed")
                                   .arg(m_compileLimitSec)
                                   .arg(qMax(0, m_cfg.graceSec))
                                   .arg(m_pgid)
                             : QStringLiteral(
                                   "watchdog: no CASE_RESULT within %1 s (TEST_TIMEOUT_SEC=%2 + %3 s "
                                   "grace); process group %4 killed")
                                   .arg(deadline)
                                   .arg(m_cfg.caseTimeoutSec)
                                   .arg(qMax(0, m_cfg.graceSec))
                                   .arg(m_pgid);
  m_inCompile = false;
  const CaseResult r = madeCase(m_currentCase, m_currentStart, QStringLiteral("TIMEOUT_FAIL"), reason);
  logLine(QLatin1String("kwb"), QStringLiteral("TIMEOUT_FAIL %1: %2").arg(r.name, r.reason));
  if (!m_timedOut.contains(r.name)) m_timedOut << r.name;
  m_currentCase.clear();
  recordCase(r);
  stopGroup(Stop::Watchdog);
}

void HarnessRun::stopGroup(Stop why) {
  if (!m_running) return;
  // A user stop outranks a watchdog kill already under way (no resume afterwards).
  if (m_stop == Stop::None || why == Stop::User) m_stop = why;
  m_caseTimer.stop();
  if (why == Stop::Overall && !m_currentCase.isEmpty()) {
    const CaseResult r = madeCase(
        m_currentCase, m_currentStart, QStringLiteral("TIMEOUT_FAIL"),
        QStringLiteral("the run exceeded its overall timeout of %1 s during this case").arg(m_cfg.overallTimeoutSec));
    if (!m_timedOut.contains(r.name)) m_timedOut << r.name;
    m_currentCase.clear();
    recordCase(r);
  }
  if (!m_proc)  // between processes (waiting for the group to vanish): nothing more to signal
    return;
  logLine(
      QLatin1String("kwb"),
      QStringLiteral("stopping (%1): SIGTERM to process group %2").arg(stopName(static_cast<int>(m_stop))).arg(m_pgid));
  // The far side first: once the local ssh (or job monitor) is gone, nothing would reach it.
  m_cfg.target->signalFarSide(SIGTERM);
  if (m_pgid > 1)
    signalTree(SIGTERM);
  else if (m_proc->state() != QProcess::NotRunning)
    m_proc->terminate();
  if (!m_killTimer.isActive()) m_killTimer.start(m_cfg.killGraceMs);
}

void HarnessRun::cancel() { stopGroup(Stop::User); }

void HarnessRun::onProcessError(QProcess::ProcessError error) {
  if (error != QProcess::FailedToStart || !m_proc) return;  // crashes and kills arrive through finished()
  m_startError = QStringLiteral("could not start \"%1\": %2").arg(m_proc->program(), m_proc->errorString());
  logLine(QLatin1String("kwb"), m_startError);
  m_proc->deleteLater();
  m_proc = nullptr;
  segmentDone();
}

void HarnessRun::onProcessFinished(int exitCode, QProcess::ExitStatus status) {
  if (!m_proc) return;
  // What the pipes still hold, then the unterminated last lines.
  onReadyRead(StdoutChannel);
  onReadyRead(StderrChannel);
  for (int ch : {int(StdoutChannel), int(StderrChannel)})
    for (const QString& line : m_split[static_cast<size_t>(ch)].finish()) handleLine(line, ch);

  RunSegment& seg = m_segments.last();
  seg.crashed = status == QProcess::CrashExit;
  seg.exitCode = seg.crashed ? -1 : exitCode;
  seg.stoppedBy = stopName(static_cast<int>(m_stop));
  logLine(QLatin1String("kwb"),
          seg.crashed ? QStringLiteral("harness process %1 (test_kernel.py) ended by a signal").arg(m_segments.size())
                      : QStringLiteral("harness process %1 (test_kernel.py) exited with code %2")
                            .arg(m_segments.size())
                            .arg(exitCode));
  m_proc->deleteLater();
  m_proc = nullptr;
  m_caseTimer.stop();

  // Leftovers (a grandchild that outlived the harness, in the group or escaped from it) die with the run. Even
  // when none is found, the tree is looked at once more a poll later: a process caught between fork and exec
  // has no environment to match yet (an escaped setsid child was missed that way, now and then, under load).
  m_quietPolls = 0;
  if (treeAlive())
    terminateLeftovers();
  else
    m_quietPolls = 1;
  m_reapWait.start();
  m_reapTimer.start();
}

void HarnessRun::terminateLeftovers() {
  if (m_killTimer.isActive()) return;
  logLine(QLatin1String("kwb"),
          QStringLiteral("process group %1 or processes that left it (%2) outlived the harness: SIGTERM")
              .arg(m_pgid)
              .arg(m_tagged.size()));
  signalTree(SIGTERM);
  m_killTimer.start(m_cfg.killGraceMs);
}

void HarnessRun::waitForGroupThenContinue() {
  if (!treeAlive() && ++m_quietPolls < 2) return;  // gone on two polls in a row: done
  if (m_quietPolls < 2) {
    m_quietPolls = 0;
    terminateLeftovers();
    if (m_reapWait.elapsed() < m_cfg.killGraceMs + kReapExtraMs) return;
    const QString why =
        QStringLiteral("process group %1 survived SIGKILL (a process in uninterruptible sleep?)").arg(m_pgid);
    m_harnessErrors << why;
    logLine(QLatin1String("kwb"), why);
  }
  m_reapTimer.stop();
  segmentDone();
}

bool HarnessRun::mayResume(QString* why) const {
  if (m_harnessIgnoresSkip)
    *why = QStringLiteral("the harness does not honour --skip");
  else if (m_segments.size() > m_cfg.maxResumes)
    *why = QStringLiteral("%1 resumes already (maxResumes)").arg(m_cfg.maxResumes);
  else
    return true;
  return false;
}

void HarnessRun::segmentDone() {
  m_killTimer.stop();
  m_reapTimer.stop();
  if (!m_running) return;
  if (!m_startError.isEmpty()) {
    finish(m_startError);
    return;
  }
  const RunSegment& seg = m_segments.last();
  bool resume = false;
  if (m_stop == Stop::Watchdog) {
    resume = true;
  } else if (m_stop == Stop::None && seg.crashed && !m_currentCase.isEmpty()) {
    // A crash inside a case (e.g. a segfault in a kernel launch) fails that case only.
    const CaseResult r = madeCase(m_currentCase, m_currentStart, QStringLiteral("ERROR"),
                                  QStringLiteral("the harness process was killed by a signal during this case"));
    m_currentCase.clear();
    recordCase(r);
    resume = true;
  } else if (m_stop == Stop::None && !seg.crashed && seg.exitCode == kHarnessExitContextLost) {
    // The harness reported a case whose error left the device context unusable (or died in
    // one with exit 3): the remaining cases need a fresh process, and a fresh CUDA context.
    if (!m_currentCase.isEmpty()) {
      const CaseResult r =
          madeCase(m_currentCase, m_currentStart, QStringLiteral("ERROR"),
                   QStringLiteral("the harness exited with code 3 (device context lost) during this case"));
      m_currentCase.clear();
      recordCase(r);
    }
    logLine(QLatin1String("kwb"), QStringLiteral("the harness lost its device context (exit code 3): "
                                                 "the remaining cases run in a fresh process"));
    resume = true;
  } else if (m_stop == Stop::None && !seg.printedResult && !m_currentCase.isEmpty()) {
    const CaseResult r = madeCase(m_currentCase, m_currentStart, QStringLiteral("ERROR"),
                                  QStringLiteral("the harness exited with code %1 during this case").arg(seg.exitCode));
    m_currentCase.clear();
    recordCase(r);
  }
  // After the plan's last case there is nothing to resume: a fresh process would only start, skip every case
  // and fail ("no case selected", exit 2).
  if (resume && !m_plan.isEmpty() &&
      std::all_of(m_plan.cbegin(), m_plan.cend(), [this](const QString& n) { return m_doneNames.contains(n); })) {
    logLine(QLatin1String("kwb"), QStringLiteral("every case of the plan has a result: not resumed"));
    m_planComplete = true;
    resume = false;
  }
  QString whyNot;
  if (resume && mayResume(&whyNot)) {
    logLine(QLatin1String("kwb"), QStringLiteral("resuming with --skip %1").arg(m_doneNames.join(QLatin1Char(','))));
    const QStringList skip = m_doneNames;
    startSegment(skip);
    Q_EMIT resumed(skip);
    return;
  }
  if (resume) {
    m_harnessErrors << QStringLiteral("not resumed: ") + whyNot;
    logLine(QLatin1String("kwb"), QStringLiteral("not resumed: ") + whyNot);
  }
  finish();
}

void HarnessRun::finish(const QString& startError) {
  if (m_done) return;
  m_done = true;
  m_running = false;
  m_caseTimer.stop();
  m_overallTimer.stop();
  m_killTimer.stop();
  m_reapTimer.stop();
  if (m_prepared) {
    m_prepared = false;
    const QString why = m_cfg.target->collect(m_cfg.workdir);
    if (!why.isEmpty()) {
      m_harnessErrors << QStringLiteral("the run's files were not copied back: ") + why;
      logLine(QLatin1String("kwb"), QStringLiteral("the run's files were not copied back: ") + why);
    }
  }

  RunOutcome out;
  out.cancelled = m_stop == Stop::User;
  out.timedOut = m_stop == Stop::Overall;
  out.cases = m_cases;
  out.timedOutCases = m_timedOut;
  out.harnessErrors = m_harnessErrors;
  out.segments = m_segments;
  out.runDir = m_cfg.runDir;
  out.logPath = m_log.isOpen() ? m_log.fileName() : QString();
  const RunSegment* last = m_segments.isEmpty() ? nullptr : &m_segments.last();
  std::optional<RunResult> lastResult = m_lastResult;
  out.exitCode = last ? last->exitCode : -1;
  if (last && m_segments.size() > 1 && last->casesStarted == 0 && last->exitCode == 2 && last->printedResult &&
      m_stop == Stop::None) {
    // A resume found nothing to run (e.g. the hung case was the last one and the harness
    // rejects an empty selection), or failed before its first case: the cases already
    // recorded stand, and a TIMEOUT_FAIL/ERROR among them already makes the run FAIL.
    QString said;
    if (lastResult && lastResult->raw.contains("error") && lastResult->raw["error"].is_string())
      said = QStringLiteral(" (\"%1\")").arg(QString::fromStdString(lastResult->raw["error"].get<std::string>()));
    out.harnessErrors << QStringLiteral(
                             "the resumed process ran no case and exited with code 2%1; "
                             "cases after \"%2\", if any, were not run")
                             .arg(said, m_doneNames.isEmpty() ? QString() : m_doneNames.last());
    if (lastResult) lastResult->status = QStringLiteral("FAIL");
    out.exitCode = 1;
  }
  if (m_planComplete && last && !last->printedResult) {
    // The last process was stopped in the plan's last case, before its RESULT_JSON: the run's document is
    // made from the plan (mode, framework, versions) and the recorded cases, and says so.
    if (!lastResult) {
      nlohmann::json doc = {
          {"status", "FAIL"},
          {"cases", nlohmann::json::array()},
          {"note", "made by kwb: the harness was stopped in its last case, before printing RESULT_JSON"}};
      for (const char* key : {"version", "mode", "framework", "gpu", "torch", "triton", "skipped_cases"})
        if (m_planPayload.is_object() && m_planPayload.contains(key)) doc[key] = m_planPayload[key];
      QString ignored;
      lastResult = runResultFromJson(doc, &ignored);
    }
    out.exitCode = 1;
  }
  out.result = mergeRunResult(lastResult, m_cases, m_timedOut);
  const bool dry = out.result && out.result->mode == QLatin1String("cpu-dry-run");
  const bool allPassed = std::all_of(m_cases.cbegin(), m_cases.cend(), [dry](const CaseResult& c) {
    return c.passed() || skippedForThisCpu(c, dry) || skippedAsVacuous(c);
  });
  if ((out.exitCode == 0 && !allPassed) || out.exitCode == kHarnessExitContextLost)
    out.exitCode = 1;  // a case of an earlier process failed, or exit 3 was not followed by a resume

  const QString seeLog = out.logPath.isEmpty() ? QString() : QStringLiteral(" (log: %1)").arg(out.logPath);
  QString lastErr;
  for (auto it = m_stderrTail.crbegin(); it != m_stderrTail.crend() && lastErr.isEmpty(); ++it) lastErr = it->trimmed();
  const QString errHint = lastErr.isEmpty() ? QString() : QStringLiteral("; last stderr line: ") + lastErr.left(500);
  const QString farSide = !startError.isEmpty() || !last || last->printedResult
                              ? QString()
                              : m_cfg.target->explainExit(out.exitCode, lastErr);
  if (!startError.isEmpty())
    out.error = startError;
  else if (m_planComplete && m_stop != Stop::User && m_stop != Stop::Overall && out.result)
    out.error.clear();  // every case has a result (a TIMEOUT_FAIL or ERROR among them): a complete, failed run
  else if (out.cancelled)
    out.error = QStringLiteral("stopped by the user") + seeLog;
  else if (out.timedOut)
    out.error = QStringLiteral("the run exceeded its overall timeout of %1 s; its process group was killed")
                    .arg(m_cfg.overallTimeoutSec) +
                seeLog;
  else if (last && last->crashed && !last->printedResult)
    out.error = QStringLiteral("the harness was killed by a signal before printing [test_kernel] RESULT_JSON=") +
                errHint + seeLog;
  else if (!farSide.isEmpty())
    out.error = farSide + seeLog;
  else if (last && !last->printedResult)
    out.error = QStringLiteral("the harness exited with code %1 without printing [test_kernel] RESULT_JSON=")
                    .arg(out.exitCode) +
                (out.exitCode == 2 ? QStringLiteral(" (exit code 2: the harness itself failed)") : QString()) +
                errHint + seeLog;
  else if (out.exitCode == 2)
    out.error = QStringLiteral("the harness itself failed (exit code 2)") + errHint + seeLog;
  else if (lastResult && lastResult->status == QLatin1String("ERROR"))
    out.error = QStringLiteral("the harness reported status ERROR") + errHint + seeLog;
  out.ok = out.error.isEmpty();
  // Nothing of the harness reached us and the target says why: no case ran, so no verdict either.
  if (m_targetFailed && !startError.isEmpty())
    out.targetError = startError;
  else if (!out.ok && !out.cancelled && !out.timedOut && !farSide.isEmpty() && m_cases.isEmpty() && !lastResult)
    out.targetError = out.error;
  out.wallMs = m_wall.isValid() ? m_wall.elapsed() : 0;

  release(m_budget.finish());  // the tail window, after the marker for what was dropped
  if (!m_cfg.runDir.isEmpty() && QFileInfo(m_cfg.runDir).isDir()) {
    // A finished run whose cases failed (exit 1) is not "ok" to a reader of the console: name its status.
    const QString status = out.result && !out.result->status.isEmpty() ? out.result->status : QStringLiteral("FAIL");
    logLine(QLatin1String("kwb"),
            !out.ok ? QStringLiteral("finished: ") + out.error
            : out.exitCode == 0
                ? QStringLiteral("finished: ok")
                : QStringLiteral("finished: status %1 (exit code %2)").arg(status, QString::number(out.exitCode)));
    QSaveFile f(QDir(m_cfg.runDir).filePath(QStringLiteral("result.json")));
    out.resultPath = f.fileName();
    const std::string text = toJson(out).dump(2) + "\n";
    if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) != qint64(text.size()) ||
        !commitSaveFile(f)) {
      out.harnessErrors << QStringLiteral("cannot write %1: %2")
                               .arg(f.fileName(), writeFailureReason(f, f.fileName(), qint64(text.size())));
      out.resultPath.clear();
    }
  }
  if (m_log.isOpen()) m_log.close();
  Q_EMIT finished(out);
}

}  // namespace kwb
