#!/usr/bin/env bash
# Builds the current Fairy-Stockfish, our peer in matches and perft
# comparisons, from the source package of its Python binding (pyffish),
# which holds the whole C++ engine in src/. Nothing of it is committed: the
# sources and the binary go to peers/fsf/ (ignored by git).
#
#   scripts/build-fsf.sh [VERSION]     (default: the newest on PyPI)
#
# Prints the binary's path. Needs: python3 -m pip (network), g++.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="$PWD/peers/fsf"
version="${1:-}"
mkdir -p "$out"
if [ -x "$out/fairy-stockfish" ] && [ -z "$version" ]; then
    echo "$out/fairy-stockfish"
    exit 0
fi
command -v g++ >/dev/null || { echo "build-fsf: g++ is needed (apt-get install -y g++)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
spec="pyffish${version:+==$version}"
python3 -m pip download "$spec" --no-binary :all: --no-deps -d "$work" >&2
tar -xzf "$work"/pyffish-*.tar.gz -C "$work"
src="$(echo "$work"/pyffish-*/src)"
[ -f "$src/main.cpp" ] || { echo "build-fsf: no engine sources in the package" >&2; exit 1; }

# Every engine source but the Python and JavaScript bindings, the NNUE
# sources included (their networks stay off: NNUE_EMBEDDING_OFF).
mapfile -t sources < <(find "$src" -name '*.cpp' ! -name pyffish.cpp ! -name ffishjs.cpp | sort)
flags=(-std=c++17 -O2 -DNDEBUG -DLARGEBOARDS -DALLVARS -DPRECOMPUTED_MAGICS
    -DNNUE_EMBEDDING_OFF -DUSE_PTHREADS -DIS_64BIT -DUSE_POPCNT -msse4.1 -mpopcnt)
jobs="$(nproc 2>/dev/null || echo 2)"
mkdir -p "$work/obj"
printf '%s\n' "${sources[@]}" | xargs -P "$jobs" -I{} sh -c \
    'g++ "$@" -I"$(dirname {})" -c {} -o "$0/obj/$(echo {} | md5sum | cut -c1-16).o"' \
    "$work" "${flags[@]}"
g++ "$work"/obj/*.o -o "$out/fairy-stockfish" -lpthread
echo "pyffish source: $(basename "$work"/pyffish-*.tar.gz)" >"$out/VERSION"
echo "$out/fairy-stockfish"
