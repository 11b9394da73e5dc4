#!/bin/bash
# Which problems of the final list KWB_ROW_SOURCE_REACH changes (forward()'s text off vs on), session 45 (slow45).
# Run from anywhere after building kwb: bash bench/gpu/slow45_suite_scope.sh; the result in $OUT.
cd "$(dirname "$0")/../.."
export QT_QPA_PLATFORM=offscreen KWB_SHARED_DIR=/work/shared KWB_BIN_DIR=$PWD/build/dev/app
out=${OUT:-/tmp/slow45_suite_scope.txt}; : > $out
for e in $(grep -v '^#' bench/gpu/list_s41_final.txt | grep .); do
  d=${e%%/*}; n=$(basename $e .py)
  case $d in
    chains) f=tests/data/codegen/chains/problems/$n.py; [ -f $f ] || f=tests/python/fixtures/references/$n.py;;
    trial*) f=docs/results/$d-problems/$n.py;;
    probe*) f=tests/data/$d/$n.py;;
    *) f=$(ls tests/data/*/$n.py docs/results/*/$n.py 2>/dev/null | head -1);;
  esac
  [ -f "$f" ] || { echo "$e missing" >> $out; continue; }
  rm -f /tmp/slow45_ss.0.py /tmp/slow45_ss.1.py  # a failed analyze must not compare the last problem's files
  for sw in 0 1; do KWB_ROW_SOURCE_REACH=$sw timeout 120 nice build/dev/app/kwb analyze $f --gpu H100-SXM --framework triton --kernel-out /tmp/slow45_ss.$sw.py > /dev/null 2>&1; done
  [ -f /tmp/slow45_ss.0.py ] && [ -f /tmp/slow45_ss.1.py ] || { echo "$e no kernel (analyze failed)" >> $out; continue; }
  a=$(sed -n '/def _kwb_forward\|    def forward/,$p' /tmp/slow45_ss.0.py | md5sum | cut -c1-8); b=$(sed -n '/def _kwb_forward\|    def forward/,$p' /tmp/slow45_ss.1.py | md5sum | cut -c1-8)
  [ "$a" = "$b" ] && echo "$e same" >> $out || echo "$e CHANGED" >> $out
done
echo done >> $out
