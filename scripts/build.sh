#!/usr/bin/env bash
# Configures and builds weft (compiler, tools, runtime) into build/ with Ninja,
# against Debian's LLVM/Clang/MLIR 19. Usage: scripts/build.sh [build-dir]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
if [[ ! -f $build/build.ninja ]]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DMLIR_DIR=/usr/lib/llvm-19/lib/cmake/mlir \
    -DClang_DIR=/usr/lib/llvm-19/lib/cmake/clang \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-19/build/utils/lit/lit.py
fi
cmake --build "$build"
