"""A review written into its EGN record: the marks and a short comment at each graded decision.

EGN keeps analysis beside the play (the EGN project's ``docs/annotations.md``; schema
``definitions.annotations``): a bidding phase's ``callAnnotations`` and a trick-play phase's
``playAnnotations`` map the index of a call (in ``calls``) or of a card (in the order played,
over all the tricks of the phase: ``"10"`` is the third card of the third trick of a four-card
trick) to a list of strings. Replayers show those strings at that call or card, and a comment
that starts with an annotation mark (``[??]`` a blunder, ``[?]`` a mistake, ``[?!]`` a dubious
choice) is shown as that mark.

:func:`annotate_egn` adds, after whatever the record already says there, one string per decision
of the review graded below ``best`` (or ``unclear``; :mod:`solver.grades`) or flagged (a card graded best
from the player's view that loses a trick double dummy is flagged, so commented): its mark (inaccuracy,
mistake, blunder; none for ``good`` and ``unclear``), its grade, the loss against the best choice
(the chance of winning the game where the score is known, else points), the best choice, and
whether the loss was knowable from the player's view or visible only double dummy; a renege says
so. A card names both its bests as the text review's two lines do: ``best from its view`` (the
information set's, what the grade is against) and, with a double-dummy cost, ``best double dummy``.
A decision with no new comment was the best from its view and not flagged. The dealer's discard is commented at the call
that made the dealer pick up, and a defender's choice to defend alone or with its partner against a
loner at the call that went alone (EGN has no index for either). Annotating a record the review
annotated before replaces the review's own comments (each ends with :data:`SIGNATURE`) and keeps
everyone else's. Everything else of the record is written
back as it was (:func:`solver.records.dump_egn`), so :func:`solver.load_egn` of the result replays
the same deals, and the output is checked against the EGN schema.
"""
from __future__ import annotations

import json

from ..errors import EuchreError
from ..outfiles import check_target, same_file, write_file
from ..grades import MARKS
from ..records import EGNGame
from ..records.egn import validate_egn

#: The EGN schema's bounds on an annotation list (``maxItems``) and on one string (``maxLength``).
MAX_NOTES, MAX_NOTE = 50, 1024
#: Shown after each comment, so a reader knows which ones are the engine's.
SIGNATURE = "(euchre-dd review)"


def _chance(x: float) -> str:
    x = round(float(x), 3)
    return "0" if x == 0 else f"{x:+.3f}"


def _points(x: float) -> str:
    x = round(float(x), 2)
    return "0" if x == 0 else f"{x:+.2f}"


