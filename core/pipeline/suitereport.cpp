#include "core/pipeline/suitereport.h"
#include "core/perf/measureddevice.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QUrl>

#include <algorithm>
#include <map>
#include <utility>

#include "core/pipeline/recordsbuilder.h"
#include "core/workspace/workspace.h"

namespace kwb {

namespace {

// ---------------------------------------------------------------- the document's blocks
// One list of blocks renders as Markdown and as HTML: every format shows the same content.
struct Span {
  explicit Span(QString t = {}, QString h = {}, QString ti = {})
      : text(std::move(t)), href(std::move(h)), title(std::move(ti)) {}
  QString text;
  QString href;   ///< a link (relative path or "#anchor"), "" none
  QString title;  ///< hover text (HTML only; the Markdown has the whole text elsewhere)
  QString color;  ///< "#rrggbb" text colour, "" none
  bool bold = false;
  bool code = false;
  bool number = false;     ///< right-aligned, kept on one line
  bool breakable = false;  ///< long text without spaces (paths) may break after / and _
  QString anchor;          ///< a link target placed before the span, "" none
  bool lineBreak = false;  ///< a line break before the span
};
using Spans = QList<Span>;

struct Block {
  enum Kind { Heading, Paragraph, Bullets, Table, Reasons, Banner } kind = Paragraph;
  int level = 2;        ///< Heading
  QString anchor;       ///< Heading; Reasons use each item's anchor
  Spans spans;          ///< Heading, Paragraph, Banner (one line)
  QString color;        ///< Banner background
  QList<Spans> items;   ///< Bullets
  QList<Spans> header;  ///< Table: one Spans per column
  QList<int> widths;    ///< Table: per column, its share of the width in percent (0: as the layout decides)
  QList<QList<Spans>> rows;
  struct Reason {
    QString anchor;
    Spans head;
    QString text;
  };
  QList<Reason> reasons;  ///< Reasons
};

// ---------------------------------------------------------------- helpers

QString num(const std::optional<double>& v, int decimals, const QString& suffix = {}) {
  return v ? QString::number(*v, 'f', decimals) + suffix : QStringLiteral("–");
}

QString relErrText(const std::optional<double>& v) { return v ? QString::number(*v, 'g', 3) : QStringLiteral("–"); }

Span text(const QString& t) { return Span(t); }
Span numberSpan(const QString& t) {
  Span s(t);
  s.number = true;
  return s;
}
Span link(const QString& t, const QString& href, const QString& title = {}) { return Span(t, href, title); }

// An anchor name from a problem's name: letters, digits, '-' and '_' only (a name is a file name).
QString anchorFor(const QString& prefix, const QString& name) {
  QString a = prefix;
  for (const QChar c : name) a += (c.isLetterOrNumber() || c == u'_' || c == u'-') && c.unicode() < 128 ? c : u'-';
  return a;
}

QString hrefOf(const QString& relativePath) {
  return QString::fromUtf8(QUrl::toPercentEncoding(relativePath, "/._-~"));
}

/// KernelBench's 2_… before 10_…: digit runs compare as numbers.
bool naturalLess(const QString& a, const QString& b) {
  qsizetype i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i].isDigit() && b[j].isDigit()) {
      qsizetype ei = i, ej = j;
      while (ei < a.size() && a[ei].isDigit()) ++ei;
      while (ej < b.size() && b[ej].isDigit()) ++ej;
      const qulonglong va = a.mid(i, ei - i).toULongLong(), vb = b.mid(j, ej - j).toULongLong();
      if (va != vb) return va < vb;
      i = ei;
      j = ej;
      continue;
    }
    const QChar ca = a[i].toCaseFolded(), cb = b[j].toCaseFolded();
    if (ca != cb) return ca < cb;
    ++i;
    ++j;
  }
  return a.size() - i < b.size() - j;
}

QString statusText(const SuiteEntry& e) {
  if (e.state == QLatin1String("pending"))
    return e.error == QLatin1String(kSuiteStoppedNote) ? QStringLiteral("stopped (rerun resumes)")
                                                       : QStringLiteral("not run");
  // the phase that failed, as kwb's "[phase N] error:" (new-user trial 9, #9: no harness ran in phase 1)
  if (e.state == QLatin1String("error"))
    return e.failedPhase > 0 ? QStringLiteral("ERROR (phase %1)").arg(e.failedPhase) : QStringLiteral("ERROR");
  return e.status;
}

int badness(const SuiteEntry& e) {  // the worst first: no verdict, then wrong, then hung, then no kernel
  const QString s = statusText(e);
  if (s.startsWith(QLatin1String("ERROR"))) return 0;
  if (s == QLatin1String("FAIL")) return 1;
  if (s == QLatin1String("TIMEOUT_FAIL")) return 2;
  if (s == QLatin1String("SKELETON")) return 3;
  if (s == QLatin1String(kDryRunTimeoutGate)) return 4;  // nothing judged: after every verdict on a kernel
  return 5;
}

// ---------------------------------------------------------------- renderers

QString mdEscape(QString s) {
  // what would start markup inside a line or end a table cell; '_' stays (KernelBench names are full of it, and
  // GitHub's Markdown does not emphasise inside a word)
  for (const char c : {'\\', '|', '*', '`', '[', ']', '<', '>'})
    s.replace(QChar::fromLatin1(c), QStringLiteral("\\") + QChar::fromLatin1(c));
  return s.replace(u'\n', u' ');
}

