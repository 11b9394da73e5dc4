// Runs resources/python/cute_check.py: static check of a CuTe DSL file against cute_api.json.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace kwb {

struct CuteCheckIssue {
  int line = 0;  ///< 1-based line in the kernel (0: the file as a whole)
  QString name;  ///< fully qualified, e.g. "cutlass.cute.make_fragment"
  QString
      why;  ///< e.g. "not in cute_api.json (4.7.0); present in older table(s) 4.5.0: removed or renamed since (...)"
  QString newerThan;  ///< a warning that only says the name is missing from older tables: the newest such table's
                      ///< version ("4.5.0"); empty for every other issue
};

struct CuteCheckResult {
  bool ran = false;      ///< the checker ran and printed its JSON (false: see `error`)
  bool ok = false;       ///< ran and found no errors
  int exitCode = -1;     ///< 0 ok, 1 errors, 2 unreadable input; -1 not run
  QString tableVersion;  ///< e.g. "4.7.0"
  QString tablePackage;  ///< the package the table describes: "cutlass" (CuTe DSL) or "flydsl"
  int checkedNames = 0;  ///< names/calls looked up
  QList<CuteCheckIssue> errors;
  QList<CuteCheckIssue> warnings;
  QString error;    ///< why it did not run (python missing, timeout, bad output)
  QString rawJson;  ///< the checker's stdout
};

/// Older tables next to `apiTablePath`: every api_v*.json (CuTe DSL) or flydsl_api_v*.json (FlyDSL) in its folder (for
/// rename/removal notes).
QStringList siblingOldApiTables(const QString& apiTablePath);

/// Extracts :/kwb/python/cute_check.py to a temporary folder and runs
/// `python cute_check.py kernelPath --api apiTablePath --old <each of oldTablePaths>`.
/// Blocks up to `timeoutMs` (stdlib-only script; ~0.3 s for a kernel). Never throws.
CuteCheckResult runCuteCheck(const QString& python, const QString& kernelPath, const QString& apiTablePath,
                             const QStringList& oldTablePaths, int timeoutMs = 60000);

/// As above with the old tables found by siblingOldApiTables(apiTablePath).
CuteCheckResult runCuteCheck(const QString& python, const QString& kernelPath, const QString& apiTablePath);

/// The warnings of `r` that only say a name is missing from older API tables (CuteCheckIssue::newerThan set), folded
/// into one line naming the release the kernel needs, e.g. "needs a CuTe DSL release newer than 4.5.0 (checked
/// against 4.7.0): not in the older tables: cutlass.cute.make_rmem_tensor (line 12), cutlass.cute.math.exp (line 40)"
/// (at most six names, then "and N more"); `label` is "CuTe DSL" or "FlyDSL". Empty when there is no such warning.
/// Fourteen-odd such warnings per kernel read as fourteen problems (new-user trial 28, #12).
QString releaseNeededLine(const CuteCheckResult& r, const QString& label);

}  // namespace kwb
