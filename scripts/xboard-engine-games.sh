#!/usr/bin/env bash
# Two-engine games in Debian's XBoard (4.9.1) under Xvfb: menagerie plays
# itself N games of every game, each game's Test Legality as docs/xboard.md
# gives it, and each game is checked:
#   - plies: at least 100, or the game ended by the rules before (XBoard
#     adjudicates a game still running after MOVES moves a draw, "long game";
#     another adjudication of XBoard's passes after 100 plies if the replay
#     accepts it: not a mate or stalemate the rules do not see);
#   - XBoard's debug log has no forfeit, illegal move, `Error (`, invalid,
#     tellusererror, `not supported` or time loss;
#   - both engines report the same throws and drawn choices (`# White throws
#     ...` lines, `<first :` and `<second:` in the debug log): one list
#     the start of the other, short by at most the steps of the last two
#     moves (XBoard quits at the end without reading what is still on its
#     way), and the longer one as many throws and choices as the replay
#     recomputes (the last move's own may be missing from both);
#   - `menagerie replay GAME.pgn --dice-seed S` says ok, every choice the
#     drawn one (two engines draw their choices from the dice).
# XBoard saves its settings in ~/.xboardrc on exit and every XBoard reads
# them: these games save none (-saveSettingsOnExit false) and set every
# option that decides how a game is played or ends, so that other XBoards
# on the machine neither change these games nor inherit their options
# (a -saveGameFile saved by such a game once took another run's games).
#
# Each game has its own DiceSeed S (1..N), given to both engines. One line a
# game (with the lowest clock XBoard told an engine it had left), a summary,
# and a non-zero exit on any failure; the games' PGN files, debug logs and
# replay output stay in OUT_DIR.
#
#   scripts/xboard-engine-games.sh [-n N] [-j JOBS] [-e ENGINE] [-o OUT_DIR]
#                                  [-c TC] [-i INC] [-m MOVES] [-T SECONDS]
#                                  [GAME:TEST_LEGALITY ...]
#
#   -n N        games of each game, seeds 1..N (default 4)
#   -j JOBS     games at once (default 1; each XBoard runs two engines, only
#               the one on move thinks)
#   -e ENGINE   the engine (default target/release/menagerie)
#   -o OUT_DIR  where each game's files go (default a new /tmp directory)
#   -c TC -i INC  XBoard's -tc and -inc (default 0:20 and 0.5 seconds: with
#               0.2 the engines' clocks sank to 0.4 s, little margin on a
#               loaded machine)
#   -m MOVES    XBoard's -adjudicateDrawMoves: a game longer than 2*MOVES
#               plies is adjudicated a draw (default 80: cut at ply 161)
#   -T SECONDS  kill XBoard after this long (default: both clocks spent,
#               plus 120 s); a game killed so is a failure
#   GAME:TEST_LEGALITY  the games (default: every game, as docs/xboard.md)
#
# Exit status: 0 when every game passed, 1 on a failure, 2 if a tool is
# missing, 64 on a usage error.
#
# Needs: apt-get install -y xboard xvfb
set -euo pipefail

usage() {
    sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"
}

cd "$(dirname "${BASH_SOURCE[0]}")/.."
N=4
JOBS=1
ENGINE="$PWD/target/release/menagerie"
OUT=
TC=0:20
INC=0.5
MOVES=80
LIMIT=
while getopts "n:j:e:o:c:i:m:T:h" opt; do
    case "$opt" in
        n) N="$OPTARG" ;;
        j) JOBS="$OPTARG" ;;
        e) ENGINE="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        c) TC="$OPTARG" ;;
        i) INC="$OPTARG" ;;
        m) MOVES="$OPTARG" ;;
        T) LIMIT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done
shift $((OPTIND - 1))
GAMES="${*:-normal:true wolf:false hubbub:false pawneaters:false carnival:false carnival-oblique:false truffle:false}"
XBOARD="${XBOARD:-/usr/games/xboard}"

for tool in "$XBOARD" Xvfb timeout; do
    command -v "$tool" >/dev/null || { echo "missing: $tool (apt-get install -y xboard xvfb)" >&2; exit 2; }
