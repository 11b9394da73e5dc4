#include "widgets/suitetablemodel.h"

#include "core/review/displaytext.h"

#include "core/pipeline/suitereport.h"

#include "widgets/theme.h"
#include "widgets/verdictbadge.h"

#include <QDir>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include <cmath>
#include <limits>

namespace kwb {

namespace {

QVariant figure(const std::optional<double>& v, int role, char format, int precision, const QString& suffix = {}) {
  if (role == SuiteTableModel::SortRole) return v ? *v : std::numeric_limits<double>::quiet_NaN();
  if (!v) return QStringLiteral("–");
  return QString(QString::number(*v, format, precision) + suffix);
}

/// Natural order, case-insensitive: digit runs compare as numbers, so KernelBench's 2_… sorts before 10_….
/// (QCollator's numeric mode needs ICU and a real locale; the C locale ignores it.)
int naturalCompare(const QString& a, const QString& b) {
  qsizetype i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i].isDigit() && b[j].isDigit()) {
      qsizetype ei = i, ej = j;
      while (ei < a.size() && a[ei].isDigit()) ++ei;
      while (ej < b.size() && b[ej].isDigit()) ++ej;
      const QString na = a.mid(i, ei - i), nb = b.mid(j, ej - j);
      const qulonglong va = na.toULongLong(), vb = nb.toULongLong();
      if (va != vb) return va < vb ? -1 : 1;
      i = ei;
      j = ej;
      continue;
    }
    const QChar ca = a[i].toCaseFolded(), cb = b[j].toCaseFolded();
    if (ca != cb) return ca < cb ? -1 : 1;
    ++i;
    ++j;
  }
  return (i < a.size()) - (j < b.size());
}

bool missing(const QVariant& v) { return v.typeId() == QMetaType::Double && std::isnan(v.toDouble()); }

}  // namespace

SuiteTableModel::SuiteTableModel(QObject* parent) : QAbstractTableModel(parent) {}

QString SuiteTableModel::reasonCell(const QString& reason) {
  // The Gate column already says "Skeleton: kernel not implemented": the cell starts at the cause, which the
  // suite's sentence puts last (new-user trial 11: the column was cut before it). The tooltip keeps the whole text.
  static const QString skeleton = QStringLiteral("no kernel: kernel.py is a skeleton marked unimplemented (");
  if (!reason.startsWith(skeleton) || !reason.endsWith(u')')) return reason;
  QString inner = reason.mid(skeleton.size(), reason.size() - skeleton.size() - 1);
  static const QString noTemplate = QStringLiteral(" has no template for this problem: ");
  if (const qsizetype at = inner.indexOf(noTemplate); at >= 0 && at < 40) inner = inner.mid(at + noTemplate.size());
  return inner;
}

void SuiteTableModel::resetData(const QList<SuiteEntry>& entries, const QString& suiteDir, const QString& recordedDir) {
  beginResetModel();
  m_rows = entries;
  m_reasons.clear();
  for (const SuiteEntry& e : entries) m_reasons << suiteRelativeText(e.error, suiteDir, recordedDir);
  endResetModel();
}

int SuiteTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int SuiteTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SuiteTableModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const SuiteEntry& e = m_rows[index.row()];
  const Verdict verdict = suiteEntryVerdict(e);
  const auto column = static_cast<Columns>(index.column());
  switch (role) {
    case WorkspaceRole:
      return e.workspace;
    case VerdictRole:
      return static_cast<int>(verdict);
    case FilterRole:
      return QString(e.name + u' ' + verdictCode(verdict) + u' ' + suiteEntryStatusTitle(e) + u' ' + e.bottleneck +
                     u' ' + e.error);
    case Qt::ForegroundRole:
      if (column == StatusColumn) return readableOn(verdictColor(verdict), QGuiApplication::palette());
      return {};
    case Qt::FontRole:
      if (column == StatusColumn) {
        QFont f;
        f.setBold(true);
        return f;
      }
      return {};
    case Qt::TextAlignmentRole:
      if (column >= RelErrColumn && column != ReasonColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
      return {};
    case Qt::ToolTipRole: {
      // A "–" for torch.compile says why where the suite knows it (the problem's baseline report did; the row did not)
      const QString noCompile = e.compileLatencyUs || e.compileError.isEmpty()
                                    ? QString()
                                    : tr("no torch.compile figure: %1").arg(e.compileError);
      if ((column == CompileColumn || column == SpeedupCompileColumn) && !noCompile.isEmpty()) return noCompile;
      QString tip = e.name + u'\n' + QDir::toNativeSeparators(e.workspace);
      if (!noCompile.isEmpty()) tip += u'\n' + noCompile;
      if (!e.bottleneck.isEmpty()) tip += u'\n' + tr("bottleneck: %1").arg(e.bottleneck);
      if (e.bandwidthUtilVsCopyPct)
        tip += u'\n' + tr("bandwidth: %1% of the copy measured in its run").arg(*e.bandwidthUtilVsCopyPct, 0, 'f', 1);
      if (!m_reasons[index.row()].isEmpty()) tip += u'\n' + m_reasons[index.row()];
      return tip;
    }
    case Qt::DisplayRole:
    case SortRole:
      break;
    default:
      return {};
  }
  switch (column) {
    case ProblemColumn:
      return e.name;
    case StatusColumn:
      if (role == SortRole) return static_cast<double>(verdictRank(verdict));
      return QString(verdictGlyph(verdict) + u' ' + suiteEntryStatusTitle(e));
    case RelErrColumn:
      return figure(e.maxRelErr, role, 'e', 2);
    case LatencyColumn:
      return figure(e.latencyUs, role, 'f', 1);
    case EagerColumn:
      return figure(e.refLatencyUs, role, 'f', 1);
    case SpeedupEagerColumn:
      return figure(e.speedupVsEager(), role, 'f', 2, QStringLiteral("×"));
    case CompileColumn:
      return figure(e.compileLatencyUs, role, 'f', 1);
    case SpeedupCompileColumn:
      return figure(e.speedupVsCompile(), role, 'f', 2, QStringLiteral("×"));
    case BandwidthColumn:
      return figure(e.bandwidthUtilPct, role, 'f', 1);
    case ComputeColumn:
      return figure(e.computeUtilPct, role, 'f', 1);
    case ReasonColumn:
      // A dry run has no reason to give, and an empty cell read as "passed" (new-user trial 18, #11): it measured
      // nothing, so it is neither PASS nor a failure.
      if (m_reasons[index.row()].isEmpty() && verdict == Verdict::DryRun) return tr("dry run: nothing measured");
      // A PASS has no reason of its own: the cell says why its torch.compile columns read "–"
      if (m_reasons[index.row()].isEmpty() && !e.compileLatencyUs && !e.compileError.isEmpty())
        return role == SortRole ? QString() : tr("no torch.compile figure: %1").arg(e.compileError);
      // the cell starts at the cause (reasonCell), its fixed words in the GUI's language (trial 12, #12)
      return role == SortRole ? m_reasons[index.row()] : displaySuiteReason(reasonCell(m_reasons[index.row()]));
    case ColumnCount:
      break;
  }
  return {};
}

