"""The Baku Acceleration Method (FIDE Handbook C.04.5.1), computed.

``../shared/rules/fide-baku-acceleration.md`` summarises the method:

* **GA and GB.**  Before round 1 the initial pairing list is cut in two: GA
  is its first half rounded up to an even number, 2 x ceil(N / 4) players
  (161 players: 82); GB the others.  A late entry is placed in the pairing
  list as C.04.2 says, and *the last GA player stays the same player*: a
  late entry before them in the list is in GA, one after them in GB.
* **The accelerated rounds** are the first half of the rounds, rounded up
  (9 rounds: 5).  Before each of the first half (rounded up) of them, every
  GA player has 1 virtual point; before each of the others, 1/2 (9 rounds:
  1 in rounds 1-3, 1/2 in rounds 4-5).  GB never has any, nobody after the
  last accelerated round.
* **The pairing score** is the score plus the virtual points: the brackets
  and every rule that reads a score use it.  Virtual points are never part of
  the standings.

Here, a player is in the initial list when they took part in round 1 (a
game, the PAB, or a bye they asked for), or, before round 1 is paired, when
they are available for it; the others (an absence in round 1, no block) are
late entries.  The virtual points are those of a win and of
half a win of the point system (the method is meant for 1 / 1/2 / 0).

The engines read virtual points from :attr:`Tournament.accelerations` (the
``XXA``/``250`` records), so :func:`apply` only fills that table: the
scores, the floats of the rounds that follow (the reference engine decides
past floats from the pairing score, virtual points included) and the trace
all come from there.

The reference engine's own Baku switch (bbpPairings' ``192
FIDE_DUTCH_2025_BAKU``) puts ceil(N / 2) players in GA; the text says
2 x ceil(N / 4).  They differ when N mod 4 is 1 or 2; swisslearn follows the
text and says so (:attr:`Baku.reference_differs`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Iterable, Iterator

from swisslearn.errors import usage
from swisslearn.model import Acceleration, PlayerId, RoundEntry, RoundNumber, Tournament
from swisslearn.results import Result
from swisslearn.trace import Event, RoundStarted

if TYPE_CHECKING:
    from swisslearn.formats.trf import TrfDocument

__all__ = ["METHODS", "Baku", "Applied", "AccelerationApplied", "Note", "baku", "apply",
           "group_a_size", "prepare", "reference_group_a_size", "with_round_start", "KIND"]

METHODS = ("baku", "none")
"""What ``--acceleration`` takes: ``baku`` computed, or ``none`` (the
file's virtual points and ``_BAKU`` code ignored: a file that names the
method but whose rounds were paired without it)."""

SYSTEMS = ("dutch-2017", "dutch-2026", "team-2026", "team-2026-sharly")
"""The systems that pair on a pairing score with virtual points (the team
systems with match points as the primary score: virtual match points)."""

KIND = "acceleration_applied"


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def group_a_size(players: int) -> int:
    """C.04.5.1: GA is 2 x ceil(N / 4) players."""
    return 2 * _ceil_div(players, 4)


def reference_group_a_size(players: int) -> int:
    """bbpPairings' own ``_BAKU`` switch: ceil(N / 2) players."""
    return _ceil_div(players, 2)


@dataclass(frozen=True)
class Baku:
    """The method worked out for one tournament: GA in pairing order, the
    number of rounds, of accelerated rounds and of rounds with a full
    virtual point, and the value of a virtual point."""

    group_a: tuple[PlayerId, ...]
    players: int
    rounds: RoundNumber
    accelerated: int
    full: int
    point: Decimal

    def virtual(self, round: RoundNumber) -> Decimal:
        """A GA player's virtual points before ``round``."""
        if round <= self.full:
            return self.point
        if round <= self.accelerated:
            return self.point / 2
        return Decimal(0)

    def accelerations(self) -> tuple[Acceleration, ...]:
        return tuple(Acceleration(pid, r, self.virtual(r)) for pid in self.group_a
                     for r in range(1, self.accelerated + 1))

    @property
    def reference_differs(self) -> bool:
        """Whether bbpPairings' own Baku switch puts another number in GA."""
        return group_a_size(self.players) != reference_group_a_size(self.players)


def baku(tournament: Tournament, source: str = "") -> Baku:
    """The method for ``tournament`` (see the module doc).  It needs the
    number of rounds: a :class:`~swisslearn.errors.UsageError` when the file does not say it."""
    if tournament.rounds is None:
        raise usage("acceleration.rounds_unknown", source=source or tournament.source)
    order = list(tournament.initial_order)
    initial = _initial_list(tournament, order)
    size = min(group_a_size(len(initial)), len(initial))
    last = initial[size - 1] if size else None
    # The last GA player stays the same: late entries before them are in GA.
    group_a = tuple(order[:order.index(last) + 1]) if last is not None else ()
    accelerated = _ceil_div(tournament.rounds, 2)
    return Baku(group_a=group_a, players=len(initial), rounds=tournament.rounds,
                accelerated=accelerated, full=_ceil_div(accelerated, 2),
                point=_win(tournament))


