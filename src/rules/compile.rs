//! Validation and compilation of a game's table into a `Variant`: every
//! letter resolved, every square on the board, the move and attack tables
//! built, the start position checked.

use crate::rules::action::Action;
use crate::rules::betza::{self, Reach};
use crate::rules::bitboard::Bitboard;
use crate::rules::compile_facts::{check_combinations, find_odds, mode_facts, ModeFacts};
use crate::rules::compile_modes::{compile_chance, compile_modes, Modes};
use crate::rules::def::{CastlingDef, Fate, HuntDef, VariantDef, VariantError};
use crate::rules::geometry::{Geometry, GeometryError};
use crate::rules::kind_info::{CaptureFate, KindInfo};
use crate::rules::piece::{Kind, Piece, MAX_KINDS};
use crate::rules::square::{Color, Square};
use crate::rules::tables::{PieceTables, Rays, TwoLegTables};
use crate::rules::variant::{
    Castling, ChanceRules, EnPassantReach, HuntRules, ModeTables, Variant,
};
use std::sync::Arc;

impl Variant {
    /// Validates and compiles a variant table, including its whole start
    /// position, so that `Position::startpos` cannot fail.
    pub fn load(def: VariantDef) -> Result<Arc<Variant>, VariantError> {
        let variant = Arc::new(Variant::new(def)?);
        crate::rules::position::Position::from_fen(variant.clone(), &variant.start_fen)
            .map_err(|e| VariantError::BadStartPosition(e.to_string()))?;
        Ok(variant)
    }

    /// The table compiled in three steps, each validating its part: the
    /// pieces and the board, how they move, then the game's other rules.
    fn new(def: VariantDef) -> Result<Variant, VariantError> {
        let geometry = Geometry::with_holes(def.width, def.height, &def.holes)
            .map_err(VariantError::Geometry)?;
        let letters = Letters(&def);
        let pieces = Pieces::compile(&def, &geometry, &letters)?;
        let mut rays = Rays::default();
        let movement = Movement::compile(&def, &geometry, &mut rays, &pieces, &letters)?;
        let rules = GameRules::compile(&def, &geometry, &pieces, &movement, &letters)?;
        Ok(Variant::assemble(
            def, geometry, rays, pieces, movement, rules,
        ))
    }

    /// The variant from its compiled parts.
    fn assemble(
        def: VariantDef,
        geometry: Geometry,
        rays: Rays,
        pieces: Pieces,
        movement: Movement,
        rules: GameRules,
    ) -> Variant {
        Variant {
            name: def.name.clone(),
            capture_only: pieces.capture_only,
            royal: pieces.roles.royal,
            royal_kinds: pieces.roles.royal_kinds,
            extinction: pieces.extinction,
            ep_capturers: pieces.roles.ep_capturers,
            ep_victims: pieces.roles.ep_victims,
            ep_reach: movement.ep_reach,
            ep_by_legs: movement.mode_facts.ep_by_legs,
            promoters: pieces.roles.promoters,
            promotion_zone: pieces.promotion_zone,
            promotion_after_throw: def.promotion_after_throw,
            castling: rules.castling,
            stalemate: def.stalemate,
            fifty_move_plies: def.fifty_move_plies,
            repetitions: def.repetitions,
            start_fen: def.start_fen.clone(),
            start_board: pieces.start_board,
            uses_hands: def.uses_hands,
            initial_kinds: movement.initial_kinds,
            rays,
            modes: movement.modes.tables,
            start_mode: movement.modes.start,
            mode_kinds: movement.modes.kinds,
            mode_permissions: movement.mode_facts.permissions,
            special_modes: movement.mode_facts.special,
            rich_moves: movement.rich_moves,
            mode_class: movement.mode_facts.class,
            hunt: rules.hunt,
            clock_resetters: pieces.roles.promoters
                | kinds_where(&pieces.kinds, |k| k.def.resets_clock),
            lame_passable: movement.lame_passable,
            drop_zones: movement.drop_zones,
            drop_limits: movement.drop_limits,
            chance: rules.chance,
            throw_odds: rules.throw_odds,
            find_odds: rules.find_odds,
            two_legs: movement.two_legs,
            two_leg_kinds: movement.two_leg_kinds,
            kinds: pieces.kinds,
            geometry,
        }
    }
}

