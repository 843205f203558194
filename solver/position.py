"""Position: a point in the play of a hand where every hand in play is known."""
from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass, field

from .cards import JOKER, Card, Seat, Suit, cards_of, trump_of, format_cards, format_deal, mask_of, parse_cards, parse_deal
from .errors import PositionError, quoted
from .laws import (TRICKS, check_trump, effective_suit, legal_mask, parse_side, popcount, seats_in_play, side_name, side_of,
                   trick_seats, winning_index)
from .rules import Rules


def _must_follow(seat: Seat, hand: int, trump: int, led: int) -> str:
    """``N holds diamonds (9d Jd Kd) and must follow suit``: the end of a renege message."""
    suit = effective_suit(led, trump)
    follow = [c for c in cards_of(hand) if effective_suit(c, trump) == suit]
    return f"{seat} holds {trump_of(suit).word} ({format_cards(follow)}) and must follow suit"


@dataclass(frozen=True)
class Position:
    """A double-dummy position: every hand in play known, trump named, a trick under way or about to start.

    Attributes:
        hands: 4 bitmasks (``int``, card index bits, see ``solver.cards``) of the cards
            each seat N E S W still holds; 0 for a seat not in play.
        trump: the trump :class:`Suit`, or ``NO_TRUMP`` (``"n"``, a no-trump contract,
            ``Rules.allow_no_trump``).
        leader: the :class:`Seat` who led (or is to lead) the current trick.
        played: cards already on the table in the current trick, from ``leader`` on.
        makers: side index of the makers (0 = NS or N, 1 = EW or S).
        alone: the loner's seat, or ``None``; the loner's partner sits out.
        defender_alone: a lone defender's seat (``Rules.defend_alone``), or ``None``.
        tricks_won: tricks already taken this hand, per side index ``(side0, side1)``, or
            ``None`` when not known (mid-hand only: results then count from this position).
        rules: the :class:`Rules`.

    Build one with :meth:`parse`; it is validated on construction and raises
    :class:`PositionError` (a :class:`solver.EuchreError`) naming what is wrong.
    The repr is the :meth:`parse` call that builds it again:

    >>> pos = Position.parse("N:Jh Ah Kh 9c 9s E:Qh Th Ac Kc Qc S:- W:As Ks Qs Js Ts", "h", "E",
    ...                      makers="NS", alone="N")
    >>> pos
    Position.parse('N:9c 9s Jh Kh Ah E:Th Qc Qh Kc Ac S:- W:Ts Js Qs Ks As', trump='h', leader='E', makers='NS', alone='N')
    >>> pos.play("Qh")
    Position.parse('N:9c 9s Jh Kh Ah E:Th Qc Kc Ac S:- W:Ts Js Qs Ks As', trump='h', leader='E', makers='NS', alone='N', played='Qh')
    >>> eval(repr(pos)) == pos
    True
    >>> Position.parse("N:Jh Ah S:Qh Th", "h", "N", makers="N", rules=Rules(players=2),
    ...                tricks_won={"N": 2, "S": 1})
    Position.parse('N:Jh Ah S:Th Qh', trump='h', leader='N', makers='N', tricks_won={'N': 2, 'S': 1}, rules=Rules(players=2))
    """

    hands: tuple
    trump: Suit
    leader: Seat
    played: tuple = ()
    makers: int = 0
    alone: Seat | None = None
    defender_alone: Seat | None = None
    tricks_won: tuple | None = (0, 0)
    rules: Rules = field(default_factory=Rules)

    # -- construction -------------------------------------------------------
    @classmethod
    def parse(cls, deal: str, trump, leader, makers="NS", alone=None, played="", rules: Rules | None = None,
              tricks_won=None, defender_alone=None) -> "Position":
        """Build a position from the notation of docs/design.md.

        Args:
            deal: ``"N:<hand> E:<hand> S:<hand> W:<hand>"`` (two-player: N and S only),
                ``-`` for a hand that sits out; hands hold only cards not yet played.
            trump: suit letter or :class:`Suit`; ``"n"`` for no trump (needs ``Rules(allow_no_trump=True)``).
            leader: seat that led the current trick (or leads next when ``played`` is empty).
            makers: ``"NS"``/``"EW"`` (two-player ``"N"``/``"S"``).
            alone: the loner's seat or ``None``.
            played: cards on the table in the current trick, in order from ``leader``.
            rules: :class:`Rules` (default ``Rules()``).
            tricks_won: ``{"NS": 1, "EW": 0}``: tricks already taken this hand; they must add
                up to the tricks played. Omitted mid-hand, earlier tricks are unknown and
                :func:`solve` counts tricks from this position (and scores no points).
            defender_alone: a lone defender's seat, or ``None``.

        Raises:
            CardError, PositionError: naming the bad token or the inconsistency.
        """
        rules = Rules.coerce(rules)
        players = rules.players
        parsed = parse_deal(deal, players)
        hands = [0, 0, 0, 0]
        known = [False] * 4
        for seat, cards in parsed.items():
            if cards is not None:
                hands[seat] = mask_of(cards)
                known[seat] = True
        trump = check_trump(trump, rules)
        leader = Seat.parse(leader)
        alone = None if alone in (None, "", "-") else Seat.parse(alone)
        defender_alone = None if defender_alone in (None, "", "-") else Seat.parse(defender_alone)
        makers_side = parse_side(makers, players)
        played_cards = tuple(parse_cards(played, what="played"))
        won = None
        if tricks_won is not None:
            if not isinstance(tricks_won, dict):
                raise PositionError(f"tricks_won {tricks_won!r}: expected {{side: tricks}}")
            counts = [0, 0]
            for key, value in tricks_won.items():
                if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5:
                    raise PositionError(f"tricks_won {key!r}: {value!r} is not a trick count 0..5")
                counts[parse_side(key, players)] += value
            won = tuple(counts)
        sitting_out = {Seat(lone).partner for lone in (alone, defender_alone) if lone is not None}
        for seat in rules.seats:
            if not known[seat] and seat not in sitting_out:
                raise PositionError(f"{Seat(seat)} hand is unknown ('-'): a double-dummy position needs every hand in play")
        return cls(tuple(hands), trump, leader, played_cards, makers_side, alone, defender_alone, won, rules)

    def __post_init__(self):
        self._validate()

    def _validate(self):
        rules = Rules.coerce(self.rules)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "trump", check_trump(self.trump, rules))
        object.__setattr__(self, "leader", Seat.parse(self.leader))
        played = self.played
        if isinstance(played, str):
            played = parse_cards(played, what="played")
        elif not isinstance(played, (tuple, list)):
            raise PositionError(f"played {quoted(played, 40)}: expected the cards of the current trick, e.g. ('Ah', 'Kh')")
        object.__setattr__(self, "played", tuple(Card(c) for c in played))
        if isinstance(self.makers, bool) or self.makers not in (0, 1):
            raise PositionError(f"makers {self.makers!r}: must be a side index, 0 or 1 (use Position.parse for names)")
        for name in ("alone", "defender_alone"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, Seat.parse(getattr(self, name)))
        try:
            if isinstance(self.hands, str) or len(self.hands) != 4:
                raise TypeError
            hands = tuple(operator.index(h) for h in self.hands)      # ints (numpy's too), not floats or text
        except TypeError:
            hands = None
        if hands is None or any(h < 0 or h >> 25 for h in hands):
            raise PositionError(f"hands {self.hands!r:.60}: expected 4 card bitmasks over indices 0..24 "
                                "(or build the position with Position.parse)")
        object.__setattr__(self, "hands", hands)
        players = rules.players
        if self.alone is not None and players == 2:
            raise PositionError(f"alone {self.alone}: there is no going alone in two-player euchre")
        if self.defender_alone is not None and (self.alone is None or not rules.defend_alone):
            raise PositionError(f"defender_alone {self.defender_alone}: needs a loner and Rules(defend_alone=True)")
        in_play = self.seats_in_play
        if self.alone is not None:
            if side_of(self.alone) != self.makers:
                raise PositionError(f"alone {self.alone}: the loner must be one of the makers ({side_name(self.makers)})")
        if self.defender_alone is not None:
            if self.alone is None or not rules.defend_alone:
                raise PositionError(f"defender_alone {self.defender_alone}: needs a loner and Rules(defend_alone=True)")
            if side_of(self.defender_alone) == self.makers:
                raise PositionError(f"defender_alone {self.defender_alone}: must be a defender")
        owner = {}
        for seat in range(4):
            if seat not in in_play and hands[seat]:
                why = "does not play in two-player euchre" if players == 2 else "sits out (partner alone)"
                raise PositionError(f"{Seat(seat)} {why}: its hand must be '-'")
            for c in cards_of(hands[seat]):
                if c in owner:
                    raise PositionError(f"card {c} appears in {Seat(owner[c])} and {Seat(seat)}")
                owner[c] = seat
        for c in self.played:
            if c in owner:
                raise PositionError(f"card {c} is in the current trick and in {Seat(owner[c])}'s hand")
        all_cards = [c for h in hands for c in cards_of(h)] + list(self.played)
        if JOKER in all_cards and not rules.joker:
            raise PositionError("card B: the joker is not in the pack (switch on the joker rule: "
                                "Rules(joker=True), --joker, or \"rules\": {\"joker\": true})")
        if self.leader not in in_play:
            raise PositionError(f"leader {self.leader}: that seat does not play this hand")
        order = self.trick_order
        if len(self.played) >= len(order):
            raise PositionError(f"played {format_cards(self.played)!r}: {len(self.played)} cards on the table, but "
                                f"a trick here has {len(order)} and at most {len(order) - 1} come before "
                                "the player to move")
        sizes = [popcount(hands[s]) for s in order]
        tricks_left = sizes[0] + (1 if self.played else 0)
        if not 1 <= tricks_left <= TRICKS and not (tricks_left == 0 and not self.played):
            raise PositionError(f"{Seat(order[0])} holds {sizes[0]} cards: a hand has at most 5")
        for i, seat in enumerate(order):
            expected = tricks_left - 1 if i < len(self.played) else tricks_left
            if sizes[i] != expected:
                raise PositionError(f"{Seat(seat)} holds {sizes[i]} cards, expected {expected}")
        if tricks_left == 0 and (not isinstance(self.tricks_won, (tuple, list))
                                 or sum(w for w in self.tricks_won if isinstance(w, int)) != TRICKS):
            raise PositionError("no cards left to play: the hand is over")
        if self.tricks_won is None and tricks_left == TRICKS:
            object.__setattr__(self, "tricks_won", (0, 0))
        if self.tricks_won is not None:
            if not isinstance(self.tricks_won, (tuple, list)):
                raise PositionError(f"tricks_won {self.tricks_won!r:.40}: expected two trick counts (side 0, side 1)")
            won = tuple(self.tricks_won)
            if len(won) != 2 or any(isinstance(w, bool) or not isinstance(w, int) or w < 0 for w in won):
                raise PositionError(f"tricks_won {self.tricks_won!r}: expected two trick counts (side 0, side 1)")
            if sum(won) + tricks_left != TRICKS:
                done = TRICKS - tricks_left
                raise PositionError(f"tricks_won {self.side_name(0)} {won[0]}, {self.side_name(1)} {won[1]}: "
                                    f"{done} trick{'s have' if done != 1 else ' has'} been played, "
                                    f"with {tricks_left} left")
            object.__setattr__(self, "tricks_won", won)
        for i in range(1, len(self.played)):
            seat = order[i]
            could = legal_mask(hands[seat] | self.played[i].mask, self.trump, self.played[0])
            if not could & self.played[i].mask:
                raise PositionError(f"played {self.played[i]} by {Seat(seat)}: a renege, "
                                    f"{_must_follow(Seat(seat), hands[seat], self.trump, self.played[0])}")

    # -- derived facts ------------------------------------------------------
    @property
    def seats_in_play(self) -> tuple:
        """Seats that play this hand, clockwise (a loner's partner sits out)."""
        return seats_in_play(self.players, self.alone, self.defender_alone)

    @property
    def trick_order(self) -> tuple:
        """Seats in the current trick in play order, starting with the leader."""
        return trick_seats(self.leader, self.seats_in_play)

    @property
    def to_move(self) -> Seat:
        return Seat(self.trick_order[len(self.played)])

    @property
    def tricks_left(self) -> int:
        return popcount(self.hands[self.leader]) + (1 if self.played else 0)

    @property
    def players(self) -> int:
        return self.rules.players

    def side_name(self, side: int) -> str:
        return side_name(side, self.players)

    def side_of(self, seat) -> int:
        """Side index (0 or 1) of ``seat`` (a :class:`Seat`, its letter or number)."""
        return side_of(int(Seat.parse(seat)), self.players)

    def legal_cards(self) -> list:
        """Cards the player to move may play, in index order."""
        led = self.played[0] if self.played else None
        return cards_of(legal_mask(self.hands[self.to_move], self.trump, led))

    def play(self, card) -> "Position":
        """The position after the player to move plays ``card``.

        Raises :class:`PositionError` when the card is not held or not a legal play.
        """
        card = Card(card)
        seat = self.to_move
        if not self.hands[seat] & card.mask:
            raise PositionError(f"card {card}: {seat} does not hold it")
        if card not in self.legal_cards():
            raise PositionError(f"card {card}: a renege, "
                                f"{_must_follow(seat, self.hands[seat], self.trump, self.played[0])}")
        hands = list(self.hands)
        hands[seat] &= ~card.mask
        played = self.played + (card,)
        order = self.trick_order
        if len(played) < len(order):
            return Position(tuple(hands), self.trump, self.leader, played, self.makers, self.alone,
                            self.defender_alone, self.tricks_won, self.rules)
        winner = order[winning_index(played, self.trump)]
        won = None
        if self.tricks_won is not None:
            won = list(self.tricks_won)
            won[self.side_of(winner)] += 1
            won = tuple(won)
        if won is None and not any(hands):
            raise PositionError(f"card {card} ends the hand, and without the earlier tricks "
                                f"(tricks_won) there is no position after it")
        return Position(tuple(hands), self.trump, Seat(winner), (), self.makers, self.alone,
                        self.defender_alone, won, self.rules)

    def deal_string(self) -> str:
        hands = {}
        for seat in self.rules.seats:
            hands[Seat(seat)] = cards_of(self.hands[seat]) if seat in self.seats_in_play else None
        return format_deal(hands)

    def to_dict(self) -> dict:
        """The arguments of :meth:`parse` as JSON-ready values: ``deal``, ``trump``, ``leader``,
        ``makers``, ``alone``, ``defender_alone``, ``played`` (text), ``tricks_won``
        (``{side: tricks}`` or ``None``) and ``rules`` (a dict); ``Position.parse(**pos.to_dict())``
        gives ``pos`` back.

        >>> Position.parse("N:Jh S:Qh", "h", "N", makers="N", rules=Rules(players=2),
        ...                tricks_won={"N": 2, "S": 2}).to_dict()  # doctest: +ELLIPSIS
        {'deal': 'N:Jh S:Qh', 'trump': 'h', 'leader': 'N', 'makers': 'N', 'alone': None, 'defender_alone': None, 'played': '', 'tricks_won': {'N': 2, 'S': 2}, 'rules': {'players': 2, ...}}
        """
        # a hand in play that is empty (late in the last trick) is "N:", not "-" (sits out / unknown)
        deal = " ".join(f"{Seat(seat).name}:{format_cards(self.hands[seat]) if self.hands[seat] else ''}"
                        if seat in self.seats_in_play else f"{Seat(seat).name}:-" for seat in self.rules.seats)
        return {"deal": deal, "trump": str(self.trump), "leader": str(self.leader),
                "makers": self.side_name(self.makers),
                "alone": None if self.alone is None else str(self.alone),
                "defender_alone": None if self.defender_alone is None else str(self.defender_alone),
                "played": " ".join(str(c) for c in self.played),
                "tricks_won": None if self.tricks_won is None else
                {self.side_name(side): n for side, n in enumerate(self.tricks_won)},
                "rules": self.rules.to_dict()}

    def __repr__(self) -> str:
        rules = ", ".join(f"{f.name}={getattr(self.rules, f.name)!r}" for f in dataclasses.fields(Rules)
                          if getattr(self.rules, f.name) != f.default)
        rules = [f"rules=Rules({rules})"] if rules else []
        d = self.to_dict()
        args = [repr(d["deal"])] + [f"{name}={d[name]!r}" for name in ("trump", "leader", "makers")]
        args += [f"{name}={d[name]!r}" for name in ("alone", "defender_alone", "played") if d[name]]
        # parse's default for tricks_won: none taken at the start of a hand, unknown later
        default_won = (0, 0) if self.tricks_left == TRICKS else None
        if self.tricks_won != default_won:
            args.append(f"tricks_won={d['tricks_won']!r}")
        return f"Position.parse({', '.join(args + rules)})"

    def __str__(self) -> str:
        extra = f" played={format_cards(self.played)!r}" if self.played else ""
        alone = f" alone={self.alone}" if self.alone is not None else ""
        return (f"{self.deal_string()} trump={self.trump} leader={self.leader} "
                f"makers={self.side_name(self.makers)}{alone}{extra}")
