"""The real-against-virtual ranks page's rows come from the records
shipped beside it: each file's mean leaves, geometric-mean time and idle
times, as compare_backends.py computes them, stand in its row."""

import glob
import gzip
import json
import os
import unittest

import compare_backends

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
PAGE = os.path.join(ROOT, "docs", "results", "2026-11-28-real-mpi-ranks.md")
DATA = os.path.join(ROOT, "docs", "results", "data", "2026-11-28-real-mpi-ranks")


class PageFromRecords(unittest.TestCase):
    def test_every_record_file_gives_its_row(self):
        with open(PAGE) as f:
            rows = {line.split("|")[1].strip().strip("`"): line for line in f if line.startswith("| `")}
        files = sorted(glob.glob(os.path.join(DATA, "*.jsonl.gz")))
        # Every parallel run must end on its tree's sequential value.
        with gzip.open(os.path.join(DATA, "sim-1.jsonl.gz"), "rt") as f:
            sequential = {r["tree"]: r["value"] for r in map(json.loads, f)}
        self.assertEqual(len(sequential), 8)
        self.assertGreaterEqual(len(files), 26)
        for path in files:
            name = os.path.basename(path)[: -len(".jsonl.gz")]
            with self.subTest(record=name):
                self.assertIn(name, rows)
                with gzip.open(path, "rt") as f:
                    records = [json.loads(line) for line in f]
                # ranks | leaves | time | speedup | start-up | other
                cells = compare_backends.row("", 16, records, 1.0).split("|")[3:8]
                leaves, time, _, startup, other = (c.strip() for c in cells)
                self.assertIn(f"| {leaves} | {time} |", rows[name])
                if records[0]["method"] != "sequential":
                    self.assertIn(f"| {startup} | {other} |", rows[name])
                    for r in records:
                        self.assertEqual(r["value"], sequential[r["tree"]], r["tree"])


if __name__ == "__main__":
    unittest.main()
