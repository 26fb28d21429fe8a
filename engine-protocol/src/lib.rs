//! Protocol layer for the menagerie engine.
//!
//! This crate will hold everything needed to talk to a GUI: the XBoard
//! (CECP v2) and UCI protocols, with each line of input parsed into a typed
//! command and each reply formatted from a typed value, so that the engine
//! itself never deals with raw text.
//!
//! For now it provides [`square`], the conversion between zero-based
//! `(file, rank)` board coordinates and the square names used in UCI and
//! XBoard move text (`a1` to `l10` on the largest, 12 x 10, board).

pub mod square;

pub use square::{SquareError, SquareName};
