"""C12, C13: the round driver, bracket by bracket from the top, undoing a
bracket above when one below cannot be paired.

The driver takes the first outcome of each bracket's stream (``bracket.py``)
and goes down.  When a bracket cannot be paired it comes back up:

* C12 (a heterogeneous bracket asks, C1: its moved-down players cannot all
  be paired): the previous bracket's stream is resumed for "another pairing
  in which another player will be a downfloater", each probed (can the
  bracket below then make its p pairs?); the first that lets everything
  below be paired is kept; if none, the earlier pairing stays and the
  bracket below goes on (C14: the player floats on).
* C13 (the lowest bracket, or all the brackets below, cannot be paired):
  the bracket above is paired again, the nearest first, each of its other
  pairings in its own order; undone down to p = 0 it moves all its players
  into the lowest bracket.  Once it has no other pairing it stays joined
  with the lowest one for the rest of the search (seed 000: « les deux
  niveaux les plus bas seront regroupés en un seul »; README reading 7):
  the bracket above it is undone ("C13 may be repeated") and what that one
  moves down goes into the joined bracket, paired as one lowest bracket
  (its A3 on the lowest score, the joined brackets' players moved down
  into it: :func:`_into`).  A join is a step of C13's search: C12's
  look-ahead gives up the joins of a pairing it gives up, and the last
  resort starts again with none.

The trace tells each of these steps where the text places it: the
:class:`~swisslearn.trace.BracketUndone` naming the bracket that failed and
the one paired again comes first; the pairings tried and given up are one
:class:`~swisslearn.trace.PairingsTried` (how many, whom they moved down,
what stopped the brackets below, in how many of them), and only the pairing
that works is shown step by step, then the ``BracketUndone`` that keeps it.
So a round that tries thousands of pairings above is still a trace a person
can read.  (Each attempt's events are held until the driver knows whether
it works: at most one attempt per bracket at a time.)

Exact, and not literal in its cost (the pairing is the one the literal
procedure gives; the driver just does not repeat dead ends):

* the driver only ever uses the first outcome of a bracket that moves a
  given set of players down (the set then succeeds below, or fails and is
  passed over), so the bracket's search is given the sets already produced
  (``banned``) and does not produce them again;
* a bracket with a given set of players moved into it that cannot be
  completed, with the brackets joined so far below it, is remembered for
  the rest of the round (the joins are part of the key: what lies below a
  bracket depends on them);
* once a bracket below has failed, before going down from a bracket the
  driver asks whether the players from there down can be paired at all
  (:func:`~swisslearn.dutch1998.feasibility.hopeless`); if not, every
  pairing of the bracket would fail below: it is given up at once (C13).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from swisslearn.dutch1998.bracket import bracket, opening_view
from swisslearn.dutch1998.candidates import MOVED_DOWN_LISTED, once, reasons_in, summarise
from swisslearn.dutch1998.feasibility import (LITERAL_LOWEST, hopeless, lowest_hopeless,
                                              most_pairs)
from swisslearn.dutch1998.outcome import Need, Outcome, Stream
from swisslearn.dutch1998.rules import RULES
from swisslearn.dutch1998.search import MOVED_DOWN_BEFORE, MovedDownSets
from swisslearn.dutch1998.state import RoundState
from swisslearn.errors import no_pairing
from swisslearn.model import PlayerId, PlayerState
from swisslearn.trace import (BracketOpened, BracketsMerged, BracketUndone, BracketView,
                              CandidatesSkipped, CandidateTried, Event, ExchangeApplied,
                              LastResort, PairingsTried, PlayerStuck, Rejection,
                              SoftAvoidChosen)

__all__ = ["drive"]

Brackets = list[tuple[PlayerState, ...]]
Result = object   # a list of outcomes, None (no pairing from here), or _ASK_C12
_T = TypeVar("_T")

_A3, _C12, _C13, _C14 = (RULES.label(label) for label in ("A3", "C12", "C13", "C14"))

_ASK_C12 = object()   # a bracket asks for C12 (its moved-down players cannot be paired)


def drive(context: RoundState, brackets: Brackets) -> Generator[Event, None, list[Outcome]]:
    """Pair every bracket, the first from the top; the outcomes kept."""
    context.joined = len(brackets) - 1
    result = yield from _solve(context, brackets, 0, ())
    if not isinstance(result, list) and len(brackets) > 1:
        # Last resort (README reading 20): C12-C14 and C13's joins found
        # nothing; let a single moved-down player of the lowest bracket take
        # the bye (p = 0 there) and search again from the top.
        context.dead.clear()
        context.joined = len(brackets) - 1   # a new search: no bracket joined yet
        context.last_resort = True
        yield LastResort(rule=_C14, bracket=opening_view(context, len(brackets) - 1,
                                                     brackets[-1], (), True))
        result = yield from _solve(context, brackets, 0, ())
    if not isinstance(result, list):
        raise no_pairing(context.tournament.source, context.round, RULES.system,
                         [p.id for p in context.sort(list(brackets[-1]))], "b1_b2")
    return result


def _into(context: RoundState, brackets: Brackets, index: int,
          down: tuple[PlayerState, ...]) -> tuple[int, tuple[PlayerState, ...]]:
    """The bracket below bracket ``index`` and the players moved into it,
    ``down`` being those bracket ``index`` moves down.  Once C13 has joined
    brackets with the lowest one (``context.joined``), the bracket below a
    bracket just above them is that joined lowest bracket: the lowest
    bracket's residents, the joined brackets' players moved down into it
    with ``down`` (seed 000, C13: « les deux niveaux les plus bas seront
    regroupés en un seul »)."""
    below, lowest = index + 1, len(brackets) - 1
    if below < context.joined or below == lowest:
        return below, down
    return lowest, down + tuple(p for b in brackets[context.joined:lowest] for p in b)


def _join(context: RoundState, index: int) -> None:
    """C13 has tried every pairing of bracket ``index`` (down to p = 0,
    its players all moved into the lowest bracket) and none lets the
    brackets below be paired: from now on it is part of the lowest bracket
    (« C13 peut être répété »: the bracket above is the penultimate)."""
    context.joined = min(context.joined, index)


def _ids(players: Sequence[PlayerState]) -> tuple[PlayerId, ...]:
    return tuple(p.id for p in players)


def _drain(run: Generator[Event, None, _T]) -> tuple[list[Event], _T]:
    """Run ``run`` to its end, holding its events instead of passing them on."""
    events: list[Event] = []
    while True:
        try:
            events.append(next(run))
        except StopIteration as stop:
            return events, stop.value


#: The details of a refusal by the driver's memory (C12/C13): the players
#: moved down, or the whole pairing, already tried.
_AGAIN = (MOVED_DOWN_BEFORE, "same_pairing")


def _relabel(events: Iterable[Event], rule: str) -> Iterator[Event]:
    """Events read before (during C12's look-ahead, or C13's), told again
    under ``rule``: their refusals by the driver's memory cite it."""
    def again(found: Rejection) -> Rejection:
        if found.detail in _AGAIN and found.criterion != rule:
            return replace(found, criterion=rule)
        return found

    for event in events:
        if isinstance(event, CandidateTried) and event.rejection is not None \
                and event.rejection.detail in _AGAIN and event.rejection.criterion != rule:
            yield replace(event, rule=rule, rejection=again(event.rejection))
        elif isinstance(event, CandidatesSkipped) and any(
                r.detail in _AGAIN and r.criterion != rule for r in event.reasons):
            yield replace(event, reasons=tuple(again(r) for r in event.reasons),
                          refusals=tuple(replace(r, rejection=again(r.rejection))
                                         for r in event.refusals))
        elif isinstance(event, ExchangeApplied) and any(
                r.detail in _AGAIN and r.criterion != rule for r in event.split_reasons):
            yield replace(event, split_reasons=tuple(again(r) for r in event.split_reasons))
        else:
            yield event


