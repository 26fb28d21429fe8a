//! Legal move generation for every variant, driven by the compiled tables.
//!
//! Moves are produced in bulk per piece as target sets (so counting the
//! moves at the last ply of perft is a popcount). Legality: the checkers and
//! the pinned pieces are found once per position from the enemy's ray
//! tables, and so are the delicate squares (where a move may change a lame
//! leap's or a two-leg pawn's attack on the king); then only king moves,
//! en passant, two-leg moves that capture with their first leg and moves
//! that touch a delicate square are tested one by one by asking whether the
//! king would be attacked on the board the move leaves.

use crate::rules::bitboard::Bitboard;
use crate::rules::moves::{Move, MoveKind, MoveList};
use crate::rules::piece::Kind;
use crate::rules::position::Position;
use crate::rules::square::{Color, Square};
use crate::rules::tables::{RayAttack, Rays, MAX_GROUPS};
use crate::rules::variant::ModeTables;

mod by_kind;

pub(in crate::rules) use by_kind::{
    LEGAL_ONLY, NO_QUIETS, PLAIN_MOVES, PSEUDO_LEGAL, RICH_MOVES, WITH_QUIETS,
};

/// Where generated moves go: a list, or just a count.
pub trait MoveSink {
    fn add(&mut self, m: Move);
    fn add_targets(&mut self, from: Square, targets: Bitboard);
    fn add_promotions(&mut self, from: Square, targets: Bitboard, kinds: &[Kind]);
    /// Moves of `kind` to each of `targets` from the square `offset` cells
    /// back, each with every promotion of `promotions` if there are any.
    fn add_shifted(&mut self, targets: Bitboard, offset: i32, kind: MoveKind, promotions: &[Kind]);
    /// Two-leg moves from `from` through `mid` to each of `targets`, each
    /// with every promotion of `promotions` where it ends in `zone`.
    fn add_two_legs(
        &mut self,
        from: Square,
        mid: Square,
        targets: Bitboard,
        zone: Bitboard,
        promotions: &[Kind],
    );
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn add_shifted(&mut self, targets: Bitboard, offset: i32, kind: MoveKind, promotions: &[Kind]) {
        for to in targets {
            let from = Square((to.0 as i32 - offset) as u8);
            let mut m = Move::new(from, to, kind);
            if kind == MoveKind::DoubleStep {
                m = m.with_extra(Square((from.0 as i32 + offset / 2) as u8));
            }
            add_with_promotions(self, m, promotions);
        }
    }
    #[inline(always)]
    fn add(&mut self, m: Move) {
        self.push(m);
    }
    #[inline(always)]
    fn add_two_legs(
        &mut self,
        from: Square,
        mid: Square,
        targets: Bitboard,
        zone: Bitboard,
        promotions: &[Kind],
    ) {
        for to in targets {
            let m = Move::new(from, to, MoveKind::TwoLeg).with_extra(mid);
            add_with_promotions(self, m, if zone.contains(to) { promotions } else { &[] });
        }
    }
    #[inline(always)]
    fn add_targets(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::new(from, to, MoveKind::Normal));
        }
    }
    #[inline(always)]
    fn add_promotions(&mut self, from: Square, targets: Bitboard, kinds: &[Kind]) {
        for to in targets {
            add_with_promotions(self, Move::new(from, to, MoveKind::Normal), kinds);
        }
    }
}

