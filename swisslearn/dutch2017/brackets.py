"""A.9 and Section B of C.04.3 (2017): the round paired bracket by bracket,
with the Penultimate Pairing Bracket (PPB) and the Collapsed Last Bracket
(CLB) when the normal route cannot complete the round.

Each bracket is paired by the machinery 2026 uses
(:func:`swisslearn.dutch2026.brackets.pair_bracket`: the MDP-Pairing, then
the remainder, each one maximum-weight matching with the generation order of
Section D as a tie-break), on 2017's weights (:mod:`.criteria`).  What A.9
changes is which players a bracket's matching sees, and when completion is
asked:

* **normal route**: the matching sees the bracket and the next scoregroup
  only (C.7 looks "just in the following bracket"), and completion is not a
  criterion.  Once the bracket is paired, its downfloaters and every player
  below must still allow a complete round-pairing (A.9: all paired but one,
  who may receive the bye, C.1-C.3 kept); a perfect matching kept from
  bracket to bracket (:class:`~swisslearn.matching.completion.Completion`)
  answers in milliseconds.
* **the PPB**: if they do not, "the last paired bracket is called
  Penultimate Pairing Bracket": it is paired again with C.4 on top (its
  matching sees every player left, and pays for a complete round-pairing)
  and without C.7; its downfloaters and all the players below form the
  **CLB**, paired last, as one bracket, with C.4 on top too.
* **the last bracket** of the normal route is paired the same way (C.4's
  field: complete the round, the bye to a player allowed it, C.2).

Memory: a bracket's weights are never a list of every pair.  The criteria
read a player only through its class (:mod:`swisslearn.dutch2026.classes`;
A.8's SDs and C.7's scope are the bracket's, the same for every pair), so
:class:`~swisslearn.dutch2026.pairweights.BracketWeights` computes a
weight when asked for, and matchings of more than 96 players are solved
on a few edges and proven optimal on all of them by the blossom's duals
(:mod:`swisslearn.dutch2026.certified`), exactly as 2026's: round 1 of
9,999 players is one bracket of one class, paired in about a second and
70 MiB.  The completion kept from bracket to bracket reads the same
relation (:class:`~swisslearn.dutch2026.classes.Neighbours`).

The bracket whose pairing was redone is kept in the result (``route``
``"dropped"``), then the PPB (``"ppb"``) and the CLB (``"clb"``), so that the
trace shows the route the text describes.  With an odd number of players
the one left after the last bracket gets the bye.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Sequence

from swisslearn.dutch2017.criteria import Layout, make_layout
from swisslearn.dutch2026.brackets import (BracketResult, Graph, Phases, RoundResult, Snapshot,
                                           Unpairable, bracket_result, pair_bracket,
                                           scoregroups)
from swisslearn.dutch2026.classes import Neighbours, Roster
from swisslearn.matching.completion import Completion
from swisslearn.dutch2026.pairweights import BracketWeights
from swisslearn.dutch2026.scoring import Competitor
from swisslearn.model import PlayerId

__all__ = ["pair_round"]

Forbidden = frozenset[frozenset[PlayerId]]


def _completion(roster: Roster) -> Completion:
    """A perfect matching of all the players (and, with an odd number, a bye
    vertex joined to the players C.2 allows the bye), its adjacency computed
    when asked for (:class:`~swisslearn.dutch2026.classes.Neighbours`)."""
    players = roster.players
    pab = [v for v, p in enumerate(players) if p.bye_eligible] if len(players) % 2 else None
    return Completion(Neighbours(roster, pab))


def _pair(roster: Roster, members: list[int], mdp_count: int, size: int, special: bool,
          played: int, forbidden: Forbidden, avoid: Forbidden, final: bool
          ) -> tuple[Graph, Layout, Snapshot]:
    """One bracket's matchings: ``members[:size]`` the bracket (MDPs first),
    the rest the players its matching sees below it.

    The weights are computed when asked for, by class of players
    (:class:`~swisslearn.dutch2026.pairweights.BracketWeights`): a pair whose
    lower player is a resident is weighed "in the bracket", one whose lower
    player is in the next scoregroup "in the next" (C.7; below a special
    bracket, neither: C.4 only), two MDPs never meet.  Matchings of more
    than :data:`~swisslearn.dutch2026.brackets.DENSE_LIMIT` players are then
    solved on a few edges and proven on all (as 2026's), never on a list of
    every pair."""
    players = roster.players
    layout = make_layout([players[v] for v in members[:mdp_count]],
                         [players[v] for v in members[mdp_count:size]], len(members),
                         special=special, played=played, forbidden=forbidden, avoid=avoid,
                         final=final)
    inside, rule = layout.weighers()
    weights = BracketWeights(roster, members, mdp_count, size, inside, rule, outside=inside,
                             outside_rule=rule, next_scope=not special)
    graph = Graph(len(players), weights.weight, None, sum(layout.widths))
    seen = set(members)
    graph.alive = [v in seen for v in range(len(players))]
    graph.use(weights)
    snapshot = graph.snapshot(members)
    return graph, layout, snapshot


def pair_round(players: tuple[Competitor, ...], played: int, forbidden: Forbidden,
               avoid: Forbidden = frozenset()) -> RoundResult:
    """Pair the players (in A.2 order) as A.9 says; see the module doc.
    Raises :class:`Unpairable` when no complete round-pairing exists."""
    n = len(players)
    if n == 0:
        return RoundResult((), (), None, None, False, _empty_layout(played, forbidden))
    roster = Roster(players, forbidden, avoid)
    completion = _completion(roster)
    if completion.complete():
        free = [v for v in completion.free() if v < n]
        raise Unpairable(tuple(players[v] for v in free))
    groups = scoregroups(players)
    brackets: list[BracketResult] = []
    current = list(groups[0])
    mdp_count = 0
    following = 1
    route = ""
    first_layout: Layout | None = None
    while len(current) > 1 or following < len(groups):
        size = len(current)
        collapsing = route == "ppb"
        last = following >= len(groups)
        special = last or collapsing
        if collapsing:
            below = [v for group in groups[following:] for v in group]
        else:
            below = list(groups[following]) if following < len(groups) else []
        members = current + below
        # C.7 looks at the last bracket, whose pairing includes the bye.
        final = following + 1 == len(groups)
        graph, layout, snapshot = _pair(roster, members, mdp_count, size, special, played,
                                        forbidden, avoid, final)
        first_layout = first_layout or layout
        phases = pair_bracket(graph, members, mdp_count, size, layout.group_bits)
        made = phases.mdp_pairs + phases.pairs2
        if not special:
            repaired = completion.try_without(made)
            if repaired is None:
                # A.9: this bracket is the PPB; it is paired again.
                brackets.append(_result(players, brackets, members, mdp_count, size, phases,
                                        graph, snapshot, layout, last=False, route="dropped"))
                route = "ppb"
                continue
            # Completion is asked again after the next normal bracket only
            # (the PPB, the CLB and the last bracket complete the round).
            completion.adopt(repaired)
            for a, b in made:
                completion.remove((a, b))
        brackets.append(_result(players, brackets, members, mdp_count, size, phases, graph,
                                snapshot, layout, last=last or route == "clb",
                                route=route))
        down = [v for v in members[:size] if graph.alive[v]]
        if collapsing:
            # The CLB: the PPB's downfloaters and all the players below.
            current = down + below
            following = len(groups)
            route = "clb"
        else:
            if last and not made and len(down) > 1:
                raise Unpairable(tuple(players[v] for v in down))  # not after the check
            current = down + below
            following += 1
            route = "clb" if route == "clb" else ""
        mdp_count = len(down)
    bye = players[current[0]] if current else None
    return RoundResult(tuple(players), tuple(brackets), bye, None, False,
                       first_layout or _empty_layout(played, forbidden))


def _empty_layout(played: int, forbidden: Forbidden) -> Layout:
    return Layout(group_bits=1, floor=Decimal(0), sd={}, sd_bits=1, score=Decimal(0),
                  special=True, played=played, forbidden=forbidden)


def _result(players: Sequence[Competitor], brackets: list[BracketResult], members: list[int],
            mdp_count: int, size: int, phases: Phases, graph: Graph, snapshot: Snapshot,
            layout: Layout, *, last: bool, route: str) -> BracketResult:
    """The bracket's result; ``best_total``: the weight of the matching
    chosen, at the bracket's weights (to judge another candidate)."""
    best_total = sum(snapshot.weight(u, v) for u, v in phases.matching())
    return bracket_result(players, len(brackets), members, mdp_count, size, phases, graph,
                          snapshot=snapshot, best_total=best_total, c9=False, last=last,
                          route=route, layout=layout)
