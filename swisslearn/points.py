"""Point systems: what each result is worth (TRF-2026 ``162``, JaVaFo ``XXS``, bbpPairings ``BB?``).

Scores are :class:`~decimal.Decimal` so that 1/½/0, 3/2/1 or 3/1/0 add up
exactly and print as the TRF prints them (``1.5``, ``17.0``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from decimal import Decimal

from swisslearn.results import Result

Points = Decimal


@dataclass(frozen=True)
class PointSystem:
    """Points for each kind of result.

    The defaults are FIDE's 1/½/0, a pairing-allocated bye worth a win, an
    adjourned or pending game worth a draw (F9: "for pairing purposes only").
    """

    win: Points = Decimal("1.0")
    draw: Points = Decimal("0.5")
    loss: Points = Decimal("0.0")
    forfeit_win: Points = Decimal("1.0")
    forfeit_loss: Points = Decimal("0.0")
    full_point_bye: Points = Decimal("1.0")
    half_point_bye: Points = Decimal("0.5")
    zero_point_bye: Points = Decimal("0.0")
    pairing_allocated_bye: Points = Decimal("1.0")
    unknown: Points = Decimal("0.5")

    def points(self, result: Result) -> Points:
        """What ``result`` is worth to the player who has it."""
        return self._table[result]

    @cached_property
    def _table(self) -> dict[Result, Points]:
        # Built once: scores are summed for every player before every round.
        return {
            Result.WIN: self.win, Result.WIN_UNPLAYED_MOVE: self.win,
            Result.DRAW: self.draw, Result.DRAW_UNPLAYED_MOVE: self.draw,
            Result.LOSS: self.loss, Result.LOSS_UNPLAYED_MOVE: self.loss,
            Result.FORFEIT_WIN: self.forfeit_win,
            Result.FORFEIT_LOSS: self.forfeit_loss,
            Result.FULL_POINT_BYE: self.full_point_bye,
            Result.HALF_POINT_BYE: self.half_point_bye,
            Result.ZERO_POINT_BYE: self.zero_point_bye,
            Result.PAIRING_ALLOCATED_BYE: self.pairing_allocated_bye,
            Result.PENDING: self.unknown,
        }

    def with_values(self, **values: Points) -> PointSystem:
        """A copy with some values changed (``with_values(win=Decimal(3))``)."""
        return replace(self, **values)

    @property
    def is_default(self) -> bool:
        return self == PointSystem()


DEFAULT = PointSystem()

# TRF-2026 `162` symbols -> fields they set.  `A` (and `Z`, bbpPairings'
# spelling) is "absence": zero-point bye and forfeit loss.
TRF162_FIELDS: dict[str, tuple[str, ...]] = {
    "W": ("win", "forfeit_win", "full_point_bye"),
    "D": ("draw", "half_point_bye"),
    "L": ("loss",),
    "A": ("zero_point_bye", "forfeit_loss"),
    "Z": ("zero_point_bye", "forfeit_loss"),
    "P": ("pairing_allocated_bye",),
    "X": ("unknown",),
}

# JaVaFo `XXS CODE=VALUE`.  White and black wins share one value here: no
# pairing rule we implement scores colours differently.
XXS_FIELDS: dict[str, tuple[str, ...]] = {
    "WW": ("win",), "BW": ("win",), "WD": ("draw",), "BD": ("draw",),
    "WL": ("loss",), "BL": ("loss",), "ZPB": ("zero_point_bye",),
    "HPB": ("half_point_bye",), "FPB": ("full_point_bye",),
    "PAB": ("pairing_allocated_bye",), "FW": ("forfeit_win",), "FL": ("forfeit_loss",),
    "W": ("win", "forfeit_win", "full_point_bye"),
    "D": ("draw", "half_point_bye"),
}

# bbpPairings `BB?` records.
BB_FIELDS: dict[str, tuple[str, ...]] = {
    "BBW": ("win", "forfeit_win", "full_point_bye"),
    "BBD": ("draw", "half_point_bye"),
    "BBL": ("loss",),
    "BBZ": ("zero_point_bye",),
    "BBF": ("forfeit_loss",),
    "BBU": ("pairing_allocated_bye",),
}
