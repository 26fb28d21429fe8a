//! A variant as data: the human-written table (`VariantDef`) and its validated,
//! compiled form (`Variant`) that the position and move generator run on.

use crate::rules::betza::{self, Atom, BetzaError};
use crate::rules::bitboard::Bitboard;
use crate::rules::dice::{ChanceModel, Leaper};
use crate::rules::geometry::{Geometry, GeometryError};
use crate::rules::piece::{Kind, Piece, MAX_KINDS};
use crate::rules::square::{Color, Square};
use crate::rules::tables::{AttackTables, PieceTables, Rays, TwoLegTables, MAX_GROUPS};
use std::sync::Arc;

/// One piece kind as a variant author writes it.
#[derive(Clone, Debug)]
pub struct PieceDef {
    pub name: &'static str,
    /// White's letter (upper case); Black's is the lower case.
    pub letter: char,
    /// Its moves in Betza notation (docs/betza.md).
    pub betza: &'static str,
    /// Losing it (being checkmated) loses the game.
    pub royal: bool,
    /// Letters of the kinds it must promote to on reaching the promotion zone
    /// (empty: it never promotes).
    pub promotions: &'static [char],
    /// Its initial lame two-square leap can be taken en passant.
    pub ep_victim: bool,
    /// It can capture en passant with its capturing leaps.
    pub ep_capturer: bool,
    /// Letters of the kinds that cannot capture it (Pawn Eaters: pawns
    /// cannot take a Pawn Eater). An extension to Betza, which has no word
    /// for a property of the victim.
    pub immune_to: &'static [char],
    /// Ranks, counted from its own side, on whose empty squares it may land
    /// instead of moving normally (the Shamanic Rook's jump): an extension
    /// to Betza.
    pub teleport_ranks: &'static [u8],
    /// It moves and attacks as its side's current dice leaper (Carnival's
    /// knights); its Betza string is then only what it starts as.
    pub dice_leaper: bool,
    /// On its first move it may instead make two successive legs, each any
    /// move of this Betza string (the Eurofighter pawn: `fmWfcF`).
    pub two_leg_initial: Option<&'static str>,
    /// Written with Fairy-Stockfish's promoted-piece prefix: `+R` (Truffle
    /// Hunt's active pieces beside the inactive `R`).
    pub plus: bool,
    /// Symbols (`S`, `+R`) of pieces its lame leaps may pass over, of
    /// either side; empty: every piece blocks.
    pub lame_passable: &'static [&'static str],
    /// Its moves reset the fifty-move count (pawns always do).
    pub resets_clock: bool,
    /// Ranks, from its own side, where it may be dropped from the hand.
    pub drop_ranks: &'static [u8],
}

impl PieceDef {
    pub const fn new(name: &'static str, letter: char, betza: &'static str) -> PieceDef {
        PieceDef {
            name,
            letter,
            betza,
            royal: false,
            promotions: &[],
            ep_victim: false,
            ep_capturer: false,
            immune_to: &[],
            teleport_ranks: &[],
            dice_leaper: false,
            two_leg_initial: None,
            plus: false,
            lame_passable: &[],
            resets_clock: false,
            drop_ranks: &[],
        }
    }
}

/// A castling move, from White's side of the board ((file, rank) cells).
#[derive(Clone, Debug)]
pub struct CastlingDef {
    pub king_from: (u8, u8),
    pub king_to: (u8, u8),
    pub rook_from: (u8, u8),
    pub rook_to: (u8, u8),
    /// FEN letter for this right (White's, upper case): `K` or `Q`.
    pub fen_letter: char,
    /// Letter of the piece that castles with the king.
    pub rook: char,
}

/// Truffle Hunt's rules as data.
#[derive(Clone, Debug)]
pub struct TruffleDef {
    /// Ranks (from White's side) whose squares start with truffles.
    pub start_ranks: &'static [u8],
    pub start_count: u8,
    /// Most truffles a store holds; a truffle found beyond it is lost.
    pub store_max: u8,
    /// The pigs: letter, and how many faces of a six-sided die find (and eat).
    pub pigs: &'static [(char, u8)],
    /// Inactive letter and what waking it costs; the active piece is the
    /// same letter with `+`.
    pub activation: &'static [(char, u8)],
}

