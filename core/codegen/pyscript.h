// Runs one of the compiled-in, standard-library-only Python checkers (resources/python/*.py).
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

#include <nlohmann/json.hpp>

namespace kwb {

struct PyScriptRun {
  bool finished = false;  ///< started and exited within the time limit (any exit code)
  int exitCode = -1;      ///< the script's exit code; -1 when it crashed or never finished
  QByteArray out;         ///< stdout
  QByteArray err;         ///< stderr (the last part is quoted in `error` messages)
  QString error;          ///< finished=false: why (python missing, resource missing, timeout)
};

/// Extracts the Qt resource `resourcePath` (e.g. ":/kwb/python/cute_check.py") to a temporary
/// folder and runs `python <script> args...`, blocking up to `timeoutMs`. Never throws.
PyScriptRun runResourceScript(const QString& python, const QString& resourcePath, const QStringList& args,
                              int timeoutMs);

/// The one JSON object a finished checker printed on stdout. nullopt with *error set when the run did
/// not finish (its reason) or printed no JSON object (`scriptName`, the exit code and stderr's tail).
std::optional<nlohmann::json> scriptJson(const PyScriptRun& run, const QString& scriptName, QString* error);

}  // namespace kwb
