//! `yomi-harness sweep CONFIG.toml --out FILE.jsonl`: a grid of searches
//! (see `sweep::grid`) run tree by tree into one JSON Lines file, each
//! record under its run key. A rerun skips what the file holds, so a
//! killed sweep resumes where it stopped (a record is written as its run
//! finishes); virtual-cluster runs share the cores within half of the
//! machine's memory, MPI runs start through the sweep's launcher one at a
//! time. A run that fails (an MPI job that
//! hung past its timeout, say) is logged to `FILE.failures.jsonl` and
//! the sweep goes on; it ends with an error naming the failures, which a
//! rerun retries.

use crate::sweep::grid;
use crate::sweep::job::Job;
use crate::sweep::launcher;
use crate::sweep::run::Run;
use crate::sweep::store::{self as sweep_store, Store};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Instant;
use yomi_memory::table_cap_mb;
use yomi_record::Backend;

/// Run a grid of searches (a TOML file) into a JSON Lines file, resumably.
#[derive(Args)]
pub(crate) struct SweepArgs {
    /// The sweep's TOML file.
    config: PathBuf,
    /// The records' file: created, or resumed (runs whose records it holds
    /// are skipped).
    #[arg(long)]
    out: PathBuf,
    /// Virtual-cluster runs at once [default: the cores]; threads and MPI
    /// runs go one at a time.
    #[arg(long)]
    jobs: Option<usize>,
    /// List the runs, what is left of them and an estimate of their cost;
    /// run nothing.
    #[arg(long)]
    dry_run: bool,
}

/// One tree's run still to do.
struct Item<'a> {
    run: &'a Run,
    tree: String,
    key: String,
}

pub(crate) fn run(args: &SweepArgs) -> Result<(), String> {
    let shown = args.config.display().to_string();
    let text =
        std::fs::read_to_string(&args.config).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let runs = grid::parse(&text, &shown)?;
    let mut names = Vec::with_capacity(runs.len());
    for run in &runs {
        let trees = run.trees.trees()?;
        names.push(trees.iter().map(|t| t.name().to_string()).collect());
    }
    if args.dry_run {
        return dry_run(&runs, &names, args);
    }
    let jobs = match args.jobs {
        Some(0) => return Err("--jobs must be at least 1".into()),
        Some(j) => j,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let (store, torn) = Store::open(&args.out)?;
    if torn {
        eprintln!(
            "sweep: {} ended in a torn record (a sweep stopped mid-write): cut off",
            args.out.display()
        );
    }
    let items = to_do(&runs, &names, &store, &args.out);
    // Virtual-cluster runs first, `jobs` at a time, each job taking the
    // next in order: the order the records are put in at the end.
    let (shared, alone): (Vec<Item>, Vec<Item>) = items
        .into_iter()
        .partition(|item| item.run.plan.backend == Backend::Sim);
    let writer = Writer::new(store, shared.len() + alone.len(), failures_path(&args.out));
    run_shared(&shared, jobs, &writer)?;
    for (i, item) in alone.iter().enumerate() {
        let result = if item.run.plan.backend == Backend::Mpi && item.run.plan.parallel() {
            launcher::search(item.run, &item.tree, &item.key)
        } else {
            run_item(item)
        };
        writer.finished(shared.len() + i, item, result)?;
    }
    writer.done()
}

/// Where a sweep writing `out` logs its failed runs: `NAME.failures.jsonl`
/// beside it.
fn failures_path(out: &std::path::Path) -> PathBuf {
    let stem = out.file_stem().unwrap_or_default().to_string_lossy();
    out.with_file_name(format!("{stem}.failures.jsonl"))
}

/// Every tree of `runs` (`names`: each run's trees) whose record `store`
/// (the file `out`) lacks, in order; the count said on stderr.
fn to_do<'a>(
    runs: &'a [Run],
    names: &'a [Vec<String>],
    store: &Store,
    out: &std::path::Path,
) -> Vec<Item<'a>> {
    let items: Vec<Item> = runs
        .iter()
        .zip(names)
        .flat_map(|(run, trees)| {
            trees.iter().map(move |tree| Item {
                run,
                tree: tree.clone(),
                key: run.key(tree),
            })
        })
        .filter(|item| !store.contains(&item.key))
        .collect();
    let total: usize = names.iter().map(Vec::len).sum();
    eprintln!(
        "sweep: {} runs of {} trees in all, {} records in {} already, {} to run",
        runs.len(),
        total,
        total - items.len(),
        out.display(),
        items.len()
    );
    items
}

/// The virtual-cluster items, `jobs` at a time within the machine's
/// memory for tables, each record to `writer` at its index; a failure to
/// write stops the others.
fn run_shared(shared: &[Item], jobs: usize, writer: &Writer) -> Result<(), String> {
    let budget = Budget::new(table_cap_mb().unwrap_or(usize::MAX));
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let job = || -> Result<(), String> {
        while !failed.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = shared.get(i) else {
                break;
            };
            let need = item.run.table_total_mb;
            budget.acquire(need);
            let result = run_item(item);
            budget.release(need);
            writer.finished(i, item, result).inspect_err(|_| {
                failed.store(true, Ordering::Relaxed);
            })?;
        }
        Ok(())
    };
    std::thread::scope(|s| {
        let jobs: Vec<_> = (0..jobs.max(1)).map(|_| s.spawn(job)).collect();
        jobs.into_iter()
            .map(|j| j.join().expect("a sweep job panicked"))
            .collect::<Result<Vec<()>, String>>()
    })?;
    Ok(())
}

