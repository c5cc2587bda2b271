#!/usr/bin/env bash
# Runs Yomi's whole test suite (formatting, clippy, the book and its links
# first: a warning or a broken link fails it; last, every command of the
# README and the book against the binaries' --help), installing what the tests
# need when missing: cshogi (PyPI), the independent shogi library the
# cross-check and the refereed games use; ShogiArena (PyPI), the match
# runner whose default rules Yomi must meet; OpenMPI and libclang (Debian),
# for the MPI backend; mdbook (crates.io), for the book under docs/.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! python3 -c "import cshogi" 2>/dev/null; then
    echo "test.sh: installing cshogi from PyPI"
    python3 -m pip install --quiet --disable-pip-version-check cshogi
fi
if ! python3 -c "import shogiarena" 2>/dev/null; then
    echo "test.sh: installing ShogiArena from PyPI"
    python3 -m pip install --quiet --disable-pip-version-check shogiarena
fi

mpi_packages=(libopenmpi-dev openmpi-bin libclang1-14 libclang-common-14-dev)
if ! dpkg -s "${mpi_packages[@]}" >/dev/null 2>&1; then
    echo "test.sh: installing OpenMPI and libclang from Debian for the MPI tests"
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get install -y --no-install-recommends "${mpi_packages[@]}" \
        || { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends "${mpi_packages[@]}"; }
fi
if ! command -v mdbook >/dev/null 2>&1; then
    echo "test.sh: installing mdbook from crates.io for the book"
    cargo install --locked mdbook --no-default-features --features search
fi

# mpirun refuses root unless told; CI runs as root.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

features=yomi-harness/mpi,yomi-usi/mpi
# The `ci` profile: release optimisation without link-time optimisation,
# which cost most of the suite's time (every test binary linked as one unit).
profile=ci
cargo fmt --all --check
python3 scripts/check_crate_map.py
python3 scripts/check_imports.py
python3 scripts/check_links.py
python3 -m unittest discover -s scripts/gamerecords/tests -t scripts
python3 -m unittest discover -s scripts/tests -t scripts
mdbook build docs
cargo clippy --profile "$profile" --workspace --all-targets --features "$features" -- -D warnings
cargo test --profile "$profile" --workspace --features "$features"
# Every command of the README and the book against the binaries' --help.
cargo build --profile "$profile" --workspace --features "$features"
python3 scripts/check_commands.py --bin-dir "target/$profile"
