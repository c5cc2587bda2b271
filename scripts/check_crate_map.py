#!/usr/bin/env python3
"""Checks docs/crates.md against the workspace: every crate listed once,
in the folder the table says, with exactly the workspace dependencies the
table says (normal dependencies; dev-dependencies may reach anywhere).
Exits 1 listing every difference."""
import json
import re
import subprocess
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
meta = json.loads(subprocess.run(
    ["cargo", "metadata", "--format-version", "1", "--no-deps"],
    cwd=root, check=True, capture_output=True, text=True).stdout)
names = {p["name"] for p in meta["packages"]}
actual = {}
for p in meta["packages"]:
    deps = {d["name"] for d in p["dependencies"] if d["name"] in names and d["kind"] is None}
    folder = Path(p["manifest_path"]).parent.relative_to(root).as_posix()
    actual[p["name"]] = (folder, deps)

table = {}
for line in (root / "docs" / "crates.md").read_text().splitlines():
    m = re.match(r"\| `(yomi-[a-z-]+)` \| `([^`]+)` \| ([^|]*) \|", line)
    if m:
        deps = set(re.findall(r"`(yomi-[a-z-]+)`", m.group(3)))
        table[m.group(1)] = (m.group(2), deps)

problems = []
for name in sorted(set(actual) | set(table)):
    if name not in table:
        problems.append(f"{name}: in the workspace, not in docs/crates.md")
    elif name not in actual:
        problems.append(f"{name}: in docs/crates.md, not in the workspace")
    elif actual[name] != table[name]:
        problems.append(f"{name}: Cargo.toml says {actual[name]}, docs/crates.md {table[name]}")
for p in problems:
    print("crate map:", p)
sys.exit(1 if problems else 0)
