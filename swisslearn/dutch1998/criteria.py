"""B1-B6 as predicates that say *why* a pair (or a floater) fails.

Readings (README, "How we read the 1998 text"):

* B1a also covers the forbidden pairs of the file (``260``/``XXP``): an
  arbiter's interdiction is absolute like a rematch.
* B2 is checked per player: a player "with a score of over 50% in the last
  round" is exempt from B2, B5 and B6 (the note under B6), the other player
  of the pair is not.  B2b looks at played games only (F2: byes and forfeits
  give no colour), so ``BB-`` followed by ``B`` is three in a row.  B2 is
  written once: :func:`b2_rejection` for one player and one colour,
  :func:`b2_allows` for a pair from what each player may receive (on two
  players, or on a whole bracket at once: ``state.Table.build``).
* B4 counts a pair as "not fulfilling colour preferences" when both players
  prefer the same colour (whatever the strength); a player with no
  preference (no game yet) fits anyone.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Sequence, TypeVar

from swisslearn.dutch1998.rules import RULES
from swisslearn.model import Colour, Float, PlayerState
from swisslearn.trace import Rejection

if TYPE_CHECKING:
    import numpy as np

_B1A, _B1B, _B2A, _B2B, _B3, _B4, _B5, _B6 = (
    RULES.label(label) for label in ("B1a", "B1b", "B2a", "B2b", "B3", "B4", "B5", "B6"))


@dataclass(frozen=True)
class Relaxation:
    """Which relative criteria are in force (C9/C10 drop them)."""

    b6_down: bool = True
    b5_down: bool = True
    b6_up: bool = True
    b5_up: bool = True

    @property
    def dropped(self) -> tuple[str, ...]:
        names = []
        if not self.b6_down:
            names.append(f"{_B6} down")
        if not self.b5_down:
            names.append(f"{_B5} down")
        if not self.b6_up:
            names.append(f"{_B6} up")
        if not self.b5_up:
            names.append(f"{_B5} up")
        return tuple(names)

    @classmethod
    def of_dropped(cls, dropped: Sequence[str]) -> Relaxation:
        """The relaxation whose :attr:`dropped` is ``dropped``."""
        return cls(b6_down=f"{_B6} down" not in dropped, b5_down=f"{_B5} down" not in dropped,
                   b6_up=f"{_B6} up" not in dropped, b5_up=f"{_B5} up" not in dropped)

    @cached_property
    def mask(self) -> int:
        """The four flags as one small integer (a quick dictionary key)."""
        return self.b6_down | self.b5_down << 1 | self.b6_up << 2 | self.b5_up << 3

    def without(self, criterion: str, floaters: str) -> Relaxation:
        """This relaxation with ``criterion`` ("B6" or "B5") dropped for the
        ``floaters`` ("down" or "up"): one step of C9 or C10."""
        return dataclasses.replace(self, **{f"{criterion.lower()}_{floaters}": False})


STRICT = Relaxation()


def b2_rejection(player: PlayerState, colour: Colour) -> Rejection | None:
    """B2 for one player receiving ``colour``: ``None`` if he may (or the
    last-round note exempts him), else the first of B2a, B2b it breaks."""
    if player.last_round_exception:
        return None
    difference = player.colour_difference + (1 if colour is Colour.WHITE else -1)
    if difference > 2 or difference < -2:
        return Rejection(_B2A, (player.id,), "colour_difference")
    played = player.played_colours
    if len(played) >= 2 and played[-1] is colour and played[-2] is colour:
        return Rejection(_B2B, (player.id,), "three_in_a_row")
    return None


def colour_allowed(player: PlayerState, colour: Colour) -> bool:
    """B2 for one player receiving ``colour``."""
    return b2_rejection(player, colour) is None


_Allowed = TypeVar("_Allowed", bool, "np.ndarray")


def b2_allows(white_a: _Allowed, black_a: _Allowed, white_b: _Allowed,
              black_b: _Allowed) -> _Allowed:
    """B2 for a pair from the colours each player may receive (by
    :func:`b2_rejection`): white for ``a`` and black for ``b``, or the
    reverse.  On booleans for one pair; on numpy arrays for every pair of a
    bracket at once (``state.Table.build``: ``a`` down, ``b`` across)."""
    allows: _Allowed = (white_a & black_b) | (black_a & white_b)
    return allows


def b2_pair_rejection(a: PlayerState, b: PlayerState) -> Rejection | None:
    """B2 for the pair ``a``-``b``: ``None`` if some colour allocation keeps
    both players within it, else the first criterion broken with white for
    ``a`` (``a``'s, then ``b``'s), for the pair."""
    a_white, a_black = b2_rejection(a, Colour.WHITE), b2_rejection(a, Colour.BLACK)
    b_white, b_black = b2_rejection(b, Colour.WHITE), b2_rejection(b, Colour.BLACK)
    if b2_allows(a_white is None, a_black is None, b_white is None, b_black is None):
        return None
    first = a_white or b_black
    assert first is not None   # else white for a, black for b is allowed
    return Rejection(first.criterion, (a.id, b.id), first.detail)


def pair_rejection(a: PlayerState, b: PlayerState,
                   forbidden: frozenset[frozenset[int]] = frozenset()) -> Rejection | None:
    """B1a and B2 for the pair ``a``-``b``: ``None`` if they may meet."""
    if a.has_met(b.id):
        return Rejection(_B1A, (a.id, b.id), "met")
    if forbidden and frozenset((a.id, b.id)) in forbidden:
        return Rejection(_B1A, (a.id, b.id), "forbidden")
    return b2_pair_rejection(a, b)


#: The text's order of the criteria (B: the absolute ones, then the relative
#: ones "in decreasing order of priority"): a candidate breaking several is
#: refused with the first of them, the others told beside it.
TEXT_ORDER = {label: rank for rank, label in enumerate((_B1A, _B1B, _B2A, _B2B, _B3, _B4, _B5,
                                                       _B6))}


def text_order(rejection: Rejection) -> int:
    """Where ``rejection``'s criterion stands in article B (others last)."""
    return TEXT_ORDER.get(rejection.criterion, len(TEXT_ORDER))


