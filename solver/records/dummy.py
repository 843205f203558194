"""The dummy-hands record: a JSON game record for two-player euchre with dummy hands.

Why a format of its own
-----------------------
EGN 1.4 (:mod:`solver.records.egn`) has no field for dummy hands, and its schema
(``solver/data/egn-schema-v1.json``) sets ``additionalProperties: false`` on
every object (the file, ``metadata``, ``ruleset``, each deal, ``initialState``,
each phase), so an extension key such as ``"x-dummyHands"`` would make the file
invalid EGN. A dummy-hands game is therefore written as a separate file type,
the *Euchre Dummy-Hands Record* 1.0, validated by its own schema
``solver/data/dummy-hands-record-v1.json``. Plain EGN files and
:func:`~solver.records.egn.load_egn` are unchanged (``load_egn`` only points a
dummy-hands record here instead of failing on its ``fileType``).

The layout follows EGN so that it reads the same way: seats 0 (N) and 1 (S),
EGN card tokens (``9c`` ... ``As``, ``B`` for the joker; the canonical
spelling only), EGN call tokens, tricks in play order from their leader::

    {
      "fileType": "Euchre Dummy-Hands Record",
      "version": "1.0",
      "metadata": {
        "title": "...",                                   # optional: gameId, title, description, date
        "players": ["North", "South"],                    # seat 0, seat 1
        "initialScore": [0, 0], "finalScore": [2, 2],     # finalScore optional, checked
        "ruleset": {"std": false, "winning_score": 10,    # required
                    "num_deals": 0, "joker": false}       # optional
      },
      "deals": [{
        "dealNumber": 0,
        "initialState": {
          "dealer": 1, "upCard": "9h",
          "playerCards": [["Jh", "Jd", "Ah", "Kh", "Qh"], ["9c", "Tc", "Qc", "Kc", "Ac"]],
          "dummyCards":  [["9s", "Ts", "Qs", "Ks", "9d"], ["As", "Td", "Qd", "Kd", "Ad"]]
        },
        "phases": [
          {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"], "discard": "9c"},
          {"phaseNumber": 1, "type": "TRICK_PLAY", "hands": "personal",
           "tricks": [["Jh", "9h"], ["Jd", "Tc"], ["Ah", "Qc"], ["Kh", "Kc"], ["Qh", "Ac"]]},
          {"phaseNumber": 2, "type": "TRICK_PLAY", "hands": "dummy",
           "tricks": [["Ks", "As"], ["Ad", "9d"], ["Kd", "9s"], ["Qd", "Ts"], ["Td", "Qs"]]}
        ]
      }]
    }

* ``playerCards`` are the personal hands as dealt (before the dealer picks the
  upcard up), ``dummyCards`` the face-up dummies; both are required (the
  dummies are public, and with every hand known the kitty is the rest of the pack).
* ``calls`` start with the non-dealer: round 1 ``Pass``/``Order``, round 2
  ``Pass`` or a suit. ``discard`` is required once the upcard is ordered up and
  play follows: the dealer picks up into the personal hand (see
  :mod:`solver.game`) and discards face down.
* Phase 1 (``"hands": "personal"``) holds tricks 1-5, phase 2
  (``"hands": "dummy"``) tricks 6-10; the non-dealer leads the first trick of
  each, the winner of a trick leads the next. A record may stop early (the
  deal is then ``"incomplete"``, and only its last trick may hold one card).
* Each set of five is scored as a hand; a deal scores the sum.

Reading (:func:`load_dummy_record`): JSON, the schema, then every deal is
replayed through :class:`solver.game.Hand` with full legality checks. A renege
is kept and reported (:class:`~solver.records.base.Problem`, as for EGN), as is a
``finalScore`` that differs from the replay; anything else the rules do not
allow is a :class:`DummyRecordError` naming the deal and the place. Writing
(:func:`dump_dummy_record`) takes a loaded :class:`DummyRecord`, a
:class:`~solver.game.Game` or a :class:`~solver.game.Hand` and validates the
output against the schema; load → dump → load gives the same record.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field

from jsonschema.exceptions import best_match

from ..cards import Card, Seat, Suit, cards_of, trump_of
from ..errors import DummyRecordError, EGNError, RecordError, EuchreError, RulesError, plural, quoted
from ..deprecation import renamed
from ..game import BidMade, DealCards, Discarded, Game, Hand, Kind, Phase, SuitNamed
from ..laws import pack_mask
from ..rules import Rules
from .base import (DATA_DIR, DUMMY_FILE_TYPE, EGN_FILE_TYPE, DealError, GameRecord, call_action, json_path_text,
                   json_type_name, play_card, read_source, replay_deals, schema_error_text, schema_validator,
                   check_indent)

__all__ = ["load_dummy_record", "dump_dummy_record", "DummyRecord", "DummyDeal", "DummyRecordError", "RecordError",
           "FILE_TYPE", "VERSION", "SCHEMA_PATH"]

FILE_TYPE = DUMMY_FILE_TYPE
VERSION = "1.0"
SCHEMA_PATH = DATA_DIR / "dummy-hands-record-v1.json"
_PHASE_HANDS = ("personal", "dummy")


@dataclass
class DummyDeal:
    """One deal of a dummy-hands record, replayed.

    Attributes:
        number: its ``dealNumber``; dealer: the dealer :class:`~solver.cards.Seat`.
        hand: the replayed :class:`~solver.game.Hand` (views, positions, results of both sets).
        status: ``"complete"``, ``"incomplete"`` (the record stops early) or ``"thrown_in"``.
        problems: :class:`~solver.records.base.Problem` s (reneges).
        score_before, score_after: the game score ``(N, S)`` before and after the deal.
    """

    number: int
    dealer: Seat
    hand: Hand
    status: str = "incomplete"
    problems: list = field(default_factory=list)
    score_before: tuple = (0, 0)
    score_after: tuple = (0, 0)

    @property
    def result(self):
        """The deal's :class:`~solver.game.HandResult` (both sets summed), or ``None``."""
        return self.hand.result

    def summary(self) -> str:
        """One line, e.g. ``"deal 0: S dealt, upcard 9h; N ordered up hearts: personal N 5 (N +2),
        dummies N 0 (S +2), 2-2"``."""
        h = self.hand
        head = f"deal {self.number}: {self.dealer} dealt, upcard {h.upcard}"
        if h.trump is None:
            return f"{head}; {'thrown in' if self.status == 'thrown_in' else 'incomplete (no contract)'}"
        how = ("picked up" if h.maker == h.dealer else "ordered up") if h.picked_up else "called"
        text = f"{head}; {h.maker} {how} {trump_of(h.trump).word}"
        parts = []
        for name, r in zip(("personal", "dummies"), h.phase_results):
            scorer = 0 if r.points[0] else 1
            parts.append(f"{name} {h.maker} {r.makers_tricks} ({Seat(2 * scorer)} +{r.points[scorer]})")
        if self.status != "complete":
            parts.append(f"incomplete after {len(h.tricks)} trick{'' if len(h.tricks) == 1 else 's'}")
        else:
            parts.append(f"{self.score_after[0]}-{self.score_after[1]}")
        return f"{text}: " + ", ".join(parts)


