//! Mining Chess, a Food Hunt of the Truffle Hunt page: Gold and Silver
//! Generals dig for ore, which all goes to the store. Rules:
//! docs/rules/mining.md.

use super::food_hunt::{self, hunter, FoodHunt};
use crate::rules::def::{Hunter, VariantDef};

pub fn definition() -> VariantDef {
    food_hunt::definition(FoodHunt {
        name: "mining",
        height: 8,
        hunters: vec![
            hunter("gold", 'G', "WfF", &[]),
            hunter("silver", 'S', "FfW", &[]),
        ],
        hunter_symbols: &["G", "S"],
        // The Sow's and the Boar's find odds; nothing is eaten.
        odds: &[
            Hunter {
                symbol: "G",
                finds: 2,
                eats: 0,
            },
            Hunter {
                symbol: "S",
                finds: 1,
                eats: 0,
            },
        ],
        food: "ore",
        food_ranks: &[2, 3, 4, 5],
        start_fen: "rnbqkbnr/gssggssg/8/8/8/8/GSSGGSSG/RNBQKBNR[] w KQkq - 0 1",
        drop_limits: vec![(&["B", "+B"], 1)],
        bench: vec![],
        chance_bench: 0,
    })
}
