"""Articles 1.9, 3 and 4: the round paired bracket by bracket, each bracket by
maximum-weight matching.

One matching over *all* players not yet paired keeps the round completable
([C4]) while a bracket is paired: pairs inside the bracket carry the quality
criteria, pairs elsewhere only completion.  Every bracket takes two
matchings, each the previous weights shifted left with a lexicographic tie
break added in the new low bits (a tie break never outweighs a criterion):

1. the MDP-Pairing (3.2.2, 3.3.3, 4.4): among the best matchings, the MDPs
   paired are the first ones possible in 1.2 order (4.4.2: the set with the
   smallest differing BSN), and each, in order, meets the highest resident
   possible (4.2.2: transpositions in lexicographic order).  The residents
   left make the remainder; its pairs give MaxPairs for it.
2. the remainder (3.6, 4.3): S1R is its first half (MaxPairs players); the
   weights add, in this order, fewest players exchanged (4.3.2 rule 1),
   smallest difference of the BSN sums (rule 2), then bonus bits so that
   the largest BSNs leave S1R (rule 3), then the smallest BSNs of S2R enter
   it (rule 4), then each S1R player, in order, meets the first S2R player
   possible (4.2.2).

A greedy "try, keep if still optimal" loop over these preferences, as the
reference engine runs it, picks the same matching; folding the preferences
into one weight per phase needs two matchings per bracket instead of one
per player.

The downfloaters are the players of the bracket left unpaired; with an odd
number of players the one left after the last bracket gets the PAB.

Speed: a pair outside the bracket and the next scoregroup carries only
[C4]/[C5], and every complete pairing scores the same there.  So each
matching is first solved on those two scoregroups alone, the [C4] field
dropped; if the players it leaves can still all be paired
(:class:`~swisslearn.matching.completion.Completion` answers in
milliseconds), that matching is a best one of the whole graph.  If not, or
when the PAB may go to one of those players, the whole graph is solved as
before.  tests/test_dutch2026_window.py checks that both give the same
round on random tournaments.

Shared with the 2017 edition (:mod:`swisslearn.dutch2017.brackets`, whose
round loop differs: A.9's PPB and CLB) -- the interface a faster version
must keep:

* :class:`Graph` (the weights of the players not yet paired, a
  :class:`~swisslearn.dutch2026.pairweights.BracketWeights` per bracket in
  both editions; with ``completion=None`` only its alive vertices and no
  shortcut) and its
  :meth:`Graph.snapshot` (:class:`Snapshot`, to judge another candidate);
* :func:`pair_bracket` (the two phases of one bracket: :func:`pair_mdps`,
  then :func:`pair_remainder`) returning :class:`Phases`, and
  :func:`bracket_result` building the :class:`BracketResult`;
* :func:`compatibility` (who may meet whom) and :func:`scoregroups`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Callable, Mapping, Sequence, cast

from swisslearn.dutch2026 import certified, generation
from swisslearn.dutch2026.classes import Neighbours, Roster
from swisslearn.matching.completion import Completion
from swisslearn.dutch2026.criteria import Layout, compatible
from swisslearn.matching.weighted import matching_of_sorted, max_weight_matching
from swisslearn.dutch2026.pairweights import BracketWeights, Weigh
from swisslearn.dutch2026.scoring import Competitor
from swisslearn.dutch2026.weights import WeightShape
from swisslearn.model import PlayerId

__all__ = ["BracketResult", "RoundResult", "Unpairable", "Graph", "Snapshot",
           "Phases", "bracket_result", "compatibility", "pair_bracket", "pair_brackets",
           "pair_mdps", "pair_remainder", "scoregroups"]


class Unpairable(Exception):
    """No pairing complies with [C1]-[C3] ([C4] fails): ``players`` are the
    ones the best attempt leaves unpaired."""

    def __init__(self, players: tuple[Competitor, ...]) -> None:
        super().__init__(", ".join(str(p.id) for p in players))
        self.players = players


@dataclass(frozen=True)
class BracketResult:
    """What happened in one bracket (players as :class:`Competitor`).

    ``mdps`` are the moved-down players (M0 of them), ``residents`` the
    scoregroup; ``s1`` the MDPs paired (M1), ``limbo`` the others;
    ``mdp_pairs`` the MDP-Pairing; ``remainder`` the residents left, split
    into ``s1r`` (the first MaxPairs of it) and ``s2r``; ``pairs`` every pair
    made (higher ranked player first); ``downfloaters`` who moves on;
    ``moved_out``/``moved_in`` the resident exchange (4.3) between S1R and
    S2R, if any.  ``solver`` keeps the bracket's weights, to weigh another
    candidate against the one chosen (:meth:`Snapshot.best_total_with`).
    ``route`` and ``layout`` are for an edition whose bracket has its own
    weight layout and more than one way through the round (2017's A.9:
    ``"dropped"`` for a pairing redone as the PPB, ``"ppb"``, ``"clb"``);
    2026 leaves them empty (its layout is the round's).
    """

    index: int
    score: Decimal
    mdps: tuple[Competitor, ...]
    residents: tuple[Competitor, ...]
    s1: tuple[Competitor, ...]
    limbo: tuple[Competitor, ...]
    mdp_pairs: tuple[tuple[Competitor, Competitor], ...]
    remainder: tuple[Competitor, ...]
    s1r: tuple[Competitor, ...]
    s2r: tuple[Competitor, ...]
    remainder_pairs: tuple[tuple[Competitor, Competitor], ...]
    moved_out: tuple[Competitor, ...]
    moved_in: tuple[Competitor, ...]
    downfloaters: tuple[Competitor, ...]
    c9: bool
    last: bool
    solver: Snapshot = field(compare=False, repr=False)
    best_total: int = field(default=0, compare=False, repr=False)
    route: str = ""
    layout: WeightShape | None = field(default=None, compare=False, repr=False)

    @property
    def pairs(self) -> tuple[tuple[Competitor, Competitor], ...]:
        return self.mdp_pairs + self.remainder_pairs


@dataclass(frozen=True)
class RoundResult:
    players: tuple[Competitor, ...]          # in 1.2 order
    brackets: tuple[BracketResult, ...]
    bye: Competitor | None
    bye_score: Decimal | None                # [C5]: the lowest score the PAB can go to
    c9_first: bool
    layout: WeightShape
    windowed: int = 0                         # matchings solved on two scoregroups only

    @property
    def pairs(self) -> tuple[tuple[Competitor, Competitor], ...]:
        """The round's pairs (a bracket paired again, 2017's A.9, counts once)."""
        return tuple(pair for bracket in self.brackets if bracket.route != "dropped"
                     for pair in bracket.pairs)


def _bits(n: int) -> int:
    return max(n.bit_length(), 1)


Mates = dict[int, int]

TIGHT_LIMIT = 2_000_000
"""The remainder's search (:func:`generation.first_in_order`) runs on the
tight pairs when there are at most this many (else, round 1 of a very large
field, the greedy answer is proven by the rest alone)."""

DENSE_LIMIT = 96
"""Matchings of at most this many players are solved on every edge (the
blossom algorithm is fast there); larger ones by
:func:`swisslearn.dutch2026.certified.solve` (a few edges, proven)."""

def _pairs_of(mates: Mapping[int, int]) -> list[tuple[int, int]]:
    return [(u, v) for u, v in mates.items() if u < v]


def _weight(overrides: Mapping[tuple[int, int], int], weights: BracketWeights | None,
            outside: Callable[[int, int], int], u: int, v: int) -> int:
    """A pair's weight: set by hand, else the bracket's, else the outside one."""
    key = (u, v) if u < v else (v, u)
    weight = overrides.get(key)
    if weight is not None:
        return weight
    if weights is not None:
        return weights.weight(*key)
    return outside(*key)


class Graph:
    """The weights between the players not yet paired (vertex = place in 1.2
    order): those of the bracket being paired (:attr:`weights`, a
    :class:`~swisslearn.dutch2026.pairweights.BracketWeights`), or, without
    one, ``outside(u, v)`` for every pair; :meth:`set` overrides a pair.

    With ``completion`` None the graph is only its alive vertices: no
    two-scoregroup shortcut, no completion kept (2017's brackets, whose
    completion is checked afterwards, A.9).

    ``exact``: the bracket's matchings must be the very ones the blossom
    algorithm finds on every edge (2026's [C9] reads a matching's pairs
    outside the bracket, where several matchings are equally good).
    """

    def __init__(self, size: int, outside: Callable[[int, int], int],
                 completion: Completion | None, quality_bits: int) -> None:
        self.alive: list[bool] = [True] * size
        self.overrides: dict[tuple[int, int], int] = {}
        self.outside = outside
        self.weights: BracketWeights | None = None
        self.completion = completion
        self.quality_mask = (1 << quality_bits) - 1
        self.quality_bits = quality_bits
        # The [C4]/[C5] field of every complete pairing of the players alive.
        self.base_total = 0
        self.window: list[int] = []       # the two scoregroups, when allowed
        self.windowed = 0
        self.last_windowed = False
        self.exact = False
        self.certified = 0                # matchings solved by certified.solve
        self._memo: dict[tuple[tuple[int, ...], int],
                         tuple[certified.Problem, certified.Solution]] = {}
        self._hints: set[tuple[int, int]] = set()

    def vertices(self) -> list[int]:
        return [v for v, alive in enumerate(self.alive) if alive]

    def set(self, u: int, v: int, weight: int) -> None:
        self.overrides[(u, v) if u < v else (v, u)] = weight

    def get(self, u: int, v: int) -> int:
        return _weight(self.overrides, self.weights, self.outside, u, v)

    def remove(self, *vertices: int) -> None:
        for v in vertices:
            self.alive[v] = False
        if self.completion is not None:
            self.completion.remove(vertices)

    # -- the two routes of a matching (window, then the whole graph) --------

    def _routed(self, optimum: Callable[[list[int], int], Mates]) -> Mates:
        """``optimum(vertices, mask)`` on the two scoregroups first (the
        [C4] field masked) when allowed and completable, else on every
        player alive; see the module doc."""
        completion = self.completion
        if completion is None:
            return optimum(self.vertices(), -1)
        if self.window:
            window = sorted(v for v in self.window if self.alive[v])
            mates = optimum(window, self.quality_mask)
            repaired = completion.try_without(_pairs_of(mates))
            if repaired is not None:
                self.windowed += 1
                self.last_windowed = True
                completion.adopt(repaired)
                return mates
        self.last_windowed = False
        mates = optimum(self.vertices(), -1)
        repaired = completion.try_without(_pairs_of(mates))
        if repaired is not None:
            completion.adopt(repaired)
        return mates

    def solve(self, extra_bits: int = 0,
              bonus: Mapping[tuple[int, int], int] | None = None,
              override: Mapping[tuple[int, int], int] | None = None) -> Mates:
        """A maximum matching of the weights (``override`` replacing some)
        shifted by ``extra_bits`` plus ``bonus``; see the module doc for
        the two-scoregroup shortcut."""
        bonus = bonus or {}
        override = override or {}
        return self._routed(lambda vertices, mask: self._optimum(
            vertices, extra_bits, bonus, override, mask))

    def _dense(self, vertices: list[int]) -> bool:
        return (self.exact or len(vertices) <= DENSE_LIMIT or self.weights is None
                or bool(self.overrides) or not certified.AVAILABLE)

    def _optimum(self, vertices: list[int], extra_bits: int, bonus: Mapping[tuple[int, int], int],
                 override: Mapping[tuple[int, int], int], mask: int) -> Mates:
        if self._dense(vertices):
            return matching_of_sorted(vertices, self._edges(vertices, extra_bits, bonus,
                                                            override, mask))
        return self._certified(vertices, extra_bits, bonus, override, mask)[0]

    def use(self, weights: BracketWeights) -> None:
        """The weights of the next bracket (solutions and hints of the last
        one are dropped)."""
        self.weights = weights
        self._memo = {}
        self._hints = set()

    def _solve_problem(self, vertices: list[int], problem: certified.Problem
                       ) -> certified.Solution:
        """:func:`certified.solve`, tried first on the edges that served the
        bracket's earlier matchings."""
        position = {v: i for i, v in enumerate(vertices)}
        hint = []
        for u, v in self._hints:
            i, j = position.get(u), position.get(v)
            if i is not None and j is not None:
                hint.append((i, j) if i < j else (j, i))
        solution = certified.solve(problem, hint)
        self.certified += 1
        self._hints.update((vertices[i], vertices[j]) for i, j in solution.edges)
        return solution

    def _plain(self, vertices: list[int], mask: int
               ) -> tuple[certified.Problem, certified.Solution]:
        """The criteria alone (masked) on ``vertices``: problem and solution,
        kept for the bracket's next matching on the same players."""
        assert self.weights is not None
        key = (tuple(vertices), mask)
        found = self._memo.get(key)
        if found is None:
            problem = self.weights.problem(vertices, lambda w: w & mask)
            found = self._memo[key] = (problem, self._solve_problem(vertices, problem))
        return found

    def _certified(self, vertices: list[int], extra_bits: int,
                   bonus: Mapping[tuple[int, int], int],
                   override: Mapping[tuple[int, int], int], mask: int
                   ) -> tuple[Mates, certified.Solution]:
        assert self.weights is not None
        if not extra_bits and not bonus and not override:
            solution = self._plain(vertices, mask)[1]
        else:
            problem = self.weights.problem(vertices, lambda w: (w & mask) << extra_bits,
                                           bonus, override)
            solution = self._solve_problem(vertices, problem)
        return {vertices[i]: vertices[j] for i, j in enumerate(solution.mate) if j >= 0}, solution

    def _edges(self, vertices: list[int], extra_bits: int, bonus: Mapping[tuple[int, int], int],
               override: Mapping[tuple[int, int], int], mask: int
               ) -> list[tuple[int, int, int]]:
        """The edges of the matching among ``vertices`` (sorted), by position:
        each weight (``override`` first) masked, shifted by ``extra_bits``,
        plus its ``bonus``; pairs that may not meet are no edge."""
        edges = []
        # :meth:`get` inlined (every pair of the matching is weighed here).
        overrides = self.overrides
        weigh = self.weights.weight if self.weights is not None else self.outside
        for i, u in enumerate(vertices):
            for j in range(i + 1, len(vertices)):
                v = vertices[j]
                key = (u, v)
                weight = override.get(key)
                if weight is None:
                    low = key if u < v else (v, u)
                    weight = overrides.get(low)
                    if weight is None:
                        weight = weigh(*low)
                if weight:
                    value = ((weight & mask) << extra_bits) + bonus.get(key, 0)
                    if value > 0:
                        edges.append((i, j, value))
        return edges

    # -- the MDP-Pairing: can two MDPs meet in a best matching? -------------

    def mdp_pairing(self, mdps: list[int], extra_bits: int,
                    bonus: Mapping[tuple[int, int], int]) -> Mates:
        """:meth:`solve` for the MDP-Pairing.  What the bracket keeps of its
        matching is the MDPs' pairs (one best matching, the bonus decides)
        and how many pairs its remainder makes; that number is the same in
        every best matching unless a best matching may pair two MDPs
        together.  When some may (a tight pair of MDPs), the matching is
        the dense one, as the blossom algorithm finds it on every edge."""
        mdp_set = set(mdps)

        def optimum(vertices: list[int], mask: int) -> Mates:
            if self._dense(vertices):
                return self._optimum(vertices, extra_bits, bonus, {}, mask)
            mates, solution = self._certified(vertices, extra_bits, bonus, {}, mask)
            position = {v: i for i, v in enumerate(vertices)}
            inside = [position[v] for v in vertices if v in mdp_set]
            if any(solution.tight(a, b) for k, b in enumerate(inside) for a in inside[:k]):
                return matching_of_sorted(vertices, self._edges(vertices, extra_bits, bonus,
                                                                {}, mask))
            return mates

        return self._routed(optimum)

    # -- the remainder: 4.3 then 4.2 as one lexicographic choice ------------

    def remainder(self, remainder: list[int], pairs: int, group_bits: int) -> Mates:
        """The matching of the remainder's phase (see :func:`pair_remainder`).

        Small graphs get the weights of :func:`remainder_weights` on every
        edge.  On larger ones those weights (exchanges and transpositions as
        low bits: up to ``size × log(size)`` of them) are only put on the
        pairs that can belong to a best matching at all: a matching of the
        criteria alone is solved first (:mod:`.certified`), and only its
        *tight* pairs (:func:`certified.tight_pairs`) are in a best matching
        on the criteria, hence in the best one on all the weights.  That
        graph is solved on a few of its pairs and proven on all of them
        (:func:`certified.solve_on`)."""
        def optimum(vertices: list[int], mask: int) -> Mates:
            if self._dense(vertices):
                return self._remainder_weights(vertices, remainder, pairs, group_bits, mask)
            found = self._remainder_in_order(vertices, remainder, pairs, mask)
            if found is not None:
                return found
            return self._remainder_tight(vertices, remainder, pairs, group_bits, mask)

        return self._routed(optimum)

    def _remainder_in_order(self, vertices: list[int], remainder: list[int], pairs: int,
                            mask: int) -> Mates | None:
        """The remainder without exchange, when a best matching on the
        criteria has none: S1R's players in order, each against the first
        S2R player possible (:func:`generation.first_in_order`).  None when
        every best matching needs an exchange (4.3 decides then)."""
        problem, best = self._plain(vertices, mask)
        s1, s2 = set(remainder[:pairs]), set(remainder[pairs:])
        shift = _bits(pairs) + 1
        other, first, second = 0, 1, 2

        def no_exchange(higher: int, lower: int, weight: int) -> int:
            # S1R players only against S2R players (each such pair counted
            # in the low bits), no pair inside S2R.
            if weight <= 0:
                return 0
            if higher == first or lower == first:
                return (weight << shift) + 1 if higher == first and lower == second else 0
            if higher == second and lower == second:
                return 0
            return weight << shift

        tags = [first if v in s1 else second if v in s2 else other for v in vertices]
        constrained = problem.retagged(tags, no_exchange, 3)
        # A proven dual solution of that problem: the criteria's, every dual
        # times 2**shift, plus (in doubled units) 2 on each S1R player for
        # its pair's +1.  Its value, the criteria's best shifted plus one per
        # S1R player, is reached exactly when a best matching on the
        # criteria needs no exchange; its tight pairs are the criteria's.
        target = (best.total << shift) + pairs
        start = [(y << shift) + (2 if tag == first else 0)
                 for y, tag in zip(best.vertex_duals(), tags)]
        listed = certified.tight_pairs(best, limit=TIGHT_LIMIT)
        if listed is not None:
            listed = [(i, j) for i, j in listed if constrained.weight(i, j) > 0]
        start_mate = [j if j >= 0 and constrained.weight(i, j) > 0 else -1
                      for i, j in enumerate(best.mate)]
        position = {v: i for i, v in enumerate(vertices)}
        mate = generation.first_in_order(
            constrained, [position[v] for v in remainder[:pairs]],
            [position[v] for v in remainder[pairs:]],
            tight=lambda i, j, w: best.tight(i, j, problem.weight(i, j)),
            tight_pairs=listed, start_mate=start_mate, start_duals=start, target=target)
        if mate is None:
            return None
        return {vertices[i]: vertices[j] for i, j in enumerate(mate) if j >= 0}

    def _remainder_weights(self, vertices: list[int], remainder: list[int], pairs: int,
                           group_bits: int, mask: int) -> Mates:
        extra, bonus, override = remainder_weights(self, remainder, pairs, group_bits)
        return self._optimum(vertices, extra, bonus, override, mask)

    def _remainder_tight(self, vertices: list[int], remainder: list[int], pairs: int,
                         group_bits: int, mask: int) -> Mates:
        problem, best = self._plain(vertices, mask)
        tight = certified.tight_pairs(best, limit=TIGHT_LIMIT)
        if tight is None:  # pragma: no cover - an exchange in a giant round 1
            extra, bonus, override = remainder_weights(self, remainder, pairs, group_bits)
            return matching_of_sorted(vertices, self._edges(vertices, extra, bonus, override,
                                                            mask))
        size = len(remainder)
        place = {v: k for k, v in enumerate(remainder)}
        where = [place.get(v, -1) for v in vertices]
        g = group_bits
        digit = _bits(size)
        digits = size * digit
        rule4_base = digits
        rule3_base = digits + size - pairs
        extra = rule3_base + pairs + 1
        crit = problem.weight

        def weight(i: int, j: int) -> int:
            # remainder_weights' weight of the pair, i < j.
            ra, rb = where[i], where[j]
            if ra < 0 or rb < 0:
                return crit(i, j) << extra
            addend = ((int(ra < pairs) << (2 * g)) - ra) << 1
            value = ((crit(i, j) + addend) << extra) + ((size - rb) << (digit * (size - 1 - ra)))
            if ra < pairs:
                return value - ((1 << ra) << rule3_base)
            return value + ((1 << (size - 1 - ra)) << rule4_base)

        # First pairs: the criteria's matching, S1R's players in order each
        # against the first few S2R players not taken, a few tight pairs each.
        neighbours: dict[int, list[int]] = {}
        for i, j in tight:
            neighbours.setdefault(i, []).append(j)
            neighbours.setdefault(j, []).append(i)
        first = set(best.pairs())
        taken: set[int] = set()
        position = {v: k for k, v in enumerate(vertices)}
        for a in remainder[:pairs]:
            i = position[a]
            tried = 0
            for j in sorted(neighbours.get(i, ())):
                if where[j] >= pairs and j not in taken:
                    if tried == 0:
                        taken.add(j)
                    first.add((i, j) if i < j else (j, i))
                    tried += 1
                    if tried >= 4:
                        break
        for i, row in neighbours.items():
            for j in row[:4]:
                first.add((i, j) if i < j else (j, i))
        mate = certified.solve_on(len(vertices), tight, weight, first)
        self.certified += 1
        return {vertices[i]: vertices[j] for i, j in enumerate(mate) if j >= 0}

    def snapshot(self, members: Sequence[int]) -> Snapshot:
        alive = [v for v in members if self.alive[v]]
        completion = self.completion
        return Snapshot(weights=self.weights, overrides=dict(self.overrides),
                        outside=self.outside,
                        alive=tuple(self.vertices()), window=bool(self.window),
                        members=tuple(alive),
                        mate=tuple(completion.mate) if completion is not None else (),
                        active=tuple(completion.active) if completion is not None else (),
                        # The lists or Neighbours the completion was built on.
                        neighbours=cast("Sequence[Sequence[int]] | Neighbours",
                                        completion.neighbours) if completion is not None else (),
                        quality_bits=self.quality_bits, base_total=self.base_total)