/// The compiled form of `TruffleDef`.
#[derive(Clone, Debug)]
pub struct TruffleRules {
    pub start: Vec<u8>,
    pub store_max: u8,
    /// Per kind: the faces of six that find, for pigs (0 for others).
    pub find_faces: Vec<u8>,
    pub pig_kinds: u32,
    /// Per kind: (active kind, cost) for inactive kinds.
    pub wake: Vec<Option<(Kind, u8)>>,
    /// Per kind: the inactive kind of an active one.
    pub sleep: Vec<Option<Kind>>,
}

/// What a position with no legal move means for the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum NoMoveOutcome {
    Draw,
    Loss,
    Win,
}

#[derive(Clone, Debug)]
pub struct VariantDef {
    pub name: &'static str,
    pub width: u8,
    pub height: u8,
    /// Grid cells that are not squares, as (file, rank).
    pub holes: Vec<(u8, u8)>,
    /// Squares that may be entered only by capturing.
    pub capture_only: Vec<(u8, u8)>,
    pub pieces: Vec<PieceDef>,
    pub start_fen: &'static str,
    /// Ranks, counted from White's side, where promotable pieces promote; Black's are mirrored.
    pub promotion_ranks: Vec<u8>,
    pub castling: Vec<CastlingDef>,
    /// Stalemate (no legal move, not in check).
    pub stalemate: NoMoveOutcome,
    /// A side with none of this kind left loses (Pawn Eaters).
    pub extinction: Option<char>,
    /// Captured pieces go to the capturer's hand, which FEN shows in `[...]`.
    pub uses_hands: bool,
    /// Dice, if the game has them.
    pub chance: Option<ChanceModel>,
    /// Truffle Hunt's truffles, stores, pigs and activation.
    pub truffles: Option<TruffleDef>,
    /// At most this many of these pieces (symbols) per player on squares of
    /// one colour, checked for drops.
    pub drop_limits: Vec<(&'static [&'static str], u8)>,
    /// Plies without capture or pawn move that draw; 0 for none.
    pub fifty_move_plies: u32,
    /// Occurrences of one position that draw; 0 for none.
    pub repetitions: u32,
    /// Piece values (symbol, centipawns) that replace the evaluation's
    /// values derived from the moves, where those are known to be off
    /// (docs/engine.md). Each symbol names a non-royal piece; 1 to 5000.
    pub value_overrides: Vec<(&'static str, i32)>,
}

/// Largest piece value an override may give, in centipawns.
pub const MAX_PIECE_VALUE: i32 = 5_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    Geometry(GeometryError),
    NoPieces,
    TooManyPieces(usize),
    BadLetter(char),
    DuplicateLetter(char),
    Betza {
        piece: &'static str,
        error: BetzaError,
    },
    UnknownPromotion {
        piece: &'static str,
        letter: char,
    },
    RoyalPromotion {
        piece: &'static str,
    },
    PromotionRankOffBoard(u8),
    BadCastling(String),
    UnknownExtinctionPiece(char),
    BadStartPosition(String),
    TooManyAttackerGroups,
    BadTwoLeg {
        piece: &'static str,
    },
    DiceWithoutChance,
    UnknownSymbol {
        piece: &'static str,
        symbol: String,
    },
    UnknownImmunity {
        piece: &'static str,
        letter: char,
    },
    RoyalImmunity {
        piece: &'static str,
    },
    TeleportRankOffBoard {
        piece: &'static str,
        rank: u8,
    },
    BadValueOverride {
        symbol: &'static str,
        value: i32,
    },
}

