#!/usr/bin/env bash
# The device tool sends the tracked working tree plus the carried bundle, 64 MiB at most. The tracked screenshots
# (docs/results/*-shots, docs/screenshots: ~20 MiB of PNG in session 34) are not needed on the GPU, and with them the
# tree (41 MiB) and the headless bundle (28 MiB) did not fit. `slim` takes the tracked PNGs out of THIS worktree's
# index (the files stay on disk) and ignores exactly those paths, so they do not travel; `restore` undoes both.
# It takes out tests/fuzz's corpora (1.4 MiB of text but 6264 files, 25 MiB on disk in 4 KiB blocks) and
# docs/results (9 MiB on disk; the GPU reads its problems from .gpu/) too: the device's 64 MiB limit seems to count
# disk blocks (session 43: a 29 MiB tree, 61 MiB on disk, plus the 28 MiB bundle was refused as over 64 MiB).
# Never commit between the two: the index then lacks the PNGs.
#
#   bash bench/gpu/device-tree.sh slim      # before the device calls
#   bash bench/gpu/device-tree.sh restore   # right after them
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
exclude="$(git rev-parse --git-path info/exclude)"
list="$(git rev-parse --git-path kwb-device-slim.txt)"
marker='# kwb device-tree.sh slim (remove with: bash bench/gpu/device-tree.sh restore)'
case "${1:-}" in
  slim)
    [ -f "$list" ] && { echo "already slim ($list exists); restore first" >&2; exit 1; }
    { git ls-files '*.png'; git ls-files 'tests/fuzz/*' 'docs/results/*' | grep -v '\.png$'; } > "$list"
    git rm --cached -q --pathspec-from-file="$list"
    { echo "$marker"; sed 's#^#/#' "$list"; } >> "$exclude"
    echo "slim: $(wc -l < "$list") PNGs out of the index;" \
      "tracked tree now $(git ls-files -z | xargs -0 stat -c %s | awk '{s+=$1} END {printf "%.1f MiB", s/1048576}')"
    ;;
  restore)
    [ -f "$list" ] || { echo "not slim" >&2; exit 0; }
    git reset -q --pathspec-from-file="$list"
    sed -i "/^# kwb device-tree.sh slim/,\$d" "$exclude"
    rm -f "$list"
    echo "restored; git status: $(git status --short | wc -l) changed paths"
    ;;
  *) echo "usage: $0 slim|restore" >&2; exit 2 ;;
esac
