"""What C.04.3 (2026) looks at in each player before a round, derived from
``Player.entries`` alone (the model's 1998-flavoured :class:`PlayerState` is
only used for availability).

* Pairing score (1.2.1): points so far plus the fictitious points of an
  acceleration (``250``/``XXA``) for the round being paired only.
* Floats (1.4.2-1.4.4): in a round where a game was played, the player with
  the higher pairing score (of that round) floats down, the other up; in a
  round without a game (bye, forfeit, absence), a downfloat exactly when the
  round scored more than a loss (PAB, ``+``, ``F``, ``H``); never otherwise.
* Colours (1.6, 1.7): only games actually played count (forfeits and byes
  do not).  When the colour difference and the last two colours disagree
  (``WWWWBB``: difference +2, last two Black) the difference decides, as
  1.7.1 names it first and the reference engines read it.
* [C1]: only games played over the board make a rematch illegal; a forfeited
  game does not (the players never met).
* [C2]: a player who already had the PAB, or who scored in one round without
  playing as many points as a win, may not get the PAB.
"""

from __future__ import annotations

import enum
from functools import cached_property
from dataclasses import dataclass
from decimal import Decimal
from typing import Callable, Iterator, Mapping

from swisslearn.model import Colour, Player, PlayerId, RoundEntry, RoundNumber, Tournament
from swisslearn.points import Points, PointSystem
from swisslearn.results import Result

__all__ = ["Strength", "Drift", "Competitor", "Readings", "READINGS_2026", "competitors",
           "effective_tpns",
           "pairing_score_before", "is_last_round", "topscore_threshold"]


class Strength(enum.IntEnum):
    """1.7: how strongly a player wants a colour."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


class Drift(enum.Enum):
    """A float received in an earlier round (1.4)."""

    DOWN = "down"
    UP = "up"


@dataclass(frozen=True)
class Competitor:
    """One player to pair, as the 2026 rules see them before the round.

    ``tpn`` is the pairing number in force (1-based, 1.1, see
    :func:`effective_tpns`); ``score`` the
    real score, ``pairing_score`` the score used for pairing (1.2.1, with
    any acceleration).  ``colours`` lists the colours of the games played,
    oldest first; ``floats`` has one item per earlier round (``None``: no
    float).  The colour properties are computed once (the weights of a
    1,000-player round ask for them millions of times).
    """

    id: PlayerId
    tpn: int
    score: Points
    pairing_score: Points
    colours: tuple[Colour, ...]
    floats: tuple[Drift | None, ...]
    opponents: frozenset[PlayerId]
    bye_eligible: bool
    played_games: int
    topscorer: bool

    @cached_property
    def colour_difference(self) -> int:
        """1.6: games with White minus games with Black."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    @cached_property
    def imbalance(self) -> int:
        return abs(self.colour_difference)

    @cached_property
    def repeated(self) -> Colour | None:
        """The colour of the last two games if they had the same one."""
        if len(self.colours) >= 2 and self.colours[-1] is self.colours[-2]:
            return self.colours[-1]
        return None

    @cached_property
    def preference(self) -> Colour | None:
        """1.7: the colour the player should get (``None``: no game yet)."""
        if not self.colours:
            return None
        difference = self.colour_difference
        if difference > 1:
            return Colour.BLACK
        if difference < -1:
            return Colour.WHITE
        repeated = self.repeated
        if repeated is not None:
            return repeated.opposite
        if difference:
            return Colour.BLACK if difference > 0 else Colour.WHITE
        return self.colours[-1].opposite

    @cached_property
    def strength(self) -> Strength:
        if not self.colours:
            return Strength.NONE
        if self.imbalance > 1 or self.repeated is not None:
            return Strength.ABSOLUTE
        if self.imbalance:
            return Strength.STRONG
        return Strength.MILD

    @cached_property
    def absolute(self) -> bool:
        return self.strength is Strength.ABSOLUTE

    @cached_property
    def absolute_imbalance(self) -> bool:
        """An absolute preference that comes from the colour difference (> 1)."""
        return self.imbalance > 1

    @cached_property
    def strong(self) -> bool:
        """1.7.2 exactly (an absolute preference is not counted as strong)."""
        return self.strength is Strength.STRONG

    @cached_property
    def downfloated(self) -> tuple[bool, bool]:
        """Downfloated in the previous round, and in the one before it."""
        return (self.float_back(1) is Drift.DOWN, self.float_back(2) is Drift.DOWN)

    @cached_property
    def upfloated(self) -> tuple[bool, bool]:
        """Upfloated in the previous round, and in the one before it."""
        return (self.float_back(1) is Drift.UP, self.float_back(2) is Drift.UP)

    def float_back(self, rounds_back: int) -> Drift | None:
        """The float of ``rounds_back`` rounds before this one (1 = previous)."""
        if rounds_back > len(self.floats):
            return None
        return self.floats[-rounds_back]

    def preference_label(self) -> str:
        """``W!!``, ``B!``, ``W`` or ``-`` (absolute, strong, mild, none)."""
        colour = self.preference
        if colour is None:
            return "-"
        return colour.letter + {Strength.ABSOLUTE: "!!", Strength.STRONG: "!"}.get(
            self.strength, "")


