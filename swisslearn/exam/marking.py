"""Marking a whole round line by line, with partial credit (issue 30, item 1).

The FIDE Arbiters' Manual's answer keys give « 0.5 marks for each line »;
we do the same, out of 20:

* **16 points for the round**, shared among its lines: each board is worth
  3 shares (2 for the pair, 1 for its colours), the bye 2 shares;
* **4 points for the justifications**, one share a line: the rule written
  after a right line earns its share when it is a rule that decided that
  line in the trace (:func:`deciding_rules`).

A line is marked against the trace of the 1998 engine; every line not given
its full marks is explained from the trace (« 4–7 : non, 4 doit jouer 9 :
… C10 … », :func:`swisslearn.explain.why`).

Where the text leaves a choice, the round is marked against every pairing
the text allows (:func:`readings`) and the trainee keeps the best; the
marks say which reading he followed.  One choice changes a round today:
E4's « joueur le plus fort » is, for the engine, the higher in A2 order
(score, then pairing number: ``docs/reading-the-1998-text.md``, point 9);
the seed's title (« basé sur l'Elo ») allows the higher rating as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from swisslearn.exam.answers import WrittenLine
from swisslearn.explain import why
from swisslearn.explain.catalogue import Catalogue, catalogue
from swisslearn.explain.story1998 import Story
from swisslearn.explain.why import why_labels
from swisslearn.model import PlayerId
from swisslearn.trace import (BracketPaired, BracketUndone, BracketsMerged, ByeAssigned,
                              ColourAllocated, CriterionDropped, Event, PDecreased, RoundPaired,
                              XIncreased)

__all__ = ["OUT_OF", "ExpectedLine", "LineMark", "Marks", "Reading", "deciding_rules",
           "mark", "readings"]

OUT_OF = 20
ROUND_PART, JUSTIFICATION_PART = Fraction(16), Fraction(4)
PAIR_SHARES, COLOUR_SHARES, BYE_SHARES = 2, 1, 2

ENGINE, E4_RATING = "engine", "e4_rating"


@dataclass(frozen=True)
class ExpectedLine:
    """A line of the expected round: a board White first, or the bye; the
    rules that decided it (``rules``: the pairing's, then the colours')."""

    white: PlayerId | None = None
    black: PlayerId | None = None
    bye: PlayerId | None = None
    rules: tuple[str, ...] = ()

    @property
    def players(self) -> frozenset[PlayerId]:
        return frozenset(p for p in (self.white, self.black, self.bye) if p is not None)

    @property
    def colour_rule(self) -> str | None:
        return next((r for r in self.rules if r[:1] == "E"), None)

    def text(self, cat: Catalogue) -> str:
        if self.bye is not None:
            return cat.text("exam.line.bye", player=self.bye)
        assert self.white is not None and self.black is not None
        return cat.pair(self.white, self.black)


@dataclass(frozen=True)
class Reading:
    """A pairing the text allows: ``key`` (``engine``, ``e4_rating``) and its lines."""

    key: str
    lines: tuple[ExpectedLine, ...]


@dataclass(frozen=True)
class LineMark:
    """The marks of one line: the expected line (None for a line written
    that matches none), what was written (None: nothing), the marks earned
    and possible for the pair (or the bye), the colours and the
    justification, and why it lost marks."""

    expected: ExpectedLine | None
    written: WrittenLine | None
    pair: Fraction
    colours: Fraction
    justification: Fraction
    out_of: Fraction
    explanation: str = ""

    @property
    def marks(self) -> Fraction:
        return self.pair + self.colours + self.justification


@dataclass(frozen=True)
class Marks:
    """A round marked: every line, the total out of :data:`OUT_OF`, the
    reading followed (and how many the text allows), the time taken."""

    lines: tuple[LineMark, ...]
    reading: str
    readings: int
    lang: str = "fr"
    seconds: float | None = None

    @property
    def total(self) -> Fraction:
        return sum((line.marks for line in self.lines), Fraction(0))

    @property
    def out_of(self) -> int:
        return OUT_OF

    def text(self) -> str:
        """The marks as the trainee reads them: total, time, reading, then each line."""
        cat = catalogue(self.lang)
        out = [cat.text("exam.marks.total", total=_number(cat, self.total), out_of=OUT_OF)]
        if self.seconds is not None:
            out.append(cat.text("exam.marks.time", minutes=int(self.seconds // 60),
                                seconds=f"{int(self.seconds % 60):02d}"))
        if self.readings > 1:
            out.append(cat.text(f"exam.reading.{self.reading}"))
        for line in self.lines:
            head = (line.expected.text(cat) if line.expected is not None
                    else _written_text(cat, line.written))
            out.append(cat.text("exam.marks.line", line=head,
                                marks=_number(cat, line.marks),
                                out_of=_number(cat, line.out_of)))
            if line.explanation:
                out.append("    " + line.explanation)
        return "\n".join(out) + "\n"

    def to_json(self) -> dict[str, Any]:
        """The JSON of ``swisslearn exam mark --json`` (``docs/exam.md``)."""
        return {
            "total": round(float(self.total), 2),
            "out_of": OUT_OF,
            "seconds": None if self.seconds is None else round(self.seconds),
            "reading": self.reading,
            "readings": self.readings,
            "lines": [_line_json(line) for line in self.lines],
        }


def _line_json(line: LineMark) -> dict[str, Any]:
    expected: dict[str, Any] | None = None
    if line.expected is not None:
        expected = ({"bye": line.expected.bye} if line.expected.bye is not None else
                    {"white": line.expected.white, "black": line.expected.black})
        expected["rules"] = list(line.expected.rules)
    written: dict[str, Any] | None = None
    if line.written is not None:
        written = {"line": line.written.line, "text": line.written.text,
                   "rule": line.written.rule}
    return {"expected": expected, "written": written,
            "marks": round(float(line.marks), 2), "out_of": round(float(line.out_of), 2),
            "pair": round(float(line.pair), 2), "colours": round(float(line.colours), 2),
            "justification": round(float(line.justification), 2),
            "explanation": line.explanation}


def _number(cat: Catalogue, value: Fraction) -> str:
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if cat.lang == "fr" else text


def _written_text(cat: Catalogue, written: WrittenLine | None) -> str:
    if written is None:
        return ""
    if written.bye is not None:
        return cat.text("exam.line.bye", player=written.bye)
    assert written.white is not None and written.black is not None
    return cat.pair(written.white, written.black)


# ---------------------------------------------------------------------------
# What the trace says


_RELAXATIONS = (CriterionDropped, XIncreased, PDecreased, BracketUndone, BracketsMerged)


def deciding_rules(events: Sequence[Event], lang: str = "fr"
                   ) -> dict[frozenset[PlayerId], tuple[str, ...]]:
    """For each pair and each bye of the round, the rules that decided it:
    the procedure's rules :func:`swisslearn.explain.why` cites for the pair
    (C6 the first candidate, C7 a transposition, C8 and D2 an exchange...),
    the relaxations its bracket went through first (C9-C14, from the
    trace's events), its colour rule (E1-E4); for the bye, the rule of its
    event (A5...)."""
    story = Story(events)
    relaxed: dict[int, list[str]] = {}
    for event in events:
        view = getattr(event, "bracket", None)
        if isinstance(event, _RELAXATIONS) and view is not None:
            relaxed.setdefault(view.index, [])
            if event.rule not in relaxed[view.index]:
                relaxed[view.index].append(event.rule)
    bracket_of: dict[frozenset[PlayerId], int] = {}
    for index in sorted(story.current):
        for event in story.current[index]:
            if isinstance(event, BracketPaired):
                for a, b in event.pairs:
                    bracket_of[frozenset((a, b))] = index
    found: dict[frozenset[PlayerId], tuple[str, ...]] = {}
    for event in events:
        if isinstance(event, ColourAllocated):
            pair = frozenset((event.white, event.black))
            cited = [label for label in why_labels(events, event.white, event.black, lang)
                     if label[:1] in "CD"]
            relaxations = relaxed.get(bracket_of.get(pair, -1), [])
            found[pair] = tuple(dict.fromkeys([*cited, *relaxations, event.rule]))
        elif isinstance(event, ByeAssigned):
            found[frozenset((event.player,))] = (event.rule,)
    return found


def _result(events: Sequence[Event]) -> RoundPaired:
    last = events[-1]
    if not isinstance(last, RoundPaired):
        raise ValueError("the trace has no round_paired event")
    return last


def readings(events: Sequence[Event]) -> tuple[Reading, ...]:
    """Every pairing the text allows for the round: the engine's first,
    then E4 read with « le plus fort » the higher rating, if that changes a
    board's colours."""
    result = _result(events)
    rules = deciding_rules(events)
    engine = tuple(ExpectedLine(white=b.white, black=b.black,
                                rules=rules.get(frozenset((b.white, b.black)), ()))
                   for b in result.boards)
    engine += tuple(ExpectedLine(bye=p, rules=rules.get(frozenset((p,)), ()))
                    for p in result.byes)
    found = [Reading(ENGINE, engine)]
    swapped = _stronger_by_rating(events)
    if swapped:
        found.append(Reading(E4_RATING, tuple(
            ExpectedLine(white=line.black, black=line.white, rules=line.rules)
            if line.white is not None and frozenset((line.white, line.black)) in swapped
            else line for line in engine)))
    return tuple(found)


def _stronger_by_rating(events: Sequence[Event]) -> frozenset[frozenset[PlayerId]]:
    """The pairs E4 decided whose colours turn round when « le plus fort »
    is the higher rating: the higher rated player is not the higher in A2
    order, and he has a colour preference he did not get."""
    swapped = set()
    for event in events:
        if not isinstance(event, ColourAllocated) or event.rule != "E4":
            continue
        white, black = event.white_view, event.black_view
        if white is None or black is None or white.rating == black.rating:
            continue
        stronger = white if white.rating > black.rating else black
        if stronger.id == event.higher or stronger.preference_colour is None:
            continue
        got = "w" if stronger is white else "b"
        if stronger.preference_colour != got:
            swapped.add(frozenset((white.id, black.id)))
    return frozenset(swapped)


# ---------------------------------------------------------------------------
# Marking


def mark(events: Sequence[Event], written: Sequence[WrittenLine], lang: str = "fr",
         seconds: float | None = None) -> Marks:
    """Mark the lines ``written`` against every reading of the round; the
    trainee keeps the best (the engine's on a tie)."""
    allowed = readings(events)
    best: tuple[LineMark, ...] | None = None
    chosen = allowed[0].key
    for reading in allowed:
        lines = _mark_reading(events, reading, written, lang)
        if best is None or sum(x.marks for x in lines) > sum(x.marks for x in best):
            best, chosen = lines, reading.key
    assert best is not None
    return Marks(best, chosen, len(allowed), lang, seconds)


def _mark_reading(events: Sequence[Event], reading: Reading, written: Sequence[WrittenLine],
                  lang: str) -> tuple[LineMark, ...]:
    cat = catalogue(lang)
    expected = reading.lines
    round_shares = sum(BYE_SHARES if e.bye is not None else PAIR_SHARES + COLOUR_SHARES
                       for e in expected) or 1
    share = ROUND_PART / round_shares
    justification = JUSTIFICATION_PART / (len(expected) or 1)
    # Each player counts once: a line naming a player already written is void.
    seen: set[PlayerId] = set()
    usable: dict[frozenset[PlayerId], WrittenLine] = {}
    void: list[WrittenLine] = []
    for item in written:
        players = set(item.players)
        if players & seen:
            void.append(item)
            continue
        seen |= players
        usable[frozenset(players)] = item
    marks: list[LineMark] = []
    for line in expected:
        given = usable.pop(line.players, None)
        if line.bye is not None:
            out_of = BYE_SHARES * share + justification
            if given is None:
                marks.append(LineMark(line, None, Fraction(0), Fraction(0), Fraction(0), out_of,
                                      _missing(events, cat, line, written)))
                continue
            earned = _justified(line, given, justification)
            note = "" if earned else _rule_note(cat, line, given)
            marks.append(LineMark(line, given, BYE_SHARES * share, Fraction(0), earned, out_of,
                                  note))
            continue
        out_of = (PAIR_SHARES + COLOUR_SHARES) * share + justification
        if given is None:
            marks.append(LineMark(line, None, Fraction(0), Fraction(0), Fraction(0), out_of,
                                  _missing(events, cat, line, written)))
            continue
        colours_right = given.white == line.white
        earned = _justified(line, given, justification)
        notes = []
        if not colours_right:
            assert line.white is not None and line.black is not None
            notes.append(cat.text("exam.explain.colours", written=_written_text(cat, given),
                                  pair=cat.pair(line.white, line.black),
                                  rule=line.colour_rule or "E")
                         + " " + why(events, line.white, line.black, lang))
        if not earned:
            notes.append(_rule_note(cat, line, given))
        marks.append(LineMark(line, given, PAIR_SHARES * share,
                              COLOUR_SHARES * share if colours_right else Fraction(0),
                              earned, out_of, " ".join(n for n in notes if n)))
    # What is left was written and matches no line of the round.
    for item in sorted([*usable.values(), *void], key=lambda w: w.line):
        marks.append(LineMark(None, item, Fraction(0), Fraction(0), Fraction(0), Fraction(0),
                              _wrong(events, cat, reading, item, lang, item in void)))
    return tuple(marks)


def _justified(line: ExpectedLine, given: WrittenLine, part: Fraction) -> Fraction:
    return part if given.rule is not None and given.rule in line.rules else Fraction(0)


def _rule_note(cat: Catalogue, line: ExpectedLine, given: WrittenLine) -> str:
    rules = cat.text("fmt.list_sep").join(line.rules)
    if given.rule is None:
        return cat.text("exam.explain.no_rule", rules=rules)
    return cat.text("exam.explain.wrong_rule", rule=given.rule, rules=rules)


def _partner(reading: Reading, player: PlayerId) -> ExpectedLine | None:
    return next((line for line in reading.lines if player in line.players), None)


def _missing(events: Sequence[Event], cat: Catalogue, line: ExpectedLine,
             written: Sequence[WrittenLine]) -> str:
    if line.bye is not None:
        return cat.text("exam.explain.bye_missing", player=line.bye,
                        rules=cat.text("fmt.list_sep").join(line.rules))
    assert line.white is not None and line.black is not None
    return cat.text("exam.explain.missing", pair=cat.pair(line.white, line.black),
                    rules=cat.text("fmt.list_sep").join(line.rules))


def _wrong(events: Sequence[Event], cat: Catalogue, reading: Reading, line: WrittenLine,
           lang: str, twice: bool) -> str:
    """« 4–7 : non, 4 doit jouer 9, 7 doit jouer 2 : » and why, from the trace."""
    written = _written_text(cat, line)
    if twice:
        return cat.text("exam.explain.twice", written=written)
    should = []
    for player in line.players:
        where = _partner(reading, player)
        if where is None:
            should.append(cat.text("exam.explain.not_paired", player=player))
        elif where.bye is not None:
            should.append(cat.text("exam.explain.has_bye", player=player))
        else:
            other = where.black if where.white == player else where.white
            should.append(cat.text("exam.explain.plays", player=player, other=other))
    if line.bye is not None:
        bye_line = next((x for x in reading.lines if x.bye is not None), None)
        reason = (why(events, line.bye, bye_line.bye, lang) if bye_line is not None
                  and bye_line.bye is not None else "")
        return cat.text("exam.explain.wrong", written=written,
                        should=cat.text("fmt.list_sep").join(should), why=reason)
    assert line.white is not None and line.black is not None
    labels = why_labels(events, line.white, line.black, lang)
    reason = why(events, line.white, line.black, lang)
    if labels and not any(label in reason for label in labels):
        reason = f"{reason} ({cat.text('fmt.list_sep').join(labels)})"
    return cat.text("exam.explain.wrong", written=written,
                    should=cat.text("fmt.list_sep").join(should), why=reason)
