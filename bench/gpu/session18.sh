#!/usr/bin/env bash
# The next session's first device call (written at the end of session 17): each session-17 helper's A/B script (old
# vs new of the same generated kernel, one process each, budgeted), most important first, then a suite of the
# problems those changes touch. None of session 17's kernel changes ran on a GPU before this.
#   OUT=$OUT CALL_S=560 bash bench/gpu/session18.sh
# Carried: .gpu (bundle.tar.xz built from the tree under test, problems/ with unseen/ (tests/data/unseen), and the kernels the
# scripts' --generate modes wrote on the CPU: convepi/, level3/, gemmsmall/).
#   python3 bench/gpu/convepi.py --generate .gpu/convepi      (old = kwb before the change: --old-kwb)
#   python3 bench/gpu/level3.py --generate .gpu/level3
#   python3 bench/gpu/gemmsmall.py --generate .gpu/gemmsmall
# What each row decides (the scripts' docstrings have the whole key):
#   convepi:   4_ base vs old_epi (the one-exp mish, on) and the EPI_HEAVY_* variants (off until a row wins)
#   level3:    17_ new vs old (CONV_CAT_SLICES, on), 8_/11_/20_ new vs old (kwb_keep_layout, on), skinny (off)
#   gemmsmall: u22/u30/u23 small GEMMs and u13/u47 pools new vs old (on), 94_ (mish into the group norm, on)
set -u
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/s18_out}; CALL_S=${CALL_S:-560}; T0=$SECONDS
mkdir -p "$OUT/ab"
[ -x /tmp/kernel-workbench/bin/kwb ] || tar -C /tmp -xJf .gpu/bundle.tar.xz
ab() {  # name limit_s command...: one A/B script, its output to $OUT/ab/name.txt, its tail here
  local name=$1 lim=$2; shift 2
  echo "== $name at $((SECONDS - T0)) s"
  timeout -k 5 "$lim" "$@" > "$OUT/ab/$name.txt" 2>&1; echo "rc=$?" >> "$OUT/ab/$name.txt"
  tail -${TAIL:-16} "$OUT/ab/$name.txt"
}
ab level3 100 python3 bench/gpu/level3.py --kernels .gpu/level3 --budget 85
ab gemmsmall 75 python3 bench/gpu/gemmsmall.py --kernels .gpu/gemmsmall --budget 60
ab convepi 75 python3 bench/gpu/convepi.py --kernels .gpu/convepi --budget 60
S=$((CALL_S - (SECONDS - T0) - 25))
if [ "$S" -gt 60 ] && [ -f bench/gpu/list_s18.txt ]; then
  echo "== suite for $S s at $((SECONDS - T0)) s"
  OUT=$OUT SUITE_S=$S JOBS=14 LIST=bench/gpu/list_s18.txt bash bench/gpu/session10.sh 2>&1 | tail -6
  cd /tmp && find kwb-suite \( -name result.json -o -name output.log -o -name v0.json -o -name baseline_report.md \
    -o -name suite.json -o -name suite_report.md \) | tar czf "$OUT/slim.tgz" -T - ; rm -f "$OUT/suite_session.tar.gz"
fi
echo "total $((SECONDS - T0)) s"
