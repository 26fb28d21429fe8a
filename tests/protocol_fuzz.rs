//! Protocol fuzzing: random and mutated command streams fed to both
//! adapters in-process (`uci::run`, `xboard::run`), output captured.
//!
//! Each session is one adapter run (one `Engine`, so one hash table) made of
//! `STREAMS` streams. A stream starts with an unmutated reset and short
//! search limits, then a body of commands drawn from the protocol's
//! vocabulary (moves taken from a random legal game of a random variant,
//! dice tokens, FENs valid and broken, options, time controls) of which
//! some are mutated: tokens dropped, duplicated, swapped or replaced,
//! lines truncated, random characters, huge numbers and very long lines
//! inserted. Every session must end without a panic (in any thread: a
//! panic hook counts them), and every line it writes must be one of the
//! protocol's reply forms. UCI sessions also answer every `isready`, `uci`
//! and `go` exactly once. XBoard streams include, in every game whose
//! promotion waits for the throw, a promotion given with its piece.
//!
//! Seeds are fixed; a failure prints the seed, the first stream that fails
//! on its own (or where the session input was written) and the bad output.
//! `PROTOCOL_FUZZ_SEED=N` runs only the sessions of seed N;
//! `PROTOCOL_FUZZ_SESSIONS=N` changes the number of sessions per protocol.

use crate::support::scripted::{Output, Scripted};
use engine_protocol::{parse_uci, UciCommand};
use menagerie::rules::position::{Pending, Position};
use menagerie::rules::variant::Variant;
use menagerie::rules::variants;
use menagerie::xboard::Dialect;
use menagerie::{uci, xboard};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256StarStar;
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{BufRead, Cursor};
use std::sync::{mpsc, Arc, Mutex, Once};
use std::time::{Duration, Instant};

/// Sessions per protocol, and streams per session: 2 x 25 x 200 = 10,000
/// streams, the first 8 sessions of each protocol in the default run and
/// the rest in the long one.
const SESSIONS: u64 = 25;
const QUICK_SESSIONS: u64 = 8;
const STREAMS: usize = 200;
const FIRST_SEED: u64 = 0x6d65_6e61_0000;
/// A session that has not ended by then is stuck. Alone a session takes
/// about a second; beside the other tests on a busy 2-core machine one
/// took over 30 s (seed 0x6d656e610011, 0.6 s alone), hence the margin.
const SESSION_TIMEOUT: Duration = Duration::from_secs(90);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Protocol {
    Uci,
    Xboard,
}

// ---------------------------------------------------------------------------
// Randomness

struct Rng(Xoshiro256StarStar);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(Xoshiro256StarStar::seed_from_u64(seed))
    }

    /// 0..n (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n.max(1) as u64) as usize
    }

    /// lo..=hi.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

// ---------------------------------------------------------------------------
// Material for the vocabulary: a random legal game of a random variant

struct Game {
    variant: &'static str,
    /// The steps played (moves, throws, choices), in UCI text.
    tokens: Vec<String>,
    /// The same in XBoard's text (10-rank boards count ranks from 0).
    xb_tokens: Vec<String>,
    /// The FEN after each step (index i: after tokens[..=i]), and its
    /// XBoard form.
    fens: Vec<String>,
    xb_fens: Vec<String>,
    /// Moves legal in the final position (or none), UCI and XBoard text.
    legal_now: Vec<String>,
    xb_legal_now: Vec<String>,
}

/// The built-in games' names, for the whole run.
fn builtin_names() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        variants::builtin_names()
            .into_iter()
            .map(|n| &*Box::leak(n.into_boxed_str()))
            .collect()
    })
}

/// A built-in variant, compiled once per thread.
fn loaded(name: &str) -> Arc<Variant> {
    thread_local! {
        static LOADED: RefCell<HashMap<String, Arc<Variant>>> = RefCell::new(HashMap::new());
    }
    LOADED.with(|m| {
        m.borrow_mut()
            .entry(name.to_string())
            .or_insert_with(|| variants::load(name).expect("built-in variant"))
            .clone()
    })
}

fn random_game(rng: &mut Rng) -> Game {
    let variant = *rng.pick(builtin_names());
    let v = loaded(variant);
    let dialect = Dialect::new(&v);
    let mut pos = Position::startpos(v);
    let mut game = Game {
        variant,
        tokens: Vec::new(),
        xb_tokens: Vec::new(),
        fens: Vec::new(),
        xb_fens: Vec::new(),
        legal_now: Vec::new(),
        xb_legal_now: Vec::new(),
    };
    let plies = if rng.chance(10) {
        rng.range(40, 120)
    } else {
        rng.range(0, 30)
    };
    for _ in 0..plies {
        if pos.pending() == Pending::Nothing && pos.outcome().is_some() {
            break;
        }
        let actions = pos.legal_actions();
        if actions.is_empty() {
            break;
        }
        let text = pos.action_text(*rng.pick(&actions));
        pos.play_action_text(&text)
            .unwrap_or_else(|e| panic!("{variant}: own action {text}: {e}"));
        game.xb_tokens.push(dialect.to_xboard(&text));
        game.tokens.push(text);
        let fen = pos.to_fen();
        game.xb_fens.push(dialect.fen_to_xboard(&fen));
        game.fens.push(fen);
    }
    for a in pos.legal_actions() {
        let text = pos.action_text(a);
        game.xb_legal_now.push(dialect.to_xboard(&text));
        game.legal_now.push(text);
    }
    game
}

fn xboard_variant_name(ours: &str) -> &str {
    Dialect::xboard_name(ours)
}

const DICE_TOKENS: &[&str] = &[
    "roll:6:4",
    "roll:6:6",
    "roll:1:1",
    "roll:3:5",
    "roll:7:1",
    "roll:0:0",
    "roll:6",
    "roll:",
    "knight:4:2",
    "knight:5:4",
    "knight:1:1",
    "knight:6:6",
    "knight:9:9",
    "knight:",
    "find:no",
    "find:eat",
    "find:keep",
    "find:maybe",
    "activate:g1",
    "activate:e2",
    "activate:done",
    "activate:z9",
    "activate:",
];

const MOVE_LIKE: &[&str] = &[
    "e2e4",
    "e7e5",
    "g1f3",
    "b8c6",
    "e1g1",
    "e8c8",
    "a7a8q",
    "b2b1n",
    "h7h8=Q",
    "e7e8+",
    "P@e4",
    "N@f3",
    "Q@a1",
    "d2c3,c3c4",
    "b7b6,b6b5",
    "@@@@",
    "O-O",
    "O-O-O",
    "0000",
    "a9a10",
    "b0c2",
    "j1j2",
    "a1a1",
    "e2e4e6",
    "e2",
    "i9i9",
    "z0z0",
];

const VARIANT_NAMES: &[&str] = &[
    "chess",
    "normal",
    "wolf",
    "hubbub",
    "pawneaters",
    "carnival",
    "carnival-oblique",
    "truffle",
    "Chess",
    "WOLF",
    "crazyhouse",
    "shogi",
    "",
    "chess960",
    "fairy",
];

