"""The steps a trainee takes on the pairing card, read from the engine's trace.

This is the only module of :mod:`swisslearn.card` that reads events.  It
turns a trace of the 1998 rules (:mod:`swisslearn.trace`) into the steps an
arbiter writes on the card, in the order the trace gives them:

=================  ======  ====================================================
step               rule    what the trainee gives
=================  ======  ====================================================
BracketStep        A3      the players of the score bracket opened
MovedDownStep      C1      who cannot be paired in it and floats on
XStep              C2/A8   x
PStep              C3/A6   p
SplitStep          C4/A6   S1 and S2
CandidateStep      C6/C7   the pairs of the candidate tried
VerdictStep        C6      accepted, or a criterion it breaks (``also``: all)
ExchangeStep       C8/D2   the exchange between S1 and S2
RelaxStep          C9-C14  the rule that applies when a level has no candidate
UndoStep           C12/13  the rule that pairs an earlier bracket again
PairsStep          C6      a bracket's kept pairs the trace did not try aloud
FloatersStep       A3      who moves down to the next bracket
ByeStep            A5      who has the bye
ColourStep         E1-E4   who has White in a pair
BoardsStep         F1      the boards in order, White first
=================  ======  ====================================================

Written against the vocabulary, not the engine: an event kind this module
does not know (a range of candidates, a summary of re-pairings, a
protection) is passed over and its sentence shown before the next step; the
order is the trace's, whatever it is; sentences come from
:func:`swisslearn.explain.explain` and nothing here depends on their words.
Bracket views are read through their documented fields only.

:func:`read_trace` gives a :class:`Reading` (the steps, and the sentences
of the events each step stands for); :func:`level_of` classes a round as
the exercises do (1: homogeneous brackets only; 2: floaters; 3: C9-C14).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import ClassVar

from swisslearn.model import PlayerId
from swisslearn.trace import (BoardsOrdered, BracketOpened, BracketPaired, BracketSplit,
                              BracketsMerged, BracketUndone, BracketView, ByeAssigned,
                              CandidateTried, ColourAllocated, CriterionDropped, Event,
                              ExchangeApplied, PDecreased, PlayerMovedDown, PlayerStuck, PlayerView,
                              RoundPaired, RoundStarted, XIncreased)

__all__ = [
    "BoardsStep", "BracketStep", "ByeStep", "CandidateStep", "ColourStep", "ExchangeStep",
    "FloatersStep", "MovedDownStep", "PStep", "PairsStep", "Place", "Reading", "RelaxStep",
    "SplitStep", "Step", "UndoStep", "VerdictStep", "XStep", "level_of", "read_trace",
    "text_next",
]

Pair = tuple[PlayerId, PlayerId]


@dataclass(frozen=True)
class Place:
    """The bracket a step is about, as the trace shows it at that step."""

    index: int
    score: Decimal
    remainder: bool
    lowest: bool
    homogeneous: bool
    players: tuple[PlayerId, ...]
    moved_down: tuple[PlayerId, ...]
    views: tuple[PlayerView, ...] = field(default=(), compare=False)

    @classmethod
    def of(cls, view: BracketView) -> Place:
        return cls(index=view.index, score=view.score, remainder=view.remainder,
                   lowest=view.lowest, homogeneous=view.homogeneous,
                   players=tuple(p.id for p in view.players),
                   moved_down=tuple(view.moved_down), views=tuple(view.players))

    def view(self, player: PlayerId) -> PlayerView | None:
        return next((v for v in self.views if v.id == player), None)


@dataclass(frozen=True)
class Step:
    """One thing the trainee writes on the card.  ``rule`` is the label of
    the rule the step applies (the event's own label where it has one);
    ``event`` the position in the trace of the event the step stands for."""

    kind: ClassVar[str] = "step"
    rule: str
    event: int
    place: Place | None


@dataclass(frozen=True)
class BracketStep(Step):
    kind: ClassVar[str] = "bracket"
    players: tuple[PlayerId, ...] = ()
    moved_down: tuple[PlayerId, ...] = ()
    homogeneous: bool = True


@dataclass(frozen=True)
class MovedDownStep(Step):
    kind: ClassVar[str] = "moved_down"
    players: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class SplitStep(Step):
    kind: ClassVar[str] = "split"
    s1: tuple[PlayerId, ...] = ()
    s2: tuple[PlayerId, ...] = ()
    p: int = 0
    heterogeneous: bool = False


@dataclass(frozen=True)
class PStep(Step):
    """C3: p, asked after x (C2) and before S1/S2 (C4), the text's order."""

    kind: ClassVar[str] = "p"
    p: int = 0
    heterogeneous: bool = False


@dataclass(frozen=True)
class XStep(Step):
    """C2: x as A8 computes it from b, n and q (the answer).  ``in_force``
    is the x of the level the question comes with, when a later step moved
    it (``raised_by``: "C11", "C14", or "p" when A8's x is above p and the
    level counts x up to p only); told beside the answer, not asked."""

    kind: ClassVar[str] = "x"
    x: int = 0
    white: int = 0        # A8's b: players preferring white
    black: int = 0        # A8's n: players preferring black
    q: int = 0
    in_force: int = 0
    raised_by: str = ""


def a8(white: int, black: int, q: int) -> int:
    """A8: « Si n > b, alors x = n - q, sinon x = b - q » (below zero read
    as 0: README, reading 2)."""
    return max(black - q if black > white else white - q, 0)


@dataclass(frozen=True)
class CandidateStep(Step):
    kind: ClassVar[str] = "candidate"
    pairs: tuple[Pair, ...] = ()
    transposition: int = 0
    exchange: str | None = None
    first: bool = True    # C6: S1 against S2 as they stand


@dataclass(frozen=True)
class VerdictStep(Step):
    kind: ClassVar[str] = "verdict"
    pairs: tuple[Pair, ...] = ()
    accepted: bool = False
    criterion: str = ""   # "" when accepted, or when the trace gives no reason
    culprits: tuple[PlayerId, ...] = ()
    x: int = 0
    leftover: tuple[PlayerId, ...] = ()
    # Every other criterion the candidate breaks (any of them is a right
    # answer; ``criterion`` is the one the text checks first).
    also: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExchangeStep(Step):
    kind: ClassVar[str] = "exchange"
    from_s1: tuple[PlayerId, ...] = ()
    from_s2: tuple[PlayerId, ...] = ()
    cell: str | None = None
    s1: tuple[PlayerId, ...] = ()
    s2: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class RelaxStep(Step):
    """A level of the bracket had no acceptable candidate: C9/C10 drop a
    criterion (``criterion``, for ``floaters`` "down" or "up"), C11 raises
    x, C14 lowers p, C13 joins the lowest brackets."""

    kind: ClassVar[str] = "relax"
    criterion: str = ""
    floaters: str = ""
    x: int = 0
    p: int = 0
    # The rules the text itself reaches next when they are not ``rule``
    # (right answers too: :func:`text_next`).
    text_rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class UndoStep(Step):
    kind: ClassVar[str] = "undo"
    failed: Decimal = Decimal(0)     # the score of the bracket that could not be paired
    redone: Decimal = Decimal(0)     # the score of the bracket paired again
    accepted: bool = False
    text_rules: tuple[str, ...] = ()  # as RelaxStep's (C12 or C13 only)


@dataclass(frozen=True)
class PairsStep(Step):
    kind: ClassVar[str] = "pairs"
    pairs: tuple[Pair, ...] = ()


@dataclass(frozen=True)
class FloatersStep(Step):
    kind: ClassVar[str] = "floaters"
    moved_down: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class ByeStep(Step):
    kind: ClassVar[str] = "bye"
    player: PlayerId = 0


@dataclass(frozen=True)
class ColourStep(Step):
    kind: ClassVar[str] = "colour"
    white: PlayerId = 0
    black: PlayerId = 0
    higher: PlayerId = 0


@dataclass(frozen=True)
class BoardsStep(Step):
    kind: ClassVar[str] = "boards"
    boards: tuple[Pair, ...] = ()


@dataclass(frozen=True)
class Reading:
    """A trace read as card steps.

    ``spans[i]`` are the positions of the events step ``i`` stands for (its
    own event last); events before a step that no step stands for (a range
    of candidates set aside, an infeasible exchange...) are in the span of
    the next step, so that a face can show their sentences with it.
    """

    events: tuple[Event, ...]
    steps: tuple[Step, ...]
    spans: tuple[tuple[int, ...], ...]

    @property
    def result(self) -> RoundPaired | None:
        last = self.events[-1] if self.events else None
        return last if isinstance(last, RoundPaired) else None

    @property
    def started(self) -> RoundStarted | None:
        return next((e for e in self.events if isinstance(e, RoundStarted)), None)

    def players(self) -> tuple[PlayerView, ...]:
        started = self.started
        return started.players if started is not None else ()

    def passed_over(self, index: int) -> tuple[Event, ...]:
        """The events shown with step ``index`` that are not its own."""
        span = self.spans[index]
        return tuple(self.events[i] for i in span[:-1])

    def own(self, index: int) -> Event:
        return self.events[self.steps[index].event]

    def final_pairs(self) -> frozenset[frozenset[PlayerId]]:
        result = self.result
        if result is None:
            return frozenset()
        return frozenset(frozenset((b.white, b.black)) for b in result.boards)


# ---------------------------------------------------------------------------
# Reading


def text_next(view: BracketView) -> tuple[str, ...]:
    """The rule seed 000 goes to when no candidate of ``view``'s level is
    acceptable (C8 done): the first of C9-C14 whose condition holds.

    C9 drops B6 then B5 for the downfloaters (any bracket); C10 only « dans le
    cas d'un niveau homogène résiduel » (B6 then B5 for the upfloaters);
    C11 « tant que x < p »; C12 « dans le cas d'un niveau de points
    hétérogène »; C13 « dans le cas du niveau de point le plus bas »; C14
    otherwise.  A heterogeneous lowest bracket meets both C12 and C13 (C1
    names them side by side): either is the text's."""
    dropped = set(view.dropped)
    if not {"B6 down", "B5 down"} <= dropped:
        return ("C9",)     # a player left over floats down too (the bye, A5)
    if view.p > 0 and view.remainder and not {"B6 up", "B5 up"} <= dropped:
        return ("C10",)
    if view.x < view.p:
        return ("C11",)
    if view.moved_down and not view.homogeneous and not view.remainder:
        return ("C12", "C13") if view.lowest else ("C12",)
    if view.lowest:
        return ("C13",)
    return ("C14",)


_RELAXING = (CriterionDropped, XIncreased, PDecreased, BracketsMerged, BracketUndone)


class _Reader:
    def __init__(self, events: Sequence[Event]) -> None:
        self.events = tuple(events)
        self.steps: list[Step] = []
        self.spans: list[tuple[int, ...]] = []
        self.pending: list[int] = []
        # The last S1/S2 asked for each bracket (or remainder), and whether x was.
        self.split_asked: dict[tuple[int, bool], tuple[tuple[PlayerId, ...], ...]] = {}
        self.x_asked: set[tuple[int, bool]] = set()
        self.last_accepted: dict[tuple[int, bool], tuple[Pair, ...]] = {}
        self.opened: dict[int, tuple[PlayerId, ...]] = {}
        self.c1: dict[int, tuple[PlayerId, ...]] = {}
        # The last state of each bracket (and of its remainder), and of each
        # bracket whatever part of it was being paired: what C9-C14 start from.
        self.views: dict[tuple[int, bool], BracketView] = {}
        self.latest: dict[int, BracketView] = {}
        # Where the text itself stands when its next rule is not the trace's
        # (C9 reached where the trace goes to C10...): the criteria it has
        # dropped and the x it has reached, by bracket (and remainder).
        self.text_state: dict[tuple[int, bool], tuple[frozenset[str], int]] = {}

    def add(self, step: Step) -> None:
        self.steps.append(step)
        self.spans.append(tuple(self.pending) + (step.event,))
        self.pending = []

    def read(self) -> Reading:
        for index, event in enumerate(self.events):
            if not self.step_for(index, event):
                self.pending.append(index)
            view = getattr(event, "bracket", None)
            if isinstance(view, BracketView):
                self.views[(view.index, view.remainder)] = view
                self.latest[view.index] = view
                if isinstance(event, CandidateTried) and not view.remainder:
                    # Another pairing of the moved-down players: a new remainder group.
                    self.text_state.pop((view.index, True), None)
        return Reading(self.events, tuple(self.steps), tuple(self.spans))

    def text_rules(self, rule: str, before: BracketView | None) -> tuple[str, ...]:
        """The text's next rules from ``before``, if ``rule`` is not one of
        them; the text's own state moves on with it."""
        if before is None:
            return ()
        key = (before.index, before.remainder)
        dropped, x = self.text_state.get(key, (frozenset(), 0))
        dropped |= set(before.dropped)
        x = max(x, before.x)
        rules = text_next(before.with_(dropped=tuple(sorted(dropped)), x=x))
        if rule in rules:
            return tuple(r for r in rules if r != rule)
        found = rules[0]
        if found in ("C9", "C10"):
            floaters = "down" if found == "C9" else "up"
            dropped |= {next(f"{c} {floaters}" for c in ("B6", "B5")
                             if f"{c} {floaters}" not in dropped)}
        elif found == "C11":
            x += 1
        self.text_state[key] = (frozenset(dropped), x)
        return rules

    def step_for(self, index: int, event: Event) -> bool:
        """Add the step ``event`` stands for; False if it stands for none."""
        if isinstance(event, BracketOpened):
            return self.bracket_opened(index, event)
        if isinstance(event, PlayerMovedDown):
            found = self.moved_down(index, event)
            self.remember_c1()
            return found
        if isinstance(event, BracketSplit):
            return self.split(index, event)
        if isinstance(event, CandidateTried):
            return self.candidate(index, event)
        if isinstance(event, ExchangeApplied):
            if not event.feasible:
                return False
            self.add(ExchangeStep(rule="C8", event=index, place=Place.of(event.bracket),
                                  from_s1=tuple(event.from_s1), from_s2=tuple(event.from_s2),
                                  cell=event.cell, s1=tuple(event.bracket.s1),
                                  s2=tuple(event.bracket.s2)))
            return True
        if isinstance(event, _RELAXING):
            return self.relaxed(index, event)
        if isinstance(event, BracketPaired):
            return self.paired(index, event)
        if isinstance(event, ByeAssigned):
            self.add(ByeStep(rule=event.rule, event=index, place=None, player=event.player))
            return True
        if isinstance(event, ColourAllocated):
            self.add(ColourStep(rule=event.rule, event=index, place=None, white=event.white,
                                black=event.black, higher=event.higher))
            return True
        if isinstance(event, BoardsOrdered):
            self.add(BoardsStep(rule=event.rule, event=index, place=None,
                                boards=tuple((b.white, b.black) for b in event.boards)))
            return True
        return False

    def bracket_opened(self, index: int, event: BracketOpened) -> bool:
        view = event.bracket
        players = tuple(p.id for p in view.players)
        if self.opened.get(view.index) == players:
            return False          # opened again as it was: nothing new to write
        self.opened[view.index] = players
        if event.reading is None:
            # (A3 judged again after C1, reading 22, keeps C1's players.)
            self.c1.pop(view.index, None)
        for key in [k for k in self.text_state if k[0] == view.index]:
            del self.text_state[key]
        # A bracket opened again starts afresh: S1/S2 and x are asked again.
        for key in [k for k in self.split_asked if k[0] == view.index]:
            del self.split_asked[key]
        self.x_asked = {k for k in self.x_asked if k[0] != view.index}
        self.add(BracketStep(rule=event.rule, event=index, place=Place.of(view),
                             players=players, moved_down=tuple(view.moved_down),
                             homogeneous=view.homogeneous))
        return True

    def moved_down(self, index: int, event: PlayerMovedDown) -> bool:
        previous = self.steps[-1] if self.steps else None
        if isinstance(previous, MovedDownStep) and previous.place == Place.of(event.bracket) \
                and self.spans[-1][-1] == index - 1:
            # Several players moved down by C1 at once: one step for them all.
            self.steps[-1] = MovedDownStep(rule=previous.rule, event=index,
                                           place=previous.place,
                                           players=previous.players + (event.player,))
            self.spans[-1] = self.spans[-1] + (index,)
            return True
        self.add(MovedDownStep(rule=event.rule, event=index, place=Place.of(event.bracket),
                               players=(event.player,)))
        return True

    def remember_c1(self) -> None:
        step = self.steps[-1] if self.steps else None
        if isinstance(step, MovedDownStep) and step.place is not None:
            self.c1[step.place.index] = step.players

    def split(self, index: int, event: BracketSplit) -> bool:
        view = event.bracket
        if view.p <= 0 or not view.s1:
            return False          # nobody to pair here: the floaters step says it
        key = (view.index, view.remainder)
        shape = (tuple(view.s1), tuple(view.s2))
        place = Place.of(view)
        heterogeneous = bool(view.moved_down) and not view.homogeneous and not view.remainder
        steps: list[Step] = []
        if key not in self.x_asked:
            # The text's order: x (C2), then p (C3), then S1 and S2 (C4).
            self.x_asked.add(key)
            x = a8(event.w, event.b, event.q)
            raised_by = ("C14" if event.lowered is not None else "C11" if event.raised
                         else "p" if x > view.x else "")
            steps.append(XStep(rule="C2", event=index, place=place, x=x,
                               white=event.w, black=event.b, q=event.q, in_force=view.x,
                               raised_by=raised_by))
            steps.append(PStep(rule="C3", event=index, place=place, p=view.p,
                               heterogeneous=heterogeneous))
        if self.split_asked.get(key) != shape or steps:
            self.split_asked[key] = shape
            steps.append(SplitStep(rule=event.rule, event=index, place=place,
                                   s1=tuple(view.s1), s2=tuple(view.s2), p=view.p,
                                   heterogeneous=heterogeneous))
        for number, step in enumerate(steps):
            if number == 0:
                self.add(step)
            else:
                # The steps stand for the same event: its sentence comes with S1/S2.
                self.steps.append(step)
                self.spans.append((index,))
        return bool(steps)

    def candidate(self, index: int, event: CandidateTried) -> bool:
        view = event.bracket
        place = Place.of(view)
        pairs = tuple((a, b) for a, b in event.pairs)
        first = event.transposition == 0
        rejection = event.rejection
        verdict = VerdictStep(
            rule=rejection.criterion if rejection is not None else event.rule, event=index,
            place=place, pairs=pairs, accepted=event.accepted,
            criterion="" if rejection is None else rejection.criterion,
            culprits=() if rejection is None else tuple(rejection.players), x=view.x,
            leftover=tuple(event.leftover),
            also=() if rejection is None else tuple(dict.fromkeys(
                r.criterion for r in event.also if r.criterion != rejection.criterion)))
        if not pairs:
            # Nobody to pair (p = 0): only whether the player left over may stay so.
            self.add(verdict)
            return True
        self.add(CandidateStep(rule=event.rule, event=index, place=place, pairs=pairs,
                               transposition=event.transposition, exchange=event.exchange,
                               first=first))
        self.steps.append(verdict)
        self.spans.append((index,))
        if event.accepted:
            self.last_accepted[(view.index, view.remainder)] = pairs
        return True

    def relaxed(self, index: int, event: Event) -> bool:
        view = getattr(event, "bracket", None)
        place = Place.of(view) if isinstance(view, BracketView) else None
        if isinstance(event, BracketUndone):
            # C1 sends a stuck player from above straight to C12 (or C13):
            # then the text goes there at once, not through C9-C11.
            # The rule is asked once, when the bracket is undone; the steps
            # after (kept, restored) go on with it.
            stuck = any(isinstance(self.events[i], PlayerStuck) for i in self.pending)
            first = event.step == "undone"
            before = None if stuck or not first else self.latest.get(event.because_of.index)
            self.add(UndoStep(rule=event.rule, event=index, place=place,
                              failed=event.because_of.score, redone=event.bracket.score,
                              accepted=event.accepted,
                              text_rules=tuple(r for r in self.text_rules(event.rule, before)
                                               if r in ("C12", "C13"))))
            return True
        criterion = event.criterion if isinstance(event, CriterionDropped) else ""
        floaters = event.floaters if isinstance(event, CriterionDropped) else ""
        x = view.x if isinstance(view, BracketView) else 0
        p = view.p if isinstance(view, BracketView) else 0
        before = (self.views.get((view.index, view.remainder))
                  if isinstance(view, BracketView) and not isinstance(event, BracketsMerged)
                  else None)
        self.add(RelaxStep(rule=event.rule, event=index, place=place, criterion=criterion,
                           floaters=floaters, x=x, p=p,
                           text_rules=self.text_rules(event.rule, before)))
        return True

    def paired(self, index: int, event: BracketPaired) -> bool:
        view = event.bracket
        key = (view.index, view.remainder)
        pairs = tuple((a, b) for a, b in event.pairs)
        added = False
        own = self.last_accepted.get(key, ())
        if view.remainder:
            # A heterogeneous bracket's pairs include its remainder's.
            own_pairs = {frozenset(p) for p in own}
        else:
            own_pairs = {frozenset(p) for k, ps in self.last_accepted.items()
                         if k[0] == view.index for p in ps}
        if pairs and not {frozenset(p) for p in pairs} <= own_pairs:
            self.add(PairsStep(rule=event.rule, event=index, place=Place.of(view), pairs=pairs))
            added = True
        if view.remainder or view.lowest:
            # The bracket's own event, or the bye, says who is left over.
            return added
        if not added and not pairs and tuple(event.moved_down) == self.c1.get(view.index):
            # Nobody paired, and C1 has just said who floats on.
            return False
        floaters = FloatersStep(rule="A3", event=index, place=Place.of(view),
                                moved_down=tuple(event.moved_down))
        if added:
            self.steps.append(floaters)
            self.spans.append((index,))
        else:
            self.add(floaters)
        # What was accepted in this bracket is now written; a bracket paired
        # again (C12, C13) is asked again.
        for k in [k for k in self.last_accepted if k[0] == view.index]:
            del self.last_accepted[k]
        return True


def read_trace(events: Iterable[Event]) -> Reading:
    """The card steps of a trace of the 1998 rules, in the trace's order."""
    return _Reader(tuple(events)).read()


def level_of(events: Iterable[Event]) -> int:
    """How hard a round is to pair on the card: 3 if the trace relaxes a
    bracket (C9-C14: a criterion dropped, x raised, p lowered, a bracket
    undone or merged), 2 if some player is moved down (floaters), else 1
    (homogeneous brackets only)."""
    moved = False
    for event in events:
        if isinstance(event, _RELAXING):
            return 3
        if isinstance(event, PlayerMovedDown):
            moved = True
        elif isinstance(event, BracketOpened) and event.bracket.moved_down:
            moved = True
    return 2 if moved else 1
