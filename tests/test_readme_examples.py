"""Every example of the README that test_cli_readme.py does not run is checked here, so none can drift
(issue 27, item 7): the annotated JSON samples against the real output of a fresh process (search nodes
included), the GET examples of the service, the endpoint table against /openapi.json, the `--all`
line of the review, and the play JSON's figures (rounded as written)."""
import json
import re
import subprocess
import sys

import pytest

import solver
from conftest import EGN_DIR, TESTS
from test_cli_readme import README, code_blocks
from solver import Method, seat_view

ROOT = TESTS.parent
VWEC = "N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"


def fresh(code: str):
    """The JSON ``code`` prints, run in a new interpreter: nothing solved before it (the search's table is
    empty, so its node counts are the README's)."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def json_blocks() -> list:
    return ["\n".join(lines) for info, lines in code_blocks() if info == "json"]


def annotated(text: str):
    """An annotated sample as JSON: ``// comments`` and ``, ...`` elisions removed."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r",\s*\.\.\.\s*(?=[\]}])", "", text)
    text = re.sub(r",\s*(?=[\]}])", "", text)
    return json.loads(text)


@pytest.mark.slow
def test_the_solve_json_sample_is_what_a_fresh_euchre_solve_prints():
    sample = annotated(next(b for b in json_blocks() if b.lstrip().startswith('{\n  "position"')))
    real = fresh("import sys; from solver.cli import main; "
                 f"sys.exit(main(['solve', {VWEC!r}, '--trump', 'c', '--leader', 'W', '--json']))")
    assert list(sample) == list(real)                         # every member, in the order printed
    assert list(sample["position"]) == list(real["position"])
    for key, value in sample.items():
        if key == "card_values":                              # the sample shows the first entry
            assert real[key][:len(value)] == value
        elif key != "position":
            assert real[key] == value, key
    assert real["nodes"] == 445


@pytest.mark.slow
def test_the_service_solve_sample_answers_with_its_nodes_in_a_fresh_process():
    from test_cli_readme import service_examples
    path, body, answer = next(x for x in service_examples() if x[0] == "/v1/solve" and "nodes" in x[2])
    got = fresh("import json; from api import create_app; "
                f"print(json.dumps(create_app().test_client().post({path!r}, json={body!r}).get_json()))")
    assert got == answer                                      # nodes too: the first solve of the process


@pytest.mark.slow
def test_the_corpus_line_sample_has_the_members_of_a_real_line(tmp_path):
    sample = next(b for b in json_blocks() if b.startswith('{"kind": "deal"'))
    keys = re.findall(r'"([a-z_0-9]+)":', sample)
    record = tmp_path / "six.egn"
    record.write_bytes((EGN_DIR / "six-points-in-two-hands.egn").read_bytes())
    line = solver.review_corpus([record], method=Method(worlds=10, seed=1), progress=False).lines[0]
    assert keys == list(line)


def get_examples() -> list:
    """``(path, README's answer)`` of each ``curl -s localhost:8000/PATH`` (no body) followed by its JSON."""
    blocks, out = code_blocks(), []
    for (info, lines), (next_info, answer) in zip(blocks, blocks[1:]):
        words = lines[0].split() if info == "bash" and len(lines) == 1 else []
        if words[:2] == ["curl", "-s"] and len(words) == 3 and next_info == "json":
            out.append(("/" + words[2].split("/", 1)[1], json.loads("\n".join(answer))))
    return out


def test_the_get_examples_answer_what_the_readme_shows():
    from api import create_app
    examples = get_examples()
    assert set(p for p, _ in examples) == {"/healthz"} and examples    # the README's and the docs' copies
    client = create_app().test_client()
    for path, answer in examples:
        assert client.get(path).get_json() == answer, path


def readme_endpoints() -> set:
    """``{(method, path)}`` of the README's table of endpoints (``| `POST /v1/solve` | ...``)."""
    return {(m.lower(), p) for m, p in re.findall(r"^\| `(GET|POST) (/[^`]*)`", README, flags=re.M)}


@pytest.mark.slow
def test_openapi_documents_every_endpoint_of_the_app_and_of_the_readme():
    import openapi_spec_validator

    from api import create_app
    from api.docpaths import endpoints
    app = create_app()
    doc = app.test_client().get("/openapi.json").get_json()
    openapi_spec_validator.validate(doc)
    documented = {(m, p) for p, item in doc["paths"].items() for m in item}
    served = {(m, p) for m, p, _ in endpoints(app)}
    assert served - documented == set()
    listed = readme_endpoints()
    assert {("get", "/"), ("post", "/review"), ("get", "/openapi.json"), ("post", "/v1/play")} <= listed
    assert listed - documented == set()
    assert documented - served == set()                       # and nothing documented that is not served
    html = doc["paths"]["/"]["get"]["responses"]["200"]["content"]
    assert list(html) == ["text/html"]
    slug = doc["paths"]["/problems/{slug}"]["get"]["parameters"][0]
    assert slug["in"] == "path" and "invalid-card" in slug["schema"]["enum"]


def test_the_review_all_line_is_what_the_review_prints():
    from solver.render import card_line
    from solver.review import review_deal
    shown = re.search(r"`--all` adds, after a deal's findings, one line per card played, e.g.\n`([^`]+)`", README)
    game_part = re.search(r"Judged by the game, `(P\(win game\) [^`]+?) \.\.\.\n(\(loss [^`]+\))` follows", README)
    assert shown and game_part
    line = shown.group(1)
    deal = review_deal(solver.load_game(EGN_DIR / "vwec-finals.egn"), 0,
                       method=Method(worlds=200, seed=1, examples=3))   # --seed 1
    real = [card_line(c) for c in deal.cards if card_line(c).startswith(line.split("  DD")[0])]
    assert len(real) == 1
    assert real[0].startswith(line + "  ")                    # the DD and info figures, then P(win game)
    assert game_part.group(1) in real[0] and real[0].endswith(game_part.group(2))


def test_the_play_json_figures_are_rounded():
    advice = solver.advise_play(seat_view(seat="W", hand="Jh Jd As Ac", dealer="S", upcard="9s",
                                calls="Pass Pass Pass Pass h", tricks="Ah 9h Th Qh"))      # the README's example
    data = advice.to_dict()
    jd = next(c for c in data["cards"] if c["card"] == "Jd")
    assert jd["expected_tricks"] == 5.0 and jd["tricks_interval"] == [5.0, 5.0]   # not 4.999999999999999

    def floats(x):
        if isinstance(x, float):
            yield x
        elif isinstance(x, dict):
            for v in x.values():
                yield from floats(v)
        elif isinstance(x, list):
            for v in x:
                yield from floats(v)
    assert all(x == round(x, 10) for x in floats(data))
    json.dumps(data, allow_nan=False)
    raw = advice.cards[2]                                     # the figures themselves are not rounded
    assert data["cards"][2]["expected_points"] == pytest.approx(raw.expected_points, abs=1e-10)
