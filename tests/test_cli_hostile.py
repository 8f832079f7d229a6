"""Issue 33, items 1-3: nothing floods, nothing lies to the terminal, every
output failure is one line and its own exit code.

Each case below was a traceback, a hang, or raw terminal control on the code
before: a round number that made memory grow with it, ``-o`` to a symbolic
link loop or a 300-character name, stdout full or closed, Ctrl-C, a name
holding ESC sequences or U+202E printed raw.  The crafted files are in
``tests/data/cli/`` (``control-names.trf``: player and tournament names with
ESC, BEL, backspace, DEL, C1 CSI, U+202E and U+2028;
``control-team-names.trf``: the same in the team names of ``310``, the
tournament's ``012`` and the ``192`` type code of a team file; ``no-xxr.trf`` and
``xxr9-five-played.trf``: five rounds played, no declared number of rounds or
nine).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import psutil
import pytest

from conftest import DATA, TEST_DATA
from helpers import in_process
from swisslearn.cli import EXIT_INTERRUPTED, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE, main
from swisslearn.formats.trf import read_trf
from swisslearn.terminal import UNSAFE, json_text, safe

CLI = TEST_DATA / "cli"
CLUB = DATA / "club-12-joueurs.trf"
NO_XXR = CLI / "no-xxr.trf"
XXR9 = CLI / "xxr9-five-played.trf"
CONTROL = CLI / "control-names.trf"
CONTROL_TEAMS = CLI / "control-team-names.trf"
ROOT_README = DATA.parent / "README.md"


# What a command says (its words, its escaping, its exit code as main returns
# it) is checked in this process (helpers.in_process, French unless told:
# 16 interpreters took 5 s of CPU; an output path that cannot be written, a
# round far past the file, a hostile name or path are such words, 16 more);
# a new interpreter where the process is what is tested: its streams full or
# closed, Ctrl-C, the terminal's encoding, its own CPU and memory.
def swisslearn(*argv: str | Path, env: dict[str, str] | None = None, timeout: float = 60,
               **options: object) -> subprocess.CompletedProcess[str]:
    """``python -m swisslearn ARGV`` in a child process, French unless told."""
    environment = {k: v for k, v in os.environ.items() if k != "SWISSLEARN_LANG"}
    environment.update(env or {})
    options = {"stdout": subprocess.PIPE, **options}
    ran: subprocess.CompletedProcess[str] = subprocess.run(  # type: ignore[call-overload]
        [sys.executable, "-m", "swisslearn", *map(str, argv)], stderr=subprocess.PIPE,
        text=True, env=environment, timeout=timeout, check=False, **options)
    return ran


def one_line(stderr: str) -> str:
    """The only line of ``stderr`` (and never a traceback)."""
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


# -- 1. rounds bounded by the file ---------------------------------------------------

@pytest.mark.parametrize("command", ["pair", "show", "trace", "why"])
def test_a_round_far_past_the_file_is_refused_at_once(command: str) -> None:
    # The command's own CPU and memory at round 3,000,000: the subprocess of
    # test_club_file_round_3000000_exits_2_in_under_a_second.
    extra = ["1", "2"] if command == "why" else []
    started = time.monotonic()
    ran = in_process(command, NO_XXR, *extra, "--round", "3000000")
    assert time.monotonic() - started < 10  # was minutes and gigabytes
    assert ran.returncode == EXIT_USAGE
    line = one_line(ran.stderr)
    assert "3000000" in line and "les rondes 6 à 2999999 manquent" in line


def test_the_refusal_needs_no_memory_that_grows_with_the_round() -> None:
    # A first refusal outside the measure: the imports and the catalogue it
    # loads once took more than 1 s under tracemalloc on the loaded machine.
    assert main(["pair", str(NO_XXR), "--round", "7"]) == EXIT_USAGE
    for asked in ("3000000", "1999999999"):
        tracemalloc.start()
        started = time.monotonic()
        assert main(["pair", str(NO_XXR), "--round", asked]) == EXIT_USAGE
        elapsed = time.monotonic() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert elapsed < 1 and peak < 20 * 2 ** 20


# The child's own peak memory: VmHWM of its own address space, read as it
# exits. wait4's ru_maxrss would not do: Linux carries the forking parent's
# high-water mark across fork and exec, and a pytest worker holds hundreds
# of MiB (CI once saw 350 MiB for a command that used 20).
_PEAK_AT_EXIT = """
import atexit, runpy, sys
def peak():
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("VmHWM:"))
    sys.stderr.write("PEAK " + line.split()[1] + "\\n")
