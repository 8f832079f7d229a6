"""The arbiter's desk without a browser: its plain functions, and the page's
widgets driven from Python (``tests/test_desk_browser.py`` drives the real
page in Chromium)."""

from __future__ import annotations

import base64
import datetime
import html
import io
import json
import re
import tempfile
import zipfile
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from conftest import DATA, ROOT, TEST_DATA
from swisslearn import cli, desk
from swisslearn.model import recorded_round
from swisslearn.errors import InputError, PairingError, UsageError, usage
from swisslearn.explain import why
from swisslearn.formats.trf import parse_trf
from swisslearn.protections import Protections

CLUB = DATA / "club-12-joueurs.trf"
CHYSTEME = DATA / "chysteme-36-joueurs.trf"


def _rows(folder: Path) -> list[tuple[Path, int, int, str]]:
    rows = []
    for text in (folder / "expected.tsv").read_text("utf-8").splitlines():
        if text.strip() and not text.startswith("#"):
            name, line, column, message = text.split("\t")
            rows.append((folder / name, int(line), int(column), message))
    return rows


BAD = _rows(TEST_DATA / "bad") + _rows(TEST_DATA / "bad-plain")


def text(widget: object) -> str:
    """What an HTML widget shows (entities decoded)."""
    return html.unescape(str(getattr(widget, "value")))


def uploaded(name: str, data: bytes) -> tuple[dict[str, object], ...]:
    """What the FileUpload widget holds after the browser sent a file."""
    return ({"name": name, "type": "", "size": len(data), "content": memoryview(data),
             "last_modified": datetime.datetime.now(datetime.timezone.utc)},)


def loaded(path: Path) -> desk.Loaded:
    result = desk.read_example(path)
    assert isinstance(result, desk.Loaded), result
    return result


def cli_json(*args: str) -> dict[str, object]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main([*args, "--json"]) == 0
    result: dict[str, object] = json.loads(out.getvalue())
    return result


# -- loading ---------------------------------------------------------------------


def test_an_upload_is_read_as_the_command_line_reads_a_file() -> None:
    club = desk.read_upload("club.trf", CLUB.read_bytes())
    assert isinstance(club, desk.Loaded)
    assert club.name == "club.trf" and len(club.tournament) == 12
    assert club.tournament.source == "club.trf"
    listed = desk.read_upload("six.txt", (DATA / "six-joueurs.txt").read_bytes())
    assert isinstance(listed, desk.Loaded)
    assert listed.tournament.players[0].name == "Red Falcons"
    teams = desk.read_example(DATA / "equipes-dix.trf")
    assert isinstance(teams, desk.Loaded) and len(teams.tournament) == 10


@pytest.mark.parametrize("row", BAD, ids=lambda row: row[0].name)
def test_a_bad_upload_names_its_line_and_column(row: tuple[Path, int, int, str]) -> None:
    path, line, column, message = row
    result = desk.read_upload(path.name, path.read_bytes())
    assert isinstance(result, desk.Failure)
    assert f"{path.name}:{line}:{column}: " in result.message
    assert message in result.text("en")  # the page says it in its language
    if line:
        assert f"ligne {line}, colonne {column}" in result.message
    assert "Traceback" not in result.message


def test_error_text_in_both_languages() -> None:
    error = InputError("initial colour 'G'", file="x.trf", line=12, column=5)
    assert desk.error_text(error) == "Fichier refusé (ligne 12, colonne 5) — x.trf:12:5: initial colour 'G'"
    assert desk.error_text(error, "en") == "File refused (line 12, column 5) — x.trf:12:5: initial colour 'G'"
    whole = InputError("the file is empty", file="x.trf")
    assert desk.error_text(whole) == "Fichier refusé — x.trf:0:0: the file is empty"
    assert desk.error_text(PairingError("no way")).startswith("Pas d'appariement possible — no way")
    assert desk.error_text(UsageError("round 9")) == "Impossible — round 9"
    assert desk.error_text(KeyError("x")) == "Erreur inattendue — KeyError: 'x'"
    # A message of the catalogue is said in the page's language (it was English).
    keyed = InputError(file="x.trf", line=12, column=5, key="trf.colour_bad",
                       fields={"value": "G"})
    assert desk.error_text(keyed) == ("Fichier refusé (ligne 12, colonne 5) — x.trf:12:5: "
                                      "couleur initiale 'G' : W ou B est attendu")
    assert desk.error_text(keyed, "en").endswith("x.trf:12:5: initial colour 'G': expected W or B")
    assert desk.error_text(usage("paired.round_recorded", source="x.trf", round=3)) == (
        "Impossible — x.trf : la ronde 3 est déjà dans le fichier : seule une ronde que le "
        "fichier n'a pas encore s'y écrit")


