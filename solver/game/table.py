"""The game to 10, :class:`Game`: hands dealt in turn, the deal passing left, until a side reaches
``Rules.winning_score`` (or ``Rules.num_deals`` hands are over).

>>> import random
>>> g, rng = Game(Rules(), dealer="N"), random.Random(1)
>>> while not g.is_over:
...     _ = g.deal(rng=rng) if g.phase is Phase.DEAL else g.apply(rng.choice(g.legal_actions()))
>>> max(g.scores) >= 10 and g.winner == g.scores.index(max(g.scores))
True
>>> [str(h.dealer) for h in g.hands[:5]]
['N', 'E', 'S', 'W', 'N']
"""
from __future__ import annotations

from ..cards import Seat
from ..errors import EuchreError, IllegalActionError, ScoreError, quoted
from ..laws import game_over, next_seat
from ..rules import Rules
from .actions import Phase
from .deal import DealCards
from .hand import Hand
from .history import Dealt, Record

__all__ = ["Game"]


class Game:
    """A game: hands dealt in turn (the deal passing left) until a side reaches
    ``Rules.winning_score`` or ``Rules.num_deals`` hands have been dealt.

    Args:
        rules: the :class:`~solver.rules.Rules`.
        dealer: the first hand's dealer.
        scores: the starting score per side index ``(side0, side1)`` (EGN ``initialScore``).

    The game is also one state object: :meth:`legal_actions`, :meth:`apply` and
    :meth:`undo` act on the current hand, and applying a :class:`DealCards` when
    no hand is under way starts the next one. :attr:`hands` lists the hands.

    Raises :class:`~solver.errors.CardError` on a bad dealer, :class:`~solver.errors.ScoreError` on a bad score.
    """

    def __init__(self, rules: Rules | None = None, dealer=Seat.N, scores=(0, 0)):
        self._rules = rules if rules is not None else Rules()
        Hand(self._rules, dealer)                     # validates the dealer
        self._first_dealer = Seat.parse(dealer)
        if (len(tuple(scores)) != 2 or any(isinstance(s, bool) or not isinstance(s, int) for s in scores)):
            raise ScoreError(f"scores {quoted(scores)}: expected two whole numbers (side 0, side 1)")
        self._initial = tuple(scores)
        self._hands: list = []

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def hands(self) -> list:
        """The hands so far (a copy of the list; the :class:`Hand` objects are live)."""
        return list(self._hands)

    @property
    def initial_scores(self) -> tuple:
        return self._initial

    @property
    def current(self) -> Hand | None:
        """The last hand started, or ``None``."""
        return self._hands[-1] if self._hands else None

    @property
    def scores(self) -> tuple:
        """Points per side index ``(side0, side1)``: the start plus every finished hand."""
        s0, s1 = self._initial
        for h in self._hands:
            if h.result is not None:
                s0 += h.result.points[0]
                s1 += h.result.points[1]
        return (s0, s1)

    def scores_after(self, index: int) -> tuple:
        """Scores after hand ``index`` (0-based) and every hand before it."""
        s0, s1 = self._initial
        for h in self._hands[:index + 1]:
            if h.result is not None:
                s0 += h.result.points[0]
                s1 += h.result.points[1]
        return (s0, s1)

    @property
    def is_over(self) -> bool:
        """True when a side has reached the winning score or the deal limit is used up."""
        return game_over(self._rules, self.scores, sum(1 for h in self._hands if h.is_over))

    @property
    def winner(self) -> int | None:
        """Side index of the winner once :attr:`is_over` (the higher score; ``None`` on a tie)."""
        if not self.is_over:
            return None
        s0, s1 = self.scores
        return None if s0 == s1 else (0 if s0 > s1 else 1)

    @property
    def next_dealer(self) -> Seat:
        """Who deals the next hand, left of the last dealer (in two-player euchre, the other seat)."""
        if not self._hands:
            return self._first_dealer
        return next_seat(self._hands[-1].dealer, self._rules.players)

    def new_hand(self, dealer=None) -> Hand:
        """Start the next hand (``dealer`` defaults to :attr:`next_dealer`; a record may name another).

        Raises :class:`IllegalActionError` while a hand is under way or once the game is over.
        """
        cur = self.current
        if cur is not None and not cur.is_over:
            raise IllegalActionError(f"cannot start a new hand: hand {len(self._hands)} is still under way "
                                     f"({cur.state_text()})")
        if self.is_over:
            s0, s1 = self.scores
            raise IllegalActionError(f"cannot start a new hand: the game is over at {s0}-{s1}")
        hand = Hand(self._rules, self.next_dealer if dealer is None else dealer)
        self._hands.append(hand)
        return hand

    def deal(self, hands=None, upcard=None, kitty=None, rng=None, dealer=None) -> Dealt:
        """Start the next hand and deal it (see :meth:`Hand.deal`)."""
        return self.new_hand(dealer).deal(hands, upcard, kitty, rng)

    @property
    def phase(self) -> Phase:
        cur = self.current
        return Phase.DEAL if cur is None or cur.is_over else cur.phase

    def legal_actions(self) -> list:
        """The current hand's legal actions (empty between hands: deal next)."""
        cur = self.current
        return [] if cur is None else cur.legal_actions()

    def apply(self, action, allow_renege: bool = False) -> Record:
        """Apply ``action`` to the current hand; a :class:`DealCards` between hands starts the next one."""
        cur = self.current
        if isinstance(action, DealCards) and (cur is None or cur.is_over):
            hand = self.new_hand()
            try:
                return hand.apply(action)
            except EuchreError:
                self._hands.pop()
                raise
        if cur is None:
            raise IllegalActionError("cannot act: no hand has been dealt (apply a DealCards)")
        return cur.apply(action, allow_renege)

    def undo(self) -> Record:
        """Take back the last action of the game (dropping a hand whose deal is taken back)."""
        while self._hands and not self._hands[-1].history:
            self._hands.pop()
        if not self._hands:
            raise IllegalActionError("nothing to undo: no action has been applied to this game")
        rec = self._hands[-1].undo()
        if not self._hands[-1].history:
            self._hands.pop()
        return rec
