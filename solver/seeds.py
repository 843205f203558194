"""Every default seed, derived from the question asked, and the review's streams: the one home of both.

A question asked without a seed gets one derived from the question itself: the
same question, however it is spelled and at whichever door it is asked (Python,
``euchre``, ``/v1``), gets the same seed and so the same answer (docs/design.md,
"Results"). Each advisor derives its own when given ``None``:

=======================================  ==========================================
:func:`solver.advise`                    :func:`advice_seed` of the bid question
:func:`solver.advise_play`,              :func:`view_seed` of the seat's view
:func:`solver.advise_defend`,
:func:`solver.lead_table`,
:func:`solver.sample_worlds`
:func:`solver.advise_exchange`           :func:`exchange_seed` of the question
:func:`solver.compare`                   :func:`comparison_seed` of the view
:func:`solver.review_game`               :func:`default_seed` of the record, loaded or not
=======================================  ==========================================

Each decision of a review draws from its own stream, derived from the review's
seed, the deal's index and the decision's index, so a review is the same whatever
order its decisions are reviewed in (``euchre review --jobs``).
"""
from __future__ import annotations

import hashlib
import json
import os

import numpy as np

from .bounds import MAX_SEED, fresh_seed
from .cards import Card, Seat, format_cards, parse_cards
from .errors import EuchreError
from .game.actions import Phase
from .game import Hand
from .records import DummyRecord, EGNGame, dump_egn, read_source
from .rules import Rules


def content_seed(obj) -> int:
    """The default seed for a record or question ``obj`` (JSON types): the first 8 bytes of the
    SHA-256 of its canonical JSON, ``json.dumps(obj, sort_keys=True, separators=(",", ":"),
    ensure_ascii=True)``, read as a big-endian integer and halved (0 <= seed < 2**63). Layout
    and member order do not count; any other change of content gives another seed."""
    canon = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")
    return int.from_bytes(hashlib.sha256(canon).digest()[:8], "big") >> 1


def _norm(parse, value):
    """``parse(value)``, or ``value`` as given when it does not parse (the advisor then says what is wrong)."""
    try:
        return parse(value)
    except (EuchreError, TypeError, ValueError):
        return value if isinstance(value, (str, int, float, bool, type(None))) else repr(value)


def exchange_seed(hand, upcard, seat, dealer, rules) -> int:
    """The default seed of the exchange advice (:func:`solver.advise_exchange`, ``euchre exchange``,
    ``POST /v1/exchange``): :func:`content_seed` of the parsed question ``{"exchange": the hand's cards in card
    order, "upcard", "seat", "dealer", "rules": Rules.to_dict()}``, so the same question, however it is spelled
    (text or a list, any card order), gets the same answer. Input that does not parse is left as given."""
    rules = Rules.coerce(rules)
    return content_seed({
        "exchange": _norm(lambda h: " ".join(str(c) for c in sorted(parse_cards(h, what="hand"))), hand),
        "upcard": _norm(lambda u: str(Card(u) if isinstance(u, int) and not isinstance(u, bool) else Card.parse(u)),
                        upcard),
        "seat": _norm(lambda t: str(Seat.parse(t)), seat), "dealer": _norm(lambda t: str(Seat.parse(t)), dealer),
        "rules": rules.to_dict()})


def advice_seed(hand, upcard, seat, dealer, round, rules, dummies=None) -> int:
    """The default seed of bid advice (:func:`solver.advise`, ``euchre advise``, ``POST /v1/advise``):
    :func:`content_seed` of the question ``{"hand": [cards in card order], "upcard", "seat", "dealer", "round",
    "rules": Rules.to_dict(), "dummies": the text with its spaces collapsed, or None}``, so the same question,
    however it is spelled, gets the same answer at every door. Input that does not parse is left as given."""
    return content_seed({
        "hand": _norm(lambda t: [str(c) for c in sorted(parse_cards(t))], hand),
        "upcard": _norm(lambda t: str(Card.parse(t)), upcard),
        "seat": _norm(lambda t: str(Seat.parse(t)), seat),
        "dealer": _norm(lambda t: str(Seat.parse(t)), dealer),
        "round": round, "rules": Rules.coerce(rules).to_dict(),
        "dummies": None if dummies is None else " ".join(str(dummies).split())})


