//! The XBoard protocol (CECP version 2): commands from the GUI parsed into
//! [`XboardCommand`], replies formatted from [`XboardReply`].
//!
//! Moves, squares and FENs stay text here. Two things differ from UCI in
//! how they look: on boards of exactly 10 ranks XBoard numbers the ranks
//! from 0 (`a0`..`j9`), and a multi-leg move is one token with its legs
//! joined by commas (`d2c3,c3c4`) from the GUI, but one `move` line per leg
//! to the GUI ([`XboardReply::move_legs`]).
//!
//! [`XboardCommand`] also implements `Display`, giving the canonical text of
//! a command; parsing that text gives the same command back.
//!
//! ```
//! use engine_protocol::{parse_xboard, XboardCommand, XboardReply};
//!
//! assert_eq!(parse_xboard("usermove e2e4"), Ok(XboardCommand::UserMove("e2e4".into())));
//! assert_eq!(parse_xboard("b0c2"), Ok(XboardCommand::Move("b0c2".into())));
//! let legs: Vec<String> = XboardReply::move_legs("d2c3,c3c4")
//!     .iter()
//!     .map(|r| r.to_string())
//!     .collect();
//! assert_eq!(legs, ["move d2c3,", "move c3c4"]);
//! ```

use std::fmt::{self, Write};
use std::str::FromStr;

use crate::error::ProtocolError;
use crate::options::OptionType;
use crate::square::square_len;
use crate::text::{write_words, OneLine};
use crate::tokens::{millis_to_seconds, seconds_to_millis, Tokens};

/// A command from an XBoard GUI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum XboardCommand {
    /// `xboard`: the GUI speaks XBoard.
    Xboard,
    /// `protover N`: protocol version; answer with `feature` lines.
    Protover(u32),
    /// `accepted FEATURE`: the rest of the line.
    Accepted(String),
    /// `rejected FEATURE`: the rest of the line (for an option feature
    /// rejected for its syntax, its whole text).
    Rejected(String),
    /// `new`: start a game from the start position, engine plays Black.
    New,
    /// `variant NAME`.
    Variant(String),
    /// `quit`.
    Quit,
    /// `random` (GNU Chess's random mode; may be ignored).
    Random,
    /// `force`: play neither side; check moves received.
    Force,
    /// `go`: play the side on move and start thinking.
    Go,
    /// `playother`: play the side not on move.
    PlayOther,
    /// `white` (obsolete): White on move, engine plays Black.
    White,
    /// `black` (obsolete): Black on move, engine plays White.
    Black,
    /// `level MPS BASE INC`: conventional (MPS moves in BASE) or
    /// incremental (MPS 0) time control. BASE is `MIN` or `MIN:SEC`
    /// (characters after it, such as XBoard's hinted `+5` of `25+5`, are
    /// ignored, as the specification recommends); INC is in seconds and may
    /// have decimals.
    Level {
        /// Moves per session; 0 for the whole game.
        moves_per_session: u32,
        /// The base time of a session, in milliseconds (whole seconds).
        base_ms: u64,
        /// The increment per move, in milliseconds.
        increment_ms: u64,
    },
    /// `st SECONDS`: at most this long for each move (milliseconds here;
    /// decimals accepted).
    St {
        /// The time per move in milliseconds.
        millis: u64,
    },
    /// `sd DEPTH`: search at most DEPTH plies.
    Sd(u32),
    /// `nps N`: count time in nodes, at N nodes per second.
    Nps(u64),
    /// `time CS`: the engine's clock in centiseconds (may be negative).
    Time(i64),
    /// `otim CS`: the opponent's clock in centiseconds (may be negative).
    Otim(i64),
    /// `usermove MOVE`: the opponent's move (with `feature usermove=1`).
    UserMove(String),
    /// A move sent bare (without `usermove=1`): a coordinate move with any
    /// rank number (`e2e4`, `a9a10`, `b0c2`), perhaps with a promotion
    /// suffix (`e7e8q`, `+`, `=`); a drop (`P@e4`); a multi-leg move
    /// (`d2c3,c3c4`); the null move `@@@@`; or castling as `O-O`/`O-O-O`.
    /// See [`looks_like_move`].
    Move(String),
    /// `?`: move now.
    MoveNow,
    /// `ping N`: answer `pong N` once every earlier command is done.
    Ping(i64),
    /// `draw`: the opponent offers a draw.
    Draw,
    /// `result RESULT {COMMENT}`: the game is over.
    Result {
        /// How it ended.
        result: GameResult,
        /// The comment, without its braces, if any was sent.
        comment: Option<String>,
    },
    /// `setboard FEN`: the FEN's tokens joined by single spaces.
    SetBoard(String),
    /// `edit`: the old way to set up a position (menagerie refuses it, but
    /// it is recognised).
    Edit,
    /// `hint`: answer `Hint: MOVE` if there is one.
    Hint,
    /// `bk`: show book moves.
    Bk,
    /// `undo`: take back one move.
    Undo,
    /// `remove`: take back two moves.
    Remove,
    /// `hard`: pondering on.
    Hard,
    /// `easy`: pondering off.
    Easy,
    /// `post`: send thinking output.
    Post,
    /// `nopost`: stop thinking output.
    NoPost,
    /// `analyze`: enter analysis mode.
    Analyze,
    /// `exit`: leave analysis mode.
    Exit,
    /// `.`: send a `stat01:` status line in analysis mode.
    Status,
    /// `name X`: the opponent's name (the rest of the line).
    Name(String),
    /// `rating OWN OPPONENT`: the two ratings (0 when unrated).
    Rating {
        /// The engine's rating.
        engine: u32,
        /// The opponent's rating.
        opponent: u32,
    },
    /// `ics HOSTNAME`: `-` when the opponent is local.
    Ics(String),
    /// `computer`: the opponent is an engine too.
    Computer,
    /// `pause`.
    Pause,
    /// `resume`.
    Resume,
    /// `memory MB`: total memory for tables, in megabytes.
    Memory(u64),
    /// `cores N`: CPU cores the engine may use.
    Cores(u32),
    /// `egtpath TYPE PATH`: where end-game tables of TYPE are.
    EgtPath {
        /// The table format, e.g. `syzygy`.
        kind: String,
        /// The path, as sent (the rest of the line).
        path: String,
    },
    /// `option NAME[=VALUE]`: set an option declared with
    /// `feature option=...`. The name may contain spaces.
    Option {
        /// The option's name.
        name: String,
        /// Its new value; `None` for a button.
        value: Option<String>,
    },
    /// `exclude MOVE` / `exclude all`: leave moves out of the root search.
    Exclude(MoveSelection),
    /// `include MOVE` / `include all`: put moves back.
    Include(MoveSelection),
    /// `lift SQUARE`: the user picked up the piece there; answer with
    /// `highlight`.
    Lift(String),
    /// `put SQUARE`: the user put the piece down there.
    Put(String),
    /// `hover SQUARE`: the user's pointer is over a capture square.
    Hover(String),
    /// `pips K/N [K/N ...]`: the GUI's dice roll, in answer to `dice N ...`
    /// (XBoard's development `feature dice=1`).
    Pips(Vec<Pip>),
}

/// The moves an `exclude` or `include` command is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveSelection {
    /// `all`.
    All,
    /// One move, as sent.
    Move(String),
}

/// One die of a `pips` answer: `value/sides`, e.g. `5/6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pip {
    /// The number rolled, from 1 to `sides`.
    pub value: u32,
    /// The number of sides of the die.
    pub sides: u32,
}

/// A game result as PGN writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished.
    Unfinished,
}

