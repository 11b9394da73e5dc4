#!/bin/bash
# Which problems of the final list session 46 (scan46): KWB_SCAN_PROLOGUE and KWB_SCAN_SHIFT changes (bench/gpu/switch_suite_scope.sh; result in $OUT,
# default /tmp/scan46_suite_scope.txt).
OUT=${OUT:-/tmp/scan46_suite_scope.txt} exec bash "$(dirname "$0")/switch_suite_scope.sh" KWB_SCAN_PROLOGUE=0 KWB_SCAN_SHIFT=0