def is_last_round(tournament: Tournament, round: RoundNumber) -> bool:
    """1.8 applies "when pairing the final round" (a declared number of rounds)."""
    return tournament.rounds is not None and round >= tournament.rounds


def topscore_threshold(tournament: Tournament, round: RoundNumber) -> Points:
    """1.8: half the maximum score possible before ``round``."""
    points = tournament.point_system
    return Decimal(round - 1) * max(points.win, points.draw) / 2


def _acceleration(tournament: Tournament) -> Mapping[tuple[PlayerId, RoundNumber], Points]:
    table: dict[tuple[PlayerId, RoundNumber], Points] = {}
    for acc in tournament.accelerations:
        key = (acc.player, acc.round)
        table[key] = table.get(key, Decimal(0)) + acc.points
    return table


def _entries(player: Player, before: RoundNumber) -> Iterator[tuple[RoundNumber,
                                                                     RoundEntry | None]]:
    by_round = {e.round: e for e in player.entries}
    for r in range(1, before):
        yield r, by_round.get(r)


def _played(entry: RoundEntry | None) -> bool:
    return entry is not None and entry.opponent is not None and entry.result.game_played


def _points(tournament: Tournament, pid: PlayerId, entry: RoundEntry | None) -> Points:
    # A round with no block is an absence worth a zero-point bye; a 299
    # record may set what a result is worth (Tournament.entry_points).
    if entry is None:
        return tournament.point_system.zero_point_bye
    return tournament.entry_points(pid, entry)


def pairing_score_before(tournament: Tournament, player: Player, round: RoundNumber,
                         accelerations: Mapping[tuple[PlayerId, RoundNumber], Points] | None
                         = None) -> Points:
    """1.2.1: the score before ``round`` plus that round's fictitious points."""
    if accelerations is None:
        accelerations = _acceleration(tournament)
    total = sum((_points(tournament, player.id, e) for _, e in _entries(player, round)),
                Decimal(0)) + tournament.bonus_before(player.id, round)
    return total + accelerations.get((player.id, round), Decimal(0))


def effective_tpns(tournament: Tournament, round: RoundNumber,
                   present: tuple[PlayerId, ...]) -> dict[PlayerId, int]:
    """1.1 (C.04.2 art. 2): the pairing numbers in force for ``round``.

    The initial order numbers only the players taking part: those to pair
    now and those paired (given an opponent or the PAB) in an earlier
    round.  A player who has never been paired and is absent now is not
    numbered, so the players after them move up (this decides 5.2.5).
    """
    here = set(present)
    numbers: dict[PlayerId, int] = {}
    for pid in tournament.initial_order:
        player = tournament.player(pid)
        if pid in here or any(e.paired and e.round < round for e in player.entries):
            numbers[pid] = len(numbers) + 1
    return numbers


