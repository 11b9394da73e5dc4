#include "widgets/reportexport.h"

#include "core/workspace/workspace.h"
#include "widgets/rooflineplot.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPixmap>
#include <QTextBlock>
#include <QTextFragment>
#include <QTextImageFormat>
#include <QTextLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <QTextOption>
#include <QUrl>

#include <limits>

namespace kwb {

namespace {
// The tables of `frame` and of the frames (tables included) inside it.
void collectTables(QTextFrame* frame, QList<QTextTable*>* out) {
  for (QTextFrame* child : frame->childFrames()) {
    if (auto* table = qobject_cast<QTextTable*>(child)) out->append(table);
    collectTables(child, out);
  }
}
}  // namespace

int keepTableNumbersWhole(QTextDocument* doc) {
  // A number as the review's tables print one: optional sign, digits with a point or thousands commas, an
  // exponent, a unit or suffix after it; or the placeholders for none.
  static const QRegularExpression number(QStringLiteral(
      R"(^(?:[-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s?(?:x|×|%|µs|us|ms|s|GB/s|TB/s|TFLOPS)?|n/a|—|-)$)"));
  QList<QTextTable*> tables;
  collectTables(doc->rootFrame(), &tables);
  int marked = 0;
  for (QTextTable* table : tables)
    for (int r = 0; r < table->rows(); ++r)
      for (int c = 0; c < table->columns(); ++c) {
        const QTextTableCell cell = table->cellAt(r, c);
        if (!cell.isValid() || cell.row() != r || cell.column() != c) continue;  // a spanned cell: once
        QTextCursor cursor = cell.firstCursorPosition();
        cursor.setPosition(cell.lastCursorPosition().position(), QTextCursor::KeepAnchor);
        if (!number.match(cursor.selectedText().trimmed()).hasMatch()) continue;
        QTextBlockFormat whole;
        whole.setNonBreakableLines(true);
        cursor.mergeBlockFormat(whole);
        ++marked;
      }
  return marked;
}

int fitImagesToWidth(QTextDocument* doc, qreal maxWidth) {
  int sized = 0;
  for (QTextBlock block = doc->begin(); block.isValid(); block = block.next())
    for (auto it = block.begin(); !it.atEnd(); ++it) {
      const QTextFragment fragment = it.fragment();
      if (!fragment.isValid() || !fragment.charFormat().isImageFormat()) continue;
      QTextImageFormat image = fragment.charFormat().toImageFormat();
      const QVariant resource = doc->resource(QTextDocument::ImageResource, QUrl(image.name()));
      QSizeF natural;
      if (resource.canConvert<QImage>())
        natural = resource.value<QImage>().deviceIndependentSize();
      else if (resource.canConvert<QPixmap>())
        natural = resource.value<QPixmap>().deviceIndependentSize();
      if (natural.isEmpty()) continue;
      const qreal width = std::min(natural.width(), maxWidth);
      image.setWidth(width);
      image.setHeight(natural.height() * width / natural.width());
      QTextCursor cursor(doc);
      cursor.setPosition(fragment.position());
      cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
      cursor.setCharFormat(image);
      ++sized;
    }
  return sized;
}

int wrapPreformattedBlocks(QTextDocument* doc, qreal pointSize) {
  int changed = 0;
  for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
    if (!block.blockFormat().nonBreakableLines()) continue;
    // Table cells marked by keepTableNumbersWhole are single numbers in a table: not preformatted text.
    if (QTextCursor(block).currentTable()) continue;
    QTextCursor cursor(block);
    QTextBlockFormat format;
    format.setNonBreakableLines(false);
    cursor.mergeBlockFormat(format);
    if (pointSize > 0) {
      cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
      QTextCharFormat chars;
      chars.setFontPointSize(pointSize);
      cursor.mergeCharFormat(chars);
    }
    ++changed;
  }
  return changed;
}

