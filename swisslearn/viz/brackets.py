"""A score bracket's S1 and S2 side by side, the current pairs, the rejected
pair marked (C4 to C6, a candidate of C7 to C14).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from matplotlib.axes import Axes

from swisslearn.words import Catalogue, catalogue
from swisslearn.model import PlayerId
from swisslearn.trace import (BracketOpened, BracketPaired, BracketView, CandidateTried, Event,
                              PDecreased, PlayerMovedDown, Rejection)
from swisslearn.viz._common import (ACCEPTED, REJECTED, _PLAYER_KEYS, _bracket_of, _column,
                                   _data_frame, _draw_table, _player_cells, _player_fields, _split)

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

__all__ = [
    "BRACKET_COLUMNS", "bracket_columns", "bracket_table",
]


def bracket_columns(lang: str = "fr") -> tuple[str, ...]:
    """The columns of :func:`bracket_table`: S1's player, the pair, S2's player, a remark."""
    cat = catalogue(lang)
    fields = _player_fields(cat)
    return (tuple(f"{f} S1" for f in fields) + (_column(cat, "pair"),)
            + tuple(f"{f} S2" for f in fields) + (_column(cat, "remark"),))


#: The French columns (the course's language) of :func:`bracket_table`.
BRACKET_COLUMNS: tuple[str, ...] = bracket_columns()


def _bracket_kind(view: BracketView) -> str:
    if view.remainder:
        return "remainder"
    if view.moved_down and not view.homogeneous:
        return "heterogeneous"
    if view.moved_down:
        return "as_homogeneous"
    return "homogeneous"


def _bracket_title(view: BracketView, cat: Catalogue) -> str:
    title = cat.text("viz.bracket.title", score=cat.number(view.score),
                     kind=cat.text(f"viz.bracket.{_bracket_kind(view)}"))
    if view.lowest:
        title += cat.text("viz.bracket.lowest")
    title += f" · p = {view.p}, x = {view.x}"
    if view.dropped:
        # "B6 down": the criterion, then which floaters it no longer binds.
        criteria = [" ".join(cat.text(f"viz.dropped.{w}") if w in ("down", "up") else w
                             for w in d.split()) for d in view.dropped]
        title += cat.text("viz.bracket.dropped", criteria=cat.text("fmt.list_sep").join(criteria))
    return title


def _rejected_pairs(rejection: Rejection | None,
                    pairs: Sequence[tuple[PlayerId, PlayerId]]) -> set[frozenset[PlayerId]]:
    """The pairs of a candidate a rejection is about (B1/B2: one pair; B4: two by two)."""
    if rejection is None:
        return set()
    current = {frozenset(p) for p in pairs}
    players = rejection.players
    found = {frozenset(players[i:i + 2]) for i in range(0, len(players) - 1, 2)}
    if len(players) == 2:
        found.add(frozenset(players))
    return {p for p in found if p in current}


def bracket_table(event: Event | BracketView, lang: str = "fr") -> pd.DataFrame:
    """S1 and S2 side by side, one row per S1 player, with the current pairs.

    Columns: :func:`bracket_columns` (:data:`BRACKET_COLUMNS` in French; every
    cell a string).  For a candidate
    (``CandidateTried``) S2 is shown in the candidate's order, so each row is
    one pair; the rejected pair is marked ``✗ 4–9 (B1a)``, an accepted
    candidate's pairs ``✓``.  A player moved down into the bracket has
    ``(FD)`` after his number; ``remarque`` says who floats on (↓), who is
    left unpaired, who is paired in the remainder group.

    ``df.attrs``: ``title`` (the bracket, p, x, criteria dropped) and
    ``marks`` (one of ``"accepted"``, ``"rejected"`` or ``""`` per row).
    """
    cat = catalogue(lang)
    event, view = _event_and_view(event)
    by_id = {p.id: p for p in view.players}
    s1, s2 = _split(event, view)
    state = _pairing_state(event, view)
    # S2 in the order that puts each S1 player's opponent on its row.
    order = [state.partner[a] for a in s1 if a in state.partner and state.partner[a] in s2]
    order += [b for b in s2 if b not in order]
    order += [i for i in by_id if i not in s1 and i not in order]
    outside = set(by_id) - set(s1) - set(s2)
    moved = set(view.moved_down)
    rows: list[list[str]] = []
    marks: list[str] = []
    for i in range(max(len(s1), len(order))):
        a = s1[i] if i < len(s1) else None
        b = order[i] if i < len(order) else None
        pair_text, mark = _pair_cell(a, b, state, cat)
        remarks = _remarks(a, b, state, outside, cat)
        if state.lone_rejection & {x for x in (a, b) if x is not None}:
            remarks.append(f"✗ {state.criterion}")
            mark = "rejected"
        rows.append(_player_cells(by_id.get(a) if a is not None else None, cat, a in moved)
                    + [pair_text]
                    + _player_cells(by_id.get(b) if b is not None else None, cat, b in moved)
                    + ["; ".join(remarks)])
        marks.append(mark)
    frame = _data_frame(rows, bracket_columns(lang))
    frame.attrs["title"] = _bracket_title(view, cat)
    frame.attrs["marks"] = marks
    return frame


def _event_and_view(event: Event | BracketView) -> tuple[Event, BracketView]:
    """The event to draw and its bracket (a bare bracket is drawn as opened)."""
    if isinstance(event, BracketView):
        return BracketOpened(rule="A3", bracket=event), event
    found = _bracket_of(event)
    if found is None:
        raise TypeError(f"a {event.kind} event has no bracket: use render() or "
                        "players_table()/boards_table()")
    return event, found


@dataclass(frozen=True)
class _PairingState:
    """What the event says of the bracket's pairs: those made or tried, which
    are rejected (and by which criterion), who floats on."""

    pairs: tuple[tuple[PlayerId, PlayerId], ...] = ()
    rejected: frozenset[frozenset[PlayerId]] = frozenset()
    accepted: bool = False
    floaters: tuple[PlayerId, ...] = ()
    candidate: bool = False
    # The players of a rejection that is not about a current pair (a lone
    # player, B2 or a float criterion), and the criterion's label.
    lone_rejection: frozenset[PlayerId] = frozenset()
    criterion: str = ""
    partner: dict[PlayerId, PlayerId] = field(default_factory=dict)
    pair_of: dict[PlayerId, tuple[PlayerId, PlayerId]] = field(default_factory=dict)


def _pairing_state(event: Event, view: BracketView) -> _PairingState:
    pairs: tuple[tuple[PlayerId, PlayerId], ...] = ()
    rejected: set[frozenset[PlayerId]] = set()
    accepted = False
    floaters: tuple[PlayerId, ...] = ()
    lone_rejection: set[PlayerId] = set()
    criterion = ""
    if isinstance(event, CandidateTried):
        pairs, accepted = event.pairs, event.accepted
        rejected = set() if accepted else _rejected_pairs(event.rejection, event.pairs)
        if event.rejection is not None:
            criterion = event.rejection.criterion
            if not rejected:
                lone_rejection = set(event.rejection.players)
    elif isinstance(event, BracketPaired):
        pairs, accepted, floaters = event.pairs, True, event.moved_down
    elif isinstance(event, PDecreased) and view.p == 0:
        floaters = tuple(p.id for p in view.players)
    elif isinstance(event, PlayerMovedDown):
        floaters = (event.player,)
    partner: dict[PlayerId, PlayerId] = {}
    pair_of: dict[PlayerId, tuple[PlayerId, PlayerId]] = {}
    for first, second in pairs:
        partner[first], partner[second] = second, first
        pair_of[first] = pair_of[second] = (first, second)
    return _PairingState(pairs=pairs, rejected=frozenset(rejected), accepted=accepted,
                         floaters=floaters, candidate=isinstance(event, CandidateTried),
                         lone_rejection=frozenset(lone_rejection), criterion=criterion,
                         partner=partner, pair_of=pair_of)


def _pair_cell(a: PlayerId | None, b: PlayerId | None, state: _PairingState,
               cat: Catalogue) -> tuple[str, str]:
    """The pair column of a row and its mark: ``✗ 4–9 (B1a)``, ``✓ 4–9``, ``4–9``."""
    if a is None or b is None or state.partner.get(a) != b:
        return "", ""
    if frozenset((a, b)) in state.rejected:
        return f"✗ {cat.pair(a, b)} ({state.criterion})", "rejected"
    if state.accepted:
        return f"✓ {cat.pair(a, b)}", "accepted"
    return cat.pair(a, b), ""


def _remarks(a: PlayerId | None, b: PlayerId | None, state: _PairingState,
             outside: set[PlayerId], cat: Catalogue) -> list[str]:
    """The remark column of a row: who floats on, who is outside S1 and S2,
    paired in the remainder or left unpaired."""
    partner = state.partner
    remarks: list[str] = []
    if a is not None and a not in partner and a in state.floaters:
        remarks.append(cat.text("viz.remark.floats", player=a))
    if b is None:
        return remarks
    if b in outside:
        remarks.append(cat.text("viz.remark.outside", player=b))
    if b in partner and partner[b] != a:
        remarks.append(cat.text("viz.remark.remainder", pair=cat.pair(*state.pair_of[b])))
    elif b not in partner and b in state.floaters:
        remarks.append(cat.text("viz.remark.floats", player=b))
    elif b not in partner and state.candidate and state.pairs:
        remarks.append(cat.text("viz.remark.unpaired", player=b))
    return remarks


def _draw_bracket(ax: Axes, frame: pd.DataFrame) -> None:
    size = len(_PLAYER_KEYS)
    names = {c: c[:-3] for c in frame.columns if c.endswith((" S1", " S2"))}
    _draw_table(ax, frame, row_fill=_bracket_fills(frame), names=names,
                groups=(("S1", 0, size), ("S2", size + 1, 2 * size + 1)))


def _bracket_fills(frame: pd.DataFrame) -> dict[int, str]:
    fills: dict[int, str] = {}
    for i, mark in enumerate(frame.attrs.get("marks", [])):
        if mark == "rejected":
            fills[i] = REJECTED
        elif mark == "accepted":
            fills[i] = ACCEPTED
    return fills
