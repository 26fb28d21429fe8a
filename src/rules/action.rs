//! A step of a game: a move, a throw of the dice, or a choice after a throw.

use crate::rules::moves::Move;
use crate::rules::piece::Kind;
use crate::rules::square::Square;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Action {
    Move(Move),
    /// The dice thrown: two as the game reads them (larger first, or in
    /// order when they are told apart); one die is `Roll(a, 0)`.
    Roll(u8, u8),
    /// The mode (index into the game's) chosen after a throw that offers
    /// a choice.
    Choose(u8),
    /// A pass, only inside the search (null-move pruning).
    Null,
    /// A hunter's throws for a counter on its square (Truffle Hunt's pigs
    /// and truffles): not found, found and eaten, found and kept.
    Find(Find),
    /// Wake the inactive piece on this square, or stop waking (`None`).
    Activate(Option<Square>),
    /// What the piece whose promotion waits for the throw becomes.
    Promote(Kind),
}

/// What a hunter's throws found.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Find {
    No,
    Eat,
    Keep,
}
