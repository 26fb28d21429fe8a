//! Property test: both parsers take any line without panicking.
//!
//! 100,000 lines, from a small xorshift generator with a fixed seed (so a
//! failure is reproducible): random bytes (non-UTF-8 ones turned into
//! U+FFFD, as the engine's lossy line reader does), random sequences of
//! protocol words, and valid commands mutated by truncation, token swaps,
//! deletions, duplications, replacements and byte noise. For every line and
//! both parsers:
//! - parsing does not panic;
//! - an error's message is non-empty and a single line;
//! - a command's canonical text parses back to the same command;
//! - for XBoard, the `Error (...)` reply built from an error is one line.

use std::panic::{catch_unwind, AssertUnwindSafe};

use engine_protocol::{parse_uci, parse_xboard, ProtocolError, XboardReply};

const LINES: usize = 100_000;

/// Marsaglia's xorshift64.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// Valid lines of both protocols, to mutate.
const VALID: &[&str] = &[
    "uci",
    "debug on",
    "debug off",
    "isready",
    "setoption name Hash value 128",
    "setoption name Book File value C:\\my books\\a.bin",
    "setoption name Clear Hash",
    "register later",
    "ucinewgame",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 moves e7e5",
    "position fen 10/10/10/10/10/10/10/10/10/10 w - - 0 1 moves a2a10 P@e4",
    "go",
    "go infinite",
    "go ponder wtime 300000 btime 300000 winc 2000 binc 2000 movestogo 40",
    "go depth 12 nodes 1000000 mate 3 movetime 5000",
    "go searchmoves e2e4 d2d4 depth 5",
    "go perft 4",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "bench 16 1 13",
    "xboard",
    "protover 2",
    "accepted usermove",
    "rejected option nonsense",
    "new",
    "variant wolf",
    "random",
    "force",
    "playother",
    "white",
    "black",
    "level 40 5 0",
    "level 0 2:30 12",
    "level 40 25+5 0.5",
    "st 30",
    "sd 12",
    "nps 10000",
    "time 30000",
    "otim -150",
    "usermove e2e4",
    "e7e8q",
    "a9a10",
    "b0c2",
    "P@e4",
    "d2c3,c3c4",
    "@@@@",
    "?",
    "ping 17",
    "draw",
    "result 1-0 {White mates}",
    "result 1/2-1/2 {Draw by repetition}",
    "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "edit",
    "hint",
    "bk",
    "undo",
    "remove",
    "hard",
    "easy",
    "post",
    "nopost",
    "analyze",
    "exit",
    ".",
    "name Deep Thought",
    "rating 2600 1500",
    "ics -",
    "computer",
    "pause",
    "resume",
    "memory 256",
    "cores 2",
    "egtpath syzygy /home/tables",
    "option Hash=64",
    "option Clear Hash",
    "exclude all",
    "include e2e4",
    "lift e2",
    "put e4",
    "hover d5",
    "pips 3/6 6/6",
];

/// Words and fragments to build random lines from.
const WORDS: &[&str] = &[
    "uci",
    "debug",
    "on",
    "off",
    "isready",
    "setoption",
    "name",
    "value",
    "register",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "bench",
    "xboard",
    "protover",
    "accepted",
    "rejected",
    "new",
    "variant",
    "random",
    "force",
    "playother",
    "white",
    "black",
    "level",
    "st",
    "sd",
    "nps",
    "time",
    "otim",
    "usermove",
    "?",
    "ping",
    "draw",
    "result",
    "setboard",
    "edit",
    "hint",
    "bk",
    "undo",
    "remove",
    "hard",
    "easy",
    "post",
    "nopost",
    "analyze",
    "exit",
    ".",
    "rating",
    "ics",
    "computer",
    "pause",
    "resume",
    "memory",
    "cores",
    "egtpath",
    "option",
    "exclude",
    "include",
    "all",
    "lift",
    "put",
    "hover",
    "pips",
    "0",
    "1",
    "-1",
    "40",
    "5",
    "0:30",
    "1:",
    ":",
    "2.5",
    "99999999999999999999",
    "-9223372036854775809",
    "18446744073709551616",
    "e2e4",
    "a9a10",
    "b0c2",
    "P@e4",
    "d2c3,c3c4",
    "@@@@",
    "O-O",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "{",
    "}",
    "{White",
    "mates}",
    "=",
    "a=b",
    "3/6",
    "7/6",
    "0/6",
    "/",
    "6/",
    "/6",
    "8/8/8/8/8/8/8/8",
    "w",
    "-",
    "é",
    "\u{FFFD}",
    "\t",
    "\u{85}",
    "\u{2028}",
    "#",
];

