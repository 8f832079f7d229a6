"""Protections (seed 002), soft-avoid, on the 1998 procedure: the lowest-priority criterion.

Below every rule and above the order in which the rules try the candidates.
When a bracket's outcome (the pairing the procedure takes at some level)
holds pairs of a soft-avoid group, it is replaced by the *equivalent*
pairing with the fewest such pairs, the earliest in D1/D2 order among those;
the procedure then goes on exactly as it would have (C12, C13, the brackets
below).  Equivalent (README, "How we read the 1998 text", 19):

* acceptable at the level at which the rules accepted theirs: the same p
  and x, the same criteria dropped (C9/C10), the same D1/D2 rules (any
  exchange and transposition of that level); for a heterogeneous bracket the
  moved-down players' pairing at its level (which residents they meet may
  change) and the remainder group at its level, with the x the rules used;
* the same players moved down to the next bracket (or the same bye), so the
  rest of the round is exactly as pairable as with the rules' pairing: the
  round driver's decisions depend on that set only;
* the same number of colour conflicts (B4: as many players without their
  preferred colour), the same score differences (B3) and the same number of
  B5 and B6 breaches by down- and upfloaters, counted whether the level
  still keeps those criteria or not.

No relaxation (C9-C14, C12, C13) and no other floater is ever triggered by
soft-avoid; an outcome without same-group pairs is left alone (no search, no
event).  Its pairs are told by a :class:`~swisslearn.trace.SoftAvoidChosen`
event (the rules' pairing and the one kept, their same-group pairs), then
the bracket's (and its remainder group's) ``BracketPaired`` with the pairs
kept.

The search (:func:`_prefer`) walks the candidates of the level in the rules'
order with :func:`fewest_walk`: D1 on each split, pruned by assignment
problems (the fewest conflicts, then the fewest same-group pairs), looking
only for strictly fewer same-group pairs than the best found so far.  It
stops at 0, or at the fewest any pairing of the bracket's players could
have (a maximum matching, worked out when the search does not end quickly,
up to 300 players), or after ``AVOID_LIMIT`` = 10,000 steps (splits,
completion tests, complete pairings): then the best found is kept and the
event says ``complete=False``.  The same search runs in literal mode, so
both modes agree.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from decimal import Decimal
from typing import Callable, Iterator, Sequence

import numpy as np

from swisslearn.dutch1998.candidates import split_positions
from swisslearn.dutch1998.criteria import Relaxation, float_rejection
from swisslearn.dutch1998.exchanges import Exchange, iter_exchanges
from swisslearn.dutch1998.outcome import BracketLevel, GroupLevel, Outcome, Pair, Stream
from swisslearn.dutch1998.search import _IMPOSSIBLE, _linear_sum_assignment
from swisslearn.dutch1998.state import RoundState, Table
from swisslearn.matching import max_weight_mates
from swisslearn.model import Float, PlayerId, PlayerState
from swisslearn.trace import BracketPaired, Event, SoftAvoidChosen

__all__ = ["AVOID_LIMIT", "AvoidBudget", "avoiding", "bracket_level", "fewest_walk"]

#: A soft-avoid search stops after this many steps (assignment problems,
#: splits and complete pairings looked at) and keeps the best pairing found
#: by then (``SoftAvoidChosen.complete`` is then False).
AVOID_LIMIT = 10_000

#: Up to this many players, a search that does not end quickly works out the
#: fewest same-group pairs any pairing of the bracket could have (a maximum
#: matching), and stops as soon as it reaches that number.
_AVOID_FLOOR_PLAYERS = 300


def bracket_level(context: RoundState, item: Outcome, s1: tuple[PlayerState, ...],
                  residents: tuple[PlayerState, ...], allowed: np.ndarray, cost: np.ndarray,
                  x: int, pairs: tuple[Pair, ...], table: Table) -> BracketLevel | None:
    """How the rules accepted a heterogeneous bracket's outcome (``item``:
    its remainder group's), for :func:`_prefer`; None without soft-avoid."""
    if not context.avoid:
        return None  # only soft-avoid looks at it
    remainder = item.level
    if remainder is not None and not isinstance(remainder, GroupLevel):
        return None  # pragma: no cover - a remainder group is homogeneous
    return BracketLevel(s1, residents, allowed, cost, x, pairs, remainder, table)