impl GameResult {
    /// The PGN text: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameResult {
    type Err = ProtocolError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "1-0" => Ok(GameResult::WhiteWins),
            "0-1" => Ok(GameResult::BlackWins),
            "1/2-1/2" => Ok(GameResult::Draw),
            "*" => Ok(GameResult::Unfinished),
            other => Err(ProtocolError::bad_value(
                "result",
                other,
                "'1-0', '0-1', '1/2-1/2' or '*'",
            )),
        }
    }
}

/// Whether `text` has the shape of a move XBoard sends bare: coordinate
/// moves with any rank number (`e2e4`, `a9a10`, `b0c2`) and an optional
/// promotion suffix (one letter, `+` or `=`), drops (`P@e4`), multi-leg
/// moves whose legs are such moves joined by commas (`d2c3,c3c4`), the null
/// move `@@@@`, and `O-O` / `O-O-O`. Whether the move is legal is for the
/// rules core to say.
///
/// A square is a lowercase letter and a rank number of one to three digits
/// without leading zeros (`0` itself is allowed: 10-rank boards count from
/// 0 under XBoard).
pub fn looks_like_move(text: &str) -> bool {
    matches!(text, "@@@@" | "O-O" | "O-O-O") || text.split(',').all(looks_like_leg)
}

fn looks_like_leg(leg: &str) -> bool {
    let bytes = leg.as_bytes();
    // A drop: piece letter, '@', square.
    if let [piece, b'@', ..] = bytes {
        return piece.is_ascii_alphabetic() && square_len(&leg[2..]) == Some(leg.len() - 2);
    }
    let Some(from) = square_len(leg) else {
        return false;
    };
    let rest = &leg[from..];
    let Some(to) = square_len(rest) else {
        return false;
    };
    match &rest.as_bytes()[to..] {
        [] => true,
        [suffix] => suffix.is_ascii_alphabetic() || matches!(suffix, b'+' | b'='),
        _ => false,
    }
}

/// Parses one line from an XBoard GUI.
///
/// Leading and trailing whitespace (the line end included) is ignored, and
/// tokens are separated by any whitespace. Commands are case-sensitive. A
/// first word that is no command but looks like a move (see
/// [`looks_like_move`]) is a [`XboardCommand::Move`]. Tokens after a
/// command's arguments are ignored. Never panics.
///
/// # Errors
///
/// [`ProtocolError::Empty`] for a blank line,
/// [`ProtocolError::UnknownCommand`] for a first word that is neither a
/// command nor a move, and [`ProtocolError::MissingArgument`],
/// [`ProtocolError::BadNumber`] or [`ProtocolError::BadValue`] for a command
/// whose arguments are wrong. [`XboardReply::error`] turns any of them into
/// the `Error (...)` line XBoard expects.
pub fn parse_xboard(line: &str) -> Result<XboardCommand, ProtocolError> {
    use XboardCommand as C;

    let t = Tokens::new(line);
    let Some(word) = t.get(0) else {
        return Err(ProtocolError::Empty);
    };
    // Free text to the end of the line, which must not be empty.
    let text = |what: &'static str| -> Result<String, ProtocolError> {
        match t.rest(1) {
            "" => Err(ProtocolError::missing(word, what)),
            rest => Ok(rest.to_owned()),
        }
    };
    let token = |what| t.required(1, word, what).map(str::to_owned);
    let command = match word {
        "xboard" => C::Xboard,
        "protover" => C::Protover(t.number(1, word, "a protocol version")?),
        "accepted" => C::Accepted(text("a feature name")?),
        "rejected" => C::Rejected(text("a feature name")?),
        "new" => C::New,
        "variant" => C::Variant(token("a variant name")?),
        "quit" => C::Quit,
        "random" => C::Random,
        "force" => C::Force,
        "go" => C::Go,
        "playother" => C::PlayOther,
        "white" => C::White,
        "black" => C::Black,
        "level" => parse_level(&t)?,
        "st" => {
            let seconds = t.required(1, word, "a time in seconds")?;
            let millis = seconds_to_millis(seconds)
                .ok_or_else(|| ProtocolError::bad_number(word, seconds))?;
            C::St { millis }
        }
        "sd" => C::Sd(t.number(1, word, "a depth in plies")?),
        "nps" => C::Nps(t.number(1, word, "a number of nodes per second")?),
        "time" => C::Time(t.number(1, word, "a time in centiseconds")?),
        "otim" => C::Otim(t.number(1, word, "a time in centiseconds")?),
        "usermove" => C::UserMove(token("a move")?),
        "?" => C::MoveNow,
        "ping" => C::Ping(t.number(1, word, "a number")?),
        "draw" => C::Draw,
        "result" => parse_result(&t)?,
        "setboard" => match t.joined(1, t.len()) {
            fen if fen.is_empty() => return Err(ProtocolError::missing(word, "a FEN")),
            fen => C::SetBoard(fen),
        },
        "edit" => C::Edit,
        "hint" => C::Hint,
        "bk" => C::Bk,
        "undo" => C::Undo,
        "remove" => C::Remove,
        "hard" => C::Hard,
        "easy" => C::Easy,
        "post" => C::Post,
        "nopost" => C::NoPost,
        "analyze" => C::Analyze,
        "exit" => C::Exit,
        "." => C::Status,
        "name" => C::Name(text("a name")?),
        "rating" => C::Rating {
            engine: t.number(1, word, "two ratings")?,
            opponent: t.number(2, word, "two ratings")?,
        },
        "ics" => C::Ics(token("a host name or '-'")?),
        "computer" => C::Computer,
        "pause" => C::Pause,
        "resume" => C::Resume,
        "memory" => C::Memory(t.number(1, word, "a size in megabytes")?),
        "cores" => C::Cores(t.number(1, word, "a number of cores")?),
        "egtpath" => {
            let kind = token("a table type and a path")?;
            match t.rest(2) {
                "" => return Err(ProtocolError::missing(word, "a path")),
                path => C::EgtPath {
                    kind,
                    path: path.to_owned(),
                },
            }
        }
        "option" => parse_option(&t)?,
        "exclude" => C::Exclude(selection(&token("a move or 'all'")?)),
        "include" => C::Include(selection(&token("a move or 'all'")?)),
        "lift" => C::Lift(token("a square")?),
        "put" => C::Put(token("a square")?),
        "hover" => C::Hover(token("a square")?),
        "pips" => parse_pips(&t)?,
        mv if looks_like_move(mv) => C::Move(mv.to_owned()),
        other => return Err(ProtocolError::UnknownCommand(other.to_owned())),
    };
    Ok(command)
}

fn selection(text: &str) -> MoveSelection {
    match text {
        "all" => MoveSelection::All,
        mv => MoveSelection::Move(mv.to_owned()),
    }
}

fn parse_level(t: &Tokens<'_>) -> Result<XboardCommand, ProtocolError> {
    const WHAT: &str = "moves per session, base time and increment";
    let moves_per_session = t.number(1, "level", WHAT)?;
    let base = t.required(2, "level", WHAT)?;
    let increment = t.required(3, "level", WHAT)?;
    let base_ms =
        level_base_millis(base).ok_or_else(|| ProtocolError::bad_number("level", base))?;
    let increment_ms = seconds_to_millis(increment)
        .ok_or_else(|| ProtocolError::bad_number("level", increment))?;
    Ok(XboardCommand::Level {
        moves_per_session,
        base_ms,
        increment_ms,
    })
}