def _win(tournament: Tournament) -> Decimal:
    """What a virtual point is worth: a won game's points, or for a team a
    won match's match points (C.04.6 1.2; ``362``), the primary score the
    method is used with."""
    match_points = getattr(tournament, "match_points", None)
    win = getattr(match_points, "win", None)
    return win if isinstance(win, Decimal) else tournament.point_system.win


def _taking_part(entry: RoundEntry | None) -> bool:
    """Round 1's block of a player of the initial list: paired, or a bye
    asked for (an absence there, or no block, is a late entry's)."""
    return entry is not None and (entry.paired or entry.result in (Result.HALF_POINT_BYE,
                                                                   Result.FULL_POINT_BYE))


def _initial_list(tournament: Tournament, order: list[PlayerId]) -> list[PlayerId]:
    """The players of the initial list: those who took part in round 1, or
    before it is paired, those available for it (the same players either
    way, so that GA does not move from round to round)."""
    if tournament.rounds_paired >= 1:
        return [pid for pid in order if _taking_part(tournament.player(pid).entry(1))]
    available = {state.id for state in tournament.states(1) if state.available}
    return [pid for pid in order if pid in available] or order


@dataclass(frozen=True)
class Applied:
    """The tournament to pair and where its virtual points come from:
    ``"file"`` (its ``XXA``/``250`` records), ``"computed"`` (:attr:`baku`),
    or ``""`` (none)."""

    tournament: Tournament
    source: str
    baku: Baku | None = None

    @property
    def computed(self) -> bool:
        return self.source == "computed"


def named_in_code(tournament: Tournament) -> bool:
    """A ``192`` code with the ``_BAKU`` suffix (Sharly Chess, bbpPairings)."""
    return tournament.system.upper().endswith("_BAKU")


def apply(tournament: Tournament, asked: str | None, system: str) -> Applied:
    """The virtual points ``system`` pairs ``tournament`` with: the file's
    own records when it has any (what its pairing program used), else Baku
    computed when asked for (``--acceleration baku``) or named by the
    file's ``192`` code.  A system that does not pair on a pairing score
    refuses ``--acceleration`` (:class:`~swisslearn.errors.UsageError`)."""
    if asked is not None and asked not in METHODS:
        raise usage("acceleration.unknown", name=asked, known=", ".join(METHODS))
    if asked == "none":
        return Applied(dataclasses.replace(tournament, accelerations=()), "")
    if asked is not None and system not in SYSTEMS:
        raise usage("acceleration.unsupported", system=system, systems=", ".join(SYSTEMS))
    type_code = getattr(tournament, "type_code", None)
    if (system in SYSTEMS and type_code is not None
            and getattr(type_code.primary, "value", "MP") != "MP"
            and (asked == "baku" or (asked is None and named_in_code(tournament)))):
        # C.04.6 with game points primary: the method is not used so (C.04.7 1.4.4).
        raise usage("acceleration.game_points", code=type_code.code)
    if system not in SYSTEMS:
        # dutch-1998 and simple pair on real points: a file's virtual points
        # are not theirs to use (prepare() says so), never announced as used.
        return Applied(tournament, "")
    if tournament.accelerations:
        return Applied(tournament, "file")
    if asked is None and not named_in_code(tournament):
        return Applied(tournament, "")
    method = baku(tournament)
    return Applied(dataclasses.replace(tournament, accelerations=method.accelerations()),
                   "computed", method)


@dataclass(frozen=True)
class Note:
    """Something the user should know about the virtual points used (a
    catalogue key and its fields): the command line prints it on stderr,
    the desk in its page."""

    key: str
    fields: tuple[tuple[str, object], ...] = ()


