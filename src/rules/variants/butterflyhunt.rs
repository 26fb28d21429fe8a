//! Butterfly Hunt Chess, a Food Hunt of the Truffle Hunt page: Wazirs and
//! Ferzes hunt butterflies. Rules: docs/rules/butterflyhunt.md.

use super::food_hunt::{self, hunter, FoodHunt};
use crate::rules::def::{Hunter, VariantDef};

/// Both hunt as a Sow: find on 5 or 6, eat on 5 or 6.
const SOW_LIKE: u8 = 2;

pub fn definition() -> VariantDef {
    food_hunt::definition(FoodHunt {
        name: "butterflyhunt",
        height: 8,
        hunters: vec![
            hunter("wazir", 'W', "W", &[]),
            hunter("ferz", 'F', "F", &[]),
        ],
        hunter_symbols: &["W", "F"],
        odds: &[
            Hunter {
                symbol: "W",
                finds: SOW_LIKE,
                eats: SOW_LIKE,
            },
            Hunter {
                symbol: "F",
                finds: SOW_LIKE,
                eats: SOW_LIKE,
            },
        ],
        food: "butterflies",
        food_ranks: &[2, 3, 4, 5],
        start_fen: "rnbqkbnr/wffwwffw/8/8/8/8/WFFWWFFW/RNBQKBNR[] w KQkq - 0 1",
        // The Ferz keeps to one square colour, as the Boar does.
        drop_limits: vec![(&["B", "+B"], 1), (&["F"], 4)],
        bench: vec![],
        chance_bench: 0,
    })
}
