#!/usr/bin/env python3
"""menagerie driven by a real client: python-chess (PyPI `chess`).

Our engine over UCI plays our engine over XBoard (CECP v2) in standard
chess, two games with colours swapped, with short limits. Every move is
checked against python-chess's own board (python-chess parses and checks
what each engine sends; we check again), games run until
`board.is_game_over(claim_draw=True)` or a ply cap, then are adjudicated
by material. Before that, a depth-limited analysis in each protocol of a
position the search mates at once must return. Prints each game's PGN and
the results; exits non-zero on any error (an illegal move, an engine
error, a crash, a hang, a warning python-chess logs about an engine).

    python3 tests/python/play_chess.py target/release/menagerie
"""

import logging
import os
import sys
import threading
import traceback

import chess
import chess.engine
import chess.pgn

PLY_CAP = 200
# Alternate the limits: a time per move and a fixed depth.
LIMITS = [chess.engine.Limit(time=0.02), chess.engine.Limit(depth=2)]
# Everything must be over by then (a hung engine must fail the run).
WATCHDOG_SECONDS = 240

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def material(board, colour):
    return sum(len(board.pieces(kind, colour)) * v for kind, v in VALUES.items())


def adjudicate(board):
    """The result of a game stopped at the ply cap: by material."""
    diff = material(board, chess.WHITE) - material(board, chess.BLACK)
    if diff >= 3:
        return "1-0", "adjudicated: White is ahead in material"
    if diff <= -3:
        return "0-1", "adjudicated: Black is ahead in material"
    return "1/2-1/2", "adjudicated: material is even"


def play_game(number, white, black, names):
    board = chess.Board()
    game_tag = object()  # one game for python-chess: `new` once, then moves
    engines = {chess.WHITE: white, chess.BLACK: black}
    while not board.is_game_over(claim_draw=True) and board.ply() < PLY_CAP:
        engine = engines[board.turn]
        limit = LIMITS[board.ply() // 2 % len(LIMITS)]
        result = engine.play(board, limit, game=game_tag)
        move = result.move
        mover = names[board.turn]
        if move is None:
            raise RuntimeError(f"game {number}: {mover} returned no move at {board.fen()}")
        if move not in board.legal_moves:
            raise RuntimeError(f"game {number}: {mover} played illegal {move.uci()} at {board.fen()}")
        board.push(move)

    if board.is_game_over(claim_draw=True):
        outcome = board.outcome(claim_draw=True)
        result = outcome.result()
        how = outcome.termination.name.lower().replace("_", " ")
    else:
        result, how = adjudicate(board)

    pgn = chess.pgn.Game.from_board(board)
    pgn.headers["Event"] = "menagerie UCI vs XBoard (python-chess)"
    pgn.headers["Round"] = str(number)
    pgn.headers["White"] = names[chess.WHITE]
    pgn.headers["Black"] = names[chess.BLACK]
    pgn.headers["Result"] = result
    pgn.headers["Termination"] = how
    print(pgn, end="\n\n", flush=True)
    print(f"game {number}: {names[chess.WHITE]} - {names[chess.BLACK]}: {result} ({how}, {board.ply()} plies)", flush=True)
    return result


def check_id(engine, protocol):
    name = engine.id.get("name", "")
    if not name.startswith("menagerie"):
        raise RuntimeError(f"{protocol}: the engine calls itself {name!r}")


class WarningsKept(logging.Handler):
    """Every warning python-chess logs about an engine (a rejected feature,
    output it does not understand) fails the run."""

    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.messages = []

    def emit(self, record):
        message = record.getMessage()
        # The protocol's answer to the `.` python-chess sends when it stops
        # an analysis: XBoard reads it, python-chess does not know it.
        if "Unexpected engine output: 'stat01: " not in message:
            self.messages.append(message)


def check_analysis(engine, protocol):
    """A depth-limited analysis returns even where the search finds a mate
    at once (XBoard analysis must keep reporting until told to stop)."""
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    info = engine.analyse(board, chess.engine.Limit(depth=6))
    if info.get("depth", 0) < 6 or not info.get("pv") or info["pv"][0] != chess.Move.from_uci("a1a8"):
        raise RuntimeError(f"{protocol}: analysis to depth 6 gave {info}")
    print(f"{protocol} analysis: depth {info['depth']}, score {info.get('score')}, pv {info['pv'][0]}", flush=True)


def main():
    if len(sys.argv) != 2:
        print(f"usage: {sys.argv[0]} PATH-TO-MENAGERIE", file=sys.stderr)
        return 2
    binary = sys.argv[1]
    print(f"python-chess {chess.__version__}, engine {binary}", flush=True)

    engines = []

    def watchdog():
        print(f"error: not done after {WATCHDOG_SECONDS} s", file=sys.stderr, flush=True)
        for e in engines:
            try:
                e.close()
            except Exception:
                pass
        os._exit(3)

    timer = threading.Timer(WATCHDOG_SECONDS, watchdog)
    timer.daemon = True
    timer.start()

    warnings = WarningsKept()
    logging.getLogger("chess.engine").addHandler(warnings)

    try:
        uci = chess.engine.SimpleEngine.popen_uci([binary, "uci"], timeout=30)
        engines.append(uci)
        xboard = chess.engine.SimpleEngine.popen_xboard([binary, "xboard"], timeout=30)
        engines.append(xboard)
        check_id(uci, "UCI")
        check_id(xboard, "XBoard")
        if "DiceSeed" not in xboard.options or "Ponder" not in uci.options:
            raise RuntimeError(f"options: XBoard {list(xboard.options)}, UCI {list(uci.options)}")
        check_analysis(uci, "UCI")
        check_analysis(xboard, "XBoard")

        results = []
        pairings = [
            (uci, xboard, {chess.WHITE: "menagerie (UCI)", chess.BLACK: "menagerie (XBoard)"}),
            (xboard, uci, {chess.WHITE: "menagerie (XBoard)", chess.BLACK: "menagerie (UCI)"}),
        ]
        for number, (white, black, names) in enumerate(pairings, start=1):
            results.append(play_game(number, white, black, names))

        for e in engines:
            e.quit()
        engines.clear()
        print("results:", " ".join(results), flush=True)
        if warnings.messages:
            raise RuntimeError("python-chess warned: " + "; ".join(warnings.messages))
        return 0
    except Exception:
        traceback.print_exc()
        return 1
    finally:
        for e in engines:
            try:
                e.close()
            except Exception:
                pass
        timer.cancel()


if __name__ == "__main__":
    sys.exit(main())
