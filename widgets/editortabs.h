#pragma once
// The central area: one CodeEditor tab per file (logic file, generated workspace files) plus
// read-only HTML preview tabs (the rendered baseline report). Tabs show "*" while unsaved.

#include <QStringList>
#include <QTabWidget>

class QTextBrowser;

namespace kwb {

class CodeEditor;

class EditorTabs : public QTabWidget {
  Q_OBJECT
 public:
  explicit EditorTabs(QWidget* parent = nullptr);

  /// Shows `path` (opening a tab if it has none yet) and makes it current.
  /// Returns the editor, or nullptr with *error if the file cannot be read.
  CodeEditor* openFile(const QString& path, QString* error);
  /// The editor of `path` (absolute or not), or nullptr if it has no tab.
  CodeEditor* editorFor(const QString& path) const;
  /// The current tab's editor, or nullptr if the current tab is a preview.
  CodeEditor* currentEditor() const;
  /// Re-reads `path` from disk if it has a tab without unsaved edits. Returns false (and keeps the
  /// user's text) if the tab has unsaved edits; true if reloaded or not open.
  bool reloadIfUnmodified(const QString& path);

  /// Saves the current editor (QSaveFile). False with *error if it fails or the tab is a preview.
  bool saveCurrent(QString* error);
  /// Saves every modified editor; stops at the first failure (false with *error).
  bool saveAll(QString* error);
  /// Closes every tab without unsaved edits (previews included); tabs with unsaved edits stay, never asked
  /// about. Used when another logic file or workspace opens, so its files are not mixed with the last one's.
  void closeUnmodified();
  /// Absolute paths of editors with unsaved edits.
  QStringList modifiedFiles() const;

  /// Shows `html` in a read-only preview tab titled `title` (replaced if it exists) and makes it current.
  QTextBrowser* showHtml(const QString& title, const QString& html);
  /// The preview tab titled `title`, or nullptr.
  QTextBrowser* preview(const QString& title) const;

 Q_SIGNALS:
  /// Some editor's modified flag changed (e.g. to update the window title).
  void modificationChanged();

 private:
  void updateTabTitle(CodeEditor* editor);
  bool closeTab(int index);
};

}  // namespace kwb
