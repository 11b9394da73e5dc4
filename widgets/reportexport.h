#pragma once
// The GUI stack's part of exporting a review (core/review/reviewexport.h): HTML to PDF through
// QTextDocument + QPdfWriter, and the roofline figure as PNG bytes.

#include <QByteArray>
#include <QString>

#include "core/perf/roofline.h"
#include "core/review/reviewexport.h"

namespace kwb {

/// Lays `html` out on A4 pages and writes a PDF to `pdfPath` (QSaveFile: the old file survives a
/// failure). `rooflinePng` is registered as the image kReviewFigureName. Needs a QGuiApplication.
/// Matches kwb::HtmlToPdf. False with *error (may be null) naming the path and why.
bool writeHtmlAsPdf(const QString& html, const QByteArray& rooflinePng, const QString& pdfPath, QString* error);

/// The roofline of `data` drawn at `width` × `height` pixels as PNG bytes; empty when it cannot be
/// drawn (no roofs, no QApplication).
QByteArray rooflinePngBytes(const RooflineData& data, int width = 900, int height = 600);

/// Writes `review` to `path` in `format`, drawing its roofline afresh (the workspace's roofline.png
/// when the review has no roofline data). False with *error.
bool exportReviewFile(const WorkspaceReview& review, ExportFormat format, const QString& path, QString* error);

}  // namespace kwb
