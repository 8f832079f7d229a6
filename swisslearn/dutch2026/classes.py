"""Players the criteria cannot tell apart, and who may meet whom, without a
list of every pair.

A round of 10,000 players has 50 million pairs; round 1 of it has one kind
of player.  Every criterion of both editions (:mod:`.criteria`,
:mod:`swisslearn.dutch2017.criteria`) reads a player only through the
attributes of :func:`class_key` (the pairing score, the colour preference
and what it is made of, the floats of the last two rounds, whether the PAB
is allowed, the games played, topscorer or not), and a pair only through
those of its two players plus three pair-level facts: did they meet ([C1]),
is the pair forbidden (``260``/``XXP``), is it a soft-avoid pair (seed 002).
So two players with the same key are interchangeable for every weight,
except in the pairs those facts name.  :class:`Roster` keeps one class per
key and, per player, the few players they may not meet; "who may meet
whom" is the class-level rule [C3] and those exceptions.

:class:`Neighbours` is that relation as the adjacency lists
:class:`~swisslearn.matching.completion.Completion` reads (ascending, the
PAB vertex last), computed when asked for instead of stored: the lists of a
10,000-player round 1 would hold 100 million entries.
"""

from __future__ import annotations

from typing import Hashable, Iterator, Sequence

from swisslearn.dutch2026.scoring import Competitor
from swisslearn.model import PlayerId

__all__ = ["class_key", "Roster", "Neighbours"]


def class_key(player: Competitor) -> tuple[Hashable, ...]:
    """Everything any criterion reads of one player (see the module doc):
    two players with the same key weigh the same against anyone."""
    return (player.pairing_score, player.preference, player.strength, player.imbalance,
            player.repeated, player.downfloated, player.upfloated, player.bye_eligible,
            player.played_games, player.topscorer)


def _c3(a: Competitor, b: Competitor) -> bool:
    """[C3] (2017: C.3): two non-topscorers with the same absolute preference."""
    return (a.absolute and b.absolute and a.preference is b.preference
            and not (a.topscorer or b.topscorer))


class Roster:
    """The players of a round (in 1.2 order, vertex = place) by class.

    ``cls[v]`` is the class of vertex ``v``; ``members[c]`` the vertices of
    class ``c`` (ascending) and ``sample[c]`` one of them; ``barred[v]`` the
    vertices ``v`` may not meet for a pair-level reason (they met, a
    forbidden pair); :meth:`compatible` adds the class-level [C3].
    ``avoid`` holds the soft-avoid pairs as vertex pairs ``(u, v)``, ``u < v``.
    """

    def __init__(self, players: Sequence[Competitor],
                 forbidden: frozenset[frozenset[PlayerId]],
                 avoid: frozenset[frozenset[PlayerId]] = frozenset()) -> None:
        self.players = players
        index: dict[PlayerId, int] = {p.id: v for v, p in enumerate(players)}
        keys: dict[tuple[Hashable, ...], int] = {}
        self.cls: list[int] = []
        self.members: list[list[int]] = []
        self.sample: list[Competitor] = []
        for v, p in enumerate(players):
            key = class_key(p)
            c = keys.get(key)
            if c is None:
                c = keys[key] = len(self.members)
                self.members.append([])
                self.sample.append(p)
            self.cls.append(c)
            self.members[c].append(v)
        count = len(self.members)
        self.class_ok: list[list[bool]] = [
            [not _c3(self.sample[a], self.sample[b]) for b in range(count)]
            for a in range(count)]
        self.barred: list[frozenset[int]] = [frozenset()] * len(players)
        found: dict[int, set[int]] = {}
        for v, p in enumerate(players):
            for opponent in p.opponents:
                # [C1] as absolute_violation(higher, lower) reads it: the
                # higher ranked player's opponents.
                w = index.get(opponent)
                if w is not None and w > v:
                    found.setdefault(v, set()).add(w)
                    found.setdefault(w, set()).add(v)
        for pair in forbidden:
            ends = [index[pid] for pid in pair if pid in index]
            if len(ends) == 2:
                a, b = ends
                found.setdefault(a, set()).add(b)
                found.setdefault(b, set()).add(a)
        for v, others in found.items():
            self.barred[v] = frozenset(others)
        self.avoid: frozenset[tuple[int, int]] = frozenset(
            (min(ends), max(ends)) for ends in
            ([index[pid] for pid in pair if pid in index] for pair in avoid) if len(ends) == 2)
        partners: dict[int, set[int]] = {}
        for a, b in self.avoid:
            partners.setdefault(a, set()).add(b)
            partners.setdefault(b, set()).add(a)
        self._special = {v: self.barred[v] | others for v, others in partners.items()}

    def __len__(self) -> int:
        return len(self.players)

    def compatible(self, u: int, v: int) -> bool:
        """May ``u`` and ``v`` meet ([C1]-[C3], forbidden pairs)?"""
        return self.class_ok[self.cls[u]][self.cls[v]] and v not in self.barred[u]

    def special(self, u: int) -> frozenset[int]:
        """The vertices whose pair with ``u`` is not its classes' rule: the
        barred ones and the soft-avoid partners."""
        return self._special.get(u, self.barred[u])


class Neighbours:
    """:meth:`Roster.compatible` as adjacency lists, computed on demand.

    ``neighbours[v]`` iterates the vertices ``v`` may meet in ascending
    order, then the PAB vertex (``len(roster)``) if ``v`` is joined to it;
    ``neighbours[pab]`` is the list of the players joined to it.  This is
    the order :func:`swisslearn.dutch2026.brackets.compatibility` builds, so
    a :class:`~swisslearn.matching.completion.Completion` searches the same
    paths either way.
    """

    def __init__(self, roster: Roster, pab: Sequence[int] | None = None) -> None:
        self.roster = roster
        self.size = len(roster) + (1 if pab is not None else 0)
        self.pab_list: list[int] = list(pab) if pab is not None else []
        self.pab_set = set(self.pab_list)

    def __len__(self) -> int:
        return self.size

    def join_pab(self, allowed: Sequence[int]) -> None:
        """The players who may now receive the PAB (the PAB vertex exists)."""
        self.pab_list = list(allowed)
        self.pab_set = set(allowed)

    def with_pab(self, allowed: Sequence[int]) -> Neighbours:
        """The same relation with another set of players joined to the PAB."""
        copy = Neighbours(self.roster, allowed)
        copy.size = self.size
        return copy

    def __getitem__(self, v: int) -> Iterator[int] | list[int]:
        roster = self.roster
        n = len(roster)
        if v == n:
            return self.pab_list
        return self._scan(v, 0)

    def after(self, v: int, start: int) -> Iterator[int]:
        """``neighbours[v]`` from vertex ``start`` on (the PAB vertex last)."""
        return self._scan(v, start)

    def _scan(self, v: int, start: int) -> Iterator[int]:
        roster = self.roster
        row = roster.class_ok[roster.cls[v]]
        cls = roster.cls
        barred = roster.barred[v]
        for w in range(start, len(roster)):
            if w != v and row[cls[w]] and w not in barred:
                yield w
        if v in self.pab_set and self.size > len(roster):
            yield len(roster)
