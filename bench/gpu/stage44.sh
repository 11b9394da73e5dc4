#!/usr/bin/env bash
# Stages the next GPU session's calls (docs/results/2026-12-04-s29-next-gpu.md "Session 44 (lead)"): session 43's
# staging (bench/gpu/stage43.sh: the bundle, levels 1-3, fixtures, trials, the A/B folders, plan43) plus session 44's
# planner-switch A/Bs (bench/gpu/plan44_ab.py and plan44_copy_ab.py: the kernels of each switch's two values written
# by this tree's kwb into .gpu/plan44 and .gpu/plan44copy, with the scripts and abharness.py beside them), all in
# .gpu/ab.tar.xz. Then `bash bench/gpu/device-tree.sh slim`, the calls, `bash bench/gpu/device-tree.sh restore`.
#   bash bench/gpu/stage44.sh [SOURCE_TREE (default: this tree)] [SHARED (default: ../shared)]
set -euo pipefail
M=$(git rev-parse --show-toplevel); I=$(cd "${1:-$M}" && pwd); S=$(cd "${2:-$M/../shared}" && pwd)
bash "$I/bench/gpu/stage43.sh" "$I" "$S"
cd "$M"
for t in plan44 plan44_copy; do
  d=.gpu/${t/_/}; rm -rf "$d"
  (cd "$I" && QT_QPA_PLATFORM=offscreen python3 "bench/gpu/${t}_ab.py" --generate "$M/$d")
  cp "$I/bench/gpu/${t}_ab.py" "$I"/bench/gpu/abharness.py "$d"/
done
(cd .gpu && rm -f ab.tar.xz && tar -cJf ab.tar.xz problems recur39 h40 h41 plan43 plan44 plan44copy)
ls -la .gpu/ab.tar.xz