QString mdSpans(const Spans& spans) {
  QString out;
  for (const Span& s : spans) {
    QString t = s.code ? QStringLiteral("`%1`").arg(QString(s.text).replace(u'`', u'\'')) : mdEscape(s.text);
    if (s.bold) t = QStringLiteral("**%1**").arg(t);
    if (!s.href.isEmpty()) t = QStringLiteral("[%1](%2)").arg(t, s.href);
    if (!s.anchor.isEmpty()) t = QStringLiteral("<a id=\"%1\"></a>").arg(s.anchor) + t;
    if (s.lineBreak) t = QStringLiteral("<br>") + t;
    out += t;
  }
  return out;
}

QString toMarkdown(const QList<Block>& blocks) {
  QString md;
  for (const Block& b : blocks) {
    switch (b.kind) {
      case Block::Heading:
        if (!b.anchor.isEmpty()) md += QStringLiteral("<a id=\"%1\"></a>\n\n").arg(b.anchor);
        md += QString(b.level, u'#') + u' ' + mdSpans(b.spans) + QStringLiteral("\n\n");
        break;
      case Block::Banner:
        md += QStringLiteral("**") + mdSpans(b.spans) + QStringLiteral("**\n\n");
        break;
      case Block::Paragraph:
        md += mdSpans(b.spans) + QStringLiteral("\n\n");
        break;
      case Block::Bullets:
        for (const Spans& item : b.items) md += QStringLiteral("- ") + mdSpans(item) + u'\n';
        md += u'\n';
        break;
      case Block::Table: {
        QStringList head, rule;
        for (const Spans& h : b.header) {
          head << mdSpans(h);
          rule << ((!h.isEmpty() && h.first().number) ? QStringLiteral("---:") : QStringLiteral("---"));
        }
        md += QStringLiteral("| ") + head.join(QStringLiteral(" | ")) + QStringLiteral(" |\n|") + rule.join(u'|') +
              QStringLiteral("|\n");
        for (const auto& row : b.rows) {
          QStringList cells;
          for (const Spans& c : row) cells << mdSpans(c);
          md += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
        }
        md += u'\n';
        break;
      }
      case Block::Reasons:
        for (const auto& r : b.reasons)
          md += QStringLiteral("- <a id=\"%1\"></a>%2: %3\n").arg(r.anchor, mdSpans(r.head), mdEscape(r.text));
        md += u'\n';
        break;
    }
  }
  return md;
}

QString htmlText(const Span& s) {
  QString t = s.text.toHtmlEscaped();
  // A path or a long name has no space to wrap at: a zero-width space after '/' and '_' lets the cell break there
  // (QTextDocument and browsers alike) instead of widening the table past the page.
  if (s.breakable) t.replace(u'/', QStringLiteral("/\u200b")).replace(u'_', QStringLiteral("_\u200b"));
  return t;
}

QString htmlSpans(const Spans& spans) {
  QString out;
  for (const Span& s : spans) {
    QString t = htmlText(s);
    if (s.code) t = QStringLiteral("<code>%1</code>").arg(t);
    if (s.bold) t = QStringLiteral("<b>%1</b>").arg(t);
    if (!s.color.isEmpty()) t = QStringLiteral("<span style=\"color:%1\">%2</span>").arg(s.color, t);
    if (!s.href.isEmpty())
      t = QStringLiteral("<a href=\"%1\"%2>%3</a>")
              .arg(s.href.toHtmlEscaped(),
                   s.title.isEmpty() ? QString() : QStringLiteral(" title=\"%1\"").arg(s.title.toHtmlEscaped()), t);
    else if (!s.title.isEmpty())
      t = QStringLiteral("<span title=\"%1\">%2</span>").arg(s.title.toHtmlEscaped(), t);
    if (!s.anchor.isEmpty()) t = QStringLiteral("<a name=\"%1\" id=\"%1\"></a>").arg(s.anchor) + t;
    if (s.lineBreak) t = QStringLiteral("<br>") + t;
    out += t;
  }
  return out;
}

QString cellClass(const Spans& c) {
  if (!c.isEmpty() && c.first().number) return QStringLiteral(" class=\"n\"");
  if (!c.isEmpty() && c.first().breakable) return QStringLiteral(" class=\"w\"");
  return {};
}

