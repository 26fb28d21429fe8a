//! The referee's side of XBoard (CECP v2), following the dice contract of
//! engine-protocol/README.md: the engine sits in `force` mode while the
//! opponent acts, hears the opponent's moves and choices (`usermove`) and
//! every throw (`pips A/6 B/6`) just before its own turn, and gets `time`,
//! `otim` and `go` to move. After its own move it stays on move to hear
//! `pips` and answer its choices with `move knight:4:2` and the like.

use super::cli::EngineSpec;
use super::clock::Limits;
use super::engine_process::EngineProcess;
use super::log::IoLog;
use super::player::{Fault, GameView, Player, StepKind, Turn};
use super::promotion_ahead;
use crate::rules::action::Action;
use crate::rules::piece::Kind;
use crate::rules::position::{Pending, Position};
use crate::rules::square::Color;
use std::time::{Duration, Instant};

/// How long to wait for `feature ... done=1` (after `done=0`: longer).
const FEATURES: Duration = Duration::from_secs(2);
const FEATURES_LONG: Duration = Duration::from_secs(20);
const PING: Duration = Duration::from_secs(20);

/// The features the referee accepts; every other one is rejected.
const ACCEPTED: &[&str] = &[
    "ping",
    "setboard",
    "usermove",
    "time",
    "draw",
    "sigint",
    "sigterm",
    "reuse",
    "analyze",
    "myname",
    "variants",
    "colors",
    "ics",
    "name",
    "pause",
    "nps",
    "debug",
    "memory",
    "smp",
    "egt",
    "option",
    "exclude",
    "setscore",
    "highlight",
    "done",
    "dice",
    "choices",
    "playother",
];

/// Splits a `feature` line's words: `a=1 b="x y"` gives (a, 1), (b, x y).
pub fn parse_features(rest: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut chars = rest.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let key: String = chars
            .by_ref()
            .take_while(|&c| c != '=' && !c.is_whitespace())
            .collect();
        if key.is_empty() {
            if chars.peek().is_none() {
                return out;
            }
            continue;
        }
        let value: String = if chars.peek() == Some(&'"') {
            chars.next();
            chars.by_ref().take_while(|&c| c != '"').collect()
        } else {
            chars.by_ref().take_while(|c| !c.is_whitespace()).collect()
        };
        out.push((key, value));
    }
}

/// Rewrites the squares in a token between our names (ranks from 1) and
/// XBoard's (ranks from 0 on a 10-rank board); `delta` is -1 toward XBoard.
pub fn shift_ranks(token: &str, ranks: u8, delta: i32) -> String {
    if ranks != 10 {
        return token.to_string();
    }
    engine_protocol::shift_rank_numbers(token, delta as i64)
}

/// Our token for an XBoard engine's move text: the text itself when the
/// rules core reads it, else the one two-leg move a plain `from to` stands
/// for (`b7b5` for `b7b6,b6b5`; see `Position::two_leg_from_ends`).
pub fn resolve_move(pos: &Position, text: &str) -> String {
    if pos.parse_action(text).is_ok() || pos.pending() != Pending::Nothing {
        return text.to_string();
    }
    pos.two_leg_from_ends(text)
        .map_or_else(|| text.to_string(), |m| pos.move_text(m))
}

pub struct XboardClient {
    process: EngineProcess,
    name: Option<String>,
    ranks: u8,
    ping: bool,
    setboard: bool,
    usermove: bool,
    time: bool,
    /// How many of the game's steps the engine knows.
    known: usize,
    /// The engine is on move (after `go`), not in force mode.
    playing: bool,
    next_ping: i64,
    /// The piece of its own promotion that waits for the throw: XBoard
    /// writes a promotion with its piece (`h7h8q`), so the engine plays
    /// that piece itself when the promotion falls due.
    promotion_ahead: Option<Kind>,
}

/// What the engine's `feature` lines told of the game it can play.
#[derive(Default)]
struct Features {
    variants: Option<Vec<String>>,
    dice: bool,
    choices: bool,
    /// `done=1` (true) or `done=0` (false) last, if either came.
    done: Option<bool>,
    /// How many `feature` lines came, and how long the referee waited.
    lines: usize,
    waited: Duration,
}

