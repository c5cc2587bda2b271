"""Each record format read to the moves cshogi replays, and a directory of
records collected into games: kept, dropped with the reason, named."""

import os
import sys
import tempfile
import unittest

import cshogi

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from gamerecords import RecordError, collect, read_record  # noqa: E402
from gamerecords.collection import make_id  # noqa: E402
from gamerecords.text import decode  # noqa: E402

# A short game, the same in each format: 7g7f 3c3d 8h2b+ 3a2b.
USI = ["7g7f", "3c3d", "8h2b+", "3a2b"]

KIF = """開始日時：2020/01/02 10:00
棋戦：テスト戦
手合割：平手
先手：羽生善治
後手：谷川浩司
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:01/00:00:01)
   2 ３四歩(33)   ( 0:01/00:00:01)
   3 ２二角成(88) ( 0:01/00:00:02)
   4 同　銀(31)   ( 0:01/00:00:02)
   5 投了
まで4手で後手の勝ち
"""

KI2 = """開始日時：2020/01/02
先手：羽生善治
後手：谷川浩司

▲７六歩    △３四歩    ▲２二角成  △同銀
まで4手で後手の勝ち
"""

CSA = """V2.2
N+Habu
N-Tanigawa
$START_TIME:2020/01/02 10:00:00
PI
+
+7776FU
-3334FU
+8822UM
-3122GI
%TORYO
"""

# Mate in one from a diagram: black drops a gold on 5b.
BOD = """後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・v玉 ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
+---------------------------+
先手の持駒：金
作者：テスト
手数：1
手数----指手---------消費時間--
   1 ５二金打
まで1手で詰み
"""


def usi(moves):
    return [cshogi.move_to_usi(m) for m in moves]


class Formats(unittest.TestCase):
    def read(self, name, text, encoding="utf-8"):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, name)
            with open(path, "wb") as f:
                f.write(text.encode(encoding))
            return read_record(path)

    def test_kif_in_shift_jis(self):
        rec = self.read("g.kif", KIF, "cp932")
        self.assertEqual(rec["kind"], "kif")
        self.assertEqual(rec["sfen"], cshogi.STARTING_SFEN)
        self.assertEqual(usi(rec["moves"]), USI)
        self.assertEqual((rec["head"]["black"], rec["head"]["white"]), ("羽生善治", "谷川浩司"))
        self.assertEqual(rec["head"]["ended_at"], 4)
        self.assertIsNone(rec["stated"])

    def test_ki2_resolves_moves_by_destination(self):
        rec = self.read("g.ki2", KI2)
        self.assertEqual(rec["kind"], "ki2")
        self.assertEqual(usi(rec["moves"]), USI)

    def test_ki2_left_and_right(self):
        # Both golds can reach 5h: 右 is black's right (the 4i gold); then
        # 6h is the 6i gold's step up (上) or the 5h gold's step aside (寄).
        text = "▲５八金右    △３四歩    ▲６八金上\n"
        rec = self.read("g.ki2", text)
        self.assertEqual(usi(rec["moves"]), ["4i5h", "3c3d", "6i6h"])
        with self.assertRaises(RecordError):
            self.read("g.ki2", "▲５八金\n")  # which gold?

    def test_csa(self):
        rec = self.read("g.csa", CSA)
        self.assertEqual(rec["kind"], "csa")
        self.assertEqual(usi(rec["moves"]), USI)
        self.assertEqual(rec["head"]["date"], "2020/01/02 10:00:00")

    def test_board_diagram_problem(self):
        rec = self.read("p.kif", BOD)
        self.assertEqual(rec["sfen"], "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
        self.assertEqual(rec["stated"], 1)
        self.assertEqual(usi(rec["moves"]), ["G*5b"])
        board = cshogi.Board(rec["sfen"])
        board.push(rec["moves"][0])
        self.assertTrue(board.is_game_over())

    def test_not_a_record(self):
        with self.assertRaises(RecordError):
            self.read("notes.txt", "hello")

    def test_decode(self):
        self.assertEqual(decode("\ufeff先手".encode("utf-8")), "先手")
        self.assertEqual(decode("先手".encode("cp932")), "先手")


class Collect(unittest.TestCase):
    def test_games_kept_dropped_and_named(self):
        long_game = KIF.replace("まで4手で後手の勝ち", "")
        computer = KIF.replace("後手：谷川浩司", "後手：YaneuraOu")
        with tempfile.TemporaryDirectory() as root:
            repo = os.path.join(root, "someone+kifu")
            os.makedirs(repo)
            files = {"kept.kif": long_game, "again.kif": long_game, "cpu.kif": computer,
                     "p.kif": BOD}
            for name, text in files.items():
                with open(os.path.join(repo, name), "w", encoding="utf-8") as f:
                    f.write(text)
            with open(os.path.join(root, "MANIFEST.tsv"), "w", encoding="utf-8") as f:
                f.write("# local_path\trepository\tpath\tcommit\tcommit_date\twhere\n")
                for name in files:
                    f.write("someone+kifu/%s\tsomeone/kifu\t%s\tabc\t2020-01-01\tHEAD\n"
                            % (name, name))
            games, problems = collect(root, [], min_plies=4)
            self.assertEqual(list(games), ["kifu_again"])  # read first; kept.kif its duplicate
            self.assertEqual(games["kifu_again"]["info"]["commit"], "abc")
            self.assertEqual(len(problems), 1)
            self.assertEqual(collect(root, [], min_plies=5)[0], {})  # too short
            denied, _ = collect(root, ["someone/kifu:again*"], min_plies=4)
            self.assertEqual(list(denied), ["kifu_kept"])

    def test_ids(self):
        self.assertEqual(make_id("mogproject/mog-core-scala", "kif/game/001.kif", {}), "mog_kif001")
        self.assertEqual(make_id("someone/kifu", "Game One.kif", {}), "kifu_game_one")


if __name__ == "__main__":
    unittest.main()
