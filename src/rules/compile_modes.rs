//! The modes and the dice of a game's table compiled: every mode's move and
//! attack tables, and each throw's odds and what it does.

use crate::rules::action::Action;
use crate::rules::betza::{self, Atom};
use crate::rules::compile::Letters;
use crate::rules::def::{ChanceDef, ModeDef, ThrowEffect, VariantDef, VariantError};
use crate::rules::faces::{outcome_odds, roll_of};
use crate::rules::geometry::Geometry;
use crate::rules::kind_info::KindInfo;
use crate::rules::square::Color;
use crate::rules::tables::{AttackTables, PieceTables, Rays, MAX_GROUPS};
use crate::rules::variant::{ChanceRules, Effect, ModeTables};

/// Most modes a game may declare (the hash keys per side).
pub const MAX_MODES: usize = 64;

/// The modes compiled, the start mode, and the kinds some mode changes.
pub(in crate::rules) struct Modes {
    pub tables: Vec<ModeTables>,
    pub start: u8,
    pub kinds: u32,
}

/// Every mode's tables; a game that declares none has one, its pieces'
/// own moves.
pub(in crate::rules) fn compile_modes(
    def: &VariantDef,
    geometry: &Geometry,
    rays: &mut Rays,
    kinds: &[KindInfo],
    letters: &Letters,
) -> Result<Modes, VariantError> {
    let declared = if def.modes.is_empty() {
        vec![ModeDef::new("", "", vec![])]
    } else {
        def.modes.clone()
    };
    if declared.len() > MAX_MODES {
        return bad_mode(format!("{} modes, at most {MAX_MODES}", declared.len()));
    }
    let mut tables = Vec::new();
    let mut changed = 0u32;
    for (i, mode) in declared.iter().enumerate() {
        check_mode_name(def, &declared, i)?;
        let mut mode_kinds = kinds.to_vec();
        let mut betza: Vec<String> = kinds.iter().map(|k| k.def.betza.to_string()).collect();
        changed |= replace_moves(mode, letters, &mut mode_kinds, &mut betza)?;
        changed |= keep_own_moves_on(mode, geometry, kinds, letters, &mut mode_kinds)?;
        let mut compiled = mode_tables(mode, geometry, rays, &mode_kinds, betza)?;
        for symbol in &mode.lure {
            compiled.lurers |= 1 << letters.symbol(symbol, "mode")?;
        }
        tables.push(compiled);
    }
    resolve_courts(&declared, &mut tables, kinds, letters)?;
    let start = start_mode(def, &declared)?;
    // A kind a mode names but leaves as it was changes nothing.
    let kinds_changed = (0..kinds.len())
        .filter(|&k| changed >> k & 1 != 0)
        .filter(|&k| tables.iter().any(|t| t.atoms[k] != kinds[k].atoms))
        .fold(0u32, |m, k| m | 1 << k);
    Ok(Modes {
        tables,
        start,
        kinds: kinds_changed,
    })
}

fn bad_mode<T>(why: String) -> Result<T, VariantError> {
    Err(VariantError::BadMode(why))
}

/// The `i`-th declared mode's name is usable in a FEN (where a game
/// declares modes) and not declared before it.
fn check_mode_name(def: &VariantDef, declared: &[ModeDef], i: usize) -> Result<(), VariantError> {
    let mode = &declared[i];
    let fen_safe = |c: char| !c.is_whitespace() && c != '/' && c != '=';
    if !def.modes.is_empty() && (mode.name.is_empty() || !mode.name.chars().all(fen_safe)) {
        return bad_mode(format!(
            "mode name '{}' is empty or has a space, '/' or '='",
            mode.name
        ));
    }
    if declared[..i].iter().any(|m| m.name == mode.name) {
        return bad_mode(format!("mode '{}' is declared twice", mode.name));
    }
    Ok(())
}

/// The moves `mode` gives its kinds instead of their own (an empty string:
/// the kind cannot move in this mode); the kinds it names, as a mask.
fn replace_moves(
    mode: &ModeDef,
    letters: &Letters,
    mode_kinds: &mut [KindInfo],
    betza: &mut [String],
) -> Result<u32, VariantError> {
    let mut changed = 0u32;
    for (symbol, moves) in &mode.moves {
        let k = letters.symbol(symbol, "mode")? as usize;
        betza[k] = moves.clone();
        let info = &mut mode_kinds[k];
        info.atoms = match moves.is_empty() {
            true => Vec::new(),
            false => betza::parse(moves).map_err(|error| VariantError::Betza {
                piece: info.def.name.clone(),
                error,
            })?,
        };
        changed |= 1 << k;
    }
    Ok(changed)
}

/// The ranks on which `mode` lets a kind keep its own moves: there its
/// atoms are its own, elsewhere the mode's; the kinds it names, as a mask.
fn keep_own_moves_on(
    mode: &ModeDef,
    geometry: &Geometry,
    kinds: &[KindInfo],
    letters: &Letters,
    mode_kinds: &mut [KindInfo],
) -> Result<u32, VariantError> {
    let mut changed = 0u32;
    for (symbol, ranks) in &mode.own_moves_on {
        let k = letters.symbol(symbol, "mode")? as usize;
        if ranks.is_empty() || ranks.iter().any(|&r| r >= geometry.height()) {
            return bad_mode(format!(
                "mode '{}': {symbol} keeps its moves on no rank or off the board",
                mode.name
            ));
        }
        let mask = ranks.iter().fold(0u32, |m, &r| m | 1 << r);
        let bound = |atoms: &[Atom], ranks: u32| -> Vec<Atom> {
            let bind = |a: &Atom| Atom {
                ranks: Some(ranks),
                ..a.clone()
            };
            atoms.iter().map(bind).collect()
        };
        let info = &mut mode_kinds[k];
        let mut atoms = bound(&info.atoms, !mask);
        atoms.extend(bound(&kinds[k].atoms, mask));
        info.atoms = atoms;
        changed |= 1 << k;
    }
    Ok(changed)
}

