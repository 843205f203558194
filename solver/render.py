"""Text for people, one place for every result: the CLI prints it and ``str(result)`` returns it.

The result types call into this module for their ``__str__`` and ``text()``, so it
imports no result type (it reads their attributes) and nothing of the engine.

Bid advice (:mod:`solver.advisor`): :func:`advice_text`; play advice: :func:`play_advice_text`. Review results
(:mod:`solver.review.results`): :func:`mistake_text`, :func:`player_text`,
:func:`card_line`, :func:`deal_review_text`, :func:`review_text`.
"""
from __future__ import annotations

import os

from .cards import Suit, format_cards, format_hand
from .errors import plural


#: The one note said wherever a double-dummy figure is shown (CLI text, the review and analysis pages): what it
#: assumes. :data:`OWN_VIEW_NOTE` follows it where the same decision also has a figure from the player's own view.
DOUBLE_DUMMY_NOTE = "double dummy assumes every player sees every hand"
OWN_VIEW_NOTE = "the information-set figures beside it are from the player's own view"


def one_line(text) -> str:
    """Text from a record (a title, a player's name) kept on one line: a line break in it is written
    ``\\n``, so a crafted title cannot print what looks like another line of the report. (The CLI
    escapes every other control character where it prints.)"""
    return str(text).replace("\r", "\\r").replace("\n", "\\n")


# -- figures ---------------------------------------------------------------------
def _signed(x: float) -> str:
    """``+0.25``, ``-1.50``; a figure that rounds to zero is ``0`` (never ``-0.00``)."""
    x = round(float(x), 2)
    return "0" if x == 0 else f"{x:+.2f}"


def _loss_text(n, text) -> str:
    """A loss shown as a negative figure: ``-1 trick``; none is ``0 tricks`` (never ``-0``)."""
    return text(0) if round(float(n), 2) == 0 else "-" + text(n)


def _points_text(x: float) -> str:
    if round(float(x), 2) == 0:
        return "0 points"
    if float(x).is_integer():
        return f"{int(x):+d} point{'' if abs(x) == 1 else 's'}"
    return f"{x:+.2f} points"


def _role(seat, makers: bool, maker) -> str:
    """A seat's part in the contract, for a heading: ``"maker"`` (the seat that called trump), ``"makers"`` (a
    seat of the makers' side that did not call, or one whose maker is not known) or ``"defender"``."""
    return "defender" if not makers else "maker" if maker is not None and maker == seat else "makers"


def _trick_text(n) -> str:
    if float(n).is_integer():
        n = int(n)
        return f"{n} trick{'' if n == 1 else 's'}"
    return f"{n:.2f} tricks"


def _chance_text(x: float) -> str:
    """A change in the chance of winning the game: ``-0.031``; none is ``0``."""
    x = round(float(x), 3)
    return "0" if x == 0 else f"{x:+.3f}"


def _game_loss_text(loss, interval, label="P(win game)") -> str:
    """``P(win game) -0.031 [-0.052, -0.010]``: a loss in the chance of the game (interval when sampled)."""
    out = f"{label} {_chance_text(-loss)}"
    if interval is not None:
        out += f" [{_chance_text(-interval[1])}, {_chance_text(-interval[0])}]"
    return out


# -- review ----------------------------------------------------------------------
def mistake_text(m) -> str:
    """One flagged decision (:class:`solver.review.Mistake`), as ``str(mistake)``: where, who,
    what was played, the kind, what it cost (tricks and points, worlds) and the best choices."""
    head = f"{m.where:<8} {m.seat} {m.played:<16} {m.kind:<16}"
    if m.renege:
        legal = f"; legal: {', '.join(m.best)}" if m.best else ""
        return f"{head} did not follow suit (not scored against legal cards){legal}"
    grade = getattr(m, "grade_text", None)
    if grade is not None and not m.double_dummy:     # a double-dummy line says the view's grade at its end
        head += f" {grade}:"
    if m.double_dummy:
        cost = f"{_loss_text(m.tricks, _trick_text)}, {_points_text(-m.points)}"
    elif m.win is not None:           # judged by the game's score
        cost = f"{_game_loss_text(m.win, m.win_interval)}, {_points_text(-m.points)}"
        if m.tricks is not None:
            cost += f", {_signed(-m.tricks)} tricks"
        cost += f" ({'exact, ' if m.exact else ''}{m.worlds} worlds)"
    else:
        cost = _points_text(-m.points)
        if m.tricks is not None:
            cost += f", {_signed(-m.tricks)} tricks"
        cost += f" ({'exact, ' if m.exact else ''}{m.worlds} worlds)"
    return f"{head} {cost}; best: {', '.join(m.best)}{_split_text(m)}"


