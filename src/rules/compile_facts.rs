//! What a compiled table implies beyond its parts: the facts the move
//! generator and the hash read about the modes, the odds of each hunter's
//! find, and the combinations of rules a table may not ask for.

use crate::rules::action::Action;
use crate::rules::betza::Atom;
use crate::rules::def::{TwoSteps, VariantDef, VariantError};
use crate::rules::faces::{find_outcome, outcome_odds, DICE};
use crate::rules::variant::{HuntRules, ModeTables};

/// Facts about the modes as a whole.
pub(in crate::rules) struct ModeFacts {
    /// Some mode changes castling, two-steps or en passant.
    pub permissions: bool,
    /// Some mode needs the special generator (`ModeTables::special`).
    pub special: bool,
    /// Per mode, the first mode that moves every kind alike with the same
    /// permissions (they share a hash key: `Variant::mode_class`).
    pub class: Vec<u8>,
    /// Some mode allows en passant after only some two-steps.
    pub ep_by_legs: bool,
}

pub(in crate::rules) fn mode_facts(def: &VariantDef, tables: &[ModeTables]) -> ModeFacts {
    let permissions = |m: &ModeTables| (m.castling, m.two_steps, m.en_passant);
    let alike = |a: &ModeTables, b: &ModeTables| {
        movement(&a.atoms) == movement(&b.atoms)
            && permissions(a) == permissions(b)
            && (a.lurers, &a.court) == (b.lurers, &b.court)
    };
    ModeFacts {
        permissions: tables
            .iter()
            .any(|m| permissions(m) != permissions(&tables[0])),
        special: tables.iter().any(|m| m.special()),
        class: (0..tables.len())
            .map(|i| {
                (0..=i)
                    .find(|&j| alike(&tables[j], &tables[i]))
                    .unwrap_or(i) as u8
            })
            .collect(),
        ep_by_legs: def
            .modes
            .iter()
            .any(|m| m.en_passant != TwoSteps::ALL && m.en_passant != TwoSteps::NONE),
    }
}

/// Every kind's moves as a sorted list of single vectors with what each
/// may do (move, capture), however the Betza strings wrote them: `RfR` and
/// `R` are alike, and so are `fWfmWfcF` and `fWfcF`.
fn movement(kinds: &[Vec<Atom>]) -> Vec<Vec<(String, bool, bool)>> {
    kinds
        .iter()
        .map(|atoms| {
            let mut moves: Vec<(String, bool, bool)> = Vec::new();
            for a in atoms {
                for v in &a.vectors {
                    let key = format!("{v:?} {:?} {} {} {:?}", a.reach, a.initial, a.lame, a.ranks);
                    let (m, c) = (a.mode.can_move(), a.mode.can_capture());
                    match moves.iter_mut().find(|(k, _, _)| *k == key) {
                        Some(e) => (e.1, e.2) = (e.1 || m, e.2 || c),
                        None => moves.push((key, m, c)),
                    }
                }
            }
            moves.sort();
            moves
        })
        .collect()
}

/// Per kind, the odds of each outcome of its find throw (none for a kind
/// that does not hunt).
pub(in crate::rules) fn find_odds(
    kinds: usize,
    hunt: Option<&HuntRules>,
) -> Vec<Vec<(Action, f64)>> {
    (0..kinds)
        .map(|k| match hunt {
            Some(t) if t.hunter_kinds >> k & 1 != 0 => {
                outcome_odds(&DICE, |pips| find_outcome(t.find_faces[k], pips))
            }
            _ => Vec::new(),
        })
        .collect()
}

/// The rules a table may not combine: an optional promotion chosen after
/// the throw, a promotion after a throw without dice, castling without a
/// royal piece.
pub(in crate::rules) fn check_combinations(
    def: &VariantDef,
    has_royal: bool,
) -> Result<(), VariantError> {
    if def.promotion_after_throw && def.pieces.iter().any(|p| !p.promotion_may.is_empty()) {
        return Err(VariantError::BadChance(
            "a promotion after the throw cannot be optional".to_string(),
        ));
    }
    if def.promotion_after_throw && def.chance.is_none() {
        return Err(VariantError::BadChance(
            "a promotion after the throw needs dice".to_string(),
        ));
    }
    if !def.castling.is_empty() && !has_royal {
        return Err(VariantError::BadCastling(
            "castling needs a royal piece".to_string(),
        ));
    }
    Ok(())
}
