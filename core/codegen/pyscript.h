// Runs one of the compiled-in, standard-library-only Python checkers (resources/python/*.py).
#pragma once

#include <QString>
#include <QStringList>

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

} // namespace kwb
