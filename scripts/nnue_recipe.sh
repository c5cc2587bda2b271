#!/bin/sh
# Makes the NNUE net trained on this project's 2-core machine again, from
# nothing but the engine: self-play data, then training (see docs/nnue.md
# and docs/results/2026-11-26-nnue.md, which gives the net's sha256).
# Self-play with one thread and a seed, and training with a seed, are
# deterministic, so the file comes out the same.
#
#   scripts/nnue_recipe.sh OUTDIR        (hours: the self-play is the long part)
#   JOBS=4 scripts/nnue_recipe.sh OUTDIR (the four self-play runs at once,
#                                         on a machine with the cores)
#
# Writes OUTDIR/sp101.tsv … sp104.tsv and OUTDIR/nn.bin; use the net with
# `setoption name EvalDir value OUTDIR`. Each self-play run is its own
# seed and file, so running them at once changes nothing in what they write.
set -eu
out=${1:?usage: scripts/nnue_recipe.sh OUTDIR}
here=$(cd "$(dirname "$0")/.." && pwd)
# YOMI: another build of the engine (one that a rebuild of the tree cannot
# change under a run of hours).
yomi=${YOMI:-"$here/target/release/yomi"}
[ -x "$yomi" ] || (cd "$here" && cargo build --release --bin yomi)
mkdir -p "$out"
# (seed, games, nodes a move): 421,552 positions in all.
printf '%s\n' "101 950 3000" "102 2150 1500" "103 2950 1500" "104 3100 1500" |
    xargs -P "${JOBS:-1}" -L 1 sh -c '
        out=$1 yomi=$2 seed=$3 games=$4 nodes=$5
        rm -f "$out/sp$seed.tsv"
        "$yomi" selfplay --games "$games" --nodes "$nodes" --random-plies 8 --seed "$seed" \
            --out "$out/sp$seed.tsv"
    ' self "$out" "$yomi"
"$yomi" nnue train --data "$out/sp101.tsv" "$out/sp102.tsv" "$out/sp103.tsv" "$out/sp104.tsv" \
    --out "$out/nn.bin" --epochs 10 --batch 512 --seed 1
sha256sum "$out/nn.bin"
