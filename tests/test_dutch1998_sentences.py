"""The words of the 1998 trace: what an arbiter can say out loud.

Each test builds (or traces) an event and checks the French and English
sentences the catalogue gives for it.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from swisslearn.explain import explain
from swisslearn.explain.catalogue import catalogue
from swisslearn.trace import BracketView, CandidateTried


@pytest.mark.parametrize("lang, value, text", [
    ("fr", 10 ** 33, "1" + "\u202f000" * 11),
    ("en", 10 ** 33 + 7, "1" + ",000" * 10 + ",007"),
    ("fr", -1234567, "-1\u202f234\u202f567"),
    ("fr", Decimal("1.50"), "1,5"),
    ("en", Decimal("2.0"), "2"),
    ("fr", Decimal("0.00"), "0"),
    ("en", Decimal("1" + "0" * 40 + ".5"), "10" + ",000" * 13 + ".5"),
])
def test_numbers_are_exact_at_any_size(lang: str, value: int | Decimal, text: str) -> None:
    """Issue 22: a D1 rank of 33+ digits overflowed Decimal's precision
    (``decimal.InvalidOperation``); counts are integers, written exactly."""
    assert catalogue(lang).number(value) == text


def test_a_huge_transposition_number_is_explained() -> None:
    """The rank of a transposition of a large S2 (here 40!) is explained, not a crash."""
    import math

    view = BracketView(index=0, score=Decimal(5), players=(), s1=(1,), s2=(2,), p=1)
    event = CandidateTried(rule="C7", bracket=view, pairs=((1, 2),),
                           transposition=math.factorial(40), accepted=True)
    assert "815,915,283,247,897,734,345,611,269,596,115,894,272,000,000,000" in explain(event, "en")
