//! Protocol layer for the menagerie engine.
//!
//! Everything needed to talk to a GUI over the XBoard (CECP v2) and UCI
//! protocols: each line of input is parsed into a typed command, and each
//! reply is formatted from a typed value, so that the engine itself never
//! deals with raw text and never prints.
//!
//! - [`uci`]: [`parse_uci`] gives a [`UciCommand`]; [`UciReply`] prints.
//! - [`xboard`]: [`parse_xboard`] gives an [`XboardCommand`];
//!   [`XboardReply`] prints.
//! - [`ProtocolError`]: why a line is not a command, as a one-line message.
//! - [`OptionType`]: an engine option, announced in either protocol.
//! - [`square`]: zero-based `(file, rank)` coordinates and the square names
//!   used in move text (`a1` to `l10` on the largest, 12 x 10, board).
//!
//! The crate knows no game: moves, squares and FENs stay text, for the
//! engine to check against the rules core.
//!
//! ```
//! use engine_protocol::{parse_uci, parse_xboard, UciCommand, UciReply, XboardCommand};
//!
//! assert_eq!(parse_uci("isready"), Ok(UciCommand::IsReady));
//! assert_eq!(UciReply::ReadyOk.to_string(), "readyok");
//! assert_eq!(parse_xboard("ping 3"), Ok(XboardCommand::Ping(3)));
//! ```

#![warn(missing_docs)]

pub mod error;
pub mod options;
pub mod square;
mod text;
mod tokens;
pub mod uci;
pub mod xboard;

pub use error::ProtocolError;
pub use options::OptionType;
pub use square::{shift_rank_numbers, square_len, SquareError, SquareName};
pub use uci::{
    parse_uci, BadLimit, GoParams, ScoreBound, ScoreValue, StartPosition, UciCommand, UciInfo,
    UciReply, UciScore,
};
pub use xboard::{
    looks_like_move, parse_xboard, xboard_option, FeatureValue, GameResult, MoveSelection, Pip,
    XboardCommand, XboardReply,
};
