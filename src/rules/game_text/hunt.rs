//! Our keys for a hunt (the Truffle Hunt page's games): food on the
//! squares, a store for each side, hunters that throw for it, and
//! sleeping pieces woken by paying from the store.

use crate::rules::def::{HuntDef, Hunter};
use crate::rules::game_text::pieces::{per_piece_key, piece_symbol, Army};
use crate::rules::game_text::reader::Reader;
use crate::rules::game_text::values;

pub fn read_hunt(r: &mut Reader, army: &Army, height: u8) -> Option<HuntDef> {
    let hunters = per_piece_key(r, army, "hunters");
    let food = r.read("foodField", |v| Ok(v.to_string()));
    let unit = r.read("foodUnit", |v| Ok(v.to_string()));
    let store = r.read("storeField", |v| Ok(v.to_string()));
    let start_ranks = r.read("foodRanks", |v| values::ranks(v, height));
    let start_count = r.read("foodStart", |v| values::number(v, 0, 7));
    let store_max = r.read("storeMax", |v| values::number(v, 0, 7));
    let wake = per_piece_key(r, army, "wakeCosts");
    if hunters.is_empty() {
        if food.is_some() || !wake.is_empty() {
            r.refuse_key("foodField", "a hunt needs its hunters".to_string());
        }
        return None;
    }
    let food = food.unwrap_or_else(|| "food".to_string());
    let mut def = HuntDef {
        unit: unit.unwrap_or_else(|| one_unit_of(&food)),
        food,
        store: store.unwrap_or_else(|| "stores".to_string()),
        start_ranks: start_ranks.unwrap_or_default(),
        start_count: start_count.unwrap_or(0) as u8,
        store_max: store_max.unwrap_or(7) as u8,
        hunters: Vec::new(),
        activation: Vec::new(),
    };
    for (i, odds) in hunters {
        let parsed = odds
            .split_once('/')
            .ok_or_else(|| format!("'{odds}' is not finds/eats (faces of a die)"))
            .and_then(|(f, e)| Ok((values::number(f, 1, 6)?, values::number(e, 0, 6)?)));
        match parsed {
            Ok((finds, eats)) => def.hunters.push(Hunter {
                symbol: piece_symbol(&army.pieces[i]),
                finds: finds as u8,
                eats: eats as u8,
            }),
            Err(why) => r.refuse_key("hunters", why),
        }
    }
    for (i, cost) in wake {
        let p = &army.pieces[i];
        match (values::number(&cost, 0, 7), p.plus) {
            (Ok(c), false) => def.activation.push((p.letter, c as u8)),
            (Err(why), _) => r.refuse_key("wakeCosts", why),
            (_, true) => r.refuse_key("wakeCosts", "a sleeping piece has no '+'".to_string()),
        }
    }
    Some(def)
}

/// The word for one unit of the food, from the field's plural: truffles,
/// butterflies, ore.
fn one_unit_of(food: &str) -> String {
    if let Some(stem) = food.strip_suffix("ies") {
        format!("{stem}y")
    } else if let Some(stem) = food.strip_suffix('s').filter(|s| !s.is_empty()) {
        stem.to_string()
    } else {
        food.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::one_unit_of;

    #[test]
    fn one_unit_is_the_plural_undone() {
        assert_eq!(one_unit_of("truffles"), "truffle");
        assert_eq!(one_unit_of("butterflies"), "butterfly");
        assert_eq!(one_unit_of("ore"), "ore");
        assert_eq!(one_unit_of("s"), "s");
    }
}
