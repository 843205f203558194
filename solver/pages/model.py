"""The review page's data: a :class:`~solver.review.Review` and its record, as the plain dicts the
template and the page's script read (:func:`review_model`).

Every figure is taken from ``Review.to_dict()`` (the JSON of ``POST /v1/review`` and
``euchre review --json``), so the page shows the same numbers; only the deal as dealt
(the hands, who took the upcard, who sits out) and each decision's seat view come
from the record's replay (:class:`~solver.game.Hand`).
"""
from __future__ import annotations

import math

from ..cards import JOKER, Card, Seat, cards_of
from ..errors import EuchreError
from ..examples import describe, signed
from ..game import BidMade, CardPlayed, Discarded, Hand, view_from_dict
from ..render import mattered_text
from ..review.results import DD_TRICKS, INFO_POINTS

#: Colour classes of a loss, by size (the text says the figure; the colour only repeats it).
#: Information-set points: none, below the flagging threshold, up to half a point, more.
INFO_LEVELS = ((1e-9, "none"), (INFO_POINTS - 1e-9, "small"), (0.5, "medium"))
#: Double-dummy tricks: none, below the flag (never, with the 1-trick threshold), one trick, more.
DD_LEVELS = ((0.5, "none"), (DD_TRICKS - 0.5, "small"), (1.5, "medium"))

_SUIT_ORDER = (3, 2, 0, 1)          # display: spades, hearts, clubs, diamonds (colours alternate)
SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def level(value, levels) -> str:
    """``"none"``, ``"small"``, ``"medium"`` or ``"large"``: the colour class of a loss (``"unknown"``: none given)."""
    if value is None:
        return "unknown"
    for bound, name in levels:
        if value < bound:
            return name
    return "large"


