//! The game as the page draws it, in JSON: the board cell by cell, the
//! pieces' legend, the hands, the food and stores, the last throw's faces,
//! each side's mode and what it changes, the actions the game waits for
//! (moves with their squares, choices with their words), the engine's
//! thinking, the clocks and the record.

use super::json::{list, object, string};
use super::table::{color_name, Seat, Table};
use crate::referee::player::{Step, StepKind};
use crate::rules::action::Action;
use crate::rules::moves::MoveKind;
use crate::rules::piece::{kinds_in, Kind};
use crate::rules::position::{Pending, Position};
use crate::rules::square::Color;
use crate::rules::variant::{Effect, Variant};

const COLORS: [Color; 2] = [Color::White, Color::Black];

/// The whole state of the table.
pub fn of(table: &Table) -> String {
    let pos = table.position();
    let setup = table.setup();
    let seats = list(setup.seats.iter().map(|s| {
        string(match s {
            Seat::Person => "person",
            Seat::Engine => "engine",
        })
    }));
    let waits = table.waits_for_person();
    object(&[
        ("variant", string(&setup.variant)),
        ("seed", string(&setup.seed.to_string())),
        ("seats", seats),
        ("time", string(&super::settings::timing_text(setup.timing))),
        ("fen", string(&pos.to_fen())),
        ("board", board(pos)),
        ("legend", legend(pos)),
        ("offersChoices", offers_choices(pos.variant()).to_string()),
        ("hands", hands(pos)),
        ("food", food(pos)),
        ("modes", modes(pos)),
        ("dice", dice(table.steps())),
        ("status", status(pos)),
        ("actor", string(color_name(table.actor()))),
        ("pending", string(pending_word(pos))),
        ("waitsForPerson", waits.to_string()),
        ("actions", actions(pos, waits)),
        ("thinking", thinking(table)),
        ("clocks", clocks(table)),
        ("record", record(table.steps())),
        ("ended", ended(table)),
    ])
}

/// The board at some step of a record (the replay's), without actions.
pub fn position_only(pos: &Position, steps: &[Step]) -> String {
    object(&[
        ("fen", string(&pos.to_fen())),
        ("board", board(pos)),
        ("hands", hands(pos)),
        ("food", food(pos)),
        ("modes", modes(pos)),
        ("dice", dice(steps)),
        ("status", status(pos)),
    ])
}

/// Rank by rank from the top: `null` for a hole, else the square's name,
/// its piece (symbol, colour, kind) and its food.
fn board(pos: &Position) -> String {
    let v = pos.variant();
    let g = v.geometry();
    let ranks = (0..g.height()).rev().map(|rank| {
        list((0..g.width()).map(|file| {
            let Some(sq) = g.square(file as i32, rank as i32) else {
                return "null".to_string();
            };
            let piece = pos.piece_at(sq).map_or("null".to_string(), |p| {
                object(&[
                    ("kind", p.kind().to_string()),
                    ("color", string(side_letter(p.color()))),
                    ("symbol", string(&v.symbol(p.color(), p.kind()))),
                ])
            });
            object(&[
                ("sq", string(&g.name(sq))),
                ("piece", piece),
                ("food", pos.counter_at(sq).to_string()),
            ])
        }))
    });
    object(&[
        ("files", g.width().to_string()),
        ("ranks", g.height().to_string()),
        ("rows", list(ranks)),
    ])
}

/// Each kind: symbol, name, Betza in the start mode, and for the food
/// games whether it sleeps (and wakes as what, for how much) or is woken.
fn legend(pos: &Position) -> String {
    let v = pos.variant();
    let woken: Vec<Kind> = all_kinds(v)
        .filter_map(|k| v.wake(k))
        .map(|w| w.0)
        .collect();
    list(all_kinds(v).map(|k| {
        let def = v.piece(k);
        let wakes = v.wake(k).map_or("null".to_string(), |(to, cost)| {
            object(&[
                ("as", string(&v.symbol(Color::White, to))),
                ("cost", cost.to_string()),
            ])
        });
        object(&[
            ("kind", k.to_string()),
            ("symbol", string(&v.symbol(Color::White, k))),
            ("name", string(&def.name)),
            ("betza", string(v.betza_in_mode(k, pos.mode(Color::White)))),
            (
                "betzaBlack",
                string(v.betza_in_mode(k, pos.mode(Color::Black))),
            ),
            ("royal", def.royal.to_string()),
            ("wakes", wakes),
            ("woken", woken.contains(&k).to_string()),
        ])
    }))
}

