"""The ``euchre`` command line: solve, table, par, advise, chart, defend, play, lead, compare, review, branch, stats,
match, model, serve.

Human output is a readable table; ``--json`` prints one stable JSON object
(documented in the README). Bad input prints ``euchre: error: <why>`` and exits
with status 2, never a traceback. Every line for people goes through
:func:`say` (control characters a record may carry are escaped there); a
reader that goes away (``euchre ... | head -1``) ends the program quietly with
status 141, as a shell reports a tool ended by SIGPIPE.
"""
from __future__ import annotations

import argparse
import errno
import json
import os
import sys
import unicodedata
from pathlib import Path

from . import __version__
from .advisor.method import BOUNDS, check_int
from .bounds import MAX_JOBS
from .advisor.valuation import parse_valuation
from .cards import NO_TRUMP, Seat, format_cards
from .errors import ArgumentError, EuchreError
from .inference import check_inference
from .outfiles import check_target, write_file
from .position import Position
from .render import DOUBLE_DUMMY_NOTE
from .cli_rules import AUCTION, BEFORE_PLAY, EXCHANGE, RULE_OPTIONS, TWO_PLAYER, add_rule_options, rules_from_args

BROKEN_PIPE_STATUS = 128 + 13           # what a shell reports for a tool ended by SIGPIPE

