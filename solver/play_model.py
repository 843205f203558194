"""The play model: the chance of each legal card a seat may play, in a world; and the likelihood of the cards a
seat's view has seen played, world by world (what :func:`solver.sample_worlds` weighs with ``inference="play"``
or ``"both"``).

**The form.** In a world (every hand known) the seat to play has legal cards ``L``; for each card ``c`` of ``L``,
``v_c`` is the tricks its side takes in the hand when it plays ``c`` and the rest is played double dummy
(:mod:`solver.dd_batch`, the trick in progress and the tricks already won counted). The model is a softmax with
one figure, the temperature ``T`` in tricks::

    P(c | world) = exp(v_c / T) / sum over l in L of exp(v_l / T)

A low ``T`` says players almost always play a double-dummy best card; a high one that the values tell little. It
is a stated simplification: a real player chooses from its own view, not the world, but the question the
worlds ask is how likely the card is *in* a world, and that is what the softmax is fitted to.

**The fit** (``benchmarks/tools/fit_play_model.py``, written to ``solver/data/play-model-v1.json`` with its
provenance): maximum likelihood (scipy's bounded scalar minimiser over ``log T``) on every card of the real
games of ``tests/data/egn`` whose player had a choice, each valued in the deal as it was. :func:`fit_temperature`
is the fit, :func:`card_log_likelihood` the function it maximises.

**Flat.** :data:`FLAT` (``temperature=None``) gives every card played the same chance in every world: the play
is then no evidence and the worlds are the auction's alone, bit for bit. (A very high temperature is not
flat: it makes a random legal player, whose chance ``1 / |L|`` of the card played differs between worlds where
the seat could follow with one card and with three.)

**A view's play as evidence** (:func:`play_evidence`, :func:`play_likelihood`): the cards played by the other
seats in play, each at the point where it was played; a world's likelihood is the product over those cards of the
model's chance, with the seat's hand at that point the cards it holds in the world plus those it played since.
The viewer's own cards weigh every world alike and are left out (as its own calls are from the auction's
evidence), as are cards played with no choice in a world. One batch of double-dummy solves values every
candidate card of every decision in every distinct world.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .cards import Card, Seat, Suit, cards_of
from .dd_batch import Batch, after_card
from .errors import IllegalActionError, ModelError, quoted
from .game.actions import Phase
from .game.view import SeatView
from .laws import effective_suit, pack_mask, side_of, suit_cards

__all__ = ["PlayModel", "FLAT", "DEFAULT_PLAY_MODEL", "PLAY_MODEL_PATH", "PLAY_MODEL_NAMES", "MIN_TEMPERATURE",
           "MAX_TEMPERATURE", "load_play_model", "resolve_play_model", "CardDecision", "play_evidence",
           "play_likelihood", "play_log_factors", "likelihood_of_factors", "card_chances", "card_log_likelihood", "fit_temperature"]

#: The shipped model (``benchmarks/tools/fit_play_model.py``).
PLAY_MODEL_PATH = Path(__file__).resolve().parent / "data" / "play-model-v1.json"
#: The range of a temperature, in tricks: below it a softmax is a step (a world whose card was not the best
#: would weigh ``exp(-1/T)``, under float's least), above it the values no longer tell the cards apart.
MIN_TEMPERATURE, MAX_TEMPERATURE = 0.05, 100.0
#: The keys of a play model file.
_KEYS = ("name", "temperature", "provenance")


@dataclass(frozen=True)
class PlayModel:
    """How likely each legal card is in a world (see ``solver.play_model``).

    Attributes:
        name: the model's name (``"players-play-1"``, ``"flat"``).
        temperature: tricks, ``MIN_TEMPERATURE``..:data:`MAX_TEMPERATURE`; ``None`` for the flat model.
        provenance: how the figure was found (data, date, command, cards, log-likelihoods).

    Raises :class:`~solver.errors.ModelError` naming the field: a name that is not 1..100 printable
    characters, a temperature that is not a finite number in range (NaN included).
    """

    name: str
    temperature: float | None
    provenance: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        if not isinstance(self.name, str) or not 1 <= len(self.name) <= 100 or not self.name.isprintable():
            raise ModelError(f"play model name {quoted(self.name, 60)}: 1 to 100 printable characters")
        if not isinstance(self.provenance, dict):
            raise ModelError(f"play model {self.name!r}: provenance {quoted(self.provenance, 40)}: expected an object")
        t = self.temperature
        if t is None:
            return
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t) \
                or not MIN_TEMPERATURE <= t <= MAX_TEMPERATURE:
            raise ModelError(f"play model {self.name!r}: temperature {quoted(t, 40)}: must be a number of tricks "
                             f"from {MIN_TEMPERATURE} to {MAX_TEMPERATURE} (or null for the flat model)")
        object.__setattr__(self, "temperature", float(t))

    @property
    def flat(self) -> bool:
        """Whether the play is no evidence (every world weighs the same)."""
        return self.temperature is None

    def to_dict(self) -> dict:
        return {"name": self.name, "temperature": self.temperature, "provenance": self.provenance}

    @classmethod
    def from_dict(cls, data) -> "PlayModel":
        """The model of a file's JSON. Raises :class:`~solver.errors.ModelError` naming the bad or missing field."""
        if not isinstance(data, dict):
            raise ModelError(f"play model: expected an object with {', '.join(_KEYS)}, got {type(data).__name__}")
        unknown = sorted(set(data) - set(_KEYS))
        if unknown:
            raise ModelError(f"play model: unknown field {quoted(unknown[0])}; the fields are {', '.join(_KEYS)}")
        for key in _KEYS[:2]:
            if key not in data:
                raise ModelError(f"play model: missing field {quoted(key)}")
        return cls(data["name"], data["temperature"], data.get("provenance", {}))

    def chances(self, values: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """float64 (n, k): each legal card's chance; ``values`` float (n, k) tricks for the seat's side, ``legal``
        bool (n, k) (a row needs one legal card at least; illegal cards get 0). Flat: 1 / (legal cards)."""
        return card_chances(values, legal, self.temperature)


#: The play as no evidence (see the module docs).
FLAT = PlayModel("flat", None, {"note": "every card played has the same chance in every world"})


def load_play_model(path=PLAY_MODEL_PATH) -> PlayModel:
    """The model stored at ``path`` (JSON of :meth:`PlayModel.to_dict`). Raises
    :class:`~solver.errors.ModelError` for a file that cannot be read or parsed, or a bad field."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, UnicodeDecodeError) as exc:
        raise ModelError(f"play model file {quoted(str(path))}: cannot be read ({exc.__class__.__name__})") from None
    except json.JSONDecodeError as exc:
        raise ModelError(f"play model file {quoted(str(path))}: not JSON ({exc.msg}, line {exc.lineno})") from None
    return PlayModel.from_dict(data)


#: The model fitted to real players' cards, the default of ``inference="play"`` and ``"both"`` (the flat model
#: only in a checkout whose data file is not yet written).
DEFAULT_PLAY_MODEL = load_play_model() if PLAY_MODEL_PATH.exists() else FLAT
#: The models by name.
PLAY_MODELS = {m.name: m for m in (DEFAULT_PLAY_MODEL, FLAT)}
PLAY_MODEL_NAMES = tuple(PLAY_MODELS)


def resolve_play_model(spec=None) -> PlayModel:
    """A :class:`PlayModel` from ``None`` (:data:`DEFAULT_PLAY_MODEL`), a model, a name of
    :data:`PLAY_MODEL_NAMES`, a number (a temperature, in tricks) or a model file's path.

    Raises :class:`~solver.errors.ModelError`: an unknown name, a bad file, a temperature out of range."""
    if spec is None:
        return DEFAULT_PLAY_MODEL
    if isinstance(spec, PlayModel):
        return spec
    if isinstance(spec, (int, float)) and not isinstance(spec, bool):
        return PlayModel(f"temperature-{spec:g}", spec)
    if isinstance(spec, str) and spec in PLAY_MODELS:
        return PLAY_MODELS[spec]
    if isinstance(spec, (str, Path)) and (str(spec).endswith(".json") or Path(spec).is_file()):
        return load_play_model(spec)
    raise ModelError(f"play model {quoted(spec, 60)}: not a name ({', '.join(PLAY_MODEL_NAMES)}), a temperature "
                     "in tricks, nor a model file")


def card_chances(values, legal, temperature: float | None) -> np.ndarray:
    """float64 (n, k): the softmax of ``values / temperature`` over the ``legal`` cards of each row (0 elsewhere);
    ``temperature`` ``None``: each legal card ``1 / (legal cards)`` (what a random legal player does; the flat
    model's *likelihood* is 1, see :func:`play_likelihood`)."""
    v = np.asarray(values, dtype=float)
    legal = np.asarray(legal, dtype=bool)
    if temperature is None:
        return legal / legal.sum(axis=1, keepdims=True)
    z = np.where(legal, v / temperature, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def card_log_likelihood(temperature: float, values: list, played: list) -> float:
    """The log-likelihood (natural log) of the cards played under the softmax at ``temperature``: ``values`` a
    list of float arrays (each the legal cards' values of one decision, tricks for the player's side),
    ``played`` the index of the card played in each."""
    total = 0.0
    for v, i in zip(values, played):
        z = np.asarray(v, dtype=float) / temperature
        top = z.max()
        total += z[i] - top - math.log(np.exp(z - top).sum())
    return total


def fit_temperature(values: list, played: list) -> tuple:
    """The maximum-likelihood temperature of ``values`` and ``played`` (as ``card_log_likelihood()``),
    ``(temperature, log_likelihood)``: scipy's bounded minimiser of the negative log-likelihood over
    ``log T`` in ``[log MIN_TEMPERATURE, log MAX_TEMPERATURE]``. Raises :class:`~solver.errors.ModelError` with
    no decision of two cards or more."""
    from scipy import optimize

    keep = [(np.asarray(v, dtype=float), i) for v, i in zip(values, played) if len(v) > 1]
    if not keep:
        raise ModelError("play model fit: no card played with a choice of two or more")
    vs, ps = [k[0] for k in keep], [k[1] for k in keep]
    res = optimize.minimize_scalar(lambda lt: -card_log_likelihood(math.exp(lt), vs, ps),
                                   bounds=(math.log(MIN_TEMPERATURE), math.log(MAX_TEMPERATURE)), method="bounded",
                                   options={"xatol": 1e-6})
    t = math.exp(res.x)
    return t, card_log_likelihood(t, vs, ps)


# -- a view's play as evidence ------------------------------------------------------------------
@dataclass(frozen=True)
class CardDecision:
    """A card played by another seat, as the play model's question.

    Attributes:
        seat: who played it; ``card``: the card (index).
        leader: the trick's leader; ``before``, ``before_seats``: the cards on the table then, from the leader.
        won0: side 0's tricks before that trick.
        since: 4 bitmasks: the cards each seat played from this card on (this one included); a seat's hand at
            the time is its hand now in a world plus these.
        led_suit: the effective suit led, or ``None`` when the card led.
    """

    seat: int
    card: int
    leader: int
    before: tuple
    before_seats: tuple
    won0: int
    since: tuple
    led_suit: int | None


def play_evidence(view: SeatView) -> tuple:
    """The cards the other seats in play have played, in play order, as :class:`CardDecision` s (empty before the
    play, and for the dummy-hands variant: see :func:`solver.sample_worlds`).

    Raises :class:`~solver.errors.IllegalActionError` when the view's cards show a renege (a seat that did not
    follow a suit it played later, or the viewer holding one it did not follow): the model gives a renege no
    chance, so the record contradicts it; named by the seat, the card and the trick.
    """
    if view.phase not in (Phase.PLAY, Phase.DONE) or view.rules.dummy_hands:
        return ()
    assert view.trump is not None                     # the play phase: trump is made
    trump, players = int(view.trump), view.rules.players
    plays = []                      # (trick index, position, seat, card, leader, before, before_seats, won0)
    won = [0, 0]
    tricks = [(t.seats, t.cards, t.winner) for t in view.tricks]
    if view.current:
        seats, cards = zip(*view.current)
        tricks.append((seats, cards, None))
    for t, (seats, cards, winner) in enumerate(tricks):
        for i, (s, c) in enumerate(zip(seats, cards)):
            plays.append((t, i, int(s), int(c), int(seats[0]), tuple(int(x) for x in cards[:i]),
                          tuple(int(x) for x in seats[:i]), won[0]))
        if winner is not None:
            won[side_of(int(winner), players)] += 1
    _check_no_renege(view, plays, trump)
    out = []
    since = [0, 0, 0, 0]
    for t, i, s, c, leader, before, before_seats, won0 in reversed(plays):
        since[s] |= 1 << c
        if s == int(view.seat):
            continue
        led = effective_suit(before[0], trump) if before else None
        out.append(CardDecision(s, c, leader, before, before_seats, won0, tuple(since), led))
    return tuple(reversed(out))


def _check_no_renege(view: SeatView, plays: list, trump: int) -> None:
    for k, (t, i, s, c, _leader, before, _bs, _w) in enumerate(plays):
        if not before:
            continue
        led = effective_suit(before[0], trump)
        if effective_suit(c, trump) == led:
            continue
        later = [c2 for (_t, _i, s2, c2, *_rest) in plays[k + 1:] if s2 == s and effective_suit(c2, trump) == led]
        held = suit_cards(view.hand, led, trump) if s == int(view.seat) else 0
        if later or held:
            shown = Card(later[0]) if later else Card(cards_of(held)[0])
            raise IllegalActionError(f"{Seat(s)} played {Card(c)} to trick {t + 1} on a {Suit(led).word} lead and "
                                     f"{'later played' if later else 'still holds'} {shown}: a renege; the play "
                                     "model gives a renege no chance, so the cards cannot be weighed")


def play_likelihood(view: SeatView, hands: np.ndarray, model: PlayModel, evidence=None,
                    threads: int = 1) -> np.ndarray:
    """float64 (n,): each world's likelihood of the cards ``evidence`` (default ``play_evidence()`` of
    ``view``) under ``model``, relative: the likeliest world of ``hands`` gets 1 (a product of many small
    chances stays in float's range; weights are proportional anyway). ``hands``: uint32 (n, 4), each seat's
    cards now (a seat not in play is ignored). The flat model, or no evidence: all 1.

    Cost: one double-dummy solve per distinct world, decision and legal card where the seat had a choice, all
    in one ``solve()`` call on ``threads`` threads.
    """
    return likelihood_of_factors(play_log_factors(view, hands, model, evidence, threads))


def likelihood_of_factors(factors: np.ndarray) -> np.ndarray:
    """float64 (n,): the relative likelihood of the cards whose log chances are ``factors`` (n, k)
    (:func:`play_log_factors`): ``exp`` of each row's sum, the likeliest row 1; all 1 when ``k`` is 0."""
    n, k = factors.shape
    if k == 0 or n == 0:
        return np.ones(n)
    log_lik = np.zeros(n)
    for j in range(k):        # card by card, in play order
        log_lik += factors[:, j]
    return np.exp(log_lik - log_lik.max())


def _unique_rows(rows: np.ndarray) -> tuple:
    """``(unique, inverse)`` of the rows of ``rows`` (uint32 (n, k)), as ``np.unique(rows, axis=0,
    return_inverse=True)`` gives them (sorted by the columns in turn; ``inverse`` int (n,)), about three times
    faster: a sort by ``np.lexsort`` and a mark where each new row starts."""
    order = np.lexsort(rows.T[::-1])
    ranked = rows[order]
    starts = np.ones(len(order), dtype=bool)
    starts[1:] = (ranked[1:] != ranked[:-1]).any(axis=1)
    inverse = np.empty(len(order), dtype=np.int64)
    inverse[order] = np.cumsum(starts) - 1
    return ranked[starts], inverse


def play_log_factors(view: SeatView, hands: np.ndarray, model: PlayModel, evidence=None,
                     threads: int = 1) -> np.ndarray:
    """float64 (n, k): the natural log of the play model's chance of each of the ``k`` cards of ``evidence``
    (default ``play_evidence()`` of ``view``) in each world of ``hands`` (uint32 (n, 4)); 0 where the seat had
    no choice. Their sum over a row is the log of the world's play likelihood (:func:`play_likelihood`), and one
    column says how much one card told. The flat model, or no evidence: ``(n, 0)``."""
    hands = np.asarray(hands, dtype=np.uint32)
    n = hands.shape[0]
    evidence = play_evidence(view) if evidence is None else evidence
    if model.flat or not evidence or n == 0:
        return np.zeros((n, 0))
    assert view.trump is not None                     # the play phase: trump is made
    trump, players = int(view.trump), view.rules.players
    in_play = tuple(int(s) for s in view.seats_in_play)
    now = hands.copy()
    for s in range(4):
        if s not in in_play:
            now[:, s] = 0
    pack = pack_mask(view.rules)
    suit_masks = [np.uint32(suit_cards(pack, u, trump)) for u in range(4)]
    batch = Batch(trump, sum(1 << s for s in in_play), players)
    pending = []
    for d in evidence:
        at = now | np.array(d.since, dtype=np.uint32)
        uniq, inverse = _unique_rows(at)
        own = uniq[:, d.seat]
        if d.led_suit is None:
            legal = own
        else:
            follow = own & suit_masks[d.led_suit]
            legal = np.where(follow != 0, follow, own)
        choice = np.bitwise_count(legal) > 1
        blocks = []
        if choice.any():
            union = int(np.bitwise_or.reduce(legal[choice]))
            for c in cards_of(union):
                rows = np.nonzero(choice & ((legal & np.uint32(1 << c)) != 0))[0]
                after = after_card(uniq[rows], d.seat, c, d.leader, d.before, d.before_seats, trump, len(in_play),
                                   d.won0, players)
                blocks.append((c, rows, batch.add(*after)))
        pending.append((d, inverse, len(uniq), choice, blocks))
    solved = batch.solve(threads)
    temperature = model.temperature
    log_lik = np.zeros((n, len(evidence)))
    for k, (d, inverse, m, choice, blocks) in enumerate(pending):
        if not blocks:
            continue
        sign = 1.0 if side_of(d.seat, players) == 0 else -1.0     # side 0's tricks, turned to the seat's side
        z = np.full((m, len(blocks)), -np.inf)
        mine = None
        for j, (c, rows, b) in enumerate(blocks):
            z[rows, j] = sign * solved[b] / temperature
            if c == d.card:
                mine = j
        rows = np.nonzero(choice)[0]
        zr = z[rows]
        top = zr.max(axis=1)
        per = np.zeros(m)
        per[rows] = zr[:, mine] - top - np.log(np.exp(zr - top[:, None]).sum(axis=1))
        log_lik[:, k] = per[inverse]
    return log_lik
