"""The play page's JSON endpoints (api.play) through Flask's test client: a whole game against the agents,
every move checked against an independent replay of the downloaded EGN record, hints equal to the /v1
endpoints, the user's bad moves refused with the engine's reason, and the bounds of the store."""
import datetime as dt
import json
import pathlib
import random
import re

import jsonschema
import pytest

import solver
from api.app import create_app
from api.play import daily_seed, decision_seed
from api.tables import TableStore, TablesFull
from solver.match.duplicate import game_deal_of

SCHEMA = json.loads((pathlib.Path(solver.__file__).parent / "data" / "egn-schema-v1.json").read_text())
FAST = {"partner": "random", "opponents": "random", "hint_worlds": 30, "review_worlds": 10}


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "PLAY_STORE": str(tmp_path / "tables.sqlite3")})


@pytest.fixture
def client(app):
    return app.test_client()


def new(client, **settings):
    r = client.post("/play/api/tables", json={**FAST, **settings})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def play_out(client, st, rng, whole_game=True):
    """The user's moves drawn at random among the legal ones until the deal (or the game) is over."""
    tid = st["id"]
    moves = []
    while not (st["game_over"] or (st["deal_over"] and not whole_game)):
        if st["deal_over"]:
            r = client.post(f"/play/api/tables/{tid}/next")
        else:
            token = rng.choice(st["legal"])["token"]
            moves.append(token)
            r = client.post(f"/play/api/tables/{tid}/act", json={"action": token, "version": st["version"]})
        assert r.status_code == 200, r.get_json()
        st = r.get_json()
    return st, moves


# -- an independent referee of the record: trick winners and points by hand --------------------------
SUITS, RANKS = "cdhs", "9TJQKA"
SAME_COLOUR = {"c": "s", "s": "c", "d": "h", "h": "d"}


def effective(card, trump):
    rank, suit = card[0], card[1]
    return trump if rank == "J" and suit == SAME_COLOUR[trump] else suit


def strength(card, trump, led):
    rank, suit = card[0], card[1]
    if rank == "J" and suit == trump:
        return 100
    if rank == "J" and suit == SAME_COLOUR[trump]:
        return 99
    if suit == trump:
        return 50 + RANKS.index(rank)
    return RANKS.index(rank) if effective(card, trump) == led else -1


def referee_points(deal: dict) -> tuple:
    """(NS points, EW points) of one EGN deal, from its calls and tricks alone (default rules)."""
    dealer = deal["initialState"]["dealer"]
    up = deal["initialState"]["upCard"]
    bidding, *rest = deal["phases"]
    calls = bidding["calls"]
    if not rest or all(c == "Pass" for c in calls):
        return (0, 0)
    maker = (dealer + len(calls)) % 4
    trump = up[1] if calls[-1] == "Order" else calls[-1]
    alone = bidding.get("isAlone", False)
    leader = (dealer + 1) % 4
    if alone:
        leader = (maker + 1) % 4
    won = [0, 0]
    for trick in rest[0]["tricks"]:
        seats = []
        s = leader
        for _ in trick:
            if alone and s == (maker + 2) % 4:
                s = (s + 1) % 4
            seats.append(s)
            s = (s + 1) % 4
        led = effective(trick[0], trump)
        best = max(range(len(trick)), key=lambda i: strength(trick[i], trump, led))
        leader = seats[best]
        won[leader % 2] += 1
    mt = won[maker % 2]
    points = [0, 0]
    if mt >= 3:
        points[maker % 2] = (4 if alone else 2) if mt == 5 else 1
    else:
        points[1 - maker % 2] = 2
    return tuple(points)


