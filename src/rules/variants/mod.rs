//! The games menagerie knows: the built-in files beside this one (each a
//! game file like any user's, embedded at build time), and the files a
//! user loads (`--variants`, `VariantPath`). One catalog for the process:
//! a file is added whole or refused whole, the catalog unchanged.

use crate::rules::def::VariantDef;
use crate::rules::game_text::catalog::Catalog;
use crate::rules::game_text::problem::{Problem, Problems};
use crate::rules::game_text::sections::MAX_FILE_BYTES;
use crate::rules::variant::Variant;
use std::sync::{Arc, LazyLock, RwLock};

#[cfg(test)]
mod tests;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/game_files.rs"));
    include!(concat!(env!("OUT_DIR"), "/library_files.rs"));
}

/// The built-in files of our games, as (file name, text).
pub fn builtin_files() -> &'static [(&'static str, &'static str)] {
    embedded::GAME_FILES
}

/// The library: other engines' games (Fairy-Stockfish's built-in ones
/// that our core can play), written from their published rules, so that a
/// file may name them as parents (`[mygame:capablanca]`).
pub fn library_files() -> &'static [(&'static str, &'static str)] {
    embedded::LIBRARY_FILES
}

/// Our games, then the library's, each compiled when first asked for (a
/// test compiles them all).
static BUILTIN: LazyLock<(Catalog, Vec<String>)> = LazyLock::new(|| {
    let ours = Catalog::default().with_files_unchecked(embedded::GAME_FILES);
    let with_library =
        |(c, names): (Catalog, Vec<String>)| match c.with_files_unchecked(library_files()) {
            Ok((all, _)) => (all, names),
            Err(e) => {
                log::error!("the library of games: {e}");
                (c, names)
            }
        };
    match ours {
        Ok(c) => with_library(c),
        // A test reads every built-in file: this is for a broken build.
        Err(e) => {
            log::error!("the built-in games: {e}");
            (Catalog::default(), Vec::new())
        }
    }
});

/// The files added by `add_file`, with the games each defines.
static LOADED: RwLock<Vec<(String, Vec<String>)>> = RwLock::new(Vec::new());

static CATALOG: LazyLock<RwLock<Arc<Catalog>>> =
    LazyLock::new(|| RwLock::new(Arc::new(BUILTIN.0.clone())));

fn current() -> Arc<Catalog> {
    CATALOG
        .read()
        .map(|c| c.clone())
        .unwrap_or_else(|e| e.into_inner().clone())
}

/// Our built-in games (not the library's), in the order of their files.
pub fn builtin_names() -> Vec<String> {
    BUILTIN.1.clone()
}

/// The library's games.
pub fn library_names() -> Vec<String> {
    let ours = builtin_names();
    let all = BUILTIN.0.names();
    all.iter().filter(|n| !ours.contains(n)).cloned().collect()
}

/// Every game known now: the built-in ones, the library's, then those of
/// loaded files.
pub fn names() -> Vec<String> {
    current().names().to_vec()
}

#[derive(Debug)]
pub enum LoadError {
    Unknown(String),
    Invalid(Problems),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Unknown(name) => {
                write!(
                    f,
                    "unknown variant '{name}' (known: {})",
                    names().join(", ")
                )
            }
            LoadError::Invalid(p) => write!(f, "{p}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// A game's table as its file describes it.
pub fn definition(name: &str) -> Option<VariantDef> {
    current().game(name)?.ok().map(|(def, _)| def)
}

/// A game, validated and compiled.
pub fn load(name: &str) -> Result<Arc<Variant>, LoadError> {
    match current().game(name) {
        None => Err(LoadError::Unknown(name.to_string())),
        Some(Ok((_, v))) => Ok(v),
        Some(Err(p)) => Err(LoadError::Invalid(Problems(p))),
    }
}

/// What a file defines, checked against the current catalog without
/// adding it: its games' names, or every problem.
pub fn check_text(file: &str, text: &str) -> Result<Vec<String>, Problems> {
    current().with_file(file, text).map(|(_, names)| names)
}

/// Adds a file's games to the catalog (replacing games of the same name),
/// or refuses it whole: the catalog is then unchanged.
pub fn add_text(file: &str, text: &str) -> Result<Vec<String>, Problems> {
    let mut guard = CATALOG.write().unwrap_or_else(|e| e.into_inner());
    let (next, names) = guard.with_file(file, text)?;
    *guard = Arc::new(next);
    Ok(names)
}

/// A game file's text, read with the size limit (a regular file only).
pub fn read_file(path: &str) -> Result<String, Problems> {
    crate::file_input::read_text(path, MAX_FILE_BYTES)
        .map_err(|why| Problems(vec![Problem::at(path, 0, "", why)]))
}

/// Reads a game file and adds it (`add_text`).
pub fn add_file(path: &str) -> Result<Vec<String>, Problems> {
    let names = add_text(path, &read_file(path)?)?;
    let full = std::fs::canonicalize(path).map_or(path.to_string(), |p| p.display().to_string());
    if let Ok(mut loaded) = LOADED.write() {
        loaded.push((full, names.clone()));
    }
    Ok(names)
}

/// The files loaded so far (absolute paths) that a game needs, in the
/// order loaded: its own and those before it, which may hold its parents.
/// Empty for a game no file gave.
pub fn files_of(game: &str) -> Vec<String> {
    let loaded = LOADED.read().map(|l| l.clone()).unwrap_or_default();
    match loaded
        .iter()
        .rposition(|(_, names)| names.iter().any(|n| n == game))
    {
        Some(last) => loaded[..=last].iter().map(|(f, _)| f.clone()).collect(),
        None => Vec::new(),
    }
}
