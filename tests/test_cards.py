"""Card, hand and deal notation: every accepted spelling, round trips, precise errors."""
import numpy as np
import pytest

from solver import Card, CardError, EuchreError, Seat, Suit, format_cards, format_deal, parse_cards, parse_deal
from solver.cards import JOKER, cards_of, mask_of, trump_of
from solver.laws import effective_suit


@pytest.mark.parametrize("text,index", [
    ("9c", 0), ("9d", 1), ("Th", 6), ("10h", 6), ("10H", 6), ("JH", 10), ("jh", 10), ("J♥", 10),
    ("Q♠", 15), ("K♦", 17), ("As", 23), ("A♣", 20), ("B", JOKER), ("b", JOKER),
])
def test_card_spellings(text, index):
    # index = rank * 4 + suit with ranks 9 T J Q K A = 0..5 and suits C D H S = 0..3
    assert int(Card(text)) == index


def test_every_card_round_trips():
    for i in range(25):
        card = Card(i)
        assert Card(str(card)) == card
        assert eval(repr(card)) == card
    assert str(Card("10h")) == "Th"


@pytest.mark.parametrize("bad,why", [
    ("Zh", "rank must be one of 9 T J Q K A"), ("Jx", "suit must be one of c d h s"),
    ("J", "expected a rank"), ("", "expected a rank"), ("8h", "rank"), ("Jhh", "suit"),
])
def test_bad_cards_name_the_token(bad, why):
    with pytest.raises(CardError) as err:
        Card(bad)
    assert repr(bad) in str(err.value) and why in str(err.value)
    assert isinstance(err.value, ValueError) and isinstance(err.value, EuchreError)


def test_hands_in_every_notation():
    expected = [Card(c) for c in ("9s", "Ah", "Kh", "Jh", "9c")]
    assert parse_cards("9.AKJ..9") == expected                     # PBN S.H.D.C
    assert parse_cards("9s Ah Kh Jh 9c") == expected
    assert parse_cards("9s,Ah, Kh,Jh ,9c") == expected
    assert parse_cards("T.10..") == [Card("Ts"), Card("Th")]
    assert format_cards(expected) == "9s Ah Kh Jh 9c"
    assert parse_cards("-") == []


def test_hand_errors():
    with pytest.raises(CardError, match="Jh appears twice"):
        parse_cards("Jh Ah Jh")
    with pytest.raises(CardError, match="PBN hands need 4 suit groups"):
        parse_cards("AK.Q")


def test_deal_round_trip_and_errors():
    text = "N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:- W:Ad As Ah 9s Qs"
    hands = parse_deal(text)
    assert hands[Seat.S] is None and len(hands[Seat.W]) == 5
    assert format_deal(hands) == text
    with pytest.raises(CardError, match="card Jh appears in N and E"):
        parse_deal("N:Jh E:Jh")
    with pytest.raises(CardError, match="seat E does not play in the 2-player game"):
        parse_deal("N:Jh E:Ah", players=2)
    with pytest.raises(CardError, match="seat N is named twice"):
        parse_deal("N:Jh N:Ah")
    with pytest.raises(CardError, match="expected 'N:'"):
        parse_deal("Jh Ah N:Kh")


def test_left_bower_is_trump():
    # Jd is trump when hearts are trump (same colour), Js when clubs are
    assert effective_suit(Card("Jd"), Suit.H) == Suit.H
    assert effective_suit(Card("Js"), Suit.C) == Suit.C
    assert effective_suit(Card("Js"), Suit.H) == Suit.S
    assert effective_suit(Card("B"), Suit.D) == Suit.D


VWEC = "N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"


@pytest.mark.parametrize("text, sep", [
    (VWEC.replace(" E:", ",E:"), ","),                                   # one comma, glued
    (VWEC.replace(" E:", " ,E:"), ","),
    (VWEC.replace(" E:", ", E:").replace(" S:", ", S:").replace(" W:", ", W:"), ","),
    (VWEC.replace(" S:", "; S:"), ";"),
])
def test_commas_between_hands_say_hands_are_separated_by_spaces(text, sep):
    with pytest.raises(CardError) as err:
        parse_deal(text)
    assert str(err.value) == (f"deal {text!r}: hands are separated by spaces, not {sep!r}; "
                              "write 'N:<cards> E:<cards> S:<cards> W:<cards>'")


def test_commas_between_cards_are_still_fine():
    assert parse_deal(VWEC.replace("9d Ac Tc Kd Jd", "9d,Ac,Tc, Kd ,Jd")) == parse_deal(VWEC)


def test_a_deal_without_seat_labels_is_quoted_once():
    text = "9d Ac Tc Kd Jd Qd Js Kh 9h Jh 9c Ks Qh Kc Jc Ad As Ah 9s Qs"
    with pytest.raises(CardError) as err:
        parse_deal(text)
    assert str(err.value) == (f"deal {text!r}: no seat labels; write each hand after its seat: "
                              "'N:<cards> E:<cards> S:<cards> W:<cards>'")
    with pytest.raises(CardError) as err:
        parse_deal("9d Ac Tc Kd Jd", players=2)
    assert str(err.value) == "deal '9d Ac Tc Kd Jd': no seat labels; write each hand after its seat: 'N:<cards> S:<cards>'"
    # with labels after some cards, the cards before the first label are named
    with pytest.raises(CardError) as err:
        parse_deal("Jh Ah N:Kh")
    assert str(err.value) == "deal 'Jh Ah N:Kh': expected 'N:' before the first hand, got 'Jh Ah'"


