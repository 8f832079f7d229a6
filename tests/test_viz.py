"""swisslearn.viz: every event of real traces renders; tables and highlights are right."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from conftest import STRESS

pytest.importorskip("matplotlib")
pytest.importorskip("pandas")

from matplotlib.figure import Figure  # noqa: E402

from swisslearn import viz  # noqa: E402
from swisslearn.dutch1998.procedure import trace  # noqa: E402
from swisslearn.formats.trf import read_trf  # noqa: E402
from swisslearn.generate import GeneratorSettings, generate  # noqa: E402
from swisslearn.screenshots import pick_steps, write_screenshots  # noqa: E402
from swisslearn.trace import (EVENT_KINDS, BoardsOrdered, BracketOpened, BracketPaired,  # noqa: E402
                              BracketsMerged, ByeAssigned, CandidatesSkipped, CandidateTried,
                              ColourAllocated, CriterionDropped, Event, ExchangeApplied,
                              LastResort, PairingsTried, PDecreased, RoundPaired,
                              RoundStarted)
from swisslearn.viz.score_groups import _crosses  # noqa: E402
from swisslearn.viz.steps import _event_players  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "data" / "club-12-joueurs.trf"


@pytest.fixture(scope="module")
def club() -> list[Event]:
    """Round 5 of the 12-player club tournament: C1, C7, C9-C11, C13, C14, E1-E4."""
    return list(trace(read_trf(CLUB).tournament, 5))


@pytest.fixture(scope="module")
def generated() -> list[Event]:
    """A generated round with a D2 exchange and a bye (found among a few seeds)."""
    for seed in (9, 4, 8, 10, 11, 14, 1, 2, 3):
        tournament = generate(GeneratorSettings(players=9, rounds=4, seed=seed)).tournament
        for round in range(2, tournament.rounds_paired + 1):
            events = list(trace(tournament, round))
            kinds = {e.kind for e in events}
            if {"exchange_applied", "bye_assigned"} <= kinds:
                return events
    pytest.skip("no generated round with both an exchange and a bye")


def _merged(events: Sequence[Event]) -> list[Event]:
    """C13's rarer steps (a merge, the pairings given up, the last resort),
    built by hand on the round's first bracket."""
    opened = next(e for e in events if isinstance(e, BracketOpened))
    return [BracketsMerged(rule="C13", bracket=opened.bracket),
            PairingsTried(rule="C13", bracket=opened.bracket, because_of=opened.bracket,
                          count=2, moved_down=((1,), (2,))),
            LastResort(rule="C14", bracket=opened.bracket)]


def _pruned_club() -> list[Event]:
    """The club round told by the pruned search alone (no bracket walked
    literally, STORY_SIZE 0): its ranges of refused candidates, which the
    story of a course-sized round no longer has (issue 29)."""
    from swisslearn.dutch1998 import state
    story = state.STORY_SIZE
    state.STORY_SIZE = 0
    try:
        return list(trace(read_trf(CLUB).tournament, 5))
    finally:
        state.STORY_SIZE = story


def _all(club: list[Event], generated: list[Event]) -> list[Event]:
    skipped = [e for e in _pruned_club() if isinstance(e, CandidatesSkipped)]
    return club + generated + _merged(club) + skipped[:3]


def test_the_traces_cover_every_event_kind(club: list[Event], generated: list[Event]) -> None:
    assert {e.kind for e in _all(club, generated)} == set(EVENT_KINDS)


