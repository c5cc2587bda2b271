//! Weights as the Rust source of `engine/shogi/src/eval/play_weights.rs`.

use std::fmt::Write;
use yomi_shogi::board::PieceKind;
use yomi_shogi::eval::weights::{Weights, KINDS};

/// The kind of row `k`, for comments.
fn kind_name(k: usize) -> String {
    PieceKind::from_u8(k as u8).map_or("-".into(), |kind| format!("{kind:?}"))
}

fn row(values: &[i32]) -> String {
    let cells: Vec<String> = values.iter().map(|v| format!("{v:4}")).collect();
    format!("[{}]", cells.join(","))
}

/// A by-kind table of distance rows of region cells.
fn placement_table(out: &mut String, name: &str, table: &[[[i32; 5]; 9]; KINDS]) {
    writeln!(out, "    {name}: [").unwrap();
    for (k, by_distance) in table.iter().enumerate() {
        writeln!(out, "        // {}", kind_name(k)).unwrap();
        let rows: Vec<String> = by_distance.iter().map(|r| row(r)).collect();
        writeln!(out, "        [{}],", rows.join(", ")).unwrap();
    }
    writeln!(out, "    ],").unwrap();
}

/// The whole file, with `notes` (how the weights were made) as its header.
pub(super) fn rust_source(w: &Weights, notes: &[String]) -> String {
    let mut out = String::new();
    out.push_str("//! The play search's evaluation weights, written by `yomi tune`: edit\n");
    out.push_str(
        "//! them by running it again (docs/play-search.md, \"Tuning the evaluation\").\n//!\n",
    );
    for line in notes {
        writeln!(out, "//! {line}").unwrap();
    }
    out.push_str("\nuse super::weights::Weights;\n\n#[rustfmt::skip]\n");
    out.push_str("pub(super) const WEIGHTS: Weights = Weights {\n");
    writeln!(out, "    material: {},", row(&w.material)).unwrap();
    writeln!(out, "    hand: {},", row(&w.hand)).unwrap();
    writeln!(out, "    rank: [").unwrap();
    for (k, r) in w.rank.iter().enumerate() {
        writeln!(out, "        {}, // {}", row(r), kind_name(k)).unwrap();
    }
    writeln!(out, "    ],").unwrap();
    placement_table(&mut out, "defence", &w.defence);
    placement_table(&mut out, "attack", &w.attack);
    writeln!(out, "    king_safety: {},", w.king_safety).unwrap();
    out.push_str("};\n");
    out
}
