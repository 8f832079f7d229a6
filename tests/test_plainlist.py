"""Seed 003's plain list: reading, line-numbered errors, writing, TRF conversions.

``tests/data/bad-plain/expected.tsv`` lists, for every malformed list, the
line and column the error must name and a piece of its message; the command
line must print ``FILE:LINE:COL: message`` and exit 3, never a traceback.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from conftest import DATA, ROOT, TEST_DATA
from helpers import Expected, expected_rows, row_name
from swisslearn import simple
from swisslearn.cli import EXIT_INPUT, EXIT_OK, main, read_input
from swisslearn.errors import PlainListError
from swisslearn.formats.plainlist import (PlainListDocument,
                                          format_plain_list, infer_results,
                                          is_plain_list_text, looks_like_plain_list,
                                          parse_plain_list, read_plain_list, to_plain_list,
                                          to_trf)
from swisslearn.formats.trf import TrfDocument, parse_trf, read_trf
from swisslearn.generate import GeneratorSettings, generate, random_tournaments
from swisslearn.model import Colour, Float, Result, Tournament

BAD = TEST_DATA / "bad-plain"
SIX = DATA / "six-joueurs.txt"

# A list whose points can come from results (1, ½, 0; a bye is 1), with a
# bye, a round without a game, a quoted name and comments.
CONSISTENT = """\
# Club du jeudi, before round 4
Anna | 2.5 | Bruno, "Dupont, Eve", Carla | W B W
Bruno | 2 | Anna, Carla, bye | B W
Carla | 1.5 | "Dupont, Eve", Bruno, Anna | W B B
"Dupont, Eve" | 1 | Carla, Anna, - | B W
Felix | 1 | bye, -, - |
"""


EXPECTED = expected_rows(BAD)
SUBPROCESS_SAMPLE = {"empty.txt", "asymmetric-opponents.txt", "latin1-name.txt",
                     "misaligned-rounds.txt"}


# -- malformed lists ------------------------------------------------------------


def test_every_bad_list_is_listed_once() -> None:
    listed = [row.path.name for row in EXPECTED]
    assert len(listed) == len(set(listed))
    assert sorted(listed) == sorted(p.name for p in BAD.glob("*.txt"))
    assert len(listed) >= 15
    assert SUBPROCESS_SAMPLE <= set(listed)


@pytest.mark.parametrize("row", EXPECTED, ids=row_name)
def test_bad_list_raises_plain_list_error(row: Expected) -> None:
    with pytest.raises(PlainListError) as caught:
        read_plain_list(row.path)
    error = caught.value
    assert error.file == str(row.path)
    assert (error.line, error.column) == (row.line, row.column), error.message
    assert row.message in error.message
    assert "expected" in error.message
    assert str(error) == f"{row.path}:{row.line}:{row.column}: {error.message}"


def _check_stderr(stderr: str, row: Expected) -> None:
    assert "Traceback" not in stderr
    assert stderr.startswith(f"{row.path}:{row.line}:{row.column}: "), stderr
    assert row.message in stderr
    assert stderr.count("\n") == 1


@pytest.mark.parametrize("row", [r for r in EXPECTED if r.path.name not in SUBPROCESS_SAMPLE],
                         ids=row_name)
def test_main_reports_the_place(row: Expected, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", str(row.path), "--system", "simple"]) == EXIT_INPUT
    captured = capsys.readouterr()
    assert captured.out == ""
    _check_stderr(captured.err, row)


@pytest.mark.parametrize("row", [r for r in EXPECTED if r.path.name in SUBPROCESS_SAMPLE],
                         ids=row_name)
def test_command_line_reports_the_place(row: Expected) -> None:
    run = subprocess.run([sys.executable, "-m", "swisslearn", "show", str(row.path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == EXIT_INPUT
    assert run.stdout == ""
    _check_stderr(run.stderr, row)


@pytest.mark.parametrize("row", EXPECTED[::5], ids=row_name)
def test_convert_reports_the_place_and_writes_nothing(
        row: Expected, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.trf"
    assert main(["convert", str(row.path), "-o", str(out)]) == EXIT_INPUT
    _check_stderr(capsys.readouterr().err, row)
    assert not out.exists()


# -- reading -------------------------------------------------------------------


def test_the_six_player_example_reads_as_the_seed_says() -> None:
    """ "Listez les joueurs dans Joueurs, dans l'ordre de classement, un par
    ligne, avec leurs points : par exemple Red Falcons | 3." """
    tournament = read_plain_list(SIX).tournament
    assert tournament.declared_scores_from == 4 and not tournament.floats_known
    assert [p.name for p in tournament.players] == [
        "Red Falcons", "Blue Wave", "Northern Stars", "Silver Lions", "Iron Wolves",
        "Golden Hawks"]
    assert [p.id for p in tournament.players] == [1, 2, 3, 4, 5, 6]
    assert [p.declared_rank for p in tournament.players] == [1, 2, 3, 4, 5, 6]
    assert [p.declared_points for p in tournament.players] == [
        Decimal(3), Decimal(3), Decimal(2), Decimal(2), Decimal(1), Decimal(0)]
    assert tournament.next_round() == 4
    red = tournament.player(1)
    assert [(e.round, e.opponent, e.colour, e.result) for e in red.entries] == [
        (1, 4, Colour.BLACK, Result.PENDING), (2, 5, Colour.WHITE, Result.PENDING),
        (3, 6, Colour.BLACK, Result.PENDING)]


