//! Positions given on the command line or stdin.

use yomi_shogi::board::{Position, STARTPOS};

/// Parses `startpos` or SFEN text (an optional leading `sfen` is accepted).
pub(crate) fn parse_position(text: &str) -> Result<Position, String> {
    let text = text.trim();
    let text = text.strip_prefix("sfen ").unwrap_or(text);
    let text = if text == "startpos" { STARTPOS } else { text };
    Position::from_sfen(text).map_err(|e| format!("bad SFEN {text:?}: {e}"))
}
