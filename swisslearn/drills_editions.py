"""Drill banks for the 2026 rules beside the 1998 and 2017 ones (notebook 10).

Every question is drawn from a seed and answered by the engines themselves
(``dutch-1998``, ``dutch-2017``, ``dutch-2026`` through
:func:`swisslearn.systems.get`); a question shows all it needs: the card of
the round (:func:`swisslearn.card.sheet.card_sheet`) when it asks about a
bracket or the whole round.  Only questions a trainee can answer from what
is shown are kept: a bracket whose MaxPairs is not the largest matching of
the card's players (a later bracket's needs, [C4]) is not asked about.

=========================  ===================================================
bank                       what it drills
=========================  ===================================================
:func:`parameters_drill`   3.1: M0, MaxPairs and M1 of a bracket (card shown)
:func:`downfloat_drill`    1.4.3 (2026), A.4.b (2017), A5 (1998): a round
                           without a game, a downfloat or not, per edition
:func:`pab_drill`          [C2], [C5], [C9]: who gets the PAB in 2026 (card)
:func:`round_2026_drill`   a whole round under the 2026 rules, White first
=========================  ===================================================

Questions are :class:`swisslearn.exercises.Question` objects, shown with
:class:`swisslearn.card.widget.DrillWidget` like the course's banks.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from swisslearn.card.sheet import card_sheet
from swisslearn.errors import PairingError
from swisslearn.exercises import Question, accepting, drill_question, players_checker, round_question
from swisslearn.words import catalogue
from swisslearn.generate import DrawnRounds, GeneratorSettings, generate_traced
from swisslearn.matching import max_pairs
from swisslearn.model import Colour, Player, PlayerId, PlayerState, Result, RoundEntry, Tournament
from swisslearn.systems import get as system
from swisslearn.trace import Event, RoundPaired

__all__ = ["downfloat_drill", "pab_drill", "parameters_drill", "round_2026_drill"]


@dataclass(frozen=True)
class _Round:
    tournament: Tournament
    round: int
    events: tuple[Event, ...]

    def states(self) -> dict[PlayerId, PlayerState]:
        return {s.id: s for s in self.tournament.states(self.round)}


def _rounds_of(settings: GeneratorSettings) -> tuple[_Round, ...]:
    """Every round (from the second) of the tournament ``settings`` draws,
    paired by the 2026 engine, traced by it (none if it cannot be paired)."""
    engine = system("dutch-2026")
    try:
        document, traces = generate_traced(settings, engine.trace)
    except PairingError:
        return ()
    full = document.tournament
    rounds = []
    for number in range(2, full.rounds_paired + 1):
        before = full.truncated(number - 1)
        events = traces.get(number) or tuple(engine.trace(before, number))
        rounds.append(_Round(before, number, events))
    return tuple(rounds)


@lru_cache(maxsize=8)
def _drawn(seed: int) -> DrawnRounds[_Round]:
    """The small tournaments of ``seed``, drawn, paired and traced by the 2026
    engine as far as a bank reads (the banks stop once full)."""
    return DrawnRounds(seed, _rounds_of, players=(6, 11), rounds=(3, 5))


def _pool(seed: int, size: int = 30) -> Iterator[_Round]:
    """Every round (from the second) of ``size`` small tournaments drawn from
    ``seed`` and paired by the 2026 engine, traced by it."""
    return _drawn(seed).rounds(size)


def _absolute(state: PlayerState) -> Colour | None:
    preference = state.preference
    return preference.colour if int(preference.strength) == 3 else None


def _hand_counts(players: Sequence[PlayerId], moved: Sequence[PlayerId],
                 states: dict[PlayerId, PlayerState]) -> tuple[int, int]:
    """What the card lets a trainee count: the largest number of pairs of the
    bracket without a rematch ([C1]) nor two players of the same absolute
    colour ([C3]), MDPs meeting residents only; and the most MDPs paired."""
    def can_meet(a: PlayerId, b: PlayerId) -> bool:
        same = _absolute(states[a]) is not None and _absolute(states[a]) == _absolute(states[b])
        return not (states[a].has_met(b) or same or (a in moved and b in moved))

    pairs = max_pairs(players, can_meet)
    mdps = max_pairs(players, lambda a, b: can_meet(a, b) and (a in moved) != (b in moved)
                     ) if moved else 0
    return pairs, mdps


def parameters_drill(seed: int = 0, count: int = 6, lang: str = "fr") -> tuple[Question, ...]:
    """3.1: M0, MaxPairs and M1 of a bracket, from the card; brackets with
    MDPs first, then homogeneous ones, alternately."""
    cat = catalogue(lang)
    with_mdps: list[Question] = []
    without: list[Question] = []
    for item in _pool(seed):
        states = item.states()
        for event in item.events:
            if event.kind != "bracket_parameters":
                continue
            view = event.bracket  # type: ignore[attr-defined]
            players = tuple(p.id for p in view.players)
            if len(players) < 3:
                continue
            pairs, mdps = _hand_counts(players, view.moved_down, states)
            m0, max_pairs, m1 = event.m0, event.max_pairs, event.m1  # type: ignore[attr-defined]
            if (pairs, min(mdps, m0)) != (max_pairs, m1):
                continue            # a later bracket's needs decided: not from the card alone
            answer = f"{m0}, {max_pairs}, {m1}"
            explanation = cat.text("drill.parameters.why", m0=m0, max_pairs=max_pairs, m1=m1,
                                   limbo=cat.players(event.limbo) if event.limbo  # type: ignore[attr-defined]
                                   else cat.text("drill.nobody"))
            bank = with_mdps if view.moved_down else without
            if len(bank) >= count:
                continue
            bank.append(Question(
                text=cat.text("drill.parameters.text", round=item.round,
                              score=cat.number(view.score), players=cat.players(players),
                              moved=cat.players(view.moved_down) if view.moved_down
                              else cat.text("drill.nobody")),
                answer=answer, explanation=explanation,
                check=accepting([answer, answer.replace(" ", "")], explanation),
                hint=cat.text("drill.parameters.hint"),
                sheet=card_sheet(item.tournament, item.round).in_language(lang)))
        if len(with_mdps) >= count and len(without) >= count:
            break
    mixed = [q for pair in zip(with_mdps, without) for q in pair]
    mixed += with_mdps[len(without):] + without[len(with_mdps):]
    return tuple(mixed[:count])


# ---------------------------------------------------------------------------
# A round without a game: a downfloat?

_UNPLAYED = ("+", "-", "H", "F", "Z", "U")
"""Player 1's round 1 without a game: a forfeit won, a forfeit lost, a half-point
bye asked for, a full-point bye asked for, absent, the pairing's bye."""


