"""The accelerator's contract (issue 29): the pruned search tells the
literal procedure's story.

On a round both can pair, the pruned telling (``STORY_SIZE`` 0: every
bracket by :class:`~swisslearn.dutch1998.search.BracketSearch`) must give
the literal one's events, except that a run of consecutive refused
candidates may be told as one range whose reasons are exactly the criteria
the literal run refused them with.  :func:`compare` checks that, event by
event:

* the *skeleton*: the same events once every run of refusals (refused
  :class:`CandidateTried`, :class:`CandidatesSkipped`,
  :class:`ExchangeApplied`) is one step; the other events equal (a
  :class:`PairingsTried` summarising C10/C12/C13 attempts: the same rule,
  brackets, count and players moved down, and the same criteria);
* inside each run, the pruned items read the literal ones in order: a
  :class:`CandidateTried` is the literal one (the same rejection, the same
  ``also``); a C7 range stands for the literal candidates of its
  transpositions, a D2 range (or an exchange told without its candidates)
  for every candidate of its exchanges, and its reasons name exactly the
  criteria those candidates were refused for (the literal ``rejection``),
  with, when the range counts them, as many transpositions for each;
* the same pairing;
* the pruned events stand for as many events as the literal walk tells
  (:func:`~swisslearn.dutch1998.candidates.literal_events`).

The figures (rounds, brackets, runs, candidates compared) are in
:class:`Figures`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from swisslearn.dutch1998.candidates import literal_events
from swisslearn.dutch1998.rules import RULES
from swisslearn.trace import (BracketOpened, CandidatesSkipped, CandidateTried, Event,
                              ExchangeApplied, PairingsTried, RoundPaired)

__all__ = ["Figures", "compare"]

_C7, _C8, _D2 = (RULES.label(label) for label in ("C7", "C8", "D2"))


@dataclass
class Figures:
    """What :func:`compare` looked at, and the differences it found."""

    brackets: int = 0
    runs: int = 0
    ranges: int = 0
    candidates: int = 0        # literal candidates read through the pruned telling
    told_alike: int = 0        # of them, told one by one in both
    differences: list[str] = field(default_factory=list)

    def add(self, other: Figures) -> None:
        self.brackets += other.brackets
        self.runs += other.runs
        self.ranges += other.ranges
        self.candidates += other.candidates
        self.told_alike += other.told_alike
        self.differences.extend(other.differences)


def _in_run(event: Event) -> bool:
    return ((isinstance(event, CandidateTried) and not event.accepted)
            or isinstance(event, (CandidatesSkipped, ExchangeApplied)))


def _steps(events: list[Event]) -> list[Event | list[Event]]:
    """The events, each run of refusals one list."""
    out: list[Event | list[Event]] = []
    for event in events:
        if _in_run(event):
            if out and isinstance(out[-1], list):
                out[-1].append(event)
            else:
                out.append([event])
        else:
            out.append(event)
    return out


def _same_step(a: Event, b: Event) -> bool:
    if isinstance(a, PairingsTried) and isinstance(b, PairingsTried):
        # A summary of attempts: its reasons come from the steps it stands
        # for (ranges or single candidates), its ``steps`` counts events.
        return ((a.rule, a.bracket, a.because_of, a.count, a.moved_down)
                == (b.rule, b.bracket, b.because_of, b.count, b.moved_down)
                and {r.criterion for r in a.reasons} == {r.criterion for r in b.reasons})
    return a == b


def _span(event: CandidatesSkipped | CandidateTried) -> int:
    """Transpositions per literal candidate on this split: (|S2| - |S1|)!."""
    view = event.bracket
    k, m = len(view.s1), len(view.s2)
    result = 1
    for factor in range(2, m - k + 1):
        result *= factor
    return result


class _Run:
    """One run of refusals: the pruned items read the literal ones."""

    def __init__(self, literal: list[Event], pruned: list[Event], where: str,
                 figures: Figures) -> None:
        self.literal = literal
        self.pruned = pruned
        self.where = where
        self.figures = figures
        self.at = 0

    def fail(self, text: str) -> None:
        self.figures.differences.append(f"{self.where}: {text}")

    def _candidates(self, cell: str | None, view_s1: tuple[int, ...],
                    first: int, last: int) -> list[CandidateTried]:
        """The literal candidates from here on the same split whose
        transpositions lie in first..last."""
        taken: list[CandidateTried] = []
        while self.at < len(self.literal):
            event = self.literal[self.at]
            if not (isinstance(event, CandidateTried) and event.exchange == cell
                    and event.bracket.s1 == view_s1 and first <= event.transposition <= last):
                break
            taken.append(event)
            self.at += 1
        return taken

    def _exchanges(self, first: int, last: int) -> list[CandidateTried] | None:
        """The literal exchanges numbered first..last from here, with all
        their candidates; None if the literal run does not have them."""
        taken: list[CandidateTried] = []
        number = first
        while number <= last:
            if self.at >= len(self.literal):
                return None
            event = self.literal[self.at]
            if not isinstance(event, ExchangeApplied) or event.number != number:
                return None
            self.at += 1
            taken.extend(self._candidates(event.cell, event.bracket.s1, 0, 1 << 62))
            number += 1
        return taken

    def _rest(self) -> list[CandidateTried] | None:
        """C8 told as « no exchange can work »: the rest of the literal run."""
        taken: list[CandidateTried] = []
        while self.at < len(self.literal):
            event = self.literal[self.at]
            self.at += 1
            if isinstance(event, CandidateTried):
                taken.append(event)
            elif isinstance(event, CandidatesSkipped):
                return None
        return taken

    def _reasons(self, told: str, criteria: set[str], counts: Counter[str] | None,
                 taken: list[CandidateTried]) -> None:
        met: Counter[str] = Counter()
        for event in taken:
            assert event.rejection is not None
            met[event.rejection.criterion] += _span(event)
        self.figures.candidates += len(taken)
        self.figures.ranges += 1
        if not taken:
            self.fail(f"{told} stands for no literal candidate")
            return
        if criteria != set(met):
            self.fail(f"{told} names {sorted(criteria)}, the literal candidates "
                      f"{sorted(met)} ({len(taken)} candidates, first "
                      f"{taken[0].pairs} transposition {taken[0].transposition})")
            return
        if counts is not None and counts != met:
            self.fail(f"{told} counts {dict(counts)}, the literal {dict(met)}")

    def check(self) -> None:
        self.figures.runs += 1
        for item in self.pruned:
            if isinstance(item, CandidateTried):
                found = self.literal[self.at] if self.at < len(self.literal) else None
                self.at += 1
                self.figures.candidates += 1
                if found != item:
                    self.fail(f"candidate {item.pairs} ({item.rule}, {item.exchange}, "
                              f"{item.transposition}): {item.rejection} {item.also} "
                              f"where the literal tells {found}")
                    return
                self.figures.told_alike += 1
            elif isinstance(item, ExchangeApplied):
                found = self.literal[self.at] if self.at < len(self.literal) else None
                self.at += 1
                if not isinstance(found, ExchangeApplied) or (
                        (found.cell, found.number, found.from_s1, found.from_s2, found.bracket)
                        != (item.cell, item.number, item.from_s1, item.from_s2, item.bracket)):
                    self.fail(f"exchange {item.cell} ({item.number}) where the literal "
                              f"tells {found}")
                    return
                if not item.feasible:
                    taken = self._candidates(item.cell, item.bracket.s1, 0, 1 << 62)
                    criteria = {r.criterion for r in item.split_reasons}
                    self._reasons(f"exchange {item.cell}", criteria,
                                  _counted(item.split_reasons, item.split_counts), taken)
            elif isinstance(item, CandidatesSkipped):
                criteria = {r.criterion for r in item.reasons}
                counts = _counted(item.reasons, item.counts)
                if item.rule == _C7:
                    if item.count == 0:
                        continue   # C7 has no other transposition (an S2 of one player)
                    taken = self._candidates(item.exchange, item.bracket.s1, item.first,
                                             item.last)
                    self._reasons(f"{_C7} range {item.first}-{item.last} ({item.exchange})",
                                  criteria, counts, taken)
                elif item.rule == _D2:
                    found_ = self._exchanges(item.first, item.last)
                    if found_ is None:
                        self.fail(f"{_D2} range {item.first}-{item.last}: not the literal "
                                  "exchanges")
                        return
                    self._reasons(f"{_D2} range {item.first}-{item.last}", criteria, None, found_)
                else:
                    rest = self._rest()
                    if rest is None:
                        self.fail(f"{_C8} range: not the literal exchanges")
                        return
                    self._reasons(f"{_C8} range", criteria, None, rest)
        if self.at != len(self.literal):
            self.fail(f"the literal run goes on: {self.literal[self.at]}")


def _counted(reasons: tuple[object, ...], counts: tuple[int, ...]) -> Counter[str] | None:
    if not counts:
        return None
    found: Counter[str] = Counter()
    for reason, count in zip(reasons, counts):
        found[getattr(reason, "criterion")] += count
    return found


def compare(literal: list[Event], pruned: list[Event], where: str) -> Figures:
    """The differences between a literal telling and a pruned one
    (:class:`Figures`; none: the same story)."""
    figures = Figures()
    figures.brackets = sum(1 for e in literal if isinstance(e, BracketOpened))
    if not (isinstance(literal[-1], RoundPaired) and literal[-1] == pruned[-1]):
        figures.differences.append(f"{where}: not the same pairing")
        return figures
    a, b = _steps(literal), _steps(pruned)
    if len(a) != len(b):
        figures.differences.append(f"{where}: {len(a)} steps, the pruned {len(b)}: "
                                   f"{_first_difference(a, b)}")
        return figures
    for index, (x, y) in enumerate(zip(a, b)):
        if isinstance(x, list) and isinstance(y, list):
            before = len(figures.differences)
            _Run(x, y, f"{where} step {index}", figures).check()
            if len(figures.differences) > before:
                return figures
        elif isinstance(x, list) or isinstance(y, list) or not _same_step(x, y):
            figures.differences.append(f"{where} step {index}: {_said(x)} / {_said(y)}")
            return figures
    # The ranges and exchanges stand for as many events as the literal walk
    # tells (C10's summary of failed remainder groups decides on that number).
    if literal_events(pruned) != len(literal):
        figures.differences.append(f"{where}: the pruned telling stands for "
                                   f"{literal_events(pruned)} events, the literal walk "
                                   f"tells {len(literal)}")
    return figures


def _said(step: Event | list[Event]) -> str:
    if isinstance(step, list):
        return f"a run of {len(step)} refusals"
    return repr(step)[:400]


def _first_difference(a: list[Event | list[Event]], b: list[Event | list[Event]]) -> str:
    for index, (x, y) in enumerate(zip(a, b)):
        if isinstance(x, list) != isinstance(y, list) or (
                not isinstance(x, list) and not isinstance(y, list) and not _same_step(x, y)):
            return f"step {index}: {_said(x)} / {_said(y)}"
    return "one ends first"
