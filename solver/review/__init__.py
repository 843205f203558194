"""Post-game review: where a game was lost, card by card and call by call.

:func:`review_game` (``solver.review_game``) takes a game record (an :class:`~solver.records.EGNGame`, anything
:func:`~solver.records.load_egn` reads, or one :class:`~solver.game.Hand`) and
judges every decision of every deal twice:

**Double dummy** (all four hands face up). For every card played: the makers'
tricks under best play before the card and after it, the tricks and points
each legal card keeps for the player's side, the card's *trick cost* (what it
loses against the best card, as DDS ``AnalysePlay``) and the best cards. The
dealer's discard is judged the same way (each possible discard, play from the
first lead). This is what a player who could see every card would have done;
a "mistake" here may be a guess no one at the table could have got right.

**Information set** (only what that player had seen). The unseen cards are
dealt into the other hands many times (``worlds``) among the deals consistent
with what the player knew at that moment:

* its own hand;
* every card played so far (and the trick on the table);
* the voids shown: a player who did not follow the led suit holds no card of
  it (a void later contradicted by that player following the suit, i.e. a
  renege, is dropped);
* the upcard: turned down, it is in the kitty; picked up, it is in the
  dealer's hand until played (the dealer may in principle have discarded it;
  the review assumes it kept it unless the dealer has shown out of trump or
  has played all its cards without it, when it must have been discarded); a
  dealer who sits out does not play it;
* for the dealer, its own discard (when the record shows it; when it does not,
  the dealer's view treats that card as unseen, and the decision says so).

With ``inference=True`` (the default) the worlds are the auction-aware ones of
the player's view (:func:`solver.sample_worlds` of ``Hand.view(seat)``): each is
weighted by the bidding model's likelihood of every call another seat made, so a
maker who named hearts holds a heart in every world that counts. Every average
over the worlds is then weighted (enumerated worlds too), and the intervals are
taken at the effective number of worlds. With ``inference=False`` the worlds are
uniform (:func:`information_set`, :mod:`solver.worlds`; earlier bids not used):
the first version's figures, exactly. The play advisor
(:func:`solver.advise_play`) does the same for a seat's turn, but the review needs
the played card's paired loss and the dealer's discard as well, so both share the
solving code of :mod:`solver.dd_batch` instead.
When the consistent deals are few (at most :data:`DECISION_EXACT_LIMIT`, typically
late in a hand) every one is used and the figures are exact. Each world is
played out double dummy after each legal card (all worlds and all cards in one
:func:`solver.solve_batch` call, the trick in progress included), giving each
card's average tricks and average points for the player's side, and the played
card's loss against the best (best by points, then tricks; the loss in tricks
is against the card with the most tricks).

**Calls** (pass, order up, call a suit, each with or without going alone):
the bid advisor's view from that seat (:func:`solver.advise` from its own hand
and the upcard): every legal call's expected points, the real call's against
the best, paired over the same worlds (weighted when the advisor's worlds are).
With inference the advisor runs with its defaults (the bidding model for the
later seats, the worlds weighted by the earlier passes); without, as the first
version (``inference=False, policy=POLICY``). The review's header
(:attr:`Review.model_text`, ``"model"`` in the JSON) says which.

**By the game's score** (``score=True``, the default). Each deal is judged with the
score of the game before it, replayed from the record (``EGNDeal.score_before``:
``initialScore`` plus every deal before). A call is judged by :func:`solver.advise` with
that ``score``; a card or discard by each world's points for the player's side turned
into the chance of winning the game after the hand
(:func:`solver.advisor.game_odds.win_values`, the deal passing left). Each gets the
best choice for the game (ties by points, then tricks), the chance the choice made lost
against it and that loss's paired 95% interval (:attr:`CallReview.game`,
:attr:`InfoView.game`; double dummy: :attr:`DDView.wins`), and the information-set flag
is by that loss (:data:`GAME_WIN`) instead of points and tricks; double-dummy flags stay
by tricks. The points figures are still reported, against the best choice by points.
A deal whose score is not known is judged by points and says why
(:attr:`DealReview.by_points`): a single hand, a variant without game odds, a game
already over. Dummy hands: a card is judged by the points of its set of five, the other
set's points going to their own side with them (tricks 1-5: the face-up dummies' set
played double dummy; tricks 6-10: the personal hands' set as recorded).
``score=False`` judges by points only, as before the score existed (the output then has
none of the game keys).

Flagging (the thresholds are constants of :mod:`solver.review.results`):

* ``double-dummy``: a card (or discard) that loses at least :data:`DD_TRICKS`
  trick against the best card with every hand known;
* ``information-set``: a card or discard whose expected loss against the best
  card over the worlds is at least :data:`INFO_POINTS` points or at least
  :data:`INFO_TRICKS` tricks; a call whose expected loss against the
  advisor's best call is at least :data:`CALL_POINTS` points. With sampled
  (not enumerated) worlds the paired 95% interval of the loss must also lie
  above zero, so sampling noise alone does not flag a card. With inference a
  sampled decision whose interval straddles its threshold (points or tricks for
  a card) is judged again with twice the worlds, then four times
  (``confirm``, default :data:`CONFIRM`; at most :data:`~solver.bounds.MAX_WORLDS`),
  and flagged only by the figures at the last count: the decision reports the
  worlds it used. (The best card is
  picked on the same worlds, which makes small losses look slightly
  larger than they are; the thresholds absorb that.)
* ``renege``: a card that did not follow suit (the record keeps it, and the
  deal's notes say what the seat held). It is a mistake of its own kind; it is
  not scored against the legal cards (no double-dummy or information-set
  figures, and nothing added to the player's losses), and the card says why.

What cannot be analysed is said, not guessed: a hand the record does not show
(a loner's partner, cards never played in an incomplete deal, the dealer's
fifth dealt card when the discard is not recorded) leaves the decisions that
need it unanalysed, each with the reason; a thrown-in deal has only calls; a
deal that breaks the rules is reviewed up to the broken rule. The dealer's
discard is judged only when the replay discards the card the record shows: a
discard the record does not show, one the replay had to infer (the dealer
plays five cards without the upcard) or one the play contradicts (the replay
then discards another card) is not analysed, and the deal says why.

Findings of the record itself are passed on as notes: per deal
(:attr:`DealReview.notes`: a renege, a discard the play contradicts, ...) and
for the whole game (:attr:`Review.notes`: e.g. a ``metadata.finalScore`` that
the deals do not replay to).

Example::

    from solver import Method, load_egn, review_game
    r = review_game(load_egn("vwec-finals.egn"), method=Method(worlds=200, seed=1, examples=3))
    print(r)                    # the report for people
    r.to_dict()                 # the same for programs (see Review.to_dict)

Seeds: every decision draws its worlds from its own stream, derived from
``seed``, the deal's index and the decision's index, so a review is the same
whatever order the decisions are reviewed in (``euchre review --jobs``).
Without a seed, a record given as a path, text or parsed JSON is reviewed with
:func:`content_seed` of its JSON: the same record, the same review.

The package, one idea a module, each importing only those above it:

* :mod:`.results`: the result types (``to_dict()``; their text in :mod:`solver.render`)
  and the thresholds;
* :mod:`.infoset`: the information set of a decision (:func:`information_set`);
* (:mod:`solver.dd_batch`, beside :mod:`solver.dd`: many positions in one :func:`solver.solve_batch` call,
  the position after a card in every world, a hand's scoring; shared with play advice);
* :mod:`.seeds`: the default seed from a record's content, one stream per decision;
* :mod:`.par_line`: a deal's par (:func:`solver.par`) beside what the table did;
* :mod:`.reasons`: reasons in words, named rules over a decision's position and figures;
* :mod:`.reviewer`: one deal's calls, discard and cards judged (each graded: :mod:`solver.grades`), a
  defender's choice against a loner (:func:`solver.advise_defend`);
* :mod:`.annotate`: the review written into its EGN record (marks and comments);
* :mod:`.deals`: the entry points (:func:`review_game`, :func:`review_deal`): the record
  loaded, the options checked;
* :mod:`.files`: several files over worker processes (:func:`review_files`);
* :mod:`.lines`: the corpus review's results file (JSON Lines): its layout, keys, reading it back;
* :mod:`.tally`: per-player and per-partnership statistics of those lines (:func:`corpus_stats`);
* :mod:`.cluster`: a Dask cluster as an executor (``tcp://HOST:PORT``, ``local:N``);
* :mod:`.corpus`: a whole corpus, one line per deal, on any executor (:func:`review_corpus`).
"""
from __future__ import annotations

