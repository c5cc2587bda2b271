#!/usr/bin/env python3
"""Sums the master-worker's per-depth trace lines (`YOMI_MW_TRACE=1`, one
`mw-trace` line per depth on stderr) over every search in the input and
prints, per depth, where the time went: the master's share spent waiting
for results, and the workers' shares idle and inside task searches (the
rest: messages, queue upkeep, replaying tasks' paths).

    YOMI_MW_TRACE=1 target/release/yomi bench --play --positions 8 --depth 13 \\
        --threads 8 --method master-worker 2>&1 | python3 scripts/mw_trace.py
"""

import sys
from collections import defaultdict


def main():
    totals = defaultdict(lambda: defaultdict(float))
    for line in sys.stdin:
        if not line.startswith("mw-trace "):
            continue
        fields = dict(kv.split("=", 1) for kv in line.split()[1:])
        depth = int(fields["depth"])
        workers = int(fields["workers"])
        t = totals[depth]
        t["ms"] += float(fields["ms"])
        t["worker_ms"] += workers * float(fields["ms"])
        for key in ("waiting_ms", "idle_ms", "searching_ms", "passes", "tasks", "nodes"):
            t[key] += float(fields[key])
    if not totals:
        sys.exit("no mw-trace lines: run the engine with YOMI_MW_TRACE=1 and ParallelMethod master-worker")
    print("| depth | ms | master waiting | workers idle | workers searching | passes | tasks | nodes |")
    print("|---|---|---|---|---|---|---|---|")
    for depth in sorted(totals):
        t = totals[depth]
        share = lambda x, of: f"{100 * x / of:.0f} %" if of else "–"  # noqa: E731
        print(
            f"| {depth} | {t['ms']:.0f} | {share(t['waiting_ms'], t['ms'])} | {share(t['idle_ms'], t['worker_ms'])} "
            f"| {share(t['searching_ms'], t['worker_ms'])} | {t['passes']:.0f} | {t['tasks']:.0f} | {t['nodes']:.0f} |"
        )


if __name__ == "__main__":
    main()