/// The pieces and the board: each kind's moves, who plays which part,
/// the promotion zones, the special squares and the start board.
struct Pieces {
    kinds: Vec<KindInfo>,
    roles: Roles,
    extinction: Option<Kind>,
    promotion_zone: [Bitboard; 2],
    capture_only: Bitboard,
    start_board: Vec<(Square, Piece)>,
}

impl Pieces {
    fn compile(
        def: &VariantDef,
        geometry: &Geometry,
        letters: &Letters,
    ) -> Result<Self, VariantError> {
        let mut kinds = compile_kinds(def, geometry)?;
        let roles = resolve_roles(&mut kinds, letters)?;
        resolve_immunities(&mut kinds, letters)?;
        resolve_fates(&mut kinds, letters, def.uses_hands)?;
        let extinction = def
            .extinction
            .map(|c| {
                letters
                    .kind(c)
                    .ok_or(VariantError::UnknownExtinctionPiece(c))
            })
            .transpose()?;
        let promotion_zone = rank_zones(geometry, &def.promotion_ranks)
            .map_err(VariantError::PromotionRankOffBoard)?;
        promotion_zones(&mut kinds, geometry, promotion_zone)?;
        Ok(Pieces {
            capture_only: capture_only_squares(geometry, &def.capture_only)?,
            start_board: start_board(def, geometry)?,
            kinds,
            roles,
            extinction,
            promotion_zone,
        })
    }
}

/// How the pieces move beyond their own tables: the modes the dice set,
/// two-leg first moves, en passant, lame leaps, drops.
struct Movement {
    modes: Modes,
    initial_kinds: u32,
    two_legs: [Vec<Option<TwoLegTables>>; 2],
    two_leg_kinds: u32,
    ep_reach: EnPassantReach,
    mode_facts: ModeFacts,
    rich_moves: bool,
    lame_passable: Vec<u32>,
    drop_zones: [Vec<Bitboard>; 2],
    drop_limits: Vec<(u32, u8)>,
}

impl Movement {
    fn compile(
        def: &VariantDef,
        geometry: &Geometry,
        rays: &mut Rays,
        pieces: &Pieces,
        letters: &Letters,
    ) -> Result<Self, VariantError> {
        let kinds = &pieces.kinds;
        let modes = compile_modes(def, geometry, rays, kinds, letters)?;
        let initial_kinds = kinds_where(kinds, |k| {
            k.def.two_leg_initial.is_some() || k.atoms.iter().any(|a| a.initial)
        });
        let (two_legs, two_leg_kinds) = compile_two_legs(geometry, rays, kinds)?;
        let ep_reach = en_passant_reach(geometry, rays, kinds, pieces.roles.ep_capturers);
        let mode_facts = mode_facts(def, &modes.tables);
        let rich_moves = has_rich_moves(kinds, &modes.tables);
        let lame_passable = kinds
            .iter()
            .map(|k| letters.mask(&k.def.lame_passable, &k.def.name))
            .collect::<Result<Vec<u32>, _>>()?;
        let drop_zones = drop_zones(geometry, kinds)?;
        let drop_limits = def
            .drop_limits
            .iter()
            .map(|(symbols, max)| Ok((letters.mask(symbols, "drop limit")?, *max)))
            .collect::<Result<Vec<_>, VariantError>>()?;
        Ok(Movement {
            modes,
            initial_kinds,
            two_legs,
            two_leg_kinds,
            ep_reach,
            mode_facts,
            rich_moves,
            lame_passable,
            drop_zones,
            drop_limits,
        })
    }
}

/// The rest of the game's rules: hunting, castling, the dice.
struct GameRules {
    hunt: Option<HuntRules>,
    castling: [Vec<Castling>; 2],
    chance: Option<ChanceRules>,
    throw_odds: Vec<(Action, f64)>,
    find_odds: Vec<Vec<(Action, f64)>>,
}

