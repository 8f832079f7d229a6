"""The tournament model: players, what happened in each round, and each
player's state before a round, derived (never stored) as seed 000 defines it.

Data flows one way: a file is read into a :class:`Tournament`; for the round
to pair, :func:`player_states` derives a :class:`PlayerState` per player
(score, colour history, preference, floats, byes, opponents met); engines
read those states and nothing else.
"""

from __future__ import annotations

import dataclasses
import enum
import html
from dataclasses import dataclass, field
from functools import cached_property
from decimal import Decimal
from typing import Iterable, Iterator, Mapping

from swisslearn.errors import usage
from swisslearn.points import DEFAULT as DEFAULT_POINTS
from swisslearn.points import Points, PointSystem
from swisslearn.results import Colour, Result

__all__ = [
    "PlayerId", "RoundNumber", "Colour", "Result", "Float", "PreferenceStrength",
    "ColourPreference", "RoundEntry", "Player", "ByeRequest", "ForbiddenPairs",
    "Acceleration", "PointAdjustment", "Tournament", "PlayerState", "player_states", "e3_history",
    "colour_preference", "recorded_round", "colourless_pairs",
]

PlayerId = int
"""A player's pairing number: the TRF starting rank (columns 5-8 of ``001``)."""

RoundNumber = int
"""A round, counted from 1."""


class Float(enum.Enum):
    """A float received in a round (A4): the higher-scored player of a pair
    between different scores floats down, the lower one up; a bye is a
    downfloat (A5)."""

    DOWN = "down"
    UP = "up"

    @property
    def arrow(self) -> str:
        return "↓" if self is Float.DOWN else "↑"

    def __repr__(self) -> str:
        return f"Float.{self.name}"


class PreferenceStrength(enum.IntEnum):
    """A7: how strongly a player wants a colour (ordered: ABSOLUTE is strongest)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3

    def __repr__(self) -> str:
        return f"PreferenceStrength.{self.name}"


@dataclass(frozen=True)
class ColourPreference:
    """A7: the colour a player should get next, and how strongly.

    ``colour`` is ``None`` only with strength ``NONE`` (no game played yet).
    """

    strength: PreferenceStrength
    colour: Colour | None

    def __str__(self) -> str:
        if self.colour is None:
            return "-"
        marks = {PreferenceStrength.ABSOLUTE: "!!", PreferenceStrength.STRONG: "!",
                 PreferenceStrength.MILD: ""}
        return self.colour.letter + marks.get(self.strength, "")


NO_PREFERENCE = ColourPreference(PreferenceStrength.NONE, None)


@dataclass(frozen=True)
class RoundEntry:
    """One round block of a player: scheduled opponent, colour and result.

    ``opponent`` and ``colour`` are ``None`` for byes and absences.
    """

    round: RoundNumber
    opponent: PlayerId | None
    colour: Colour | None
    result: Result

    @property
    def game_played(self) -> bool:
        """A game was played over the board (F2: not a forfeit, not a bye)."""
        return self.opponent is not None and self.result.game_played

    @property
    def played_colour(self) -> Colour | None:
        """The colour this round counts for (F2: none for forfeits and byes)."""
        return self.colour if self.game_played else None

    @property
    def paired(self) -> bool:
        """Was the player given an opponent or the pairing-allocated bye this round?"""
        return self.opponent is not None or self.result is Result.PAIRING_ALLOCATED_BYE


@dataclass(frozen=True)
class Player:
    """A player (or a team) as the file lists them.

    ``attributes`` holds anything else the file says about the player that a
    protection group may use (``club``, ``city``...), as sorted (name, value)
    pairs so that the value is hashable and its order fixed.
    """

    id: PlayerId
    name: str
    rating: int = 0
    title: str = ""
    sex: str = ""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    declared_points: Points | None = None
    declared_rank: int | None = None
    entries: tuple[RoundEntry, ...] = ()
    attributes: tuple[tuple[str, str], ...] = ()

    def entry(self, round: RoundNumber) -> RoundEntry | None:
        """The player's block for ``round``, or ``None`` if the file has none."""
        entries = self.entries
        if 0 < round <= len(entries) and entries[round - 1].round == round:
            return entries[round - 1]  # the usual case: a block for every round
        for entry in entries:
            if entry.round == round:
                return entry
        return None

    def attribute(self, name: str) -> str:
        """A named attribute: ``federation``, ``title``, ``sex`` or one from ``attributes``."""
        if name in ("federation", "title", "sex", "name", "fide_id", "birth_date"):
            return str(getattr(self, name))
        for key, value in self.attributes:
            if key == name:
                return value
        return ""


