"""The C1-C14 procedure (then A5, E and F1) as boxes and arrows, the box of
the step's rule coloured.
"""

from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

from swisslearn.words import Catalogue, catalogue
from swisslearn.viz._common import HIGHLIGHT, _BOX, _DOWN, _EDGE, _axes_inches, _blank, _new_figure

__all__ = [
    "FLOWCHART_BOXES", "flowchart_box", "flowchart_figure",
]


#: The flowchart's boxes: key -> (column, row); each box's words are the
#: catalogue's ``viz.flow.<key>``.  Column 0 is the main line (a bracket from
#: A3 to C6, then the end of the round), column 1 the rules applied in turn
#: when C6 fails.
FLOWCHART_BOXES: dict[str, tuple[int, int]] = {
    "A3": (0, 0), "C1": (0, 1), "C2-C5": (0, 2), "C6": (0, 3), "A5": (0, 5), "E": (0, 6),
    "F1": (0, 7), "C7": (1, 0), "C8": (1, 1), "C9": (1, 2), "C10": (1, 3), "C11": (1, 4),
    "C12": (1, 5), "C13": (1, 6), "C14": (1, 7),
}

_RULE_BOXES = {"A2": "A3", "A3": "A3", "A6": "C2-C5", "A8": "C2-C5", "A9": "C2-C5",
               "C2": "C2-C5", "C3": "C2-C5", "C4": "C2-C5", "C5": "C2-C5",
               "D1": "C7", "D2": "C8", "A5": "A5", "F1": "F1"}


def flowchart_box(rule: str | None) -> str | None:
    """The flowchart box of a rule label: ``"C7"`` -> ``"C7"``, ``"C4"`` ->
    ``"C2-C5"``, ``"D2"`` -> ``"C8"``, ``"E3"`` -> ``"E"``; ``None`` if none.
    A compound label (``"C4/A6"``) uses its first rule."""
    if not rule:
        return None
    rule = rule.split("/")[0].strip().upper()
    if rule in FLOWCHART_BOXES:
        return rule
    if rule in _RULE_BOXES:
        return _RULE_BOXES[rule]
    if len(rule) == 2 and rule[0] == "E" and rule[1].isdigit():
        return "E"
    return None


def _draw_flowchart(ax: Axes, rule: str | None, cat: Catalogue, *, title: bool = True) -> None:
    _blank(ax)
    current = flowchart_box(rule)
    width_in, height_in = _axes_inches(ax)
    font = max(4.5, min(9.5, width_in * 72 * 0.43 / (0.55 * 36),
                        height_in * 72 * 0.085 / 2.9))
    top, step, box_h, box_w = 0.9, 0.118, 0.085, 0.42
    centres: dict[str, tuple[float, float]] = {}
    if title:
        ax.text(0.5, 0.985, cat.text("viz.flow.title"), ha="center",
                va="top", fontsize=font + 1.5, fontweight="bold")
    for key, (column, row) in FLOWCHART_BOXES.items():
        x = 0.265 if column == 0 else 0.745
        y = top - row * step
        centres[key] = (x, y)
        on = key == current
        patch = FancyBboxPatch((x - box_w / 2, y - box_h / 2), box_w, box_h,
                               boxstyle="round,pad=0.004,rounding_size=0.015",
                               facecolor=HIGHLIGHT if on else _BOX,
                               edgecolor="#b36b00" if on else _EDGE,
                               linewidth=2.2 if on else 0.9, gid=f"flowchart:{key}",
                               label="current" if on else "_box", zorder=2)
        ax.add_artist(patch)
        ax.text(x, y, cat.text(f"viz.flow.{key}"), ha="center", va="center", fontsize=font,
                zorder=3,
                fontweight="bold" if on else "normal", linespacing=1.25)

    def arrow(a: tuple[float, float], b: tuple[float, float], text: str = "",
              rad: float = 0.0, where: float = 0.5, colour: str = _EDGE) -> None:
        ax.add_artist(FancyArrowPatch(a, b, arrowstyle="-|>", mutation_scale=9,
                                     linewidth=0.9, color=colour, zorder=1,
                                     connectionstyle=f"arc3,rad={rad}"))
        if text:
            tx = a[0] + (b[0] - a[0]) * where
            ty = a[1] + (b[1] - a[1]) * where
            ax.text(tx, ty, text, fontsize=font * 0.85, ha="center", va="center",
                    color=colour, zorder=4, bbox={"boxstyle": "round,pad=0.15",
                                                  "facecolor": "white", "edgecolor": "none"})

    half = box_h / 2
    chain = ["A3", "C1", "C2-C5", "C6"]
    for a, b in zip(chain, chain[1:]):
        arrow((centres[a][0], centres[a][1] - half), (centres[b][0], centres[b][1] + half))
    for a, b in (("A5", "E"), ("E", "F1")):
        arrow((centres[a][0], centres[a][1] - half), (centres[b][0], centres[b][1] + half))
    c6, c7 = centres["C6"], centres["C7"]
    arrow((c6[0] + box_w / 2, c6[1] + 0.01), (c7[0] - box_w / 2, c7[1] - 0.01),
          cat.text("viz.flow.no"), where=0.5, colour=_DOWN)
    arrow((c6[0], c6[1] - half), (centres["A5"][0], centres["A5"][1] + half),
          cat.text("viz.flow.yes_lowest"), colour="#2c7a2c")
    arrow((c6[0] - box_w / 2, c6[1]), (centres["A3"][0] - box_w / 2, centres["A3"][1]),
          rad=-0.15, colour="#2c7a2c")
    ax.text(centres["A3"][0] - box_w / 2 - 0.042, (c6[1] + centres["A3"][1]) / 2,
            cat.text("viz.flow.yes_next"), rotation=90, ha="center", va="center",
            fontsize=font * 0.85, color="#2c7a2c")
    right = [k for k, (column, _) in sorted(FLOWCHART_BOXES.items(),
                                            key=lambda kv: kv[1][1]) if column == 1]
    for a, b in zip(right, right[1:]):
        arrow((centres[a][0], centres[a][1] - half), (centres[b][0], centres[b][1] + half),
              cat.text("viz.flow.exhausted") if a in ("C7", "C8") else "")


def flowchart_figure(rule: str | None = None, lang: str = "fr") -> Figure:
    """The C1-C14 procedure (then A5, E and F1) as boxes and arrows, the box of
    ``rule`` coloured (:func:`flowchart_box` says which; no box for ``None``)."""
    fig = _new_figure(7.0, 7.5)
    ax = fig.add_axes((0.01, 0.01, 0.98, 0.98))
    _draw_flowchart(ax, rule, catalogue(lang))
    return fig
