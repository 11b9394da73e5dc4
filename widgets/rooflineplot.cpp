#include "widgets/qcustomplot_include.h"  // first: see the header

#include "widgets/rooflineplot.h"

#include "core/review/displaytext.h"
#include "widgets/theme.h"

#include "core/records/versions.h"
#include "core/pipeline/recordsbuilder.h"
#include "core/pipeline/session.h"
#include "core/workspace/workspace.h"

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QDir>
#include <QFile>
#include <QEvent>
#include <QFileDialog>
#include <QRegularExpression>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QSaveFile>
#include <QScrollArea>
#include <QStyle>
#include <QSvgGenerator>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <cmath>

namespace kwb {

namespace {
const QColor kMemoryColor(0x15, 0x65, 0xc0);
const QColor kMeasuredColor(0x00, 0x89, 0x7b);
const QColor kComputeColor(0x6a, 0x1b, 0x9a);
const QColor kPointColor(0xe6, 0x51, 0x00);
const QColor kAboveColor(0xc6, 0x28, 0x28);
const QColor kOtherRoofColor(0x9e, 0x9e, 0x9e);

double decadeBelow(double v) { return std::pow(10.0, std::floor(std::log10(v))); }
double decadeAbove(double v) { return std::pow(10.0, std::ceil(std::log10(v))); }
QString num(double v) { return QString::number(v, 'g', 4); }
// A chart label's text for a narrow chart (QObject property; fitLegend() switches to it).
constexpr char kShortText[] = "kwbShortText";
// A roof's label clears its own line by this many pixels, on the side the alignment puts it (above for the
// flat roofs and the datasheet memory roof, below for the measured one): sitting on the line, the tf32 roof's
// label was crossed by its own dashed line where that line rises to its flat part.
constexpr int kRoofLabelGapPx = 6;  // 4 px read as touching in the dock (session 15's review)
QMargins roofLabelPadding(Qt::Alignment align) {
  return QMargins(3, (align & Qt::AlignTop) ? kRoofLabelGapPx : 1, 3, (align & Qt::AlignBottom) ? kRoofLabelGapPx : 1);
}

QCPGraph* addLine(QCustomPlot* plot, const char* objectName, const QString& legend, const QColor& color,
                  Qt::PenStyle style, const QVector<double>& x, const QVector<double>& y) {
  QCPGraph* g = plot->addGraph();
  g->setObjectName(QLatin1String(objectName));
  g->setName(legend);
  g->setPen(QPen(color, 2.0, style));
  g->setData(x, y, true);
  return g;
}
}  // namespace

RooflinePlot::RooflinePlot(QWidget* parent)
    : QWidget(parent),
      m_plot(new QCustomPlot(this)),
      m_title(nullptr),
      m_note(new QLabel(this)),
      m_noteScroll(new QScrollArea(this)) {
  m_plot->setObjectName(QStringLiteral("rooflineCustomPlot"));
  // QCustomPlot finds the exponent of "1e+03" to draw 10³; a locale that writes "1E+03" (zh_CN does)
  // defeats it and the ticks read 1E+03. Numbers on the chart use the C locale.
  m_plot->setLocale(QLocale::c());
  m_plot->setMinimumSize(320, 240);
  for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    // "eb" with precision 0 draws log ticks as 10 with a superscript exponent (10³), not 1E+03.
    axis->setNumberFormat(QStringLiteral("eb"));
    axis->setNumberPrecision(0);
  }
  m_plot->xAxis->setLabel(tr("Arithmetic intensity (FLOP/byte)"));
  m_plot->yAxis->setLabel(tr("Performance (TFLOPS)"));
  // The roofs are labelled on the chart; the legend sits below the axis rect, never over the data.
  // (It joins the layout with data only: an empty legend grid reports a tiny maximum width, which
  // squeezed its column, the axis rect's, to a sliver.)
  m_plot->legend->setVisible(true);
  m_plot->axisRect()->insetLayout()->take(m_plot->legend);
  m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
  m_plot->legend->setWrap(2);
  m_plot->plotLayout()->insertRow(0);
  m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(m_plot, &QCustomPlot::customContextMenuRequested, this, &RooflinePlot::showContextMenu);
  connect(m_plot, &QCustomPlot::mouseMove, this, &RooflinePlot::onMouseMove);
  connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent*) { resetView(); });
  m_plot->setToolTip(tr("Drag to pan, wheel to zoom, double-click to reset; right-click to export"));
  m_title = new QCPTextElement(m_plot, tr("Roofline"), QFont(font().family(), 11, QFont::Bold));
  m_plot->plotLayout()->addElement(0, 0, m_title);
  QFont legendFont = font();
  legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);  // keep the legend off the roofs in a narrow dock
  m_plot->legend->setFont(legendFont);
  m_note->setWordWrap(true);
  m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_note->setObjectName(QStringLiteral("rooflineNote"));
  m_note->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  // The sources can be long: what does not fit in a quarter of the widget scrolls rather than squeeze the chart
  // (fitNote).
  m_noteScroll->setObjectName(QStringLiteral("rooflineNoteScroll"));
  m_noteScroll->setWidget(m_note);
  m_noteScroll->setWidgetResizable(true);
  m_noteScroll->setFrameShape(QFrame::NoFrame);
  m_noteScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // the note wraps
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_plot, 1);
  layout->addWidget(m_noteScroll);
  applyTheme();
  clear();
}

void RooflinePlot::clear() {
  m_data.reset();
  m_unavailable.clear();
  m_plot->clearGraphs();
  m_plot->clearItems();
  m_hover = nullptr;
  m_labelPlaces.clear();
  if (m_plot->legend->layout()) {
    m_plot->plotLayout()->take(m_plot->legend);
    m_plot->plotLayout()->simplify();
  }
  m_plot->xAxis->setRange(0.01, 1000);
  m_plot->yAxis->setRange(0.01, 1000);
  m_title->setText(tr("Roofline"));
  // Nothing known yet: the note alone, as an empty state. Empty log axes under "No roofline yet" read as a chart that
  // failed to draw (new-user trial 22, K1).
  m_plot->setVisible(false);
  m_note->setAlignment(Qt::AlignCenter);
  m_note->setMargin(12);
  setNote(emptyNote());
  m_plot->replot(QCustomPlot::rpQueuedRefresh);
}

bool RooflinePlot::isEmptyState() const { return !m_plot->isVisibleTo(this); }

bool RooflinePlot::isAnalytic() const { return m_data && m_data->label == QLatin1String(kAnalyticPointLabel); }

