//! Monty Python Drag Chess (Charles Gilman): one die a move puts one of the
//! thrower's piece types "in drag": it moves only by its drag move. Rules:
//! docs/rules/montypython.md.

use super::dice_chess::{definition as dice_chess, face_is_mode, face_mode, DiceChess};
use crate::rules::def::{ModeDef, VariantDef};

pub fn definition() -> VariantDef {
    let game = dice_chess(DiceChess {
        name: "montypython",
        register: "die",
        dice: &[6],
        ordered: false,
        modes: vec![
            // Silver General, its Eurofighter moves (and two-step) kept.
            face_mode(1, "Pawns in drag", &[("P", "FfW")]),
            face_mode(2, "Rooks in drag", &[("R", "RF")]),
            face_mode(3, "Knights in drag", &[("N", "BW")]),
            ModeDef {
                lure: vec!["B"],
                ..face_mode(4, "Bishops in drag", &[("B", "")])
            },
            // Gold General.
            face_mode(5, "Queens in drag", &[("Q", "WfF")]),
            // The King may only castle; its neighbours may drag.
            ModeDef {
                court: vec![("P", "1"), ("R", "2"), ("N", "3"), ("B", "4"), ("Q", "5")],
                ..face_mode(6, "King in drag", &[("K", "")])
            },
        ],
        effect: face_is_mode,
    });
    VariantDef {
        eval_weights: include_str!("montypython.weights"),
        ..game
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::position::Position;
    use crate::rules::variant::Variant;

    fn position(fen: &str) -> Position {
        let v = Variant::load(super::definition()).expect("table");
        Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// The texts of the moves of the piece on `from`, sorted.
    fn moves_from(fen: &str, from: &str) -> Vec<String> {
        let pos = position(fen);
        let mut out: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| pos.move_text(m))
            .filter(|t| t.starts_with(from))
            .collect();
        out.sort();
        out
    }

    /// The page's example: "moving from c1 to c2 could capture a Rook on
    /// c5 or d2, a Bishop on b1 or a4, a Queen on any of those, or a
    /// Knight on a3 or d4".
    #[test]
    fn the_lure_takes_what_threatens_its_square() {
        let lure = |enemy: &str| {
            let fen = format!("{enemy} w - - 0 1 die=4/-");
            moves_from(&fen, "c1")
                .into_iter()
                .filter(|m| m.ends_with("c2"))
                .collect::<Vec<_>>()
        };
        for (board, victim) in [
            ("4k3/8/8/2r5/8/8/8/2B4K", "c5"),
            ("4k3/8/8/8/8/8/3r4/2B4K", "d2"),
            ("4k3/8/8/8/8/8/8/1bB4K", "b1"),
            ("4k3/8/8/8/b7/8/8/2B4K", "a4"),
            ("4k3/8/8/8/q7/8/8/2B4K", "a4"),
            ("4k3/8/8/8/8/n7/8/2B4K", "a3"),
            ("4k3/8/8/8/3n4/8/8/2B4K", "d4"),
        ] {
            assert_eq!(lure(board), [format!("c1{victim},{victim}c2")], "{board}");
        }
        // Unthreatened, the step is quiet; a Knight on d4 does not reach b2.
        let quiet = moves_from("4k3/8/8/8/3n4/8/8/2B4K w - - 0 1 die=4/-", "c1");
        assert!(quiet.contains(&"c1b2".to_string()), "{quiet:?}");
        // Not in drag, the Bishop moves as a Bishop.
        let plain = moves_from("4k3/8/8/8/3n4/8/8/2B4K w - - 0 1 die=1/-", "c1");
        assert_eq!(plain.len(), 7, "{plain:?}");
    }

    #[test]
    fn a_luring_bishop_checks_a_king_next_to_its_destinations() {
        // Black's Bishop on f4 may step to e4 (empty), next to the King on d3.
        let pos = position("4k3/8/8/8/5b2/3K4/8/8 w - - 0 1 die=-/4");
        assert!(pos.in_check());
        // Not in drag it does not reach d3.
        let pos = position("4k3/8/8/8/5b2/3K4/8/8 w - - 0 1 die=-/1");
        assert!(!pos.in_check());
    }

    #[test]
    fn the_king_in_drag_only_castles_and_its_court_drags() {
        // Two Kings side by side: the one in drag attacks nothing.
        let pos = position("8/8/8/8/8/8/8/R3Kk2 w Q - 0 1 die=6/6");
        let moves: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| pos.move_text(m))
            .collect();
        assert!(
            moves.iter().all(|m| !m.starts_with("e1") || m == "e1c1"),
            "{moves:?}"
        );
        assert!(moves.contains(&"e1c1".to_string()), "{moves:?}");
        // A Knight next to its King may also move as Bishop plus Wazir.
        let court = moves_from("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1 die=6/-", "d2");
        assert!(court.contains(&"d2d3".to_string()) && court.contains(&"d2b4".to_string()));
        assert!(
            court.contains(&"d2c4".to_string()),
            "its own leap too: {court:?}"
        );
        let away = moves_from("4k3/8/8/8/8/3N4/8/7K w - - 0 1 die=6/-", "d3");
        assert!(!away.contains(&"d3d4".to_string()), "{away:?}");
    }

    #[test]
    fn a_pawn_in_drag_steps_back_and_keeps_no_two_step() {
        let back = moves_from("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1 die=1/-", "e3");
        assert_eq!(back, ["e3d2", "e3d4", "e3e4", "e3f2", "e3f4"]);
        // Back on its second rank it has moved: one step only.
        let moved = moves_from("4k3/8/8/8/8/8/4P3/7K w - - 0 1 die=-/- ~e2", "e2");
        assert_eq!(moved, ["e2e3"]);
    }
}
