"""idle_profile.py's parts of the search: a stretch's waits spread over
the parts it overlaps, each part's share of its own length."""

import unittest

import idle_profile


class Shares(unittest.TestCase):
    def test_stretches_fall_into_the_parts_they_overlap(self):
        profile = {"span_s": 1.0, "idle_s": [1.0, 0.0, 0.5, 0.5]}
        self.assertEqual(idle_profile.shares(profile, 4.0, 4), [1.0, 0.0, 0.5, 0.5])
        self.assertEqual(idle_profile.shares(profile, 4.0, 2), [0.5, 0.5])
        # Parts of 1.5 s: the second stretch is split between them.
        self.assertEqual(idle_profile.shares(profile, 3.0, 2), [1.0 / 1.5, 0.5 / 1.5])

    def test_waits_past_the_end_are_left_out(self):
        profile = {"span_s": 0.5, "idle_s": [0.5, 0.0, 0.5]}
        self.assertEqual(idle_profile.shares(profile, 1.0, 2), [1.0, 0.0])


if __name__ == "__main__":
    unittest.main()
