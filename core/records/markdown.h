// Markdown → HTML for the GUI's report preview, through md4c-html.
#pragma once

#include <QString>

namespace kwb {

/// Renders @p md (GitHub dialect: pipe tables, strikethrough, task lists, autolinks) as an HTML
/// fragment (no <html>/<body>). Raw HTML in the input is escaped, not passed through, because
/// reports quote tool and process output. Image paths are kept as written (e.g. "roofline.png"):
/// the viewer resolves them against the report's folder. Returns an empty string only for empty
/// input or an md4c failure (which md4c reports only for out-of-memory).
QString markdownToHtml(const QString& md);

}  // namespace kwb
