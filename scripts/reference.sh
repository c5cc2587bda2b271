#!/usr/bin/env bash
# Records Yomi's reference outputs into DIR: deterministic sweeps of every
# method family (virtual cluster), the bench's node counts (research and
# play), perft and a fixed-node self-play. Compare two such directories
# with scripts/compare_reference.py: a change meant to keep behaviour (a
# refactoring) must leave them identical.
#
#   scripts/reference.sh /tmp/before      # on the old commit
#   scripts/reference.sh /tmp/after       # on the new one
#   python3 scripts/compare_reference.py /tmp/before /tmp/after
#
# YOMI, YOMI_HARNESS and YOMI_ANALYSIS name the binaries (default:
# target/release/).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/reference.sh DIR}
yomi=${YOMI:-target/release/yomi}
harness=${YOMI_HARNESS:-target/release/yomi-harness}
mkdir -p "$out"
rm -rf "$out"/*.jsonl "$out/report-all"

for config in configs/smoke.toml configs/smoke-model.toml configs/reference/*.toml; do
    name=$(basename "$config" .toml)
    "$harness" sweep "$config" --out "$out/sweep-$name.jsonl" --jobs 2 >/dev/null 2>&1
    echo "reference: sweep $name: $(wc -l < "$out/sweep-$name.jsonl") records"
done

# What analysis makes of them: every table and figure.
analysis=${YOMI_ANALYSIS:-target/release/yomi-analysis}
analysis=$(realpath "$analysis")
(
    cd "$out"   # the report names its files: the same relative names in every directory
    for name in smoke seed002 seed003 seed004 shogi uct; do
        "$analysis" report "sweep-$name.jsonl" > "report-$name.md"
    done
    "$analysis" report sweep-*.jsonl --out report-all >/dev/null
    "$analysis" model sweep-smoke-model.jsonl > model.md
)

# Node counts only: times vary from run to run.
"$yomi" bench --depth 6 --positions 4 | grep -v '^total' | sed -E 's/ *(time|nps)[_a-z]* *[0-9.]+//g' > "$out/bench.txt"
"$yomi" bench --play --depth 10 --positions 8 | grep -v '^total' | sed -E 's/ *(time|nps)[_a-z]* *[0-9.]+//g' > "$out/bench-play.txt"
{
    "$yomi" perft --depth 4
    "$yomi" perft --depth 3 --sfen "$(sed -n 1p positions/pro_middlegame_32.sfen | cut -f1 | sed 's/^sfen //')"
} | sed -E 's/ time_ms [0-9]+ nps [0-9]+//' > "$out/perft.txt"
rm -f "$out/selfplay.txt"
"$yomi" selfplay --games 4 --nodes 3000 --seed 7 --out "$out/selfplay.txt" >/dev/null 2>&1
echo "reference: bench, perft and self-play written to $out"
