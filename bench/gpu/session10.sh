#!/usr/bin/env bash
# Session 10's device calls: every given level-1 problem plus the level-3 models and the level-2 problem that
# changed since session 9's GPU run, as ONE resumable `kwb suite` (.gpu/list_final.txt), then, with what is
# left of the second call, the convolution template's variants (bench/gpu/conv_smoke.py --sweep).
#
#   OUT=$OUT SUITE_S=570 bash bench/gpu/session10.sh            # call A: the suite from scratch
#   OUT=$OUT SUITE_S=150 CONV_S=120 RESUME=1 bash bench/gpu/session10.sh   # call B, on the still-warm machine
#
# LIST (default .gpu/list_final.txt): problem paths relative to .gpu/problems, one a line. Session 10's list was
# every level1/*.py plus level3/{31,44,35,39}_*.py and level2/58_*.py; every given problem:
#   (cd .gpu/problems && ls level1/*.py level2/*.py level3/*.py) > .gpu/list_all.txt
# 72 problems took 631 s of suite wall at --jobs 8 on the H200 host (16 cores), so all 127 need two full calls.
#
# The suite lives in /tmp/kwb-suite (bench/gpu/suite_session.sh), so call B resumes it when the machine is still
# the same one (calls within its 30 s idle window); a problem done in call A is not run again.
set -u
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/s10_out}
SUITE_S=${SUITE_S:-570} CONV_S=${CONV_S:-0} JOBS=${JOBS:-8}
CONV_ONLY=${CONV_ONLY:-67_,55_,59_,50_,64_,79_}
mkdir -p "$OUT"
T0=$SECONDS
[ "${RESUME:-0}" = 1 ] || rm -rf /tmp/kwb-suite /tmp/kwb-suite-logs
echo "== suite ($SUITE_S s, jobs $JOBS); resume: ${RESUME:-0}; $(grep -c '"state": "done"' /tmp/kwb-suite/suite.json 2>/dev/null || echo 0) done before"
OUT="$OUT" BUDGET=$SUITE_S JOBS=$JOBS bash bench/gpu/suite_session.sh "${LIST:-.gpu/list_final.txt}" > "$OUT/suite_session.log" 2>&1
tail -12 "$OUT/suite_session.log"
if [ "$CONV_S" -gt 30 ]; then
  echo "== conv sweep ($CONV_S s) at $((SECONDS - T0)) s"
  timeout -k 10 "$CONV_S" python3 bench/gpu/conv_smoke.py --sweep --no-compile --only "$CONV_ONLY" \
    --budget $((CONV_S - 25)) --limit 60 > "$OUT/conv_sweep.txt" 2>&1
  echo "rc=$?" >> "$OUT/conv_sweep.txt"
  tail -45 "$OUT/conv_sweep.txt"
fi
echo "total $((SECONDS - T0)) s"
