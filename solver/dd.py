"""Double-dummy analysis: solve a position, value each card, build a DD table, trace a play.

Every call validates through :class:`~solver.position.Position` and hands the
core (:mod:`solver._search`) only checked data; the core runs without the GIL.
Vocabulary follows the bridge solvers (DDS): a *position* is solved for the
*tricks* each side takes under best play by all; a card's *trick cost* is what
it loses against the best card.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from . import _search
from .cards import NO_TRUMP, Card, Seat, Suit, cards_of, mask_of, parse_cards, parse_deal
from .errors import CardError, PositionError, quoted
from .bounds import MAX_THREADS, check_int
from .laws import (TRICKS, check_seat, check_trump, contracts, first_leader, hand_points, parse_side, popcount, seats_in_play, side_name,
                   side_of, winning_index)
from .position import Position
from .rules import Rules


def _shown(value) -> str:
    """A value's type and a short repr, for a message about a wrong argument."""
    return f"{type(value).__name__} {quoted(value, 60)}"


def _check_position(pos, func: str) -> Position:
    if not isinstance(pos, Position):
        raise PositionError(f"{func}() expects a Position, got {_shown(pos)}; build one with "
                            "Position.parse(deal, trump, leader, ...)")
    return pos


def _context() -> "_search.SearchContext":
    """This thread's search context: the same table solve_batch's work on this thread uses."""
    return _search._thread_context(16)


def in_play_mask(pos: Position) -> int:
    """Bitmask of the seats that play ``pos`` (bit i = seat i).

    >>> in_play_mask(Position.parse("N:Jh Ah Kh 9c 9s E:Qh Th Ac Kc Qc S:- W:As Ks Qs Js Ts", "h", "E",
    ...                             alone="N"))
    11

    Raises :class:`PositionError` when ``pos`` is not a :class:`Position`.
    """
    _check_position(pos, "in_play_mask")
    return sum(1 << s for s in pos.seats_in_play)


def _solve_remaining(pos: Position) -> tuple:
    """(side 0's tricks from here, nodes)."""
    try:
        return _context().solve(list(pos.hands), int(pos.trump), int(pos.leader), [int(c) for c in pos.played],
                                in_play_mask(pos), pos.players)
    except _search.SearchInputError as exc:      # Position validation should make this unreachable
        raise PositionError(f"position {pos}: {exc}") from None


@dataclass(frozen=True)
class SolveResult:
    """The double-dummy result of a position.

    Attributes:
        tricks: tricks per side name (``{"NS": 3, "EW": 2}``; two-player ``{"N": .., "S": ..}``):
            the hand's totals, tricks already won included, when the position knows them
            (``totals`` true); otherwise the tricks from this position on, the trick in
            progress included.
        makers_tricks: the makers' entry of ``tricks`` (int).
        points: points the hand scores at this result, ``{side: points}`` (only the scoring
            side appears), by the :class:`Rules` (march, loner, euchre); ``None`` when the
            earlier tricks are unknown.
        nodes: search nodes visited (int; fewer when the thread's table already knows
            parts of the position).
        totals: whether ``tricks`` are the hand's totals.
    """

    tricks: dict
    makers_tricks: int
    points: dict | None
    nodes: int
    position: Position = field(repr=False, compare=False)
    totals: bool = True

    def to_dict(self) -> dict:
        """JSON-ready form: ``tricks``, ``totals``, ``tricks_left``, ``makers`` (side name),
        ``makers_tricks``, ``points``, ``nodes``."""
        return {"tricks": dict(self.tricks), "totals": self.totals, "tricks_left": self.position.tricks_left,
                "makers": self.position.side_name(self.position.makers), "makers_tricks": self.makers_tricks,
                "points": None if self.points is None else dict(self.points), "nodes": self.nodes}


