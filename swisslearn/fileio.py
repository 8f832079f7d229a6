"""Reading inputs within bounds, and writing files without ever losing the old one.

:func:`read_input_bytes` reads a regular file of at most
:data:`MAX_INPUT_BYTES`: anything larger is refused before it is read, and a
fifo, a device (``/dev/zero``, ``/dev/urandom``, a terminal), a socket or a
folder is refused without reading from it or waiting on it (the file is
opened non-blocking and checked on the open descriptor, so a name swapped
for a fifo between a check and the opening cannot block either).

:func:`write_atomically` writes to a temporary file in the folder of the
target, flushes it to disk, then puts it in place: a reader sees the old
file or the new one, never half of one, and a writer killed at any point
(even by ``SIGKILL``) leaves the old file intact.  Without ``replace`` the
temporary file is *linked* to the target name, which fails if the name
exists, so two writers racing for an absent name cannot both win: the
loser gets :class:`~swisslearn.errors.UsageError` and the winner's file
stays (on a file system without hard links the target is created with
``O_EXCL`` instead).  With ``replace`` it is renamed over the target
(``os.replace``), which must then be a regular file (or absent): a device,
fifo or socket is never replaced.

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
import stat
from pathlib import Path
from typing import Iterable

from swisslearn.errors import InputError, SystemReason, UsageError, usage

__all__ = ["write_bytes_atomically", "write_atomically", "remove_stale_temporaries",
           "check_output_name", "temporary_name", "TEMPORARY_SUFFIX", "MAX_INPUT_BYTES", "read_input_bytes"]

TEMPORARY_SUFFIX = ".swisslearn-tmp"

MAX_INPUT_BYTES = 16 * 1024 * 1024
"""The largest input read (16 MiB): a TRF of 9,999 players and 99 rounds is
about 11 MB; anything larger is refused at once (exit 3)."""


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, for messages."""
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "other"


# Why a file cannot be opened, for the reasons a user meets: said by the
# catalogue (``input.cannot_read.missing``...), the others by the system.
_SAID = {errno.ENOENT: "missing", errno.EACCES: "permission", errno.EPERM: "permission",
         errno.ENOTDIR: "missing", errno.ELOOP: "loop"}


def read_input_bytes(path: str | Path, error: type[InputError],
                     limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (at most ``limit``), or
    ``error`` (0:0, the whole file) saying why it cannot be read."""
    name = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(name, flags)
    except OSError as failure:
        if failure.errno in _SAID:  # the usual ones, in the language asked
            raise error(file=name, key=f"input.cannot_read.{_SAID[failure.errno]}") from None
        raise error(file=name, key="input.cannot_read",
                    fields={"reason": SystemReason.of(failure)}) from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise error(file=name, key="input.not_regular." + _kind(info.st_mode))
        if info.st_size > limit:
            raise error(file=name, key="input.too_large",
                        fields={"size": info.st_size, "limit": limit})
        chunks = []
        size = 0
        while True:  # the file may grow while it is read: never past the limit
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise error(file=name, key="input.too_large",
                            fields={"size": size, "limit": limit})
        return b"".join(chunks)
    except OSError as failure:
        raise error(file=name, key="input.cannot_read",
                    fields={"reason": SystemReason.of(failure)}) from None
    finally:
        os.close(handle)


def temporary_name(target: Path, pid: int | None = None) -> Path:
    """A fresh temporary path beside ``target`` for process ``pid`` (default: this one)."""
    # secrets (hmac, OpenSSL) is imported by a write only: every command
    # reads its file through this module, few write one.
    import secrets
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


def _is_dir(path: Path) -> bool:
    """``path.is_dir()``, false where the name itself cannot be looked up
    (too long, a link loop): the caller then says the system's reason."""
    try:
        return path.is_dir()
    except (OSError, RuntimeError):
        return False


def _fail(path: Path, error: OSError) -> UsageError:
    if error.errno == errno.EISDIR or _is_dir(path):
        return usage("write.is_folder", path=str(path))
    if error.errno == errno.ENOENT and not _is_dir(path.parent):
        return usage("write.no_folder", path=str(path), folder=str(path.parent))
    return usage("write.cannot", path=str(path), reason=SystemReason.of(error))


def check_output_name(path: str | Path) -> None:
    """A name to write to, refused before any work if it names a folder by
    its form (``new.trf/``: the writer would drop the slash and write
    ``new.trf``)."""
    name = os.fspath(path)
    if name.endswith(("/", os.sep)) or (os.altsep and name.endswith(os.altsep)):
        # A folder that is not there is named, not found: saying it "is a
        # folder" would send the user looking for one.
        key = "write.is_folder_out" if os.path.isdir(name) else "write.names_folder_out"
        raise usage(key, path=name)


def exists_error(path: str | Path) -> UsageError:
    """``path`` exists and ``--force`` was not given."""
    return usage("write.exists", path=str(path))


def write_atomically(path: str | Path, chunks: Iterable[bytes], *, replace: bool = True) -> None:
    """Write the concatenation of ``chunks`` to ``path`` atomically; without
    ``replace``, fail (:class:`UsageError`) if ``path`` exists, even if it
    appears while the file is written."""
    check_output_name(path)
    target = Path(path)
    try:
        if target.is_symlink():
            target = target.resolve(strict=False)
    except (OSError, RuntimeError):  # a link loop (RuntimeError before Python 3.13)
        raise usage("write.cannot", path=str(path),
                    reason=SystemReason(errno.ELOOP, os.strerror(errno.ELOOP))) from None
    try:
        info: os.stat_result | None = os.stat(target)
    except OSError:
        info = None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise _fail(target, IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR)))
        if not replace:
            raise exists_error(target)
        if not stat.S_ISREG(info.st_mode):
            raise usage("write.not_regular." + _kind(info.st_mode), path=str(target))
    remove_stale_temporaries(target)
    mode = stat.S_IMODE(info.st_mode) if info is not None else None
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
        if replace:
            _check_still_regular(target)
            os.replace(temporary, target)
        else:
            _link_without_replacing(temporary, target)
    except BaseException as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise _fail(target, error) from None
        raise
    _sync_folder(target.parent)


def _check_still_regular(target: Path) -> None:
    """Just before the rename: what is there now is a regular file, or nothing."""
    try:
        info = os.lstat(target)
    except OSError:
        return
    if not stat.S_ISREG(info.st_mode):
        raise usage("write.not_regular." + _kind(info.st_mode), path=str(target))


def _link_without_replacing(temporary: Path, target: Path) -> None:
    """Give ``temporary`` the name ``target`` unless ``target`` exists (the
    check and the naming are one system call, so no race can slip between)."""
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise exists_error(target) from None
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV,
                               errno.EMLINK, errno.ENOSYS):
            raise
        _copy_exclusively(temporary, target)  # no hard links here: O_EXCL does it
    os.unlink(temporary)


def _copy_exclusively(temporary: Path, target: Path) -> None:
    try:
        handle = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                         | getattr(os, "O_BINARY", 0), 0o666)
    except FileExistsError:
        raise exists_error(target) from None
    with os.fdopen(handle, "wb") as stream, open(temporary, "rb") as source:
        while chunk := source.read(1 << 20):
            stream.write(chunk)
        stream.flush()
        os.fsync(stream.fileno())


def write_bytes_atomically(path: str | Path, data: bytes, *, replace: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder,
    then put it in place: an interrupted write leaves the old file; without
    ``replace`` an existing ``path`` is never replaced."""
    write_atomically(path, (data,), replace=replace)


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