def _split_text(m) -> str:
    """The knowable-or-double-dummy split of a flagged card, said in its line."""
    knowable = getattr(m, "knowable", None)
    if knowable is None or m.decision in ("call", "defence"):
        return ""
    if knowable:
        return f"; knowable: {m.seat} could see it" if not m.double_dummy else \
            f"; knowable: {m.seat}'s view flags it too ({m.grade_text})"
    return f"; visible only double dummy: from {m.seat}'s view the card was {m.grade_text or 'not judged'}"


def player_text(p) -> str:
    """A player's totals (:class:`solver.review.PlayerSummary`), as ``str(summary)``."""
    who = f"{p.seat}" + (f" ({one_line(p.name)})" if p.name else "")
    n = sum(p.mistakes.values())
    kinds = ", ".join(f"{v} {k}" for k, v in p.mistakes.items() if v)
    game = "" if p.win_lost is None else f", P(win game) {_chance_text(-p.win_lost)} on calls and cards"
    return (f"{who + ':':<18} double dummy {_loss_text(p.dd_tricks, _trick_text)}; information set "
            f"{_signed(-p.info_points)} points on cards, {_signed(-p.call_points)} on calls{game}; "
            f"{n} mistake{'' if n == 1 else 's'}" + (f" ({kinds})" if kinds else "") + grades_text(p.grades))


def grades_text(grades) -> str:
    """``"; grades: 12 best, 3 good, 1 mistake"`` (the grades with a count), or ``""``."""
    shown = [f"{v} {k}" for k, v in (grades or {}).items() if v]
    return f"; grades: {', '.join(shown)}" if shown else ""


def mattered_text(m, deal_number=None) -> str:
    """The line naming the decision that cost the most (:attr:`solver.review.DealReview.mattered`, or the game's
    with ``deal_number``): ``the decision that mattered: trick 2, S led Ks: P(win game) -0.024 (mistake)``."""
    if m is None:
        return "the decision that mattered: none judged"
    if not m["lost"]:
        return "the decision that mattered: none; every judged decision was among the best"
    loss = _game_loss_text(m["loss"], None) if m["unit"] == "game" else _points_text(-m["loss"])
    deal = "" if deal_number is None else f"deal {deal_number}, "
    return f"the decision that mattered: {deal}{m['where']}, {m['seat']} {m['done']}: {loss} ({m['grade']})"


def _decision_label(d) -> str:
    if d.decision == "call":
        return f"{d.seat}'s call ({d.name}, round {d.round})"
    if d.decision == "discard":
        return f"{d.seat}'s discard"
    return f"{d.seat}'s {d.card} (trick {d.trick})"


def card_line(c) -> str:
    """One card or discard (:class:`solver.review.CardReview`) with its figures: ``DD 4->5 (-1)``
    the makers' tricks before and after it (and its cost), ``info 9s:-0.17 ...`` each candidate's
    average points for the player's side."""
    parts = [f"{c.where:<8} {c.seat} {c.card}"]
    grading = getattr(c, "grading", None)
    if grading is not None:
        parts.append(grading.text + (" (double dummy)" if grading.basis == "double-dummy" else ""))
    if c.dd is not None:
        parts.append(f"DD {c.dd.before}->{c.dd.after}" + (f" (-{c.dd.cost})" if c.dd.cost else ""))
    if c.info is not None:
        parts.append("info " + " ".join(f"{k}:{_signed(v)}" for k, v in c.info.points.items()))
        if c.info.game is not None:
            g = c.info.game
            parts.append("P(win game) " + " ".join(f"{k}:{v:.3f}" for k, v in g["p_win_game"].items())
                         + f" ({_game_loss_text(g['loss'], None if c.info.exact else g['interval'], 'loss')})")
    return "  ".join(parts)