def test_every_event_renders_with_its_rule_highlighted(club: list[Event],
                                                       generated: list[Event]) -> None:
    drawn: set[str] = set()
    events = _all(club, generated)
    if not STRESS:  # `make test`: one event of each kind and rule (`make stress`: all)
        events = list({(e.kind, e.rule): e for e in reversed(events)}.values())
    for event in events:
        fig = viz.render(event)
        assert isinstance(fig, Figure)
        box = viz.flowchart_box(event.rule)
        assert box is not None, event.rule
        assert f"flowchart:{box}" in viz.highlighted(fig)
        assert [h for h in viz.highlighted(fig) if h.startswith("flowchart:")] == [
            f"flowchart:{box}"]
        assert viz.views(event)[0] == "flowchart"
        if event.kind not in drawn:  # draw one of each kind for real (layout, glyphs)
            drawn.add(event.kind)
            # Drawn by Agg as figure_png draws it, the pixels kept raw: their
            # PNG encoding (a quarter of the time) is checked by
            # test_rendering_is_deterministic, test_score_groups and test_screenshots.
            raw = io.BytesIO()
            fig.savefig(raw, format="rgba", dpi=100, facecolor=fig.get_facecolor())
            width, height = fig.get_size_inches() * 100
            assert len(raw.getvalue()) == 4 * round(width) * round(height)
            assert raw.getvalue().strip(b"\xff"), event.kind     # not a blank page


@pytest.mark.parametrize("rule, box", [
    ("A2", "A3"), ("A3", "A3"), ("C1", "C1"), ("C4", "C2-C5"), ("C4/A6", "C2-C5"),
    ("C6", "C6"), ("C7", "C7"), ("D1", "C7"), ("C8", "C8"), ("D2", "C8"), ("C9", "C9"),
    ("C10", "C10"), ("C11", "C11"), ("C12", "C12"), ("C13", "C13"), ("C14", "C14"),
    ("A5", "A5"), ("E1", "E"), ("E4", "E"), ("E5", "E"), ("F1", "F1")])
def test_flowchart_highlights_the_box_of_the_rule(rule: str, box: str) -> None:
    assert viz.flowchart_box(rule) == box
    assert viz.highlighted(viz.flowchart_figure(rule)) == [f"flowchart:{box}"]


def test_flowchart_without_rule_highlights_nothing() -> None:
    assert viz.flowchart_box(None) is None and viz.flowchart_box("B4") is None
    fig = viz.flowchart_figure(None)
    assert viz.highlighted(fig) == []
    boxes = {a.get_gid() for a in fig.findobj() if str(a.get_gid()).startswith("flowchart:")}
    assert boxes == {f"flowchart:{key}" for key in viz.FLOWCHART_BOXES}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_c6_box_names_every_criterion_c6_refuses_for(lang: str) -> None:
    """The box said « B1, B2 respectés ? » while the engine's C6 also refuses
    candidates for B4 (within x) and B5/B6 (reading 1 of the 1998 text):
    every criterion a C6 candidate of this round is refused for is in the box."""
    events = trace(read_trf(ROOT / "data" / "cours-c10.trf").tournament, 4)
    refused = {e.rejection.criterion[:2] for e in events
               if isinstance(e, CandidateTried) and e.rule == "C6" and e.rejection is not None}
    assert refused == {"B1", "B4", "B5", "B6"}
    box = [t.get_text() for t in viz.flowchart_figure("C6", lang).axes[0].texts
           if t.get_text().startswith("C6 ")]
    assert len(box) == 1
    named = set(re.findall(r"B\d", box[0]))
    assert refused | {"B2"} <= named, box[0]


@pytest.mark.parametrize("n_s1, n_s2, cell", [(4, 4, "a"), (4, 4, "n"), (3, 4, "c"),
                                              (3, 4, "r"), (6, 6, "i")])
def test_exchange_tables_highlight_the_current_cell(n_s1: int, n_s2: int, cell: str) -> None:
    fig = viz.exchange_tables_figure(n_s1, n_s2, cell)
    assert viz.highlighted(fig) == [f"d2:{cell}"]
    cells = {a.get_gid() for a in fig.findobj() if str(a.get_gid()).startswith("d2:")}
    assert cells == {f"d2:{letter}" for letter in "abcdefghijklmnopqr"}


def test_exchange_tables_small_brackets_and_unlettered_exchanges() -> None:
    fig = viz.exchange_tables_figure(1, 2, "a")
    assert viz.highlighted(fig) == ["d2:a"]
    cells = {a.get_gid() for a in fig.findobj() if str(a.get_gid()).startswith("d2:")}
    assert cells == {"d2:a", "d2:b"}
    assert viz.highlighted(viz.exchange_tables_figure(4, 4, "1+2<->5+6")) == []
    assert viz.highlighted(viz.exchange_tables_figure(4, 4)) == []


