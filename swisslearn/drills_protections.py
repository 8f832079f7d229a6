"""Drill banks for the pairing protections (seed 002, notebook 09).

Each question is a small round of players from clubs, drawn from a seed and
answered by :func:`swisslearn.protections.protect`; the course's system
(``dutch-1998``) pairs them, the protections sitting on top of it as on
every engine.  A question shows all it needs: the places at the entry of
the round with each player's club, and for a round 2 who met whom in
round 1 (a rematch is forbidden too).

===========================  ================================================
bank                         what it drills
===========================  ================================================
:func:`threshold_drill`      soft-bottom: the largest threshold N that pairs
:func:`released_drill`       soft-bottom: who is released at that threshold
:func:`strict_drill`         strict: can the round be paired at all?
:func:`soft_avoid_drill`     soft-avoid: the whole round 1, White first
===========================  ================================================

Questions are :class:`swisslearn.exercises.Question` objects, shown with
:class:`swisslearn.card.widget.DrillWidget` like the course's banks
(:mod:`swisslearn.drills`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import islice
from dataclasses import dataclass

from swisslearn.card.rounds import round_text
from swisslearn.errors import PairingError
from swisslearn.exercises import Question, accepting, players_checker, round_question
from swisslearn.words import Catalogue, catalogue
from swisslearn.model import Colour, Player, PlayerId, Result, RoundEntry, Tournament
from swisslearn.protections import ProtectedRound, Protections, protect
from swisslearn.standings import standings
from swisslearn.trace import RoundPaired

__all__ = ["released_drill", "soft_avoid_drill", "strict_drill", "threshold_drill"]

SYSTEM = "dutch-1998"
"""The engine under the protections: the course's."""


def _protections(constraint: str) -> Protections:
    return Protections().with_options(avoid=[f"club:{constraint}"])


@dataclass(frozen=True)
class _Situation:
    """A round to pair: the tournament before it, and the round's number."""

    tournament: Tournament
    round: int

    def club(self, player: PlayerId) -> str:
        return self.tournament.player(player).attribute("club")

    def order(self) -> tuple[PlayerId, ...]:
        """The places at the entry of the round (round 1: the initial order)."""
        return standings(self.tournament, self.round).order

    def protect(self, constraint: str) -> ProtectedRound:
        return protect(self.tournament, self.round, system=SYSTEM,
                       protections=_protections(constraint))


