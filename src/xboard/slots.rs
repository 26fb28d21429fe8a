//! Which of XBoard's piece types (and so which picture) stands for each of
//! our kinds.
//!
//! XBoard 4.9 has a fixed list of piece types, each with its own picture;
//! `setup (PIECETOCHAR) ...` gives each type its letter, the last letter of
//! each colour being the king. A `+` in the table marks the promoted form
//! of the type 11 places before it (`+N`). We pick types by how our pieces
//! move, so that a Nightrider looks like one.
//!
//! The kinds are placed in steps, each step taking only types the earlier
//! ones left: the pawns, pictures by movement, promoted forms next to their
//! base, any free type; last, in games with hands, droppable kinds move
//! within XBoard's hand.

use crate::rules::def::PieceDef;
use crate::rules::piece::Kind;
use crate::rules::variant::Variant;

/// XBoard 4.9's piece types in order (white), by their default letter: the
/// table a `setup` command's PIECETOCHAR rewrites. The king comes last.
pub(super) const TYPES: &str = "PNBRQFEACWMOHIJGDVLSU";
/// XBoard's Man (a commoner's picture): the type of a second kind that
/// promotes (Wolf Chess's Sergeant, a forward Man).
pub(super) const MAN: usize = 10;
/// XBoard's Lance, which no kind of ours takes: 4.9.1 moves it as a Pawn,
/// and takes its diagonal step onto an empty square for en passant (also
/// with Test Legality off, onto the file of a double step just made),
/// removing the piece behind (`scripts/xboard-lance-ep.sh`).
pub(super) const LANCE: usize = 18;
/// Distance from a type to its promoted form (XBoard's `PROMOTED`).
pub(super) const PROMOTED_OFFSET: usize = 11;
/// XBoard's Queen: the piece a promotion sweep starts from.
pub(super) const QUEEN: usize = 4;
/// A type XBoard 4.9.1's promotion sweep never offers (found by trial:
/// Hubbub's Gryphon there could not be chosen).
pub(super) const NOT_SWEPT: usize = 15;

/// The types whose picture fits a move pattern (our Betza, canonical).
const PICTURES: &[(&str, char)] = &[
    ("N", 'N'),
    ("B", 'B'),
    ("R", 'R'),
    ("Q", 'Q'),
    ("F", 'F'),
    ("A", 'E'),
    ("QNN", 'E'),
    ("BN", 'A'),
    ("RN", 'C'),
    ("W", 'W'),
    ("K", 'M'),
    ("NN", 'H'),
    ("N0", 'H'),
];

/// The type each kind takes, and which types are taken.
pub(super) struct Slots {
    /// Each kind's type (an index into `TYPES`), or none: the king (its
    /// type is the table's last letter) or a kind no type was left for.
    plan: Vec<Option<usize>>,
    /// The types a kind holds.
    taken: [bool; TYPES.len()],
    /// The kind on XBoard's King type.
    king: Option<usize>,
}

/// What the steps ask of the game's kinds, worked out once.
struct Facts<'a> {
    v: &'a Variant,
    king: Option<usize>,
    /// The kinds a pawn promotes to, a bit each.
    targets: u32,
    /// A game with promoted forms keeps their types free.
    reserve_promoted: bool,
    /// A kind moves as a Queen (and so keeps the Queen's type).
    queen_by_moves: bool,
}

impl<'a> Facts<'a> {
    fn of(v: &'a Variant) -> Facts<'a> {
        let n = v.kind_count();
        let piece = |k: usize| v.piece(k as Kind);
        Facts {
            v,
            king: king_kind(v),
            targets: (0..n)
                .filter(|&k| v.promoters() >> k & 1 != 0)
                .flat_map(|k| v.promotions(k as Kind).iter().copied())
                .fold(0u32, |set, t| set | 1 << t),
            reserve_promoted: (0..n).any(|k| piece(k).plus),
            queen_by_moves: (0..n).any(|k| piece(k).betza == "Q"),
        }
    }

    fn kinds(&self) -> std::ops::Range<usize> {
        0..self.v.kind_count()
    }

    fn piece(&self, k: usize) -> &'a PieceDef {
        self.v.piece(k as Kind)
    }

    fn is_king(&self, k: usize) -> bool {
        Some(k) == self.king
    }

    fn is_target(&self, k: usize) -> bool {
        self.targets >> k & 1 != 0
    }
}

