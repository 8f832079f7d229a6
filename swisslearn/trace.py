"""The trace vocabulary: every event an engine yields while pairing a round.

This module is the one place that documents the events (public API).  Each
event is a frozen dataclass; ``kind`` is its snake_case name (the ``"kind"``
of ``trace --jsonl``) and ``rule`` the label of the rule it applies (``"A6"``,
``"C7"``, ``"D2"``, ``"E3"``...).  Each carries the whole state a picture
needs (the bracket with its players, S1, S2, x, p...), so a viewer can draw
step *i* without looking at its neighbours.

=====================  =======  ===========================================
event                  rule     what happened
=====================  =======  ===========================================
RoundStarted           A2       the players to pair, in A2 order; absentees;
                                the last-round note's players, games
                                counted as draws (F9)
BracketOpened          A3       a score bracket (with players moved down)
PlayerStuck            C1       a player who can meet nobody in the bracket,
                                and where C1 sends the procedure (C12, C13)
PlayerMovedDown        C1       a player with no possible opponent floats on,
                                with the reasons (or: alone in his bracket)
BracketSplit           C4/A6    S1, S2, x (A8) and p (A6) are set
CandidateTried         C6/C7    one candidate: S1 against an order of S2
CandidatesSkipped      C7/C8    a range of transpositions (C7) or of
                       /D2      exchanges (D2) that cannot work, with every
                                reason met and how many each refuses
ExchangeApplied        D2/C8    players swapped between S1 and S2
CriterionDropped       C9/C10   B6 or B5 dropped for down- or upfloaters
RemainderUnpaired      C10      the remainder group left by the moved-down
                                players' pairing cannot be paired: the
                                pairing of the lowest of them is undone,
                                another opponent looked for (back to C7)
XIncreased             C11      x raised by one
PDecreased             C14      p lowered by one
BracketUndone          C12/C13  a bracket above is undone because a bracket
                                below failed; then: a new pairing kept, the
                                earlier one kept (C12), or none (C13)
PairingsTried          C12/C13  the other pairings of a bracket above tried
                       /C10     and given up, in one step, with the reasons
                                (C10: many pairings of the moved-down
                                players whose remainder groups all fail)
BracketsMerged         C13      the two lowest brackets become one
LastResort             C14      nothing paired the round: it is searched
                                again, p = 0 allowed in the lowest bracket
BracketPaired          C6       pairs made in a bracket; who moves down
ByeAssigned            A5       the pairing-allocated bye
ColourAllocated        E1..E5   who has white in a pair, and by which rule
BoardsOrdered          F1       the board order
RoundPaired            —        the result (``pair()`` returns this one)
=====================  =======  ===========================================

Readings: where the engine keeps one of the README's numbered readings
("How we read the 1998 text") instead of a path the text itself gives, the
event says which in ``reading`` (its number; written in ``trace --jsonl``
only when set) and its sentence says « lecture N : … », naming the text's
own path: ``CandidateTried`` (1: C6 refusing on B4, B5 or B6),
``PlayerMovedDown`` (6 and 18: a player from above floats on, no C12),
``BracketOpened`` (22: A3 judged again on the players C1 left, when that
changes the bracket's kind),
``BracketSplit`` (24: once C10 and C11 ran out, the remainder group that C14
lowers is the one of the moved-down players' first candidate again, not
the one of the candidate last tried),
``XIncreased`` (3: C11 inside a remainder group, the moved-down players'
pairing kept, where the text undoes every pairing and restarts at C3),
``CriterionDropped`` (5: C9 in a remainder group; 16: C10 in a bracket
of several scores treated as homogeneous; 1: C10 for a heterogeneous
bracket's moved-down players, before any remainder group exists; once a
remainder group has failed, C10's drop is the text's own, and told so).
``CandidateTried.also`` and ``Refusal.also`` hold every other criterion a
candidate breaks besides ``rejection``, the first in article B's order.

Colours in events are language-neutral: :class:`PlayerView` keeps the
course's letters for the pictures (``colours``, ``preference``), and
:func:`event_to_json` writes TRF's letters (``w`` white, ``b`` black, ``-``
no game: ``"wbb-w"``, ``"b!!"``), with the preference also as
``preference_colour`` and ``preference_strength``; sentences take each
language's letters from the catalogue (``fmt.letter.white``/``black``).

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
    "PlayerView", "BracketView", "Rejection", "Refusal", "Board", "Event", "RoundStarted",
    "BracketOpened", "PlayerStuck", "PlayerMovedDown", "BracketSplit", "CandidateTried",
    "CandidatesSkipped", "ExchangeApplied", "CriterionDropped", "RemainderUnpaired",
    "XIncreased", "PDecreased", "BracketUndone", "PairingsTried", "BracketsMerged", "LastResort",
    "BracketPaired", "ByeAssigned", "ColourAllocated", "BoardsOrdered", "RoundPaired", "SoftAvoidChosen",
    "EVENT_KINDS", "event_to_json",
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
    # The virtual points in ``score`` (C.04.5.1, an accelerated round; never
    # in the standings): ``score - virtual`` is the real score.
    virtual: Decimal = Decimal(0)

    @classmethod
    def of(cls, state: PlayerState) -> PlayerView:
        pref = state.preference
        letter = "" if pref.colour is None else ("B" if pref.colour.value == "w" else "N")
        marks = {3: "!!", 2: "!", 1: ""}.get(int(pref.strength), "")
        return cls(id=state.id, name=state.name, rating=state.rating, score=state.score,
                   colours=state.history_string, preference=(letter + marks) or "-",
                   floats="".join(f.arrow if f else "·" for f in state.floats))

    # The same facts without the course's letters (the JSON and the sentences).

    @property
    def history(self) -> str:
        """The colour history in TRF's letters: ``w`` white, ``b`` black, ``-``."""
        return "".join(_NEUTRAL.get(c, "-") for c in self.colours)

    @property
    def preference_colour(self) -> str | None:
        """``"w"``, ``"b"`` or None (no game played yet)."""
        return _NEUTRAL.get(self.preference[:1]) if self.preference != "-" else None

    @property
    def preference_strength(self) -> str:
        """``"absolute"``, ``"strong"``, ``"mild"`` or ``"none"`` (A7)."""
        if self.preference_colour is None:
            return "none"
        return {2: "absolute", 1: "strong"}.get(self.preference.count("!"), "mild")

    @property
    def colour_difference(self) -> int:
        """A7: games with white minus games with black."""
        return self.colours.count("B") - self.colours.count("N")


