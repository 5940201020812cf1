#!/usr/bin/env bash
# The README's first command. On a fresh Debian 12 machine (as root) it
# installs what weft needs, builds weft, then shows it on examples/denoise.c:
# translates the sequential program, builds it sequentially and in
# parallel, checks that both print the same result, and prints the speedup
# measured in this run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${WEFT_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh" core
"$root/scripts/build.sh" "$build"

demo=$build/demo
mkdir -p "$demo"
src=$root/examples/denoise.c
echo
echo "== weft-translate examples/denoise.c -o $demo/denoise_par.c"
"$build/bin/weft-translate" "$src" -o "$demo/denoise_par.c" -- -O2 2>&1 |
  grep -E "remark:" | sed "s|^$root/||"
echo
echo "== building both"
cc=gcc
$cc -std=c11 -O2 "$src" -lm -o "$demo/denoise_seq"
$cc -std=c11 -O2 "$demo/denoise_par.c" -I "$root/runtime/include" \
  "$build/runtime/libweft.a" -lpthread -lm -o "$demo/denoise_par"
echo "$cc -std=c11 -O2 examples/denoise.c -lm -o denoise_seq"
echo "$cc -std=c11 -O2 denoise_par.c -I runtime/include libweft.a -lpthread -lm -o denoise_par"

# Three runs of each, alternating; the median wall time of each.
run() { # binary output -> prints seconds
  local t0 t1
  t0=$(date +%s%N)
  "$1" >"$2"
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000))
}
seq_times=() par_times=()
for r in 1 2 3; do
  seq_times+=("$(run "$demo/denoise_seq" "$demo/seq.out")")
  par_times+=("$(run "$demo/denoise_par" "$demo/par.out")")
done
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
ts=$(median "${seq_times[@]}")
tp=$(median "${par_times[@]}")
echo
echo "== results"
echo "sequential: $(cat "$demo/seq.out" | tr '\n' ' ')"
echo "parallel:   $(cat "$demo/par.out" | tr '\n' ' ')"
if ! cmp -s "$demo/seq.out" "$demo/par.out"; then
  echo "weft demo: the outputs differ" >&2
  exit 1
fi
echo "the outputs are identical"
cpus=$(nproc)
awk -v s="$ts" -v p="$tp" -v c="$cpus" 'BEGIN {
  printf "sequential %.3f s, parallel %.3f s (median of 3 runs, %d CPUs): speedup %.2fx\n",
         s / 1e6, p / 1e6, c, s / p }'