impl GameRules {
    fn compile(
        def: &VariantDef,
        geometry: &Geometry,
        pieces: &Pieces,
        movement: &Movement,
        letters: &Letters,
    ) -> Result<Self, VariantError> {
        let kind_count = pieces.kinds.len();
        let royal_kinds = pieces.roles.royal_kinds;
        let hunt = def
            .hunt
            .as_ref()
            .map(|t| compile_hunt(t, geometry, kind_count, letters))
            .transpose()?;
        check_combinations(def, pieces.roles.royal.is_some())?;
        let castling_kinds =
            |d: &CastlingDef| castling_kinds(d, letters, royal_kinds, hunt.as_ref());
        let castling = [
            compile_castling(geometry, &def.castling, Color::White, &castling_kinds)?,
            compile_castling(geometry, &def.castling, Color::Black, &castling_kinds)?,
        ];
        let (chance, throw_odds) = match &def.chance {
            Some(c) => {
                let (rules, odds) = compile_chance(c, &movement.modes.tables)?;
                (Some(rules), odds)
            }
            None => (None, Vec::new()),
        };
        Ok(GameRules {
            find_odds: find_odds(kind_count, hunt.as_ref()),
            hunt,
            castling,
            chance,
            throw_odds,
        })
    }
}

/// The table's letters and symbols (`+N`) resolved to kinds.
pub(in crate::rules) struct Letters<'a>(&'a VariantDef);

impl Letters<'_> {
    /// The kind with this letter (the first, plain or `+`).
    fn kind(&self, c: char) -> Option<Kind> {
        self.0
            .pieces
            .iter()
            .position(|p| p.letter == c)
            .map(|k| k as Kind)
    }

    /// The kind a symbol (`N` or `+N`) names; `piece` says where it was
    /// written, for the error.
    pub(in crate::rules) fn symbol(&self, sym: &str, piece: &str) -> Result<Kind, VariantError> {
        let unknown = || VariantError::UnknownSymbol {
            piece: piece.to_string(),
            symbol: sym.to_string(),
        };
        let (plus, letter) = match sym.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, sym),
        };
        let mut chars = letter.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(unknown());
        };
        self.0
            .pieces
            .iter()
            .position(|p| p.letter == c && p.plus == plus)
            .map(|k| k as Kind)
            .ok_or_else(unknown)
    }

    /// The kinds (bit mask) of a list of symbols.
    fn mask(&self, symbols: &[String], piece: &str) -> Result<u32, VariantError> {
        symbols
            .iter()
            .try_fold(0u32, |m, sym| Ok(m | 1 << self.symbol(sym, piece)?))
    }
}

/// Each kind's moves parsed from its Betza, with its teleport squares;
/// the letters checked.
fn compile_kinds(def: &VariantDef, geometry: &Geometry) -> Result<Vec<KindInfo>, VariantError> {
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
        let atoms = if p.betza.is_empty() {
            Vec::new()
        } else {
            betza::parse(&p.betza).map_err(|error| VariantError::Betza {
                piece: p.name.clone(),
                error,
            })?
        };
        let teleport = rank_zones(geometry, &p.teleport_ranks).map_err(|rank| {
            VariantError::TeleportRankOffBoard {
                piece: p.name.clone(),
                rank,
            }
        })?;
        kinds.push(KindInfo {
            def: p.clone(),
            atoms,
            promotions: Vec::new(),
            must_promote: [Bitboard::EMPTY; 2],
            may_promote: [Bitboard::EMPTY; 2],
            cannot_capture: 0,
            teleport,
            fates: Vec::new(),
        });
    }
    Ok(kinds)
}

/// Which kinds play which part: royal, promoting, en passant.
struct Roles {
    royal: Option<Kind>,
    royal_kinds: u32,
    promoters: u32,
    ep_capturers: u32,
    ep_victims: u32,
}