@pytest.mark.slow
def test_a_whole_game_against_random_agents_replays_from_its_egn(client):
    st = new(client, seed=7)
    assert st["your_turn"] and st["legal"] and st["user"] == "S"
    st, moves = play_out(client, st, random.Random(3))
    assert moves and st["game_over"] and max(st["score"].values()) >= 10
    r = client.get(f"/play/{st['id']}/game.egn")
    assert r.status_code == 200 and "attachment" in r.headers["Content-Disposition"]
    data = json.loads(r.data)
    jsonschema.validate(data, SCHEMA)
    game = solver.load_egn(r.data.decode(), strict=True)   # strict: every move legal, or it raises
    assert len(game.deals) == st["deal_number"]
    rules = solver.Rules()
    totals = [0, 0]
    for k, (deal, raw) in enumerate(zip(game.deals, data["deals"])):
        cards, dealer = game_deal_of(7, 0, k, rules)
        assert deal.dealer == dealer
        assert tuple(deal.hand.dealt(s) for s in range(4)) == tuple(cards.hands)   # the seeded deals
        pts = referee_points(raw)
        totals = [totals[0] + pts[0], totals[1] + pts[1]]
    assert st["score"] == {"NS": totals[0], "EW": totals[1]}
    assert st["summary"]["score"] == st["score"] and st["summary"]["winner"] == st["winner"]


def test_the_same_seed_and_moves_give_the_same_table(client):
    a, b = new(client, seed=11, partner="policy"), new(client, seed=11, partner="policy")
    assert a["id"] != b["id"]
    sa, _ = play_out(client, a, random.Random(5), whole_game=False)
    sb, _ = play_out(client, b, random.Random(5), whole_game=False)
    assert sa["dealt"] == sb["dealt"] and sa["tricks"] == sb["tricks"] and sa["calls"] == sb["calls"]
    c = new(client, seed=12, partner="policy")
    assert c["hand"] != a["hand"] or c["upcard"] != a["upcard"]


def test_the_view_shows_no_other_hand_until_the_deal_is_over(client):
    st = new(client, seed=2)
    body = json.dumps(st)
    cards, _ = game_deal_of(2, 0, 0, solver.Rules())
    mine = {str(solver.Card(c)) for c in solver.cards.cards_of(cards.hands[2])}
    assert set(st["hand"]) <= mine | {st["upcard"]}
    assert "dealt" not in st
    for seat in (0, 1, 3):
        hidden = [str(solver.Card(c)) for c in solver.cards.cards_of(cards.hands[seat])]
        shown = {c["card"] for t in st["tricks"] for c in t["cards"]} | {c["card"] for c in st["current"]}
        for card in hidden:
            if card not in shown and card != st["upcard"]:
                assert f'"{card}"' not in body, card


def test_an_illegal_card_says_why(client):
    rng = random.Random(1)
    for seed in range(40):
        st = new(client, seed=seed, partner="policy", opponents="policy")
        while not st["deal_over"] and not (st["phase"] == "play" and st["current"] and
                                           len(st["legal"]) < len(st["hand"])):
            st = client.post(f"/play/api/tables/{st['id']}/act",
                             json={"action": rng.choice(st["legal"])["token"], "version": st["version"]}).get_json()
        if not st["deal_over"]:
            break
    else:
        pytest.fail("no position where the user must follow suit")
    legal = {c["token"] for c in st["legal"]}
    renege = next(c for c in st["hand"] if c not in legal)
    r = client.post(f"/play/api/tables/{st['id']}/act", json={"action": renege, "version": st["version"]})
    p = r.get_json()
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    assert p["type"] == "/problems/illegal-action" and "renege" in p["detail"] and renege in p["detail"]
    foreign = next(str(solver.Card(c)) for c in range(24) if str(solver.Card(c)) not in st["hand"]
                   and str(solver.Card(c)) not in {x["card"] for x in st["current"]})
    p = client.post(f"/play/api/tables/{st['id']}/act", json={"action": foreign, "version": st["version"]}).get_json()
    assert "does not hold it" in p["detail"]
    p = client.post(f"/play/api/tables/{st['id']}/act", json={"action": "Zh", "version": st["version"]}).get_json()
    assert p["type"] == "/problems/invalid-card" and "'Zh'" in p["detail"]
    again = client.get(f"/play/api/tables/{st['id']}").get_json()
    assert again["hand"] == st["hand"] and again["version"] == st["version"]      # nothing applied


