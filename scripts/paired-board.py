#!/usr/bin/env python3
"""Two runs of the same match (same seed, so the same openings under the
same game numbers) compared on the games both decided on the board: for
each PGN file `menagerie match --pgn` wrote, ENGINE's score over the game
numbers (`[Round]`) that every file ended with `Termination "normal"`.
A change measured against a peer is compared with the build before on the
same openings, which halves the noise of the openings' luck. With two
files, also how many of those games the second scored more and less on,
and the sign test's p-value.

    scripts/paired-board.py ENGINE A.pgn B.pgn [C.pgn ...]
"""

import re
import sys
from math import comb


def tag(block, name):
    m = re.search(r'\[%s "([^"]*)"\]' % name, block)
    return m.group(1) if m else None


def scores(path, engine):
    """Game number -> ENGINE's score, or None where the game did not end
    on the board."""
    out = {}
    with open(path, errors="replace") as f:
        for block in f.read().split("[Event ")[1:]:
            number = tag(block, "Round")
            if number is None:
                continue
            if tag(block, "Termination") != "normal":
                out[number] = None
                continue
            result = tag(block, "Result")
            white = tag(block, "White") == engine
            if result == "1/2-1/2":
                out[number] = 0.5
            elif result in ("1-0", "0-1"):
                out[number] = 1.0 if (result == "1-0") == white else 0.0
            else:
                out[number] = None
    return out


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    engine, paths = sys.argv[1], sys.argv[2:]
    runs = [scores(p, engine) for p in paths]
    common = set.intersection(
        *[{n for n, s in run.items() if s is not None} for run in runs]
    )
    if not common:
        sys.exit("no game number was decided on the board in every file")
    print("%d game numbers decided on the board in every file" % len(common))
    for path, run in zip(paths, runs):
        total = sum(run[n] for n in common)
        print("  %s: %.1f%% (%.1f of %d)" % (path, 100 * total / len(common), total, len(common)))
    if len(runs) == 2:
        print(discordance(runs, common))


def discordance(runs, common):
    """Of two runs: the game numbers on which the second scored more, and
    less, and the two-sided sign test's p-value on those (ties dropped)."""
    more = sum(1 for n in common if runs[1][n] > runs[0][n])
    less = sum(1 for n in common if runs[1][n] < runs[0][n])
    k, m = min(more, less), more + less
    tail = sum(comb(m, i) for i in range(k + 1)) / 2**m if m else 1.0
    return "  the second scored more on %d, less on %d; sign test p = %.3f" % (
        more,
        less,
        min(1.0, 2 * tail),
    )


if __name__ == "__main__":
    main()
