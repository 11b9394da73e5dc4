#include "widgets/fittingstatusbar.h"

#include "widgets/textfit.h"

#include <QPainter>
#include <QPaintEvent>
#include <QSizeGrip>
#include <QStyle>
#include <QStyleOption>

#include <algorithm>

namespace kwb {

FittingStatusBar::FittingStatusBar(QWidget* parent) : QStatusBar(parent) {
  setObjectName(QStringLiteral("fittingStatusBar"));
  connect(this, &QStatusBar::messageChanged, this, &FittingStatusBar::updateTip);
}

QRect FittingStatusBar::messageRect() const {
  // QStatusBarPrivate::messageRect(): 6 px in, 12 px short of the right edge, up to the size grip and the first
  // visible permanent widget (while a message shows, the other widgets are hidden).
  int left = 6, right = width() - 12;
  const bool rtl = layoutDirection() == Qt::RightToLeft;
  for (QWidget* child : findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
    if (!child->isVisible()) continue;
    if (qobject_cast<QSizeGrip*>(child)) {
      if (rtl)
        left = std::max(left, child->x() + child->width());
      else
        right = std::min(right, child->x());
      continue;
    }
    if (rtl)
      left = std::max(left, child->x() + child->width() + 2);
    else
      right = std::min(right, child->x() - 2);
  }
  return QRect(left, 0, std::max(0, right - left), height());
}

int FittingStatusBar::messageWidth() const { return messageRect().width(); }

QString FittingStatusBar::shownMessage() const {
  const QString message = currentMessage();
  if (message.isEmpty()) return {};
  return elideAtWord(message, fontMetrics(), messageWidth());
}

void FittingStatusBar::updateTip() {
  const QString message = currentMessage();
  setToolTip(!message.isEmpty() && shownMessage() != message ? message : QString());
}

void FittingStatusBar::resizeEvent(QResizeEvent* event) {
  QStatusBar::resizeEvent(event);
  updateTip();
}

void FittingStatusBar::paintEvent(QPaintEvent* event) {
  const QString message = currentMessage();
  if (message.isEmpty()) {
    QStatusBar::paintEvent(event);
    return;
  }
  // QStatusBar::paintEvent with the message cut at a word: its panel, the permanent widgets' frames, the text.
  QPainter p(this);
  QStyleOption opt;
  opt.initFrom(this);
  style()->drawPrimitive(QStyle::PE_PanelStatusBar, &opt, &p, this);
  for (QWidget* child : findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
    if (!child->isVisible() || qobject_cast<QSizeGrip*>(child)) continue;
    const QRect frame = child->geometry().adjusted(-2, -1, 2, 1);
    if (!event->rect().intersects(frame)) continue;
    QStyleOption item;
    item.rect = frame;
    item.palette = palette();
    item.state = QStyle::State_None;
    style()->drawPrimitive(QStyle::PE_FrameStatusBarItem, &item, &p, child);
  }
  p.setPen(palette().windowText().color());
  p.drawText(messageRect(), Qt::AlignLeading | Qt::AlignVCenter | Qt::TextSingleLine, shownMessage());
  // The room changes when a permanent widget does (the quality-gate badge's text, set after the message), which no
  // signal of the bar reports: the tooltip follows what was just drawn (a whole message kept a stale one, trial 23)
  updateTip();
}

}  // namespace kwb
