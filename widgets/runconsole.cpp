#include "widgets/runconsole.h"

#include "core/review/displaytext.h"

#include "core/pipeline/session.h"
#include "widgets/casetablemodel.h"
#include "widgets/codeeditor.h"
#include "widgets/textfit.h"
#include "widgets/theme.h"
#include "widgets/verdictbadge.h"
#include "widgets/wizardpanel.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QCheckBox>
#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTextBlock>
#include <QTextCharFormat>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextLayout>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace kwb {

namespace {

/// A one-line label that shows "…" where its text is cut (the whole text is its tooltip): a phase's activity cut
/// mid-word ("probing with /usr/bin/python3 (meta ten") read as broken (new-user trial 9, #12).
class ElidedLabel : public QLabel {
 public:
  using QLabel::QLabel;

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter p(this);
    const QRect r = contentsRect();
    p.setPen(palette().color(foregroundRole()));
    p.drawText(r, int(Qt::AlignLeft | Qt::AlignVCenter), fontMetrics().elidedText(text(), Qt::ElideRight, r.width()));
  }
};

}  // namespace

RunConsole::RunConsole(QWidget* parent)
    : QWidget(parent),
      m_output(new QPlainTextEdit(this)),
      m_cases(new CaseTableModel(this)),
      m_table(new QTableView(this)),
      m_progress(new QProgressBar(this)),
      m_stop(new QPushButton(tr("Stop"), this)),
      m_summary(new ElidedLabel(this)),
      m_verdict(new VerdictBadge(this)),
      m_rawCheck(new QCheckBox(tr("Raw"), this)),
      m_filter(new QLineEdit(this)),
      m_flushTimer(new QTimer(this)),
      m_tick(new QTimer(this)) {
  m_output->setObjectName(QStringLiteral("runOutput"));
  m_output->setReadOnly(true);
  m_output->setMaximumBlockCount(kMaxLines);
  m_output->setFont(CodeEditor::editorFont());
  // Wrapped: beside the case table the log is ~230 px wide at 1280x800, and unwrapped every case line ended
  // at its name, the shape, dtype, rel_err and µs a horizontal scroll away.
  m_output->setLineWrapMode(QPlainTextEdit::WidgetWidth);
  m_output->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
  // Following the end: wrapped lines are laid out after the insert, so the scroll range grows later than the
  // text (the zh_CN walk's log stopped a third of the way down); a range change while following moves along.
  QScrollBar* sb = m_output->verticalScrollBar();
  // Only the user's scrolling decides (wheel, keys on the bar, drag: an action); a relayout after a resize also
  // moves the value, and reading that as "scrolled up" stopped the review's log at its start.
  connect(sb, &QAbstractSlider::actionTriggered, this,
          [this, sb](int) { m_followEnd = sb->sliderPosition() >= sb->maximum(); });
  connect(sb, &QScrollBar::rangeChanged, this, [this, sb](int, int max) {
    if (m_followEnd) sb->setValue(max);
  });
  m_output->installEventFilter(this);  // a resize re-wraps the lines after the range was last set

  auto* proxy = new QSortFilterProxyModel(this);
  proxy->setSourceModel(m_cases);
  proxy->setSortRole(CaseTableModel::SortRole);
  m_table->setObjectName(QStringLiteral("caseTable"));
  m_table->setModel(proxy);
  m_table->setSortingEnabled(true);
  m_table->sortByColumn(-1, Qt::AscendingOrder);  // arrival order until the user sorts
  m_table->verticalHeader()->hide();
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  // The numbers right after the status: at 1280x800 the table beside the log showed case, status and shape
  // only, rel_err and µs a horizontal scroll away. Shape, dtype and reason follow (the row's tooltip has them).
  {
    QHeaderView* h = m_table->horizontalHeader();
    int at = 2;
    for (int column : {CaseTableModel::RelErrColumn, CaseTableModel::LatencyColumn, CaseTableModel::RefLatencyColumn})
      h->moveSection(h->visualIndex(column), at++);
    // A long shape ("16x4096, 16x4096") takes no more than this; elided in the middle, whole in the tooltip.
    h->setSectionResizeMode(CaseTableModel::ShapeColumn, QHeaderView::Interactive);
    h->resizeSection(CaseTableModel::ShapeColumn,
                     m_table->fontMetrics().horizontalAdvance(QStringLiteral("4096x393216")) + 12);
    m_table->setTextElideMode(Qt::ElideMiddle);
    // The reason wraps at words and ends at one: elided by the view it read "problem_shape's (the free …" or cut a
    // word (new-user trial 23); the row's tooltip has the whole reason
    m_table->setItemDelegateForColumn(CaseTableModel::ReasonColumn, new WordFitDelegate(m_table));
    // A shown sort indicator widens every column by its arrow (about 20 px each, enough to push µs out of
    // view): none until the user sorts (setSortingEnabled() turned it on; clicking still sorts).
    h->setSortIndicatorShown(false);
    connect(h, &QHeaderView::sectionClicked, h, [h] { h->setSortIndicatorShown(true); });
  }
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);

  m_stop->setObjectName(QStringLiteral("stopButton"));
  m_stop->setEnabled(false);
  m_stop->setVisible(false);  // shown while a run goes: in review the header needs the room
  m_stop->setToolTip(
      tr("Stop the running phase: the probe of phase 1 or the measurement (its process group is killed; a "
         "measurement's log is kept)"));
  connect(m_stop, &QPushButton::clicked, this, &RunConsole::stopRequested);
  m_progress->setObjectName(QStringLiteral("runProgress"));
  m_progress->installEventFilter(this);  // fitProgressText() on resize
  m_progress->setRange(0, 1);
  m_progress->setValue(0);
  setProgressText(tr("idle"));
  m_progress->setTextVisible(true);
  m_summary->setObjectName(QStringLiteral("caseSummary"));
  // A phase's activity can name a long path: clipped here (the tooltip has it all), never widening the dock.
  m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  // The header must not set the dock's minimum width: the progress bar gives way first.
  m_progress->setMinimumWidth(80);
  m_verdict->setObjectName(QStringLiteral("consoleVerdict"));
  m_verdict->setPrefix(false);  // the dock's title says where it is; the badge keeps its colour and glyph
  m_verdict->setWordWrap(false);

  m_rawCheck->setObjectName(QStringLiteral("rawOutputCheck"));
  m_rawCheck->setToolTip(tr("Show the harness's protocol lines (CASE_START, CASE_RESULT, RESULT_JSON) as printed"));
  connect(m_rawCheck, &QCheckBox::toggled, this, &RunConsole::setRawOutput);
  m_filter->setObjectName(QStringLiteral("outputFilter"));
  m_filter->setPlaceholderText(tr("Filter output"));
  m_filter->setClearButtonEnabled(true);
  connect(m_filter, &QLineEdit::textChanged, this, &RunConsole::setFilterText);

  // The progress bar is not beside the verdict: in a dock of ~490 px "case 4/6: dtype_bf16 — timeout in 30 s"
  // wrapped and was clipped there. The filter and the raw toggle share the verdict's row: on a row of their own they
  // took ~30 px of the log's height (the dock is ~330 px tall at 1280x800). The case counts go beside the progress
  // bar, whole: between the verdict and the filter a 1440x900 console cut "7 ran (harness only)" to "7 ran (harne…"
  // (new-user trial 14, #10); the bar's text is short and centred, and gives way.
  auto* bar = new QHBoxLayout;
  bar->addWidget(m_verdict);
  bar->addStretch(1);
  bar->addWidget(m_filter);
  bar->addWidget(m_rawCheck);
  bar->addWidget(m_stop);
  m_filter->setMaximumWidth(160);
  m_filter->setMinimumWidth(90);
  m_progressRow = new QHBoxLayout;
  m_progressRow->addWidget(m_progress, 1);
  m_progressRow->addWidget(m_summary, 0);
  auto* split = new QSplitter(Qt::Horizontal, this);
  m_split = split;
  split->setObjectName(QStringLiteral("consoleSplitter"));
  split->addWidget(m_output);
  split->addWidget(m_table);
  // 2:3 for the table before it is split by its columns (splitBySpace()): at half each the table of a 490 px
  // dock (1280x800) showed case, status and shape, its rel_err and µs a scroll away.
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 3);
  // Split by the space the table needs: at 1920x1080 a fixed 2:3 left the log ~340 px while the table had room
  // to spare. Again when the console is resized or the cases change, until the user drags the handle.
  connect(split, &QSplitter::splitterMoved, this, [this] { m_userSplit = true; });
  split->installEventFilter(this);
  // The trial's live shot drew the running case's status in the width "ran" had needed, "R…G" (new-user trial 14,
  // #10). The header re-measures a ResizeToContents column only in its own delayed pass (a resize of the view starts
  // one); the name and status columns are measured here whenever a row is added or changes.
  // The shape as wide as its longest text up to the set width (a long one elided): "512x384" needs less.
  const int shapeCap = m_table->horizontalHeader()->sectionSize(CaseTableModel::ShapeColumn);
  const auto fitColumns = [this, shapeCap] {
    QTimer::singleShot(0, this, [this, shapeCap] {
      for (int column : {CaseTableModel::NameColumn, CaseTableModel::StatusColumn})
        m_table->resizeColumnToContents(column);
      const QAbstractItemView* view = m_table;  // sizeHintForColumn() is public there
      m_table->horizontalHeader()->resizeSection(
          CaseTableModel::ShapeColumn,
          std::min(shapeCap, std::max(m_table->horizontalHeader()->sectionSizeHint(CaseTableModel::ShapeColumn),
                                      view->sizeHintForColumn(CaseTableModel::ShapeColumn))));
      updateDryRunColumns();
    });
  };
  connect(m_cases, &QAbstractItemModel::headerDataChanged, this, fitColumns);  // setDryRun()
  connect(m_cases, &QAbstractItemModel::modelReset, this, fitColumns);
  connect(m_cases, &QAbstractItemModel::rowsInserted, this, fitColumns);
  connect(m_cases, &QAbstractItemModel::dataChanged, this, fitColumns);
  connect(m_cases, &QAbstractItemModel::modelReset, this, &RunConsole::splitBySpaceLater);
  connect(m_cases, &QAbstractItemModel::rowsInserted, this, &RunConsole::splitBySpaceLater);
  connect(m_cases, &QAbstractItemModel::dataChanged, this, &RunConsole::splitBySpaceLater);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(bar);
  layout->addLayout(m_progressRow);
  layout->addWidget(split, 1);

  m_flushTimer->setInterval(100);
  connect(m_flushTimer, &QTimer::timeout, this, &RunConsole::flush);
  m_tick->setInterval(1000);
  connect(m_tick, &QTimer::timeout, this, &RunConsole::updateProgress);
}

