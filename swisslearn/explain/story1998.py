"""A ``dutch-1998`` round's story as the trace's own events tell it, for
``why`` (``why.py``) and ``tell_player`` (``player.py``) (issue 29).

The driver tells C12 and C13 in the trace: a ``BracketUndone`` "undone"
drops the pairing of a bracket (and of every bracket below it: they are
told again), "restored" brings the earlier pairing back, "kept" closes the
new one.  :class:`Story` replays the events that way; what is left is the
pairing each bracket keeps.  The rule that undid a pairing, the players it
moved down and the bracket that could not pair them are those the event
names: ``why`` names C12 where the trace says C12, and says who moved down
and why, never working it out again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from swisslearn.explain.catalogue import Catalogue
from swisslearn.explain.common import Answer, Round
from swisslearn.model import PlayerId
from swisslearn.trace import (BracketPaired, BracketUndone, BracketView, CandidateTried, Event,
                              PlayerMovedDown, Rejection)

__all__ = ["Moved", "Story", "Undone", "failed_below", "not_paired_1998", "story_reason",
           "undone_fields"]


@dataclass(frozen=True)
class Undone:
    """A pairing of a bracket that C12 or C13 undid: ``paired`` (its
    announcement), ``undone`` (the event that undid it: its rule, and the
    bracket that could not be paired, ``undone.because_of``), and the
    pairing that replaced it (``kept``, None if the earlier one came back or
    the bracket was given up)."""

    paired: BracketPaired
    undone: BracketUndone
    kept: BracketPaired | None


@dataclass(frozen=True)
class Moved:
    """A player the kept pairing of bracket ``bracket`` moved down, and why:
    ``rule`` is C1 (he could meet nobody there), C12 or C13 (the bracket
    was paired again so that another player, or other players, moved
    down: ``undone`` is the pairing it replaced), or the rule of the kept
    pairing that left him over (C6, C7, C8, C14)."""

    player: PlayerId
    bracket: BracketView
    rule: str
    kept: BracketPaired | None = None
    undone: Undone | None = None


class Story:
    """The trace of a ``dutch-1998`` round replayed as the driver tells it:
    a ``BracketUndone`` "undone" drops the bracket's pairing and every
    bracket's below (they are told again), "restored" brings the bracket's
    earlier pairing back; what is left is the round's story."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.events = events
        current: dict[int, list[Event]] = {}
        saved: dict[int, dict[int, list[Event]]] = {}
        self.undone: list[Undone] = []
        pending: dict[int, tuple[BracketPaired, BracketUndone]] = {}
        for event in events:
            view = getattr(event, "bracket", None)
            if isinstance(event, BracketUndone) and event.step in ("undone", "restored", "kept"):
                index = event.bracket.index
                if event.step == "undone":
                    saved[index] = {k: v for k, v in current.items() if k >= index}
                    earlier = _last_paired(current.get(index, []))
                    if earlier is not None:
                        pending[index] = (earlier, event)
                    for k in [k for k in current if k >= index]:
                        del current[k]
                elif event.step == "restored":
                    current[index] = saved.get(index, {}).get(index, [])
                    if index in pending:
                        self.undone.append(Undone(*pending.pop(index), None))
                else:
                    kept = _last_paired(current.get(index, []))
                    if index in pending:
                        self.undone.append(Undone(*pending.pop(index), kept))
                continue
            if isinstance(view, BracketView):
                current.setdefault(view.index, []).append(event)
        self.current = current

    @classmethod
    def of(cls, events: Sequence[Event]) -> Story:
        """``Story(events)``, told once for the last trace asked about (a
        published round asks why for each pair); kept only for a tuple (a
        list may change); nothing changes a Story once told."""
        global _last_story
        kept = _last_story
        if kept is not None and kept.events is events:
            return kept
        told = cls(events)
        if isinstance(events, tuple):
            _last_story = told
        return told

    def kept(self, index: int) -> BracketPaired | None:
        """The pairing of bracket ``index`` the story keeps."""
        return _last_paired(self.current.get(index, []))

    def moved(self, player: PlayerId) -> Moved | None:
        """Whether the story moves ``player`` down from a bracket, and why:
        the lowest bracket he was moved down from (the last one)."""
        for index in sorted(self.current, reverse=True):
            events = self.current[index]
            if any(isinstance(e, PlayerMovedDown) and e.player == player for e in events):
                view = next(e.bracket for e in events if isinstance(e, PlayerMovedDown)
                            and e.player == player)
                return Moved(player, view, "C1")
            kept = self.kept(index)
            if kept is None or player not in kept.moved_down:
                continue
            replaced = next((u for u in reversed(self.undone) if u.kept is kept), None)
            if replaced is not None and player not in replaced.paired.moved_down:
                return Moved(player, kept.bracket, replaced.undone.rule, kept, replaced)
            return Moved(player, kept.bracket, _rule_of(kept), kept)
        return None

    def undone_holding(self, a: PlayerId, b: PlayerId) -> Undone | None:
        """The first pairing holding a-b that C12 or C13 undid."""
        pair = {a, b}
        return next((u for u in self.undone
                     if any(set(p) == pair for p in u.paired.pairs)), None)