_NEUTRAL = {"B": "w", "N": "b"}   # the course's letters (blancs, noirs) to TRF's


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
        """A copy with ``changes``: the other fields (the players' tuple
        above all) are shared, not copied; as dataclasses.replace, quicker
        (an engine makes one view a step)."""
        unknown = changes.keys() - _VIEW_FIELDS
        if unknown:
            raise TypeError(f"BracketView has no field {sorted(unknown)[0]!r}")
        copy = object.__new__(BracketView)
        copy.__dict__.update(self.__dict__)
        copy.__dict__.update(changes)
        return copy


_VIEW_FIELDS = frozenset(f.name for f in dataclasses.fields(BracketView))


@dataclass(frozen=True)
class Rejection:
    """Why a candidate (or a pair) fails: the criterion and the players concerned."""

    criterion: str                 # "B1a", "B1b", "B2a", "B2b", "B4", "B5", "B6", "forbidden"
    players: tuple[PlayerId, ...]
    detail: str = ""               # a catalogue key for the explanation, e.g. "met"


@dataclass(frozen=True)
class Refusal:
    """The transpositions of a skipped range that pair S1's ``player`` with
    S2's ``opponent`` (the S1 players before him paired as in the candidate
    accepted next): ``count`` of them, all refused because of ``rejection``
    (the criterion the text checks first); ``also``: every other criterion
    the pair breaks besides it, in the text's order."""

    player: PlayerId
    opponent: PlayerId
    rejection: Rejection
    count: int
    also: tuple[Rejection, ...] = ()


# Every class here has a docstring: for one without, @dataclass computes an
# inspect.signature at import to make it one (a tenth of this module's
# import, which every command that pairs pays; issue 36).
@dataclass(frozen=True)
class Board:
    """A board of the round: its number, White and Black."""
    board: int
    white: PlayerId
    black: PlayerId