void RooflinePlot::showAnalytic(const WorkbenchSession* session) {
  // The chart of records (the report's, a review's) is never replaced by one computed before them.
  if (!session || session->busyPhase() != 0 || session->hasRecords() || session->review()) return;
  const BaselineJob* job = session->job();
  if (!job) return;
  // The precision the kernel computes in: phase 3's (or measure's, read from the harness) once it ran, else the one
  // phase 1's codegen verdict says phase 3 will choose. Rating phase 1 in the data's fp32 and phase 4 in tf32 made
  // the compute roof jump 7x in front of an audience (new-user trial 24, #11).
  const bool generated = !job->mathDtype().isEmpty() || session->phaseDone(3);
  const QString math = generated ? job->mathDtype()
                       : session->codegenVerdict().valid && session->codegenVerdict().framework == job->framework()
                           ? session->codegenVerdict().mathDtype
                           : QString();
  const std::optional<RooflineData> d = analyticRoofline(job->spec(), job->gpuId(), math);
  const nlohmann::json& spec = job->spec();  // null before phase 1
  const QString dataDtype = spec.is_object() && spec.contains("dtype") && spec.at("dtype").is_string()
                                ? ledgerDtype(QString::fromStdString(spec.at("dtype").get<std::string>()))
                                : QString();
  const QString rating = m_rating;
  m_rating.clear();
  if (d && !math.isEmpty() && math != dataDtype)
    m_rating =
        generated
            ? tr("Compute roof in %1, not the data's %2: the generated kernel computes in %1.").arg(math, dataDtype)
            : tr("Compute roof in %1, not the data's %2: the kernel phase 3 will write computes in %1, so "
                 "the roof stays when it runs.")
                  .arg(math, dataDtype);
  if (!d) {
    if (isAnalytic()) clear();  // the spec no longer gives one (edited, or a new job): nothing known
    return;
  }
  if (isAnalytic() && m_data->gpuId == d->gpuId && m_data->dtype == d->dtype &&
      qFuzzyCompare(m_data->pointIntensity, d->pointIntensity) && qFuzzyCompare(m_data->peakTflops, d->peakTflops) &&
      rating == m_rating)
    return;  // the same chart: keep the reader's zoom
  setData(*d);
}

QString RooflinePlot::emptyNote() const {
  if (!m_unavailable.isEmpty()) return m_unavailable;
  // a reviewed workspace's Report shows the report on disk, which draws nothing here
  if (m_report && m_report->isEnabled() && m_session && m_session->job())
    return tr("No roofline yet: the V0 measurement has finished; press Report (%1) to write the report, which draws "
              "it.")
        .arg(m_report->shortcut().toString(QKeySequence::NativeText));
  return tr(
      "No roofline yet: its roofs and the problem's arithmetic intensity are drawn once phase 1 (Understand) "
      "has counted its FLOPs and bytes; the measured point comes with the report, after phase 4.");
}

QString RooflinePlot::analyticNote(double intensity) const {
  if (m_report && m_report->isEnabled() && m_session && m_session->job())
    return tr("Analytic intensity %1 FLOP/byte, from the spec's FLOPs and bytes (nothing measured yet): the V0 "
              "measurement has finished; press Report (%2) to write the report, which draws the measurement.")
        .arg(num(intensity), m_report->shortcut().toString(QKeySequence::NativeText));
  return tr("Analytic intensity %1 FLOP/byte, from the spec's FLOPs and bytes (nothing measured yet): the measured "
            "point is drawn with the report, after the V0 measurement (phase 4).")
      .arg(num(intensity));
}

QString RooflinePlot::noPeakNote(const QString& dtype, const QString& gpu) {
  return tr("No roofline for %1: the spec ledger has no %1 peak for %2, so neither a compute roof nor a point can be "
            "drawn.")
      .arg(dtype, gpu);
}

void RooflinePlot::setReportAction(QAction* report) {
  if (m_report) disconnect(m_report, nullptr, this, nullptr);
  m_report = report;
  const auto follow = [this] {
    if (!m_data)
      setNote(emptyNote());
    else if (isAnalytic())
      setData(*m_data);  // its note names Report once the action is enabled
  };
  if (report) connect(report, &QAction::changed, this, follow);
  follow();
}

QCPGraph* RooflinePlot::graph(const char* name) const {
  for (int i = 0; i < m_plot->graphCount(); ++i)
    if (m_plot->graph(i)->objectName() == QLatin1String(name)) return m_plot->graph(i);
  return nullptr;
}

bool RooflinePlot::hasPoint() const {
  const QCPGraph* g = graph(kPoint);
  return g && g->dataCount() == 1;
}

QPointF RooflinePlot::point() const {
  if (!hasPoint()) return {};
  const auto it = graph(kPoint)->data()->constBegin();
  return {it->key, it->value};
}

QString RooflinePlot::noteText() const { return m_note->text(); }
QString RooflinePlot::title() const { return m_title->text(); }

QCPItemText* RooflinePlot::addLabel(const QString& name, const QString& text, double x, double y, Qt::Alignment align,
                                    const QColor& color) {
  auto* t = new QCPItemText(m_plot);
  t->setObjectName(name);
  t->position->setType(QCPItemPosition::ptPlotCoords);
  t->position->setCoords(x, y);
  t->setPositionAlignment(align);
  t->setText(text);
  t->setColor(color);
  t->setPadding(QMargins(3, 1, 3, 1));
  // On the chart's background, over the grid and under the roofs: a grey label over a grey gridline was unreadable
  // in the 1280x800 dock (new-user trial 18, #13). The roofs still draw over the padding (declutterLabels keeps
  // them out of the text itself).
  if (!m_plot->layer(QStringLiteral("labels")))
    m_plot->addLayer(QStringLiteral("labels"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limBelow);
  t->setLayer(QStringLiteral("labels"));
  t->setBrush(palette().brush(QPalette::Base));
  QFont f = font();
  f.setPointSizeF(f.pointSizeF() * 0.9);
  t->setFont(f);
  return t;
}

QStringList RooflinePlot::chartLabels() const {
  QStringList out;
  for (int i = 0; i < m_plot->itemCount(); ++i)
    if (auto* t = qobject_cast<QCPItemText*>(m_plot->item(i)); t && t != m_hover && t->visible()) out << t->text();
  return out;
}

void RooflinePlot::setSession(WorkbenchSession* session) {
  m_session = session;
  // A new job (phase 1) has no chart until its records are written; then the chart is theirs.
  // A job whose spec and GPU are known (phase 1 passed; a Measure Again job reads them from its workspace) draws its
  // roofs and analytic intensity at once, as Nsight Compute does; the measured point comes with the records
  // (new-user trial 22, #11). Phase 3 may change the dtype that rates the kernel (tf32 for an fp32 matmul).
  connect(session, &WorkbenchSession::jobChanged, this, [this, session] {
    clear();
    showAnalytic(session);
  });
  connect(session, &WorkbenchSession::phaseFinished, this, [this, session] { showAnalytic(session); });
  connect(session, &WorkbenchSession::codegenVerdictChanged, this, [this, session] { showAnalytic(session); });
  connect(session, &WorkbenchSession::recordsWritten, this, [this, session] {
    if (session->job() && session->job()->roofline()) setData(*session->job()->roofline());
  });
  connect(session, &WorkbenchSession::reviewChanged, this, [this, session] {
    if (session->review() && session->review()->roofline) {
      setData(*session->review()->roofline);
      setVersionPoints(versionPoints(session->review()->root));
    } else {
      clear();
      // an int32 problem: no V0 measurement will ever draw one, so the note must not promise it (new-user trial 21 #7);
      // kept as the empty chart's note, which the Report action's changes rewrite
      if (session->review() && !session->review()->rooflineNoPeakDtype.isEmpty()) {
        m_unavailable = noPeakNote(session->review()->rooflineNoPeakDtype, session->review()->gpu);
        setNote(emptyNote());
      }
    }
  });
}

QList<RooflinePlot::VersionPoint> RooflinePlot::versionPoints(const QString& workspace) {
  QList<VersionPoint> out;
  const auto versions = readVersions(workspace);
  if (!versions) return out;
  for (const VersionInfo& v : *versions) {
    if (v.number == 0) continue;  // V0 is setData()'s point
    QFile f(QDir(workspace).filePath(QStringLiteral(".kwb/roofline_%1.json").arg(v.version)));
    if (!f.open(QIODevice::ReadOnly) || f.size() > (1 << 20)) continue;
    const auto doc = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
    const auto r = doc.is_discarded() ? std::nullopt : rooflineFromJson(doc);
    if (r && r->pointIntensity > 0 && r->pointTflops > 0)
      out.append({v.version.toUpper(), r->pointIntensity, r->pointTflops});
  }
  return out;
}

void RooflinePlot::setVersionPoints(const QList<VersionPoint>& points) {
  if (points.isEmpty()) return;
  const QColor c(0x1f, 0x77, 0xb4);
  QVector<double> xs, ys;
  for (const VersionPoint& p : points) {
    xs << p.intensity;
    ys << p.tflops;
    addLabel(QStringLiteral("versionPointLabel"), p.label, p.intensity, p.tflops, Qt::AlignRight | Qt::AlignBottom, c);
    m_ymin = std::min(m_ymin, std::pow(10.0, std::floor(std::log10(p.tflops))));
    m_ymax = std::max(m_ymax, std::pow(10.0, std::ceil(std::log10(p.tflops))));
    m_xmin = std::min(m_xmin, std::pow(10.0, std::floor(std::log10(p.intensity))));
    m_xmax = std::max(m_xmax, std::pow(10.0, std::ceil(std::log10(p.intensity))));
  }
  QCPGraph* g = addLine(m_plot, kVersionPoints, tr("later versions (kwb measure)"), c, Qt::SolidLine, xs, ys);
  g->setLineStyle(QCPGraph::lsNone);
  g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, c, 8));
  fitLegend();
  applyTheme();
  resetView();
}