impl std::fmt::Display for VariantError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VariantError::Geometry(e) => write!(f, "board: {e}"),
            VariantError::NoPieces => write!(f, "the variant has no pieces"),
            VariantError::TooManyPieces(n) => {
                write!(f, "{n} piece kinds, at most {MAX_KINDS} are supported")
            }
            VariantError::BadLetter(c) => {
                write!(f, "piece letter '{c}' is not an upper-case ASCII letter")
            }
            VariantError::DuplicateLetter(c) => write!(f, "piece letter '{c}' is used twice"),
            VariantError::Betza { piece, error } => write!(f, "piece {piece}: {error}"),
            VariantError::UnknownPromotion { piece, letter } => {
                write!(f, "piece {piece} promotes to unknown letter '{letter}'")
            }
            VariantError::RoyalPromotion { piece } => {
                write!(f, "piece {piece} may not promote to a royal piece")
            }
            VariantError::PromotionRankOffBoard(r) => {
                write!(f, "promotion rank {r} is off the board")
            }
            VariantError::BadCastling(why) => write!(f, "castling: {why}"),
            VariantError::UnknownExtinctionPiece(c) => {
                write!(f, "extinction names unknown piece '{c}'")
            }
            VariantError::BadStartPosition(why) => write!(f, "start position: {why}"),
            VariantError::BadTwoLeg { piece } => {
                write!(
                    f,
                    "piece {piece}: each leg of a two-leg move must be a plain leap"
                )
            }
            VariantError::DiceWithoutChance => {
                write!(f, "a piece moves by the dice, but the variant has no dice")
            }
            VariantError::UnknownSymbol { piece, symbol } => {
                write!(f, "{piece}: '{symbol}' names no piece of this variant")
            }
            VariantError::UnknownImmunity { piece, letter } => {
                write!(f, "piece {piece} is immune to unknown letter '{letter}'")
            }
            VariantError::RoyalImmunity { piece } => {
                write!(f, "royal piece {piece} cannot be immune to capture")
            }
            VariantError::TeleportRankOffBoard { piece, rank } => {
                write!(
                    f,
                    "piece {piece} teleports to rank {rank}, which is off the board"
                )
            }
            VariantError::BadValueOverride { symbol, value } => write!(
                f,
                "value override {symbol}={value}: a non-royal piece, 1 to {MAX_PIECE_VALUE}"
            ),
            VariantError::TooManyAttackerGroups => write!(
                f,
                "more than {MAX_GROUPS} distinct sets of pieces share attack patterns"
            ),
        }
    }
}

impl std::error::Error for VariantError {}

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
    pub rook_kind: Kind,
}

/// Per-kind facts the move generator needs, compiled from the `PieceDef`.
#[derive(Clone, Debug)]
pub struct KindInfo {
    pub def: PieceDef,
    pub atoms: Vec<Atom>,
    pub promotions: Vec<Kind>,
    /// Kinds (bit mask) this kind may not capture.
    pub cannot_capture: u32,
    /// Squares it may jump to when empty, per colour.
    pub teleport: [Bitboard; 2],
}

