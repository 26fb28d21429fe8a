//! Wolf Chess (Arno von Wilpert, 1943): 8 files x 10 ranks, no knights in
//! the setup, Nightriders, Foxes, Wolves, Sergeants, and Elephants by
//! promotion. Rules as we read them: docs/rules/wolf.md.

use super::orthodox_pawn;
use crate::rules::def::{NoMoveOutcome, PieceDef, VariantDef};

/// What a Sergeant may become on the last rank; a Pawn may also become an Elephant.
const SERGEANT_PROMOTIONS: &[char] = &['Q', 'R', 'B', 'H', 'W', 'F', 'N'];
const PAWN_PROMOTIONS: &[char] = &['Q', 'R', 'B', 'H', 'W', 'F', 'N', 'E'];

pub fn definition() -> VariantDef {
    VariantDef {
        name: "wolf",
        width: 8,
        height: 10,
        holes: vec![],
        capture_only: vec![],
        pieces: vec![
            orthodox_pawn(PAWN_PROMOTIONS),
            PieceDef {
                promotions: SERGEANT_PROMOTIONS,
                ep_victim: true,
                ..PieceDef::new("sergeant", 'S', "fKifmnD")
            },
            // 'N' is the Nightrider, as in Fairy-Stockfish's wolf; the
            // Knight, which only promotion brings, is 'H'.
            PieceDef::new("nightrider", 'N', "NN"),
            PieceDef::new("knight", 'H', "N"),
            PieceDef::new("bishop", 'B', "B"),
            PieceDef::new("rook", 'R', "R"),
            PieceDef::new("fox", 'F', "BN"),
            PieceDef::new("wolf", 'W', "RN"),
            PieceDef::new("queen", 'Q', "Q"),
            PieceDef::new("elephant", 'E', "QNN"),
            PieceDef {
                royal: true,
                ..PieceDef::new("king", 'K', "K")
            },
        ],
        start_fen: "qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ w - - 0 1",
        promotion_ranks: vec![9],
        promotion_after_throw: false,
        castling: vec![],
        stalemate: NoMoveOutcome::Draw,
        extinction: None,
        uses_hands: false,
        modes: vec![],
        start_mode: "",
        chance: None,
        hunt: None,
        drop_limits: vec![],
        fifty_move_plies: 100,
        repetitions: 3,
        value_overrides: vec![],
        eval_weights: include_str!("wolf.weights"),
        bench: vec![(None, 5)],
        chance_bench: 0,
    }
}