/// Counts moves without storing them.
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn add_shifted(&mut self, targets: Bitboard, _: i32, _: MoveKind, promotions: &[Kind]) {
        self.0 += targets.count() as u64 * promotions.len().max(1) as u64;
    }
    #[inline(always)]
    fn add(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn add_two_legs(
        &mut self,
        _: Square,
        _: Square,
        targets: Bitboard,
        zone: Bitboard,
        p: &[Kind],
    ) {
        let promoting = (targets & zone).count() as u64;
        self.0 += targets.count() as u64 + promoting * (p.len().max(1) as u64 - 1);
    }
    #[inline(always)]
    fn add_targets(&mut self, _: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn add_promotions(&mut self, _: Square, targets: Bitboard, kinds: &[Kind]) {
        self.0 += targets.count() as u64 * kinds.len().max(1) as u64;
    }
}

/// Adds `m`, or one move for each kind of `promotions` if there are any.
#[inline(always)]
pub(in crate::rules) fn add_with_promotions<S: MoveSink>(
    sink: &mut S,
    m: Move,
    promotions: &[Kind],
) {
    if promotions.is_empty() {
        sink.add(m);
    } else {
        for &p in promotions {
            sink.add(m.with_promotion(p));
        }
    }
}

/// Pins kept with their rays (eight: a king has eight lines in chess);
/// any beyond are tested move by move (`KingSafety::verify`).
const MAX_PINS: usize = 8;

/// A pinned piece, the ray from the king through it and the pinning piece:
/// four bytes, so that the record needs no large zeroing.
#[derive(Clone, Copy)]
struct Pin {
    pinned: Square,
    ray: u16,
    pinner: Square,
}

/// What legality needs to know about the side to move's king. Built in the
/// generator's frame (`king_safety_into`): returned by value, the record
/// was copied at every node.
struct KingSafety {
    king: Square,
    /// The enemy's pieces by attacker group.
    sets: AttackerSets,
    checkers: Bitboard,
    /// Squares a non-king move must land on: everything when not in check,
    /// the checker and the squares between when in single check.
    evasion: Bitboard,
    pinned: Bitboard,
    pins: [Pin; MAX_PINS],
    pin_count: usize,
    /// Pinned pieces whose pins did not fit in `pins`: tested move by move.
    verify: Bitboard,
    /// Squares where a non-king move may change an attack that is not along
    /// a line (a lame leap's path or attacker, a two-leg pawn's middle
    /// square or the pawn): a move that vacates, enters or captures on one
    /// is tested in full. Any other non-king move leaves those attacks as
    /// they are, so the check and pin masks decide it exactly.
    delicate: Bitboard,
}

impl KingSafety {
    const NONE: KingSafety = KingSafety {
        king: Square(0),
        sets: AttackerSets {
            sets: [Bitboard::EMPTY; MAX_GROUPS],
        },
        checkers: Bitboard::EMPTY,
        evasion: Bitboard::EMPTY,
        pinned: Bitboard::EMPTY,
        pins: [Pin {
            pinned: Square(0),
            ray: 0,
            pinner: Square(0),
        }; MAX_PINS],
        pin_count: 0,
        verify: Bitboard::EMPTY,
        delicate: Bitboard::EMPTY,
    };

    /// Where a non-king move from `from` may end by the check and pin masks.
    #[inline(always)]
    fn legal_ends(&self, rays: &Rays, from: Square) -> Bitboard {
        if self.pinned.contains(from) {
            self.evasion & self.pin_ray(rays, from)
        } else {
            self.evasion
        }
    }

    /// The squares a piece pinned on `sq` may move to: between the king and
    /// its pinner, the pinner included (within every pin, if several).
    #[inline(always)]
    fn pin_ray(&self, rays: &Rays, sq: Square) -> Bitboard {
        let mut ray = !Bitboard::EMPTY;
        for p in &self.pins[..self.pin_count] {
            if p.pinned == sq {
                ray &= rays.up_to(p.ray as usize, self.king, p.pinner);
            }
        }
        ray
    }
}

/// The piece a move puts down, seen by the attack test after the move:
/// whether it blocks a lame leap may depend on its kind (Truffle Hunt's pigs
/// pass over pigs and sleeping pieces, not over awake ones).
#[derive(Clone, Copy)]
pub(crate) struct Placed {
    square: Bitboard,
    kind: Kind,
}

impl Placed {
    /// No move: the board as it stands.
    pub(crate) const NONE: Placed = Placed {
        square: Bitboard::EMPTY,
        kind: 0,
    };

    /// A piece of `kind` put down on `sq`.
    pub(crate) fn at(sq: Square, kind: Kind) -> Placed {
        Placed {
            square: Bitboard::from_square(sq),
            kind,
        }
    }

    /// The squares of `occupied` whose pieces are of the `passable` kinds
    /// once the move is played: the board's such pieces that are still
    /// there, less whatever stood on the placed piece's square, plus the
    /// placed piece if it is of one of those kinds.
    #[inline(always)]
    fn passable_after(self, pos: &Position, passable: u32, occupied: Bitboard) -> Bitboard {
        let kept = pos.pieces_of_both(passable) & occupied & !self.square;
        if passable >> self.kind & 1 != 0 {
            kept | self.square
        } else {
            kept
        }
    }
}

/// The pieces of each attacker group of one colour (see `AttackTables::groups`).
pub(in crate::rules) struct AttackerSets {
    sets: [Bitboard; MAX_GROUPS],
}

impl Position {
    #[inline(always)]
    pub(in crate::rules) fn attacker_sets(&self, by: Color) -> AttackerSets {
        self.attacker_sets_in(self.mode_tables(by), by, !Bitboard::EMPTY)
    }

    /// The groups of `mode`'s attack tables, of `by`'s pieces on `among`.
    #[inline(always)]
    pub(in crate::rules) fn attacker_sets_in(
        &self,
        mode: &ModeTables,
        by: Color,
        among: Bitboard,
    ) -> AttackerSets {
        let groups = &mode.attacks[by.index()].groups;
        let mut sets = AttackerSets {
            sets: [Bitboard::EMPTY; MAX_GROUPS],
        };
        for (set, &kinds) in sets.sets.iter_mut().zip(groups) {
            *set = self.pieces_of_kinds(by, kinds) & among;
        }
        sets
    }

    /// Whether pieces of `by` (whose groups are `sets`) attack `target` with
    /// `occupied` as the board's occupancy, ignoring `removed` pieces, and
    /// with the piece `placed` put down by the move being tested.
    #[inline]
    pub(in crate::rules) fn attacked_by_sets(
        &self,
        target: Square,
        by: Color,
        sets: &AttackerSets,
        occupied: Bitboard,
        removed: Bitboard,
        placed: Placed,
    ) -> bool {
        let mode = self.mode_tables(by);
        let all = !Bitboard::EMPTY;
        self.attacked_in(mode, target, by, sets, occupied, removed, placed, all)
            || (self.variant.special_modes
                && mode.special()
                && self.special_attack(target, by, occupied, removed, placed))
    }

    /// The same, by the tables of `mode` alone, of the pieces on `among`
    /// (whose `sets` were taken so).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(in crate::rules) fn attacked_in(
        &self,
        mode: &ModeTables,
        target: Square,
        by: Color,
        sets: &AttackerSets,
        occupied: Bitboard,
        removed: Bitboard,
        placed: Placed,
        among: Bitboard,
    ) -> bool {
        let v = &*self.variant;
        let tables = &mode.attacks[by.index()];
        let alive = !removed;
        for l in &tables.leaps {
            let mut attackers = sets.sets[l.group] & alive;
            if l.initial {
                attackers &= self.unmoved;
            }
            if (l.from[target.index()] & attackers).any() {
                return true;
            }
        }
        let ray_hits = |r: &RayAttack, from: Bitboard| {
            let mut attackers = sets.sets[r.group] & alive & occupied & from;
            if r.initial {
                attackers &= self.unmoved;
            }
            (v.rays.mask(r.ray, target) & attackers).any()
                && v.rays
                    .first_blocker(r.ray, target, occupied)
                    .is_some_and(|b| attackers.contains(b))
        };
        if tables.rays.iter().any(|r| ray_hits(r, !Bitboard::EMPTY))
            || tables
                .bound_rays
                .iter()
                .any(|b| ray_hits(&b.attack, b.from))
        {
            return true;
        }
        if tables.has_lame {
            for l in &tables.lame[target.index()] {
                let passable = v.lame_passable[l.kinds.trailing_zeros() as usize];
                let blockers = if passable == 0 {
                    occupied
                } else {
                    occupied & !placed.passable_after(self, passable, occupied)
                };
                if (l.path & blockers).is_empty() {
                    let mut attackers = sets.sets[l.group] & alive;
                    if l.initial {
                        attackers &= self.unmoved;
                    }
                    if attackers.contains(l.from) {
                        return true;
                    }
                }
            }
        }
        if v.two_leg_kinds != 0 && self.two_leg_attack(target, by, occupied, alive, among) {
            return true;
        }
        false
    }

    /// Whether an unmoved two-leg piece of `by` could capture on `target`
    /// with the second leg of its first move (Carnival's Eurofighter pawn).
    #[inline(never)]
    fn two_leg_attack(
        &self,
        target: Square,
        by: Color,
        occupied: Bitboard,
        alive: Bitboard,
        among: Bitboard,
    ) -> bool {
        let v = &*self.variant;
        let allowed = self.mode_tables(by).two_steps;
        let (quiet_first, capture_first) =
            (allowed.allows(false, true), allowed.allows(true, true));
        if !quiet_first && !capture_first {
            return false;
        }
        let standing = self.ours(by) & alive & occupied;
        let defenders = occupied & !standing;
        let attackers = standing & among;
        let mut kinds = v.two_leg_kinds;
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let Some(legs) = &v.two_legs[by.index()][kind] else {
                continue;
            };
            let pawns = self.pieces(by, kind as Kind) & attackers & self.unmoved;
            if (legs.reach[target.index()] & pawns).is_empty() {
                continue;
            }
            for mid in legs.rev_capture[target.index()] {
                let first_leg = if !occupied.contains(mid) {
                    match quiet_first {
                        true => legs.rev_quiet[mid.index()],
                        false => Bitboard::EMPTY,
                    }
                } else if defenders.contains(mid) && capture_first {
                    legs.rev_capture[mid.index()]
                } else {
                    Bitboard::EMPTY
                };
                if (first_leg & pawns).any() {
                    return true;
                }
            }
        }
        false
    }

    /// Whether pieces of `by` attack `target` with `occupied` as the board's
    /// occupancy, ignoring `removed` pieces of `by` (captured ones).
    pub fn attacked_with(
        &self,
        target: Square,
        by: Color,
        occupied: Bitboard,
        removed: Bitboard,
    ) -> bool {
        let sets = self.attacker_sets(by);
        self.attacked_by_sets(target, by, &sets, occupied, removed, Placed::NONE)
    }

    /// Whether pieces of `by` attack `target` as the board stands.
    pub fn attacked(&self, target: Square, by: Color) -> bool {
        self.attacked_with(target, by, self.occupied(), Bitboard::EMPTY)
    }

    /// Whether the side to move's royal piece is attacked.
    pub fn in_check(&self) -> bool {
        match self.royal_square(self.side) {
            Some(k) => self.attacked(k, self.side.opposite()),
            None => false,
        }
    }

    /// Fills `s` with the safety of the side to move's royal piece on `king`.
    fn king_safety_into(&self, king: Square, s: &mut KingSafety) {
        let v = &*self.variant;
        let us = self.side;
        let them = us.opposite();
        let occ = self.occupied();
        let ours = self.ours(us);
        let tables = &self.mode_tables(them).attacks[them.index()];
        s.king = king;
        s.sets = self.attacker_sets(them);
        for l in &tables.leaps {
            let mut attackers = s.sets.sets[l.group];
            if l.initial {
                attackers &= self.unmoved;
            }
            let hits = l.from[king.index()] & attackers;
            s.checkers |= hits;
            s.evasion |= hits;
        }
        if tables.has_lame {
            for l in &tables.lame[king.index()] {
                let mut attackers = s.sets.sets[l.group];
                if l.initial {
                    attackers &= self.unmoved;
                }
                if !attackers.contains(l.from) {
                    continue;
                }
                // Blocked or not, a move on its path or attacker may change it.
                s.delicate |= l.path | Bitboard::from_square(l.from);
                let passable = v.lame_passable[l.kinds.trailing_zeros() as usize];
                let blockers = occ & !self.pieces_of_both(passable);
                if (l.path & blockers).is_empty() {
                    s.checkers.insert(l.from);
                    s.evasion |= l.path | Bitboard::from_square(l.from);
                }
            }
        }
        if v.two_leg_kinds != 0 {
            s.delicate |= self.two_leg_zone(king, them);
        }
        for r in &tables.rays {
            let mut attackers = s.sets.sets[r.group];
            if r.initial {
                attackers &= self.unmoved;
            }
            self.ray_on_king(s, r.ray, attackers, occ, ours);
        }
        for b in &tables.bound_rays {
            let mut attackers = s.sets.sets[b.attack.group] & b.from;
            if b.attack.initial {
                attackers &= self.unmoved;
            }
            self.ray_on_king(s, b.attack.ray, attackers, occ, ours);
        }
        if s.checkers.is_empty() {
            s.evasion = !Bitboard::EMPTY;
        } else if s.checkers.several() {
            s.evasion = Bitboard::EMPTY;
        }
        if s.delicate.any()
            && v.two_leg_kinds != 0
            && self.two_leg_attack(king, them, occ, !Bitboard::EMPTY, !Bitboard::EMPTY)
        {
            // A two-leg check (not among `checkers`) ends only by a move in
            // the zone, and those are tested in full.
            s.evasion = Bitboard::EMPTY;
        }
    }

    /// What `attackers` along `ray` do to the king: a check, or a pin of
    /// one of our pieces.
    #[inline(always)]
    fn ray_on_king(
        &self,
        s: &mut KingSafety,
        ray: usize,
        attackers: Bitboard,
        occ: Bitboard,
        ours: Bitboard,
    ) {
        let rays = &self.variant.rays;
        let king = s.king;
        if (rays.mask(ray, king) & attackers).is_empty() {
            return;
        }
        let Some(b1) = rays.first_blocker(ray, king, occ) else {
            return;
        };
        if attackers.contains(b1) {
            s.checkers.insert(b1);
            s.evasion |= rays.up_to(ray, king, b1);
        } else if ours.contains(b1) {
            let beyond = rays.beyond(ray, king, b1) & occ;
            if beyond.any() {
                let b2 = rays.nearest(ray, beyond);
                if attackers.contains(b2) {
                    s.pinned.insert(b1);
                    if s.pin_count < MAX_PINS {
                        s.pins[s.pin_count] = Pin {
                            pinned: b1,
                            ray: ray as u16,
                            pinner: b2,
                        };
                        s.pin_count += 1;
                    } else {
                        s.verify.insert(b1);
                    }
                }
            }
        }
    }

    /// The squares where a move may change a two-leg attack of `by` on
    /// `king`: each middle square from which a second leg takes the king,
    /// with the unmoved two-leg pieces whose first leg could reach it.
    /// Empty when no such piece is near, which is almost always: an
    /// unmoved pawn's two-leg reach is the ranks just beyond its own.
    /// Kept out of line: other games never call it.
    #[inline(never)]
    fn two_leg_zone(&self, king: Square, by: Color) -> Bitboard {
        let v = &*self.variant;
        let mut zone = Bitboard::EMPTY;
        let mut kinds = v.two_leg_kinds;
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let Some(legs) = &v.two_legs[by.index()][kind] else {
                continue;
            };
            let pawns = self.pieces(by, kind as Kind) & self.unmoved;
            if (legs.reach[king.index()] & pawns).is_empty() {
                continue;
            }
            for mid in legs.rev_capture[king.index()] {
                let first = (legs.rev_quiet[mid.index()] | legs.rev_capture[mid.index()]) & pawns;
                if first.any() {
                    zone |= first | Bitboard::from_square(mid);
                }
            }
        }
        zone
    }

    /// Whether the move `m` (capturing the pieces on `victims`) leaves the
    /// mover's king unattacked: the attack test on the board as the move
    /// leaves it (vacated, entered and captured squares, and the kind of
    /// the piece put down), without playing it. Only where pieces stand and
    /// what they are matters to an attack: hands, truffles, stores and the
    /// dice change none.
    #[inline]
    fn king_safe_after(&self, safety: &KingSafety, m: Move, victims: Bitboard) -> bool {
        self.safe_after(safety.king, &safety.sets, m, victims)
    }

    /// The same, for the royal piece on `king` and the enemy's `sets`.
    #[inline(always)]
    pub(in crate::rules) fn safe_after(
        &self,
        king: Square,
        sets: &AttackerSets,
        m: Move,
        victims: Bitboard,
    ) -> bool {
        let (from, to) = (m.from(), m.to());
        let dropped = m.kind() == MoveKind::Drop;
        let vacated = if dropped {
            Bitboard::EMPTY
        } else {
            Bitboard::from_square(from)
        };
        let occ = (self.occupied() & !victims & !vacated) | Bitboard::from_square(to);
        let king = if king == from && !dropped { to } else { king };
        let them = self.side.opposite();
        // Only lame leaps care what the placed piece is.
        let placed = if self.mode_tables(them).attacks[them.index()].has_lame {
            let kind = match (dropped, m.promotion()) {
                (true, _) => m.drop_kind(),
                (false, Some(k)) => k,
                (false, None) => self.board[from.index()].kind(),
            };
            Placed {
                square: Bitboard::from_square(to),
                kind,
            }
        } else {
            Placed::NONE
        };
        !self.attacked_by_sets(king, them, sets, occ, victims, placed)
    }

    /// Generates every legal move into `sink`.
    pub fn generate<S: MoveSink>(&self, sink: &mut S) {
        match (self.special_modes(), self.variant.rich_moves) {
            (true, _) => self.generate_special::<S, WITH_QUIETS>(sink),
            (false, true) => self.generate_with::<S, WITH_QUIETS, LEGAL_ONLY, RICH_MOVES>(sink),
            (false, false) => self.generate_with::<S, WITH_QUIETS, LEGAL_ONLY, PLAIN_MOVES>(sink),
        }
    }

    /// Generates the legal moves that capture or promote into `sink`, and
    /// perhaps a few others (a promoter's quiet steps into the zone that may
    /// stay unpromoted, two-leg moves): a superset of the noisy moves, never
    /// a castling, a drop or a plain quiet step. Quiescence search needs
    /// only these, and skips the king-safety tests of the rest.
    pub fn generate_tactical<S: MoveSink>(&self, sink: &mut S) {
        match (self.special_modes(), self.variant.rich_moves) {
            (true, _) => self.generate_special::<S, NO_QUIETS>(sink),
            (false, true) => self.generate_with::<S, NO_QUIETS, LEGAL_ONLY, RICH_MOVES>(sink),
            (false, false) => self.generate_with::<S, NO_QUIETS, LEGAL_ONLY, PLAIN_MOVES>(sink),
        }
    }

    /// Drops from the hand onto the kind's drop squares, within the drop
    /// limits; each tested in full where the king's safety is at stake.
    fn drop_moves<S: MoveSink>(&self, sink: &mut S, safety: Option<&KingSafety>) {
        let v = &*self.variant;
        let us = self.side;
        let empty = v.geometry.squares() & !self.occupied();
        for kind in 0..v.kind_count() {
            if self.hands[us.index()][kind] == 0 {
                continue;
            }
            let zone = v.drop_zones[us.index()][kind] & empty;
            for to in zone {
                if !self.drop_within_limits(kind as Kind, to) {
                    continue;
                }
                let m = Move::drop(kind as Kind, to);
                if let Some(s) = safety {
                    // A drop only adds a blocker: off the delicate squares it
                    // is legal exactly when it ends the check, if any.
                    let legal = if s.delicate.contains(to) {
                        self.king_safe_after(s, m, Bitboard::EMPTY)
                    } else {
                        s.evasion.contains(to)
                    };
                    if !legal {
                        continue;
                    }
                }
                sink.add(m);
            }
        }
    }

    /// Whether after dropping `kind` on `to` the dropper keeps every drop
    /// limit (at most so many of some pieces on squares of one colour).
    fn drop_within_limits(&self, kind: Kind, to: Square) -> bool {
        let v = &*self.variant;
        let g = &v.geometry;
        let colour = |sq: Square| (g.file_of(sq) + g.rank_of(sq)) % 2;
        v.drop_limits.iter().all(|&(kinds, max)| {
            if kinds >> kind & 1 == 0 {
                return true;
            }
            let same = self
                .pieces_of_kinds(self.side, kinds)
                .filter(|&sq| colour(sq) == colour(to))
                .count();
            same < max as usize
        })
    }

    /// A move checked on its own: against the check and pin masks, or fully.
    #[inline]
    fn add_single<S: MoveSink>(
        &self,
        sink: &mut S,
        safety: Option<&KingSafety>,
        m: Move,
        is_royal: bool,
        promotions: &[Kind],
    ) {
        if let Some(s) = safety {
            let (from, to) = (m.from(), m.to());
            let touched = Bitboard::from_square(from) | Bitboard::from_square(to);
            let legal = if is_royal || s.verify.contains(from) || (touched & s.delicate).any() {
                self.king_safe_after(s, m, Bitboard::from_square(to))
            } else {
                s.legal_ends(&self.variant.rays, from).contains(to)
            };
            if !legal {
                return;
            }
        }
        add_with_promotions(sink, m, promotions);
    }

    /// En passant captures by the piece on `from`, each tested in full.
    #[inline]
    fn en_passant_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        safety: Option<&KingSafety>,
        kind: Kind,
        from: Square,
        promotions: &[Kind],
    ) {
        let Some(ep) = self.ep else {
            return;
        };
        let v = &*self.variant;
        if v.ep_capturers >> kind & 1 == 0 || !self.mode_tables(self.side).takes_en_passant(ep) {
            return;
        }
        // By the kind's own captures, whatever its mode makes of its moves.
        let reach = v.ep_reach.to[self.side.index()][kind as usize][from.index()];
        if !reach.contains(ep.target) || self.board[ep.target.index()].0 != 0 {
            return;
        }
        let victim_kind = self.board[ep.victim.index()].kind();
        if v.kinds[kind as usize].cannot_capture >> victim_kind & 1 != 0 {
            return;
        }
        let victim = Bitboard::from_square(ep.victim);
        if let Some(s) = safety {
            let m = Move::new(from, ep.target, MoveKind::EnPassant).with_extra(ep.victim);
            if !self.king_safe_after(s, m, victim) {
                return;
            }
        }
        let m = Move::new(from, ep.target, MoveKind::EnPassant).with_extra(ep.victim);
        let promotes = v.promotion_zone[self.side.index()].contains(ep.target);
        add_with_promotions(sink, m, if promotes { promotions } else { &[] });
    }

    /// The two-leg first moves of the piece on `from`, each tested in full.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn two_leg_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        safety: Option<&KingSafety>,
        kind: usize,
        from: Square,
        theirs: Bitboard,
        zone: Bitboard,
        promotions: &[Kind],
    ) {
        let v = &*self.variant;
        let Some(legs) = &v.two_legs[self.side.index()][kind] else {
            return;
        };
        let allowed = self.mode_tables(self.side).two_steps;
        let open = v.geometry.squares() & !v.capture_only;
        let occ = self.occupied() & !Bitboard::from_square(from);
        let only_if = |ok: bool| {
            if ok {
                !Bitboard::EMPTY
            } else {
                Bitboard::EMPTY
            }
        };
        let firsts = (legs.quiet[from.index()] & open & !occ & only_if(allowed.starts(false)))
            | (legs.capture[from.index()] & theirs & only_if(allowed.starts(true)));
        for mid in firsts {
            let first_victim = theirs & Bitboard::from_square(mid);
            let first_captures = first_victim.any();
            let seconds = (legs.quiet[mid.index()]
                & open
                & !occ
                & only_if(allowed.allows(first_captures, false)))
                | (legs.capture[mid.index()]
                    & theirs
                    & !first_victim
                    & only_if(allowed.allows(first_captures, true)));
            let Some(s) = safety else {
                sink.add_two_legs(from, mid, seconds, zone, promotions);
                continue;
            };
            let touched = seconds | Bitboard::from_square(from);
            if first_victim.is_empty()
                && (touched & s.delicate).is_empty()
                && !s.verify.contains(from)
            {
                // Quiet first leg, nothing delicate: the masks, all at once.
                sink.add_two_legs(
                    from,
                    mid,
                    seconds & s.legal_ends(&v.rays, from),
                    zone,
                    promotions,
                );
                continue;
            }
            for to in seconds {
                let victims = first_victim | (theirs & Bitboard::from_square(to));
                let m = Move::new(from, to, MoveKind::TwoLeg).with_extra(mid);
                if self.two_leg_legal(s, m, first_victim, victims) {
                    add_with_promotions(sink, m, if zone.contains(to) { promotions } else { &[] });
                }
            }
        }
    }

    /// Whether the two-leg move `m` leaves the king safe. With a quiet
    /// first leg its middle square is empty before and after, so the board
    /// it leaves is that of a plain move from `from` to `to`, and the masks
    /// decide it; a first-leg capture (it may take a checker or open a
    /// line) or a delicate square is tested in full.
    #[inline]
    fn two_leg_legal(
        &self,
        s: &KingSafety,
        m: Move,
        first_victim: Bitboard,
        victims: Bitboard,
    ) -> bool {
        let (from, to) = (m.from(), m.to());
        let touched = Bitboard::from_square(from) | Bitboard::from_square(to);
        if first_victim.any() || (touched & s.delicate).any() || s.verify.contains(from) {
            return self.king_safe_after(s, m, victims);
        }
        s.legal_ends(&self.variant.rays, from).contains(to)
    }

    pub(in crate::rules) fn castling_moves<S: MoveSink>(&self, sink: &mut S, king: Square) {
        let v = &*self.variant;
        let us = self.side;
        let occ = self.occupied();
        if !self.mode_tables(us).castling {
            return;
        }
        for c in &v.castling[us.index()] {
            // The right may be held by pieces that cannot castle yet
            // (Truffle Hunt's sleeping King and Rook).
            let castles = |sq: Square, kind: Kind| self.board[sq.index()].kind() == kind;
            if c.king_from != king
                || !self.castle_rooks.contains(c.rook_from)
                || (c.must_be_empty & occ).any()
                || !castles(king, c.king_kind)
                || !castles(c.rook_from, c.rook_kind)
            {
                continue;
            }
            let occ_without_king = occ & !Bitboard::from_square(king);
            let mut path = c.king_path;
            if Iterator::any(&mut path, |sq| {
                self.attacked_with(sq, us.opposite(), occ_without_king, Bitboard::EMPTY)
            }) {
                continue;
            }
            sink.add(Move::new(c.king_from, c.king_to, MoveKind::Castle).with_extra(c.rook_from));
        }
    }

    /// Every legal move. Never inlined: its 4 KiB list and the
    /// generator's locals would otherwise sit in the frame of every
    /// recursive caller (the replay's search through inferred choices
    /// overflowed a test thread's stack). Hot loops call `generate` with a
    /// list of their own.
    #[inline(never)]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The legal captures and promotions (see [`Self::generate_tactical`]).
    #[inline(never)]
    pub fn tactical_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_tactical(&mut list);
        list
    }

    /// The number of legal moves.
    pub fn count_legal(&self) -> u64 {
        let mut c = MoveCounter::default();
        self.generate(&mut c);
        c.0
    }
}

