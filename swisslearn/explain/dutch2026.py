"""C.04.3 as applied from 1 February 2026 (``dutch-2026``): its events and
``why()`` in the vocabulary of the 2026 text, and the same explainer for the
2017 edition (:mod:`swisslearn.explain.dutch2017` gives its words).

Every message cites the article or criterion it applies: the event's own
label (``1.2``, ``[C4]``, ``3.1``, ``3.4.1``, ``5.2.3``, ``C.04.2``...)
introduces it, and the sentence names the articles it leans on (MDPs 1.4.1,
the Limbo 3.2.4, [C5] for the PAB...).  The French words are those of the
2026 text: MDP (joueurs descendus), Limbo, MaxPairs, M0, M1, PAB (exempt
attribué par l'appariement), meilleurs scoreurs (topscorers), reste
(remainder), S1R/S2R, BSN, TPN.  Catalogue keys: ``c2026.*``.

The events are those of :mod:`swisslearn.dutch2026.procedure`: in a
``BracketView`` ``p`` is MaxPairs (of the bracket, or of its remainder) and
``x`` is 0; a first candidate that lost carries the deciding criterion as
its rule and a rejection whose detail is ``met``, ``forbidden``,
``colours``, ``completion``, ``pab``, ``quality`` or ``order`` (2017 adds
``bye``).

One :class:`Explainer` serves both editions: :class:`Words` holds what
differs (the catalogue prefix, the edition's criteria table, the article
each sentence cites); the sentences themselves are in the catalogue.  The
text of a criterion (« [C12] : minimiser... ») is found through the
edition's criteria table (:data:`swisslearn.dutch2026.criteria.CRITERIA`),
the same table the weights come from.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Callable, Sequence

from swisslearn.dutch2026.events import BracketParameters, CompletionChecked
from swisslearn.dutch2026.criteria import CRITERIA
from swisslearn.dutch2026.weights import Criterion
from swisslearn.explain.catalogue import Catalogue
from swisslearn.explain.common import (Answer, Round, WhyRules, boards_sentence, holds, ids, last,
                                      round_paired_sentence, round_started_sentence)
# A bracket's score with its real and virtual parts in an accelerated round
# (C.04.5.1), the bare number otherwise (common.score's).
from swisslearn.explain.acceleration import bracket_score, levels, player_score
from swisslearn.explain.dutch1998 import STRENGTH_KEYS, strength
from swisslearn.model import PlayerId
from swisslearn.trace import (BoardsOrdered, BracketOpened, BracketPaired, BracketSplit,
                              BracketUndone, BracketView, ByeAssigned, CandidateTried,
                              ColourAllocated, Event, ExchangeApplied, PlayerView, Rejection,
                              RoundPaired, RoundStarted)

__all__ = ["WHY", "WORDS", "Explainer", "Words", "criterion_text", "describe",
           "describe_rejection"]


def _started_views(state: Round) -> dict[PlayerId, PlayerView]:
    """Each player as the round's start shows him (his virtual points too)."""
    started = next((e for e in state.events if isinstance(e, RoundStarted)), None)
    return {view.id: view for view in started.players} if started is not None else {}


@dataclass(frozen=True)
class Words:
    """What one edition's explanations cite: its catalogue prefix, its
    criteria table and the article of each step (2026's by default)."""

    prefix: str = "c2026."
    criteria: Sequence[Criterion] = CRITERIA
    first: str = "3.4.1"             # the first candidate, accepted
    best: str = "3.8.1"              # the best available candidate
    paired: str = "3.4"              # a bracket paired
    mdp_pairing: str = "3.3.3"       # an MDP against a resident
    pairing: str = "3.3.1"           # S1 against S2
    remainder: str = "3.3.3"         # S1R against S2R
    exchange: str = "4.3"
    transposition: str = "4.2.2"
    floats: str = "1.4.2"            # a pair of different scores
    downfloater: str = "1.4.1"
    pab: str = "1.5"
    limbo: str = "3.2.4"
    brackets: str = "1.9.2"          # brackets from the top down
    bye_reason: str = "[C5]"         # the PAB's assignee, in no bracket
    stronger: str = "5.2.2"          # the colour rule of the stronger preference
    collapse: str = ""               # 2017's A.9 (PPB, CLB)


