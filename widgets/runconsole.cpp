#include "widgets/runconsole.h"

#include "widgets/casetablemodel.h"
#include "widgets/codeeditor.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTextCharFormat>
#include <QTextCursor>
#include <QTimer>
#include <QVBoxLayout>

namespace kwb {

RunConsole::RunConsole(QWidget* parent)
    : QWidget(parent),
      m_output(new QPlainTextEdit(this)),
      m_cases(new CaseTableModel(this)),
      m_table(new QTableView(this)),
      m_progress(new QProgressBar(this)),
      m_stop(new QPushButton(tr("Stop"), this)),
      m_summary(new QLabel(this)),
      m_flushTimer(new QTimer(this)) {
  m_output->setObjectName(QStringLiteral("runOutput"));
  m_output->setReadOnly(true);
  m_output->setMaximumBlockCount(kMaxLines);
  m_output->setFont(CodeEditor::editorFont());
  m_output->setLineWrapMode(QPlainTextEdit::NoWrap);

  auto* proxy = new QSortFilterProxyModel(this);
  proxy->setSourceModel(m_cases);
  proxy->setSortRole(CaseTableModel::SortRole);
  m_table->setObjectName(QStringLiteral("caseTable"));
  m_table->setModel(proxy);
  m_table->setSortingEnabled(true);
  m_table->sortByColumn(-1, Qt::AscendingOrder);  // arrival order until the user sorts
  m_table->verticalHeader()->hide();
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);

  m_stop->setObjectName(QStringLiteral("stopButton"));
  m_stop->setEnabled(false);
  m_stop->setToolTip(tr("Stop the measurement (the process group is killed; the log is kept)"));
  connect(m_stop, &QPushButton::clicked, this, &RunConsole::stopRequested);
  m_progress->setRange(0, 1);
  m_progress->setValue(0);
  m_progress->setFormat(tr("idle"));
  m_progress->setTextVisible(true);

  auto* bar = new QHBoxLayout;
  bar->addWidget(m_progress, 1);
  bar->addWidget(m_summary);
  bar->addWidget(m_stop);
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(m_output);
  split->addWidget(m_table);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(bar);
  layout->addWidget(split, 1);

  m_flushTimer->setInterval(100);
  connect(m_flushTimer, &QTimer::timeout, this, &RunConsole::flush);
}

void RunConsole::appendLine(const QString& line, int channel) {
  m_pending.append({line, channel});
  if (!m_flushTimer->isActive())
    m_flushTimer->start();
  // Keep the queue bounded too: lines the view would drop anyway need not be kept.
  if (m_pending.size() > kMaxLines)
    m_pending.remove(0, m_pending.size() - kMaxLines);
}

void RunConsole::appendMessage(const QString& message) { appendLine(message, -1); }

void RunConsole::flush() {
  if (m_pending.isEmpty()) {
    if (!m_running)
      m_flushTimer->stop();
    return;
  }
  QScrollBar* sb = m_output->verticalScrollBar();
  const bool atEnd = sb->value() == sb->maximum();
  QTextCharFormat normal;
  QTextCharFormat err;
  err.setForeground(QColor(0xc6, 0x28, 0x28));
  QTextCharFormat msg;
  msg.setFontItalic(true);
  msg.setForeground(QColor(0x15, 0x65, 0xc0));
  QTextCursor cursor(m_output->document());
  cursor.beginEditBlock();
  cursor.movePosition(QTextCursor::End);
  for (const auto& [line, channel] : std::as_const(m_pending)) {
    if (!m_output->document()->isEmpty())
      cursor.insertBlock();
    cursor.insertText(line, channel == StdErr ? err : channel < 0 ? msg : normal);
  }
  cursor.endEditBlock();
  m_pending.clear();
  if (atEnd)
    sb->setValue(sb->maximum());
}

void RunConsole::runStarted() {
  m_pending.clear();
  m_output->clear();
  m_cases->clear();
  m_running = true;
  m_progress->setRange(0, 0);  // busy: the harness does not announce its case count up front
  m_progress->setFormat(tr("running"));
  m_stop->setEnabled(true);
  m_flushTimer->start();
  updateSummary();
}

void RunConsole::caseStarted(const QString& name) {
  m_cases->caseStarted(name);
  m_progress->setFormat(tr("running %1").arg(name));
  updateSummary();
}

void RunConsole::caseFinished(const CaseResult& result) {
  m_cases->caseFinished(result);
  updateSummary();
}

void RunConsole::runFinished(bool ok) {
  flush();
  m_running = false;
  m_stop->setEnabled(false);
  m_progress->setRange(0, 1);
  m_progress->setValue(1);
  m_progress->setFormat(ok ? tr("finished") : tr("finished with failures"));
  updateSummary();
}

void RunConsole::updateSummary() {
  QStringList parts;
  for (const QString& s : {QStringLiteral("PASS"), QStringLiteral("FAIL"), QStringLiteral("TIMEOUT_FAIL"), QStringLiteral("ERROR")}) {
    const int n = m_cases->countStatus(s);
    if (n > 0)
      parts << QStringLiteral("%1 %2").arg(n).arg(s);
  }
  m_summary->setText(parts.isEmpty() ? QString() : parts.join(QStringLiteral(", ")));
}

}  // namespace kwb
