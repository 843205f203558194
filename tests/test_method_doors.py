"""One :class:`solver.Method` through the review, the corpus review, the match and compare: the same figures as the
keywords it replaces, bit for bit (those keywords still work for a release, each warning); a keyword given beside it,
and a member the door does not read, are named."""
from __future__ import annotations

import warnings

import pytest

from solver import ArgumentError, Method, compare, play_match, review_corpus, review_game
from solver.review import review_deal, review_files
from solver.match.agents import AdvisorAgent

from conftest import EGN_DIR

SMALL = EGN_DIR / "six-points-in-two-hands.egn"


def _deprecated(call, *keywords):
    """``call()``'s value, checking it warned once, naming every keyword and the Method members to set instead."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = call()
    said = [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]
    assert len(said) == 1, said
    given = ", ".join(f"{name}=..." for name in keywords)
    assert f"({given}) is deprecated" in said[0] and f"method=Method({given}" in said[0], said[0]
    return out


def test_review_game_takes_one_method_with_the_keywords_figures():
    by_keywords = _deprecated(lambda: review_game(SMALL, worlds=10, seed=3, inference=False, examples=1,
                                                  valuation="double_dummy"),
                              "worlds", "seed", "inference", "examples", "valuation")
    method = Method(worlds=10, seed=3, inference="none", examples=1, valuation="double_dummy")
    assert review_game(SMALL, method=method).to_dict() == by_keywords.to_dict()
    # the dict form is the same method
    assert review_game(SMALL, method=method.to_dict()).to_dict() == by_keywords.to_dict()


def test_review_game_method_defaults_are_the_reviews_but_examples():
    """A Method's worlds None is the review's 200 and its inference "auction" the review's True; its examples are
    its own (0), not the keyword's 3."""
    review = review_game(SMALL, method=Method(seed=5, valuation="double_dummy", inference="none"))
    assert (review.worlds, review.seed, review.inference) == (200, 5, False)
    assert review.to_dict() == _deprecated(lambda: review_game(SMALL, seed=5, valuation="double_dummy", inference=False,
                                                               examples=0), "seed", "valuation", "inference",
                                           "examples").to_dict()


@pytest.mark.parametrize("member, value, named", [
    ("score", {"NS": 1, "EW": 2}, "the review reads each deal's score from the record"),
    ("robust_delta", 2.0, "does not read it"),
    ("play_model", "default", "does not read it"),
])
def test_review_game_names_a_member_it_does_not_read(member, value, named):
    with pytest.raises(ArgumentError, match=f"method member '{member}': review_game .*{named}"):
        review_game(SMALL, method=Method(worlds=10, **{member: value}))


def test_review_game_refuses_a_keyword_beside_the_method():
    with pytest.raises(ArgumentError, match="not both.*'worlds'"):
        review_game(SMALL, worlds=20, method=Method(worlds=10))


def test_review_game_names_a_bad_member_of_a_dict_method():
    with pytest.raises(ArgumentError, match="worlds"):
        review_game(SMALL, method={"worlds": 5})
    with pytest.raises(ArgumentError, match="'wrolds'"):
        review_game(SMALL, method={"wrolds": 50})


def test_review_corpus_takes_one_method_with_the_keywords_lines():
    by_keywords = _deprecated(lambda: review_corpus([SMALL], worlds=10, seed=1, inference=False, progress=False),
                              "worlds", "seed", "inference")
    by_method = review_corpus([SMALL], method=Method(worlds=10, seed=1, inference="none"), progress=False)
    strip = [{k: v for k, v in line.items() if k not in ("seconds", "cpu_seconds")} for line in by_keywords.lines]
    assert [{k: v for k, v in line.items() if k not in ("seconds", "cpu_seconds")} for line in by_method.lines] == strip
    with pytest.raises(ArgumentError, match="'examples': review_corpus does not read it"):
        review_corpus([SMALL], method=Method(worlds=10, examples=2), progress=False)


