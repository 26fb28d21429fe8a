#!/usr/bin/env python3
"""Cross-check menagerie's perft against Fairy-Stockfish (PyPI package pyffish).

Usage:
  scripts/crosscheck-fsf.py VARIANT [--depth D] [--fen FEN] [--moves M ...]
                            [--jobs J] [--engine PATH] [--fsf-only]
                            [--each-depth] [--drill]

  VARIANT        wolf or hubbub (Fairy-Stockfish definitions in scripts/fsf/)
  --depth D      perft depth (default 3)
  --fen FEN      start from this FEN, written as menagerie writes it
                 (default: the variant's start position)
  --moves M ...  moves in menagerie's UCI form to play first
  --jobs J       processes for the Fairy-Stockfish perft and threads for
                 menagerie (default: number of CPUs)
  --engine PATH  menagerie binary (default target/release/menagerie)
  --fsf-only     run only Fairy-Stockfish: print its divide and total
  --each-depth   with --fsf-only, print the total for every depth 1..D
  --drill        on a mismatch, follow one differing root move down, one ply
                 at a time, to the position whose move lists differ

Fairy-Stockfish's perft is a plain recursion over pyffish.legal_moves (a few
thousand calls a second: depth 4 from the start takes 0.5-1.5 minutes a
core). menagerie is run as
  menagerie perft --variant V --depth D [--fen F] [--moves ...] --divide
and its lines "move: count", a blank line and "Nodes searched: N" are read.
Moves and FENs are translated between the two conventions (see
scripts/fsf/README.md), root moves are compared one by one and the
differences printed.

Exit status: 0 when the counts agree (or with --fsf-only), 1 when they
differ, 2 on an error (bad FEN or move, engine failure, pyffish missing).
"""

import argparse
import os
import re
import signal
import subprocess
import sys
import time
from multiprocessing import get_context
from pathlib import Path

try:
    import pyffish as sf
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit("crosscheck-fsf: pyffish is not installed (pip install pyffish)")

REPO = Path(__file__).resolve().parent.parent
FSF_DIR = REPO / "scripts" / "fsf"

# Squares written as file letter + rank number from 1, then an optional
# promotion suffix (a letter, or "+" for Fairy-Stockfish's piece promotion).
MOVE_RE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)(.*)$")


class Game:
    """One game as both engines see it, and the translations between them."""

    def __init__(self, name, section, plus_suffix, fen_to_fsf, fen_from_fsf, known):
        self.name = name  # menagerie's --variant
        self.section = section  # the variant name inside the ini file
        self.ini = FSF_DIR / f"{name}.ini"
        # What a Fairy-Stockfish move's trailing "+" becomes in menagerie.
        self.plus_suffix = plus_suffix
        # {(menagerie letter, square): Fairy-Stockfish letter} for pieces whose
        # letter depends on where they stand (unmoved pieces).
        self.fen_to_fsf = fen_to_fsf
        # {Fairy-Stockfish board token: menagerie letter}.
        self.fen_from_fsf = fen_from_fsf
        self.known = known  # known differences, printed on a mismatch

    def move_from_fsf(self, move):
        if move.endswith("+"):
            return move[:-1] + self.plus_suffix
        return move


GAMES = {
    "wolf": Game(
        "wolf",
        "menagerie-wolf",
        plus_suffix="e",  # pawn -> elephant is a piece promotion in FSF
        fen_to_fsf={},
        fen_from_fsf={"+P": "E", "+p": "e"},
        known=[
            "double steps are granted by square in Fairy-Stockfish (a pawn or "
            "sergeant standing on rank 2 / b3 c3 f3 g3, black rank 9 / b8 c8 "
            "f8 g8, may double step even after moving), by history in menagerie",
        ],
    ),
    "hubbub": Game(
        "hubbub",
        "menagerie-hubbub",
        plus_suffix="",  # an unmoved scout/bishop's first move
        fen_to_fsf={
            ("S", "e1"): "U", ("S", "f1"): "U",
            ("B", "a1"): "C", ("B", "j1"): "C",
            ("s", "e10"): "u", ("s", "f10"): "u",
            ("b", "a10"): "c", ("b", "j10"): "c",
        },
        fen_from_fsf={
            "U": "S", "u": "s", "C": "B", "c": "b",
            "+U": "S", "+u": "s", "+C": "B", "+c": "b",
        },
        known=[
            "Fairy-Stockfish never lets a piece onto an extra square (grid a1 e1 "
            "f1 j1 a10 e10 f10 j10); menagerie lets a capture enter one that "
            "still holds an enemy piece (first at depth 5)",
            "an unmoved scout or bishop is recognised by its square when a FEN "
            "is translated: a scout on its side's e1/f1 (e10/f10) or a bishop on "
            "a1/j1 (a10/j10) is taken as never having moved",
        ],
    ),
}


def die(msg, status=2):
    print(f"crosscheck-fsf: {msg}", file=sys.stderr)
    sys.exit(status)


