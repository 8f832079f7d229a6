"""Every message in the language asked (issue 18 item 2, the leftovers): the
team engines' refusals, the team reader's problems, the ``362`` warning of
``check``, the usage errors of the paired-round writer and the standings."""

from __future__ import annotations

from swisslearn.model import Tournament

from pathlib import Path

import pytest

from conftest import DATA
from helpers import in_process
from swisslearn.errors import PairingError, UsageError
from swisslearn.formats.paired import with_paired_round
from swisslearn.formats.teams import with_teams
from swisslearn.formats.trf import parse_trf, read_trf
from swisslearn.standings import standings
from swisslearn.team2026 import procedure, sharly
from teambuild import team_trf

# Three teams, each has had the PAB: round 4 has no team for it.
EVERY_BYE = team_trf(3, [{(1, 2): "W"}, {(1, 3): "W"}, {(2, 3): "W"}], total=4,
                     byes={1: 3, 2: 2, 3: 1})
# Four teams, every pair has met: round 4 cannot be paired.
ALL_MET = team_trf(4, [{(1, 2): "W", (3, 4): "D"}, {(1, 3): "W", (2, 4): "D"},
                       {(1, 4): "W", (2, 3): "D"}], total=4)


def _teams(text: str, name: str = "t.trf") -> Tournament:
    return with_teams(parse_trf(text, source=name)).tournament


@pytest.mark.parametrize("module", [procedure, sharly])
def test_no_team_for_the_bye_is_said_in_each_language(module: object) -> None:
    with pytest.raises(PairingError) as refused:
        module.pair(_teams(EVERY_BYE), 4)  # type: ignore[attr-defined]
    system = module.SYSTEM  # type: ignore[attr-defined]
    assert refused.value.render("en") == (
        f"t.trf: round 4 cannot be paired under {system}: no team can receive the "
        "pairing-allocated bye and leave a legal pairing of the others (3.4.1, [C2]); the "
        "Chief Arbiter decides (3.3.3)")
    assert refused.value.render("fr") == (
        f"t.trf : la ronde 4 ne peut pas être appariée selon {system} : aucune équipe ne peut "
        "recevoir le PAB (l'exemption attribuée par l'appariement) en laissant un appariement "
        "légal des autres (3.4.1, [C2]) ; l'arbitre principal décide (3.3.3)")
    assert str(refused.value) == refused.value.render("en")


@pytest.mark.parametrize("module", [procedure, sharly])
def test_teams_that_have_all_met_are_said_in_each_language(module: object) -> None:
    with pytest.raises(PairingError) as refused:
        module.pair(_teams(ALL_MET), 4)  # type: ignore[attr-defined]
    assert refused.value.render("fr").endswith(
        "les équipes 1, 2, 3, 4 ne peuvent pas toutes rencontrer une équipe qu'elles n'ont pas "
        "encore rencontrée ([C1]) ; l'arbitre principal décide (3.3.3)")


def test_the_command_line_says_them_in_french(tmp_path: Path) -> None:
    path = tmp_path / "equipes.trf"
    path.write_text(EVERY_BYE, encoding="utf-8")
    ran = in_process("pair", path, "--lang", "fr")   # what it says: in this process
    assert ran.returncode == 1
    assert "la ronde 4 ne peut pas être appariée selon team-2026 : aucune équipe" in ran.stderr
    assert "cannot" not in ran.stderr


def test_a_team_system_on_an_individual_file_is_said_in_each_language() -> None:
    club = read_trf(DATA / "club-12-joueurs.trf").tournament
    with pytest.raises(UsageError) as refused:
        procedure.pair(club, 2)
    assert refused.value.render("fr") == (
        f"{club.source} : team-2026 apparie des tournois par équipes : un fichier avec des "
        "enregistrements d'équipe (310 ou 013) est attendu")


def test_writing_a_recorded_round_and_bad_standings_are_said_in_each_language() -> None:
    document = read_trf(DATA / "club-12-joueurs.trf")
    result = procedure.pair(_teams(ALL_MET), 3)
    with pytest.raises(UsageError) as recorded:
        with_paired_round(document, result)
    assert recorded.value.render("fr") == (
        f"{document.source} : la ronde 3 est déjà dans le fichier : seule une ronde que le "
        "fichier n'a pas encore s'y écrit")
    with pytest.raises(UsageError) as before:
        standings(document.tournament, 0)
    assert before.value.render("fr").endswith("la ronde 0 n'existe pas : une ronde à partir "
                                             "de 1 est attendue")
    with pytest.raises(UsageError) as unknown:
        standings(document.tournament, 2, ["koya"])
    assert unknown.value.render("fr").startswith("départage inconnu 'koya' : l'un de ")


def test_the_362_warning_of_check_is_said_in_french(tmp_path: Path) -> None:
    path = tmp_path / "equipes.trf"
    path.write_text(ALL_MET.replace("362 TW 2.0   TD 1.0   TL 0.0",
                                    "362 TW  3.0   TD  2.0   TL  1.0"), encoding="utf-8")
    ran = in_process("check", path, "--lang", "fr")
    assert (f"avertissement : {path}:6:14: enregistrement 362 : le moteur de référence (Sharly "
            "Chess) ne lit ses symboles qu'en colonnes 5, 14 et 23 et apparierait avec TW 3.0, "
            "TD 1.0, TL 0.0 au lieu de TW 3.0, TD 2.0, TL 1.0 : '362 TW 3.0   TD 2.0   TL 1.0' "
            "est attendu") in ran.stderr, ran.stderr
    english = in_process("check", path, "--lang", "en", "--json")
    assert "would pair with TW 3.0, TD 1.0, TL 0.0" in english.stdout
