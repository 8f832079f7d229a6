"""``appariements.pdf``: the boards as an arbiter posts them, on A4, with a
QR code per player to his page and one to the index.

Drawn with matplotlib's PDF backend (already the course's picture library;
no other PDF library), the QR codes encoded by segno and embedded as
images of :data:`PIXELS_PER_MODULE` pixels a module (drawn as vector
rectangles, 500 codes made the PDF backend spend ten seconds writing their
vertices one by one).
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from swisslearn.errors import usage
from swisslearn.words import catalogue
from swisslearn.publish import INDEX
from swisslearn.publish.content import RoundContent, Row

__all__ = ["QR", "ROWS_PER_PAGE", "codes", "player_url", "row_top", "site_url", "write_sheet"]

A4 = (210.0, 297.0)              # mm
ROWS_PER_PAGE = 11
MARGIN = 12.0                    # mm
QR = 19.0                        # mm, a code with its quiet zone
ROW = 21.5                       # mm between boards
_MM = 1 / 25.4                   # inches per mm
TITLE_WIDTH = 56                 # characters of the title line at 13 pt, before the index's code


def site_url(base: str) -> str:
    """``base`` checked (http or https, with a host) and ending in ``/``."""
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise usage("publish.bad_url", url=base)
    return base if base.endswith("/") else base + "/"


def player_url(base: str, content: RoundContent, player: int) -> str:
    return urljoin(site_url(base), content.page_name(player))


PIXELS_PER_MODULE = 8
"""Each module of a code is a square of this many pixels of the embedded
image: a PDF viewer or printer scales the image down (sharp at any size);
scaled up from one pixel per module, some viewers would smooth it."""


def _qr(ax: object, url: str, left: float, top: float, size: float) -> None:
    """The QR code of ``url`` with its quiet zone (four modules each side) in
    the square of ``size`` mm whose top left corner is (left, top)."""
    import numpy
    import segno
    modules = numpy.pad(numpy.array(segno.make(url, error="m", micro=False).matrix,
                                    dtype=numpy.uint8), 4)
    pixels = numpy.kron(modules, numpy.ones((PIXELS_PER_MODULE, PIXELS_PER_MODULE),
                                            dtype=numpy.uint8))
    ax.imshow(1 - pixels, cmap="gray", vmin=0, vmax=1, interpolation="none",  # type: ignore[attr-defined]
              extent=(left, left + size, top + size, top), origin="upper", aspect="auto")


HEAD = MARGIN + QR + 6           # mm: the column headings' line
WHITE_CODE, BLACK_CODE = MARGIN + 10, MARGIN + 98   # mm: left edge of each column's codes
INDEX_CODE = (A4[0] - MARGIN - QR, MARGIN - 2)       # mm: the index's code (left, top)


def row_top(row: int) -> float:
    """The top (mm) of the ``row``-th board of a page (0-based): its codes' top edge."""
    return HEAD + 4 + row * ROW


def codes(content: RoundContent, base: str) -> list[tuple[int, float, float, str]]:
    """Every code of the sheet: ``(page, left, top, url)`` (page 0-based, mm from
    the page's top left corner, each code a square of :data:`QR` mm)."""
    base = site_url(base)
    found: list[tuple[int, float, float, str]] = []
    seats: list[tuple[Row, Row | None]] = [(line.white, line.black) for line in content.boards]
    seats += [(row, None) for row in content.byes]
    if not seats:
        found.append((0, *INDEX_CODE, urljoin(base, INDEX)))
    for number, (first, second) in enumerate(seats):
        page, row = divmod(number, ROWS_PER_PAGE)
        if row == 0:
            found.append((page, *INDEX_CODE, urljoin(base, INDEX)))
        found.append((page, WHITE_CODE, row_top(row), urljoin(base, content.page_name(first.id))))
        if second is not None:
            found.append((page, BLACK_CODE, row_top(row),
                          urljoin(base, content.page_name(second.id))))
    return found


