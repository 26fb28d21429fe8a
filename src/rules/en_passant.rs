//! The chance to take en passant that a double step or a two-step
//! leaves for one move.

use crate::rules::def::TwoSteps;
use crate::rules::square::Square;
use crate::rules::zobrist::keys;

/// The square a pawn passed over on its double step, and where it stands.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct EnPassant {
    pub target: Square,
    pub victim: Square,
    /// Where the two-step started and what its legs did, kept in a game
    /// where en passant depends on that (`Variant::ep_by_legs`).
    pub two_step: Option<(Square, TwoSteps)>,
}

impl EnPassant {
    /// Its part of the position's hash.
    pub(in crate::rules) fn key(&self) -> u64 {
        let k = keys();
        let legs = self
            .two_step
            .map_or(0, |(_, legs)| k.two_step_legs[legs.bits()]);
        k.en_passant[self.target.index()] ^ legs
    }
}