QString toHtml(const QList<Block>& blocks, const QString& title) {
  QString h = QStringLiteral(
                  "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%1</title>\n<style>"
                  "body{font-family:sans-serif;max-width:75em;margin:1.5em auto;padding:0 1em;line-height:1.35}"
                  "table{border-collapse:collapse;margin:0.4em 0 1em 0}"
                  "td,th{border:1px solid #bbb;padding:2px 6px;vertical-align:top;text-align:left}"
                  "th{font-weight:bold}th.n{text-align:right}td.n{text-align:right;white-space:nowrap}"
                  "td.w{max-width:28em;overflow-wrap:anywhere;word-break:break-word}"
                  "code{font-family:monospace}"
                  "li{margin:0.15em 0}"
                  ".banner{color:#fff;font-weight:bold;font-size:120%}"
                  "@media print{body{max-width:none;margin:0;font-size:9pt}td,th{font-size:8pt}"
                  "a{color:inherit;text-decoration:none}tr{page-break-inside:avoid}h2{page-break-after:avoid}}"
                  "</style></head><body>\n")
                  .arg(title.toHtmlEscaped());
  for (const Block& b : blocks) {
    switch (b.kind) {
      case Block::Heading:
        if (!b.anchor.isEmpty()) h += QStringLiteral("<a name=\"%1\" id=\"%1\"></a>").arg(b.anchor);
        h += QStringLiteral("<h%1>%2</h%1>\n").arg(b.level).arg(htmlSpans(b.spans));
        break;
      case Block::Banner:
        // QTextDocument (the GUI's view, the PDF) honours bgcolor on a table cell, not a styled div.
        h += QStringLiteral(
                 "<table class=\"banner\"><tr><td bgcolor=\"%1\" style=\"background:%1;color:#fff;border:none;"
                 "padding:4px 12px\"><b>%2</b></td></tr></table>\n")
                 .arg(b.color, htmlSpans(b.spans));
        break;
      case Block::Paragraph:
        h += QStringLiteral("<p>%1</p>\n").arg(htmlSpans(b.spans));
        break;
      case Block::Bullets:
        h += QStringLiteral("<ul>\n");
        for (const Spans& item : b.items) h += QStringLiteral("<li>%1</li>\n").arg(htmlSpans(item));
        h += QStringLiteral("</ul>\n");
        break;
      case Block::Table:
        // The page's width, shared by the columns (QTextDocument, the PDF's layout, otherwise sizes them to their
        // longest unbreakable text and runs past the page).
        h += QStringLiteral("<table width=\"100%\">\n<tr>");
        for (qsizetype c = 0; c < b.header.size(); ++c) {
          const Spans& head = b.header[c];
          const int width = c < b.widths.size() ? b.widths[c] : 0;
          h += QStringLiteral("<th%1%2>%3</th>")
                   .arg(!head.isEmpty() && head.first().number ? QStringLiteral(" class=\"n\"") : QString(),
                        width > 0 ? QStringLiteral(" width=\"%1%\"").arg(width) : QString(), htmlSpans(head));
        }
        h += QStringLiteral("</tr>\n");
        for (const auto& row : b.rows) {
          h += QStringLiteral("<tr>");
          for (qsizetype c = 0; c < row.size(); ++c) {
            const int width = c < b.widths.size() ? b.widths[c] : 0;  // QTextDocument reads it from the cells
            h += QStringLiteral("<td%1%2>%3</td>")
                     .arg(cellClass(row[c]), width > 0 ? QStringLiteral(" width=\"%1%\"").arg(width) : QString(),
                          htmlSpans(row[c]));
          }
          h += QStringLiteral("</tr>\n");
        }
        h += QStringLiteral("</table>\n");
        break;
      case Block::Reasons:
        h += QStringLiteral("<ul>\n");
        for (const auto& r : b.reasons) {
          Span whole(r.text);
          whole.breakable = true;
          h += QStringLiteral("<li><a name=\"%1\" id=\"%1\"></a>%2: %3</li>\n")
                   .arg(r.anchor, htmlSpans(r.head), htmlText(whole));
        }
        h += QStringLiteral("</ul>\n");
        break;
    }
  }
  return h + QStringLiteral("</body></html>\n");
}

// ---------------------------------------------------------------- the content

class Builder {
 public:
  Builder(const SuiteReport& r, const QString& linkDir, bool translated, bool absoluteLinks = false)
      : m_r(r), m_linkDir(linkDir.isEmpty() ? r.dir : linkDir), m_absoluteLinks(absoluteLinks), m_tr(translated) {
    for (const SuiteEntry& e : r.entries) m_reasons << suiteRelativeText(e.error, r.dir, r.recordedDir);
  }

  QList<Block> build() {
    header();
    summary();
    worst();
    levels();
    reasons();
    compileReasons();
    skippedFiles();
    return m_blocks;
  }