@dataclass(frozen=True)
class Snapshot:
    """A bracket's weights as the matching saw them, to weigh other candidates."""

    weights: BracketWeights | None
    overrides: dict[tuple[int, int], int]
    outside: Callable[[int, int], int]
    alive: tuple[int, ...]
    window: bool
    members: tuple[int, ...]
    mate: tuple[int, ...]
    active: tuple[bool, ...]
    neighbours: Sequence[Sequence[int]] | Neighbours
    quality_bits: int
    base_total: int

    def weight(self, u: int, v: int) -> int:
        return _weight(self.overrides, self.weights, self.outside, u, v)

    def _best(self, vertices: list[int], mask: int) -> Mates:
        """A maximum-weight matching of ``vertices`` on the weights masked."""
        if (self.weights is None or self.overrides or len(vertices) <= DENSE_LIMIT
                or not certified.AVAILABLE):
            weights = {}
            for j, v in enumerate(vertices):
                for u in vertices[:j]:
                    weight = self.weight(u, v)
                    if weight:
                        weights[(u, v)] = weight & mask
            return max_weight_matching(vertices, weights)
        solution = certified.solve(self.weights.problem(vertices, lambda w: w & mask))
        return {vertices[i]: vertices[j] for i, j in enumerate(solution.mate) if j >= 0}

    def completion(self, pab: Sequence[int] | None = None) -> Completion:
        """The round's completion as it stood (``pab``: other players joined
        to the PAB vertex, the last one, in an odd round)."""
        neighbours = self.neighbours
        if pab is not None:
            if isinstance(neighbours, Neighbours):
                neighbours = neighbours.with_pab(pab)
            else:
                neighbours = _rejoined(neighbours, pab)
        completion = Completion(neighbours)
        completion.mate = list(self.mate)
        completion.active = list(self.active)
        return completion

    def best_total_with(self, fixed: Sequence[tuple[int, int]]) -> tuple[int, list[int]]:
        """The weight of the best pairing of the round that contains the
        pairs ``fixed``, and the players it leaves unpaired (one such
        pairing's: several may leave different players)."""
        total = sum(self.weight(u, v) for u, v in fixed)
        taken = {v for pair in fixed for v in pair}
        if self.window:
            mask = (1 << self.quality_bits) - 1
            rest = [v for v in self.members if v not in taken]
            mates = self._best(rest, mask)
            chosen = list(fixed) + _pairs_of(mates)
            if self.completion().try_without(chosen) is not None:
                # Complete: the [C4]/[C5] field is the same as every complete
                # pairing's; the rest is the quality of the pairs made here.
                quality = sum(self.weight(u, v) & mask for u, v in chosen)
                return self.base_total + quality, []
        rest = [v for v in self.alive if v not in taken]
        mates = self._best(rest, -1)
        total += sum(self.weight(u, v) for u, v in _pairs_of(mates))
        return total, [v for v in rest if v not in mates]


