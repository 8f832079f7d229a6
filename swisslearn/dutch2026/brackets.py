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
(:class:`~swisslearn.dutch2026.completion.Completion` answers in
milliseconds), that matching is a best one of the whole graph.  If not, or
when the PAB may go to one of those players, the whole graph is solved as
before.  tests/test_dutch2026_window.py checks that both give the same
round on random tournaments.

Shared with the 2017 edition (:mod:`swisslearn.dutch2017.brackets`, whose
round loop differs: A.9's PPB and CLB) -- the interface a faster version
must keep:

* :class:`Graph` (the weights of the players not yet paired; with
  ``completion=None`` only its alive vertices and no shortcut) and its
  :meth:`Graph.snapshot` (:class:`Snapshot`, to judge another candidate);
* :func:`pair_bracket` (the two phases of one bracket: :func:`pair_mdps`,
  then :func:`pair_remainder`) returning :class:`Phases`, and
  :func:`bracket_result` building the :class:`BracketResult`;
* :func:`compatibility` (who may meet whom) and :func:`scoregroups`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Callable, Mapping, Sequence

from swisslearn.dutch2026.completion import Completion
from swisslearn.dutch2026.criteria import Layout, compatible
from swisslearn.dutch2026.matching import matching_of_sorted, max_weight_matching
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


class Graph:
    """The weights between the players not yet paired (vertex = place in 1.2
    order).  A pair never given a weight has its "outside" weight ([C4]/[C5]
    only), computed when first asked for.

    With ``completion`` None the graph is only its alive vertices: no
    two-scoregroup shortcut, no completion kept (2017's brackets, whose
    completion is checked afterwards, A.9)."""

    def __init__(self, size: int, outside: Callable[[int, int], int],
                 completion: Completion | None, quality_bits: int) -> None:
        self.alive: list[bool] = [True] * size
        self.weights: dict[tuple[int, int], int] = {}
        self.outside = outside
        self.completion = completion
        self.quality_mask = (1 << quality_bits) - 1
        self.quality_bits = quality_bits
        # The [C4]/[C5] field of every complete pairing of the players alive.
        self.base_total = 0
        self.window: list[int] = []       # the two scoregroups, when allowed
        self.windowed = 0
        self.last_windowed = False

    def vertices(self) -> list[int]:
        return [v for v, alive in enumerate(self.alive) if alive]

    def set(self, u: int, v: int, weight: int) -> None:
        self.weights[(u, v) if u < v else (v, u)] = weight

    def get(self, u: int, v: int) -> int:
        key = (u, v) if u < v else (v, u)
        weight = self.weights.get(key)
        if weight is None:
            weight = self.weights[key] = self.outside(*key)
        return weight

    def remove(self, *vertices: int) -> None:
        for v in vertices:
            self.alive[v] = False
        if self.completion is not None:
            self.completion.remove(vertices)

    def solve(self, extra_bits: int = 0,
              bonus: Mapping[tuple[int, int], int] | None = None,
              override: Mapping[tuple[int, int], int] | None = None) -> Mates:
        """A maximum matching of the weights (``override`` replacing some)
        shifted by ``extra_bits`` plus ``bonus``; see the module doc for
        the two-scoregroup shortcut."""
        bonus = bonus or {}
        override = override or {}
        completion = self.completion
        if completion is None:
            alive = self.vertices()
            return matching_of_sorted(alive, self._edges(alive, extra_bits, bonus, override, -1))
        if self.window:
            window = sorted(v for v in self.window if self.alive[v])
            mates = matching_of_sorted(window, self._edges(window, extra_bits, bonus, override,
                                                           self.quality_mask))
            repaired = completion.try_without(
                (u, v) for u, v in mates.items() if u < v)
            if repaired is not None:
                self.windowed += 1
                self.last_windowed = True
                completion.adopt(repaired)
                return mates
        self.last_windowed = False
        alive = self.vertices()
        mates = matching_of_sorted(alive, self._edges(alive, extra_bits, bonus, override, -1))
        repaired = completion.try_without((u, v) for u, v in mates.items() if u < v)
        if repaired is not None:
            completion.adopt(repaired)
        return mates

    def _edges(self, vertices: list[int], extra_bits: int, bonus: Mapping[tuple[int, int], int],
               override: Mapping[tuple[int, int], int], mask: int
               ) -> list[tuple[int, int, int]]:
        """The edges of the matching among ``vertices`` (sorted), by position:
        each weight (``override`` first) masked, shifted by ``extra_bits``,
        plus its ``bonus``; pairs that may not meet are no edge."""
        edges = []
        for i, u in enumerate(vertices):
            for j in range(i + 1, len(vertices)):
                key = (u, vertices[j])
                weight = override.get(key)
                if weight is None:
                    weight = self.get(*key)
                if weight:
                    value = ((weight & mask) << extra_bits) + bonus.get(key, 0)
                    if value > 0:
                        edges.append((i, j, value))
        return edges

    def snapshot(self, members: Sequence[int]) -> Snapshot:
        alive = [v for v in members if self.alive[v]]
        weights = {}
        for j, v in enumerate(alive):
            for u in alive[:j]:
                weights[(u, v) if u < v else (v, u)] = self.get(u, v)
        completion = self.completion
        return Snapshot(weights=weights, outside=self.outside,
                        alive=tuple(self.vertices()), window=bool(self.window),
                        members=tuple(alive),
                        mate=tuple(completion.mate) if completion is not None else (),
                        active=tuple(completion.active) if completion is not None else (),
                        neighbours=completion.neighbours if completion is not None else (),
                        quality_bits=self.quality_bits, base_total=self.base_total)


@dataclass(frozen=True)
class Snapshot:
    """A bracket's weights as the matching saw them, to weigh other candidates."""

    weights: dict[tuple[int, int], int]
    outside: Callable[[int, int], int]
    alive: tuple[int, ...]
    window: bool
    members: tuple[int, ...]
    mate: tuple[int, ...]
    active: tuple[bool, ...]
    neighbours: Sequence[Sequence[int]]
    quality_bits: int
    base_total: int

    def weight(self, u: int, v: int) -> int:
        key = (u, v) if u < v else (v, u)
        weight = self.weights.get(key)
        return self.outside(*key) if weight is None else weight

    def best_total_with(self, fixed: Sequence[tuple[int, int]]) -> tuple[int, list[int]]:
        """The weight of the best pairing of the round that contains the
        pairs ``fixed``, and the players it leaves unpaired."""
        total = sum(self.weight(u, v) for u, v in fixed)
        taken = {v for pair in fixed for v in pair}
        if self.window:
            mask = (1 << self.quality_bits) - 1
            rest = [v for v in self.members if v not in taken]
            weights = {(u, v) if u < v else (v, u): self.weights[(u, v) if u < v else (v, u)]
                       for j, v in enumerate(rest) for u in rest[:j]}
            mates = max_weight_matching(rest, {k: w & mask for k, w in weights.items() if w})
            completion = Completion(self.neighbours)
            completion.mate = list(self.mate)
            completion.active = list(self.active)
            chosen = list(fixed) + [(u, v) for u, v in mates.items() if u < v]
            if completion.try_without(chosen) is not None:
                # Complete: the [C4]/[C5] field is the same as every complete
                # pairing's; the rest is the quality of the pairs made here.
                quality = sum(self.weight(u, v) & mask for u, v in chosen)
                return self.base_total + quality, []
        rest = [v for v in self.alive if v not in taken]
        weights = {}
        for j, v in enumerate(rest):
            for u in rest[:j]:
                weight = self.weight(u, v)
                if weight:
                    weights[(u, v)] = weight
        mates = max_weight_matching(rest, weights)
        total += sum(weights[(u, v)] for u, v in mates.items() if u < v)
        return total, [v for v in rest if v not in mates]


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
                      neighbours: list[list[int]]) -> Decimal:
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


