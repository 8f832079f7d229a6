"""One score bracket: A3, C1-C11, C14 (C12 and C13 are the driver's).

:func:`bracket` is the bracket's *stream*: it yields the trace's events and,
in the order the procedure meets them, every acceptable pairing of the
bracket (:class:`~swisslearn.dutch1998.outcome.Outcome`), or asks the
driver to undo the bracket above (:class:`~swisslearn.dutch1998.outcome.Need`).

* A3: the bracket opens; it is heterogeneous when players were moved down
  into it, unless they are at least half of it ("treated as homogeneous").
* C1: a player who can meet nobody in the bracket (B1/B2, or nobody else is
  there) sends the procedure to C12 if he came from above (the bracket is
  treated as heterogeneous: README, reading 6), to C13 in the lowest
  bracket (unless he can be the one player left over, the bye), and
  otherwise floats on.
* C2-C5 then the ladder (``ladder.py``): each level is tried by one loop,
  :func:`_climb`, for the three kinds of groups the text pairs: a
  homogeneous bracket (C6-C8: transpositions and exchanges), the moved-down
  players of a heterogeneous bracket (C6-C7 against the residents; C10;
  C11; C14 leaves the lowest of them to float on), and the remainder group
  of a heterogeneous bracket (homogeneous again: C6 "start at C2 with the
  remainder"; C9; C11 with the moved-down players'; its own C14 when it
  cannot be paired whole).

C12 and C13 open a bracket again and again with other players moved into
it; its moved-down players' candidates then leave the same remainder groups
(3,563/8 of the stress corpus: 180,000 remainder groups, 2,000 different).
A remainder group that gave no pairing is not searched again in the round:
its steps are told again from the round's memory
(:meth:`~swisslearn.dutch1998.state.RoundState.remember_remainder`), keyed
by all they depend on (``_Heterogeneous._remainder_key``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Union

import numpy as np

from swisslearn.dutch1998 import softavoid
from swisslearn.dutch1998.candidates import (MOVED_DOWN_LISTED, Candidate, Group,
                                             level_candidates, literal_events, once,
                                             reasons_in, summarise, walk)
from swisslearn.dutch1998.colours import a8_x, x_value
from swisslearn.dutch1998.criteria import STRICT, Relaxation, float_rejections
from swisslearn.dutch1998.feasibility import Banned, PairCap
from swisslearn.dutch1998.ladder import C9, C10, Drop, Level, announce, ladder
from swisslearn.dutch1998.outcome import GroupLevel, Item, Need, Outcome, Stream
from swisslearn.dutch1998.rules import RULES
from swisslearn.dutch1998.search import BracketSearch, Found, SharedCells, again_rule
from swisslearn.dutch1998.state import (RoundState, Table, pair_float_rejection,
                                        pair_float_rejections)
from swisslearn.model import Float, PlayerId, PlayerState
from swisslearn.trace import (BracketOpened, BracketPaired, BracketSplit, BracketView,
                              CandidateTried, CriterionDropped, Event, PairingsTried,
                              PDecreased, PlayerMovedDown,
                              PlayerStuck, Rejection, RemainderUnpaired)

__all__ = ["bracket", "opening_view"]

# The labels this module writes (its events, rejections and requests to the
# driver), from the table: ``_C9``, ``_C10`` are labels; ladder.py's ``C9``,
# ``C10`` the steps of those rules.
_A3, _A5, _A6, _C1, _C2, _C3, _C4, _C6, _C7 = (
    RULES.label(label) for label in ("A3", "A5", "A6", "C1", "C2", "C3", "C4", "C6", "C7"))
_C9, _C10, _C11, _C12, _C13, _C14 = (
    RULES.label(label) for label in ("C9", "C10", "C11", "C12", "C13", "C14"))

_ALL_DROPPED = Relaxation(False, False, False, False)


def _ids(players: tuple[PlayerState, ...] | list[PlayerState]) -> tuple[PlayerId, ...]:
    return tuple(p.id for p in players)


def opening_view(context: RoundState, index: int, residents: tuple[PlayerState, ...],
                 moved: tuple[PlayerState, ...], lowest: bool) -> BracketView:
    """The bracket as A3 opens it: residents and the players moved into it."""
    moved = context.sort(moved)  # A6: S1 in A2 order, whatever order they came down in
    players = context.sort(list(residents) + list(moved))
    score = residents[0].score if residents else (moved[-1].score if moved else Decimal(0))
    return BracketView(index=index, score=score,
                       players=tuple(context.view(p) for p in players),
                       moved_down=_ids(moved), homogeneous=not moved or 2 * len(moved) >= len(players),
                       lowest=lowest)


def bracket(context: RoundState, index: int, residents: tuple[PlayerState, ...],
            moved: tuple[PlayerState, ...], lowest: bool, banned: Banned = (), *,
            avoid: bool = True, capped: bool = False) -> Stream:
    """The stream of one bracket; with soft-avoid pairs (and ``avoid``: a
    C12 probe only asks whether an outcome exists), each outcome is replaced
    by the equivalent one with the fewest same-group pairs.  ``capped``: the
    round driver's own stream, which C13 may cap (feasibility.PairCap); a
    probe's is never capped."""
    stream = _bracket(context, index, residents, moved, lowest, banned, capped)
    if avoid and context.avoid:
        return softavoid.avoiding(context, stream)
    return stream


