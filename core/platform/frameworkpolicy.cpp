#include "core/platform/frameworkpolicy.h"

namespace kwb {

QStringList knownFrameworks() {
  return {QStringLiteral("cutedsl"), QStringLiteral("flydsl"), QStringLiteral("triton")};
}

QString policyFramework(const QString& arch) {
  if (arch == QLatin1String("Hopper")) return QStringLiteral("cutedsl");
  if (arch == QLatin1String("CDNA3") || arch == QLatin1String("CDNA4")) return QStringLiteral("flydsl");
  return {};
}

QString defaultTargetGpu(const SpecLedger& ledger) {
  const QStringList ids = ledger.knownIds();
  QString covered;
  for (const QString& id : ids) {
    const GpuSpec* g = ledger.byId(id);
    if (!g || policyFramework(g->arch.value).isEmpty()) continue;
    if (!ledger.measured(id).isEmpty()) return id;
    if (covered.isEmpty()) covered = id;
  }
  return !covered.isEmpty() ? covered : ids.value(0);
}

FrameworkChoice resolveFramework(const GpuSpec& gpu, const QString& overrideFramework, QString* error) {
  auto fail = [&](const QString& message) {
    if (error) *error = message;
    return FrameworkChoice{};
  };
  const QString policy = policyFramework(gpu.arch.value);
  const QString wanted = overrideFramework.trimmed().toLower();
  const QString seedRule = QStringLiteral("the seed's policy maps ") + gpu.arch.value + QStringLiteral(" to ");

  if (wanted.isEmpty()) {
    if (policy.isEmpty())
      return fail(gpu.id + QStringLiteral(" is ") + gpu.arch.value +
                  QStringLiteral(", which the seed's policy does not cover; choose a framework explicitly"));
    if (error) error->clear();
    return {policy, gpu.arch.value,
            gpu.id + QStringLiteral(" is ") + gpu.arch.value + QStringLiteral("; ") + seedRule + policy +
                QStringLiteral(" (gpu-kernel-baseline.txt, Phase 1 step 3)"),
            false};
  }
  if (!knownFrameworks().contains(wanted))
    return fail(QStringLiteral("unknown framework \"") + overrideFramework + QStringLiteral("\"; known: ") +
                knownFrameworks().join(QStringLiteral(", ")));
  // The DSLs are vendor-specific: refuse a combination that cannot run rather than mislabel it.
  if (wanted == QLatin1String("cutedsl") && gpu.vendor != QLatin1String("NVIDIA"))
    return fail(QStringLiteral("CuTe DSL targets NVIDIA GPUs; ") + gpu.id + QStringLiteral(" is an ") + gpu.vendor +
                QLatin1Char(' ') + gpu.arch.value + QStringLiteral(" part (policy: ") + policy + QLatin1Char(')'));
  if (wanted == QLatin1String("flydsl") && gpu.vendor != QLatin1String("AMD"))
    return fail(QStringLiteral("FlyDSL targets AMD Instinct GPUs; ") + gpu.id + QStringLiteral(" is an ") + gpu.vendor +
                QLatin1Char(' ') + gpu.arch.value + QStringLiteral(" part (policy: ") + policy + QLatin1Char(')'));
  if (error) error->clear();
  if (wanted == policy)
    return {wanted, gpu.arch.value,
            gpu.id + QStringLiteral(" is ") + gpu.arch.value + QStringLiteral("; ") + seedRule + policy +
                QStringLiteral(" (chosen explicitly)"),
            false};
  if (wanted == QLatin1String("triton"))
    return {wanted, gpu.arch.value,
            QStringLiteral("Triton was requested: an extra backend outside the seed's policy (") + seedRule +
                (policy.isEmpty() ? QStringLiteral("nothing") : policy) +
                QStringLiteral("); the seed requires a CuteDSL or FlyDSL kernel"),
            true};
  return {wanted, gpu.arch.value,
          wanted + QStringLiteral(" was requested for ") + gpu.id + QStringLiteral(", outside the seed's policy (") +
              seedRule + policy + QLatin1Char(')'),
          true};
}

}  // namespace kwb