/// Resolves each kind's promotions and collects the kinds' roles.
fn resolve_roles(kinds: &mut [KindInfo], letters: &Letters) -> Result<Roles, VariantError> {
    let mut roles = Roles {
        royal: None,
        royal_kinds: 0,
        promoters: 0,
        ep_capturers: 0,
        ep_victims: 0,
    };
    let royal: Vec<bool> = kinds.iter().map(|k| k.def.royal).collect();
    for (k, info) in kinds.iter_mut().enumerate() {
        let p = &info.def;
        for symbol in &p.promotions {
            let to =
                letters
                    .symbol(symbol, &p.name)
                    .map_err(|_| VariantError::UnknownPromotion {
                        piece: p.name.clone(),
                        symbol: symbol.clone(),
                    })?;
            if royal[to as usize] {
                return Err(VariantError::RoyalPromotion {
                    piece: p.name.clone(),
                });
            }
            info.promotions.push(to);
        }
        let bit = 1u32 << k;
        let when = |yes: bool| if yes { bit } else { 0 };
        roles.promoters |= when(!p.promotions.is_empty());
        roles.ep_capturers |= when(p.ep_capturer);
        roles.ep_victims |= when(p.ep_victim);
        roles.royal_kinds |= when(p.royal);
        if p.royal {
            roles.royal.get_or_insert(k as Kind);
        }
    }
    Ok(roles)
}

/// Marks, on each capturer, the kinds immune to it.
fn resolve_immunities(kinds: &mut [KindInfo], letters: &Letters) -> Result<(), VariantError> {
    for victim in 0..kinds.len() {
        let p = kinds[victim].def.clone();
        for &c in &p.immune_to {
            let capturer = letters
                .kind(c)
                .ok_or_else(|| VariantError::UnknownImmunity {
                    piece: p.name.clone(),
                    letter: c,
                })?;
            if p.royal {
                // Check detection does not know about immunity.
                return Err(VariantError::RoyalImmunity { piece: p.name });
            }
            kinds[capturer as usize].cannot_capture |= 1 << victim;
        }
    }
    Ok(())
}

/// Where each promoting kind must and may promote: its own ranks, or the
/// variant's.
fn promotion_zones(
    kinds: &mut [KindInfo],
    geometry: &Geometry,
    variant_zone: [Bitboard; 2],
) -> Result<(), VariantError> {
    for info in kinds.iter_mut().filter(|k| !k.promotions.is_empty()) {
        let p = &info.def;
        info.must_promote = match p.promotion_must[..] {
            [] => variant_zone,
            ref ranks => {
                rank_zones(geometry, ranks).map_err(VariantError::PromotionRankOffBoard)?
            }
        };
        info.may_promote =
            rank_zones(geometry, &p.promotion_may).map_err(VariantError::PromotionRankOffBoard)?;
        for c in 0..2 {
            info.may_promote[c] &= !info.must_promote[c];
        }
    }
    Ok(())
}

/// Resolves where each kind goes when captured; a fate into a hand needs
/// a game with hands.
fn resolve_fates(
    kinds: &mut [KindInfo],
    letters: &Letters,
    hands: bool,
) -> Result<(), VariantError> {
    let all = (1u32 << kinds.len()) - 1;
    for info in kinds.iter_mut() {
        let p = info.def.clone();
        for (capturers, fate) in &p.captured {
            let fate = match fate {
                Fate::Gone => CaptureFate::Gone,
                _ if !hands => {
                    return Err(VariantError::BadFate {
                        piece: p.name.clone(),
                        why: "the game has no hands".to_string(),
                    })
                }
                Fate::CapturersHand => CaptureFate::CapturersHand,
                Fate::OwnersHand(symbol) => {
                    CaptureFate::OwnersHand(letters.symbol(symbol, &p.name)?)
                }
                Fate::CapturersHandAs(symbol) => {
                    CaptureFate::CapturersHandAs(letters.symbol(symbol, &p.name)?)
                }
            };
            let by = match capturers[..] {
                [] => all,
                _ => letters.mask(capturers, &p.name)?,
            };
            info.fates.push((by, fate));
        }
    }
    Ok(())
}

