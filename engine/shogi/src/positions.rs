//! Position sets: text files with one position a line — `sfen <SFEN>`, a
//! bare SFEN or `startpos`, each optionally followed by `moves …`, then
//! optionally a tab and metadata (provenance). Blank lines and lines
//! starting with `#` are skipped; any other line must be a position.

use crate::board::{GamePosition, Position};

/// One position of a set.
#[derive(Clone, Debug)]
pub struct SetEntry {
    /// 1-based line number in the file.
    pub line: usize,
    /// After the line's moves, if any.
    pub position: Position,
    /// Whatever follows the tab (provenance).
    pub meta: String,
}

/// Every position of a set, or the first broken line's error.
pub fn parse_set(text: &str) -> Result<Vec<SetEntry>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (position, meta) = line.split_once('\t').unwrap_or((line, ""));
        let game =
            GamePosition::parse_line(position).map_err(|e| format!("line {}: {e}", i + 1))?;
        out.push(SetEntry {
            line: i + 1,
            position: game.current(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_take_sfen_lines_bare_sfens_and_startpos_with_moves() {
        let bare = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        let text = format!(
            "# a comment\n\nsfen {bare}\tfrom a game\n{bare}\nstartpos moves 7g7f 3c3d\n{bare} moves 2g2f\n"
        );
        let set = parse_set(&text).unwrap();
        assert_eq!(set.iter().map(|e| e.line).collect::<Vec<_>>(), [3, 4, 5, 6]);
        assert_eq!(set[0].meta, "from a game");
        assert_eq!(set[0].position.hash(), Position::startpos().hash());
        assert_eq!(set[1].position.hash(), Position::startpos().hash());
        let mut after = Position::startpos();
        for mv in ["7g7f", "3c3d"] {
            after.make_move(after.parse_usi_move(mv).unwrap());
        }
        assert_eq!(set[2].position.hash(), after.hash());
        assert_eq!(set[3].position.side_to_move(), crate::Color::White);
    }

    #[test]
    fn a_line_that_is_no_position_is_named() {
        let error = parse_set("startpos\nhello world\n").unwrap_err();
        assert!(error.starts_with("line 2: bad SFEN"), "{error}");
        let error = parse_set("startpos moves 7g7f 7g7f\n").unwrap_err();
        assert!(error.contains("line 1: move 2 (7g7f)"), "{error}");
    }
}
