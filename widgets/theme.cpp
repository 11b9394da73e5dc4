#include "widgets/theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace kwb {

QColor readableOn(const QColor& color, const QPalette& palette) {
  if (palette.color(QPalette::Base).lightness() >= 128 || color.lightness() >= 170) return color;
  return QColor::fromHsl(color.hslHue(), color.hslSaturation(), 170, color.alpha());
}

namespace {
bool g_dark = false;
QString g_startStyle;
QPalette g_startPalette;
bool g_saved = false;

QPalette darkPalette() {
  QPalette p;
  const QColor window(0x2b, 0x2b, 0x2b), base(0x1e, 0x1e, 0x1e), text(0xe0, 0xe0, 0xe0), mid(0x55, 0x55, 0x55);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, window);
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
  p.setColor(QPalette::Button, window);
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, Qt::white);
  p.setColor(QPalette::Mid, mid);
  p.setColor(QPalette::Dark, QColor(0x18, 0x18, 0x18));
  p.setColor(QPalette::Light, QColor(0x3c, 0x3c, 0x3c));
  p.setColor(QPalette::Link, QColor(0x64, 0xb5, 0xf6));
  p.setColor(QPalette::Highlight, QColor(0x1e, 0x63, 0xb0));
  p.setColor(QPalette::HighlightedText, Qt::white);
  for (QPalette::ColorRole r : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
    p.setColor(QPalette::Disabled, r, QColor(0x80, 0x80, 0x80));
  return p;
}
}  // namespace

void applyDarkTheme(bool dark) {
  auto* app = qobject_cast<QApplication*>(QCoreApplication::instance());
  if (!app || dark == g_dark) return;
  if (!g_saved) {
    g_startStyle = QApplication::style()->name();
    g_startPalette = QApplication::palette();
    g_saved = true;
  }
  if (dark) {
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(darkPalette());
  } else {
    QApplication::setStyle(QStyleFactory::create(g_startStyle));
    QApplication::setPalette(g_startPalette);
  }
  g_dark = dark;
}

bool darkThemeApplied() { return g_dark; }

}  // namespace kwb