def deal_review_text(deal, verbose: bool = False) -> str:
    """A deal's review (:class:`solver.review.DealReview`): the summary, flagged mistakes,
    (``verbose``: every card), the record's notes, what was not analysed, the players."""
    lines = [deal.summary[:1].upper() + deal.summary[1:], "  " + mattered_text(deal.mattered)]
    if getattr(deal, "par", None) is not None:
        lines.append(f"  {deal.par['text']}")
    if deal.score is not None:
        lines.append("  judged by the chance of winning the game from "
                     + ", ".join(f"{k} {v}" for k, v in deal.score.items()))
    elif deal.by_points is not None:
        lines.append(f"  judged by points: {deal.by_points}")
    for m in deal.mistakes:
        lines.append(f"  {m}")
    for d in deal.decisions:
        for r in getattr(d, "reasons", ()):
            lines.append(f"  why, {d.where} {d.seat}: {r.sentence} [{r.rule}]")
        ex = getattr(d, "examples", None)
        if ex:
            lines.append(f"  deals, {d.where} {d.seat}: {examples_text(ex, d.seat)}")
        told = getattr(d, "gave_away", None)
        if told is not None:
            lines.append(f"  read, {d.where} {d.seat}: {told.text}")
    if verbose:
        for c in deal.cards:
            lines.append("  " + card_line(c))
    for d in getattr(deal, "defence", ()):
        did = "defended alone" if d.choice == "defend alone" else "defended with its partner"
        advice = "the best choice" if d.loss <= 1e-9 else f"{d.best} was {d.loss:.2f} points better"
        grade = "" if d.grading is None else f"{d.grading.text}, "
        lines.append(f"  {d.seat} {did} against the loner: {advice} ({grade}advise_defend, {d.worlds} worlds)")
    for note in deal.notes:
        lines.append(f"  note: {note}")
    for reason in deal.unanalysed:
        lines.append(f"  not analysed: {reason}")
    for d in deal.decisions:
        for reason in d.unanalysed:
            lines.append(f"  not analysed: {_decision_label(d)}: {reason}")
    for p in deal.players.values():
        if p.decisions:
            lines.append(f"  {p}")
    return "\n".join(lines)


def examples_text(ex: dict, seat) -> str:
    """``in 26% of the deals S could be facing, the Ks does worse than the Jc (the same in 66%, better in 8%); the
    likeliest: N ... E ... (Ks -2, Jc +2)``: a decision's example worlds (:mod:`solver.examples`)."""
    from .examples import describe, signed
    out = describe(ex, str(seat))
    if ex["examples"]:
        e = ex["examples"][0]
        hands = ", ".join(f"{s} {c}" for s, c in e["hands"].items())
        unit = "point" if e["played"] in (1, -1) else "points"
        out += f"; the likeliest: {hands} ({ex['played']} {signed(e['played'])} {unit}, {ex['best']} {signed(e['best'])})"
    return out


def review_text(review, verbose: bool = False) -> str:
    """A game's review (:class:`solver.review.Review`): a heading (file, title, deals, worlds,
    seed), the game's notes, each deal (:func:`deal_review_text`), then the game totals."""
    name = os.path.basename(review.source)
    title = one_line(review.title if review.title == name else f"{name}: {review.title}")
    head = f"{title} ({len(review.deals)} deal{'' if len(review.deals) == 1 else 's'}, " \
           f"{review.worlds} worlds per decision, seed {review.seed})"
    m = review.mattered
    parts = [head, f"model: {review.model_text}", f"judged: {review.judging_text}",
             f"valuation: {review.valuation_text}", mattered_text(m, None if m is None else m["number"]),
             f"{DOUBLE_DUMMY_NOTE}; {OWN_VIEW_NOTE}"] \
        + [f"note: {n}" for n in review.notes] + [""]
    for d in review.deals:
        parts.append(deal_review_text(d, verbose))
        parts.append("")
    parts.append("Game totals")
    for p in review.players.values():
        parts.append(f"  {p}")
    return "\n".join(parts)


# -- bid advice --------------------------------------------------------------

def _deciding_suit(advice):
    """The suit a bid question's hand is shown grouped by (:func:`~solver.cards.format_hand`): in round 1 the
    upcard's (the dealer's named suit for a turned-up joker), the trump the seat is deciding on, so its bowers lead;
    in round 2 none (any suit but the turned-down one may be called)."""
    return Suit(advice.proposed) if advice.round == 1 else None


