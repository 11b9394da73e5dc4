#!/usr/bin/env bash
# The next session's first device call (~560 s): check on the H200 what session 13 wrote but could not run there,
# then the GPU lock's effect. Stage .gpu/ first: the bundle from HEAD (packaging/make-bundle.sh), .gpu/problems
# with level1-3 and unseen (cp -r tests/data/unseen .gpu/problems/unseen). Carry [".gpu"].
#
#   OUT=$OUT bash bench/gpu/session14.sh
#
# 1. The four failures of session 13's suite (docs/results/2026-12-02-h200-suite-s13.md), --jobs 12 with eleven
#    GPU-heavy neighbours as in that run: 20_MobileNetV2 (the compile window: expect PASS and CASE_RESULT compile_s
#    of tens of seconds per case), u36 (aten::_safe_softmax stage under torch 2.11), u10 and u55 (no aten::repeat in
#    forward: the dispatch check passes). bench/gpu/gpulock_problems.txt's neighbours keep the machine as busy.
# 2. The GPU lock A/B on bench/gpu/gpulock_problems.txt: the reader-writer lock (default) against
#    KWB_GPU_LOCK_SHARED=0 (the lock of session 13's suite), both at --jobs 12. Read 40_'s and 42_'s kernel, eager and
#    torch.compile medians and cv (bench/gpu/suite_noise.py), and the suite wall of each: the shared sections should
#    bring the spread down (session 13 without them: 40_ eager 26234 us, kernel 3944 us; session 11 at --jobs 8:
#    13118 / 1371 us) at some cost in wall time.
# Then the whole suite again with the lock that wins (bench/gpu/session10.sh with LIST=.gpu/list_all.txt, two calls).
set -u
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/s14_out}
mkdir -p "$OUT"
T0=$SECONDS
{ cat bench/gpu/gpulock_problems.txt | grep -v '^\s*#' | sed '/^\s*$/d'
  printf "level3/20_MobileNetV2.py\nunseen/u36_TransformerEncoderLayer_MHA.py\nunseen/u10_InstanceNorm1d_affine.py\nunseen/u55_InstanceNorm2d_affine_batch_eq_channels.py\n"
} > /tmp/list_s14_1.txt
echo "== 1. failures of session 13 + neighbours, shared sections on (${S1:-200} s)"
rm -rf /tmp/kwb-suite /tmp/kwb-suite-logs
OUT="$OUT/shared_on" BUDGET=${S1:-200} JOBS=12 bash bench/gpu/suite_session.sh /tmp/list_s14_1.txt > "$OUT/shared_on.log" 2>&1
tail -5 "$OUT/shared_on.log"
rm -rf /tmp/kwb-suite-on && cp -a /tmp/kwb-suite /tmp/kwb-suite-on
python3 bench/gpu/suite_noise.py /tmp/kwb-suite-on --rows > "$OUT/noise_shared_on.txt" 2>&1; head -12 "$OUT/noise_shared_on.txt"
echo "== 2. the same neighbours, KWB_GPU_LOCK_SHARED=0 (${S2:-170} s)"
rm -rf /tmp/kwb-suite /tmp/kwb-suite-logs
KWB_GPU_LOCK_SHARED=0 OUT="$OUT/shared_off" BUDGET=${S2:-170} JOBS=12 bash bench/gpu/suite_session.sh \
  bench/gpu/gpulock_problems.txt > "$OUT/shared_off.log" 2>&1
tail -5 "$OUT/shared_off.log"
python3 bench/gpu/suite_noise.py /tmp/kwb-suite --rows > "$OUT/noise_shared_off.txt" 2>&1; head -12 "$OUT/noise_shared_off.txt"
echo "total $((SECONDS - T0)) s"