/// The base time of `level`, `MIN` or `MIN:SEC`, in milliseconds. Anything
/// after it that does not continue a number (as the `+5` of `25+5`) is
/// ignored; a `.` is refused rather than misread.
fn level_base_millis(text: &str) -> Option<u64> {
    fn digits(s: &str) -> (&str, &str) {
        let n = s.bytes().take_while(u8::is_ascii_digit).count();
        s.split_at(n)
    }
    let (minutes, rest) = digits(text);
    let (seconds, rest) = match rest.strip_prefix(':') {
        Some(after) => {
            let (seconds, rest) = digits(after);
            if seconds.is_empty() {
                return None;
            }
            (seconds, rest)
        }
        None => ("0", rest),
    };
    if minutes.is_empty() || rest.starts_with(['.', ':']) {
        return None;
    }
    let minutes: u64 = minutes.parse().ok()?;
    let seconds: u64 = seconds.parse().ok()?;
    minutes
        .checked_mul(60)?
        .checked_add(seconds)?
        .checked_mul(1000)
}

fn parse_result(t: &Tokens<'_>) -> Result<XboardCommand, ProtocolError> {
    let result = t
        .required(1, "result", "a result ('1-0', '0-1', '1/2-1/2' or '*')")?
        .parse()?;
    let comment = match t.rest(2) {
        "" => None,
        raw => {
            let inner = raw.strip_prefix('{').unwrap_or(raw);
            Some(inner.strip_suffix('}').unwrap_or(inner).to_owned())
        }
    };
    Ok(XboardCommand::Result { result, comment })
}

fn parse_option(t: &Tokens<'_>) -> Result<XboardCommand, ProtocolError> {
    let raw = t.rest(1);
    let (name, value) = match raw.split_once('=') {
        Some((name, value)) => (name.trim(), Some(value.trim().to_owned())),
        None => (raw, None),
    };
    if name.is_empty() {
        return Err(ProtocolError::missing("option", "an option name"));
    }
    Ok(XboardCommand::Option {
        name: name.to_owned(),
        value,
    })
}

fn parse_pips(t: &Tokens<'_>) -> Result<XboardCommand, ProtocolError> {
    const EXPECTED: &str = "K/N with 1 <= K <= N";
    if t.len() < 2 {
        return Err(ProtocolError::missing("pips", "dice as K/N"));
    }
    let pips = (1..t.len())
        .filter_map(|i| t.get(i))
        .map(|die| {
            let (value, sides) = die
                .split_once('/')
                .ok_or_else(|| ProtocolError::bad_value("pips", die, EXPECTED))?;
            let number = |text: &str| {
                text.parse::<u32>()
                    .map_err(|_| ProtocolError::bad_number("pips", die))
            };
            let pip = Pip {
                value: number(value)?,
                sides: number(sides)?,
            };
            if pip.value == 0 || pip.value > pip.sides {
                return Err(ProtocolError::bad_value("pips", die, EXPECTED));
            }
            Ok(pip)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(XboardCommand::Pips(pips))
}

impl fmt::Display for MoveSelection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveSelection::All => f.write_str("all"),
            MoveSelection::Move(mv) => f.write_str(mv),
        }
    }
}

impl fmt::Display for Pip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.value, self.sides)
    }
}

impl fmt::Display for XboardCommand {
    /// The canonical text of the command (as a GUI would send it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use XboardCommand as C;
        match self {
            C::Xboard => f.write_str("xboard"),
            C::Protover(n) => write!(f, "protover {n}"),
            C::Accepted(feature) => write!(f, "accepted {feature}"),
            C::Rejected(feature) => write!(f, "rejected {feature}"),
            C::New => f.write_str("new"),
            C::Variant(name) => write!(f, "variant {name}"),
            C::Quit => f.write_str("quit"),
            C::Random => f.write_str("random"),
            C::Force => f.write_str("force"),
            C::Go => f.write_str("go"),
            C::PlayOther => f.write_str("playother"),
            C::White => f.write_str("white"),
            C::Black => f.write_str("black"),
            C::Level {
                moves_per_session,
                base_ms,
                increment_ms,
            } => {
                let seconds = base_ms / 1000;
                write!(f, "level {moves_per_session} {}", seconds / 60)?;
                if seconds % 60 != 0 {
                    write!(f, ":{:02}", seconds % 60)?;
                }
                write!(f, " {}", millis_to_seconds(*increment_ms))
            }
            C::St { millis } => write!(f, "st {}", millis_to_seconds(*millis)),
            C::Sd(depth) => write!(f, "sd {depth}"),
            C::Nps(nps) => write!(f, "nps {nps}"),
            C::Time(cs) => write!(f, "time {cs}"),
            C::Otim(cs) => write!(f, "otim {cs}"),
            C::UserMove(mv) => write!(f, "usermove {mv}"),
            C::Move(mv) => f.write_str(mv),
            C::MoveNow => f.write_str("?"),
            C::Ping(n) => write!(f, "ping {n}"),
            C::Draw => f.write_str("draw"),
            C::Result { result, comment } => {
                write!(f, "result {result}")?;
                match comment {
                    Some(comment) => write!(f, " {{{comment}}}"),
                    None => Ok(()),
                }
            }
            C::SetBoard(fen) => write!(f, "setboard {fen}"),
            C::Edit => f.write_str("edit"),
            C::Hint => f.write_str("hint"),
            C::Bk => f.write_str("bk"),
            C::Undo => f.write_str("undo"),
            C::Remove => f.write_str("remove"),
            C::Hard => f.write_str("hard"),
            C::Easy => f.write_str("easy"),
            C::Post => f.write_str("post"),
            C::NoPost => f.write_str("nopost"),
            C::Analyze => f.write_str("analyze"),
            C::Exit => f.write_str("exit"),
            C::Status => f.write_str("."),
            C::Name(name) => write!(f, "name {name}"),
            C::Rating { engine, opponent } => write!(f, "rating {engine} {opponent}"),
            C::Ics(host) => write!(f, "ics {host}"),
            C::Computer => f.write_str("computer"),
            C::Pause => f.write_str("pause"),
            C::Resume => f.write_str("resume"),
            C::Memory(mb) => write!(f, "memory {mb}"),
            C::Cores(n) => write!(f, "cores {n}"),
            C::EgtPath { kind, path } => write!(f, "egtpath {kind} {path}"),
            C::Option { name, value } => {
                write!(f, "option {name}")?;
                match value {
                    Some(value) => write!(f, "={value}"),
                    None => Ok(()),
                }
            }
            C::Exclude(selection) => write!(f, "exclude {selection}"),
            C::Include(selection) => write!(f, "include {selection}"),
            C::Lift(square) => write!(f, "lift {square}"),
            C::Put(square) => write!(f, "put {square}"),
            C::Hover(square) => write!(f, "hover {square}"),
            C::Pips(pips) => {
                f.write_str("pips")?;
                pips.iter().try_for_each(|pip| write!(f, " {pip}"))
            }
        }
    }
}

/// The value of one feature in a `feature` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeatureValue {
    /// Written `1` or `0`.
    Bool(bool),
    /// Written in decimal.
    Int(i64),
    /// Written in double quotes. XBoard has no escape for a quote inside,
    /// so `"` is written as `'` (and line breaks as spaces).
    Str(String),
}

impl From<bool> for FeatureValue {
    fn from(value: bool) -> Self {
        FeatureValue::Bool(value)
    }
}

impl From<i64> for FeatureValue {
    fn from(value: i64) -> Self {
        FeatureValue::Int(value)
    }
}

impl From<&str> for FeatureValue {
    fn from(value: &str) -> Self {
        FeatureValue::Str(value.to_owned())
    }
}