  QString title() const {
    const QList<MeasuredDevice> other = m_r.cpuDryRun ? QList<MeasuredDevice>() : otherDevices();
    if (!other.isEmpty())
      return t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "Suite report: %1 (measured on %2), %3 problem(s)"))
          .arg(m_r.gpu.isEmpty() ? QStringLiteral("?") : m_r.gpu, other.first().name)
          .arg(m_r.summary.total);
    return t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "Suite report: %1, %2 problem(s)"))
        .arg(m_r.gpu.isEmpty() ? QStringLiteral("?") : m_r.gpu)
        .arg(m_r.summary.total);
  }

  /// The devices the problems ran on (SuiteEntry::device; else the suite's local device) that are not the target
  QList<MeasuredDevice> otherDevices() const {
    QStringList names;
    for (const SuiteEntry& e : m_r.entries)
      if (!e.device.isEmpty() && !names.contains(e.device)) names << e.device;
    if (names.isEmpty() && !m_r.deviceName.isEmpty()) names << m_r.deviceName;
    QList<MeasuredDevice> out;
    for (const QString& n : names)
      if (const MeasuredDevice d = matchMeasuredDevice(n, m_r.gpu); !d.matchesTarget) out << d;
    return out;
  }

 private:
  QString t(const char* english) const {
    return m_tr ? QCoreApplication::translate("kwb::SuiteReport", english) : QString::fromUtf8(english);
  }

  void add(Block b) { m_blocks << std::move(b); }
  void heading(int level, const QString& s, const QString& anchor = {}) {
    Block b;
    b.kind = Block::Heading;
    b.level = level;
    b.spans = {text(s)};
    b.anchor = anchor;
    add(b);
  }

  QString fraction(const std::optional<double>& v) const {
    return v ? QString::number(*v * 100, 'f', 1) + u'%' : QStringLiteral("–");
  }

  void header() {
    const SuiteSummary& s = m_r.summary;
    heading(1, t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "Suite report")));
    Block banner;
    banner.kind = Block::Banner;
    const bool allPass = s.total > 0 && s.pass == s.total;
    banner.color = m_r.cpuDryRun ? verdictColorName(Verdict::DryRun)
                   : allPass     ? verdictColorName(Verdict::Pass)
                   : s.pass == 0 ? verdictColorName(Verdict::Fail)
                                 : verdictColorName(Verdict::TimeoutFail);
    QString line = m_r.cpuDryRun
                       ? t(QT_TRANSLATE_NOOP("kwb::SuiteReport",
                                             "CPU DRY RUN of %1 problem(s): nothing was measured (no latency, speedup "
                                             "or utilization)"))
                             .arg(s.total)
                       : t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "%1 of %2 problems PASS")).arg(s.pass).arg(s.total);
    if (!m_r.cpuDryRun && s.geomeanVsEager)
      line += t(QT_TRANSLATE_NOOP("kwb::SuiteReport", " · geomean %1x vs eager")).arg(*s.geomeanVsEager, 0, 'f', 2);
    if (!m_r.cpuDryRun && s.geomeanVsCompile)
      line += t(QT_TRANSLATE_NOOP("kwb::SuiteReport", " · %1x vs torch.compile")).arg(*s.geomeanVsCompile, 0, 'f', 2);
    banner.spans = {text(line)};
    add(banner);

    Block facts;
    facts.kind = Block::Bullets;
    Span target = text(m_r.target);
    target.code = true;
    facts.items << Spans{
        text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "Target "))), target,
        text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "; GPU %1; framework %2; %3 at a time"))
                 .arg(m_r.gpu.isEmpty() ? QStringLiteral("?") : m_r.gpu,
                      m_r.framework.isEmpty() ? t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "the seed's policy"))
                                              : m_r.framework)
                 .arg(m_r.jobs))};
    // The devices the problems were measured on that are not the target: said plainly, with what the numbers are
    // against (an H100 lent for an H200 target read "GPU H200-SXM" with H200 percentages, session 34).
    if (!m_r.cpuDryRun)
      for (const MeasuredDevice& d : otherDevices()) {
        const int n = int(std::count_if(m_r.entries.cbegin(), m_r.entries.cend(),
                                        [&](const SuiteEntry& e) { return e.device == d.name; }));
        facts.items << Spans{
            text((d.ledgerId.isEmpty()
                      ? t(QT_TRANSLATE_NOOP("kwb::SuiteReport",
                                            "Measured on %1, NOT the target GPU %2 (%3 problem(s)): latencies and "
                                            "speedups are that device's; no utilization (the ledger does not know it)"))
                            .arg(d.name, d.targetId)
                            .arg(n)
                      : t(QT_TRANSLATE_NOOP("kwb::SuiteReport",
                                            "Measured on %1, NOT the target GPU %2 (%3 problem(s)): latencies and "
                                            "speedups are that device's; utilization is against %4's datasheet"))
                            .arg(d.name, d.targetId)
                            .arg(n)
                            .arg(d.ledgerId)))};
      }
    if (!m_r.gpuMemoryBasis.isEmpty() && !m_r.cpuDryRun) facts.items << Spans{text(m_r.gpuMemoryBasis)};
    if (!m_r.writtenUtc.isEmpty())
      facts.items << Spans{
          text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "suite.json written %1 (UTC)")).arg(m_r.writtenUtc))};
    QStringList counts;
    const std::pair<const char*, int> all[] = {
        {"PASS", s.pass},   {"FAIL", s.fail},      {"TIMEOUT_FAIL", s.timeout},          {"SKELETON", s.skeleton},
        {"ERROR", s.error}, {"DRY_RUN", s.dryRun}, {kDryRunTimeoutGate, s.dryRunTimeout}};
    for (const auto& [code, n] : all)  // a dry run out of time is rare: named only when it happened
      if (n > 0 || code != std::string_view(kDryRunTimeoutGate))
        counts << QStringLiteral("%1 %2").arg(n).arg(QLatin1String(code));
    counts << t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "%1 not run")).arg(s.pending);
    QString countLine = t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "Counts: %1")).arg(counts.join(QStringLiteral(", ")));
    if (s.untimed > 0)
      countLine += t(QT_TRANSLATE_NOOP("kwb::SuiteReport",
                                       "; %1 of the PASS timed nowhere (untimed: no latency, in no geomean)"))
                       .arg(s.untimed);
    if (s.resumed > 0)
      countLine += t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "; %1 taken from an earlier run (resumed)")).arg(s.resumed);
    facts.items << Spans{text(countLine)};
    if (!m_r.cpuDryRun) {
      const QString notMeasured = t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "not measured"));
      const QString eager = s.geomeanVsEager ? QString::number(*s.geomeanVsEager, 'f', 3) + u'x' : notMeasured;
      const QString compile = s.geomeanVsCompile
                                  ? QString::number(*s.geomeanVsCompile, 'f', 3) + u'x'
                                  : t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "not measured (kwb suite --compile-ref)"));
      const QString line2 =
          t(QT_TRANSLATE_NOOP("kwb::SuiteReport",
                              "fast_1 (correct and faster than eager, of all problems): %1; geometric-mean speedup of "
                              "the correct problems over eager: %2, over torch.compile: %3"))
              .arg(fraction(s.fast1), eager, compile);
      facts.items << Spans{text(line2)};
    }
    const QString lock = m_r.harnessEnv.value(QStringLiteral("KWB_GPU_LOCK"));
    if (!lock.isEmpty() && !m_r.cpuDryRun) {  // a dry run uses no GPU
      double total = 0, most = 0;
      for (const SuiteEntry& e : m_r.entries)
        if (e.lockWaitSec) {
          total += *e.lockWaitSec;
          most = qMax(most, *e.lockWaitSec);
        }
      Span where = text(suiteRelativeText(lock, m_r.dir, m_r.recordedDir));
      where.code = true;
      facts.items << Spans{text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "GPU timing lock "))), where,
                           text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport",
                                                    ": no two problems' timed regions overlapped; their harnesses "
                                                    "waited %1 s for it in all (at most %2 s one problem), time not "
                                                    "counted toward any case's timeout"))
                                    .arg(QString::number(total, 'f', 1), QString::number(most, 'f', 1)))};
    }
    add(facts);
  }

  void summary() {
    heading(2, t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "Summary by level")), QStringLiteral("summary"));
    Block table;
    table.kind = Block::Table;
    table.header = {Spans{text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "level")))},
                    Spans{numberSpan(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "problems")))},
                    Spans{numberSpan(QStringLiteral("PASS"))},
                    Spans{numberSpan(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "not PASS")))},
                    Spans{numberSpan(QStringLiteral("DRY_RUN"))},
                    Spans{numberSpan(QStringLiteral("fast_1"))},
                    Spans{numberSpan(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "geomean vs eager")))},
                    Spans{numberSpan(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "geomean vs torch.compile")))},
                    Spans{numberSpan(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "below 0.5x torch.compile")))}};
    for (const SuiteLevelFigures& l : suiteLevelFigures(m_r.entries)) {
      const SuiteSummary& s = l.summary;
      const bool all = l.level == QLatin1String("all");
      Span name = all ? text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "all")))
                      : link(l.level, u'#' + anchorFor(QStringLiteral("level-"), l.level));
      name.bold = all;
      const int notPass = s.total - s.pass - s.pending - s.dryRun;
      table.rows << QList<Spans>{
          Spans{name},
          Spans{numberSpan(QString::number(s.total))},
          Spans{numberSpan(QString::number(s.pass))},
          Spans{numberSpan(QString::number(notPass))},
          Spans{numberSpan(QString::number(s.dryRun))},
          Spans{numberSpan(fraction(s.fast1))},
          Spans{numberSpan(num(s.geomeanVsEager, 2, QStringLiteral("x")))},
          Spans{numberSpan(num(s.geomeanVsCompile, 2, QStringLiteral("x")))},
          Spans{numberSpan(s.geomeanVsCompile ? QString::number(l.belowHalfCompile) : QStringLiteral("–"))}};
    }
    add(table);
    Block note;
    note.spans = {text(t(QT_TRANSLATE_NOOP(
        "kwb::SuiteReport",
        "problems = PASS + not PASS + DRY_RUN + not run yet: not PASS counts FAIL, TIMEOUT_FAIL, SKELETON, ERROR "
        "and DRY_RUN_TIMEOUT (a dry run out of time on the CPU, nothing checked); a CPU dry run (DRY_RUN) measured no "
        "kernel, so it is neither PASS nor not PASS. Geomeans over the "
        "PASS problems with both latencies (above 1x: faster than the reference); fast_1 counts "
        "the problems that are correct and faster than eager among all of the level's problems.")))};
    add(note);
  }

  void worst() {
    const QList<int> worst = suiteWorstProblems(m_r.entries);
    heading(2, t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "Worst problems")), QStringLiteral("worst"));
    if (worst.isEmpty()) {
      Block b;
      b.spans = {text(m_r.cpuDryRun
                          ? t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "None to list: a CPU dry run measures no kernel."))
                          : t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "None: no problem has a verdict yet.")))};
      add(b);
      return;
    }
    Block b;
    b.spans = {text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport",
                                        "Every problem that did not PASS, then the slowest that did (lowest speedup "
                                        "over torch.compile, or over eager without it).")))};
    add(b);
    add(problemTable(worst, true));
  }

  void levels() {
    std::map<QString, QList<int>> byLevel;
    for (int i = 0; i < m_r.entries.size(); ++i) byLevel[suiteEntryLevel(m_r.entries[i])] << i;
    for (auto& [level, rows] : byLevel) {
      std::stable_sort(rows.begin(), rows.end(),
                       [this](int a, int b) { return naturalLess(m_r.entries[a].name, m_r.entries[b].name); });
      heading(2, t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "%1: %2 problem(s)")).arg(level).arg(rows.size()),
              anchorFor(QStringLiteral("level-"), level));
      add(problemTable(rows, false));
    }
  }

  void reasons() {
    Block b;
    b.kind = Block::Reasons;
    for (int i = 0; i < m_r.entries.size(); ++i) {
      const SuiteEntry& e = m_r.entries[i];
      if (m_reasons[i].isEmpty()) continue;
      Span name = link(e.name, u'#' + anchorFor(QStringLiteral("p-"), e.name));
      name.bold = true;
      Span status = text(QStringLiteral(" (%1)").arg(statusText(e)));
      b.reasons << Block::Reason{anchorFor(QStringLiteral("why-"), e.name), Spans{name, status}, m_reasons[i]};
    }
    if (b.reasons.isEmpty()) return;
    heading(2, t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "Why not PASS")), QStringLiteral("why"));
    Block intro;
    intro.spans = {text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport",
                                            "The whole reason of every problem with one, as the suite recorded it "
                                            "(paths relative to the suite folder).")))};
    add(intro);
    add(b);
  }

  // Why a problem has no torch.compile figure (SuiteEntry::compileError): its "vs compile" cell links here. A "–"
  // there said nothing while the problem's baseline report gave the reason (session 34, level-2 56_).
  void compileReasons() {
    Block b;
    b.kind = Block::Reasons;
    for (const SuiteEntry& e : m_r.entries) {
      if (m_r.cpuDryRun || e.compileLatencyUs || e.compileError.isEmpty()) continue;
      Span name = link(e.name, u'#' + anchorFor(QStringLiteral("p-"), e.name));
      name.bold = true;
      b.reasons << Block::Reason{anchorFor(QStringLiteral("nocompile-"), e.name), Spans{name},
                                 suiteRelativeText(e.compileError, m_r.dir, m_r.recordedDir)};
    }
    if (b.reasons.isEmpty()) return;
    heading(2, t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "No torch.compile figure")), QStringLiteral("nocompile"));
    Block intro;
    intro.spans = {text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport",
                                            "Why a problem's \"vs compile\" is \"–\": the harness's reason, as the "
                                            "problem's baseline report gives it.")))};
    add(intro);
    add(b);
  }

  // What the folders given held and the suite did not run (SuiteReport::skipped): a subfolder of problems was skipped
  // without a word (new-user trial 24, #5).
  void skippedFiles() {
    if (m_r.skipped.isEmpty()) return;
    Block b;
    b.kind = Block::Reasons;
    for (int i = 0; i < m_r.skipped.size(); ++i) {
      const SuiteSkip& k = m_r.skipped[i];
      Span name = text(suiteRelativeText(k.path, m_r.dir, m_r.recordedDir));
      name.bold = true;
      const QString why =
          k.isFolder()
              ? t(QT_TRANSLATE_NOOP("kwb::SuiteReport",
                                    "a subfolder with %1 problem file(s): not searched; give it to kwb suite to run "
                                    "them"))
                    .arg(k.problems)
              : t(QT_TRANSLATE_NOOP("kwb::SuiteReport",
                                    "defines neither class Model nor get_inputs(): a helper, not a problem"));
      b.reasons << Block::Reason{QStringLiteral("skip-%1").arg(i + 1), Spans{name}, why};
    }
    heading(2, t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "Skipped, not run")), QStringLiteral("skipped"));
    Block intro;
    intro.spans = {text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport",
                                            "What the folders given to the suite held besides its problems, and why "
                                            "each was not run.")))};
    add(intro);
    add(b);
  }

  // The problems' table: the worst list (@p worst: the level column, no anchors) or a level's.
  Block problemTable(const QList<int>& rows, bool worst) const {
    Block table;
    table.kind = Block::Table;
    table.header << Spans{text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "problem")))};
    if (worst) table.header << Spans{text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "level")))};
    table.header << Spans{text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "gate")))};
    if (!m_r.cpuDryRun)
      table.header << Spans{numberSpan(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "max rel_err")))}
                   << Spans{numberSpan(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "kernel µs")))}
                   << Spans{numberSpan(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "vs eager")))}
                   << Spans{numberSpan(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "vs compile")))};
    if (!m_r.cpuDryRun && !worst)
      table.header << Spans{numberSpan(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "BW / compute % (copy %)")))};
    table.header << Spans{text(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "why not PASS")))};
    // Eight columns at most: A4 portrait at the PDF's 7 pt holds them (ten ran past the page).
    table.widths = QList<int>(table.header.size(), 0);
    table.widths.first() = 24;  // the name, broken after its underscores, and its files
    table.widths.last() = 30;   // the reason, cut at kSuiteReasonCellChars
    for (int i : rows) {
      const SuiteEntry& e = m_r.entries[i];
      const SuiteEntryLinks files = suiteEntryLinks(e, m_linkDir);
      QList<Spans> row;
      Span name = files.report.isEmpty() ? text(e.name) : link(e.name, fileHref(files.report));
      name.breakable = true;
      if (!worst) name.anchor = anchorFor(QStringLiteral("p-"), e.name);  // "Why not PASS" links back here
      Spans problemCell{name};
      // the name is the report's link already: below it only the other files (a second "report" link to the
      // same file read as a different one; trial 27)
      const std::pair<QString, const char*> kinds[] = {{files.kernel, QT_TRANSLATE_NOOP("kwb::SuiteReport", "kernel")},
                                                       {files.log, QT_TRANSLATE_NOOP("kwb::SuiteReport", "log")}};
      bool first = true;
      for (const auto& [path, label] : kinds) {
        if (path.isEmpty()) continue;
        Span file = link(t(label), fileHref(path), path);
        if (first)
          file.lineBreak = true;
        else
          problemCell << text(QStringLiteral(" · "));
        problemCell << file;
        first = false;
      }
      row << problemCell;
      if (worst) row << Spans{link(suiteEntryLevel(e), u'#' + anchorFor(QStringLiteral("level-"), suiteEntryLevel(e)))};
      Span gate = text(statusText(e));
      gate.bold = true;
      gate.color = verdictColorName(suiteEntryVerdict(e));
      if (e.resumed) gate.title = t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "taken from an earlier run (resumed)"));
      row << Spans{gate};
      if (!m_r.cpuDryRun)
        row << Spans{numberSpan(relErrText(e.maxRelErr))} << Spans{numberSpan(num(e.latencyUs, 2))}
            << Spans{numberSpan(num(e.speedupVsEager(), 2, QStringLiteral("x")))} << compileCell(e);
      if (!m_r.cpuDryRun && !worst) {
        QString util = QStringLiteral("–");
        if (e.bandwidthUtilPct || e.computeUtilPct)
          util = num(e.bandwidthUtilPct, 1) + QStringLiteral(" / ") + num(e.computeUtilPct, 1);
        // of the copy measured in the same run: what a memory-bound kernel is judged by (issue 14: 85%)
        if (e.bandwidthUtilVsCopyPct) util += QStringLiteral(" (") + num(e.bandwidthUtilVsCopyPct, 1) + u')';
        row << Spans{numberSpan(util)};
      }
      const QString reason = m_reasons[i];
      Spans why;
      if (!reason.isEmpty()) {
        const QString shortText = suiteShortText(reason);
        Span s = text(shortText);
        s.breakable = true;
        s.title = reason;
        why << s;
        if (shortText != reason) {
          why << text(QStringLiteral(" "))
              << link(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "(whole text)")),
                      u'#' + anchorFor(QStringLiteral("why-"), e.name));
        }
      } else {
        // a dry run's empty cell read as "passed" (new-user trial 18, #11): it measured nothing
        Span none = text(suiteEntryVerdict(e) == Verdict::DryRun
                             ? t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "dry run: nothing measured"))
                             : QString());
        none.breakable = true;
        why << none;
      }
      row << why;
      table.rows << row;
    }
    return table;
  }

  /// The "vs compile" cell: the speedup, else "–", with a link to why (compileReasons()) where the suite knows it.
  Spans compileCell(const SuiteEntry& e) const {
    Spans cell{numberSpan(num(e.speedupVsCompile(), 2, QStringLiteral("x")))};
    if (!e.speedupVsCompile() && !e.compileLatencyUs && !e.compileError.isEmpty()) {
      cell.first().title = e.compileError;
      cell << text(QStringLiteral(" "))
           << link(t(QT_TRANSLATE_NOOP("kwb::SuiteReport", "(why)")),
                   u'#' + anchorFor(QStringLiteral("nocompile-"), e.name));
    }
    return cell;
  }

  const SuiteReport& m_r;
  QString m_linkDir;
  bool m_absoluteLinks = false;  ///< file:// URLs: a PDF has no folder its viewer resolves relative links against
  /// The link to @p relativePath (relative to m_linkDir): as it is, or an absolute file:// URL (m_absoluteLinks)
  QString fileHref(const QString& relativePath) const {
    return m_absoluteLinks ? QUrl::fromLocalFile(QDir::cleanPath(QDir(m_linkDir).absoluteFilePath(relativePath)))
                                 .toString(QUrl::FullyEncoded)
                           : hrefOf(relativePath);
  }
  bool m_tr;
  QStringList m_reasons;  ///< per entry: its error, paths relative
  QList<Block> m_blocks;
};

}  // namespace