class _Outcomes:
    """A bracket stream whose outcomes can be read again, each with the
    events that led to it: C12 looks ahead for "another pairing"; the ones
    it passed over stay available to C13 (their steps told again there)."""

    def __init__(self, stream: Stream, produced: MovedDownSets) -> None:
        self.stream = stream
        self.items: list[tuple[Outcome | Need, list[Event]]] = []
        self.done = False
        self.produced = produced

    def _keep(self, item: Outcome | Need, events: list[Event]) -> None:
        self.items.append((item, events))
        if isinstance(item, Outcome):
            self.produced.add(item.down)

    def _read(self, first: Event | Outcome | Need | None, forward: bool
              ) -> Generator[Event, None, Outcome | Need | None]:
        events: list[Event] = []
        item = first
        while True:
            if item is None:
                try:
                    item = next(self.stream)
                except StopIteration:
                    self.done = True
                    return None
            if isinstance(item, (Outcome, Need)):
                self._keep(item, events)
                return item
            events.append(item)
            if forward:
                yield item
            item = None

    def get(self, position: int, forward: bool = True
            ) -> Generator[Event, None, Outcome | Need | None]:
        """The outcome (or need) at ``position``, read on if needed; one read
        before is told again (its events)."""
        if position < len(self.items):
            item, events = self.items[position]
            yield from _relabel(events, self.produced.rule)
            return item
        while len(self.items) <= position and not self.done:
            found = yield from self._read(None, forward)
            if found is None:
                return None
        return self.items[position][0] if position < len(self.items) else None

    def refuse(self) -> Generator[Event, None, Outcome | Need | None]:
        """Answer the pending C12 request with "no": the bracket goes on (C14)."""
        self.items.pop()
        try:
            item = self.stream.send(False)
        except StopIteration:
            self.done = True
            return None
        return (yield from self._read(item, True))


