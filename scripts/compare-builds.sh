#!/usr/bin/env bash
# Perft speed of two menagerie builds, game by game, in the same run: each
# game's perft is run RUNS times by each build, alternating, and the median
# wall time of each is reported with their ratio (new / old: below 1 is
# faster). Node counts must agree.
#
# Usage: scripts/compare-builds.sh OLD NEW [RUNS]
#   OLD, NEW  two menagerie binaries
#   RUNS      timed runs of each (default 5)
#
# Exit status: 0 on success, 1 on a node-count mismatch or a failed run,
# 64 on a usage error.
set -euo pipefail

(($# >= 2 && $# <= 3)) || { sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0" >&2; exit 64; }
old=$1 new=$2 runs=${3:-5}
[[ -x $old && -x $new ]] || { echo "compare-builds: both builds must be executables" >&2; exit 64; }

# game, depth, extra arguments (dice games count moves only: frozen)
cases=(
    "chess 6"
    "wolf 6"
    "hubbub 6"
    "pawneaters 5"
    "carnival 6 --dice frozen"
    "carnival-oblique 6 --dice frozen"
    "truffle 6 --dice frozen"
    "updown 6 --dice frozen"
    "multipawn 6 --dice frozen"
    "armyorientation 6 --dice frozen"
    "pieceorientation 6 --dice frozen"
    "montypython 6 --dice frozen"
    "butterflyhunt 7 --dice frozen"
    "mining 6 --dice frozen"
    "shrimphunt 6 --dice frozen"
    "nuthunt 5 --dice frozen"
    "oysterhunt 6 --dice frozen"
)

seconds() { # BINARY GAME DEPTH [ARGS...]: prints "nodes seconds"
    local bin=$1 game=$2 depth=$3 start end out
    shift 3
    start=$(date +%s%N)
    out=$("$bin" perft --variant "$game" --depth "$depth" "$@" 2>/dev/null) || return 1
    end=$(date +%s%N)
    echo "$(sed -n 's/^Nodes searched: \([0-9]*\)$/\1/p' <<< "$out") $(((end - start) / 1000000))"
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '%-18s %12s %10s %10s %7s\n' game nodes "old ms" "new ms" new/old
for c in "${cases[@]}"; do
    read -r game depth extra <<< "$c"
    old_times=() new_times=() nodes=
    for ((i = 0; i < runs; i++)); do
        read -r n_old t_old <<< "$(seconds "$old" "$game" "$depth" $extra)"
        read -r n_new t_new <<< "$(seconds "$new" "$game" "$depth" $extra)"
        if [[ $n_old != "$n_new" ]]; then
            echo "compare-builds: $game: node counts differ: $n_old vs $n_new" >&2
            exit 1
        fi
        nodes=$n_new
        old_times+=("$t_old") new_times+=("$t_new")
    done
    mo=$(printf '%s\n' "${old_times[@]}" | median)
    mn=$(printf '%s\n' "${new_times[@]}" | median)
    ratio=$(awk -v a="$mn" -v b="$mo" 'BEGIN { printf "%.3f", a / b }')
    printf '%-18s %12s %10s %10s %7s\n' "$game" "$nodes" "$mo" "$mn" "$ratio"
done
