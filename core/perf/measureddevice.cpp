#include "core/perf/measureddevice.h"

namespace kwb {

QStringList ledgerCandidateIds(const QString& name, const SpecLedger& ledger) {
  if (name.trimmed().isEmpty()) return {};
  const SpecLedger::LookupResult r = ledger.lookup(name);
  if (r.gpu) return {r.gpu->id};
  return r.candidates;  // an ambiguous name: its ids; an unknown one: none
}

MeasuredDevice matchMeasuredDevice(const QString& deviceName, const QString& targetId, const SpecLedger& ledger) {
  MeasuredDevice d;
  d.name = deviceName.trimmed();
  const QStringList target = ledgerCandidateIds(targetId, ledger);
  d.targetId = target.size() == 1 ? target.first() : targetId;  // "H200" is compared as H200-SXM
  d.rooflineId = d.targetId;
  d.known = !d.name.isEmpty() && d.name.compare(QLatin1String("cpu"), Qt::CaseInsensitive) != 0;
  if (!d.known) return d;
  const QStringList ids = ledgerCandidateIds(d.name, ledger);
  if (ids.size() == 1) d.ledgerId = ids.first();
  d.matchesTarget = ids.contains(d.targetId);
  if (d.matchesTarget) return d;
  d.rooflineId = d.ledgerId;
  d.mismatchNote =
      d.ledgerId.isEmpty()
          ? QStringLiteral(
                "measured on %1, not the target %2: latencies are that device's; the ledger does not know "
                "it%3, so no utilization or roofline percentages (against %2's they would be wrong)")
                .arg(d.name, d.targetId,
                     ids.size() > 1 ? QStringLiteral(" apart (it could be %1)").arg(ids.join(QStringLiteral(" or ")))
                                    : QString())
          : QStringLiteral(
                "measured on %1 (ledger: %2), not the target %3: latencies are that device's; utilization "
                "and the roofline use %2's datasheet")
                .arg(d.name, d.ledgerId, d.targetId);
  return d;
}

}  // namespace kwb