def advice_text(advice) -> str:
    """The bid advisor's table for one decision (:class:`solver.advisor.Advice`), as ``str(advice)``.

    A heading (seat, hand, upcard, dealer, round, worlds), with dummy hands a line
    for the face-up dummies, then one row per option: P(make), P(march),
    P(euchred) and expected points with the half-width of their 95% interval
    (``*`` marks the recommended call); the calls stopped early (judged on fewer worlds);
    how the later seats bid, what the earlier passes did to the worlds, and whether the
    best call holds under the cautious and aggressive variants of the model (``NOT robust``
    when it does not); last the recommendation with its margin. Advising with a score adds a P(win game) column
    and the margin is then in win probability. A row that is not ``best`` ends with its grade
    (:mod:`solver.grades`: its paired loss against the recommended call).
    """
    named = getattr(advice, "named_suit", None)          # a turned-up joker: the suit the dealer named
    head = (f"{advice.seat} holds {format_hand(advice.hand, _deciding_suit(advice))}; upcard {advice.upcard}"
            f"{f' ({Suit(named).word} named)' if named is not None else ''}"
            f"{' turned down' if advice.round == 2 else ''}; dealer {advice.dealer}; round {advice.round}; "
            f"{advice.worlds} worlds{' (exact)' if advice.exact else ''}")
    lines = [head]
    score = getattr(advice, "score", None)
    if score:
        lines.append("score " + ", ".join(f"{k} {v}" for k, v in score.items()) +
                     f" (to {advice.rules.winning_score}): judged by the chance of winning the game")
    split = ""
    if advice.dummies is not None:
        lines.append(f"dummies face up: N {format_cards(advice.dummies[0])}, S {format_cards(advice.dummies[1])}; "
                     "points and chances cover both sets of five (tricks 1-5 personal, 6-10 dummies)")
        split = f" {'1-5':>7} {'6-10':>7}"
    game = f" {'P(win game)':>17}" if score else ""
    lines.append(f"{'option':<28} {'P(make)':>8} {'P(march)':>8} {'P(euchred)':>10} {'points':>16}{game}{split}")
    for o in advice.options:
        half = (o.points_interval[1] - o.points_interval[0]) / 2
        pts = f"{o.expected_points:+.3f}" + ("" if o.exact else f" ±{half:.3f}")
        mark = " *" if o is advice.recommended else ""
        sets = "" if o.phases is None else "".join(f" {p['expected_points']:+7.3f}" for p in o.phases)
        win = ""
        if score:
            whalf = (o.p_win_game_interval[1] - o.p_win_game_interval[0]) / 2
            win = " " + f"{o.p_win_game:.4f}{'' if o.exact else f' ±{whalf:.4f}'}".rjust(17)
        lines.append(f"{o.name:<28} {o.p_make:8.3f} {o.p_march:8.3f} {o.p_euchred:10.3f} {pts:>16}{win}{sets}{mark}"
                     + _grade_cell(o))
    stopped = [o for o in advice.options if getattr(o, "stopped", False)]
    if stopped:
        lines.append("stopped early, clearly behind the leading call (figures over the worlds used): "
                     + ", ".join(f"{o.name} ({o.worlds} worlds)" for o in stopped))
    lines.extend(_bidding_lines(advice))
    lines.append("valuation: " + advice.valuation_text)
    if len(advice.options) > 1:
        lo, hi = advice.margin_interval
        spread = "" if advice.exact else f", 95% {lo:+.3f} to {hi:+.3f}"
        unit, f = ("in win probability", ".4f") if score else ("points", ".3f")
        spread = "" if advice.exact else f", 95% {lo:+{f}} to {hi:+{f}}"
        lines.append(f"recommended: {advice.recommended.name} (by {advice.margin:{f}} {unit}{spread})")
    else:
        lines.append(f"recommended: {advice.recommended.name} (the only option asked for)")
    lines += _option_examples_lines(advice.options, lambda o: o.name, advice.seat)
    return "\n".join(lines)


def _option_examples_lines(options, name, seat) -> list:
    """``deals, order alone: in 47% of the deals ...``: each option's example worlds, when asked for
    (``advise(examples=N)``, ``advise_play(examples=N)``)."""
    return [f"deals, {name(o)}: {examples_text(o.examples, seat)}" for o in options if o.examples]


def _bidding_lines(advice) -> list:
    """How the other seats were modelled, what the earlier passes did, and whether the best call
    holds under the model's cautious and aggressive variants."""
    b = getattr(advice, "bidding", None)
    if not b:
        return []
    who = {"model": f"model {b['model']}", "agents": "advisor agents"}.get(b["later_seats"], f"policy {b['policy']}")
    lines = [f"later seats: {who} ({b['auction']})"]
    if b.get("note"):
        lines.append(b["note"])
    elif not b["inference"]:
        lines.append("inference off: uniform worlds, earlier passes not used")
    elif not b["evidence"]:
        lines.append("inference on: no earlier pass to weigh (the first to speak)")
    else:
        how = (f"every deal weighted by their chance, effective worlds {b['effective_worlds']:.0f} of "
               f"{b['proposals']}" if advice.exact else
               f"{b['kept']} of {b['proposals']} uniform deals kept ({b['acceptance']:.0%}), "
               f"{b['accepted']} used" + ("" if round(b["effective_worlds"]) == b["accepted"] else
                                          f", effective worlds {b['effective_worlds']:.0f}"))
        lines.append(f"inference on ({b['model']}): {', '.join(b['evidence'])}; {how}")
        if b["bound_hit"]:
            lines.append(f"  warning: stopped at {b['max_proposals']} proposals with only {b['kept']} kept: "
                         "importance weights instead of rejection")
    if advice.variants:
        parts = [(f"{v['model']}" if v['role'] == "alternative" else f"{v['role']} ({v['delta']:+g})")
                 + f": {v['recommended_name']} "
                 + (f"P(win game) {v['p_win_game'][v['recommended']]:.4f}" if "p_win_game" in v else
                    f"{v['expected_points'][v['recommended']]:+.3f}")
                 for v in advice.variants]
        if advice.robust:
            lines.append(f"robust: the same call under the model's variants and the other models, "
                         f"{'; '.join(parts)}")
        else:
            lines.append(f"NOT robust: the best call depends on the bidding model: {'; '.join(parts)}")
    return lines


