#include "widgets/codeeditor.h"

#include "core/workspace/workspace.h"
#include "widgets/theme.h"

#include <algorithm>

#include <Qsci/qscilexerjson.h>
#include <Qsci/qscilexermarkdown.h>
#include <Qsci/qscilexerpython.h>

#include <QApplication>
#include <QCryptographicHash>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFontInfo>
#include <QSaveFile>

namespace kwb {

namespace {
constexpr int kErrorMarker = 8;  ///< the Background marker of markErrorLine()
}  // namespace

CodeEditor::CodeEditor(QWidget* parent) : QsciScintilla(parent) {
  setUtf8(true);
  setFont(editorFont());
  setMarginsFont(editorFont());
  setMarginType(0, QsciScintilla::NumberMargin);
  setMarginLineNumbers(0, true);
  setMarginWidth(0, QStringLiteral("000000"));
  setIndentationsUseTabs(false);
  setIndentationWidth(4);
  setTabWidth(4);
  setAutoIndent(true);
  setBraceMatching(QsciScintilla::SloppyBraceMatch);
  setEolMode(QsciScintilla::EolUnix);
  markerDefine(QsciScintilla::Background, kErrorMarker);
  applyTheme();
}

void CodeEditor::markErrorLine(int line) {
  markerDeleteAll(kErrorMarker);
  if (line <= 0 || line > lines()) return;
  markerAdd(line - 1, kErrorMarker);
  goToLine(line);
}

int CodeEditor::errorLine() const {
  const int found = markerFindNext(0, 1u << kErrorMarker);
  return found < 0 ? 0 : found + 1;
}

void CodeEditor::changeEvent(QEvent* event) {
  QsciScintilla::changeEvent(event);
  // applyDarkTheme() sets the style, then the palette, and the editor sees only the StyleChange (it
  // gets no PaletteChange): re-colour once the event loop is back, with the palette then in place.
  if (!m_theming && (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange ||
                     event->type() == QEvent::StyleChange))
    QMetaObject::invokeMethod(this, &CodeEditor::applyTheme, Qt::QueuedConnection);
}

void CodeEditor::applyTheme() {
  // The lexers' colours are for white paper: under the dark theme the keywords (dark blue) and the
  // margin (light grey) were unreadable beside the dark text area.
  m_theming = true;
  // The application's palette: a hidden editor's own palette() is resolved only when it is polished.
  const QPalette pal = testAttribute(Qt::WA_SetPalette) ? palette() : QApplication::palette(this);
  const QColor base = pal.color(QPalette::Base), text = pal.color(QPalette::Text);
  const bool dark = base.lightness() < 128;
  if (QsciLexer* l = lexer()) {
    for (int style = 0; style < 128; ++style) {
      if (l->description(style).isEmpty()) continue;
      const QColor c = l->defaultColor(style);
      l->setColor(dark && c.hslSaturation() == 0 ? text : readableOn(c, pal), style);
      l->setPaper(dark ? base : l->defaultPaper(style), style);
    }
    // the area past the text (STYLE_DEFAULT, no lexer description): a live switch to dark left it white, each text
    // run a dark box on it (new-user trial 15, #3)
    l->setDefaultPaper(base);
    SendScintilla(SCI_STYLESETBACK, static_cast<unsigned long>(STYLE_DEFAULT), base);
  } else {
    setColor(text);
    setPaper(base);
  }
  setMarginsBackgroundColor(pal.color(QPalette::Window));
  setMarginsForegroundColor(pal.color(QPalette::WindowText));
  setCaretForegroundColor(text);
  setSelectionBackgroundColor(pal.color(QPalette::Highlight));
  setSelectionForegroundColor(pal.color(QPalette::HighlightedText));
  // a red tint the text stays readable on, in either theme
  setMarkerBackgroundColor(dark ? QColor(0x6b, 0x24, 0x24) : QColor(0xff, 0xd9, 0xd9), kErrorMarker);
  m_theming = false;
}

QFont CodeEditor::editorFont() {
  QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  f.setStyleHint(QFont::Monospace);
  f.setFixedPitch(true);
  if (QFontInfo(f).fixedPitch()) return f;
  for (const char* family : {"DejaVu Sans Mono", "Noto Sans Mono", "Liberation Mono", "Noto Sans Mono CJK SC",
                             "Source Code Pro", "Monospace"}) {
    const QString name = QLatin1String(family);
    if (QFontDatabase::hasFamily(name) && QFontDatabase::isFixedPitch(name)) {
      f.setFamily(name);
      return f;
    }
  }
  return f;
}

bool CodeEditor::findText(const QString& text) {
  return findFirst(text, /*re=*/false, /*cs=*/false, /*wo=*/false, /*wrap=*/true);
}

bool CodeEditor::findNextMatch() { return findNext(); }

int CodeEditor::replaceAll(const QString& from, const QString& to) {
  if (from.isEmpty()) return 0;
  int n = 0;
  beginUndoAction();
  setCursorPosition(0, 0);
  while (findFirst(from, false, true, false, /*wrap=*/false)) {
    replace(to);
    ++n;
  }
  endUndoAction();
  return n;
}

void CodeEditor::goToLine(int line) {
  setCursorPosition(std::max(0, line - 1), 0);
  ensureLineVisible(std::max(0, line - 1));
  setFocus();
}

void CodeEditor::showLine(int line) {
  const int at = std::clamp(line - 1, 0, std::max(0, lines() - 1));
  setCursorPosition(at, 0);
  setFirstVisibleLine(at);
}

void CodeEditor::applyLexerFor(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  QsciLexer* lexer = nullptr;
  if (suffix == u"py")
    lexer = new QsciLexerPython(this);
  else if (suffix == u"json")
    lexer = new QsciLexerJSON(this);
  else if (suffix == u"md")
    lexer = new QsciLexerMarkdown(this);
  QsciLexer* old = this->lexer();
  if (lexer) {
    // Lexers default comments etc. to a proportional (serif) font: force monospace on every style.
    lexer->setDefaultFont(editorFont());
    lexer->setFont(editorFont(), -1);
  }
  setLexer(lexer);
  if (old && old != lexer) old->deleteLater();
  applyTheme();
}

bool CodeEditor::load(const QString& path, QString* error) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    if (error) *error = tr("Cannot open %1: %2").arg(path, f.errorString());
    return false;
  }
  QByteArray bytes = f.readAll();
  m_diskHash = QCryptographicHash::hash(bytes, QCryptographicHash::Sha1);
  // A byte-order mark is an encoding marker, not text: shown, it is an invisible first character that
  // Python skips and a search or a line comparison does not (new-user trial 10, #6).
  m_bom = bytes.startsWith("\xef\xbb\xbf");
  if (m_bom) bytes.remove(0, 3);
  const QString text = QString::fromUtf8(bytes);
  m_path = QFileInfo(path).absoluteFilePath();
  applyLexerFor(m_path);
  setText(text);
  // A fresh file: nothing to undo back past, nothing unsaved.
  SendScintilla(SCI_EMPTYUNDOBUFFER);
  markerDeleteAll(kErrorMarker);  // the line an error named is in the old text
  setModified(false);
  return true;
}

bool CodeEditor::save(QString* error) {
  if (m_path.isEmpty()) {
    if (error) *error = tr("This editor has no file to save to.");
    return false;
  }
  QSaveFile f(m_path);
  if (!f.open(QIODevice::WriteOnly)) {
    if (error) *error = tr("Cannot write %1: %2").arg(m_path, f.errorString());
    return false;
  }
  const QByteArray bytes = (m_bom ? QByteArray("\xef\xbb\xbf") : QByteArray()) + text().toUtf8();
  if (f.write(bytes) != bytes.size() || !commitSaveFile(f)) {
    if (error) *error = tr("Saving %1 failed: %2").arg(m_path, writeFailureReason(f, m_path, bytes.size()));
    return false;
  }
  m_diskHash = QCryptographicHash::hash(bytes, QCryptographicHash::Sha1);
  setModified(false);
  return true;
}

bool CodeEditor::changedOnDisk() const {
  if (m_path.isEmpty()) return false;
  QFile f(m_path);
  if (!f.open(QIODevice::ReadOnly)) return true;
  return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1) != m_diskHash;
}

}  // namespace kwb
