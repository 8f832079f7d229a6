"""The weight of every pair one bracket's matchings see, computed when asked
for, and the same weights as a :class:`~swisslearn.dutch2026.certified.Problem`
(by class, with the few pairs that break their class's rule listed).

Which weigher gives a pair its weight (:class:`BracketWeights`), in the
bracket whose players are ``members`` (in 1.2 order: its ``mdp_count`` MDPs,
its residents up to ``size``, then the next scoregroup), for a pair
``u < v`` the absolute criteria allow:

* ``v`` a resident: the bracket's weigher, "current" (quality criteria);
* ``v`` in the next scoregroup: the bracket's weigher, "next" ([C8], C.7;
  2017's special brackets: neither);
* ``v`` below the members (2026 only: its matchings see every player left):
  the round's ``outside`` weigher ([C4]/[C5] and [C9] only);
* ``u`` and ``v`` both MDPs: 2026 keeps the weight the pair had in the last
  bracket that weighed it (``stale``: the one where ``v`` was still a
  resident); 2017 gives 0 (two MDPs never meet in their bracket).

Every weigher reads players through :func:`~swisslearn.dutch2026.classes.class_key`
only, except the soft-avoid criterion (ids) and [C1] (met, forbidden): a
pair's weight is its classes' and roles' unless it is barred (0) or a
soft-avoid pair or two MDPs (listed).
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from swisslearn.dutch2026.certified import Problem
from swisslearn.dutch2026.classes import Roster
from swisslearn.dutch2026.scoring import Competitor

__all__ = ["Weigh", "BracketWeights", "MDP", "RESIDENT", "NEXT", "OUTSIDE", "Transform"]

Weigh = Callable[[Competitor, Competitor, bool, bool], int]
"""``weigh(higher, lower, current, next)``, without the absolute criteria."""

MDP, RESIDENT, NEXT, OUTSIDE = 0, 1, 2, 3
ROLES = 4

Transform = Callable[[int], int]
"""What a matching makes of a pair's weight (a mask, a shift)."""


