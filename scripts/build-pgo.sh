#!/usr/bin/env bash
# Builds the USI engine with profile-guided optimisation into
# target/pgo/yomi: an instrumented build searches the benchmark positions
# (the play search, with the built-in evaluation and with a seeded random
# NNUE net, so that both evaluations' code is profiled), and the release
# build then lays out and inlines its code by what that run did. The
# binary plays exactly as `cargo build --release`'s (the same node counts
# at a fixed depth), faster: see docs/internals.md (Profile-guided build).
#
# Usage: scripts/build-pgo.sh
# Needs rustup's llvm-tools component for llvm-profdata (installed when
# missing). RUSTFLAGS, when set, replaces `-C target-cpu=native`, as it
# replaces .cargo/config.toml's setting for a plain build.
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/pgo
profdata="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    rustup component add llvm-tools
fi
flags="${RUSTFLAGS:--C target-cpu=native}"
rm -rf "$out/profiles" "$out/merged.profdata"
mkdir -p "$out"

RUSTFLAGS="$flags -C profile-generate=$PWD/$out/profiles" \
    cargo build --release -p yomi-usi --target-dir "$out/generate"
trained="$out/generate/release/yomi"
"$trained" bench --play --depth 14 --positions 32 >/dev/null
"$trained" nnue random --seed 1 --out "$out/random-nn.bin" >/dev/null
"$trained" bench --play --depth 9 --positions 8 --net "$out/random-nn.bin" >/dev/null
"$profdata" merge -o "$out/merged.profdata" "$out/profiles"

RUSTFLAGS="$flags -C profile-use=$PWD/$out/merged.profdata" \
    cargo build --release -p yomi-usi --target-dir "$out/use"
cp "$out/use/release/yomi" "$out/yomi"
echo "$PWD/$out/yomi"