def prepare(tournament: Tournament, asked: str | None,
            system: str) -> tuple[Applied | None, tuple[Note, ...]]:
    """What every command and the desk pair a round with, for ``--acceleration
    asked`` (``None``: the file's records or ``192`` code) under ``system``:
    the :class:`Applied` virtual points (``None``: none at all, the usual
    file) and the notes to tell: the reference engine's own GA size where a
    ``_BAKU`` code meets it, an acceleration a system does not apply.  With
    ``asked == "none"`` the tournament without its virtual points."""
    if asked is None and not tournament.accelerations and not named_in_code(tournament):
        return None, ()  # the usual file: nothing to do
    applied = apply(tournament, asked, system)
    if asked == "none":
        return applied, ()
    notes: list[Note] = []
    method = applied.baku
    if method is not None and method.reference_differs and named_in_code(tournament):
        notes.append(Note("real.acceleration.reference",
                          (("size", len(method.group_a)),
                           ("reference", reference_group_a_size(method.players)))))
    if not applied.source and system not in SYSTEMS:
        if tournament.accelerations:
            notes.append(Note("real.acceleration.records_not_applied", (("system", system),)))
        elif named_in_code(tournament):
            notes.append(Note("real.acceleration.not_applied",
                              (("code", tournament.system), ("system", system))))
    return (applied if applied.source else None), tuple(notes)


@dataclass(frozen=True)
class AccelerationApplied(Event):
    """The round starts with virtual points (C.04.5.1): GA (computed) or the
    file's records, the virtual points of this round, and each accelerated
    player's pairing score as real points plus virtual points."""

    kind = KIND
    round: RoundNumber
    method: str                                   # "baku" or "file"
    group_a: tuple[PlayerId, ...]
    virtual: tuple[tuple[PlayerId, Decimal, Decimal], ...]  # player, real score, virtual
    accelerated: int = 0
    reference_group_a: int = 0                    # bbpPairings' ceil(N/2), when it differs


def round_start(applied: Applied, round: RoundNumber) -> AccelerationApplied | None:
    """The event for ``round`` (None: no virtual point in it)."""
    tournament = applied.tournament
    virtual: dict[PlayerId, Decimal] = {}
    for acceleration in tournament.accelerations:
        if acceleration.round == round and acceleration.points:
            virtual[acceleration.player] = (virtual.get(acceleration.player, Decimal(0))
                                            + acceleration.points)
    if not virtual:
        return None
    method = applied.baku
    order = tuple(pid for pid in tournament.initial_order if pid in virtual)
    rows = tuple((pid, tournament.score_before(pid, round), virtual[pid]) for pid in order)
    return AccelerationApplied(
        rule="C.04.5.1", round=round, method="baku" if method else "file",
        group_a=method.group_a if method else order, virtual=rows,
        accelerated=method.accelerated if method else 0,
        reference_group_a=(reference_group_a_size(method.players)
                           if method and method.reference_differs and named_in_code(tournament)
                           else 0))


def with_round_start(events: Iterable[Event], applied: Applied,
                     round: RoundNumber) -> Iterator[Event]:
    """``events`` with :class:`AccelerationApplied` after the round's start."""
    start = round_start(applied, round) if applied.source else None
    for event in events:
        yield event
        if start is not None and isinstance(event, RoundStarted):
            yield start
            start = None


def record_lines(method: Baku, tournament: Tournament, version: str) -> list[str]:
    """The virtual points of ``method`` as a file records them, so that any
    program re-pairs the same way: ``XXA`` lines (TRF16, JaVaFo's layout:
    the number in 5-8, one 4-character value per round from column 10) or
    ``250`` ranges (TRF-2026: points in 10-13, rounds in 15-17 and 19-21,
    players in 23-26 and 28-31; one per run of consecutive numbers and of
    rounds with the same value)."""
    if version != "TRF-2026":
        return [f"XXA {pid:>4}" + "".join(f" {float(method.virtual(r)):4.1f}"
                                          for r in range(1, method.accelerated + 1))
                for pid in method.group_a]
    runs: list[tuple[int, int]] = []
    for pid in sorted(method.group_a):
        if runs and runs[-1][1] == pid - 1:
            runs[-1] = (runs[-1][0], pid)
        else:
            runs.append((pid, pid))
    spans: list[tuple[Decimal, int, int]] = []
    for r in range(1, method.accelerated + 1):
        value = method.virtual(r)
        if spans and spans[-1][0] == value:
            spans[-1] = (value, spans[-1][1], r)
        else:
            spans.append((value, r, r))
    return [f"250      {float(value):04.1f} {first:03d} {last:03d} {low:04d} {high:04d}"
            for value, first, last in spans for low, high in runs]


def with_records(document: TrfDocument, method: Baku) -> TrfDocument:
    """``document`` with the virtual points of ``method`` written at its end
    (:func:`record_lines`, in the file's own version of TRF)."""
    from swisslearn.formats.teams import with_teams
    from swisslearn.formats.trf import parse_trf
    lines = list(document.lines) + record_lines(method, document.tournament, document.version)
    text = document.newline.join(lines) + (document.newline if document.final_newline else "")
    parsed = parse_trf(text, source=document.source)
    return dataclasses.replace(with_teams(parsed), newline=document.newline,
                               final_newline=document.final_newline, bom=document.bom,
                               encoding=document.encoding)
