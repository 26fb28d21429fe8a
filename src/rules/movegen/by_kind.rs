//! The table-driven generator, one kind at a time: the kinds with few
//! leaps in bulk (every piece of the kind shifted by one vector at once),
//! the rest piece by piece as target sets, each set then filtered by the
//! king's safety (masks where they decide, a full test where they do not).

use super::{add_with_promotions, KingSafety, MoveSink};
use crate::rules::bitboard::Bitboard;
use crate::rules::en_passant::EnPassant;
use crate::rules::moves::{Move, MoveKind};
use crate::rules::piece::Kind;
use crate::rules::position::{Pending, Position};
use crate::rules::square::Square;
use crate::rules::tables::{shift, BulkMoves, PieceTables};

/// What every kind of the side to move shares in one generation.
struct SideFacts<'a> {
    occupied: Bitboard,
    /// Empty squares a quiet move may end on (not capture-only ones).
    empty_ok: Bitboard,
    theirs: Bitboard,
    /// `None` when the moves need not be legal, or there is no king.
    safety: Option<&'a KingSafety>,
    delicate: Bitboard,
    /// Pieces whose moves the check mask alone does not decide.
    unmasked: Bitboard,
    /// The en passant chance this side's mode lets it take, if any.
    ep_chance: Option<EnPassant>,
    /// The kinds that may take en passant now.
    ep_capturers: u32,
    /// The kinds whose moves may go in bulk.
    bulk_kinds: u32,
    /// A promotion chosen after the throw is one move now; frozen (no
    /// throw) it is chosen with the move.
    promotion_after_throw: bool,
}

/// One kind's part of the generation.
struct KindFacts<'a> {
    kind: Kind,
    tables: &'a PieceTables,
    promotes: bool,
    /// Where its moves must promote, and where they may (both moves then:
    /// as it is, and promoted).
    zone: Bitboard,
    may: Bitboard,
    promotions: &'a [Kind],
    /// Where a quiet move may end: without quiets, only promotions.
    quiet_ok: Bitboard,
    /// The enemy pieces it may capture.
    theirs: Bitboard,
    /// Where a rider may stop, by its mode (indexed by `Mode as usize`).
    allowed: [Bitboard; 3],
    teleport: Bitboard,
    lame_blockers: Bitboard,
    is_royal: bool,
    two_leg: bool,
    takes_en_passant: bool,
}

/// `generate_with`'s flags by name, for its callers: quiet moves too, or
/// only captures and promotions;
pub(in crate::rules) const WITH_QUIETS: bool = true;
pub(in crate::rules) const NO_QUIETS: bool = false;
/// legal moves only, or every pseudo-legal one;
pub(in crate::rules) const LEGAL_ONLY: bool = true;
pub(in crate::rules) const PSEUDO_LEGAL: bool = false;
/// and the rich moves looked for, or the plain tables' alone.
pub(in crate::rules) const RICH_MOVES: bool = true;
pub(in crate::rules) const PLAIN_MOVES: bool = false;

impl Position {
    /// The moves by the tables; `QUIETS` false leaves out the quiet moves;
    /// `LEGAL`: only legal ones, else every pseudo-legal one (no castling
    /// then: it needs the king's safety); `RICH`: with optional promotions
    /// and bound riders (`Variant::rich_moves`; without, they are left out
    /// unlooked at).
    pub(in crate::rules) fn generate_with<
        S: MoveSink,
        const QUIETS: bool,
        const LEGAL: bool,
        const RICH: bool,
    >(
        &self,
        sink: &mut S,
    ) {
        // A throw or a choice comes first; a side without any piece of the
        // extinction kind has lost.
        if self.pending != Pending::Nothing || self.extinct() {
            return;
        }
        let us = self.side;
        let mut safety_record = KingSafety::NONE;
        let safety = match (LEGAL, self.royal_square(us)) {
            (true, Some(king)) => {
                self.king_safety_into(king, &mut safety_record);
                Some(&safety_record)
            }
            _ => None,
        };
        let side = self.side_facts(safety);
        let tables = &self.mode_tables(us).pieces[us.index()];
        for (kind, t) in tables.iter().enumerate() {
            let mut pieces = self.pieces(us, kind as Kind);
            if pieces.is_empty() {
                continue;
            }
            let k = self.kind_facts::<QUIETS, RICH>(&side, kind as Kind, t);
            let bulk_ok = side.bulk_kinds >> kind & 1 != 0 && k.may.is_empty();
            if let Some(bulk) = t.bulk.as_ref().filter(|_| bulk_ok) {
                // Pinned pieces go through the per-piece path below.
                self.bulk_moves(sink, &side, &k, bulk, pieces & !side.unmasked);
                pieces &= side.unmasked;
            }
            while let Some(from) = pieces.pop_first() {
                let targets = self.piece_targets::<S, RICH>(sink, &side, &k, from);
                match side.safety {
                    None => self.unchecked_moves(sink, &k, from, targets),
                    Some(s) if k.is_royal => {
                        self.royal_moves::<S, QUIETS>(sink, s, &k, from, targets)
                    }
                    Some(s) => self.masked_moves(sink, &side, s, &k, from, targets),
                }
            }
        }
        if QUIETS && self.variant.uses_hands {
            self.drop_moves(sink, safety);
        }
    }

