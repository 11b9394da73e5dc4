#!/usr/bin/env bash
# The next session's device calls (written at the end of session 19, which had no device time: nothing of session
# 19 ran on a GPU). Call 1: the two A/B scripts of session 19's unmeasured switches, then the suite of every given
# and unseen problem; call 2 (RESUME=1, on the still-warm machine, or carrying .gpu/suite_state.tar.gz): the rest.
#   OUT=$OUT CALL_S=575 bash bench/gpu/session20.sh             # call 1
#   OUT=$OUT SUITE_S=575 JOBS=14 LIST=bench/gpu/list_all.txt RESUME=1 bash bench/gpu/session10.sh   # call 2 (and 3)
# Stage .gpu on the CPU machine first (bundle from the tree under test, problems with unseen/, the A/B kernels):
#   bash packaging/make-bundle.sh build/dev .gpu/bundle.tar.xz ../shared
#   mkdir -p .gpu/problems && cp -a ../shared/data/kernelbench/level{1,2,3} tests/data/unseen .gpu/problems/
#   python3 bench/gpu/chain_waves.py --generate .gpu/chain_waves
#   git worktree add /tmp/pre-smallred abbbd5d && (cd /tmp/pre-smallred && cmake --preset dev && \
#     cmake --build build/dev --target kwb)     # "old" = main before the smallred merge (or skip: --old-kwb absent
#   python3 bench/gpu/smallred.py --generate .gpu/smallred --old-kwb /tmp/pre-smallred/build/dev/app/kwb
#                                                # leaves old rows out; the switch-off rows still decide each switch)
# carry [".gpu/bundle.tar.xz", ".gpu/problems", ".gpu/smallred", ".gpu/chain_waves"]
# What each row decides (the scripts' docstrings have the whole key):
#   smallred:    kwb_scan_rows, kwb_const_memo, kwb_row1_multi, kwb_reduce_one_trip (triton_stages.py) and COLS_FIT_R
#                (triton_reduce.py.tmpl), all on: a "<switch> off" row faster than "new" turns that switch off.
#   chain_waves: kwb_gemm_fill "waves" (on) vs "block_n": waves stays if every affected row's x_old >= 0.97.
set -u
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/s20_out}; CALL_S=${CALL_S:-575}; T0=$SECONDS
mkdir -p "$OUT/ab"
[ -x /tmp/kernel-workbench/bin/kwb ] || tar -C /tmp -xJf .gpu/bundle.tar.xz
ab() {  # name limit_s command...: one A/B script, its output to $OUT/ab/name.txt, its tail here
  local name=$1 lim=$2; shift 2
  echo "== $name at $((SECONDS - T0)) s"
  timeout -k 5 "$lim" "$@" > "$OUT/ab/$name.txt" 2>&1; echo "rc=$?" >> "$OUT/ab/$name.txt"
  tail -${TAIL:-24} "$OUT/ab/$name.txt"
}
[ -d .gpu/smallred ] && ab smallred 150 python3 bench/gpu/smallred.py --kernels .gpu/smallred --budget 135
[ -d .gpu/chain_waves ] && ab chain_waves 110 python3 bench/gpu/chain_waves.py --kernels .gpu/chain_waves --budget 95
S=$((CALL_S - (SECONDS - T0) - 25))
if [ "$S" -gt 60 ]; then
  echo "== suite for $S s at $((SECONDS - T0)) s"
  OUT=$OUT SUITE_S=$S JOBS=${JOBS:-14} LIST=${LIST:-bench/gpu/list_all.txt} bash bench/gpu/session10.sh 2>&1 | tail -8
fi
echo "total $((SECONDS - T0)) s"
