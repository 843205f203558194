"""The method as one value (:class:`solver.Method`) and the advisors that take ``(view, method)``: the same answers
as the keywords they replace, bit for bit; the old forms warn; bad members and wrong phases are named."""
from __future__ import annotations

import json
import warnings

import numpy as np
import pytest

import solver
from solver import ArgumentError, IllegalActionError, Method, advise_bid, seat_view
from solver.advisor import bid_question_view
from solver.advisor.kitty import exchange_question_view
from solver.advisor.method import MEMBERS, ROBUST_DELTA
from solver.bidding import POLICY
from solver.worlds import EXACT_LIMIT

FARMERS = {"farmers": True}


def old(fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` and the one DeprecationWarning it must give."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = fn(*args, **kwargs)
    assert [w.category for w in caught] == [DeprecationWarning], caught
    return got, str(caught[0].message)


def quiet(fn, *args, **kwargs):
    """``fn(*args, **kwargs)``, failing on any DeprecationWarning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        return fn(*args, **kwargs)


# -- Method ------------------------------------------------------------------------------------------

def test_defaults_are_the_advisors_and_worlds_are_left_to_each():
    m = Method()
    assert (m.worlds, m.seed, m.threads, m.inference, m.valuation, m.inner_worlds, m.examples) == \
           (None, None, 1, "auction", None, 20, 0)
    assert (m.robust_delta, m.early_stop, m.exact_limit, m.own_round2, m.policy) == \
           (ROBUST_DELTA, None, EXACT_LIMIT, "best", None)
    assert m.worlds_or(2000) == 2000 and Method(worlds=50).worlds_or(2000) == 50


@pytest.mark.parametrize("given, want", [(True, "auction"), (False, "none"), ("play", "play"), ("both", "both")])
def test_inference_takes_the_names_and_the_booleans(given, want):
    assert Method(inference=given).inference == want
    assert Method(inference=given).reads_auction is (want in ("auction", "both"))


def test_valuation_is_kept_as_its_api_name():
    assert Method(valuation="single-dummy").valuation == "single_dummy"
    assert Method(valuation="Double Dummy").valuation == "double_dummy"


def test_coerce_takes_none_a_dict_or_a_method_and_round_trips():
    m = Method(worlds=300, seed=7, inference="both", model="point-count", valuation="playout", inner_worlds=5,
               examples=2, score={"NS": 3, "EW": 8}, robust_delta=None, early_stop=False, own_round2="policy",
               policy=POLICY)
    assert Method.coerce(None) == Method() and Method.coerce(m) is m
    data = m.to_dict()
    assert list(data) == list(MEMBERS) and data["policy"] == POLICY.name and data["score"] == {"NS": 3, "EW": 8}
    assert Method.from_dict(data) == m and Method.coerce(data) == m


@pytest.mark.parametrize("members, message", [
    ({"wrolds": 100}, "method member 'wrolds': unknown"),
    ({"worlds": 5}, "worlds 5: must be a whole number 10..100000"),
    ({"seed": -1}, "seed -1"),
    ({"threads": 0}, "threads 0"),
    ({"inference": "cards"}, "inference 'cards': expected one of none, auction, play, both"),
    ({"valuation": "guess"}, "valuation 'guess': unknown"),
    ({"examples": 99}, "examples 99"),
    ({"robust_delta": 11}, "robust_delta 11"),
    ({"early_stop": "yes"}, "early_stop 'yes'"),
    ({"own_round2": "worst"}, "own_round2 'worst'"),
    ({"policy": "another"}, "policy 'another': unknown"),
    ({"score": "8-6"}, "score '8-6'"),
    ({"exact_limit": -1}, "exact_limit -1"),
])
def test_a_bad_member_is_named_with_why(members, message):
    with pytest.raises(ArgumentError, match=message):
        Method.coerce(members)


def test_neither_a_dict_nor_a_method_is_refused():
    with pytest.raises(ArgumentError, match="method 12: expected a Method or a dict"):
        Method.coerce(12)
    with pytest.raises(ArgumentError, match="method member 'wrolds'"):
        Method().replace(wrolds=3)


# -- bid advice --------------------------------------------------------------------------------------

#: Bid questions at 150 worlds, seed 5, with each option's expected points (and chance of the game, with a score) as
#: ``advise(...)`` gave them before the method was one value (version 0 of this file: pinned, never recomputed; under
#: the single-dummy fit then the default, ``single-dummy-v3``, which the test puts in force)
QUESTIONS = [
    (("9d Ac Tc Kd Jd", "Kc", "N", "S", 1), {},
     {"pass": 0.7733333333333333, "order": 0.28, "order alone": -1.36}),
    (("Tc Td As Ts Kd", "9s", "N", "W", 2), {},
     {"pass": -0.7, "call c": -0.7666666666666667, "call c alone": -1.74, "call d": -0.5933333333333334,
      "call d alone": -1.56, "call h": -1.3266666666666667, "call h alone": -2.0}),
    # the chances of the game re-pinned once, when the game odds were re-derived under single-dummy-v6
    # (hand-outcomes-sd-3.json; the points as pinned: 0.9349, 0.9721, 0.9665 under hand-outcomes-sd-2.json)
    (("Jh Jd Ah Kh Ac", "9h", "W", "S", 1), {"score": {"NS": 6, "EW": 8}},
     {"pass": (1.3866666666666667, 0.9355585055152275), "order": (1.7333333333333334, 0.9723923851115341),
      "order alone": (3.04, 0.966870862133841)}),
    (("9d Ac Tc Kd Jd", "Kc", "N", "S", 1), {"inference": False, "policy": POLICY, "valuation": "double_dummy"},
     {"pass": 0.05333333333333334, "order": -0.10666666666666667, "order alone": -1.66}),
]


@pytest.mark.parametrize("question, how, pinned", QUESTIONS)
def test_advise_bid_is_the_old_keywords_bit_for_bit(question, how, pinned):
    from solver.advisor.single_dummy import using_model
    with using_model("single-dummy-v3"):
        before, message = old(solver.advise, *question, worlds=150, seed=5, **how)
        view = bid_question_view(*question)
        after = quiet(advise_bid, view, Method(worlds=150, seed=5, **how))
    assert message.startswith("solver.advise(hand, upcard, seat, dealer, ...) is deprecated")
    got = {o.call: o.expected_points if o.p_win_game is None else (o.expected_points, o.p_win_game)
           for o in after.options}
    assert got == pinned
    assert after.to_dict() == before.to_dict()
    for a, b in zip(after.options, before.options):
        assert np.array_equal(a.world_points, b.world_points)


def test_advise_bid_reads_the_question_off_the_view_the_game_gives():
    hand = solver.Hand.from_deal("N:9d Ac Tc Kd Jd E:9s Ts Qs Ks 9h W:As Th Qh Kh Ah S:Js Jc Qc Kc 9c", "Td",
                                 dealer="S")
    view = hand.view("W")                        # W is the first to bid
    got = quiet(advise_bid, view, {"worlds": 100, "seed": 2})
    assert (got.seat, got.dealer, got.round) == (solver.Seat.W, solver.Seat.S, 1)
    assert solver.format_cards(got.hand) == solver.format_cards(view.hand)
    again = quiet(advise_bid, view.to_dict(), Method(worlds=100, seed=2))     # a dict of the view's keys
    assert again.to_dict() == got.to_dict()


def test_the_default_seed_is_the_questions_at_both_forms():
    question = ("9d Ac Tc Kd Jd", "Kc", "N", "S", 1)
    before, _ = old(solver.advise, *question, worlds=100)
    after = quiet(advise_bid, bid_question_view(*question), Method(worlds=100))
    assert after.seed == before.seed == 8147528645640617770         # as before the method was one value
    assert after.to_dict() == before.to_dict()


def test_bid_advice_of_a_view_in_another_phase_names_the_phase():
    view = seat_view("W", "Ac Kc 9c Qd Td", "S", "9s", calls="Pass Pass Pass Pass Pass h")
    with pytest.raises(IllegalActionError, match="W's view: the hand is in the play phase, not round 1 or 2"):
        advise_bid(view)
    other = seat_view("E", "9d Ac Tc Kd Jd", "N", "Kc", calls="")
    assert other.to_act is solver.Seat.E
    with pytest.raises(IllegalActionError, match="it is E's turn to bid, not S's"):
        advise_bid(seat_view("S", "9d Ac Tc Kd Jd", "N", "Kc", calls=""))


# -- play, defence, leads ----------------------------------------------------------------------------

PLAY = dict(seat="W", hand="Ah Kh 9c Qd Td", dealer="E", upcard="Jh", calls="Order", tricks="9h")


def test_advise_play_takes_a_method_with_the_keywords_answer():
    view = seat_view(**PLAY)
    by_keywords, message = old(solver.advise_play, view, worlds=120, seed=3, valuation="double_dummy")
    assert message.startswith("solver.advise_play(..., worlds=...): the keyword form is deprecated")
    by_method = quiet(solver.advise_play, view, Method(worlds=120, seed=3, valuation="double_dummy"))
    assert by_method.to_dict() == by_keywords.to_dict()
    with pytest.raises(ArgumentError, match="advise_play: give the method or its members as keywords, not both "
                                            "\\('worlds'\\)"):
        solver.advise_play(view, Method(seed=3), worlds=120)      # refused, and not warned first


def test_the_keyword_form_of_a_view_warns_too():
    """The view's keys as keywords (``advise_play(seat=..., hand=...)``) are the form before ``(view, method)``."""
    got, message = old(solver.advise_play, **PLAY, worlds=120, seed=3)
    assert message.startswith("solver.advise_play(..., seat=...): the keyword form is deprecated")
    assert got.to_dict() == quiet(solver.advise_play, seat_view(**PLAY), Method(worlds=120, seed=3)).to_dict()


def test_lead_table_takes_a_method_with_the_keywords_answer():
    view = seat_view("W", "Ac Kc 9c Qd Td", "S", "9s", calls="Pass Pass Pass Pass Pass h")
    a, message = old(solver.lead_table, view, worlds=100, seed=1)
    assert message.startswith("solver.lead_table(..., worlds=...): the keyword form is deprecated")
    b = quiet(solver.lead_table, view, {"worlds": 100, "seed": 1})
    assert a.to_dict() == b.to_dict()


def test_advise_defend_takes_a_method_with_the_keywords_answer():
    rules = {"defend_alone": True}
    view = seat_view("E", "Ac Kc 9c Qd Td", "S", "9s", calls="Pass Order", alone=True, rules=rules)
    a, message = old(solver.advise_defend, view, worlds=100, seed=1)
    assert message.startswith("solver.advise_defend(..., worlds=...): the keyword form is deprecated")
    b = quiet(solver.advise_defend, view, Method(worlds=100, seed=1))
    assert a.to_dict() == b.to_dict()



@pytest.mark.parametrize("advisor", ["advise_play", "lead_table", "advise_defend"])
@pytest.mark.parametrize("view_given", [True, False])
def test_a_misspelt_keyword_is_a_type_error_naming_it(advisor, view_given):
    """Not taken for a view's key (``give the view or its keys, not both``) nor warned of as a deprecated form."""
    rules = {"defend_alone": True} if advisor == "advise_defend" else None
    keys = dict(seat="E", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Order", alone=True, rules=rules)
    args, kwargs = ((seat_view(**keys),), {}) if view_given else ((), keys)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(TypeError, match=f"^{advisor}\\(\\) got an unexpected keyword argument 'wrolds'$"):
            getattr(solver, advisor)(*args, **kwargs, wrolds=100)

# -- the kitty exchange ------------------------------------------------------------------------------

def test_advise_exchange_of_a_view_is_the_old_pieces_bit_for_bit():
    before, message = old(solver.advise_exchange, "9c 9d Tc Qh Qs", "Kh", "S", "N", FARMERS, worlds=60, seed=1)
    assert message.startswith("solver.advise_exchange(hand, upcard, seat, dealer, ...) is deprecated")
    view = exchange_question_view("9c 9d Tc Qh Qs", "Kh", "S", "N", FARMERS)
    after = quiet(solver.advise_exchange, view, Method(worlds=60, seed=1))
    assert after.to_dict() == before.to_dict()
    # as before the method was one value
    assert after.best == "farmers 9c 9d Tc" and after.margin == 0.7166666666666667
    assert [o.expected_points for o in after.options] == [-0.5833333333333334, 0.13333333333333333]


def test_exchange_advice_of_a_view_in_another_phase_names_the_phase():
    view = bid_question_view("9c 9d Tc Qh Qs", "Kh", "S", "N", 1, FARMERS)
    with pytest.raises(IllegalActionError, match="S's view: the hand is in the bid1 phase, not the kitty exchange"):
        solver.advise_exchange(view)


# -- the HTTP door -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def client():
    from api import create_app
    return create_app({"TESTING": True}).test_client()


def test_http_play_reads_its_method_members_by_methods_names(client):
    body = {**PLAY, "worlds": 120, "seed": 3, "valuation": "double_dummy", "examples": 1,
            "score": {"NS": 6, "EW": 8}, "inference": "both", "play_model": "flat"}
    answer = client.post("/v1/play", json=body)
    assert answer.status_code == 200, answer.get_json()
    want = quiet(solver.advise_play, seat_view(**PLAY), Method(worlds=120, seed=3, valuation="double_dummy",
                                                               examples=1, score={"NS": 6, "EW": 8},
                                                               inference="both", play_model="flat"))
    assert answer.get_json() == want.to_dict()


def test_http_a_view_in_the_wrong_phase_is_a_422_with_the_python_message(client):
    question = dict(seat="S", hand="9d Ac Tc Kd Jd", dealer="N", upcard="Kc", calls="Pass")   # S to bid
    with pytest.raises(IllegalActionError) as info:
        solver.advise_play(seat_view(**question), Method(worlds=50))
    answer = client.post("/v1/play", json={**question, "worlds": 50})
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    assert answer.get_json()["detail"] == str(info.value)


# -- the CLI door ------------------------------------------------------------------------------------

ADVISE_ARGV = ["advise", "--hand", "9d Ac Tc Kd Jd", "--upcard", "Kc", "--seat", "N", "--dealer", "S"]
PLAY_ARGV = ["play", "--seat", "W", "--hand", "Ah Kh 9c Qd Td", "--dealer", "E", "--upcard", "Jh", "--calls", "Order",
             "--tricks", "9h"]


@pytest.mark.parametrize("argv, member", [(["--worlds", "5"], {"worlds": 5}), (["--threads", "0"], {"threads": 0}),
                                          (["--seed", "-3"], {"seed": -3}), (["--examples", "99"], {"examples": 99}),
                                          (["--inner-worlds", "0"], {"inner_worlds": 0})])
def test_cli_a_member_out_of_range_names_the_option_with_the_engines_message(capsys, argv, member):
    """As argparse names an option it cannot read (``argument --worlds: invalid int value``), and then the engine's
    own words for the member."""
    from solver.cli import main
    with pytest.raises(ArgumentError) as info:
        Method(**member)
    for command in (ADVISE_ARGV, PLAY_ARGV):
        with pytest.raises(SystemExit) as status:
            main(command + argv)
        err = capsys.readouterr().err
        assert status.value.code == 2 and err.startswith(f"euchre: error: argument {argv[0]}: {info.value} "), err
    with pytest.raises(SystemExit):
        main(ADVISE_ARGV + ["--worlds", "many"])
    assert "argument --worlds: invalid int value: 'many'" in capsys.readouterr().err


# -- a member the advisor does not read --------------------------------------------------------------

DEFEND_VIEW = dict(seat="E", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Order", alone=True,
                   rules={"defend_alone": True})
LEAD_VIEW = dict(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Pass Pass Pass Pass h")


def _views():
    return {"advise_bid": bid_question_view("9d Ac Tc Kd Jd", "Kc", "N", "S"), "advise_play": seat_view(**PLAY),
            "lead_table": seat_view(**LEAD_VIEW), "advise_defend": seat_view(**DEFEND_VIEW),
            "advise_exchange": exchange_question_view("9c 9d Tc Qh Qs", "Kh", "S", "N", FARMERS)}


@pytest.mark.parametrize("advisor, members, message", [
    ("advise_exchange", {"examples": 3}, "examples 3: advise_exchange does not read the method's examples (it reads "
                                         "worlds, seed, exact_limit); leave it at its default (0)"),
    ("advise_exchange", {"score": {"NS": 8, "EW": 6}}, "score {'NS': 8, 'EW': 6}: advise_exchange does not read the "
                                                       "method's score"),
    ("advise_exchange", {"threads": 2}, "threads 2: advise_exchange does not read the method's threads"),
    ("advise_defend", {"valuation": "double_dummy"}, "valuation 'double_dummy': advise_defend does not read the "
                                                     "method's valuation (it reads worlds, seed, threads, inference, "
                                                     "model)"),
    ("advise_defend", {"examples": 1}, "examples 1: advise_defend does not read the method's examples"),
    ("lead_table", {"score": {"NS": 8, "EW": 6}}, "score {'NS': 8, 'EW': 6}: lead_table does not read"),
    ("lead_table", {"examples": 2}, "examples 2: lead_table does not read the method's examples"),
    ("advise_play", {"early_stop": False}, "early_stop False: advise_play does not read the method's early_stop"),
    ("advise_play", {"own_round2": "policy"}, "own_round2 'policy': advise_play does not read"),
    ("advise_play", {"policy": POLICY}, f"policy '{POLICY.name}': advise_play does not read the method's policy"),
    ("advise_bid", {"play_model": "flat", "inference": "both"}, "play_model 'flat': advise_bid does not read the "
                                                                "method's play_model"),
    ("advise_play", {"inner_worlds": 5}, "inner_worlds 5: advise_play does not read the method's inner_worlds with "
                                         "the default valuation; only valuation playout uses inner worlds"),
    ("lead_table", {"inner_worlds": 5, "valuation": "double_dummy"}, "inner_worlds 5: lead_table does not read the "
                                                                     "method's inner_worlds with valuation "
                                                                     "double_dummy"),
    ("advise_play", {"play_model": "flat"}, "play_model 'flat': advise_play does not read the method's play_model "
                                            "with inference auction; only inference play or both"),
])
def test_an_advisor_refuses_a_member_it_does_not_read_by_name(advisor, members, message):
    from solver.rollout import Rollout  # noqa: F401  (registers the rollout valuation)
    with pytest.raises(ArgumentError) as info:
        quiet(getattr(solver, advisor), _views()[advisor], Method(worlds=20, seed=1, **members))
    assert str(info.value).startswith(message), str(info.value)


def test_a_rollout_where_it_is_not_used_is_refused_by_name():
    from solver.rollout import Rollout
    for advisor in ("advise_defend", "advise_exchange", "lead_table"):
        with pytest.raises(ArgumentError, match=f"^rollout 'Rollout': {advisor} does not read the method's rollout"):
            quiet(getattr(solver, advisor), _views()[advisor], Method(worlds=20, seed=1, rollout=Rollout()))


def test_a_member_at_its_default_is_not_given():
    """Every member written out at Method's defaults (``Method().to_dict()``, what a door that sends them all sends)
    is read as not given: the answer is the one of the members the advisor reads alone."""
    defaults = Method().to_dict()
    for advisor, view in _views().items():
        if advisor == "advise_bid":
            continue             # reads every member but the play model, which is at its default
        fn = getattr(solver, advisor)
        full = quiet(fn, view, Method.from_dict({**defaults, "worlds": 20, "seed": 4, "threads": 1, "examples": 0}))
        assert full.to_dict() == quiet(fn, view, Method(worlds=20, seed=4)).to_dict()


def test_cli_an_unread_member_is_the_engines_message(capsys):
    from solver.cli import main
    with pytest.raises(ArgumentError) as info:
        solver.lead_table(seat_view(**LEAD_VIEW), Method(worlds=20, play_model="flat"))
    argv = ["lead", "--seat", "W", "--hand", "Ac Kc 9c Qd Td", "--dealer", "S", "--upcard", "9s", "--calls",
            "Pass Pass Pass Pass Pass h", "--worlds", "20", "--play-model", "flat"]
    assert main(argv) == 2
    assert capsys.readouterr().err == f"euchre: error: {info.value}\n"


@pytest.mark.parametrize("route, body, advisor, member", [
    ("/v1/lead", {**LEAD_VIEW, "worlds": 20, "play_model": "flat"}, "lead_table", {"play_model": "flat"}),
    ("/v1/play", {**PLAY, "worlds": 20, "inner_worlds": 5}, "advise_play", {"inner_worlds": 5}),
])
def test_http_an_unread_member_is_a_422_naming_the_field_with_the_python_message(client, route, body, advisor,
                                                                                 member):
    with pytest.raises(ArgumentError) as info:
        view = seat_view(**{k: v for k, v in body.items() if k not in ("worlds", "play_model", "inner_worlds")})
        getattr(solver, advisor)(view, Method(worlds=20, **member))
    answer = client.post(route, json=body)
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    problem = answer.get_json()
    assert problem["detail"] == str(info.value) and problem["field"] == next(iter(member)), problem


def test_http_routes_send_the_servers_threads_only_to_an_advisor_that_reads_them():
    """The exchange does not read threads: a server of two engine threads still answers it, as one of one does."""
    from api import create_app
    body = {"hand": "9c 9d Tc Qh Qs", "upcard": "Kh", "seat": "S", "dealer": "N", "rules": FARMERS, "worlds": 60,
            "seed": 1}
    answers = [create_app({"TESTING": True, "ENGINE_THREADS": n}).test_client().post("/v1/exchange", json=body)
               for n in (1, 2)]
    assert [a.status_code for a in answers] == [200, 200] and answers[0].get_json() == answers[1].get_json()
    want = quiet(solver.advise_exchange, _views()["advise_exchange"], Method(worlds=60, seed=1))
    assert answers[1].get_json() == want.to_dict()


# -- Method is a frozen, hashable value --------------------------------------------------------------

def test_a_method_with_a_score_is_hashable_and_its_dict_round_trips():
    a = Method(worlds=100, score={"NS": 8, "EW": 6})
    b = Method(worlds=100, score={"EW": 6, "NS": 8})
    assert a == b and hash(a) == hash(b) and len({a, b, Method(worlds=100, score={"NS": 8, "EW": 7})}) == 2
    assert a.score == {"NS": 8, "EW": 6} and isinstance(a.score, dict)
    data = a.to_dict()
    assert type(data["score"]) is dict and data["score"] == {"NS": 8, "EW": 6}
    assert json.loads(json.dumps(data)) == data and Method.from_dict(data) == a
    with pytest.raises(TypeError, match="a Method's score cannot be changed"):
        a.score["NS"] = 9
    import pickle
    assert pickle.loads(pickle.dumps(a)) == a



def test_a_method_with_a_model_json_object_is_hashable_and_gives_that_model():
    """A model's JSON object (what a model file holds, one form ``model`` takes) keeps a Method hashable."""
    import pickle
    from pathlib import Path
    from solver import resolve_model
    data = json.loads((Path(solver.__file__).parent / "data/bidding-model-players-1.json").read_text())
    a, b = Method(worlds=100, model=data), Method(worlds=100, model=json.loads(json.dumps(data)))
    assert a == b and hash(a) == hash(b) and len({a, b, Method(worlds=100)}) == 2
    assert a.model == data and resolve_model(a.model) == resolve_model(data)
    with pytest.raises(TypeError, match="a Method's model cannot be changed"):
        a.model["name"] = "x"
    out = a.to_dict()
    assert type(out["model"]) is dict and json.loads(json.dumps(out)) == out and Method.from_dict(out) == a
    assert pickle.loads(pickle.dumps(a)) == a and hash(pickle.loads(pickle.dumps(a))) == hash(a)

def test_a_shipped_model_object_is_kept_by_its_name_so_the_dict_round_trips():
    """A shipped bidding or play model given as the object is the Method of its name (to_dict writes the name)."""
    import dataclasses
    from solver.bidding import MODELS, resolve_model
    from solver.play_model import PLAY_MODELS, resolve_play_model
    for name in MODELS:
        m = Method(worlds=100, model=resolve_model(name))
        assert m.model == name and Method.from_dict(m.to_dict()) == m == Method(worlds=100, model=name)
    for name in PLAY_MODELS:
        m = Method(worlds=100, inference="play", play_model=resolve_play_model(name))
        assert Method.from_dict(m.to_dict()) == m == Method(worlds=100, inference="play", play_model=name)
    # a model of a shipped name but other figures is no shipped model: kept as given
    changed = dataclasses.replace(MODELS["point-count"], alone=MODELS["point-count"].alone + 1)
    assert Method(model=changed).model is changed
    # the figures are the model's, not its name's: the same figures under another name (kept as the object)
    view = bid_question_view("Jh Jd Ah 9c Ts", "9h", "E", "N")
    copy = dataclasses.replace(MODELS["point-count"], name="a copy")
    shipped, renamed = (advise_bid(view, method=Method(worlds=40, seed=3, model=model))
                        for model in (MODELS["point-count"], copy))
    assert shipped.options and [o.expected_points for o in shipped.options] == [o.expected_points for o in renamed.options]


def test_a_method_with_a_rollout_round_trips_through_its_dict():
    """to_dict writes the rollout by its members (not the answer's words for it), so from_dict rebuilds it."""
    from solver import Rollout
    m = Method(worlds=40, valuation="rollout", rollout=Rollout(agent_worlds=12, processes=2, later_calls="model"))
    data = m.to_dict()
    assert data["rollout"] == {"agent_worlds": 12, "processes": 2, "cluster": None, "path": None,
                               "progress": False, "later_calls": "model"}
    assert json.loads(json.dumps(data)) == data
    assert Method.from_dict(data) == m
    with pytest.raises(ArgumentError, match="rollout member 'agents': unknown"):
        Method.from_dict({**data, "rollout": {"agents": "advisor at every seat"}})
    with pytest.raises(ArgumentError, match="rollout agent_worlds 1"):
        Method.from_dict({**data, "rollout": {"agent_worlds": 1}})


@pytest.mark.parametrize("args, kwargs, message", [
    ((), {}, "advise(): missing a required argument: 'hand'"),
    (("Qd Js Kh 9h Jh", "Kc", "W", "S"), {"bogus": 1}, "advise(): got an unexpected keyword argument 'bogus'"),
])
def test_the_deprecated_advise_names_itself_in_a_wrong_call(args, kwargs, message):
    """A wrong call named the private helper it forwards to (``_old_advise() got an unexpected keyword``)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(TypeError) as info:
            solver.advise(*args, **kwargs)
    assert str(info.value) == message
