//! The position: bitboards by colour and kind plus a mailbox, the state that
//! is not visible on the board, an incremental Zobrist hash, and make/unmake.

use crate::rules::action::Action;
use crate::rules::bitboard::Bitboard;
use crate::rules::def::TwoSteps;
pub use crate::rules::en_passant::EnPassant;
use crate::rules::geometry::MAX_SQUARES;
use crate::rules::moves::{Move, MoveKind};
use crate::rules::piece::{kinds_in, Kind, Piece, MAX_KINDS};
use crate::rules::square::{Color, Square};
use crate::rules::variant::{ModeTables, Variant};
use crate::rules::zobrist::{keys, MAX_IN_HAND};
use std::sync::Arc;

/// What `unmake` needs to restore a move's effects.
#[derive(Clone, Copy, Debug)]
pub(in crate::rules) struct Undo {
    pub(in crate::rules) action: Action,
    pub(in crate::rules) moved: Piece,
    pub(in crate::rules) captured: Piece,
    /// A piece taken by the first leg of a two-leg move.
    pub(in crate::rules) captured_first: Piece,
    modes: [u8; 2],
    pending: Pending,
    /// Truffle Hunt: a piece gained in hand by a capture, the stores, a
    /// square's truffles; a piece a choice replaced (woken or promoted).
    /// All as before the action.
    pub(in crate::rules) hand_gain: Option<(Color, Kind)>,
    stores: [u8; 2],
    truffle: Option<(Square, u8)>,
    replaced: Option<(Square, Piece)>,
    ep: Option<EnPassant>,
    castle_rooks: Bitboard,
    unmoved: Bitboard,
    pub(in crate::rules) halfmove: u32,
    pub(in crate::rules) hash: u64,
}

/// What must happen before the side to move may move (dice games).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Pending {
    Nothing,
    /// The side that just moved (the actor) throws the dice.
    Roll,
    /// The actor threw these dice (larger first) and must choose.
    Choose(u8, u8),
    /// The actor's pig on this square throws for a truffle (Truffle Hunt).
    Find(Square),
    /// The actor may wake inactive pieces its store pays for.
    Activate,
    /// The actor chooses what its piece on this square promotes to (a
    /// promotion chosen after the throw).
    Promote(Square),
}

impl Pending {
    /// A throw is due (of the dice, or a pig's).
    pub fn is_chance(self) -> bool {
        matches!(self, Pending::Roll | Pending::Find(_))
    }

    /// The actor must choose (a mode, a waking, a promotion).
    pub fn is_choice(self) -> bool {
        matches!(
            self,
            Pending::Choose(..) | Pending::Activate | Pending::Promote(_)
        )
    }
}

#[derive(Clone)]
pub struct Position {
    pub(in crate::rules) variant: Arc<Variant>,
    pub(in crate::rules) board: [Piece; MAX_SQUARES],
    pub(in crate::rules) by_color: [Bitboard; 2],
    pub(in crate::rules) by_kind: [Bitboard; MAX_KINDS],
    /// Squares whose piece has never moved (first-move privileges).
    pub(in crate::rules) unmoved: Bitboard,
    /// Rooks (by square) that keep their castling right.
    pub(in crate::rules) castle_rooks: Bitboard,
    pub(in crate::rules) ep: Option<EnPassant>,
    pub(in crate::rules) side: Color,
    pub(in crate::rules) halfmove: u32,
    pub(in crate::rules) fullmove: u32,
    /// Pieces in hand: `hands[color][kind]`.
    pub(in crate::rules) hands: [[u8; MAX_KINDS]; 2],
    /// Each side's mode (index into `Variant::modes`): how its pieces move.
    pub(in crate::rules) modes: [u8; 2],
    pub(in crate::rules) pending: Pending,
    /// Truffles left on each square, and each side's store (Truffle Hunt).
    pub(in crate::rules) food: [u8; MAX_SQUARES],
    pub(in crate::rules) stores: [u8; 2],
    /// Moves raise no dice throw (perft's "frozen" mode): not game state.
    pub(in crate::rules) frozen: bool,
    /// Every move checks the incremental hash against one computed from
    /// scratch: always in debug builds, and where tests ask for it in
    /// release builds (`set_self_checks`). Copied with the position.
    pub(in crate::rules) self_checks: bool,
    pub(in crate::rules) hash: u64,
    pub(in crate::rules) history: Vec<Undo>,
}

