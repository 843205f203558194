"""A bidding model for one group of players (``euchre model fit``), and a model described (``euchre model show``).

**Fit your own group.** The calls of any EGN records (a club's, a site's, one's own opponents') are fitted
by :func:`solver.bidding.fit.fit_model` with the prior centred on a base model (``players-1`` unless told):
where the group's decisions are few, the fit stays near the base; where they are many, it follows them.
:func:`fit_group` also says what changed (each figure, base and fitted) and whether the group's model
predicts the group's own calls better than the base on deals it was not fitted on (log-likelihood per
decision, folds by deal), so that a user can see whether fitting was worth it; ``euchre model fit`` writes
the model only when it does (:attr:`GroupFit.beats_base`), and says why not otherwise.

**A model described.** :func:`describe` gives a model's chance of calling for a few typical hands at every
seat and round (:data:`TYPICAL_HANDS`), and its funnel (:mod:`solver.bidding.funnel`); :func:`plot_model`
draws the funnel and, given decisions, the calibration of the model on them (PNG, matplotlib).
"""
from __future__ import annotations

import io
import json
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..cards import Card, mask_of, parse_cards
from ..errors import ModelError
from ..outfiles import check_target, write_file
from ..stats import wilson
from .decisions import decisions_from_records
from .fit import PRIOR_SD, cross_validate, fit_model, log_likelihood, model_vector, PARAMETERS
from .funnel import PLACE_NAMES, funnel
from .model import BiddingModel
from .named import MODEL_NAMES, resolve_model

#: Hands shown by :func:`describe`: (label, hand, upcard); round 2 names the best suit but the upcard's.
TYPICAL_HANDS = (
    ("both bowers and the ace", "Jh Jd Ah 9c 9s", "Kh"),
    ("three trumps, an off ace", "Jh Kh 9h Ac 9s", "Th"),
    ("two trumps, two off aces", "Ah Qh Ac As 9d", "Kh"),
    ("one trump, no ace", "Jc 9h 9s Ts Qh", "Kc"),
    ("junk", "9c Tc 9d Td Qs", "9h"),
)


@dataclass(frozen=True)
class GroupFit:
    """A group's fitted model and how it compares with its base.

    Attributes:
        model: the fitted :class:`BiddingModel`.
        base: the base model (the prior's centre).
        decisions, deals: how many the fit used.
        held_out: ``{"fitted": ll, "base": ll, "folds": k}``, log-likelihood per decision on held-out deals;
            ``None`` when there are fewer deals than folds.
        changes: ``[(parameter, base value, fitted value), ...]`` for every figure that moved by 0.01 or more.
    """

    model: BiddingModel
    base: BiddingModel
    decisions: int
    deals: int
    held_out: dict | None
    changes: list

    def text(self) -> str:
        lines = [f"model {self.model.name!r} fitted to {self.decisions} decisions in {self.deals} deals, "
                 f"shrunk toward {self.base.name!r}"]
        if self.held_out is None:
            lines.append("held-out log-likelihood: too few deals to hold some out")
        else:
            h = self.held_out
            better = "better" if h["fitted"] > h["base"] else "not better"
            lines.append(f"held-out log-likelihood per decision ({h['folds']} folds by deal): fitted "
                         f"{h['fitted']:.4f}, {self.base.name} {h['base']:.4f} ({better} than the base)")
        if self.changes:
            lines.append("changed (base -> fitted):")
            lines += [f"  {name:<18} {a:8.3f} -> {b:8.3f}" for name, a, b in self.changes]
        else:
            lines.append("no figure moved by 0.01 or more from the base")
        return "\n".join(lines)

    @property
    def beats_base(self) -> bool:
        """The fit predicts the group's calls on held-out deals better than its base (what makes it worth
        writing: ``euchre model fit`` writes no other)."""
        return self.held_out is not None and self.held_out["fitted"] > self.held_out["base"]

    def shortfall(self) -> str | None:
        """Why the fit is not shown to beat its base, or ``None`` when it does."""
        if self.beats_base:
            return None
        if self.held_out is None:
            return (f"{self.deals} deals are too few to hold some out, so the fit cannot be shown to predict the "
                    f"group's calls better than its base {self.base.name}; fit on more records")
        h = self.held_out
        return (f"the fit predicts the group's held-out calls no better than its base {self.base.name} "
                f"(log-likelihood per decision {h['fitted']:.4f} against {h['base']:.4f}, {h['folds']} folds by "
                f"deal): use --model {self.base.name}, or fit on more records")

    def to_dict(self) -> dict:
        return {"model": self.model.name, "base": self.base.name, "decisions": self.decisions, "deals": self.deals,
                "held_out": self.held_out,
                "changes": [{"parameter": n, "base": round(a, 4), "fitted": round(b, 4)} for n, a, b in self.changes]}