def test_calls_are_checked_too(client):
    st = new(client, seed=4)
    while st["phase"] not in ("bid1", "bid2"):
        st = new(client, seed=st["seed"] + 1)
    p = client.post(f"/play/api/tables/{st['id']}/act", json={"action": "call", "version": st["version"]}).get_json()
    assert p["status"] == 422 and "call" in p["detail"]
    if st["phase"] == "bid1":
        p = client.post(f"/play/api/tables/{st['id']}/act", json={"action": "Jh", "version": st["version"]}).get_json()
        assert p["status"] == 422


def test_a_stale_version_is_refused(client):
    st = new(client, seed=9)
    token = st["legal"][0]["token"]
    p = client.post(f"/play/api/tables/{st['id']}/act", json={"action": token, "version": st["version"] + 5})
    assert p.status_code == 409 and p.get_json()["type"] == "/problems/table-changed"


@pytest.mark.slow
def test_hints_equal_the_v1_endpoints_and_are_recorded(client):
    seen = set()
    rng = random.Random(4)
    st = new(client, seed=21, partner="policy", opponents="policy")
    asked = 0                                   # hints asked in the deal under way
    while len(seen) < 2 and not st["game_over"]:
        if st["deal_over"]:
            st = client.post(f"/play/api/tables/{st['id']}/next").get_json()
            asked = 0
            continue
        if st["phase"] in ("bid1", "bid2", "play"):
            h = client.post(f"/play/api/tables/{st['id']}/hint").get_json()
            asked += 1
            kind = "/v1/advise" if st["phase"].startswith("bid") else "/v1/play"
            assert h["endpoint"] == kind
            if kind not in seen:
                seen.add(kind)
                direct = client.post(kind, json=h["request"])
                assert direct.status_code == 200 and direct.get_json() == h["advice"]
                assert h["request"]["seat"] == "S" and h["request"]["worlds"] == 30
                assert h["request"]["seed"] == decision_seed(21, st["deal_number"] - 1, st["step"], 0x68)
                assert h["request"]["score"] == st["score"]
                best = h["advice"]["recommended" if kind == "/v1/advise" else "best"]
                assert h["taken"]["recommended"] == best
            again = client.post(f"/play/api/tables/{st['id']}/hint").get_json()
            assert again["advice"] == h["advice"] and again["hints_taken"] == h["hints_taken"]   # once per decision
        st = client.post(f"/play/api/tables/{st['id']}/act",
                         json={"action": rng.choice(st["legal"])["token"], "version": st["version"]}).get_json()
    assert seen == {"/v1/advise", "/v1/play"}
    assert client.get(f"/play/api/tables/{st['id']}").get_json()["hints_taken"] >= 2
    while not st["deal_over"]:
        st = client.post(f"/play/api/tables/{st['id']}/act",
                         json={"action": st["legal"][0]["token"], "version": st["version"]}).get_json()
    rev = client.post(f"/play/api/tables/{st['id']}/review/{st['deal_number'] - 1}").get_json()
    hinted = [d for d in rev["decisions"] if d["hint"]]
    assert len(hinted) == asked and all(d["kind"] in ("call", "play") for d in hinted)   # none for a discard
    assert rev["game_summary"]["reviewed_with_hint"] == len(hinted)


def test_a_hint_out_of_turn_is_a_problem(client):
    st = new(client, seed=7)
    st, _ = play_out(client, st, random.Random(1), whole_game=False)
    p = client.post(f"/play/api/tables/{st['id']}/hint")
    assert p.status_code == 422 and "not your turn" in p.get_json()["detail"]