def _round_one(code: str) -> Tournament:
    """Six players, round 1: 3-4 and 5-6 played; 1 and 2 as ``code`` says."""
    other = {"+": "-", "-": "+"}
    entries: dict[int, list[RoundEntry]] = {i: [] for i in range(1, 7)}
    if code in other:
        entries[1].append(RoundEntry(1, 2, Colour.WHITE, Result.from_code(code)))
        entries[2].append(RoundEntry(1, 1, Colour.BLACK, Result.from_code(other[code])))
    else:
        entries[1].append(RoundEntry(1, None, None, Result.from_code(code)))
        entries[2].append(RoundEntry(1, None, None, Result.from_code("Z")))
    for white, black in ((3, 4), (5, 6)):
        entries[white].append(RoundEntry(1, black, Colour.WHITE, Result.from_code("1")))
        entries[black].append(RoundEntry(1, white, Colour.BLACK, Result.from_code("0")))
    return Tournament(name="", rounds=4, players=tuple(
        Player(id=i, name=f"Joueur {i}", rating=2400 - 10 * i, entries=tuple(entries[i]))
        for i in range(1, 7)))


_EDITIONS = (("dutch-2026", "2026"), ("dutch-2017", "2017"), ("dutch-1998", "1998"))


def downfloat_drill(seed: int = 0, count: int = 8, lang: str = "fr") -> tuple[Question, ...]:
    """Round 1 without a game for player 1 (forfeit won or lost, a bye asked
    for, absent, the pairing's bye): does he carry a downfloat into round 2,
    under the edition asked?  Answered by each engine's round 2 trace."""
    cat = catalogue(lang)
    rng = random.Random(seed)
    cases = [(code, edition) for code in _UNPLAYED for edition in _EDITIONS]
    rng.shuffle(cases)
    # The editions disagree on these: ask them first.
    cases.sort(key=lambda case: case[0] not in ("Z", "-", "H"))
    yes, no = cat.text("drill.yes"), cat.text("drill.no")
    questions = []
    for code, (name, year) in cases[:count]:
        events = system(name).trace(_round_one(code), 2)
        started = next(events)
        floats = next(v.floats for v in started.players  # type: ignore[attr-defined]
                      if v.id == 1)
        down = "↓" in floats
        explanation = cat.text(f"drill.downfloat.why.{year}", result=cat.text(
            f"drill.unplayed.{code}"), answer=yes if down else no)
        questions.append(drill_question(
            cat, cat.text("drill.downfloat.text", result=cat.text(f"drill.unplayed.{code}"),
                          year=year),
            yes if down else no, explanation, f"drill.downfloat.hint.{year}"))
    return tuple(questions)


