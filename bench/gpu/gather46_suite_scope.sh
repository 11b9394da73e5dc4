#!/bin/bash
# Which problems of the final list session 46's gather46 switches change (forward()'s text with KWB_GATHER_PROLOGUE,
# KWB_GATHER_EPILOGUE and KWB_INT_REDUCE_PROLOGUE all 0 vs unset), with the launches per forward on each side
# (slow45_suite_scope.sh's walk). Run from anywhere after building kwb: bash bench/gpu/gather46_suite_scope.sh; the
# result in $OUT (default /tmp/gather46_suite_scope.txt).
cd "$(dirname "$0")/../.."
export QT_QPA_PLATFORM=offscreen KWB_SHARED_DIR=${KWB_SHARED_DIR:-/work/shared} KWB_BIN_DIR=$PWD/build/dev/app
out=${OUT:-/tmp/gather46_suite_scope.txt}; : > $out
k=/tmp/gather46_ss.$$
for e in $(grep -v '^#' bench/gpu/list_s41_final.txt | grep .); do
  d=${e%%/*}; n=$(basename $e .py)
  case $d in
    chains) f=tests/data/codegen/chains/problems/$n.py; [ -f $f ] || f=tests/python/fixtures/references/$n.py;;
    trial*) f=docs/results/$d-problems/$n.py;;
    probe*) f=tests/data/$d/$n.py;;
    *) f=$(ls tests/data/*/$n.py docs/results/*/$n.py 2>/dev/null | head -1);;
  esac
  [ -f "$f" ] || { echo "$e missing" >> $out; continue; }
  rm -f $k.0.py $k.1.py
  KWB_GATHER_PROLOGUE=0 KWB_GATHER_EPILOGUE=0 KWB_INT_REDUCE_PROLOGUE=0 timeout 120 nice build/dev/app/kwb analyze $f \
    --gpu H100-SXM --framework triton --kernel-out $k.0.py > /dev/null 2>&1
  timeout 120 nice build/dev/app/kwb analyze $f --gpu H100-SXM --framework triton --kernel-out $k.1.py > /dev/null 2>&1
  [ -f $k.0.py ] && [ -f $k.1.py ] || { echo "$e no kernel (analyze failed)" >> $out; continue; }
  a=$(sed -n '/def _kwb_forward\|    def forward/,$p' $k.0.py | md5sum | cut -c1-8)
  b=$(sed -n '/def _kwb_forward\|    def forward/,$p' $k.1.py | md5sum | cut -c1-8)
  la=$(grep -o -m1 'chain of launches: [0-9]* launch' $k.0.py | grep -o '[0-9]*')
  lb=$(grep -o -m1 'chain of launches: [0-9]* launch' $k.1.py | grep -o '[0-9]*')
  [ "$a" = "$b" ] && echo "$e same" >> $out || echo "$e CHANGED ${la:-?}->${lb:-?}" >> $out
done
rm -f $k.0.py $k.1.py
echo done >> $out