void RunConsole::setProgressText(const QString& text) {
  m_progressText = text;
  fitProgressText();
}

void RunConsole::fitProgressText() {
  // The bar gives way to the case counts beside it: a text wider than the bar wrapped and was clipped inside it ("V1 of
  // 2: recorded run of 2026-12-04 / 11:33", new-user trials 15 #5 and 16 #12). It is elided in the middle instead; the
  // whole text is in the bar's tooltip unless that says more.
  const int room = m_progress->contentsRect().width() - 2 * m_progress->fontMetrics().horizontalAdvance(u'M');
  const QString shown = !m_progress->isVisible() || m_progress->fontMetrics().horizontalAdvance(m_progressText) <= room
                            ? m_progressText
                            : m_progress->fontMetrics().elidedText(m_progressText, Qt::ElideMiddle, std::max(room, 0));
  // QProgressBar's format reads %p, %v and %m: a literal percent sign is doubled
  m_progress->setFormat(QString(shown).replace(u'%', QStringLiteral("%%")));
  if (m_progress->toolTip().isEmpty() || m_progress->property("kwbElidedTip").toBool())
    m_progress->setToolTip(shown == m_progressText ? QString() : m_progressText);
  m_progress->setProperty("kwbElidedTip", shown != m_progressText);
}

