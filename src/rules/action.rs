//! A step of a game: a move, a throw of the dice, or a choice after a throw.

use crate::rules::dice::Leaper;
use crate::rules::moves::Move;
use crate::rules::square::Square;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Action {
    Move(Move),
    /// The dice thrown, larger first.
    Roll(u8, u8),
    /// The leaper chosen after a throw that offers a choice.
    Choose(Leaper),
    /// A pass, only inside the search (null-move pruning).
    Null,
    /// A pig's truffle throws: not found, found and eaten, found and kept.
    Truffle(TruffleFind),
    /// Wake the inactive piece on this square, or stop waking (`None`).
    Activate(Option<Square>),
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TruffleFind {
    No,
    Eat,
    Keep,
}
