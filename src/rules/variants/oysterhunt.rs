//! Oyster Hunt Chess, a Food Hunt of the Truffle Hunt page: Carpenters and
//! Walruses hunt oysters; a Walrus may become a Goldtusk, which does not
//! hunt, and turn back. Rules: docs/rules/oysterhunt.md.

use super::food_hunt::{self, hunter, FoodHunt};
use crate::rules::def::{Fate, Hunter, PieceDef, VariantDef};

/// Straight and diagonal jumps pass over hunters (the Goldtusk too) and
/// sleeping pieces, never over awake ones; the knight's leap always leaps.
const PASSABLE: &[&str] = &["C", "W", "G", "K", "Q", "R", "B", "N"];

/// The Walrus: may become a Goldtusk ending a move on its 7th rank, must on
/// its 8th.
fn walrus() -> PieceDef {
    PieceDef {
        promotions: &['G'],
        promotion_may: &[6],
        promotion_must: &[7],
        ..hunter("walrus", 'W', "fWfnA", PASSABLE)
    }
}

/// The Goldtusk: a Walrus with the Wazir's every step; may turn back ending
/// a move on its 3rd to 6th ranks, must on its 2nd. Taken, it goes to the
/// capturer's reserve as a Walrus; it is never in a reserve itself.
fn goldtusk() -> PieceDef {
    PieceDef {
        promotions: &['W'],
        promotion_may: &[2, 3, 4, 5],
        promotion_must: &[1],
        drop_ranks: &[],
        captured: vec![(&[], Fate::CapturersHandAs("W"))],
        ..hunter("goldtusk", 'G', "WfnA", PASSABLE)
    }
}

pub fn definition() -> VariantDef {
    food_hunt::definition(FoodHunt {
        name: "oysterhunt",
        height: 8,
        hunters: vec![
            hunter("carpenter", 'C', "NnD", PASSABLE),
            walrus(),
            goldtusk(),
        ],
        // The Goldtusk does not hunt, but sends awake pieces home as a
        // hunter does.
        hunter_symbols: &["C", "W", "G"],
        // "The Carpenter has the array position of the Sow but the skill
        // and voracity only of the Boar, and the Walrus vice versa."
        odds: &[
            Hunter {
                symbol: "C",
                finds: 1,
                eats: 1,
            },
            Hunter {
                symbol: "W",
                finds: 2,
                eats: 2,
            },
        ],
        food: "oysters",
        food_ranks: &[2, 3, 4, 5],
        start_fen: "rnbqkbnr/cwwccwwc/8/8/8/8/CWWCCWWC/RNBQKBNR[] w KQkq - 0 1",
        drop_limits: vec![(&["B", "+B"], 1)],
        bench: vec![],
        chance_bench: 0,
    })
}
