#pragma once
// Includes <qcustomplot.h> despite the project-wide QT_NO_FOREACH: QCustomPlot 2.1's header uses
// `foreach` in inline templates. Include this FIRST in a .cpp (before any Qt header), so that
// qforeach.h is first seen without QT_NO_FOREACH; `foreach` is undefined again afterwards so our own
// code still cannot use it.

#if defined(QFOREACH_H)
#error "widgets/qcustomplot_include.h must be included before any Qt header"
#endif

#pragma push_macro("QT_NO_FOREACH")
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#pragma pop_macro("QT_NO_FOREACH")
#undef foreach
