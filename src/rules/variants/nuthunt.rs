//! Nut Hunt Chess, a Food Hunt of the Truffle Hunt page: Squirrels, which
//! reach every square at distance two, hunt nuts. Rules:
//! docs/rules/nuthunt.md.

use super::food_hunt::{self, hunter, FoodHunt};
use crate::rules::def::{Hunter, VariantDef};

/// Straight jumps pass over Squirrels and sleeping pieces, never over
/// awake ones; the knight's leap always leaps.
const PASSABLE: &[&str] = &["S", "K", "Q", "R", "B", "N"];

pub fn definition() -> VariantDef {
    food_hunt::definition(FoodHunt {
        name: "nuthunt",
        height: 8,
        hunters: vec![hunter("squirrel", 'S', "NnAnD", PASSABLE)],
        hunter_symbols: &["S"],
        // Strong, so it hunts as a Boar: 6 finds, 6 eats.
        odds: &[Hunter {
            symbol: "S",
            finds: 1,
            eats: 1,
        }],
        food: "nuts",
        food_ranks: &[2, 3, 4, 5],
        start_fen: "rnbqkbnr/ssssssss/8/8/8/8/SSSSSSSS/RNBQKBNR[] w KQkq - 0 1",
        drop_limits: vec![(&["B", "+B"], 1)],
        bench: vec![],
        chance_bench: 0,
    })
}