@dataclass
class _Summary:
    """The pairings of a bracket tried and given up in one C12/C13 step."""

    rule: str
    bracket: BracketView
    because_of: BracketView
    count: int = 0
    steps: int = 0

    def __post_init__(self) -> None:
        self.moved_down: list[tuple[PlayerId, ...]] = []
        self.reasons: Counter[Rejection] = Counter()
        self.beyond = 0                              # C12: the round below failed
        self.beyond_bracket: BracketView | None = None

    def add(self, events: list[Event], outcome: Outcome | None,
            extra: Rejection | None = None, beyond: bool = False) -> None:
        """One more pairing given up (``outcome``; None: events only).
        Soft-avoid's choices are not steps of the procedure: not counted.
        ``beyond``: C12's bracket below could make its p pairings, a bracket
        further down could not (the first one's view is kept)."""
        self.steps += sum(1 for e in events if not isinstance(e, SoftAvoidChosen))
        if outcome is None:
            return
        self.count += 1
        if beyond:
            self.beyond += 1
            if self.beyond_bracket is None:
                self.beyond_bracket = _failed_below(events)
        if len(self.moved_down) < MOVED_DOWN_LISTED:
            self.moved_down.append(_ids(outcome.moved_down))
        met = once(_below_reasons(events, self.bracket.index))
        if extra is not None:
            met[extra] = 1
        self.reasons.update(met)

    def event(self) -> Generator[Event, None, None]:
        if self.count:
            reasons, counts = summarise(self.reasons)
            yield PairingsTried(rule=self.rule, bracket=self.bracket,
                                because_of=self.because_of, count=self.count,
                                moved_down=tuple(self.moved_down), reasons=reasons,
                                counts=counts, steps=self.steps,
                                beyond=self.beyond or None, beyond_bracket=self.beyond_bracket)


