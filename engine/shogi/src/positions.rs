//! Position sets: text files with one `sfen <SFEN>[<TAB>metadata]` line per
//! position; other lines (comments, blank lines) are skipped.

use crate::board::Position;

/// One position of a set.
#[derive(Clone, Debug)]
pub struct SetEntry {
    /// 1-based line number in the file.
    pub line: usize,
    pub sfen: String,
    pub position: Position,
    /// Whatever follows the tab (provenance).
    pub meta: String,
}

/// Every position of a set, or the first broken line's error.
pub fn parse_set(text: &str) -> Result<Vec<SetEntry>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.strip_prefix("sfen ") else {
            continue;
        };
        let (sfen, meta) = rest.split_once('\t').unwrap_or((rest, ""));
        let position =
            Position::from_sfen(sfen).map_err(|e| format!("line {}: {e}: {sfen}", i + 1))?;
        out.push(SetEntry {
            line: i + 1,
            sfen: sfen.to_string(),
            position,
            meta: meta.to_string(),
        });
    }
    Ok(out)
}

/// The 32 professional middle-game positions of `positions/`, embedded.
pub fn pro_middlegame_32() -> Vec<SetEntry> {
    parse_set(include_str!("../../../positions/pro_middlegame_32.sfen"))
        .expect("the embedded position set is valid")
}

/// The start position, then the 32 professional positions: the set the
/// tests sweep over.
pub fn startpos_and_pro() -> Vec<Position> {
    std::iter::once(Position::startpos())
        .chain(pro_middlegame_32().into_iter().map(|e| e.position))
        .collect()
}
