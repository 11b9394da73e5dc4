// The seed's framework policy (gpu-kernel-baseline.txt, Phase 1 step 3):
//   H100/H20/H200 -> Hopper -> CuteDSL;  MI300X/MI308X -> CDNA3 -> FlyDSL;  MI355X -> CDNA4 -> FlyDSL.
// Triton is offered as an extra that runs on both vendors, and is always labelled outside the policy.
#pragma once

#include "core/platform/gpuspec.h"
#include "core/platform/specledger.h"

#include <QString>
#include <QStringList>

namespace kwb {

/// The framework chosen for one GPU.
struct FrameworkChoice {
  QString framework;           ///< "cutedsl" | "flydsl" | "triton"
  QString arch;                ///< the GPU's architecture, e.g. "Hopper"
  QString reason;              ///< one sentence for reports: why this framework
  bool outsidePolicy = false;  ///< true when the framework is not the seed's policy for this arch
};

/// Framework ids resolveFramework accepts as an override: "cutedsl", "flydsl", "triton".
QStringList knownFrameworks();

/// The seed's policy framework for an architecture name ("Hopper" -> "cutedsl", "CDNA3"/"CDNA4"
/// -> "flydsl"); empty for an architecture the seed does not cover.
QString policyFramework(const QString& arch);

/// Picks the framework for `gpu`. overrideFramework: "" (use the policy), "cutedsl", "flydsl" or
/// "triton" (case-insensitive). Errors (returned choice has an empty framework, *error set):
/// an unknown framework name; an architecture outside the policy with no override; CuTe DSL on a
/// non-NVIDIA part or FlyDSL on a non-AMD part (they cannot run there). Triton is accepted on any
/// listed GPU with outsidePolicy = true and a reason saying so.
FrameworkChoice resolveFramework(const GpuSpec& gpu, const QString& overrideFramework, QString* error);

/// The GPU a fresh form starts with (the GUI before the user picked one): the first ledger GPU that the
/// seed's policy covers and that has a measured ceiling in the ledger (a machine someone ran on: H200-SXM
/// in the built-in ledger), else the first the policy covers, else the ledger's first id; empty for an
/// empty ledger. Never an alias: an id of `ledger`.
QString defaultTargetGpu(const SpecLedger& ledger);

}  // namespace kwb