@pytest.mark.slow
def test_the_review_of_a_deal_is_the_v1_review_of_its_record(client):
    st = new(client, seed=5, partner="policy", opponents="policy")
    st, _ = play_out(client, st, random.Random(2), whole_game=False)
    r = client.post(f"/play/api/tables/{st['id']}/review/0")
    assert r.status_code == 200, r.get_json()
    rev = r.get_json()
    egn = client.get(f"/play/{st['id']}/deal-0.egn").data.decode()
    jsonschema.validate(json.loads(egn), SCHEMA)
    direct = client.post("/v1/review", json={"egn": egn, "worlds": 10, "seed": rev["request"]["seed"]}).get_json()
    deal = direct["deals"][0]
    mine = [c for c in deal["calls"] if c["seat"] == "S"] + [c for c in deal["cards"] if c["seat"] == "S"]
    assert len(mine) == len(rev["decisions"])
    for want, got in zip(mine, rev["decisions"]):
        assert got["loss"] == (want.get("loss") if "round" in want else (want.get("info") or {}).get("loss_points"))
        assert got["grade"] == want.get("grade")
    steps = deal["calls"] + deal["cards"]
    for got in rev["decisions"]:
        assert steps[got["step"]]["seat"] == "S"
    after = client.get(f"/play/api/tables/{st['id']}").get_json()
    assert after["review"]["decisions"] == rev["decisions"]
    page = client.get(f"/play/{st['id']}/review/0")
    assert page.status_code == 200 and b'data-card="' in page.data


def test_a_deal_under_way_is_not_reviewed(client):
    st = new(client, seed=5)
    p = client.post(f"/play/api/tables/{st['id']}/review/0").get_json()
    assert p["status"] == 422 and "under way" in p["detail"]
    p = client.post(f"/play/api/tables/{st['id']}/review/3")
    assert p.status_code == 404


def test_unknown_and_expired_tables_are_404(app, client):
    r = client.get("/play/api/tables/no-such-table")
    assert r.status_code == 404 and r.mimetype == "application/problem+json"
    assert "unknown or the table has expired" in r.get_json()["detail"]
    page = client.get("/play/no-such-table")
    assert page.status_code == 404 and page.mimetype == "text/html"
    assert b"unknown or the table has expired" in page.data and b"/play" in page.data
    st = new(client, seed=1)
    store = app.extensions["play_tables"]
    later = store.clock() + app.config["PLAY_TABLE_TTL"] + 1
    store.clock = lambda: later
    assert client.get(f"/play/api/tables/{st['id']}").status_code == 404
    gone = client.post(f"/play/api/tables/{st['id']}/act", json={"action": "pass", "version": st["version"]})
    assert gone.status_code == 404


def test_a_flood_of_tables_stays_within_the_bound(tmp_path):
    app = create_app({"TESTING": True, "PLAY_STORE": str(tmp_path / "t.sqlite3"), "PLAY_MAX_TABLES": 5,
                      "PLAY_TABLE_IDLE": 10})
    client = app.test_client()
    store = app.extensions["play_tables"]
    now = [store.clock()]
    store.clock = lambda: now[0]
    ids = []
    for i in range(12):                               # each made after the one before went idle
        ids.append(new(client, seed=i, partner="policy", opponents="policy")["id"])
        now[0] += 11
    assert store.count() == 5
    live = [i for i in ids if client.get(f"/play/api/tables/{i}").status_code == 200]
    assert live == ids[-5:]                           # the oldest went first
    assert len(set(ids)) == 12 and all(len(i) >= 43 for i in ids)


def test_the_store_evicts_the_least_recently_used(tmp_path):
    now = [1000.0]
    store = TableStore(tmp_path / "s.sqlite3", max_tables=3, ttl=100, clock=lambda: now[0], idle=0.5)
    ids = []
    for i in range(3):
        ids.append(store.create({"n": i}))
        now[0] += 1
    rec, version, _notes = store.load(ids[0])
    assert store.save(ids[0], rec, version) and not store.save(ids[0], rec, version)   # compare-and-set
    now[0] += 1
    ids.append(store.create({"n": 3}))
    assert store.load(ids[1]) is None and store.load(ids[0]) is not None and store.count() == 3
    now[0] += 200
    assert store.count() == 0 and store.load(ids[3]) is None