impl From<String> for FeatureValue {
    fn from(value: String) -> Self {
        FeatureValue::Str(value)
    }
}

impl fmt::Display for FeatureValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FeatureValue::Bool(b) => f.write_str(if *b { "1" } else { "0" }),
            FeatureValue::Int(n) => write!(f, "{n}"),
            FeatureValue::Str(s) => {
                f.write_char('"')?;
                let unquoted = s.replace('"', "'");
                write!(f, "{}", OneLine(&unquoted))?;
                f.write_char('"')
            }
        }
    }
}

/// The text of `feature option="..."` for an option of the given type:
/// `NAME -check 1`, `NAME -spin 16 1 1024`, `NAME -combo a /// *b /// c`
/// (the current choice marked with `*`), `NAME -string TEXT`,
/// `NAME -button`.
///
/// ```
/// use engine_protocol::{xboard_option, OptionType};
/// let spin = OptionType::Spin { default: 16, min: 1, max: 1024 };
/// assert_eq!(xboard_option("Hash", &spin), "Hash -spin 16 1 1024");
/// ```
pub fn xboard_option(name: &str, kind: &OptionType) -> String {
    match kind {
        OptionType::Check { default } => format!("{name} -check {}", u8::from(*default)),
        OptionType::Spin { default, min, max } => format!("{name} -spin {default} {min} {max}"),
        OptionType::Combo { default, choices } => {
            let marked: Vec<String> = choices
                .iter()
                .map(|c| {
                    if c == default {
                        format!("*{c}")
                    } else {
                        c.clone()
                    }
                })
                .collect();
            format!("{name} -combo {}", marked.join(" /// "))
        }
        OptionType::String { default } => format!("{name} -string {default}"),
        OptionType::File { default } => format!("{name} -file {default}"),
        OptionType::Button => format!("{name} -button"),
    }
}

/// How long the text after `feature option="` must be for XBoard (4.9)
/// to hold any value of a text option. XBoard keeps that text in a buffer
/// of its length, then copies a value set by the user (`-firstOptions`,
/// the settings dialog) into it as if it were 512 bytes long: a shorter
/// buffer overflows and XBoard crashes later. Trailing spaces make room;
/// XBoard ignores them.
const XBOARD_OPTION_ROOM: usize = 512;

/// A reply from the engine to an XBoard GUI.
///
/// `Display` gives the exact text to print (without the final newline).
/// Every reply is one line, except a multi-leg [`XboardReply::Move`], which
/// is one `move` line per leg. Text fields have line breaks and other
/// control characters replaced by spaces, so they cannot break the
/// protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum XboardReply {
    /// `feature NAME=VALUE ...`.
    Feature(Vec<(String, FeatureValue)>),
    /// `feature option="..."` announcing one option (see
    /// [`xboard_option`]). A text or file option's line is padded with
    /// spaces after the closing quote, so that XBoard has room for any
    /// value the user gives it (see `XBOARD_OPTION_ROOM`).
    OptionFeature {
        /// The option's name.
        name: String,
        /// Its type and default.
        kind: OptionType,
    },
    /// `move MOVE`. A multi-leg move (`d2c3,c3c4`) is written as one line
    /// per leg, every leg but the last with a trailing comma; see
    /// [`XboardReply::move_legs`].
    Move(String),
    /// `pong N`.
    Pong(i64),
    /// `RESULT {COMMENT}`: the game is over by rule.
    Result {
        /// How it ended.
        result: GameResult,
        /// Why, e.g. `White mates`.
        comment: String,
    },
    /// `Illegal move (REASON): MOVE`, or `Illegal move: MOVE` without a
    /// reason.
    IllegalMove {
        /// The move refused, as received.
        mv: String,
        /// Why, if the engine says.
        reason: Option<String>,
    },
    /// `Error (KIND): COMMAND`, e.g. `Error (unknown command): foo`.
    Error {
        /// The kind, e.g. `unknown command` or `command not legal now`.
        kind: String,
        /// The command refused.
        command: String,
    },
    /// Thinking output, `DEPTH SCORE TIME NODES PV`.
    Thinking {
        /// Depth in plies.
        depth: u32,
        /// Centipawns for the engine; mates as [`XboardReply::mate_score`].
        score: i32,
        /// Time searched in centiseconds.
        centiseconds: u64,
        /// Nodes searched.
        nodes: u64,
        /// The principal variation.
        pv: Vec<String>,
    },
    /// `setup (PIECETOCHAR) WxH+S_PARENT FEN`: describe an engine-defined
    /// variant.
    Setup {
        /// XBoard's piece-to-letter table, without its parentheses.
        piece_to_char: String,
        /// Files.
        width: u32,
        /// Ranks.
        height: u32,
        /// Holdings size (0 for none).
        holdings: u32,
        /// The parent variant, usually `fairy`.
        parent: String,
        /// The start position.
        fen: String,
    },
    /// `piece LETTER BETZA`: how a piece moves. The letter is written as
    /// given: `N&` for both colours, `+N&` for a promoted piece.
    Piece {
        /// The piece's letter with its marks, e.g. `N&`.
        letter: String,
        /// Its moves in XBetza, e.g. `N0` for the Nightrider.
        betza: String,
    },
    /// `highlight COLORFEN`.
    Highlight(String),
    /// `choice PIECES`: the pieces a person may pick for the promotion
    /// being entered (XBoard's letters, upper case, the default first);
    /// XBoard 4.9 offers only these when the piece is swept.
    Choice(String),
    /// `stat01: TIME NODES PLY MVLEFT MVTOT MVNAME`: the answer to `.` in
    /// analysis mode.
    Status {
        /// Time searched in centiseconds.
        centiseconds: u64,
        /// Nodes searched.
        nodes: u64,
        /// The depth reached.
        depth: u32,
        /// Root moves still to search at that depth.
        moves_left: u32,
        /// Root moves in all.
        moves_total: u32,
        /// The move being searched (or the best so far).
        current: String,
    },
    /// `dice N [N ...]`: ask the GUI to roll dice with these numbers of
    /// sides (XBoard's development `feature dice=1`).
    Dice(Vec<u32>),
    /// `telluser MESSAGE`.
    TellUser(String),
    /// `tellusererror MESSAGE`.
    TellUserError(String),
    /// `tellothers MESSAGE`: outside ICS, XBoard adds it to the last move
    /// as a comment when its Auto-Comment option is on.
    TellOthers(String),
    /// `askuser TAG MESSAGE`: the GUI answers `TAG ANSWER`.
    AskUser {
        /// The word the answer will start with (no whitespace).
        tag: String,
        /// The question.
        message: String,
    },
    /// `Hint: MOVE`.
    Hint(String),
    /// `resign`.
    Resign,
    /// `offer draw`.
    OfferDraw,
    /// `# TEXT`: a debug line (with `feature debug=1`).
    Comment(String),
}

impl XboardReply {
    /// One `move` reply per leg of `mv`: `d2c3,c3c4` gives `move d2c3,`
    /// and `move c3c4`; a one-leg move gives one reply.
    pub fn move_legs(mv: &str) -> Vec<XboardReply> {
        mv.split_inclusive(',')
            .map(|leg| XboardReply::Move(leg.to_owned()))
            .collect()
    }

    /// The `Error (KIND): LINE` reply for a line that did not parse, e.g.
    /// `Error (unknown command): foo`.
    pub fn error(err: &ProtocolError, line: &str) -> XboardReply {
        XboardReply::Error {
            kind: err.kind_name().to_owned(),
            command: line.trim().to_owned(),
        }
    }

