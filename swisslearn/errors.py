"""The few exceptions swisslearn raises on purpose, and the problems a reader finds.

Every exception subclasses :class:`ValueError`; input errors carry the place
they point at (file, line, column) so the command line can print
``file:line:col: message`` and exit 3 without a traceback.

Messages live in the catalogue (``swisslearn/explain/en.cli.json`` and
``fr.cli.json``): an error made with a ``key`` is written in English by
:attr:`InputError.message` and in any language by :meth:`InputError.render`.
An error made with a plain message (other modules, older code) keeps it, in
every language.

A reader does not stop at the first problem: it collects them in a
:class:`Report` and raises one :class:`InputError` whose ``problems`` lists
them all (errors and warnings, in line order; at most :data:`MAX_KEPT` of
each, ``omitted`` counts the rest).  An *error* makes the file ambiguous
(it is refused); a *warning* is an inconsistency the reader resolves
(the results win over a points column) and reports.
"""

from __future__ import annotations

import errno
import sys
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from swisslearn.words import catalogue

# The three fields of a message below are NamedTuples, not frozen dataclasses:
# the command line imports this module for every command, `swisslearn --help`
# too, and dataclasses (with inspect) was a fifth of its start-up (issue 36).

MAX_KEPT = 10_000
"""Problems of each kind a report keeps; the others are only counted."""

MAX_SHOWN = 50
"""Problems the command line prints for one file before "... and N more"."""


class Count(NamedTuple):
    """A number and the thing it counts (``Count(2, "game")``), said in each
    language as the catalogue's ``count.game.one`` or ``count.game.many``:
    "1 game", "2 games"; « 1 partie », « 2 parties » (French: 0 is singular)."""

    n: int
    noun: str

    def said(self, lang: str) -> str:
        plural = self.n > 1 if lang == "fr" else self.n != 1
        return _text(lang, f"count.{self.noun}.{'many' if plural else 'one'}", {"n": self.n})


class Reason(NamedTuple):
    """A part of a message that is itself a catalogue message (``key`` and
    its ``fields``), said in the language of the message around it."""

    key: str
    fields: Mapping[str, object]

    def said(self, lang: str) -> str:
        return _text(lang, self.key, self.fields)


class SystemReason(NamedTuple):
    """Why the system refused a file operation (an ``OSError``): the
    catalogue's ``os.reason.ENAME`` in the language asked when it has one,
    else the system's own words."""

    code: int
    text: str

    @classmethod
    def of(cls, failure: BaseException) -> SystemReason:
        if isinstance(failure, OSError):
            return cls(failure.errno or 0, failure.strerror or str(failure))
        return cls(errno.ELOOP, str(failure))  # pathlib's RuntimeError: a symbolic-link loop

    def said(self, lang: str) -> str:
        key = f"os.reason.{errno.errorcode.get(self.code, '')}"
        words = catalogue(lang)
        return words.text(key) if key in words else self.text

    def __str__(self) -> str:
        return self.said("en")


def _value(lang: str, value: object) -> object:
    """A field as the language writes it: a nested message said, a decimal
    number with the language's separator (« 4,5 points » in French)."""
    if isinstance(value, (Count, Reason, SystemReason)):
        return value.said(lang)
    if isinstance(value, float) or _is_decimal(value):
        return str(value).replace(".", catalogue(lang).text("fmt.decimal_sep"))
    return value


def _is_decimal(value: object) -> bool:
    """Whether ``value`` is a Decimal, without importing decimal (a score is
    one only where the model, which imports it, is loaded)."""
    decimal = sys.modules.get("decimal")
    return decimal is not None and isinstance(value, decimal.Decimal)


def _text(lang: str, key: str, fields: Mapping[str, object]) -> str:
    said = {name: _value(lang, value) for name, value in fields.items()}
    return catalogue(lang).text(key, **said)


