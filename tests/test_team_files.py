"""Team files read with their meaning (issue 18 item 1, the leftovers):
the system a team file gets without ``192``, ``299`` for teams, the TPNs of
``240``/``260``/``299``, boards forfeited without a ``330``."""

from __future__ import annotations

from swisslearn import systems
from swisslearn.explain.editions import choice_line
from swisslearn.formats.teams import team_tournament
from swisslearn.formats.trf import parse_trf

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
