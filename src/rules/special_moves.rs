//! Moves that no kind's table holds, which some modes give (Monty Python
//! Drag's): kinds that *lure* (step onto an empty square next to them
//! and, if enemy pieces threaten it, take one of them from there) and a
//! royal *court* (a piece next to its side's royal piece may also move as
//! in another mode). Where either side's mode has them, moves are made by
//! the tables pseudo-legally, these added, and each tested in full; the
//! attack test adds the court's attacks and the lures' checks.

use crate::rules::bitboard::Bitboard;
use crate::rules::movegen::{add_with_promotions, MoveSink, Placed, PSEUDO_LEGAL, RICH_MOVES};
use crate::rules::moves::{Move, MoveKind, MoveList};
use crate::rules::piece::Kind;
use crate::rules::position::{Pending, Position};
use crate::rules::square::{Color, Square};

impl Position {
    /// Whether either side's mode has moves no table holds.
    #[inline(always)]
    pub(in crate::rules) fn special_modes(&self) -> bool {
        self.variant.special_modes
            && (self.mode_tables(Color::White).special()
                || self.mode_tables(Color::Black).special())
    }

    /// The squares next to `sq`.
    fn neighbours(&self, sq: Square) -> Bitboard {
        let g = &self.variant.geometry;
        let mut out = Bitboard::EMPTY;
        for dx in -1..=1 {
            for dy in -1..=1 {
                if let Some(n) = g.offset(sq, dx, dy).filter(|_| (dx, dy) != (0, 0)) {
                    out.insert(n);
                }
            }
        }
        out
    }

    /// The squares of `color`'s court: next to its royal piece, when its
    /// mode has a court.
    fn court_squares(&self, color: Color) -> Bitboard {
        match self.royal_square(color) {
            Some(k) if !self.mode_tables(color).court.is_empty() => self.neighbours(k),
            _ => Bitboard::EMPTY,
        }
    }

    /// Where a `color` piece of `kind` on `from` goes in `mode` on this
    /// board: (quiet targets, capture targets).
    fn reach_in(
        &self,
        color: Color,
        kind: Kind,
        from: Square,
        mode: usize,
    ) -> (Bitboard, Bitboard) {
        self.variant.reach(
            color,
            kind as usize,
            from,
            self.occupied(),
            self.lame_blockers(kind),
            self.unmoved.contains(from),
            mode,
        )
    }

    /// Whether the piece on `from` could move to the empty square `to`
    /// (an ordinary one) without capturing by one of its plain moves (steps, leaps, rides)
    /// in its side's mode, or in its court's other mode: the king's
    /// safety aside, and two-leg moves aside (they are written in legs).
    pub(in crate::rules) fn reaches_quietly(&self, from: Square, to: Square) -> bool {
        let v = &*self.variant;
        let piece = self.board[from.index()];
        if piece.is_none() || v.capture_only.contains(to) {
            return false;
        }
        let (color, kind) = (piece.color(), piece.kind());
        let quiet_in = |mode: usize| self.reach_in(color, kind, from, mode).0.contains(to);
        quiet_in(self.modes[color.index()] as usize)
            || (self.court_squares(color).contains(from)
                && self
                    .mode_tables(color)
                    .court
                    .iter()
                    .any(|&(k, other)| k == kind && quiet_in(other as usize)))
    }

    /// `color`'s pieces that may lure, of those on `alive`.
    fn lurers(&self, color: Color, alive: Bitboard) -> Bitboard {
        let v = &*self.variant;
        let mode = self.mode_tables(color);
        let mut out = self.pieces_of_kinds(color, mode.lurers);
        let court = self.court_squares(color);
        for &(kind, other) in &mode.court {
            if v.modes[other as usize].lurers >> kind & 1 != 0 {
                out |= self.pieces(color, kind) & court;
            }
        }
        out & alive
    }

    /// Attacks of `by` that its tables do not hold: its court's moves in
    /// their other modes, and its lurers' checks (a king next to an empty
    /// square next to a lurer could be taken from there).
    #[cold]
    #[inline(never)]
    pub(in crate::rules) fn special_attack(
        &self,
        target: Square,
        by: Color,
        occupied: Bitboard,
        removed: Bitboard,
        placed: Placed,
    ) -> bool {
        self.court_attack(target, by, occupied, removed, placed, !Bitboard::EMPTY) || {
            let mut lurers = self.lurers(by, occupied & !removed);
            let near_target = self.neighbours(target) & !occupied;
            Iterator::any(&mut lurers, |l| (self.neighbours(l) & near_target).any())
        }
    }

    /// Whether `by`'s court (of its pieces on `among`) attacks `target` by
    /// its other modes' moves.
    fn court_attack(
        &self,
        target: Square,
        by: Color,
        occupied: Bitboard,
        removed: Bitboard,
        placed: Placed,
        among: Bitboard,
    ) -> bool {
        let court = self.court_squares(by) & occupied & !removed & among;
        if court.is_empty() {
            return false;
        }
        let modes = &self.variant.modes;
        self.mode_tables(by).court.iter().any(|&(kind, other)| {
            let pieces = court & self.pieces(by, kind);
            let mode = &modes[other as usize];
            if pieces.is_empty() {
                return false;
            }
            // Only these pieces attack (a two-step's too).
            let sets = self.attacker_sets_in(mode, by, pieces);
            self.attacked_in(mode, target, by, &sets, occupied, removed, placed, pieces)
        })
    }