def _grade_cell(o) -> str:
    """An option's grade at the end of its row (:mod:`solver.grades`): ``"  inaccuracy"``; nothing for a
    ``best`` one (the recommended row ends in ``*``)."""
    g = getattr(o, "grading", None)
    return "" if g is None or g.grade == "best" else f"  {g.text}"


def _half(iv) -> str:
    return f" ±{(iv[1] - iv[0]) / 2:.3f}"


def play_advice_text(advice) -> str:
    """The play advice for one turn (:class:`solver.advisor.play.PlayAdvice`), as ``str(advice)``.

    A heading (seat, side, trump, the trick on the table, tricks won, worlds), one row per
    legal card: expected tricks and points for the seat's side with the half-width of their
    95% interval (none when exact), P(make), P(euchred) of the makers and, for the makers,
    P(march) (``*`` marks the recommended card); then the recommendation with its margin,
    what the cards told (with the play weighed: :attr:`PlayAdvice.told`, one line a holding),
    and the reminder that play after the card is double dummy. Advising with a score adds the
    score line and a P(win game) column, and the margin is then in win probability.
    """
    role = _role(advice.seat, advice.makers, getattr(advice.view, "maker", None))
    extra = ""
    if advice.alone is not None:
        extra += f", {advice.alone} alone"
    if advice.defender_alone is not None:
        extra += f", {advice.defender_alone} defends alone"
    table = ("leads" if not advice.trick else
             f"{advice.leader} led, on the table {' '.join(str(c) for c in advice.trick)}")
    how = "exact: every consistent deal" if advice.exact else advice.method
    if advice.model:
        how += f", weighted by {advice.model}"
    if advice.play_model:
        how += f"{' and' if advice.model else ', weighted by'} the cards played ({advice.play_model})"
    ess = "" if advice.exact or round(advice.effective_worlds) == advice.worlds else \
        f", effective {advice.effective_worlds:.0f}"
    contract = "no trump" if advice.trump.letter == "n" else f"trump {advice.trump.word}"
    lines = [f"{advice.seat} ({role}, {advice.side}{extra}) holds {format_hand(advice.hand, advice.trump)}; {contract}; "
             f"{table}; {advice.side} has {_trick_text(advice.tricks_won)}",
             f"{advice.worlds} worlds ({how}{ess})"]
    score = advice.score
    if score:
        target = "" if advice.view is None else f" (to {advice.view.rules.winning_score})"
        lines.append("score " + ", ".join(f"{k} {v}" for k, v in score.items()) +
                     f"{target}: judged by the chance of winning the game")
    march = advice.makers
    lines.append(f"{'card':<5} {'tricks':>14} {'points':>16} {'P(make)':>8} {'P(euchred)':>10}"
                 + (f" {'P(march)':>8}" if march else "") + (f" {'P(win game)':>17}" if score else ""))
    for c in advice.cards:
        t = f"{c.expected_tricks:.3f}" + ("" if advice.exact else _half(c.tricks_interval))
        p = f"{c.expected_points:+.3f}" + ("" if advice.exact else _half(c.points_interval))
        mark = " *" if c.card == advice.best else ""
        win = ""
        if score:
            whalf = (c.win_interval[1] - c.win_interval[0]) / 2
            win = " " + f"{c.p_win_game:.4f}{'' if advice.exact else f' ±{whalf:.4f}'}".rjust(17)
        lines.append(f"{str(c.card):<5} {t:>14} {p:>16} {c.p_make:8.3f} {c.p_euchred:10.3f}"
                     + (f" {c.p_march:8.3f}" if march else "") + win + mark + _grade_cell(c))
    if advice.runner_up is None:
        lines.append(f"play {advice.best} (the only legal card)")
    elif len(advice.equal) == len(advice.cards):
        lines.append(f"recommended: {advice.best}; every legal card is as good")
    else:
        lo, hi = advice.margin_interval
        unit, f = ("in win probability", ".4f") if score else ("points", ".3f")
        spread = "" if advice.exact else f", 95% {lo:+{f}} to {hi:+{f}}"
        same = [str(c) for c in advice.equal[1:]]
        tie = f"; as good: {', '.join(same)}" if same else ""
        lines.append(f"recommended: {advice.best} (by {advice.margin:{f}} {unit} over {advice.runner_up}{spread}){tie}")
    told = getattr(advice, "told", ())
    if told:
        lines.append("what the cards told:")
        lines += [f"  {t.text}" for t in told]
    lines.extend(advice.notes)
    lines.append("valuation: " + advice.valuation_text)
    lines += _option_examples_lines(advice.cards, lambda c: str(c.card), advice.seat)
    return "\n".join(lines)