def finite(x):
    """``x`` with a non-finite float (an unbounded interval end) as ``None``: JSON has no infinity."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, (list, tuple)):
        return [finite(v) for v in x]
    if isinstance(x, dict):
        return {k: finite(v) for k, v in x.items()}
    return x


def sort_key(card: Card):
    if card == JOKER:
        return (-1, 0)
    return (_SUIT_ORDER.index(card % 4), -(card // 4))


def card_face(text: str) -> dict:
    """``{"card": "Ad", "rank": "A", "suit": "d", "symbol": "♦", "red": True, "label": "A of diamonds"}``."""
    if text == "B":
        return {"card": "B", "rank": "★", "suit": "", "symbol": "", "red": False, "label": "the joker"}
    rank, suit = text[:-1], text[-1]
    words = {"9": "9", "T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
    suits = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
    return {"card": text, "rank": "10" if rank == "T" else rank, "suit": suit, "symbol": SYMBOLS[suit],
            "red": suit in "dh", "label": f"{words[rank]} of {suits[suit]}"}


def _fmt(x) -> str:
    return "unbounded" if x is None else f"{x:+.2f}".replace("+-", "-") if x < 0 else f"{x:.2f}"


def _tricks(n: int) -> str:
    return f"{n} trick" + ("" if n == 1 else "s")


def card_mark(entry: dict, dd: dict | None, info: dict | None, played: str, step: dict) -> dict:
    """One legal card's figures at a decision: double-dummy trick cost, information-set points lost (and its
    95% interval), and the sentence said on hover or focus."""
    card = entry["card"] if isinstance(entry, dict) else entry
    out = {"card": card, "played": card == played, "dd_cost": None, "info_loss": None, "interval": None}
    parts = [card_face(card)["label"] + (" (played)" if card == played else "")]
    if dd is not None:
        tricks = {c["card"]: c["tricks"] for c in dd["cards"]}
        best = max(tricks[c] for c in step["candidates"] if c in tricks)
        out["dd_cost"] = best - tricks[card]
        out["dd_best"] = card in dd["best"]
        parts.append(f"double dummy: {_tricks(tricks[card])} for {step['seat']}'s side, "
                     + ("best" if out["dd_cost"] == 0 else f"{_tricks(out['dd_cost'])} lost"))
    else:
        parts.append("double dummy: not analysed")
    if info is not None:
        row = next((c for c in info["cards"] if c["card"] == card), None)
        if row is not None and "loss_points" in row:
            out["info_loss"] = row["loss_points"]
            out["interval"] = finite(row["points_interval"])
            out["info_best"] = card in info["best"]
            lo, hi = out["interval"]
            how = "exact, every consistent deal" if info["exact"] else f"{info['worlds']} worlds"
            parts.append(f"information set: {row['points']:.2f} points on average, {row['loss_points']:.2f} points "
                         f"lost against the best (95% interval {_fmt(lo)} to {_fmt(hi)}; {how})")
    else:
        parts.append("information set: not analysed")
    game = (info or {}).get("game")
    if game is not None:             # judged by the game's score: the chance of winning it after this card
        chances = {c["card"]: c["p_win_game"] for c in game["cards"]}
        if card in chances:
            out["p_win_game"] = chances[card]
            parts.append(f"chance of winning the game after it {chances[card]:.3f}"
                         + (", the best" if card in game["best"] else f" (best {max(chances.values()):.3f})"))
    out["dd_level"] = level(out["dd_cost"], DD_LEVELS)
    out["info_level"] = level(out["info_loss"], INFO_LEVELS)
    out["text"] = "; ".join(parts)
    return out


def call_mark(option: dict, call: dict) -> dict:
    """One legal call's figures: the advisor's expected points lost against the best call (the call made
    also has its paired interval); calls have no double-dummy figure."""
    loss = None if call["best_points"] is None else round(call["best_points"] - option["expected_points"], 4)
    played = option["call"] == call["call"]
    interval = finite(call["loss_interval"]) if played and call["loss_interval"] is not None else None
    text = f"{option['name']}{' (made)' if played else ''}: {option['expected_points']:.2f} points expected"
    if loss is not None:
        text += ", best" if loss <= 1e-9 else f", {loss:.2f} points lost against {call['best_name']}"
    if interval is not None:
        text += f" (95% interval {_fmt(interval[0])} to {_fmt(interval[1])})"
    mark = {"call": option["call"], "name": option["name"], "played": played, "dd_cost": None,
            "info_loss": loss, "interval": interval, "expected_points": option["expected_points"],
            "best": option["call"] == call["best"], "info_level": level(loss, INFO_LEVELS)}
    if option.get("p_win_game") is not None:     # judged by the game's score
        mark["p_win_game"] = option["p_win_game"]
        text += f"; chance of winning the game {option['p_win_game']:.3f}"
    mark["text"] = text
    return mark


def _views(hand: Hand | None) -> dict:
    """Each decision's seat view as /v1 request fields (``None`` where it has no keyword form), by kind:
    ``{"call": [...], "discard": [...], "play": [...]}`` in the order of the record."""
    out = {"call": [], "discard": [], "play": []}
    if hand is None:
        return out
    kinds = ((BidMade, "call"), (Discarded, "discard"), (CardPlayed, "play"))
    for before, rec in hand.steps():
        kind = next((k for cls, k in kinds if isinstance(rec, cls)), None)
        if kind is None:
            continue
        try:
            view = before.view(rec.seat).to_dict()
            view_from_dict(view)          # the question must replay as /v1 asks it (a discard not recorded does not)
            out[kind].append(view)
        except EuchreError:
            out[kind].append(None)
    return out


def _sorted(mask: int) -> list:
    return [str(c) for c in sorted(cards_of(mask), key=sort_key)]


def deal_model(index: int, deal: dict, hand: Hand | None, mistakes: list) -> dict:
    """One deal of the page: ``deal`` its ``Review.to_dict()`` entry, ``hand`` its replay (``None``: it does
    not replay), ``mistakes`` the text of each decision's flags in order (calls, then cards)."""
    rules_players = 2 if hand is not None and hand.rules.players == 2 else 4
    seats = ["N", "S"] if rules_players == 2 else ["N", "E", "S", "W"]
    contract = deal["contract"] or {}
    sitting_out = None
    if contract.get("alone") and rules_players == 4:
        sitting_out = Seat((int(Seat.parse(contract["alone"])) + 2) % 4).name
    hands, unknown, dummies = {}, {}, {}
    picked_up = discard = None
    if hand is not None:
        for s in seats:
            hands[s] = _sorted(hand.dealt(s))
            unknown[s] = hand.dealt_unknown(s)
            if hand.rules.dummy_hands:
                dummies[s] = _sorted(hand.dealt_dummy(s))
        picked_up = hand.picked_up
        discard = None if hand.discard is None else str(hand.discard)
    views = _views(hand)
    steps = []
    for call, flags in zip(deal["calls"], mistakes):
        steps.append({"kind": "call", "seat": call["seat"], "round": call["round"], "played": call["call"],
                      "label": f"round {call['round']}: {call['seat']} {call['name']}",
                      "marks": [call_mark(o, call) for o in call["options"]] if call["best_points"] is not None
                      else [], "unanalysed": call["unanalysed"], "mistakes": flags, **_grade(call),
                      "examples": _examples(call.get("examples")), "gave_away": None})
    for card, flags in zip(deal["cards"], mistakes[len(deal["calls"]):]):
        verb = "discarded" if card["kind"] == "discard" else ("led" if card["lead"] else "played")
        where = "discard" if card["kind"] == "discard" else f"trick {card['trick']}"
        marks = [] if card["renege"] else [card_mark(c, card["dd"], card["info"], card["card"], card)
                                           for c in card["candidates"]]
        steps.append({"kind": card["kind"], "seat": card["seat"], "trick": card["trick"], "played": card["card"],
                      "label": f"{where}: {card['seat']} {verb} {card['card']}", "marks": marks,
                      "renege": card["renege"], "unanalysed": card["unanalysed"], "mistakes": flags,
                      "lead": bool(card["lead"]) and card["kind"] == "play",
                      **_grade(card), "examples": _examples(card.get("examples")),
                      "gave_away": card.get("gave_away")})
    seen = {"call": 0, "discard": 0, "play": 0}
    for step in steps:
        kind = step["kind"]
        view = views[kind][seen[kind]] if seen[kind] < len(views[kind]) else None
        seen[kind] += 1
        step["request"] = _request(step, view)
        # at a lead, the lead table of the same view (POST /v1/lead, the analysis page's "#lead=" link)
        step["lead_request"] = ({"endpoint": "lead", "body": view} if step["request"] is not None
                                and step["kind"] == "play" and step.get("lead") else None)
    cards_shown = {c for s in seats for c in hands.get(s, [])} | {c for s in dummies for c in dummies[s]}
    upcard = deal["upcard"]
    return {"index": index, "number": deal["number"], "summary": deal["summary"], "status": deal["status"],
            "dealer": deal["dealer"], "upcard": upcard, "upcard_face": card_face(upcard) if upcard else None,
            "upcard_in_hand": upcard in cards_shown, "picked_up": picked_up, "discard": discard,
            "contract": deal["contract"], "result": deal["result"], "seats": seats, "sitting_out": sitting_out,
            "hands": {s: [card_face(c) for c in cs] for s, cs in hands.items()}, "unknown": unknown,
            "dummies": {s: [card_face(c) for c in cs] for s, cs in dummies.items()},
            "steps": steps, "unanalysed": deal["unanalysed"], "notes": deal["notes"],
            "par": (deal.get("par") or {}).get("text"),
            "mattered": _mattered(deal.get("mattered")),
            "mistake_count": sum(len(s["mistakes"]) for s in steps)}


