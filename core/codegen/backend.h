// Framework backends: turn a problem spec (CONTRACTS.md §1) into kernel.py for one DSL.
// The interface is the one plugins will implement later (a plugin returns a FrameworkBackend*).
#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace kwb {

/// What generate() produced.
struct GeneratedKernel {
  bool ok = false;  ///< a kernel.py was produced (possibly a skeleton); false: `error` says why not
  QString source;   ///< the whole kernel.py (class ModelNew with Model's constructor signature)
  int tile = 0;     ///< elements one CTA handles along the flattened output (0 for skeletons);
                    ///< the harness derives boundary shapes (tile±1, ...) from it
  QList<QPair<QString, QString>> baselineConfig;  ///< (item, value), ordered: tile, threads/warps per CTA,
                                                  ///< grid formula, data movement, dtype handling, ...
  bool implemented = false;                       ///< false: `source` is a skeleton clearly marked unimplemented
  /// The spec-ledger dtype of the kernel's main math when it differs from the data's dtype, e.g.
  /// "tf32" for a Triton tl.dot on fp32 operands (TF32 tensor cores): compute utilization is rated
  /// against that peak (H200 SXM dense TF32 494.5 TFLOPS) rather than the plain fp32 one (67 TFLOPS).
  /// Empty: the math runs in the data's dtype.
  QString mathDtype;
  QString error;  ///< ok=false: the failure; ok=true && !implemented: why no kernel body
};

class FrameworkBackend {
 public:
  virtual ~FrameworkBackend() = default;

  /// Stable id: "triton" | "cutedsl" | "flydsl" (plugins add their own).
  virtual QString id() const = 0;
  /// Display name, e.g. "CuTe DSL".
  virtual QString label() const = 0;
  /// Where the framework stands relative to the seed's framework policy (one sentence).
  virtual QString policyNote() const = 0;
  /// Architectures the generated code targets, e.g. {"hopper"} or {"cdna3", "cdna4"}.
  virtual QStringList targetArchitectures() const = 0;
  /// Whether generate() yields a real (implemented) kernel for this spec; else *whyNot (one
  /// sentence naming the pattern/op/broadcast/dtype that is missing).
  virtual bool supports(const nlohmann::json& spec, QString* whyNot) const = 0;
  /// kernel.py for the spec. For unsupported specs: a skeleton with implemented=false (never a
  /// kernel that calls PyTorch for the computation). ok=false only for a malformed spec or a
  /// missing template resource.
  virtual GeneratedKernel generate(const nlohmann::json& spec) const = 0;
  /// Source lines whose presence makes a kernel really this framework's (imports, decorators),
  /// e.g. "import triton", "@triton.jit".
  virtual QStringList conformanceMarkers() const = 0;
  /// What kernel.py needs at run time, e.g. "nvidia-cutlass-dsl (import cutlass)".
  virtual QString runtimeRequirement() const = 0;
};

/// The backends compiled in: Triton, CuTe DSL, FlyDSL (in that order). Lives for the program.
const QList<const FrameworkBackend*>& builtinBackends();

/// A built-in backend by id, or nullptr.
const FrameworkBackend* backendById(const QString& id);

}  // namespace kwb
