//! A catalog of games: the sections of the files read so far, by name,
//! each game compiled once when first asked for. A file is added whole or
//! not at all: every game it defines must read and compile.

use crate::rules::def::VariantDef;
use crate::rules::game_text::definition::read_definition;
use crate::rules::game_text::inherit::{resolve, TEMPLATE};
use crate::rules::game_text::problem::{Problem, Problems};
use crate::rules::game_text::sections::{read_sections, Section};
use crate::rules::game_text::values;
use crate::rules::variant::Variant;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// A game's table and its compiled form.
pub type Game = (VariantDef, Arc<Variant>);

#[derive(Default)]
pub struct Catalog {
    sections: HashMap<String, Section>,
    /// The games (sections that are not templates), in the order read.
    games: Vec<String>,
    compiled: Mutex<HashMap<String, Game>>,
}

impl Clone for Catalog {
    fn clone(&self) -> Catalog {
        let compiled = self.compiled.lock().map(|c| c.clone()).unwrap_or_default();
        Catalog {
            sections: self.sections.clone(),
            games: self.games.clone(),
            compiled: Mutex::new(compiled),
        }
    }
}

impl Catalog {
    /// The games, in the order their files were read.
    pub fn names(&self) -> &[String] {
        &self.games
    }

    pub fn contains(&self, name: &str) -> bool {
        self.games.iter().any(|g| g == name)
    }

    /// The catalog with a file's games added (a game of the same name
    /// replaced), or every problem of the file; `self` is unchanged.
    /// Returns the names the file defines.
    pub fn with_file(&self, file: &str, text: &str) -> Result<(Catalog, Vec<String>), Problems> {
        self.with_files(&[(file, text)])
    }

    /// `with_file` for files that are one whole: a section may name a
    /// parent in any of them.
    pub fn with_files(&self, files: &[(&str, &str)]) -> Result<(Catalog, Vec<String>), Problems> {
        self.add(files, true)
    }

    /// `with_files` without compiling the games: each is compiled when
    /// first asked for. For the built-in files, which a test checks whole,
    /// so that starting the engine does not compile every game.
    pub fn with_files_unchecked(
        &self,
        files: &[(&str, &str)],
    ) -> Result<(Catalog, Vec<String>), Problems> {
        self.add(files, false)
    }

    fn add(&self, files: &[(&str, &str)], check: bool) -> Result<(Catalog, Vec<String>), Problems> {
        let mut sections = Vec::new();
        let mut problems = Vec::new();
        for (file, text) in files {
            match read_sections(file, text) {
                Ok(mut s) => sections.append(&mut s),
                Err(mut p) => problems.append(&mut p),
            }
        }
        let mut next = self.clone();
        let mut names = Vec::new();
        for s in &sections {
            if names.contains(&s.name) {
                let why = format!("the game '{}' is defined twice", s.name);
                problems.push(Problem::at(&s.file, s.line, "", why));
            }
            names.push(s.name.clone());
        }
        for s in sections {
            next.games.retain(|g| *g != s.name);
            if !is_template(&s) {
                next.games.push(s.name.clone());
            }
            next.sections.insert(s.name.clone(), s);
        }
        let games: Vec<String> = names
            .iter()
            .filter(|n| next.games.contains(n))
            .cloned()
            .collect();
        let affected: Vec<String> = next
            .games
            .iter()
            .filter(|g| next.descends(g, &names))
            .cloned()
            .collect();
        // A changed parent changes its children: compile them again.
        if let Ok(compiled) = next.compiled.get_mut() {
            compiled.retain(|g, _| !affected.contains(g));
        }
        for name in affected.iter().filter(|_| check) {
            if let Err(mut p) = next.build(name) {
                problems.append(&mut p);
            }
        }
        match problems.is_empty() {
            true => Ok((next, games)),
            false => Err(Problems(problems)),
        }
    }

    /// A game's table and its compiled form.
    pub fn game(&self, name: &str) -> Option<Result<Game, Vec<Problem>>> {
        if !self.contains(name) {
            return None;
        }
        if let Some(done) = self.compiled.lock().ok()?.get(name) {
            return Some(Ok(done.clone()));
        }
        Some(self.build(name))
    }

    /// Whether the game is one of `names` or inherits from one of them.
    fn descends(&self, game: &str, names: &[String]) -> bool {
        let mut at = Some(game);
        for _ in 0..64 {
            let Some(name) = at else { return false };
            if names.iter().any(|n| n == name) {
                return true;
            }
            at = self.sections.get(name).and_then(|s| s.parent.as_deref());
        }
        false
    }

    fn build(&self, name: &str) -> Result<Game, Vec<Problem>> {
        let section = &self.sections[name];
        let settings = resolve(name, &self.sections).map_err(|p| vec![p])?;
        let built = read_definition(name, &settings, &section.file, section.line)?;
        if let Ok(mut c) = self.compiled.lock() {
            c.insert(name.to_string(), built.clone());
        }
        Ok(built)
    }
}

fn is_template(s: &Section) -> bool {
    s.entries
        .iter()
        .any(|e| e.key == TEMPLATE && values::boolean(&e.value) == Ok(true))
}
