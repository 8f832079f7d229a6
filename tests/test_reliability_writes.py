"""Nothing lost (issue 10): no command writes over its input, ``-o`` to an
existing file needs ``--force``, every write is atomic (a temporary file
renamed over the target), a writer killed with SIGKILL leaves the old file
whole, and its hidden temporary file is removed by the next write.
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

from conftest import ROOT, TEST_DATA
from swisslearn.cli import EXIT_OK, EXIT_USAGE, main
from swisslearn.errors import UsageError
from swisslearn.fileio import (TEMPORARY_SUFFIX, remove_stale_temporaries, temporary_name,
                               write_atomically, write_bytes_atomically)

GOOD = TEST_DATA / "good" / "trf16-full.trf"
OLD = b"the old file, which must survive\n" * 100


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(TEMPORARY_SUFFIX))


def _input(tmp_path: Path) -> Path:
    path = tmp_path / "in.trf"
    path.write_bytes(GOOD.read_bytes())
    return path


# -- the command line -------------------------------------------------------------------


@pytest.mark.parametrize("output", ["in.trf", "./in.trf", "../{dir}/in.trf", "link.trf",
                                    "hard.trf"])
def test_convert_never_writes_over_its_input(output: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    source = _input(tmp_path)
    (tmp_path / "link.trf").symlink_to("in.trf")
    os.link(source, tmp_path / "hard.trf")
    before = source.read_bytes()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        code = main(["convert", "in.trf", "-o", output.format(dir=tmp_path.name), "--force"])
    finally:
        os.chdir(cwd)
    assert code == EXIT_USAGE
    assert "will not write over the input file" in capsys.readouterr().err
    assert source.read_bytes() == before and (tmp_path / "link.trf").is_symlink()


@pytest.mark.parametrize("command", [
    ["convert", "{input}", "-o", "{out}"],
    ["generate", "--players", "6", "--rounds", "2", "--seed", "1", "-o", "{out}"],
])
def test_an_existing_output_needs_force(command: list[str], tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    source = _input(tmp_path)
    out = tmp_path / "out.trf"
    out.write_bytes(OLD)
    args = [a.format(input=source, out=out) for a in command]
    assert main(args) == EXIT_USAGE
    assert "--force" in capsys.readouterr().err
    assert out.read_bytes() == OLD
    assert main(args + ["--force"]) == EXIT_OK
    assert out.read_bytes() != OLD and _leftovers(tmp_path) == []


@pytest.mark.parametrize("output, message", [
    ("{tmp}", "is a folder"),
    ("{tmp}/missing/out.trf", "does not exist"),
])
def test_an_output_that_cannot_be_written_is_a_usage_error(
        output: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _input(tmp_path)
    assert main(["convert", str(source), "-o", output.format(tmp=tmp_path), "--force"]) \
        == EXIT_USAGE
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_written_file_has_the_usual_permissions(tmp_path: Path) -> None:
    """Not 0o600 (what a bare mkstemp gives): a new file follows the umask, a
    replaced file keeps its mode."""
    source = _input(tmp_path)
    mask = os.umask(0o022)
    try:
        assert main(["convert", str(source), "-o", str(tmp_path / "new.trf")]) == EXIT_OK
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.trf").stat().st_mode) == 0o644
    kept = tmp_path / "kept.trf"
    kept.write_bytes(OLD)
    kept.chmod(0o640)
    assert main(["convert", str(source), "-o", str(kept), "--force"]) == EXIT_OK
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640


def test_writing_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.trf"
    real.write_bytes(OLD)
    link = tmp_path / "link.trf"
    link.symlink_to(real.name)
    write_bytes_atomically(link, b"new\n")
    assert link.is_symlink() and real.read_bytes() == b"new\n"


# -- the writer -------------------------------------------------------------------------


def test_an_error_in_the_middle_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "out.trf"
    target.write_bytes(OLD)

    def chunks() -> Iterator[bytes]:
        yield b"half of the new "
        raise RuntimeError("the document could not be finished")

    with pytest.raises(RuntimeError):
        write_atomically(target, chunks())
    assert target.read_bytes() == OLD and _leftovers(tmp_path) == []


def test_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="does not exist"):
        write_bytes_atomically(tmp_path / "nowhere" / "out.trf", b"x")


_SLOW_WRITER = """
import sys, time
sys.path.insert(0, sys.argv[2])
from swisslearn.fileio import write_atomically

def chunks():
    for i in range(10_000):
        yield (b"%06d new line of a big document\\n" % i) * 50
        if i == 5:
            print("writing", flush=True)
        time.sleep(0.01)