impl Position {
    /// An empty board of the variant: the starting point of FEN parsing.
    pub(in crate::rules) fn empty(variant: Arc<Variant>) -> Position {
        let start_mode = variant.start_mode;
        Position {
            variant,
            board: [Piece::NONE; MAX_SQUARES],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; MAX_KINDS],
            unmoved: Bitboard::EMPTY,
            castle_rooks: Bitboard::EMPTY,
            ep: None,
            side: Color::White,
            halfmove: 0,
            fullmove: 1,
            hands: [[0; MAX_KINDS]; 2],
            modes: [start_mode; 2],
            pending: Pending::Nothing,
            food: [0; MAX_SQUARES],
            stores: [0; 2],
            frozen: false,
            self_checks: cfg!(debug_assertions),
            hash: 0,
            history: Vec::new(),
        }
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let p = self.board[sq.index()];
        (!p.is_none()).then_some(p)
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    pub fn ours(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: Kind) -> Bitboard {
        self.by_color[color.index()] & self.by_kind[kind as usize]
    }

    /// Pieces of `color` whose kind is in the bit mask `kinds`.
    #[inline(always)]
    pub fn pieces_of_kinds(&self, color: Color, mut kinds: u32) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        while kinds != 0 {
            bb |= self.by_kind[kinds.trailing_zeros() as usize];
            kinds &= kinds - 1;
        }
        bb & self.by_color[color.index()]
    }

    /// Pieces of either colour whose kind is in `kinds`.
    #[inline(always)]
    pub fn pieces_of_both(&self, kinds: u32) -> Bitboard {
        self.pieces_of_kinds(Color::White, kinds) | self.pieces_of_kinds(Color::Black, kinds)
    }

    pub fn en_passant(&self) -> Option<EnPassant> {
        self.ep
    }

    pub fn unmoved(&self) -> Bitboard {
        self.unmoved
    }

    pub fn castle_rooks(&self) -> Bitboard {
        self.castle_rooks
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    pub fn in_hand(&self, color: Color, kind: Kind) -> u8 {
        self.hands[color.index()][kind as usize]
    }

    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash with `color`'s mode left out: equal for positions that
    /// differ in that mode only.
    pub fn hash_without_mode(&self, color: Color) -> u64 {
        if self.variant.modes.len() < 2 {
            return self.hash;
        }
        let c = color.index();
        self.hash ^ keys().mode[c][self.mode_class(color)]
    }

    /// Number of moves played since the position was set up.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// The royal piece's square, if the variant has one and it is on the board.
    #[inline(always)]
    pub fn royal_square(&self, color: Color) -> Option<Square> {
        let bb = self.pieces_of_kinds(color, self.variant.royal_kinds);
        bb.any().then(|| bb.first())
    }

    #[inline(always)]
    pub(in crate::rules) fn put(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = p;
        let bb = Bitboard::from_square(sq);
        self.by_color[p.color().index()] |= bb;
        self.by_kind[p.kind() as usize] |= bb;
    }

    #[inline(always)]
    pub(in crate::rules) fn take(&mut self, sq: Square) -> Piece {
        let p = self.board[sq.index()];
        self.board[sq.index()] = Piece::NONE;
        let bb = Bitboard::from_square(sq);
        self.by_color[p.color().index()] ^= bb;
        self.by_kind[p.kind() as usize] ^= bb;
        p
    }

    /// The hash computed from scratch (the incremental one must equal it).
    /// Makes every later move (on this position and its copies) check the
    /// incremental state: a test's switch, as release builds skip it.
    pub fn set_self_checks(&mut self, on: bool) {
        self.self_checks = on;
    }

    /// Panics when the hash kept up move by move is not the one computed
    /// from the position: a bug of `make_move`, never of input.
    fn check_incremental_state(&self) {
        let scratch = self.compute_hash();
        assert_eq!(
            self.hash,
            scratch,
            "incremental hash {:#x} != {scratch:#x} after {:?}",
            self.hash,
            self.history.last().map(|u| u.action)
        );
    }

    pub fn compute_hash(&self) -> u64 {
        let k = keys();
        let mut h = 0;
        for sq in self.occupied() {
            h ^= k.piece_square[self.board[sq.index()].index()][sq.index()];
        }
        for sq in self.unmoved {
            h ^= k.unmoved[sq.index()];
        }
        for sq in self.castle_rooks {
            h ^= k.castling[sq.index()];
        }
        if let Some(ep) = self.ep {
            h ^= ep.key();
        }
        if self.side == Color::Black {
            h ^= k.black_to_move;
        }
        for c in 0..2 {
            for kind in 0..MAX_KINDS {
                h ^= k.hand[c][kind][(self.hands[c][kind] as usize).min(MAX_IN_HAND)];
            }
        }
        if self.variant.modes.len() > 1 {
            h ^=
                k.mode[0][self.mode_class(Color::White)] ^ k.mode[1][self.mode_class(Color::Black)];
        }
        if self.variant.hunt.is_some() {
            for (sq, &n) in self.food.iter().enumerate() {
                h ^= k.food[sq][n as usize % 8];
            }
            h ^= k.store[0][self.stores[0] as usize % 8] ^ k.store[1][self.stores[1] as usize % 8];
        }
        h ^ pending_key(self.pending)
    }

    /// Whether a piece of `by` could take `ep` en passant on its next move:
    /// one of its kind's own captures reaches the square, and `by`'s mode
    /// lets it take such a two-step. Only then is the en passant square
    /// kept (so equal positions hash equally).
    #[inline]
    pub(in crate::rules) fn ep_capture_possible(&self, ep: EnPassant, by: Color) -> bool {
        let v = &*self.variant;
        let near = v.ep_reach.any_from[by.index()][ep.target.index()];
        if (near & self.pieces_of_kinds(by, v.ep_capturers)).is_empty()
            || !self.mode_tables(by).takes_en_passant(ep)
        {
            return false;
        }
        let from = &v.ep_reach.from[by.index()];
        kinds_in(v.ep_capturers)
            .any(|k| (from[k as usize][ep.target.index()] & self.pieces(by, k)).any())
    }

    /// What the legs of a two-step from `from` over `mid` to `to` did, as
    /// their geometry tells (a Eurofighter leg captures iff it is
    /// diagonal); a plain double step is quiet-quiet.
    pub(in crate::rules) fn two_step_legs(
        &self,
        from: Square,
        mid: Square,
        to: Square,
    ) -> TwoSteps {
        let v = &*self.variant;
        let mover = self.side.opposite();
        let kind = self.board[to.index()].kind() as usize;
        let Some(legs) = v.two_legs[mover.index()].get(kind).and_then(|l| l.as_ref()) else {
            return TwoSteps::QUIET_QUIET;
        };
        let captures = |a: Square, b: Square| !legs.quiet[a.index()].contains(b);
        TwoSteps::of(captures(from, mid), captures(mid, to))
    }

    /// The en passant chance a two-step from `from` over `mid` to `to`
    /// leaves (its legs kept where the game needs them).
    pub(in crate::rules) fn two_step_ep(
        &self,
        from: Square,
        mid: Square,
        to: Square,
        legs: TwoSteps,
    ) -> EnPassant {
        EnPassant {
            target: mid,
            victim: to,
            two_step: self.variant.ep_by_legs.then_some((from, legs)),
        }
    }

    /// Plays a legal move (as produced by the move generator). The parts
    /// of its effect are in `move_effects.rs`; the hash is kept in a
    /// running value and stored once.
    pub fn make_move(&mut self, m: Move) {
        // Recorded before anything changes: `unmake_move` restores it.
        let mut undo = self.undo_record(Action::Move(m));
        let mut fx = self.begin_move(m.from(), m.to());
        match m.kind() {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant => {
                self.play_step(m, &mut undo, &mut fx)
            }
            MoveKind::TwoLeg => self.play_two_leg(m, &mut undo, &mut fx),
            MoveKind::Castle => self.play_castle(m, &mut undo, &mut fx),
            MoveKind::Drop => self.play_drop(m, &mut undo, &mut fx),
        }
        self.end_privileges(&mut fx);
        self.pass_turn();
        self.pend_after_move(m, &mut fx);
        self.hash = fx.hash;
        self.history.push(undo);
        if self.self_checks {
            self.check_incremental_state();
        }
    }

    /// Takes back the last move, throw or choice; does nothing if there is none.
    pub fn unmake_move(&mut self) {
        let Some(undo) = self.history.pop() else {
            return;
        };
        self.undo_side_effects(&undo);
        match undo.action {
            Action::Move(m) => {
                let us = self.side.opposite();
                self.side = us;
                if us == Color::Black {
                    self.fullmove -= 1;
                }
                self.take_back_placement(m, us, &undo);
                self.ep = undo.ep;
                self.castle_rooks = undo.castle_rooks;
                self.unmoved = undo.unmoved;
                self.halfmove = undo.halfmove;
            }
            Action::Null => {
                self.side = self.side.opposite();
                self.ep = undo.ep;
                self.halfmove = undo.halfmove;
            }
            Action::Roll(..)
            | Action::Choose(_)
            | Action::Find(_)
            | Action::Activate(_)
            | Action::Promote(_) => {}
        }
        self.hash = undo.hash;
    }

    /// What any action may have changed beside the board's pieces: the
    /// modes, what is pending, the stores and truffles, a replaced piece
    /// and a hand's gain.
    #[inline]
    fn undo_side_effects(&mut self, undo: &Undo) {
        self.modes = undo.modes;
        self.pending = undo.pending;
        self.stores = undo.stores;
        if let Some((sq, n)) = undo.truffle {
            self.food[sq.index()] = n;
        }
        if let Some((sq, p)) = undo.replaced {
            self.take(sq);
            self.put(sq, p);
        }
        if let Some((c, kind)) = undo.hand_gain {
            self.hands[c.index()][kind as usize] -= 1;
        }
    }

    /// Puts back the pieces `us`'s move `m` moved, took or dropped.
    #[inline]
    fn take_back_placement(&mut self, m: Move, us: Color, undo: &Undo) {
        match m.kind() {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant => {
                self.take(m.to());
                self.put(m.from(), undo.moved);
                if !undo.captured.is_none() {
                    let victim_sq = if m.kind() == MoveKind::EnPassant {
                        m.extra()
                    } else {
                        m.to()
                    };
                    self.put(victim_sq, undo.captured);
                }
            }
            MoveKind::TwoLeg => {
                self.take(m.to());
                self.put(m.from(), undo.moved);
                if !undo.captured.is_none() {
                    self.put(m.to(), undo.captured);
                }
                if !undo.captured_first.is_none() {
                    self.put(m.extra(), undo.captured_first);
                }
            }
            MoveKind::Castle => {
                if let Some(c) = self.variant.castling[us.index()]
                    .iter()
                    .find(|c| c.rook_from == m.extra() && c.king_to == m.to())
                    .cloned()
                {
                    let king = self.take(c.king_to);
                    let rook = self.take(c.rook_to);
                    self.put(c.king_from, king);
                    self.put(c.rook_from, rook);
                }
            }
            MoveKind::Drop => {
                self.take(m.to());
                self.hands[us.index()][m.drop_kind() as usize] += 1;
            }
        }
    }

    /// How many times the current position has occurred, this time included
    /// (positions count as equal when their hashes are).
    pub fn repetitions(&self) -> u32 {
        let mut count = 1;
        // Back to the last capture or pawn move: nothing earlier can repeat.
        for undo in self.history.iter().rev() {
            if undo.hash == self.hash {
                count += 1;
            }
            if undo.halfmove == 0 {
                break;
            }
        }
        count
    }

    /// The moves, throws and choices played so far, oldest first.
    pub fn actions_played(&self) -> impl DoubleEndedIterator<Item = Action> + '_ {
        self.history.iter().map(|u| u.action)
    }

    /// The side whose decision the game waits for: the side to move, or
    /// after a move the side that moved (its throw, its choice).
    pub fn actor(&self) -> Color {
        match self.pending() {
            Pending::Nothing => self.side_to_move(),
            _ => self.side_to_move().opposite(),
        }
    }

    /// What must happen before the side to move may move.
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// `color`'s mode as the hash sees it: modes that move every kind
    /// alike, with the same permissions, are one (their positions are the
    /// same position: the search meets them once).
    #[inline(always)]
    fn mode_class(&self, color: Color) -> usize {
        self.variant.mode_class[self.modes[color.index()] as usize] as usize
    }

    /// The tables of `color`'s mode: how its pieces move and attack now.
    pub(in crate::rules) fn mode_tables(&self, color: Color) -> &ModeTables {
        &self.variant.modes[self.modes[color.index()] as usize]
    }

    /// Moves no longer raise dice throws (perft's frozen mode), or do again.
    pub fn set_frozen(&mut self, frozen: bool) {
        self.frozen = frozen;
    }

    /// Whether `color` has an inactive piece on the board its store pays for.
    pub(in crate::rules) fn can_activate(&self, color: Color) -> bool {
        let Some(t) = &self.variant.hunt else {
            return false;
        };
        let store = self.stores[color.index()];
        t.wake.iter().enumerate().any(|(kind, w)| {
            w.is_some_and(|(_, cost)| cost <= store) && self.pieces(color, kind as Kind).any()
        })
    }

    /// Passes the turn (for the search's null-move pruning); taken back by
    /// `unmake_move`. Only where nothing is pending.
    pub fn make_null_move(&mut self) {
        self.push_chance_undo(Action::Null);
        let k = keys();
        if let Some(ep) = self.ep.take() {
            self.hash ^= ep.key();
        }
        self.side = self.side.opposite();
        self.hash ^= k.black_to_move;
        self.halfmove += 1;
    }

    /// Records a throw or choice (made by `chance.rs`) for `unmake_move`.
    pub(in crate::rules) fn push_chance_undo(&mut self, action: Action) {
        self.push_undo(action, None, None);
    }

    /// The state an action may change, as it is before the action.
    fn undo_record(&self, action: Action) -> Undo {
        Undo {
            action,
            moved: Piece::NONE,
            captured: Piece::NONE,
            captured_first: Piece::NONE,
            modes: self.modes,
            pending: self.pending,
            hand_gain: None,
            stores: self.stores,
            truffle: None,
            replaced: None,
            ep: self.ep,
            castle_rooks: self.castle_rooks,
            unmoved: self.unmoved,
            halfmove: self.halfmove,
            hash: self.hash,
        }
    }

    /// Records a chance or choice step with what it changes besides the hash.
    pub(in crate::rules) fn push_undo(
        &mut self,
        action: Action,
        truffle: Option<(Square, u8)>,
        replaced: Option<(Square, Piece)>,
    ) {
        let undo = Undo {
            truffle,
            replaced,
            ..self.undo_record(action)
        };
        self.history.push(undo);
    }
}

/// The hash of what is pending.
pub(in crate::rules) fn pending_key(p: Pending) -> u64 {
    let k = keys();
    match p {
        Pending::Nothing => 0,
        Pending::Roll => k.pending_roll,
        Pending::Choose(a, b) => k.pending_choice[a as usize % 8][b as usize % 8],
        Pending::Find(sq) => k.pending_find[sq.index()],
        Pending::Activate => k.pending_activate,
        Pending::Promote(sq) => k.pending_promote[sq.index()],
    }
}
