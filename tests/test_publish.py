"""``swisslearn publish``: the hall's pages as files (the browser tests are
in ``tests/test_publish_browser.py``).

What the issue asks of them: an index and a page per player, each naming
his opponent (or the bye) and a rule label; the explainers' sentences;
names escaped; nothing of the file beyond the pairing sheet; the same
bytes every time; the PDF's QR codes decoding to the pages' addresses; a
500-player round in under 20 s of CPU.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DATA, STRESS, missing
from helpers import in_process, other_hash_seed, run
from swisslearn import systems
from swisslearn.cli import read_input
from swisslearn.explain import explain, explain_pair, tell_player
from swisslearn.publish.command import build
from swisslearn.publish.content import RoundContent, concerned, visible_name
from swisslearn.trace import ColourAllocated, Event, RoundPaired

CHYSTEME = DATA / "chysteme-36-joueurs.trf"
BASE = "https://club.example/ronde1/"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The done-when command's site, with the sheet."""
    folder = tmp_path_factory.mktemp("publish") / "site"
    from swisslearn.cli import main
    assert main(["publish", str(CHYSTEME), "--round", "1", "-o", str(folder), "--sheet",
                 "--url", BASE, "--lang", "fr"]) == 0
    return folder


def _events() -> tuple[Event, ...]:
    tournament = read_input(str(CHYSTEME)).tournament
    return tuple(systems.get(None, tournament).trace(tournament, 1))


def test_the_site_has_an_index_and_a_page_per_player(site: Path) -> None:
    assert (site / "index.html").is_file()
    assert (site / "deroulement.html").is_file()
    pages = sorted(p.name for p in (site / "joueurs").glob("*.html"))
    assert pages == [f"{n:02d}.html" for n in range(1, 37)]
    for name in ("site.css", "site.js"):
        assert (site / "static" / name).is_file()


def test_each_player_page_names_his_opponent_and_a_rule_label(site: Path) -> None:
    events = _events()
    result = events[-1]
    assert isinstance(result, RoundPaired)
    opponent = {}
    for board in result.boards:
        opponent[board.white], opponent[board.black] = board.black, board.white
    rules = {event.rule for event in events}
    for pid in range(1, 37):
        page = (site / "joueurs" / f"{pid:02d}.html").read_text("utf-8")
        other = opponent[pid]
        assert f'href="../joueurs/{other:02d}.html" class="opponent-link"' in page
        assert f"Vous jouez contre {other} Joueur {other:02d}" in page
        assert f"You play {other} Joueur {other:02d}" in page
        labels = set(re.findall(r'class="rule">([^<]+)</a>', page))
        assert labels and labels <= rules
        # The explainers' own sentences: why this opponent, the colour.
        assert tell_player(events, pid, other, "fr").replace("'", "&#39;") in page
        colour = next(e for e in events if isinstance(e, ColourAllocated)
                      and pid in (e.white, e.black))
        assert explain(colour, "en") in page


def test_the_index_has_the_boards_the_standings_the_system(site: Path) -> None:
    index = (site / "index.html").read_text("utf-8")
    assert index.count('class="player-link"') == 36           # 18 boards, two players each
    assert "Classement à l&#39;entrée de la ronde 1" in index
    assert "Standings at the start of round 1" in index
    assert "dutch-1998" in index
    assert "Accélération : aucune dans cette ronde." in index
    assert "Pas d&#39;exempt dans cette ronde" in index


def test_the_why_field_holds_the_explainers_answers(site: Path) -> None:
    import json
    events = _events()
    page = (site / "joueurs" / "01.html").read_text("utf-8")
    data = re.search(r'<script type="application/json" id="why-data">(.*?)</script>', page,
                     re.DOTALL)
    assert data is not None
    answers = json.loads(data.group(1))
    # A small tournament: every player of his bracket (here everyone, round 1).
    assert sorted(map(int, answers)) == list(range(2, 37))
    assert answers["2"]["fr"] == explain_pair(events, 1, 2, "fr").text
    assert answers["36"]["en"] == explain_pair(events, 1, 36, "en").text


