"""paired_games.py sets a match's games against a baseline's in the
same places, reading parallel_match.py's logs, plain or gzip."""

import gzip
import os
import tempfile
import unittest

import paired_games

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
RESULTS = os.path.join(ROOT, "docs", "results")


def write_log(folder, part, results, gz=False):
    """A part log as match.py writes it: a line per game, then the
    running total."""
    w = l = d = 0
    lines = []
    for i, r in enumerate(results, 1):
        w, l, d = w + (r == "W"), l + (r == "L"), d + (r == "D")
        lines += [f"game {i} over", f"after {i} games: {w}-{l}-{d}"]
    path = os.path.join(folder, f"part-{part}.log" + (".gz" if gz else ""))
    with (gzip.open if gz else open)(path, "wt") as f:
        f.write("\n".join(lines) + "\n")


class PairedGames(unittest.TestCase):
    def test_games_pair_by_part_and_place(self):
        with tempfile.TemporaryDirectory() as base, tempfile.TemporaryDirectory() as cand:
            write_log(base, 1, "WLLD", gz=True)
            write_log(base, 2, "LLW")
            write_log(cand, 1, "WWLL")  # one better, one worse
            write_log(cand, 2, "WL")  # stopped early: two games pair
            games, bp, cp, better, worse = paired_games.compare(
                paired_games.parts(base), paired_games.parts(cand)
            )
            self.assertEqual((games, bp, cp, better, worse), (6, 1.5, 3.0, 2, 1))

    def test_a_jump_in_the_totals_is_an_error(self):
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "part-1.log"), "w") as f:
                f.write("after 1 games: 1-0-0\nafter 2 games: 3-0-0\n")
            with self.assertRaises(ValueError):
                paired_games.parts(folder)

    def test_sign_test(self):
        self.assertEqual(paired_games.sign_test(0, 0), 1.0)
        self.assertAlmostEqual(paired_games.sign_test(9, 2), 0.0654, places=4)
        self.assertEqual(paired_games.sign_test(5, 5), 1.0)


class PageFromRecords(unittest.TestCase):
    """The 2026-11-28 page's table comes from the match logs beside it."""

    PAGE = "2026-11-28-more-yaneuraou-forms"
    # Each test's folder, its baseline's and its row's label.
    ROWS = [
        ("bs", "b100k", "`ContinuationBySide 1`"),
        ("qp", "b100k", "`QuietPromotions 1`"),
        ("pc", "b100k", "`ProbCutMargin 224"),
        ("rf", "b100k", "reverse futility to depth 14"),
        ("lmrcut3", "b100k", "`LmrCut 3`"),
        ("lmrform", "b100k", "`LmrForm 1`"),
        ("sing100k", "b100k", "`SingularForm 1`"),
        ("sing300", "baseline-300k", "the same"),
        ("hist", "b100k", "`HistoryForm 1`"),
        ("corr0", "b100k", "`CorrectionHistory 0`"),
        ("null1", "b100k", "**null:** `HistoryBonusMax 1610` instead of 1600 |"),
        ("null2", "b100k", "**null:** `LmrHistoryDivisor 8250`"),
        ("null300", "baseline-300k", "**null:** `HistoryBonusMax 1610` instead of 1600, at"),
    ]

    def test_every_row_comes_from_its_logs(self):
        with open(os.path.join(RESULTS, self.PAGE + ".md")) as f:
            rows = [line for line in f if line.startswith("| ")]
        data = os.path.join(RESULTS, "data", self.PAGE)
        for folder, base, label in self.ROWS:
            with self.subTest(match=folder):
                games, bp, cp, better, worse = paired_games.compare(
                    paired_games.parts(os.path.join(data, base)),
                    paired_games.parts(os.path.join(data, folder)),
                )
                p = paired_games.sign_test(better, worse)
                cells = f"| {games} | {bp:g} | {cp:g} | {better} / {worse} | {p:.2f} |"
                row = [r for r in rows if r.startswith("| " + label)]
                self.assertEqual(len(row), 1, label)
                self.assertTrue(row[0].rstrip().endswith(cells), (row[0], cells))


if __name__ == "__main__":
    unittest.main()
