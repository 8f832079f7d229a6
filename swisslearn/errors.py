"""The few exceptions swisslearn raises on purpose.

Every one subclasses :class:`ValueError`; input errors carry the place they
point at (file, line, column) so the command line can print
``file:line:col: message`` and exit 3 without a traceback.
"""

from __future__ import annotations


class SwisslearnError(ValueError):
    """Base class of every error swisslearn raises on purpose."""


class InputError(SwisslearnError):
    """A file (or a value read from one) is not what the format expects.

    ``line`` and ``column`` are 1-based; 0 means "the whole file" or "the
    whole line".
    """

    def __init__(self, message: str, *, file: str = "<input>", line: int = 0,
                 column: int = 0, field: str = "") -> None:
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        super().__init__(self.location() + ": " + message)

    def location(self) -> str:
        """``file:line:col`` as compilers print it."""
        return f"{self.file}:{self.line}:{self.column}"

    def __reduce__(self) -> tuple[object, ...]:  # keep pickling (multiprocessing) working
        return (_rebuild_input_error,
                (type(self), self.message, self.file, self.line, self.column, self.field))


def _rebuild_input_error(cls: type[InputError], message: str, file: str, line: int,
                         column: int, field: str) -> InputError:
    return cls(message, file=file, line=line, column=column, field=field)


class TRFError(InputError):
    """A FIDE Tournament Report File is malformed or inconsistent."""


class PlainListError(InputError):
    """A plain list (seed 003's ``Name | points | opponents | colours``) is malformed."""


class PairingError(SwisslearnError):
    """No legal pairing exists for the round (the command line exits 1)."""


class UsageError(SwisslearnError):
    """An argument makes no sense for this tournament (exit 2)."""
