#!/usr/bin/env python3
"""Check Yomi's NNUE evaluation value for value against YaneuraOu's.

For each seed, `yomi nnue random --seed S` writes a net; YaneuraOu (the NNUE
edition, built with a one-line local patch so that its `eval` command prints
`Eval::evaluate`, see docs/nnue.md) loads it through EvalDir and evaluates
every position, and so does `yomi nnue eval` (AVX2 and scalar). Every value
must agree. The positions and YaneuraOu's values are written as the test
fixture engine/nnue/tests/fixtures/yaneuraou_values.tsv, so that CI checks
without YaneuraOu.

Positions: every 12th position of the professional games in a directory of
fetched records (as scripts/gamerecords reads them; provenance in the
fixture), and positions reached by random legal moves from them.

Usage:
  python3 scripts/nnue_crosscheck.py --yaneuraou BIN --records DIR \
      [--yomi target/release/yomi] [--seeds 1,2,3] [--random 500] \
      [--out engine/nnue/tests/fixtures/yaneuraou_values.tsv]
  python3 scripts/nnue_crosscheck.py --yaneuraou BIN --fixture FILE [--net nn.bin]
      (re-check the fixture's positions, no records needed; with --net, a
      given net, a trained or a public one, instead of the seeds' nets)
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

import cshogi

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_OUT = os.path.join(ROOT, "engine/nnue/tests/fixtures/yaneuraou_values.tsv")


def game_positions(records, stride):
    """(sfen, provenance) every `stride` plies of every professional game."""
    sys.path.insert(0, HERE)
    import gamerecords  # noqa: E402  (the project's record reader)

    games, _ = gamerecords.collect(records, [])
    out = []
    for gid in sorted(games):
        g = games[gid]
        board = cshogi.Board(g["sfen"])
        for ply, mv in enumerate(g["moves"], start=1):
            board.push(mv)
            if ply % stride == 0:
                out.append((board.sfen(), "%s ply %d" % (gid, ply)))
    return out


def random_positions(starts, count, seed):
    """`count` positions reached by 1-40 random legal moves from `starts`."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        sfen, where = starts[rng.randrange(len(starts))]
        board = cshogi.Board(sfen)
        plies = rng.randint(1, 40)
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        out.append((board.sfen(), "random %d plies from %s" % (plies, where)))
    return out


def yaneuraou_values(binary, evaldir, sfens):
    """YaneuraOu's `eval` of each position, and what it said at isready."""
    lines = ["usi", "setoption name EvalDir value " + evaldir,
             "setoption name Threads value 1", "setoption name USI_Hash value 16",
             "setoption name BookFile value no_book", "isready"]
    for s in sfens:
        lines += ["position sfen " + s, "eval"]
    lines.append("quit")
    run = subprocess.run([binary], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, cwd=os.path.dirname(os.path.abspath(binary)), timeout=600)
    said = [l for l in run.stdout.splitlines() if l.startswith("info string")]
    values = [int(l.split("=")[1]) for l in run.stdout.splitlines() if l.startswith("eval = ")]
    if len(values) != len(sfens):
        sys.exit("YaneuraOu answered %d of %d evals:\n%s" % (len(values), len(sfens), run.stdout[-2000:]))
    return values, said


def yomi_values(binary, net, sfens, scalar):
    with tempfile.NamedTemporaryFile("w", suffix=".sfen", delete=False) as f:
        f.write("".join("sfen %s\n" % s for s in sfens))
        path = f.name
    try:
        cmd = [binary, "nnue", "eval", "--net", net, "--positions", path]
        if scalar:
            cmd.append("--scalar")
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(path)
    return [int(l.split("\t")[0]) for l in out.splitlines()]


def read_fixture(path):
    seeds, rows = None, []
    with open(path) as f:
        for line in f:
            if line.startswith("# seeds"):
                seeds = [int(s) for s in line.split()[2:]]
            elif line.strip() and not line.startswith("#"):
                cols = line.rstrip("\n").split("\t")
                rows.append((cols[0], cols[-1]))
    return seeds, rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--yaneuraou", required=True, help="YaneuraOu NNUE edition, patched (see docs/nnue.md)")
    ap.add_argument("--yomi", default=os.path.join(ROOT, "target/release/yomi"))
    ap.add_argument("--records", help="fetched game records, as for scripts/tsume_set.py")
    ap.add_argument("--fixture", help="re-check this fixture's positions instead")
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--net", help="check this nn.bin instead of random nets (with --fixture)")
    ap.add_argument("--stride", type=int, default=12)
    ap.add_argument("--random", type=int, default=500)
    ap.add_argument("--out", default=DEFAULT_OUT)
    a = ap.parse_args()

    if a.fixture:
        seeds, positions = read_fixture(a.fixture)
    elif a.records:
        seeds = [int(s) for s in a.seeds.split(",")]
        real = game_positions(a.records, a.stride)
        positions = real + random_positions(real, a.random, seed=2026)
    else:
        sys.exit("give --records DIR or --fixture FILE")
    sfens = [s for s, _ in positions]
    print("%d positions, %s" % (len(sfens), a.net or "nets of seeds %s" % seeds))

    nets = [a.net] if a.net else seeds
    table, bad = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for seed in nets:
            evaldir = os.path.join(tmp, "net%d" % len(table))
            os.makedirs(evaldir)
            net = os.path.join(evaldir, "nn.bin")
            if a.net:
                shutil.copyfile(a.net, net)
            else:
                subprocess.run([a.yomi, "nnue", "random", "--seed", str(seed), "--out", net],
                               check=True, capture_output=True)
            theirs, said = yaneuraou_values(a.yaneuraou, evaldir, sfens)
            warned = [l for l in said if ("arning" in l or "rror" in l) and "book" not in l]
            ours = yomi_values(a.yomi, net, sfens, scalar=False)
            scalar = yomi_values(a.yomi, net, sfens, scalar=True)
            diff = [i for i in range(len(sfens)) if not theirs[i] == ours[i] == scalar[i]]
            bad += len(diff) + len(warned)
            print("%s: YaneuraOu loaded it%s; %d/%d values agree (AVX2 and scalar); "
                  "values %d..%d" % (a.net or "seed %d" % seed, " with: " + "; ".join(warned) if warned else " without a warning",
                                     len(sfens) - len(diff), len(sfens), min(theirs), max(theirs)))
            for i in diff[:10]:
                print("  differs: %s  YaneuraOu %d, Yomi %d, scalar %d" % (sfens[i], theirs[i], ours[i], scalar[i]))
            table.append(theirs)

    if not a.fixture and not a.net:
        with open(a.out, "w") as f:
            f.write("# YaneuraOu's evaluation of `yomi nnue random --seed S` nets, written by\n")
            f.write("# scripts/nnue_crosscheck.py: sfen, then one value per seed (side to move's\n")
            f.write("# view), then where the position comes from.\n")
            f.write("# seeds %s\n" % " ".join(str(s) for s in seeds))
            for i, (sfen, where) in enumerate(positions):
                f.write("%s\t%s\t%s\n" % (sfen, "\t".join(str(t[i]) for t in table), where))
        print("wrote", a.out)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