def test_a_file_refused_for_several_problems_lists_them_all() -> None:
    """The page showed the first problem only, in English."""
    path = TEST_DATA / "bad" / "142-fewer-than-played.trf"
    result = desk.read_upload(path.name, path.read_bytes())
    assert isinstance(result, desk.Failure)
    lines = result.message.split("\n")
    assert lines[0] == ("Fichier refusé (ligne 17, colonne 102) — 6 erreurs et 2 "
                        "avertissements dans ce fichier :")
    assert lines[1].startswith("142-fewer-than-played.trf:17:102: joueur 1 : un bloc pour la "
                               "ronde 2")
    assert [line.split(": ")[0] for line in lines[1:]] == [
        f"142-fewer-than-played.trf:{n}:102" for n in range(17, 23)] + [
        "142-fewer-than-played.trf:23:14", "142-fewer-than-played.trf:24:5"]
    assert lines[-2] == ("142-fewer-than-played.trf:23:14: avertissement : enregistrement 240 "
                         "pour la ronde 3, après la dernière ronde (1) : ignoré")
    english = result.text("en").split("\n")
    assert english[0].endswith("— 6 errors and 2 warnings in this file:")
    assert len(english) == len(lines)
    page = desk.app(data=DATA, example=None)
    page.upload(path.name, path.read_bytes())
    shown = text(page.error)
    assert shown.count("<li>") == 8 and "6 erreurs et 2 avertissements" in shown


def test_the_files_warnings_are_shown_once_it_is_read() -> None:
    """A file read with warnings (a points column the results contradict):
    the page said nothing of them."""
    club = CLUB.read_text("utf-8").splitlines()
    first = next(i for i, line in enumerate(club) if line.startswith("001"))
    club[first] = club[first][:80] + " 9.5" + club[first][84:]
    page = desk.app(data=DATA, example=None)
    page.upload("club.trf", ("\n".join(club) + "\n").encode())
    assert page.loaded is not None and page.error.value == ""
    shown = text(page.warnings)
    assert "Fichier lu, avec 1 avertissement" in shown
    assert f"club.trf:{first + 1}:81: avertissement : joueur 1 : 9,5 points" in shown
    page.language.value = "en"
    assert f"club.trf:{first + 1}:81: warning: player 1: points 9.5" in text(page.warnings)
    page.upload("club.trf", CLUB.read_bytes())
    assert page.warnings.value == ""
    assert page.loaded is not None
    assert desk.warnings_html(page.loaded.document) == ""


def test_a_missing_example_is_a_failure() -> None:
    result = desk.read_example(DATA / "nope.trf")
    assert isinstance(result, desk.Failure) and "nope.trf" in result.message


def test_examples_are_the_data_files() -> None:
    names = [p.name for p in desk.examples(DATA)]
    assert "club-12-joueurs.trf" in names and "six-joueurs.txt" in names
    assert "README.md" not in names
    assert desk.examples(DATA / "nope") == []


# -- choices ---------------------------------------------------------------------


def test_rounds_offered() -> None:
    club = loaded(CLUB).tournament
    assert desk.round_choices(club) == [1, 2, 3, 4, 5] and desk.default_round(club) == 5
    first = loaded(CHYSTEME).tournament
    assert desk.round_choices(first) == [1] and desk.default_round(first) == 1
    teams = loaded(DATA / "equipes-dix.trf").tournament
    assert desk.round_choices(teams) == [1, 2, 3] and desk.default_round(teams) == 3


