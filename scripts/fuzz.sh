#!/usr/bin/env bash
# A short libFuzzer pass over the parsers of outside input (tests/fuzz): harness output, utilization
# expressions, `kwb memory --set`, plugin query input. Skipped, with a note, where clang's libFuzzer is
# missing. FUZZ_SECONDS per target (default 10). Builds only the fuzz targets and what they link.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
probe="$(mktemp -d)"
trap 'rm -rf "$probe"' EXIT
printf '#include <cstdint>\n#include <cstddef>\nextern "C" int LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }\n' > "$probe/f.cpp"
if ! command -v clang++ >/dev/null || ! clang++ -fsanitize=fuzzer "$probe/f.cpp" -o "$probe/f" 2>/dev/null; then
  echo "fuzz.sh: no clang++ with libFuzzer; fuzz targets skipped"
  exit 0
fi
cmake --preset fuzz -DKWB_FUZZ_SECONDS="${FUZZ_SECONDS:-10}" >/dev/null
cmake --build build/fuzz --target fuzz_harness_line fuzz_utilization_expr fuzz_memory_set fuzz_plugin_query
ctest --test-dir build/fuzz -L fuzz --output-on-failure
