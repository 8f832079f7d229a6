"""Drill banks: many small questions of one kind, drawn from a seed, each
answered by the engine, for the notebooks where the rule is taught.

Every bank is a function ``…_drill(seed=0, count=…, lang="fr")`` returning
:class:`swisslearn.exercises.Question` objects: the text (solvable from what
it shows: the card goes with the questions that need it), the answer, the
working (rule labels first), a checker, and a hint that names the rule
without giving the answer.  Show a bank with
:class:`swisslearn.card.widget.DrillWidget`; assert ``q.check(q.answer)``
for every question in an ordinary cell, so nbval checks them all.

===========================  =================================================
bank                         what it drills
===========================  =================================================
:func:`notation_drill`       A7: the colour difference, ``+0`` / ``-0``
:func:`f3_drill`             F3: histories with unplayed rounds, read for E3
:func:`colour_drill`         E1-E4 on pairs whose histories hold byes, forfeits
:func:`homogeneous_drill`    A3: homogeneous, heterogeneous, treated as homogeneous
:func:`p_drill`              A6: p, in homogeneous and heterogeneous brackets
:func:`x_drill`              A8: x, a negative value read as 0
:func:`transposition_drill`   D1: the next order of S2, any size
:func:`exchange_drill`       D2: the next exchange, any bracket size
:func:`c1_drill`             C1: who cannot be paired in the bracket (card shown)
:func:`c14_drill`            C14: p lowered, and x with it if it was positive
:func:`c10_drill`            C10: a remainder that fails, another opponent for the
                             lowest downfloater (back to C7; card shown)
:func:`c11_drill`            C11: x raised in a remainder, every pairing undone,
                             the downfloaters' included (back to C3; card shown)
:func:`boards_drill`         F1: the board order (score, then the sum of scores)
:func:`first_round_drill`    F4 and the first-round colours (« 18-36 » is 36–18)
:func:`forfeit_drill`        F2/B1a: a forfeit is no game; B1b: a forfeit win, no bye
:func:`adjourned_drill`      F9: an adjourned game counts as a draw
:func:`absence_drill`        F5: absent, late, withdrawn, a half-point bye (card shown)
:func:`last_round_drill`     A7a/B2 note: the last round over 50 % (card shown)
:func:`rule_drill`           any rule of :data:`swisslearn.exam.targets.RULES`:
                             whole rounds in which it decides (card shown)
===========================  =================================================

Rounds come from tournaments drawn by :mod:`swisslearn.generate` and paired
by the 1998 engine; their steps are read through :mod:`swisslearn.card.steps`
(the one place that reads the trace for the card and its drills).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from functools import lru_cache
from itertools import islice

from swisslearn.card.answers import ordered_pairs
from swisslearn.card.rounds import check_round, round_text
from swisslearn.card.sheet import CardSheet, card_sheet, difference_notation
from swisslearn.card.steps import (BoardsStep, BracketStep, ColourStep, MovedDownStep, Place,
                                   Reading, RelaxStep, SplitStep, XStep, read_trace)
from swisslearn.dutch1998.colours import allocate
from swisslearn.dutch1998.criteria import bye_rejection, pair_rejection
from swisslearn.dutch1998.exchanges import iter_exchanges
from swisslearn.dutch1998.procedure import pair, trace
from swisslearn.dutch1998.transpositions import transposition_at, transposition_rank
from swisslearn.errors import PairingError
from swisslearn.exercises import (Question, accepting, drill_question, exchange_question, history,
                                  players_checker, transposition_question)
from swisslearn.words import Catalogue, catalogue
from swisslearn.generate import DrawnRounds, GeneratorSettings, generate_traced
from swisslearn.model import (Colour, Player, PlayerId, PlayerState, Result, RoundEntry,
                              RoundNumber, Tournament, e3_history)
from swisslearn.trace import (BracketSplit, BracketView, CandidateTried, CriterionDropped, Event,
                              PDecreased, RoundPaired, XIncreased)
from swisslearn.widgets import normalise_answer, parse_pairs

__all__ = [
    "absence_drill", "adjourned_drill", "boards_drill", "c10_drill", "c11_drill", "c14_drill",
    "c1_drill",
    "colour_drill", "exchange_drill", "f3_drill", "first_round_drill", "forfeit_drill",
    "homogeneous_drill", "last_round_drill", "notation_drill", "p_drill", "rule_drill",
    "x_drill", "transposition_drill",
]


# ---------------------------------------------------------------------------
# Rounds to draw questions from


@dataclasses.dataclass(frozen=True)
class _Round:
    tournament: Tournament
    round: RoundNumber
    reading: Reading
    _states: dict[PlayerId, PlayerState] = dataclasses.field(
        default_factory=dict, init=False, repr=False, compare=False)

    def states(self) -> dict[PlayerId, PlayerState]:
        """The players' states before the round, worked out once (a bank
        asks for them at each of the round's steps; they are only read)."""
        if not self._states:
            self._states.update((s.id, s) for s in self.tournament.states(self.round))
        return self._states


