"""Pairing a round on the card, step by step, each step checked at once.

A :class:`CardSession` holds the steps of a round (:mod:`.steps`, read from
the engine's trace) and where the trainee is.  :meth:`CardSession.check`
compares what the trainee wrote with the step; a right answer moves on, a
wrong one gets a :class:`Feedback` that names the step, what is wrong in it
first and the rule, with a hint (:meth:`CardSession.hint`); the answer is
given only on request (:meth:`CardSession.reveal`).  Never just "wrong".

Where the trace lists several candidates one after the other, the trainee
may write a later one of the same run (an arbiter sees at once that the
next orders of S2 fail for the same pair): the card moves to that one and
says how many it passed over.

Everything is plain functions and data: the widget
(:mod:`swisslearn.card.widget`) only shows them.  Words come from the
catalogue (``fr.card.json``, ``en.card.json``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from decimal import Decimal

from swisslearn.card import answers
from swisslearn.card.breaches import with_breaches
from swisslearn.card.steps import (BoardsStep, BracketStep, ByeStep, CandidateStep, ColourStep,
                                   ExchangeStep, FloatersStep, MovedDownStep, PairsStep, Place,
                                   PStep, Reading, RelaxStep, SplitStep, Step, UndoStep, VerdictStep,
                                   XStep, read_trace)
from swisslearn.explain import explain
from swisslearn.errors import UsageError
from swisslearn.explain.catalogue import Catalogue, catalogue
from swisslearn.model import PlayerId, RoundNumber, Tournament
from swisslearn.trace import Event

__all__ = ["CardSession", "Feedback", "Outcome", "card_trace", "prompt", "step_answer"]

Pair = tuple[PlayerId, PlayerId]

# The steps a trainee may jump over to a later candidate of the same run.
_RUN = (CandidateStep, VerdictStep, ExchangeStep)

#: What refuses a candidate on the card: the criteria of B (any one the
#: candidate breaks is right), A5 (two players would be left over in the
#: lowest bracket) and the rules of the driver that refuse a pairing already
#: tried (C12: another player must move down; C13: another pairing).
VERDICT_LABELS = ("B1a", "B1b", "B2a", "B2b", "B4", "B5", "B6", "A5", "C12", "C13")


@dataclass(frozen=True)
class Feedback:
    """What the card says of one answer.

    ``correct``: the step is done (right, or revealed); ``message``: the
    card's words; ``step``: the index of the step checked (the first wrong
    one); ``rule``: the rule it applies; ``hint``: for a wrong answer, the
    hint (the answer itself only after :meth:`CardSession.reveal`);
    ``passed``: steps passed over by a jump.
    """

    correct: bool
    message: str
    step: int
    rule: str
    hint: str = ""
    answer: str = ""
    passed: int = 0
    revealed: bool = False


@dataclass
class Outcome:
    """How each step went: right at the first try, after mistakes, revealed."""

    tries: int = 0
    right: bool = False
    revealed: bool = False
    hinted: bool = False


def card_trace(tournament: Tournament, round: RoundNumber | None = None) -> tuple[Event, ...]:
    """The trace the card follows: the 1998 rules in literal mode (every
    candidate tried aloud), or the default trace where a split has too many
    candidates for it (its ranges are then shown between the steps).  Each
    refused candidate carries every criterion it breaks (:mod:`.breaches`)."""
    from swisslearn.dutch1998.procedure import trace
    round = tournament.round_to_pair(round)
    try:
        events = tuple(trace(tournament, round, literal=True))
    except UsageError:
        # Literal mode refuses a split of more than 8! candidates (same pairing).
        events = tuple(trace(tournament, round))
    return with_breaches(events, tournament, round)


class CardSession:
    """One round on the card.  ``session.position`` is the step to answer."""

    def __init__(self, reading: Reading | Iterable[Event], lang: str = "fr") -> None:
        self.reading = reading if isinstance(reading, Reading) else read_trace(reading)
        self.lang = lang
        self.cat = catalogue(lang)
        self.position = 0
        self.outcomes = [Outcome() for _ in self.reading.steps]
        self.log: list[Feedback] = []

    @classmethod
    def for_round(cls, tournament: Tournament, round: RoundNumber | None = None,
                  lang: str = "fr") -> CardSession:
        return cls(read_trace(card_trace(tournament, round)), lang)

    # -- where we are -------------------------------------------------------

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.reading.steps

    @property
    def done(self) -> bool:
        return self.position >= len(self.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.steps[self.position]

    def prompt(self) -> str:
        """The question of the current step (or the words for a round done)."""
        if self.done:
            return self.cat.text("card.done", score=self.score_text())
        return prompt(self.steps[self.position], self.cat)

    def progress(self) -> tuple[int, int]:
        return self.position, len(self.steps)

    def pairs_so_far(self) -> tuple[Pair, ...]:
        """The pairs the trainee has written and kept so far (the last
        accepted candidate of each bracket, or the pairs of a finished one)."""
        kept: dict[tuple[int, bool], tuple[Pair, ...]] = {}
        for index in range(self.position):
            step = self.steps[index]
            if isinstance(step, VerdictStep) and step.accepted and step.place is not None:
                kept[(step.place.index, step.place.remainder)] = step.pairs
            elif isinstance(step, PairsStep) and step.place is not None:
                for key in [k for k in kept if k[0] == step.place.index]:
                    del kept[key]
                kept[(step.place.index, step.place.remainder)] = step.pairs
            elif isinstance(step, UndoStep) and step.place is not None:
                for key in [k for k in kept if k[0] == step.place.index]:
                    del kept[key]
        return tuple(p for key in sorted(kept) for p in kept[key])

    # -- answering ----------------------------------------------------------

    def check(self, text: str) -> Feedback:
        """Check ``text`` against the current step; move on if it is right."""
        if self.done:
            return Feedback(True, self.prompt(), len(self.steps), "")
        index = self.position
        step = self.steps[index]
        outcome = self.outcomes[index]
        outcome.tries += 1
        problem = _check(step, text, self.cat)
        if problem is None:
            outcome.right = True
            return self._advance(index, self._right(index, 0, _note(step, text, self.cat)))
        later = self._later_exchange(index, text) if isinstance(step, ExchangeStep) else None
        if later is not None:
            # D2 is an order: an exchange tried later is not the next one.
            problem = self.cat.text("card.problem.exchange_order", given=later,
                                    first=step_answer(step, self.cat))
        elif isinstance(step, CandidateStep) and not step.first:
            # C6 is one candidate, S1 against S2 in order: no jump from it.
            jump = self._jump(index, text)
            if jump is not None:
                target, passed = jump
                for skipped in range(index, target):
                    self.outcomes[skipped].right = True
                self.outcomes[target].tries += 1
                self.outcomes[target].right = True
                self.position = target
                return self._advance(target, self._right(target, passed))
        feedback = Feedback(False, self.cat.text("card.wrong", number=index + 1,
                                                 what=what(step, self.cat), rule=step.rule,
                                                 problem=problem),
                            index, step.rule, hint=self.hint())
        self.log.append(feedback)
        return feedback

    def hint(self) -> str:
        """The hint of the current step: the rule in a sentence, and where to look."""
        if self.done:
            return ""
        self.outcomes[self.position].hinted = True
        return hint(self.steps[self.position], self.cat)

    def reveal(self) -> Feedback:
        """The answer of the current step, with the engine's sentence; moves on."""
        if self.done:
            return Feedback(True, self.prompt(), len(self.steps), "")
        index = self.position
        step = self.steps[index]
        self.outcomes[index].revealed = True
        answer = step_answer(step, self.cat)
        note = _x_note(step, self.cat) if isinstance(step, XStep) else ""
        message = self.cat.join([self.cat.text("card.revealed", answer=answer),
                                 *([note] if note else []), self.said(index)])
        return self._advance(index, Feedback(True, message, index, step.rule, answer=answer,
                                             revealed=True))

    def said(self, index: int) -> str:
        """The engine's sentences for step ``index``: the events it stands
        for, those passed over before it included (explain())."""
        step = self.steps[index]
        if isinstance(step, VerdictStep) and step.pairs:
            # Its sentence is the candidate's (same event), told once answered.
            return explain(self.reading.own(index), self.lang)
        sentences = [explain(e, self.lang) for e in self.reading.passed_over(index)]
        if not isinstance(step, (XStep, PStep, CandidateStep)):
            # x and p share S1/S2's event: its sentence would give S1 and S2 away.
            sentences.append(explain(self.reading.own(index), self.lang))
        return self.cat.join(sentences)

    def _right(self, index: int, passed: int, note: str = "") -> Feedback:
        step = self.steps[index]
        words = [self.cat.text("card.right")]
        if note:
            words.append(note)
        if passed:
            words.append(self.cat.text("card.passed", count=self.cat.number(passed)))
        words.append(self.said(index))
        return Feedback(True, self.cat.join(words), index, step.rule, passed=passed)

    def _advance(self, index: int, feedback: Feedback) -> Feedback:
        self.position = index + 1
        self.log.append(feedback)
        return feedback

    def _later_exchange(self, index: int, text: str) -> str | None:
        """The exchange ``text`` names if the trace tries it after the
        current one, in the same bracket (the card's words for it), or None."""
        current = self.steps[index]
        for later in self._same_run(index):
            step = self.steps[later]
            if isinstance(step, ExchangeStep) and step != current \
                    and _check(step, text, self.cat) is None:
                return step_answer(step, self.cat)
        return None

    def _same_run(self, index: int) -> Iterable[int]:
        """The steps after ``index`` of the same run of candidates and
        exchanges, in the same bracket."""
        place = self.steps[index].place
        for later in range(index + 1, len(self.steps)):
            step = self.steps[later]
            if not isinstance(step, _RUN) or step.place is None or place is None \
                    or (step.place.index, step.place.remainder) != (place.index, place.remainder):
                return
            yield later

    def _jump(self, index: int, text: str) -> tuple[int, int] | None:
        """A later candidate of the same split that ``text`` answers (an
        exchange is never passed over, D2 is an order): (its index, the
        candidates passed over), or None."""
        current = self.steps[index]
        passed = 0
        for later in self._same_run(index):
            step = self.steps[later]
            if isinstance(step, ExchangeStep):
                return None
            if isinstance(step, CandidateStep):
                passed += 1
            if type(step) is type(current) and _check(step, text, self.cat) is None:
                return later, passed
        return None

    # -- the score ----------------------------------------------------------

    def score(self) -> tuple[int, int]:
        """(steps right at the first try, steps done so far)."""
        first = sum(1 for o in self.outcomes[:self.position]
                    if o.right and o.tries <= 1 and not o.revealed and not o.hinted)
        return first, self.position

    def score_text(self) -> str:
        first, total = self.score()
        return self.cat.text("card.score", first=self.cat.number(first),
                             total=self.cat.number(total))


