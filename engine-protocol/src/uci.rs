//! The UCI protocol: commands from the GUI parsed into [`UciCommand`],
//! replies formatted from [`UciReply`].
//!
//! Moves, FENs and option values stay text: the engine checks them against
//! the rules of the game being played. [`UciCommand`] also implements
//! `Display`, giving the canonical text of a command (what a GUI or a match
//! runner would send); parsing that text gives the same command back.
//!
//! ```
//! use engine_protocol::{parse_uci, UciCommand, StartPosition};
//!
//! let cmd = parse_uci("position startpos moves e2e4 e7e5").unwrap();
//! assert_eq!(
//!     cmd,
//!     UciCommand::Position {
//!         start: StartPosition::StartPos,
//!         moves: vec!["e2e4".into(), "e7e5".into()],
//!     }
//! );
//! assert_eq!(
//!     parse_uci("foo").unwrap_err().to_string(),
//!     "Unknown command: 'foo'"
//! );
//! ```

use std::fmt::{self, Write};

use crate::error::ProtocolError;
use crate::options::OptionType;
use crate::text::{write_words, OneLine};
use crate::tokens::Tokens;

/// A command from a UCI GUI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UciCommand {
    /// `uci`: identify, list the options, answer `uciok`.
    Uci,
    /// `debug on` / `debug off`.
    Debug(bool),
    /// `isready`: answer `readyok` once every earlier command is done.
    IsReady,
    /// `setoption name NAME [value VALUE]`. The name runs up to the word
    /// `value` and the value to the end of the line; both may contain
    /// spaces and keep the spacing they were sent with. `value: None` when
    /// there is no `value` word, `Some("")` when nothing follows it.
    SetOption {
        /// The option's name.
        name: String,
        /// The new value, if any.
        value: Option<String>,
    },
    /// `register ...`: the rest of the line, possibly empty (`later`, or
    /// `name ... code ...`).
    Register(String),
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos|fen FEN [moves M1 M2 ...]`.
    Position {
        /// Where the game starts.
        start: StartPosition,
        /// The moves played since, as sent (the rules core checks them).
        moves: Vec<String>,
    },
    /// `go ...`: start searching (or counting, with `perft`).
    Go(GoParams),
    /// `stop`: stop searching and answer `bestmove`.
    Stop,
    /// `ponderhit`: the opponent played the move pondered on.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d` (not UCI): show the current position.
    Display,
    /// `eval` (not UCI): show the current position's evaluation.
    Eval,
    /// `bench [ARGS...]` (not UCI): run the benchmark, with its arguments
    /// as sent.
    Bench(Vec<String>),
}

/// The starting point of a `position` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartPosition {
    /// `startpos`: the game's usual start.
    StartPos,
    /// `fen FEN`: every token up to `moves`, joined by single spaces.
    Fen(String),
}

/// The limits and modes of a `go` command. Every field is optional; `go`
/// alone leaves them all at their defaults.
///
/// Times and increments are milliseconds and may be negative (some GUIs
/// send a negative clock once it has run out). Tokens that are not `go`
/// keywords are skipped, as the UCI specification asks, and kept in
/// [`GoParams::ignored`] so the engine can report them. A limit whose
/// value is missing or not a number of its kind (`depth -1`) is left
/// unset and kept in [`GoParams::bad_limits`]: a `go` is never refused
/// whole, since a GUI waits for its `bestmove`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `searchmoves M1 M2 ...`: search only these moves (the list runs to
    /// the next `go` keyword or the end of the line).
    pub searchmoves: Vec<String>,
    /// `ponder`: search in ponder mode.
    pub ponder: bool,
    /// `wtime MS`: White's clock.
    pub wtime: Option<i64>,
    /// `btime MS`: Black's clock.
    pub btime: Option<i64>,
    /// `winc MS`: White's increment per move.
    pub winc: Option<i64>,
    /// `binc MS`: Black's increment per move.
    pub binc: Option<i64>,
    /// `movestogo N`: moves to the next time control.
    pub movestogo: Option<u32>,
    /// `depth N`: search N plies only.
    pub depth: Option<u32>,
    /// `nodes N`: search N nodes only.
    pub nodes: Option<u64>,
    /// `mate N`: search for a mate in N moves.
    pub mate: Option<u32>,
    /// `movetime MS`: search exactly this long.
    pub movetime: Option<u64>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `perft N` (Fairy-Stockfish's extension): count the leaf nodes of
    /// the legal move tree to depth N instead of searching.
    pub perft: Option<u32>,
    /// Tokens that are not `go` keywords, in order.
    pub ignored: Vec<String>,
    /// Limits given without a readable value, in order.
    pub bad_limits: Vec<BadLimit>,
}

/// A `go` limit whose value is missing or not a number of its kind
/// (`depth -1`, `nodes x`, `movetime` at the end of the line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadLimit {
    /// The limit's keyword: `depth`, `wtime`, `perft`, ...
    pub keyword: String,
    /// What was wrong with its value.
    pub error: ProtocolError,
}

/// Words that start a `go` limit (and so end a `searchmoves` list).
const GO_KEYWORDS: [&str; 13] = [
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
];

