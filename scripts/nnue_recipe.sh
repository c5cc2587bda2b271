#!/bin/sh
# Makes the NNUE net trained on this project's 2-core machine again, from
# nothing but the engine: self-play data, then training (see docs/nnue.md
# and docs/results/2026-11-26-nnue.md, which gives the net's sha256).
# Self-play at fixed node budgets with a seed (on any number of threads:
# games are written in their order) and training with a seed are
# deterministic, so the file comes out the same from the same build.
#
#   scripts/nnue_recipe.sh OUTDIR        (hours: the self-play is the long part)
#   THREADS=16 scripts/nnue_recipe.sh OUTDIR (self-play games on 16 threads:
#                                             the same files, sooner)
#
# Writes OUTDIR/sp101.tsv … sp104.tsv and OUTDIR/nn.bin; use the net with
# `setoption name EvalDir value OUTDIR`.
set -eu
out=${1:?usage: scripts/nnue_recipe.sh OUTDIR}
here=$(cd "$(dirname "$0")/.." && pwd)
# YOMI: another build of the engine (one that a rebuild of the tree cannot
# change under a run of hours).
yomi=${YOMI:-"$here/target/release/yomi"}
[ -x "$yomi" ] || (cd "$here" && cargo build --release --bin yomi)
mkdir -p "$out"
# (seed, games, nodes a move): 421,552 positions in all.
for run in "101 950 3000" "102 2150 1500" "103 2950 1500" "104 3100 1500"; do
    set -- $run
    rm -f "$out/sp$1.tsv"
    "$yomi" selfplay --games "$2" --nodes "$3" --random-plies 8 --seed "$1" \
        --threads "${THREADS:-1}" --out "$out/sp$1.tsv"
done
"$yomi" nnue train --data "$out/sp101.tsv" "$out/sp102.tsv" "$out/sp103.tsv" "$out/sp104.tsv" \
    --out "$out/nn.bin" --epochs 10 --batch 512 --seed 1
sha256sum "$out/nn.bin"