# ---------------------------------------------------------------------------
# The fewest same-group pairs among the candidates of one split


@dataclass
class AvoidBudget:
    """The shared state of one soft-avoid search (:func:`fewest_walk`):
    ``best`` the same-group pairs of the best pairing found so far (only a
    strictly smaller count is looked for), ``floor`` a count no pairing can
    go below (the search stops when ``best`` reaches it), ``steps`` the
    splits, completion tests (assignment problems, quick checks) and
    complete candidates looked at, at most
    ``limit`` (past it the search stops and keeps the best found).
    ``refine``: a better ``floor``, worked out (once) only when the search
    has taken ``patience`` steps without reaching the floor it has."""

    best: int
    floor: int = 0
    steps: int = 0
    limit: int = 10_000
    examined: int = 0
    refine: Callable[[], int] | None = None
    patience: int = 50

    @property
    def exhausted(self) -> bool:
        return self.steps >= self.limit

    @property
    def done(self) -> bool:
        if self.best > self.floor and self.refine is not None and self.steps >= self.patience:
            refine, self.refine = self.refine, None
            self.floor = max(self.floor, refine())
        return self.best <= self.floor or self.steps >= self.limit


def fewest_walk(allowed: np.ndarray, cost: np.ndarray, avoid: np.ndarray,
                may_stay: np.ndarray, conflicts: tuple[int, int], budget: AvoidBudget,
                offset: int = 0) -> Iterator[tuple[tuple[int, ...], int, int, int]]:
    """The candidates of one S1/S2 split (S1 x S2 matrices ``allowed``,
    ``cost`` = colour conflict (B4), ``avoid`` = same-group pair; ``may_stay``
    for S2) in D1 order, each with its number of colour conflicts within
    ``conflicts`` (min, max) and fewer same-group pairs than
    ``budget.best - offset`` (read afresh at every step: the caller lowers
    it as it keeps better pairings).  Yields (S2 positions, D1 rank,
    same-group pairs, conflicts).

    Pruned as :meth:`~swisslearn.dutch1998.search.BracketSearch.candidates`
    is, with assignment problems: a prefix is kept only if some completion
    may still fit both counts (the fewest conflicts first, then the fewest
    same-group pairs among those; when the conflicts may go above that
    minimum, the fewest same-group pairs alone, a lower bound).  Exact: every
    candidate that fits is yielded, in order, unless ``budget`` runs out
    (``budget.exhausted``).  A loop over an explicit stack: no recursion."""
    k, m = allowed.shape
    if k > m:
        return
    cost = np.asarray(cost, dtype=np.int64)
    check = _Completion(allowed, cost, avoid, may_stay, conflicts, budget, offset)
    if budget.done or not check(0, set(), 0, 0):
        return
    yield from _FewestWalk(check, allowed, cost, avoid, conflicts[1], budget, offset).run()


