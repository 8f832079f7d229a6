"""Exporters' habits (issue 32): what real programs write, read as they mean
it.  Each test names the file of ``../shared/realworld/`` it comes from; the
small files built here hold the habit alone."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from conftest import SHARED
from helpers import run
from swisslearn import systems
from swisslearn.cli import read_input
from swisslearn.explain.editions import choice_line
from swisslearn.formats.trf import TrfDocument, parse_trf

REALWORLD = SHARED / "realworld"
needs_files = pytest.mark.skipif(not REALWORLD.is_dir(), reason=f"{REALWORLD} is absent")


def _document(name: str) -> TrfDocument:
    document = read_input(str(REALWORLD / name))
    assert isinstance(document, TrfDocument)
    return document


def _player(number: int, rating: int, rounds: str = "") -> str:
    """A 001 line: number (5-8), name (15-47), rating (49-52), points
    (81-84), rank (86-89), then the round blocks."""
    line = f"001 {number:>4}      {'Player ' + str(number):<33} {rating:>4}"
    return f"{line:<80}{'0.0':>4} {number:>4}{rounds}"


# -- 250 with a blank field ----------------------------------------------------


@needs_files
@pytest.mark.parametrize("name", ["echecs-fide-grandmommyscup-trf25.trf",
                                  "sharly-team_250_accel.trf"])
def test_250_records_with_blank_game_points_are_read(name: str) -> None:
    """FIDE's own TRF-2026 sample writes the match points of a team
    acceleration and leaves the game points blank: once « fictitious points
    '': expected a number »."""
    document = _document(name)
    assert document.to_bytes() == (REALWORLD / name).read_bytes()
    # A team file's 250 ranges are teams, never the board players' points.
    assert document.tournament.accelerations == ()


def test_a_blank_game_points_field_gives_no_points_to_players() -> None:
    text = "\n".join([_player(1, 2000), _player(2, 1900),
                      "250  1.0        1   1    1    2",
                      "250      0.5    1   1    1    1"]) + "\n"
    document = parse_trf(text)
    accelerations = document.tournament.accelerations
    assert [(a.player, a.round, str(a.points)) for a in accelerations] == [(1, 1, "0.5")]
    assert [w.key for w in document.warnings] == ["trf.250_match_points"]


def test_a_250_record_with_both_fields_blank_is_refused() -> None:
    from swisslearn.errors import TRFError
    with pytest.raises(TRFError) as refused:
        parse_trf(_player(1, 2000) + "\n250              1   1    1    1\n")
    assert "250" in refused.value.render("en")


# -- 013 in an individual tournament ----------------------------------------------


@needs_files
def test_013_lines_of_an_individual_swiss_are_team_prizes() -> None:
    """The JaVaFo sample as py4swiss rewrote it: one 013 team of two
    players in a 52-player individual Swiss; once the whole file was read as
    a team tournament and refused."""
    document = _document("py4swiss-javafo_example.trf")
    assert document.team_prizes
    assert not getattr(document.tournament, "teams", ())
    assert len(document.tournament) == 52
    assert "013" in document.kept_verbatim
    assert document.warnings == ()


@needs_files
def test_013_teams_repeating_the_310_teams_are_kept() -> None:
    """FIDE's sample lists its 50 teams twice, as 310 and as « old 013
    records still to report »: the 310 records are the teams."""
    document = _document("echecs-fide-grandmommyscup-trf25.trf")
    assert len(document.tournament.teams) == 50  # type: ignore[attr-defined]
    assert "013" in document.kept_verbatim


# -- dates ---------------------------------------------------------------------------


def test_lichess_dates_are_read() -> None:
    assert systems.date_readings("May 29, 2020") == (datetime.date(2020, 5, 29),)
    assert systems.date_readings("29 Sep 2025") == (datetime.date(2025, 9, 29),)
    assert systems.date_readings("Maybe 29, 2020") == ()


@needs_files
def test_a_lichess_export_gets_the_edition_of_its_date() -> None:
    choice = systems.choose(None, _document("sklangen-lichess-2020_06.trf").tournament)
    assert (choice.name, choice.source) == ("dutch-2017", "start")


def test_a_date_that_does_not_decide_is_said_once() -> None:
    text = "042 01/02/2026\n052 01/02/2026\n" + _player(1, 2000) + "\n" + _player(2, 1900) + "\n"
    choice = systems.choose(None, parse_trf(text).tournament)
    assert choice.source == "default"
    line = choice_line(choice, "en")
    assert line.count("01/02/2026") == 1, line


# -- a team round paired, not played, with substitutes ------------------------------


@needs_files
def test_a_team_round_paired_but_not_played_with_substitutes() -> None:
    """Sharly Chess writes round 2 paired before it is played: no results,
    a 300 line-up fielding player 2 (in no 310 team) for team 2, and U on
    the boards team 1 could not field.  Once refused (« player 1 of team 5
    meets player 2, who is not in team 2 »)."""
    document = _document("sharlyapp-trf-team-import-test.trf")
    tournament = document.tournament
    assert tournament.rounds_paired == 2
    teams = {team.tpn: team for team in tournament.teams}  # type: ignore[attr-defined]
    second = {r.round: r for r in teams[5].rounds}[2]
    assert second.opponent == 2
    assert 2 in {r.round: r for r in teams[2].rounds}[2].line_up
    assert {r.round: r for r in teams[4].rounds}[2].opponent == 1


# -- numbers that are not pairing numbers -------------------------------------------


@needs_files
def test_check_says_why_round_1_of_a_lichess_export_differs(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = REALWORLD / "sklangen-lichess-2020_06.trf"
    _, out, _ = run(capsys, "check", str(path), "--lang", "fr")
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("ronde 2"))
    assert any("ne sont pas les numéros d'appariement" in line and "classement final" in line
               for line in lines[:first])
    _, out, _ = run(capsys, "check", str(path), "--json")
    import json
    assert "final standing" in json.loads(out)["hints"][0]


def test_no_hint_when_round_1_agrees(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    path = tmp_path / "t.trf"
    path.write_text("XXR 3\n" + "\n".join(
        [_player(1, 2000, "     3 w 1"), _player(2, 1900, "     4 b 1"),
         _player(3, 1800, "     1 b 0"), _player(4, 1700, "     2 w 0")]) + "\n")
    code, out, _ = run(capsys, "check", str(path), "--system", "dutch-2026", "--json")
    assert code == 0 and "hints" not in out


# -- which rules paired a file that names none ----------------------------------------


@needs_files
def test_check_says_which_rules_a_file_follows_when_it_names_none(
        capsys: pytest.CaptureFixture[str]) -> None:
    """chessament's 88-player open has no date, no 192, no 092: the course
    system pairs it (4/9), the 2017 rules paired it (9/9); check says so
    instead of silently taking the course system."""
    path = REALWORLD / "chessament-tournament_1.trf"
    code, out, _ = run(capsys, "check", str(path), "--lang", "en")
    assert ("Rules followed: the file does not name them; it follows dutch-2017 on 9 rounds of "
            "9, dutch-2026 on 9 rounds of 9, dutch-1998 on 4 rounds of 9. The rounds below are "
            "dutch-1998's, the course's system; run again with --system dutch-2017 to check it "
            "by the rules it follows.") in out.splitlines()
    _, out, _ = run(capsys, "check", str(path), "--json")
    import json
    assert json.loads(out)["systems_followed"] == {"dutch-2017": 9, "dutch-2026": 9,
                                                   "dutch-1998": 4}
    # A system asked for, or a file that names its rules: nothing to try.
    _, out, _ = run(capsys, "check", str(path), "--system", "dutch-2017", "--json")
    assert "systems_followed" not in json.loads(out)
