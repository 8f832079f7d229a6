"""``--acceleration`` at the arbiter's desk and on ``swisslearn publish``
(issue 32): the same meaning and defaults as on ``pair``, ``trace`` and
``check`` (:func:`swisslearn.acceleration.prepare`), so a round paired with
the Baku acceleration there is the round ``pair --acceleration baku`` makes."""

from __future__ import annotations

import html
import io
import json
import zipfile
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from conftest import DATA
from helpers import run
from swisslearn import cli, desk
from swisslearn.formats.trf import parse_trf, read_trf
from swisslearn.publish.command import build

CHYSTEME = DATA / "chysteme-36-joueurs.trf"


def _pair_json(*argv: str) -> dict[str, object]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["pair", *argv, "--json"]) == 0
    result: dict[str, object] = json.loads(out.getvalue())
    result.pop("system_choice")
    return result


def _loaded(path: Path) -> desk.Loaded:
    result = desk.read_example(path)
    assert isinstance(result, desk.Loaded), result
    return result


def _fresh(path: Path, players: int, rounds: int, code: str = "") -> Path:
    """A tournament not yet paired, ``XXR rounds`` and ``code`` as its 192 line."""
    lines = [f"XXR {rounds}"] + ([code] if code else [])
    for n in range(1, players + 1):
        line = f"001 {n:>4}      {'Player ' + str(n):<33} {2500 - 10 * n:>4}"
        lines.append(f"{line:<80}{'0.0':>4} {n:>4}")
    path.write_text("\n".join(lines) + "\n")
    return path


def test_the_desk_pairs_as_pair_acceleration_baku() -> None:
    chysteme = _loaded(CHYSTEME)
    accelerated = desk.pair_round(chysteme, 1, "dutch-2026", None, "baku")
    expected = _pair_json(str(CHYSTEME), "--round", "1", "--system", "dutch-2026",
                          "--acceleration", "baku")
    assert cli.pair_json(accelerated.result) == expected
    plain = desk.pair_round(chysteme, 1, "dutch-2026")
    assert plain.result.pairs() != accelerated.result.pairs()  # GA is a bracket of its own
    assert cli.pair_json(plain.result) == _pair_json(str(CHYSTEME), "--round", "1",
                                                    "--system", "dutch-2026")
    # The round start names GA and the virtual points, as trace does.
    assert [e.kind for e in accelerated.events[:2]] == ["round_started", "acceleration_applied"]
    assert desk.acceleration_text(accelerated, "fr") == [
        "Accélération : Baku (C.04.5.1), calculée : GA = 18 joueurs de la liste initiale "
        "(1–18), 4 rondes accélérées sur 7."]
    assert desk.acceleration_text(plain, "fr") == []
    # why: the pairing scores with their virtual points, as the command line says them.
    assert desk.why_text(accelerated, 1, 10, "en").endswith(
        "C.04.5.1: pairing score of 1: 1 point (0 real + 1 virtual). "
        "C.04.5.1: pairing score of 10: 1 point (0 real + 1 virtual).")


def test_the_desk_refuses_the_method_for_a_system_that_has_none() -> None:
    from swisslearn.errors import UsageError
    with pytest.raises(UsageError, match="--acceleration"):
        desk.pair_round(_loaded(CHYSTEME), 1, "dutch-1998", None, "baku")


def test_the_files_baku_code_and_none_at_the_desk(tmp_path: Path) -> None:
    path = _fresh(tmp_path / "baku.trf", 21, 5, "192 FIDE_DUTCH_2026_BAKU")
    baku = _loaded(path)
    by_code = desk.pair_round(baku, 1)  # "": the file's, its 192 …_BAKU code
    assert cli.pair_json(by_code.result) == _pair_json(str(path))
    said = desk.acceleration_text(by_code, "en")
    assert said[0].startswith("Acceleration: Baku (C.04.5.1), computed: GA = 12 players")
    assert "⌈N/2⌉ = 11" in said[1]  # the reference engine's own switch, as pair notes it
    none = desk.pair_round(baku, 1, None, None, "none")
    assert cli.pair_json(none.result) == _pair_json(str(path), "--acceleration", "none")
    assert none.result.pairs() != by_code.result.pairs()
    assert desk.acceleration_text(none) == []


