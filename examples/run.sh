#!/usr/bin/env bash
# examples/run.sh FILE.c [RUNS] - one example, start to finish, from a built
# tree (build/, or $WEFT_BUILD_DIR):
#
#   1. translates FILE.c with weft-translate and shows the remarks;
#   2. builds it three ways with clang-19 -O2: sequential, weft-translate's
#      output with libweft, and in one step with the plugin (weft-cc);
#   3. runs the three RUNS times each (default 3), alternating;
#   4. checks that the parallel builds print what the sequential one does;
#   5. prints the median wall time of each and the speedups, then what the
#      program itself reported on stderr (its own timings).
#
# The builds and outputs go to build/examples/NAME (or
# $WEFT_EXAMPLES_OUT/NAME). A line "EXAMPLE-ARGS: ..." in FILE.c gives the
# program arguments; a line
# "EXAMPLE-LIBWEFT" says that the program calls libweft itself, so that its
# sequential build links libweft too. Exit status 1 if the outputs differ.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${WEFT_BUILD_DIR:-$root/build}
[[ $# -ge 1 ]] || { sed -n '2,16p' "$0"; exit 2; }
src=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
runs=${2:-3}
name=$(basename "$src" .c)
out=${WEFT_EXAMPLES_OUT:-$build/examples}/$name
mkdir -p "$out"
rel=${src#"$root/"}
inc=$root/runtime/include
lib=$build/runtime/libweft.a
read -r -a args <<<"$(sed -n 's/.*EXAMPLE-ARGS: *//p' "$src" | head -1)"
seq_libs=() cflags=(-O2)
if grep -q "EXAMPLE-LIBWEFT" "$src"; then
  seq_libs=(-I "$inc" "$lib" -lpthread)
  cflags+=(-I "$inc")
fi

echo "== weft-translate $rel -o $out/${name}_par.c -- ${cflags[*]}"
if ! "$build/bin/weft-translate" "$src" -o "$out/${name}_par.c" -- \
  "${cflags[@]}" 2>"$out/translate.log"; then
  cat "$out/translate.log" >&2
  exit 1
fi
grep -E "remark:" "$out/translate.log" | sed "s|^$root/||" || true

echo
echo "== building"
set -x
clang-19 -std=gnu11 -O2 "$src" "${seq_libs[@]}" -lm -o "$out/seq"
clang-19 -std=gnu11 -O2 "$out/${name}_par.c" -I "$inc" "$lib" -lpthread -lm \
  -o "$out/par"
"$build/bin/weft-cc" -std=gnu11 -O2 -fplugin-arg-weft-remarks=none "$src" \
  -lm -o "$out/plugin"
{ set +x; } 2>/dev/null

# Wall time of one run in microseconds; stdout and stderr kept.
run() { # build
  local t0 t1
  t0=$(date +%s%N)
  "$out/$1" "${args[@]}" >"$out/$1.out" 2>"$out/$1.err"
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000))
}
declare -A times
for ((r = 0; r < runs; r++)); do
  for b in seq par plugin; do
    times[$b]+="$(run "$b") "
  done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{a[NR] = $1}
  END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

echo
echo "== results"
echo "sequential: $(head -c 300 "$out/seq.out" | tr '\n' ' ')"
status=0
for b in par plugin; do
  if cmp -s "$out/seq.out" "$out/$b.out"; then
    echo "$b: the same output"
  else
    echo "$b: the output DIFFERS from the sequential one:" >&2
    diff "$out/seq.out" "$out/$b.out" | head -20 >&2
    status=1
  fi
done
ts=$(median "${times[seq]}")
for b in par plugin; do
  awk -v s="$ts" -v p="$(median "${times[$b]}")" -v b="$b" -v n="$runs" \
    -v c="$(nproc)" 'BEGIN {
    printf "%-7s %.3f s, sequential %.3f s (median of %d runs, %d CPUs): speedup %.2fx\n",
           b, p / 1e6, s / 1e6, n, c, s / p }'
done
if [[ -s $out/seq.err || -s $out/par.err ]]; then
  echo
  echo "== what the program measured itself (last run)"
  sed 's/^/sequential: /' "$out/seq.err"
  sed 's/^/parallel:   /' "$out/par.err"
fi
exit $status
