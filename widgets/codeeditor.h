#pragma once
// One source file in an editor: QScintilla with a lexer picked by suffix, UTF-8, monospace on every
// style, line numbers, undo, and saving through QSaveFile so a crash never leaves half a file.

#include <Qsci/qsciscintilla.h>

#include <QString>

namespace kwb {

class CodeEditor : public QsciScintilla {
  Q_OBJECT
 public:
  explicit CodeEditor(QWidget* parent = nullptr);

  /// Reads `path` as UTF-8 into the editor, picks the lexer from its suffix (.py Python, .json JSON,
  /// .md Markdown, otherwise plain), clears undo history and the modified flag. A leading UTF-8 byte-order
  /// mark (Windows editors write one) is not shown as text; save() writes it back, so the file keeps it.
  /// Returns false with *error (may be null) if the file cannot be opened; the editor is unchanged then.
  bool load(const QString& path, QString* error);
  /// Writes the text as UTF-8 to filePath() through QSaveFile (after a byte-order mark when the loaded file
  /// had one) and clears the modified flag.
  /// Returns false with *error if there is no path or the write/commit fails (the old file is kept).
  bool save(QString* error);
  /// Whether the file on disk differs from what this editor last loaded or saved (another program wrote it, e.g.
  /// `kwb measure` or git; compared by content, so a touch is no change). A file that is gone counts as changed;
  /// false before load().
  bool changedOnDisk() const;
  /// The absolute path of the file shown ("" before load()).
  QString filePath() const { return m_path; }
  /// The monospace font used on all lexer styles: the system fixed font when it really is fixed-pitch,
  /// else the first installed fixed-pitch family (under zh_CN the system "fixed" font can resolve to a
  /// proportional CJK face).
  static QFont editorFont();

  /// Selects the next occurrence of `text` after the cursor (wrapping; plain text, case-insensitive).
  /// False when there is none.
  bool findText(const QString& text);
  /// Repeats the last findText(). False when there is no further match.
  bool findNextMatch();
  /// Replaces every occurrence of `from` (plain text, case-sensitive) by `to` as one undo step;
  /// returns how many were replaced.
  int replaceAll(const QString& from, const QString& to);
  /// Puts the cursor at the start of 1-based `line` and scrolls it into view.
  void goToLine(int line);
  /// Puts the cursor at the start of 1-based @p line with that line at the top of the view, without taking focus (a
  /// tab opened in the background: a review's kernel.py at its ModelNew); out-of-range lines are clamped.
  void showLine(int line);
  /// Marks 1-based @p line as the one an error names (a tinted line background that follows the theme) and puts the
  /// cursor there; any earlier mark goes. 0 (or a line past the end) only clears the mark. load() clears it too.
  void markErrorLine(int line);
  /// The 1-based line markErrorLine() marked (where it moved to with the edits since), 0 when none.
  int errorLine() const;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void applyLexerFor(const QString& path);
  /// Colours the text, margins, caret and selection from the palette; on a dark base the lexer's
  /// light-theme colours are lightened (theme.h readableOn) and its paper is the base.
  void applyTheme();
  QString m_path;
  bool m_bom = false;      ///< the loaded file started with a UTF-8 byte-order mark
  QByteArray m_diskHash;   ///< SHA-1 of the file's bytes as last loaded or saved here
  bool m_theming = false;  ///< applyTheme() is running (it may itself raise palette events)
};

}  // namespace kwb
