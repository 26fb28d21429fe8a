//! Our keys for dice and modes, which Fairy-Stockfish has no words for: the
//! modes a side may be in (`mode.NAME`), the dice thrown after every move
//! and what each throw does (`throwMode`, `throw.FACES`).

use crate::rules::def::{ChanceDef, ModeDef, ThrowEffect, TwoSteps};
use crate::rules::game_text::inherit::Setting;
use crate::rules::game_text::pieces::Army;
use crate::rules::game_text::reader::Reader;
use crate::rules::game_text::values;

/// The modes and the start mode.
pub fn read_modes(r: &mut Reader, army: &Army, height: u8) -> (Vec<ModeDef>, String) {
    let mut modes = Vec::new();
    for s in r.family(|k| k.starts_with("mode.")) {
        let name = &s.key["mode.".len()..];
        match mode(name, &s.value, army, height) {
            Ok(m) => modes.push(m),
            Err(why) => r.refuse(s, why),
        }
    }
    let start = r.read_or("startMode", String::new(), |v| Ok(v.to_string()));
    if !modes.is_empty() && start.is_empty() {
        r.refuse_section("a game with modes names its startMode".to_string());
    }
    (modes, start)
}

/// `TITLE | moves N:Betza ... | castling no | twoSteps none | enPassant
/// none | ownMovesOn R:8 | lure B | court P:1 ...`.
fn mode(name: &str, value: &str, army: &Army, height: u8) -> Result<ModeDef, String> {
    let mut fields = value.split('|').map(str::trim);
    let title = fields.next().unwrap_or("");
    let mut m = ModeDef::new(name, title, Vec::new());
    let known = |sym: &str| match army.find(sym) {
        Some(_) => Ok(()),
        None => Err(format!("{sym} names no piece of this game")),
    };
    for field in fields {
        let (word, rest) = field.split_once(' ').unwrap_or((field, ""));
        let rest = rest.trim();
        match word {
            "moves" => {
                for (sym, betza) in values::per_piece(rest)? {
                    known(&sym)?;
                    m.moves.push((sym, betza));
                }
            }
            "castling" => m.castling = values::boolean(rest)?,
            "twoSteps" => m.two_steps = two_steps(rest)?,
            "enPassant" => m.en_passant = two_steps(rest)?,
            "ownMovesOn" => {
                for (sym, ranks) in values::per_piece(rest)? {
                    known(&sym)?;
                    m.own_moves_on.push((sym, values::ranks(&ranks, height)?));
                }
            }
            "lure" => {
                for sym in values::symbols(rest)? {
                    known(&sym)?;
                    m.lure.push(sym);
                }
            }
            "court" => {
                for (sym, mode) in values::per_piece(rest)? {
                    known(&sym)?;
                    m.court.push((sym, mode));
                }
            }
            _ => {
                return Err(format!(
                    "'{word}': a mode's fields are moves, castling, twoSteps, enPassant, \
                     ownMovesOn, lure and court"
                ))
            }
        }
    }
    Ok(m)
}

/// `all`, `none`, or some of `quiet-quiet quiet-capture capture-quiet
/// capture-capture` (what each leg of a two-leg first move does).
fn two_steps(text: &str) -> Result<TwoSteps, String> {
    let mut set = TwoSteps::NONE;
    for word in text.split_whitespace() {
        set = set.with(match word {
            "all" => TwoSteps::ALL,
            "none" => TwoSteps::NONE,
            "quiet-quiet" => TwoSteps::QUIET_QUIET,
            "quiet-capture" => TwoSteps::QUIET_CAPTURE,
            "capture-quiet" => TwoSteps::CAPTURE_QUIET,
            "capture-capture" => TwoSteps::CAPTURE_CAPTURE,
            _ => return Err(format!("'{word}' is not all, none or a kind of two-step")),
        });
    }
    Ok(set)
}

/// The dice, if the game has them.
pub fn read_dice(r: &mut Reader) -> Option<ChanceDef> {
    let throws = r.family(|k| k.starts_with("throw."));
    let dice = r.read("dice", |v| {
        v.split_whitespace()
            .map(|d| values::number(d, 1, 7).map(|n| n as u8))
            .collect::<Result<Vec<u8>, String>>()
            .and_then(|d| match d.len() {
                1 | 2 => Ok(d),
                n => Err(format!("{n} dice: one or two are supported")),
            })
    });
    let Some(dice) = dice else {
        if let Some(s) = throws.first() {
            r.refuse(s, "a throw in a game without dice".to_string());
        }
        return None;
    };
    let ordered = r.read_or("diceOrdered", false, values::boolean);
    let word = |v: &str| match !v.is_empty() && v.chars().all(|c| c.is_ascii_lowercase()) {
        true => Ok(v.to_string()),
        false => Err(format!("'{v}' is not a word of small letters")),
    };
    let register = r.read_or("modeField", "modes".to_string(), word);
    let choice = r.read_or("choiceWord", "mode".to_string(), word);
    let pattern = r.read("throwMode", |v| Ok(v.to_string()));
    let table = throw_table(r, &dice, ordered, pattern.as_deref(), &throws);
    Some(ChanceDef {
        dice,
        ordered,
        register,
        choice,
        throws: table,
    })
}

/// Every throw the dice can make (larger face first unless told apart)
/// with what it does: its own `throw.` key, else `throwMode` with `{1}`,
/// `{2}` replaced by its faces.
fn throw_table(
    r: &mut Reader,
    dice: &[u8],
    ordered: bool,
    pattern: Option<&str>,
    said: &[&Setting],
) -> Vec<(Vec<u8>, ThrowEffect)> {
    let all = every_throw(dice, ordered);
    let mut table = Vec::new();
    for s in said {
        let faces: Result<Vec<u8>, _> =
            s.key["throw.".len()..].split('.').map(str::parse).collect();
        match faces {
            Ok(f) if all.contains(&f) => {
                let names: Vec<String> = s.value.split_whitespace().map(str::to_string).collect();
                let effect = match names.len() {
                    0 => {
                        r.refuse(
                            s,
                            "a throw names one mode, or several to choose from".into(),
                        );
                        continue;
                    }
                    1 => ThrowEffect::Set(names[0].clone()),
                    _ => ThrowEffect::Choose(names),
                };
                table.push((f, effect));
            }
            _ => r.refuse(s, "no throw of these dice has these faces".to_string()),
        }
    }
    for faces in all {
        if table.iter().any(|(f, _)| *f == faces) {
            continue;
        }
        match pattern {
            Some(p) => {
                let mut name = p.to_string();
                for (i, face) in faces.iter().enumerate() {
                    name = name.replace(&format!("{{{}}}", i + 1), &face.to_string());
                }
                table.push((faces, ThrowEffect::Set(name)));
            }
            None => r.refuse_key(
                "dice",
                format!("the throw {faces:?} does nothing: give throwMode or its throw. key"),
            ),
        }
    }
    table
}

/// The throws of the dice: every sequence of faces if they are told
/// apart, else each set once, larger first.
fn every_throw(dice: &[u8], ordered: bool) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = vec![Vec::new()];
    for &faces in dice {
        out = out
            .into_iter()
            .flat_map(|t| (1..=faces).map(move |f| [t.clone(), vec![f]].concat()))
            .collect();
    }
    if !ordered {
        out.retain(|t| t.windows(2).all(|w| w[0] >= w[1]));
    }
    out
}
