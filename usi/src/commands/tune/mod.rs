//! `yomi tune`: fits the play evaluation's weights to game results on
//! positions from `yomi selfplay` (logistic regression of the result on the
//! evaluation, as Texel's tuning method does) and writes them as Rust
//! source for `engine/shogi/src/eval/play_weights.rs`.

mod logistic_fit;
mod source;

use clap::{Args, ValueEnum};
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use yomi_shogi::board::Position;
use yomi_shogi::eval::{features, play_weights, research_weights, weights::Weights};

/// Fit the play evaluation to self-play results and write its weights.
#[derive(Args)]
pub(crate) struct TuneArgs {
    /// Position files of `yomi selfplay` ("SFEN<TAB>result" lines).
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// The weights to start from.
    #[arg(long, value_enum, default_value_t = Start::Play)]
    from: Start,
    /// Passes over the data.
    #[arg(long, default_value_t = 400)]
    epochs: usize,
    /// Adam's step size, in evaluation units.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// Pull of each weight towards its start, per unit of squared change.
    #[arg(long, default_value_t = 1e-7)]
    l2: f64,
    /// One position in n (chosen by a hash of its line) is held out to
    /// check the fit on unseen data.
    #[arg(long, default_value_t = 10)]
    hold_out_every: usize,
    /// A line for the written file's header, e.g. how the data was made
    /// (repeatable).
    #[arg(long)]
    note: Vec<String>,
    /// Where to write the weights' Rust source.
    #[arg(long, default_value = "engine/shogi/src/eval/play_weights.rs")]
    out: PathBuf,
}

#[derive(Clone, Copy, ValueEnum)]
enum Start {
    /// The weights the play search uses now.
    Play,
    /// Research mode's hand-set weights.
    Research,
}

impl Start {
    fn name(self) -> &'static str {
        match self {
            Start::Play => "play",
            Start::Research => "research",
        }
    }
}

pub(crate) fn run(args: &TuneArgs) -> Result<(), String> {
    let start: Weights = match args.from {
        Start::Play => play_weights(),
        Start::Research => research_weights(),
    };
    // A path that cannot be written fails now, not after the fit.
    super::out_file::check(&args.out)?;
    let samples = load(&args.data)?;
    let every = args.hold_out_every.max(2) as u64;
    let (hold_out, train): (Vec<_>, Vec<_>) =
        samples.into_iter().partition(|(key, _)| key % every == 0);
    let strip =
        |v: Vec<(u64, logistic_fit::Sample)>| v.into_iter().map(|(_, s)| s).collect::<Vec<_>>();
    let (train, hold_out) = (strip(train), strip(hold_out));
    println!(
        "tune: {} positions to fit, {} held out",
        train.len(),
        hold_out.len()
    );
    let settings = logistic_fit::Settings {
        epochs: args.epochs,
        rate: args.rate,
        l2: args.l2,
    };
    let fitted = logistic_fit::fit(&start, &train, &hold_out, &settings);
    let mut notes = args.note.clone();
    notes.push(format!(
        "Fit: {} positions, {} held out; from the {} weights, {} epochs, rate {}, l2 {}.",
        train.len(),
        hold_out.len(),
        args.from.name(),
        args.epochs,
        args.rate,
        args.l2
    ));
    notes.push(format!(
        "Scale k {:.6}; squared error fitted {:.6} -> {:.6}, held out {:.6} -> {:.6} (epoch {}).",
        fitted.k,
        fitted.before.0,
        fitted.after.0,
        fitted.before.1,
        fitted.after.1,
        fitted.best_epoch
    ));
    println!("tune: {}", notes[notes.len() - 1]);
    let text = source::rust_source(&fitted.weights, &notes);
    super::out_file::write(&args.out, &text)?;
    println!("tune: wrote {}", args.out.display());
    Ok(())
}

/// Reads every file's positions and computes their features, keyed and
/// ordered by a hash of their line: the fit then depends on which lines
/// the files hold, not on their order (self-play on several threads
/// writes games in the order they end).
fn load(paths: &[PathBuf]) -> Result<Vec<(u64, logistic_fit::Sample)>, String> {
    let mut samples = Vec::new();
    for path in paths {
        let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for (n, line) in BufReader::new(file).lines().enumerate() {
            let at = || format!("{}:{}", path.display(), n + 1);
            let line = line.map_err(|e| format!("{}: {e}", at()))?;
            // A third field (the search's value) may follow; tuning fits
            // the results alone.
            let mut fields = line.split('\t');
            let (sfen, result) = fields
                .next()
                .zip(fields.next())
                .ok_or_else(|| format!("{}: expected SFEN<TAB>result", at()))?;
            let pos = Position::from_sfen(sfen).map_err(|e| format!("{}: {e}", at()))?;
            let result: f64 = match result.trim().parse() {
                Ok(r) if (0.0..=1.0).contains(&r) => r,
                _ => return Err(format!("{}: result {result:?} is not 0, 0.5 or 1", at())),
            };
            samples.push((
                fnv1a(&line),
                logistic_fit::Sample::new(features(&pos), result),
            ));
        }
    }
    if samples.is_empty() {
        return Err("no positions to tune on".into());
    }
    samples.sort_unstable_by_key(|&(key, _)| key);
    Ok(samples)
}

/// FNV-1a: a hash that stays the same across builds and platforms.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}