class BracketWeights:
    """The weights of the pairs of one bracket's matchings (module doc).

    ``inside``/``outside`` weigh real players; ``inside_rule``/``outside_rule``
    weigh two players standing for their classes (the same, except that no
    pair of classes is a soft-avoid pair).  ``next_scope``: pairs whose lower
    player is in the next scoregroup are weighed as "next" (False for 2017's
    special brackets).  ``stale`` (2026): the weights of the pairs of MDPs.
    """

    def __init__(self, roster: Roster, members: Sequence[int], mdp_count: int, size: int,
                 inside: Weigh, inside_rule: Weigh, *, outside: Weigh | None = None,
                 outside_rule: Weigh | None = None,
                 stale: Mapping[tuple[int, int], int] | None = None,
                 next_scope: bool = True) -> None:
        self.roster = roster
        self.players = roster.players
        self.members = tuple(members)
        self.mdp_count = mdp_count
        self.size = size
        self.inside = inside
        self.inside_rule = inside_rule
        self.outside = outside
        self.outside_rule = outside_rule
        self.stale = dict(stale) if stale is not None else None
        self.next_scope = next_scope
        self._role = {v: (MDP if i < mdp_count else RESIDENT if i < size else NEXT)
                      for i, v in enumerate(members)}
        self._rules: dict[tuple[int, int], int] = {}
        self._classes = len(roster.members)
        self._by_classes: dict[int, int] = {}

    def role(self, v: int) -> int:
        return self._role.get(v, OUTSIDE)

    def weight(self, u: int, v: int) -> int:
        """The weight of the pair ``u``-``v`` (0: they may not meet).

        Weighed once per pair of classes and role of ``v`` (the weighers
        read a player only through its class, see the module doc), the
        soft-avoid pairs each time."""
        if u > v:
            u, v = v, u
        roster = self.roster
        # Roster.compatible and Roster.special inlined (every pair of a
        # bracket's matchings is weighed here): a pair that is not barred is
        # special only as a soft-avoid pair.
        cls = roster.cls
        cu, cv = cls[u], cls[v]
        if not roster.class_ok[cu][cv] or v in roster.barred[u]:
            return 0
        role = self._role.get(v, OUTSIDE)
        if role == MDP:
            if self.stale is None:
                return 0
            return self.stale.get((u, v), 0)
        if roster.avoid and v in roster.special(u):
            return self._weigh(u, v, role)
        key = (cu * self._classes + cv) * ROLES + role
        value = self._by_classes.get(key)
        if value is None:
            value = self._by_classes[key] = self._weigh(u, v, role)
        return value

    def _weigh(self, u: int, v: int, role: int) -> int:
        players = self.players
        if role == OUTSIDE:
            assert self.outside is not None
            return self.outside(players[u], players[v], False, False)
        return self.inside(players[u], players[v], role == RESIDENT,
                           role == NEXT and self.next_scope)

    def group(self, v: int) -> int:
        """The group of ``v`` for a :class:`Problem`: its class and role."""
        return self.roster.cls[v] * ROLES + self._role.get(v, OUTSIDE)

    def rule(self, g: int, h: int) -> int:
        """The weight of a pair whose higher player is of group ``g`` and the
        lower of group ``h``, when neither barred nor listed (0 for an order
        1.2 cannot give)."""
        key = (g, h)
        value = self._rules.get(key)
        if value is None:
            value = self._rules[key] = self._rule(g, h)
        return value

    def _rule(self, g: int, h: int) -> int:
        cu, ru = divmod(g, ROLES)
        cv, rv = divmod(h, ROLES)
        roster = self.roster
        if ru > rv or not roster.class_ok[cu][cv] or rv == MDP:
            return 0
        a, b = roster.sample[cu], roster.sample[cv]
        if a.pairing_score < b.pairing_score:
            return 0  # a lower player never comes first in 1.2 order
        if rv == OUTSIDE:
            assert self.outside_rule is not None
            return self.outside_rule(a, b, False, False)
        return self.inside_rule(a, b, rv == RESIDENT, rv == NEXT and self.next_scope)

    def listed(self, domain: Sequence[int]) -> dict[int, dict[int, int]]:
        """The pairs of ``domain`` (vertices, ascending) that are not their
        groups' rule, by position: barred, soft-avoid and MDP pairs."""
        position = {v: i for i, v in enumerate(domain)}
        found: dict[int, dict[int, int]] = {}
        roster = self.roster
        for i, u in enumerate(domain):
            for w in roster.special(u):
                j = position.get(w)
                if j is not None and j > i:
                    found.setdefault(i, {})[j] = self.weight(u, w)
        mdps = [v for v in domain if self._role.get(v) == MDP]
        if mdps and self.stale is not None:
            for b_index, b in enumerate(mdps):
                for a in mdps[:b_index]:
                    found.setdefault(position[a], {})[position[b]] = self.weight(a, b)
        return found

    def problem(self, domain: Sequence[int], transform: Transform,
                extra: Mapping[tuple[int, int], int] | None = None,
                replace: Mapping[tuple[int, int], int] | None = None) -> Problem:
        """The matching of ``domain`` on the weights ``transform(weight)``
        (plus ``extra``, with ``replace`` standing for some weights), for
        :func:`swisslearn.dutch2026.certified.solve`.  Pairs in ``extra`` or
        ``replace`` (vertex pairs ``(u, v)``, ``u < v``) are listed."""
        listed = self.listed(domain)
        position = {v: i for i, v in enumerate(domain)}
        special: dict[int, dict[int, int]] = {
            i: {j: transform(w) if w else 0 for j, w in row.items()} for i, row in listed.items()}
        for source in (replace or {}, extra or {}):
            for (u, v) in source:
                i, j = position.get(u), position.get(v)
                if i is None or j is None:
                    continue
                special.setdefault(i, {})[j] = 0  # filled below
        replace = replace or {}
        extra = extra or {}
        for i, row in special.items():
            u = domain[i]
            for j in row:
                v = domain[j]
                key = (u, v)
                if key in replace or key in extra:
                    weight = replace.get(key)
                    if weight is None:
                        weight = self.weight(u, v)
                    value = transform(weight) + extra.get(key, 0) if weight else 0
                    row[j] = value if value > 0 else 0
        group = [self.group(v) for v in domain]
        return Problem(group, lambda g, h: _positive(transform(self.rule(g, h))), special)


def _positive(value: int) -> int:
    return value if value > 0 else 0