def solve(pos: Position) -> SolveResult:
    """Solve ``pos``: tricks per side under best play by every seat (double dummy).

    >>> pos = Position.parse("N:Jh Ah Kh 9c 9s E:Qh Th Ac Kc Qc S:Jd Ad Kd Qd Td W:As Ks Qs Js Ts", "h", "W")
    >>> result = solve(pos)
    >>> result.tricks, result.points
    ({'NS': 4, 'EW': 1}, {'NS': 1})
    >>> result.to_dict()  # doctest: +ELLIPSIS
    {'tricks': {'NS': 4, 'EW': 1}, 'totals': True, 'tricks_left': 5, 'makers': 'NS', 'makers_tricks': 4, ...}

    Raises :class:`PositionError` when ``pos`` is not a :class:`Position` (build one with
    :meth:`Position.parse`, which names what is wrong with a bad position).
    """
    _check_position(pos, "solve")
    value, nodes = _solve_remaining(pos) if pos.tricks_left else (0, 0)
    known = pos.tricks_won is not None
    base = pos.tricks_won if known else (0, 0)
    totals = (base[0] + value, base[1] + pos.tricks_left - value)
    makers = totals[pos.makers]
    points = None
    if known:
        who, pts = hand_points(makers, pos.rules, pos.alone is not None, pos.defender_alone is not None)
        points = {side_name(pos.makers if who == "makers" else 1 - pos.makers, pos.players): pts}
    return SolveResult({side_name(0, pos.players): totals[0], side_name(1, pos.players): totals[1]}, makers,
                       points, nodes, pos, known)


def _side0_after(pos: Position, card) -> int:
    """Side 0's tricks from ``pos`` on (the current trick included) when the mover plays ``card``."""
    played = pos.played + (card,)
    if len(played) < len(pos.trick_order):
        return _solve_remaining(pos.play(card))[0]
    winner = pos.trick_order[winning_index(played, pos.trump)]
    gained = 1 if pos.side_of(winner) == 0 else 0
    if pos.tricks_left == 1:
        return gained
    return gained + _solve_remaining(pos.play(card))[0]


def solve_report(pos: Position) -> dict:
    """Everything `euchre solve --json` and ``POST /v1/solve`` answer for a position (one JSON-ready dict).

    Keys: ``position`` (deal, trump, leader, makers, alone, played, to_move), ``tricks``,
    ``makers``, ``makers_tricks``, ``points``, ``nodes`` (see :class:`SolveResult`),
    ``to_move``, and ``card_values``: a list of ``{"card", "tricks", "cost"}`` for each
    legal card of the player to move (the mover's side total tricks after it, and
    what it loses against the best card, in tricks).
    """
    _check_position(pos, "solve_report")
    result = solve(pos)
    values = card_values(pos)
    best = max(values.values(), default=0)
    mover = str(pos.to_move)
    return {
        "position": {"deal": pos.deal_string(), "trump": str(pos.trump), "leader": str(pos.leader),
                     "makers": pos.side_name(pos.makers), "alone": None if pos.alone is None else str(pos.alone),
                     "played": [str(c) for c in pos.played], "to_move": mover},
        **result.to_dict(),
        "to_move": mover,
        "card_values": [{"card": c, "tricks": v, "cost": best - v} for c, v in values.items()],
    }


def card_values(pos: Position) -> dict:
    """For each legal card of the player to move: the mover's side tricks after it.

    Totals for the hand when the position knows the earlier tricks, else tricks from
    this position on (as :attr:`SolveResult.tricks`). Returns ``{card_text: tricks}``
    in card-index order (``{"Qs": 3, "As": 4}``).

    >>> card_values(Position.parse("N:Jh Ah Kh 9c 9s E:Qh Th Ac Kc Qc S:Jd Ad Kd Qd Td W:As Ks Qs Js Ts",
    ...                            "h", "W"))         # W leads; EW's tricks after each of W's cards
    {'Ts': 1, 'Js': 1, 'Qs': 1, 'Ks': 1, 'As': 1}

    Raises :class:`PositionError` when ``pos`` is not a :class:`Position`.
    """
    _check_position(pos, "card_values")
    mover_side = pos.side_of(pos.to_move)
    base = pos.tricks_won[mover_side] if pos.tricks_won is not None else 0
    out = {}
    for card in pos.legal_cards():
        side0 = _side0_after(pos, card)
        out[str(card)] = base + (side0 if mover_side == 0 else pos.tricks_left - side0)
    return out