def test_opponents_then_colours_oldest_first() -> None:
    """ "Après les points, écrivez les adversaires précédents séparés par des
    virgules, puis les couleurs jouées dans l'ordre, en W et B." """
    tournament = parse_plain_list("A | 1 | B, C | W B\nB | 1 | A, - | B\nC | 0 | -, A | W\n"
                                  ).tournament
    state = {s.id: s for s in tournament.states(3)}
    assert state[1].colour_history == (Colour.WHITE, Colour.BLACK)
    assert state[1].opponents == (2, 3)
    assert state[2].colour_history == (Colour.BLACK, None)
    assert state[3].colour_history == (None, Colour.WHITE)


def test_bye_among_the_opponents() -> None:
    """ "Écrivez bye parmi les adversaires d'un joueur qui a déjà eu un exempt." """
    tournament = parse_plain_list("A | 1 | B | W\nB | 1 | A | B\nC | 0 | bye\n").tournament
    states = {s.id: s for s in tournament.states(2)}
    assert states[3].had_bye and not states[1].had_bye
    assert tournament.player(3).entries[0].result is Result.PAIRING_ALLOCATED_BYE
    assert states[3].colour_history == (None,)  # a bye has no colour
    assert states[3].floats == (Float.DOWN,)    # the only float the list says


def test_the_lists_points_are_the_scores_as_given() -> None:
    """Points are taken as given: a bye adds nothing, games count nothing."""
    tournament = parse_plain_list("A | 0 | B, bye | W\nB | 7.5 | A | B\n").tournament
    scores = {s.id: s.score for s in tournament.states(3)}
    assert scores == {1: Decimal(0), 2: Decimal("7.5")}
    assert _listed(tournament) == {1: Decimal(0), 2: Decimal("7.5")}


def test_earlier_rounds_are_not_scored_with_the_lists_points() -> None:
    tournament = parse_plain_list("A | 2 | B, C | W B\nB | 0 | A, - | B\nC | 1 | -, A | W\n"
                                  ).tournament
    before_two = tournament.truncated(1)
    assert before_two.declared_scores_from == 3  # truncated keeps what the list cannot say
    assert {s.id: s.score for s in before_two.states(2)} != {1: 2, 2: 0, 3: 1}


@pytest.mark.parametrize("text, points", [
    ("3", "3"), ("2.5", "2.5"), ("2,5", "2.5"), ("2½", "2.5"), ("½", "0.5"), ("0", "0")])
def test_points_spellings(text: str, points: str) -> None:
    tournament = parse_plain_list(f"A | {text}\n").tournament
    assert tournament.player(1).declared_points == Decimal(points)


def test_colour_spellings_and_name_matching() -> None:
    text = ("Red Falcons | 2 | blue  wave, Silver Lions | WB\n"
            "Blue Wave | 0 | RED FALCONS, - | b\n"
            "Silver Lions | 1 | -, red falcons | w\n")
    tournament = parse_plain_list(text).tournament
    red = tournament.player(1)
    assert [(e.opponent, e.colour) for e in red.entries] == [(2, Colour.WHITE),
                                                              (3, Colour.BLACK)]


def test_quoted_names_and_comments() -> None:
    document = parse_plain_list(CONSISTENT, source="club.txt")
    tournament = document.tournament
    assert tournament.player(4).name == "Dupont, Eve"
    assert tournament.player(1).entries[1].opponent == 4
    assert document.player_lines == (2, 3, 4, 5, 6)
    assert document.text() == CONSISTENT


def test_a_name_spelled_bye_needs_quotes() -> None:
    tournament = parse_plain_list('"bye" | 1 | A | W\nA | 0 | "bye" | B\n').tournament
    assert tournament.player(1).name == "bye"
    assert tournament.player(2).entries[0].opponent == 1


def test_a_name_with_a_comma_not_quoted_in_an_opponent_list() -> None:
    with pytest.raises(PlainListError, match="holds a comma: write it in double quotes"):
        parse_plain_list("Dupont, Eve | 1 | A | W\nA | 0 | Dupont, Eve | B W\n")