@dataclass
class DummyRecord(GameRecord):
    """A loaded dummy-hands record.

    Attributes:
        metadata: the ``metadata`` object as read; rules: its :class:`~solver.rules.Rules`
            (``players=2, dummy_hands=True``).
        deals: the :class:`DummyDeal` s in file order.
        initial_score: ``(N, S)``; recorded_final_score: ``metadata.finalScore`` or ``None``.
        problems: every :class:`~solver.records.base.Problem` (reneges, a final score that differs).
        source: the file path, or ``"<text>"`` / ``"<data>"``.
    """

    metadata: dict
    rules: Rules
    deals: list
    initial_score: tuple
    recorded_final_score: tuple | None
    problems: list
    source: str = "<text>"

    def to_dict(self) -> dict:
        """The record as JSON data (what :func:`dump_dummy_record` writes)."""
        meta = copy.deepcopy(self.metadata)
        return _file_json(meta, [d.hand for d in self.deals], [d.number for d in self.deals])

    to_json = renamed(to_dict, "DummyRecord.to_json", "DummyRecord.to_dict")


# -- reading -------------------------------------------------------------------------------
def load_dummy_record(source, strict: bool = False) -> DummyRecord:
    """Read, validate and replay a dummy-hands record.

    Args:
        source: a path (``str`` or :class:`os.PathLike`), the JSON text, ``bytes``, or a parsed ``dict``.
        strict: raise :class:`DummyRecordError` at the first problem (a renege, a final score
            that differs) instead of collecting it.

    Returns: a :class:`DummyRecord`.

    Raises:
        DummyRecordError (a :class:`~solver.errors.RecordError`, not an :class:`~solver.errors.EGNError`): bad JSON, a schema failure
            (naming the field), bad rules, or a deal that does not replay (naming the deal
            and the place: call, discard, trick and card).

    >>> from solver import Rules
    >>> from solver.game import Hand
    >>> hand = Hand.from_deal("N:Jd Jh Qh Kh Ah S:9c Tc Qc Kc Ac | N:9d 9s Ts Qs Ks S:Td Qd Kd Ad As",
    ...                       upcard="9h", dealer="S", rules=Rules(players=2, dummy_hands=True))
    >>> for action in ["order", "discard 9c", "Jh", "9h"]:
    ...     _ = hand.apply(action)
    >>> record = load_dummy_record(dump_dummy_record(hand))
    >>> record.deals[0].summary()
    'deal 0: S dealt, upcard 9h; N ordered up hearts: incomplete after 1 trick'
    """
    try:
        name, data = read_source(source)
    except EGNError as exc:
        raise DummyRecordError(str(exc)) from None
    _validate(data, name)
    meta = data["metadata"]
    rules = _rules(meta["ruleset"], name)
    init = tuple(meta["initialScore"])
    final = meta.get("finalScore")
    record = DummyRecord(meta, rules, [], init, None if final is None else tuple(final), [], name)

    def replay(index: int, raw: dict) -> DummyDeal:
        try:
            return _replay(raw, rules)
        except (DealError, EuchreError) as exc:
            raise DummyRecordError(f"{name}: deal {raw['dealNumber']} (deals[{index}]): {exc}") from None

    replay_deals(record, data["deals"], replay, strict, DummyRecordError)
    return record