@dataclass(frozen=True)
class ByeRequest:
    """A bye or absence announced for a round (TRF-2026 ``240``, JaVaFo ``XXZ``)."""

    round: RoundNumber
    player: PlayerId
    result: Result  # FULL_POINT_BYE, HALF_POINT_BYE or ZERO_POINT_BYE


@dataclass(frozen=True)
class ForbiddenPairs:
    """Players who may not meet each other (``260`` over a round range, ``XXP`` always)."""

    players: tuple[PlayerId, ...]
    first_round: RoundNumber = 1
    last_round: RoundNumber | None = None

    def applies_to(self, round: RoundNumber) -> bool:
        return self.first_round <= round and (self.last_round is None or round <= self.last_round)


@dataclass(frozen=True)
class Acceleration:
    """Fictitious points for pairing only (``250`` ranges, ``XXA`` per player)."""

    player: PlayerId
    round: RoundNumber
    points: Points


@dataclass(frozen=True)
class PointAdjustment:
    """Points outside the point system (TRF-2026 ``299``, abnormal assignment).

    With no ``results``: a bonus (or, negative, a penalty) of ``points``,
    counted in the score from the round after ``round`` on (``None``: from
    the start).  With ``results``: what those results are worth in
    ``round`` (``None``: every round).  ``players`` empty: every player.
    ``match_points`` is a team file's column 8-11 (read by the team reader);
    ``has_points`` says whether columns 14-17 were given (a team's ``299``
    may set match points alone, leaving the game points as they are).
    """

    points: Points
    round: RoundNumber | None = None
    players: tuple[PlayerId, ...] = ()
    results: tuple[Result, ...] = ()
    match_points: Points | None = None
    has_points: bool = True

    def applies_to(self, player: PlayerId) -> bool:
        return not self.players or player in self.players