def _chance_interval(p: float, iv, exact: bool) -> str:
    """``0.412 [0.369, 0.457]``: a chance and its 95% interval (the chance alone when exact)."""
    return f"{p:.3f}" if exact else f"{p:.3f} [{iv[0]:.3f}, {iv[1]:.3f}]"


def lead_table_text(table) -> str:
    """The lead table (:class:`solver.advisor.lead.LeadTable`), as ``str(table)``.

    A heading (the seat on lead, its side and role, the contract, the trick, tricks won, worlds), one row
    per legal lead: P(set) and P(march) of the makers with their 95% intervals, the leader's side's mean
    points with the half-width of theirs (none when exact); ``*`` marks the best lead, and a row that is
    not ``best`` ends with its grade; then the best lead with its margin, and the valuation.
    """
    role = _role(table.seat, table.makers, table.maker)
    extra = "" if table.alone is None else f", {table.alone} alone"
    if table.defender_alone is not None:
        extra += f", {table.defender_alone} defends alone"
    contract = "no trump" if table.trump.letter == "n" else f"trump {table.trump.word}"
    made = "" if table.maker is None else f" made by {table.maker}"
    how = "exact: every consistent deal" if table.exact else table.method
    if table.model:
        how += f", weighted by {table.model}"
    ess = "" if table.exact or round(table.effective_worlds) == table.worlds else \
        f", effective {table.effective_worlds:.0f}"
    width = 5 if table.exact else 21
    lines = [f"{table.seat} ({role}, {table.side}{extra}) leads to trick {table.trick}, holding "
             f"{format_hand(table.hand, table.trump)}; {contract}{made}; {table.side} has {_trick_text(table.tricks_won)}",
             f"{table.worlds} worlds ({how}{ess})",
             f"{'lead':<5} {'P(set)':>{width}} {'P(march)':>{width}} {'points':>16}"]
    for r in table.rows:
        pts = f"{r.expected_points:+.3f}" + ("" if table.exact else _half(r.points_interval))
        mark = " *" if r.card == table.best else ""
        grade = "" if r.grade in (None, "best") else f"  {r.grade}"
        lines.append(f"{str(r.card):<5} {_chance_interval(r.p_set, r.set_interval, table.exact):>{width}} "
                     f"{_chance_interval(r.p_march, r.march_interval, table.exact):>{width}} {pts:>16}{mark}{grade}")
    if table.runner_up is None:
        lines.append(f"best lead: {table.best} (the only legal lead)")
    elif len(table.equal) == len(table.rows):
        lines.append(f"best lead: {table.best}; every legal lead is as good")
    else:
        lo, hi = table.margin_interval
        spread = "" if table.exact else f", 95% {lo:+.3f} to {hi:+.3f}"
        same = [str(c) for c in table.equal[1:]]
        tie = f"; as good: {', '.join(same)}" if same else ""
        lines.append(f"best lead: {table.best} (by {table.margin:.3f} points over {table.runner_up}{spread}){tie}")
    lines.append(f"P(set): the makers take fewer than 3 tricks; P(march): all 5; points: {table.side}'s mean")
    lines.extend(table.notes)
    lines.append("valuation: " + table.valuation_text)
    return "\n".join(lines)


__all__ = ["DOUBLE_DUMMY_NOTE", "OWN_VIEW_NOTE", "mistake_text", "player_text", "card_line", "deal_review_text", "review_text", "advice_text",
           "play_advice_text", "lead_table_text"]