impl Features {
    /// Whether `variant` is among its variants; if not, says what the
    /// engine did, so that a slow or silent start reads as such.
    fn offers(&self, variant: &str) -> Result<(), Fault> {
        let waited = self.waited.as_secs();
        let why = match &self.variants {
            Some(list) if list.iter().any(|n| n == variant) => return Ok(()),
            Some(list) => format!("its feature variants lists no '{variant}' (it lists {})", list.join(",")),
            None if self.lines == 0 => format!(
                "it sent no feature within {waited} s of 'protover 2' (a protocol 1 engine, or one too slow to start), so it cannot be asked for '{variant}'"
            ),
            None if self.done == Some(false) => format!(
                "it sent done=0 and no done=1 within {waited} s, nor feature variants: no '{variant}'"
            ),
            None => format!("its features name no variants (chess only): no '{variant}'"),
        };
        Err(Fault::Unsupported(why))
    }
}

/// `a, b,c` as `[a, b, c]`.
fn split_list(value: &str) -> Vec<String> {
    value.split(',').map(|s| s.trim().to_string()).collect()
}

/// Our answer to an engine's feature: `accepted` for those we use.
fn feature_answer(key: &str) -> String {
    let verdict = match ACCEPTED.contains(&key) {
        true => "accepted",
        false => "rejected",
    };
    format!("{verdict} {key}")
}

impl XboardClient {
    pub fn start(spec: &EngineSpec, variant: &str, log: IoLog) -> Result<XboardClient, Fault> {
        let mut process =
            EngineProcess::spawn(&spec.program, &spec.args, spec.dir.as_deref(), log)?;
        process.send("xboard")?;
        process.send("protover 2")?;
        let mut c = XboardClient {
            process,
            name: None,
            ranks: 8,
            ping: false,
            setboard: false,
            usermove: false,
            time: true,
            known: 0,
            playing: false,
            next_ping: 1,
            promotion_ahead: None,
        };
        let v =
            crate::rules::variants::load(variant).map_err(|e| Fault::Unsupported(e.to_string()))?;
        // A v1 engine (no features) can play chess only: for another game
        // the referee waits as long as a slow start may take.
        let needs_features = variant != "chess" || v.has_chance_steps();
        let first_wait = if needs_features {
            FEATURES_LONG
        } else {
            FEATURES
        };
        let mut heard = c.read_features(first_wait)?;
        c.ranks = v.geometry().height();
        for (k, val) in &spec.options {
            c.process.send(&format!("option {k}={val}"))?;
        }
        if !spec.options.is_empty() {
            // An option (VariantPath) may add variants: a new `feature
            // variants` comes before the answer to a ping.
            if let Some(newer) = c.features_until_pong(Instant::now() + FEATURES)? {
                heard.variants = Some(newer);
            }
        }
        if variant != "chess" {
            heard.offers(variant)?;
        }
        if v.has_chance_steps() && !(heard.dice && heard.choices) {
            return Err(Fault::Unsupported(
                "a dice game needs feature dice=1 choices=1".to_string(),
            ));
        }
        Ok(c)
    }

