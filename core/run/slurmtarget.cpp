#include "core/run/slurmtarget.h"

#include "core/run/targetschemes_p.h"

#include <QFile>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUrlQuery>

#include <csignal>

namespace kwb {

namespace {

constexpr int kCommandMs = 30000;

// Options of ours in the query; every other key is an sbatch option.
const QStringList kOwnKeys{QStringLiteral("python"), QStringLiteral("dir")};

}  // namespace

QString slurmMonitorScript() {
  // Polls scontrol every 0.5 s: no Slurm event API is needed, and a login node allows it.
  return QStringLiteral(R"SH(set -u
jid=$1; cmd=$2; shift 2
d=.kwb/slurm
mkdir -p "$d" || exit 2
if [ -z "$jid" ]; then
  printf '#!/bin/sh\nexec %s\n' "$cmd" > "$d/job.sh"
  rm -f "$d/job.out" "$d/job.err" "$d/jobid" "$d/sbatch.err"
  jid=$(sbatch --parsable --job-name=kwb --chdir="$PWD" --output="$PWD/$d/job.out" --error="$PWD/$d/job.err" "$@" "$d/job.sh" 2>"$d/sbatch.err") || {
    cat "$d/sbatch.err" >&2
    why=$(grep -v '^[[:space:]]*$' "$d/sbatch.err" | tail -n 2 | tr '\n' ' ')
    echo "kwb: sbatch refused the job: ${why:-no reason given }(options: $*)" >&2; exit 2; }
  cat "$d/sbatch.err" >&2
  jid=${jid%%;*}
  echo "[kwb] Slurm job $jid submitted" >&2
else
  echo "[kwb] following Slurm job $jid" >&2
fi
echo "$jid" > "$d/jobid"
t1=; t2=
trap 'scancel "$jid" 2>/dev/null; echo "[kwb] Slurm job $jid: scancel" >&2; [ -n "$t1" ] && kill $t1 $t2 2>/dev/null; exit 143' TERM INT HUP
touch "$d/job.out" "$d/job.err"
tail -s 0.2 -n +1 -F "$d/job.out" 2>/dev/null & t1=$!
tail -s 0.2 -n +1 -F "$d/job.err" >&2 2>/dev/null & t2=$!
state=; ec=; unknown=0
while :; do
  info=$(scontrol show job "$jid" -o 2>/dev/null)
  state=$(printf '%s' "$info" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
  ec=$(printf '%s' "$info" | sed -n 's/.* ExitCode=\([0-9]*:[0-9]*\).*/\1/p')
  if [ -z "$state" ]; then
    acct=$(sacct -n -X -P -j "$jid" -o State,ExitCode 2>/dev/null | head -n 1)
    if [ -n "$acct" ]; then state=${acct%%|*}; state=${state%% *}; ec=${acct#*|}; fi
  fi
  case "$state" in
    PENDING|RUNNING|CONFIGURING|COMPLETING|SUSPENDED|REQUEUED|RESIZING|STAGE_OUT|SIGNALING) ;;
    "") unknown=$((unknown+1)); if [ $unknown -gt 40 ]; then echo "kwb: Slurm job $jid is unknown to scontrol and sacct" >&2; kill $t1 $t2; exit 2; fi ;;
    *) break ;;
  esac
  sleep 0.5
done
sleep 0.6
kill $t1 $t2 2>/dev/null
echo "[kwb] Slurm job $jid: $state, exit code ${ec:-?}" >&2
n=${ec%%:*}; sig=${ec#*:}
case "$state" in
  CANCELLED) exit 143 ;;
  TIMEOUT|DEADLINE) exit 124 ;;
esac
[ -n "$sig" ] && [ "$sig" != 0 ] && exit $((128 + sig))
[ -n "$n" ] && exit "$n"
exit 1
)SH");
}

SlurmTarget::SlurmTarget(QString partition, QList<QPair<QString, QString>> sbatchOptions,
                         std::unique_ptr<SshAddress> login, QString remoteBase, QString python, QString spec)
    : m_partition(std::move(partition)),
      m_options(std::move(sbatchOptions)),
      m_conn(login ? std::make_unique<SshConnection>(*login) : nullptr),
      m_remoteBase(std::move(remoteBase)),
      m_python(std::move(python)),
      m_spec(std::move(spec)) {}

