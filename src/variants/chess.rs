//! Orthodox chess: the reference every other game is checked against.

use crate::variant::{CastlingDef, NoMoveOutcome, PieceDef, VariantDef};

pub fn definition() -> VariantDef {
    VariantDef {
        name: "chess",
        width: 8,
        height: 8,
        holes: vec![],
        capture_only: vec![],
        pieces: vec![
            PieceDef {
                promotions: &['Q', 'R', 'B', 'N'],
                ep_victim: true,
                ep_capturer: true,
                ..PieceDef::new("pawn", 'P', "fmWfcFifmnD")
            },
            PieceDef::new("knight", 'N', "N"),
            PieceDef::new("bishop", 'B', "B"),
            PieceDef::new("rook", 'R', "R"),
            PieceDef::new("queen", 'Q', "Q"),
            PieceDef {
                royal: true,
                ..PieceDef::new("king", 'K', "K")
            },
        ],
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        promotion_ranks: vec![7],
        castling: vec![
            CastlingDef {
                king_from: (4, 0),
                king_to: (6, 0),
                rook_from: (7, 0),
                rook_to: (5, 0),
                fen_letter: 'K',
                rook: 'R',
            },
            CastlingDef {
                king_from: (4, 0),
                king_to: (2, 0),
                rook_from: (0, 0),
                rook_to: (3, 0),
                fen_letter: 'Q',
                rook: 'R',
            },
        ],
        stalemate: NoMoveOutcome::Draw,
        extinction: None,
        uses_hands: false,
        fifty_move_plies: 100,
        repetitions: 3,
    }
}
