"""Mutated TRF files: the reader either refuses them with a TRFError or reads
them losslessly.  Anything else (IndexError, a bare ValueError from int(), a
file written back with other bytes) is a bug in the reader."""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import TEST_DATA
from swisslearn.errors import TRFError
from swisslearn.formats.trf import parse_trf

SEEDS = [path.read_bytes() for path in sorted((TEST_DATA / "good").glob("*.trf"))]

# Characters that mean something to the reader, and a few that must not crash it:
# digits other than 0-9 ("²", "١") pass str.isdigit() but not int().
_TEXT = [b" ", b"0", b"1", b"4", b"9", b".", b"-", b"+", b"=", b"w", b"b", b"W", b"B",
         b"U", b"H", b"F", b"Z", b"X", b"\t", b"\r", b"\n", b"\r\n", b"\x00",
         "²".encode(), "١".encode(), "é".encode(), b"\xe9", b"\xef\xbb\xbf", b"0000 - Z",
         b"   7 w 1", b"001    1"]
_PIECES = st.one_of(st.sampled_from(_TEXT), st.binary(min_size=1, max_size=4))


@st.composite
def _mutation(draw: st.DrawFn, data: bytes) -> bytes:
    kind = draw(st.sampled_from(["replace", "insert", "delete", "swap", "duplicate",
                                 "truncate", "random"]))
    at = draw(st.integers(0, max(len(data) - 1, 0)))
    if kind == "replace":
        piece = draw(_PIECES)
        return data[:at] + piece + data[at + len(piece):]
    if kind == "insert":
        return data[:at] + draw(_PIECES) + data[at:]
    if kind == "delete":
        return data[:at] + data[at + draw(st.integers(1, 12)):]
    if kind == "truncate":
        return data[:at]
    if kind == "random":
        return draw(st.binary(max_size=200))
    lines = data.splitlines(keepends=True)
    if not lines:
        return data
    i = draw(st.integers(0, len(lines) - 1))
    j = draw(st.integers(0, len(lines) - 1))
    if kind == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    else:  # duplicate
        lines.insert(j, lines[i])
    return b"".join(lines)


@st.composite
def mutated_files(draw: st.DrawFn) -> bytes:
    data = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 3))):
        data = draw(_mutation(data))
    return data


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(mutated_files())
def test_mutated_files_raise_only_trf_error(data: bytes) -> None:
    try:
        document = parse_trf(data, source="fuzz.trf")
    except TRFError as error:
        assert error.file == "fuzz.trf"
        assert error.line >= 0 and error.column >= 0
        return
    assert document.to_bytes() == data
    tournament = document.tournament
    # The derived state must be computable for whatever the reader accepted.
    tournament.states(max(tournament.next_round(), 1))


def test_the_seeds_are_there() -> None:
    assert len(SEEDS) >= 7
    for data in SEEDS:
        assert parse_trf(data).to_bytes() == data