# ------------------------------------------------------------------ FENs


def split_rank(text):
    """Tokens of one FEN rank: '+X' pieces, single letters, '*', digit runs."""
    return re.findall(r"\+[A-Za-z]|[A-Za-z]|\*|\d+", text)


def fen_to_fsf(game, fen):
    """menagerie's FEN -> Fairy-Stockfish's (unmoved pieces get their letters)."""
    fields = fen.split()
    if not fields:
        die("empty FEN")
    ranks = fields[0].split("/")
    out = []
    for i, rank in enumerate(ranks):
        rank_no = len(ranks) - i
        file_no = 0
        parts = []
        for tok in split_rank(rank):
            if tok.isdigit():
                parts.append(tok)
                file_no += int(tok)
                continue
            square = f"{chr(ord('a') + file_no)}{rank_no}"
            parts.append(game.fen_to_fsf.get((tok, square), tok))
            file_no += 1
        out.append("".join(parts))
    fields[0] = "/".join(out)
    return " ".join(fields)


def fen_from_fsf(game, fen):
    """Fairy-Stockfish's FEN -> menagerie's (for showing a position)."""
    fields = fen.split()
    ranks = fields[0].split("/")
    board = []  # rows of cells, for the en passant clean-up below
    out = []
    for rank in ranks:
        parts = []
        row = []
        for tok in split_rank(rank):
            if tok.isdigit():
                parts.append(tok)
                row.extend([None] * int(tok))
            else:
                tok = game.fen_from_fsf.get(tok, tok.lstrip("+"))
                parts.append(tok)
                row.append(tok)
        out.append("".join(parts))
        board.append(row)
    fields[0] = "/".join(out)
    # Fairy-Stockfish may list several en passant squares, including the
    # square of the piece that just double-stepped; keep the empty ones.
    if len(fields) > 3 and fields[3] != "-":
        keep = []
        for f, r in re.findall(r"([a-z])(\d+)", fields[3]):
            row = len(board) - int(r)
            col = ord(f) - ord("a")
            if 0 <= row < len(board) and col < len(board[row]) and board[row][col] is None:
                keep.append(f + r)
        fields[3] = "".join(keep) or "-"
    return " ".join(fields)


# ------------------------------------------------------- Fairy-Stockfish


def load_fsf(game):
    if game.section not in sf.variants():
        sf.load_variant_config(game.ini.read_text())
    if game.section not in sf.variants():
        die(f"{game.ini} did not define [{game.section}]")


def fsf_perft(variant, fen, moves, depth):
    if depth == 0:
        return 1
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(fsf_perft(variant, fen, moves + [m], depth - 1) for m in legal)


def _root_job(args):
    variant, fen, moves, move, depth = args
    return move, fsf_perft(variant, fen, moves + [move], depth - 1)


def fsf_divide(game, fen, moves, depth, jobs):
    """{Fairy-Stockfish move: leaf count} below each legal move."""
    legal = sf.legal_moves(game.section, fen, moves)
    work = [(game.section, fen, moves, m, depth) for m in legal]
    if jobs <= 1 or depth <= 2 or len(work) <= 1:
        return dict(_root_job(w) for w in work)
    # Forked workers inherit the loaded variant; pyffish crashes on an
    # unknown variant name, so a spawned worker would need to load it again.
    try:
        ctx = get_context("fork")
    except ValueError:
        return dict(_root_job(w) for w in work)
    with ctx.Pool(min(jobs, len(work))) as pool:
        return dict(pool.imap_unordered(_root_job, work, chunksize=1))


def moves_to_fsf(game, fen, our_moves):
    """Translate menagerie moves to Fairy-Stockfish's, checking legality."""
    fsf_moves = []
    for m in our_moves:
        legal = {game.move_from_fsf(x): x for x in sf.legal_moves(game.section, fen, fsf_moves)}
        if m not in legal:
            die(f"move {m!r} is not legal for Fairy-Stockfish after {' '.join(our_moves[:len(fsf_moves)]) or 'the start'}")
        fsf_moves.append(legal[m])
    return fsf_moves


def to_ours(game, counts):
    """Re-key a Fairy-Stockfish divide by menagerie's move text."""
    out = {}
    for m, n in counts.items():
        k = game.move_from_fsf(m)
        if k in out:
            die(f"two Fairy-Stockfish moves translate to {k!r}")
        out[k] = n
    return out


# -------------------------------------------------------------- menagerie


