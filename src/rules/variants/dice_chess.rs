//! What the dice games of Charles Gilman's Carnival page share: orthodox
//! chess with Eurofighter pawns, promotion chosen after the throw, and a
//! throw after every move that sets the thrower's mode (docs/rules/).

use super::{orthodox_castling, orthodox_pieces};
use crate::rules::def::{ChanceDef, ModeDef, NoMoveOutcome, PieceDef, ThrowEffect, VariantDef};

/// The mode of a side that has not thrown yet: chess, Eurofighter pawns.
pub(super) const NOT_THROWN: &str = "-";

/// One step straight (quiet) or diagonal (capture); as its first move, two
/// such steps in any order.
pub(super) fn eurofighter_pawn() -> PieceDef {
    PieceDef {
        promotions: &['Q', 'R', 'B', 'N'],
        ep_victim: true,
        ep_capturer: true,
        two_leg_initial: Some("fmWfcF"),
        ..PieceDef::new("pawn", 'P', "fmWfcF")
    }
}

/// A dice game of the page: its name, its dice and what a throw does, and
/// its modes (the not-thrown mode `-` is added first).
pub(super) struct DiceChess {
    pub name: &'static str,
    /// FEN's field for the modes (`die=3/-`).
    pub register: &'static str,
    pub dice: &'static [u8],
    pub ordered: bool,
    pub modes: Vec<ModeDef>,
    pub effect: fn(&[u8]) -> ThrowEffect,
}

pub(super) fn definition(game: DiceChess) -> VariantDef {
    let start_fen = match game.register {
        "dice" => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 dice=-/-",
        _ => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 die=-/-",
    };
    let mut modes = vec![ModeDef::new(NOT_THROWN, "not thrown yet: chess", vec![])];
    modes.extend(game.modes);
    VariantDef {
        name: game.name,
        width: 8,
        height: 8,
        holes: vec![],
        capture_only: vec![],
        pieces: orthodox_pieces(eurofighter_pawn()),
        start_fen,
        promotion_ranks: vec![7],
        promotion_after_throw: true,
        castling: orthodox_castling(4, 0, 7, 0),
        stalemate: NoMoveOutcome::Draw,
        extinction: None,
        uses_hands: false,
        modes,
        start_mode: NOT_THROWN,
        chance: Some(ChanceDef {
            dice: game.dice,
            ordered: game.ordered,
            register: game.register,
            choice: "mode",
            effect: game.effect,
        }),
        hunt: None,
        drop_limits: vec![],
        fifty_move_plies: 100,
        repetitions: 3,
        value_overrides: vec![],
        eval_weights: "",
        bench: vec![],
        chance_bench: 0,
    }
}

/// One die: its face is the thrower's mode.
pub(super) fn face_is_mode(pips: &[u8]) -> ThrowEffect {
    ThrowEffect::Set(pips[0].to_string())
}

/// A mode named by a die's face.
pub(super) fn face_mode(face: u8, title: &str, moves: &[(&'static str, &str)]) -> ModeDef {
    let moves = moves.iter().map(|&(k, b)| (k, b.to_string())).collect();
    ModeDef::new(&face.to_string(), title, moves)
}
