//! Whole conversations with the built binary in both protocols, for every
//! game, dice games included (the test supplies the throws). Every reply
//! is checked: replies are read up to a synchronisation point (`pong N`,
//! `readyok`) and compared as a whole.

use menagerie::rules::position::Position;
use menagerie::rules::variants;
use menagerie::xboard::Dialect;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

struct Conversation {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    transcript: String,
    ping: u32,
}

impl Conversation {
    fn start(protocol: &str) -> Conversation {
        let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
            .arg(protocol)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the engine");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Conversation {
            child,
            stdin,
            lines: rx,
            transcript: String::new(),
            ping: 0,
        }
    }

    fn send(&mut self, line: &str) {
        self.transcript.push_str(&format!("> {line}\n"));
        writeln!(self.stdin, "{line}").expect("write");
        self.stdin.flush().expect("flush");
    }

    fn next_line(&mut self) -> String {
        match self.lines.recv_timeout(Duration::from_secs(30)) {
            Ok(line) => {
                self.transcript.push_str(&format!("< {line}\n"));
                line
            }
            Err(_) => panic!("no reply in time; transcript:\n{}", self.transcript),
        }
    }

    /// Every line until `end` (not included).
    /// XBoard's handshake: `xboard`, `protover 2`, and every feature
    /// answered `accepted` as XBoard does, up to `feature done=1`; the
    /// feature lines.
    fn handshake(&mut self) -> Vec<String> {
        self.send("xboard");
        self.send("protover 2");
        let mut out = Vec::new();
        loop {
            let line = self.next_line();
            if line == "feature done=1" {
                return out;
            }
            if let Some(rest) = line.strip_prefix("feature ") {
                for key in feature_keys(rest) {
                    self.send(&format!("accepted {key}"));
                }
            }
            out.push(line);
        }
    }

    fn until(&mut self, end: &str) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let line = self.next_line();
            if line == end {
                return out;
            }
            out.push(line);
        }
    }

    /// XBoard: every reply to what was sent since the last ping, but for
    /// the status in the window title (`feature myname`) and as a comment
    /// on the move (`tellothers`), which dice games send after every step
    /// and every move (`xboard_dice_state_is_in_the_title` checks them).
    fn replies(&mut self) -> Vec<String> {
        let mut replies = self.replies_with_status();
        replies.retain(|l| !l.starts_with("tellothers "));
        replies
    }

    /// `replies`, with the comments on moves (`tellothers`).
    fn replies_with_status(&mut self) -> Vec<String> {
        self.ping += 1;
        let n = self.ping;
        self.send(&format!("ping {n}"));
        let mut replies = self.until(&format!("pong {n}"));
        replies.retain(|l| !l.starts_with("feature myname=") && !is_note_display(l));
        replies
    }

    /// UCI: every reply to what was sent since the last `isready`.
    fn uci_replies(&mut self) -> Vec<String> {
        self.send("isready");
        self.until("readyok")
    }

    /// Pings and checks that the replies since the last ping are exactly
    /// `expected`.
    fn expect(&mut self, expected: &[&str], what: &str) {
        let replies = self.replies();
        self.check(replies == expected, what);
    }

    fn check(&self, ok: bool, what: &str) {
        assert!(ok, "{what}; transcript:\n{}", self.transcript);
    }
}

/// A `highlight` that shows square notes only (lower-case dots), which a
/// game with truffles or woken pieces sends after every step; an answer to
/// `lift` marks its targets in upper case.
fn is_note_display(line: &str) -> bool {
    line.strip_prefix("highlight ")
        .is_some_and(|fen| !fen.chars().any(|c| c.is_ascii_uppercase()))
}

