"""C6, C7, C8 at one level: the candidates the text tries, in its order.

C6 pairs S1 against S2 as they stand; C7 takes the next transposition of S2
(D1); C8, in a homogeneous bracket, the next exchange between S1 and S2
(D2) and starts again at C5.  :func:`level_candidates` yields, for one
level of the ladder, every event and every acceptable candidate
(:class:`Candidate`) in that order; the bracket turns each candidate into a
pairing (``bracket.py``).

Pruned (the default) the candidates a level refuses are not tried one by
one: the search proves which ranges of them cannot work (``search.py``) and
the trace tells each range as one :class:`~swisslearn.trace.CandidatesSkipped`
with every reason met and how many candidates each refuses, then the next
acceptable candidate as a :class:`~swisslearn.trace.CandidateTried`; runs of
more than :data:`RUN` exchanges whose split cannot give any acceptable
candidate are one range too.  Literal (``literal=True``): every candidate
and every exchange one by one.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

import numpy as np

from swisslearn.dutch1998.exchanges import Exchange, iter_exchanges, seed_cell
from swisslearn.dutch1998.feasibility import Banned, any_pairing, spend
from swisslearn.dutch1998.reasons import Met, RunReasons
from swisslearn.dutch1998.rules import RULES
from swisslearn.dutch1998.search import (MOVED_DOWN_BEFORE, BracketSearch, ExchangeRanks,
                                         Found, Refused, SplitFinder)
from swisslearn.dutch1998.criteria import STRICT, float_rejections
from swisslearn.dutch1998.state import RoundState, Table, pair_float_rejections
from swisslearn.errors import usage
from swisslearn.model import Float, PlayerId, PlayerState
from swisslearn.trace import (BracketView, CandidatesSkipped, CandidateTried, Event,
                              ExchangeApplied, Refusal, Rejection)

__all__ = ["Candidate", "Group", "LITERAL_LIMIT", "MOVED_DOWN_LISTED", "REASONS_SIZE", "RUN",
           "SearchMaker", "level_candidates", "literal_events", "once", "reasons_in",
           "split_positions", "summarise", "walk"]

#: Builds the search of one split of a level (S1 and S2 as bracket positions).
SearchMaker = Callable[[list[int], list[int]], BracketSearch]

_B4, _B5, _B6, _C6, _C7, _C8, _D2 = (RULES.label(label) for label in
                                    ("B4", "B5", "B6", "C6", "C7", "C8", "D2"))

#: Literal mode refuses an S1/S2 split with more candidates than this (8!).
LITERAL_LIMIT = 40_320

#: Exchanges of one level tried one by one before :class:`SplitFinder` may
#: jump to the next split that can be paired at all (never in literal mode).
SEQUENTIAL = 1000

#: How much work a round spends on the exact reasons of its ranges and of
#: its exchanges with no acceptable candidate (issue 29's equality with the
#: literal walk; each block or split costs 1 + |S2|).  Past it, they are
#: told as before (the block's first failing pair, the C8 gate, one reason
#: an exchange): C12/C13 may re-open brackets thousands of times.
REASONS_BUDGET = 20_000

#: Brackets (S1 and S2 together) of up to this many players have the exact
#: reasons of their ranges and exchanges (``reasons.py``: the literal walk's
#: story, issue 29).  A bigger one is told as before: the search's blocks
#: (the first pair that fails), the C8 gate, one reason an exchange.  The
#: exact reasons build tables of |S1| x |S2| and solve assignment problems
#: of |S2| a block: seconds at 20 players and growing as the cube and more
#: (docs/story1998-equality.md), hours for a 4,000-player bracket; the
#: literal walk itself cannot run a bracket of more than 16 (8! candidates
#: a split), so no story is lost past this size that it could tell.
REASONS_SIZE = 20

#: Up to this many exchanges in a row that cannot give an acceptable
#: candidate are told one by one; a longer run is one range.
RUN = 3

#: A skipped range names at most this many reasons per criterion; the
#: further ones are one reason (detail ``"others"``) with their count.
REASONS_PER_CRITERION = 4

#: A PairingsTried (C10, C12, C13) names the players moved down by at most
#: this many of the pairings it stands for.
MOVED_DOWN_LISTED = 10

#: At most this many refusals (pair by pair) per range.
REFUSALS = 200


@dataclass(frozen=True)
class Candidate:
    """An acceptable candidate of one S1/S2 split: ``found`` gives the S2
    positions of S1's players and the D1 rank; ``view`` the split."""

    s1: tuple[PlayerState, ...]
    s2: tuple[PlayerState, ...]
    found: Found
    view: BracketView
    cell: str | None = None

    @property
    def pairs(self) -> tuple[tuple[PlayerState, PlayerState], ...]:
        return tuple((self.s1[i], self.s2[j]) for i, j in enumerate(self.found.positions))

    @property
    def left(self) -> tuple[PlayerState, ...]:
        used = set(self.found.positions)
        return tuple(b for j, b in enumerate(self.s2) if j not in used)