    #[inline(always)]
    fn side_facts<'a>(&self, safety: Option<&'a KingSafety>) -> SideFacts<'a> {
        let v = &*self.variant;
        let us = self.side;
        let occupied = self.occupied();
        let delicate = safety.map_or(Bitboard::EMPTY, |s| s.delicate);
        let ep_chance = self
            .ep
            .filter(|&ep| self.mode_tables(us).takes_en_passant(ep));
        SideFacts {
            occupied,
            empty_ok: !occupied & !v.capture_only & v.geometry.squares(),
            theirs: self.ours(us.opposite()),
            safety,
            delicate,
            unmasked: safety.map_or(Bitboard::EMPTY, |s| s.pinned | s.verify),
            ep_chance,
            ep_capturers: if ep_chance.is_some() {
                v.ep_capturers
            } else {
                0
            },
            // With delicate squares about, every piece goes one by one
            // (rare). Two-leg kinds go one by one too: that keeps the order
            // in which their moves come out (search ordering ties depend
            // on it).
            bulk_kinds: match delicate.is_empty() {
                true => !(v.royal_kinds | v.two_leg_kinds),
                false => 0,
            },
            promotion_after_throw: v.promotion_after_throw && !self.frozen,
        }
    }

    #[inline(always)]
    fn kind_facts<'a, const QUIETS: bool, const RICH: bool>(
        &'a self,
        side: &SideFacts,
        kind: Kind,
        tables: &'a PieceTables,
    ) -> KindFacts<'a> {
        let v = &*self.variant;
        let us = self.side;
        let info = &v.kinds[kind as usize];
        let promotes = !info.promotions.is_empty();
        let (zone, may) = match (promotes, RICH) {
            (false, _) => (Bitboard::EMPTY, Bitboard::EMPTY),
            (true, false) => (info.must_promote[us.index()], Bitboard::EMPTY),
            (true, true) => (info.must_promote[us.index()], info.may_promote[us.index()]),
        };
        let quiet_ok = match (QUIETS, promotes) {
            (true, _) => side.empty_ok,
            (false, true) => side.empty_ok & (zone | may),
            (false, false) => Bitboard::EMPTY,
        };
        let theirs = match info.cannot_capture {
            0 => side.theirs,
            kinds => side.theirs & !self.pieces_of_kinds(us.opposite(), kinds),
        };
        KindFacts {
            kind,
            tables,
            promotes,
            zone,
            may,
            promotions: match promotes && !side.promotion_after_throw {
                true => &info.promotions,
                false => &[],
            },
            quiet_ok,
            theirs,
            allowed: [quiet_ok | theirs, quiet_ok, theirs],
            teleport: info.teleport[us.index()] & quiet_ok,
            lame_blockers: self.lame_blockers(kind),
            is_royal: v.royal_kinds >> kind & 1 != 0,
            two_leg: v.two_leg_kinds >> kind & 1 != 0,
            takes_en_passant: side.ep_capturers >> kind & 1 != 0,
        }
    }

    /// The moves of `movers`, all of one kind, one vector at a time for
    /// all of them at once.
    #[inline(always)]
    fn bulk_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        side: &SideFacts,
        k: &KindFacts,
        bulk: &BulkMoves,
        movers: Bitboard,
    ) {
        let v = &*self.variant;
        let evasion = side.safety.map_or(!Bitboard::EMPTY, |s| s.evasion);
        let add = |sink: &mut S, dst: Bitboard, offset: i32, mk: MoveKind| {
            if k.promotes {
                sink.add_shifted(dst & k.zone, offset, mk, k.promotions);
                sink.add_shifted(dst & !k.zone, offset, mk, &[]);
            } else {
                sink.add_shifted(dst, offset, mk, &[]);
            }
        };
        for l in &bulk.leaps {
            let mut src = movers & l.from;
            if l.initial {
                src &= self.unmoved;
            }
            let dst = shift(src, l.offset) & k.allowed[l.mode as usize] & evasion;
            add(sink, dst, l.offset, MoveKind::Normal);
        }
        let double_kind = match v.ep_victims >> k.kind & 1 != 0 {
            true => MoveKind::DoubleStep,
            false => MoveKind::Normal,
        };
        for d in &bulk.double_steps {
            let src = movers & d.from & self.unmoved;
            let passed = shift(src, d.half) & !side.occupied;
            let dst = shift(passed, d.half) & k.allowed[d.mode as usize] & evasion;
            add(sink, dst, 2 * d.half, double_kind);
        }
        if let Some(ep) = side.ep_chance.filter(|_| k.takes_en_passant) {
            // Only pieces whose own captures reach the square can take.
            let reach = match v.ep_reach.from[self.side.index()].get(k.kind as usize) {
                Some(from) if !from.is_empty() => from[ep.target.index()],
                _ => Bitboard::EMPTY,
            };
            for from in movers & reach {
                self.en_passant_moves(sink, side.safety, k.kind, from, k.promotions);
            }
        }
    }

    /// Where the piece on `from` may move, before the king's safety: its
    /// leaps, rides and lame leaps. Its moves that are not plain ones (a
    /// two-leg move, a double step that may leave an en passant square)
    /// go to `sink` at once, tested.
    #[inline(always)]
    fn piece_targets<S: MoveSink, const RICH: bool>(
        &self,
        sink: &mut S,
        side: &SideFacts,
        k: &KindFacts,
        from: Square,
    ) -> Bitboard {
        let v = &*self.variant;
        let t = k.tables;
        let unmoved = self.unmoved.contains(from);
        let mut quiet = t.quiet[from.index()];
        let mut caps = t.capture[from.index()];
        if t.has_initial_leaps && unmoved {
            quiet |= t.initial_quiet[from.index()];
            caps |= t.initial_capture[from.index()];
        }
        if k.two_leg && unmoved {
            let kind = k.kind as usize;
            self.two_leg_moves(
                sink,
                side.safety,
                kind,
                from,
                k.theirs,
                k.zone,
                k.promotions,
            );
        }
        quiet &= k.quiet_ok;
        let mut targets = quiet | (caps & k.theirs) | k.teleport;
        for r in &t.sliders {
            if !r.initial || unmoved {
                targets |= v.rays.slide(r.ray, from, side.occupied) & k.allowed[r.mode as usize];
            }
        }
        for r in &t.riders {
            if !r.initial || unmoved {
                targets |= v.rays.ride(r.ray, from, side.occupied) & k.allowed[r.mode as usize];
            }
        }
        let bound: &[_] = if RICH { &t.bound } else { &[] };
        for b in bound {
            let r = b.atom;
            if (!r.initial || unmoved) && b.from.contains(from) {
                let reached = match b.line {
                    true => v.rays.slide(r.ray, from, side.occupied),
                    false => v.rays.ride(r.ray, from, side.occupied),
                };
                targets |= reached & k.allowed[r.mode as usize];
            }
        }
        if t.has_lame && (unmoved || !t.lame_only_initial) {
            targets = self.lame_targets(sink, side, k, from, unmoved, targets);
        }
        targets
    }

    /// `targets` with the lame leaps of the piece on `from` that are not
    /// blocked; a double step that may leave an en passant square goes to
    /// `sink` on its own instead (once, if no other move reaches there).
    #[inline(always)]
    fn lame_targets<S: MoveSink>(
        &self,
        sink: &mut S,
        side: &SideFacts,
        k: &KindFacts,
        from: Square,
        unmoved: bool,
        mut targets: Bitboard,
    ) -> Bitboard {
        let leaves_ep = self.variant.ep_victims >> k.kind & 1 != 0;
        let mut special = Bitboard::EMPTY;
        for l in &k.tables.lame[from.index()] {
            if (l.initial && !unmoved) || (l.path & k.lame_blockers).any() {
                continue;
            }
            let ok = (l.mode.can_move() && k.quiet_ok.contains(l.to))
                || (l.mode.can_capture() && k.theirs.contains(l.to));
            if !ok {
                continue;
            }
            let double_step =
                leaves_ep && l.initial && l.path.count() == 1 && !k.theirs.contains(l.to);
            if !double_step {
                targets.insert(l.to);
            } else if !targets.contains(l.to) && !special.contains(l.to) {
                special.insert(l.to);
                let m = Move::new(from, l.to, MoveKind::DoubleStep).with_extra(l.path.first());
                let promotions = if k.zone.contains(l.to) {
                    k.promotions
                } else {
                    &[]
                };
                self.add_single(sink, side.safety, m, k.is_royal, promotions);
            }
        }
        targets
    }

    /// The moves to `targets` when legality is not asked for.
    #[inline(always)]
    fn unchecked_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        k: &KindFacts,
        from: Square,
        mut targets: Bitboard,
    ) {
        if k.promotes {
            sink.add_promotions(from, targets & (k.zone | k.may), k.promotions);
            targets &= !k.zone;
        }
        sink.add_targets(from, targets);
        if k.takes_en_passant {
            self.en_passant_moves(sink, None, k.kind, from, k.promotions);
        }
    }

    /// A royal piece's moves to `targets`, each tested, and castling.
    #[inline(always)]
    fn royal_moves<S: MoveSink, const QUIETS: bool>(
        &self,
        sink: &mut S,
        safety: &KingSafety,
        k: &KindFacts,
        from: Square,
        targets: Bitboard,
    ) {
        for to in targets {
            let m = Move::new(from, to, MoveKind::Normal);
            if self.king_safe_after(safety, m, Bitboard::from_square(to) & k.theirs) {
                sink.add(m);
            }
        }
        if QUIETS && safety.checkers.is_empty() {
            self.castling_moves(sink, safety.king);
        }
    }

    /// A non-royal piece's legal moves to `targets`: by the check and pin
    /// masks, except those touching a delicate square (or of a piece whose
    /// pins did not fit), which are tested in full with no mask (the test
    /// alone is exact).
    #[inline(always)]
    fn masked_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        side: &SideFacts,
        safety: &KingSafety,
        k: &KindFacts,
        from: Square,
        mut targets: Bitboard,
    ) {
        let mut tested = Bitboard::EMPTY;
        if side.delicate.any() {
            tested = match side.delicate.contains(from) {
                true => targets,
                false => targets & side.delicate,
            };
            targets &= !tested;
        }
        targets &= safety.evasion;
        if side.unmasked.contains(from) {
            if safety.pinned.contains(from) {
                targets &= safety.pin_ray(&self.variant.rays, from);
            }
            if safety.verify.contains(from) {
                tested |= targets;
                targets = Bitboard::EMPTY;
            }
        }
        if tested.any() {
            // One by one, in square order as everywhere else.
            for to in tested | targets {
                let m = Move::new(from, to, MoveKind::Normal);
                let victims = Bitboard::from_square(to);
                if tested.contains(to) && !self.king_safe_after(safety, m, victims) {
                    continue;
                }
                if k.may.contains(to) {
                    sink.add(m);
                }
                let kinds: &[Kind] = match (k.zone | k.may).contains(to) {
                    true => k.promotions,
                    false => &[],
                };
                add_with_promotions(sink, m, kinds);
            }
        } else {
            if k.promotes {
                sink.add_promotions(from, targets & (k.zone | k.may), k.promotions);
                targets &= !k.zone;
            }
            sink.add_targets(from, targets);
        }
        if k.takes_en_passant {
            self.en_passant_moves(sink, Some(safety), k.kind, from, k.promotions);
        }
    }
}