def _mattered(m: dict | None, deal: int | None = None, number: int | None = None) -> dict:
    """The line naming the decision that cost the most and the step it links to (``step`` ``None``: nothing lost,
    nothing to link); ``deal``: the page's deal of a game's line."""
    lost = m is not None and m["lost"]
    return {"text": mattered_text(m, number), "step": m["step"] if lost else None, "deal": deal}


def _examples(ex: dict | None) -> dict | None:
    """A decision's example worlds (solver.examples) as the pages show them: the sentence, and each world's
    hands as card faces."""
    if not ex:
        return None
    text = describe(ex) + ("; for example:" if ex["examples"] else "")
    worlds = [{"hands": {s: [card_face(c) for c in cs.split()] for s, cs in e["hands"].items()},
               "weight": e["weight"], "played": e["played"], "best": e["best"],
               "text": f"{ex['played']}: {signed(e['played'])}, {ex['best']}: {signed(e['best'])} points"}
              for e in ex["examples"]]
    return {"text": text, "worlds": worlds, "share": ex["share"]}


def _grade(decision: dict) -> dict:
    """A step's grade (solver.grades) as the page shows it: ``{"grade", "grade_text"}`` (``None``: not judged)."""
    g = decision.get("grading")
    reasons = [r["sentence"] for r in decision.get("reasons", ())]
    if g is None:
        return {"grade": None, "grade_text": None, "reasons": reasons}
    text = g["grade"] if g["range"] is None else f"{g['grade']} ({g['range'][0]} to {g['range'][1]})"
    if g.get("basis") == "double-dummy":
        text += ", double dummy"
    return {"grade": g["grade"], "grade_text": text, "reasons": reasons}