def split_positions(p: int, n: int, exchange: Exchange | None) -> tuple[list[int], list[int]]:
    """S1 and S2 (0-based bracket positions, A2 order) after ``exchange``
    (:func:`swisslearn.dutch1998.exchanges.apply_exchange` on positions)."""
    if exchange is None:
        return list(range(p)), list(range(p, n))
    leaving = set(exchange.from_s1) | set(exchange.from_s2)
    s1 = sorted([i for i in range(1, p + 1) if i not in leaving] + list(exchange.from_s2))
    s2 = sorted([j for j in range(p + 1, n + 1) if j not in leaving] + list(exchange.from_s1))
    return [i - 1 for i in s1], [j - 1 for j in s2]


# ---------------------------------------------------------------------------
# C6/C7 on one split


def walk(context: RoundState, search: BracketSearch, view: BracketView,
         cell: str | None) -> Iterator[Event | Found]:
    """C6/C7 on one S1/S2 split: the trace's events and, lazily and in D1
    order, the acceptable candidates (:class:`Found`).  Pruned: the
    untouched order is tried (C6); then before each acceptable candidate
    (:class:`CandidateTried`, C7) the transpositions passed over since the
    previous one are one :class:`CandidatesSkipped` with the reasons; the
    last range (after the last acceptable one) when the walk is asked for
    more and has no more.  Literal: every candidate has its own event."""
    if context.literal_for(len(view.players)):
        yield from _walk_literal(context, search, view, cell)
        return
    k, m = len(search.s1), len(search.s2)
    span = math.factorial(m - k) if m >= k else 1
    identity = tuple(range(k))
    # The untouched order, told as the literal walk tells it (the criterion
    # the text checks first, every other it breaks).
    rejection, also, _ = search.verdict(identity)
    runs = _Reasons(context, search, exact=k + m <= REASONS_SIZE)
    # Every block kept when the ranges' reasons come from them (else at
    # most search.KEPT_BLOCKS, the rest counted in the overflow).
    search.telling = runs.exact
    candidates = search.candidates()
    yield _tried(search, view, cell, identity, 0, rejection, also)
    # The transpositions before ``span`` pair as the untouched order (the
    # literal walk's one candidate): a range starts after them.
    low = span
    accepted = rejection is None
    if accepted:
        first = next(candidates)   # the untouched order itself
        search.take_refused()
        yield first
        low = span
    for found in candidates:
        spend(context)   # a bound on the round's work (feasibility.py)
        accepted = True
        blocks, overflow = search.take_refused()
        if found.rank > low:
            yield _skipped(search, runs, view, cell, low, found.rank - 1, blocks, overflow,
                           found)
        yield _tried(search, view, cell, found.positions, found.rank, None)
        yield found
        low = found.rank + span
    blocks, overflow = search.take_refused()
    total = math.factorial(m)
    if total - 1 >= low and (blocks or overflow):
        yield _skipped(search, runs, view, cell, low, total - 1, blocks, overflow, None)
    elif not accepted:
        # C7 has no other transposition to try (an S2 of one player).
        yield CandidatesSkipped(rule=_C7, bracket=view, first=low, last=low - 1, count=0,
                                exchange=cell)