# ---------------------------------------------------------------------------
# Words of one step (plain functions, tested without a session)


def _bracket(place: Place | None, cat: Catalogue) -> str:
    if place is None:
        return cat.text("card.round")
    key = "card.bracket.remainder" if place.remainder else "card.bracket"
    return cat.text(key, score=cat.number(place.score))


def what(step: Step, cat: Catalogue) -> str:
    """What the step is, in a few words (« S1 et S2 du niveau 2 »)."""
    return cat.text(f"card.step.{step.kind}", bracket=_bracket(step.place, cat))


def prompt(step: Step, cat: Catalogue) -> str:
    """The question the card asks for ``step``."""
    bracket = _bracket(step.place, cat)
    if isinstance(step, CandidateStep):
        key = "card.prompt.candidate.first" if step.first else "card.prompt.candidate.next"
        return cat.text(key, bracket=bracket)
    if isinstance(step, VerdictStep):
        if not step.pairs:
            return cat.text("card.prompt.verdict.nobody", bracket=bracket,
                            players=cat.players(step.leftover),
                            labels=cat.text("fmt.list_sep").join(VERDICT_LABELS))
        return cat.text("card.prompt.verdict", bracket=bracket, pairs=cat.pairs(step.pairs),
                        labels=cat.text("fmt.list_sep").join(VERDICT_LABELS))
    if isinstance(step, UndoStep):
        return cat.text("card.prompt.undo", failed=cat.number(step.failed))
    if isinstance(step, ColourStep):
        first, second = sorted((step.white, step.black), key=lambda p: p != step.higher)
        return cat.text("card.prompt.colour", a=first, b=second)
    if isinstance(step, MovedDownStep) and len(step.players) > 1:
        return cat.text("card.prompt.moved_down.several", bracket=bracket,
                        count=cat.number(len(step.players)))
    return cat.text(f"card.prompt.{step.kind}", bracket=bracket)