def test_the_trace_page_has_every_step_and_its_pictures(site: Path) -> None:
    events = _events()
    trace = (site / "deroulement.html").read_text("utf-8")
    assert trace.count('<li id="e') == len(events)
    # Each step's rule once, as its badge, then the sentence.
    colour = next(e for e in events if isinstance(e, ColourAllocated))
    sentence = explain(colour, "en")
    label, rest = sentence.split(": ", 1)
    assert (f'<span class="rule">{label}</span> <span class="l-en" lang="en">{rest}</span>'
            in trace)
    pictures = re.findall(r'src="(deroulement/[^"]+\.svg)"', trace)
    assert pictures and all((site / p).is_file() for p in pictures)
    assert {p[-6:-4] for p in pictures} == {"fr", "en"}
    assert all((site / p).read_bytes().startswith(b"<?xml") for p in pictures)


def test_nothing_is_fetched_from_elsewhere(site: Path) -> None:
    for page in site.rglob("*.html"):
        text = page.read_text("utf-8")
        assert not re.search(r'(src|href)="(https?:)?//', text), page


# The only addresses a site's files may write: the SVG and XLink namespace
# names, which are names, never fetched.
NAMESPACES = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}


def test_the_site_names_no_address_but_the_namespaces(site: Path) -> None:
    """No web address in the pages, pictures, style or script (matplotlib's
    metadata named its site, the SVG DOCTYPE its DTD's); the sheet's codes
    point under --url only (test_the_sheet_codes_decode_to_the_pages)."""
    found: set[str] = set()
    for path in site.rglob("*"):
        if path.suffix in (".html", ".svg", ".css", ".js"):
            found.update(re.findall(r"https?://[^\s\"'<>()]*", path.read_text("utf-8")))
    assert found == NAMESPACES


# What the file holds and a pairing sheet does not show (a title, a
# federation, a FIDE id, a birth date; the town, the arbiters, the time
# control of the header): no page, picture or sheet may show it.
NOT_ON_THE_SHEET = ("WGM", "ZQX", "98765432", "1999/12/31", "Secretville", "Hiddenarbiter",
                    "Hiddendeputy", "93+37")


