//! The moves XBoard's own rules know: our game without the moves the
//! `piece` commands cannot describe to XBoard (teleports, two-leg first
//! moves; dice leapers are their start leaper), and lame leaps blocked by
//! any piece, as XBoard's `n` is. XBoard adds an origin to a
//! SAN move only when another move it knows ends on the same square, so a
//! token that several of our moves fit names the one XBoard knows. XBoard
//! also marks checks and mates by this picture of the pieces (a dice
//! leaper checks as its start leaper), so a mark the rules do not see may
//! be one XBoard sees.

use super::san::Mark;
use crate::rules::moves::Move;
use crate::rules::outcome::{Ending, Outcome};
use crate::rules::position::Position;
use crate::rules::variant::Variant;
use crate::rules::variants;
use crate::xboard::Dialect;
use std::sync::Arc;

/// The game as XBoard sees it, built on first use.
#[derive(Default)]
pub struct XboardView {
    variant: Option<Arc<Variant>>,
}

impl XboardView {
    /// Of `moves` (legal here), those XBoard's rules also make.
    pub fn known(&mut self, pos: &Position, dialect: &Dialect, moves: &[Move]) -> Vec<Move> {
        let Some(seen) = self.seen(pos, dialect) else {
            return Vec::new();
        };
        let theirs = seen.legal_moves();
        moves
            .iter()
            .copied()
            .filter(|m| theirs.as_slice().contains(m))
            .collect()
    }

    /// The mark XBoard's picture of the pieces gives the side to move
    /// here: mated, in check, or neither.
    pub fn mark(&mut self, pos: &Position, dialect: &Dialect) -> Mark {
        let Some(seen) = self.seen(pos, dialect) else {
            return Mark::None;
        };
        if matches!(seen.outcome(), Some(Outcome::Win(_, Ending::Checkmate))) {
            Mark::Mate
        } else if seen.in_check() {
            Mark::Check
        } else {
            Mark::None
        }
    }

    /// The position as XBoard sees it: the board in XBoard's FEN fields
    /// only (dice leapers at their start leaper, nothing pending), under
    /// XBoard's rules. In that picture the side that just moved may stand
    /// in check (a dice knight of the side to move attacks its King as a
    /// Knight), which XBoard does not mind.
    fn seen(&mut self, pos: &Position, dialect: &Dialect) -> Option<Position> {
        let view = self.variant(pos)?;
        let board = dialect.fen_from_xboard(&dialect.fen_to_xboard(&pos.to_fen()));
        Position::from_fen_allowing_opponent_check(view, &board).ok()
    }

    fn variant(&mut self, pos: &Position) -> Option<Arc<Variant>> {
        if self.variant.is_none() {
            let mut def = variants::definition(pos.variant().name())?;
            for piece in &mut def.pieces {
                piece.teleport_ranks = Vec::new();
                piece.two_leg_initial = None;
                // XBoard's lame leaps (`n`) stop at any piece in the way.
                piece.lame_passable = Vec::new();
            }
            self.variant = Variant::load(def).ok();
        }
        self.variant.clone()
    }
}