def step_answer(step: Step, cat: Catalogue) -> str:
    """The step's answer as the trainee would write it."""
    if isinstance(step, BracketStep):
        return cat.players(step.players)
    if isinstance(step, MovedDownStep):
        return cat.players(step.players)
    if isinstance(step, SplitStep):
        return cat.text("card.answer.split", s1=cat.players(step.s1), s2=cat.players(step.s2),
                        p=cat.number(step.p))
    if isinstance(step, XStep):
        return cat.text("card.answer.x", x=cat.number(step.x), b=cat.number(step.white),
                        n=cat.number(step.black), q=cat.number(step.q))
    if isinstance(step, PStep):
        return cat.text("card.answer.p", p=cat.number(step.p))
    if isinstance(step, (CandidateStep, PairsStep)):
        return cat.pairs(step.pairs)
    if isinstance(step, VerdictStep):
        if step.accepted:
            return cat.text("card.answer.accepted")
        return step.criterion or cat.text("card.answer.refused")
    if isinstance(step, ExchangeStep):
        return cat.text("card.answer.exchange", from_s1=cat.group(step.from_s1),
                        from_s2=cat.group(step.from_s2), cell=cat.cell(step.cell))
    if isinstance(step, RelaxStep):
        if step.criterion:
            return cat.text("card.answer.relax.criterion", rule=step.rule,
                            criterion=step.criterion,
                            floaters=cat.text(f"card.floaters.{step.floaters or 'down'}"))
        return step.rule
    if isinstance(step, UndoStep):
        return step.rule
    if isinstance(step, FloatersStep):
        return cat.players(step.moved_down)
    if isinstance(step, ByeStep):
        return str(step.player)
    if isinstance(step, ColourStep):
        return cat.text("card.answer.colour", white=step.white, black=step.black)
    if isinstance(step, BoardsStep):
        return cat.pairs(step.boards)
    return ""


