//! The rules core: boards, pieces, games as data, positions, move
//! generation, notation and the dice. Search, protocols, referee and
//! self-play use it through the public modules and the methods of
//! `Variant` and `Position` (`facts.rs` gathers the questions they may ask);
//! the compiled tables, the move generator and the compiler stay private.
//! It uses nothing outside it.

pub mod action;
pub mod betza;
pub mod bitboard;
mod chance;
mod compile;
mod compile_facts;
mod compile_modes;
pub mod def;
mod display;
mod en_passant;
pub mod faces;
mod facts;
pub mod fen;
mod fen_read;
pub mod game_text;
pub mod geometry;
mod kind_info;
mod move_effects;
mod movegen;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod piece;
mod pips;
pub mod position;
mod reach;
mod special_moves;
pub mod square;
pub mod status;
mod tables;
pub mod variant;
pub mod variants;
mod zobrist;

pub use chance::ActionError;