    /// Reads `feature` lines, answering each, until `done=1`; without it,
    /// until `first_wait` has passed (from `done=0`: [`FEATURES_LONG`]).
    fn read_features(&mut self, first_wait: Duration) -> Result<Features, Fault> {
        let start = Instant::now();
        let mut heard = Features {
            waited: first_wait,
            ..Features::default()
        };
        let mut deadline = start + first_wait;
        loop {
            let line = match self.process.recv(deadline) {
                Ok(l) => l,
                // No `done=1`: the features so far are all there is.
                Err(super::engine_process::ProcessError::Timeout) => return Ok(heard),
                Err(e) => return Err(e.into()),
            };
            let Some(rest) = line.trim().strip_prefix("feature ") else {
                continue;
            };
            heard.lines += 1;
            for (key, value) in parse_features(rest) {
                let on = value == "1";
                match key.as_str() {
                    "ping" => self.ping = on,
                    "setboard" => self.setboard = on,
                    "usermove" => self.usermove = on,
                    "time" => self.time = on,
                    "myname" => self.name = Some(value.clone()),
                    "variants" => heard.variants = Some(split_list(&value)),
                    "dice" => heard.dice = on,
                    "choices" => heard.choices = on,
                    "done" => heard.done = Some(on),
                    _ => {}
                }
                self.process.send(&feature_answer(&key))?;
            }
            match heard.done {
                Some(true) => return Ok(heard),
                // `done=0` asks for more time, once: counted from the start.
                Some(false) if heard.waited < FEATURES_LONG => {
                    heard.waited = FEATURES_LONG;
                    deadline = start + FEATURES_LONG;
                }
                _ => {}
            }
        }
    }

    /// Pings and reads to the pong, answering features on the way; the
    /// last `variants` feature read, if any. Without ping, nothing.
    fn features_until_pong(&mut self, deadline: Instant) -> Result<Option<Vec<String>>, Fault> {
        if !self.ping {
            return Ok(None);
        }
        let n = self.next_ping;
        self.next_ping += 1;
        self.process.send(&format!("ping {n}"))?;
        let want = format!("pong {n}");
        let mut variants = None;
        loop {
            let line = self.process.recv(deadline)?;
            let line = line.trim();
            if line == want {
                return Ok(variants);
            }
            let Some(rest) = line.strip_prefix("feature ") else {
                continue;
            };
            for (key, value) in parse_features(rest) {
                if key == "variants" {
                    variants = Some(split_list(&value));
                }
                self.process.send(&feature_answer(&key))?;
            }
        }
    }

    /// `ping N`, waiting for `pong N` (when the engine has `ping`); an
    /// `Illegal move` or `Error` about a move before it is a refusal.
    fn sync(&mut self, deadline: Instant) -> Result<(), Fault> {
        if !self.ping {
            return Ok(());
        }
        let n = self.next_ping;
        self.next_ping += 1;
        self.process.send(&format!("ping {n}"))?;
        let want = format!("pong {n}");
        loop {
            let line = self.process.recv(deadline)?;
            let line = line.trim();
            if line == want {
                return Ok(());
            }
            if line.starts_with("Illegal move") {
                return Err(Fault::Refused(line.to_string()));
            }
        }
    }

    /// Sends the steps the engine has not heard yet.
    fn catch_up(&mut self, game: &GameView) -> Result<(), Fault> {
        while self.known < game.steps.len() {
            let step = &game.steps[self.known];
            let line = match (step.kind, &step.pips) {
                (StepKind::Throw, Some(pips)) => {
                    let shown: Vec<String> = pips.iter().map(|(v, f)| format!("{v}/{f}")).collect();
                    format!("pips {}", shown.join(" "))
                }
                (StepKind::Throw, None) => {
                    return Err(Fault::Unsupported(format!("no pips for {}", step.token)))
                }
                _ => {
                    let m = shift_ranks(&step.token, self.ranks, -1);
                    if self.usermove {
                        format!("usermove {m}")
                    } else {
                        m
                    }
                }
            };
            self.process.send(&line)?;
            self.known += 1;
        }
        Ok(())
    }

    /// Our token for the engine's move; a promotion that waits for the
    /// throw keeps its piece for when it falls due.
    fn take_move(&mut self, pos: &Position, text: &str) -> String {
        if let Some((text, piece)) = promotion_ahead::split(pos, text) {
            self.promotion_ahead = Some(piece);
            return text;
        }
        resolve_move(pos, text)
    }

    fn send_time(&mut self, turn: &Turn) -> Result<(), Fault> {
        if !self.time {
            return Ok(());
        }
        let cs = |color: Color| {
            let c = &turn.clocks[color.index()];
            if c.limits.clock.is_some() {
                // Within the margin a clock may be just below zero.
                c.remaining_ms.max(1) / 10
            } else {
                c.limits.movetime.map_or(360_000, |m| m as i64 / 10)
            }
        };
        self.process.send(&format!("time {}", cs(turn.actor)))?;
        self.process
            .send(&format!("otim {}", cs(turn.actor.opposite())))?;
        Ok(())
    }
}

