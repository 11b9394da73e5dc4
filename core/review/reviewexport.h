#pragma once
// One self-contained file for a reviewer without the workbench: the verdict, the report and the
// roofline figure embedded (Markdown and HTML carry the PNG as a data URI; PDF goes through an
// injected HTML → PDF writer, since core has no GUI stack).

#include <QByteArray>
#include <QString>

#include <functional>
#include <optional>

#include "core/review/workspacereview.h"

namespace kwb {

enum class ExportFormat { Markdown, Html, Pdf };

/// "md" / "markdown", "html" / "htm", "pdf" (case-insensitive); nullopt otherwise.
std::optional<ExportFormat> exportFormatFromText(const QString& text);
/// "md", "html" or "pdf".
QString exportSuffix(ExportFormat format);

/// The image name the HTML handed to an HtmlToPdf uses for the roofline (the writer registers the PNG
/// under it).
inline constexpr const char* kReviewFigureName = "kwb-roofline.png";

/// Writes `html` to a PDF at `pdfPath`, the roofline PNG registered under kReviewFigureName.
/// False with *error when it cannot (no GUI application, unwritable path).
using HtmlToPdf =
    std::function<bool(const QString& html, const QByteArray& rooflinePng, const QString& pdfPath, QString* error)>;

/// "data:image/png;base64,…" for `png`.
QString pngDataUri(const QByteArray& png);

/// "## Versions": every version of the workspace at `root` (memory/vN.json, readVersions()) as a table of gate,
/// rel_err, latency (µs), speedup over the version before (its latency over this one's) and commit, V0 first,
/// `shownVersion` in bold; a dry run's rel_err and latency are "–" (not measured). Then kernel.py's diff (git, the two
/// versions' commits) from the version before `shownVersion` to it, cut at 400 lines. "" when the workspace has no
/// version.
QString versionHistoryMarkdown(const QString& root, int shownVersion);

/// The review as Markdown: a header (problem, target, verdict and why, the run), the version history
/// (versionHistoryMarkdown), then the report with
/// its roofline figure replaced by `rooflinePng` as a data URI (the figure is appended when the report
/// has none, and the cases are listed when there is no report). Empty `rooflinePng`: no figure.
QString reviewMarkdown(const WorkspaceReview& review, const QByteArray& rooflinePng);

/// The review as one HTML document (inline CSS; the verdict coloured as in the workbench). The figure's
/// src is `figureSrc` (a data URI for a standalone file, kReviewFigureName for the PDF writer; "" none).
QString reviewHtml(const WorkspaceReview& review, const QString& figureSrc);

/// Where `kwb export` and File > Export Review put the file when no path is given: beside the workspace folder,
/// not inside it (the workspace is a git repository the workbench commits; the file is for people without the
/// workbench), named "<workspace folder>-review.<suffix>", or "<workspace folder>-<run>-review.<suffix>" when
/// `runFolder` (a .kwb/runs/<time> folder the user opened) is given. Absolute.
QString defaultExportPath(const QString& workspaceRoot, ExportFormat format, const QString& runFolder = {});

/// "" when a file can be written at `outputPath`; otherwise why not, in a sentence that names the path: it is a
/// folder, or its folder (the nearest existing one, the rest is created) is read-only or refuses a new file (a
/// temporary file is tried there, so a read-only mount or a root-owned folder counts too).
QString exportDestinationProblem(const QString& outputPath);

/// Writes the review to `outputPath` in `format`, atomically (QSaveFile: a failed export leaves no partial file
/// and keeps an earlier one). PDF needs `toPdf`. Checks exportDestinationProblem() first.
/// False with *error naming the path and why.
bool exportReview(const WorkspaceReview& review, ExportFormat format, const QByteArray& rooflinePng,
                  const QString& outputPath, const HtmlToPdf& toPdf, QString* error);

/// The colour of a verdict as "#rrggbb", the same the workbench uses (PASS green, FAIL red, TIMEOUT_FAIL
/// orange, skeleton purple, dry run blue, stopped and not-run grey, error magenta).
QString verdictColorName(Verdict v);

}  // namespace kwb
