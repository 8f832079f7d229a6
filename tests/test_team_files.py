"""Team files read with their meaning (issue 18 item 1, the leftovers):
the system a team file gets without ``192``, ``299`` for teams, the TPNs of
``240``/``260``/``299``, boards forfeited without a ``330``."""

from __future__ import annotations

from decimal import Decimal

import pytest

from conftest import SHARED
from swisslearn import systems
from swisslearn.cli import check_rounds
from swisslearn.errors import TRFError
from swisslearn.explain.editions import choice_line
from swisslearn.formats.teams import team_tournament, with_teams
from swisslearn.teams import Outcome, TeamRound, TeamTournament
from swisslearn.formats.trf import parse_trf
from swisslearn.model import Colour
from swisslearn.standings import standings
from swisslearn.team2026 import procedure, sharly
from swisslearn.team2026.state import team_states
from teambuild import team_trf


def _without(text: str, code: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith(code))


# -- which system ---------------------------------------------------------------


def test_a_team_file_without_192_is_paired_with_team_2026() -> None:
    """It was paired with dutch-1998, the teams as players, "no system, no
    edition, no date" said of a file that has dates."""
    text = _without(team_trf(4, [{(1, 3): "W", (2, 4): "D"}], total=3), "192")
    text = text.replace("012 Test teams\n", "012 Test teams\n042 2024/11/23\n092 Dutch 2017\n")
    tournament = team_tournament(parse_trf(text))
    choice = systems.choose(None, tournament)
    assert (choice.name, choice.source, choice.detail) == ("team-2026", "teams", "4")
    assert choice_line(choice, "en") == (
        "System: team-2026 — the file describes 4 teams (310/013) and names no system (192): "
        "the team system C.04.6 as the text reads it.")
    assert "ne nomme pas de système (192)" in choice_line(choice, "fr")
    # A 192 the file gives still decides; an individual file keeps its dates.
    assert systems.choose(None, team_tournament(parse_trf(team_trf(
        4, [{(1, 3): "W", (2, 4): "D"}], total=3)))).source == "code"
    assert systems.choose(None, parse_trf(_without(text, "310")).tournament).name == "dutch-2017"


# -- 299 for teams -------------------------------------------------------------

# Round 1 of five teams: 1 beats 2 and 3 beats 4 by forfeit, 5 has the PAB.
FORFEITS = team_trf(5, [{(1, 2): "W", (3, 4): "W"}], total=3, byes={1: 5},
                    boards={(1, 2): "++++", (3, 4): "++++"})
# The same round played over the board: 1 beats 2, 3 beats 4.
PLAYED = team_trf(5, [{(1, 2): "W", (3, 4): "W"}], total=3, byes={1: 5})