const BROKEN_FENS: &[&str] = &[
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8/8/8 w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w XYZ - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -5 99999999999999999999",
    "K7/8/8/8/8/8/8/k7 b - - 0 1",
    "k7/8/8/8/8/8/8/KQ6 b - - 0 1",
    "kQ6/8/8/8/8/8/8/K7 w - - 0 1",
    "P7/8/8/8/8/8/8/K6k w - - 0 1",
    "8/8/8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QQQQQQQQQQQQQQQQQQQQQQ] w KQkq - 0 1",
    "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1",
    "x",
    "/",
    "//////////",
    "8/8/8/8/8/8/8/99999999999999999999 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra fields 1 2 3",
];

const HUGE_NUMBERS: &[&str] = &[
    "0",
    "-1",
    "-0",
    "+7",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "1e308",
    "NaN",
    "inf",
    "0x10",
    "1.5",
    "0.000001",
    "3:",
    ":30",
    "1:99999999999",
    "١٢",
];

const UNICODE: &[&str] = &[
    "é",
    "日本語",
    "♔♕♖",
    "\u{2028}",
    "\u{2029}",
    "\u{85}",
    "\u{200b}",
    "\u{feff}",
    "\u{202e}",
    "\u{3000}",
    "🐖",
    "\u{0}",
    "\u{1b}[31m",
    "\r",
    "\t",
    "\u{7f}",
    "ｅ２ｅ４",
    "𝔢2𝔢4",
];

fn random_char(rng: &mut Rng) -> char {
    match rng.below(4) {
        0 => (rng.below(0x80) as u8) as char,
        1 => char::from_u32(rng.range(0x80, 0x7ff) as u32).unwrap_or('?'),
        2 => char::from_u32(rng.range(0x800, 0xd7ff) as u32).unwrap_or('?'),
        _ => char::from_u32(rng.range(0x1_0000, 0x10_ffff) as u32).unwrap_or('?'),
    }
}

fn random_junk(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 => (0..rng.range(1, 12)).map(|_| random_char(rng)).collect(),
        1 => rng.pick(HUGE_NUMBERS).to_string(),
        2 => rng.pick(UNICODE).to_string(),
        3 => rng.pick(DICE_TOKENS).to_string(),
        4 => rng.pick(MOVE_LIKE).to_string(),
        _ => {
            let n = *rng.pick(&[100, 1000, 10_000, 100_000]);
            let unit = rng.pick(&["a", "e2e4 ", "9", "/", " ", "é"]).to_string();
            unit.repeat(n / unit.len().max(1))
        }
    }
}

/// A prefix of the game's steps, often all of them.
fn prefix<'a>(rng: &mut Rng, tokens: &'a [String]) -> &'a [String] {
    if tokens.is_empty() || rng.chance(50) {
        tokens
    } else {
        &tokens[..rng.below(tokens.len() + 1)]
    }
}

fn small_number(rng: &mut Rng) -> String {
    rng.pick(&["0", "1", "2", "3", "5", "10", "100", "1000", "-5"])
        .to_string()
}

// ---------------------------------------------------------------------------
// UCI vocabulary

fn uci_position(rng: &mut Rng, g: &Game) -> String {
    match rng.below(10) {
        0..=4 => {
            let moves = prefix(rng, &g.tokens);
            if moves.is_empty() && rng.chance(50) {
                "position startpos".to_string()
            } else {
                format!("position startpos moves {}", moves.join(" "))
            }
        }
        5 | 6 if !g.fens.is_empty() => {
            let i = rng.below(g.fens.len());
            let rest = prefix(rng, &g.tokens[i + 1..]);
            if rest.is_empty() {
                format!("position fen {}", g.fens[i])
            } else {
                format!("position fen {} moves {}", g.fens[i], rest.join(" "))
            }
        }
        7 => format!("position fen {}", rng.pick(BROKEN_FENS)),
        8 => {
            // A legal prefix, then something that may or may not be legal.
            let moves = prefix(rng, &g.tokens);
            let extra = if !g.legal_now.is_empty() && rng.chance(50) {
                rng.pick(&g.legal_now).clone()
            } else if rng.chance(50) {
                rng.pick(DICE_TOKENS).to_string()
            } else {
                rng.pick(MOVE_LIKE).to_string()
            };
            format!("position startpos moves {} {extra}", moves.join(" "))
        }
        _ => rng
            .pick(&[
                "position",
                "position startpos moves",
                "position fen",
                "position fen moves e2e4",
                "position moves e2e4",
                "position startpos e2e4",
                "position kiwipete",
            ])
            .to_string(),
    }
}

fn uci_go(rng: &mut Rng, g: &Game) -> String {
    match rng.below(20) {
        0..=5 => "go depth 1".to_string(),
        6..=10 => "go nodes 500".to_string(),
        11..=14 => "go movetime 5".to_string(),
        15 => rng.pick(&["go perft 1", "go perft 0"]).to_string(),
        16 => rng
            .pick(&[
                "go infinite",
                "go ponder",
                "go",
                "go mate 1",
                "go depth 1 ponder",
            ])
            .to_string(),
        17 => format!(
            "go wtime {} btime {} winc {} binc {} movestogo {}",
            small_number(rng),
            small_number(rng),
            small_number(rng),
            small_number(rng),
            rng.pick(&["1", "5", "40", "0"])
        ),
        18 if !g.legal_now.is_empty() => {
            let mv = rng.pick(&g.legal_now).clone();
            format!("go depth 1 searchmoves {mv}")
        }
        _ => rng.pick(GO_OUT_OF_RANGE).to_string(),
    }
}

/// Every limit missing, malformed or out of range (and junk after one):
/// each `go` is still answered with a `bestmove` (see `check_output`).
const GO_OUT_OF_RANGE: &[&str] = &[
    "go depth",
    "go depth -1",
    "go depth 0",
    "go depth 1x",
    "go nodes x",
    "go nodes -1",
    "go nodes 0",
    "go movetime -5",
    "go movetime 0",
    "go mate -1",
    "go mate 0",
    "go wtime -1 btime x",
    "go wtime x btime -1 winc -5 binc x",
    "go wtime 0 btime 0 winc 0 binc 0",
    "go wtime 10 btime 10 movestogo -1",
    "go wtime 10 btime 10 movestogo 0",
    "go wtime btime winc binc movestogo",
    "go depth 1 nodes 500 movetime 5",
    "go frobnicate depth 1",
    "go depth 1 frobnicate",
];

fn uci_command(rng: &mut Rng, g: &Game) -> String {
    match rng.below(100) {
        0..=24 => uci_position(rng, g),
        25..=49 => uci_go(rng, g),
        50..=56 => "stop".to_string(),
        57..=60 => "isready".to_string(),
        61 => "uci".to_string(),
        62..=63 => "ucinewgame".to_string(),
        64 => rng
            .pick(&["debug on", "debug off", "debug", "debug maybe"])
            .to_string(),
        65 => rng
            .pick(&["register later", "register name x code y", "register"])
            .to_string(),
        66 => "ponderhit".to_string(),
        67..=72 => format!(
            "setoption name UCI_Variant value {}",
            rng.pick(VARIANT_NAMES)
        ),
        73..=76 => rng
            .pick(&[
                "setoption name Hash value 1",
                "setoption name Hash value 2",
                "setoption name hash value 1",
                "setoption name Hash value 0",
                "setoption name Hash value x",
                "setoption name Hash",
                "setoption name Threads value 1",
                "setoption name Threads value 2",
                "setoption name Nope value 3",
                "setoption name",
                "setoption value 3",
                "setoption",
                "setoption name UCI_Variant",
                "setoption name UCI_Variant value",
            ])
            .to_string(),
        77..=84 => {
            // A bare step: not a UCI command.
            if !g.legal_now.is_empty() && rng.chance(50) {
                rng.pick(&g.legal_now).clone()
            } else {
                rng.pick(DICE_TOKENS).to_string()
            }
        }
        85..=89 => rng
            .pick(&[
                "xboard",
                "new",
                "usermove e2e4",
                "protover 2",
                "foo",
                "",
                "   ",
                "\t",
                "uciok",
                "readyok",
                "bestmove e2e4",
            ])
            .to_string(),
        _ => random_junk(rng),
    }
}

