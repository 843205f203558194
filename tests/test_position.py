"""Position validation: each impossible position gets a clear error naming the problem."""
import pytest

from solver import CardError, Position, PositionError, Rules, solve

VWEC = "N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"


def test_real_deal_parses():
    pos = Position.parse(VWEC, trump="c", leader="W", makers="NS")
    assert str(pos.to_move) == "W" and pos.tricks_left == 5
    # W holds no clubs and no trump: any card may lead
    assert [str(c) for c in pos.legal_cards()] == ["9s", "Qs", "Ad", "Ah", "As"]


@pytest.mark.parametrize("kwargs,message", [
    (dict(deal="N:9d Ac Tc Kd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"), "N holds 4 cards, expected 5"),
    (dict(deal="N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:-"), "W hand is unknown"),
    (dict(deal="N:9d Ac Tc Kd B E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"), "joker is not in the pack"),
    (dict(leader="E", alone="W", makers="EW",
          deal="N:9d Ac Tc Kd Jd E:- S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"), "leader E: that seat does not play"),
    (dict(alone="N"), "S sits out (partner alone): its hand must be '-'"),
    (dict(alone="E"), "the loner must be one of the makers"),
    (dict(played="Qd"), "card Qd is in the current trick and in E's hand"),
    (dict(deal="N:9d Ac Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:As Ah 9s Qs", played="Ad Tc"),
     "played Tc by N: a renege, N holds diamonds (9d Jd Kd) and must follow suit"),
    (dict(makers="NE"), "side 'NE': must be NS or EW"),
    (dict(trump="x"), "suit 'x'"),
])
def test_bad_positions(kwargs, message):
    args = dict(deal=VWEC, trump="c", leader="W", makers="NS")
    args.update(kwargs)
    deal = args.pop("deal")
    with pytest.raises((PositionError, CardError)) as err:
        Position.parse(deal, **args)
    assert message in str(err.value)


def test_renege_names_the_card():
    # W leads Ad; N holds 9d Kd Jd (diamonds) and may not play a club
    pos = Position.parse(VWEC, trump="c", leader="W").play("Ad")
    with pytest.raises(PositionError, match=r"card Ac: a renege, N holds diamonds \(9d Jd Kd\) and must follow suit"):
        pos.play("Ac")
    with pytest.raises(PositionError, match="N does not hold it"):
        pos.play("As")


def test_two_player_position():
    pos = Position.parse("N:9d Jd 9s S:Jc Ts 9h", trump="s", leader="N", makers="N", rules=Rules(players=2))
    assert pos.seats_in_play == (0, 2)
    with pytest.raises(CardError, match="seat E does not play"):
        Position.parse("N:9d E:Jd S:9s", trump="s", leader="N", makers="N", rules=Rules(players=2))


def test_tricks_won_counts():
    pos = Position.parse("N:9d E:Qd S:9c W:Ad", trump="c", leader="W", tricks_won={"NS": 3, "EW": 1})
    assert pos.tricks_won == (3, 1)
    with pytest.raises(PositionError, match="tricks_won NS 3, EW 2: 4 tricks have been played, with 1 left"):
        Position.parse("N:9d E:Qd S:9c W:Ad", trump="c", leader="W", tricks_won={"NS": 3, "EW": 2})
    with pytest.raises(PositionError, match="no cards left to play"):
        Position.parse("N: E: S: W:", trump="c", leader="W")


def test_mid_hand_without_earlier_tricks_scores_no_points():
    # one trick left, NS lead the top trump: NS take it. Without tricks_won the result counts from
    # here and the hand's score is unknown; with them it is the hand's total and its points.
    pos = Position.parse("N:Jc E:9h S:Qh W:Ah", trump="c", leader="N")
    result = solve(pos)
    assert result.tricks == {"NS": 1, "EW": 0} and result.points is None and not result.totals
    pos = Position.parse("N:Jc E:9h S:Qh W:Ah", trump="c", leader="N", tricks_won={"NS": 2, "EW": 2})
    result = solve(pos)
    assert result.tricks == {"NS": 3, "EW": 2} and result.points == {"NS": 1} and result.totals