bool RunConsole::eventFilter(QObject* watched, QEvent* event) {
  if (watched == m_progress && (event->type() == QEvent::Resize || event->type() == QEvent::Show)) fitProgressText();
  if (watched == m_output && (event->type() == QEvent::Resize || event->type() == QEvent::Show)) followEndLater();
  if (watched == m_split && event->type() == QEvent::Resize) splitBySpaceLater();
  return QWidget::eventFilter(watched, event);
}

void RunConsole::followEndLater() {
  // After the pending relayout. QPlainTextEdit counts a block not yet laid out as one line and sets its scroll
  // range when the text changes; a wrapped block laid out later (painted, or the cursor made visible) adds lines
  // without a new range. The range then fell short of the end and the line numbers under it moved: the review's
  // log, opened after a live run, showed its start with the scroll bar "at the end". Every block laid out, the
  // document's size (in lines) is announced again, so the range is the laid-out one and its maximum the end.
  QTimer::singleShot(0, this, [this] {
    if (!m_followEnd) return;
    QTextDocument* doc = m_output->document();
    QAbstractTextDocumentLayout* layout = doc->documentLayout();
    for (QTextBlock b = doc->firstBlock(); b.isValid(); b = b.next())
      if (b.layout()->lineCount() == 0) layout->blockBoundingRect(b);  // lays it out
    Q_EMIT layout->documentSizeChanged(layout->documentSize());        // QPlainTextEdit sets its range again
    QTextCursor end(doc);
    end.movePosition(QTextCursor::End);
    m_output->setTextCursor(end);
    m_output->ensureCursorVisible();
    QScrollBar* sb = m_output->verticalScrollBar();
    sb->setValue(sb->maximum());
  });
}

void RunConsole::resetLayout() {
  m_userSplit = false;
  splitBySpace();
}