def run_ours(engine, game, fen, moves, depth, jobs):
    cmd = [str(engine), "perft", "--variant", game.name, "--depth", str(depth),
           "--divide", "--threads", str(max(1, jobs))]
    if fen is not None:
        cmd += ["--fen", fen]
    if moves:
        cmd += ["--moves", *moves]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        die(f"cannot run {engine}: {e}")
    if proc.returncode != 0:
        die(f"menagerie failed ({' '.join(cmd)}):\n{proc.stderr.strip()}")
    counts = {}
    total = None
    for line in proc.stdout.splitlines():
        line = line.strip()
        if line.startswith("Nodes searched:"):
            total = int(line.split(":", 1)[1])
        elif ": " in line and MOVE_RE.match(line.split(":", 1)[0]):
            m, n = line.split(":", 1)
            counts[m.strip()] = int(n)
    if total is None:
        die(f"no 'Nodes searched' line in menagerie's output:\n{proc.stdout}")
    if sum(counts.values()) != total and depth > 0:
        die(f"menagerie's divide sums to {sum(counts.values())}, not {total}")
    return counts, total


# ---------------------------------------------------------------- compare


def compare(ours, fsf):
    """Lines describing every root move whose counts differ."""
    lines = []
    for m in sorted(set(ours) | set(fsf)):
        a, b = ours.get(m), fsf.get(m)
        if a == b:
            continue
        if a is None:
            lines.append((m, f"{m:<10} {'-':>12} {b:>12}   only Fairy-Stockfish"))
        elif b is None:
            lines.append((m, f"{m:<10} {a:>12} {'-':>12}   only menagerie"))
        else:
            lines.append((m, f"{m:<10} {a:>12} {b:>12}   {a - b:+d}"))
    return lines


def print_divide(counts):
    for m in sorted(counts):
        print(f"{m}: {counts[m]}")
    print()


def main():
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant", choices=sorted(GAMES))
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--fen", help="start FEN in menagerie's notation")
    ap.add_argument("--moves", nargs="+", default=[], help="moves (menagerie's form) to play first")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--engine", default=str(REPO / "target" / "release" / "menagerie"))
    ap.add_argument("--fsf-only", action="store_true")
    ap.add_argument("--each-depth", action="store_true")
    ap.add_argument("--drill", action="store_true")
    args = ap.parse_args()
    if args.depth < 1:
        die("--depth must be at least 1")

    game = GAMES[args.variant]
    load_fsf(game)
    fen = fen_to_fsf(game, args.fen) if args.fen else sf.start_fen(game.section)
    if sf.validate_fen(fen, game.section) != 1:
        die(f"Fairy-Stockfish rejects the FEN {fen!r} (code {sf.validate_fen(fen, game.section)})")
    our_moves = [m for chunk in args.moves for m in chunk.split()]
    fsf_moves = moves_to_fsf(game, fen, our_moves)

    print(f"variant {game.name} (Fairy-Stockfish [{game.section}] from {game.ini.relative_to(REPO)})")
    print(f"FEN (Fairy-Stockfish): {sf.get_fen(game.section, fen, fsf_moves)}")

    if args.fsf_only:
        depths = range(1, args.depth + 1) if args.each_depth else [args.depth]
        for d in depths:
            t = time.time()
            counts = to_ours(game, fsf_divide(game, fen, fsf_moves, d, args.jobs))
            if d == args.depth:
                print()
                print_divide(counts)
            print(f"Fairy-Stockfish perft {d}: {sum(counts.values())}  ({time.time() - t:.1f} s)")
        return 0

    engine = Path(args.engine)
    if not engine.exists():
        die(f"{engine} not found: build it with `cargo build --release`")

    depth = args.depth
    status = 0
    while True:
        t = time.time()
        fsf_counts = to_ours(game, fsf_divide(game, fen, fsf_moves, depth, args.jobs))
        t_fsf = time.time() - t
        t = time.time()
        ours, total = run_ours(engine, game, args.fen, our_moves, depth, args.jobs)
        t_ours = time.time() - t
        fsf_total = sum(fsf_counts.values())
        where = " ".join(our_moves) or "(root)"
        print()
        print(f"after {where}: depth {depth}: menagerie {total} ({t_ours:.1f} s), "
              f"Fairy-Stockfish {fsf_total} ({t_fsf:.1f} s)")
        diffs = compare(ours, fsf_counts)
        if not diffs:
            print("all root moves agree")
            break
        status = 1
        print(f"{'move':<10} {'menagerie':>12} {'fairy-sf':>12}")
        for _, line in diffs:
            print(line)
        one_sided = [m for m, _ in diffs if m not in ours or m not in fsf_counts]
        if not args.drill or depth == 1 or one_sided:
            if one_sided or depth == 1:
                pos = sf.get_fen(game.section, fen, fsf_moves)
                print(f"position: {fen_from_fsf(game, pos)}")
                print(f"  (Fairy-Stockfish: {pos})")
            break
        # Follow the differing move with the smallest subtree.
        m = min((m for m, _ in diffs), key=lambda k: min(ours[k], fsf_counts[k]))
        fsf_m = {game.move_from_fsf(x): x for x in sf.legal_moves(game.section, fen, fsf_moves)}[m]
        our_moves.append(m)
        fsf_moves.append(fsf_m)
        depth -= 1

    if status:
        print()
        print("known differences between the two rule sets:")
        for k in game.known:
            print(f"  - {k}")
    return status


if __name__ == "__main__":
    sys.exit(main())
