#!/usr/bin/env bash
# Runs Debian's XBoard (4.9.1) under Xvfb with menagerie playing itself in
# every game, and checks that XBoard took the engine's `setup` and `piece`
# commands (no error popup, no forfeit), that several moves were played, and
# in the dice games that both engines report the same throws (4.9.1 has no
# dice of its own: each engine throws from the game and the DiceSeed option).
# A screenshot of each board (64-pixel squares) goes to
# docs/img/xboard-<game>.png.
#
#   scripts/xboard-smoke.sh [ENGINE] [SECONDS]
#
# Needs: apt-get install -y xboard xvfb imagemagick
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ENGINE="${1:-$PWD/target/release/menagerie}"
SECONDS_PER_GAME="${2:-20}"
XBOARD="${XBOARD:-/usr/games/xboard}"
IMG="$PWD/docs/img"
WORK="$(mktemp -d)"
trap 'kill "$XVFB_PID" 2>/dev/null || true; rm -rf "$WORK"' EXIT

for tool in "$XBOARD" Xvfb import xwininfo; do
    command -v "$tool" >/dev/null || { echo "missing: $tool"; exit 1; }
done
ENGINE="$(realpath "$ENGINE")"
[ -x "$ENGINE" ] || { echo "no engine at $ENGINE (cargo build --release)"; exit 1; }

display=90
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do
    display=$((display + 1))
done
export DISPLAY=":$display"
Xvfb "$DISPLAY" -screen 0 1280x1024x24 >/dev/null 2>&1 &
XVFB_PID=$!
sleep 1
mkdir -p "$IMG"

# XBoard's name for each game, and whether XBoard can check its moves
# itself from the `piece` commands (it cannot follow a teleport, dice
# knights, truffle waking, nor Hubbub's promotion row and closed extra
# squares; there the engine's highlights are the rules). Wolf Chess is
# played with it off, as docs/xboard.md tells a person to: 4.9.1 gives en
# passant only after its own Pawn type's double step, and a Sergeant is
# its Man type (a Black `d4c3` was forfeited so once in CI, most likely a
# pawn taking a Sergeant en passant).
GAMES="normal:true wolf:false hubbub:false pawneaters:false carnival:false truffle:false"
failed=0
for entry in $GAMES; do
    game="${entry%%:*}"
    legality="${entry##*:}"
    debug="$WORK/$game.debug"
    # Both engines get the same dice seed, so that without XBoard's dice
    # (4.9.1 has none) they throw the same dice.
    # -k: an XBoard that ignores the TERM (seen once, its game done and
    # both engines gone) is killed, not waited for.
    timeout -k 5 "$((SECONDS_PER_GAME + 10))" "$XBOARD" \
        -fcp "$ENGINE xboard" -fd "$WORK" -scp "$ENGINE xboard" -sd "$WORK" \
        -firstOptions "DiceSeed=11" -secondOptions "DiceSeed=11" \
        -variant "$game" -mode TwoMachines -searchTime 0:01 \
        -testLegality "$legality" -popupExitMessage false -autoCallFlag true -saveSettingsOnExit false \
        -size Medium -showTargetSquares true \
        -debug -nameOfDebugFile "$debug" >"$WORK/$game.out" 2>&1 &
    pid=$!
    sleep "$SECONDS_PER_GAME"
    rm -f "$IMG/xboard-$game.png"
    # The main window (its title starts with "xboard"), whole.
    window=$(xwininfo -root -tree | grep -E '"xboard(:|")' | grep -v ' 10x10+' | head -1 || true)
    size=$(echo "$window" | grep -oE '[0-9]+x[0-9]+\+[0-9]+\+[0-9]+' | head -1 || true)
    title=$(echo "$window" | sed -E 's/^[^"]*"([^"]*)".*/\1/')
    import -window root -crop "${size%%+*}+0+0" "$WORK/shot.png" || echo "  no screenshot"
    # Xvfb has no window manager to draw the title bar, where a person sees
    # the dice: the window's title is written above the board as a caption.
    width="${size%%x*}"
    if convert -size "${width}x" -background '#d6d6d6' -font DejaVu-Sans -pointsize 14 \
        caption:"window title: $title" "$WORK/title.png" 2>/dev/null; then
        convert "$WORK/title.png" "$WORK/shot.png" -append "$IMG/xboard-$game.png"
    else
        cp "$WORK/shot.png" "$IMG/xboard-$game.png"
    fi
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true

    moves=$(grep -c '<first : move \|<second: move ' "$debug" || true)
    problems=$(grep -E 'Forfeit|Illegal move|Error \(|tellusererror|invalid|not supported|on time' "$debug" || true)
    # A game may end early by the rules (a lucky Carnival throw can mate on
    # move one): a result announced by an engine counts as a full game.
    ended=$(grep -cE '<(first |second): (1-0|0-1|1/2-1/2) \{' "$debug" || true)
    setup=$(grep -c '<first : setup\|<first : piece' "$debug" || true)
    echo "$game: $moves moves, $setup setup/piece lines, screenshot docs/img/xboard-$game.png"
    # Each engine logs every throw of the game (`# White throws 3 and 1: ...`):
    # the two lists must agree as far as both go.
    grep -oE '<first : # (White|Black) throws .*' "$debug" | sed 's/^<first : //' >"$WORK/$game.first" || true
    grep -oE '<second: # (White|Black) throws .*' "$debug" | sed 's/^<second: //' >"$WORK/$game.second" || true
    n1=$(wc -l <"$WORK/$game.first"); n2=$(wc -l <"$WORK/$game.second")
    common=$(( n1 < n2 ? n1 : n2 ))
    if ! cmp -s <(head -n "$common" "$WORK/$game.first") <(head -n "$common" "$WORK/$game.second"); then
        echo "  the engines disagree on the throws:"
        diff <(head -n "$common" "$WORK/$game.first") <(head -n "$common" "$WORK/$game.second") | head -4
        failed=1
    fi
    [ "$common" -gt 0 ] && echo "  $common throws reported alike by both engines"
    if [ -n "$problems" ]; then
        echo "  problems:"; echo "$problems" | head -5 | sed 's/^/    /'
        failed=1
    fi
    if [ "$moves" -lt 6 ] && [ "$ended" -eq 0 ]; then
        echo "  too few moves"; head -3 "$WORK/$game.out" | sed "s/^/    /"; failed=1
    fi
    if [ "$game" != normal ] && [ "$setup" -lt 2 ]; then
        echo "  no setup/piece commands seen"; failed=1
    fi
done
exit "$failed"
