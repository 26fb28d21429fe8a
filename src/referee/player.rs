//! What the referee asks of an engine, whatever its protocol: start a game,
//! act (move, or choose after a throw), hear the end. The game so far is
//! handed over whole each time; each client sends what its protocol needs.

use super::cli::{EngineSpec, Protocol};
use super::clock::{Clock, Limits};
use super::log::IoLog;
use super::{uci_client, xboard_client};
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::square::Color;
use std::time::Instant;

/// What kind of step a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    Move,
    Throw,
    Choice,
}

/// One token of the game, who made it, and for a throw the faces shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub token: String,
    pub kind: StepKind,
    /// The side that moved or chose; for a throw the side that threw.
    pub actor: Color,
    /// Each die's face shown and its number of faces.
    pub pips: Option<Vec<(u8, u8)>>,
}

/// The game as the referee keeps it.
pub struct GameView<'a> {
    pub variant: &'a str,
    pub start_fen: Option<&'a str>,
    pub steps: &'a [Step],
    pub position: &'a Position,
}

/// A request to act.
pub struct Turn<'a> {
    pub game: &'a GameView<'a>,
    /// The side to act (the mover, or at a choice the side that threw).
    pub actor: Color,
    /// Clocks by colour (White first).
    pub clocks: &'a [Clock; 2],
    /// When the referee stops waiting.
    pub deadline: Instant,
}

/// Why an engine lost without the rules deciding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Could not be started or stopped answering because it exited.
    Crashed(String),
    /// Gave no answer before the deadline.
    Silent,
    /// Answered something that is no move.
    Garbage(String),
    Resigned,
    /// Called a legal move of ours illegal.
    Refused(String),
    /// Cannot play this game (variant or dice unknown to it).
    Unsupported(String),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Crashed(e) => write!(f, "crashed ({e})"),
            Fault::Silent => write!(f, "no answer in time"),
            Fault::Garbage(l) => write!(f, "sent garbage: '{l}'"),
            Fault::Resigned => write!(f, "resigned"),
            Fault::Refused(l) => write!(f, "refused a legal move: '{l}'"),
            Fault::Unsupported(e) => write!(f, "cannot play this game: {e}"),
        }
    }
}

impl From<super::engine_process::ProcessError> for Fault {
    fn from(e: super::engine_process::ProcessError) -> Fault {
        match e {
            super::engine_process::ProcessError::Timeout => Fault::Silent,
            other => Fault::Crashed(other.to_string()),
        }
    }
}

/// An engine in a game.
pub trait Player: Send {
    /// The engine's own name (from `id name` or `myname`), if it gave one.
    fn id_name(&self) -> Option<&str>;
    /// Sets up a game (the opening's tokens are already in `game.steps`).
    fn new_game(&mut self, game: &GameView, limits: &Limits) -> Result<(), Fault>;
    /// Hears at once the throw that follows its own move (XBoard: the
    /// engine asked with `dice` and waits for `pips`); others hear throws
    /// when they next act.
    fn heard_own_throw(&mut self, _game: &GameView) -> Result<(), Fault> {
        Ok(())
    }
    /// The engine's next token: a move, or a choice after its throw.
    fn act(&mut self, turn: &Turn) -> Result<String, Fault>;
    /// Whether it plays its own approximation of our rules (a peer such as
    /// Fairy-Stockfish in Wolf Chess): its illegal moves are then counted
    /// apart from the games decided on the board.
    fn approximate_rules(&self) -> bool {
        false
    }
    /// Whether it can be told the opponent's move `m` (legal in `pos`): a
    /// peer whose rules lack the move cannot follow the game past it.
    fn knows(&self, _pos: &Position, _m: Move) -> bool {
        true
    }
    /// Tells the engine the result (`1-0`, `0-1`, `1/2-1/2`) and stops it.
    fn end_game(self: Box<Self>, result: &str, reason: &str);
}

/// Starts an engine for a game of `variant` and does the handshake.
pub fn start(spec: &EngineSpec, variant: &str, log: IoLog) -> Result<Box<dyn Player>, Fault> {
    match spec.protocol {
        Protocol::Uci => Ok(Box::new(uci_client::UciClient::start(spec, variant, log)?)),
        Protocol::Xboard => Ok(Box::new(xboard_client::XboardClient::start(
            spec, variant, log,
        )?)),
    }
}