int keepHeadingsWithNext(QTextDocument* doc) {
  const qreal pageHeight = doc->pageSize().height();
  if (pageHeight <= 0 || pageHeight >= qreal(std::numeric_limits<int>::max())) return 0;  // not paginated
  QAbstractTextDocumentLayout* layout = doc->documentLayout();
  const auto isHeading = [](const QTextBlock& b) { return b.blockFormat().headingLevel() > 0; };
  int moved = 0;
  for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
    if (!isHeading(block)) continue;
    // A run of headings (an <h1> right above an <h2>) moves as one, with the first lines of the body below it.
    const QTextBlock first = block;
    while (block.next().isValid() && isHeading(block.next())) block = block.next();
    const QTextBlock body = block.next();
    if (!body.isValid()) break;
    if (first.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore) continue;
    // blockBoundingRect is in document coordinates (tables' cells included) and lays the document out up to the
    // block first, so a break set above is already reflected here.
    const QRectF head = layout->blockBoundingRect(first);
    const QRectF bodyRect = layout->blockBoundingRect(body);
    const QTextLayout* lines = body.layout();
    const int shown = lines ? std::min(2, lines->lineCount()) : 0;
    const qreal bodyEnd = shown > 0 ? bodyRect.top() + lines->lineAt(shown - 1).rect().bottom() : bodyRect.bottom();
    const int headPage = int(head.top() / pageHeight);
    const bool atPageTop = head.top() - headPage * pageHeight < head.height();  // moving it would gain nothing
    if (headPage == int(bodyEnd / pageHeight) || atPageTop) continue;
    QTextBlockFormat breakBefore;
    breakBefore.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
    QTextCursor(first).mergeBlockFormat(breakBefore);
    ++moved;
  }
  return moved;
}

bool writeHtmlAsPdf(const QString& html, const QByteArray& png, const QString& pdfPath, QString* error) {
  auto fail = [error](const QString& why) {
    if (error) *error = why;
    return false;
  };
  if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
    return fail(QCoreApplication::translate("kwb", "Cannot write a PDF: no QGuiApplication."));
  QSaveFile file(pdfPath);
  if (!file.open(QIODevice::WriteOnly))
    return fail(QCoreApplication::translate("kwb", "Cannot write %1: %2").arg(pdfPath, file.errorString()));
  {
    QPdfWriter writer(&file);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setResolution(150);
    writer.setTitle(QCoreApplication::translate("kwb", "Kernel Workbench review"));
    writer.setCreator(QStringLiteral("Kernel Workbench"));
    QTextDocument doc;
    if (!png.isEmpty()) {
      QImage image;
      if (image.loadFromData(png, "PNG"))
        doc.addResource(QTextDocument::ImageResource, QUrl(QLatin1String(kReviewFigureName)), image);
    }
    // Tables in a smaller size: at the body's, the ten columns of the correctness results on A4 broke
    // words mid-name ("proble|m_shap|e", "0.|00e+0|0").
    doc.setDefaultStyleSheet(QStringLiteral("td, th { font-size: 7pt; }"));
    // QTextDocument's default wrap breaks a word anywhere, and its table layout then sized columns below their
    // longest word ("problem_|shape", "Threshol|d" at 7pt): whole words only, so each column gets its longest word.
    QTextOption wrap = doc.defaultTextOption();
    wrap.setWrapMode(QTextOption::WordWrap);
    doc.setDefaultTextOption(wrap);
    doc.setHtml(html);
    wrapPreformattedBlocks(&doc, 7);  // the diff's lines wrap, smaller, instead of running off the page (trial 12)
    keepTableNumbersWhole(&doc);      // at 7pt a narrow rel_err column still broke "0.|00e+00" after the point
    const QRectF page = writer.pageLayout().paintRectPixels(writer.resolution());
    // Figures at 90% of the text width at most. QTextDocument::print() fits the page's text into the printable
    // area less its own 2 cm margin on each side, but draws an image at 96 of its pixels to the inch: the 900 px
    // roofline (9.4 in) ran off the right edge of a 6.4 in text column (new-user trial 10, #13).
    const double textInches = page.width() / writer.resolution() - 2.0 * 2.0 / 2.54;
    fitImagesToWidth(&doc, 0.9 * textInches * 96.0);
    doc.setPageSize(page.size());
    doc.setTextWidth(page.width());
    keepHeadingsWithNext(&doc);  // last: it measures the final layout
    doc.print(&writer);
  }
  if (!commitSaveFile(file))
    return fail(QCoreApplication::translate("kwb", "Writing %1 failed: %2")
                    .arg(pdfPath, writeFailureReason(file, pdfPath, file.size())));
  return true;
}

QByteArray rooflinePngBytes(const RooflineData& data, int width, int height) {
  QTemporaryDir tmp;
  if (!tmp.isValid()) return {};
  const QString path = tmp.filePath(QStringLiteral("roofline.png"));
  if (!renderRooflinePngSized(data, path, width, height, nullptr)) return {};
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool exportReviewFile(const WorkspaceReview& review, ExportFormat format, const QString& path, QString* error) {
  QByteArray png = review.roofline ? rooflinePngBytes(*review.roofline) : QByteArray();
  if (png.isEmpty()) {
    QFile f(QDir(review.root).filePath(QStringLiteral("roofline.png")));
    if (f.open(QIODevice::ReadOnly)) png = f.readAll();
  }
  return exportReview(review, format, png, path, &writeHtmlAsPdf, error);
}

}  // namespace kwb