// ---------------------------------------------------------------------------
// XBoard vocabulary

fn xb_step(rng: &mut Rng, token: &str) -> String {
    let is_step = ["roll:", "knight:", "find:", "activate:"]
        .iter()
        .any(|p| token.starts_with(p));
    if is_step {
        match rng.below(4) {
            0 => format!("usermove {token}"),
            1 => format!("choice {token}"),
            _ => token.to_string(),
        }
    } else if rng.chance(70) {
        format!("usermove {token}")
    } else {
        token.to_string()
    }
}

/// Promoting moves, each with its pieces' letters.
type Promotions = Vec<(String, Vec<char>)>;

/// A position of `variant` a move from a promotion that waits for the
/// throw (three pawns on the 7th rank, the start's counters), if the game
/// has such promotions; and the promoting moves with their pieces' letters.
fn promotion_position(variant: &str) -> Option<(Position, Promotions)> {
    let v = loaded(variant);
    let start = Position::startpos(v.clone()).to_fen();
    let counters: Vec<&str> = start.split_whitespace().skip(6).collect();
    let fen = format!("7k/PPP5/8/8/8/8/8/K7 w - - 0 1 {}", counters.join(" "));
    let pos = Position::from_fen(v, &fen).ok()?;
    let mut promotions = Vec::new();
    for action in pos.legal_actions() {
        let menagerie::rules::action::Action::Move(m) = action else {
            continue;
        };
        let kinds = pos.promotions_after_throw(m);
        if !kinds.is_empty() {
            let letters = kinds
                .iter()
                .map(|&k| {
                    pos.variant()
                        .letter(menagerie::rules::square::Color::Black, k)
                })
                .collect();
            promotions.push((pos.move_text(m), letters));
        }
    }
    (!promotions.is_empty()).then_some((pos, promotions))
}

/// An XBoard promotion that waits for the throw, as a GUI sends it: the
/// move with its piece (`a7a8q`), then the throw and more, or the
/// engine left to promote on `go`.
fn xboard_promotion_episode(rng: &mut Rng, variant: &str) -> Vec<String> {
    let Some((mut pos, promotions)) = promotion_position(variant) else {
        return Vec::new();
    };
    let dialect = Dialect::new(pos.variant());
    let fen = dialect.fen_to_xboard(&pos.to_fen());
    let mut lines = vec!["force".to_string(), format!("setboard {fen}")];
    if rng.chance(30) {
        lines.push("go".to_string());
        return lines;
    }
    let (text, letters) = rng.pick(&promotions).clone();
    let letter = if rng.chance(85) {
        *rng.pick(&letters)
    } else {
        'z'
    };
    lines.push(format!("usermove {}{letter}", dialect.to_xboard(&text)));
    if pos.play_action_text(&text).is_err() {
        return lines;
    }
    for _ in 0..rng.range(0, 3) {
        let actions = pos.legal_actions();
        if actions.is_empty() {
            break;
        }
        let step = pos.action_text(*rng.pick(&actions));
        if step.starts_with("promote:") || pos.play_action_text(&step).is_err() {
            break;
        }
        lines.push(xb_step(rng, &dialect.to_xboard(&step)));
    }
    if rng.chance(50) {
        lines.push("go".to_string());
    }
    lines
}

fn xboard_command(rng: &mut Rng, g: &Game) -> Vec<String> {
    let one = |s: &&str| vec![s.to_string()];
    match rng.below(100) {
        0..=14 => {
            // Set the game up: force, the steps one by one, maybe go.
            let mut lines = vec!["force".to_string()];
            for t in prefix(rng, &g.xb_tokens) {
                lines.push(xb_step(rng, t));
            }
            if rng.chance(60) {
                lines.push(rng.pick(&["go", "playother", "analyze"]).to_string());
            }
            lines
        }
        15..=24 => {
            // A step of the game that may or may not fit the position.
            let token = if !g.xb_legal_now.is_empty() && rng.chance(50) {
                rng.pick(&g.xb_legal_now).clone()
            } else if !g.xb_tokens.is_empty() && rng.chance(50) {
                rng.pick(&g.xb_tokens).clone()
            } else if rng.chance(50) {
                rng.pick(DICE_TOKENS).to_string()
            } else {
                rng.pick(MOVE_LIKE).to_string()
            };
            vec![xb_step(rng, &token)]
        }
        25..=31 => one(rng.pick(&["go", "force", "playother", "white", "black", "?"])),
        32..=35 => {
            if !g.xb_fens.is_empty() && rng.chance(60) {
                vec![format!("setboard {}", rng.pick(&g.xb_fens))]
            } else {
                vec![format!("setboard {}", rng.pick(BROKEN_FENS))]
            }
        }
        36..=39 => vec![format!(
            "variant {}",
            rng.pick(&[
                xboard_variant_name(g.variant),
                xboard_variant_name(g.variant),
                "normal",
                "chess",
                "wolf",
                "carnival",
                "truffle",
                "nope",
                "",
            ])
        )],
        40..=43 => vec![format!("ping {}", rng.below(1000))],
        44..=47 => one(rng.pick(&["undo", "remove", "new"])),
        48..=50 => one(rng.pick(&["post", "nopost", "analyze", "exit", "."])),
        51..=54 => {
            let dice = [(6, 4), (6, 6), (1, 1), (2, 5), (7, 6), (0, 6)];
            let (a, b) = *rng.pick(&dice);
            let two = format!("pips {a}/6 {b}/6");
            let single = format!("pips {a}/6");
            one(rng.pick(&[
                two.as_str(),
                single.as_str(),
                "pips 3/6 5/6 1/6",
                "pips",
                "pips 6/6 x/6",
                "pips 1/2 2/2",
            ]))
        }
        55..=58 => one(rng.pick(&[
            "accepted dice",
            "rejected dice",
            "accepted choices",
            "rejected choices",
            "accepted usermove",
            "rejected ping",
            "computer",
            "protover 2",
            "xboard",
        ])),
        59..=63 => {
            let level = format!(
                "level {} {} {}",
                rng.pick(&["0", "1", "40"]),
                rng.pick(&["0:01", "0:02", "1", "0:00"]),
                rng.pick(&["0", "0.1", "1"])
            );
            one(rng.pick(&[
                level.as_str(),
                "st 0.01",
                "st 0.05",
                "st 0",
                "sd 1",
                "sd 2",
                "sd 0",
                "time 100",
                "time 5",
                "time -100",
                "otim 100",
                "nps 1000",
                "level 40 5",
                "level x y z",
                "st",
                "sd",
            ]))
        }
        64..=67 => one(rng.pick(&[
            "result 1-0 {White mates}",
            "result 1/2-1/2 {Draw}",
            "result *",
            "result",
            "draw",
            "hint",
            "bk",
            "edit",
            "random",
            "hard",
            "easy",
        ])),
        68..=71 => one(rng.pick(&[
            "name Jürgen Müller",
            "name",
            "rating 2000 1500",
            "rating x",
            "ics -",
            "pause",
            "resume",
            "memory 1",
            "memory 2",
            "memory 0",
            "cores 1",
            "cores 9",
            "egtpath syzygy /tmp/tb",
            "egtpath",
            "option DiceSeed=42",
            "option DiceSeed=-1",
            "option Dice seed=99999999999999999999",
            "option Dice seed",
            "option Nope=1",
            "option",
        ])),
        72..=75 => {
            let square = rng.pick(&["e2", "g1", "b0", "a9", "j10", "e", "", "z9", "a1"]);
            let lift = format!("lift {square}");
            let put = format!("put {square}");
            let hover = format!("hover {square}");
            one(rng.pick(&[
                lift.as_str(),
                put.as_str(),
                hover.as_str(),
                "exclude e2e4",
                "include all",
                "exclude all",
                "include",
            ]))
        }
        76..=85 => one(rng.pick(&[
            "choice knight:4:2",
            "choice",
            "choice activate:done",
            "choice nonsense",
            "roll:6:4",
            "find:keep",
            "activate:g1",
            "knight:5:4",
        ])),
        86..=90 => one(rng.pick(&[
            "uci",
            "isready",
            "position startpos",
            "go depth 1",
            "stop",
            "foo",
            "",
            "  ",
            "move e2e4",
            "feature done=1",
            "usermove",
        ])),
        _ => vec![random_junk(rng)],
    }
}

