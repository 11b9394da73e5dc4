// The framework conformance gate (part of the quality gate): kernel.py must compute through the
// chosen framework's kernels, with no PyTorch compute op and no third-party kernel library on
// ModelNew.forward's compute path. Runs resources/python/conformance_check.py (Python's ast,
// standard library only; kernel.py is parsed, never imported).
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace kwb {

struct ConformanceIssue {
  int line = 0;        ///< 1-based line in kernel.py (0: the file as a whole, e.g. a missing import)
  int column = 0;      ///< 1-based column (0 when line is 0)
  QString code;        ///< torch-compute | tensor-method | tensor-arithmetic | tensor-indexing |
                       ///< matmul-operator | nn-module | third-party | third-party-import |
                       ///< no-framework-import | no-kernel | no-launch | no-modelnew | no-forward
  QString message;     ///< e.g. "`torch.relu` is PyTorch compute, not a Triton kernel (in ModelNew.forward)"
  QString sourceLine;  ///< the offending line, stripped ("" for line 0)
};

struct ConformanceResult {
  bool ran = false;      ///< the checker ran and printed its JSON (false: see `error`)
  bool ok = false;       ///< ran and found no violation
  int exitCode = -1;     ///< 0 conforms, 1 violations, 2 unreadable or syntax error; -1 not run
  QString framework;     ///< "triton" | "cutedsl" | "flydsl"
  QString file;          ///< the checked file's name, e.g. "kernel.py" (summaries cite file:line)
  QStringList kernels;   ///< the framework kernels kernel.py defines (@triton.jit, @cute.kernel, ...)
  QStringList launches;  ///< "kwb_relu_kernel at line 64 (kernel[grid](...))", in path order
  QStringList followed;  ///< functions walked: "ModelNew.forward", helpers it calls
  QList<ConformanceIssue> violations;
  QString error;    ///< ran=false: why; exit 2: the checker's reason (e.g. "syntax error at line 3: ...")
  QString rawJson;  ///< the checker's stdout
};

/// Framework ids the checker knows: "triton", "cutedsl", "flydsl".
QStringList conformanceFrameworks();

/// Checks kernel.py at `kernelPath` for `framework` with `python` (any Python 3.8+; no torch needed).
/// Unknown framework ids give ran=false with an error naming the known ones. Blocks up to
/// `timeoutMs` (typically ~0.1 s). A check that ran is remembered for the process, keyed by @p python, the
/// framework, the file's name and a SHA-256 of its bytes: asking again about an unchanged kernel.py runs nothing.
/// Never throws.
ConformanceResult checkConformance(const QString& python, const QString& kernelPath, const QString& framework,
                                   int timeoutMs = 60000);

/// One line for reports and the gate: "PASS (Triton kernels kwb_relu_kernel launched from
/// ModelNew.forward)" or "FAIL: kernel.py:63: `torch.relu` is PyTorch compute ... — out = torch.relu(x); ...",
/// citing the checked file by its own name (`file`; "kernel.py" when unset).
QString conformanceSummary(const ConformanceResult& r);

}  // namespace kwb