@dataclass(frozen=True)
class PlayStep:
    """One card of a traced play: makers' DD tricks before and after it, and its trick cost.

    ``cost`` is in tricks for the side of the seat that played (0 when the card was
    as good as the best); ``best`` lists the cards that would have kept ``before``.
    """

    seat: Seat
    card: Card
    before: int
    after: int
    cost: int
    best: tuple

    def to_dict(self) -> dict:
        """JSON-ready form: ``seat``, ``card``, ``before``, ``after``, ``cost``, ``best`` (card texts)."""
        return {"seat": str(self.seat), "card": str(self.card), "before": self.before, "after": self.after,
                "cost": self.cost, "best": [str(c) for c in self.best]}


def analyse_play(pos: Position, cards) -> list:
    """Trace a sequence of cards from ``pos`` (DDS AnalysePlay): makers' tricks before and after each.

    Args:
        pos: the starting position.
        cards: card texts (``"Ad 9d Qd"``) or a list of cards, in play order.

    Returns: a list of :class:`PlayStep`, one per card. Tricks are the hand's totals when
    ``pos`` knows the earlier tricks, else counted from ``pos`` on.

    Raises :class:`PositionError` at the first card that is not held, not legal, or
    after the end of the hand, naming it and its place in the sequence; when ``pos`` is
    not a :class:`Position` or ``cards`` are neither text nor a list.
    """
    _check_position(pos, "analyse_play")
    if isinstance(cards, str) or isinstance(cards, (list, tuple)):
        seq = parse_cards(cards if isinstance(cards, str) else list(cards), what="play")
    else:
        raise PositionError(f"play {cards!r}: expected cards as text ('Ad 9d') or a list of cards")
    counted = list(pos.tricks_won) if pos.tricks_won is not None else [0, 0]
    current = pos
    before = solve(pos).makers_tricks
    steps = []
    for i, card in enumerate(seq):
        if current is None:
            raise PositionError(f"card {card} (#{i + 1} of the play): the hand is already over")
        seat = current.to_move
        if card not in current.legal_cards():
            try:
                current.play(card)
            except PositionError as exc:
                raise PositionError(f"{exc} (card #{i + 1} of the play)") from None
        mover = current.side_of(seat)
        makers_after, mover_after = {}, {}
        for c in current.legal_cards():
            side0 = _side0_after(current, c)
            totals = (counted[0] + side0, counted[1] + current.tricks_left - side0)
            makers_after[c], mover_after[c] = totals[current.makers], totals[mover]
        best_value = max(mover_after.values())
        steps.append(PlayStep(seat, card, before, makers_after[card], best_value - mover_after[card],
                              tuple(c for c, v in mover_after.items() if v == best_value)))
        before = makers_after[card]
        played = current.played + (card,)
        if len(played) == len(current.trick_order):
            counted[current.side_of(current.trick_order[winning_index(played, current.trump)])] += 1
            if current.tricks_left == 1:
                current = None
                continue
        current = current.play(card)
    return steps


