//! `menagerie tune` on the command line: reads PGN files, fits, prints
//! each pass, and writes the weights file.

use super::labels::SearchLabel;
use super::samples::SampleFilter;
use super::squares::SquareFit;
use super::{tune, EngineLabel, Start, TuneOptions};
use crate::referee::cli::{EngineSpec, Protocol};
use crate::rules::variants;
use crate::search::eval::weights::MAX_WEIGHTS_BYTES;
use std::io::Write;
use std::path::PathBuf;

/// Fit the evaluation's weights of one game to the results of games
/// written by `menagerie match --pgn` (Texel's method); writes a weights
/// file for `src/search/profiles/<game>.search`.
#[derive(clap::Args, Debug)]
pub struct TuneCommand {
    /// The game.
    #[arg(long)]
    variant: String,
    /// PGN files of games of that game.
    #[arg(required = true)]
    pgn: Vec<PathBuf>,
    /// Where the weights go (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Moves skipped at the start of each game.
    #[arg(long, default_value_t = 16)]
    skip_plies: usize,
    /// Passes over every weight, at most (default 40), or with
    /// `--squares` steps (default 2000).
    #[arg(long)]
    passes: Option<usize>,
    /// Start from the evaluation's defaults, not the game's weights.
    #[arg(long)]
    from_defaults: bool,
    /// Start from this weights file (an earlier fit's), not the game's
    /// weights; what the fit does not move is kept from it.
    #[arg(long, conflicts_with = "from_defaults")]
    start: Option<PathBuf>,
    /// Fit only these weights (keys as in the weights file, e.g.
    /// `king.danger` or `value.N`), the others kept.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Fit the square tables (`square.middle.S.SQ`, `square.end.S.SQ`)
    /// instead, every other weight kept; `--passes` counts its steps.
    #[arg(long, conflicts_with = "only")]
    squares: bool,
    /// With `--squares`: the prior's weight, in positions, that holds an
    /// entry seen in few positions near its start.
    #[arg(long, default_value_t = crate::tune::squares::PRIOR_POSITIONS)]
    prior: f64,
    /// With `--squares`: a square's entry is its rank's plus its file's
    /// (far fewer weights to fit from few games).
    #[arg(long, requires = "squares")]
    by_lines: bool,
    /// With `--squares`: each table's mean over the board stays as it
    /// was, so the tables place pieces and the piece values stay as they
    /// are (without it a table's mean acts as a change of value).
    #[arg(long, requires = "squares")]
    centred: bool,
    /// Label each position also by a search of this depth, its score read
    /// as a predicted result (the starting weights evaluate it).
    #[arg(long)]
    label_depth: Option<u32>,
    /// With `--label-depth` or `--label-engine`: the game result's share
    /// of the label, in percent (the search's is the rest).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(0..=100))]
    label_result: u32,
    /// Label each position also by this UCI engine's search (`position
    /// fen`, `go depth`) to `--label-engine-depth`; its scores are read as
    /// results through a K fitted to the games. The engine as `match
    /// --engine` takes it, its words in one argument (`"cmd=PROGRAM
    /// option.Hash=16 variant=NAME"`), or just its command line.
    #[arg(long, conflicts_with = "label_depth")]
    label_engine: Option<String>,
    /// The depth of `--label-engine`'s searches.
    #[arg(long, default_value_t = 10)]
    label_engine_depth: u32,
    /// With `--label-engine`: a file that keeps its scores, read first
    /// and added to, so a later fit on the same games asks it only for
    /// new positions (refused if made with another game, command or
    /// depth).
    #[arg(long, requires = "label_engine")]
    label_cache: Option<PathBuf>,
}

use crate::file_input::read_text;
use crate::referee::pool::MAX_PGN_BYTES;

/// `--label-engine`'s engine: `KEY=VALUE` words as `match --engine`
/// takes them, or a command line (the program, then its arguments).
fn label_engine_spec(words: &str) -> Result<EngineSpec, String> {
    let words: Vec<String> = words.split_whitespace().map(str::to_string).collect();
    let spec = match words.first() {
        Some(w) if w.contains('=') => EngineSpec::parse(&words),
        _ => EngineSpec::parse(&[format!("cmd={}", words.join(" "))]),
    };
    let spec = spec.map_err(|e| format!("--label-engine: {}", e.0))?;
    if spec.limits != Default::default() || spec.protocol != Protocol::Uci {
        return Err(
            "--label-engine: a UCI engine, its depth given by --label-engine-depth \
                    (no proto, tc, movetime, depth or nodes)"
                .to_string(),
        );
    }
    Ok(spec)
}

pub fn run_cli(args: TuneCommand) -> Result<(), Box<dyn std::error::Error>> {
    if !(args.prior.is_finite() && args.prior >= 0.0) {
        return Err(format!("--prior {}: not a number of positions", args.prior).into());
    }
    let variant = variants::load(&args.variant)?;
    let mut texts = Vec::new();
    for path in &args.pgn {
        let text = read_text(&path.to_string_lossy(), MAX_PGN_BYTES)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        texts.push(text);
    }
    let start = match (&args.start, args.from_defaults) {
        (Some(path), _) => Start::Text(
            read_text(&path.to_string_lossy(), MAX_WEIGHTS_BYTES)
                .map_err(|e| format!("--start {}: {e}", path.display()))?,
        ),
        (None, true) => Start::Defaults,
        (None, false) => Start::Own,
    };
    let options = TuneOptions {
        texts,
        filter: SampleFilter {
            skip_plies: args.skip_plies,
        },
        max_passes: args.passes.unwrap_or(40),
        start,
        only: args.only,
        squares: args.squares.then_some(SquareFit {
            max_steps: args.passes.unwrap_or(2000),
            prior_positions: args.prior,
            lines: args.by_lines,
            centred: args.centred,
        }),
        label: args.label_depth.map(|depth| SearchLabel {
            depth,
            result_share: args.label_result as f64 / 100.0,
        }),
        engine_label: args
            .label_engine
            .map(|words| {
                label_engine_spec(&words).map(|spec| EngineLabel {
                    spec,
                    depth: args.label_engine_depth,
                    result_share: args.label_result as f64 / 100.0,
                    cache: args.label_cache,
                })
            })
            .transpose()?,
    };
    let report = tune(&variant, &options, &mut |line| {
        let _ = writeln!(std::io::stderr(), "{line}");
    })?;
    let text = report.weights_text(&variant);
    match &args.out {
        Some(path) => std::fs::write(path, &text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        None => {
            let _ = std::io::stdout().write_all(text.as_bytes());
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "loss {:.6} -> {:.6}; held out {:.6} -> {:.6}",
        report.train_loss.0,
        report.train_loss.1,
        report.held_out_loss.0,
        report.held_out_loss.1
    );
    Ok(())
}