/// Parses one line from a UCI GUI.
///
/// Leading and trailing whitespace (the line end included) is ignored, and
/// tokens are separated by any whitespace. Commands are case-sensitive.
/// Tokens after a command's arguments are ignored, as the UCI
/// specification asks. Never panics.
///
/// # Errors
///
/// [`ProtocolError::Empty`] for a blank line,
/// [`ProtocolError::UnknownCommand`] for an unknown first word, and
/// [`ProtocolError::MissingArgument`], [`ProtocolError::BadNumber`] or
/// [`ProtocolError::BadValue`] for a command whose arguments are wrong.
pub fn parse_uci(line: &str) -> Result<UciCommand, ProtocolError> {
    let t = Tokens::new(line);
    let Some(word) = t.get(0) else {
        return Err(ProtocolError::Empty);
    };
    let command = match word {
        "uci" => UciCommand::Uci,
        "debug" => match t.required(1, "debug", "'on' or 'off'")? {
            "on" => UciCommand::Debug(true),
            "off" => UciCommand::Debug(false),
            other => {
                return Err(ProtocolError::bad_value("debug", other, "'on' or 'off'"));
            }
        },
        "isready" => UciCommand::IsReady,
        "setoption" => parse_setoption(&t)?,
        "register" => UciCommand::Register(t.rest(1).to_owned()),
        "ucinewgame" => UciCommand::UciNewGame,
        "position" => parse_position(&t)?,
        "go" => UciCommand::Go(parse_go(&t)),
        "stop" => UciCommand::Stop,
        "ponderhit" => UciCommand::PonderHit,
        "quit" => UciCommand::Quit,
        "d" => UciCommand::Display,
        "eval" => UciCommand::Eval,
        "bench" => UciCommand::Bench(
            (1..t.len())
                .filter_map(|i| t.get(i))
                .map(str::to_owned)
                .collect(),
        ),
        other => return Err(ProtocolError::UnknownCommand(other.to_owned())),
    };
    Ok(command)
}

fn parse_setoption(t: &Tokens<'_>) -> Result<UciCommand, ProtocolError> {
    match t.get(1) {
        Some("name") => {}
        Some(other) => return Err(ProtocolError::bad_value("setoption", other, "'name'")),
        None => {
            return Err(ProtocolError::missing(
                "setoption",
                "'name' and an option name",
            ))
        }
    }
    let value_at = (2..t.len()).find(|&i| t.get(i) == Some("value"));
    let name = t.raw(2, value_at.unwrap_or(t.len()));
    if name.is_empty() {
        return Err(ProtocolError::missing("setoption name", "an option name"));
    }
    Ok(UciCommand::SetOption {
        name: name.to_owned(),
        value: value_at.map(|v| t.rest(v + 1).to_owned()),
    })
}

fn parse_position(t: &Tokens<'_>) -> Result<UciCommand, ProtocolError> {
    const KINDS: &str = "'startpos' or 'fen'";
    let (start, next) = match t.required(1, "position", KINDS)? {
        "startpos" => (StartPosition::StartPos, 2),
        "fen" => {
            let end = (2..t.len())
                .find(|&i| t.get(i) == Some("moves"))
                .unwrap_or(t.len());
            if end == 2 {
                return Err(ProtocolError::missing("position fen", "a FEN"));
            }
            (StartPosition::Fen(t.joined(2, end)), end)
        }
        other => return Err(ProtocolError::bad_value("position", other, KINDS)),
    };
    let moves = match t.get(next) {
        None => Vec::new(),
        Some("moves") => (next + 1..t.len())
            .filter_map(|i| t.get(i))
            .map(str::to_owned)
            .collect(),
        Some(other) => return Err(ProtocolError::bad_value("position", other, "'moves'")),
    };
    Ok(UciCommand::Position { start, moves })
}

fn parse_go(t: &Tokens<'_>) -> GoParams {
    let mut go = GoParams::default();
    let mut i = 1;
    while let Some(token) = t.get(i) {
        i += 1;
        match token {
            "searchmoves" => {
                while let Some(mv) = t.get(i).filter(|m| !GO_KEYWORDS.contains(m)) {
                    go.searchmoves.push(mv.to_owned());
                    i += 1;
                }
            }
            "ponder" => go.ponder = true,
            "infinite" => go.infinite = true,
            _ if GO_KEYWORDS.contains(&token) => go_limit(t, &mut i, token, &mut go),
            other => go.ignored.push(other.to_owned()),
        }
    }
    go
}

