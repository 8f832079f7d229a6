"""The absolute criteria of each system, checked from a file's round blocks alone.

Nothing here asks an engine (or :meth:`Tournament.states`) what it thinks:
the history of every player is rebuilt from the ``001`` entries, so a bug
shared by an engine and the model cannot hide itself.

* :func:`violations` lists what a recorded round breaks;
* :func:`legal_pairing_exists` decides whether *any* pairing of a round keeps
  the absolute criteria (an exact test: a perfect matching of the players
  present, plus a dummy vertex for the bye when their number is odd), so
  that a :class:`~swisslearn.errors.PairingError` can be judged;
* :class:`Recorder` wraps an engine and keeps every round it refused (the
  generator retries silently after a ``PairingError``: the recorder is how
  the stress tests see those refusals);
* :func:`run_part` runs one part of a stress test, each tournament under a
  time limit (``SWISSLEARN_STRESS_LIMIT`` seconds, default 120), so that an
  engine that hangs is a failure and not a run that never ends.

The criteria, per system (``system`` below is the ``--system`` name):

==============  =================================================================
dutch-1998      B1a no rematch of a game played (a forfeit is no game, F2);
                B1b no bye to a player who had a point without playing (U, F,
                ``+``); B2 colour difference within -2..+2 and never three equal
                colours in a row, except for a player over 50 % in the last
                round (the note under B6, per player).
dutch-2026      C1 no rematch of a game played; C2 no PAB after a PAB or a win's
                worth without playing (U, F, ``+``); C3 the colour limits above
                for every board with no topscorer (over 50 % in the last round):
                a board with a topscorer is exempt as a pair, as C3 says.
dutch-2017      C.1 no rematch of a game played; C.2 no PAB after a PAB or a
                forfeit win (U, ``+``: a full-point bye asked for, F, is
                neither); C.3 the colour limits, a board with a topscorer
                exempt, as for dutch-2026.
simple          no rematch of a game played; nobody gets a second bye (U).
team-2026       C1 no rematch of a match played; C2 no PAB after a PAB, a match
                won by forfeit or a full-point bye.  No absolute colours.
==============  =================================================================

Every system: each present player exactly once (a board or the bye), at most
one bye, and none with an even number present; ``260``/``XXP`` forbidden
pairs never meet.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

import networkx as nx

from swisslearn.errors import PairingError
from swisslearn.model import (Colour, PlayerId, Result, RoundNumber, Tournament, colourless_pairs,
                              recorded_round)
from swisslearn.trace import RoundPaired

T = TypeVar("T")

SYSTEMS = ("dutch-1998", "dutch-2017", "dutch-2026", "simple")
"""The individual systems; ``team-2026`` is checked on team tournaments."""

_WITHOUT_PLAYING = frozenset({Result.PAIRING_ALLOCATED_BYE, Result.FULL_POINT_BYE,
                              Result.FORFEIT_WIN})
_GAMES = frozenset({Result.WIN, Result.DRAW, Result.LOSS, Result.WIN_UNPLAYED_MOVE,
                    Result.DRAW_UNPLAYED_MOVE, Result.LOSS_UNPLAYED_MOVE, Result.PENDING})


@dataclass
class History:
    """One player before the round: opponents met, colours played, score..."""

    met: set[PlayerId] = field(default_factory=set)
    colours: list[Colour] = field(default_factory=list)
    score: Decimal = Decimal(0)
    had_pab: bool = False
    unplayed_win: bool = False  # U, F or +: a win's worth without playing
    forfeit_win: bool = False   # +


def histories(tournament: Tournament, round: RoundNumber) -> dict[PlayerId, History]:
    """Each player's history from the rounds before ``round`` (default points:
    1, ½, 0; U and F 1, H ½; a pending game counts nothing)."""
    points = tournament.point_system
    result: dict[PlayerId, History] = {}
    for player in tournament.players:
        history = History()
        for entry in sorted(player.entries, key=lambda e: e.round):
            if entry.round >= round:
                continue
            if entry.result is not Result.PENDING:
                history.score += points.points(entry.result)
            if entry.opponent is not None and entry.result in _GAMES:
                history.met.add(entry.opponent)
                if entry.colour is not None:
                    history.colours.append(entry.colour)
            if entry.result is Result.PAIRING_ALLOCATED_BYE:
                history.had_pab = True
            if entry.result in _WITHOUT_PLAYING:
                history.unplayed_win = True
            if entry.result is Result.FORFEIT_WIN:
                history.forfeit_win = True
        result[player.id] = history
    return result


def present(tournament: Tournament, round: RoundNumber) -> list[PlayerId]:
    """The players to pair in ``round``: those the file does not mark absent
    (H, F, Z in the round's column, or a ``240``/``XXZ`` announcement)."""
    announced = {b.player for b in tournament.bye_requests if b.round == round}
    ids = []
    for player in tournament.players:
        entry = player.entry(round)
        if player.id in announced:
            continue
        if entry is not None and entry.opponent is None and (
                entry.result is not Result.PAIRING_ALLOCATED_BYE):
            continue
        ids.append(player.id)
    return sorted(ids)


def _within_limits(colours: list[Colour], colour: Colour) -> bool:
    history = colours + [colour]
    difference = sum(1 if c is Colour.WHITE else -1 for c in history)
    return -2 <= difference <= 2 and not (len(history) >= 3 and len(set(history[-3:])) == 1)


@dataclass(frozen=True)
class Rules:
    """What one system forbids in a round, given the players' histories."""

    system: str
    tournament: Tournament
    round: RoundNumber
    people: dict[PlayerId, History]

    @property
    def last_round(self) -> bool:
        return self.tournament.rounds is not None and self.round == self.tournament.rounds

    def high(self, pid: PlayerId) -> bool:
        """Over 50 % of the points possible so far, in the last round (the
        1998 note under B6; the 2017 topscorer, A.7, and 2026's, 1.8)."""
        win = self.tournament.point_system.win
        return self.last_round and self.people[pid].score * 2 > win * (self.round - 1)

    def bye_allowed(self, pid: PlayerId) -> bool:
        history = self.people[pid]
        if self.system == "simple":
            return not history.had_pab
        if self.system == "dutch-2017":
            return not (history.had_pab or history.forfeit_win)
        return not (history.had_pab or history.unplayed_win)

    def colours_checked(self) -> bool:
        return self.system in ("dutch-1998", "dutch-2017", "dutch-2026")

    def colour_ok(self, white: PlayerId, black: PlayerId) -> bool:
        """Do these colours keep the absolute colour limits?"""
        if not self.colours_checked():
            return True
        if self.system in ("dutch-2017", "dutch-2026") and (self.high(white) or self.high(black)):
            return True  # C3: a pair with a topscorer is allowed
        for pid, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
            if self.system == "dutch-1998" and self.high(pid):
                continue  # the last-round note: per player
            if not _within_limits(self.people[pid].colours, colour):
                return False
        return True

    def forbidden(self) -> frozenset[frozenset[PlayerId]]:
        return self.tournament.forbidden_pairs(self.round)

    def may_meet(self, a: PlayerId, b: PlayerId) -> bool:
        if b in self.people[a].met or frozenset((a, b)) in self.forbidden():
            return False
        return self.colour_ok(a, b) or self.colour_ok(b, a)


def rules(system: str, tournament: Tournament, round: RoundNumber) -> Rules:
    return Rules(system, tournament, round, histories(tournament, round))


def violations(system: str, tournament: Tournament, round: RoundNumber,
               boards: Iterable[tuple[PlayerId, PlayerId]], byes: Iterable[PlayerId],
               players: Iterable[PlayerId] | None = None) -> list[str]:
    """What the pairing (``boards`` as (white, black), ``byes``) of ``round``
    breaks; ``players`` the players to place (default :func:`present`)."""
    check = rules(system, tournament, round)
    boards = list(boards)
    byes = list(byes)
    expected = sorted(players) if players is not None else present(tournament, round)
    problems: list[str] = []
    placed = sorted([p for board in boards for p in board] + byes)
    if placed != expected:
        problems.append(f"placed {placed}, expected each of {expected} once")
    if len(byes) != len(expected) % 2:
        problems.append(f"byes {byes} for {len(expected)} players")
    forbidden = check.forbidden()
    for white, black in boards:
        if white in check.people[black].met:
            problems.append(f"{white}-{black}: a rematch (B1a/C1)")
        if frozenset((white, black)) in forbidden:
            problems.append(f"{white}-{black}: a forbidden pair")
        if not check.colour_ok(white, black):
            problems.append(f"{white}-{black}: breaks the absolute colour limits "
                            f"({white}: {_letters(check.people[white].colours)}+W, "
                            f"{black}: {_letters(check.people[black].colours)}+B) (B2/C3)")
    for pid in byes:
        if not check.bye_allowed(pid):
            problems.append(f"bye to {pid}, who may not have it (B1b/C2/second bye)")
    return [f"round {round}: {p}" for p in problems]


def _letters(colours: list[Colour]) -> str:
    return "".join(c.letter for c in colours) or "-"


def recorded(tournament: Tournament, round: RoundNumber) -> tuple[
        list[tuple[PlayerId, PlayerId]], list[PlayerId]]:
    """The boards (white, black; a forfeit without colours lower number
    first) and byes the file records for ``round``."""
    pairs, byes = recorded_round(tournament, round)
    return sorted(pairs | colourless_pairs(tournament, round)), sorted(byes)


def legal_pairing_exists(system: str, tournament: Tournament, round: RoundNumber,
                         players: Iterable[PlayerId] | None = None) -> bool:
    """Is there any pairing of ``round`` that keeps every absolute criterion?

    A pair may meet if no criterion forbids it with some colours; the bye
    goes to a dummy vertex joined to the players allowed it.  A legal pairing
    is then a perfect matching (exact, polynomial: Edmonds' blossoms).
    """
    check = rules(system, tournament, round)
    ids = sorted(players) if players is not None else present(tournament, round)
    graph = nx.Graph()
    graph.add_nodes_from(ids)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if check.may_meet(a, b):
                graph.add_edge(a, b)
    nodes = len(ids)
    if nodes % 2:
        graph.add_node(0)  # pairing numbers start at 1
        nodes += 1
        for pid in ids:
            if check.bye_allowed(pid):
                graph.add_edge(0, pid)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == nodes


@dataclass
class Refusal:
    """A round an engine said could not be paired."""

    tournament: Tournament
    round: RoundNumber
    message: str


class Recorder:
    """An engine (``pair(tournament, round)``) that remembers its refusals."""

    def __init__(self, pair: Callable[[Tournament, int], RoundPaired]) -> None:
        self.pair = pair
        self.refusals: list[Refusal] = []

    def __call__(self, tournament: Tournament, round: int) -> RoundPaired:
        try:
            return self.pair(tournament, round)
        except PairingError as error:
            self.refusals.append(Refusal(tournament, round, str(error)))
            raise


LIMIT_SECONDS = float(os.environ.get("SWISSLEARN_STRESS_LIMIT") or 120)


class TooSlow(Exception):
    """A tournament took longer than its time limit."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`TooSlow` in the block after ``seconds`` (a POSIX timer,
    so only in the main thread, where pytest and its xdist workers run
    tests; elsewhere there is no limit)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise TooSlow(f"still running after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_part(label: str, everything: Sequence[T], part: int, parts: int,
             run: Callable[[T], tuple[list[str], int]], limit: float = LIMIT_SECONDS
             ) -> tuple[list[str], str]:
    """Run the tournaments ``everything[part::parts]`` (``run`` returns the
    problems found and the rounds paired): the failures, each naming its
    tournament, and a one-line summary (counts, time, the slowest one)."""
    failures: list[str] = []
    rounds = 0
    slowest = (0.0, -1)
    indices = range(part, len(everything), parts)
    started = time.perf_counter()
    for index in indices:
        settings = everything[index]
        began = time.perf_counter()
        try:
            with time_limit(limit):
                problems, paired = run(settings)
        except TooSlow as error:
            problems, paired = [str(error)], 0
        slowest = max(slowest, (time.perf_counter() - began, index))
        rounds += paired
        failures += [f"tournament {index}, {settings!r}: {p}" for p in problems]
    summary = (f"{label} (part {part + 1}/{parts}): {len(indices)} tournaments, {rounds} "
               f"rounds, {len(failures)} violations, {time.perf_counter() - started:.1f} s "
               f"(slowest: tournament {slowest[1]}, {slowest[0]:.2f} s)")
    return failures, summary
