#!/usr/bin/env bash
# GPU session 2 (issue 4's measurements on the memory-bound problem, and a block sweep for issue 2's
# speed target): one full V0 run's wall time, harness vs triton.testing.do_bench, the CV over 10
# repeated harness runs, a hung kernel ending as TIMEOUT_FAIL with the other cases still run.
set -u
export PYTHONUNBUFFERED=1 QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/xdg
mkdir -p /tmp/xdg && chmod 700 /tmp/xdg
L=/tmp/s2/logs; mkdir -p $L /tmp/s2/ws
tar -C /tmp -xJf .gpu/bundle.tar.xz
K=/tmp/kernel-workbench/bin/kwb
here=$(pwd)
SECONDS=0
$K baseline .gpu/problems/19_ReLU.py --gpu H200 --framework triton --workspace /tmp/s2/ws/relu > $L/v0_relu.log 2>&1
echo "full V0 run (kwb baseline 19_ReLU, triton): rc=$? wall_s=$SECONDS" | tee $OUT/summary.txt
python3 bench/gpu/dobench_compare.py /tmp/s2/ws/relu > $L/dobench.json 2>$L/dobench.err; cat $L/dobench.json | tee -a $OUT/summary.txt
cd /tmp/s2/ws/relu
for i in 1 2 3 4 5 6 7 8 9 10; do
  KWB_NO_COPY_CEILING=1 python3 test_kernel.py --version v0 --no-memory --cases problem_shape 2>/dev/null \
    | grep RESULT_JSON | sed 's/.*RESULT_JSON=//' >> $L/cv_runs.jsonl
done
python3 - $L/cv_runs.jsonl <<'PY' | tee -a $OUT/summary.txt
import json, statistics, sys
lat = [json.loads(l)["latency_us"] for l in open(sys.argv[1])]
ref = [json.loads(l)["ref_latency_us"] for l in open(sys.argv[1])]
for name, v in (("kernel", lat), ("eager", ref)):
    m = statistics.mean(v)
    print("%s: n=%d median=%.1f us min=%.1f max=%.1f cv=%.3f%%" % (name, len(v), statistics.median(v), min(v), max(v), 100 * statistics.pstdev(v) / m))
PY
cd "$here"
cp bench/gpu/hang_kernel.py /tmp/s2/ws/relu/kernel.py
SECONDS=0
$K baseline .gpu/problems/19_ReLU.py --gpu H200 --framework triton --workspace /tmp/s2/ws/relu --force --no-commit --case-timeout 5 > $L/hang.log 2>&1
echo "hang run: rc=$? wall_s=$SECONDS" | tee -a $OUT/summary.txt
grep -E "kept your|TIMEOUT|resum|skip|quality gate" $L/hang.log | grep -v RESULT_JSON | cut -c1-300 | tee -a $OUT/summary.txt
sleep 1
echo "processes left: $(pgrep -fc test_kernel.py)" | tee -a $OUT/summary.txt
nvidia-smi --query-compute-apps=pid,name --format=csv,noheader > $L/gpu_apps.txt; echo "GPU apps after: $(wc -l < $L/gpu_apps.txt)" | tee -a $OUT/summary.txt
nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader | tee -a $OUT/summary.txt
timeout 120 python3 bench/gpu/relu_block_sweep.py > $L/sweep.txt 2>&1; tail -9 $L/sweep.txt | tee -a $OUT/summary.txt
tar -C /tmp/s2 -czf $OUT/session2.tar.gz logs ws