impl Drop for Conversation {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// The keys of a `feature` line's `key=value` pairs (values may be quoted).
fn feature_keys(rest: &str) -> Vec<String> {
    let mut keys = Vec::new();
    let (mut word, mut quoted) = (String::new(), false);
    for c in rest.chars() {
        match c {
            '"' => quoted = !quoted,
            '=' if !quoted => keys.push(std::mem::take(&mut word)),
            ' ' if !quoted => word.clear(),
            _ if !quoted => word.push(c),
            _ => {}
        }
    }
    keys
}

/// An XBoard session past the handshake with the given features accepted.
fn xboard(accept_dice: bool) -> Conversation {
    let mut c = Conversation::start("xboard");
    let features = c.handshake();
    let all = features.join(" ");
    // Every game (ours, then the library's), chess by XBoard's name for it.
    let mut games = menagerie::rules::variants::builtin_names();
    games.extend(menagerie::rules::variants::library_names());
    let names: Vec<&str> = games
        .iter()
        .map(|n| if n == "chess" { "normal" } else { n })
        .collect();
    let variants = format!("variants=\"{}\"", names.join(","));
    c.check(all.contains(&variants), "variants");
    for f in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "highlight=1",
        "dice=1",
        "choices=1",
    ] {
        c.check(all.contains(f), f);
    }
    let answer = if accept_dice { "accepted" } else { "rejected" };
    c.send(&format!("{answer} dice"));
    c.send(&format!("{answer} choices"));
    c
}

/// Starts `game` (our name) and returns the replies to `variant`.
fn start_game(c: &mut Conversation, game: &str) -> Vec<String> {
    c.send("new");
    if game != "chess" {
        c.send(&format!("variant {}", Dialect::xboard_name(game)));
    }
    c.replies()
}

fn parse_move_reply(c: &Conversation, line: &str) -> String {
    let mv = line.strip_prefix("move ");
    c.check(mv.is_some(), &format!("expected a move, got '{line}'"));
    mv.unwrap_or_default().to_string()
}

#[test]
fn xboard_describes_every_game_and_plays_it() {
    let mut c = xboard(false);
    c.send("computer");
    for game in variants::builtin_names() {
        let game = game.as_str();
        let v = variants::load(game).expect("variant");
        let dialect = Dialect::new(&v);
        let mut pos = Position::startpos(v.clone());
        let replies = start_game(&mut c, game);
        if game == "chess" {
            c.check(replies.is_empty(), "chess needs no setup");
        } else {
            let g = &v.geometry();
            let size = format!("{}x{}+", g.width(), g.height());
            c.check(replies[0].starts_with("setup ("), "setup first");
            c.check(replies[0].contains(&size), "board size");
            c.check(
                replies[0].ends_with(&dialect.fen_to_xboard(&pos.to_fen())),
                "start FEN",
            );
            c.check(replies.len() == 1 + v.kind_count(), "one piece line a kind");
            c.check(
                replies[1..].iter().all(|l| l.starts_with("piece ")),
                "pieces",
            );
        }
        // A legal move of the user, then an illegal one.
        let first = pos.legal_actions()[0];
        let text = pos.action_text(first);
        c.send("force");
        c.send(&format!("usermove {}", dialect.to_xboard(&text)));
        pos.play_action_text(&text).expect("legal");
        let replies = c.replies();
        // A dice game throws after the move: with `dice` rejected the
        // engine throws (and says so) when asked to play on, not in force.
        c.check(replies.is_empty(), "a legal move is taken silently");
        c.send("usermove a1a1");
        let replies = c.replies();
        c.check(
            replies.len() == 1 && replies[0].starts_with("Illegal move"),
            "an illegal move is refused",
        );
        // The engine plays the side on move.
        c.send("sd 1");
        c.send("go");
        let replies = c.replies();
        // The engine's move goes out after its own throw and choice (the
        // clock stays its own meanwhile): a note that does not follow yet
        // follows the move.
        let mut after_move: Vec<String> = Vec::new();
        for line in &replies {
            if let Some(step) = line.strip_prefix("move ") {
                let step = dialect.from_xboard(step);
                c.check(
                    pos.play_action_text(&step).is_ok(),
                    &format!("{game}: move '{step}' is legal"),
                );
                for step in std::mem::take(&mut after_move) {
                    c.check(
                        pos.play_action_text(&step).is_ok(),
                        &format!("{game}: '{step}' after the move is legal"),
                    );
                }
            } else if line.starts_with("tellothers ") {
                // The status as a comment on the move (XBoard's
                // Auto-Comment).
            } else if let Some(note) = line.strip_prefix("# ") {
                // A throw or drawn choice between two engines, with its
                // token (`roll:6:4`, `knight:5:1`, `activate:done`).
                let token = note
                    .split_whitespace()
                    .find(|w| w.contains(':') && !w.ends_with(':'))
                    .unwrap_or("");
                let step = dialect.from_xboard(token);
                if pos.play_action_text(&step).is_err() {
                    after_move.push(step);
                }
            } else {
                c.check(false, &format!("unexpected reply '{line}'"));
            }
        }
        c.check(
            replies.iter().any(|l| l.starts_with("move ")),
            "the engine moved",
        );
        c.check(after_move.is_empty(), "every throw and choice is legal");
    }
}

