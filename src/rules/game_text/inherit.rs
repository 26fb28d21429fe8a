//! Inheritance: a section's keys are its parent's, then its own, a key
//! written again replacing the inherited value where it stood (so pieces
//! keep the order in which the family first declared them).

use crate::rules::game_text::problem::Problem;
use crate::rules::game_text::sections::{Entry, Section};
use std::collections::HashMap;

/// Our key that makes a section a parent only, not a game of its own.
pub const TEMPLATE: &str = "template";

/// Longest chain of parents followed.
const MAX_DEPTH: usize = 32;

/// A key as a section's family leaves it: its value and where that was
/// written.
#[derive(Clone, Debug)]
pub struct Setting {
    pub key: String,
    pub value: String,
    pub file: String,
    pub line: usize,
    /// Written in an ancestor, not in the section itself.
    pub inherited: bool,
}

/// The settings of `name`, its ancestors' first; the header's problem if a
/// parent is missing or the chain loops.
pub fn resolve(name: &str, sections: &HashMap<String, Section>) -> Result<Vec<Setting>, Problem> {
    let mut chain: Vec<&Section> = Vec::new();
    let mut at = name;
    loop {
        let Some(section) = sections.get(at) else {
            let why = format!("no game '{at}' to inherit from");
            let child = chain
                .last()
                .map_or((String::new(), 0), |s| (s.file.clone(), s.line));
            return Err(Problem::at(&child.0, child.1, "", why));
        };
        if chain.iter().any(|s| s.name == section.name) || chain.len() >= MAX_DEPTH {
            let why = format!("'{name}' inherits from itself or through more than {MAX_DEPTH}");
            return Err(Problem::at(&section.file, section.line, "", why));
        }
        chain.push(section);
        match &section.parent {
            Some(p) => at = p,
            None => break,
        }
    }
    let mut settings: Vec<Setting> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for (depth, section) in chain.iter().enumerate().rev() {
        for Entry { key, value, line } in &section.entries {
            // Being a template is not inherited.
            if depth > 0 && key == TEMPLATE {
                continue;
            }
            let setting = Setting {
                key: key.clone(),
                value: value.clone(),
                file: section.file.clone(),
                line: *line,
                inherited: depth > 0,
            };
            match index.get(key) {
                Some(&i) => settings[i] = setting,
                None => {
                    index.insert(key.clone(), settings.len());
                    settings.push(setting);
                }
            }
        }
    }
    Ok(settings)
}
