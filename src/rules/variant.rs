//! A game validated and compiled (`Variant`): what positions and the move
//! generator run on. `compile.rs` builds it from the game's table.

use crate::rules::action::{Action, Find};
use crate::rules::betza::Atom;
use crate::rules::bitboard::Bitboard;
use crate::rules::def::{NoMoveOutcome, TwoSteps};
use crate::rules::en_passant::EnPassant;
use crate::rules::geometry::Geometry;
use crate::rules::kind_info::KindInfo;
use crate::rules::piece::{Kind, Piece};
use crate::rules::square::{Color, Square};
use crate::rules::tables::{AttackTables, PieceTables, Rays, TwoLegTables};

/// One castling move on the real board, for one colour.
#[derive(Clone, Debug)]
pub struct Castling {
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    /// Must be empty, apart from the castling king and rook.
    pub must_be_empty: Bitboard,
    /// The king's path, both ends included: none of it may be attacked.
    pub king_path: Bitboard,
    pub fen_letter: char,
    /// The kinds that castle: both must stand on their squares.
    pub king_kind: Kind,
    pub rook_kind: Kind,
    /// The kinds (a set) whose piece on `rook_from` may hold the right:
    /// the rook's, and a kind that wakes as it.
    pub right_holders: u32,
}

/// A validated, compiled variant.
#[derive(Debug)]
pub struct Variant {
    pub(in crate::rules) name: String,
    pub(in crate::rules) geometry: Geometry,
    pub(in crate::rules) capture_only: Bitboard,
    pub(in crate::rules) kinds: Vec<KindInfo>,
    /// A royal kind, if the game has one (checkmate applies).
    pub(in crate::rules) royal: Option<Kind>,
    /// Every royal kind (Truffle Hunt's king inactive and active): a side
    /// has exactly one piece of these kinds.
    pub(in crate::rules) royal_kinds: u32,
    pub(in crate::rules) extinction: Option<Kind>,
    /// Kinds that can capture en passant / be captured so (bit masks).
    pub(in crate::rules) ep_capturers: u32,
    pub(in crate::rules) ep_victims: u32,
    pub(in crate::rules) ep_reach: EnPassantReach,
    /// Some mode takes en passant only some two-steps: a position keeps
    /// what the last two-step's legs did.
    pub(in crate::rules) ep_by_legs: bool,
    /// Kinds that promote, and where, per colour.
    pub(in crate::rules) promoters: u32,
    pub(in crate::rules) promotion_zone: [Bitboard; 2],
    /// Promotions are chosen after the throw (`Pending::Promote`).
    pub(in crate::rules) promotion_after_throw: bool,
    pub(in crate::rules) castling: [Vec<Castling>; 2],
    pub(in crate::rules) stalemate: NoMoveOutcome,
    pub(in crate::rules) fifty_move_plies: u32,
    pub(in crate::rules) repetitions: u32,
    pub(in crate::rules) start_fen: String,
    /// The pieces of the start position: a piece on its start square has
    /// never moved, as far as a FEN can tell.
    pub(in crate::rules) start_board: Vec<(Square, Piece)>,
    pub(in crate::rules) uses_hands: bool,
    /// Kinds with first-move privileges: only their pieces' "never moved"
    /// flags are tracked, so a knight back on its square repeats the position.
    pub(in crate::rules) initial_kinds: u32,
    pub(in crate::rules) rays: Rays,
    /// The modes, each with every kind's tables; a game without modes has
    /// one. A side moves by its own mode's tables and attacks by them.
    pub(in crate::rules) modes: Vec<ModeTables>,
    /// Per mode: the first mode that moves every kind alike with the same
    /// permissions (the hash's key for it).
    pub(in crate::rules) mode_class: Vec<u8>,
    /// Each side's mode before its first throw (index into `modes`).
    pub(in crate::rules) start_mode: u8,
    /// Kinds whose moves differ between modes.
    pub(in crate::rules) mode_kinds: u32,
    /// Modes differ in castling, two-steps or en passant.
    pub(in crate::rules) mode_permissions: bool,
    /// Some mode has moves no table holds (`ModeTables::special`).
    pub(in crate::rules) special_modes: bool,
    /// Some kind has optional promotions, or some mode a bound rider
    /// (`compile::has_rich_moves`); without them the move generator is
    /// compiled without those steps (measured: about 3% of Wolf Chess's perft).
    pub(in crate::rules) rich_moves: bool,
    pub(in crate::rules) chance: Option<ChanceRules>,
    /// The outcomes of a throw after a move, with their odds (`faces.rs`);
    /// empty in a game without one.
    pub(in crate::rules) throw_odds: Vec<(Action, f64)>,
    /// Per kind: the outcomes of its find throw (pigs), with their odds.
    pub(in crate::rules) find_odds: Vec<Vec<(Action, f64)>>,
    /// Two-leg first moves, per colour and kind.
    pub(in crate::rules) two_legs: [Vec<Option<TwoLegTables>>; 2],
    pub(in crate::rules) two_leg_kinds: u32,
    pub(in crate::rules) hunt: Option<HuntRules>,
    /// Kinds whose moves reset the fifty-move count.
    pub(in crate::rules) clock_resetters: u32,
    /// Per kind (as `lame_passable`): kinds its lame leaps pass over.
    pub(in crate::rules) lame_passable: Vec<u32>,
    /// Drop squares per colour and kind.
    pub(in crate::rules) drop_zones: [Vec<Bitboard>; 2],
    /// (kinds, max per player per square colour).
    pub(in crate::rules) drop_limits: Vec<(u32, u8)>,
}

