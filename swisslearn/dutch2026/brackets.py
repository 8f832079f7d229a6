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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Sequence

from swisslearn.dutch2026.criteria import Layout
from swisslearn.dutch2026.matching import max_weight_matching
from swisslearn.dutch2026.scoring import Competitor

__all__ = ["BracketResult", "RoundResult", "Unpairable", "pair_brackets"]


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
    S2R, if any.
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
    weights: dict[tuple[int, int], int] = field(compare=False, repr=False)
    alive: frozenset[int] = field(compare=False, repr=False)
    best_total: int = field(default=0, compare=False, repr=False)

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
    layout: Layout

    @property
    def pairs(self) -> tuple[tuple[Competitor, Competitor], ...]:
        return tuple(pair for bracket in self.brackets for pair in bracket.pairs)


def _bits(n: int) -> int:
    return max(n.bit_length(), 1)


class _Graph:
    """The weights between the players not yet paired (vertex = place in 1.2 order)."""

    def __init__(self, size: int) -> None:
        self.alive: list[bool] = [True] * size
        self.weights: dict[tuple[int, int], int] = {}

    def vertices(self) -> list[int]:
        return [v for v, alive in enumerate(self.alive) if alive]

    def set(self, u: int, v: int, weight: int) -> None:
        self.weights[(u, v) if u < v else (v, u)] = weight

    def get(self, u: int, v: int) -> int:
        return self.weights.get((u, v) if u < v else (v, u), 0)

    def remove(self, *vertices: int) -> None:
        for v in vertices:
            self.alive[v] = False
        self.weights = {k: w for k, w in self.weights.items()
                        if self.alive[k[0]] and self.alive[k[1]]}

    def solve(self, extra_bits: int = 0,
              bonus: dict[tuple[int, int], int] | None = None) -> dict[int, int]:
        """A maximum matching of the weights shifted by ``extra_bits`` plus ``bonus``."""
        if not extra_bits:
            return max_weight_matching(self.vertices(), self.weights)
        bonus = bonus or {}
        shifted = {k: (w << extra_bits) + bonus.get(k, 0) if w else 0
                   for k, w in self.weights.items()}
        return max_weight_matching(self.vertices(), shifted)