def fit_group(sources, base="players-1", prior_sd: float = PRIOR_SD, name: str | None = None, folds: int = 5,
              seed: int = 0) -> GroupFit:
    """Fit a model to the calls of the EGN records ``sources`` (files or directories), shrunk toward ``base``.

    Args:
        sources: paths of EGN files or directories of them (four-player games without the joker).
        base: the prior's centre, a model name, model file or :class:`BiddingModel`.
        prior_sd: the prior's width in count units (see :mod:`solver.bidding.fit`); name: the model's name
            (default: the first source's stem).
        folds, seed: the held-out comparison with the base (folds by deal).

    Raises:
        ModelError: no decision with a known hand, a record of another variant (naming the file), a bad base.
        EGNError: a record that cannot be read.
    """
    base = resolve_model(base, "base")
    sources = [sources] if isinstance(sources, (str, os.PathLike)) else list(sources)
    if not sources:
        raise ModelError("no records given to fit")
    for src in sources:
        if not isinstance(src, (str, os.PathLike)):
            raise ModelError(f"records {str(src)[:60]!r}: expected paths of EGN files or directories")
    name = name if name is not None else (Path(os.fspath(sources[0])).stem or "group")
    check_model_name(name)
    decisions = decisions_from_records(sources)
    deals = len({d.deal_key for d in decisions})
    prov = {"data": {"records": [os.fspath(s) for s in sources], "deals": deals, "decisions": len(decisions)},
            "command": "euchre model fit"}
    fit = fit_model(decisions, base=base, prior_sd=prior_sd, name=name, provenance=prov, std_errors=False)
    held = None
    if deals >= folds:
        cv = cross_validate(decisions, folds, seed, prior_sd=prior_sd, base=base, others=[base])
        held = {"fitted": round(cv["fitted"], 4), "base": round(cv["others"][0], 4), "folds": folds}
        fit.model.provenance["held_out"] = held
    a, b = model_vector(base), model_vector(fit.model)
    changes = [(PARAMETERS[i], float(a[i]), float(b[i])) for i in range(len(a)) if abs(a[i] - b[i]) >= 0.01]
    return GroupFit(fit.model, base, len(decisions), deals, held, changes)


def check_model_name(name) -> str:
    """A fitted model's name: 1 to 100 printable characters, not the name of a shipped model.

    Raises:
        ModelError: naming why.
    """
    if not isinstance(name, str) or not 0 < len(name) <= 100 or not name.isprintable():
        raise ModelError(f"--name {str(name)[:60]!r}: a model's name is 1 to 100 printable characters")
    if name in MODEL_NAMES:
        raise ModelError(f"--name {name!r}: the name of a shipped model; give the group's model a name of its own")
    return name


def write_model(model: BiddingModel, out) -> Path:
    """Write ``model`` as a model file at ``out`` (JSON, what ``--model FILE`` reads), whole or not at all
    (:func:`solver.outfiles.write_file`); an existing ``out`` must be a regular file (never a device, a FIFO, a
    directory or a link).

    Raises:
        ModelError: the path cannot be written (naming it).
    """
    write_file(out, json.dumps(model.to_dict(), indent=1) + "\n", "--out", error=ModelError)
    return Path(out)