atexit.register(peak)
sys.argv = ["swisslearn"] + sys.argv[1:]
runpy.run_module("swisslearn", run_name="__main__")
"""


@pytest.mark.skipif(not hasattr(os, "wait4") or not Path("/proc/self/status").exists(),
                    reason="a child's own CPU (wait4) and memory (/proc): Linux")
def test_club_file_round_3000000_exits_2_in_under_a_second() -> None:
    """The issue's own words, as the command: ``swisslearn pair
    data/club-12-joueurs.trf --round 3000000`` exits 2 in under a second of
    CPU (the clock of a machine at load 10 would measure the others' work),
    in bounded memory (this child's own peak)."""
    child = subprocess.Popen([sys.executable, "-c", _PEAK_AT_EXIT, "pair", str(CLUB),
                              "--round", "3000000"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert child.stderr is not None
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    assert child.returncode == EXIT_USAGE, err
    assert usage.ru_utime + usage.ru_stime < 1, usage
    peak = re.search(r"^PEAK (\d+)$", err, re.MULTILINE)
    assert peak is not None, err
    assert int(peak[1]) * 1024 < 100 * 2 ** 20, err    # KiB; was gigabytes


def test_missing_rounds_are_named_and_nothing_is_written(tmp_path: Path) -> None:
    out = tmp_path / "round-8.trf"
    ran = in_process("pair", XXR9, "--round", "8", "-o", out, "--lang", "en")
    assert ran.returncode == EXIT_USAGE
    assert "rounds 6 to 7 are not in the file (pair round 6 first)" in one_line(ran.stderr)
    assert not out.exists()
    ran = in_process("pair", XXR9, "--round", "7")
    assert "la ronde 6 manque dans le fichier" in one_line(ran.stderr)


def test_the_next_round_is_paired_where_xxr_says_there_is_one() -> None:
    ran = in_process("pair", XXR9)
    assert ran.returncode == EXIT_OK, ran.stderr
    assert "ronde 6" in ran.stdout.splitlines()[0]


@pytest.mark.parametrize("argv", [["pair", str(CLUB), "--round", "٦"],
                                  ["show", str(CLUB), "--round", "６"],
                                  ["why", str(CLUB), "١", "2"],
                                  ["tables", "٤٣"],
                                  ["generate", "--players", "٣", "--rounds", "3", "--seed",
                                   "1", "-o", "never-written.trf"]])
def test_non_ascii_digits_are_refused_as_the_readers_refuse_them(argv: list[str]) -> None:
    ran = in_process(*argv)
    assert ran.returncode == EXIT_USAGE
    assert "un nombre est attendu" in ran.stderr and "Traceback" not in ran.stderr


# -- 3. output failures: one line, their own exit code -------------------------------------

def test_output_to_a_symbolic_link_loop(tmp_path: Path) -> None:
    loop = tmp_path / "loop.trf"
    loop.symlink_to(loop.name)
    ran = in_process("pair", XXR9, "-o", loop)
    assert ran.returncode == EXIT_OUTPUT
    assert "trop de liens symboliques" in one_line(ran.stderr)


def test_output_to_a_name_too_long(tmp_path: Path) -> None:
    long = tmp_path / ("n" * 300 + ".trf")
    ran = in_process("pair", XXR9, "-o", long, "--lang", "en")
    assert ran.returncode == EXIT_OUTPUT
    assert "the name is too long" in one_line(ran.stderr)
    ran = in_process("convert", XXR9, "-o", long)
    assert ran.returncode == EXIT_OUTPUT and "le nom est trop long" in one_line(ran.stderr)


def test_output_named_as_a_folder_writes_nothing(tmp_path: Path) -> None:
    ran = in_process("pair", XXR9, "-o", f"{tmp_path}/new.trf/")
    assert ran.returncode == EXIT_OUTPUT
    # Named a folder by its final slash, not said to be one: there is none.
    assert one_line(ran.stderr).endswith(
        "new.trf/ désigne un dossier (le nom finit par /) : un nom de fichier est attendu "
        "pour la sortie")
    assert list(tmp_path.iterdir()) == []
    ran = in_process("pair", XXR9, "-o", f"{tmp_path}/", "--lang", "en")
    assert ran.returncode == EXIT_OUTPUT
    assert one_line(ran.stderr).endswith("/ is a folder: expected a file name for the output")



def test_an_output_folder_that_cannot_be_made_names_itself(tmp_path: Path) -> None:
    """``exam new -o`` and ``publish -o`` write folders: a failure the writers
    do not name was « impossible d'écrire : File exists », in English and
    without the path."""
    loop = tmp_path / "loop"
    loop.symlink_to(loop.name)
    ran = in_process("exam", "new", "--level", "3", "--seed", "7", "-o", loop)
    assert ran.returncode == EXIT_OUTPUT
    assert one_line(ran.stderr) == (f"swisslearn : {loop} : impossible d'écrire : un fichier "
                                    "ou un dossier de ce nom existe déjà")
    plain = tmp_path / "plain.txt"
    plain.write_text("")
    ran = in_process("exam", "new", "--level", "3", "--seed", "7", "-o", plain / "sub",
                     "--lang", "en")
    assert ran.returncode == EXIT_OUTPUT
    assert one_line(ran.stderr) == (f"swisslearn: {plain / 'sub'}: cannot write: a part of "
                                    "the path is not a folder")
    long = tmp_path / ("n" * 300)
    ran = in_process("publish", CLUB, "--round", "5", "-o", long)
    assert ran.returncode == EXIT_OUTPUT
    assert one_line(ran.stderr) == (f"swisslearn : {long} : impossible d'écrire : "
                                    "le nom est trop long")

@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("argv", [["show", str(CLUB)], ["pair", str(XXR9), "--json"],
                                  ["tables", "8"], ["--help"]])
def test_stdout_full(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        ran = swisslearn(*argv, stdout=full)
    assert ran.returncode == EXIT_OUTPUT
    assert one_line(ran.stderr) == ("swisslearn : impossible d'écrire sur la sortie standard : "
                                    "plus de place sur le périphérique")


def _closed_stdout(*argv: str | Path) -> subprocess.CompletedProcess[str]:
    """The command started with its stdout closed (``>&-``)."""
    return subprocess.run(["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m",
                           "swisslearn", *map(str, argv)], stderr=subprocess.PIPE,
                          text=True, check=False, timeout=60)


def test_stdout_closed(tmp_path: Path) -> None:
    ran = _closed_stdout("show", CLUB, "--lang", "en")
    assert ran.returncode == EXIT_OUTPUT
    assert one_line(ran.stderr) == "swisslearn: cannot write to standard output: it is closed"
    out = tmp_path / "club.txt"  # a command that prints nothing needs no stdout
    ran = _closed_stdout("convert", CLUB, "-o", out)
    assert ran.returncode == EXIT_OK and out.exists()


def test_a_pipe_closed_by_its_reader_is_no_failure() -> None:
    reader = subprocess.Popen([sys.executable, "-m", "swisslearn", "tables", "20"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.readline()
    reader.stdout.close()
    assert reader.wait(timeout=60) == EXIT_OK
    assert reader.stderr.read() == b""


def test_ctrl_c_during_a_long_command(tmp_path: Path) -> None:
    out = tmp_path / "big.trf"
    child = subprocess.Popen([sys.executable, "-m", "swisslearn", "generate", "--players",
                              "3000", "--rounds", "9", "--seed", "1", "-o", str(out)],
                             stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "SWISSLEARN_LANG": "fr"})
    # Past the imports, in the pairing: wait for the child's own CPU time, not
    # the clock, so that a loaded machine (make test's two workers and more)
    # cannot send the signal mid-import.  Only the import of swisslearn.cli
    # comes before cli.entry handles SIGINT (0.02 s of CPU; a whole generate
    # of 4 players, 0.2 s, without bytecode): 0.6 s is well past both (it was
    # 1.5 s, a second of the child's pairing for nothing).
    process = psutil.Process(child.pid)
    deadline = time.monotonic() + 120
    while sum(process.cpu_times()[:2]) < 0.6 and time.monotonic() < deadline:
        time.sleep(0.1)
    child.send_signal(signal.SIGINT)
    _, stderr = child.communicate(timeout=60)
    # 130 itself, not death by SIGINT (-2): cli.entry ends the process so.
    assert child.returncode == EXIT_INTERRUPTED, stderr[-2000:]
    assert one_line(stderr) == "swisslearn : interrompu (Ctrl-C)"
    assert not out.exists()


@pytest.mark.parametrize("encoding", ["cp1252", "ascii", "latin-1"])
def test_what_the_terminal_cannot_encode_is_replaced(encoding: str) -> None:
    env = {"PYTHONIOENCODING": encoding}
    ran = swisslearn("show", CLUB, env=env, encoding=encoding)
    assert ran.returncode == EXIT_OK, ran.stderr
    assert ran.stderr == "" and "Tournoi al" in ran.stdout
    ran = swisslearn("show", CONTROL, env=env, encoding=encoding)
    assert ran.returncode == EXIT_OK, ran.stderr
    ran = swisslearn("pair", CLUB, env=env, encoding=encoding)  # the error's accents
    assert ran.returncode == EXIT_USAGE and "Traceback" not in ran.stderr


# -- 2. what came from a file or a path is safe for a terminal ------------------------------

def _assert_safe(text: str) -> None:
    assert UNSAFE.search(text) is None, [c for c in text if UNSAFE.match(c)]


@pytest.mark.parametrize("argv", [["show"], ["pair", "--round", "5"],
                                  ["pair", "--round", "5", "--explain"],
                                  ["why", "1", "3"], ["check"], ["trace", "--round", "5"]])
def test_names_are_shown_escaped(argv: list[str]) -> None:
    command, *rest = argv
    ran = in_process(command, CONTROL, *rest)
    assert ran.returncode in (EXIT_OK, 1), ran.stderr
    _assert_safe(ran.stdout)
    _assert_safe(ran.stderr)
    if command in ("show", "pair"):
        assert "\\x1b]0;title\\x07" in ran.stdout  # the tournament's name, escaped
    if command == "show":
        for shown in ("\\x1b[2J\\x1b]0;pwned\\x07Eve", "Bob\\x08\\x08\\x08Ann", "\\x9b31mRed",
                      "\\u202eevil\\u202c Ida", "Li\\u2028ne Two", "Tab\\x7fDel"):
            assert shown in ran.stdout


@pytest.mark.parametrize("argv", [["show"], ["pair"], ["pair", "--explain"]])
def test_team_names_and_the_type_code_are_shown_escaped(argv: list[str]) -> None:
    """A team file's names (``310``), its ``012`` and its ``192`` (which
    ``show`` and ``pair`` quote when they name the system) were printed raw."""
    command, *rest = argv
    ran = in_process(command, CONTROL_TEAMS, *rest)
    assert ran.returncode == EXIT_OK, ran.stderr
    _assert_safe(ran.stdout)
    _assert_safe(ran.stderr)
    for shown in ("Dix \\x1b]0;title\\x07équipes", "A\\x1b[31m1\\u202e", "B\\u2028\\x7f1",
                  "C\\x9b2J\\x08\\x08", "192 FIDE_TEAM_TYPEA_MP_GP\\x1b[2J\\u202e"):
        assert shown in ran.stdout, shown


def test_json_keeps_the_exact_strings() -> None:
    names = {p.id: p.name for p in read_trf(CONTROL).tournament.players}
    assert "\x1b" in names[1] and "\u202e" in names[4]
    ran = in_process("show", CONTROL, "--json")
    assert ran.returncode == EXIT_OK
    _assert_safe(ran.stdout)
    shown = {p["id"]: p["name"] for p in json.loads(ran.stdout)["players"]}
    assert shown == names
    ran = in_process("trace", CONTROL, "--round", "5", "--jsonl")
    _assert_safe(ran.stdout)
    assert all(json.loads(line) for line in ran.stdout.splitlines())


def test_a_path_holding_control_characters_is_shown_escaped(tmp_path: Path) -> None:
    hostile = tmp_path / "a\x1b[2Jb\u202e.trf"
    shutil.copy(CLUB, hostile)
    ran = in_process("show", hostile, "--round", "9")
    assert ran.returncode == EXIT_USAGE
    assert "a\\x1b[2Jb\\u202e.trf" in one_line(ran.stderr)
    missing = tmp_path / "gone\x07.trf"
    ran = in_process("pair", missing)
    assert "gone\\x07.trf" in one_line(ran.stderr)
    _assert_safe(ran.stderr)


def test_safe_and_json_text() -> None:
    assert safe("a\tb\nc\x1b[0m\x9b\u202e\u2028") == "a\tb\nc\\x1b[0m\\x9b\\u202e\\u2028"
    assert safe("Élodie Müller ½") == "Élodie Müller ½"
    data = {"name": "x\x1b\u202e\u2028y"}
    text = json_text(data, ensure_ascii=False)
    _assert_safe(text)
    assert json.loads(text) == data


def test_stderr_closed_still_gives_the_exit_code() -> None:
    for argv, code in ((["show", ROOT_README], 3), (["pair", CLUB], EXIT_USAGE),
                       (["show", CLUB], EXIT_OK)):
        ran = subprocess.run(["sh", "-c", 'exec "$@" 2>&-', "sh", sys.executable, "-m",
                              "swisslearn", *map(str, argv)], stdout=subprocess.DEVNULL,
                             check=False, timeout=60)
        assert ran.returncode == code, argv


def test_ctrl_c_turned_into_another_error_is_still_ctrl_c(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # What CI met once: SIGINT while scipy imported HiGHS, which ends its
    # module initialisation with "ImportError: initialization failed" raised
    # from the KeyboardInterrupt: a traceback and exit 1 instead of 130.
    def import_interrupted(*args: object) -> int:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as interrupt:
            raise ImportError("initialization failed") from interrupt

    monkeypatch.setenv("SWISSLEARN_LANG", "fr")
    monkeypatch.setattr("swisslearn.cli._command", import_interrupted)
    assert main(["show", str(CLUB)]) == EXIT_INTERRUPTED
    assert one_line(capsys.readouterr().err) == "swisslearn : interrompu (Ctrl-C)"


def test_an_error_of_ours_without_ctrl_c_is_not_called_ctrl_c(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> int:
        raise ImportError("initialization failed")

    monkeypatch.setattr("swisslearn.cli._command", broken)
    with pytest.raises(ImportError):
        main(["show", str(CLUB)])
