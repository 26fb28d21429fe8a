//! What the rest of the engine may ask of a game and of a position: the
//! rules core's public questions. Search, evaluation, the protocols and
//! the referee read a game only through these (and `Position`'s moves and
//! steps); the compiled tables behind them stay inside `src/rules/`.

use crate::rules::betza::{Atom, Reach};
use crate::rules::bitboard::Bitboard;
use crate::rules::def::PieceDef;
use crate::rules::geometry::Geometry;
use crate::rules::piece::{Kind, Piece};
use crate::rules::position::Position;
use crate::rules::square::{Color, Square};
use crate::rules::variant::{Effect, Variant};

/// The game.
impl Variant {
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The table's entry for a kind, as the game's author wrote it.
    pub fn piece(&self, kind: Kind) -> &PieceDef {
        &self.kinds[kind as usize].def
    }

    /// The kinds a piece of `kind` may promote to, in the table's order.
    pub fn promotions(&self, kind: Kind) -> &[Kind] {
        &self.kinds[kind as usize].promotions
    }

    /// The kinds (a set, bit per kind) that promote.
    pub fn promoters(&self) -> u32 {
        self.promoters
    }

    /// A royal kind, if the game has one (checkmate applies).
    pub fn royal(&self) -> Option<Kind> {
        self.royal
    }

    /// Every royal kind (a set): a side has exactly one piece of these.
    pub fn royal_kinds(&self) -> u32 {
        self.royal_kinds
    }

    /// The kind whose loss loses the game, if any.
    pub fn extinction(&self) -> Option<Kind> {
        self.extinction
    }

    /// Where `color`'s pieces promote.
    pub fn promotion_zone(&self, color: Color) -> Bitboard {
        self.promotion_zone[color.index()]
    }

    /// Whether captured pieces go to a hand, from which they are dropped.
    pub fn uses_hands(&self) -> bool {
        self.uses_hands
    }

    /// Whether a piece of `kind` may ever be dropped.
    pub fn can_drop(&self, kind: Kind) -> bool {
        self.drop_zones[0]
            .get(kind as usize)
            .is_some_and(|z| z.any())
    }

    /// Plies without progress that draw (0: no such rule).
    pub fn fifty_move_plies(&self) -> u32 {
        self.fifty_move_plies
    }

    /// How many times a position must occur to draw (0: no such rule).
    pub fn repetitions(&self) -> u32 {
        self.repetitions
    }

    /// Squares a piece may only capture on, never move to quietly.
    pub fn capture_only(&self) -> Bitboard {
        self.capture_only
    }

    /// The pieces of the start position.
    pub fn start_board(&self) -> &[(Square, Piece)] {
        &self.start_board
    }
}

/// How a kind moves, as evaluation needs to know it.
impl Variant {
    /// The kind's movement atoms in every mode.
    fn atoms_in_every_mode(&self, kind: Kind) -> impl Iterator<Item = &[Atom]> + '_ {
        self.modes.iter().map(move |m| &m.atoms[kind as usize][..])
    }

    /// Whether a piece of the kind moves at all (in some mode).
    pub fn moves_at_all(&self, kind: Kind) -> bool {
        self.atoms_in_every_mode(kind)
            .any(|atoms| !atoms.is_empty())
    }

    /// Whether every move of the kind, in every mode, is a leap (no slide,
    /// no ride).
    pub fn only_leaps(&self, kind: Kind) -> bool {
        self.atoms_in_every_mode(kind)
            .flatten()
            .all(|a| a.reach == Reach::Leap)
    }

    /// Whether every move of the kind, in every mode, keeps it on one
    /// square colour.
    pub fn colour_bound(&self, kind: Kind) -> bool {
        let info = &self.kinds[kind as usize];
        self.moves_at_all(kind)
            && info.teleport[0].is_empty()
            && self
                .atoms_in_every_mode(kind)
                .flatten()
                .all(|a| a.vectors.iter().all(|&(x, y)| (x + y) % 2 == 0))
    }

    /// The squares a piece of the kind may jump to when empty.
    pub fn teleport_squares(&self, kind: Kind, color: Color) -> Bitboard {
        self.kinds[kind as usize].teleport[color.index()]
    }
}

/// Modes and dice.
impl Variant {
    /// The kinds (a set) whose moves differ between modes.
    pub fn mode_kinds(&self) -> u32 {
        self.mode_kinds
    }

    /// How many modes the game has (one in a game without).
    pub fn mode_count(&self) -> usize {
        self.modes.len()
    }