def _reasons(context: RoundState, player: PlayerState,
             players: tuple[PlayerState, ...]) -> tuple[Rejection, ...]:
    """Why ``player`` can meet nobody in the bracket: one reason a possible
    opponent, or A6 when nobody else is in it."""
    if len(players) == 1:
        return (Rejection(_A6, (player.id,), "alone"),)
    return tuple(r for q in players if q is not player
                 if (r := context.pair_check(player, q)) is not None)


def _bracket(context: RoundState, index: int, residents: tuple[PlayerState, ...],
             moved: tuple[PlayerState, ...], lowest: bool, banned: Banned,
             capped: bool = False) -> Stream:
    """A3 and C1, then the bracket as homogeneous or heterogeneous."""
    # C13's cap is the driver's, for the players moved in (before C1 here).
    cap = PairCap(context, index, moved) if capped else None
    moved = context.sort(moved)
    players = context.sort(list(residents) + list(moved))
    view = opening_view(context, index, residents, moved, lowest)
    yield BracketOpened(rule=_A3, bracket=view)
    stuck = [p for p in players
             if all(context.pair_check(p, q) is not None for q in players if q is not p)]
    floating: tuple[PlayerState, ...] = ()
    if stuck and lowest:
        if not (yield from _c1_lowest(context, view, players, stuck)):
            return
    elif stuck:
        if (yield from _c1_c12(context, view, players, moved, stuck)):
            return
        floating = tuple(stuck)
        yield from _c1_float_on(context, view, players, moved, floating)
        players = tuple(p for p in players if p not in floating)
        moved = tuple(p for p in moved if p not in floating)
        opened = view
        view = view.with_(players=tuple(context.view(p) for p in players),
                          moved_down=_ids(moved),
                          homogeneous=not moved or 2 * len(moved) >= len(players))
        if view.moved_down and view.homogeneous != opened.homogeneous:
            # A3 judged on the players the bracket pairs (reading 22), said
            # (not when no moved-down player is left: plainly homogeneous).
            yield BracketOpened(rule=_A3, bracket=view, reading=22)
    if view.homogeneous:
        yield from _homogeneous(context, view, players, lowest, floating, banned=banned,
                                cap=cap)
    else:
        yield from _heterogeneous(context, view, players, moved, lowest, floating, banned,
                                  cap)


#: A step of the stream that ends with a value (a C1 step: whether the
#: bracket may go on).
_C1Step = Generator[Item, Union[bool, None], bool]


def _c1_lowest(context: RoundState, view: BracketView, players: tuple[PlayerState, ...],
               stuck: list[PlayerState]) -> _C1Step:
    """C1 in the lowest bracket: C13, unless the one player who can meet
    nobody may be the one left over (the bye, A5: B1b).  True: the bracket
    goes on (he is the bye); False: C13 was asked for."""
    bye_left = (len(stuck) == 1 and len(players) % 2 == 1
                and context.bye_check(stuck[0]) is None)
    for player in stuck:
        yield PlayerStuck(rule=_C1, bracket=view, player=player.id,
                          reasons=_reasons(context, player, players),
                          then="bye" if bye_left else _C13)
    if not bye_left:
        yield Need(_C13, view)
    return bye_left


def _c1_c12(context: RoundState, view: BracketView, players: tuple[PlayerState, ...],
            moved: tuple[PlayerState, ...], stuck: list[PlayerState]) -> _C1Step:
    """C1 for players moved down who can meet nobody in a heterogeneous
    bracket: one C12 request for all of them.  True: the bracket above moved
    other players down (this stream ends); False: it kept its pairing, or no
    request was needed (they float on)."""
    if view.homogeneous or not any(player in moved for player in stuck):
        return False
    for player in stuck:
        if player in moved:
            yield PlayerStuck(rule=_C1, bracket=view, player=player.id,
                              reasons=_reasons(context, player, players), then=_C12)
    answer = yield Need(_C12, view)
    return bool(answer)


def _c1_float_on(context: RoundState, view: BracketView, players: tuple[PlayerState, ...],
                 moved: tuple[PlayerState, ...], floating: tuple[PlayerState, ...]
                 ) -> Iterator[Event]:
    """C1: each player who can meet nobody floats to the next bracket.  C1
    sends a player from above to C12; we float him on when the bracket is
    treated as homogeneous (reading 6) or when C12 kept the bracket above
    as it was (reading 18)."""
    for player in floating:
        reasons = _reasons(context, player, players)
        reading = None if player not in moved else 6 if view.homogeneous else 18
        yield PlayerMovedDown(rule=_C1, bracket=view, player=player.id,
                              reason=reasons[0] if reasons else None, reasons=reasons,
                              reading=reading)


