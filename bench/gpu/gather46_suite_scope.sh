#!/bin/bash
# Which problems of the final list session 46 (gather46): the gather and integer-sum switches changes (bench/gpu/switch_suite_scope.sh; result in $OUT,
# default /tmp/gather46_suite_scope.txt).
OUT=${OUT:-/tmp/gather46_suite_scope.txt} exec bash "$(dirname "$0")/switch_suite_scope.sh" KWB_GATHER_PROLOGUE=0 KWB_GATHER_EPILOGUE=0 KWB_INT_REDUCE_PROLOGUE=0
