//! Piece Orientation Chess (Charles Gilman): two dice a move, the first
//! picks a piece type, the second how it moves (Shogi, Xiangqi, Makruk or
//! a union). Rules: docs/rules/pieceorientation.md.

use super::dice_chess::{definition as dice_chess, DiceChess};
use super::orientation::{self, MAKRUK, SHOGI, XIANGQI};
use crate::rules::def::{ModeDef, ThrowEffect, TwoSteps, VariantDef};

pub fn definition() -> VariantDef {
    let mut modes = Vec::new();
    for kind_face in 1..=6u8 {
        for form_face in 1..=6u8 {
            modes.push(mode(kind_face, form_face));
        }
    }
    dice_chess(DiceChess {
        name: "pieceorientation",
        register: "dice",
        dice: &[6, 6],
        ordered: true,
        modes,
        effect: throw,
    })
}

/// The throw (first die, second die) is the mode `T:M`.
fn throw(pips: &[u8]) -> ThrowEffect {
    ThrowEffect::Set(format!("{}:{}", pips[0], pips[1]))
}

/// The second die's games: 1 Shogi, 2 Xiangqi, 3 both, 4 Makruk, 5 Shogi
/// and Makruk, 6 Xiangqi and Makruk.
const FORMS: [&[usize]; 6] = [
    &[SHOGI],
    &[XIANGQI],
    &[SHOGI, XIANGQI],
    &[MAKRUK],
    &[SHOGI, MAKRUK],
    &[XIANGQI, MAKRUK],
];

const FORM_NAMES: [&str; 6] = [
    "Shogi",
    "Xiangqi",
    "Shogi and Xiangqi",
    "Makruk",
    "Shogi and Makruk",
    "Xiangqi and Makruk",
];

const TYPE_NAMES: [&str; 6] = ["Pawns", "Rooks", "Knights", "Bishops", "Queen", "King"];

fn mode(kind_face: u8, form_face: u8) -> ModeDef {
    let (t, f) = (kind_face as usize - 1, form_face as usize - 1);
    let kind = orientation::TYPES[t];
    let title = format!("{} as in {}", TYPE_NAMES[t], FORM_NAMES[f]);
    let moves = vec![(kind, orientation::union(kind, FORMS[f]))];
    let mut mode = ModeDef::new(&format!("{kind_face}:{form_face}"), &title, moves);
    match kind {
        // "always preventing double moves and En Passant"
        "P" => {
            mode.two_steps = TwoSteps::NONE;
            mode.en_passant = TwoSteps::NONE;
        }
        // "always preventing Castling"
        "R" | "K" => mode.castling = false,
        _ => {}
    }
    if form_face == 1 && (kind == "R" || kind == "N") {
        mode.own_moves_on = orientation::shogi_back_rank(&[kind]);
    }
    mode
}
