#include "core/pipeline/cudaprobe.h"

#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>

#include "core/analysis/probe.h"

namespace kwb {

std::optional<bool> localCudaAvailable(const QString& python, int timeoutMs) {
  const QString py = python.isEmpty() ? findTorchPython() : python;
  if (py.isEmpty()) return std::nullopt;
  // probe.py's own gpu_present() (not a copy of it): the extracted probe module, imported; the caller's
  // CUDA_VISIBLE_DEVICES handed on as the probe gets it (KWB_CALLER_CUDA_VISIBLE_DEVICES). No CUDA context.
  const QString script = extractProbeScript();
  if (script.isEmpty()) return std::nullopt;
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  if (env.contains(QStringLiteral("CUDA_VISIBLE_DEVICES")))
    env.insert(QStringLiteral("KWB_CALLER_CUDA_VISIBLE_DEVICES"), env.value(QStringLiteral("CUDA_VISIBLE_DEVICES")));
  p.setProcessEnvironment(env);
  // the probe's folder as argv[1]: no quoting of a path inside the code
  p.start(py, {QStringLiteral("-c"),
               QStringLiteral("import sys; sys.path.insert(0, sys.argv[1]); import probe, torch; "
                              "sys.stdout.write('1' if probe.gpu_present(torch) else '0')"),
               QFileInfo(script).absolutePath()});
  if (!p.waitForStarted(10000) || !p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished(2000);
    return std::nullopt;
  }
  if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) return std::nullopt;
  const QByteArray out = p.readAllStandardOutput().trimmed();
  if (out == "1") return true;
  if (out == "0") return false;
  return std::nullopt;
}

}  // namespace kwb