def _tried(search: BracketSearch, view: BracketView, cell: str | None,
           positions: Sequence[int], rank: int, rejection: Rejection | None,
           also: tuple[Rejection, ...] = ()) -> CandidateTried:
    s1_ids, s2_ids = search.s1_ids, search.s2_ids
    used = set(positions)
    rule = _C6 if rank == 0 else _C7
    if rejection is not None and rejection.detail == MOVED_DOWN_BEFORE:
        # Refused only because the driver has tried the players it moves down:
        # the driver's rule (C12/C13) refuses it, not C6/C7, whose criteria it meets.
        rule = rejection.criterion
    return CandidateTried(rule=rule, bracket=view,
                          pairs=tuple(zip(s1_ids, [s2_ids[j] for j in positions])),
                          transposition=rank, exchange=cell, accepted=rejection is None,
                          rejection=rejection,
                          leftover=tuple(pid for j, pid in enumerate(s2_ids) if j not in used),
                          also=also, reading=reading_of(rejection),
                          waived=() if rejection is not None else _waived(search, view,
                                                                            positions))


def _waived(search: BracketSearch, view: BracketView,
            positions: Sequence[int]) -> tuple[Rejection, ...]:
    """The B5/B6 breaches of an accepted candidate that only C9/C10's drops
    allow (the floats of its pairs, A4, and of the players it leaves to
    float down, except the residents a heterogeneous bracket's moved-down
    players leave for the remainder group)."""
    if not view.dropped:
        return ()
    s1, s2 = search.s1, search.s2
    found = [r for i, j in enumerate(positions)
             for r in pair_float_rejections(s1[i], s2[j], STRICT)]
    if view.remainder or not view.moved_down or view.homogeneous:
        used = set(positions)
        found += [r for j, b in enumerate(s2) if j not in used
                  for r in float_rejections(b, Float.DOWN, STRICT)]
    return tuple(r for r in found
                 if f"{r.criterion} {r.detail.removeprefix('float_')}" in view.dropped)


def reading_of(rejection: Rejection | None) -> int | None:
    """README reading 1: C6 checks only B1 and B2 in the text; a candidate
    refused on B4 (x), B5 or B6 is refused by our reading of C6."""
    if rejection is not None and rejection.criterion in (_B4, _B5, _B6):
        return 1
    return None


class _Reasons:
    """The exact reasons of a search's blocks (``reasons.py``), built when
    first needed (a walk whose first candidate is accepted needs none);
    None for a bracket of more than :data:`REASONS_SIZE` players
    (``exact`` false) and once the round has spent :data:`REASONS_BUDGET`
    on them."""

    def __init__(self, context: RoundState, search: BracketSearch, exact: bool) -> None:
        self.context = context
        self.search = search
        self.exact = exact
        self._runs: RunReasons | None = None

    def block(self, prefix: tuple[int, ...], skip_first: bool) -> Met | None:
        if not self.exact or self.context.reasons_spent >= REASONS_BUDGET:
            return None
        if self._runs is None:
            self._runs = RunReasons(self.search)
        self.context.reasons_spent += 1 + len(self.search.s2)
        return self._runs.block(prefix, skip_first)


