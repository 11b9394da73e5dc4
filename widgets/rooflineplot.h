#pragma once
// The roofline chart over QCustomPlot: log-log axes (arithmetic intensity in FLOP/byte against
// performance in TFLOPS), the memory roof from the datasheet bandwidth, the measured-bandwidth
// ceiling when there is one, the compute roof, the ridge point, and the measured V0 point.
// <qcustomplot.h> is not included here (see qcustomplot_include.h).

#include <QList>
#include <QPair>
#include <QPointF>
#include <QPointer>
#include <QWidget>

#include <optional>

#include "core/perf/roofline.h"

class QCustomPlot;
class QCPGraph;
class QCPItemLine;
class QCPItemText;
class QAction;
class QCPTextElement;
class QLabel;
class QMouseEvent;
class QScrollArea;

namespace kwb {

class WorkbenchSession;

class RooflinePlot : public QWidget {
  Q_OBJECT
 public:
  explicit RooflinePlot(QWidget* parent = nullptr);

  /// Draws `data`: roofs from peakTflops (TFLOPS) and bandwidthTBs / measuredBandwidthTBs (TB/s;
  /// TB/s × FLOP/byte = TFLOPS), the ridge point at ridgePoint (FLOP/byte), and the point
  /// (pointIntensity FLOP/byte, pointTflops TFLOPS) labelled with `label` (red and flagged when
  /// aboveRoof). Roofs are labelled on the chart; of otherComputeRoofs the next precision up is drawn
  /// faint (its memory slope continued to its own ridge). Without a measurement (pointTflops <= 0, e.g. a CPU dry run)
  /// no point is invented: a dotted vertical line marks pointIntensity instead, and the note says so. The roofs'
  /// sources (peakSource, bandwidthSource, measuredSource) are listed under the chart.
  void setData(const RooflineData& data);
  /// Removes everything (no data yet): the axes are hidden and the note alone says why (isEmptyState()).
  void clear();
  /// True while nothing is drawn: the chart's axes hidden, the note alone shown (before phase 1, or no roofline).
  bool isEmptyState() const;
  /// True when the chart is analyticRoofline()'s (core/pipeline/recordsbuilder.h): roofs and the analytic intensity
  /// line from the spec, before any measurement.
  bool isAnalytic() const;
  /// Draws @p session's job's analyticRoofline() (the spec's FLOPs and bytes on the job's GPU, in its math dtype)
  /// unless records or a review have drawn the chart, or a phase 1-3 runs; a spec that gives none clears an analytic
  /// chart. The math dtype is the job's once phase 3 (or a measure) set it, else the session's codegenVerdict()
  /// mathDtype (what phase 3 will choose: tf32 for an fp32 GEMM in Triton), so the roof does not change when the
  /// kernel is written; when it is not the data's dtype the note says so. setSession() calls it when the job changes, a
  /// phase ends and the spec is replaced.
  void showAnalytic(const WorkbenchSession* session);

  /// A later version's measured point (memory/vN.json's run, .kwb/roofline_vN.json).
  struct VersionPoint {
    QString label;  ///< "V1"
    double intensity = 0, tflops = 0;
  };
  /// The measured points of versions 1.. of `workspace` (GPU runs only: a dry run has no point), ascending.
  static QList<VersionPoint> versionPoints(const QString& workspace);
  /// Draws `points` beside setData()'s V0 point (graph kVersionPoints, each labelled); call after setData().
  void setVersionPoints(const QList<VersionPoint>& points);
  /// Follows `session`: a reviewed workspace's roofline is drawn as soon as it is opened; a new job clears it,
  /// and its records, once written, draw it.
  void setSession(WorkbenchSession* session);
  /// The window's Report action: while the chart is empty and @p report is enabled for the session's job (its phase 4
  /// has ended and its records may be written), the note says to press it, with its shortcut, instead of "after the V0
  /// measurement (phase 4)", which read wrong once phase 4 had finished (new-user trial 17, #8). Followed through
  /// the action's changed() signal; nullptr: the note always names phase 4.
  void setReportAction(QAction* report);

  /// The note of a chart that cannot be drawn because the spec ledger has no peak for @p dtype ("int32") on @p gpu
  /// (WorkspaceReview::rooflineNoPeakDtype), translated; the console's line says the same.
  static QString noPeakNote(const QString& dtype, const QString& gpu);

  /// Writes the chart to `path`, the format from its suffix: .png (2× pixels), .svg (QSvgGenerator) or
  /// .pdf (vector). False with *error for another suffix or a write failure.
  bool exportTo(const QString& path, QString* error = nullptr);
  /// Back to the ranges setData() chose (after zooming or panning; also a double-click).
  void resetView();
  /// The hover readout for plot coordinates (FLOP/byte, TFLOPS): the position and the attainable
  /// TFLOPS there, from the datasheet and the measured roof. "" before data.
  QString readoutAt(double intensity, double tflops) const;
  /// A roof label farther than this (px) from its roof gets a leader line to it; so does one less than half of whose
  /// width runs over its roof (beside the roof's end), however near.
  static constexpr double kLeaderMinPx = 6.0;
  /// The texts of the labels drawn on the chart (roofs, ridge point, kernel point), for tests.
  QStringList chartLabels() const;

  /// True when the measured point is drawn.
  bool hasPoint() const;
  /// The measured point as drawn: x = FLOP/byte, y = TFLOPS (null if !hasPoint()).
  QPointF point() const;
  /// The chart's title ("Roofline — H200-SXM, fp32").
  QString title() const;
  /// The note under the chart (GPU, dtype, sources; why the point is missing).
  QString noteText() const;
  /// The plot itself (for tests and for rendering).
  QCustomPlot* plot() const { return m_plot; }