def test_byte_order_mark_and_crlf_are_kept() -> None:
    data = "\ufeffA | 1 | B | W\r\nB | 0 | A | B\r\n".encode()
    document = parse_plain_list(data, source="x.txt")
    assert document.bom and document.newline == "\r\n"
    assert document.to_bytes() == data


def test_plain_list_or_trf() -> None:
    assert looks_like_plain_list("Red Falcons | 3\n")
    assert looks_like_plain_list("# comment\n\nUSA Team | 3\n")
    assert not looks_like_plain_list("012 Open\n001    1 ...\n")
    assert is_plain_list_text("USA Team | 3\n")      # looks_like_trf says TRF: 3 capitals
    assert is_plain_list_text("")
    assert not is_plain_list_text("012 Tiny Example Open\n")


def test_a_txt_file_with_a_trf_header_is_read_as_trf(tmp_path: Path) -> None:
    copy = tmp_path / "open.txt"
    copy.write_bytes((TEST_DATA / "good" / "trf26-full.trf").read_bytes())
    assert isinstance(read_input(str(copy)), TrfDocument)
    plain = tmp_path / "list.txt"
    plain.write_text("A | 1 | B | W\nB | 0 | A | B\n", encoding="utf-8")
    assert isinstance(read_input(str(plain)), PlainListDocument)


# -- results for TRF ------------------------------------------------------------


def _listed(tournament: Tournament) -> dict[int, Decimal]:
    """Each player's points as the list gives them."""
    return {p.id: p.declared_points or Decimal(0) for p in tournament.players}


def _totals(tournament: Tournament) -> dict[int, Decimal]:
    results = infer_results(tournament)
    totals = {p.id: Decimal(0) for p in tournament.players}
    for (pid, _), result in results.items():
        totals[pid] += tournament.point_system.points(result)
    return totals


def test_inferred_results_add_up_to_the_points() -> None:
    tournament = parse_plain_list(CONSISTENT).tournament
    assert _totals(tournament) == _listed(tournament)
    results = infer_results(tournament)
    # Round 1, Anna (listed above Bruno) wins while the totals allow it.
    assert results[(1, 1)] is Result.WIN and results[(2, 1)] is Result.LOSS
    assert results[(2, 3)] is Result.PAIRING_ALLOCATED_BYE
    # Felix: 1 point from his bye, so his rounds without a game are absences.
    assert results[(5, 2)] is Result.ZERO_POINT_BYE
    # Eve's '-' in round 3 is worth what her games cannot give.
    assert results[(4, 3)] in (Result.ZERO_POINT_BYE, Result.HALF_POINT_BYE,
                               Result.FULL_POINT_BYE)


def test_higher_listed_player_wins_when_the_points_allow() -> None:
    tournament = parse_plain_list("A | 0 | B | W\nB | 1 | A | B\n").tournament
    assert infer_results(tournament) == {(1, 1): Result.LOSS, (2, 1): Result.WIN}
    tournament = parse_plain_list("A | 0.5 | B | W\nB | 0.5 | A | B\n").tournament
    assert infer_results(tournament) == {(1, 1): Result.DRAW, (2, 1): Result.DRAW}


@pytest.mark.parametrize("text, message, line", [
    ("A | 2 | B | W\nB | 0 | A | B\n", "A: 2 points cannot come from 1 game", 1),
    ("A | 0.25 | B | W\nB | 0 | A | B\n", "not a multiple of ½", 1),
    ("A | 0 | B | W\nB | 0 | A | B\n", "the points add up to 0, but 1 game give 1", 0),
])
def test_points_that_no_results_give(text: str, message: str, line: int) -> None:
    document = parse_plain_list(text, source="x.txt")
    with pytest.raises(PlainListError, match=message) as caught:
        to_trf(document)
    assert caught.value.line == line


def test_the_six_player_example_has_more_points_than_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """3 + 3 + 2 + 2 + 1 + 0 = 11 points, but 3 rounds of 3 games give 9: the
    list is read (points as given) but cannot become a TRF."""
    out = tmp_path / "six.trf"
    assert main(["convert", str(SIX), "-o", str(out)]) == EXIT_INPUT
    err = capsys.readouterr().err
    assert "the points add up to 11, but 9 games give 9" in err and "Traceback" not in err
    assert not out.exists()


# -- round trips ----------------------------------------------------------------


def test_plain_to_trf_to_plain(tmp_path: Path) -> None:
    source = tmp_path / "club.txt"
    canonical = "".join(line.removesuffix(" |") + "\n" for line in CONSISTENT.splitlines()
                        if not line.startswith("#"))
    source.write_text(canonical, encoding="utf-8")
    trf, back = tmp_path / "club.trf", tmp_path / "back.txt"
    assert main(["convert", str(source), "-o", str(trf)]) == EXIT_OK
    document = read_trf(trf)
    assert [p.name for p in document.tournament.players] == [
        "Anna", "Bruno", "Carla", "Dupont, Eve", "Felix"]
    assert [p.declared_points for p in document.tournament.players] == [
        Decimal("2.5"), Decimal(2), Decimal("1.5"), Decimal(1), Decimal(1)]
    assert main(["convert", str(trf), "-o", str(back)]) == EXIT_OK
    assert back.read_text(encoding="utf-8") == canonical