def _skipped(search: BracketSearch, runs: _Reasons, view: BracketView, cell: str | None,
             first: int, last: int, blocks: list[Refused], overflow: Counter[Rejection],
             following: Found | None) -> CandidatesSkipped:
    """The C7 range ``first``..``last`` from the search's blocks: the
    rejection the literal walk gives each of its candidates (the criterion
    the text checks first), with the transpositions it refuses when the
    blocks are small enough to be counted (``reasons.py``; else one
    candidate's rejection per criterion, uncounted), and the refusals of the
    S1 players of ``following`` (the candidate accepted next)."""
    span = search.factorial(len(search.s2) - len(search.s1))
    counts: Counter[Rejection] = Counter()
    counted = True
    refusals: list[Refusal] = []
    for block in blocks:
        # The untouched order (D1 rank 0, in the first block) is C6's own event.
        count = block.size - (span if block.start == 0 else 0)
        if count <= 0:
            continue
        prefix = block.prefix + (block.column,) if block.column >= 0 else ()
        found = runs.block(prefix, block.start == 0)
        if found is None:
            # A big bracket, or past the round's budget: the block's own
            # reason, as before issue 29's equality (the first pair that
            # fails, or why the rest cannot be completed).
            counts[block.rejection] += count
        else:
            met, exact = found
            counted = counted and exact
            for rejection, number in met.items():
                counts[rejection] += number * span
        if (following is not None and block.column >= 0 and len(refusals) < REFUSALS
                and block.prefix == following.positions[:block.level]):
            # Every other criterion the pair itself breaks (the card accepts any).
            also = tuple(r for r in search.every_pair_reason(block.level, block.column)
                         if r != block.rejection)
            refusals.append(Refusal(search.s1[block.level].id, search.s2[block.column].id,
                                    block.rejection, count, also))
    counts.update(overflow)   # the blocks not kept (a big bracket only)
    reasons, numbers = summarise(counts)
    return CandidatesSkipped(rule=_C7, bracket=view, first=first, last=last,
                             count=last - first + 1, reasons=reasons, exchange=cell,
                             counts=numbers if counted else (), refusals=tuple(refusals))


def summarise(counts: Counter[Rejection]) -> tuple[tuple[Rejection, ...], tuple[int, ...]]:
    """Reasons and their counts in the order met, at most
    :data:`REASONS_PER_CRITERION` a criterion (the others of a criterion
    are one ``Rejection(criterion, (), "others")``)."""
    listed: dict[Rejection, int] = {}
    others: dict[str, int] = {}
    per: Counter[str] = Counter()
    for rejection, count in counts.items():
        if per[rejection.criterion] < REASONS_PER_CRITERION:
            per[rejection.criterion] += 1
            listed[rejection] = count
        else:
            others[rejection.criterion] = others.get(rejection.criterion, 0) + count
    for criterion, count in others.items():
        listed[Rejection(criterion, (), "others")] = count
    return tuple(listed), tuple(listed.values())


def reasons_in(events: Sequence[Event]) -> list[Rejection]:
    """Every rejection these events name (the steps a C10/C12/C13 summary
    stands for)."""
    found: list[Rejection] = []
    for event in events:
        if isinstance(event, CandidateTried) and event.rejection is not None:
            found.append(event.rejection)
        elif isinstance(event, ExchangeApplied) and event.split_reasons:
            found.extend(event.split_reasons)   # what the literal walk refuses it for
        elif isinstance(event, ExchangeApplied) and event.reason is not None:
            found.append(event.reason)
        else:
            found.extend(getattr(event, "reasons", ()))
    return found


def literal_events(events: Sequence[Event]) -> int:
    """How many events the literal walk tells for these: one for each event,
    but a range, or an exchange told without its candidates, stands for
    every candidate it passes over, each an event of the literal walk (a
    C7 range: its transpositions over (|S2| - |S1|)!; an exchange: itself
    and the m!/(m - k)! candidates of its split; a D2 range: as many
    exchanges).  A summary deciding on a number of steps (C10's,
    ``bracket._TOLD_RUN``) then decides alike in both tellings (issue 29:
    the pruned search tells the literal story)."""
    told = 0
    for event in events:
        if isinstance(event, CandidatesSkipped) and event.rule == _C7:
            view = event.bracket
            told += event.count // math.factorial(max(0, len(view.s2) - len(view.s1)))
        elif isinstance(event, ExchangeApplied) and not event.feasible:
            view = event.bracket
            told += 1 + math.perm(len(view.s2), len(view.s1))
        elif isinstance(event, CandidatesSkipped) and event.rule == _D2:
            view = event.bracket
            k, m = view.p, len(view.players) - view.p
            told += event.count * (1 + math.perm(m, k))
        else:
            told += 1
    return told


def once(reasons: Iterable[Rejection]) -> dict[Rejection, int]:
    """Each of ``reasons`` once, in the order met, counted 1 (a summary
    counts in how many of its pairings a reason was met).  Not a set: a
    set's order follows the strings' hashes, which change with
    PYTHONHASHSEED, and the summary lists its reasons in this order."""
    return dict.fromkeys(reasons, 1)


