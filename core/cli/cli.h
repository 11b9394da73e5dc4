#pragma once
// `kwb`: everything the GUI does, headless. The executable's main() only builds the application
// object and calls runCli(); the commands live here so that tests can call them in-process.

#include <QStringList>

#include "core/pipeline/baselinejob.h"
#include "core/review/reviewexport.h"

namespace kwb {

/// Runs one kwb command line (arguments without the program name, e.g. {"baseline", "x.py", ...}).
/// `renderer` draws the roofline PNG (may be empty: the report then has no figure and says so).
/// `htmlToPdf` writes `kwb export --format pdf` (empty: that format is refused, exit 2).
/// Returns the process exit code: 0 success, 1 the job's result was FAIL, 2 usage or input error.
int runCli(const QStringList& args, const FigureRenderer& renderer, const HtmlToPdf& htmlToPdf = {});

}  // namespace kwb
