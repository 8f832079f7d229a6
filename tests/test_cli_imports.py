"""What the command line imports (issue 23, start-up): ``swisslearn --help``
and a small ``pair`` load only what they need.  Most tournaments are small:
at 20 players, importing is most of the time a round takes.

Each case runs in a fresh interpreter and lists ``sys.modules`` after the
command; the heavy libraries and the areas a command does not use must not
be there.  A command line is run once in the file (:func:`_modules` is
cached): several tests look at what the same command loaded (``--help``
three times, ``pair ... --json`` three times).
"""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data"

_PROBE = """\
import contextlib, io, json, sys
from swisslearn.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print(json.dumps(sorted(sys.modules)))
"""

# Never for a command of the command line (the notebook stack, the
# numeric stack) nor, for --help, networkx.
LIBRARIES = ("networkx", "scipy", "numpy", "pandas", "matplotlib", "ipywidgets")
# The explainers of every area, the readers, protections and the engines.
AREAS = ("swisslearn.explain.dutch1998", "swisslearn.explain.dutch2026",
         "swisslearn.explain.dutch2017", "swisslearn.explain.team2026",
         "swisslearn.explain.sharly", "swisslearn.explain.simple",
         "swisslearn.explain.protections", "swisslearn.explain.common",
         "swisslearn.formats.plainlist", "swisslearn.formats.teams", "swisslearn.formats.paired",
         "swisslearn.protections", "swisslearn.systems", "swisslearn.dutch1998",
         "swisslearn.dutch2017", "swisslearn.dutch2026", "swisslearn.team2026",
         "swisslearn.simple")


@cache
def _modules(*argv: str) -> frozenset[str]:
    """The modules a fresh interpreter holds after the command ``argv``."""
    out = subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True,
                         text=True, check=True)
    return frozenset(json.loads(out.stdout.splitlines()[-1]))


