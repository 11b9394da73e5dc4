#!/bin/bash
# Which problems of the final list session 45 (slow45): KWB_ROW_SOURCE_REACH changes (bench/gpu/switch_suite_scope.sh; result in $OUT,
# default /tmp/slow45_suite_scope.txt).
OUT=${OUT:-/tmp/slow45_suite_scope.txt} exec bash "$(dirname "$0")/switch_suite_scope.sh" KWB_ROW_SOURCE_REACH=0
