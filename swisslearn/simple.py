"""Seed 003's simplified Dutch system (``--system simple``), traced.

``trace(tournament, round)`` yields every event of the pairing of a round,
in the vocabulary of :mod:`swisslearn.trace`; ``pair()`` keeps the last one.
It pairs plain lists (:mod:`swisslearn.formats.plainlist`: scores are the
list's points) and TRF files alike (scores come from the results).

Rule labels (the ``rule`` of each event) and the sentence of seed 003 each
one applies:

================  =============================================================
label             seed 003
================  =============================================================
S-groups          "les joueurs sont triés par points" ; "Groupes de points :
                  joueurs ayant les mêmes points, du groupe le plus haut au plus
                  bas" (RoundStarted, BracketOpened)
S-halves          "dans chaque groupe de points, la moitié haute est appariée
                  avec la moitié basse" ; "quatre joueurs à égalité donnent 1
                  contre 3 et 2 contre 4" (BracketSplit, the first
                  CandidateTried, BracketPaired when nothing was changed)
S-rematch         "deux joueurs ne se rencontrent jamais deux fois" ;
                  "Revanches : jamais ; l'outil essaie d'autres adversaires
                  avant de faire descendre un joueur" (CandidatesSkipped, the
                  CandidateTried kept, BracketPaired, rejections)
S-down            "Un joueur qui ne peut pas être apparié dans son groupe
                  descend au groupe suivant." (PlayerMovedDown)
S-bye             "Avec un nombre impair de joueurs, le joueur le moins bien
                  classé qui n'a pas eu d'exempt le reçoit." (ByeAssigned)
S-colours         "un joueur qui a joué davantage d'une couleur, ou l'inverse de
                  la dernière couleur, reçoit l'autre" (ColourAllocated: each
                  player gets the colour they want, or the one who wants one)
S-colours-strong  "Une forte préférence l'emporte d'abord" (both want the same
                  colour: the stronger preference gets it)
S-colours-rank    "sans préférence, le joueur le mieux classé a les blancs" ;
                  "le mieux classé a les blancs quand rien d'autre ne décide"
S-boards          the boards, from the top group down (BoardsOrdered,
                  RoundPaired)
================  =============================================================

How we read the seed (it is a help page, not a rule book):

* Ranking: points, then the list order ("l'ordre de la liste départage les
  égalités de points"); on a TRF, the list order is the pairing-number order
  (starting rank, or the line order with ``XXC rank``).  No other tie-break.
* The bye is decided first: with an odd number of players present, the
  lowest-ranked player who has not had the pairing-allocated bye (``bye`` in
  a list, ``U`` in a TRF; a requested half- or full-point bye, an absence or
  a forfeit is no "exempt") gets it.  Nobody's points change.  If the others
  could then not all be paired without a rematch, the next player up who
  has not had a bye gets it instead.  Nobody gets a second bye: if every
  player present has had one, the round cannot be paired.
* Groups from the top.  A group is the players with its points plus those
  who moved down into it, in ranking order; with n players the top half is
  the first n // 2, the bottom half the rest; the i-th of the top half meets
  the i-th of the bottom half, and with an odd count the last player moves
  down.
* "Never a rematch" (a game played; a forfeit is not one) is absolute.
  "Other opponents are tried before a player moves down": from the top of
  the group, each player takes the first opponent he has not met in this
  order — the bottom half in ranking order, then the players of the top half
  below him (a player of the bottom half left without an opponent takes the
  first one below him) — and a choice is revised (backtracking) when it
  leaves someone without an opponent.  The pairing kept pairs as many
  players of the group as possible; only the others move down (the
  lowest-ranked first).
* A pairing of a group that would leave the players below impossible to pair
  without a rematch is not used (the next one in the order above is tried):
  the tool looks ahead, so that "never a rematch" holds in the lowest group.
* Colours, in order: a player who has played one colour more often than the
  other wants the other one (a *strong* preference, the stronger the larger
  the difference); otherwise a player who has played wants the opposite of
  his last colour (a *mild* preference); a player who has not played wants
  nothing.  If the two want different colours, or only one wants one, each
  gets what he wants (S-colours); if both want the same colour, the stronger
  preference gets it (S-colours-strong); otherwise — the same preference
  with the same strength, or none — the higher-ranked player gets white
  (S-colours-rank).  No colour is drawn for the first round: the
  higher-ranked player of every board gets white.
* Boards: in the order of their higher-ranked player (groups from the top).
* Not done (seed 003, "Ce que ce système simplifié ne fait pas"): the full
  FIDE colour steps and floater rules (C.04.3 articles 5.2 and 1.9), other
  tie-breaks, bye points; also forbidden pairs (``260``/``XXP``), which the
  seed does not mention.  :mod:`swisslearn.compare` shows where this
  changes the pairing.
* Protections (seed 002, :mod:`swisslearn.protections`) are the exception:
  the pairs they forbid (``forbidden=``) are barred as if the players had
  met; their soft-avoid pairs (``avoid=``) are the last criterion: when the
  natural pairing of a group has some, the pairing with the same number of
  pairs and the fewest of them is kept (the first in the order above).
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Callable, Generator, Iterator, Mapping, Sequence

from swisslearn.matching import max_pairs, max_weight_mates
from swisslearn.errors import PairingError, no_pairing
from swisslearn.simplerules import RULES as TABLE
from swisslearn.model import (Colour, ColourPreference, PlayerId, PlayerState,
                              PreferenceStrength, RoundNumber, Tournament)
from swisslearn.trace import last_round_paired
from swisslearn.trace import (Board, BoardsOrdered, BracketOpened, BracketPaired, BracketSplit,
                              BracketView, ByeAssigned, CandidatesSkipped, CandidateTried,
                              ColourAllocated, Event, PlayerMovedDown, PlayerView, Rejection,
                              RoundPaired, RoundStarted)

__all__ = ["SYSTEM", "RULES", "trace", "pair", "colour_preference", "allocate_colours"]

SYSTEM = "simple"

_R = TABLE.label   # every label an event carries, from the table

RULES: dict[str, str] = {row.label: row.en for row in TABLE}
"""The rule labels this system's events carry, with what each one says (in
English; the rows of :data:`swisslearn.simplerules.RULES`, seed 003's French
words and sentences with them, make it)."""


# ---------------------------------------------------------------------------
# Colours


def colour_preference(state: PlayerState) -> ColourPreference:
    """The colour the seed gives a player: the one played less (strong), else
    the opposite of the last one (mild), else none (no game yet)."""
    played = state.played_colours
    if not played:
        return ColourPreference(PreferenceStrength.NONE, None)
    difference = state.colour_difference
    if difference != 0:
        return ColourPreference(PreferenceStrength.STRONG,
                                Colour.WHITE if difference < 0 else Colour.BLACK)
    return ColourPreference(PreferenceStrength.MILD, played[-1].opposite)


def _strength(state: PlayerState) -> int:
    """0 no preference, 1 mild (alternation), 1 + |difference| strong."""
    if not state.played_colours:
        return 0
    return 1 + abs(state.colour_difference)


def allocate_colours(higher: PlayerState, lower: PlayerState
                     ) -> tuple[PlayerState, PlayerState, str]:
    """(white, black, rule label) for a pair whose ``higher`` player ranks above ``lower``."""
    ph, pl = colour_preference(higher).colour, colour_preference(lower).colour
    if ph is not None and (pl is None or pl is not ph):
        return _give(higher, lower, ph, _R("S-colours"))
    if pl is not None and ph is None:
        return _give(higher, lower, pl.opposite, _R("S-colours"))
    if ph is not None and pl is ph:
        sh, sl = _strength(higher), _strength(lower)
        if sh > sl:
            return _give(higher, lower, ph, _R("S-colours-strong"))
        if sl > sh:
            return _give(higher, lower, ph.opposite, _R("S-colours-strong"))
    return _give(higher, lower, Colour.WHITE, _R("S-colours-rank"))


def _give(higher: PlayerState, lower: PlayerState, colour: Colour,
          rule: str) -> tuple[PlayerState, PlayerState, str]:
    return (higher, lower, rule) if colour is Colour.WHITE else (lower, higher, rule)


# ---------------------------------------------------------------------------
# Who can still be paired


class _Matcher:
    """Can a set of players all be paired without a rematch?  (Memoised.)"""

    def __init__(self, met: dict[PlayerId, frozenset[PlayerId]]) -> None:
        self.met = met
        self.known: dict[frozenset[PlayerId], int] = {}

    def can_meet(self, a: PlayerId, b: PlayerId) -> bool:
        return b not in self.met[a]

    def matchable(self, players: frozenset[PlayerId]) -> bool:
        if len(players) % 2:
            return False
        return 2 * self.max_pairs(players) == len(players)

    def max_pairs(self, players: frozenset[PlayerId]) -> int:
        """The largest number of pairs without a rematch among ``players``
        (:func:`swisslearn.matching.max_pairs`, remembered per set)."""
        found = self.known.get(players)
        if found is None:
            found = max_pairs(sorted(players), self.can_meet)
            self.known[players] = found
        return found

    def best_completion(self, inside: frozenset[PlayerId], outside: frozenset[PlayerId],
                        avoid: frozenset[frozenset[PlayerId]] = frozenset()
                        ) -> tuple[int, int] | None:
        """Over the pairings of all of ``inside | outside`` without a rematch:
        the largest number of pairs of two ``inside`` players and, among the
        pairings with that many, the fewest of those pairs in ``avoid``;
        ``None`` if there is no such pairing."""
        ordered = sorted(inside | outside)
        n = len(ordered)
        flags = [p in inside for p in ordered]
        # Lexicographic weights: any pair outweighs every inside bonus
        # together, an inside pair every avoid penalty together.  So a
        # heaviest matching is a largest one, then has the most inside
        # pairs, then the fewest of them to avoid.
        inside_bonus = n + 1
        pair_weight = (n + 1) * (n + 2)
        met = self.met
        edges = []
        for i, a in enumerate(ordered):
            seen, a_inside = met[a], flags[i]
            for j in range(i + 1, n):
                b = ordered[j]
                if b not in seen:
                    weight = pair_weight
                    if a_inside and flags[j]:
                        weight += inside_bonus
                        if avoid and frozenset((a, b)) in avoid:
                            weight -= 1
                    edges.append((i, j, weight))
        mate = max_weight_mates(n, edges)
        if -1 in mate:
            return None
        pairs = [(ordered[i], ordered[j]) for i, j in enumerate(mate)
                 if i < j and flags[i] and flags[j]]
        return len(pairs), sum(1 for pair in pairs if frozenset(pair) in avoid)


# ---------------------------------------------------------------------------
# One group


@dataclasses.dataclass(frozen=True)
class _Candidate:
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    movers: tuple[PlayerId, ...]


class _Group:
    """The pairings of one group in the order the seed's tool tries them."""

    def __init__(self, ids: Sequence[PlayerId], lower: frozenset[PlayerId], lowest: bool,
                 matcher: _Matcher, avoid: frozenset[frozenset[PlayerId]] = frozenset()
                 ) -> None:
        self.avoid = avoid
        self.ids = list(ids)
        self.lower = lower
        self.lowest = lowest
        self.matcher = matcher
        n = len(self.ids)
        self.half = n // 2
        self.rematches: list[tuple[PlayerId, PlayerId]] = []
        self.tried = 0
        # (open, moved down) -> Matcher.best_completion of them.
        self.completions: dict[tuple[frozenset[PlayerId], frozenset[PlayerId]],
                               tuple[int, int] | None] = {}

    def natural(self) -> _Candidate:
        h, ids = self.half, self.ids
        return _Candidate(tuple((ids[i], ids[h + i]) for i in range(h)), tuple(ids[2 * h:]))

    def acceptable(self, candidate: _Candidate) -> Rejection | None:
        for a, b in candidate.pairs:
            if not self.matcher.can_meet(a, b):
                return Rejection(_R("S-rematch"), (a, b), "met")
        if not self._continues(frozenset(candidate.movers)):
            return Rejection(_R("S-rematch"), candidate.movers + tuple(sorted(self.lower)))
        return None

    def _continues(self, movers: frozenset[PlayerId]) -> bool:
        """Can the players moving down and those below all be paired?"""
        if self.lowest:
            return not movers
        return self.matcher.matchable(movers | self.lower)

    def options(self, i: int) -> list[int]:
        n, h = len(self.ids), self.half
        if i < h:
            return list(range(h, n)) + list(range(i + 1, h))
        return list(range(i + 1, n))

    def search(self) -> _Candidate | None:
        """The first acceptable pairing with as many pairs as possible (with
        soft-avoid pairs: the first of those with the fewest of them)."""
        n = len(self.ids)
        most = n // 2 if self.lowest else self.matcher.max_pairs(frozenset(self.ids))
        for pairs in range(most, -1, -1):
            if self.lowest and pairs * 2 != n:
                break
            first = next(self._walk(pairs), None)
            if first is None:
                continue
            if not self.avoid:
                return first
            # Protections, soft-avoid: the fewest same-group pairs any
            # acceptable pairing with this many pairs has (one matching), then
            # the first pairing in the order that has no more than that.
            best = self._completion(frozenset(self.ids), frozenset())
            assert best is not None and best[0] == pairs
            if self.same_group(first) <= best[1]:
                return first
            return next(self._walk(pairs, same_group_budget=best[1]))
        return None

    def same_group(self, candidate: _Candidate) -> int:
        """Pairs of a soft-avoid protection group (seed 002)."""
        return sum(1 for pair in candidate.pairs if frozenset(pair) in self.avoid)

    def _completion(self, open_: frozenset[PlayerId], down: frozenset[PlayerId]
                    ) -> tuple[int, int] | None:
        """:meth:`_Matcher.best_completion` of the ``open_`` players with
        those moving down (``down``) and those below, memoised."""
        key = (open_, down)
        if key not in self.completions:
            outside = frozenset() if self.lowest else down | self.lower
            self.completions[key] = self.matcher.best_completion(open_, outside, self.avoid)
        return self.completions[key]

    def _completes(self, open_: frozenset[PlayerId], down: frozenset[PlayerId],
                   pairs_needed: int, same_group_budget: int | None) -> bool:
        """Does some way to go on from here reach an acceptable pairing: the
        ``open_`` players make at least ``pairs_needed`` pairs among
        themselves, and the others moving down (``down`` and the rest of
        ``open_``) can all be paired with the players below (in the lowest
        group: nobody moves down)?  With a ``same_group_budget``: and at
        most that many of the pairs still to make are soft-avoid pairs.

        Exact, so the walk never enters a branch without an acceptable
        pairing at its end: the first one is found after a few steps per
        player instead of an exponential number (a group of an 83-player
        round once took over 20 minutes; the fewest soft-avoid pairs were
        found by trying every pairing)."""
        if self.lowest and down:
            return False
        if self.lowest and same_group_budget is None:
            return self.matcher.matchable(open_)
        found = self._completion(open_, down)
        if found is None or found[0] < pairs_needed:
            return False
        # The walk asks for the largest number of pairs the group can make,
        # so a completion never makes more than ``pairs_needed``: its fewest
        # soft-avoid pairs are those of a pairing the walk can reach.
        return same_group_budget is None or found[1] <= same_group_budget

    def _walk(self, target: int, same_group_budget: int | None = None
              ) -> Iterator[_Candidate]:
        """The acceptable pairings with ``target`` pairs (and at most
        ``same_group_budget`` soft-avoid pairs), in the seed's order."""
        n = len(self.ids)
        partner = [-1] * n
        moved = [False] * n
        spare = n - 2 * target

        def handled(i: int) -> bool:
            return partner[i] >= 0 or moved[i]

        def walk(start: int, pairs: int, movers: int, same: int) -> Iterator[_Candidate]:
            i = start
            while i < n and handled(i):
                i += 1
            if i == n:
                self.tried += 1
                candidate = _Candidate(
                    tuple((self.ids[k], self.ids[partner[k]]) for k in range(n)
                          if partner[k] > k),
                    tuple(self.ids[k] for k in range(n) if moved[k]))
                if self._continues(frozenset(candidate.movers)):
                    yield candidate
                return
            open_ = frozenset(self.ids[k] for k in range(i, n) if not handled(k))
            if pairs + len(open_) // 2 < target:
                return
            down = frozenset(self.ids[k] for k in range(n) if moved[k])
            budget = None if same_group_budget is None else same_group_budget - same
            if not self._completes(open_, down, target - pairs, budget):
                return
            for j in self.options(i):
                if handled(j):
                    continue
                a, b = self.ids[i], self.ids[j]
                if not self.matcher.can_meet(a, b):
                    if (a, b) not in self.rematches:
                        self.rematches.append((a, b))
                    continue
                partner[i], partner[j] = j, i
                same_group = bool(self.avoid) and frozenset((a, b)) in self.avoid
                yield from walk(i + 1, pairs + 1, movers, same + same_group)
                partner[i] = partner[j] = -1
            if movers < spare:
                moved[i] = True
                yield from walk(i + 1, pairs, movers + 1, same)
                moved[i] = False

        yield from walk(0, 0, 0, 0)