def test_the_desks_download_is_pair_o(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """The virtual points written with the round (XXA), byte for byte as pair -o."""
    chysteme = _loaded(CHYSTEME)
    paired = desk.pair_round(chysteme, 1, "dutch-2026", None, "baku")
    out = tmp_path / "out.trf"
    code, _, _ = run(capsys, "pair", str(CHYSTEME), "--round", "1", "--system", "dutch-2026",
                     "--acceleration", "baku", "-o", str(out))
    assert code == 0
    data = desk.paired_trf(chysteme, paired)
    assert data == out.read_bytes()
    assert b"\nXXA    1  1.0  1.0  0.5  0.5" in data
    written = parse_trf(data, source="out.trf").tournament
    assert len({a.player for a in written.accelerations}) == 18


def test_the_desks_commands_name_the_acceleration() -> None:
    assert desk.command_line("t.trf", 1, "dutch-2026", acceleration="baku") == \
        "swisslearn pair t.trf --round 1 --system dutch-2026 --acceleration baku"
    assert desk.command_line("t.trf", 1, "dutch-2026", players=(1, 2), acceleration="none") \
        == "swisslearn why t.trf 1 2 --round 1 --system dutch-2026 --acceleration none"
    assert desk.publish_command("t.trf", 1, "dutch-2026", "baku") == \
        "swisslearn publish t.trf --round 1 --system dutch-2026 --acceleration baku -o t-1"
    assert desk.command_line("t.trf", 1) == "swisslearn pair t.trf --round 1"


def test_the_page_has_the_acceleration_menu() -> None:
    page = desk.app(data=DATA, example="chysteme-36-joueurs.trf")
    assert [value for _, value in page.acceleration.options] == ["", "baku", "none"]
    assert page.acceleration.description == "Accélération"
    page.system.value = "dutch-2026"
    page.acceleration.value = "baku"
    assert page.paired is not None
    expected = _pair_json(str(CHYSTEME), "--round", "1", "--system", "dutch-2026",
                          "--acceleration", "baku")
    assert cli.pair_json(page.paired.result) == expected
    assert "GA = 18 joueurs" in html.unescape(page.info.value)
    page.set_language("en")
    assert page.acceleration.description == "Acceleration"
    assert page.acceleration.value == "baku"
    assert "GA = 18 players" in html.unescape(page.info.value)
    # The pages of the hall, with the same virtual points.
    page.publish()
    assert "pages.zip" in page.published.value
    # Another file: the menu is back to the file's own.
    page.upload("other.trf", CHYSTEME.read_bytes())
    assert page.acceleration.value == ""


def test_publish_pairs_as_pair_acceleration_baku(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    document = read_trf(CHYSTEME)
    expected = _pair_json(str(CHYSTEME), "--round", "1", "--system", "dutch-2026",
                          "--acceleration", "baku")
    content, events = build(document, 1, "dutch-2026", acceleration="baku")
    result = events[-1]
    assert cli.pair_json(result) == expected  # type: ignore[arg-type]
    assert events[1].kind == "acceleration_applied"
    assert "18 joueurs du groupe GA reçoivent 1 point(s) virtuel(s)" in content.acceleration["fr"]
    _, plain = build(document, 1, "dutch-2026")
    assert plain[-1] != result
    # The command line: the boards of the index are pair's.
    folder = tmp_path / "site"
    code, _, _ = run(capsys, "publish", str(CHYSTEME), "--round", "1", "--system",
                     "dutch-2026", "--acceleration", "baku", "-o", str(folder))
    assert code == 0
    index = html.unescape((folder / "index.html").read_text())
    assert "Acceleration: Baku (C.04.5.1), computed: the 18 players of group GA" in index
    assert "accélération de Baku (C.04.5.1)" in html.unescape(
        (folder / "deroulement.html").read_text())
    code, _, err = run(capsys, "publish", str(CHYSTEME), "--round", "1", "--acceleration",
                       "baku", "-o", str(tmp_path / "refused"), "--lang", "en")
    assert code == 2 and "dutch-1998 applies no acceleration" in err


def test_the_desks_zip_holds_the_accelerated_pages() -> None:
    chysteme = _loaded(CHYSTEME)
    paired = desk.pair_round(chysteme, 1, "dutch-2026", None, "baku")
    data, players = desk.site_zip(chysteme, paired, "dutch-2026", "fr", "baku")
    assert players == 36
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        index = html.unescape(archive.read("index.html").decode("utf-8"))
    assert "les 18 joueurs du groupe GA" in index