WORDS = Words()
"""The 2026 edition's."""


def criterion_text(criterion: str, cat: Catalogue, words: Words = WORDS) -> str:
    """What a criterion asks, in the words of the edition's criteria table
    (« [C5] » -> « minimiser... »): the catalogue sentence of its row (the
    row's ``key``), else the label itself."""
    row = next((row for row in words.criteria if row.name == criterion), None)
    key = f"{words.prefix}criterion.{row.key if row is not None else criterion.strip('[]')}"
    return cat.text(key) if key in cat else criterion


def _pairs_of(players: tuple[PlayerId, ...]) -> list[tuple[PlayerId, PlayerId]]:
    """The players of a verdict come two by two: the pairs of the first
    candidate that the candidate kept does not have."""
    return list(zip(players[0::2], players[1::2]))


_ABSOLUTE = ("met", "forbidden", "colours")


def _absolute_pair(found: Rejection | None) -> frozenset[PlayerId] | None:
    """The pair an absolute criterion ([C1], [C3], a forbidden pair) keeps apart."""
    if found is not None and found.detail in _ABSOLUTE and len(found.players) == 2:
        return frozenset(found.players)
    return None


@dataclass(frozen=True)
class _Asked:
    """A why-not question: the round, the answer being written, the two
    players asked about."""

    state: Round
    answer: Answer
    a: PlayerId
    b: PlayerId

    @property
    def pair(self) -> frozenset[PlayerId]:
        return frozenset((self.a, self.b))


class _Bracket:
    """What the events say about one bracket: its parameters, the first
    candidate that lost (if it did) and the candidate kept."""

    def __init__(self, state: Round, index: int) -> None:
        self.parameters: BracketParameters | None = None
        self.refused: CandidateTried | None = None
        self.chosen: CandidateTried | None = None
        for event in state.events:
            if isinstance(event, BracketParameters) and event.bracket.index == index:
                self.parameters = event
            elif isinstance(event, CandidateTried) and event.bracket.index == index:
                if event.accepted:
                    self.chosen = event
                elif event.rejection is not None:
                    self.refused = event