def test_system_choices_start_with_the_files_own() -> None:
    club = loaded(CLUB).tournament
    choices = desk.system_choices(club)
    assert choices[0] == ("celui du fichier (dutch-1998)", "")
    assert [v for _, v in choices[1:]] == ["dutch-1998", "dutch-2017", "dutch-2026", "team-2026",
                                           "team-2026-sharly", "simple"]
    teams = loaded(DATA / "equipes-dix.trf").tournament
    assert desk.system_choices(teams, "en")[0] == ("the file's (team-2026)", "")


def test_protections_like_the_command_lines_options() -> None:
    document = loaded(CHYSTEME).document
    assert not desk.protections_for(document).active
    strict = desk.protections_for(document, "federation", "strict")
    assert strict == Protections.from_document(document).with_options(["federation:strict"])
    groups = desk.protections_for(document, "", "strict", "a:1,19:strict ; b:2,20:soft-bottom\n")
    assert [g.name for g in groups.manual] == ["a", "b"]
    with pytest.raises(UsageError):
        desk.protections_for(document, "", "strict", "nonsense")


# -- pairing, why, the file ------------------------------------------------------


def test_the_pairing_is_the_command_lines() -> None:
    paired = desk.pair_round(loaded(CHYSTEME), 1)
    expected = cli_json("pair", str(CHYSTEME), "--round", "1")
    assert paired.system == "dutch-1998" == expected["system"]
    expected.pop("system_choice")  # the command line also says why that system
    assert cli.pair_json(paired.result) == expected
    assert paired.result.pairs()[:3] == ((1, 19), (20, 2), (3, 21))


def test_why_is_the_librarys_sentence() -> None:
    club = loaded(CLUB)
    paired = desk.pair_round(club, 4)
    sentence = why(paired.events, 1, 3)
    assert sentence.startswith("1 et 3 sont appariés à la ronde 4")
    assert desk.why_text(paired, 1, 3) == f"Le moteur (dutch-1998) : {sentence}"
    assert desk.why_text(paired, 1, 3, "en") == f"The engine (dutch-1998): {why(paired.events, 1, 3, 'en')}"
    assert desk.why_text(paired, 2, 2) == "Choisissez deux joueurs différents."
    assert desk.recorded_text(club.tournament, 4, 1, 3) == \
        "Dans le fichier, ronde 4 : 3–1 (blancs d'abord)."
    assert desk.recorded_text(club.tournament, 4, 4, 9) == \
        "Dans le fichier, ronde 4 : 4 → 4–11, 9 → 6–9 (blancs d'abord)."
    first = loaded(CHYSTEME)
    assert desk.recorded_text(first.tournament, 1, 1, 19) is None


def test_the_paired_round_as_trf() -> None:
    first = loaded(CHYSTEME)
    paired = desk.pair_round(first, 1)
    data = desk.paired_trf(first, paired)
    assert data == desk.paired_document(first, paired).to_bytes()
    written = parse_trf(data, source="out.trf")
    pairs, byes = recorded_round(written.tournament, 1)
    assert pairs == frozenset(paired.result.pairs()) and byes == frozenset(paired.result.byes)
    # Only round 1's block (columns 92-99) of each 001 line changed.
    before = CHYSTEME.read_bytes().decode("utf-8").splitlines()
    after = data.decode("utf-8").splitlines()
    assert len(before) == len(after)
    for old, new in zip(before, after):
        if old[:3] == "001":
            assert new.startswith(old) and new[len(old):91].strip() == ""
            assert re.fullmatch(r" *[0-9]{1,4} [wb]", new[91:])  # no result yet
        else:
            assert new == old
    # The next round of the written file is round 2.
    assert written.tournament.next_round() == 2