write_atomically(sys.argv[1], chunks())
"""


def _killed_writer(target: Path) -> int:
    """Start a slow writer on ``target``, SIGKILL it mid-write; its pid."""
    writer = subprocess.Popen([sys.executable, "-c", _SLOW_WRITER, str(target), str(ROOT)],
                              stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None
    assert writer.stdout.readline().strip() == "writing"
    deadline = time.monotonic() + 10
    while not _leftovers(target.parent) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert _leftovers(target.parent), "the writer has no temporary file"
    writer.send_signal(signal.SIGKILL)
    assert writer.wait(timeout=10) == -signal.SIGKILL
    writer.stdout.close()
    return writer.pid


def test_sigkill_mid_write_leaves_the_old_file_and_the_next_write_cleans_up(
        tmp_path: Path) -> None:
    target = tmp_path / "big.trf"
    target.write_bytes(OLD)
    pid = _killed_writer(target)
    assert target.read_bytes() == OLD  # the old file, whole
    left = _leftovers(tmp_path)
    # What SIGKILL leaves: one hidden file, named after the target and the writer.
    assert len(left) == 1 and left[0].startswith(f".big.trf.{pid}.")
    assert (tmp_path / left[0]).stat().st_size > 0
    write_bytes_atomically(target, b"the next write\n")
    assert target.read_bytes() == b"the next write\n"
    assert _leftovers(tmp_path) == []  # removed: its writer is gone


def test_a_live_writers_temporary_file_is_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "out.trf"
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        busy = temporary_name(target, sleeper.pid)
        busy.write_bytes(b"another writer, still at work")
        gone = temporary_name(target, 2 ** 22 + 12345)  # above pid_max: no such process
        gone.write_bytes(b"a writer that was killed")
        other = temporary_name(tmp_path / "other.trf", 2 ** 22 + 12345)
        other.write_bytes(b"another target's")
        assert remove_stale_temporaries(target) == [gone]
        assert busy.exists() and other.exists() and not gone.exists()
    finally:
        sleeper.kill()
        sleeper.wait()


def test_sigkill_of_the_command_line_at_random_moments(tmp_path: Path) -> None:
    """``convert --force`` killed at several moments: the output is the old
    file or the whole new one, never a part; no visible file appears."""
    source = tmp_path / "in.trf"
    lines = GOOD.read_bytes().splitlines(keepends=True)
    source.write_bytes(b"".join(lines) + b"".join(b"### padding %06d\n" % i
                                                   for i in range(200_000)))
    out = tmp_path / "out.trf"
    new = source.read_bytes()
    for delay in (0.05, 0.3, 0.6, 0.9, 1.2):
        out.write_bytes(OLD)
        run = subprocess.Popen([sys.executable, "-m", "swisslearn", "convert", str(source),
                                "-o", str(out), "--force"], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        run.send_signal(signal.SIGKILL)
        run.wait(timeout=30)
        assert out.read_bytes() in (OLD, new), f"killed after {delay} s: a partial file"
        visible = sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("."))
        assert visible == ["in.trf", "out.trf"]
    write_bytes_atomically(out, new)
    assert _leftovers(tmp_path) == []


# -- races and --force (issue 22, 4) ----------------------------------------------------


def test_racing_writers_never_replace_each_other(tmp_path: Path) -> None:
    """Two writers of an absent name both passed the existence check and one
    silently replaced the other: now the name is taken by one system call."""
    import threading
    target = tmp_path / "out.trf"
    ready = threading.Barrier(4)
    outcomes: dict[int, str] = {}

    def writer(index: int) -> None:
        def chunks() -> Iterator[bytes]:
            ready.wait()  # every writer is past its checks, its temporary open
            yield b"writer %d\n" % index
        try:
            write_atomically(target, chunks(), replace=False)
            outcomes[index] = "wrote"
        except UsageError as error:
            outcomes[index] = str(error)

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    winners = [i for i, outcome in outcomes.items() if outcome == "wrote"]
    assert len(winners) == 1, outcomes
    assert target.read_bytes() == b"writer %d\n" % winners[0]
    assert all("exists: use --force" in o for i, o in outcomes.items() if i != winners[0])
    assert _leftovers(tmp_path) == []


def test_two_pair_commands_racing_for_one_output(tmp_path: Path) -> None:
    source = ROOT / "data" / "chysteme-36-joueurs.trf"
    for attempt in range(3):
        out = tmp_path / f"r1-{attempt}.trf"
        runs = [subprocess.Popen([sys.executable, "-m", "swisslearn", "pair", str(source),
                                  "-o", str(out), "--lang", "en"], cwd=ROOT,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                for _ in range(2)]
        codes = sorted(run.wait(timeout=120) for run in runs)
        errors = "".join(run.stderr.read() for run in runs if run.stderr)
        assert codes == [EXIT_OK, EXIT_USAGE], errors
        assert "exists: use --force" in errors
        assert out.read_bytes().count(b"\n001 ") == 36  # one whole file, not a mix


@pytest.mark.parametrize("kind", ["fifo", "socket", "folder"])
def test_force_replaces_only_a_regular_file(kind: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """-o /dev/null --force (as root) replaced /dev/null by a regular file."""
    import socket
    target = tmp_path / "target"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(target))
    else:
        target.mkdir()
    source = _input(tmp_path)
    assert main(["convert", str(source), "-o", str(target), "--force"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert f"is a {kind}" in err and "Traceback" not in err
    mode = os.lstat(target).st_mode
    assert {"fifo": stat.S_ISFIFO, "socket": stat.S_ISSOCK, "folder": stat.S_ISDIR}[kind](mode)
    with pytest.raises(UsageError, match="replaces only a regular file|is a folder"):
        write_bytes_atomically(target, b"x", replace=True)
    assert _leftovers(tmp_path) == []


def test_without_hard_links_the_name_is_still_taken_exclusively(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    def no_links(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EPERM, "hard links not supported here")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "out.trf"
    write_bytes_atomically(target, b"first\n", replace=False)
    with pytest.raises(UsageError, match="exists: use --force"):
        write_bytes_atomically(target, b"second\n", replace=False)
    assert target.read_bytes() == b"first\n" and _leftovers(tmp_path) == []