_last_story: Story | None = None
"""The Story :meth:`Story.of` told last."""


def _last_paired(events: Sequence[Event]) -> BracketPaired | None:
    """The bracket's own pairing among ``events`` (not its remainder group's)."""
    return next((e for e in reversed(events) if isinstance(e, BracketPaired)
                 and not e.bracket.remainder), None)


def _rule_of(kept: BracketPaired) -> str:
    if kept.rule == "C14" or (not kept.pairs and kept.bracket.p == 0):
        return "C14"
    if kept.exchange is not None:
        return "C8"
    return "C6" if kept.transposition == 0 else "C7"


def failed_below(events: Sequence[Event], candidate: CandidateTried) -> Rejection:
    """Why an accepted candidate's pairing was given up, as the trace says
    it: the rule of the ``BracketUndone`` that undid it (C12: the players it
    moved down could not all be paired in the bracket below; C13: the
    brackets below could not be paired), the players it moved down."""
    start = next((i for i, e in enumerate(events) if e is candidate), len(events))
    index = candidate.bracket.index
    undone = next((e for e in events[start + 1:] if isinstance(e, BracketUndone)
                   and e.step == "undone" and e.bracket.index == index), None)
    if undone is None or undone.rule != "C12":
        return Rejection("C13", (), "failed_below")
    return Rejection("C12", undone.because_of.moved_down, "failed_below")


#: Reasons that come before any C12/C13 step: the pair itself is refused
#: (B1, B2, a forbidden pair), the two never shared a bracket (A3), or one
#: of them is absent or has the bye.
_BEFORE_THE_STORY = ("B1a", "B1b", "B2a", "B2b", "forbidden", "A3", "F5", "A5")


def not_paired_1998(others: Callable[[Round, Answer, PlayerId, PlayerId], None]
                     ) -> Callable[[Round, Answer, PlayerId, PlayerId], None]:
    """The 1998 reasons a pair was not made: a pairing holding the pair
    undone by C12 or C13, told from the events that undid it; else what
    ``others`` finds first if it is an absolute criterion or separate
    brackets; else one of the two moved down by a C12/C13 re-pairing of the
    bracket they shared; else ``others``."""
    def not_paired(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
        story = Story.of(state.events)
        said = story_reason(story, answer.cat, a, b, moves=False)
        if said is None:
            scratch = Answer(answer.cat)
            others(state, scratch, a, b)
            if not scratch.labels or scratch.labels[0] not in _BEFORE_THE_STORY:
                said = story_reason(story, answer.cat, a, b, moves=True)
            if said is None:
                for sentence in scratch.sentences:
                    answer.sentences.append(sentence)
                answer.labels.extend(x for x in scratch.labels if x not in answer.labels)
                return
        text, labels = said
        answer.add(text, *labels)
    return not_paired


def story_reason(story: Story, cat: Catalogue, a: PlayerId, b: PlayerId, *,
                 moves: bool) -> tuple[str, tuple[str, ...]] | None:
    """The C12/C13 step that kept a and b apart, in a sentence, with its
    labels; None if none did (see :func:`not_paired_1998`).  Without
    ``moves``, only a pairing holding a-b that was undone."""
    undone = story.undone_holding(a, b)
    if undone is not None and undone.kept is not None:
        return _undone_sentence(cat, "why1998.undone", undone), (undone.undone.rule,)
    if not moves:
        return None
    for player in (a, b):
        moved = story.moved(player)
        if moved is None or moved.undone is None:
            continue
        other = b if player == a else a
        if other not in {v.id for v in moved.bracket.players}:
            continue
        return (_undone_sentence(cat, "why1998.moved", moved.undone, player=player),
                (moved.rule,))
    return None


def _undone_sentence(cat: Catalogue, key: str, undone: Undone, **fields: object) -> str:
    """``key``.c12 or ``key``.c13 (:func:`undone_fields`); ``.none`` when
    the pairing kept has no pairs (C13 down to p = 0: the whole bracket
    moves down)."""
    whole = "" if undone.kept is not None and undone.kept.pairs else ".none"
    return cat.text(f"{key}.{undone.undone.rule.lower()}{whole}", **undone_fields(cat, undone),
                    **fields)


def undone_fields(cat: Catalogue, undone: Undone) -> dict[str, str]:
    """The words of a C12/C13 re-pairing: the bracket (``score``), the
    pairing undone (``pairs``) and whom it moved down (``down``), the
    bracket that could not be paired (``failed``), the pairing kept instead
    (``kept``) and whom it moves down (``now``)."""
    kept = undone.kept
    nobody = cat.text("fmt.nobody")
    return dict(score=cat.number(undone.paired.bracket.score),
                pairs=cat.pairs(undone.paired.pairs) if undone.paired.pairs else nobody,
                down=cat.players(undone.paired.moved_down) if undone.paired.moved_down
                else nobody,
                failed=cat.number(undone.undone.because_of.score),
                kept=cat.pairs(kept.pairs) if kept is not None and kept.pairs else nobody,
                now=cat.players(kept.moved_down) if kept is not None and kept.moved_down
                else nobody)
