"""Professional shogi game records as fetched from public repositories
(KIF, KI2, CSA, board diagrams): read, replayed with cshogi, filtered to
games between professionals, named and traced to their source. Used by
`scripts/tsume_set.py` (mate problems from game ends) and
`scripts/nnue_crosscheck.py` (positions from games); tested by
`python3 -m unittest discover scripts/gamerecords` in the test command."""

from .collection import DENY, REPO_PREFIX, collect, event_of, export_mirror, norm_date
from .reader import read_record
from .text import RecordError

__all__ = ["DENY", "REPO_PREFIX", "RecordError", "collect", "event_of", "export_mirror",
           "norm_date", "read_record"]