@dataclass(frozen=True)
class DDTable:
    """Double-dummy tricks of a full deal for every trump suit (and no trump, ``"n"``, when the rules
    allow it: ``Rules.allow_no_trump``).

    ``partners[suit]`` maps side name to tricks with everyone playing; ``loners[suit][seat]``
    is the loner's side tricks when ``seat`` goes alone (four-player only; under call for best,
    ``Rules.partners_best``, after the partner's card and the loner's discard that give it the most). The lead
    follows the :class:`Rules` (left of the dealer; against a loner ``loner_lead``).
    In the two-player dummy-hands variant ``phases`` holds the table of each set of
    five tricks (personal hands, then dummies; the non-dealer leads both) and
    ``partners`` their sum, the hand's total over ten tricks.

    Index it the way people ask: ``table[suit, side]`` is the side's tricks with partners
    playing, ``table[suit, seat]`` the tricks of ``seat`` going alone (suits and seats as
    letters or :class:`Suit`/:class:`Seat`). In two-player euchre the sides are the seats
    N and S, so ``table[suit, "N"]`` is N's tricks.

    >>> table = dd_table("N:Jh Ah Kh 9c 9s E:Qh Th Ac Kc Qc S:Jd Ad Kd Qd Td W:As Ks Qs Js Ts", dealer="S")
    >>> table['h', 'NS'], table['h', 'EW']      # hearts trump, everyone playing
    (4, 1)
    >>> table['d', 'S'], table['h', 'N']        # S alone in diamonds, N alone in hearts
    (5, 3)
    >>> table.partners[Suit.H]                  # the same figures as dicts
    {'NS': 4, 'EW': 1}
    >>> table.to_dict()['loners']['d']
    {'N': 3, 'E': 0, 'S': 5, 'W': 0}
    """

    dealer: Seat
    partners: dict
    loners: dict
    rules: Rules
    phases: tuple = ()
    par: "object | None" = None      # a solver.par.Par: solver.par.par_table, the table with the par

    __iter__ = None         # indexed by (suit, who), not a sequence

    def __getitem__(self, key):
        """``table[suit, side]`` (partners) or ``table[suit, seat]`` (that seat alone): tricks (int).

        Raises :class:`CardError` for a bad suit, :class:`RulesError` for no trump (``"n"``) under rules
        without it, :class:`PositionError` for a bad key or a side or seat this table has no figure for.
        """
        four = self.rules.players == 4
        example = "table['h', 'NS'] or table['h', 'N']" if four else "table['h', 'N']"
        if not (isinstance(key, tuple) and len(key) == 2):
            raise PositionError(f"DDTable[{quoted(key, 40)}]: index with (suit, side or seat), e.g. {example}")
        suit, who = check_trump(key[0], self.rules), key[1]        # no trump: a column only under its rule
        if four and isinstance(who, str) and who.strip().upper() in ("NS", "SN", "EW", "WE"):
            return self.partners[suit][side_name(parse_side(who))]
        try:
            seat = Seat.parse(who)
        except CardError:
            seat = None
        if seat is not None and four:
            return self.loners[suit][seat]
        if seat in (Seat.N, Seat.S) and not four:
            return self.partners[suit][str(seat)]
        expected = "a side (NS, EW) or a seat going alone (N E S W)" if four else "N or S (the two sides)"
        raise PositionError(f"DDTable who {quoted(who, 40)}: expected {expected}, e.g. {example}")

    def to_dict(self) -> dict:
        """JSON-ready form: ``dealer``, ``partners`` ``{suit: {side: tricks}}``, ``loners``
        ``{suit: {seat: tricks}}`` and, for dummy hands, ``phases``; suits and seats as letters;
        ``par`` (:meth:`solver.par.Par.to_dict`) for a table made by :func:`solver.par.par_table`."""
        out = {"dealer": str(self.dealer),
               "partners": {str(s): dict(v) for s, v in self.partners.items()},
               "loners": {str(s): {str(seat): t for seat, t in v.items()} for s, v in self.loners.items()}}
        if self.phases:
            out["phases"] = [{str(s): dict(v) for s, v in phase.items()} for phase in self.phases]
        if self.par is not None:
            out["par"] = self.par.to_dict()
        return out


