//! The PGN files of a match's shards (`match --shard K/N`), checked and
//! merged into the one match they slice: every shard once, each with all
//! its games and no other's, all of one match (seed, game, size). The
//! merged games are the single run's, in its order.

use super::game::Termination;
use super::pgn::{check_whole, game_points};
use super::resume::{offset_of_line, Outcome};
use super::shard::Shard;
use crate::replay::pgn::{read_games, PgnGame};

/// What a file that does not read may be.
pub const MALFORMED: &str = "a file cut short while written? `menagerie match --resume` repairs it";

/// One game of a shard's file: as read, and its text as written.
pub struct ShardGame {
    pub game: PgnGame,
    pub text: String,
}

/// The match the shards make up.
pub struct Merged {
    /// Every game, in the order of the match.
    pub games: Vec<ShardGame>,
    /// The shards' count, and the match's games.
    pub count: usize,
    pub total: usize,
}

/// One file's shard and games.
struct ShardFile<'a> {
    name: &'a str,
    shard: Shard,
    total: usize,
    games: Vec<ShardGame>,
}

/// Whether a file's games were played as a shard (they carry its tag).
pub fn is_shard_file(text: &str) -> bool {
    text.lines().any(|l| l.starts_with("[Shard \""))
}

/// Checks `files` (name, text) and merges them; an error names the file,
/// the shard and the rounds at fault.
pub fn merge(files: &[(String, String)]) -> Result<Merged, String> {
    let mut shards: Vec<ShardFile> = Vec::new();
    for (name, text) in files {
        let file = read_shard(name, text)?;
        if let Some(first) = shards.first() {
            same_match(first, &file)?;
        }
        if let Some(twin) = shards.iter().find(|s| s.shard == file.shard) {
            return Err(format!(
                "{} and {} are both shard {}",
                twin.name, file.name, file.shard
            ));
        }
        shards.push(file);
    }
    let Some(first) = shards.first() else {
        return Err("no shard files".to_string());
    };
    let (count, total) = (first.shard.count, first.total);
    for index in 1..=count {
        if !shards.iter().any(|s| s.shard.index == index) {
            return Err(format!(
                "shard {index}/{count} is missing: no file holds it"
            ));
        }
    }
    for s in &shards {
        complete(s)?;
    }
    let mut games: Vec<ShardGame> = shards.into_iter().flat_map(|s| s.games).collect();
    games.sort_by_key(|g| round(&g.game));
    Ok(Merged {
        games,
        count,
        total,
    })
}

/// A file's games, each whole and of one shard.
fn read_shard<'a>(name: &'a str, text: &str) -> Result<ShardFile<'a>, String> {
    let games = read_games(text).map_err(|e| format!("{name}: {e} ({MALFORMED})"))?;
    let starts: Vec<usize> = games.iter().map(|g| offset_of_line(text, g.line)).collect();
    let mut out: Vec<ShardGame> = Vec::with_capacity(games.len());
    let mut kind: Option<(Shard, usize)> = None;
    for (i, game) in games.into_iter().enumerate() {
        check_whole(&game).map_err(|e| format!("{name}: {e}"))?;
        let at = |what: &str| format!("{name}: the game at line {} {what}", game.line);
        let shard = game
            .tag("Shard")
            .ok_or_else(|| at("has no Shard tag"))
            .and_then(|t| Shard::parse(t).map_err(|e| at(&e)))?;
        let total: usize = game
            .tag("Games")
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| at("has no Games tag"))?;
        match kind {
            None => kind = Some((shard, total)),
            Some(k) if k != (shard, total) => {
                return Err(at(&format!("is of shard {shard}, not {}", k.0)))
            }
            Some(_) => {}
        }
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        let text = text[starts[i]..end].to_string();
        out.push(ShardGame { game, text });
    }
    let (shard, total) = kind.ok_or_else(|| format!("{name}: no games"))?;
    Ok(ShardFile {
        name,
        shard,
        total,
        games: out,
    })
}

/// The same match: shard count, size, seed, game and engines.
fn same_match(a: &ShardFile, b: &ShardFile) -> Result<(), String> {
    if (a.shard.count, a.total) != (b.shard.count, b.total) {
        return Err(format!(
            "{} is shard {} of {} games, {} shard {} of {}",
            a.name, a.shard, a.total, b.name, b.shard, b.total
        ));
    }
    for tag in ["Seed", "Variant"] {
        let (x, y) = (a.games[0].game.tag(tag), b.games[0].game.tag(tag));
        if x != y {
            return Err(format!(
                "{} has {tag} {}, {} has {}",
                a.name,
                x.unwrap_or("none"),
                b.name,
                y.unwrap_or("none")
            ));
        }
    }
    fn players(f: &ShardFile) -> [Option<String>; 2] {
        let g = &f.games[0].game;
        let mut p = [g.tag("White"), g.tag("Black")].map(|t| t.map(String::from));
        p.sort();
        p
    }
    if players(a) != players(b) {
        return Err(format!(
            "{} and {} are games of other engines",
            a.name, b.name
        ));
    }
    Ok(())
}

/// Every game the shard owes, and no other.
fn complete(s: &ShardFile) -> Result<(), String> {
    let due: Vec<usize> = s.shard.games(s.total).iter().map(|i| i + 1).collect();
    let have: Vec<usize> = s.games.iter().map(|g| round(&g.game)).collect();
    if let Some(g) = s.games.iter().find(|g| !due.contains(&round(&g.game))) {
        return Err(format!(
            "{} (shard {}): round {} at line {} is not this shard's",
            s.name,
            s.shard,
            round(&g.game),
            g.game.line
        ));
    }
    if have != due[..have.len().min(due.len())] || have.len() < due.len() {
        let missing: Vec<String> = due
            .iter()
            .filter(|r| !have.contains(r))
            .map(|r| r.to_string())
            .collect();
        return Err(format!(
            "{} (shard {}): {} games of {} (rounds {} missing; `match --resume` completes it)",
            s.name,
            s.shard,
            have.len(),
            due.len(),
            missing.join(", ")
        ));
    }
    Ok(())
}

fn round(game: &PgnGame) -> usize {
    game.tag("Round").and_then(|r| r.parse().ok()).unwrap_or(0)
}

/// The game's outcome for the engine `first`.
pub fn outcome(game: &PgnGame, first: &str) -> Result<Outcome, String> {
    let (index, first_points) = game_points(game, first)?
        .ok_or_else(|| format!("the game at line {} has no result", game.line))?;
    Ok(Outcome {
        index,
        first_points,
        termination: game
            .tag("Termination")
            .and_then(Termination::from_text)
            .ok_or_else(|| {
                format!(
                    "the game at line {} has no termination the referee writes",
                    game.line
                )
            })?,
        reason: game.reason.clone().unwrap_or_default(),
    })
}