def _rejoined(neighbours: Sequence[Sequence[int]], allowed: Sequence[int]) -> list[list[int]]:
    """The adjacency lists with the PAB vertex (the last) joined to exactly
    ``allowed``, in ascending order as :class:`Completion` wants them (the
    rows it does not touch are shared, not copied)."""
    pab = len(neighbours) - 1
    before, after = set(neighbours[pab]), set(allowed)
    lists = [row if isinstance(row, list) else list(row) for row in neighbours]
    for v in before - after:
        lists[v] = [w for w in lists[v] if w != pab]
    for v in after - before:
        lists[v] = lists[v] + [pab]
    lists[pab] = sorted(after)
    return lists


def compatibility(players: Sequence[Competitor],
                  forbidden: frozenset[frozenset[PlayerId]]) -> list[list[int]]:
    """Who may meet whom ([C1]-[C3]), as adjacency lists in 1.2 order."""
    n = len(players)
    lists: list[list[int]] = [[] for _ in range(n)]
    for j in range(n):
        b = players[j]
        for i in range(j):
            if compatible(players[i], b, forbidden):
                lists[i].append(j)
                lists[j].append(i)
    return lists


def scoregroups(players: Sequence[Competitor]) -> list[list[int]]:
    """The places (in 1.2 order) of each scoregroup, highest score first."""
    groups: list[list[int]] = []
    for v, p in enumerate(players):
        if groups and players[groups[-1][0]].pairing_score == p.pairing_score:
            groups[-1].append(v)
        else:
            groups.append([v])
    return groups