#[cfg(test)]
mod tests {
    use super::{LEGAL_ONLY, NO_QUIETS, PLAIN_MOVES, RICH_MOVES, WITH_QUIETS};
    use crate::rules::moves::MoveList;
    use crate::rules::perft::perft;
    use crate::rules::position::Position;
    use crate::rules::variants;

    const NO_TRUFFLES: &str = " truffles=00000000/00000000/00000000/00000000/\
                               00000000/00000000/00000000/00000000 stores=0/0";

    /// Frozen perft of `fen` at `depth`; the counts below are the reference
    /// generator's (tests/reference), for positions where moves touch the
    /// delicate squares: kings within reach of two-leg pawns and pig
    /// two-steps, checks by them, double checks.
    fn frozen(variant: &str, fen: &str, depth: u32) -> u64 {
        let v = variants::load(variant).expect("variant");
        let mut pos = Position::from_fen(v, fen).expect("FEN");
        pos.set_frozen(true);
        perft(&mut pos, depth)
    }

    /// The lean compilation (`RICH` false) gives the moves the full one
    /// gives, in the same order, in every game it is used for.
    #[test]
    fn the_lean_generator_is_the_full_one_where_it_is_used() {
        let mut lean_games = 0;
        for name in variants::builtin_names() {
            let name = name.as_str();
            let v = variants::load(name).expect("variant");
            if v.rich_moves || v.special_modes {
                continue;
            }
            lean_games += 1;
            let pos = Position::startpos(v);
            crate::selfplay::play_game(pos, 12345, 150, &mut |p, roller| {
                let (mut lean, mut full) = (MoveList::new(), MoveList::new());
                p.generate_with::<MoveList, WITH_QUIETS, LEGAL_ONLY, PLAIN_MOVES>(&mut lean);
                p.generate_with::<MoveList, WITH_QUIETS, LEGAL_ONLY, RICH_MOVES>(&mut full);
                assert_eq!(lean.as_slice(), full.as_slice(), "{name}: {}", p.to_fen());
                let (mut lean, mut full) = (MoveList::new(), MoveList::new());
                p.generate_with::<MoveList, NO_QUIETS, LEGAL_ONLY, PLAIN_MOVES>(&mut lean);
                p.generate_with::<MoveList, NO_QUIETS, LEGAL_ONLY, RICH_MOVES>(&mut full);
                assert_eq!(lean.as_slice(), full.as_slice(), "{name}: {}", p.to_fen());
                let actions = p.legal_actions();
                (!actions.is_empty()).then(|| actions[roller.below(actions.len())])
            });
        }
        assert!(lean_games >= 10, "{lean_games}");
    }