def test_exchange_event_shows_its_cell(generated: list[Event]) -> None:
    event = next(e for e in generated if isinstance(e, ExchangeApplied) and e.cell)
    assert "d2" in viz.views(event)
    assert f"d2:{event.cell}" in viz.highlighted(viz.render(event))


def test_bracket_table_columns_and_rows(club: list[Event]) -> None:
    for event in club:
        view = getattr(event, "bracket", None)
        if view is None:
            continue
        frame = viz.bracket_table(event)
        assert tuple(frame.columns) == viz.BRACKET_COLUMNS
        assert len(frame) >= max(len(view.s1), 1 if view.players else 0)
        shown = {c.split(" ")[0] for c in
                 list(frame["n° S1"]) + list(frame["n° S2"]) if c}
        assert shown == {str(p.id) for p in view.players}
        assert len(frame.attrs["marks"]) == len(frame)
    with pytest.raises(TypeError):
        viz.bracket_table(next(e for e in club if isinstance(e, ColourAllocated)))


def test_bracket_table_marks_the_rejected_pair(club: list[Event]) -> None:
    event = next(e for e in club if isinstance(e, CandidateTried) and not e.accepted
                 and e.rejection is not None and e.rejection.criterion == "B1a")
    frame = viz.bracket_table(event)
    a, b = event.rejection.players[:2]  # type: ignore[union-attr]
    marked = [p for p in frame["paire"] if p.startswith("✗")]
    assert marked == [f"✗ {a}–{b} (B1a)"] or marked == [f"✗ {b}–{a} (B1a)"]
    assert "rejected" in frame.attrs["marks"]


def test_bracket_table_shows_the_candidate_order(club: list[Event]) -> None:
    event = next(e for e in club if isinstance(e, CandidateTried) and e.accepted
                 and e.transposition > 0)
    frame = viz.bracket_table(event)
    rows = frame.head(len(event.pairs))
    assert list(zip(rows["n° S1"].str.split(" ").str[0], rows["n° S2"])) == [
        (str(a), str(b)) for a, b in event.pairs]
    assert all(p.startswith("✓") for p in rows["paire"])
    assert "(FD)" in " ".join(frame["n° S1"]) or not event.bracket.moved_down


def test_d1_list_is_the_seeds_list() -> None:
    frame = viz.d1_list(8)
    assert tuple(frame.columns) == viz.D1_COLUMNS
    assert list(frame["ordre de S2"]) == ["5-6-7-8", "5-6-8-7", "5-7-6-8", "5-7-8-6",
                                          "5-8-6-7", "5-8-7-6", "6-5-7-8", "6-5-8-7"]
    assert list(frame["D1"]) == ["tel quel", "a", "b", "c", "d", "e", "f", "g"]
    assert frame["paires"].iloc[1] == "1–5, 2–6, 3–8, 4–7"


def test_d1_list_around_the_current_transposition(club: list[Event]) -> None:
    event = next(e for e in club if isinstance(e, CandidateTried) and e.accepted
                 and e.transposition > 0)
    frame = viz.d1_list(event)
    assert frame.loc[event.transposition, "état"] == "acceptée"
    assert viz.highlighted(viz.transpositions_figure(event)) == [f"row:{event.transposition}"]
    skipped = next(e for e in _pruned_club() if isinstance(e, CandidatesSkipped)
                   and e.count > 0)
    frame = viz.d1_list(skipped)
    assert set(frame.index[frame["état"] == "écartée"]) <= set(range(skipped.first,
                                                                    skipped.last + 1))
    assert skipped.first in frame.index and frame.loc[skipped.first, "état"] == "écartée"