def hint(step: Step, cat: Catalogue) -> str:
    """The rule of the step in a sentence, and where to look on the card."""
    if isinstance(step, (SplitStep, PStep)):
        if step.heterogeneous:
            key = "card.hint.split.heterogeneous"
        elif step.place is not None and step.place.remainder:
            key = "card.hint.split.remainder"
        else:
            key = "card.hint.split.homogeneous"
        return cat.text(key, moved=cat.players(step.place.moved_down if step.place else ()))
    if isinstance(step, CandidateStep):
        if step.first:
            return cat.text("card.hint.candidate.first")
        return cat.text("card.hint.candidate.next")
    if isinstance(step, VerdictStep):
        if step.accepted or not step.culprits:
            return cat.text("card.hint.verdict")
        return cat.join([cat.text("card.hint.verdict"),
                         cat.text("card.hint.verdict.look", players=cat.players(step.culprits))])
    if isinstance(step, BracketStep):
        key = "card.hint.bracket.moved" if step.moved_down else "card.hint.bracket"
        return cat.text(key, score=cat.number(step.place.score if step.place else Decimal(0)))
    return cat.text(f"card.hint.{step.kind}")


# ---------------------------------------------------------------------------
# Checking one step: None if right, else what is wrong first


def _missing_extra(expected: Sequence[PlayerId], given: Sequence[PlayerId],
                   cat: Catalogue) -> str | None:
    missing = [p for p in expected if p not in given]
    extra = [p for p in given if p not in expected]
    if not missing and not extra and len(set(given)) == len(given):
        return None
    # Counted, not named: the names of the missing players are the answer.
    parts = []
    if missing:
        parts.append(_counted(cat, "card.problem.missing", len(missing)))
    if extra:
        parts.append(_counted(cat, "card.problem.extra", len(extra)))
    if not parts:
        parts.append(cat.text("card.problem.twice"))
    return cat.text("fmt.list_sep").join(parts)       # « 2 manquants, 1 en trop »


def _counted(cat: Catalogue, key: str, count: int) -> str:
    """« 2 manquants », « 1 en trop » (``key.one`` for one)."""
    return cat.text(key + (".one" if count == 1 else ""), count=cat.number(count))