#[test]
fn xboard_counts_ten_ranks_from_zero() {
    let mut c = xboard(true);
    start_game(&mut c, "wolf");
    c.send("force");
    // Our c3c4 is XBoard's c2c3.
    c.send("usermove c2c3");
    c.expect(&[], "c2c3 legal");
    // XBoard's a9 is our a10, the black Queen's square, blocked by the
    // pawn on our a9 (XBoard's a8).
    c.send("usermove a9a8");
    c.expect(
        &["Illegal move ('a10a9' is not legal here): a9a8"],
        "a9a8 refused",
    );
    c.send("usermove a8a7");
    c.expect(&[], "the pawn's step is legal");
}

#[test]
fn xboard_highlights_undo_and_holes() {
    let mut c = xboard(true);
    start_game(&mut c, "chess");
    c.send("force");
    c.send("lift e2");
    c.expect(&["highlight 8/8/8/8/4Y3/4Y3/8/8"], "e2's two moves");
    c.send("usermove e2e4");
    c.send("usermove d7d5");
    c.send("lift e4");
    c.expect(&["highlight 8/8/8/3RY3/8/8/8/8"], "a capture is red");
    c.send("remove");
    c.send("lift e2");
    c.expect(
        &["highlight 8/8/8/8/4Y3/4Y3/8/8"],
        "remove takes both moves back",
    );
    let replies = start_game(&mut c, "hubbub");
    c.check(
        replies[0].contains(" b***ss***b/*rnlgklnr*/"),
        "holes are '*'",
    );
}

#[test]
fn xboard_reports_game_ends() {
    let mut c = xboard(true);
    start_game(&mut c, "chess");
    c.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    c.send("sd 2");
    c.send("go");
    c.expect(&["move a1a8", "1-0 {White mates}"], "mate in one");
    start_game(&mut c, "pawneaters");
    c.send("setboard 8/8/8/8/8/1p6/P7/8 w - - 0 1");
    // XBoard may have reset its board to the game's start on our first
    // `setup`, which it reads only after sending the position: the
    // position is described again as the start of XBoard's game.
    c.expect(
        &["setup (PN.R..E....O.pn.r..e....o.) 8x8+0_fairy 8/8/8/8/8/1p6/P7/8 w - - 0 1"],
        "the position as XBoard's start",
    );
    c.send("sd 2");
    c.send("go");
    c.expect(
        &["move a2b3", "1-0 {White wins by extinction}"],
        "extinction",
    );
    c.send("setboard not a fen");
    let replies = c.replies();
    c.check(
        replies.len() == 2 && replies[0].starts_with("tellusererror Illegal position"),
        "bad FEN",
    );
    c.send("frobnicate");
    c.expect(&["Error (unknown command): frobnicate"], "unknown command");
}

