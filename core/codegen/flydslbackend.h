// FlyDSL backend (AMD ROCm/FlyDSL, CDNA3/CDNA4): no template yet, so every spec gets the
// unimplemented skeleton with the flyc/fx imports.
#pragma once

#include "core/codegen/backend.h"

namespace kwb {

class FlyDslBackend final : public FrameworkBackend {
 public:
  QString id() const override { return QStringLiteral("flydsl"); }
  QString label() const override { return QStringLiteral("FlyDSL"); }
  QString policyNote() const override {
    return QStringLiteral("the seed's framework for AMD CDNA3 (MI300X/MI308X) and CDNA4 (MI355X)");
  }
  QStringList targetArchitectures() const override { return {QStringLiteral("cdna3"), QStringLiteral("cdna4")}; }
  /// Always false: no FlyDSL template exists yet.
  bool supports(const nlohmann::json& spec, QString* whyNot) const override;
  /// The skeleton (implemented=false) for every spec.
  GeneratedKernel generate(const nlohmann::json& spec) const override;
  QStringList conformanceMarkers() const override;
  QString runtimeRequirement() const override;
};

}  // namespace kwb