def dd_table(deal, dealer="S", rules: Rules | None = None) -> DDTable:
    """Double-dummy table of a full deal (every hand of five known) for each trump suit, and for no trump
    (the key ``"n"``, ``NO_TRUMP``) when ``rules.allow_no_trump``.

    Args:
        deal: the deal as text, ``"N:<hand> E:<hand> S:<hand> W:<hand>"`` (dummy hands:
            ``"N:.. S:.. | N:.. S:.."``), or parsed, ``{Seat: list[Card]}`` as
            :func:`~solver.cards.parse_deal` returns it (not for dummy hands).
        dealer: the dealer's seat (the lead follows from it, see :func:`first_leader`).
        rules: :class:`Rules`, a dict of options, or ``None`` for the defaults.

    Returns: a :class:`DDTable` (index it as ``table['h', 'NS']``); the table with the
    deal's par (the auction every seat would make seeing every card) is
    :func:`solver.par.par_table`, which also takes the upcard.

    Raises :class:`~solver.EuchreError` when a hand is missing or not five cards, or an
    argument has the wrong type.
    """
    rules = Rules.coerce(rules)
    if not isinstance(deal, str) and not (isinstance(deal, Mapping) and not rules.dummy_hands):
        raise PositionError(f"dd_table() expects a deal as text ('N:Jh Ah Kh 9c 9s E:...'), got {_shown(deal)}")
    dealer = check_seat(dealer, rules.players, "dealer")
    if rules.dummy_hands:
        # the two sets of five tricks are separate two-player games, each led by the non-dealer
        from .cards import split_dummy_deal
        personal, dummies = split_dummy_deal(deal)
        plain = rules.replace(dummy_hands=False)
        in_hands, in_dummies = (mask_of(c for cards in parse_deal(part, 2).values() for c in cards or [])
                                for part in (personal, dummies))
        if in_hands & in_dummies:
            clash = Card((in_hands & in_dummies).bit_length() - 1)
            raise PositionError(f"card {clash} is both in a personal hand and in a dummy")
        phases = (dd_table(personal, dealer, plain).partners, dd_table(dummies, dealer, plain).partners)
        total = {suit: {side: phases[0][suit][side] + phases[1][suit][side] for side in phases[0][suit]}
                 for suit in contracts(rules)}
        return DDTable(dealer, total, {}, rules, phases)
    hands = parse_deal(deal, rules.players)
    for seat, cards in hands.items():
        if cards is None or len(cards) != 5:
            got = "is unknown ('-')" if cards is None else f"holds {len(cards)} card{'s' if len(cards) != 1 else ''}"
            raise PositionError(f"{seat} {got}: a DD table needs every hand of 5 cards")
    masks = tuple(mask_of(hands.get(seat) or ()) for seat in Seat)
    leader = first_leader(dealer, rules)
    # checked once, as a position (a card twice, the joker without the rule); the 20 searches below
    # change only trump, leader and who sits out, so they go to the core without re-checking
    Position(masks, Suit(0), leader, (), 0, rules=rules)
    context, players = _context(), rules.players
    sides = (side_name(0, players), side_name(1, players))

    def side0(hands, trump, lead, in_play) -> int:
        return context.solve(list(hands), int(trump), int(lead), [], in_play, players)[0]

    everyone = sum(1 << s for s in seats_in_play(players))
    partners, loners = {}, {}
    for trump in contracts(rules):
        tricks = side0(masks, trump, leader, everyone)
        partners[trump] = {sides[0]: tricks, sides[1]: TRICKS - tricks}
        if players == 4:
            loners[trump] = {}
            for seat in Seat:
                lead = first_leader(dealer, rules, alone=seat)
                in_play = sum(1 << s for s in seats_in_play(players, alone=seat))
                mine = side_of(seat)
                best = 0
                # call for best: the partner's card and the loner's discard both serve the loner's side, so
                # with every card seen they are the pair that gives the loner the most tricks
                for held in _loner_hands(masks, seat, rules.partners_best):
                    lone = tuple(held if s == seat else 0 if s == seat.partner else masks[s] for s in Seat)
                    tricks = side0(lone, trump, lead, in_play)
                    best = max(best, tricks if mine == 0 else TRICKS - tricks)
                loners[trump][seat] = best
    return DDTable(dealer, partners, loners, rules)


def _loner_hands(masks, seat: Seat, partners_best: bool):
    """The hands ``seat`` may play alone with: its own, or under call for best each five it can keep of its
    six after the partner's card (``Rules.partners_best``)."""
    if not partners_best:
        yield masks[seat]
        return
    seen = set()
    for given in cards_of(masks[seat.partner]):
        six = masks[seat] | given.mask
        for thrown in cards_of(six):
            five = six & ~thrown.mask
            if five not in seen:
                seen.add(five)
                yield five


def _int_array(value, name: str, low: int, high: int, dtype) -> np.ndarray:
    """``value`` as an integer array of ``dtype``, every entry checked to lie in ``low..high`` first
    (a cast would wrap or truncate silently)."""
    try:
        arr = np.asarray(value)
    except (ValueError, TypeError) as exc:
        raise PositionError(f"{name}: not an array of whole numbers ({exc})") from None
    if not np.issubdtype(arr.dtype, np.integer):
        raise PositionError(f"{name}: expected whole numbers, got {arr.dtype}")
    if arr.size and (arr.min() < low or arr.max() > high):
        raise PositionError(f"{name}: values must lie in {low}..{high}")
    return np.asarray(arr, dtype=dtype, order="C")        # C order for the core; 0-d stays 0-d