class SwisslearnError(ValueError):
    """Base class of every error swisslearn raises on purpose.

    ``key`` and ``fields`` (optional) name the catalogue message that says
    it in each language; :meth:`render` gives it, else ``str(self)``.
    """

    key: str = ""
    fields: Mapping[str, object] = {}

    def render(self, lang: str = "en") -> str:
        """The message in ``lang`` (English when it has no catalogue key)."""
        if self.key:
            return _text(lang, self.key, self.fields)
        return str(self)


class InputError(SwisslearnError):
    """A file (or a value read from one) is not what the format expects.

    ``line`` and ``column`` are 1-based; 0 means "the whole file" or "the
    whole line".  ``key``/``fields`` name the catalogue message (then
    ``message`` is its English text); ``warning`` marks an inconsistency
    that does not stop the reading.  ``problems`` (on the error a reader
    raises) lists every problem it found, this one first among the errors;
    ``omitted`` how many more it found and did not keep.
    """

    def __init__(self, message: str = "", *, file: str = "<input>", line: int = 0,
                 column: int = 0, field: str = "", key: str = "",
                 fields: Mapping[str, object] | None = None, warning: bool = False,
                 problems: Sequence[InputError] = (), omitted: int = 0) -> None:
        self._message = message
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.key = key
        self.fields = dict(fields or {})
        self.warning = warning
        self.problems: tuple[InputError, ...] = tuple(problems) or (self,)
        self.omitted = omitted
        super().__init__(key or message)

    @property
    def message(self) -> str:
        """The message in English."""
        return self.render("en")

    def render(self, lang: str = "en") -> str:
        if self.key:
            return _text(lang, self.key, self.fields)
        return self._message

    def location(self) -> str:
        """``file:line:col`` as compilers print it."""
        return f"{self.file}:{self.line}:{self.column}"

    def line_text(self, lang: str = "en") -> str:
        """``file:line:col: message`` (``warning:`` before a warning's message)."""
        prefix = _text(lang, "cli.warning_prefix", {}) if self.warning else ""
        return f"{self.location()}: {prefix}{self.render(lang)}"

    def __str__(self) -> str:
        return f"{self.location()}: {self.message}"

    def __reduce__(self) -> tuple[object, ...]:  # keep pickling (multiprocessing) working
        return (_rebuild_input_error,
                (type(self), self._message, self.file, self.line, self.column, self.field,
                 self.key, self.fields, self.warning))


def _rebuild_input_error(cls: type[InputError], message: str, file: str, line: int,
                         column: int, field: str, key: str = "",
                         fields: Mapping[str, object] | None = None,
                         warning: bool = False) -> InputError:
    return cls(message, file=file, line=line, column=column, field=field, key=key,
               fields=fields, warning=warning)


class TRFError(InputError):
    """A FIDE Tournament Report File is malformed or inconsistent."""


class PlainListError(InputError):
    """A plain list (seed 003's ``Name | points | opponents | colours``) is malformed."""


class PairingError(SwisslearnError):
    """No legal pairing exists for the round (the command line exits 1)."""

    reason = ""  # the pairing.reason.* of :func:`no_pairing`, said in the language asked

    def __init__(self, message: str, *, key: str = "",
                 fields: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.fields = dict(fields or {})

    def render(self, lang: str = "en") -> str:
        if self.key and self.reason:
            fields = {**self.fields,
                      "reason": _text(lang, f"pairing.reason.{self.reason}", self.fields)}
            return _text(lang, self.key, fields)
        return super().render(lang)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_keyed, (type(self), str(self), self.key, self.fields))


class UsageError(SwisslearnError):
    """An argument makes no sense for this tournament (exit 2)."""

    def __init__(self, message: str = "", *, key: str = "",
                 fields: Mapping[str, object] | None = None) -> None:
        self.key = key
        self.fields = dict(fields or {})
        super().__init__(_text("en", key, self.fields) if key else message)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_keyed, (type(self), str(self), self.key, self.fields))