def comparison_text(c) -> str:
    """Two actions compared over the same worlds (:class:`solver.comparison.Comparison`), as ``str(comparison)``.

    A heading (the seat, the two actions, the worlds and the unit), each action's mean, how often A does
    better, the same and worse than B with 95% intervals (none when exact), the mean difference and its
    interval, the points too when judged by the game, then the likeliest example of each outcome.
    """
    from .examples import signed
    exact = c.exact
    ess = "" if exact or round(c.effective_worlds) == c.worlds else f", effective {c.effective_worlds:.0f}"
    how = "exact: every consistent deal" if exact else f"{c.worlds} worlds{ess}"
    j = c.judged
    unit = "P(win game)" if c.by == "game" else "points"
    f = ".4f" if c.by == "game" else ".3f"

    def share(p, iv):
        return f"{p:6.1%}" + ("" if exact else f"  [{iv[0]:.1%}, {iv[1]:.1%}]")

    def diff(p):
        g = ".4f" if p.unit == "game" else ".3f"
        spread = "" if exact else f"  95% {p.interval[0]:+{g}} to {p.interval[1]:+{g}}"
        return f"{p.difference:+{g}}{spread}"

    lines = [f"{c.seat}: A = {c.a_name} against B = {c.b_name} ({how}; by {unit})",
             f"A {c.a_name}: {j.a:+{f}}   B {c.b_name}: {j.b:+{f}}",
             f"A better  {share(j.better, j.better_interval)}",
             f"same      {share(j.same, j.same_interval)}",
             f"A worse   {share(j.worse, j.worse_interval)}",
             f"A - B     {diff(j)} {unit}"]
    if c.by == "game":
        lines.append(f"A - B     {diff(c.points)} points")
    lines.append("valuation: " + c.valuation_text)
    for outcome, words in (("better", "A better"), ("same", "the same"), ("worse", "A worse")):
        shown = c.examples.get(outcome) or []
        if shown:
            e = shown[0]
            hands = ", ".join(f"{s} {h}" for s, h in e["hands"].items())
            lines.append(f"likeliest deal where {words}: {hands} (A {signed(e['a'])}, B {signed(e['b'])})")
    return "\n".join(lines)


def match_text(result) -> str:
    """A duplicate match's figures for side A (a :class:`~solver.match.MatchResult`), for people."""
    lo, hi = result.interval
    wl, wh = result.won_interval
    lines = [f"{result.a} (A) against {result.b} (B): {result.deals} duplicate deals, seed {result.seed}",
             f"  A's points per deal: {_signed(result.points_per_deal)} (95% interval {_signed(lo)} to {_signed(hi)};"
             " net, paired over the two tables)",
             f"  deals won {result.won:.1%} (95% {wl:.1%} to {wh:.1%}), lost {result.lost:.1%}, tied {result.tied:.1%}"]
    for tag, name, st in (("A", result.a, result.a_stats), ("B", result.b, result.b_stats)):
        lines.append(f"  {tag} {name}: made trump at {st['contracts']} of {st['tables']} tables "
                     f"({st['contract_share']:.1%}); made {st['made_share']:.1%}, euchred {st['euchred_share']:.1%}, "
                     f"marched {st['marched_share']:.1%}, alone {st['alone_share']:.1%}; forfeits {st['forfeits']}")
    g = getattr(result, "games", None)
    if g:
        gl, gh = g["won_interval"]
        lines.append(f"  games: A won {g['won']:.1%} of {2 * g['games']} (95% {gl:.1%} to {gh:.1%}; "
                     f"{g['games']} games at two tables), {g['deals_per_game']:.1f} deals a game")
    for f in result.forfeits[:10]:
        lines.append(f"  forfeit: deal {f['deal']} table {f['table']} ({f['agent']}): {f['reason']}")
    if len(result.forfeits) > 10:
        lines.append(f"  ... and {len(result.forfeits) - 10} more forfeits")
    return "\n".join(lines)


__all__ += ["match_text"]


# -- corpus review ---------------------------------------------------------------
def corpus_text(result) -> str:
    """A corpus review's run (a :class:`~solver.review.CorpusResult`): what it did, the speed, and
    one line per file that gave no deals (an error or a duplicate)."""
    files = result.files
    dups = [f for f in files if f.status == "duplicate"]
    bad = [f for f in files if f.status == "error"]
    model = result.model or "none (uniform worlds)"
    seed = "each record's content seed" if result.seed is None else f"seed {result.seed}"
    where = {None: "kept in memory", "-": "written to standard output"}.get(result.out, f"written to {result.out}")
    speed = (f" in {result.seconds:.1f} s ({result.deals_per_second:.2f} deals/s"
             + (f" on {result.workers} worker{'s' if result.workers != 1 else ''})" if result.workers else ")"))
    lines = [f"corpus review: {len(files)} file{'' if len(files) == 1 else 's'}, {result.records} "
             f"record{'' if result.records == 1 else 's'} ({result.worlds} worlds per decision, {seed}, model {model}, "
             f"{'by the game' if result.score else 'by points'}, engine {result.engine})",
             f"  deals: {result.reviewed} reviewed{speed}, {result.skipped} already done, {result.failed} with an "
             f"error; lines {where}"]
    if dups:
        lines.append(f"  {len(dups)} duplicate file{'' if len(dups) == 1 else 's'} (reviewed once):")
        lines += [f"    {one_line(f.path)}: the same record as {one_line(f.duplicate_of)}" for f in dups]
    if bad:
        lines.append(f"  {len(bad)} file{'' if len(bad) == 1 else 's'} not reviewed:")
        lines += [f"    {one_line(f.message)}" for f in bad]
    failed = [f for f in files if f.failed]
    for f in failed:
        lines.append(f"  {one_line(f.path)}: {f.failed} deal{'' if f.failed == 1 else 's'} with an error "
                     "(on its lines; a rerun tries again)")
    return "\n".join(lines)


