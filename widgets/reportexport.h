#pragma once
// The GUI stack's part of exporting a review (core/review/reviewexport.h): HTML to PDF through
// QTextDocument + QPdfWriter, and the roofline figure as PNG bytes.

#include <QByteArray>
#include <QString>

class QTextDocument;

#include "core/perf/roofline.h"
#include "core/review/reviewexport.h"

namespace kwb {

/// Lays `html` out on A4 pages and writes a PDF to `pdfPath` (QSaveFile: the old file survives a
/// failure). `rooflinePng` is registered as the image kReviewFigureName. Needs a QGuiApplication.
/// Matches kwb::HtmlToPdf. False with *error (may be null) naming the path and why.
bool writeHtmlAsPdf(const QString& html, const QByteArray& rooflinePng, const QString& pdfPath, QString* error);

/// Keeps every table cell of `doc` whose text is a number ("0.00e+00", "29.472", "1.5x", "12 %", "n/a", "—")
/// on one line. QTextDocument breaks such a number in a narrow column ("0.|00e+00" in the PDF's rel_err
/// column); unbreakable, the number is its column's minimum width, so the table layout gives the column that
/// width and the text columns (headers included) share the rest. Other cells are untouched. Returns the number
/// of cells marked.
int keepTableNumbersWhole(QTextDocument* doc);

/// Gives every image of `doc` (an <img> of a registered image resource) an explicit width and height, in the units
/// QTextDocument sizes images in (CSS pixels: QTextDocument::print() draws 96 of them to the inch), with its aspect
/// kept: its own size where that is at most `maxWidth`, else `maxWidth` wide. The PDF's roofline ran off the page's
/// right edge (new-user trial 10, #13). Returns the number of images sized.
int fitImagesToWidth(QTextDocument* doc, qreal maxWidth);

/// Lets the preformatted blocks of `doc` (a <pre>: the review's kernel.py diff, a code block of a report) wrap at the
/// text width, at `pointSize` (0 keeps their size). QTextDocument lays a <pre> line out unbreakable, so on an A4
/// page the diff's long lines were cut at the right margin (new-user trial 12, #10); a wrapped line keeps its
/// leading spaces and its +/- mark at the start. Returns the number of blocks changed.
int wrapPreformattedBlocks(QTextDocument* doc, qreal pointSize);

/// Keeps every heading of `doc` (<h1>-<h6>) on the page of what follows it: a heading whose next block's first two
/// lines (a table's first row, a figure) would start the next page gets a page break before it. Needs the
/// document's page size (QTextDocument::setPageSize: the paginated layout QTextDocument::print() draws); headings
/// are moved in document order, so a moved heading's pushed content is measured again. Without it a heading sat
/// alone at the bottom of a page of the PDF, its body on the next. Returns the number of headings moved.
int keepHeadingsWithNext(QTextDocument* doc);

/// The roofline of `data` drawn at `width` × `height` pixels as PNG bytes; empty when it cannot be
/// drawn (no roofs, no QApplication).
QByteArray rooflinePngBytes(const RooflineData& data, int width = 900, int height = 600);

/// Writes `review` to `path` in `format`, drawing its roofline afresh (the workspace's roofline.png
/// when the review has no roofline data). False with *error.
bool exportReviewFile(const WorkspaceReview& review, ExportFormat format, const QString& path, QString* error);

}  // namespace kwb