@dataclass(frozen=True)
class Tournament:
    """A tournament as read from a file: who plays, and what happened so far."""

    name: str = ""
    players: tuple[Player, ...] = ()
    rounds: RoundNumber | None = None
    point_system: PointSystem = DEFAULT_POINTS
    initial_colour: Colour | None = None
    bye_requests: tuple[ByeRequest, ...] = ()
    forbidden: tuple[ForbiddenPairs, ...] = ()
    accelerations: tuple[Acceleration, ...] = ()
    system: str = ""
    source: str = "<tournament>"
    initial_order: tuple[PlayerId, ...] = ()
    # What the file says of itself, as written (TRF 042, 052, 092): the dates
    # of start and end, the type of tournament (free text).  Read by
    # swisslearn.systems to tell which edition of the rules paired it.
    start_date: str = ""
    end_date: str = ""
    type_text: str = ""
    adjustments: tuple[PointAdjustment, ...] = ()
    # What a file may not say (a plain list, seed 003, says neither).  From
    # round ``declared_scores_from`` on, a player's score is the points the
    # file declares (Player.declared_points), the results of the games being
    # unknown (Result.PENDING); ``None``: scores come from the results.
    # ``floats_known`` false: who floated is unknown, so only the bye counts
    # as a downfloat (A5).
    declared_scores_from: RoundNumber | None = None
    floats_known: bool = True
    _index: Mapping[PlayerId, Player] = field(default_factory=dict, init=False,
                                              repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {p.id: p for p in self.players})
        if not self.initial_order:
            object.__setattr__(self, "initial_order", tuple(sorted(self._index)))

    def pairing_number(self, id: PlayerId) -> int:
        """The player's place (1-based) in the initial order: the starting rank,
        or the line order with ``XXC rank``."""
        if not hasattr(self, "_positions"):
            object.__setattr__(self, "_positions",
                               {pid: i for i, pid in enumerate(self.initial_order, 1)})
        return self._positions[id]  # type: ignore[attr-defined, no-any-return]

    def entry_points(self, player: PlayerId, entry: RoundEntry) -> Points:
        """What ``entry`` is worth to ``player``: the point system's value, or
        the one a ``299`` record sets for that result."""
        value = self.point_system.points(entry.result)
        for adjustment in self.adjustments:
            if (entry.result in adjustment.results and adjustment.applies_to(player)
                    and adjustment.round in (None, entry.round)):
                value = adjustment.points
        return value

    def bonus_before(self, player: PlayerId, round: RoundNumber) -> Points:
        """The ``299`` bonuses and penalties of ``player`` counted before ``round``."""
        return sum((a.points for a in self.adjustments
                    if not a.results and a.applies_to(player)
                    and (a.round is None or a.round < round)), Decimal(0))

    def score_before(self, player: PlayerId, round: RoundNumber) -> Points:
        """``player``'s score before ``round``: the results of the earlier rounds
        (a pending game counts as a draw, F9) and the ``299`` bonuses."""
        entries = self.player(player).entries
        if not self.adjustments:
            points = self.point_system
            return sum((points.points(e.result) for e in entries if e.round < round),
                       Decimal(0))
        return sum((self.entry_points(player, e) for e in entries if e.round < round),
                   Decimal(0)) + self.bonus_before(player, round)

    def standing_points(self, player: PlayerId) -> Points:
        """The points a standings table shows (TRF columns 81-84): every result
        known so far (a pending game has none yet) and every ``299`` bonus."""
        entries = self.player(player).entries
        if not self.adjustments:
            points = self.point_system
            return sum((points.points(e.result) for e in entries
                        if e.result is not Result.PENDING), Decimal(0))
        total = sum((self.entry_points(player, e) for e in entries
                     if e.result is not Result.PENDING), Decimal(0))
        return total + self.bonus_before(player, 10 ** 6)

    def player(self, id: PlayerId) -> Player:
        try:
            return self._index[id]
        except KeyError:
            raise usage("cli.no_player", source=self.source, player=id) from None

    def __contains__(self, id: object) -> bool:
        return id in self._index

    def __iter__(self) -> Iterator[Player]:
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)

    @cached_property
    def rounds_paired(self) -> RoundNumber:
        """The last round in which anybody was paired (given an opponent or the bye)."""
        last = 0
        for player in self.players:
            for entry in player.entries:
                if entry.paired and entry.round > last:
                    last = entry.round
        return last

    @property
    def total_rounds(self) -> RoundNumber:
        """The declared number of rounds, or the rounds the file shows if none is declared."""
        if self.rounds is not None:
            return self.rounds
        return max([self.rounds_paired] + [e.round for p in self.players for e in p.entries])

    def next_round(self) -> RoundNumber:
        """The first round with no pairing in the file (the one ``pair`` pairs by default)."""
        return self.rounds_paired + 1

    def round_to_pair(self, round: RoundNumber | None = None) -> RoundNumber:
        """``round``, or the next round when ``None``; a round outside the
        tournament is a :class:`UsageError` naming the file.

        A round is in the tournament if it is at most the declared number of
        rounds (``XXR``) and at most the next round to pair: a later one
        would skip rounds the file does not hold."""
        requested = round
        if round is None:
            round = self.next_round()
        if round < 1:
            raise usage("model.round_before_first", source=self.source, round=round)
        if self.rounds is not None and round > self.rounds:
            if requested is None:  # every round played: say which exist and how to ask
                raise usage("model.all_rounds_paired", source=self.source, rounds=self.rounds)
            raise usage("model.round_after_last", source=self.source, round=round,
                        rounds=self.rounds)
        next_round = self.next_round()
        if round > next_round:
            # The rounds between are missing: pairing past them would invent
            # a gap (and every state is computed round by round, so nothing
            # may grow with a number the file does not bound).
            raise usage("model.rounds_missing" if round > next_round + 1
                        else "model.round_missing", source=self.source, round=round,
                        first=next_round, last=round - 1)
        return round

    def is_last_round(self, round: RoundNumber) -> bool:
        return self.rounds is not None and round == self.rounds

    def states(self, round: RoundNumber) -> tuple[PlayerState, ...]:
        """Each player's state before ``round``, in pairing-number order."""
        return player_states(self, round)

    def truncated(self, last_round: RoundNumber) -> Tournament:
        """The tournament as it stood after ``last_round`` (later blocks dropped).

        Byes and absences announced for ``last_round + 1`` are kept, since
        they are known before that round is paired.
        """
        players = tuple(
            _replace_entries(p, tuple(e for e in p.entries if e.round <= last_round
                                      or (e.round == last_round + 1 and not e.paired)))
            for p in self.players)
        return _replace(self, players=players)

    def with_round(self, round: RoundNumber, entries: Mapping[PlayerId, RoundEntry]) -> Tournament:
        """A copy in which ``round``'s block of each listed player is replaced."""
        players = []
        for p in self.players:
            if p.id in entries:
                kept = tuple(e for e in p.entries if e.round != round)
                players.append(_replace_entries(
                    p, tuple(sorted(kept + (entries[p.id],), key=lambda e: e.round))))
            else:
                players.append(p)
        return _replace(self, players=tuple(players))

    def forbidden_pairs(self, round: RoundNumber) -> frozenset[frozenset[PlayerId]]:
        """The pairs a ``260``/``XXP`` record forbids in ``round``."""
        pairs: set[frozenset[PlayerId]] = set()
        for group in self.forbidden:
            if group.applies_to(round):
                for i, a in enumerate(group.players):
                    for b in group.players[i + 1:]:
                        if a != b:
                            pairs.add(frozenset((a, b)))
        return frozenset(pairs)

    def _repr_html_(self) -> str:
        return standings_html(self.states(self.next_round()), title=self.name)


