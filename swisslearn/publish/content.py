"""What the hall's pages say about one round, computed once, in every language.

:func:`round_content` pairs the round (as ``swisslearn trace`` does, the
file's protections included), then asks the explainers everything a player
asks an arbiter: whom he plays and why (:func:`~swisslearn.explain.tell_player`),
his colour (the explanation of his ``ColourAllocated`` step), the bye (its
``ByeAssigned`` step), the steps of the trace that name him, and why not
another player (:func:`~swisslearn.explain.explain_pair`) for the players
of his score bracket and the brackets next to it.

The result is plain frozen data (:class:`RoundContent`); the templates only
lay it out (:mod:`swisslearn.publish.site`).  Every sentence is kept in
every language of the catalogue (:data:`Said`): the page switches language
without asking anything of a server.

Nothing of the file beyond what a pairing sheet shows is kept: the pairing
number, the name, the rating and the points (no FIDE id, birth date, sex,
federation, club).  Names are made visible (:func:`visible_name`): control
and formatting characters are written as ``U+XXXX``; escaping markup is the
template engine's job (autoescape).
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from pathlib import PurePath
from types import MappingProxyType

from swisslearn.acceleration import SYSTEMS as ACCELERATED_SYSTEMS, Applied
from swisslearn.explain import explain, explain_pair, tell_player
from swisslearn.words import available_languages, catalogue
from swisslearn.explain.common import DUTCH_1998
from swisslearn.explain.editions import choice_line
from swisslearn.model import PlayerId, RoundNumber, Tournament
from swisslearn.systems import Choice
from swisslearn.trace import (BracketOpened, BracketsMerged, BracketView, ByeAssigned,
                              ColourAllocated, Event, Rejection, RoundPaired, RoundStarted)

__all__ = ["ANSWER_BUDGET", "MAX_DETAIL", "MIN_ANSWERS", "answers_per_player", "PlayerPage", "RoundContent", "Row", "Said", "Step",
           "concerned", "languages", "round_content", "visible_name"]

Said = Mapping[str, str]
"""One text in every language of the catalogue: ``{"fr": ..., "en": ...}``."""

MIN_ANSWERS = 12
ANSWER_BUDGET = 3000
"""The « why not him? » answers precomputed for a player: the players of
his bracket and the brackets next to it nearest to him in the standings,
all of them in a small tournament, at least :data:`MIN_ANSWERS` in any;
each pair's answer is shared by both players' pages, and a round computes
about :data:`ANSWER_BUDGET` pairs at most beyond the minimum.  An answer
costs about a millisecond at 500 players (the explainer reads the whole
trace, in each language): this keeps a 500-player round in seconds."""


def answers_per_player(players: int) -> int:
    """How many answers each of ``players`` players' pages holds at most."""
    return max(MIN_ANSWERS, 2 * ANSWER_BUDGET // max(1, players))


MAX_DETAIL = 30
"""At most this many trace steps on a player's page (« en détail »); the
round's trace page has them all."""


def visible_name(name: str) -> str:
    """``name`` with every control, formatting or separator character (a
    terminal escape, a right-to-left override, a zero-width joiner, a line
    break...) written as ``U+XXXX``: what the file holds, shown, never obeyed."""
    return "".join(f"U+{ord(c):04X}" if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")
                   else c for c in name)


def _said(text: Mapping[str, str]) -> Said:
    return MappingProxyType(dict(text))


@lru_cache(maxsize=1)
def languages() -> tuple[str, ...]:
    """The catalogue's languages (read once: listing the package's files is slow)."""
    return available_languages()


def _each(make: Callable[[str], str]) -> Said:
    """``make(lang)`` for every language of the catalogue."""
    return _said({lang: make(lang) for lang in languages()})


def _say(key: str, **fields: object) -> Said:
    return _each(lambda lang: catalogue(lang).text(key, **fields))


@dataclass(frozen=True)
class Row:
    """A player as the pairing sheet shows him (and nothing more)."""

    id: PlayerId
    name: str          # made visible (visible_name)
    rating: int
    points: Said       # the score as each language writes it (« 1,5 » / "1.5")
    rank: int          # in the standings at entry


@dataclass(frozen=True)
class Step:
    """One event of the trace: its number (1-based), its rule label, its
    explanation, and whether it has a picture on the trace page."""

    number: int
    rule: str
    text: Said
    picture: bool = False


@dataclass(frozen=True)
class BoardLine:
    board: int
    white: Row
    black: Row


@dataclass(frozen=True)
class PlayerPage:
    """Everything a player's page says."""

    row: Row
    board: int | None
    colour: str | None                  # "white" / "black" / None
    opponent: Row | None
    bye: bool
    absent: bool                        # not paired this round (absent, withdrawn)
    opponent_text: Said                 # whom and why (two or three sentences)
    colour_text: Said | None            # the colour and its article
    bye_text: Said                      # the bye: his, another's, or none
    steps: tuple[Step, ...]             # the trace steps that name him (MAX_DETAIL)
    more_steps: int                     # how many more the trace page has
    answers: tuple[tuple[Row, Said], ...]   # why (not) with each nearby player


@dataclass(frozen=True)
class RoundContent:
    title: str
    round: RoundNumber
    system: str
    system_line: Said
    acceleration: Said
    boards: tuple[BoardLine, ...]
    byes: tuple[Row, ...]
    absent: tuple[Row, ...]
    standings: tuple[Row, ...]
    players: tuple[PlayerPage, ...]
    steps: tuple[Step, ...]
    id_width: int                       # digits of the largest pairing number (file names)

    def page_name(self, player: PlayerId) -> str:
        """The player's page inside the site: ``joueurs/07.html``."""
        return f"joueurs/{player:0{self.id_width}d}.html"


# ---------------------------------------------------------------------------
# Who a step names


_ONE = ("player", "white", "black")
_MANY = ("moved_down", "remainder", "undone", "leftover", "byes", "released")


def _ids(value: object) -> Iterable[int]:
    """The pairing numbers in a field: a number, a tuple of numbers or of pairs."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _ids(item)


def concerned(event: Event) -> frozenset[PlayerId]:
    """The players a step is about: those it names (moved, paired, refused,
    given a colour or the bye), and everyone in a bracket it opens or merges.
    Read from the event's fields by name, so every system's events are read
    alike; the round's first and last steps name everyone and count for none,
    but the first names the players not paired (absent, withdrawn): it is
    the one step about them, and their page cites its rule."""
    if isinstance(event, RoundStarted):
        return frozenset(event.absent)
    if isinstance(event, RoundPaired):
        return frozenset()
    found: set[int] = set()
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        if field.name in _ONE or field.name in _MANY or field.name == "pairs":
            found.update(_ids(value))
        elif isinstance(value, Rejection):
            found.update(value.players)
        elif field.name == "reasons" and isinstance(value, tuple):
            found.update(p for r in value if isinstance(r, Rejection) for p in r.players)
    if isinstance(event, (BracketOpened, BracketsMerged)):
        bracket = event.bracket
        if isinstance(bracket, BracketView):
            found.update(v.id for v in bracket.players)
    return frozenset(found)


# ---------------------------------------------------------------------------
# The round


def _rows(tournament: Tournament, round: RoundNumber) -> dict[PlayerId, Row]:
    states = sorted(tournament.states(round),
                    key=lambda s: (-s.score, tournament.pairing_number(s.id)))
    def points(score: Decimal) -> Said:
        return _each(lambda lang: catalogue(lang).number(score))
    return {s.id: Row(s.id, visible_name(s.name), s.rating, points(s.score), rank)
            for rank, s in enumerate(states, 1)}


def _acceleration(tournament: Tournament, round: RoundNumber, system: str,
                  accelerated: Applied | None) -> Said:
    """The index's line: the virtual points of the round, the file's or
    computed (Baku, ``--acceleration baku`` or ``192 …_BAKU``)."""
    given = {a.player for a in tournament.accelerations if a.round == round and a.points}
    if not given:
        return _say("publish.acceleration.none")
    if system not in ACCELERATED_SYSTEMS:
        return _say("publish.acceleration.ignored", count=len(given), system=system)
    if accelerated is not None and accelerated.baku is not None:
        virtual = accelerated.baku.virtual(round)
        return _each(lambda lang: catalogue(lang).text(
            "publish.acceleration.computed", count=len(given), system=system,
            virtual=catalogue(lang).number(virtual)))
    return _say("publish.acceleration.used", count=len(given), system=system)


def _steps(events: Sequence[Event], pictured: frozenset[int]) -> tuple[Step, ...]:
    def unlabelled(event: Event, lang: str) -> str:
        # The page shows the rule as a badge: the sentence without « A3 : ».
        text = explain(event, lang)
        label = catalogue(lang).label(event.rule, "")
        return text[len(label):] if label and text.startswith(label) else text

    def said(event: Event) -> Said:
        return _each(lambda lang: unlabelled(event, lang))
    return tuple(Step(n, event.rule, said(event), n in pictured)
                 for n, event in enumerate(events, 1))


def _neighbours(me: PlayerId, bracket_of: Mapping[PlayerId, int],
                order: Sequence[PlayerId], most: int) -> list[PlayerId]:
    """The players of ``me``'s bracket and the brackets next to it, nearest
    to him in the standings first, at most ``most``, in standings order."""
    mine = bracket_of.get(me)
    if mine is None:
        return []
    place = {pid: i for i, pid in enumerate(order)}
    near = [p for p in order if p != me and p in bracket_of and abs(bracket_of[p] - mine) <= 1]
    near.sort(key=lambda p: (abs(place[p] - place[me]), place[p]))
    return sorted(near[:most], key=place.__getitem__)


@dataclass(frozen=True)
class _RoundRead:
    """What the pages need from one round's trace: its result and start,
    the standings' rows in order, the steps, each player's score bracket at
    entry, the steps that name each player, each player's colour event,
    bye event and seat (board, colour, opponent), and the players paired
    this round (seated, or given the bye), in standings order."""

    history: tuple[Event, ...]
    result: RoundPaired
    started: RoundStarted | None
    rows: dict[PlayerId, Row]
    order: list[PlayerId]
    steps: tuple[Step, ...]
    bracket_of: dict[PlayerId, int]
    named: dict[PlayerId, list[int]]
    colours: dict[PlayerId, ColourAllocated]
    byes: dict[PlayerId, ByeAssigned]
    seats: dict[PlayerId, tuple[int, str, PlayerId]]
    present: list[PlayerId]


def _read_round(tournament: Tournament, round: RoundNumber, history: tuple[Event, ...],
                pictured: frozenset[int]) -> _RoundRead:
    result = history[-1]
    assert isinstance(result, RoundPaired)
    started = next((e for e in history if isinstance(e, RoundStarted)), None)
    rows = _rows(tournament, round)
    steps = _steps(history, pictured)
    # The score brackets (pairing scores, acceleration included) at entry.
    scores: dict[PlayerId, Decimal] = (
        {v.id: v.score for v in started.players} if started is not None else {})
    levels = sorted(set(scores.values()), reverse=True)
    named: dict[PlayerId, list[int]] = {}
    for number, event in enumerate(history, 1):
        for pid in concerned(event):
            named.setdefault(pid, []).append(number)
    seats: dict[PlayerId, tuple[int, str, PlayerId]] = {}
    for seated in result.boards:
        seats[seated.white] = (seated.board, "white", seated.black)
        seats[seated.black] = (seated.board, "black", seated.white)
    return _RoundRead(
        history, result, started, rows, list(rows), steps,
        {pid: levels.index(score) for pid, score in scores.items()}, named,
        {pid: e for e in history if isinstance(e, ColourAllocated) for pid in (e.white, e.black)},
        {e.player: e for e in history if isinstance(e, ByeAssigned)}, seats,
        [p for p in rows if p in seats or p in result.byes])


def _seat_texts(read: _RoundRead, pid: PlayerId) -> tuple[Said, Said | None]:
    """A player's opponent and colour, said: who, on which board, and why
    (or the bye, or no game and why)."""
    seat = read.seats.get(pid)
    if seat is None and (pid in read.result.byes or not read.present):
        key = "publish.opponent.bye" if pid in read.result.byes else "publish.opponent.none"
        return _say(key), None
    if seat is None:
        # Not paired: why's answer for him and anyone present is his
        # absence alone, in the system's words (1998: F5).
        history, present = read.history, read.present[0]
        return _each(lambda lang: catalogue(lang).join([
            catalogue(lang).text("publish.opponent.none"),
            explain_pair(history, pid, present, lang).text])), None
    board, colour, other = seat
    history, rows = read.history, read.rows
    opponent_text = _each(lambda lang: catalogue(lang).join([
        catalogue(lang).text("publish.opponent", opponent=other,
                             name=rows[other].name, board=board),
        # tell_player's two plain sentences are the 1998 course's;
        # for another system, why's answer (it cites that system's
        # articles: tell_player reads a team trace as 1998's).
        tell_player(history, pid, other, lang) if read.result.system == DUTCH_1998
        else explain_pair(history, pid, other, lang).text]))
    allocated = read.colours.get(pid)
    colour_text = _each(lambda lang: catalogue(lang).join([catalogue(lang).text(f"publish.colour.{colour}"),
                    explain(allocated, lang) if allocated is not None else ""]))
    return opponent_text, colour_text


def _bye_text(read: _RoundRead, pid: PlayerId) -> Said:
    """The bye, said to a player: his, another's, or none this round."""
    byes = read.result.byes
    if pid in read.byes:
        bye_event = read.byes[pid]
        return _each(lambda lang: catalogue(lang).join([
            catalogue(lang).text("publish.bye.you"), explain(bye_event, lang)]))
    if pid in byes:
        return _say("publish.bye.you")
    if byes:
        return _say("publish.bye.other", players=", ".join(
            f"{b} {read.rows[b].name}" for b in byes))
    return _say("publish.bye.none")


def _player_page(read: _RoundRead, pid: PlayerId,
                 answer: Callable[[PlayerId, PlayerId], Said], most: int) -> PlayerPage:
    """One player's page: his seat, his bye, the steps that name him, and
    why he was not paired with his neighbours in the standings."""
    rows = read.rows
    seat = read.seats.get(pid)
    board, colour, other = seat if seat is not None else (None, None, None)
    opponent_text, colour_text = _seat_texts(read, pid)
    mine = read.named.get(pid, [])
    return PlayerPage(
        row=rows[pid], board=board, colour=colour,
        opponent=rows[other] if other is not None else None, bye=pid in read.result.byes,
        absent=seat is None and pid not in read.result.byes,
        opponent_text=opponent_text, colour_text=colour_text, bye_text=_bye_text(read, pid),
        steps=tuple(read.steps[n - 1] for n in mine[:MAX_DETAIL]),
        more_steps=max(0, len(mine) - MAX_DETAIL),
        answers=tuple((rows[b], answer(pid, b))
                      for b in _neighbours(pid, read.bracket_of, read.order, most)))


def round_content(tournament: Tournament, round: RoundNumber, choice: Choice,
                  events: Sequence[Event], pictured: Iterable[int] = (),
                  accelerated: Applied | None = None) -> RoundContent:
    """The pages' content for ``round`` paired by ``choice``'s system as
    ``events`` say (its last event the ``RoundPaired``); ``pictured``: the
    numbers (1-based) of the steps that have a picture; ``accelerated``: the
    virtual points the round was paired with, when computed
    (:func:`swisslearn.acceleration.prepare`)."""
    history = tuple(events)
    read = _read_round(tournament, round, history, frozenset(pictured))
    result, rows = read.result, read.rows
    answers: dict[frozenset[PlayerId], Said] = {}

    def answer(a: PlayerId, b: PlayerId) -> Said:
        # One answer per pair: « 1 et 19 ... » reads the same from either page.
        key = frozenset((a, b))
        if key not in answers:
            answers[key] = _each(lambda lang: explain_pair(history, a, b, lang).text)
        return answers[key]

    most = answers_per_player(len(read.order))
    pages = [_player_page(read, pid, answer, most) for pid in read.order]
    line = _each(lambda lang: choice_line(choice, lang))
    absent = read.started.absent if read.started is not None else ()
    return RoundContent(
        # The file's name if it has no title (never its folder: a path on a laptop).
        title=visible_name(tournament.name or PurePath(tournament.source).name), round=round, system=result.system,
        system_line=line, acceleration=_acceleration(tournament, round, result.system,
                                                         accelerated),
        boards=tuple(BoardLine(b.board, rows[b.white], rows[b.black]) for b in result.boards),
        byes=tuple(rows[p] for p in result.byes),
        absent=tuple(rows[p] for p in absent if p in rows),
        standings=tuple(rows.values()), players=tuple(pages), steps=read.steps,
        id_width=max(2, len(str(max(rows, default=0)))))
