"""nnue_speed.py's positions: the embedded set by default, or a file's
USI `position ...` lines (game positions with their moves)."""

import os
import tempfile
import unittest

import nnue_speed


class Positions(unittest.TestCase):
    def test_the_embedded_set(self):
        found = nnue_speed.positions()
        self.assertEqual(len(found), 9)
        self.assertEqual(found[0], "startpos")
        self.assertTrue(all(p.startswith("sfen ") for p in found[1:]))

    def test_a_files_position_lines(self):
        with tempfile.NamedTemporaryFile("w", suffix=".usi", delete=False) as f:
            f.write("usi\nsetoption name USI_Hash value 16\n"
                    "position startpos moves 7g7f 3c3d\ngo nodes 1000\n"
                    "position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1\n")
        try:
            self.assertEqual(nnue_speed.positions(f.name), [
                "startpos moves 7g7f 3c3d", "sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1"])
        finally:
            os.remove(f.name)


if __name__ == "__main__":
    unittest.main()
