#!/usr/bin/env bash
# Stages session 39's last (unrun) GPU call into .gpu/ of the tree the device call is made from (docs/results/
# 2026-12-04-s29-next-gpu.md "Session 39 (lead)"): the problems, recur38's old / new kernels, commit.txt, the bundle.
#   bash bench/gpu/stage39.sh [SOURCE_TREE (default: this tree)] [SHARED (default: ../shared)]
# SOURCE_TREE has a built build/dev; the device call then runs
#   bash bench/gpu/call.sh 'ab recur39 65 python3 .gpu/recur39/ab.py --budget 55' 'suite 270 .gpu/problems/list_s39_final.txt'
set -euo pipefail
M=$(git rev-parse --show-toplevel); I=$(cd "${1:-$M}" && pwd); S=$(cd "${2:-$M/../shared}" && pwd)
cd "$M"
rm -rf .gpu/problems .gpu/recur39 .gpu/ab.tar.xz .gpu/bundle.tar.xz
mkdir -p .gpu/problems/{level1,level2,level3,chains,ops38,probe23,probe24,probe25,trial26,trial27,trial28} .gpu/recur39
for l in 1 2 3; do cp "$S"/data/kernelbench/level$l/*.py .gpu/problems/level$l/; done
cp "$I"/tests/data/codegen/chains/problems/*.py .gpu/problems/chains/
cp "$I"/tests/data/codegen/chains/problems/*.py .gpu/problems/ops38/
cp "$I"/tests/python/fixtures/references/length_embedding.py .gpu/problems/chains/
for d in probe23 probe24 probe25; do cp "$I"/tests/data/$d/*.py .gpu/problems/$d/; done
for t in 26 27 28; do cp "$I"/docs/results/trial$t-problems/*.py .gpu/problems/trial$t/; done
cp "$I"/bench/gpu/list_s36_level23.txt "$I"/bench/gpu/list_s39_final.txt .gpu/problems/
(cd "$I" && KWB="$I/build/dev/app/kwb" bash bench/gpu/recur38/make.sh)
cp "$I"/bench/gpu/recur38/* .gpu/recur39/
(cd .gpu && tar -cJf ab.tar.xz problems recur39)
git -C "$I" rev-parse --short HEAD > .gpu/commit.txt
(cd "$I" && KWB_BUNDLE_HEADLESS=1 XZ_OPT="-9e -T2" bash packaging/make-bundle.sh build/dev "$M/.gpu/bundle.tar.xz" "$S")
ls -la .gpu/*.tar.xz