int RunConsole::tableWidthNeeded(bool numbersOnly, bool withShape) const {
  const QHeaderView* h = m_table->horizontalHeader();
  const QAbstractItemView* view = m_table;  // sizeHintForColumn() is public there, protected in QTableView
  int width = 0;
  for (int column = 0; column < h->count(); ++column) {
    if (h->isSectionHidden(column)) continue;
    if (numbersOnly && column != CaseTableModel::NameColumn && column != CaseTableModel::StatusColumn &&
        column != CaseTableModel::RelErrColumn && column != CaseTableModel::LatencyColumn &&
        column != CaseTableModel::RefLatencyColumn && !(withShape && column == CaseTableModel::ShapeColumn))
      continue;
    // The shape column keeps its set width (a long shape is elided); the others as wide as header or content.
    int w = column == CaseTableModel::ShapeColumn
                ? h->sectionSize(column)
                : std::max(h->sectionSizeHint(column), view->sizeHintForColumn(column));
    // The stretched last section (the reason) does not shrink below the default section size, and is counted at a
    // reading width at most: it wraps at words (WordFitDelegate), and a skip's 600-character reason made the table
    // "need" more than any console, so it never got its Reason (new-user trial 23, #7).
    if (!numbersOnly && h->visualIndex(column) == h->count() - 1)
      w = std::max(std::min(w, kReasonReadChars * m_table->fontMetrics().averageCharWidth()), h->defaultSectionSize());
    width += w;
  }
  return width + 2 * m_table->frameWidth() + m_table->verticalScrollBar()->sizeHint().width();
}

void RunConsole::updateDryRunColumns() {
  for (int column : {CaseTableModel::RelErrColumn, CaseTableModel::LatencyColumn}) {
    bool shown = !m_cases->dryRun();
    for (int row = 0; !shown && row < m_cases->rowCount(); ++row)
      shown = m_cases->index(row, column).data().toString() != QStringLiteral("—");
    if (m_table->isColumnHidden(column) == shown) {
      m_table->setColumnHidden(column, !shown);
      splitBySpaceLater();
    }
  }
}

void RunConsole::splitBySpaceLater() {
  if (!m_userSplit)
    QTimer::singleShot(0, this, [this] {
      if (!m_userSplit) splitBySpace();
    });
}

void RunConsole::splitBySpace() {
  const int handle = m_split->handleWidth();
  const int width = m_split->width() - handle, height = m_split->height() - handle;
  if (width <= 0 || height <= 0) return;  // not laid out yet
  // Every column where they all fit in half, the log the rest. Else the case, its status and its numbers whole
  // (shape and dtype are in the log's lines and the row's tooltip), between 2/5 and 3/5: at 1920x1080 the table
  // takes those ~380 px of ~880 and the log the rest.
  // The shape too where the log keeps its width: at 1920x1080 it was cut to "512x3" (new-user trial 17, #15).
  const int all = tableWidthNeeded();
  const auto share = [width](int needed) { return std::min(std::max(needed, width * 2 / 5), width * 3 / 5); };
  // The whole table beside the log where it fits in half, or where the log still keeps kMinLogWidth.
  const bool whole = all <= width / 2 || width - all >= kMinLogWidth;
  int beside = whole ? all : share(tableWidthNeeded(true, true));
  if (!whole && width - beside < kMinLogWidth) beside = share(tableWidthNeeded(true));
  // Beside a table that needs most of a narrow console the log wrapped every line over 2-3 rows and the table was
  // cut (1280x800: ~220 px of log; new-user trial 6, R6). There, with height to share, the log goes above the
  // table: both get the console's whole width. So too where the table is not whole beside the log: at 1920x1080 it
  // got its numbers and the shape in ~350 of ~880 px, dtype cut and the Reason a scroll away, beside ~530 px of log
  // (new-user trial 23, #7); above it the log is as wide as the console and wraps less.
  if (!whole && height >= kMinStackedHeight) {
    if (m_split->orientation() != Qt::Vertical) m_split->setOrientation(Qt::Vertical);
    const int rows =
        m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth() +
        m_table->horizontalScrollBar()->sizeHint().height() +
        std::max<int>(3, static_cast<int>(m_cases->rowCount())) * m_table->verticalHeader()->defaultSectionSize();
    const int table = std::clamp(rows, height * 2 / 5, height / 2);
    if (m_split->sizes().value(1) != table) m_split->setSizes({height - table, table});
    return;
  }
  if (m_split->orientation() != Qt::Horizontal) m_split->setOrientation(Qt::Horizontal);
  if (m_split->sizes().value(1) != beside) m_split->setSizes({width - beside, beside});
}