def solve_batch(hands, trump, leader, makers=0, in_play=None, players: int = 4, threads: int = 1,
                trick=None, trick_len=None, bands: bool = False, made=None) -> np.ndarray:
    """Solve many positions at once, without the GIL.

    Args:
        hands: uint32 array (n, 4): card bitmasks of seats N E S W (0 for a seat out of play).
        trump: uint8 array (n,) or int: suit index (0..3, C D H S), or 4 for a no-trump contract
            (``NO_TRUMP``; no joker then).
        leader: uint8 array (n,) or int: seat to lead.
        makers: 0 or 1: the side whose tricks are returned (0 = NS, or N in two-player).
        in_play: uint8 array (n,) or int: bitmask of the seats that play (default: all four,
            or N and S in two-player).
        players: 4 or 2.
        threads: worker threads asked for, 1..256 (each with its own transposition table);
            at most ``solver._search.MAX_THREADS`` (the usable cores) run at once, from one
            pool shared by every call, so no sequence of calls leaves threads behind.
        trick: optional uint8 array (n, k), k <= 3: card indices already on the table in the
            current trick, from ``leader`` on; ``trick_len`` uint8 (n,) says how many per row.
        bands: return only the scoring band of the makers' tricks: 0 fewer than 3
            (euchred), 1 three up to all but one (made), 2 all of them (march); ``makers``
            may then be an array (n,) of sides. One or two zero-window tests a row
            instead of the exact count: what bid advice needs, faster. The bands are
            meant for whole hands; with fewer than 3 tricks left band 0 means "not all".
        made: with ``bands``, optional bool array (n,): rows whose makers are known to take
            at least 3 (say, the other side's band of the same position was 0), so only the
            march's test is run and the band is 1 or 2. The claim is trusted, not checked.

    Returns: int8 array (n,): tricks the ``makers`` side takes from the position on
    (the trick in progress included), or the bands.

    Raises :class:`~solver.EuchreError` naming the first bad row.
    """
    makers_top = 1
    if (made is not None and bands is True and type(made) is np.ndarray and made.dtype == np.bool_
            and type(makers) is np.ndarray and makers.dtype == _U8 and type(hands) is np.ndarray
            and made.ndim == 1 == makers.ndim and made.shape == makers.shape == hands.shape[:1]
            and (not makers.size or makers.max() <= 1)):
        # the advisor's call (sides already a uint8 column, one flag a row): the claim folded in without the
        # general checks below, which give the same result
        makers = makers | (made.view(np.uint8) * np.uint8(_search.MADE))
        makers_top = 1 + _search.MADE
        made = True
    elif made is not None:
        if bands is not True:
            raise PositionError("made: only with bands=True")
        made_a = np.asarray(made)
        try:
            rows = np.shape(hands)[0] if np.ndim(hands) else None    # a scalar hands is refused below, by name
        except ValueError as exc:                                    # ragged rows
            raise PositionError(f"hands: not an array of whole numbers ({exc})") from None
        if made_a.dtype != np.bool_ or made_a.ndim != 1 or made_a.shape[0] != rows:
            raise PositionError(f"made: expected a bool array of one value per row of hands ({rows})")
        makers = _int_array(makers, "makers", 0, 1, np.uint8)
        if makers.ndim and makers.shape != made_a.shape:
            raise PositionError(f"makers: expected one value per row ({rows}), got shape {makers.shape}")
        makers = np.broadcast_to(makers, made_a.shape) + made_a.astype(np.uint8) * np.uint8(_search.MADE)
        makers_top = 1 + _search.MADE
    quick = _quick_batch(hands, trump, leader, makers, in_play, players, threads, trick, trick_len, bands)
    if quick is not None:
        try:
            side0, _nodes = _search.solve_many(*quick[:4], players, threads, trick=trick, trick_len=trick_len,
                                               makers=quick[4], made=made is not None)
        except (_search.SearchInputError, ValueError, TypeError):
            pass                  # the full checks below name the bad argument
        else:
            return side0 if bands or makers == 0 else _other_side(side0, quick[0], quick[2], trick_len)
    hands = _int_array(hands, "hands", 0, (1 << 25) - 1, np.uint32)
    if hands.ndim != 2 or hands.shape[1] != 4:
        raise PositionError(f"hands: expected a (n, 4) array, got shape {hands.shape}")
    n = hands.shape[0]
    threads = check_int(threads, "threads", 1, MAX_THREADS)
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)) or players not in (2, 4):
        raise PositionError(f"players {quoted(players, 40)}: must be 4 or 2")
    if not isinstance(bands, (bool, np.bool_)):
        raise PositionError(f"bands {quoted(bands, 40)}: must be True or False")

    def column(value, name, default, top=255):
        arr = _int_array(default if value is None else value, name, 0, top, np.uint8)
        if arr.ndim == 0:
            arr = np.full(n, int(arr), np.uint8)
        if arr.shape != (n,):
            raise PositionError(f"{name}: expected one value per row ({n}), got shape {arr.shape}")
        return np.ascontiguousarray(arr)

    if bands:
        makers_a = column(makers, "makers", None, makers_top)
    elif isinstance(makers, bool) or not isinstance(makers, (int, np.integer)) or makers not in (0, 1):
        raise PositionError(f"makers {quoted(makers, 40)}: must be 0 or 1 (an array of sides needs bands=True)")
    trump_a = column(trump, "trump", None, int(NO_TRUMP))     # 4: no trump
    leader_a = column(leader, "leader", None, 3)
    in_play_a = column(in_play, "in_play", 0b1111 if players == 4 else 0b0101, 15)
    if (trick is None) != (trick_len is None):
        raise PositionError("trick and trick_len: give both or neither")
    if trick is not None:
        trick = np.ascontiguousarray(_int_array(trick, "trick", 0, 24, np.uint8))
        trick_len = column(trick_len, "trick_len", None, 3)
    try:
        side0, _nodes = _search.solve_many(hands, trump_a, leader_a, in_play_a, players, threads,
                                           trick=trick, trick_len=trick_len,
                                           makers=makers_a if bands else None, made=made is not None)
    except _search.SearchInputError as exc:
        raise PositionError(str(exc)) from None
    if bands or makers == 0:
        return side0
    return _other_side(side0, hands, leader_a, trick_len)


