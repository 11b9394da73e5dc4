// Runs the tests' Python scripts (chain_emulate.py, gqa_check.py) through one long-lived fork server per test binary
// (tests/python/fork_server.py): torch is imported once, and each run is a forked child that runs the script as
// `/usr/bin/python3 SCRIPT ARGS...` would, in isolation (see that file). Where the server cannot start, or with
// KWB_PY_FORK_SERVER=0, each run is a fresh /usr/bin/python3 as before.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <memory>

namespace kwbtest {

/// One run of a Python script.
struct PyRun {
  bool finished = false;  ///< false: it ran past its timeout (killed) or did not start
  int exitCode = -1;      ///< the process's exit status; -N where signal N ended it
  QString out;            ///< its stdout, then its stderr (what it wrote before a timeout, too)
};

/// The fork server of this test process; one request at a time (Qt Test runs rows one after another).
class PyForkServer {
 public:
  static PyForkServer& instance() {
    static PyForkServer s;
    return s;
  }

  /// Runs /usr/bin/python3 @p script @p args with @p env's entries added to (replacing in) this process's
  /// environment, killed after @p timeoutMs milliseconds. Through the server where it runs; otherwise (never
  /// started, KWB_PY_FORK_SERVER=0, an answer it could not give) a fresh process, as the tests ran before.
  PyRun run(const QString& script, const QStringList& args, const QHash<QString, QString>& env, int timeoutMs) {
    if (start()) {
      QJsonObject envObj;
      for (auto it = env.cbegin(); it != env.cend(); ++it) envObj.insert(it.key(), it.value());
      const QJsonObject req{{QStringLiteral("script"), script},
                            {QStringLiteral("args"), QJsonArray::fromStringList(args)},
                            {QStringLiteral("env"), envObj},
                            {QStringLiteral("timeout"), timeoutMs / 1000.0}};
      server_->write(QJsonDocument(req).toJson(QJsonDocument::Compact) + '\n');
      // the server kills the child at timeoutMs; the margin covers its start-up-free bookkeeping on a loaded machine
      const QJsonObject reply = readLine(timeoutMs + 60000);
      if (reply.contains(QLatin1String("rc"))) {
        PyRun r;
        r.finished = !reply.value(QLatin1String("timed_out")).toBool();
        r.exitCode = reply.value(QLatin1String("rc")).toInt(-1);
        r.out = reply.value(QLatin1String("stdout")).toString() + reply.value(QLatin1String("stderr")).toString();
        return r;
      }
      // no answer (the server died, hung, or refused to fork): it is not the script's fault; this run and every
      // later one take a fresh process
      qWarning("python fork server: %s; fresh processes from here on",
               qPrintable(reply.value(QLatin1String("error")).toString(QStringLiteral("no answer"))));
      stop();
      disabled_ = true;
    }
    return runFresh(script, args, env, timeoutMs);
  }

  /// The old path: one fresh /usr/bin/python3 for this run.
  static PyRun runFresh(const QString& script, const QStringList& args, const QHash<QString, QString>& env,
                        int timeoutMs) {
    QProcess py;
    if (!env.isEmpty()) {
      QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
      for (auto it = env.cbegin(); it != env.cend(); ++it) e.insert(it.key(), it.value());
      py.setProcessEnvironment(e);
    }
    py.start(QStringLiteral("/usr/bin/python3"), QStringList{script} + args);
    PyRun r;
    r.finished = py.waitForFinished(timeoutMs);
    r.exitCode = py.exitStatus() == QProcess::NormalExit ? py.exitCode() : -1;
    r.out = QString::fromUtf8(py.readAllStandardOutput() + py.readAllStandardError());
    return r;
  }

 private:
  PyForkServer() = default;

  bool start() {
    if (server_) return true;
    if (disabled_) return false;
    disabled_ = true;  // until it answers "ready"
    if (qEnvironmentVariable("KWB_PY_FORK_SERVER") == QLatin1String("0")) return false;
    server_ = std::make_unique<QProcess>();
    server_->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    server_->start(QStringLiteral("/usr/bin/python3"), {QStringLiteral(KWB_SOURCE_DIR "/tests/python/fork_server.py")});
    if (!server_->waitForStarted(30000)) {
      qWarning("python fork server did not start; fresh processes");
      server_.reset();
      return false;
    }
    // importing torch: seconds on an idle machine, more beside a build
    const QJsonObject ready = readLine(300000);
    if (!ready.value(QLatin1String("ready")).toBool()) {
      qWarning("python fork server not ready; fresh processes");
      stop();
      return false;
    }
    disabled_ = false;
    // ended while the application still exists (a QProcess outliving QCoreApplication cannot wait on its child)
    qAddPostRoutine([] { instance().stop(); });
    return true;
  }

  void stop() {
    if (!server_) return;
    server_->closeWriteChannel();  // EOF: it ends after the current child
    if (!server_->waitForFinished(5000)) {
      server_->kill();
      server_->waitForFinished(5000);
    }
    server_.reset();
  }

  /// The next line from the server as a JSON object (empty where none came within @p timeoutMs or it ended).
  QJsonObject readLine(int timeoutMs) {
    const QDeadlineTimer deadline(timeoutMs);
    while (!server_->canReadLine()) {
      if (server_->state() != QProcess::Running || deadline.hasExpired() ||
          !server_->waitForReadyRead(static_cast<int>(deadline.remainingTime()))) {
        if (server_->canReadLine()) break;
        return {};
      }
    }
    return QJsonDocument::fromJson(server_->readLine()).object();
  }

  std::unique_ptr<QProcess> server_;
  bool disabled_ = false;
};

/// /usr/bin/python3 @p script @p args (env: entries added to the environment), through the fork server where it
/// runs; see PyForkServer::run.
inline PyRun runPython(const QString& script, const QStringList& args, int timeoutMs,
                       const QHash<QString, QString>& env = {}) {
  return PyForkServer::instance().run(script, args, env, timeoutMs);
}

}  // namespace kwbtest