BIG = "Z" * 100_000
BIG_INPUT_ERRORS = [
    (lambda: Card.parse(BIG), "card 'ZZZ"),
    (lambda: Card.parse("Jh " + BIG), "expected one card, got several"),
    (lambda: Suit.parse(BIG), "suit 'ZZZ"),
    (lambda: Seat.parse(BIG), "seat 'ZZZ"),
    (lambda: parse_cards("Jh Ah " + "Kh " * 30_000), "card Kh appears twice"),
    (lambda: parse_cards(["Jh"] * 30_000), "card Jh appears twice"),
    (lambda: parse_cards("." * 100_000), "PBN hands need 4 suit groups"),
    (lambda: parse_deal(BIG), "no seat labels"),
    (lambda: parse_deal(BIG + " N:Jh"), "expected 'N:' before the first hand"),
    (lambda: parse_deal("N:Jh E:Ah " + "N:Kh " * 30_000), "seat N is named twice"),
    (lambda: parse_deal("N:Jh,E:Ah " + BIG), "hands are separated by spaces"),
    (lambda: parse_deal("N:Jh|" + BIG), "'|' splits a dummy-hands deal"),
]


@pytest.mark.parametrize("case", range(len(BIG_INPUT_ERRORS)))
def test_errors_quote_big_input_short(case):
    call, message = BIG_INPUT_ERRORS[case]
    with pytest.raises(CardError) as err:
        call()
    assert message in str(err.value) and len(str(err.value)) < 1000
    assert "characters cut]" in str(err.value)


# -- issue 37 item 9: the formatters refuse bad input with a CardError naming the token ------------------------
@pytest.mark.parametrize("hands, message", [
    ({"N": "x"}, "N hand 'x': expected a card bitmask or a list of cards"),
    ({"N": ["Jh", "x"]}, "N hand ['Jh', 'x']: card 'x': expected a rank"),
    ({"X": ["Jh"]}, "seat 'X': must be one of N E S W"),
    ({7: None}, "seat 7: must be one of N E S W"),
    ({0: ["Jh"], "N": ["Ah"]}, "deal: seat N is named twice"),
    ("N:Jh", "deal 'N:Jh': expected a mapping of seats to cards"),
])
def test_format_deal_refuses_bad_input_naming_the_token(hands, message):
    with pytest.raises(CardError) as err:
        format_deal(hands)
    assert str(err.value).startswith(message)


def test_format_deal_takes_seat_names_and_card_names():
    assert format_deal({"s": ["Jh"], "N": 0b11, Seat.W: None}) == "N:9c 9d S:Jh W:-"


@pytest.mark.parametrize("call, message", [
    (lambda: mask_of(["Jh", "x"]), "card 'x': expected a rank"),
    (lambda: mask_of([None]), "card None: expected text such as 'Jh'"),
    (lambda: mask_of([99]), "card 99: index must be an integer 0..24"),
    (lambda: cards_of(-1), "cards -1: a bitmask of the 25 cards is an integer 0..33554431"),
    (lambda: cards_of(1 << 30), "cards 1073741824: a bitmask of the 25 cards"),
    (lambda: cards_of("x"), "cards 'x': a bitmask of the 25 cards"),
    (lambda: trump_of(9), "trump 9: must be a suit c d h s or n (no trump)"),
])
def test_sibling_helpers_refuse_bad_input_with_a_card_error(call, message):
    with pytest.raises(CardError) as err:
        call()
    assert str(err.value).startswith(message)


def test_mask_of_reads_names_indices_and_numpy_integers():
    import numpy as np
    assert mask_of(["9c", 1, np.int64(2), Card("Jh")]) == 0b111 | Card("Jh").mask


def test_format_hand_groups_by_suit_trump_first_as_it_ranks():
    from solver.cards import NO_TRUMP, format_hand
    hand = parse_cards("9c Ts Jd Jh Ah")
    assert format_hand(hand, Suit.H) == "Jh Jd Ah 9c Ts"          # right, left, then the plain suits
    assert format_hand(hand) == "9c Jd Ah Jh Ts"                  # no trump known: c d h s, each high to low
    assert format_hand(hand, NO_TRUMP) == "9c Jd Ah Jh Ts"
    assert format_hand(mask_of(hand), Suit.D) == "Jd Jh 9c Ah Ts"  # a bitmask the same; the left bower is hearts'
    assert format_hand(parse_cards("B Qs Js Jc 9s"), Suit.S) == "B Js Jc Qs 9s"
    assert format_hand(parse_cards("B Qs Js Jc 9s")) == "B Jc Qs Js 9s"
    assert format_hand([]) == "-" == format_hand(0)
    with pytest.raises(CardError, match="trump 'x'"):
        format_hand(hand, "x")
    with pytest.raises(CardError, match="a bool"):
        format_hand(True)


def test_format_hand_against_the_laws_ranking():
    """Over drawn hands (the joker among them) and every trump: the suits come as the laws' effective suits,
    trump first then clubs, diamonds, hearts, spades, each run in the laws' trick strength (led in that suit)
    high to low; no trump: by printed suit, the joker first, each suit by printed rank."""
    from solver.cards import format_hand
    from solver.laws import trick_strength
    rng = np.random.default_rng(7)
    for _ in range(400):
        hand = [Card(int(c)) for c in rng.choice(JOKER + 1, size=int(rng.integers(1, 11)), replace=False)]
        for trump in (None, *Suit):
            shown = [Card(t) for t in format_hand(hand, trump).split()]
            assert sorted(shown) == sorted(hand)
            if trump is None:
                key = [(-1, 0) if c.is_joker else (int(c.suit), -c.rank) for c in shown]
            else:
                key = [(-1 if effective_suit(c, trump) == trump else effective_suit(c, trump),
                        -trick_strength(c, trump, effective_suit(c, trump))) for c in shown]
            assert key == sorted(key), (format_hand(hand, trump), trump)