def _failed_below(events: list[Event]) -> BracketView | None:
    """The first bracket these events (the rest of a round, C12's look
    ahead) say could not be paired: C13's or C12's failing bracket, or C1's
    stuck player's."""
    for event in events:
        if isinstance(event, BracketUndone) and event.step in ("undone", "proved"):
            return event.because_of
        if isinstance(event, PlayerStuck) and event.then == _C13:
            return event.bracket
    return None


def _below_reasons(events: list[Event], index: int) -> list[Rejection]:
    """What stopped the brackets below bracket ``index`` in these events."""
    return reasons_in([e for e in events if isinstance(v := getattr(e, "bracket", None),
                                                        BracketView) and v.index > index])


# ---------------------------------------------------------------------------
# One bracket and everything below it


class _Solve:
    """Bracket ``index`` with ``moved`` moved into it, and the brackets
    below (:func:`_solve`)."""

    def __init__(self, context: RoundState, brackets: Brackets, index: int,
                 moved: tuple[PlayerState, ...], refusing: bool) -> None:
        self.context = context
        self.brackets = brackets
        self.index = index
        self.moved = moved
        self.refusing = refusing
        self.lowest = index == len(brackets) - 1
        self.memo = _memo(context, index, moved, refusing)
        self.failed: set[frozenset[PlayerId]] = set()
        produced = MovedDownSets()
        self.stream = _Outcomes(bracket(context, index, brackets[index], moved, self.lowest,
                                        produced, capped=True), produced)
        self.position = 0
        self.checked = False
        self.opened: BracketView | None = None
        self.sent: BracketView | None = None   # the bracket below the last pairing went to

    def below(self, outcome: Outcome) -> BracketView:
        """The next bracket as it opens with ``outcome``'s players moved down
        (the joined lowest bracket once C13 has joined the one below)."""
        index, moved = _into(self.context, self.brackets, self.index, outcome.moved_down)
        return opening_view(self.context, index, self.brackets[index], moved,
                            index == len(self.brackets) - 1)

    def read(self) -> Generator[Event, None, Outcome | Need | None]:
        """The bracket's next outcome; a C12 request answered "no" when
        refusing (the events before it were told before C12 was tried)."""
        quiet = self.refusing and self.position == 0
        item = yield from self.stream.get(self.position, forward=not quiet)
        while self.refusing and isinstance(item, Need) and item.rule == _C12:
            item = yield from self.stream.refuse()
        return item

    def step(self) -> Generator[Event, None, tuple[str, object]]:
        """One pairing of the bracket tried with everything below:
        ``("done", result)``, ``("skip", None)`` (its players moved down
        already failed) or ``("failed", outcome)``."""
        context = self.context
        if self.lowest and not self.checked:
            self.checked = True
            residents = self.brackets[self.index]
            if len(residents) + len(self.moved) > LITERAL_LOWEST and lowest_hopeless(
                    context, self.index, residents, self.moved):
                # C13 at once: no pairing of the lowest bracket exists, every
                # step C6-C14 would try in it would fail (feasibility.py).
                view = opening_view(context, self.index, residents, self.moved, True)
                yield BracketOpened(rule=_A3, bracket=view)
                yield BracketUndone(rule=_C13, bracket=view, because_of=view, step="proved")
                context.backtracking = True
                context.dead.add(self.memo)
                return "done", None
        proof = not self.checked and context.backtracking
        if proof:
            events, item = _drain(self.read())
        else:
            item = yield from self.read()
        if item is None or isinstance(item, Need):
            if proof:
                yield from events
            context.backtracking = True
            if isinstance(item, Need) and item.rule == _C12:
                return "done", _ASK_C12
            context.dead.add(self.memo)
            return "done", None
        self.position += 1
        if self.lowest:
            if proof:
                yield from events
            return "done", [item]
        if proof:
            # A C12 request only ever comes first; past it, if the players
            # from here down cannot be paired at all, every outcome fails.
            self.checked = True
            if hopeless(context, self.brackets, self.index, self.moved):
                yield from (e for e in events if isinstance(e, BracketOpened))
                yield BracketUndone(rule=_C13, bracket=item.view, because_of=self.below(item),
                                    step="proved")
                context.dead.add(self.memo)
                return "done", None
            yield from events
        if item.down in self.failed:
            return "skip", None
        below, moved = _into(context, self.brackets, self.index, item.moved_down)
        self.sent = self.below(item)
        if self.failed and not item.pairs and below == len(self.brackets) - 1:
            # C13: undone down to p = 0, this bracket has joined the lowest one.
            yield BracketsMerged(rule=_C13, bracket=self.sent, penultimate=item.view)
        rest = yield from _solve(context, self.brackets, below, moved)
        if isinstance(rest, list):
            return "done", [item] + rest
        if rest is _ASK_C12:
            rest = yield from _c12(context, self.brackets, self.index, self.stream,
                                   self.position, item)
            if isinstance(rest, list):
                return "done", rest
        self.failed.add(item.down)
        return "failed", item


