#pragma once
// The suite report as a document a reviewer reads (suite_report.md, suite_report.html, `kwb export SUITE_DIR`, the
// GUI suite view's Report tab): a headline and the summary at the top (pass counts per level, the geomean speedups
// over eager and torch.compile, the worst problems), then each level's problems with relative links to their
// workspace files (baseline_report.md, kernel.py, the last run's output.log), the "why not PASS" reasons cut short in
// the tables and given whole at the end. One block list renders as Markdown and as HTML, so every format shows the
// same content. The HTML is one self-contained file (inline CSS, no script, no image) that prints (a print style) and
// that QTextDocument lays out too (the GUI's view, the PDF).

#include <QList>
#include <QString>

#include <optional>

#include "core/pipeline/suite.h"
#include "core/review/reviewexport.h"

namespace kwb {

/// Where "why not PASS" text is cut in a table cell (characters); the whole text follows in the "Why not PASS"
/// section, linked from the cell. 90: two lines of the column at the PDF's 7 pt, one line at a desktop width.
inline constexpr int kSuiteReasonCellChars = 90;

/// How many passing problems the summary lists as the slowest (against torch.compile, or eager without it).
inline constexpr int kSuiteSlowestListed = 5;

/// The level a problem belongs to: its logic file's folder name (KernelBench's "level1", "level2", "level3",
/// the project's "unseen"); "–" when the entry has no source.
QString suiteEntryLevel(const SuiteEntry& entry);

/// One level's figures: summarize() over its problems, and how many correct problems are below 0.5x torch.compile.
struct SuiteLevelFigures {
  QString level;  ///< suiteEntryLevel(), or "all" for the whole suite's row
  SuiteSummary summary;
  int belowHalfCompile = 0;  ///< PASS problems whose speedup over torch.compile is < 0.5
};

/// The levels of @p entries in name order, then the "all" row (only when there is more than one level).
QList<SuiteLevelFigures> suiteLevelFigures(const QList<SuiteEntry>& entries);

/// The worst problems, as indices into @p entries: every problem that is done and not PASS (ERROR, FAIL,
/// TIMEOUT_FAIL, SKELETON, in that order), then the @p slowest PASS problems with the lowest speedup over
/// torch.compile (over eager where no problem has a torch.compile figure), lowest first. Pending and DRY_RUN
/// problems are not listed (nothing was measured).
QList<int> suiteWorstProblems(const QList<SuiteEntry>& entries, int slowest = kSuiteSlowestListed);

/// @p text (a "why not PASS" reason) with the machine's paths made relative: the suite folder @p suiteDir (and the
/// folder the suite was recorded in, @p recordedDir, when it moved) dropped from the front of every path under it,
/// so "see /tmp/kwb-suite/kernel_opt_x/baseline_report.md" reads "see kernel_opt_x/baseline_report.md"; newlines as
/// spaces.
QString suiteRelativeText(const QString& text, const QString& suiteDir, const QString& recordedDir = {});

/// @p text cut at a word boundary before @p maxChars characters, "…" appended; unchanged when it is shorter.
QString suiteShortText(const QString& text, int maxChars = kSuiteReasonCellChars);

/// The workspace files of @p entry linked from the report, as paths relative to @p linkDir (the folder the report
/// file is in): "report" baseline_report.md, "kernel" kernel.py, "log" the newest .kwb/runs/<time>/output.log; only
/// those that exist on this machine. Empty when the workspace is not here.
struct SuiteEntryLinks {
  QString report, kernel, log;
};
SuiteEntryLinks suiteEntryLinks(const SuiteEntry& entry, const QString& linkDir);

/// The suite report as Markdown. Links are relative to @p linkDir (the report file's folder; the suite folder for
/// suite_report.md). @p translated: the fixed words in the loaded catalogue's language (the GUI's view); the files
/// kwb writes keep English (false).
QString suiteReportMarkdown(const SuiteReport& report, const QString& linkDir, bool translated = false);

/// The same document as one self-contained HTML file (inline CSS with a print style; links relative to
/// @p linkDir, or with @p absoluteLinks absolute file:// URLs, as the PDF export writes them). @p translated as for
/// suiteReportMarkdown.
QString suiteReportHtml(const SuiteReport& report, const QString& linkDir, bool translated = false,
                        bool absoluteLinks = false);

/// The SuiteReport of a suite being written by its runner (what readSuite() would read back from the files).
SuiteReport suiteReportOf(const SuiteOptions& options, const QList<SuiteEntry>& entries);

/// Where `kwb export SUITE_DIR` puts the file when no path is given: <suite dir>/suite_report.<suffix> (the
/// suite folder is no git repository; its links are relative to it). Absolute.
QString defaultSuiteExportPath(const SuiteReport& report, ExportFormat format);

/// Writes the suite report to @p outputPath in @p format, links relative to the file's folder, atomically
/// (exportDestinationProblem() first; PDF through @p toPdf, with no figure). False with *error naming the path
/// and why.
bool exportSuiteReport(const SuiteReport& report, ExportFormat format, const QString& outputPath,
                       const HtmlToPdf& toPdf, QString* error, bool translated = false);

}  // namespace kwb
