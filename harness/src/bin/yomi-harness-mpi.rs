//! `yomi-harness-mpi`: the research harness with the MPI backend (a binary
//! of its own, so that a plain build can never stand in for it).

fn main() {
    yomi_harness::main_mpi()
}
