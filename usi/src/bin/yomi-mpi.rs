//! `yomi-mpi`: the Yomi shogi engine built with MPI, whose ranks search
//! together under `mpirun` (a binary of its own, so that a plain build can
//! never stand in for it).

fn main() {
    yomi_usi::main_mpi()
}