/// The kind that takes XBoard's King type (its picture, and the piece its
/// check and mate tests look for): the King XBoard's board holds. In
/// Truffle Hunt that is the sleeping one, since XBoard never sees a piece
/// wake (a King of another type leaves XBoard without a king, and it
/// marks every move as mate).
fn king_kind(v: &Variant) -> Option<usize> {
    (0..v.kind_count()).find(|&k| {
        let d = &v.piece(k as Kind);
        d.royal && (v.royal_kinds().count_ones() == 1 || !d.plus)
    })
}

/// Whether a kind goes into XBoard's hand.
fn droppable(v: &Variant, k: usize) -> bool {
    !v.piece(k as Kind).plus && v.can_drop(k as Kind)
}

impl Slots {
    /// Places every kind but the king, step by step.
    pub(super) fn new(v: &Variant) -> Slots {
        let facts = Facts::of(v);
        let mut slots = Slots {
            plan: vec![None; v.kind_count()],
            taken: [false; TYPES.len()],
            king: facts.king,
        };
        slots.place_promoters(&facts);
        slots.place_by_pictures(&facts);
        slots.place_promoted_forms(&facts);
        slots.place_anywhere(&facts);
        if v.uses_hands() {
            slots.bring_droppables_within_reach(&facts);
        }
        slots
    }

    /// A kind's type, if it has one.
    pub(super) fn of(&self, k: usize) -> Option<usize> {
        self.plan[k]
    }

    /// The kind on XBoard's King type.
    pub(super) fn king(&self) -> Option<usize> {
        self.king
    }

    /// The highest type taken.
    pub(super) fn last(&self) -> Option<usize> {
        self.plan.iter().flatten().copied().max()
    }

    /// Whether a kind sits on a promoted form's type (`+X` in the table).
    pub(super) fn on_promoted_type(&self, k: usize) -> bool {
        self.plan[k].is_some_and(|s| s >= PROMOTED_OFFSET)
    }

    /// XBoard holds the first S types in hand: enough to reach every kind
    /// that can be dropped (0 in games without hands).
    pub(super) fn holdings(&self, v: &Variant) -> u32 {
        if !v.uses_hands() {
            return 0;
        }
        (0..v.kind_count())
            .filter(|&k| droppable(v, k))
            .filter_map(|k| self.plan[k])
            .map(|s| s as u32 + 1)
            .max()
            .unwrap_or(0)
    }

    fn take(&mut self, k: usize, i: usize) {
        self.plan[k] = Some(i);
        self.taken[i] = true;
    }

    /// Whether kind `k` may take type `i`: free, not the Lance, and for a
    /// pawn's promotion not a type XBoard's promotion sweep skips.
    fn free_for(&self, facts: &Facts, k: usize, i: usize) -> bool {
        !self.taken[i] && i != LANCE && !(facts.is_target(k) && i == NOT_SWEPT)
    }

    /// The pawn first. A second kind that promotes (Wolf Chess's Sergeant)
    /// takes the Man, not the Lance: XBoard 4.9.1 with Test Legality on
    /// lets only its Pawn and Lance types promote, but it moves a Lance as
    /// a Pawn, taking a diagonal step onto an empty square for en passant.
    /// With Test Legality off it applies an engine's promotion to any type,
    /// and a person's where our `lift` answer marks the square as a
    /// promotion.
    fn place_promoters(&mut self, facts: &Facts) {
        for k in facts.kinds() {
            if facts.v.promoters() >> k & 1 == 0 || facts.is_king(k) {
                continue;
            }
            if let Some(i) = [0, MAN].into_iter().find(|&i| !self.taken[i]) {
                self.take(k, i);
            }
        }
    }

    /// Then the kinds (not promoted forms) whose picture we can choose.
    fn place_by_pictures(&mut self, facts: &Facts) {
        for k in facts.kinds() {
            if self.plan[k].is_some() || facts.is_king(k) || facts.piece(k).plus {
                continue;
            }
            if let Some(i) = self.picture(facts, k) {
                self.take(k, i);
            }
        }
    }