def _lowest_pab_score(players: Sequence[Competitor], completion: Completion,
                      neighbours: list[list[int]] | Neighbours) -> Decimal:
    """[C5]: the lowest score the PAB can go to, with the PAB vertex (the
    last one) joined to exactly the players who may then receive it."""
    pab = len(players)
    eligible = [v for v, p in enumerate(players) if p.bye_eligible]
    scores = sorted({players[v].pairing_score for v in eligible})
    for score in scores:
        allowed = [v for v in eligible if players[v].pairing_score <= score]
        _join_pab(neighbours, pab, allowed)
        holder = completion.mate[pab]
        if holder >= 0 and players[holder].pairing_score <= score:
            return score
        saved = list(completion.mate)
        if holder >= 0:
            completion.mate[holder] = completion.mate[pab] = -1
        if not completion.complete():
            return score
        completion.mate = saved
    raise AssertionError("the completion check found a PAB")  # pragma: no cover


def _join_pab(neighbours: list[list[int]] | Neighbours, pab: int, allowed: list[int]) -> None:
    if isinstance(neighbours, Neighbours):
        neighbours.join_pab(allowed)
        return
    for v in neighbours[pab]:
        neighbours[v].remove(pab)
    neighbours[pab] = list(allowed)
    for v in allowed:
        neighbours[v].append(pab)


