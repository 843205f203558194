"""The advisor's results: :class:`Option` (one call and its figures) and :class:`Advice` (the answer).

Both are frozen dataclasses with ``to_dict()`` (plain JSON types); ``str(advice)``
is the table of :func:`solver.render.advice_text`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .. import laws
from ..bidding import POLICY, BiddingModel, BiddingPolicy
from ..cards import Card, Seat, Suit, format_cards
from ..errors import IllegalActionError
from ..render import advice_text
from ..rules import Rules
from ..worlds import Worlds
from .valuation import assumption, valuation_strategy
from ..grades import Grade


@dataclass(frozen=True)
class Option:
    """One call open to the seat, with its figures over the worlds.

    Attributes:
        action: ``"pass"``, ``"order"`` (order up / assist / pick it up) or ``"call"`` (round 2).
        trump: the trump :class:`Suit` the call makes (``None`` for pass).
        alone: the seat goes alone.
        discard: the dealer's discard when the seat is the dealer picking up (the best one).
        p_make, p_march, p_euchred: chances (see ``solver.advisor``), each with a
            95% Wilson interval ``*_interval`` ``(low, high)``.
        expected_points: mean points for the seat's side; ``points_interval`` its 95% interval.
        worlds: worlds used; exact: the worlds are every possible deal.
        outcomes: ``{points: chance}`` for the seat's side (e.g. ``{-2: 0.1, 1: 0.6, 2: 0.3}``).
        discards: for a dealer's pickup, every discard tried: ``{card: {"expected_points",
            "points_interval", "worlds", "screened_out"}}`` (see ``solver.advisor.auction.best_discard()``:
            a discard clearly worse on the first worlds is not played on the rest).
        auction: for a pass, who ends up naming trump: ``{"N": p, ..., "thrown_in": p}``.
        seat, dealer: for naming the call (``"assist"``, ``"pick it up"``).
        world_points: array (n,): the seat's side's points in each world, in the order
            of :attr:`Advice.drawn` (for paired comparisons; not in :meth:`to_dict`); int,
            or float when the auction after a pass is followed with every call's chance (its
            expectation in that world). Average it with :attr:`Advice.weights` when those are set.
        phases: dummy hands only (else ``None``): the figures of each set of five tricks
            on its own, ``({"hands": "personal", ...}, {"hands": "dummy", ...})``, each with
            ``p_make``, ``p_march``, ``p_euchred``, ``expected_points`` and their intervals.
            The option's own figures are for the whole hand (see ``solver.advisor``).
        p_win_game: advising with a score (else ``None``): the chance that the seat's side wins the
            game after this hand (see :func:`solver.advisor.advise`); ``p_win_game_interval`` its
            95% interval (Student t over sampled worlds, clipped to 0..1; the value when exact).
        world_wins: with a score, float array (n,): that chance in each world, as ``world_points``
            (not in :meth:`to_dict`).
        grading: the option's :class:`~solver.grades.Grade` against the recommended call (its
            paired loss over the worlds both used: the chance of the game with a score, else points);
            grade (property) its name, ``"best"`` for the recommended call and those that tie it.
        examples: asked for (``advise(examples=N)``) and not among the best: the worlds that show it
            (``solver.examples.call_examples()``: the shares of the weight where it scores fewer, the
            same or more points than the recommended call, the likeliest worlds where fewer); else ``None``.
        stopped: stopped early (sampled worlds, ``advise(early_stop=True)``): clearly behind the leading
            call after its first ``worlds`` worlds, so not played on the rest; every figure (and
            ``world_points``, of length ``worlds``) is over those first worlds, an unbiased sample of
            the same deals, with the textbook intervals at that count.
    """

    action: str
    trump: Suit | None
    alone: bool
    discard: Card | None
    p_make: float
    p_march: float
    p_euchred: float
    expected_points: float
    p_make_interval: tuple
    p_march_interval: tuple
    p_euchred_interval: tuple
    points_interval: tuple
    worlds: int
    exact: bool
    outcomes: dict = field(default_factory=dict)
    discards: dict | None = None
    auction: dict | None = None
    seat: Seat | None = field(default=None, compare=False)
    dealer: Seat | None = field(default=None, compare=False)
    players: int = field(default=4, compare=False)
    world_points: np.ndarray | None = field(default=None, repr=False, compare=False)
    phases: tuple | None = None
    p_win_game: float | None = None
    p_win_game_interval: tuple | None = None
    world_wins: np.ndarray | None = field(default=None, repr=False, compare=False)
    stopped: bool = False
    grading: Grade | None = None
    examples: dict | None = field(default=None, compare=False)

    @property
    def grade(self) -> str | None:
        """``"best"`` ... ``"blunder"``, ``"unclear"`` (``solver.grades``), or ``None``."""
        return None if self.grading is None else self.grading.grade

    @property
    def call(self) -> str:
        """The call as a short token accepted by ``advise(calls=...)``: ``order alone``, ``call h``, ``pass``."""
        return laws.call_token(self.action, self.trump, self.alone)

    @property
    def name(self) -> str:
        """The call in words (``pass``, ``order up``, ``assist``, ``pick it up``, ``call hearts``, ``... alone``)."""
        return laws.call_name(self.action, self.trump, self.seat, self.dealer, self.players, self.alone, self.discard)

    def to_dict(self) -> dict:
        return {
            "call": self.call,
            "name": self.name,
            "action": self.action,
            "trump": None if self.trump is None else self.trump.letter,
            "alone": self.alone,
            "discard": None if self.discard is None else str(self.discard),
            "p_make": self.p_make,
            "p_make_interval": list(self.p_make_interval),
            "p_march": self.p_march,
            "p_march_interval": list(self.p_march_interval),
            "p_euchred": self.p_euchred,
            "p_euchred_interval": list(self.p_euchred_interval),
            "expected_points": self.expected_points,
            "points_interval": list(self.points_interval),
            "worlds": self.worlds,
            "exact": self.exact,
            "stopped": self.stopped,
            "outcomes": {str(k): v for k, v in sorted(self.outcomes.items())},
            "discards": None if self.discards is None else {str(k): v for k, v in self.discards.items()},
            "auction": None if self.auction is None else dict(self.auction),
            **({} if self.phases is None else {"phases": [dict(p) for p in self.phases]}),
            **({} if self.p_win_game is None else {"p_win_game": self.p_win_game,
                                                   "p_win_game_interval": list(self.p_win_game_interval)}),
            **({} if self.grading is None else {"grade": self.grade, "grading": self.grading.to_dict()}),
        }


@dataclass(frozen=True)
class Advice:
    """The advisor's answer for one decision (see ``solver.advisor`` for what the numbers mean).

    Attributes:
        options: one :class:`Option` per legal call (pass first, then the calls by
            suit, each without then with going alone).
        recommended: the option with the highest expected points (with a ``score``: the highest
            :attr:`Option.p_win_game`, ties by expected points).
        margin: its lead in expected points (with a ``score``: in the chance of winning the game)
            over the next best option;
            ``margin_interval`` a 95% interval for that difference (paired over the
            same worlds).
        worlds: worlds used; exact: every possible deal was used; placements: how
            many deals are consistent with what the seat knows.
        hand, upcard, seat, dealer, round, rules, seed: the question asked.
        policy: the deterministic :class:`BiddingPolicy` of the later seats, or ``None`` when
            they bid by ``model``; own_round2: how the seat's own round-2 turn after a
            round-1 pass is played.
        drawn: the :class:`~solver.worlds.Worlds` used (not in :meth:`to_dict`).
        dummies: dummy hands: the two face-up dummies ``(N's cards, S's cards)``; else ``None``.
        model: the :class:`~solver.bidding.BiddingModel` of the later seats and of the
            inference (``None`` with dummy hands, which the model does not cover).
        bidding: how the other seats were modelled and what the earlier passes did to the
            worlds: ``{"later_seats": "model" | "policy" | "agents" (a rollout), "model", "policy", "auction",
            "inference", "evidence" (the passes used), "proposals" (uniform deals drawn, the
            rejection envelope's pilot included, or enumerated), "kept" (proposals the rejection step
            kept; the last batch may overshoot), "accepted" (the worlds used), "acceptance"
            (``kept / proposals``), "effective_worlds" (:func:`solver.inference.effective_worlds` of the
            weights), "max_proposals", "bound_hit" (too few kept within ``max_proposals``: importance
            weights instead, :func:`solver.inference.draw_worlds`)}``.
        variants: the same options under a cautious and an aggressive variant of the model
            (``model.shifted(+d)``, ``shifted(-d)``) and under every other named model (role
            ``"alternative"``, delta 0), on the same worlds re-weighted by each
            variant's likelihood: ``({"role", "delta", "model", "recommended",
            "recommended_name", "expected_points": {call: points}, "effective_worlds"}, ...)``;
            empty when the later seats bid by a policy.
        robust: ``True`` when every variant recommends the same call, ``False`` when the best
            call depends on the model, ``None`` when not checked.
        weights: float (n,) weights of the worlds (enumerated worlds under inference: their
            likelihood; sampled ones: the rejection draw's weights when some world weighs other than 1, the
            importance weights at the bound), ``None`` when every world weighs 1 (not in :meth:`to_dict`).
        score: the game's score before the hand, ``{"NS": 8, "EW": 6}``, when advising by the
            chance of winning the game; ``None`` (by points).
        early_stop: options were judged sequentially (sampled worlds): one clearly behind the leading
            call at a look was stopped there (:attr:`Option.stopped`, its ``worlds``); the margin is then
            paired over the worlds both calls used.
        valuation: how each world's play after the call was valued (``solver.advisor.valuation``):
            ``"single_dummy"`` (fitted), ``"double_dummy"`` or ``"playout"``; ``inner_worlds``: the playout's
            worlds a decision (the direct playout's, or those of the playouts the fitted model was fitted on).
        examples: the examples asked for per option (``advise(examples=N)``, 0: none); when set,
            :meth:`to_dict` gives every option an ``"examples"`` member (``null`` for the best).

    ``str(advice)`` is a table for people; :meth:`to_dict` the same for programs
    (plain JSON types; ``"version": 1`` names this layout, which only grows).

    Double dummy: every player is assumed to play as if all cards were visible,
    which flatters the side that can use that knowledge; compare options with
    each other rather than reading one figure as the chance at the table.
    """

    hand: tuple
    upcard: Card
    seat: Seat
    dealer: Seat
    round: int
    rules: Rules
    options: tuple
    recommended: Option
    margin: float
    margin_interval: tuple
    worlds: int
    exact: bool
    placements: int
    seed: int | None
    policy: BiddingPolicy | None = POLICY
    own_round2: str = "best"
    drawn: Worlds | None = field(default=None, repr=False, compare=False)
    dummies: tuple | None = None
    model: BiddingModel | None = None
    bidding: dict | None = None
    variants: tuple = ()
    robust: bool | None = None
    weights: np.ndarray | None = field(default=None, repr=False, compare=False)
    score: dict | None = None
    early_stop: bool = False
    valuation: str = "double_dummy"
    inner_worlds: int = 20
    examples: int = 0
    named_suit: Suit | None = None       # a turned-up joker: the suit the dealer named

    @property
    def proposed(self) -> int:
        """The suit the upcard proposed (for a turned-up joker, the suit the dealer named)."""
        return int(self.named_suit) if self.named_suit is not None else int(self.upcard) % 4

    @property
    def valuation_text(self) -> str:
        """In words, how each world's play was valued and what that assumes of the seats' play."""
        return assumption(self.valuation, self.inner_worlds)

    def option(self, call: str) -> Option:
        """The option for a call token (``"pass"``, ``"order alone"``, ``"call h"``)."""
        for o in self.options:
            if o.call == call:
                return o
        raise IllegalActionError(f"call {call!r}: not among this advice's options "
                                 f"({', '.join(o.call for o in self.options)})")

    def to_dict(self) -> dict:
        out = {
            "version": 1,
            "hand": format_cards(self.hand),
            "upcard": str(self.upcard),
            "seat": str(self.seat),
            "dealer": str(self.dealer),
            "round": self.round,
            "turned_down": str(Suit(self.proposed).letter) if self.round == 2 else None,
            **({"named_suit": Suit(self.named_suit).letter} if self.named_suit is not None else {}),
            "rules": self.rules.to_dict(),
            "worlds": self.worlds,
            "exact": self.exact,
            "placements": self.placements,
            "seed": self.seed,
            "method": {
                "play": valuation_strategy(self.valuation).play_words(self.inner_worlds),
                "worlds": (("deals consistent with the seat's hand and the upcard, weighted by the chance of the "
                            "earlier passes under the bidding model" + (" (exact weights)" if self.exact else
                                                                        " (rejection sampling)"))
                           if self.bidding and self.bidding["inference"] and self.bidding["evidence"] else
                           "uniform over deals consistent with the seat's hand and the upcard; no earlier pass "
                           "(the first to speak)" if self.bidding and self.bidding["inference"] else
                           "uniform over deals consistent with the seat's hand and the upcard; "
                           "earlier passes not used"),
                "policy": None if self.policy is None else self.policy.to_dict(),
                "model": None if self.model is None else self.model.to_dict(),
                "dealer_discard": "keep trumps and aces; throw a lone plain card, else the lowest plain card",
                "own_round2": self.own_round2,
                "intervals": "95%: Wilson for chances, Student t for points; paired for the margin",
                "early_stop": ("sequential: every call on the first 1/8 of the worlds, and on the first 1/2 "
                               "when a call there trails by over 1.645 standard errors; a call whose paired "
                               "difference from the leading call is below zero by more than 3.29 standard "
                               "errors stops there (stopped, its worlds); the others use every world"
                               if self.early_stop else "off: every call on every world"),
            },
            "valuation": self.valuation,
            "options": [o.to_dict() for o in self.options],
            "early_stop": self.early_stop,
            "recommended": self.recommended.call,
            "margin": self.margin,
            "margin_interval": list(self.margin_interval),
            "bidding": None if self.bidding is None else dict(self.bidding),
            "robust": self.robust,
            "variants": [dict(v) for v in self.variants],
        }
        if self.examples:
            out["examples"] = self.examples
            for od, o in zip(out["options"], self.options):
                od["examples"] = o.examples
        if self.score is not None:
            out["score"] = dict(self.score)
            out["margin_unit"] = "p_win_game"
            out["method"]["p_win_game"] = (
                "the chance that the seat's side wins the game after this hand: each world's points to a side "
                "(a thrown-in hand scores nothing), then solver.win_probability from the new score with the "
                "deal passed to the dealer's left (both sides bidding by the bidding model, hands independent); "
                "the recommendation and the margin are by it")
        if self.dummies is not None:
            out["dummies"] = {"N": format_cards(self.dummies[0]), "S": format_cards(self.dummies[1])}
            out["method"]["worlds"] = ("every placement of the unseen cards (the opponent's personal hand and the "
                                       "kitty's face-down cards) consistent with the seat's hand, both face-up "
                                       "dummies and the upcard; earlier passes not used")
            out["method"]["dummy_hands"] = {
                "points": "both sets of five summed: tricks 1-5 with the personal hands, tricks 6-10 with the "
                          "dummies (double dummy, the non-dealer leading, the same in every world)",
                "p_make": "names trump and is euchred in neither set; p_march: takes all ten; "
                          "p_euchred: names trump and is euchred in at least one set",
                "dealer_discard": "from the dealer's six personal cards only; the dummy is not touched",
                "policy": "adds dummy_weight x the dummies' set's points (bidder as maker) to each suit's count",
                "dummy_weight": self.policy.dummy_weight,
            }
        return out

    def __str__(self) -> str:
        return advice_text(self)



__all__ = ["Option", "Advice"]
