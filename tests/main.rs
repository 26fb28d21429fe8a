//! Every integration test in one binary: each test binary is a full
//! release link of the engine, so one binary instead of fourteen saves most
//! of the test build. Each module is one concern; `cargo test <module>::`
//! runs one of them.
//!
//! Tests that need programs outside Rust (python-chess, XBoard) or that run
//! for minutes are `#[ignore = "needs ..."]` / `#[ignore = "long: ..."]`;
//! `cargo test --release -- --include-ignored` runs them (`.ci/run` does).

#[allow(dead_code)]
mod reference;
mod support;

mod chance_search;
mod cli;
mod conversations;
mod differential;
mod fen;
mod file_options;
mod gui_server;
mod match_shards;
mod mates;
mod perft;
mod protocol_fuzz;
mod python_chess;
mod referee_matches;
mod reference_selftest;
mod search;
mod search_bounds;
mod uci;
mod xboard_replay;
