"""A scripted XBoard engine for experiments with XBoard itself: it
describes a game with the `setup` and `piece` lines of a file, as menagerie
would, and plays fixed moves, one each time it is on move.

    python3 scripted_engine.py 'MOVE MOVE ...' SETUP_FILE VARIANT

Both engines of a two-engine game run the same script: each plays the
moves of its own side (XBoard's usermove counts the other side's).
"""
import sys

MOVES = sys.argv[1].split()
with open(sys.argv[2]) as f:
    SETUP = [line.rstrip("\n") for line in f if line.strip()]
VARIANT = sys.argv[3]


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
        say("feature ping=1 setboard=1 usermove=1 sigint=0 colors=0 done=0")
        say('feature variants="normal,%s"' % VARIANT)
        say("feature done=1")
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
