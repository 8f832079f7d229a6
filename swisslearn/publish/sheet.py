"""``appariements.pdf``: the boards as an arbiter posts them, on A4, with a
QR code per player to his page and one to the index.

Drawn with matplotlib's PDF backend (already the course's picture library;
no other PDF library), the QR codes encoded by segno.  Each code is drawn
as vector rectangles (one per run of dark modules), never as an image a
viewer might smooth: it stays sharp at any zoom and prints crisply.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from swisslearn.errors import usage
from swisslearn.explain.catalogue import catalogue
from swisslearn.publish import INDEX
from swisslearn.publish.content import RoundContent, Row

__all__ = ["ROWS_PER_PAGE", "player_url", "site_url", "write_sheet"]

A4 = (210.0, 297.0)              # mm
ROWS_PER_PAGE = 11
MARGIN = 12.0                    # mm
QR = 19.0                        # mm, a code with its quiet zone
ROW = 21.5                       # mm between boards
_MM = 1 / 25.4                   # inches per mm


def site_url(base: str) -> str:
    """``base`` checked (http or https, with a host) and ending in ``/``."""
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise usage("publish.bad_url", url=base)
    return base if base.endswith("/") else base + "/"


def player_url(base: str, content: RoundContent, player: int) -> str:
    return urljoin(site_url(base), content.page_name(player))


def _runs(matrix: tuple[bytearray, ...]) -> list[tuple[int, int, int]]:
    """The dark modules as horizontal runs ``(row, first column, length)``."""
    runs = []
    for y, line in enumerate(matrix):
        x = 0
        while x < len(line):
            if line[x]:
                start = x
                while x < len(line) and line[x]:
                    x += 1
                runs.append((y, start, x - start))
            else:
                x += 1
    return runs


def _qr(ax: object, url: str, left: float, top: float, size: float) -> None:
    """The QR code of ``url`` with its quiet zone in the square ``size`` mm at (left, top)."""
    import segno
    from matplotlib.collections import PolyCollection
    code = segno.make(url, error="m", micro=False)
    matrix = code.matrix
    module = size / (len(matrix) + 8)      # four modules of quiet zone each side
    x0, y0 = left + 4 * module, top + 4 * module
    boxes = [[(x0 + c * module, y0 + r * module), (x0 + (c + n) * module, y0 + r * module),
              (x0 + (c + n) * module, y0 + (r + 1) * module), (x0 + c * module, y0 + (r + 1) * module)]
             for r, c, n in _runs(matrix)]
    ax.add_collection(PolyCollection(boxes, facecolors="black", edgecolors="none",  # type: ignore[attr-defined]
                                     linewidths=0, antialiaseds=False))


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
    title = cat.text("publish.sheet.title", title=content.title, round=content.round)
    # No dates: the same round gives the same bytes.
    metadata = {"CreationDate": None, "ModDate": None, "Creator": "swisslearn publish",
                "Title": title}
    with PdfPages(path, metadata=metadata) as pdf:
        for page in range(pages):
            figure = Figure(figsize=(A4[0] * _MM, A4[1] * _MM))
            ax = figure.add_axes((0.0, 0.0, 1.0, 1.0))
            ax.set_xlim(0, A4[0])
            ax.set_ylim(A4[1], 0)
            ax.set_axis_off()

            def text(x: float, y: float, words: str, **style: object) -> None:
                # parse_math off: a « $ » in a name is a dollar, not TeX.
                ax.text(x, y, words, parse_math=False, va="center", **style)  # type: ignore[arg-type]

            # The title and the note stop short of the index's code.
            text(MARGIN, MARGIN + 3, textwrap.shorten(title, 56, placeholder="…"), fontsize=13,
                 fontweight="bold")
            text(MARGIN, MARGIN + 10, textwrap.fill(cat.text("publish.sheet.scan"), 80),
                 fontsize=8.5)
            text(MARGIN, MARGIN + 17, cat.text("publish.sheet.page", page=page + 1,
                                               pages=pages), fontsize=8.5, color="#444444")
            _qr(ax, urljoin(base, INDEX), A4[0] - MARGIN - QR, MARGIN - 2, QR)
            text(A4[0] - MARGIN - QR / 2, MARGIN + QR - 1, cat.text("publish.sheet.index"),
                 fontsize=7.5, ha="center")
            head = MARGIN + QR + 6
            for label, x in ((cat.text("publish.col.board"), MARGIN),
                             (cat.text("publish.col.white"), MARGIN + 12),
                             (cat.text("publish.col.black"), MARGIN + 100)):
                text(x, head, label, fontsize=9.5, fontweight="bold")
            ax.plot([MARGIN, A4[0] - MARGIN], [head + 3, head + 3], color="black", lw=0.6)
            for i, (board, first, second) in enumerate(
                    lines[page * ROWS_PER_PAGE:(page + 1) * ROWS_PER_PAGE]):
                top = head + 4 + i * ROW
                middle = top + QR / 2
                text(MARGIN, middle, board, fontsize=11, fontweight="bold")
                _qr(ax, urljoin(base, content.page_name(first.id)), MARGIN + 10, top, QR)
                text(MARGIN + 10 + QR + 1, middle, _who(first, lang), fontsize=9.5)
                if second is not None:
                    _qr(ax, urljoin(base, content.page_name(second.id)), MARGIN + 98, top, QR)
                    text(MARGIN + 98 + QR + 1, middle, _who(second, lang), fontsize=9.5)
                ax.plot([MARGIN, A4[0] - MARGIN], [top + ROW - 1, top + ROW - 1],
                        color="#bbbbbb", lw=0.4)
            pdf.savefig(figure)
