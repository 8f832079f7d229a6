"""A table of criteria as one integer edge weight: the shared machinery of
both editions of C.04.3 (``dutch-2026``, ``dutch-2017``).

Each edition lists its criteria once, in priority order, as rows of a
table (:mod:`swisslearn.dutch2026.criteria` for Article 2 of 2026,
:mod:`swisslearn.dutch2017.criteria` for Section C of 2017).  A row, a
:class:`Criterion`, says everything about one criterion:

* ``name``: the label the trace cites (``[C12]``, ``C.10``);
* ``article`` and ``text``: where it is and what it says (the English words
  of the rule text, verbatim);
* ``applies``: when it is a field of the weight (e.g. "at least one round
  played" for the repeated-float criteria, "a special bracket" for 2017's
  completion);
* ``fields``: how it is measured, one :class:`Field` per bit field (most
  criteria have one; 2026's [C8] has two, pairs then scores; an absolute
  criterion has none: it removes the edge instead);
* ``measure``: one sentence saying how, for a reader of the table.

:class:`Fields` turns the rows that apply to a round (or, in 2017, to a
bracket) into the layout of the weight: the fields in priority order, their
widths and offsets, the names :func:`deciding_field` reports.  Everything
else (the widths a picture shows, the explanation of a weight field, the
tests) reads the same table; nothing is listed twice.

A field's value is computed for the pairs of its :class:`Scope`: every pair
the absolute criteria allow (completion, the PAB), the pairs made in the
bracket being paired, or the pairs made in the next scoregroup (the
look-ahead of 2026's [C8] and 2017's C.7).  Other pairs get 0 in it.

Interface for the engines (kept small on purpose, so that a faster packing
can replace this one without touching a table):

* ``Fields(table, shape)``: ``shape`` is the object the rows' ``applies``
  and widths read (the edition's :class:`~swisslearn.dutch2026.criteria.Layout`);
* :meth:`Fields.weigher` returns ``weigh(higher, lower, current, next) ->
  int`` for one bracket, its values reading ``context`` (what the bracket
  knows: score shifts, the PAB score...);
* :attr:`Fields.widths`, :attr:`Fields.names`, :attr:`Fields.low_bits`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Protocol, Sequence

from swisslearn.dutch2026.scoring import Competitor
from swisslearn.model import PlayerId

__all__ = ["Scope", "Field", "Criterion", "Fields", "TableLayout", "WeightShape",
           "both_rounds", "deciding_field", "always"]


class Scope(enum.Enum):
    """Which pairs a field is measured for."""

    EVERY = "every"        # every pair the absolute criteria allow
    CURRENT = "current"    # pairs made in the bracket being paired
    NEXT = "next"          # pairs whose lower player is in the next scoregroup
    WINDOW = "window"      # CURRENT and NEXT


Value = Callable[[Competitor, Competitor, Any], int]
"""``value(higher, lower, context)``: the field's value for a pair (``higher``
ranks above ``lower``); ``context`` is what the bracket knows."""

Width = Callable[[Any], int]
"""``width(shape)``: the field's bits for the round (or bracket)."""

Active = Callable[[Any], bool]
"""``active(context)``: False when the field is 0 for every pair of a bracket
(2026's [C9] outside the bracket that downfloats the PAB assignee)."""


def always(shape: Any) -> bool:
    return True


def _zero(higher: Competitor, lower: Competitor, context: Any) -> int:
    return 0


@dataclass(frozen=True)
class Field:
    """One bit field of the weight: its width, its value, the pairs it is
    measured for, what it counts (one sentence), and (optionally) when a
    bracket's context switches it off."""

    width: Width
    value: Value = _zero
    scope: Scope = Scope.CURRENT
    counts: str = ""
    active: Active | None = None


@dataclass(frozen=True)
class Criterion:
    """One criterion of the text, defined once (see the module doc)."""

    name: str
    article: str
    text: str
    measure: str
    fields: tuple[Field, ...] = ()
    applies: Callable[[Any], bool] = always

    @property
    def key(self) -> str:
        """The catalogue key of its words in the trainee's language
        (``c2026.criterion.C12``): the suffix is the name without brackets."""
        return self.name.strip("[]")