QString SlurmTarget::name() const {
  QString n = QStringLiteral("slurm: ") + (m_partition.isEmpty() ? QStringLiteral("default partition") : m_partition);
  if (m_conn) n += QStringLiteral(" via ") + m_conn->address().destination();
  return n;
}

QStringList SlurmTarget::sbatchArgs() const {
  QStringList a;
  if (!m_partition.isEmpty()) a << QStringLiteral("--partition=") + m_partition;
  for (const auto& [key, value] : m_options)
    a << (value.isEmpty() ? QStringLiteral("--") + key : QStringLiteral("--%1=%2").arg(key, value));
  return a;
}

QString SlurmTarget::startProblem() const {
  if (m_conn) {
    const QString p = m_conn->program();
    if (QStandardPaths::findExecutable(p).isEmpty() && !QFile::exists(p))
      return QStringLiteral("target \"%1\": no OpenSSH client (%2) on this machine").arg(m_spec, p);
    return {};
  }
  for (const char* tool : {"sbatch", "scontrol", "scancel"})
    if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty())
      return QStringLiteral(
                 "target \"%1\": %2 is not on PATH (Slurm's client commands must run on this machine; "
                 "use slurm+ssh://LOGIN-HOST/... to submit through a login node)")
          .arg(m_spec, QLatin1String(tool));
  return {};
}

QString SlurmTarget::prepare(const QString& localWorkdir) {
  if (!m_conn) {
    m_jobDir = localWorkdir;
    return {};
  }
  m_jobDir = remoteWorkspacePath(m_remoteBase, localWorkdir);
  if (QString why = m_conn->open(); !why.isEmpty()) return why;
  const CommandResult r =
      m_conn->run(QStringLiteral("command -v sbatch >/dev/null && command -v scontrol >/dev/null"), kCommandMs);
  if (r.exitCode != 0) {
    m_conn->close();
    return QStringLiteral(
               "target \"%1\": sbatch or scontrol is not on the login node's PATH for a non-interactive ssh command")
        .arg(m_spec);
  }
  if (QString why = m_conn->push(localWorkdir, m_jobDir); !why.isEmpty()) {
    m_conn->close();
    return why;
  }
  return {};
}

ProcessSpec SlurmTarget::wrap(const ProcessSpec& command) const {
  QStringList job{shellQuote(command.program)};
  for (const QString& a : command.args) job << shellQuote(a);
  ProcessSpec monitor = command;
  monitor.program = QStringLiteral("sh");
  monitor.args =
      QStringList{QStringLiteral("-c"), slurmMonitorScript(), QStringLiteral("kwb-slurm"), m_follow, job.join(u' ')} +
      sbatchArgs();
  m_follow.clear();
  if (!m_conn) return monitor;  // sbatch exports this environment (PYTHONUNBUFFERED, TEST_TIMEOUT_SEC) to the job
  ProcessSpec out = command;
  out.program = m_conn->program();
  out.args = m_conn->commandArgs(remoteRunCommand(m_jobDir, monitor));
  out.env = QProcessEnvironment::systemEnvironment();
  return out;
}

void SlurmTarget::signalFarSide(int signal) {
  // scancel whatever the signal: Slurm's own escalation (KillWait) ends the job's whole tree.
  Q_UNUSED(signal);
  const QString cancel =
      QStringLiteral(
          "cd %1 2>/dev/null && j=$(cat .kwb/slurm/jobid 2>/dev/null) && [ -n \"$j\" ] && scancel \"$j\"; true")
          .arg(shellQuote(m_jobDir));
  if (!m_conn) {
    runCommand(QStringLiteral("sh"), {QStringLiteral("-c"), cancel}, kCommandMs);
    return;
  }
  if (m_conn->isOpen())
    m_conn->run(cancel + QStringLiteral("; cd %1 2>/dev/null && p=$(cat .kwb/remote.pid 2>/dev/null) && [ -n \"$p\" ] "
                                        "&& kill -TERM -- -\"$p\" 2>/dev/null; true")
                             .arg(shellQuote(m_jobDir)),
                kCommandMs);
}