@dataclass(frozen=True)
class _PabOutlook:
    """What the whole round decides before its first bracket (1.9, 2.2, 2.3):
    the lowest score the PAB can go to ([C5]; 0 with an even number of
    players), whether [C9] applies to the first bracket, and, for [C9], the
    rank of each number of games played among the players of that score
    (the more games played, the lower the rank)."""

    bye_score: Decimal
    c9_first: bool
    unplayed_ranks: dict[int, int]


def _completable(players: Sequence[Competitor], roster: Roster) -> tuple[Neighbours, Completion]:
    """[C4] (2.2.1): a complete pairing of the whole round exists, or
    :class:`Unpairable` names the players the best attempt leaves out.  With
    an odd number of players the PAB is a vertex joined to those who may
    receive it."""
    n = len(players)
    eligible = [v for v, p in enumerate(players) if p.bye_eligible] if n % 2 == 1 else None
    neighbours = Neighbours(roster, eligible)
    completion = Completion(neighbours)
    if completion.complete():
        free = [v for v in completion.free() if v < n]
        raise Unpairable(tuple(players[v] for v in free))
    return neighbours, completion


def _c9_in_first_bracket(players: Sequence[Competitor], layout: Layout,
                         bye_score: Decimal) -> bool:
    """Whether [C9] (2.4.4) applies to the first bracket: the PAB assignee
    is in it and the bracket pairs among itself (in the best [C4]/[C5]
    matching)."""
    top = players[0].pairing_score
    if bye_score < top:
        return False
    if players[-1].pairing_score >= top:
        return True  # one scoregroup: every player is paired in it, or gets the PAB
    n = len(players)
    weights = {(i, j): layout.completion_weight(players[i], players[j], top)
               for j in range(n) for i in range(j)}
    mates = max_weight_matching(range(n), {k: w for k, w in weights.items() if w})
    return all(players[mates.get(v, v)].pairing_score >= top
               for v in range(n) if players[v].pairing_score >= top)