def test_plain_to_plain_writes_back_what_it_read(tmp_path: Path) -> None:
    source = tmp_path / "club.txt"
    source.write_bytes(CONSISTENT.replace("\n", "\r\n").encode())
    out = tmp_path / "copy.txt"
    assert main(["convert", str(source), "-o", str(out)]) == EXIT_OK
    assert out.read_bytes() == source.read_bytes()


def test_trf_to_plain_list() -> None:
    tournament = read_trf(TEST_DATA / "good" / "trf26-full.trf").tournament
    text = format_plain_list(tournament)
    assert text == (
        '"Alpha, Anna" | 1.5 | "Delta, Dora", "Foxtrot, Fay" | W B\n'
        '"Bravo, Bea" | 1.5 | "Echo, Emil", "Charlie, Carl" | B W\n'
        '"Foxtrot, Fay" | 1.5 | "Charlie, Carl", "Alpha, Anna" | B W\n'
        '"Echo, Emil" | 1 | "Bravo, Bea", - | W\n'
        '"Charlie, Carl" | 0 | "Foxtrot, Fay", "Bravo, Bea" | W B\n'
        '"Delta, Dora" | 0 | "Alpha, Anna", - | B\n')
    assert _listed(to_plain_list(tournament).tournament)[1] == Decimal("1.5")


def test_duplicate_and_empty_trf_names_are_made_unique() -> None:
    def line(pid: int, name: str, points: str, block: str) -> str:
        return (f"001 {pid:4d} {'':4} {name:<33} {1600 - 100 * pid:4d} {'':3} {'':>11} "
                f"{'':10} {points:>4} {pid:4d}  {block}").rstrip()

    text = "\n".join([line(1, "Same", "1.0", "   2 w 1"), line(2, "Same", "0.0", "   1 b 0"),
                      line(3, "", "0.0", "")]) + "\n"
    listed = format_plain_list(parse_trf(text).tournament)
    assert listed == ("Same (1) | 1 | Same (2) | W\nSame (2) | 0 | Same (1) | B\n"
                      "Joueur 3 | 0\n")


def _settings(count: int, seed: int) -> list[GeneratorSettings]:
    # No absence announced for the next round: a plain list cannot say it.
    return [dataclasses.replace(s, half_bye_rate=0.0, absence_rate=0.0, withdrawal_rate=0.0,
                                late_entry_rate=0.0)
            for s in random_tournaments(count, seed=seed, players=(2, 10), rounds=(1, 5))]


@pytest.mark.parametrize("settings", _settings(40, seed=303), ids=lambda s: f"seed{s.seed}")
def test_trf_plain_trf_plain_and_simple_pairs_the_same(settings: GeneratorSettings) -> None:
    """TRF -> plain list -> TRF -> plain list gives the same list, whose
    results add up; and ``simple`` pairs every round the same on the TRF and
    on the plain list of the rounds before it (players matched by name)."""
    tournament = generate(settings).tournament
    first = to_plain_list(tournament, source="first.txt")
    again = to_plain_list(to_trf(first.tournament).tournament)
    assert again.text() == first.text()
    for round in range(1, tournament.rounds_paired + 1):
        before = tournament.truncated(round - 1)
        listed = to_plain_list(before).tournament
        on_trf = simple.pair(tournament, round)
        on_list = simple.pair(listed, round)
        trf_names = {p.id: p.name for p in tournament.players}
        list_names = {p.id: p.name for p in listed.players}
        assert [(trf_names[b.white], trf_names[b.black]) for b in on_trf.boards] == [
            (list_names[b.white], list_names[b.black]) for b in on_list.boards]
        assert [trf_names[p] for p in on_trf.byes] == [list_names[p] for p in on_list.byes]


def test_rounds_without_a_game_survive_the_round_trip() -> None:
    settings = GeneratorSettings(players=7, rounds=4, seed=12, forfeit_rate=0.2,
                                 half_bye_rate=0.1, absence_rate=0.1, late_entry_rate=0.2)
    tournament = generate(settings).tournament
    first = to_plain_list(tournament)
    assert " -" in first.text()
    trf = to_trf(first.tournament)
    assert to_plain_list(trf.tournament).text() == first.text()
    assert {p.name: p.declared_points for p in trf.tournament.players} == {
        p.name: p.declared_points for p in first.tournament.players}