QString SlurmTarget::collect(const QString& localWorkdir) {
  if (!m_conn || !m_conn->isOpen()) return {};
  QString why = m_conn->pull(m_jobDir, localWorkdir);
  m_conn->close();
  return why;
}

QString SlurmTarget::jobWorkdirFor(const QString& localWorkdir) const {
  return m_conn ? remoteWorkspacePath(m_remoteBase, localWorkdir) : localWorkdir;
}

CommandResult SlurmTarget::runThere(const QString& command, const QByteArray& input) {
  if (m_conn) return m_conn->run(command, kCommandMs, input);
  return runCommand(QStringLiteral("sh"), {QStringLiteral("-c"), command}, kCommandMs, input);
}

QString SlurmTarget::submitArray(const QStringList& localWorkdirs, const ProcessSpec& command, int maxParallel,
                                 const QString& scratchDir, QString* error) {
  if (localWorkdirs.isEmpty()) {
    *error = QStringLiteral("no workspace to run");
    return {};
  }
  if (m_conn && !m_conn->isOpen())
    if (QString why = m_conn->open(); !why.isEmpty()) {
      *error = why;
      return {};
    }
  // The task list and script live beside the workspaces, where the tasks run.
  const QString dir = m_conn ? (m_remoteBase.isEmpty() ? QStringLiteral("kwb-workspaces") : m_remoteBase) +
                                   QStringLiteral("/.kwb-array")
                             : scratchDir;
  QStringList dirs, clean;
  for (const QString& ws : localWorkdirs) {
    const QString there = jobWorkdirFor(ws);
    dirs << there;
    clean << shellQuote(there + QStringLiteral("/.kwb/slurm/job.out"))
          << shellQuote(there + QStringLiteral("/.kwb/slurm/job.err"));
  }
  QStringList exports, argv{shellQuote(command.program)};
  for (const QString& name : command.exportNames) exports << shellQuote(name + u'=' + command.env.value(name));
  for (const QString& a : command.args) argv << shellQuote(a);
  const QString script =
      QStringLiteral(
          "#!/bin/sh\nws=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" %1)\ncd \"$ws\" || exit 2\n"
          "mkdir -p .kwb/slurm\nexec >>.kwb/slurm/job.out 2>>.kwb/slurm/job.err\n%2exec %3\n")
          .arg(shellQuote(dir + QStringLiteral("/tasks")),
               exports.isEmpty() ? QString() : QStringLiteral("export ") + exports.join(u' ') + u'\n', argv.join(u' '));
  QStringList sbatch{QStringLiteral("sbatch"),
                     QStringLiteral("--parsable"),
                     QStringLiteral("--hold"),
                     QStringLiteral("--job-name=kwb-suite"),
                     QStringLiteral("--output=/dev/null"),
                     QStringLiteral("--array=0-%1%%2").arg(localWorkdirs.size() - 1).arg(qMax(1, maxParallel))};
  for (const QString& a : sbatchArgs()) sbatch << shellQuote(a);
  sbatch << shellQuote(dir + QStringLiteral("/task.sh"));
  // One round trip: the list on stdin, the script as an argument of printf '%s'.
  const QString cmd = QStringLiteral("mkdir -p %1 && cat > %1/tasks && printf '%s' %2 > %1/task.sh && rm -f %3 && %4")
                          .arg(shellQuote(dir), shellQuote(script), clean.join(u' '), sbatch.join(u' '));
  const CommandResult r = runThere(cmd, dirs.join(u'\n').toUtf8() + '\n');
  const QString id = QString::fromLocal8Bit(r.out).trimmed().section(u';', 0, 0);
  if (r.exitCode != 0 || id.isEmpty()) {
    *error =
        QStringLiteral("sbatch did not take the job array: %1").arg(QString::fromLocal8Bit(r.err).trimmed() + r.error);
    return {};
  }
  return id;
}

