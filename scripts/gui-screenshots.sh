#!/usr/bin/env bash
# Screenshots of the GUI as a reviewer sees it, under Xvfb, in en and zh_CN, light and dark; and the
# exported review (HTML in a headless browser, PDF through pdftoppm). Needs a built build/dev (kwb,
# kwb_gui_screenshots), xvfb-run, /usr/bin/python3 with torch; pdftoppm and chromium where installed.
#   bash scripts/gui-screenshots.sh OUT_DIR
# No GPU is needed: every run is a CPU dry run (labelled as such everywhere).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
out="$(realpath -m "${1:?usage: gui-screenshots.sh OUT_DIR}")"
bin="$here/build/dev"
problem="$here/examples/19_ReLU.py"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
export XDG_CONFIG_HOME="$work/config"  # fresh settings: default layout, no recent files
# zh_CN shots without a CJK font show every Chinese glyph as a box (new-user trial 9): say so up front
if command -v fc-list >/dev/null && [ -z "$(fc-list :lang=zh 2>/dev/null | head -1)" ]; then
  echo "gui-screenshots.sh: no CJK font installed (fc-list :lang=zh is empty): zh_CN text will be boxes;" \
    "install fonts-wqy-microhei (scripts/deps-debian.sh does)" >&2
fi

# A finished workspace with two versions: the baseline, then kernel.py edited and measured again.
review="$work/kernel_opt_19_ReLU"
"$bin/app/kwb" baseline "$problem" --gpu H200 --framework triton --cpu-dry-run --workspace "$review" >"$work/baseline.log"
printf '\n# v1: the same kernel, measured again\n' >>"$review/kernel.py"
"$bin/app/kwb" measure "$review" --cpu-dry-run >"$work/measure.log"
"$bin/app/kwb" versions "$review" >"$out/versions.txt"

# A suite to show as a table: two level-1 problems where the shared data has them, else the example alone.
suite="$work/suite"
kb="${KWB_SHARED_DIR:-$here/../shared}/data/kernelbench/level1"
suite_problems=("$problem")
[ -f "$kb/23_Softmax.py" ] && suite_problems+=("$kb/23_Softmax.py")
"$bin/app/kwb" suite "${suite_problems[@]}" --gpu H200 --framework triton --cpu-dry-run --out "$suite" >"$work/suite.log"

# A FAIL and a TIMEOUT_FAIL run need kernel.py itself to run, which a CPU dry run never does: the driver runs
# them in the harness's test-only CPU mode (KWB_HARNESS_DEVICE=cpu) with the Triton emulation, on a small copy
# of the problem (the example's 4096x393216 input is 6 GB on the CPU), its generated kernel.py edited to
# return wrong values / to sleep past a 3 s per-case timeout.
small="$work/19_ReLU.py"
sed -e 's/^batch_size = .*/batch_size = 16/' -e 's/^dim = .*/dim = 4096/' "$problem" >"$small"

shot() {  # shot LANG THEME WxH
  local dir="$out/$1-$2-$3"
  local dark=()
  [ "$2" = dark ] && dark=(--dark)
  LANG="$1.UTF-8" LC_ALL="$1.UTF-8" xvfb-run -a -s "-screen 0 ${3}x24" \
    "$bin/tests/kwb_gui_screenshots" --out "$dir" --lang "$1" "${dark[@]}" --size "$3" \
    --problem "$problem" --workspace "$work/run-$1-$2-$3" --review "$review" --suite "$suite"
}
badshot() {  # badshot LANG THEME WxH
  local dir="$out/$1-$2-$3"
  local dark=()
  [ "$2" = dark ] && dark=(--dark)
  KWB_HARNESS_DEVICE=cpu PYTHONPATH="$here/tests/data/codegen/fake_triton${PYTHONPATH:+:$PYTHONPATH}" \
    LANG="$1.UTF-8" LC_ALL="$1.UTF-8" xvfb-run -a -s "-screen 0 ${3}x24" \
    "$bin/tests/kwb_gui_screenshots" --out "$dir" --lang "$1" "${dark[@]}" --size "$3" \
    --bad-problem "$small" --bad-workspace "$work/bad-$1-$2-$3"
}
if [ -n "${ONLY:-}" ]; then  # ONLY="bad", "suite-zh", "shots" (SHOTS="en:light:1280x800 ..."): a part of the walk
  case "$ONLY" in
    shots) for s in ${SHOTS:?SHOTS="LANG:THEME:WxH ..."}; do IFS=: read -r l t z <<<"$s"; shot "$l" "$t" "$z"; done ;;
    bad) badshot en light 1280x800; badshot zh_CN dark 1280x800 ;;
    suite-zh) LANG=zh_CN.UTF-8 LC_ALL=zh_CN.UTF-8 xvfb-run -a -s "-screen 0 1280x800x24" \
      "$bin/tests/kwb_gui_screenshots" --out "$out/zh_CN-light-1280x800" --lang zh_CN --size 1280x800 \
      --review "$review" --suite "$suite" ;;
  esac
  exit 0
fi
badshot en light 1280x800
badshot zh_CN dark 1280x800
shot en light 1280x800
shot en dark 1280x800
shot zh_CN light 1280x800
shot zh_CN dark 1280x800
shot en light 1920x1080
shot en dark 1920x1080
shot zh_CN light 1920x1080
shot zh_CN dark 1920x1080

# The exported review, as a reviewer without the workbench opens it.
"$bin/app/kwb" export "$review" --format html --output "$out/review.html"
"$bin/app/kwb" export "$review" --format pdf --output "$out/review.pdf"
if command -v pdftoppm >/dev/null; then pdftoppm -png -r 60 "$out/review.pdf" "$out/export-pdf"; fi
if command -v chromium >/dev/null; then
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,5200 \
    --screenshot="$out/export-html.png" "file://$out/review.html" 2>/dev/null || true
fi
