//! menagerie: a chess-variant engine whose games are data.
//!
//! A game is a `VariantDef` table (board, pieces in Betza notation, start
//! position, promotion, castling, game end) validated and compiled into a
//! `Variant`; `Position` holds a game's state and generates its legal moves.

pub mod action;
pub mod bench;
pub mod betza;
pub mod bitboard;
pub mod chance;
pub mod dice;
pub mod display;
pub mod engine;
pub mod fen;
pub mod geometry;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod pips;
pub mod position;
pub mod referee;
pub mod replay;
pub mod search;
pub mod selfplay;
pub mod square;
pub mod status;
pub mod tables;
pub mod text_lines;
pub mod uci;
pub mod variant;
pub mod variants;
pub mod xboard;
pub mod zobrist;
