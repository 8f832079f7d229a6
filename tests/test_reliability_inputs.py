"""Bounded inputs (issue 22, 3): a file over the documented limit (16 MiB) is
refused at once with exit 3 and the limit; a device (``/dev/zero``,
``/dev/urandom``), a fifo or a folder is refused without being read or waited
on.  Each case runs through the real command line under a timeout: before,
``/dev/zero`` read until MemoryError and a fifo blocked every command.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT
from swisslearn.cli import EXIT_INPUT
from swisslearn.errors import TRFError
from swisslearn.fileio import MAX_INPUT_BYTES, read_input_bytes

COMMANDS = (["show"], ["pair", "--json"], ["check"], ["trace", "--jsonl"])


def run(*args: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "swisslearn", *args, "--lang", "en"],
                          cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def test_the_limit_is_documented() -> None:
    readme = (ROOT / "docs" / "reliability.md").read_text("utf-8")  # the README's, moved
    assert MAX_INPUT_BYTES == 16 * 1024 * 1024 and "16 MiB" in readme


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    huge = tmp_path / "huge.trf"
    with huge.open("wb") as stream:  # sparse: 2 GB on no disk at all
        stream.truncate(2 * 1024 ** 3)
    for command in COMMANDS:
        started = time.monotonic()
        result = run(command[0], str(huge), *command[1:])
        assert time.monotonic() - started < 15
        assert result.returncode == EXIT_INPUT and result.stdout == ""
        assert result.stderr.startswith(f"{huge}:0:0: the file has 2147483648 bytes, more "
                                        f"than the limit of {MAX_INPUT_BYTES} bytes")


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "small.trf"
    path.write_bytes(b"012 x\n")
    assert read_input_bytes(path, TRFError, limit=10) == b"012 x\n"
    with pytest.raises(TRFError, match="more than the limit of 3 bytes"):
        read_input_bytes(path, TRFError, limit=3)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_is_refused_without_reading_it(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"{device} does not exist here")
    started = time.monotonic()
    result = run("show", device)
    assert time.monotonic() - started < 15
    assert result.returncode == EXIT_INPUT
    assert result.stderr == f"{device}:0:0: is a device: expected a regular file (a device " \
                            "is not read: it may never end)\n"


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.trf"
    os.mkfifo(fifo)
    for command in COMMANDS:
        result = run(command[0], str(fifo), *command[1:], timeout=20)  # no writer, ever
        assert result.returncode == EXIT_INPUT
        assert result.stderr.startswith(f"{fifo}:0:0: is a fifo (a named pipe)")


def test_a_folder_and_a_missing_file_are_refused(tmp_path: Path) -> None:
    result = run("show", str(tmp_path))
    assert result.returncode == EXIT_INPUT
    assert result.stderr.startswith(f"{tmp_path}:0:0: ")
    result = run("show", str(tmp_path / "nowhere.txt"))
    assert result.returncode == EXIT_INPUT
    assert "cannot read the file" in result.stderr


def test_a_plain_list_is_read_within_the_same_bounds(tmp_path: Path) -> None:
    fifo = tmp_path / "list.txt"
    os.mkfifo(fifo)
    result = run("show", str(fifo), timeout=20)
    assert result.returncode == EXIT_INPUT and "is a fifo" in result.stderr
