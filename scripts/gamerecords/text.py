"""Record files' text: their encodings, and the error a record that cannot
be read raises."""


def decode(raw):
    """The text of a record file's bytes: UTF-8 (with or without BOM), else
    Shift JIS (cp932), as Japanese record files come."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    for enc in ("utf-8", "cp932"):
        try:
            return raw.decode(enc)
        except UnicodeDecodeError:
            pass
    return raw.decode("utf-8", "replace")


class RecordError(Exception):
    """A record that cannot be read as a game or a problem."""