def pair_rejections(a: PlayerState, b: PlayerState,
                    forbidden: frozenset[frozenset[int]] = frozenset()) -> tuple[Rejection, ...]:
    """Every absolute criterion the pair ``a``-``b`` breaks: B1a (met, or a
    forbidden pair of the file), and B2 when neither colour allocation keeps
    both players within it (the first criterion it breaks then)."""
    found: list[Rejection] = []
    if a.has_met(b.id):
        found.append(Rejection(_B1A, (a.id, b.id), "met"))
    elif forbidden and frozenset((a.id, b.id)) in forbidden:
        found.append(Rejection(_B1A, (a.id, b.id), "forbidden"))
    colours = b2_pair_rejection(a, b)
    if colours is not None:
        found.append(colours)
    return tuple(found)


def float_rejections(player: PlayerState, direction: Float,
                     relaxation: Relaxation) -> tuple[Rejection, ...]:
    """B5 and B6 (each while in force) for ``player`` receiving a float
    ``direction`` this round: both when he breaks both."""
    if player.last_round_exception:
        return ()
    down = direction is Float.DOWN
    found: list[Rejection] = []
    if (relaxation.b5_down if down else relaxation.b5_up) and player.last_float is direction:
        found.append(Rejection(_B5, (player.id,), "float_" + direction.value))
    if ((relaxation.b6_down if down else relaxation.b6_up)
            and player.float_two_rounds_before is direction):
        found.append(Rejection(_B6, (player.id,), "float_" + direction.value))
    return tuple(found)


def colour_conflict(a: PlayerState, b: PlayerState) -> bool:
    """B4/A8: the pair cannot give both players their preferred colour."""
    ca, cb = a.preference.colour, b.preference.colour
    return ca is not None and ca is cb


def float_rejection(player: PlayerState, direction: Float,
                    relaxation: Relaxation) -> Rejection | None:
    """B5/B6 for ``player`` receiving a float ``direction`` this round."""
    if player.last_round_exception:
        return None
    down = direction is Float.DOWN
    b5 = relaxation.b5_down if down else relaxation.b5_up
    b6 = relaxation.b6_down if down else relaxation.b6_up
    if b5 and player.last_float is direction:
        return Rejection(_B5, (player.id,), "float_" + direction.value)
    if b6 and player.float_two_rounds_before is direction:
        return Rejection(_B6, (player.id,), "float_" + direction.value)
    return None


def bye_rejection(player: PlayerState) -> Rejection | None:
    """B1b: a player who already had a point without playing gets no bye."""
    if player.unplayed_point:
        return Rejection(_B1B, (player.id,), "unplayed_point")
    return None