// ---------------------------------------------------------------------------
// Mutation

fn mutate_line(rng: &mut Rng, line: &str, donors: &[String]) -> String {
    let mut tokens: Vec<String> = line.split(' ').map(str::to_string).collect();
    for _ in 0..rng.range(1, 3) {
        let n = tokens.len();
        match rng.below(10) {
            0 if n > 0 => {
                tokens.remove(rng.below(n));
            }
            1 if n > 0 => {
                let i = rng.below(n);
                let t = tokens[i].clone();
                tokens.insert(i, t);
            }
            2 if n > 1 => {
                let (i, j) = (rng.below(n), rng.below(n));
                tokens.swap(i, j);
            }
            3 => {
                // Truncate at a character boundary.
                let text = tokens.join(" ");
                let cut: String = text
                    .chars()
                    .take(rng.below(text.chars().count() + 1))
                    .collect();
                tokens = cut.split(' ').map(str::to_string).collect();
            }
            4 | 5 => {
                let junk = random_junk(rng);
                tokens.insert(rng.below(n + 1), junk);
            }
            6 if n > 0 => {
                let i = rng.below(n);
                tokens[i] = random_junk(rng);
            }
            7 if !donors.is_empty() => {
                // A token of another line of the vocabulary.
                let donor = rng.pick(donors).clone();
                let words: Vec<&str> = donor.split(' ').collect();
                let w = rng.pick(&words).to_string();
                tokens.insert(rng.below(n + 1), w);
            }
            8 => {
                // Odd separators.
                let sep = *rng.pick(&["  ", "\t", " \t ", "\u{3000}", "\r", "\u{a0}", ""]);
                return tokens.join(sep);
            }
            _ if n > 0 => {
                // A random character inside a token.
                let i = rng.below(n);
                let mut chars: Vec<char> = tokens[i].chars().collect();
                let at = rng.below(chars.len() + 1);
                chars.insert(at, random_char(rng));
                tokens[i] = chars.into_iter().collect();
            }
            _ => {}
        }
    }
    tokens.join(" ")
}

fn mutate_stream(rng: &mut Rng, lines: &mut Vec<String>) {
    if lines.is_empty() {
        return;
    }
    let donors = lines.clone();
    for line in lines.iter_mut() {
        if rng.chance(25) {
            *line = mutate_line(rng, line, &donors);
        }
    }
    for _ in 0..rng.below(3) {
        let n = lines.len();
        if n == 0 {
            break;
        }
        match rng.below(6) {
            0 => {
                lines.remove(rng.below(n));
            }
            1 => {
                let i = rng.below(n);
                let l = lines[i].clone();
                lines.insert(i, l);
            }
            2 => {
                let (i, j) = (rng.below(n), rng.below(n));
                lines.swap(i, j);
            }
            3 if n > 1 => {
                // Two lines run together.
                let i = rng.below(n - 1);
                let next = lines.remove(i + 1);
                let sep = *rng.pick(&[" ", "", "\r"]);
                lines[i] = format!("{}{sep}{next}", lines[i]);
            }
            4 => {
                let junk = random_junk(rng);
                lines.insert(rng.below(n + 1), junk);
            }
            _ => lines.insert(rng.below(n + 1), String::new()),
        }
    }
}

/// Keeps mutations from asking for unbounded work or leaving the session:
/// no `quit`, no `bench`, no `d` or `eval` (whose board picture and
/// evaluation are no protocol replies), `go perft` at most 1 (perft 2 of Carnival, whose plies expand
/// every throw and choice, counts some 10^8 nodes), hash tables of at most
/// 4 MiB.
fn sanitize(protocol: Protocol, line: &str) -> String {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let first = tokens.first().copied().unwrap_or("");
    let number = |t: &str| t.trim_start_matches('+').parse::<u128>().ok();
    let too_big = |t: &&str, max: u128| number(t).is_some_and(|n| n > max);
    match (protocol, first) {
        (_, "quit") => "ping 1".to_string(),
        (Protocol::Uci, "bench" | "d" | "eval") => "isready".to_string(),
        (Protocol::Uci, "go") if tokens.contains(&"perft") => {
            let mut out = line.to_string();
            for w in tokens.windows(2) {
                if w[0] == "perft" && too_big(&w[1], 1) {
                    out = out.replace(w[1], "1");
                }
            }
            // A replacement may have made another token big again: be blunt.
            if out
                .split_whitespace()
                .collect::<Vec<_>>()
                .windows(2)
                .any(|w| w[0] == "perft" && too_big(&w[1], 1))
            {
                "go perft 1".to_string()
            } else {
                out
            }
        }
        (Protocol::Uci, "setoption") | (Protocol::Xboard, "memory")
            if tokens.iter().any(|t| too_big(t, 4)) =>
        {
            tokens
                .iter()
                .map(|t| if too_big(t, 4) { "1" } else { t })
                .collect::<Vec<_>>()
                .join(" ")
        }
        _ => line.to_string(),
    }
}

/// The lines as the adapter reads them: split at `\n`, a `\r` before it
/// dropped (as `BufRead::lines` does).
fn split_input_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l).to_string())
        .collect();
    if text.ends_with('\n') {
        lines.pop();
    }
    lines
}

// ---------------------------------------------------------------------------
// Streams and sessions

