//! `yomi`: the Yomi shogi engine (see the crate's documentation).

fn main() {
    yomi_usi::main()
}
