#!/usr/bin/env bash
# Session 20, call 3: the helpers' A/Bs (pools3d: SLIDE_H / SLIDE_UNROLL; attn --only gqa: kwb_attn_kv_index /
# KV_INDEX), then a fresh suite of bench/gpu/list_s20_fix.txt on the bundle of merged main.
#   OUT=$OUT bash bench/gpu/session20b.sh
# carry [".gpu/bundle.tar.xz", ".gpu/problems", ".gpu/pools3d", ".gpu/gqa"]
set -u
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/s20b_out}; T0=$SECONDS
mkdir -p "$OUT/ab"
tar -C /tmp -xJf .gpu/bundle.tar.xz
ab() {
  local name=$1 lim=$2; shift 2
  echo "== $name at $((SECONDS - T0)) s"
  timeout -k 5 "$lim" "$@" > "$OUT/ab/$name.txt" 2>&1; echo "rc=$?" >> "$OUT/ab/$name.txt"
  tail -${TAIL:-40} "$OUT/ab/$name.txt"
}
ab pools3d 150 python3 bench/gpu/pools3d.py --kernels .gpu/pools3d --budget 140
ab gqa 90 python3 bench/gpu/attn.py --kernels .gpu/gqa --only gqa --budget 75
S=$((${CALL_S:-575} - (SECONDS - T0) - 20))
echo "== suite for $S s at $((SECONDS - T0)) s"
OUT=$OUT SUITE_S=$S JOBS=14 LIST=bench/gpu/list_s20_fix.txt bash bench/gpu/session10.sh 2>&1 | tail -8
rm -f "$OUT/suite_session.tar.gz"
echo "total $((SECONDS - T0)) s"