/// A validated, compiled variant.
#[derive(Debug)]
pub struct Variant {
    pub name: &'static str,
    pub geometry: Geometry,
    pub capture_only: Bitboard,
    pub kinds: Vec<KindInfo>,
    /// A royal kind, if the game has one (checkmate applies).
    pub royal: Option<Kind>,
    /// Every royal kind (Truffle Hunt's king inactive and active): a side
    /// has exactly one piece of these kinds.
    pub royal_kinds: u32,
    pub extinction: Option<Kind>,
    /// Kinds that can capture en passant / be captured so (bit masks).
    pub ep_capturers: u32,
    pub ep_victims: u32,
    /// Kinds that promote, and where, per colour.
    pub promoters: u32,
    pub promotion_zone: [Bitboard; 2],
    pub castling: [Vec<Castling>; 2],
    pub stalemate: NoMoveOutcome,
    pub fifty_move_plies: u32,
    pub repetitions: u32,
    pub start_fen: &'static str,
    /// The pieces of the start position: a piece on its start square has
    /// never moved, as far as a FEN can tell.
    pub start_board: Vec<(Square, Piece)>,
    pub uses_hands: bool,
    /// Kinds with first-move privileges: only their pieces' "never moved"
    /// flags are tracked, so a knight back on its square repeats the position.
    pub initial_kinds: u32,
    pub rays: Rays,
    /// Moves of each kind, per colour: `pieces[color][kind]`.
    pub pieces: [Vec<PieceTables>; 2],
    /// Reverse tables: which pieces of a colour attack a square.
    pub attacks: [AttackTables; 2],
    pub chance: Option<ChanceModel>,
    /// Every leaper the dice can give, and its targets per square (a
    /// symmetric leaper's table serves both colours and attacks too).
    pub leapers: Vec<Leaper>,
    pub leaper_targets: Vec<Box<[Bitboard]>>,
    /// Where each side's leaper starts (index into `leapers`).
    pub start_leaper: u8,
    /// Kinds that move as the dice leaper.
    pub dice_kinds: u32,
    /// Two-leg first moves, per colour and kind.
    pub two_legs: [Vec<Option<TwoLegTables>>; 2],
    pub two_leg_kinds: u32,
    pub truffles: Option<TruffleRules>,
    /// Kinds whose moves reset the fifty-move count.
    pub clock_resetters: u32,
    /// Per kind (as `lame_passable`): kinds its lame leaps pass over.
    pub lame_passable: Vec<u32>,
    /// Drop squares per colour and kind.
    pub drop_zones: [Vec<Bitboard>; 2],
    /// (kinds, max per player per square colour).
    pub drop_limits: Vec<(u32, u8)>,
    /// Some capture can be blocked by a piece leaving a non-line square
    /// (a lame leap): then every move is checked for leaving the king attacked.
    pub verify_every_move: bool,
    /// ... and by playing it, not from occupancy alone (when whether a piece
    /// blocks depends on what it is).
    pub verify_by_making: bool,
    /// Per kind: the table's value override, if any (centipawns).
    pub value_overrides: Vec<Option<i32>>,
}

impl Variant {
    /// Validates and compiles a variant table, including its whole start
    /// position, so that `Position::startpos` cannot fail.
    pub fn load(def: VariantDef) -> Result<Arc<Variant>, VariantError> {
        let variant = Arc::new(Variant::new(def)?);
        crate::rules::position::Position::from_fen(variant.clone(), variant.start_fen)
            .map_err(|e| VariantError::BadStartPosition(e.to_string()))?;
        Ok(variant)
    }

