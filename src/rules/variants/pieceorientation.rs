//! Piece Orientation Chess (Charles Gilman): two dice a move, the first
//! picks a piece type, the second how it moves (Shogi, Xiangqi, Makruk or
//! a union). Rules: docs/rules/pieceorientation.md.

use super::dice_chess::{definition as dice_chess, DiceChess};
use super::orientation::{self, MAKRUK, SHOGI, XIANGQI};
use crate::rules::def::{ModeDef, ThrowEffect, TwoSteps, VariantDef};

pub fn definition() -> VariantDef {
    let mut modes = Vec::new();
    for kind_face in 1..=6u8 {
        for form_face in 1..=6u8 {
            modes.push(mode(kind_face, form_face));
        }
    }
    dice_chess(DiceChess {
        name: "pieceorientation",
        register: "dice",
        dice: &[6, 6],
        ordered: true,
        modes,
        effect: throw,
    })
}

/// The throw (first die, second die) is the mode `T:M`.
fn throw(pips: &[u8]) -> ThrowEffect {
    ThrowEffect::Set(format!("{}:{}", pips[0], pips[1]))
}

/// The second die's games: 1 Shogi, 2 Xiangqi, 3 both, 4 Makruk, 5 Shogi
/// and Makruk, 6 Xiangqi and Makruk.
const FORMS: [&[usize]; 6] = [
    &[SHOGI],
    &[XIANGQI],
    &[SHOGI, XIANGQI],
    &[MAKRUK],
    &[SHOGI, MAKRUK],
    &[XIANGQI, MAKRUK],
];

const FORM_NAMES: [&str; 6] = [
    "Shogi",
    "Xiangqi",
    "Shogi and Xiangqi",
    "Makruk",
    "Shogi and Makruk",
    "Xiangqi and Makruk",
];

const TYPE_NAMES: [&str; 6] = ["Pawns", "Rooks", "Knights", "Bishops", "Queen", "King"];

fn mode(kind_face: u8, form_face: u8) -> ModeDef {
    let (t, f) = (kind_face as usize - 1, form_face as usize - 1);
    let kind = orientation::TYPES[t];
    let title = format!("{} as in {}", TYPE_NAMES[t], FORM_NAMES[f]);
    let moves = vec![(kind, orientation::union(kind, FORMS[f]))];
    let mut mode = ModeDef::new(&format!("{kind_face}:{form_face}"), &title, moves);
    match kind {
        // "always preventing double moves and En Passant"
        "P" => {
            mode.two_steps = TwoSteps::NONE;
            mode.en_passant = TwoSteps::NONE;
        }
        // "always preventing Castling"
        "R" | "K" => mode.castling = false,
        _ => {}
    }
    if form_face == 1 && (kind == "R" || kind == "N") {
        mode.own_moves_on = orientation::shogi_back_rank(&[kind]);
    }
    mode
}

#[cfg(test)]
mod tests {
    use crate::rules::position::Position;
    use crate::rules::variant::Variant;

    /// The targets of the piece on `from` with White in mode `mode`.
    fn targets(board: &str, mode: &str, from: &str) -> Vec<String> {
        let v = Variant::load(super::definition()).expect("table");
        let fen = format!("{board} w - - 0 1 dice={mode}/-");
        let pos = Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut out: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| pos.move_text(m))
            .filter(|t| t.starts_with(from))
            .map(|t| t[from.len()..].to_string())
            .collect();
        out.sort();
        out
    }

    /// Throws that move every piece alike are one mode to the hash (and
    /// so one position to the search): 36 throws, 17 distinct armies
    /// besides the start's (which 3:4, 3:5 and 3:6 give back).
    #[test]
    fn alike_throws_share_a_class() {
        let v = Variant::load(super::definition()).expect("table");
        let mut classes = v.mode_class.clone();
        classes.sort();
        classes.dedup();
        assert_eq!(classes.len(), 18);
        let class = |name: &str| {
            let i = v.modes.iter().position(|m| m.name == name).expect("mode");
            v.mode_class[i]
        };
        assert_eq!(class("2:3"), class("2:6"));
        assert_eq!(class("1:5"), class("1:6"));
        assert_eq!(class("3:4"), class("-"));
        assert_ne!(class("2:1"), class("2:2"));
        assert_ne!(class("3:3"), class("3:2"));
    }

    /// The page's "notable consequences of combinations of rolls".
    #[test]
    fn the_pages_notable_consequences() {
        let lone = |piece: &str| format!("4k3/8/8/8/3{piece}4/8/8/4K3");
        // 1 and 5/6: Pointpawns, capturing on any forward radial.
        let pointpawn = "4k3/8/8/2nnn3/3P4/8/8/4K3";
        assert_eq!(targets(pointpawn, "1:5", "d4"), ["c5", "d5", "e5"]);
        assert_eq!(targets(pointpawn, "1:4", "d4"), ["c5", "e5"]);
        // 2 and anything but 1 has no effect on the Rook's moves.
        assert_eq!(targets(&lone("R"), "2:3", "d4").len(), 14);
        assert_eq!(targets(&lone("R"), "2:1", "d4"), ["d5", "d6", "d7", "d8"]);
        // 3 and 3: the Helmed Mao, blockable except its forwardmost leaps.
        let mao = "4k3/8/8/8/2pNp3/3p4/8/4K3";
        assert_eq!(targets(mao, "3:3", "d4"), ["c6", "e6"]);
        assert_eq!(targets(mao, "3:4", "d4").len(), 8);
        // 4 and 3/6: the Silverfearful, one or two diagonal steps or one forward.
        let silverfearful = ["b2", "b6", "c3", "c5", "d5", "e3", "e5", "f2", "f6"];
        assert_eq!(targets(&lone("B"), "4:3", "d4"), silverfearful);
        assert_eq!(targets(&lone("B"), "4:6", "d4"), silverfearful);
        // 5 and 3/6: a Prince (the King's step, not royal).
        assert_eq!(targets(&lone("Q"), "5:3", "d4").len(), 8);
        assert_eq!(targets(&lone("Q"), "5:6", "d4").len(), 8);
        // 6 and 2: the King reduced to a General (Wazir).
        let general = "4k3/8/8/8/3K4/8/8/8";
        assert_eq!(targets(general, "6:2", "d4"), ["c4", "d3", "d5", "e4"]);
        // 2/3 and 1 cannot be applied on the enemy back rank.
        assert_eq!(targets("3R4/8/8/7k/8/8/8/4K3", "2:1", "d8").len(), 14);
        assert_eq!(targets("3N4/8/8/7k/8/8/8/4K3", "3:1", "d8").len(), 4);
    }
}
