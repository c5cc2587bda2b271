#!/usr/bin/env python3
"""With share against with updates (seed 000 §3.2, Tables 2 and 3) on the
virtual cluster, beside the noise: both methods run on the same trees at
several message costs a hair apart (2.0 µs ± 1 %), which moves every
message's arrival and so shows how far the leaves move by chance. Prints
one Markdown row: each method's total leaves and time over the trees
(mean and standard deviation over the message costs), with share's change,
and the sharing ring's counts per run.

    scripts/share_effect.py DIR -- --tree shogi --b 5 --d 12 --d-prime 6 --ranks 17 --share-plies 4

Records go to DIR/<method>-<message cost>.jsonl; runs whose file is there
are not run again, so `scripts/share_effect.py DIR` alone summarises DIR.
"""

import argparse
import glob
import json
import os
import statistics
import subprocess

HARNESS = os.path.join(os.path.dirname(__file__), "..", "target", "release", "yomi-harness")
METHODS = ["with-updates", "with-share"]
COSTS = ["2.0", "2.01", "1.99", "2.02", "1.98"]
RING = ["produced", "dropped", "sent", "hops", "received", "hits", "cutoffs"]


def run(out_dir, args):
    for method in METHODS:
        for cost in COSTS:
            path = os.path.join(out_dir, f"{method}-{cost}.jsonl")
            if os.path.exists(path) and os.path.getsize(path) > 0:
                continue
            cmd = [HARNESS, "search", "--backend", "sim", "--method", method,
                   "--message-cost-us", cost] + args
            with open(path + ".part", "w") as f:
                subprocess.run(cmd, stdout=f, stderr=subprocess.DEVNULL, check=True)
            os.replace(path + ".part", path)


def runs(out_dir, method):
    """Per run (message cost): total leaves, total time, summed ring counts."""
    out = []
    for path in sorted(glob.glob(os.path.join(out_dir, f"{method}-*.jsonl*"))):
        if path.endswith(".part"):
            continue
        opener = open
        if path.endswith(".gz"):
            import gzip
            opener = gzip.open
        with opener(path, "rt") as f:
            records = [json.loads(line) for line in f if line.strip()]
        ring = {k: sum(r.get("ring", {}).get(k, 0) for r in records) for k in RING}
        out.append((sum(r["leaves"] for r in records), sum(r["time_s"] for r in records), ring))
    return out


def summarise(out_dir):
    rows = {m: runs(out_dir, m) for m in METHODS}
    if not all(rows.values()):
        raise SystemExit(f"{out_dir}: no records of {[m for m in METHODS if not rows[m]]}")

    def stat(values):
        return statistics.mean(values), statistics.pstdev(values)

    (lu, lus), (tu, tus) = stat([r[0] for r in rows["with-updates"]]), stat([r[1] for r in rows["with-updates"]])
    (ls, lss), (ts, tss) = stat([r[0] for r in rows["with-share"]]), stat([r[1] for r in rows["with-share"]])
    n = len(rows["with-share"])
    ring = {k: round(sum(r[2][k] for r in rows["with-share"]) / n) for k in RING}
    print("| runs | leaves, with updates | leaves, with share | change | time, with updates (s) | time, with share (s) | change | "
          + " | ".join(RING) + " |")
    print("|---" * (7 + len(RING)) + "|")
    print(f"| {len(rows['with-updates'])}+{n} | {lu:,.0f} ± {lus:,.0f} | {ls:,.0f} ± {lss:,.0f} | {100 * (ls / lu - 1):+.1f} % "
          f"| {tu:.2f} ± {tus:.2f} | {ts:.2f} ± {tss:.2f} | {100 * (ts / tu - 1):+.1f} % | "
          + " | ".join(f"{ring[k]:,}" for k in RING) + " |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir")
    parser.add_argument("search", nargs=argparse.REMAINDER, help="-- then yomi-harness search's options")
    a = parser.parse_args()
    os.makedirs(a.dir, exist_ok=True)
    args = a.search[1:] if a.search[:1] == ["--"] else a.search
    if args:
        run(a.dir, args)
    summarise(a.dir)


if __name__ == "__main__":
    main()
