"""A ShogiArena run shipped beside a results page gives the page's total
and clocks (scripts/arena_games.py)."""

import os
import sqlite3
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

    def test_a_replay_counts_once(self):
        # Two engines, an opening drawn twice and played alike both times
        # (games 1-2 again as 3-4), and a third game from it that differs.
        db = sqlite3.connect(":memory:")
        db.executescript(
            "create table player (id integer, player_name text);"
            "insert into player values (1, 'new'), (2, 'base');"
            "create table game (id integer, game_name text, black_player_id integer,"
            " white_player_id integer, game_result text, initial_position_sfen text);"
            "create table game_move (game_id integer, ply integer, next_move integer);"
        )
        games = [
            (1, "g1", 1, 2, "BLACK_WIN", "a", [10, 11]),
            (2, "g2", 2, 1, "PARITY_DRAW", "a", [10, 12]),
            (3, "g3", 1, 2, "BLACK_WIN", "a", [10, 11]),
            (4, "g4", 2, 1, "PARITY_DRAW", "a", [10, 12]),
            (5, "g5", 1, 2, "WHITE_WIN", "a", [10, 13]),
        ]
        for gid, name, black, white, result, sfen, moves in games:
            db.execute("insert into game values (?, ?, ?, ?, ?, ?)", (gid, name, black, white, result, sfen))
            db.executemany("insert into game_move values (?, ?, ?)", [(gid, i, m) for i, m in enumerate(moves)])
        self.assertEqual(arena_games.replays(db), {3, 4})
        self.assertEqual(arena_games.points_by_opening(db, "new"), [[1.0, 0.5, 0.0]])
        self.assertEqual(arena_games.totals(db, "new"), (1, 1, 1))


if __name__ == "__main__":
    unittest.main()