def _again(view: BracketView, outcome: Outcome, banned: Banned) -> CandidateTried:
    """A level gave again a pairing the bracket already gave (the same pairs,
    the same players moved down): passed over, it was tried below already.
    The rule refusing it is the driver's: C12 (another player must move
    down) or C13 (another pairing), not C6, whose criteria it meets."""
    down = _ids(outcome.moved_down)
    rule = again_rule(banned)
    return CandidateTried(rule=rule, bracket=view,
                          pairs=tuple((a.id, b.id) for a, b in outcome.pairs),
                          transposition=outcome.transposition, accepted=False,
                          rejection=Rejection(rule, down, "same_pairing"), leftover=down)


# ---------------------------------------------------------------------------
# The one loop over the levels


LevelTry = Callable[[Level, BracketView], Stream]


def _climb(levels: list[Level], view_of: Callable[[Level], BracketView],
           counts: tuple[int, int, int], tried: LevelTry, cap: PairCap | None = None,
           after_remainder: Callable[[], bool] = lambda: False) -> Stream:
    """Each level of the ladder in turn: the step that brought it (C9, C10,
    C11, C14), C4 (S1, S2, x and p), then the level's candidates
    (``tried``), until the ladder ends.  ``counts``: A8's w, b, q.  A level
    of more pairs than C13's ``cap`` allows is skipped (feasibility.py).
    ``after_remainder``: whether a remainder group has been tried already
    (the text's C10 then, not reading 1)."""
    for level in levels:
        current = view_of(level)
        if cap is not None and cap.over(level.p):
            yield from cap.told(current)
            continue
        yield from announce(level, current, after_remainder=after_remainder())
        yield _split(current, counts, level)
        yield from tried(level, current)


def _split(current: BracketView, counts: tuple[int, int, int], level: Level | None = None
           ) -> BracketSplit:
    """C4's event, with what moved x from A8's value: C11's raise ("as long
    as x < p, increase x by 1"), then C14's step, if any ("decrease p by 1;
    if the original value of x was positive, decrease x too").  C14 and C10
    restart at C4 and C7, C11 at C3: none computes x again (C2).  Without
    ``level``: the moved-down players at every relaxation, x raised to p."""
    w, b, q = counts
    a8 = a8_x(w, b, q)
    if level is not None and level.shown_x is not None:
        # C14: x as C11 left it (level.x), then C14's own step.
        return BracketSplit(rule=_C4, bracket=current, w=w, b=b, q=q,
                            raised=max(0, level.x - min(a8, level.x)),
                            lowered=level.x - level.shown_x)
    return BracketSplit(rule=_C4, bracket=current, w=w, b=b, q=q,
                        raised=max(0, current.x - min(a8, current.p)))


def _homogeneous(context: RoundState, view: BracketView, players: tuple[PlayerState, ...],
                 lowest: bool, floating: tuple[PlayerState, ...], *, remainder: bool = False,
                 start: Relaxation = STRICT, drops: tuple[Drop, ...] | None = None,
                 extra: int = 0, lower_p: bool | None = None, banned: Banned = (),
                 table: Table | None = None, cap: PairCap | None = None,
                 own_c11: bool = True) -> Stream:
    """C2-C9, C11, C13/C14 for a homogeneous bracket (or a remainder group).

    ``floating`` players are moved down whatever the group does (C1, or the
    moved-down players a heterogeneous bracket could not pair, C14); in the
    lowest bracket they are the bye.  ``banned``: the sets of players moved
    down that already failed below (C13, see ``search.py``).  A group of
    several scores (a bracket treated as homogeneous although players were
    moved into it, A3) pairs with floats: C6 checks B5/B6 for them too, and
    after C9 C10 drops B6 then B5 for the upfloaters (reading 16).

    ``own_c11``: False for the remainder group of a heterogeneous bracket's
    candidate, which stops after C9: the text's C10 ("undo the pairing of
    the lowest downfloater and try to find a different opponent, restarting
    at C7") comes before C11, and C11 "when pairing a remainder group, undo
    all the pairings, downfloaters included; restart at C3": x rises for the
    whole bracket, on the moved-down players' ladder (``_Heterogeneous``)."""
    n = len(players)
    x0, w, b, q = x_value(players)
    p0 = n // 2
    mixed = len({pl.score for pl in players}) > 1
    if drops is None:
        drops = C9 + (C10 if mixed else ())
    levels = ladder(x0, p0, start=start, drops=drops, extra=extra,
                    raises=max(0, p0 - x0 - extra) if own_c11 else 0,
                    lower_p=not lowest if lower_p is None
                    else lower_p)
    if p0 == 0 and (lowest and any(context.bye_check(pl) is not None
                                   for pl in floating + players)
                    or not lowest and not remainder):
        # Nobody to pair: in the lowest bracket the player takes the bye,
        # which no relaxation can give him if B1b refuses it.  A remainder
        # group of one player (C6: "start at C2 with the remainder") floats
        # him down: B5/B6 for that float as C6 reads them, C9 dropping them.
        levels = levels[:1]
    view = view.with_(remainder=remainder)
    group = _GroupTry(context, players, lowest, floating, banned, mixed=mixed,
                      table=table if table is not None else context.table(players), cap=cap)

    def view_of(level: Level) -> BracketView:
        return view.with_(x=level.text_x, p=level.p, dropped=level.relaxation.dropped,
                          s1=_ids(players[:level.p]), s2=_ids(players[level.p:]))

    if lowest and len(floating) + n - 2 * p0 > 1:
        # The lowest bracket ends the round: at most one player may stay
        # unpaired (the bye, A5); here more would, whatever the level.
        current = view_of(levels[0])
        yield _split(current, (w, b, q), levels[0])
        left = _ids(floating) + _ids(players[2 * p0:])
        yield CandidateTried(rule=_C6, bracket=current, pairs=(), transposition=0,
                             accepted=False, rejection=Rejection(_A5, left, "one_bye"),
                             leftover=left)
    elif p0 == 0:
        # Nobody to pair: the first level that lets the players float gives
        # the group's one outcome; the later levels only relax and would give
        # it again.
        for item in _climb(levels, view_of, (w, b, q), group.try_level, cap):
            yield item
            if isinstance(item, Outcome):
                break
    else:
        yield from _climb(levels, view_of, (w, b, q), group.try_level, cap)
    if lowest:
        answer = yield Need(_C13, view)
        if answer:
            return