def _hostile(tmp_path: Path) -> Path:
    """The 36-player file, player 1 named with markup, an escape and a
    right-to-left override, and given a title, a federation, a FIDE id and
    a birth date; the header a town, arbiters and a time control."""
    lines = CHYSTEME.read_text("utf-8").splitlines()
    i = next(n for n, line in enumerate(lines) if line.startswith("001    1 "))
    line = lines[i]
    name = "<script>alert(1)</script>\x1b[31m\u202e"
    line = line[:14] + f"{name:<33}" + line[47:]
    # Sex and title (columns 10, 11-13), federation (54-56), FIDE id
    # (58-68) and birth date (70-79).
    line = line[:9] + "wWGM" + line[13:53] + "ZQX" + line[56:]
    line = line[:57] + f"{'98765432':>11} {'1999/12/31':<10}" + line[79:]
    lines[i] = line
    lines[1:1] = ["022 Secretville", "102 Hiddenarbiter", "112 Hiddendeputy", "122 93+37"]
    path = tmp_path / "hostile.trf"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def test_names_are_escaped_and_shown_and_nothing_beyond_the_sheet(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _hostile(tmp_path)
    document = read_input(str(source))
    player = document.tournament.player(1)
    assert player.fide_id == "98765432" and player.birth_date == "1999/12/31"
    assert player.title == "WGM" and player.federation == "ZQX"
    folder = tmp_path / "site"
    code, _, err = run(capsys, "publish", str(source), "--round", "1", "-o", str(folder),
                       "--sheet", "--url", BASE)
    assert code == 0, err
    shown = "&lt;script&gt;alert(1)&lt;/script&gt;U+001B[31mU+202E"
    page = (folder / "joueurs" / "01.html").read_text("utf-8")
    assert f'<h1><span class="pid">1</span> {shown}</h1>' in page
    for path in folder.rglob("*"):
        if path.suffix in (".html", ".svg"):
            text = path.read_text("utf-8")
            assert "<script>alert" not in text and "\x1b" not in text and "\u202e" not in text
            assert not [said for said in NOT_ON_THE_SHEET if said in text], path
    if shutil.which("pdftotext") is not None:       # poppler-utils, as the sheet's test
        sheet = subprocess.run(["pdftotext", str(folder / "appariements.pdf"), "-"],
                               capture_output=True, text=True, check=True).stdout
        assert "Joueur 02" in sheet
        assert not [said for said in NOT_ON_THE_SHEET if said in sheet]
    for path in (folder / "deroulement").glob("*.svg"):
        import xml.dom.minidom
        xml.dom.minidom.parse(str(path))          # well-formed: the browser shows it


def test_visible_name() -> None:
    assert visible_name("Anna\x07 \u200bLee\u2028") == "AnnaU+0007 U+200BLeeU+2028"
    assert visible_name("Émile Dupré-Ça") == "Émile Dupré-Ça"


def test_concerned_names_the_players_of_a_step() -> None:
    events = _events()
    colour = next(e for e in events if isinstance(e, ColourAllocated))
    assert concerned(colour) == {colour.white, colour.black}
    assert concerned(events[0]) == frozenset()            # RoundStarted: everyone, so no one
    assert concerned(events[-1]) == frozenset()           # RoundPaired likewise


def test_the_same_round_gives_the_same_bytes(site: Path, tmp_path: Path) -> None:
    """A new interpreter under another PYTHONHASHSEED writes the site this
    process wrote (the module's ``site``), byte for byte."""
    folder = tmp_path / "site"
    env = {**os.environ, "PYTHONHASHSEED": other_hash_seed()}
    subprocess.run([sys.executable, "-m", "swisslearn", "publish", str(CHYSTEME),
                    "--round", "1", "-o", str(folder), "--sheet", "--url", BASE, "--lang", "fr"],
                   check=True, capture_output=True, env=env)
    folders = [site, folder]
    first = sorted(p.relative_to(folders[0]) for p in folders[0].rglob("*") if p.is_file())
    second = sorted(p.relative_to(folders[1]) for p in folders[1].rglob("*") if p.is_file())
    assert first == second
    for name in first:
        assert (folders[0] / name).read_bytes() == (folders[1] / name).read_bytes(), name


@pytest.mark.parametrize("argv, key", [
    (["--sheet"], "--sheet demande --url"),
    (["--sheet", "--url", "ftp://x"], "ftp://x n'est pas une adresse http"),
])
def test_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                      key: str) -> None:
    code, _, err = run(capsys, "publish", str(CHYSTEME), "-o", str(tmp_path / "out"),
                       "--lang", "fr", *argv)
    assert code == 2 and key in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()      # refused before any page is written