/// One stream: an unmutated reset with short limits, then a mutated body.
fn stream(rng: &mut Rng, protocol: Protocol) -> Vec<String> {
    let g = random_game(rng);
    let mut reset = Vec::new();
    let mut body = Vec::new();
    match protocol {
        Protocol::Uci => {
            reset.push("ucinewgame".to_string());
            if rng.chance(90) {
                reset.push(format!("setoption name UCI_Variant value {}", g.variant));
            }
            reset.push("position startpos".to_string());
            for _ in 0..rng.range(2, 10) {
                body.push(uci_command(rng, &g));
            }
        }
        Protocol::Xboard => {
            reset.push("new".to_string());
            if rng.chance(90) && g.variant != "chess" {
                reset.push(format!("variant {}", xboard_variant_name(g.variant)));
            }
            reset.push("sd 1".to_string());
            reset.push("st 0.01".to_string());
            if rng.chance(50) {
                reset.push("post".to_string());
            }
            for _ in 0..rng.range(2, 8) {
                body.extend(xboard_command(rng, &g));
            }
            if rng.chance(15) {
                body.extend(xboard_promotion_episode(rng, g.variant));
            }
        }
    }
    mutate_stream(rng, &mut body);
    let body = body.join("\n");
    reset
        .into_iter()
        .chain(split_input_lines(&body))
        .map(|l| sanitize(protocol, &l))
        .collect()
}

struct Session {
    protocol: Protocol,
    seed: u64,
    handshake: Vec<String>,
    streams: Vec<Vec<String>>,
    /// Lines after the streams: `quit`, or a final reset and the end of
    /// the input.
    ending: Vec<String>,
}

impl Session {
    fn generate(protocol: Protocol, seed: u64) -> Session {
        let mut rng = Rng::new(seed);
        let handshake: Vec<String> = match protocol {
            Protocol::Uci => ["uci", "setoption name Hash value 1", "isready"]
                .map(String::from)
                .to_vec(),
            Protocol::Xboard => {
                let mut h: Vec<String> = ["xboard", "protover 2", "memory 1"]
                    .map(String::from)
                    .to_vec();
                for f in ["dice", "choices"] {
                    let answer = if rng.chance(50) {
                        "accepted"
                    } else {
                        "rejected"
                    };
                    h.push(format!("{answer} {f}"));
                }
                if rng.chance(50) {
                    h.push("computer".to_string());
                }
                if rng.chance(30) {
                    h.push(format!("option Dice seed={}", rng.below(1000)));
                }
                h
            }
        };
        let streams = (0..STREAMS).map(|_| stream(&mut rng, protocol)).collect();
        let ending = match (rng.chance(80), protocol) {
            (true, _) => vec!["quit".to_string()],
            (false, Protocol::Uci) => vec!["stop".to_string(), "ucinewgame".to_string()],
            (false, Protocol::Xboard) => vec!["new".to_string()],
        };
        Session {
            protocol,
            seed,
            handshake,
            streams,
            ending,
        }
    }

    fn input(&self, streams: &[Vec<String>]) -> String {
        let mut text = String::new();
        for l in self
            .handshake
            .iter()
            .chain(streams.iter().flatten())
            .chain(&self.ending)
        {
            text.push_str(l);
            text.push('\n');
        }
        text
    }
}

// ---------------------------------------------------------------------------
// Running a session

/// Every panic in the process, whatever thread it happens in (the search
/// runs in threads whose panics the engine would swallow).
static PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());
static HOOK: Once = Once::new();

fn install_panic_hook() {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let thread = std::thread::current().name().unwrap_or("?").to_string();
            if let Ok(mut p) = PANICS.lock() {
                p.push(format!("thread '{thread}': {info}"));
            }
            previous(info);
        }));
    });
}

fn panic_count() -> usize {
    PANICS.lock().map(|p| p.len()).unwrap_or(0)
}

#[derive(Debug)]
enum RunError {
    Panicked(String),
    Stuck,
}

/// Runs one adapter on `input`; its output, or how it failed.
fn run_adapter(protocol: Protocol, input: Vec<u8>, name: String) -> Result<Vec<u8>, RunError> {
    run_adapter_with(protocol, |_| Box::new(Cursor::new(input)), name)
}

/// `run_adapter` with an input made for the output buffer (a script that
/// waits for replies).
fn run_adapter_with(
    protocol: Protocol,
    make_input: impl FnOnce(&Output) -> Box<dyn BufRead + Send>,
    name: String,
) -> Result<Vec<u8>, RunError> {
    let buffer: Output = Arc::new(Mutex::new(Vec::<u8>::new()));
    let input = make_input(&buffer);
    let out = buffer.clone();
    let (done_tx, done_rx) = mpsc::channel();
    let panics_before = panic_count();
    let handle = std::thread::Builder::new()
        .name(name)
        .spawn(move || {
            let result =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match protocol {
                    Protocol::Uci => uci::run(input, out, None),
                    Protocol::Xboard => xboard::run(input, out, None),
                }));
            let _ = done_tx.send(result.is_ok());
        })
        .expect("spawn a session thread");
    match done_rx.recv_timeout(SESSION_TIMEOUT) {
        Ok(true) => {
            let _ = handle.join();
        }
        Ok(false) | Err(mpsc::RecvTimeoutError::Disconnected) => {
            return Err(RunError::Panicked(PANICS.lock().unwrap().join("\n")));
        }
        Err(mpsc::RecvTimeoutError::Timeout) => return Err(RunError::Stuck),
    }
    // Threads the engine started and joined may have panicked too.
    if panic_count() > panics_before {
        return Err(RunError::Panicked(PANICS.lock().unwrap().join("\n")));
    }
    let bytes = buffer.lock().map(|b| b.clone()).unwrap_or_default();
    Ok(bytes)
}

/// Everything wrong with one session's output.
fn check_output(protocol: Protocol, input: &str, bytes: &[u8]) -> Vec<String> {
    let mut problems = Vec::new();
    let text = match String::from_utf8(bytes.to_vec()) {
        Ok(t) => t,
        Err(e) => return vec![format!("output is not UTF-8: {e}")],
    };
    if !text.is_empty() && !text.ends_with('\n') {
        problems.push("output does not end with a line break".to_string());
    }
    for line in text.lines() {
        let ok = match protocol {
            Protocol::Uci => uci_line_ok(line),
            Protocol::Xboard => xboard_line_ok(line),
        };
        if let Err(why) = ok {
            problems.push(format!("malformed ({why}): {:?}", shorten(line)));
        }
    }
    if protocol == Protocol::Uci {
        // One answer per question, for the lines the adapter read before
        // `quit` (the sanitizer lets none through but the last). A
        // `ponderhit` may start one more search, of the `go ponder` before
        // it, when that search had already been answered.
        let (mut ucis, mut readys, mut gos, mut hits) = (0, 0, 0, 0);
        for line in split_input_lines(input) {
            if line.trim() == "quit" {
                break;
            }
            // Every `go` but a perft is answered, whatever its limits.
            if expects_bestmove(&line) {
                gos += 1;
            }
            match parse_uci(&line) {
                Ok(UciCommand::Quit) => break,
                Ok(UciCommand::Uci) => ucis += 1,
                Ok(UciCommand::IsReady) => readys += 1,
                Ok(UciCommand::PonderHit) => hits += 1,
                _ => {}
            }
        }
        let count = |p: &str| text.lines().filter(|l| l.starts_with(p)).count();
        if count("uciok") != ucis {
            problems.push(format!("{} uciok for {ucis} uci", count("uciok")));
        }
        if count("readyok") != readys {
            problems.push(format!("{} readyok for {readys} isready", count("readyok")));
        }
        let bestmoves = count("bestmove ");
        if bestmoves < gos || bestmoves > gos + hits {
            problems.push(format!(
                "{bestmoves} bestmove for {gos} go and {hits} ponderhit"
            ));
        }
    }
    problems
}

