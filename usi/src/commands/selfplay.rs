//! `yomi selfplay`: games of the play search against itself at a node
//! budget, writing quiet positions with the game's result and the search's
//! value, for `yomi tune` and `yomi nnue train`.
//!
//! Games start from the match openings (`scripts/openings.txt`), then play
//! a few random moves that lose no material, and draw each move's budget
//! from 3/4 to 5/4 of `--nodes`, so that no two games are alike.

use clap::Args;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use yomi_play::{mate_distance, see_ge, PlaySearcher, MAX_PLY};
use yomi_search::Limits;
use yomi_shogi::board::{Color, Move, Position};
use yomi_shogi::GamePosition;
use yomi_shogi_game::{Repetition, ShogiGame};
use yomi_tree::{BranchLimit, Game};

const OPENINGS: &str = include_str!("../../../scripts/openings.txt");

/// A game this long is a draw.
const MAX_GAME_PLIES: u32 = 320;
/// Positions valued beyond this are decided: not recorded, and after
/// [`DECIDED_PLIES`] such plies in a row, the game is adjudicated.
const DECIDED: i32 = 2000;
const DECIDED_PLIES: u32 = 4;

/// Play the engine against itself and append quiet positions with the
/// game's result and the search's value ("SFEN<TAB>result<TAB>value":
/// 1 / 0.5 / 0 for Black; the value for the side to move) to a file.
#[derive(Args)]
pub(crate) struct SelfplayArgs {
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Nodes per move, on average.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Random moves (that lose no material) after each opening.
    #[arg(long, default_value_t = 4)]
    random_plies: u32,
    /// Games played at once, one thread each (the file is the same
    /// whatever the number: games are written in their order).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Seed of the random moves and budgets.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Transposition table per game, MB.
    #[arg(long, default_value_t = 16)]
    hash_mb: usize,
    /// File the positions are appended to.
    #[arg(long)]
    out: PathBuf,
}

/// A finished game: its recorded positions with their search values (side
/// to move's view), and Black's score.
struct Record {
    positions: Vec<(String, i32)>,
    black_score: f32,
}

pub(crate) fn run(args: &SelfplayArgs) -> Result<(), String> {
    let openings = OPENINGS
        .lines()
        .map(|line| GamePosition::parse(&line.split_whitespace().collect::<Vec<_>>()))
        .collect::<Result<Vec<_>, _>>()?;
    let file = super::out_file::append(&args.out)?;
    let out = Mutex::new(Output {
        writer: BufWriter::new(file),
        tally: Tally::default(),
        finished: BTreeMap::new(),
    });
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..args.threads.max(1))
            .map(|_| {
                s.spawn(|| loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= args.games {
                        return Ok::<(), String>(());
                    }
                    let mut rng = StdRng::seed_from_u64(args.seed.wrapping_mul(1 << 32) + n as u64);
                    let record = play(args, &openings[n % openings.len()], &mut rng);
                    let mut out = out.lock().expect("no writer panics");
                    out.finished.insert(n, record);
                    out.write_in_order()
                        .map_err(|e| format!("{}: {e}", args.out.display()))?;
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|w| w.join().expect("a selfplay game never panics"))
    })?;
    let Output {
        mut writer, tally, ..
    } = out.into_inner().expect("no writer panics");
    writer
        .flush()
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    println!("{tally}");
    Ok(())
}

/// The file, and the games finished but not yet written: a game is
/// written once every game before it is, so that threads change nothing
/// in the file.
struct Output {
    writer: BufWriter<File>,
    tally: Tally,
    finished: BTreeMap<usize, Record>,
}

impl Output {
    /// Writes the finished games that come next in order.
    fn write_in_order(&mut self) -> std::io::Result<()> {
        while let Some(record) = self.finished.remove(&self.tally.games) {
            for (sfen, value) in &record.positions {
                writeln!(self.writer, "{sfen}\t{}\t{value}", record.black_score)?;
            }
            self.tally.add(&record);
            if self.tally.games.is_multiple_of(50) {
                eprintln!("{}", self.tally);
            }
        }
        Ok(())
    }
}

/// One game from `opening`.
fn play(args: &SelfplayArgs, opening: &GamePosition, rng: &mut StdRng) -> Record {
    let mut game = ShogiGame::new(opening.start.clone(), BranchLimit::ALL);
    for &mv in &opening.moves {
        game.play(mv);
    }
    for _ in 0..args.random_plies {
        let pos = game.position();
        let safe: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&mv| see_ge(pos, mv, 0))
            .collect();
        if safe.is_empty() {
            break;
        }
        game.play(safe[rng.random_range(0..safe.len())]);
    }
    let mut searcher = PlaySearcher::new(game, args.hash_mb);
    let mut positions = Vec::new();
    let mut decided = (0, 0); // (plies in a row, the side ahead: +1 Black)
    let black_score = loop {
        let game = searcher.game_mut();
        let pos = game.position().clone();
        let mover = if pos.side_to_move() == Color::Black {
            1.0
        } else {
            0.0
        };
        match game.repetition() {
            Some(Repetition::Draw) => break 0.5,
            Some(Repetition::Loss) => break 1.0 - mover,
            Some(Repetition::Win) => break mover,
            None => {}
        }
        if pos.can_declare_win() {
            break mover;
        }
        if pos.ply() >= MAX_GAME_PLIES {
            break 0.5;
        }
        let budget = args.nodes * 3 / 4 + rng.random_range(0..=args.nodes / 2);
        let limits = Limits {
            depth: MAX_PLY as u32,
            nodes: Some(budget.max(1)),
            ..Limits::default()
        };
        let result = searcher.search(limits, |_| {});
        let Some(best) = result.best_move else {
            break 1.0 - mover; // no legal move: mated
        };
        let value = result.value;
        if mate_distance(value).is_some() || value.abs() >= DECIDED {
            let ahead = if (value > 0) == (mover == 1.0) { 1 } else { -1 };
            decided = if decided.1 == ahead {
                (decided.0 + 1, ahead)
            } else {
                (1, ahead)
            };
            if mate_distance(value).is_some() || decided.0 >= DECIDED_PLIES {
                break if ahead == 1 { 1.0 } else { 0.0 };
            }
        } else {
            decided = (0, 0);
            if is_quiet(&pos, best) {
                positions.push((pos.to_sfen(), value));
            }
        }
        searcher.game_mut().play(best);
    };
    Record {
        positions,
        black_score,
    }
}

/// Not in check, and the best move neither captures nor promotes: the
/// static evaluation should be the position's value.
fn is_quiet(pos: &Position, best: Move) -> bool {
    !pos.in_check() && !pos.is_tactical(best)
}

/// Games and positions so far.
#[derive(Default)]
struct Tally {
    games: usize,
    positions: usize,
    black_wins: usize,
    white_wins: usize,
}

impl Tally {
    fn add(&mut self, record: &Record) {
        self.games += 1;
        self.positions += record.positions.len();
        if record.black_score == 1.0 {
            self.black_wins += 1;
        } else if record.black_score == 0.0 {
            self.white_wins += 1;
        }
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let draws = self.games - self.black_wins - self.white_wins;
        write!(
            f,
            "selfplay: {} games (Black {} White {} draws {draws}), {} positions",
            self.games, self.black_wins, self.white_wins, self.positions
        )
    }
}
