#include "core/review/reviewexport.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryFile>

#include <algorithm>

#include "core/records/baselinereport.h"
#include "core/records/markdown.h"
#include "core/records/versions.h"
#include "core/vcs/gitrepo.h"
#include "core/workspace/workspace.h"

namespace kwb {

namespace {

QString fmt(const std::optional<double>& v, char f, int prec) {
  return v ? QString::number(*v, f, prec) : QStringLiteral("n/a");
}

QString cell(QString s) { return s.replace(u'|', QStringLiteral("\\|")).replace(u'\n', u' '); }

QString modeText(const WorkspaceReview& r) {
  // a skeleton's harness never ran: no CPU run took place to speak of (new-user trial 9, #11)
  if (r.skeleton && r.runDir.isEmpty())
    return QStringLiteral("no run (kernel.py is a skeleton; the harness was not run)");
  return r.mode == QLatin1String("cpu-dry-run") ? QStringLiteral("CPU dry run (not a kernel measurement)")
         : r.mode == QLatin1String("gpu")       ? QStringLiteral("GPU")
                                                : QStringLiteral("unknown");
}

// Header lines shared by Markdown and HTML (Markdown source; the HTML renders it with md4c).
QString headerMarkdown(const WorkspaceReview& r) {
  QString md = QStringLiteral("# Review: %1\n\n").arg(r.problemName);
  md += QStringLiteral("- **Quality gate:** %1%2\n")
            .arg(verdictCode(r.verdict), r.gateReason.isEmpty() ? QString() : QStringLiteral(" — ") + r.gateReason);
  md += QStringLiteral("- **Target:** %1, %2; mode %3\n")
            .arg(r.gpu.isEmpty() ? QStringLiteral("n/a") : r.gpu,
                 r.framework.isEmpty() ? QStringLiteral("n/a") : r.framework, modeText(r));
  if (!r.runDir.isEmpty())
    md += QStringLiteral("- **Run:** `%1`%2\n")
              .arg(QDir(r.root).relativeFilePath(r.runDir),
                   r.runRecorded                      ? QStringLiteral(" (the run the report describes)")
                   : r.verdict == Verdict::Incomplete ? QStringLiteral(" (interrupted: no result.json)")
                                                      : QStringLiteral(" (not the recorded run)"));
  else if (!r.absentRunDir.isEmpty())
    md +=
        QStringLiteral("- **Run:** `%1` (not in this copy: run folders are not committed; the report is the record)\n")
            .arg(r.absentRunDir);
  // "n/a" alone, never "n/a µs" (new-user trial 5, R11)
  md += QStringLiteral("- **Latency:** %1; **max rel_err:** %2\n\n")
            .arg(r.latencyUs ? fmt(r.latencyUs, 'f', 3) + QStringLiteral(" µs") : fmt(r.latencyUs, 'f', 3),
                 fmt(r.maxRelErr, 'e', 3));
  return md;
}

QString casesMarkdown(const WorkspaceReview& r) {
  if (r.cases.isEmpty()) return QStringLiteral("No case results were recorded.\n\n");
  QString md = QStringLiteral(
      "## Cases\n\n| case | shape | dtype | status | rel_err | latency µs | reason |\n|---|---|---|---|---|---|---|\n");
  // a dry run's PASS is the harness's: its kernel never ran (new-user trial 19, #7)
  const bool dry = r.mode == QLatin1String("cpu-dry-run");
  for (const CaseResult& c : r.cases)
    md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |\n")
              .arg(cell(c.name), cell(c.shape), cell(c.dtype),
                   dry && c.status == QLatin1String("PASS") ? dryRunCaseRanText() : cell(c.status),
                   dry && c.status == QLatin1String("PASS") ? QStringLiteral("n/a (dry run)") : fmt(c.relErr, 'e', 3),
                   fmt(c.latencyUs, 'f', 3), cell(c.reason));
  return md + u'\n';
}

// A diff longer than this is cut: a regenerated kernel.py differs in thousands of lines (new-user trial 6, R9)
constexpr int kMaxDiffLines = 400;

QString dash(const std::optional<double>& v, char f, int prec, const QString& unit = {}) {
  return v ? QString::number(*v, f, prec) + unit : QStringLiteral("–");
}

}  // namespace

QString versionHistoryMarkdown(const QString& root, int shownVersion) {
  QString error;
  const auto versions = readVersions(root, &error);
  if (!versions) return QStringLiteral("## Versions\n\nThe versions cannot be read: %1\n\n").arg(error);
  if (versions->isEmpty()) return {};
  QString md = QStringLiteral(
      "## Versions\n\n| version | gate | rel_err | latency µs | speedup vs previous | commit "
      "|\n|---|---|---|---|---|---|\n");
  for (qsizetype i = 0; i < versions->size(); ++i) {
    const VersionInfo& v = versions->at(i);
    // a dry run measured nothing: its rel_err and latency are the reference's against itself, never the version's
    const bool dry = v.dryRun();
    const auto speedup = i > 0 && !dry ? speedupOver(versions->at(i - 1), v) : std::nullopt;
    const QString version =
        v.number == shownVersion ? QStringLiteral("**%1** (shown)").arg(v.version.toUpper()) : v.version.toUpper();
    md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |\n")
              .arg(version, cell(v.gate.isEmpty() ? QStringLiteral("–") : v.gate),
                   dry ? QStringLiteral("–") : dash(v.relErr, 'e', 3),
                   dry ? QStringLiteral("–") : dash(v.latencyUs, 'f', 3), dash(speedup, 'f', 3, QStringLiteral("x")),
                   v.commit.isEmpty() ? QStringLiteral("not committed")
                                      : QStringLiteral("`%1` %2").arg(v.commit.left(12), cell(v.commitSubject)));
  }
  if (std::any_of(versions->cbegin(), versions->cend(), [](const VersionInfo& v) { return v.dryRun(); }))
    md += QStringLiteral("\n– : not measured (a CPU dry run runs the PyTorch reference, not kernel.py).\n");
  md += u'\n';

  // The shown version's kernel.py against the version before it.
  qsizetype at = -1;
  for (qsizetype i = 0; i < versions->size(); ++i)
    if (versions->at(i).number == shownVersion) at = i;
  if (at <= 0) return md;
  const VersionInfo &a = versions->at(at - 1), &b = versions->at(at);
  md += QStringLiteral("### kernel.py: %1 → %2\n\n").arg(a.version.toUpper(), b.version.toUpper());
  if (a.commit.isEmpty() || b.commit.isEmpty())
    return md + QStringLiteral("%1 is not committed: there is no kernel.py of it to diff.\n\n")
                    .arg(a.commit.isEmpty() ? a.version.toUpper() : b.version.toUpper());
  auto repo = GitRepo::openOrInit(root, &error);
  const auto diff = repo ? repo->diffFile(a.commit, b.commit, QStringLiteral("kernel.py"), &error) : std::nullopt;
  if (!diff) return md + QStringLiteral("The diff cannot be made: %1\n\n").arg(error);
  if (diff->isEmpty()) return md + QStringLiteral("kernel.py is the same in both versions.\n\n");
  QStringList lines = diff->split(u'\n');
  const qsizetype total = lines.size();
  if (total > kMaxDiffLines) lines = lines.mid(0, kMaxDiffLines);
  // a fence longer than any backtick run in the diff, so kernel.py's own ``` cannot close it
  QString fence = QStringLiteral("```");
  while (diff->contains(fence)) fence += u'`';
  md += fence + QStringLiteral("diff\n") + lines.join(u'\n') + u'\n' + fence + u'\n';
  if (total > kMaxDiffLines)
    md += QStringLiteral("\n(the first %1 of %2 lines; `git diff %3 %4 -- kernel.py` in the workspace shows all)\n")
              .arg(kMaxDiffLines)
              .arg(total)
              .arg(a.commit.left(12), b.commit.left(12));
  return md + u'\n';
}

namespace {

// The report with its figure reference pointed at `src`; the figure appended when the report has none.
QString bodyMarkdown(const WorkspaceReview& r, const QString& src) {
  QString md;
  if (r.reportMarkdown.isEmpty()) {
    md = casesMarkdown(r);
  } else {
    md = withCurrentDryRunWording(r.reportMarkdown);  // an older report's "PASS (harness only)" (trial 19, #7)
    if (!r.runRecorded)
      md = QStringLiteral("> The report below describes the recorded run, not the run shown above.\n\n") + md;
  }
  // V0's report names roofline.png, a later version's reports/vN_roofline.png (relative to reports/ or the root): any
  // of them is this figure. Matching only "roofline.png" added a second "Roofline" section for V1+ (new-user trial 7,
  // #9).
  static const QRegularExpression ref(QStringLiteral("\\]\\((?:[^()\\s]*/)?(?:v\\d+_)?roofline\\.png\\)"));
  if (md.contains(ref))
    md.replace(ref, src.isEmpty() ? QStringLiteral("]()") : QStringLiteral("](") + src + u')');
  else if (!src.isEmpty())
    md += QStringLiteral("\n## Roofline\n\n![Roofline](") + src + QStringLiteral(")\n");
  return md;
}

}  // namespace

std::optional<ExportFormat> exportFormatFromText(const QString& text) {
  const QString t = text.toLower();
  if (t == u"md" || t == u"markdown") return ExportFormat::Markdown;
  if (t == u"html" || t == u"htm") return ExportFormat::Html;
  if (t == u"pdf") return ExportFormat::Pdf;
  return std::nullopt;
}

QString exportSuffix(ExportFormat f) {
  switch (f) {
    case ExportFormat::Markdown:
      return QStringLiteral("md");
    case ExportFormat::Html:
      return QStringLiteral("html");
    case ExportFormat::Pdf:
      return QStringLiteral("pdf");
  }
  return {};
}

QString pngDataUri(const QByteArray& png) {
  return QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());
}

