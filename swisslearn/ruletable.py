"""One home per rule: the row type of every system's rule table.

Each system lists the rules of its text once, in its own package
(:data:`swisslearn.dutch2026.rules.RULES`, :data:`swisslearn.dutch2017.rules.RULES`,
:data:`swisslearn.team2026.rules.RULES`, :data:`swisslearn.simplerules.RULES`,
:data:`swisslearn.dutch1998.rules.RULES`;
the 2026 criteria also keep their weights in
:data:`swisslearn.dutch2026.criteria.CRITERIA`, from which their rows are
made).  A :class:`Rule` says, for one label of the text:

* ``label``: what the trace cites (``[C10]``, ``C.10``, ``5.2.3``, ``S-halves``);
* ``article``: where it is in the text (``2.4.5``; ``seed 003``);
* ``en``: the text's words in English (``../shared/rules/``: the criterion's
  sentence, a sub-article's first sentence, an article's title), verbatim;
* ``fr``: the seed's words in French, where a seed gives them (seed 003 for
  ``simple``, seed 000 for ``dutch-1998``; the C.04 texts have no French
  seed);
* ``applies_to``: what it is applied to (a pair, a bracket, the round...);
* ``applied_by``: the function that applies it (``module:function``);
* ``keys``: its sentences in the message catalogue (``c2026.colour.5.2.3``).

An engine takes each label it writes from its table (:meth:`RuleTable.label`
raises ``KeyError`` for a label the table does not have, when the engine's
module is imported), never from a free string; ``tests/test_rule_tables.py``
checks that every label of each text has a row, that every row's function
and sentences exist, and that every label a trace cites is a row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

__all__ = ["Rule", "RuleTable", "where"]


def where(function: Callable[..., object]) -> str:
    """``module:function`` for :attr:`Rule.applied_by` (a closure: the
    function that makes it, ``criteria:mdp_opponents``)."""
    return f"{function.__module__}:{function.__qualname__.split('.<locals>')[0]}"


@dataclass(frozen=True)
class Rule:
    """One rule of a system's text (see the module doc)."""

    label: str
    article: str
    en: str
    applies_to: str
    applied_by: str
    keys: tuple[str, ...] = ()
    fr: str = ""


class RuleTable:
    """A system's rules, in the text's order, each label once."""

    def __init__(self, system: str, rows: Sequence[Rule]) -> None:
        self.system = system
        self.rows = tuple(rows)
        self._by_label: dict[str, Rule] = {}
        for row in self.rows:
            if row.label in self._by_label:
                raise ValueError(f"{system}: the label {row.label!r} has two rows")
            self._by_label[row.label] = row

    def __getitem__(self, label: str) -> Rule:
        return self._by_label[label]

    def __contains__(self, label: object) -> bool:
        return label in self._by_label

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def label(self, label: str) -> str:
        """``label``, checked against the table (``KeyError`` if it has no
        row): what an engine writes in its events."""
        return self._by_label[label].label

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(row.label for row in self.rows)
