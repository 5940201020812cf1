#!/usr/bin/env bash
# Installs the Debian 12 packages weft needs, if any is missing. Run as root
# (or with sudo available). Profiles:
#   core  (default) build everything and run every test
#   bench           core, plus what the benchmarks compare against and plot
set -euo pipefail

profile=${1:-core}
core=(
  cmake ninja-build git python3 gcc g++ make pkg-config
  clang-19 libclang-19-dev llvm-19-dev llvm-19-tools libmlir-19-dev
  mlir-19-tools libomp-19-dev libclang-rt-19-dev clang-format-19
  clang-tidy-19 libsimde-dev qemu-user gcc-aarch64-linux-gnu
  libc6-dev-arm64-cross cvise
)
bench=(libopencv-dev python3-matplotlib valgrind)
case $profile in
  core) want=("${core[@]}") ;;
  bench) want=("${core[@]}" "${bench[@]}") ;;
  *) echo "usage: $0 [core|bench]" >&2; exit 2 ;;
esac

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "weft: installing ${missing[*]}" >&2
sudo=
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "weft: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
