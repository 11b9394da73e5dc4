#include "widgets/reportexport.h"

#include "widgets/rooflineplot.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QTextOption>
#include <QUrl>

namespace kwb {

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
      if (image.loadFromData(png, "PNG")) {
        // QTextDocument enlarges images by the writer's resolution over the screen's 96 dpi, which pushed the
        // figure off the page; a device pixel ratio that undoes it prints the figure at 90% of the text width.
        const double textWidth = writer.pageLayout().paintRectPixels(writer.resolution()).width();
        image.setDevicePixelRatio(std::max(1.0, writer.resolution() / 96.0 * image.width() / (0.9 * textWidth)));
        doc.addResource(QTextDocument::ImageResource, QUrl(QLatin1String(kReviewFigureName)), image);
      }
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
    const QRectF page = writer.pageLayout().paintRectPixels(writer.resolution());
    doc.setPageSize(page.size());
    doc.setTextWidth(page.width());
    doc.print(&writer);
  }
  if (!file.commit())
    return fail(QCoreApplication::translate("kwb", "Writing %1 failed: %2").arg(pdfPath, file.errorString()));
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
