"""Japanese move notation shared by KIF and KI2: files and ranks as
numerals, pieces as kanji, squares as cshogi numbers them."""

import cshogi

FILE_CH = {c: i for i, c in enumerate("１２３４５６７８９", 1)}
FILE_CH.update({c: i for i, c in enumerate("123456789", 1)})
RANK_CH = {c: i for i, c in enumerate("一二三四五六七八九", 1)}
PIECE_KANJI = {"歩": cshogi.PAWN, "香": cshogi.LANCE, "桂": cshogi.KNIGHT, "銀": cshogi.SILVER,
               "金": cshogi.GOLD, "角": cshogi.BISHOP, "飛": cshogi.ROOK, "玉": cshogi.KING,
               "王": cshogi.KING, "と": cshogi.PROM_PAWN, "杏": cshogi.PROM_LANCE,
               "成香": cshogi.PROM_LANCE, "圭": cshogi.PROM_KNIGHT, "成桂": cshogi.PROM_KNIGHT,
               "全": cshogi.PROM_SILVER, "成銀": cshogi.PROM_SILVER, "馬": cshogi.PROM_BISHOP,
               "龍": cshogi.PROM_ROOK, "竜": cshogi.PROM_ROOK}


def sq_of(file, rank):
    return (file - 1) * 9 + (rank - 1)


def moved_piece_type(move):
    if cshogi.move_is_drop(move):
        return cshogi.hand_piece_to_piece_type(cshogi.move_drop_hand_piece(move))
    return cshogi.move_from_piece_type(move)