class _Completion:
    """Can a prefix of :func:`fewest_walk` still be completed within both
    counts (the conflicts within bounds, fewer same-group pairs than the
    best so far)?"""

    def __init__(self, allowed: np.ndarray, cost: np.ndarray, avoid: np.ndarray,
                 may_stay: np.ndarray, conflicts: tuple[int, int], budget: AvoidBudget,
                 offset: int) -> None:
        self.k, self.m = allowed.shape
        self.low, self.high = conflicts
        self.budget = budget
        self.offset = offset
        self.allowed_rows: list[list[bool]] = allowed.tolist()
        self.cost_rows: list[list[int]] = cost.tolist()
        self.avoid_rows: list[list[int]] = avoid.tolist()
        self.stay: list[bool] = [bool(s) for s in may_stay]
        self.weight = weight = self.m + 1
        self.conflict_first = np.where(allowed, cost * weight + avoid, _IMPOSSIBLE).astype(np.int64)
        self.avoid_first = np.where(allowed, avoid * weight + cost, _IMPOSSIBLE).astype(np.int64)
        self.most_conflicts = np.where(allowed, 1 - cost, _IMPOSSIBLE).astype(np.int64)

    def solve(self, matrix: np.ndarray, level: int, free: list[int]) -> int | None:
        rows = self.k - level
        size = len(free)
        square = np.empty((size, size), dtype=np.int64)
        square[:rows, :] = matrix[level:, free]
        square[rows:, :] = [0 if self.stay[j] else _IMPOSSIBLE for j in free]
        self.budget.steps += 1
        row_index, col_index = _linear_sum_assignment(square)
        chosen = square[row_index, col_index]
        if int(chosen.max(initial=0)) >= _IMPOSSIBLE // 2:
            return None
        return int(chosen.sum())

    def __call__(self, level: int, used: set[int], spent: int, against: int) -> bool:
        k, budget, stay = self.k, self.budget, self.stay
        free = [j for j in range(self.m) if j not in used]
        if level == k:
            return self.low <= spent <= self.high and all(stay[j] for j in free)
        left_low, left_high = self.low - spent, self.high - spent
        room = budget.best - self.offset - 1 - against
        # Quick path: the untouched order of what is left often fits.
        rows = k - level
        if len(free) >= rows and all(stay[j] for j in free[rows:]):
            budget.steps += 1
            greedy_cost = greedy_avoid = 0
            for i, j in zip(range(level, k), free):
                if not self.allowed_rows[i][j]:
                    break
                greedy_cost += self.cost_rows[i][j]
                greedy_avoid += self.avoid_rows[i][j]
            else:
                if left_low <= greedy_cost <= left_high and greedy_avoid <= room:
                    return True
        found = self.solve(self.conflict_first, level, free)
        if found is None:
            return False
        fewest, avoid_then = divmod(found, self.weight)
        if fewest > left_high:
            return False
        if fewest < left_high:
            found = self.solve(self.avoid_first, level, free)
            assert found is not None
            avoid_then = found // self.weight
        if avoid_then > room:
            return False
        if fewest < left_low:
            most = self.solve(self.most_conflicts, level, free)
            if most is None or (k - level) - most < left_low:
                return False
        return True


class _FewestWalk:
    """The depth-first walk of :func:`fewest_walk`, one frame per S1 player
    fixed, the budget checked before every S2 player tried."""

    def __init__(self, check: _Completion, allowed: np.ndarray, cost: np.ndarray,
                 avoid: np.ndarray, high: int, budget: AvoidBudget, offset: int) -> None:
        self.check = check
        self.k, self.m = allowed.shape
        self.high = high
        self.budget = budget
        self.offset = offset
        self.chosen: list[int] = []
        self.used: set[int] = set()
        size = self.k + 1
        self.cursor = [0] * size
        self.smaller = [0] * size
        self.spent = [0] * size
        self.against = [0] * size
        self.rank = [0] * size
        self.factorials = [math.factorial(n) for n in range(self.m + 1)]

    def run(self) -> Iterator[tuple[tuple[int, ...], int, int, int]]:
        k, budget = self.k, self.budget
        level = 0
        while level >= 0:
            if level == k:
                budget.examined += 1
                budget.steps += 1
                yield tuple(self.chosen), self.rank[k], self.against[k], self.spent[k]
            elif self._step(level):
                level += 1
                self.cursor[level] = self.smaller[level] = 0
                continue
            level -= 1   # the level is done: back to the one above (which asks the budget)
            if level >= 0:
                self.used.discard(self.chosen.pop())

    def _step(self, level: int) -> bool:
        """The next S2 player for S1[level] that may lead to a fit: True when
        one is fixed, False when the level is done (or the budget is)."""
        check, budget = self.check, self.budget
        allowed, costs, avoids = (check.allowed_rows[level], check.cost_rows[level],
                                  check.avoid_rows[level])
        block = self.factorials[self.m - 1 - level]
        spent, against = self.spent[level], self.against[level]
        while self.cursor[level] < self.m:
            if budget.done:
                return False
            j = self.cursor[level]
            self.cursor[level] += 1
            if j in self.used:
                continue
            step = self.smaller[level] * block
            self.smaller[level] += 1
            if not allowed[j]:
                continue
            c, a = costs[j], avoids[j]
            if spent + c > self.high or against + a > budget.best - self.offset - 1:
                continue
            self.chosen.append(j)
            self.used.add(j)
            if check(level + 1, self.used, spent + c, against + a):
                self.spent[level + 1], self.against[level + 1] = spent + c, against + a
                self.rank[level + 1] = self.rank[level] + step
                return True
            self.chosen.pop()
            self.used.discard(j)
        return False