    fn new(def: VariantDef) -> Result<Variant, VariantError> {
        let geometry = Geometry::with_holes(def.width, def.height, &def.holes)
            .map_err(VariantError::Geometry)?;
        if def.pieces.is_empty() {
            return Err(VariantError::NoPieces);
        }
        if def.pieces.len() > MAX_KINDS {
            return Err(VariantError::TooManyPieces(def.pieces.len()));
        }
        let mut kinds = Vec::new();
        for (i, p) in def.pieces.iter().enumerate() {
            if !p.letter.is_ascii_uppercase() {
                return Err(VariantError::BadLetter(p.letter));
            }
            if def.pieces[..i]
                .iter()
                .any(|q| q.letter == p.letter && q.plus == p.plus)
            {
                return Err(VariantError::DuplicateLetter(p.letter));
            }
            // An empty Betza string is a piece that cannot move (Truffle
            // Hunt's inactive pieces).
            let mut atoms = if p.betza.is_empty() {
                Vec::new()
            } else {
                betza::parse(p.betza).map_err(|error| VariantError::Betza {
                    piece: p.name,
                    error,
                })?
            };
            if p.dice_leaper {
                // Its moves come from the dice (`leaper_targets`), not from tables.
                atoms.clear();
            }
            let mut teleport = [Bitboard::EMPTY; 2];
            for &r in p.teleport_ranks {
                if r >= def.height {
                    return Err(VariantError::TeleportRankOffBoard {
                        piece: p.name,
                        rank: r,
                    });
                }
                teleport[0] |= geometry.rank_mask(r);
                teleport[1] |= geometry.rank_mask(def.height - 1 - r);
            }
            kinds.push(KindInfo {
                def: p.clone(),
                atoms,
                promotions: Vec::new(),
                cannot_capture: 0,
                teleport,
            });
        }
        let kind_of = |c: char| {
            def.pieces
                .iter()
                .position(|p| p.letter == c)
                .map(|k| k as Kind)
        };
        let mut royal = None;
        let mut royal_kinds = 0u32;
        let mut promoters = 0u32;
        let mut ep_capturers = 0u32;
        let mut ep_victims = 0u32;
        for (k, info) in kinds.iter_mut().enumerate() {
            let p = info.def.clone();
            for &c in p.promotions {
                let to = kind_of(c).ok_or(VariantError::UnknownPromotion {
                    piece: p.name,
                    letter: c,
                })?;
                if def.pieces[to as usize].royal {
                    return Err(VariantError::RoyalPromotion { piece: p.name });
                }
                info.promotions.push(to);
            }
            if !p.promotions.is_empty() {
                promoters |= 1 << k;
            }
            if p.ep_capturer {
                ep_capturers |= 1 << k;
            }
            if p.ep_victim {
                ep_victims |= 1 << k;
            }
            if p.royal {
                royal.get_or_insert(k as Kind);
                royal_kinds |= 1 << k;
            }
        }
        for victim in 0..kinds.len() {
            let p = kinds[victim].def.clone();
            for &c in p.immune_to {
                let capturer = kind_of(c).ok_or(VariantError::UnknownImmunity {
                    piece: p.name,
                    letter: c,
                })?;
                if p.royal {
                    // Check detection does not know about immunity.
                    return Err(VariantError::RoyalImmunity { piece: p.name });
                }
                kinds[capturer as usize].cannot_capture |= 1 << victim;
            }
        }
        let extinction = match def.extinction {
            None => None,
            Some(c) => Some(kind_of(c).ok_or(VariantError::UnknownExtinctionPiece(c))?),
        };
        let mut promotion_zone = [Bitboard::EMPTY; 2];
        for &r in &def.promotion_ranks {
            if r >= def.height {
                return Err(VariantError::PromotionRankOffBoard(r));
            }
            promotion_zone[0] |= geometry.rank_mask(r);
            promotion_zone[1] |= geometry.rank_mask(def.height - 1 - r);
        }
        let mut capture_only = Bitboard::EMPTY;
        for &(f, r) in &def.capture_only {
            let sq = geometry
                .square(f as i32, r as i32)
                .ok_or(VariantError::Geometry(GeometryError::SquareOutsideGrid {
                    file: f,
                    rank: r,
                }))?;
            capture_only.insert(sq);
        }
        let castling = [
            compile_castling(&geometry, &def.castling, Color::White, &kind_of)?,
            compile_castling(&geometry, &def.castling, Color::Black, &kind_of)?,
        ];
        let board_text = def.start_fen.split_whitespace().next().unwrap_or("");
        let board_text = board_text.split('[').next().unwrap_or("");
        let start_board = crate::rules::fen::parse_board(
            &geometry,
            |c, plus| {
                let upper = c.to_ascii_uppercase();
                def.pieces
                    .iter()
                    .position(|p| p.letter == upper && p.plus == plus)
                    .map(|k| k as Kind)
            },
            board_text,
        )
        .map_err(|e| VariantError::BadStartPosition(e.to_string()))?;
        if !def.castling.is_empty() && royal.is_none() {
            return Err(VariantError::BadCastling(
                "castling needs a royal piece".to_string(),
            ));
        }
        let mut rays = Rays::default();
        let pieces = [
            kinds
                .iter()
                .map(|k| PieceTables::compile(&geometry, &mut rays, &k.atoms, Color::White))
                .collect::<Vec<_>>(),
            kinds
                .iter()
                .map(|k| PieceTables::compile(&geometry, &mut rays, &k.atoms, Color::Black))
                .collect::<Vec<_>>(),
        ];
        let attacks = [
            AttackTables::compile(&geometry, &mut rays, &kinds, Color::White),
            AttackTables::compile(&geometry, &mut rays, &kinds, Color::Black),
        ];
        let initial_kinds = kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| k.def.two_leg_initial.is_some() || k.atoms.iter().any(|a| a.initial))
            .fold(0u32, |m, (i, _)| m | 1 << i);
        if attacks.iter().any(|a| a.groups.len() > MAX_GROUPS) {
            return Err(VariantError::TooManyAttackerGroups);
        }
        let mut two_leg_kinds = 0u32;
        let mut two_legs: [Vec<Option<TwoLegTables>>; 2] = [Vec::new(), Vec::new()];
        for (k, info) in kinds.iter().enumerate() {
            let compiled = match info.def.two_leg_initial {
                None => None,
                Some(leg) => {
                    let atoms = betza::parse(leg).map_err(|error| VariantError::Betza {
                        piece: info.def.name,
                        error,
                    })?;
                    if atoms
                        .iter()
                        .any(|a| a.reach != crate::rules::betza::Reach::Leap || a.lame)
                    {
                        return Err(VariantError::BadTwoLeg {
                            piece: info.def.name,
                        });
                    }
                    two_leg_kinds |= 1 << k;
                    Some(atoms)
                }
            };
            for color in Color::BOTH {
                two_legs[color.index()].push(
                    compiled
                        .as_ref()
                        .map(|atoms| TwoLegTables::compile(&geometry, &mut rays, atoms, color)),
                );
            }
        }
        let dice_kinds = kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| k.def.dice_leaper)
            .fold(0u32, |m, (i, _)| m | 1 << i);
        if dice_kinds != 0 && def.chance.is_none() {
            return Err(VariantError::DiceWithoutChance);
        }
        let leapers = def.chance.map(|c| c.leapers()).unwrap_or_default();
        let leaper_targets = leapers
            .iter()
            .map(|&(m, n)| {
                let atom = Atom {
                    vectors: betza::symmetric_vectors(m, n),
                    reach: crate::rules::betza::Reach::Leap,
                    mode: crate::rules::betza::Mode::MoveAndCapture,
                    initial: false,
                    lame: false,
                };
                PieceTables::compile(&geometry, &mut rays, &[atom], Color::White).quiet
            })
            .collect();
        let start_leaper = leapers.iter().position(|&l| l == (2, 1)).unwrap_or(0) as u8;
        let verify_every_move = two_leg_kinds != 0
            || kinds
                .iter()
                .any(|k| k.atoms.iter().any(|a| a.lame && a.mode.can_capture()));
        let symbol_kind = |sym: &str, piece: &'static str| -> Result<Kind, VariantError> {
            let (plus, letter) = match sym.strip_prefix('+') {
                Some(rest) => (true, rest),
                None => (false, sym),
            };
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(VariantError::UnknownSymbol {
                    piece,
                    symbol: sym.to_string(),
                });
            };
            def.pieces
                .iter()
                .position(|p| p.letter == c && p.plus == plus)
                .map(|k| k as Kind)
                .ok_or(VariantError::UnknownSymbol {
                    piece,
                    symbol: sym.to_string(),
                })
        };
        let mut lame_passable = Vec::new();
        let mut clock_resetters = promoters;
        let mut drop_zones = [Vec::new(), Vec::new()];
        for (k, info) in kinds.iter().enumerate() {
            let mut mask = 0u32;
            for sym in info.def.lame_passable {
                mask |= 1 << symbol_kind(sym, info.def.name)?;
            }
            lame_passable.push(mask);
            if info.def.resets_clock {
                clock_resetters |= 1 << k;
            }
            let mut zone = [Bitboard::EMPTY; 2];
            for &r in info.def.drop_ranks {
                if r >= def.height {
                    return Err(VariantError::TeleportRankOffBoard {
                        piece: info.def.name,
                        rank: r,
                    });
                }
                zone[0] |= geometry.rank_mask(r);
                zone[1] |= geometry.rank_mask(def.height - 1 - r);
            }
            drop_zones[0].push(zone[0]);
            drop_zones[1].push(zone[1]);
        }
        let mut drop_limits = Vec::new();
        for &(symbols, max) in &def.drop_limits {
            let mut mask = 0u32;
            for sym in symbols {
                mask |= 1 << symbol_kind(sym, "drop limit")?;
            }
            drop_limits.push((mask, max));
        }
        let truffles = match &def.truffles {
            None => None,
            Some(t) => {
                let n = kinds.len();
                let mut rules = TruffleRules {
                    start: vec![0; geometry.cells()],
                    store_max: t.store_max,
                    find_faces: vec![0; n],
                    pig_kinds: 0,
                    wake: vec![None; n],
                    sleep: vec![None; n],
                };
                for &r in t.start_ranks {
                    for sq in geometry.rank_mask(r) {
                        rules.start[sq.index()] = t.start_count;
                    }
                }
                for &(c, faces) in t.pigs {
                    let k = symbol_kind(&c.to_string(), "pig")?;
                    rules.find_faces[k as usize] = faces.min(6);
                    rules.pig_kinds |= 1 << k;
                }
                for &(c, cost) in t.activation {
                    let asleep = symbol_kind(&c.to_string(), "activation")?;
                    let awake = symbol_kind(&format!("+{c}"), "activation")?;
                    rules.wake[asleep as usize] = Some((awake, cost));
                    rules.sleep[awake as usize] = Some(asleep);
                }
                Some(rules)
            }
        };
        let verify_by_making = lame_passable.iter().any(|&m| m != 0);
        let mut value_overrides = vec![None; kinds.len()];
        for &(sym, value) in &def.value_overrides {
            let k = symbol_kind(sym, "value override")? as usize;
            if royal_kinds >> k & 1 != 0 || !(1..=MAX_PIECE_VALUE).contains(&value) {
                return Err(VariantError::BadValueOverride { symbol: sym, value });
            }
            value_overrides[k] = Some(value);
        }
        Ok(Variant {
            value_overrides,
            name: def.name,
            geometry,
            capture_only,
            kinds,
            royal,
            royal_kinds,
            extinction,
            ep_capturers,
            ep_victims,
            promoters,
            promotion_zone,
            castling,
            stalemate: def.stalemate,
            fifty_move_plies: def.fifty_move_plies,
            repetitions: def.repetitions,
            start_fen: def.start_fen,
            start_board,
            uses_hands: def.uses_hands,
            initial_kinds,
            rays,
            pieces,
            attacks,
            verify_every_move,
            verify_by_making,
            truffles,
            clock_resetters,
            lame_passable,
            drop_zones,
            drop_limits,
            chance: def.chance,
            leapers,
            leaper_targets,
            start_leaper,
            dice_kinds,
            two_legs,
            two_leg_kinds,
        })
    }

    /// Whether turns have steps besides moves: throws, finds, choices.
    pub fn has_chance_steps(&self) -> bool {
        self.chance.is_some() || self.truffles.is_some()
    }

    /// Whether every move is followed by a throw (Carnival's dice; Truffle
    /// Hunt's pigs throw only when they move).
    pub fn throws_every_move(&self) -> bool {
        self.chance.is_some()
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

fn compile_castling(
    geometry: &Geometry,
    defs: &[CastlingDef],
    color: Color,
    kind_of: &dyn Fn(char) -> Option<Kind>,
) -> Result<Vec<Castling>, VariantError> {
    let height = geometry.height();
    let cell = |(f, r): (u8, u8)| {
        let rank = match color {
            Color::White => r,
            Color::Black => height.wrapping_sub(1).wrapping_sub(r),
        };
        geometry
            .square(f as i32, rank as i32)
            .ok_or_else(|| VariantError::BadCastling(format!("cell ({f}, {r}) is not a square")))
    };
    let mut out = Vec::new();
    for d in defs {
        let (kf, kt, rf, rt) = (
            cell(d.king_from)?,
            cell(d.king_to)?,
            cell(d.rook_from)?,
            cell(d.rook_to)?,
        );
        if geometry.rank_of(kf) != geometry.rank_of(kt)
            || geometry.rank_of(kf) != geometry.rank_of(rf)
            || geometry.rank_of(kf) != geometry.rank_of(rt)
        {
            return Err(VariantError::BadCastling(
                "king and rook must castle along one rank".to_string(),
            ));
        }
        let span = |a: Square, b: Square| {
            let (lo, hi) = (a.0.min(b.0), a.0.max(b.0));
            let mut bb = Bitboard::EMPTY;
            for s in lo..=hi {
                bb.insert(Square(s));
            }
            bb
        };
        let king_path = span(kf, kt);
        let mut must_be_empty = king_path | span(rf, rt);
        must_be_empty.remove(kf);
        must_be_empty.remove(rf);
        let fen_letter = match color {
            Color::White => d.fen_letter.to_ascii_uppercase(),
            Color::Black => d.fen_letter.to_ascii_lowercase(),
        };
        let rook_kind = kind_of(d.rook).ok_or_else(|| {
            VariantError::BadCastling(format!("unknown castling piece '{}'", d.rook))
        })?;
        out.push(Castling {
            rook_kind,
            king_from: kf,
            king_to: kt,
            rook_from: rf,
            rook_to: rt,
            must_be_empty,
            king_path,
            fen_letter,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> VariantDef {
        VariantDef {
            name: "tiny",
            width: 4,
            height: 4,
            holes: vec![],
            capture_only: vec![],
            pieces: vec![
                PieceDef {
                    royal: true,
                    ..PieceDef::new("king", 'K', "K")
                },
                PieceDef {
                    promotions: &['R'],
                    ..PieceDef::new("pawn", 'P', "fmWfcF")
                },
                PieceDef::new("rook", 'R', "R"),
            ],
            start_fen: "k3/p3/3P/3K w - - 0 1",
            promotion_ranks: vec![3],
            castling: vec![],
            stalemate: NoMoveOutcome::Draw,
            extinction: None,
            uses_hands: false,
            chance: None,
            truffles: None,
            drop_limits: vec![],
            fifty_move_plies: 100,
            repetitions: 3,
            value_overrides: vec![],
        }
    }

    fn error(def: VariantDef) -> VariantError {
        match Variant::load(def) {
            Ok(_) => panic!("accepted a bad variant"),
            Err(e) => e,
        }
    }

    #[test]
    fn a_good_table_loads() {
        assert!(Variant::load(tiny()).is_ok());
    }

    #[test]
    fn bad_tables_are_rejected_with_the_reason() {
        let mut d = tiny();
        d.pieces[2].betza = "Rx";
        assert!(matches!(
            error(d),
            VariantError::Betza { piece: "rook", .. }
        ));
        let mut d = tiny();
        d.pieces[2].letter = 'P';
        assert_eq!(error(d), VariantError::DuplicateLetter('P'));
        let mut d = tiny();
        d.pieces[1].promotions = &['Q'];
        assert!(matches!(
            error(d),
            VariantError::UnknownPromotion { letter: 'Q', .. }
        ));
        let mut d = tiny();
        d.pieces[1].promotions = &['K'];
        assert!(matches!(error(d), VariantError::RoyalPromotion { .. }));
        let mut d = tiny();
        d.width = 17;
        assert!(matches!(error(d), VariantError::Geometry(_)));
        let mut d = tiny();
        d.start_fen = "k3/p3/3P/3K x - - 0 1";
        assert!(matches!(error(d), VariantError::BadStartPosition(_)));
        let mut d = tiny();
        d.promotion_ranks = vec![4];
        assert_eq!(error(d), VariantError::PromotionRankOffBoard(4));
        let mut d = tiny();
        d.extinction = Some('Z');
        assert_eq!(error(d), VariantError::UnknownExtinctionPiece('Z'));
        let mut d = tiny();
        d.pieces[0].immune_to = &['R'];
        assert!(matches!(error(d), VariantError::RoyalImmunity { .. }));
        let mut d = tiny();
        d.castling = vec![CastlingDef {
            king_from: (3, 0),
            king_to: (1, 1),
            rook_from: (0, 0),
            rook_to: (2, 0),
            fen_letter: 'Q',
            rook: 'R',
        }];
        assert!(matches!(error(d), VariantError::BadCastling(_)));
        let mut d = tiny();
        d.value_overrides = vec![("K", 100)];
        assert!(matches!(error(d), VariantError::BadValueOverride { .. }));
        let mut d = tiny();
        d.value_overrides = vec![("R", 0)];
        assert!(matches!(error(d), VariantError::BadValueOverride { .. }));
        let mut d = tiny();
        d.value_overrides = vec![("Q", 900)];
        assert!(matches!(error(d), VariantError::UnknownSymbol { .. }));
        let mut d = tiny();
        d.value_overrides = vec![("R", 480)];
        assert_eq!(Variant::load(d).unwrap().value_overrides[2], Some(480));
    }
}