void RooflinePlot::resetView() {
  m_plot->xAxis->setRange(m_xmin, m_xmax);
  m_plot->yAxis->setRange(m_ymin, m_ymax);
  if (m_labelPlaces.isEmpty()) {
    m_plot->replot(QCustomPlot::rpQueuedRefresh);
    return;
  }
  // the labels' places are measured in pixels of these ranges (setData() fitted them before the ranges were set)
  m_plot->replot(QCustomPlot::rpImmediateRefresh);
  declutterLabels();
}

QString RooflinePlot::readoutAt(double x, double y) const {
  if (!m_data || x <= 0) return {};
  QString text = tr("%1 FLOP/byte, %2 TFLOPS\nroof here: %3 TFLOPS (datasheet)")
                     .arg(num(x), num(y), num(rooflineTflopsAt(*m_data, x)));
  if (m_data->measuredBandwidthTBs)
    text += (measuredCeilingOrigin(*m_data) == CeilingOrigin::Ledger ? tr(", %1 (ledger, recorded)")
                                                                     : tr(", %1 (measured)"))
                .arg(num(rooflineTflopsAt(*m_data, x, true)));
  return text;
}

void RooflinePlot::onMouseMove(QMouseEvent* event) {
  if (!m_data) return;
  const double x = m_plot->xAxis->pixelToCoord(event->position().x());
  const double y = m_plot->yAxis->pixelToCoord(event->position().y());
  if (!m_hover) {
    m_hover = new QCPItemText(m_plot);
    m_hover->setObjectName(QStringLiteral("hoverReadout"));
    m_hover->setLayer(QStringLiteral("overlay"));
    m_hover->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_hover->position->setCoords(0.01, 0.99);
    m_hover->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_hover->setTextAlignment(Qt::AlignLeft);
    m_hover->setBrush(palette().brush(QPalette::Base));
    m_hover->setPen(QPen(palette().color(QPalette::Mid)));
    m_hover->setColor(palette().color(QPalette::WindowText));
    m_hover->setPadding(QMargins(4, 2, 4, 2));
  }
  const bool inside = m_plot->axisRect()->rect().contains(event->position().toPoint());
  m_hover->setVisible(inside);
  m_hover->setText(readoutAt(x, y));
  m_plot->layer(QStringLiteral("overlay"))->replot();
}

void RooflinePlot::showContextMenu(const QPoint& pos) {
  QMenu menu(this);
  menu.addAction(tr("Reset zoom"), this, &RooflinePlot::resetView);
  menu.addSeparator();
  menu.addAction(tr("Export as PNG, SVG or PDF…"), this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export roofline"), QStringLiteral("roofline.svg"),
                                                      tr("SVG (*.svg);;PNG (*.png);;PDF (*.pdf)"));
    QString error;
    if (!path.isEmpty() && !exportTo(path, &error)) setNote(error + u'\n' + m_note->text());
  });
  menu.exec(m_plot->mapToGlobal(pos));
}

bool RooflinePlot::exportTo(const QString& path, QString* error) {
  auto fail = [error](const QString& why) {
    if (error) *error = why;
    return false;
  };
  const QString suffix = QFileInfo(path).suffix().toLower();
  const int w = std::max(m_plot->width(), 900), h = std::max(m_plot->height(), 600);
  if (m_hover) m_hover->setVisible(false);
  bool ok = false;
  if (suffix == u"png") {
    ok = m_plot->savePng(path, w, h, 2.0);
  } else if (suffix == u"pdf") {
    ok = m_plot->savePdf(path, w, h, QCP::epNoCosmetic, QStringLiteral("Kernel Workbench"), title());
  } else if (suffix == u"svg") {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(QSize(w, h));
    svg.setViewBox(QRect(0, 0, w, h));
    svg.setTitle(title());
    QCPPainter painter;
    if (painter.begin(&svg)) {
      m_plot->toPainter(&painter, w, h);
      ok = painter.end();
    }
  } else {
    return fail(tr("Cannot export the roofline as '%1': use .png, .svg or .pdf.").arg(suffix));
  }
  if (!ok || !QFileInfo(path).isFile() || QFileInfo(path).size() == 0) return fail(tr("Writing %1 failed.").arg(path));
  return true;
}