# ---------------------------------------------------------------------------
# The round


def trace(tournament: Tournament, round: RoundNumber | None = None, *,
          forbidden: frozenset[frozenset[PlayerId]] = frozenset(),
          avoid: frozenset[frozenset[PlayerId]] = frozenset()) -> Iterator[Event]:
    """Every event of the pairing of ``round`` (default: the next one);
    ``forbidden``/``avoid``: the protections' pairs (see the module doc)."""
    round = tournament.round_to_pair(round)
    base = tournament.truncated(round - 1)
    states = {s.id: dataclasses.replace(s, preference=colour_preference(s))
              for s in base.states(round)}

    def rank(state: PlayerState) -> tuple[Decimal, int]:
        return (-state.score, base.pairing_number(state.id))

    present = sorted((s for s in states.values() if s.available and not s.withdrawn), key=rank)
    absent = tuple(sorted(s.id for s in states.values() if not s.available or s.withdrawn))
    views = {s.id: PlayerView.of(s) for s in states.values()}
    yield RoundStarted(rule=_R("S-groups"), round=round, system=SYSTEM,
                       players=tuple(views[s.id] for s in present), absent=absent,
                       scores=tuple(sorted({s.score for s in present}, reverse=True)))
    matcher = _Matcher({s.id: frozenset(s.opponents) | frozenset(
        q for pair in forbidden if s.id in pair for q in pair if q != s.id) for s in present})
    everyone = frozenset(s.id for s in present)
    byes: tuple[PlayerId, ...] = ()
    if len(present) % 2:
        bye = _choose_bye(present, matcher)
        if bye is None:
            raise _no_pairing(tournament, round, present, bye=True)
        byes = (bye.id,)
        yield ByeAssigned(rule=_R("S-bye"), player=bye.id, view=views[bye.id])
    elif not matcher.matchable(everyone):
        raise _no_pairing(tournament, round, present, bye=False)
    to_pair = [s for s in present if s.id not in byes]
    pairs = yield from _pair_groups(to_pair, states, rank, matcher, views, avoid)
    if pairs is None:  # pragma: no cover - the look-ahead makes it impossible
        raise _no_pairing(tournament, round, present, bye=bool(byes))
    boards = yield from _colour_boards(pairs, states, rank, views)
    yield BoardsOrdered(rule=_R("S-boards"), boards=tuple(boards))
    yield RoundPaired(rule=_R("S-boards"), round=round, system=SYSTEM, boards=tuple(boards),
                      byes=byes)


