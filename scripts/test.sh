#!/usr/bin/env bash
# Builds everything and runs every test suite. On a fresh Debian 12 machine
# (as root) it first installs what it needs. Ends with one line:
# `N passed, N failed`, summed over all suites. Exit status 0 only if nothing
# failed.
#
# Suites: lit (dialect, passes, translation, execution), the runtime's tests
# natively, under ThreadSanitizer and on AArch64 under qemu-aarch64, a
# fixed-seed differential fuzzing batch, crash fuzzing, and the import of a
# body of real C.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${WEFT_BUILD_DIR:-$root/build}
results=$build/test-results
jobs=$(nproc)

"$root/scripts/install-deps.sh" core || { echo "0 passed, 1 failed"; exit 1; }
rm -rf "$results"
mkdir -p "$results"
missing=()

run_suite() { # name, command...: runs a suite; a suite that cannot run fails
  local name=$1; shift
  echo "== $name"
  if ! "$@"; then
    [[ -s $results/$name.xml ]] || missing+=("$name")
  fi
}

if ! "$root/scripts/build.sh" "$build"; then
  echo "build failed"
  python3 "$root/scripts/summarize.py" --missing build
  exit 1
fi

# lit: everything under test/.
run_suite lit /usr/lib/llvm-19/build/utils/lit/lit.py -sv -j "$jobs" \
  --xunit-xml-output="$results/lit.xml" "$build/test"

# The runtime's own tests, native (built by the main build).
run_suite runtime ctest --test-dir "$build/runtime" -j "$jobs" \
  --output-on-failure --output-junit "$results/runtime.xml"

# The runtime under ThreadSanitizer.
tsan=$build/runtime-tsan
build_tsan() {
  cmake -G Ninja -S "$root/runtime" -B "$tsan" -DCMAKE_C_COMPILER=clang-19 \
    -DWEFT_SANITIZE=thread >/dev/null && ninja -C "$tsan" >/dev/null &&
  ctest --test-dir "$tsan" -j "$jobs" --output-on-failure \
    --output-junit "$results/runtime-tsan.xml"
}
run_suite runtime-tsan build_tsan

# The runtime cross-built for AArch64, its tests under qemu-aarch64.
a64=$build/runtime-aarch64
build_a64() {
  cmake -G Ninja -S "$root/runtime" -B "$a64" \
    -DCMAKE_TOOLCHAIN_FILE="$root/runtime/cmake/aarch64-linux-gnu.cmake" \
    >/dev/null && ninja -C "$a64" >/dev/null &&
  ctest --test-dir "$a64" -j "$jobs" --output-on-failure \
    --output-junit "$results/runtime-aarch64.xml"
}
run_suite runtime-aarch64 build_a64

# Differential fuzzing: a fixed-seed batch of generated programs, each run
# sequentially and translated, on several teams and under ThreadSanitizer
# (docs/testing.md). Needs the TSan runtime built above.
run_suite fuzz python3 "$root/test/Fuzz/oracle.py" \
  --weft-translate "$build/bin/weft-translate" \
  --runtime-include "$root/runtime/include" --runtime-dir "$build/runtime" \
  --seeds 1-200 --jobs "$jobs" --failures "$build/fuzz-failures" \
  --junit "$results/fuzz.xml"

# Crash fuzzing: libFuzzer on the translator for two minutes, after the
# saved crash inputs (docs/testing.md; `scripts/fuzz.sh long` is the long
# run).
crash_fuzz() {
  "$root/scripts/fuzz.sh" replay &&
  "$root/scripts/fuzz.sh" crash 120 --junit "$results/crash-fuzz.xml"
}
run_suite crash-fuzz crash_fuzz

# Import every C file of the repository and a body of real C.
run_suite corpus python3 "$root/test/Corpus/corpus.py" \
  --weft-translate "$build/bin/weft-translate" --work "$build/corpus" \
  --report "$results/corpus-report.md" --junit "$results/corpus.xml"

echo
echo "== summary"
args=("$results"/*.xml)
for m in "${missing[@]}"; do args+=(--missing "$m"); done
python3 "$root/scripts/summarize.py" "${args[@]}"
