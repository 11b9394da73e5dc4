// CuTe DSL backend (NVIDIA CUTLASS Python DSL): the official elementwise_add structure for a
// pointwise spec. The output is checked statically with cute_check.py; it cannot be run here.
#pragma once

#include "core/codegen/backend.h"

namespace kwb {

class CuteDslBackend final : public FrameworkBackend {
 public:
  /// 256 threads per CTA, each one 128-bit vector per tensor: a tile of 1024 fp32 or 2048
  /// bf16/fp16 elements (the official example uses 128 threads x 4 rows of vectors).
  static constexpr int kThreadsPerCta = 256;
  static constexpr int kCopyBits = 128;
  /// The API table the template was written against and must pass (cute_api.json header:
  /// package_version 4.7.0, NVIDIA/cutlass commit 7107b055).
  static constexpr const char* kApiVersion = "nvidia-cutlass-dsl 4.7.0, NVIDIA/cutlass 7107b055";

  QString id() const override { return QStringLiteral("cutedsl"); }
  QString label() const override { return QStringLiteral("CuTe DSL"); }
  QString policyNote() const override { return QStringLiteral("the seed's framework for Hopper (H100/H20/H200)"); }
  QStringList targetArchitectures() const override { return {QStringLiteral("hopper")}; }
  bool supports(const nlohmann::json& spec, QString* whyNot) const override;
  GeneratedKernel generate(const nlohmann::json& spec) const override;
  QStringList conformanceMarkers() const override;
  QString runtimeRequirement() const override;
};

}  // namespace kwb
