//! How long a file of 50 games takes to load: read, resolved through its
//! parents, checked and compiled to move tables, as `--variants` and
//! VariantPath do. The games are the built-in files and the library (47
//! games) and three children of the largest, so 50 compiled games.
//!
//! `cargo bench --bench load_games`; `-- --test` runs it once.

use criterion::{criterion_group, criterion_main, Criterion};
use menagerie::rules::game_text::catalog::Catalog;
use menagerie::rules::variants;
use std::hint::black_box;

/// Three more games, each inheriting a large one.
const CHILDREN: &str =
    "[wolf-copy:wolf]\n[hubbub-copy:hubbub]\n[orientation-copy:pieceorientation]\n";

fn files() -> Vec<(&'static str, &'static str)> {
    let mut files: Vec<(&str, &str)> = variants::builtin_files().to_vec();
    files.extend_from_slice(variants::library_files());
    files.push(("children.ini", CHILDREN));
    files
}

fn load_50_games(c: &mut Criterion) {
    let files = files();
    let (catalog, games) = Catalog::default()
        .with_files(&files)
        .expect("the games load");
    assert_eq!(games.len(), 50, "{games:?}");
    assert!(games
        .iter()
        .all(|g| catalog.game(g).is_some_and(|r| r.is_ok())));
    c.bench_function("load 50 games", |b| {
        b.iter(|| {
            Catalog::default()
                .with_files(black_box(&files))
                .map(|(_, g)| g.len())
        })
    });
}

criterion_group!(benches, load_50_games);
criterion_main!(benches);