def _first_wrong_pair(expected: Sequence[Pair], given: Sequence[Pair],
                      cat: Catalogue) -> str | None:
    wanted = {frozenset(p) for p in expected}
    written = [frozenset(p) for p in given]
    for pair, as_given in zip(written, given):
        if pair not in wanted:
            return cat.text("card.problem.pair", pair=cat.pair(*as_given))
    missing = [p for p in expected if frozenset(p) not in written]
    if missing:
        return _counted(cat, "card.problem.pairs_missing", len(missing))
    if len(written) != len(set(written)):
        return cat.text("card.problem.twice")
    return None


def _shape(cat: Catalogue, kind: str) -> str:
    return cat.text("card.problem.shape", example=cat.text(f"card.example.{kind}"))


def _check(step: Step, text: str, cat: Catalogue) -> str | None:
    """None if ``text`` answers ``step`` rightly, else what is wrong in it first."""
    entry = _CHECKERS.get(type(step))
    if entry is None:
        return None
    read, shape, judge = entry
    given = read(text)
    if given is None:
        return _shape(cat, shape)
    return judge(step, given, cat)


def _judge_players(step: Step, given: Any, cat: Catalogue) -> str | None:
    if isinstance(step, FloatersStep):
        if not step.moved_down and given:
            return cat.text("card.problem.nobody_floats")
        return _missing_extra(step.moved_down, given, cat)
    assert isinstance(step, (BracketStep, MovedDownStep))
    return _missing_extra(step.players, given, cat)


def _judge_split(step: Step, given: Any, cat: Catalogue) -> str | None:
    assert isinstance(step, SplitStep)
    for group, expected, written in (("S1", step.s1, given[0]), ("S2", step.s2, given[1])):
        wrong = _missing_extra(expected, written, cat)
        if wrong is not None:
            return cat.text("card.problem.in", group=group, problem=wrong)
    return None


def _judge_p(step: Step, given: Any, cat: Catalogue) -> str | None:
    assert isinstance(step, PStep)
    return None if given == step.p else cat.text("card.problem.p", given=cat.number(given))


def _judge_x(step: Step, given: Any, cat: Catalogue) -> str | None:
    assert isinstance(step, XStep)
    if given == step.x:
        return None
    if given < 0:
        return cat.text("card.problem.x_negative")
    if given == step.in_force and step.raised_by in ("C11", "C14"):
        # C2 asks A8's x; C11 (and C14) move it later, as steps of their own.
        return cat.text("card.problem.x_in_force", given=cat.number(given),
                        rule=step.raised_by)
    return cat.text("card.problem.x", given=cat.number(given))


def _x_note(step: XStep, cat: Catalogue) -> str:
    """What becomes of A8's x at the level the question came with."""
    if not step.raised_by:
        return ""
    return cat.text(f"card.x.raised.{step.raised_by}", x=cat.number(step.in_force),
                    p=cat.number(step.in_force))


def _judge_pairs(step: Step, given: Any, cat: Catalogue) -> str | None:
    assert isinstance(step, (CandidateStep, PairsStep))
    return _first_wrong_pair(step.pairs, given, cat)


def _names(given: str, label: str) -> bool:
    """``given`` names ``label`` (« B1 » names B1a and B1b)."""
    return given == label or (len(given) == 2 and label.startswith(given))


def _judge_verdict(step: Step, given: Any, cat: Catalogue) -> str | None:
    assert isinstance(step, VerdictStep)
    if step.accepted:
        return None if given == "" else cat.text("card.problem.acceptable", criterion=given)
    if given == "":
        return cat.text("card.problem.refused")
    if not step.criterion or any(_names(given, label) for label in (step.criterion, *step.also)):
        return None       # any criterion the candidate truly breaks is right
    return cat.text("card.problem.criterion", criterion=given)


def _note(step: Step, text: str, cat: Catalogue) -> str:
    """What a right answer still needs said: a criterion the candidate
    breaks that the text does not check first."""
    if isinstance(step, XStep):
        return _x_note(step, cat)
    if isinstance(step, VerdictStep) and not step.accepted and step.criterion:
        given = answers.criterion(text)
        if given and not _names(given, step.criterion):
            return cat.text("card.verdict.first", given=given, criterion=step.criterion)
    if isinstance(step, (RelaxStep, UndoStep)) and answers.rule(text) in step.text_rules:
        return cat.text("card.relax.text_rule", given=answers.rule(text), rule=step.rule,
                        trace=step_answer(step, cat))
    return ""