QString verdictColorName(Verdict v) {
  switch (v) {
    case Verdict::Pass:
      return QStringLiteral("#1b7f2a");
    case Verdict::Fail:
      return QStringLiteral("#c62828");
    case Verdict::TimeoutFail:
      return QStringLiteral("#e06c00");
    case Verdict::Skeleton:
      return QStringLiteral("#6a1b9a");
    case Verdict::DryRun:
      return QStringLiteral("#1565c0");
    case Verdict::DryRunTimeout:  // amber: nothing judged, the CPU's time ran out; neither FAIL's red nor a pass
      return QStringLiteral("#8d6e00");
    case Verdict::Error:
      return QStringLiteral("#ad1457");
    case Verdict::Incomplete:  // as Stopped: no verdict, nothing recorded
    case Verdict::Stopped:
    case Verdict::NotRun:
    case Verdict::Running:
      return QStringLiteral("#616161");
  }
  return QStringLiteral("#616161");
}

QString reviewMarkdown(const WorkspaceReview& r, const QByteArray& rooflinePng) {
  return headerMarkdown(r) + versionHistoryMarkdown(r.root, r.version) +
         bodyMarkdown(r, rooflinePng.isEmpty() ? QString() : pngDataUri(rooflinePng));
}

QString reviewHtml(const WorkspaceReview& r, const QString& figureSrc) {
  // The figure reference survives md4c as written; a placeholder keeps a long data URI out of the parser.
  const QString placeholder = QStringLiteral("kwb-figure-placeholder.png");
  QString body = markdownToHtml(bodyMarkdown(r, figureSrc.isEmpty() ? QString() : placeholder));
  if (!figureSrc.isEmpty()) body.replace(placeholder, figureSrc);
  const QString color = verdictColorName(r.verdict);
  QString html = QStringLiteral(
                     "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%1</title>\n<style>"
                     "body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em;line-height:1.4}"
                     "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:2px 6px}"
                     "code{background:#f3f3f3}img{max-width:100%}"
                     ".verdict{display:inline-block;padding:4px 12px;border-radius:4px;color:#fff;font-weight:bold}"
                     "</style></head><body>\n")
                     .arg(QStringLiteral("Review: %1").arg(r.problemName).toHtmlEscaped());
  html += QStringLiteral("<h1>Review: %1</h1>\n").arg(r.problemName.toHtmlEscaped());
  // QTextDocument (the PDF writer) ignores border-radius and inline-block but honours bgcolor on a table cell.
  html += QStringLiteral(
              "<table class=\"verdictbox\"><tr><td bgcolor=\"%1\" style=\"background:%1;color:#fff\"><b>Quality gate: "
              "%2</b></td></tr></table>\n")
              .arg(color, verdictCode(r.verdict));
  QString header = headerMarkdown(r);
  header = header.mid(header.indexOf(u'\n') + 1);  // the title is above
  html += markdownToHtml(header) + markdownToHtml(versionHistoryMarkdown(r.root, r.version)) +
          QStringLiteral("<hr>\n") + body + QStringLiteral("</body></html>\n");
  return html;
}

