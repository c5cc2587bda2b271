//! The harness's result records (`yomi-record`, JSON lines) from one or
//! more files, a record that two files both hold (the same run key)
//! counted once; and what the report reads off them.

use ahash::AHashSet;
use rayon::prelude::*;
use std::io::Read;
use yomi_record::{GameRecord, Method, Record};

/// The baselines beside seed 000's methods, in the order tables show them.
pub(crate) const BASELINE_METHODS: &[Method] = &[
    Method::TreeSplitting,
    Method::PvSplitting,
    Method::StagedSss,
    Method::Ybwc,
    Method::Jamboree,
    Method::GridMaster,
];

/// Which trees a run searched.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum TreeSet {
    Synthetic,
    Shogi,
    /// Seed 002's ordered trees, by ordering (`random`, `strong`, …).
    Ordered(String),
    /// Seed 003's incremental random trees.
    Incremental,
    /// A game plugged in, by its `--tree` name.
    Plugged(String),
}

impl TreeSet {
    /// Seed 000's tree sets: whether synthetic; `None` for others.
    pub(crate) fn paper(&self) -> Option<bool> {
        match self {
            TreeSet::Synthetic => Some(true),
            TreeSet::Shogi => Some(false),
            TreeSet::Ordered(_) | TreeSet::Incremental | TreeSet::Plugged(_) => None,
        }
    }

    pub(crate) fn label(&self) -> String {
        match self {
            TreeSet::Synthetic => "synthetic".into(),
            TreeSet::Shogi => "shogi".into(),
            TreeSet::Ordered(ordering) => format!("{ordering} ordered"),
            TreeSet::Incremental => "incremental".into(),
            TreeSet::Plugged(kind) => kind.clone(),
        }
    }
}

/// What analysis reads off a record beyond its fields.
pub(crate) trait RecordView {
    /// RBF's stop as a phrase after a comma (empty for other methods).
    fn stop(&self) -> String;
    /// The plain sequential search (no NegaScout, no §5.2 variant): the
    /// baseline of speedups.
    fn is_plain_sequential(&self) -> bool;
    /// Which trees it searched: plugged games by their kind; synthetic
    /// trees are named by their seed (`seed5`), ordered trees by their
    /// ordering and seed (`strong-seed5`), shogi positions otherwise.
    fn tree_set(&self) -> TreeSet;
}

impl RecordView for Record {
    fn stop(&self) -> String {
        let Some(shape) = self.rbf().map(|f| f.shape) else {
            return String::new();
        };
        match (shape.rbf_nodes, shape.match_depth, shape.rbf_depth) {
            (Some(n), _, _) => format!(", {n} generated nodes"),
            (_, Some(k), _) => format!(", alpha-beta's nodes at depth {k}"),
            (_, _, Some(depth)) => format!(", to depth {depth}"),
            _ => String::new(),
        }
    }

    fn is_plain_sequential(&self) -> bool {
        self.method == Method::Sequential && !self.negascout && self.d_prime.is_none()
    }

    fn tree_set(&self) -> TreeSet {
        let own = ["shogi", "synthetic", "ordered", "incremental"];
        if let Some(kind) = self.tree_kind.as_deref().filter(|k| !own.contains(k)) {
            return TreeSet::Plugged(kind.to_string());
        }
        let seed = |name: &str| {
            name.strip_prefix("seed")
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()))
        };
        if seed(&self.tree) {
            return TreeSet::Synthetic;
        }
        match self.tree.split_once('-') {
            Some(("incremental", rest)) if seed(rest) => TreeSet::Incremental,
            Some((ordering @ ("random" | "strong" | "perfect"), rest)) if seed(rest) => {
                TreeSet::Ordered(ordering.to_string())
            }
            _ => TreeSet::Shogi,
        }
    }
}

/// What reading the files found besides the runs.
#[derive(Default, Debug)]
pub(crate) struct Reading {
    pub runs: Vec<Record>,
    /// Games of `yomi-harness uct-match`, read beside the runs.
    pub games: Vec<GameRecord>,
    /// Records held by an earlier file (or line) under the same run key.
    pub duplicates: usize,
    /// `file:line: reason` of lines that are not records (a torn last line
    /// of a running sweep, say); they are left out.
    pub skipped: Vec<String>,
}

/// A line of a records file.
enum Line {
    Run(Box<Record>),
    Game(GameRecord),
}