/// Reads the value of the numeric limit `keyword` at `*i` into `go` (a bad
/// one into `go.bad_limits`) and moves `*i` past it. A keyword in its place
/// is no value: it is left to start the next limit.
fn go_limit(t: &Tokens<'_>, i: &mut usize, keyword: &str, go: &mut GoParams) {
    let at = match t.get(*i) {
        Some(v) if !GO_KEYWORDS.contains(&v) => {
            *i += 1;
            *i - 1
        }
        // Past the end: read as a missing argument.
        _ => t.len(),
    };
    let command = format!("go {keyword}");
    let c = (t, at, command.as_str());
    const TIME: &str = "a time in milliseconds";
    let result = match keyword {
        "wtime" => read(c, TIME, &mut go.wtime),
        "btime" => read(c, TIME, &mut go.btime),
        "winc" => read(c, TIME, &mut go.winc),
        "binc" => read(c, TIME, &mut go.binc),
        "movetime" => read(c, TIME, &mut go.movetime),
        "movestogo" => read(c, "a number of moves", &mut go.movestogo),
        "mate" => read(c, "a number of moves", &mut go.mate),
        "nodes" => read(c, "a number of nodes", &mut go.nodes),
        "depth" => read(c, "a depth in plies", &mut go.depth),
        _ => read(c, "a depth in plies", &mut go.perft),
    };
    if let Err(error) = result {
        let keyword = keyword.to_owned();
        go.bad_limits.push(BadLimit { keyword, error });
    }
}

/// The number of token `at` (of `command`) into `field`.
fn read<T: std::str::FromStr>(
    (t, at, command): (&Tokens<'_>, usize, &str),
    what: &'static str,
    field: &mut Option<T>,
) -> Result<(), ProtocolError> {
    *field = Some(t.number(at, command, what)?);
    Ok(())
}

impl fmt::Display for UciCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciCommand::Uci => f.write_str("uci"),
            UciCommand::Debug(on) => write!(f, "debug {}", if *on { "on" } else { "off" }),
            UciCommand::IsReady => f.write_str("isready"),
            UciCommand::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(v) if v.is_empty() => f.write_str(" value"),
                    Some(v) => write!(f, " value {v}"),
                    None => Ok(()),
                }
            }
            UciCommand::Register(text) if text.is_empty() => f.write_str("register"),
            UciCommand::Register(text) => write!(f, "register {text}"),
            UciCommand::UciNewGame => f.write_str("ucinewgame"),
            UciCommand::Position { start, moves } => {
                f.write_str("position ")?;
                match start {
                    StartPosition::StartPos => f.write_str("startpos")?,
                    StartPosition::Fen(fen) => write!(f, "fen {fen}")?,
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            UciCommand::Go(go) => write!(f, "go{go}"),
            UciCommand::Stop => f.write_str("stop"),
            UciCommand::PonderHit => f.write_str("ponderhit"),
            UciCommand::Quit => f.write_str("quit"),
            UciCommand::Display => f.write_str("d"),
            UciCommand::Eval => f.write_str("eval"),
            UciCommand::Bench(args) => {
                f.write_str("bench")?;
                args.iter().try_for_each(|a| write!(f, " {a}"))
            }
        }
    }
}

/// The arguments of `go`, each preceded by a space, `searchmoves` last so
/// that its list cannot swallow anything. Bad limits are written as sent.
impl fmt::Display for GoParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ponder {
            f.write_str(" ponder")?;
        }
        let numbers: [(&str, Option<i128>); 10] = [
            ("wtime", self.wtime.map(i128::from)),
            ("btime", self.btime.map(i128::from)),
            ("winc", self.winc.map(i128::from)),
            ("binc", self.binc.map(i128::from)),
            ("movestogo", self.movestogo.map(i128::from)),
            ("depth", self.depth.map(i128::from)),
            ("nodes", self.nodes.map(i128::from)),
            ("mate", self.mate.map(i128::from)),
            ("movetime", self.movetime.map(i128::from)),
            ("perft", self.perft.map(i128::from)),
        ];
        for (keyword, value) in numbers {
            if let Some(value) = value {
                write!(f, " {keyword} {value}")?;
            }
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        for token in &self.ignored {
            write!(f, " {token}")?;
        }
        // As sent, after the tokens a missing value would otherwise take.
        for bad in &self.bad_limits {
            write!(f, " {}", bad.keyword)?;
            if let ProtocolError::BadNumber { text, .. } = &bad.error {
                write!(f, " {text}")?;
            }
        }
        if !self.searchmoves.is_empty() {
            write!(f, " searchmoves {}", self.searchmoves.join(" "))?;
        }
        Ok(())
    }
}

/// A reply from the engine to a UCI GUI.
///
/// `Display` gives the exact text to print (without the final newline).
/// Every reply is one line, except [`UciReply::Id`], which is two. Free text
/// (names, the `string` of `info`) has line breaks and other control
/// characters replaced by spaces, so it cannot break the protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UciReply {
    /// `id name NAME` and `id author AUTHOR`, on two lines.
    Id {
        /// The engine's name (and version).
        name: String,
        /// Its authors.
        author: String,
    },
    /// `option name NAME type ...`.
    Option {
        /// The option's name.
        name: String,
        /// Its type, default and range.
        kind: OptionType,
    },
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `bestmove MOVE [ponder MOVE]`.
    BestMove {
        /// The move chosen (`(none)` when there is none, as Stockfish
        /// writes).
        mv: String,
        /// The reply expected, to ponder on.
        ponder: Option<String>,
    },
    /// `info ...` with the fields that are set.
    Info(UciInfo),
    /// `info string TEXT`.
    InfoString(String),
}

