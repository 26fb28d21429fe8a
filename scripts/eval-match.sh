#!/usr/bin/env bash
# Plays the engine built from this tree against another menagerie binary
# (by default the build of commit 0093f94, the evaluation before issue 5)
# in each game, through the UCI referee `examples/uci_duel.rs`.
#
#   scripts/eval-match.sh [GAMES] [GO_NEW] [GO_OLD] [VARIANTS...]
#
#   GAMES     games per variant (pairs with colours swapped), default 20
#   GO_NEW    `go` arguments of the new engine, default "movetime 100"
#   GO_OLD    `go` arguments of the old engine, default the same
#   OLD=path  the other binary (default: built from $OLD_COMMIT in a
#             worktree under target/eval-match)
#   JOBS=n    matches run at once (default 2; the machine has 2 cores)
#
# Issue 5's target, the engine at 100 ms against itself at depth 1:
#   OLD=target/release/menagerie scripts/eval-match.sh 50 "movetime 100" "depth 1"
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-20}
GO_NEW=${2:-movetime 100}
GO_OLD=${3:-$GO_NEW}
shift $(( $# < 3 ? $# : 3 ))
VARIANTS=("$@")
[ ${#VARIANTS[@]} -eq 0 ] && VARIANTS=(wolf hubbub pawneaters carnival truffle)
OLD_COMMIT=${OLD_COMMIT:-0093f94}
JOBS=${JOBS:-2}

cargo build --release --quiet
cargo build --release --quiet --example uci_duel
NEW=target/release/menagerie
DUEL=target/release/examples/uci_duel
if [ -z "${OLD:-}" ]; then
    dir=target/eval-match/$OLD_COMMIT
    if [ ! -x "$dir/target/release/menagerie" ]; then
        rm -rf "$dir"
        git worktree add --detach "$dir" "$OLD_COMMIT" >/dev/null
        (cd "$dir" && cargo build --release --quiet)
    fi
    OLD=$dir/target/release/menagerie
fi
mkdir -p target/eval-match
for v in "${VARIANTS[@]}"; do
    echo "$DUEL $v $GAMES $NEW '$GO_NEW' $OLD '$GO_OLD' 1 > target/eval-match/$v.log"
done | xargs -d '\n' -P "$JOBS" -I{} sh -c '{}'
for v in "${VARIANTS[@]}"; do
    tail -n 1 "target/eval-match/$v.log"
done