/// Carnival with the GUI's dice: the engine asks for the throws that follow
/// the human's moves and its own; the choice of the human comes as a token.
#[test]
fn xboard_carnival_with_pips_and_choice_tokens() {
    let mut c = xboard(true);
    start_game(&mut c, "carnival");
    let v = variants::load("carnival").expect("carnival");
    let dialect = Dialect::new(&v);
    let mut pos = Position::startpos(v);
    c.send("sd 1");
    c.send("usermove e2e3");
    c.expect(&["dice 6 6"], "the engine asks for White's throw");
    c.send("pips 6/6 6/6");
    c.expect(&[], "a double six: White chooses");
    c.send("usermove knight:5:3");
    let replies = c.replies();
    c.check(replies.len() == 2, "a move and a throw");
    let mv = dialect.from_xboard(&parse_move_reply(&c, &replies[0]));
    c.check(replies[1] == "dice 6 6", "the engine asks for its throw");
    c.send("pips 2/6 1/6");
    c.expect(&[], "2:1 gives the Knight");
    for step in ["e2e3", "roll:6:6", "knight:5:3", &mv, "roll:2:1"] {
        c.check(pos.play_action_text(step).is_ok(), step);
    }
    // A throw nobody waits for is refused.
    c.send("pips 1/6 1/6");
    let replies = c.replies();
    c.check(
        replies.len() == 1 && replies[0].starts_with("Error (command not legal now)"),
        "pips out of turn",
    );
    // Between engines, the engine asks only for its own throws.
    c.send("computer");
    c.send("usermove d2d3");
    c.expect(&[], "the other engine asks");
    c.send("pips 3/6 1/6");
    let replies = c.replies();
    c.check(
        replies.len() == 2 && replies[1] == "dice 6 6",
        "then we move and ask for our throw",
    );
}

/// Carnival against a human under a GUI without dice: the engine throws
/// both sides' dice, logs them (the window title shows them), and asks the
/// human's choice.
#[test]
fn xboard_carnival_without_dice_asks_the_user() {
    let (mut c, replies) = carnival_person_throws_a_six();
    c.check(
        replies[0].starts_with("# White throws "),
        "the engine throws for White",
    );
    if replies.len() > 1 && replies[1].starts_with("askuser choice ") {
        let first_option = replies[1]
            .split_whitespace()
            .find(|w| w.starts_with("knight:"))
            .unwrap_or("knight:1:1")
            .to_string();
        c.send("choice knight:9:9");
        let again = c.replies();
        c.check(
            again[0].starts_with("Illegal move") && again[1].starts_with("askuser choice"),
            "a bad answer is asked again",
        );
        c.send(&format!("choice {first_option}"));
        let replies = c.replies_with_status();
        c.check(
            replies[0].starts_with("tellothers White 6+3 | Black: Knight 2:1 | White: "),
            "the whole status as a comment on the person's move, once chosen",
        );
        c.check(
            replies
                .last()
                .is_some_and(|l| l.starts_with("tellothers Black ")),
            "and on the engine's move, after it",
        );
        let replies: Vec<String> = replies
            .into_iter()
            .filter(|l| !l.starts_with("tellothers "))
            .collect();
        // Its move goes out once its own throw is made.
        c.check(
            replies[0].starts_with("# Black throws "),
            "then the engine throws",
        );
        c.check(replies.iter().any(|l| l.starts_with("move ")), "and moves");
    } else {
        c.check(
            replies.iter().any(|l| l.starts_with("move ")),
            "the engine moves",
        );
    }
}

/// Carnival without the GUI's dice, a person as White: e2-e3 throws 6 and
/// 3 (DiceSeed 3), a choice of leaper. The conversation and its replies.
fn carnival_person_throws_a_six() -> (Conversation, Vec<String>) {
    let mut c = xboard(false);
    start_game(&mut c, "carnival");
    c.send("option DiceSeed=3");
    c.send("sd 1");
    c.send("usermove e2e3");
    let replies = c.replies();
    (c, replies)
}

/// A person's choice box cancelled in XBoard sends nothing: the engine
/// asks again at *Move Now* (`?`), and drops the answer of a box left
/// over once the choice is made.
#[test]
fn xboard_asks_a_persons_choice_again() {
    let (mut c, replies) = carnival_person_throws_a_six();
    let asked = replies.iter().find(|l| l.starts_with("askuser choice "));
    c.check(
        asked.is_some(),
        "the throw (seed 3) gives the person a choice",
    );
    let option = asked
        .and_then(|l| l.split_whitespace().find(|w| w.starts_with("knight:")))
        .unwrap_or("knight:1:1")
        .to_string();
    c.send("?");
    let again = c.replies();
    c.check(
        again.len() == 1 && again[0].starts_with("askuser choice "),
        "Move Now asks again",
    );
    c.send(&format!("choice {option}"));
    let replies = c.replies();
    c.check(
        replies.iter().any(|l| l.starts_with("move ")),
        "the answer is taken",
    );
    c.send(&format!("choice {option}"));
    let late = c.replies();
    c.check(
        late.len() == 1 && late[0].starts_with("# answer 'knight:"),
        "a left-over box's answer is dropped, without an error",
    );
}

