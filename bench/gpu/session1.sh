#!/usr/bin/env bash
# GPU session 1 (issue 2's real run): the relocatable bundle on the H200, `kwb baseline` with
# --framework triton on seven KernelBench level-1 elementwise problems, then one with the seed's
# policy (CuTe DSL) where the CuTe DSL is not installed. Everything lands in $OUT/session1.tar.gz.
# Run from the repository root on the GPU machine, with .gpu/ carried (bundle.tar.xz, problems/).
set -u
export PYTHONUNBUFFERED=1 QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/xdg
mkdir -p /tmp/xdg /tmp/s1/logs /tmp/s1/ws
log=/tmp/s1/logs
tar -C /tmp -xJf .gpu/bundle.tar.xz
K=/tmp/kernel-workbench/bin/kwb
{
  date -u +%FT%TZ; uname -a; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,memory.total --format=csv
  python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__, torch.cuda.get_device_name())'
  python3 -c 'import cutlass' 2>&1 | tail -1
  $K --version
} > $log/env.txt 2>&1
cat $log/env.txt
for p in 19_ReLU 20_LeakyReLU 22_Tanh 28_HardSigmoid 25_Swish 26_GELU_ 5_Matrix_scalar_multiplication; do
  SECONDS=0
  $K baseline .gpu/problems/$p.py --gpu "NVIDIA H200" --framework triton --workspace /tmp/s1/ws/$p > $log/$p.log 2>&1
  rc=$?

  echo "$p rc=$rc wall_s=$SECONDS" | tee -a $log/summary.txt
  grep -E "quality gate|µs|committed|error" $log/$p.log | sed 's/^/    /'
done
# The seed's policy on the H200 is the CuTe DSL, which is not installed there.
$K baseline .gpu/problems/19_ReLU.py --gpu "NVIDIA H200" --workspace /tmp/s1/ws/19_ReLU_cutedsl > $log/19_ReLU_cutedsl.log 2>&1
echo "19_ReLU_cutedsl rc=$?" | tee -a $log/summary.txt
grep -E "quality gate|error|cutlass|static" $log/19_ReLU_cutedsl.log | head -8
# Workspaces without their .git objects' bulk are small; keep everything.
tar -C /tmp/s1 -czf $OUT/session1.tar.gz logs ws
ls -la $OUT
