"""match.py's openings: a part's slice, and a stopped match continued
from its I-th opening in the runner's own fixed order."""

import os
import random
import unittest

import match

OPENINGS = os.path.join(os.path.dirname(__file__), "..", "openings-240.txt")


def runner_order(path):
    """The order cshogi's runner plays `path`'s openings in (seed 0)."""
    with open(path) as f:
        lines = [line for line in f if line.strip()]
    random.seed(0)
    random.shuffle(lines)
    return lines


class Openings(unittest.TestCase):
    def test_a_continued_match_plays_the_rest_of_the_order(self):
        part, count = match.opening_part(OPENINGS, "1/2")
        self.assertEqual(count, 120)
        for start in (1, 38, 119):
            with self.subTest(start=start):
                rest, left = match.continued(part, start)
                self.assertEqual(left, 120 - start)
                self.assertEqual(runner_order(rest), runner_order(part)[start:])

    def test_past_the_last_opening_is_an_error(self):
        part, _ = match.opening_part(OPENINGS, "2/2")
        with self.assertRaises(SystemExit):
            match.continued(part, 120)


if __name__ == "__main__":
    unittest.main()