def _unplayed_ranks(players: Sequence[Competitor], bye_score: Decimal) -> dict[int, int]:
    """[C9]: the rank of each number of games played among the players of
    the PAB's score, the more games played the lower the rank."""
    counts = sorted((p.played_games for p in players if p.pairing_score == bye_score),
                    reverse=True)
    return {games: rank for rank, games in enumerate(counts)}


def _pab_outlook(players: Sequence[Competitor], layout: Layout, completion: Completion,
                 neighbours: Neighbours) -> _PabOutlook:
    """[C5] and [C9] read on the whole round before the first bracket."""
    if len(players) % 2 == 0:
        return _PabOutlook(Decimal(0), False, {})
    bye_score = _lowest_pab_score(players, completion, neighbours)
    return _PabOutlook(bye_score, _c9_in_first_bracket(players, layout, bye_score),
                       _unplayed_ranks(players, bye_score))


@dataclass(frozen=True)
class _Carried:
    """What one bracket hands to the next (1.9.2: bracket by bracket): the
    players of the next bracket before its scoregroup joins (the
    downfloaters, or the first scoregroup), how many of them are MDPs, the
    index of the scoregroup that joins next, whether [C9] applies to the
    next bracket, and the weights its MDPs keep from this bracket."""

    current: list[int]
    mdp_count: int
    following: int
    c9: bool
    stale: dict[tuple[int, int], int]


