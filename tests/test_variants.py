"""House rules as variants (solver.variants): a new rule is a hook and a row.

Checked here: every :class:`Rules` switch has exactly one :class:`Variant`; the kernel modules read no switch
outside the variants (an AST scan); and every hook point, under every valid combination of the rules, answers
as the kernel did before the hooks, by a slow reference written from docs/rules.md (the pre-hook branches, kept
here as the statement of the old behaviour) on enumerated inputs: every five-card hand for the kitty exchanges,
every seat for the leaders and the calls, and random hands played through for the phases.
"""
from __future__ import annotations

import ast
import dataclasses
import itertools
import random
from pathlib import Path

import pytest

from solver import laws, variants
from solver.cards import ALL_CARDS_MASK, FULL_MASK, JOKER, NO_TRUMP, Seat, Suit
from solver.errors import IllegalActionError, PositionError, RulesError
from solver.game import ALONE, ORDER, DealCards, Hand, Phase
from solver.rules import Rules

ROOT = Path(__file__).resolve().parents[1]

#: Rules options that are no house rule: the size of the table and the numbers of the score and the game
NOT_VARIANTS = {"players", "winning_score", "march_score", "loner_march_score", "euchre_score",
                "loner_euchred_score", "lone_defender_score", "num_deals"}

#: The kernel modules: they ask the hook points and read no switch
KERNEL = ("solver/laws.py", "solver/game/hand.py", "solver/game/state.py")

#: Switch reads left in the game modules the hooks have not reached yet: (module, switch) -> count. A new read
#: fails this test; moving one behind a hook means lowering its count here.
LEFT_BEHIND = {
    ("solver/game/deal.py", "dummy_hands"): 2,
    ("solver/game/seat.py", "joker"): 1,
    ("solver/game/seat.py", "defend_alone"): 1,
    ("solver/game/seat.py", "dummy_hands"): 5,
    ("solver/game/seat.py", "partners_best"): 2,
    ("solver/game/seat.py", "allow_no_trump"): 1,
    ("solver/game/view.py", "dummy_hands"): 1,
}


def all_rules() -> list:
    """Every valid combination of the switches (two-player and four-player), the scores at their defaults."""
    switches = [f for f in dataclasses.fields(Rules) if f.name in variants.SWITCHES]
    choices = [(False, True) if isinstance(f.default, bool) else ("left_of_loner", "left_of_dealer")
               for f in switches]
    out = []
    for players in (4, 2):
        for values in itertools.product(*choices):
            try:
                out.append(Rules(players=players, **{f.name: v for f, v in zip(switches, values)}))
            except RulesError:
                pass
    return out


ALL_RULES = all_rules()


# -- a hook and a row -------------------------------------------------------------------------------------
def test_every_switch_has_exactly_one_variant():
    options = {f.name for f in dataclasses.fields(Rules)}
    assert len(variants.SWITCHES) == len(set(variants.SWITCHES))
    assert set(variants.SWITCHES) == options - NOT_VARIANTS
    assert Rules().variants == ()                  # the defaults play no house rule
    for v in variants.VARIANTS:
        assert Rules(**{v.switch: v.value}, **({"players": 2} if v.switch == "dummy_hands" else {})).variants == (v,)


def test_a_variant_implements_only_the_hooks_it_changes():
    hooks = [name for name, value in vars(variants.Variant).items()
             if callable(value) and not name.startswith("_") and name not in ("on", "refusal")]
    assert {"pack", "hands_per_seat", "opens", "discard_mask", "contracts", "may_pass", "must_go_alone",
            "lead_from", "set_rules"} <= set(hooks)
    for v in variants.VARIANTS:
        assert any(getattr(type(v), h) is not getattr(variants.Variant, h) for h in hooks), f"{v} changes no hook"


def test_the_later_rules_are_written_only_when_on():
    # the dict form and the EGN ruleset of the rules that existed before these, and every seed derived from the
    # dict, stay what they were: these five are written only when switched on, in this order
    assert variants.LATER_SWITCHES == ("canadian", "partners_best", "allow_no_trump", "farmers", "go_under")
    assert not set(variants.LATER_SWITCHES) & set(Rules().to_dict()) and not set(variants.LATER_SWITCHES) & set(
        Rules().to_egn())
    on = Rules(canadian=True, partners_best=True, allow_no_trump=True, farmers=True, go_under=True)
    assert list(on.to_egn())[-5:] == list(variants.LATER_SWITCHES)
    assert Rules.from_egn(on.to_egn()) == on


