//! Embeds the built-in game files (`src/rules/variants/*.ini`, and the
//! library of other engines' games a file may inherit from,
//! `src/rules/variants/library/*.ini`) and the search's profiles
//! (`src/search/profiles/*.search`) in the binary: each directory becomes
//! a list of (file name, text), sorted by name.

use std::fs;
use std::io::Write;
use std::path::Path;

fn embed(dir: &str, extension: &str, out: &mut impl Write, constant: &str) {
    println!("cargo:rerun-if-changed={dir}");
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == extension))
        .collect();
    files.sort();
    writeln!(out, "pub const {constant}: &[(&str, &str)] = &[").expect("write");
    for path in files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
        let full = fs::canonicalize(&path).expect("a path");
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            full.display().to_string()
        )
        .expect("write");
    }
    writeln!(out, "];").expect("write");
}

fn main() {
    let out_dir = std::env::var("OUT_DIR").expect("OUT_DIR");
    for (dir, extension, file, constant) in [
        ("src/rules/variants", "ini", "game_files.rs", "GAME_FILES"),
        (
            "src/rules/variants/library",
            "ini",
            "library_files.rs",
            "LIBRARY_FILES",
        ),
        (
            "src/search/profiles",
            "search",
            "search_profiles.rs",
            "SEARCH_PROFILES",
        ),
    ] {
        let mut out = fs::File::create(Path::new(&out_dir).join(file)).expect(file);
        embed(dir, extension, &mut out, constant);
    }
}