/// The squares of ranks counted from each side's own first rank, per
/// colour; the first rank off the board is the error.
fn rank_zones(geometry: &Geometry, ranks: &[u8]) -> Result<[Bitboard; 2], u8> {
    let height = geometry.height();
    let mut zone = [Bitboard::EMPTY; 2];
    for &r in ranks {
        if r >= height {
            return Err(r);
        }
        zone[0] |= geometry.rank_mask(r);
        zone[1] |= geometry.rank_mask(height - 1 - r);
    }
    Ok(zone)
}

fn capture_only_squares(geometry: &Geometry, cells: &[(u8, u8)]) -> Result<Bitboard, VariantError> {
    let mut squares = Bitboard::EMPTY;
    for &(file, rank) in cells {
        let sq = geometry
            .square(file as i32, rank as i32)
            .ok_or(VariantError::Geometry(GeometryError::SquareOutsideGrid {
                file,
                rank,
            }))?;
        squares.insert(sq);
    }
    Ok(squares)
}

/// The pieces of the start position's board.
fn start_board(
    def: &VariantDef,
    geometry: &Geometry,
) -> Result<Vec<(Square, Piece)>, VariantError> {
    let board_text = def.start_fen.split_whitespace().next().unwrap_or("");
    let board_text = board_text.split('[').next().unwrap_or("");
    let kind_of_symbol = |c: char, plus| {
        let upper = c.to_ascii_uppercase();
        def.pieces
            .iter()
            .position(|p| p.letter == upper && p.plus == plus)
            .map(|k| k as Kind)
    };
    crate::rules::fen::parse_board(geometry, kind_of_symbol, board_text)
        .map_err(|e| VariantError::BadStartPosition(e.to_string()))
}

/// Whether any kind has optional promotions, or any mode a rider bound to
/// some squares: the move generator's rarer steps, which a game without
/// them is generated without (`Variant::rich_moves`).
fn has_rich_moves(kinds: &[KindInfo], modes: &[ModeTables]) -> bool {
    let rare_squares = |k: &KindInfo| k.may_promote.iter().any(|b| b.any());
    let bound = |m: &ModeTables| m.pieces.iter().flatten().any(|t| !t.bound.is_empty());
    kinds.iter().any(rare_squares) || modes.iter().any(bound)
}

/// The kinds (bit mask) for which `test` holds.
fn kinds_where(kinds: &[KindInfo], test: impl Fn(&KindInfo) -> bool) -> u32 {
    kinds
        .iter()
        .enumerate()
        .filter(|(_, k)| test(k))
        .fold(0u32, |m, (i, _)| m | 1 << i)
}

/// Two-leg first moves, per colour and kind, and the kinds that have them.
type TwoLegs = ([Vec<Option<TwoLegTables>>; 2], u32);

fn compile_two_legs(
    geometry: &Geometry,
    rays: &mut Rays,
    kinds: &[KindInfo],
) -> Result<TwoLegs, VariantError> {
    let mut two_leg_kinds = 0u32;
    let mut two_legs: [Vec<Option<TwoLegTables>>; 2] = [Vec::new(), Vec::new()];
    for (k, info) in kinds.iter().enumerate() {
        let atoms = match &info.def.two_leg_initial {
            None => None,
            Some(leg) => {
                let bad = || VariantError::BadTwoLeg {
                    piece: info.def.name.clone(),
                };
                let atoms = betza::parse(leg).map_err(|error| VariantError::Betza {
                    piece: info.def.name.clone(),
                    error,
                })?;
                // Each leg is a plain leap.
                if atoms.iter().any(|a| a.reach != Reach::Leap || a.lame) {
                    return Err(bad());
                }
                two_leg_kinds |= 1 << k;
                Some(atoms)
            }
        };
        for color in Color::BOTH {
            let tables = atoms
                .as_ref()
                .map(|atoms| TwoLegTables::compile(geometry, rays, atoms, color));
            two_legs[color.index()].push(tables);
        }
    }
    Ok((two_legs, two_leg_kinds))
}

