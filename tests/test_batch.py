"""Issue 36: ``swisslearn check`` over many files and folders at once
(``swisslearn/batch.py``): each file's entry is what ``check FILE --json``
prints, a bad file is reported and skipped, the report's order does not
depend on the scheduling, a progress bar only at a terminal, the same report
from a Dask cluster."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
from pathlib import Path

import pytest

from conftest import DATA, SHARED, TEST_DATA, need_shared
from test_dutch2017_rules import PPB
from helpers import run
from swisslearn import batch
from swisslearn.cli import EXIT_INPUT, EXIT_NO_PAIRING, EXIT_OK, EXIT_USAGE

VECTORS = SHARED / "vectors"

# Round 4 of a 7-player tournament paired by dutch-2017 (tests/test_dutch2017_rules.py),
# dated 2026: checked by dutch-2026, round 4 differs.
# test_dutch2017_rules' seven players after round 4, dated 2026 (so
# dutch-2026 pairs it, and its recorded rounds differ).
DIFFERING = "042 2026/02/01\n" + PPB


@pytest.fixture
def season(tmp_path: Path) -> Path:
    """A folder as a season's: small files of the shared vectors (one in a
    sub-folder), one that differs, one that is not TRF, one ignored (.md)."""
    need_shared(VECTORS)
    folder = tmp_path / "saison"
    (folder / "printemps").mkdir(parents=True)
    # Each names its system (192): one system to re-pair with, not every edition in turn.
    for name in ("rtg-023-p05-r04.trf", "rtg-016-p06-r05.trf"):
        text = (VECTORS / "dutch2017" / name).read_text(encoding="utf-8")
        (folder / name).write_text("192 FIDE_DUTCH_2017\n" + text, encoding="utf-8")
    text = (VECTORS / "dutch2026" / "rtg-002-p05-r04.trf").read_text(encoding="utf-8")
    (folder / "printemps" / "a.trf").write_text("192 FIDE_DUTCH_2025\n" + text, encoding="utf-8")
    (folder / "printemps" / "differs.trf").write_text(DIFFERING, encoding="utf-8")
    (folder / "notes.txt").write_text("pas un tournoi\n", encoding="utf-8")
    (folder / "README.md").write_text("ignored\n", encoding="utf-8")
    return folder


EXPECTED = ["notes.txt", "printemps/a.trf", "printemps/differs.trf", "rtg-016-p06-r05.trf",
            "rtg-023-p05-r04.trf"]


def _names(report: dict[str, object], folder: Path) -> list[str]:
    return [Path(str(entry["file"])).relative_to(folder).as_posix()
            for entry in report["files"]]  # type: ignore[attr-defined]


def _without_cpu(report: dict[str, object]) -> dict[str, object]:
    summary = dict(report["summary"])  # type: ignore[call-overload]
    assert summary.pop("cpu_seconds") >= 0
    return {**report, "summary": summary}


def test_each_entry_is_what_check_file_json_prints(season: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", str(season), "--jobs", "2", "--json")
    assert code == EXIT_INPUT  # a file refused (notes.txt), the others still checked
    assert err == ""
    report = json.loads(out)
    assert _names(report, season) == EXPECTED
    for entry in report["files"]:
        single_code, single_out, single_err = run(capsys, "check", entry["file"], "--json")
        assert entry["exit"] == single_code
        assert entry["check"] == (json.loads(single_out) if single_out else None)
        assert entry["messages"] == single_err.splitlines()
    assert [entry["status"] for entry in report["files"]] == [
        "refused", "identical", "different", "identical", "identical"]


def test_the_summary(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(season), "--jobs", "1", "--json", "--lang", "en")
    summary = json.loads(out)["summary"]
    assert code == EXIT_INPUT
    assert {key: summary[key] for key in ("files", "identical", "different", "refused",
                                          "rounds", "rounds_identical", "rounds_different")} == {
        "files": 5, "identical": 3, "different": 1, "refused": 1,
        "rounds": 4 + 4 + 5 + 4, "rounds_identical": 16, "rounds_different": 1}
    [differing] = summary["differing"]
    assert differing["file"].endswith("differs.trf") and differing["round"] == 4
    assert differing["explanation"].startswith("first board that differs: the engine pairs 6–4")
    [refusal] = summary["refusals"]
    assert refusal["file"].endswith("notes.txt") and refusal["exit"] == EXIT_INPUT
    assert "notes.txt:1:" in refusal["reason"]


def test_the_order_does_not_depend_on_the_workers(season: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    reports = [_without_cpu(json.loads(run(capsys, "check", str(season), "--jobs", jobs,
                                           "--json")[1])) for jobs in ("1", "2")]
    assert reports[0] == reports[1]
    # Files named one by one: in the order given, each once.
    one, two = season / "rtg-023-p05-r04.trf", season / "printemps" / "a.trf"
    code, out, _ = run(capsys, "check", str(one), str(two), str(one), "--jobs", "1", "--json")
    assert code == EXIT_OK
    assert [entry["file"] for entry in json.loads(out)["files"]] == [str(one), str(two)]


def test_largest_files_are_sent_first(tmp_path: Path) -> None:
    sizes = {"a.trf": 10, "b.trf": 300, "c.trf": 20, "d.trf": 300}
    for name, size in sizes.items():
        (tmp_path / name).write_text("x" * size)
    files = [str(tmp_path / name) for name in sizes]
    assert batch.by_size(files) == [1, 3, 2, 0]


def test_exit_codes(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clean = [str(season / "rtg-023-p05-r04.trf"), str(season / "rtg-016-p06-r05.trf")]
    assert run(capsys, "check", *clean)[0] == EXIT_OK
    assert run(capsys, "check", *clean, str(season / "printemps"))[0] == EXIT_NO_PAIRING
    code, _, err = run(capsys, "check", str(season / "README.md.d"), "--jobs", "1")
    assert code == EXIT_INPUT and err == ""  # a name that is not there: refused, reported


def test_the_text_report_in_each_language(season: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(season), "--jobs", "1", "--lang", "fr")
    lines = out.splitlines()
    assert code == EXIT_INPUT
    assert lines[0] == f"{season / 'notes.txt'} : refusé"
    assert lines[1].startswith(f"    {season / 'notes.txt'}:1:")
    assert f"{season / 'printemps' / 'differs.trf'} : DIFFÉRENT (rondes identiques : 3 sur 4)" \
        in lines
    assert "    ronde 4 : DIFFÉRENTE" in lines  # the file's own check, as check FILE says it
    assert any(line.startswith("Bilan : fichiers : 5 (identiques : 3, différents : 1, refusés : "
                               "1) ; rondes : 17 (identiques : 16, différentes : 1) ; temps CPU : ")
               for line in lines)
    assert any(line.startswith(f"  différent : {season / 'printemps' / 'differs.trf'}, "
                               "ronde 4 : premier échiquier différent") for line in lines)
    english = run(capsys, "check", str(season), "--jobs", "1", "--lang", "en")[1]
    assert "Summary: files: 5 (identical: 3, different: 1, refused: 1); rounds: 17 (identical: " \
        "16, different: 1); CPU time: " in english


def test_csv(season: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "saison.csv"
    code, out, _ = run(capsys, "check", str(season), "--jobs", "1", "--csv", str(out_file),
                       "--lang", "fr")
    assert code == EXIT_INPUT and out.splitlines()[-3].startswith("Bilan : fichiers : 5 ")
    rows = list(csv.DictReader(out_file.open(encoding="utf-8")))
    assert [row["status"] for row in rows] == [
        "refused", "identical", "different", "identical", "identical"]
    assert rows[2]["first_different_round"] == "4" and rows[2]["rounds_different"] == "1"
    assert rows[2]["explanation"].startswith("first board that differs")  # English, as JSON
    assert rows[0]["reason"].startswith(f"{season / 'notes.txt'}:1:")
    # Never over a file checked, never a folder.
    code, _, err = run(capsys, "check", str(season), "--csv", str(season / "notes.txt"))
    assert code == EXIT_USAGE and "notes.txt" in err
    assert run(capsys, "check", str(season), "--csv", str(tmp_path))[0] == EXIT_USAGE


def test_bad_usage(season: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", str(season), "--executor", "dask", "--lang", "en")
    assert code == EXIT_USAGE and "--executor dask needs --scheduler ADDRESS" in err
    code, _, err = run(capsys, "check", str(season), "--jobs", "0", "--lang", "en")
    assert code == EXIT_USAGE and "--jobs 0: at least 1 worker" in err
    code, out, err = run(capsys, "check", str(season), "--system", "nope", "--lang", "en")
    assert code == EXIT_USAGE and out == "" and err.count("unknown system 'nope'") == 1
    (tmp_path / "empty").mkdir()
    code, _, err = run(capsys, "check", str(tmp_path / "empty"), "--lang", "en")
    assert code == EXIT_USAGE and "no .trf or .txt file in" in err


def test_without_distributed_one_line_says_what_to_install(
        season: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    code, out, err = run(capsys, "check", str(season), "--executor", "dask",
                         "--scheduler", "tcp://127.0.0.1:1", "--lang", "en")
    assert code == EXIT_USAGE and out == ""
    assert err.splitlines() == ["swisslearn: --executor dask needs the package distributed: "
                                "pip install 'swisslearn[cluster]'"]


def test_the_same_report_from_a_dask_cluster(season: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    local = json.loads(run(capsys, "check", str(season), "--jobs", "1", "--json")[1])
    # A cluster as a federation's, on loopback only: a scheduler and one
    # worker process (swisslearn imported there, as on another machine's
    # worker), talking TCP on 127.0.0.1; the files travel to the worker and
    # the results back, pickled, as they would between machines.
    with distributed.LocalCluster(processes=True, n_workers=1, threads_per_worker=1,
                                  host="127.0.0.1", protocol="tcp", dashboard_address=None,
                                  worker_dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        code, out, _ = run(capsys, "check", str(season), "--executor", "dask",
                           "--scheduler", address, "--json")
        with distributed.Client(address) as client:
            worker_pids = set(client.run(os.getpid).values())
    assert worker_pids and os.getpid() not in worker_pids  # checked in another process
    assert code == EXIT_INPUT
    assert _without_cpu(json.loads(out)) == _without_cpu(local)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_bar_at_a_terminal_only(season: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def ran(*argv: str) -> tuple[str, str]:
        out, err = _Terminal(), _Terminal()
        monkeypatch.setattr(sys, "stdout", out)
        monkeypatch.setattr(sys, "stderr", err)
        from swisslearn.cli import main
        main(["check", str(season), "--jobs", "1", "--lang", "en", *argv])
        monkeypatch.undo()
        return out.getvalue(), err.getvalue()

    out, err = ran()
    assert "\rchecking:" in err and "/5 files [" in err and " left, " in err
    assert re.search(r"[0-9.]+ rounds/s\]", err)
    assert "files [" not in out
    out, err = ran("--json")
    assert err == "" and json.loads(out)["summary"]["files"] == 5
    assert ran("--csv", str(season.parent / "saison.csv"))[1] == ""


def test_not_at_a_terminal_no_bar(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", str(season), "--jobs", "1")[2] == ""


def test_one_file_keeps_its_output(capsys: pytest.CaptureFixture[str]) -> None:
    club = DATA / "club-12-joueurs.trf"
    code, out, _ = run(capsys, "check", str(club), "--lang", "en")
    assert code == EXIT_OK and out.splitlines()[1:] == [
        f"round {r}: identical" for r in range(1, 6)]
    assert not out.startswith(str(club))  # no batch line: check FILE as before
    bad = TEST_DATA / "bad" / "bad-152.trf"
    code, out, err = run(capsys, "check", str(bad))
    assert code == EXIT_INPUT and out == "" and err.startswith(f"{bad}:")