/// A `go` line the adapter reads (not too long) that is no perft: told
/// by its words, not by the parser, which may refuse a limit.
fn expects_bestmove(line: &str) -> bool {
    let mut words = line.split_whitespace();
    line.len() <= menagerie::text_lines::MAX_COMMAND_BYTES
        && words.next() == Some("go")
        && !words.any(|w| w == "perft")
}

fn shorten(s: &str) -> String {
    if s.chars().count() > 200 {
        format!("{}...", s.chars().take(200).collect::<String>())
    } else {
        s.to_string()
    }
}

/// What is wrong with running `input`, if anything.
fn try_input(protocol: Protocol, input: &str, name: String) -> Result<(), String> {
    match run_adapter(protocol, input.as_bytes().to_vec(), name) {
        Err(RunError::Panicked(p)) => Err(format!("panicked:\n{p}")),
        Err(RunError::Stuck) => Err(format!("did not end within {SESSION_TIMEOUT:?}")),
        Ok(bytes) => {
            let problems = check_output(protocol, input, &bytes);
            if problems.is_empty() {
                Ok(())
            } else {
                Err(problems
                    .iter()
                    .take(10)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
        }
    }
}

/// Runs a session; on failure, looks for a stream that fails on its own.
fn run_session(session: &Session) -> Result<(), String> {
    let input = session.input(&session.streams);
    let name = format!("{:?}-{:#x}", session.protocol, session.seed);
    let Err(problem) = try_input(session.protocol, &input, name.clone()) else {
        return Ok(());
    };
    let mut report = format!(
        "{:?} session of seed {:#x} failed: {problem}\n",
        session.protocol, session.seed
    );
    let culprit = session.streams.iter().enumerate().find_map(|(i, s)| {
        let alone = session.input(std::slice::from_ref(s));
        try_input(session.protocol, &alone, format!("{name}-{i}"))
            .err()
            .map(|p| (i, alone, p))
    });
    match culprit {
        Some((i, alone, p)) => {
            report.push_str(&format!(
                "stream {i} fails on its own: {p}\n--- input ---\n{}--- end ---\n",
                shorten_lines(&alone)
            ));
        }
        None => {
            let dir = option_env!("CARGO_TARGET_TMPDIR").unwrap_or(".");
            let path = format!("{dir}/protocol_fuzz_{name}.txt");
            let _ = std::fs::write(&path, &input);
            report.push_str(&format!(
                "no stream fails on its own; the session input is in {path}\n"
            ));
        }
    }
    Err(report)
}

fn shorten_lines(text: &str) -> String {
    text.lines().map(|l| shorten(l) + "\n").collect()
}

// ---------------------------------------------------------------------------
// Well-formedness

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

fn is_signed(s: &str) -> bool {
    is_digits(s.strip_prefix('-').unwrap_or(s))
}

fn breaks_line(c: char) -> bool {
    c.is_control() || c == '\u{2028}' || c == '\u{2029}'
}

/// A line of the XBoard adapter: one of the CECP replies we send.
fn xboard_line_ok(line: &str) -> Result<(), &'static str> {
    if line.chars().any(breaks_line) {
        return Err("control character");
    }
    let rest_after = |p: &str| line.strip_prefix(p);
    if let Some(rest) = rest_after("feature ") {
        return (!rest.trim().is_empty() && rest.contains('='))
            .then_some(())
            .ok_or("empty feature");
    }
    if let Some(mv) = rest_after("move ") {
        return (!mv.is_empty() && !mv.contains(char::is_whitespace))
            .then_some(())
            .ok_or("move is not one word");
    }
    if let Some(n) = rest_after("pong ") {
        return is_signed(n).then_some(()).ok_or("pong without a number");
    }
    if let Some(rest) = rest_after("Illegal move") {
        return (rest.starts_with(": ") || rest.starts_with(" ("))
            .then_some(())
            .ok_or("Illegal move without the move");
    }
    if let Some(rest) = rest_after("Error (") {
        return rest
            .contains("): ")
            .then_some(())
            .ok_or("Error without ): ");
    }
    if let Some(rest) = rest_after("dice ") {
        return rest
            .split(' ')
            .all(is_digits)
            .then_some(())
            .ok_or("dice without numbers");
    }
    for result in ["1-0 {", "0-1 {", "1/2-1/2 {"] {
        if line.starts_with(result) {
            return line.ends_with('}').then_some(()).ok_or("result without }");
        }
    }
    let forms = [
        "setup (",
        "piece ",
        "highlight ",
        "stat01: ",
        "telluser ",
        "tellusererror ",
        "tellothers ",
        "askuser ",
        "# ",
        "Hint: ",
    ];
    if forms.iter().any(|f| line.starts_with(f)) {
        return Ok(());
    }
    if line == "resign" || line == "offer draw" {
        return Ok(());
    }
    // Thinking output: DEPTH SCORE TIME NODES PV...
    let words: Vec<&str> = line.split(' ').collect();
    if words.len() >= 4
        && is_digits(words[0])
        && is_signed(words[1])
        && is_digits(words[2])
        && is_digits(words[3])
        && words[4..].iter().all(|w| !w.is_empty())
    {
        return Ok(());
    }
    Err("no XBoard reply form")
}

/// A line of the UCI adapter: a reply, perft's output, or blank.
fn uci_line_ok(line: &str) -> Result<(), &'static str> {
    if line.chars().any(breaks_line) {
        return Err("control character");
    }
    if line.is_empty() || line == "uciok" || line == "readyok" {
        return Ok(());
    }
    for p in ["id name ", "id author ", "option name "] {
        if line.strip_prefix(p).is_some_and(|r| !r.trim().is_empty()) {
            return Ok(());
        }
    }
    if let Some(rest) = line.strip_prefix("info ") {
        return (!rest.trim().is_empty()).then_some(()).ok_or("empty info");
    }
    if let Some(rest) = line.strip_prefix("bestmove ") {
        let words: Vec<&str> = rest.split(' ').collect();
        return match words[..] {
            [mv] if !mv.is_empty() => Ok(()),
            [mv, "ponder", p] if !mv.is_empty() && !p.is_empty() => Ok(()),
            _ => Err("bestmove is not one move"),
        };
    }
    if let Some(n) = line.strip_prefix("Nodes searched: ") {
        return is_digits(n)
            .then_some(())
            .ok_or("Nodes searched without a number");
    }
    // perft divide: MOVE: N
    if let Some((mv, n)) = line.split_once(": ") {
        if !mv.is_empty() && !mv.contains(char::is_whitespace) && is_digits(n) {
            return Ok(());
        }
    }
    Err("no UCI reply form")
}

// ---------------------------------------------------------------------------
// Tests