def _request(step: dict, view: dict | None) -> dict | None:
    """The /v1 request that asks the same question as the decision (for "analyse this step")."""
    if view is None:
        return None
    if step["kind"] == "call":
        return {"endpoint": "advise", "body": {"hand": view["hand"], "upcard": view["upcard"], "seat": view["seat"],
                                               "dealer": view["dealer"], "round": step["round"],
                                               "rules": view["rules"]}}
    if step["kind"] == "play":
        return {"endpoint": "play", "body": view}
    return None


def _branch_points(hand: Hand | None, steps: list, record_index: int) -> None:
    """Give each step of a deal its what-if question (``POST /v1/branch``): ``{"deal", "step", "alternatives"}``
    with ``step`` the decision's index in :func:`solver.whatif.decisions` and the actions open there, or ``None``
    where the record does not show the cards to play on with (``"why"`` then says so)."""
    from ..whatif import alternatives, decisions
    found = {"call": [], "discard": [], "play": []}
    if hand is not None:
        kinds = ((BidMade, "call"), (Discarded, "discard"), (CardPlayed, "play"))
        for k, (before, rec) in enumerate(decisions(hand)):
            kind = next(word for cls, word in kinds if isinstance(rec, cls))
            found[kind].append((k, before))
    seen = {"call": 0, "discard": 0, "play": 0}
    for step in steps:
        kind = step["kind"]
        got = found.get(kind, [])
        at = got[seen[kind]] if seen.get(kind, 0) < len(got) else None
        seen[kind] = seen.get(kind, 0) + 1
        options = alternatives(at[1]) if at is not None else []
        if options:
            step["branch"] = {"deal": record_index, "step": at[0], "alternatives": options}
        else:
            step["branch"] = None


def review_model(review, game) -> dict:
    """The page's data of a :class:`~solver.review.Review` of ``game`` (the record it reviewed: an
    :class:`~solver.records.EGNGame`, a dummy-hands record or one :class:`~solver.game.Hand`)."""
    data = review.to_dict()
    hands = [game] if isinstance(game, Hand) else [d.hand for d in game.deals]
    deals = []
    for i, (dr, deal) in enumerate(zip(review.deals, data["deals"])):
        flags = [[str(m) for m in d.mistakes] for d in dr.decisions]
        hand = hands[dr.index] if dr.index < len(hands) else None
        deals.append(deal_model(i, finite(deal), hand, flags))
        _branch_points(hand if hand is None or not hand.rules.dummy_hands else None, deals[-1]["steps"], dr.index)
    m = data.get("mattered")
    page = next((i for i, dr in enumerate(review.deals) if m is not None and dr.index == m["deal"]), None)
    return {"title": data["title"], "source": data["source"], "worlds": data["worlds"], "seed": data["seed"],
            "mattered": _mattered(m if page is not None else None, page, None if m is None else m["number"]),
            "model": data["model"]["text"], "thresholds": data["thresholds"], "notes": data["notes"],
            "players": data["players"], "deals": deals, "rules": data["rules"]}


__all__ = ["review_model", "deal_model", "card_mark", "call_mark", "card_face", "level", "finite",
           "INFO_LEVELS", "DD_LEVELS"]
