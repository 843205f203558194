"""Compose a single-dummy fit from two shipped ones: one for contracts with partner, one for lone contracts.

The class table (``benchmarks/studies/rollout_classes.py``, docs/advice.md "Against rollouts") measures each
shipped fit against rollouts by class of the question. No fit is within 0.05 points in every class, but each
kind of contract has a fit that is: ``single-dummy-v3`` with partner (v4 and v5 undervalue a round-2 call with
two trumps by 0.06) and ``single-dummy-v5`` alone (v3 flatters a loner by 0.07; v5 reads the makers' sure
tricks, which decide a loner). A band model's coefficients are per contract (every world of one contract is
alone or not), so the two sets compose without refitting: the composite keeps the partner fit's coefficients
for contracts with partner and the lone fit's for loners (``band_model.alone_coefficients``, chosen by the
``alone`` feature: :class:`solver.advisor.single_dummy.SingleDummyModel`). Its features are the union of the
two fits' (in :data:`~solver.advisor.single_dummy.KNOWN_FEATURES` order), each set 0 on the columns its fit
does not read, so each kind of contract is valued exactly as its source fit values it.

The card table (play advice, :meth:`~solver.advisor.single_dummy.SingleDummyModel.trick_distribution`) is the
partner fit's, whole: the cards were measured against rollouts by tricks left with it (v4's and v5's table,
from the agents' play, stood no closer).

    python3 benchmarks/tools/compose_single_dummy.py --partner single-dummy-v3 --alone single-dummy-v5 \\
        --name single-dummy-v6 --out solver/data/single-dummy-v6.json
"""
import argparse
import datetime
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402  first: checks which engine runs
from solver.advisor.single_dummy import KNOWN_FEATURES, NAMES, load_model  # noqa: E402


def widen(coefficients: np.ndarray, features: tuple, columns: tuple) -> np.ndarray:
    """float (3, 3, len(columns)): ``coefficients`` (3, 3, len(features)) on ``columns``, 0 where a column is not
    among ``features`` (a feature a fit does not read adds nothing to its logits)."""
    out = np.zeros(coefficients.shape[:2] + (len(columns),))
    for k, f in enumerate(features):
        out[:, :, columns.index(f)] = coefficients[:, :, k]
    return out


def compose(partner_name: str, alone_name: str, name: str) -> dict:
    """The data file (a JSON-ready dict, as ``solver/data/single-dummy-v*.json``) of the composite of the shipped
    fits ``partner_name`` (contracts with partner, and the card table) and ``alone_name`` (lone contracts).

    Raises:
        solver.errors.ModelError: a name not shipped.
    """
    partner, alone = load_model(partner_name), load_model(alone_name)
    columns = tuple(f for f in KNOWN_FEATURES if f in partner.features or f in alone.features)
    with open(Path(__file__).resolve().parents[2] / "solver" / "data" / f"{partner_name}.json", encoding="utf-8") as f:
        trick_table = json.load(f)["trick_table"]
    digits = "".join(ch for ch in name.rsplit("-", 1)[-1] if ch.isdigit())
    return {
        "name": name,
        "version": int(digits) if digits else None,
        "inner_worlds": partner.inner_worlds,
        "rules": "four players, default Rules() (no joker, no dummy hands)",
        "band_model": {
            "what": "per double-dummy band of the makers (euchred, made, march), a multinomial logit of the "
                    "single-dummy band: P(band k) = softmax_k(c[dd_band, k] . features), c the coefficients for a "
                    "contract with partner and alone_coefficients for a loner (the 'alone' feature); row 0 "
                    "(euchred) is the reference",
            "bands": ["euchred", "made", "march"], "features": list(columns),
            "coefficients": widen(partner.coefficients, partner.features, columns).tolist(),
            # a composite named as the lone fit gives its own loners' coefficients, not its partner fit's
            "alone_coefficients": widen(alone.coefficients if alone.alone_coefficients is None
                                        else alone.alone_coefficients, alone.features, columns).tolist(),
        },
        "trick_table": trick_table,
        "provenance": {
            "script": "benchmarks/tools/compose_single_dummy.py",
            "command": "python3 benchmarks/tools/compose_single_dummy.py " + " ".join(sys.argv[1:]),
            "commit": _common._commit(),
            "date": datetime.date.today().isoformat(),
            "composed_of": {"partner": partner_name, "alone": alone_name, "trick_table": partner_name},
            "why": "the class table against rollouts (benchmarks/studies/rollout_classes.py, 301-302 questions a "
                   "class): the partner fit within 0.05 of the rollouts on every class of contract with partner, "
                   "the lone fit on loners",
            "partner_provenance": partner.provenance,
            "alone_provenance": alone.provenance,
        },
    }


def _name(text: str) -> str:
    """An argparse type: the composite's name, not blank."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the composite needs a name")
    return text


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--partner", default="single-dummy-v3", choices=NAMES,
                        help="the fit for contracts with partner and the card table (default single-dummy-v3)")
    parser.add_argument("--alone", default="single-dummy-v5", choices=NAMES,
                        help="the fit for lone contracts (default single-dummy-v5)")
    parser.add_argument("--name", default="single-dummy-v6", type=_name, help="the composite's name (default single-dummy-v6)")
    parser.add_argument("--out", required=True, help="the data file to write")
    args = parser.parse_args(argv)
    out = Path(args.out)
    if out.is_dir() or not out.parent.is_dir():
        parser.error(f"--out {args.out}: " + ("a directory, not a file" if out.is_dir() else "its directory does not exist"))
    data = compose(args.partner, args.alone, args.name)
    Path(args.out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