void RunConsole::setSession(WorkbenchSession* session) {
  // The job's live output, whichever job the session holds now.
  // Phases 1-3: a busy bar and what the phase does now (the trial saw "idle" while phase 1 probed).
  connect(session, &WorkbenchSession::phaseStarted, this, [this](int phase) {
    if (m_running) return;
    m_busyPhase = phase;
    m_activity = tr("Phase %1: %2…").arg(phase).arg(phaseTitle(phase));
    // the chip says which phase runs; the summary beside it what it does now
    m_verdict->setActivity(Verdict::Running, tr("Phase %1: %2").arg(phase).arg(phaseTitle(phase)), m_activity);
    m_progress->setRange(0, 0);  // a busy bar draws no text: the activity goes beside the verdict
    m_progress->setToolTip(m_activity);
    updateSummary();
  });
  connect(session, &WorkbenchSession::progress, this, [this](int phase, const QString& recorded, MessageKind kind) {
    const QString message = displayRecordsSummaryLine(recorded);  // the records' summary lines are English
    appendMessage(QStringLiteral("[%1] %2").arg(phaseTitle(phase), message), kind);
    if (phase != m_busyPhase) return;
    m_activity = message;
    m_progress->setToolTip(m_activity);
    updateSummary();
  });
  connect(session, &WorkbenchSession::phaseFinished, this, [this, session](int phase, bool ok) {
    if (phase != m_busyPhase) return;
    m_busyPhase = 0;
    m_activity.clear();
    m_progress->setRange(0, 1);
    m_progress->setValue(ok ? 1 : 0);
    // a Stop is the user's, not a failure (new-user trial 15, #6: the chip read "Phase 1 failed" after Stop)
    const bool stopped = !ok && session->job() && session->job()->stopped();
    setProgressText(ok        ? tr("phase %1 done").arg(phase)
                    : stopped ? tr("phase %1 stopped").arg(phase)
                              : tr("phase %1 failed").arg(phase));
    m_progress->setToolTip(QString());
    // Before phase 4's verdict the chip says where the phases stand, not "Not run" beside "phase 3 done"; a failed
    // phase names itself as kwb does ("[phase 1] error: ..."), its error in the tooltip and the log.
    if (stopped)
      m_verdict->setActivity(Verdict::Stopped, tr("Phase %1 stopped: %2").arg(phase).arg(phaseTitle(phase)),
                             tr("Stopped on request; nothing after it ran."));
    else if (!ok)
      m_verdict->setActivity(Verdict::Error, tr("Phase %1 failed: %2").arg(phase).arg(phaseTitle(phase)),
                             session->job() ? displayGateReason(session->job()->lastError()) : QString());
    else if (phase < 4 && (m_verdict->verdict() == Verdict::NotRun || m_verdict->verdict() == Verdict::Running))
      m_verdict->setActivity(Verdict::NotRun, tr("Phase %1 done; V0 not measured yet").arg(phase),
                             tr("Phase 4 (Measure) runs the V0 measurement and sets the quality gate."));
    updateSummary();
  });
  connect(session, &WorkbenchSession::outputLine, this, &RunConsole::appendLine);
  connect(session, &WorkbenchSession::caseStarted, this, &RunConsole::caseStarted);
  connect(session, &WorkbenchSession::caseFinished, this, &RunConsole::caseFinished);
  connect(session, &WorkbenchSession::verdictChanged, this, [this](Verdict v, const QString& reason) {
    m_verdict->setVerdict(v, reason);
    m_cases->setVerdict(v);
    noteGateNotACase(v, reason);
    updateSummary();
  });
  // Another problem's (or another run's) cases are not this job's: the table empties when a new job comes, so phase 1
  // of a new problem does not sit beside the last problem's six rows (seen in the 1280x800 walk).
  connect(session, &WorkbenchSession::jobChanged, this, [this] {
    if (m_running || m_cases->rowCount() == 0) return;
    m_cases->clear();
    updateSummary();
  });
  connect(session, &WorkbenchSession::reviewChanged, this, [this, session] {
    if (m_running || !session->review()) return;
    const WorkspaceReview& r = *session->review();
    m_pending.clear();
    m_entries.clear();
    m_output->clear();
    m_followEnd = true;  // a new log: its end in view, whatever the user scrolled in the last one
    m_cases->setDryRun(r.mode == QLatin1String("cpu-dry-run"));
    m_cases->resetData(r.cases);
    m_cases->setSkippedCases(r.result ? r.result->skippedCases : QList<QPair<QString, QString>>());
    for (const RunLogLine& l : readRunLog(r.logPath, kMaxLines)) appendLine(l.text, l.channel);
    if (r.runDir.isEmpty() && r.skeleton)  // an empty log said nothing of why (new-user trial 6, R2)
      appendMessage(tr("No run: kernel.py is a skeleton (no kernel), so the harness was not run."));
    // A clone: the record names a run whose folder was not committed (new-user trial 19, #8: an empty table under
    // "no run recorded" beside a report with the full table)
    if (r.runDir.isEmpty() && !r.absentRunDir.isEmpty())
      appendMessage(r.casesFromReport
                        ? tr("The run folder %1 is not in this copy (run folders are not committed): the cases are "
                             "read from the report's table, which is the record; the run's log is not here.")
                              .arg(r.absentRunDir)
                        : tr("The run folder %1 is not in this copy (run folders are not committed): the report's "
                             "table is the record.")
                              .arg(r.absentRunDir));
    flush();
    m_progress->setRange(0, 1);
    m_progress->setValue(1);
    // What the bar shows: a recorded run, not one going on (a bare time of day read as a clock); the
    // folder is in the tooltip.
    const QString stamp = QDir(r.runDir.isEmpty() ? r.absentRunDir : r.runDir).dirName();
    const QDateTime when = QDateTime::fromString(stamp.left(15), QStringLiteral("yyyyMMdd-HHmmss"));
    // Which version first: a workspace with V0 and V1 opened on V0 and nothing said so (new-user trial 6, R1).
    const QString run = r.runDir.isEmpty() && !r.absentRunDir.isEmpty()
                            ? (when.isValid() ? tr("recorded run of %1, its folder not in this copy")
                                                    .arg(when.toString(QStringLiteral("yyyy-MM-dd HH:mm")))
                                              : tr("recorded run %1, its folder not in this copy").arg(stamp))
                        : r.runDir.isEmpty() ? tr("no run recorded")
                        : when.isValid()
                            ? tr("recorded run of %1").arg(when.toString(QStringLiteral("yyyy-MM-dd HH:mm")))
                            : tr("recorded run %1").arg(stamp);
    setProgressText(r.versionCount > 0 ? tr("%1: %2").arg(versionOfText(r.version, r.versionCount), run) : run);
    m_progress->setToolTip(m_progressText + u'\n' +
                           tr("Review: the recorded run as written in %1; nothing was re-run")
                               .arg(r.runDir.isEmpty() ? r.absentRunDir : r.runDir));
    updateSummary();
  });
}

