"""Bid advice: make, march and euchre chances and expected points for every call open to a seat.

What the numbers mean
---------------------
The seat to bid sees its own five cards and the upcard. The advisor deals the
cards it cannot see into the other hands and the kitty many times over
("worlds"), uniformly among the deals consistent with what the seat knows
(:mod:`solver.worlds`); in two-player euchre there are few enough deals
(C(18,5) = 8,568) to try every one, and the figures are then exact. Each
possible call is played out in every world *double dummy*: every player plays
as if all the hands were face up. For each call it reports

* ``p_make``: the chance that the seat's side names trump and takes 3 or more tricks;
* ``p_march``: the chance that it names trump and takes all 5;
* ``p_euchred``: the chance that it names trump and takes fewer than 3;
* ``expected_points``: the average points the hand scores for the seat's side
  (negative when the other side scores; 0 for a hand thrown in);

each with a 95% interval (Wilson's for the chances, Student's t for the
points; a single point when exact). For a call these describe the seat's own
call. For ``pass`` they describe what the rest of the auction then produces,
with the later seats bidding by a model that gives each call a chance from their
own hand (:data:`~solver.bidding.DEFAULT_MODEL`, ``players-1``, fitted to real players' calls), so
``p_make`` of a pass is the chance that the partner (or the seat itself, in
round 2) names trump and makes it. All calls
are judged on the same worlds, so their differences are sharper than their
separate intervals suggest; ``margin`` is the recommended call's lead in
expected points over the next best, with a 95% interval for that difference.

Calls are judged sequentially over sampled worlds (``early_stop``, on by default
with the bidding model): every call on the first 1/8 of the worlds, then (when a
call not stopped trails by half the threshold) on the first 1/2, and a call whose
paired difference from the leading call there is below zero by more than 3.29
standard errors is not played on the rest
(``Option.stopped``; its figures and intervals are over the ``worlds`` it used, a
uniform sample of the same deals). The recommendation is among the calls not
stopped, and the margin is paired over the worlds both calls used. The advised
seat's own round-2 choices after a pass are screened the same way on a quarter of
the worlds reaching them. Enumerated worlds are always judged in full.

**The valuation** (``advise(..., valuation=...)``, :mod:`solver.advisor.valuation`) says how each
world's play after the call is valued. The default, ``"single_dummy"`` (four players, no joker, no
dummy hands; elsewhere ``"double_dummy"``), solves each world double dummy and replaces its makers'
band by one drawn from a model fitted against direct playouts in which every seat sees only its own
view (:mod:`solver.advisor.single_dummy`); ``"playout"`` plays each world out that way directly
(:mod:`solver.advisor.playout`; slow); ``"double_dummy"`` is what follows, the earlier figures bit
for bit.

Double-dummy play is optimistic: nobody ever guesses wrong. Every opening
lead is the best one and every guess between two cards comes out right, which
flatters the side that can use that knowledge (a defence that finds the one
killing lead, a maker who always drops the missing bower). Read the figures as
"with perfect card play by everyone", and compare calls with each
other rather than reading one figure as the chance at a real table.

The rules of the auction model
------------------------------
* **Earlier passes weight the worlds** (``inference=True``, default;
  :mod:`solver.advisor.inference`): every seat before the advised one passed
  (round 1), or every seat passed round 1 and those before it passed round 2
  (round 2); a world's chance is its uniform chance times the model's likelihood of
  those passes. The worlds come from the engine's one sampler,
  :func:`solver.inference.draw_worlds`: sampled worlds by rejection against an
  envelope from a pilot of uniform proposals (kept with chance ``min(1, L/M)``,
  weighted ``max(1, L/M)``: nearly always 1, and then every interval is the
  textbook one; else weighted means with intervals at the effective number of
  worlds); at most :data:`solver.inference.PILOT` plus
  :data:`~solver.inference.PROPOSALS_PER_WORLD` (200) proposals per world are drawn, past which
  importance weights are used, and ``Advice.bidding`` reports the proposals, the share kept
  and whether the bound was hit. Enumerated worlds are weighted by the likelihood; the
  figures are weighted means, still exact, and ``effective_worlds`` is Kish's
  ``(sum w)^2 / sum w^2``.
* **Later bidding** (:class:`~solver.bidding.BiddingModel`, default
  :data:`~solver.bidding.DEFAULT_MODEL`): each later seat's call is drawn from the
  model's chances with one uniform per world, seat and round (a stream of its own
  from the seed); with enumerated worlds every call is followed with its chance
  instead, so the figures stay exact. ``policy=`` (a :class:`BiddingPolicy`, e.g.
  :data:`POLICY`) plays them by that fixed point count instead;
  ``advise(..., inference=False, policy=POLICY, valuation="double_dummy")`` reproduces the first version.
* **Robustness**: the options are judged again, on the same worlds, under a
  cautious and an aggressive variant of the model (``model.shifted(+d)``,
  ``shifted(-d)``, every threshold moved by ``d`` = ``ROBUST_DELTA`` = 1 count unit,
  the points of a plain ace), and under every other named model
  (:data:`solver.bidding.named.ALTERNATIVES`: ``players-1``, ``best-response-1``, ``point-count``). A call's per-world result does not depend on the
  model, so only its weights change: sampled worlds are re-weighted by the
  variant's likelihood over the model's (importance weights), enumerated ones by the
  variant's likelihood. The pass is bid out again by the variant (on the same
  uniforms, so the two differ only where their chances straddle a draw), and the
  advised seat's own choices (its round-2 call after a pass, a dealer's discard) are
  made again under the variant. ``Advice.robust`` is true when both variants
  recommend the same call, and the text says ``NOT robust`` when they do not.
* **The dealer's discard** when another seat orders up (:func:`dealer_discard`):
  keep trumps and aces; throw a lone non-ace card to make a void, else the
  lowest card of a plain suit. Uses only the dealer's six cards.
* When the seat itself is the dealer and picks up, every one of the six
  discards is tried on the same worlds and the best is reported, with all six
  in ``Option.discards`` (with sampled worlds, a discard clearly worse on the
  first 250 worlds is not played on the rest; see :func:`solver.advisor.auction.best_discard`).
* When the seat passes in round 1 and the bidding comes back to it in round 2,
  it makes the single round-2 call (or pass) that is best over the worlds that
  reach that point (``own_round2="best"``, default; one choice for all those
  worlds, so it uses no knowledge of the other hands, though picking the best
  of seven on the same worlds is slightly optimistic), or follows the policy
  (``own_round2="policy"``).
* Nobody defends alone (``Rules.defend_alone``): the policy never does.

Two-player euchre with dummy hands
----------------------------------
With ``Rules(players=2, dummy_hands=True)`` each player also has a face-up
dummy (``advise(..., dummies={"N": "...", "S": "..."})``). The seat sees its own
five cards, both dummies and the upcard, so only eight cards are unseen (24 -
5 - 10 - 1; nine with the joker): the opponent's five personal cards and the
kitty's three face-down cards. Every placement is enumerated (C(8,5) = 56; 126
with the joker) and the figures are **exact**. A call is scored over both sets
of five tricks: tricks 1-5 with the personal hands (double dummy in each world,
the dealer picking the upcard up into its personal hand), plus tricks 6-10 with
the dummies, a separate two-player double-dummy game led by the non-dealer with
the same trump and maker; the dummies are known, so the second set's result is
the same in every world. ``expected_points`` and ``outcomes`` sum the two sets.
``p_make`` is the chance that the seat's side names trump and is euchred in
neither set (makes both), ``p_march`` that it takes all ten, ``p_euchred`` that
it names trump and is euchred in at least one set (so ``p_make + p_euchred``
is the chance that it names trump, as in the other variants). Each option's
``phases`` gives the same figures for each set on its own.

* **The dealer's discard** (:func:`dealer_discard`) looks at the dealer's six
  personal cards only: the dummy is not part of the hand that picks up and is
  played later, in its own set; it is not touched.
* **The bidding policy** adds to the personal-hand count, for each suit, the
  second set's double-dummy points for the bidder as maker (public: both dummies
  are face up) times ``BiddingPolicy.dummy_weight`` (see :class:`BiddingPolicy`).
  The bidding model does not cover the dummies' set, so this variant keeps the
  point-count policy (:data:`POLICY`, or ``policy=``) and uniform worlds: no
  inference, no variants (``Advice.bidding`` says so); a ``model=`` is an error.

Layout
------
One idea a module, each importing only those above it in this list:
:mod:`~solver.advisor.calls` (which call tokens to evaluate; the seats, sides and call names are
the rules kernel's, :mod:`solver.laws`), :mod:`~solver.advisor.inputs`
(argument checks, the face-up dummies), :mod:`~solver.advisor.inference` (the
worlds drawn by the likelihood of the earlier passes), :mod:`~solver.advisor.options` (the result
types :class:`Option` and :class:`Advice`), :mod:`~solver.advisor.engine` (the
double-dummy solving of the worlds), :mod:`~solver.advisor.auction` (scoring a
call, the auction after a pass, the dealer's discard) and
:mod:`~solver.advisor.bid` (the entry point, :func:`advise`); beside them the play advice
:mod:`~solver.advisor.play`, the lead table built on it :mod:`~solver.advisor.lead`, and the defend-alone
advice :mod:`~solver.advisor.defend`. The bidding model is
:mod:`solver.bidding`, the intervals :mod:`solver.stats`, the text
:mod:`solver.render`.
"""
from ..bidding import POLICY, BiddingPolicy, dealer_discard
from ..stats import mean_interval, t_quantile, wilson
from ..bounds import MAX_THREADS, MAX_WORLDS, MIN_WORLDS, check_int
from .bid import ROBUST_DELTA, advise, advise_bid, bid_question_view
from .method import Method
from .game_odds import HandOutcomes, WinChance, hand_outcomes, p_win_after, win_probability
from .options import Advice, Option
from .play import CardAdvice, PlayAdvice, advise_play
from .lead import LeadRow, LeadTable, lead_table
from .defend import DefendAdvice, DefendOption, advise_defend
from .kitty import ExchangeAdvice, ExchangeOption, advise_exchange


__all__ = ["win_probability", "p_win_after", "hand_outcomes", "HandOutcomes", "WinChance", "advise", "advise_play",
           "PlayAdvice", "CardAdvice", "lead_table", "LeadTable", "LeadRow", "ROBUST_DELTA", "Advice", "Option",
           "BiddingPolicy", "POLICY", "dealer_discard",
           "wilson", "t_quantile",
           "mean_interval", "check_int", "MIN_WORLDS", "MAX_WORLDS", "MAX_THREADS",
           "advise_defend", "DefendAdvice", "DefendOption", "advise_exchange", "ExchangeAdvice", "ExchangeOption",
           "advise_bid", "bid_question_view", "Method"]