# ---------------------------------------------------------------------------
# The PAB in 2026


def pab_drill(seed: int = 0, count: int = 5, lang: str = "fr") -> tuple[Question, ...]:
    """[C2], [C5], [C9]: who receives the PAB under the 2026 rules, in rounds
    where those three decide it alone (one player allowed it ([C2]) has the
    lowest score and, among those, the fewest unplayed games); the 2017
    engine's bye of the same round in the working."""
    cat = catalogue(lang)
    engine17 = system("dutch-2017")
    questions: list[Question] = []
    for item in _pool(seed + 1):
        result = item.events[-1]
        assert isinstance(result, RoundPaired)
        if len(result.byes) != 1:
            continue
        present = {p for b in result.boards for p in (b.white, b.black)} | set(result.byes)
        states = item.states()
        checked = next(e for e in item.events if e.kind == "completion_checked")
        allowed = [states[p] for p in checked.pab_candidates]  # type: ignore[attr-defined]
        if not allowed:
            continue
        lowest = checked.pab_score  # type: ignore[attr-defined]
        fewest = min(_unplayed(s) for s in allowed)
        chosen = [s.id for s in allowed if _unplayed(s) == fewest]
        if chosen != list(result.byes):
            continue
        at_lowest = allowed
        try:
            bye17 = engine17.pair(item.tournament, item.round).byes
        except PairingError:
            continue
        pab = result.byes[0]
        text = cat.text("drill.pab.text", round=item.round, players=len(present))
        if any((q.text, q.answer) == (text, str(pab)) for q in questions):
            continue                       # the same question twice: another round
        explanation = cat.text("drill.pab.why", player=pab, score=cat.number(lowest),
                               unplayed=fewest, others=cat.players([s.id for s in at_lowest
                                                                    if s.id != pab])
                               or cat.text("drill.nobody"),
                               bye17=cat.players(bye17) if bye17 else cat.text("drill.nobody"))
        questions.append(Question(
            text=text, answer=str(pab),
            explanation=explanation, check=players_checker([pab], explanation),
            hint=cat.text("drill.pab.hint"),
            sheet=card_sheet(item.tournament, item.round).in_language(lang)))
        if len(questions) >= count:
            break
    return tuple(questions)


def _unplayed(state: PlayerState) -> int:
    """[C9]: the rounds without a game so far."""
    return sum(1 for colour in state.colour_history if colour is None)


# ---------------------------------------------------------------------------
# A whole round under 2026


def _rounds_2026(seed: int) -> Iterator[_Round]:
    for item in _pool(seed + 2):
        if item.round >= 3 and len(item.tournament.players) <= 9:
            yield item


def round_2026_drill(seed: int = 0, count: int = 4, lang: str = "fr") -> tuple[Question, ...]:
    """A whole round of a small tournament under the 2026 rules, from the
    card: right only White first, the first wrong board told why()."""
    cat = catalogue(lang)
    questions = []
    for item in _rounds_2026(seed):
        question = round_question(item.events, cat.text("drill.round2026.text", round=item.round),
                                  lang=lang)
        questions.append(Question(
            text=question.text, answer=question.answer, explanation=question.explanation,
            check=question.check, hint=cat.text("drill.round2026.hint"),
            sheet=card_sheet(item.tournament, item.round).in_language(lang)))
        if len(questions) >= count:
            break
    return tuple(questions)
