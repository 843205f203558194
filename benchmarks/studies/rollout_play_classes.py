"""The cards' class table: each fast valuation of every legal card against rollouts of the same card, by tricks left.

Issue 33 item 3 for play advice. The questions come from self-play: question ``q`` of class ``t`` (tricks
left: 5 the opening lead, 4, 3, 2) deals a random deal (random dealer) from a stream seeded by
``(--seed, t, q)``, lets :class:`~solver.match.agents.AdvisorAgent` seats (``--agent-worlds`` worlds a
decision) bid and play it through the match's referee (:func:`solver.match.referee.next_action`), and takes
the view of a seat at a card decision of the trick with ``t`` tricks left, drawn at random among that
trick's decisions with at least two legal cards (a deal thrown in, or with no such decision in that trick, is
dealt again from the same stream): :func:`draw_question`, the same question for the same seed. Each side
(makers, defenders) comes as self-play brings it.

Each question's every legal card is rolled out (``advise_play(valuation="rollout")``, :mod:`solver.rollout`:
the card and the rest of the hand played in every world by advisor agents at every seat, ``--agent-worlds``
worlds a decision) on ``--worlds`` worlds by points, and the cards' mean points kept: the ``--rows`` file, one
JSON line a question, written as each finishes and read back on a new run so an interrupted run resumes.

The table (printed at the end of a run, or by ``--summarise ROWS`` alone) values each question's cards again on
the same worlds (the same seed, so the same deals of the unseen cards) by double dummy and by each shipped
single-dummy fit (:data:`solver.advisor.single_dummy.NAMES`, the default marked), and prints by tricks left
(then by side) the mean (valuation - rollout) of the card values with a 95% t interval over the questions (a
question's cards averaged first: one unit a question, so the interval counts the deal-to-deal spread), how
often the valuation's recommended card is one of the rollout's best (ties in the rollout's points count
as best), and the rollout points its recommendation gives up on average.

    python3 benchmarks/studies/rollout_play_classes.py --rows rows.jsonl [--questions 40] [--worlds 10]
        [--agent-worlds 20] [--seed 7] [--classes 5,4,3,2] [--json PATH]
    python3 benchmarks/studies/rollout_play_classes.py --summarise rows.jsonl [--json PATH]
"""
import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs
from _common import read_rows                      # noqa: E402

from solver import Method, Rollout, advise_play                              # noqa: E402
from solver.advisor.single_dummy import DEFAULT_NAME, NAMES, using_model     # noqa: E402
from solver.cards import Card, Seat                                          # noqa: E402
from solver.game import Hand, Phase                                          # noqa: E402
from solver.game.deal import DealCards                                       # noqa: E402
from solver.laws import TRICKS, side_of                                      # noqa: E402
from solver.match.agents import AdvisorAgent                                 # noqa: E402
from solver.match.referee import next_action                                 # noqa: E402
from solver.rules import Rules                                               # noqa: E402
from solver.stats import mean_interval                                       # noqa: E402

#: The classes: tricks left at the decision (5: the opening lead). One trick left is never a choice worth
#: asking (a single card).
CLASSES = (5, 4, 3, 2)
#: A class stands within this many points of the rollouts (issue 33).
TOLERANCE = 0.05
#: Two rollout values this close are a tie (points; the values are means of whole points over the worlds).
TIE = 1e-9


def question_seed(seed: int, t: int, q: int) -> int:
    """The advice seed of question ``q`` of class ``t`` (its worlds and its rollout agents' seeds)."""
    return seed * 100_000 + t * 1000 + q


def draw_question(seed: int, t: int, q: int, agent_worlds: int, rules: Rules | None = None):
    """Question ``q`` of class ``t`` (tricks left) drawn by self-play: ``(view, side)``, the
    :class:`~solver.game.SeatView` of the seat to play (two or more legal cards) and ``"makers"`` or
    ``"defenders"``. The same arguments give the same question."""
    rules = rules or Rules()
    rng = np.random.default_rng(np.random.SeedSequence([int(seed), int(t), int(q), 0x706C6179]))
    while True:
        pack = rng.permutation(24)
        hands = tuple(int(sum(1 << int(c) for c in pack[5 * s:5 * s + 5])) for s in range(4))
        up = int(pack[20])
        kitty = int(sum(1 << int(c) for c in pack[21:24]))
        h = Hand(rules, Seat(int(rng.integers(4))))
        h.apply(DealCards(hands, Card(up), kitty))
        agents = {Seat(s): AdvisorAgent(score_aware=False, method=Method(worlds=agent_worlds, seed=int(rng.integers(2**31))))
                  for s in range(4)}
        said: dict = {}
        choices = []
        while not h.is_over and len(h.tricks) <= TRICKS - t:
            if h.phase is Phase.PLAY and len(h.tricks) == TRICKS - t and len(h.legal_actions()) >= 2:
                choices.append(h.view(h.to_act))
            h.apply(next_action(h, agents.get(h.to_act), said))
        if choices:
            view = choices[int(rng.integers(len(choices)))]
            return view, "makers" if view.makers == side_of(int(view.seat), rules.players) else "defenders"


