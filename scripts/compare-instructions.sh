#!/usr/bin/env bash
# Perft of two menagerie builds counted in instructions (valgrind's
# callgrind, which counts the same for the same binary and input whatever
# else the machine does), game by game, with their ratio (new / old: below
# 1 is fewer). Wall-clock speed (scripts/compare-builds.sh) on a shared
# machine varies by 10% and more from run to run; instructions do not.
# Node counts must agree.
#
# Usage: scripts/compare-instructions.sh OLD NEW
#
# Needs valgrind (apt-get install -y valgrind). Exit status: 0 on success,
# 1 on a node-count mismatch or a failed run, 64 on a usage error.
set -euo pipefail

(($# == 2)) || { sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0" >&2; exit 64; }
old=$1 new=$2
[[ -x $old && -x $new ]] || { echo "compare-instructions: both builds must be executables" >&2; exit 64; }
command -v valgrind >/dev/null || { echo "compare-instructions: needs valgrind" >&2; exit 64; }

# game, depth, extra arguments (dice games count moves only: frozen)
cases=(
    "chess 5" "wolf 5" "hubbub 5" "pawneaters 4"
    "carnival 5 --dice frozen" "carnival-oblique 5 --dice frozen" "truffle 5 --dice frozen"
    "updown 5 --dice frozen" "multipawn 5 --dice frozen" "armyorientation 5 --dice frozen"
    "pieceorientation 5 --dice frozen" "montypython 5 --dice frozen"
    "butterflyhunt 6 --dice frozen" "mining 5 --dice frozen" "shrimphunt 5 --dice frozen"
    "nuthunt 5 --dice frozen" "oysterhunt 5 --dice frozen"
)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

count() { # BINARY GAME DEPTH [ARGS...]: prints "nodes instructions"
    local bin=$1 game=$2 depth=$3 out ir
    shift 3
    out=$(valgrind --tool=callgrind --callgrind-out-file="$work/cg" \
        "$bin" perft --variant "$game" --depth "$depth" "$@" 2>"$work/err") || return 1
    ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/err")
    echo "$(sed -n 's/^Nodes searched: \([0-9]*\)$/\1/p' <<< "$out") $ir"
}

printf '%-18s %12s %16s %16s %7s\n' game nodes "old instr" "new instr" new/old
for c in "${cases[@]}"; do
    read -r game depth extra <<< "$c"
    read -r n_old i_old <<< "$(count "$old" "$game" "$depth" $extra)"
    read -r n_new i_new <<< "$(count "$new" "$game" "$depth" $extra)"
    if [[ $n_old != "$n_new" ]]; then
        echo "compare-instructions: $game: node counts differ: $n_old vs $n_new" >&2
        exit 1
    fi
    ratio=$(awk -v a="$i_new" -v b="$i_old" 'BEGIN { printf "%.4f", a / b }')
    printf '%-18s %12s %16s %16s %7s\n' "$game" "$n_new" "$i_old" "$i_new" "$ratio"
done
