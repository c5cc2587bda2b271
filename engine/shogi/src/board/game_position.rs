//! A game's position as USI writes it: `startpos` or `sfen <SFEN>`, then
//! `moves …` (USI's `position` command, opening books, position files).

use super::{Move, Position};

/// A game position: where it started and the moves played since (the
/// play search's repetition rules need them).
#[derive(Clone, Debug)]
pub struct GamePosition {
    pub start: Position,
    pub moves: Vec<Move>,
}

impl GamePosition {
    pub fn startpos() -> GamePosition {
        GamePosition {
            start: Position::startpos(),
            moves: Vec::new(),
        }
    }

    /// The position after every move.
    pub fn current(&self) -> Position {
        let mut pos = self.start.clone();
        for &mv in &self.moves {
            pos.make_move(mv);
        }
        pos
    }

    /// A line of a position file: `sfen <SFEN>`, a bare SFEN or
    /// `startpos`, each optionally followed by `moves …`.
    pub fn parse_line(line: &str) -> Result<GamePosition, String> {
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if !matches!(words.first(), None | Some(&("sfen" | "startpos"))) {
            words.insert(0, "sfen");
        }
        GamePosition::parse(&words)
    }

    /// Parses the words after USI's `position`, checking every move's
    /// legality.
    pub fn parse(words: &[&str]) -> Result<GamePosition, String> {
        let split = words
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(words.len());
        let (setup, moves) = words.split_at(split);
        let start = match setup {
            ["startpos"] => Position::startpos(),
            ["sfen", fields @ ..] if !fields.is_empty() => {
                let text = fields.join(" ");
                Position::from_sfen(&text).map_err(|e| format!("bad SFEN {text:?}: {e}"))?
            }
            ["sfen"] => return Err("position sfen needs an SFEN".into()),
            [] => return Err("position needs startpos or sfen".into()),
            [other, ..] => return Err(format!("position needs startpos or sfen, not {other:?}")),
        };
        let mut pos = start.clone();
        let mut played = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().skip(1).enumerate() {
            let mv = pos
                .parse_usi_move(text)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            pos.make_move(mv);
            played.push(mv);
        }
        Ok(GamePosition {
            start,
            moves: played,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<GamePosition, String> {
        GamePosition::parse(&line.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn parses_start_positions_and_moves() {
        let p = parse("startpos moves 7g7f 3c3d").unwrap();
        assert_eq!(p.moves.len(), 2);
        assert_eq!(
            p.current().to_sfen(),
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
        );
        let p = parse(
            "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d",
        )
        .unwrap();
        assert_eq!(p.moves.len(), 1);
        assert_eq!(parse("startpos moves").unwrap().moves.len(), 0);
    }

    #[test]
    fn file_lines_may_leave_out_sfen() {
        let bare = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        let p = GamePosition::parse_line(&format!("{bare} moves 7g7f")).unwrap();
        assert_eq!(p.moves.len(), 1);
        assert_eq!(p.start.hash(), Position::startpos().hash());
        let p = GamePosition::parse_line(&format!("sfen {bare}")).unwrap();
        assert_eq!(p.current().hash(), Position::startpos().hash());
        assert_eq!(GamePosition::parse_line("startpos").unwrap().moves.len(), 0);
        assert!(GamePosition::parse_line("9/9 b - 1")
            .unwrap_err()
            .contains("bad SFEN"));
    }

    #[test]
    fn rejects_what_is_not_a_position() {
        for (line, expected) in [
            ("", "needs startpos or sfen"),
            ("start", "not \"start\""),
            ("sfen", "needs an SFEN"),
            ("sfen 9/9 b - 1", "bad SFEN"),
            ("startpos moves 7g7f 7g7f", "move 2 (7g7f)"),
            ("startpos moves 7g7f xx", "move 2 (xx)"),
        ] {
            let err = parse(line).unwrap_err();
            assert!(err.contains(expected), "{line:?}: {err}");
        }
    }
}
