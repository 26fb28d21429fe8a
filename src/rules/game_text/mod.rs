//! Games as text: Fairy-Stockfish's `variants.ini` dialect with our own
//! keys for what it cannot say (holes, modes, dice, hunts, capture fates).
//! `docs/variant-files.md` documents every key. A file is read into
//! sections, a section's settings resolved through its parents, read by
//! the key readers into a `VariantDef`, and compiled.

mod board_rules;
pub mod catalog;
mod definition;
mod dice;
mod hunt;
mod inherit;
mod piece_names;
mod piece_rules;
mod pieces;
pub mod problem;
mod reader;
pub mod sections;
mod support;
mod values;