def test_bad_settings_name_the_member(client):
    p = client.post("/play/api/tables", json={"partner": "oracle"}).get_json()
    assert p["status"] == 422 and p["field"] == "partner"
    p = client.post("/play/api/tables", json={"worlds": 5000}).get_json()
    assert p["type"] == "/problems/over-limit" and p["field"] == "worlds"
    p = client.post("/play/api/tables", json={"hint_worlds": 10 ** 6}).get_json()
    assert p["type"] == "/problems/over-limit" and p["field"] == "hint_worlds"
    p = client.post("/play/api/tables", json={"colour": "red"}).get_json()
    assert p["status"] == 422 and p["field"] == "colour"
    r = client.post("/play/api/tables", data="[1]", content_type="application/json")
    assert r.status_code == 422
    r = client.post("/play/new", data={"partner": "oracle"})
    assert r.status_code == 422 and r.mimetype == "text/html"


def test_hand_of_the_day_is_one_deal_chosen_by_the_date(client):
    a = new(client, daily=True)
    b = new(client, daily=True, seed=99)
    today = dt.datetime.now(dt.timezone.utc).date()
    assert a["seed"] == b["seed"] == daily_seed(today) and a["mode"] == "deal" and a["settings"]["day"] == today.isoformat()
    assert daily_seed(today) != daily_seed(today + dt.timedelta(days=1))
    st, _ = play_out(client, a, random.Random(1), whole_game=True)
    assert st["game_over"] and st["deal_number"] == 1


def test_two_player_and_the_variants_play(client):
    for settings in ({"players": 2}, {"joker": True}, {"stick_the_dealer": True, "loner_lead": "left_of_dealer"}):
        st = new(client, seed=3, **settings)
        assert st["seats"] == (["N", "S"] if settings.get("players") == 2 else ["N", "E", "S", "W"])
        st, _ = play_out(client, st, random.Random(2), whole_game=False)
        assert st["deal_over"] and set(st["dealt"]) == set(st["seats"])


def test_a_turned_up_joker_deal_is_recorded_and_reviewed(client):
    st = new(client, seed=19, joker=True)               # seed 19 turns the joker up on the first deal
    assert st["upcard"] == "B" and st["named_suit"] == "d"
    st, _ = play_out(client, st, random.Random(2), whole_game=False)
    for path in ("game.egn", "deal-0.egn"):
        r = client.get(f"/play/{st['id']}/{path}")
        assert r.status_code == 200, r.get_json()
        egn = json.loads(r.data)
        jsonschema.validate(egn, SCHEMA)
        assert egn["deals"][0]["initialState"]["upCard"] == "B" and egn["deals"][0]["phases"][0]["calls"][0] == "d"
    r = client.post(f"/play/api/tables/{st['id']}/review/0")
    assert r.status_code == 200, r.get_json()
    assert client.get(f"/play/{st['id']}/review/0").status_code == 200


def test_the_setup_page_and_the_form_start_a_table(client):
    page = client.get("/play?seed=42")
    assert page.status_code == 200 and b'value="42"' in page.data
    r = client.post("/play/new", data={"partner": "policy", "opponents": "random", "seed": "42"})
    assert r.status_code == 303 and r.headers["Location"].startswith("/play/")
    table = client.get(r.headers["Location"])
    assert table.status_code == 200 and b"play-data" in table.data
    assert b'href="/play"' in client.get("/").data


def test_bots_stopped_by_the_time_budget_go_on_where_they_stopped(client, monkeypatch):
    whole = new(client, seed=17, partner="policy", opponents="policy")
    whole, moves = play_out(client, whole, random.Random(6), whole_game=False)
    monkeypatch.setattr("api.play.bot_budget", lambda: 0.0)         # one bot decision a request
    st = new(client, seed=17, partner="policy", opponents="policy")
    continued, made = 0, 0
    while not st["deal_over"]:
        if st["bots_to_move"]:
            assert not st["your_turn"] and st["legal"] == []
            r = client.post(f"/play/api/tables/{st['id']}/act", json={"action": "pass", "version": st["version"]})
            assert r.status_code == 422 and "turn, not yours" in r.get_json()["detail"]
            st = client.post(f"/play/api/tables/{st['id']}/continue").get_json()
            continued += 1
        else:
            st = client.post(f"/play/api/tables/{st['id']}/act",
                             json={"action": moves[made], "version": st["version"]}).get_json()
            made += 1
    assert continued > 0 and made == len(moves)
    assert st["dealt"] == whole["dealt"] and st["tricks"] == whole["tricks"] and st["calls"] == whole["calls"]


