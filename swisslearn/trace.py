"""The trace vocabulary: every event an engine yields while pairing a round.

This module is the one place that documents the events (public API).  Each
event is a frozen dataclass; ``kind`` is its snake_case name (the ``"kind"``
of ``trace --jsonl``) and ``rule`` the label of the rule it applies (``"A6"``,
``"C7"``, ``"D2"``, ``"E3"``...).  Each carries the whole state a picture
needs (the bracket with its players, S1, S2, x, p...), so a viewer can draw
step *i* without looking at its neighbours.

=====================  ======  ===========================================
event                  rule    what happened
=====================  ======  ===========================================
RoundStarted           A2      the players to pair, in A2 order; absentees
BracketOpened          A3      a score bracket (with players moved down)
PlayerMovedDown        C1      a player with no possible opponent floats on
BracketSplit           C4/A6   S1, S2, x (A8) and p (A6) are set
CandidateTried         C6/C7   one candidate: S1 against an order of S2
CandidatesSkipped      D1      a range of transpositions that cannot work
ExchangeApplied        D2/C8   players swapped between S1 and S2
CriterionDropped       C9/C10  B6 or B5 dropped for down- or upfloaters
XIncreased             C11     x raised by one
PDecreased             C14     p lowered by one
BracketUndone          C12/C13 an earlier bracket is paired again
BracketsMerged         C13     the two lowest brackets become one
BracketPaired          C6      pairs made in a bracket; who moves down
ByeAssigned            A5      the pairing-allocated bye
ColourAllocated        E1..E5  who has white in a pair, and by which rule
BoardsOrdered          F1      the board order
RoundPaired            —       the result (``pair()`` returns this one)
=====================  ======  ===========================================

The C.04.3 engines (``dutch-2026``, ``dutch-2017``) yield the same events,
labelled with their edition's articles (``1.2``/``A.2``, ``3.4.1``/``B.4``,
``[C12]``/``C.10``, ``5.2.3``/``E.3``...), plus the two of
:mod:`swisslearn.dutch2026.events` (``CompletionChecked``,
``BracketParameters``).  ``dutch-2017`` also yields, for A.9's other route,
``BracketUndone`` (rule ``A.9``: the bracket just paired is the PPB and is
paired again; ``because_of`` shows the players who could not be completed)
and a ``BracketOpened`` with rule ``A.9`` (the Collapsed Last Bracket); its
board order is :class:`swisslearn.dutch2017.events.BoardsOrdered`, a
subclass of :class:`BoardsOrdered` (same kind, same fields).

Protections (seed 002) add, on ``dutch-1998``, one event (not one of the
1998 text's steps, so not in :data:`EVENT_KINDS`; ``event_to_json`` writes
it like the others):

=====================  ======================  ============================
event                  rule                    what happened
=====================  ======================  ============================
SoftAvoidChosen        protection:soft-avoid   the bracket's first
                                               acceptable pairing held pairs
                                               of a soft-avoid group: the
                                               equivalent pairing kept, with
                                               the fewest such pairs
=====================  ======================  ============================

The team systems (C.04.6) add four events, documented with their classes in
:mod:`swisslearn.team2026.events` (``team-2026`` and ``team-2026-sharly``):

=====================  ======================  ============================
event                  rule                    what happened
=====================  ======================  ============================
PabCandidatesRanked    3.4                     the teams allowed the PAB, in
                                               3.4.2-3.4.4 order
UpfloatersCounted      3.5.2                   how many upfloaters, of which
                                               scores ([C4], [C5])
UpfloaterSetTried      3.5.5 / [C1] [C3]       one set of upfloaters in
                       [C6] [C7]               3.5.4 order, chosen or refused
WholeRoundWeighed      C.04.6                  ``team-2026-sharly``: the
                                               round as one matching, its
                                               fields against the text's
=====================  ======================  ============================
"""

from __future__ import annotations

import dataclasses
import enum
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar, Iterable

from swisslearn.model import PlayerId, PlayerState, RoundNumber

__all__ = [
    "PlayerView", "BracketView", "Rejection", "Board", "Event", "RoundStarted",
    "BracketOpened", "PlayerMovedDown", "BracketSplit", "CandidateTried",
    "CandidatesSkipped", "ExchangeApplied", "CriterionDropped", "XIncreased", "PDecreased",
    "BracketUndone", "BracketsMerged", "BracketPaired", "ByeAssigned", "ColourAllocated",
    "BoardsOrdered", "RoundPaired", "SoftAvoidChosen", "EVENT_KINDS", "event_to_json",
]