@dataclass(frozen=True)
class Readings:
    """What an edition makes of a round without a game (given the entry,
    ``None`` for a round with no block, and what it scored): whether it is
    a downfloat, and whether it bars the PAB for good."""

    downfloat: Callable[[RoundEntry | None, Points, PointSystem], bool]
    bars_pab: Callable[[RoundEntry | None, Points, PointSystem], bool]


def _more_than_a_loss(entry: RoundEntry | None, scored: Points, points: PointSystem) -> bool:
    """1.4.3: a round without a game floats down only if it scored more than
    a loss (a PAB, a forfeit win, a half- or full-point bye)."""
    return scored > points.loss


def _pab_or_a_win_unplayed(entry: RoundEntry | None, scored: Points,
                           points: PointSystem) -> bool:
    """[C2] via C.04.1 art. 4: a PAB, or a win's worth without playing."""
    return entry is not None and (entry.result is Result.PAIRING_ALLOCATED_BYE
                                  or scored >= points.win)


READINGS_2026 = Readings(downfloat=_more_than_a_loss, bars_pab=_pab_or_a_win_unplayed)
"""1.4.3 and [C2] of 2026."""


def competitors(tournament: Tournament, round: RoundNumber, ids: tuple[PlayerId, ...],
                readings: Readings = READINGS_2026) -> dict[PlayerId, Competitor]:
    """The :class:`Competitor` of each player in ``ids`` before ``round``.

    ``tournament`` must hold rounds before ``round`` only (and the byes
    announced for it), as :meth:`Tournament.truncated` gives.  ``readings``:
    the edition's floats and PAB bar for a round without a game.
    """
    points = tournament.point_system
    accelerations = _acceleration(tournament)
    last = is_last_round(tournament, round)
    threshold = topscore_threshold(tournament, round)
    tpns = effective_tpns(tournament, round, ids)
    # Pairing scores of everybody before every earlier round (for 1.4.2).
    before: dict[tuple[PlayerId, RoundNumber], Points] = {}
    for player in tournament.players:
        running = Decimal(0)
        for r, entry in _entries(player, round):
            before[(player.id, r)] = (running + accelerations.get((player.id, r), Decimal(0))
                                      + tournament.bonus_before(player.id, r))
            running += _points(tournament, player.id, entry)
    result: dict[PlayerId, Competitor] = {}
    for pid in ids:
        player = tournament.player(pid)
        colours: list[Colour] = []
        floats: list[Drift | None] = []
        opponents: set[PlayerId] = set()
        eligible = True
        for r, entry in _entries(player, round):
            if _played(entry):
                assert entry is not None and entry.opponent is not None
                if entry.colour is not None:
                    colours.append(entry.colour)
                opponents.add(entry.opponent)
                own = before[(pid, r)]
                other = before.get((entry.opponent, r), own)
                floats.append(Drift.DOWN if own > other else Drift.UP if own < other else None)
                continue
            scored = _points(tournament, pid, entry)
            floats.append(Drift.DOWN if readings.downfloat(entry, scored, points) else None)
            if readings.bars_pab(entry, scored, points):
                eligible = False
        score = sum((_points(tournament, pid, e) for _, e in _entries(player, round)),
                    Decimal(0)) + tournament.bonus_before(pid, round)
        pairing = score + accelerations.get((pid, round), Decimal(0))
        result[pid] = Competitor(
            id=pid, tpn=tpns[pid], score=score, pairing_score=pairing,
            colours=tuple(colours), floats=tuple(floats), opponents=frozenset(opponents),
            bye_eligible=eligible, played_games=len(colours),
            topscorer=last and pairing > threshold)
    return result
