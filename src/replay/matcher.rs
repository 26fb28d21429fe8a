//! Finds the legal move a SAN token names: every part the token gives
//! (piece letter, origin, legs, capture mark, promotion) must fit the
//! move, in XBoard's letters and square numbers from the `Dialect`.

use super::san::{Leg, Origin, PieceLetter, Promotion, SanMove, SanSquare};
use crate::rules::moves::{Move, MoveKind};
use crate::rules::piece::Kind;
use crate::rules::position::Position;
use crate::rules::square::Square;
use crate::xboard::Dialect;

/// Why no single move fits a token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    NoMove,
    /// Several moves fit.
    Several(Vec<Move>),
    /// Several moves fit, and not one of them alone is XBoard's: their
    /// texts in UCI form.
    Texts(Vec<String>),
}

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchError::NoMove => write!(f, "no legal move matches"),
            MatchError::Several(moves) => write!(f, "ambiguous: {} legal moves match", moves.len()),
            MatchError::Texts(moves) => {
                write!(f, "ambiguous: {} legal moves match", moves.join(", "))
            }
        }
    }
}

/// Whether the moves differ only in the piece promoted to: what a token
/// without a promotion names for a type XBoard writes none for.
pub fn promotions_only(moves: &[Move]) -> bool {
    moves
        .iter()
        .all(|m| m.promotion().is_some() && m.from() == moves[0].from() && m.to() == moves[0].to())
}

/// The one legal move the token names.
pub fn find_move(pos: &Position, dialect: &Dialect, san: &SanMove) -> Result<Move, MatchError> {
    let fits = Fit { pos, dialect };
    let found: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| fits.san(san, m))
        .collect();
    match found[..] {
        [m] => Ok(m),
        [] => Err(MatchError::NoMove),
        _ => Err(MatchError::Several(found)),
    }
}

/// For a move whose promotion waits for the throw, the piece its token
/// gives (`a8=Q`), to play when the promotion falls due.
pub fn san_promotion(pos: &Position, dialect: &Dialect, san: &SanMove, m: Move) -> Option<Kind> {
    let SanMove::Move {
        promotion: Some(Promotion::To(p)),
        ..
    } = san
    else {
        return None;
    };
    let fits = Fit { pos, dialect };
    let later = pos.promotions_after_throw(m);
    later.iter().copied().find(|&kind| fits.letter(*p, kind))
}

struct Fit<'a> {
    pos: &'a Position,
    dialect: &'a Dialect,
}

