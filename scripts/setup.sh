#!/usr/bin/env bash
# Set-up for building Tsumego Studio. Idempotent: every step checks first and only acts when
# something is missing.
#
#   bash scripts/setup.sh       install what is missing and print the build environment
#   source scripts/setup.sh     the same, and export that environment into the current shell
#
# What it installs when missing:
#   * the Debian packages in APT_PACKAGES (apt-get, through sudo when not root);
#   * Node.js and npm (Debian's `nodejs` and `npm`, when no `node`/`npm` is on the PATH) and the
#     npm packages of tests/gtp-sabaki (Sabaki's GTP library, `npm ci` from its lock file);
#   * PyTorch $TSUMEGO_TORCH_VERSION from PyPI into a virtualenv under the cache folder
#     ${TSUMEGO_CACHE:-$HOME/.cache/tsumego-studio}/torch-<version> (about 4.7 GB, CUDA libraries
#     included). Its bundled libtorch is what the `tch` crate links against (in the net module, nn/module).
#   * Ray $TSUMEGO_RAY_VERSION from PyPI into the virtualenv $TSUMEGO_CACHE/ray-venv (the
#     driver of `manage --ray`).
#
# What it exports: LIBTORCH (the torch package folder, read by torch-sys and by our build.rs,
# which bakes a run-path to $LIBTORCH/lib into every binary, so nothing needs LD_LIBRARY_PATH)
# and LIBTORCH_CXX11_ABI.

# Debian packages the build (and later the GUI tests) need. Extend this list as needed.
APT_PACKAGES="g++ pkg-config python3-venv libgtk-3-dev libxkbcommon-dev mesa-vulkan-drivers xvfb xdotool imagemagick gnugo"

# The libtorch release that tch 0.26 is written against.
TSUMEGO_TORCH_VERSION=2.13.0
TSUMEGO_CACHE="${TSUMEGO_CACHE:-$HOME/.cache/tsumego-studio}"
TSUMEGO_TORCH_VENV="$TSUMEGO_CACHE/torch-$TSUMEGO_TORCH_VERSION"
# The Ray of `manage --ray` (scripts/ray_driver.py).
TSUMEGO_RAY_VERSION=2.60.0
TSUMEGO_RAY_VENV="$TSUMEGO_CACHE/ray-venv"

_tsumego_say() { printf '==> %s\n' "$*"; }
_tsumego_fail() {
    printf 'setup.sh: error: %s\n' "$*" >&2
    return 1
}

# Installs the Debian packages of APT_PACKAGES that are not installed yet.
tsumego_install_apt_packages() {
    if ! command -v dpkg-query >/dev/null 2>&1; then
        _tsumego_say "no dpkg here (not Debian?): make sure these are installed: $APT_PACKAGES"
        return 0
    fi
    local pkg status missing=()
    for pkg in $APT_PACKAGES; do
        status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)" || status=""
        [ "$status" = "install ok installed" ] || missing+=("$pkg")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        _tsumego_say "Debian packages already installed: $APT_PACKAGES"
        return 0
    fi
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 ||
            { _tsumego_fail "not root and no sudo: install ${missing[*]} by hand"; return 1; }
        sudo=(sudo)
    fi
    _tsumego_say "installing Debian packages: ${missing[*]}"
    "${sudo[@]}" apt-get update -qq &&
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -qq --no-install-recommends "${missing[@]}" ||
        { _tsumego_fail "apt-get install ${missing[*]} failed"; return 1; }
}

# Prints "<version> <torch folder> <cxx11 abi 0|1>" if the venv's torch imports, else fails.
_tsumego_torch_info() {
    [ -x "$TSUMEGO_TORCH_VENV/bin/python" ] || return 1
    "$TSUMEGO_TORCH_VENV/bin/python" -c '
import os, torch
print(torch.__version__.split("+")[0], os.path.dirname(torch.__file__),
      int(torch._C._GLIBCXX_USE_CXX11_ABI))' 2>/dev/null
}

# Creates the venv and installs torch into it unless torch==TSUMEGO_TORCH_VERSION already imports.
# Leaves the torch info line in _TSUMEGO_TORCH_INFO for tsumego_export_build_env.
tsumego_install_torch() {
    local info
    info="$(_tsumego_torch_info)"
    _TSUMEGO_TORCH_INFO="$info"
    if [ "${info%% *}" = "$TSUMEGO_TORCH_VERSION" ]; then
        _tsumego_say "torch $TSUMEGO_TORCH_VERSION already installed in $TSUMEGO_TORCH_VENV"
        return 0
    fi
    if ! "$TSUMEGO_TORCH_VENV/bin/python" -c '' >/dev/null 2>&1; then
        command -v python3 >/dev/null 2>&1 || { _tsumego_fail "python3 not found"; return 1; }
        _tsumego_say "creating Python venv $TSUMEGO_TORCH_VENV"
        mkdir -p "$TSUMEGO_CACHE" && python3 -m venv --clear "$TSUMEGO_TORCH_VENV" ||
            { _tsumego_fail "python3 -m venv failed"; return 1; }
    fi
    _tsumego_say "installing torch==$TSUMEGO_TORCH_VERSION from PyPI (about 4.7 GB, takes a while)"
    "$TSUMEGO_TORCH_VENV/bin/python" -m pip install --no-cache-dir --progress-bar off \
        "torch==$TSUMEGO_TORCH_VERSION" ||
        { _tsumego_fail "pip install torch==$TSUMEGO_TORCH_VERSION failed"; return 1; }
    info="$(_tsumego_torch_info)"
    _TSUMEGO_TORCH_INFO="$info"
    [ "${info%% *}" = "$TSUMEGO_TORCH_VERSION" ] ||
        { _tsumego_fail "torch still does not import from $TSUMEGO_TORCH_VENV"; return 1; }
}

