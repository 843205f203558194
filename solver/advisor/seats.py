"""Seats around the table as the advisor needs them, on plain ints (N E S W = 0..3)."""
from __future__ import annotations

import numpy as np

# laws: every function here is a rule of euchre written again (as in solver/position.py, dd.py,
# game.py, egn.py); they go when the rules kernel lands and the advisor imports the kernel's
# partner, side, seats in play and bidding order instead.


def partner(seat):
    """The partner's seat (an int, or an int array)."""
    return (seat + 2) % 4


def side_of(seats, players: int):
    """Side of each seat: 0 for N-S, 1 for E-W; two-player 0 for N, 1 for S (int array in, int array out)."""
    seats = np.asarray(seats)
    return seats // 2 if players == 2 else seats % 2


def in_play_mask(players: int) -> int:
    """Bitmask of the seats dealt in: all four, or N and S in two-player euchre."""
    return 0b1111 if players == 4 else 0b0101


def bidding_order(dealer: int, players: int) -> list:
    """The seats in the order they bid, the dealer last."""
    if players == 2:
        return [partner(dealer), dealer]
    return [(dealer + i) % 4 for i in (1, 2, 3, 4)]


def place_after_dealer(seat: int, dealer: int, players: int) -> int:
    """0 for the dealer, 1 left of it, 2 its partner, 3 right of it; two-player: 1 the non-dealer."""
    return 1 if (players == 2 and seat != dealer) else (seat - dealer) % 4


__all__ = ["partner", "side_of", "in_play_mask", "bidding_order", "place_after_dealer"]