def _judge_exchange(step: Step, given: Any, cat: Catalogue) -> str | None:
    assert isinstance(step, ExchangeStep)
    if isinstance(given, str):
        return None if given == step.cell else cat.text("card.problem.cell", cell=given)
    if given in ((frozenset(step.from_s1), frozenset(step.from_s2)),
                 (frozenset(step.from_s2), frozenset(step.from_s1))):   # S2 first: the same
        return None
    return cat.text("card.problem.exchange", from_s1=cat.group(sorted(given[0])),
                    from_s2=cat.group(sorted(given[1])))


def _judge_rule(step: Step, given: Any, cat: Catalogue) -> str | None:
    assert isinstance(step, (RelaxStep, UndoStep))
    rule, text = given
    if rule in step.text_rules:
        return None       # the text's own next rule (the note says where the trace goes)
    if rule != step.rule:
        return cat.text("card.problem.rule", given=rule)
    if isinstance(step, RelaxStep) and step.criterion:
        named = answers.criterion(text.upper().replace(rule, ""))
        if named and named != step.criterion:
            return cat.text("card.problem.dropped", criterion=named)
    return None


def _read_rule(text: str) -> tuple[str, str] | None:
    rule = answers.rule(text)
    return None if rule is None else (rule, text)


def _judge_bye(step: Step, given: Any, cat: Catalogue) -> str | None:
    assert isinstance(step, ByeStep)
    return None if given == step.player else cat.text("card.problem.bye", player=given)


def _read_white(text: str) -> PlayerId | tuple[PlayerId, PlayerId] | None:
    """Who has White: a number, or one board written White first."""
    player = answers.player(text)
    if player is not None:
        return player
    board = answers.ordered_pairs(text)
    return board[0] if board is not None and len(board) == 1 else None


def _judge_colour(step: Step, given: Any, cat: Catalogue) -> str | None:
    assert isinstance(step, ColourStep)
    if isinstance(given, tuple):
        if set(given) != {step.white, step.black}:
            return cat.text("card.problem.pair", pair=cat.pair(*given))
        given = given[0]
    if given not in (step.white, step.black):
        return cat.text("card.problem.not_in_pair", player=given)
    return None if given == step.white else cat.text("card.problem.colour", player=given)


def _judge_boards(step: Step, given: Any, cat: Catalogue) -> str | None:
    assert isinstance(step, BoardsStep)
    wrong = _first_wrong_pair(step.boards, given, cat)
    if wrong is not None:
        return wrong
    for number, (expected, written) in enumerate(zip(step.boards, given), 1):
        if frozenset(expected) != frozenset(written):
            return cat.text("card.problem.board_order", board=number,
                            pair=cat.pair(*written), expected=cat.pair(*expected))
        if expected != written:
            return cat.text("card.problem.board_colours", board=number,
                            pair=cat.pair(*written))
    return None


_Judge = Callable[[Step, Any, Catalogue], "str | None"]
_CHECKERS: dict[type, tuple[Callable[[str], Any], str, _Judge]] = {
    BracketStep: (answers.players, "players", _judge_players),
    MovedDownStep: (answers.players, "players", _judge_players),
    FloatersStep: (answers.players, "players", _judge_players),
    SplitStep: (answers.split, "split", _judge_split),
    XStep: (answers.number, "number", _judge_x),
    PStep: (answers.number, "number", _judge_p),
    CandidateStep: (answers.ordered_pairs, "pairs", _judge_pairs),
    PairsStep: (answers.ordered_pairs, "pairs", _judge_pairs),
    VerdictStep: (answers.criterion, "verdict", _judge_verdict),
    ExchangeStep: (answers.exchange, "exchange", _judge_exchange),
    RelaxStep: (_read_rule, "rule", _judge_rule),
    UndoStep: (_read_rule, "rule", _judge_rule),
    ByeStep: (answers.player, "player", _judge_bye),
    ColourStep: (_read_white, "player", _judge_colour),
    BoardsStep: (answers.ordered_pairs, "pairs", _judge_boards),
}
