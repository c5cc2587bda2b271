#!/bin/bash
# A paper-scale sweep as a Slurm batch job on one node: the virtual
# cluster's runs share the node's cores, and a job that is killed (time
# limit, preemption) resumes where it stopped when resubmitted or requeued.
#
#   sbatch scripts/slurm_sweep.sh configs/paper/table1.toml results/table1.jsonl
#
# For real MPI runs give the sweep file `backend = "mpi"` and
# `launcher = "srun -n {ranks}"`, build yomi-harness-mpi
# (`cargo build --release -p yomi-harness --features mpi`: the sweep then
# runs it, and it starts each job as itself), and ask Slurm for as many
# tasks as the largest run's ranks.
#SBATCH --job-name=yomi-sweep
#SBATCH --nodes=1
#SBATCH --exclusive
#SBATCH --time=48:00:00
#SBATCH --requeue
#SBATCH --output=yomi-sweep-%j.log
set -euo pipefail
config=${1:?usage: sbatch scripts/slurm_sweep.sh CONFIG.toml OUT.jsonl}
out=${2:?usage: sbatch scripts/slurm_sweep.sh CONFIG.toml OUT.jsonl}
cd "${SLURM_SUBMIT_DIR:-$(dirname "$0")/..}"
harness=target/release/yomi-harness
if [ -x target/release/yomi-harness-mpi ]; then
    harness=target/release/yomi-harness-mpi
elif [ ! -x "$harness" ]; then
    cargo build --release -p yomi-harness
fi
mkdir -p "$(dirname "$out")"
exec "$harness" sweep "$config" --out "$out" --jobs "${SLURM_CPUS_ON_NODE:-$(nproc)}"
