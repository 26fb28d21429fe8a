//! Carnival of the Animals (Charles Gilman) and its All Oblique form:
//! orthodox chess with Eurofighter pawns and knights whose leap the dice
//! decide. Rules as we read them: docs/rules/carnival.md.
//!
//! Each leaper is a mode that changes the knights' moves; the mode named
//! `2:1` (the Knight) is each side's before its first throw.

use super::dice_chess::eurofighter_pawn;
use super::{orthodox_castling, orthodox_pieces};
use crate::rules::def::{ChanceDef, ModeDef, NoMoveOutcome, ThrowEffect, VariantDef};

pub fn definition(oblique: bool) -> VariantDef {
    VariantDef {
        name: if oblique {
            "carnival-oblique"
        } else {
            "carnival"
        },
        width: 8,
        height: 8,
        holes: vec![],
        capture_only: vec![],
        // Eurofighter pawns; the knight moves as its side's current
        // leaper (its mode).
        pieces: orthodox_pieces(eurofighter_pawn()),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 knights=2:1/2:1",
        promotion_ranks: vec![7],
        promotion_after_throw: true,
        castling: orthodox_castling(4, 0, 7, 0),
        stalemate: NoMoveOutcome::Draw,
        extinction: None,
        uses_hands: false,
        modes: leapers(oblique)
            .into_iter()
            .map(|(m, n)| {
                ModeDef::new(
                    &name(m, n),
                    leaper_title(m, n),
                    vec![("N", format!("({m},{n})"))],
                )
            })
            .collect(),
        start_mode: "2:1",
        chance: Some(ChanceDef {
            dice: &[6, 6],
            ordered: false,
            register: "knights",
            choice: "knight",
            effect: if oblique { oblique_throw } else { plain_throw },
        }),
        hunt: None,
        drop_limits: vec![],
        fifty_move_plies: 100,
        repetitions: 3,
        value_overrides: vec![],
        eval_weights: "",
        bench: vec![(None, 2)],
        chance_bench: if oblique { 0 } else { 14 },
    }
}

/// Every leaper a side can have, larger number first: Carnival's from
/// (1,1) to (5,5); All Oblique's the fifteen (m,n) with m != n up to 6.
fn leapers(oblique: bool) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    for a in 1..=6u8 {
        for b in 1..=a {
            let allowed = if oblique { a != b } else { a <= 5 };
            if allowed {
                out.push((a, b));
            }
        }
    }
    out
}

/// A leaper's mode name, larger number first.
fn name(a: u8, b: u8) -> String {
    format!("{}:{}", a.max(b), a.min(b))
}

/// Carnival: the two numbers are the leaper; a 6 offers a choice (6 and x:
/// the five (x, m) with m up to 5; a double six: all fifteen).
fn plain_throw(pips: &[u8]) -> ThrowEffect {
    let (a, b) = (pips[0], pips[1]);
    match (a, b) {
        (6, 6) => ThrowEffect::Choose(leapers(false).iter().map(|&(m, n)| name(m, n)).collect()),
        (6, x) => ThrowEffect::Choose((1..=5).map(|m| name(x, m)).collect()),
        _ => ThrowEffect::Set(name(a, b)),
    }
}

/// All Oblique: a 6 counts as a number; a double a offers the five (a, m)
/// with m != a.
fn oblique_throw(pips: &[u8]) -> ThrowEffect {
    let (a, b) = (pips[0], pips[1]);
    if a != b {
        return ThrowEffect::Set(name(a, b));
    }
    ThrowEffect::Choose((1..=6).filter(|&m| m != a).map(|m| name(a, m)).collect())
}

/// The leaper's traditional name (docs/rules/carnival.md), for people.
fn leaper_title(a: u8, b: u8) -> &'static str {
    match (a.max(b), a.min(b)) {
        (1, 1) => "Ferz",
        (2, 2) => "Elephant",
        (3, 3) => "Tripper",
        (4, 4) => "Commuter",
        (5, 5) => "Quitter",
        (2, 1) => "Knight",
        (3, 1) => "Camel",
        (3, 2) => "Zebra",
        (4, 1) => "Giraffe",
        (4, 2) => "Charolais",
        (4, 3) => "Antelope",
        (5, 1) => "Zemel",
        (5, 2) => "Satyr",
        (5, 3) => "Gimel",
        (5, 4) => "Rector",
        (6, 1) => "Flamingo",
        (6, 2) => "Crane",
        (6, 3) => "Chamois",
        (6, 4) => "Zherolais",
        (6, 5) => "Parson",
        _ => "leaper",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every throw read as a set, larger first.
    fn throws() -> Vec<(u8, u8)> {
        (1..=6u8)
            .flat_map(|a| (1..=a).map(move |b| (a, b)))
            .collect()
    }

    fn sequences(effect: fn(&[u8]) -> ThrowEffect) -> usize {
        throws()
            .iter()
            .map(|&(a, b)| match effect(&[a, b]) {
                ThrowEffect::Set(_) => 1,
                ThrowEffect::Choose(c) => c.len(),
            })
            .sum()
    }

    #[test]
    fn throws_give_the_pages_leapers() {
        assert_eq!(throws().len(), 21);
        assert_eq!(sequences(plain_throw), 55);
        assert_eq!(sequences(oblique_throw), 45);
        assert_eq!(leapers(false).len(), 15);
        assert_eq!(leapers(true).len(), 15);
        assert_eq!(
            plain_throw(&[6, 4]),
            ThrowEffect::Choose(
                ["4:1", "4:2", "4:3", "4:4", "5:4"]
                    .map(String::from)
                    .to_vec()
            )
        );
        assert_eq!(plain_throw(&[3, 1]), ThrowEffect::Set("3:1".to_string()));
        assert_eq!(
            oblique_throw(&[6, 6]).clone(),
            ThrowEffect::Choose(
                ["6:1", "6:2", "6:3", "6:4", "6:5"]
                    .map(String::from)
                    .to_vec()
            )
        );
        // Every leaper a throw names is a mode of the game.
        for (oblique, effect) in [
            (false, plain_throw as fn(&[u8]) -> ThrowEffect),
            (true, oblique_throw),
        ] {
            let modes: Vec<String> = leapers(oblique).iter().map(|&(m, n)| name(m, n)).collect();
            for (a, b) in throws() {
                let named = match effect(&[a, b]) {
                    ThrowEffect::Set(m) => vec![m],
                    ThrowEffect::Choose(c) => c,
                };
                assert!(named.iter().all(|m| modes.contains(m)), "{a}{b}");
            }
        }
    }
}
