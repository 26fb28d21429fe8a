#!/usr/bin/env python3
"""Our chess moves that Fairy-Stockfish refutes, as a test suite: from the
logs of matches against it (`menagerie match --log F.log`), the moves
ENGINE played after which the peer's own score rose by JUMP centipawns or
more, each checked by the peer's search to DEPTH with and without the
move (`searchmoves`). Those that lose LOSS centipawns or more against its
best, in a position not yet decided, are written as EPD: `am` our move
(the peer's best only as a comment, since other moves may hold too).
`scripts/tactics.py ENGINE 300 SUITE.epd` then counts how many of them a
build avoids at a clock like the games'. A diagnostic for
what the peer's deeper search sees; not part of the test suite.

    scripts/refuted.py F.log [G.log ...] [--engine menagerie] [--jump 50]
        [--loss 80] [--depth 16] > SUITE.epd

Needs python-chess (`pip install chess`).
"""
import argparse
import os
import re
import subprocess
import sys

import chess

from tactics import FSF

LINE = re.compile(r"^game (\d+) (white|black) (\S+) ([<>]) (.*)$")
SCORE = re.compile(r" score (cp|mate) (-?\d+)")
DECIDED = 500


def score_of(text):
    """A search line's score in centipawns (mates as +-10000)."""
    m = SCORE.search(text)
    if m.group(1) == "mate":
        return 10000 if int(m.group(2)) > 0 else -10000
    return int(m.group(2))


def moves_made(log, engine):
    """Per game, in order: (who, `position` command, last exact score, move)."""
    games, current = {}, {}
    with open(log, errors="replace") as f:
        for line in f:
            m = LINE.match(line.rstrip("\n"))
            if not m:
                continue
            game, who, way, text = int(m.group(1)), m.group(3), m.group(4), m.group(5)
            key = (game, who)
            if way == ">" and text.startswith("position"):
                current[key] = [who == engine, text, None]
            elif way == "<" and key in current and text.startswith("info depth"):
                if " score " in text and "bound" not in text:
                    current[key][2] = score_of(text)
            elif way == "<" and key in current and text.startswith("bestmove"):
                ours, position, score = current.pop(key)
                games.setdefault(game, []).append((ours, position, score, text.split()[1]))
    return games


def suspects(games, jump):
    """(game, `position` command, our move): the peer's score rose by `jump`
    from its move before ours to its move after."""
    for game, made in sorted(games.items()):
        for before, ours, after in zip(made, made[1:], made[2:]):
            if not ours[0] or before[0] or after[0] or None in (before[2], after[2]):
                continue
            if after[2] - before[2] >= jump and abs(before[2]) < DECIDED:
                yield game, ours[1], ours[3]


def board_of(position):
    """The board a UCI `position` command sets up."""
    words = position.split()
    if words[1] == "startpos":
        board, rest = chess.Board(), words[2:]
    else:
        end = words.index("moves") if "moves" in words else len(words)
        board, rest = chess.Board(" ".join(words[2:end])), words[end:]
    for move in rest[1:]:
        board.push_uci(move)
    return board


class Peer:
    def __init__(self):
        self.p = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True)
        self.send("uci\nsetoption name Hash value 64")

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def search(self, fen, depth, only=None):
        """(score for the side to move, best move) at `depth`."""
        self.send(f"ucinewgame\nposition fen {fen}")
        self.send(f"go depth {depth}" + (f" searchmoves {only}" if only else ""))
        score = None
        for line in self.p.stdout:
            if line.startswith("info depth") and " score " in line and "bound" not in line:
                score = score_of(line)
            if line.startswith("bestmove"):
                return score, line.split()[1]
        sys.exit("the peer stopped")

    def close(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("logs", nargs="+")
    ap.add_argument("--engine", default="menagerie")
    ap.add_argument("--jump", type=int, default=50)
    ap.add_argument("--loss", type=int, default=80)
    ap.add_argument("--depth", type=int, default=16)
    a = ap.parse_args()
    peer = Peer()
    kept = tried = 0
    for log in a.logs:
        for game, position, move in suspects(moves_made(log, a.engine), a.jump):
            board = board_of(position)
            fen = board.fen()
            best, best_move = peer.search(fen, a.depth)
            ours, _ = peer.search(fen, a.depth, move)
            tried += 1
            if best_move == move or best - ours < a.loss or abs(best) >= DECIDED:
                continue
            kept += 1
            am = board.san(chess.Move.from_uci(move))
            bm = board.san(chess.Move.from_uci(best_move))
            name = f"{os.path.basename(log)} game {game} ply {board.ply()}"
            print(f'{board.epd()} am {am}; id "{name}"; c0 "loses {best - ours} cp";'
                  f' c1 "peer: {bm}";', flush=True)
    peer.close()
    print(f"{kept} of {tried} suspects kept", file=sys.stderr)


if __name__ == "__main__":
    main()
