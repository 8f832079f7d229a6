"""C6 as read, C9, C10, C11, C14: the levels a bracket is tried at, as data.

When no candidate of a level is acceptable (C6-C8), the text relaxes the
bracket step by step, always in the same order:

* C9: "drop criteria B6 and B5 (in this order) for downfloaters";
* C10: the same for upfloaters (a heterogeneous bracket, or one of several
  scores treated as homogeneous: README, "How we read the 1998 text", 16);
* C11: "as long as x < p, increase x by 1";
* C14: "decrease p by 1" down to 0 (not in the lowest bracket, where
  nothing is left below to take the players).

:func:`ladder` writes that order once, as a list of :class:`Level`; every
bracket, heterogeneous bracket's moved-down players and remainder group is
tried along one (``bracket.py``), and :func:`announce` is the one place that
tells the step that brought a level (CriterionDropped, XIncreased,
PDecreased).  Our readings: C6 checks B4 within x and B5/B6 for the floats
a candidate creates (README, reading 1), a dropped criterion stays dropped
for the bracket, and C9 also relaxes the remainder group (reading 5).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

from swisslearn.dutch1998.criteria import STRICT, Relaxation
from swisslearn.dutch1998.rules import RULES
from swisslearn.trace import BracketView, CriterionDropped, Event, PDecreased, XIncreased

__all__ = ["C9", "C10", "Drop", "Level", "announce", "ladder"]

#: (rule, criterion, floaters): one step of C9 or C10.
Drop = tuple[str, str, str]

_B5, _B6, _C9, _C10, _C11, _C14 = (RULES.label(label)
                                   for label in ("B5", "B6", "C9", "C10", "C11", "C14"))

C9: tuple[Drop, ...] = ((_C9, _B6, "down"), (_C9, _B5, "down"))
C10: tuple[Drop, ...] = ((_C10, _B6, "up"), (_C10, _B5, "up"))


@dataclass(frozen=True)
class Level:
    """One try of a bracket: the criteria in force, x and p.

    ``rule`` is the step that brought it (None for the first, C6 as read);
    ``drop`` the criterion C9/C10 dropped to reach it; ``extra`` how much
    C11 has raised x (a heterogeneous bracket's remainder group is raised
    with its moved-down players: reading 3); ``x`` is the search's x, and
    ``shown_x`` the text's (C14 "decrease x by 1 too" when x was first
    positive: both let every pair miss a preference, since x >= p)."""

    rule: str | None
    relaxation: Relaxation
    extra: int
    x: int
    p: int
    drop: tuple[str, str] | None = None
    shown_x: int | None = None
    remainder_only: bool = False   # C11 with x already p: only the remainder's x rises
    x_from: int | None = None      # C14: x before this step (told with p)
    x_first: int | None = None     # C14: x's first value (A8), which says whether x follows p

    @property
    def text_x(self) -> int:
        return self.x if self.shown_x is None else self.shown_x


def ladder(x0: int, p: int, *, start: Relaxation = STRICT, drops: Sequence[Drop] = (),
           extra: int = 0, raises: int = 0, lower_p: bool = False) -> list[Level]:
    """The levels of a bracket (or group) of ``p`` pairs and A8's ``x0``:
    ``start``, then each of ``drops``; then C11 ``raises`` times (x from
    ``x0 + extra``, never above p); then, with ``lower_p``, C14 down to
    p = 0.  (A heterogeneous bracket's moved-down players go on after
    their C14 from their ladder's last level: ``_Heterogeneous.lowered``.)"""
    relaxation = start
    levels = [Level(None, relaxation, extra, min(x0 + extra, p), p)]
    for rule, criterion, floaters in drops:
        relaxation = relaxation.without(criterion, floaters)
        levels.append(Level(rule, relaxation, extra, min(x0 + extra, p), p,
                            (criterion, floaters)))
    for step in range(1, raises + 1):
        x = min(x0 + extra + step, p)
        levels.append(Level(_C11, relaxation, extra + step, x, p,
                            remainder_only=x == min(x0 + extra + step - 1, p)))
    if lower_p:
        for fewer in range(p - 1, -1, -1):
            shown = fewer if x0 > 0 else p
            levels.append(Level(_C14, relaxation, extra, p, fewer, shown_x=shown,
                                x_from=levels[-1].text_x, x_first=x0))
    return levels


def announce(level: Level, view: BracketView, *, after_remainder: bool = False
             ) -> Iterator[Event]:
    """The event of the step that brought ``level`` (none for the first).
    ``after_remainder``: a heterogeneous bracket's moved-down players have
    had a candidate whose remainder group could not be paired at this p."""
    if level.rule in (_C9, _C10) and level.drop is not None:
        criterion, floaters = level.drop
        # The text's C9 is about a bracket's downfloaters and its C10 about a
        # homogeneous remainder group: in a remainder group (reading 5, C9)
        # and in a bracket of several scores treated as homogeneous (reading
        # 16, C10) they are our readings.  For a heterogeneous bracket's
        # moved-down players, C10's drop for upfloaters is the text's own
        # once a remainder group has failed and the lowest downfloater has
        # no other opponent (« S'il n'y a pas d'autre alternative pour ce
        # joueur, abandonner le critère B6 puis B5 pour les flotteurs
        # montants »); before any remainder group exists, it is reading 1
        # (the text would go on to C11).
        reading = (5 if level.rule == _C9 and view.remainder
                   else 16 if level.rule == _C10 and view.homogeneous and not view.remainder
                   else 1 if level.rule == _C10 and not view.remainder and not after_remainder
                   else None)
        yield CriterionDropped(rule=level.rule, bracket=view, criterion=criterion,
                               floaters=floaters, reading=reading)
    elif level.rule == _C11:
        # The text's C11 undoes every pairing of the bracket (moved-down
        # players included) and restarts at C3; raising x in the remainder
        # group alone, the moved-down players' pairing kept, is reading 3.
        yield XIncreased(rule=_C11, bracket=view, remainder_only=level.remainder_only,
                         reading=3 if view.remainder else None)
    elif level.rule == _C14:
        # The text puts C12 and C13 before C14: in the lowest bracket, read
        # in that order, p would never be lowered (reading 25).
        yield PDecreased(rule=_C14, bracket=view, x_from=level.x_from,
                         x_first=level.x_first, reading=25 if view.lowest else None)
