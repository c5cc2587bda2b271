//! What a launcher (mpirun, srun, mpiexec) tells the processes it starts,
//! read from their environment: a build without MPI must not run as one of
//! several ranks, where each copy would search alone and answer on its own.

/// The variables that hold the job's size: Open MPI's, then PMI's
/// (MPICH, Intel MPI, Slurm's srun).
const SIZE_VARIABLES: [&str; 3] = ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"];

/// The number of ranks the launcher started, if a launcher started this
/// process.
pub fn launched_ranks() -> Option<usize> {
    SIZE_VARIABLES
        .iter()
        .find_map(|v| std::env::var(v).ok()?.trim().parse().ok())
}

/// `Ok` unless a launcher started this process as one of several ranks:
/// then why a build of `binary` without MPI cannot run so, and which build
/// can (`binary`-mpi, from the package `package` with the feature `mpi`).
pub fn alone(binary: &str, package: &str) -> Result<(), String> {
    match launched_ranks() {
        Some(ranks) if ranks > 1 => Err(format!(
            "{binary} was started as one of {ranks} MPI ranks, but this build has no MPI: each \
             rank would search alone. Run {binary}-mpi instead (cargo build --release -p \
             {package} --features mpi)"
        )),
        _ => Ok(()),
    }
}
