#!/bin/bash
# Which problems of a list a planner switch changes: each problem's kernel generated with the given assignments (the
# plans before, e.g. KWB_SCAN_SHIFT=0) and without them; forward()'s text compared, with the launches per forward of
# each side (the kernel header's "chain of launches"). One script for every switch (sessions 45-46 had one copy a
# helper). Run from anywhere after building kwb:
#   bash bench/gpu/switch_suite_scope.sh KWB_SCAN_PROLOGUE=0 KWB_SCAN_SHIFT=0
# LIST (default bench/gpu/list_s41_final.txt), OUT (default /tmp/switch_suite_scope.txt), KWB (default build/dev's).
cd "$(dirname "$0")/../.."
[ $# -ge 1 ] || { echo "usage: $0 NAME=VALUE... (the off side's assignments)" >&2; exit 2; }
export QT_QPA_PLATFORM=offscreen KWB_SHARED_DIR=${KWB_SHARED_DIR:-$PWD/../shared} KWB_BIN_DIR=$PWD/build/dev/app
kwb=${KWB:-build/dev/app/kwb}; out=${OUT:-/tmp/switch_suite_scope.txt}; : > "$out"
k=/tmp/switch_ss.$$
for e in $(grep -v '^#' "${LIST:-bench/gpu/list_s41_final.txt}" | grep .); do
  d=${e%%/*}; n=$(basename "$e" .py)
  case $d in
    chains) f=tests/data/codegen/chains/problems/$n.py; [ -f "$f" ] || f=tests/python/fixtures/references/$n.py;;
    trial*) f=docs/results/$d-problems/$n.py;;
    probe*) f=tests/data/$d/$n.py;;
    level[123]) f=$KWB_SHARED_DIR/data/kernelbench/$d/$n.py;;
    *) f=$(ls tests/data/*/"$n".py docs/results/*/"$n".py 2>/dev/null | head -1);;
  esac
  [ -f "$f" ] || { echo "$e missing" >> "$out"; continue; }
  rm -f $k.0.py $k.1.py  # a failed analyze must not compare the last problem's files
  env "$@" timeout 120 nice "$kwb" analyze "$f" --gpu H100-SXM --framework triton --kernel-out $k.0.py >/dev/null 2>&1
  timeout 120 nice "$kwb" analyze "$f" --gpu H100-SXM --framework triton --kernel-out $k.1.py >/dev/null 2>&1
  [ -f $k.0.py ] && [ -f $k.1.py ] || { echo "$e no kernel (analyze failed)" >> "$out"; continue; }
  a=$(sed -n '/def _kwb_forward\|    def forward/,$p' $k.0.py | md5sum | cut -c1-8)
  b=$(sed -n '/def _kwb_forward\|    def forward/,$p' $k.1.py | md5sum | cut -c1-8)
  la=$(grep -o -m1 'chain of launches: [0-9]* launch' $k.0.py | grep -o '[0-9]*')
  lb=$(grep -o -m1 'chain of launches: [0-9]* launch' $k.1.py | grep -o '[0-9]*')
  [ "$a" = "$b" ] && echo "$e same" >> "$out" || echo "$e CHANGED ${la:-?}->${lb:-?}" >> "$out"
done
rm -f $k.0.py $k.1.py
echo done >> "$out"
