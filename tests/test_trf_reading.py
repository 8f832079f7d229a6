"""What real programs write, read as they mean it (issue 18), and no line lost
(issue 22): each test names the defect it was written for and fails on the
reader before these issues.

The files are an eight-player round (1-5 1, 6-2 0, 3-7 =, 8-4 0) built here,
then changed one line at a time.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from swisslearn.cli import check_rounds
from swisslearn.errors import TRFError
from swisslearn.formats.trf import TrfDocument, parse_trf
from swisslearn.model import Colour, Result
from swisslearn import systems

ROUND_1 = {1: (5, "w", "1"), 5: (1, "b", "0"), 6: (2, "w", "0"), 2: (6, "b", "1"),
           3: (7, "w", "="), 7: (3, "b", "="), 8: (4, "w", "0"), 4: (8, "b", "1")}
POINTS = {1: "1.0", 2: "1.0", 3: "0.5", 4: "1.0", 5: "0.0", 6: "0.0", 7: "0.5", 8: "0.0"}


def player(pid: int, blocks: list[str], points: str | None = None, name: str = "",
           rating: str | None = None) -> str:
    """A ``001`` line with every field in its columns (TRF16 layout)."""
    name = name or f"Player {pid}"
    rating = f"{2400 - 10 * pid:4d}" if rating is None else rating
    points = POINTS[pid] if points is None else points
    fixed = (f"001 {pid:4d} m    {name:<33} {rating:>4} FRA {10000000 + pid:>11d} "
             f"2000/01/01 {points:>4}     ")  # rank (86-89) left blank
    return (fixed + "  " + "  ".join(blocks)).rstrip()


def round_one(pid: int) -> str:
    opponent, colour, result = ROUND_1[pid]
    return f"{opponent:4d} {colour} {result}"


def lines(**changed: str) -> list[str]:
    """The file's lines; ``p5="..."`` replaces player 5's line."""
    head = ["012 Eight players", "XXR 5", "XXC white1"]
    body = [changed.get(f"p{pid}", player(pid, [round_one(pid)])) for pid in range(1, 9)]
    return head + body


def text(rows: list[str]) -> str:
    return "\n".join(rows) + "\n"


def read(rows: list[str], **options: bool) -> TrfDocument:
    return parse_trf(text(rows), source="t.trf", **options)


def refused(rows: list[str] | bytes, **options: bool) -> TRFError:
    data = rows if isinstance(rows, bytes) else text(rows)
    with pytest.raises(TRFError) as caught:
        parse_trf(data, source="t.trf", **options)
    return caught.value


def test_the_base_file_is_clean() -> None:
    document = read(lines())
    assert document.warnings == () and len(document.tournament) == 8


# -- issue 18, 1: what real programs write -----------------------------------------------


def test_bye_codes_without_an_opponent_are_read_as_bbppairings_reads_them() -> None:
    """``0000 - +``, ``0000 - -``, ``0000 - =`` were refused ("'+' needs an opponent")."""
    rows = lines()
    rows += [player(9, ["0000 - +"], "1.0"), player(10, ["0000 - -"], "0.0"),
             player(11, ["0000 - ="], "0.5")]
    document = read(rows)
    assert document.warnings == ()
    t = document.tournament
    entries = [t.player(p).entry(1) for p in (9, 10, 11)]
    assert all(e is not None for e in entries)
    assert [e.result for e in entries if e is not None] == [
        Result.FORFEIT_WIN, Result.FORFEIT_LOSS, Result.DRAW]
    assert all(e is not None and e.opponent is None for e in entries)
    states = {s.id: s for s in t.states(2)}
    # + is a point without playing (B1b: no bye for 9); none of them played a game.
    assert states[9].unplayed_point and states[9].score == 1
    assert states[10].score == 0 and states[11].score == Decimal("0.5")
    assert all(states[p].colour_history == (None,) for p in (9, 10, 11))
    # Re-pairing round 1: they were not paired, so the engine leaves them out.
    again = {s.id: s for s in t.truncated(0).states(1)}
    assert not any(again[p].available for p in (9, 10, 11))
    paired = systems.get("dutch-1998").pair(t, 1)
    assert {p for pair in paired.pairs() for p in pair} == set(range(1, 9))


def test_a_windows_1252_file_is_read_and_written_back_byte_for_byte() -> None:
    """Latin-1/cp1252 names were refused with an iconv hint."""
    rows = lines(p1=player(1, [round_one(1)], name="Müller, Jürgen"),
                 p2=player(2, [round_one(2)], name="Œuvre, “Zoé”"))
    data = text(rows).encode("cp1252")
    document = parse_trf(data, source="t.trf")
    assert document.encoding == "windows-1252" and document.warnings == ()
    assert document.tournament.player(1).name == "Müller, Jürgen"
    assert document.tournament.player(2).name == "Œuvre, “Zoé”"
    assert document.to_bytes() == data
    # A round written into it keeps the encoding (the desk's download, pair -o).
    written = document.with_round(2, {}).to_bytes()
    assert written == data


def test_latin_1_bytes_with_no_windows_meaning_stay_latin_1() -> None:
    rows = lines(p1=player(1, [round_one(1)], name="Odd\x81name"))
    data = text(rows).encode("latin-1")
    document = parse_trf(data, source="t.trf")
    assert document.encoding == "latin-1" and document.to_bytes() == data


def test_a_file_that_is_partly_utf8_is_refused_not_misread() -> None:
    rows = lines(p1=player(1, [round_one(1)], name="Zoé"))
    data = text(rows).encode("utf-8").replace(b"Player 2", b"Pl\xe9yer 2")
    error = refused(data)
    assert (error.line, error.key) == (5, "input.mixed")
    bom = refused(b"\xef\xbb\xbf" + text(lines()).encode().replace(b"Player 3", b"Pl\xe9yer 3"))
    assert bom.key == "input.bom_not_utf8"


def test_299_abnormal_points_are_read_with_their_meaning() -> None:
    """A 299 bonus was reported as a points mismatch (Sharly's indiv_299_bonus)."""
    rows = lines(p5=player(5, [round_one(5)], "2.0"))
    rows.insert(3, "299           2.0    1    5")  # blank type: a bonus, round 1, player 5
    document = read(rows)
    assert document.warnings == ()
    t = document.tournament
    assert t.standing_points(5) == 2
    assert {s.id: s.score for s in t.states(2)}[5] == 2
    assert systems.get("dutch-2026").pair(t, 2)  # the 2026 scores take it too


def test_a_typed_299_sets_what_a_result_is_worth() -> None:
    rows = lines(p3=player(3, [round_one(3)], "0.0"))
    rows.insert(3, "299 D         0.0    1    3")  # player 3's draw of round 1 is worth 0
    t = read(rows).tournament
    assert t.standing_points(3) == 0 and t.standing_points(7) == Decimal("0.5")


def test_320_does_not_score_a_board_players_own_bye() -> None:
    """The team PAB of 320 was divided among a board player's points."""
    rows = ["012 Teams", "XXR 3", "320  1.0  1.0   3",
            player(1, ["   3 w 1"], "1.0"), player(2, ["   4 b 0"], "0.0"),
            player(3, ["   1 b 0"], "0.0"), player(4, ["   2 w 1"], "1.0"),
            player(5, ["0000 - U"], "1.0"), player(6, ["0000 - U"], "1.0"),
            "310   1 Alpha" + " " * 64 + "1    2",
            "310   2 Bravo" + " " * 64 + "3    4",
            "310   3 Charlie" + " " * 62 + "5    6"]
    document = read(rows)
    assert document.warnings == ()


def test_harmless_lines_are_no_records() -> None:
    """A missing space after 012, a column ruler read as a 012, comments."""
    rows = lines()
    rows[0] = "012Eight players"
    rows[1:1] = ["### a comment (TRF-2026)",
                 "0123456789012345678901234567890123456789012345678901234567890123456789",
                 "         1         2         3         4         5         6",
                 "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII"]
    document = read(rows)
    assert document.warnings == () and document.tournament.name == "Eight players"
    assert document.to_bytes() == text(rows).encode()


def test_162_values_not_given_follow_the_given_ones() -> None:
    """162 W 3.0 D 1.0 left the PAB at 1.0: the engine's own 3/1/0 files were refused."""
    rows = lines(**{f"p{pid}": player(pid, [round_one(pid)], points)
                    for pid, points in {1: "3.0", 2: "3.0", 3: "1.0", 4: "3.0",
                                        7: "1.0"}.items()})
    rows.insert(1, "162  W 3.0    D 1.0")
    rows.append(player(9, ["0000 - U"], "3.0"))
    document = read(rows)
    assert document.warnings == ()
    assert document.tournament.point_system.pairing_allocated_bye == 3


# -- issue 18, 2: errors that help ---------------------------------------------------------


def test_every_problem_is_reported_at_once() -> None:
    """Only the first problem was reported: 17 wrong points columns took 17 runs."""
    rows = lines(**{f"p{pid}": player(pid, [round_one(pid)], "9.0") for pid in range(1, 9)})
    rows[5] = rows[5][:48] + "24x0" + rows[5][52:]  # and two errors
    rows[6] = rows[6][:91] + "   9" + rows[6][95:]
    error = refused(rows)
    kinds = [(p.line, p.warning) for p in error.problems]
    assert (error.line, error.column) == (6, 49)
    # 4's opponent 9 is unknown, and 8 (line 11) meets 4, who does not meet 8.
    assert [line for line, warning in kinds if not warning] == [6, 7, 11]
    # Eight points columns wrong, less the line whose rating cannot be read.
    assert len([1 for _, warning in kinds if warning]) == 6 + 1


def test_inconsistency_is_a_warning_the_results_win_and_strict_refuses_it() -> None:
    rows = lines(p1=player(1, [round_one(1)], "0.0"))
    document = read(rows)
    [warning] = document.warnings
    assert (warning.line, warning.column, warning.warning) == (4, 81, True)
    assert document.tournament.states(2)[0].score == 1  # the results, not the column
    assert refused(rows, strict=True).line == 4


@pytest.mark.parametrize("change, line, column, key", [
    ({"p5": player(5, ["   2 b 0"])}, 4, 92, "trf.asymmetric.opponent"),
    ({"p5": player(5, ["   1 w 0"])}, 4, 97, "trf.same_colour"),
    ({"p5": player(5, ["   1 b 1"])}, 4, 99, "trf.results_disagree"),
    ({"p5": player(5, ["   9 b 0"])}, 8, 92, "trf.unknown_opponent"),
])
def test_ambiguity_is_an_error(change: dict[str, str], line: int, column: int,
                               key: str) -> None:
    error = refused(lines(**change))
    assert key in {p.key for p in error.problems if not p.warning}
    assert (line, column) in {(p.line, p.column) for p in error.problems}


# -- issue 18, 3: the first colour -----------------------------------------------------------


def test_the_first_colour_is_read_from_round_1_when_no_record_gives_it() -> None:
    """Without XXC/152 the first colour was White: check said round 1 differed."""
    flipped = {pid: (opp, "b" if colour == "w" else "w", result)
               for pid, (opp, colour, result) in ROUND_1.items()}
    rows = ["012 Eight players", "XXR 5"] + [
        player(pid, [f"{flipped[pid][0]:4d} {flipped[pid][1]} {flipped[pid][2]}"],
               {1: "1.0", 5: "0.0", 6: "0.0", 2: "1.0"}.get(pid, POINTS[pid]))
        for pid in range(1, 9)]
    # The results stay the same, only the colours are swapped: 5 (White) lost to 1.
    document = read(rows)
    assert document.tournament.initial_colour is Colour.BLACK
    assert document.first_colour == "round 1"
    [round1] = check_rounds(document.tournament, systems.get("dutch-1998"))
    assert round1["identical"], round1


def test_a_declared_first_colour_wins_and_two_that_differ_are_an_error() -> None:
    assert read(lines()).first_colour == "XXC"
    rows = lines()
    rows.insert(1, "152 B")
    error = refused(rows)
    assert error.key == "trf.colour_conflict" and error.line == 4


# -- issue 22, 2: no line lost ---------------------------------------------------------------


@pytest.mark.parametrize("start", ["\t", " ", "\u00a0", "\ufeff"])
def test_a_shifted_player_line_is_an_error_at_its_line(start: str) -> None:
    """A 001 line starting with a tab, space, NBSP or BOM was kept as an unknown
    record: player 8 vanished, and the error about him pointed at another line."""
    rows = lines()
    rows[10] = start + rows[10]
    error = refused(rows)
    assert (error.line, error.column, error.key) == (11, 1, "trf.player_shifted")
    assert all(p.line == 11 for p in error.problems if not p.warning)


def test_a_misspelt_player_code_is_an_error() -> None:
    rows = lines()
    rows[10] = "00l" + rows[10][3:]
    error = refused(rows)
    assert (error.line, error.key) == (11, "trf.player_misspelt")
    assert all(p.line == 11 for p in error.problems if not p.warning)


def test_062_and_072_are_checked_against_what_was_read() -> None:
    rows = lines()
    rows[1:1] = ["062 9", "072 7"]
    document = read(rows)
    assert [(w.key, w.line) for w in document.warnings] == [("trf.062", 2), ("trf.072", 3)]


def test_a_five_digit_rating_is_not_read_as_four() -> None:
    """12345 in 48-52 was read as 2345 (column 48 ignored)."""
    error = refused(lines(p3=player(3, [round_one(3)], rating="2345").replace(
        "Player 3" + " " * 25 + " 2345", "Player 3" + " " * 25 + "12345")))
    assert (error.line, error.column, error.key) == (6, 48, "trf.player_separator")


@pytest.mark.parametrize("column", [9, 14, 48, 53, 57, 69, 80, 85])
def test_junk_in_a_separator_column_is_an_error(column: int) -> None:
    line = player(3, [round_one(3)])
    rows = lines(p3=line[:column - 1] + "x" + line[column:])
    error = refused(rows)
    assert (error.line, error.column) == (6, column)


@pytest.mark.parametrize("records, key, is_error", [
    (["240 H 001    3"], "trf.240_contradicts", False),     # 3 played round 1
    (["240 H 099    3"], "trf.240_after_last", False),      # XXR 5
    (["XXR 5"], "trf.rounds_twice", False),
    (["XXR 7"], "trf.rounds_conflict", True),
    (["142 3"], "trf.rounds_conflict", True),
    (["XXC purple"], "trf.xxc_unknown", False),
    (["XXP 3 3"], "trf.repeated_player", False),
    (["777 what is this"], "trf.unknown_record", False),
    (["330 +-   1   1   2"], "trf.team_record_alone", False),
])
def test_each_contradiction_is_an_error_or_a_warning(records: list[str], key: str,
                                                     is_error: bool) -> None:
    rows = lines() + records
    if is_error:
        error = refused(rows)
        assert error.key == key and error.line == 12
    else:
        document = read(rows)
        assert [(w.key, w.line) for w in document.warnings] == [(key, 12)]


def test_a_contradicting_240_is_dropped_the_round_block_wins() -> None:
    t = read(lines() + ["240 H 001    3"]).tournament
    assert t.bye_requests == ()


def test_team_records_are_not_misread_as_board_players() -> None:
    """In a team file 240 and 260 name teams (TPNs): board player 3 played
    round 1, team 3 asks for a half-point bye in round 2."""
    from swisslearn.formats.teams import with_teams
    rows = ["012 Teams", "XXR 3",
            player(1, ["   3 w 1"], "1.0"), player(2, ["   4 b 0"], "0.0"),
            player(3, ["   1 b 0"], "0.0"), player(4, ["   2 w 1"], "1.0"),
            player(5, ["0000 - U"], "1.0"), player(6, ["0000 - U"], "1.0"),
            # the players in their 4-column slots from column 74 (a team
            # without players is refused: tests/test_cli_contradictions.py)
            "310   1 Alpha".ljust(73) + "   1    2",
            "310   2 Bravo".ljust(73) + "   3    4",
            "310   3 Charlie".ljust(73) + "   5    6",
            "320  1.0  2.0   3", "240 H 002    3", "260 002 003    1    2"]
    document = read(rows)
    assert document.warnings == ()
    teams = with_teams(document).tournament
    assert [(b.round, b.player) for b in teams.bye_requests] == [(2, 3)]
    assert teams.forbidden_pairs(2) == {frozenset((1, 2))}


def test_a_team_299_is_left_to_the_team_reader() -> None:
    """It was kept with a warning that it was not applied; the team reader
    applies it now (tests/test_team_files.py), never to a board player."""
    rows = ["012 Teams", "XXR 3", "299 -  1.0               2",
            player(1, ["   2 w 1"], "1.0"), player(2, ["   1 b 0"], "0.0"),
            "310   1 Alpha" + " " * 64 + "1",
            "310   2 Bravo" + " " * 64 + "2"]
    document = read(rows)
    assert document.warnings == ()
    assert document.tournament.adjustments == ()
    assert [(r.code, r.line, r.column) for r in document.team_references] == [("299", 3, 24)]
    assert document.to_bytes() == text(rows).encode()


def test_simple_says_it_applies_no_forbidden_pair(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    """--system simple ignored 260/XXP without a word (issue 22)."""
    from swisslearn.cli import main
    path = tmp_path / "t.trf"
    path.write_text(text(lines() + ["XXP 1 2"]), encoding="utf-8")
    assert main(["pair", str(path), "--system", "simple", "--json"]) == 0
    assert "the simple system (seed 003) knows no forbidden pairs" in capsys.readouterr().err
    assert main(["pair", str(path), "--json"]) == 0
    assert capsys.readouterr().err == ""
