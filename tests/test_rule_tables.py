"""Every rule has one home (issue 34): each system's rule table
(:mod:`swisslearn.ruletable`) has a row for every label of its text, every
row names a function that exists and sentences both catalogues have, every
row is used, and every label a trace cites is a row of its system's table.
The 1998 rules' table holds seed 000's French words and the English text's,
checked against both files, and the 1998 engine writes no label of its own."""

from __future__ import annotations

import ast
import importlib
from functools import cached_property
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from swisslearn import systems
from swisslearn.cli import read_input
from swisslearn.dutch1998.procedure import trace as trace_1998
from swisslearn.dutch1998.rules import RULES as RULES_1998
from swisslearn.dutch2017.criteria import CRITERIA as CRITERIA_2017
from swisslearn.dutch2017.rules import RULES as RULES_2017
from swisslearn.dutch2026.criteria import CRITERIA as CRITERIA_2026
from swisslearn.dutch2026.rules import RULES as RULES_2026
from swisslearn.generate import GeneratorSettings, generate
from swisslearn.ruletable import Rule, RuleTable
from swisslearn.simplerules import RULES as RULES_SIMPLE
from swisslearn.team2026.rules import RULES as RULES_TEAM, SHARLY_RULES
from swisslearn.trace import CriterionDropped, Event, PlayerStuck, Rejection
from swisslearn.words import catalogue

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"
SHARED_RULES = ROOT.parent / "shared" / "rules"
SEED_000 = ROOT.parent / "shared" / "seeds" / "000_a5f79e95c0c22ae1.txt"

TABLES: dict[str, RuleTable] = {
    "dutch-2026": RULES_2026, "dutch-2017": RULES_2017, "team-2026": RULES_TEAM,
    "team-2026-sharly": SHARLY_RULES, "simple": RULES_SIMPLE, "dutch-1998": RULES_1998}


def _numbered(prefix: str, first: int, last: int, brackets: bool = False) -> list[str]:
    return [f"[{prefix}{i}]" if brackets else f"{prefix}{i}" for i in range(first, last + 1)]


# Every label of each text: its articles (to the depth of its headings, and
# the sub-articles that decide something on their own) and its criteria.
TEXT_LABELS: dict[str, list[str]] = {
    "dutch-2026": (_numbered("1.", 1, 9) + _numbered("C", 1, 21, brackets=True)
                   + _numbered("3.", 1, 8) + _numbered("4.", 1, 5) + ["5.1", "5.2"]
                   + _numbered("5.2.", 1, 5)),
    "dutch-2017": (_numbered("A.", 1, 9) + _numbered("B.", 1, 8) + _numbered("C.", 1, 19)
                   + _numbered("D.", 1, 3) + _numbered("E.", 1, 5)),
    "team-2026": (_numbered("1.", 1, 7) + _numbered("C", 1, 10, brackets=True)
                  + _numbered("3.", 1, 6) + _numbered("3.4.", 1, 4) + ["4.1", "4.2", "4.3"]
                  + _numbered("4.3.", 1, 9)),
    # Seed 003's help page: score groups, halves, no rematch, moving down, the
    # bye, the colours (a preference, a strong one, the rank), the boards.
    "simple": ["S-groups", "S-halves", "S-rematch", "S-down", "S-bye", "S-colours",
               "S-colours-strong", "S-colours-rank", "S-boards"],
    # Seed 000's 45 articles, and the sub-articles the engine cites alone.
    "dutch-1998": (_numbered("A", 1, 9) + _numbered("B", 1, 6) + ["B1a", "B1b", "B2a", "B2b"]
                   + _numbered("C", 1, 14) + ["D1", "D2"] + _numbered("E", 1, 4)
                   + _numbered("F", 1, 10)),
}
TEXT_LABELS["team-2026-sharly"] = TEXT_LABELS["team-2026"]

# The English texts, where the shared folder is beside the repository: the
# headings and criteria read from them must be the ones listed above.
TEXT_FILES = {"dutch-2026": "fide-dutch-2026-en.md", "dutch-2017": "fide-dutch-2017-en.md",
              "team-2026": "fide-team-swiss-2026-en.md"}