def _validate(data, name: str) -> None:
    if not isinstance(data, dict):
        raise DummyRecordError(f"{name}: a dummy-hands record is a JSON object, got {json_type_name(data)}")
    if data.get("fileType") == EGN_FILE_TYPE:
        raise DummyRecordError(f"{name}: this is an EGN file, not a dummy-hands record: read it with "
                          "solver.load_egn")
    error = best_match(schema_validator(SCHEMA_PATH).iter_errors(data))
    if error is None:
        return
    where = json_path_text(list(error.absolute_path))
    if error.validator == "pattern" and isinstance(error.instance, str):
        raise DummyRecordError(f"{name}: {where}: card {quoted(error.instance)} does not exist (a card is a rank "
                          "9 T J Q K A and a suit c d h s, or B for the joker)")
    raise DummyRecordError(f"{name}: {where}: {schema_error_text(error, 'the dummy-hands record schema')}")


def _rules(ruleset: dict, name: str) -> Rules:
    try:
        return Rules(players=2, dummy_hands=True, stick_the_dealer=ruleset["std"],
                     winning_score=ruleset["winning_score"], num_deals=ruleset.get("num_deals", 0),
                     joker=ruleset.get("joker", False))
    except RulesError as exc:
        raise DummyRecordError(f"{name}: metadata.ruleset: {exc}") from None


def _seat(n: int) -> Seat:
    return Seat(2 * n)


def _card(token: str, rules: Rules, where: str) -> Card:
    card = Card.parse(token)
    if card.is_joker and not rules.joker:
        raise DealError(f"{where}: card B (the joker) is not in this game's pack (ruleset joker is false)")
    return card


def _replay(raw: dict, rules: Rules) -> DummyDeal:
    """One deal: the cards dealt, then every call, the discard and every card applied to the hand."""
    hand = _dealt(raw["initialState"], rules)
    deal = DummyDeal(raw["dealNumber"], hand.dealer, hand)
    bidding, plays = _phases(raw["phases"])
    _bid(hand, bidding or {}, rules)
    if hand.phase is Phase.DONE:
        if plays:
            raise DealError("thrown in (all passed twice) but tricks are recorded")
        deal.status = "thrown_in"
        return deal
    if hand.phase is not Phase.PLAY:
        if plays.get(1, {}).get("tricks"):
            what = "the dealer's discard" if hand.phase is Phase.DISCARD else "trump to be made"
            raise DealError(f"the trick play is recorded without {what}")
        return deal
    _play(deal, plays, rules)
    deal.status = "complete" if hand.is_over else "incomplete"
    return deal


