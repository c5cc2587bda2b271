//! `yomi-harness`: the research harness (see the crate's documentation).

fn main() {
    yomi_harness::main()
}
