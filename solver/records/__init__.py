"""Game records: EGN 1.4 (:mod:`.egn`) and the two-player dummy-hands record (:mod:`.dummy`),
read, validated, replayed through :class:`solver.game.Hand`, and written.

Layout: :mod:`.base` holds what both formats share (the loaded-record base, findings, strict
JSON reading, the replay driver); :mod:`.egn` and :mod:`.dummy` import it and never each other;
EGN's own parts are :mod:`.egn_format` (the notation), :mod:`.egn_model` (the loaded record),
:mod:`.egn_write` (:func:`dump_egn`) and :mod:`.egn` (reading and replay, re-exporting the others);
this package's :func:`load_game` picks the reader by the record's ``fileType``.

>>> from solver.game import Hand
>>> hand = Hand.from_deal("N:Jh Ah Kh 9c 9s E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Ac Kc Tc Qh",
...                       upcard="9h", dealer="S")
>>> game = load_game(dump_egn(hand))
>>> type(game).__name__, game.deals[0].status
('EGNGame', 'incomplete')
"""
from .base import DUMMY_FILE_TYPE, MAX_RECORD_BYTES, GameRecord, Problem, read_record_file, read_source
from ..errors import DummyRecordError, RecordError
from .dummy import DummyDeal, DummyRecord, dump_dummy_record, load_dummy_record
from .egn import EGNDeal, EGNGame, EGNWritten, dump_egn, load_egn, loads_egn

__all__ = ["load_game", "load_egn", "loads_egn", "dump_egn", "load_dummy_record", "dump_dummy_record", "EGNGame", "EGNDeal",
           "EGNWritten", "DummyRecord", "DummyDeal", "GameRecord", "Problem", "RecordError", "DummyRecordError", "read_source", "read_record_file",
           "MAX_RECORD_BYTES"]


def load_game(source, strict: bool = False):
    """Load a game record of either kind, by its ``fileType``: an EGN game (:func:`load_egn`) or a
    two-player dummy-hands record (:func:`load_dummy_record`, which EGN's schema cannot hold).
    Same arguments and errors as :func:`load_egn`.
    """
    data = read_source(source)[1]
    if isinstance(data, dict) and data.get("fileType") == DUMMY_FILE_TYPE:
        return load_dummy_record(source, strict)
    return load_egn(source, strict)
