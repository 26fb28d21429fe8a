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

#[cfg(test)]
mod tests {
    use crate::rules::position::Position;
    use crate::rules::variants;

    #[test]
    fn a_general_finds_ore_but_never_eats_it() {
        let v = variants::load("mining").expect("mining");
        let mut pos = Position::startpos(v);
        pos.play_action_text("b2b3")
            .expect("a Silver's step onto ore");
        let before = pos.to_fen();
        let outcomes: Vec<String> = pos
            .chance_outcomes()
            .iter()
            .map(|&(a, _)| pos.action_text(a))
            .collect();
        assert_eq!(outcomes, ["find:no", "find:keep"]);
        assert!(pos.play_action_text("find:eat").is_err());
        assert_eq!(pos.to_fen(), before, "a refused outcome changes nothing");
        pos.play_action_text("find:keep").expect("a find");
        assert!(pos.to_fen().contains("stores=1/0"), "{}", pos.to_fen());
    }
}