def _mean_text(m, unit: str) -> str:
    if m.n == 0:
        return "none judged"
    iv = "" if m.low is None else f" (95% {m.low:.3f} to {m.high:.3f})"
    return f"{m.mean:.3f} {unit}{iv}"


def group_stats_text(g) -> list:
    """A player's, partnership's or everyone's figures (:class:`~solver.review.GroupStats`), as lines."""
    cards = g.cards["dd_tricks"].n
    info_cards = g.cards["info_points"].n
    calls = g.calls["info_points"].n
    flagged = sum(g.mistakes.values())
    lines = [f"{one_line(g.name)}: {plural(g.deals, 'deal')}, {plural(g.decisions, 'decision')} judged "
             f"({plural(max(cards, info_cards), 'card')}, {plural(calls, 'call')}), {plural(flagged, 'mistake')}"
             + (f" ({', '.join(f'{v} {k}' for k, v in g.mistakes.items() if v)})" if flagged else "")
             + (f"; {g.unjudged} not judged" if g.unjudged else "")]
    if any(getattr(g, "grades", {}).values()):
        lines.append("  grades: " + grades_text(g.grades)[len("; grades: "):])
    lines.append(f"  per card: double dummy {_mean_text(g.cards['dd_tricks'], 'tricks')}, "
                 f"{_mean_text(g.cards['dd_points'], 'points')}")
    lines.append(f"            information set {_mean_text(g.cards['info_points'], 'points')}, "
                 f"{_mean_text(g.cards['info_tricks'], 'tricks')}")
    lines.append(f"  per call: information set {_mean_text(g.calls['info_points'], 'points')} "
                 "(no double-dummy figure for calls)")
    costly = [k for k in g.kinds if k.mistakes]
    if costly:
        lines.append("  costliest mistakes: " + "; ".join(
            f"{k.kind} {k.mistakes} of {k.decisions} ({k.points_lost:.2f} points, {k.dd_tricks_lost} DD "
            f"trick{'' if k.dd_tricks_lost == 1 else 's'})"
            for k in costly))
    return lines


def corpus_stats_text(stats) -> str:
    """Per-player statistics of a corpus review (a :class:`~solver.review.CorpusStats`), for people."""
    src = stats.source or "lines"
    head = [f"{one_line(src)}: {stats.deals} deal{'' if stats.deals == 1 else 's'} of {stats.records} "
            f"record{'' if stats.records == 1 else 's'}"
            + (f"; {plural(stats.errors, 'deal line')} with an error not used" if stats.errors else "")
            + (f"; {plural(stats.superseded, 'repeated deal line')} not used" if stats.superseded else "")
            + (f" ({stats.other_runs} of them from a run with other options: only the first line of a deal "
               "counts; give each run's own file to see its figures)" if stats.other_runs else "")]
    for c in stats.configs:
        head.append(f"  reviewed at {c['worlds']} worlds, seed {'per record' if c['seed'] is None else c['seed']}, "
                    f"model {c['model'] or 'none (uniform worlds)'}, "
                    f"{'by points' if c.get('score') is False else 'by the game'}, engine {c['engine']}")
    if len(stats.configs) > 1:
        head.append("  (the lines mix runs with different options: figures are not comparable across them)")
    head.append("costs are per judged decision, losses against the best choice (positive: lost); 95% intervals "
                "over the decisions (Student t)")
    parts = ["\n".join(head), "Players"]
    parts += ["\n".join("  " + x for x in group_stats_text(g)) for g in stats.players]
    parts.append("Partnerships")
    parts += ["\n".join("  " + x for x in group_stats_text(g)) for g in stats.partnerships]
    parts.append("All players")
    parts.append("\n".join("  " + x for x in group_stats_text(stats.overall)))
    return "\n".join(parts)


__all__ += ["corpus_text", "group_stats_text", "corpus_stats_text"]