@dataclass
class _Group:
    """What a bracket's levels are tried on: its players (A2 order), whether
    it is the lowest bracket, the players floating anyway (C1, C14), the
    sets of players moved down already tried below (``banned``)."""

    context: RoundState
    players: tuple[PlayerState, ...]
    lowest: bool
    floating: tuple[PlayerState, ...]
    banned: Banned
    seen: set[object] = field(init=False, default_factory=set)   # the outcomes given


@dataclass(kw_only=True)
class _GroupTry(_Group):
    """C6-C8 (and C14's p = 0) at one level of a homogeneous group."""

    mixed: bool
    table: Table
    cap: PairCap | None = None

    @property
    def fixed(self) -> frozenset[PlayerId]:
        return frozenset(_ids(self.floating))

    def try_level(self, level: Level, current: BracketView) -> Stream:
        context, players, floating = self.context, self.players, self.floating
        relaxation, p = level.relaxation, level.p
        leftover = context.leftover_check(self.lowest, relaxation)
        if p == 0 and not self.lowest and level.rule != _C14:
            # The remainder's lone player floats down (C6 as read: B5/B6 for
            # the float, until C9 drops them).
            floating_down = [pl for pl in players
                             if context.float_check(pl, Float.DOWN, relaxation) is not None]
            if floating_down:
                left = _ids(floating) + _ids(players)
                every = tuple(r for pl in floating_down
                              for r in float_rejections(pl, Float.DOWN, relaxation))
                yield CandidateTried(rule=_C6, bracket=current, pairs=(), transposition=0,
                                     accepted=False, rejection=every[0], leftover=left,
                                     also=every[1:])
                return
        if self.lowest:
            # The bye (A5) must be allowed: B1b, and B5/B6 as long as they
            # are in force (a bye is a downfloat).
            refused = [r for r in map(leftover, floating) if r is not None]
            if p == 0:
                refused += [r for r in map(leftover, players) if r is not None]
            if refused:
                left = _ids(floating) + (_ids(players) if p == 0 else ())
                yield CandidateTried(rule=_C6, bracket=current, pairs=(), transposition=0,
                                     accepted=False, rejection=refused[0], leftover=left)
                return
        if p == 0:
            outcome = Outcome((), tuple(floating) + tuple(players), current)
            if outcome.key() in self.seen:
                yield _again(current, outcome, self.banned)
            else:
                self.seen.add(outcome.key())
                # C14 only when it brought p to 0; a group of one player has
                # p = 0 from C3 on (A6), and C6 lets him float.
                yield BracketPaired(rule=_C14 if level.rule == _C14 else _C6,
                                    bracket=current, pairs=(),
                                    moved_down=_ids(outcome.moved_down))
                yield outcome
            return
        table = self.table.with_floats(context, relaxation) if self.mixed else self.table
        may_stay = np.array([leftover(pl) is None for pl in players], dtype=bool)
        group = Group(players, table, may_stay, self.fixed, self.banned)
        mixed = self.mixed

        def check(a: PlayerState, b: PlayerState) -> Rejection | None:
            return (context.pair_check(a, b)
                    or (pair_float_rejection(context, a, b, relaxation) if mixed else None))

        def every_reason(a: PlayerState, b: PlayerState) -> tuple[Rejection, ...]:
            return context.pair_reasons(a, b) + (pair_float_rejections(a, b, relaxation)
                                                 if mixed else ())

        left_reasons = context.leftover_reasons(self.lowest, relaxation)
        shared = SharedCells()   # the same pairs and players left over from split to split

        def make_search(rows: list[int], columns: list[int]) -> BracketSearch:
            grid = np.ix_(rows, columns)
            return BracketSearch(tuple(players[i] for i in rows),
                                 tuple(players[j] for j in columns), level.x, check,
                                 context.conflict, leftover, allowed=table.allowed[grid],
                                 cost=table.cost[grid], may_stay=may_stay[columns],
                                 banned=self.banned, fixed_down=self.fixed,
                                 pair_reasons=every_reason, leftover_reasons=left_reasons,
                                 shared=shared)

        for item in level_candidates(context, group, current, level.x, p, make_search):
            if isinstance(item, Candidate) and self.cap is not None and self.cap.over(p):
                yield from self.cap.told(current)
                return
            if isinstance(item, Candidate):
                yield from self._outcome(item, GroupLevel(current, players, table, level.x, p,
                                                          item.pairs))
            else:
                yield item

    def _outcome(self, candidate: Candidate, how: GroupLevel) -> Stream:
        pairs = candidate.pairs
        down = tuple(self.floating) + candidate.left
        found = candidate.found
        outcome = Outcome(pairs, down, candidate.view, found.rank, candidate.cell, how)
        if outcome.key() in self.seen:
            return
        self.seen.add(outcome.key())
        yield BracketPaired(rule=_C6, bracket=candidate.view,
                            pairs=tuple((a.id, b.id) for a, b in pairs), moved_down=_ids(down),
                            transposition=found.rank, exchange=candidate.cell)
        yield outcome