/// The fields of an `info` line; unset ones are left out. They are written
/// in the order Stockfish uses (`depth seldepth multipv score nodes nps
/// hashfull time pv`), with `string` last since it runs to the end of the
/// line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UciInfo {
    /// `depth N`: the nominal depth in plies.
    pub depth: Option<u32>,
    /// `seldepth N`: the deepest ply reached.
    pub seldepth: Option<u32>,
    /// `multipv N`: which of several lines this is (from 1).
    pub multipv: Option<u32>,
    /// `score ...`.
    pub score: Option<UciScore>,
    /// `nodes N`: nodes searched.
    pub nodes: Option<u64>,
    /// `nps N`: nodes per second.
    pub nps: Option<u64>,
    /// `hashfull N`: hash table use in permille.
    pub hashfull: Option<u32>,
    /// `time MS`: time searched, in milliseconds.
    pub time: Option<u64>,
    /// `pv M1 M2 ...`: the principal variation (left out when empty).
    pub pv: Vec<String>,
    /// `string TEXT`: free text.
    pub string: Option<String>,
}

/// A score in an `info` line: `score cp N` or `score mate N`, perhaps
/// followed by `lowerbound` or `upperbound`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UciScore {
    /// Centipawns, or moves to mate.
    pub value: ScoreValue,
    /// Whether the value is exact or a bound.
    pub bound: ScoreBound,
}

/// The value of a [`UciScore`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreValue {
    /// `cp N`: centipawns from the engine's point of view.
    Cp(i32),
    /// `mate N`: mate in N moves (not plies); negative when the engine is
    /// being mated.
    Mate(i32),
}

/// Whether a [`UciScore`] is exact or a bound.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ScoreBound {
    /// Exact (nothing written).
    #[default]
    Exact,
    /// `lowerbound`: the score is at least this (fail high).
    Lower,
    /// `upperbound`: the score is at most this (fail low).
    Upper,
}

impl UciScore {
    /// An exact score in centipawns.
    pub fn cp(centipawns: i32) -> Self {
        UciScore {
            value: ScoreValue::Cp(centipawns),
            bound: ScoreBound::Exact,
        }
    }

    /// An exact mate score in moves (negative when being mated).
    pub fn mate(moves: i32) -> Self {
        UciScore {
            value: ScoreValue::Mate(moves),
            bound: ScoreBound::Exact,
        }
    }

    /// The same value as a lower bound.
    pub fn lower(self) -> Self {
        UciScore {
            bound: ScoreBound::Lower,
            ..self
        }
    }

    /// The same value as an upper bound.
    pub fn upper(self) -> Self {
        UciScore {
            bound: ScoreBound::Upper,
            ..self
        }
    }
}

impl fmt::Display for UciScore {
    /// `cp 20`, `mate -3`, `cp 15 lowerbound`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            ScoreValue::Cp(cp) => write!(f, "cp {cp}")?,
            ScoreValue::Mate(moves) => write!(f, "mate {moves}")?,
        }
        match self.bound {
            ScoreBound::Exact => Ok(()),
            ScoreBound::Lower => f.write_str(" lowerbound"),
            ScoreBound::Upper => f.write_str(" upperbound"),
        }
    }
}

impl fmt::Display for UciInfo {
    /// `info` followed by the fields that are set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        let numbers: [(&str, Option<u64>); 3] = [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("multipv", self.multipv.map(u64::from)),
        ];
        for (keyword, value) in numbers {
            if let Some(value) = value {
                write!(f, " {keyword} {value}")?;
            }
        }
        if let Some(score) = &self.score {
            write!(f, " score {score}")?;
        }
        let numbers: [(&str, Option<u64>); 4] = [
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("hashfull", self.hashfull.map(u64::from)),
            ("time", self.time),
        ];
        for (keyword, value) in numbers {
            if let Some(value) = value {
                write!(f, " {keyword} {value}")?;
            }
        }
        if !self.pv.is_empty() {
            f.write_str(" pv ")?;
            write_words(f, &self.pv)?;
        }
        if let Some(text) = &self.string {
            write!(f, " string {}", OneLine(text))?;
        }
        Ok(())
    }
}

fn write_option(f: &mut fmt::Formatter<'_>, name: &str, kind: &OptionType) -> fmt::Result {
    write!(f, "option name {} type ", OneLine(name))?;
    match kind {
        OptionType::Check { default } => write!(f, "check default {default}"),
        OptionType::Spin { default, min, max } => {
            write!(f, "spin default {default} min {min} max {max}")
        }
        OptionType::Combo { default, choices } => {
            write!(f, "combo default {}", OneLine(default))?;
            choices
                .iter()
                .try_for_each(|choice| write!(f, " var {}", OneLine(choice)))
        }
        OptionType::String { default } | OptionType::File { default } if default.is_empty() => {
            f.write_str("string default <empty>")
        }
        OptionType::String { default } | OptionType::File { default } => {
            write!(f, "string default {}", OneLine(default))
        }
        OptionType::Button => f.write_str("button"),
    }
}