def test_the_paired_round_keeps_its_protections() -> None:
    first = loaded(CHYSTEME)
    protections = desk.protections_for(first.document, "", "strict", "duo:1,19:strict")
    paired = desk.pair_round(first, 1, None, protections)
    assert (1, 19) not in paired.result.pairs()
    assert paired.protected is not None and paired.events[0].kind == "protections_applied"
    written = parse_trf(desk.paired_trf(first, paired), source="out.trf")
    frozen = Protections.from_document(written).frozen_round(1)
    assert frozen is not None and [g.name for g in frozen.groups] == ["duo"]
    assert "260 001 001    1   19" in written.lines


def test_what_cannot_be_downloaded() -> None:
    club = loaded(CLUB)
    paired = desk.pair_round(club, 5)
    assert desk.download_problem(club, paired) == (
        "La ronde 5 est déjà enregistrée dans le fichier : le téléchargement ne concerne que "
        "la ronde suivante.")
    with pytest.raises(UsageError):
        desk.paired_document(club, paired)
    # A team round can be downloaded (issue 20): board by board, as pair -o writes it.
    teams = loaded(DATA / "equipes-dix.trf")
    paired = desk.pair_round(teams, 3)
    assert desk.download_problem(teams, paired, "en") is None
    from swisslearn.formats.teams import with_teams
    written = with_teams(parse_trf(desk.paired_trf(teams, paired), source="out.trf"))
    assert recorded_round(written.tournament, 3)[0] == frozenset(paired.result.pairs())
    # Seed 003's list has no TRF (its points cannot come from results).
    listed = loaded(DATA / "six-joueurs.txt")
    paired = desk.pair_round(listed, 4, "simple")
    assert desk.download_problem(listed, paired) is None
    with pytest.raises(InputError):
        desk.paired_document(listed, paired)


def test_download_name_and_link() -> None:
    assert desk.download_name("club-12-joueurs.trf", 5) == "club-12-joueurs-ronde-5.trf"
    assert desk.download_name("Six.TXT", 4, "en") == "Six-round-4.trf"
    assert desk.download_name(".trf", 1) == "tournoi-ronde-1.trf"
    link = desk.download_link(b"012 x\n", "a'b.trf", "Télécharger")
    assert "download='a&#x27;b.trf'" in link and ">⤓ Télécharger</a>" in link
    encoded = re.search(r"base64,([^']*)'", link)
    assert encoded is not None and base64.b64decode(encoded.group(1)) == b"012 x\n"


def test_boards_html() -> None:
    first = loaded(CHYSTEME)
    paired = desk.pair_round(first, 1)
    table = desk.boards_html(first.tournament, paired.result)
    assert table.count("<tr>") == 1 + 18 and "<th>Blancs</th>" in table


# -- the page, driven from Python ------------------------------------------------


def test_the_page_opens_on_the_club_example() -> None:
    page = desk.app(data=DATA)
    assert page.loaded is not None and page.loaded.name == "club-12-joueurs.trf"
    assert page.paired is not None and page.paired.round == 5
    assert page.error.value == ""
    assert "12 joueurs" in page.info.value and "dutch-1998" in page.info.value
    assert page.stepper.label.value.startswith("<b>étape 1/")
    assert "déjà enregistrée" in page.download.value
    assert page.player_a.value == 1 and page.player_b.value is not None


def test_the_page_steps_explains_and_downloads() -> None:
    page = desk.app(data=DATA)
    page.round.value = 4
    page.choose_pair(1, 3)
    assert page.paired is not None
    sentence = why(page.paired.events, 1, 3)
    assert "Dans le fichier, ronde 4 : 3–1" in text(page.answer)
    assert sentence in text(page.answer)
    page.upload("mon-tournoi.trf", CHYSTEME.read_bytes())
    assert page.example.value == "" and "mon-tournoi.trf" in page.info.value
    assert page.round.value == 1
    total = page.stepper.total
    page.stepper.next()
    assert page.stepper.label.value.startswith(f"<b>étape 2/{total} — ")
    assert page.loaded is not None and page.paired is not None
    expected = desk.paired_trf(page.loaded, page.paired)
    encoded = re.search(r"base64,([^']*)'", page.download.value)
    assert encoded is not None and base64.b64decode(encoded.group(1)) == expected
    assert "download='mon-tournoi-ronde-1.trf'" in page.download.value


