#!/usr/bin/env bash
# Session 34 (helper v0fast34): the same list as two cold `kwb suite` runs in one device call, the old start-up
# (A) and the new (B), so one call times both on one machine (docs/results/2026-12-05-v0fast34.md).
#
#   OUT=$OUT BUDGET=560 bash bench/gpu/v0fast34_ab.sh [LIST]        # LIST default bench/gpu/list_v0fast34.txt
#   (or inside bench/gpu/call.sh: 'ab v0fast34 580 bash bench/gpu/v0fast34_ab.sh')
#
# A: KWB_SUITE_COMPILE_POOL=1 (Inductor's worker pool in every harness), KWB_PROBE_WARM=0, KWB_SUITE_PROBE_JOBS=8
# B: the defaults of this branch (TORCHINDUCTOR_COMPILE_THREADS=1 for the harnesses, warmed probe batch, 16 probes)
# Each run has its own suite folder and its own, empty Triton and Inductor caches (a shared cache would hand the
# second run the first one's compiles). Order B then A by default (ORDER=AB swaps): a fresh machine's first run
# also pays the page cache's first reads of torch and the problems, which favours the second. Each run gets
# half of BUDGET; a run cut by its half (SIGINT, then SIGKILL 20 s later) still writes suite.json.
# Carried as for bench/gpu/suite_session.sh: .gpu/bundle.tar.xz and .gpu/problems/level1 (copies of
# ../shared/data/kernelbench/level1).
# Compare (printed at the end, and in $OUT/v0fast34_ab.txt): the suite's wall (kwb start to end), the probe batch's
# line, per-problem wall_s median from suite.json, and bench/harness/suite_phases.py for each run
# (compile_ref_prepare, import_torch, process wall). Verdicts and latencies must not move beyond noise: the kernels
# and the harness are the same; only the start-up differs.
set -u
export PYTHONUNBUFFERED=1 QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/xdg
mkdir -p /tmp/xdg && chmod 700 /tmp/xdg
OUT=${OUT:-/tmp/v0fast34_out}; BUDGET=${BUDGET:-560}; JOBS=${JOBS:-14}; ORDER=${ORDER:-BA}
LIST=${1:-bench/gpu/list_v0fast34.txt}
mkdir -p "$OUT"
[ -x /tmp/kernel-workbench/bin/kwb ] || tar -C /tmp -xJf .gpu/bundle.tar.xz
K=/tmp/kernel-workbench/bin/kwb
P=/tmp/kwb-ab-problems
mkdir -p $P && cp -a .gpu/problems/. $P/
FILES=$(grep -v '^\s*#' "$LIST" | sed '/^\s*$/d; s|^|'$P'/|')
half=$((BUDGET / 2))
REPORT="$OUT/v0fast34_ab.txt"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,uuid --format=csv,noheader; nproc
  python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)'
  echo "problems $(echo $FILES | wc -w), jobs $JOBS, ${half} s a run, order $ORDER"; } > "$REPORT" 2>&1

run() {  # $1 = A or B
  local v=$1 dir=/tmp/kwb-ab-$1 t0=$SECONDS
  rm -rf "$dir" "/tmp/kwb-ab-cache-$v"
  local envs="TRITON_CACHE_DIR=/tmp/kwb-ab-cache-$v/triton TORCHINDUCTOR_CACHE_DIR=/tmp/kwb-ab-cache-$v/inductor"
  [ "$v" = A ] && envs="$envs KWB_SUITE_COMPILE_POOL=1 KWB_PROBE_WARM=0 KWB_SUITE_PROBE_JOBS=8"
  env $envs timeout -s INT -k 20 $((half - 25)) $K suite $FILES --gpu "NVIDIA H200" --framework triton --out "$dir" \
    --jobs "$JOBS" --compile-ref > "$OUT/suite_$v.log" 2>&1
  echo "== $v: rc=$? suite wall $((SECONDS - t0)) s ($envs)" >> "$REPORT"
  grep -E "probed [0-9]+ problem" "$OUT/suite_$v.log" >> "$REPORT"
  python3 - "$dir/suite.json" >> "$REPORT" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ps = [p for p in d["problems"] if p["state"] == "done"]
w = sorted(p["wall_s"] for p in ps)
print("done %d of %d; wall_s median %.1f, sum %.1f; counts %s; harness_env %s" % (
    len(ps), len(d["problems"]), w[len(w) // 2] if w else 0, sum(w), json.dumps(d["counts"]),
    json.dumps(d.get("harness_env"))))
for p in sorted(ps, key=lambda p: p["name"]):
    print("  %-60s %-12s wall %6.1f  kernel %s  compile %s" % (p["name"], p["status"], p["wall_s"],
          p.get("latency_us"), p.get("compile_latency_us")))
PY
  python3 bench/harness/suite_phases.py "$dir" >> "$REPORT" 2>&1
  cp "$dir/suite.json" "$OUT/suite_$v.json" 2>/dev/null
  for pid in $(pgrep -f test_kernel.py); do  # a harness of this run that outlived the SIGKILL (its cwd is under $dir)
    case "$(readlink /proc/$pid/cwd 2>/dev/null)" in $dir/*) kill -9 $pid 2>/dev/null ;; esac
  done
}
for v in $(echo "$ORDER" | grep -o .); do run "$v"; done
cat "$REPORT"
