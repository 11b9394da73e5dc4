// FlyDSL backend (AMD ROCm/FlyDSL, CDNA3/CDNA4): the pointwise lowering (flydsldialect.h, every elementwise chain
// with broadcasts the Triton lowering takes, float tensors only), row reductions and row norms
// (flydslpatterns.cpp); every other spec gets the unimplemented skeleton with the flyc/fx imports and a reason
// that names those classes. The output is checked statically (cute_check.py against flydsl_api.json, the
// conformance gate); FlyDSL cannot be installed here and no kernel of it has been run.
#pragma once

#include "core/codegen/backend.h"

namespace kwb {

class FlyDslBackend final : public FrameworkBackend {
 public:
  /// 256 threads per block (4 wavefronts of 64 lanes), the block of FlyDSL's own elementwise and norm kernels.
  static constexpr int kThreadsPerBlock = 256;
  /// Elements per thread of the elementwise kernel: 4 guarded passes of 256 contiguous elements per block.
  static constexpr int kElemsPerThread = 4;
  /// The API table the templates were written against and must pass (flydsl_api.json header: package_version
  /// 0.3.2, ROCm/FlyDSL commit 11c4174d).
  static constexpr const char* kApiVersion = "flydsl 0.3.2, ROCm/FlyDSL 11c4174d";

  QString id() const override { return QStringLiteral("flydsl"); }
  QString label() const override { return QStringLiteral("FlyDSL"); }
  QString policyNote() const override {
    return QStringLiteral("the seed's framework for AMD CDNA3 (MI300X/MI308X) and CDNA4 (MI355X)");
  }
  QStringList targetArchitectures() const override { return {QStringLiteral("cdna3"), QStringLiteral("cdna4")}; }
  /// True for an elementwise spec the pointwise lowering takes (float tensors, broadcasts and views included), a
  /// Reduction or Softmax/Norm pattern plan; else false with *whyNot saying why and which classes FlyDSL renders.
  bool supports(const nlohmann::json& spec, QString* whyNot) const override;
  /// The kernel when supports(), else the skeleton (implemented=false) carrying supports()'s reason.
  GeneratedKernel generate(const nlohmann::json& spec) const override;
  QStringList conformanceMarkers() const override;
  QString runtimeRequirement() const override;
};

}  // namespace kwb