# ---------------------------------------------------------------------------
# The equivalent pairing with the fewest same-group pairs


@dataclass(frozen=True)
class _Choice:
    """A pairing found by the soft-avoid search: its pairs, D1 rank and D2
    exchange (number, cell), the S1/S2 split, its same-group pairs; for a
    heterogeneous bracket the rank is the moved-down players' and
    ``remainder`` the remainder group's own choice (over ``rest``)."""

    pairs: tuple[Pair, ...]
    rank: int
    number: int
    cell: str | None
    s1: tuple[PlayerId, ...]
    s2: tuple[PlayerId, ...]
    count: int
    rest: tuple[PlayerState, ...] = ()
    remainder: _Choice | None = None


def _same_group(context: RoundState, pairs: Sequence[Pair]) -> tuple[tuple[PlayerId, PlayerId], ...]:
    return tuple((a.id, b.id) for a, b in pairs if frozenset((a.id, b.id)) in context.avoid)


_B6_ONLY_DOWN = Relaxation(b5_down=False)
_B5_ONLY_DOWN = Relaxation(b6_down=False)
_B6_ONLY_UP = Relaxation(b5_up=False)
_B5_ONLY_UP = Relaxation(b6_up=False)


def _profile(pairs: Sequence[Pair]) -> tuple[tuple[Decimal, ...], tuple[int, int, int, int]]:
    """What the criteria see of the floats inside the pairs: the score
    differences (B3) and the breaches of B6 and B5 by the downfloaters and
    by the upfloaters (whether the level still keeps them or not)."""
    differences: list[Decimal] = []
    b6d = b5d = b6u = b5u = 0
    for a, b in pairs:
        if a.score == b.score:
            continue
        high, low = (a, b) if a.score > b.score else (b, a)
        differences.append(high.score - low.score)
        b6d += float_rejection(high, Float.DOWN, _B6_ONLY_DOWN) is not None
        b5d += float_rejection(high, Float.DOWN, _B5_ONLY_DOWN) is not None
        b6u += float_rejection(low, Float.UP, _B6_ONLY_UP) is not None
        b5u += float_rejection(low, Float.UP, _B5_ONLY_UP) is not None
    return tuple(sorted(differences)), (b6d, b5d, b6u, b5u)


def _conflicts(context: RoundState, pairs: Sequence[Pair]) -> int:
    return sum(1 for a, b in pairs if context.conflict(a, b))


def _avoid_grid(context: RoundState, rows: Sequence[PlayerState],
                columns: Sequence[PlayerState]) -> np.ndarray:
    return np.array([[frozenset((a.id, b.id)) in context.avoid for b in columns]
                     for a in rows], dtype=np.int64).reshape(len(rows), len(columns))


