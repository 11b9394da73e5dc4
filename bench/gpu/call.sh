#!/usr/bin/env bash
# One device call of a session: unpack the carried bundle and A/B inputs, then run the steps given as arguments,
# each writing straight under $OUT, so a call cut by its limit or by the device budget still returns every step
# that finished (session 24's only call packed its archive at the end and returned nothing when cut at 259 s).
#
#   bash bench/gpu/call.sh 'stages recurrent 100 -k Recurrent' \
#                          'ab gemv 40 python3 bench/gpu/gemv_ab.py' \
#                          'suite 300 bench/gpu/list_s24_call1.txt'
#
# Carried: .gpu/bundle.tar.xz (packaging/make-bundle.sh), .gpu/ab.tar.xz (problems/ and A/B kernel folders, unpacked
# into .gpu/), .gpu/commit.txt. Steps:
#   stages NAME LIMIT_S UNITTEST_ARGS...   tests/python/test_stages_emulated on CUDA  -> steps.tar.gz: stages_NAME.txt
#   ab NAME LIMIT_S COMMAND...             any command                                 -> steps.tar.gz: ab/NAME.txt
#   suite LIMIT_S LIST [resume]            bench/gpu/session10.sh (resumable suite)    -> $OUT/suite*
#   keep NAME                              the last suite's json, report and summary   -> steps.tar.gz: suite_NAME/
#                                          (a second suite in the same call overwrites $OUT/suite*)
# Each step's output file is complete when it ends (rc= as its last line) and its tail is echoed. The stages and ab
# files are written under /tmp/steps and re-packed into $OUT/steps.tar.gz after every step: a call returns at most 8
# files (env.txt, the suite's 5, this archive), and a cut call still returns every step that finished.
set -u
export PYTHONUNBUFFERED=1
OUT=${OUT:?the device sets OUT}
STEPS=/tmp/steps
mkdir -p "$STEPS/ab"; T0=$SECONDS
tar -C /tmp -xJf .gpu/bundle.tar.xz
[ -f .gpu/ab.tar.xz ] && tar -C .gpu -xJf .gpu/ab.tar.xz
# one file: a call returns at most 8 (the suite's take 5)
{ echo "commit $(cat .gpu/commit.txt 2>/dev/null)"; python3 -c "import torch, triton; print(torch.__version__, triton.__version__)"
  nvidia-smi; } > "$OUT/env.txt" 2>&1
stages() {
  local name=$1 lim=$2; shift 2
  (cd tests/python && KWB_STAGES_DEVICE=cuda timeout -k 5 "$lim" python3 -m unittest -v "$@" test_stages_emulated) \
    > "$STEPS/stages_$name.txt" 2>&1
  echo "rc=$?" >> "$STEPS/stages_$name.txt"
  echo "ok: $(grep -c ' ok$' "$STEPS/stages_$name.txt")"
  grep -E "\.\.\. (FAIL|ERROR)$|^(FAIL|ERROR):|^Ran|^OK|^FAILED|rc=" "$STEPS/stages_$name.txt" | tail -16
}
ab() {
  local name=$1 lim=$2; shift 2
  timeout -k 5 "$lim" "$@" > "$STEPS/ab/$name.txt" 2>&1; echo "rc=$?" >> "$STEPS/ab/$name.txt"
  tail -"${TAIL:-14}" "$STEPS/ab/$name.txt"
}
suite() {
  local lim=$1 list=$2 resume=${3:-0}
  OUT="$OUT" SUITE_S="$lim" JOBS=${JOBS:-14} RESUME=$resume LIST="$list" bash bench/gpu/session10.sh 2>&1 | tail -14
}
keep() {
  mkdir -p "$STEPS/suite_$1" && cp "$OUT"/suite.json "$OUT"/suite_report.md "$OUT"/summary.txt "$STEPS/suite_$1/"
  ls "$STEPS/suite_$1"
}
for step in "$@"; do
  echo "== $step at $((SECONDS - T0)) s"
  eval "$step"
  tar -czf "$OUT/steps.tar.gz.part" -C "$STEPS" . && mv "$OUT/steps.tar.gz.part" "$OUT/steps.tar.gz"
done
echo "total $((SECONDS - T0)) s"