def _pair_groups(to_pair: Sequence[PlayerState], states: Mapping[PlayerId, PlayerState],
                 rank: Callable[[PlayerState], tuple[Decimal, int]], matcher: _Matcher,
                 views: dict[PlayerId, PlayerView], avoid: frozenset[frozenset[PlayerId]]
                 ) -> Generator[Event, None, list[tuple[PlayerId, PlayerId]] | None]:
    """S-groups, S-halves, S-rematch, S-down: each score group from the
    highest, with the players moved down from the one above; its events,
    then the pairs of the round (None: a group could not be paired)."""
    scores = sorted({s.score for s in to_pair}, reverse=True)
    pairs: list[tuple[PlayerId, PlayerId]] = []
    moved: list[PlayerState] = []
    for index, score in enumerate(scores):
        residents = [s for s in to_pair if s.score == score]
        group = sorted(moved + residents, key=rank)
        lower = frozenset(s.id for s in to_pair if s.score < score)
        lowest = index == len(scores) - 1
        result = yield from _pair_group(index, score, group, moved, lower, lowest, matcher,
                                        views, avoid)
        if result is None:
            return None
        pairs.extend(result.pairs)
        moved = [states[pid] for pid in result.movers]
    return pairs


def _colour_boards(pairs: Sequence[tuple[PlayerId, PlayerId]],
                   states: Mapping[PlayerId, PlayerState],
                   rank: Callable[[PlayerState], tuple[Decimal, int]],
                   views: Mapping[PlayerId, PlayerView]
                   ) -> Generator[Event, None, list[Board]]:
    """S-colours and S-boards: each pair's colours (its events), then the
    boards, the pair of the higher-ranked player first."""
    boards: list[Board] = []
    for a, b in sorted(pairs, key=lambda pair: min(rank(states[pair[0]]),
                                                    rank(states[pair[1]]))):
        higher, lower_player = sorted((states[a], states[b]), key=rank)
        white, black, rule = allocate_colours(higher, lower_player)
        yield ColourAllocated(rule=rule, white=white.id, black=black.id, higher=higher.id,
                              white_view=views[white.id], black_view=views[black.id])
        boards.append(Board(len(boards) + 1, white.id, black.id))
    return boards