/// Whether some throw is followed by a choice, or food wakes pieces.
fn offers_choices(v: &Variant) -> bool {
    let chosen = v
        .throw_effects()
        .any(|(_, e)| matches!(e, Effect::Choose(modes) if modes.len() > 1));
    chosen || v.food_words().is_some()
}

fn all_kinds(v: &Variant) -> impl Iterator<Item = Kind> + '_ {
    (0..v.kind_count()).map(|k| k as Kind)
}

/// Each side's hand: the kinds it holds, with counts.
fn hands(pos: &Position) -> String {
    let v = pos.variant();
    if !v.uses_hands() {
        return "null".to_string();
    }
    list(COLORS.iter().map(|&c| {
        list(all_kinds(v).filter(|&k| pos.in_hand(c, k) > 0).map(|k| {
            object(&[
                ("kind", k.to_string()),
                ("symbol", string(&v.symbol(c, k))),
                ("letter", string(&v.letter(Color::White, k).to_string())),
                ("count", pos.in_hand(c, k).to_string()),
            ])
        }))
    }))
}

/// The food's words and each side's store, in a game with food.
fn food(pos: &Position) -> String {
    let v = pos.variant();
    let Some((word, unit)) = v.food_words() else {
        return "null".to_string();
    };
    object(&[
        ("word", string(word)),
        ("unit", string(unit)),
        (
            "stores",
            list(COLORS.iter().map(|&c| pos.store(c).to_string())),
        ),
        ("storeMax", v.store_max().to_string()),
    ])
}

/// Each side's mode: its title and name, and the pieces it changes with
/// their moves in it.
fn modes(pos: &Position) -> String {
    let v = pos.variant();
    if !v.has_dice() {
        return "null".to_string();
    }
    list(COLORS.iter().map(|&c| {
        let mode = pos.mode(c);
        object(&[
            ("side", string(color_name(c))),
            ("title", string(v.mode_title(mode))),
            ("name", string(v.mode_name(mode))),
            ("changes", changes(v, mode)),
        ])
    }))
}

/// The pieces a mode changes, with their moves in it.
fn changes(v: &Variant, mode: usize) -> String {
    list(kinds_in(v.mode_kinds()).map(|k| {
        object(&[
            ("symbol", string(&v.symbol(Color::White, k))),
            ("name", string(&v.piece(k).name)),
            ("betza", string(v.betza_in_mode(k, mode))),
        ])
    }))
}

/// The last throw: who threw, each die's face and faces, and how many
/// throws the game has had (the page animates a new one).
fn dice(steps: &[Step]) -> String {
    let throws: Vec<&Step> = steps.iter().filter(|s| s.kind == StepKind::Throw).collect();
    let Some(last) = throws.last() else {
        return "null".to_string();
    };
    let dice = last.pips.as_deref().unwrap_or_default();
    object(&[
        ("by", string(color_name(last.actor))),
        ("faces", list(dice.iter().map(|d| d.0.to_string()))),
        ("sides", list(dice.iter().map(|d| d.1.to_string()))),
        ("token", string(&last.token)),
        ("count", throws.len().to_string()),
    ])
}

fn status(pos: &Position) -> String {
    pos.chance_status(None).map_or("null".to_string(), |s| {
        object(&[
            ("headline", string(&s.headline)),
            ("details", string(&s.details)),
        ])
    })
}

fn pending_word(pos: &Position) -> &'static str {
    match pos.pending() {
        Pending::Nothing => "move",
        Pending::Roll | Pending::Find(_) => "throw",
        Pending::Choose(..) => "choice",
        Pending::Activate => "wake",
        Pending::Promote(_) => "promotion",
    }
}