impl fmt::Display for UciReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciReply::Id { name, author } => {
                write!(f, "id name {}", OneLine(name))?;
                f.write_char('\n')?;
                write!(f, "id author {}", OneLine(author))
            }
            UciReply::Option { name, kind } => write_option(f, name, kind),
            UciReply::UciOk => f.write_str("uciok"),
            UciReply::ReadyOk => f.write_str("readyok"),
            UciReply::BestMove { mv, ponder } => {
                write!(f, "bestmove {}", OneLine(mv))?;
                match ponder {
                    Some(p) => write!(f, " ponder {}", OneLine(p)),
                    None => Ok(()),
                }
            }
            UciReply::Info(info) => info.fmt(f),
            UciReply::InfoString(text) => write!(f, "info string {}", OneLine(text)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> UciCommand {
        match parse_uci(line) {
            Ok(cmd) => cmd,
            Err(e) => panic!("{line:?}: {e}"),
        }
    }

    fn err(line: &str) -> String {
        match parse_uci(line) {
            Ok(cmd) => panic!("{line:?} parsed as {cmd:?}"),
            Err(e) => e.to_string(),
        }
    }

    fn strings(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    /// The canonical text parses back to the same command.
    fn round_trip(cmd: &UciCommand) {
        let text = cmd.to_string();
        assert_eq!(parse_uci(&text).as_ref(), Ok(cmd), "{text:?}");
    }

    #[test]
    fn simple_commands() {
        let cases = [
            ("uci", UciCommand::Uci),
            ("isready", UciCommand::IsReady),
            ("ucinewgame", UciCommand::UciNewGame),
            ("stop", UciCommand::Stop),
            ("ponderhit", UciCommand::PonderHit),
            ("quit", UciCommand::Quit),
            ("d", UciCommand::Display),
            ("eval", UciCommand::Eval),
            ("debug on", UciCommand::Debug(true)),
            ("debug off", UciCommand::Debug(false)),
        ];
        for (line, expected) in cases {
            assert_eq!(ok(line), expected);
            assert_eq!(expected.to_string(), line);
            // Surrounding whitespace and the line end do not matter.
            assert_eq!(ok(&format!("  {line} \r\n")), expected);
        }
    }

    #[test]
    fn extra_tokens_are_ignored() {
        assert_eq!(ok("isready now"), UciCommand::IsReady);
        assert_eq!(ok("debug on please"), UciCommand::Debug(true));
    }

    #[test]
    fn commands_are_case_sensitive() {
        assert_eq!(err("UCI"), "Unknown command: 'UCI'");
        assert_eq!(err("Go depth 3"), "Unknown command: 'Go'");
    }

    #[test]
    fn debug_errors() {
        assert_eq!(
            err("debug"),
            "Missing argument to 'debug': expected 'on' or 'off'"
        );
        assert_eq!(
            err("debug maybe"),
            "Invalid value for 'debug': 'maybe' (expected 'on' or 'off')"
        );
    }

    #[test]
    fn setoption() {
        assert_eq!(
            ok("setoption name Hash value 128"),
            UciCommand::SetOption {
                name: "Hash".into(),
                value: Some("128".into())
            }
        );
        assert_eq!(
            ok("setoption name Clear Hash"),
            UciCommand::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        // Names and values with spaces keep them, inner spacing included.
        assert_eq!(
            ok("setoption  name  Book  File value C:\\My  Books\\x.bin  "),
            UciCommand::SetOption {
                name: "Book  File".into(),
                value: Some("C:\\My  Books\\x.bin".into())
            }
        );
        assert_eq!(
            ok("setoption name UCI_Variant value wolf"),
            UciCommand::SetOption {
                name: "UCI_Variant".into(),
                value: Some("wolf".into())
            }
        );
        // `value` with nothing after it: an empty value.
        assert_eq!(
            ok("setoption name Book File value"),
            UciCommand::SetOption {
                name: "Book File".into(),
                value: Some(String::new())
            }
        );
        // The first `value` ends the name; later ones belong to the value.
        assert_eq!(
            ok("setoption name X value a value b"),
            UciCommand::SetOption {
                name: "X".into(),
                value: Some("a value b".into())
            }
        );
        assert_eq!(
            err("setoption"),
            "Missing argument to 'setoption': expected 'name' and an option name"
        );
        assert_eq!(
            err("setoption Hash value 1"),
            "Invalid value for 'setoption': 'Hash' (expected 'name')"
        );
        assert_eq!(
            err("setoption name"),
            "Missing argument to 'setoption name': expected an option name"
        );
        assert_eq!(
            err("setoption name value 3"),
            "Missing argument to 'setoption name': expected an option name"
        );
        for line in [
            "setoption name Hash value 128",
            "setoption name Clear Hash",
            "setoption name Book  File value a  b",
            "setoption name Book File value",
        ] {
            assert_eq!(ok(line).to_string(), line);
        }
    }

    #[test]
    fn register() {
        assert_eq!(ok("register later"), UciCommand::Register("later".into()));
        assert_eq!(ok("register"), UciCommand::Register(String::new()));
        assert_eq!(
            ok("register name Stefan MK code 4359874324"),
            UciCommand::Register("name Stefan MK code 4359874324".into())
        );
        round_trip(&UciCommand::Register(String::new()));
        round_trip(&UciCommand::Register("later".into()));
    }

    #[test]
    fn position() {
        assert_eq!(
            ok("position startpos"),
            UciCommand::Position {
                start: StartPosition::StartPos,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position startpos moves"),
            UciCommand::Position {
                start: StartPosition::StartPos,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position startpos moves e2e4 e7e5 g1f3"),
            UciCommand::Position {
                start: StartPosition::StartPos,
                moves: strings(&["e2e4", "e7e5", "g1f3"])
            }
        );
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        assert_eq!(
            ok(&format!("position fen {fen}")),
            UciCommand::Position {
                start: StartPosition::Fen(fen.into()),
                moves: vec![]
            }
        );
        // The FEN is every token up to `moves`, joined by single spaces;
        // moves are kept as text, whatever they are (10-rank squares,
        // drops, dice tokens of our own).
        assert_eq!(
            ok("position fen  10/10/10/10/10/10/10/10/10/10   w - - 0 1 moves a2a10 P@e4 x"),
            UciCommand::Position {
                start: StartPosition::Fen("10/10/10/10/10/10/10/10/10/10 w - - 0 1".into()),
                moves: strings(&["a2a10", "P@e4", "x"])
            }
        );
        // A FEN of one token.
        assert_eq!(
            ok("position fen 8/8/8/8/8/8/8/8 moves"),
            UciCommand::Position {
                start: StartPosition::Fen("8/8/8/8/8/8/8/8".into()),
                moves: vec![]
            }
        );
    }

    #[test]
    fn position_errors() {
        assert_eq!(
            err("position"),
            "Missing argument to 'position': expected 'startpos' or 'fen'"
        );
        assert_eq!(
            err("position start"),
            "Invalid value for 'position': 'start' (expected 'startpos' or 'fen')"
        );
        assert_eq!(
            err("position fen"),
            "Missing argument to 'position fen': expected a FEN"
        );
        assert_eq!(
            err("position fen moves e2e4"),
            "Missing argument to 'position fen': expected a FEN"
        );
        assert_eq!(
            err("position startpos e2e4"),
            "Invalid value for 'position': 'e2e4' (expected 'moves')"
        );
    }

    #[test]
    fn go_with_every_limit() {
        let go = ok(
            "go ponder wtime 300000 btime 299000 winc 2000 binc 2000 movestogo 40 \
                     depth 12 nodes 1000000 mate 3 movetime 5000 infinite perft 4",
        );
        assert_eq!(
            go,
            UciCommand::Go(GoParams {
                searchmoves: vec![],
                ponder: true,
                wtime: Some(300_000),
                btime: Some(299_000),
                winc: Some(2000),
                binc: Some(2000),
                movestogo: Some(40),
                depth: Some(12),
                nodes: Some(1_000_000),
                mate: Some(3),
                movetime: Some(5000),
                infinite: true,
                perft: Some(4),
                ignored: vec![],
                bad_limits: vec![],
            })
        );
        assert_eq!(
            go.to_string(),
            "go ponder wtime 300000 btime 299000 winc 2000 binc 2000 movestogo 40 \
             depth 12 nodes 1000000 mate 3 movetime 5000 perft 4 infinite"
        );
        round_trip(&go);
    }

    #[test]
    fn go_simple_forms() {
        assert_eq!(ok("go"), UciCommand::Go(GoParams::default()));
        assert_eq!(
            ok("go infinite"),
            UciCommand::Go(GoParams {
                infinite: true,
                ..GoParams::default()
            })
        );
        assert_eq!(
            ok("go perft 5"),
            UciCommand::Go(GoParams {
                perft: Some(5),
                ..GoParams::default()
            })
        );
        assert_eq!(
            ok("go depth 7"),
            UciCommand::Go(GoParams {
                depth: Some(7),
                ..GoParams::default()
            })
        );
        // Clocks may be negative.
        assert_eq!(
            ok("go wtime -150 btime 1000"),
            UciCommand::Go(GoParams {
                wtime: Some(-150),
                btime: Some(1000),
                ..GoParams::default()
            })
        );
        assert_eq!(ok("go").to_string(), "go");
    }

    #[test]
    fn go_searchmoves_runs_to_the_next_keyword() {
        assert_eq!(
            ok("go searchmoves e2e4 d2d4 depth 5"),
            UciCommand::Go(GoParams {
                searchmoves: strings(&["e2e4", "d2d4"]),
                depth: Some(5),
                ..GoParams::default()
            })
        );
        assert_eq!(
            ok("go infinite searchmoves a2a10 b1c3"),
            UciCommand::Go(GoParams {
                searchmoves: strings(&["a2a10", "b1c3"]),
                infinite: true,
                ..GoParams::default()
            })
        );
        let cmd = ok("go searchmoves e2e4 wtime 10 searchmoves d2d4");
        assert_eq!(
            cmd,
            UciCommand::Go(GoParams {
                searchmoves: strings(&["e2e4", "d2d4"]),
                wtime: Some(10),
                ..GoParams::default()
            })
        );
        assert_eq!(cmd.to_string(), "go wtime 10 searchmoves e2e4 d2d4");
    }

    #[test]
    fn go_ignores_unknown_tokens_but_keeps_them() {
        let cmd = ok("go byoyomi 1000 depth 3");
        assert_eq!(
            cmd,
            UciCommand::Go(GoParams {
                depth: Some(3),
                ignored: strings(&["byoyomi", "1000"]),
                ..GoParams::default()
            })
        );
        round_trip(&cmd);
    }

    /// The errors of the bad limits of a `go` line, which still parses.
    fn bad_limits(line: &str) -> Vec<(String, String)> {
        match ok(line) {
            UciCommand::Go(go) => go
                .bad_limits
                .iter()
                .map(|b| (b.keyword.clone(), b.error.to_string()))
                .collect(),
            other => panic!("{line:?} parsed as {other:?}"),
        }
    }

    #[test]
    fn go_keeps_bad_limits_apart_and_reads_the_rest() {
        let one = |keyword: &str, error: &str| vec![(keyword.to_string(), error.to_string())];
        let cases = [
            (
                "go depth",
                "depth",
                "Missing argument to 'go depth': expected a depth in plies",
            ),
            ("go depth x", "depth", "Invalid number for 'go depth': 'x'"),
            (
                "go depth -1",
                "depth",
                "Invalid number for 'go depth': '-1'",
            ),
            (
                "go wtime 1.5",
                "wtime",
                "Invalid number for 'go wtime': '1.5'",
            ),
            (
                "go movetime",
                "movetime",
                "Missing argument to 'go movetime': expected a time in milliseconds",
            ),
            (
                "go nodes 99999999999999999999999",
                "nodes",
                "Invalid number for 'go nodes': '99999999999999999999999'",
            ),
            (
                "go mate",
                "mate",
                "Missing argument to 'go mate': expected a number of moves",
            ),
            (
                "go movestogo z",
                "movestogo",
                "Invalid number for 'go movestogo': 'z'",
            ),
            ("go binc -", "binc", "Invalid number for 'go binc': '-'"),
        ];
        for (line, keyword, error) in cases {
            assert_eq!(bad_limits(line), one(keyword, error), "{line}");
            round_trip(&ok(line));
        }
        // A keyword where a value should be starts the next limit.
        let go = ok("go perft infinite depth wtime 100");
        round_trip(&go);
        assert_eq!(
            go,
            UciCommand::Go(GoParams {
                infinite: true,
                wtime: Some(100),
                bad_limits: vec![
                    BadLimit {
                        keyword: "perft".to_string(),
                        error: ProtocolError::missing("go perft", "a depth in plies"),
                    },
                    BadLimit {
                        keyword: "depth".to_string(),
                        error: ProtocolError::missing("go depth", "a depth in plies"),
                    },
                ],
                ..GoParams::default()
            })
        );
        // The good limits around a bad one are kept.
        round_trip(&ok("go depth -1 nodes 500 movetime x btime 7 foo"));
        assert_eq!(
            ok("go depth -1 nodes 500 movetime x btime 7"),
            UciCommand::Go(GoParams {
                nodes: Some(500),
                btime: Some(7),
                bad_limits: vec![
                    BadLimit {
                        keyword: "depth".to_string(),
                        error: ProtocolError::bad_number("go depth", "-1"),
                    },
                    BadLimit {
                        keyword: "movetime".to_string(),
                        error: ProtocolError::bad_number("go movetime", "x"),
                    },
                ],
                ..GoParams::default()
            })
        );
    }

    #[test]
    fn bench() {
        assert_eq!(ok("bench"), UciCommand::Bench(vec![]));
        assert_eq!(
            ok("bench 16 1 13 default depth"),
            UciCommand::Bench(strings(&["16", "1", "13", "default", "depth"]))
        );
        round_trip(&ok("bench 16 1 13"));
        assert_eq!(ok("bench").to_string(), "bench");
    }

    #[test]
    fn empty_and_unknown() {
        assert_eq!(parse_uci(""), Err(ProtocolError::Empty));
        assert_eq!(parse_uci(" \t \r\n"), Err(ProtocolError::Empty));
        assert_eq!(err(""), "Empty command line");
        assert_eq!(
            parse_uci("foo bar"),
            Err(ProtocolError::UnknownCommand("foo".into()))
        );
        assert_eq!(err("foo"), "Unknown command: 'foo'");
        assert_eq!(err("xboard"), "Unknown command: 'xboard'");
        assert_eq!(err("e2e4"), "Unknown command: 'e2e4'");
    }

    #[test]
    fn round_trips() {
        for line in [
            "uci",
            "debug on",
            "isready",
            "setoption name Hash value 16",
            "ucinewgame",
            "position startpos",
            "position startpos moves e2e4 e7e5",
            "position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2",
            "go",
            "go ponder wtime 1 btime 2 winc 3 binc 4",
            "go infinite searchmoves e2e4",
            "stop",
            "ponderhit",
            "quit",
            "d",
            "eval",
            "bench 1 2",
        ] {
            let cmd = ok(line);
            assert_eq!(cmd.to_string(), line);
            round_trip(&cmd);
        }
    }

    #[test]
    fn replies() {
        let cases = [
            (
                UciReply::Id {
                    name: "menagerie 0.1.0".into(),
                    author: "the menagerie authors".into(),
                },
                "id name menagerie 0.1.0\nid author the menagerie authors",
            ),
            (UciReply::UciOk, "uciok"),
            (UciReply::ReadyOk, "readyok"),
            (
                UciReply::BestMove {
                    mv: "e2e4".into(),
                    ponder: None,
                },
                "bestmove e2e4",
            ),
            (
                UciReply::BestMove {
                    mv: "a2a10".into(),
                    ponder: Some("b9b8".into()),
                },
                "bestmove a2a10 ponder b9b8",
            ),
            (
                UciReply::BestMove {
                    mv: "(none)".into(),
                    ponder: None,
                },
                "bestmove (none)",
            ),
            (
                UciReply::InfoString("variant wolf files 8 ranks 10".into()),
                "info string variant wolf files 8 ranks 10",
            ),
            (UciReply::Info(UciInfo::default()), "info"),
        ];
        for (reply, text) in cases {
            assert_eq!(reply.to_string(), text);
        }
    }

    #[test]
    fn option_replies() {
        let option = |name: &str, kind| UciReply::Option {
            name: name.into(),
            kind,
        };
        let cases = [
            (
                option("Ponder", OptionType::Check { default: false }),
                "option name Ponder type check default false",
            ),
            (
                option(
                    "Hash",
                    OptionType::Spin {
                        default: 16,
                        min: 1,
                        max: 33554432,
                    },
                ),
                "option name Hash type spin default 16 min 1 max 33554432",
            ),
            (
                option(
                    "UCI_Variant",
                    OptionType::Combo {
                        default: "chess".into(),
                        choices: strings(&["chess", "wolf", "hubbub"]),
                    },
                ),
                "option name UCI_Variant type combo default chess var chess var wolf var hubbub",
            ),
            (
                option(
                    "Book File",
                    OptionType::String {
                        default: String::new(),
                    },
                ),
                "option name Book File type string default <empty>",
            ),
            (
                option(
                    "Debug Log File",
                    OptionType::String {
                        default: "log.txt".into(),
                    },
                ),
                "option name Debug Log File type string default log.txt",
            ),
            (
                option("Clear Hash", OptionType::Button),
                "option name Clear Hash type button",
            ),
        ];
        for (reply, text) in cases {
            assert_eq!(reply.to_string(), text);
        }
    }

    #[test]
    fn info_replies() {
        let full = UciInfo {
            depth: Some(12),
            seldepth: Some(18),
            multipv: Some(1),
            score: Some(UciScore::cp(35)),
            nodes: Some(123_456),
            nps: Some(1_000_000),
            hashfull: Some(17),
            time: Some(123),
            pv: strings(&["e2e4", "e7e5", "g1f3"]),
            string: None,
        };
        assert_eq!(
            UciReply::Info(full.clone()).to_string(),
            "info depth 12 seldepth 18 multipv 1 score cp 35 nodes 123456 nps 1000000 \
             hashfull 17 time 123 pv e2e4 e7e5 g1f3"
        );
        let scores = [
            (UciScore::cp(-20), "info score cp -20"),
            (UciScore::mate(3), "info score mate 3"),
            (UciScore::mate(-2), "info score mate -2"),
            (UciScore::cp(50).lower(), "info score cp 50 lowerbound"),
            (UciScore::cp(50).upper(), "info score cp 50 upperbound"),
            (UciScore::mate(1).lower(), "info score mate 1 lowerbound"),
        ];
        for (score, text) in scores {
            let info = UciInfo {
                score: Some(score),
                ..UciInfo::default()
            };
            assert_eq!(UciReply::Info(info).to_string(), text);
        }
        let with_string = UciInfo {
            depth: Some(1),
            string: Some("hello world".into()),
            ..UciInfo::default()
        };
        assert_eq!(
            UciReply::Info(with_string).to_string(),
            "info depth 1 string hello world"
        );
    }

    #[test]
    fn replies_stay_on_one_line() {
        let sneaky = "a\nbestmove e2e4\r";
        let replies = [
            UciReply::InfoString(sneaky.into()),
            UciReply::BestMove {
                mv: sneaky.into(),
                ponder: Some(sneaky.into()),
            },
            UciReply::Option {
                name: sneaky.into(),
                kind: OptionType::Combo {
                    default: sneaky.into(),
                    choices: vec![sneaky.into()],
                },
            },
            UciReply::Info(UciInfo {
                pv: vec![sneaky.into()],
                string: Some(sneaky.into()),
                ..UciInfo::default()
            }),
        ];
        for reply in replies {
            let text = reply.to_string();
            assert!(!text.contains('\n') && !text.contains('\r'), "{text:?}");
        }
        let id = UciReply::Id {
            name: sneaky.into(),
            author: sneaky.into(),
        };
        assert_eq!(id.to_string().lines().count(), 2);
    }
}