def test_colour_table_and_grid(club: list[Event]) -> None:
    frame = viz.colour_table(club)
    assert list(frame.columns) == ["n°", "nom", "R1", "R2", "R3", "R4", "R5 (nouvelle)", "préf."]
    assert len(frame) == 12
    assert set(frame["R5 (nouvelle)"]) == {"B", "N"}
    assert (frame["R5 (nouvelle)"] == "B").sum() == 6
    assert set(frame[["R1", "R2", "R3", "R4"]].to_numpy().ravel()) <= {"B", "N", "-"}
    states = read_trf(CLUB).tournament.states(5)
    assert list(viz.colour_table(states).columns) == ["n°", "nom", "R1", "R2", "R3", "R4",
                                                      "préf."]
    assert isinstance(viz.colour_grid(states), Figure)
    assert isinstance(viz.colour_grid(club[0]), Figure)


def test_score_groups(club: list[Event]) -> None:
    started = next(e for e in club if isinstance(e, RoundStarted))
    paired = next(e for e in club if isinstance(e, RoundPaired))
    for event in (started, next(e for e in club if isinstance(e, BracketPaired)),
                  next(e for e in club if isinstance(e, PDecreased))):
        assert viz.figure_png(viz.score_groups_figure(event)).startswith(b"\x89PNG")
    assert isinstance(viz.score_groups_figure(paired, started.players), Figure)
    with pytest.raises(ValueError):
        viz.score_groups_figure(paired)


def test_score_groups_float_arrows_go_around_other_chips() -> None:
    """A round whose picture needs two detours (9 players, seed 8, round 3:
    6 (1 pt) meets 5 (0 pt) across 7's bracket, and 7 (½) gets the bye,
    below 5's). No arrow runs across
    a third player's chip, and the two detours do not share a line.
    (Notebook 10's round, seed 3, was the example until a moved-down
    player's own float was checked: its 1998 pairing no longer crosses.)"""
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

    tournament = generate(GeneratorSettings(
        players=9, rounds=5, seed=8, forfeit_rate=0, half_bye_rate=0, absence_rate=0,
        withdrawal_rate=0, late_entry_rate=0)).tournament
    events = list(trace(tournament, 3))
    started = events[0]
    assert isinstance(started, RoundStarted)
    figure = viz.score_groups_figure(events[-1], players=started.players)
    ax = figure.axes[0]
    chips = [(p.get_x(), p.get_y(), p.get_x() + p.get_width(), p.get_y() + p.get_height())
             for p in ax.get_children() if isinstance(p, FancyBboxPatch)]
    ways = []
    for arrow in (a for a in ax.get_children() if isinstance(a, FancyArrowPatch)):
        path = getattr(arrow, "_path_original", None)
        points = ([tuple(v) for v in path.vertices] if path is not None
                  else list(arrow._posA_posB))  # type: ignore[attr-defined]
        ways.append(points)
    assert sum(len(w) > 2 for w in ways) == 2          # 1-7 and 2's bye go round
    for way in ways:
        for start, end in zip(way, way[1:]):
            crossed = [c for c in chips if _crosses(start, end, c)
                       and not any(c[0] <= x <= c[2] and c[1] - 1e-6 <= y <= c[3] + 1e-6
                                   for x, y in (way[0], way[-1]))]
            assert not crossed, (way, crossed)
    sides = {round(w[2][0], 6) for w in ways if len(w) > 2}
    assert len(sides) == 2


def test_boards_and_players_tables(club: list[Event], generated: list[Event]) -> None:
    boards = next(e for e in club if isinstance(e, BoardsOrdered))
    frame = viz.boards_table(boards)
    assert tuple(frame.columns) == viz.BOARD_COLUMNS and len(frame) == 6
    paired = next(e for e in generated if isinstance(e, RoundPaired))
    frame = viz.boards_table(paired)
    assert len(frame) == len(paired.boards) + len(paired.byes)
    assert list(frame["échiquier"]).count("exempt") == len(paired.byes)
    bye = next(e for e in generated if isinstance(e, ByeAssigned))
    assert viz.views(bye) == ("flowchart", "players")
    frame = viz.players_table([bye.view] if bye.view else [])
    assert tuple(frame.columns) == viz.PLAYER_COLUMNS


