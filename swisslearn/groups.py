"""Protection groups (seed 002): who is kept apart, by which constraint, from
which round, and the groups frozen with a round once it is paired.

These are the values a file's protection records hold
(:mod:`swisslearn.formats.protections` reads and writes them) and that
:mod:`swisslearn.protections` pairs a round with; the module doc of the
latter says what each constraint does.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

from swisslearn.errors import usage
from swisslearn.model import Player, PlayerId, RoundNumber, Tournament

__all__ = ["Pair", "Constraint", "AttributeRule", "ManualGroup", "Group", "FrozenRound",
           "attribute_value", "settings_groups", "constrained"]

Pair = frozenset[PlayerId]
"""Two players (or teams) who should not meet."""


class Constraint(enum.Enum):
    """What keeps the members of a group apart (seed 002, "Contraintes")."""

    NONE = "none"
    STRICT = "strict"
    SOFT_BOTTOM = "soft-bottom"
    SOFT_AVOID = "soft-avoid"

    @classmethod
    def parse(cls, text: str) -> Constraint:
        for member in cls:
            if member.value == text.strip().lower():
                return member
        raise usage("protect.constraint", text=text)

    def __repr__(self) -> str:
        return f"Constraint.{self.name}"


@dataclass(frozen=True)
class AttributeRule:
    """Automatic groups: one per value of ``attribute``, from ``first_round`` on."""

    attribute: str
    constraint: Constraint
    first_round: RoundNumber = 1


@dataclass(frozen=True)
class ManualGroup:
    """A group made by hand, from ``first_round`` on."""

    name: str
    members: tuple[PlayerId, ...]
    constraint: Constraint
    first_round: RoundNumber = 1


@dataclass(frozen=True)
class Group:
    """A group as used to pair one round: ``attribute`` is empty for a manual
    group; an automatic group is named ``attribute=value``."""

    name: str
    members: tuple[PlayerId, ...]
    constraint: Constraint
    attribute: str = ""

    @property
    def automatic(self) -> bool:
        return bool(self.attribute)

    def pairs(self) -> frozenset[Pair]:
        return frozenset(frozenset(p) for p in itertools.combinations(self.members, 2))


@dataclass(frozen=True)
class FrozenRound:
    """The groups a paired round used, its threshold and released players."""

    round: RoundNumber
    groups: tuple[Group, ...]
    threshold: int | None = None
    released: tuple[PlayerId, ...] = ()


def attribute_value(player: Player, attribute: str) -> str:
    """A player's value for an automatic group; ``club`` falls back to the
    nickname of a team (``310`` columns 42-46, where team files keep the club)."""
    value = player.attribute(attribute)
    if not value and attribute == "club":
        value = player.attribute("nickname")
    return value.strip()


def settings_groups(rules: tuple[AttributeRule, ...], manual: tuple[ManualGroup, ...],
                    tournament: Tournament, round: RoundNumber) -> tuple[Group, ...]:
    """The groups the settings give for ``round`` (frozen rounds aside): for
    one attribute, or one manual name, the setting with the largest first
    round not after ``round`` (the last one listed if equal); automatic
    groups of two members or more, by value, then the manual ones."""
    by_attribute = _latest(((rule.attribute, rule) for rule in rules), round)
    by_name = _latest(((group.name, group) for group in manual), round)
    found: list[Group] = []
    for attribute, rule in by_attribute.items():
        values: dict[str, list[PlayerId]] = {}
        for player in tournament.players:
            value = attribute_value(player, attribute)
            if value:
                values.setdefault(value, []).append(player.id)
        for value in sorted(values):
            if len(values[value]) >= 2:
                found.append(Group(f"{attribute}={value}", tuple(sorted(values[value])),
                                   rule.constraint, attribute))
    for name, group in by_name.items():
        members = tuple(sorted(set(group.members)))
        for pid in members:
            if pid not in tournament:
                raise usage("protect.group_unknown", source=tournament.source, name=name,
                            player=pid)
        found.append(Group(name, members, group.constraint))
    return tuple(found)


_Setting = TypeVar("_Setting", AttributeRule, ManualGroup)


def _latest(settings: Iterable[tuple[str, _Setting]], round: RoundNumber
            ) -> dict[str, _Setting]:
    """For each name, the setting with the largest first round not after
    ``round`` (the last one given if equal), in the order first seen."""
    chosen: dict[str, _Setting] = {}
    for name, setting in settings:
        if setting.first_round <= round and (name not in chosen
                                             or chosen[name].first_round <= setting.first_round):
            chosen[name] = setting
    return chosen


def constrained(rules: tuple[AttributeRule, ...], manual: tuple[ManualGroup, ...],
                frozen: tuple[FrozenRound, ...]) -> bool:
    """Does any setting or frozen round use a constraint (not ``none``)?"""
    return (any(r.constraint is not Constraint.NONE for r in rules)
            or any(g.constraint is not Constraint.NONE for g in manual)
            or any(g.constraint is not Constraint.NONE for f in frozen for g in f.groups))
