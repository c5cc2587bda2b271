#!/bin/sh
# Makes the NNUE net trained on this project's 2-core machine again, from
# nothing but the engine: self-play data, then training (see docs/nnue.md
# and docs/results/2026-11-26-nnue.md, which gives the net's sha256).
# Self-play with one thread and a seed, and training with a seed, are
# deterministic, so the file comes out the same.
#
#   scripts/nnue_recipe.sh OUTDIR        (hours: the self-play is the long part)
#
# Writes OUTDIR/sp101.tsv, OUTDIR/sp102.tsv and OUTDIR/nn.bin; use the net
# with `setoption name EvalDir value OUTDIR`.
set -eu
out=${1:?usage: scripts/nnue_recipe.sh OUTDIR}
games101=${GAMES101:-950}
games102=${GAMES102:-?}
here=$(cd "$(dirname "$0")/.." && pwd)
yomi="$here/target/release/yomi"
[ -x "$yomi" ] || (cd "$here" && cargo build --release --bin yomi)
mkdir -p "$out"
rm -f "$out/sp101.tsv" "$out/sp102.tsv"
"$yomi" selfplay --games "$games101" --nodes 3000 --random-plies 8 --seed 101 --out "$out/sp101.tsv"
"$yomi" selfplay --games "$games102" --nodes 1500 --random-plies 8 --seed 102 --out "$out/sp102.tsv"
"$yomi" nnue train --data "$out/sp101.tsv" "$out/sp102.tsv" --out "$out/nn.bin" --epochs 8 --batch 512 --seed 1
sha256sum "$out/nn.bin"
