"""Match play: agents, the referee, duplicate matches (issue 13).

* :mod:`solver.match.agents`: the agent protocol and the built-in agents (``random``, ``policy``,
  ``advisor``, ``double-dummy``).
* :mod:`solver.match.protocol`: the legal answers of a decision as the protocol's text.
* :mod:`solver.match.external`: ``external:COMMAND``, a program speaking JSON lines.
* :mod:`solver.match.referee`: one deal through the rules engine, forfeits and their scoring.
* :mod:`solver.match.duplicate`: :func:`play_match` (``solver.play_match``), every deal played twice with the seats swapped.
"""
from .agents import AGENT_NAMES, AdvisorAgent, DoubleDummyAgent, PolicyAgent, RandomAgent, make_agent
from .protocol import legal_tokens
from ..deprecation import callable_module, renamed
from .duplicate import MatchResult, TableRecord, deal_of, play_match
from .referee import DEFAULT_TIME_LIMIT, Forfeit, forfeit_points, play_table

__all__ = ["play_match", "MatchResult", "TableRecord", "deal_of", "AGENT_NAMES", "RandomAgent", "PolicyAgent",
           "AdvisorAgent", "DoubleDummyAgent", "make_agent", "legal_tokens", "Forfeit", "forfeit_points",
           "play_table", "DEFAULT_TIME_LIMIT"]

# The function was called ``match``, like this package, and hid it (``from solver import match`` gave the
# function). It is ``play_match`` now; ``solver.match.match(...)`` and ``solver.match(...)`` work for one
# release and warn.
match = renamed(play_match, "solver.match.match", "solver.play_match")
callable_module(__name__, play_match, "solver.play_match")