    /// The thinking-output score for mate in `moves` moves (negative when
    /// being mated): 100000 + N, or -100000 - N.
    pub fn mate_score(moves: i32) -> i32 {
        if moves >= 0 {
            100_000i32.saturating_add(moves)
        } else {
            (-100_000i32).saturating_add(moves)
        }
    }
}

impl fmt::Display for XboardReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use XboardReply as R;
        match self {
            R::Feature(features) => {
                f.write_str("feature")?;
                for (name, value) in features {
                    write!(f, " {}={value}", OneLine(name))?;
                }
                Ok(())
            }
            R::OptionFeature { name, kind } => {
                let text = FeatureValue::Str(xboard_option(name, kind)).to_string();
                write!(f, "feature option={text}")?;
                if matches!(kind, OptionType::String { .. } | OptionType::File { .. }) {
                    // The text after `option="`: all but the opening quote.
                    let after_quote = text.len() - 1;
                    let room = XBOARD_OPTION_ROOM.saturating_sub(after_quote);
                    write!(f, "{:room$}", "")?;
                }
                Ok(())
            }
            R::Move(mv) => {
                for (i, leg) in mv.split_inclusive(',').enumerate() {
                    if i > 0 {
                        f.write_char('\n')?;
                    }
                    write!(f, "move {}", OneLine(leg))?;
                }
                if mv.is_empty() {
                    f.write_str("move ")?;
                }
                Ok(())
            }
            R::Pong(n) => write!(f, "pong {n}"),
            R::Result { result, comment } => write!(f, "{result} {{{}}}", OneLine(comment)),
            R::IllegalMove { mv, reason } => {
                f.write_str("Illegal move")?;
                if let Some(reason) = reason {
                    write!(f, " ({})", OneLine(reason))?;
                }
                write!(f, ": {}", OneLine(mv))
            }
            R::Error { kind, command } => {
                write!(f, "Error ({}): {}", OneLine(kind), OneLine(command))
            }
            R::Thinking {
                depth,
                score,
                centiseconds,
                nodes,
                pv,
            } => {
                write!(f, "{depth} {score} {centiseconds} {nodes}")?;
                if !pv.is_empty() {
                    f.write_char(' ')?;
                    write_words(f, pv)?;
                }
                Ok(())
            }
            R::Setup {
                piece_to_char,
                width,
                height,
                holdings,
                parent,
                fen,
            } => write!(
                f,
                "setup ({}) {width}x{height}+{holdings}_{} {}",
                OneLine(piece_to_char),
                OneLine(parent),
                OneLine(fen)
            ),
            R::Piece { letter, betza } => {
                write!(f, "piece {} {}", OneLine(letter), OneLine(betza))
            }
            R::Highlight(colors) => write!(f, "highlight {}", OneLine(colors)),
            R::Choice(pieces) => write!(f, "choice {}", OneLine(pieces)),
            R::Status {
                centiseconds,
                nodes,
                depth,
                moves_left,
                moves_total,
                current,
            } => write!(
                f,
                "stat01: {centiseconds} {nodes} {depth} {moves_left} {moves_total} {}",
                OneLine(current)
            ),
            R::Dice(sides) => {
                f.write_str("dice")?;
                sides.iter().try_for_each(|n| write!(f, " {n}"))
            }
            R::TellUser(message) => write!(f, "telluser {}", OneLine(message)),
            R::TellUserError(message) => write!(f, "tellusererror {}", OneLine(message)),
            R::TellOthers(message) => write!(f, "tellothers {}", OneLine(message)),
            R::AskUser { tag, message } => {
                write!(f, "askuser {} {}", OneLine(tag), OneLine(message))
            }
            R::Hint(mv) => write!(f, "Hint: {}", OneLine(mv)),
            R::Resign => f.write_str("resign"),
            R::OfferDraw => f.write_str("offer draw"),
            R::Comment(text) => write!(f, "# {}", OneLine(text)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use XboardCommand as C;

    fn ok(line: &str) -> XboardCommand {
        match parse_xboard(line) {
            Ok(cmd) => cmd,
            Err(e) => panic!("{line:?}: {e}"),
        }
    }

    fn err(line: &str) -> String {
        match parse_xboard(line) {
            Ok(cmd) => panic!("{line:?} parsed as {cmd:?}"),
            Err(e) => e.to_string(),
        }
    }

    fn round_trip(cmd: &XboardCommand) {
        let text = cmd.to_string();
        assert_eq!(parse_xboard(&text).as_ref(), Ok(cmd), "{text:?}");
    }

    #[test]
    fn commands_without_arguments() {
        let cases = [
            ("xboard", C::Xboard),
            ("new", C::New),
            ("quit", C::Quit),
            ("random", C::Random),
            ("force", C::Force),
            ("go", C::Go),
            ("playother", C::PlayOther),
            ("white", C::White),
            ("black", C::Black),
            ("?", C::MoveNow),
            ("draw", C::Draw),
            ("edit", C::Edit),
            ("hint", C::Hint),
            ("bk", C::Bk),
            ("undo", C::Undo),
            ("remove", C::Remove),
            ("hard", C::Hard),
            ("easy", C::Easy),
            ("post", C::Post),
            ("nopost", C::NoPost),
            ("analyze", C::Analyze),
            ("exit", C::Exit),
            (".", C::Status),
            ("computer", C::Computer),
            ("pause", C::Pause),
            ("resume", C::Resume),
        ];
        for (line, expected) in cases {
            assert_eq!(ok(line), expected);
            assert_eq!(ok(&format!(" {line}\r\n")), expected);
            assert_eq!(expected.to_string(), line);
        }
    }

    #[test]
    fn commands_with_numbers() {
        let cases = [
            ("protover 2", C::Protover(2)),
            ("sd 12", C::Sd(12)),
            ("nps 10000", C::Nps(10000)),
            ("time 30000", C::Time(30000)),
            ("otim 29500", C::Otim(29500)),
            ("time -150", C::Time(-150)),
            ("ping 7", C::Ping(7)),
            ("memory 256", C::Memory(256)),
            ("cores 2", C::Cores(2)),
            (
                "rating 2600 1500",
                C::Rating {
                    engine: 2600,
                    opponent: 1500,
                },
            ),
            ("st 30", C::St { millis: 30_000 }),
            ("st 0.5", C::St { millis: 500 }),
        ];
        for (line, expected) in cases {
            assert_eq!(ok(line), expected);
            assert_eq!(expected.to_string(), line);
        }
        assert_eq!(
            err("protover"),
            "Missing argument to 'protover': expected a protocol version"
        );
        assert_eq!(err("protover two"), "Invalid number for 'protover': 'two'");
        assert_eq!(err("sd -1"), "Invalid number for 'sd': '-1'");
        assert_eq!(
            err("time"),
            "Missing argument to 'time': expected a time in centiseconds"
        );
        assert_eq!(err("otim 1.5"), "Invalid number for 'otim': '1.5'");
        assert_eq!(err("ping"), "Missing argument to 'ping': expected a number");
        assert_eq!(
            err("st"),
            "Missing argument to 'st': expected a time in seconds"
        );
        assert_eq!(err("st -3"), "Invalid number for 'st': '-3'");
        assert_eq!(err("memory lots"), "Invalid number for 'memory': 'lots'");
        assert_eq!(
            err("cores 99999999999"),
            "Invalid number for 'cores': '99999999999'"
        );
        assert_eq!(err("nps x"), "Invalid number for 'nps': 'x'");
        assert_eq!(
            err("rating 2600"),
            "Missing argument to 'rating': expected two ratings"
        );
    }

    #[test]
    fn level() {
        let level = |moves, base_ms, increment_ms| C::Level {
            moves_per_session: moves,
            base_ms,
            increment_ms,
        };
        let cases = [
            ("level 40 5 0", level(40, 300_000, 0)),
            ("level 40 0:30 0", level(40, 30_000, 0)),
            ("level 0 2 12", level(0, 120_000, 12_000)),
            ("level 0 1:05 0.5", level(0, 65_000, 500)),
        ];
        for (line, expected) in cases {
            assert_eq!(ok(line), expected);
            assert_eq!(expected.to_string(), line);
        }
        // Characters after MIN or MIN:SEC are ignored, as recommended.
        assert_eq!(ok("level 40 25+5 0"), level(40, 1_500_000, 0));
        assert_eq!(ok("level 40 1:30+5 0"), level(40, 90_000, 0));
        assert_eq!(ok("level 40 0:5 0"), level(40, 5_000, 0));
        assert_eq!(
            err("level"),
            "Missing argument to 'level': expected moves per session, base time and increment"
        );
        assert_eq!(
            err("level 40 5"),
            "Missing argument to 'level': expected moves per session, base time and increment"
        );
        assert_eq!(err("level x 5 0"), "Invalid number for 'level': 'x'");
        assert_eq!(err("level 40 :30 0"), "Invalid number for 'level': ':30'");
        assert_eq!(err("level 40 1: 0"), "Invalid number for 'level': '1:'");
        assert_eq!(err("level 40 1.5 0"), "Invalid number for 'level': '1.5'");
        assert_eq!(
            err("level 40 1:2:3 0"),
            "Invalid number for 'level': '1:2:3'"
        );
        assert_eq!(err("level 40 5 -1"), "Invalid number for 'level': '-1'");
        assert_eq!(
            err("level 40 99999999999999999999 0"),
            "Invalid number for 'level': '99999999999999999999'"
        );
    }

    #[test]
    fn text_arguments() {
        assert_eq!(ok("accepted usermove"), C::Accepted("usermove".into()));
        assert_eq!(
            ok("rejected option nonsense"),
            C::Rejected("option nonsense".into())
        );
        assert_eq!(ok("variant wolf"), C::Variant("wolf".into()));
        assert_eq!(
            ok("name Deep  Thought 2"),
            C::Name("Deep  Thought 2".into())
        );
        assert_eq!(ok("ics -"), C::Ics("-".into()));
        assert_eq!(ok("ics freechess.org"), C::Ics("freechess.org".into()));
        assert_eq!(
            ok("egtpath syzygy /home/me/my tables"),
            C::EgtPath {
                kind: "syzygy".into(),
                path: "/home/me/my tables".into()
            }
        );
        assert_eq!(ok("lift e2"), C::Lift("e2".into()));
        assert_eq!(ok("put a0"), C::Put("a0".into()));
        assert_eq!(ok("hover j9"), C::Hover("j9".into()));
        for (line, message) in [
            (
                "accepted",
                "Missing argument to 'accepted': expected a feature name",
            ),
            (
                "rejected",
                "Missing argument to 'rejected': expected a feature name",
            ),
            (
                "variant",
                "Missing argument to 'variant': expected a variant name",
            ),
            ("name", "Missing argument to 'name': expected a name"),
            (
                "ics",
                "Missing argument to 'ics': expected a host name or '-'",
            ),
            (
                "egtpath",
                "Missing argument to 'egtpath': expected a table type and a path",
            ),
            (
                "egtpath syzygy",
                "Missing argument to 'egtpath': expected a path",
            ),
            ("lift", "Missing argument to 'lift': expected a square"),
            ("put", "Missing argument to 'put': expected a square"),
            ("hover", "Missing argument to 'hover': expected a square"),
            (
                "usermove",
                "Missing argument to 'usermove': expected a move",
            ),
            ("setboard", "Missing argument to 'setboard': expected a FEN"),
        ] {
            assert_eq!(err(line), message);
        }
    }

    #[test]
    fn moves() {
        assert_eq!(ok("usermove e2e4"), C::UserMove("e2e4".into()));
        assert_eq!(ok("usermove d2c3,c3c4"), C::UserMove("d2c3,c3c4".into()));
        for mv in [
            "e2e4",
            "e7e8q",
            "a9a10",
            "b0c2",
            "j9j0",
            "a10a9",
            "l10l9",
            "p17p16",
            "e1g1",
            "P@e4",
            "n@a0",
            "d2c3,c3c4",
            "c4d5,d5e4,e4e5",
            "@@@@",
            "O-O",
            "O-O-O",
            "e7e8+",
            "c3c4=",
            "e1g1h",
        ] {
            assert_eq!(ok(mv), C::Move(mv.into()), "{mv}");
            assert_eq!(ok(&format!(" {mv} \n")), C::Move(mv.into()));
            assert_eq!(C::Move(mv.into()).to_string(), mv);
        }
        for not_a_move in [
            "e2", "e2e", "E2E4", "e2e4qq", "e02e4", "a00a1", "e2e4,", ",e2e4", "P@", "@e4", "Pe4",
            "PP@e4", "e2-e4", "Nf3", "e4", "a1234a1", "0-0", "@@@", "e2e4!", "é2e4",
        ] {
            assert_eq!(
                parse_xboard(not_a_move),
                Err(ProtocolError::UnknownCommand(not_a_move.into())),
                "{not_a_move}"
            );
        }
    }

    #[test]
    fn result() {
        assert_eq!(
            ok("result 1-0 {White mates}"),
            C::Result {
                result: GameResult::WhiteWins,
                comment: Some("White mates".into())
            }
        );
        assert_eq!(
            ok("result 1/2-1/2 {Draw by repetition}"),
            C::Result {
                result: GameResult::Draw,
                comment: Some("Draw by repetition".into())
            }
        );
        assert_eq!(
            ok("result 0-1"),
            C::Result {
                result: GameResult::BlackWins,
                comment: None
            }
        );
        assert_eq!(
            ok("result * {}"),
            C::Result {
                result: GameResult::Unfinished,
                comment: Some(String::new())
            }
        );
        // A comment without braces is taken as it is.
        assert_eq!(
            ok("result 1-0 time forfeit"),
            C::Result {
                result: GameResult::WhiteWins,
                comment: Some("time forfeit".into())
            }
        );
        assert_eq!(
            err("result"),
            "Missing argument to 'result': expected a result ('1-0', '0-1', '1/2-1/2' or '*')"
        );
        assert_eq!(
            err("result 2-0 {?}"),
            "Invalid value for 'result': '2-0' (expected '1-0', '0-1', '1/2-1/2' or '*')"
        );
        for line in ["result 1-0 {White mates}", "result 0-1", "result * {}"] {
            assert_eq!(ok(line).to_string(), line);
        }
    }

    #[test]
    fn setboard() {
        assert_eq!(
            ok("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            C::SetBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into())
        );
        assert_eq!(
            ok("setboard  8/8/8/8/8/8/8/8[Qq]   b - -"),
            C::SetBoard("8/8/8/8/8/8/8/8[Qq] b - -".into())
        );
    }

    #[test]
    fn option() {
        assert_eq!(
            ok("option Hash=64"),
            C::Option {
                name: "Hash".into(),
                value: Some("64".into())
            }
        );
        assert_eq!(
            ok("option Clear Hash"),
            C::Option {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            ok("option Book File=my book.bin"),
            C::Option {
                name: "Book File".into(),
                value: Some("my book.bin".into())
            }
        );
        assert_eq!(
            ok("option Expr=a=b"),
            C::Option {
                name: "Expr".into(),
                value: Some("a=b".into())
            }
        );
        assert_eq!(
            ok("option Book="),
            C::Option {
                name: "Book".into(),
                value: Some(String::new())
            }
        );
        assert_eq!(
            err("option"),
            "Missing argument to 'option': expected an option name"
        );
        assert_eq!(
            err("option =3"),
            "Missing argument to 'option': expected an option name"
        );
        for line in ["option Hash=64", "option Clear Hash", "option Book="] {
            assert_eq!(ok(line).to_string(), line);
        }
    }

    #[test]
    fn exclude_include() {
        assert_eq!(ok("exclude all"), C::Exclude(MoveSelection::All));
        assert_eq!(ok("include all"), C::Include(MoveSelection::All));
        assert_eq!(
            ok("exclude e2e4"),
            C::Exclude(MoveSelection::Move("e2e4".into()))
        );
        assert_eq!(
            ok("include a9a10"),
            C::Include(MoveSelection::Move("a9a10".into()))
        );
        assert_eq!(
            err("exclude"),
            "Missing argument to 'exclude': expected a move or 'all'"
        );
        assert_eq!(
            err("include"),
            "Missing argument to 'include': expected a move or 'all'"
        );
        for line in ["exclude all", "include e2e4"] {
            assert_eq!(ok(line).to_string(), line);
        }
    }

    #[test]
    fn pips() {
        assert_eq!(ok("pips 3/6"), C::Pips(vec![Pip { value: 3, sides: 6 }]));
        assert_eq!(
            ok("pips 6/6 1/6"),
            C::Pips(vec![Pip { value: 6, sides: 6 }, Pip { value: 1, sides: 6 }])
        );
        assert_eq!(ok("pips 6/6 1/6").to_string(), "pips 6/6 1/6");
        assert_eq!(
            err("pips"),
            "Missing argument to 'pips': expected dice as K/N"
        );
        assert_eq!(
            err("pips 7/6"),
            "Invalid value for 'pips': '7/6' (expected K/N with 1 <= K <= N)"
        );
        assert_eq!(
            err("pips 0/6"),
            "Invalid value for 'pips': '0/6' (expected K/N with 1 <= K <= N)"
        );
        assert_eq!(
            err("pips 3"),
            "Invalid value for 'pips': '3' (expected K/N with 1 <= K <= N)"
        );
        assert_eq!(err("pips 3/x"), "Invalid number for 'pips': '3/x'");
        assert_eq!(err("pips 3/6 -1/6"), "Invalid number for 'pips': '-1/6'");
        assert_eq!(
            err("pips 1/0"),
            "Invalid value for 'pips': '1/0' (expected K/N with 1 <= K <= N)"
        );
    }

    #[test]
    fn empty_and_unknown() {
        assert_eq!(parse_xboard(""), Err(ProtocolError::Empty));
        assert_eq!(parse_xboard("  \r\n"), Err(ProtocolError::Empty));
        assert_eq!(err("foo"), "Unknown command: 'foo'");
        assert_eq!(err("uci"), "Unknown command: 'uci'");
        assert_eq!(err("New"), "Unknown command: 'New'");
        assert_eq!(err("# comment"), "Unknown command: '#'");
    }

    #[test]
    fn round_trips() {
        for line in [
            "xboard",
            "protover 2",
            "accepted setboard",
            "new",
            "variant wolf",
            "level 40 5 0",
            "level 0 0:30 1.5",
            "st 10",
            "sd 4",
            "nps 1000",
            "time 100",
            "otim -5",
            "usermove a9a10",
            "b0c2",
            "?",
            "ping 3",
            "result 1-0 {White mates}",
            "setboard 8/8/8/8/8/8/8/K6k w - - 0 1",
            "name Some One",
            "rating 1 2",
            "ics -",
            "memory 64",
            "cores 1",
            "egtpath syzygy /tb",
            "option A b=c d",
            "exclude all",
            "lift e2",
            "put e4",
            "hover d5",
            "pips 1/6 2/6",
            ".",
        ] {
            let cmd = ok(line);
            assert_eq!(cmd.to_string(), line);
            round_trip(&cmd);
        }
    }

    #[test]
    fn feature_reply() {
        let reply = XboardReply::Feature(vec![
            ("setboard".into(), true.into()),
            ("ping".into(), FeatureValue::Bool(true)),
            ("colors".into(), false.into()),
            ("done".into(), 0i64.into()),
            ("myname".into(), "menagerie 0.1".into()),
            ("variants".into(), "wolf,hubbub,pawneaters".into()),
            (
                "option".into(),
                xboard_option(
                    "Hash",
                    &OptionType::Spin {
                        default: 16,
                        min: 1,
                        max: 1024,
                    },
                )
                .into(),
            ),
        ]);
        assert_eq!(
            reply.to_string(),
            "feature setboard=1 ping=1 colors=0 done=0 myname=\"menagerie 0.1\" \
             variants=\"wolf,hubbub,pawneaters\" option=\"Hash -spin 16 1 1024\""
        );
        assert_eq!(
            XboardReply::Feature(vec![("myname".into(), "say \"hi\"\n".into())]).to_string(),
            "feature myname=\"say 'hi' \""
        );
        assert_eq!(XboardReply::Feature(vec![]).to_string(), "feature");
    }

    #[test]
    fn option_strings() {
        assert_eq!(
            xboard_option("Ponder", &OptionType::Check { default: true }),
            "Ponder -check 1"
        );
        assert_eq!(
            xboard_option("Ponder", &OptionType::Check { default: false }),
            "Ponder -check 0"
        );
        assert_eq!(
            xboard_option(
                "Style",
                &OptionType::Combo {
                    default: "normal".into(),
                    choices: vec!["solid".into(), "normal".into(), "wild".into()],
                }
            ),
            "Style -combo solid /// *normal /// wild"
        );
        assert_eq!(
            xboard_option(
                "Book File",
                &OptionType::String {
                    default: "book.bin".into()
                }
            ),
            "Book File -string book.bin"
        );
        assert_eq!(
            xboard_option("Clear Hash", &OptionType::Button),
            "Clear Hash -button"
        );
    }

    #[test]
    fn a_text_option_line_leaves_xboard_room_for_any_value() {
        let file = XboardReply::OptionFeature {
            name: "EvalWeights".into(),
            kind: OptionType::File {
                default: String::new(),
            },
        }
        .to_string();
        assert!(file.starts_with("feature option=\"EvalWeights -file \""));
        let after_quote = &file["feature option=\"".len()..];
        assert_eq!(after_quote.len(), XBOARD_OPTION_ROOM, "{file:?}");
        assert!(after_quote.trim_end().ends_with('"'), "only spaces follow");
        let long_default = "x".repeat(600);
        let long = XboardReply::OptionFeature {
            name: "Book".into(),
            kind: OptionType::String {
                default: long_default.clone(),
            },
        };
        let expected = format!("feature option=\"Book -string {long_default}\"");
        assert_eq!(long.to_string(), expected, "long enough already");
        let spin = XboardReply::OptionFeature {
            name: "Hash".into(),
            kind: OptionType::Spin {
                default: 16,
                min: 1,
                max: 1024,
            },
        };
        let spin_line = "feature option=\"Hash -spin 16 1 1024\"";
        assert_eq!(spin.to_string(), spin_line, "numbers need no room");
    }

    #[test]
    fn move_replies() {
        assert_eq!(XboardReply::Move("e2e4".into()).to_string(), "move e2e4");
        assert_eq!(
            XboardReply::Move("d2c3,c3c4".into()).to_string(),
            "move d2c3,\nmove c3c4"
        );
        assert_eq!(
            XboardReply::move_legs("d2c3,c3c4"),
            vec![
                XboardReply::Move("d2c3,".into()),
                XboardReply::Move("c3c4".into())
            ]
        );
        assert_eq!(
            XboardReply::move_legs("a1a2,a2a3,a3a4")
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["move a1a2,", "move a2a3,", "move a3a4"]
        );
        assert_eq!(
            XboardReply::move_legs("e2e4"),
            vec![XboardReply::Move("e2e4".into())]
        );
        assert_eq!(XboardReply::Move("d2c3,".into()).to_string(), "move d2c3,");
        assert_eq!(XboardReply::Move("@@@@".into()).to_string(), "move @@@@");
        assert_eq!(XboardReply::Move(String::new()).to_string(), "move ");
    }

    #[test]
    fn other_replies() {
        let cases = [
            (XboardReply::Pong(7), "pong 7"),
            (
                XboardReply::Result {
                    result: GameResult::WhiteWins,
                    comment: "White mates".into(),
                },
                "1-0 {White mates}",
            ),
            (
                XboardReply::Result {
                    result: GameResult::Draw,
                    comment: "Stalemate".into(),
                },
                "1/2-1/2 {Stalemate}",
            ),
            (
                XboardReply::Result {
                    result: GameResult::BlackWins,
                    comment: "White resigns".into(),
                },
                "0-1 {White resigns}",
            ),
            (
                XboardReply::IllegalMove {
                    mv: "e2e5".into(),
                    reason: Some("no such move".into()),
                },
                "Illegal move (no such move): e2e5",
            ),
            (
                XboardReply::IllegalMove {
                    mv: "e2e5".into(),
                    reason: None,
                },
                "Illegal move: e2e5",
            ),
            (
                XboardReply::Error {
                    kind: "unknown command".into(),
                    command: "foo".into(),
                },
                "Error (unknown command): foo",
            ),
            (
                XboardReply::Thinking {
                    depth: 9,
                    score: 156,
                    centiseconds: 1084,
                    nodes: 48000,
                    pv: vec!["Nf3".into(), "Nc6".into(), "Nc3".into(), "Nf6".into()],
                },
                "9 156 1084 48000 Nf3 Nc6 Nc3 Nf6",
            ),
            (
                XboardReply::Thinking {
                    depth: 1,
                    score: -5,
                    centiseconds: 0,
                    nodes: 20,
                    pv: vec![],
                },
                "1 -5 0 20",
            ),
            (
                XboardReply::Setup {
                    piece_to_char: "PNBRQ..K..pnbrq..k..".into(),
                    width: 8,
                    height: 10,
                    holdings: 0,
                    parent: "fairy".into(),
                    fen: "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
                },
                "setup (PNBRQ..K..pnbrq..k..) 8x10+0_fairy \
                 rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ),
            (
                XboardReply::Piece {
                    letter: "N&".into(),
                    betza: "N0".into(),
                },
                "piece N& N0",
            ),
            (
                XboardReply::Highlight("8/8/8/8/4y3/4yr2/8/8".into()),
                "highlight 8/8/8/8/4y3/4yr2/8/8",
            ),
            (XboardReply::Choice("QRBN".into()), "choice QRBN"),
            (
                XboardReply::Status {
                    centiseconds: 250,
                    nodes: 12345,
                    depth: 7,
                    moves_left: 0,
                    moves_total: 20,
                    current: "e2e4".into(),
                },
                "stat01: 250 12345 7 0 20 e2e4",
            ),
            (XboardReply::Dice(vec![6, 6]), "dice 6 6"),
            (XboardReply::Dice(vec![6]), "dice 6"),
            (
                XboardReply::TellUser("Hello there".into()),
                "telluser Hello there",
            ),
            (
                XboardReply::TellUserError("Illegal position".into()),
                "tellusererror Illegal position",
            ),
            (
                XboardReply::TellOthers("White 5+2 | Black: Knight 2:1".into()),
                "tellothers White 5+2 | Black: Knight 2:1",
            ),
            (
                XboardReply::AskUser {
                    tag: "choice".into(),
                    message: "Which leaper?".into(),
                },
                "askuser choice Which leaper?",
            ),
            (XboardReply::Hint("e2e4".into()), "Hint: e2e4"),
            (XboardReply::Resign, "resign"),
            (XboardReply::OfferDraw, "offer draw"),
            (XboardReply::Comment("debug text".into()), "# debug text"),
        ];
        for (reply, text) in cases {
            assert_eq!(reply.to_string(), text);
        }
    }

    #[test]
    fn error_reply_from_parse_error() {
        let line = "foo bar\n";
        let reply = XboardReply::error(&parse_xboard(line).unwrap_err(), line);
        assert_eq!(reply.to_string(), "Error (unknown command): foo bar");
        let line = "sd x";
        let reply = XboardReply::error(&parse_xboard(line).unwrap_err(), line);
        assert_eq!(reply.to_string(), "Error (bad number): sd x");
    }

    #[test]
    fn mate_scores() {
        assert_eq!(XboardReply::mate_score(3), 100_003);
        assert_eq!(XboardReply::mate_score(-2), -100_002);
        assert_eq!(XboardReply::mate_score(0), 100_000);
        assert_eq!(XboardReply::mate_score(i32::MAX), i32::MAX);
        assert_eq!(XboardReply::mate_score(i32::MIN), i32::MIN);
    }

    #[test]
    fn game_results() {
        for (text, result) in [
            ("1-0", GameResult::WhiteWins),
            ("0-1", GameResult::BlackWins),
            ("1/2-1/2", GameResult::Draw),
            ("*", GameResult::Unfinished),
        ] {
            assert_eq!(text.parse::<GameResult>(), Ok(result));
            assert_eq!(result.to_string(), text);
        }
        assert!("draw".parse::<GameResult>().is_err());
    }

    #[test]
    fn replies_stay_on_one_line() {
        let sneaky = "x\nmove e2e4\r";
        let replies = [
            XboardReply::Feature(vec![(sneaky.into(), sneaky.into())]),
            XboardReply::Result {
                result: GameResult::Draw,
                comment: sneaky.into(),
            },
            XboardReply::IllegalMove {
                mv: sneaky.into(),
                reason: Some(sneaky.into()),
            },
            XboardReply::Error {
                kind: sneaky.into(),
                command: sneaky.into(),
            },
            XboardReply::Thinking {
                depth: 1,
                score: 0,
                centiseconds: 0,
                nodes: 0,
                pv: vec![sneaky.into()],
            },
            XboardReply::Setup {
                piece_to_char: sneaky.into(),
                width: 8,
                height: 8,
                holdings: 0,
                parent: sneaky.into(),
                fen: sneaky.into(),
            },
            XboardReply::Piece {
                letter: sneaky.into(),
                betza: sneaky.into(),
            },
            XboardReply::Highlight(sneaky.into()),
            XboardReply::Status {
                centiseconds: 0,
                nodes: 0,
                depth: 0,
                moves_left: 0,
                moves_total: 0,
                current: sneaky.into(),
            },
            XboardReply::TellUser(sneaky.into()),
            XboardReply::TellUserError(sneaky.into()),
            XboardReply::TellOthers(sneaky.into()),
            XboardReply::AskUser {
                tag: sneaky.into(),
                message: sneaky.into(),
            },
            XboardReply::Hint(sneaky.into()),
            XboardReply::Comment(sneaky.into()),
            XboardReply::Move(sneaky.into()),
        ];
        for reply in replies {
            let text = reply.to_string();
            assert!(!text.contains('\n') && !text.contains('\r'), "{text:?}");
        }
    }
}
