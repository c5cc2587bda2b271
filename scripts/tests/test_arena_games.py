"""A ShogiArena run shipped beside a results page gives the page's total
and clocks (scripts/arena_games.py)."""

import os
import subprocess
import sys
import unittest

import arena_games

DB = os.path.join(
    os.path.dirname(__file__), "..", "..", "docs", "results", "data", "2026-11-29-fischer-10s", "game.db.gz"
)


class ArenaGames(unittest.TestCase):
    def test_the_fischer_match_total_and_clocks(self):
        db = arena_games.open_db(DB)
        self.assertEqual(arena_games.totals(db, "yomi"), (87, 12, 1))
        self.assertEqual(arena_games.totals(db, "yaneuraou"), (12, 87, 1))
        clocks = arena_games.clocks(db, 10000, 100)
        # (mean used a game, longest move, least left, moves past the clock)
        self.assertEqual(clocks["yomi"][1:], (1579, 806, 0))
        self.assertEqual(clocks["yaneuraou"][1:], (3003, 17, 0))

    def test_the_printed_total(self):
        out = subprocess.run(
            [sys.executable, os.path.join(os.path.dirname(__file__), "..", "arena_games.py"), DB, "--engine", "yomi"],
            capture_output=True, text=True, check=True,
        )
        self.assertEqual(
            out.stdout.strip(),
            "yomi: 87-12-1 (W-L-D) in 100 games: score 0.875, Elo +338 (95 %: +253 to +475)",
        )


if __name__ == "__main__":
    unittest.main()