def _with(text: str, *records: str) -> str:
    """``text`` with ``records`` after its 362 line."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("362")) + 1
    return "\n".join(lines[:at] + list(records) + lines[at:]) + "\n"


def _read(text: str) -> TeamTournament:
    document = with_teams(parse_trf(text, source="t.trf"))
    assert isinstance(document.tournament, TeamTournament)
    return document.tournament


def _scores(tournament: TeamTournament, round: int) -> dict[int, tuple[str, str]]:
    return {tpn: (str(s.match_points), str(s.game_points))
            for tpn, s in team_states(tournament, round).items()}


def test_a_typed_team_299_sets_what_that_result_is_worth_and_moves_the_bye() -> None:
    """``299 -  1.0 ... 4``: team 4's forfeit loss is worth 1 match point, so
    team 2 is the lowest alone and takes the PAB (team 4, the larger TPN of
    the two on 0, without it).  It was kept with a warning, not applied."""
    assert procedure.pair(_read(FORFEITS), 2).byes == (4,)
    document = with_teams(parse_trf(_with(FORFEITS, "299 -   1.0               4")))
    assert document.warnings == ()
    tournament = document.tournament
    assert isinstance(tournament, TeamTournament)
    assert _scores(tournament, 2)[4] == ("1.0", "0.0")   # game points untouched
    assert _scores(tournament, 2)[2] == ("0.0", "0.0")   # team 2 not named
    assert procedure.pair(tournament, 2).byes == (2,)
    assert sharly.pair(tournament, 2).byes == (2,)
    # The tournament of teams counts it too (show, standings).
    assert tournament.standing_points(4) == Decimal("1.0")
    assert standings(tournament, 2).rank(2) == 5
    # No TPN: every team; a game-points column sets the game points.
    every = _read(_with(FORFEITS, "299 -   1.0  0.5"))
    assert _scores(every, 2)[2] == _scores(every, 2)[4] == ("1.0", "0.5")
    assert every.team(4).round(1) == TeamRound(
        1, Outcome.FORFEIT_LOSS, 3, None, Decimal("0.5"), Decimal("1.0"), (13, 14, 15, 16))


def test_a_team_299_without_type_is_a_bonus_from_the_round_after() -> None:
    """``299  3.0 ... 001 4``: team 4 gets 3 match points after round 1: team 2
    is then the lowest alone and takes the PAB of round 2."""
    assert procedure.pair(_read(PLAYED), 2).byes == (4,)
    tournament = _read(_with(PLAYED, "299     3.0          1    4"))
    assert _scores(tournament, 2)[4] == ("3.0", "1.0")
    assert _scores(tournament, 1)[4] == ("0", "0")  # not before round 2
    assert procedure.pair(tournament, 2).byes == (2,)
    assert tournament.standing_points(4) == Decimal("3.0")
    assert standings(tournament, 2).rows[0].id == 4
    # Game points only, every team, from the start: a penalty of 0.5.
    penalty = _read(_with(PLAYED, "299          -0.5"))
    assert _scores(penalty, 2)[1] == ("2.0", "2.5")
    assert _scores(penalty, 1)[1] == ("0", "-0.5")


# -- the TPNs a record names ---------------------------------------------------


def test_records_naming_teams_that_do_not_exist_are_errors_all_at_once() -> None:
    """The TRF layer passes a team file's 240/260/299 through as read: the
    team reader checks them (a 299 for team 9 was applied to nobody)."""
    text = _with(FORFEITS, "240 F 002    7", "260 001 003    1    8",
                 "299 -   1.0               9", "330 +-   2   1  12")
    with pytest.raises(TRFError) as refused:
        with_teams(parse_trf(text, source="t.trf"))
    problems = [(p.line, p.column, p.key, p.fields.get("team")) for p in refused.value.problems]
    assert problems == [(7, 14, "teams.unknown_team", 7), (8, 0, "teams.unknown_team", 8),
                        (9, 24, "teams.unknown_team", 9), (10, 16, "teams.unknown_team", 12)]
    first = refused.value.problems[0]
    assert first.render("en") == ("240 record names team 7, which has no 310/013 record: "
                                  "expected the TPN of a listed team")
    assert first.render("fr") == ("l'enregistrement 240 nomme l'équipe 7, qui n'a pas "
                                  "d'enregistrement 310/013 : le numéro d'une équipe de la "
                                  "liste est attendu")


def test_team_record_errors_are_all_listed_in_the_language_asked() -> None:
    """The team reader stopped at its first problem, in English only."""
    text = FORFEITS.replace("310   2 Team 2", "310   1 Team 2").replace(
        "310   5 Team 5                                                             17",
        "310   5 Team 5                                                             1x")
    text = _with(text, "330 ++   1   1   2")
    with pytest.raises(TRFError) as refused:
        with_teams(parse_trf(text, source="t.trf"))
    assert [(p.line, p.key) for p in refused.value.problems] == [
        (7, "teams.330_type"), (30, "teams.tpn_twice"), (33, "teams.player_bad")]
    said = [p.line_text("fr") for p in refused.value.problems]
    assert said[1] == ("t.trf:30:5: numéro d'équipe 1 déjà utilisé ligne 29 : chaque numéro "
                       "d'équipe une seule fois est attendu")
    assert said[2] == ("t.trf:33:74: enregistrement 310 : le joueur '1x' n'est pas un numéro "
                       "de départ : des nombres toutes les 5 colonnes à partir de la colonne 74 "
                       "sont attendus")


def test_a_240_the_boards_contradict_is_a_warning_and_the_boards_win() -> None:
    """A team given ``240 F`` for a round its boards played: the match is
    kept (its opponent's round said the same), the 240 ignored; it made
    the opponent's round 'asymmetric' and the file was refused."""
    document = with_teams(parse_trf(_with(PLAYED, "240 F 001    3"), source="t.trf"))
    assert [(w.key, w.line, w.column) for w in document.warnings] == [
        ("teams.240_contradicts", 7, 14)]
    assert "its boards (line 17) played a match" in document.warnings[0].render("en")
    tournament = document.tournament
    assert isinstance(tournament, TeamTournament)
    assert tournament.team(3).round(1).outcome is Outcome.WIN  # type: ignore[union-attr]
    assert tournament.bye_requests == ()
    assert check_rounds(tournament, systems.get("team-2026"))[0]["identical"] is False  # PAB 5
    with pytest.raises(TRFError):
        with_teams(parse_trf(_with(PLAYED, "240 F 001    3"), source="t.trf"), strict=True)


# -- boards forfeited without a 330 ---------------------------------------------

REALWORLD = SHARED / "realworld" / "sharly-team_330_forfeit.trf"


@pytest.mark.skipif(not REALWORLD.is_file(), reason="../shared/realworld is absent")
def test_boards_won_by_forfeit_without_330_are_a_match_won_by_forfeit() -> None:
    """Sharly Chess's 330 example without its 330 line: team 1's board reads
    ``0000 - +``, team 2's ``0000 - Z``.  Team 1 had no round at all (0
    points, free for the PAB); it won its match by forfeit, the opponent
    unknown, and a warning says so; team 2 was absent."""
    text = _without(REALWORLD.read_text("utf-8"), "330")
    document = with_teams(parse_trf(text, source="no330.trf"))
    assert [(w.key, w.line, w.column) for w in document.warnings] == [
        ("teams.forfeit_without_330", 6, 99)]
    assert "read as a match won by forfeit (2.0 match points)" in document.warnings[0].render(
        "en")
    tournament = document.tournament
    assert isinstance(tournament, TeamTournament)
    first = tournament.team(1).round(1)
    assert first == TeamRound(1, Outcome.FORFEIT_WIN, None, None, Decimal("1.0"),
                              Decimal("2.0"))
    state = team_states(tournament, 2)[1]
    assert (state.score, state.bye_eligible, state.matches_played) == (Decimal("2.0"), False, 0)
    assert tournament.team(2).round(1).outcome is Outcome.ZERO_BYE  # type: ignore[union-attr]
    # With its 330 the file says it all: no warning, the same scores.
    recorded = with_teams(parse_trf(REALWORLD.read_text("utf-8")))
    assert recorded.warnings == ()
    assert team_states(recorded.tournament, 2)[1].score == Decimal("2.0")  # type: ignore[arg-type]


def test_boards_lost_by_forfeit_without_opponent_are_an_absence() -> None:
    """Every board ``0000 - -`` (the odd team of a round, as the Greek team
    league writes it): a match lost by forfeit, the team not paired that
    round; announced for the round to pair, it is absent from it.  It had
    no round at all, and so stood for the PAB when ``check`` re-paired."""
    text = FORFEITS.replace("0000 - U", "0000 - -").replace("320  1.0  2.0 005\n", "")
    tournament = _read(text)
    assert tournament.team(5).round(1) == TeamRound(1, Outcome.FORFEIT_LOSS)
    again = procedure.pair(tournament, 1)
    assert again.byes == ()
    assert 5 not in {p for b in again.boards for p in (b.white, b.black)}


def test_a_board_won_by_forfeit_inside_a_match_counts_and_keeps_its_place() -> None:
    """Board 1 ``0000 - +`` (the opponent's board 1 absent, unrecorded) in a
    match played on boards 2-4: it was left out of the game points, and
    board 2 was read as board 1 (the team colour from the wrong board)."""
    text = PLAYED.replace("001    1      Team 1 board 1                    2390"
                          "                                          5 w 1",
                          "001    1      Team 1 board 1                    2390"
                          "                                       0000 - +").replace(
        "001    5      Team 2 board 1                    2350"
        "                                          1 b 0",
        "001    5      Team 2 board 1                    2350"
        "                                       0000 - -")
    tournament = _read(text)
    mine = tournament.team(1).round(1)
    assert mine is not None
    assert (mine.outcome, mine.colour, mine.game_points, mine.line_up) == (
        Outcome.WIN, Colour.WHITE, Decimal("3.0"), (1, 2, 3, 4))
    theirs = tournament.team(2).round(1)
    assert theirs is not None and (theirs.colour, theirs.game_points) == (Colour.BLACK,
                                                                          Decimal("1.0"))
