#!/usr/bin/env bash
# Makes a relocatable bundle (tar.xz) of kwb and kernel-workbench that runs on a Linux x86_64 machine
# without Qt: the binaries, every non-glibc shared library they load (from ldd), Qt's platform,
# imageformats and iconengines plugins, DejaVu fonts with a private fonts.conf, and wrapper scripts
# that set LD_LIBRARY_PATH, QT_PLUGIN_PATH and FONTCONFIG_FILE.
#
# Usage: packaging/make-bundle.sh BUILD_DIR OUT.tar.xz [SHARED_DIR]
#   SHARED_DIR (optional): the workplace's shared/ folder; its CuTe DSL API table is bundled for
#   `kwb check` and the CuTe DSL static conformance check.
#   KWB_BUNDLE_HEADLESS=1: kwb alone (no GUI, Qt GUI plugins or fonts), for a GPU host that runs suites: the
#   device call carries the bundle beside the working tree under a 64 MiB limit, and the GUI half is ~14 MB of it.
set -euo pipefail
build="$(cd "$1" && pwd)"
out="$(realpath -m "$2")"
shared="${3:-}"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
root="$stage/kernel-workbench"
mkdir -p "$root/libexec" "$root/lib" "$root/plugins" "$root/fonts" "$root/bin" "$root/share/kernel-workbench"

exes="kwb kernel-workbench"
[ "${KWB_BUNDLE_HEADLESS:-0}" = 1 ] && exes=kwb
for exe in $exes; do
  install -m 755 "$build/app/$exe" "$root/libexec/$exe"
  # Debug builds carry ~100 MB of symbols; the bundle is for running, not debugging.
  command -v strip >/dev/null && strip --strip-unneeded "$root/libexec/$exe"
done

qtplugins="$(qtpaths6 --query QT_INSTALL_PLUGINS 2>/dev/null || echo /usr/lib/x86_64-linux-gnu/qt6/plugins)"
if [ "${KWB_BUNDLE_HEADLESS:-0}" != 1 ]; then
  for dir in platforms imageformats iconengines; do
    [ -d "$qtplugins/$dir" ] && cp -a "$qtplugins/$dir" "$root/plugins/"
  done
  # xcb needs its own integrations; keep only what exists.
  [ -d "$qtplugins/xcbglintegrations" ] && cp -a "$qtplugins/xcbglintegrations" "$root/plugins/"
else
  # kwb draws its report charts on the offscreen platform (app/kwb/main.cpp); PNG is built into Qt.
  mkdir -p "$root/plugins/platforms"
  cp "$qtplugins/platforms/libqoffscreen.so" "$root/plugins/platforms/"
fi

# Knowledge-tool plugins: the registry looks in <libexec>/../plugins (QPluginLoader; core/knowledge/registry.h).
cp "$build"/plugins/*.so "$root/plugins/" 2>/dev/null || echo "warning: no knowledge-tool plugins in $build/plugins" >&2
command -v strip >/dev/null && for p in "$root"/plugins/*.so; do [ -e "$p" ] && strip --strip-unneeded "$p"; done

# Libraries: everything ldd resolves for the binaries and plugins, except glibc's own, which the
# target machine provides (the dynamic loader must match the host's). The GL dispatch libraries
# (libglvnd: libEGL, libOpenGL, libGLX) are bundled: Qt links them and a GPU host may lack them.
skip='^(linux-vdso|ld-linux|libc\.so|libm\.so|libdl\.so|libpthread\.so|librt\.so|libresolv\.so|libutil\.so)'
collect() {
  ldd "$1" 2>/dev/null | awk '/=> \//{print $3}' | while read -r lib; do
    base="$(basename "$lib")"
    [[ "$base" =~ $skip ]] && continue
    [ -e "$root/lib/$base" ] || cp -L "$lib" "$root/lib/$base"
  done
}
for f in "$root"/libexec/* $(find "$root/plugins" -name '*.so'); do collect "$f"; done

# Fonts: DejaVu with a private fontconfig so text renders the same everywhere.
# Headless: the report charts' faces only (regular, bold, mono), ~2 MB of the ~10: the device carry limit.
if [ "${KWB_BUNDLE_HEADLESS:-0}" = 1 ]; then
  for f in DejaVuSans.ttf DejaVuSans-Bold.ttf DejaVuSansMono.ttf; do
    cp /usr/share/fonts/truetype/dejavu/$f "$root/fonts/" 2>/dev/null || true
  done
else
  cp /usr/share/fonts/truetype/dejavu/*.ttf "$root/fonts/" 2>/dev/null || true
fi
cat > "$root/fonts/fonts.conf" <<'XML'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir prefix="relative">.</dir>
  <cachedir>/tmp/kernel-workbench-fontcache</cachedir>
</fontconfig>
XML

# The welcome page's "Open example" looks in <libexec>/../share/kernel-workbench/examples.
src="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$root/share/kernel-workbench/examples"
cp "$src/examples/19_ReLU.py" "$src/examples/LICENSE.KernelBench" "$root/share/kernel-workbench/examples/"

if [ -n "$shared" ] && [ -d "$shared/data/gpu-wiki" ]; then
  mkdir -p "$root/share/kernel-workbench"
  cp -r "$shared/data/gpu-wiki" "$root/share/kernel-workbench/gpu-wiki"
fi
if [ -n "$shared" ] && [ -f "$shared/data/cutedsl/cute_api.json" ]; then
  mkdir -p "$root/share/kernel-workbench/cutedsl"
  cp "$shared"/data/cutedsl/*.json "$root/share/kernel-workbench/cutedsl/"
fi
if [ -n "$shared" ] && [ -f "$shared/data/flydsl/flydsl_api.json" ]; then
  mkdir -p "$root/share/kernel-workbench/flydsl"
  cp "$shared"/data/flydsl/*.json "$root/share/kernel-workbench/flydsl/"
fi

for exe in $exes; do
  cat > "$root/bin/$exe" <<SH
#!/usr/bin/env bash
here="\$(cd "\$(dirname "\$(readlink -f "\$0")")/.." && pwd)"
export LD_LIBRARY_PATH="\$here/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
export QT_PLUGIN_PATH="\$here/plugins"
export FONTCONFIG_FILE="\$here/fonts/fonts.conf"
export KWB_CUTE_API="\${KWB_CUTE_API:-\$here/share/kernel-workbench/cutedsl/cute_api.json}"
export KWB_GPU_WIKI="\${KWB_GPU_WIKI:-\$here/share/kernel-workbench/gpu-wiki}"
export KWB_FLYDSL_API="\${KWB_FLYDSL_API:-\$here/share/kernel-workbench/flydsl/flydsl_api.json}"
exec "\$here/libexec/$exe" "\$@"
SH
  chmod 755 "$root/bin/$exe"
done
# The binaries find the bundled libraries first even when started directly.
if command -v patchelf >/dev/null; then
  for exe in "$root"/libexec/*; do patchelf --set-rpath '$ORIGIN/../lib' "$exe"; done
fi

mkdir -p "$(dirname "$out")"
XZ_OPT="${XZ_OPT:--6}" tar -C "$stage" -cJf "$out" kernel-workbench
echo "bundle: $out ($(du -h "$out" | cut -f1))"