def pair(tournament: Tournament, round: RoundNumber | None = None, *,
         forbidden: frozenset[frozenset[PlayerId]] = frozenset(),
         avoid: frozenset[frozenset[PlayerId]] = frozenset()) -> RoundPaired:
    """The pairing of ``round``: the last event of :func:`trace`."""
    return last_round_paired(trace(tournament, round, forbidden=forbidden, avoid=avoid))


def _choose_bye(present: Sequence[PlayerState], matcher: _Matcher) -> PlayerState | None:
    everyone = frozenset(s.id for s in present)
    for state in reversed(present):
        if not state.had_bye and matcher.matchable(everyone - {state.id}):
            return state
    return None


def _pair_group(index: int, score: Decimal, group: Sequence[PlayerState],
                moved: Sequence[PlayerState], lower: frozenset[PlayerId], lowest: bool,
                matcher: _Matcher, views: dict[PlayerId, PlayerView],
                avoid: frozenset[frozenset[PlayerId]] = frozenset()
                ) -> Generator[Event, None, _GroupResult | None]:
    """Pair one group (S-groups, S-halves, S-rematch, S-down), yielding its events."""
    ids = [s.id for s in group]
    view = BracketView(index=index, score=score, players=tuple(views[i] for i in ids),
                       moved_down=tuple(s.id for s in moved), homogeneous=not moved,
                       lowest=lowest)
    yield BracketOpened(rule=_R("S-groups"), bracket=view)
    finder = _Group(ids, lower, lowest, matcher, avoid)
    h = finder.half
    view = view.with_(s1=tuple(ids[:h]), s2=tuple(ids[h:]), p=h)
    yield BracketSplit(rule=_R("S-halves"), bracket=view)
    natural = finder.natural()
    rejection = finder.acceptable(natural)
    better: _Candidate | None = None
    if rejection is None and avoid and finder.same_group(natural):
        # Protections (seed 002), soft-avoid: as many pairs, fewer of a group?
        found = finder.search()
        if found is not None and finder.same_group(found) < finder.same_group(natural):
            better = found
    if better is not None:
        same = tuple(p for pair in natural.pairs if frozenset(pair) in avoid for p in pair)
        yield CandidateTried(rule="soft-avoid", bracket=view, pairs=natural.pairs,
                             transposition=0, accepted=False,
                             rejection=Rejection("soft-avoid", same, "soft_avoid"),
                             leftover=natural.movers)
        yield CandidateTried(rule="soft-avoid", bracket=view, pairs=better.pairs,
                             transposition=max(finder.tried, 1), accepted=True,
                             leftover=better.movers)
        chosen, rule = better, "soft-avoid"
    elif rejection is None:
        chosen, rule = natural, _R("S-halves")
        yield CandidateTried(rule=_R("S-halves"), bracket=view, pairs=natural.pairs,
                             transposition=0, accepted=True, leftover=natural.movers)
    else:
        yield CandidateTried(rule=_R("S-halves"), bracket=view, pairs=natural.pairs,
                             transposition=0, accepted=False, rejection=rejection,
                             leftover=natural.movers)
        found = finder.search()
        if found is None:
            return None
        chosen, rule = found, _R("S-rematch")
        number = max(finder.tried, 1)
        if number > 1:
            reasons = tuple(Rejection(_R("S-rematch"), pair, "met") for pair in finder.rematches)
            yield CandidatesSkipped(rule=_R("S-rematch"), bracket=view, first=1, last=number - 1,
                                    count=number - 1, reasons=reasons)
        yield CandidateTried(rule=_R("S-rematch"), bracket=view, pairs=chosen.pairs,
                             transposition=number, accepted=True, leftover=chosen.movers)
    for player in chosen.movers:
        others = [other for other in ids if other != player]
        met = [other for other in others if not matcher.can_meet(player, other)]
        reason = (Rejection(_R("S-rematch"), (player, met[0]), "met")
                  if others and len(met) == len(others) else None)
        yield PlayerMovedDown(rule=_R("S-down"), bracket=view, player=player, reason=reason)
    yield BracketPaired(rule=rule, bracket=view, pairs=chosen.pairs, moved_down=chosen.movers,
                        transposition=0 if rule == _R("S-halves") else max(finder.tried, 1))
    return _GroupResult(chosen.pairs, chosen.movers)


@dataclasses.dataclass(frozen=True)
class _GroupResult:
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    movers: tuple[PlayerId, ...]


def _no_pairing(tournament: Tournament, round: RoundNumber, present: Sequence[PlayerState],
                bye: bool) -> PairingError:
    ids = [s.id for s in present]
    if bye and all(s.had_bye for s in present):
        why = "simple_all_had_bye"
    elif bye:
        why = "simple_bye_rematch"
    else:
        why = "simple_rematch"
    return no_pairing(tournament.source, round, SYSTEM, ids, why)
