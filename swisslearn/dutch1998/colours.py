"""E1-E4 colour allocation, the first-round rule (the last sentence of E4 in
seed 000, a separate E5 in the 1998 English text: labelled E4 here, as the
course's text has it), and A8's x.

Readings: "the higher ranked player" of E4 is the higher in A2 order (score,
then pairing number), not the S1 member of the pair (readings, point 9).  In
the first round the top player's colour comes from ``XXC white1|black1`` or
``152`` (default white) and S1's odd and even players alternate.  A pair of
players who have never played (late entrants) falls through to E4 with no
preference: the higher ranked player then gets the initial colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from swisslearn.dutch1998.rules import RULES
from swisslearn.model import Colour, PlayerState

_E1, _E2, _E3, _E4 = (RULES.label(label) for label in ("E1", "E2", "E3", "E4"))


@dataclass(frozen=True)
class ColourDecision:
    white: PlayerState
    black: PlayerState
    rule: str          # "E1", "E2", "E3" or "E4"


def x_value(players: Sequence[PlayerState]) -> tuple[int, int, int, int]:
    """A8: (x, w, b, q).  x below zero is read as 0 (readings, point 2)."""
    w = sum(1 for p in players if p.preference.colour is Colour.WHITE)
    b = sum(1 for p in players if p.preference.colour is Colour.BLACK)
    q = (len(players) + 1) // 2
    return a8_x(w, b, q), w, b, q


def a8_x(w: int, b: int, q: int) -> int:
    """A8's x from its counts: b - q if more want black, else w - q; below
    zero read as 0 (readings, point 2)."""
    return max(b - q if b > w else w - q, 0)


def first_round_colours(higher: PlayerState, lower: PlayerState, s1_position: int,
                        initial: Colour) -> ColourDecision:
    """E4's last sentence (seed 000; E5 in the English text): S1's odd players
    (1st, 3rd...) get the initial colour, even ones the other."""
    colour = initial if s1_position % 2 == 1 else initial.opposite
    return _decide(higher, lower, colour, _E4)


def allocate(higher: PlayerState, lower: PlayerState, initial: Colour) -> ColourDecision:
    """E1-E4 for a pair whose ``higher`` player ranks above ``lower`` (A2)."""
    ph, pl = higher.preference, lower.preference
    if ph.colour is not None and pl.colour is not None and ph.colour is not pl.colour:
        return _decide(higher, lower, ph.colour, _E1)
    if ph.colour is None and pl.colour is not None:
        return _decide(higher, lower, pl.colour.opposite, _E1)
    if pl.colour is None and ph.colour is not None:
        return _decide(higher, lower, ph.colour, _E1)
    if ph.colour is not None and pl.colour is not None and ph.strength != pl.strength:
        if ph.strength > pl.strength:
            return _decide(higher, lower, ph.colour, _E2)
        return _decide(higher, lower, pl.colour.opposite, _E2)
    # E3: alternate to the most recent round where their colours differed
    # (F3: unplayed rounds moved to the front of each history).
    hh, lh = higher.e3_history, lower.e3_history
    for a, b in zip(reversed(hh), reversed(lh)):
        if a is not None and b is not None and a is not b:
            return _decide(higher, lower, a.opposite, _E3)
    if ph.colour is not None:
        return _decide(higher, lower, ph.colour, _E4)
    return _decide(higher, lower, initial, _E4)


def _decide(higher: PlayerState, lower: PlayerState, higher_colour: Colour,
            rule: str) -> ColourDecision:
    if higher_colour is Colour.WHITE:
        return ColourDecision(higher, lower, rule)
    return ColourDecision(lower, higher, rule)

