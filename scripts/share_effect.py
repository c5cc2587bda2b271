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
are not run again. Without search options it only summarises: the records
of DIR's files, or of record files (.jsonl, .jsonl.gz) named instead,
grouped by method and message cost, a row per tree shape and cluster
size (a sweep's records, configs/paper/share-ranks.toml's say).
"""

import argparse
import glob
import gzip
import json
import os
import statistics
import subprocess
import sys

HARNESS = os.path.join(os.path.dirname(__file__), "..", "target", "release", "yomi-harness")
METHODS = ["with-updates", "with-share"]
COSTS = ["2.0", "2.01", "1.99", "2.02", "1.98"]
RING = ["produced", "dropped", "sent", "hops", "received", "known", "hits", "cutoffs"]


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


def read(paths):
    """Every record of the files (or of the files in the folders) named."""
    files = []
    for path in paths:
        if not os.path.exists(path):
            raise SystemExit(f"{path}: no such record file or folder")
        if os.path.isdir(path):
            files += sorted(glob.glob(os.path.join(path, "*.jsonl")) + glob.glob(os.path.join(path, "*.jsonl.gz")))
        else:
            files.append(path)
    for path in files:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            yield from (json.loads(line) for line in f if line.strip())


def runs(records, method):
    """Per run (message cost): total leaves, total time, summed ring counts."""
    by_cost = {}
    for r in records:
        if r["method"] == method:
            by_cost.setdefault(r["virtual_cluster"]["message_cost_us"], []).append(r)
    out = []
    for _, rs in sorted(by_cost.items()):
        ring = {k: sum(r.get("ring", {}).get(k, 0) for r in rs) for k in RING}
        out.append((sum(r["leaves"] for r in rs), sum(r["time_s"] for r in rs), ring))
    return out


def configurations(records):
    """The records grouped by tree shape and cluster size: (b, d, d', ranks)."""
    groups = {}
    for r in records:
        key = (r["b"], r["d"], r["d_prime"], r["virtual_cluster"]["ranks"])
        groups.setdefault(key, []).append(r)
    return sorted(groups.items())


def summarise(paths):
    """A row per configuration of the records: each method's totals over
    the trees (mean and deviation over the message costs) and, on the
    first message cost, the trees on which with share searched fewer and
    more leaves than with updates."""
    records = list(read(paths))
    print("| b | d | d′ | ranks | runs | leaves, with updates | leaves, with share | change | fewer / more | "
          "time, with updates (s) | time, with share (s) | change | " + " | ".join(RING) + " |")
    print("|---" * (12 + len(RING)) + "|")
    for (b, d, d_prime, ranks), group in configurations(records):
        rows = {m: runs(group, m) for m in METHODS}
        if not all(rows.values()):
            # A sweep still running: the configuration waits for its other method.
            print(f"b={b} d={d} d'={d_prime} ranks={ranks}: no records of "
                  f"{[m for m in METHODS if not rows[m]]} yet", file=sys.stderr)
            continue

        def stat(values):
            return statistics.mean(values), statistics.pstdev(values)

        (lu, lus), (tu, tus) = stat([r[0] for r in rows["with-updates"]]), stat([r[1] for r in rows["with-updates"]])
        (ls, lss), (ts, tss) = stat([r[0] for r in rows["with-share"]]), stat([r[1] for r in rows["with-share"]])
        n = len(rows["with-share"])
        ring = {k: round(sum(r[2][k] for r in rows["with-share"]) / n) for k in RING}
        cost = min(r["virtual_cluster"]["message_cost_us"] for r in group)
        leaves = {(r["method"], r["tree"]): r["leaves"] for r in group
                  if r["virtual_cluster"]["message_cost_us"] == cost}
        pairs = [(leaves[("with-share", t)], leaves[("with-updates", t)]) for (m, t) in leaves
                 if m == "with-share" and ("with-updates", t) in leaves]
        fewer = sum(s < u for s, u in pairs)
        more = sum(s > u for s, u in pairs)
        print(f"| {b} | {d} | {d_prime} | {ranks:,} | {len(rows['with-updates'])}+{n} "
              f"| {lu:,.0f} ± {lus:,.0f} | {ls:,.0f} ± {lss:,.0f} | {100 * (ls / lu - 1):+.1f} % | {fewer} / {more} "
              f"| {tu:.2f} ± {tus:.2f} | {ts:.2f} ± {tss:.2f} | {100 * (ts / tu - 1):+.1f} % | "
              + " | ".join(f"{ring[k]:,}" for k in RING) + " |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", help="DIR (to run into), or record files and folders to summarise")
    argv = sys.argv[1:]
    search = argv[argv.index("--") + 1:] if "--" in argv else []
    a = parser.parse_args(argv[:len(argv) - len(search) - (1 if search else 0)])
    if search:
        if len(a.paths) != 1:
            raise SystemExit("runs go into one folder")
        os.makedirs(a.paths[0], exist_ok=True)
        run(a.paths[0], search)
    summarise(a.paths)


if __name__ == "__main__":
    main()
