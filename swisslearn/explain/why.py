"""Why two players were paired together, or why not, from a round's events:
each system's account (:data:`WhyRules` of its explainer) picked by the
trace's system (:func:`~swisslearn.explain.common.system_of_trace`).

For ``dutch-1998`` the reasons a pair was not made start with the round's
story as the trace's own events tell it (``story1998.py``): the rule that
undid a pairing is the one its ``BracketUndone`` names.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from swisslearn.words import catalogue

if TYPE_CHECKING:
    from swisslearn.explain.common import Explanation, WhyRules
    from swisslearn.model import PlayerId
    from swisslearn.trace import Event

__all__ = ["explain_pair", "why", "why_labels"]


@lru_cache(maxsize=1)
def _why_rules() -> dict[str, WhyRules]:
    # Imported on the first question: swisslearn.explain (and with it the
    # catalogue of `swisslearn --help`) loads this module, not every area.
    from swisslearn.explain import dutch2017, dutch2026, simple
    from swisslearn.explain.common import DUTCH_2017, DUTCH_2026, SIMPLE
    return {SIMPLE: simple.WHY, DUTCH_2026: dutch2026.WHY, DUTCH_2017: dutch2017.WHY}


@lru_cache(maxsize=1)
def _why_1998() -> WhyRules:
    from swisslearn.explain import dutch1998
    from swisslearn.explain.story1998 import not_paired_1998
    return replace(dutch1998.WHY, not_paired=not_paired_1998(dutch1998.WHY.not_paired))


_last_rules: tuple[tuple[Event, ...], WhyRules] | None = None
"""The last trace :func:`explain_pair` was asked about, and its system's rules."""


def _rules_of(history: tuple[Event, ...]) -> WhyRules:
    """The rules of the system that made ``history``, found once for the last
    trace asked about (a published round asks a question per pair, each
    read the whole trace to find its system)."""
    global _last_rules
    kept = _last_rules
    if kept is not None and kept[0] is history:
        return kept[1]
    from swisslearn.explain.common import (DUTCH_2017, DUTCH_2026, SIMPLE, TEAM_SYSTEMS,
                                           may_be_team, system_of_trace)
    system = system_of_trace(history)
    rules: WhyRules | None = None
    # The team explainers (and the team engine under them) loaded only for a
    # trace that may be a team one.
    if system in TEAM_SYSTEMS or may_be_team(history):
        from swisslearn.explain import sharly, team2026
        # A trace made without systems (by hand, an engine called directly):
        # its events' classes say whether it is a team one.
        if system == sharly.SYSTEM or sharly.is_sharly_trace(history):
            rules = sharly.WHY
        elif system in team2026.SYSTEMS or team2026.is_team_trace(history):
            rules = team2026.WHY
    if rules is None:
        # The other systems' explainers loaded only for their own traces.
        if system in (SIMPLE, DUTCH_2017, DUTCH_2026):
            rules = _why_rules()[system]
        else:
            rules = _why_1998()
    _last_rules = (history, rules)
    return rules


def explain_pair(events: Iterable[Event], a: PlayerId, b: PlayerId,
                 lang: str = "fr") -> Explanation:
    """:func:`why` with the rule labels it cites."""
    from swisslearn.explain.common import answer_pair
    history = tuple(events)
    return answer_pair(history, a, b, catalogue(lang), _rules_of(history))


def why(events: Iterable[Event], a: PlayerId, b: PlayerId, lang: str = "fr") -> str:
    """Why ``a`` and ``b`` were paired together in the traced round, or why not."""
    return explain_pair(events, a, b, lang).text


def why_labels(events: Iterable[Event], a: PlayerId, b: PlayerId,
               lang: str = "fr") -> tuple[str, ...]:
    """The rule labels :func:`why` cites for ``a`` and ``b``, in order."""
    return explain_pair(events, a, b, lang).labels