void RunConsole::setSkippedCases(const QList<QPair<QString, QString>>& skipped) {
  m_cases->setSkippedCases(skipped);
  updateSummary();
}

void RunConsole::noteGateNotACase(Verdict v, const QString& reason) {
  // A red FAIL over a log that ends "finished: ok" and a table of cases that all ran (framework conformance, a
  // static check of kernel.py, failed the gate; new-user trial 20, #8): the log's last line and a table row say why.
  const bool caseFailed = m_cases->countStatus(QStringLiteral("FAIL")) + m_cases->countStatus(QStringLiteral("ERROR")) +
                              m_cases->countStatus(QStringLiteral("TIMEOUT_FAIL")) >
                          0;
  const bool notACase =
      (v == Verdict::Fail || v == Verdict::Error) && !reason.isEmpty() && !caseFailed && !m_cases->results().isEmpty();
  const QString why = notACase ? displayGateReason(reason) : QString();
  if (notACase && why != m_cases->gateNote()) {
    appendMessage(tr("harness finished; quality gate %1: %2 (not a case: every case ran)").arg(verdictLabel(v), why),
                  MessageKind::Error);
    flush();
  }
  m_cases->setGateNote(why);
  if (!why.isEmpty()) m_table->scrollToBottom();  // the gate's row is the last: in view below seven cases at 1280x800
}

QString RunConsole::humanLine(const QString& line) { return displayHarnessLine(line); }

void RunConsole::appendLine(const QString& line, int channel) {
  // The runner's own lines (output.log's "[kwb] …", read back in review) are shown translated; Raw shows them as
  // written.
  Entry e{line, channel >= 0 ? humanLine(line) : QString(), channel};
  if (channel < 0)
    if (const QString shown = displayRunLogLine(line); shown != line) e.human = shown;
  if (channel >= 0 && !e.human.isEmpty()) {
    const HarnessEvent ev = parseHarnessLine(line);
    if (ev.kind == HarnessEvent::Kind::CaseStart && ev.caseTotal > 0) {
      // A resumed process counts only the cases left: add the ones finished before it.
      int done = 0;
      for (const CaseResult& c : m_cases->results()) done += c.status != QLatin1String("RUNNING") ? 1 : 0;
      m_caseTotal = std::max(m_caseTotal, done + ev.caseTotal - ev.caseIndex + 1);
    }
  }
  if (!m_pending.isEmpty() && sameLine(m_pending.last(), e))
    ++m_pending.last().repeats;
  else
    m_pending.append(e);
  if (!m_flushTimer->isActive()) m_flushTimer->start();
  // Keep the queue bounded too: lines the view would drop anyway need not be kept.
  if (m_pending.size() > kMaxLines) m_pending.remove(0, m_pending.size() - kMaxLines);
}

void RunConsole::appendMessage(const QString& message, MessageKind kind) {
  appendLine(message, -1);
  m_pending.last().kind = kind;
}

bool RunConsole::visible(const Entry& e) const {
  if (m_filterText.isEmpty()) return true;
  const QString& shown = m_raw || e.human.isEmpty() ? e.raw : e.human;
  return shown.contains(m_filterText, Qt::CaseInsensitive);
}