def _walk_literal(context: RoundState, search: BracketSearch, view: BracketView,
                  cell: str | None) -> Iterator[Event | Found]:
    """Literal C6/C7: every candidate tried, in D1 order, with its event."""
    count = search.literal_count()
    if context.literal and count > LITERAL_LIMIT:
        raise usage("dutch1998.literal.limit", source=context.tournament.source,
                    round=context.round, count=f"{count:,}", score=view.score,
                    players=", ".join(str(p.id) for p in view.players), s1=len(search.s1),
                    s2=len(search.s2), limit=f"{LITERAL_LIMIT:,}")
    for tried in search.literal():
        spend(context)
        context.story_spent += 1   # the default mode's budget (RoundState.literal_for)
        accepted = tried.rejection is None
        yield _tried(search, view, cell, tried.positions, tried.rank, tried.rejection,
                     tried.also)
        if accepted:
            yield Found(tried.positions, tried.rank, tried.conflicts)


# ---------------------------------------------------------------------------
# C8: the exchanges of a homogeneous bracket


@dataclass(frozen=True)
class _Skipped:
    """Exchanges ``first`` to ``last`` (D2 numbers): no split among them has
    any pairing of the bracket (B1/B2, the players left over)."""

    first: int
    last: int


def exchange_order(table: Table, may_stay: np.ndarray, p: int, n: int, literal: bool
                   ) -> Iterator[tuple[int, Exchange | None] | _Skipped]:
    """The original split (number 0), then the exchanges in D2 order with
    their numbers.  After ``SEQUENTIAL`` of them, if the next exchange
    whose split can be paired at all comes later, the ones before it are
    one :class:`_Skipped` and the search goes on from split to split
    (:class:`SplitFinder`); the exchanges it yields are then checked like
    the others (x, banned sets), so none that works is passed over.  If
    splits that can be paired were among those already tried (they failed
    on x or the banned sets), it keeps trying exchanges one by one."""
    yield 0, None
    q = n - p
    last = 0
    ordered = iter_exchanges(p, q)
    for number, exchange in enumerate(ordered, 1):
        yield number, exchange
        last = number
        if number == SEQUENTIAL and not literal:
            break
    else:
        return
    ranks = ExchangeRanks(p, q)
    finder = iter(SplitFinder(table.allowed, may_stay, p))
    first = next(finder, None)
    if first is not None and ranks.rank(*first) <= last:
        for number, exchange in enumerate(ordered, last + 1):
            yield number, exchange
        return
    pending = [] if first is None else [first]
    for from_s1, from_s2 in itertools.chain(pending, finder):
        number = ranks.rank(from_s1, from_s2)
        if number > last + 1:
            yield _Skipped(last + 1, number - 1)
        yield number, Exchange(from_s1, from_s2, seed_cell(from_s1, from_s2, p, q))
        last = number
    total = ranks.total()
    if last < total:
        yield _Skipped(last + 1, total)


@dataclass(frozen=True)
class Group:
    """What a level of a homogeneous bracket (or remainder group) is tried
    on: its players in A2 order, those floating anyway (``fixed``), the
    table at the level, who may stay unpaired, and the live banned sets."""

    players: tuple[PlayerState, ...]
    table: Table
    may_stay: np.ndarray
    fixed: frozenset[PlayerId]
    banned: Banned


class _Run:
    """Exchanges in a row whose split gives no acceptable candidate: told one
    by one if short, as one D2 range otherwise."""

    def __init__(self, view: BracketView) -> None:
        self.view = view
        self.items: list[tuple[int, int, Rejection, ExchangeApplied | None]] = []

    def add(self, first: int, last: int, reason: Rejection,
            single: ExchangeApplied | None = None) -> None:
        self.items.append((first, last, reason, single))

    def flush(self) -> Iterator[Event]:
        items, self.items = self.items, []
        if not items:
            return
        count = sum(last - first + 1 for first, last, _, _ in items)
        if count <= RUN and all(single is not None for *_, single in items):
            for *_, single in items:
                assert single is not None
                yield single
            return
        if all(single is not None and single.split_reasons for *_, single in items):
            # Every exchange of the range told by the reasons its candidates
            # are refused for (the literal walk's, reasons.py): the range
            # names them all, each once.
            met: dict[Rejection, int] = {}
            for *_, single in items:
                assert single is not None
                met.update(once(single.split_reasons))
            reasons, _ = summarise(Counter(met))
            yield CandidatesSkipped(rule=_D2, bracket=self.view, first=items[0][0],
                                    last=items[-1][1], count=count, reasons=reasons)
            return
        counts: Counter[Rejection] = Counter()
        for first, last, reason, _ in items:
            counts[reason] += last - first + 1
        reasons, numbers = summarise(counts)
        yield CandidatesSkipped(rule=_D2, bracket=self.view, first=items[0][0],
                                last=items[-1][1], count=count, reasons=reasons,
                                counts=numbers)


