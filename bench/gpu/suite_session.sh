#!/usr/bin/env bash
# A resumable `kwb suite` over KernelBench problems on the GPU machine, inside one device call's budget.
#
#   BUDGET=560 JOBS=2 bash bench/gpu/suite_session.sh [LIST]
#
# LIST: a file of problem paths relative to .gpu/problems, one a line (`#` comments), e.g.
#   level1/19_ReLU.py
# Default: every level1/*.py, level2/*.py and level3/*.py under .gpu/problems, in that order.
#
# Carried (all inside .gpu/, one carry path ".gpu"; 64 MiB in all):
#   .gpu/bundle.tar.xz          the relocatable bundle (packaging/make-bundle.sh; ~25 MiB)
#   .gpu/problems/level{1,2,3}  copies of ../shared/data/kernelbench/level{1,2,3}
#   .gpu/suite_state.tar.gz     the previous call's $OUT/suite_session.tar.gz (absent on the first call)
# Resume: the suite always lives at /tmp/kwb-suite and the problems at /tmp/kwb-problems, so the absolute
# paths suite.json records are the same on every call; a problem `done` there is not run again, and one
# that was in flight when the budget ran out (SIGINT: kwb stops it and records it as not finished) runs
# again on the next call. Between calls, on the CPU machine:
#   cp <files_at>/suite_session.tar.gz .gpu/suite_state.tar.gz
#
# Written to $OUT (comes back):
#   suite_session.tar.gz  kwb-suite/ (suite.json, suite_report.md/.html, every workspace: reports, memory/,
#                         .kwb/spec.json, .kwb/runs/*/output.log + result.json, generated files; without
#                         .git, __pycache__ and the shared compiler caches) and logs/ (env, kwb's output)
#   suite.json, suite_report.md, summary.txt   the same, unpacked, for a quick look
# The Triton and Inductor caches are kept in /tmp/kwb-cache, outside the carried state (they would not
# fit the carry limit, and a fresh machine recompiles anyway).
set -u
export PYTHONUNBUFFERED=1 QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/xdg
mkdir -p /tmp/xdg && chmod 700 /tmp/xdg
OUT=${OUT:-/tmp/suite_out}; BUDGET=${BUDGET:-560}; JOBS=${JOBS:-2}
CASE_TIMEOUT=${CASE_TIMEOUT:-30}  # kwb baseline's default: the same V0 as a single baseline
here=$(pwd); T0=$SECONDS
S=/tmp/kwb-suite P=/tmp/kwb-problems L=/tmp/kwb-suite-logs
mkdir -p "$OUT" $L $P
export TRITON_CACHE_DIR=/tmp/kwb-cache/triton TORCHINDUCTOR_CACHE_DIR=/tmp/kwb-cache/inductor

[ -x /tmp/kernel-workbench/bin/kwb ] || tar -C /tmp -xJf .gpu/bundle.tar.xz
K=/tmp/kernel-workbench/bin/kwb
cp -a .gpu/problems/. $P/
if [ ! -f $S/suite.json ] && [ -f .gpu/suite_state.tar.gz ]; then
  rm -rf /tmp/kwb-prev && mkdir -p /tmp/kwb-prev && tar -C /tmp/kwb-prev -xzf .gpu/suite_state.tar.gz
  rm -rf $S && mv /tmp/kwb-prev/kwb-suite $S && cp -a /tmp/kwb-prev/logs/. $L/ 2>/dev/null
  echo "resumed from .gpu/suite_state.tar.gz: $(grep -c '"state": "done"' $S/suite.json 2>/dev/null || echo 0) done"
fi
mkdir -p $S