@pytest.mark.slow
def test_tables_are_shared_by_the_worker_processes(tmp_path):
    """Under ``euchre serve --workers 2`` a table made by one worker is played on by either (the SQLite store)."""
    import urllib.request
    from conftest import real_server

    def call(base, path, body=None):
        req = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(),
                                     method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.load(r)

    argv = ["-m", "solver", "serve", "--host", "127.0.0.1", "--port", "0", "--workers", "2"]
    with real_server(tmp_path / "serve.log", argv) as (host, port):
        base = f"http://{host}:{port}"
        status, st = call(base, "/play/api/tables", {**FAST, "seed": 3})
        assert status == 201
        rng = random.Random(1)
        for _ in range(12):
            if st["deal_over"]:
                break
            status, st = call(base, f"/play/api/tables/{st['id']}/act",
                              {"action": rng.choice(st["legal"])["token"], "version": st["version"]})
            assert status == 200
        for _ in range(6):
            status, again = call(base, f"/play/api/tables/{st['id']}")
            assert status == 200 and again["version"] == st["version"]
    assert "Traceback" not in (tmp_path / "serve.log").read_text()


@pytest.mark.slow
def test_another_seats_review_and_a_page_that_fetches_nothing_outside(client):
    st = new(client, seed=5, partner="policy", opponents="policy")
    st, _ = play_out(client, st, random.Random(2), whole_game=False)
    east = client.post(f"/play/api/tables/{st['id']}/review/0?seat=E").get_json()
    egn = client.get(f"/play/{st['id']}/deal-0.egn").data.decode()
    deal = client.post("/v1/review", json={"egn": egn, "worlds": 10, "seed": east["request"]["seed"]}).get_json()["deals"][0]
    assert east["seat"] == "E"
    assert len(east["decisions"]) == sum(c["seat"] == "E" for c in deal["calls"] + deal["cards"])
    assert client.get(f"/play/api/tables/{st['id']}").get_json()["review"] is None     # only the user's is kept
    p = client.post(f"/play/api/tables/{st['id']}/review/0?seat=Q").get_json()
    assert p["status"] == 422 and "'Q'" in p["detail"]
    html = client.get(f"/play/{st['id']}").data.decode()
    assert not re.search(r'(src|href)="(https?:)?//', html)                     # no CDN: nothing from elsewhere


def test_a_failure_inside_a_play_page_is_an_html_page_and_logged(app, client, monkeypatch, caplog):
    import api.play

    def broken(table_id):
        raise RuntimeError("disk on fire")
    monkeypatch.setattr(api.play, "load_table", broken)
    page = client.get("/play/some-table")
    assert page.status_code == 500 and page.mimetype == "text/html"
    assert b"Internal error" in page.data and b"disk on fire" not in page.data
    assert "unhandled error in RuntimeError" in caplog.text


# -- floods of new tables (issue 37, item 2) -----------------------------------------------------------

