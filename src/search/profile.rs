//! The search's own data about a game, beside the game's rules but not in
//! them: the evaluation's fitted weights and the positions `menagerie
//! bench` searches. One file a game, `src/search/profiles/<game>.search`,
//! embedded at build time; a game without one (a user's) has the defaults.
//!
//! Format: the weights' `key = integer` lines (`eval/weights.rs`), and
//! `bench = DEPTH [FEN]` (the start position without a FEN) and
//! `chanceBench = COUNT` (positions of seeded random play for the chance
//! search's bench).

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/search_profiles.rs"));
}

/// A game's search data.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    /// The weights' text: the file without its bench lines (blank in
    /// their place, so that the weights' errors name the file's lines).
    pub weights: String,
    /// (FEN, `None` for the start; depth).
    pub bench: Vec<(Option<String>, u32)>,
    pub chance_bench: usize,
}

/// The profile of a game by its name (the defaults for a game without one).
pub fn profile(game: &str) -> Profile {
    let file = format!("{game}.search");
    embedded::SEARCH_PROFILES
        .iter()
        .find(|(name, _)| *name == file)
        .map_or_else(Profile::default, |(_, text)| parse(text))
}

/// Every embedded profile's game name.
pub fn profiled_games() -> Vec<&'static str> {
    embedded::SEARCH_PROFILES
        .iter()
        .filter_map(|(name, _)| name.strip_suffix(".search"))
        .collect()
}

fn parse(text: &str) -> Profile {
    let mut profile = Profile::default();
    for line in text.lines() {
        let (key, value) = line.split_once('=').unwrap_or(("", ""));
        let (key, value) = (key.trim(), value.trim());
        match key {
            "bench" => {
                let (depth, fen) = value.split_once(' ').unwrap_or((value, ""));
                let fen = Some(fen.trim().to_string()).filter(|f| !f.is_empty());
                if let Ok(depth) = depth.parse() {
                    profile.bench.push((fen, depth));
                }
            }
            "chanceBench" => profile.chance_bench = value.parse().unwrap_or(0),
            _ => {
                profile.weights.push_str(line);
            }
        }
        profile.weights.push('\n');
    }
    profile
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variants;

    #[test]
    fn every_profile_is_a_built_in_game_and_reads() {
        let games = variants::builtin_names();
        for game in profiled_games() {
            assert!(
                games.iter().any(|g| g == game),
                "{game}.search names no game"
            );
            let p = profile(game);
            let text = embedded::SEARCH_PROFILES
                .iter()
                .find(|(n, _)| n.strip_suffix(".search") == Some(game))
                .map(|(_, t)| *t)
                .unwrap_or_default();
            let bench_lines = text.lines().filter(|l| l.starts_with("bench")).count();
            assert_eq!(
                p.bench.len(),
                bench_lines,
                "{game}: a bench line does not read"
            );
        }
        assert_eq!(profile("no-such-game"), Profile::default());
    }
}