    /// How FEN and choices write a mode (`3:1`); empty in a game without.
    pub fn mode_name(&self, mode: usize) -> &str {
        self.modes.get(mode).map_or("", |m| &m.name)
    }

    /// What people call a mode (`Camel`).
    pub fn mode_title(&self, mode: usize) -> &str {
        self.modes.get(mode).map_or("", |m| &m.title)
    }

    /// A kind's moves in a mode, in Betza.
    pub fn betza_in_mode(&self, kind: Kind, mode: usize) -> &str {
        self.modes
            .get(mode)
            .and_then(|m| m.betza.get(kind as usize))
            .map_or("", |b| b)
    }

    /// Each side's mode before its first throw.
    pub fn start_mode(&self) -> usize {
        self.start_mode as usize
    }

    /// Every move is followed by a throw of dice.
    pub fn has_dice(&self) -> bool {
        self.chance.is_some()
    }

    /// Each throw after a move with its probability and what it does.
    pub fn throw_effects(&self) -> impl Iterator<Item = (f64, &Effect)> + '_ {
        let effects = self
            .chance
            .as_ref()
            .map(|c| &c.effects[..])
            .unwrap_or_default();
        self.throw_odds
            .iter()
            .zip(effects)
            .map(|(&(_, p), (_, effect))| (p, effect))
    }
}

/// Hunting (Truffle Hunt's pigs and truffles): counters on squares that
/// hunters find, a store per side that pays to wake sleeping pieces.
impl Variant {
    /// The kinds (a set) that hunt counters.
    pub fn hunter_kinds(&self) -> u32 {
        self.hunt.as_ref().map_or(0, |t| t.hunter_kinds)
    }

    /// For a sleeping kind: the kind it wakes as and what waking costs.
    pub fn wake(&self, kind: Kind) -> Option<(Kind, u8)> {
        self.hunt.as_ref()?.wake[kind as usize]
    }

    /// The game's words for its food and one unit of it (`truffles`,
    /// `truffle`), if it has food.
    pub fn food_words(&self) -> Option<(&str, &str)> {
        let h = self.hunt.as_ref()?;
        Some((&h.food_word, &h.unit_word))
    }

    /// Most counters a store holds.
    pub fn store_max(&self) -> u8 {
        self.hunt.as_ref().map_or(0, |t| t.store_max)
    }
}

/// The counters of a position.
impl Position {
    /// Counters on a square.
    pub fn counter_at(&self, sq: Square) -> u8 {
        self.food[sq.index()]
    }

    /// Counters in `color`'s store.
    pub fn store(&self, color: Color) -> u8 {
        self.stores[color.index()]
    }
}

/// Positions made from others, for analysis and tests.
impl Position {
    /// The position with colours swapped and the board turned upside down
    /// (ranks reflected): every side's state swapped, the other side to
    /// move. A symmetric evaluation scores it as the negation.
    pub fn mirrored(&self) -> Position {
        let v = self.variant.clone();
        let g = &v.geometry;
        let flip = |sq: Square| {
            let rank = g.height() as i32 - 1 - g.rank_of(sq) as i32;
            g.square(g.file_of(sq) as i32, rank)
        };
        let mut m = Position::empty(v.clone());
        for sq in self.occupied() {
            if let (Some(p), Some(to)) = (self.piece_at(sq), flip(sq)) {
                m.put(to, Piece::new(p.color().opposite(), p.kind()));
            }
        }
        for sq in self.unmoved() {
            if let Some(to) = flip(sq) {
                m.unmoved.insert(to);
            }
        }
        for sq in g.squares() {
            if let Some(to) = flip(sq) {
                m.food[to.index()] = self.food[sq.index()];
            }
        }
        m.side = self.side.opposite();
        m.hands = [self.hands[1], self.hands[0]];
        m.modes = [self.modes[1], self.modes[0]];
        m.stores = [self.stores[1], self.stores[0]];
        m.hash = m.compute_hash();
        m
    }

    /// The same position with `color`'s mode the `mode`-th of the game's:
    /// what it is worth in each mode.
    pub fn with_mode(&self, color: Color, mode: usize) -> Position {
        let mut p = self.clone();
        if mode < p.variant.modes.len() {
            p.modes[color.index()] = mode as u8;
            p.hash = p.compute_hash();
        }
        p
    }
}

/// A side's mode.
impl Position {
    /// `color`'s mode (index into the game's).
    pub fn mode(&self, color: Color) -> usize {
        self.modes[color.index()] as usize
    }

    /// How FEN writes `color`'s mode (`3:1`).
    pub fn mode_name(&self, color: Color) -> &str {
        self.variant.mode_name(self.mode(color))
    }
}
