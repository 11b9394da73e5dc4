#include "core/knowledge/specledgertool.h"

#include <cmath>

#include <QMap>

#include "core/platform/specledger.h"

namespace kwb {

QString SpecLedgerTool::description() const {
  return QStringLiteral(
      "Datasheet facts of one exact GPU product: SM/CU count, L2 size, HBM bandwidth, and dense (and, kept apart, "
      "sparse) peak throughput per dtype, each with its citation (document title, URL, date); plus measured "
      "ceilings labelled as measured. Lookup is exact: an unknown or ambiguous product (e.g. a bare \"H100\") is an "
      "error that lists the known names.");
}

nlohmann::json SpecLedgerTool::inputSchema() const {
  return {
      {"type", "object"},
      {"properties",
       {{"product", {{"type", "string"}, {"description", "exact GPU product, e.g. H200-SXM"}}},
        {"dtype", {{"type", "string"}, {"description", "restrict peaks to one dtype: fp32, bf16, fp16, fp8, ..."}}}}},
      {"required", {"product"}}};
}

KnowledgeResult SpecLedgerTool::query(const nlohmann::json& input) const {
  KnowledgeResult res;
  if (!input.is_object() || !input.contains("product") || !input["product"].is_string()) {
    res.error = QStringLiteral("spec-ledger: the query needs \"product\" (a string)");
    return res;
  }
  const SpecLedger& ledger = SpecLedger::builtin();
  const auto found = ledger.lookup(QString::fromStdString(input["product"].get<std::string>()));
  if (!found.gpu) {
    res.error = found.error;
    return res;
  }
  const GpuSpec& g = *found.gpu;
  const QString dtypeFilter = input.contains("dtype") && input["dtype"].is_string()
                                  ? normalizeDtype(QString::fromStdString(input["dtype"].get<std::string>()))
                                  : QString();
  const nlohmann::json scope = {
      {"vendor", g.vendor.toStdString()}, {"arch", g.arch.value.toStdString()}, {"product", g.id.toStdString()}};
  auto add = [&](const QString& field, const QString& what, const SpecValue& v, const QString& constraint) {
    KnowledgeRecord r;
    r.toolId = id();
    r.id = QStringLiteral("spec-ledger:%1:%2").arg(g.id, field);
    r.title = QStringLiteral("%1 %2").arg(g.displayName, what);
    // Whole numbers as they are (L2 = 62914560 bytes, not 6.29146e+07); others to 6 significant digits.
    const bool whole = std::abs(v.value) < 1e15 && v.value == std::floor(v.value);
    r.content = QStringLiteral("%1 = %2 %3")
                    .arg(what, whole ? QString::number(static_cast<qint64>(v.value)) : QString::number(v.value, 'g', 6),
                         v.unit);
    if (!v.note.isEmpty()) r.content += QStringLiteral(" (%1)").arg(v.note);
    if (v.hasConflict()) r.content += QStringLiteral(" [CONFLICT: %1]").arg(v.describe());
    r.scope = scope;
    r.source = v.source.toText();
    r.constraint = constraint;
    res.records.append(r);
  };
  if (g.bandwidth)
    add(QStringLiteral("memory_bandwidth"), QStringLiteral("peak memory bandwidth"), *g.bandwidth,
        QStringLiteral("memory roof of the roofline; bandwidth utilization denominator"));
  if (g.sms)
    add(QStringLiteral("sm_count"), g.smUnitName() + QStringLiteral(" count"), *g.sms,
        QStringLiteral("waves = CTAs / SMs; a grid under one wave leaves the device idle"));
  if (g.l2)
    add(QStringLiteral("l2_bytes"), QStringLiteral("L2 size"), *g.l2,
        QStringLiteral("timing flushes a buffer >= 2x L2 between repetitions"));
  if (g.hbm)
    add(QStringLiteral("hbm_gb"), QStringLiteral("HBM capacity"), *g.hbm,
        QStringLiteral("upper bound on resident tensors (decimal GB as published)"));
  if (g.boostClock)
    add(QStringLiteral("boost_clock_mhz"), QStringLiteral("boost clock the peaks assume"), *g.boostClock,
        QStringLiteral("the published peaks assume this clock; sustained clocks under load may be lower"));
  for (auto it = g.dense.cbegin(); it != g.dense.cend(); ++it) {
    if (!dtypeFilter.isEmpty() && it.key() != dtypeFilter) continue;
    add(QStringLiteral("dense.") + it.key(), QStringLiteral("dense %1 peak").arg(it.key()), it.value(),
        QStringLiteral("compute roof for %1 (dense; sparse figures are never used for dense kernels)").arg(it.key()));
  }
  // Sparse (2:4) peaks are separate records so nobody mistakes them for the dense roof.
  for (auto it = g.sparse.cbegin(); it != g.sparse.cend(); ++it) {
    if (!dtypeFilter.isEmpty() && it.key() != dtypeFilter) continue;
    add(QStringLiteral("sparse.") + it.key(),
        QStringLiteral("2:4 structured-sparsity %1 peak (NOT dense)").arg(it.key()), it.value(),
        QStringLiteral("only for 2:4 sparse kernels; never the roof of a dense kernel"));
  }
  // Missing facts are stated, never filled from another GPU.
  for (auto it = g.missingNotes.cbegin(); it != g.missingNotes.cend(); ++it) {
    if (!dtypeFilter.isEmpty() &&
        (it.key().startsWith(QLatin1String("dense.")) || it.key().startsWith(QLatin1String("sparse."))) &&
        !it.key().endsWith(u'.' + dtypeFilter))
      continue;
    res.notes.append(QStringLiteral("%1 %2: not published — %3").arg(g.id, it.key(), it.value()));
  }
  QMap<QString, int> seen;  // several measurements of one quantity get distinct, stable ids
  for (const MeasuredCeiling& m : ledger.measured(g.id)) {
    KnowledgeRecord r;
    r.toolId = id();
    const int n = seen[m.quantity]++;
    r.id = QStringLiteral("spec-ledger:%1:measured.%2").arg(g.id, m.quantity) +
           (n > 0 ? QStringLiteral("#%1").arg(n + 1) : QString());
    r.title = QStringLiteral("%1 %2 (MEASURED)").arg(g.id, m.quantity);
    r.content =
        QStringLiteral("%1 = %2 %3, measured %4").arg(m.quantity, QString::number(m.value, 'g', 6), m.unit, m.date);
    r.scope = scope;
    r.source = m.describe();
    r.constraint = QStringLiteral("a measured ceiling: a realistic target, kept apart from the datasheet figure");
    res.records.append(r);
  }
  res.ok = true;
  return res;
}

}  // namespace kwb