def test_a_flood_of_creates_cannot_evict_a_game_in_progress(tmp_path):
    """1,000 creates from one address, then from many: the player's table (in use) answers 200 throughout;
    the flood is refused (429 per address, 503 once every live table is in use) instead of evicting it."""
    app = create_app({"TESTING": True, "PLAY_STORE": str(tmp_path / "t.sqlite3"), "PLAY_MAX_TABLES": 8,
                      "PLAY_MAX_TABLES_PER_CLIENT": 3})
    client = app.test_client()
    store = app.extensions["play_tables"]
    now = store.clock()
    store.clock = lambda: now                       # the whole flood within one instant: every table in use
    player = client.post("/play/api/tables", json={**FAST, "seed": 3},
                         environ_base={"REMOTE_ADDR": "10.0.0.1"}).get_json()
    act = client.post(f"/play/api/tables/{player['id']}/act",
                      json={"action": player["legal"][0]["token"], "version": player["version"]},
                      environ_base={"REMOTE_ADDR": "10.0.0.1"})
    assert act.status_code == 200
    statuses = [client.post("/play/api/tables", json={**FAST, "seed": i},
                            environ_base={"REMOTE_ADDR": "10.0.0.66"}).status_code for i in range(1000)]
    assert statuses.count(201) == 3 and statuses.count(429) == 997
    p = client.post("/play/api/tables", json=FAST, environ_base={"REMOTE_ADDR": "10.0.0.66"})
    assert p.mimetype == "application/problem+json" and p.get_json()["type"] == "/problems/too-many-tables"
    assert int(p.headers["Retry-After"]) == 1800 and "at most 3 tables in use" in p.get_json()["detail"]
    many = [client.post("/play/api/tables", json={**FAST, "seed": i},
                        environ_base={"REMOTE_ADDR": f"10.1.{i // 250}.{i % 250}"}).status_code for i in range(1000)]
    assert many.count(201) == 4 and many.count(503) == 996          # 8 live: the player's, 3 + 4 of the flood
    p = client.post("/play/api/tables", json=FAST, environ_base={"REMOTE_ADDR": "10.2.0.1"})
    assert p.get_json()["type"] == "/problems/tables-full" and int(p.headers["Retry-After"]) == 1800
    assert "all 8 tables of this server are in use" in p.get_json()["detail"]
    assert client.get(f"/play/api/tables/{player['id']}").status_code == 200


def test_idle_tables_give_way_to_new_ones(tmp_path):
    """A table not used for PLAY_TABLE_IDLE seconds may be evicted (least recently used first), an address's
    own idle tables first; the tables in use stay."""
    now = [1000.0]
    store = TableStore(tmp_path / "s.sqlite3", max_tables=3, ttl=10_000, clock=lambda: now[0], idle=100,
                       per_client=2)
    a1 = store.create({"n": 1}, client="a")
    now[0] += 60
    a2 = store.create({"n": 2}, client="a")
    now[0] += 60                                    # a1 idle, a2 in use
    a3 = store.create({"n": 3}, client="a")         # a's bound: its idle a1 goes
    assert store.load(a1) is None and store.load(a2) is not None and store.load(a3) is not None
    b1 = store.create({"n": 4}, client="b")         # the store is full now: a2, a3, b1 in use
    with pytest.raises(TablesFull) as full:
        store.create({"n": 5}, client="c")
    assert full.value.status == 503 and full.value.retry_after == 40     # a2 goes idle at 1000 + 60 + 100
    now[0] += 40
    c1 = store.create({"n": 5}, client="c")         # a2 is idle: evicted
    assert store.load(a2) is None and {store.load(t)[0]["n"] for t in (a3, b1, c1)} == {3, 4, 5}
    with pytest.raises(TablesFull) as mine:
        store.create({"n": 6}, client="a")          # a holds a3 (in use) only, but the store is full of use
    assert mine.value.status == 503


# -- moves, hints and reviews racing (issue 37, item 7) --------------------------------------------------

def test_a_move_without_its_version_is_not_applied_to_a_later_state(client):
    """A double-clicked pass: the second, sent without the version it was chosen in, would have passed in
    round 2 too. A move must name its version; without it nothing is applied."""
    st = new(client, seed=5, partner="policy", opponents="policy")
    assert st["phase"] == "bid1" and st["version"] == 0
    first = client.post(f"/play/api/tables/{st['id']}/act", json={"action": "pass", "version": 0}).get_json()
    assert first["phase"] == "bid2" and first["your_turn"] and first["version"] == 1
    again = client.post(f"/play/api/tables/{st['id']}/act", json={"action": "pass"})
    assert again.status_code == 422 and again.get_json()["field"] == "version"
    assert "version" in again.get_json()["detail"]
    after = client.get(f"/play/api/tables/{st['id']}").get_json()
    assert after["version"] == 1 and after["phase"] == "bid2" and after["calls"] == first["calls"]


