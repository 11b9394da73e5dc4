#include "core/pipeline/cudaprobe.h"

#include <QProcess>

#include "core/analysis/probe.h"

namespace kwb {

std::optional<bool> localCudaAvailable(const QString& python, int timeoutMs) {
  const QString py = python.isEmpty() ? findTorchPython() : python;
  if (py.isEmpty()) return std::nullopt;
  QProcess p;
  // probe.py's gpu_present(), with the caller's CUDA_VISIBLE_DEVICES as it is (the probe gets it through
  // KWB_CALLER_CUDA_VISIBLE_DEVICES): torch built for CUDA/ROCm and a device node of the driver. No CUDA context.
  static const char* kScript =
      "import glob, os, sys, torch\n"
      "v = os.environ.get('CUDA_VISIBLE_DEVICES')\n"
      "if v is not None and v.strip() in ('', '-1'): r = False\n"
      "elif getattr(torch.version, 'hip', None): r = os.path.exists('/dev/kfd')\n"
      "elif not getattr(torch.version, 'cuda', None): r = False\n"
      "else: r = bool(glob.glob('/dev/nvidia[0-9]*') or glob.glob('/proc/driver/nvidia/gpus/*'))\n"
      "sys.stdout.write('1' if r else '0')\n";
  p.start(py, {QStringLiteral("-c"), QString::fromLatin1(kScript)});
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