def test_the_upload_widget_and_a_bad_file() -> None:
    page = desk.app(data=DATA, example=None)
    assert page.loaded is None and "Aucun tournoi" in text(page.error)
    bad = TEST_DATA / "bad" / "bad-152.trf"
    page.upload_button.value = uploaded("bad-152.trf", bad.read_bytes())
    assert page.loaded is None and page.stepper is None
    assert page.round.options == () and page.player_a.options == ()
    assert "bad-152.trf:12:5: couleur initiale 'G' : W ou B est attendu" in text(page.error)
    assert "ligne 12, colonne 5" in text(page.error)
    assert page.upload_button.value == ()
    page.upload_button.value = uploaded("club.trf", CLUB.read_bytes())
    assert page.loaded is not None and page.error.value == ""


def test_the_page_shows_errors_as_messages() -> None:
    page = desk.app(data=DATA)
    page.groups.value = "nonsense"
    assert "Impossible — --group" in text(page.error) and page.stepper is None
    page.groups.value = "duo:1,2,3,4,5,6,7,8,9,10,11,12:strict"
    assert "Pas d'appariement possible" in text(page.error)
    page.groups.value = ""
    assert page.error.value == "" and page.stepper is not None
    page.system.value = "team-2026"
    assert "team-2026 apparie des tournois par équipes" in text(page.error)

    def broken() -> None:
        raise RuntimeError("boom")
    page._safely(broken)
    assert "Erreur inattendue — RuntimeError: boom" in text(page.error)


def test_the_page_in_english() -> None:
    page = desk.app(data=DATA)
    page.round.value = 4
    page.choose_pair(1, 3)
    page.language.value = "en"
    assert "The arbiter's desk" in text(page.title)
    assert page.stepper.label.value.startswith("<b>step 1/")
    assert "In the file, round 4: 3–1" in text(page.answer)
    assert page.system.options[0] == ("the file's (dutch-1998)", "")
    assert page.round.value == 4 and (page.player_a.value, page.player_b.value) == (1, 3)


def test_the_notebook_only_calls_the_module() -> None:
    notebook = json.loads((ROOT / "desk" / "bureau.ipynb").read_text("utf-8"))
    code = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
    assert len(code) == 1 and "from swisslearn.desk import app" in code[0]
    assert all(not c.get("outputs") for c in notebook["cells"] if c["cell_type"] == "code")


def test_the_page_says_why_nothing_is_downloaded() -> None:
    page = desk.app(data=DATA, example="six-joueurs.txt")
    assert page.paired is not None and page.paired.round == 4
    assert text(page.download).startswith(
        "<p style='color:#555'>Pas de téléchargement : six-joueurs.txt:0:0: les points font 11")
    page.example.value = "equipes-dix.trf"  # a team round is downloaded (issue 20)
    assert "team-2026" in text(page.info) and "equipes-dix-ronde-3.trf" in text(page.download)
    assert "1 et 3 sont appariées à la ronde 3" in text(page.answer)


# -- a hall's desk: words, busy, big files, language (issue 22) -----------------


def _page_text(page: desk.Desk) -> str:
    """Every word the page shows but the stepper's picture: HTML widgets,
    descriptions, menu labels."""
    import ipywidgets

    parts: list[str] = []

    def walk(widget: object) -> None:
        for name in ("value", "description", "placeholder", "tooltip"):
            value = getattr(widget, name, None)
            if isinstance(value, str):
                parts.append(value)
        for label in getattr(widget, "_options_labels", ()):
            parts.append(str(label))
        for child in getattr(widget, "children", ()):
            walk(child)
    assert isinstance(page.box, ipywidgets.Widget)
    walk(page.box)
    return html.unescape(" ".join(parts))


def test_the_pages_words_come_from_the_catalogue() -> None:
    from swisslearn.explain.catalogue import catalogue
    assert not hasattr(desk, "LABELS")
    assert desk.labels("en")["title"] == catalogue("en").text("desk.title") == "The arbiter's desk"
    assert desk.labels("xx") == desk.labels("fr")
    assert desk.download_name(".trf", 1, "en") == "tournament-round-1.trf"