if [ $# -ge 1 ]; then
  FILES=$(grep -v '^\s*#' "$1" | sed '/^\s*$/d; s|^|'$P'/|')
else
  FILES=$(ls $P/level1/*.py $P/level2/*.py $P/level3/*.py 2>/dev/null)
fi
{
  date -u +%FT%TZ; uname -a
  nvidia-smi --query-gpu=index,name,uuid,driver_version,clocks.sm,clocks.mem,memory.total --format=csv
  python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__, torch.cuda.get_device_name())'
  $K --version; nproc
  echo "problems: $(echo $FILES | wc -w); jobs $JOBS; budget ${BUDGET}s; case timeout ${CASE_TIMEOUT}s"
} > $L/env.txt 2>&1
cat $L/env.txt

# kwb gets SIGINT 45 s before the budget ends (it stops the problems in flight and writes suite.json),
# SIGKILL 20 s later if it has not ended; what is left of the budget packs the archive.
# The card the device lent (an H100 in sessions 37-40, not always the H200): its name as nvidia-smi prints it, which
# kwb maps to its spec id (e.g. "NVIDIA H100 80GB HBM3" -> H100-SXM), so utilization and the roofline use that card's
# peaks. KWB_GPU overrides.
GPU=${KWB_GPU:-$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)}
GPU=${GPU:-NVIDIA H200}
echo "gpu for kwb: $GPU" | tee -a $L/env.txt
lim=$((BUDGET - (SECONDS - T0) - 45))
# A budget of 45 s or less left timeout a zero or negative limit (rc 125, "Try 'timeout --help'"), 60 s left 15 s
# for kwb (session 44: list_s42_ab.txt at 45 and 60 s ran nothing): say so instead of starting.
if [ "$lim" -lt 30 ]; then
  echo "budget ${BUDGET}s leaves ${lim}s for kwb suite after the 45 s kept for writing suite.json and packing;" \
       "give at least $((BUDGET - lim + 30))s" | tee -a $L/env.txt >&2
  exit 2
fi
call=$(date -u +%Y%m%dT%H%M%SZ)
timeout -s INT -k 20 $lim $K suite $FILES --gpu "$GPU" --framework "${FRAMEWORK:-triton}" --out $S --jobs $JOBS --compile-ref \
  --case-timeout $CASE_TIMEOUT > $L/kwb_suite_$call.log 2>&1
rc=$?
# A harness orphaned by the SIGKILL (kwb's own tree is killed with it otherwise) must not outlive the call.
for pid in $(pgrep -f test_kernel.py); do
  case "$(readlink /proc/$pid/cwd 2>/dev/null)" in $S/*) kill -9 $pid 2>/dev/null ;; esac
done
echo "kwb suite rc=$rc after $((SECONDS - T0)) s" | tee -a $L/env.txt
grep -E '^\[suite\] .*: (PASS|FAIL|TIMEOUT_FAIL|ERROR|DRY_RUN) \(' $L/kwb_suite_$call.log > $L/finished_$call.txt
tail -1 $L/kwb_suite_$call.log | tee $L/summary.txt
python3 - $S/suite.json >> $L/summary.txt <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
c = d["counts"]
print("counts", json.dumps(c), "fast_1", d.get("fast_1"), "geomean vs eager", d.get("geomean_speedup_vs_eager"),
      "vs compile", d.get("geomean_speedup_vs_compile"))
waits = [p.get("gpu_lock_wait_s") for p in d["problems"] if p.get("gpu_lock_wait_s") is not None]
walls = [p["wall_s"] for p in d["problems"] if p["state"] == "done" and not p.get("resumed")]
print("this call: %d problems done, wall per problem median %.1f s; GPU-lock wait total %.1f s, max %.1f s"
      % (len(walls), sorted(walls)[len(walls) // 2] if walls else 0, sum(waits), max(waits, default=0)))
print("not done:", " ".join(p["name"] for p in d["problems"] if p["state"] != "done"))
peaks = [(p["gpu_peak_bytes"] / p["footprint_bytes"], p["name"]) for p in d["problems"]
         if p.get("gpu_peak_bytes") and p.get("footprint_bytes")]
if peaks:
    print("GPU peak / admission estimate: max %.2f (%s), median %.2f over %d"
          % (max(peaks)[0], max(peaks)[1], sorted(peaks)[len(peaks) // 2][0], len(peaks)))
PY
cat $L/summary.txt

mkdir -p /tmp/kwb-pack && rm -rf /tmp/kwb-pack/* && cp -a $L /tmp/kwb-pack/logs
tar -C /tmp --exclude='.git' --exclude='__pycache__' --exclude='kwb-suite/.kwb-suite/cache' \
  -czf "$OUT/suite_session.tar.gz" kwb-suite -C /tmp/kwb-pack logs
cp $S/suite.json $S/suite_report.md $L/summary.txt "$OUT/" 2>/dev/null
size=$(stat -c %s "$OUT/suite_session.tar.gz")
echo "archive $((size / 1024)) KiB; carry it back as .gpu/suite_state.tar.gz to resume"
[ $size -gt $((30 * 1024 * 1024)) ] && echo "WARNING: the archive is over 30 MiB: with the 25 MiB bundle it nears the 64 MiB carry limit"
echo "total wall $((SECONDS - T0)) s"
