"""A plain list to TRF and back (``swisslearn convert``): the results a
list's points allow (:func:`infer_results`), the TRF they make
(:func:`to_trf`), the list of a TRF (:func:`to_plain_list`).  What is kept
and what is lost each way: :mod:`swisslearn.formats.plainlist`, "Converting".
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Callable

from swisslearn.errors import Count, PlainListError
from swisslearn.formats.plainlist.document import (PlainListDocument, format_plain_list,
                                                   format_points, name_key, parse_plain_list)
from swisslearn.formats.trf import TrfDocument, format_round_block, parse_trf
from swisslearn.model import Player, PlayerId, Result, RoundNumber, Tournament

__all__ = ["to_plain_list", "infer_results", "format_trf", "to_trf", "converted"]

_TRF_NAME_WIDTH = 33

PlainList = PlainListDocument | Tournament
"""A plain list as read (its lines name the players in errors), or the
tournament of one."""


def _read(plain: PlainList) -> tuple[Tournament, Callable[[PlayerId], int]]:
    """The tournament of ``plain``, and the line of each player (0 if unknown)."""
    if isinstance(plain, PlainListDocument):
        return plain.tournament, plain.line_of
    return plain, lambda pid: 0


def to_plain_list(tournament: Tournament, source: str = "<plain list>") -> PlainListDocument:
    """The plain list of ``tournament``, read back (so it is checked)."""
    return parse_plain_list(format_plain_list(tournament), source=source)

# ---------------------------------------------------------------------------
# Results that add up to the points (for TRF)


@dataclass
class _Item:
    """A game (``u`` against ``v``) or a round without a game (``v`` = 0, the
    phantom that takes what the player does not); ``share`` is u's half-points."""

    round: RoundNumber
    u: PlayerId
    v: PlayerId
    share: int
    game: bool


class _Balance:
    """Half-points in each item; a unit moves along paths of items (flow)."""

    def __init__(self, items: list[_Item], need: dict[PlayerId, int]) -> None:
        self.items = items
        self.need = need
        self.fixed: set[int] = set()
        self.incident: dict[PlayerId, list[int]] = {p: [] for p in need}
        for index, item in enumerate(items):
            self.incident[item.u].append(index)
            self.incident[item.v].append(index)
        # Each party's excess over its need, kept up to date by _move (counting
        # it again for every fix() made converting 5,000 players quadratic).
        self.rank = {p: i for i, p in enumerate(need)}
        self.excess: dict[PlayerId, int] = {}
        self.positive: set[PlayerId] = set()
        self.log: list[tuple[int, int]] | None = None  # (item, share before), in fix()

    def totals(self) -> dict[PlayerId, int]:
        total = {p: 0 for p in self.need}
        for item in self.items:
            total[item.u] += item.share
            total[item.v] += 2 - item.share
        return total

    def settle(self) -> bool:
        """Move units from parties with too much to parties with too little;
        False if some cannot be moved (no results add up)."""
        if not self.excess:
            total = self.totals()
            self.excess = {p: total[p] - self.need[p] for p in self.need}
            self.positive = {p for p, value in self.excess.items() if value > 0}
        while True:
            if not self.positive:
                return True
            sources = sorted(self.positive, key=self.rank.__getitem__)
            path = self._path(sources, self.excess)
            if path is None:
                return False
            for index, giver in path:
                item = self.items[index]
                self._move(index, item.share + (-1 if giver == item.u else 1))

    def _move(self, index: int, share: int) -> None:
        """Set item ``index`` to ``share``, keeping the excesses (and the undo log)."""
        item = self.items[index]
        if self.log is not None:
            self.log.append((index, item.share))
        delta = share - item.share
        item.share = share
        for party, change in ((item.u, delta), (item.v, -delta)):
            value = self.excess[party] + change
            self.excess[party] = value
            if value > 0:
                self.positive.add(party)
            else:
                self.positive.discard(party)

    def _path(self, sources: list[PlayerId], excess: dict[PlayerId, int]
              ) -> list[tuple[int, PlayerId]] | None:
        parent: dict[PlayerId, tuple[int, PlayerId] | None] = {p: None for p in sources}
        queue = list(sources)
        for party in queue:
            for index in self.incident[party]:
                if index in self.fixed:
                    continue
                item = self.items[index]
                gives = item.share if party == item.u else 2 - item.share
                if gives < 1:
                    continue
                other = item.v if party == item.u else item.u
                if other in parent:
                    continue
                parent[other] = (index, party)
                if excess[other] < 0:
                    steps = []
                    node = other
                    while (step := parent[node]) is not None:
                        steps.append(step)
                        node = step[1]
                    return steps[::-1]
                queue.append(other)
        return None

    def fix(self, index: int, share: int) -> bool:
        """Set item ``index`` to ``share`` for good, if the rest can still add up."""
        if not self.excess:
            self.settle()
        self.log = []
        self.fixed.add(index)
        self._move(index, share)
        settled = self.settle()
        log, self.log = self.log, None
        if settled:
            return True
        for item, value in reversed(log):
            self._move(item, value)
        self.fixed.discard(index)
        return False


