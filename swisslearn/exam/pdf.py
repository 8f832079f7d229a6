"""The exam on paper: ``sujet.pdf`` (the standings, then one pairing card a
player, eight to an A4 page) and ``corrige.pdf`` (the expected round, board
by board, with the rules that decide it and the trace's reasons).

Drawn as ``swisslearn publish`` draws its sheet (:mod:`swisslearn.publish.sheet`):
matplotlib's PDF backend, no other PDF library, the page in millimetres,
no dates in the file (the same exam, the same bytes).  The text is
embedded as TrueType (``pdf.fonttype`` 42), so that a reader can search
and copy it (and the tests read it back with ``pdftotext``).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import Any

# The card's own words for a result (the same letters as the card on screen).
from swisslearn.card.sheet import _RESULT_KEYS, CardRow, CardSheet
from swisslearn.exam.marking import readings
from swisslearn.exam.paper import ExamPaper
from swisslearn.explain import why
from swisslearn.explain.catalogue import Catalogue, catalogue
from swisslearn.points import PointSystem

__all__ = ["CARDS_PER_PAGE", "write_answer_key", "write_paper"]

A4 = (210.0, 297.0)              # mm, portrait
MARGIN = 12.0                    # mm
CARD_W, CARD_H = 89.0, 56.0      # mm: a pairing card
COLUMNS, ROWS = 2, 4
CARDS_PER_PAGE = COLUMNS * ROWS
_MM = 1 / 25.4                   # inches per mm

Text = Callable[..., None]


@contextmanager
def _pages(path: Path, title: str) -> Iterator[Callable[[], tuple[Any, Text]]]:
    """Yield a function that opens a new A4 page and returns its axes and a
    text writer; every page is saved when the block ends."""
    from matplotlib import rc_context
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure
    figures: list[Any] = []

    def page() -> tuple[Any, Text]:
        figure = Figure(figsize=(A4[0] * _MM, A4[1] * _MM))
        ax = figure.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_axis_off()
        ax.set_xlim(0, A4[0])
        ax.set_ylim(A4[1], 0)
        figures.append(figure)

        def text(x: float, y: float, words: str, **style: Any) -> None:
            # parse_math off: a « $ » in a name is a dollar, not TeX.
            ax.text(x, y, words, parse_math=False, va="center", **style)
        return ax, text

    yield page
    metadata = {"CreationDate": None, "ModDate": None, "Creator": "swisslearn exam",
                "Title": title}
    with rc_context({"pdf.fonttype": 42}), PdfPages(path, metadata=metadata) as pdf:
        for figure in figures:
            pdf.savefig(figure)


def _rule(ax: Any, x0: float, x1: float, y: float, width: float = 0.5,
          colour: str = "black") -> None:
    ax.plot([x0, x1], [y, y], color=colour, lw=width)


# ---------------------------------------------------------------------------
# The paper


def write_paper(paper: ExamPaper, path: Path, lang: str = "fr") -> None:
    """``sujet.pdf``: what to do and how the answer is marked, the standings,
    then the cards (A2 order: score, then pairing number)."""
    cat = catalogue(lang)
    sheet = paper.sheet(lang)
    title = paper.title(lang)
    with _pages(path, title) as page:
        ax, text = page()
        text(MARGIN, MARGIN + 3, title, fontsize=13, fontweight="bold")
        y = MARGIN + 11
        for paragraph in cat.text("exam.paper.instructions").split("\n"):
            for line in textwrap.wrap(paragraph, 100) or [""]:
                text(MARGIN, y, line, fontsize=8.5)
                y += 4.2
        y += 3
        _standings(ax, text, paper, cat, y)
        cards = list(sheet.rows)
        for start in range(0, len(cards), CARDS_PER_PAGE):
            ax, text = page()
            text(MARGIN, MARGIN - 4, sheet.caption(), fontsize=9, fontweight="bold")
            for i, row in enumerate(cards[start:start + CARDS_PER_PAGE]):
                place, column = divmod(i, COLUMNS)     # read left to right, as the standings
                left = MARGIN + column * (CARD_W + 8)
                top = MARGIN + place * (CARD_H + 5)
                _card(ax, text, sheet, row, cat, left, top, paper.tournament.point_system)
            legend = textwrap.wrap(sheet.legend(), 120)
            for j, words in enumerate(legend):
                text(MARGIN, A4[1] - MARGIN - 4 * (len(legend) - j), words, fontsize=6.5,
                     color="#333333")


def _standings(ax: Any, text: Text, paper: ExamPaper, cat: Catalogue, top: float) -> None:
    table = paper.standings()
    rows = table.rows
    text(MARGIN, top, cat.text("standings.caption", round=paper.round), fontsize=11,
         fontweight="bold")
    heads = [cat.text("standings.head.place"), cat.text("standings.head.number"),
             cat.text("standings.head.name"), cat.text("card.sheet.rating"),
             cat.text("standings.head.points")]
    # No tie-breaks: the pairing orders players by score, then pairing number (A2).
    xs = [MARGIN, MARGIN + 14, MARGIN + 28, MARGIN + 88, MARGIN + 104]
    y = top + 8
    size = 8.5 if len(rows) <= 24 else 7.5
    step = min(5.5, (A4[1] - MARGIN - y - 6) / max(1, len(rows)))
    for x, head in zip(xs, heads):
        text(x, y, head, fontsize=size, fontweight="bold")
    _rule(ax, MARGIN, A4[0] - MARGIN, y + 2.5)
    ratings = {p.id: p.rating for p in paper.tournament.players}
    for row in rows:
        y += step
        cells = [str(row.rank), str(row.id), row.name[:32], str(ratings.get(row.id, "")),
                 cat.number(row.score)]
        for x, cell in zip(xs, cells):
            text(x, y, cell, fontsize=size)


def _card(ax: Any, text: Text, sheet: CardSheet, row: CardRow, cat: Catalogue,
          left: float, top: float, points: PointSystem) -> None:
    """One player's pairing card: who, then a line a round (opponent,
    colour, result, float, score after it), then the colour difference,
    the preference and what the round to pair holds for him."""
    from matplotlib.patches import Rectangle
    ax.add_patch(Rectangle((left, top), CARD_W, CARD_H, fill=False, lw=0.8))
    text(left + 2, top + 4, f"{row.id}", fontsize=12, fontweight="bold")
    text(left + 12, top + 4, row.name[:34], fontsize=9)
    text(left + CARD_W - 2, top + 4, f"{cat.text('card.sheet.rating')} {row.rating}",
         fontsize=9, ha="right")
    _rule(ax, left, left + CARD_W, top + 7.5, 0.6)
    heads = [cat.text("exam.card.round"), cat.text("exam.card.opponent"),
             cat.text("exam.card.colour"), cat.text("exam.card.result"),
             cat.text("exam.card.float"), cat.text("exam.card.score")]
    xs = [left + 2, left + 14, left + 32, left + 48, left + 64, left + 78]
    y = top + 11
    for x, head in zip(xs, heads):
        text(x, y, head, fontsize=7, fontweight="bold")
    step = min(4.4, 34.0 / max(1, len(row.cells)))
    score = Decimal(0)
    for cell in row.cells:
        y += step
        result = "" if cell.result is None else cat.text(
            f"card.sheet.result.{_RESULT_KEYS[cell.result]}")
        score += Decimal(0) if cell.result is None else points.points(cell.result)
        cells = [str(cell.round), "" if cell.opponent is None else str(cell.opponent),
                 sheet.letter(cell.colour), result,
                 "" if cell.float is None else cell.float.arrow,
                 cat.number(score)]
        for x, words in zip(xs, cells):
            text(x, y, words, fontsize=7.5)
    bottom = top + CARD_H - 4
    _rule(ax, left, left + CARD_W, bottom - 4, 0.4, "#888888")
    text(left + 2, bottom, f"{cat.text('card.sheet.points')} {cat.number(row.score)}   "
         f"{cat.text('card.sheet.difference')} {row.difference or '0'}   "
         f"{cat.text('card.sheet.preference')} {sheet.preference_text(row)}",
         fontsize=8, fontweight="bold")
    remark = sheet.remark(row)
    if remark:
        text(left + CARD_W - 2, bottom, textwrap.shorten(remark, 34, placeholder="…"),
             fontsize=7, ha="right", color="#aa0000")


# ---------------------------------------------------------------------------
# The answer key


def _bye_reason(paper: ExamPaper, lang: str) -> str:
    """The trace's sentence of the bye (A5: who is left over, and why he may have it)."""
    from swisslearn.explain import explain
    from swisslearn.trace import ByeAssigned
    return " ".join(explain(e, lang) for e in paper.events if isinstance(e, ByeAssigned))