@dataclass(frozen=True)
class Event:
    """Base of every event; ``kind`` and ``rule`` are on every one.

    ``system``: the system whose engine yielded the event (``dutch-2026``,
    ``team-2026-sharly``...), so that its words are chosen by it and never
    by the look of ``rule`` (``C10``, ``C.10`` and ``[C10]`` are three
    different rules).  :meth:`swisslearn.systems.System.trace` sets it on
    every event; keyword-only with a default, so that every constructor
    stays as it was; left out of comparisons and of :func:`event_to_json`
    (``trace --jsonl`` writes the bytes it wrote before; the round's system
    is already on its first and last lines)."""

    kind: ClassVar[str] = "event"
    rule: str
    system: str | None = dataclasses.field(default=None, kw_only=True, compare=False,
                                           repr=False)

    def with_system(self, system: str) -> Event:
        """A copy of the event that says ``system``, made as
        :meth:`BracketView.with_` makes one (a copy a step of every trace:
        a tenth of :func:`dataclasses.replace`'s cost, which calls
        ``__init__`` again)."""
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.__dict__["system"] = system
        return copy


@dataclass(frozen=True)
class RoundStarted(Event):
    """``last_round``: the players the last-round note exempts from B2, B5,
    B6 and A7a (over 50 % in the last round); ``adjourned``: games not
    finished (round, white, black), counted as draws for the pairing (F9);
    ``absent``: every player not paired this round, ``withdrawn`` those of
    them who have left the tournament (F5: « ne sont plus appariés »)."""

    round: RoundNumber
    # The round's system, written by trace --jsonl here, after ``round``.
    system: str = dataclasses.field(kw_only=True)
    players: tuple[PlayerView, ...]
    absent: tuple[PlayerId, ...] = ()
    scores: tuple[Decimal, ...] = ()   # the score brackets, highest first
    last_round: tuple[PlayerId, ...] = ()
    adjourned: tuple[tuple[RoundNumber, PlayerId, PlayerId], ...] = ()
    withdrawn: tuple[PlayerId, ...] = ()   # those of ``absent`` who have withdrawn (F5)


@dataclass(frozen=True)
class BracketOpened(Event):
    """A bracket is about to be paired (its players in ``bracket``).  With
    ``reading`` 22: A3 judged again after C1 sent some of its players on,
    on the players left, and the judgment changed (homogeneous or not)."""
    bracket: BracketView
    reading: int | None = None   # 22: A3 after C1


@dataclass(frozen=True)
class PlayerStuck(Event):
    """C1: ``player`` can meet nobody in the bracket (``reasons``: one per
    possible opponent; none when he is alone in it).  ``then`` is where C1
    sends the procedure: ``"C12"`` (he came from a higher bracket),
    ``"C13"`` (the lowest bracket), or ``"bye"`` (the lowest bracket, where
    he may still be the one player left over)."""

    bracket: BracketView
    player: PlayerId
    reasons: tuple[Rejection, ...] = ()
    then: str = ""


@dataclass(frozen=True)
class PlayerMovedDown(Event):
    """C1: ``player`` floats on to the next bracket; ``reasons`` why he can
    meet nobody here (``Rejection("A6", ..., "alone")``: nobody else is in
    the bracket); ``reason`` is the first of them."""

    bracket: BracketView
    player: PlayerId
    reason: Rejection | None = None
    reasons: tuple[Rejection, ...] = ()
    reading: int | None = None   # 6 or 18: he came from above, yet no C12


@dataclass(frozen=True)
class BracketSplit(Event):
    """The bracket split into S1 and S2 (A6), with A8's colour counts."""
    bracket: BracketView
    w: int = 0   # A8: players preferring white
    b: int = 0   # A8: players preferring black
    q: int = 0   # A8: half the bracket, rounded up
    # C11: how much x stood above A8's value once raised "as long as x < p"
    # (for a remainder group, with its bracket's: reading 3).
    raised: int = 0
    # C14: how much it took off x since C11 ("if the original value of x was
    # positive, decrease x too"; 0: x stays); None when no C14 step is behind
    # this level.  C11's x is ``bracket.x + lowered``.
    lowered: int | None = None
    # 24: the remainder group lowered (C14) from the moved-down players'
    # first candidate again, once C10 and C11 ran out.
    reading: int | None = None


