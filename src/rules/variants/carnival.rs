//! Carnival of the Animals (Charles Gilman) and its All Oblique form:
//! orthodox chess with Eurofighter pawns and knights whose leap the dice
//! decide. Rules as we read them: docs/rules/carnival.md.

use super::orthodox_castling;
use crate::rules::def::{NoMoveOutcome, PieceDef, VariantDef};
use crate::rules::dice::ChanceModel;

pub fn definition(oblique: bool) -> VariantDef {
    VariantDef {
        name: if oblique {
            "carnival-oblique"
        } else {
            "carnival"
        },
        width: 8,
        height: 8,
        holes: vec![],
        capture_only: vec![],
        pieces: vec![
            // One step straight (quiet) or diagonal (capture); as its first
            // move, two such steps in any order.
            PieceDef {
                promotions: &['Q', 'R', 'B', 'N'],
                ep_victim: true,
                ep_capturer: true,
                two_leg_initial: Some("fmWfcF"),
                ..PieceDef::new("pawn", 'P', "fmWfcF")
            },
            // Moves as its side's current leaper: (2,1) until the first throw.
            PieceDef {
                dice_leaper: true,
                ..PieceDef::new("knight", 'N', "N")
            },
            PieceDef::new("bishop", 'B', "B"),
            PieceDef::new("rook", 'R', "R"),
            PieceDef::new("queen", 'Q', "Q"),
            PieceDef {
                royal: true,
                ..PieceDef::new("king", 'K', "K")
            },
        ],
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 knights=2:1/2:1",
        promotion_ranks: vec![7],
        castling: orthodox_castling(4, 0, 7, 0),
        stalemate: NoMoveOutcome::Draw,
        extinction: None,
        uses_hands: false,
        chance: Some(ChanceModel::KnightDice { oblique }),
        truffles: None,
        drop_limits: vec![],
        fifty_move_plies: 100,
        repetitions: 3,
        value_overrides: vec![],
    }
}