impl Fit<'_> {
    fn san(&self, san: &SanMove, m: Move) -> bool {
        match san {
            SanMove::Castle { long } => self.castle(*long, m),
            SanMove::Drop { piece, to } => {
                m.kind() == MoveKind::Drop
                    && self.letter(*piece, m.drop_kind())
                    && self.square(*to, m.to())
            }
            SanMove::Move {
                piece,
                origin,
                legs,
                promotion,
            } => {
                m.kind() != MoveKind::Drop
                    && self.mover(*piece, m)
                    && self.origin(*origin, m.from())
                    && self.legs(legs, m)
                    && self.promotion(*promotion, m)
            }
        }
    }

    fn castle(&self, long: bool, m: Move) -> bool {
        let g = &self.pos.variant().geometry();
        m.kind() == MoveKind::Castle && (g.file_of(m.to()) < g.file_of(m.from())) == long
    }

    /// No letter: XBoard's Pawn type.
    fn mover(&self, piece: Option<PieceLetter>, m: Move) -> bool {
        let Some(kind) = self.pos.piece_at(m.from()).map(|p| p.kind()) else {
            return false;
        };
        match piece {
            Some(p) => self.letter(p, kind),
            None => self.dialect.is_xboard_pawn(kind),
        }
    }

    /// Whether XBoard's letter names the kind. XBoard never sees a piece
    /// turn into its `+` form (a waking is not shown), so a
    /// plain letter also names the `+` kinds of that letter, renamed or not.
    fn letter(&self, p: PieceLetter, kind: Kind) -> bool {
        let text = self.dialect.piece_text(kind);
        let def = &self.pos.variant().piece(kind);
        let plus = format!("+{}", p.letter);
        let same_base = def.plus && def.letter == p.letter;
        if p.promoted {
            text == plus || same_base
        } else {
            text == p.letter.to_string() || text == plus || same_base
        }
    }

    fn origin(&self, origin: Origin, from: Square) -> bool {
        let g = &self.pos.variant().geometry();
        let file = origin.file.is_none_or(|f| f == g.file_of(from));
        let rank = origin
            .rank
            .is_none_or(|r| self.dialect.rank_from_xboard(r) == Some(g.rank_of(from)));
        file && rank
    }

    fn square(&self, s: SanSquare, sq: Square) -> bool {
        let g = &self.pos.variant().geometry();
        s.file == g.file_of(sq) && self.dialect.rank_from_xboard(s.rank) == Some(g.rank_of(sq))
    }

    /// One leg names the destination (a two-leg move XBoard took as a plain
    /// move included); two legs name the middle square too. A move marked
    /// `x` must capture; an unmarked one must not capture on its
    /// destination (XBoard marks what its board holds there: an en passant
    /// it did not know of, or a first leg's capture, may go unmarked).
    /// An en passant we write in two legs (through the victim's square,
    /// where a quiet move of the piece also reaches the target) reaches
    /// XBoard leg by leg, and XBoard writes both: one leg is the quiet move.
    fn legs(&self, legs: &[Leg], m: Move) -> bool {
        let in_two_legs = self.pos.en_passant_in_two_legs(m);
        let squares = match legs {
            [last] => !in_two_legs && self.square(last.to, m.to()),
            [first, last] => {
                self.middle(m).is_some_and(|via| self.square(first.to, via))
                    && self.square(last.to, m.to())
            }
            _ => false,
        };
        let marked = legs.iter().any(|l| l.capture);
        let (anywhere, at_end) = self.captures(m);
        squares && if marked { anywhere } else { !at_end }
    }

    /// The square between the legs of a move that has one.
    fn middle(&self, m: Move) -> Option<Square> {
        matches!(m.kind(), MoveKind::TwoLeg | MoveKind::EnPassant).then(|| m.extra())
    }

    /// Whether the move captures at all, and on its destination.
    fn captures(&self, m: Move) -> (bool, bool) {
        let enemy = |sq: Square| {
            self.pos
                .piece_at(sq)
                .is_some_and(|p| p.color() != self.pos.side_to_move())
        };
        let at_end = !matches!(m.kind(), MoveKind::Drop | MoveKind::Castle) && enemy(m.to());
        let elsewhere = match m.kind() {
            MoveKind::EnPassant => true,
            MoveKind::TwoLeg => enemy(m.extra()),
            _ => false,
        };
        (at_end || elsewhere, at_end)
    }

    /// XBoard 4.9.1 writes a promotion's piece only for its Pawn type: a
    /// token without one fits every promotion of another type's move (Wolf
    /// Chess's Sergeant), which the replay then tries in turn.
    fn promotion(&self, promotion: Option<Promotion>, m: Move) -> bool {
        // A promotion that waits for the throw is written with its piece.
        let later = self.pos.promotions_after_throw(m);
        if let (Some(Promotion::To(p)), false) = (promotion, later.is_empty()) {
            return later.iter().any(|&kind| self.letter(p, kind));
        }
        match (promotion, m.promotion()) {
            (None, None) => true,
            (None, Some(_)) => self
                .pos
                .piece_at(m.from())
                .is_some_and(|p| !self.dialect.is_xboard_pawn(p.kind())),
            (Some(Promotion::To(p)), Some(kind)) => self.letter(p, kind),
            (Some(Promotion::Plus), Some(kind)) => self.pos.variant().piece(kind).plus,
            _ => false,
        }
    }
}
