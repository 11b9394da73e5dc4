#include "core/codegen/flydslbackend.h"

#include "core/codegen/opgraph.h"
#include "core/codegen/skeleton.h"

namespace kwb {

namespace {

const QString& noTemplate() {
  static const QString why = QStringLiteral(
      "Kernel Workbench has no FlyDSL template yet (FlyDSL cannot be installed or run here; write the kernel "
      "by hand; `kwb check kernel.py` verifies its framework conformance and its flydsl names and calls "
      "against flydsl_api.json, statically)");
  return why;
}

}  // namespace

bool FlyDslBackend::supports(const nlohmann::json& spec, QString* whyNot) const {
  if (const QString bad = specOpsProblem(spec); !bad.isEmpty()) {  // not a spec to generate from
    if (whyNot) *whyNot = bad;
    return false;
  }
  if (whyNot) *whyNot = noTemplate();
  return false;
}

GeneratedKernel FlyDslBackend::generate(const nlohmann::json& spec) const {
  if (const QString bad = specOpsProblem(spec); !bad.isEmpty()) {  // malformed: no kernel, not even a skeleton
    GeneratedKernel refused;
    refused.error = bad;
    return refused;
  }
  // Structure from the FlyDSL sources at commit 11c4174d (../shared/docs/FLYDSL.md).
  const SkeletonStyle style{
      label(),
      QStringLiteral("import flydsl.compiler as flyc\nimport flydsl.expr as fx"),
      {QStringLiteral("@flyc.kernel device function with typed parameters (fx.Tensor, fx.Int32, fx.Constexpr[...])"),
       QStringLiteral("@flyc.jit host function calling kernel(...).launch(grid=..., block=..., stream=...)"),
       QStringLiteral("ids from fx.thread_idx.x / fx.block_idx.x; guard every scalar access (if idx < n:) or use "
                      "tiled copies with fx.elem_less predicates"),
       QStringLiteral("elementwise: tests/unit/test_pointer_argument_vec_add.py (256 threads, guarded) or "
                      "examples/01-vectorAdd.py (128-bit copies, full predication)"),
       QStringLiteral("wave size 64 (fx.gpu.shuffle_xor(x, offset, 64) for reductions); fp32 accumulation"),
       QStringLiteral("ModelNew.forward: pass torch tensors (dynamic layouts), set self.last_grid_blocks")},
      runtimeRequirement()};
  return makeSkeleton(spec, style, noTemplate());
}

QStringList FlyDslBackend::conformanceMarkers() const {
  return {QStringLiteral("import flydsl.compiler as flyc"), QStringLiteral("import flydsl.expr as fx"),
          QStringLiteral("@flyc.kernel"), QStringLiteral("@flyc.jit")};
}

QString FlyDslBackend::runtimeRequirement() const {
  return QStringLiteral(
      "flydsl 0.3+ (import flydsl) with a ROCm 6.x/7.x build of PyTorch on an AMD CDNA3 (gfx942) "
      "or CDNA4 (gfx950) GPU");
}

}  // namespace kwb