def test_views_pick_the_pictures(club: list[Event]) -> None:
    dropped = next(e for e in club if isinstance(e, CriterionDropped))
    assert viz.views(dropped) == ("flowchart", "bracket")
    tried = next(e for e in club if isinstance(e, CandidateTried) and e.transposition)
    assert viz.views(tried) == ("flowchart", "bracket", "d1")
    assert viz.views(club[0]) == ("flowchart", "groups")


def test_rendering_is_deterministic(club: list[Event]) -> None:
    event = next(e for e in club if isinstance(e, CandidateTried) and e.transposition)
    assert viz.figure_png(viz.render(event)) == viz.figure_png(viz.render(event))


def test_screenshots(club: list[Event], tmp_path: Path) -> None:
    steps = pick_steps(club)
    kinds = [type(club[i]) for i in steps]
    assert len(steps) == 3
    assert kinds[0] is CandidateTried and club[steps[0]].rule == "C7"
    assert kinds[1] in (ExchangeApplied, PDecreased, CriterionDropped)
    assert kinds[2] is ColourAllocated
    paths = write_screenshots(tmp_path, CLUB, 5)
    assert [p.name.split("-")[3] for p in paths] == [f"{i + 1:03d}" for i in steps]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in paths)


def test_the_pairing_path_imports_no_notebook_stack() -> None:
    code = ("import sys, swisslearn, swisslearn.cli\n"
            "bad = [m for m in ('matplotlib', 'pandas', 'ipywidgets', 'swisslearn.viz',\n"
            "                   'swisslearn.widgets') if m in sys.modules]\n"
            "assert not bad, bad\n"
            "import swisslearn.viz\n"
            "from swisslearn.formats.trf import read_trf\n"
            "from swisslearn.dutch1998.procedure import trace\n"
            f"events = list(trace(read_trf({str(CLUB)!r}).tournament, 4))\n"
            "swisslearn.viz.figure_png(swisslearn.viz.render(events[5]))\n"
            "assert 'matplotlib.pyplot' not in sys.modules\n"
            # The pictures and the 1998 words load neither the exam (a
            # record's figure does) nor the team engine (a team event's words).
            "from swisslearn.explain import explain, why\n"
            "explain(events[5]), why(events, 1, 2)\n"
            "bad = [m for m in sys.modules if m.startswith(('swisslearn.exam',\n"
            "       'swisslearn.team2026', 'swisslearn.explain.team2026'))]\n"
            "assert not bad, bad\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr


# -- every word from the catalogue, in the language asked (issue 22) -------------


def _drawn_texts(fig: Figure) -> list[str]:
    """Every text of the picture: what ``fig.findobj(Text)`` finds, but for
    the ticks of the axes (off; findobj locates and makes them: 13 ms a
    picture), whose labels are empty until drawn (the same texts on the 181
    pictures of the club's round 5)."""
    from matplotlib.text import Text

    from swisslearn.viz.figures import _artists
    return [t.get_text() for t in _artists(fig) if isinstance(t, Text) and t.get_text()]


def french_only_words(area: str = "viz") -> set[str]:
    """Words (4 letters or more) of an area's French catalogue file
    (``fr.viz.json``) that its English one never uses."""
    import json
    folder = ROOT / "swisslearn" / "explain"

    def words(lang: str) -> set[str]:
        values = json.loads((folder / f"{lang}.{area}.json").read_text("utf-8")).values()
        return {w.lower() for v in values for w in re.findall(r"[^\W\d_]{4,}", v)}
    return words("fr") - words("en")


def test_english_pictures_have_no_french_word(club: list[Event], generated: list[Event]) -> None:
    french = french_only_words()
    assert {"niveau", "blancs", "noirs", "exempt", "organigramme"} <= french
    # Players' names are data, not words of the picture ("Joueur 013").
    names = {p.name for e in _all(club, generated) if isinstance(e, RoundStarted)
             for p in e.players}
    drawn: set[str] = set()
    for event in _all(club, generated):
        if event.kind in drawn:
            continue
        drawn.add(event.kind)
        texts = [t for t in _drawn_texts(viz.render(event, "en")) if t not in names]
        words = set(re.findall(r"[^\W\d_]+", " ".join(texts).lower()))
        assert not words & french, (event.kind, words & french)
    assert drawn == set(EVENT_KINDS)


def test_english_tables_use_english_columns_and_letters(club: list[Event]) -> None:
    event = next(e for e in club if isinstance(e, CandidateTried) and e.transposition)
    frame = viz.bracket_table(event, "en")
    assert tuple(frame.columns) == viz.bracket_columns("en")
    assert "no. S1" in frame.columns and "remark" in frame.columns
    french = viz.bracket_table(event)
    # The same colours, in each language's letters: French B/N, English W/B.
    for fr_cell, en_cell in zip(french["couleurs S1"], frame["colours S1"]):
        assert en_cell == fr_cell.replace("B", "W").replace("N", "B")
    assert all("N" not in cell for cell in frame["pref. S1"])
    assert tuple(viz.d1_list(8, lang="en").columns) == viz.d1_columns("en")
    assert list(viz.d1_list(8, lang="en")["D1"])[0] == "as is"
    colours = viz.colour_table(club, "en")
    assert list(colours.columns)[-2:] == ["R5 (new)", "pref."]
    assert set(colours["R5 (new)"]) == {"W", "B"}
    assert (colours["R5 (new)"] == "W").sum() == 6
    assert colours.attrs["title"].startswith("Colours played (W = white, B = black")
    started = next(e for e in club if isinstance(e, RoundStarted))
    assert "Round 5: score brackets (A3)" in _drawn_texts(viz.score_groups_figure(started,
                                                                                 lang="en"))
    assert viz.boards_table(next(e for e in club if isinstance(e, BoardsOrdered)),
                            "en").attrs["title"] == "F1: board order"


def test_numbers_are_written_the_languages_way() -> None:
    frame = viz.d1_list(14)
    assert frame.attrs["title"].startswith("D1 : ordres de S2 (5\u202f040 en tout)")
    assert viz.d1_list(14, lang="en").attrs["title"].startswith("D1: orders of S2 (5,040 in all)")


def test_the_colour_picture_says_who_gets_his_preference() -> None:
    """Issue 17: « 1, le mieux classé, reçoit sa couleur : les noirs ; 3 a les
    blancs », not « 3 a les blancs (couleur préférentielle du joueur le mieux
    classé, 1) »."""
    events = list(trace(read_trf(CLUB).tournament, 4))
    e4 = next(e for e in events if isinstance(e, ColourAllocated) and e.rule == "E4"
              and {e.white, e.black} == {1, 3})
    title, remarks = viz.colour_story(e4)
    assert title == "E4 : 1, le mieux classé, reçoit sa couleur : les noirs ; 3 a les blancs"
    assert remarks[1] == "reçoit les noirs (N), sa couleur préférentielle, mieux classé (A2)"
    assert remarks[3].startswith("reçoit les blancs (B), contre sa préférence (N")
    assert viz.colour_story(e4, "en")[0] == ("E4: 1, the higher ranked, gets his colour: black; "
                                             "3 has white")
    frame, _ = _event_players(e4, "fr")
    assert frame.attrs["title"] == title
    assert f"{title}" in _drawn_texts(viz.render(e4))
    procedure = list(trace(read_trf(ROOT / "data" / "cours-procedure.trf").tournament, 4))
    e2 = next(e for e in procedure if isinstance(e, ColourAllocated) and e.rule == "E2")
    assert viz.colour_story(e2)[0] == ("E2 : 14, dont la préférence est la plus forte (N!!), "
                                       "reçoit sa couleur : les noirs ; 13 a les blancs")
    assert viz.colour_story(e2, "en")[0] == ("E2: 14, whose preference is the stronger (B!!), "
                                             "gets his colour: black; 13 has white")
    e1 = next(e for e in procedure if isinstance(e, ColourAllocated) and e.rule == "E1")
    assert viz.colour_story(e1)[0] == (f"E1 : chacun reçoit sa couleur : {e1.white} les blancs, "
                                       f"{e1.black} les noirs")