QString suiteEntryLevel(const SuiteEntry& e) {
  if (e.source.isEmpty()) return QStringLiteral("–");
  const QString dir = QFileInfo(e.source).dir().dirName();
  return dir.isEmpty() ? QStringLiteral("–") : dir;
}

QList<SuiteLevelFigures> suiteLevelFigures(const QList<SuiteEntry>& entries) {
  std::map<QString, QList<SuiteEntry>> byLevel;
  for (const SuiteEntry& e : entries) byLevel[suiteEntryLevel(e)] << e;
  auto figures = [](const QString& name, const QList<SuiteEntry>& list) {
    SuiteLevelFigures f;
    f.level = name;
    f.summary = summarize(list);
    for (const SuiteEntry& e : list)
      if (const auto v = e.speedupVsCompile(); e.correct() && v && *v < 0.5) ++f.belowHalfCompile;
    return f;
  };
  QList<SuiteLevelFigures> out;
  for (const auto& [level, list] : byLevel) out << figures(level, list);
  if (out.size() > 1) out << figures(QStringLiteral("all"), entries);
  return out;
}

QList<int> suiteWorstProblems(const QList<SuiteEntry>& entries, int slowest) {
  QList<int> bad, good;
  for (int i = 0; i < entries.size(); ++i) {
    const SuiteEntry& e = entries[i];
    if (e.state == QLatin1String("pending") || e.status == QLatin1String("DRY_RUN")) continue;
    if (e.correct())
      good << i;
    else
      bad << i;
  }
  std::stable_sort(bad.begin(), bad.end(), [&](int a, int b) {
    const int ba = badness(entries[a]), bb = badness(entries[b]);
    return ba != bb ? ba < bb : naturalLess(entries[a].name, entries[b].name);
  });
  const bool compile =
      std::any_of(good.cbegin(), good.cend(), [&](int i) { return entries[i].speedupVsCompile().has_value(); });
  auto speed = [&](int i) { return compile ? entries[i].speedupVsCompile() : entries[i].speedupVsEager(); };
  good.erase(std::remove_if(good.begin(), good.end(), [&](int i) { return !speed(i); }), good.end());
  std::stable_sort(good.begin(), good.end(), [&](int a, int b) { return *speed(a) < *speed(b); });
  return bad + good.mid(0, qMax(0, slowest));
}