def _rounds_of(settings: GeneratorSettings) -> tuple[_Round, ...]:
    """Every round (from the second) of the tournament ``settings`` draws
    (none if it cannot be paired), each with its trace read for the card."""
    try:
        document, traces = generate_traced(settings, trace)
    except PairingError:
        return ()
    full = document.tournament
    rounds = []
    for number in range(2, full.rounds_paired + 1):
        tournament = full.truncated(number - 1)
        events = traces.get(number)
        if events is None:
            events = tuple(trace(tournament, number))
        rounds.append(_Round(tournament, number, read_trace(events)))
    return tuple(rounds)


@lru_cache(maxsize=16)
def _drawn(seed: int) -> DrawnRounds[_Round]:
    """The tournaments of ``seed``'s pools, drawn as far as a bank reads
    (the pools of 40 and 60 share their first 40)."""
    return DrawnRounds(seed, _rounds_of, players=(6, 14), rounds=(3, 6))


def _pool(seed: int, size: int = 40) -> Iterator[_Round]:
    """Every round (from the second) of ``size`` tournaments drawn from ``seed``."""
    return _drawn(seed).rounds(size)


def _steps(seed: int, kind: type, size: int = 40) -> Iterator[tuple[_Round, object]]:
    for item in _pool(seed, size):
        for step in item.reading.steps:
            if isinstance(step, kind):
                yield item, step


def _bracket_words(cat: Catalogue, place: Place) -> str:
    key = "drill.bracket.moved" if place.moved_down else "drill.bracket"
    return cat.text(key, score=cat.number(place.score), players=cat.players(place.players),
                    moved=cat.players(place.moved_down))


# ---------------------------------------------------------------------------
# Colours: A7's notation, F3, E1-E4


def _random_history(rng: random.Random, length: int, gaps: bool) -> str:
    letters = []
    for _ in range(length):
        letters.append("-" if gaps and rng.random() < 0.2 else rng.choice("BN"))
    return "".join(letters)


def _histories(seed: int, count: int, lengths: tuple[int, int],
               keep: Callable[[str, int], bool]) -> Iterator[str]:
    """``count`` different random histories (with rounds without a game)
    that ``keep(history, how many kept so far)`` accepts."""
    rng = random.Random(seed)
    seen: set[str] = set()
    while len(seen) < count:
        text = _random_history(rng, rng.randint(*lengths), gaps=True)
        if text not in seen and keep(text, len(seen)):
            seen.add(text)
            yield text


def _zero_every_other(text: str, kept: int) -> bool:
    """Half the bank has a colour difference of zero: the case A7 writes ±0."""
    played = [c for c in history(text) if c is not None]
    zero = sum(1 if c is Colour.WHITE else -1 for c in played) == 0
    return bool(played) and zero == (kept % 2 == 0)


def notation_drill(seed: int = 0, count: int = 10, lang: str = "fr") -> tuple[Question, ...]:
    """A7: « la différence de couleurs est notée +0 (coul. préf. noire) ou -0 »."""
    cat = catalogue(lang)
    questions = []
    for text in _histories(seed, count, (2, 6), _zero_every_other):
        played = tuple(c for c in history(text) if c is not None)
        answer = difference_notation(played)
        zero = answer in ("+0", "-0")
        explanation = cat.text("drill.notation.why.zero" if zero else "drill.notation.why",
                               history=text, answer=answer,
                               whites=played.count(Colour.WHITE),
                               blacks=played.count(Colour.BLACK))
        questions.append(drill_question(cat, cat.text("drill.notation.text", history=text), answer,
                                   explanation, "drill.notation.hint",
                                   accepted=[answer.replace("-", "−")]))
    return tuple(questions)


def f3_drill(seed: int = 0, count: int = 8, lang: str = "fr") -> tuple[Question, ...]:
    """F3: an unplayed round moves to the front of the history (NBB-N is -NBBN)."""
    cat = catalogue(lang)
    questions = []
    for text in _histories(seed, count, (4, 7), lambda text, _: "-" in text.strip("-")):
        read = "".join("-" if c is None else ("B" if c is Colour.WHITE else "N")
                       for c in e3_history(history(text)))
        questions.append(drill_question(cat, cat.text("drill.f3.text", history=text), read,
                                   cat.text("drill.f3.why", history=text, answer=read),
                                   "drill.f3.hint"))
    return tuple(questions)


def _history_text(state: PlayerState) -> str:
    return state.history_string


def colour_drill(seed: int = 0, count: int = 24, lang: str = "fr") -> tuple[Question, ...]:
    """E1-E4 on pairs of generated rounds where a history has a round
    without a game (a bye, a forfeit, an absence: F2, F3), every rule in."""
    cat = catalogue(lang)
    by_rule: dict[str, list[Question]] = {}
    for item, step in _steps(seed, ColourStep, 60):
        assert isinstance(step, ColourStep)
        states = item.states()
        higher, other = states[step.higher], states[
            step.black if step.higher == step.white else step.white]
        if "-" not in higher.history_string + other.history_string \
                or not (higher.played_colours or other.played_colours):
            # No game missed, or neither has played (E4's first-round sentence).
            continue
        decision = allocate(higher, other, item.tournament.initial_colour or Colour.WHITE)
        assert (decision.white.id, decision.rule) == (step.white, step.rule)
        text = cat.text("drill.colour.text", higher=higher.id, lower=other.id,
                        higher_history=higher.history_string, lower_history=other.history_string,
                        higher_pref=_pref(higher, cat), lower_pref=_pref(other, cat))
        explanation = cat.text("drill.colour.why", rule=step.rule, white=step.white,
                               black=step.black,
                               higher_read=_e3(higher), lower_read=_e3(other))
        by_rule.setdefault(step.rule, []).append(drill_question(
            cat, text, str(step.white), explanation, "drill.colour.hint"))
        if _mixed(by_rule, count, _COLOUR_RULES):
            break
    questions: list[Question] = []
    # Round robin over the rules, so that E2 and E3 are not drowned by E1.
    while len(questions) < count and any(by_rule.values()):
        for rule in sorted(by_rule):
            if by_rule[rule] and len(questions) < count:
                questions.append(by_rule[rule].pop(0))
    return tuple(questions)