def infer_results(plain: PlainList) -> dict[tuple[PlayerId, RoundNumber], Result]:
    """Results that add up to every player's listed points
    (:mod:`swisslearn.formats.plainlist`: "Converting to TRF"), for each
    (player, round) block of the list.

    Raises :class:`PlainListError` if no results add up to the points.
    """
    tournament, line = _read(plain)
    need: dict[PlayerId, int] = {0: 0}
    items: list[_Item] = []
    results: dict[tuple[PlayerId, RoundNumber], Result] = {}
    for player in tournament.players:
        _read_player(player, line, tournament.source, need, items, results)
    _phantom_need(tournament, need, items)
    balance = _Balance(items, need)
    if not balance.settle():
        raise PlainListError(file=tournament.source, line=0, column=0, field="points",
                             key="plain.unconnected")
    list_place = {p.id: p.declared_rank or p.id for p in tournament.players}
    _fix_in_list_order(balance, items, list_place)
    results.update(_results_of(items))
    return results


def _read_player(player: Player, line: Callable[[PlayerId], int], source: str,
                 need: dict[PlayerId, int], items: list[_Item],
                 results: dict[tuple[PlayerId, RoundNumber], Result]) -> None:
    """One player's half-points to find (his listed points, less his byes)
    and his items: each game once (from its lower number), each round
    without a game against the phantom (0); refuses points that his rounds
    cannot give."""
    points = player.declared_points if player.declared_points is not None else Decimal(0)
    half = points * 2
    if half != half.to_integral_value():
        raise PlainListError(file=source, line=line(player.id), column=0, field="points",
                             key="plain.not_halves",
                             fields={"name": player.name, "points": format_points(points)})
    need[player.id] = int(half)
    games = rest = 0
    for entry in player.entries:
        if entry.result is Result.PAIRING_ALLOCATED_BYE:
            need[player.id] -= 2
            results[(player.id, entry.round)] = Result.PAIRING_ALLOCATED_BYE
        elif entry.opponent is None:
            items.append(_Item(entry.round, player.id, 0, 0, game=False))
            need[0] += 2
            rest += 1
        else:
            games += 1
            if player.id < entry.opponent:
                items.append(_Item(entry.round, player.id, entry.opponent, 1, game=True))
    byes = sum(1 for e in player.entries if e.result is Result.PAIRING_ALLOCATED_BYE)
    if not 0 <= need[player.id] <= 2 * (games + rest):
        raise PlainListError(
            file=source, line=line(player.id), column=0, field="points",
            key="plain.cannot_come_from",
            fields={"name": player.name, "points": format_points(points),
                    "games": Count(games, "game"), "byes": Count(byes, "bye"),
                    "rest": Count(rest, "round_without_game")})


