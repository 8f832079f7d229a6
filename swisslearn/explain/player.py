"""The answer to a player, in two sentences: why these two meet (or not),
citing the article, then what follows (colours, or whom each plays).

:func:`why` gives the arbiter every step; a player at the board wants two
plain sentences and the article to look up.  :func:`tell_player` builds them
from the same analysis (:func:`swisslearn.explain.why.explain_pair`: the reason
and the labels it cites) and the round's events, for the course's system
(``dutch-1998``); for another system it keeps the first two sentences of
:func:`why` (they cite that system's articles).

Words in ``explain/fr.player.json`` and ``en.player.json``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from swisslearn.words import Catalogue, catalogue
from swisslearn.explain.common import DUTCH_1998, Explanation, Round, ids, system_of_trace
from swisslearn.explain.story1998 import Story, undone_fields
from swisslearn.explain.why import explain_pair
from swisslearn.model import PlayerId
from swisslearn.trace import ColourAllocated, Event, PlayerMovedDown, RoundPaired, RoundStarted

__all__ = ["tell_player"]


def tell_player(events: Iterable[Event], a: PlayerId, b: PlayerId, lang: str = "fr") -> str:
    """Two sentences for player ``a`` asking about ``b`` (see the module)."""
    history = tuple(events)
    cat = catalogue(lang)
    explanation = explain_pair(history, a, b, lang)
    if system_of_trace(history) != DUTCH_1998:
        return _first_sentences(explanation, cat)
    started = next((e for e in history if isinstance(e, RoundStarted)), None)
    result = next((e for e in reversed(history) if isinstance(e, RoundPaired)), None)
    if started is None or result is None:
        return _first_sentences(explanation, cat)
    state = Round.of(history, started, result)
    if explanation.paired:
        first = _why_paired(state, explanation, a, b, cat)
        second = _colours(history, a, b, cat)
    else:
        first = _why_not(state, explanation, a, b, cat)
        second = _fates(state, a, b, cat)
    if not first or not second:
        return _first_sentences(explanation, cat)
    return cat.join([first, second])


def _first_sentences(explanation: Explanation, cat: Catalogue) -> str:
    text = explanation.text
    separator = cat.text("player.sentence_end")
    parts = [p for p in text.split(separator) if p]
    return separator.join(parts[:2]).strip() + (separator.strip() if len(parts) > 2 else "")


def _score(state: Round, player: PlayerId) -> Decimal | None:
    return state.scores.get(player)


def _why_paired(state: Round, explanation: Explanation, a: PlayerId, b: PlayerId,
                cat: Catalogue) -> str:
    labels = explanation.labels
    score_a, score_b = _score(state, a), _score(state, b)
    if score_a is None or score_b is None:
        return ""
    if score_a != score_b:
        (down, high), (up, low) = sorted(((a, score_a), (b, score_b)), key=lambda i: -i[1])
        return cat.text("player.paired.floater", down=down, up=up, high=cat.number(high),
                        low=cat.number(low))
    if "C8" in labels:
        how = cat.text("player.how.exchange")
    elif "C7" in labels:
        how = cat.text("player.how.transposition")
    else:
        how = cat.text("player.how.in_order")
    rule = "C7" if "C7" in labels else "C6"
    return cat.text("player.paired.same_score", a=a, b=b, score=cat.number(score_a), rule=rule,
                    how=how)


def _strength(preference: str) -> int:
    return 0 if not preference or preference[0] not in "BN" else 1 + preference.count("!")


def _colours(history: Sequence[Event], a: PlayerId, b: PlayerId, cat: Catalogue) -> str:
    event = next((e for e in reversed(history) if isinstance(e, ColourAllocated)
                  and {e.white, e.black} == {a, b}), None)
    if event is None:
        return ""
    rule = event.rule
    fields: dict[str, object] = dict(white=event.white, black=event.black, higher=event.higher,
                                     rule=rule)
    key = f"player.colour.{rule}"
    if rule == "E2":
        views = [v for v in (event.white_view, event.black_view) if v is not None]
        strong = max(views, key=lambda v: _strength(v.preference)) if len(views) == 2 else None
        if strong is None or _strength(views[0].preference) == _strength(views[1].preference):
            key = "player.colour.other"
        else:
            fields["strong"] = strong.id
    elif rule == "E4":
        higher = next((v for v in (event.white_view, event.black_view)
                       if v is not None and v.id == event.higher), None)
        if higher is not None and _strength(higher.preference) == 0:
            key = "player.colour.E4.drawn"
        else:
            colour = "white" if event.higher == event.white else "black"
            fields["colour"] = cat.text(f"fmt.colour.{colour}")
    if key not in cat:
        key = "player.colour.other"
    return cat.text(key, **fields)


@dataclass(frozen=True)
class _WhyNot:
    """Why two players were not paired, as ``why()`` found it: the round,
    the labels of its answer (the first one decides the sentence), the two
    players, the catalogue, and the 1998 story of the round."""

    state: Round
    labels: tuple[str, ...]
    a: PlayerId
    b: PlayerId
    cat: Catalogue
    story: Story

    @property
    def first(self) -> str:
        return self.labels[0] if self.labels else ""


def _why_not(state: Round, explanation: Explanation, a: PlayerId, b: PlayerId,
             cat: Catalogue) -> str:
    """The plain sentence for the first label of ``why()``'s answer: each
    label (an article of the 1998 text, or a protection) has its sentence
    below; a C12/C13 re-pairing, or an absence (F5), only when the events
    show it."""
    asked = _WhyNot(state, tuple(explanation.labels), a, b, cat, Story.of(state.events))
    first = asked.first
    if first in ("C12", "C13"):
        told = _not_repaired(asked)
        if told is not None:
            return told
    started = next((e for e in state.events if isinstance(e, RoundStarted)), None)
    absent = [p for p in (a, b) if started is not None and p in started.absent]
    if first == "F5" and absent:
        return cat.text("player.not.absent", player=absent[0])
    tell = _NOT_PAIRED.get(first)
    if tell is None and first.startswith("protection"):
        tell = _not_protection
    if tell is not None:
        return tell(asked)
    if not asked.labels:
        return _not_found(asked)
    return ""


def _not_repaired(asked: _WhyNot) -> str | None:
    """C12/C13: a re-pairing kept them apart, told from the events that did it."""
    a, b, cat, first, story = asked.a, asked.b, asked.cat, asked.first, asked.story
    undone = story.undone_holding(a, b)
    if undone is not None and undone.kept is not None:
        whole = "" if undone.kept.pairs else ".none"   # C13 down to p = 0
        return cat.text(f"player1998.undone.{first.lower()}{whole}", a=a, b=b,
                        **undone_fields(cat, undone))
    for player in (a, b):
        moved = story.moved(player)
        if moved is not None and moved.undone is not None and moved.rule == first:
            whole = "" if moved.kept is not None and moved.kept.pairs else ".none"
            return cat.text(f"player1998.moved.{first.lower()}{whole}", player=player,
                            **undone_fields(cat, moved.undone))
    return None


def _not_bye(asked: _WhyNot) -> str:
    """A5: one of them got the bye."""
    player = next((p for p in (asked.a, asked.b) if p in asked.state.result.byes), asked.a)
    return asked.cat.text("player.not.bye", player=player)


def _not_forbidden(asked: _WhyNot) -> str:
    """B1a (they met) or a forbidden pair."""
    return asked.cat.text(f"player.not.{asked.first}", a=asked.a, b=asked.b)


def _not_absolute(asked: _WhyNot) -> str:
    """B1b, B2a, B2b: an absolute criterion on the pair."""
    return asked.cat.text("player.not.absolute", a=asked.a, b=asked.b, rule=asked.first)


def _not_brackets(asked: _WhyNot) -> str:
    """A3: not in the same score bracket."""
    a, b, cat = asked.a, asked.b, asked.cat
    score_a, score_b = _score(asked.state, a), _score(asked.state, b)
    if score_a is None or score_b is None:
        return ""
    return cat.text("player.not.brackets", a=a, b=b, score_a=cat.number(score_a),
                    score_b=cat.number(score_b))


def _not_c1(asked: _WhyNot) -> str:
    """C1: one of them could not be paired in his bracket and moved down."""
    stuck = next((e.player for e in asked.state.events if isinstance(e, PlayerMovedDown)
                  and e.player in (asked.a, asked.b)), asked.a)
    return asked.cat.text("player.not.c1", player=stuck)


def _not_same_half(asked: _WhyNot) -> str:
    """A6: both in S1, or both in S2."""
    a, b = asked.a, asked.b
    view = asked.state.last_view(a, b)
    group = "s1" if view is not None and a in view.s1 and b in view.s1 else "s2"
    return asked.cat.text(f"player.not.same_half.{group}", a=a, b=b)


def _not_protection(asked: _WhyNot) -> str:
    """A protection group kept them apart."""
    return asked.cat.text("player.not.protection", a=asked.a, b=asked.b)


def _not_c6_c7(asked: _WhyNot) -> str:
    """C6/C7: an earlier pairing of the bracket was kept, one of them got
    the bye, or one of them was moved down."""
    a, b, cat, first, labels = asked.a, asked.b, asked.cat, asked.first, asked.labels
    if "D1" in labels:
        return cat.text("player.not.earlier", a=a, b=b, rule=first)
    left = next((p for p in (a, b) if p in asked.state.result.byes), None)
    if left is not None:
        return cat.text("player.not.bye", player=left)
    # Who the story moves down, of the two (not a pairing C12/C13 undid).
    for player in (a, b):
        moved = asked.story.moved(player)
        if moved is None or (b if player == a else a) not in ids(moved.bracket.players):
            continue   # not moved down, or from a bracket the other was not in
        if moved.rule == "C1":
            return cat.text("player.not.c1", player=player)
        return cat.text("player.not.floated", player=player, rule=moved.rule)
    if len(labels) > 1:
        # Neither moved down: a candidate pairing them was refused (why's criterion).
        return cat.text("player1998.refused", a=a, b=b, rule=first, criterion=labels[1])
    return cat.text("player.not.earlier", a=a, b=b, rule=first)


def _not_found(asked: _WhyNot) -> str:
    """why() found no step that kept them apart: say what always holds."""
    a, b, cat = asked.a, asked.b, asked.cat
    score_a, score_b = _score(asked.state, a), _score(asked.state, b)
    if score_a is not None and score_b is not None and score_a != score_b:
        return cat.text("player.not.brackets", a=a, b=b, score_a=cat.number(score_a),
                        score_b=cat.number(score_b))
    return cat.text("player.not.unknown", a=a, b=b)


_NOT_PAIRED: dict[str, Callable[[_WhyNot], str]] = {
    "A5": _not_bye, "B1a": _not_forbidden, "forbidden": _not_forbidden,
    "B1b": _not_absolute, "B2a": _not_absolute, "B2b": _not_absolute,
    "A3": _not_brackets, "C1": _not_c1, "A6": _not_same_half,
    "C6": _not_c6_c7, "C7": _not_c6_c7,
}
"""The sentence for each first label of why()'s answer (1998 articles)."""


def _fates(state: Round, a: PlayerId, b: PlayerId, cat: Catalogue) -> str:
    parts = []
    for player in (a, b):
        found = state.opponent(player)
        if found is not None:
            parts.append(cat.text("player.fate.opponent", player=player, opponent=found[0]))
        elif player in state.result.byes:
            parts.append(cat.text("player.fate.bye", player=player))
        else:
            parts.append(cat.text("player.fate.none", player=player))
    return cat.text("player.fates", first=parts[0], second=parts[1])
