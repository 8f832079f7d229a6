"""Type stub for the compiled blossom matching (``_blossom.pyx``)."""

from typing import Iterable

def max_weight_matching(
    n: int, edges: Iterable[tuple[int, int, int]], *, _limbs: int = 0
) -> list[int]:
    """Maximum-weight matching on vertices ``0..n-1``: ``mate[v]``, or -1."""

def _reset_events() -> None: ...
def _events_seen() -> dict[str, int]: ...