def _dealt(state: dict, rules: Rules) -> Hand:
    """A hand dealt the record's cards: every card is known (the kitty is the rest of the pack)."""
    hands, dummies = [0, 0, 0, 0], [0, 0, 0, 0]
    for key, out in (("playerCards", hands), ("dummyCards", dummies)):
        for i, tokens in enumerate(state[key]):
            cards = [_card(t, rules, f"initialState.{key}[{i}][{j}]") for j, t in enumerate(tokens)]
            if len(set(cards)) != len(cards):
                raise DealError(f"initialState.{key}[{i}]: a card appears twice")
            out[_seat(i)] = sum(c.mask for c in cards)
    up = _card(state["upCard"], rules, "initialState.upCard")
    if up.is_joker:
        raise DealError("upCard B: a turned-up joker needs the suit the dealer named, which this record "
                        "does not hold")
    kitty = pack_mask(rules) & ~(sum(hands) | sum(dummies) | up.mask)
    hand = Hand(rules, _seat(state["dealer"]))
    try:
        hand.apply(DealCards(tuple(hands), up, kitty, dummies=tuple(dummies)))
    except EuchreError as exc:
        raise DealError(f"initialState: {exc}") from None
    return hand


def _phases(phases: list) -> tuple:
    """``(bidding phase or None, {1: personal-hands phase, 2: dummies phase})``, checking their order."""
    bidding, plays = None, {}
    for k, ph in enumerate(phases):
        if ph["type"] == "EUCHRE_BIDDING":
            if bidding is not None or plays:
                raise DealError(f"phases[{k}]: the bidding phase comes once, before the trick play")
            bidding = ph
            continue
        n = ph["phaseNumber"]
        if ph["hands"] != _PHASE_HANDS[n - 1]:
            raise DealError(f"phases[{k}]: phase {n} is played with the {_PHASE_HANDS[n - 1]} hands, "
                            f"not {quoted(ph['hands'])}")
        if n in plays or (n == 2 and 1 not in plays):
            raise DealError(f"phases[{k}]: trick-play phase {n} out of order (phase 1, the personal "
                            "hands, then phase 2, the dummies)")
        plays[n] = ph
    if plays and bidding is None:
        raise DealError("the trick play has no bidding phase before it")
    return bidding, plays


def _bid(hand: Hand, bidding: dict, rules: Rules) -> None:
    """Apply the calls and the discard; anything the rules do not allow is an error."""
    made_at = None
    for i, tok in enumerate(bidding.get("calls", [])):
        where = f"calls[{i}] {quoted(tok)}"
        if hand.phase not in (Phase.BID1, Phase.BID2):
            why = "all passed twice" if made_at is None else f"trump was made at calls[{made_at}]"
            raise DealError(f"{where}: bidding is over ({why})")
        if hand.phase is Phase.BID1 and tok not in ("Pass", "Order"):
            raise DealError(f"{where} by {hand.to_act}: in round 1 the only call is Order (the upcard {hand.upcard})")
        try:
            hand.apply(call_action(tok, hand))
        except EuchreError as exc:
            raise DealError(f"{where}: {exc}") from None
        if hand.trump is not None and made_at is None:
            made_at = i
    if "discard" in bidding:
        if hand.phase is not Phase.DISCARD:
            raise DealError(f"discard {quoted(bidding['discard'])}: only the dealer who picked the upcard up "
                            "discards")
        card = _card(bidding["discard"], rules, "discard")
        try:
            hand.discard_card(card)
        except EuchreError as exc:
            raise DealError(f"discard: {exc}") from None


def _play(deal: DummyDeal, plays: dict, rules: Rules) -> None:
    """Play tricks 1-5 (the personal hands) and 6-10 (the dummies) card by card; reneges are kept."""
    first = plays.get(1, {}).get("tricks", [])
    second = plays.get(2, {}).get("tricks", [])
    if second and len(first) != 5:
        raise DealError(f"phase 2 (the dummies) is recorded after only {plural(len(first), 'trick')} "
                        "of the personal hands")
    tricks = first + second
    for t, trick in enumerate(tricks, start=1):
        if len(trick) < 2 and t != len(tricks):
            raise DealError(f"trick {t} holds {plural(len(trick), 'card')}; only the record's last trick "
                            "may be unfinished")
        for j, tok in enumerate(trick):
            card = _card(tok, rules, f"trick {t}, card {j + 1}")
            try:
                problem = play_card(deal.hand, card, deal.number, t)
            except EuchreError as exc:
                raise DealError(f"trick {t}, card {j + 1} {quoted(tok)}: {exc}") from None
            if problem is not None:
                deal.problems.append(problem)


