#pragma once
// The light (the platform's) and dark themes. The dark one is Fusion with a dark palette: every
// widget that follows the palette (the roofline, the report view, the editor's margins) follows it.

#include <QColor>

class QPalette;

namespace kwb {

/// Switches the application to the dark theme (true) or back to the style and palette it started
/// with (false). Needs a QApplication; repeated calls with the same value do nothing.
void applyDarkTheme(bool dark);

/// True while the dark theme is applied.
bool darkThemeApplied();

/// @p color as drawn on @p palette's Base: itself on a light base; on a dark one, lightened to at least HSL
/// lightness 170 with its hue kept, so the fixed status and chart colours (dark blue, purple) stay readable.
QColor readableOn(const QColor& color, const QPalette& palette);

}  // namespace kwb