@dataclass(frozen=True)
class CandidateTried(Event):
    """C6 on one candidate.  ``transposition`` is the 0-based index of S2's
    order in D1 order (0 = S2 untouched); ``exchange`` the D2 cell, if any.
    ``rejection`` is the criterion the text checks first that the candidate
    breaks; ``also`` every other criterion it breaks, in the text's order
    (B1a, B1b, B2a, B2b, B4, B5, B6, pair by pair in S1 order, then the
    players left over), so that any of them is a true answer.  ``waived``:
    an accepted candidate's B5/B6 breaches that only C9's or C10's drop
    allows (told « B6 abandonné par C9 »)."""

    bracket: BracketView
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    transposition: int
    exchange: str | None = None
    accepted: bool = False
    rejection: Rejection | None = None
    leftover: tuple[PlayerId, ...] = ()
    also: tuple[Rejection, ...] = ()
    reading: int | None = None   # README reading applied instead of the text's own path
    waived: tuple[Rejection, ...] = ()   # accepted: B5/B6 it breaks, dropped by C9/C10


@dataclass(frozen=True)
class CandidatesSkipped(Event):
    """Transpositions ``first``..``last`` (0-based, inclusive) of S2 cannot give
    an acceptable pairing (rule ``C7``), or exchanges ``first``..``last`` (D2
    numbers, rule ``D2``), or no exchange at all can (rule ``C8``).

    ``reasons`` are every reason met, each with how many of the range it
    refuses (``counts``, same order; they add up to ``count``; a reason with
    detail ``"others"`` stands for the further ones of its criterion);
    ``refusals`` say, pair by pair, what was refused for the S1 players of
    the candidate accepted next (for ``why``)."""

    bracket: BracketView
    first: int
    last: int
    count: int
    reasons: tuple[Rejection, ...] = ()
    exchange: str | None = None
    counts: tuple[int, ...] = ()
    refusals: tuple[Refusal, ...] = ()


@dataclass(frozen=True)
class ExchangeApplied(Event):
    """An exchange between S1 and S2 (D2, cell ``cell`` of the seed's table)."""
    bracket: BracketView
    cell: str | None
    from_s1: tuple[PlayerId, ...]
    from_s2: tuple[PlayerId, ...]
    number: int = 0           # 1-based position in the D2 order
    feasible: bool = True     # False: skipped, no transposition can work
    reason: Rejection | None = None   # why not, when not feasible
    # When not feasible, what the literal procedure would have refused the
    # split's candidates for (issue 29): the criterion it checks first of
    # each candidate, one witness each, and how many transpositions each
    # refuses (``split_counts``, empty when not counted).
    split_reasons: tuple[Rejection, ...] = ()
    split_counts: tuple[int, ...] = ()


@dataclass(frozen=True)
class CriterionDropped(Event):
    """A criterion (B5 or B6) relaxed for ``floaters`` floaters (C9, C10)."""
    bracket: BracketView
    criterion: str            # "B6" or "B5"
    floaters: str             # "down" or "up"
    reading: int | None = None   # 5: C9 in a remainder; 16: C10 in a bracket of several scores
    # Dropped again: the step whose restart brought the criterion back (the
    # one it restarts at: "C7" a new remainder group after C10's other
    # opponent, "C4" C9's, "C2" C10's, "C3" C11's, "C14" C14's; reading 1).
    restored: str | None = None


@dataclass(frozen=True)
class RemainderUnpaired(Event):
    """C10 (first sentence): the remainder group (``remainder``, its players
    in A2 order) left by a pairing of the moved-down players of ``bracket``
    (``pairs``) could not be paired at any of its levels; the pairing of the
    lowest moved-down player (``undone``: him, his opponent) is undone and
    another opponent is looked for, back at C7.  ``bracket`` is the
    heterogeneous bracket at the moved-down players' level (S1, S2, x, p)."""

    bracket: BracketView
    remainder: tuple[PlayerId, ...]
    undone: tuple[PlayerId, PlayerId]
    pairs: tuple[tuple[PlayerId, PlayerId], ...] = ()


@dataclass(frozen=True)
class XIncreased(Event):
    """C11: x raised by one.  ``remainder_only``: a heterogeneous bracket's x
    is already p for its moved-down players; only its remainder group's x
    rises (README, "How we read the 1998 text", 3)."""

    bracket: BracketView
    remainder_only: bool = False
    reading: int | None = None   # 3: raised inside a remainder group, its pairs kept


@dataclass(frozen=True)
class PDecreased(Event):
    """C14: p lowered by one (``bracket.p``), and x with it "if the original
    value of x was positive" (``x_first``, A8's value): ``x_from`` is x
    before the step, ``bracket.x`` after it (None: x is not at stake, the
    whole bracket moves down).  In a heterogeneous bracket the step puts
    fewer moved-down players in S1, x and the dropped criteria kept as
    for a homogeneous one ("restart at C4").  ``reading`` 25: in the lowest
    bracket, where the text puts C12 and C13 before C14."""

    bracket: BracketView
    x_from: int | None = None
    x_first: int | None = None
    reading: int | None = None   # 25: in the lowest bracket, C14 before C12/C13