/// One mode compiled: how every kind moves in it, and so attacks.
#[derive(Debug)]
pub struct ModeTables {
    pub(in crate::rules) name: String,
    pub(in crate::rules) title: String,
    /// Per kind: its moves in this mode, as Betza and as atoms.
    pub(in crate::rules) betza: Vec<String>,
    pub(in crate::rules) atoms: Vec<Vec<Atom>>,
    /// Moves of each kind, per colour: `pieces[color][kind]`.
    pub(in crate::rules) pieces: [Vec<PieceTables>; 2],
    /// Reverse tables: which pieces of a colour attack a square.
    pub(in crate::rules) attacks: [AttackTables; 2],
    pub(in crate::rules) castling: bool,
    pub(in crate::rules) two_steps: TwoSteps,
    pub(in crate::rules) en_passant: TwoSteps,
    /// Kinds that lure (`ModeDef::lure`).
    pub(in crate::rules) lurers: u32,
    /// The court: (kind, mode) a piece next to its royal piece may also
    /// move as.
    pub(in crate::rules) court: Vec<(Kind, u8)>,
}

impl ModeTables {
    /// Moves that no table holds: lures, or a court.
    #[inline(always)]
    pub(in crate::rules) fn special(&self) -> bool {
        self.lurers != 0 || !self.court.is_empty()
    }

    /// Whether a side in this mode may take `ep` en passant (a two-step
    /// whose legs are not kept counts as any).
    #[inline]
    pub(in crate::rules) fn takes_en_passant(&self, ep: EnPassant) -> bool {
        match ep.two_step {
            Some((_, legs)) => self.en_passant.meets(legs),
            None => self.en_passant != TwoSteps::NONE,
        }
    }
}

/// Where en passant captures go: by each capturing kind's own captures
/// (its `PieceDef` moves), whatever a mode makes of its moves, per colour
/// and kind; empty for a kind that does not take en passant.
#[derive(Debug)]
pub struct EnPassantReach {
    /// `to[color][kind][from]`: the squares it takes on from `from`.
    pub(in crate::rules) to: [Vec<Box<[Bitboard]>>; 2],
    /// `from[color][kind][target]`: the squares it takes on `target` from.
    pub(in crate::rules) from: [Vec<Box<[Bitboard]>>; 2],
    /// `any_from[color][target]`: `from` of every kind together, a quick
    /// test that rules most chances out (make_move asks after every
    /// double step).
    pub(in crate::rules) any_from: [Box<[Bitboard]>; 2],
}