def level_candidates(context: RoundState, group: Group, view: BracketView, x: int, p: int,
                     make_search: SearchMaker) -> Iterator[Event | Candidate]:
    """C6-C8 at one level of a homogeneous group: the original split, then
    the exchanges in D2 order (each restarting at C5), each walked in D1
    order.  Before the first exchange (and again whenever the banned sets
    have grown) the C8 gate asks whether any split can work at all."""
    players, n = group.players, len(group.players)
    literal = context.literal_for(n)
    # The C8 gate (no split can work: one range for the rest) only where the
    # exchanges are too many to be told one by one; below, each exchange is
    # told with the reasons of its candidates (the literal story, issue 29).
    gated = not literal and (ExchangeRanks(p, n - p).total() > SEQUENTIAL or n > REASONS_SIZE
                             or context.reasons_spent >= REASONS_BUDGET)
    gate_at = -1   # size of the banned list when the C8 gate last said yes
    run = _Run(view)
    for entry in exchange_order(group.table, group.may_stay, p, n, literal):
        spend(context)
        number, exchange = (0, None) if isinstance(entry, _Skipped) else entry
        if (exchange is not None or isinstance(entry, _Skipped)) and gated \
                and gate_at != len(group.banned):
            gate_at = len(group.banned)
            if not any_pairing(group.table, group.may_stay, p, x, group.banned, group.fixed):
                yield from run.flush()
                yield CandidatesSkipped(rule=_C8, bracket=view, first=0, last=-1, count=0,
                                        reasons=(Rejection(_C8, tuple(pl.id for pl in players),
                                                          "no_exchange"),))
                return
        if isinstance(entry, _Skipped):
            run.add(entry.first, entry.last, Rejection(_D2, (), "no_split"))
            continue
        rows, columns = split_positions(p, n, exchange)
        search = make_search(rows, columns)
        split = view.with_(s1=tuple(s.id for s in search.s1), s2=tuple(s.id for s in search.s2))
        cell = None if exchange is None else (exchange.cell or exchange.label())
        if exchange is not None:
            feasible = literal or search.completable(0, (), x)
            split_reasons: tuple[Rejection, ...] = ()
            split_counts: tuple[int, ...] = ()
            if not feasible and not gated:
                # What the literal walk would refuse each candidate of the
                # split for (reasons.py), counted in transpositions if it can be.
                context.reasons_spent += 1 + len(search.s2)
                met, exact = RunReasons(search).block(())
                span = search.factorial(len(search.s2) - len(search.s1))
                split_reasons, numbers = summarise(
                    Counter({r: c * span for r, c in met.items()}))
                split_counts = numbers if exact else ()
            applied = ExchangeApplied(
                rule=_D2, bracket=split, cell=cell,
                from_s1=tuple(players[i - 1].id for i in exchange.from_s1),
                from_s2=tuple(players[i - 1].id for i in exchange.from_s2), number=number,
                feasible=feasible,
                reason=None if feasible else search.why_incomplete(0, frozenset(), x, None),
                split_reasons=split_reasons, split_counts=split_counts)
            if not feasible:
                assert applied.reason is not None
                run.add(number, number, applied.reason, applied)
                continue
            yield from run.flush()
            yield applied
        for found in walk(context, search, split, cell):
            if isinstance(found, Found):
                yield Candidate(search.s1, search.s2, found, split, cell)
            else:
                yield found
    yield from run.flush()

