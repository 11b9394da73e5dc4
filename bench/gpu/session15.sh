#!/usr/bin/env bash
# Session 15's call B: the A/B scripts of this session's changes, then the suite from scratch in what is left.
#   OUT=$OUT CALL_S=560 bash bench/gpu/session15.sh     # call B
# then call C on the warm machine: OUT=$OUT SUITE_S=565 JOBS=14 LIST=.gpu/list_all.txt RESUME=1 bash bench/gpu/session10.sh
# Carried: .gpu (bundle, problems, list_all.txt, conv_norm/ kernels from `python3 bench/gpu/conv_norm.py --generate`).
set -u
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/s15_out}; CALL_S=${CALL_S:-560}; T0=$SECONDS
mkdir -p "$OUT/ab"
[ -x /tmp/kernel-workbench/bin/kwb ] || tar -C /tmp -xJf .gpu/bundle.tar.xz
K=/tmp/kernel-workbench/bin/kwb P=.gpu/problems
echo "== graph replay A/B"
timeout -k 5 110 python3 bench/gpu/graph_replay.py $K $P/level3/20_MobileNetV2.py $P/level3/39_GRU.py \
  $P/level3/8_ResNetBasicBlock.py $P/unseen/u35_TinyCNN_BN_train.py $P/unseen/u37_GRU_1layer_last_step.py \
  > "$OUT/ab/graph_replay.txt" 2>&1; echo "rc=$?" >> "$OUT/ab/graph_replay.txt"; tail -7 "$OUT/ab/graph_replay.txt"
echo "== conv statistics A/B at $((SECONDS - T0)) s"
KWB_CUDA_GRAPH=0 timeout -k 5 80 python3 bench/gpu/conv_norm.py --kernels .gpu/conv_norm --no-compile --rep 30 \
  > "$OUT/ab/conv_norm.txt" 2>&1; echo "rc=$?" >> "$OUT/ab/conv_norm.txt"; tail -9 "$OUT/ab/conv_norm.txt"
echo "== channels-last stages A/B at $((SECONDS - T0)) s"
timeout -k 5 70 python3 bench/gpu/stages_cl.py > "$OUT/ab/stages_cl.txt" 2>&1; echo "rc=$?" >> "$OUT/ab/stages_cl.txt"
tail -10 "$OUT/ab/stages_cl.txt"
S=$((CALL_S - (SECONDS - T0) - 25))
echo "== suite for $S s at $((SECONDS - T0)) s"
OUT=$OUT SUITE_S=$S JOBS=14 LIST=.gpu/list_all.txt bash bench/gpu/session10.sh 2>&1 | tail -8
echo "total $((SECONDS - T0)) s"