done
[ -x "$ENGINE" ] || { echo "no engine at $ENGINE (cargo build --release)" >&2; exit 2; }
ENGINE="$(realpath "$ENGINE")"
case "$TC" in
    *:*) tc_seconds=$(( ${TC%%:*} * 60 + 10#${TC##*:} )) ;;
    *) tc_seconds=$(( TC * 60 )) ;;
esac
# Both clocks spent over the longest game XBoard lets run, and a margin for
# the engines' start and XBoard's own pace.
LIMIT="${LIMIT:-$(awk -v t="$tc_seconds" -v i="$INC" -v m="$MOVES" 'BEGIN { printf "%d", 2 * (t + i * (m + 1)) + 120 }')}"
OUT="${OUT:-$(mktemp -d /tmp/xboard-engine-games.XXXXXX)}"
mkdir -p "$OUT"
OUT="$(realpath "$OUT")"

# Our own X display: the first free one from 93 (the smoke test starts at
# 90, the save-game script at 91), taken again if another Xvfb wins it.
XVFB_PID=
trap '[ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null || true' EXIT
trap 'exit 130' INT TERM
# shellcheck source=scripts/lib/xvfb.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/xvfb.sh"
start_xvfb 93
export DISPLAY=":$XVFB_DISPLAY"

# One game: XBoard plays it to its end (-mg 1: a match of one game, after
# which XBoard exits) and saves it; then the checks. Writes the game's line
# to DIR/line and DIR/verdict (pass or fail).
play() {
    local game="$1" legality="$2" seed="$3"
    local dir="$OUT/$game-$seed"
    rm -rf "$dir"
    mkdir -p "$dir"
    local started rc=0
    started=$(date +%s)
    timeout -k 5 "$LIMIT" "$XBOARD" \
        -fcp "$ENGINE xboard" -fd "$dir" -scp "$ENGINE xboard" -sd "$dir" \
        -firstOptions "DiceSeed=$seed" -secondOptions "DiceSeed=$seed" \
        -variant "$game" -testLegality "$legality" -mg 1 \
        -tc "$TC" -inc "$INC" -searchTime "" -searchDepth 0 -adjudicateDrawMoves "$MOVES" \
        -materialDraws true -trivialDraws false -checkMates true -testClaims true \
        -ruleMoves 51 -repeatsToDraw 6 -adjudicateLossThreshold 0 -timeOddsMode 0 \
        -firstNPS -1 -secondNPS -1 -firstTimeOdds 1 -secondTimeOdds 1 \
        -loadGameFile "" -loadPositionFile "" -usePolyglotBook false \
        -saveSettingsOnExit false -popupExitMessage false -autoCallFlag true -size Medium \
        -sgf "$dir/game.pgn" -debug -nameOfDebugFile "$dir/debug.log" \
        >"$dir/xboard.out" 2>&1 || rc=$?
    local secs=$(( $(date +%s) - started ))
    local debug="$dir/debug.log" pgn="$dir/game.pgn"
    local fails=()
    [ "$rc" -eq 124 ] && fails+=("XBoard still running after ${LIMIT}s, killed")
    [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && fails+=("XBoard exited $rc")
    touch "$debug" "$pgn"

    # XBoard's complaints and the engines' errors.
    grep -E 'Forfeit|[Ii]llegal move|Error \(|invalid|tellusererror|not supported|on time|[Tt]ime forfeit' \
        "$debug" >"$dir/problems" || true
    [ -s "$dir/problems" ] && fails+=("debug log: $(head -1 "$dir/problems" | cut -c1-120)")

    # The replay, every choice the drawn one.
    local replay replayed=no throws_replayed=0 choices_replayed=0 plies result ending
    "$ENGINE" replay "$pgn" --dice-seed "$seed" >"$dir/replay.out" 2>&1 || true
    replay=$(grep -m1 '^game 1 ' "$dir/replay.out" || head -1 "$dir/replay.out")
    if [[ "$replay" =~ ^game\ 1\ \([^\)]*\):\ ok,\ ([0-9]+)\ plies,\ ([0-9]+)\ throws\ recomputed,\ ([0-9]+)\ choices\ \(([0-9]+)\ as\ drawn,\ ([0-9]+)\ inferred\ otherwise\).*,\ result\ ([^ ]+)\ \((.*)\)$ ]]; then
        plies="${BASH_REMATCH[1]}"
        throws_replayed="${BASH_REMATCH[2]}"
        choices_replayed="${BASH_REMATCH[3]}"
        result="${BASH_REMATCH[6]}"
        ending="${BASH_REMATCH[7]}"
        replayed=ok
        if [ "${BASH_REMATCH[5]}" -ne 0 ]; then
            replayed="ok, ${BASH_REMATCH[5]} choices not the drawn one"
            fails+=("replay: ${BASH_REMATCH[5]} choices not the drawn one")
        fi
        [ "$(grep -c '^game ' "$dir/replay.out")" -eq 1 ] || fails+=("the PGN holds other than one game")
    else
        replayed=MISMATCH
        fails+=("replay: ${replay:-no output}")
        # What the PGN says, for the line: its tokens without the tags,
        # comments, move numbers and result.
        plies=$(grep -v '^\[' "$pgn" | tr '\n' ' ' | sed -E 's/\{[^}]*\}//g; s/[0-9]+\.+//g' \
            | tr ' ' '\n' | grep -cvE '^$|^(1-0|0-1|1/2-1/2|\*)$' || true)
        result=$(grep -oE '^\[Result "[^"]*"\]' "$pgn" | head -1 | sed -E 's/.*"(.*)".*/\1/')
        ending=$(tr '\n' ' ' <"$pgn" | grep -oE '\{[^{}]*\} *(1-0|0-1|1/2-1/2|\*) *$' | sed -E 's/^\{([^}]*)\}.*/\1/' || true)
        result="${result:-none}"
        ending="${ending:-no reason}"
    fi

    # Long enough, or ended by the rules (the replay names the rules' ending
    # in lower case: "white wins by checkmate", "draw by repetition").
    local by_rules=no
    [[ "$ending" =~ ^(white\ wins\ by|black\ wins\ by|draw\ by)\  ]] && by_rules=yes
    if [ "$by_rules" = no ]; then
        [ "$plies" -ge 100 ] || fails+=("$plies plies, and not ended by the rules ($ending)")
        if [ "$result" != '*' ] && [[ "$ending" != *[Aa]djudication* ]]; then
            fails+=("ended by neither the rules nor an adjudication of XBoard's: $result ($ending)")
        fi
    fi

    # The throws (and drawn choices) each engine reports.
    grep -oE '<first : # (White|Black) (throws|gets) .*' "$debug" | sed -E 's/^<first : //' >"$dir/first.throws" || true
    grep -oE '<second: # (White|Black) (throws|gets) .*' "$debug" | sed -E 's/^<second: //' >"$dir/second.throws" || true
    local n1 n2 common longest t1 t2 c1 c2 tmax cmax
    n1=$(wc -l <"$dir/first.throws")
    n2=$(wc -l <"$dir/second.throws")
    common=$(( n1 < n2 ? n1 : n2 ))
    longest=$(( n1 > n2 ? n1 : n2 ))
    t1=$(grep -c ' throws ' "$dir/first.throws" || true)
    t2=$(grep -c ' throws ' "$dir/second.throws" || true)
    c1=$(grep -c ' gets ' "$dir/first.throws" || true)
    c2=$(grep -c ' gets ' "$dir/second.throws" || true)
    tmax=$(( t1 > t2 ? t1 : t2 ))
    cmax=$(( c1 > c2 ? c1 : c2 ))
    local throws_line="$t1/$t2 throws, $c1/$c2 choices"
    if ! cmp -s <(head -n "$common" "$dir/first.throws") <(head -n "$common" "$dir/second.throws"); then
        local at
        at=$(cmp <(head -n "$common" "$dir/first.throws") <(head -n "$common" "$dir/second.throws") | grep -oE 'line [0-9]+' || true)
        fails+=("the engines disagree on the throws at $at")
        throws_line="$throws_line, DISAGREE"
    elif [ $(( t1 - t2 )) -gt 2 ] || [ $(( t2 - t1 )) -gt 2 ] || [ $(( c1 - c2 )) -gt 2 ] || [ $(( c2 - c1 )) -gt 2 ]; then
        fails+=("one engine reports more than the last two moves' throws and choices beyond the other ($throws_line)")
        throws_line="$throws_line, UNEVEN"
    elif [ "${replayed%%,*}" = ok ] && { [ "$tmax" -gt "$throws_replayed" ] || [ "$tmax" -lt $((throws_replayed - 1)) ] \
        || [ "$cmax" -gt "$choices_replayed" ] || [ "$cmax" -lt $((choices_replayed - 1)) ]; }; then
        fails+=("the engines report $tmax throws and $cmax choices, the replay recomputes $throws_replayed and $choices_replayed")
        throws_line="$throws_line, NOT AS REPLAYED"
    else
        throws_line="$throws_line, agree"
    fi
    [ "$longest" -eq 0 ] && throws_line="no throws"

    # The lowest clock XBoard told an engine it had (`time`, centiseconds).
    local low
    low=$(grep -oE '>(first |second): time [0-9]+' "$debug" | awk '{ print $NF }' | sort -n | head -1)
    low=$(awk -v c="${low:-0}" 'BEGIN { printf "%.2f", c / 100 }')

    local verdict=pass
    [ "${#fails[@]}" -gt 0 ] && verdict=fail
    printf '%-16s seed %-3s %4s plies  %-8s %-40s %-36s replay %-8s clock>=%5ss %4ss  %s\n' \
        "$game" "$seed" "$plies" "$result" "($ending)" "$throws_line" "${replayed%%,*}" "$low" "$secs" \
        "$([ "$verdict" = pass ] && echo PASS || echo FAIL)" >"$dir/line"
    for f in "${fails[@]}"; do echo "    $f" >>"$dir/line"; done
    echo "$verdict" >"$dir/verdict"
}

echo "XBoard $("$XBOARD" --version 2>/dev/null | head -1 | sed 's/^xboard version //'), engine $ENGINE"
echo "clock $TC + $INC s, draw adjudicated after $MOVES moves, $N games each, $JOBS at once, display $DISPLAY"
echo "files in $OUT"
all_started=$(date +%s)
jobs_list=()
for entry in $GAMES; do
    game="${entry%%:*}"
    legality="${entry##*:}"
    case "$legality" in true|false) ;; *) echo "bad entry $entry (GAME:true or GAME:false)" >&2; exit 64 ;; esac
    for seed in $(seq 1 "$N"); do
        jobs_list+=("$game $legality $seed")
    done
done
running=0
pids=()
for job in "${jobs_list[@]}"; do
    read -r game legality seed <<<"$job"
    if [ "$JOBS" -le 1 ]; then
        play "$game" "$legality" "$seed"
        cat "$OUT/$game-$seed/line"
        continue
    fi
    if [ "$running" -ge "$JOBS" ]; then
        wait -n || true
        running=$((running - 1))
    fi
    play "$game" "$legality" "$seed" &
    pids+=($!)
    running=$((running + 1))
done
for pid in "${pids[@]}"; do
    wait "$pid" || true
done

if [ "$JOBS" -gt 1 ]; then
    for job in "${jobs_list[@]}"; do
        read -r game legality seed <<<"$job"
        cat "$OUT/$game-$seed/line"
    done
fi
passed=0
failed=0
for job in "${jobs_list[@]}"; do
    read -r game legality seed <<<"$job"
    if [ "$(cat "$OUT/$game-$seed/verdict" 2>/dev/null)" = pass ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
done
echo "summary: $passed of ${#jobs_list[@]} games passed, $failed failed, $(( $(date +%s) - all_started ))s in all; files in $OUT"
[ "$failed" -eq 0 ]
