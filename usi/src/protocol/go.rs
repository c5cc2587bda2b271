//! The `go` command's parameters.

use std::time::Duration;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Go {
    /// Remaining time of Black and White.
    pub time: [Option<Duration>; 2],
    /// Fischer increments of Black and White.
    pub inc: [Option<Duration>; 2],
    pub byoyomi: Option<Duration>,
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub infinite: bool,
    pub ponder: bool,
    /// `go mate`: a mate search was asked for, with its time (`None`:
    /// `infinite`, until found or stopped).
    pub mate: Option<Option<Duration>>,
}

impl Go {
    /// Parses the words after `go`.
    pub(super) fn parse(words: &[&str]) -> Result<Go, String> {
        let mut go = Go::default();
        let mut it = words.iter();
        while let Some(&word) = it.next() {
            let ms = |v: u64| Some(Duration::from_millis(v));
            match word {
                "btime" => go.time[0] = ms(number(&mut it, word)?),
                "wtime" => go.time[1] = ms(number(&mut it, word)?),
                "binc" => go.inc[0] = ms(number(&mut it, word)?),
                "winc" => go.inc[1] = ms(number(&mut it, word)?),
                "byoyomi" => go.byoyomi = ms(number(&mut it, word)?),
                "movetime" => go.movetime = ms(number(&mut it, word)?),
                "depth" => go.depth = Some(number(&mut it, word)?.min(u64::from(u32::MAX)) as u32),
                "nodes" => go.nodes = Some(number(&mut it, word)?),
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                // `go mate <ms>`, `go mate infinite`, or a bare `go mate`.
                "mate" => {
                    go.mate = Some(match it.clone().next() {
                        None | Some(&"infinite") => {
                            it.next();
                            None
                        }
                        Some(_) => ms(number(&mut it, word)?),
                    })
                }
                other => return Err(format!("unknown go parameter {other:?}")),
            }
        }
        Ok(go)
    }
}

/// The number after a parameter (negative counts as 0).
fn number(it: &mut std::slice::Iter<&str>, what: &str) -> Result<u64, String> {
    let text = it
        .next()
        .ok_or_else(|| format!("go {what} needs a number"))?;
    text.parse::<i64>()
        .map(|v| v.max(0) as u64)
        .map_err(|_| format!("go {what}: {text:?} is not a number"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_clocks_and_limits() {
        let go = Go::parse(
            &"btime 60000 wtime 50000 byoyomi 10000 ponder"
                .split(' ')
                .collect::<Vec<_>>(),
        )
        .unwrap();
        assert_eq!(
            go.time,
            [Some(Duration::from_secs(60)), Some(Duration::from_secs(50))]
        );
        assert_eq!(go.byoyomi, Some(Duration::from_secs(10)));
        assert!(go.ponder && !go.infinite);
        let go = Go::parse(&["mate", "3000"]).unwrap();
        assert_eq!(go.mate, Some(Some(Duration::from_secs(3))));
        assert_eq!(Go::parse(&["mate", "infinite"]).unwrap().mate, Some(None));
        assert_eq!(Go::parse(&["mate"]).unwrap().mate, Some(None));
        assert!(Go::parse(&["mate", "soon"]).is_err());
        let go = Go::parse(&["depth", "7", "nodes", "1000", "binc", "-5"]).unwrap();
        assert_eq!(
            (go.depth, go.nodes, go.inc[0]),
            (Some(7), Some(1000), Some(Duration::ZERO))
        );
        assert!(Go::parse(&["btime"]).is_err());
        assert!(Go::parse(&["btime", "x"]).is_err());
        assert!(Go::parse(&["sideways"]).is_err());
    }
}
