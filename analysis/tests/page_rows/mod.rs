//! A results page's table rows against what `yomi-analysis` makes of the
//! records shipped beside the page: each row must appear, as written.

/// The folder of the dated results pages and their records.
pub(crate) const RESULTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/results");

/// The lines of the results page `page` that start with one of `prefixes`.
pub(crate) fn rows(page: &str, prefixes: &[&str]) -> Vec<String> {
    std::fs::read_to_string(format!("{RESULTS}/{page}"))
        .unwrap_or_else(|e| panic!("{page}: {e}"))
        .lines()
        .filter(|l| prefixes.iter().any(|p| l.starts_with(p)))
        .map(str::to_owned)
        .collect()
}

/// Fails on the first of `rows` that is not a line of `made`.
pub(crate) fn assert_rebuilt(rows: &[String], made: &str) {
    for row in rows {
        assert!(made.lines().any(|l| l == row), "not rebuilt: {row}\n{made}");
    }
}