/// Searches one tree of a run: its record line.
fn run_item(item: &Item) -> Result<String, String> {
    Job::of(item.run, &item.tree, &item.key)
        .run()?
        .ok_or_else(|| format!("{} on {}: no record", item.run.describe(), item.tree))
}

/// Writes each record as its run finishes (a killed sweep loses only the
/// runs under way), puts this sweep's records in the order the runs start
/// once all have finished (so that a whole sweep's file does not depend on
/// --jobs), and shows the progress.
struct Writer {
    state: Mutex<WriterState>,
    progress: ProgressBar,
    start: Instant,
    /// The failed runs' log.
    failures: PathBuf,
}

struct WriterState {
    store: Store,
    /// This sweep's records as written: each run's index and record.
    written: Vec<(usize, String)>,
    done: usize,
    failed: usize,
}

impl Writer {
    fn new(store: Store, items: usize, failures: PathBuf) -> Writer {
        let progress = ProgressBar::new(items as u64);
        progress.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} runs, {elapsed} elapsed, ETA {eta} {msg}",
            )
            .expect("a valid template"),
        );
        Writer {
            state: Mutex::new(WriterState {
                store,
                written: Vec::new(),
                done: 0,
                failed: 0,
            }),
            progress,
            start: Instant::now(),
            failures,
        }
    }

    /// Item `index` finished with `result`: its record is written at once,
    /// a failure logged.
    fn finished(
        &self,
        index: usize,
        item: &Item,
        result: Result<String, String>,
    ) -> Result<(), String> {
        let mut s = self.state.lock().expect("no writer panicked");
        match result {
            Ok(line) => {
                s.store.append(&item.key, &line)?;
                s.written.push((index, line));
            }
            Err(e) => {
                let error = format!("{} on {}: {e}", item.run.describe(), item.tree);
                self.progress.suspend(|| eprintln!("sweep: FAILED {error}"));
                self.log_failure(item, &error)?;
                s.failed += 1;
            }
        }
        s.done += 1;
        self.progress.inc(1);
        if self.progress.is_hidden() {
            eprintln!(
                "sweep: {}/{} done, {:.0} s: {} on {}",
                s.done,
                self.progress.length().unwrap_or(0),
                self.start.elapsed().as_secs_f64(),
                item.run.describe(),
                item.tree
            );
        }
        Ok(())
    }

    /// Appends the failure of `item` to the failures' log.
    fn log_failure(&self, item: &Item, error: &str) -> Result<(), String> {
        let line = serde_json::json!({
            "run_key": item.key,
            "run": item.run.describe(),
            "tree": item.tree,
            "error": error,
        });
        let shown = self.failures.display();
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&self.failures)
            .map_err(|e| format!("cannot open {shown}: {e}"))?;
        writeln!(file, "{line}").map_err(|e| format!("cannot write {shown}: {e}"))
    }

    /// This sweep's records in start order; the summary; an error when
    /// runs failed.
    fn done(&self) -> Result<(), String> {
        self.progress.finish_and_clear();
        let mut s = self.state.lock().expect("no writer panicked");
        if !s.written.is_sorted_by_key(|(index, _)| *index) {
            let mut records = std::mem::take(&mut s.written);
            records.sort_by_key(|(index, _)| *index);
            let lines: Vec<String> = records.into_iter().map(|(_, line)| line).collect();
            s.store.rewrite_appended(&lines)?;
        }
        eprintln!(
            "sweep: {} records written in {:.0} s; the file holds {}",
            s.done - s.failed,
            self.start.elapsed().as_secs_f64(),
            s.store.len()
        );
        match s.failed {
            0 => Ok(()),
            n => Err(format!(
                "{n} run(s) failed (listed in {}); rerun the sweep to retry them",
                self.failures.display()
            )),
        }
    }
}

/// Memory for tables, MB: a run waits until its tables fit beside those of
/// the runs under way (one alone always starts).
struct Budget {
    total: usize,
    used: Mutex<usize>,
    freed: Condvar,
}

impl Budget {
    fn new(total: usize) -> Budget {
        Budget {
            total,
            used: Mutex::new(0),
            freed: Condvar::new(),
        }
    }

    fn acquire(&self, mb: usize) {
        let mut used = self.used.lock().expect("no run panicked");
        while *used > 0 && *used + mb > self.total {
            used = self.freed.wait(used).expect("no run panicked");
        }
        *used += mb;
    }

    fn release(&self, mb: usize) {
        *self.used.lock().expect("no run panicked") -= mb;
        self.freed.notify_all();
    }
}

fn dry_run(runs: &[Run], names: &[Vec<String>], args: &SweepArgs) -> Result<(), String> {
    let done = sweep_store::keys_in(&args.out);
    let (mut nodes, mut left, mut peak_mb) = (0.0, 0, 0);
    println!("| run | trees | to run | estimated nodes | tables MB |");
    println!("|---|---|---|---|---|");
    for (run, trees) in runs.iter().zip(names) {
        let pending = trees.iter().filter(|t| !done.contains(&run.key(t))).count();
        let estimate = run.estimated_nodes(pending);
        nodes += estimate;
        left += pending;
        peak_mb = peak_mb.max(run.table_total_mb);
        println!(
            "| {} | {} | {} | {:.2e} | {} |",
            run.describe(),
            trees.len(),
            pending,
            estimate,
            run.table_total_mb
        );
    }
    println!(
        "\n{} runs, {left} tree searches to run, about {nodes:.2e} nodes (a rough guess from the \
         minimal tree), the largest run's tables {peak_mb} MB",
        runs.len()
    );
    Ok(())
}