HEADING = {"dutch-2026": re.compile(r"^#### (\d\.\d) ", re.M),
           "dutch-2017": re.compile(r"^### ([A-E]\.\d) ", re.M),
           "team-2026": re.compile(r"^#### (\d\.\d) ", re.M)}
CRITERION = {"dutch-2026": re.compile(r"\[C\d+\]"), "team-2026": re.compile(r"\[C\d+\]"),
             "dutch-2017": re.compile(r"^- \*\*([CE]\.\d+)\*\*", re.M)}

# Rows neither cited by a trace nor said by a sentence: definitions the
# engine applies (each through its ``applied_by``) and nothing else.
DEFINITIONS: dict[str, set[str]] = {
    "dutch-2026": {"1.1", "1.3", "1.4", "1.6", "1.7", "1.8", "3.3", "3.5", "3.6", "3.8", "4.1",
                   "4.5", "5.1"},
    "dutch-2017": {"A.1", "A.4", "A.6", "A.7", "A.8", "B.5", "B.6", "D.3"},
    "team-2026": {"1.1", "1.2", "1.3", "1.5", "1.6", "1.7", "3.1", "3.2", "3.6.2", "4.1", "4.2"},
    "simple": set(),
    # Rules the engine applies without citing them (the order, x, p, F3's
    # histories...), and the arbiter's own (A1's estimate, F6-F8, F10's
    # standings), each named by the function closest to it.
    "dutch-1998": {"A1", "A8", "A9", "B3", "C2", "C3", "C5", "F2", "F3", "F4", "F6", "F7", "F8",
                   "F10"},
}
DEFINITIONS["team-2026-sharly"] = DEFINITIONS["team-2026"]

# The criteria the C.04.3 engines' matching weighs (a field of the weight
# each: used on every pair, whether or not a trace happens to cite them).
WEIGHTS = {"dutch-2026": CRITERIA_2026, "dutch-2017": CRITERIA_2017}


def _resolve(path: str) -> object:
    module, _, name = path.partition(":")
    found: object = importlib.import_module(module)
    for part in name.split("."):
        found = getattr(found, part)
    return found


@pytest.mark.parametrize("system", sorted(TABLES))
def test_every_label_of_the_text_has_a_row(system: str) -> None:
    table = TABLES[system]
    missing = [label for label in TEXT_LABELS[system] if label not in table]
    assert not missing, f"{system}: no row for {missing}"
    assert table.system == system


@pytest.mark.parametrize("system", sorted(TEXT_FILES))
def test_the_listed_labels_are_the_texts(system: str) -> None:
    path = SHARED_RULES / TEXT_FILES[system]
    if not path.exists():
        pytest.skip("the shared rule texts are not beside the repository")
    text = path.read_text(encoding="utf-8")
    text = text.split("\n## C.04.1")[0].split("\n## Differences")[0]
    found = set(HEADING[system].findall(text)) | set(CRITERION[system].findall(text))
    # Article 2's headings (2.1 absolute criteria...) are its criteria's rows.
    listed = set(TEXT_LABELS[system]) | {row.article.rsplit(".", 1)[0]
                                         for row in TABLES[system] if row.label.startswith("[C")}
    assert found <= listed, sorted(found - listed)


@pytest.mark.parametrize("system", sorted(TABLES))
def test_every_row_names_a_function_and_sentences_that_exist(system: str) -> None:
    french, english = catalogue("fr"), catalogue("en")
    for row in TABLES[system]:
        assert row.en and row.article and row.applies_to, row
        found = _resolve(row.applied_by)
        assert callable(found) or isinstance(found, (property, cached_property)), row.applied_by
        for key in row.keys:
            assert key in french and key in english, (row.label, key)


