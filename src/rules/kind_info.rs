//! What the move generator knows of each kind, compiled from its `PieceDef`.

use crate::rules::betza::Atom;
use crate::rules::bitboard::Bitboard;
use crate::rules::def::PieceDef;
use crate::rules::piece::Kind;

/// Per-kind facts the move generator needs, compiled from the `PieceDef`.
#[derive(Clone, Debug)]
pub struct KindInfo {
    pub(in crate::rules) def: PieceDef,
    pub(in crate::rules) atoms: Vec<Atom>,
    pub(in crate::rules) promotions: Vec<Kind>,
    /// Per colour: squares where a move ending there must promote, and
    /// where it may (both empty for a kind that never promotes).
    pub(in crate::rules) must_promote: [Bitboard; 2],
    pub(in crate::rules) may_promote: [Bitboard; 2],
    /// Kinds (bit mask) this kind may not capture.
    pub(in crate::rules) cannot_capture: u32,
    /// Squares it may jump to when empty, per colour.
    pub(in crate::rules) teleport: [Bitboard; 2],
    /// Where it goes when captured: the first entry whose capturers (a
    /// set of kinds) hold the capturer; none: out of the game.
    pub(in crate::rules) fates: Vec<(u32, CaptureFate)>,
}

/// `def::Fate` with its symbol resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::rules) enum CaptureFate {
    Gone,
    CapturersHand,
    OwnersHand(Kind),
    CapturersHandAs(Kind),
}
