#!/usr/bin/env bash
# Renders norm39's A/B folder (docs/results/2026-12-06-norm39.md): main/ = kwb's Triton kernels of probs/ (the kwb given
# as $KWB, main's build for "main"), stages_new.py / epilogue.py = this tree's stage library with kwb_rows_joint on.
# usage: KWB=build/dev/app/kwb bash bench/gpu/norm39_ab/render.sh OUT_DIR; then python3 OUT_DIR/ab.py --budget 70
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
out="$1"
mkdir -p "$out/main"
cp -r "$here/ab.py" "$here/probs" "$here/mine" "$out/"
for p in "$here"/probs/*.py; do
  n="$(basename "$p" .py)"
  "${KWB:-kwb}" analyze "$p" --gpu H200 --kernel-out "$out/main/$n.py" --framework triton >/dev/null
done
cp "$root/resources/templates/kernels/triton_epilogue.py" "$out/epilogue.py"
sed 's/^kwb_rows_joint = False /kwb_rows_joint = True  /' "$root/resources/templates/kernels/triton_stages.py" \
  > "$out/stages_new.py"
