"""Article 4: which team of a pair gets White (board 1's colour).

4.3.1-4.3.9 in order of priority; the first that decides is the rule the
trace cites.  Readings:

* 4.1: the initial colour is ``152``; without it, it is read back from
  round 1 of the file (the first-team of a round-1 pair got it if its TPN is
  odd, 4.3.1); with nothing to read, White.
* 4.2.1 / 4.2.2: the primary score, then the secondary one when the ``192``
  code uses it; 4.2.3 the smaller TPN.
* 4.3.1 "both teams have yet to play a match": neither has played a match
  (a PAB or a forfeit is no match played).
* 4.3.6: walk back through both teams' played colours, latest first (an
  unplayed round is skipped: C.04.2 3.4, which the note points to), to the
  latest time they differed; each gets the other colour than then.
"""

from __future__ import annotations

from dataclasses import dataclass

from swisslearn.teams import PreferenceType, TeamTournament
from swisslearn.model import Colour, RoundNumber
from swisslearn.team2026.rules import RULES
from swisslearn.team2026.state import TeamState

__all__ = ["ColourDecision", "allocate", "first_team", "initial_colour"]


@dataclass(frozen=True)
class ColourDecision:
    white: TeamState
    black: TeamState
    first: TeamState      # the first-team (4.2)
    rule: str             # "4.3.1" ... "4.3.9"


def first_team(a: TeamState, b: TeamState) -> TeamState:
    """4.2: higher primary score, then higher secondary score, then smaller TPN."""
    def key(t: TeamState) -> tuple[object, ...]:
        return (-t.score, -(t.secondary if t.secondary is not None else 0), t.tpn)
    return a if key(a) < key(b) else b


def _decide(team: TeamState, other: TeamState, colour: Colour, first: TeamState,
            rule: str) -> ColourDecision:
    if colour is Colour.WHITE:
        return ColourDecision(team, other, first, rule)
    return ColourDecision(other, team, first, rule)


def allocate(a: TeamState, b: TeamState, initial: Colour,
             kind: PreferenceType) -> ColourDecision:
    """4.3 for the pair ``a``-``b`` (in any order)."""
    first = first_team(a, b)
    other = b if first is a else a
    # 4.3.1: neither has played: the first-team's TPN parity decides.
    if not first.colours and not other.colours:
        colour = initial if first.tpn % 2 == 1 else initial.opposite
        return _decide(first, other, colour, first, RULES.label("4.3.1"))
    pf, po = first.preference, other.preference
    # 4.3.2: only one team has a preference.
    if pf is not None and po is None:
        return _decide(first, other, pf, first, RULES.label("4.3.2"))
    if po is not None and pf is None:
        return _decide(other, first, po, first, RULES.label("4.3.2"))
    # 4.3.3: opposite preferences.
    if pf is not None and po is not None and pf is not po:
        return _decide(first, other, pf, first, RULES.label("4.3.3"))
    # 4.3.4 (Type B): only one strong preference.
    if kind is PreferenceType.B and first.strong != other.strong:
        strong = first if first.strong else other
        weak = other if strong is first else first
        assert strong.preference is not None
        return _decide(strong, weak, strong.preference, first, RULES.label("4.3.4"))
    # 4.3.5: White to the lower colour difference.
    if first.colour_difference != other.colour_difference:
        lower = first if first.colour_difference < other.colour_difference else other
        higher = other if lower is first else first
        return _decide(lower, higher, Colour.WHITE, first, RULES.label("4.3.5"))
    # 4.3.6: alternate to the latest time one had White and the other Black.
    for cf, co in zip(reversed(first.colours), reversed(other.colours)):
        if cf is not co:
            return _decide(first, other, cf.opposite, first, RULES.label("4.3.6"))
    # 4.3.7: the first-team's preference.
    if pf is not None:
        return _decide(first, other, pf, first, RULES.label("4.3.7"))
    # 4.3.8: alternate the first-team's colour from its last played round.
    if first.colours:
        return _decide(first, other, first.colours[-1].opposite, first, RULES.label("4.3.8"))
    # 4.3.9: alternate the other team's colour from its last played round.
    assert other.colours
    return _decide(other, first, other.colours[-1].opposite, first, RULES.label("4.3.9"))


def initial_colour(tournament: TeamTournament, before: RoundNumber) -> Colour:
    """4.1: ``152``, else read back from round 1 (if before ``before``), else White."""
    if tournament.initial_colour is not None:
        return tournament.initial_colour
    if before > 1:
        for team in sorted(tournament.teams, key=lambda t: t.tpn):
            entry = team.round(1)
            if entry is None or entry.opponent is None or entry.colour is None:
                continue
            # Round 1: equal scores, so the smaller TPN is the first-team.
            if team.tpn < entry.opponent:
                return entry.colour if team.tpn % 2 == 1 else entry.colour.opposite
    return Colour.WHITE