def _memo(context: RoundState, index: int, moved: tuple[PlayerState, ...],
          refusing: bool) -> tuple[str, int, tuple[PlayerId, ...], int]:
    """The driver's memory key of bracket ``index`` with ``moved`` moved into
    it: what lies below it depends on the brackets C13 has joined so far."""
    return ("refusing" if refusing else "solve", index, _ids(moved), context.joined)


def _solve(context: RoundState, brackets: Brackets, index: int,
           moved: tuple[PlayerState, ...], refusing: bool = False
           ) -> Generator[Event, None, Result]:
    """Pair bracket ``index`` and every one below it.  Returns the outcomes,
    ``None`` if the brackets below cannot be completed whatever this bracket
    does (C13: the caller tries another pairing; this bracket has joined the
    lowest one, :func:`_join`), or ``_ASK_C12`` if this bracket asks for the
    previous one to be paired again.  ``refusing``: a C12 request of this
    bracket is answered "no" (it goes on to C14)."""
    result = yield from _search(context, brackets, index, moved, refusing)
    if result is None and index < len(brackets) - 1:
        _join(context, index)
    return result


def _search(context: RoundState, brackets: Brackets, index: int,
            moved: tuple[PlayerState, ...], refusing: bool) -> Generator[Event, None, Result]:
    """:func:`_solve`, the joins aside."""
    if _memo(context, index, moved, refusing) in context.dead:
        return None
    run = _Solve(context, brackets, index, moved, refusing)
    while True:   # the first pairing of the bracket: told as it goes
        status, value = yield from run.step()
        if status == "done":
            return value
        if status == "failed":
            break
    assert isinstance(value, Outcome)
    # C13: the brackets below cannot be paired with this pairing; the other
    # pairings of this bracket are tried, those given up told in one step.
    failing = run.sent or run.below(value)
    yield BracketUndone(rule=_C13, bracket=value.view, because_of=failing, step="undone")
    if _capped(context, brackets, index, moved):
        # Not even one pairing of this bracket and the lowest one together.
        yield BracketUndone(rule=_C13, bracket=value.view, because_of=failing, step="proved")
        context.dead.add(run.memo)
        return None
    summary = _Summary(_C13, value.view, failing)
    while True:
        events, (status, value) = _drain(run.step())
        if status == "skip":
            summary.add(events, None)
        elif status == "failed":
            assert isinstance(value, Outcome)
            summary.add(events, value)
        elif isinstance(value, list):
            yield from summary.event()
            yield from events
            yield BracketUndone(rule=_C13, bracket=value[0].view, because_of=failing,
                                accepted=True, step="kept")
            return value
        else:
            yield from summary.event()
            proved = [e for e in events if isinstance(e, BracketUndone) and e.step == "proved"]
            yield from proved
            if not proved:
                yield BracketUndone(rule=_C13, bracket=summary.bracket, because_of=failing,
                                    step="exhausted")
            return value