/// The `level`/`st`/`sd` lines for the limits.
fn time_commands(limits: &Limits) -> Vec<String> {
    let mut out = Vec::new();
    if let Some((base, inc)) = limits.clock {
        let secs = base / 1000;
        let base_text = if base % 1000 == 0 {
            format!("{}:{:02}", secs / 60, secs % 60)
        } else {
            // XBoard's BASE has whole seconds; round up.
            let s = secs + 1;
            format!("{}:{:02}", s / 60, s % 60)
        };
        let inc_text = if inc % 1000 == 0 {
            (inc / 1000).to_string()
        } else {
            format!("{}", inc as f64 / 1000.0)
        };
        out.push(format!("level 0 {base_text} {inc_text}"));
    } else if let Some(m) = limits.movetime {
        if m % 1000 == 0 {
            out.push(format!("st {}", m / 1000));
        } else {
            out.push(format!("st {}", m as f64 / 1000.0));
        }
    } else {
        // Untimed: a day per move; depth (below) is the limit.
        out.push("level 0 1440 0".to_string());
    }
    if let Some(d) = limits.depth {
        out.push(format!("sd {d}"));
    }
    out
}

impl Player for XboardClient {
    fn id_name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    fn new_game(&mut self, game: &GameView, limits: &Limits) -> Result<(), Fault> {
        self.process.send("new")?;
        if game.variant != "chess" {
            self.process.send(&format!("variant {}", game.variant))?;
        }
        self.process.send("force")?;
        // The opponent is an engine: no human throws or choices to ask for.
        // Only where the game has them: Fairy-Max 5.0b does not know the
        // command and may crash after it (Debian's build, in about half of
        // the games of a chess match).
        if game.position.variant().has_chance_steps() {
            self.process.send("computer")?;
        }
        self.process.send("easy")?;
        self.process.send("nopost")?;
        for line in time_commands(limits) {
            self.process.send(&line)?;
        }
        if let Some(fen) = game.start_fen {
            if !self.setboard {
                return Err(Fault::Unsupported(
                    "no setboard: use openings from the start position (startpos moves ...)"
                        .to_string(),
                ));
            }
            self.process.send(&format!("setboard {fen}"))?;
        }
        self.known = 0;
        self.playing = false;
        self.promotion_ahead = None;
        self.catch_up(game)?;
        self.sync(Instant::now() + PING)
    }

    fn heard_own_throw(&mut self, game: &GameView) -> Result<(), Fault> {
        if self.playing {
            self.catch_up(game)?;
        }
        Ok(())
    }

    fn act(&mut self, turn: &Turn) -> Result<String, Fault> {
        let game = turn.game;
        if let Pending::Promote(_) = game.position.pending() {
            if let Some(piece) = self.promotion_ahead.take() {
                // The engine has played it already, on hearing the throw.
                self.known = game.steps.len() + 1;
                return Ok(game.position.action_text(Action::Promote(piece)));
            }
        }
        let to_move = game.position.pending() == Pending::Nothing;
        if to_move {
            if self.playing {
                self.process.send("force")?;
                self.playing = false;
            }
            self.catch_up(game)?;
            self.send_time(turn)?;
            self.process.send("go")?;
            self.playing = true;
        } else {
            // A choice after the engine's own move: it is still on move and
            // chooses once it hears the throw.
            self.catch_up(game)?;
            if !self.playing {
                self.send_time(turn)?;
                self.process.send("go")?;
                self.playing = true;
            }
        }
        let mut legs = String::new();
        loop {
            let line = self.process.recv(turn.deadline)?;
            let trimmed = line.trim();
            let mut words = trimmed.split_whitespace();
            match words.next() {
                Some("move") => {
                    let Some(m) = words.next() else {
                        return Err(Fault::Garbage(line.clone()));
                    };
                    // A multi-leg move comes one leg a line, every leg but
                    // the last ending in a comma.
                    legs.push_str(m);
                    if m.ends_with(',') {
                        continue;
                    }
                    self.known = game.steps.len() + 1;
                    let text = shift_ranks(&legs, self.ranks, 1);
                    return Ok(self.take_move(game.position, &text));
                }
                Some("resign") => return Err(Fault::Resigned),
                Some(w) if w.starts_with("Illegal") => return Err(Fault::Refused(line.clone())),
                _ => {}
            }
        }
    }