void RooflinePlot::setData(const RooflineData& given) {
  const RooflineData d = given;  // a copy: @p given may be m_data's own (the Report action redraws an analytic chart)
  clear();
  m_data = d;
  m_note->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  m_note->setMargin(0);
  m_plot->plotLayout()->addElement(2, 0, m_plot->legend);  // below the axis rect, off the data
  m_plot->plotLayout()->setRowStretchFactor(2, 0.001);
  m_title->setText(tr("Roofline — %1, %2").arg(d.gpuId, d.dtype));
  QStringList notes;
  notes << tr("%1, %2: peak %3 TFLOPS, datasheet bandwidth %4 TB/s, ridge point %5 FLOP/byte")
               .arg(d.gpuId, d.dtype, num(d.peakTflops), num(d.bandwidthTBs), num(d.ridgePoint));
  if (d.peakTflops <= 0 || d.bandwidthTBs <= 0) {
    notes << tr("No roofs: the peak or the bandwidth is not known.");
    setNote(notes.join(u'\n'));
    return;
  }
  m_plot->setVisible(true);
  const bool analytic = isAnalytic();
  if (analytic && !m_rating.isEmpty()) notes << m_rating;  // why the roof is not the data's dtype's
  // no matrix product: the CUDA-core / vector peak, not the data's tensor-core one (new-user trial 26, #8)
  if (!d.nonTensorRoofOf.isEmpty())
    notes << tr("Compute roof in %1 on the CUDA cores / vector units, not the %2 tensor-core peak: the problem has no "
                "matrix product, so its kernel computes in %1 and never reaches a tensor-core roof.")
                 .arg(d.dtype, d.nonTensorRoofOf);
  const double ridge = d.ridgePoint > 0 ? d.ridgePoint : d.peakTflops / d.bandwidthTBs;
  const bool havePoint = d.pointIntensity > 0 && d.pointTflops > 0;
  const double measuredBw = d.measuredBandwidthTBs.value_or(0.0);
  // Two memory roofs and no word on which one the utilization figures use (new-user trial 31, #12): the datasheet's
  // (core/perf/utilization.cpp divides by it); the copy ceiling is a second, labelled reference. First: the docked
  // chart at 1280x800 shows two lines of the note, and the peaks of the line below are on the chart's labels too.
  if (measuredBw > 0)
    notes.prepend((measuredCeilingOrigin(d) == CeilingOrigin::Ledger
                       ? tr("Utilization uses the datasheet %1 TB/s (solid); the dashed %2 TB/s is the ledger's "
                            "recorded copy ceiling, for comparison.")
                       : tr("Utilization uses the datasheet %1 TB/s (solid); the dashed %2 TB/s is this run's "
                            "measured copy ceiling, for comparison."))
                      .arg(num(d.bandwidthTBs), num(measuredBw)));

  // Axis ranges: whole decades around everything drawn, with room on both sides of the ridge.
  QVector<double> xs{ridge};
  if (d.pointIntensity > 0) xs << d.pointIntensity;
  if (measuredBw > 0) xs << d.peakTflops / measuredBw;
  // At least two decades of memory roof left of the ridge: room for its labels (a compute-bound kernel's
  // chart started one decade below the ridge, and the datasheet label was clipped at the left edge).
  const double xmin = std::min(decadeBelow(*std::min_element(xs.begin(), xs.end()) / 10.0), decadeBelow(ridge / 100.0));
  const double xmax = decadeAbove(*std::max_element(xs.begin(), xs.end()) * 10.0);
  double ylo = d.bandwidthTBs * xmin;
  if (measuredBw > 0) ylo = std::min(ylo, measuredBw * xmin);
  if (havePoint) ylo = std::min(ylo, d.pointTflops);
  const double ymin = decadeBelow(ylo / 2.0);
  double ymaxAll = std::max(d.peakTflops, havePoint ? d.pointTflops : 0.0);
  for (const ComputeRoof& other : d.otherComputeRoofs)  // room for the next precision's roof (drawn below)
    if (other.tflops > d.peakTflops) {
      ymaxAll = std::max(ymaxAll, std::min(other.tflops, d.peakTflops * 32));
    }
  const double ymax = decadeAbove(ymaxAll * 2.0);

  addLine(m_plot, kMemoryRoof, tr("Memory roof: %1 TB/s (datasheet)").arg(num(d.bandwidthTBs)), kMemoryColor,
          Qt::SolidLine, {xmin, ridge}, {d.bandwidthTBs * xmin, d.peakTflops});
  // The ledger's recorded copy ceiling (a dry run measures none) is named so, not "measured" as if by this run.
  const bool recordedCeiling = measuredCeilingOrigin(d) == CeilingOrigin::Ledger;
  if (measuredBw > 0) {
    const double measuredRidge = d.peakTflops / measuredBw;
    addLine(m_plot, kMeasuredRoof,
            (recordedCeiling ? tr("Recorded ceiling (spec ledger): %1 TB/s") : tr("Measured ceiling: %1 TB/s"))
                .arg(num(measuredBw)),
            kMeasuredColor, Qt::DashLine, {xmin, measuredRidge}, {measuredBw * xmin, d.peakTflops});
  }
  addLine(m_plot, kComputeRoof, tr("Compute roof: %1 TFLOPS (%2)").arg(num(d.peakTflops), d.dtype), kComputeColor,
          Qt::SolidLine, {ridge, xmax}, {d.peakTflops, d.peakTflops});

  QCPGraph* ridgeGraph = addLine(m_plot, kRidge, tr("Ridge point: %1 FLOP/byte").arg(num(ridge)), kComputeColor,
                                 Qt::SolidLine, {ridge}, {d.peakTflops});
  ridgeGraph->setLineStyle(QCPGraph::lsNone);
  ridgeGraph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, kComputeColor, Qt::white, 10));

  // Labels on the chart itself, as Nsight Compute does: each roof where it is drawn, the ridge beside
  // its diamond. A rising roof never crosses text that sits up-left of a point on it (the datasheet
  // roof's label) or down-right of one (the measured roof's, which runs below it). They hang from points
  // just left of the ridge and a decade left of it: far enough right that a narrow dock does not clip
  // them at the left edge, clear of the ridge's label, away from a memory-bound kernel's point.
  const double labelX = ridge / 1.5, measuredX = ridge / 10.0;
  const auto roofLabel = [this](const QString& name, const QString& text, double x, double y, Qt::Alignment align,
                                const QColor& color) {
    QCPItemText* t = addLabel(name, text, x, y, align, color);
    t->setPadding(roofLabelPadding(align));
    return t;
  };
  // Each roof's label has a short form (the value alone) for a narrow chart, where the long ones overlap.
  // Its other places (declutterLabels) keep the same rule: above-left or below-right of a rising roof.
  constexpr Qt::Alignment kAbove = Qt::AlignRight | Qt::AlignBottom, kBelow = Qt::AlignRight | Qt::AlignTop;
  constexpr Qt::Alignment kAboveFromLeft = Qt::AlignLeft | Qt::AlignBottom,
                          kBelowFromLeft = Qt::AlignLeft | Qt::AlignTop;
  QCPItemText* computeLabel =
      roofLabel(QStringLiteral("computeRoofLabel"), tr("%1 %2 TFLOPS (datasheet)").arg(d.dtype, num(d.peakTflops)),
                xmax / 1.3, d.peakTflops, kAbove, kComputeColor);
  computeLabel->setProperty(kShortText, tr("%1 %2 TFLOPS").arg(d.dtype, num(d.peakTflops)));
  // In a short chart (the 1280x800 dock) the next roof up is a few pixels above this one and the ridge's label sits
  // just below it: lower places under the roof keep the label clear of the dashed line (new-user trial 5, R5).
  m_labelPlaces.append({computeLabel,
                        {{QPointF(xmax / 1.3, d.peakTflops), kAbove},
                         {QPointF(xmax / 1.3, d.peakTflops), kBelow},
                         {QPointF(ridge * 1.3, d.peakTflops), kAboveFromLeft},
                         {QPointF(xmax / 1.3, d.peakTflops / 2.5), kBelow},
                         {QPointF(xmax / 1.3, d.peakTflops / 6.0), kBelow},
                         // The docked chart at 1280x800 (~300x180 px of axes): right of the ridge there is no room
                         // beside the ridge's label, and the next roof's rising dashed line crossed the label there
                         // (session 15's review). Left of the ridge at the roof's height, above the rising memory roof.
                         {QPointF(ridge / 1.3, d.peakTflops), kAbove},
                         // The ridge's label took that place when a dry run's marker ran right of the ridge: further
                         // left at the roof's height, and over the ridge's label (new-user trial 22, #8).
                         {QPointF(ridge / 4, d.peakTflops), kAbove},
                         {QPointF(ridge / 1.3, d.peakTflops * 2.5), kAbove},
                         // The same, clear of the ridge's label above-left of its diamond, where the next roof up runs
                         // a few pixels over this one and the marker right of the ridge leaves no room below it (the
                         // zh_CN Mixer block review: the grey dashed roof through "tf32 494.5 TFLOPS", trial 23)
                         {QPointF(ridge / 2.5, d.peakTflops * 2.5), kAbove},
                         {QPointF(ridge / 1.3, d.peakTflops * 4.0), kAbove}},
                        false,
                        kComputeRoof,
                        {}});
  QCPItemText* memoryLabel =
      roofLabel(QStringLiteral("memoryRoofLabel"), tr("%1 TB/s (datasheet)").arg(num(d.bandwidthTBs)), labelX,
                d.bandwidthTBs * labelX, kAbove, kMemoryColor);
  memoryLabel->setProperty(kShortText, tr("%1 TB/s").arg(num(d.bandwidthTBs)));
  // Several places along each rising roof: with three, a dry run's marker line could cross them all, and the least
  // bad place had it through the label (new-user trial 22, #8: "4.24 TB/s (ledger)").
  const auto alongRoof = [](double x0, double bw, Qt::Alignment align) {
    QList<QPair<QPointF, Qt::Alignment>> places;
    for (const double f : {1.0, 1.0 / 3, 1.0 / 10, 1.0 / 2, 1.0 / 5, 1.0 / 20, 1.0 / 30, 2.0})
      places.append({QPointF(x0 * f, bw * x0 * f), align});
    return places;
  };
  m_labelPlaces.append({memoryLabel, alongRoof(labelX, d.bandwidthTBs, kAbove), false, kMemoryRoof, {}});
  if (measuredBw > 0) {
    QCPItemText* measuredLabel = roofLabel(
        QStringLiteral("measuredRoofLabel"),
        (recordedCeiling ? tr("%1 TB/s (ledger, recorded copy)") : tr("%1 TB/s (measured copy)")).arg(num(measuredBw)),
        measuredX, measuredBw * measuredX, kBelowFromLeft, kMeasuredColor);
    measuredLabel->setProperty(
        kShortText, (recordedCeiling ? tr("%1 TB/s (ledger)") : tr("%1 TB/s (measured)")).arg(num(measuredBw)));
    // Last, lower under its roof: in the docked chart the dry run's marker crosses every place on the roof left of
    // the ridge, and the compute roof's label can take the room right of the marker.
    QList<QPair<QPointF, Qt::Alignment>> places = alongRoof(measuredX, measuredBw, kBelowFromLeft);
    for (const double down : {2.5, 6.0, 15.0})
      for (const double f : {1.0, 2.0, 0.5})
        places.append({QPointF(measuredX * f, measuredBw * measuredX * f / down), kBelowFromLeft});
    m_labelPlaces.append({measuredLabel, places, false, kMeasuredRoof, {}});
  }
  QCPItemText* ridgeLabel = addLabel(QStringLiteral("ridgeLabel"), tr("ridge %1 FLOP/byte").arg(num(ridge)), ridge,
                                     d.peakTflops, Qt::AlignLeft | Qt::AlignTop, kComputeColor);
  ridgeLabel->setPadding(QMargins(8, 6, 3, 1));
  ridgeLabel->setProperty(kShortText, tr("ridge %1").arg(num(ridge)));  // the unit ran off a narrow chart's edge
  // Its places around the diamond, first of all labels (the others avoid it): below-right of it ran past the chart's
  // right edge for a ridge near it ("ridge 206.1", new-user trial 22, #8), and a dry run's marker line could run
  // through it ("脊点 103").
  m_labelPlaces.prepend({ridgeLabel,
                         {{QPointF(ridge, d.peakTflops), Qt::AlignLeft | Qt::AlignTop},
                          {QPointF(ridge, d.peakTflops), kAbove},
                          {QPointF(ridge, d.peakTflops), kAboveFromLeft},
                          {QPointF(ridge, d.peakTflops), kBelow},
                          {QPointF(ridge, d.peakTflops / 2.5), Qt::AlignLeft | Qt::AlignTop},
                          {QPointF(ridge, d.peakTflops * 2.5), kAbove}},
                         false,
                         nullptr,
                         {}});
  // The next precision up (fp32 → tf32, bf16 → fp8, ...) as a faint roof: what switching precision would
  // buy. One only: the GPU's roofs sit a factor of two apart, and several labels stack unreadably.
  const ComputeRoof* next = nullptr;
  for (const ComputeRoof& other : d.otherComputeRoofs)
    if (other.tflops > d.peakTflops && other.tflops / d.bandwidthTBs < xmax && (!next || other.tflops < next->tflops))
      next = &other;
  if (next) {
    const double r = next->tflops / d.bandwidthTBs;
    addLine(m_plot, kOtherRoof, tr("%1 roof: %2 TFLOPS (datasheet)").arg(next->dtype, num(next->tflops)),
            kOtherRoofColor, Qt::DashLine, {ridge, r, xmax}, {d.bandwidthTBs * ridge, next->tflops, next->tflops});
    QCPItemText* otherLabel =
        roofLabel(QStringLiteral("otherRoofLabel"), tr("%1 %2 TFLOPS (datasheet)").arg(next->dtype, num(next->tflops)),
                  xmax / 1.3, next->tflops, kAbove, kOtherRoofColor);
    otherLabel->setProperty(kShortText, tr("%1 %2 TFLOPS").arg(next->dtype, num(next->tflops)));
    // Its own roof is a factor of two or so above the compute roof: below it is often no room.
    m_labelPlaces.append({otherLabel,
                          {{QPointF(xmax / 1.3, next->tflops), kAbove},
                           {QPointF(r * 1.3, next->tflops), kAboveFromLeft},
                           {QPointF(xmax / 1.3, next->tflops), kBelow},
                           {QPointF(r * 1.3, next->tflops), kBelowFromLeft}},
                          true,
                          kOtherRoof,
                          {}});
  }

  if (havePoint) {
    const QColor c = d.aboveRoof ? kAboveColor : kPointColor;
    QString label = d.label.isEmpty() ? tr("V0") : displayPointLabel(d.label);
    if (d.aboveRoof) label += u' ' + tr("(above its roof: check the measurement)");
    QCPGraph* p = addLine(m_plot, kPoint, label, c, Qt::SolidLine, {d.pointIntensity}, {d.pointTflops});
    p->setLineStyle(QCPGraph::lsNone);
    p->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, c, c, 10));
    auto* text = new QCPItemText(m_plot);
    text->setObjectName(QStringLiteral("pointLabel"));
    text->position->setType(QCPItemPosition::ptPlotCoords);
    text->position->setCoords(d.pointIntensity, d.pointTflops);
    // Below-right of the point: under the memory roof, where nothing else is drawn.
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    text->setPadding(QMargins(8, 4, 0, 0));
    text->setText(QStringLiteral("%1\n%2 FLOP/byte, %3 TFLOPS").arg(label, num(d.pointIntensity), num(d.pointTflops)));
    text->setColor(c);
    text->setTextAlignment(Qt::AlignLeft);
  } else if (d.pointIntensity > 0) {
    // No measurement (e.g. a CPU dry run): the intensity is still known from the spec, so mark
    // where the kernel will sit (left of the ridge = memory-bound) without inventing a TFLOPS value.
    // One name for the one line, before and after the records draw it (a dry run's report read "CPU dry run:
    // intensity", the finished phase "analytic intensity", new-user trial 30 #10): the run's label is the note's.
    QCPGraph* m = addLine(m_plot, kIntensity, tr("analytic intensity: %1 FLOP/byte").arg(num(d.pointIntensity)),
                          kPointColor, Qt::DotLine, {d.pointIntensity, d.pointIntensity},
                          // Up to the roof only, where the kernel could at most reach: drawn to the top it ran through
                          // the compute roof's and the ridge's labels (new-user trial 6, R6: "b|f16", "ridge 1|03").
                          {ymin, std::min(d.peakTflops, d.bandwidthTBs * d.pointIntensity)});
    m->setLineStyle(QCPGraph::lsLine);
    if (analytic)
      notes << analyticNote(d.pointIntensity);
    else
      notes << tr("No measured point (%1): the dotted line marks the kernel's arithmetic intensity.")
                   .arg(d.label.isEmpty() ? tr("no measurement") : displayPointLabel(d.label));
  } else {
    notes << tr("The measured point is not drawn: intensity %1 FLOP/byte and %2 TFLOPS must both be positive on log "
                "axes.")
                 .arg(num(d.pointIntensity), num(d.pointTflops));
  }
  if (!d.peakSource.isEmpty()) notes << tr("Compute roof: %1").arg(d.peakSource);
  if (!d.bandwidthSource.isEmpty()) notes << tr("Memory roof: %1").arg(d.bandwidthSource);
  if (measuredBw > 0 && !d.measuredSource.isEmpty())
    notes << (recordedCeiling ? tr("Recorded ceiling (spec ledger, not measured by this run): %1")
                              : tr("Measured ceiling: %1"))
                 .arg(displayMeasuredSource(d.measuredSource));
  setNote(notes.join(u'\n'));
  m_xmin = xmin;
  m_xmax = xmax;
  m_ymin = ymin;
  m_ymax = ymax;
  fitLegend();
  applyTheme();
  resetView();
}

