"""Duplicate match of the advisor under one single-dummy fit against the advisor under another.

Issue 33's paired measure of a new default fit against today's: ``--deals`` duplicate deals (each played at two
tables, the agents swapping seats; :func:`solver.play_match`), agent A the advisor agent whose every bid, discard,
defence and card is valued with the shipped fit ``--a`` (:func:`solver.advisor.single_dummy.using_model` around
each decision), agent B the same with ``--b``, both at ``--worlds`` worlds a decision and the same bidding model.
Prints A's points a deal net of B's with the match's paired 95% interval over the deals, and each side's loner
share. A fit against the policy agent: ``--b policy``.

The fit is one module-wide choice, so each decision runs alone (no time limit, whose thread could overlap the
next decision); ``--jobs`` worker processes each hold their own.

    python3 benchmarks/studies/fit_match.py --a single-dummy-v5 --b single-dummy-v3 [--deals 2000]
        [--worlds 50] [--seed 33] [--jobs 2] [--json PATH]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver import Method, play_match                                   # noqa: E402
from solver.advisor.single_dummy import NAMES, using_model              # noqa: E402
from solver.errors import EuchreError                                   # noqa: E402
from solver.match.agents import AdvisorAgent, make_agent                # noqa: E402
from solver.stats import wilson                                         # noqa: E402


class FitAgent(AdvisorAgent):
    """The advisor agent with every decision valued under the shipped single-dummy fit ``fit``."""

    def __init__(self, fit: str, method: Method):
        super().__init__(method=method)
        self.fit = fit
        self.name = f"advisor ({fit})"


def _under_fit(decision: str):
    """The advisor agent's ``decision`` method run with the agent's fit in force."""
    def decide(self, view):
        with using_model(self.fit):
            return getattr(AdvisorAgent, decision)(self, view)
    decide.__name__ = decision
    return decide


for _decision in ("bid", "exchange", "discard", "give", "defend", "play"):
    setattr(FitAgent, _decision, _under_fit(_decision))


def agent(spec: str, worlds: int):
    """A :class:`FitAgent` for a fit's name, else the spec as :func:`solver.play_match` reads it."""
    return FitAgent(spec, Method(worlds=worlds)) if spec in NAMES else spec


def agent_spec(text: str) -> str:
    """An argparse type: ``--a``/``--b``, a shipped fit's name or an agent :func:`solver.make_agent` builds,
    checked before the match (a misspelt fit is a usage error naming the fits, not a traceback)."""
    if text in NAMES:
        return text
    if text.startswith("single-dummy"):
        raise argparse.ArgumentTypeError(f"{text!r}: no shipped fit of that name (the fits: {', '.join(NAMES)})")
    try:
        make_agent(text)
    except EuchreError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", required=True, type=agent_spec, help=f"a fit ({', '.join(NAMES)}) or any agent play_match takes")
    ap.add_argument("--b", required=True, type=agent_spec, help="the same choices")
    ap.add_argument("--deals", type=_common.count, default=2000)
    ap.add_argument("--worlds", type=_common.worlds, default=50)
    ap.add_argument("--seed", type=int, default=33)
    ap.add_argument("--jobs", type=_common.count, default=1)
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    m = play_match(agent(args.a, args.worlds), agent(args.b, args.worlds), deals=args.deals, seed=args.seed,
                   jobs=args.jobs, method=Method(worlds=args.worlds), time_limit=None)
    lo, hi = m.interval
    print(f"{args.a} (A) against {args.b} (B): {m.deals} duplicate deals, {args.worlds} worlds a decision, "
          f"seed {args.seed}")
    print(f"A's points a deal net of B's: {m.points_per_deal:+.4f} (95% {lo:+.4f} to {hi:+.4f})")
    tables = [t for t in m.tables if t.forfeit is None]
    results = {"deals": m.deals, "points_per_deal": m.points_per_deal, "interval": [lo, hi]}
    for who, name in (("A", args.a), ("B", args.b)):
        side = (lambda t: t.a_side) if who == "A" else (lambda t: 1 - t.a_side)
        contracts = [t for t in tables if t.makers == side(t)]
        loners = [t for t in contracts if t.alone is not None]
        euchred = sum(t.euchred for t in loners)
        share = len(loners) / len(contracts) if contracts else 0.0
        llo, lhi = wilson(len(loners), len(contracts)) if contracts else (0.0, 0.0)
        print(f"{who} {name}: {len(contracts)} contracts, alone in {share:.1%} ({llo:.1%} to {lhi:.1%}), "
              f"{euchred} of {len(loners)} loners euchred")
        results[who] = {"agent": name, "contracts": len(contracts), "loners": len(loners), "loners_euchred": euchred}
    _common.report(args, results)


if __name__ == "__main__":
    main()
