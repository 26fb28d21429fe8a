//! Shrimp Hunt Chess, a Food Hunt of the Truffle Hunt page: Flamingos,
//! the (1,6) leapers, hunt shrimps on a board of 12 ranks. Rules:
//! docs/rules/shrimphunt.md.

use super::food_hunt::{self, hunter, FoodHunt};
use crate::rules::def::{Hunter, VariantDef};

pub fn definition() -> VariantDef {
    food_hunt::definition(FoodHunt {
        name: "shrimphunt",
        height: 12,
        hunters: vec![hunter("flamingo", 'F', "(1,6)", &[])],
        hunter_symbols: &["F"],
        odds: &[Hunter {
            symbol: "F",
            finds: 2,
            eats: 2,
        }],
        food: "shrimps",
        food_ranks: &[2, 3, 4, 5, 6, 7, 8, 9],
        start_fen: "rnbqkbnr/ffffffff/8/8/8/8/8/8/8/8/FFFFFFFF/RNBQKBNR[] w KQkq - 0 1",
        drop_limits: vec![(&["B", "+B"], 1)],
        bench: vec![],
        chance_bench: 0,
    })
}