def describe(model: BiddingModel, deals: int = 20_000, seed: int = 0, decisions=None) -> dict:
    """A model's chance of calling for :data:`TYPICAL_HANDS` at each place and round, and its funnel; with
    ``decisions`` (from :func:`~solver.bidding.decisions.decisions_from_records`), also its calibration on them.

    Returns: ``{"model", "hands": [{"label", "hand", "upcard", "round1": {place: P(order)},
    "round2": {place: P(name a suit)}}], "funnel": Funnel.to_dict()}``, plus ``"calibration"``
    (:func:`calibration`'s rows) given ``decisions``; places by name (:data:`~solver.bidding.funnel.PLACE_NAMES`).
    """
    rows = []
    for label, hand, up in TYPICAL_HANDS:
        mask = np.array([mask_of(parse_cards(hand))], dtype=np.uint32)
        u = int(Card.parse(up))
        r1 = {PLACE_NAMES[p]: round(float(model.round1(mask, p, u)[0][0]), 3) for p in (1, 2, 3, 0)}
        r2 = {PLACE_NAMES[p]: round(float(model.round2(mask, p, (u + 1) % 4)[0].sum()), 3) for p in (1, 2, 3, 0)}
        rows.append({"label": label, "hand": hand, "upcard": up, "round1": r1, "round2": r2})
    d = {"model": model.name, "hands": rows, "funnel": funnel(model, deals, seed, stick_the_dealer=True).to_dict()}
    if decisions is not None:
        d["calibration"] = calibration(model, decisions)
    return d


def describe_text(d: dict) -> str:
    """:func:`describe` for people."""
    places = [PLACE_NAMES[p] for p in (1, 2, 3, 0)]
    labels = [f"{r['hand']} up {r['upcard']} ({r['label']})" for r in d["hands"]]
    width = max([len("hand")] + [len(x) for x in labels]) + 2
    # a column is "0.926/0.977", centred under its place's name, which is the wider of the two
    col = max(len(p) for p in places) + 2
    lines = [f"model {d['model']}: P(order up) in round 1 / P(name a suit) in round 2 (the upcard's suit "
             "turned down is the next suit), by place after the dealer", "",
             (f"{'hand':<{width}}" + "".join(f"{p:^{col}}" for p in places)).rstrip()]
    for label, r in zip(labels, d["hands"]):
        lines.append((f"{label:<{width}}"
                      + "".join(f"{r['round1'][p]:.3f}/{r['round2'][p]:.3f}".center(col) for p in places)).rstrip())
    f = d["funnel"]
    lines += ["", f"who makes trump over {f['deals']} random deals (stick the dealer):"]
    lines += [f"  {k:<34} {v:6.1%}" for k, v in f["made"].items()]
    lines.append(f"  made before the right of the dealer's round-2 turn: {f['before_third_chair_round_2']:.1%}; "
                 f"alone {f['alone']:.1%}")
    if "calibration" in d:
        lines += ["", "calibration on the records' calls (stuck dealers left out): predicted chance of calling "
                      "against the players' rate, 95% interval", f"  {'bucket':<12}{'n':>5}{'predicted':>11}"
                                                                  f"{'observed':>10}  interval"]
        lines += [f"  {r['low']:.1f}-{r['high']:.1f}{'':<5}{r['n']:>5}{r['predicted']:>11.3f}{r['observed']:>10.3f}"
                  f"  {r['interval'][0]:.3f}-{r['interval'][1]:.3f}" for r in d["calibration"]]
    return "\n".join(lines)


def calibration(model: BiddingModel, decisions, buckets=(0, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0001)) -> list:
    """The model's chance of calling against how often the players called, by bucket of the chance:
    ``[{"low", "high", "n", "predicted", "observed", "interval"}]`` (Wilson 95%); stuck dealers left out."""
    rows = []
    keep = [d for d in decisions if not d.stuck]
    p = np.array([1.0 - float(model.likelihood([d.hand], d.place, d.round, d.upcard, "pass")[0]) for d in keep])
    called = np.array([d.kind != "pass" for d in keep])
    for lo, hi in zip(buckets, buckets[1:]):
        sel = (p >= lo) & (p < hi)
        n = int(sel.sum())
        if n:
            k = int(called[sel].sum())
            rows.append({"low": lo, "high": min(hi, 1.0), "n": n, "predicted": float(p[sel].mean()),
                         "observed": k / n, "interval": list(wilson(k, n))})
    return rows


