"""idle_profile.py's parts of the search: a stretch's waits spread over
the parts it overlaps, each part's share of its own length."""

import glob
import os
import unittest

import idle_profile

PAGE = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "results",
                    "2026-11-30-when-the-ranks-wait")


class Shares(unittest.TestCase):
    def test_stretches_fall_into_the_parts_they_overlap(self):
        profile = {"span_s": 1.0, "idle_s": [1.0, 0.0, 0.5, 0.5]}
        self.assertEqual(idle_profile.shares(profile, 4.0, 4), [1.0, 0.0, 0.5, 0.5])
        self.assertEqual(idle_profile.shares(profile, 4.0, 2), [0.5, 0.5])
        # Parts of 1.5 s: the second stretch is split between them.
        self.assertEqual(idle_profile.shares(profile, 3.0, 2), [1.0 / 1.5, 0.5 / 1.5])

    def test_waits_past_the_end_are_left_out(self):
        profile = {"span_s": 0.5, "idle_s": [0.5, 0.0, 0.5]}
        self.assertEqual(idle_profile.shares(profile, 1.0, 2), [1.0, 0.0])


class PageFromRecords(unittest.TestCase):
    def test_the_pages_rows_come_from_its_records(self):
        with open(PAGE + ".md") as f:
            page = f.read()
        files = sorted(glob.glob(os.path.join(os.path.dirname(PAGE), "data", os.path.basename(PAGE), "busy-*.jsonl.gz")))
        self.assertTrue(files)
        for path in files:
            groups = {}
            for r in idle_profile.read([path]):
                groups.setdefault(idle_profile.configuration(r), []).append(r)
            for (method, _, _, _, ranks), rs in groups.items():
                label = "best" if method == "negascout-eps" else "with updates"
                for rank, name in [("master_waited", "master waiting"), ("workers_waited", "workers idle")]:
                    per_tree = [idle_profile.shares(r[rank], r["time_s"], 10) for r in rs]
                    cells = " | ".join(f"{100 * sum(t[k] for t in per_tree) / len(rs):.1f} %" for k in range(10))
                    row = f"| {label} | {name} | {cells} |"
                    with self.subTest(path=path, row=row):
                        self.assertIn(row, page)


if __name__ == "__main__":
    unittest.main()