impl Line {
    fn parse(line: &str) -> Result<Line, String> {
        if line.contains("\"contender_first\"") {
            GameRecord::from_json(line).map(Line::Game)
        } else {
            Record::from_json(line).map(|r| Line::Run(Box::new(r)))
        }
    }
}

/// The runs of `files`, in order; an error only when a file cannot be read.
/// Each file's lines are parsed on every core (rayon), then taken in order.
pub(crate) fn read(files: &[String]) -> Result<Reading, String> {
    let mut reading = Reading::default();
    let mut keys = AHashSet::new();
    for file in files {
        let text = read_text(file)?;
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .collect();
        let parsed: Vec<_> = lines
            .par_iter()
            .map(|&(i, line)| (i, Line::parse(line)))
            .collect();
        for (i, parsed) in parsed {
            match parsed {
                Ok(Line::Game(game)) => reading.games.push(game),
                Ok(Line::Run(run)) => {
                    if let Some(key) = &run.run_key {
                        if !keys.insert(key.clone()) {
                            reading.duplicates += 1;
                            continue;
                        }
                    }
                    reading.runs.push(*run);
                }
                Err(e) => reading.skipped.push(format!("{file}:{}: {e}", i + 1)),
            }
        }
    }
    Ok(reading)
}

/// A records file's text; one ending in `.gz` (as the results pages ship
/// theirs) is unpacked first.
fn read_text(file: &str) -> Result<String, String> {
    let fail = |e: std::io::Error| format!("cannot read {file}: {e}");
    if file.ends_with(".gz") {
        let mut text = String::new();
        let packed = std::fs::File::open(file).map_err(fail)?;
        flate2::read::MultiGzDecoder::new(std::io::BufReader::new(packed))
            .read_to_string(&mut text)
            .map_err(fail)?;
        Ok(text)
    } else {
        std::fs::read_to_string(file).map_err(fail)
    }
}

/// [`read`], naming the lines left out on stderr; an error when no
/// record is left.
pub(crate) fn load(files: &[String]) -> Result<Reading, String> {
    let reading = read(files)?;
    for line in &reading.skipped {
        eprintln!("warning: not a record, left out: {line}");
    }
    if reading.runs.is_empty() && reading.games.is_empty() {
        return Err(format!("no records in {}", files.join(", ")));
    }
    Ok(reading)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_keys_count_once_and_torn_lines_are_skipped() {
        let dir = std::env::temp_dir().join(format!("yomi-records-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let line = r#"{"run_key":"k1","tree":"seed1","b":5,"d":8,"method":"sequential","value":3,"leaves":10,"time_s":0.5}"#;
        let a = dir.join("a.jsonl");
        let b = dir.join("b.jsonl");
        std::fs::write(&a, format!("{line}\n")).unwrap();
        let ordered = line.replace("seed1", "strong-seed1").replace("k1", "k3");
        let split = line
            .replace("sequential", "tree-splitting")
            .replace("k1", "k4")
            .replace("}", r#","charge":"nodes","processors":5}"#);
        std::fs::write(
            &b,
            format!("{line}\n{ordered}\n{split}\n{{\"run_key\":\"k2\",\"tr"),
        )
        .unwrap();
        // The second file as the results pages ship records: packed.
        let packed = dir.join("b.jsonl.gz");
        let mut encoder = flate2::write::GzEncoder::new(
            std::fs::File::create(&packed).unwrap(),
            flate2::Compression::default(),
        );
        std::io::Write::write_all(&mut encoder, &std::fs::read(&b).unwrap()).unwrap();
        encoder.finish().unwrap();
        let files = [a, packed].map(|p| p.to_string_lossy().into_owned());
        let reading = read(&files).unwrap();
        assert_eq!(reading.runs.len(), 3);
        assert_eq!(reading.duplicates, 1);
        assert_eq!(reading.skipped.len(), 1);
        assert!(reading.skipped[0].contains("b.jsonl.gz:4"));
        let first = &reading.runs[0];
        assert!(first.is_plain_sequential() && first.tree_set() == TreeSet::Synthetic);
        assert_eq!(first.ranks(), 1);
        let ordered = TreeSet::Ordered("strong".into());
        assert_eq!(reading.runs[1].tree_set(), ordered);
        assert!(BASELINE_METHODS.contains(&reading.runs[2].method));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
