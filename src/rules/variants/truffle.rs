//! Truffle Hunt Chess (Charles Gilman): the back ranks start asleep, pigs
//! roll dice for truffles, and truffles in store wake the sleepers. Rules as
//! we read them: docs/rules/truffle.md.

use super::orthodox_castling;
use crate::rules::def::{CastlingDef, Fate, HuntDef, Hunter, NoMoveOutcome, PieceDef, VariantDef};

/// Pigs may pass over pigs and sleeping pieces, never over awake ones.
const PASSABLE: &[&str] = &["S", "H", "K", "Q", "R", "B", "N"];
const PIGS: &[&str] = &["S", "H"];

fn pig(name: &'static str, letter: char, betza: &'static str) -> PieceDef {
    PieceDef {
        lame_passable: PASSABLE,
        resets_clock: true,
        drop_ranks: &[1],
        // Whatever takes a pig gains it, as its own pig.
        captured: &[(&[], Fate::CapturersHand)],
        ..PieceDef::new(name, letter, betza)
    }
}

/// A back-rank piece: asleep (no moves) or awake (`+`, orthodox moves).
fn piece(
    name: &'static str,
    letter: char,
    betza: &'static str,
    awake: bool,
    royal: bool,
) -> PieceDef {
    // An awake piece a pig takes goes back to its owner, asleep; any other
    // capture of a back-rank piece takes it out of the game.
    let back_asleep: &'static [(&'static [&'static str], Fate)] = match letter {
        'Q' => &[(PIGS, Fate::OwnersHand("Q"))],
        'R' => &[(PIGS, Fate::OwnersHand("R"))],
        'B' => &[(PIGS, Fate::OwnersHand("B"))],
        'N' => &[(PIGS, Fate::OwnersHand("N"))],
        _ => &[],
    };
    PieceDef {
        royal,
        plus: awake,
        drop_ranks: &[0],
        captured: if awake { back_asleep } else { &[] },
        ..PieceDef::new(name, letter, if awake { betza } else { "" })
    }
}

pub fn definition() -> VariantDef {
    let mut pieces = vec![pig("sow", 'S', "WfnD"), pig("boar", 'H', "FfnA")];
    // This order is also the order of the pieces in hand in FEN.
    for awake in [false, true] {
        pieces.push(piece("king", 'K', "K", awake, true));
        pieces.push(piece("queen", 'Q', "Q", awake, false));
        pieces.push(piece("rook", 'R', "R", awake, false));
        pieces.push(piece("bishop", 'B', "B", awake, false));
        pieces.push(piece("knight", 'N', "N", awake, false));
    }
    VariantDef {
        name: "truffle",
        width: 8,
        height: 8,
        holes: vec![],
        capture_only: vec![],
        pieces,
        start_fen: "rnbqkbnr/shhsshhs/8/8/8/8/SHHSSHHS/RNBQKBNR[] w KQkq - 0 1",
        promotion_ranks: vec![],
        promotion_after_throw: false,
        // Awake, a King and a Rook that have never moved castle as in chess;
        // asleep, they keep the right.
        castling: orthodox_castling(4, 0, 7, 0)
            .into_iter()
            .map(|c| CastlingDef {
                king: "+K",
                rook: "+R",
                ..c
            })
            .collect(),
        stalemate: NoMoveOutcome::Draw,
        extinction: None,
        uses_hands: true,
        modes: vec![],
        start_mode: "",
        chance: None,
        hunt: Some(HuntDef {
            food: "truffles",
            store: "stores",
            start_ranks: &[2, 3, 4, 5],
            start_count: 6,
            store_max: 6,
            // A Sow finds (and eats) on 5 or 6, a Boar on 6 only.
            hunters: &[
                Hunter {
                    symbol: "S",
                    finds: 2,
                    eats: 2,
                },
                Hunter {
                    symbol: "H",
                    finds: 1,
                    eats: 1,
                },
            ],
            activation: &[('N', 3), ('B', 3), ('R', 4), ('Q', 5), ('K', 6)],
        }),
        drop_limits: vec![(&["B", "+B"], 1), (&["H"], 4)],
        fifty_move_plies: 100,
        repetitions: 3,
        value_overrides: vec![],
        bench: vec![(None, 3)],
        chance_bench: 6,
    }
}