# ---------------------------------------------------------------------------
# A heterogeneous bracket: the moved-down players, then the remainder group


@dataclass(kw_only=True)
class _Heterogeneous(_Group):
    """C2-C14 for a heterogeneous bracket: its moved-down players (S1) first,
    then the remainder as a homogeneous group (C6, C10)."""

    view: BracketView
    moved: tuple[PlayerState, ...]
    cap: PairCap | None = None

    def __post_init__(self) -> None:
        # The bracket's own players; ``residents`` is S2, which C14 widens
        # with the moved-down players it takes out of S1 (:meth:`stream`).
        self.natives = tuple(p for p in self.players if p not in self.moved)
        self.residents = self.natives
        self.x0, self.w, self.b, self.q = x_value(self.players)
        self.table = self.context.table(self.players)
        self.everyone = np.ones(len(self.residents), dtype=bool)
        self.raises = max(len(self.moved) - self.x0, 0) + len(self.residents) // 2
        self.relaxed = STRICT
        self.paired_any = False
        self.last = Level(None, STRICT, 0, 0, 0)   # the last ladder's last level (C14)
        # The level at which the remainder groups last dropped each criterion
        # (C9, reading 5): dropped again later, a restart had restored it.
        self.remainder_drops: dict[tuple[str, str], tuple[object, ...]] = {}

    def levels(self, p: int) -> list[Level]:
        """The moved-down players' ladder with p of them in S1: C6, C9 (B6,
        then B5 for downfloaters) when one of them breaks B5 or B6 by
        floating down again, C10 (B6, then B5 for upfloaters), C11 (x raised
        with the remainder group's).

        A moved-down player meets only lower scores here: whoever his
        opponent, he floats down (A4; the seed's chart counts as a downfloater
        any player "issu d'un groupe homogène, résiduel ou pas"), so B5/B6
        refuse every candidate until C9 drops them.  When none of them breaks
        either, C9 would change none of their candidates, and the remainder
        group does its own C9 for the players it leaves (reading 5): the step
        is not told for them.  With fewer of them in S1 (C14), the ladder
        goes on from where the last one ended (:meth:`lowered`)."""
        if p < len(self.moved):
            return self.lowered(p)
        down = any(float_rejections(a, Float.DOWN, STRICT) for a in self.moved)
        return ladder(self.x0, p, drops=(C9 if down else ()) + C10, raises=self.raises)

    def lowered(self, p: int) -> list[Level]:
        """C14 for the moved-down players: « Diminuer p de 1 (si la valeur
        première de x était positive, retirer 1 à x aussi). … recommencer en
        C4 »: x is not computed again (C2) but is the one C11 left, less 1
        when A8's was positive, and what C9/C10 dropped stays dropped
        (reading 1).  x >= p, so C11 raises only the remainder group's x
        (its own A8's at each C2), as on the first ladder once x = p."""
        last = self.last
        shown = last.text_x - 1 if self.x0 > 0 else last.text_x
        levels = [Level(_C14, last.relaxation, 0, last.x, p, shown_x=shown,
                        x_from=last.text_x, x_first=self.x0)]
        levels += [Level(_C11, last.relaxation, step, last.x, p, shown_x=shown,
                         remainder_only=True)
                   for step in range(1, len(self.residents) // 2 + 1)]
        return levels

    def search(self, s1: tuple[PlayerState, ...], x: int, relaxation: Relaxation
               ) -> BracketSearch:
        context = self.context

        # A4: the higher score floats down, the lower up (B5/B6 for both,
        # while in force; the higher score's first).  A resident always
        # floats up against a moved-down player; a moved-down player C14
        # put in S2 floats only against a higher score.
        def check(a: PlayerState, r: PlayerState) -> Rejection | None:
            return context.pair_check(a, r) or pair_float_rejection(context, a, r, relaxation)

        def every_reason(a: PlayerState, r: PlayerState) -> tuple[Rejection, ...]:
            return context.pair_reasons(a, r) + pair_float_rejections(a, r, relaxation)

        allowed, cost = self.table.block(s1, self.residents)
        floats_ok = np.array([[pair_float_rejection(context, a, r, relaxation) is None
                               for r in self.residents] for a in s1], dtype=bool)
        return BracketSearch(s1, self.residents, x, check, context.conflict, lambda r: None,
                             allowed=allowed & floats_ok.reshape(allowed.shape), cost=cost,
                             may_stay=self.everyone,
                             pair_reasons=every_reason, leftover_reasons=lambda r: ())

    def stream(self) -> Stream:
        view, moved = self.view, self.moved
        m = len(moved)
        for p in range(m, 0, -1):
            # C4: « Placer les p joueurs les plus forts en S1, et tous les
            # autres joueurs en S2 »: after C14, the moved-down players left
            # out of S1 head S2 (A2), to be paired with S1 or left to the
            # remainder group (C6).
            s1, carried = moved[:p], ()
            self.residents = moved[p:] + self.natives
            self.everyone = np.ones(len(self.residents), dtype=bool)
            self.paired_any = False
            levels = self.levels(p)
            self.relaxed = levels[-1].relaxation
            self.last = levels[-1]

            def view_of(level: Level, s1: tuple[PlayerState, ...] = s1) -> BracketView:
                return view.with_(x=level.text_x, p=level.p, dropped=level.relaxation.dropped,
                                  s1=_ids(s1), s2=_ids(self.residents))

            def tried(level: Level, current: BracketView,
                      s1: tuple[PlayerState, ...] = s1,
                      carried: tuple[PlayerState, ...] = carried) -> Stream:
                return self.try_level(level, current, s1, carried)

            yield from _climb(levels, view_of, (self.w, self.b, self.q), tried, self.cap,
                              after_remainder=lambda: self.paired_any)
            if not self.paired_any and p == m and not self.lowest:
                answer = yield Need(_C12, view)
                if answer:
                    return
            if not self.lowest:
                yield from self.remainder_lowered(s1, carried)
        self.residents = self.natives
        self.everyone = np.ones(len(self.residents), dtype=bool)
        if self.lowest and self.context.last_resort and m == 1:
            yield from self.last_resort()
        if self.lowest:
            answer = yield Need(_C13, view)
            if answer:
                return
        else:
            # p = 0: every moved-down player and the whole bracket float on.
            outcome = Outcome((), tuple(self.floating) + tuple(self.players), view.with_(p=0))
            if outcome.key() not in self.seen:
                yield PDecreased(rule=_C14, bracket=view.with_(p=0))
                yield BracketPaired(rule=_C14, bracket=view.with_(p=0), pairs=(),
                                    moved_down=_ids(outcome.moved_down))
                yield outcome

    def try_level(self, level: Level, current: BracketView, s1: tuple[PlayerState, ...],
                  carried: tuple[PlayerState, ...]) -> Stream:
        """The moved-down players' candidates at one level; for each, the
        remainder group at its own levels (C6: "start at C2 with the
        remainder"), with C9 and the same C11 steps."""
        search = self.search(s1, level.x, level.relaxation)

        def expand(found: Found) -> Stream:
            self.paired_any = True
            return self._with_remainder(found, search, current, level, carried,
                                        start=level.relaxation,
                                        drops=_in_force(C9, level.relaxation),
                                        extra=level.extra, lower_p=False)

        yield from _remainders(self._capped(walk(self.context, search, current, None),
                                            level.p, current), expand, current, search)

    def _capped(self, items: Iterator[Event | Found], p: int, current: BracketView
                ) -> Iterator[Event | Found]:
        """The moved-down players' candidates, until C13 caps the bracket's
        pairs below ``p`` (feasibility.py)."""
        for item in items:
            if isinstance(item, Found) and self.cap is not None and self.cap.over(p):
                yield from self.cap.told(current)
                return
            yield item

    def _with_remainder(self, found: Found, search: BracketSearch, current: BracketView,
                        level: Level | None, carried: tuple[PlayerState, ...], *,
                        start: Relaxation, drops: tuple[Drop, ...], extra: int,
                        lower_p: bool, rule: str = _C6) -> Stream:
        """The remainder group left by ``found`` (the moved-down players'
        candidate), and the bracket's outcomes with it."""
        context, view = self.context, self.view
        used = set(found.positions)
        rest = tuple(r for j, r in enumerate(self.residents) if j not in used)
        lowest = self.lowest and level is not None
        fixed = tuple(self.floating) + carried
        key = self._remainder_key(rest, fixed, lowest, (start, drops, extra, lower_p))
        told = context.failed_remainders.get(key)
        if told is not None:
            # This remainder group gave no pairing before.
            yield from (self._restored(event, level) for event in told)
            return
        s1 = search.s1
        pairs = tuple((s1[i], self.residents[j]) for i, j in enumerate(found.positions))
        base = current if level is not None else view
        remainder_view = base.with_(players=tuple(context.view(pl) for pl in rest),
                                    moved_down=(), homogeneous=True, remainder=True)
        # In the lowest bracket the carried players get the bye: the remainder
        # checks them with its own leftovers (at most one).
        stream = _homogeneous(context, remainder_view, rest, lowest, fixed, remainder=True,
                              start=start, drops=drops, extra=extra, lower_p=lower_p,
                              banned=self.banned, table=context.table(rest, self.table),
                              own_c11=False)
        outer = current if level is not None else view.with_(p=len(s1))
        events: list[Event] | None = []
        for item in _until_need(stream):
            if not isinstance(item, Outcome):
                if events is not None:
                    events.append(item)
                yield self._restored(item, level)
                continue
            events = None
            down = item.moved_down
            if lowest and len(down) > 1:
                continue
            allowed, cost = search.allowed, search.cost
            how = softavoid.bracket_level(context, item, s1, self.residents, allowed, cost,
                                          search.x, pairs, self.table)
            outcome = Outcome(pairs + item.pairs, down, outer, found.rank, None, how)
            if outcome.key() in self.seen:
                yield _again(outer, outcome, self.banned)
                continue
            self.seen.add(outcome.key())
            yield BracketPaired(rule=rule, bracket=outer,
                                pairs=tuple((a.id, r.id) for a, r in outcome.pairs),
                                moved_down=_ids(down), transposition=found.rank)
            yield outcome
        if events is not None:
            context.remember_remainder(key, events, len(rest) + len(fixed))

    def _restored(self, item: Event, level: Level | None) -> Event:
        """A remainder group's C9 (reading 5) dropping a criterion an earlier
        remainder group of the bracket had dropped: said with the restart
        that brought it back (reading 1)."""
        if not (isinstance(item, CriterionDropped) and item.rule == _C9 and level is not None
                and item.bracket.remainder):
            return item
        drop = (item.criterion, item.floaters)
        here = (level.p, level.rule, level.drop, level.extra)
        before = self.remainder_drops.get(drop)
        self.remainder_drops[drop] = here
        if before is None:
            return item
        restart = (_C7 if before == here else _C14 if before[0] != here[0]
                   else {_C9: _C4, _C10: _C2, _C11: _C3}.get(level.rule or "", _C7))
        return replace(item, restored=restart)

    def _remainder_key(self, rest: tuple[PlayerState, ...], fixed: tuple[PlayerState, ...],
                       lowest: bool, levels: object) -> object:
        """What a remainder group's steps depend on: the bracket (its index
        gives the view's score and lowest), the players, those floating
        anyway, where its ladder starts, and the banned sets it can meet
        (those of its players and the floating ones), with the rule that
        refuses them."""
        ids, kept = _ids(rest), _ids(fixed)
        banned: frozenset[frozenset[PlayerId]] = frozenset()
        if self.banned:
            floating = frozenset(kept)
            within = floating.union(ids)
            banned = frozenset(frozenset(down) for down in self.banned
                               if floating <= down and down <= within)
        return (self.view.index, ids, kept, lowest, levels, banned, again_rule(self.banned))

    def remainder_lowered(self, s1: tuple[PlayerState, ...],
                          carried: tuple[PlayerState, ...]) -> Stream:
        """The remainder could not be paired whole: let it float players (C14
        for the remainder group), every relaxation already in force."""
        p = len(s1)
        relaxed = self.relaxed
        search = self.search(s1, p, relaxed)
        current = self.view.with_(x=p, p=p, dropped=relaxed.dropped, s1=_ids(s1),
                                  s2=_ids(self.residents))
        # x = p: C11 raised it on the moved-down players' ladder, and C10 went
        # back to C7 since (x is not computed again).  Which remainder group
        # C14 lowers the text does not say: the moved-down players' candidates
        # start again in D1 order, the first one's remainder lowered first
        # (reading 24), where a reader could stay with the candidate C10 and
        # C11 last tried.
        yield replace(_split(current, (self.w, self.b, self.q)), reading=24)
        rest = len(self.residents) - p

        def expand(found: Found) -> Stream:
            return self._with_remainder(found, search, current, None, carried,
                                        start=_ALL_DROPPED, drops=(), extra=rest,
                                        lower_p=True, rule=_C14)

        yield from _remainders(self._capped(walk(self.context, search, current, None), p,
                                            current), expand, current, search)

    def last_resort(self) -> Stream:
        """p = 0 in the lowest bracket, only when nothing else pairs the round
        (README reading 20): the moved-down player takes the bye, the
        residents pair among themselves."""
        context, view = self.context, self.view
        residents = self.residents
        current = view.with_(p=0, s1=(), s2=_ids(residents))
        yield PDecreased(rule=_C14, bracket=current)
        remainder_view = current.with_(players=tuple(context.view(pl) for pl in residents),
                                       moved_down=(), homogeneous=True, remainder=True)
        stream = _homogeneous(context, remainder_view, residents, True,
                              tuple(self.floating) + self.moved, remainder=True,
                              start=self.relaxed, drops=C9, extra=len(residents),
                              lower_p=False, banned=self.banned,
                              table=context.table(residents, self.table))
        for item in _until_need(stream):
            if not isinstance(item, Outcome):
                yield item
                continue
            if len(item.moved_down) > 1:
                continue
            outcome = Outcome(item.pairs, item.moved_down, current)
            if outcome.key() in self.seen:
                continue
            self.seen.add(outcome.key())
            yield BracketPaired(rule=_C14, bracket=current,
                                pairs=tuple((a.id, b.id) for a, b in item.pairs),
                                moved_down=_ids(item.moved_down))
            yield outcome


def _in_force(drops: tuple[Drop, ...], relaxation: Relaxation) -> tuple[Drop, ...]:
    """The steps of ``drops`` whose criterion ``relaxation`` still keeps (a
    remainder group starts where its moved-down players' C9 left the
    bracket: a criterion dropped stays dropped, reading 1)."""
    return tuple(drop for drop in drops
                 if relaxation.without(drop[1], drop[2]) != relaxation)


def _until_need(stream: Stream) -> Iterator[Event | Outcome]:
    """A remainder group's events and outcomes, up to its request (if any) to
    undo a bracket above: the heterogeneous bracket answers those itself."""
    for item in stream:
        if isinstance(item, Need):
            return
        yield item


#: A run of candidates of the moved-down players whose remainder group gives
#: no pairing is told one by one up to this many events (of the literal walk:
#: candidates.literal_events), else as one step.
_TOLD_RUN = 40


def _remainders(items: Iterator[Event | Found], expand: Callable[[Found], Stream],
                current: BracketView, search: BracketSearch) -> Stream:
    """The moved-down players' candidates (``items``: the walk's events and
    candidates) and, for each, its remainder group (``expand``).  Candidates
    in a row whose remainder group gives no pairing (C10: "try to find a
    different opponent" for the lowest downfloater, back to C7) are told
    together: each remainder group's steps then a :class:`RemainderUnpaired`
    (the lowest moved-down player's pairing undone), or one
    :class:`PairingsTried` for them all when their steps are many."""
    run = _FailedRemainders(current, search)
    held: list[Event] = []
    for item in items:
        if not isinstance(item, Found):
            held.append(item)
            continue
        stream = expand(item)
        events, held = held, []
        walked = len(events)
        for part in stream:
            if isinstance(part, Outcome):
                yield from run.flush()
                yield from events
                yield part
                yield from stream
                break
            assert not isinstance(part, Need)
            events.append(part)
        else:
            run.add(item, events, walked)
    yield from run.flush()
    yield from held


class _FailedRemainders:
    """Candidates of the moved-down players whose remainder group could not
    be paired, waiting to be told: each with its steps (the walk's before
    it, then the remainder group's) while they are few enough to be told
    one by one, then only what their summary names."""

    def __init__(self, view: BracketView, search: BracketSearch) -> None:
        self.view = view
        self.search = search
        self.groups: list[tuple[Found, list[Event]]] = []   # while steps <= _TOLD_RUN
        self.first: list[Found] = []                        # the first few, for the summary
        self.count = 0
        self.steps = 0
        self.reasons: Counter[Rejection] = Counter()
        self.walked: Counter[Rejection] = Counter()   # the moved-down players' refusals

    def add(self, found: Found, events: list[Event], walked: int = 0) -> None:
        """``events``: the walk's before ``found`` (its first ``walked``),
        then the remainder group's."""
        self.count += 1
        # Counted as the literal walk tells them (a range stands for its
        # candidates): the pruned search summarises where the literal does.
        self.steps += literal_events(events)
        # The summary's "reasons met in these remainder groups" are the
        # remainder groups' own; the moved-down players' refused candidates
        # on the way are counted apart.
        self.reasons.update(once(reasons_in(events[walked:])))
        self.walked.update(once(reasons_in(events[:walked])))
        if len(self.first) < MOVED_DOWN_LISTED:
            self.first.append(found)
        if self.steps <= _TOLD_RUN:
            self.groups.append((found, events))
        else:
            self.groups = []

    def _left(self, found: Found) -> tuple[PlayerId, ...]:
        used = set(found.positions)
        return tuple(r.id for j, r in enumerate(self.search.s2) if j not in used)

    def flush(self) -> Iterator[Event]:
        if not self.count:
            return
        if self.steps <= _TOLD_RUN:
            s1, s2 = self.search.s1, self.search.s2
            for found, events in self.groups:
                yield from events
                # C10's first sentence, after this remainder group's own steps.
                pairs = tuple((a.id, s2[j].id) for a, j in zip(s1, found.positions))
                yield RemainderUnpaired(rule=_C10, bracket=self.view,
                                        remainder=self._left(found), undone=pairs[-1],
                                        pairs=pairs)
        else:
            reasons, counts = summarise(self.reasons)
            refused, _ = summarise(self.walked)
            yield PairingsTried(rule=_C10, bracket=self.view, because_of=self.view,
                                count=self.count,
                                moved_down=tuple(self._left(f) for f in self.first),
                                reasons=reasons, counts=counts, steps=self.steps,
                                refused=refused)
        self.groups, self.first, self.count, self.steps = [], [], 0, 0
        self.reasons, self.walked = Counter(), Counter()


def _heterogeneous(context: RoundState, view: BracketView, players: tuple[PlayerState, ...],
                   moved: tuple[PlayerState, ...], lowest: bool,
                   floating: tuple[PlayerState, ...], banned: Banned = (),
                   cap: PairCap | None = None) -> Stream:
    return _Heterogeneous(context, players, lowest, floating, banned, view=view,
                          moved=moved, cap=cap).stream()