# escaped in text for people: C0/C1 controls (ESC, CR, BEL, ...) but the line feed, and the
# characters that move or reorder text (line/paragraph separators, bidirectional overrides)
_MOVERS = set("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def escape_controls(text: str) -> str:
    """``text`` with every control character but ``"\\n"`` written as a Python escape
    (``"\\x1b"``, ``"\\r"``, ``"\\u202e"``), so no text from a record can drive the terminal."""
    return "".join(c.encode("unicode_escape").decode("ascii")
                   if (c != "\n" and unicodedata.category(c) == "Cc") or c in _MOVERS else c
                   for c in text)


def say(text: str = "", file=None) -> None:
    """Print a line for people (stdout, or ``file``), control characters escaped."""
    (file or sys.stdout).write(escape_controls(str(text)) + "\n")


def _add_model_option(p, who: str) -> None:
    """``--model NAME|FILE``: the bidding model of ``who``."""
    from .bidding import MODEL_NAMES
    p.add_argument("--model", default=None, metavar="NAME|FILE",
                   help=f"the bidding model of {who}: {', '.join(MODEL_NAMES)} (default {MODEL_NAMES[0]}, fitted "
                        "to real players' calls) or a model file (euchre model fit)")


def _model_arg(args):
    """The model ``--model`` names, loaded once (a bad name or file: a clear error before any work)."""
    from .bidding import resolve_model
    return None if getattr(args, "model", None) is None else resolve_model(args.model, "--model")


def _add_score_option(p, judged: str) -> None:
    """``--score`` of advise and play: what it judges (``judged``: "calls" or "cards") by the game's chance."""
    p.add_argument("--score", default=None, metavar="SIDE:N,SIDE:N",
                   help=f"the game's score before this hand, e.g. NS:8,EW:6 (two-player N:8,S:6): judge the "
                        f"{judged} by the chance of winning the game (P(win game)), not the hand's points")


def _engine_type(check, shown: str):
    """argparse ``type`` reading an option's text by the engine's ``check``: its error, in the engine's words (those
    of every door), becomes argparse's, naming the option; ``shown``: the type argparse names for a ValueError."""
    def read(text: str):
        try:
            return check(text)
        except EuchreError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    read.__name__ = shown
    return read


def _add_valuation_options(p, review: bool = False, rollout: bool = False, option: str = "call") -> None:
    """``--valuation`` and ``--inner-worlds`` of advise, play and review (solver.advisor.valuation); ``rollout``:
    the options of a rollout too (advise and play: solver.rollout.Rollout), ``option`` what it rolls out."""
    p.add_argument("--valuation", default=None, type=_engine_type(parse_valuation, "valuation"),
                   metavar="single-dummy|double-dummy|playout" + ("|rollout" if rollout else ""),
                   help=("the calls' valuation: how each world's play after a call is valued (the cards' "
                         "figures stay double dummy in each world): " if review else
                         "how each world's play after the decision is valued: ")
                        + "single-dummy (the default where the variant has a fitted table, four players without "
                        "the joker: a double-dummy result corrected by a table fitted against playouts), "
                        "double-dummy (every seat sees every card; the default of the other variants) or playout "
                        "(each world "
                        "played out by seats that see only their own cards; slow, use few worlds)"
                        + (f" or rollout (each {option} played to the end of the deal by the advisor agents at "
                           "every seat" + (", later calls included" if option == "call" else "") + ": the slow "
                           f"truth, up to a quarter of a second of a core a world and {option}; use few worlds)"
                           if rollout else "")
                        + "; single_dummy spelt so is taken too")
    p.add_argument("--inner-worlds", dest="inner_worlds", type=_member_int("inner_worlds"), default=None,
                   help="with --valuation playout only: each seat's worlds a decision (default 20); "
                        "refused with any other valuation, which uses none")
    if rollout:
        p.add_argument("--agent-worlds", dest="agent_worlds", type=int, default=None,
                       help="with --valuation rollout only: the worlds of each agent's decision (default 50)")
        p.add_argument("--jobs", type=_member_int("jobs", (1, MAX_JOBS)), default=None,
                       help="with --valuation rollout only: worker processes over the worlds (default 1; same result)")
        p.add_argument("--cluster", default=None, metavar="tcp://HOST:PORT|local:N",
                       help="with --valuation rollout only: roll the worlds out on a Dask scheduler, or on N local "
                            "worker processes (needs pip install \"euchre-dd[cluster]\")")
        p.add_argument("--rollout-file", dest="rollout_file", default=None, metavar="PATH",
                       help="with --valuation rollout only: keep every finished world in PATH (JSON lines); the same "
                            "question given the same file resumes where it stopped")


def _rollout(args):
    """The :class:`solver.rollout.Rollout` of ``--agent-worlds``, ``--jobs``, ``--cluster`` and ``--rollout-file``
    (``None`` without ``--valuation rollout``, where each of them is refused by name)."""
    given = [flag for flag, v in (("--agent-worlds", args.agent_worlds), ("--jobs", args.jobs),
                                  ("--cluster", args.cluster), ("--rollout-file", args.rollout_file)) if v is not None]
    from .advisor.valuation import valuation_strategy
    if args.valuation is None or not valuation_strategy(args.valuation).by_agents:
        if given:
            raise EuchreError(f"{given[0]}: only --valuation rollout uses it (drop it or give --valuation rollout)")
        return None
    from .advisor.valuation import ROLLOUT_AGENT_WORLDS
    from .bounds import MIN_WORLDS, check_int
    from .rollout import MAX_AGENT_WORLDS, Rollout
    # checked here too, so the message names the option the user typed
    agent_worlds = (ROLLOUT_AGENT_WORLDS if args.agent_worlds is None else
                    check_int(args.agent_worlds, "--agent-worlds", MIN_WORLDS, MAX_AGENT_WORLDS))
    return Rollout(agent_worlds=agent_worlds, processes=args.jobs or 1, cluster=args.cluster, path=args.rollout_file,
                   progress=sys.stderr.isatty())


def _member_int(name: str, bounds: tuple[int, int] | None = None):
    """argparse ``type`` of Method member ``name``'s option (or of another whole number, ``bounds`` its range),
    checked so the error names the option (not a number: int's ValueError, argparse's "invalid int value")."""
    return _engine_type(lambda text: check_int(int(text), name, *(bounds or BOUNDS[name])), "int")



def _add_sampling_options(p, worlds: int | None, note: str = "", seed: str = "one derived from the question, so "
                          "the same question gets the same answer", threads: bool = True, *,
                          worlds_help: str | None = None, seed_help: str | None = None, seed_default=None) -> None:
    """The one home of ``--worlds``, ``--seed``, ``--threads`` (Method members, read back by name); ``worlds`` the
    default (``None``: the advisor's); ``note``, ``seed``, ``*_help``, ``seed_default``: a command's own."""
    default = "" if worlds is None else f"default {worlds}"
    p.add_argument("--worlds", type=_member_int("worlds"), default=worlds, help=worlds_help or (
        f"deals of the unseen cards to sample ({default}{'; ' if default and note else ''}{note})"))
    p.add_argument("--seed", type=_member_int("seed"), default=seed_default, help=seed_help or f"seed of the sampling (default: {seed})")
    if threads:
        p.add_argument("--threads", type=_member_int("threads"), default=1, help="solver threads (default 1)")


def _method(args, **by_command):
    """The :class:`solver.Method` of an advice command: its options named as the members of ``Method``
    (``--worlds``, ``--seed``, ``--threads``, ``--valuation``, ``--examples``), read by the members' names, and
    ``by_command``, the members a command reads through a helper of its own (the model, the score, the
    inference, the inner worlds, the rollout). A bad value is the engine's error, naming the member."""
    from .advisor import Method
    from .advisor.method import MEMBERS
    given = {name: getattr(args, name) for name in ("worlds", "seed", "threads", "valuation", "examples")
             if name in MEMBERS and getattr(args, name, None) is not None}
    return Method(**{**given, **by_command})


def _inner_worlds(args) -> int:
    """``--inner-worlds``, its default where not given; one away from the default without a playout is refused by
    the engine (``check_reads``, the review's ``check_valuation_option``), in the words of every door."""
    from .advisor.valuation import INNER_WORLDS
    return INNER_WORLDS if args.inner_worlds is None else args.inner_worlds


#: Advice under Rules(defend_alone=True), as from Python and HTTP: the later seats never defend alone.
_NO_DEFENDER_ALONE = {"defend_alone": "the advice assumes no defender goes alone"}


def _add_rules_options(p: argparse.ArgumentParser, analysis: str, without=(), notes: dict | None = None) -> None:
    """The house-rule flags of a command whose question is ``analysis``'s (solver.cli_rules), and ``--json``."""
    add_rule_options(p, analysis, without, notes)
    p.add_argument("--json", action="store_true", help="print one JSON object instead of tables")


def _table(rows, header) -> str:
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    line = lambda r: "  ".join(str(v).ljust(w) for v, w in zip(r, widths)).rstrip()
    return "\n".join([line(header), line(["-" * w for w in widths])] + [line(r) for r in rows])


def _add_view_options(p, seat_help: str, worlds: bool = True) -> None:
    """The options of a seat's view (euchre play, lead and compare: solver.seat_view's keys, what
    :func:`_play_view` reads) and, with ``worlds``, of its worlds as play and lead take them."""
    p.add_argument("--seat", required=True, help=seat_help)
    p.add_argument("--hand", required=True, help='the cards it holds now: "Ac Kc 9c"')
    p.add_argument("--dealer", required=True, help="the dealer: N E S W")
    p.add_argument("--upcard", required=True, help="the card turned up")
    p.add_argument("--calls", default="", help='the calls from the dealer\'s left, EGN tokens: "Pass Pass Pass Pass h" '
                                             "(Order, or the upcard's suit, orders up in round 1)")
    p.add_argument("--alone", action="store_true", help="the maker went alone")
    p.add_argument("--tricks", default="", help='the tricks so far, each from its leader, the one under way last: '
                                              '"Ad 9d Qd Td; Kh"')
    p.add_argument("--discard", default=None, help="the seat's own discard, when it is the dealer and picked up")
    p.add_argument("--best-card", dest="best_card", default=None,
                   help="with --partners-best, the seat the loner: the card its partner passed it")
    p.add_argument("--loner-discard", dest="loner_discard", default=None,
                   help="with --partners-best, the seat the loner: its own discard after the exchange")
    p.add_argument("--kitty", default=None, metavar="CARDS",
                   help="with --farmers/--go-under, after a kitty exchange: the cards the seat knows lie face down "
                        "in the kitty; --hand and --tricks are then those after the exchange")
    if not worlds:
        return
    _add_sampling_options(p, 500, "all of them when few",
                          seed="one derived from the view, so the same question gets the same answer")
    _add_no_inference_option(p)
    p.add_argument("--dummies", default=None,
                   help="with --players 2 --dummy-hands: both face-up dummies as dealt, \"N:<5 cards> S:<5 cards>\" "
                        "(--tricks then runs to ten, tricks 6-10 from the dummies; --hand is the seat's own dummy "
                        "once the fifth trick is done)")


def _add_examples_option(p, what: str = "", best: str = "", *, default: int | None = 0, help: str | None = None) -> None:
    """The one home of ``--examples N`` (solver.examples; the :class:`solver.Method` member): advise and play say
    it of each ``what`` against the ``best``; compare and review give their own ``help`` (``{bounds}`` there:
    Method's bounds) and ``default`` (``None``: the review's own, 3)."""
    from .advisor.method import BOUNDS
    bounds = "{}..{}".format(*BOUNDS["examples"])
    text = help or (f"for each {what} not among the best, up to N ({{bounds}}, default {default}) of the likeliest "
                    f"deals in which it scores fewer points than the {best}, with both points there")
    p.add_argument("--examples", type=_member_int("examples"), default=default, metavar="N",
                   help=text.format(bounds=bounds))


def _add_no_inference_option(p, help: str = "uniform worlds: do not weigh them by the bidding model's chance of "
                                            "the calls") -> None:
    """The one home of ``--no-inference`` (``inference`` ``"none"``; :func:`_inference_arg` reads it with
    ``--inference``), ``help`` a command's own words for it."""
    p.add_argument("--no-inference", dest="no_inference", action="store_true", help=help)


def cmd_solve(args) -> dict:
    from .dd import solve_report
    rules = rules_from_args(args)
    pos = Position.parse(args.deal, trump=args.trump, leader=args.leader, makers=args.makers,
                         alone=args.alone, played=args.played or "", rules=rules, tricks_won=args.tricks_won)
    out = solve_report(pos)
    mover = pos.to_move
    mover_side = pos.side_name(pos.side_of(mover))
    values = {v["card"]: v["tricks"] for v in out["card_values"]}
    best = max(values.values())
    if args.json:
        return out
    tricks = ", ".join(f"{side} {n}" for side, n in out["tricks"].items())
    pts = ", ".join(f"{side} {n}" for side, n in (out["points"] or {}).items())
    lead = f"{pos.leader} led {format_cards(pos.played)}" if pos.played else f"{pos.leader} to lead"
    say(("No trump" if pos.trump == NO_TRUMP else f"Trump {pos.trump.word}") + f", {lead}, makers {out['makers']}"
        + (f", {pos.alone} alone" if pos.alone is not None else ""))
    if out["totals"]:
        say(f"Double-dummy tricks: {tricks}  (scores {pts})  [{out['nodes']} nodes]")
    else:
        say(f"Double-dummy tricks from here ({out['tricks_left']} left): {tricks}  [{out['nodes']} nodes]"
            "\n(earlier tricks not given: --tricks-won NS:a,EW:b for the hand's totals and score)")
    whose = "total tricks" if out["totals"] else "tricks from here"
    say(f"\n{mover} to play; {mover_side}'s {whose} after each legal card, and its cost in tricks:")
    rows = [[c, v, "best" if v == best else best - v] for c, v in values.items()]
    say(_table(rows, ["card", "tricks", "cost"]))
    say(f"({DOUBLE_DUMMY_NOTE}; euchre play gives a seat's own view)")
    return out


def _say_par(found) -> None:
    """The par auction as a table: each decision, its net points to the deciding side, every option's."""
    tricks = ", ".join(f"{side} {n}" for side, n in (found.tricks or {}).items())
    say(f"Par, dealer {found.dealer}, upcard {found.upcard}: {found.summary()}"
        + (f" (double-dummy tricks {tricks})" if tricks else ""))
    rows = [[str(s.seat), s.action, f"{s.side} {s.net:+d}", ", ".join(f"{a} {v:+d}" for a, v in s.options.items())]
            for s in found.steps]
    say(_table(rows, ["seat", "decision", "net", "every option (net to that side)"]))


def cmd_par(args) -> dict:
    from .par import par
    found = par(args.deal, upcard=args.upcard, dealer=args.dealer, rules=rules_from_args(args))
    if args.json:
        return found.to_dict()
    _say_par(found)
    say(f"({DOUBLE_DUMMY_NOTE})")
    return found.to_dict()


def cmd_table(args) -> dict:
    from .dd import dd_table
    from .par import par_table
    rules = rules_from_args(args)
    if getattr(args, "upcard", None) is None:
        # these change only the auction, so without --upcard (no par) the table would be the same without them
        for flag, on in ((RULE_OPTIONS[f].flag, getattr(rules, f)) for f in AUCTION):
            if on:
                raise ArgumentError(f"{flag}: a rule of the auction, played only in the par, which needs --upcard "
                                    f"(the table's tricks are the same without it): give --upcard, or drop {flag}")
    if getattr(args, "upcard", None) is not None:
        table = par_table(args.deal, upcard=args.upcard, dealer=args.dealer, rules=rules)
    else:
        table = dd_table(args.deal, dealer=args.dealer, rules=rules)
    out = table.to_dict()
    if args.json:
        return out
    sides = list(next(iter(table.partners.values())).keys())
    header = ["trump"] + sides + ([f"{s} alone" for s in "NESW"] if table.loners else [])
    rows = []
    for suit in table.partners:          # the four suits, then no trump under Rules.allow_no_trump
        row = [suit.word] + [table.partners[suit][s] for s in sides]
        if table.loners:
            row += [table.loners[suit][seat] for seat in Seat]
        rows.append(row)
    if table.phases:
        for title, phase in zip(("personal hands, tricks 1-5", "dummy hands, tricks 6-10"), table.phases):
            say(f"Double-dummy tricks, {title}, dealer {table.dealer} (the non-dealer leads)")
            say(_table([[suit.word] + [phase[suit][s] for s in sides] for suit in phase], ["trump"] + sides))
            say()
        say("The hand's total over ten tricks:")
    else:
        loner_note = "; a loner column is the loner's side's tricks" if table.loners else ""
        say(f"Double-dummy tricks, dealer {table.dealer}{loner_note}")
    say(_table(rows, header))
    if table.par is not None:
        say()
        _say_par(table.par)
    say(f"({DOUBLE_DUMMY_NOTE})")
    return out


def _score_arg(text: str) -> dict:
    """``--score NS:8,EW:6`` as ``{"NS": 8, "EW": 6}``; the sides and the values are checked by the advisor.

    Raises :class:`EuchreError` for text that is not ``SIDE:N`` pairs separated by commas.
    """
    out = {}
    for part in text.split(","):
        side, colon, points = part.strip().partition(":")
        if not colon or not side.strip() or not points.strip().lstrip("-").isdigit():
            raise EuchreError(f"--score {text!r}: expected SIDE:POINTS pairs separated by commas, e.g. NS:8,EW:6 "
                              f"(two-player N:8,S:6); {part.strip()!r} is not one")
        if side.strip().upper() in out:
            raise EuchreError(f"--score {text!r}: side {side.strip()!r} given twice")
        out[side.strip().upper()] = int(points)
    return out


def cmd_advise(args) -> dict:
    from .advisor import advise_bid, bid_question_view
    if args.dummies is not None and not args.dummy_hands:
        raise EuchreError("--dummies: the face-up dummies go with --players 2 --dummy-hands")
    if args.dummy_hands and args.dummies is None:
        raise EuchreError("--dummy-hands: give both face-up dummies, --dummies 'N:<5 cards> S:<5 cards>'")
    rules = rules_from_args(args)
    view = bid_question_view(args.hand, args.upcard, args.seat, args.dealer, args.round, rules,
                             dummies=args.dummies, named_suit=args.named_suit, kitty=args.kitty)
    method = _method(args, score=None if args.score is None else _score_arg(args.score),
                     early_stop=not args.no_early_stop, model=_model_arg(args), inner_worlds=_inner_worlds(args),
                     rollout=_rollout(args), inference=_inference_arg(args))
    advice = advise_bid(view, method)
    if not args.json:
        say(advice)
    return advice.to_dict()


def cmd_exchange(args) -> dict:
    from .advisor import advise_exchange
    from .advisor.kitty import exchange_question_view
    rules = rules_from_args(args)      # without --farmers or --go-under: the library's refusal, as at every door
    view = exchange_question_view(args.hand, args.upcard, args.seat, args.dealer, rules)
    advice = advise_exchange(view, _method(args))
    if not args.json:
        say(advice)
    return advice.to_dict()


def _play_view(args) -> dict:
    """The keyword arguments of :func:`solver.seat_view` from ``euchre play``'s options."""
    return {"seat": args.seat, "hand": args.hand, "dealer": args.dealer, "upcard": args.upcard,
            "calls": args.calls, "alone": args.alone, "tricks": args.tricks, "discard": args.discard,
            "rules": rules_from_args(args), "dummies": args.dummies, "best_card": args.best_card,
            "loner_discard": args.loner_discard, "kitty": args.kitty}


def _add_inference_option(p, more: str = "") -> None:
    """``--inference``: the evidence that weighs the worlds (:func:`_inference_arg` reads it)."""
    p.add_argument("--inference", default=None, type=_engine_type(check_inference, "inference"),
                   metavar="{none,auction,play,both}",
                   help="the evidence that weighs the worlds: the calls seen (auction, the default), the cards the "
                        f"other seats played under the play model (play), both, or none (--no-inference){more}")


def _add_evidence_options(p) -> None:
    """``--inference`` and ``--play-model``: the evidence that weighs a card question's worlds and the play model
    that reads the cards (euchre play, lead and compare; :func:`_inference_arg`, :func:`_play_model_arg`)."""
    _add_inference_option(p)
    p.add_argument("--play-model", dest="play_model", default=None, metavar="NAME|T|FILE",
                   help="with --inference play or both: the play model, players-play-1 (the default, fitted to "
                        "real players' cards), flat, a temperature in tricks, or a model file")


def _inference_arg(args):
    """``--inference`` or ``--no-inference`` (not both): the evidence weighed, as ``inference=`` takes it."""
    if args.no_inference and args.inference not in (None, "none"):
        raise EuchreError(f"--no-inference and --inference {args.inference}: give one of them")
    return "none" if args.no_inference else (args.inference or "auction")


def _play_model_arg(args):
    """``--play-model``: a name, a file, or a number (a temperature in tricks), loaded once (a bad one: a clear
    error before any work)."""
    from .play_model import resolve_play_model
    spec = args.play_model
    if spec is None:
        return None
    try:
        spec = float(spec)
    except ValueError:
        pass
    return resolve_play_model(spec)


def cmd_play(args) -> dict:
    from .advisor import advise_play
    from .game.seat import seat_view
    view = seat_view(**_play_view(args))
    advice = advise_play(view, _method(args, inference=_inference_arg(args),
                                       score=None if args.score is None else _score_arg(args.score),
                                       model=_model_arg(args), inner_worlds=_inner_worlds(args),
                                       play_model=_play_model_arg(args), rollout=_rollout(args)))
    if not args.json:
        say(advice)
    return advice.to_dict()


def cmd_compare(args) -> dict:
    from .comparison import compare
    from .game.seat import seat_view
    view = seat_view(**_play_view(args))
    result = compare(view, args.a, args.b, method=_method(
        args, inference=_inference_arg(args), score=None if args.score is None else _score_arg(args.score),
        model=_model_arg(args), inner_worlds=_inner_worlds(args), rollout=_rollout(args),
        play_model=_play_model_arg(args)))
    if not args.json:
        say(result)
    return result.to_dict()


def cmd_branch(args) -> dict:
    from .whatif import branch
    result = branch(str(args.file), args.deal, args.step, args.action, mode=args.mode.replace("-", "_"),
                    worlds=args.worlds, seed=args.seed)
    if not args.json:
        say(result)
    return result.to_dict()


def cmd_lead(args) -> dict:
    from .advisor import lead_table
    from .game.seat import seat_view
    view = seat_view(**_play_view(args))
    table = lead_table(view, _method(args, inference=_inference_arg(args), model=_model_arg(args),
                                     inner_worlds=_inner_worlds(args), play_model=_play_model_arg(args)))
    if not args.json:
        say(table)
    return table.to_dict()


def cmd_chart(args) -> dict:
    from .charts import hand_chart
    row = hand_chart(args.hand, args.upcard, args.seat, args.dealer, args.round, call=args.call, alone=args.alone,
                     valuation=args.valuation)
    if not args.json:
        say(row)
    return row.to_dict()


def cmd_defend(args) -> dict:
    from .advisor import advise_defend
    from .game.seat import seat_view
    rules = rules_from_args(args, defend_alone=True)       # the question only exists under the rule
    view = seat_view(seat=args.seat, hand=args.hand, dealer=args.dealer, upcard=args.upcard, calls=args.calls,
                     alone=True, discard=args.discard, rules=rules)
    advice = advise_defend(view, _method(args, inference=_inference_arg(args), model=_model_arg(args)))
    if not args.json:
        say(advice)
    return advice.to_dict()


def cmd_serve(args) -> dict:
    from api.webstack import missing_package, needs_message     # imports none of the web stack
    try:
        from api.serve import MAX_WORKERS, serve      # only here: the engine and the other commands do without it
    except ModuleNotFoundError as exc:
        if missing_package(exc) is None:
            raise
        raise EuchreError(needs_message("euchre serve", exc)) from None
    if not 0 <= args.port <= 65535:
        raise EuchreError(f"port {args.port}: must be 0..65535 (0 picks a free port)")
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        raise EuchreError(f"workers {args.workers}: must be 1..{MAX_WORKERS} (worker processes; one per core "
                          "is the default)")
    try:
        serve(host=args.host, port=args.port, workers=args.workers)
    except EuchreError:                             # the address cannot be listened on: said as it is
        raise
    except (ValueError, TypeError) as exc:          # a bad EUCHRE_* setting or config value
        raise EuchreError(f"service configuration: {exc}") from None
    return {}


def _is_corpus(args) -> bool:
    """The corpus mode of ``euchre review``: --out or --cluster given, or a directory among the paths."""
    return args.out is not None or args.cluster is not None or any(p.is_dir() for p in args.files)


def cmd_review_corpus(args) -> dict:
    from .review import review_corpus
    for flag, given in (("--all", args.all), ("--html", args.html is not None), ("--annotate", args.annotate is not None),
                        ("--examples", args.examples is not None)):
        if given:
            raise EuchreError(f"{flag}: the corpus mode (--out, --cluster or a directory) writes JSON lines, "
                              f"not reports; review a single file for {flag}")
    out = "-" if args.out is None else args.out
    try:
        result = review_corpus(args.files, method=_method(args, inference=_inference_arg(args), model=_model_arg(args),
                                                          inner_worlds=_inner_worlds(args)),
                               out=out, jobs=args.jobs, cluster=args.cluster, score=not args.by_points,
                               progress=False if args.quiet else None)
    except KeyboardInterrupt:       # every finished deal is already written: say how to go on
        say("euchre: interrupted" + ("" if out == "-" else f"; the deals done are in {out}: run the same "
                                     "command again to resume"), file=sys.stderr)
        raise SystemExit(128 + 2) from None
    summary = result.to_dict()
    if out == "-":                      # the lines are on stdout: the summary goes to stderr
        args.json = False
        if not args.quiet:
            say(result.text(), file=sys.stderr)
    elif not args.json:
        say(result.text())
    return summary


def cmd_stats(args) -> dict:
    from .review import corpus_stats
    if args.csv and args.json:
        raise EuchreError("--csv and --json: choose one")
    stats = corpus_stats(args.results)
    if args.csv:
        say(stats.csv().rstrip("\n"))       # control characters in a name escaped, as everywhere
    elif not args.json:
        say(stats.text())
    return stats.to_dict()


def cmd_review(args) -> dict:
    from .records import load_game, read_record_file
    from .review import count_decisions, review_files
    if _is_corpus(args):
        return cmd_review_corpus(args)
    from .review.annotate import check_annotate_path, same_file
    if args.html is not None:
        if len(args.files) != 1:
            raise EuchreError(f"--html: the review page shows one game; {len(args.files)} files given")
        check_annotate_path(args.html, args.files, "--html")   # before any work: never the input itself
    if args.annotate is not None:
        if len(args.files) != 1:
            raise EuchreError(f"--annotate: one game record is annotated at a time; {len(args.files)} files given")
        check_annotate_path(args.annotate, args.files)       # before any work: never the input itself
        if args.html is not None and same_file(args.html, args.annotate):
            raise EuchreError(f"--html and --annotate: both name {str(args.annotate)!r}; the page and the annotated "
                              "record need a file each")
    for path in args.files:
        read_record_file(path)           # refuse devices, FIFOs and oversized files before any work
    from .examples import EXAMPLES
    bar = progress = None
    if not args.json and sys.stderr.isatty():
        from tqdm import tqdm
        total = sum(count_decisions(load_game(p)) for p in args.files)
        bar = tqdm(total=total, file=sys.stderr, unit="decision", desc="reviewing", leave=False)
        progress = bar.update
    try:
        method = _method(args, inference=_inference_arg(args), model=_model_arg(args), inner_worlds=_inner_worlds(args),
                         examples=EXAMPLES if args.examples is None else args.examples)
        reviews = review_files(args.files, method=method, jobs=args.jobs, progress=progress, score=not args.by_points)
    finally:
        if bar is not None:
            bar.close()
    if args.html is not None:
        _write_review_html(args.html, args.files, reviews)
    if args.annotate is not None:
        from .review.annotate import write_annotated
        write_annotated(args.annotate, load_game(args.files[0]), reviews[0])
        say(f"annotated record written to {args.annotate}", file=sys.stderr)
    out = {"reviews": [r.to_dict() for r in reviews]}
    if not args.json:
        say("\n\n".join(r.text(verbose=args.all) for r in reviews))
    return out


def _write_review_html(path: Path, files, reviews) -> None:
    """``euchre review --html FILE``: the review page (solver.pages) of the one game, a self-contained file."""
    from .pages import review_html
    from .records import load_game
    write_file(path, review_html(reviews[0], load_game(files[0])), "--html", files)
    say(f"review page written to {path} (open it in a browser)", file=sys.stderr)


def cmd_match(args) -> dict:
    from .match import play_match
    rules = rules_from_args(args)
    bar = progress = None
    if not args.json and sys.stderr.isatty():
        from tqdm import tqdm
        bar = tqdm(total=args.deals, file=sys.stderr, unit="deal", desc="match", leave=False)
        progress = bar.update
    try:
        from .advisor import Method
        result = play_match(args.a, args.b, deals=args.deals, seed=args.seed, rules=rules, jobs=args.jobs,
                            progress=progress, method=Method(worlds=args.worlds, model=_model_arg(args)),
                            time_limit=args.time_limit or None, games=args.games, keep_hands=args.egn is not None)
    finally:
        if bar is not None:
            bar.close()
    out = result.to_dict()
    if args.egn is not None:
        from .errors import EGNError
        from .match.duplicate import table_egn
        files, skipped = [], 0
        try:
            args.egn.mkdir(parents=True, exist_ok=True)
            for t in result.tables:
                try:
                    text = table_egn(t, result.a, result.b)
                except EGNError:
                    skipped += 1
                    continue
                game = "" if t.game is None else f"game-{t.game + 1:04d}-"
                path = args.egn / f"{game}deal-{t.deal + 1:04d}-table-{t.table + 1}.egn"
                write_file(path, text + "\n", "--egn")      # (a regular file, whole: never a FIFO or a link)
                files.append(path.name)
        except OSError as exc:
            raise EuchreError(f"--egn {args.egn}: cannot write: {exc.strerror or exc}") from None
        out["egn"] = {"directory": str(args.egn), "files": files, "skipped": skipped}
    if not args.json:
        say(result.text())
        if args.egn is not None:
            say(f"  {len(files)} EGN files written to {args.egn}/ (one a table)"
                + (f"; {skipped} tables EGN cannot record skipped" if skipped else ""))
    return out


def cmd_model_fit(args) -> dict:
    from .bidding.group import fit_group, write_model
    out = Path(args.out)
    check_target(out, "--out")          # before the fit: a regular file or none (write_model writes it whole)
    try:                                # every record read, those found in a directory too
        target = out.resolve()
        read = [f.resolve() for src in args.records
                for f in (sorted(Path(src).glob("*.egn")) if Path(src).is_dir() else [Path(src)])]
    except (OSError, RuntimeError) as exc:      # (RuntimeError: a symlink loop)
        raise EuchreError(f"--out or a record: the path cannot be followed ({exc})") from None
    if target in read:
        raise EuchreError(f"--out {str(out)!r}: it is one of the records read; give another file")
    from .bidding.fit import PRIOR_SD
    fit = fit_group(args.records, base=args.base, prior_sd=PRIOR_SD if args.prior_sd is None else args.prior_sd,
                    name=args.name)
    if not args.json:
        say(fit.text())
    if not fit.beats_base:                # a model no better than its base is not worth a file (docs promise)
        raise EuchreError(f"--out {str(out)!r} not written: {fit.shortfall()}")
    write_model(fit.model, out)           # only after a fit that worked: a failed fit writes nothing
    if not args.json:
        say(f"wrote {out} (use it with --model {out})")
    return {**fit.to_dict(), "out": str(out)}


def cmd_model_show(args) -> dict:
    from .bidding import resolve_model
    from .bidding.group import describe, describe_text, plot_model
    model = resolve_model(args.model, "model")
    decisions = None
    if args.records:
        from .bidding.decisions import decisions_from_records
        decisions = decisions_from_records(args.records)
    d = describe(model, decisions=decisions)
    if args.plot is not None:
        plot_model(model, args.plot, decisions)
        d["plot"] = str(args.plot)
    if not args.json:
        say(describe_text(d))
        if args.plot is not None:
            say(f"plot written to {args.plot}")
    return d


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors on one line like every other error of the command."""

    def error(self, message):
        self.exit(2, f"euchre: error: {message} (see '{self.prog} --help')\n")


def _tricks_won(text: str) -> dict:
    """``"NS:2,EW:1"`` (or ``"N:2 S:1"`` two-player) -> ``{"NS": 2, "EW": 1}``."""
    out = {}
    for part in text.replace(",", " ").split():
        side, _, count = part.partition(":")
        if not count.strip().isdigit():
            raise argparse.ArgumentTypeError(f"{part!r}: write side:tricks, e.g. NS:2,EW:1")
        out[side.strip()] = int(count)
    return out


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="euchre", description="Euchre double-dummy analysis.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("solve", help="double-dummy tricks of a position and each legal card's value")
    p.add_argument("deal", help='"N:9d Ac Tc Kd Jd E:... S:... W:..." ("-" for a hand that sits out)')
    p.add_argument("--trump", required=True, help="trump suit: c d h s (n: no trump, with --allow-no-trump)")
    p.add_argument("--leader", required=True, help="seat that led the current trick: N E S W")
    p.add_argument("--makers", default=None, help="side that made trump: NS or EW (N or S two-player); default NS")
    p.add_argument("--alone", default=None, help="seat of the loner, if any")
    p.add_argument("--played", default="", help='cards already in the current trick, from its leader: "Qs As"')
    p.add_argument("--tricks-won", dest="tricks_won", type=_tricks_won, default=None,
                   help="tricks already won this hand, e.g. NS:2,EW:1 (mid-hand: gives the hand's totals and score)")
    _add_rules_options(p, "solve", BEFORE_PLAY + ("dummy_hands",))     # a position in play, its trump given
    p.set_defaults(run=cmd_solve)

    p = sub.add_parser("table", help="double-dummy table of a full deal for every trump suit")
    p.add_argument("deal", help="every hand of five cards")
    p.add_argument("--dealer", required=True, help="dealer's seat: N E S W")
    p.add_argument("--upcard", default=None, help="the turned-up card, e.g. 9c: adds the deal's par (see par)")
    in_par = "with --upcard only: the par's auction"
    _add_rules_options(p, "solve", EXCHANGE, notes={      # (the hands after any exchange)
        "stick_the_dealer": in_par, "defend_alone": in_par, "canadian": in_par,
        "partners_best": "a loner column is the loner's tricks after its partner's card and its own discard that "
                         "give it the most; with --upcard, in the par too"})
    p.set_defaults(run=cmd_table)

    p = sub.add_parser("par", help="the par of a full deal: the auction if every seat saw every card and bid "
                                   "best, the contract, its double-dummy tricks and points")
    p.add_argument("deal", help="every hand of five cards")
    p.add_argument("--upcard", required=True, help="the turned-up card, e.g. 9c (B: the joker)")
    p.add_argument("--dealer", required=True, help="dealer's seat: N E S W")
    _add_rules_options(p, "par", EXCHANGE)                # (the hands after any exchange)
    p.set_defaults(run=cmd_par)

    p = sub.add_parser("advise", help="bid advice: make/march/euchred chances and expected points per call")
    p.add_argument("--hand", required=True, help='the seat\'s five cards: "Jh Ah Kh 9c 9s"')
    p.add_argument("--upcard", required=True, help="the card turned up (round 2: the card turned down)")
    p.add_argument("--seat", required=True, help="the seat to bid: N E S W")
    p.add_argument("--dealer", required=True, help="the dealer: N E S W")
    p.add_argument("--round", type=int, choices=(1, 2), default=1, help="bidding round (2: the upcard was turned down)")
    p.add_argument("--named-suit", dest="named_suit", default=None, metavar="SUIT",
                   help="with --joker and --upcard B: the suit the dealer named for the turned-up joker")
    _add_sampling_options(p, 2000)
    p.add_argument("--dummies", default=None,
                   help="with --players 2 --dummy-hands: both face-up dummies, \"N:<5 cards> S:<5 cards>\" "
                        "(every placement of the 8 unseen cards is then tried: exact)")
    _add_score_option(p, "calls")
    _add_model_option(p, "the other seats (their later calls, and what their passes say)")
    _add_no_inference_option(p, "uniform worlds: the earlier passes are not weighed")
    _add_inference_option(p, "; bid advice sees no card: play is uniform worlds, both the auction's")
    p.add_argument("--no-early-stop", dest="no_early_stop", action="store_true",
                   help="play every call on every world (default: a call clearly behind the leading one after "
                        "the first 1/8 or 1/2 of the worlds stops there and says so)")
    _add_valuation_options(p, rollout=True)
    _add_examples_option(p, "call", "recommended call")
    p.add_argument("--kitty", default=None, metavar="CARDS",
                   help="with --farmers/--go-under, after a kitty exchange: the cards the seat knows lie face down "
                        "in the kitty (the three it put under, or a farmer's three shown); --hand is then its hand "
                        "after the exchange")
    _add_rules_options(p, "advise", notes=_NO_DEFENDER_ALONE)
    p.set_defaults(run=cmd_advise)

    p = sub.add_parser("exchange", help="kitty-exchange advice (--farmers, --go-under): keep the hand or exchange, "
                                        "and which three cards to give, by the par of the deal over the worlds")
    p.add_argument("--hand", required=True, help='the seat\'s five cards as dealt: "9c 9d Tc Qh Qs"')
    p.add_argument("--upcard", required=True, help="the card turned up")
    p.add_argument("--seat", required=True, help="the seat offered the exchange: N E S W")
    p.add_argument("--dealer", required=True, help="the dealer: N E S W")
    _add_sampling_options(p, 200, "each costs a par per choice", threads=False)
    _add_rules_options(p, "advise_exchange", TWO_PLAYER)      # (a kitty exchange is a four-player rule)
    p.set_defaults(run=cmd_exchange)

    p = sub.add_parser("play", help="play advice: expected tricks and points, make/euchred/march chances per "
                                    "legal card of the seat to play, from what it can see")
    _add_view_options(p, "the seat to play: N E S W")
    _add_evidence_options(p)
    _add_score_option(p, "cards")
    _add_model_option(p, "the seats whose calls the worlds are weighted by")
    _add_valuation_options(p, rollout=True, option="card")
    _add_examples_option(p, "card", "recommended card")
    _add_rules_options(p, "advise_play", notes=_NO_DEFENDER_ALONE)
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("compare", help="compare two calls or two cards of the seat to act over the same worlds: how "
                                       "often A does better, the same, worse than B, the mean difference and deals")
    p.add_argument("a", help='the first action: a call ("order", "order alone", "pass", "call c") or a card ("Qs")')
    p.add_argument("b", help="the second action, of the same kind")
    _add_view_options(p, "the seat to act (to bid or to play a card): N E S W", worlds=False)
    _add_sampling_options(p, None, "default 2000 for calls, 500 for cards, as the advice",
                          seed="the advice's for the same view, so the worlds are its own")
    _add_no_inference_option(p)
    _add_evidence_options(p)
    _add_score_option(p, "two actions")
    _add_model_option(p, "the other seats (their later calls, and what their calls say)")
    p.add_argument("--dummies", default=None,
                   help="with --players 2 --dummy-hands: both face-up dummies as dealt, \"N:<5 cards> S:<5 cards>\"")
    _add_valuation_options(p, rollout=True, option="call or card")
    _add_examples_option(p, default=3, help="up to N ({bounds}, default 3) of the likeliest deals in which A does "
                                            "better, the same and worse")
    _add_rules_options(p, "compare", notes=_NO_DEFENDER_ALONE)
    p.set_defaults(run=cmd_compare)

    p = sub.add_parser("branch", help="what-if replay: a deal of an EGN game replayed to one decision, another call "
                                      "or card made there, and the rest of the deal played on")
    p.add_argument("file", metavar="game.egn", type=Path, help="the EGN game record")
    p.add_argument("--deal", type=int, required=True, help="the deal's index in the record (0-based)")
    p.add_argument("--step", type=int, required=True,
                   help="the decision: its index among the deal's calls, discard and cards in order (0-based; the "
                        "review page's step)")
    p.add_argument("--action", required=True, help='the call ("order", "order alone", "call h", "pass") or card '
                                                   '("Qs") to make there instead')
    p.add_argument("--mode", choices=("double-dummy", "advisor"), default="double-dummy",
                   help="double-dummy: every seat sees every card (default); advisor: each seat decides from its "
                        "own view as the advisor")
    _add_sampling_options(p, 50, threads=False, worlds_help="the advisor's worlds a decision (default 50)",
                          seed_help="the advisor agents' seed (default 0)", seed_default=0)
    p.add_argument("--json", action="store_true", help="print one JSON object (as POST /v1/branch answers)")
    p.set_defaults(run=cmd_branch)

    p = sub.add_parser("lead", help="the lead table: for the seat to lead a trick, each legal lead's chance of "
                                    "setting the makers and of a march, and the mean points, from what it can see")
    _add_view_options(p, "the seat on lead: N E S W (the opening leader, or the winner of the last trick)")
    _add_evidence_options(p)
    _add_model_option(p, "the seats whose calls the worlds are weighted by")
    _add_valuation_options(p)
    _add_rules_options(p, "lead_table", notes=_NO_DEFENDER_ALONE)
    p.set_defaults(run=cmd_lead)

    p = sub.add_parser("chart", help="the hand chart's row of a call: how calls of its class (round, seat, alone, "
                                     "the caller's trumps, bowers, off-suit aces and voids) fared over "
                                     "millions of solved deals")
    p.add_argument("--hand", required=True, help='the caller\'s five cards: "Jh Ah Kh 9c 9s"')
    p.add_argument("--upcard", required=True, help="the card turned up (round 2: the card turned down)")
    p.add_argument("--seat", required=True, help="the caller: N E S W")
    p.add_argument("--dealer", required=True, help="the dealer: N E S W")
    p.add_argument("--round", type=int, default=1, help="bidding round: 1 orders up the upcard's suit, 2 names --call")
    p.add_argument("--call", default=None, metavar="SUIT", help="round 2: the suit named (not the upcard's)")
    p.add_argument("--alone", action="store_true", help="the caller goes alone")
    p.add_argument("--valuation", type=_engine_type(parse_valuation, "valuation"), choices=("single_dummy", "double_dummy"),
                   default="single_dummy", metavar="single-dummy|double-dummy",
                   help="how each solved call was scored: single dummy by the fitted band model (default) or "
                        "double dummy (every hand seen); single_dummy spelt so is taken too")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=cmd_chart)

    p = sub.add_parser("defend", help="defend-alone advice: against a loner, defend alone or with partner "
                                      "(defend_alone rule), from what the defender can see")
    p.add_argument("--seat", required=True, help="the defender: N E S W")
    p.add_argument("--hand", required=True, help='its five cards: "Jh Jd Ah Kc Qc"')
    p.add_argument("--dealer", required=True, help="the dealer: N E S W")
    p.add_argument("--upcard", required=True, help="the card turned up")
    p.add_argument("--calls", required=True, help='the calls from the dealer\'s left up to the loner\'s, EGN tokens: '
                                                  '"Pass Order" (the maker goes alone)')
    p.add_argument("--discard", default=None, help="the defender's own discard, when it is the dealer and picked up")
    _add_sampling_options(p, 500)
    _add_no_inference_option(p, "uniform worlds (the calls seen are not weighed)")
    _add_inference_option(p, " (before the first card no card is weighed: play is uniform worlds)")
    _add_model_option(p, "the seats whose calls the worlds are weighted by")
    _add_rules_options(p, "advise_defend", TWO_PLAYER + ("defend_alone",))     # (the rule is the question's)
    p.set_defaults(run=cmd_defend)

    p = sub.add_parser("review", help="review EGN game records: the cost of every call and card, double dummy "
                                      "and from what each player could see; a corpus (a directory, --out) "
                                      "as JSON lines")
    p.add_argument("files", nargs="+", metavar="game.egn", type=Path,     # always a file, whatever its name
                   help="EGN game records or dummy-hands records: regular files of at most 16 MiB; a directory "
                        "is a corpus (its files, recursively)")
    _add_sampling_options(p, 200, threads=False, worlds_help="worlds per decision (default 200)",
                          seed_help="seed of the worlds (default: each file's own, a hash of its content, so the same "
                                    "file gets the same review; printed)")
    _add_no_inference_option(p, "uniform worlds and the point count for the calls (the first version's figures)")
    _add_inference_option(p, " of the cards' and the discard's worlds (play: the calls' worlds uniform too)")
    p.add_argument("--by-points", action="store_true",
                   help="judge every decision by the hand's expected points only (default: by the chance of "
                        "winning the game from the score at each deal, where the record gives it)")
    p.add_argument("--jobs", type=_member_int("jobs", (1, MAX_JOBS)), default=1, help="worker processes over all the deals (default 1)")
    p.add_argument("--all", action="store_true",
                   help="also list every card with its figures: 'DD 4->5 (-1)' the makers' tricks with best "
                        "play before->after it (and its cost), 'info 9s:-0.17 ...' each legal card's average "
                        "points for the player's side; judged by the game, 'P(win game) 9s:0.512 ...' each "
                        "card's chance of winning the game")
    p.add_argument("--json", action="store_true", help='print one JSON object {"reviews": [...]} (a corpus: '
                                                       "its summary)")
    p.add_argument("--html", type=Path, default=None, metavar="FILE",
                   help="also write the review page to FILE: one self-contained HTML file (no network needed) "
                        "to step through every call and card with its costs; one game file only")
    _add_examples_option(p, default=None, help=(
        "for each call, discard or card that lost, up to N ({bounds}, default 3) of the likeliest deals the player "
        "could be facing in which it does worse than the best choice, with both choices' points"))
    p.add_argument("--annotate", type=Path, default=None, metavar="OUT.egn",
                   help="also write the record with the review in it: an EGN mark and a short comment at each "
                        "decision graded below best (EGN callAnnotations/playAnnotations); one game file only, "
                        "never the input file itself")
    p.add_argument("--out", default=None, metavar="results.jsonl",
                   help="corpus mode: append one JSON line per deal to this file; a rerun skips the deals already "
                        "in it (resume). Without it a corpus' lines go to standard output")
    p.add_argument("--cluster", default=None, metavar="tcp://HOST:PORT|local:N",
                   help="corpus mode: run the deals on a Dask scheduler, or on N local worker processes "
                        "(needs pip install \"euchre-dd[cluster]\")")
    p.add_argument("--quiet", action="store_true", help="corpus mode: no progress bar")
    _add_model_option(p, "the players, for the inference and the calls' later seats")
    _add_valuation_options(p, review=True)
    p.set_defaults(run=cmd_review)

    p = sub.add_parser("stats", help="per-player and per-partnership statistics of a corpus review's lines "
                                     "(euchre review --out)")
    p.add_argument("results", type=Path, nargs="+", metavar="results.jsonl",
                   help="the lines of euchre review --out (several files: a deal counted once over all)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--csv", action="store_true", help="print CSV: one row per player, partnership and overall")
    p.set_defaults(run=cmd_stats)

    from .match.ladder import LEVELS
    p = sub.add_parser("match", help="duplicate match of two agents: every deal played twice with the seats "
                                     "swapped; side A's points per deal with a 95%% interval")
    p.add_argument("--a", required=True, metavar="AGENT",
                   help="agent A: random, policy, advisor, double-dummy (sees every card: an upper bound) "
                        "or external:COMMAND (a program speaking JSON lines, see README); advisor:VALUATION "
                        "(advisor:double-dummy, advisor:playout) picks the advisor's valuation; advisor:both "
                        "reads the play too (advisor:auction, the default, the calls only; advisor:play, advisor:none), "
                        "before a valuation or model if any (advisor:both:double-dummy); "
                        f"level:1 .. level:{len(LEVELS)} (or a level's name: {', '.join(lv.name for lv in LEVELS)}) "
                        "a level of the ladder, at its own worlds; noisy:P:AGENT plays a random card with chance P")
    p.add_argument("--b", required=True, metavar="AGENT", help="agent B (the same choices)")
    p.add_argument("--deals", type=int, default=200, help="duplicate deals, two tables each (default 200)")
    _add_sampling_options(p, 200, threads=False, worlds_help="the advisor's worlds per decision (default 200)",
                          seed_help="seed of the deals and agents (default: fresh, printed)")
    p.add_argument("--jobs", type=_member_int("jobs", (1, MAX_JOBS)), default=1, help="worker processes (default 1)")
    p.add_argument("--time-limit", dest="time_limit", type=float, default=10.0,
                   help="seconds an agent may take per decision, else it forfeits the deal (default 10; 0: none)")
    p.add_argument("--games", action="store_true",
                   help="play whole games to the winning score instead: --deals counts games (two tables each)")
    p.add_argument("--egn", type=Path, default=None, metavar="DIR",
                   help="write every table's record as an EGN file in DIR (made if missing): "
                        "deal-0001-table-1.egn, ... (game-0001-deal-... with --games)")
    _add_model_option(p, "the advisor agents (an agent advisor:NAME|FILE names its own)")
    _add_rules_options(p, "match", notes={"defend_alone": "the advisor agent asks advise_defend"})
    p.set_defaults(run=cmd_match)

    p = sub.add_parser("model", help="bidding models: fit one to a group's EGN records, or show one")
    msub = p.add_subparsers(dest="model_command", required=True, parser_class=_Parser)
    q = msub.add_parser("fit", help="fit a bidding model to the calls in EGN records (a club's, a site's), "
                                    "shrunk toward a base model where the data is thin")
    q.add_argument("records", nargs="+", type=Path, metavar="DIR_OR_FILE",
                   help="EGN records, or directories of *.egn (four-player, no joker)")
    q.add_argument("--out", required=True, type=Path, metavar="club.json", help="the model file to write")
    q.add_argument("--base", default="players-1", metavar="NAME|FILE",
                   help="the model to shrink toward (default players-1)")
    q.add_argument("--prior-sd", dest="prior_sd", type=float, default=None,
                   help="how far the fit may move from the base, count units (default 0.5: as players-1's fit)")
    q.add_argument("--name", default=None, help="the model's name (default: the first record's name)")
    q.add_argument("--json", action="store_true", help="print one JSON object")
    q.set_defaults(run=cmd_model_fit)
    q = msub.add_parser("show", help="a model's chances of calling for typical hands by seat and round, "
                                     "and who makes trump when every seat bids by it")
    q.add_argument("model", metavar="NAME|FILE", help="a model name (players-1, best-response-1, best-response-sd-3, "
                                                      "point-count, best-response-sd-2) or a model file")
    q.add_argument("--plot", type=Path, default=None, metavar="out.png",
                   help="also write a picture (PNG, or SVG/PDF by the suffix): the funnel by seat, and the "
                        "calibration (needs matplotlib)")
    q.add_argument("--records", nargs="*", type=Path, default=None, metavar="DIR_OR_FILE",
                   help="calibrate the model on these EGN records' calls: a table in the output, and the "
                        "plot's second panel (default for the plot: the model's stored held-out calibration)")
    q.add_argument("--json", action="store_true", help="print one JSON object")
    q.set_defaults(run=cmd_model_show)

    p = sub.add_parser("serve", help="run the JSON service under gunicorn")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--workers", type=int, default=None,
                   help="gunicorn worker processes (default: one per available core)")
    p.set_defaults(run=cmd_serve, json=False)
    return parser


def main(argv=None) -> int:
    """Run the command line on ``argv`` (default ``sys.argv[1:]``); returns the exit status:
    0, 2 for bad input (one ``euchre: error:`` line on stderr), 141 when stdout was closed."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if getattr(args, "makers", "x") is None:
            args.makers = "N" if args.players == 2 else "NS"
        try:
            out = args.run(args)
        except EuchreError as exc:
            say(f"euchre: error: {exc}", file=sys.stderr)
            return 2
        if getattr(args, "json", False):
            json.dump(out, sys.stdout, indent=2)    # piece by piece: a closed pipe is seen at the next piece
            sys.stdout.write("\n")
        sys.stdout.flush()
    except KeyboardInterrupt:
        # Ctrl-C: one line, no traceback (what was finished is kept: a corpus's lines, a rollout's file)
        say("euchre: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (| head): stop quietly; later flushes (at exit) go nowhere
        # (the recipe of the Python docs, signal module, "Note on SIGPIPE")
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return BROKEN_PIPE_STATUS
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT):
            raise
        # the output could not be written (a full disk, /dev/full): one line, as for any bad input
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        say(f"euchre: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