def test_the_phase_order_is_the_phase_enum():
    assert variants.PHASES == tuple(p.value for p in Phase)


def switch_reads(path: str) -> list:
    """``(switch, line)`` of every read of a Rules switch in ``path``: ``rules.x``, ``self._rules.x``,
    ``hand.rules.x``, ``getattr(rules, "x")``."""
    out = []
    tree = ast.parse((ROOT / path).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in variants.SWITCHES:
            owner = node.value
            name = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
            if name in ("rules", "_rules", "r"):
                out.append((node.attr, node.lineno))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
                and node.args and ast.unparse(node.args[0]) in ("rules", "self._rules", "self.rules", "hand.rules"):
            out.append(("getattr", node.lineno))
    return out


def test_the_scan_sees_a_read():
    # the scan is not blind: the variants read the switches of the other options (the joker, the players)
    assert ("joker" in {s for s, _ in switch_reads("solver/variants.py")}
            and "getattr" in {s for s, _ in switch_reads("solver/variants.py")})


@pytest.mark.parametrize("path", KERNEL)
def test_the_kernel_reads_no_switch(path):
    assert switch_reads(path) == []


def test_the_switch_reads_left_in_the_game_modules_are_the_known_ones():
    counts = {}
    for path in sorted((ROOT / "solver/game").glob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in KERNEL:
            continue
        for switch, _line in switch_reads(rel):
            counts[(rel, switch)] = counts.get((rel, switch), 0) + 1
    assert counts == LEFT_BEHIND


# -- each hook point answers as the kernel did: the reference ---------------------------------------------
def test_enumerated_rules_cover_every_switch():
    for switch in variants.SWITCHES:
        assert len({getattr(r, switch) for r in ALL_RULES}) == 2
    assert len(ALL_RULES) > 500


def ref_kitty_size(rules):
    pack = 25 if rules.joker else 24
    return pack - 5 * len(rules.seats) * (2 if rules.dummy_hands else 1)


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.differences(Rules()) or "defaults")
def test_pack_deal_contracts_calls_and_leaders(rules):
    assert laws.pack_mask(rules) == (FULL_MASK if rules.joker else ALL_CARDS_MASK)
    assert rules.kitty_size == ref_kitty_size(rules)
    assert rules.kitty_exchange == (rules.farmers or rules.go_under)
    assert laws.contracts(rules) == tuple(Suit) + ((NO_TRUMP,) if rules.allow_no_trump else ())
    for dealer, seat, rnd in itertools.product(rules.seats, rules.seats, (1, 2)):
        assert variants.may_pass(rules, rnd, seat, dealer) == (not (rnd == 2 and seat == dealer
                                                                    and rules.stick_the_dealer))
        assert laws.must_go_alone(seat, dealer, rnd, rules) == bool(
            rules.canadian and rnd == 1 and rules.players == 4 and seat == Seat(dealer).partner)
    loners = (None,) + (tuple(rules.seats) if rules.players == 4 else ())
    for dealer, alone in itertools.product(rules.seats, loners):
        defenders = (None,) + tuple(s for s in rules.seats if alone is not None and s % 2 != alone % 2)
        for defender in defenders:
            assert laws.first_leader(dealer, rules, alone, defender) == ref_first_leader(dealer, rules, alone,
                                                                                         defender)
    up = 1 << 5
    assert variants.discard_mask(rules, 0b111111, up) == (0b111111 if rules.dealer_may_discard_upcard
                                                          else 0b111111 & ~up)
    assert variants.set_rules(rules) == (rules.replace(dummy_hands=False) if rules.dummy_hands else rules)


def ref_first_leader(dealer, rules, alone, defender):
    """docs/rules.md: left of the dealer; against a loner left of the loner (or of the dealer by
    ``loner_lead``); a seat that sits out is passed over; two-player: the non-dealer."""
    if rules.players == 2:
        return Seat((dealer + 2) % 4)
    out = {alone ^ 2 if alone is not None else None, defender ^ 2 if defender is not None else None}
    start = alone if alone is not None and rules.loner_lead == "left_of_loner" else dealer
    seat = (start + 1) % 4
    while seat in out:
        seat = (seat + 1) % 4
    return Seat(seat)


EXCHANGE_RULES = [Rules(farmers=True), Rules(go_under=True), Rules(farmers=True, go_under=True), Rules()]
NINES_TENS = [c for c in range(24) if c // 4 < 2]
LOW = [c for c in range(24) if c // 4 < 2 or c // 4 == 3]       # nines, tens, queens: no jack, king or ace


def ref_qualifies(hand_cards, rules, unknown=0):
    out = []
    if rules.farmers and sum(1 for c in hand_cards if c in NINES_TENS) + unknown >= 3:
        out.append("farmers")
    if rules.go_under and all(c in LOW for c in hand_cards):
        out.append("go_under")
    return tuple(out)


@pytest.mark.parametrize("rules", EXCHANGE_RULES, ids=lambda r: r.differences(Rules()) or "defaults")
def test_kitty_exchanges_on_every_hand(rules):
    for five in itertools.combinations(range(24), 5):
        hand = sum(1 << c for c in five)
        expected = ref_qualifies(five, rules)
        assert laws.kitty_exchanges(hand, rules) == expected
        choices = laws.kitty_exchange_choices(hand, rules)
        pools = {"farmers": [c for c in five if c in NINES_TENS], "go_under": list(five)}
        assert choices == [(k, sum(1 << c for c in three)) for k in expected
                           for three in itertools.combinations(pools[k], 3)]


@pytest.mark.parametrize("rules", EXCHANGE_RULES[:3], ids=lambda r: r.differences(Rules()))
def test_a_partly_known_hand_may_qualify_as_before(rules):
    hand = Hand(rules, "S")
    for unknown in (1, 2):
        for known in itertools.combinations(range(24), 5 - unknown):
            hand._hands, hand._unknown = (sum(1 << c for c in known), 0, 0, 0), (unknown, 0, 0, 0)
            assert hand._exchanges_open(0) == ref_qualifies(known, rules, unknown)


@pytest.mark.parametrize("rules", EXCHANGE_RULES, ids=lambda r: r.differences(Rules()) or "defaults")
def test_known_kitty_checks_as_before(rules):
    rng = random.Random(35)
    for three in itertools.combinations(range(24), 3):
        known = sum(1 << c for c in three)
        rest = [c for c in range(24) if c not in three]
        for _ in range(3):
            hand = sum(1 << c for c in rng.sample(rest, 5))
            assert outcome(laws.check_known_kitty, known, hand, rules) == ref_known_kitty(three, hand, rules)


def outcome(fn, *args):
    try:
        fn(*args)
    except (PositionError, RulesError) as exc:
        return type(exc).__name__
    return "ok"


def ref_known_kitty(three, hand, rules):
    """A farmer's three shown are nines or tens; the seat that went under put three cards with no jack, ace or
    king under and kept two such cards of its own; no exchange rule: no known kitty."""
    if not (rules.farmers or rules.go_under):
        return "RulesError"
    if rules.farmers and all(c in NINES_TENS for c in three):
        return "ok"
    held_low = sum(1 for c in range(24) if hand >> c & 1 and c in LOW)
    if rules.go_under and all(c in LOW for c in three) and held_low >= 2:
        return "ok"
    return "PositionError"


def test_check_kitty_exchange_messages_name_the_rule():
    hand = sum(1 << c for c in (0, 1, 4, 12, 13))          # 9c 9d Tc Qc Qd
    with pytest.raises(IllegalActionError, match="cannot show a farmer's hand: the rules do not have farmers"):
        laws.check_kitty_exchange("farmers", 0b10011, hand, Rules(go_under=True))
    with pytest.raises(IllegalActionError, match="cannot show Qc as a farmer's hand: the three shown are nines"):
        laws.check_kitty_exchange("farmers", (1 << 0) | (1 << 1) | (1 << 12), hand, Rules(farmers=True))
    with pytest.raises(IllegalActionError, match="cannot go under: it holds a jack, an ace or a king"):
        laws.check_kitty_exchange("go_under", 0b10011, hand | (1 << 23), Rules(go_under=True))


# -- the phases: which follows which, as before, on random hands under every rule combination ------------------
def ref_next(before: Hand, action, after: Hand):
    """The phase and seat that follow ``action`` taken in ``before``, by the pre-hook kernel's branches."""
    r, p = before.rules, before.phase
    alone = after.alone

    def after_loner():
        if alone is not None and r.defend_alone:
            return Phase.DEFEND_ALONE, after._defenders()[0]
        return Phase.PLAY, laws.first_leader(after.dealer, r, alone, None)

    def after_trump():
        return (Phase.ALONE, after.maker) if r.players == 4 else (Phase.PLAY, laws.first_leader(after.dealer, r))

    def bidding():
        if after.upcard == JOKER:
            return Phase.NAME_SUIT, after.dealer
        return Phase.BID1, laws.bidding_order(after.dealer, r.players)[0]

    def exchange_from(i):
        if r.farmers or r.go_under:
            for seat in laws.bidding_order(after.dealer, r.players)[i:]:
                if ref_qualifies([c for c in range(24) if after.holding(seat) >> c & 1], r):
                    return Phase.EXCHANGE, seat
        return bidding()

    if isinstance(action, DealCards):
        return exchange_from(0)
    if p is Phase.EXCHANGE:
        order = laws.bidding_order(after.dealer, r.players)
        return exchange_from(order.index(before.to_act) + 1) if action.exchange is None else bidding()
    if p is Phase.NAME_SUIT:
        return Phase.BID1, laws.bidding_order(after.dealer, r.players)[0]
    if p in (Phase.BID1, Phase.BID2):
        if after.trump is None:
            return None                                  # the bidding goes on, or the hand is thrown in
        return (Phase.DISCARD, after.dealer) if p is Phase.BID1 else after_trump()
    if p is Phase.DISCARD:
        return after_trump()
    if p is Phase.ALONE:
        if alone is not None and r.partners_best:
            return Phase.GIVE, Seat(alone).partner
        return after_loner()
    if p is Phase.GIVE:
        return Phase.LONER_DISCARD, alone
    if p is Phase.LONER_DISCARD:
        return after_loner()
    if p is Phase.DEFEND_ALONE:
        if after.phase is Phase.DEFEND_ALONE:
            return Phase.DEFEND_ALONE, after._defenders()[1]
        return Phase.PLAY, laws.first_leader(after.dealer, r, alone, after.defender_alone)
    return None                                          # play: the tricks are the play's own business


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.differences(Rules()) or "defaults")
def test_the_phases_follow_as_before(rules):
    rng = random.Random(repr(rules))
    visited = set()
    for deal in range(4):
        hand = Hand(rules, rules.seats[deal % len(rules.seats)])
        action = DealCards.random(rules, rng)
        while True:
            before = hand.copy()
            hand.apply(action)
            expected = ref_next(before, action, hand)
            if expected is not None:
                assert (hand.phase, hand.to_act) == expected, (before.state_text(), action)
            visited.add(hand.phase)
            if hand.is_over:
                break
            legal = hand.legal_actions()
            # lean towards the calls that open the house rules' phases: order up, go alone
            keen = [a for a in legal if a in (ORDER, ALONE)]
            action = keen[0] if keen and rng.random() < 0.7 else rng.choice(legal)
    assert Phase.PLAY in visited


@pytest.mark.parametrize("switches", [{"go_under": True}, {"farmers": True}, {"farmers": True, "go_under": True,
                                                                                "canadian": True}])
def test_pickled_rules_play_the_same_variants(switches):
    """A Rules sent to another process (a match's --jobs workers) holds the very variants of VARIANTS: the kitty
    exchange it allows is allowed there too (laws.check_kitty_exchange asks ``variant in rules.variants``)."""
    import pickle
    rules = Rules(**switches)
    back = pickle.loads(pickle.dumps(rules))
    assert back == rules and all(a is b for a, b in zip(back.variants, rules.variants))
    assert len(back.variants) == len(rules.variants)
    from solver.cards import mask_of, parse_cards
    hand = mask_of(parse_cards("9c 9d Tc Qh Qs"))       # three nines and tens, no jack, king or ace
    given = mask_of(parse_cards("9c 9d Tc"))
    for kind in laws.kitty_exchanges(hand, rules):
        laws.check_kitty_exchange(kind, given, hand, back, Seat.E)      # raises if the copy does not allow it
    assert laws.kitty_exchanges(hand, back) == laws.kitty_exchanges(hand, rules) != ()


def test_a_match_over_worker_processes_plays_the_kitty_exchanges():
    """euchre match --go-under --jobs 2 played every deal in its workers (it failed there: "E cannot go under: the
    rules do not have go_under"), and as one process does."""
    from solver import play_match
    rules = Rules(go_under=True, farmers=True)
    one = play_match("policy", "random", deals=4, seed=3, rules=rules, jobs=1)
    assert play_match("policy", "random", deals=4, seed=3, rules=rules, jobs=2).to_dict() == one.to_dict()
