//! Orthodox chess: the reference every other game is checked against.

use super::{orthodox_castling, orthodox_pawn, orthodox_pieces};
use crate::rules::def::{NoMoveOutcome, VariantDef};

pub fn definition() -> VariantDef {
    VariantDef {
        name: "chess",
        width: 8,
        height: 8,
        holes: vec![],
        capture_only: vec![],
        pieces: orthodox_pieces(orthodox_pawn(&['Q', 'R', 'B', 'N'])),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        promotion_ranks: vec![7],
        promotion_after_throw: false,
        castling: orthodox_castling(4, 0, 7, 0),
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
        eval_weights: "",
        bench: vec![
            (None, 7),
            (
                Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
                5,
            ),
            (Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"), 9),
        ],
        chance_bench: 0,
    }
}
