//! Move generator benchmarks.
//!
//! `cargo bench --bench perft` measures perft (reported as nodes per second)
//! and bare move generation; `cargo bench --bench perft -- --test` runs each
//! benchmark once, which still checks every expected count.
//!
//! To benchmark another variant or position, add a line to `PERFT` and/or
//! `MOVEGEN`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use menagerie::rules::perft::perft;
use menagerie::rules::position::Position;
use menagerie::rules::variants;
use std::hint::black_box;
use std::time::Duration;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// Position 6 of the Chess Programming Wiki's perft results.
const CPW6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

/// (variant, label, FEN or `None` for the variant's start position, depth,
/// published or independently computed leaf count at that depth).
const PERFT: &[(&str, &str, Option<&str>, u32, u64)] = &[
    ("chess", "startpos", None, 4, 197_281),
    ("chess", "kiwipete", Some(KIWIPETE), 3, 97_862),
    ("wolf", "startpos", None, 4, 353_804),
    ("hubbub", "startpos", None, 4, 1_077_072),
    ("pawneaters", "startpos", None, 3, 563_918),
];

/// (variant, label, FEN or `None` for the start position, number of legal moves).
const MOVEGEN: &[(&str, &str, Option<&str>, usize)] = &[
    ("chess", "startpos", None, 20),
    ("chess", "kiwipete", Some(KIWIPETE), 48),
    ("chess", "cpw6", Some(CPW6), 46),
    ("wolf", "startpos", None, 23),
    ("hubbub", "startpos", None, 31),
    ("pawneaters", "startpos", None, 84),
];

/// The position a table line names.
fn position(variant: &str, label: &str, fen: Option<&str>) -> Position {
    let v = variants::load(variant)
        .unwrap_or_else(|e| panic!("{variant}/{label}: cannot load variant: {e}"));
    match fen {
        None => Position::startpos(v),
        Some(fen) => Position::from_fen(v, fen)
            .unwrap_or_else(|e| panic!("{variant}/{label}: bad FEN {fen:?}: {e}")),
    }
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for &(variant, label, fen, depth, expected) in PERFT {
        let id = format!("{variant}/{label}");
        let mut pos = position(variant, label, fen);
        let nodes = perft(&mut pos, depth);
        assert_eq!(
            nodes, expected,
            "{id} perft({depth}): got {nodes}, expected {expected}"
        );
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new(id, depth), |b| {
            b.iter(|| perft(black_box(&mut pos), black_box(depth)))
        });
    }
    group.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    for &(variant, label, fen, expected) in MOVEGEN {
        let id = format!("{variant}/{label}");
        let pos = position(variant, label, fen);
        let listed = pos.legal_moves().len();
        let counted = pos.count_legal();
        assert_eq!(
            listed, expected,
            "{id}: legal_moves() gave {listed} moves, expected {expected}"
        );
        assert_eq!(
            counted, expected as u64,
            "{id}: count_legal() gave {counted}, expected {expected}"
        );
        group.throughput(Throughput::Elements(expected as u64));
        group.bench_function(BenchmarkId::new("legal_moves", &id), |b| {
            b.iter(|| black_box(&pos).legal_moves())
        });
        group.bench_function(BenchmarkId::new("count_legal", &id), |b| {
            b.iter(|| black_box(&pos).count_legal())
        });
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_perft, bench_movegen
}
criterion_main!(benches);