# -- writing ---------------------------------------------------------------------------------
def dump_dummy_record(game, indent: int | None = 2, title: str = "Euchre game with dummy hands") -> str:
    """Write a dummy-hands record as JSON text.

    Args:
        game: a :class:`DummyRecord` (written back from its deals, metadata kept), or a
            :class:`~solver.game.Game` / :class:`~solver.game.Hand` played under
            ``Rules(players=2, dummy_hands=True)``.
        indent: JSON indentation (``None``: one line; else an int 0..16, :class:`DummyRecordError` otherwise).
        title: ``metadata.title`` of a new record (Game or Hand).

    Returns: the JSON text, valid against ``dummy-hands-record-v1.json``.

    Raises:
        DummyRecordError: rules other than the dummy-hands variant, options the record has no
            key for, a hand not dealt, a turned-up joker.
    """
    if isinstance(game, DummyRecord):
        data = game.to_dict()
    elif isinstance(game, (Game, Hand)):
        rules = game.rules
        if not rules.dummy_hands:
            raise DummyRecordError("dump_dummy_record: the game is not the dummy-hands variant "
                              "(write it with solver.dump_egn)")
        default = Rules()
        for name in ("march_score", "euchre_score", "loner_march_score", "loner_euchred_score",
                     "dealer_may_discard_upcard"):
            if getattr(rules, name) != getattr(default, name):
                raise DummyRecordError(f"dump_dummy_record: Rules.{name} = {getattr(rules, name)} has no key "
                                  "in the record's ruleset")
        ruleset = {"std": rules.stick_the_dealer, "winning_score": rules.winning_score}
        if rules.num_deals:
            ruleset["num_deals"] = rules.num_deals
        if rules.joker:
            ruleset["joker"] = True
        if isinstance(game, Game):
            hands, initial = game.hands, game.initial_scores
            final = game.scores if game.is_over else None
        else:
            hands, initial, final = [game], (0, 0), None
        meta = {"title": title, "players": ["North", "South"], "initialScore": list(initial), "ruleset": ruleset}
        if final is not None:
            meta["finalScore"] = list(final)
        data = _file_json(meta, hands, list(range(len(hands))))
    else:
        raise DummyRecordError(f"dump_dummy_record: expected a DummyRecord, Game or Hand, got {type(game).__name__}")
    _validate(data, "dump_dummy_record output")
    return json.dumps(data, indent=check_indent(indent, "dump_dummy_record", DummyRecordError), ensure_ascii=False)


def _file_json(meta: dict, hands: list, numbers: list) -> dict:
    return {"fileType": FILE_TYPE, "version": VERSION, "metadata": meta,
            "deals": [_hand_json(h, n) for h, n in zip(hands, numbers)]}


def _hand_json(hand: Hand, number: int) -> dict:
    if hand.phase is Phase.DEAL:
        raise DummyRecordError(f"dump_dummy_record: hand {number} has not been dealt")
    seats = (Seat.N, Seat.S)
    state = {"dealer": int(hand.dealer) // 2, "upCard": str(hand.upcard),
             "playerCards": [[str(c) for c in cards_of(hand.dealt(s))] for s in seats],
             "dummyCards": [[str(c) for c in cards_of(hand.dealt_dummy(s))] for s in seats]}
    bid = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": []}
    for rec in hand.history:
        if isinstance(rec, BidMade):
            a = rec.action
            bid["calls"].append("Pass" if a.kind is Kind.PASS else "Order" if a.kind is Kind.ORDER
                                else a.suit.letter)
        elif isinstance(rec, Discarded):
            if rec.card is None:
                raise DummyRecordError(f"dump_dummy_record: hand {number}: the dealer's discard is not known")
            bid["discard"] = str(rec.card)
        elif isinstance(rec, SuitNamed):
            raise DummyRecordError(f"dump_dummy_record: hand {number}: a turned-up joker's named suit has no field")
    phases = [bid]
    if hand.trump is not None and hand.phase in (Phase.PLAY, Phase.DONE):
        tricks = [[str(c) for c in t.cards] for t in hand.tricks]
        if hand.current_trick:
            tricks.append([str(c) for _s, c in hand.current_trick])
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "hands": "personal", "tricks": tricks[:5]})
        if len(tricks) > 5:
            phases.append({"phaseNumber": 2, "type": "TRICK_PLAY", "hands": "dummy", "tricks": tricks[5:]})
    return {"dealNumber": number, "initialState": state, "phases": phases}
