"""The with-share results pages' tables come from the records shipped
beside them: each record file's totals, summarised as share_effect.py
does, stand in its page."""

import glob
import os
import statistics
import unittest

import share_effect

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
RESULTS = os.path.join(ROOT, "docs", "results")
# Each page and the least number of record files beside it.
PAGES = [("2026-11-27-with-share", 15), ("2026-11-28-poll-interval", 8)]


class PageFromRecords(unittest.TestCase):
    def test_every_record_file_gives_its_row(self):
        for name, least in PAGES:
            with self.subTest(page=name):
                self.check_page(name, least)

    def check_page(self, name, least):
        with open(os.path.join(RESULTS, name + ".md")) as f:
            page = f.read()
        files = sorted(glob.glob(os.path.join(RESULTS, "data", name, "*.jsonl.gz")))
        self.assertGreaterEqual(len(files), least)
        for path in files:
            records = list(share_effect.read([path]))
            for method in share_effect.METHODS:
                runs = share_effect.runs(records, method)
                self.assertEqual(len(runs), 5, f"{path}: five message costs of {method}")
                leaves = [r[0] for r in runs]
                cell = f"{statistics.mean(leaves):,.0f} ± {statistics.pstdev(leaves):,.0f}"
                self.assertIn(cell, page, f"{path}: {method}'s leaves")
            # Every tree of a with-share run ended on with updates' value.
            value = {(r["tree"], r["virtual_cluster"]["message_cost_us"]): r["value"]
                     for r in records if r["method"] == "with-updates"}
            for r in records:
                self.assertEqual(r["value"], value[(r["tree"], r["virtual_cluster"]["message_cost_us"])])

class SweepPageFromRecords(unittest.TestCase):
    """A sweep's page (one run per tree and method): each configuration
    both methods finished on every tree stands in it with its totals."""

    def test_every_finished_configuration_gives_its_row(self):
        name = "2026-11-30-share-64-to-1536"
        with open(os.path.join(RESULTS, name + ".md")) as f:
            page = f.read()
        records = list(share_effect.read([os.path.join(RESULTS, "data", name, "share-ranks.jsonl.gz")]))
        finished = 0
        for (b, d, d_prime, ranks), group in share_effect.configurations(records):
            trees = {m: [r for r in group if r["method"] == m] for m in share_effect.METHODS}
            if any(len(rs) < 8 for rs in trees.values()):
                continue
            finished += 1
            leaves = [sum(r["leaves"] for r in trees[m]) for m in share_effect.METHODS]
            row = f"| {ranks:,} | {leaves[0]:,} | {leaves[1]:,} |"
            with self.subTest(d=d, ranks=ranks):
                self.assertIn(row, page)
        self.assertGreaterEqual(finished, 4)


if __name__ == "__main__":
    unittest.main()
