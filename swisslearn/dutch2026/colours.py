"""Article 5: who gets White in a pair, and the initial colour (5.1).

5.2.1-5.2.5 in order of priority; the first that decides is the rule the
trace cites.  Readings:

* 5.2.1 also covers a player with no preference (1.7.4): the opponent's
  preference is granted.
* 5.2.2 "the stronger colour preference": absolute over strong over mild.
  Two absolute preferences (topscorers): the wider colour difference wins;
  equally wide ones fall through to 5.2.3.
* 5.2.3: walk back through both histories of played games (an unplayed
  round is skipped, C.04.2 art. 3.4) to the latest round where the colours
  differed, and give each player the other colour than then.
* 5.2.4 / 5.2.5: the higher ranked player (1.2: pairing score, then TPN)
  gets their preference; with none, the initial colour if their TPN is odd.
"""

from __future__ import annotations

from dataclasses import dataclass

from swisslearn.dutch2026.rules import RULES
from swisslearn.dutch2026.scoring import Competitor, Strength
from swisslearn.model import Colour, RoundNumber, Tournament

__all__ = ["ColourDecision", "allocate", "initial_colour", "ranks_higher"]


@dataclass(frozen=True)
class ColourDecision:
    white: Competitor
    black: Competitor
    rule: str          # "5.2.1" ... "5.2.5"


def ranks_higher(a: Competitor, b: Competitor) -> bool:
    """1.2: does ``a`` rank above ``b`` (pairing score, then TPN)?"""
    return (-a.pairing_score, a.tpn) < (-b.pairing_score, b.tpn)


def _last_difference(a: Competitor, b: Competitor) -> tuple[Colour, Colour] | None:
    """5.2.3: the colours of ``a`` and ``b`` the latest time they differed."""
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca is not cb:
            return ca, cb
    return None


def _decide(a: Competitor, b: Competitor, colour_of_a: Colour, rule: str) -> ColourDecision:
    if colour_of_a is Colour.WHITE:
        return ColourDecision(a, b, rule)
    return ColourDecision(b, a, rule)


def allocate(a: Competitor, b: Competitor, initial: Colour) -> ColourDecision:
    """5.2 for the pair ``a``-``b`` (in any order)."""
    pa, pb = a.preference, b.preference
    # 5.2.1: both preferences granted (or the only one there is, 1.7.4).
    if pa is not None and pa is not pb:
        return _decide(a, b, pa, RULES.label("5.2.1"))
    if pa is None and pb is not None:
        return _decide(a, b, pb.opposite, RULES.label("5.2.1"))
    # 5.2.2: the stronger preference; two absolute ones: the wider difference.
    if a.absolute and (not b.absolute or a.imbalance > b.imbalance):
        assert pa is not None
        return _decide(a, b, pa, RULES.label("5.2.2"))
    if b.absolute and (not a.absolute or b.imbalance > a.imbalance):
        assert pb is not None
        return _decide(a, b, pb.opposite, RULES.label("5.2.2"))
    if a.strength is Strength.STRONG and b.strength is not Strength.STRONG:
        assert pa is not None
        return _decide(a, b, pa, RULES.label("5.2.2"))
    if b.strength is Strength.STRONG and a.strength is not Strength.STRONG:
        assert pb is not None
        return _decide(a, b, pb.opposite, RULES.label("5.2.2"))
    # 5.2.3: alternate to the latest round with different colours.
    if pa is not None:
        differed = _last_difference(a, b)
        if differed is not None:
            return _decide(a, b, differed[1], RULES.label("5.2.3"))
    higher, lower = (a, b) if ranks_higher(a, b) else (b, a)
    # 5.2.4: the higher ranked player's preference.
    if higher.preference is not None:
        return _decide(higher, lower, higher.preference, RULES.label("5.2.4"))
    # 5.2.5: odd TPN -> the initial colour.
    colour = initial if higher.tpn % 2 == 1 else initial.opposite
    return _decide(higher, lower, colour, RULES.label("5.2.5"))


def initial_colour(tournament: Tournament, before: RoundNumber) -> Colour:
    """5.1: the colour drawn by lot for the first player.

    A ``152``/``XXC white1|black1`` record gives it; otherwise it is read
    back from the earliest round before ``before`` in which colours were
    given: the first player (in TPN order) paired in it got the initial
    colour if their place among those paired is odd, else the other one.
    With nothing to read, White.
    """
    if tournament.initial_colour is not None:
        return tournament.initial_colour
    first_round: RoundNumber | None = None
    for player in tournament.players:
        for entry in player.entries:
            if entry.round < before and entry.colour is not None and entry.opponent is not None:
                if first_round is None or entry.round < first_round:
                    first_round = entry.round
    if first_round is None:
        return Colour.WHITE
    place = 0
    for pid in tournament.initial_order:
        player = tournament.player(pid)
        if not any(e.round <= first_round and e.paired for e in player.entries):
            continue
        place += 1
        block = player.entry(first_round)
        colour = block.colour if block is not None else None
        if colour is None:
            continue  # a bye that round: the next player tells
        return colour if place % 2 == 1 else colour.opposite
    return Colour.WHITE
