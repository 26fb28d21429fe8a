//! Legal move generation for every variant, driven by the compiled tables.
//!
//! Moves are produced in bulk per piece as target sets (so counting the
//! moves at the last ply of perft is a popcount). Legality: the checkers and
//! the pinned pieces are found once per position from the enemy's ray
//! tables; then only king moves, en passant and (in variants with lame
//! leapers) every move are tested one by one by asking whether the king
//! would be attacked afterwards.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Kind;
use crate::position::Position;
use crate::square::{Color, Square};

/// Where generated moves go: a list, or just a count.
pub trait MoveSink {
    fn add(&mut self, m: Move);
    fn add_targets(&mut self, from: Square, targets: Bitboard);
    fn add_promotions(&mut self, from: Square, targets: Bitboard, kinds: &[Kind]);
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn add(&mut self, m: Move) {
        self.push(m);
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
            for &k in kinds {
                self.push(Move::new(from, to, MoveKind::Normal).with_promotion(k));
            }
        }
    }
}

/// Counts moves without storing them.
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn add(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn add_targets(&mut self, _: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn add_promotions(&mut self, _: Square, targets: Bitboard, kinds: &[Kind]) {
        self.0 += targets.count() as u64 * kinds.len() as u64;
    }
}

const MAX_PINS: usize = 32;

/// What legality needs to know about the side to move's king.
struct KingSafety {
    king: Square,
    checkers: Bitboard,
    /// Squares a non-king move must land on: everything when not in check,
    /// the checker and the squares between when in single check.
    evasion: Bitboard,
    pinned: Bitboard,
    pins: [(Square, Bitboard); MAX_PINS],
    pin_count: usize,
}

impl KingSafety {
    #[inline(always)]
    fn pin_ray(&self, sq: Square) -> Bitboard {
        let mut ray = !Bitboard::EMPTY;
        for &(p, r) in &self.pins[..self.pin_count] {
            if p == sq {
                ray &= r;
            }
        }
        ray
    }
}

impl Position {
    /// Whether pieces of `by` attack `target` with `occupied` as the board's
    /// occupancy, ignoring `removed` pieces of `by` (captured ones).
    #[inline]
    pub fn attacked_with(
        &self,
        target: Square,
        by: Color,
        occupied: Bitboard,
        removed: Bitboard,
    ) -> bool {
        let v = &*self.variant;
        let tables = &v.attacks[by.index()];
        let alive = !removed;
        for l in &tables.leaps {
            let mut attackers = self.pieces_of_kinds(by, l.kinds) & alive;
            if l.initial {
                attackers &= self.unmoved;
            }
            if (l.from[target.index()] & attackers).any() {
                return true;
            }
        }
        for r in &tables.rays {
            let mut attackers = self.pieces_of_kinds(by, r.kinds) & alive & occupied;
            if r.initial {
                attackers &= self.unmoved;
            }
            if attackers.is_empty() {
                continue;
            }
            if let Some(b) = v.rays.first_blocker(r.ray, target, occupied) {
                if attackers.contains(b) {
                    return true;
                }
            }
        }
        for l in &tables.lame[target.index()] {
            if (l.path & occupied).is_empty() {
                let mut attackers = self.pieces_of_kinds(by, l.kinds) & alive;
                if l.initial {
                    attackers &= self.unmoved;
                }
                if attackers.contains(l.from) {
                    return true;
                }
            }
        }
        false
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

    fn king_safety(&self, king: Square) -> KingSafety {
        let v = &*self.variant;
        let us = self.side;
        let them = us.opposite();
        let occ = self.occupied();
        let ours = self.ours(us);
        let tables = &v.attacks[them.index()];
        let mut s = KingSafety {
            king,
            checkers: Bitboard::EMPTY,
            evasion: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            pins: [(Square(0), Bitboard::EMPTY); MAX_PINS],
            pin_count: 0,
        };
        for l in &tables.leaps {
            let mut attackers = self.pieces_of_kinds(them, l.kinds);
            if l.initial {
                attackers &= self.unmoved;
            }
            let hits = l.from[king.index()] & attackers;
            s.checkers |= hits;
            s.evasion |= hits;
        }
        for l in &tables.lame[king.index()] {
            let mut attackers = self.pieces_of_kinds(them, l.kinds);
            if l.initial {
                attackers &= self.unmoved;
            }
            if attackers.contains(l.from) && (l.path & occ).is_empty() {
                s.checkers.insert(l.from);
                s.evasion |= l.path | Bitboard::from_square(l.from);
            }
        }
        for r in &tables.rays {
            let mut attackers = self.pieces_of_kinds(them, r.kinds);
            if r.initial {
                attackers &= self.unmoved;
            }
            if (v.rays.mask(r.ray, king) & attackers).is_empty() {
                continue;
            }
            let Some(b1) = v.rays.first_blocker(r.ray, king, occ) else {
                continue;
            };
            if attackers.contains(b1) {
                s.checkers.insert(b1);
                s.evasion |= v.rays.up_to(r.ray, king, b1);
            } else if ours.contains(b1) {
                let beyond = v.rays.beyond(r.ray, king, b1) & occ;
                if beyond.any() {
                    let b2 = v.rays.nearest(r.ray, beyond);
                    if attackers.contains(b2) && s.pin_count < MAX_PINS {
                        s.pinned.insert(b1);
                        s.pins[s.pin_count] = (b1, v.rays.up_to(r.ray, king, b2));
                        s.pin_count += 1;
                    }
                }
            }
        }
        if s.checkers.is_empty() {
            s.evasion = !Bitboard::EMPTY;
        } else if s.checkers.several() {
            s.evasion = Bitboard::EMPTY;
        }
        s
    }

    /// Whether moving a piece from `from` to `to` (capturing on `victim`, if
    /// any) leaves the mover's king unattacked.
    #[inline]
    fn king_safe_after(&self, king: Square, from: Square, to: Square, victim: Bitboard) -> bool {
        let occ =
            (self.occupied() & !victim & !Bitboard::from_square(from)) | Bitboard::from_square(to);
        let king = if king == from { to } else { king };
        !self.attacked_with(king, self.side.opposite(), occ, victim)
    }

    /// Generates every legal move into `sink`.
    pub fn generate<S: MoveSink>(&self, sink: &mut S) {
        let v = &*self.variant;
        let us = self.side;
        let them = us.opposite();
        let occ = self.occupied();
        let theirs = self.ours(them);
        let quiet_ok = !occ & !v.capture_only & v.geometry.squares();
        let tables = &v.pieces[us.index()];
        let safety = self.royal_square(us).map(|k| self.king_safety(k));
        let verify_all = v.verify_every_move && safety.is_some();
        let zone = v.promotion_zone[us.index()];

        for (kind, t) in tables.iter().enumerate() {
            let mut pieces = self.pieces(us, kind as Kind);
            if pieces.is_empty() {
                continue;
            }
            let is_royal = v.royal == Some(kind as Kind);
            let promotions: &[Kind] = &v.kinds[kind].promotions;
            let promotes = !promotions.is_empty();
            while let Some(from) = pieces.pop_first() {
                let unmoved = self.unmoved.contains(from);
                let mut quiet = t.quiet[from.index()];
                let mut caps = t.capture[from.index()];
                if t.has_initial_leaps && unmoved {
                    quiet |= t.initial_quiet[from.index()];
                    caps |= t.initial_capture[from.index()];
                }
                quiet &= quiet_ok;
                caps &= theirs;
                for r in &t.riders {
                    if r.initial && !unmoved {
                        continue;
                    }
                    let reach = v.rays.ride(r.ray, from, occ);
                    if r.mode.can_move() {
                        quiet |= reach & quiet_ok;
                    }
                    if r.mode.can_capture() {
                        caps |= reach & theirs;
                    }
                }
                let mut targets = quiet | caps;
                let mut special = Bitboard::EMPTY;
                for l in t.lame[from.index()].iter() {
                    if (l.initial && !unmoved) || (l.path & occ).any() {
                        continue;
                    }
                    let ok = (l.mode.can_move() && quiet_ok.contains(l.to))
                        || (l.mode.can_capture() && theirs.contains(l.to));
                    if !ok {
                        continue;
                    }
                    let double_step = v.ep_victims >> kind & 1 != 0
                        && l.initial
                        && l.path.count() == 1
                        && !theirs.contains(l.to);
                    if double_step {
                        // Kept apart: it may create an en passant square.
                        if !targets.contains(l.to) && !special.contains(l.to) {
                            special.insert(l.to);
                            self.add_single(
                                sink,
                                safety.as_ref(),
                                verify_all,
                                Move::new(from, l.to, MoveKind::DoubleStep)
                                    .with_extra(l.path.first()),
                                is_royal,
                                if zone.contains(l.to) { promotions } else { &[] },
                            );
                        }
                    } else {
                        targets.insert(l.to);
                    }
                }
                let Some(safety) = safety.as_ref() else {
                    if promotes {
                        sink.add_promotions(from, targets & zone, promotions);
                        targets &= !zone;
                    }
                    sink.add_targets(from, targets);
                    self.en_passant_moves(sink, None, kind as Kind, from, unmoved, promotions);
                    continue;
                };
                if is_royal {
                    for to in targets {
                        if self.king_safe_after(safety.king, from, to, Bitboard::from_square(to)) {
                            sink.add(Move::new(from, to, MoveKind::Normal));
                        }
                    }
                    if safety.checkers.is_empty() {
                        self.castling_moves(sink, safety.king);
                    }
                    continue;
                }
                targets &= safety.evasion;
                if safety.pinned.contains(from) {
                    targets &= safety.pin_ray(from);
                }
                if verify_all {
                    for to in targets {
                        if self.king_safe_after(safety.king, from, to, Bitboard::from_square(to)) {
                            if promotes && zone.contains(to) {
                                for &p in promotions {
                                    sink.add(
                                        Move::new(from, to, MoveKind::Normal).with_promotion(p),
                                    );
                                }
                            } else {
                                sink.add(Move::new(from, to, MoveKind::Normal));
                            }
                        }
                    }
                } else {
                    if promotes {
                        sink.add_promotions(from, targets & zone, promotions);
                        targets &= !zone;
                    }
                    sink.add_targets(from, targets);
                }
                self.en_passant_moves(
                    sink,
                    Some(safety.king),
                    kind as Kind,
                    from,
                    unmoved,
                    promotions,
                );
            }
        }
    }

    /// A move checked on its own: against the check and pin masks, or fully.
    #[inline]
    fn add_single<S: MoveSink>(
        &self,
        sink: &mut S,
        safety: Option<&KingSafety>,
        verify_all: bool,
        m: Move,
        is_royal: bool,
        promotions: &[Kind],
    ) {
        if let Some(s) = safety {
            let (from, to) = (m.from(), m.to());
            let legal = if is_royal || verify_all {
                self.king_safe_after(s.king, from, to, Bitboard::from_square(to))
            } else {
                s.evasion.contains(to) && (!s.pinned.contains(from) || s.pin_ray(from).contains(to))
            };
            if !legal {
                return;
            }
        }
        if promotions.is_empty() {
            sink.add(m);
        } else {
            for &p in promotions {
                sink.add(m.with_promotion(p));
            }
        }
    }

    /// En passant captures by the piece on `from`, each tested in full.
    #[inline]
    fn en_passant_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        king: Option<Square>,
        kind: Kind,
        from: Square,
        unmoved: bool,
        promotions: &[Kind],
    ) {
        let Some(ep) = self.ep else {
            return;
        };
        let v = &*self.variant;
        if v.ep_capturers >> kind & 1 == 0 {
            return;
        }
        let t = &v.pieces[self.side.index()][kind as usize];
        let mut reach = t.capture[from.index()];
        if unmoved && t.has_initial_leaps {
            reach |= t.initial_capture[from.index()];
        }
        if !reach.contains(ep.target) || self.board[ep.target.index()].0 != 0 {
            return;
        }
        let victim = Bitboard::from_square(ep.victim);
        if let Some(k) = king {
            if !self.king_safe_after(k, from, ep.target, victim) {
                return;
            }
        }
        let m = Move::new(from, ep.target, MoveKind::EnPassant).with_extra(ep.victim);
        if v.promotion_zone[self.side.index()].contains(ep.target) && !promotions.is_empty() {
            for &p in promotions {
                sink.add(m.with_promotion(p));
            }
        } else {
            sink.add(m);
        }
    }

    fn castling_moves<S: MoveSink>(&self, sink: &mut S, king: Square) {
        let v = &*self.variant;
        let us = self.side;
        let occ = self.occupied();
        for c in &v.castling[us.index()] {
            if c.king_from != king
                || !self.castle_rooks.contains(c.rook_from)
                || (c.must_be_empty & occ).any()
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

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The number of legal moves.
    pub fn count_legal(&self) -> u64 {
        let mut c = MoveCounter::default();
        self.generate(&mut c);
        c.0
    }
}