def test_a_folder_with_files_needs_force(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("x")
    code, _, err = run(capsys, "publish", str(CHYSTEME), "-o", str(tmp_path), "--lang", "en")
    assert code == 2 and "is not empty: give --force" in err
    code, out, err = run(capsys, "publish", str(CHYSTEME), "-o", str(tmp_path), "--force",
                         "--lang", "en")
    assert code == 0, err
    assert "38 pages written" in out and "bytes per player" in out
    assert (tmp_path / "notes.txt").read_text() == "x"


def test_a_bad_file_is_named_with_its_line(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text(CHYSTEME.read_text("utf-8").replace("001    5 ", "001  abc ", 1), "utf-8")
    code, _, err = run(capsys, "publish", str(bad), "-o", str(tmp_path / "out"))
    assert code == 3 and re.search(r"bad\.trf:\d+:\d+: ", err) and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def _tools() -> None:
    for tool in ("pdftoppm", "pdftotext", "zbarimg"):
        if shutil.which(tool) is None:
            missing(tool, "sudo apt-get install poppler-utils zbar-tools")


def _decoded(images: list[Path]) -> dict[Path, list[str]]:
    """What one zbarimg run reads in each of ``images``: the data of each
    code it finds there, in order (``--xml`` names the file of each; one
    process for all instead of one per image)."""
    import xml.etree.ElementTree as ElementTree
    out = subprocess.run(["zbarimg", "--xml", "-q", *map(str, images)], capture_output=True,
                         text=True)
    space = {"z": "http://zbar.sourceforge.net/2008/barcode"}
    found: dict[Path, list[str]] = {}
    for source in ElementTree.fromstring(out.stdout).iterfind("z:source", space):
        found[Path(source.attrib["href"])] = [
            data.text or "" for data in source.iterfind(".//z:symbol/z:data", space)]
    return found


def test_the_sheet_codes_decode_to_the_pages(site: Path, tmp_path: Path) -> None:
    """Each code where the sheet puts it decodes to its player's page (each
    cut out alone: zbarimg misses some codes of a page full of them)."""
    _tools()
    from PIL import Image
    from swisslearn.publish.sheet import QR, codes
    pdf = site / "appariements.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    dpi = 150
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(tmp_path / "page")],
                   check=True, capture_output=True)
    images = sorted(tmp_path.glob("page-*.png"))
    document = read_input(str(CHYSTEME))
    content, _ = build(document, 1, None)
    placed = codes(content, BASE)
    assert len(images) == 1 + max(page for page, *_ in placed)
    expected = {f"{BASE}joueurs/{n:02d}.html" for n in range(1, 37)} | {BASE + "index.html"}
    assert {url for *_, url in placed} == expected
    scale = dpi / 25.4
    crops = []
    # Each page decoded once (a page at 150 dpi is 2 million pixels), cut 37 times.
    pages = [Image.open(image) for image in images]
    for number, (page, left, top, url) in enumerate(placed):
        square = pages[page].crop((round((left - 1) * scale), round((top - 1) * scale),
                                   round((left + QR + 1) * scale), round((top + QR + 1) * scale)))
        crop = tmp_path / f"code-{number:02d}.png"
        square.save(crop)
        crops.append((crop, url))
    for opened in pages:
        opened.close()
    # Each code alone, and the pages as a whole, as a phone sees the sheet on the wall.
    decoded = _decoded([crop for crop, _ in crops] + images)
    for crop, url in crops:
        assert decoded[crop] == [url], crop
    assert {url for image in images for url in decoded[image]} == expected


@pytest.mark.slow
def test_a_500_player_round_publishes_in_under_20_s_of_cpu(tmp_path: Path) -> None:
    from swisslearn.generate import GeneratorSettings, generate
    # `make stress` the 500 players the name says; `make test` 120 (a quarter of
    # the CPU; the same pages, limit and sizes checked).
    players = 500 if STRESS else 120
    source = tmp_path / "g500.trf"
    generate(GeneratorSettings(players=players, rounds=3, seed=35)).write(source)
    folder = tmp_path / "site"
    argv = ["publish", str(source), "--round", "3", "-o", str(folder), "--sheet", "--url", BASE,
            "--lang", "en"]
    # `make stress`: a new interpreter, as a user runs it (its start and imports
    # counted); `make test`: this process (about 1 s of CPU less: the
    # interpreter's start and the imports the module's tests made already).
    who = resource.RUSAGE_CHILDREN if STRESS else resource.RUSAGE_SELF
    before = resource.getrusage(who)
    done = (subprocess.run([sys.executable, "-m", "swisslearn", *argv], capture_output=True,
                           text=True) if STRESS else in_process(*argv))
    after = resource.getrusage(who)
    assert done.returncode == 0, done.stderr
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert len(list((folder / "joueurs").glob("*.html"))) == players
    assert cpu < 20.0, f"{cpu:.1f} s of CPU"
    per_player = int(re.search(r"([\d,]+) bytes per player", done.stdout)[1]   # type: ignore[index]
                     .replace(",", ""))
    # The site's fixed part (index, sheet) is shared by fewer players at 120:
    # 46,630 bytes per player measured there.
    assert per_player < (40_000 if players == 500 else 55_000)