def test_a_hint_does_not_make_a_move_chosen_before_it_stale(client):
    st = new(client, seed=5, partner="policy", opponents="policy")
    h = client.post(f"/play/api/tables/{st['id']}/hint")
    assert h.status_code == 200 and h.get_json()["hints_taken"] == 1
    moved = client.post(f"/play/api/tables/{st['id']}/act", json={"action": "pass", "version": st["version"]})
    assert moved.status_code == 200, moved.get_json()
    assert moved.get_json()["version"] == 1 and moved.get_json()["hints_taken"] == 1      # the hint kept


def test_a_review_saved_meanwhile_does_not_make_a_move_stale(client):
    st = new(client, seed=7)
    st, _ = play_out(client, st, random.Random(1), whole_game=False)
    st = client.post(f"/play/api/tables/{st['id']}/next").get_json()
    assert st["your_turn"] and st["deal_number"] == 2
    rev = client.post(f"/play/api/tables/{st['id']}/review/0")
    assert rev.status_code == 200
    moved = client.post(f"/play/api/tables/{st['id']}/act",
                        json={"action": st["legal"][0]["token"], "version": st["version"]})
    assert moved.status_code == 200, moved.get_json()
    assert moved.get_json()["version"] == st["version"] + 1
    assert client.get(f"/play/{st['id']}/review/0").status_code == 200
    assert client.post(f"/play/api/tables/{st['id']}/review/0").get_json()["decisions"] == rev.get_json()["decisions"]


def test_notes_saved_after_a_move_loaded_are_kept_by_both(tmp_path):
    """A hint written between a move's load and its save (the store's order of a race): neither is lost."""
    store = TableStore(tmp_path / "s.sqlite3", max_tables=3, ttl=100)
    tid = store.create({"deals": [[1]]})
    rec, version, _notes = store.load(tid)
    assert store.annotate(tid, "hints", "0:1", {"step": 1})            # the hint lands first
    rec["deals"][0].append(2)
    assert store.save(tid, rec, version)                                 # the move still applies
    rec, version, notes = store.load(tid)
    assert rec == {"deals": [[1, 2]]} and version == 1 and notes == {"hints": {"0:1": {"step": 1}}}
    assert not store.annotate("no-such-table", "hints", "0:1", {})


# -- docs drift on /play (issue 37, item 11) ----------------------------------------------------------

def test_the_calls_list_says_alone(client):
    st = new(client, seed=5, partner="policy", opponents="policy")
    assert "order alone" in [c["token"] for c in st["legal"]]
    st = client.post(f"/play/api/tables/{st['id']}/act", json={"action": "order alone", "version": 0}).get_json()
    assert st["alone"] == "S" and st["maker"] == "S"
    mine = [c["call"] for c in st["calls"] if c["seat"] == "S"]
    assert len(mine) == 1 and mine[0].endswith(" alone"), st["calls"]
    assert [c["call"] for c in st["calls"] if c["seat"] != "S"] == ["pass"] * (len(st["calls"]) - 1)


def test_the_review_page_of_deal_k_is_titled_deal_k(client):
    st = new(client, seed=7)
    rng = random.Random(1)
    while st["deal_number"] < 4:
        st, _ = play_out(client, st, rng, whole_game=False)
        if st["deal_number"] < 4:
            st = client.post(f"/play/api/tables/{st['id']}/next").get_json()
    st, _ = play_out(client, st, rng, whole_game=False)
    page = client.get(f"/play/{st['id']}/review/3").get_data(as_text=True)
    assert re.findall(r'class="deal-tab"[^>]*>Deal (\d+)', page) == ["3"]
    assert json.loads(client.get(f"/play/{st['id']}/deal-3.egn").data)["deals"][0]["dealNumber"] == 3
    rev = client.post(f"/play/api/tables/{st['id']}/review/3").get_json()
    assert rev["deal"] == 3 and rev["decisions"]
