"""What changed from the 2017 text to the 2026 one, where it changes a
pairing: the rows of :data:`CHANGES`, each the 2017 articles, their 2026
counterparts and a catalogue key (``change.*``) for the sentence that says
what changed.  The list follows "What differs between the 2017 text and the
2026 text" at the end of ``../shared/rules/fide-dutch-2026-en.md`` (its
behavioural items, marked (B)); the criteria that only changed number
(C.8-C.11 -> [C10]-[C13], E.1-E.5 -> 5.2.1-5.2.5) are :data:`RENUMBERED`.

:func:`changes_for` names the changes behind a difference, from the criterion
each edition's judge found (:func:`swisslearn.dutch2026.candidates.judge`,
the other edition's pairing judged by these rules).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Change", "CHANGES", "RENUMBERED", "changes_for", "C2", "COMPLETION", "C5", "PSD", "C8",
           "C9", "FLOAT_COUNTS", "FLOAT_SCORES", "FLOATS", "MDPS"]


@dataclass(frozen=True)
class Change:
    """One behavioural change: the 2017 articles (``old``), the 2026 ones
    (``new``), the catalogue key of its sentence, and the item of the
    rules file's list of differences."""

    old: tuple[str, ...]
    new: tuple[str, ...]
    key: str
    item: int

    @property
    def articles(self) -> str:
        """« A.4.b → 1.4.3, 1.4.4 », « — → [C5] »."""
        return f"{', '.join(self.old) or '—'} → {', '.join(self.new) or '—'}"


C2 = Change(("C.2",), ("[C2]",), "change.c2", 12)
COMPLETION = Change(("C.4", "A.9"), ("[C4]", "1.9"), "change.completion", 13)
C5 = Change((), ("[C5]",), "change.c5", 14)
PSD = Change(("C.6", "A.8"), ("[C7]",), "change.psd", 16)
C8 = Change(("C.7",), ("[C8]",), "change.c8", 17)
C9 = Change((), ("[C9]",), "change.c9", 18)
FLOAT_COUNTS = Change(("C.12", "C.13", "C.14", "C.15"), ("[C14]", "[C15]", "[C16]", "[C17]"),
                      "change.float_counts", 20)
FLOAT_SCORES = Change(("C.16", "C.17", "C.18", "C.19"), ("[C18]", "[C19]", "[C20]", "[C21]"),
                      "change.float_scores", 21)
FLOATS = Change(("A.4.b",), ("1.4.3", "1.4.4"), "change.floats", 6)
MDPS = Change(("D.3", "B.2"), ("4.4", "3.2.2"), "change.mdps", 29)

CHANGES: tuple[Change, ...] = (C2, COMPLETION, C5, PSD, C8, C9, FLOAT_COUNTS, FLOAT_SCORES,
                               FLOATS, MDPS)
"""The changes of the 2026 text that can change a pairing, criteria first,
then the definitions they read."""

RENUMBERED: dict[str, str] = {
    "C.1": "[C1]", "C.3": "[C3]", "C.5": "[C6]", "C.8": "[C10]", "C.9": "[C11]",
    "C.10": "[C12]", "C.11": "[C13]", "E.1": "5.2.1", "E.2": "5.2.2", "E.3": "5.2.3",
    "E.4": "5.2.4", "E.5": "5.2.5", "D.1-D.3": "4.2-4.3", "D.1": "4.2", "D.2": "4.3"}
"""The 2017 criteria and articles the 2026 text keeps, renumbered."""


def changes_for(rule_2017: str | None, rule_2026: str | None, *, floats_differ: bool = False,
                bye_rule_differs: bool = False, collapsed: bool = False
                ) -> tuple[Change, ...]:
    """The changes behind a difference whose 2017 pairing loses on
    ``rule_2026`` under the 2026 rules and whose 2026 pairing loses on
    ``rule_2017`` under the 2017 rules (``None``: not judged): the change of
    each side's criterion (2026's new [C5], [C8] for C.7...); with
    ``floats_differ`` (the two texts give the players different floats), the
    definition of floats (A.4.b -> 1.4.3) for a criterion that reads them;
    with ``bye_rule_differs`` (a player may have the bye under one text and
    not the other), C.2 -> [C2].  When neither pairing loses on a criterion
    of the other text but the 2017 one was made in the Collapsed Last
    Bracket (``collapsed``: its brackets, hence its order of candidates, are
    not 2026's), A.9's route.  Empty if both criteria only changed number."""
    found: list[Change] = []

    def add(change: Change) -> None:
        if change not in found:
            found.append(change)

    order = {"D.1-D.3", "4.2-4.3", None}
    if collapsed and rule_2017 in order and rule_2026 in order:
        add(COMPLETION)
    if bye_rule_differs:
        add(C2)
    reading_floats = set(FLOAT_COUNTS.old + FLOAT_COUNTS.new + FLOAT_SCORES.old
                         + FLOAT_SCORES.new)
    for change in CHANGES:
        if rule_2026 in change.new or rule_2017 in change.old:
            add(change)
    if floats_differ and (rule_2017 in reading_floats or rule_2026 in reading_floats):
        add(FLOATS)
    return tuple(found)