/// Where each kind that takes en passant does so, by its own captures.
fn en_passant_reach(
    geometry: &Geometry,
    rays: &mut Rays,
    kinds: &[KindInfo],
    capturers: u32,
) -> EnPassantReach {
    let mut reach = EnPassantReach {
        to: [Vec::new(), Vec::new()],
        from: [Vec::new(), Vec::new()],
        any_from: [
            vec![Bitboard::EMPTY; geometry.cells()].into(),
            vec![Bitboard::EMPTY; geometry.cells()].into(),
        ],
    };
    for color in Color::BOTH {
        for (k, info) in kinds.iter().enumerate() {
            let n = if capturers >> k & 1 != 0 {
                geometry.cells()
            } else {
                0
            };
            let to: Box<[Bitboard]> = match n {
                0 => Box::new([]),
                _ => PieceTables::compile(geometry, rays, &info.atoms, color).capture,
            };
            let mut from = vec![Bitboard::EMPTY; n];
            for (f, targets) in to.iter().enumerate() {
                for t in *targets {
                    from[t.index()].insert(Square(f as u8));
                    reach.any_from[color.index()][t.index()].insert(Square(f as u8));
                }
            }
            reach.to[color.index()].push(to);
            reach.from[color.index()].push(from.into());
        }
    }
    reach
}

/// Drop squares per colour and kind.
fn drop_zones(geometry: &Geometry, kinds: &[KindInfo]) -> Result<[Vec<Bitboard>; 2], VariantError> {
    let mut zones = [Vec::new(), Vec::new()];
    for info in kinds {
        let [white, black] = rank_zones(geometry, &info.def.drop_ranks).map_err(|rank| {
            VariantError::TeleportRankOffBoard {
                piece: info.def.name.clone(),
                rank,
            }
        })?;
        zones[0].push(white);
        zones[1].push(black);
    }
    Ok(zones)
}

fn compile_hunt(
    t: &HuntDef,
    geometry: &Geometry,
    kind_count: usize,
    letters: &Letters,
) -> Result<HuntRules, VariantError> {
    let bad = |why: &str| Err(VariantError::BadHunt(why.to_string()));
    let fen_word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase());
    if !fen_word(&t.food) || !fen_word(&t.store) || t.food == t.store {
        return bad("the food and the store need two words of small letters");
    }
    if t.store_max > 7 || t.start_count > 7 {
        return bad("a square or a store holds at most 7");
    }
    let mut rules = HuntRules {
        food_word: t.food.clone(),
        unit_word: t.unit.clone(),
        store_word: t.store.clone(),
        start: vec![0; geometry.cells()],
        store_max: t.store_max,
        find_faces: vec![(0, 0); kind_count],
        hunter_kinds: 0,
        wake: vec![None; kind_count],
    };
    for &r in &t.start_ranks {
        for sq in geometry.rank_mask(r) {
            rules.start[sq.index()] = t.start_count;
        }
    }
    for h in &t.hunters {
        let k = letters.symbol(&h.symbol, "hunter")?;
        if h.finds == 0 || h.finds > 6 || h.eats > 6 {
            return bad("a hunter finds on 1 to 6 faces and eats on 0 to 6");
        }
        rules.find_faces[k as usize] = (h.finds, h.eats);
        rules.hunter_kinds |= 1 << k;
    }
    for &(c, cost) in &t.activation {
        let asleep = letters.symbol(&c.to_string(), "activation")?;
        let awake = letters.symbol(&format!("+{c}"), "activation")?;
        rules.wake[asleep as usize] = Some((awake, cost));
    }
    Ok(rules)
}

/// The castling pieces' kinds: the king's (royal), the rook's, and the
/// kinds that hold the rook's right (itself and a kind that wakes as it).
struct CastlingKinds {
    king: Kind,
    rook: Kind,
    right_holders: u32,
}