void RooflinePlot::fitLegend() {
  if (!m_plot->legend->layout()) return;  // no data, no legend
  // Full entries in two columns where they fit; else the roofs' names alone (their values are labelled
  // on the chart), still in two columns: one column took half the chart's height in a narrow dock.
  // The kernel points keep their names: those are their only label.
  const bool narrow = [this] {
    // every graph listed, in its order (declutterLabels() drops the labelled roofs again where the chart is narrow)
    m_plot->legend->clearItems();
    for (int i = 0; i < m_plot->graphCount(); ++i) {
      QCPGraph* g = m_plot->graph(i);
      g->addToLegend();
      if (!g->property("kwbFullName").isValid()) g->setProperty("kwbFullName", g->name());
      g->setName(g->property("kwbFullName").toString());
    }
    m_plot->legend->setWrap(2);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    return m_plot->legend->minimumOuterSizeHint().width() > m_plot->width();
  }();
  m_plot->setProperty("kwbNarrowLegend", narrow);
  // A label whose full text would run past the axes takes its short form too: at 1280x800 the roofline dock
  // (~370 px) cut "4.24 TB/s (ledger, recorded copy)" at the right edge while the legend still fitted.
  // A hidden chart (the report's PNG) gets no resize event: its viewport is set from its geometry here.
  if (m_plot->viewport() != m_plot->rect()) m_plot->setViewport(m_plot->rect());
  m_plot->replot(QCustomPlot::rpImmediateRefresh);  // the axes' rect and the labels' pixel positions, now
  const QRect axes = m_plot->axisRect()->rect();
  const auto overflows = [&axes](QCPItemText* t, const QString& text) {
    const QPointF at = t->position->pixelPosition();
    const double w = QFontMetricsF(t->font()).horizontalAdvance(text) + t->padding().left() + t->padding().right();
    const Qt::Alignment a = t->positionAlignment();
    const double left = (a & Qt::AlignLeft) ? at.x() : (a & Qt::AlignRight) ? at.x() - w : at.x() - w / 2;
    return left < axes.left() || left + w > axes.right();
  };
  for (int i = 0; i < m_plot->itemCount(); ++i)
    if (auto* t = qobject_cast<QCPItemText*>(m_plot->item(i))) {
      if (!t->property(kShortText).isValid()) continue;
      if (!t->property("kwbFullText").isValid()) t->setProperty("kwbFullText", t->text());
      const QString full = t->property("kwbFullText").toString();
      t->setText(narrow || overflows(t, full) ? t->property(kShortText).toString() : full);
    }
  if (narrow) {
    for (int i = 0; i < m_plot->graphCount(); ++i) {
      QCPGraph* g = m_plot->graph(i);
      const QString object = g->objectName();
      if (object == QLatin1String(kPoint) || object == QLatin1String(kVersionPoints)) continue;
      const QString full = g->property("kwbFullName").toString();
      const qsizetype cut = full.indexOf(QRegularExpression(QStringLiteral("[:：]")));
      if (cut > 0) g->setName(full.left(cut));
    }
    m_plot->replot(QCustomPlot::rpImmediateRefresh);  // the shorter legend gives the axes more height
  }
  declutterLabels();
}