  /// Graph names, for tests: the roofs, ridge point and measured point have these object names.
  static constexpr const char* kMemoryRoof = "memoryRoof";
  static constexpr const char* kMeasuredRoof = "measuredRoof";
  static constexpr const char* kComputeRoof = "computeRoof";
  static constexpr const char* kRidge = "ridgePoint";
  static constexpr const char* kPoint = "measuredPoint";
  static constexpr const char* kVersionPoints = "versionPoints";  ///< later versions' points
  static constexpr const char* kIntensity = "intensityMarker";    ///< vertical line when there is no point
  static constexpr const char* kOtherRoof =
      "otherComputeRoof";  ///< the next precision's roof (RooflineData::otherComputeRoofs)
  /// The graph with object name `name` (one of the constants above), or nullptr if not drawn.
  QCPGraph* graph(const char* name) const;

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void applyTheme();
  /// Fits the legend and the roofs' labels to the chart's width: full texts where they fit; in a narrow dock
  /// the legend names the roofs only and the chart labels give the values only (the long ones overlapped).
  void fitLegend();
  /// Puts each roof's label at the first of its places (above or below its roof, right or left) where its
  /// measured text rect crosses no other label and no roof, inside the axes; the next precision's label,
  /// when no place is free, is hidden (the legend names that roof). The bf16 and tf32 labels, a factor of two
  /// apart, were drawn over each other in a dock (new-user trial 4, #8).
  void declutterLabels();
  /// Sets the notes under the chart and fits their area (fitNote()).
  void setNote(const QString& text);
  /// Gives the notes under the chart (the roofs' sources) the height their text needs at this width, up to a
  /// quarter of the widget, more than three lines only while the chart keeps 400 px (whole lines; the rest scrolls). A
  /// fixed six-line box cut the sources off mid-line, in zh_CN before the memory roof's source.
  void fitNote();
  void onMouseMove(QMouseEvent* event);
  void showContextMenu(const QPoint& pos);
  QCPItemText* addLabel(const QString& name, const QString& text, double x, double y, Qt::Alignment align,
                        const QColor& color);
  std::optional<RooflineData> m_data;
  double m_xmin = 0.01, m_xmax = 1000, m_ymin = 0.01, m_ymax = 1000;
  QCPItemText* m_hover = nullptr;
  /// A roof label's places in plot coordinates with their alignment, best first (declutterLabels()).
  struct LabelPlaces {
    QPointer<QCPItemText> item;
    QList<QPair<QPointF, Qt::Alignment>> places;
    bool mayHide = false;
    /// The graph the label names (kComputeRoof, ...): a label placed off it gets a leader line to it
    /// (updateLeader()); nullptr for none.
    const char* roof = nullptr;
    QPointer<QCPItemLine> leader;  ///< "<label's name>Leader", made when first needed
  };
  /// Whether @p l's leader line (updateLeader(), called here), where it is drawn, runs into one of @p rects (pixels).
  bool leaderThroughAny(LabelPlaces& l, const QList<QRectF>& rects);
  /// A short line from @p l's label, where it hangs (its position), to the nearest point of its roof as drawn, in
  /// the label's colour with a dot on the roof, when the label sits more than kLeaderMinPx from it or beside the roof's
  /// end rather than along it (then from the middle of its edge that faces the roof); hidden
  /// otherwise. In the 1280 px dock the compute roof's label could only go above-left of the ridge, near the next
  /// roof's height, and read as that roof's value (new-user trial 23, #9).
  void updateLeader(LabelPlaces& l);
  QList<LabelPlaces> m_labelPlaces;            ///< in order of importance
  QList<QPair<QPointF, QPointF>> m_flatRoofs;  ///< the compute roofs' flat parts (plot coordinates)
  QCustomPlot* m_plot;
  QCPTextElement* m_title;
  QLabel* m_note;
  QScrollArea* m_noteScroll;
  QPointer<WorkbenchSession> m_session;  ///< setSession(): a job's empty chart may say "press Report"
  QPointer<QAction> m_report;            ///< setReportAction(): the note of an empty chart names it when it is enabled
  /// The note of an empty chart: why none can be drawn (m_unavailable), else press Report when m_report is enabled,
  /// else after phase 4.
  QString emptyNote() const;
  /// The analytic chart's note: the intensity, and where the measured point will come from (Report when enabled).
  QString analyticNote(double intensity) const;
  /// showAnalytic()'s note when the roof's dtype is not the data's ("Compute roof in tf32, not the data's fp32: ..."),
  /// "" otherwise; shown with an analytic chart only. clear() keeps it (setData() clears first).
  QString m_rating;
  QString m_unavailable;  ///< why this chart cannot be drawn (noPeakNote()); "" while it may be; clear() resets it
};

/// Renders `data` off screen (900 × 600 pixels) to a PNG at `pngPath`,
/// written through QSaveFile. Needs a QApplication (QCustomPlot is a QWidget; the headless CLI runs
/// one on the offscreen platform). Returns false with *error (may be null) if there is no
/// QApplication, the roofline has no roofs (peak or bandwidth not positive) or the file cannot be written.
/// Matches kwb::FigureRenderer for BaselineJob::setFigureRenderer.
bool renderRooflinePng(const RooflineData& data, const QString& pngPath, QString* error);
/// The same at `width` × `height` pixels (both > 0).
bool renderRooflinePngSized(const RooflineData& data, const QString& pngPath, int width, int height, QString* error);

}  // namespace kwb
