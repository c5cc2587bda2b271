//! Reading commands: lines of any bytes, of any length, without trusting
//! either.

use std::io::{self, BufRead};

/// Longer lines are answered with an error and skipped (a real `position`
/// line of a 1,000-move game is about 6 KB).
pub(super) const MAX_LINE: usize = 1 << 20;

/// A line read from the GUI.
pub(super) enum Line {
    Text(String),
    /// Longer than [`MAX_LINE`]: its length, the rest was discarded.
    TooLong(usize),
}

/// The next line without its line ending, invalid UTF-8 replaced; `None`
/// at the end of input.
pub(super) fn read_line(input: &mut impl BufRead) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let mut length = 0;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if length == 0 {
                return Ok(None);
            }
            break;
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        length += chunk.len();
        if length <= MAX_LINE {
            bytes.extend_from_slice(chunk);
        }
        let consumed = done.unwrap_or(chunk.len());
        input.consume(consumed);
        if done.is_some() {
            break;
        }
    }
    if length > MAX_LINE {
        return Ok(Some(Line::TooLong(length)));
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Ok(Some(Line::Text(
        String::from_utf8_lossy(&bytes).into_owned(),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(data: &[u8]) -> Vec<String> {
        let mut input = io::BufReader::with_capacity(16, data);
        let mut out = Vec::new();
        while let Some(line) = read_line(&mut input).unwrap() {
            out.push(match line {
                Line::Text(t) => t,
                Line::TooLong(n) => format!("<{n}>"),
            });
        }
        out
    }

    #[test]
    fn splits_lines_of_any_bytes() {
        assert_eq!(
            lines(b"usi\r\nisready\n\nquit"),
            ["usi", "isready", "", "quit"]
        );
        assert_eq!(lines(b"a\xff\xfeb\n"), ["a\u{fffd}\u{fffd}b"]);
        let mut long = vec![b'x'; MAX_LINE + 5];
        long.extend_from_slice(b"\nisready\n");
        assert_eq!(
            lines(&long),
            [format!("<{}>", MAX_LINE + 5), "isready".to_string()]
        );
    }
}