QString SlurmTarget::releaseJob(const QString& jobId) {
  const CommandResult r = runThere(QStringLiteral("scontrol release %1").arg(shellQuote(jobId)));
  if (m_conn) m_conn->close();
  return r.exitCode == 0 ? QString()
                         : QStringLiteral("scontrol release %1 failed: %2")
                               .arg(jobId, QString::fromLocal8Bit(r.err).trimmed() + r.error);
}

void SlurmTarget::cancelJob(const QString& jobId) {
  if (m_conn && !m_conn->isOpen() && !m_conn->open().isEmpty()) return;
  runThere(QStringLiteral("scancel %1").arg(shellQuote(jobId)));
  if (m_conn) m_conn->close();
}

QString SlurmTarget::explainExit(int exitCode, const QString& lastStderr) const {
  if (m_conn)
    if (QString why = m_conn->explain(exitCode, lastStderr); !why.isEmpty()) return why;
  if (lastStderr.contains(QLatin1String("sbatch refused")) || lastStderr.startsWith(QLatin1String("sbatch: error")))
    return QStringLiteral("Slurm did not accept the job: %1").arg(lastStderr.trimmed());
  return {};
}

namespace {

// "partition?key=value&..." → partition and options; "" on success, else why.
QString parseSlurmRest(const QString& spec, const QString& rest, QString* partition,
                       QList<QPair<QString, QString>>* options, QMap<QString, QString>* own) {
  const qsizetype q = rest.indexOf(u'?');
  *partition = q < 0 ? rest : rest.left(q);
  if (partition->endsWith(u'/')) partition->chop(1);
  static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9_.,-]*$"));
  if (!name.match(*partition).hasMatch())
    return QStringLiteral("target \"%1\": \"%2\" is not a partition name").arg(spec, *partition);
  if (q < 0) return {};
  const QUrlQuery query(rest.mid(q + 1));
  static const QRegularExpression key(QStringLiteral("^[a-z][a-z0-9-]*$"));
  for (const auto& [k, v] : query.queryItems(QUrl::FullyDecoded)) {
    if (kOwnKeys.contains(k)) {
      own->insert(k, v);
      continue;
    }
    if (!key.match(k).hasMatch())
      return QStringLiteral("target \"%1\": \"%2\" is not an sbatch option name (e.g. gres=gpu:1, time=00:10:00)")
          .arg(spec, k);
    if (k == QLatin1String("output") || k == QLatin1String("error") || k == QLatin1String("chdir") ||
        k == QLatin1String("array") || k == QLatin1String("wrap") || k == QLatin1String("parsable"))
      return QStringLiteral("target \"%1\": kwb sets --%2 itself").arg(spec, k);
    options->append({k, v});
  }
  return {};
}

}  // namespace

TargetScheme slurmTargetScheme() {
  TargetScheme s;
  s.scheme = QStringLiteral("slurm");
  s.syntax = QStringLiteral("slurm://[partition][?sbatch-option=value&...]");
  s.help = QStringLiteral(QT_TRANSLATE_NOOP(
      "kwb::TargetScheme",
      "one batch job per run through this machine's sbatch (e.g. slurm://gpu?gres=gpu:1&time=00:10:00);\n"
      "output followed live, cancel is scancel; the workspace must be on a file system the nodes see"));
  s.fields = {{QStringLiteral("partition"), QStringLiteral(QT_TRANSLATE_NOOP("kwb::TargetScheme", "Partition")),
               QStringLiteral("gpu"), false},
              {QStringLiteral("options"), QStringLiteral(QT_TRANSLATE_NOOP("kwb::TargetScheme", "sbatch options")),
               QStringLiteral("gres=gpu:1&time=00:10:00"), false}};
  s.compose = [](const QMap<QString, QString>& f) -> QString {
    const QString opts = f.value(QStringLiteral("options")).trimmed();
    return QStringLiteral("slurm://") + f.value(QStringLiteral("partition")).trimmed() +
           (opts.isEmpty() ? QString() : u'?' + opts);
  };
  s.make = [](const QString& spec, QString* error) -> std::unique_ptr<Target> {
    if (!spec.startsWith(QLatin1String("slurm://"))) {
      *error = QStringLiteral("target \"%1\": expected slurm://[partition][?sbatch-option=value&...]").arg(spec);
      return nullptr;
    }
    QString partition;
    QList<QPair<QString, QString>> options;
    QMap<QString, QString> own;
    if (QString why = parseSlurmRest(spec, spec.mid(8), &partition, &options, &own); !why.isEmpty()) {
      *error = why;
      return nullptr;
    }
    if (own.contains(QStringLiteral("dir"))) {
      *error = QStringLiteral("target \"%1\": dir= is for slurm+ssh:// (slurm:// runs the job in the workspace itself)")
                   .arg(spec);
      return nullptr;
    }
    return std::make_unique<SlurmTarget>(partition, options, nullptr, QString(), own.value(QStringLiteral("python")),
                                         spec);
  };
  return s;
}

