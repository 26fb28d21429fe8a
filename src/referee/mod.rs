//! `menagerie match`: a referee for engine-vs-engine matches that owns the
//! rules, the clocks and the dice.
//!
//! - `cli`: the command line and the `--engine` definitions;
//! - `engine_process`: a child process with line I/O and deadlines;
//! - `player`: what the referee asks of an engine; `uci_client`,
//!   `xboard_client`: the two protocols;
//! - `clock`: limits and clocks; `dice_stream`: the seeded dice;
//! - `dialect`: peers' spellings of our moves (Fairy-Stockfish's `+`);
//!   `fsf_spellings`: which moves those are, read from
//!   `scripts/fsf/spellings.txt`; `fsf_position`: the walls Fairy-Stockfish
//!   is sent in their place;
//! - `openings`: start positions and their generator;
//! - `game`: one game; `pgn`: the record; `stats`: Elo and SPRT;
//! - `runner`: the match (pairs, threads, progress, results); `resume`:
//!   the games of an interrupted match, read back from its PGN file;
//!   `shard`: one slice of a match's games; `pool`: runs counted as one,
//!   `shard_merge`: or a match's shards merged back into it.

pub mod cli;
pub mod clock;
pub mod dialect;
pub mod dice_stream;
pub mod engine_process;
pub mod fsf_position;
pub mod fsf_spellings;
pub mod game;
pub mod log;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod pool;
pub mod promotion_ahead;
pub mod resume;
pub mod runner;
pub mod shard;
pub mod shard_merge;
pub mod stats;
pub mod uci_client;
pub mod xboard_client;

pub use cli::{MatchArgs, MatchCommand};
pub use runner::run_cli;
