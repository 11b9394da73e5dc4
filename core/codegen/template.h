// Text templates with {{NAME}} placeholders (kernel sources here, test_kernel.py in the pipeline).
#pragma once

#include <QMap>
#include <QString>

namespace kwb {

/// Replaces every {{NAME}} (NAME: letters, digits, underscore) in `text` by vars[NAME], in one pass
/// (a value's own text is never re-scanned). Any placeholder without a value is an error: returns
/// "" and sets *error to "unreplaced placeholder(s): {{A}}, {{B}}". Unused vars are not an error.
/// Other braces (Python dict/set literals, f-strings) are left alone. A line holding nothing but a
/// placeholder whose value is "" is removed entirely (optional blocks leave no blank line).
QString renderTemplate(const QString& text, const QMap<QString, QString>& vars, QString* error);

/// Reads a compiled-in resource, e.g. ":/kwb/templates/kernels/triton_elementwise.py.tmpl".
/// Returns "" and sets *error when it is missing.
QString readResourceText(const QString& path, QString* error);

/// A Python string literal for `s` (single quotes; backslash, quote and control characters escaped).
QString pyStringLiteral(const QString& s);

}  // namespace kwb