def recorded_round(tournament: Tournament, round: RoundNumber
                   ) -> tuple[frozenset[tuple[PlayerId, PlayerId]], frozenset[PlayerId]]:
    """The pairing a file records for ``round``: its (white, black) pairs and
    the players given the pairing-allocated bye (what ``check`` compares an
    engine's pairing with)."""
    pairs = set()
    byes = set()
    for player in tournament.players:
        entry = player.entry(round)
        if entry is None:
            continue
        if entry.opponent is not None and entry.colour is Colour.WHITE:
            pairs.add((player.id, entry.opponent))
        elif entry.result is Result.PAIRING_ALLOCATED_BYE:
            byes.add(player.id)
    return frozenset(pairs), frozenset(byes)


def colourless_pairs(tournament: Tournament, round: RoundNumber
                     ) -> frozenset[tuple[PlayerId, PlayerId]]:
    """The pairs a file records for ``round`` with no colour on either side
    (a forfeit written ``- +``/``- -``), lower pairing number first."""
    pairs = set()
    for player in tournament.players:
        entry = player.entry(round)
        if entry is None or entry.opponent is None or entry.colour is not None:
            continue
        back = tournament.player(entry.opponent).entry(round) if entry.opponent in tournament \
            else None
        if back is not None and back.colour is None:
            pairs.add((min(player.id, entry.opponent), max(player.id, entry.opponent)))
    return frozenset(pairs)


def _replace(tournament: Tournament, **changes: object) -> Tournament:
    return dataclasses.replace(tournament, **changes)  # type: ignore[arg-type]


def _replace_entries(player: Player, entries: tuple[RoundEntry, ...]) -> Player:
    return dataclasses.replace(player, entries=entries)


# ---------------------------------------------------------------------------
# Derived state