@dataclass(frozen=True)
class BracketUndone(Event):
    """C12/C13: ``bracket`` (above) is paired again because ``because_of``
    (the bracket below it, as it was opened) cannot be paired.  ``step``:

    * ``"undone"``: its pairing is undone, another one is looked for;
    * ``"kept"``: the new pairing lets the brackets below be paired
      (``accepted``);
    * ``"restored"``: C12 found no other pairing giving ``because_of`` its p
      pairs: the earlier pairing stays, ``because_of`` goes on (C14);
    * ``"exhausted"``: C13: no other pairing of ``bracket`` (down to p = 0)
      lets the brackets below be paired: the bracket above it is undone;
    * ``"proved"``: C13 at once: the players of ``bracket`` and of every
      bracket below cannot all be paired at all (B1/B2, the bye), so no
      pairing of it can help; for the lowest bracket itself (``bracket``
      and ``because_of`` both the lowest, more than 12 players): no pairing
      of it exists, its C6-C14 are not tried;
    * ``"capped"``: C13 re-pairing the penultimate bracket: no pairing of it
      with more than ``bracket.p`` pairs can let the lowest bracket be
      paired (B1/B2, the bye); those are not tried;
    * ``"capped_below"``: the same for a bracket higher up, C13 having
      climbed past the penultimate one: no pairing of it with more than
      ``bracket.p`` pairs can let all the brackets below be paired."""

    bracket: BracketView          # the bracket paired again
    because_of: BracketView       # the bracket that could not be paired
    accepted: bool = False        # the new pairing was kept
    step: str = ""


@dataclass(frozen=True)
class PairingsTried(Event):
    """C12/C13: ``count`` other pairings of ``bracket`` were tried, one after
    another, and given up: none lets ``because_of`` (and the brackets below
    it) be paired.  ``moved_down``: whom the first of them moved down;
    ``reasons``: what stopped the brackets below, each with in how many of
    the pairings tried it did (``counts``); ``steps``: the events of the
    procedure this one stands for (soft-avoid's choices not counted).
    C10 (a heterogeneous bracket's moved-down players): ``moved_down`` are
    the remainder groups left, ``reasons`` those met inside them, and
    ``refused`` the criteria that refused the moved-down players' own
    candidates on the way (C6, C7).  C12 looks ahead: a pairing is kept
    only if the whole round below can then be paired; ``beyond`` counts the
    pairings that let ``because_of`` make its p pairings but left a bracket
    below it unpaired (``beyond_bracket``, the first that failed)."""

    bracket: BracketView
    because_of: BracketView
    count: int
    moved_down: tuple[tuple[PlayerId, ...], ...] = ()
    reasons: tuple[Rejection, ...] = ()
    counts: tuple[int, ...] = ()
    steps: int = 0
    refused: tuple[Rejection, ...] = ()
    # C12: of the ``count`` pairings, ``beyond`` let ``because_of`` make its p
    # pairings, and the round below it then failed (at ``beyond_bracket``).
    beyond: int | None = None
    beyond_bracket: BracketView | None = None


@dataclass(frozen=True)
class BracketsMerged(Event):
    """C13: p of the penultimate bracket (``penultimate``) fell to 0: its
    players join the lowest bracket, which is now ``bracket``."""

    bracket: BracketView          # the new lowest bracket
    penultimate: BracketView | None = None


@dataclass(frozen=True)
class LastResort(Event):
    """Nothing paired the round (C12-C14 and C13's joins): it is searched
    again from the top, the lowest bracket (``bracket``) now allowed p = 0
    when a single player was moved down into it, that player taking the
    bye (README, "How we read the 1998 text", 20)."""

    bracket: BracketView


@dataclass(frozen=True)
class BracketPaired(Event):
    """The bracket's pairs, and who moves down to the next bracket."""
    bracket: BracketView
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    moved_down: tuple[PlayerId, ...] = ()
    transposition: int = 0
    exchange: str | None = None


@dataclass(frozen=True)
class ByeAssigned(Event):
    """``player`` gets the pairing-allocated bye."""
    player: PlayerId
    view: PlayerView | None = None