#: The rules :func:`allocate` decides by (``colour_drill`` asserts each step's).
_COLOUR_RULES = ("E1", "E2", "E3", "E4")


def _e3(state: PlayerState) -> str:
    return "".join("-" if c is None else ("B" if c is Colour.WHITE else "N")
                   for c in state.e3_history)


def _pref(state: PlayerState, cat: Catalogue) -> str:
    preference = state.preference
    if preference.colour is None:
        return "-"
    letter = cat.text("fmt.letter.white" if preference.colour is Colour.WHITE
                      else "fmt.letter.black")
    return letter + {3: "!!", 2: "!"}.get(int(preference.strength), "")


# ---------------------------------------------------------------------------
# Brackets: A3, A6, A8, C1, C14


def homogeneous_drill(seed: int = 0, count: int = 8, lang: str = "fr") -> tuple[Question, ...]:
    """A3: homogeneous, heterogeneous, or heterogeneous treated as homogeneous."""
    cat = catalogue(lang)
    kinds: dict[str, list[Question]] = {}
    seen: set[tuple[int, ...]] = set()
    for item, step in _steps(seed, BracketStep):
        assert isinstance(step, BracketStep) and step.place is not None
        if len(step.players) < 2 or (step.players in seen):
            continue
        seen.add(step.players)
        if not step.moved_down:
            kind = "homogeneous"
        elif step.homogeneous:
            kind = "as_homogeneous"
        else:
            kind = "heterogeneous"
        answer = cat.text(f"drill.kind.{kind}")
        explanation = cat.text(f"drill.kind.why.{kind}", moved=len(step.moved_down),
                               players=len(step.players))
        kinds.setdefault(kind, []).append(drill_question(
            cat, cat.text("drill.kind.text", bracket=_bracket_words(cat, step.place)), answer,
            explanation, "drill.kind.hint",
            accepted=[cat.text(f"drill.kind.also.{kind}")]))
        if _mixed(kinds, count, _KINDS):
            break
    return _mix(kinds, count, _KINDS)


_KINDS = ("as_homogeneous", "heterogeneous", "homogeneous")


