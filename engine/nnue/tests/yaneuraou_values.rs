//! Yomi's NNUE values equal YaneuraOu's, to the unit, on the positions and
//! nets of the fixture (written by scripts/nnue_crosscheck.py from
//! YaneuraOu's own `eval`), with the AVX2 and the scalar code.

use yomi_nnue::Network;
use yomi_shogi::board::Position;

#[test]
fn values_equal_yaneuraous() {
    let text = include_str!("fixtures/yaneuraou_values.tsv");
    let seeds: Vec<u64> = text
        .lines()
        .find_map(|l| l.strip_prefix("# seeds "))
        .expect("a seeds line")
        .split_whitespace()
        .map(|s| s.parse().unwrap())
        .collect();
    let rows: Vec<(Position, Vec<i32>)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            let pos = Position::from_sfen(cols[0]).expect("fixture SFEN");
            let values = cols[1..=seeds.len()]
                .iter()
                .map(|v| v.parse().unwrap())
                .collect();
            (pos, values)
        })
        .collect();
    assert!(rows.len() >= 1000, "{} positions", rows.len());
    for (k, &seed) in seeds.iter().enumerate() {
        let net = Network::random(seed);
        let simd = net.uses_simd();
        let scalar = Network::random(seed).scalar();
        let mut wrong = 0;
        for (pos, values) in &rows {
            let ours = yomi_nnue::evaluate(&net, pos).expect("both kings");
            let plain = yomi_nnue::evaluate(&scalar, pos).expect("both kings");
            if ours != values[k] || plain != values[k] {
                wrong += 1;
                eprintln!(
                    "seed {seed}: {} YaneuraOu {}, Yomi {ours} (simd {simd}), scalar {plain}",
                    pos.to_sfen(),
                    values[k]
                );
            }
        }
        assert_eq!(
            wrong,
            0,
            "seed {seed}: {wrong} of {} values differ",
            rows.len()
        );
    }
}