fn random_bytes(rng: &mut XorShift) -> String {
    let len = rng.below(48);
    let bytes: Vec<u8> = (0..len)
        .map(|_| {
            // Mostly printable ASCII, with whitespace and high bytes mixed in.
            match rng.below(8) {
                0 => rng.next() as u8,
                1 => b" \t\r\n\x0b\x0c"[rng.below(6)],
                _ => 32 + rng.below(95) as u8,
            }
        })
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn random_words(rng: &mut XorShift) -> String {
    let count = 1 + rng.below(8);
    let words: Vec<&str> = (0..count).map(|_| rng.pick(WORDS)).collect();
    let separator = [" ", "  ", "\t", " \r"][rng.below(4)];
    words.join(separator)
}

fn mutated(rng: &mut XorShift) -> String {
    let base = rng.pick(VALID);
    let mut tokens: Vec<String> = base.split(' ').map(str::to_owned).collect();
    let n = tokens.len();
    match rng.below(7) {
        // Truncate the bytes anywhere (possibly inside a character).
        0 => {
            let cut = rng.below(base.len() + 1);
            return String::from_utf8_lossy(&base.as_bytes()[..cut]).into_owned();
        }
        // Swap two tokens.
        1 => tokens.swap(rng.below(n), rng.below(n)),
        // Drop a token.
        2 => {
            tokens.remove(rng.below(n));
        }
        // Duplicate a token.
        3 => {
            let i = rng.below(n);
            let copy = tokens[i].clone();
            tokens.insert(i, copy);
        }
        // Replace a token by a random word.
        4 => tokens[rng.below(n)] = rng.pick(WORDS).to_owned(),
        // Insert random bytes into the line.
        5 => {
            let mut bytes = base.as_bytes().to_vec();
            let at = rng.below(bytes.len() + 1);
            let noise: Vec<u8> = (0..1 + rng.below(4)).map(|_| rng.next() as u8).collect();
            bytes.splice(at..at, noise);
            return String::from_utf8_lossy(&bytes).into_owned();
        }
        // Reverse the tokens.
        _ => tokens.reverse(),
    }
    tokens.join(" ")
}

fn check_error(err: &ProtocolError, line: &str, parser: &str) {
    let message = err.to_string();
    assert!(!message.is_empty(), "{parser}: empty message for {line:?}");
    assert!(
        !message.contains(['\n', '\r']) && message.lines().count() == 1,
        "{parser}: message for {line:?} is not one line: {message:?}"
    );
}

#[test]
fn parsers_never_panic_and_errors_are_one_line() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut counts = [0usize; 4]; // uci ok, uci err, xboard ok, xboard err
    for n in 0..LINES {
        let line = match n % 3 {
            0 => random_bytes(&mut rng),
            1 => random_words(&mut rng),
            _ => mutated(&mut rng),
        };
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let mut local = [0usize; 4];
            match parse_uci(&line) {
                Ok(cmd) => {
                    local[0] += 1;
                    let text = cmd.to_string();
                    assert_eq!(parse_uci(&text), Ok(cmd), "uci round trip of {line:?}");
                }
                Err(err) => {
                    local[1] += 1;
                    check_error(&err, &line, "uci");
                }
            }
            match parse_xboard(&line) {
                Ok(cmd) => {
                    local[2] += 1;
                    let text = cmd.to_string();
                    assert_eq!(
                        parse_xboard(&text),
                        Ok(cmd),
                        "xboard round trip of {line:?}"
                    );
                }
                Err(err) => {
                    local[3] += 1;
                    check_error(&err, &line, "xboard");
                    let reply = XboardReply::error(&err, &line).to_string();
                    assert!(
                        !reply.contains(['\n', '\r']),
                        "xboard error reply for {line:?} is not one line: {reply:?}"
                    );
                }
            }
            local
        }));
        match outcome {
            Ok(local) => {
                for (total, add) in counts.iter_mut().zip(local) {
                    *total += add;
                }
            }
            Err(_) => panic!("a parser panicked on line {n}: {line:?}"),
        }
    }
    eprintln!("outcomes (uci ok, uci err, xboard ok, xboard err): {counts:?}");
    // The mix exercises both outcomes of both parsers.
    assert!(counts.iter().all(|&c| c > 1000), "{counts:?}");
}