/// The actions a person may take now: moves with their squares (a drop's
/// letter, a two-leg move's middle square, a promotion's letter), and
/// choices with their words. Throws are the server's.
fn actions(pos: &Position, waits: bool) -> String {
    if !waits || matches!(pos.pending(), Pending::Roll | Pending::Find(_)) {
        return "[]".to_string();
    }
    list(pos.legal_actions().into_iter().map(|a| action(pos, a)))
}

fn action(pos: &Position, a: Action) -> String {
    let v = pos.variant();
    let g = v.geometry();
    let text = string(&pos.action_text(a));
    let Action::Move(m) = a else {
        return object(&[("t", text), ("label", string(&choice_label(pos, a)))]);
    };
    let square = |sq| string(&g.name(sq));
    let two_legs = m.kind() == MoveKind::TwoLeg || pos.en_passant_in_two_legs(m);
    let drop = m.kind() == MoveKind::Drop;
    let letter = |k: Kind| string(&v.letter(Color::White, k).to_string());
    object(&[
        ("t", text),
        (
            "from",
            if drop {
                "null".into()
            } else {
                square(m.from())
            },
        ),
        (
            "via",
            if two_legs {
                square(m.extra())
            } else {
                "null".into()
            },
        ),
        ("to", square(m.to())),
        (
            "drop",
            if drop {
                letter(m.drop_kind())
            } else {
                "null".into()
            },
        ),
        ("promo", m.promotion().map_or("null".into(), letter)),
    ])
}

/// A choice in words: the mode and what it changes, the piece a
/// promotion makes, the piece a waking wakes.
fn choice_label(pos: &Position, a: Action) -> String {
    let v = pos.variant();
    match a {
        Action::Choose(m) => {
            let m = m as usize;
            let moves: Vec<String> = kinds_in(v.mode_kinds())
                .map(|k| format!("{} {}", v.piece(k).name, v.betza_in_mode(k, m)))
                .collect();
            format!(
                "{} {} ({})",
                v.mode_title(m),
                v.mode_name(m),
                moves.join(", ")
            )
        }
        Action::Promote(k) => format!("Promote to {}", v.piece(k).name),
        Action::Activate(Some(sq)) => {
            let name = pos
                .piece_at(sq)
                .map_or("?".to_string(), |p| v.piece(p.kind()).name.clone());
            format!("Wake the {name} on {}", v.geometry().name(sq))
        }
        Action::Activate(None) => "Wake no more".to_string(),
        _ => pos.action_text(a),
    }
}

fn thinking(table: &Table) -> String {
    let t = table.thinking();
    let Some(side) = t.side else {
        return "null".to_string();
    };
    let score = match t.mate {
        Some(n) => format!("mate {n}"),
        None => format!("{:+.2}", t.score as f64 / 100.0),
    };
    object(&[
        ("side", string(color_name(side))),
        ("depth", t.depth.to_string()),
        ("score", string(&score)),
        ("nodes", t.nodes.to_string()),
        ("pv", string(&t.pv.join(" "))),
        ("active", table.is_thinking().to_string()),
    ])
}

fn clocks(table: &Table) -> String {
    let c = table.clocks();
    object(&[
        ("timed", c.timing().has_clocks().to_string()),
        (
            "left",
            list(COLORS.iter().map(|&s| c.left(s).as_millis().to_string())),
        ),
        (
            "running",
            c.running().map_or("null".into(), |s| string(color_name(s))),
        ),
    ])
}

/// Every step: its token, kind, actor and a throw's faces.
fn record(steps: &[Step]) -> String {
    list(steps.iter().map(|s| {
        let kind = match s.kind {
            StepKind::Move => "move",
            StepKind::Throw => "throw",
            StepKind::Choice => "choice",
        };
        let faces = s
            .pips
            .as_ref()
            .map_or("null".into(), |p| list(p.iter().map(|d| d.0.to_string())));
        object(&[
            ("t", string(&s.token)),
            ("kind", string(kind)),
            ("actor", string(side_letter(s.actor))),
            ("faces", faces),
        ])
    }))
}

fn ended(table: &Table) -> String {
    table.ended().map_or("null".into(), |e| {
        object(&[("result", string(e.result)), ("reason", string(&e.reason))])
    })
}

fn side_letter(c: Color) -> &'static str {
    match c {
        Color::White => "w",
        Color::Black => "b",
    }
}