/// What a throw does, by mode index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    Set(u8),
    Choose(Vec<u8>),
}

/// The compiled form of `ChanceDef`.
#[derive(Debug)]
pub struct ChanceRules {
    pub(in crate::rules) register: String,
    pub(in crate::rules) choice: String,
    pub(in crate::rules) dice: Vec<u8>,
    pub(in crate::rules) ordered: bool,
    /// Per throw (`Action::Roll`, as `throw_odds`): what it does.
    pub(in crate::rules) effects: Vec<(Action, Effect)>,
    /// `effects`' index of the throw `Roll(a, b)` at `a * stride + b`
    /// (a lookup at every chance node, not a search).
    pub(in crate::rules) effect_index: Box<[Option<u16>]>,
    /// The largest face plus one.
    pub(in crate::rules) stride: usize,
}

impl ChanceRules {
    /// What the throw `roll` does (`None`: no such throw).
    pub(in crate::rules) fn effect(&self, roll: Action) -> Option<&Effect> {
        let Action::Roll(a, b) = roll else {
            return None;
        };
        let (a, b) = (a as usize, b as usize);
        if a >= self.stride || b >= self.stride {
            return None;
        }
        let i = self.effect_index[a * self.stride + b]?;
        Some(&self.effects[i as usize].1)
    }
}

/// The compiled form of `HuntDef`.
#[derive(Clone, Debug)]
pub struct HuntRules {
    pub start: Vec<u8>,
    pub store_max: u8,
    /// FEN's words for the food and the stores.
    pub food_word: String,
    pub store_word: String,
    /// One unit of the food, in words for a person.
    pub unit_word: String,
    /// Per kind: the faces of six that find and that eat (0 for others).
    pub find_faces: Vec<(u8, u8)>,
    pub hunter_kinds: u32,
    /// Per kind: (active kind, cost) for inactive kinds.
    pub wake: Vec<Option<(Kind, u8)>>,
}

impl Variant {
    /// Whether turns have steps besides moves: throws, finds, choices.
    pub fn has_chance_steps(&self) -> bool {
        self.chance.is_some() || self.hunt.is_some()
    }

    /// Whether every move is followed by a throw (Carnival's dice; Truffle
    /// Hunt's pigs throw only when they move).
    pub fn throws_every_move(&self) -> bool {
        self.chance.is_some()
    }

    /// Each throw after a move, larger die first, with its probability.
    pub fn throws(&self) -> impl Iterator<Item = (u8, u8, f64)> + '_ {
        self.throw_odds.iter().filter_map(|&(a, p)| match a {
            Action::Roll(x, y) => Some((x, y, p)),
            _ => None,
        })
    }

    /// The probability that a find throw of a pig of `kind` ends with
    /// `find` (0 for a kind that is no pig).
    pub fn find_chance(&self, kind: Kind, find: Find) -> f64 {
        self.find_odds
            .get(kind as usize)
            .and_then(|odds| odds.iter().find(|(a, _)| *a == Action::Find(find)))
            .map_or(0.0, |&(_, p)| p)
    }

    /// The kind with this letter (either case), without the `+` prefix.
    pub fn kind_of_letter(&self, c: char) -> Option<Kind> {
        self.kind_of_symbol(c, false)
    }

    /// The kind with this letter (either case) and prefix.
    pub fn kind_of_symbol(&self, c: char, plus: bool) -> Option<Kind> {
        let upper = c.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.def.letter == upper && k.def.plus == plus)
            .map(|k| k as Kind)
    }

    /// How FEN writes a piece: its letter, after a `+` for prefixed kinds.
    pub fn symbol(&self, color: Color, kind: Kind) -> String {
        let letter = self.letter(color, kind);
        if self.kinds[kind as usize].def.plus {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }

    pub fn letter(&self, color: Color, kind: Kind) -> char {
        let c = self.kinds[kind as usize].def.letter;
        match color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    #[inline(always)]
    pub fn kind_count(&self) -> usize {
        self.kinds.len()
    }
}
