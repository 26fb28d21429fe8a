//! The Food Hunt games of the Truffle Hunt page (Charles Gilman): sleeping
//! back ranks, hunters in front of them that throw for food where they end
//! a move, food in store that wakes the sleepers. Each game gives its
//! hunters, its food and its board; the rest is Truffle Hunt's
//! (docs/rules/truffle.md).

use super::orthodox_castling;
use crate::rules::def::{CastlingDef, Fate, HuntDef, Hunter, NoMoveOutcome, PieceDef, VariantDef};

/// What one Food Hunt game makes its own.
pub(super) struct FoodHunt {
    pub name: &'static str,
    /// Ranks of the board (8 files always).
    pub height: u8,
    /// The hunters, each made by `hunter`; the order is the FEN holdings'.
    pub hunters: Vec<PieceDef>,
    /// The hunters' symbols: the capturers that send an awake piece home.
    pub hunter_symbols: &'static [&'static str],
    /// The hunters' dice.
    pub odds: &'static [Hunter],
    /// FEN's word for the food (`truffles`).
    pub food: &'static str,
    /// Ranks (from White's side, from 0) whose squares start with food.
    pub food_ranks: &'static [u8],
    pub start_fen: &'static str,
    /// At most so many of these pieces of a side on one square colour.
    pub drop_limits: Vec<(&'static [&'static str], u8)>,
    /// Positions and depths of `menagerie bench`.
    pub bench: Vec<(Option<&'static str>, u32)>,
    pub chance_bench: usize,
}

/// A hunter: always awake, dropped on its owner's second rank, gained by
/// whoever takes it; its lame jumps pass over the pieces `passable` names
/// (hunters and sleepers, never an awake piece).
pub(super) fn hunter(
    name: &'static str,
    letter: char,
    betza: &'static str,
    passable: &'static [&'static str],
) -> PieceDef {
    PieceDef {
        lame_passable: passable,
        resets_clock: true,
        drop_ranks: &[1],
        captured: vec![(&[], Fate::CapturersHand)],
        ..PieceDef::new(name, letter, betza)
    }
}

/// A back-rank piece: asleep (no moves) or awake (`+`, orthodox moves).
/// An awake piece a hunter takes goes back to its owner, asleep; any other
/// capture of a back-rank piece takes it out of the game.
fn back_piece(
    (name, letter, betza): (&'static str, char, &'static str),
    awake: bool,
    hunters: &'static [&'static str],
) -> PieceDef {
    let asleep: &'static str = match letter {
        'Q' => "Q",
        'R' => "R",
        'B' => "B",
        _ => "N",
    };
    let captured = match awake && letter != 'K' {
        true => vec![(hunters, Fate::OwnersHand(asleep))],
        false => Vec::new(),
    };
    PieceDef {
        royal: letter == 'K',
        plus: awake,
        drop_ranks: &[0],
        captured,
        ..PieceDef::new(name, letter, if awake { betza } else { "" })
    }
}

/// The orthodox back-rank army, asleep then awake.
fn back_ranks(hunters: &'static [&'static str]) -> Vec<PieceDef> {
    let army = [
        ("king", 'K', "K"),
        ("queen", 'Q', "Q"),
        ("rook", 'R', "R"),
        ("bishop", 'B', "B"),
        ("knight", 'N', "N"),
    ];
    [false, true]
        .into_iter()
        .flat_map(|awake| army.into_iter().map(move |p| back_piece(p, awake, hunters)))
        .collect()
}

pub(super) fn definition(game: FoodHunt) -> VariantDef {
    let mut pieces = game.hunters;
    // This order is also the order of the pieces in hand in FEN.
    pieces.extend(back_ranks(game.hunter_symbols));
    VariantDef {
        name: game.name,
        width: 8,
        height: game.height,
        holes: vec![],
        capture_only: vec![],
        pieces,
        start_fen: game.start_fen,
        promotion_ranks: vec![],
        promotion_after_throw: false,
        // Awake, a King and a Rook that have never moved castle as in chess;
        // asleep, they keep the right.
        castling: orthodox_castling(4, 0, 7, 0)
            .into_iter()
            .map(|c| CastlingDef {
                king: "+K",
                rook: "+R",
                ..c
            })
            .collect(),
        stalemate: NoMoveOutcome::Draw,
        extinction: None,
        uses_hands: true,
        modes: vec![],
        start_mode: "",
        chance: None,
        hunt: Some(HuntDef {
            food: game.food,
            store: "stores",
            start_ranks: game.food_ranks,
            start_count: 6,
            store_max: 6,
            hunters: game.odds,
            activation: &[('N', 3), ('B', 3), ('R', 4), ('Q', 5), ('K', 6)],
        }),
        drop_limits: game.drop_limits,
        fifty_move_plies: 100,
        repetitions: 3,
        value_overrides: vec![],
        eval_weights: "",
        bench: game.bench,
        chance_bench: game.chance_bench,
    }
}
