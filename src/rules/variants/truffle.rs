//! Truffle Hunt Chess (Charles Gilman): the back ranks start asleep, pigs
//! roll dice for truffles, and truffles in store wake the sleepers. Rules as
//! we read them: docs/rules/truffle.md.

use super::food_hunt::{self, hunter, FoodHunt};
use crate::rules::def::{Hunter, VariantDef};

/// Pigs may pass over pigs and sleeping pieces, never over awake ones.
const PASSABLE: &[&str] = &["S", "H", "K", "Q", "R", "B", "N"];

pub fn definition() -> VariantDef {
    food_hunt::definition(FoodHunt {
        name: "truffle",
        height: 8,
        hunters: vec![
            hunter("sow", 'S', "WfnD", PASSABLE),
            hunter("boar", 'H', "FfnA", PASSABLE),
        ],
        hunter_symbols: &["S", "H"],
        // A Sow finds (and eats) on 5 or 6, a Boar on 6 only.
        odds: &[
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
        food: "truffles",
        food_ranks: &[2, 3, 4, 5],
        start_fen: "rnbqkbnr/shhsshhs/8/8/8/8/SHHSSHHS/RNBQKBNR[] w KQkq - 0 1",
        drop_limits: vec![(&["B", "+B"], 1), (&["H"], 4)],
        bench: vec![(None, 3)],
        chance_bench: 6,
    })
}