QString defaultExportPath(const QString& workspaceRoot, ExportFormat format, const QString& runFolder) {
  const QFileInfo ws(QDir::cleanPath(workspaceRoot));
  const QString run = runFolder.isEmpty() ? QString() : u'-' + QFileInfo(QDir::cleanPath(runFolder)).fileName();
  return ws.absoluteDir().filePath(ws.fileName() + run + QStringLiteral("-review.") + exportSuffix(format));
}

QString exportDestinationProblem(const QString& outputPath) {
  const QFileInfo target(outputPath);
  if (target.isDir()) return QStringLiteral("%1 is a folder; give a file name").arg(target.absoluteFilePath());
  QString dir = target.absolutePath();
  for (QString up = QFileInfo(dir).absolutePath(); !QFileInfo(dir).isDir() && up != dir;
       up = QFileInfo(up).absolutePath())
    dir = up;  // the folders that do not exist yet are created
  if (!QFileInfo(dir).isWritable())
    return QStringLiteral("cannot write %1: the folder %2 is read-only").arg(target.absoluteFilePath(), dir);
  // Permission bits do not tell (root, a read-only mount, /proc): QSaveFile needs a new file beside the target.
  QTemporaryFile probe(QDir(dir).filePath(QStringLiteral(".kwb-export-XXXXXX")));
  if (!probe.open())
    return QStringLiteral("cannot write %1: the folder %2 does not accept a new file (%3)")
        .arg(target.absoluteFilePath(), dir, probe.errorString());
  return {};
}

bool exportReview(const WorkspaceReview& r, ExportFormat format, const QByteArray& png, const QString& out,
                  const HtmlToPdf& toPdf, QString* error) {
  if (const QString problem = exportDestinationProblem(out); !problem.isEmpty()) {
    if (error) *error = problem;
    return false;
  }
  QDir().mkpath(QFileInfo(out).absolutePath());  // the PDF writer does not create it
  switch (format) {
    case ExportFormat::Markdown:
      return atomicWrite(out, reviewMarkdown(r, png).toUtf8(), error);
    case ExportFormat::Html:
      return atomicWrite(out, reviewHtml(r, png.isEmpty() ? QString() : pngDataUri(png)).toUtf8(), error);
    case ExportFormat::Pdf:
      if (!toPdf) {
        if (error) *error = QStringLiteral("PDF export needs the GUI libraries (this build has no HTML → PDF writer)");
        return false;
      }
      return toPdf(reviewHtml(r, png.isEmpty() ? QString() : QLatin1String(kReviewFigureName)), png, out, error);
  }
  return false;
}

}  // namespace kwb
