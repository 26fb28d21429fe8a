//! Pawn Eaters (Gary K. Gifford, 2008): no king; the side whose pawns are
//! all gone loses. Rules as we read them: docs/rules/pawneaters.md.

use super::orthodox_pawn;
use crate::rules::def::{NoMoveOutcome, PieceDef, VariantDef};

pub fn definition() -> VariantDef {
    VariantDef {
        name: "pawneaters",
        width: 8,
        height: 8,
        holes: vec![],
        capture_only: vec![],
        pieces: vec![
            orthodox_pawn(&['R', 'N', 'E', 'O']),
            // A rook, or a jump to any empty square off the opponent's first two ranks.
            PieceDef {
                teleport_ranks: &[0, 1, 2, 3, 4, 5],
                ..PieceDef::new("shamanic rook", 'R', "R")
            },
            PieceDef::new("knight", 'N', "N"),
            // Moves as a bishop, captures one step diagonally forward; pawns cannot take it.
            PieceDef {
                ep_capturer: true,
                immune_to: &['P'],
                ..PieceDef::new("pawn eater", 'E', "mBfcF")
            },
            // Slides 1-3 straight forward or 1-2 diagonally backward.
            PieceDef::new("old elephant", 'O', "fR3bB2"),
        ],
        start_fen: "rneooenr/pppppppp/8/8/8/8/PPPPPPPP/RNEOOENR w - - 0 1",
        promotion_ranks: vec![7],
        promotion_after_throw: false,
        castling: vec![],
        stalemate: NoMoveOutcome::Draw,
        extinction: Some('P'),
        uses_hands: false,
        modes: vec![],
        start_mode: "",
        chance: None,
        hunt: None,
        drop_limits: vec![],
        fifty_move_plies: 100,
        repetitions: 3,
        value_overrides: vec![],
        eval_weights: "",
        bench: vec![(None, 4)],
        chance_bench: 0,
    }
}
