#!/usr/bin/env python3
"""Seed 003 §3: RBF against plain alpha-beta at equal generated nodes on
incremental random trees with random branching. For each branching factor
b and alpha-beta depth k, every tree is searched by alpha-beta to depth k
(its generated nodes the budget) and by RBF (with and without the §2.1
pruning rule) until it has generated as many; a move is correct when its
exact value, the tree searched to its depth --d, is the root's. Prints a
Markdown table of the share of trees each decides correctly.

    python3 scripts/rbf_vs_alpha_beta.py [--b 2,3,5,10] [--k 2,4,6,8] [--d 10] [--trees 1-500]
"""

import argparse
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(HERE, "..", "target", "release", "yomi-harness")


def records(b, d, trees, k, *extra):
    args = [HARNESS, "search", "--tree", "incremental", "--b", b, "--seeds", trees, "--d", d,
            "--method", "rbf", "--match-depth", k, *extra]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--b", default="2,3,5,10")
    p.add_argument("--k", default="2,4,6,8")
    p.add_argument("--d", default="10")
    p.add_argument("--trees", default="1-500")
    a = p.parse_args()
    print(f"Incremental trees of depth {a.d}, seeds {a.trees}: share of trees whose move is exact-best.\n")
    print("| b | α-β depth | generated nodes | α-β | RBF | RBF without pruning |")
    print("|---|---|---|---|---|---|")
    for b in a.b.split(","):
        for k in a.k.split(","):
            if int(k) >= int(a.d):
                continue
            pruned = records(b, a.d, a.trees, k)
            plain = records(b, a.d, a.trees, k, "--no-pruning")
            n = len(pruned)
            share = lambda rs, key: sum(bool(r[key]) for r in rs) / len(rs)
            nodes = sum(r["alpha_beta_nodes"] for r in pruned) / n
            print(f"| {b} | {k} | {nodes:.0f} | {share(pruned, 'alpha_beta_correct'):.3f} | "
                  f"{share(pruned, 'correct'):.3f} | {share(plain, 'correct'):.3f} |", flush=True)


if __name__ == "__main__":
    main()
