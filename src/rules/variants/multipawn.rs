//! Multipawn Chess (Charles Gilman): one die a move decides which
//! two-steps the thrower's pawns may make, and which they may take en
//! passant. Rules: docs/rules/multipawn.md.

use super::dice_chess::{definition as dice_chess, face_is_mode, face_mode, DiceChess};
use crate::rules::def::{ModeDef, TwoSteps, VariantDef};

pub fn definition() -> VariantDef {
    let q_q = TwoSteps::QUIET_QUIET;
    let c_c = TwoSteps::CAPTURE_CAPTURE;
    let mixed = TwoSteps::QUIET_CAPTURE.with(TwoSteps::CAPTURE_QUIET);
    let pawns = |face: u8, title: &str, steps: TwoSteps| ModeDef {
        two_steps: steps,
        en_passant: steps,
        ..face_mode(face, title, &[])
    };
    dice_chess(DiceChess {
        name: "multipawn",
        register: "die",
        dice: &[6],
        ordered: false,
        modes: vec![
            pawns(1, "Ancient pawns", TwoSteps::NONE),
            pawns(2, "European pawns", q_q),
            pawns(3, "Warhead pawns", c_c),
            pawns(4, "Trident pawns", q_q.with(c_c)),
            pawns(5, "Helmsman pawns", mixed),
            pawns(6, "Eurofighter pawns", TwoSteps::ALL),
        ],
        effect: face_is_mode,
    })
}