def pair_brackets(players: Sequence[Competitor], layout: Layout) -> RoundResult:
    """Pair the players (in 1.2 order) bracket by bracket; see the module doc.

    Raises :class:`Unpairable` when no complete pairing exists.
    """
    n = len(players)
    if n == 0:
        return RoundResult((), (), None, None, False, layout)
    top = players[0].pairing_score
    graph = _Graph(n)
    odd = n % 2 == 1
    zero = Decimal(0)
    # [C4] first: is the round completable, and ([C5]) what is the lowest
    # score the PAB can go to?
    for j in range(n):
        for i in range(j):
            if odd:
                graph.set(i, j, layout.completion_weight(players[i], players[j], top))
            else:
                graph.set(i, j, layout.weight(players[i], players[j], in_current=False,
                                              in_next=False, bye_score=zero, c9=False,
                                              unplayed_ranks={}))
    mates = graph.solve()
    unmatched = [v for v in range(n) if v not in mates]
    if len(unmatched) > 1 or any(not players[v].bye_eligible for v in unmatched):
        raise Unpairable(tuple(players[v] for v in unmatched))
    bye_score = zero
    c9 = False
    ranks: dict[int, int] = {}
    if odd:
        bye_score = players[unmatched[0]].pairing_score
        # [C9] in the first bracket: the PAB assignee is in it and the
        # bracket pairs among itself.
        if bye_score >= top:
            c9 = all(players[mates.get(v, v)].pairing_score >= top
                     for v in range(n) if players[v].pairing_score >= top)
        counts = sorted((p.played_games for p in players if p.pairing_score == bye_score),
                        reverse=True)
        for rank, games in enumerate(counts):
            ranks[games] = rank  # the more games played, the lower the rank
        for j in range(n):
            for i in range(j):
                graph.set(i, j, layout.weight(players[i], players[j], in_current=False,
                                              in_next=False, bye_score=bye_score, c9=c9,
                                              unplayed_ranks=ranks))
    c9_first = c9
    groups: list[list[int]] = []
    for v, p in enumerate(players):
        if groups and players[groups[-1][0]].pairing_score == p.pairing_score:
            groups[-1].append(v)
        else:
            groups.append([v])
    brackets: list[BracketResult] = []
    current = list(groups[0])
    mdp_count = 0
    following = 1
    while len(current) > 1 or following < len(groups):
        size = len(current)
        upcoming = list(groups[following]) if following < len(groups) else []
        following += 1
        members = current + upcoming
        for j in range(mdp_count, len(members)):
            for i in range(j):
                graph.set(members[i], members[j], layout.weight(
                    players[members[i]], players[members[j]], in_current=j < size,
                    in_next=j >= size, bye_score=bye_score, c9=c9, unplayed_ranks=ranks))
        mdps = members[:mdp_count]
        residents = members[mdp_count:size]
        bracket_weights = dict(graph.weights)
        bracket_alive = frozenset(graph.vertices())
        mdp_pairs, mates1 = _pair_mdps(graph, mdps, residents)
        paired_mdps = {m for m, _ in mdp_pairs}
        remainder = [r for r in residents if graph.alive[r]]
        rem_set = set(remainder)
        # MaxPairs of the remainder: what a best matching pairs in it.
        remainder_pairs_count = sum(1 for r in remainder
                                    if mates1.get(r, -1) in rem_set and mates1[r] > r)
        pairs2, mates2, moved_out, moved_in = _pair_remainder(
            graph, remainder, remainder_pairs_count, layout, mates1)
        for a, b in pairs2:
            graph.remove(a, b)
        # The weight of the whole matching chosen, at this bracket's weights
        # (to tell later which criterion ruled out another candidate).
        full = dict(mates2)
        for a, b in mdp_pairs:
            full[a], full[b] = b, a
        best_total = sum(bracket_weights.get((u, v), 0) for u, v in full.items() if u < v)
        down = [v for v in members[:size] if graph.alive[v]]
        s1r = remainder[:remainder_pairs_count]
        score = players[residents[0]].pairing_score if residents else (
            players[mdps[-1]].pairing_score if mdps else zero)
        last = not upcoming
        brackets.append(BracketResult(
            index=len(brackets), score=score,
            mdps=tuple(players[v] for v in mdps),
            residents=tuple(players[v] for v in residents),
            s1=tuple(players[v] for v in mdps if v in paired_mdps),
            limbo=tuple(players[v] for v in mdps if v not in paired_mdps),
            mdp_pairs=tuple((players[a], players[b]) for a, b in mdp_pairs),
            remainder=tuple(players[v] for v in remainder),
            s1r=tuple(players[v] for v in s1r),
            s2r=tuple(players[v] for v in remainder[remainder_pairs_count:]),
            remainder_pairs=tuple((players[a], players[b]) for a, b in pairs2),
            moved_out=tuple(players[v] for v in moved_out),
            moved_in=tuple(players[v] for v in moved_in),
            downfloaters=tuple(players[v] for v in down),
            c9=c9, last=last, weights=bracket_weights, alive=bracket_alive,
            best_total=best_total))
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
                       c9_first, layout)


def _pair_mdps(graph: _Graph, mdps: list[int], residents: list[int]
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


def _pair_remainder(graph: _Graph, remainder: list[int], pairs: int, layout: Layout,
                    previous: dict[int, int]
                    ) -> tuple[list[tuple[int, int]], dict[int, int], list[int], list[int]]:
    """The remainder (or homogeneous bracket): exchanges (4.3) then
    transpositions (4.2), as one matching; see the module doc.  With no pair
    to make, ``previous`` (the last matching) stands."""
    size = len(remainder)
    if pairs == 0:
        return [], previous, [], []
    g = layout.group_bits
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
    saved = dict(graph.weights)
    graph.weights.update(exchange_weights)
    mates = graph.solve(extra, bonus)
    graph.weights = saved
    result = [(a, mates[a]) for a in remainder
              if mates.get(a, -1) in place and mates[a] > a]
    smaller = {a for a, _ in result}
    moved_out = [v for v in remainder[:pairs] if v not in smaller]
    moved_in = [v for v in remainder[pairs:] if v in smaller]
    return result, mates, moved_out, moved_in
