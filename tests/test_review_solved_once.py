"""One deal's review solves each position of its cards and discard once (DealReviewer.solved), with the
same figures as solving every batch afresh.

The core's solves are counted at solver.dd.solve_batch, for the calls made by solver.dd_batch (the
cards' and the discard's batches; the calls' advice solves its own worlds). A position is its four
hands, the leader and the cards on the table: the trump and the seats in play are the deal's.
"""
import sys
from pathlib import Path

import numpy as np
import pytest

import solver.dd as dd
from solver import Method, load_egn
from solver.dd_batch import Batch, Solved
from solver.review import review_deal

VWEC = Path(__file__).parent / "data" / "egn" / "vwec-finals.egn"
#: a deal of the VWEC final whose close cards are drawn again at more worlds (CONFIRM), over worlds that
#: share deals with the first draw: the positions the second draw would solve again
DEAL = 7


def solved_positions(monkeypatch, share: bool, deal: int = DEAL, worlds: int = 200) -> tuple:
    """``(review as a dict, positions the core solved for the cards' batches)``: one row per position."""
    rows = []
    real = dd.solve_batch

    def counting(hands, trump, leader, *args, trick=None, trick_len=None, **kw):
        if sys._getframe(1).f_globals.get("__name__") == "solver.dd_batch":
            n = len(hands)
            rows.append(np.column_stack([np.asarray(hands, np.int64),
                                         np.broadcast_to(np.asarray(leader, np.int64), (n,)),
                                         np.asarray(trick, np.int64), np.asarray(trick_len, np.int64)]))
        return real(hands, trump, leader, *args, trick=trick, trick_len=trick_len, **kw)

    monkeypatch.setattr(dd, "solve_batch", counting)
    if not share:
        unshared = Batch.solve
        monkeypatch.setattr(Batch, "solve", lambda self, threads, memo=None: unshared(self, threads))
    review = review_deal(load_egn(VWEC), deal, method=Method(worlds=worlds, seed=5)).to_dict()
    monkeypatch.undo()
    return review, np.concatenate(rows)


def test_each_position_of_a_deals_cards_is_solved_once_with_the_same_figures(monkeypatch):
    shared, once = solved_positions(monkeypatch, share=True)
    fresh, every = solved_positions(monkeypatch, share=False)
    assert shared == fresh                                   # the same review, figure for figure
    assert len(np.unique(once, axis=0)) == len(once)         # no position solved twice
    # not vacuous: solving each batch afresh solves some positions again (a close card drawn again)
    assert len(np.unique(every, axis=0)) == len(np.unique(once, axis=0)) < len(every)


def test_a_batch_solves_a_position_twice_in_it_once(monkeypatch):
    """Within one batch: the same world under two blocks is solved once, each block reading its value."""
    from solver.cards import mask_of, parse_cards
    hands = np.array([[mask_of(parse_cards(h)) for h in ("Ah Kh", "9s Ts", "Qh Jc", "Ac Kc")]], np.uint32)
    calls = []
    real = dd.solve_batch
    monkeypatch.setattr(dd, "solve_batch", lambda h, *a, **k: calls.append(len(h)) or real(h, *a, **k))
    b = Batch(2, 0b1111, 4)                                  # hearts trump, every seat in play
    first, second = b.add(hands, 0, (), 3), b.add(hands, 0, (), 1)
    memo = Solved()
    got = b.solve(1, memo)
    assert calls == [1] and len(memo) == 1
    # against the core solving the one position alone: the blocks add their own tricks already won
    alone = int(real(hands, 2, 0, 0, 0b1111, 4, 1)[0])
    assert got[first].tolist() == [alone + 3] and got[second].tolist() == [alone + 1]
    assert b.solve(1, memo)[first].tolist() == [alone + 3] and calls == [1]      # the memo answers it again


def test_positions_of_one_hash_keep_their_own_values(monkeypatch):
    """Solved finds a position by a 64-bit hash and then compares the position itself: with every position
    hashed alike (the mixing constants zeroed), each still gets its own value from the core, and a repeat of
    the one kept for the hash is still read rather than solved."""
    import solver.dd_batch as dd_batch
    from solver.cards import mask_of, parse_cards
    deals = [("Ah Kh", "9s Ts", "Qh Jc", "Ac Kc"), ("Ah 9s", "Kh Ts", "Qh Ac", "Jc Kc"),
             ("9s Ts", "Ah Kh", "Ac Kc", "Qh Jc")]
    hands = np.array([[mask_of(parse_cards(h)) for h in d] for d in deals], np.uint32)
    alone = real = dd.solve_batch
    expected = [int(alone(hands[i:i + 1], 2, 0, 0, 0b1111, 4, 1)[0]) for i in range(len(deals))]
    assert len(set(expected)) > 1                             # not vacuous: the positions' values differ
    monkeypatch.setattr(dd_batch, "_MIX_A", np.uint64(0))
    monkeypatch.setattr(dd_batch, "_MIX_B", np.uint64(0))
    solved = []
    monkeypatch.setattr(dd, "solve_batch", lambda h, *a, **k: solved.append(len(h)) or real(h, *a, **k))
    memo = Solved()
    b = Batch(2, 0b1111, 4)
    whole = b.add(hands, 0, (), 0)
    assert b.solve(1, memo)[whole].tolist() == expected
    b2 = Batch(2, 0b1111, 4)
    again = b2.add(hands, 0, (), 0)             # the one kept for the hash is read, the others solved again
    assert b2.solve(1, memo)[again].tolist() == expected
    assert solved == [3, 2]


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
