#!/usr/bin/env bash
# GPU session 3 (2026-11-29): the runs issues 3, 4 and 6 still need, spread over every GPU of the
# machine through one job queue, inside one time budget, with everything packed into $OUT.
#
#   BUDGET=540 bash bench/gpu/session3.sh [JOB...]
#
# Jobs (default: all, in this order):
#   harness_tests    issue 4: bench/gpu/session_harness.sh PART=tests (GPU tests of the harness,
#                    allocator control, illegal address end to end)
#   harness_oob      issue 4: session_harness.sh PART=oob (the illegal-address run end to end only)
#   harness_dobench  issue 4: session_harness.sh PART=dobench (harness vs do_bench + CV over 10 runs,
#                    memory-bound 19_ReLU and compute-bound 1_Square_matrix_multiplication_)
#   gemmsweep        issue 6: the generated GEMM kernel at 7 fixed tile configs vs torch.matmul (gemm_config_sweep.py)
#   matmulref        issue 6: torch.matmul's own latency at every GEMM problem's shape, TF32 off and on
#   gemmsweep_smallk issue 6: the same sweep at 7_Matmul_with_small_K's shape with K = 64 tile configs
#   variants:<ws>    issue 6: bench/gpu/pattern_variants.py on the carried workspace .gpu/ws/<ws>
#                    (generated on the CPU machine with `kwb baseline --cpu-dry-run --no-commit`)
#   ncu:<ws>[:lagged] issue 6: bench/gpu/ncu_bytes.py under Nsight Compute (duration, DRAM bytes, L2 read hit
#                    rate per kernel) on .gpu/ws/<ws>; ':lagged' adds GroupNorm's gn_lagged designs
#   dtypes           issue 6: bench/gpu/dtype_check.py (fp16/bf16 at size) on .gpu/ws/{38_L1Norm_,34_InstanceNorm,23_Softmax}
#   <problem>        issue 6: `kwb baseline --framework triton` on a level-1 problem (session_patterns.sh's list);
#                    BASELINE_ARGS adds options (e.g. BASELINE_ARGS=--compile-ref)
# Unless PROBE=0, on the CPU beside them (issue 3): the probe under this machine's torch 2.x over all 117
# problems (bench/probe/probe_many.py) and the FlopCounterMode comparison (flop_counter_compare.py).
# A worker starts no job when fewer than 100 s of BUDGET remain; what was not started is listed in
# $OUT/not_run.txt (pass those names to the next call). Needs .gpu/bundle.tar.xz and
# .gpu/problems/level1 + level2 (copies of ../shared/data/kernelbench) carried.
set -u
export PYTHONUNBUFFERED=1 QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/xdg
mkdir -p /tmp/xdg && chmod 700 /tmp/xdg
OUT=${OUT:-/tmp/s3_out}; BUDGET=${BUDGET:-540}
S=/tmp/s3; mkdir -p $S/logs $S/ws $S/cpu "$OUT"
here=$(pwd); T0=$SECONDS
PL1=$here/.gpu/problems/level1
tar -C /tmp -xJf .gpu/bundle.tar.xz
K=/tmp/kernel-workbench/bin/kwb
PATTERNS=$(grep -v "^#" "$(dirname "$0")/pattern_problems.txt")
GEMMS=$(echo $PATTERNS | tr ' ' '\n' | grep -i -E 'matmul|matrix' | sed "s|^|$PL1/|; s|$|.py|")
JOBS=${*:-harness_dobench harness_tests matmulref $PATTERNS}
printf '%s\n' $JOBS > $S/queue
NGPU=$(nvidia-smi -L | wc -l)
{
  date -u +%FT%TZ; uname -a
  nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,clocks.mem,memory.total --format=csv
  python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__, torch.cuda.get_device_name())'
  $K --version; echo "GPUs: $NGPU; budget ${BUDGET}s; jobs: $JOBS"
} > $S/logs/env.txt 2>&1
cat $S/logs/env.txt