def _fewest_group(context: RoundState, players: tuple[PlayerState, ...], table: Table, p: int,
                  required: frozenset[PlayerId], conflicts: int, budget: AvoidBudget,
                  offset: int, profile: object) -> Iterator[_Choice]:
    """The pairings of a homogeneous group at one level, split by split in
    D2 order and in D1 order on each, that leave exactly ``required``
    unpaired, have exactly ``conflicts`` colour conflicts, the same
    ``profile`` (:func:`_profile`, None: not looked at) and fewer
    same-group pairs than ``budget.best - offset``."""
    n = len(players)
    avoid = _avoid_grid(context, players, players)
    stay = np.array([pl.id in required for pl in players], dtype=bool)
    splits: Iterator[tuple[int, Exchange | None]] = itertools.chain(
        [(0, None)], enumerate(iter_exchanges(p, n - p), 1))
    for number, exchange in splits:
        if budget.done:
            return
        budget.steps += 1
        rows, columns = split_positions(p, n, exchange)
        if stay[rows].any():
            continue  # the players left over are always in S2
        grid = np.ix_(rows, columns)
        allowed = table.allowed[grid] & ~stay[columns][None, :]
        cell = None if exchange is None else (exchange.cell or exchange.label())
        for positions, rank, count, _ in fewest_walk(allowed, table.cost[grid], avoid[grid],
                                                     stay[columns], (conflicts, conflicts),
                                                     budget, offset):
            pairs = tuple((players[rows[i]], players[columns[j]])
                          for i, j in enumerate(positions))
            if profile is not None and _profile(pairs) != profile:
                continue
            yield _Choice(pairs, rank, number, cell, tuple(players[i].id for i in rows),
                          tuple(players[j].id for j in columns), count)


def _remainder_table(context: RoundState, level: GroupLevel, rest: tuple[PlayerState, ...],
                     table: Table) -> Table:
    """The table of another remainder group at the rules' remainder level."""
    sub = table.sub(rest)
    if len({pl.score for pl in rest}) > 1:
        relaxation = _relaxation_of(level.view.dropped)
        return sub.with_floats(context, relaxation)
    return sub


def _relaxation_of(dropped: Sequence[str]) -> Relaxation:
    return Relaxation.of_dropped(dropped)


def _fewest_heterogeneous(context: RoundState, level: BracketLevel, required: frozenset[PlayerId],
                          conflicts: int, budget: AvoidBudget) -> Iterator[_Choice]:
    """The pairings of a heterogeneous bracket equivalent to the rules' one:
    the moved-down players' pairing in D1 order at the rules' level, then
    for each its remainder group at the rules' remainder level
    (:func:`_fewest_group`), the conflicts adding up to ``conflicts``."""
    s1, residents, remainder = level.s1, level.residents, level.remainder
    stay = np.array([r.id in required for r in residents], dtype=bool)
    allowed = level.allowed & ~stay[None, :]
    avoid = _avoid_grid(context, s1, residents)
    mdp_profile = _profile(level.mdp_pairs)
    if remainder is None:
        # Nobody is paired in the remainder: all of it moves down.
        may_stay, bounds = stay, (conflicts, conflicts)
    else:
        may_stay = np.ones(len(residents), dtype=bool)
        bounds = (max(0, conflicts - remainder.x), min(level.x, conflicts))
        rest_profile = (_profile(remainder.pairs)
                        if len({pl.score for pl in remainder.players}) > 1 else None)
    for positions, rank, count, spent in fewest_walk(allowed, level.cost, avoid, may_stay,
                                                     bounds, budget):
        pairs = tuple((s1[i], residents[j]) for i, j in enumerate(positions))
        if _profile(pairs) != mdp_profile:
            continue
        ids1, ids2 = tuple(pl.id for pl in s1), tuple(pl.id for pl in residents)
        if remainder is None:
            yield _Choice(pairs, rank, 0, None, ids1, ids2, count)
            continue
        used = set(positions)
        rest = tuple(residents[j] for j in range(len(residents)) if j not in used)
        table = _remainder_table(context, remainder, rest, level.table)
        for inner in _fewest_group(context, rest, table, remainder.p, required,
                                   conflicts - spent, budget, count, rest_profile):
            yield _Choice(pairs + inner.pairs, rank, 0, None, ids1, ids2, count + inner.count,
                          rest, inner)


