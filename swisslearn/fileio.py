"""Writing files without ever losing the old one.

:func:`write_atomically` writes to a temporary file in the folder of the
target, flushes it to disk, then renames it over the target (``os.replace``,
atomic on POSIX and Windows): a reader sees the old file or the new one,
never half of one, and a writer killed at any point (even by ``SIGKILL``)
leaves the old file intact.

Temporary files are hidden and named after their target and the writing
process: ``.NAME.PID.TOKEN.swisslearn-tmp``.  A writer stopped by ``SIGKILL``
(or a power cut) cannot remove its own; the next write to the same target
removes those whose process is gone (:func:`remove_stale_temporaries`).

The new file gets the permissions of the file it replaces, or the usual
ones (``0o666`` less the umask) for a new file; a symbolic link target is
written through (the link stays a link).  A write that cannot be done
(missing folder, a folder named like the file, no permission) raises
:class:`~swisslearn.errors.UsageError` naming the file: the command line
exits 2 with that message, never a traceback.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path
from typing import Iterable

from swisslearn.errors import UsageError

__all__ = ["write_bytes_atomically", "write_atomically", "remove_stale_temporaries",
           "temporary_name", "TEMPORARY_SUFFIX"]

TEMPORARY_SUFFIX = ".swisslearn-tmp"


def temporary_name(target: Path, pid: int | None = None) -> Path:
    """A fresh temporary path beside ``target`` for process ``pid`` (default: this one)."""
    pid = os.getpid() if pid is None else pid
    return target.with_name(f".{target.name}.{pid}.{secrets.token_hex(4)}{TEMPORARY_SUFFIX}")


def _process_gone(pid: int) -> bool:
    if pid <= 0:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # PermissionError: the process exists (another user's)
        return False
    return False


def remove_stale_temporaries(target: Path) -> list[Path]:
    """Remove the temporary files left beside ``target`` by writers that are
    gone (killed before they could rename or remove them); return them."""
    folder = target.parent
    prefix = f".{target.name}."
    removed: list[Path] = []
    try:
        names = os.listdir(folder if str(folder) else ".")
    except OSError:
        return removed
    for name in names:
        if not (name.startswith(prefix) and name.endswith(TEMPORARY_SUFFIX)):
            continue
        middle = name[len(prefix):-len(TEMPORARY_SUFFIX)]
        pid_text, _, token = middle.partition(".")
        if not (pid_text.isascii() and pid_text.isdigit() and token):
            continue
        pid = int(pid_text)
        if pid == os.getpid() or not _process_gone(pid):
            continue  # ours (a write in progress in another thread) or still running
        path = folder / name
        try:
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


def _fail(path: Path, error: OSError) -> UsageError:
    reason = error.strerror or str(error)
    if error.errno == errno.EISDIR or path.is_dir():
        reason = "it is a folder"
    elif error.errno == errno.ENOENT and not path.parent.is_dir():
        reason = f"the folder {path.parent} does not exist"
    return UsageError(f"{path}: cannot write the file: {reason}: expected a file path in an "
                      "existing folder that can be written")


def write_atomically(path: str | Path, chunks: Iterable[bytes]) -> None:
    """Write the concatenation of ``chunks`` to ``path`` atomically."""
    target = Path(path)
    if target.is_symlink():
        target = target.resolve()
    if target.is_dir():
        raise _fail(target, IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR)))
    remove_stale_temporaries(target)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = None
    temporary = temporary_name(target)
    try:
        # 0o666 less the umask, as open() would give a new file (mkstemp gives 0o600).
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                         | getattr(os, "O_BINARY", 0), 0o666)
    except OSError as error:
        raise _fail(target, error) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            for chunk in chunks:
                stream.write(chunk)
            stream.flush()
            os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise _fail(target, error) from None
        raise
    _sync_folder(target.parent)


def write_bytes_atomically(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder,
    then rename it over ``path``: an interrupted write leaves the old file."""
    write_atomically(path, (data,))


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; a no-op where folders cannot be opened)."""
    try:
        handle = os.open(folder if str(folder) else ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
