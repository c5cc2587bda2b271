#!/usr/bin/env python3
"""When in a search seed 000's ranks waited: from result records that keep
the master's and the workers' waits by stretch of the search's time
(`master_waited`, `workers_waited`), the share of each tenth (or --parts)
of the search the master spent waiting for results and the workers idle,
averaged over the trees of each configuration. The workers' waits after
the master's last pass (for its `Stop`) are left out.

    scripts/idle_profile.py RECORDS.jsonl [more.jsonl.gz ...] [--parts 10]

Prints a Markdown table per configuration (method, b, d, d', ranks).
"""

import argparse
import gzip
import json


def read(paths):
    for path in paths:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            yield from (json.loads(line) for line in f if line.strip())


def shares(profile, time_s, parts):
    """The share of each of `parts` equal parts of [0, time_s) that
    `profile` (seconds waited by stretch) spent waiting, a stretch's
    seconds spread evenly over it."""
    span = profile["span_s"]
    waited = [0.0] * parts
    width = time_s / parts
    for i, seconds in enumerate(profile["idle_s"]):
        lo, hi = i * span, (i + 1) * span
        for k in range(parts):
            overlap = min(hi, (k + 1) * width) - max(lo, k * width)
            if overlap > 0:
                waited[k] += seconds * overlap / span
    return [w / width for w in waited]


def configuration(r):
    return (r["method"], r["b"], r["d"], r["d_prime"], r["virtual_cluster"]["ranks"])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", nargs="+")
    ap.add_argument("--parts", type=int, default=10)
    a = ap.parse_args()
    groups = {}
    for r in read(a.records):
        if "master_waited" in r:
            groups.setdefault(configuration(r), []).append(r)
    if not groups:
        raise SystemExit("no record keeps its ranks' waits (master_waited)")
    for (method, b, d, d_prime, ranks), rs in sorted(groups.items()):
        print(f"{method}, b = {b}, d = {d}, d′ = {d_prime}, {ranks:,} ranks, {len(rs)} trees")
        print()
        print("| part of the search | " + " | ".join(f"{k + 1}" for k in range(a.parts)) + " |")
        print("|---" * (a.parts + 1) + "|")
        for rank, label in [("master_waited", "master waiting"), ("workers_waited", "workers idle")]:
            per_tree = [shares(r[rank], r["time_s"], a.parts) for r in rs]
            mean = [sum(t[k] for t in per_tree) / len(per_tree) for k in range(a.parts)]
            print(f"| {label} | " + " | ".join(f"{100 * m:.1f} %" for m in mean) + " |")
        print()


if __name__ == "__main__":
    main()
