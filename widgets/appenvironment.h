#pragma once
// Process-wide setup shared by both executables' main(), before the QApplication exists.

namespace kwb {

/// Gives Qt a private XDG_RUNTIME_DIR (<tmp>/kwb-runtime-<uid>, mode 0700) when the environment has
/// none, as on headless GPU hosts, instead of a warning on every run. No effect when it is set.
/// Also sets KWB_SHARED_DIR to the build's shared/ folder when unset and that folder exists, so a
/// kwb or kernel-workbench run from a build tree finds the gpu-wiki store and the CuTe DSL tables
/// (the knowledge plugins read the variable) without the user exporting it.
void prepareRuntimeEnvironment();

}  // namespace kwb
