"""Explain a pairing trace in the words of an arbiters' course.

* :func:`explain` turns one event of :mod:`swisslearn.trace` into one or two
  sentences introduced by the label of the rule it applies
  (« C7 : nouvelle permutation de S2 (n° 2) : 5-7-6-8 ; ... »).
* :func:`explain_rejection` does the same for a :class:`~swisslearn.trace.Rejection`.
* :func:`why` answers "why were *a* and *b* paired (or not) in this round?"
  from the events alone; :func:`explain_pair` also returns the rule labels
  it cited (:class:`Explanation`), :func:`why_labels` only those;
  :func:`tell_player` says the same to a player in two plain sentences,
  citing the article (:mod:`.player`).

Every system speaks through the same functions, each with its own messages
(the system is the event's ``system``, set on every event of every engine
by :meth:`swisslearn.systems.System.trace`; only for an event made without
one, its class or the shape of its rule label, see
:mod:`swisslearn.explain.common`):

* ``dutch-1998`` (:mod:`.dutch1998`): the 1998 rules of the course (``A2``,
  ``C7``, ``E3``...); catalogue keys without a prefix;
* ``simple`` (:mod:`.simple`): seed 003's simplified tool (``S-halves``...),
  keys ``simple.*``: its rules in the seed's own words;
* ``dutch-2026`` (:mod:`.dutch2026`): C.04.3 applied from 2026 (``1.2``,
  ``3.4.1``, ``[C4]``, ``5.2.3``...), keys ``c2026.*``: every message cites
  the article or criterion, in the vocabulary of the 2026 text;
* ``dutch-2017`` (:mod:`.dutch2017`): C.04.3 as in force 2017 - January
  2026 (``A.2``, ``B.4``, ``C.10``, ``E.3``, ``A.9`` for the PPB...), keys
  ``c2017.*``: the same explainer with that text's articles and words;
* ``team-2026`` (:mod:`.team2026`): the Swiss Team Pairing System C.04.6
  (``3.4``, ``3.5.5``, ``[C6]``, ``4.3.5``...), keys ``team.*``: the same for
  teams (« équipes »); its events are recognised by class
  (:func:`.team2026.is_team_event`), not by the shape of their label;
* ``team-2026-sharly`` (:mod:`.sharly`): C.04.6 as the engine inside Sharly
  Chess pairs it (one matching of the whole round), keys ``sharly.*`` for
  its own events and ``team.*`` for those it shares with ``team-2026``.

Every sentence comes from the message catalogue (``fr.json``, ``en.json``,
see :mod:`swisslearn.explain.catalogue`); these modules only pick the key
and fill in the fields.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

# From the re-export, not swisslearn.words: importing the submodule
# explain.catalogue binds its name on this package, and the function must win.
from swisslearn.explain.catalogue import Catalogue, available_languages, catalogue
from swisslearn.explain.why import explain_pair, why, why_labels

if TYPE_CHECKING:
    from swisslearn.explain.common import Explanation, system_of_event, system_of_trace
    from swisslearn.model import PlayerId
    from swisslearn.trace import Event, Rejection

__all__ = ["Explanation", "available_languages", "explain", "explain_pair",
           "explain_rejection", "system_of_event", "system_of_trace", "tell_player", "why",
           "why_labels"]


class _Systems(NamedTuple):
    describe: dict[str, Callable[[Event, Catalogue], str]]
    rejection: dict[str, Callable[[Rejection, Catalogue], str]]


@lru_cache(maxsize=None)
def _systems() -> _Systems:
    """Each system's explainer, imported when a first sentence is asked
    for: the catalogue alone (``swisslearn --help``) needs none of them."""
    from swisslearn.explain import dutch2017, dutch2026, simple
    from swisslearn.explain.common import DUTCH_2017, DUTCH_2026, SIMPLE
    return _Systems(
        describe={SIMPLE: simple.describe, DUTCH_2026: dutch2026.describe,
                  DUTCH_2017: dutch2017.describe},
        rejection={SIMPLE: simple.describe_rejection, DUTCH_2026: dutch2026.describe_rejection,
                   DUTCH_2017: dutch2017.describe_rejection})


def __getattr__(name: str) -> object:
    # The names this package re-exports from .common, imported on first use.
    if name in ("Explanation", "system_of_event", "system_of_trace"):
        from swisslearn.explain import common
        return getattr(common, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def tell_player(events: Iterable[Event], a: PlayerId, b: PlayerId, lang: str = "fr") -> str:
    """Two plain sentences for a player: why ``a`` and ``b`` meet or not,
    citing the article, then the colours or whom each plays (:mod:`.player`)."""
    from swisslearn.explain.player import tell_player as tell
    return tell(events, a, b, lang)


def explain(event: Event, lang: str = "fr") -> str:
    """One sentence (or two) on ``event``, introduced by its rule label."""
    from swisslearn.explain import protections
    cat = catalogue(lang)
    if event.kind == protections.KIND:
        return cat.label(event.rule, protections.describe(event, cat))
    if event.kind == "acceleration_applied":  # swisslearn.acceleration.KIND (C.04.5.1)
        from swisslearn.explain import acceleration
        return cat.label(event.rule, acceleration.describe(event, cat))
    return cat.label(event.rule, _words(event)(event, cat))


def _words(event: Event) -> Callable[[Event, Catalogue], str]:
    """The explainer of ``event``'s system (:attr:`Event.system`; for an
    event made without one, its class or the shape of its label).  The team
    explainers (and the team engine under them) are loaded only for an event
    that may be a team one (:func:`.common.may_be_team`)."""
    from swisslearn.explain.common import (DUTCH_2017, DUTCH_2026, SIMPLE, TEAM_SYSTEMS,
                                           may_be_team, system_of_event)
    system = event.system
    if system is None and may_be_team((event,)):
        from swisslearn.explain import team2026
        if team2026.is_team_event(event):
            system = team2026.SYSTEM
    if system is None:
        system = system_of_event(event)
    if system in TEAM_SYSTEMS:
        from swisslearn.explain import sharly, team2026
        # The whole-round reading's own events have their words in .sharly,
        # those it shares with team-2026 (its class says which) .team2026's.
        return sharly.describe if sharly.is_sharly_event(event) else team2026.describe
    if system in (SIMPLE, DUTCH_2017, DUTCH_2026):
        return _systems().describe[system]
    from swisslearn.explain import dutch1998
    return dutch1998.describe


def explain_rejection(rejection: Rejection, lang: str = "fr", *,
                      system: str | None = None) -> str:
    """Why a candidate or a pair fails, e.g. « B1a : 1 et 5 se sont déjà rencontrés ».

    ``system``: the system of the trace it comes from (the ``system`` of its
    event); without it, the rejection's detail or the shape of its label."""
    from swisslearn.explain import dutch1998, sharly, team2026
    from swisslearn.explain.common import system_of_label
    cat = catalogue(lang)
    if rejection.detail == "whole_round":
        return sharly.describe_rejection(rejection, cat)
    if system in team2026.SYSTEMS or rejection.detail in team2026.TEAM_DETAILS:
        return team2026.describe_rejection(rejection, cat)
    describe = _systems().rejection.get(system or system_of_label(rejection.criterion))
    if describe is None:
        return dutch1998.describe_rejection(rejection, cat)
    return describe(rejection, cat)