def view_seed(view) -> int:
    """The default seed of play, defence and lead advice (:func:`solver.advise_play`, :func:`solver.advise_defend`,
    :func:`solver.lead_table`; ``euchre play``/``defend``/``lead``, ``POST /v1/play``/``defend``/``lead``):
    :func:`content_seed` of the view as :meth:`~solver.game.SeatView.to_dict` writes it (cards in card order,
    calls as tokens), so the same question, however it is spelled, gets the same answer at every door."""
    return content_seed(view.to_dict())


def comparison_seed(view) -> int:
    """The default seed of a comparison of two actions (:func:`solver.compare`, ``euchre compare``,
    ``POST /v1/compare``): the seed the advice of that view takes by default, so the comparison reads the
    advice's own worlds: :func:`advice_seed` of the bid question for a seat to bid, :func:`view_seed` for a
    seat to play."""
    if view.phase in (Phase.BID1, Phase.BID2):
        rules = view.rules
        dummies = (f"N:{format_cards(view.dummies[0])} S:{format_cards(view.dummies[2])}" if rules.dummy_hands
                   else None)
        return advice_seed(format_cards(view.hand), str(Card(int(view.upcard))), str(view.seat), str(view.dealer),
                           1 if view.phase is Phase.BID1 else 2, rules, dummies)
    return view_seed(view)


def default_seed(source) -> int:
    """The default seed of a review (:func:`solver.review_game`, ``euchre review``, ``POST /v1/review``).

    :func:`content_seed` of the record: given as a path, text, bytes or parsed JSON, of its JSON as given; a
    loaded record (:class:`~solver.EGNGame`, :class:`~solver.DummyRecord`), of :meth:`to_dict`, the record as
    the reader keeps it (the same seed as its file's whenever the reader keeps every member of the file, as it
    does for most: ``initialLead`` is one it drops); a :class:`~solver.game.Hand`, of the EGN record
    :func:`~solver.dump_egn` writes for it. A fresh seed (recorded in the review) only for a hand EGN cannot
    hold (two-player dummy hands).
    """
    if isinstance(source, (str, bytes, dict, os.PathLike)):
        return content_seed(read_source(source)[1])
    if isinstance(source, (EGNGame, DummyRecord)):
        return content_seed(source.to_dict())
    if isinstance(source, Hand):
        try:
            return content_seed(json.loads(dump_egn(source)))
        except EuchreError:
            pass
    return fresh_seed()


def record_seed(seed: int | None, sha256: str, record) -> int:
    """The seed a corpus review (:func:`solver.review_corpus`) reviews one record with.

    ``seed`` the run's seed, ``sha256`` the hex SHA-256 of the record file's bytes, ``record``
    its parsed JSON. With a run seed: 0 <= int < 2**63 from ``SeedSequence([seed, the digest's
    four 64-bit words])``, so each record (and, through :func:`decision_stream`, each of its
    deals and decisions) has its own streams whatever order the deals are done in. Without one
    (``None``): :func:`content_seed` of the record, the seed ``euchre review FILE`` uses, so
    each line is that review's deal.

    >>> record_seed(1, "00" * 32, {}) == record_seed(1, "00" * 32, {"other": 1})
    True
    >>> record_seed(None, "00" * 32, {}) == content_seed({})
    True
    """
    if seed is None:
        return content_seed(record)
    words = [int(sha256[i:i + 16], 16) for i in range(0, 64, 16)]
    return int(np.random.SeedSequence([int(seed), *words]).generate_state(1, np.uint64)[0] % (MAX_SEED + 1))


def decision_stream(seed: int, deal: int, step: int) -> np.random.Generator:
    """The random stream of decision ``step`` (its index in the hand's history) of deal ``deal``."""
    return np.random.default_rng(np.random.SeedSequence([seed, deal, step]))


def decision_seed(seed: int, deal: int, step: int) -> int:
    """The same decision's stream as one int seed (0 <= seed < 2**63), for :func:`solver.advise`."""
    return int(np.random.SeedSequence([seed, deal, step]).generate_state(1, np.uint64)[0] % (MAX_SEED + 1))


__all__ = ["content_seed", "advice_seed", "exchange_seed", "view_seed", "comparison_seed", "default_seed", "record_seed",
           "decision_stream", "decision_seed"]