@pytest.mark.parametrize("source, round, system", [
    ("club-12-joueurs.trf", 4, "dutch-2026"),
    ("equipes-dix.trf", None, "team-2026-sharly"),
    ("six-joueurs.txt", None, None),
])
def test_write_round_answers_in_each_systems_words(tmp_path: Path, source: str,
                                                   round: int | None,
                                                   system: str | None) -> None:
    """What the desk's button calls: every page names the opponent (or the bye),
    and outside the 1998 course the reason is why's, citing that system's
    articles (tell_player reads a team round as a 1998 one)."""
    from swisslearn.publish.command import write_round
    document = read_input(str(DATA / source))
    content, written = write_round(document, tmp_path / "site", round=round, system=system,
                                   lang="en")
    assert tmp_path / "site" / "index.html" in written
    events = build(document, round, system)[1]
    result = events[-1]
    assert isinstance(result, RoundPaired)
    for page in content.players:
        text = (tmp_path / "site" / content.page_name(page.row.id)).read_text("utf-8")
        if page.opponent is None:
            assert page.row.id in result.byes or page.row.id not in {
                p for b in result.boards for p in (b.white, b.black)}
            continue
        a, b = page.row.id, page.opponent.id
        why = (tell_player(events, a, b, "en") if result.system == "dutch-1998"
               else explain_pair(events, a, b, "en").text)
        assert page.opponent_text["en"].endswith(why)
        assert why.replace("'", "&#39;") in text
        if result.system.startswith("team"):
            assert "article A3" not in why