def _stored_calibration(provenance) -> list | None:
    """The held-out calibration a model's provenance stores, if it is well formed (a model file's provenance is
    free-form, so anything else is ignored rather than trusted)."""
    rows = provenance.get("calibration") if isinstance(provenance, dict) else None
    if not isinstance(rows, list) or not rows:
        return None
    for r in rows:
        ok = isinstance(r, dict) and all(isinstance(r.get(k), (int, float)) and not isinstance(r.get(k), bool)
                                         and 0 <= r[k] <= 1 for k in ("predicted", "observed"))
        iv = r.get("interval") if isinstance(r, dict) else None
        if not ok or not isinstance(r.get("n"), int) or not (isinstance(iv, list) and len(iv) == 2 and all(
                isinstance(x, (int, float)) and 0 <= x <= 1 for x in iv)):
            return None
    return rows


#: the picture formats :func:`plot_model` writes, by file suffix (matplotlib's Agg, SVG and PDF backends)
PLOT_FORMATS = {".png": "png", ".svg": "svg", ".pdf": "pdf"}


def plot_model(model: BiddingModel, out, decisions=None, deals: int = 20_000, seed: int = 0) -> Path:
    """A picture at ``out`` (PNG, or SVG/PDF by the file's suffix): the funnel of ``model`` by seat and round and, with ``decisions``, its calibration on
    them (the predicted chance of calling, bucketed, against the players' rate with 95% intervals); without
    ``decisions``, the held-out calibration stored in the model's provenance, if it has one.

    Raises:
        ModelError: matplotlib is not installed (``pip install "euchre-dd[plot]"``), ``out`` has a suffix other
            than ``.png``, ``.svg`` or ``.pdf`` (a JPEG would silently be a PNG by another name), or it cannot be
            written (:func:`solver.outfiles.write_file`: a regular file, whole).
    """
    path = Path(out)
    fmt = PLOT_FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise ModelError(f"--plot {str(path)!r}: the suffix {path.suffix or '(none)'!r} is not a picture format "
                         f"written here; use one of {', '.join(PLOT_FORMATS)}")
    check_target(path, "--plot", error=ModelError)      # before the work: never a FIFO, a device or a link
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ModelError("--plot needs matplotlib: pip install \"euchre-dd[plot]\"") from None
    f = funnel(model, deals, seed, stick_the_dealer=True)
    # the calibration on the decisions given, else the held-out one the model's fit stored (players-1 has it)
    rows = calibration(model, decisions) if decisions else _stored_calibration(model.provenance)
    data = model.provenance.get("data") if isinstance(model.provenance, dict) else None
    fitted_on = data.get("decisions", "?") if isinstance(data, dict) else "?"
    what = (f"on {len(decisions)} decisions" if decisions else
            f"held out, on the {fitted_on} decisions it was fitted to")
    panels = 2 if rows else 1
    fig, axes = plt.subplots(1, panels, figsize=(6 * panels, 4.2), squeeze=False)
    ax = axes[0][0]
    labels = [f"R{r} {PLACE_NAMES[p]}" for r in (1, 2) for p in (1, 2, 3, 0)]
    values = [f.made[(r, p)] for r in (1, 2) for p in (1, 2, 3, 0)]
    ax.barh(labels[::-1], values[::-1], color="#3b6ea5")
    ax.set_xlabel("share of deals in which this seat makes trump")
    ax.set_title(f"{model.name}: who makes trump ({deals} random deals)")
    if rows:
        ax = axes[0][1]
        x = [r["predicted"] for r in rows]
        y = [r["observed"] for r in rows]
        err = [[r["observed"] - r["interval"][0] for r in rows], [r["interval"][1] - r["observed"] for r in rows]]
        ax.plot([0, 1], [0, 1], color="#999999", linewidth=1)
        ax.errorbar(x, y, yerr=err, fmt="o", color="#b5412f", capsize=3)
        for r in rows:
            ax.annotate(str(r["n"]), (r["predicted"], r["observed"]), textcoords="offset points", xytext=(6, -10),
                        fontsize=8)
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_xlabel("predicted chance of calling")
        ax.set_ylabel("players' call rate (95% interval)")
        ax.set_title(f"calibration {what}", fontsize=10)
    fig.tight_layout()
    picture = io.BytesIO()              # drawn in memory, then written as every output is (a regular file, whole)
    try:
        fig.savefig(picture, format=fmt, dpi=100)
    finally:
        plt.close(fig)
    write_file(path, picture.getvalue(), "--plot", error=ModelError)
    return path


__all__ = ["GroupFit", "fit_group", "check_model_name", "write_model", "describe", "describe_text", "calibration", "plot_model",
           "TYPICAL_HANDS"]
