#!/usr/bin/env bash
# Quick start, step 2: build (dev preset: Debug, warnings as errors) and run the whole test suite.
# Tests read the real inputs at ../shared (KernelBench problems, gpu-wiki, CuTe DSL tables).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
cmake --preset dev >/dev/null
cmake --build --preset dev
ctest --preset dev -j2