    /// A kind's picture: by its moves, else by its letter. A pawn's
    /// promotions must be types XBoard's promotion sweep offers, so one
    /// with no picture of its own may take the Queen's type when no piece
    /// moves as a Queen. The promoted forms' types are kept for them.
    fn picture(&self, facts: &Facts, k: usize) -> Option<usize> {
        let d = facts.piece(k);
        let kept_for_promoted = |i: usize| facts.reserve_promoted && i >= PROMOTED_OFFSET;
        let free = |i: &usize| self.free_for(facts, k, *i) && !kept_for_promoted(*i);
        let by_moves = PICTURES
            .iter()
            .find(|(b, _)| *b == d.betza)
            .and_then(|(_, c)| TYPES.find(*c));
        let queen = (facts.is_target(k) && !facts.queen_by_moves).then_some(QUEEN);
        by_moves
            .filter(free)
            .or_else(|| TYPES.find(d.letter).filter(free))
            .or_else(|| queen.filter(free))
    }

    /// Promoted forms (`+X`) next to their base type when they can be.
    fn place_promoted_forms(&mut self, facts: &Facts) {
        for k in facts.kinds() {
            if self.plan[k].is_some() || facts.is_king(k) || !facts.piece(k).plus {
                continue;
            }
            let letter = facts.piece(k).letter;
            let base = facts.kinds().find(|&b| {
                let bd = facts.piece(b);
                !bd.plus && bd.letter == letter
            });
            let promoted = base
                .and_then(|b| self.plan[b])
                .map(|s| s + PROMOTED_OFFSET)
                .filter(|&i| i < TYPES.len() && !self.taken[i] && i != LANCE);
            if let Some(i) = promoted {
                self.take(k, i);
            }
        }
    }

    /// Whatever is left takes the first free type (never the Pawn's).
    fn place_anywhere(&mut self, facts: &Facts) {
        for k in facts.kinds() {
            if self.plan[k].is_some() || facts.is_king(k) {
                continue;
            }
            if let Some(i) = (1..TYPES.len()).find(|&i| self.free_for(facts, k, i)) {
                self.take(k, i);
            }
        }
    }

    /// XBoard's hand shows the first types, one square of the board's
    /// height each: a kind that can be dropped moves to a free type within
    /// the height (its picture is then another's), or XBoard draws a
    /// taller board than ours.
    fn bring_droppables_within_reach(&mut self, facts: &Facts) {
        let reach = (facts.v.geometry().height() as usize).min(PROMOTED_OFFSET);
        for k in facts.kinds() {
            let Some(old) = self.plan[k] else { continue };
            if old < reach || !droppable(facts.v, k) {
                continue;
            }
            if let Some(i) = (1..reach).find(|&i| self.free_for(facts, k, i)) {
                self.taken[old] = false;
                self.take(k, i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variants;

    #[test]
    fn every_game_gives_each_kind_a_type_of_its_own() {
        // XBoard draws a kind only through its type: two kinds on one type
        // would look alike, and a kind with none could not be shown.
        for name in variants::builtin_names() {
            let name = name.as_str();
            let v = variants::load(name).expect("variant");
            let slots = Slots::new(&v);
            let mut holders = [0; TYPES.len()];
            for k in 0..v.kind_count() {
                match slots.of(k) {
                    Some(i) => holders[i] += 1,
                    None => assert_eq!(slots.king(), Some(k), "{name}: kind {k}"),
                }
            }
            for (i, &count) in holders.iter().enumerate() {
                assert!(count <= 1, "{name}: {count} kinds on type {i}");
                assert_eq!(slots.taken[i], count == 1, "{name}: type {i}");
            }
            assert!(slots.king().is_some_and(|k| v.piece(k as Kind).royal) || v.royal_kinds() == 0);
        }
    }

    #[test]
    fn promoting_kinds_and_their_promotions_sit_where_xboard_lets_them() {
        // Only the Pawn and Man types promote under Test Legality (the
        // Lance moves as a Pawn), and a promotion must be on a type the
        // promotion sweep offers.
        for name in variants::builtin_names() {
            let name = name.as_str();
            let v = variants::load(name).expect("variant");
            let slots = Slots::new(&v);
            let facts = Facts::of(&v);
            for k in 0..v.kind_count() {
                let Some(i) = slots.of(k) else { continue };
                if v.promoters() >> k & 1 != 0 {
                    assert!(i == 0 || i == MAN, "{name}: promoter {k} on type {i}");
                }
                if facts.is_target(k) {
                    assert_ne!(i, NOT_SWEPT, "{name}: promotion {k}");
                }
            }
        }
    }
}