def test_play_match_and_the_advisor_agent_take_one_method():
    by_keywords = _deprecated(lambda: play_match("advisor", "policy", deals=2, seed=4, worlds=10), "worlds")
    by_method = play_match("advisor", "policy", deals=2, seed=4, method=Method(worlds=10))
    assert by_method.points_per_deal == by_keywords.points_per_deal
    assert [t.points for t in by_method.tables] == [t.points for t in by_keywords.tables]
    with pytest.raises(ArgumentError, match="'valuation': play_match does not read it"):
        play_match("advisor", "policy", deals=1, seed=4, method=Method(valuation="double_dummy"))

    agent = AdvisorAgent(method=Method(worlds=10, inference="none", valuation="double_dummy"))
    same = _deprecated(lambda: AdvisorAgent(worlds=10, inference=False, valuation="double_dummy"),
                       "worlds", "inference", "valuation")
    old = _deprecated(lambda: AdvisorAgent(10, False, None, True, None, "double_dummy"),   # the old positional
                      "worlds", "inference", "seed", "model", "valuation")      # form: the same agent
    assert (old.worlds, old.reads_calls, old.valuation) == (same.worlds, same.reads_calls, same.valuation)
    assert (agent.worlds, agent.reads_calls, agent.valuation) == (same.worlds, same.reads_calls, same.valuation)
    a = play_match(agent, "policy", deals=2, seed=4)
    b = play_match(same, "policy", deals=2, seed=4)
    assert [t.points for t in a.tables] == [t.points for t in b.tables]
    assert AdvisorAgent(method=Method()).worlds == 200
    with pytest.raises(ArgumentError, match="'score': AdvisorAgent does not read it; the referee"):
        AdvisorAgent(method=Method(score={"NS": 0, "EW": 0}))
    with pytest.raises(ArgumentError, match="not both"):
        AdvisorAgent(worlds=20, method=Method())
    with pytest.raises(TypeError, match="unexpected keyword argument 'threads'"):
        AdvisorAgent(threads=2)


def test_review_deal_and_review_files_take_one_method_with_the_keywords_figures():
    method = Method(worlds=10, seed=2, inference="none", examples=1, valuation="double_dummy")
    keywords = dict(worlds=10, seed=2, inference=False, examples=1, valuation="double_dummy")
    by_keywords = _deprecated(lambda: review_deal(SMALL, 1, **keywords), *keywords)
    assert review_deal(SMALL, 1, method=method).to_dict() == by_keywords.to_dict()
    [whole] = review_files([SMALL], method=method)
    assert whole.deals[1].to_dict() == by_keywords.to_dict()
    assert _deprecated(lambda: review_files([SMALL], **keywords), *keywords)[0].to_dict() == whole.to_dict()
    # a method's seed None is the record's, as review_game's: the deal is that review's
    assert review_deal(SMALL, 0, method=method.replace(seed=None)).to_dict() == review_game(
        SMALL, method=method.replace(seed=None)).deals[0].to_dict()


def test_compare_takes_one_method_with_the_keywords_figures():
    view = dict(seat="W", hand="9d Ac Tc Kd Jd", dealer="S", upcard="Kc")
    by_keywords = _deprecated(lambda: compare(view, "pass", "order", worlds=30, seed=1, valuation="double_dummy"),
                              "worlds", "seed", "valuation")
    got = compare(view, "pass", "order", method=Method(worlds=30, seed=1, valuation="double_dummy", examples=3))
    assert got.to_dict() == by_keywords.to_dict()
    # the view's keys still go to the view, the members to the method
    assert compare(None, "pass", "order", method=Method(worlds=30, seed=1, valuation="double_dummy", examples=3),
                   **view).to_dict() == by_keywords.to_dict()
    with pytest.raises(ArgumentError, match="not both.*'worlds'"):
        compare(view, "pass", "order", worlds=30, method=Method(worlds=30))
    with pytest.raises(ArgumentError, match="'early_stop': compare does not read it"):
        compare(view, "pass", "order", method=Method(worlds=30, early_stop=True))


@pytest.mark.parametrize("door, args", [(review_game, (SMALL,)), (review_deal, (SMALL, 0)), (review_files, ([SMALL],)),
                                        (review_corpus, ([SMALL],)), (play_match, ("policy", "random")),
                                        (compare, (dict(seat="N", hand="9d Ac Tc Kd Jd", dealer="S", upcard="Kc"),
                                                   "pass", "order"))])
def test_a_door_refuses_a_keyword_it_never_took_as_python_does(door, args):
    """The adapter of the deprecated keywords is no catch-all: a misspelt one is Python's own TypeError."""
    with pytest.raises(TypeError, match=rf"^{door.__name__}\(\) got an unexpected keyword argument 'wrolds'$"):
        door(*args, wrolds=10)
    if door is review_corpus:        # the corpus line has no examples: not one of its keywords, even deprecated
        with pytest.raises(TypeError, match="unexpected keyword argument 'examples'"):
            door(*args, examples=1)


