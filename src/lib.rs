//! menagerie: a chess-variant engine whose games are data.
//!
//! A game is a `VariantDef` table (board, pieces in Betza notation, start
//! position, promotion, castling, game end) validated and compiled into a
//! `Variant`; `Position` holds a game's state and generates its legal moves.

pub mod bench;
pub mod dice;
pub mod engine;
pub mod file_input;
pub mod gui;
pub mod referee;
pub mod replay;
pub mod replies;
pub mod rules;
pub mod search;
pub mod selfplay;
pub mod text_lines;
pub mod tune;
pub mod uci;
pub mod xboard;
