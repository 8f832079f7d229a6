"""Seed 002's pairing protections: the two worked examples, the command
line, the TRF records (``swisslearn.protections``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import DATA
from swisslearn import protections as P
from swisslearn.cli import read_input
from swisslearn.errors import InputError, PairingError, UsageError
from swisslearn.formats.protections import write_records
from swisslearn.formats.trf import TrfDocument, parse_trf
from helpers import run

SIX = DATA / "protections-six-equipes.trf"
DIX = DATA / "equipes-dix.trf"


def names(path: Path, pairs: object) -> set[frozenset[str]]:
    tournament = read_input(str(path)).tournament
    name = {p.id: p.name for p in tournament.players}
    return {frozenset((name[a], name[b])) for a, b in pairs}  # type: ignore[attr-defined]


# -- the six teams: soft-avoid -------------------------------------------------

SEED_AVOID = {frozenset(p) for p in (("A1", "C1"), ("A2", "B2"), ("B1", "A3"))}
SEED_PLAIN = {frozenset(p) for p in (("A1", "C1"), ("A2", "A3"), ("B1", "B2"))}


@pytest.mark.parametrize("system", ["team-2026", "team-2026-sharly", "dutch-2026", "simple",
                                    "dutch-1998"])
def test_six_teams_soft_avoid(capsys: pytest.CaptureFixture[str], system: str) -> None:
    code, out, _ = run(capsys, "pair", str(SIX), "--system", system, "--json")
    assert code == 0
    plain = json.loads(out)
    assert names(SIX, ((b["white"], b["black"]) for b in plain["boards"])) == SEED_PLAIN
    code, out, _ = run(capsys, "pair", str(SIX), "--system", system, "--json",
                       "--avoid", "club:soft-avoid")
    assert code == 0
    avoided = json.loads(out)
    assert names(SIX, ((b["white"], b["black"]) for b in avoided["boards"])) == SEED_AVOID
    assert avoided["released"] == []


def test_six_teams_default_system_is_team_2026(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pair", str(SIX), "--json", "--avoid", "club:soft-avoid")
    assert code == 0 and json.loads(out)["system"] == "team-2026"


def test_six_teams_file_keeps_its_groups_switched_off() -> None:
    document = read_input(str(SIX))
    protections = P.Protections.from_document(document)
    assert not protections.active
    groups = protections.groups(document.tournament, 1)
    assert [(g.name, g.members, g.constraint) for g in groups] == [
        ("club=A", (1, 2, 5), P.Constraint.NONE), ("club=B", (3, 6), P.Constraint.NONE)]


def test_dutch_1998_strict_separates_the_clubs(capsys: pytest.CaptureFixture[str]) -> None:
    # strict and soft-bottom go through Tournament.forbidden.
    code, out, _ = run(capsys, "pair", str(SIX), "--system", "dutch-1998", "--json",
                       "--avoid", "club:strict")
    assert code == 0
    pairs = names(SIX, ((b["white"], b["black"]) for b in json.loads(out)["boards"]))
    assert all(len({n[0] for n in pair}) == 2 for pair in pairs)


# -- the ten teams: soft-bottom ------------------------------------------------


def test_ten_teams_check_agrees_with_every_recorded_round(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(DIX), "--json")
    assert code == 0
    assert all(row["identical"] for row in json.loads(out)["rounds"])
    # The same from the command line, without the file's records.
    plain = DIX.read_text(encoding="utf-8")
    assert "XSA 1 club soft-bottom" in plain


def test_ten_teams_check_from_the_command_line(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    bare = tmp_path / "dix.trf"
    bare.write_text("".join(line for line in DIX.read_text(encoding="utf-8")
                            .splitlines(keepends=True) if not line.startswith("XS")),
                    encoding="utf-8")
    code, out, _ = run(capsys, "check", str(bare), "--json")
    assert code == 1  # without protections neither round comes out
    assert not any(row["identical"] for row in json.loads(out)["rounds"])
    code, out, _ = run(capsys, "check", str(bare), "--json", "--avoid", "club:soft-bottom")
    assert code == 0


def test_ten_teams_round_1() -> None:
    document = read_input(str(DIX))
    protections = P.Protections.from_document(document)
    paired = P.protect(document.tournament, 1, protections=protections)
    assert paired.threshold == 8
    assert [(t.threshold, t.feasible) for t in paired.trials] == [(10, False), (9, False),
                                                                  (8, True)]
    name = {p.id: p.name for p in document.tournament.players}
    assert [name[p] for p in paired.released] == ["A5", "A6"]
    assert names(DIX, paired.result.pairs()) >= {frozenset(("A5", "A6"))}
    # every other A team meets a team of another club
    others = [pair for pair in names(DIX, paired.result.pairs()) if pair != {"A5", "A6"}]
    assert all(len({n[0] for n in pair}) == 2 for pair in others)


def test_ten_teams_round_2() -> None:
    document = read_input(str(DIX))
    protections = P.Protections.from_document(document)
    paired = P.protect(document.tournament, 2, protections=protections)
    name = {p.id: p.name for p in document.tournament.players}
    assert paired.standings is not None
    assert [name[p] for p in paired.standings.order[:6]] == ["A2", "A1", "A3", "B1", "A6", "A5"]
    assert paired.threshold == 5
    assert [name[p] for p in paired.released] == ["A5", "A4"]
    assert names(DIX, paired.result.pairs()) == {frozenset(p) for p in (
        ("B1", "A3"), ("B2", "A1"), ("C", "A2"), ("A4", "A5"), ("A6", "D"))}
    assert frozenset((3, 4)) in paired.forbidden  # B1 stays away from B2
    assert paired.trials_table()[-1] == {"N": 5, "feasible": True,
                                         "protected": [8, 1, 6, 3, 10],
                                         "released": [9, 7], "reason": ""}
    assert "<table>" in paired._repr_html_()


def test_pair_json_reports_released(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pair", str(DIX), "--round", "2", "--json")
    assert code == 0 and json.loads(out)["released"] == [9, 7]
    code, out, _ = run(capsys, "trace", str(DIX), "--round", "2", "--jsonl")
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[0]["kind"] == "protections_applied" and lines[0]["threshold"] == 5
    assert all("kind" in line and "rule" in line for line in lines)
    assert lines[-1]["kind"] == "round_paired" and lines[-1]["released"] == [9, 7]


def test_frozen_round_ignores_new_settings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "pair", str(DIX), "--round", "1", "--json",
                         "--avoid", "club:strict")
    assert code == 0 and "frozen" in err
    assert json.loads(out)["released"] == [9, 10]


# -- strict ---------------------------------------------------------------------


def test_strict_impossible_round_exits_1_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "dix.trf"
    shutil.copy(DIX, path)
    before = path.read_bytes()
    code, out, err = run(capsys, "pair", str(path), "--avoid", "club:strict")
    assert code == 1 and out == ""
    assert "strict group 'club=A'" in err and "1, 6, 7, 8, 9, 10" in err
    assert "Traceback" not in err
    assert path.read_bytes() == before


def test_strict_manual_group_is_kept(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pair", str(SIX), "--json", "--group", "fam:1,4:strict")
    assert code == 0
    pairs = {frozenset((b["white"], b["black"])) for b in json.loads(out)["boards"]}
    assert frozenset((1, 4)) not in pairs


@pytest.mark.parametrize("argv", [["--avoid", "club"], ["--avoid", "club:hard"],
                                  ["--group", "x:1:strict"], ["--group", "x:1,b:strict"],
                                  ["--group", "x:1,99:strict"]])
def test_bad_options_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, "pair", str(SIX), *argv)
    assert code == 2 and "Traceback" not in err


# -- records --------------------------------------------------------------------


def test_records_round_trip() -> None:
    document = read_input(str(DIX))
    assert isinstance(document, TrfDocument)
    protections = P.Protections.from_document(document).with_options(
        ["federation:soft-avoid"], ["family:1,7:strict"])
    written = write_records(document, protections)
    again = P.Protections.from_document(written)
    assert again.rules == protections.rules and again.manual == protections.manual
    assert again.frozen == protections.frozen
    # strict groups also as standard 260 records, read back as forbidden pairs
    assert any(line.startswith("260 003 003    1    7") for line in written.lines)
    assert frozenset((1, 7)) in written.tournament.forbidden_pairs(3)
    # writing again replaces, never duplicates
    twice = write_records(written, again)
    assert twice.lines == written.lines


def test_freeze_then_write() -> None:
    document = read_input(str(SIX))
    assert isinstance(document, TrfDocument)
    protections = P.Protections.from_document(document).with_options(["club:strict"])
    paired = P.protect(document.tournament, 1, protections=protections)
    frozen = protections.freeze(paired)
    written = write_records(document, frozen)
    text = "\n".join(written.lines)
    assert "XSR 1 strict auto 1 2 5 : club=A" in text
    assert "XSL 1 -" in text
    assert "260 001 001    1    2    5" in text
    assert "260 002 003    1    2    5" in text  # the setting, for the rounds to come
    assert P.Protections.from_document(written).frozen_round(1) == frozen.frozen_round(1)


@pytest.mark.parametrize("record, column", [("XSV 2", 5), ("XSA x club strict", 5),
                                            ("XSA 1 club hard", 12),
                                            ("XSG 1 strict 1 2", 17),
                                            ("XSR 1 strict auto 1 z : A", 21),
                                            ("XSL 1 x", 7)])
def test_bad_records_name_line_and_column(record: str, column: int) -> None:
    text = SIX.read_text(encoding="utf-8") + record + "\n"
    document = parse_trf(text, source="six.trf")
    with pytest.raises(InputError) as caught:
        P.Protections.from_document(document)
    assert caught.value.line == len(text.splitlines())
    assert caught.value.column == column


def test_bad_record_on_the_command_line_exits_3(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "six.trf"
    path.write_text(SIX.read_text(encoding="utf-8") + "XSA 1 club hard\n", encoding="utf-8")
    code, _, err = run(capsys, "pair", str(path))
    assert code == 3 and "six.trf:" in err and "hard" in err


def test_settings_change_from_a_round_on() -> None:
    document = read_input(str(DIX))
    tournament = document.tournament
    protections = P.Protections(rules=(P.AttributeRule("club", P.Constraint.SOFT_BOTTOM, 1),
                                       P.AttributeRule("club", P.Constraint.NONE, 3)))
    assert {g.constraint for g in protections.groups(tournament, 2)} == {
        P.Constraint.SOFT_BOTTOM}
    assert {g.constraint for g in protections.groups(tournament, 3)} == {P.Constraint.NONE}


def test_parse_options() -> None:
    assert P.parse_avoid("federation:strict") == P.AttributeRule("federation",
                                                                 P.Constraint.STRICT)
    assert P.parse_group("La famille: Dupont:3,17:soft-bottom") == P.ManualGroup(
        "La famille: Dupont", (3, 17), P.Constraint.SOFT_BOTTOM)
    with pytest.raises(UsageError):
        P.parse_group("x:3:strict")


def test_no_protection_is_the_plain_engine() -> None:
    document = read_input(str(SIX))
    from swisslearn import systems
    plain = systems.get("team-2026").pair(document.tournament, 1)
    assert P.pair(document.tournament, 1, system="team-2026",
                  protections=P.Protections()) == plain


def test_pairing_error_is_raised_for_strict_round() -> None:
    document = read_input(str(DIX))
    protections = P.Protections(rules=(P.AttributeRule("club", P.Constraint.STRICT),))
    with pytest.raises(PairingError, match="club=A"):
        P.protect(document.tournament, 3, protections=protections)


def test_check_compares_the_released_teams(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "dix.trf"
    path.write_text(DIX.read_text(encoding="utf-8").replace("XSL 2 5 9 7", "XSL 2 5 9 10"),
                    encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1 and "released: recorded [9, 10], engine [7, 9]" in out


def test_why_sees_the_protections(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "why", str(DIX), "7", "9", "--round", "2")
    assert code == 0 and "7" in out and "9" in out