def _who(row: Row, lang: str) -> str:
    return f"{row.id}  {row.name[:30]}  ({row.points[lang]})"


def write_sheet(content: RoundContent, base: str, path: Path, lang: str) -> None:
    """Write the pairing sheet of ``content`` to ``path`` (PDF, A4 portrait),
    its QR codes pointing under ``base``; the words in ``lang``."""
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure
    cat = catalogue(lang)
    base = site_url(base)
    lines: list[tuple[str, Row, Row | None]] = [
        (str(line.board), line.white, line.black) for line in content.boards]
    lines += [(cat.text("publish.sheet.bye"), row, None) for row in content.byes]
    pages = max(1, -(-len(lines) // ROWS_PER_PAGE))
    placed = codes(content, base)
    title = cat.text("publish.sheet.title", title=content.title, round=content.round)
    # The title line stops short of the index's code: the tournament's name
    # is shortened, never the round (a sheet on the wall says which round).
    room = TITLE_WIDTH - len(cat.text("publish.sheet.title", title="", round=content.round))
    heading = cat.text("publish.sheet.title", round=content.round,
                       title=textwrap.shorten(content.title, max(10, room), placeholder="…"))
    # No dates: the same round gives the same bytes.
    metadata = {"CreationDate": None, "ModDate": None, "Creator": "swisslearn publish",
                "Title": title}
    with PdfPages(path, metadata=metadata) as pdf:
        for page in range(pages):
            figure = Figure(figsize=(A4[0] * _MM, A4[1] * _MM))
            ax = figure.add_axes((0.0, 0.0, 1.0, 1.0))
            ax.set_axis_off()

            def text(x: float, y: float, words: str, **style: object) -> None:
                # parse_math off: a « $ » in a name is a dollar, not TeX.
                ax.text(x, y, words, parse_math=False, va="center", **style)  # type: ignore[arg-type]

            # The title and the note stop short of the index's code.
            text(MARGIN, MARGIN + 3, heading, fontsize=13, fontweight="bold")
            text(MARGIN, MARGIN + 10, textwrap.fill(cat.text("publish.sheet.scan"), 80),
                 fontsize=8.5)
            text(MARGIN, MARGIN + 17, cat.text("publish.sheet.page", page=page + 1,
                                               pages=pages), fontsize=8.5, color="#444444")
            for where, left, top, url in placed:
                if where == page:
                    _qr(ax, url, left, top, QR)
            text(A4[0] - MARGIN - QR / 2, MARGIN + QR - 1, cat.text("publish.sheet.index"),
                 fontsize=7.5, ha="center")
            head = HEAD
            for label, x in ((cat.text("publish.col.board"), MARGIN),
                             (cat.text("publish.col.white"), MARGIN + 12),
                             (cat.text("publish.col.black"), MARGIN + 100)):
                text(x, head, label, fontsize=9.5, fontweight="bold")
            ax.plot([MARGIN, A4[0] - MARGIN], [head + 3, head + 3], color="black", lw=0.6)
            for i, (board, first, second) in enumerate(
                    lines[page * ROWS_PER_PAGE:(page + 1) * ROWS_PER_PAGE]):
                top = row_top(i)
                middle = top + QR / 2
                text(MARGIN, middle, board, fontsize=11, fontweight="bold")
                text(WHITE_CODE + QR + 1, middle, _who(first, lang), fontsize=9.5)
                if second is not None:
                    text(BLACK_CODE + QR + 1, middle, _who(second, lang), fontsize=9.5)
                ax.plot([MARGIN, A4[0] - MARGIN], [top + ROW - 1, top + ROW - 1],
                        color="#bbbbbb", lw=0.4)
            # The page in millimetres, y downwards (after the images, which
            # would otherwise move the limits to their own extent).
            ax.set_xlim(0, A4[0])
            ax.set_ylim(A4[1], 0)
            pdf.savefig(figure)
