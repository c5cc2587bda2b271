"""The idle-deepening page's rows come from the records shipped beside it
and beside the pages it compares with."""

import os
import unittest

import paired_runs

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
DATA = os.path.join(ROOT, "docs", "results", "data")


IDLE = os.path.join(DATA, "2026-11-30-idle-deepening")


class PageFromRecords(unittest.TestCase):
    def setUp(self):
        with open(os.path.join(ROOT, "docs", "results", "2026-11-30-idle-deepening.md")) as f:
            self.page = f.read()
        self.sequential = paired_runs.read(
            os.path.join(DATA, "2026-11-30-table1-d24", "table1-b5-d24.jsonl.gz"), "sequential", None)

    def assert_rows_in_page(self, before, after):
        self.assertEqual(len(after), 8)
        self.assertTrue(all(r["idle_deepening"] for r in after.values()))
        self.assertFalse(any(r.get("idle_deepening") for r in before.values()))
        rows = paired_runs.rows(self.sequential, before, after)
        self.assertEqual(len(rows), 9)
        for row in rows:
            self.assertIn(row, self.page)

    def test_every_tree_and_the_totals_stand_in_the_page(self):
        best = paired_runs.read(
            os.path.join(DATA, "2026-11-29-past-4096", "past-4096-d24.jsonl.gz"), "negascout-eps", 4095)
        for records in ("idle-deepening-4096.jsonl.gz", "idle-deepening-4096-withheld.jsonl.gz"):
            with self.subTest(records):
                after = paired_runs.read(os.path.join(IDLE, records), "negascout-eps", 4095)
                self.assert_rows_in_page(best, after)

    def test_the_1536_rows_come_from_one_file_split_by_idle_deepening(self):
        path = os.path.join(IDLE, "idle-deepening-1536.jsonl.gz")
        before = paired_runs.read(path, "negascout-eps", 1535, ("idle_deepening", False))
        after = paired_runs.read(path, "negascout-eps", 1535, ("idle_deepening", True))
        self.assertEqual(len(before), 8)
        self.assert_rows_in_page(before, after)

    def test_a_value_other_than_the_sequential_one_is_refused(self):
        run = {"value": 5, "time_s": 1.0, "leaves": 10}
        with self.assertRaises(SystemExit):
            paired_runs.rows({"seed1": {"value": 4, "time_s": 9.0, "leaves": 9}},
                             {"seed1": run}, {"seed1": run})


if __name__ == "__main__":
    unittest.main()