    fn end_game(mut self: Box<Self>, result: &str, reason: &str) {
        let _ = self.process.send(&format!("result {result} {{{reason}}}"));
        self.process.shutdown("quit", Duration::from_millis(500));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_split_with_quotes() {
        let f = parse_features(r#"myname="Fairy-Max 5.0b" setboard=0 ping=1 done=0"#);
        assert_eq!(
            f,
            vec![
                ("myname".to_string(), "Fairy-Max 5.0b".to_string()),
                ("setboard".to_string(), "0".to_string()),
                ("ping".to_string(), "1".to_string()),
                ("done".to_string(), "0".to_string()),
            ]
        );
        assert!(parse_features("   ").is_empty());
        assert_eq!(parse_features("x=\"unterminated").len(), 1);
    }

    #[test]
    fn two_leg_moves_from_their_ends() {
        use crate::rules::notation::two_leg_ends;
        use crate::rules::position::Position;
        assert_eq!(two_leg_ends("b7b6,b6b5").as_deref(), Some("b7b5"));
        assert_eq!(two_leg_ends("a9a10,a10a8").as_deref(), Some("a9a8"));
        assert_eq!(two_leg_ends("e2e4"), None);
        let v = crate::rules::variants::load("carnival").unwrap();
        let pos = Position::startpos(v);
        assert_eq!(
            resolve_move(&pos, "g2g4"),
            "g2g3,g2g4".replace("g2g4", "g3g4")
        );
        assert_eq!(resolve_move(&pos, "g2g3"), "g2g3");
        assert_eq!(resolve_move(&pos, "zz"), "zz");
    }

    #[test]
    fn a_missing_variant_says_what_the_engine_did() {
        let why = |f: &Features| match f.offers("truffle") {
            Err(Fault::Unsupported(why)) => why,
            other => panic!("{other:?}"),
        };
        let silent = Features {
            waited: FEATURES_LONG,
            ..Features::default()
        };
        assert!(
            why(&silent).contains("no feature within 20 s"),
            "{}",
            why(&silent)
        );
        let waiting = Features {
            lines: 1,
            done: Some(false),
            ..silent
        };
        assert!(why(&waiting).contains("done=0 and no done=1"));
        let other = Features {
            variants: Some(split_list("chess, wolf")),
            lines: 2,
            done: Some(true),
            ..Features::default()
        };
        assert!(why(&other).contains("lists no 'truffle' (it lists chess,wolf)"));
        let chess_only = Features {
            lines: 1,
            done: Some(true),
            ..Features::default()
        };
        assert!(why(&chess_only).contains("chess only"));
        let truffle = Features {
            variants: Some(split_list("truffle")),
            ..Features::default()
        };
        assert!(truffle.offers("truffle").is_ok());
    }

    #[test]
    fn ten_rank_squares_shift() {
        assert_eq!(shift_ranks("a9a10", 10, -1), "a8a9");
        assert_eq!(shift_ranks("b0c2", 10, 1), "b1c3");
        assert_eq!(shift_ranks("N@b1", 10, -1), "N@b0");
        assert_eq!(shift_ranks("activate:g1", 10, -1), "activate:g0");
        assert_eq!(shift_ranks("roll:6:4", 10, -1), "roll:6:4");
        assert_eq!(shift_ranks("knight:4:2", 10, -1), "knight:4:2");
        assert_eq!(shift_ranks("e2e4", 8, -1), "e2e4");
    }
}
