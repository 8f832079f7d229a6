"""What a bracket gives the round driver: its acceptable pairings, one by
one (:class:`Outcome`), and its requests to undo an earlier bracket
(:class:`Need`: C12, C13), between the trace's events (:data:`Stream`).

Each outcome remembers how the rules accepted it (:class:`GroupLevel`,
:class:`BracketLevel`): soft-avoid (seed 002) looks among the pairings of
that same level for one with fewer same-group pairs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Generator, Union

import numpy as np

from swisslearn.dutch1998.state import Table
from swisslearn.model import PlayerId, PlayerState
from swisslearn.trace import BracketView, Event

__all__ = ["BracketLevel", "GroupLevel", "Item", "Need", "Outcome", "Pair", "Stream"]

Pair = tuple[PlayerState, PlayerState]


@dataclass(frozen=True)
class GroupLevel:
    """How the rules accepted an outcome of a homogeneous bracket (or of a
    remainder group): at ``view``'s level (x, p, dropped criteria), over
    ``players`` (those floating anyway left out), with ``table`` (B1/B2, and
    B5/B6 for a group of several scores, as far as the level keeps them);
    ``x`` is the x of the search (the view shows the text's)."""

    view: BracketView
    players: tuple[PlayerState, ...]
    table: Table
    x: int
    p: int
    pairs: tuple[Pair, ...]


@dataclass(frozen=True)
class BracketLevel:
    """How the rules accepted an outcome of a heterogeneous bracket: its
    moved-down players ``s1`` paired with ``residents`` (``allowed``/``cost``
    at the level, at most ``x`` conflicts: ``mdp_pairs``), then the
    remainder group (``remainder``; None if it pairs nobody)."""

    s1: tuple[PlayerState, ...]
    residents: tuple[PlayerState, ...]
    allowed: np.ndarray
    cost: np.ndarray
    x: int
    mdp_pairs: tuple[Pair, ...]
    remainder: GroupLevel | None
    table: Table


@dataclass(frozen=True)
class Outcome:
    """An acceptable pairing of one bracket: pairs (S1 player first) and the
    players moved down to the next bracket (or, for the lowest, the bye).
    ``level``: how the rules accepted it (for soft-avoid), None if it pairs
    nobody or no soft-avoid pair is in play."""

    pairs: tuple[Pair, ...]
    moved_down: tuple[PlayerState, ...]
    view: BracketView
    transposition: int = 0
    exchange: str | None = None
    level: GroupLevel | BracketLevel | None = field(default=None, compare=False, repr=False)

    def key(self) -> tuple[frozenset[frozenset[PlayerId]], frozenset[PlayerId]]:
        """The pairing as sets: the same pairs and players moved down."""
        found = self.__dict__.get("_key")
        if found is None:
            found = self.__dict__["_key"] = (
                frozenset(frozenset((a.id, b.id)) for a, b in self.pairs), self.down)
        return found

    @cached_property
    def down(self) -> frozenset[PlayerId]:
        """The ids of the players moved down."""
        return frozenset(p.id for p in self.moved_down)


@dataclass(frozen=True)
class Need:
    """The bracket asks the driver to undo an earlier bracket (C12 or C13).
    The driver sends back True if it did (the stream is then dropped)."""

    rule: str
    view: BracketView


Item = Union[Event, Outcome, Need]
Stream = Generator[Item, Union[bool, None], None]
