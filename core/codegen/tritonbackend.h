// Triton backend: one @triton.jit kernel over the flattened contiguous output of a pointwise spec.
#pragma once

#include "core/codegen/backend.h"

namespace kwb {

class TritonBackend final : public FrameworkBackend {
 public:
  /// What a generated kernel.py holds of the templates and libraries it is rendered from.
  enum class Layout {
    Slim,   ///< only the functions and classes its plan reaches (slimPyModule), with an index comment on top
    Whole,  ///< every template and library pasted whole (tests compare the two)
  };
  explicit TritonBackend(Layout layout = Layout::Slim) : layout_(layout) {}

  /// Elements per CTA and warps per CTA: 1024 elements over 4 warps = 8 elements per thread, i.e.
  /// one 128-bit access per bf16/fp16 tensor and two per fp32 tensor. Measured with this template
  /// on an NVIDIA H200 (torch 2.11, Triton 3.6; relu 4096x393216 and 65536x16384, 50 launches,
  /// CUDA events; tests/data/codegen/gpu_triton_smoke.py --sweep): 4.25 TB/s fp32 and 4.26 TB/s
  /// bf16, equal to torch.relu; 2048/8 gave 4.13/4.26, 1024/8 4.28/3.82, 4096/16 4.17/4.20 TB/s.
  static constexpr int kBlockSize = 1024;
  static constexpr int kNumWarps = 4;

  QString id() const override { return QStringLiteral("triton"); }
  QString label() const override { return QStringLiteral("Triton"); }
  QString policyNote() const override { return QStringLiteral("an extra, outside the seed's framework policy"); }
  QStringList targetArchitectures() const override { return {QStringLiteral("hopper"), QStringLiteral("ampere")}; }
  bool supports(const nlohmann::json& spec, QString* whyNot) const override;
  /// The kernel for `spec`; for a target other than Hopper (spec.target.arch), the configuration's
  /// first row and a kernel.py comment say the templates were written and measured for the H200 only.
  /// Layout::Slim: an implemented kernel leaves out every module function and class that neither ModelNew nor
  /// moduleApi() reaches, and its second line indexes ModelNew and what it launches (kernelIndexComment).
  GeneratedKernel generate(const nlohmann::json& spec) const override;
  QStringList conformanceMarkers() const override;
  QString runtimeRequirement() const override;

  /// Names a kernel.py keeps whatever its plan reaches: what a harness or a bench script calls on the module.
  static const QStringList& moduleApi();

 private:
  Layout layout_;
  /// The templates as written for Hopper (the H200): pattern kernels, pointwise chains, skeletons.
  GeneratedKernel generateForHopper(const nlohmann::json& spec) const;
};

}  // namespace kwb