@dataclass(frozen=True)
class PlayerView:
    """What a picture shows of a player: number, name, score, colours, floats."""

    id: PlayerId
    name: str
    rating: int
    score: Decimal
    colours: str          # e.g. "BN-B" (French letters: B blancs, N noirs, - no game)
    preference: str       # e.g. "B!!" absolute white, "N!" strong black, "B" mild, "-"
    floats: str           # e.g. "·↓↑" one mark per earlier round

    @classmethod
    def of(cls, state: PlayerState) -> PlayerView:
        pref = state.preference
        letter = "" if pref.colour is None else ("B" if pref.colour.value == "w" else "N")
        marks = {3: "!!", 2: "!", 1: ""}.get(int(pref.strength), "")
        return cls(id=state.id, name=state.name, rating=state.rating, score=state.score,
                   colours=state.history_string, preference=(letter + marks) or "-",
                   floats="".join(f.arrow if f else "·" for f in state.floats))


@dataclass(frozen=True)
class BracketView:
    """A score bracket as it stands at one step of the procedure.

    ``players`` are in A2 order; ``moved_down`` are those from higher
    brackets; ``s1``/``s2`` the subgroups (S2 in its current order);
    ``dropped`` the criteria relaxed so far (e.g. ``("B6 down", "B5 down")``).
    """

    index: int
    score: Decimal
    players: tuple[PlayerView, ...]
    moved_down: tuple[PlayerId, ...] = ()
    homogeneous: bool = True
    remainder: bool = False
    lowest: bool = False
    s1: tuple[PlayerId, ...] = ()
    s2: tuple[PlayerId, ...] = ()
    x: int = 0
    p: int = 0
    dropped: tuple[str, ...] = ()

    def with_(self, **changes: Any) -> BracketView:
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class Rejection:
    """Why a candidate (or a pair) fails: the criterion and the players concerned."""

    criterion: str                 # "B1a", "B1b", "B2a", "B2b", "B4", "B5", "B6", "forbidden"
    players: tuple[PlayerId, ...]
    detail: str = ""               # a catalogue key for the explanation, e.g. "met"


@dataclass(frozen=True)
class Board:
    board: int
    white: PlayerId
    black: PlayerId


@dataclass(frozen=True)
class Event:
    """Base of every event; ``kind`` and ``rule`` are on every one."""

    kind: ClassVar[str] = "event"
    rule: str


@dataclass(frozen=True)
class RoundStarted(Event):
    round: RoundNumber
    system: str
    players: tuple[PlayerView, ...]
    absent: tuple[PlayerId, ...] = ()
    scores: tuple[Decimal, ...] = ()   # the score brackets, highest first


@dataclass(frozen=True)
class BracketOpened(Event):
    bracket: BracketView


@dataclass(frozen=True)
class PlayerMovedDown(Event):
    bracket: BracketView
    player: PlayerId
    reason: Rejection | None = None


@dataclass(frozen=True)
class BracketSplit(Event):
    bracket: BracketView
    w: int = 0   # A8: players preferring white
    b: int = 0   # A8: players preferring black
    q: int = 0   # A8: half the bracket, rounded up


@dataclass(frozen=True)
class CandidateTried(Event):
    """C6 on one candidate.  ``transposition`` is the 0-based index of S2's
    order in D1 order (0 = S2 untouched); ``exchange`` the D2 cell, if any."""

    bracket: BracketView
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    transposition: int
    exchange: str | None = None
    accepted: bool = False
    rejection: Rejection | None = None
    leftover: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class CandidatesSkipped(Event):
    """Transpositions ``first``..``last`` (0-based, inclusive) of S2 cannot give
    an acceptable pairing; ``reasons`` say which pairs block them."""

    bracket: BracketView
    first: int
    last: int
    count: int
    reasons: tuple[Rejection, ...] = ()
    exchange: str | None = None


@dataclass(frozen=True)
class ExchangeApplied(Event):
    bracket: BracketView
    cell: str | None
    from_s1: tuple[PlayerId, ...]
    from_s2: tuple[PlayerId, ...]
    number: int = 0           # 1-based position in the D2 order
    feasible: bool = True     # False: skipped, no transposition can work


@dataclass(frozen=True)
class CriterionDropped(Event):
    bracket: BracketView
    criterion: str            # "B6" or "B5"
    floaters: str             # "down" or "up"


