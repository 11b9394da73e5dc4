#pragma once
// Whether this machine has a CUDA device, as the probe decides it for `kwb baseline`'s "no CUDA device" error
// (probe.py gpu_present(), imported from the extracted probe: torch built for CUDA or ROCm, a driver device node,
// CUDA_VISIBLE_DEVICES not empty).

#include <QString>

#include <optional>

namespace kwb {

/// The probe's gpu_present() under @p python ("" = findTorchPython()), asked in a child process (importing torch
/// takes seconds: call it off the GUI thread). nullopt when no Python with torch runs within @p timeoutMs (ms).
std::optional<bool> localCudaAvailable(const QString& python = {}, int timeoutMs = 60000);

}  // namespace kwb