def test_the_doors_positional_members_are_gone_loudly():
    """``review_game(game, 200)`` once meant worlds 200; it must not now mean something else silently."""
    with pytest.raises(TypeError):
        review_game(SMALL, 200)
    with pytest.raises(TypeError):
        review_deal(SMALL, 0, 200)


# -- the HTTP request models take their method members from Method's fields ----------------------------------

def _spec():
    from api import create_app
    return create_app().test_client().get("/openapi.json").get_json()


def _property(spec, schema, name):
    props = spec["components"]["schemas"][schema]["properties"][name]
    for alt in props.get("anyOf", [props]):
        if "minimum" in alt or "maximum" in alt:
            return {**props, **alt}
    return props


@pytest.mark.parametrize("schema, member", [
    ("AdviseRequest", "worlds"), ("AdviseRequest", "seed"), ("AdviseRequest", "examples"),
    ("AdviseRequest", "inner_worlds"), ("PlayRequest", "worlds"), ("PlayRequest", "examples"),
    ("LeadRequest", "inner_worlds"), ("DefendRequest", "seed"), ("ReviewRequest", "worlds"),
    ("ReviewRequest", "inner_worlds"),
])
def test_the_openapi_bounds_of_a_method_member_are_methods(schema, member):
    from solver.advisor.method import BOUNDS, DESCRIPTIONS
    got = _property(_spec(), schema, member)
    assert (got["minimum"], got["maximum"]) == BOUNDS[member]
    assert got["description"].startswith(DESCRIPTIONS[member])


@pytest.mark.parametrize("member, value", [("worlds", 100_001), ("inner_worlds", 1001), ("examples", 4),
                                            ("seed", -1), ("inference", "cards"), ("early_stop", "yes")])
def test_a_bad_method_member_is_a_422_naming_it(member, value):
    from api import create_app
    body = {"hand": "9d Ac Tc Kd Jd", "upcard": "Kc", "seat": "N", "dealer": "S", "worlds": 50, "seed": 1,
            member: value}
    answer = create_app().test_client().post("/v1/advise", json=body)
    assert answer.status_code == 422
    assert answer.get_json()["field"] == member


def test_the_advise_request_takes_every_inference_method_takes():
    """Its inference is Method's (a call sees no card: play is the uniform worlds of none)."""
    from api import create_app
    client = create_app().test_client()
    body = {"hand": "9d Ac Tc Kd Jd", "upcard": "Kc", "seat": "N", "dealer": "S", "worlds": 50, "seed": 1}
    play = client.post("/v1/advise", json={**body, "inference": "play"}).get_json()
    none = client.post("/v1/advise", json={**body, "inference": False}).get_json()
    assert play["options"] == none["options"]


