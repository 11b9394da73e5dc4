#pragma once
// The central area: one CodeEditor tab per file (logic file, generated workspace files) plus
// read-only HTML preview tabs (the rendered baseline report). Tabs show "*" while unsaved.

#include <QStringList>
#include <QTabWidget>

#include <functional>

class QFileSystemWatcher;
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

  /// Saves the current editor (QSaveFile). False with *error if it fails or the tab is a preview. A file another
  /// program changed since this tab loaded or saved it is never overwritten silently: the external-change prompt
  /// decides (overwrite, reload and lose the edits, or cancel: false with *error saying so).
  bool saveCurrent(QString* error);
  /// Saves every modified editor, each as saveCurrent() does; stops at the first failure (false with *error).
  bool saveAll(QString* error);

  /// What to do with a tab's edits when its file changed on disk under them (new-user trial 15, #2).
  enum class ExternalChange { Overwrite, Reload, Cancel };
  /// Replaces the question saving asks about a file changed on disk (default: a message box); for tests and
  /// scripted use. @p prompt gets the file's absolute path.
  void setExternalChangePrompt(std::function<ExternalChange(const QString&)> prompt);
  /// Closes every tab without unsaved edits (previews included); tabs with unsaved edits stay, never asked
  /// about. Used when another logic file or workspace opens, so its files are not mixed with the last one's.
  void closeUnmodified();
  /// Absolute paths of editors with unsaved edits.
  QStringList modifiedFiles() const;

  /// Marks the line an error message names in the open file it names: "FILE:LINE" (Python's SyntaxError as phase 1
  /// reports it, "h1_syntax.py:8: SyntaxError: …") or a traceback's 'File "FILE", line LINE' (the last one: where it
  /// was raised), FILE matched by name against the open tabs (CodeEditor::markErrorLine). Returns the editor marked,
  /// nullptr when the message names no line of an open file.
  CodeEditor* markErrorLine(const QString& message);
  /// Removes every tab's error mark.
  void clearErrorMarks();

  /// Shows `html` in a read-only preview tab titled `title` (replaced if it exists) and makes it current.
  QTextBrowser* showHtml(const QString& title, const QString& html);
  /// The preview tab titled `title`, or nullptr.
  QTextBrowser* preview(const QString& title) const;

 Q_SIGNALS:
  /// Some editor's modified flag changed (e.g. to update the window title).
  void modificationChanged();
  /// An open file changed on disk: @p reloaded when its tab had no unsaved edits and now shows the new text;
  /// false when the tab's unsaved edits were kept (saving will ask before overwriting).
  void fileChangedOnDisk(const QString& path, bool reloaded);

 private:
  void updateTabTitle(CodeEditor* editor);
  bool closeTab(int index);
  /// save() of one editor behind the external-change check.
  bool saveEditor(CodeEditor* e, QString* error);
  void onFileChanged(const QString& path);
  QFileSystemWatcher* m_watcher;
  std::function<ExternalChange(const QString&)> m_prompt;
};

}  // namespace kwb