def _floor(context: RoundState, outcome: Outcome, required: frozenset[PlayerId],
           conflicts: int) -> int:
    """The fewest same-group pairs any pairing equivalent to ``outcome``
    could have, or fewer: a maximum matching of the players paired, over
    the pairs the level allows (the fewest conflicts first when the rules'
    pairing has no more than that, else the conflicts left aside)."""
    level = outcome.level
    edges: list[tuple[PlayerState, PlayerState, int]] = []
    if isinstance(level, GroupLevel):
        group = [pl for pl in level.players if pl.id not in required]
        index = {pl.id: i for i, pl in enumerate(level.players)}
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                if level.table.allowed[index[a.id], index[b.id]]:
                    edges.append((a, b, int(level.table.cost[index[a.id], index[b.id]])))
    elif isinstance(level, BracketLevel):
        residents = [r for r in level.residents if r.id not in required]
        spot = {r.id: j for j, r in enumerate(level.residents)}
        group = list(level.s1) + residents
        for i, a in enumerate(level.s1):
            for r in residents:
                if level.allowed[i, spot[r.id]]:
                    edges.append((a, r, int(level.cost[i, spot[r.id]])))
        if level.remainder is not None:
            sub = level.table.sub(level.residents)
            for i, a in enumerate(residents):
                for b in residents[i + 1:]:
                    if sub.allowed[spot[a.id], spot[b.id]]:
                        edges.append((a, b, int(sub.cost[spot[a.id], spot[b.id]])))
    else:
        return 0
    if len(group) > _AVOID_FLOOR_PLAYERS or len(group) % 2:
        return 0
    place = {pl.id: i for i, pl in enumerate(group)}
    measured: dict[tuple[int, int], tuple[int, int]] = {}
    for a, b, cost in edges:
        i, j = sorted((place[a.id], place[b.id]))
        measured[(i, j)] = (cost, int(frozenset((a.id, b.id)) in context.avoid))

    def fewest(weigh: Callable[[int, int], int]) -> tuple[int, int] | None:
        # ``big`` exceeds any sum of ``weigh``: the heaviest matching is a
        # perfect one if any, then the lightest; the two sums it returns are
        # the digits of that lightest total (each below ``width``), so any
        # heaviest matching gives the same.
        big = 4 * len(group) * len(group) + 4
        mate = max_weight_mates(len(group), [(i, j, big - weigh(cost, same))
                                             for (i, j), (cost, same) in sorted(measured.items())])
        if -1 in mate:
            return None
        pairs = [measured[(i, j)] for i, j in enumerate(mate) if i < j]
        return sum(cost for cost, _ in pairs), sum(same for _, same in pairs)

    width = len(group) + 1
    first = fewest(lambda cost, same: cost * width + same)
    if first is None:
        return 0  # pragma: no cover - the rules' own pairing is one
    if first[0] == conflicts:
        return first[1]
    alone = fewest(lambda cost, same: same * width + cost)
    return 0 if alone is None else alone[1]