def _rebuild_keyed(cls: type[PairingError] | type[UsageError], message: str, key: str,
                   fields: Mapping[str, object]) -> SwisslearnError:
    return cls(message, key=key, fields=fields)


def no_pairing(source: str, round: int, system: str, players: Sequence[int],
               reason: str) -> PairingError:
    """"Round R cannot be paired under S": one player ("player 7 cannot be
    paired ...") or several ("players 5, 7 cannot all be paired ..."), never
    a number that reads as a count; ``reason`` names the catalogue's
    ``pairing.reason.*`` message (what would be broken)."""
    count = "one" if len(players) == 1 else "none" if not players else "many"
    fields: dict[str, object] = {"source": source, "round": round, "system": system,
                                 "players": ", ".join(str(p) for p in players)}
    fields["reason"] = _text("en", f"pairing.reason.{reason}", fields)
    # simple's reasons are whole sentences: "players 1, 2, 3: every player ...".
    key = f"pairing.{'listed' if reason.startswith('simple') else 'unpairable'}.{count}"
    error = PairingError(_text("en", key, fields), key=key, fields=fields)
    error.reason = reason
    return error


def usage(key: str, **fields: object) -> UsageError:
    """A :class:`UsageError` said by the catalogue message ``key``."""
    return UsageError(key=key, fields=fields)


def refused(key: str, **fields: object) -> PairingError:
    """A :class:`PairingError` said by the catalogue message ``key`` (English
    as its text; :meth:`~SwisslearnError.render` in any language)."""
    return PairingError(_text("en", key, fields), key=key, fields=fields)


class Report:
    """The problems found while reading one file, kept in the order found.

    :meth:`error` and :meth:`warning` record one (catalogue ``key`` and its
    fields); :meth:`finish` raises the first error (by line) carrying them
    all, or returns the warnings.  ``strict`` makes every warning an error.
    """

    def __init__(self, source: str, kind: type[InputError]) -> None:
        self.source = source
        self.kind = kind
        self.errors: list[InputError] = []
        self.warnings: list[InputError] = []
        self.omitted = 0

    def _add(self, into: list[InputError], key: str, line: int, column: int, field: str,
             warning: bool, fields: Mapping[str, object]) -> None:
        if len(into) >= MAX_KEPT:
            self.omitted += 1
            return
        into.append(self.kind(file=self.source, line=line, column=column, field=field,
                              key=key, fields=fields, warning=warning))

    def error(self, key: str, line: int, column: int = 0, field: str = "",
              **fields: object) -> None:
        self._add(self.errors, key, line, column, field, False, fields)

    def warning(self, key: str, line: int, column: int = 0, field: str = "",
                **fields: object) -> None:
        if len(self.warnings) >= MAX_KEPT:  # counted only (a million unknown lines)
            self.omitted += 1
            return
        self._add(self.warnings, key, line, column, field, True, fields)

    def add(self, problem: InputError) -> None:
        """Record an error raised by code that does not report (a nested reader)."""
        (self.warnings if problem.warning else self.errors).append(problem)

    def has_errors(self) -> bool:
        return bool(self.errors)

    def lines_with_errors(self) -> frozenset[int]:
        return frozenset(e.line for e in self.errors)

    def finish(self, strict: bool = False) -> tuple[InputError, ...]:
        """The warnings, sorted by place; raises if there is an error (with
        ``strict``: if there is any problem at all)."""
        def place(problem: InputError) -> tuple[int, int]:
            return (problem.line, problem.column)

        errors = sorted(self.errors, key=place)
        warnings = sorted(self.warnings, key=place)
        if strict and warnings:
            errors = sorted(errors + [self.kind(
                file=w.file, line=w.line, column=w.column, field=w.field, key=w.key,
                fields=w.fields) for w in warnings], key=place)
            warnings = []
        if errors:
            first = errors[0]
            raise self.kind(file=first.file, line=first.line, column=first.column,
                            field=first.field, key=first.key, fields=first.fields,
                            problems=errors + warnings, omitted=self.omitted)
        return tuple(warnings)