def _loaded(modules: frozenset[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


@pytest.mark.parametrize("argv", [["--help"], ["pair", "--help"], ["--version"]])
def test_help_imports_no_library_and_no_area(argv: list[str]) -> None:
    modules = _modules(*argv)
    assert "swisslearn.cli" in modules
    assert _loaded(modules, LIBRARIES) == []
    assert _loaded(modules, AREAS) == []


def test_a_small_pair_imports_its_engine_only() -> None:
    # dutch-2026 on a 12-player file: the compiled matching, no networkx;
    # --json: no explainer at all.
    modules = _modules("pair", str(DATA / "club-12-joueurs.trf"), "--round", "5",
                       "--system", "dutch-2026", "--json")
    assert "swisslearn.dutch2026.procedure" in modules  # it did pair
    assert _loaded(modules, LIBRARIES) == []
    assert _loaded(modules, ("swisslearn.dutch1998", "swisslearn.team2026",
                             "swisslearn.explain.dutch1998", "swisslearn.explain.team2026",
                             "swisslearn.explain.sharly")) == []


# What a round without protections need not read: the protection records,
# the groups and the standings they are drawn from (the engine's own trace
# is the protections' trace then), nor, without team records, the team reader.
PROTECTIONS = ("swisslearn.protections", "swisslearn.formats.protections", "swisslearn.groups",
               "swisslearn.standings", "swisslearn.formats.teams", "swisslearn.teams")


@pytest.mark.parametrize("system", ["dutch-2026", "dutch-2017"])
@pytest.mark.parametrize("command", [["pair"], ["pair", "--json"], ["trace", "--jsonl"]])
def test_a_round_without_protections_imports_none_of_them(system: str,
                                                          command: list[str]) -> None:
    modules = _modules(command[0], str(DATA / "club-12-joueurs.trf"), "--round", "5",
                       "--system", system, *command[1:])
    assert f"swisslearn.{system.replace('-', '')}.procedure" in modules  # it did pair
    assert _loaded(modules, PROTECTIONS) == []
    assert _loaded(modules, LIBRARIES) == []
    assert _loaded(modules, ("swisslearn.dutch1998", "swisslearn.team2026")) == []


def test_protections_asked_for_are_still_read() -> None:
    # --avoid on the command line: the protections' trace (and their modules).
    modules = _modules("pair", str(DATA / "club-12-joueurs.trf"), "--round", "5",
                       "--system", "dutch-2026", "--avoid", "federation:soft-avoid")
    assert "swisslearn.protections" in modules


def test_a_team_file_is_still_read_as_teams() -> None:
    modules = _modules("pair", str(DATA / "equipes-dix.trf"), "--json")
    assert "swisslearn.formats.teams" in modules


# Issue 36: `swisslearn --help` reads neither a tournament nor a trace, and
# the many-file check's libraries (its pool, its progress bar, Dask) are
# loaded by a check of many files only.
VOCABULARY = ("swisslearn.trace", "swisslearn.model", "swisslearn.formats.trf",
              "swisslearn.points", "swisslearn.results")
BATCH = ("swisslearn.batch", "tqdm", "distributed", "dask", "concurrent.futures.process")
# (hashlib: only `cours` digests files; OpenSSL costs 3 ms of every start-up.)


@pytest.mark.parametrize("argv", [["--help"], ["check", "--help"], ["generate", "--help"]])
def test_help_reads_no_tournament_and_no_trace(argv: list[str]) -> None:
    modules = _modules(*argv)
    assert _loaded(modules, VOCABULARY) == []
    assert _loaded(modules, BATCH) == []
    assert _loaded(modules, ("hashlib", "importlib.resources")) == []


def test_every_event_class_has_its_own_docstring() -> None:
    # Else @dataclass computes an inspect.signature at import to make one.
    import ast
    import swisslearn.trace
    tree = ast.parse(Path(swisslearn.trace.__file__).read_text(encoding="utf-8"))
    bare = [node.name for node in tree.body if isinstance(node, ast.ClassDef)
            and ast.get_docstring(node) is None]
    assert bare == []


def test_a_single_check_loads_no_pool_and_no_bar() -> None:
    modules = _modules("check", str(DATA / "club-12-joueurs.trf"), "--json")
    assert "swisslearn.dutch1998.procedure" in modules  # it did check
    assert _loaded(modules, BATCH[1:]) == []


def test_reading_a_file_loads_no_cryptography() -> None:
    # secrets (hmac, OpenSSL) names the temporary file of a write, not a read.
    modules = _modules("pair", str(DATA / "club-12-joueurs.trf"), "--round", "5",
                       "--system", "dutch-2026", "--json")
    assert "swisslearn.fileio" in modules  # the file was read through it
    assert _loaded(modules, ("secrets", "hmac", "hashlib")) == []


# Issue 36, `swisslearn --help` within 2x a bare interpreter's CPU: besides
# what the interpreter itself loads (`python -c pass`), the command line's
# own modules and the standard library a help needs, nothing.  A module
# added here costs every start-up: dataclasses (with inspect) was a fifth of
# `--help`, decimal, shutil (argparse's terminal width) and the parsers of the
# other commands' modules (generate, publish, cours, exam) the rest.
HELP_MODULES = frozenset({
    "swisslearn", "swisslearn.cli", "swisslearn.clihelp", "swisslearn.errors",
    "swisslearn.terminal", "swisslearn.words",
    "argparse", "gettext", "locale", "_locale", "signal", "string", "_string", "textwrap",
    "typing", "_typing", "typing.io", "typing.re", "collections.abc", "errno",
    "json", "json.decoder", "json.encoder", "json.scanner", "_json",
    # pathlib and re with theirs, when the interpreter has not loaded them (an
    # editable install's finder does, at start-up):
    "pathlib", "fnmatch", "ntpath", "urllib", "urllib.parse", "ipaddress", "re", "re._casefix",
    "re._compiler", "re._constants", "re._parser", "enum", "functools", "operator", "keyword",
    "collections", "itertools", "reprlib", "copyreg", "types", "_collections", "_functools",
    "_operator", "_sre", "contextlib",
})


@cache
def _bare_modules() -> frozenset[str]:
    out = subprocess.run([sys.executable, "-c", "import json, sys; print(json.dumps("
                          "sorted(sys.modules)))"], capture_output=True, text=True, check=True)
    return frozenset(json.loads(out.stdout))


@pytest.mark.parametrize("argv", [["--help"], ["--lang", "en", "--help"], ["--version"]])
def test_help_imports_only_the_command_line_and_what_a_help_needs(argv: list[str]) -> None:
    extra = _modules(*argv) - _bare_modules()
    assert sorted(extra - HELP_MODULES) == []
    assert {"dataclasses", "inspect", "decimal", "shutil"}.isdisjoint(extra)


def test_a_command_s_help_loads_its_own_module_only() -> None:
    # `generate --help` declares generate's options: its module, not exam's.
    modules = _modules("generate", "--help")
    assert "swisslearn.generate" in modules
    assert _loaded(modules, ("swisslearn.exam", "swisslearn.course",
                             "swisslearn.publish")) == []


@pytest.mark.parametrize("argv", [
    ["pair", str(DATA / "club-12-joueurs.trf"), "--round", "5", "--system", "dutch-2026"],
    ["pair", str(DATA / "club-12-joueurs.trf"), "--round", "5", "--json"],
    ["check", str(DATA / "club-12-joueurs.trf"), "--json"]])
def test_a_round_loads_no_other_command_s_module(argv: list[str]) -> None:
    # Issue 36: the commands of other modules are only named for a round:
    # neither their modules (generate: random; exam: datetime...) nor shutil.
    assert _loaded(_modules(*argv), ("swisslearn.generate", "swisslearn.course",
                                     "swisslearn.exam", "swisslearn.publish", "shutil",
                                     "random")) == []
