#!/usr/bin/env bash
# Formatting: every C++ source and header of the project matches .clang-format (clang-format 14, Debian 12's).
# Fix with: clang-format -i FILE...
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
fmt="$(command -v clang-format-14 || command -v clang-format || true)"
if [ -z "$fmt" ]; then
  echo "check-format.sh: clang-format is not installed (scripts/deps-debian.sh installs it)" >&2
  exit 1
fi
mapfile -t files < <(git ls-files '*.cpp' '*.h' | grep -v '^tests/data/')
bad=()
for f in "${files[@]}"; do
  "$fmt" --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ "${#bad[@]}" -gt 0 ]; then
  echo "check-format.sh: ${#bad[@]} file(s) differ from .clang-format:" >&2
  printf '  %s\n' "${bad[@]}" >&2
  echo "fix: $fmt -i <file>..." >&2
  exit 1
fi
echo "check-format.sh: ${#files[@]} files match .clang-format"