def _individual(system: str) -> Iterator[list[Event]]:
    engine = systems.get(system)
    for name in ("club-12-joueurs.trf", "cours-definitions.trf", "cours-derniere-ronde.trf",
                 "chysteme-36-joueurs.trf"):
        tournament = read_input(str(DATA / name)).tournament
        for number in range(1, tournament.rounds_paired + 1):
            yield list(engine.trace(tournament, number))
    for players, rounds, seed in ((9, 6, 1), (14, 7, 2), (20, 7, 3), (13, 7, 4), (7, 5, 5)):
        settings = GeneratorSettings(players=players, rounds=rounds, seed=seed,
                                     absence_rate=0.05, half_bye_rate=0.05)
        tournament = generate(settings, pair_round=engine.pair).tournament
        for number in range(1, tournament.rounds_paired + 1):
            yield list(engine.trace(tournament, number))


def _files(system: str, *names: str) -> Iterator[list[Event]]:
    engine = systems.get(system)
    for name in names:
        tournament = read_input(str(DATA / name)).tournament
        for number in range(1, tournament.rounds_paired + 1):
            yield list(engine.trace(tournament, number))


def _every_file_1998() -> Iterator[list[Event]]:
    """Every round of every file of data/ the 1998 rules pair (the team
    files aside), in the default mode and in literal mode (where C8, D1
    are cited), and the generated rounds the other systems are traced on."""
    yield from _individual("dutch-1998")
    for path in sorted(DATA.glob("*.trf")) + sorted(DATA.glob("*.txt")):
        if path.name.startswith(("equipes-", "protections-")):
            continue
        tournament = read_input(str(path)).tournament
        for number in range(1, tournament.rounds_paired + 1):
            yield list(trace_1998(tournament, number))
            if len(tournament.players) <= 12:
                yield list(trace_1998(tournament, number, literal=True))


TRACES: dict[str, Callable[[], Iterator[list[Event]]]] = {
    "dutch-2026": lambda: _individual("dutch-2026"),
    "dutch-2017": lambda: _individual("dutch-2017"),
    "simple": lambda: _individual("simple"),
    "dutch-1998": _every_file_1998,
    "team-2026": lambda: _files("team-2026", "equipes-dix.trf", "equipes-deux-lectures.trf",
                                "protections-six-equipes.trf"),
    "team-2026-sharly": lambda: _files("team-2026-sharly", "equipes-dix.trf",
                                       "equipes-deux-lectures.trf",
                                       "protections-six-equipes.trf"),
}


def _cited(event: Event) -> Iterator[str]:
    yield event.rule
    if isinstance(event, CriterionDropped):   # the criterion C9/C10 drops
        yield event.criterion
    if isinstance(event, PlayerStuck) and event.then not in ("", "bye"):
        yield event.then                       # where C1 sends the procedure
    for value in vars(event).values():
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if isinstance(item, Rejection):
                yield item.criterion


@pytest.mark.parametrize("system", sorted(TABLES))
def test_every_label_a_trace_cites_is_a_row_and_every_row_is_used(system: str) -> None:
    table = TABLES[system]
    cited = {label for trace in TRACES[system]() for event in trace for label in _cited(event)}
    assert cited <= set(table.labels), sorted(cited - set(table.labels))
    weighed = {row.name for row in WEIGHTS.get(system, ()) if row.fields}
    unused = [row.label for row in table
              if row.label not in cited and not row.keys and row.label not in weighed
              and row.label not in DEFINITIONS[system]]
    assert not unused, f"{system}: rows neither cited, said nor a definition: {unused}"
    # A definition that gains a sentence or a citation leaves the list.
    stale = [label for label in DEFINITIONS[system] if label in cited or table[label].keys]
    assert not stale, stale


def test_a_label_is_written_once_and_checked_when_taken() -> None:
    row = Rule("X.1", "X.1", "words", "a pair", "swisslearn.ruletable:where")
    with pytest.raises(ValueError, match="two rows"):
        RuleTable("test", (row, row))
    with pytest.raises(KeyError):
        RULES_2026.label("C.10")   # 2017's C.10 is no label of 2026: its [C12] is
    assert RULES_2017["C.10"].applied_by == RULES_2026["[C12]"].applied_by
    assert RULES_2017["C.10"].en != RULES_2026["[C10]"].en