@dataclass(frozen=True)
class PlayerState:
    """What a player *is* before a round: everything the pairing rules look at.

    ``colour_history`` has one item per earlier round (``None`` where no game
    was played: F2); ``floats`` likewise (``None``: no float that round).
    """

    id: PlayerId
    name: str
    rating: int
    title: str
    round: RoundNumber
    score: Points
    colour_history: tuple[Colour | None, ...]
    floats: tuple[Float | None, ...]
    opponents: tuple[PlayerId, ...]
    had_bye: bool
    unplayed_point: bool
    available: bool
    withdrawn: bool
    last_round_exception: bool
    preference: ColourPreference

    # Computed once: the pairing criteria ask for them for every candidate pair.
    @cached_property
    def played_colours(self) -> tuple[Colour, ...]:
        return tuple(c for c in self.colour_history if c is not None)

    @cached_property
    def colour_difference(self) -> int:
        """A7: games with white minus games with black."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.played_colours)

    @property
    def e3_history(self) -> tuple[Colour | None, ...]:
        """F3: the history with unplayed rounds moved to the front."""
        return e3_history(self.colour_history)

    @property
    def history_string(self) -> str:
        """The colour history as the course writes it (``NBB-N`` in French: B/N)."""
        return "".join("-" if c is None else ("B" if c is Colour.WHITE else "N")
                       for c in self.colour_history)

    @property
    def last_float(self) -> Float | None:
        """B5: the float of the previous round."""
        return self.floats[-1] if self.floats else None

    @property
    def float_two_rounds_before(self) -> Float | None:
        """B6: the float of two rounds before."""
        return self.floats[-2] if len(self.floats) >= 2 else None

    def has_met(self, other: PlayerId) -> bool:
        return other in self.opponents


def e3_history(history: Iterable[Colour | None]) -> tuple[Colour | None, ...]:
    """F3: unplayed rounds move to the front (``NBB-N`` is read ``-NBBN``)."""
    items = tuple(history)
    played = tuple(c for c in items if c is not None)
    return (None,) * (len(items) - len(played)) + played


def colour_preference(played: tuple[Colour, ...], *, exception: bool = False) -> ColourPreference:
    """A7 from the played colours (oldest first).

    ``exception``: the last-round note of A7a ("not in effect when pairing
    players with a score of over 50% in the last round"): the absolute
    preference then falls back to strong or mild.
    """
    if not played:
        return NO_PREFERENCE
    difference = sum(1 if c is Colour.WHITE else -1 for c in played)
    same_twice = len(played) >= 2 and played[-1] is played[-2]
    if not exception and (difference > 1 or difference < -1 or same_twice):
        # "white when the colour difference is < 0 or when the last two games
        # were played with black, otherwise black" (A7a, word for word)
        last_two_black = same_twice and played[-1] is Colour.BLACK
        colour = Colour.WHITE if difference < 0 or last_two_black else Colour.BLACK
        return ColourPreference(PreferenceStrength.ABSOLUTE, colour)
    if difference != 0:
        return ColourPreference(PreferenceStrength.STRONG,
                                Colour.WHITE if difference < 0 else Colour.BLACK)
    return ColourPreference(PreferenceStrength.MILD, played[-1].opposite)




def player_states(tournament: Tournament, round: RoundNumber) -> tuple[PlayerState, ...]:
    """Every player's state before ``round`` (1-based), in pairing-number order."""
    if round < 1:
        raise usage("model.round_before_first", source=tournament.source, round=round)
    scores_before = _scores_before(tournament, round)
    announced = {(b.player, b.round) for b in tournament.bye_requests}
    last_round = tournament.is_last_round(round)
    win = tournament.point_system.win
    declared_from = tournament.declared_scores_from
    states = []
    for player in tournament.players:
        by_round = {e.round: e for e in player.entries}
        past = _past(player.id, by_round, round, scores_before, tournament.floats_known)
        score = tournament.score_before(player.id, round)
        if declared_from is not None and round >= declared_from \
                and player.declared_points is not None:
            score = player.declared_points
        current = by_round.get(round)
        # A block without an opponent other than the PAB (a bye asked for, an
        # absence, 0000 - + / - / =) says the player is not paired this round.
        absent = (player.id, round) in announced or (
            current is not None and current.opponent is None
            and current.result is not Result.PAIRING_ALLOCATED_BYE)
        withdrawn = absent and _withdrawn(by_round, round)
        # A7a's note: over 50% of the points possible so far, in the last round.
        exception = last_round and score * 2 > win * (round - 1)
        played = tuple(c for c in past.history if c is not None)
        states.append(PlayerState(
            id=player.id, name=player.name, rating=player.rating, title=player.title,
            round=round, score=score, colour_history=past.history, floats=past.floats,
            opponents=past.opponents, had_bye=past.had_bye,
            unplayed_point=past.unplayed_point, available=not absent, withdrawn=withdrawn,
            last_round_exception=exception,
            preference=colour_preference(played, exception=exception)))
    return tuple(states)


def _scores_before(tournament: Tournament, round: RoundNumber
                   ) -> dict[tuple[PlayerId, RoundNumber], Points]:
    """Each player's score before each earlier round, to tell who floated (A4)."""
    points = tournament.point_system
    adjusted = bool(tournament.adjustments)  # 299 records: the slower, exact sums
    scores_before: dict[tuple[PlayerId, RoundNumber], Points] = {}
    for player in tournament.players:
        running = Decimal(0)
        by_round = {e.round: e for e in player.entries}
        for r in range(1, round):
            scores_before[(player.id, r)] = running + (
                tournament.bonus_before(player.id, r) if adjusted else 0)
            entry = by_round.get(r)
            if entry is not None:
                running += (tournament.entry_points(player.id, entry) if adjusted
                            else points.points(entry.result))
    return scores_before


@dataclass(frozen=True)
class _Past:
    """What a player's rounds before this one say: the colour of each (None:
    not played), the float of each (A4, A5), the opponents met (sorted),
    whether he had the PAB, and whether he scored a point without playing."""

    history: tuple[Colour | None, ...]
    floats: tuple[Float | None, ...]
    opponents: tuple[PlayerId, ...]
    had_bye: bool
    unplayed_point: bool


def _past(pid: PlayerId, by_round: Mapping[RoundNumber, RoundEntry], round: RoundNumber,
          scores_before: Mapping[tuple[PlayerId, RoundNumber], Points],
          floats_known: bool) -> _Past:
    history: list[Colour | None] = []
    floats: list[Float | None] = []
    opponents: list[PlayerId] = []
    had_bye = unplayed_point = False
    for r in range(1, round):
        entry = by_round.get(r)
        if entry is None:
            history.append(None)
            floats.append(None)
            continue
        history.append(entry.played_colour)
        if entry.result is Result.PAIRING_ALLOCATED_BYE:
            had_bye = True
        if entry.result.point_without_playing:
            unplayed_point = True
        flt: Float | None = None
        if entry.game_played and entry.opponent is not None:
            opponents.append(entry.opponent)
            own = scores_before[(pid, r)]
            other = scores_before.get((entry.opponent, r), own)
            if floats_known and own != other:
                flt = Float.DOWN if own > other else Float.UP
        elif entry.result is Result.PAIRING_ALLOCATED_BYE:
            flt = Float.DOWN  # A5: "a bye is considered to be a downfloat"
        floats.append(flt)
    return _Past(tuple(history), tuple(floats), tuple(sorted(opponents)), had_bye,
                 unplayed_point)


def _withdrawn(by_round: Mapping[RoundNumber, RoundEntry], round: RoundNumber) -> bool:
    """F5: absent this round and in the round before too (a zero-point bye):
    read as a withdrawal rather than a one-round absence."""
    r = round - 1
    if r < 1:
        return False
    entry = by_round.get(r)
    return entry is not None and entry.opponent is None and entry.result in (
        Result.ZERO_POINT_BYE, Result.FORFEIT_LOSS)


def standings_html(states: Iterable[PlayerState], *, title: str = "") -> str:
    """An HTML table of states, ranked by score then pairing number (A2 order)."""
    rows = sorted(states, key=lambda s: (-s.score, s.id))
    head = ("<tr><th>Rang</th><th>N°</th><th>Nom</th><th>Elo</th><th>Points</th>"
            "<th>Couleurs</th><th>Préf.</th><th>Flottements</th></tr>")
    body = "".join(
        f"<tr><td>{i}</td><td>{s.id}</td><td>{html.escape(s.name)}</td><td>{s.rating}</td>"
        f"<td>{s.score}</td><td><code>{s.history_string}</code></td><td>{s.preference}</td>"
        f"<td>{''.join(f.arrow if f else '·' for f in s.floats)}</td></tr>"
        for i, s in enumerate(rows, 1))
    caption = f"<caption>{html.escape(title)}</caption>" if title else ""
    return f"<table>{caption}<thead>{head}</thead><tbody>{body}</tbody></table>"
