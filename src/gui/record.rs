//! The board's game record: the project's PGN (as the referee writes it:
//! moves in UCI form, every throw and choice as its own token), with the
//! dice seed in `[DiceSeed]`, so that `menagerie replay` recomputes every
//! throw; and such a record read back to go on with the game.

use super::table::{Seat, Table};
use crate::referee::pgn::{text, Movetext};
use crate::referee::player::StepKind;
use crate::replay::pgn::read_games;

/// What a saved record gives to set a game up again.
#[derive(Debug, PartialEq, Eq)]
pub struct Loaded {
    pub variant: String,
    pub fen: Option<String>,
    pub tokens: Vec<String>,
    pub seed: Option<u64>,
}

/// The game so far as PGN.
pub fn write(table: &Table, date: &str) -> String {
    let setup = table.setup();
    let name = |seat: Seat| match seat {
        Seat::Person => "Person",
        Seat::Engine => "menagerie",
    };
    let ended = table.ended();
    let result = ended.map_or("*", |e| e.result);
    let termination = match ended {
        None => "unterminated",
        Some(e) if e.on_time => "time forfeit",
        Some(_) => "normal",
    };
    let steps = table.steps();
    let moves = steps.iter().filter(|s| s.kind == StepKind::Move).count();
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), "menagerie board".into()),
        ("Site".into(), "?".into()),
        ("Date".into(), date.into()),
        ("Round".into(), "1".into()),
        ("White".into(), name(setup.seats[0]).into()),
        ("Black".into(), name(setup.seats[1]).into()),
        ("Result".into(), result.into()),
        ("Variant".into(), setup.variant.clone()),
    ];
    if let Some(fen) = table.start_fen() {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), fen.into()));
    }
    tags.push(("DiceSeed".into(), setup.seed.to_string()));
    tags.push(("Termination".into(), termination.into()));
    tags.push(("PlyCount".into(), moves.to_string()));
    let start_fullmove = table
        .start_fen()
        .and_then(|f| f.split_whitespace().nth(5)?.parse().ok())
        .unwrap_or(1);
    let movetext = Movetext {
        steps,
        start_fullmove,
        opening_len: 0,
        reason: ended.map(|e| e.reason.as_str()),
        result,
    };
    text(&tags, &movetext)
}

/// The first game of a PGN text in the project's form.
pub fn read(pgn: &str) -> Result<Loaded, String> {
    let games = read_games(pgn).map_err(|e| e.to_string())?;
    let game = games.first().ok_or("the text holds no game")?;
    let variant = game
        .tag("Variant")
        .ok_or("the game has no Variant tag")?
        .to_string();
    let seed = match game.tag("DiceSeed") {
        None => None,
        Some(s) => Some(
            s.parse()
                .map_err(|_| format!("the DiceSeed tag '{s}' is not a number"))?,
        ),
    };
    Ok(Loaded {
        variant,
        fen: game.tag("FEN").map(str::to_string),
        tokens: game.moves.clone(),
        seed,
    })
}

/// Today's date as PGN writes it (`2026.12.07`), in UTC.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The calendar date of a day counted from 1970-01-01 (proleptic
/// Gregorian; the era arithmetic of Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_429), (2025, 12, 7));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn a_record_is_read_back_with_its_seed_and_steps() {
        let pgn = "[Event \"menagerie board\"]\n[Variant \"carnival\"]\n[DiceSeed \"42\"]\n\n\
                   1. e2e4 roll:6:4 knight:4:2 e7e5 roll:1:1 *\n";
        let got = read(pgn).unwrap();
        assert_eq!(got.variant, "carnival");
        assert_eq!(got.seed, Some(42));
        assert_eq!(
            got.tokens,
            ["e2e4", "roll:6:4", "knight:4:2", "e7e5", "roll:1:1"]
        );
        assert!(read("[Variant \"carnival\"]\n[DiceSeed \"x\"]\n\n*\n").is_err());
        assert!(read("").is_err());
    }
}
