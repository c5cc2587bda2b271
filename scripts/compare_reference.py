#!/usr/bin/env python3
"""Compares two directories written by scripts/reference.sh.

Sweep records are matched by run key and must be identical field for
field (values, leaves, nodes, virtual times), except the wall-clock
fields of runs on threads (no `backend` or `threads`), which vary from
run to run. Every other file must be identical line for line, but for
the report's table rows of such runs (marked `| wall |`). Exits 1 on
the first kind of difference, listing them all.
"""
import json
import sys
from pathlib import Path

WALL_CLOCK = {"time_s", "nodes_per_s", "simulations_per_s", "wall_s"}


def records(path):
    out = {}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if record.get("backend") in (None, "threads"):
            for key in WALL_CLOCK:
                record.pop(key, None)
        out[record["run_key"]] = record
    return out


def text(path):
    """A file's lines, less the report's rows of wall-clock runs."""
    return [line for line in path.read_bytes().splitlines() if b"| wall |" not in line]


def differences(a, b, where=""):
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            yield from differences(a.get(key), b.get(key), f"{where}.{key}")
    elif a != b:
        yield f"{where}: {a!r} != {b!r}"


def main(old, new):
    old, new = Path(old), Path(new)
    failures = []
    names = sorted({p.name for p in old.iterdir()} | {p.name for p in new.iterdir()})
    for name in names:
        a, b = old / name, new / name
        if a.is_dir() or b.is_dir():
            names += [f"{name}/{p.name}" for p in (a if a.is_dir() else b).iterdir()]
            continue
        if not a.exists() or not b.exists():
            failures.append(f"{name}: only in {'new' if not a.exists() else 'old'}")
            continue
        if name.endswith(".jsonl"):
            ra, rb = records(a), records(b)
            if set(ra) != set(rb):
                failures.append(f"{name}: run keys differ ({len(ra)} vs {len(rb)})")
            same = 0
            for key in sorted(set(ra) & set(rb)):
                diff = list(differences(ra[key], rb[key]))
                failures += [f"{name} {key}{d}" for d in diff[:5]]
                same += not diff
            print(f"{name}: {same}/{len(ra)} records identical")
        else:
            identical = text(a) == text(b)
            if not identical:
                failures.append(f"{name}: differs")
            print(f"{name}: {'identical' if identical else 'DIFFERENT'}")
    for failure in failures:
        print("DIFF", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: compare_reference.py OLD_DIR NEW_DIR")
    sys.exit(main(sys.argv[1], sys.argv[2]))
