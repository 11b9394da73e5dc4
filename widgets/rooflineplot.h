#pragma once
// The roofline chart over QCustomPlot: log-log axes (arithmetic intensity in FLOP/byte against
// performance in TFLOPS), the memory roof from the datasheet bandwidth, the measured-bandwidth
// ceiling when there is one, the compute roof, the ridge point, and the measured V0 point.
// <qcustomplot.h> is not included here (see qcustomplot_include.h).

#include <QPointF>
#include <QWidget>

#include "core/perf/roofline.h"

class QCustomPlot;
class QCPGraph;
class QCPTextElement;
class QLabel;

namespace kwb {

class RooflinePlot : public QWidget {
  Q_OBJECT
public:
  explicit RooflinePlot(QWidget* parent = nullptr);

  /// Draws `data`: roofs from peakTflops (TFLOPS) and bandwidthTBs / measuredBandwidthTBs (TB/s;
  /// TB/s × FLOP/byte = TFLOPS), the ridge point at ridgePoint (FLOP/byte), and the point
  /// (pointIntensity FLOP/byte, pointTflops TFLOPS) labelled with `label` (red and flagged when
  /// aboveRoof). Without a measurement (pointTflops <= 0, e.g. a CPU dry run) no point is invented: a
  /// dotted vertical line marks pointIntensity instead, and the note says so. The roofs' sources
  /// (peakSource, bandwidthSource, measuredSource) are listed under the chart.
  void setData(const RooflineData& data);
  /// Removes everything (no data yet).
  void clear();

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
  static constexpr const char* kIntensity = "intensityMarker";  ///< vertical line when there is no point
  /// The graph with object name `name` (one of the constants above), or nullptr if not drawn.
  QCPGraph* graph(const char* name) const;

protected:
  void changeEvent(QEvent* event) override;

private:
  void applyTheme();
  QCustomPlot* m_plot;
  QCPTextElement* m_title;
  QLabel* m_note;
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