def _prefer(context: RoundState, outcome: Outcome
            ) -> tuple[Outcome, SoftAvoidChosen | None, _Choice | None]:
    """Soft-avoid (seed 002) on one outcome: if its pairs hold pairs of a
    soft-avoid group, the equivalent outcome with the fewest, the earliest
    in D1/D2 order among those (the rules' own if none has fewer).

    Equivalent (module docstring, "Soft-avoid"): acceptable at the level at
    which the rules accepted ``outcome`` (x, p, dropped criteria; for a
    heterogeneous bracket the moved-down players' level and the remainder
    group's), the same players moved down (so the brackets below are paired
    exactly as without protections), the same number of colour conflicts
    (B4), the same score differences (B3) and B5/B6 breaches."""
    level = outcome.level
    if level is None:
        return outcome, None, None
    rules_group = _same_group(context, outcome.pairs)
    if not rules_group:
        return outcome, None, None
    down = frozenset(pl.id for pl in outcome.moved_down)
    conflicts = _conflicts(context, outcome.pairs)
    budget = AvoidBudget(best=len(rules_group), limit=AVOID_LIMIT,
                         refine=lambda: _floor(context, outcome, down, conflicts))
    best: _Choice | None = None
    if isinstance(level, GroupLevel):
        mixed = len({pl.score for pl in level.players}) > 1
        found = _fewest_group(context, level.players, level.table, level.p, down, conflicts,
                              budget, 0, _profile(outcome.pairs) if mixed else None)
    else:
        found = _fewest_heterogeneous(context, level, down, conflicts, budget)
    for choice in found:
        if choice.count < budget.best:
            best = choice
            budget.best = choice.count
        if budget.done:
            break
    complete = not budget.exhausted or budget.best <= budget.floor
    chosen = outcome
    if best is not None:
        if isinstance(level, GroupLevel):
            view = level.view.with_(s1=best.s1, s2=best.s2)
            chosen = Outcome(best.pairs, outcome.moved_down, view, best.rank, best.cell, level)
        else:
            chosen = Outcome(best.pairs, outcome.moved_down, outcome.view, best.rank, None,
                             level)
    event = SoftAvoidChosen(
        rule="protection:soft-avoid", bracket=outcome.view,
        rules_pairs=tuple((a.id, b.id) for a, b in outcome.pairs),
        rules_same_group=len(rules_group),
        pairs=tuple((a.id, b.id) for a, b in chosen.pairs),
        same_group=len(_same_group(context, chosen.pairs)),
        moved_down=tuple(pl.id for pl in outcome.moved_down),
        rules_group_pairs=rules_group, group_pairs=_same_group(context, chosen.pairs),
        rules_transposition=outcome.transposition, rules_exchange=outcome.exchange,
        transposition=chosen.transposition, exchange=chosen.exchange,
        examined=budget.examined, complete=complete)
    return chosen, event, best


def _replaced(context: RoundState, paired: BracketPaired, outcome: Outcome, chosen: Outcome,
              choice: _Choice) -> BracketPaired:
    """A BracketPaired of the rules' ``outcome`` (the bracket's, or its
    remainder group's) told with the pairing kept instead."""
    ids = tuple((a.id, b.id) for a, b in outcome.pairs)
    if paired.pairs == ids:
        return BracketPaired(rule=paired.rule, bracket=chosen.view,
                             pairs=tuple((a.id, b.id) for a, b in chosen.pairs),
                             moved_down=paired.moved_down, transposition=chosen.transposition,
                             exchange=chosen.exchange)
    level, inner = outcome.level, choice.remainder
    if (isinstance(level, BracketLevel) and level.remainder is not None and inner is not None
            and paired.bracket.remainder
            and paired.pairs == tuple((a.id, b.id) for a, b in level.remainder.pairs)):
        view = paired.bracket.with_(players=tuple(context.view(pl) for pl in choice.rest),
                                    s1=inner.s1, s2=inner.s2)
        return BracketPaired(rule=paired.rule, bracket=view,
                             pairs=tuple((a.id, b.id) for a, b in inner.pairs),
                             moved_down=paired.moved_down, transposition=inner.rank,
                             exchange=inner.cell)
    return paired


def avoiding(context: RoundState, stream: Stream) -> Stream:
    """``stream`` with each outcome passed through :func:`_prefer`: the
    :class:`SoftAvoidChosen` event first, then the bracket's (and its
    remainder group's) :class:`BracketPaired` told with the pairing kept."""
    held: list[Event] = []
    answer: bool | None = None
    while True:
        try:
            item = stream.send(answer)
        except StopIteration:
            break
        answer = None
        if isinstance(item, BracketPaired):
            held.append(item)
            continue
        if isinstance(item, Outcome):
            chosen, event, choice = _prefer(context, item)
            if event is not None:
                yield event
            for kept in held:
                if choice is not None and isinstance(kept, BracketPaired):
                    kept = _replaced(context, kept, item, chosen, choice)
                yield kept
            held = []
            answer = yield chosen
            continue
        for kept in held:
            yield kept
        held = []
        answer = yield item
    for kept in held:
        yield kept
