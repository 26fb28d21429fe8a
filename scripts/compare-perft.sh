#!/usr/bin/env bash
# Compare menagerie's perft speed with Fairy-Stockfish's on the same position,
# in the same run, timing both whole processes the same way.
#
# Usage: scripts/compare-perft.sh [--depth N] [--runs R] [--fen FEN]
#   --depth N   perft depth (default 6)
#   --runs R    timed runs of each engine; the median is reported (default 3)
#   --fen FEN   position to search (default: the chess start position)
#
# Exit status: 0 on success, 1 on a failure (including a node-count mismatch),
# 2 if Fairy-Stockfish is not installed, 64 on a usage error.
set -euo pipefail

usage() {
    sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"
}

die() {
    echo "compare-perft: error: $*" >&2
    exit 1
}

usage_error() {
    echo "compare-perft: $*" >&2
    echo "usage: scripts/compare-perft.sh [--depth N] [--runs R] [--fen FEN]" >&2
    exit 64
}

depth=6
runs=3
fen=""

while (($# > 0)); do
    case "$1" in
        --depth) (($# >= 2)) || usage_error "--depth needs a value"; depth=$2; shift 2 ;;
        --depth=*) depth=${1#*=}; shift ;;
        --runs) (($# >= 2)) || usage_error "--runs needs a value"; runs=$2; shift 2 ;;
        --runs=*) runs=${1#*=}; shift ;;
        --fen) (($# >= 2)) || usage_error "--fen needs a value"; fen=$2; shift 2 ;;
        --fen=*) fen=${1#*=}; shift ;;
        -h | --help) usage; exit 0 ;;
        *) usage_error "unknown argument: $1" ;;
    esac
done

[[ $depth =~ ^[1-9][0-9]?$ ]] || usage_error "--depth must be a whole number from 1 to 99, got '$depth'"
[[ $runs =~ ^[1-9][0-9]?$ ]] || usage_error "--runs must be a whole number from 1 to 99, got '$runs'"
[[ $fen != *$'\n'* && $fen != *$'\r'* ]] || usage_error "--fen must be a single line"

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"

# --- Fairy-Stockfish ---------------------------------------------------------
if command -v fairy-stockfish > /dev/null 2>&1; then
    fairy=$(command -v fairy-stockfish)
elif [[ -x /usr/games/fairy-stockfish ]]; then
    fairy=/usr/games/fairy-stockfish
else
    cat >&2 <<'EOF'
compare-perft: Fairy-Stockfish not found (looked for `fairy-stockfish` on PATH
and /usr/games/fairy-stockfish). On Debian or Ubuntu, install it with:

    apt-get install -y fairy-stockfish

(run `apt-get update` first on a fresh machine; use sudo if not root).
EOF
    exit 2
fi

# --- menagerie ---------------------------------------------------------------
echo "building menagerie (cargo build --release)..." >&2
cargo build --release --quiet || die "cargo build --release failed"
ours="${CARGO_TARGET_DIR:-target}/release/menagerie"
[[ -x $ours ]] || die "$ours was not built"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ours_args=(perft --variant chess --depth "$depth")
if [[ -n $fen ]]; then
    ours_args+=(--fen "$fen")
    position="position fen $fen"
else
    position="position startpos"
fi
printf 'uci\nsetoption name UCI_Variant value chess\n%s\ngo perft %s\nquit\n' \
    "$position" "$depth" > "$tmp/fairy.in"

now_ns() { date +%s%N; }

# Print the number from the last `Nodes searched: <N>` line of a file.
nodes_from() {
    local n
    n=$(sed -n 's/^[[:space:]]*Nodes searched:[[:space:]]*\([0-9][0-9]*\)[[:space:]]*$/\1/p' "$1" | tail -n 1)
    [[ -n $n ]] || return 1
    echo "$n"
}

# run_engine NAME OUTFILE CMD... : runs CMD (stdin from $tmp/<NAME>.in if it
# exists), prints the elapsed wall time in nanoseconds.
run_engine() {
    local name=$1 out=$2 input=/dev/null start end status=0
    shift 2
    [[ -f $tmp/$name.in ]] && input=$tmp/$name.in
    start=$(now_ns)
    "$@" < "$input" > "$out" 2> "$out.err" || status=$?
    end=$(now_ns)
    if ((status != 0)); then
        {
            echo "compare-perft: error: $name exited with status $status: $*"
            echo "--- stdout (last 20 lines) ---"
            tail -n 20 "$out"
            echo "--- stderr (last 20 lines) ---"
            tail -n 20 "$out.err"
        } >&2
        exit 1
    fi
    echo $((end - start))
}

# check_nodes NAME OUTFILE EXPECTED : prints the node count, failing if it is
# missing or differs from EXPECTED (when EXPECTED is non-empty).
check_nodes() {
    local name=$1 out=$2 expected=$3 n
    if ! n=$(nodes_from "$out"); then
        {
            echo "compare-perft: error: no 'Nodes searched: <N>' line in $name's output"
            echo "--- stdout (last 20 lines) ---"
            tail -n 20 "$out"
            echo "--- stderr (last 20 lines) ---"
            tail -n 20 "$out.err"
        } >&2
        exit 1
    fi
    if [[ -n $expected && $n != "$expected" ]]; then
        die "$name gave $n nodes in one run and $expected in another"
    fi
    echo "$n"
}

# Median of integers given as arguments (mean of the middle two if even).
median() {
    printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 }
        END { if (NR % 2) printf "%.0f\n", v[(NR + 1) / 2];
              else printf "%.0f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

ours_times=()
fairy_times=()
ours_nodes=""
fairy_nodes=""
fairy_id=""
secs() { awk -v ns="$1" 'BEGIN { printf "%.3f", ns / 1e9 }'; }

echo "perft depth $depth, $runs run(s), position: ${fen:-startpos}" >&2
# Alternate the engines so that any drift in machine load hits both alike.
for ((run = 1; run <= runs; run++)); do
    t=$(run_engine menagerie "$tmp/ours.out" "$ours" "${ours_args[@]}")
    ours_nodes=$(check_nodes menagerie "$tmp/ours.out" "$ours_nodes")
    ours_times+=("$t")

    t=$(run_engine fairy "$tmp/fairy.out" "$fairy")
    fairy_nodes=$(check_nodes fairy-stockfish "$tmp/fairy.out" "$fairy_nodes")
    fairy_times+=("$t")
    if [[ -z $fairy_id ]]; then
        fairy_id=$(sed -n 's/^id name //p' "$tmp/fairy.out" | head -n 1)
    fi

    echo "  run $run/$runs: menagerie $(secs "${ours_times[-1]}") s," \
        "fairy-stockfish $(secs "${fairy_times[-1]}") s" >&2
done

if [[ $ours_nodes != "$fairy_nodes" ]]; then
    {
        echo
        echo "compare-perft: error: NODE COUNT MISMATCH at perft depth $depth, position ${fen:-startpos}:"
        echo "    menagerie:       $ours_nodes"
        echo "    fairy-stockfish: $fairy_nodes"
        echo "menagerie's move generation disagrees with Fairy-Stockfish; timings are meaningless."
    } >&2
    exit 1
fi
if ((ours_nodes == 0)); then
    die "both engines count 0 nodes: is the FEN valid, and does the position have legal moves?"
fi

ours_median=$(median "${ours_times[@]}")
fairy_median=$(median "${fairy_times[@]}")

if git rev-parse --verify --quiet HEAD > /dev/null 2>&1; then
    ours_version=$(git rev-parse --short HEAD)
    if [[ -n $(git status --porcelain --untracked-files=no 2> /dev/null) ]]; then
        ours_version+=" (with uncommitted changes)"
    fi
else
    ours_version="(no commit yet)"
fi

echo
echo "menagerie:       git $ours_version"
echo "fairy-stockfish: ${fairy_id:-(no id name line)} ($fairy)"
echo "perft depth $depth, position: ${fen:-startpos}, median of $runs run(s), whole-process wall time"
echo

awk -v nodes="$ours_nodes" -v ons="$ours_median" -v fns="$fairy_median" 'BEGIN {
    os = ons / 1e9; fs = fns / 1e9
    if (os <= 0) os = 1e-9
    if (fs <= 0) fs = 1e-9
    onps = nodes / os; fnps = nodes / fs
    printf "%-16s %14s %10s %14s\n", "engine", "nodes", "median s", "nodes/second"
    printf "%-16s %14s %10.3f %14.0f\n", "menagerie", nodes, os, onps
    printf "%-16s %14s %10.3f %14.0f\n", "fairy-stockfish", nodes, fs, fnps
    printf "\nratio (ours / fairy-stockfish nodes/second): %.2f\n", onps / fnps
}'