def test_the_pictures_chosen_stay_few_and_readable() -> None:
    import dataclasses
    from swisslearn.publish.pictures import MAX_GROUPS_PICTURED, MAX_PICTURES, pictured
    from swisslearn.trace import RoundStarted
    events = _events()
    started = events[0]
    assert isinstance(started, RoundStarted)
    chosen = pictured(events)
    assert 1 in chosen and len(chosen) <= MAX_PICTURES
    crowded = dataclasses.replace(
        started, players=started.players * (MAX_GROUPS_PICTURED // len(started.players) + 1))
    assert 1 not in pictured((crowded,) + events[1:])


def test_answers_per_player_all_in_a_club_some_in_an_open() -> None:
    from swisslearn.publish.content import MIN_ANSWERS, answers_per_player
    assert answers_per_player(36) >= 35
    assert answers_per_player(500) == MIN_ANSWERS == 12


def _absences(tmp_path: Path) -> Path:
    """A generated 15-player tournament whose round 3 has two players absent
    (1 and 4) and a bye (8): dutch-1998 pairs it so."""
    from swisslearn.generate import GeneratorSettings, generate
    source = tmp_path / "absences.trf"
    generate(GeneratorSettings(players=15, rounds=3, seed=7, absence_rate=0.1)).write(source)
    return source


@pytest.fixture(scope="module")
def absences_1998(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, RoundContent, Path]:
    """The absences round paired by dutch-1998 and its site, written once
    (opening in English; every page holds both languages) for the absent
    player's test and the systems' test: the file, the content, the site."""
    from swisslearn.publish.command import write_round
    folder = tmp_path_factory.mktemp("absences")
    source = _absences(folder)
    content, _ = write_round(read_input(str(source)), folder / "site", round=3,
                             system="dutch-1998", lang="en")
    return source, content, folder / "site"


def test_an_absent_players_page_says_why_with_the_rule(
        absences_1998: tuple[Path, RoundContent, Path]) -> None:
    """Not paired: why's sentence (1998: F5), the round's first step (it
    names him absent) with its rule label, and no « why not » to pick."""
    source, content, site = absences_1998
    document = read_input(str(source))
    events = build(document, 3, "dutch-1998")[1]
    started = events[0]
    assert started.rule == "A2" and set(getattr(started, "absent")) == {1, 4}
    for pid in (1, 4):
        page = next(p for p in content.players if p.row.id == pid)
        assert page.absent and page.opponent is None and not page.answers
        assert page.opponent_text["en"].endswith(f"{pid} is absent in round 3: not paired (F5).")
        assert [step.number for step in page.steps] == [1]
        html = (site / content.page_name(pid)).read_text("utf-8")
        assert '<a href="../deroulement.html#e1" class="rule">A2</a>' in html
        assert "aucun appariement à comparer avec un autre joueur" in html
        assert 'id="why-pick"' not in html
    paired = next(p for p in content.players if p.row.id == 2)
    assert not paired.absent and paired.answers
    assert 1 not in concerned(events[-1]) and concerned(started) == {1, 4}


SYSTEMS_CASES = [
    ("absences", 3, "dutch-1998", None),
    ("absences", 3, "dutch-2017", None),
    ("absences", 3, "dutch-2026", None),
    ("absences", 3, "simple", None),
    ("chysteme-36-joueurs.trf", 1, "dutch-2017", "baku"),
    ("chysteme-36-joueurs.trf", 1, "dutch-2026", "baku"),
    ("equipes-dix.trf", 1, "team-2026", "baku"),
    ("equipes-dix.trf", None, "team-2026-sharly", None),
]


@pytest.mark.parametrize("source, round, system, acceleration", SYSTEMS_CASES)
def test_every_system_publishes_a_page_per_player_with_its_rules(
        tmp_path: Path, request: pytest.FixtureRequest, source: str, round: int | None,
        system: str, acceleration: str | None) -> None:
    """Every system of the project, an accelerated round of each that takes
    one: each page names the opponent, the bye or the absence, and a rule
    label of that system's trace; the index says the system and the
    virtual points (the absences' 1998 site is the absent player's test's)."""
    from swisslearn.publish.command import write_round
    site = tmp_path / "site"
    if (source, system) == ("absences", "dutch-1998"):
        path, content, site = request.getfixturevalue("absences_1998")
        document = read_input(str(path))
    else:
        path = _absences(tmp_path) if source == "absences" else DATA / source
        document = read_input(str(path))
        content, _ = write_round(document, site, round=round, system=system,
                                 lang="en", acceleration=acceleration)
    events = build(document, round, system, acceleration=acceleration)[1]
    result = events[-1]
    assert isinstance(result, RoundPaired) and result.system == system
    rules = {event.rule for event in events}
    kinds = set()
    for page in content.players:
        html = (site / content.page_name(page.row.id)).read_text("utf-8")
        labels = set(re.findall(r'class="rule">([^<]+)</a>', html))
        assert labels and labels <= rules, page.row.id
        if page.opponent is not None:
            kinds.add("opponent")
            assert f'{page.opponent.id:0{content.id_width}d}.html" class="opponent-link"' in html
        elif page.bye:
            kinds.add("bye")
            assert "You have no opponent in this round: you have the bye." in html
        else:
            kinds.add("absent")
            assert page.absent and "is absent in round" in page.opponent_text["en"]
    assert kinds == ({"opponent", "bye", "absent"} if source == "absences" else {"opponent"})
    index = (site / "index.html").read_text("utf-8")
    assert f"System: {system}" in index
    if acceleration == "baku":
        assert "Acceleration: Baku (C.04.5.1), computed: the " in index
    else:
        assert "Acceleration: none in this round." in index


def test_each_page_of_the_sheet_says_the_round(site: Path) -> None:
    """A long tournament name is shortened on the sheet, never the round it
    posts (the 36-player file's name is longer than the title line)."""
    _tools()
    pages = subprocess.run(["pdftotext", "-layout", str(site / "appariements.pdf"), "-"],
                           capture_output=True, text=True, check=True).stdout.split("\f")
    pages = [page for page in pages if page.strip()]
    assert len(pages) == 2
    for number, page in enumerate(pages, 1):
        heading = page.strip().splitlines()[0]
        assert heading.startswith("Le Chysteme Chuisse") and heading.endswith(" : ronde 1")
        assert f"page {number}/2" in page


def test_the_why_field_covers_his_bracket_and_the_next_ones() -> None:
    """A round of several score brackets (club-12's round 4): each page's
    answers are exactly the players of his bracket and of the brackets just
    above and below (a small tournament: all of them), each why's answer."""
    from swisslearn.trace import RoundStarted
    document = read_input(str(DATA / "club-12-joueurs.trf"))
    content, events = build(document, 4, None)
    started = events[0]
    assert isinstance(started, RoundStarted)
    levels = sorted({view.score for view in started.players}, reverse=True)
    assert len(levels) >= 4
    level = {view.id: levels.index(view.score) for view in started.players}
    for page in content.players:
        me = page.row.id
        near = {p for p in level if p != me and abs(level[p] - level[me]) <= 1}
        assert {row.id for row, _ in page.answers} == near, me
        for row, said in page.answers:
            assert said["en"] in (explain_pair(events, me, row.id, "en").text,
                                  explain_pair(events, row.id, me, "en").text)
