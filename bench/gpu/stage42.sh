#!/usr/bin/env bash
# Stages the next GPU session's calls (docs/results/2026-12-04-s29-next-gpu.md "Session 42 (lead)"): session 41's
# staging (bench/gpu/stage41.sh: levels 1-3, chain fixtures, trials 26-30, the eight A/B folders of .gpu/h41/gpu41/,
# list_s41_final.txt, the headless bundle from build/dev, commit.txt), plus session 41's round-2 A/Bs that no GPU ran:
# cat41's folder (kernels generated here by bench/gpu/cat41/make.sh; needs this tree's build/dev/app/kwb) with its
# .ready line, list_trial31.txt (new-user trial 31's ten problems, never run on a GPU) and list_s42_ab.txt (the
# problems whose suite rows decide ce41's KWB_NLL_ROW_SUM and conv41b's KWB_VIEW_COMMUTE: run that list once as is and
# once with the switch at 0, same machine). Then, from the tree's root:
#   bash bench/gpu/device-tree.sh slim
#   run (carry [".gpu/bundle.tar.xz", ".gpu/ab.tar.xz", ".gpu/commit.txt"]):
#     bash bench/gpu/call.sh 'ab h41 560 env LIM=60 bash .gpu/h41/gpu41/run41.sh norm41 redpro41 conv41 bcast41 \
#       band41 gemm41 const41 recur41 cat41 sib42'
#   (ten A/Bs of <= 60 s each fill one call; the suites go in the next calls)
#   then 'suite 60 .gpu/problems/list_s42_ab.txt' and
#        'KWB_NLL_ROW_SUM=0 KWB_VIEW_COMMUTE=0 KWB_CAT_POINTWISE=0 suite 60 .gpu/problems/list_s42_ab.txt' in one call
#   bash bench/gpu/device-tree.sh restore
#   bash bench/gpu/stage42.sh [SOURCE_TREE (default: this tree)] [SHARED (default: ../shared)]
set -euo pipefail
M=$(git rev-parse --show-toplevel); I=$(cd "${1:-$M}" && pwd); S=$(cd "${2:-$M/../shared}" && pwd)
bash "$I/bench/gpu/stage41.sh" "$I" "$S"
cd "$M"
(cd "$I" && bash bench/gpu/cat41/make.sh)
rm -rf .gpu/h41/gpu41/cat41 && cp -r "$I"/bench/gpu/cat41 .gpu/h41/gpu41/cat41
echo "python3 cat41/ab.py --budget 48" > .gpu/h41/gpu41/cat41.ready
# session 42's sib42 (KWB_PROLOGUE_REACH, KWB_SIBLING_REDUCE): its three kernels a problem, the same way
(cd "$I" && bash bench/gpu/sib42/make.sh)
rm -rf .gpu/h41/gpu41/sib42 && cp -r "$I"/bench/gpu/sib42 .gpu/h41/gpu41/sib42
echo "python3 sib42/ab.py --budget 60" > .gpu/h41/gpu41/sib42.ready
cp "$I"/bench/gpu/list_s42_ab.txt "$I"/bench/gpu/list_trial31.txt .gpu/problems/
mkdir -p .gpu/problems/trial31 && cp "$I"/docs/results/trial31-problems/*.py .gpu/problems/trial31/
(cd .gpu && rm -f ab.tar.xz && tar -cJf ab.tar.xz problems recur39 h40 h41)
ls -la .gpu/ab.tar.xz
