#!/usr/bin/env python3
"""A person plays the browser board (`menagerie gui`) in Chromium, through
its WebDriver (chromedriver), by clicks only.

In each game: a new game from the page's header (person White, engine
Black, 0.2 s a move, a fixed seed), then, in the dice-less food games, a
start with food in store and a hunter in hand loaded through the page's
Load box; then at least --plies plies, the person's moves made by clicking
squares (leg by leg for two-leg moves, from the hand for drops), throws by
the Throw button, choices by their buttons. The person prefers what the
game has and has not yet shown: a two-leg move, a drop, a move onto food, a
waking. After every step the page must show the dice faces, the modes and
the stores the server reports. At the end the game must have had a throw
and a choice (where the game has dice or food), a two-leg move, a drop, a
find and a waking (where it has them); the record saved from the page must
replay with `menagerie replay`.

Usage: scripts/gui-browser.py MENAGERIE [--only GAME ...] [--shots DIR] [--plies N]
                              [--variants FILE ...]
Needs: chromium and chromium-driver (Debian's), Python 3 (no packages).
"""

import argparse
import base64
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

GAMES = [
    "chess", "wolf", "hubbub", "pawneaters",
    "carnival", "carnival-oblique", "updown", "pieceorientation",
    "armyorientation", "multipawn", "montypython",
    "truffle", "butterflyhunt", "oysterhunt", "mining", "shrimphunt", "nuthunt",
]


class Failure(Exception):
    pass


def http(method, url, body=None, headers=None, timeout=30):
    data = body if isinstance(body, bytes) or body is None else body.encode()
    r = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    with urllib.request.urlopen(r, timeout=timeout) as resp:
        return resp.read().decode()


class Browser:
    """The W3C WebDriver protocol, as much of it as the test uses."""

    def __init__(self, port=9515):
        self.base = f"http://127.0.0.1:{port}"
        self.driver = subprocess.Popen(
            ["chromedriver", f"--port={port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                http("GET", self.base + "/status")
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1300,1000"]
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": args}}}}
        self.sid = self.call("POST", "/session", caps)["sessionId"]

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body)
        text = http(method, self.base + path, data, {"Content-Type": "application/json"}, 120)
        return json.loads(text)["value"]

    def s(self, method, path, body=None):
        return self.call(method, f"/session/{self.sid}{path}", body)

    def go(self, url):
        self.s("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def click(self, css):
        # The page redraws the board when the state it polls changes: an
        # element found just before may be gone (404, stale) when clicked.
        for attempt in range(5):
            try:
                found = self.s("POST", "/element", {"using": "css selector", "value": css})
                element = list(found.values())[0]
                self.s("POST", f"/element/{element}/click", {})
                return
            except urllib.error.HTTPError as e:
                if attempt == 4 or e.code not in (400, 404):
                    raise Failure(f"could not click {css}: {e.read().decode(errors='replace')[:300]}")
                time.sleep(0.1)

    def type_into(self, css, text):
        found = self.s("POST", "/element", {"using": "css selector", "value": css})
        element = list(found.values())[0]
        self.s("POST", f"/element/{element}/clear", {})
        self.s("POST", f"/element/{element}/value", {"text": text})

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.s("GET", "/screenshot")))

    def close(self):
        try:
            self.s("DELETE", "")
        finally:
            self.driver.terminate()


class Board:
    """One `menagerie gui` server and the page that shows it."""

    def __init__(self, menagerie, game, files):
        extra = [a for f in files for a in ("--variants", f)]
        self.proc = subprocess.Popen(
            [menagerie, *extra, "gui", "--variant", game], stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"(http://127\.0\.0\.1:\d+)/\?t=([0-9a-f]+)", line)
        if not m:
            raise Failure(f"menagerie gui printed {line!r}")
        self.base, self.token = m.group(1), m.group(2)
        self.url = f"{self.base}/?t={self.token}"

    def state(self):
        """What the server reports, read apart from the page."""
        return json.loads(http("GET", f"{self.base}/state?t={self.token}"))

    def close(self):
        self.proc.terminate()
        self.proc.wait()


