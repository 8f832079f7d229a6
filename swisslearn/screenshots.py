"""Pictures of the stepper for the README: ``python -m swisslearn.screenshots OUTDIR``.

Pairs a round of ``data/club-12-joueurs.trf`` (round 5 by default) and
writes, for three of its steps, what the notebook stepper shows: the step
label, the flowchart with the rule's box coloured beside the bracket table
(or the D1 list, the D2 tables...), and the explanation, in French (or
``--lang en``).  Drawn by
matplotlib alone (no browser); the same settings give the same bytes.

The steps (:func:`pick_steps`): a C7 transposition that was accepted; an
exchange (D2), or else C14 (p lowered), or else C9/C10 (a criterion
dropped); a colour allocation (E2 or E3 preferred, they say more than E1).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from swisslearn.trace import (CandidateTried, ColourAllocated, CriterionDropped, Event,
                              ExchangeApplied, PDecreased)
from swisslearn.words import catalogue

__all__ = ["DEFAULT_ROUND", "DEFAULT_TRF", "main", "pick_steps", "write_screenshots"]

#: The example tournament (beside the package in a source checkout).
DEFAULT_TRF = Path(__file__).resolve().parent.parent / "data" / "club-12-joueurs.trf"
#: Its round 5 has a C7 transposition, C9, C10, C13, C14 and E2 colours.
DEFAULT_ROUND = 5


def _first(events: Sequence[Event], *tests: type[Event] | str) -> int | None:
    for i, event in enumerate(events):
        for test in tests:
            if isinstance(test, str) and event.rule == test:
                return i
            if isinstance(test, type) and isinstance(event, test):
                return i
    return None


def pick_steps(events: Sequence[Event]) -> list[int]:
    """Indices (0-based, in trace order) of the steps to show, at most three."""
    chosen: list[int | None] = []
    chosen.append(next((i for i, e in enumerate(events) if isinstance(e, CandidateTried)
                        and e.rule == "C7" and e.transposition > 0 and e.accepted), None))
    step = _first(events, ExchangeApplied)
    if step is None:
        step = _first(events, PDecreased)
    if step is None:
        step = next((i for i, e in enumerate(events) if isinstance(e, CriterionDropped)), None)
    chosen.append(step)
    colours = [i for i, e in enumerate(events) if isinstance(e, ColourAllocated)]
    chosen.append(next((i for i in colours if events[i].rule in ("E2", "E3")),
                       colours[0] if colours else None))
    return sorted({i for i in chosen if i is not None})


def write_screenshots(outdir: Path, trf: Path = DEFAULT_TRF, round: int = DEFAULT_ROUND,
                      lang: str = "fr") -> list[Path]:
    """Write the PNGs into ``outdir`` (created if needed); return their paths."""
    from swisslearn.dutch1998.procedure import trace
    from swisslearn.explain import explain
    from swisslearn.formats.trf import read_trf
    from swisslearn.viz import figure_png, step_figure
    from swisslearn.widgets import step_label

    tournament = read_trf(trf).tournament
    events = list(trace(tournament, round))
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for index in pick_steps(events):
        event = events[index]
        title = catalogue(lang).text("viz.screenshot.title", name=tournament.name or trf.name,
                                     round=round,
                                     label=step_label(index + 1, len(events), event, lang))
        fig = step_figure(event, title=title, caption=explain(event, lang), lang=lang)
        path = outdir / f"stepper-r{round}-etape-{index + 1:03d}-{event.rule}.png"
        path.write_bytes(figure_png(fig))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m swisslearn.screenshots",
        description="PNG pictures of the stepper at three steps of a round (for the README).")
    parser.add_argument("outdir", type=Path, help="where to write the PNG files")
    parser.add_argument("--trf", type=Path, default=DEFAULT_TRF,
                        help="the tournament (default: data/club-12-joueurs.trf)")
    parser.add_argument("--round", type=int, default=DEFAULT_ROUND,
                        help=f"the round to pair (default: {DEFAULT_ROUND})")
    parser.add_argument("--lang", default="fr",
                        help="language of the pictures and explanations (fr, en)")
    args = parser.parse_args(argv)
    if not args.trf.is_file():
        parser.error(f"{args.trf}: no such file (pass --trf)")
    for path in write_screenshots(args.outdir, args.trf, args.round, args.lang):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