def test_the_page_in_english_is_english_everywhere() -> None:
    from test_viz import french_only_words

    from swisslearn.viz import figure_png, render
    page = desk.app("en", data=DATA)
    page.round.value = 4
    page.choose_pair(1, 3)
    page.stepper.go(3)
    # Data is not words of the page: file, tournament, player and system names.
    shown = _page_text(page)
    assert page.loaded is not None and page.paired is not None
    data = [p.name for p in desk.examples(DATA)] + [page.loaded.tournament.name or ""]
    data += [p.name for p in page.loaded.tournament.players] + ["simple"]
    for name in sorted(data, key=len, reverse=True):
        shown = shown.replace(name, " ")
    words = set(re.findall(r"[^\W\d_]+", shown.lower()))
    french = french_only_words("desk")
    assert {"ronde", "joueurs", "fichier", "blancs"} <= french
    assert not words & french, words & french
    # The picture too: drawn in English (B is Black there, W White).
    event = page.paired.events[2]
    assert bytes(page.stepper.output.value) == figure_png(render(event, "en"))


def test_switching_language_keeps_the_pairing_and_the_step() -> None:
    page = desk.app(data=DATA)
    page.round.value = 4
    page.choose_pair(1, 3)
    paired = page.paired
    page.stepper.go(5)
    page.language.value = "en"
    assert page.paired is paired            # not paired again
    assert page.stepper.step == 5 and page.stepper.shown == 5
    assert page.stepper.label.value.startswith(f"<b>step 5/{page.stepper.total} — ")
    assert "In the file, round 4: 3–1" in text(page.answer)
    assert "round 4 paired by dutch-1998" in text(page.info)
    assert "<th>White</th>" in page.boards.value
    page.language.value = "fr"
    assert page.stepper.step == 5 and "ronde 4 appariée" in text(page.info)


def test_a_refused_file_is_said_again_in_the_new_language() -> None:
    page = desk.app(data=DATA, example=None)
    assert "Aucun tournoi chargé" in text(page.error)
    page.language.value = "en"
    assert "No tournament loaded" in text(page.error)
    bad = TEST_DATA / "bad" / "bad-152.trf"
    page.upload("bad-152.trf", bad.read_bytes())
    assert "File refused (line 12, column 5)" in text(page.error)
    page.language.value = "fr"
    assert "Fichier refusé (ligne 12, colonne 5)" in text(page.error)