def test_the_suite_fails_a_call_of_our_own_deprecated_forms(request):
    """pyproject's ``filterwarnings``: a deprecated form of ours called outside ``pytest.warns`` is an error, so
    a new internal call of one fails the suite; where a test expects the warning it is only a warning; another
    library's DeprecationWarning is left as it was."""
    from solver import advise_play, seat_view
    assert any("deprecated and will be removed in the next release" in line and line.startswith("error")
               for line in request.config.getini("filterwarnings"))
    view = seat_view(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Pass Pass Pass Pass h")
    with pytest.raises(DeprecationWarning, match=r"solver.advise_play\(\.\.\., worlds=\.\.\.\): the keyword form"):
        advise_play(view, worlds=10, seed=1)
    with pytest.raises(DeprecationWarning, match=r"AdvisorAgent\(worlds=\.\.\.\) is deprecated"):
        AdvisorAgent(worlds=10)
    with pytest.warns(DeprecationWarning, match="the keyword form is deprecated"):
        told = advise_play(view, worlds=10, seed=1)
    assert told.to_dict() == advise_play(view, Method(worlds=10, seed=1)).to_dict()
    with pytest.warns(DeprecationWarning, match="AdvisorAgent"):
        assert AdvisorAgent(worlds=10).worlds == 10
    with warnings.catch_warnings(record=True) as caught:
        warnings.warn("another library's old name is deprecated", DeprecationWarning)
    assert [str(w.message) for w in caught] == ["another library's old name is deprecated"]


@pytest.mark.parametrize("door", ["review_deal", "review_game", "review_corpus", "http"])
def test_the_review_refuses_inner_worlds_without_a_playout(door, tmp_path):
    """As ``euchre review --inner-worlds 5`` and every advisor do: inner worlds are read by a playout only, so
    without one they are refused by name rather than dropped; at their default (20) they are never refused."""
    method = Method(worlds=10, seed=1, inner_worlds=5)
    if door == "http":
        from api.app import create_app
        client = create_app({"TESTING": True}).test_client()
        body = {"egn": SMALL.read_text(), "worlds": 10, "seed": 1, "inner_worlds": 5}
        resp = client.post("/v1/review", json=body)
        assert resp.status_code == 422 and resp.get_json()["field"] == "inner_worlds"
        assert "only valuation playout uses inner worlds" in resp.get_json()["detail"]
        return
    from solver import load_game
    run = {"review_deal": lambda m: review_deal(load_game(SMALL), 0, method=m),
           "review_game": lambda m: review_game(load_game(SMALL), method=m),
           "review_corpus": lambda m: review_corpus([SMALL], method=m, out=tmp_path / "out.jsonl")}[door]
    with pytest.raises(ArgumentError, match="^inner_worlds 5: .*only valuation playout uses inner worlds"):
        run(method)
    assert run(method.replace(inner_worlds=20, worlds=10)) is not None


def test_a_deprecated_call_warns_once_naming_the_method_that_answers_the_same():
    """The review's keywords default to 3 examples, Method's to 0: the warning's method carries the 3, so
    following it gives the same review (it silently dropped the examples when it named the keywords only)."""
    from solver import load_egn
    game = load_egn(EGN_DIR / "vwec-finals.egn")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = review_deal(game, 1, worlds=20, seed=1)
    assert [str(w.message) for w in caught if w.category is DeprecationWarning] == [
        "review_deal(worlds=..., seed=...) is deprecated and will be removed in the next release: use "
        "method=Method(worlds=..., seed=..., examples=3)"]
    assert review_deal(game, 1, method=Method(worlds=20, seed=1, examples=3)).to_dict() == old.to_dict()
    assert review_deal(game, 1, method=Method(worlds=20, seed=1)).to_dict() != old.to_dict()


@pytest.mark.parametrize("advisor, member, default_name", [
    ("advise_exchange", "model", "players-1"),
    ("lead_table", "play_model", "players-play-1"),
    ("advise_play", "play_model", "players-play-1"),
])
def test_a_model_named_as_its_default_is_not_a_member_given(advisor, member, default_name):
    """``model=None`` stands for players-1 and ``play_model=None`` for players-play-1 (the help calls them the
    defaults): naming them is the same method, never refused; any other model still is."""
    from solver.advisor.method import check_reads
    from solver.bidding import DEFAULT_MODEL
    from solver.play_model import DEFAULT_PLAY_MODEL
    assert {"model": DEFAULT_MODEL, "play_model": DEFAULT_PLAY_MODEL}[member].name == default_name
    assert check_reads(Method(**{member: default_name}), advisor) == Method(**{member: default_name})
    other = {"model": "point-count", "play_model": "flat"}[member]
    with pytest.raises(ArgumentError, match=f"^{member} '{other}': {advisor} does not read"):
        check_reads(Method(**{member: other}), advisor)


def test_the_cli_takes_the_default_play_model_by_name():
    from solver.cli import main
    args = ["lead", "--seat", "W", "--hand", "Ac Kc 9c Qd Td", "--dealer", "S", "--upcard", "9s", "--calls",
            "Pass Pass Pass Pass Pass h", "--worlds", "20", "--seed", "1"]
    assert main(args + ["--play-model", "players-play-1"]) in (0, None)
    assert main(args + ["--play-model", "flat"]) == 2                  # another model is still refused


@pytest.mark.parametrize("advisor", ["advise_play", "lead_table"])
def test_a_refused_keyword_call_raises_without_warning_first(advisor):
    """A member keyword beside a method is refused; the refusal is all the caller hears (no deprecation first)."""
    import solver
    view = solver.seat_view(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s",
                            calls="Pass Pass Pass Pass Pass h")
    with warnings.catch_warnings():
        warnings.simplefilter("error")            # a warning would be raised in place of the refusal
        with pytest.raises(ArgumentError, match="give the method or its members as keywords, not both"):
            getattr(solver, advisor)(view, Method(worlds=20), seed=3)
