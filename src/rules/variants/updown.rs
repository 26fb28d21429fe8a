//! Up and Down Chess (Charles Gilman): one die a move changes how the
//! thrower's pieces but the pawns move. Rules: docs/rules/updown.md.

use super::dice_chess::{definition as dice_chess, face_is_mode, face_mode, DiceChess};
use crate::rules::def::{ModeDef, VariantDef};

pub fn definition() -> VariantDef {
    dice_chess(DiceChess {
        name: "updown",
        register: "die",
        dice: &[6],
        ordered: false,
        modes: faces(),
        effect: face_is_mode,
    })
}

/// What each face does to the thrower's pieces (forward is its own).
pub(super) fn faces() -> Vec<ModeDef> {
    vec![
        ModeDef {
            castling: false,
            ..face_mode(
                1,
                "no backward or sideways orthogonal moves",
                &[("R", "fR"), ("Q", "BfR"), ("K", "FfW")],
            )
        },
        face_mode(
            2,
            "no backward diagonal moves",
            &[("B", "fB"), ("Q", "RfB"), ("K", "WfF")],
        ),
        face_mode(3, "Knights are Helms", &[("N", "ffN")]),
        nightpigs(4),
        face_mode(5, "Bishops are Silverriders", &[("B", "BfR")]),
        face_mode(6, "Rooks are Goldriders", &[("R", "RfB")]),
    ]
}

/// Knights gain the two forwardmost 4:2 leaps (the Calf).
fn nightpigs(face: u8) -> ModeDef {
    face_mode(face, "Knights are Nightpigs", &[("N", "Nff(4,2)")])
}

/// Faces 4, 5 and 6 at once (Army Orientation's 6).
pub(super) fn enhanced(face: u8) -> ModeDef {
    face_mode(
        face,
        "Nightpigs, Silverriders and Goldriders",
        &[("N", "Nff(4,2)"), ("B", "BfR"), ("R", "RfB")],
    )
}
