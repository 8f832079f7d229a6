"""What the explanations of every system share.

* Which system an event or a trace comes from (:func:`system_of_event`,
  :func:`system_of_trace`): the event's ``system``; only for an event made
  without one, the shape of the rule label (``S-halves`` for
  seed 003's simplified tool, ``3.4.1`` or ``[C4]`` for C.04.3 (2026),
  ``B.4`` or ``C.10`` for C.04.3 (2017), ``C7`` for the 1998 rules).
* :class:`Explanation` and :class:`Answer` (the sentences of :func:`why`
  with the labels they cite), :class:`Round` (what the events say about the
  round) and :func:`answer_pair`, the part of ``why()`` every system shares;
  a :class:`WhyRules` gives the system's own sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
import re
import sys
from dataclasses import dataclass
from decimal import Decimal
from typing import TypeVar

from swisslearn.dutch2017.events import BoardsOrdered as BoardsOrdered2017
from swisslearn.dutch2026.events import BracketParameters, CompletionChecked
from swisslearn.words import Catalogue
from swisslearn.model import PlayerId
from swisslearn.trace import (BoardsOrdered, BracketPaired, BracketView, CandidateTried, Event,
                              PlayerView, RoundPaired, RoundStarted)

__all__ = ["DUTCH_1998", "DUTCH_2017", "DUTCH_2026", "SIMPLE", "SYSTEMS", "TEAM_SYSTEMS", "Answer", "Explanation", "Round",
           "WhyRules", "answer_pair", "boards_sentence", "holds", "ids", "last",
           "round_paired_sentence", "round_started_sentence", "score", "system_of_event",
           "system_of_label", "system_of_trace", "may_be_team", "views"]

DUTCH_1998 = "dutch-1998"
DUTCH_2017 = "dutch-2017"
DUTCH_2026 = "dutch-2026"
SIMPLE = "simple"
SYSTEMS = (DUTCH_1998, DUTCH_2017, DUTCH_2026, SIMPLE)
"""The systems whose traces have their own messages."""

TEAM_SYSTEMS = ("team-2026", "team-2026-sharly")
"""The team systems (:data:`.team2026.SYSTEMS`: the text's reading, then
Sharly Chess's), named here so that a sentence of another system loads
neither the team engine nor its words (tests/test_explain_systems.py checks
they are the same)."""

# The module of the team events' classes (TeamEvent, SharlyEvent).
_TEAM_EVENTS = "swisslearn.team2026.events"


def may_be_team(events: Iterable[Event]) -> bool:
    """Whether one of ``events`` may be of a team trace (:func:`.team2026.is_team_event`,
    :func:`.sharly.is_sharly_trace`): one says a team system, or the team
    events' classes are loaded (an event of those classes cannot exist before)."""
    return _TEAM_EVENTS in sys.modules or any(
        getattr(event, "system", None) in TEAM_SYSTEMS for event in events)

_ARTICLE_2017 = re.compile(r"[A-E]\.\d")

_E = TypeVar("_E", bound=Event)


# ---------------------------------------------------------------------------
# Which system


def system_of_label(rule: str) -> str:
    """The system a rule label belongs to, from its shape alone.

    ``S-…`` is seed 003's simplified tool; ``[Cn]``, an article number
    (``1.2``, ``3.4.1``, ``5.2.3``, ``4.2-4.3``) or ``C.04.x`` is C.04.3
    (2026); a lettered article (``A.2``, ``B.4``, ``C.10``, ``D.1-D.3``,
    ``E.3``) is C.04.3 (2017); anything else (``A2``, ``C7``, ``E3``...)
    the 1998 rules.
    """
    if rule.startswith("S-"):
        return SIMPLE
    if rule.startswith("[C") or rule.startswith("C.04") or rule[:1].isdigit():
        return DUTCH_2026
    if _ARTICLE_2017.match(rule):
        return DUTCH_2017
    return DUTCH_1998


def system_of_event(event: Event) -> str:
    """The system of one event: its ``system``
    (:attr:`~swisslearn.trace.Event.system`, set on every event a
    :class:`~swisslearn.systems.System` yields; ``team-2026``,
    ``team-2026-sharly`` included).  Only for an event made without one (by
    hand, or by an engine called directly): the C.04.3 event classes (2026's,
    or 2017's if their label is), otherwise the shape of its rule label."""
    if event.system is not None:
        return event.system
    if isinstance(event, BoardsOrdered2017):
        return DUTCH_2017
    if isinstance(event, (CompletionChecked, BracketParameters)):
        return DUTCH_2017 if system_of_label(event.rule) == DUTCH_2017 else DUTCH_2026
    return system_of_label(event.rule)


def system_of_trace(events: Sequence[Event]) -> str:
    """The system of a trace: the first ``system`` its events say (every
    event a :class:`~swisslearn.systems.System` yields says it; a
    ``RoundStarted``/``RoundPaired`` always does), else that of its first
    event (the 1998 rules for no event at all)."""
    for event in events:
        if event.system is not None:
            return event.system
    for event in events:
        if isinstance(event, (RoundStarted, RoundPaired)) and event.system in SYSTEMS:
            return event.system
    for event in events:
        return system_of_event(event)
    return DUTCH_1998


# ---------------------------------------------------------------------------
# Small helpers on events


def score(cat: Catalogue, view: BracketView) -> str:
    return cat.number(view.score)


def ids(players: Sequence[PlayerView]) -> tuple[PlayerId, ...]:
    return tuple(p.id for p in players)


def views(event: Event) -> tuple[BracketView, ...]:
    found = getattr(event, "bracket", None)
    return (found,) if isinstance(found, BracketView) else ()


def last(events: Sequence[Event], kind: type[_E]) -> _E | None:
    for event in reversed(events):
        if isinstance(event, kind):
            return event
    return None


def holds(pairs: Iterable[tuple[PlayerId, PlayerId]], pair: frozenset[PlayerId]) -> bool:
    return any(frozenset(p) == pair for p in pairs)


# ---------------------------------------------------------------------------
# why()


@dataclass(frozen=True)
class Explanation:
    """The answer of :func:`why`: the text, and the rule labels it cites, in order."""

    paired: bool
    labels: tuple[str, ...]
    text: str


class Answer:
    """Sentences with the rule labels each one cites."""

    def __init__(self, cat: Catalogue) -> None:
        self.cat = cat
        self.sentences: list[str] = []
        self.labels: list[str] = []

    def add(self, sentence: str, *labels: str) -> None:
        self.sentences.append(sentence)
        self.labels.extend(label for label in labels if label not in self.labels)

    def done(self, paired: bool) -> Explanation:
        return Explanation(paired, tuple(self.labels), self.cat.join(self.sentences))


class Round:
    """What the events say about the round, for questions on pairs
    (:meth:`of`: the same one for every question on a trace)."""

    def __init__(self, events: Sequence[Event], started: RoundStarted | None,
                 result: RoundPaired) -> None:
        self.events = events
        self.started = started
        self.result = result
        self.final = {frozenset((board.white, board.black)): board for board in result.boards}
        # A bracket may be paired several times (1998: C12/C13 resume it) and
        # a resumed stream announces pairings it then drops; the one kept has
        # all its pairs in the round's result, and is the last such one.
        self.kept = [e for e in events if isinstance(e, BracketPaired)
                     and all(frozenset(pair) in self.final for pair in e.pairs)]
        self.scores: dict[PlayerId, Decimal] = {}
        if started is not None:
            self.scores = {view.id: view.score for view in started.players}
        self._shown: dict[PlayerId, list[tuple[BracketView, frozenset[PlayerId]]]] = {}
        self._views: list[tuple[BracketView, frozenset[PlayerId]]] | None = None

    @classmethod
    def of(cls, events: Sequence[Event], started: RoundStarted | None,
           result: RoundPaired) -> Round:
        """``Round(events, started, result)``, made once for the last trace
        asked about: a published round asks it a question per pair (5,000 for
        120 players), each read the whole trace again.  Kept only for a tuple
        (a list may change); nothing changes a Round once made."""
        global _last_round
        kept = _last_round
        if (kept is not None and kept.events is events and kept.started is started
                and kept.result is result):
            return kept
        made = cls(events, started, result)
        if isinstance(events, tuple):
            _last_round = made
        return made

    def last_view(self, *players: PlayerId) -> BracketView | None:
        """The last bracket (or remainder) the events show with all ``players``."""
        if self._views is None:
            # Every view, the last first, with its players; and those showing each player.
            every: list[tuple[BracketView, frozenset[PlayerId]]] = []
            shown: dict[PlayerId, list[tuple[BracketView, frozenset[PlayerId]]]] = {}
            for event in reversed(self.events):
                for view in views(event):
                    entry = (view, frozenset(ids(view.players)))
                    every.append(entry)
                    for player in entry[1]:
                        shown.setdefault(player, []).append(entry)
            self._shown, self._views = shown, every
        found = self._shown.get(players[0], []) if players else self._views
        for view, members in found:
            if all(p in members for p in players):
                return view
        return None

    def told_apart(self, answer: Answer, a: PlayerId, b: PlayerId, key: str,
                   *labels: str) -> BracketView | None:
        """The last bracket a and b shared; if they never shared one, says
        so in ``answer`` (catalogue ``key``: who stood higher, both scores,
        citing ``labels``) and returns None (brackets are paired from the
        top, players only move down)."""
        shared = self.last_view(a, b)
        if shared is not None:
            return shared
        cat = answer.cat
        view_a, view_b = self.last_view(a), self.last_view(b)
        if view_a is not None and view_b is not None:
            (first, first_view), (second, second_view) = sorted(
                ((a, view_a), (b, view_b)), key=lambda item: item[1].index)
            answer.add(cat.text(key, first=first, second=second,
                                first_score=cat.number(first_view.score),
                                second_score=cat.number(second_view.score)), *labels)
        else:
            answer.add(cat.text("why.reason.unknown", a=a, b=b))
        return None

    def kept_in(self, index: int, remainder: bool) -> BracketPaired | CandidateTried | None:
        """The kept pairing of a bracket (or of its remainder group); failing
        that, its last accepted candidate whose pairs were all kept."""
        for event in reversed(self.kept):
            if event.bracket.index == index and event.bracket.remainder == remainder:
                return event
        for candidate in reversed(self.events):
            if (isinstance(candidate, CandidateTried) and candidate.accepted
                    and candidate.bracket.index == index
                    and candidate.bracket.remainder == remainder
                    and all(frozenset(pair) in self.final for pair in candidate.pairs)):
                return candidate
        return None

    def paired_in(self, a: PlayerId, b: PlayerId) -> BracketPaired | None:
        """The kept bracket pairing that holds the pair a-b."""
        pair = frozenset((a, b))
        for event in reversed(self.kept):
            if holds(event.pairs, pair):
                return event
        return None

    def opponent(self, player: PlayerId) -> tuple[PlayerId, int] | None:
        for board in self.result.boards:
            if player in (board.white, board.black):
                other = board.black if player == board.white else board.white
                return other, board.board
        return None


_last_round: Round | None = None
"""The Round :meth:`Round.of` made last."""


@dataclass(frozen=True)
class WhyRules:
    """What a system says in :func:`answer_pair`: the sentence for an absent
    player and for the bye (catalogue keys, with the labels they cite), and
    the reasons a pair was made or not."""

    absent: str
    absent_labels: tuple[str, ...]
    bye: str
    bye_labels: tuple[str, ...]
    paired: Callable[[Round, Answer, PlayerId, PlayerId], None]
    not_paired: Callable[[Round, Answer, PlayerId, PlayerId], None]
    bye_decides: bool = False   # the bye alone keeps a player apart (decided first)
    prefix: str = ""            # own wording of the shared ``why.*`` keys (``team.``)

    def key(self, cat: Catalogue, name: str) -> str:
        """The system's own key for a shared sentence, if the catalogue has it."""
        own = self.prefix + name
        return own if self.prefix and own in cat else name


def answer_pair(history: Sequence[Event], a: PlayerId, b: PlayerId, cat: Catalogue,
                rules: WhyRules) -> Explanation:
    """The part of ``why()`` every system shares: who is there, the result,
    each player's fate; ``rules`` gives the system's reasons."""
    answer = Answer(cat)
    started = last(history, RoundStarted)
    result = last(history, RoundPaired)
    if started is not None:
        round_number = started.round
    elif result is not None:
        round_number = result.round
    else:
        answer.add(cat.text(rules.key(cat, "why.no_round")))
        return answer.done(False)
    if a == b:
        answer.add(cat.text(rules.key(cat, "why.same_player"), a=a, b=b))
        return answer.done(False)
    present: set[PlayerId] = set()
    absent: set[PlayerId] = set()
    if started is not None:
        present = set(ids(started.players))
        absent = set(started.absent)
    if result is not None:
        present |= {p for board in result.boards for p in (board.white, board.black)}
        present |= set(result.byes)
    missing = False
    for player in (a, b):
        if player in absent:
            answer.add(cat.text(rules.absent, player=player, round=round_number),
                       *rules.absent_labels)
            missing = True
        elif player not in present:
            answer.add(cat.text(rules.key(cat, "why.unknown"), player=player))
            missing = True
    if missing:
        return answer.done(False)
    if result is None:
        answer.add(cat.text(rules.key(cat, "why.no_result"), round=round_number))
        return answer.done(False)
    state = Round.of(history, started, result)
    board = state.final.get(frozenset((a, b)))
    if board is not None:
        answer.add(cat.text(rules.key(cat, "why.paired"), a=a, b=b, round=round_number,
                            board=board.board))
        rules.paired(state, answer, a, b)
        return answer.done(True)
    answer.add(cat.text(rules.key(cat, "why.not_paired"), a=a, b=b, round=round_number))
    bye = False
    for player in (a, b):
        found = state.opponent(player)
        if found is not None:
            answer.add(cat.text(rules.key(cat, "why.fate.opponent"), player=player,
                                opponent=found[0], board=found[1]))
        elif player in result.byes:
            answer.add(cat.text(rules.bye, player=player), *rules.bye_labels)
            bye = True
        else:
            answer.add(cat.text(rules.key(cat, "why.fate.unpaired"), player=player))
    if not (bye and rules.bye_decides):
        rules.not_paired(state, answer, a, b)
    return answer.done(False)


# ---------------------------------------------------------------------------
# The first and last sentences of every system's trace (each with its own keys)


def round_started_sentence(event: RoundStarted, cat: Catalogue, key: str,
                           absent_key: str = "round_started.absent") -> str:
    """``key``'s sentence for the start of a round, then who is absent."""
    text = cat.text(key, round=event.round, system=event.system,
                    count=cat.number(len(event.players)), scores=cat.numbers(event.scores))
    if event.absent:
        text = cat.join([text, cat.text(absent_key, absent=cat.players(event.absent))])
    return text


def boards_sentence(event: BoardsOrdered, cat: Catalogue, key: str) -> str:
    """``key``'s sentence listing the boards in order (F1, C.04.2 ...)."""
    boards = cat.text("fmt.list_sep").join(
        cat.text("fmt.board", board=b.board, white=b.white, black=b.black)
        for b in event.boards) or cat.text("fmt.none")
    return cat.text(key, boards=boards)


def round_paired_sentence(event: RoundPaired, cat: Catalogue, prefix: str,
                          released_key: str = "round_paired.released") -> str:
    """``{prefix}round_paired`` (and ``.byes``), then who was released from
    protections this round."""
    sentences = [cat.text(f"{prefix}round_paired", round=event.round, system=event.system,
                          count=cat.number(len(event.boards)))]
    if event.byes:
        sentences.append(cat.text(f"{prefix}round_paired.byes", byes=cat.players(event.byes)))
    if event.released:
        sentences.append(cat.text(released_key, released=cat.players(event.released)))
    return cat.join(sentences)
