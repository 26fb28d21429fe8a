#!/usr/bin/env bash
# Shows how XBoard 4.9.1's hands work under each parent variant an engine
# may name in `setup ... WxH+S_PARENT`, for Truffle Hunt, whose captures
# go three ways by our rules (a pig to the capturer's hand, an active piece
# taken by a pig to its owner's hand asleep, anything else out of the game):
#   taken:  Black's Hog takes White's Rook (b7a1), then White drops a Rook
#           (R@c3): legal by our rules when that Rook was awake;
#   empty:  White drops a Queen (Q@c3) at the first move, both hands empty;
#   pig:    Black's Hog takes White's Sow (b7a2), then Black drops a Sow
#           (S@b7): legal by our rules, the pig is Black's.
# XBoard refuses an engine's drop of a piece its hand lacks ("Forfeit due to
# invalid move ... res=25") under every parent but bughouse, with Test
# Legality off too; under bughouse it accepts every drop, and it never puts
# a captured piece in a hand, so a person has nothing to drop. Under fairy
# and crazyhouse a captured piece goes to the capturer's hand, under super
# and great back to its owner's. Hence src/xboard/hands.rs: our engine
# keeps the fairy parent and leaves out the drops XBoard's hands lack.
#
# Two scripted engines describe Truffle Hunt as menagerie does (`setup`,
# `piece`) and play fixed moves (Test Legality off: XBoard takes any move
# of a piece); prints XBoard's saved moves for each parent.
#
#   scripts/xboard-truffle-hands.sh
#
# Needs: apt-get install -y xboard xvfb python3
set -euo pipefail

XBOARD="${XBOARD:-/usr/games/xboard}"
WORK="$(mktemp -d)"
XVFB_PID=
trap '[ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null; rm -rf "$WORK"' EXIT

cat >"$WORK/scripted.py" <<'PY'
import sys
MOVES = sys.argv[1].split()
PARENT = sys.argv[2]
SETUP = [
    "setup (.NBRQSHA....++++K.nbrqsha....++++k) 8x8+7_" + PARENT +
    " rnbqkbnr/shhsshhs/8/8/8/8/SHHSSHHS/RNBQKBNR[] w KQkq - 0 1",
    "piece S& WfnD", "piece H& FfnA", "piece K& ", "piece Q& ", "piece R& ",
    "piece B& ", "piece N& ", "piece A& K", "piece +Q& Q", "piece +R& R",
    "piece +B& B", "piece +N& N",
]
def say(s):
    sys.stdout.write(s + "\n")
    sys.stdout.flush()
ply, force = 0, True
def move():
    global ply
    if ply < len(MOVES):
        say("move " + MOVES[ply])
        ply += 1
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "protover":
        say('feature ping=1 setboard=1 usermove=1 sigint=0 colors=0 done=0')
        say('feature variants="normal,truffle"')
        say('feature done=1')
    elif w[0] == "variant":
        for s in SETUP:
            say(s)
    elif w[0] == "new":
        ply, force = 0, False
    elif w[0] == "force":
        force = True
    elif w[0] == "go":
        force = False
        move()
    elif w[0] == "usermove":
        ply += 1
        if not force:
            move()
    elif w[0] == "ping":
        say("pong " + w[1])
    elif w[0] == "quit":
        break
PY

display=96
while :; do
    while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do
        display=$((display + 1))
    done
    Xvfb ":$display" -screen 0 1280x1024x24 >/dev/null 2>&1 &
    XVFB_PID=$!
    sleep 1
    kill -0 "$XVFB_PID" 2>/dev/null && break
    display=$((display + 1))
done

play() {
    local name="$1" parent="$2" moves="$3"
    local engine="python3 $WORK/scripted.py '$moves' $parent"
    DISPLAY=":$display" timeout 60 "$XBOARD" -fcp "$engine" -fd "$WORK" -scp "$engine" -sd "$WORK" \
        -variant truffle -testLegality false -mg 1 -tc 0:15 -inc 0 -saveSettingsOnExit false \
        -popupExitMessage false -autoCallFlag true \
        -sgf "$WORK/$name-$parent.pgn" -debug -nameOfDebugFile "$WORK/$name-$parent.debug" >/dev/null 2>&1 || true
    printf '%-6s %-10s ' "$name" "$parent"
    if [ -s "$WORK/$name-$parent.pgn" ]; then
        grep -v '^\[' "$WORK/$name-$parent.pgn" | tr '\n' ' ' | sed -E 's/\{-{5,}[^}]*\}//; s/^ +//'
        echo
    else
        # A forfeit at the first move leaves no game to save.
        grep -m1 -o 'Forfeit due to [^}]*' "$WORK/$name-$parent.debug" || echo "(no game saved)"
    fi
}

taken="a2a3 b7a1 R@c3 h7h6 c3c4 h6h5"
empty="Q@c3 h7h6 a2a3 R@h4 c3c4 h6h5"
pig="h2h3 b7a2 h3h4 S@b7 h4h5 g7g6"
for parent in fairy crazyhouse bughouse super great; do
    play taken "$parent" "$taken"
    play empty "$parent" "$empty"
    play pig "$parent" "$pig"
done
echo "(a game that runs out of scripted moves ends on time)"