def _mixed(groups: dict[str, list[Question]], count: int, order: Sequence[str]) -> bool:
    """Whether :func:`_mix` of ``groups`` is decided: every key of ``order``
    (all the keys there can be) has as many questions as its turns take
    (``count`` over the keys, rounded up), so questions found later would
    only go after those :func:`_mix` takes, and a bank may stop reading."""
    turns = -(-count // len(order))
    return all(len(groups.get(key, ())) >= turns for key in order)


def _mix(groups: dict[str, list[Question]], count: int, order: Sequence[str]
         ) -> tuple[Question, ...]:
    questions: list[Question] = []
    while len(questions) < count and any(groups.get(k) for k in order):
        for key in order:
            if groups.get(key) and len(questions) < count:
                questions.append(groups[key].pop(0))
    return tuple(questions)


def _first_splits(seed: int) -> Iterator[tuple[_Round, SplitStep, XStep]]:
    """The first S1/S2 and x of each bracket (not a remainder, not after C14)."""
    for item in _pool(seed):
        steps = item.reading.steps
        asked: set[int] = set()
        for index, step in enumerate(steps):
            if isinstance(step, BracketStep) and step.place is not None:
                asked.discard(step.place.index)
            if isinstance(step, SplitStep) and step.place is not None \
                    and not step.place.remainder and step.place.index not in asked:
                asked.add(step.place.index)
                # The card asks x (C2), then p (C3), then S1/S2 (C4).
                x = next((s for s in reversed(steps[max(index - 2, 0):index])
                          if isinstance(s, XStep) and s.place == step.place), None)
                if x is not None:
                    yield item, step, x


def p_drill(seed: int = 0, count: int = 8, lang: str = "fr") -> tuple[Question, ...]:
    """A6: p is the number of S1 players: the moved-down players of a
    heterogeneous bracket, half (rounded down) of a homogeneous one."""
    cat = catalogue(lang)
    groups: dict[str, list[Question]] = {}
    for _, split, _x in _first_splits(seed):
        place = split.place
        assert place is not None
        key = "heterogeneous" if split.heterogeneous else "homogeneous"
        explanation = cat.text(f"drill.p.why.{key}", p=cat.number(split.p),
                               s1=cat.players(split.s1), n=len(place.players))
        groups.setdefault(key, []).append(drill_question(
            cat, cat.text("drill.p.text", bracket=_bracket_words(cat, place)), str(split.p),
            explanation, "drill.p.hint", accepted=[f"p={split.p}"]))
        if _mixed(groups, count, ("heterogeneous", "homogeneous")):
            break
    return _mix(groups, count, ("heterogeneous", "homogeneous"))


def x_drill(seed: int = 0, count: int = 8, lang: str = "fr") -> tuple[Question, ...]:
    """A8: x = n - q or b - q; below zero it is read as 0 (half the bank)."""
    cat = catalogue(lang)
    groups: dict[str, list[Question]] = {}
    for _, split, x in _first_splits(seed):
        place = split.place
        assert place is not None
        raw = x.black - x.q if x.black > x.white else x.white - x.q
        key = "negative" if raw < 0 else "plain"
        prefs = cat.text("fmt.list_sep").join(
            f"{v.id} {_letters(v.preference, cat)}" for v in place.views)
        explanation = cat.text(f"drill.x.why.{key}", b=x.white, n=x.black, q=x.q, raw=raw, x=x.x,
                               formula="n − q" if x.black > x.white else "b − q")
        groups.setdefault(key, []).append(drill_question(
            cat, cat.text("drill.x.text", score=cat.number(place.score), prefs=prefs),
            str(x.x), explanation, "drill.x.hint", accepted=[f"x={x.x}"]))
        if _mixed(groups, count, ("negative", "plain")):
            break
    return _mix(groups, count, ("negative", "plain"))


def _letters(preference: str, cat: Catalogue) -> str:
    """A preference of the trace's views (French letters) in the catalogue's."""
    if not preference or preference[0] not in "BN":
        return "-"
    letter = cat.text("fmt.letter.white" if preference[0] == "B" else "fmt.letter.black")
    return letter + preference[1:]


def c1_drill(seed: int = 0, count: int = 5, lang: str = "fr") -> tuple[Question, ...]:
    """C1: a player who cannot be paired in the bracket without breaking B1
    or B2 floats on at once (the card shows whom each has met)."""
    cat = catalogue(lang)
    questions: list[Question] = []
    for item, step in _steps(seed, MovedDownStep):
        assert isinstance(step, MovedDownStep) and step.place is not None
        if len(questions) >= count:
            break
        if len(step.place.players) < 3:
            continue
        answer = cat.players(step.players)
        questions.append(Question(
            text=cat.text("drill.c1.text", round=item.round,
                          bracket=_bracket_words(cat, step.place)),
            answer=answer, explanation=cat.text("drill.c1.why", players=answer,
                                                score=cat.number(step.place.score)),
            check=players_checker(step.players, cat.text("drill.c1.why", players=answer,
                                                          score=cat.number(step.place.score))),
            hint=cat.text("drill.c1.hint"),
            sheet=card_sheet(item.tournament, item.round).in_language(lang)))
    return tuple(questions)


def _c14(p: int, x: int, first_x: int) -> tuple[int, int]:
    """C14 on (p, x): « Diminuer p de 1 (si la valeur première de x était
    positive, retirer 1 à x aussi) »; ``first_x`` is x as C2 first gave it."""
    return p - 1, (max(x - 1, 0) if first_x > 0 else x)


def c14_drill(seed: int = 0, count: int = 5, lang: str = "fr") -> tuple[Question, ...]:
    """C14: « Diminuer p de 1 (si la valeur première de x était positive,
    retirer 1 à x aussi) »."""
    cat = catalogue(lang)
    questions: list[Question] = []
    for item in _pool(seed, 60):
        steps = item.reading.steps
        for index, step in enumerate(steps):
            if not (isinstance(step, RelaxStep) and step.rule == "C14") or step.place is None:
                continue
            key = (step.place.index, step.place.remainder)
            before = [s for s in steps[:index] if isinstance(s, XStep) and s.place is not None
                      and (s.place.index, s.place.remainder) == key]
            if not before:
                continue
            first_x = before[0].x
            last = next((s for s in reversed(steps[:index]) if s.place is not None
                         and (s.place.index, s.place.remainder) == key
                         and isinstance(s, RelaxStep)), None)
            x_now = last.x if last is not None else before[-1].x
            lowered = item.reading.events[step.event]
            if (isinstance(lowered, PDecreased) and lowered.x_first is not None
                    and lowered.x_from is not None):
                # The group's own x (A8) and x before C14, as the trace tells
                # them: a bracket's remainder groups (one per candidate of
                # its moved-down players) each have their own.
                first_x, x_now = lowered.x_first, lowered.x_from
            p_now = step.p + 1
            text = cat.text("drill.c14.text", score=cat.number(step.place.score), p=p_now,
                            x=x_now, first=first_x)
            if any(q.text == text for q in questions):
                continue
            # The answer is the text's, worked out here (not the trace's view,
            # which may show x cut to the new p): « Diminuer p de 1 (si la
            # valeur première de x était positive, retirer 1 à x aussi) »;
            # README, "How we read the 1998 text", 21.
            p_next, x_next = _c14(p_now, x_now, first_x)
            answer = cat.text("drill.c14.answer", p=p_next, x=x_next)
            explanation = cat.text("drill.c14.why.positive" if first_x > 0 else "drill.c14.why",
                                   p=p_next, x=x_next, first=first_x)
            questions.append(Question(
                text=text, answer=answer, explanation=explanation,
                check=_p_x_checker(p_next, x_next, explanation), hint=cat.text("drill.c14.hint")))
            if len(questions) >= count:
                return tuple(questions)
    return tuple(questions)


def _heterogeneous_runs(seed: int) -> Iterator[tuple[_Round, list[Event]]]:
    """For every heterogeneous bracket of the pool, its events in order (the
    remainder group's included), from its split to its pairing."""
    for item in _pool(seed, 60):
        runs: dict[int, list[Event]] = {}
        for event in item.reading.events:
            view = getattr(event, "bracket", None)
            if isinstance(view, BracketView) and (view.moved_down or view.remainder):
                runs.setdefault(view.index, []).append(event)
        for events in runs.values():
            if any(isinstance(e, CandidateTried) and not e.bracket.remainder and e.accepted
                   for e in events):
                yield item, events


def _mdp_pairings(events: Sequence[Event]) -> list[tuple[int, CandidateTried]]:
    return [(i, e) for i, e in enumerate(events) if isinstance(e, CandidateTried)
            and e.accepted and not e.bracket.remainder]


def c10_drill(seed: int = 0, count: int = 4, lang: str = "fr") -> tuple[Question, ...]:
    """C10, its first sentence: « Dans le cas d'un niveau homogène résiduel,
    défaire l'appariement du plus petit flotteur descendant et essayer de lui
    trouver un adversaire différent, en reprenant en C7. »  Rounds where a
    remainder group cannot be paired at any of its levels and the procedure
    finds the lowest downfloater another opponent (the card shows whom each
    has met, the floats and the colours)."""
    cat = catalogue(lang)
    questions: list[Question] = []
    for item, events in _heterogeneous_runs(seed):
        tried = _mdp_pairings(events)
        for (i, first), (j, then) in zip(tried, tried[1:]):
            between = events[i + 1:j]
            remainder = next((e for e in between if isinstance(e, BracketSplit)
                              and e.bracket.remainder), None)
            if (remainder is None or len(remainder.bracket.players) < 2
                    or first.bracket.x != then.bracket.x
                    or first.bracket.dropped != then.bracket.dropped
                    or first.pairs[:-1] != then.pairs[:-1] or first.pairs[-1] == then.pairs[-1]
                    or any(isinstance(e, (CriterionDropped, XIncreased, PDecreased))
                           and not e.bracket.remainder for e in between)
                    or any(e.kind == "pairings_tried" for e in between)):
                continue
            lowest, opponent = then.pairs[-1]
            view = first.bracket
            text = cat.text("drill.c10.text", round=item.round, bracket=_bracket_words(
                cat, Place.of(view)), first=cat.pairs(list(first.pairs)),
                rest=cat.players([p.id for p in remainder.bracket.players]),
                lowest=lowest)
            if any(q.text == text for q in questions):
                continue
            explanation = cat.text("drill.c10.why", lowest=lowest, opponent=opponent,
                                   before=first.pairs[-1][1], pairs=cat.pairs(list(then.pairs)))
            questions.append(Question(
                text=text, answer=str(opponent), explanation=explanation,
                check=players_checker([opponent], explanation), hint=cat.text("drill.c10.hint"),
                sheet=card_sheet(item.tournament, item.round).in_language(lang)))
            break
        if len(questions) >= count:
            break
    return tuple(questions)


def c11_drill(seed: int = 0, count: int = 3, lang: str = "fr") -> tuple[Question, ...]:
    """C11, its second sentence: « Quand on apparie un groupe résiduel, défaire
    tous les appariements des joueurs, y compris ceux des flotteurs
    descendants. Recommencer en C3. »  Rounds where x is raised for a
    heterogeneous bracket after its downfloaters were paired: the first
    candidate tried next pairs S1 against S2 in order, from scratch."""
    cat = catalogue(lang)
    questions: list[Question] = []
    for item, events in _heterogeneous_runs(seed):
        tried = _mdp_pairings(events)
        for k, event in enumerate(events):
            if not (isinstance(event, XIncreased) and not event.bracket.remainder
                    and tried and tried[0][0] < k):
                continue
            kept = [e for i, e in tried if i < k][-1]
            split = next((e for e in events[k + 1:] if isinstance(e, BracketSplit)), None)
            first = next((e for e in events[k + 1:] if isinstance(e, CandidateTried)
                          and not e.bracket.remainder), None)
            if split is None or first is None:
                break
            if first.pairs == kept.pairs or first.transposition or first.exchange:
                break               # the restart is seen when it pairs S1 otherwise
            view = split.bracket
            text = cat.text("drill.c11.text", round=item.round,
                            bracket=_bracket_words(cat, Place.of(view)),
                            kept=cat.pairs(list(kept.pairs)), x=view.x,
                            s1=cat.players(view.s1), s2=cat.players(view.s2))
            if any(q.text == text for q in questions):
                break
            answer = cat.pairs(list(first.pairs))
            explanation = cat.text("drill.c11.why", kept=cat.pairs(list(kept.pairs)), x=view.x,
                                   pairs=answer)
            expected = frozenset(frozenset(p) for p in first.pairs)

            def check(given: str, expected: frozenset[frozenset[PlayerId]] = expected,
                      explanation: str = explanation) -> tuple[bool, str]:
                return (parse_pairs(given) == expected, explanation)
            questions.append(Question(
                text=text, answer=answer, explanation=explanation, check=check,
                hint=cat.text("drill.c11.hint"),
                sheet=card_sheet(item.tournament, item.round).in_language(lang)))
            break
        if len(questions) >= count:
            break
    return tuple(questions)


def _p_x_checker(p: int, x: int, explanation: str) -> Callable[[str], tuple[bool, str]]:
    def check(answer: str) -> tuple[bool, str]:
        text = normalise_answer(answer)
        found_p = re.search(r"p=(\d+)", text)
        found_x = re.search(r"x=(\d+)", text)
        if found_p and found_x:
            return (int(found_p.group(1)) == p and int(found_x.group(1)) == x, explanation)
        numbers = re.findall(r"\d+", text)
        return (numbers == [str(p), str(x)], explanation)
    return check


# ---------------------------------------------------------------------------
# D1 and D2 at any size


def transposition_drill(seed: int = 0, count: int = 6, lang: str = "fr"
                        ) -> tuple[Question, ...]:
    """D1 on S2 of 3 to 6 players, from an order drawn at random."""
    rng = random.Random(seed)
    questions = []
    for _ in range(count):
        size = rng.randint(3, 6)
        start = rng.randint(1, 8)
        s2 = tuple(range(start, start + size))
        total = 1
        for k in range(2, size + 1):
            total *= k
        current = transposition_at(s2, rng.randrange(total - 1))
        questions.append(transposition_question(s2, current))
        assert transposition_rank(s2, current) < total - 1
    return tuple(questions)


def exchange_drill(seed: int = 0, count: int = 6, lang: str = "fr") -> tuple[Question, ...]:
    """D2 in homogeneous brackets of 6 to 12 players, from an exchange drawn at random."""
    rng = random.Random(seed)
    questions = []
    for _ in range(count):
        n = rng.randint(6, 12)
        n_s1, n_s2 = n // 2, n - n // 2
        order = list(islice(iter_exchanges(n_s1, n_s2, max_size=2), 40))
        index = rng.randrange(len(order) - 1)
        questions.append(exchange_question(n_s1, n_s2, order[index]))
    return tuple(questions)


# ---------------------------------------------------------------------------
# F1, F4: boards


def boards_drill(seed: int = 0, count: int = 5, lang: str = "fr") -> tuple[Question, ...]:
    """F1: boards by the higher player's score, then the sum of scores, then
    the higher player's rank; rounds where the sum decides come first."""
    cat = catalogue(lang)
    decided: list[Question] = []
    others: list[Question] = []
    for item, step in _steps(seed, BoardsStep):
        assert isinstance(step, BoardsStep)
        if len(step.boards) < 3:
            continue
        scores = {p: s.score for p, s in item.states().items()}
        tops = [max(scores[w], scores[b]) for w, b in step.boards]
        sums = [scores[w] + scores[b] for w, b in step.boards]
        by_sum = any(tops[i] == tops[i + 1] and sums[i] != sums[i + 1]
                     for i in range(len(tops) - 1))
        shuffled = sorted(step.boards, key=lambda pair: (min(pair) * 7919) % 101)
        shown = cat.text("fmt.list_sep").join(
            cat.text("drill.boards.pair", white=w, black=b, ws=cat.number(scores[w]),
                     bs=cat.number(scores[b])) for w, b in shuffled)
        answer = cat.pairs(step.boards)
        explanation = cat.text("drill.boards.why", boards=answer)
        question = Question(
            text=cat.text("drill.boards.text", pairs=shown), answer=answer,
            explanation=explanation, check=_ordered_checker(step.boards, explanation),
            hint=cat.text("drill.boards.hint"))
        (decided if by_sum else others).append(question)
        if len(decided) >= count:   # the first ``count`` decided by the sum: no need to read on
            break
    return tuple((decided + others)[:count])


def _ordered_checker(expected: Sequence[tuple[PlayerId, PlayerId]], explanation: str
                     ) -> Callable[[str], tuple[bool, str]]:

    def check(answer: str) -> tuple[bool, str]:
        return (ordered_pairs(answer) == tuple(expected), explanation)
    return check


def _fresh(players: int, rounds: int = 5) -> Tournament:
    """``players`` players, no round played yet (ratings fall with the number)."""
    return Tournament(name="", players=tuple(
        Player(id=i, name=f"Joueur {i:03d}", rating=2400 - 10 * i) for i in range(1, players + 1)),
        rounds=rounds)


def first_round_drill(seed: int = 0, count: int = 6, lang: str = "fr") -> tuple[Question, ...]:
    """F4 and the first-round colours: n players, the board of player k,
    White first; the last board of an even field is among them."""
    cat = catalogue(lang)
    rng = random.Random(seed)
    questions = []
    for number in range(count):
        n = rng.randint(8, 40)
        if number == 0:
            n = 36 if seed == 0 else n + n % 2
        k = n // 2 if number % 3 == 0 else rng.randint(1, n)
        result = pair(_fresh(n), 1)
        board = next((b for b in result.boards if k in (b.white, b.black)), None)
        if board is None:
            answer = cat.text("drill.first.bye_answer")
            explanation = cat.text("drill.first.bye", player=k, n=n)
        else:
            answer = cat.pair(board.white, board.black)
            explanation = cat.text("drill.first.why", n=n, half=n // 2, white=board.white,
                                   black=board.black)
        questions.append(Question(
            text=cat.text("drill.first.text", n=n, player=k), answer=answer,
            explanation=explanation,
            check=_ordered_checker([(board.white, board.black)], explanation)
            if board is not None else accepting([answer, "exempt", "bye"], explanation),
            hint=cat.text("drill.first.hint")))
    return tuple(questions)


# ---------------------------------------------------------------------------
# F2, F9, F5: forfeits, adjourned games, absences


def _tournament(players: int, rounds: Sequence[Sequence[tuple[int, int | None, str]]],
                total: int) -> Tournament:
    """A small tournament: each round lists (white, black or None, result
    code from White's side: 1 = 0 + - " " and for a lone player U H Z)."""
    entries: dict[int, list[RoundEntry]] = {i: [] for i in range(1, players + 1)}
    other_side = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", " ": " "}
    for number, games in enumerate(rounds, 1):
        for white, black, code in games:
            if black is None:
                entries[white].append(RoundEntry(number, None, None, Result.from_code(code)))
                continue
            entries[white].append(RoundEntry(number, black, Colour.WHITE, _result(code)))
            entries[black].append(RoundEntry(number, white, Colour.BLACK,
                                             _result(other_side[code])))
    return Tournament(name="", rounds=total, players=tuple(
        Player(id=i, name=f"Joueur {i}", rating=2400 - 10 * i, entries=tuple(entries[i]))
        for i in range(1, players + 1)))


def _result(code: str) -> Result:
    return Result.PENDING if code == " " else Result.from_code(code)


def forfeit_drill(seed: int = 0, count: int = 6, lang: str = "fr") -> tuple[Question, ...]:
    """F2: « Un nouvel appariement entre les deux joueurs ne sera pas considéré
    comme illégal »; B1a after a game played; B1b: a forfeit win is a point
    without playing, so no bye."""
    cat = catalogue(lang)
    rng = random.Random(seed)
    yes, no = cat.text("drill.yes"), cat.text("drill.no")
    cases = [("meet", code) for code in "+-10="] + [("bye", code) for code in "+-1"]
    rng.shuffle(cases)
    # Both questions early: « may they meet again? » and « may he get the bye? ».
    firsts = [next(c for c in cases if c[0] == "meet"), next(c for c in cases if c[0] == "bye")]
    cases = firsts + [c for c in cases if c not in firsts]
    questions = []
    for kind, code in cases[:count]:
        t = _tournament(4, [[(1, 2, code), (3, 4, "1")], [(1, 3, "="), (2, 4, "=")]], 4)
        states = {s.id: s for s in t.states(3)}
        if kind == "meet":
            allowed = pair_rejection(states[1], states[2]) is None
            key = "played" if _result(code).game_played else "forfeit"
            text = cat.text("drill.forfeit.meet", result=cat.text(f"drill.result.{code}"))
            explanation = cat.text(f"drill.forfeit.why.{key}")
        else:
            allowed = bye_rejection(states[1]) is None
            key = "win" if code == "+" else ("loss" if code == "-" else "played")
            text = cat.text("drill.forfeit.bye", result=cat.text(f"drill.result.{code}"))
            explanation = cat.text(f"drill.forfeit.bye_why.{key}")
        answer = yes if allowed else no
        questions.append(drill_question(cat, text, answer, explanation, "drill.forfeit.hint"))
    return tuple(questions)


def adjourned_drill(seed: int = 0, count: int = 4, lang: str = "fr") -> tuple[Question, ...]:
    """F9: an adjourned game counts as a draw, for pairing only."""
    cat = catalogue(lang)
    rng = random.Random(seed)
    questions: list[Question] = []
    seen: set[tuple[str, str]] = set()
    while len(questions) < min(count, 9):
        results = tuple(rng.choice("1=0") for _ in range(3))
        if (results[0], results[2]) in seen:
            continue
        seen.add((results[0], results[2]))
        # Rounds 1 and 2 played, round 3's game 1-3 adjourned; before round 4.
        t = _tournament(4, [[(1, 2, results[0]), (3, 4, results[1])],
                            [(4, 1, results[2]), (2, 3, "=")],
                            [(1, 3, " "), (2, 4, "1")]], 5)
        states = {s.id: s for s in t.states(4)}
        score = states[1].score
        answer = cat.number(score)
        points = {"1": Decimal(1), "=": Decimal("0.5"), "0": Decimal(0)}
        played = points[results[0]] + (Decimal(1) - points[results[2]])
        explanation = cat.text("drill.adjourned.why", first=cat.number(played),
                               score=answer)
        questions.append(drill_question(
            cat, cat.text("drill.adjourned.text",
                          first=cat.text(f"drill.result.{results[0]}"),
                          second=cat.text(f"drill.result4.{results[2]}")),
            answer, explanation, "drill.adjourned.hint",
            accepted=[str(score.normalize()), answer.replace(",", ".")]))
    return tuple(questions)


def absence_drill(seed: int = 0, count: int = 4, lang: str = "fr") -> tuple[Question, ...]:
    """F5: who is not paired this round (absent, withdrawn, a half-point
    bye asked for, a late entry not there yet), from the card."""
    cat = catalogue(lang)
    rounds: list[tuple[int, int, _Round, CardSheet, list[PlayerId]]] = []
    for item in _pool(seed, 60):
        started = item.reading.started
        if started is None or not started.absent:
            continue
        sheet = card_sheet(item.tournament, item.round).in_language(lang)
        # Rounds that mix the cases (absent, withdrawn, a half-point bye) first.
        kinds = {(sheet.row(p).withdrawn, sheet.row(p).requested) for p in started.absent}
        rounds.append((-len(kinds), len(rounds), item, sheet, sorted(started.absent)))
    questions = []
    for _, _, item, sheet, absent in sorted(rounds, key=lambda r: r[:2])[:count]:
        explanation = cat.text("drill.absence.why", players=cat.players(absent))
        questions.append(Question(
            text=cat.text("drill.absence.text", round=item.round), answer=cat.players(absent),
            explanation=explanation, check=players_checker(absent, explanation),
            hint=cat.text("drill.absence.hint"), sheet=sheet))
    return tuple(questions)


@dataclasses.dataclass(frozen=True)
class _LastRound:
    before: Tournament            # the tournament before its last round
    round: RoundNumber
    events: tuple[Event, ...]     # the last round's trace
    other: RoundPaired            # the same round paired as if it were not the last


def _last_round_of(settings: GeneratorSettings) -> tuple[_LastRound, ...]:
    """The last round of the tournament ``settings`` draws when the last
    round's exceptions change its pairing (none else, nor when it cannot be
    paired)."""
    try:
        document, traces = generate_traced(settings, trace)
    except PairingError:
        return ()
    full = document.tournament
    last = full.rounds_paired
    if last < 3 or not full.is_last_round(last):
        return ()
    before = full.truncated(last - 1)
    events = traces.get(last) or tuple(trace(before, last))
    result = events[-1]
    assert isinstance(result, RoundPaired)
    not_last = dataclasses.replace(before, rounds=last + 1)
    try:
        other = pair(not_last, last)
    except PairingError:
        return ()
    if other.boards == result.boards:
        return ()
    return (_LastRound(before, last, events, other),)


@lru_cache(maxsize=16)
def _last_rounds(seed: int) -> DrawnRounds[_LastRound]:
    """The tournaments ``last_round_drill`` draws from ``seed``, drawn as far as
    a bank reads and kept (a bank in another language reads the same)."""
    return DrawnRounds(seed + 1, _last_round_of, players=(6, 12), rounds=(4, 6))


def last_round_drill(seed: int = 0, count: int = 2, lang: str = "fr") -> tuple[Question, ...]:
    """The last round: players over 50 % lose the protection of B2, B5, B6
    (and A7a's absolute preference): rounds where that changes the pairing
    (among 200 tournaments drawn from ``seed + 1``)."""
    cat = catalogue(lang)
    questions = []
    for item in _last_rounds(seed).rounds(200):
        result = item.events[-1]
        assert isinstance(result, RoundPaired)
        answer = round_text(result, lang)
        explanation = cat.text("drill.last.why", answer=answer,
                               other=round_text(item.other, lang))

        def check(text: str, events: tuple[Event, ...] = item.events,
                  explanation: str = explanation) -> tuple[bool, str]:
            verdict = check_round(events, text, lang)
            return verdict.correct, verdict.message if not verdict.correct else explanation
        questions.append(Question(
            text=cat.text("drill.last.text", round=item.round), answer=answer,
            explanation=explanation, check=check, hint=cat.text("drill.last.hint"),
            sheet=card_sheet(item.before, item.round).in_language(lang)))
        if len(questions) >= count:
            break
    return tuple(questions)


# ---------------------------------------------------------------------------
# Any rule: whole rounds drawn for it (issue 30)


def rule_drill(rule: str = "E3", seed: int = 0, count: int = 3, lang: str = "fr"
               ) -> tuple[Question, ...]:
    """``count`` whole rounds in which ``rule`` decides (any rule of
    :data:`swisslearn.exam.targets.RULES`: E1-E4, B1b-B6, C9-C14, the
    last-round note, F rules, the bye), drawn from seeds ``seed``,
    ``seed + 1``...  Each is answered White first from its card; the hint
    names the rule, the working says where it decides.  E3 by default: the
    rule the course rounds never showed (issue 30)."""
    from swisslearn.exam.targets import proof_of, round_for_rule, rule_words
    from swisslearn.explain import explain
    cat = catalogue(lang)
    questions = []
    for number in range(count):
        drawn = round_for_rule(rule, seed + number)
        exercise = drawn.exercise
        step = proof_of(drawn.rule, exercise.tournament, exercise.round, exercise.events)
        assert step is not None          # round_for_rule checked it on these very events
        answer = round_text(exercise.result, lang)
        explanation = cat.text("drill.rule.why", answer=answer, rule=rule_words(drawn.rule, lang),
                               step=explain(step, lang))

        def check(text: str, events: tuple[Event, ...] = exercise.events,
                  explanation: str = explanation) -> tuple[bool, str]:
            verdict = check_round(events, text, lang)
            return verdict.correct, verdict.message if not verdict.correct else explanation
        questions.append(Question(
            text=cat.text("drill.rule.text", round=exercise.round), answer=answer,
            explanation=explanation, check=check,
            hint=cat.text("drill.rule.hint", rule=rule_words(drawn.rule, lang)), sheet=exercise.sheet(lang)))
    return tuple(questions)
