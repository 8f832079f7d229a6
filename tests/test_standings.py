"""Standings at the entry of a round (``swisslearn.standings``)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from conftest import DATA
from swisslearn.cli import read_input
from swisslearn.errors import UsageError
from swisslearn.formats.protections import tiebreaks_from_trf
from swisslearn.formats.trf import TrfDocument
from swisslearn.formats.teams import board_tournament
from swisslearn.standings import standings
from trfbuild import tournament

ROUNDS = ["1-3 1, 2-4 =, 5 H", "1-4 1, 3-2 1, 5 H"]


def test_individual_tiebreaks() -> None:
    t = tournament(5, ROUNDS)
    table = standings(t, 3)
    assert table.tiebreaks == ("buchholz", "buchholz-cut1", "sonneborn-berger",
                               "direct-encounter", "aro")
    assert table.order == (1, 3, 5, 4, 2)
    row = {r.id: r for r in table.rows}
    assert row[1].score == Decimal(2)
    # Buchholz, cut-1, Sonneborn-Berger, direct encounter, ARO
    assert row[4].values == tuple(Decimal(v) for v in ("2.5", "2", "0.25", "0", "2585"))
    assert row[2].values == tuple(Decimal(v) for v in ("1.5", "1", "0.25", "0", "2565"))
    # a requested bye is a virtual opponent with the player's own score
    assert row[5].values[:3] == (Decimal(2), Decimal(1), Decimal(1))
    assert row[5].values[4] == 0  # no opponent met


def test_direct_encounter_between_tied_players() -> None:
    t = tournament(4, ["2-1 1, 3-4 1", "1-4 1, 3-2 1"])
    # 1 and 2 both have 1 point; 2 beat 1.
    assert standings(t, 3, ("direct-encounter",)).order == (3, 2, 1, 4)
    assert standings(t, 3, ()).order == (3, 1, 2, 4)


def test_round_1_is_the_initial_order() -> None:
    t = tournament(4, ["1-2 0, 3-4 0"])
    assert standings(t, 1).order == (1, 2, 3, 4)
    assert standings(t, 2).order == (2, 4, 1, 3)


def test_ten_teams_before_round_2() -> None:
    document = read_input(str(DATA / "equipes-dix.trf"))
    assert isinstance(document, TrfDocument)
    boards = board_tournament(document)
    table = standings(document.tournament, 2, boards=boards)
    assert table.team and table.tiebreaks == ("game-points", "board-count")
    name = {p.id: p.name for p in document.tournament.players}
    assert [name[i] for i in table.order] == ["A2", "A1", "A3", "B1", "A6", "A5", "A4", "C",
                                              "D", "B2"]
    row = {name[r.id]: r for r in table.rows}
    assert [row[n].score for n in ("A2", "A6", "B2")] == [3, 2, 1]
    # A5-A6 was drawn 2-2; A6 won boards 1-2 (4 + 3), A5 boards 3-4 (2 + 1).
    assert row["A6"].values == (Decimal(2), Decimal(7))
    assert row["A5"].values == (Decimal(2), Decimal(3))
    # without the board players, A5 and A6 stay tied: TPN order
    plain = standings(document.tournament, 2)
    assert [name[i] for i in plain.order][4:6] == ["A5", "A6"]
    assert "<table>" in table._repr_html_()


def test_the_table_a_notebook_shows_is_in_its_language() -> None:
    """Issue 19: the French notebook showed « game points » and A2's board
    count 10 as « 1E+1 »."""
    document = read_input(str(DATA / "equipes-dix.trf"))
    assert isinstance(document, TrfDocument)
    table = standings(document.tournament, 2, boards=board_tournament(document))
    french = table._repr_html_()
    assert "<th>points de partie</th><th>décompte par échiquier</th>" in french
    assert "<td>A2</td><td>3</td><td>4</td><td>10</td>" in french and "E+" not in french
    assert "<td>3,5</td>" in french and "game points" not in french
    english = table.html("en")
    assert "<th>game points</th><th>board count</th>" in english and "<td>3.5</td>" in english


def test_tiebreaks_from_the_202_record() -> None:
    assert tiebreaks_from_trf(["012 x", "202 BH/C1, BH, SB, XYZ"]) == (
        "buchholz-cut1", "buchholz", "sonneborn-berger")
    assert tiebreaks_from_trf(["012 x"]) is None


def test_unknown_tiebreak() -> None:
    with pytest.raises(UsageError):
        standings(tournament(2, []), 1, ("coin-toss",))