def decision_comment(d, seat_name: str = "") -> str | None:
    """The comment of one reviewed decision (a :class:`~solver.review.CallReview` or
    :class:`~solver.review.CardReview`), or ``None`` when it has none (the best choice, or not judged
    and not flagged)."""
    who = f"{d.seat}" + (f" ({seat_name})" if seat_name else "")
    renege = next((m for m in d.mistakes if m.renege), None)
    if renege is not None:
        return signed(f"[??] renege: {who} did not follow suit (held {', '.join(renege.best) or 'the suit led'})")
    g = d.grading
    if g is None and not d.mistakes or g is not None and g.grade == "best" and not d.mistakes:
        return None         # only a decision graded below best (or unclear), or flagged, is commented
    mark = MARKS.get(g.grade) if g is not None else None
    parts = [g.text if g is not None else "not judged from its view"]
    if g is not None and g.unit == "game":
        loss = f"P(win game) {_chance(-g.loss)}"
        if g.interval is not None:
            loss += f" (95% {_chance(-g.interval[1])} to {_chance(-g.interval[0])})"
        parts.append(loss)
    elif g is not None:
        loss = f"{_points(-g.loss)} points"
        if g.interval is not None:
            loss += f" (95% {_points(-g.interval[1])} to {_points(-g.interval[0])})"
        parts.append(loss)
    flag = {m.kind: m for m in d.mistakes}      # the text review's lines: their best choices are said here too
    dd = getattr(d, "dd", None)
    dd_best = None
    if d.decision == "call":
        best = "best: " + (d.game["best_name"] if d.game is not None else d.best_name)
        what = d.name
    elif d.decision == "defence":
        best = "best: " + ("defend with its partner" if d.best == "defend partner" else d.best)
        what = "choosing to " + d.name + " against the loner"
    else:
        # a card has two bests: the information set's (what the grade is against, the text review's
        # information-set line) and the double-dummy one (its double-dummy line): each named as such
        info = d.info
        dd_best = ", ".join(flag["double-dummy"].best if "double-dummy" in flag else
                            (str(c) for c in dd.best) if dd is not None else ())
        if info is not None:
            view = (flag["information-set"].best if "information-set" in flag else
                    info.game["best"] if info.game is not None else info.best)
            best = "best from its view: " + ", ".join(str(c) for c in view)
            if g is not None and g.grade == "best":      # within a tie of the view's best: the card itself
                parts[0], best = "best from its view", None
        else:
            best, dd_best = "best double dummy: " + dd_best, None     # judged double dummy: one best
        what = ("discarding " if d.kind == "discard" else "leading " if d.lead else "playing ") + str(d.card)
    # the mark first: replayers show a comment that starts with one as that mark (docs/annotations.md)
    text = (f"[{mark}] " if mark else "") + f"{who} {what}: " + ", ".join(parts) + (f"; {best}" if best else "")
    if dd is not None and dd.cost:
        knowable = "information-set" in flag
        text += (f"; double dummy -{dd.cost} trick{'' if dd.cost == 1 else 's'}"
                 + (f" (best double dummy: {dd_best})" if dd_best else "")
                 + ("" if knowable else ", visible only double dummy"))
    elif "information-set" in flag:
        text += "; knowable from its view"
    if g is not None and g.basis == "double-dummy":
        text += "; judged double dummy (the record does not show what it could see)"
    for reason in getattr(d, "reasons", ()) or ():
        text += f"; {reason.sentence}"
    return signed(text)


def signed(text: str) -> str:
    """``text`` with :data:`SIGNATURE` at its end, cut (``…``) to fit :data:`MAX_NOTE` with the signature kept, so
    a later annotation of the same record recognises it (:func:`is_ours`)."""
    tail = f" {SIGNATURE}"
    if len(text) + len(tail) > MAX_NOTE:
        text = text[:MAX_NOTE - len(tail) - 1] + "…"
    return text + tail


def is_ours(note) -> bool:
    """An annotation this review wrote (it ends with :data:`SIGNATURE`): replaced when the record is annotated
    again; every other comment is kept."""
    return isinstance(note, str) and note.rstrip().endswith(SIGNATURE)


def _drop_ours(phase: dict) -> None:
    """Remove the review's own earlier comments from a phase's ``callAnnotations`` and ``playAnnotations``
    (an index, and the whole map, that holds nothing else goes too)."""
    for key in ("callAnnotations", "playAnnotations"):
        notes = phase.get(key)
        if not isinstance(notes, dict):
            continue
        for index in list(notes):
            kept = [n for n in notes[index] if not is_ours(n)]
            if kept:
                notes[index] = kept
            else:
                del notes[index]
        if not notes:
            del phase[key]