class Fields:
    """The fields of the rows of ``table`` that apply to ``shape``, top first.

    The first field is the top one: it has no width limit (it counts what
    the matching must do first) and is not in :attr:`widths`.
    """

    def __init__(self, table: Sequence[Criterion], shape: Any) -> None:
        self.rows = tuple(row for row in table if row.fields and row.applies(shape))
        flat = [(row, field) for row in self.rows for field in row.fields]
        self.flat = tuple(flat)
        self.names = tuple(row.name for row, _ in flat)
        self.widths = tuple(field.width(shape) for _, field in flat[1:])
        total = sum(self.widths)
        offsets = []
        for width in (0,) + self.widths:
            total -= width
            offsets.append(total)
        self.offsets = tuple(offsets)
        self.low_bits = self.widths[-1] if self.widths else 0

    @cached_property
    def _by_scope(self) -> dict[Scope, tuple[tuple[int, Value, Active | None], ...]]:
        found: dict[Scope, list[tuple[int, Value, Active | None]]] = {
            scope: [] for scope in Scope}
        for (_, field), offset in zip(self.flat, self.offsets):
            if field.value is _zero:
                continue
            found[field.scope].append((offset, field.value, field.active))
        return {scope: tuple(items) for scope, items in found.items()}

    def values(self, higher: Competitor, lower: Competitor, context: Any, *,
               current: bool, next: bool) -> tuple[int, ...]:
        """The value of every field for the pair (0 where out of scope)."""
        result = []
        for _, field in self.flat:
            scope = field.scope
            if (scope is Scope.EVERY or (scope is Scope.CURRENT and current)
                    or (scope is Scope.NEXT and next)
                    or (scope is Scope.WINDOW and (current or next))):
                result.append(field.value(higher, lower, context))
            else:
                result.append(0)
        return tuple(result)

    def pack(self, values: Sequence[int]) -> int:
        """The weight of field values (top field first)."""
        total = 0
        for value, offset in zip(values, self.offsets):
            if value:
                total += value << offset
        return total

    def weigher(self, context: Any) -> Callable[[Competitor, Competitor, bool, bool], int]:
        """``weigh(higher, lower, current, next)`` for one bracket: the packed
        weight of a pair the absolute criteria allow (the caller checks
        them).  ``current``: the lower player is a resident of the bracket
        being paired; ``next``: it is in the next scoregroup.  A field whose
        ``active`` says it is off for ``context`` is left out (it is 0)."""
        scopes = {scope: tuple((offset, value) for offset, value, active in items
                               if active is None or active(context))
                  for scope, items in self._by_scope.items()}
        every = scopes[Scope.EVERY]
        current_only = scopes[Scope.CURRENT] + scopes[Scope.WINDOW]
        next_only = scopes[Scope.NEXT] + scopes[Scope.WINDOW]

        def weigh(higher: Competitor, lower: Competitor, current: bool, next: bool) -> int:
            total = 0
            for offset, value in every:
                total += value(higher, lower, context) << offset
            if current:
                for offset, value in current_only:
                    total += value(higher, lower, context) << offset
            elif next:
                for offset, value in next_only:
                    total += value(higher, lower, context) << offset
            return total

        return weigh


def both_rounds(last: tuple[str, str], before: tuple[str, str], text: str, measure: str,
                width: Width, value: Callable[[int], Value]) -> tuple[Criterion, Criterion]:
    """A float criterion and its twin two rounds before (2026's [C14] and
    [C16], 2017's C.12 and C.14...): ``last``/``before`` are (name, article);
    ``text`` holds ``{when}`` ("the previous round", "two rounds before") and
    ``value(back)`` measures the float ``back + 1`` rounds ago.  The first
    applies once a round is played, the second once two are."""
    rows = []
    for back, (name, article), when in ((0, last, "the previous round"),
                                        (1, before, "two rounds before")):
        rows.append(Criterion(name, article, text.format(when=when), measure,
                              (Field(width, value(back), Scope.CURRENT, measure),),
                              _played(back + 1)))
    return rows[0], rows[1]


def _played(rounds: int) -> Callable[[Any], bool]:
    def applies(shape: Any) -> bool:
        return bool(shape.played >= rounds)
    return applies


class TableLayout:
    """The part of an edition's layout that only reads its table: the fields
    that apply, their widths and names, the generation order's bits.  An
    edition's layout (a frozen dataclass with ``group_bits``, ``played``,
    ``forbidden``...) says which table (:attr:`table`)."""

    group_bits: int

    @property
    def table(self) -> Sequence[Criterion]:
        raise NotImplementedError

    @cached_property
    def fields(self) -> Fields:
        return Fields(self.table, self)

    @property
    def widths(self) -> tuple[int, ...]:
        """Widths of the fields below the top one, in :attr:`names` order."""
        return self.fields.widths

    @property
    def names(self) -> tuple[str, ...]:
        """The criterion of each field, top field first."""
        return self.fields.names

    @property
    def low_bits(self) -> int:
        """Bits reserved under the criteria for the generation order."""
        return 3 * self.group_bits + 1

    def checked_weigher(self, context: Any, compatible: Callable[[Competitor, Competitor], bool]
                        ) -> Callable[[Competitor, Competitor, bool, bool], int]:
        """:meth:`Fields.weigher`, 0 for a pair ``compatible`` refuses."""
        weigh = self.fields.weigher(context)

        def weight(higher: Competitor, lower: Competitor, in_current: bool,
                   in_next: bool) -> int:
            if not compatible(higher, lower):
                return 0
            return weigh(higher, lower, in_current, in_next)

        return weight


class WeightShape(Protocol):
    """What the shared bracket machinery and the judge of a candidate need
    from an edition's layout: its fields, the group width (the generation
    order's bits are counted in it) and the forbidden pairs."""

    @property
    def fields(self) -> Fields: ...

    @property
    def group_bits(self) -> int: ...

    @property
    def forbidden(self) -> frozenset[frozenset[PlayerId]]: ...


def deciding_field(fields: Fields, worse: int, better: int) -> str | None:
    """The name of the most significant field where two total weights
    differ (``None``: they differ only in the generation order, or not)."""
    offset = sum(fields.widths)
    for index, name in enumerate(fields.names):
        if (worse >> offset) != (better >> offset):
            return name
        if index < len(fields.widths):
            offset -= fields.widths[index]
    return None