void RunConsole::insert(const QList<Entry>& entries) {
  QScrollBar* sb = m_output->verticalScrollBar();
  const bool atEnd = m_followEnd;
  const QPalette palette = QApplication::palette();
  const QColor red = readableOn(QColor(0xc6, 0x28, 0x28), palette);  // a light red on a dark base
  QTextCharFormat normal;
  QTextCharFormat errFmt;
  errFmt.setForeground(red);
  QTextCharFormat msg;
  msg.setFontItalic(true);
  msg.setForeground(palette.color(QPalette::Link));  // readable on a light and a dark palette
  // An error read as one more blue progress line (new-user trial 15, #7); a Stop is the user's, in the text colour.
  QTextCharFormat errMsg;
  errMsg.setForeground(red);
  errMsg.setFontWeight(QFont::DemiBold);
  QTextCharFormat warnMsg;
  warnMsg.setForeground(readableOn(QColor(0x9a, 0x5b, 0x00), palette));
  QTextCharFormat stopMsg;
  stopMsg.setFontItalic(true);
  stopMsg.setForeground(palette.color(QPalette::Text));
  const auto messageFormat = [&](MessageKind kind) -> const QTextCharFormat& {
    switch (kind) {
      case MessageKind::Error:
        return errMsg;
      case MessageKind::Warning:
        return warnMsg;
      case MessageKind::Stopped:
        return stopMsg;
      case MessageKind::Info:
        break;
    }
    return msg;
  };
  QTextCharFormat human;
  human.setFontWeight(QFont::DemiBold);
  QTextCursor cursor(m_output->document());
  cursor.beginEditBlock();
  cursor.movePosition(QTextCursor::End);
  for (const Entry& e : entries) {
    if (!visible(e)) continue;
    if (!m_output->document()->isEmpty()) cursor.insertBlock();
    const bool useHuman = !m_raw && !e.human.isEmpty();
    QString text = useHuman ? e.human : e.raw;
    if (e.repeats > 1) text += tr("  (×%1)", "a line the process printed this many times in a row").arg(e.repeats);
    cursor.insertText(text, e.channel == StdErr ? errFmt
                            : e.channel < 0     ? messageFormat(e.kind)
                            : useHuman          ? human
                                                : normal);
  }
  cursor.endEditBlock();
  if (atEnd) {
    m_followEnd = true;  // a rebuild (filter, raw) cleared the view: keep following
    sb->setValue(sb->maximum());
    followEndLater();
  }
}

void RunConsole::flush() {
  if (m_pending.isEmpty()) {
    if (!m_running) m_flushTimer->stop();
    return;
  }
  // the first pending line the same as the last one shown: counted there, its line redrawn with the count
  if (!m_entries.isEmpty() && sameLine(m_entries.last(), m_pending.first())) {
    Entry& last = m_entries.last();
    last.repeats += m_pending.takeFirst().repeats;
    if (visible(last) && !m_output->document()->isEmpty()) {
      QTextCursor cursor(m_output->document());
      cursor.movePosition(QTextCursor::End);
      cursor.select(QTextCursor::BlockUnderCursor);
      cursor.removeSelectedText();
      insert({last});
    }
  }
  insert(m_pending);
  m_entries.append(m_pending);
  if (m_entries.size() > kMaxLines) m_entries.remove(0, m_entries.size() - kMaxLines);
  m_pending.clear();
}

void RunConsole::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  // queued: applyDarkTheme() sets the style, then the palette; the palette is in place once the loop is back
  if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange ||
      event->type() == QEvent::StyleChange)
    QMetaObject::invokeMethod(this, &RunConsole::rebuildView, Qt::QueuedConnection);
}

void RunConsole::rebuildView() {
  flush();
  m_output->clear();
  insert(m_entries);
}

void RunConsole::setRawOutput(bool raw) {
  if (raw == m_raw) return;
  m_raw = raw;
  if (m_rawCheck->isChecked() != raw) m_rawCheck->setChecked(raw);
  rebuildView();
}

void RunConsole::setFilterText(const QString& text) {
  if (text == m_filterText) return;
  m_filterText = text;
  if (m_filter->text() != text) m_filter->setText(text);
  rebuildView();
}

void RunConsole::runStarted() {
  m_pending.clear();
  m_entries.clear();
  m_output->clear();
  m_followEnd = true;
  m_cases->clear();
  m_running = true;
  m_caseIndex = 0;
  m_caseTotal = 0;
  m_currentCase.clear();
  m_progress->setRange(0, 0);  // busy until the first CASE_START says how many cases there are
  setProgressText(tr("starting"));
  m_stop->setEnabled(true);
  m_stop->setVisible(true);
  m_flushTimer->start();
  m_tick->start();
  updateSummary();
}

void RunConsole::setStoppable(bool on) {
  on = on || m_running;
  m_stop->setEnabled(on);
  m_stop->setVisible(on);
}

void RunConsole::caseStarted(const QString& name) {
  m_cases->caseStarted(name);
  m_currentCase = name;
  int done = 0;
  for (const CaseResult& c : m_cases->results()) done += c.status != QLatin1String("RUNNING") ? 1 : 0;
  m_caseIndex = done + 1;
  m_caseClock.start();
  flush();  // the CASE_START line carries the count: read it before drawing the progress
  updateProgress();
  updateSummary();
}

