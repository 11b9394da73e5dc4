#include "core/run/outputbudget.h"

namespace kwb {

OutputBudget::OutputBudget(qint64 headBytes, qint64 tailBytes, qsizetype lineChars)
    : m_head(qMax<qint64>(0, headBytes)),
      m_tail(qMax<qint64>(0, tailBytes)),
      m_lineChars(qMax<qsizetype>(1, lineChars)) {}

QString OutputBudget::droppedText(qint64 bytes, qint64 lines, qint64 headBytes, qint64 tailBytes) {
  return QStringLiteral(
             "output dropped: %1 bytes in %2 lines (kept: the first %3 and the last %4 bytes of the output, and every "
             "protocol line)")
      .arg(bytes)
      .arg(lines)
      .arg(headBytes)
      .arg(tailBytes);
}

void OutputBudget::releaseMarker(QList<BudgetLine>* out) {
  if (m_pendingLines == 0) return;
  out->append({droppedText(m_pendingBytes, m_pendingLines, m_head, m_tail), -1, true, true});
  m_pendingBytes = m_pendingLines = 0;
}

QList<BudgetLine> OutputBudget::push(BudgetLine line) {
  if (!line.pinned && line.text.size() > m_lineChars) {
    qsizetype keep = m_lineChars;
    if (line.text.at(keep - 1).isHighSurrogate()) --keep;  // never split a character
    const qsizetype cut = line.text.size() - keep;
    line.text.truncate(keep);
    line.text += QStringLiteral("… [kwb: %1 characters of this line dropped]").arg(cut);
  }
  const qint64 size = line.text.toUtf8().size() + 1;
  QList<BudgetLine> out;
  if (!m_headFull) {
    if (m_headUsed + size <= m_head || line.pinned) {
      // A pinned line is passed on even when it does not fit: the head ends after it.
      m_headUsed += size;
      m_headFull = m_headUsed >= m_head;
      out.append(std::move(line));
      return out;
    }
    m_headFull = true;
  }
  m_window.emplace_back(std::move(line), size);
  m_tailUsed += size;
  while (m_tailUsed > m_tail && !m_window.empty()) {
    auto [old, oldSize] = std::move(m_window.front());
    m_window.pop_front();
    m_tailUsed -= oldSize;
    if (old.pinned) {
      releaseMarker(&out);
      out.append(std::move(old));
    } else {
      m_pendingBytes += oldSize;
      ++m_pendingLines;
      m_droppedBytes += oldSize;
      ++m_droppedLines;
    }
  }
  // Pinned lines at the window's front have nothing older waiting: they go now (the console's progress reads them).
  while (!m_window.empty() && m_window.front().first.pinned) {
    releaseMarker(&out);
    m_tailUsed -= m_window.front().second;
    out.append(std::move(m_window.front().first));
    m_window.pop_front();
  }
  return out;
}

QList<BudgetLine> OutputBudget::finish() {
  QList<BudgetLine> out;
  releaseMarker(&out);
  for (auto& [l, size] : m_window) out.append(std::move(l));
  m_window.clear();
  m_tailUsed = 0;
  return out;
}

}  // namespace kwb
