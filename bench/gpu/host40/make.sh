#!/bin/bash
# host40's GPU A/B folder: OUT/{ab.py, kwb_graphlib.py, problems/, new/} from this tree's kwb and templates.
#   bash bench/gpu/host40/make.sh [OUT] [KWB]      then, from OUT's parent:  python3 $(basename OUT)/ab.py --budget 70
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
OUT=${1:-$ROOT/.gpu/host40}
KWB=${2:-$ROOT/build/dev/app/kwb}
T=$ROOT/resources/templates/kernels
mkdir -p "$OUT/problems" "$OUT/new"
cp "$ROOT/bench/gpu/host40/ab.py" "$OUT/"
{ printf 'import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n'
  for f in triton_stages.py chain_host.py triton_epilogue.py triton_indexed.py triton_graph.py; do cat "$T/$f"; echo; done
} > "$OUT/kwb_graphlib.py"
D=$ROOT/tests/data
for p in trial27/03_gqa_rope trial27/07_vit_mlp_block trial27/05_segment_sum trial26/03_causal_attn_padmask \
         chains/masked_scatter_image_tokens_merge chains/b02_IndexAdd_Alpha_MaskedScatter_Combine \
         chains/cumsum_bool_rank_dim1_scale chains/lengths_mask_masked_fill_softmax \
         chains/op38_causal_attn_lengths_padmask; do
  n=$(basename "$p")
  src=$(find "$D" "$ROOT/docs/results" -name "$n.py" | head -1)
  cp "$src" "$OUT/problems/$n.py"
  "$KWB" analyze "$OUT/problems/$n.py" --kernel-out "$OUT/new/$n.py" --framework triton >/dev/null 2>&1 \
    && echo "$n written" || echo "$n FAILED"
done