@dataclass(frozen=True)
class ColourAllocated(Event):
    """``last_round``: players of the pair whose colour B2 would forbid but
    for the last-round note (over 50 % in the last round)."""

    white: PlayerId
    black: PlayerId
    higher: PlayerId              # the higher ranked player (A2)
    white_view: PlayerView | None = None
    black_view: PlayerView | None = None
    last_round: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class BoardsOrdered(Event):
    """The boards in the order they are numbered."""
    boards: tuple[Board, ...]


@dataclass(frozen=True)
class RoundPaired(Event):
    """The round paired: the last event of every trace (``pair --json``'s boards and byes)."""
    round: RoundNumber
    # The round's system, written by trace --jsonl here, after ``round``.
    system: str = dataclasses.field(kw_only=True)
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
for _cls in (RoundStarted, BracketOpened, PlayerStuck, PlayerMovedDown, BracketSplit,
             CandidateTried, CandidatesSkipped, ExchangeApplied, CriterionDropped,
             RemainderUnpaired, XIncreased, PDecreased, BracketUndone, PairingsTried,
             BracketsMerged, LastResort, BracketPaired, ByeAssigned, ColourAllocated, BoardsOrdered, RoundPaired):
    _cls.kind = _snake(_cls.__name__)
    EVENT_KINDS[_cls.kind] = _cls


#: Fields added to shared events for the 1998 story (issue 29): written only
#: when they hold something, so the lines of the engines that never fill them
#: (dutch-2026, dutch-2017, the team systems) stay byte for byte as they were.
#: Only the fields of this module's events: another system's event with a
#: field of the same name (``team-2026``'s ``PabCandidatesRanked.refused``)
#: writes it always, as it did (:func:`_when_set`).
_WRITTEN_WHEN_SET = frozenset({"also", "reading", "x_from", "x_first", "lowered", "split_reasons",
                               "split_counts", "refused", "waived",
                               "restored", "beyond", "beyond_bracket"})


_WRITTEN: dict[type, tuple[str, ...]] = {}
_WHEN_SET: dict[type, frozenset[str]] = {}


def _when_set(cls: type) -> frozenset[str]:
    """The fields of ``cls`` written only when set: those of
    :data:`_WRITTEN_WHEN_SET` that an event class of this module declares."""
    names = _WHEN_SET.get(cls)
    if names is None:
        names = _WHEN_SET[cls] = frozenset(
            name for klass in cls.__mro__ if klass.__module__ == __name__
            for name in vars(klass).get("__annotations__", {}) if name in _WRITTEN_WHEN_SET)
    return names


def _written(cls: type) -> tuple[str, ...]:
    """The fields ``trace --jsonl`` writes for a dataclass, in its order.

    The order the classes declare them, base first (a field declared again
    keeps its first place, as ``dataclasses.fields`` orders them); but
    :attr:`Event.system` is not written, and ``RoundStarted``'s and
    ``RoundPaired``'s own ``system`` is written where they declare it, after
    ``round``, as before the base had one (``dataclasses.fields`` puts a
    field declared again where the base declared it)."""
    names = _WRITTEN.get(cls)
    if names is None:
        fields = {f.name for f in dataclasses.fields(cls)}
        order: list[str] = []
        for klass in reversed(cls.__mro__):
            if "__dataclass_fields__" not in vars(klass):
                continue
            for name in vars(klass).get("__annotations__", {}):
                if name in fields and name not in order and not (klass is Event
                                                                  and name == "system"):
                    order.append(name)
        names = _WRITTEN[cls] = tuple(order)
    return names


def _plain(value: Any) -> Any:
    if isinstance(value, PlayerView):
        # Language-neutral (the module docstring): TRF's letters, not the course's.
        return {"id": value.id, "name": value.name, "rating": value.rating,
                "score": float(value.score), "colours": value.history,
                "preference": (value.preference_colour or "-") + "!" * value.preference.count("!"),
                "preference_colour": value.preference_colour,
                "preference_strength": value.preference_strength,
                "colour_difference": value.colour_difference, "floats": value.floats,
                # Only in an accelerated round: every other line stays as it was.
                **({"virtual": float(value.virtual)} if value.virtual else {})}
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        when_set = _when_set(type(value))
        return {name: _plain(getattr(value, name)) for name in _written(type(value))
                if not (name in when_set and getattr(value, name) in ((), None))}
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