class Explainer:
    """The sentences of one edition's trace and its ``why()``."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self._describe: dict[type[Event], Callable[[Event, Catalogue], str]] = {
            RoundStarted: self._round_started, CompletionChecked: self._completion_checked,
            BracketOpened: self._bracket_opened, BracketParameters: self._bracket_parameters,
            BracketSplit: self._bracket_split, ExchangeApplied: self._exchange_applied,
            CandidateTried: self._candidate_tried, BracketPaired: self._bracket_paired,
            BracketUndone: self._bracket_undone, ByeAssigned: self._bye_assigned,
            ColourAllocated: self._colour_allocated, BoardsOrdered: self._boards_ordered,
            RoundPaired: self._round_paired}
        self.why = WhyRules(absent=self.key("why.absent"), absent_labels=(),
                            bye=self.key("why.fate.bye"), bye_labels=(words.pab,),
                            paired=self._paired, not_paired=self._not_paired)

    def key(self, name: str) -> str:
        return self.words.prefix + name

    def text(self, cat: Catalogue, name: str, **fields: object) -> str:
        return cat.text(self.words.prefix + name, **fields)

    # -- criteria and rejections ------------------------------------------------

    def describe_rejection(self, found: Rejection, cat: Catalogue) -> str:
        """« [C1] : 2 et 1 se sont déjà rencontrés »."""
        return cat.label(found.criterion, self._rejection_body(found, cat))

    def _rejection_body(self, found: Rejection, cat: Catalogue) -> str:
        players, detail = found.players, found.detail
        if detail in ("met", "forbidden", "colours") and len(players) >= 2:
            return self.text(cat, f"rejection.{detail}", a=players[0], b=players[1])
        if detail in ("completion", "pab", "quality", "order", "bye") and (
                self.key(f"rejection.{detail}") in cat):
            return self.text(cat, f"rejection.{detail}", pairs=cat.pairs(_pairs_of(players)),
                             criterion=found.criterion,
                             text=criterion_text(found.criterion, cat, self.words))
        return self.text(cat, "rejection.generic", players=cat.players(players))

    # -- one event --------------------------------------------------------------

    def describe(self, event: Event, cat: Catalogue) -> str:
        for kind in type(event).__mro__:
            found = self._describe.get(kind)
            if found is not None:
                return found(event, cat)
        return cat.text("event.generic", kind=event.kind)

    def _subgroups(self, cat: Catalogue, view: BracketView) -> tuple[str, str]:
        """S1/S2, or S1R/S2R in the remainder of a heterogeneous bracket."""
        suffix = "remainder" if view.remainder else "bracket"
        return (self.text(cat, f"fmt.s1.{suffix}"), self.text(cat, f"fmt.s2.{suffix}"))

    def _how(self, cat: Catalogue, view: BracketView, transposition: int,
             exchange: str | None) -> list[str]:
        """4.3 and 4.2.2: where the kept candidate sits in the generation order."""
        s1_name, s2_name = self._subgroups(cat, view)
        sentences = []
        if exchange is not None:
            sentences.append(self.text(cat, "how.exchange", cell=exchange, s1_name=s1_name,
                                       s2_name=s2_name))
        if transposition > 0:
            sentences.append(self.text(cat, "how.transposition",
                                       number=cat.number(transposition), s2_name=s2_name))
        return sentences

    def _round_started(self, event: Event, cat: Catalogue) -> str:
        assert isinstance(event, RoundStarted)
        if any(view.virtual for view in event.players):  # an accelerated round (C.04.5.1)
            text = cat.text(self.key("round_started"), round=event.round, system=event.system,
                            count=cat.number(len(event.players)),
                            scores=levels(cat, event.scores, event.players))
            if event.absent:
                text = cat.join([text, cat.text("round_started.absent",
                                                 absent=cat.players(event.absent))])
            return text
        return round_started_sentence(event, cat, self.key("round_started"),
                                      "round_started.absent")

    def _completion_checked(self, event: Event, cat: Catalogue) -> str:
        assert isinstance(event, CompletionChecked)
        count = cat.number(event.players)
        if event.pab_score is None and not event.pab_candidates:
            text = self.text(cat, "completion_checked.even", count=count)
        else:
            text = self.text(cat, "completion_checked.odd", count=count,
                             score=cat.number(event.pab_score or 0),
                             candidates=cat.players(event.pab_candidates))
        if event.c9:
            text = cat.join([text, self.text(cat, "completion_checked.c9")])
        return text

    def _bracket_opened(self, event: Event, cat: Catalogue) -> str:
        assert isinstance(event, BracketOpened)
        view = event.bracket
        if self.words.collapse and event.rule == self.words.collapse:
            key = "bracket_opened.collapsed"
        else:
            key = ("bracket_opened.heterogeneous" if view.moved_down
                   else "bracket_opened.homogeneous")
        text = self.text(cat, key, score=bracket_score(cat, view),
                         players=cat.players(ids(view.players)),
                         moved=cat.players(view.moved_down))
        if view.lowest:
            text = cat.join([text, self.text(cat, "bracket_opened.lowest")])
        return text

    def _bracket_parameters(self, event: Event, cat: Catalogue) -> str:
        assert isinstance(event, BracketParameters)
        key = "bracket_parameters.none" if event.max_pairs == 0 else "bracket_parameters"
        sentences = [self.text(cat, key, m0=cat.number(event.m0),
                               max_pairs=cat.number(event.max_pairs), m1=cat.number(event.m1),
                               score=bracket_score(cat, event.bracket))]
        if event.limbo:
            sentences.append(self.text(cat, "bracket_parameters.limbo",
                                       limbo=cat.players(event.limbo)))
        if event.c9:
            sentences.append(self.text(cat, "bracket_parameters.c9"))
        return cat.join(sentences)

    def _bracket_split(self, event: Event, cat: Catalogue) -> str:
        assert isinstance(event, BracketSplit)
        view = event.bracket
        if view.remainder:
            key = "bracket_split.remainder"
        elif view.moved_down:
            key = "bracket_split.heterogeneous"
        else:
            key = "bracket_split.homogeneous"
        return self.text(cat, key, s1=cat.players(view.s1), s2=cat.players(view.s2),
                         p=cat.number(view.p), score=bracket_score(cat, view))

    def _exchange_applied(self, event: Event, cat: Catalogue) -> str:
        assert isinstance(event, ExchangeApplied)
        view = event.bracket
        s1_name, s2_name = self._subgroups(cat, view)
        return self.text(cat, "exchange_applied", cell=event.cell or cat.text("fmt.none"),
                         from_s1=cat.group(event.from_s1), from_s2=cat.group(event.from_s2),
                         s1=cat.players(view.s1), s2=cat.players(view.s2), s1_name=s1_name,
                         s2_name=s2_name)

    def _candidate_tried(self, event: Event, cat: Catalogue) -> str:
        assert isinstance(event, CandidateTried)
        pairs = cat.pairs(event.pairs)
        view = event.bracket
        if event.accepted:
            if event.rule == self.words.first:
                key = "candidate_tried.first"
            elif event.rule == self.words.best:
                key = "candidate_tried.best"
            else:
                key = "candidate_tried.accepted"
            sentences = [self.text(cat, key, pairs=pairs)]
            sentences += self._how(cat, view, event.transposition, event.exchange)
            if event.leftover:
                key = "candidate_tried.pab" if view.lowest else "candidate_tried.leftover"
                sentences.append(self.text(cat, key, leftover=cat.players(event.leftover)))
            return cat.join(sentences)
        found = event.rejection
        if found is None:
            reason = cat.text("rejection.unspecified")
        elif found.criterion == event.rule:
            reason = self._rejection_body(found, cat)   # the label already names it
        else:
            reason = self.describe_rejection(found, cat)
        key = ("candidate_tried.rejected" if event.transposition == 0
               else "candidate_tried.other_rejected")
        return self.text(cat, key, pairs=pairs, reason=reason)

    def _bracket_paired(self, event: Event, cat: Catalogue) -> str:
        assert isinstance(event, BracketPaired)
        view = event.bracket
        score = bracket_score(cat, view)
        if event.pairs:
            text = self.text(cat, "bracket_paired", score=score, pairs=cat.pairs(event.pairs))
        else:
            text = self.text(cat, "bracket_paired.none", score=score)
        if not event.moved_down:
            return text
        key = "bracket_paired.unpaired" if view.lowest else "bracket_paired.moved_down"
        return cat.join([text, self.text(cat, key, moved=cat.players(event.moved_down))])

    def _bracket_undone(self, event: Event, cat: Catalogue) -> str:
        assert isinstance(event, BracketUndone)
        rest = event.because_of
        return self.text(cat, "bracket_undone", score=bracket_score(cat, event.bracket),
                         moved=cat.players(rest.moved_down),
                         players=cat.players(p.id for p in rest.players
                                             if p.id not in rest.moved_down))

    def _bye_assigned(self, event: Event, cat: Catalogue) -> str:
        assert isinstance(event, ByeAssigned)
        return self.text(cat, "bye", player=event.player)

    def _colour_allocated(self, event: Event, cat: Catalogue) -> str:
        assert isinstance(event, ColourAllocated)
        fields: dict[str, object] = {"white": event.white, "black": event.black,
                                     "higher": event.higher}
        key = f"colour.{event.rule}"
        if self.key(key) not in cat:
            key = "colour.other"
        if event.rule == self.words.stronger:
            both = [v for v in (event.white_view, event.black_view) if v is not None]
            if len(both) == 2 and strength(both[0].preference) != strength(both[1].preference):
                stronger = max(both, key=lambda v: strength(v.preference))
                colour = "white" if stronger.preference[0] == "B" else "black"
                fields.update(player=stronger.id,
                              strength=cat.text(STRENGTH_KEYS[strength(stronger.preference)]),
                              colour=cat.text(f"fmt.colour.{colour}"))
            else:
                key = f"colour.{event.rule}.plain"
        return self.text(cat, key, **fields)

    def _boards_ordered(self, event: Event, cat: Catalogue) -> str:
        assert isinstance(event, BoardsOrdered)
        return boards_sentence(event, cat, self.key("boards_ordered"))

    def _round_paired(self, event: Event, cat: Catalogue) -> str:
        assert isinstance(event, RoundPaired)
        return round_paired_sentence(event, cat, self.words.prefix, "round_paired.released")

    # -- why were a and b paired (or not)? --------------------------------------

    def _choice(self, cat: Catalogue, answer: Answer, bracket: _Bracket) -> None:
        """3.4.1 (the first candidate is accepted) or 3.8.1 (the best available)."""
        chosen = bracket.chosen
        words = self.words
        if chosen is None:
            return
        if chosen.rule == words.best and bracket.refused is not None:
            found = bracket.refused.rejection
            assert found is not None
            answer.add(self.text(cat, "why.choice.best",
                                 reason=self.describe_rejection(found, cat)),
                       words.best, found.criterion)
        elif chosen.rule == words.best:
            answer.add(self.text(cat, "why.choice.best_plain"), words.best)
        elif chosen.rule == words.first:
            answer.add(self.text(cat, "why.choice.first"), words.first)

    def _paired(self, state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
        cat = answer.cat
        words = self.words
        source = state.paired_in(a, b)
        if source is not None:
            view = source.bracket
            score = bracket_score(cat, view)
            bracket = _Bracket(state, view.index)
            mdp = next((p for p in (a, b) if p in view.moved_down), None)
            chosen = bracket.chosen
            if mdp is not None:
                resident = b if mdp == a else a
                answer.add(self.text(cat, "why.paired.mdp", score=score, mdp=mdp,
                                     resident=resident), words.mdp_pairing)
                self._choice(cat, answer, bracket)
            elif chosen is not None and (a in chosen.bracket.s1 or b in chosen.bracket.s1):
                top, bottom = (a, b) if a in chosen.bracket.s1 else (b, a)
                s1_name, s2_name = self._subgroups(cat, chosen.bracket)
                rule = words.remainder if chosen.bracket.remainder else words.pairing
                key = ("why.paired.remainder" if chosen.bracket.remainder
                       else "why.paired.bracket")
                answer.add(self.text(cat, key, score=score, s1=top, s2=bottom,
                                     s1_name=s1_name, s2_name=s2_name), rule)
                self._choice(cat, answer, bracket)
                for sentence in self._how(cat, chosen.bracket, chosen.transposition,
                                          chosen.exchange):
                    labels = (words.exchange,) if chosen.exchange is not None else ()
                    answer.add(sentence, *labels,
                               *((words.transposition,) if chosen.transposition else ()))
            else:
                answer.add(self.text(cat, "why.paired.plain", score=score), source.rule)
                self._choice(cat, answer, bracket)
        score_a, score_b = state.scores.get(a), state.scores.get(b)
        if score_a is not None and score_b is not None and score_a != score_b:
            (down, down_score), (up, up_score) = sorted(((a, score_a), (b, score_b)),
                                                        key=lambda item: -item[1])
            started = _started_views(state)
            answer.add(self.text(cat, "why.paired.floaters", down=down, up=up,
                                 down_score=player_score(cat, down_score, started.get(down)),
                                 up_score=player_score(cat, up_score, started.get(up))),
                       words.floats)
        for event in reversed(state.events):
            if isinstance(event, ColourAllocated) and {event.white, event.black} == {a, b}:
                answer.add(cat.label(event.rule, self.describe(event, cat)), event.rule)
                break

    def _undone_with(self, state: Round, pair: frozenset[PlayerId]) -> BracketUndone | None:
        """The BracketUndone (2017's A.9) right after a pairing that held ``pair``."""
        made: BracketPaired | None = None
        for event in state.events:
            if isinstance(event, BracketPaired):
                made = event
            elif isinstance(event, BracketUndone) and made is not None and holds(made.pairs,
                                                                                  pair):
                return event
        return None

    def _not_paired(self, state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
        """The first article or criterion, in the order of the procedure, that
        kept a-b apart: each step below answers, or passes to the next."""
        asked = _Asked(state, answer, a, b)
        if self._absolute_reason(asked):
            return
        shared = state.last_view(a, b)
        if shared is None:
            self._apart_reason(asked)
            return
        bracket = _Bracket(state, shared.index)
        steps = (self._undone_reason, self._limbo_reason, self._candidate_reason,
                 self._unpaired_reason, self._same_side_reason)
        if not any(step(asked, shared, bracket) for step in steps):
            self._other_reason(asked, shared, bracket)

    def _absolute_reason(self, asked: _Asked) -> bool:
        """1. An absolute criterion ([C1], [C3]) on the pair itself."""
        cat = asked.answer.cat
        for event in asked.state.events:
            if isinstance(event, CandidateTried) and _absolute_pair(event.rejection) == asked.pair:
                assert event.rejection is not None
                asked.answer.add(self.text(cat, "why.reason.absolute",
                                           rejection=self.describe_rejection(event.rejection, cat),
                                           score=bracket_score(cat, event.bracket)),
                                 event.rejection.criterion)
                return True
        return False

    def _apart_reason(self, asked: _Asked) -> None:
        """2. Never in the same bracket: 1.9.2 pairs the brackets from the
        top; the PAB assignee may be in none ([C5] chose them first)."""
        state, answer, a, b = asked.state, asked.answer, asked.a, asked.b
        cat, words = answer.cat, self.words
        bye = next((p for p in (a, b) if p in state.result.byes), None)
        if bye is not None and state.last_view(bye) is None:
            checked = last(state.events, CompletionChecked)
            pab_score = player_score(cat, checked.pab_score
                                     if checked is not None and checked.pab_score is not None
                                     else state.scores.get(bye, Decimal(0)),
                                     _started_views(state).get(bye))
            answer.add(self.text(cat, "why.reason.bye", player=bye, score=pab_score),
                       words.bye_reason)
            return
        view_a, view_b = state.last_view(a), state.last_view(b)
        if view_a is None or view_b is None:
            answer.add(cat.text("why.reason.unknown", a=a, b=b))
            return
        (first, first_view), (second, second_view) = sorted(
            ((a, view_a), (b, view_b)), key=lambda item: item[1].index)
        answer.add(self.text(cat, "why.reason.brackets", first=first, second=second,
                             first_score=bracket_score(cat, first_view),
                             second_score=bracket_score(cat, second_view)),
                   words.brackets)

    def _undone_reason(self, asked: _Asked, shared: BracketView, bracket: _Bracket) -> bool:
        """2b. (2017) The pair was made, then the bracket was paired again as
        the PPB: its pairing left a round that could not be completed (A.9)."""
        undone = self._undone_with(asked.state, asked.pair)
        if undone is None:
            return False
        cat = asked.answer.cat
        asked.answer.add(self.text(cat, "why.reason.ppb", a=asked.a, b=asked.b,
                                   score=bracket_score(cat, undone.bracket)),
                         self.words.collapse, "C.4")
        return True

    def _limbo_reason(self, asked: _Asked, shared: BracketView, bracket: _Bracket) -> bool:
        """3. One of them is in the Limbo: not paired in this bracket (3.2.4)."""
        if bracket.parameters is None:
            return False
        cat = asked.answer.cat
        for player in (asked.a, asked.b):
            if player in bracket.parameters.limbo:
                asked.answer.add(self.text(cat, "why.reason.limbo", player=player,
                                           score=bracket_score(cat, shared)),
                                 self.words.limbo)
                return True
        return False

    def _candidate_reason(self, asked: _Asked, shared: BracketView, bracket: _Bracket) -> bool:
        """4. The first candidate held a-b and lost on a criterion about them.
        (A rejection of another pair of that candidate says nothing about a-b.)"""
        refused = bracket.refused
        found = None if refused is None else refused.rejection
        if (refused is None or found is None or not holds(refused.pairs, asked.pair)
                or not asked.pair & set(found.players)):
            return False
        cat = asked.answer.cat
        reason = (self._rejection_body(found, cat) if found.criterion == refused.rule
                  else self.describe_rejection(found, cat))
        asked.answer.add(self.text(cat, "why.reason.candidate", rule=refused.rule,
                                   score=bracket_score(cat, shared),
                                   pairs=cat.pairs(refused.pairs), a=asked.a, b=asked.b,
                                   reason=reason),
                         found.criterion, self.words.best)
        return True

    def _kept_rule(self, asked: _Asked, shared: BracketView, bracket: _Bracket) -> str:
        """The rule of the candidate kept in the pair's last bracket."""
        kept = asked.state.kept_in(shared.index, False)
        chosen = bracket.chosen
        return chosen.rule if chosen is not None else (
            kept.rule if kept is not None else self.words.paired)

    def _unpaired_reason(self, asked: _Asked, shared: BracketView, bracket: _Bracket) -> bool:
        """5. The candidate kept leaves one of them unpaired: a downfloater,
        or the PAB in the last bracket."""
        kept = asked.state.kept_in(shared.index, False)
        if not isinstance(kept, BracketPaired):
            return False
        cat, words = asked.answer.cat, self.words
        rule = self._kept_rule(asked, shared, bracket)
        for player in (asked.a, asked.b):
            if player in kept.moved_down:
                key = "why.reason.pab" if shared.lowest else "why.reason.downfloater"
                asked.answer.add(self.text(cat, key, rule=rule,
                                           score=bracket_score(cat, shared), player=player),
                                 rule, words.pab if shared.lowest else words.downfloater)
                return True
        return False

    def _same_side_reason(self, asked: _Asked, shared: BracketView, bracket: _Bracket) -> bool:
        """6. Both MDPs (S1 of the MDP-Pairing), or both in S1 (or S2) of the
        bracket or remainder: S1 is paired against S2."""
        a, b, cat = asked.a, asked.b, asked.answer.cat
        score = bracket_score(cat, shared)
        if a in shared.moved_down and b in shared.moved_down:
            asked.answer.add(self.text(cat, "why.reason.mdps", a=a, b=b, score=score),
                             self.words.mdp_pairing)
            return True
        chosen = bracket.chosen
        if chosen is None or not chosen.bracket.s1:
            return False
        names = self._subgroups(cat, chosen.bracket)
        for name, members in zip(names, (chosen.bracket.s1, chosen.bracket.s2)):
            if a in members and b in members:
                asked.answer.add(self.text(cat, "why.reason.same_subgroup", a=a, b=b,
                                           score=score, group=name), self.words.pairing)
                return True
        return False

    def _other_reason(self, asked: _Asked, shared: BracketView, bracket: _Bracket) -> None:
        """7. Otherwise the candidate kept simply does not hold a-b."""
        cat = asked.answer.cat
        kept = asked.state.kept_in(shared.index, False)
        if kept is None:
            asked.answer.add(cat.text("why.reason.unknown", a=asked.a, b=asked.b))
            return
        rule = self._kept_rule(asked, shared, bracket)
        asked.answer.add(self.text(cat, "why.reason.other", rule=rule,
                                   score=bracket_score(cat, shared),
                                   pairs=cat.pairs(kept.pairs), a=asked.a, b=asked.b), rule)


EXPLAINER = Explainer(WORDS)
describe = EXPLAINER.describe
describe_rejection = EXPLAINER.describe_rejection
WHY = EXPLAINER.why
"""The reasons of ``why()`` under C.04.3 (2026)."""