fn castling_kinds(
    d: &CastlingDef,
    letters: &Letters,
    royal_kinds: u32,
    hunt: Option<&HuntRules>,
) -> Result<CastlingKinds, VariantError> {
    let unknown = |sym: &str| VariantError::BadCastling(format!("unknown castling piece '{sym}'"));
    let king = letters
        .symbol(&d.king, "castling")
        .map_err(|_| unknown(&d.king))?;
    if royal_kinds >> king & 1 == 0 {
        return Err(VariantError::BadCastling(format!(
            "the castling king '{}' is not royal",
            d.king
        )));
    }
    let rook = letters
        .symbol(&d.rook, "castling")
        .map_err(|_| unknown(&d.rook))?;
    let wakes_as_rook = |k: usize| hunt.is_some_and(|t| t.wake[k].is_some_and(|(w, _)| w == rook));
    let right_holders = (0..letters.0.pieces.len())
        .filter(|&k| k == rook as usize || wakes_as_rook(k))
        .fold(0u32, |m, k| m | 1 << k);
    Ok(CastlingKinds {
        king,
        rook,
        right_holders,
    })
}

fn compile_castling(
    geometry: &Geometry,
    defs: &[CastlingDef],
    color: Color,
    kinds_of: &dyn Fn(&CastlingDef) -> Result<CastlingKinds, VariantError>,
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
        let kinds = kinds_of(d)?;
        out.push(Castling {
            king_kind: kinds.king,
            rook_kind: kinds.rook,
            right_holders: kinds.right_holders,
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
    use crate::rules::def::{ChanceDef, ModeDef, ThrowEffect};

    /// A small game from its file: kings, a pawn that promotes to a rook.
    fn tiny() -> VariantDef {
        let text = "[tiny]\nmaxFile = 4\nmaxRank = 4\nking = k\npawn = p:fmWfcF\nrook = r\n\
                    promotionPieceTypes = r\npromotionRank = 4\ncastling = false\n\
                    startFen = k3/p3/3P/3K w - - 0 1\n";
        let catalog = crate::rules::game_text::catalog::Catalog::default();
        let (catalog, _) = catalog.with_file("tiny", text).expect("tiny reads");
        match catalog.game("tiny") {
            Some(Ok((def, _))) => def,
            _ => panic!("tiny compiles"),
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
    fn a_die_sets_the_throwers_mode() {
        // One die: odd faces make the rook a wazir, even ones keep it.
        let mut d = tiny();
        d.modes = vec![
            ModeDef::new("rook", "Rook", vec![]),
            ModeDef::new("wazir", "Wazir", vec![("R".into(), "W".into())]),
        ];
        d.start_mode = "rook".into();
        let effect = |face: u8| match face % 2 {
            1 => ThrowEffect::Set("wazir".to_string()),
            _ => ThrowEffect::Set("rook".to_string()),
        };
        d.chance = Some(ChanceDef {
            dice: vec![6],
            ordered: false,
            register: "rooks".to_string(),
            choice: "rook".to_string(),
            throws: (1..=6).map(|f| (vec![f], effect(f))).collect(),
        });
        let v = Variant::load(d).unwrap();
        assert_eq!(v.mode_kinds, 1 << 2, "the rook is the third piece");
        assert_eq!(v.throw_odds.len(), 6);
        let fen = "k3/p3/4/R2K w - - 0 1";
        let mut p = crate::rules::position::Position::from_fen(v, fen).unwrap();
        let rook_moves = |p: &crate::rules::position::Position| {
            let mut texts: Vec<String> = p
                .legal_moves()
                .iter()
                .filter(|m| m.from().index() == 0)
                .map(|&m| p.move_text(m))
                .collect();
            texts.sort();
            texts
        };
        assert_eq!(rook_moves(&p), ["a1a2", "a1a3", "a1b1", "a1c1"]);
        p.play_action_text("d1d2").unwrap();
        assert!(p.play_action_text("roll:7").is_err());
        p.play_action_text("roll:3").unwrap();
        assert!(p.to_fen().ends_with("rooks=wazir/rook"), "{}", p.to_fen());
        p.play_action_text("a3a2").unwrap();
        p.play_action_text("roll:2").unwrap();
        // White's rook steps one square now; Black's mode is its own.
        assert_eq!(rook_moves(&p), ["a1a2", "a1b1"]);
        assert!(p.to_fen().ends_with("rooks=wazir/rook"), "{}", p.to_fen());
    }

    #[test]
    fn bad_tables_are_rejected_with_the_reason() {
        let mut d = tiny();
        d.pieces[2].betza = "Rx".into();
        assert!(matches!(error(d), VariantError::Betza { piece, .. } if piece == "rook"));
        let mut d = tiny();
        d.pieces[2].letter = 'P';
        assert_eq!(error(d), VariantError::DuplicateLetter('P'));
        let mut d = tiny();
        d.pieces[1].promotions = vec!["Q".into()];
        assert!(matches!(
            error(d),
            VariantError::UnknownPromotion { symbol, .. } if symbol == "Q"
        ));
        let mut d = tiny();
        d.pieces[1].promotions = vec!["K".into()];
        assert!(matches!(error(d), VariantError::RoyalPromotion { .. }));
        let mut d = tiny();
        d.width = 17;
        assert!(matches!(error(d), VariantError::Geometry(_)));
        let mut d = tiny();
        d.start_fen = "k3/p3/3P/3K x - - 0 1".into();
        assert!(matches!(error(d), VariantError::BadStartPosition(_)));
        let mut d = tiny();
        d.promotion_ranks = vec![4];
        assert_eq!(error(d), VariantError::PromotionRankOffBoard(4));
        let mut d = tiny();
        d.extinction = Some('Z');
        assert_eq!(error(d), VariantError::UnknownExtinctionPiece('Z'));
        let mut d = tiny();
        d.pieces[0].immune_to = vec!['R'];
        assert!(matches!(error(d), VariantError::RoyalImmunity { .. }));
        let mut d = tiny();
        d.castling = vec![CastlingDef {
            king_from: (3, 0),
            king_to: (1, 1),
            rook_from: (0, 0),
            rook_to: (2, 0),
            fen_letter: 'Q',
            king: "K".into(),
            rook: "R".into(),
        }];
        assert!(matches!(error(d), VariantError::BadCastling(_)));
        let mut d = tiny();
        d.pieces[2].captured = vec![(vec![], Fate::CapturersHand)];
        assert!(matches!(error(d), VariantError::BadFate { .. }));
    }

    #[test]
    fn bad_modes_and_dice_are_rejected_with_the_reason() {
        let mut d = tiny();
        d.modes = vec![ModeDef::new("fast", "Fast", vec![("Z".into(), "R".into())])];
        d.start_mode = "fast".into();
        assert!(matches!(error(d), VariantError::UnknownSymbol { .. }));
        let mut d = tiny();
        d.modes = vec![ModeDef::new("a b", "", vec![])];
        d.start_mode = "a b".into();
        assert!(matches!(error(d), VariantError::BadMode(_)));
        let mut d = tiny();
        d.modes = vec![ModeDef::new("slow", "Slow", vec![("R".into(), "W".into())])];
        d.start_mode = "fast".into();
        assert!(matches!(error(d), VariantError::BadMode(_)));
        let mut d = tiny();
        let slow = ModeDef::new("slow", "Slow", vec![("R".into(), "W".into())]);
        d.modes = vec![slow.clone(), slow];
        d.start_mode = "slow".into();
        assert!(matches!(error(d), VariantError::BadMode(why) if why.contains("twice")));
        for ranks in [&[][..], &[200][..]] {
            let mut d = tiny();
            let mut slow = ModeDef::new("slow", "Slow", vec![]);
            slow.own_moves_on = vec![("R".into(), ranks.to_vec())];
            d.modes = vec![slow];
            d.start_mode = "slow".into();
            let e = error(d);
            assert!(
                matches!(&e, VariantError::BadMode(why) if why.contains("no rank")),
                "{e}"
            );
        }
        let mut d = tiny();
        d.modes = vec![ModeDef::new("slow", "Slow", vec![("R".into(), "W".into())])];
        d.start_mode = "slow".into();
        d.chance = Some(ChanceDef {
            dice: vec![6],
            ordered: false,
            register: "rooks".into(),
            choice: "rook".into(),
            throws: (1..=6)
                .map(|f| (vec![f], ThrowEffect::Set("fast".into())))
                .collect(),
        });
        assert!(matches!(error(d), VariantError::BadChance(_)));
    }
}
