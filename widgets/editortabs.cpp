#include "widgets/editortabs.h"

#include "widgets/codeeditor.h"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QRegularExpression>
#include <QMessageBox>
#include <QPushButton>
#include <QTextBrowser>
#include <QTextDocument>

namespace kwb {

namespace {
const char* const kPreviewTitle = "kwbPreviewTitle";
}

EditorTabs::EditorTabs(QWidget* parent) : QTabWidget(parent), m_watcher(new QFileSystemWatcher(this)) {
  setTabsClosable(true);
  setMovable(true);
  setDocumentMode(true);
  connect(this, &QTabWidget::tabCloseRequested, this, [this](int i) { closeTab(i); });
  connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &EditorTabs::onFileChanged);
  m_prompt = [this](const QString& path) {
    QMessageBox box(QMessageBox::Warning, tr("File changed on disk"),
                    tr("%1 changed on disk since this tab loaded it (another program wrote it: kwb measure, git, "
                       "another editor).\n\nOverwrite it with your version, or reload it and lose your edits?")
                        .arg(path),
                    QMessageBox::Cancel, this);
    QPushButton* overwrite = box.addButton(tr("Overwrite"), QMessageBox::DestructiveRole);
    QPushButton* reload = box.addButton(tr("Reload"), QMessageBox::AcceptRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == overwrite ? ExternalChange::Overwrite
           : box.clickedButton() == reload  ? ExternalChange::Reload
                                            : ExternalChange::Cancel;
  };
}

void EditorTabs::setExternalChangePrompt(std::function<ExternalChange(const QString&)> prompt) {
  m_prompt = std::move(prompt);
}

void EditorTabs::onFileChanged(const QString& path) {
  // an atomic save elsewhere (rename over the file) drops the path from the watcher: watch it again
  if (QFileInfo::exists(path) && !m_watcher->files().contains(path)) m_watcher->addPath(path);
  CodeEditor* e = editorFor(path);
  if (!e || !e->changedOnDisk()) return;  // our own save, or the same bytes
  if (e->isModified()) {
    Q_EMIT fileChangedOnDisk(path, false);
    return;
  }
  int line = 0, index = 0;
  e->getCursorPosition(&line, &index);  // the reader's place survives the reload
  QString err;
  if (!e->load(path, &err)) return;
  e->goToLine(line + 1);
  updateTabTitle(e);
  Q_EMIT fileChangedOnDisk(path, true);
}

bool EditorTabs::saveEditor(CodeEditor* e, QString* error) {
  if (e->changedOnDisk()) {
    switch (m_prompt(e->filePath())) {
      case ExternalChange::Overwrite:
        break;
      case ExternalChange::Reload: {
        if (!e->load(e->filePath(), error)) return false;
        updateTabTitle(e);
        return true;
      }
      case ExternalChange::Cancel:
        if (error)
          *error = tr("Not saved: %1 changed on disk since this tab loaded it; your edits are still in the tab.")
                       .arg(e->filePath());
        return false;
    }
  }
  return e->save(error);
}

CodeEditor* EditorTabs::editorFor(const QString& path) const {
  const QString abs = QFileInfo(path).absoluteFilePath();
  for (int i = 0; i < count(); ++i) {
    auto* e = qobject_cast<CodeEditor*>(widget(i));
    if (e && e->filePath() == abs) return e;
  }
  return nullptr;
}

CodeEditor* EditorTabs::currentEditor() const { return qobject_cast<CodeEditor*>(currentWidget()); }

CodeEditor* EditorTabs::openFile(const QString& path, QString* error) {
  if (CodeEditor* existing = editorFor(path)) {
    setCurrentWidget(existing);
    return existing;
  }
  auto* e = new CodeEditor(this);
  if (!e->load(path, error)) {
    delete e;
    return nullptr;
  }
  const int i = addTab(e, QFileInfo(path).fileName());
  setTabToolTip(i, e->filePath());
  m_watcher->addPath(e->filePath());
  connect(e, &QsciScintilla::modificationChanged, this, [this, e](bool) {
    updateTabTitle(e);
    Q_EMIT modificationChanged();
  });
  setCurrentIndex(i);
  return e;
}

void EditorTabs::updateTabTitle(CodeEditor* editor) {
  const int i = indexOf(editor);
  if (i < 0) return;
  const QString name = QFileInfo(editor->filePath()).fileName();
  setTabText(i, editor->isModified() ? name + u'*' : name);
}

bool EditorTabs::reloadIfUnmodified(const QString& path) {
  CodeEditor* e = editorFor(path);
  if (!e) return true;
  if (e->isModified()) return false;
  QString err;
  if (!e->load(e->filePath(), &err)) return false;
  updateTabTitle(e);
  return true;
}

bool EditorTabs::saveCurrent(QString* error) {
  CodeEditor* e = currentEditor();
  if (!e) {
    if (error) *error = tr("The current tab is not an editable file.");
    return false;
  }
  return saveEditor(e, error);
}

bool EditorTabs::saveAll(QString* error) {
  for (int i = 0; i < count(); ++i) {
    auto* e = qobject_cast<CodeEditor*>(widget(i));
    if (e && e->isModified() && !saveEditor(e, error)) return false;
  }
  return true;
}

QStringList EditorTabs::modifiedFiles() const {
  QStringList out;
  for (int i = 0; i < count(); ++i) {
    auto* e = qobject_cast<CodeEditor*>(widget(i));
    if (e && e->isModified()) out << e->filePath();
  }
  return out;
}

QTextBrowser* EditorTabs::preview(const QString& title) const {
  for (int i = 0; i < count(); ++i) {
    auto* b = qobject_cast<QTextBrowser*>(widget(i));
    if (b && b->property(kPreviewTitle).toString() == title) return b;
  }
  return nullptr;
}

QTextBrowser* EditorTabs::showHtml(const QString& title, const QString& html) {
  QTextBrowser* b = preview(title);
  if (!b) {
    b = new QTextBrowser(this);
    b->setOpenExternalLinks(true);
    // <pre> and <code> in the editor's fixed font: under zh_CN the generic "monospace" resolved to a
    // proportional CJK font and a kernel.py diff lost its columns.
    // Tables ruled and padded: Markdown's tables (md4c writes a bare <table>) drew the V0 -> V1 comparison as
    // "V0 V1 / latency (µs) n/a n/a" run together (new-user trial 9, #12).
    b->document()->setDefaultStyleSheet(
        QStringLiteral("pre, code, tt { font-family: '%1'; }"
                       " table { border-collapse: collapse; border-width: 1px; border-style: solid;"
                       " border-color: #999; margin-top: 4px; margin-bottom: 4px; }"
                       " th, td { border-width: 1px; border-style: solid; border-color: #999; padding: 2px 8px; }")
            .arg(CodeEditor::editorFont().family()));
    b->setProperty(kPreviewTitle, title);
    addTab(b, title);
  }
  b->setHtml(html);
  setCurrentWidget(b);
  return b;
}

void EditorTabs::closeUnmodified() {
  for (int i = count() - 1; i >= 0; --i) {
    auto* e = qobject_cast<CodeEditor*>(widget(i));
    if (e && e->isModified()) continue;
    QWidget* w = widget(i);
    removeTab(i);
    w->deleteLater();
  }
}

bool EditorTabs::closeTab(int index) {
  auto* e = qobject_cast<CodeEditor*>(widget(index));
  if (e && e->isModified()) {
    // Never lose the user's edits silently.
    const auto answer = QMessageBox::question(
        this, tr("Unsaved changes"), tr("%1 has unsaved changes. Save them before closing?").arg(e->filePath()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel) return false;
    if (answer == QMessageBox::Save) {
      QString err;
      if (!saveEditor(e, &err)) {
        QMessageBox::warning(this, tr("Save failed"), err);
        return false;
      }
    }
  }
  if (e) m_watcher->removePath(e->filePath());
  QWidget* w = widget(index);
  removeTab(index);
  w->deleteLater();
  return true;
}

CodeEditor* EditorTabs::markErrorLine(const QString& message) {
  CodeEditor* marked = nullptr;
  qsizetype markedAt = -1;
  for (int i = 0; i < count(); ++i) {
    auto* e = qobject_cast<CodeEditor*>(widget(i));
    if (!e || e->filePath().isEmpty()) continue;
    // the name as a whole path component: "kernel.py" is not the end of ".../test_kernel.py"
    const QString name = QRegularExpression::escape(QFileInfo(e->filePath()).fileName());
    const QRegularExpression re(QStringLiteral("(?:^|[/\\\\\\s\"'])%1(?::(\\d+)|\", line (\\d+))").arg(name));
    for (auto it = re.globalMatch(message); it.hasNext();) {
      const QRegularExpressionMatch m = it.next();
      if (m.capturedStart() < markedAt) continue;
      const int line = (m.captured(1).isEmpty() ? m.captured(2) : m.captured(1)).toInt();
      if (line <= 0 || line > e->lines()) continue;
      if (marked && marked != e) marked->markErrorLine(0);
      e->markErrorLine(line);
      marked = e;
      markedAt = m.capturedStart();
    }
  }
  return marked;
}

void EditorTabs::clearErrorMarks() {
  for (int i = 0; i < count(); ++i)
    if (auto* e = qobject_cast<CodeEditor*>(widget(i))) e->markErrorLine(0);
}

}  // namespace kwb