/// Under `nps 0` XBoard charges the engine the time its thinking output
/// reports: every move goes with a report, thinking shown or not.
#[test]
fn xboard_nps_reports_what_each_move_cost() {
    let mut c = xboard(false);
    start_game(&mut c, "chess");
    c.send("nps 0");
    c.send("nopost");
    c.send("level 40 5 0");
    c.send("time 30000");
    c.send("otim 30000");
    c.send("usermove e2e4");
    let replies = c.replies();
    let at = replies.iter().position(|l| l.starts_with("move "));
    c.check(at.is_some_and(|i| i > 0), "the engine moves");
    let report: Vec<&str> = replies[at.unwrap_or(1) - 1].split_whitespace().collect();
    c.check(
        report.len() >= 4 && report[..4].iter().all(|w| w.parse::<i64>().is_ok()),
        "a thinking line (depth score time nodes) just before the move",
    );
}

/// Truffle Hunt: a pig's throws come as pips and are read with the pig's
/// winning faces.
#[test]
fn xboard_truffle_pig_throws() {
    let mut c = xboard(true);
    start_game(&mut c, "truffle");
    c.send("force");
    c.send("usermove e2e3");
    c.expect(&[], "in force mode nobody asks");
    c.send("pips 6/6 6/6");
    c.expect(&[], "found and eaten");
    c.send("usermove e7e6");
    c.send("pips 5/6 1/6");
    c.send("ping 77");
    let shown = c.until("pong 77");
    // Nothing but the truffles, as dots of one colour per count: e3 and e6
    // lost a truffle each (5, cyan), the rest of ranks 3-6 hold 6 (green).
    let dots = "highlight 8/8/ggggcggg/gggggggg/gggggggg/ggggcggg/8/8";
    c.check(
        shown
            .iter()
            .all(|l| l.starts_with("feature myname=") || is_note_display(l)),
        "found and kept",
    );
    let last_dots = shown.iter().rev().find(|l| l.starts_with("highlight "));
    c.check(
        last_dots.map(String::as_str) == Some(dots),
        "the truffles after the finds",
    );
    let v = variants::load("truffle").expect("truffle");
    let mut pos = Position::startpos(v);
    for step in ["e2e3", "find:eat", "e7e6", "find:keep"] {
        c.check(pos.play_action_text(step).is_ok(), step);
    }
    // The engine plays on; anything it plays must be legal.
    c.send("sd 1");
    c.send("go");
    let replies = c.replies();
    let mv = parse_move_reply(&c, &replies[0]);
    c.check(pos.play_action_text(&mv).is_ok(), "engine move legal");
}