def _phantom_need(tournament: Tournament, need: dict[PlayerId, int],
                  items: list[_Item]) -> None:
    """The phantom takes from each round without a game what its player
    does not: the list's total must leave it between none and all."""
    players_total = sum(v for k, v in need.items() if k != 0)
    game_total = 2 * sum(1 for item in items if item.game)
    need[0] = game_total + need[0] - players_total
    rest_total = 2 * sum(1 for item in items if not item.game)
    if not 0 <= need[0] <= rest_total:
        listed = sum((p.declared_points or Decimal(0) for p in tournament.players), Decimal(0))
        raise PlainListError(
            file=tournament.source, line=0, column=0, field="points",
            key="plain.total_rest" if rest_total else "plain.total",
            fields={"listed": format_points(listed), "games": Count(game_total // 2, "game"),
                    "given": game_total // 2, "rest": rest_total // 2})


def _fix_in_list_order(balance: _Balance, items: list[_Item],
                       list_place: dict[PlayerId, int]) -> None:
    """Round by round, in the list's order: a game won if the points allow,
    else drawn, else lost; a round without a game scores as little as
    possible."""
    order = sorted(range(len(items)), key=lambda i: (items[i].round, list_place[items[i].u]))
    for index in order:
        item = items[index]
        preferences = (2, 1, 0) if item.game else (0, 1, 2)
        for share in preferences:
            if share == item.share or balance.fix(index, share):
                balance.fixed.add(index)
                break


def _results_of(items: list[_Item]) -> dict[tuple[PlayerId, RoundNumber], Result]:
    """Each item's result for each of its players, from u's half-points."""
    results: dict[tuple[PlayerId, RoundNumber], Result] = {}
    for item in items:
        if item.game:
            u_result = {2: Result.WIN, 1: Result.DRAW, 0: Result.LOSS}[item.share]
            v_result = {2: Result.LOSS, 1: Result.DRAW, 0: Result.WIN}[item.share]
            results[(item.u, item.round)] = u_result
            results[(item.v, item.round)] = v_result
        else:
            results[(item.u, item.round)] = {0: Result.ZERO_POINT_BYE, 1: Result.HALF_POINT_BYE,
                                             2: Result.FULL_POINT_BYE}[item.share]
    return results


def format_trf(plain: PlainList) -> str:
    """TRF16 text for a plain list, with results from :func:`infer_results`."""
    tournament, _ = _read(plain)
    results = infer_results(plain)
    lines = []
    if tournament.name:
        lines.append(f"012 {tournament.name}")
    for position, player in enumerate(tournament.players, 1):
        blocks = []
        points = Decimal(0)
        for entry in player.entries:
            result = results[(player.id, entry.round)]
            points += tournament.point_system.points(result)
            blocks.append(format_round_block(dataclasses.replace(entry, result=result)))
        rank = player.declared_rank or position
        fixed = (f"001 {player.id:4d} {'':1}{'':>3} {player.name[:_TRF_NAME_WIDTH]:<33} "
                 f"{'':4} {'':3} {'':>11} {'':10} {points:4.1f} {rank:4d}")
        lines.append(f"{fixed}  {'  '.join(blocks)}".rstrip())
    return "\n".join(lines) + "\n"


def to_trf(plain: PlainList, source: str = "<trf>") -> TrfDocument:
    """The TRF of a plain list, read back (so it is checked)."""
    tournament, line = _read(plain)
    names: dict[str, PlayerId] = {}
    for player in tournament.players:
        cut = name_key(player.name[:_TRF_NAME_WIDTH])
        if cut in names:
            raise PlainListError(
                file=tournament.source,
                line=line(player.id), column=1, field="name", key="plain.same_start",
                fields={"name": player.name, "other": tournament.player(names[cut]).name,
                        "width": _TRF_NAME_WIDTH})
        names[cut] = player.id
    return parse_trf(format_trf(plain), source=source)


def converted(document: TrfDocument | PlainListDocument, out: str | Path
              ) -> TrfDocument | PlainListDocument:
    """What ``swisslearn convert`` writes to ``out``: a plain list for ``.txt``,
    a TRF for ``.trf``/``.trfx``, the document as read for any other name."""
    suffix = Path(out).suffix.lower()
    if suffix == ".txt" and isinstance(document, TrfDocument):
        return to_plain_list(document.tournament, source=str(out))
    if suffix in (".trf", ".trfx") and isinstance(document, PlainListDocument):
        return to_trf(document, source=str(out))
    return document