#: The column of the default fit with the cards played read too (``inference="both"``; the others read the auction).
READ = "single_dummy_read"


def card_values(view, worlds: int, seed: int, **method) -> tuple:
    """``({card: expected points}, best card)`` of ``advise_play`` on ``worlds`` worlds of ``seed`` by points."""
    a = advise_play(view, Method(worlds=worlds, seed=seed, **method))
    return {str(c.card): float(c.expected_points) for c in a.cards}, str(a.best)


def roll_one(job):
    """One question drawn and its every card rolled out: the row of the ``--rows`` file."""
    t, q, args = job
    t0 = time.process_time()
    view, side = draw_question(args["seed"], t, q, args["agent_worlds"])
    t1 = time.process_time()
    values, best = card_values(view, args["worlds"], question_seed(args["seed"], t, q), valuation="rollout",
                               rollout=Rollout(agent_worlds=args["agent_worlds"]))
    return {"tricks_left": t, "question": q, "side": side, "view": view.to_dict(), "worlds": args["worlds"],
            "agent_worlds": args["agent_worlds"], "seed": args["seed"], "rollout": values, "rollout_best": best,
            "agents_fit": DEFAULT_NAME, "draw_cpu_s": t1 - t0, "cpu_s": time.process_time() - t1}


def fast_values(row) -> dict:
    """The cards of a row valued on the same worlds by double dummy and by every shipped single-dummy fit:
    ``{valuation: ({card: points}, best card)}``."""
    kw = dict(worlds=row["worlds"], seed=question_seed(row["seed"], row["tricks_left"], row["question"]))
    out = {"double_dummy": card_values(row["view"], valuation="double_dummy", **kw)}
    for name in NAMES:
        with using_model(name):
            out[name] = card_values(row["view"], valuation="single_dummy", **kw)
    # the default reading the cards played too (issue 34): are its values closer to the rollouts?
    out[READ] = card_values(row["view"], valuation="single_dummy", inference="both", **kw)
    return out



def _cells(mine: list, c: str) -> tuple:
    """For the rows ``mine`` and valuation ``c``: per question the mean (valuation - rollout) over its cards,
    whether its recommendation is among the rollout's best, and the rollout points it gives up."""
    diff, agree, lost = [], [], []
    for r in mine:
        roll, (vals, best) = r["rollout"], r["fast"][c]
        diff.append(np.mean([vals[k] - roll[k] for k in roll]))
        top = max(roll.values())
        agree.append(roll[best] >= top - TIE)
        lost.append(top - roll[best])
    return np.array(diff), np.array(agree), np.array(lost)