def test_the_page_says_it_is_pairing_while_it_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    page = desk.app(data=DATA)
    seen: list[str] = []
    pair_round = desk.pair_round

    def watched(*args: object, **kwargs: object) -> desk.Paired:
        seen.append(text(page.busy))
        return pair_round(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(desk, "pair_round", watched)
    page.round.value = 4
    assert seen == ["<p role='status'>Appariement de la ronde 4…</p>"]
    assert page.busy.value == ""
    page.language.value = "en"
    page.round.value = 3
    assert seen[-1] == "<p role='status'>Pairing round 3…</p>" and page.busy.value == ""
    # Reading an upload says so too, and an error ends the busy sign as well.
    def reading(*args: object, **kwargs: object) -> desk.Failure:
        seen.append(text(page.busy))
        return desk.Failure("no")
    monkeypatch.setattr(desk, "read_upload", reading)
    page.upload("x.trf", b"012 x\n")
    assert seen[-1] == "<p role='status'>Reading the file…</p>" and page.busy.value == ""


def test_an_upload_over_the_limit_is_refused_with_a_message() -> None:
    page = desk.app(data=DATA, example=None)
    page.upload("bad-152.trf", (TEST_DATA / "bad" / "bad-152.trf").read_bytes())
    assert "bad-152.trf:12:5" in text(page.error)
    big = CLUB.read_bytes() + b" " * desk.UPLOAD_LIMIT
    page.upload_button.value = uploaded("gros.trf", big)
    assert page.loaded is None and page.stepper is None
    message = text(page.error)
    assert "bad-152.trf" not in message        # the previous file's error is gone
    size = f"{len(big):,}".replace(",", "\u202f")
    assert (f"Fichier refusé — gros.trf : {size} octets, au-delà de la limite de 8\u202f388\u202f608 "
            "octets pour un téléversement ; rien n'a été lu.") in message
    page.language.value = "en"
    assert f"File refused — gros.trf: {len(big):,} bytes, over the upload limit" in text(page.error)
    # A file at the limit is read.  (Padded with a last line of spaces: eight
    # million empty lines made the reader take 3 s of CPU, a test of its speed
    # on blank lines rather than of the limit; issue 31.)
    page.upload("club.trf", CLUB.read_bytes() + b" " * (desk.UPLOAD_LIMIT - len(CLUB.read_bytes())))
    assert page.loaded is not None and page.error.value == ""


def test_the_page_tells_its_script_the_limit_and_the_words() -> None:
    page = desk.app(data=DATA, example=None)
    data = page.style.value
    assert f"data-upload-limit='{desk.UPLOAD_LIMIT}'" in data
    assert "data-too-big='Fichier refusé — {name} : {size} octets" in html.unescape(data)
    page.language.value = "en"
    assert ("data-expired='This page is no longer connected to the desk"
            in html.unescape(page.style.value))


# -- the hall's pages from the desk (issue 35) ----------------------------------


def _zip_link(widget: object) -> tuple[str, bytes]:
    """The file name and the bytes of the ``.zip`` a download link holds."""
    value = str(getattr(widget, "value"))
    found = re.search(r"download='([^']*)' href='data:application/zip;base64,([^']*)'", value)
    assert found is not None, value
    return html.unescape(found.group(1)), base64.b64decode(found.group(2))


def test_the_publish_button_waits_for_a_paired_round() -> None:
    page = desk.app(data=DATA, example=None)
    assert page.publish_button.description == "Publier les pages de la salle"
    assert page.publish_button.disabled
    assert page.publish_button.tooltip.startswith("Appariez d'abord une ronde")
    page.publish()  # what a click would do, were the button not disabled
    assert "Appariez d'abord une ronde" in text(page.published)
    page.language.value = "en"
    assert page.publish_button.description == "Publish the hall's pages"
    assert page.publish_button.tooltip.startswith("Pair a round first")
    assert "Pair a round first" in text(page.published)
    page.upload("club.trf", CLUB.read_bytes())
    assert not page.publish_button.disabled and page.published.value == ""
    page.groups.value = "nonsense"  # no round paired any more
    assert page.paired is None and page.publish_button.disabled


def test_publishing_after_an_upload_offers_the_halls_pages_as_a_zip(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    page = desk.app(data=DATA, example=None)
    page.upload("mon-tournoi.trf", CHYSTEME.read_bytes())
    assert page.paired is not None and page.paired.round == 1
    page.publish_button.click()
    assert page.error.value == "" and page.busy.value == ""
    name, data = _zip_link(page.published)
    assert name == "mon-tournoi-ronde-1-pages.zip"
    assert "Les pages de la ronde 1 (36 joueurs, .zip)" in text(page.published)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        index = archive.read("index.html").decode("utf-8")
    players = sorted(n for n in names if n.startswith("joueurs/") and n.endswith(".html"))
    assert players == [f"joueurs/{n:02d}.html" for n in range(1, 37)]
    assert "deroulement.html" in names and 'lang="fr"' in index
    assert list(tmp_path.iterdir()) == []  # the temporary folder is gone
    # The same round gives the same bytes; the link's words follow the language.
    assert page.loaded is not None
    again, players_written = desk.site_zip(page.loaded, page.paired, None, "fr")
    assert again == data and players_written == 36
    page.language.value = "en"
    assert _zip_link(page.published) == ("mon-tournoi-round-1-pages.zip", data)
    assert "The pages of round 1 (36 players, .zip)" in text(page.published)
    page.system.value = "dutch-2017"  # paired again: the previous pages are gone
    assert page.published.value == ""


def test_the_pages_follow_the_pages_protections() -> None:
    club = loaded(CLUB)
    plain = desk.pair_round(club, 5)
    grouped = desk.pair_round(club, 5, None, desk.protections_for(
        club.document, "", "strict", "duo:1,5:strict"))  # 1 and 5 meet without it
    assert plain.result.boards != grouped.result.boards

    def index(paired: desk.Paired) -> str:
        data, _ = desk.site_zip(club, paired, None, "fr")
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return archive.read("index.html").decode("utf-8")
    assert index(plain) != index(grouped)


def test_the_page_says_why_the_pages_are_not_written(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> object:
        raise usage("desk.recorded", round=5)
    monkeypatch.setattr(desk, "site_zip", refused)
    page = desk.app(data=DATA)
    page.publish_button.click()
    shown = text(page.published)
    assert shown.startswith("<p style='color:#b03a2e'>Pages non écrites : Impossible — ")
    assert "Traceback" not in shown and page.stepper is not None
    page.language.value = "en"
    assert "Pages not written: Not possible — " in text(page.published)


def test_publishing_too_long_says_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(*args: object, **kwargs: object) -> object:
        raise desk.TooLong(12)
    monkeypatch.setattr(desk, "site_zip", slow)
    page = desk.app(data=DATA)
    page.system.value = "dutch-2017"
    page.publish()
    shown = text(page.published)
    assert "prend plus de 12 s" in shown
    assert "swisslearn publish club-12-joueurs.trf --round 5 --system dutch-2017 " \
           "-o club-12-joueurs-5" in shown


def test_names_from_the_file_are_shown_harmless_in_the_page() -> None:
    """Issue 33, item 2, in the desk's page: a name holding ESC sequences,
    BEL, backspace, C1 CSI or a bidirectional override is shown escaped as
    the command line shows it (HTML escaping alone leaves U+202E reversing
    the line in a browser)."""
    source = TEST_DATA / "cli" / "control-names.trf"
    page = desk.Desk(example=None)
    page.upload(source.name, source.read_bytes())
    assert page.paired is not None
    shown = page.boards.value + page.info.value
    for raw in ("\x1b", "\x07", "\x08", "\x9b", "\u202e", "\u202c", "\u2028"):
        assert raw not in shown, repr(raw)
    assert "\\x1b[2J\\x1b]0;pwned\\x07Eve" in page.boards.value
    assert "\\u202eevil\\u202c Ida" in page.boards.value


def test_team_names_from_the_file_are_shown_harmless_in_the_page() -> None:
    """The same for a team file: its team names (``310``), tournament name
    and ``192`` type code hold ESC sequences, BEL, backspace, DEL, C1 CSI,
    U+202E and U+2028 (``tests/data/cli/control-team-names.trf``)."""
    source = TEST_DATA / "cli" / "control-team-names.trf"
    page = desk.Desk(example=None)
    page.upload(source.name, source.read_bytes())
    assert page.paired is not None, page.error.value
    shown = page.boards.value + page.info.value
    for raw in ("\x1b", "\x07", "\x08", "\x7f", "\x9b", "\u202e", "\u2028"):
        assert raw not in shown, repr(raw)
    for escaped in ("A\\x1b[31m1\\u202e", "B\\u2028\\x7f1", "C\\x9b2J\\x08\\x08"):
        assert escaped in page.boards.value, escaped


def test_the_round_is_said_paired_once_its_boards_and_steps_are_shown() -> None:
    """« ronde N appariée » came before the boards and the stepper: on a
    loaded machine a visitor read it seconds before the steps arrived (the
    hall's load test pressed a « Suivant » not yet sent)."""
    page = desk.app(data=DATA)
    seen: list[tuple[str, str, object]] = []

    def said(change: dict[str, object]) -> None:
        if "appariée" in str(change["new"]) and page.paired is not None:
            stepper = getattr(page, "stepper", None)
            seen.append((str(page.paired.round), page.boards.value,
                         stepper is not None and page.steps.children == (stepper.box,)
                         and stepper.events == tuple(page.paired.events)))
    page.info.observe(said, names="value")
    page.round.value = 3
    assert seen, "the round was never said paired"
    round, boards, steps = seen[-1]
    assert round == "3" and "<table" in boards and steps is True
