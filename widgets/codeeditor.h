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
  /// .md Markdown, otherwise plain), clears undo history and the modified flag.
  /// Returns false with *error (may be null) if the file cannot be opened; the editor is unchanged then.
  bool load(const QString& path, QString* error);
  /// Writes the text as UTF-8 to filePath() through QSaveFile and clears the modified flag.
  /// Returns false with *error if there is no path or the write/commit fails (the old file is kept).
  bool save(QString* error);
  /// The absolute path of the file shown ("" before load()).
  QString filePath() const { return m_path; }
  /// The monospace font used on all lexer styles (the system fixed font).
  static QFont editorFont();

private:
  void applyLexerFor(const QString& path);
  QString m_path;
};

}  // namespace kwb