void RooflinePlot::declutterLabels() {
  if (m_labelPlaces.isEmpty()) return;
  // The text's rect in pixels (its padding included: that is the gap to its own roof), less a pixel each side
  // so that a label resting on its own roof does not count as crossing it.
  const auto rectOf = [](QCPItemText* t) {
    return QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized().adjusted(1, 1, -1, -1);
  };
  // Inside the plot, 2 px clear of its edges: the next roof's label sat on the top edge of the docked chart, half
  // over the frame (new-user trial 18, #13)
  const QRectF axes = QRectF(m_plot->axisRect()->rect()).adjusted(2, 2, -2, -2);
  QList<QRectF> taken;
  QList<QCPItemText*> movable;
  for (const LabelPlaces& l : std::as_const(m_labelPlaces))
    if (l.item) movable.append(l.item);
  for (int i = 0; i < m_plot->itemCount(); ++i)
    if (auto* t = qobject_cast<QCPItemText*>(m_plot->item(i));
        t && t != m_hover && t->visible() && !movable.contains(t))
      taken.append(rectOf(t));  // the ridge's and the points' labels stay where they are
  // The roofs as drawn: straight segments between their points in pixels (the axes are logarithmic). A label
  // resting on its own roof touches it only at its padded edge, which rectOf() leaves out.
  QList<QLineF> roofs;
  for (const char* name : {kMemoryRoof, kMeasuredRoof, kComputeRoof, kOtherRoof, kIntensity})  // labels avoid all
    if (QCPGraph* g = graph(name)) {
      QPointF last;
      bool first = true;
      for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
        const QPointF p(m_plot->xAxis->coordToPixel(it->key), m_plot->yAxis->coordToPixel(it->value));
        if (!first) roofs.append(QLineF(last, p));
        last = p;
        first = false;
      }
    }
  const auto crossesRoof = [&roofs](const QRectF& r) {
    const QLineF edges[] = {{r.topLeft(), r.topRight()},
                            {r.topRight(), r.bottomRight()},
                            {r.bottomRight(), r.bottomLeft()},
                            {r.bottomLeft(), r.topLeft()}};
    return std::any_of(roofs.cbegin(), roofs.cend(), [&](const QLineF& s) {
      return r.contains(s.p1()) || r.contains(s.p2()) ||
             std::any_of(std::begin(edges), std::end(edges),
                         [&s](const QLineF& e) { return s.intersects(e, nullptr) == QLineF::BoundedIntersection; });
    });
  };
  const auto placeAt = [](QCPItemText* t, const QPair<QPointF, Qt::Alignment>& place) {
    t->position->setCoords(place.first);
    t->setPositionAlignment(place.second);
    t->setPadding(roofLabelPadding(place.second));
  };
  for (LabelPlaces& l : m_labelPlaces) {
    QCPItemText* t = l.item;
    if (!t || l.places.isEmpty()) continue;
    t->setVisible(true);
    bool free = false;
    // When no place is free, the least bad one: the first place (the old fallback) could sit under a label placed
    // before it, and a label's white box hid all but ".OPS" of "fp32 67 TFLOPS" in the 1280x800 dock (new-user trial
    // 20, #9). Another label covered or text off the axes weighs most, then a roof through the text.
    int best = 0;
    double bestCost = std::numeric_limits<double>::infinity();
    for (int k = 0; k < l.places.size(); ++k) {
      const auto& place = l.places[k];
      placeAt(t, place);
      const QRectF r = rectOf(t);
      // A roof may come within 2 px of the text but not into it: the padded rect's corner that reaches past the
      // anchor along a rising roof (above-left of it, right padding 3 px) touched that roof and failed every place
      // on it, so the label fell back to its first place whatever crossed it there.
      const QRectF text = QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition())
                              .normalized()
                              .adjusted(t->padding().left() - 2, t->padding().top() - 2, 2 - t->padding().right(),
                                        2 - t->padding().bottom());
      const bool crosses = crossesRoof(text);
      // 2 px between labels, and no leader line through another label: at 1024x640 "tf32 494.5 TFLOPS" touched
      // "脊点 103" and its leader ran across it (new-user trial 26, #11)
      const QRectF spaced = r.adjusted(-2, -2, 2, 2);
      const bool leaderCrosses = leaderThroughAny(l, taken);
      free = axes.contains(r) && !crosses && !leaderCrosses &&
             std::none_of(taken.cbegin(), taken.cend(), [&spaced](const QRectF& o) { return o.intersects(spaced); });
      if (free) break;
      // A roof through the text weighs as much as the text covered: at 1.0 it lost to a 2-pixel overlap of another
      // label's padding, and the grey dashed roof ran through the compute roof's label (new-user trial 23).
      const QRectF inside = axes.intersected(r);
      double cost = r.width() * r.height() - inside.width() * inside.height() +
                    (crosses ? text.width() * text.height() : 0.0) + (leaderCrosses ? text.height() * 10.0 : 0.0);
      for (const QRectF& o : std::as_const(taken)) {
        const QRectF both = o.intersected(r);
        cost += both.width() * both.height();
      }
      if (cost < bestCost) {
        bestCost = cost;
        best = k;
      }
    }
    if (!free) {
      placeAt(t, l.places[best]);
      if (l.mayHide) {
        t->setVisible(false);
        updateLeader(l);
        continue;
      }
    }
    taken.append(rectOf(t));
    updateLeader(l);
  }
  // Narrow (the 1280x800 dock): a roof whose label is drawn on the chart is not listed in the legend as well. The
  // legend took a third of the dock there (new-user trial 31, #12); a roof whose label found no place keeps its entry,
  // and the kernel's point or intensity line, which no roof label names, keeps its own. The legend's new height moves
  // the axes, so the labels are placed again.
  const int pruneDepth = m_plot->property("kwbPruneDepth").toInt();
  if (m_plot->property("kwbNarrowLegend").toBool() && pruneDepth < 2) {
    static const char* const labelled[][2] = {{kMemoryRoof, "memoryRoofLabel"},
                                              {kMeasuredRoof, "measuredRoofLabel"},
                                              {kComputeRoof, "computeRoofLabel"},
                                              {kOtherRoof, "otherRoofLabel"},
                                              {kRidge, "ridgeLabel"}};
    bool changed = false;
    int labelledGraphs = 0;
    for (const auto& [graphName, labelName] : labelled) labelledGraphs += graph(graphName) ? 1 : 0;
    // an empty legend squeezes the axis rect (see the constructor): with no point and no intensity line, keep it
    const bool othersListed = m_plot->graphCount() > labelledGraphs;
    for (const auto& [graphName, labelName] : labelled) {
      QCPGraph* g = othersListed ? graph(graphName) : nullptr;
      if (!g) continue;
      bool shown = false;
      for (int i = 0; i < m_plot->itemCount() && !shown; ++i)
        if (auto* t = qobject_cast<QCPItemText*>(m_plot->item(i)); t && t->objectName() == QLatin1String(labelName))
          shown = t->visible();
      const bool listed = m_plot->legend->hasItemWithPlottable(g);
      if (shown == listed) changed = (shown ? g->removeFromLegend() : g->addToLegend()) || changed;
    }
    if (changed) {  // at most twice: a label the taller axes show again leaves the legend on the second pass
      m_plot->setProperty("kwbPruneDepth", pruneDepth + 1);
      m_plot->replot(QCustomPlot::rpImmediateRefresh);
      declutterLabels();
      m_plot->setProperty("kwbPruneDepth", pruneDepth);
      return;
    }
  }
  m_plot->replot(QCustomPlot::rpQueuedRefresh);
}