def _capped(context: RoundState, brackets: Brackets, index: int,
            moved: tuple[PlayerState, ...]) -> bool:
    """C13 re-pairs bracket ``index``: cap its pairs at the most that can
    still let the brackets below it be paired
    (:func:`~swisslearn.dutch1998.feasibility.most_pairs`); its stream then
    skips its pairings with more, each bound to fail below (17,000 of them
    in a 26-player round where every white player won twice; 461 of a
    16-player bracket two above the lowest in a 30-player round).  True if
    no pairing of the bracket and those below exists at all.  The course's
    small brackets are not capped: their trace tells each pairing tried."""
    size = len(moved) + sum(len(b) for b in brackets[index:])
    if size <= LITERAL_LOWEST:
        return False
    most = most_pairs(context, brackets, index, moved)
    if most is None:
        return False
    if most < 0:
        return True
    key = (index, frozenset(p.id for p in moved))
    context.pair_caps[key] = most
    if index + 1 < context.joined:
        context.caps_below.add(key)
    return False


def _c12(context: RoundState, brackets: Brackets, index: int, stream: _Outcomes,
         position: int, original: Outcome) -> Generator[Event, None, Result]:
    """C12: bracket ``index + 1`` cannot pair its moved-down players.  Look for
    another pairing of bracket ``index`` moving other players down that lets
    them all be paired; if there is none, keep this one and let bracket
    ``index + 1`` go on (C14: its lowest moved-down players float on)."""
    below, moved = _into(context, brackets, index, original.moved_down)
    lowest = below == len(brackets) - 1
    failing = opening_view(context, below, brackets[below], moved, lowest)
    yield BracketUndone(rule=_C12, bracket=original.view, because_of=failing, step="undone")
    summary = _Summary(_C12, original.view, failing)
    probed: set[frozenset[PlayerId]] = {original.down}
    look = position
    stream.produced.rule = _C12   # what the bracket refuses now, C12 refuses
    while True:
        events, item = _drain(stream.get(look))
        look += 1
        if not isinstance(item, Outcome):
            summary.add(events, None)
            break
        if item.down in probed:
            summary.add(events, None)
            continue
        probed.add(item.down)
        _, moved = _into(context, brackets, index, item.moved_down)
        if not _probe(context, below, brackets[below], moved, lowest, True):
            summary.add(events, item, Rejection(_C12, _ids(item.moved_down), "no_p_pairs"))
            continue
        joined = context.joined
        more, rest = _drain(_solve(context, brackets, below, moved))
        if isinstance(rest, list):
            yield from summary.event()
            yield from events
            yield BracketUndone(rule=_C12, bracket=item.view, because_of=failing,
                                accepted=True, step="kept")
            yield from more
            stream.produced.rule = _C13
            return [item] + rest
        context.joined = joined   # a look-ahead given up joins nothing (C12's, not C13's)
        summary.add(events + more, item, beyond=True)
    stream.produced.rule = _C13
    yield from summary.event()
    yield BracketUndone(rule=_C12, bracket=original.view, because_of=failing, step="restored")
    _, moved = _into(context, brackets, index, original.moved_down)
    rest = yield from _solve(context, brackets, below, moved, refusing=True)
    if isinstance(rest, list):
        return [original] + rest
    return None


def _probe(context: RoundState, index: int, residents: tuple[PlayerState, ...],
           moved: tuple[PlayerState, ...], lowest: bool, need_all_moved: bool) -> bool:
    """Could the bracket be paired with these players moved down into it, all
    of them paired (C12)?  Events are not kept."""
    key = (index, _ids(moved), lowest, need_all_moved)
    known = context.probes.get(key)
    if known is not None:
        return known
    answer = False
    stream = bracket(context, index, residents, moved, lowest, (), avoid=False)
    for item in stream:
        if isinstance(item, Need):
            break
        if isinstance(item, Outcome):
            if not need_all_moved:
                answer = True
            else:
                paired = {p.id for pair in item.pairs for p in pair}
                answer = all(m.id in paired for m in moved)
            break
    stream.close()
    context.probes[key] = answer
    return answer