@dataclass(frozen=True)
class XIncreased(Event):
    bracket: BracketView


@dataclass(frozen=True)
class PDecreased(Event):
    bracket: BracketView


@dataclass(frozen=True)
class BracketUndone(Event):
    bracket: BracketView          # the bracket paired again
    because_of: BracketView       # the bracket that could not be paired
    accepted: bool = False        # the new pairing was kept


@dataclass(frozen=True)
class BracketsMerged(Event):
    bracket: BracketView          # the new lowest bracket


@dataclass(frozen=True)
class BracketPaired(Event):
    bracket: BracketView
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    moved_down: tuple[PlayerId, ...] = ()
    transposition: int = 0
    exchange: str | None = None


@dataclass(frozen=True)
class ByeAssigned(Event):
    player: PlayerId
    view: PlayerView | None = None


@dataclass(frozen=True)
class ColourAllocated(Event):
    white: PlayerId
    black: PlayerId
    higher: PlayerId              # the higher ranked player (A2)
    white_view: PlayerView | None = None
    black_view: PlayerView | None = None


@dataclass(frozen=True)
class BoardsOrdered(Event):
    boards: tuple[Board, ...]


@dataclass(frozen=True)
class RoundPaired(Event):
    round: RoundNumber
    system: str
    boards: tuple[Board, ...]
    byes: tuple[PlayerId, ...] = ()
    released: tuple[PlayerId, ...] = ()

    def pairs(self) -> tuple[tuple[PlayerId, PlayerId], ...]:
        return tuple((b.white, b.black) for b in self.boards)


@dataclass(frozen=True)
class SoftAvoidChosen(Event):
    """Protections (seed 002), ``soft-avoid``, on ``dutch-1998``: the first
    acceptable pairing of a bracket (``rules_pairs``, at D1 rank
    ``rules_transposition`` of D2 cell ``rules_exchange``) held
    ``rules_same_group`` pairs of a soft-avoid group (``rules_group_pairs``).
    Among the pairings the rules judge equivalent to it (``bracket``: the
    same x, p and dropped criteria; the same players moved down; the same
    number of colour conflicts, score differences and B5/B6 breaches), the
    one kept (``pairs``, at ``transposition``/``exchange``; for a
    heterogeneous bracket the rank is that of the moved-down players'
    pairing) has the fewest same-group pairs (``same_group``), the earliest
    in D1/D2 order among those; it may be the rules' own pairing.
    ``examined``: complete pairings looked at; ``complete`` False when the
    search stopped at its bound (the best found by then is kept)."""

    kind: ClassVar[str] = "soft_avoid_chosen"
    bracket: BracketView
    rules_pairs: tuple[tuple[PlayerId, PlayerId], ...]
    rules_same_group: int
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    same_group: int
    moved_down: tuple[PlayerId, ...] = ()
    rules_group_pairs: tuple[tuple[PlayerId, PlayerId], ...] = ()
    group_pairs: tuple[tuple[PlayerId, PlayerId], ...] = ()
    rules_transposition: int = 0
    rules_exchange: str | None = None
    transposition: int = 0
    exchange: str | None = None
    examined: int = 0
    complete: bool = True

    @property
    def changed(self) -> bool:
        return self.pairs != self.rules_pairs


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


EVENT_KINDS: dict[str, type[Event]] = {}
for _cls in (RoundStarted, BracketOpened, PlayerMovedDown, BracketSplit, CandidateTried,
             CandidatesSkipped, ExchangeApplied, CriterionDropped, XIncreased, PDecreased,
             BracketUndone, BracketsMerged, BracketPaired, ByeAssigned, ColourAllocated,
             BoardsOrdered, RoundPaired):
    _cls.kind = _snake(_cls.__name__)
    EVENT_KINDS[_cls.kind] = _cls


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def event_to_json(event: Event) -> dict[str, Any]:
    """The JSON object of ``trace --jsonl``: ``kind``, ``rule``, then the fields."""
    data: dict[str, Any] = {"kind": event.kind}
    data.update(_plain(event))
    return data


def last_round_paired(events: Iterable[Event]) -> RoundPaired:
    """The ``RoundPaired`` at the end of a trace (consumes the iterable)."""
    result: RoundPaired | None = None
    for event in events:
        if isinstance(event, RoundPaired):
            result = event
    if result is None:
        raise ValueError("the trace has no round_paired event")
    return result


