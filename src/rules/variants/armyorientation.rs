//! Army Orientation Chess (Charles Gilman): one die a move turns the
//! thrower's whole army into Shogi's, Xiangqi's, both, chess's or two
//! enhanced chess armies. Rules: docs/rules/armyorientation.md.

use super::dice_chess::{definition as dice_chess, face_is_mode, face_mode, DiceChess};
use super::orientation::{self, SHOGI, XIANGQI};
use super::updown::enhanced;
use crate::rules::def::{ModeDef, TwoSteps, VariantDef};

pub fn definition() -> VariantDef {
    let game = dice_chess(DiceChess {
        name: "armyorientation",
        register: "die",
        dice: &[6],
        ordered: false,
        modes: vec![
            ModeDef {
                own_moves_on: orientation::shogi_back_rank(&["R", "N"]),
                ..eastern(1, "Shogi army", &[SHOGI])
            },
            eastern(2, "Xiangqi army", &[XIANGQI]),
            eastern(3, "Shogi and Xiangqi army", &[SHOGI, XIANGQI]),
            face_mode(4, "chess army", &[]),
            face_mode(5, "Shogi and chess army", &[("P", "fWfcF"), ("B", "BfW")]),
            enhanced(6),
        ],
        effect: face_is_mode,
    });
    VariantDef {
        eval_weights: include_str!("armyorientation.weights"),
        ..game
    }
}

/// An army of Shogi's or Xiangqi's pieces (or both): no castling, no
/// two-step, no en passant.
fn eastern(face: u8, title: &str, games: &[usize]) -> ModeDef {
    let moves: Vec<(&'static str, String)> = orientation::TYPES
        .iter()
        .map(|&kind| (kind, orientation::union(kind, games)))
        .collect();
    ModeDef {
        castling: false,
        two_steps: TwoSteps::NONE,
        en_passant: TwoSteps::NONE,
        ..ModeDef::new(&face.to_string(), title, moves)
    }
}