#[test]
fn uci_conversation_for_every_game() {
    let mut c = Conversation::start("uci");
    c.send("uci");
    let hello = c.until("uciok");
    c.check(hello[0].starts_with("id name menagerie"), "id");
    c.check(
        hello
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant type combo")),
        "UCI_Variant",
    );
    for game in variants::builtin_names() {
        let v = variants::load(&game).expect("variant");
        let g = &v.geometry();
        c.send(&format!("setoption name UCI_Variant value {game}"));
        c.send("ucinewgame");
        let replies = c.uci_replies();
        c.check(
            replies.len() == 1
                && replies[0].starts_with(&format!(
                    "info string variant {game} files {} ranks {}",
                    g.width(),
                    g.height()
                )),
            "variant announced",
        );
        let mut pos = Position::startpos(v.clone());
        let first = pos.action_text(pos.legal_actions()[0]);
        pos.play_action_text(&first).expect("legal");
        c.send(&format!("position startpos moves {first}"));
        if let Some(dice) = pos.dice_due().map(|d| d.to_vec()) {
            // A throw is due: `go` is refused; the GUI sends the throw.
            c.send("go depth 1");
            let replies = c.until("bestmove 0000");
            c.check(replies[0].starts_with("info string Error"), "throw due");
            // Every die shows its highest face.
            let token = pos.action_text(pos.outcome_of_pips(&dice).expect("pips"));
            pos.play_action_text(&token).expect("throw");
            c.send(&format!("position startpos moves {first} {token}"));
        }
        // perft 1: a line per action (at a choice, each counts the move
        // that follows too), then the total.
        c.send("go perft 1");
        let replies = c.until("");
        c.check(
            replies.len() == pos.legal_actions().len(),
            "one divide line per action",
        );
        let sum: u64 = replies
            .iter()
            .filter_map(|l| l.rsplit(": ").next()?.parse::<u64>().ok())
            .sum();
        let total = c.next_line();
        c.check(total == format!("Nodes searched: {sum}"), "perft total");
        c.send("go depth 1");
        let replies = c.until_prefix("bestmove ");
        let best = replies.last().cloned().unwrap_or_default();
        let best = best.trim_start_matches("bestmove ").to_string();
        c.check(
            replies[..replies.len() - 1]
                .iter()
                .all(|l| l.starts_with("info ")),
            "info lines then bestmove",
        );
        c.check(pos.play_action_text(&best).is_ok(), "bestmove legal");
        {
            let r = c.uci_replies();
            c.check(r.is_empty(), "nothing more");
        }
    }
    c.send("position startpos moves e2e5");
    c.send("setoption name Hash value x");
    let replies = c.uci_replies();
    c.check(replies.len() == 2, "two errors");
    c.check(
        replies.iter().all(|l| l.starts_with("info string Error")),
        "errors",
    );
}

impl Conversation {
    /// Every line up to and including the first that starts with `prefix`.
    fn until_prefix(&mut self, prefix: &str) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let line = self.next_line();
            let done = line.starts_with(prefix);
            out.push(line);
            if done {
                return out;
            }
        }
    }
}

#[test]
fn xboard_analysis_follows_the_moves() {
    let mut c = xboard(true);
    start_game(&mut c, "wolf");
    c.send("force");
    c.send("analyze");
    std::thread::sleep(Duration::from_millis(300));
    c.send("usermove c2c3");
    std::thread::sleep(Duration::from_millis(300));
    c.send("exit");
    let replies = c.replies();
    c.check(!replies.is_empty(), "thinking output");
    // `DEPTH SCORE TIME NODES PV`, the last lines about the position after
    // the move (Black's replies, XBoard's squares).
    for line in &replies {
        let fields: Vec<&str> = line.split_whitespace().collect();
        c.check(
            fields.len() >= 5 && fields[..4].iter().all(|f| f.parse::<i64>().is_ok()),
            &format!("thinking line '{line}'"),
        );
    }
    let last = replies.last().cloned().unwrap_or_default();
    let first_pv = last.split_whitespace().nth(4).unwrap_or("");
    let v = variants::load("wolf").expect("wolf");
    let mut pos = Position::startpos(v.clone());
    pos.play_action_text("c3c4").expect("legal");
    let ours = Dialect::new(&v).from_xboard(first_pv);
    c.check(pos.parse_action(&ours).is_ok(), "a Black move after c2c3");
}

#[test]
fn xboard_ping_held_for_our_move_is_answered_after_force() {
    let mut c = xboard(true);
    start_game(&mut c, "chess");
    c.send("level 40 5 0");
    c.send("usermove e2e4");
    // We think on Black's move: the pong waits for the move, or for the
    // `force` that cancels it.
    c.send("ping 70");
    c.send("force");
    let replies = c.until("pong 70");
    c.check(replies.is_empty(), "no move after force");
    c.expect(&[], "nothing else");
}

