#!/usr/bin/env python3
"""Which of Fairy-Stockfish's evaluation terms tell the result of our games
against it beyond our own search score: a diagnostic for what our
evaluation lacks, not part of the test suite.

From matches `menagerie match --pgn F.pgn --log F.log` played against
Fairy-Stockfish (each run its PGN file and its logs, e.g. a resumed run's
two), it takes the positions Fairy-Stockfish was sent at the plies below,
in the games that ended on the board, and asks Fairy-Stockfish's `eval`
for its term table.
Each term (middlegame and endgame column, signed for ENGINE) is then
added to a logistic fit of ENGINE's result on ENGINE's last search score,
cross-validated over five folds of the games, and printed with the change
of the held-out log loss (negative: the term tells something our score
does not) and its mean in ENGINE's wins and losses. Positions where the
material stands more than 3 pawns apart (mid-exchange) are left out.

    scripts/fsf-eval-terms.py FSF VARIANT ENGINE F.pgn=F.log[,F2.log] [G.pgn=G.log ...]

FSF is the Fairy-Stockfish binary (peers/fsf/fairy-stockfish). Needs numpy.
"""

import re
import subprocess
import sys

import numpy as np

PLIES = (22, 28, 34, 40)
TERMS = ("Material", "Imbalance", "Pawns", "Knights", "Bishops", "Rooks",
         "Queens", "Mobility", "King safety", "Threats", "Passed", "Space",
         "Winnable", "Total")
LINE = re.compile(r"^game (\d+) (white|black) (\S+) ([<>]) (.*)$")
ROW = re.compile(r"\|\s*([A-Za-z ]+?)\s*\|.*\|\s*(-?[\d.]+|----)\s+(-?[\d.]+|----)\s*\|\s*$")


def tag(block, name):
    m = re.search(r'\[%s "([^"]*)"\]' % name, block)
    return m.group(1) if m else None


def results(pgn, engine):
    """Game number -> (ENGINE plays White, ENGINE's score), on the board only."""
    out = {}
    with open(pgn, errors="replace") as f:
        for block in f.read().split("[Event ")[1:]:
            result = tag(block, "Result")
            if tag(block, "Termination") != "normal" or result not in ("1-0", "0-1", "1/2-1/2"):
                continue
            white = tag(block, "White") == engine
            score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
            out[int(tag(block, "Round"))] = (white, score if white else 1 - score)
    return out


def positions(logs, engine, wanted):
    """(game, ply) -> (the peer's `position` command, ENGINE's last score)."""
    last, out = {}, {}
    for path in logs:
        with open(path, errors="replace") as f:
            for line in f:
                m = LINE.match(line.rstrip("\n"))
                if not m or int(m.group(1)) not in wanted:
                    continue
                game, who, way, text = int(m.group(1)), m.group(3), m.group(4), m.group(5)
                if who == engine and way == "<" and " score " in text:
                    t = text.split()
                    i = t.index("score")
                    mate = 3000 if int(t[i + 2]) > 0 else -3000
                    last[game] = int(t[i + 2]) if t[i + 1] == "cp" else mate
                elif who != engine and way == ">" and text.startswith("position startpos moves"):
                    ply = len(text.split()) - 3
                    if ply in PLIES and game in last:
                        out[(game, ply)] = (text, last[game])
    return out


def traces(fsf, variant, commands):
    """Each `position` command's term table: {term.mg: pawns, term.eg: pawns}."""
    p = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)
    p.stdin.write("uci\nsetoption name UCI_Variant value %s\n" % variant)
    out = []
    for command in commands:
        p.stdin.write(command + "\neval\nisready\n")
        p.stdin.flush()
        row = {}
        for line in iter(p.stdout.readline, ""):
            if line.startswith("readyok"):
                break
            m = ROW.match(line)
            if m and m.group(1) in TERMS:
                for column, text in ((".mg", m.group(2)), (".eg", m.group(3))):
                    row[m.group(1) + column] = 0.0 if text == "----" else float(text)
        out.append(row)
    p.stdin.write("quit\n")
    p.stdin.close()
    p.wait()
    return out


def fit(x, y, l2=1e-3):
    """Logistic regression weights by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        hessian = (x.T * (p * (1 - p))) @ x + l2 * np.eye(len(w))
        w -= np.linalg.solve(hessian, x.T @ (p - y) + l2 * w)
    return w


def held_out_loss(x, y, fold):
    total = 0.0
    for k in range(5):
        w = fit(x[fold != k], y[fold != k])
        p = np.clip(1 / (1 + np.exp(-x[fold == k] @ w)), 1e-6, 1 - 1e-6)
        yk = y[fold == k]
        total -= (yk * np.log(p) + (1 - yk) * np.log(1 - p)).sum()
    return total / len(y)


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    fsf, variant, engine = sys.argv[1:4]
    games, found = {}, []
    for run, spec in enumerate(sys.argv[4:]):
        pgn, _, logs = spec.partition("=")
        these = results(pgn, engine)
        games.update({(run, g): r for g, r in these.items()})
        sent = positions(logs.split(","), engine, these)
        found += [((run, g), ply, v) for (g, ply), v in sorted(sent.items())]
    rows = traces(fsf, variant, [command for _, _, (command, _) in found])
    keep = [i for i, r in enumerate(rows) if abs(r.get("Material.mg", 0.0)) < 3]
    sign = np.array([1.0 if games[g][0] else -1.0 for g, _, _ in found])[keep]
    y = np.array([games[g][1] for g, _, _ in found])[keep]
    ours = np.clip(np.array([s for _, _, (_, s) in found])[keep] / 100, -10, 10)
    fold = np.array([(7 * run + g) % 5 for (run, g), _, _ in found])[keep]
    one = np.ones(len(y))
    base = held_out_loss(np.c_[one, ours], y, fold)
    print("%d positions of %d games; %s scored %.3f" % (len(y), len(games), engine, y.mean()))
    print("held-out log loss: our score alone %.4f, a constant %.4f"
          % (base, held_out_loss(one[:, None], y, fold)))
    for term in TERMS:
        for column in (".mg", ".eg"):
            x = sign * np.array([rows[i].get(term + column, 0.0) for i in keep])
            if x.std() < 1e-9:
                continue
            loss = held_out_loss(np.c_[one, ours, x], y, fold)
            print("%-12s%s %+.4f   mean in wins %+.2f, in losses %+.2f"
                  % (term, column, loss - base, x[y == 1].mean(), x[y == 0].mean()))


if __name__ == "__main__":
    main()
