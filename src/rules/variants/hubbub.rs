//! Hubbub (Greg Strong, 2006): an 8x8 board with eight squares hanging off
//! its edges, on a 10x10 grid. Rules as we read them: docs/rules/hubbub.md.
//!
//! Grid cells are (file, rank) with file 0 the page's `x`, 9 its `z`, and
//! rank 0 the page's rank 0: the page's a1 is cell (1, 1).

use super::{orthodox_castling, orthodox_pawn};
use crate::rules::def::{NoMoveOutcome, PieceDef, VariantDef};

/// The extra squares: the page's x0 d0 e0 z0 and x9 d9 e9 z9.
const EXTRA_SQUARES: [(u8, u8); 8] = [
    (0, 0),
    (4, 0),
    (5, 0),
    (9, 0),
    (0, 9),
    (4, 9),
    (5, 9),
    (9, 9),
];

pub fn definition() -> VariantDef {
    let mut holes = Vec::new();
    for rank in 0..10u8 {
        for file in 0..10u8 {
            let main_board = (1..=8).contains(&file) && (1..=8).contains(&rank);
            if !main_board && !EXTRA_SQUARES.contains(&(file, rank)) {
                holes.push((file, rank));
            }
        }
    }
    VariantDef {
        name: "hubbub",
        width: 10,
        height: 10,
        holes,
        capture_only: EXTRA_SQUARES.to_vec(),
        pieces: vec![
            orthodox_pawn(&['R', 'B', 'L', 'G']),
            PieceDef::new("knight", 'N', "N"),
            // A camel leap while it has never moved.
            PieceDef::new("bishop", 'B', "BiC"),
            PieceDef::new("rook", 'R', "R"),
            PieceDef::new("lion", 'L', "DHF"),
            // One knight move while it has never moved.
            PieceDef::new("scout", 'S', "WHiN"),
            PieceDef::new("gryphon", 'G', "NWH"),
            PieceDef {
                royal: true,
                ..PieceDef::new("king", 'K', "K")
            },
        ],
        start_fen: "b***ss***b/*rnlgklnr*/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/*RNLGKLNR*/B***SS***B w KQkq - 0 1",
        promotion_ranks: vec![8],
        promotion_after_throw: false,
        // The page's e1, a1 and h1 are grid cells (5, 1), (1, 1) and (8, 1).
        castling: orthodox_castling(5, 1, 8, 1),
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
        eval_weights: include_str!("hubbub.weights"),
        bench: vec![(None, 5)],
        chance_bench: 0,
    }
}