    #[test]
    fn capturing_one_checker_can_block_a_pig_two_step() {
        // Double check by the sow on e2 (a step) and the one on e3 (a
        // two-step over e2): Rxe2 takes one and blocks the other.
        let fen = format!("7+k/8/8/8/8/4s3/+R3s3/4+K3[] w - - 0 1{NO_TRUFFLES}");
        let v = variants::load("truffle").expect("variant");
        let pos = Position::from_fen(v, &fen).expect("FEN");
        let moves: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| pos.move_text(*m))
            .collect();
        assert_eq!(moves, ["e1d1", "e1f1", "a2e2"]);
        assert_eq!(frozen("truffle", &fen, 3), 286);
    }

    #[test]
    fn pig_two_steps_near_the_king() {
        let fen = format!("+k7/8/8/8/+b7/2h1s1h1/3+r4/+R2Q+K1+N1[SHQRBN] w - - 0 1{NO_TRUFFLES}");
        assert_eq!(frozen("truffle", &fen, 3), 1035);
    }

    #[test]
    fn two_leg_checks_and_middle_squares() {
        for (fen, count) in [
            ("4k3/pppppppp/8/2K5/8/8/8/8 w - - 0 1 knights=2:1/2:1", 260),
            (
                "4k3/pppppppp/1N1B4/2K5/8/8/8/8 w - - 0 1 knights=2:1/2:1",
                996,
            ),
            (
                "r3k2r/pppppppp/2N1b3/1P1K1Q2/8/8/PPPP1PPP/R1B3NR w kq - 0 1 knights=3:2/5:1",
                2151,
            ),
        ] {
            assert_eq!(frozen("carnival", fen, 3), count, "{fen}");
        }
    }
}