def test_the_french_words_are_the_seeds() -> None:
    seed = ROOT.parent / "shared" / "seeds" / "003_45dfcd879d6ff8c3.txt"
    if not seed.exists():
        pytest.skip("the seeds are not beside the repository")
    text = seed.read_text(encoding="utf-8")
    for row in RULES_SIMPLE:
        assert row.fr and row.fr in text, row.label
    rows_2026 = [row for row in RULES_2026 if row.fr]
    seed_002 = (ROOT.parent / "shared" / "seeds" / "002_e42f2de293ecb86d.txt").read_text(
        encoding="utf-8").replace("’", "'")
    for row in rows_2026:
        first = row.fr.split(". ")[0]
        assert first in seed_002, row.label


def _plain(text: str) -> str:
    """A text's words as the 1998 table holds them: one space for each run
    of spaces and line breaks; for the English text also without its
    Markdown (bold, list dashes), its [sic] notes and its article numbers."""
    text = re.sub(r"\*\*\[sic[^\]]*\]\*\*", "", text)
    text = re.sub(r"\*\[Editor:.*?\]\*", "", text, flags=re.S)
    text = re.sub(r"(?m)^\s*- ", "", text.replace("**", ""))
    return re.sub(r"(?<!\S)[A-F]\.\d+ (?=[A-Z])", "", " ".join(text.split()))


def test_the_1998_words_are_seed_000s_and_the_english_texts() -> None:
    if not SEED_000.exists():
        pytest.skip("the seeds are not beside the repository")
    seed = " ".join(SEED_000.read_text(encoding="utf-8").split())
    english = _plain((SHARED_RULES / "fide-dutch-1998-en.md").read_text(encoding="utf-8")
                     .split("\n## Appendix 1")[0])
    for row in RULES_1998:
        assert row.fr and row.fr in seed, row.label
        assert row.en in english, row.label
    # Each article's words are the whole article (up to the next label), not
    # a sentence of it: the French of C13 ends where C14 begins.
    assert seed.split(RULES_1998["C13"].fr)[1].lstrip().startswith("C 14 :")
    assert RULES_1998["B1"].fr.endswith(RULES_1998["B1b"].fr)


def test_the_1998_labels_are_seed_000s() -> None:
    if not SEED_000.exists():
        pytest.skip("the seeds are not beside the repository")
    lines = SEED_000.read_text(encoding="utf-8").splitlines()
    found = {m.group(1) + m.group(2) for line in lines
             if (m := re.match(r"^([A-F]) ?(\d+) ?[.:]", line))}
    articles = [label for label in TEXT_LABELS["dutch-1998"] if label[-1].isdigit()]
    assert sorted(found) == sorted(articles) and len(articles) == 45


def _free_labels(source: str, name: str) -> list[str]:
    """The label-like strings (``C12``, ``B1a``...) a module writes other
    than in its docstrings and in the statements that take them from the
    table (``RULES.label``)."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            skipped.add(id(body[0].value))
        if isinstance(node, ast.Assign) and ("RULES.label" in ast.unparse(node.value)
                                             or "__all__" in ast.unparse(node.targets[0])):
            skipped |= {id(inner) for inner in ast.walk(node.value)}
    return [f"{name}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in skipped and re.match(r"[A-F]\d{1,2}[ab]?\b", node.value)]


def test_the_1998_engine_takes_every_label_from_its_table() -> None:
    folder = ROOT / "swisslearn" / "dutch1998"
    free = [found for path in sorted(folder.glob("*.py")) if path.name != "rules.py"
            for found in _free_labels(path.read_text(encoding="utf-8"), path.name)]
    assert not free, "\n".join(free)


def test_the_search_for_free_labels_sees_each_form() -> None:
    # The check itself, on made-up sources.
    assert _free_labels('"""C9: a docstring."""\n_C9 = RULES.label("C9")\n', "m.py") == []
    assert _free_labels('_C9, _B5 = (RULES.label(x) for x in ("C9", "B5"))', "m.py") == []
    assert _free_labels('x = Rejection("B1a", (), "met")', "m.py") == ["m.py:1: 'B1a'"]
    assert _free_labels('if rule == "C13":\n    pass', "m.py") == ["m.py:1: 'C13'"]
    assert _free_labels('fail(f"C7 range {a}")', "m.py") == ["m.py:1: 'C7 range '"]
    assert _free_labels('x = "Cat"', "m.py") == []
