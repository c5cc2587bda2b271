"""The with-share results page's table comes from the records shipped
beside it: each record file's totals, summarised as share_effect.py does,
stand in the page."""

import glob
import os
import statistics
import unittest

import share_effect

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
PAGE = os.path.join(ROOT, "docs", "results", "2026-11-27-with-share.md")
DATA = os.path.join(ROOT, "docs", "results", "data", "2026-11-27-with-share")


class PageFromRecords(unittest.TestCase):
    def test_every_record_file_gives_its_row(self):
        with open(PAGE) as f:
            page = f.read()
        files = sorted(glob.glob(os.path.join(DATA, "*.jsonl.gz")))
        self.assertGreaterEqual(len(files), 15)
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


if __name__ == "__main__":
    unittest.main()
