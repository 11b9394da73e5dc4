#!/bin/bash
# Which problems of the final list the scan switches change (session 46, scan46): KWB_SCAN_PROLOGUE and
# KWB_SCAN_SHIFT both 0 (the plans before) vs both on; each problem's launches (kwb analyze --json's
# codegen.plan.launches, fills counted) off -> on and whether forward()'s text changed. Run from anywhere after
# building kwb: bash bench/gpu/scan46_suite_scope.sh; the result in $OUT (default /tmp/scan46_suite_scope.txt).
cd "$(dirname "$0")/../.."
export QT_QPA_PLATFORM=offscreen KWB_SHARED_DIR=${KWB_SHARED_DIR:-/work/shared} KWB_BIN_DIR=$PWD/build/dev/app
out=${OUT:-/tmp/scan46_suite_scope.txt}; : > $out
for e in $(grep -v '^#' bench/gpu/list_s41_final.txt | grep .); do
  d=${e%%/*}; n=$(basename $e .py)
  case $d in
    chains) f=tests/data/codegen/chains/problems/$n.py; [ -f $f ] || f=tests/python/fixtures/references/$n.py;;
    trial*) f=docs/results/$d-problems/$n.py;;
    probe*) f=tests/data/$d/$n.py;;
    *) f=$(ls tests/data/*/$n.py docs/results/*/$n.py 2>/dev/null | head -1);;
  esac
  [ -f "$f" ] || { echo "$e missing" >> $out; continue; }
  rm -f /tmp/scan46_ss.*  # a failed analyze must not compare the last problem's files
  for sw in 0 1; do
    KWB_SCAN_PROLOGUE=$sw KWB_SCAN_SHIFT=$sw timeout 120 nice build/dev/app/kwb analyze $f --gpu H100-SXM \
      --framework triton --json --kernel-out /tmp/scan46_ss.$sw.py > /tmp/scan46_ss.$sw.json 2> /dev/null
  done
  [ -f /tmp/scan46_ss.0.py ] && [ -f /tmp/scan46_ss.1.py ] || { echo "$e no kernel (analyze failed)" >> $out; continue; }
  l=$(for sw in 0 1; do python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['codegen']['plan'].get('launches','?'))" /tmp/scan46_ss.$sw.json 2>/dev/null || echo '?'; done | paste -sd'>' | sed 's/>/->/')
  a=$(sed -n '/def _kwb_forward\|    def forward/,$p' /tmp/scan46_ss.0.py | md5sum | cut -c1-8); b=$(sed -n '/def _kwb_forward\|    def forward/,$p' /tmp/scan46_ss.1.py | md5sum | cut -c1-8)
  [ "$a" = "$b" ] && echo "$e same $l" >> $out || echo "$e CHANGED $l" >> $out
done
echo done >> $out