    /// Every legal move (or, without `QUIETS`, capture and promotion)
    /// where a mode with lures or a court is about: the tables' moves, the
    /// court's and the lures', each tested in full.
    #[cold]
    #[inline(never)]
    pub(in crate::rules) fn generate_special<S: MoveSink, const QUIETS: bool>(&self, sink: &mut S) {
        if self.pending != Pending::Nothing || self.extinct() {
            return;
        }
        let us = self.side;
        let mut list = MoveList::new();
        self.generate_with::<MoveList, QUIETS, PSEUDO_LEGAL, RICH_MOVES>(&mut list);
        let court = self.court_squares(us) & self.ours(us);
        for &(kind, other) in &self.mode_tables(us).court {
            for from in court & self.pieces(us, kind) {
                self.moves_in_mode::<QUIETS>(&mut list, from, kind, other as usize);
            }
        }
        for from in self.lurers(us, !Bitboard::EMPTY) {
            self.lure_moves::<QUIETS>(&mut list, from);
        }
        let king = self.royal_square(us);
        if let Some(k) = king.filter(|_| QUIETS) {
            if !self.attacked(k, us.opposite()) {
                self.castling_moves(&mut list, k);
            }
        }
        let mut moves: Vec<Move> = list.iter().copied().collect();
        moves.sort_by_key(|m| m.raw());
        moves.dedup();
        let sets = self.attacker_sets(us.opposite());
        for m in moves {
            let legal = match king {
                None => true,
                // The rook moves too: played on a copy (rare).
                Some(_) if m.kind() == MoveKind::Castle => {
                    let mut after = self.clone();
                    after.make_move(m);
                    !after.attacked(m.to(), us.opposite())
                }
                Some(k) => self.safe_after(k, &sets, m, self.victims(m)),
            };
            if legal {
                sink.add(m);
            }
        }
    }

    /// The enemy pieces a move takes.
    fn victims(&self, m: Move) -> Bitboard {
        let theirs = self.ours(self.side.opposite());
        let on = |sq: Square| Bitboard::from_square(sq) & theirs;
        match m.kind() {
            MoveKind::EnPassant => on(m.extra()),
            MoveKind::TwoLeg => on(m.extra()) | on(m.to()),
            MoveKind::Castle | MoveKind::Drop => Bitboard::EMPTY,
            _ => on(m.to()),
        }
    }

    /// The moves of the piece on `from` as in mode `mode` (its plain
    /// moves: steps, leaps and rides), pseudo-legal.
    fn moves_in_mode<const QUIETS: bool>(
        &self,
        list: &mut MoveList,
        from: Square,
        kind: Kind,
        mode: usize,
    ) {
        let v = &*self.variant;
        let us = self.side;
        let (quiet, capture) = self.reach_in(us, kind, from, mode);
        let empty = !self.occupied() & !v.capture_only & v.geometry.squares();
        let info = &v.kinds[kind as usize];
        let theirs =
            self.ours(us.opposite()) & !self.pieces_of_kinds(us.opposite(), info.cannot_capture);
        let zone = v.promotion_zone[us.index()];
        let promotions: &[Kind] = match v.promotion_after_throw && !self.frozen {
            true => &[],
            false => &info.promotions,
        };
        let quiet_ok = match QUIETS {
            true => empty,
            false if !info.promotions.is_empty() => empty & zone,
            false => Bitboard::EMPTY,
        };
        let quiet = quiet & quiet_ok;
        for to in quiet | (capture & theirs) {
            let kinds: &[Kind] = if zone.contains(to) { promotions } else { &[] };
            add_with_promotions(list, Move::new(from, to, MoveKind::Normal), kinds);
        }
    }

    /// The lures of the piece on `from`: onto each empty square next to
    /// it, taking each enemy piece that threatens it, or quietly.
    fn lure_moves<const QUIETS: bool>(&self, list: &mut MoveList, from: Square) {
        let v = &*self.variant;
        let open = !self.occupied() & !v.capture_only & v.geometry.squares();
        for x in self.neighbours(from) & open {
            let threats = self.lure_threats(from, x);
            if threats.is_empty() {
                if QUIETS {
                    list.add(Move::new(from, x, MoveKind::Normal));
                }
                continue;
            }
            for victim in threats {
                list.add(Move::new(from, x, MoveKind::EnPassant).with_extra(victim));
            }
        }
    }

    /// The enemy pieces that threaten `x` once the side to move's piece on
    /// `from` stands there: each by its current moves (a lure threatens
    /// nothing), and a royal piece next to `x` whatever its mode.
    fn lure_threats(&self, from: Square, x: Square) -> Bitboard {
        let us = self.side;
        let them = us.opposite();
        let theirs = self.ours(them);
        let occupied = (self.occupied() & !Bitboard::from_square(from)) | Bitboard::from_square(x);
        let placed = Placed::at(x, self.board[from.index()].kind());
        let near = self.neighbours(x);
        let mode = self.mode_tables(them);
        let mut threats = Bitboard::EMPTY;
        for p in theirs {
            let royal = self.variant.royal_kinds >> self.board[p.index()].kind() & 1 != 0;
            let alone = Bitboard::from_square(p);
            let sets = self.attacker_sets_in(mode, them, alone);
            let threatens = (royal && near.contains(p))
                || self.attacked_in(
                    mode,
                    x,
                    them,
                    &sets,
                    occupied,
                    Bitboard::EMPTY,
                    placed,
                    alone,
                )
                || self.court_attack(x, them, occupied, Bitboard::EMPTY, placed, alone);
            if threatens {
                threats.insert(p);
            }
        }
        threats
    }
}