void RunConsole::caseFinished(const CaseResult& result) {
  m_cases->caseFinished(result);
  if (result.name == m_currentCase) m_currentCase.clear();
  updateProgress();
  updateSummary();
}

void RunConsole::updateProgress() {
  if (!m_running) return;
  int done = 0;
  for (const CaseResult& c : m_cases->results()) done += c.status != QLatin1String("RUNNING") ? 1 : 0;
  const int total = std::max(m_caseTotal, m_caseIndex);
  if (m_caseTotal > 0) {
    m_progress->setRange(0, total);
    m_progress->setValue(std::min(done, total));
  }
  if (m_currentCase.isEmpty()) {
    setProgressText(m_caseTotal > 0 ? tr("%1/%2 cases done").arg(done).arg(total) : tr("running"));
    return;
  }
  QString text = m_caseTotal > 0 ? tr("case %1/%2: %3").arg(m_caseIndex).arg(total).arg(m_currentCase)
                                 : tr("case %1: %2").arg(m_caseIndex).arg(m_currentCase);
  if (m_caseTimeoutSec > 0 && m_caseClock.isValid()) {
    const qint64 left = m_caseTimeoutSec - m_caseClock.elapsed() / 1000;
    text += left >= 0 ? tr(" — timeout in %1 s").arg(left)
                      : tr(" — over its %1 s timeout; the watchdog will stop it").arg(m_caseTimeoutSec);
  }
  setProgressText(text);
  m_progress->setToolTip(text);
}

void RunConsole::runFinished(bool ok, bool stoppedByUser) {
  flush();
  m_running = false;
  m_tick->stop();
  m_currentCase.clear();
  m_stop->setEnabled(false);
  m_stop->setVisible(false);
  m_progress->setRange(0, 1);
  m_progress->setValue(1);
  // A case still RUNNING when the run ended was stopped (or its process died): it has no verdict (new-user trial
  // W4: the table said RUNNING beside "Stopped" and "finished with failures").
  // A run stopped between two cases has no such row: the caller says so (new-user trial 12, #11: it read "finished
  // with failures" under "Stopped: nothing is recorded").
  const bool stopped = m_cases->runEnded() > 0 || stoppedByUser;
  setProgressText(stopped ? tr("stopped") : ok ? tr("finished") : tr("finished with failures"));
  updateSummary();
}

QString RunConsole::summaryText() const { return m_summary->text(); }

void RunConsole::updateSummary() {
  if (m_busyPhase != 0) {
    // A phase's activity (a long path, possibly) takes the room the busy bar does not need, clipped with "…".
    m_summary->setText(m_activity);
    m_summary->setToolTip(m_activity);
    m_summary->setStyleSheet(QString());
    m_summary->setMinimumWidth(0);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_progressRow->setStretchFactor(m_summary, 3);
    return;
  }
  QStringList parts;
  // A dry run's counts are the wizard's and the status bar's, word for word (new-user trial 25 #10)
  const bool dryCounts =
      m_cases->dryRun() && m_verdict->verdict() != Verdict::Skeleton && !m_cases->results().isEmpty();
  if (dryCounts) parts << displayDryRunCaseCount(m_cases->results(), m_cases->skippedCount());
  for (const QString& s :
       {QStringLiteral("PASS"), QStringLiteral("FAIL"), QStringLiteral("TIMEOUT_FAIL"), QStringLiteral("ERROR")}) {
    const int n = dryCounts ? 0 : m_cases->countStatus(s);
    if (n <= 0) continue;
    if (s == u"PASS" && m_verdict->verdict() == Verdict::Skeleton)  // new-user trial 6, R2: not "7 PASS"
      parts << tr("%1 reference vs itself (no kernel)").arg(n);
    else
      parts << QStringLiteral("%1 %2").arg(n).arg(caseStatusLabel(s));
  }
  if (const int n = m_cases->skippedCount(); n > 0 && !dryCounts)
    parts << tr("%1 skipped").arg(n);  // the table's rows of them
  m_summary->setText(parts.join(QStringLiteral(", ")));
  m_summary->setToolTip(m_summary->text());
  // The counts are short and whole; the progress bar beside them gives way.
  m_summary->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
  m_summary->setMinimumWidth(m_summary->text().isEmpty()
                                 ? 0
                                 : m_summary->fontMetrics().horizontalAdvance(m_summary->text()) +
                                       2 * m_summary->margin() + m_summary->contentsMargins().left() +
                                       m_summary->contentsMargins().right() + 2);
  m_progressRow->setStretchFactor(m_summary, 0);
  // Case counts are not the verdict: they take the verdict's colour only when it passed.
  m_summary->setStyleSheet(
      m_verdict->verdict() == Verdict::Pass
          ? QStringLiteral("color:%1").arg(readableOn(verdictColor(Verdict::Pass), palette()).name())
          : QString());
}

}  // namespace kwb