QVariant SuiteTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole)) return {};
  const bool tip = role == Qt::ToolTipRole;
  switch (static_cast<Columns>(section)) {
    case ProblemColumn:
      return tip ? tr("The problem (its logic file's name); double-click or Enter opens its workspace for review")
                 : tr("Problem");
    case StatusColumn:
      return tip ? tr("The quality gate of its V0 baseline") : tr("Gate");
    case RelErrColumn:
      return tip ? tr("The largest relative error over all cases") : tr("max rel_err");
    case LatencyColumn:
      return tip ? tr("The generated kernel's latency, primary case (µs)") : tr("Kernel µs");
    case EagerColumn:
      return tip ? tr("Eager PyTorch's latency, primary case (µs)") : tr("Eager µs");
    case SpeedupEagerColumn:
      return tip ? tr("Speedup over eager PyTorch (eager µs / kernel µs; above 1 is faster)") : tr("vs eager");
    case CompileColumn:
      return tip ? tr("torch.compile's latency, primary case (µs)") : tr("compile µs");
    case SpeedupCompileColumn:
      return tip ? tr("Speedup over torch.compile (compile µs / kernel µs; above 1 is faster)") : tr("vs compile");
    case BandwidthColumn:
      return tip ? tr("Share of the GPU's datasheet memory bandwidth reached (%)") : tr("BW %");
    case ComputeColumn:
      return tip ? tr("Share of the GPU's datasheet compute peak reached (%)") : tr("Compute %");
    case ReasonColumn:
      return tip ? tr("Why the problem did not PASS (the row's tooltip and the Report tab give the whole text)")
                 : tr("Why not PASS");
    case ColumnCount:
      break;
  }
  return {};
}

SuiteSortProxy::SuiteSortProxy(QObject* parent) : QSortFilterProxyModel(parent) {
  setSortRole(SuiteTableModel::SortRole);
  setFilterRole(SuiteTableModel::FilterRole);
  setFilterKeyColumn(SuiteTableModel::ProblemColumn);
  setFilterCaseSensitivity(Qt::CaseInsensitive);
  setSortCaseSensitivity(Qt::CaseInsensitive);
}

int SuiteTableModel::verdictRank(Verdict v) {
  switch (v) {
    case Verdict::Error:
      return 0;
    case Verdict::Fail:
      return 1;
    case Verdict::TimeoutFail:
      return 2;
    case Verdict::Skeleton:
      return 3;
    case Verdict::DryRunTimeout:
      return 4;
    case Verdict::Incomplete:
      return 5;
    case Verdict::Stopped:
      return 6;
    case Verdict::NotRun:
      return 7;
    case Verdict::Running:
      return 8;
    case Verdict::DryRun:
      return 9;
    case Verdict::Pass:
      return 10;
  }
  return 10;
}

bool SuiteSortProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
  const QVariant l = left.data(sortRole());
  const QVariant r = right.data(sortRole());
  const bool lm = missing(l), rm = missing(r);
  // Descending sorts by lessThan(right, left): a missing figure must compare "less" there to stay last.
  if (lm || rm) {
    if (lm != rm) return lm ? sortOrder() == Qt::DescendingOrder : sortOrder() == Qt::AscendingOrder;
  } else if (l.typeId() == QMetaType::Double && r.typeId() == QMetaType::Double) {
    if (l.toDouble() != r.toDouble()) return l.toDouble() < r.toDouble();
  } else if (const int c = naturalCompare(l.toString(), r.toString()); c != 0) {
    return c < 0;
  }
  // Equal keys (every FAIL of a failures-first table): by name, ascending in either order, so the rows do not
  // depend on suite.json's order or on the order clicked before.
  const QString ln = left.siblingAtColumn(SuiteTableModel::ProblemColumn).data().toString();
  const QString rn = right.siblingAtColumn(SuiteTableModel::ProblemColumn).data().toString();
  const int byName = naturalCompare(ln, rn);
  return sortOrder() == Qt::AscendingOrder ? byName < 0 : byName > 0;
}

}  // namespace kwb