TargetScheme slurmSshTargetScheme() {
  TargetScheme s;
  s.scheme = QStringLiteral("slurm+ssh");
  s.syntax = QStringLiteral("slurm+ssh://[user@]login-host[:port]/[partition][?sbatch-option=value&...]");
  s.help = QStringLiteral(QT_TRANSLATE_NOOP(
      "kwb::TargetScheme",
      "the same through a login node over ssh; the workspace is copied to ?dir=FOLDER there (default\n"
      "~/kwb-workspaces; it must be visible to the compute nodes); ?python=PATH on the nodes (default python3)"));
  s.fields = {
      {QStringLiteral("user"), QStringLiteral(QT_TRANSLATE_NOOP("kwb::TargetScheme", "User")), QString(), false},
      {QStringLiteral("host"), QStringLiteral(QT_TRANSLATE_NOOP("kwb::TargetScheme", "Login node")),
       QStringLiteral("login.cluster"), true},
      {QStringLiteral("partition"), QStringLiteral(QT_TRANSLATE_NOOP("kwb::TargetScheme", "Partition")),
       QStringLiteral("gpu"), false},
      {QStringLiteral("options"), QStringLiteral(QT_TRANSLATE_NOOP("kwb::TargetScheme", "sbatch options")),
       QStringLiteral("gres=gpu:1&time=00:10:00"), false}};
  s.compose = [](const QMap<QString, QString>& f) -> QString {
    const QString user = f.value(QStringLiteral("user")).trimmed();
    const QString opts = f.value(QStringLiteral("options")).trimmed();
    return QStringLiteral("slurm+ssh://") + (user.isEmpty() ? QString() : user + u'@') +
           f.value(QStringLiteral("host")).trimmed() + u'/' + f.value(QStringLiteral("partition")).trimmed() +
           (opts.isEmpty() ? QString() : u'?' + opts);
  };
  s.make = [](const QString& spec, QString* error) -> std::unique_ptr<Target> {
    if (!spec.startsWith(QLatin1String("slurm+ssh://"))) {
      *error =
          QStringLiteral("target \"%1\": expected slurm+ssh://[user@]login-host[:port]/[partition][?...]").arg(spec);
      return nullptr;
    }
    const QString rest = spec.mid(12);
    qsizetype cut = rest.indexOf(u'/');
    if (cut < 0) cut = rest.indexOf(u'?');
    const QString authority = cut < 0 ? rest : rest.left(cut);
    const QString tail = cut < 0 ? QString() : rest.mid(rest.at(cut) == u'/' ? cut + 1 : cut);
    auto login = parseSshAddress(QStringLiteral("ssh://") + authority, error);
    if (!login) return nullptr;
    QString partition;
    QList<QPair<QString, QString>> options;
    QMap<QString, QString> own;
    if (QString why = parseSlurmRest(spec, tail, &partition, &options, &own); !why.isEmpty()) {
      *error = why;
      return nullptr;
    }
    QString base = own.value(QStringLiteral("dir"));
    if (base.startsWith(QLatin1String("~/"))) base = base.mid(2);
    return std::make_unique<SlurmTarget>(partition, options, std::make_unique<SshAddress>(*login), base,
                                         own.value(QStringLiteral("python")), spec);
  };
  return s;
}

}  // namespace kwb
