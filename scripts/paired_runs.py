#!/usr/bin/env python3
"""Two configurations of a parallel method, tree by tree, from their
records: each tree's time and leaves under both, the second's time over
the first's, and both speedups on the geometric-mean time over the
sequential references given. Prints Markdown rows (a row per tree, then
the totals); every value must be the sequential one.

    python3 scripts/paired_runs.py --sequential SEQ.jsonl.gz \\
        --before A.jsonl.gz --after B.jsonl.gz [--ranks 4096] [--method negascout-eps]

Each file may hold other runs: only those of `--method` at `--ranks` are
read (one a tree; the first of any repeat). With `--split KEY`, the runs
before are those whose record's KEY is false or absent and the runs after
those whose KEY is true, so that one file may hold both:

    python3 scripts/paired_runs.py --sequential SEQ.jsonl.gz --before B.jsonl.gz \
        --after B.jsonl.gz --ranks 1536 --split idle_deepening
"""

import argparse
import gzip
import json
import math


def read(path, method, workers, split=None):
    """The records of `method` with `workers` workers in `path`, by tree
    (not the two-table variants of the sequential search); `split`, a
    (key, wanted) pair, keeps those whose key's truth is `wanted`."""
    opener = gzip.open if path.endswith(".gz") else open
    runs = {}
    with opener(path, "rt") as f:
        for line in f:
            r = json.loads(line)
            if split and bool(r.get(split[0])) != split[1]:
                continue
            if r["method"] == method and r.get("workers") == workers and not r.get("sharing"):
                runs.setdefault(r["tree"], r)
    return runs


def rows(sequential, before, after):
    """The page's rows: one a tree both files have, then the totals."""
    trees = sorted(set(before) & set(after), key=lambda t: (len(t), t))
    out = []
    for t in trees:
        a, b = before[t], after[t]
        for r in (a, b):
            if r["value"] != sequential[t]["value"]:
                raise SystemExit(f"{t}: value {r['value']}, sequential {sequential[t]['value']}")
        out.append(
            f"| {t} | {a['time_s']:.2f} | {a['leaves']:,} | {b['time_s']:.2f} | {b['leaves']:,} "
            f"| {b['time_s'] / a['time_s']:.3f} |"
        )

    def geo(runs):
        return math.exp(sum(math.log(runs[t]["time_s"]) for t in trees) / len(trees))

    seq_time = geo(sequential)
    seq_leaves = sum(sequential[t]["leaves"] for t in trees)
    leaves = [sum(runs[t]["leaves"] for t in trees) for runs in (before, after)]
    out.append(
        f"| all {len(trees)} | speedup {seq_time / geo(before):,.0f} | {leaves[0] / seq_leaves:.2f}× "
        f"| speedup {seq_time / geo(after):,.0f} | {leaves[1] / seq_leaves:.2f}× "
        f"| {geo(after) / geo(before):.3f} |"
    )
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sequential", required=True)
    p.add_argument("--before", required=True)
    p.add_argument("--after", required=True)
    p.add_argument("--method", default="negascout-eps")
    p.add_argument("--ranks", type=int, default=4096)
    p.add_argument("--split", metavar="KEY", help="before: KEY false or absent; after: KEY true")
    a = p.parse_args()
    sequential = read(a.sequential, "sequential", None)
    before = read(a.before, a.method, a.ranks - 1, a.split and (a.split, False))
    after = read(a.after, a.method, a.ranks - 1, a.split and (a.split, True))
    print("| tree | before: time (s) | leaves | after: time (s) | leaves | after / before |")
    print("|---|---|---|---|---|---|")
    for row in rows(sequential, before, after):
        print(row)


if __name__ == "__main__":
    main()