/// `?` is "move now": the move found is sent even when `force` follows
/// at once (a GUI taking the game back from the engine).
#[test]
fn xboard_move_now_then_force_still_sends_the_move() {
    let mut c = xboard(true);
    start_game(&mut c, "chess");
    c.send("level 40 5 0");
    c.send("usermove e2e4");
    c.send("?");
    c.send("force");
    let replies = c.replies();
    let moves: Vec<&String> = replies.iter().filter(|l| l.starts_with("move ")).collect();
    c.check(moves.len() == 1, "one move after ? and force");
    // In force mode: the GUI's next move is taken, and no reply follows.
    let ours = moves[0].trim_start_matches("move ").to_string();
    let v = variants::load("chess").expect("chess");
    let mut pos = Position::startpos(v);
    pos.play_action_text("e2e4").expect("legal");
    c.check(pos.play_action_text(&ours).is_ok(), "a legal Black move");
    let reply = pos.legal_actions()[0];
    let reply = pos.action_text(reply);
    c.send(&format!("usermove {reply}"));
    c.expect(&[], "no move in force mode");
}

#[test]
fn xboard_features_and_options_read_by_the_usual_clients() {
    let mut c = Conversation::start("xboard");
    let features = c.handshake().join("\n");
    // python-chess rejects (and warns about) sigterm=0; the default suits us.
    c.check(!features.contains("sigterm"), "no sigterm feature");
    // An option's name is one word: clients split the definition at spaces.
    c.check(
        features.contains("feature option=\"DiceSeed -spin 0 0 1000000000\""),
        "the dice seed option",
    );
    c.send("option DiceSeed=7");
    c.send("option Dice seed=8");
    c.expect(&[], "both spellings of the dice seed are taken");
    c.check(
        features.contains("feature option=\"MoveOverhead -spin 10 0 5000\""),
        "the move overhead option",
    );
    c.send("option MoveOverhead=100");
    c.send("option Move Overhead=0");
    c.expect(&[], "both spellings of the move overhead are taken");
    c.send("option MoveOverhead=5001");
    c.send("option MoveOverhead=-1");
    let replies = c.replies();
    c.check(
        replies.len() == 2
            && replies
                .iter()
                .all(|l| l.starts_with("Error (bad option value)")),
        "an overhead out of range is refused",
    );
}

#[test]
fn xboard_analysis_goes_on_after_a_mate_and_answers_dot() {
    let mut c = Conversation::start("xboard");
    c.handshake();
    c.send("new");
    c.send("post");
    c.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    c.send("analyze");
    // The mate is found at depth 1; analysis keeps deepening and reporting.
    let mut deepest = 0;
    while deepest < 8 {
        let line = c.next_line();
        if let Some(depth) = line.split(' ').next().and_then(|d| d.parse::<u32>().ok()) {
            c.check(line.ends_with(" a1a8"), "every line shows the mate");
            deepest = deepest.max(depth);
        }
    }
    c.send(".");
    let status = loop {
        let line = c.next_line();
        if line.starts_with("stat01: ") {
            break line;
        }
    };
    let words: Vec<&str> = status.split(' ').collect();
    c.check(
        words.len() == 7 && words[6] == "a1a8",
        "stat01 TIME NODES PLY LEFT TOTAL MOVE",
    );
    c.send("exit");
    c.replies();
    // Stopped: nothing more comes.
    c.expect(&[], "analysis ended with exit");
}

#[test]
fn xboard_result_from_the_gui_is_not_answered() {
    let mut c = Conversation::start("xboard");
    c.handshake();
    c.send("new");
    c.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    // The user mates the engine; the GUI, which checks the rules, ends the
    // game itself at once.
    c.send("usermove a1a8");
    c.send("result 1-0 {White mates}");
    c.expect(&[], "no claim of ours after the GUI's result");
    // A GUI that does not check the rules says nothing: the engine claims.
    c.send("new");
    c.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    c.send("usermove a1a8");
    std::thread::sleep(Duration::from_millis(400));
    c.expect(&["1-0 {White mates}"], "the engine claims the mate");
    // After its own mating move it claims at once.
    c.send("new");
    c.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    c.send("go");
    let (mv, claim) = (c.next_line(), c.next_line());
    c.check(mv == "move a1a8", "the mate");
    c.check(claim == "1-0 {White mates}", "claimed with the move");
    c.send("result 1-0 {White mates}");
    c.expect(&[], "nothing after the GUI's result");
}

#[test]
fn xboard_memory_over_the_maximum_is_refused() {
    let mut c = Conversation::start("xboard");
    c.handshake();
    c.send("memory 99999999");
    c.expect(
        &["Error (hash size 99999999 MiB is not within 1 to 8192): memory 99999999"],
        "memory refused",
    );
    c.send("memory 8192");
    c.expect(&[], "the largest table is taken at once");
}

