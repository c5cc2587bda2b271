//! Every figure under `docs/` is fit to print: no text over other text.

mod svg_text;

use std::path::{Path, PathBuf};

fn svgs(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            svgs(&path, out);
        } else if path.extension().is_some_and(|e| e == "svg") {
            out.push(path);
        }
    }
}

#[test]
fn no_figure_under_docs_overprints_text() {
    let docs = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs"));
    let mut found = Vec::new();
    svgs(docs, &mut found);
    assert!(!found.is_empty(), "no figures under {}", docs.display());
    for path in found {
        let svg = std::fs::read_to_string(&path).unwrap();
        svg_text::assert_no_overlap(&path.display().to_string(), &svg);
    }
}
