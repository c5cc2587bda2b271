//! Perft counts against the published references in positions/perft_reference.txt.
//! The fast ones run in the normal suite; the deep ones (start position depth 6,
//! the "matsuri" position depth 4, the 593-move position depth 3) are ignored
//! by default: `cargo test --release -p yomi-shogi --test perft -- --ignored`.

use yomi_shogi::board::{perft, Position};

/// Leaves above which a reference count is left to the ignored deep test.
const FAST_LIMIT: u64 = 30_000_000;

struct Reference {
    sfen: String,
    depth: u32,
    count: u64,
}

fn references() -> Vec<Reference> {
    let text = include_str!("../../../positions/perft_reference.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            Reference {
                sfen: fields[0].to_string(),
                depth: fields[1].parse().expect("depth"),
                count: fields[2].parse().expect("count"),
            }
        })
        .collect()
}

fn check(filter: impl Fn(&Reference) -> bool) {
    let mut checked = 0;
    for r in references().iter().filter(|r| filter(r)) {
        let mut pos = Position::from_sfen(&r.sfen).unwrap_or_else(|e| panic!("{}: {e}", r.sfen));
        let got = perft(&mut pos, r.depth);
        assert_eq!(got, r.count, "perft({}) of {}", r.depth, r.sfen);
        assert_eq!(
            pos.to_sfen(),
            Position::from_sfen(&r.sfen).unwrap().to_sfen(),
            "unmake restores"
        );
        checked += 1;
    }
    assert!(checked > 0, "no reference count selected");
}

#[test]
fn fast_reference_counts() {
    check(|r| r.count <= FAST_LIMIT);
}

#[test]
#[ignore = "deep: run with --ignored in release mode"]
fn deep_reference_counts() {
    // Depth 7 and 8 of the start position take minutes to hours; the three
    // deep counts positions/perft_reference.txt names are the ones between.
    check(|r| r.count > FAST_LIMIT && r.count < 1_000_000_000);
}
