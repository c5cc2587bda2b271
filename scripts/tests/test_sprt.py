"""sprt.py adds up self-play matches and gives ShogiArena's GSPRT ratio,
on opening pairs and game by game."""

import glob
import os
import subprocess
import sys
import tempfile
import unittest

import sprt
from tests.test_paired_games import write_log

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SHIPPED = sorted(
    glob.glob(os.path.join(ROOT, "docs", "results", "data", "2026-11-30-capture-movers", "check-extension-part-*.log"))
)


class Sprt(unittest.TestCase):
    def test_pairs_are_consecutive_games_of_a_part(self):
        with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
            write_log(a, 1, "WWLD")  # pairs WW (2 points), LD (0.5)
            write_log(a, 2, "DWL")  # pair DW (1.5); the L alone counts by game only
            write_log(b, 1, "LL", gz=True)  # pair LL (0)
            tri, penta = sprt.tallies([a, os.path.join(b, "part-1.log.gz")])
            self.assertEqual(tri, [4, 2, 3])
            self.assertEqual(penta, [1, 1, 0, 1, 1])

    def test_the_shipped_screen(self):
        self.assertEqual(len(SHIPPED), 2)
        out = subprocess.run(
            [sys.executable, os.path.join(ROOT, "scripts", "sprt.py"), *SHIPPED],
            capture_output=True, text=True, check=True,
        ).stdout.splitlines()
        self.assertEqual(out[0], "193-167-40 (W-L-D) in 400 games: score 0.532, Elo +23 (95 %: -10 to +55)")
        self.assertEqual(out[3], "  on pairs: LLR 0.63, goes on")
        self.assertEqual(out[4], "  game by game: LLR 0.65, goes on")

    def test_a_shogiarena_run_pairs_by_starting_position(self):
        db = os.path.join(ROOT, "docs", "results", "data", "2026-11-29-fischer-10s", "game.db.gz")
        tri, penta = sprt.tallies([db], "yomi")
        self.assertEqual(tri, [12, 1, 87])  # arena_games.py's 87-12-1
        self.assertEqual(sum(penta), 50)
        with self.assertRaises(ValueError):
            sprt.tallies([db])  # whose games: --engine

    def test_verdicts(self):
        self.assertEqual(sprt.verdict(3.0, -2.94, 2.94), "accepts elo1")
        self.assertEqual(sprt.verdict(-3.0, -2.94, 2.94), "accepts elo0")
        self.assertEqual(sprt.verdict(0.0, -2.94, 2.94), "goes on")


if __name__ == "__main__":
    unittest.main()