/// The seeds of sessions `range` (of `SESSIONS`, unless
/// `PROTOCOL_FUZZ_SESSIONS` says how many), or the one of
/// `PROTOCOL_FUZZ_SEED`.
fn seeds(range: std::ops::Range<u64>) -> Vec<u64> {
    if let Some(seed) = std::env::var("PROTOCOL_FUZZ_SEED")
        .ok()
        .and_then(|s| parse_seed(&s))
    {
        return vec![seed];
    }
    let sessions = std::env::var("PROTOCOL_FUZZ_SESSIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SESSIONS);
    range
        .take_while(|&i| i < sessions)
        .map(|i| FIRST_SEED + i)
        .collect()
}

fn parse_seed(s: &str) -> Option<u64> {
    match s.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => s.parse().ok(),
    }
}

fn fuzz(protocol: Protocol, sessions: std::ops::Range<u64>) {
    install_panic_hook();
    let start = Instant::now();
    let mut failures = Vec::new();
    let mut streams = 0;
    let mut generating = Duration::ZERO;
    for seed in seeds(sessions) {
        let t = Instant::now();
        let session = Session::generate(protocol, seed);
        generating += t.elapsed();
        streams += session.streams.len();
        if let Err(report) = run_session(&session) {
            eprintln!("{report}");
            failures.push(format!("{seed:#x}"));
        }
    }
    eprintln!(
        "{protocol:?}: {streams} streams in {:.1} s ({:.1} s to generate them)",
        start.elapsed().as_secs_f64(),
        generating.as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{protocol:?} sessions failed (rerun one with PROTOCOL_FUZZ_SEED=...): {}",
        failures.join(" ")
    );
}

#[test]
fn uci_survives_random_and_mutated_streams() {
    fuzz(Protocol::Uci, 0..QUICK_SESSIONS);
}

#[test]
fn xboard_survives_random_and_mutated_streams() {
    fuzz(Protocol::Xboard, 0..QUICK_SESSIONS);
}

#[test]
#[ignore = "long: the rest of the fuzz sessions"]
fn long_uci_and_xboard_survive_more_streams() {
    fuzz(Protocol::Uci, QUICK_SESSIONS..SESSIONS);
    fuzz(Protocol::Xboard, QUICK_SESSIONS..SESSIONS);
}

/// In every game whose promotion waits for the throw, over XBoard: a
/// person's promotion given with its piece (`a7a8q`) is taken, the throw
/// after it too, and the engine answers with a legal move; the engine's
/// own promotion is a legal one, written with its piece.
#[test]
fn xboard_promotions_after_the_throw_in_every_game() {
    install_panic_hook();
    let mut covered = Vec::new();
    for &variant in builtin_names() {
        let Some((start, promotions)) = promotion_position(variant) else {
            continue;
        };
        covered.push(variant);
        let dialect = Dialect::new(start.variant());
        let fen = dialect.fen_to_xboard(&start.to_fen());
        let setup = format!(
            "xboard\nprotover 2\naccepted dice\naccepted choices\nnew\nvariant {}\nforce\nsetboard {fen}\nsd 2\n",
            xboard_variant_name(variant)
        );
        // The engine's own promotion.
        let out = xboard_session(variant, &format!("{setup}go\n"));
        let own = engine_move(&out).unwrap_or_else(|| panic!("{variant}: no move: {out}"));
        let own = dialect.from_xboard(&own);
        assert!(
            start.promotion_ahead(&own).is_some() || start.parse_action(&own).is_ok(),
            "{variant}: the engine's {own} is not legal: {out}"
        );
        // A person's promotion, for each piece it may take, then the throw.
        let (text, letters) = &promotions[0];
        for &letter in letters {
            let mut pos = start.clone();
            let mut input = format!("{setup}usermove {}{letter}\n", dialect.to_xboard(text));
            pos.play_action_text(text).expect("the promotion's move");
            // The throw, the choices, the promotion: the steps (`x:y`) the
            // rules ask for before the next move.
            while let Some(&first) = pos.legal_actions().first() {
                let step = pos.action_text(first);
                if !step.contains(':') {
                    break;
                }
                if step.starts_with("promote:") {
                    let piece = format!("promote:{}", letter.to_ascii_lowercase());
                    pos.play_action_text(&piece).expect("the piece given ahead");
                    continue;
                }
                input.push_str(&format!("usermove {}\n", dialect.to_xboard(&step)));
                pos.play_action_text(&step).expect("a legal step");
            }
            input.push_str("go\n");
            let out = xboard_session(variant, &input);
            assert!(
                !out.contains("Illegal move") && !out.contains("Error"),
                "{variant} {letter}: {out}"
            );
            if pos.outcome().is_none() {
                let reply =
                    engine_move(&out).unwrap_or_else(|| panic!("{variant}: no reply: {out}"));
                let reply = dialect.from_xboard(&reply);
                assert!(
                    pos.promotion_ahead(&reply).is_some() || pos.parse_action(&reply).is_ok(),
                    "{variant} {letter}: the reply {reply} is not legal after the promotion: {out}"
                );
            }
        }
    }
    assert!(
        covered.len() >= 7,
        "games with promotions after the throw: {covered:?}"
    );
}

/// Runs the XBoard adapter on `input`, waits for its `move` (at most the
/// script's longest wait), then `quit`: its output.
fn xboard_session(variant: &str, input: &str) -> String {
    let script = format!("{input}@wait move *\nquit\n");
    let bytes = run_adapter_with(
        Protocol::Xboard,
        |out| Box::new(Scripted::text(out, &script)),
        variant.to_string(),
    )
    .unwrap_or_else(|e| panic!("{variant}: {e:?}"));
    String::from_utf8_lossy(&bytes).to_string()
}

/// The first `move` the engine sent (its legs joined).
fn engine_move(out: &str) -> Option<String> {
    let mut legs = String::new();
    for line in out.lines() {
        if let Some(m) = line.strip_prefix("move ") {
            legs.push_str(m.trim());
            if !m.trim().ends_with(',') {
                return Some(legs);
            }
        }
    }
    None
}