from ..bounds import MAX_THREADS, MAX_WORLDS, MIN_WORLDS
from ..deprecation import callable_module, renamed
from .deals import CONFIRM, count_decisions, deal_score, review_deal, review_game
from .files import review_files
from .tally import CorpusStats, GroupStats, corpus_stats
from .corpus import CorpusResult, FileReport, review_corpus
from .infoset import information_set, shown_voids
from .results import (CALL_POINTS, DD_TRICKS, DECISION_EXACT_LIMIT, DOUBLE_DUMMY, GAME_WIN, INFO_POINTS, INFO_TRICKS,
                      INFORMATION_SET, RENEGE, CallReview, CardReview, DDView, DealReview, InfoView, Mistake,
                      PlayerSummary, Review)
from .seeds import advice_seed, comparison_seed, content_seed, view_seed, exchange_seed

#: The old name of :data:`DECISION_EXACT_LIMIT` (the review's own enumeration limit).
EXACT_LIMIT = DECISION_EXACT_LIMIT

# The function was called ``review``, like this package, and ``from solver import review`` gave the function
# (hiding the package: ``solver.review.content_seed`` was an AttributeError). It is ``review_game`` now; the
# old spellings, ``solver.review.review(...)`` and ``solver.review(...)``, work for one release and warn.
review = renamed(review_game, "solver.review.review", "solver.review_game")
callable_module(__name__, review_game, "solver.review_game")

__all__ = ["review_game", "Review", "DealReview", "CardReview", "CallReview", "DDView", "InfoView", "Mistake",
           "PlayerSummary", "count_decisions", "content_seed", "advice_seed", "comparison_seed", "view_seed", "exchange_seed", "information_set", "review_deal",
           "review_files",
           "shown_voids", "review_corpus", "CorpusResult", "FileReport", "corpus_stats", "CorpusStats", "GroupStats",
           "DD_TRICKS", "INFO_POINTS", "INFO_TRICKS", "CALL_POINTS", "DECISION_EXACT_LIMIT",
           "EXACT_LIMIT", "CONFIRM", "GAME_WIN", "deal_score",
           "DOUBLE_DUMMY", "INFORMATION_SET", "RENEGE", "MIN_WORLDS", "MAX_WORLDS", "MAX_THREADS"]
