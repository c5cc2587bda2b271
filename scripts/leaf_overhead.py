#!/usr/bin/env python3
"""The regression benchmark of the parallel search's leaf overhead: on a
fixed tree set, the mean leaves of each parallel method over those of the
sequential search, and the geometric-mean speedup, on the virtual cluster
at the paper's node cost (so the figures repeat exactly). A change that
reopens the gap shows here; docs/results/ records the figures.

    cargo build --release -p yomi-harness
    scripts/leaf_overhead.py                       # synthetic b = 5, d = 16, d' = 6, seeds 1-16
    scripts/leaf_overhead.py --d 18 --d-prime 8 --ranks 64,1536 --seeds 1-8
    scripts/leaf_overhead.py --tree shogi --d 16 --d-prime 8 --ranks 8,64 --eps 200

The master's revisit cost is fixed (--visit-cost-us, default 0.2 µs) rather
than measured, so that two machines print the same table.
"""

import argparse
import json
import math
import os
import subprocess
import sys

HARNESS = os.path.join(os.path.dirname(__file__), "..", "target", "release", "yomi-harness")


def search(args):
    cmd = [HARNESS, "search"] + args
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{out.stderr}")
    return {r["tree"]: r for r in map(json.loads, out.stdout.splitlines())}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tree", default="synthetic")
    p.add_argument("--seeds", default="1-16")
    p.add_argument("--b", default="5")
    p.add_argument("--d", default="16")
    p.add_argument("--d-prime", default="6")
    p.add_argument("--ranks", default="2,64")
    p.add_argument("--methods", default="with-updates,negascout-eps")
    p.add_argument("--eps", default="100")
    p.add_argument("--visit-cost-us", default="0.2")
    a = p.parse_args()
    trees = ["--tree", a.tree, "--b", a.b, "--d", a.d]
    trees += ["--seeds", a.seeds] if a.tree == "synthetic" else []
    sim = ["--backend", "sim", "--node-cost-us", "paper"]
    # Shogi trees have transpositions: the baseline is the paper's §5 one, a
    # master table to ply d' and one worker table shared by every subtree.
    baseline = ["--d-prime", a.d_prime] if a.tree == "shogi" else []
    seq = search(trees + ["--method", "sequential"] + baseline + sim)
    seq_leaves = sum(r["leaves"] for r in seq.values())
    print(f"{a.tree} b = {a.b}, d = {a.d}, d' = {a.d_prime}, {len(seq)} trees; virtual cluster, "
          f"paper node cost, {a.visit_cost_us} µs a master revisit, Ethernet\n")
    print("| method | ranks | mean leaves | × sequential | speedup | passes | full-depth tasks | unfinished-work leaves |")
    print("|---|---|---|---|---|---|---|---|")
    print(f"| sequential | 1 | {seq_leaves / len(seq):,.0f} | 1.00 | 1.0 | | | |")
    for method in a.methods.split(","):
        for ranks in a.ranks.split(","):
            extra = ["--eps", a.eps] if method == "negascout-eps" else []
            par = search(trees + ["--method", method, "--d-prime", a.d_prime, "--ranks", ranks,
                                  "--visit-cost-us", a.visit_cost_us] + sim + extra)
            n = len(par)
            leaves = sum(r["leaves"] for r in par.values())
            speedup = math.exp(sum(math.log(seq[t]["time_s"] / r["time_s"]) for t, r in par.items()) / n)
            mean = lambda k: sum(r[k] for r in par.values()) / n
            print(f"| {method} | {ranks} | {leaves / n:,.0f} | {leaves / seq_leaves:.2f} | {speedup:.1f} "
                  f"| {mean('passes'):.0f} | {mean('tasks_finished'):.0f} | {mean('leaves_unfinished'):,.0f} |")


if __name__ == "__main__":
    main()