bool RooflinePlot::leaderThroughAny(LabelPlaces& l, const QList<QRectF>& rects) {
  updateLeader(l);
  if (!l.leader || !l.leader->visible()) return false;
  const QLineF seg(l.leader->start->pixelPosition(), l.leader->end->pixelPosition());
  return std::any_of(rects.cbegin(), rects.cend(), [&seg](const QRectF& o) {
    if (o.contains(seg.p1()) || o.contains(seg.p2())) return true;
    const QLineF edges[] = {{o.topLeft(), o.topRight()},
                            {o.topRight(), o.bottomRight()},
                            {o.bottomRight(), o.bottomLeft()},
                            {o.bottomLeft(), o.topLeft()}};
    return std::any_of(std::begin(edges), std::end(edges),
                       [&seg](const QLineF& e) { return seg.intersects(e, nullptr) == QLineF::BoundedIntersection; });
  });
}

void RooflinePlot::updateLeader(LabelPlaces& l) {
  QCPItemText* t = l.item;
  QCPGraph* g = l.roof ? graph(l.roof) : nullptr;
  // the nearest point of the roof as drawn to @p at: straight segments in pixels (the axes are logarithmic)
  double roofLeft = std::numeric_limits<double>::infinity(), roofRight = -roofLeft;
  const auto nearestOnRoof = [&](const QPointF& at, QPointF* nearest) {
    double best = std::numeric_limits<double>::infinity();
    QPointF last;
    bool first = true;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
      const QPointF p(m_plot->xAxis->coordToPixel(it->key), m_plot->yAxis->coordToPixel(it->value));
      roofLeft = std::min(roofLeft, p.x());
      roofRight = std::max(roofRight, p.x());
      const QPointF a = first ? p : last;
      const QPointF ab = p - a;
      const double len2 = QPointF::dotProduct(ab, ab);
      const double u = len2 > 0 ? std::clamp(QPointF::dotProduct(at - a, ab) / len2, 0.0, 1.0) : 0.0;
      const QPointF q = a + u * ab;
      if (const double dist = QLineF(at, q).length(); dist < best) {
        best = dist;
        *nearest = q;
      }
      last = p;
      first = false;
    }
    return best;
  };
  QPointF from = t ? t->position->pixelPosition() : QPointF();  // where the label hangs
  QPointF nearest;
  double best = std::numeric_limits<double>::infinity();
  if (g && t && t->visible()) {
    best = nearestOnRoof(from, &nearest);
    // A label beside its roof's end, not along the roof (less than half its width over it), reads as another line's:
    // in the en 1280x800 dock the compute roof's label rested above-left of the ridge, its corner within 6 px of the
    // roof's end, with no line (gui35). It gets a leader from the middle of its edge that faces the roof, however near.
    const QRectF box = QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized();
    const double along = std::min(box.right(), roofRight) - std::max(box.left(), roofLeft);
    if (along < box.width() / 2) {
      QPointF toBottom, toTop;
      const QPointF bottom(box.center().x(), box.bottom()), top(box.center().x(), box.top());
      const double db = nearestOnRoof(bottom, &toBottom), dt = nearestOnRoof(top, &toTop);
      from = db <= dt ? bottom : top;
      nearest = db <= dt ? toBottom : toTop;
      best = std::max(std::min(db, dt), kLeaderMinPx + 1);  // drawn, however short
    }
  }
  if (!std::isfinite(best) || best <= kLeaderMinPx) {  // on its roof, or no roof (the ridge's) or hidden: no line
    if (l.leader) l.leader->setVisible(false);
    return;
  }
  if (!l.leader) {
    l.leader = new QCPItemLine(m_plot);
    l.leader->setObjectName(QString(t->objectName() + QStringLiteral("Leader")));
    l.leader->setHead(QCPLineEnding(QCPLineEnding::esDisc, 5, 5));  // the dot on the roof (the end)
    for (QCPItemPosition* p : {l.leader->start, l.leader->end}) p->setType(QCPItemPosition::ptPlotCoords);
  }
  l.leader->setPen(QPen(t->color(), 1.0));
  l.leader->start->setCoords(m_plot->xAxis->pixelToCoord(from.x()), m_plot->yAxis->pixelToCoord(from.y()));
  l.leader->end->setCoords(m_plot->xAxis->pixelToCoord(nearest.x()), m_plot->yAxis->pixelToCoord(nearest.y()));
  l.leader->setVisible(true);
}