@dataclass(frozen=True)
class _RoundWalk:
    """The brackets of one round paired one after the other (1.9.2, 3),
    on one :class:`Graph` of the players not yet paired."""

    players: Sequence[Competitor]
    layout: Layout
    roster: Roster
    graph: Graph
    groups: list[list[int]]
    outlook: _PabOutlook
    outside_raw: Weigh
    outside_rule: Weigh
    windows: bool

    @property
    def odd(self) -> bool:
        return len(self.players) % 2 == 1

    def pair(self, index: int, carried: _Carried) -> tuple[BracketResult, _Carried]:
        """Pair the bracket ``index`` (the players carried and the next
        scoregroup): its result, and what it hands to the next one."""
        players, graph, outlook = self.players, self.graph, self.outlook
        size, mdp_count = len(carried.current), carried.mdp_count
        following = carried.following
        upcoming = list(self.groups[following]) if following < len(self.groups) else []
        members = carried.current + upcoming
        inside, rule = self.layout.weighers(bye_score=outlook.bye_score, c9=carried.c9,
                                            unplayed_ranks=outlook.unplayed_ranks)
        bracket_weights = BracketWeights(self.roster, members, mdp_count, size, inside, rule,
                                         outside=self.outside_raw,
                                         outside_rule=self.outside_rule, stale=carried.stale)
        graph.use(bracket_weights)
        self._focus(members, upcoming, following + 1 < len(self.groups))
        snapshot = graph.snapshot(members)
        phases = pair_bracket(graph, members, mdp_count, size, self.layout.group_bits)
        result = bracket_result(players, index, members, mdp_count, size, phases,
                                graph, snapshot=snapshot,
                                best_total=self._best_total(snapshot, phases), c9=carried.c9,
                                last=not upcoming)
        down = [v for v in members[:size] if graph.alive[v]]
        if not upcoming and not phases.pairs2 and not phases.mdp_pairs and len(down) > 1:
            raise Unpairable(tuple(players[v] for v in down))  # cannot happen after [C4]
        # The weights of the pairs of the next bracket's MDPs stay those of
        # this bracket (they are weighed again only as residents).
        stale = {(a, b): bracket_weights.weight(a, b) for k, b in enumerate(down)
                 for a in down[:k]}
        return result, _Carried(down + upcoming, len(down), following + 1,
                                self._c9_next(phases, down, upcoming), stale)

    def _focus(self, members: list[int], upcoming: list[int], below: bool) -> None:
        """Set the graph's window, exactness and [C4]/[C5] base for this
        bracket (see the module doc)."""
        players, graph, bye_score = self.players, self.graph, self.outlook.bye_score
        # Two scoregroups suffice when players lie below them and none of
        # them may get the PAB (see the module doc).
        lowest = players[members[-1]].pairing_score
        windowed = self.windows and below and (not self.odd or bye_score < lowest)
        graph.window = members if windowed else []
        # [C9] for the next bracket reads this bracket's matching below it
        # (see _c9_next), where several matchings may be equally good: that
        # matching is the one the blossom algorithm finds on every edge.
        graph.exact = bool(self.odd and upcoming and below
                           and bye_score >= players[upcoming[0]].pairing_score)
        alive = graph.vertices()
        non_candidates = sum(1 for v in alive if not (
            players[v].bye_eligible and players[v].pairing_score <= bye_score))
        graph.base_total = ((len(alive) // 2) + non_candidates) << graph.quality_bits

    def _best_total(self, snapshot: Snapshot, phases: Phases) -> int:
        """The weight of the whole matching chosen, at this bracket's
        weights (to tell later which criterion ruled out another
        candidate)."""
        graph = self.graph
        if graph.last_windowed:
            return graph.base_total + sum(snapshot.weight(u, v) & graph.quality_mask
                                          for u, v in phases.matching())
        return sum(snapshot.weight(u, v) for u, v in phases.matching())

    def _c9_next(self, phases: Phases, down: list[int], upcoming: list[int]) -> bool:
        """[C9] applies to the next bracket when it will downfloat exactly
        the PAB assignee: every one of its players is paired inside it (or
        left alone) in the matching just found."""
        players = self.players
        if not (self.odd and upcoming
                and self.outlook.bye_score >= players[upcoming[0]].pairing_score):
            return False
        floor = players[upcoming[0]].pairing_score
        return all(players[phases.mates2.get(v, v)].pairing_score >= floor
                   for v in down + upcoming)


def pair_brackets(players: Sequence[Competitor], layout: Layout, *,
                  windows: bool = True) -> RoundResult:
    """Pair the players (in 1.2 order) bracket by bracket; see the module doc.

    ``windows=False`` solves every matching on the whole graph (slow; the
    tests check both give the same pairing).  Raises :class:`Unpairable`
    when no complete pairing exists.
    """
    if not players:
        return RoundResult((), (), None, None, False, layout)
    roster = Roster(players, layout.forbidden, layout.avoid)
    neighbours, completion = _completable(players, roster)
    outlook = _pab_outlook(players, layout, completion, neighbours)
    bye_score, ranks = outlook.bye_score, outlook.unplayed_ranks
    outside_weight = layout.weigher(bye_score=bye_score, c9=outlook.c9_first,
                                    unplayed_ranks=ranks)
    outside_raw, outside_rule = layout.weighers(bye_score=bye_score, c9=outlook.c9_first,
                                                unplayed_ranks=ranks)

    def outside(i: int, j: int) -> int:
        return outside_weight(players[i], players[j], False, False)

    graph = Graph(len(players), outside, completion, sum(layout.widths))
    groups = scoregroups(players)
    walk = _RoundWalk(players, layout, roster, graph, groups, outlook, outside_raw,
                      outside_rule, windows)
    carried = _Carried(list(groups[0]), 0, 1, outlook.c9_first, {})
    brackets: list[BracketResult] = []
    while len(carried.current) > 1 or carried.following < len(groups):
        result, carried = walk.pair(len(brackets), carried)
        brackets.append(result)
    bye = players[carried.current[0]] if carried.current else None
    return RoundResult(tuple(players), tuple(brackets), bye,
                       bye_score if walk.odd else None, outlook.c9_first, layout,
                       graph.windowed)


@dataclass(frozen=True)
class Phases:
    """What the two phases of one bracket found (places in 1.2 order): the
    MDP-Pairing (``mdp_pairs``, from the matching ``mates1``), the
    remainder, its MaxPairs (``remainder_pairs``), its pairs (``pairs2``,
    from the matching ``mates2``) and the resident exchange."""

    mdps: list[int]
    residents: list[int]
    mdp_pairs: list[tuple[int, int]]
    mates1: dict[int, int]
    remainder: list[int]
    remainder_pairs: int
    pairs2: list[tuple[int, int]]
    mates2: dict[int, int]
    moved_out: list[int]
    moved_in: list[int]

    def matching(self) -> list[tuple[int, int]]:
        """The whole matching last found (the bracket's pairs included)."""
        full = dict(self.mates2)
        for a, b in self.mdp_pairs:
            full[a], full[b] = b, a
        return [(u, v) for u, v in full.items() if u < v]


def pair_bracket(graph: Graph, members: list[int], mdp_count: int, size: int,
                 group_bits: int) -> Phases:
    """Pair one bracket: ``members[:mdp_count]`` are its MDPs,
    ``members[mdp_count:size]`` its residents, the rest the players its
    matchings see below it.  The pairs made leave ``graph``."""
    mdps = members[:mdp_count]
    residents = members[mdp_count:size]
    mdp_pairs, mates1 = pair_mdps(graph, mdps, residents)
    remainder = [r for r in residents if graph.alive[r]]
    rem_set = set(remainder)
    # MaxPairs of the remainder: what a best matching pairs in it.
    count = sum(1 for r in remainder if mates1.get(r, -1) in rem_set and mates1[r] > r)
    pairs2, mates2, moved_out, moved_in = pair_remainder(graph, remainder, count, group_bits,
                                                         mates1)
    for a, b in pairs2:
        graph.remove(a, b)
    return Phases(mdps, residents, mdp_pairs, mates1, remainder, count, pairs2, mates2,
                  moved_out, moved_in)


def bracket_result(players: Sequence[Competitor], index: int, members: list[int],
                   mdp_count: int, size: int, phases: Phases, graph: Graph, *,
                   snapshot: Snapshot, best_total: int, c9: bool, last: bool,
                   route: str = "", layout: WeightShape | None = None) -> BracketResult:
    """The :class:`BracketResult` of a bracket paired by :func:`pair_bracket`."""
    mdps, residents, remainder = phases.mdps, phases.residents, phases.remainder
    paired_mdps = {m for m, _ in phases.mdp_pairs}
    count = phases.remainder_pairs
    down = [v for v in members[:size] if graph.alive[v]]
    score = players[residents[0]].pairing_score if residents else (
        players[mdps[-1]].pairing_score if mdps else Decimal(0))
    return BracketResult(
        index=index, score=score,
        mdps=tuple(players[v] for v in mdps),
        residents=tuple(players[v] for v in residents),
        s1=tuple(players[v] for v in mdps if v in paired_mdps),
        limbo=tuple(players[v] for v in mdps if v not in paired_mdps),
        mdp_pairs=tuple((players[a], players[b]) for a, b in phases.mdp_pairs),
        remainder=tuple(players[v] for v in remainder),
        s1r=tuple(players[v] for v in remainder[:count]),
        s2r=tuple(players[v] for v in remainder[count:]),
        remainder_pairs=tuple((players[a], players[b]) for a, b in phases.pairs2),
        moved_out=tuple(players[v] for v in phases.moved_out),
        moved_in=tuple(players[v] for v in phases.moved_in),
        downfloaters=tuple(players[v] for v in down),
        c9=c9, last=last, solver=snapshot, best_total=best_total, route=route, layout=layout)


def pair_mdps(graph: Graph, mdps: list[int], residents: list[int]
               ) -> tuple[list[tuple[int, int]], dict[int, int]]:
    """The MDP-Pairing: which MDPs are paired (first ones possible) and with
    whom (highest resident possible, MDPs in order).  Returns the pairs
    (removed from the graph) and the whole matching found."""
    if not mdps or not residents:
        return [], graph.solve()
    m, count = len(mdps), len(residents)
    digit = _bits(count)
    digits = m * digit
    extra = m + digits
    bonus: dict[tuple[int, int], int] = {}
    for i, mdp in enumerate(mdps):
        for place, resident in enumerate(residents):
            if graph.get(mdp, resident):
                key = (mdp, resident) if mdp < resident else (resident, mdp)
                bonus[key] = ((1 << (m - 1 - i)) << digits) \
                    + ((count - place) << (digit * (m - 1 - i)))
    mates = graph.mdp_pairing(mdps, extra, bonus)
    resident_set = set(residents)
    pairs = [(v, mates[v]) for v in mdps if mates.get(v, -1) in resident_set]
    for a, b in pairs:
        graph.remove(a, b)
    return pairs, mates


def pair_remainder(graph: Graph, remainder: list[int], pairs: int, group_bits: int,
                   previous: dict[int, int]
                    ) -> tuple[list[tuple[int, int]], dict[int, int], list[int], list[int]]:
    """The remainder (or homogeneous bracket): exchanges (4.3) then
    transpositions (4.2), as one matching (:func:`remainder_weights`; large
    graphs: :meth:`Graph.remainder`).  With no pair to make, ``previous``
    (the last matching) stands."""
    if pairs == 0:
        return [], previous, [], []
    place = set(remainder)
    mates = graph.remainder(remainder, pairs, group_bits)
    result = [(a, mates[a]) for a in remainder
              if mates.get(a, -1) in place and mates[a] > a]
    smaller = {a for a, _ in result}
    moved_out = [v for v in remainder[:pairs] if v not in smaller]
    moved_in = [v for v in remainder[pairs:] if v in smaller]
    return result, mates, moved_out, moved_in


def remainder_weights(graph: Graph, remainder: list[int], pairs: int, group_bits: int
                      ) -> tuple[int, dict[tuple[int, int], int], dict[tuple[int, int], int]]:
    """The remainder's weights: ``(extra, bonus, override)`` for
    :meth:`Graph.solve` (see the module doc: 4.3.2 rules 1 and 2 in the
    lowest criterion field, rules 3 and 4 and the 4.2.2 order in ``extra``
    new low bits)."""
    size = len(remainder)
    g = group_bits
    exchange_weights: dict[tuple[int, int], int] = {}
    digit = _bits(size)
    digits = size * digit
    s2_count = size - pairs
    rule4_base = digits
    rule3_base = digits + s2_count
    extra = rule3_base + pairs + 1
    bonus: dict[tuple[int, int], int] = {}
    for rb in range(size):
        for ra in range(rb):
            a, b = remainder[ra], remainder[rb]
            weight = graph.get(a, b)
            if not weight:
                continue
            # 4.3.2 rules 1 and 2: fewest exchanged, smallest BSN-sum difference.
            addend = ((int(ra < pairs) << (2 * g)) - ra) << 1
            exchange_weights[(a, b)] = weight + addend
            extra_value = (size - rb) << (digit * (size - 1 - ra))   # 4.2.2
            if ra < pairs:
                extra_value -= (1 << ra) << rule3_base                   # rule 3
            else:
                extra_value += (1 << (size - 1 - ra)) << rule4_base      # rule 4
            bonus[(a, b)] = extra_value
    return extra, bonus, exchange_weights