# Issue 3 on the CPU, in the background (no GPU: CUDA hidden).
[ "${PROBE:-1}" = 0 ] || (
  export CUDA_VISIBLE_DEVICES=""
  cd "$here"
  timeout 300 python3 bench/probe/probe_many.py --jobs 8 --out $S/cpu/specs --summary $S/cpu/probe_summary.txt \
    .gpu/problems/level1/*.py .gpu/problems/level2/*.py > $S/cpu/probe_many.log 2>&1
  echo "probe_many rc=$?" >> $S/cpu/rc.txt
  timeout 400 python3 bench/probe/flop_counter_compare.py --specs $S/cpu/specs --markdown $S/cpu/flop_counter.md --json $S/cpu/flop_counter.json \
    .gpu/problems/level1/*.py .gpu/problems/level2/*.py > $S/cpu/flop_counter.log 2>&1
  echo "flop_counter_compare rc=$?" >> $S/cpu/rc.txt
) &
cpu_pid=$!
[ "${PROBE:-1}" = 0 ] && cpu_pid=none

next_job() {  # pops the queue's first line under a lock; fails when empty
  ( flock 9; j=$(head -n1 $S/queue); [ -n "$j" ] || exit 1; sed -i 1d $S/queue; echo "$j" ) 9>$S/queue.lock
}
kill_ws_procs() {  # processes of a run whose working directory lies under $1
  for pid in $(pgrep -f test_kernel.py); do
    case "$(readlink /proc/$pid/cwd 2>/dev/null)" in "$1"*) kill -9 $pid 2>/dev/null ;; esac
  done
}
run_job() {  # $1 GPU index, $2 job
  local g=$1 j=$2 t=$SECONDS rc
  export CUDA_VISIBLE_DEVICES=$g
  case $j in
    harness_tests|harness_dobench|harness_oob)
      OUT=$S/$j PART=${j#harness_} PDIR=$PL1 timeout -k 10 $((BUDGET - (SECONDS - T0) - 20)) bash bench/gpu/session_harness.sh \
        > $S/logs/$j.log 2>&1; rc=$? ;;
    gemmsweep)
      CUDA_VISIBLE_DEVICES="" $K baseline $PL1/1_Square_matrix_multiplication_.py --gpu "NVIDIA H200" --framework triton \
        --cpu-dry-run --no-commit --workspace $S/ws/sweep > $S/logs/gemmsweep_ws.log 2>&1
      timeout -k 5 240 python3 bench/gpu/gemm_config_sweep.py $S/ws/sweep/kernel.py 1_Square 2_Standard "10_3D folded" > $S/logs/gemm_config_sweep.jsonl \
        2> $S/logs/gemm_config_sweep.err; rc=$? ;;
    gemmsweep_smallk)
      CUDA_VISIBLE_DEVICES="" $K baseline $PL1/7_Matmul_with_small_K_dimension_.py --gpu "NVIDIA H200" --framework triton \
        --cpu-dry-run --no-commit --workspace $S/ws/sweepk > $S/logs/gemmsweep_smallk_ws.log 2>&1
      timeout -k 5 200 python3 bench/gpu/gemm_config_sweep.py $S/ws/sweepk/kernel.py 7_small_K > $S/logs/gemm_sweep_smallk.jsonl \
        2> $S/logs/gemm_sweep_smallk.err; rc=$? ;;
    variants:*)
      local w=${j#variants:}
      TRITON_CACHE_DIR=$S/tcache_$w timeout -k 5 200 python3 bench/gpu/pattern_variants.py "$here/.gpu/ws/$w" \
        > $S/logs/variants_$w.jsonl 2> $S/logs/variants_$w.err; rc=$?
      python3 bench/gpu/kernel_resources.py $S/tcache_$w > $S/logs/resources_$w.jsonl 2>&1; rm -rf $S/tcache_$w ;;
    ncu:*)
      local w=${j#ncu:} extra=""; case $w in *:lagged) w=${w%:lagged}; extra=lagged ;; esac
      local NCU; NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
      timeout -k 5 240 $NCU --clock-control none --nvtx --nvtx-include "measure/" --csv \
        --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_op_read_hit_rate.pct \
        python3 bench/gpu/ncu_bytes.py "$here/.gpu/ws/$w" $extra > $S/logs/ncu_$w.csv 2> $S/logs/ncu_$w.err; rc=$? ;;
    dtypes)
      timeout -k 5 200 python3 bench/gpu/dtype_check.py $here/.gpu/ws/38_L1Norm_ $here/.gpu/ws/34_InstanceNorm $here/.gpu/ws/23_Softmax \
        > $S/logs/dtype_check.jsonl 2> $S/logs/dtype_check.err; rc=$? ;;
    matmulref)
      timeout -k 5 200 python3 bench/gpu/matmul_reference.py $GEMMS > $S/logs/matmul_reference.jsonl 2> $S/logs/matmul_reference.err; rc=$? ;;
    *)
      local lim=$((BUDGET - (SECONDS - T0) - 15)); [ $lim -gt 240 ] && lim=240
      timeout -k 10 $lim $K baseline $PL1/$j.py --gpu "NVIDIA H200" --framework triton --workspace $S/ws/$j --force \
        ${BASELINE_ARGS:-} > $S/logs/$j.log 2>&1; rc=$?
      kill_ws_procs $S/ws/$j ;;
  esac
  echo "$j gpu=$g rc=$rc wall_s=$((SECONDS - t)) at=$((SECONDS - T0))" | tee -a $S/logs/summary.txt
}
worker() {
  local g=$1 j
  while [ $((BUDGET - (SECONDS - T0))) -gt 100 ] && j=$(next_job); do run_job $g "$j"; done
}
for g in $(seq 0 $((NGPU - 1))); do worker $g & done
wait $(jobs -p | grep -v "^$cpu_pid$")
cp $S/queue "$OUT/not_run.txt"
echo "not run: $(tr '\n' ' ' < $S/queue)"
wait $cpu_pid 2>/dev/null
cat $S/cpu/rc.txt 2>/dev/null
python3 bench/probe/golden_compare.py $S/cpu/specs --markdown $S/cpu/golden_compare.md > /dev/null 2>&1
echo "golden_compare rc=$?"; head -1 $S/cpu/golden_compare.md 2>/dev/null; tail -3 $S/cpu/flop_counter.log 2>/dev/null
done_problems=$(for p in $PATTERNS $JOBS; do case $p in harness_*|matmulref|gemmsweep*|variants:*) continue ;; esac; [ -f $S/logs/$p.log ] && echo $p; done)
python3 bench/gpu/patterns_table.py $S $(echo $done_problems | tr " " "\n" | sort -u) > $S/patterns_table.md 2>&1
cat $S/patterns_table.md
cat $S/harness_*/summary.txt 2>/dev/null
cp $S/patterns_table.md $S/logs/summary.txt "$OUT/" 2>/dev/null
tar -C /tmp -czf "$OUT/session3.tar.gz" s3 sh 2>/dev/null
ls -la "$OUT"; echo "total wall $((SECONDS - T0)) s"
