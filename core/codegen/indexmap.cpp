#include "core/codegen/indexmap.h"

namespace kwb {

QList<int> PadMap::mappedDims() const {
  QList<int> dims;
  for (int d = 0; d < before.size(); ++d)
    if (before.at(d) != 0 || after.value(d) != 0 || flipped.value(d)) dims << d;
  return dims;
}

PadMap padMapOf(const QList<qint64>& pad, int rank, const QString& mode, const QString& fill) {
  PadMap m;
  m.mode = mode;
  m.fill = fill;
  if (pad.size() % 2 != 0 || pad.size() / 2 > rank || rank > 5) return m;
  m.before = QList<qint64>(rank, 0);
  m.after = QList<qint64>(rank, 0);
  for (int k = 0; k < pad.size() / 2; ++k) {
    m.before[rank - 1 - k] = pad.at(2 * k);
    m.after[rank - 1 - k] = pad.at(2 * k + 1);
  }
  return m;
}

PadMap flipMapOf(const QList<qint64>& dims, int rank) {
  PadMap m;
  m.mode = QStringLiteral("flip");
  if (rank > 5) return m;
  QList<bool> flipped(rank, false);
  for (qint64 d : dims) {
    if (d < -rank || d >= rank) return m;
    flipped[static_cast<int>((d + rank) % rank)] = true;
  }
  m.before = QList<qint64>(rank, 0);
  m.after = QList<qint64>(rank, 0);
  m.flipped = flipped;
  return m;
}

QStringList padMapLoad(const QList<PadMap>& maps, const QHash<int, int>& sizeScalar, int e) {
  const QString E = QString::number(e);
  QStringList out, idx, terms;
  for (int s = 0; s < 5; ++s) idx << QStringLiteral("i%1").arg(s);
  // the value outside: the fill of the outermost constant map whose bounds the index leaves (allIn: none is left)
  QString value, allIn;
  for (int k = 0; k < maps.size(); ++k) {
    const PadMap& m = maps.at(k);
    const int rank = static_cast<int>(m.before.size());
    const QList<int> dims = m.mappedDims();
    QStringList inside;
    for (int n = 0; n < dims.size(); ++n) {
      const int d = dims.at(n), slot = 5 - rank + d;
      const QString j = QStringLiteral("e%1_j%2").arg(E).arg(slot);
      const QString r = QStringLiteral("e%1_r%2_%3").arg(E).arg(k).arg(slot);
      qint64 inner = 0;  // the pads of the maps inside this one: its source's size is the innermost's plus them
      for (int i = k + 1; i < maps.size(); ++i) inner += maps.at(i).before.value(d) + maps.at(i).after.value(d);
      out << QStringLiteral("    %1 = f%2.to(tl.int32)%3")
                 .arg(r)
                 .arg(sizeScalar.value(d))
                 .arg(inner == 0 ? QString() : QStringLiteral(" + %1").arg(inner));
      const qint64 b = m.before.at(d);
      if (m.mode == u"flip") {
        out << QStringLiteral("    %1 = %2 - 1 - %3").arg(j, r, idx.at(slot));
        idx[slot] = j;
        continue;
      }
      out << QStringLiteral("    %1 = %2 %3 %4")
                 .arg(j, idx.at(slot), b < 0 ? QStringLiteral("+") : QStringLiteral("-"))
                 .arg(b < 0 ? -b : b);
      if (m.mode == u"replicate") {
        out << QStringLiteral("    %1 = tl.minimum(tl.maximum(%1, 0), %2 - 1)").arg(j, r);
      } else if (m.mode == u"reflect") {
        out << QStringLiteral("    %1 = tl.abs(%1)").arg(j);
        out << QStringLiteral("    %1 = tl.where(%1 >= %2, 2 * (%2 - 1) - %1, %1)").arg(j, r);
      } else if (m.mode == u"circular") {
        out << QStringLiteral("    %1 = (%1 + %2) % %2").arg(j, r);
      } else {
        inside << QStringLiteral("(%1 >= 0) & (%1 < %2)").arg(j, r);
      }
      idx[slot] = j;
    }
    if (inside.isEmpty()) continue;
    // a constant map: left, its fill, unless an outer constant map was left first (value is built outermost first)
    const QString in = QStringLiteral("e%1_in%2").arg(E).arg(k);
    out << QStringLiteral("    %1 = %2").arg(in, inside.join(QStringLiteral(" & ")));
    value = allIn.isEmpty() ? m.fill : QStringLiteral("tl.where(%1, %2, %3)").arg(allIn, m.fill, value);
    allIn = allIn.isEmpty() ? in : QStringLiteral("(%1 & %2)").arg(allIn, in);
  }
  for (int s = 0; s < 5; ++s) terms << QStringLiteral("%1 * s%2%3").arg(idx.at(s), E).arg(s);
  const QString load = QStringLiteral("tl.load(e%1 + (%2), mask=%3, other=0.0).to(tl.float32)")
                           .arg(E, terms.join(QStringLiteral(" + ")),
                                allIn.isEmpty() ? QStringLiteral("mask") : QStringLiteral("mask & ") + allIn);
  out << (allIn.isEmpty() ? QStringLiteral("    e%1_v = %2").arg(E, load)
                          : QStringLiteral("    e%1_v = tl.where(%2, %3, %4)").arg(E, allIn, load, value));
  return out;
}

}  // namespace kwb