/// The index of the game's start mode (0 where it declares none).
fn start_mode(def: &VariantDef, declared: &[ModeDef]) -> Result<u8, VariantError> {
    if def.modes.is_empty() {
        return Ok(0);
    }
    match declared.iter().position(|m| m.name == def.start_mode) {
        Some(i) => Ok(i as u8),
        None => bad_mode(format!(
            "the start mode '{}' is not declared",
            def.start_mode
        )),
    }
}

fn mode_tables(
    mode: &ModeDef,
    geometry: &Geometry,
    rays: &mut Rays,
    kinds: &[KindInfo],
    betza: Vec<String>,
) -> Result<ModeTables, VariantError> {
    let pieces = Color::BOTH.map(|color| {
        kinds
            .iter()
            .map(|k| PieceTables::compile(geometry, rays, &k.atoms, color))
            .collect::<Vec<_>>()
    });
    let attacks = Color::BOTH.map(|color| AttackTables::compile(geometry, rays, kinds, color));
    if attacks.iter().any(|a| a.groups.len() > MAX_GROUPS) {
        return Err(VariantError::TooManyAttackerGroups(MAX_GROUPS));
    }
    Ok(ModeTables {
        name: mode.name.clone(),
        title: mode.title.clone(),
        betza,
        atoms: kinds.iter().map(|k| k.atoms.clone()).collect(),
        pieces,
        attacks,
        castling: mode.castling,
        two_steps: mode.two_steps,
        en_passant: mode.en_passant,
        lurers: 0,
        court: Vec::new(),
    })
}

/// Each mode's court, its modes named: a court needs a royal kind.
fn resolve_courts(
    declared: &[ModeDef],
    tables: &mut [ModeTables],
    kinds: &[KindInfo],
    letters: &Letters,
) -> Result<(), VariantError> {
    for (i, mode) in declared.iter().enumerate() {
        if !mode.court.is_empty() && !kinds.iter().any(|k| k.def.royal) {
            return Err(VariantError::BadMode(format!(
                "mode '{}' has a court but the game no royal piece",
                mode.name
            )));
        }
        for (symbol, name) in &mode.court {
            let kind = letters.symbol(symbol, "mode")?;
            let Some(other) = declared.iter().position(|m| &m.name == name) else {
                return Err(VariantError::BadMode(format!(
                    "mode '{}': its court names mode '{name}', which is not declared",
                    mode.name
                )));
            };
            tables[i].court.push((kind, other as u8));
        }
    }
    Ok(())
}

/// The dice: each throw's odds (most likely first) and what it does, its
/// modes checked against the game's.
pub(in crate::rules) fn compile_chance(
    def: &ChanceDef,
    modes: &[ModeTables],
) -> Result<(ChanceRules, Vec<(Action, f64)>), VariantError> {
    let bad = |why: String| Err(VariantError::BadChance(why));
    if def.dice.is_empty() || def.dice.len() > 2 {
        return bad(format!("{} dice, one or two are supported", def.dice.len()));
    }
    if def.dice.iter().any(|&f| !(1..=7).contains(&f)) {
        return bad("a die has 1 to 7 faces".to_string());
    }
    if def.register.is_empty() || def.choice.is_empty() {
        return bad("the register and the choice need words".to_string());
    }
    let ordered = def.ordered;
    let odds = outcome_odds(&def.dice, |pips| roll_of(pips, ordered));
    let mode = |name: &String| match modes.iter().position(|m| &m.name == name) {
        Some(i) if !modes[i].name.is_empty() => Ok(i as u8),
        _ => Err(VariantError::BadChance(format!(
            "a throw names mode '{name}', which is not declared"
        ))),
    };
    let mut effects = Vec::new();
    for &(roll, _) in &odds {
        let Action::Roll(a, b) = roll else {
            return bad("a throw is not a roll".to_string());
        };
        let pips = if def.dice.len() == 1 {
            vec![a]
        } else {
            vec![a, b]
        };
        let Some((_, said)) = def.throws.iter().find(|(faces, _)| *faces == pips) else {
            return bad(format!("the throw {pips:?} does nothing"));
        };
        let effect = match said {
            ThrowEffect::Set(name) => Effect::Set(mode(name)?),
            ThrowEffect::Choose(names) => {
                let options = names.iter().map(mode).collect::<Result<Vec<u8>, _>>()?;
                if options.is_empty()
                    || (1..options.len()).any(|i| options[..i].contains(&options[i]))
                {
                    return bad(format!(
                        "the throw {pips:?} offers no choice or one mode twice"
                    ));
                }
                Effect::Choose(options)
            }
        };
        effects.push((roll, effect));
    }
    let stride = def.dice.iter().copied().max().unwrap_or(0) as usize + 1;
    let mut effect_index = vec![None; stride * stride].into_boxed_slice();
    for (i, (roll, _)) in effects.iter().enumerate() {
        if let Action::Roll(a, b) = *roll {
            effect_index[a as usize * stride + b as usize] = Some(i as u16);
        }
    }
    let rules = ChanceRules {
        register: def.register.clone(),
        choice: def.choice.clone(),
        dice: def.dice.to_vec(),
        ordered,
        effects,
        effect_index,
        stride,
    };
    Ok((rules, odds))
}