# Exports the variables torch-sys and build.rs read.
tsumego_export_build_env() {
    local version dir abi
    read -r version dir abi <<<"${_TSUMEGO_TORCH_INFO:-}"
    [ "$version" = "$TSUMEGO_TORCH_VERSION" ] && [ -d "$dir/lib" ] ||
        { _tsumego_fail "torch $TSUMEGO_TORCH_VERSION does not import"; return 1; }
    local var
    # These would take precedence over LIBTORCH in torch-sys; the venv is the one libtorch we use.
    for var in LIBTORCH_USE_PYTORCH LIBTORCH_LIB LIBTORCH_INCLUDE LIBTORCH_STATIC; do
        if [ -n "${!var+x}" ]; then
            _tsumego_say "unsetting $var (it would override LIBTORCH)"
            unset "$var"
        fi
    done
    export LIBTORCH="$dir"
    export LIBTORCH_CXX11_ABI="$abi"
    _tsumego_say "export LIBTORCH=$LIBTORCH"
    _tsumego_say "export LIBTORCH_CXX11_ABI=$LIBTORCH_CXX11_ABI"
    command -v cargo >/dev/null 2>&1 ||
        { _tsumego_fail "cargo not found: install the Rust toolchain (rustup)"; return 1; }
}

# Node.js (any recent one: a NodeSource build brings its own npm, so Debian's `npm` package is
# only asked for when no `npm` command exists) and the test controller's npm packages.
tsumego_install_node() {
    local missing=()
    command -v node >/dev/null 2>&1 || missing+=(nodejs)
    command -v npm >/dev/null 2>&1 || missing+=(npm)
    if [ ${#missing[@]} -gt 0 ]; then
        APT_PACKAGES="${missing[*]}" tsumego_install_apt_packages || return 1
    fi
    local dir
    dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/tests/gtp-sabaki"
    if [ -f "$dir/node_modules/@sabaki/gtp/package.json" ] &&
        [ "$dir/node_modules/.package-lock.json" -nt "$dir/package-lock.json" ]; then
        _tsumego_say "npm packages of tests/gtp-sabaki already installed"
        return 0
    fi
    _tsumego_say "installing the npm packages of tests/gtp-sabaki (npm ci)"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) ||
        { _tsumego_fail "npm ci in $dir failed"; return 1; }
}

# Ray from PyPI in a virtualenv of its own ($TSUMEGO_RAY_VENV, about 300 MB): the Python of
# `manage --ray`'s driver (scripts/ray_driver.py), which finds it there by itself.
tsumego_install_ray() {
    if "$TSUMEGO_RAY_VENV/bin/python" -c "import ray, sys; sys.exit(ray.__version__ != '$TSUMEGO_RAY_VERSION')" \
        >/dev/null 2>&1; then
        _tsumego_say "ray $TSUMEGO_RAY_VERSION already installed in $TSUMEGO_RAY_VENV"
        return 0
    fi
    if ! "$TSUMEGO_RAY_VENV/bin/python" -c '' >/dev/null 2>&1; then
        _tsumego_say "creating Python venv $TSUMEGO_RAY_VENV"
        mkdir -p "$TSUMEGO_CACHE" && python3 -m venv --clear "$TSUMEGO_RAY_VENV" ||
            { _tsumego_fail "python3 -m venv failed"; return 1; }
    fi
    _tsumego_say "installing ray==$TSUMEGO_RAY_VERSION from PyPI"
    "$TSUMEGO_RAY_VENV/bin/python" -m pip install --no-cache-dir --progress-bar off -q \
        "ray==$TSUMEGO_RAY_VERSION" ||
        { _tsumego_fail "pip install ray==$TSUMEGO_RAY_VERSION failed"; return 1; }
}

tsumego_setup() {
    _tsumego_say "set-up (cache: $TSUMEGO_CACHE)"
    tsumego_install_apt_packages && tsumego_install_node && tsumego_install_torch &&
        tsumego_install_ray && tsumego_export_build_env
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    tsumego_setup || exit 1
    _tsumego_say "done; 'source scripts/setup.sh' exports these variables into your shell"
else
    tsumego_setup || return 1
fi