void RooflinePlot::setNote(const QString& text) {
  m_note->setText(text);
  fitNote();
}

void RooflinePlot::fitNote() {
  if (isEmptyState()) {  // the note alone fills the widget (clear())
    m_note->setToolTip(QString());
    m_noteScroll->setMinimumHeight(0);
    m_noteScroll->setMaximumHeight(QWIDGETSIZE_MAX);
    return;
  }
  // The note spans the widget (no margins): its height at this width, laid out with the fonts it is drawn in.
  const int needed = m_note->heightForWidth(width()) + 2 * m_noteScroll->frameWidth();
  // Whole lines: a cap that fell mid-line drew half a line of the sources with no sign that more followed.
  const int line = std::max(1, QFontMetrics(m_note->font()).lineSpacing());
  // Up to a quarter of the widget, but beyond three lines only while the chart keeps 400 px: a docked chart (1280x800,
  // 1920x1080) is what a demo looks at, and its roof labels need the room.
  int cap = std::max(3 * line, std::min(height() / 4, height() - 400) / line * line);
  const QString text = m_note->text();
  if (needed > cap) {
    // What shows ends with a whole note, not mid-sentence: a docked 1280x800 chart cut "No measured point (CPU dry
    // run: no kernel" (new-user trial 17, #15). The rest scrolls, and the tooltip has it all.
    const int textWidth =
        std::max(1, width() - 2 * m_noteScroll->frameWidth() - style()->pixelMetric(QStyle::PM_ScrollBarExtent));
    // Measured as the note's own label lays it out (a CJK fallback glyph makes a line taller than the font's
    // spacing, and the font's metrics alone cut the zh_CN note mid-line).
    QLabel probe;
    probe.setFont(m_note->font());
    probe.setWordWrap(true);
    probe.setMargin(m_note->margin());
    int fits = -1;
    QString prefix;
    for (const QString& part : text.split(u'\n')) {
      prefix += (prefix.isEmpty() ? QString() : QStringLiteral("\n")) + part;
      probe.setText(prefix);
      const int h = probe.heightForWidth(textWidth) + 2 * m_noteScroll->frameWidth();
      if (h > cap) break;
      fits = h;
    }
    if (fits > 0) cap = fits;
  }
  m_note->setToolTip(needed > cap ? text : QString());
  m_noteScroll->setFixedHeight(std::max(line, std::min(needed, cap)));
  // The chart's size now, not at the next layout pass: fitLegend() places the roofs' labels for it. Not when hidden:
  // the report's PNG sets the chart's geometry itself (renderRooflinePngSized).
  if (isVisible() && layout()) layout()->activate();
}

void RooflinePlot::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitNote();
  fitLegend();
  m_plot->replot(QCustomPlot::rpQueuedRefresh);
}

void RooflinePlot::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) applyTheme();
}

void RooflinePlot::applyTheme() {
  // Follow the palette so the chart stays readable in a dark theme.
  const QPalette pal = palette();
  const QColor fg = pal.color(QPalette::WindowText);
  m_plot->setBackground(pal.brush(QPalette::Base));
  m_plot->legend->setBrush(pal.brush(QPalette::Base));
  m_plot->legend->setTextColor(fg);
  m_plot->legend->setBorderPen(QPen(pal.color(QPalette::Mid)));
  for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
    axis->setBasePen(QPen(fg));
    axis->setTickPen(QPen(fg));
    axis->setSubTickPen(QPen(fg));
    axis->setTickLabelColor(fg);
    axis->setLabelColor(fg);
    axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 0, Qt::DotLine));
  }
  m_title->setTextColor(fg);
  // The roofs', points' and labels' fixed colours (kept in a property as first drawn) are lightened on a
  // dark base: the purple compute roof and the blue memory roof were near-invisible in the dark theme.
  for (int i = 0; i < m_plot->graphCount(); ++i) {
    QCPGraph* g = m_plot->graph(i);
    if (!g->property("kwbColor").isValid()) g->setProperty("kwbColor", g->pen().color());
    const QColor c = readableOn(g->property("kwbColor").value<QColor>(), pal);
    QPen pen = g->pen();
    pen.setColor(c);
    g->setPen(pen);
    QCPScatterStyle scatter = g->scatterStyle();
    if (!scatter.isNone()) {
      scatter.setPen(QPen(c));
      if (scatter.brush().color() != Qt::white) scatter.setBrush(c);
      g->setScatterStyle(scatter);
    }
  }
  for (int i = 0; i < m_plot->itemCount(); ++i)
    if (auto* t = qobject_cast<QCPItemText*>(m_plot->item(i)); t && t != m_hover) {
      if (!t->property("kwbColor").isValid()) t->setProperty("kwbColor", t->color());
      t->setColor(readableOn(t->property("kwbColor").value<QColor>(), pal));
      if (t->layer() && t->layer()->name() == QLatin1String("labels")) t->setBrush(pal.brush(QPalette::Base));
    }
  m_plot->replot(QCustomPlot::rpQueuedRefresh);
}

bool renderRooflinePng(const RooflineData& data, const QString& pngPath, QString* error) {
  return renderRooflinePngSized(data, pngPath, 900, 600, error);
}

bool renderRooflinePngSized(const RooflineData& data, const QString& pngPath, int width, int height, QString* error) {
  auto setError = [error](const QString& message) {
    if (error) *error = message;
    return false;
  };
  if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
    return setError(QApplication::translate(
        "kwb", "Cannot draw the roofline figure: no QApplication (run with QT_QPA_PLATFORM=offscreen)."));
  if (width <= 0 || height <= 0)
    return setError(QApplication::translate("kwb", "Cannot draw the roofline figure: the size %1 × %2 is not positive.")
                        .arg(width)
                        .arg(height));
  if (data.peakTflops <= 0 || data.bandwidthTBs <= 0)
    return setError(
        QApplication::translate("kwb", "Cannot draw the roofline figure: peak TFLOPS or bandwidth is not known."));
  RooflinePlot plot;
  plot.plot()->setGeometry(0, 0, width, height);  // first: setData() fits the legend to this width
  plot.setData(data);
  // Render once directly (no event loop needed), then grab at the requested size.
  plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
  const QPixmap pixmap = plot.plot()->toPixmap(width, height);
  if (pixmap.isNull())
    return setError(QApplication::translate("kwb", "Cannot draw the roofline figure: rendering gave an empty image."));
  QSaveFile f(pngPath);
  if (!f.open(QIODevice::WriteOnly))
    return setError(QApplication::translate("kwb", "Cannot write %1: %2").arg(pngPath, f.errorString()));
  if (!pixmap.save(&f, "PNG") || !commitSaveFile(f))
    return setError(QApplication::translate("kwb", "Writing the PNG %1 failed: %2")
                        .arg(pngPath, writeFailureReason(f, pngPath, 0)));
  return true;
}

}  // namespace kwb
