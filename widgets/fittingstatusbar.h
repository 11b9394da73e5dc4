#pragma once
// The main window's status bar: a temporary message too long for the room beside the permanent widgets is cut at a
// word, with "…", and the whole message is the bar's tooltip. QStatusBar clipped it mid-word behind the quality-gate
// badge ("… Measure Again keeps V0; phase 1 onv", new-user trial 22, K2).

#include <QStatusBar>

namespace kwb {

class FittingStatusBar : public QStatusBar {
  Q_OBJECT
 public:
  explicit FittingStatusBar(QWidget* parent = nullptr);
  /// The temporary message as drawn: currentMessage() through elideAtWord() (widgets/textfit.h) to messageWidth();
  /// "" when there is none.
  QString shownMessage() const;
  /// The message's room in pixels: from the left margin to the first visible permanent widget (or the size grip),
  /// as QStatusBar lays it out.
  int messageWidth() const;

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  /// The tooltip: the whole message while it is cut, else none. On a message change, a resize and each paint (a
  /// permanent widget's new size changes the room without a signal).
  void updateTip();
  QRect messageRect() const;
};

}  // namespace kwb
