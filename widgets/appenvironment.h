#pragma once
// Process-wide setup shared by both executables' main(), before the QApplication exists.

namespace kwb {

/// Gives Qt a private XDG_RUNTIME_DIR (<tmp>/kwb-runtime-<uid>, mode 0700) when the environment has
/// none, as on headless GPU hosts, instead of a warning on every run. No effect when it is set.
void prepareRuntimeEnvironment();

}  // namespace kwb