#[test]
fn xboard_drops_an_endless_line_and_goes_on() {
    let mut c = Conversation::start("xboard");
    c.handshake();
    let long = "x".repeat(3 << 20);
    writeln!(c.stdin, "{long}").expect("write");
    c.expect(
        &["Error (line too long): a line of over 1048576 bytes, ignored"],
        "the long line is refused",
    );
    c.send("new");
    c.send("usermove e2e4");
    c.send("force");
    c.expect(&[], "the session goes on");
}

#[test]
fn xboard_dice_state_is_in_the_title() {
    let mut c = xboard(false);
    start_game(&mut c, "carnival");
    c.send("force");
    c.send("usermove e2e4");
    c.send("roll:3:1");
    c.send("usermove e7e5");
    c.send("roll:6:6");
    c.send("choice knight:5:5");
    c.send("ping 99");
    let lines = c.until("pong 99");
    let titles: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("feature myname="))
        .collect();
    let last = titles.last().map(|s| s.as_str()).unwrap_or("");
    // The whole status is too long for the window: the title keeps what
    // a person needs first, the last throw and the mover's leaper.
    c.check(
        last == "feature myname=\"Black 6+6 | White: Camel 3:1\"",
        "the last throw and the mover's leaper",
    );
    // XBoard's title is `xboard: ` and the name: what a person needs
    // first is within its first 40 characters.
    let title = format!("xboard: {}", &last["feature myname=\"".len()..]);
    c.check(
        title
            .chars()
            .take(40)
            .collect::<String>()
            .contains("Black 6+6 | White: Camel 3:1"),
        "within 40 characters",
    );
    // A new game gets the plain name back (XBoard records it as the
    // player's); Truffle Hunt shows the stores and the last find.
    c.send("new");
    c.send("ping 101");
    let lines = c.until("pong 101");
    let plain = format!("feature myname=\"menagerie {}\"", env!("CARGO_PKG_VERSION"));
    c.check(lines.contains(&plain), "the plain name back");
    start_game(&mut c, "truffle");
    c.send("force");
    c.send("usermove e2e3");
    c.send("pips 5/6 1/6");
    c.send("ping 100");
    let lines = c.until("pong 100");
    c.check(
        lines
            .iter()
            .any(|l| l.starts_with("feature myname=\"White 5+1: truffle kept | stores 1/0")),
        "the find with its faces, and the stores",
    );
    // A Food Hunt says its own food.
    start_game(&mut c, "mining");
    c.send("force");
    c.send("usermove b2b3");
    c.send("pips 6/6 1/6");
    c.send("ping 102");
    let lines = c.until("pong 102");
    c.check(
        lines
            .iter()
            .any(|l| l.starts_with("feature myname=\"White 6+1: ore kept | stores 1/0")),
        "Mining's ore",
    );
}

/// A person enters Carnival's capture-capture through its middle square,
/// as XBoard 4.9.1 asks for it: `lift`, `put` on the cyan middle square,
/// `lift` there again, then the move.
#[test]
fn xboard_two_leg_entry_by_mouse() {
    let mut c = xboard(false);
    start_game(&mut c, "carnival");
    c.send("force");
    c.send("setboard 4k3/8/8/8/3n4/2n1n3/3P4/4K3 w - - 0 1");
    c.replies();
    c.send("lift d2");
    c.expect(
        &["highlight 8/8/8/8/8/2CYC3/8/8"],
        "two paths to d4: the middles",
    );
    c.send("put c3");
    c.send("lift c3");
    c.expect(
        &["highlight 8/8/8/8/2YR4/2C5/8/8"],
        "the second legs from c3",
    );
    c.send("usermove d2c3");
    c.send("roll:2:1");
    c.replies();
    // A new move from the square the last one ended on starts afresh.
    c.send("usermove e8d8");
    c.send("roll:2:1");
    c.replies();
    c.send("lift c3");
    c.expect(
        &["highlight 8/8/8/8/2YR4/8/8/8"],
        "the pawn's own moves from c3",
    );
}
