"""search_accuracy.py sets fixed-node searches against deep references:
values read from USI lines, distances from the references' mean, moves
agreeing, and the paired change; the shipped references are whole."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

import paired_games
import search_accuracy as sa

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
PAGE = "2026-11-28-search-accuracy"
DATA = os.path.join(ROOT, "docs", "results", "data", PAGE)


def rows(*values_moves):
    return {f"s{i}": {"sfen": f"s{i}", "value": v, "depth": 1, "move": m} for i, (v, m) in enumerate(values_moves)}


class SearchAccuracy(unittest.TestCase):
    def test_reported_values(self):
        self.assertEqual(sa.reported_value("info depth 3 score cp -41 pv 7g7f".split()), -41)
        self.assertEqual(sa.reported_value("info depth 3 score mate 5 pv 7g7f".split()), sa.MATE)
        self.assertEqual(sa.reported_value("info depth 3 score mate -2 pv 7g7f".split()), -sa.MATE)
        self.assertEqual(sa.reported_value("info depth 3 score mate - pv 7g7f".split()), -sa.MATE)

    def test_distance_from_the_references_mean_and_agreement(self):
        ref_a = rows((100, "a"), (0, "b"), (5000, "c"))
        ref_b = rows((300, "a"), (-100, "x"), (0, "c"))
        result = rows((250, "a"), (-50, "b"), (0, "c"))
        keys = sa.common_keys([ref_a, ref_b], [result], 3000)
        self.assertEqual(keys, ["s0", "s1"])  # s2: a reference past the limit
        mean, rms, agree = sa.accuracy([ref_a, ref_b], result, keys, 3000)
        self.assertEqual((mean, agree), (25.0, [2, 1]))
        self.assertAlmostEqual(rms, (((50**2) + 0) / 2) ** 0.5)

    def test_a_mate_counts_as_the_limit(self):
        ref = rows((100, "a"))
        self.assertEqual(sa.distances([ref], rows((sa.MATE, "a")), ["s0"], 3000), [3000])

    def test_paired_change(self):
        change, half = sa.paired_change([10, 20, 30], [12, 22, 32])
        self.assertEqual((change, half), (2.0, 0.0))

    def test_options_must_name_a_value(self):
        from match import parse_options  # the parser `search` uses

        self.assertEqual(list(parse_options("A:1,B:x:y").items()), [("A", "1"), ("B", "x:y")])
        with self.assertRaises(SystemExit):
            parse_options("A")

    def test_the_shipped_references_cover_every_position(self):
        with open(os.path.join(DATA, "positions.sfen")) as f:
            positions = [line.strip() for line in f if line.strip()]
        self.assertEqual(len(positions), len(set(positions)))
        for name in ("yaneuraou-2m.jsonl", "yomi-2m.jsonl"):
            ref = sa.load(os.path.join(DATA, name))
            self.assertEqual(sorted(ref), sorted(positions), name)

    def test_score_prints_a_table(self):
        with tempfile.TemporaryDirectory() as d:
            paths = []
            for name, data in (("ref", rows((100, "a"), (0, "b"))), ("res", rows((150, "a"), (0, "x")))):
                paths.append(os.path.join(d, name + ".jsonl"))
                with open(paths[-1], "w") as f:
                    f.writelines(json.dumps(r) + "\n" for r in data.values())
            out = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "search_accuracy.py"), "score",
                                  paths[0], "--results", paths[1]], capture_output=True, text=True, check=True)
            self.assertIn("| res.jsonl | 25.0 | +0.0 ± 0.0 | 35.4 | 1 |", out.stdout)

    def test_the_pages_table_comes_back_from_the_shipped_runs(self):
        # Each page screened against this page's references, its runs beside it.
        for page, least in ((PAGE, 20), ("2026-11-28-capture-history-and-check-ordering", 3),
                            ("2026-11-29-pv-reductions", 11), ("2026-11-29-screens-300k", 27),
                            ("2026-11-30-screens-remade-net", 6)):
            with self.subTest(page=page):
                self.check_screen_tables(page, least)

    def check_screen_tables(self, page_name, least):
        """Each table of runs on the page (rows apart: another table, set
        against its own first run) comes back from the shipped runs."""
        with open(os.path.join(ROOT, "docs", "results", page_name + ".md")) as f:
            lines = f.read().splitlines()
        tables, last = [], None
        for i, line in enumerate(lines):
            if line.startswith("| ") and ".jsonl.gz |" in line:
                if last != i - 1:
                    tables.append([])
                tables[-1].append(line)
                last = i
        self.assertGreaterEqual(sum(map(len, tables)), least)
        for rows in tables:
            self.check_screen_table(page_name, rows)

    def check_screen_table(self, page_name, rows):
        runs = [line.split(" | ")[0][2:] for line in rows]
        here = os.path.join(ROOT, "docs", "results", "data", page_name)
        # A page with references of its own (another net) is scored against them.
        refs = [os.path.join(here, name + ".jsonl.gz") for name in ("yaneuraou-2m", "yomi-2m")]
        if not all(map(os.path.exists, refs)):
            refs = [os.path.join(DATA, name + ".jsonl") for name in ("yaneuraou-2m", "yomi-2m")]
        out = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "search_accuracy.py"), "score",
                              *refs, "--results", *[os.path.join(here, "runs", r) for r in runs]],
                             capture_output=True, text=True, check=True)
        self.assertIn("294 positions", out.stdout)
        self.assertEqual([line for line in out.stdout.splitlines() if ".jsonl.gz |" in line], rows)

    def test_the_pages_matches_against_the_baseline(self):
        base = paired_games.parts(os.path.join(ROOT, "docs", "results", "data",
                                               "2026-11-28-more-yaneuraou-forms", "b100k"))
        for match, expected in (("CheckSeePruning-1", (99, 36, 43.5, 28, 20)),
                                ("QsTableStandPat-1", (45, 17, 11, 4, 10))):
            cand = paired_games.parts(os.path.join(DATA, "matches", match))
            self.assertEqual(paired_games.compare(base, cand), expected, match)


if __name__ == "__main__":
    unittest.main()
