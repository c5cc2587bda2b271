"""instructions.py reads cg_annotate's table by function and the bench's
node count."""

import unittest

import instructions

ANNOTATED = """\
--------------------------------------------------------------------------------
Ir
--------------------------------------------------------------------------------
2,692,829,444 (100.0%)  PROGRAM TOTALS

--------------------------------------------------------------------------------
Ir                      file:function
--------------------------------------------------------------------------------
417,667,470 (15.51%)  ???:yomi_play::picker::Picker::next
 90,423,280 ( 3.36%)  ???:yomi_play::see::see_ge
 62,000,000 ( 2.30%)  movepick.cpp:YaneuraOu::MovePicker::next_move()
10,692,526,414 (97.52%)  events annotated
"""


class Instructions(unittest.TestCase):
    def test_functions_and_the_total(self):
        counts = instructions.functions(ANNOTATED)
        self.assertEqual(counts["PROGRAM TOTALS"], 2_692_829_444)
        self.assertEqual(counts["yomi_play::picker::Picker::next"], 417_667_470)
        self.assertEqual(counts["yomi_play::see::see_ge"], 90_423_280)
        self.assertEqual(counts["movepick.cpp:YaneuraOu::MovePicker::next_move()"], 62_000_000)
        self.assertNotIn("events annotated", counts)

    def test_the_bench_total(self):
        out = "pro#29     nodes      39180 leaves 1\ntotal nodes 217296 leaves 89325 time_ms 339\n"
        self.assertEqual(instructions.bench_nodes(out), 217296)
        self.assertIsNone(instructions.bench_nodes("no total here\n"))


if __name__ == "__main__":
    unittest.main()
