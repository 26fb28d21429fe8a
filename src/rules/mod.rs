//! The rules core: boards, pieces, games as data, positions, move
//! generation, notation and the dice. Search, protocols, referee and
//! self-play use it; it uses none of them.

pub mod action;
pub mod betza;
pub mod bitboard;
pub mod chance;
pub mod compile;
pub mod def;
pub mod dice;
pub mod display;
pub mod faces;
pub mod fen;
pub mod geometry;
pub mod kind_info;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod pips;
pub mod position;
pub mod square;
pub mod status;
pub mod tables;
pub mod variant;
pub mod variants;
pub mod zobrist;