def summarise(path, json_out=None, args=None) -> dict:
    rows = read_rows(path)
    columns = ["double_dummy", *NAMES, READ]
    t0 = time.perf_counter()
    for r in rows:
        r["fast"] = fast_values(r)
    fast_s = time.perf_counter() - t0
    short = {"double_dummy": "dd", READ: "sd*, play read",
             **{n: n.replace("single-dummy-", "sd ") + ("*" if n == DEFAULT_NAME else "") for n in NAMES}}
    agents = sorted({f"{r['agent_worlds']} worlds, {r['agents_fit']}" for r in rows})
    cards = sum(len(r["rollout"]) for r in rows)
    print(f"each valuation of the legal cards against their rollouts on the same worlds: {len(rows)} questions "
          f"({cards} cards) from {path}; rollouts by advisor agents at {'; '.join(agents)}; per class the mean "
          f"over questions of (valuation - rollout) averaged over the question's cards, 95% t interval; best: "
          f"how often the valuation's card is one of the rollout's best; lost: the rollout points its card gives "
          f"up (mean); * the default fit; ok: the mean within {TOLERANCE}, OK: the whole interval")
    groups = [(f"{t} tricks left" + (" (lead)" if t == TRICKS else ""), [r for r in rows if r["tricks_left"] == t])
              for t in CLASSES]
    groups += [(side, [r for r in rows if r["side"] == side]) for side in ("makers", "defenders")]
    groups.append(("all", rows))
    print(f"{'class':<22} {'q':>4} {'cards':>5} {'rollout':>8}  "
          + "  ".join(f"{short[c] + ' - rollout; best, lost':>44}" for c in columns))
    table = []
    for label, mine in groups:
        if len(mine) < 2:
            continue
        roll = np.array([np.mean(list(r["rollout"].values())) for r in mine])
        line = {"class": label, "questions": len(mine), "cards": sum(len(r["rollout"]) for r in mine),
                "rollout": float(roll.mean())}
        cells = []
        for c in columns:
            d, agree, lost = _cells(mine, c)
            lo, hi = mean_interval(d, False)
            mark = "OK" if -TOLERANCE <= lo and hi <= TOLERANCE else "ok" if abs(d.mean()) <= TOLERANCE else "  "
            cells.append(f"{d.mean():+.3f} [{lo:+.3f}, {hi:+.3f}] {mark}; {agree.mean():4.0%}, {lost.mean():.3f}")
            line[c] = {"mean": float(d.mean()), "interval": [float(lo), float(hi)], "best": float(agree.mean()),
                       "lost": float(lost.mean())}
        table.append(line)
        print(f"{label:<22} {len(mine):>4} {line['cards']:>5} {roll.mean():>+8.3f}  "
              + "  ".join(f"{x:>44}" for x in cells))
    per = np.array([r["cpu_s"] / (r["worlds"] * len(r["rollout"])) for r in rows]) if rows else np.zeros(0)
    if per.size:
        print(f"rollout cost: {np.median(per) * 1000:.0f} ms of CPU a world and card (median; p10 "
              f"{np.percentile(per, 10) * 1000:.0f}, p90 {np.percentile(per, 90) * 1000:.0f}); drawing the "
              f"questions {sum(r['draw_cpu_s'] for r in rows):.0f} s, the rollouts {sum(r['cpu_s'] for r in rows):.0f}"
              f" s of CPU in all; the fast valuations of every question: {fast_s:.1f} s")
    if json_out and args is not None:
        _common.report(args, {"classes": table, "questions": len(rows), "cards": cards,
                              "rollout_cpu_ms_per_world_card": float(np.median(per) * 1000) if per.size else None},
                       json_out)
    return {"classes": table}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=_common.count, default=40, help="questions per class (default 40)")
    ap.add_argument("--worlds", type=int, default=10, help="worlds per question (default 10, the fewest)")
    ap.add_argument("--agent-worlds", dest="agent_worlds", type=int, default=20,
                    help="worlds of each agent decision, in the self-play and the rollouts (default 20)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--classes", default=None, help="comma-separated tricks left (default 5,4,3,2)")
    ap.add_argument("--rows", default=None, help="the questions' rollouts, JSON lines (appended; resumed from)")
    ap.add_argument("--summarise", default=None, metavar="ROWS", help="print the table of a --rows file and stop")
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    if args.summarise:
        return summarise(args.summarise, args.json, args)
    if not args.rows:
        ap.error("--rows is needed (the rollouts are kept there, and resumed from it)")
    chosen = CLASSES if args.classes is None else tuple(int(x) for x in args.classes.split(","))
    if not set(chosen) <= set(CLASSES):
        ap.error(f"--classes: tricks left among {','.join(map(str, CLASSES))}")
    done = {(r["tricks_left"], r["question"]) for r in read_rows(args.rows)
            if r["seed"] == args.seed and r["worlds"] == args.worlds and r["agent_worlds"] == args.agent_worlds}
    shared = {"worlds": args.worlds, "agent_worlds": args.agent_worlds, "seed": args.seed}
    # classes interleaved, so a run stopped early still has every class
    jobs = [(t, q, shared) for q in range(args.questions) for t in chosen if (t, q) not in done]
    from tqdm import tqdm
    with open(args.rows, "a", encoding="utf-8") as sink:
        for row in tqdm(map(roll_one, jobs), total=len(jobs), disable=not sys.stderr.isatty(), desc="questions"):
            sink.write(json.dumps(row) + "\n")
            sink.flush()
    summarise(args.rows, args.json, args)


if __name__ == "__main__":
    main()