def _join_pab(neighbours: list[list[int]], pab: int, allowed: list[int]) -> None:
    for v in neighbours[pab]:
        neighbours[v].remove(pab)
    neighbours[pab] = list(allowed)
    for v in allowed:
        neighbours[v].append(pab)


def pair_brackets(players: Sequence[Competitor], layout: Layout, *,
                  windows: bool = True) -> RoundResult:
    """Pair the players (in 1.2 order) bracket by bracket; see the module doc.

    ``windows=False`` solves every matching on the whole graph (slow; the
    tests check both give the same pairing).  Raises :class:`Unpairable`
    when no complete pairing exists.
    """
    n = len(players)
    if n == 0:
        return RoundResult((), (), None, None, False, layout)
    top = players[0].pairing_score
    odd = n % 2 == 1
    zero = Decimal(0)
    # [C4] first: is the round completable, and ([C5]) what is the lowest
    # score the PAB can go to?
    neighbours = compatibility(players, layout.forbidden)
    if odd:
        neighbours.append([])
        _join_pab(neighbours, n, [v for v, p in enumerate(players) if p.bye_eligible])
    completion = Completion(neighbours)
    stuck = completion.complete()
    if stuck:
        free = [v for v in completion.free() if v < n]
        raise Unpairable(tuple(players[v] for v in free))
    bye_score = zero
    c9 = False
    ranks: dict[int, int] = {}
    if odd:
        bye_score = _lowest_pab_score(players, completion, neighbours)
        # [C9] in the first bracket: the PAB assignee is in it and the
        # bracket pairs among itself (in the best [C4]/[C5] matching).
        if bye_score >= top:
            weights = {(i, j): layout.completion_weight(players[i], players[j], top)
                       for j in range(n) for i in range(j)}
            mates = max_weight_matching(range(n), {k: w for k, w in weights.items() if w})
            c9 = all(players[mates.get(v, v)].pairing_score >= top
                     for v in range(n) if players[v].pairing_score >= top)
        counts = sorted((p.played_games for p in players if p.pairing_score == bye_score),
                        reverse=True)
        for rank, games in enumerate(counts):
            ranks[games] = rank  # the more games played, the lower the rank
    c9_first = c9

    outside_weight = layout.weigher(bye_score=bye_score, c9=c9_first, unplayed_ranks=ranks)

    def outside(i: int, j: int) -> int:
        return outside_weight(players[i], players[j], False, False)

    quality_bits = sum(layout.widths)
    graph = Graph(n, outside, completion, quality_bits)
    groups = scoregroups(players)
    brackets: list[BracketResult] = []
    current = list(groups[0])
    mdp_count = 0
    following = 1
    while len(current) > 1 or following < len(groups):
        size = len(current)
        upcoming = list(groups[following]) if following < len(groups) else []
        following += 1
        members = current + upcoming
        weigh = layout.weigher(bye_score=bye_score, c9=c9, unplayed_ranks=ranks)
        for j in range(mdp_count, len(members)):
            lower = players[members[j]]
            in_current = j < size
            for i in range(j):
                graph.set(members[i], members[j], weigh(players[members[i]], lower, in_current,
                                                        not in_current))
        # Two scoregroups suffice when players lie below them and none of
        # them may get the PAB (see the module doc).
        below = following < len(groups)
        lowest = players[members[-1]].pairing_score
        graph.window = members if windows and below and (not odd or bye_score < lowest) else []
        alive = graph.vertices()
        non_candidates = sum(1 for v in alive if not (
            players[v].bye_eligible and players[v].pairing_score <= bye_score))
        graph.base_total = ((len(alive) // 2) + non_candidates) << quality_bits
        snapshot = graph.snapshot(members)
        phases = pair_bracket(graph, members, mdp_count, size, layout.group_bits)
        # The weight of the whole matching chosen, at this bracket's weights
        # (to tell later which criterion ruled out another candidate).
        if graph.last_windowed:
            best_total = graph.base_total + sum(snapshot.weight(u, v) & graph.quality_mask
                                                for u, v in phases.matching())
        else:
            best_total = sum(snapshot.weight(u, v) for u, v in phases.matching())
        last = not upcoming
        result = bracket_result(players, len(brackets), members, mdp_count, size, phases,
                                graph, snapshot=snapshot, best_total=best_total, c9=c9,
                                last=last)
        brackets.append(result)
        down = [v for v in members[:size] if graph.alive[v]]
        mates2, pairs2, mdp_pairs = phases.mates2, phases.pairs2, phases.mdp_pairs
        # [C9] applies to the next bracket when it will downfloat exactly
        # the PAB assignee: every one of its players is paired inside it
        # (or left alone) in the matching just found.
        if odd and upcoming and bye_score >= players[upcoming[0]].pairing_score:
            floor = players[upcoming[0]].pairing_score
            c9 = all(players[mates2.get(v, v)].pairing_score >= floor
                     for v in down + upcoming)
        else:
            c9 = False
        if not upcoming and not pairs2 and not mdp_pairs and len(down) > 1:
            raise Unpairable(tuple(players[v] for v in down))  # cannot happen after [C4]
        current = down + upcoming
        mdp_count = len(down)
    bye = players[current[0]] if current else None
    return RoundResult(tuple(players), tuple(brackets), bye, bye_score if odd else None,
                       c9_first, layout, graph.windowed)


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
    mates = graph.solve(extra, bonus)
    resident_set = set(residents)
    pairs = [(v, mates[v]) for v in mdps if mates.get(v, -1) in resident_set]
    for a, b in pairs:
        graph.remove(a, b)
    return pairs, mates


def pair_remainder(graph: Graph, remainder: list[int], pairs: int, group_bits: int,
                   previous: dict[int, int]
                    ) -> tuple[list[tuple[int, int]], dict[int, int], list[int], list[int]]:
    """The remainder (or homogeneous bracket): exchanges (4.3) then
    transpositions (4.2), as one matching; see the module doc.  With no pair
    to make, ``previous`` (the last matching) stands."""
    size = len(remainder)
    if pairs == 0:
        return [], previous, [], []
    g = group_bits
    place = {v: i for i, v in enumerate(remainder)}
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
    mates = graph.solve(extra, bonus, exchange_weights)
    result = [(a, mates[a]) for a in remainder
              if mates.get(a, -1) in place and mates[a] > a]
    smaller = {a for a, _ in result}
    moved_out = [v for v in remainder[:pairs] if v not in smaller]
    moved_in = [v for v in remainder[pairs:] if v in smaller]
    return result, mates, moved_out, moved_in
