"""Colours and result codes: the vocabulary of a round block in a TRF ``001`` line."""

from __future__ import annotations

import enum


class Colour(enum.Enum):
    """A colour in a game (TRF ``w``/``b``)."""

    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    @property
    def letter(self) -> str:
        """``W`` or ``B``, as the course writes colour histories."""
        return self.value.upper()

    def __repr__(self) -> str:
        return f"Colour.{self.name}"


class Result(enum.Enum):
    """A TRF result code (column 99 of round 1, 109 of round 2, ...).

    ``PENDING`` is swisslearn's reading of a round block that names an
    opponent and a colour but no result: the game is paired and not finished
    (not yet played, or adjourned). F9 counts it as a draw for pairing.
    """

    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    WIN_UNPLAYED_MOVE = "W"
    DRAW_UNPLAYED_MOVE = "D"
    LOSS_UNPLAYED_MOVE = "L"
    WIN = "1"
    DRAW = "="
    LOSS = "0"
    HALF_POINT_BYE = "H"
    FULL_POINT_BYE = "F"
    PAIRING_ALLOCATED_BYE = "U"
    ZERO_POINT_BYE = "Z"
    PENDING = " "

    def __repr__(self) -> str:
        return f"Result.{self.name}"

    @property
    def code(self) -> str:
        return self.value

    @property
    def needs_opponent(self) -> bool:
        """Results that only make sense against a scheduled opponent."""
        return self not in _BYES

    @property
    def is_bye(self) -> bool:
        return self in _BYES

    @property
    def is_forfeit(self) -> bool:
        return self in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)

    @property
    def game_played(self) -> bool:
        """Was a game actually played (F2: forfeits and byes are not games)?

        ``W``/``D``/``L`` (a game that lasted less than one move) were played
        over the board: the players sat down with their colours.
        """
        return self not in _BYES and not self.is_forfeit

    @property
    def point_without_playing(self) -> bool:
        """B1b: "a point without playing, through a bye or an opponent not appearing"."""
        return self in (Result.FORFEIT_WIN, Result.PAIRING_ALLOCATED_BYE, Result.FULL_POINT_BYE)

    @classmethod
    def from_code(cls, code: str) -> Result:
        """The result for a TRF code, case-insensitive; a blank is ``Z`` (TRF)."""
        if code == " ":
            return cls.ZERO_POINT_BYE
        return cls(code.upper())


_BYES = frozenset({Result.HALF_POINT_BYE, Result.FULL_POINT_BYE,
                   Result.PAIRING_ALLOCATED_BYE, Result.ZERO_POINT_BYE})

RESULT_CODES = "+-WDL1=0HFUZwdlhfuz"
