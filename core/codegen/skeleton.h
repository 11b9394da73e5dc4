// The unimplemented skeleton every backend returns when it has no template for a spec.
#pragma once

#include "core/codegen/backend.h"

#include <QStringList>

namespace kwb {

struct SkeletonStyle {
  QString framework;    ///< label, e.g. "FlyDSL"
  QString imports;      ///< the framework's import lines (its conformance imports)
  QStringList outline;  ///< what a baseline in this framework needs, one item per line
  QString runtime;      ///< runtimeRequirement()
};

/// kernel.py whose ModelNew has Model's constructor/forward signature and whose forward raises
/// NotImplementedError naming `reason`. ok=true, implemented=false, tile=0, error=reason. The file
/// imports torch.nn only (no torch compute anywhere) and sets UNIMPLEMENTED = True.
GeneratedKernel makeSkeleton(const nlohmann::json& spec, const SkeletonStyle& style, const QString& reason);

}  // namespace kwb
