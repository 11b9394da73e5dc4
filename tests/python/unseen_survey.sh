#!/usr/bin/env bash
# usage (repository root): bash tests/python/unseen_survey.sh KWB OUTDIR [GLOB]
#   GLOB: e.g. 'u4[1-9]*' (tests/data/unseen), default all; a GLOB with a '/' is a path glob of problem files
#   (e.g. '/work/shared/data/kernelbench/level2/9[0-9]_*').
# kwb analyze + chain_emulate.py (CPU emulation of Triton) on every problem, two at a time; per problem in OUTDIR:
#   NAME.json (the spec with its plan), NAME.kernel.py,
#   NAME.cases.emu  the kernel on the harness's own boundary_tail and boundary_size1 inputs (chain_emulate.py
#                   --spec NAME.json --case boundary_tail,boundary_size1: resized by value, like the harness),
#   NAME.emu        with SHRINK=1 also at sizes shrunk by global name (chain_emulate.py's default; rounds 1-2).
# Slow: about a minute per problem on 2 free cores.
K=$1; O=$2; G=${3:-*}; mkdir -p $O
one() {
  f=$1; n=$(basename $f .py)
  timeout 300 $K analyze $f --json --kernel-out $O/$n.kernel.py > $O/$n.json 2> $O/$n.analyze.err
  if [ -s $O/$n.kernel.py ]; then
    [ "$SHRINK" = 1 ] && timeout 600 /usr/bin/python3 tests/python/chain_emulate.py $O/$n.kernel.py $f > $O/$n.emu 2>&1
    timeout 900 /usr/bin/python3 tests/python/chain_emulate.py $O/$n.kernel.py $f --spec $O/$n.json \
      --case boundary_tail,boundary_size1 > $O/$n.cases.emu 2>&1
  else echo "NO KERNEL" > $O/$n.cases.emu; fi
}
export -f one; export K O SHRINK
case "$G" in */*) ls $G ;; *) ls tests/data/unseen/$G.py ;; esac | xargs -P 2 -I{} bash -c 'one {}'
