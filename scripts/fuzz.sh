#!/usr/bin/env bash
# Fuzzing weft (docs/testing.md).
#
#   scripts/fuzz.sh crash SECONDS [--junit FILE]
#       libFuzzer on weft-translate's library with mutated C, for SECONDS.
#       Resumable: the corpus (build/fuzz/corpus) and the total time
#       (build/fuzz/crash-seconds) carry over between runs. Inputs that
#       crash go to build/fuzz/crashes; the run fails if there are any.
#   scripts/fuzz.sh replay
#       Runs the fuzz target once on every input in test/Fuzz/Crashes.
#   scripts/fuzz.sh long [PROGRAMS] [CRASH_SECONDS]
#       The long run: differential fuzzing of PROGRAMS generated programs
#       (default 10000; 0 skips it) and CRASH_SECONDS of crash fuzzing
#       (default 3600, at least an hour) of the commit under test: time
#       fuzzed at another commit, or by `crash` (CI's two minutes), does not
#       count. Both parts are resumable: run it again after an interruption
#       and it goes on where it stopped. Prints the figures docs/testing.md
#       records.
#
# WEFT_BUILD_DIR (default build) is the build whose weft-translate and
# libweft are fuzzed; WEFT_FUZZ_JOBS (default: all cores) the processes.
#
# The fuzz target is built in build/fuzz with Clang, weft's sources
# instrumented for libFuzzer, under ASan and UBSan, with assertions on.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${WEFT_BUILD_DIR:-$root/build}
fuzz=$build/fuzz
jobs=${WEFT_FUZZ_JOBS:-$(nproc)}

build_target() {
  "$root/scripts/install-deps.sh" core >/dev/null
  if [[ ! -f $fuzz/obj/build.ninja ]]; then
    cmake -G Ninja -S "$root" -B "$fuzz/obj" -DWEFT_FUZZER=ON \
      -DCMAKE_BUILD_TYPE= \
      -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
      -DCMAKE_CXX_FLAGS="-O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-sanitize=vptr" \
      -DMLIR_DIR=/usr/lib/llvm-19/lib/cmake/mlir \
      -DClang_DIR=/usr/lib/llvm-19/lib/cmake/clang \
      -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-19/build/utils/lit/lit.py >/dev/null
  fi
  ninja -C "$fuzz/obj" weft-fuzz >/dev/null
}

# LLVM's headers poison freed allocator memory when they see ASan, and
# Debian's LLVM libraries, built without it, then touch that memory: user
# poisoning is off, the rest of ASan is on.
target() {
  ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0 \
  UBSAN_OPTIONS=print_stacktrace=1 \
    "$fuzz/obj/bin/weft-fuzz" "$@"
}

seed_corpus() { # the C of the tests and generated programs, once
  mkdir -p "$fuzz/corpus" "$fuzz/crashes"
  if [[ -z $(ls -A "$fuzz/corpus") ]]; then
    local n=0 f
    while IFS= read -r f; do
      cp "$f" "$fuzz/corpus/test$((n++)).c"
    done < <(find "$root/test/Execution" "$root/test/Translate" \
               "$root/examples" -name '*.c' -size -64k | sort)
    for s in $(seq 1 40); do
      /usr/bin/python3 "$root/test/Fuzz/gen.py" "$s" -o "$fuzz/corpus/gen$s.c"
    done
  fi
}

crash() { # seconds [--junit file]
  local seconds=$1 junit=${3:-}
  [[ -n ${WEFT_FUZZ_NO_BUILD:-} ]] || build_target
  seed_corpus
  local before
  before=$(ls "$fuzz/crashes" | wc -l)
  local t0=$SECONDS status=0
  target "$fuzz/corpus" -max_total_time="$seconds" -timeout=30 \
    -max_len=16384 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$fuzz/crashes/" >"$fuzz/last-run.log" 2>&1 ||
    status=$?
  local ran=$((SECONDS - t0))
  local total=$(( $(cat "$fuzz/crash-seconds" 2>/dev/null || echo 0) + ran ))
  echo "$total" >"$fuzz/crash-seconds"
  local after
  after=$(ls "$fuzz/crashes" | wc -l)
  local execs
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' \
    "$fuzz/last-run.log" | grep -o '[0-9]*$' || echo 0)
  echo "crash fuzzing: ${ran}s now, ${total}s in all; ${execs:-0} inputs;" \
    "corpus $(ls "$fuzz/corpus" | wc -l); crashes $after (new: $((after - before)))"
  local ok=1
  if [[ $status -ne 0 || $after -gt 0 ]]; then
    ok=0
    tail -n 60 "$fuzz/last-run.log"
  fi
  if [[ -n $junit ]]; then
    {
      echo '<?xml version="1.0" encoding="UTF-8"?>'
      echo "<testsuites><testsuite name=\"crash-fuzz\" tests=\"1\" failures=\"$((1 - ok))\">"
      echo "<testcase classname=\"crash-fuzz\" name=\"libFuzzer ${seconds}s\">"
      [[ $ok == 1 ]] || echo "<failure message=\"crashes in $fuzz/crashes (see $fuzz/last-run.log)\"/>"
      echo "</testcase></testsuite></testsuites>"
    } >"$junit"
  fi
  [[ $ok == 1 ]]
}

replay() {
  build_target
  local files=("$root"/test/Fuzz/Crashes/*.c)
  [[ -e ${files[0]} ]] || { echo "no saved crash inputs"; return 0; }
  target "${files[@]}"
}

long() { # programs crash-seconds
  local programs=${1:-10000} want=${2:-3600}
  mkdir -p "$fuzz"
  if (( programs > 0 )); then
    /usr/bin/python3 "$root/test/Fuzz/oracle.py" \
      --weft-translate "$build/bin/weft-translate" \
      --runtime-include "$root/runtime/include" --runtime-dir "$build/runtime" \
      --seeds "1-$programs" --jobs "$jobs" --state "$fuzz/long-state.json" \
      --failures "$fuzz/long-failures" || true
  fi
  # The crash fuzzing of this commit (with -dirty when the tree has
  # changes): long-crash holds "<commit> <seconds>".
  local commit state=$fuzz/long-crash done=0
  commit=$(git -C "$root" rev-parse --short HEAD)
  [[ -z $(git -C "$root" status --porcelain --untracked-files=no) ]] ||
    commit+=-dirty
  if [[ -f $state && $(cut -d' ' -f1 "$state") == "$commit" ]]; then
    done=$(cut -d' ' -f2 "$state")
  fi
  # Built once, from this commit: later edits to the tree during the hour
  # must not change what is fuzzed.
  build_target
  export WEFT_FUZZ_NO_BUILD=1
  while (( done < want )); do
    # crash() adds the seconds it fuzzed (not the build) to crash-seconds.
    local before after status=0
    before=$(cat "$fuzz/crash-seconds" 2>/dev/null || echo 0)
    crash $(( want - done > 600 ? 600 : want - done )) || status=1
    after=$(cat "$fuzz/crash-seconds" 2>/dev/null || echo 0)
    done=$(( done + after - before ))
    echo "$commit $done" >"$state"
    if (( status )); then # fix it (and save the input) before going on
      echo "crash fuzzing of $commit stopped at ${done}s: crashes in $fuzz/crashes"
      return 1
    fi
  done
  echo "crash fuzzing of $commit: ${done}s; crashes: $(ls "$fuzz/crashes" | wc -l)"
}

case ${1:-} in
  crash) shift; crash "$@" ;;
  replay) replay ;;
  long) shift; long "$@" ;;
  *) sed -n '2,20p' "$0"; exit 2 ;;
esac