def write_answer_key(paper: ExamPaper, path: Path, lang: str = "fr") -> None:
    """``corrige.pdf``: the expected round, each board with the rules that
    decide it and why, in the trace's words; the readings the text allows."""
    cat = catalogue(lang)
    allowed = readings(paper.events)
    engine = allowed[0]
    title = cat.text("exam.key.title", title=paper.title(lang))
    blocks: list[tuple[str, str, list[str]]] = []
    for number, line in enumerate(engine.lines, 1):
        rules = cat.text("fmt.list_sep").join(line.rules)
        if line.bye is not None:
            head = cat.text("exam.key.bye", player=line.bye)
            reason = _bye_reason(paper, lang)
        else:
            assert line.white is not None and line.black is not None
            head = cat.text("exam.key.board", board=number, pair=cat.pair(line.white,
                                                                          line.black))
            reason = why(paper.events, line.white, line.black, lang)
        blocks.append((head, rules, textwrap.wrap(reason, 110)))
    notes = [cat.text("exam.key.marking")]
    if len(allowed) > 1:
        other = allowed[1]
        changed = [cat.pair(b.white, b.black) for a, b in zip(engine.lines, other.lines)
                   if a != b and b.white is not None and b.black is not None]
        notes.append(cat.text("exam.key.reading", pairs=cat.text("fmt.list_sep").join(changed)))
    with _pages(path, title) as page:
        ax, text = page()
        text(MARGIN, MARGIN + 3, title, fontsize=12, fontweight="bold")
        y = MARGIN + 10
        for note in notes:
            for words in textwrap.wrap(note, 105):
                text(MARGIN, y, words, fontsize=8.5)
                y += 4.2
            y += 1.5
        y += 3
        for head, rules, wrapped in blocks:
            needed = 6 + 3.6 * len(wrapped) + 3
            if y + needed > A4[1] - MARGIN:
                ax, text = page()
                y = MARGIN
            text(MARGIN, y, head, fontsize=10.5, fontweight="bold")
            text(A4[0] - MARGIN, y, rules, fontsize=10, ha="right", fontweight="bold")
            y += 5
            for words in wrapped:
                text(MARGIN + 4, y, words, fontsize=7.5, color="#222222")
                y += 3.6
            y += 3
