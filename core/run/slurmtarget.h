#pragma once
// slurm://[partition][?sbatch-option=value&...] and slurm+ssh://[user@]login-host[:port]/[partition][?...]:
// the run is one batch job (sbatch) whose output is followed live; cancel is scancel; the job's state and
// exit code are read back with scontrol (sacct once scontrol has forgotten the job). With slurm+ssh the
// Slurm commands run on the login node through one ssh ControlMaster connection, and the workspace is
// copied to a folder there that the compute nodes must see (default ~/kwb-workspaces).

#include "core/run/sshtarget.h"

#include <QList>
#include <QPair>

#include <memory>

namespace kwb {

/// The POSIX sh script that submits, follows and reads back one job. Arguments: $1 = a job id to follow
/// (an array task "123_4", submitted elsewhere) or "" to submit, $2 = the job's command line
/// (shell-quoted), then the sbatch options. It runs in the workspace and writes .kwb/slurm/
/// {job.sh, job.out, job.err, jobid, sbatch.err}; it exits with the job's exit code (128+signal for a
/// signal, 143 when cancelled, 2 when sbatch refused the job: its last stderr line is then "kwb: sbatch
/// refused the job: <sbatch's last 2 stderr lines> (options: ...)") and scancels the job on
/// SIGTERM/SIGINT/SIGHUP.
QString slurmMonitorScript();

/// The Slurm target (see the file comment).
class SlurmTarget final : public Target {
 public:
  /// @p login: the login node for slurm+ssh (nullptr = Slurm's commands run on this machine).
  /// @p sbatchOptions: ("gres", "gpu:1") → --gres=gpu:1, in order; @p partition "" = the default one.
  SlurmTarget(QString partition, QList<QPair<QString, QString>> sbatchOptions, std::unique_ptr<SshAddress> login,
              QString remoteBase, QString python, QString spec);
  QString name() const override;
  QString spec() const override { return m_spec; }
  ProcessSpec wrap(const ProcessSpec& command) const override;
  QString prepare(const QString& localWorkdir) override;
  void signalFarSide(int signal) override;
  QString collect(const QString& localWorkdir) override;
  QString python() const override { return m_python; }
  QString explainExit(int exitCode, const QString& lastStderr) const override;
  QString startProblem() const override;
  /// The sbatch arguments the job gets (partition first), e.g. {"--partition=debug", "--gres=gpu:1"}.
  QStringList sbatchArgs() const;
  /// The workspace's folder where the job runs (the local one for slurm://, after prepare()).
  QString jobWorkdir() const { return m_jobDir; }
  /// Where @p localWorkdir runs (the local folder for slurm://, its copy on the login node for slurm+ssh).
  QString jobWorkdirFor(const QString& localWorkdir) const;
  /// The next process follows job @p jobId (an array task submitted by submitArray) instead of
  /// submitting one; a later process (a resume) submits its own job again.
  void followJob(const QString& jobId) { m_follow = jobId; }

  /// Submits one held job array (sbatch --hold --array=0-(n-1)%maxParallel) whose task i runs
  /// @p command in the far-side folder of @p localWorkdirs[i], its output in that folder's
  /// .kwb/slurm/job.{out,err}; the command's exportNames are exported. @p scratchDir (local) holds
  /// the task list and script for slurm://. Returns the array's job id, or "" with why in @p error.
  /// Blocking. Each task's id is "<id>_<i>" (followJob); releaseJob() lets the array start.
  QString submitArray(const QStringList& localWorkdirs, const ProcessSpec& command, int maxParallel,
                      const QString& scratchDir, QString* error);
  /// scontrol release @p jobId (after every workspace is in place). "" or why.
  QString releaseJob(const QString& jobId);
  /// scancel @p jobId (a whole array). Blocking.
  void cancelJob(const QString& jobId);

 private:
  QString m_partition;
  QList<QPair<QString, QString>> m_options;
  std::unique_ptr<SshConnection> m_conn;  ///< slurm+ssh only
  QString m_remoteBase;
  QString m_python;
  QString m_spec;
  QString m_jobDir;
  mutable QString m_follow;  ///< consumed by the next wrap(): a resume must submit its own job
  /// Runs a shell command where Slurm's commands run (here, or on the login node).
  CommandResult runThere(const QString& command, const QByteArray& input = {});
};

}  // namespace kwb
