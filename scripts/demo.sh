#!/usr/bin/env bash
# The README's first command. On a fresh Debian 12 machine (as root) it
# installs what weft needs, builds weft, then shows it on examples/denoise.c
# with examples/run.sh: translates the sequential program, builds it
# sequentially, from the translation, and with the clang plugin, checks that
# all three print the same result, and prints the speedup measured in this
# run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${WEFT_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh" core
"$root/scripts/build.sh" "$build"

echo
exec "$root/examples/run.sh" "$root/examples/denoise.c"