def _other_side(side0: np.ndarray, hands: np.ndarray, leader: np.ndarray, trick_len) -> np.ndarray:
    """Side 1's tricks from side 0's: the tricks left (the leader's cards, plus the trick in progress) minus them."""
    n = len(side0)
    remaining = np.array([popcount(h) for h in hands[np.arange(n), leader].tolist()], dtype=np.int8)
    if trick_len is not None:
        remaining += (np.asarray(trick_len) > 0).astype(np.int8)
    return (remaining - side0).astype(np.int8)


#: read-only one-row columns for scalar arguments (a one-row batch is the advisor's and play advice's usual call)
_ONE_ROW = tuple(np.full(1, v, np.uint8) for v in range(16))
for _col in _ONE_ROW:
    _col.flags.writeable = False
del _col
_U32, _U8 = np.dtype(np.uint32), np.dtype(np.uint8)


def _quick_column(value, n: int, top: int):
    """An int in 0..top as a uint8 column of n rows, a uint8 (n,) array as it is (the core checks its
    values), else None (the full checks handle it)."""
    if type(value) is np.ndarray:
        return value if value.dtype == _U8 else None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top:
        return _ONE_ROW[value] if n == 1 else np.full(n, value, np.uint8)
    return None


def _quick_batch(hands, trump, leader, makers, in_play, players, threads, trick, trick_len, bands):
    """solve_many's arguments when every one already has the core's type (uint32 hands, uint8 columns or
    small ints), else None. Values are left to the core, which checks every row and every card; a call it
    refuses goes through :func:`solve_batch`'s full checks, which name the bad argument."""
    if type(hands) is not np.ndarray or hands.dtype != _U32 or hands.ndim != 2:
        return None
    if type(threads) is not int or not 1 <= threads <= MAX_THREADS or type(players) is not int or (
            players != 4 and players != 2) or (bands is not True and bands is not False):
        return None
    n = hands.shape[0]
    if bands:
        makers_col = _quick_column(makers, n, 1)
        if makers_col is None:
            return None
    elif type(makers) is not int or (makers != 0 and makers != 1):
        return None
    else:
        makers_col = None
    columns = (_quick_column(trump, n, NO_TRUMP), _quick_column(leader, n, 3),
               _quick_column((0b1111 if players == 4 else 0b0101) if in_play is None else in_play, n, 15))
    if columns[0] is None or columns[1] is None or columns[2] is None:
        return None
    return (hands, *columns, makers_col)