def _field(rng: random.Random, low: int, high: int) -> Tournament:
    """``low``..``high`` players: one big club A (about half of them), the
    others of clubs B and C; pairing numbers in rating order."""
    n = rng.randint(low, high)
    big = rng.randint(n // 2, n // 2 + 2)
    clubs = ["A"] * big + [rng.choice("BC") for _ in range(n - big)]
    rng.shuffle(clubs)
    return Tournament(name="", rounds=5, initial_colour=Colour.WHITE, players=tuple(
        Player(id=i, name=f"Joueur {i}", rating=2400 - 10 * i, attributes=(("club", club),))
        for i, club in enumerate(clubs, 1)))


def _played(tournament: Tournament, result: RoundPaired, rng: random.Random) -> Tournament:
    """``tournament`` with round 1 played as ``result`` paired it (results drawn)."""
    entries: dict[PlayerId, RoundEntry] = {}
    other = {"1": "0", "=": "=", "0": "1"}
    for board in result.boards:
        code = rng.choice("1=0")
        entries[board.white] = RoundEntry(1, board.black, Colour.WHITE, Result.from_code(code))
        entries[board.black] = RoundEntry(1, board.white, Colour.BLACK,
                                          Result.from_code(other[code]))
    for bye in result.byes:
        entries[bye] = RoundEntry(1, None, None, Result.from_code("U"))
    return Tournament(name="", rounds=5, initial_colour=Colour.WHITE, players=tuple(
        Player(id=p.id, name=p.name, rating=p.rating, attributes=p.attributes,
               entries=(entries[p.id],)) for p in tournament.players))


def _situations(seed: int, low: int = 6, high: int = 10, second: bool = True
                ) -> Iterator[_Situation]:
    """Round 1 of a field drawn from ``seed``, then (``second``) its round 2,
    round 1 paired with the club soft-bottom (as seed 002's arbiter does)."""
    rng = random.Random(seed)
    while True:
        field = _field(rng, low, high)
        yield _Situation(field, 1)
        if not second:
            continue
        try:
            first = protect(field, 1, system=SYSTEM, protections=_protections("soft-bottom"))
        except PairingError:
            continue
        yield _Situation(_played(field, first.result, rng), 2)


def _describe(cat: Catalogue, situation: _Situation) -> str:
    """The places at the entry of the round with each club, and round 1 if played."""
    tournament = situation.tournament
    if situation.round == 1:
        places = cat.text("fmt.list_sep").join(
            cat.text("drill.protect.player", player=p, club=situation.club(p))
            for p in situation.order())
        return cat.text("drill.protect.round1", places=places)
    table = standings(tournament, situation.round)
    places = cat.text("fmt.list_sep").join(
        cat.text("drill.protect.placed", place=row.rank, player=row.id,
                 club=situation.club(row.id), points=cat.number(row.score))
        for row in table.rows)
    games: list[tuple[PlayerId, PlayerId]] = []
    byes: list[PlayerId] = []
    for player in tournament.players:
        entry = player.entry(1)
        if entry is None:
            continue
        if entry.opponent is None:
            byes.append(player.id)
        elif entry.colour is Colour.WHITE:
            games.append((player.id, entry.opponent))
    played = cat.pairs(games)
    if byes:
        played = cat.text("card.round.with_bye", boards=played, bye=cat.players(byes))
    return cat.text("drill.protect.round2", places=places, games=played)


def _result_words(cat: Catalogue, paired: ProtectedRound) -> str:
    return round_text(paired.result, cat.lang)


# ---------------------------------------------------------------------------
# Soft-bottom: the threshold N, the released players


def _blocking_count(situation: _Situation, protected: Sequence[PlayerId]
                    ) -> tuple[str, int, int] | None:
    """The club whose ``protected`` members outnumber the players of the
    other clubs (with an odd number, one of them may take the bye): then no
    pairing keeps them apart, rematches or not.  (club, protected, others)."""
    present = situation.order()
    odd = len(present) % 2
    for club in sorted({situation.club(p) for p in present}):
        members = [p for p in present if situation.club(p) == club]
        kept = [p for p in protected if p in members]
        others = len(present) - len(members)
        if len(kept) > others + odd:
            return club, len(kept), others
    return None


def _reason(cat: Catalogue, situation: _Situation, protected: Sequence[PlayerId],
            n: int | None = None) -> str:
    """Why the round cannot be paired with ``protected`` kept apart from
    their groups (at threshold ``n``, or strictly)."""
    count = _blocking_count(situation, protected)
    key = "count" if count is not None else "none"
    club, kept, others = count or ("", 0, 0)
    return cat.text(f"drill.protect.reason.{key}" + ("" if n is not None else ".strict"),
                    n=n, club=club, protected=kept, others=others)


def _threshold_why(cat: Catalogue, situation: _Situation, paired: ProtectedRound) -> str:
    pairs = _result_words(cat, paired)
    refused = [t for t in paired.trials if not t.feasible]
    if not refused:
        return cat.text("drill.protect.threshold.why.all", n=paired.threshold, pairs=pairs)
    last = refused[-1]
    reason = _reason(cat, situation, last.protected, last.threshold)
    return cat.text("drill.protect.threshold.why", top=refused[0].threshold,
                    last=last.threshold, reason=reason, n=paired.threshold, pairs=pairs)


def _soft_bottom(seed: int, count: int, lang: str, ask: str) -> tuple[Question, ...]:
    """Half the questions where a threshold is refused (N below the number
    of players), half where everybody can be protected, alternately."""
    cat = catalogue(lang)
    lowered: list[Question] = []
    kept: list[Question] = []
    wanted = {id(lowered): (count + 1) // 2, id(kept): count // 2}
    for situation in islice(_situations(seed), _MOST_SITUATIONS):
        if len(lowered) + len(kept) >= count:
            break
        try:
            paired = situation.protect("soft-bottom")
        except PairingError:
            continue
        assert paired.threshold is not None
        group = lowered if any(not t.feasible for t in paired.trials) else kept
        if len(group) >= wanted[id(group)]:
            continue
        shown = _describe(cat, situation)
        if ask == "threshold":
            answer = str(paired.threshold)
            explanation = _threshold_why(cat, situation, paired)
            group.append(Question(
                text=cat.text("drill.protect.threshold.text", situation=shown), answer=answer,
                explanation=explanation,
                check=accepting([answer, f"N={answer}"], explanation),
                hint=cat.text("drill.protect.threshold.hint")))
        else:
            released = paired.released
            explanation = cat.text("drill.protect.released.why", n=paired.threshold,
                                   released=cat.players(released))
            group.append(Question(
                text=cat.text("drill.protect.released.text", situation=shown),
                answer=cat.players(released), explanation=explanation,
                check=players_checker(released, explanation),
                hint=cat.text("drill.protect.released.hint")))
    return _alternate(lowered, kept, count)


_MOST_SITUATIONS = 120
"""How many drawn rounds a bank looks at, at the most (a hundredth of a
second each)."""


def _alternate(first: Sequence[Question], second: Sequence[Question], count: int
               ) -> tuple[Question, ...]:
    mixed: list[Question] = []
    for index in range(max(len(first), len(second))):
        mixed += [q[index] for q in (first, second) if index < len(q)]
    return tuple(mixed[:count])


def threshold_drill(seed: int = 0, count: int = 6, lang: str = "fr") -> tuple[Question, ...]:
    """Soft-bottom: « Sharly Chess retient le plus grand N pour lequel la
    ronde peut encore être appariée »."""
    return _soft_bottom(seed, count, lang, "threshold")


def released_drill(seed: int = 0, count: int = 6, lang: str = "fr") -> tuple[Question, ...]:
    """Soft-bottom: the members placed below N who have another member of
    their group below N (the only ones a separation is lifted for)."""
    return _soft_bottom(seed + 7919, count, lang, "released")


# ---------------------------------------------------------------------------
# Strict, soft-avoid


def strict_drill(seed: int = 0, count: int = 6, lang: str = "fr") -> tuple[Question, ...]:
    """Strict: « Si la ronde ne peut pas être appariée sans l'enfreindre,
    Sharly Chess refuse d'apparier la ronde »: yes or no, half of each."""
    cat = catalogue(lang)
    yes, no = cat.text("drill.yes"), cat.text("drill.no")
    pairable: list[Question] = []
    refused: list[Question] = []
    for situation in islice(_situations(seed + 104729), _MOST_SITUATIONS):
        if len(pairable) >= (count + 1) // 2 and len(refused) >= count // 2:
            break
        shown = _describe(cat, situation)
        try:
            paired = situation.protect("strict")
        except PairingError:
            if len(refused) >= count // 2:
                continue
            explanation = cat.text("drill.protect.strict.why.no", reason=_reason(
                cat, situation, situation.order()))
            refused.append(Question(
                text=cat.text("drill.protect.strict.text", situation=shown), answer=no,
                explanation=explanation, check=accepting([no], explanation),
                hint=cat.text("drill.protect.strict.hint")))
            continue
        if len(pairable) >= (count + 1) // 2:
            continue
        explanation = cat.text("drill.protect.strict.why.yes", pairs=_result_words(cat, paired))
        pairable.append(Question(
            text=cat.text("drill.protect.strict.text", situation=shown), answer=yes,
            explanation=explanation, check=accepting([yes], explanation),
            hint=cat.text("drill.protect.strict.hint")))
    return _alternate(refused, pairable, count)


def soft_avoid_drill(seed: int = 0, count: int = 4, lang: str = "fr") -> tuple[Question, ...]:
    """Soft-avoid, round 1: « parmi les appariements que ces critères jugent
    équivalents [...] celui qui compte le moins de paires d'un même groupe »;
    the whole round, White first, checked with its colours.  Only rounds
    where the constraint changes the pairing."""
    cat = catalogue(lang)
    questions: list[Question] = []
    for situation in islice(_situations(seed + 15485863, 6, 8, second=False),
                            _MOST_SITUATIONS):
        if len(questions) >= count:
            break
        paired = situation.protect("soft-avoid")
        standard = protect(situation.tournament, 1, system=SYSTEM, protections=Protections())
        if standard.result.boards == paired.result.boards:
            continue
        same = [(a, b) for a, b in standard.result.pairs()
                if situation.club(a) == situation.club(b)]
        explanation = cat.text("drill.protect.avoid.why", standard=_result_words(cat, standard),
                               same=cat.pairs(same), pairs=_result_words(cat, paired))
        question = round_question(
            paired.events, cat.text("drill.protect.avoid.text",
                                    situation=_describe(cat, situation)),
            explanation, lang)
        questions.append(Question(text=question.text, answer=question.answer,
                                  explanation=explanation, check=question.check,
                                  hint=cat.text("drill.protect.avoid.hint")))
    return tuple(questions)
