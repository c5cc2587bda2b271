"""Matches shipped beside a results page give the total the page states."""

import os
import unittest

import paired_games

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "results", "data")


class MatchTotals(unittest.TestCase):
    def test_each_match_folder_gives_its_pages_total(self):
        for folder, expected in (
            ("2026-11-28-search-accuracy/matches/self-play-CheckSeePruning-1", (147, 90, 3)),
            ("2026-11-28-nnue-byoyomi-1s", (13, 52, 1)),
            ("2026-11-28-threads-2-vs-1", (19, 8, 4)),
            ("2026-11-30-threads-2-vs-1-two-cores", (36, 22, 19)),
            ("2026-11-28-capture-history-and-check-ordering/self-play-CaptureHistory-1", (118, 104, 6)),
            ("2026-11-28-capture-history-and-check-ordering/self-play-CaptureHistory-1-openings-120", (127, 110, 3)),
            ("2026-11-28-capture-history-and-check-ordering/self-play-CaptureHistory-1-openings-240b", (151, 136, 9)),
            ("2026-11-28-capture-history-and-check-ordering/self-play-CaptureHistory-1-openings-340c", (152, 121, 7)),
            ("2026-11-28-capture-history-and-check-ordering/self-play-CaptureHistory-1-builtin-340c", (90, 99, 12)),
            ("2026-11-28-capture-history-and-check-ordering/yaneuraou-CaptureHistory-1", (44, 56, 0)),
            ("2026-11-29-pv-reductions/self-play-CheckExtensionDepth-64-200k", (41, 45, 1)),
            ("2026-11-29-nnue-byoyomi-1s", (42, 66, 1)),
            ("2026-11-29-nnue-byoyomi-1s/openings-240b", (13, 35, 0)),
            ("2026-11-29-nnue-byoyomi-1s/openings-340c", (19, 36, 0)),
            ("2026-11-29-nnue-byoyomi-1s/faster-85273c1", (55, 90, 2)),
            ("2026-11-29-nnue-byoyomi-1s/faster-85273c1/continued", (24, 29, 1)),
        ):
            with self.subTest(match=folder):
                parts = paired_games.parts(os.path.join(DATA, folder))
                games = [g for part in parts.values() for g in part]
                self.assertEqual(tuple(games.count(r) for r in "WLD"), expected)


if __name__ == "__main__":
    unittest.main()
