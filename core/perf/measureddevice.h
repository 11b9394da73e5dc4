// The device a run measured on, held against the GPU the user targeted: a suite or V0 asked for an H200 and lent an
// H100 must say so and must not report H200 percentages (session 34). Apart from utilization.h so that the many
// files including that header do not rebuild for it.
#pragma once

#include "core/platform/specledger.h"

#include <QString>
#include <QStringList>

namespace kwb {

struct MeasuredDevice {
  QString name;        ///< as the harness reported it (torch.cuda.get_device_name(), e.g. "NVIDIA H100 80GB HBM3")
  QString ledgerId;    ///< the ledger's id for it ("H100-SXM"); "" when the ledger does not know it or it is ambiguous
  QString targetId;    ///< the ledger id the user targeted (kept as what was asked)
  bool known = false;  ///< a device name was reported (false: a CPU dry run, no harness ran, an older harness)
  /// False only when the device is known to differ from the target: its name resolves to ledger ids of which none is
  /// the target (an unknown name counts as different: the ledger cannot say it is the target).
  bool matchesTarget = true;
  /// The ledger id utilization and the roofline use: the target when it matches or no device is known, the device's
  /// own id when it differs and the ledger knows it, "" when it differs and the ledger does not (then no percentages:
  /// a number against the wrong roof is worse than none).
  QString rooflineId;
  /// "" when matchesTarget; else one sentence for reports and logs, e.g. "measured on NVIDIA H100 80GB HBM3 (ledger:
  /// H100-SXM), not the target H200-SXM: latencies are that device's; utilization and the roofline use H100-SXM's
  /// datasheet".
  QString mismatchNote;
};

/// The ledger ids @p name may mean: one for an id or alias, every candidate for an ambiguous name ("NVIDIA H100":
/// H100-SXM and H100-PCIe), none for an unknown name or a ledger that failed to load.
QStringList ledgerCandidateIds(const QString& name, const SpecLedger& ledger = SpecLedger::builtin());

/// Matches @p deviceName (the harness's "gpu": torch's device name; "" or "cpu" = no device) against @p targetId
/// (a ledger id or any name lookup() accepts) through the ledger's ids and aliases. An ambiguous device name whose
/// candidates include the target matches it ("NVIDIA H100" for an H100-PCIe target).
MeasuredDevice matchMeasuredDevice(const QString& deviceName, const QString& targetId,
                                   const SpecLedger& ledger = SpecLedger::builtin());

}  // namespace kwb