def annotate_egn(game: EGNGame, review) -> dict:
    """The EGN JSON of ``game`` with the comments of ``review`` (its :class:`~solver.review.Review`) added.

    Returns the record as a dict (``json.dumps`` it; :func:`write_annotated` writes a file), valid
    against the EGN schema. Raises :class:`~solver.EuchreError` when the record cannot be annotated:
    not an EGN record, a review of another record, a deal that does not replay or whose calls and cards
    the review does not match.
    """
    if not isinstance(game, EGNGame):
        raise EuchreError("annotate: only an EGN record can be annotated (a dummy-hands record or a single "
                          "hand has no EGN annotations)")
    data = game.to_dict()
    if len(review.deals) != len(data["deals"]):
        raise EuchreError(f"annotate: the review has {len(review.deals)} deals, the record {len(data['deals'])}")
    names = list(review.names)
    for dr in review.deals:
        deal, raw = game.deals[dr.index], data["deals"][dr.index]
        if deal.hand is None or not isinstance(raw, dict):
            why = "; ".join(p.message for p in deal.problems) or "it is not written out"
            raise EuchreError(f"annotate: deal {deal.number} does not replay ({why}), so its decisions cannot be "
                              "placed; the record is not annotated")
        bidding = next((p for p in raw["phases"] if p.get("type") == "EUCHRE_BIDDING"), None)
        play = next((p for p in raw["phases"] if p.get("type") == "TRICK_PLAY"), None)
        for phase in (bidding, play):          # annotating an annotated record: the review's own comments go
            if phase is not None:
                _drop_ours(phase)
        # a turned-up joker: calls[0] is the suit the dealer named (solver.records.egn.NAMED_SUIT_TOKENS), not a bid
        first = 1 if deal.hand.named_suit is not None else 0
        n_calls = 0 if bidding is None else len(bidding["calls"]) - first
        n_cards = 0 if play is None else sum(len(t) for t in play["tricks"])
        plays = [c for c in dr.cards if c.kind == "play"]
        if len(dr.calls) > n_calls or len(plays) > n_cards:
            raise EuchreError(f"annotate: deal {deal.number}: the review has {len(dr.calls)} calls and "
                              f"{len(plays)} cards, the record {n_calls} and {n_cards}")

        def add(phase, key, index, comment):
            notes = phase.setdefault(key, {}).setdefault(str(index), [])
            if len(notes) < MAX_NOTES:
                notes.append(comment)

        def name(seat):
            return names[int(seat)] if len(names) == 4 and names[int(seat)] else ""

        for k, c in enumerate(dr.calls):
            comment = decision_comment(c, name(c.seat))
            if comment is not None:
                add(bidding, "callAnnotations", first + k, comment)
        for c in dr.cards:
            if c.kind == "discard":
                comment = decision_comment(c, name(c.seat))
                if comment is not None and bidding is not None and n_calls:
                    order = max((k for k, call in enumerate(dr.calls) if call.call.startswith("order")),
                                default=n_calls - 1)
                    add(bidding, "callAnnotations", first + order, comment)
        for d in dr.defence:                   # no EGN index either: at the call that went alone (the last one)
            comment = decision_comment(d, name(d.seat))
            if comment is not None and bidding is not None and n_calls:
                maker = max((k for k, call in enumerate(dr.calls) if call.call != "pass"), default=n_calls - 1)
                add(bidding, "callAnnotations", first + maker, comment)
        for k, c in enumerate(plays):
            comment = decision_comment(c, name(c.seat))
            if comment is not None:
                add(play, "playAnnotations", k, comment)
    validate_egn(data, "the annotated record")
    return data


def check_annotate_path(path, inputs, option: str = "--annotate") -> str:
    """``path`` for ``--annotate`` (or another output ``option``, e.g. ``--html``), checked before any work by
    :func:`solver.outfiles.check_target`: not one of the ``inputs`` (the record is never overwritten), a regular
    file or none (never a directory, a FIFO, a device or a link), in a directory that exists and can be
    written. Returns it as a str; raises :class:`~solver.EuchreError` naming it and why."""
    return check_target(path, option, inputs)


def write_annotated(path, game: EGNGame, review) -> None:
    """Write :func:`annotate_egn` of ``game`` and ``review`` to ``path`` (UTF-8 JSON, two-space indent).
    The file is written whole or not at all (:func:`solver.outfiles.write_file`). Raises
    :class:`~solver.EuchreError` when it cannot be written (a target that is no regular file included), or the
    record cannot be annotated."""
    inputs = [game.source] if game.source and game.source != "<text>" else []
    check_annotate_path(path, inputs)           # before the work of annotating
    write_file(path, json.dumps(annotate_egn(game, review), indent=2, ensure_ascii=False) + "\n", "--annotate",
               inputs)


__all__ = ["annotate_egn", "decision_comment", "write_annotated", "check_annotate_path", "MAX_NOTES", "MAX_NOTE",
           "SIGNATURE", "is_ours", "signed", "same_file"]
