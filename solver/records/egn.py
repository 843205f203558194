"""EGN (Euchre Game Notation) 1.0 to 1.5: read, replay through the rules engine, write.

EGN is JSON (NextSuit-Labs/euchre-game-notation, Apache-2.0; the schema and its
licence ship in ``solver/data/``). A file is ``{"fileType", "version", "metadata",
"deals"}``; each deal records the dealer, the upcard, the calls, whether the
maker went alone, sometimes the dealer's discard and the dealt hands, and the
tricks. Each trick array lists its cards *in play order from the trick's
leader*; who led is not written down but follows from the rules: left of the
dealer (or per ``loner_lead``) for the first trick, the winner of the previous
trick after that. :func:`load_egn` replays every deal through
:mod:`solver.game`, so the contract, the seats in play, the seat of every card,
each trick's winner and the score all come from the one rules engine.

Reading (:func:`load_egn`):

1. Strict JSON in UTF-8 (:func:`~solver.records.base.read_source`: no ``NaN``/``Infinity``,
   no key twice in an object, at most :data:`~solver.records.base.MAX_DEPTH` levels), then
   files of the old 1.0/1.1 layout (``player_cards``, ``kitty``, ``initialLead``, ...) are
   upgraded the way the EGN project's own ``egn-upgrade`` does (snake_case keys to camelCase;
   ``kitty`` and ``initialLead`` dropped from the output, but a stated first leader is
   checked against the rules and known kitty cards are used).
2. The version: 1.2 to 1.5 as they are (1.5 changed only ``metadata.date``, which may be a date
   alone or empty), the 1.0/1.1 layout upgraded; another version is refused naming it (and what
   1.6 adds), as is a phase without ``phaseNumber`` (optional only from 1.6). Then the JSON schema
   (``jsonschema``, draft 7). A failure names the field (an unknown one: "not in EGN 1.5", and the
   version that added it when known) and quotes at most a few hundred characters of the input.
3. ``metadata.ruleset`` → :meth:`Rules.from_egn <solver.rules.Rules.from_egn>`.
4. Each deal: the tokens become actions of a :class:`~solver.game.Hand` and are
   applied in order, with full legality checks. The hands must be dealt before
   the first call, and EGN names a card's player only by its place in the
   trick, so the calls and alone decisions are first applied to a hand dealt
   with every card unknown: it says who made trump, who sits out, who leads
   and (with :func:`solver.laws.trick_seats` and :func:`solver.laws.trick_winner`)
   who played each card. The dealt hands are then the cards each seat plays,
   plus ``playerCards`` when given, the upcard and the discard when recorded
   (or when it can only have been the upcard); a loner's partner's hand and
   the kitty stay unknown. With ``upCard`` ``B`` (a turned-up joker) the first call is the suit
   the dealer named (``NAMED_SUIT_TOKENS``: EGN has no field for it, so this project writes
   it there and reads it back; a record without it is refused naming ``calls[0]``). Once the record breaks a rule, what follows is
   kept for writing back but not replayed.

What is an error and what is a finding:

* :class:`~solver.errors.EGNError` (a :class:`~solver.errors.EuchreError`),
  naming the deal and the place: malformed JSON; a schema failure (the field
  path); a card that does not exist in the game's pack (or notation the
  reader does not take: unknown ``Xx``, generic suits ``t n g``); a card
  played twice; too many cards in a trick; an unknown call (``n`` no-trump,
  ``x``); a call after the bidding is over; a discard with nobody ordering up,
  a loner with no contract, a deal that records play after all passed.
* :class:`~solver.records.base.Problem` (kept in :attr:`EGNGame.problems` and
  on each deal): a renege (deal, trick, card, seat: the card is kept so the
  record replays on); any other rule the record breaks (``"illegal"``: a call,
  discard or alone decision the rules do not allow, a card the seat cannot
  hold such as the upcard played by a non-dealer; the replay of that deal
  stops there and it is not scored); a
  recorded discard the play contradicts; a replayed score that differs from
  ``metadata.finalScore``; a dealer out of turn; a deal after the game was
  already won; a legacy ``initialLead`` that contradicts the rules.
  ``strict=True`` raises :class:`EGNError` at the first.
* Deal status: ``"complete"``, ``"incomplete"`` (the record stops early: no
  score), ``"thrown_in"`` (all passed twice), ``"illegal"`` (see above).

Layout: this module reads and replays; the format's constants, legacy upgrade and schema check are
:mod:`solver.records.egn_format`'s, the loaded record's model :mod:`solver.records.egn_model`'s and writing
:mod:`solver.records.egn_write`'s. Their public names are re-exported here, so ``solver.records.egn.dump_egn``
and the others keep working.

Writing (:func:`dump_egn`): an :class:`EGNGame` is written back from its model
(the parsed deals plus the annotations, alternative lines and spellings kept
from the file), so load → dump gives equivalent JSON (legacy files come back in
the 1.4 layout). A :class:`~solver.game.Game` or :class:`~solver.game.Hand`
from the engine is written as a new EGN record with every dealt hand in
``playerCards``. The output is validated against the schema.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from ..cards import Card, Seat, mask_of
from ..errors import EGNError, EuchreError, IllegalActionError, RulesError, plural, quoted
from ..game import KEEP, Action, DealCards, Hand, Phase
from ..laws import (FARMERS_MASK, KITTY_EXCHANGE_CARDS, TRICKS, check_kitty_exchange, game_over, next_seat, popcount,
                    trick_seats, trick_winner)
from ..rules import Rules
from .base import (DUMMY_FILE_TYPE, DealError, Problem, call_action, play_card, read_source, read_text,
                   replay_deals)
from .egn_format import (EGN_LATEST, EGN_VERSION, FILE_TYPE, LEGACY_VERSION, NAMED_SUIT_TOKENS, SCHEMA_PATH,
                         card_token, check_version, egn_seat, seat_egn, upgrade_legacy, validate_egn)
from .egn_model import EGNDeal, EGNGame, EGNWritten
from .egn_write import dump_egn

# re-exported from the format, model and writer modules (see Layout above): the old import paths stay
__all__ = ["load_egn", "loads_egn", "dump_egn", "EGNGame", "EGNDeal", "EGNWritten", "SCHEMA_PATH", "EGN_VERSION",
           "FILE_TYPE"]



# -- reading -------------------------------------------------------------------------------
def load_egn(source, strict: bool = False) -> EGNGame:
    """Read, validate and replay an EGN record from a file (for its text, :func:`loads_egn`).

    Args:
        source: a path (``str`` or :class:`os.PathLike`) to a ``.egn`` file, or an already parsed ``dict``.
            Still taken, as before :func:`loads_egn`: the JSON text itself or ``bytes`` (a ``str`` is read as
            text when it looks like JSON: it starts with ``{`` or ``[``, holds a line break or is 4,096
            characters or longer; otherwise as a path).
        strict: raise :class:`EGNError` at the first :class:`~solver.records.base.Problem` (a renege, a final-score
            mismatch, ...) instead of collecting it.

    Returns: an :class:`EGNGame`.

    Raises:
        EGNError: a file that cannot be read, text that is not UTF-8 or not strict JSON (see
            ``read_source()``), a version other than 1.0 to 1.5 (naming it),
            a schema failure (naming the field; an unknown field by name), an unsupported ruleset, or a deal that does not replay (naming the deal and the place:
            trick, card, call).

    A deal with only the calls and the tricks: who played each card, the hands as dealt and
    the score come from the replay.

    >>> game = loads_egn('''{"fileType": "Euchre Game Notation", "version": "1.4",
    ...   "metadata": {"players": ["Ann", "Bob", "Cy", "Di"], "initialScore": [0, 0]},
    ...   "deals": [{"dealNumber": 0, "initialState": {"dealer": 2, "upCard": "9h"},
    ...     "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"]},
    ...                {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [
    ...                  ["Tc", "9c", "Td", "9h"], ["Js", "Jc", "9s", "Jd"], ["Qd", "Qs", "Qh", "Jh"],
    ...                  ["Kh", "Kd", "Ks", "Kc"], ["Ah", "Ad", "As", "Ac"]]}]}]}''')
    >>> deal = game.deals[0]
    >>> deal.summary()
    'deal 0: S dealt, upcard 9h; W ordered up hearts: EW 1 trick, NS +2 (2-0)'
    >>> [" ".join(map(str, seats)) for seats in deal.trick_seats]
    ['W N E S', 'S W N E', 'E S W N', 'N E S W', 'N E S W']
    >>> " ".join(map(str, deal.start_hands()[Seat.N])), game.final_score
    ('9c 9s Jh Kh Ah', (2, 0))
    """
    return _load_egn(*read_source(source), strict)


def loads_egn(text, strict: bool = False) -> EGNGame:
    """Read, validate and replay an EGN record given as its text: as :func:`load_egn`, but ``text`` (``str``,
    or UTF-8 ``bytes``) is always the JSON itself, never a path, however short.

    Raises :class:`EGNError` for text of another type (naming it), and as :func:`load_egn` for what it holds.
    """
    return _load_egn(*read_text(text), strict)


def _load_egn(name: str, data, strict: bool) -> EGNGame:
    """The record ``data`` (parsed JSON, read from ``name``) validated and replayed: :func:`load_egn`'s work."""
    if isinstance(data, dict) and data.get("fileType") == DUMMY_FILE_TYPE:
        raise EGNError(f"{name}: a dummy-hands record (two-player euchre with dummy hands), not EGN: "
                       "read it with solver.load_dummy_record")
    upgraded_from = None
    if isinstance(data, dict) and isinstance(data.get("version"), str) and LEGACY_VERSION.match(data["version"]):
        upgraded_from = data["version"]
        data, legacy = upgrade_legacy(data)
    else:
        legacy = {}
        check_version(data, name)
    validate_egn(data, name)
    meta = data["metadata"]
    try:
        rules = Rules.from_egn(meta.get("ruleset"))
    except RulesError as exc:
        raise EGNError(f"{name}: metadata.ruleset: {exc}") from None
    init = meta["initialScore"]
    if len(init) != 2:
        raise EGNError(f"{name}: metadata.initialScore: expected two team scores, got {quoted(init)}")
    if any(isinstance(x, (int, float)) and not isinstance(x, bool) and x < 0 for x in init):
        raise EGNError(f"{name}: metadata.initialScore {quoted(init)}: a score is never below 0 "
                       "(the rules give no negative points)")
    final = meta.get("finalScore")
    if final is not None and len(final) != 2:
        raise EGNError(f"{name}: metadata.finalScore: expected two team scores, got {quoted(final)}")
    game = EGNGame(version=data["version"] if upgraded_from is None else EGN_VERSION, metadata=meta,
                   rules=rules, deals=[], initial_score=tuple(init),
                   recorded_final_score=None if final is None else tuple(final), problems=[], source=name,
                   upgraded_from=upgraded_from)

    def replay(index: int, raw) -> EGNDeal:
        if isinstance(raw, str):
            raise EGNError(f"{name}: deals[{index}]: a condensed (bit-packed) deal; this reader takes "
                           "expanded deals only (convert with egn-convert)")
        try:
            return _replay(raw, index, rules, legacy.get(index, {}))
        except (DealError, EuchreError) as exc:
            raise EGNError(f"{name}: deal {raw['dealNumber']} (deals[{index}]): {exc}") from None

    replay_deals(game, data["deals"], replay, strict, EGNError, partial(_place_in_game, rules))
    return game


def _place_in_game(rules: Rules, deal: EGNDeal, previous: EGNDeal, index: int) -> list:
    """Findings about a deal's place in the game: the deal passes left; no deal after the game is won."""
    out = []
    expected = next_seat(previous.dealer, rules.players)
    if deal.dealer != expected:
        out.append(Problem("dealer", deal.number, f"deal {deal.number}: {deal.dealer} deals, but the deal passes "
                                                  f"left: {expected} should deal after {previous.dealer}"))
    if game_over(rules, deal.score_before, index):
        out.append(Problem("after_game", deal.number, f"deal {deal.number}: recorded after the game ended at "
                                                      f"{deal.score_before[0]}-{deal.score_before[1]}"))
    return out


def _spelled_card(written: EGNWritten, place: tuple, token, rules: Rules, where: str, trump=None) -> Card:
    """:func:`card_token`, keeping a token that is not the card's canonical spelling for writing back."""
    card = card_token(token, rules, where, trump)
    if token != str(card):
        written.spellings[place] = token
    return card


# -- replaying a deal ----------------------------------------------------------------------------------
# A deal is read in one pass over its tokens, each applied to a Hand as it comes. Only the dealt hands
# need the play before the deal: EGN writes who played a card by its place in the trick, so a first
# hand, dealt with every card unknown, runs the auction and says who made trump, who sits out and who
# leads; the kernel then gives each trick card its seat (trick_seats, trick_winner), the hands are dealt
# as far as the record shows them, and the deal is replayed card by card.
@dataclass(frozen=True)
class _Stop:
    """Where a deal breaks a rule other than a renege: its replay stops there (an ``"illegal"`` finding)."""

    where: str
    error: IllegalActionError
    trick: int | None = None
    card: Card | None = None
    seat: Seat | None = None


def _replay(raw: dict, index: int, rules: Rules, legacy: dict) -> EGNDeal:
    deal, bidding, play = _read_deal(raw, index, rules)
    auction = _dealt(rules, deal.dealer, _unknown_deal(rules, deal.upcard))
    stop = _auction(auction, deal, None)
    deal.hand_alone = auction.alone
    _read_discard(deal, bidding, auction.trump, rules)
    seat_of = _read_tricks(deal, play, auction, stop, rules)
    _check_contract(deal, auction, stop)
    cards, notes = _deal_cards(deal, auction, seat_of, legacy, rules)
    _replay_hand(deal, cards, notes, legacy, rules)
    return deal


def _read_deal(raw: dict, index: int, rules: Rules) -> tuple:
    """``(deal, bidding phase, trick-play phase)``: the deal's tokens read into an :class:`EGNDeal`,
    not yet replayed (no ``hand``, ``tricks`` or ``discard``)."""
    state = raw["initialState"]
    written = EGNWritten(raw)
    dealer = egn_seat(state["dealer"], rules, "initialState.dealer")
    upcard = _spelled_card(written, ("up",), state["upCard"], rules, "initialState.upCard")
    bidding, play = _phases(raw["phases"], written)
    written.alone_in_play = play is not None and bool(play.get("isAlone"))
    alone = written.alone_in_play or (bidding is not None and bool(bidding.get("isAlone", False)))
    lone = bidding.get("aloneDefender") if bidding is not None else None
    alone_defender = None if lone is None or lone == -1 else egn_seat(lone, rules, "aloneDefender")
    deal = EGNDeal(index=index, number=raw["dealNumber"], dealer=dealer, upcard=upcard,
                   calls=list(bidding["calls"]) if bidding is not None else None, alone=alone,
                   alone_defender=alone_defender, discard=None, tricks=None,
                   player_cards=_player_cards(state, rules, written), written=written)
    deal.exchanges, deal.kitty_exchange = _read_exchanges(bidding, rules)
    if deal.kitty_exchange is not None and upcard in deal.kitty_exchange[2]:
        raise DealError(f"cardExchanges[{deal.kitty_exchange[4]}]: {upcard} is the upcard, not in "
                        f"{deal.kitty_exchange[0]}'s hand")
    if deal.kitty_exchange is not None and deal.player_cards is not None:
        taker, kind, given, _received, k = deal.kitty_exchange
        dealt = deal.player_cards[taker]
        if dealt and len(dealt) == TRICKS:
            try:
                check_kitty_exchange(kind, mask_of(given), mask_of(dealt), rules, taker)
            except IllegalActionError as exc:
                raise DealError(f"cardExchanges[{k}]: {exc} (playerCards[{seat_egn(taker, rules)}], the hand "
                                "as dealt)") from None
    return deal, bidding, play


def _is_kitty(entry: dict, rules: Rules) -> bool:
    """A ``cardExchanges`` entry with the kitty (seat ``num_players``; a card from no sender is the kitty's)."""
    return entry.get("sender", rules.players) == rules.players or entry.get("receiver") == rules.players


def _read_kitty_exchange(entries: list, rules: Rules) -> tuple | None:
    """``(taker, kind, given, received, index of the first entry)`` from the kitty's ``cardExchanges``
    entries ``[(k, entry)]``, or ``None`` without any. Raises :class:`DealError` naming the entry."""
    if not entries:
        return None
    k0 = entries[0][0]
    if not rules.kitty_exchange:
        raise DealError(f"cardExchanges[{k0}]: an exchange with the kitty (seat {rules.players}), but the "
                        "ruleset has neither farmers nor go_under")
    given = received = None
    taker = None
    for k, entry in entries:
        where = f"cardExchanges[{k}]"
        to_kitty = entry.get("receiver") == rules.players
        if to_kitty and entry.get("sender", rules.players) == rules.players:
            raise DealError(f"{where}: from the kitty to the kitty")
        seat = egn_seat(entry["sender"] if to_kitty else entry["receiver"], rules,
                         f"{where}.{'sender' if to_kitty else 'receiver'}")
        cards = [card_token(tok, rules, f"{where}.cards[{j}]") for j, tok in enumerate(entry["cards"])]
        if len(cards) != KITTY_EXCHANGE_CARDS or len(set(cards)) != len(cards):
            raise DealError(f"{where}: {plural(len(set(cards)), 'different card')}; a kitty exchange moves "
                            f"{KITTY_EXCHANGE_CARDS} each way")
        if taker is not None and seat != taker and to_kitty != taker_to_kitty:
            under, back = (seat, taker) if to_kitty else (taker, seat)
            raise DealError(f"{where}: the kitty's cards go back to the seat that put three under ({under}), "
                            f"not {back}")
        if taker is not None and seat != taker:
            raise DealError(f"{where}: a second kitty exchange ({seat}; {taker} already took one): at most one "
                            "a deal")
        if taker is None:
            taker_to_kitty = to_kitty
        taker = seat
        if (given if to_kitty else received) is not None:
            what = f"{seat}'s cards to the kitty" if to_kitty else f"the kitty's cards to {seat}"
            raise DealError(f"{where}: {what} a second time (at most one kitty exchange a deal)")
        if to_kitty:
            given = cards
        else:
            received = cards
    if given is None or received is None:
        missing = (f"the three cards to the kitty (sender {seat_egn(taker, rules)}, receiver {rules.players})"
                   if given is None else
                   f"the kitty's three cards (sender {rules.players}, receiver {seat_egn(taker, rules)})")
        raise DealError(f"cardExchanges[{k0}]: a kitty exchange needs both entries; {missing} is missing")
    clash = set(given) & set(received)
    if clash:
        raise DealError(f"cardExchanges[{k0}]: {' '.join(map(str, sorted(clash)))} both given to and taken "
                        "from the kitty")
    shown = not mask_of(given) & ~FARMERS_MASK
    kind = "farmers" if rules.farmers and shown else "go_under"
    if kind == "go_under" and not rules.go_under:
        odd = " ".join(str(c) for c in sorted(given) if c.mask & ~FARMERS_MASK)
        raise DealError(f"cardExchanges[{k0}]: {odd}: a farmer's hand shows three nines or tens (the ruleset has "
                        "farmers, not go_under)")
    return taker, kind, tuple(sorted(given)), tuple(sorted(received)), k0


def _read_exchanges(bidding: dict | None, rules: Rules) -> tuple:
    """The bidding phase's ``cardExchanges``: ``([(sender, receiver, card), ...] of call for best, the kitty
    exchange or None)`` (:func:`_read_kitty_exchange`); an exchange the ruleset does not play is refused."""
    entries = (bidding or {}).get("cardExchanges") or []
    for k, entry in enumerate(entries):
        for key in ("sender", "receiver"):
            n = entry.get(key)
            if (n is not None or key == "receiver") and (
                    not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= rules.players):
                raise DealError(f"cardExchanges[{k}].{key} {quoted(n)}: not a seat 0-{rules.players - 1} nor the "
                                f"kitty ({rules.players})")
    kitty = [(k, e) for k, e in enumerate(entries) if _is_kitty(e, rules)]
    between = [(k, e) for k, e in enumerate(entries) if not _is_kitty(e, rules)]
    exchange = _read_kitty_exchange(kitty, rules)
    if between and not rules.partners_best:
        raise DealError(f"cardExchanges[{between[0][0]}]: the record passes cards between seats, but its ruleset "
                        "has no partners_best (call for best)")
    out = []
    for k, entry in between:
        where = f"cardExchanges[{k}]"
        sender = entry.get("sender")
        if sender is None:
            raise DealError(f"{where}: no sender; under partners_best the loner's partner passes to the loner")
        sender = egn_seat(sender, rules, f"{where}.sender")
        receiver = egn_seat(entry["receiver"], rules, f"{where}.receiver")
        cards = [card_token(tok, rules, f"{where}.cards[{j}]") for j, tok in enumerate(entry["cards"])]
        if len(cards) != 1:
            raise DealError(f"{where}: {plural(len(cards), 'card')}; under partners_best one card is passed")
        out.append((sender, receiver, cards[0]))
    if len(out) > 2:
        raise DealError(f"cardExchanges: {len(out)} entries; call for best has the partner's card and the "
                        "loner's discard")
    return out, exchange


def _exchange_cards(deal: EGNDeal, loner: Seat) -> _Stop | None:
    """Set ``deal.best_card`` and ``deal.loner_discard`` from the exchanges read, now that the loner is known."""
    deal.best_card = deal.loner_discard = None
    partner = loner.partner
    for k, (sender, receiver, card) in enumerate(deal.exchanges):
        if (sender, receiver) == (partner, loner) and deal.best_card is None:
            deal.best_card = card
        elif (sender, receiver) == (loner, partner) and deal.loner_discard is None:
            deal.loner_discard = card
        else:
            raise DealError(f"cardExchanges[{k}]: from {sender} to {receiver}; under partners_best the loner "
                            f"{loner}'s partner {partner} passes it a card (sender {partner}, receiver {loner}) "
                            f"and the loner's discard is written sender {loner}, receiver {partner}")
    return None


def _phases(phases: list, written: EGNWritten) -> tuple:
    """``(bidding phase or None, trick-play phase or None)``: at most one of each, bidding first."""
    bidding = play = None
    for k, ph in enumerate(phases):
        if ph["type"] == "EUCHRE_BIDDING":
            if bidding is not None:
                raise DealError(f"phases[{k}]: a second bidding phase")
            if play is not None:
                raise DealError(f"phases[{k}]: the bidding phase comes after the trick play")
            bidding = ph
        else:
            if play is not None:
                raise DealError(f"phases[{k}]: a second trick-play phase")
            play = ph
        written.phases.append((ph["type"], ph["phaseNumber"]))
    return bidding, play


def _player_cards(state: dict, rules: Rules, written: EGNWritten) -> tuple | None:
    """``initialState.playerCards`` per seat N E S W (``None`` where not given), or ``None``."""
    if "playerCards" not in state:
        return None
    hands = state["playerCards"]
    if len(hands) > rules.players:
        raise DealError(f"initialState.playerCards: {len(hands)} hands for {rules.players} players")
    out = [None, None, None, None]
    for i, tokens in enumerate(hands):
        seat = egn_seat(i, rules, "playerCards seat")
        if not tokens:
            continue
        cards = [_spelled_card(written, ("pc", i, j), tok, rules, f"initialState.playerCards[{i}][{j}]")
                 for j, tok in enumerate(tokens)]
        if len(set(cards)) != len(cards):
            raise DealError(f"initialState.playerCards[{i}]: a card appears twice")
        if len(cards) > TRICKS:
            raise DealError(f"initialState.playerCards[{i}]: {plural(len(cards), 'card')}, a hand has {TRICKS}")
        out[seat] = cards
    return tuple(out)


def _dealt(rules: Rules, dealer: Seat, cards: DealCards) -> Hand:
    hand = Hand(rules, dealer)
    hand.apply(cards)
    return hand


def _unknown_deal(rules: Rules, upcard: Card) -> DealCards:
    """A deal in which only the upcard is known."""
    unknown = tuple(TRICKS if s in rules.seats else 0 for s in range(4))
    return DealCards((0, 0, 0, 0), upcard, 0, unknown, rules.kitty_size - 1)


def _auction(hand: Hand, deal: EGNDeal, discard: Card | None) -> _Stop | None:
    """Apply the calls, the dealer's discard (``None``: a card the record does not show) and the
    alone decisions to ``hand``. Returns where a rule is broken, else ``None``; raises
    :class:`DealError` for what cannot be read as a game (a call after the bidding is over, an
    unknown call)."""
    stop = _apply_exchange(hand, deal)
    if stop is None:
        stop = _apply_calls(hand, deal.calls or [])
    if stop is not None or hand.trump is None:
        return stop
    if hand.phase is Phase.DISCARD:
        try:
            hand.apply(Action.discard(discard))
        except IllegalActionError as exc:
            return _Stop("discard", exc, card=discard, seat=hand.dealer)
    if hand.phase is Phase.ALONE:
        hand.apply(Action.go_alone(deal.alone))
    elif deal.alone:
        return _Stop("isAlone", IllegalActionError(f"{hand.maker} cannot go alone: there is no going alone in "
                                                   "two-player euchre"), seat=hand.maker)
    if deal.exchanges and hand.alone is None:
        raise DealError("cardExchanges: a card is passed, but nobody goes alone (call for best is a loner's)")
    if hand.phase is Phase.GIVE:
        _exchange_cards(deal, hand.alone)
        if deal.best_card is None and not hand.unknown_cards(hand.to_act):
            return _Stop("cardExchanges", IllegalActionError(
                f"the record shows every card of {hand.to_act}'s hand but not the card it passed the loner "
                f"{hand.alone} (call for best): give it in cardExchanges"), seat=hand.to_act)
        for what, card in (("cardExchanges (the partner's card)", deal.best_card),
                           ("cardExchanges (the loner's discard)", deal.loner_discard)):
            seat = hand.to_act
            if card is None and hand.phase is Phase.LONER_DISCARD and not hand.unknown_cards(seat):
                return _Stop(what, IllegalActionError(
                    f"the record shows every card of the loner {seat}'s six but not its discard after the "
                    f"exchange (call for best): give it in cardExchanges (sender {seat}, receiver "
                    f"{seat.partner})"), seat=seat)
            try:
                hand.apply(Action.give(card) if hand.phase is Phase.GIVE else Action.discard(card))
            except IllegalActionError as exc:
                return _Stop(what, exc, card=card, seat=seat)
    while hand.phase is Phase.DEFEND_ALONE:
        hand.apply(Action.defend_alone(hand.to_act == deal.alone_defender))
    lone = deal.alone_defender
    if lone is not None and hand.defender_alone != lone:
        why = ("only a defender against a loner may defend alone" if hand.rules.defend_alone
               else "the ruleset does not allow defending alone")
        return _Stop("aloneDefender", IllegalActionError(f"{lone} cannot defend alone: {why}"), seat=lone)
    return None


def _apply_exchange(hand: Hand, deal: EGNDeal) -> _Stop | None:
    """The kitty exchange phase (``farmers`` / ``go_under``): each seat asked keeps its hand but the recorded
    taker, who takes its exchange."""
    exchange = deal.kitty_exchange
    while hand.phase is Phase.EXCHANGE:
        seat = hand.to_act
        action = KEEP
        if exchange is not None and seat == exchange[0]:
            action = Action.kitty_exchange(exchange[1], exchange[2])
        try:
            hand.apply(action)
        except IllegalActionError as exc:
            return _Stop(f"cardExchanges[{exchange[4]}]" if exchange else "cardExchanges", exc, seat=seat)
    if exchange is not None and hand.exchange_taker is None:
        why = "its hand as dealt qualifies for no exchange under the ruleset"
        return _Stop(f"cardExchanges[{exchange[4]}]", IllegalActionError(
            f"{exchange[0]} cannot take the kitty exchange: {why}"), seat=exchange[0])
    return None


def _apply_calls(hand: Hand, calls: list) -> _Stop | None:
    made_at = None
    for i, tok in enumerate(calls):
        where = f"calls[{i}] {quoted(tok)}"
        if made_at is not None:
            raise DealError(f"{where}: trump was already made at calls[{made_at}]")
        if hand.phase is Phase.DONE:
            raise DealError(f"{where}: bidding has at most {2 * len(hand.rules.seats)} calls")
        if hand.phase is Phase.NAME_SUIT and tok not in NAMED_SUIT_TOKENS:
            raise DealError(f"{where}: with upCard B the first call is the suit the dealer named for the "
                            "turned-up joker (c, d, h or s)")
        if tok == "x" or (tok == "n" and not hand.rules.allow_no_trump):
            what = "a no-trump call needs ruleset allow_no_trump" if tok == "n" else "an unknown call"
            raise DealError(f"{where} by {hand.to_act}: unknown call ({what})")
        seat = hand.to_act
        try:
            hand.apply(call_action(tok, hand))
        except IllegalActionError as exc:
            return _Stop(where, exc, seat=seat)
        if hand.trump is not None:
            made_at = i
    return None


def _read_discard(deal: EGNDeal, bidding: dict | None, trump, rules: Rules) -> None:
    """The recorded discard (a bower may be written ``R``/``L``, so once trump is made)."""
    if bidding is not None and "discard" in bidding:
        deal.written.discard = _spelled_card(deal.written, ("discard",), bidding["discard"], rules, "discard", trump)


def _check_contract(deal: EGNDeal, auction: Hand, stop: _Stop | None) -> None:
    """A discard or a loner needs a contract (unless the auction already broke a rule)."""
    if stop is not None:
        return
    if deal.written.discard is not None and not auction.picked_up:
        raise DealError(f"discard {deal.written.discard} is recorded but nobody ordered up the upcard")
    if deal.alone and auction.trump is None:
        raise DealError("thrown in (all passed twice) but isAlone is true" if auction.phase is Phase.DONE
                        else "isAlone is true but no trump was made")


def _read_tricks(deal: EGNDeal, play: dict | None, auction: Hand, stop: _Stop | None, rules: Rules) -> dict:
    """Read the tricks into ``deal.tricks``; returns ``{card: (seat, trick number)}``, each card's
    seat by the kernel from the seats in play, first leader and trump that ``auction`` reached."""
    if play is None:
        return {}
    tokens = play["tricks"]
    calls = deal.calls or []
    if auction.trump is None and all(tok == "Pass" for tok in calls):      # (a stuck dealer's pass too)
        if tokens:
            why = "all passed twice" if len(calls) == 2 * len(rules.seats) else "no trump was made"
            raise DealError(f"tricks are recorded but {why}")
        deal.tricks = []
        return {}
    if len(tokens) > TRICKS:
        raise DealError(f"{len(tokens)} tricks recorded, a hand has {TRICKS}")
    if stop is not None or auction.phase is not Phase.PLAY:
        # the auction broke a rule and the replay stops there: the tricks are only read
        deal.tricks = [_trick_cards(deal, t, trick, auction.trump, rules) for t, trick in enumerate(tokens)]
        return {}
    playing, leader, trump = auction.seats_in_play, auction.to_act, auction.trump
    size = len(playing)
    seat_of = {}
    deal.tricks = []
    for t, trick in enumerate(tokens):
        where = f"trick {t + 1}"
        if len(trick) > size:
            raise DealError(f"{where} has {plural(len(trick), 'card')}, but only {size} seats play "
                            f"({' '.join(str(s) for s in playing)})")
        if len(trick) < size and t + 1 < len(tokens):
            raise DealError(f"{where} has {plural(len(trick), 'card')}, expected {size} "
                            "(only the last recorded trick may be unfinished)")
        cards = _trick_cards(deal, t, trick, trump, rules)
        for seat, card in zip(trick_seats(leader, playing), cards):
            if card in seat_of:
                s0, t0 = seat_of[card]
                raise DealError(f"card {card} is played twice: by {s0} in trick {t0} and by {seat} in {where}")
            seat_of[card] = (seat, t + 1)
        deal.tricks.append(cards)
        if len(cards) == size:
            leader = trick_winner(leader, cards, trump, playing)
    return seat_of


def _trick_cards(deal: EGNDeal, t: int, tokens: list, trump, rules: Rules) -> list:
    return [_spelled_card(deal.written, ("trick", t, j), tok, rules, f"trick {t + 1}, card {j + 1}", trump)
            for j, tok in enumerate(tokens)]


def _deal_cards(deal: EGNDeal, auction: Hand, seat_of: dict, legacy: dict, rules: Rules) -> tuple:
    """``(DealCards, notes)``: the hands as dealt, rebuilt from the cards each seat plays,
    ``playerCards``, the upcard and the discard (a legacy kitty too); the rest unknown.
    ``notes``: for the upcard and the discard, why a seat that plays it cannot hold it.
    Sets ``deal.discard`` to the discard the replay uses."""
    played_by = {}
    for card, (seat, _t) in seat_of.items():
        played_by.setdefault(seat, []).append(card)
    upcard, dealer = deal.upcard, deal.dealer
    deal.discard = _play_discard(deal, auction, played_by.get(dealer, []))
    notes = {upcard: f"{upcard} is the upcard, which " + (f"the dealer {dealer} picked up" if auction.picked_up
                                                          else "was turned down")}
    if deal.discard is not None and deal.discard != upcard:
        notes[deal.discard] = f"{deal.discard} is the dealer {dealer}'s discard"
    known, owner = _known_hands(deal, auction.picked_up, played_by, rules)
    kitty = _legacy_kitty(legacy, owner, seat_of, upcard, rules)
    if deal.kitty_exchange is not None:
        kitty |= mask_of(deal.kitty_exchange[3])
    unknown = tuple(TRICKS - popcount(known[s]) if s in rules.seats else 0 for s in range(4))
    kitty_unknown = rules.kitty_size - 1 - popcount(kitty)
    return DealCards(tuple(known), upcard, kitty, unknown, kitty_unknown), notes


def _play_discard(deal: EGNDeal, auction: Hand, dealer_played: list) -> Card | None:
    """The recorded discard, or the upcard when the dealer plays five cards without it (six cards,
    five played, none of them the upcard); a recorded discard that the play contradicts is a finding."""
    recorded, upcard, dealer = deal.written.discard, deal.upcard, deal.dealer
    if not (auction.picked_up and dealer in auction.seats_in_play and len(dealer_played) == TRICKS
            and upcard not in dealer_played):
        return recorded
    if recorded is not None and recorded != upcard:
        deal.problems.append(Problem("discard", deal.number,
                                     f"deal {deal.number}: the record says the dealer {dealer} discarded "
                                     f"{recorded}, but {dealer} plays five cards without the upcard {upcard}, "
                                     f"so it discarded {upcard}; replayed with that discard"))
    return upcard


def _known_hands(deal: EGNDeal, picked_up: bool, played_by: dict, rules: Rules) -> tuple:
    """``(known cards dealt per seat as bitmasks, {card: seat})``."""
    upcard, dealer, discard, given = deal.upcard, deal.dealer, deal.discard, deal.player_cards
    owner, dealt = {}, {}
    _check_kitty_cards(deal, played_by, rules)
    for seat in map(Seat, rules.seats):
        cards = set(played_by.get(seat, []))
        if given is not None and given[seat]:
            cards |= set(given[seat])
        if seat == dealer and picked_up:
            cards.discard(upcard)
            if discard is not None and discard != upcard:
                cards.add(discard)
        else:
            # a seat that plays the upcard or the discard cannot have held it: the replay stops there
            cards.discard(upcard)
            if discard is not None:
                cards.discard(discard)
        dealt[seat] = _before_kitty_exchange(deal, seat, _before_exchange(deal, seat, cards, picked_up))
    _exchange_clash(deal, dealt)             # a card exchanged from a seat that does not hold it, named first
    for seat, cards in dealt.items():
        for c in cards:
            if c in owner:
                raise DealError(f"card {c} is in both {owner[c]}'s and {seat}'s hand")
            owner[c] = seat
    known = [0, 0, 0, 0]
    for seat, cards in dealt.items():
        if len(cards) > TRICKS:
            raise DealError(f"{seat} would have been dealt {len(cards)} cards: "
                            f"{' '.join(str(c) for c in sorted(cards))}")
        known[seat] = mask_of(cards)
    for seat in map(Seat, rules.seats):
        if given is not None and given[seat]:
            extra = set(played_by.get(seat, [])) - set(given[seat]) - ({upcard} if seat == dealer else set())
            if seat == deal.hand_alone:
                extra -= {deal.best_card}          # call for best: the card its partner passed
            if deal.kitty_exchange is not None and seat == deal.kitty_exchange[0]:
                extra -= set(deal.kitty_exchange[3])      # the kitty's cards it took
            if extra:
                raise DealError(f"{seat} plays {' '.join(str(c) for c in sorted(extra))}, not in its "
                                "dealt hand (playerCards)")
    return known, owner


def _exchange_clash(deal: EGNDeal, dealt: dict) -> None:
    """Raise :class:`DealError` naming the cardExchanges entry when it moves a card from a seat that does not
    hold it: the record puts the card in another seat's hand (``dealt``: each seat's dealt cards so far)."""
    alone = deal.hand_alone
    if alone is None:
        return
    moves = [(alone.partner, deal.best_card, "passes {} to the loner " + str(alone))]
    if deal.loner_discard != deal.best_card:           # a card thrown back was never the loner's own
        moves.append((alone, deal.loner_discard, "discards {} after the exchange"))
    for sender, card, what in moves:
        holder = next((s for s, cards in dealt.items() if s != sender and card in cards), None)
        if card is None or holder is None:
            continue
        where = next((f"cardExchanges[{i}]" for i, (s, _r, c) in enumerate(deal.exchanges)
                      if s == sender and c == card), "cardExchanges")
        raise DealError(f"{where} {card}: {sender} {what.format(card)}, but {sender} does not hold it: the "
                        f"record puts {card} in {holder}'s hand")


def _check_kitty_cards(deal: EGNDeal, played_by: dict, rules: Rules) -> None:
    """The kitty's three cards of a kitty exchange were face down in the kitty: not the upcard, not in a dealt
    hand (``playerCards``), not played by a seat other than the taker. Raises :class:`DealError` naming the entry."""
    if deal.kitty_exchange is None:
        return
    taker, _kind, given, received, k = deal.kitty_exchange
    for c in given:
        for seat in map(Seat, rules.seats):
            if c in played_by.get(seat, []):
                why = (f"{seat} does not hold {c}: it went to the kitty" if seat == taker else
                       f"{c} went to the kitty from {taker}")
                raise DealError(f"{seat} plays {c}, but {why} (cardExchanges[{k}])")
    for c in received:
        if c == deal.upcard:
            raise DealError(f"cardExchanges[{k}]: {c} is the upcard, not one of the kitty's face-down cards")
        for seat in map(Seat, rules.seats):
            in_hand = deal.player_cards is not None and deal.player_cards[seat] and c in deal.player_cards[seat]
            if in_hand or (seat != taker and c in played_by.get(seat, [])):
                where = "dealt hand (playerCards)" if in_hand else "play"
                raise DealError(f"cardExchanges[{k}]: {c} from the kitty is in {seat}'s {where}, not in the kitty")


def _before_kitty_exchange(deal: EGNDeal, seat: Seat, cards: set) -> set:
    """Kitty exchange: the taker's cards as dealt, from the cards it held after the exchange (less the kitty's
    three it took, with the three it gave); a given card the record puts in play is named."""
    if deal.kitty_exchange is None or seat != deal.kitty_exchange[0]:
        return cards
    _taker, _kind, given, received, k = deal.kitty_exchange
    if deal.player_cards is not None and deal.player_cards[seat]:
        stray = [c for c in given if c not in deal.player_cards[seat]]
        if stray:
            raise DealError(f"cardExchanges[{k}]: {seat} gives {' '.join(map(str, stray))} to the kitty, not in "
                            f"its dealt hand (playerCards)")
        dealt_taken = [c for c in received if c in deal.player_cards[seat]]
        if dealt_taken:
            raise DealError(f"cardExchanges[{k}]: {' '.join(map(str, dealt_taken))} from the kitty is in {seat}'s "
                            "dealt hand (playerCards), not in the kitty")
    return (cards - set(received)) | set(given)


def _before_exchange(deal: EGNDeal, seat: Seat, cards: set, picked_up: bool) -> set:
    """Call for best: ``seat``'s cards as dealt, from the cards it held after the exchange. The loner did not
    hold the card its partner passed but did hold its own discard; the partner held the card it passed (the
    upcard itself when it is the dealer who picked up: not a dealt card)."""
    best, thrown = deal.best_card, deal.loner_discard
    alone = deal.hand_alone
    if alone is None or (best is None and thrown is None):
        return cards
    picked_here = picked_up and seat == deal.dealer
    if seat == alone:
        if thrown is not None and thrown != best and not (picked_here and thrown == deal.upcard):
            cards = cards | {thrown}
        if best is not None:
            cards = cards - {best}
    elif seat == alone.partner and best is not None and not (picked_here and best == deal.upcard):
        cards = cards | {best}
    return cards


def _legacy_kitty(legacy: dict, owner: dict, seat_of: dict, upcard: Card, rules: Rules) -> int:
    """The kitty cards besides the upcard that a 1.0/1.1 file states, as a bitmask."""
    kitty = 0
    for k, tok in enumerate(legacy.get("kitty", [])):
        if not tok:
            continue
        c = card_token(tok, rules, f"initialState.kitty[{k}]")
        if c in owner or c == upcard or c in seat_of:
            where = owner.get(c) or ("the upcard" if c == upcard else f"trick {seat_of[c][1]}")
            raise DealError(f"initialState.kitty[{k}] {c}: also in {where}")
        kitty |= c.mask
    if popcount(kitty) > rules.kitty_size - 1:
        raise DealError(f"initialState.kitty: {plural(popcount(kitty), 'card')} besides the upcard, "
                        f"the kitty has {rules.kitty_size - 1}")
    return kitty


def _replay_hand(deal: EGNDeal, cards: DealCards, notes: dict, legacy: dict, rules: Rules) -> None:
    """Deal ``cards`` and apply the auction and every card; a broken rule stops the replay."""
    hand = deal.hand = _dealt(rules, deal.dealer, cards)
    stop = _auction(hand, deal, deal.discard)
    if stop is None and hand.phase is Phase.PLAY:
        lead = legacy.get("initialLead")
        if lead is not None and lead != seat_egn(hand.to_act, rules):
            deal.problems.append(Problem("lead", deal.number, f"deal {deal.number}: the record says seat {lead} "
                                                              f"led the first trick, but under the rules "
                                                              f"{hand.to_act} leads"))
        stop = _play_tricks(deal, hand)
    if stop is not None:
        note = f" ({notes[stop.card]})" if stop.card in notes and "does not hold" in str(stop.error) else ""
        deal.problems.append(Problem("illegal", deal.number, f"deal {deal.number}, {stop.where}: {stop.error}{note}; "
                                     "the replay of this deal stops here", stop.trick, stop.card, stop.seat))
        deal.status = "illegal"
    elif hand.result is not None and hand.result.thrown_in:
        deal.status = "thrown_in"
    else:
        deal.status = "complete" if hand.is_over else "incomplete"


def _play_tricks(deal: EGNDeal, hand: Hand) -> _Stop | None:
    for t, cards in enumerate(deal.tricks or [], start=1):
        for j, card in enumerate(cards):
            seat = hand.to_act
            try:
                renege = play_card(hand, card, deal.number, t)
            except IllegalActionError as exc:
                return _Stop(f"trick {t}, card {j + 1}", exc, t, card, seat)
            if renege is not None:
                deal.problems.append(renege)
    return None