QString suiteRelativeText(const QString& text, const QString& suiteDir, const QString& recordedDir) {
  QString t = text;
  for (const QString& dir : {recordedDir, suiteDir}) {
    if (dir.isEmpty()) continue;
    const QString prefix = QDir::cleanPath(dir) + u'/';
    t.replace(prefix, QString());
  }
  return t.replace(u'\n', u' ').trimmed();
}

QString suiteShortText(const QString& text, int maxChars) {
  if (text.size() <= maxChars) return text;
  qsizetype cut = text.lastIndexOf(u' ', maxChars - 1);
  if (cut < maxChars / 2) cut = maxChars - 1;  // one long word (a path): cut inside it
  return text.left(cut).trimmed() + QStringLiteral("…");
}

SuiteEntryLinks suiteEntryLinks(const SuiteEntry& e, const QString& linkDir) {
  SuiteEntryLinks l;
  if (e.workspace.isEmpty() || !QFileInfo(e.workspace).isDir()) return l;
  const QDir ws(e.workspace), from(linkDir);
  auto rel = [&](const QString& path) { return QFileInfo(path).isFile() ? from.relativeFilePath(path) : QString(); };
  l.report = rel(ws.filePath(QStringLiteral("baseline_report.md")));
  l.kernel = rel(ws.filePath(QStringLiteral("kernel.py")));
  // the newest run's log (the run folders are named by their UTC time, so the name orders them)
  QStringList runs =
      QDir(ws.filePath(QStringLiteral(".kwb/runs"))).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
  for (auto it = runs.crbegin(); it != runs.crend() && l.log.isEmpty(); ++it)
    l.log = rel(ws.filePath(QStringLiteral(".kwb/runs/%1/output.log").arg(*it)));
  return l;
}

