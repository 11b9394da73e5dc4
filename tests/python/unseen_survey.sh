#!/usr/bin/env bash
# usage (repository root): bash tests/python/unseen_survey.sh KWB OUTDIR [GLOB]   (GLOB: e.g. 'u4[1-9]*', default all)
# kwb analyze + chain_emulate.py (CPU emulation of Triton) on every tests/data/unseen problem, two at a time;
# per problem OUTDIR/NAME.json (the spec with its plan), NAME.kernel.py, NAME.emu (the OK/FAIL line). Slow: minutes.
K=$1; O=$2; G=${3:-*}; mkdir -p $O
one() {
  f=$1; n=$(basename $f .py)
  timeout 300 $K analyze $f --json --kernel-out $O/$n.kernel.py > $O/$n.json 2> $O/$n.analyze.err
  if [ -s $O/$n.kernel.py ]; then
    timeout 600 /usr/bin/python3 tests/python/chain_emulate.py $O/$n.kernel.py $f > $O/$n.emu 2>&1
  else echo "NO KERNEL" > $O/$n.emu; fi
}
export -f one; export K O
ls tests/data/unseen/$G.py | xargs -P 2 -I{} bash -c 'one {}'