/// The checkers must be able to fail: every malformed line is rejected,
/// and the replies the adapters really send are accepted.
#[test]
fn well_formedness_checkers_reject_malformed_lines() {
    for good in [
        "feature ping=1 setboard=1",
        "move e2e4",
        "move d2c3,",
        "move knight:4:2",
        "pong 12",
        "Illegal move: e2e5",
        "Illegal move (not legal here): e2e5",
        "Error (unknown command): foo",
        "setup (PNBRQK) 8x8+0_fairy rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1",
        "piece N& N",
        "highlight 8/8/8/8/4Y3/4Y3/8/8",
        "dice 6 6",
        "telluser White throws 6 and 4: roll:6:4",
        "tellusererror Illegal position",
        "tellothers White 5+2 | Black: Knight 2:1",
        "askuser choice Your choice: knight:4:2",
        "# White gets knight:4:2 (drawn)",
        "1-0 {White mates}",
        "0-1 {Black mates}",
        "1/2-1/2 {Stalemate}",
        "Hint: e2e4",
        "resign",
        "offer draw",
        "3 -25 1 1234 e2e4 e7e5 g1f3",
        "1 100005 0 20",
    ] {
        assert_eq!(xboard_line_ok(good), Ok(()), "{good:?}");
    }
    for bad in [
        "",
        "mvoe e2e4",
        "move",
        "move ",
        "move e2e4 e7e5",
        "pong",
        "pong x",
        "Illegal mov: e2e4",
        "Illegal move",
        "Error foo",
        "Error (unknown command) foo",
        "dice six",
        "1-0 {White mates",
        "1-0",
        "3 -25 1",
        "3 x 1 1234 e2e4",
        "3 -25 1 12a4 e2e4",
        "bestmove e2e4",
        "info depth 1",
        "telluser bad\u{0}byte",
        "telluser two\rlines",
        "# next\u{2028}line",
        "feature ",
        "Resign",
    ] {
        assert!(xboard_line_ok(bad).is_err(), "accepted {bad:?}");
    }
    for good in [
        "",
        "id name menagerie 0.1.0",
        "id author the menagerie authors",
        "option name Hash type spin default 64 min 1 max 65536",
        "uciok",
        "readyok",
        "info string Error: bad FEN",
        "info depth 1 seldepth 1 score cp 20 nodes 20 nps 20000 time 1 pv e2e4",
        "bestmove e2e4",
        "bestmove knight:4:2",
        "bestmove (none)",
        "bestmove e2e4 ponder e7e5",
        "Nodes searched: 20",
        "e2e4: 1",
        "activate:g1: 3",
    ] {
        assert_eq!(uci_line_ok(good), Ok(()), "{good:?}");
    }
    for bad in [
        "uciok ",
        "id",
        "id name ",
        "info",
        "info ",
        "bestmove",
        "bestmove ",
        "bestmove e2e4 e7e5",
        "Nodes searched: x",
        "Nodes searched: ",
        "e2e4: x",
        "e2 e4: 1",
        ": 1",
        "move e2e4",
        "pong 1",
        "Unknown command: 'foo'",
        "info string bad\u{1b}[31m",
        "+---+---+---+",
        "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        assert!(uci_line_ok(bad).is_err(), "accepted {bad:?}");
    }
}

/// The sanitizer and the stream builder behave as the fuzz relies on.
#[test]
fn streams_are_deterministic_and_sanitized() {
    let a = Session::generate(Protocol::Xboard, 7);
    let b = Session::generate(Protocol::Xboard, 7);
    assert_eq!(a.input(&a.streams), b.input(&b.streams));
    assert_eq!(a.streams.len(), STREAMS);
    assert_eq!(sanitize(Protocol::Uci, "go perft 9"), "go perft 1");
    assert_eq!(
        sanitize(Protocol::Uci, "go perft +99999999999"),
        "go perft 1"
    );
    assert_eq!(sanitize(Protocol::Uci, "quit now"), "ping 1");
    assert_eq!(
        sanitize(Protocol::Uci, "setoption name Hash value 65536"),
        "setoption name Hash value 1"
    );
    assert_eq!(sanitize(Protocol::Xboard, "memory 4096"), "memory 1");
    assert_eq!(sanitize(Protocol::Uci, "go depth 1"), "go depth 1");
    for s in &a.streams {
        assert_eq!(s[0], "new");
        assert!(s.contains(&"sd 1".to_string()));
        assert!(!s
            .iter()
            .any(|l| l.split_whitespace().next() == Some("quit")));
    }
}

/// Every number a command takes, at the edges of its type and beyond, then
/// a search: one deterministic session per protocol.
#[test]
fn extreme_numbers_in_every_numeric_argument() {
    install_panic_hook();
    const EDGES: &[&str] = &[
        "0",
        "1",
        "-1",
        "2147483647",
        "2147483648",
        "4294967295",
        "4294967296",
        "9223372036854775807",
        "-9223372036854775808",
        "18446744073709551615",
        "18446744073709551616",
        "0.001",
        "99999999999.999",
    ];
    let uci_templates = [
        "go depth N",
        "go nodes N",
        "go movetime N",
        "go mate N",
        "go wtime N",
        "go wtime 1000 winc N",
        "go wtime 1000 movestogo N",
        "go btime N binc N movestogo N",
        "go perft N",
    ];
    let xboard_templates = [
        "level N 0:01 0",
        "level 40 N 0",
        "level 40 0:01 N",
        "level 0 N:N N",
        "st N",
        "sd N",
        "time N",
        "otim N",
        "nps N",
        "ping N",
        "cores N",
        "rating N N",
        "option DiceSeed=N",
        "memory N",
    ];
    for protocol in [Protocol::Uci, Protocol::Xboard] {
        let mut lines: Vec<String> = match protocol {
            Protocol::Uci => vec!["uci".into(), "setoption name Hash value 1".into()],
            Protocol::Xboard => vec!["xboard".into(), "protover 2".into(), "memory 1".into()],
        };
        let templates: &[&str] = match protocol {
            Protocol::Uci => &uci_templates,
            Protocol::Xboard => &xboard_templates,
        };
        for template in templates {
            for n in EDGES {
                let command = sanitize(protocol, &template.replace('N', n));
                match protocol {
                    Protocol::Uci => {
                        lines.extend(["ucinewgame".into(), "position startpos".into(), command]);
                        lines.extend(["stop".into(), "isready".into()]);
                    }
                    Protocol::Xboard => {
                        lines.extend(["new".into(), "sd 1".into(), "st 0.01".into(), command]);
                        lines.extend(["post".into(), "go".into(), "?".into(), "force".into()]);
                    }
                }
            }
        }
        lines.push("quit".into());
        let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
        if let Err(problem) = try_input(protocol, &input, format!("{protocol:?}-edges")) {
            panic!("{protocol:?}: {problem}\n--- input ---\n{input}--- end ---");
        }
    }
}

/// Input that is not UTF-8 (a Latin-1 `name Jürgen` from a GUI, say) must
/// not crash or hang an adapter, and what follows it is still answered.
#[test]
fn input_that_is_not_utf8_ends_cleanly() {
    install_panic_hook();
    let cases: [(Protocol, &[u8]); 2] = [
        (Protocol::Uci, b"uci\nsetoption name Hash value 1\nposition startpos\ngo depth 1\nsetoption name x value J\xfcrgen\nisready\n"),
        (Protocol::Xboard, b"xboard\nprotover 2\nmemory 1\nsd 1\nnew\ngo\nname J\xfcrgen\nping 1\n"),
    ];
    for (protocol, input) in cases {
        let answer = match protocol {
            Protocol::Uci => "readyok",
            Protocol::Xboard => "pong 1",
        };
        // As a GUI does, the input stays open until the answer comes.
        let scripted = |out: &Output| -> Box<dyn BufRead + Send> {
            Box::new(Scripted::new(out).send(input).wait_for(answer))
        };
        let bytes = match run_adapter_with(protocol, scripted, format!("{protocol:?}-latin1")) {
            Ok(bytes) => bytes,
            Err(RunError::Panicked(p)) => panic!("{protocol:?} panicked: {p}"),
            Err(RunError::Stuck) => panic!("{protocol:?} did not end"),
        };
        let text = String::from_utf8(bytes).expect("UTF-8 output");
        for line in text.lines() {
            let ok = match protocol {
                Protocol::Uci => uci_line_ok(line),
                Protocol::Xboard => xboard_line_ok(line),
            };
            assert_eq!(ok, Ok(()), "{protocol:?}: {line:?}");
        }
        assert!(
            text.lines().any(|l| l == answer),
            "{protocol:?}: no '{answer}' after the bad line:\n{text}"
        );
    }
}