def wait_for(what, check, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise Failure(f"timed out waiting for {what}")


def page_state(browser):
    return browser.js("return state")


def caught_up(page, server):
    """Whether the page shows the server's game (its seed and steps)."""
    return page["seed"] == server["seed"] and page["record"] == server["record"]


def check_page_shows(browser, server):
    """The dice, modes and stores on the page are the server's."""
    shown = browser.js("""
        return {
          faces: [...document.querySelectorAll('#dice .die')].map(d => +d.dataset.face),
          modes: [...document.querySelectorAll('#modes .mode b')].map(b => b.textContent),
          stores: (document.getElementById('stores') || {}).textContent || '',
          pieces: document.querySelectorAll('#board .piece').length,
        }""")
    dice = server["dice"]
    if dice and shown["faces"] != [int(f) for f in dice["faces"]]:
        raise Failure(f"the page shows faces {shown['faces']}, the server threw {dice['faces']}")
    for m, text in zip(server["modes"] or [], shown["modes"]):
        if m["title"] not in text or (m["name"] not in ("", "-") and m["name"] not in text):
            raise Failure(f"the page shows mode '{text}', the server says {m['title']} {m['name']}")
    if server["modes"] and len(shown["modes"]) != 2:
        raise Failure(f"the page shows {len(shown['modes'])} modes")
    if server["food"]:
        want = f"White {server['food']['stores'][0]}, Black {server['food']['stores'][1]}"
        if want not in shown["stores"]:
            raise Failure(f"the page shows '{shown['stores']}', the server's stores are {want}")
    on_board = sum(1 for row in server["board"]["rows"] for c in row if c and c["piece"])
    if shown["pieces"] != on_board:
        raise Failure(f"the page shows {shown['pieces']} pieces, the server {on_board}")


class Person:
    """Chooses as a curious person would: what the game has not shown yet."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.seen = set()

    def move(self, st):
        moves = [a for a in st["actions"] if a.get("to")]
        food = {c["sq"] for row in st["board"]["rows"] for c in row if c and int(c["food"]) > 0}
        wishes = [
            ("two-leg", lambda a: a["via"]),
            ("drop", lambda a: a["drop"]),
            ("find", lambda a: a["to"] in food and not a["drop"]),
        ]
        for name, fits in wishes:
            if name not in self.seen:
                fitting = [a for a in moves if fits(a)]
                if fitting:
                    return self.rng.choice(fitting)
        return self.rng.choice(moves)

    def choice(self, st):
        options = [a for a in st["actions"] if not a.get("to")]
        wakes = [a for a in options if a["t"].startswith("activate:") and a["t"] != "activate:done"]
        # A sleeping King cannot flee: wake it first.
        kings = [a for a in wakes if "king" in a["label"].lower()]
        if kings:
            return kings[0]
        if wakes and "wake" not in self.seen:
            return wakes[0]
        return self.rng.choice(options)


def click_move(browser, st, action):
    """As a person makes the move: the piece (or the hand's), then the
    square it ends on; first the middle square of a two-leg move that no
    move ends on; the move's button when several end on that square."""
    side = st["actor"][0].lower()
    if action["drop"]:
        browser.click(f'.hand-piece[data-side="{side}"][data-letter="{action["drop"]}"]')
    else:
        browser.click(f'#board [data-sq="{action["from"]}"]')
        ends = {a["to"] for a in st["actions"] if a.get("from") == action["from"]}
        if action["via"] and action["via"] not in ends:
            browser.click(f'#board [data-sq="{action["via"]}"]')
    browser.click(f'#board [data-sq="{action["to"]}"]')
    button = f'#choices .choice[data-t="{action["t"]}"]'
    if browser.js(f"return !!document.querySelector('{button}')"):
        browser.click(button)


def features(record):
    seen = set()
    for s in record:
        t = s["t"]
        if s["kind"] == "throw":
            seen.add("throw")
        if s["kind"] == "choice" and s["actor"] == "w":
            seen.add("choice")
        if "," in t:
            seen.add("two-leg")
        if "@" in t:
            seen.add("drop")
        if t in ("find:eat", "find:keep"):
            seen.add("find")
        if t.startswith("activate:") and t != "activate:done":
            seen.add("wake")
    return seen


def load_start(browser, st):
    """A food game's start with White's store full (the person's, to wake
    with) and a hunter in each hand, loaded through the page's Load box."""
    fen = st["fen"]
    rows = fen.split(" ")[0].split("[")[0].split("/")
    hunter = rows[-2][0]
    fen = re.sub(r"\[[^\]]*\]", f"[{hunter.upper()}{hunter.lower()}]", fen, count=1)
    fen = re.sub(r"stores=\d+/\d+", f"stores={st['food']['storeMax']}/0", fen)
    pgn = f'[Event "menagerie board"]\n[Variant "{st["variant"]}"]\n[SetUp "1"]\n[FEN "{fen}"]\n\n*\n'
    browser.click("#load")
    browser.type_into("#pgn", pgn)
    browser.click("#pgn-load")
    wait_for("the loaded game", lambda: page_state(browser)["fen"] == fen, 10)


def play_game(browser, menagerie, game, plies, seed, shots, files):
    """Games of `game` until one has lasted `plies` plies and the games
    together have shown all that `game` has (a game that ends sooner is
    followed by another, at most six)."""
    board = Board(menagerie, game, files)
    try:
        browser.go(board.url)
        wait_for("the page", lambda: browser.js("return !!(typeof state !== 'undefined' && state)"))
        person = Person(seed)
        wants, seen = set(), set()
        for attempt in range(6):
            moves_played, st, wants_now, seen_now = play_one(browser, board, person, plies, seed + 100 * attempt)
            wants |= wants_now
            seen |= seen_now
            if moves_played >= plies and wants <= seen:
                break
        missing = wants - seen
        if moves_played < plies:
            raise Failure(f"no game lasted {plies} plies")
        if missing:
            raise Failure(f"the games did not show: {', '.join(sorted(missing))}")
        if shots:
            browser.js("window.scrollTo(0, 0)")
            browser.screenshot(os.path.join(shots, f"gui-{game}.png"))
        if not os.environ.get("GUI_NO_REPLAY"):
            replay_saved(browser, menagerie, files)
        return moves_played, sorted(seen), st["ended"]
    finally:
        board.close()


def play_one(browser, board, person, plies, seed):
    """One game from the page's New game button (with food in store and
    a hunter in hand where the game has food): what it wanted and showed."""
    browser.js("document.getElementById('time').value = 'move:200'")
    browser.type_into("#seed", str(seed))
    browser.click("#start")
    wait_for("the new game", lambda: board.state()["seed"] == str(seed))
    st = board.state()
    wants = set()
    if st["modes"] or st["food"]:
        wants.add("throw")
    if st["offersChoices"]:
        wants.add("choice")
    if st["food"]:
        load_start(browser, st)
        wants |= {"drop", "find", "wake"}
    seen_before = set(person.seen)
    while True:
        st = wait_for("the person's turn", lambda: (lambda s: s if s["waitsForPerson"] or s["ended"] else None)(board.state()), 60)
        wait_for("the page to catch up", lambda: caught_up(page_state(browser), st), 10)
        check_page_shows(browser, st)
        person.seen = seen_before | features(st["record"])
        if any(a.get("via") for a in st["actions"]):
            wants.add("two-leg")
        moves_played = sum(1 for s in st["record"] if s["kind"] == "move")
        if st["ended"] or (moves_played >= plies and wants <= person.seen) or moves_played >= 6 * plies:
            break
        before = len(st["record"])
        if st["pending"] == "throw":
            browser.click("#throw")
        elif st["pending"] == "move":
            click_move(browser, st, person.move(st))
        else:
            browser.click(f'#choices .choice[data-t="{person.choice(st)["t"]}"]')
        wait_for("the step to be played", lambda: len(board.state()["record"]) > before, 10)
    person.seen |= seen_before
    return moves_played, st, wants, features(st["record"])


def replay_saved(browser, menagerie, files):
    browser.js("document.getElementById('pgn').value = ''")
    browser.click("#save")
    pgn = wait_for("the record", lambda: browser.js("return document.getElementById('pgn').value"))
    browser.click("#pgn-close")
    if "[DiceSeed" not in pgn:
        raise Failure("the saved record has no DiceSeed")
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        f.write(pgn)
    extra = [a for f in files for a in ("--variants", f)]
    out = subprocess.run([menagerie, *extra, "replay", f.name], capture_output=True, text=True)
    os.unlink(f.name)
    if out.returncode != 0 or ": ok," not in out.stdout:
        raise Failure(f"menagerie replay: {out.stdout.strip()} {out.stderr.strip()}\n{pgn}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("menagerie")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--shots")
    ap.add_argument("--plies", type=int, default=10)
    ap.add_argument("--variants", action="append", default=[], help="a game file to load (its games may be --only's)")
    args = ap.parse_args()
    menagerie = os.path.abspath(args.menagerie)
    games = args.only or GAMES
    browser = Browser()
    failures = 0
    try:
        for i, game in enumerate(games):
            start = time.time()
            try:
                plies, seen, ended = play_game(
                    browser, menagerie, game, args.plies, 1000 + i, args.shots, args.variants)
                end = f", ended {ended['result']} ({ended['reason']})" if ended else ""
                print(f"ok   {game}: {plies} plies, showed {', '.join(seen) or 'moves'}{end}, replayed ({time.time() - start:.0f} s)", flush=True)
            except Failure as e:
                failures += 1
                print(f"FAIL {game}: {e}", flush=True)
                if args.shots:
                    browser.screenshot(os.path.join(args.shots, f"gui-{game}-failed.png"))
    finally:
        browser.close()
    print(f"{len(games)} games, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