QString suiteReportMarkdown(const SuiteReport& r, const QString& linkDir, bool translated) {
  Builder b(r, linkDir, translated);
  return toMarkdown(b.build());
}

QString suiteReportHtml(const SuiteReport& r, const QString& linkDir, bool translated, bool absoluteLinks) {
  Builder b(r, linkDir, translated, absoluteLinks);
  const QList<Block> blocks = b.build();
  return toHtml(blocks, b.title());
}

SuiteReport suiteReportOf(const SuiteOptions& o, const QList<SuiteEntry>& entries) {
  SuiteReport r;
  r.dir = QDir(o.outDir).absolutePath();
  r.target = o.target;
  r.gpu = suiteGpuId(o.base.gpu);
  r.framework = o.base.framework;
  r.cpuDryRun = o.base.cpuDryRun;
  r.jobs = o.jobs;
  r.writtenUtc = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
  r.entries = entries;
  r.skipped = o.skipped;
  r.summary = summarize(entries);
  r.harnessEnv = o.base.harnessEnv;
  r.gpuMemoryBasis = o.gpuMemoryBasis;
  r.deviceName = o.deviceName;
  return r;
}

QString defaultSuiteExportPath(const SuiteReport& r, ExportFormat format) {
  return QDir(r.dir).filePath(QStringLiteral("suite_report.") + exportSuffix(format));
}

bool exportSuiteReport(const SuiteReport& r, ExportFormat format, const QString& out, const HtmlToPdf& toPdf,
                       QString* error, bool translated) {
  if (const QString problem = exportDestinationProblem(out); !problem.isEmpty()) {
    if (error) *error = problem;
    return false;
  }
  QDir().mkpath(QFileInfo(out).absolutePath());
  const QString linkDir = QFileInfo(out).absolutePath();
  switch (format) {
    case ExportFormat::Markdown:
      return atomicWrite(out, suiteReportMarkdown(r, linkDir, translated).toUtf8(), error);
    case ExportFormat::Html:
      return atomicWrite(out, suiteReportHtml(r, linkDir, translated).toUtf8(), error);
    case ExportFormat::Pdf:
      if (!toPdf) {
        if (error) *error = QStringLiteral("PDF export needs the GUI libraries (this build has no HTML → PDF writer)");
        return false;
      }
      // A PDF viewer resolves a relative link against its own folder, or not at all (new-user trial 19, #18: a PDF
      // written outside the suite folder had broken links): absolute ones
      return toPdf(suiteReportHtml(r, linkDir, translated, true), QByteArray(), out, error);
  }
  return false;
}

}  // namespace kwb
